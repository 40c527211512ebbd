//! The export's proof and writer, tested on small texts.
// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::prove::*;
use super::*;
use crate::model::Inheritor;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

/// The proof of `output` as the export of `text` (one chunk): the fingerprints and the layout
/// rules, or with `paranoid` the long way too.
fn prove(text: &str, output: &str, paranoid: bool) -> Option<Diagnostic> {
    let parse = parser::parse(text);
    let options = ExportOptions {
        paranoid,
        ..ExportOptions::default()
    };
    let mut verifier = Verifier::new(&options);
    let mut written = writer::Output::new(text, "\r\n", false, 0);
    written.chunk_with(&parse, |game, model| {
        verifier.input(&parse, text, game, model)
    });
    let start = Start {
        header: true,
        first_game: true,
        offset: 0,
    };
    let inherited = Inheritor::default();
    let print = verifier.input_print(&parse, text, &inherited)?;
    verifier
        .prover
        .prove(&parse, text, output, start, inherited, print)
}

/// W004: the proof catches an export that loses a comment, changes a call, a value or the
/// number of calls, leaves a syntax error, or is laid out otherwise than export writes it
/// (spacing, line ends, tag order, a tag missing), with fingerprints as with `--paranoid`.
#[test]
fn verification_catches_a_wrong_export() {
    let text = "[Event \"A\"]\n{kept}\n[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass Pass Pass\n";
    let good = writer::write(&parser::parse(text), text, "\r\n", false).text;
    for paranoid in [false, true] {
        assert!(prove(text, &good, paranoid).is_none(), "{good}");
    }
    let wrongs = [
        good.replace("{kept}\r\n", ""),
        good.replace("1C", "1D"),
        good.replace("[Dealer \"N\"]", "[Dealer \"E\"]"),
        good.replace("Pass Pass Pass", "Pass Pass Pass Pass"),
        good.replace("[Event \"A\"]", "[Event \"A]"),
        good.replace("1C Pass", "1C  Pass"),
        good.replace("[Event \"A\"]", "[Event  \"A\"]"),
        good.replace("Pass\r\n", "Pass \r\n"),
        good.replace("[Dealer \"N\"]\r\n", "[Dealer \"N\"]\n"),
        good.replace("[Site \"?\"]\r\n", ""),
        good.replace(
            "[Site \"?\"]\r\n[Date \"?\"]",
            "[Date \"?\"]\r\n[Site \"?\"]",
        ),
    ];
    for wrong in wrongs {
        assert_ne!(wrong, good);
        for paranoid in [false, true] {
            let problem = prove(text, &wrong, paranoid);
            assert_eq!(
                problem.map(|d| d.rule),
                Some(Rule::UnfaithfulExport),
                "{wrong}"
            );
        }
    }
}

/// What the fingerprints miss and only exporting again finds: nothing the export can be
/// given by the writer, so the text comparison of `--paranoid` is what names the change.
#[test]
fn a_changed_fact_is_named() {
    let text = "[Event \"A\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass Pass Pass\n";
    let good = writer::write(&parser::parse(text), text, "\r\n", false).text;
    let problem = prove(text, &good.replace("1C", "1D"), false).expect("a changed call");
    assert!(
        problem.message.contains("`N 1C") && problem.message.contains("became `N 1D"),
        "{}",
        problem.message
    );
}

/// Facts longer than 4 KiB are compared by length and hash: a changed character in the
/// middle of a long value or comment is still a W004, and the same text (tabs written as
/// spaces) is not.
#[test]
fn long_values_and_comments_are_still_compared() {
    let long = format!("{}\t{}", "a".repeat(6000), "b".repeat(6000));
    let text = format!("[Event \"{long}\"]\n{{{long}}}\n[Dealer \"N\"]\n");
    let good = writer::write(&parser::parse(&text), &text, "\r\n", false).text;
    let check = |output: &str| prove(&text, output, false);
    assert!(check(&good).is_none());
    let spaced = format!("{} {}", "a".repeat(6000), "b".repeat(6000));
    assert_eq!(
        good.matches(&spaced).count(),
        2,
        "export writes tabs as spaces"
    );
    let changed = format!("{}c{}", "a".repeat(6000), "b".repeat(6000));
    for wrong in [
        good.replace(&format!("\"{spaced}"), &format!("\"{changed}")),
        good.replace(&format!("{{{spaced}"), &format!("{{{changed}")),
    ] {
        assert_ne!(wrong, good);
        let problem = check(&wrong).expect("a changed long text is a difference");
        assert_eq!(problem.rule, Rule::UnfaithfulExport);
        assert!(
            problem.message.contains("bytes, hash"),
            "{}",
            problem.message
        );
    }
}

