//! The layers of `src/` import one way (ARCHITECTURE.md, "Layers"; issue 42): the front knows
//! nothing of rules, the model does no file I/O, the rules name none of the commands that raise
//! them, every finding is worded under `rules/`, one module reads chunks for every command, and
//! no import circle ties the top-level modules together. Read from the source text: the code before a file's first `#[cfg(test)]`
//! (the test modules close each file).

use std::fs;
use std::path::{Path, PathBuf};

use crate::common;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, as (path from `dir`, the code before its tests).
fn code_below(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let root = dir.to_path_buf();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = fs::read_to_string(&path).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap_or("");
                // Doc and line comments name modules without importing them.
                let code: String = code
                    .lines()
                    .filter(|line| !line.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                let name = path.strip_prefix(&root).unwrap().display().to_string();
                out.push((name, code));
            }
        }
    }
    out.sort();
    out
}

/// The files of `paths` (below `src/`) whose code names any of `banned`.
fn naming(paths: &[&str], banned: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for path in paths {
        let full = src().join(path);
        let files = if full.is_dir() {
            code_below(&full)
        } else {
            let text = fs::read_to_string(&full).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_owned();
            vec![(path.to_string(), code)]
        };
        for (name, code) in files {
            for word in banned {
                if code.contains(word) {
                    found.push(format!("{name} names {word}"));
                }
            }
        }
    }
    found
}

#[test]
fn the_front_knows_nothing_of_rules_or_commands() {
    let front = ["source.rs", "lexer.rs", "syntax.rs", "parser"];
    let found = naming(
        &front,
        &[
            "crate::rules",
            "crate::read",
            "crate::model",
            "crate::check",
            "crate::export",
            "crate::proof",
            "Rule::",
        ],
    );
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_model_does_no_file_io_and_names_no_rule() {
    let found = naming(
        &["model"],
        &[
            "std::fs",
            "File::",
            "std::io::Read",
            "crate::rules",
            "crate::read",
            "crate::parser::chunks",
        ],
    );
    assert!(found.is_empty(), "{found:#?}");
}

/// The rules sit below every command that raises them: producers import `rules`, never the
/// other way.
#[test]
fn the_rules_name_none_of_the_commands() {
    let found = naming(
        &["rules"],
        &[
            "crate::proof",
            "crate::lin",
            "crate::jsonl",
            "crate::rewrite",
            "crate::export",
            "crate::check",
            "crate::sets",
            "crate::suppress",
            "crate::dds",
            "crate::cli",
            "crate::convert",
        ],
    );
    assert!(found.is_empty(), "{found:#?}");
}

/// One place cuts a text into chunks and parses them for every command: `read/` (over the
/// parser's `parser/chunks.rs`). A command that reads games is a sink of `read::Reader`.
#[test]
fn only_the_driver_cuts_text_into_chunks() {
    let chunker = [
        "parser::chunks(",
        "chunks_of(",
        "chunk_regions(",
        "speculative_chunk(",
        "parse_region(",
    ];
    let mut found = Vec::new();
    for (name, code) in code_below(&src()) {
        if name.starts_with("read/") || name.starts_with("parser/") {
            continue;
        }
        for word in chunker {
            if code.contains(word) {
                found.push(format!("{name} calls {word}"));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The front door is the only door (issue 59): outside `read/`, no code (nor the Python
/// module's) reaches a file's games but through `read::Reader`, whose verdict every chunk passes,
/// or `read::judged` for text that needs none. The reader beneath, the gathering of the
/// reading's findings, the LIN sniff and LIN's batching reader are `read/`'s alone.
#[test]
fn every_command_reads_through_the_one_door() {
    let private = [
        "Reading::new",
        "Driver::new",
        "Driver::pbn",
        "read::each_game",
        "each_pbn_text(",
        "looks_like_lin(",
    ];
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/src");
    let mut code = code_below(&src());
    code.extend(
        code_below(&python)
            .into_iter()
            .map(|(name, text)| (format!("python: {name}"), text)),
    );
    let mut found = Vec::new();
    for (name, code) in code {
        if name.starts_with("read/") {
            continue;
        }
        for word in private {
            if code.contains(word) {
                found.push(format!("{name} calls {word}"));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The command line reads its inputs in one loop (issue 59): `cli/inputs.rs` alone reads an input
/// file or standard input, and alone runs files on threads; every command hands it its work.
#[test]
fn the_command_line_reads_inputs_in_one_loop() {
    let reading = [
        "read_found(",
        "read_input(",
        "read_file_no_link(",
        "read_file_at_most(",
        "read_at_most(",
        "parallel::ordered",
    ];
    let mut found = Vec::new();
    for (name, code) in code_below(&src().join("cli")) {
        if name == "inputs.rs" {
            continue;
        }
        for word in reading {
            if code.contains(word) {
                found.push(format!("cli/{name} calls {word}"));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// Every finding is worded under `rules/`, beside its rule's declaration (issue 42, item 2): the
/// producers (`lin/`, `proof/`, `rewrite/`, `jsonl/`, `sets.rs`, `suppress.rs`…) hand data to
/// a wording function or problem type there, and never build a finding's message themselves.
#[test]
fn every_finding_is_worded_under_rules() {
    let mut found = Vec::new();
    for (name, code) in code_below(&src()) {
        if name.starts_with("rules/") {
            continue;
        }
        if code.contains("Diagnostic::new(") {
            found.push(format!("{name} words a finding (Diagnostic::new)"));
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// No import circle between the top-level modules of `src/`, as `../shared/tools/modgraph.py`
/// computes them (a cycle inside one folder is fine).
#[test]
fn no_import_circle_between_top_level_modules() {
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/modgraph.py");
    if !tool.is_file() {
        common::cannot_run(&format!("{} is absent", tool.display()));
        return;
    }
    let output = match std::process::Command::new("python3")
        .arg(&tool)
        .arg(src())
        .output()
    {
        Ok(output) => output,
        Err(error) => {
            common::cannot_run(&format!("python3 does not run: {error}"));
            return;
        }
    };
    assert!(output.status.success(), "{output:?}");
    let circles = String::from_utf8_lossy(&output.stdout);
    assert!(circles.trim().is_empty(), "import circles:\n{circles}");
}

/// ARCHITECTURE.md's code map names every folder of `src/` (issue 59, item 6): a folder added
/// without a line there fails here, so that the map stays a map of the code as it is.
#[test]
fn the_code_map_names_every_folder() {
    let map =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap();
    let map = map
        .split("## Code map")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a Code map section");
    let mut missing = Vec::new();
    let mut stack = vec![src()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                let name = path.strip_prefix(src()).unwrap().display().to_string();
                if !map.contains(&format!("`{name}/")) {
                    missing.push(name);
                }
                stack.push(path);
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "folders missing from the code map: {missing:?}"
    );
}
