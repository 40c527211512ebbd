//! The fixtures in `corpus/`: valid files check clean; each invalid file is named after the rule it
//! breaks, makes that rule fire, and has a snapshot of its rendered diagnostics (no colour, fixed
//! width) in `snapshots/`. Every rule of the table has its fixture.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use pbnfmt::check::{CheckOptions, FileReport, check_bytes};
use pbnfmt::diagnostic::Diagnostic;
use pbnfmt::rules::select::Selection;
use pbnfmt::rules::{Drawn, Rule};
use pbnfmt::source::Decoded;

fn check(path: &Path) -> FileReport {
    check_bytes(&std::fs::read(path).unwrap(), &CheckOptions::default())
}

#[test]
fn valid_fixtures_check_clean() {
    let files = common::pbn_files(&common::corpus().join("valid"));
    assert!(files.len() >= 15);
    for path in files {
        let report = check(&path);
        assert!(
            report.diagnostics.is_empty(),
            "{}: {:#?}",
            common::relative(&path),
            report.diagnostics
        );
    }
}

/// The PBN 1.2 example game reads as one game with its 15 MTS tags, auction, play and notes.
#[test]
fn standard_example_game_is_read_whole() {
    let path = common::corpus().join("valid/spec/pbn-1.2-example-game.pbn");
    let text = std::fs::read_to_string(path).unwrap();
    let parse = pbnfmt::parser::parse(&text);
    assert_eq!(parse.real_games().count(), 1);
    let names: Vec<_> = parse.games[0]
        .tags
        .iter()
        .filter_map(|tag| tag.name(&parse, &text))
        .collect();
    // The 15 MTS tags in their order (PBN 3.4), then the sections with their notes.
    let expected: Vec<&str> = pbnfmt::model::MTS
        .iter()
        .copied()
        .chain(["Auction", "Note", "Note", "Play", "Note"])
        .collect();
    assert_eq!(names, expected);
    let moves = |name: &str| {
        let tag = parse.games[0]
            .tags
            .iter()
            .find(|tag| tag.name(&parse, &text) == Some(name))
            .unwrap();
        tag.data
            .iter()
            .filter(|data| matches!(data, pbnfmt::syntax::Data::Move(_)))
            .count()
    };
    assert_eq!(moves("Auction"), 15);
    assert_eq!(moves("Play"), 28);
}

