//! `check` reads a file a chunk of games at a time (`parser::chunks`), so that memory stays flat
//! however large the file. The chunking must not change a single finding: these tests read every
//! fixture and every real-world file with tiny chunks (a cut at nearly every empty line) and with
//! odd sizes, and compare with the whole-file parse.

use crate::common;

use pbnfmt::check::{CheckOptions, FileReport, check_bytes};
use pbnfmt::lexer::{Token, lex};
use pbnfmt::parser::{chunks, parse};
use pbnfmt::source::decode;

/// Findings as comparable text: rule, span, message, label, help and related spans.
fn findings(report: &FileReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .map(|d| format!("{d:?}"))
        .collect()
}

fn check_in_chunks(bytes: &[u8], chunk: Option<usize>) -> FileReport {
    check_on_threads(bytes, chunk, 1)
}

fn check_on_threads(bytes: &[u8], chunk: Option<usize>, threads: usize) -> FileReport {
    check_bytes(
        bytes,
        &CheckOptions {
            chunk_bytes: chunk,
            // Tiny chunks are parsed on a second thread, ahead of the rules.
            parse_ahead: chunk.is_some_and(|size| size < 100),
            threads,
            ..CheckOptions::default()
        },
    )
}

/// Tokens, game extents and syntax errors of the chunks, with offsets in the text.
fn chunked_tree(text: &str, size: usize) -> (Vec<Token>, Vec<(u32, u32)>, Vec<String>) {
    let (mut tokens, mut games, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for chunk in chunks(text, size) {
        games.extend(
            chunk
                .games
                .iter()
                .map(|game| (chunk.token(game.first).start, chunk.token(game.last).end)),
        );
        errors.extend(chunk.errors.iter().map(|e| format!("{e:?}")));
        tokens.extend(chunk.tokens);
    }
    (tokens, games, errors)
}

#[test]
fn chunks_hold_the_tokens_games_and_errors_of_the_whole_file() {
    for path in common::all_pbn_files() {
        let bytes = std::fs::read(&path).expect("read");
        let text = decode(&bytes, None).text;
        let whole = parse(&text);
        let games: Vec<(u32, u32)> = whole
            .games
            .iter()
            .map(|game| (whole.token(game.first).start, whole.token(game.last).end))
            .collect();
        let errors: Vec<String> = whole.errors.iter().map(|e| format!("{e:?}")).collect();
        for size in [1, 700] {
            let (tokens, chunk_games, chunk_errors) = chunked_tree(&text, size);
            let name = common::relative(&path);
            assert!(
                tokens == lex(&text),
                "{name}, chunks of {size}: tokens differ"
            );
            assert_eq!(chunk_games, games, "{name}, chunks of {size}: games differ");
            assert_eq!(
                chunk_errors, errors,
                "{name}, chunks of {size}: errors differ"
            );
        }
    }
}

#[test]
fn chunk_size_does_not_change_a_finding() {
    for path in common::all_pbn_files() {
        let bytes = std::fs::read(&path).expect("read");
        let whole = check_in_chunks(&bytes, Some(usize::MAX));
        // The chunks of one file on several threads (`check -jN` of one file), as on one.
        for (size, threads) in [
            (None, 1),
            (Some(1), 1),
            (Some(5_000), 1),
            (Some(1), 3),
            (Some(5_000), 2),
            (Some(700), 8),
        ] {
            let chunked = check_on_threads(&bytes, size, threads);
            let name = common::relative(&path);
            let at = format!("{name}, {size:?} on {threads}");
            assert_eq!(findings(&chunked), findings(&whole), "{at}");
            assert_eq!(chunked.games, whole.games, "{at}");
            assert_eq!(chunked.suppressed, whole.suppressed, "{at}");
            assert_eq!(chunked.omitted, whole.omitted, "{at}");
        }
    }
}

/// What crosses a cut on purpose: a `##` value (PBN 4.8), a brace comment with empty lines in
/// it, a suppression line at the end of one game for the next, and export-format separators.
#[test]
fn state_carries_across_cuts() {
    let game = |board: u32, event: &str, extra: &str| {
        format!(
            "[Event \"{event}\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"{board}\"]\r\n\
             [West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n\
             [Vulnerable \"None\"]\r\n[Deal \"?\"]\r\n[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n\
             [Contract \"?\"]\r\n[Result \"?\"]\r\n{extra}"
        )
    };
    let text = [
        "% PBN 2.1\r\n% EXPORT\r\n".to_owned() + &game(1, "##Club", ""),
        game(2, "", "{a comment\r\n\r\nwith an empty line}\r\n"),
        game(3, "#", "% pbnfmt: ignore T031 no Room before\r\n"),
        game(4, "?", "[Room \"#\"]\r\n") + "\r\n",
        game(5, "?", "[Room \"#\"]\r\n"),
    ]
    .join("\r\n");
    let bytes = text.as_bytes();
    let whole = check_in_chunks(bytes, Some(usize::MAX));
    // The separator rule fires across a cut (game 5 follows two empty lines); the suppression
    // hides game 4's T031 and game 5's stays; the `##` Event reaches game 3's `#`.
    let codes: Vec<&str> = whole.diagnostics.iter().map(|d| d.rule.code()).collect();
    assert_eq!(codes, ["E010", "T031"]);
    assert_eq!(whole.suppressed, 1);
    for size in 1..text.len() {
        for threads in [1, 2, 5] {
            let chunked = check_on_threads(bytes, Some(size), threads);
            let at = format!("chunks of {size} on {threads} threads");
            assert_eq!(findings(&chunked), findings(&whole), "{at}");
            assert_eq!(chunked.suppressed, whole.suppressed, "{at}");
        }
    }
}

/// Export is written and read back chunk by chunk too: the output bytes and the reasons for a
/// refusal do not depend on the chunk size, with or without `--resolve`, nor on the threads that
/// prove the chunks (2: one beside the writer; 4: two, and one parsing ahead).
#[test]
fn chunk_size_does_not_change_an_export() {
    use pbnfmt::export::{ExportOptions, export_bytes};
    for path in common::all_pbn_files() {
        let bytes = std::fs::read(&path).expect("read");
        for resolve in [false, true] {
            let export = |chunk, threads| {
                let exported = export_bytes(
                    &bytes,
                    &ExportOptions {
                        resolve,
                        chunk_bytes: Some(chunk),
                        parse_ahead: chunk < 100,
                        threads,
                        ..ExportOptions::default()
                    },
                );
                let problems: Vec<String> =
                    exported.problems.iter().map(|d| format!("{d:?}")).collect();
                (exported.output_bytes(), problems, exported.games)
            };
            let whole = export(usize::MAX, 1);
            for (size, threads) in [(1, 1), (1, 2), (5_000, 4)] {
                let name = common::relative(&path);
                assert!(
                    export(size, threads) == whole,
                    "{name}, chunks of {size}, {threads} threads, resolve {resolve}"
                );
            }
        }
    }
}

/// `resolve`, `resolve --compress` and `nag` edit a chunk at a time too: the output bytes, what
/// they report and the reasons for a refusal do not depend on the chunk size.
#[test]
fn chunk_size_does_not_change_a_rewrite() {
    use pbnfmt::proof::Rewritten;
    use pbnfmt::rewrite::RewriteOptions;
    use pbnfmt::rewrite::nag::nag_bytes;
    use pbnfmt::rewrite::resolve::resolve_bytes;
    let compare = |bytes: &[u8], name: &str| {
        for command in ["resolve", "compress", "nag"] {
            let rewrite = |chunk| {
                let options = RewriteOptions {
                    chunk_bytes: Some(chunk),
                    ..RewriteOptions::default()
                };
                let rewritten: Rewritten = match command {
                    "nag" => nag_bytes(bytes, options),
                    compress => resolve_bytes(bytes, options, compress == "compress"),
                };
                let problems: Vec<String> = rewritten
                    .problems
                    .iter()
                    .map(|d| format!("{d:?}"))
                    .collect();
                (rewritten.output_bytes(), problems, rewritten.games)
            };
            let whole = rewrite(usize::MAX);
            for size in [1, 5_000] {
                assert!(
                    rewrite(size) == whole,
                    "{name}, chunks of {size}, {command}"
                );
            }
        }
    };
    for path in common::all_pbn_files() {
        let bytes = std::fs::read(&path).expect("read");
        compare(&bytes, &common::relative(&path));
    }
}

/// A `##` value given before a cut reaches the games after it: `resolve` inserts it there and
/// replaces a `#` with it, whatever the chunk size, and the read-back of each piece agrees.
#[test]
fn resolve_carries_inheritance_across_cuts() {
    use pbnfmt::rewrite::RewriteOptions;
    use pbnfmt::rewrite::resolve::resolve_bytes;
    let text = "% PBN 2.1\n[Event \"##Club\"]\n[Site \"Here\"]\n[Board \"1\"]\n\n\
                [Board \"2\"]\n{empty line inside\n\nthe comment}\n[Site \"#\"]\n\n\n\
                [Event \"Cup\"]\n[Board \"3\"]\n\n[Board \"4\"]\n[Site \"#\"]\n";
    let resolved = "% PBN 2.1\n[Event \"Club\"]\n[Site \"Here\"]\n[Board \"1\"]\n\n\
                    [Event \"Club\"]\n[Board \"2\"]\n{empty line inside\n\nthe comment}\n[Site \"Here\"]\n\n\n\
                    [Event \"Cup\"]\n[Board \"3\"]\n\n[Event \"Cup\"]\n[Board \"4\"]\n[Site \"Here\"]\n";
    for size in 1..=text.len() {
        let options = RewriteOptions {
            chunk_bytes: Some(size),
            ..RewriteOptions::default()
        };
        let rewritten = resolve_bytes(text.as_bytes(), options, false);
        assert!(
            rewritten.problems.is_empty(),
            "chunks of {size}: {:?}",
            rewritten.problems
        );
        let output = String::from_utf8(rewritten.output_bytes().expect("resolved")).expect("UTF-8");
        assert_eq!(output, resolved, "chunks of {size}");
    }
}

/// `--compress` finds the tags every game has over all chunks before it edits, and carries the
/// current `##` values across cuts: the same output whatever the chunk size.
#[test]
fn compress_carries_its_values_across_cuts() {
    use pbnfmt::rewrite::RewriteOptions;
    use pbnfmt::rewrite::resolve::resolve_bytes;
    let text = "% PBN 2.1\n[Event \"Club\"]\n[Site \"Hall\"]\n[Board \"1\"]\n\n\
                [Event \"Club\"]\n[Site \"Hall\"]\n[Board \"2\"]\n\n\
                [Event \"Club\"]\n[Site \"Annex\"]\n[Board \"3\"]\n\n\
                [Event \"Club\"]\n[Site \"Annex\"]\n[Board \"4\"]\n";
    let compressed = "% PBN 2.1\n[Event \"##Club\"]\n[Site \"##Hall\"]\n[Board \"1\"]\n\n\
                      [Board \"2\"]\n\n\
                      [Site \"Annex\"]\n[Board \"3\"]\n\n\
                      [Board \"4\"]\n";
    for size in 1..=text.len() {
        let options = RewriteOptions {
            chunk_bytes: Some(size),
            ..RewriteOptions::default()
        };
        let rewritten = resolve_bytes(text.as_bytes(), options, true);
        assert!(
            rewritten.problems.is_empty(),
            "chunks of {size}: {:?}",
            rewritten.problems
        );
        let output =
            String::from_utf8(rewritten.output_bytes().expect("compressed")).expect("UTF-8");
        assert_eq!(output, compressed, "chunks of {size}");
        // Resolving gives the input back.
        let resolved = resolve_bytes(output.as_bytes(), options, false);
        assert_eq!(
            resolved.output_bytes().as_deref(),
            Some(text.as_bytes()),
            "chunks of {size}"
        );
    }
}

/// `nag` keeps `#` and `##` as written, so the read-back of a piece after a cut must start from
/// the output's own `#`/`##` values, carried over pieces it changed and chunks it did not: game 2
/// has its Event from game 1's `##`, game 4 from game 3, which has nothing to rewrite and gives
/// the `##` tag a new value. Game 4's `#` Dealer, which resolve may not rewrite (T024), reads the
/// Dealer of game 3.
#[test]
fn nag_reads_back_inheritance_across_cuts() {
    use pbnfmt::rewrite::RewriteOptions;
    use pbnfmt::rewrite::nag::nag_bytes;
    use pbnfmt::rewrite::resolve::resolve_bytes;
    let text = "% PBN 2.1\n[Event \"##Club\"]\n[Board \"1\"]\n\n\
                [Board \"2\"]\n[Dealer \"E\"]\n[Auction \"E\"]\n1C! Pass Pass Pass\n\n\
                [Event \"Cup\"]\n[Board \"3\"]\n[Dealer \"W\"]\n\n\
                [Board \"4\"]\n[Dealer \"#\"]\n[Auction \"W\"]\n1D? Pass Pass Pass\n";
    let nagged = text.replace("1C!", "1C $1").replace("1D?", "1D $2");
    for size in 1..=text.len() {
        let options = RewriteOptions {
            chunk_bytes: Some(size),
            ..RewriteOptions::default()
        };
        let rewritten = nag_bytes(text.as_bytes(), options);
        assert!(
            rewritten.problems.is_empty(),
            "chunks of {size}: {:?}",
            rewritten.problems
        );
        let output =
            String::from_utf8(rewritten.output_bytes().expect("rewritten")).expect("UTF-8");
        assert_eq!(output, nagged, "chunks of {size}");
        // resolve leaves the `#` Dealer and says so, and its read-back agrees across cuts too.
        let resolved = resolve_bytes(nagged.as_bytes(), options, false);
        let codes: Vec<&str> = resolved.problems.iter().map(|d| d.rule.code()).collect();
        assert_eq!(codes, ["T024"], "chunks of {size}");
        assert!(resolved.output_bytes().is_some(), "chunks of {size}");
    }
}

/// On several threads, a chunk that cannot be read whole at the first try (a game of more
/// tokens than a chunk holds, read in pieces; a brace comment with an empty line across a cut)
/// is read on one thread and the threads go on after it: the findings are those of one thread,
/// the `##` value given before it reaching the games after it.
#[test]
fn threads_go_on_after_a_chunk_read_alone() {
    let game = |board: u32, extra: &str| {
        format!(
            "[Event \"#\"]\n[Board \"{board}\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n{extra}\n"
        )
    };
    let mut text = String::from("[Event \"##Club\"]\n[Board \"0\"]\n\n");
    for board in 1..40 {
        text.push_str(&game(board, ""));
    }
    // 70,000 tokens in one game: F005, read in pieces.
    text.push_str(&game(40, &"x ".repeat(70_000)));
    text.push_str(&game(41, "{a comment\n\nwith an empty line}"));
    for board in 42..80 {
        text.push_str(&game(
            board,
            if board % 7 == 0 { "[Room \"#\"]" } else { "" },
        ));
    }
    let bytes = text.as_bytes();
    let one = check_on_threads(bytes, Some(300), 1);
    assert!(one.diagnostics.iter().any(|d| d.rule.code() == "F005"));
    for (size, threads) in [(Some(300), 2), (Some(50), 4), (None, 2), (Some(2_000), 8)] {
        let many = check_on_threads(bytes, size, threads);
        assert_eq!(findings(&many), findings(&one), "{size:?} on {threads}");
        assert_eq!(many.games, one.games);
        assert_eq!(many.omitted, one.omitted);
    }
}

/// `dedup` and `select` remove whole games through the frame of every rewrite, a chunk at a time
/// (issue 59, item 3): a run of removed games across cuts, the text before the first game kept
/// when that game goes, the line end after the last game gone with it; the same bytes at every
/// chunk size. A kept game that takes a value with `##` from a removed one (PBN 4.8) refuses the
/// file (W007), even where its own chunk has nothing to edit; `select` writes that value out.
#[test]
fn dedup_and_select_remove_the_same_games_at_every_chunk_size() {
    use pbnfmt::rewrite::RewriteOptions;
    use pbnfmt::rewrite::dedup::{Deduped, Removal, dedup_owned};
    use pbnfmt::rewrite::select::{BoardList, Choice, select_owned};
    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    let game = |n: u32, event: &str| format!("{event}[Board \"{n}\"]\n[Deal \"{DEAL}\"]\n");
    let written = |done: &Deduped| {
        let codes: Vec<&str> = done
            .rewritten
            .problems
            .iter()
            .map(|d| d.rule.code())
            .collect();
        let bytes = done.rewritten.output_bytes();
        (bytes.map(|b| String::from_utf8(b).expect("UTF-8")), codes)
    };
    let options = |size| RewriteOptions {
        chunk_bytes: Some(size),
        ..RewriteOptions::default()
    };
    let boards = |list: &str| Choice {
        boards: Some(BoardList::parse(list).expect("a list")),
        query: None,
        invert: false,
    };

    let text = format!(
        "% PBN 2.1\n{{the club}}\n{}\n{}\n{{between}}\n\n{}\n{}\n{}",
        game(1, ""),
        game(2, ""),
        game(3, ""),
        game(4, ""),
        game(5, "")
    );
    let only_3 = format!("% PBN 2.1\n{{the club}}\n{{between}}\n\n{}", game(3, ""));
    // Every game: the file is what came before the first and the comment kept after it, with
    // the line end after the last game.
    let repeats: Vec<Removal> = text
        .match_indices("[Deal ")
        .map(|(at, _)| Removal {
            deal_start: at,
            why: "a repeat".to_owned(),
        })
        .collect();
    for size in 1..=text.len() + 1 {
        let selected = select_owned(
            text.clone().into_bytes(),
            &boards("3"),
            false,
            options(size),
        );
        assert_eq!(
            written(&selected),
            (Some(only_3.clone()), vec![]),
            "chunks of {size}"
        );
        let none = dedup_owned(text.clone().into_bytes(), &repeats, false, options(size));
        let preamble = "% PBN 2.1\n{the club}\n{between}\n".to_owned();
        assert_eq!(written(&none), (Some(preamble), vec![]), "chunks of {size}");
    }

    // Board 3 has no Event tag: board 1's `##` makes it take the value last given, board 2's
    // (PBN 4.8: a `##` tag "can still redefine [its] tag value in the middle of the file").
    let text = format!(
        "{}\n{}\n{}",
        game(1, "[Event \"##Club\"]\n"),
        game(2, "[Event \"Cup\"]\n"),
        game(3, "")
    );
    let without_1 = format!(
        "{}\n{}",
        game(2, "[Event \"Cup\"]\n"),
        game(3, "[Event \"Cup\"]\n")
    );
    let first = vec![Removal {
        deal_start: text.find("[Deal ").expect("a deal"),
        why: "a repeat".to_owned(),
    }];
    for size in 1..=text.len() + 1 {
        let refused = dedup_owned(text.clone().into_bytes(), &first, false, options(size));
        assert_eq!(written(&refused), (None, vec!["W007"]), "chunks of {size}");
        let selected = select_owned(
            text.clone().into_bytes(),
            &boards("2-3"),
            false,
            options(size),
        );
        assert_eq!(
            written(&selected),
            (Some(without_1.clone()), vec![]),
            "chunks of {size}"
        );
    }
}
