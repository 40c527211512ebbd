//! `pbnfmt fix` and `export --fix` (issue 23): the fixes `check` offers, applied as minimal
//! edits, proved, idempotent; unsafe ones only when asked.

use crate::common;

use std::fs;
use std::path::Path;

use common::{pbnfmt, text};

fn fixture() -> std::path::PathBuf {
    common::corpus().join("fix/loose-values.pbn")
}

/// The fixture fixed, with and without `--unsafe-fixes`: a snapshot each. The unsafe date
/// (`03.04.2019`) stays without the flag.
#[test]
fn each_fix_and_the_unsafe_one_only_when_asked() {
    let dir = fixture().parent().unwrap().to_owned();
    let safe = pbnfmt(&["fix", "loose-values.pbn"], &dir);
    assert_eq!(safe.status.code(), Some(0), "{}", text(&safe.stderr));
    let unsafe_ = pbnfmt(&["fix", "--unsafe-fixes", "loose-values.pbn"], &dir);
    let (safe, unsafe_) = (text(&safe.stdout), text(&unsafe_.stdout));
    assert!(safe.contains("[Date \"03.04.2019\"]"), "{safe}");
    assert!(unsafe_.contains("[Date \"2019.04.03\"]"), "{unsafe_}");
    // A date with a time (issue 43 item 5): where the Time tag holds the time already, the date
    // is fixed safely; else the Time tag is added on the next line by the unsafe fix only (PBN
    // 4.5.1's Time is the Site's local clock, a producer's is often UTC), the seconds not given
    // written `??`; not where a comment shares the date's line.
    assert!(
        safe.contains("[Date \"2024.06.03\"]\r\n[Time \"14:05:00\"]\r\n[Board \"6\"]"),
        "{safe}"
    );
    assert!(
        safe.contains("[Date \"2024-06-03 14:05\"]\r\n[Board \"7\"]"),
        "{safe}"
    );
    assert!(
        unsafe_.contains("[Date \"2024.06.03\"]\r\n[Time \"14:05:??\"]\r\n[Board \"7\"]"),
        "{unsafe_}"
    );
    for output in [&safe, &unsafe_] {
        assert!(
            output.contains("[Date \"2024-06-03 14:05\"] {started late}"),
            "{output}"
        );
    }
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!("fix-safe", safe);
        insta::assert_snapshot!("fix-unsafe", unsafe_);
    });
}