/// What pbnfmt reports on an invalid fixture: the command that raises the rule it is named after
/// (`pbnfmt::drawn`, the dispatch the pass/fail pairs use too): `check` with that rule selected
/// too (opt-in rules run for their fixture), or for a writer's rule its writer, which must then
/// refuse the file when it is `export` and the rule an error (W011, a warning, writes it, and so
/// does W010, which keeps the one Result as given).
fn findings(path: &Path) -> (Rule, Decoded, Vec<Diagnostic>) {
    let name = common::relative(path);
    let stem = path.file_stem().unwrap().to_str().unwrap();
    let rule = Rule::find(stem).unwrap_or_else(|| panic!("{name} is not named after a rule"));
    let bytes = std::fs::read(path).unwrap();
    let options = CheckOptions {
        selection: Selection {
            extend_select: vec![stem.to_owned()],
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    let drawing = pbnfmt::drawn::draw(rule, bytes, &name, &options);
    if rule.info().drawn == Drawn::Export {
        // W010 is an error that names a game export writes as it is given (issue 61, item 4).
        let refuses = rule.info().severity == pbnfmt::diagnostic::Severity::Error
            && rule != Rule::UncertainResult;
        assert_eq!(
            drawing.written, !refuses,
            "{name}: exported {}",
            drawing.written
        );
    }
    (rule, drawing.decoded, drawing.findings)
}

/// Each invalid fixture makes the rule it is named after fire, and every rule has a fixture.
/// All failures are listed at once.
#[test]
fn invalid_fixtures_fire_their_rule() {
    let mut covered = BTreeSet::new();
    let mut silent = Vec::new();
    let invalid = common::corpus().join("invalid");
    let mut paths = common::pbn_files(&invalid);
    paths.extend(common::lin_files(&invalid));
    for path in paths {
        let (rule, _, diagnostics) = findings(&path);
        if diagnostics.iter().any(|d| d.rule == rule) {
            covered.insert(rule);
        } else {
            silent.push(format!("{}: {}", common::relative(&path), rule.code()));
        }
    }
    assert!(
        silent.is_empty(),
        "fixtures whose rule did not fire: {silent:#?}"
    );
    // W004 reports a bug of pbnfmt's writer: no input is meant to cause it. The export unit
    // tests make it fire on a deliberately wrong export. F005 needs a game of more than 65,536
    // tokens, whose snapshot would list as many findings: its pair (`rules::reading::pairs`) and
    // `hostile::a_file_of_stray_lines_is_read_in_bounded_pieces` draw it.
    // L011 likewise needs a record of more than 65,536 pairs: its pair and
    // `hostile::lin_files_are_read_in_bounded_memory` draw it.
    let without = [
        Rule::UnfaithfulExport,
        Rule::OversizedGame,
        Rule::OversizedLinRecord,
        // The solver's rules need the `dds` feature and a solver run: tests/integration/dds.rs
        // draws them on corpus/dds.
        Rule::DoubleDummyWrong,
        Rule::DealNotSolved,
    ];
    let missing: Vec<_> = Rule::ALL
        .iter()
        .filter(|rule| !covered.contains(rule) && !without.contains(rule))
        .map(|rule| rule.name())
        .collect();
    assert!(
        missing.is_empty(),
        "rules without an invalid fixture: {missing:?}"
    );
}

/// One snapshot per invalid fixture, in `snapshots/`: its findings rendered without colour at a
/// fixed width, one line each, then as code frames. The snapshot's header names the fixture;
/// every fixture is compared even when an earlier one differs.
#[test]
fn invalid() {
    common::snapshot_settings().bind(|| {
        insta::glob!("../../corpus/invalid", "**/*.{pbn,lin}", |path| {
            let (_, decoded, diagnostics) = findings(path);
            insta::assert_snapshot!(common::rendered(
                &common::relative(path),
                &decoded.text,
                &diagnostics
            ));
        });
    });
}

/// PBN 5.2: every table in the valid fixtures has well-formed column specs and whole rows; the
/// standard's widths and orders are read as written.
#[test]
fn tables_of_the_valid_fixtures_have_whole_rows() {
    use pbnfmt::names::is_table;
    use pbnfmt::table::{Align, Order, Table};
    let mut tables = 0;
    for path in common::pbn_files(&common::corpus().join("valid")) {
        let spec = path.ends_with("spec/tables.pbn");
        let text = &pbnfmt::source::decode(&std::fs::read(&path).unwrap(), None).text;
        let parse = pbnfmt::parser::parse(text);
        for tag in parse.games.iter().flat_map(|game| &game.tags) {
            let Some(name) = tag.name(&parse, text).filter(|name| is_table(name)) else {
                continue;
            };
            let value = tag.value(&parse, text).unwrap();
            let table = Table::new(tag, &value);
            let columns = table.columns.len();
            assert!(
                table.columns.iter().all(|c| c.bad_width.is_none()),
                "{name}"
            );
            assert!(
                table.rows().all(|row| row.len() == columns),
                "{name}: short row"
            );
            if name == "ScoreTable" {
                let score = &table.columns[6];
                assert_eq!(
                    (score.name, score.order, score.width, score.align),
                    (
                        "Score_NS",
                        Some(Order::Descending),
                        Some(5),
                        Some(Align::Right)
                    )
                );
                assert_eq!(table.rows().count(), 2);
            }
            tables += usize::from(spec);
        }
    }
    assert_eq!(tables, 6, "the six tables of corpus/valid/spec/tables.pbn");
}
