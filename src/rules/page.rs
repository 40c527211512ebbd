//! A rule's page (`src/rules/*.md`) read into the `RuleInfo` constant it declares: the reader
//! `build.rs` runs on every page (it includes this file), kept here so that the tests of the
//! library hold it to its errors. Only std: a build script's code.
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

pub const SECTIONS: [(&str, &str); 4] = [
    ("What it checks", "what"),
    ("Why", "why"),
    ("Example", "example"),
    ("Fix", "fix"),
];

pub struct Page {
    pub code: String,
    pub name: String,
    constant: Option<String>,
    /// Each key given, with the constant's field it makes (`severity: ...::Severity::Error`).
    fields: Vec<(String, String)>,
    sections: Vec<String>,
}

impl Page {
    /// The page as the Rust constant it declares.
    pub fn constant(&self) -> String {
        let name = match &self.constant {
            Some(name) => name.clone(),
            None => self.name.to_ascii_uppercase().replace('-', "_"),
        };
        let mut out = format!(
            "pub const {name}: crate::rules::RuleInfo = crate::rules::RuleInfo {{\n    \
             code: {:?},\n    name: {:?},\n",
            self.code, self.name
        );
        for (_, field) in &self.fields {
            let _ = writeln!(out, "    {field},");
        }
        for ((_, field), text) in SECTIONS.iter().zip(&self.sections) {
            let _ = writeln!(out, "    {field}: {text:?},");
        }
        out.push_str("    ..crate::rules::RuleInfo::BASE\n};\n\n");
        out
    }
}

/// The constant's field a key and its value make, the value checked against those it may take.
fn field(key: &str, value: &str) -> Result<String, String> {
    let (allowed, path): (&[&str], &str) = match key {
        "section" | "summary" => return Ok(format!("{key}: {value:?}")),
        "blocks-rewrite" if value == "yes" => return Ok("blocks_rewrite: true".to_owned()),
        "blocks-rewrite" => (&["yes"], ""),
        "severity" => (&["error", "warning"], "diagnostic::Severity"),
        "group" => (&["export", "extra", "write"], "Group"),
        "fixable" => (&["safe", "unsafe"], "Fixability"),
        "drawn" => (
            &[
                "export",
                "to-lin",
                "json-lines",
                "dedup",
                "rotate",
                "renumber",
                "replicate",
            ],
            "Drawn",
        ),
        _ => return Err(format!("unknown key `{key}`")),
    };
    if !allowed.contains(&value) {
        return Err(format!("`{key}` is one of {allowed:?}, not `{value}`"));
    }
    // `to-lin` names the variant `ToLin`.
    let variant: String = value
        .split('-')
        .map(|word| word[..1].to_ascii_uppercase() + &word[1..])
        .collect();
    Ok(format!("{key}: crate::rules::{path}::{variant}"))
}

/// The page of `pages` being read, when it has not all its sections: what to say.
fn unfinished(pages: &[Page]) -> Option<String> {
    pages
        .last()
        .filter(|page| page.sections.len() != SECTIONS.len())
        .map(|page| format!("{} ends before its `## Fix`", page.code))
}