/// Every byte outside the fixed spans stays: the output is the input with exactly the edits
/// `check --output-format json` lists applied, and nothing else. Fixing again changes nothing;
/// fix then export is export --fix.
#[test]
fn fix_changes_only_the_fixed_spans_and_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let input = fs::read(fixture()).unwrap();
    fs::write(dir.path().join("a.pbn"), &input).unwrap();
    let json = pbnfmt(&["check", "--output-format", "json", "a.pbn"], dir.path());
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let mut edits: Vec<(usize, usize, String)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["fix"]["safety"] == "safe")
        .flat_map(|d| d["fix"]["edits"].as_array().unwrap().clone())
        .map(|edit| {
            let offset = |at: &str| edit["span"][at]["offset"].as_u64().unwrap() as usize;
            (
                offset("start"),
                offset("end"),
                edit["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(edits.len(), 16);
    edits.sort();
    let mut expected = Vec::new();
    let mut at = 0;
    for (start, end, text) in &edits {
        expected.extend_from_slice(&input[at..*start]);
        expected.extend_from_slice(text.as_bytes());
        at = *end;
    }
    expected.extend_from_slice(&input[at..]);
    let fixed = pbnfmt(&["fix", "a.pbn"], dir.path());
    assert_eq!(fixed.stdout, expected);

    // --write, then nothing more to fix.
    let written = pbnfmt(&["fix", "--write", "a.pbn"], dir.path());
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    assert_eq!(fs::read(dir.path().join("a.pbn")).unwrap(), expected);
    let again = pbnfmt(&["fix", "--check", "a.pbn"], dir.path());
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(text(&again.stderr).contains("1 file with nothing to fix"));

    // fix then export = export --fix.
    fs::write(dir.path().join("b.pbn"), &input).unwrap();
    let exported = pbnfmt(&["export", "a.pbn"], dir.path());
    let exported_fixed = pbnfmt(&["export", "--fix", "b.pbn"], dir.path());
    assert_eq!(exported_fixed.status.code(), exported.status.code());
    assert_eq!(exported.stdout, exported_fixed.stdout);
    // And without --fix, export keeps the loose spellings (as it always did).
    let plain = pbnfmt(&["export", "b.pbn"], dir.path());
    assert!(text(&plain.stdout).contains("[Contract \"3N\"]"));
}

/// `check` marks what `fix` repairs: `[*]` in concise output, a `fix` object in JSON, SARIF
/// `fixes`, and the count in the summary; `--select` limits what `fix` applies.
#[test]
fn check_marks_the_fixable_findings_and_select_limits_the_fix() {
    let dir = fixture().parent().unwrap().to_owned();
    let concise = pbnfmt(
        &["check", "--output-format", "concise", "loose-values.pbn"],
        &dir,
    );
    let concise = text(&concise.stdout);
    assert_eq!(concise.matches("] [*] ").count(), 16, "{concise}");
    assert!(
        concise.contains(
            "16 findings fixable with `pbnfmt fix` (2 more with `pbnfmt fix --unsafe-fixes`)."
        ),
        "{concise}"
    );
    let sarif = pbnfmt(
        &["check", "--output-format", "sarif", "loose-values.pbn"],
        &dir,
    );
    let sarif: serde_json::Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let fixes: Vec<_> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|result| result.get("fixes"))
        .collect();
    assert_eq!(fixes.len(), 18);
    let replacement = &fixes[0][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "2023.07.28");
    assert_eq!(replacement["deletedRegion"]["startLine"], 5);

    let only_contracts = pbnfmt(&["fix", "--select", "T007", "loose-values.pbn"], &dir);
    let only_contracts = text(&only_contracts.stdout);
    assert!(only_contracts.contains("[Contract \"3NT\"]"));
    assert!(only_contracts.contains("[Date \"2023-07-28\"]"));
    let unknown = pbnfmt(&["fix", "--select", "Z999", "loose-values.pbn"], &dir);
    assert_eq!(unknown.status.code(), Some(2));
}

/// The shared corpus, fixed: no finding with a safe fix remains, no rule finds more than it
/// did, and fixing the result again changes nothing.
#[test]
fn the_real_corpus_fixed_keeps_no_safe_fix_and_gains_no_finding() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let fixed = pbnfmt(
        &[
            "fix",
            real.to_str().unwrap(),
            "--out-dir",
            out.path().to_str().unwrap(),
        ],
        Path::new(env!("CARGO_MANIFEST_DIR")),
    );
    assert!(
        matches!(fixed.status.code(), Some(0 | 1)),
        "{}",
        text(&fixed.stderr)
    );
    let counts = |dir: &Path| {
        let output = pbnfmt(
            &[
                "check",
                "--output-format",
                "json",
                "--statistics",
                dir.to_str().unwrap(),
            ],
            Path::new(env!("CARGO_MANIFEST_DIR")),
        );
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let mut counts = std::collections::BTreeMap::new();
        for row in json["statistics"].as_array().unwrap() {
            *counts
                .entry(row["code"].as_str().unwrap().to_owned())
                .or_insert(0) += row["count"].as_u64().unwrap();
        }
        (counts, json["summary"]["fixable"].as_u64().unwrap())
    };
    let ((before, fixable_before), (after, fixable_after)) = (counts(&real), counts(out.path()));
    assert!(fixable_before > 10_000, "{fixable_before}");
    assert_eq!(fixable_after, 0);
    for (code, count) in &after {
        assert!(
            count <= before.get(code).unwrap_or(&0),
            "{code}: {count} after, {before:?}"
        );
    }
    let again = pbnfmt(
        &["fix", "--check", out.path().to_str().unwrap()],
        Path::new(env!("CARGO_MANIFEST_DIR")),
    );
    assert!(
        text(&again.stderr).contains(" 0 files would be rewritten")
            || text(&again.stderr).starts_with("0 files would"),
        "{}",
        text(&again.stderr)
    );
}

/// E008 in a file that declares `% EXPORT`: `fix` writes each value in its export form (the
/// form `export` writes), nothing else; and the fixtures of P015 and A017 fixed. A snapshot each.
#[test]
fn export_form_values_are_fixed_in_export_files() {
    for (name, path) in [
        (
            "fix-export-form",
            "corpus/invalid/export/non-canonical-value.pbn",
        ),
        (
            "fix-score-spellings",
            "corpus/fidelity/04-score-spellings.defect.pbn",
        ),
        ("fix-loose-card", "corpus/invalid/play/loose-card.pbn"),
        ("fix-loose-call", "corpus/invalid/auction/loose-call.pbn"),
    ] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let output = pbnfmt(&["fix", path], root);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let fixed = text(&output.stdout);
        assert_ne!(
            fixed.as_bytes(),
            fs::read(root.join(path)).unwrap(),
            "{path}"
        );
        common::snapshot_settings().bind(|| insta::assert_snapshot!(name, fixed));
        // Checked again, no export-form finding is left.
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("fixed.pbn"), &fixed).unwrap();
        let again = pbnfmt(
            &["check", "--output-format", "concise", "fixed.pbn"],
            dir.path(),
        );
        assert!(
            !text(&again.stdout).contains("[E008]"),
            "{}",
            text(&again.stdout)
        );
    }
}

