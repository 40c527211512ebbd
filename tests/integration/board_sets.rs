//! The commands on a set of boards (issue 46), on the real corpus. `rotate`: four quarter turns
//! give every file back byte for byte; after one turn the double-dummy tags are still true
//! wherever they were, and every board is found again as a rotation of the original (H001 with
//! `--repeats-rotated`). `renumber`: the boards read back numbered in order with their old
//! numbers kept, and a second run changes nothing.

use std::collections::{BTreeMap, BTreeSet};

use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::rewrite::rotate::{RotateOptions, rotate_owned};
use pbnfmt::rules::select::Selection;

use crate::common;

fn turn(bytes: &[u8], by: u8) -> Option<Vec<u8>> {
    rotate_owned(
        bytes.to_vec(),
        RotateOptions {
            by,
            ..RotateOptions::default()
        },
        Default::default(),
    )
    .output_bytes()
}

/// The codes of the H002-H005 findings of `bytes`, counted.
fn double_dummy_findings(bytes: &[u8]) -> BTreeMap<&'static str, usize> {
    let options = CheckOptions {
        selection: Selection {
            extend_select: vec!["H".to_owned()],
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    let mut found = BTreeMap::new();
    for finding in check_bytes(bytes, &options).diagnostics {
        let code = finding.rule.code();
        if ["H002", "H003", "H004", "H005"].contains(&code) {
            *found.entry(code).or_insert(0) += 1;
        }
    }
    found
}

#[test]
fn four_turns_give_every_real_file_back_and_one_keeps_the_analysis_true() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let (mut rotated, mut refused, mut tables) = (0, Vec::new(), 0);
    for path in common::pbn_files(&real) {
        let original = std::fs::read(&path).unwrap();
        let Some(once) = turn(&original, 1) else {
            refused.push(path.display().to_string());
            continue;
        };
        rotated += 1;
        let mut again = once.clone();
        for _ in 0..3 {
            again = turn(&again, 1)
                .unwrap_or_else(|| panic!("{}: turned once, not again", path.display()));
        }
        assert!(
            again == original,
            "{}: four turns are not the file",
            path.display()
        );
        // Two turns are two single turns.
        assert_eq!(turn(&original, 2), turn(&once, 1), "{}", path.display());
        let before = double_dummy_findings(&original);
        let after = double_dummy_findings(&once);
        assert_eq!(
            before,
            after,
            "{}: the double-dummy tags after one turn",
            path.display()
        );
        if String::from_utf8_lossy(&original).contains("[OptimumResultTable") {
            tables += 1;
        }
    }
    // Files refused are those a rewrite refuses anyway (syntax that makes the reading a guess)
    // or whose seats cannot be read; nearly every real file turns.
    assert!(rotated >= 70, "{rotated} rotated; refused: {refused:#?}");
    assert!(tables >= 5, "{tables} files with an OptimumResultTable");
}

/// The key of a complete Deal value.
fn key(value: &str) -> Option<u128> {
    pbnfmt::model::deal::parse(value)
        .0
        .as_ref()
        .and_then(pbnfmt::sets::key)
}

/// The distinct complete deals of `text`.
fn distinct_deals(text: &str) -> BTreeSet<u128> {
    let mut keys = BTreeSet::new();
    pbnfmt::read::each_game(text, |_, model, _| {
        keys.extend(model.value("Deal").and_then(key));
        true
    });
    keys
}

