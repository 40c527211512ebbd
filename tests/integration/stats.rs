//! `pbnfmt stats` (issue 46, item 4): the counts of a real session's 1,205 boards, checked
//! against counts made here from the file's text without pbnfmt; the three formats agree; a
//! `--where` selection counts what `select` keeps.

use std::collections::BTreeMap;

use crate::common;

const SESSION: &str =
    "jarekczek__pbntools/test__test_9_pary_www_szczyrk_20131108__131108szczyrk.pbn";

fn value<'a>(line: &'a str, tag: &str) -> Option<&'a str> {
    line.strip_prefix(&format!("[{tag} \""))?.split('"').next()
}

/// Contracts by `4S`/`3NT`, made and down, and North's points, read from the lines of a file
/// whose every game gives its Contract, then its Result, and a whole Deal.
fn counted_here(text: &str) -> (BTreeMap<String, u64>, u64, u64, u64, f64) {
    let mut contracts = BTreeMap::new();
    let (mut made, mut down, mut passed) = (0, 0, 0);
    let (mut points, mut hands) = (0u64, 0u64);
    let mut level = None;
    for line in text.lines() {
        if let Some(contract) = value(line, "Contract") {
            if contract == "Pass" {
                passed += 1;
                level = None;
                continue;
            }
            let contract = contract.trim_end_matches('X');
            let strain = match &contract[1..] {
                "N" | "NT" => "NT",
                strain => strain,
            };
            *contracts
                .entry(format!("{}{strain}", &contract[..1]))
                .or_insert(0) += 1;
            level = contract[..1].parse::<i64>().ok();
        } else if let Some(result) = value(line, "Result") {
            if let (Some(level), Ok(tricks)) = (level.take(), result.parse::<i64>()) {
                if tricks >= level + 6 {
                    made += 1;
                } else {
                    down += 1;
                }
            }
        } else if let Some(deal) = value(line, "Deal") {
            points += u64::from(common::hcp(common::north_hand(deal).unwrap()));
            hands += 1;
        }
    }
    (contracts, made, down, passed, points as f64 / hands as f64)
}

#[test]
fn a_sessions_counts_equal_counts_made_from_its_text() {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
        return;
    };
    let input = real.join(SESSION);
    let text = String::from_utf8_lossy(&std::fs::read(&input).unwrap()).into_owned();
    let (contracts, made, down, passed, north_mean) = counted_here(&text);
    assert!(made > 0 && down > 0 && contracts.len() > 10);
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["stats"];
        all.extend_from_slice(args);
        all.push(input.to_str().unwrap());
        let output = common::pbnfmt(&all, dir.path());
        assert!(output.status.success(), "{}", common::text(&output.stderr));
        common::text(&output.stdout)
    };
    let json: serde_json::Value = serde_json::from_str(&run(&["--output-format", "json"])).unwrap();
    assert_eq!(json["boards"]["boards"], 1205);
    for (contract, count) in &contracts {
        assert_eq!(json["contracts"][contract], *count, "{contract}");
    }
    let bid: u64 = contracts.values().sum();
    assert_eq!(json["contracts"]["with_contract"], bid + passed);
    assert_eq!(json["contracts"]["passed_out"], passed);
    assert_eq!(json["results"]["made"], made);
    assert_eq!(json["results"]["down"], down);
    let mean = json["hcp"]["north_mean"].as_f64().unwrap();
    assert!((mean - north_mean).abs() < 0.005, "{mean} {north_mean}");
    // The CSV says the same, row for row.
    let csv = run(&["--output-format", "csv"]);
    assert!(csv.starts_with("section,key,value\r\n"));
    assert!(csv.contains(&format!("results,made,{made}\r\n")), "{csv}");
    assert!(csv.contains(&format!("contracts,3NT,{}\r\n", contracts["3NT"])));
    // The table, for a terminal.
    let table = run(&[]);
    assert!(
        table.starts_with("1205 boards, 1205 with four hands given"),
        "{table}"
    );
    // A selection counts what `select` keeps.
    let slams = run(&["--where", "level >= 6", "--output-format", "json"]);
    let slams: serde_json::Value = serde_json::from_str(&slams).unwrap();
    let bid_slams: u64 = contracts
        .iter()
        .filter(|(contract, _)| contract.starts_with('6') || contract.starts_with('7'))
        .map(|(_, count)| count)
        .sum();
    assert_eq!(slams["boards"]["boards"], bid_slams);
    assert_eq!(slams["slams"]["bid"], bid_slams);
    let kept = common::pbnfmt(
        &["select", "--where", "level >= 6", input.to_str().unwrap()],
        dir.path(),
    );
    let kept = common::text(&kept.stdout);
    assert_eq!(kept.matches("\n[Deal \"").count() as u64, bid_slams);
}

/// A bad expression is the same usage error as in `select`; no path says what is needed.
#[test]
fn usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), common::GAME).unwrap();
    let output = common::pbnfmt(&["stats", "--where", "hcp(x) > 1", "a.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(common::text(&output.stderr).contains("not a seat or a side"));
    let output = common::pbnfmt(&["stats"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(common::text(&output.stderr).contains("name the files"));
}
