//! `pbnfmt score` (issue 66, item 3): travellers completed and corrected from their scores,
//! checked against what pbnfmt did not compute: the producer's own numbers (Ruter's IMPs and
//! Butler datums in the shared corpus, with the columns taken out or blanked), and the
//! independent reference `tests/reference/travellers.py` on generated travellers with errors put
//! in. Nothing else in the file changes, four runs give the same bytes, and a board that cannot
//! be scored without a guess is left and said.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::common::{self, pbnfmt, text};
use crate::results::{Kind, travellers};

const RUTER: &str = "richardschneider__pbn/test__sample__ruter71.pbn";

/// The elements of a line, quoted strings whole (PBN 5.1).
fn elements(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let end = if let Some(quoted) = rest.strip_prefix('"') {
            quoted.find('"').map_or(rest.len(), |i| i + 2)
        } else {
            rest.find(char::is_whitespace).unwrap_or(rest.len())
        };
        out.push(rest[..end].to_owned());
        rest = rest[end..].trim_start();
    }
    out
}

/// Each ScoreTable of `text` whose specification starts with `start`: its column names and rows.
fn tables(text: &str, start: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(spec) = line.strip_prefix("[ScoreTable \"") else {
            continue;
        };
        if !spec.starts_with(start) {
            continue;
        }
        let names = spec
            .trim_end_matches("\"]")
            .split(';')
            .map(|c| c.split('\\').next().unwrap().to_owned())
            .collect();
        let mut rows = Vec::new();
        while let Some(row) = lines.peek() {
            if row.trim().is_empty() || row.starts_with('[') {
                break;
            }
            rows.push(elements(row));
            lines.next();
        }
        out.push((names, rows));
    }
    out
}

/// Ruter's file with its traveller's last three columns (IMP_NS, IMP_EW, ButlerDatum) taken
/// out, or (`blank`) written `-`.
fn ruter_without_imps(text: &str, blank: bool) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let end = &line[body.len()..];
        if body.starts_with("[ScoreTable \"Table") {
            inside = true;
            if blank {
                out.push_str(line);
            } else {
                out.push_str(&body.replace(";IMP_NS\\3R;IMP_EW\\3R;ButlerDatum\\4R", ""));
                out.push_str(end);
            }
            continue;
        }
        if body.starts_with('[') || body.trim().is_empty() {
            inside = false;
        }
        if inside {
            let mut row = elements(body);
            row.truncate(row.len() - 3);
            if blank {
                row.extend(["-".to_owned(), "-".to_owned(), "-".to_owned()]);
            }
            out.push_str(&row.join(" "));
            out.push_str(end);
        } else {
            out.push_str(line);
        }
    }
    out
}

/// The IMPs and datums of Ruter's travellers as numbers: table by table, row by row.
fn imps(text: &str) -> Vec<Vec<[f64; 3]>> {
    tables(text, "Table")
        .into_iter()
        .map(|(names, rows)| {
            let at = |name: &str| names.iter().position(|n| n == name).unwrap();
            let (ns, ew, datum) = (at("IMP_NS"), at("IMP_EW"), at("ButlerDatum"));
            rows.iter()
                .map(|row| [ns, ew, datum].map(|c| row[c].parse::<f64>().unwrap()))
                .collect()
        })
        .collect()
}