/// After one turn, every deal is found again as a rotation of the original (`check
/// --repeats-rotated --against ORIGINAL`, the turned boards given another Event so that they are
/// another session and not the same boards at another table).
#[test]
fn every_turned_board_is_found_as_a_rotation_of_the_original() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for path in common::pbn_files(&real).into_iter().step_by(3) {
        let original = std::fs::read(&path).unwrap();
        let Some(once) = turn(&original, 1) else {
            continue;
        };
        let turned = String::from_utf8_lossy(&once).replace("[Event \"", "[Event \"Turned ");
        let deals = distinct_deals(&turned);
        if deals.is_empty() || !turned.contains("[Event \"Turned ") {
            continue;
        }
        std::fs::write(dir.path().join("original.pbn"), &original).unwrap();
        std::fs::write(dir.path().join("turned.pbn"), turned.as_bytes()).unwrap();
        let output = common::pbnfmt(
            &[
                "check",
                "--repeats-rotated",
                "--against",
                "original.pbn",
                "--select",
                "H001",
                "--max-findings",
                "1000000",
                "--output-format",
                "concise",
                "turned.pbn",
            ],
            dir.path(),
        );
        // The deal each H001 names: the Deal on the line it points at.
        let said = common::text(&output.stdout);
        let lines: Vec<&str> = turned.lines().collect();
        let found: BTreeSet<u128> = said
            .lines()
            .filter(|line| line.contains("[H001]"))
            .filter_map(|line| line.split(':').nth(1)?.parse::<usize>().ok())
            .filter_map(|number| {
                let line = lines.get(number - 1)?;
                let value = line.strip_prefix("[Deal \"")?.split('"').next()?;
                key(value)
            })
            .collect();
        assert_eq!(found, deals, "{}:\n{said}", path.display());
        checked += 1;
    }
    assert!(checked >= 10, "{checked} files checked");
}

/// Every real file renumbered with its old numbers kept: the boards read back as 1, 2, 3 ... in
/// order, each with the Board it had, and renumbering the result again changes nothing.
#[test]
fn renumbered_real_files_read_back_in_order_and_a_second_run_changes_nothing() {
    use pbnfmt::rewrite::renumber::{RenumberOptions, renumber_owned};
    let Some(real) = common::real_corpus() else {
        return;
    };
    let options = RenumberOptions {
        keep_original: Some("OriginalBoard".to_owned()),
        ..RenumberOptions::default()
    };
    let boards = |text: &str| {
        let mut found = Vec::new();
        pbnfmt::read::each_game(text, |_, model, _| {
            found.push((
                model.value("Board").unwrap_or("").trim().to_owned(),
                model.value("OriginalBoard").map(str::to_owned),
            ));
            true
        });
        found
    };
    let mut renumbered = 0;
    for path in common::pbn_files(&real) {
        let original = std::fs::read(&path).unwrap();
        let Some(once) =
            renumber_owned(original.clone(), &options, Default::default()).output_bytes()
        else {
            continue;
        };
        renumbered += 1;
        let before = boards(&String::from_utf8_lossy(&original));
        let after = boards(&String::from_utf8_lossy(&once));
        assert_eq!(before.len(), after.len(), "{}", path.display());
        for (index, ((old, kept_before), (new, kept))) in before.iter().zip(&after).enumerate() {
            assert_eq!(*new, (index + 1).to_string(), "{}", path.display());
            let expected = kept_before.clone().or_else(|| {
                Some(if old.is_empty() {
                    "?".to_owned()
                } else {
                    old.clone()
                })
            });
            assert_eq!(*kept, expected, "{}: game {}", path.display(), index + 1);
        }
        // Compared as a flag, so that a failure does not print the files' bytes.
        let twice = renumber_owned(once.clone(), &options, Default::default());
        let same = twice.output_bytes() == Some(once);
        assert!(same, "{}: a second run changed the file", path.display());
    }
    assert!(renumbered >= 70, "{renumbered} files renumbered");
}

/// `rotate --to-dealer S` on the real corpus: every board written is dealt by South, and the
/// double-dummy tags are as true as before.
#[test]
fn every_board_turned_to_south_is_dealt_by_south() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let options = RotateOptions {
        to_dealer: Some(pbnfmt::bridge::Seat::South),
        ..RotateOptions::default()
    };
    let mut turned = 0;
    for path in common::pbn_files(&real).into_iter().step_by(2) {
        let original = std::fs::read(&path).unwrap();
        let Some(south) =
            rotate_owned(original.clone(), options, Default::default()).output_bytes()
        else {
            continue;
        };
        turned += 1;
        let text = String::from_utf8_lossy(&south);
        pbnfmt::read::each_game(&text, |_, model, _| {
            let dealer = model.value("Dealer").unwrap_or("").trim().to_owned();
            assert!(
                dealer == "S" || dealer.is_empty() || dealer == "?",
                "{}: {dealer}",
                path.display()
            );
            true
        });
        assert_eq!(
            double_dummy_findings(&original),
            double_dummy_findings(&south),
            "{}",
            path.display()
        );
    }
    assert!(turned >= 20, "{turned} files turned");
}