/// The pages of one file, or the 1-based line of the first thing wrong and what it is.
pub fn parse(text: &str) -> Result<Vec<Page>, (usize, String)> {
    let mut pages: Vec<Page> = Vec::new();
    // The lines of the section being read, and the line of the fence open, if one is.
    let mut lines: Vec<&str> = Vec::new();
    let mut fenced: Option<usize> = None;
    let mut heading = 0usize;
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        let fail = |why: String| Err((number, why));
        if fenced.is_some() || !line.starts_with('#') {
            if line.starts_with("```") {
                fenced = if fenced.is_some() { None } else { Some(number) };
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
                if page.fields.iter().any(|(given, _)| given == key)
                    || (key == "constant" && page.constant.is_some())
                {
                    return fail(format!("`{key}` is given twice"));
                }
                if key == "constant" {
                    page.constant = Some(value.to_owned());
                } else {
                    let field = field(key, value).map_err(|why| (number, why))?;
                    page.fields.push((key.to_owned(), field));
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
            if let Some(why) = unfinished(&pages) {
                return fail(why);
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
                fields: Vec::new(),
                sections: Vec::new(),
            });
            heading = 0;
        } else if let Some(title) = line.strip_prefix("## ") {
            let Some(page) = pages.last() else {
                return fail("a section before the first rule".to_owned());
            };
            let expected = SECTIONS.get(heading).map(|(title, _)| *title);
            if expected != Some(title) {
                return fail(format!(
                    "`## {}` comes next, not `{line}`",
                    expected.unwrap_or("(no more sections)")
                ));
            }
            for key in ["severity", "section", "summary"] {
                if !page.fields.iter().any(|(given, _)| given == key) {
                    return fail(format!("{} has no `{key}`", page.code));
                }
            }
            heading += 1;
        } else {
            return fail(format!("a `# ` or `## ` heading, not `{line}`"));
        }
    }
    if let Some(opened) = fenced {
        return Err((opened, "this fenced block is never closed".to_owned()));
    }
    if let Some(page) = pages.last_mut()
        && heading > 0
    {
        page.sections.push(section_text(&lines));
    }
    if let Some(why) = unfinished(&pages) {
        return Err((text.lines().count(), why));
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

#[cfg(test)]
mod tests {
    use super::parse;

    const GOOD: &str = "<!-- what the file holds -->\n\
        \n\
        # Z901 first-rule\n\
        \n\
        - severity: warning\n\
        - section: PBN 3.4: \"quoted\"\n\
        - summary: A summary\n\
        - group: extra\n\
        - blocks-rewrite: yes\n\
        - drawn: to-lin\n\
        \n\
        ## What it checks\n\
        \n\
        What.\n\
        \n\
        ## Why\n\
        Why, on\n\
        two lines.\n\
        ## Example\n\
        \n\
        ```\n\
        # not a heading\n\
        \n\
        [Event \"A\"]\n\
        ```\n\
        \n\
        ## Fix\n\
        \n\
        Fix it.\n\
        \n\
        # Z902 second-rule\n\
        \n\
        - severity: error\n\
        - section: PBN 4.1\n\
        - summary: Another\n\
        - constant: OTHER_NAME\n\
        \n\
        ## What it checks\n\
        W\n\
        ## Why\n\
        Y\n\
        ## Example\n\
        E\n\
        ## Fix\n\
        F\n";

    #[test]
    fn a_page_becomes_the_constant_it_declares() {
        let pages = parse(GOOD).unwrap();
        assert_eq!(pages.len(), 2);
        let first = pages[0].constant();
        for field in [
            "pub const FIRST_RULE: crate::rules::RuleInfo",
            "code: \"Z901\"",
            "name: \"first-rule\"",
            "severity: crate::rules::diagnostic::Severity::Warning",
            "section: \"PBN 3.4: \\\"quoted\\\"\"",
            "group: crate::rules::Group::Extra",
            "blocks_rewrite: true",
            "drawn: crate::rules::Drawn::ToLin",
            "what: \"What.\"",
            "why: \"Why, on\\ntwo lines.\"",
            // Blank lines inside are kept, and a `#` line in a fence is text.
            "example: \"```\\n# not a heading\\n\\n[Event \\\"A\\\"]\\n```\"",
            "fix: \"Fix it.\"",
        ] {
            assert!(first.contains(field), "{field} in\n{first}");
        }
        assert!(pages[1].constant().starts_with("pub const OTHER_NAME:"));
        assert!(!pages[1].constant().contains("fixable"));
    }

    /// Each way a page can be wrong stops the build at its line (issue 59: a rule's page is its
    /// only declaration).
    #[test]
    fn a_page_that_cannot_be_read_names_its_line() {
        let wrong = |from: &str, to: &str| {
            assert!(GOOD.contains(from), "{from}");
            parse(&GOOD.replacen(from, to, 1)).err().unwrap()
        };
        let cases = [
            (
                wrong("- severity: warning", "- severity: fatal"),
                5,
                "not `fatal`",
            ),
            (
                wrong("- group: extra", "- colour: red"),
                8,
                "unknown key `colour`",
            ),
            (
                wrong("- drawn: to-lin", "drawn: to-lin"),
                10,
                "a `- key: value` line",
            ),
            (
                wrong("## Why\nWhy", "## Wy\nWhy"),
                16,
                "`## Why` comes next",
            ),
            (wrong("- summary: A summary\n", ""), 11, "has no `summary`"),
            (
                wrong("- drawn: to-lin", "- group: write"),
                10,
                "`group` is given twice",
            ),
            (
                wrong("- blocks-rewrite: yes", "- blocks-rewrite: no"),
                9,
                "not `no`",
            ),
            (
                wrong("# Z901 first-rule", "# first rule"),
                3,
                "`# CODE name`",
            ),
            (
                wrong("Fix it.\n", "# Fix it.\n"),
                29,
                "`# CODE name`, not `# Fix it.`",
            ),
            (
                wrong("Fix it.\n", "#Fix it.\n"),
                29,
                "a `# ` or `## ` heading",
            ),
            (wrong("Fix it.\n", "## More\n"), 29, "(no more sections)"),
            (
                wrong("## Fix\nF\n", ""),
                43,
                "Z902 ends before its `## Fix`",
            ),
            (
                wrong("[Event \"A\"]\n```\n", "[Event \"A\"]\n"),
                21,
                "never closed",
            ),
        ];
        for ((line, why), expected_line, expected) in cases {
            assert!(why.contains(expected), "{why}: not {expected}");
            assert_eq!(line, expected_line, "{why}");
        }
    }
}
