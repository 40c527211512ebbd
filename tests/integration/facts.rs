//! The facts pbnfmt derives from a deal are the file's (issue 60, item 3): a hand the file does
//! not give with certainty (Bridge Composer's hidden `...`, `x` spot cards, a card dealt twice)
//! has no HCP or shape: null in JSON lines, CSV, pandas; left out of `stats`' counts; false in a
//! `select` comparison. The fixture `corpus/facts/unknown-hands.pbn` says what each board holds.

use std::process::Command;

use crate::common::{self, pbnfmt, text};

const FIXTURE: &str = "facts/unknown-hands.pbn";

/// Which hands each board gives for certain, from the fixture's own words: board 1 hides East
/// and West, board 2's North has spot cards, board 3 deals the club ace to North and to West.
const KNOWN: [(&str, [bool; 4]); 4] = [
    ("1", [true, false, true, false]),
    ("2", [false, true, true, true]),
    ("3", [false, true, true, false]),
    ("4", [true, true, true, true]),
];

/// High-card points of the hands as written, counted here (N, E, S, W).
const HCP: [u8; 4] = [37, 3, 0, 0];

#[test]
fn json_lines_and_csv_give_no_facts_of_a_hand_not_given() {
    let root = common::corpus();
    let output = pbnfmt(&["convert", "--to", "jsonl", FIXTURE], &root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let games: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(games.len(), 4);
    for (game, (board, known)) in games.iter().zip(KNOWN) {
        assert_eq!(game["board"], board);
        for (i, seat) in ["N", "E", "S", "W"].into_iter().enumerate() {
            let hand = &game["hands"][seat];
            if known[i] {
                assert_eq!(hand["hcp"], HCP[i], "board {board} {seat}");
            } else {
                assert!(hand.is_null(), "board {board} {seat}: {hand}");
                assert!(game["deal"][seat].is_null(), "board {board} {seat}");
            }
        }
    }
    let output = pbnfmt(
        &[
            "convert",
            "--to",
            "csv",
            "--columns",
            "board,hcp_n,hcp_e,hcp_s,hcp_w,shape_n,shape_w",
            FIXTURE,
        ],
        &root,
    );
    // CSV's own line end (RFC 4180).
    assert_eq!(
        text(&output.stdout).replace("\r\n", "\n"),
        "board,hcp_n,hcp_e,hcp_s,hcp_w,shape_n,shape_w\n\
         1,37,,0,,4-3-3-3,\n\
         2,,3,0,0,,1-4-4-4\n\
         3,,3,0,,,\n\
         4,37,3,0,0,4-3-3-3,1-4-4-4\n"
    );
}

#[test]
fn stats_count_only_the_hands_given() {
    let output = pbnfmt(&["stats", FIXTURE], &common::corpus());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let table = text(&output.stdout);
    assert!(
        table.starts_with("4 boards, 1 with four hands given,"),
        "{table}"
    );
    // Facts no board gives are absent, not zeros (issue 60, item 6): no contract, no table.
    for absent in [
        "\ncontracts      none given\n",
        "\nresults        none given\n",
        "\nslams          bid -, made -, makeable -, bid where makeable -\n",
    ] {
        assert!(table.contains(absent), "{absent:?} in:\n{table}");
    }
    let json = pbnfmt(
        &["stats", "--output-format", "json", FIXTURE],
        &common::corpus(),
    );
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(json["results"]["made"].is_null() && json["slams"]["makeable"].is_null());
    assert_eq!(json["boards"]["dealt"], 1);
    // Per seat: the boards that give the hand, and the mean of its points.
    for (i, seat) in ["North", "East", "South", "West"].into_iter().enumerate() {
        let hands = KNOWN.iter().filter(|(_, known)| known[i]).count();
        let line = table
            .lines()
            .find(|line| line.trim_start().starts_with(seat))
            .unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[1], hands.to_string(), "{line}");
        assert_eq!(words[2], format!("{:.2}", f64::from(HCP[i])), "{line}");
    }
}

#[test]
fn a_comparison_with_a_hand_not_given_is_false() {
    let chosen = |expr: &str| -> Vec<String> {
        let output = pbnfmt(&["select", "--where", expr, FIXTURE], &common::corpus());
        text(&output.stdout)
            .lines()
            .filter_map(|line| line.strip_prefix("[Board \""))
            .map(|rest| rest.trim_end_matches("\"]").to_owned())
            .collect()
    };
    // North's hand is not given on boards 2 and 3: `hcp(north) <= 5` cannot be true there.
    assert_eq!(chosen("hcp(north) <= 5"), Vec::<String>::new());
    assert_eq!(chosen("hcp(north) >= 30"), ["1", "4"]);
    assert_eq!(chosen("not hcp(north) >= 30"), ["2", "3"]);
    assert_eq!(chosen("hcp(west) == 0"), ["2", "4"]);
}

/// pandas reads the CSV and the JSON lines with the unknown hands missing (NaN), not 0.
#[test]
fn pandas_sees_the_hands_not_given_as_missing() {
    if !common::python_has("pandas") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let output = pbnfmt(
        &[
            "convert",
            "--to",
            "csv",
            "--columns",
            "board,hcp_n,hcp_e,hcp_s,hcp_w",
            "-o",
            csv.to_str().unwrap(),
            FIXTURE,
        ],
        &common::corpus(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let script = "import sys, pandas\n\
        frame = pandas.read_csv(sys.argv[1])\n\
        print(frame[['hcp_n', 'hcp_e', 'hcp_s', 'hcp_w']].isna().sum().tolist(), \
        frame['hcp_n'].mean())";
    let python = Command::new(common::python())
        .args(["-c", script, csv.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(python.status.success(), "{}", text(&python.stderr));
    let missing: Vec<usize> = (0..4)
        .map(|i| KNOWN.iter().filter(|(_, known)| !known[i]).count())
        .collect();
    assert_eq!(text(&python.stdout).trim(), format!("{missing:?} 37.0"));
}

/// Issue 60: the hand record of a board whose file's OptimumScore contradicts its table (H004)
/// prints one consistent pair, the table's par with its contracts, and warns on standard error;
/// `show` does the same. The table: North and South take 13 tricks in notrump, nobody
/// vulnerable: par NS 1520 (7NT), where the file says NS 2220.
#[test]
fn a_contradicted_optimum_score_prints_the_tables_par_and_warns() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("par.pbn"),
        "[Event \"Par\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
         [DoubleDummyTricks \"dddddddddd0000000000\"]\n[OptimumScore \"NS 2220\"]\n",
    )
    .unwrap();
    let warning = "board 1: the file's OptimumScore (NS 2220) is not the par of its \
                   double-dummy table (NS 1520, H004): the table's par is printed";
    let html = pbnfmt(&["handrecord", "par.pbn", "--force"], dir.path());
    // The par as read: the markup that keeps each part on one line off.
    let page = text(&html.stdout)
        .replace("<span class=\"whole\">", "")
        .replace("</span>", "");
    assert!(page.contains("Par NS 1520 (7NT by N-S)"), "{page}");
    assert!(!page.contains("2220"), "{page}");
    assert!(
        text(&html.stderr).contains(warning),
        "{}",
        text(&html.stderr)
    );
    let shown = pbnfmt(&["show", "par.pbn"], dir.path());
    assert!(
        text(&shown.stdout).contains("Par NS 1520 (7NT by North-South)"),
        "{}",
        text(&shown.stdout)
    );
    assert!(
        text(&shown.stderr).contains(warning),
        "{}",
        text(&shown.stderr)
    );
}
