//! `pbnfmt export` as a library: the export pairs of `corpus/export` (`x.pbn` → `x.export.pbn`,
//! and `x.resolve.pbn` for `--resolve`), the real-world corpus, and properties over generated games.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use pbnfmt::bridge::Seat;
use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::export::{ExportOptions, export_bytes};
use pbnfmt::generate::{self, Options, Rng};
use pbnfmt::model::Inheritor;
use pbnfmt::model::{auction, deal, play};
use pbnfmt::proof::Rewritten;
use pbnfmt::rules::select::Selection;
use pbnfmt::source::Encoding;

fn export(bytes: &[u8]) -> Rewritten {
    export_bytes(bytes, &ExportOptions::default())
}

fn exported(bytes: &[u8], options: &ExportOptions) -> Vec<u8> {
    let result = export_bytes(bytes, options);
    assert!(
        result.problems.is_empty(),
        "{:#?}\n{}",
        result.problems,
        String::from_utf8_lossy(bytes)
    );
    result.output_bytes().expect("exported")
}

/// The export-format rules (E) that fire on `bytes`: none may, on an export.
fn export_findings(bytes: &[u8]) -> Vec<String> {
    let options = CheckOptions {
        selection: Selection {
            select: Some(vec!["E".to_owned()]),
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    let report = check_bytes(bytes, &options);
    report
        .diagnostics
        .iter()
        .map(|d| format!("{} {} at {:?}", d.rule.code(), d.message, d.span))
        .collect()
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Each `corpus/export/x.pbn` exports to exactly the bytes of `x.export.pbn` (and, with
/// `--resolve`, of `x.resolve.pbn` where there is one); the expected files are themselves in
/// export format, unchanged by another export, and clean under the export-format rules.
#[test]
fn export_pairs() {
    let dir = common::corpus().join("export");
    let mut pairs = 0;
    for path in common::pbn_files(&dir) {
        let name = path.file_name().unwrap().to_str().unwrap();
        if name.ends_with(".export.pbn") || name.ends_with(".resolve.pbn") {
            continue;
        }
        let stem = name.trim_end_matches(".pbn");
        for (suffix, resolve) in [("export", false), ("resolve", true)] {
            let expected_path = dir.join(format!("{stem}.{suffix}.pbn"));
            if !expected_path.exists() {
                assert!(resolve, "{name} has no {stem}.export.pbn");
                continue;
            }
            let options = ExportOptions {
                resolve,
                ..ExportOptions::default()
            };
            let expected = read(&expected_path);
            let actual = exported(&read(&path), &options);
            assert!(
                actual == expected,
                "{name} --{suffix}:\n--- expected\n{}\n--- actual\n{}",
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(&actual)
            );
            assert_eq!(
                exported(&expected, &options),
                expected,
                "{stem}.{suffix}.pbn changes when exported again"
            );
            assert_eq!(
                export_findings(&expected),
                Vec::<String>::new(),
                "{stem}.{suffix}.pbn"
            );
            pairs += 1;
        }
    }
    assert!(pairs >= 11, "{pairs} export pairs");
}

/// The standard's own examples (PBN 3.5.2, 3.6.2), spelled out.
#[test]
fn suffixes_become_nags_after_the_note_reference() {
    let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1S !! =1= $25\n[Note \"1:x\"]\n[Declarer \"S\"]\n";
    let output = String::from_utf8(exported(text.as_bytes(), &ExportOptions::default())).unwrap();
    assert!(output.contains("\r\n1S =1= $3 $25\r\n"), "{output}");
    let text = "[Declarer \"S\"]\n[Play \"W\"]\nSK !! =1= $200\n[Note \"1:x\"]\n";
    let output = String::from_utf8(exported(text.as_bytes(), &ExportOptions::default())).unwrap();
    assert!(output.contains("\r\nSK =1= $9 $200\r\n"), "{output}");
}

/// Encodings: Latin-1 stays Latin-1 by default; `--encoding utf-8` converts; a character Latin-1
/// cannot hold is refused, never replaced silently; `--force` writes `?` and says so.
#[test]
fn output_encodings() {
    let latin1 = b"[Event \"Caf\xe9\"]\n";
    let output = exported(latin1, &ExportOptions::default());
    assert!(output.windows(5).any(|w| w == b"Caf\xe9\""));
    let utf8 = ExportOptions {
        encoding: Some(Encoding::Utf8),
        ..ExportOptions::default()
    };
    let output = exported(latin1, &utf8);
    assert!(String::from_utf8(output).unwrap().contains("Café"));
    let to_latin1 = ExportOptions {
        encoding: Some(Encoding::Latin1),
        ..ExportOptions::default()
    };
    let spade = "[Event \"4♠ made\"]\n".as_bytes();
    let refused = export_bytes(spade, &to_latin1);
    assert!(refused.output_bytes().is_none());
    assert_eq!(refused.problems[0].rule.code(), "W001");
    let forced = export_bytes(
        spade,
        &ExportOptions {
            force: true,
            ..to_latin1
        },
    );
    let output = forced.output_bytes().expect("forced");
    assert!(output.windows(9).any(|w| w == b"\"4? made\""));
    assert_eq!(forced.problems.len(), 1);
}

/// `--force` writes a refused file and lists what it dropped: the later of two conflicting tags.
#[test]
fn force_drops_and_says_so() {
    let text = b"[Event \"A\"]\n[Board \"1\"]\n[Board \"2\"]\n";
    assert!(export(text).output_bytes().is_none());
    let forced = export_bytes(
        text,
        &ExportOptions {
            force: true,
            ..ExportOptions::default()
        },
    );
    let output = String::from_utf8(forced.output_bytes().unwrap()).unwrap();
    assert!(output.contains("[Board \"1\"]") && !output.contains("[Board \"2\"]"));
    assert_eq!(forced.problems[0].rule.code(), "W002");
    assert_eq!(
        forced.problems[0].severity,
        pbnfmt::diagnostic::Severity::Warning
    );
    // The same value twice is written once, without a word.
    let same = export(b"[Event \"A\"]\n[Event \"A\"]\n");
    assert!(same.problems.is_empty());
    // The same value with a comment of its own: the repeat is kept as a comment with its own
    // comment after it (W011, a warning), so nothing is lost (issue 43 item 7).
    let commented = export(b"[Room \"Open\"]\n[Room \"Open\"] {a remark}\n");
    assert_eq!(commented.problems[0].rule.code(), "W011");
    let output = String::from_utf8(commented.output_bytes().unwrap()).unwrap();
    assert!(
        output.contains("[Room \"Open\"]\r\n{[Room \"Open\"]}\r\n{a remark}\r\n"),
        "{output}"
    );
    // Two boards run together: refused, and said so.
    assert!(
        export(text).problems[0]
            .message
            .contains("two boards seem to have run together"),
        "{}",
        export(text).problems[0].message
    );
}

/// `--line-ending lf` writes LF everywhere, inside comments too.
#[test]
fn lf_line_ends_on_request() {
    let options = ExportOptions {
        newline: pbnfmt::export::Newline::Lf,
        ..ExportOptions::default()
    };
    let output = exported(b"[Event \"A\"]\r\n{one\r\ntwo}\r\n", &options);
    assert!(!output.contains(&b'\r'));
    assert!(String::from_utf8(output).unwrap().contains("{one\ntwo}\n"));
}

/// Over every real file: the export succeeds, reads back with the same facts (the fingerprints,
/// inside `export_bytes`), is idempotent (exported again here: the default proof does not) and
/// clean under the export rules, and the long proof (`--paranoid`) agrees; or it is refused, for a
/// defect of the file that a finding names. Never W004, pbnfmt's own failure.
#[test]
fn real_corpus_exports_or_is_refused_for_a_real_defect() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let mut succeeded = 0;
    let mut refused: BTreeMap<&str, usize> = BTreeMap::new();
    for path in common::pbn_files(&real) {
        let name = common::relative(&path);
        let result = export(&read(&path));
        match result.output_bytes() {
            Some(output) => {
                // The facts were compared inside `export_bytes`. What is said of a written
                // export: lines it holds past 255 characters (C004), a repeated tag kept as a
                // comment (W011), both warnings.
                assert!(
                    result
                        .problems
                        .iter()
                        .all(|d| ["C004", "W011"].contains(&d.rule.code())
                            && d.severity == pbnfmt::diagnostic::Severity::Warning),
                    "{name}: {:#?}",
                    result.problems
                );
                assert_eq!(export_findings(&output), Vec::<String>::new(), "{name}");
                assert!(
                    export(&output).output_bytes().as_ref() == Some(&output),
                    "{name}: exporting the export again changes it"
                );
                let paranoid = ExportOptions {
                    paranoid: true,
                    ..ExportOptions::default()
                };
                let long = export_bytes(&read(&path), &paranoid);
                assert!(
                    long.output_bytes().as_ref() == Some(&output),
                    "{name}: the long proof says otherwise: {:#?}",
                    long.problems
                );
                succeeded += 1;
            }
            None => {
                let first = result.problems.first().map(|d| d.rule.code());
                let code = first.unwrap_or_else(|| panic!("{name}: refused without a finding"));
                assert_ne!(code, "W004", "{name}: {:#?}", result.problems);
                *refused.entry(code).or_default() += 1;
            }
        }
    }
    eprintln!("real corpus: {succeeded} exported, refused by reason: {refused:?}");
    assert!(succeeded >= 75, "{succeeded} exported");
}

// ---- properties over generated games ----------------------------------------------------------

fn options(seed: u64) -> Options {
    Options {
        seed,
        crlf: seed % 2 == 1,
        annotation_percent: 15,
        comment_percent: 40,
        ..Options::default()
    }
}

/// What a game is, read through pbnfmt's model: every tag's effective value (absent mandatory
/// tags and `"?"` alike left out), the calls by seat, the cards by trick and seat.
fn model(text: &str) -> Vec<String> {
    let parse = pbnfmt::parser::parse(text);
    let mut inheritor = Inheritor::default();
    let mut out = Vec::new();
    for game in parse.real_games() {
        let model = inheritor.game(&parse, text, game);
        let mut tags: Vec<String> = model
            .tags
            .iter()
            .filter(|tag| tag.value != "?" && tag.name != "Note")
            .map(|tag| format!("{}={}", tag.name, canonical(tag.name, &tag.value)))
            .collect();
        tags.sort();
        out.extend(tags);
        let dealer = model.value("Dealer").and_then(Seat::parse);
        if let Some(i) = model.auction {
            let tag = &model.tags[i];
            let start = Seat::parse(&tag.value).unwrap();
            let read = auction::read(&parse, text, start, dealer, &tag.pair.data);
            out.extend(
                read.positions
                    .iter()
                    .map(|p| format!("{:?} {:?}", p.seat, p.entry)),
            );
            out.push(format!("{:?}", read.outcome));
        }
        if let Some(i) = model.play {
            let tag = &model.tags[i];
            let deal = model.value("Deal").and_then(|d| deal::parse(d).0);
            let context = play::Context {
                play_seat: Seat::parse(&tag.value).unwrap(),
                deal: deal.as_ref(),
                opening_leader: None,
                trumps: None,
                hand_size: 13,
            };
            let read = play::read(&parse, text, context, &tag.pair.data);
            for trick in &read.tricks {
                out.push(
                    Seat::ALL
                        .iter()
                        .map(|&seat| match trick.slot(seat) {
                            play::Slot::Card { card, .. } => card.to_string(),
                            other => format!("{other:?}"),
                        })
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
        }
    }
    out
}

/// The meaning of a value for the model comparison: the export form where there is one.
fn canonical(name: &str, value: &str) -> String {
    let context = pbnfmt::canon::GameContext {
        dealer: None,
        declarer: None,
        tricks: 13,
        deal: None,
    };
    match name {
        // The Deal by seat: rotation and rank order are spelling.
        "Deal" => match deal::parse(value) {
            (Some(deal), _) => format!(
                "{:?}",
                Seat::ALL.map(|seat| deal.hand(seat).map(|hand| hand.cards))
            ),
            _ => value.to_owned(),
        },
        _ => pbnfmt::canon::value(name, value, &context).unwrap_or_else(|| value.to_owned()),
    }
}

/// Generated games: the export is idempotent, has the same model as the input, and is clean under
/// the export-format rules.
#[test]
fn generated_games_export_idempotently_with_the_same_model() {
    let text = generate::games(2_000, &options(11));
    let output = exported(text.as_bytes(), &ExportOptions::default());
    let output_text = String::from_utf8(output.clone()).unwrap();
    assert_eq!(exported(&output, &ExportOptions::default()), output);
    assert_eq!(model(&output_text), model(&text));
    assert_eq!(export_findings(&output), Vec::<String>::new());
    for seed in 0..200 {
        let text = generate::games(1, &options(seed));
        let output = exported(text.as_bytes(), &ExportOptions::default());
        assert_eq!(
            exported(&output, &ExportOptions::default()),
            output,
            "seed {seed}"
        );
        assert_eq!(
            model(std::str::from_utf8(&output).unwrap()),
            model(&text),
            "seed {seed}"
        );
    }
}

/// The same games in another import spelling export to the same bytes.
#[test]
fn two_import_spellings_give_identical_exports() {
    for seed in 0..200 {
        let text = generate::games(2, &options(seed));
        let other = respell(&text, seed);
        assert_ne!(text, other);
        let a = exported(text.as_bytes(), &ExportOptions::default());
        let b = exported(other.as_bytes(), &ExportOptions::default());
        assert!(
            a == b,
            "seed {seed}\n--- input\n{text}\n--- respelled\n{other}\n--- export\n{}\n--- export of the respelling\n{}",
            String::from_utf8_lossy(&a),
            String::from_utf8_lossy(&b)
        );
    }
}

/// Another import spelling of generated games: identification tags shuffled (with the comments
/// after them), two to a line with tabs, values in lowercase or other forms (Both, Love, a Deal from
/// another seat with ranks ascending, Result for a side), suffixes as NAGs, calls and cards in
/// lowercase on one line, table rows on one line, LF line ends.
fn respell(text: &str, seed: u64) -> String {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let text = text.replace("\r\n", "\n");
    let mut games = Vec::new();
    for game in text.split("\n\n").filter(|g| !g.trim().is_empty()) {
        let lines: Vec<&str> = game.lines().collect();
        let auction = lines
            .iter()
            .position(|l| l.starts_with("[Auction"))
            .unwrap_or(lines.len());
        let declarer = lines
            .iter()
            .find_map(|l| l.strip_prefix("[Declarer \""))
            .and_then(|v| Seat::parse(v.trim_end_matches("\"]")));
        // Units: a tag line and the comment lines after it.
        let mut units: Vec<Vec<String>> = Vec::new();
        for line in &lines[..auction] {
            if line.starts_with('{')
                && let Some(unit) = units.last_mut()
            {
                unit.push((*line).to_owned());
                continue;
            }
            units.push(vec![respell_tag(line, declarer)]);
        }
        for i in (1..units.len()).rev() {
            units.swap(i, rng.below(i + 1));
        }
        let mut out = String::new();
        for (i, unit) in units.iter().enumerate() {
            out.push_str(&unit.join("\n"));
            out.push_str(if i % 2 == 0 { " \t " } else { "\n" });
        }
        out.push('\n');
        out.push_str(&respell_sections(&lines[auction..]));
        games.push(out);
    }
    games.join("\n  \n")
}

fn respell_tag(line: &str, declarer: Option<Seat>) -> String {
    let Some((name, value)) = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix("\"]"))
        .and_then(|l| l.split_once(" \""))
    else {
        return line.to_owned();
    };
    let value = match name {
        "Vulnerable" => match value {
            "All" => "Both".to_owned(),
            "None" => "love".to_owned(),
            other => other.to_ascii_lowercase(),
        },
        "Dealer" | "Declarer" | "Contract" => value.to_ascii_lowercase(),
        "Deal" => {
            let (first, hands) = value.split_once(':').unwrap();
            let mut hands: Vec<String> = hands
                .split(' ')
                .map(|hand| {
                    hand.split('.')
                        .map(|suit| suit.chars().rev().collect::<String>())
                        .collect::<Vec<_>>()
                        .join(".")
                })
                .collect();
            hands.rotate_left(1);
            let first = Seat::parse(first).unwrap().next();
            format!("{}:{}", first.letter(), hands.join(" ")).to_ascii_lowercase()
        }
        "Result" => match (value.parse::<u8>(), declarer) {
            (Ok(tricks), Some(Seat::North | Seat::South)) => {
                format!("EW {}", 13 - tricks)
            }
            (Ok(tricks), Some(_)) => format!("EW {tricks}"),
            _ => value.to_owned(),
        },
        _ => value.to_owned(),
    };
    format!("[{name}   \"{value}\"]")
}

/// Auction, play, notes and tables: suffixes as NAGs, moves lowercase on one line, table rows on
/// one line.
fn respell_sections(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut moves: Vec<String> = Vec::new();
    let mut nag_base = 0;
    let flush = |moves: &mut Vec<String>, out: &mut String| {
        if !moves.is_empty() {
            out.push_str(&moves.join("  "));
            out.push('\n');
            moves.clear();
        }
    };
    let mut table = false;
    for line in lines {
        if line.starts_with('[') || line.starts_with('{') {
            flush(&mut moves, &mut out);
            out.push_str(line);
            out.push('\n');
            nag_base = if line.starts_with("[Play") { 6 } else { 0 };
            table = line.starts_with("[OptimumResultTable");
            continue;
        }
        if table {
            moves.extend(line.split_whitespace().map(str::to_owned));
            continue;
        }
        for token in line.split_whitespace() {
            let word = token.trim_end_matches(['!', '?']);
            let suffix = &token[word.len()..];
            moves.push(word.to_ascii_lowercase());
            if let Some(i) = ["!", "?", "!!", "??", "!?", "?!"]
                .iter()
                .position(|s| *s == suffix)
            {
                moves.push(format!("${}", i + 1 + nag_base));
            }
        }
    }
    flush(&mut moves, &mut out);
    out
}

/// A line that fits in 255 characters with LF does not with CR LF: export says so with a C004
/// warning on its own output, and still writes it (issue 21, item 9).
#[test]
fn a_line_pushed_past_255_by_crlf_is_reported() {
    let input = format!("[Event \"A\"]\n{{{}}}\n", "c".repeat(252));
    assert!(input.lines().all(|line| line.len() < 255));
    let exported = export(input.as_bytes());
    let output = String::from_utf8(exported.output_bytes().expect("written")).unwrap();
    assert!(output.split("\r\n").any(|line| line.len() + 2 > 255));
    let warning = &exported.problems[0];
    assert_eq!(warning.rule.code(), "C004");
    assert_eq!(warning.severity, pbnfmt::diagnostic::Severity::Warning);
    assert!(
        warning.message.contains("line 4 of the export"),
        "{}",
        warning.message
    );
    // With LF line ends the same line fits, and nothing is said.
    let lf = export_bytes(
        input.as_bytes(),
        &ExportOptions {
            newline: pbnfmt::export::Newline::Lf,
            ..ExportOptions::default()
        },
    );
    assert!(lf.problems.is_empty(), "{:?}", lf.problems);
}

/// Found by the mutation tests: a value with a vertical tab around it (`"NS\v"`) reads as the
/// same value with a space (export writes a vertical tab as a space), so its export reads back.
#[test]
fn a_vertical_tab_around_a_value_reads_as_a_space() {
    use pbnfmt::export::{ExportOptions, export_bytes};
    let input = common::GAME.replace("[Vulnerable \"None\"]", "[Vulnerable \"NS\u{0B}\"]");
    let exported = export_bytes(input.as_bytes(), &ExportOptions::default());
    assert!(
        exported.problems.iter().all(|d| d.rule.code() != "W004"),
        "{:#?}",
        exported.problems
    );
    let output = exported.output_bytes().unwrap();
    let again = export_bytes(&output, &ExportOptions::default());
    assert_eq!(again.output_bytes().as_deref(), Some(&output[..]));
}
