//! `pbnfmt replicate` (issue 46, item 5): pbnfmt's copies are Bridge Composer's, tag for tag, on
//! a block-replicated set Bridge Composer wrote; and on every file of the shared corpus that can
//! be replicated, the output draws no rule (`--extend-select ALL`) that the input did not, but
//! H006 and H007, which the README names.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common;

/// Bridge Composer's "ABS2-2 Developing Tricks" set: 4 boards for 9 tables, 36 boards in all.
const COMPOSED: &str = "Rick-Wilson__bridge-wrangler/tests__fixtures__input__ABS2-2_-_4x9.pbn";

/// The tags a copy is made of, as each game of `text` gives them, game by game.
fn copies(text: &str) -> Vec<Vec<(String, String)>> {
    const NAMES: [&str; 8] = [
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "VirtualBoard",
        "VirtualDealer",
        "VirtualVulnerable",
        "BlockNumber",
    ];
    let mut games = Vec::new();
    for game in text.split("[Board ").skip(1) {
        let game = format!("[Board {game}");
        let tags = NAMES
            .iter()
            .filter_map(|name| {
                let start = game.find(&format!("[{name} \""))? + name.len() + 3;
                let end = start + game[start..].find('"')?;
                Some(((*name).to_owned(), game[start..end].to_owned()))
            })
            .collect();
        games.push(tags);
    }
    games
}

#[test]
fn pbnfmts_copies_are_bridge_composers() {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
        return;
    };
    let composed = std::fs::read_to_string(real.join(COMPOSED)).unwrap();
    // Its first four boards are the set (the fifth game starts at board 5's Event).
    let cut = composed
        .find("[Event \"\"]\n[Site \"\"]\n[Date \"\"]\n[Board \"5\"]")
        .unwrap();
    let work = tempfile::tempdir().unwrap();
    let set = work.path().join("set.pbn");
    std::fs::write(&set, &composed[..cut]).unwrap();
    let output = common::pbnfmt(
        &["replicate", "--blocks", "9", set.to_str().unwrap()],
        work.path(),
    );
    assert!(output.status.success(), "{}", common::text(&output.stderr));
    let ours = common::text(&output.stdout);
    assert!(ours.starts_with(&composed[..cut]), "the set itself is kept");
    let (ours, theirs) = (copies(&ours), copies(&composed));
    assert_eq!(ours.len(), 36);
    assert_eq!(ours, theirs);
}

/// The codes `check --extend-select ALL` draws on `file`.
fn codes(file: &Path, dir: &Path) -> BTreeSet<String> {
    let output = common::pbnfmt(
        &[
            "check",
            "--extend-select",
            "ALL",
            "--output-format",
            "json",
            file.to_str().unwrap(),
        ],
        dir,
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| finding["code"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_replicated_file_draws_no_rule_its_input_did_not() {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let (mut replicated, mut refused) = (0, 0);
    for (i, file) in common::pbn_files(&real).iter().enumerate() {
        let output = common::pbnfmt(
            &["replicate", "--blocks", "3", file.to_str().unwrap()],
            work.path(),
        );
        if output.status.code() == Some(1) {
            // Refused with its reasons, W013 or the reading's.
            assert!(!common::text(&output.stderr).is_empty());
            refused += 1;
            continue;
        }
        assert!(output.status.success(), "{}", file.display());
        let out = work.path().join(format!("replicated-{i}.pbn"));
        std::fs::write(&out, &output.stdout).unwrap();
        let before = codes(file, work.path());
        let new: Vec<String> = codes(&out, work.path())
            .difference(&before)
            .filter(|code| *code != "H006" && *code != "H007")
            .cloned()
            .collect();
        assert!(new.is_empty(), "{}: {new:?}", file.display());
        replicated += 1;
    }
    eprintln!("replicated {replicated} files, {refused} refused");
    assert!(replicated >= 40, "{replicated}");
}
