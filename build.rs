//! Turns the rule pages into constants.
//!
//! Each rule's documentation and facts are written once, as a Markdown page in the file beside
//! the code that finds it: `src/rules/notes.md` beside `src/rules/notes.rs`. This script reads
//! every `.md` file under `src/rules/` and writes, for `src/rules/X.md`, the file
//! `$OUT_DIR/rules/X.rs`: one `RuleInfo` constant per page, which `X.rs` includes. The index of
//! rules (`src/rules/mod.rs`) names those constants as before.
//!
//! A page is:
//!
//! ```text
//! # N010 malformed-note
//!
//! - severity: error
//! - section: PBN 3.5.5
//! - summary: A Note value that is not `<index>:<text>`
//!
//! ## What it checks
//! ...
//! ## Why
//! ...
//! ## Example
//! ...
//! ## Fix
//! ...
//! ```
//!
//! with the optional keys `group` (export, extra, write), `blocks-rewrite: yes`, `fixable` (safe,
//! unsafe), `drawn` (the command that raises the rule: export, to-lin, json-lines, dedup, rotate,
//! renumber, replicate) and `constant` (where the constant's name is not the rule's name in
//! capitals). A section's text is its lines as written, blank lines at either end left out;
//! headings inside a fenced block are text. Anything else is an error that stops the build and
//! names the file and line.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

const SECTIONS: [(&str, &str); 4] = [
    ("What it checks", "what"),
    ("Why", "why"),
    ("Example", "example"),
    ("Fix", "fix"),
];

fn main() {
    println!("cargo::rerun-if-changed=src/rules");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut pages = Vec::new();
    collect(Path::new("src/rules"), &mut pages);
    pages.sort();
    let mut codes = std::collections::BTreeMap::new();
    for md in pages {
        let text = fs::read_to_string(&md).unwrap_or_else(|e| panic!("{}: {e}", md.display()));
        let rules = parse(&text).unwrap_or_else(|(line, why)| {
            panic!("{}:{line}: {why}", md.display());
        });
        let mut code = String::new();
        for rule in &rules {
            if let Some(other) = codes.insert(rule.code.clone(), md.clone()) {
                panic!(
                    "{}: rule {} is also declared in {}",
                    md.display(),
                    rule.code,
                    other.display()
                );
            }
            code.push_str(&rule.constant());
        }
        let relative = md
            .strip_prefix("src")
            .expect("under src")
            .with_extension("rs");
        let target = out.join(relative);
        fs::create_dir_all(target.parent().expect("a file in a folder")).expect("OUT_DIR");
        fs::write(&target, code).expect("OUT_DIR is writable");
    }
}

fn collect(dir: &Path, pages: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable folder").path();
        if path.is_dir() {
            collect(&path, pages);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            pages.push(path);
        }
    }
}

struct Page {
    code: String,
    name: String,
    constant: Option<String>,
    keys: Vec<(String, String)>,
    sections: Vec<String>,
}

impl Page {
    fn constant(&self) -> String {
        let name = match &self.constant {
            Some(name) => name.clone(),
            None => self.name.to_ascii_uppercase().replace('-', "_"),
        };
        let mut out = format!(
            "pub const {name}: crate::rules::RuleInfo = crate::rules::RuleInfo {{\n    \
             code: {:?},\n    name: {:?},\n",
            self.code, self.name
        );
        for (key, value) in &self.keys {
            let field = match key.as_str() {
                "severity" => format!("severity: crate::rules::diagnostic::Severity::{value}"),
                "section" | "summary" => format!("{key}: {value:?}"),
                "group" => format!("group: crate::rules::Group::{value}"),
                "blocks-rewrite" => "blocks_rewrite: true".to_owned(),
                "fixable" => format!("fixable: crate::rules::Fixability::{value}"),
                "drawn" => format!("drawn: crate::rules::Drawn::{value}"),
                _ => unreachable!("keys are checked as read"),
            };
            let _ = writeln!(out, "    {field},");
        }
        for ((_, field), text) in SECTIONS.iter().zip(&self.sections) {
            let _ = writeln!(out, "    {field}: {text:?},");
        }
        out.push_str("    ..crate::rules::RuleInfo::BASE\n};\n\n");
        out
    }
}