#[test]
fn ruters_imps_and_datums_come_back_from_the_scores() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let original = std::fs::read(real.join(RUTER)).unwrap();
    // Ruter writes Latin-1: read it as such, byte for byte.
    let original: String = original.iter().map(|&b| b as char).collect();
    let expected = imps(&original);
    assert_eq!(expected.iter().map(Vec::len).sum::<usize>(), 168);
    let dir = tempfile::tempdir().unwrap();
    for blank in [false, true] {
        let stripped = ruter_without_imps(&original, blank);
        assert!(!stripped.contains("ButlerDatum\\4R\"]") || blank);
        let bytes: Vec<u8> = stripped.chars().map(|c| c as u8).collect();
        std::fs::write(dir.path().join("ruter.pbn"), &bytes).unwrap();
        let output = pbnfmt(&["score", "ruter.pbn"], dir.path());
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(
            text(&output.stderr).contains("ruter.pbn: 21 travellers scored\n"),
            "{}",
            text(&output.stderr)
        );
        let scored: String = output.stdout.iter().map(|&b| b as char).collect();
        assert_eq!(imps(&scored), expected, "blank: {blank}");
        // Every line outside the travellers is the input's.
        let outside = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| {
                    !l.starts_with(|c: char| c.is_ascii_digit()) && !l.starts_with("[ScoreTable")
                })
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(outside(&scored), outside(&stripped));
    }
}

