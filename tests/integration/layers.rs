//! The layers of `src/` import one way (ARCHITECTURE.md, "Layers"; issue 42): the front knows
//! nothing of rules, the model does no file I/O, the rules name none of the commands that raise
//! them, every finding is worded under `rules/`, one module reads chunks for every command, and
//! no import circle ties the top-level modules together. Read from the source text: the code before a file's first `#[cfg(test)]`
//! (the test modules close each file).

use std::collections::{BTreeMap, BTreeSet};
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
                let code = without_tests(&text);
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

/// `text` without its test code: each item under `#[cfg(test)]` (a line such as `mod pairs;` or
/// `pub(crate) use …;`, a function to its closing brace at the start of a line), and from a test
/// module written in place (`mod tests {`) to the end, as test modules close each file; a
/// test-only file says so with the attribute on its first `use`, and is left out whole.
fn without_tests(text: &str) -> String {
    let mut code = String::new();
    let text = format!("\n{text}");
    let mut rest = text.as_str();
    // The attribute on a line of its own (not named in a comment).
    while let Some(at) = rest.find("\n#[cfg(test)]\n").map(|at| at + 1) {
        code.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let first = after.lines().next().unwrap_or("");
        // A test module in place, or a test-only file (its first import under the attribute).
        let item_end =
            if (first.contains("mod ") && first.ends_with('{')) || first.starts_with("use ") {
                None
            } else if first.ends_with(';') {
                after.find('\n').map(|end| end + 1)
            } else if first.contains("fn ") {
                after.find("\n}\n").map(|end| end + 3)
            } else {
                // Cutting to a brace could hide the code after it: say so, to be taught.
                panic!("an item under #[cfg(test)] this guard cannot cut: `{first}`")
            };
        match item_end {
            Some(end) => rest = &after[end..],
            None => return code,
        }
    }
    code.push_str(rest);
    code
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
            let code = without_tests(&text);
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

/// One frame for every rewrite (issue 59, item 3): `read/frame.rs` alone opens the file a
/// rewrite writes (`read::Reader`), so that no rewrite, `export` included, can write a file the
/// reading refused or lose a finding of the reading. `rewrite/dedup.rs` opens one more, for its
/// first pass, which plans the deletions and writes nothing.
#[test]
fn every_rewrite_reads_its_file_in_the_one_frame() {
    let mut found = Vec::new();
    let mut framed = Vec::new();
    for folder in ["rewrite", "export", "proof"] {
        for (name, code) in code_below(&src().join(folder)) {
            let name = format!("{folder}/{name}");
            let opens = code.matches("Reader::new(").count();
            let allowed = usize::from(name == "rewrite/dedup.rs");
            if opens != allowed {
                found.push(format!("{name} opens a reader {opens} times"));
            }
            if code.contains("frame(") {
                framed.push(name);
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    // Both kinds of rewrite are the frame's: the edits kept in place, and export's.
    framed.sort();
    assert_eq!(framed, ["export/mod.rs", "rewrite/mod.rs"]);
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

/// Threads inside a file are the door's (issue 59): outside `read/`, the command line's input loop
/// (`cli/`), the primitives themselves (`parallel.rs`) and the solver's worker (`dds.rs`), no
/// module starts threads of its own.
#[test]
fn threads_are_started_only_by_the_door_and_the_input_loop() {
    let mut found = Vec::new();
    for (name, code) in code_below(&src()) {
        let allowed = name.starts_with("read/")
            || name.starts_with("cli/")
            || name == "parallel.rs"
            || name == "dds.rs";
        if !allowed && (code.contains("parallel::") || code.contains("thread::scope")) {
            found.push(name);
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// Every finding is worded under `rules/`, beside its rule's declaration (issue 42, item 2): the
/// producers (`lin/`, `proof/`, `rewrite/`, `jsonl/`, `sets.rs`, `suppress.rs`…) hand data to
/// a wording function or problem type there, and never build a finding's message themselves.
#[test]
fn every_finding_is_worded_under_rules() {
    let makers = finding_makers();
    assert!(makers.len() > 50, "{makers:?}");
    let mut found = Vec::new();
    for (name, code) in code_below(&src()) {
        if name.starts_with("rules/") {
            continue;
        }
        if code.contains("Diagnostic::new(") {
            found.push(format!("{name} words a finding (Diagnostic::new)"));
        }
        // A finding built field by field (`Diagnostic { rule, message, .. }`).
        for (at, _) in code.match_indices("Diagnostic {") {
            if !code[..at].trim_end().ends_with("->") {
                found.push(format!("{name} builds a finding (Diagnostic {{ … }})"));
            }
        }
        // The other ways: a wording function of `rules/` (or a producer's wrapper of one, `bug`,
        // `unfaithful`) handed text the producer composed or wrote (issue 59, item 5): reasons
        // go as data (`Unfaithful`, `Unturnable`, `NotReplicated`, `Joining`, `Boards`).
        for function in &makers {
            for arguments in calls(&code, function) {
                if arguments.contains("format!(")
                    || arguments.contains("to_owned()")
                    || arguments.contains('"')
                {
                    found.push(format!(
                        "{name} composes the words of {function}({arguments})"
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

/// The functions that make a finding: every function of `rules/` that returns a `Diagnostic`,
/// and the producers' wrappers of them.
fn finding_makers() -> Vec<String> {
    let mut makers: Vec<String> = ["bug", "unfaithful"].map(str::to_owned).to_vec();
    for (name, code) in code_below(&src()) {
        if !name.starts_with("rules/") {
            continue;
        }
        for signature in code.split("fn ").skip(1) {
            let Some(head) = signature.split('{').next() else {
                continue;
            };
            if head.contains("-> Diagnostic") {
                let function: String = signature
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                makers.push(function);
            }
        }
    }
    // `Diagnostic::new` is looked for by its whole name above.
    makers.retain(|maker| maker != "new");
    makers.sort();
    makers.dedup();
    makers
}

/// The arguments of every call of `function` in `code` (to the matching parenthesis).
fn calls(code: &str, function: &str) -> Vec<String> {
    let mut out = Vec::new();
    let pattern = format!("{function}(");
    let mut from = 0;
    while let Some(at) = code[from..].find(&pattern) {
        let start = from + at;
        from = start + pattern.len();
        let before = code[..start].chars().next_back();
        // A whole name, and a call, not the function's own definition.
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') || code[..start].ends_with("fn ")
        {
            continue;
        }
        let mut depth = 1;
        let mut end = from;
        for (i, c) in code[from..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = from + i;
                break;
            }
        }
        out.push(code[from..end].to_owned());
    }
    out
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

/// The top-level modules each top-level module of `src/` names: every `crate::NAME` path, in a
/// `use` or written out in the code, and every name of a grouped import (`use crate::{a, b::c};`,
/// nested groups too), which `modgraph.py` does not see (issue 59, item 6).
fn module_edges() -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, code) in code_below(&src()) {
        let module = name
            .split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_owned();
        if module == "main" || module == "lib" {
            continue;
        }
        let targets = edges.entry(module.clone()).or_default();
        let mut rest = code.as_str();
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let named: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                // The first name of each item of the group, at its own depth.
                let mut depth = 0usize;
                let mut items = vec![String::new()];
                for c in group.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => items.push(String::new()),
                        c => items.last_mut().unwrap().push(c),
                    }
                }
                items
                    .iter()
                    .map(|item| {
                        item.trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect()
                    })
                    .collect()
            } else {
                vec![
                    rest.chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect(),
                ]
            };
            for target in named {
                if !target.is_empty() && target != module && target != "self" {
                    targets.insert(target);
                }
            }
        }
    }
    // Only the edges to modules: `crate::Foo` of a re-exported item names no module.
    let modules: BTreeSet<String> = edges.keys().cloned().collect();
    for targets in edges.values_mut() {
        targets.retain(|target| modules.contains(target));
    }
    edges
}

/// No import circle between the top-level modules, grouped imports and written-out paths
/// included: no module reaches itself through the others.
#[test]
fn no_circle_through_grouped_imports_or_written_paths() {
    let edges = module_edges();
    // A grouped import is seen: `cli` names `parallel` in `use crate::{parallel, ...}`-like
    // imports and in written-out paths.
    assert!(
        edges["cli"].contains("parallel") && edges["cli"].contains("read"),
        "{:?}",
        edges["cli"]
    );
    let mut circles = Vec::new();
    for start in edges.keys() {
        // Every module `start` reaches; a circle when it reaches itself.
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = edges[start].iter().collect();
        let mut back = None;
        while let Some(module) = stack.pop() {
            if module == start {
                back = Some(module);
                break;
            }
            if seen.insert(module.clone())
                && let Some(next) = edges.get(module)
            {
                stack.extend(next);
            }
        }
        if back.is_some() {
            circles.push(start.clone());
        }
    }
    assert!(
        circles.is_empty(),
        "modules in an import circle: {circles:?}"
    );
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
