//! README, "Use it": every `pbnfmt` command shown there is run here, word for word, with `sh` in a
//! temporary directory holding `hands.pbn` and an `archive/` tree, the built binary first on the
//! `PATH`. A command added to the README without an expectation here fails the test, and so does
//! an expectation whose command left the README.

use crate::common;

use std::fs;
use std::path::Path;

/// Each command and its exit status.
const EXPECTED: &[(&str, i32)] = &[
    ("pbnfmt check hands.pbn", 0),
    ("pbnfmt show hands.pbn --board 1", 0),
    ("pbnfmt export hands.pbn > hands.export.pbn", 0),
    ("pbnfmt check --output-format github .", 1),
    ("pbnfmt export --check .", 1),
    (
        "pbnfmt check --output-format sarif --exit-zero . > pbnfmt.sarif",
        0,
    ),
    ("pbnfmt check archive --statistics", 1),
    ("pbnfmt check archive --output-format json > report.json", 1),
    ("pbnfmt export archive --out-dir exported", 0),
    ("pbnfmt check exported -q", 1),
    (
        "find archive -iname '*.pbn' | pbnfmt check --files-from -",
        1,
    ),
    ("pbnfmt fix --unsafe-fixes hands.pbn > fixed.pbn", 0),
    ("pbnfmt resolve hands.pbn > resolved.pbn", 0),
    ("pbnfmt nag hands.pbn > nags.pbn", 0),
    ("pbnfmt dedup archive --out-dir deduped", 0),
    ("pbnfmt fingerprint archive/clean.pbn", 0),
    ("pbnfmt convert --to lin hands.pbn > hands.lin", 0),
    ("pbnfmt convert --to jsonl hands.pbn > games.jsonl", 0),
    ("pbnfmt rule D003", 0),
    ("pbnfmt rotate --by 1 hands.pbn > turned.pbn", 0),
    ("pbnfmt rotate --by 3 turned.pbn | cmp - hands.pbn", 0),
    (
        "pbnfmt renumber --from 5 --keep-original hands.pbn > renumbered.pbn",
        0,
    ),
    (
        "pbnfmt select --where 'hcp(north) >= 12 and auction ~ \"1D P 1H P 3NT AP\"' hands.pbn > chosen.pbn",
        0,
    ),
    (
        "pbnfmt select --boards 2-8 --rejected rest.pbn hands.pbn > boards-2-8.pbn",
        0,
    ),
    ("pbnfmt stats hands.pbn", 0),
    (
        "pbnfmt stats --where 'level >= 6' --output-format json hands.pbn",
        0,
    ),
    (
        "pbnfmt set-tag --set 'Event=Monday pairs' --remove Scoring hands.pbn > retagged.pbn",
        0,
    ),
    ("pbnfmt split --every 4 --out-dir parts hands.pbn", 0),
    (
        "pbnfmt merge parts/hands-01.pbn turned.pbn --shuffle 7 --renumber -o session.pbn",
        0,
    ),
    (
        "pbnfmt replicate --blocks 9 --size 4 hands.pbn > nine-tables.pbn",
        0,
    ),
    (
        "pbnfmt handrecord --per-page 6 --suit-size 150 -o session.pdf hands.pbn",
        0,
    ),
    ("pbnfmt handrecord --results -o results.pdf hands.pbn", 0),
];

/// The commands of the README's "Use it" section: shell lines and `run:` steps that call pbnfmt.
fn readme_commands() -> Vec<String> {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme
        .find("\n## Use it\n")
        .expect("README has a Use it section");
    let section = &readme[start + 1..];
    let section = &section[..section[3..]
        .find("\n## ")
        .map_or(section.len(), |end| end + 3)];
    let mut commands = Vec::new();
    // Python's blocks (README "From Python") call the module, not the command: a test of
    // python/tests runs them.
    for block in common::fenced_blocks(section) {
        if block.info == "python" {
            continue;
        }
        for line in block.lines {
            let line = line.trim_start().trim_start_matches("- ");
            let line = line.strip_prefix("run: ").unwrap_or(line);
            if line.contains("pbnfmt ") && !line.starts_with('#') && !line.contains("cargo install")
            {
                commands.push(line.to_owned());
            }
        }
    }
    commands
}

#[test]
fn every_command_of_the_readme_uses_runs_as_described() {
    let commands = readme_commands();
    let expected: Vec<&str> = EXPECTED.iter().map(|(command, _)| *command).collect();
    assert_eq!(
        commands, expected,
        "the README's commands and this test's list differ"
    );
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    common::examples_sandbox(root);
    for (command, status) in EXPECTED {
        let output = common::shell(command, root).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(*status),
            "{command}\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    // What the commands left behind.
    let export = fs::read_to_string(root.join("hands.export.pbn")).unwrap();
    assert!(export.starts_with("% PBN 2.1\r\n% EXPORT\r\n"), "{export}");
    let sarif: serde_json::Value =
        serde_json::from_slice(&fs::read(root.join("pbnfmt.sarif")).unwrap()).unwrap();
    assert_eq!(sarif["runs"][0]["results"][0]["ruleId"], "D003");
    let report: serde_json::Value =
        serde_json::from_slice(&fs::read(root.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["summary"]["files"], 2);
    assert!(root.join("exported/1998/misprint.PBN").is_file());
    assert!(root.join("exported/clean.pbn").is_file());
    let turned = fs::read_to_string(root.join("turned.pbn")).unwrap();
    assert!(turned.contains("[Dealer \"E\"]"), "{turned}");
    let renumbered = fs::read_to_string(root.join("renumbered.pbn")).unwrap();
    assert!(
        renumbered.contains("[Board \"5\"]\n[OriginalBoard \"1\"]"),
        "{renumbered}"
    );
    // North's 13 points and the auction: board 1 is chosen; it is not among boards 2-8.
    let chosen = fs::read_to_string(root.join("chosen.pbn")).unwrap();
    assert!(chosen.contains("[Board \"1\"]"), "{chosen}");
    let numbered = fs::read_to_string(root.join("boards-2-8.pbn")).unwrap();
    assert!(!numbered.contains("[Board "), "{numbered}");
    let session = fs::read_to_string(root.join("session.pbn")).unwrap();
    assert!(
        session.contains("[Board \"1\"]") && session.contains("[Board \"2\"]"),
        "{session}"
    );
    let retagged = fs::read_to_string(root.join("retagged.pbn")).unwrap();
    assert!(retagged.contains("[Event \"Monday pairs\"]") && !retagged.contains("[Scoring "));
    let lin = fs::read_to_string(root.join("hands.lin")).unwrap();
    assert!(lin.contains("md|3"), "{lin}");
    let games = fs::read_to_string(root.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 1, "{games}");
    assert!(root.join("deduped/clean.pbn").is_file());
    let rest = fs::read_to_string(root.join("rest.pbn")).unwrap();
    assert!(rest.contains("[Board \"1\"]"), "{rest}");
    // Board 1 and its copies on boards 5, 9, ... 33.
    let tables = fs::read_to_string(root.join("nine-tables.pbn")).unwrap();
    assert_eq!(
        tables.matches("[VirtualBoard \"1\"]").count(),
        8,
        "{tables}"
    );
    assert!(tables.contains("[Board \"33\"]") && tables.contains("[BlockNumber \"9\"]"));
}