/// The reference's wrong elements of `path` by column.
fn wrong_by_column(path: &Path) -> Option<BTreeMap<String, usize>> {
    if !common::python_has("endplay") {
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/travellers.py");
    let output = Command::new(common::python())
        .arg(script)
        .arg(path)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let verdict: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut columns = BTreeMap::new();
    for wrong in verdict["wrong"].as_array().unwrap() {
        *columns
            .entry(wrong[2].as_str().unwrap().to_owned())
            .or_default() += 1;
    }
    Some(columns)
}

/// Generated travellers with matchpoints, percentages, IMPs, datums and ranks put wrong: after
/// `score` the independent reference finds none of them wrong (the scores, which `score` does
/// not change, stay as they were).
#[test]
fn generated_travellers_are_corrected_as_the_reference_counts() {
    let dir = tempfile::tempdir().unwrap();
    let computed = [
        "MP_NS",
        "MP_EW",
        "IMP_NS",
        "IMP_EW",
        "Percentage_NS",
        "Percentage_EW",
        "ButlerDatum",
        "Rank",
    ];
    let mut corrected = 0;
    for (seed, kind) in [
        (7u64, Kind::Matchpoints),
        (10, Kind::Butler),
        (11, Kind::Cross),
        (12, Kind::Ranked),
    ] {
        let input = dir.path().join(format!("in-{seed}.pbn"));
        let text_in = travellers(200, seed, kind);
        std::fs::write(&input, &text_in).unwrap();
        let output = pbnfmt(&["score", input.to_str().unwrap()], dir.path());
        assert!(output.status.success(), "{}", text(&output.stderr));
        let out = dir.path().join(format!("out-{seed}.pbn"));
        std::fs::write(&out, &output.stdout).unwrap();
        // Four runs, the same bytes.
        for _ in 0..3 {
            assert_eq!(
                pbnfmt(&["score", input.to_str().unwrap()], dir.path()).stdout,
                output.stdout
            );
        }
        let (Some(before), Some(after)) = (wrong_by_column(&input), wrong_by_column(&out)) else {
            return;
        };
        let count = |wrong: &BTreeMap<String, usize>, computed_only: bool| -> usize {
            wrong
                .iter()
                .filter(|(column, _)| computed.contains(&column.as_str()) == computed_only)
                .map(|(_, n)| n)
                .sum()
        };
        assert_eq!(count(&after, true), 0, "seed {seed}: {after:?}");
        // What score leaves alone, the reference still finds.
        assert_eq!(count(&after, false), count(&before, false), "seed {seed}");
        corrected += count(&before, true);
    }
    assert!(corrected > 150, "{corrected} elements corrected");
}

/// A hand-made traveller: matchpoints written `-` are filled (2 a score beaten, PBN 4.2.3), a
/// comment, an unknown tag and a `%` line stay, and the percentage column keeps its decimals.
#[test]
fn a_club_traveller_is_completed_and_nothing_else_moves() {
    let dir = tempfile::tempdir().unwrap();
    let input = "% pbnfmt test\n[Event \"Club\"]\n[Board \"1\"]\n[Vulnerable \"None\"]\n\
        [Scoring \"MP\"]\n[MyTag \"kept\"]\n{ a comment }\n\
        [ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW\"]\n\
        1 11 4S N 10 420 - - - 10.0 90.0\n\
        2 12 4S N 11 450 - - - - -\n\
        3 13 4S N 10 420 - - - 50.0 50.0\n\
        4 14 3NT S 8 - 50 - - 0.0 100.0\n";
    std::fs::write(dir.path().join("club.pbn"), input).unwrap();
    let output = pbnfmt(&["score", "club.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let scored = text(&output.stdout);
    // By hand: 450 beats all three (6), each 420 beats -50 and ties (3), -50 beats none (0).
    assert_eq!(
        scored,
        input
            .replace("420 - - - 10.0 90.0", "420 - 3 3 50.0 50.0")
            .replace("450 - - - - -", "450 - 6 0 100.0 0.0")
            .replace("420 - - - 50.0 50.0", "420 - 3 3 50.0 50.0")
            .replace("50 - - 0.0 100.0", "50 0 6 0.0 100.0")
    );
    // Nothing left to do: the file is unchanged the second time, and `--check` says so.
    std::fs::write(dir.path().join("club.pbn"), &output.stdout).unwrap();
    let again = pbnfmt(&["score", "--check", "club.pbn"], dir.path());
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stdout));
}

/// Two sections on one board: matchpointed apart or across the field, the file does not say,
/// so the board is left and the run says why; an artificial score likewise.
#[test]
fn a_board_that_needs_a_guess_is_left_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let input = "[Board \"1\"]\n[Scoring \"MP\"]\n\
        [ScoreTable \"Section;PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
        A 1 11 420 - - -\nB 2 12 450 - - -\n\n\
        [Board \"2\"]\n[Scoring \"MP\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
        1 11 A60 - - -\n2 12 450 - - -\n";
    std::fs::write(dir.path().join("left.pbn"), input).unwrap();
    let output = pbnfmt(&["score", "left.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), input);
    assert_eq!(
        text(&output.stderr),
        "pbnfmt: left.pbn: 0 travellers scored; 2 left as they were: 1 with an artificial or \
         missing score, 1 with more than one Section (scored apart or across the field?)\n"
    );
}

/// Without a Scoring tag that names a method, `--scoring` says it: Butler-2 adds the IMPs and
/// the datum (the mean of 420, 170 and 140 without the extremes... of 5 scores, by hand).
#[test]
fn scoring_names_the_method_a_file_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let input = "[Board \"1\"]\n[Scoring \"?\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n\
        1 11 420 -\n2 12 170 -\n3 13 140 -\n4 14 130 -\n5 15 -50 -\n";
    std::fs::write(dir.path().join("teams.pbn"), input).unwrap();
    let without = pbnfmt(&["score", "teams.pbn"], dir.path());
    assert_eq!(text(&without.stdout), input);
    assert!(text(&without.stderr).contains("no scoring method"));
    let with = pbnfmt(
        &["score", "--scoring", "IMP;Butler-2", "teams.pbn"],
        dir.path(),
    );
    assert!(with.status.success(), "{}", text(&with.stderr));
    // Without +420 and -50: (170 + 140 + 130) / 3 = 146.67, 150 rounded to 10. 420 - 150 = 270:
    // 7 IMPs; 170: 20, 1; 140: -10, 0; 130: -20, -1; -50: -200, -5.
    assert_eq!(
        text(&with.stdout),
        "[Board \"1\"]\n[Scoring \"?\"]\n\
         [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
         1 11 420 - 7 -7 150\n2 12 170 - 1 -1 150\n3 13 140 - 0 0 150\n4 14 130 - -1 1 150\n\
         5 15 -50 - -5 5 150\n"
    );
    let bad = pbnfmt(&["score", "--scoring", "Rubber", "teams.pbn"], dir.path());
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("names no method"));
}

/// Ranks (PBN 5.9) by the score, ties sharing the best rank: a blank rank is filled, a wrong one
/// corrected, a tie broken by the producer (1 and 2 for two equal scores) kept, and a table that
/// marks its ties `2=` gets its marks; a table ranked by East-West's score stays in that order.
#[test]
fn ranks_follow_the_scores_as_the_table_writes_them() {
    let dir = tempfile::tempdir().unwrap();
    let north_south = "[Board \"1\"]\n[Scoring \"MP\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW;Rank\"]\n\
        1 11 420 - 3 3 -\n2 12 450 - 6 0 3\n3 13 420 - 3 3 2=\n4 14 - 50 0 6 -\n";
    std::fs::write(dir.path().join("ns.pbn"), north_south).unwrap();
    let output = pbnfmt(&["score", "ns.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    // By hand: 450 first; the two 420s tie for second (the table marks ties with `=`); -50 last.
    assert_eq!(
        text(&output.stdout),
        north_south
            .replace("420 - 3 3 -", "420 - 3 3 2=")
            .replace("450 - 6 0 3", "450 - 6 0 1")
            .replace("- 50 0 6 -", "- 50 0 6 4")
    );
    // A producer that breaks the tie (2 and 3) and ranks East-West's score, best first.
    let east_west = "[Board \"1\"]\n[Scoring \"MP\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Rank\"]\n\
        1 11 420 - 3\n2 12 450 - 4\n3 13 420 - 2\n4 14 - 50 7\n";
    std::fs::write(dir.path().join("ew.pbn"), east_west).unwrap();
    let output = pbnfmt(&["score", "ew.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let scored = text(&output.stdout);
    assert!(
        scored.contains("1 11 420 - 3 ") && scored.contains("3 13 420 - 2 "),
        "{scored}"
    );
    assert!(
        scored.contains("2 12 450 - 4 ") && scored.contains("4 14 - 50 1 "),
        "{scored}"
    );
}

/// A row whose ButlerDatum does not read (`560r`) keeps its IMPs, as R003 leaves it unjudged;
/// the other rows' IMPs are counted against their own datum (found by the `rewrite` fuzz target,
/// where `score` left them all and its proof saw R003's finding).
#[test]
fn a_datum_that_does_not_read_leaves_only_its_row() {
    let dir = tempfile::tempdir().unwrap();
    let input = "[Board \"1\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
        1 11 620 - 3 -3 560\n2 12 650 - 3 -3 560r\n3 13 600 - 0 0 560\n";
    std::fs::write(dir.path().join("datum.pbn"), input).unwrap();
    let output = pbnfmt(&["score", "datum.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    // By hand: 620 - 560 = 60, 2 IMPs; 600 - 560 = 40, 1 IMP.
    assert_eq!(
        text(&output.stdout),
        input
            .replace("620 - 3 -3", "620 - 2 -2")
            .replace("600 - 0 0", "600 - 1 -1")
    );
}

/// The hand-made event of `results.rs` (3 boards at 4 tables, its totals counted by hand there)
/// with board 1's matchpoints of tables 1 and 2 swapped, and a TotalScoreTable (PBN 5.10) that
/// added them up as written. `score` mends the board, so the totals it summed are stale: they
/// are written again from the mended boards, and the ranks with them. By hand: pair 1 has 5
/// (55.56 %), pair 2 6.5 (72.22 %), pair 11 4 (44.44 %), pair 12 2.5 (27.78 %); 2 is now 2nd, 1
/// 3rd, 11 6th, 12 7th. The rows stay in their places: only elements change.
#[test]
fn score_brings_the_totals_up_to_date() {
    let boards = [
        "1 11 420 - 3 0\n2 12 450 - 1.5 1.5\n3 13 420 - 1.5 1.5\n4 14 -50 - 0 3\n",
        "1 11 100 - 2 1\n2 12 -110 - 0.5 2.5\n3 13 -110 - 0.5 2.5\n4 14 140 - 3 0\n",
        "1 11 0 - 1.5 1.5\n2 12 50 - 3 0\n3 13 -100 - 0 3\n4 14 0 - 1.5 1.5\n",
    ];
    let mut event = String::new();
    for (b, rows) in boards.iter().enumerate() {
        event.push_str(&format!(
            "[Board \"{}\"]\n[Vulnerable \"None\"]\n[Scoring \"MP\"]\n\
             [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n{rows}\n",
            b + 1
        ));
    }
    let stale = "[TotalScoreTable \"Rank;PairId;TotalMP;TotalPercentage;NrBoards\"]\n\
                 1 13 7 77.78 3\n2 1 6.5 72.22 3\n3 2 5 55.56 3\n4 4 4.5 50.00 3\n\
                 5 14 4.5 50.00 3\n6 12 4 44.44 3\n7 11 2.5 27.78 3\n8 3 2 22.22 3\n";
    let input = format!("{event}[Event \"Totals\"]\n{stale}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("event.pbn"), &input).unwrap();
    let output = pbnfmt(&["score", "event.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let expected = input
        .replace("1 11 420 - 3 0", "1 11 420 - 1.5 1.5")
        .replace("2 12 450 - 1.5 1.5", "2 12 450 - 3 0")
        .replace("2 1 6.5 72.22 3", "3 1 5 55.56 3")
        .replace("3 2 5 55.56 3", "2 2 6.5 72.22 3")
        .replace("6 12 4 44.44 3", "7 12 2.5 27.78 3")
        .replace("7 11 2.5 27.78 3", "6 11 4 44.44 3");
    assert_eq!(text(&output.stdout), expected);
    assert!(
        text(&output.stderr).contains(
            "event.pbn: 3 travellers scored; 12 elements of the TotalScoreTable written again"
        ),
        "{}",
        text(&output.stderr)
    );
    // The result is what `check` calls right, and a second run changes nothing.
    std::fs::write(dir.path().join("event.pbn"), &output.stdout).unwrap();
    let check = pbnfmt(&["check", "--select", "R", "event.pbn"], dir.path());
    assert!(check.status.success(), "{}", text(&check.stdout));
    let again = pbnfmt(&["score", "--check", "event.pbn"], dir.path());
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stdout));

    // Totals the travellers do not give (a table of more sessions than the file holds) are
    // left as written, and said; the ranks still follow the table's own totals (R007 ranks by
    // TotalPercentage, its first total: pair 11's 17.78 is 6th, pair 12's 14.44 7th).
    let elsewhere = input
        .replace(" 7 77.78 3\n", " 17 77.78 3\n")
        .replace(" 6.5 72.22 3\n", " 16.5 72.22 3\n")
        .replace(" 5 55.56 3\n", " 15 55.56 3\n")
        .replace(" 4.5 50.00 3\n", " 14.5 50.00 3\n")
        .replace(" 4 44.44 3\n", " 14 44.44 3\n")
        .replace(" 2.5 27.78 3\n", " 12.5 27.78 3\n")
        .replace(" 2 22.22 3\n", " 12 22.22 3\n")
        .replace(" 77.78 ", " 37.78 ")
        .replace(" 72.22 ", " 32.22 ")
        .replace(" 55.56 ", " 25.56 ")
        .replace(" 50.00 ", " 20.00 ")
        .replace(" 44.44 ", " 14.44 ")
        .replace(" 27.78 ", " 17.78 ")
        .replace(" 22.22 ", " 12.22 ");
    std::fs::write(dir.path().join("elsewhere.pbn"), &elsewhere).unwrap();
    let output = pbnfmt(&["score", "elsewhere.pbn"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        elsewhere
            .replace("1 11 420 - 3 0", "1 11 420 - 1.5 1.5")
            .replace("2 12 450 - 1.5 1.5", "2 12 450 - 3 0")
            .replace("6 12 14 14.44 3", "7 12 14 14.44 3")
            .replace("7 11 12.5 17.78 3", "6 11 12.5 17.78 3")
    );
    assert!(
        text(&output.stderr)
            .contains("left as written, not the travellers' totals: TotalMP, TotalPercentage"),
        "{}",
        text(&output.stderr)
    );
}
