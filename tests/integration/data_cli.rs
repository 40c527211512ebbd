//! `convert --to jsonl|csv` as people who analyse archives run it: a tree to one stream, rows as
//! many as the games, one CSV header, `--with-findings` valid against the schema, and pandas
//! loading both outputs where it is installed.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common;
use common::{pbnfmt, text};

/// Parses RFC 4180 CSV: rows of fields (quoted fields may hold commas, quotes and line ends).
fn parse_csv(data: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = data.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    rows
}

fn games_of(dir: &Path, path: &str) -> usize {
    let output = pbnfmt(&["check", "--output-format", "json", path], dir);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    report["summary"]["games"].as_u64().unwrap() as usize
}

#[test]
fn a_tree_becomes_one_stream_of_lines_and_rows() {
    let root = common::corpus();
    let games = games_of(&root, "valid");
    let jsonl = pbnfmt(&["convert", "--to", "jsonl", "valid"], &root);
    assert_eq!(jsonl.status.code(), Some(0), "{}", text(&jsonl.stderr));
    assert_eq!(text(&jsonl.stdout).lines().count(), games);
    let csv = pbnfmt(&["convert", "--to", "csv", "valid"], &root);
    assert_eq!(csv.status.code(), Some(0), "{}", text(&csv.stderr));
    let rows = parse_csv(&text(&csv.stdout));
    assert_eq!(rows.len(), games + 1, "one header, then a row a game");
    assert_eq!(rows[0][0], "file");
    assert!(rows.iter().all(|row| row.len() == rows[0].len()));
    // The columns asked for, in their order; a tag by name.
    let picked = pbnfmt(
        &[
            "convert",
            "--to",
            "csv",
            "--columns",
            "board,tag:Event,contract",
            "valid/spec",
        ],
        &root,
    );
    let rows = parse_csv(&text(&picked.stdout));
    assert_eq!(rows[0], ["board", "tag:Event", "contract"]);
    // One row per call, keyed by file and game.
    let calls = pbnfmt(
        &["convert", "--to", "csv", "--table", "calls", "valid"],
        &root,
    );
    let rows = parse_csv(&text(&calls.stdout));
    assert_eq!(
        rows[0],
        ["file", "game", "index", "seat", "call", "nags", "note"]
    );
    assert!(rows.len() > games);
    // A column that is not one is a usage error.
    let wrong = pbnfmt(
        &["convert", "--to", "csv", "--columns", "bored", "valid"],
        &root,
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(text(&wrong.stderr).contains("`bored` is not a column"));
}

#[test]
fn findings_travel_with_their_game() {
    let root = common::corpus();
    let output = pbnfmt(
        &[
            "convert",
            "--to",
            "jsonl",
            "--with-findings",
            "invalid/auction/insufficient-bid.pbn",
        ],
        &root,
    );
    let line: Value = serde_json::from_slice(&output.stdout).unwrap();
    let findings = line["findings"].as_array().unwrap();
    assert!(findings.iter().any(|f| f["code"] == "A004"), "{findings:?}");
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(common::corpus().join("../docs/jsonl.schema.json")).unwrap(),
    )
    .unwrap();
    assert!(jsonschema::is_valid(&schema, &line));
}

/// pandas reads both outputs, where Python with pandas is installed (skipped otherwise, saying so).
#[test]
fn pandas_loads_both_outputs() {
    let has_pandas = Command::new(common::python())
        .args(["-c", "import pandas"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_pandas {
        common::cannot_run("Python with pandas is not installed (PBNFMT_PYTHON, python3)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = common::corpus();
    let games = games_of(&root, "valid");
    for (to, file) in [("jsonl", "games.jsonl"), ("csv", "games.csv")] {
        let out = dir.path().join(file);
        let output = pbnfmt(
            &["convert", "--to", to, "-o", out.to_str().unwrap(), "valid"],
            &root,
        );
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let read = if to == "jsonl" {
            "pandas.read_json(sys.argv[1], lines=True)"
        } else {
            "pandas.read_csv(sys.argv[1])"
        };
        let script = format!("import sys, pandas; print(len({read}))");
        let python = Command::new(common::python())
            .args(["-c", &script, out.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(python.status.success(), "{}", text(&python.stderr));
        assert_eq!(text(&python.stdout).trim(), games.to_string());
    }
}