/// The chunks of `text` written, each with what its proof needs and its export changed by
/// `change` (given the chunk's number), and the problem one thread finds in them.
fn written_chunks<'t>(
    text: &'t str,
    options: &'t ExportOptions,
    change: impl Fn(usize, &str) -> String,
) -> (Vec<Chunk<'t>>, Option<Diagnostic>) {
    let mut output = writer::Output::new(text, "\r\n", false, 0);
    let mut verifier = Verifier::new(options);
    let mut chunks = Vec::new();
    let mut piece_start = 0;
    for (index, parse) in parser::chunks(text, 1).enumerate() {
        let start = Start {
            header: piece_start == 0,
            first_game: output.before_first_game(),
            offset: piece_start,
        };
        let inherited = output.inheritance();
        output.chunk_with(&parse, |game, model| {
            verifier.input(&parse, text, game, model)
        });
        let piece = change(index, &output.text()[piece_start..]);
        piece_start = output.text().len();
        if let Some(print) = verifier.input_print(&parse, text, &inherited) {
            let proven =
                verifier
                    .prover
                    .prove(&parse, text, &piece, start, inherited.clone(), print);
            verifier.problem = verifier.problem.or(proven);
        }
        chunks.push(Chunk {
            parse,
            start,
            inherited,
            piece,
        });
    }
    (chunks, verifier.problem)
}

/// Chunks proven on threads give the problem one thread gives: that of the first chunk that
/// has one, whichever thread finishes first; an export with none has none. `#`/`##` values
/// carry from chunk to chunk: the Event of the first game is every game's (PBN 4.8).
#[test]
fn chunks_proven_on_threads_give_the_first_problem() {
    let games: String = (1..=8)
        .map(|board| {
            let event = if board == 1 {
                "[Event \"##Club\"]\n"
            } else {
                ""
            };
            let dealer = if board == 3 { "#" } else { "N" };
            format!(
                "{event}[Board \"{board}\"]\n[Dealer \"{dealer}\"]\n{{note {board}}}\n\
                 [Auction \"N\"]\n1C Pass Pass Pass\n\n"
            )
        })
        .collect();
    let options = ExportOptions::default();
    for provers in [1, 2, 3, 7] {
        let (good, none) = written_chunks(&games, &options, |_, piece| piece.to_owned());
        assert!(none.is_none(), "{none:?}");
        assert!(good.len() >= 8, "a chunk a game");
        let proven = prove_on_threads(good.into_iter(), &games, &options, provers);
        assert!(proven.is_none(), "{proven:?}");
    }
    // Two chunks changed, each its own way: the earlier one is the problem.
    for (first, second) in [(2, 5), (0, 7), (6, 7), (5, 2)] {
        let change = |index: usize, piece: &str| match index {
            i if i == first => piece.replace("note", "lost"),
            i if i == second => piece.replace("1C", "1D"),
            _ => piece.to_owned(),
        };
        for provers in [1, 2, 3, 7] {
            let (chunks, serial) = written_chunks(&games, &options, change);
            let serial = serial.expect("a changed chunk");
            let earlier = if first < second { "lost" } else { "1D" };
            assert!(serial.message.contains(earlier), "{}", serial.message);
            let threaded = prove_on_threads(chunks.into_iter(), &games, &options, provers);
            assert_eq!(threaded.as_ref(), Some(&serial), "{provers} threads");
        }
    }
}

/// A file that is not PBN is never written, not even with `force`.
#[test]
fn chess_is_never_exported() {
    let pgn = b"[Event \"F\"]\n[White \"K\"]\n[Black \"K\"]\n\n1. e4 e5 1-0\n";
    let options = ExportOptions {
        force: true,
        ..ExportOptions::default()
    };
    let exported = export_bytes(pgn, &options);
    assert!(exported.output.is_none());
    assert_eq!(exported.problems[0].rule, Rule::ChessPgnFile);
}

/// Proves `chunks` on `provers` threads beside the calling thread, as export does.
fn prove_on_threads<'t>(
    chunks: impl Iterator<Item = Chunk<'t>>,
    text: &'t str,
    options: &'t ExportOptions,
    provers: usize,
) -> Option<crate::rules::diagnostic::Diagnostic> {
    let beside = Beside::new(text, options);
    Beside::first(crate::read::threads::checked_beside(
        chunks,
        provers,
        || Prover::new(options),
        |prover, index, chunk| beside.prove(prover, index, chunk),
    ))
}