/// A key's value as the variant it names, checked against the values it may take.
fn variant(key: &str, value: &str) -> Result<String, String> {
    let allowed: &[&str] = match key {
        "severity" => &["error", "warning"],
        "group" => &["export", "extra", "write"],
        "blocks-rewrite" => &["yes"],
        "fixable" => &["safe", "unsafe"],
        "drawn" => &[
            "export",
            "to-lin",
            "json-lines",
            "dedup",
            "rotate",
            "renumber",
            "replicate",
        ],
        "section" | "summary" => return Ok(value.to_owned()),
        _ => return Err(format!("unknown key `{key}`")),
    };
    if !allowed.contains(&value) {
        return Err(format!("`{key}` is one of {allowed:?}, not `{value}`"));
    }
    Ok(value
        .split('-')
        .map(|word| word[..1].to_ascii_uppercase() + &word[1..])
        .collect())
}

fn parse(text: &str) -> Result<Vec<Page>, (usize, String)> {
    let mut pages: Vec<Page> = Vec::new();
    // The lines of the section being read, and whether a fenced block is open.
    let mut lines: Vec<&str> = Vec::new();
    let mut fenced = false;
    let mut heading = 0usize;
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        let fail = |why: String| Err((number, why));
        if fenced || !line.starts_with('#') {
            if line.starts_with("```") {
                fenced = !fenced;
            }
            if let Some(page) = pages.last_mut()
                && page.sections.is_empty()
                && heading == 0
            {
                if line.is_empty() {
                    continue;
                }
                let Some((key, value)) = line.strip_prefix("- ").and_then(|l| l.split_once(": "))
                else {
                    return fail(format!("a `- key: value` line, not `{line}`"));
                };
                if key == "constant" {
                    page.constant = Some(value.to_owned());
                } else {
                    let value = variant(key, value).map_err(|why| (number, why))?;
                    page.keys.push((key.to_owned(), value));
                }
            } else {
                lines.push(line);
            }
            continue;
        }
        if let Some(page) = pages.last_mut()
            && heading > 0
        {
            page.sections.push(section_text(&lines));
        }
        lines.clear();
        if let Some(title) = line.strip_prefix("# ") {
            if let Some(page) = pages.last()
                && page.sections.len() != SECTIONS.len()
            {
                return fail(format!("{} ends before its `## Fix`", page.code));
            }
            let Some((code, name)) = title.split_once(' ') else {
                return fail(format!("`# CODE name`, not `{line}`"));
            };
            let well_formed = code.len() == 4
                && code.as_bytes()[0].is_ascii_uppercase()
                && code[1..].bytes().all(|b| b.is_ascii_digit())
                && !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !well_formed {
                return fail(format!("`# CODE name`, not `{line}`"));
            }
            pages.push(Page {
                code: code.to_owned(),
                name: name.to_owned(),
                constant: None,
                keys: Vec::new(),
                sections: Vec::new(),
            });
            heading = 0;
        } else if let Some(title) = line.strip_prefix("## ") {
            let Some(page) = pages.last() else {
                return fail("a section before the first rule".to_owned());
            };
            let expected = SECTIONS.get(heading).map(|(title, _)| *title);
            if expected != Some(title) || page.sections.len() != heading {
                return fail(format!(
                    "`## {}` comes next, not `{line}`",
                    expected.unwrap_or("(no more sections)")
                ));
            }
            for key in ["severity", "section", "summary"] {
                if !page.keys.iter().any(|(k, _)| k == key) {
                    return fail(format!("{} has no `{key}`", page.code));
                }
            }
            heading += 1;
        } else {
            return fail(format!("a `# ` or `## ` heading, not `{line}`"));
        }
    }
    if fenced {
        return Err((
            text.lines().count(),
            "a fenced block is not closed".to_owned(),
        ));
    }
    if let Some(page) = pages.last_mut()
        && heading > 0
    {
        page.sections.push(section_text(&lines));
    }
    if let Some(page) = pages.last()
        && page.sections.len() != SECTIONS.len()
    {
        return Err((
            text.lines().count(),
            format!("{} ends before its `## Fix`", page.code),
        ));
    }
    Ok(pages)
}

/// A section's lines, blank lines at either end left out.
fn section_text(lines: &[&str]) -> String {
    let start = lines
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(start, |i| i + 1);
    lines[start..end].join("\n")
}