/// T022: a tag given twice with the same value loses its second line; with another value, or
/// where a comment would come to follow another tag, it stays (a person decides).
#[test]
fn a_repeated_identical_tag_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    let input = "[Event \"A\"]\r\n[Board \"1\"]\r\n[Board \"1\"]\r\n[Site \"x\"]\r\n\
                 [Site \"y\"]\r\n[Room \"Open\"]\r\n[Room \"Open\"]\r\n{why}\r\n";
    fs::write(dir.path().join("a.pbn"), input).unwrap();
    let fixed = pbnfmt(&["fix", "a.pbn"], dir.path());
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));
    assert_eq!(
        text(&fixed.stdout),
        "[Event \"A\"]\r\n[Board \"1\"]\r\n[Site \"x\"]\r\n[Site \"y\"]\r\n[Room \"Open\"]\r\n\
         [Room \"Open\"]\r\n{why}\r\n"
    );
}

/// A date given with `##` (PBN 4.8) is fixed as a plain one is, and the games that inherit it
/// read the fixed date. Before, the proof compared the `##` value's spelling, so the fix of
/// `"##1998.4.01"` refused the file as a bug of pbnfmt's (W004); the mutation test found it.
#[test]
fn a_date_given_with_two_hashes_is_fixed_as_a_plain_one() {
    let dir = tempfile::tempdir().unwrap();
    let file =
        "[Event \"##Spring Pairs\"]\n[Date \"##1998.4.01\"]\n[Board \"1\"]\n\n[Board \"2\"]\n";
    fs::write(dir.path().join("a.pbn"), file).unwrap();
    let fixed = pbnfmt(&["fix", "a.pbn"], dir.path());
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));
    assert_eq!(text(&fixed.stdout), file.replace("1998.4.01", "1998.04.01"));
}

/// Issue 43 item 8 (PBN 3.8): a comment left open before a tag line (Bridge Composer's GIB
/// `{Feasability: ...`) is S002, which stops every rewrite; `fix --unsafe-fixes` closes it where
/// pbnfmt's reading ends it, so that export then works. Without the flag the file is refused.
#[test]
fn an_open_comment_is_closed_by_the_unsafe_fix() {
    let dir = tempfile::tempdir().unwrap();
    let input = fs::read(common::corpus().join("fidelity/02-brace-comment.defect.pbn")).unwrap();
    fs::write(dir.path().join("a.pbn"), &input).unwrap();
    let refused = pbnfmt(&["fix", "a.pbn"], dir.path());
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stderr));
    assert!(refused.stdout.is_empty());
    assert!(
        text(&refused.stderr).contains("S002"),
        "{}",
        text(&refused.stderr)
    );

    let fixed = pbnfmt(&["fix", "--unsafe-fixes", "a.pbn"], dir.path());
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));
    let fixed = text(&fixed.stdout);
    let line = "{Feasibility: 5 6 7 4 5 7 6 6 8 8 5 6 7 4 5 7 6 6 8 8}\n[West \"Robot\"]";
    assert!(fixed.contains(line), "{fixed}");
    // One `}` added, nothing else changed.
    assert_eq!(fixed.len(), input.len() + 1);
    fs::write(dir.path().join("b.pbn"), &fixed).unwrap();
    let check = pbnfmt(
        &["check", "--output-format", "concise", "b.pbn"],
        dir.path(),
    );
    assert!(
        !text(&check.stdout).contains("S002"),
        "{}",
        text(&check.stdout)
    );
    let export = pbnfmt(&["export", "b.pbn"], dir.path());
    assert_eq!(export.status.code(), Some(0), "{}", text(&export.stderr));
}

