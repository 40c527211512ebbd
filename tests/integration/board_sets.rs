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
    pbnfmt::read::judged_games(text, |_, model, _| {
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
        pbnfmt::read::judged_games(text, |_, model, _| {
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
        to: Some(pbnfmt::rewrite::rotate::Targets::one(
            pbnfmt::bridge::Seat::South,
        )),
        basis: pbnfmt::rewrite::rotate::Basis::Dealer,
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
        pbnfmt::read::judged_games(&text, |_, model, _| {
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

/// Seat letters one quarter turn on: N → E → S → W → N.
fn next_seat(letter: &str) -> Option<&'static str> {
    Some(match letter {
        "N" => "E",
        "E" => "S",
        "S" => "W",
        "W" => "N",
        "n" => "e",
        "e" => "s",
        "s" => "w",
        "w" => "n",
        _ => return None,
    })
}

/// `NS` and `EW` exchanged, case kept.
fn other_side(word: &str) -> Option<&'static str> {
    Some(match word {
        "NS" => "EW",
        "EW" => "NS",
        "ns" => "ew",
        "ew" => "ns",
        _ => return None,
    })
}

/// Words of a value turned: sides exchanged, and with `seats` single seat letters turned.
fn words_turned(value: &str, seats: bool) -> String {
    value
        .split(' ')
        .map(|w| {
            other_side(w)
                .or_else(|| if seats { next_seat(w) } else { None })
                .unwrap_or(w)
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A table's column name one turn on: `_NS` ↔ `_EW`, `_North` → `_East`.
fn column_turned(name: &str) -> String {
    for (from, to) in [
        ("_NS", "_EW"),
        ("_EW", "_NS"),
        ("_North", "_East"),
        ("_East", "_South"),
        ("_South", "_West"),
        ("_West", "_North"),
    ] {
        if let Some(stem) = name.strip_suffix(from) {
            return format!("{stem}{to}");
        }
    }
    name.to_owned()
}

/// The value of tag `name` one quarter turn on, written from PBN 3.4 and 5 and the producers'
/// forms, without pbnfmt's rotate: `None` where the value stays.
fn value_turned(name: &str, value: &str) -> Option<String> {
    if value.starts_with('#') || value.is_empty() || value == "?" {
        return None;
    }
    Some(match name {
        "Dealer" | "VirtualDealer" | "Auction" | "Play" => next_seat(value)?.to_owned(),
        "Declarer" => match value.strip_prefix('^') {
            Some(seat) => format!("^{}", next_seat(seat)?),
            None => next_seat(value)?.to_owned(),
        },
        "Deal" => {
            let (first, hands) = value.split_once(':')?;
            format!("{}:{hands}", next_seat(first)?)
        }
        "Vulnerable" | "VirtualVulnerable" => other_side(value)?.to_owned(),
        // PBN 4.1.6: the seats whose hands are hidden, each a letter.
        "Hidden" => value
            .chars()
            .map(|c| next_seat(&c.to_string()).map_or(c.to_string(), str::to_owned))
            .collect(),
        "Result" | "Score" | "ScoreIMP" | "ScoreMP" | "ScorePercentage" | "OptimumScore" => {
            words_turned(value, false)
        }
        "ParContract" => value
            .split("; ")
            .map(|part| words_turned(part, true))
            .collect::<Vec<_>>()
            .join("; "),
        "ParScore" => match value.parse::<i64>().ok()? {
            0 => return None,
            n => (-n).to_string(),
        },
        "Minimax" => {
            // `4SW-420`, `3NS430`, `4CDW300`: level, strain, doubled (`D`) or redoubled (`R`),
            // the declarer, the score for North-South.
            let b = value.as_bytes();
            let at = if b.len() > 3 && b"DR".contains(&b[2]) && b"NESW".contains(&b[3]) {
                3
            } else {
                2
            };
            let score: i64 = value.get(at + 1..)?.parse().ok()?;
            format!(
                "{}{}{}",
                &value[..at],
                next_seat(&value[at..at + 1])?,
                -score
            )
        }
        "Ability" => value
            .split(' ')
            .map(|w| {
                let (seat, rest) = w.split_once(':').unwrap();
                format!("{}:{rest}", next_seat(seat).unwrap())
            })
            .collect::<Vec<_>>()
            .join(" "),
        "DoubleDummyTricks" if value.len() == 20 => {
            // Declarers N, S, E, W: the new North is the old West, and so on.
            let group = |i: usize| &value[i * 5..i * 5 + 5];
            format!("{}{}{}{}", group(3), group(2), group(0), group(1))
        }
        "ScoreTable"
        | "OptimumResultTable"
        | "OptimumPlayTable"
        | "OptimumOpeningLeadTable"
        | "InstantScoreTable"
        | "ActionTable"
        | "TotalScoreTable" => value
            .split(';')
            .map(|spec| {
                let (name, rest) = spec.split_at(spec.find('\\').unwrap_or(spec.len()));
                format!("{}{rest}", column_turned(name))
            })
            .collect::<Vec<_>>()
            .join(";"),
        _ => return None,
    })
}

/// A table row's cells with their places, quoted strings whole.
fn cells(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b' ' || bytes[at] == b'\t' {
            at += 1;
            continue;
        }
        let start = at;
        if bytes[at] == b'"' {
            at += 1 + line[at + 1..]
                .find('"')
                .map_or(line.len() - at - 1, |n| n + 1);
        } else {
            while at < bytes.len() && bytes[at] != b' ' && bytes[at] != b'\t' {
                at += 1;
            }
        }
        out.push((start, &line[start..at.min(line.len())]));
    }
    out
}

/// Issue 60 item 4 and issue 63 item 2: one quarter turn turns every seat and side a known tag
/// holds, checked line by line on every real file that turns against a turn written above from
/// the standard: the Result written for a side, ScoreTable's and the other tables' seat columns
/// (Declarer, Leader) and their `_NS`/`_EW`/`_North` … column names, VirtualDealer and
/// VirtualVulnerable, and the producers' ParScore, Minimax and Ability. Every other line stays as
/// it was.
#[test]
fn one_turn_turns_every_seat_of_every_known_tag_on_every_real_file() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let tag_line = regex::Regex::new(r#"^\[([A-Za-z0-9_]+) "(.*)"\]$"#).unwrap();
    let (mut files, mut counted) = (0, BTreeMap::<String, usize>::new());
    for path in common::pbn_files(&real) {
        let original = std::fs::read(&path).unwrap();
        let Some(once) = turn(&original, 1) else {
            continue;
        };
        let (before, after) = (common::text(&original), common::text(&once));
        let (before, after): (Vec<&str>, Vec<&str>) =
            (before.lines().collect(), after.lines().collect());
        assert_eq!(before.len(), after.len(), "{}", path.display());
        files += 1;
        // The seat columns of the table being read, if any.
        let mut seat_columns: Vec<usize> = Vec::new();
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            let place = format!("{}:{}", path.display(), i + 1);
            if let Some(tag) = tag_line.captures(b) {
                let (name, value) = (&tag[1], &tag[2]);
                seat_columns = if name.ends_with("Table") {
                    value
                        .split(';')
                        .enumerate()
                        .filter(|(_, spec)| {
                            spec.starts_with("Declarer") || spec.starts_with("Leader")
                        })
                        .map(|(i, _)| i)
                        .collect()
                } else {
                    Vec::new()
                };
                let expected = match value_turned(name, value) {
                    Some(turned) => {
                        *counted.entry(name.to_owned()).or_default() += 1;
                        format!("[{name} \"{turned}\"]")
                    }
                    None => (*b).to_owned(),
                };
                assert_eq!(*a, expected, "{place}");
            } else if !seat_columns.is_empty()
                && !b.starts_with(['[', '%', '{', ';'])
                && !b.trim().is_empty()
            {
                // A row: its seat cells turned, the rest as it was.
                let mut expected = (*b).to_owned();
                for (column, (at, cell)) in cells(b).into_iter().enumerate() {
                    if seat_columns.contains(&column)
                        && let Some(seat) = next_seat(cell)
                    {
                        expected.replace_range(at..at + 1, seat);
                        *counted.entry("table seat cell".to_owned()).or_default() += 1;
                    }
                }
                assert_eq!(*a, expected, "{place}");
            } else {
                if b.trim().is_empty() || b.starts_with('[') {
                    seat_columns.clear();
                }
                // Calls and cards keep their columns; comments stay.
                assert_eq!(a, b, "{place}");
            }
        }
    }
    eprintln!("{files} files turned; values turned by kind: {counted:?}");
    assert!(files >= 70, "{files}");
    for kind in [
        "Result",
        "ScoreTable",
        "table seat cell",
        "Minimax",
        "ParScore",
        "VirtualDealer",
        "Ability",
    ] {
        assert!(
            counted.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} turned: {counted:?}"
        );
    }
}

/// The H004 findings (an OptimumScore or ParContract that is not the par of the table) of
/// `bytes`.
fn par_findings(bytes: &[u8]) -> usize {
    let options = CheckOptions {
        selection: Selection {
            extend_select: vec!["H".to_owned()],
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    check_bytes(bytes, &options)
        .diagnostics
        .iter()
        .filter(|d| d.rule.code() == "H004")
        .count()
}

/// Issue 63 item 3 and issue 60 item 5: a rewrite that moves the dealer or the vulnerability
/// leaves no par stale. `renumber --standard-dealer-vul` on a clean real hand record (36 boards,
/// every one with a table, an OptimumScore and a ParContract) moved 27 boards' dealers and
/// vulnerabilities and kept their par (a hand record then printed `Par NS 420` where par is NS
/// 620), with the Deal starting from the old dealer; `replicate` copied par to copies dealt and
/// vulnerable otherwise. Now: no H004 the input lacked, every Deal from its dealer, and par the
/// one DDS gives (`par.rs`) at the new dealer and vulnerability.
#[test]
fn moving_the_dealer_or_the_vulnerability_leaves_no_stale_par() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let path = real
        .join("Rick-Wilson__Bridge-Game-Analysis/tests__integration__source__LBC-2026-01-26.pbn");
    let original = std::fs::read(&path).unwrap();
    assert_eq!(par_findings(&original), 0);
    let renumbered = pbnfmt::rewrite::renumber::renumber_owned(
        original.clone(),
        &pbnfmt::rewrite::renumber::RenumberOptions {
            from: 2,
            standard: true,
            ..Default::default()
        },
        Default::default(),
    )
    .output_bytes()
    .expect("renumbered");
    assert_eq!(par_findings(&renumbered), 0);
    let text = common::text(&renumbered);
    let (mut dealers, mut moved) = (Vec::new(), 0);
    for line in text.lines() {
        if let Some(dealer) = line.strip_prefix("[Dealer \"") {
            dealers.push(dealer[..1].to_owned());
        }
        if let Some(deal) = line.strip_prefix("[Deal \"") {
            assert_eq!(&deal[..1], dealers.last().unwrap(), "{line}");
        }
    }
    for (before, after) in common::text(&original).lines().zip(text.lines()) {
        if before.starts_with("[OptimumScore") && before != after {
            moved += 1;
        }
    }
    assert_eq!(dealers.len(), 36);
    assert!(moved >= 20, "{moved} pars computed again");
    let replicated = pbnfmt::rewrite::replicate::replicate_owned(
        original.clone(),
        pbnfmt::rewrite::replicate::ReplicateOptions {
            blocks: 3,
            size: Some(37),
        },
        Default::default(),
    )
    .output_bytes()
    .expect("replicated");
    assert_eq!(par_findings(&replicated), 0);
    assert!(common::text(&replicated).matches("[OptimumScore").count() >= 3 * 36);
}

/// Issue 65, items 1, 6 and 8. `set-tag --remove` of a game's only tag is refused with what in the
/// file prevents it (the game would go with its last tag pair), never as a bug in pbnfmt, and
/// nothing is written; `merge A A` and `split` of a file named twice are usage errors (before,
/// the walk took the file once and merged it once, with exit 0); `set-tag --help` gives
/// `--remove` a text of its own.
#[test]
fn a_set_tag_that_would_empty_a_game_and_a_file_named_twice_are_refused_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let one = "[Board \"1\"]\n\n[Board \"2\"]\n[Event \"E\"]\n";
    std::fs::write(dir.path().join("one.pbn"), one).unwrap();
    let output = common::pbnfmt(
        &["set-tag", "--remove", "Board", "--write", "one.pbn"],
        dir.path(),
    );
    let said = format!(
        "{}{}",
        common::text(&output.stdout),
        common::text(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        said.contains("without a tag pair") && !said.contains("bug"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("one.pbn")).unwrap(),
        one
    );
    // The game that keeps a tag may lose Board.
    let output = common::pbnfmt(
        &["set-tag", "--remove", "Board", "--boards", "2", "one.pbn"],
        dir.path(),
    );
    assert!(output.status.success(), "{}", common::text(&output.stderr));
    assert_eq!(
        common::text(&output.stdout),
        "[Board \"1\"]\n\n[Event \"E\"]\n"
    );
    for args in [
        &["merge", "-o", "both.pbn", "one.pbn", "one.pbn"][..],
        &["merge", "-o", "both.pbn", "one.pbn", "."],
        &[
            "split",
            "--every",
            "1",
            "--out-dir",
            "parts",
            "one.pbn",
            "./one.pbn",
        ],
    ] {
        let output = common::pbnfmt(args, dir.path());
        let said = common::text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("named more than once"), "{said}");
        assert!(!dir.path().join("both.pbn").exists() && !dir.path().join("parts").exists());
    }
    let help = common::pbnfmt(&["set-tag", "--help"], dir.path());
    let help = common::text(&help.stdout);
    let remove = help.split("\n      --remove <NAME>").nth(1).unwrap_or("");
    assert!(remove.trim_start().starts_with("Remove tag NAME"), "{help}");
}

/// Issue 65, item 5, and issue 63, item 5: `set-tag` does not write a value that `check` then
/// calls an error (a Dealer `X`, a date in another spelling, a line longer than the 255
/// characters of PBN 2.3): a usage error naming the rule, the file untouched; `--force` writes
/// it. A value of the standard's form is written.
#[test]
fn set_tag_refuses_a_value_check_calls_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let one = "[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n";
    let path = dir.path().join("one.pbn");
    std::fs::write(&path, one).unwrap();
    let long = format!("Event={}", "x".repeat(300));
    for (set, code) in [
        ("Dealer=X", "T003"),
        ("Date=2024-01-01", "T001"),
        ("Board=0", "T002"),
        (long.as_str(), "C004"),
    ] {
        let output = common::pbnfmt(&["set-tag", "--set", set, "--write", "one.pbn"], dir.path());
        let said = common::text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{set}: {said}");
        assert!(
            said.contains(code) && said.contains("--force"),
            "{set}: {said}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), one, "{set}");
    }
    let output = common::pbnfmt(&["set-tag", "--set", "Dealer=E", "one.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    assert!(common::text(&output.stdout).contains("[Dealer \"E\"]"));
    let output = common::pbnfmt(
        &["set-tag", "--force", "--set", "Dealer=X", "one.pbn"],
        dir.path(),
    );
    assert!(common::text(&output.stdout).contains("[Dealer \"X\"]"));
}

/// Issue 63, item 13: what the input prevents is said as such, never as a bug in pbnfmt.
/// `set-tag --remove Auction` would leave the calls to the tag before it (a section goes with
/// its tag, PBN 3.1); a value Latin-1 cannot hold, set in a Latin-1 file, is W001. Nothing is
/// written.
#[test]
fn set_tag_refusals_say_what_in_the_input_prevents_them() {
    let dir = tempfile::tempdir().unwrap();
    let game =
        "[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n";
    std::fs::write(dir.path().join("auction.pbn"), game).unwrap();
    std::fs::write(
        dir.path().join("latin.pbn"),
        b"[Event \"caf\xe9\"]\n[Board \"1\"]\n",
    )
    .unwrap();
    for (args, says) in [
        (
            &["set-tag", "--remove", "Auction", "--write", "auction.pbn"][..],
            "begins a section",
        ),
        (
            &["set-tag", "--set", "Event=日本", "--write", "latin.pbn"][..],
            "W001",
        ),
    ] {
        let output = common::pbnfmt(args, dir.path());
        let said = common::text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {said}");
        assert!(
            said.contains(says) && !said.contains("bug"),
            "{args:?}: {said}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("auction.pbn")).unwrap(),
        game
    );
    assert_eq!(
        std::fs::read(dir.path().join("latin.pbn")).unwrap(),
        b"[Event \"caf\xe9\"]\n[Board \"1\"]\n"
    );
}

/// Issue 63, item 6: `select --write` that chooses no board of a file leaves the file as it is
/// and says so (exit 1), instead of emptying it without a word; `--allow-empty` writes it.
#[test]
fn select_write_never_empties_a_file_unasked() {
    let dir = tempfile::tempdir().unwrap();
    let text = "% kept\n[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n";
    let path = dir.path().join("set.pbn");
    std::fs::write(&path, text).unwrap();
    let output = common::pbnfmt(
        &["select", "--boards", "9", "--write", "set.pbn"],
        dir.path(),
    );
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("no board of this file is chosen") && said.contains("--allow-empty"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // A choice that keeps a board writes as before, and says how many each file keeps.
    let output = common::pbnfmt(
        &["select", "--boards", "2", "--write", "set.pbn"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0));
    let said = common::text(&output.stderr);
    assert!(said.contains("set.pbn: 1 of 2 boards kept"), "{said}");
    assert!(
        !std::fs::read_to_string(&path)
            .unwrap()
            .contains("[Board \"1\"]")
    );
    let output = common::pbnfmt(
        &[
            "select",
            "--boards",
            "9",
            "--allow-empty",
            "--write",
            "set.pbn",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(!std::fs::read_to_string(&path).unwrap().contains("[Board"));
}

/// Issue 65, item 3: `rotate --to PATTERN --basis`, from the command line: the dealers of a set
/// go North, East, South, West over the boards in order, whoever dealt; a pattern that is not
/// seats and a basis without `--to` are usage errors.
#[test]
fn rotate_to_a_pattern_of_dealers() {
    let dir = tempfile::tempdir().unwrap();
    let deal = "[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]";
    let games: Vec<String> = (1..=6)
        .map(|board| format!("[Board \"{board}\"]\n[Dealer \"S\"]\n{deal}\n"))
        .collect();
    std::fs::write(dir.path().join("set.pbn"), games.join("\n")).unwrap();
    let output = common::pbnfmt(
        &["rotate", "--to", "NESW", "--basis", "dealer", "set.pbn"],
        dir.path(),
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stderr)
    );
    let text = common::text(&output.stdout);
    let dealers: Vec<&str> = text.lines().filter(|l| l.starts_with("[Dealer")).collect();
    assert_eq!(
        dealers,
        ["N", "E", "S", "W", "N", "E"].map(|seat| format!("[Dealer \"{seat}\"]"))
    );
    for args in [
        &["rotate", "--to", "NQ", "set.pbn"][..],
        &["rotate", "--basis", "dealer", "set.pbn"],
        &["rotate", "--to", "S", "--by", "1", "set.pbn"],
    ] {
        let output = common::pbnfmt(args, dir.path());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
    }
}