/// Issue 61, item 3: a seat written as its word in Dealer or Declarer (`north`, `North`,
/// `^SOUTH`), as four real files never seen by the project write it. Before, `export` wrote
/// `Dealer "north"` under `% EXPORT` and its output drew E007 ("in lowercase") that the input
/// lacked, with exit 0, and `check`'s summary promised that `export --write` would clear it.
/// Now the value is T003/T006 alone, with a safe fix that `fix` applies (the letter: PBN 3.4.9),
/// the export of such a file has no finding its input lacked, and after `fix` the file is clean.
/// The seat each word names is written here, not derived by pbnfmt.
#[test]
fn a_seat_written_as_its_word_is_fixed_and_never_promised_to_export() {
    let dir = tempfile::tempdir().unwrap();
    let game = |dealer: &str, declarer: &str| {
        format!(
            "[Event \"x\"]\r\n[Site \"x\"]\r\n[Date \"2024.01.01\"]\r\n[Board \"1\"]\r\n\
             [West \"a\"]\r\n[North \"b\"]\r\n[East \"c\"]\r\n[South \"d\"]\r\n\
             [Dealer \"{dealer}\"]\r\n[Vulnerable \"None\"]\r\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432\"]\r\n\
             [Scoring \"\"]\r\n[Declarer \"{declarer}\"]\r\n[Contract \"3NT\"]\r\n[Result \"9\"]\r\n"
        )
    };
    for (dealer, declarer, letter, seat) in [
        ("north", "south", "N", "S"),
        ("North", "^West", "N", "^W"),
        ("EAST", " east ", "E", "E"),
        ("west", "North", "W", "N"),
    ] {
        fs::write(dir.path().join("in.pbn"), game(dealer, declarer)).unwrap();
        let check = pbnfmt(
            &["check", "--output-format", "concise", "in.pbn"],
            dir.path(),
        );
        let said = text(&check.stdout);
        assert!(said.contains("error[T003] [*]"), "{said}");
        assert!(said.contains("error[T006] [*]"), "{said}");
        assert!(
            !said.contains("E007") && !said.contains("export --write"),
            "{said}"
        );
        // The export keeps the value as it is, and adds no finding.
        let export = pbnfmt(&["export", "in.pbn"], dir.path());
        fs::write(dir.path().join("out.pbn"), &export.stdout).unwrap();
        let again = pbnfmt(
            &["check", "--output-format", "concise", "out.pbn"],
            dir.path(),
        );
        let codes = |report: &str| {
            let mut codes: Vec<String> = report
                .lines()
                .filter_map(|line| line.split_once('[').map(|(_, rest)| rest[..4].to_owned()))
                .collect();
            codes.sort();
            codes
        };
        assert_eq!(
            codes(&text(&again.stdout)),
            codes(&said),
            "{dealer} {declarer}"
        );
        // `fix` writes the letters, and the file is clean.
        let fixed = pbnfmt(&["fix", "in.pbn"], dir.path());
        let fixed = text(&fixed.stdout);
        assert!(fixed.contains(&format!("[Dealer \"{letter}\"]")), "{fixed}");
        assert!(fixed.contains(&format!("[Declarer \"{seat}\"]")), "{fixed}");
        fs::write(dir.path().join("fixed.pbn"), &fixed).unwrap();
        let clean = pbnfmt(&["check", "fixed.pbn"], dir.path());
        assert_eq!(clean.status.code(), Some(0), "{}", text(&clean.stdout));
    }
}
