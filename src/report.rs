//! Findings in the forms a run can print: `full` (miette's code frame), `concise`
//! (`path:line:col: severity[CODE] message`), `json` (pbnfmt's own versioned schema, see
//! `docs/json-output.md`), `github` (workflow commands that become annotations) and `sarif`
//! (SARIF 2.1.0 for code scanning).
//!
//! Every form carries the same findings. A run prints [`start`], then [`file()`] for each file in
//! order (joined by [`SEPARATOR`] where [`Format::is_document`]), then [`end`]; each piece is
//! built apart, so that files can be rendered on several threads and printed in order.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;

use serde_json::{Value, json};

use crate::display;
use crate::rules::diagnostic::{
    Diagnostic, FullStyle, Severity, render_concise_painted, render_full,
};
use crate::rules::{self, Rule};
use crate::source::{Decoded, Encoding, LineIndex};

/// The version of the JSON schema; it changes only when a field changes meaning or goes away.
pub const JSON_VERSION: u32 = 1;

/// What goes between the pieces of two files in a document form.
pub const SEPARATOR: &str = ",\n";

/// How findings are printed (`--output-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A code frame for each finding.
    Full,
    /// One line per finding: `path:line:col: severity[CODE] message`.
    Concise,
    /// The findings under a line that names their file: `  line:col severity[CODE] message`
    // (ruff's `grouped`)
    Grouped,
    /// One JSON document (schema version 1, see docs/json-output.md).
    Json,
    /// GitHub Actions workflow commands, shown as annotations on the pull request.
    Github,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
}

impl Format {
    /// True for the forms that are one document for the whole run (JSON and SARIF).
    pub fn is_document(self) -> bool {
        matches!(self, Format::Json | Format::Sarif)
    }
}

/// The totals of a run, for the document forms.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub errors: usize,
    pub warnings: usize,
    pub suppressed: usize,
    /// Findings past a file's `--max-findings`: counted in `errors` and `warnings`, not listed.
    pub omitted: usize,
    /// Findings `pbnfmt fix` repairs, and those it repairs with `--unsafe-fixes` only.
    pub fixable: usize,
    pub unsafe_fixable: usize,
    /// Paths that could not be read or written, and why.
    pub trouble: Vec<(String, String)>,
}

/// Counts per rule, for `--statistics`.
#[derive(Clone, Debug, Default)]
pub struct Statistics(pub BTreeMap<(Rule, Severity), usize>);

impl Statistics {
    pub fn add(&mut self, diagnostics: &[Diagnostic]) {
        for diagnostic in diagnostics {
            *self
                .0
                .entry((diagnostic.rule, diagnostic.severity))
                .or_default() += 1;
        }
    }

    /// Adds the counts of another run's part.
    pub fn merge(&mut self, other: Statistics) {
        for (key, count) in other.0 {
            *self.0.entry(key).or_default() += count;
        }
    }

    /// Most frequent first, then by code.
    fn rows(&self) -> Vec<(Rule, Severity, usize)> {
        let mut rows: Vec<_> = self
            .0
            .iter()
            .map(|(&(rule, severity), &count)| (rule, severity, count))
            .collect();
        rows.sort_by_key(|&(rule, severity, count)| (std::cmp::Reverse(count), rule, severity));
        rows
    }

    /// A table: count, code, name, severity.
    pub fn table(&self) -> String {
        let rows = self.rows();
        let width = rows
            .iter()
            .map(|row| row.2.to_string().len())
            .max()
            .unwrap_or(1);
        let name_width = rows.iter().map(|row| row.0.name().len()).max().unwrap_or(0);
        let mut out = String::new();
        for (rule, severity, count) in rows {
            let _ = writeln!(
                out,
                "{count:>width$}  {}  {:<name_width$}  {severity}",
                rule.code(),
                rule.name()
            );
        }
        out
    }

    pub fn json(&self) -> Value {
        Value::Array(
            self.rows()
                .into_iter()
                .map(|(rule, severity, count)| {
                    json!({
                        "code": rule.code(),
                        "name": rule.name(),
                        "severity": severity.as_str(),
                        "count": count,
                    })
                })
                .collect(),
        )
    }
}

/// What a run prints before the first file.
pub fn start(format: Format) -> String {
    match format {
        Format::Json => format!(
            "{{\n\"version\": {JSON_VERSION},\n\"tool\": {},\n\"diagnostics\": [\n",
            tool()
        ),
        Format::Sarif => {
            let driver = json!({
                "name": "pbnfmt",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": rules::REPOSITORY,
                "rules": Rule::ALL.iter().map(|&rule| sarif_rule(rule)).collect::<Vec<_>>(),
            });
            format!(
                "{{\n\"$schema\": \
                    \"https://json.schemastore.org/sarif-2.1.0.json\",\n\"version\": \
                    \"2.1.0\",\n\"runs\": [{{\n\"tool\": {{\"driver\": \
                    {driver}}},\n\"columnKind\": \"unicodeCodePoints\",\n\"results\": [\n"
            )
        }
        Format::Full | Format::Concise | Format::Grouped | Format::Github => String::new(),
    }
}

/// What a run prints after the last file; `statistics` replaces the findings in JSON.
pub fn end(format: Format, summary: &Summary, statistics: Option<&Statistics>) -> String {
    match format {
        Format::Json => {
            let mut out = String::from("\n],\n");
            if let Some(statistics) = statistics {
                let _ = writeln!(out, "\"statistics\": {},", statistics.json());
            }
            let trouble: Vec<Value> = summary
                .trouble
                .iter()
                .map(|(file, message)| json!({"file": file, "message": message}))
                .collect();
            let _ = write!(
                out,
                "\"summary\": {}\n}}\n",
                json!({
                    "files": summary.files,
                    "games": summary.games,
                    "errors": summary.errors,
                    "warnings": summary.warnings,
                    "suppressed": summary.suppressed,
                    "omitted": summary.omitted,
                    "fixable": summary.fixable,
                    "unsafe_fixable": summary.unsafe_fixable,
                    "unreadable": trouble,
                })
            );
            out
        }
        Format::Sarif => {
            let notifications: Vec<Value> = summary
                .trouble
                .iter()
                .map(|(file, message)| {
                    json!({
                        "level": "error",
                        "message": {"text": format!("{file}: {message}")},
                        "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri(file)}}}],
                    })
                })
                .collect();
            let invocation = json!({
                "executionSuccessful": summary.trouble.is_empty(),
                "toolExecutionNotifications": notifications,
            });
            format!("\n],\n\"invocations\": [{invocation}]\n}}]\n}}\n")
        }
        Format::Full | Format::Concise | Format::Grouped | Format::Github => String::new(),
    }
}

fn tool() -> Value {
    json!({"name": "pbnfmt", "version": env!("CARGO_PKG_VERSION")})
}

/// The piece of one file: its findings in `format`. In the document forms, the objects are joined
/// by [`SEPARATOR`] and the piece is empty when there are none.
pub fn file(
    format: Format,
    file: FileName<'_>,
    decoded: &Decoded,
    diagnostics: &[Diagnostic],
    style: FullStyle,
) -> String {
    if diagnostics.is_empty() {
        return String::new();
    }
    let text = decoded.text.as_str();
    let index = LineIndex::new(text);
    let mut out = String::new();
    let name = file.text;
    match format {
        Format::Full => {
            for diagnostic in diagnostics {
                out.push_str(&render_full(name, text, &index, diagnostic, style));
                out.push('\n');
            }
        }
        Format::Concise => {
            for diagnostic in diagnostics {
                out.push_str(&render_concise_painted(
                    name,
                    text,
                    &index,
                    diagnostic,
                    style.color,
                ));
                out.push('\n');
            }
        }
        Format::Grouped => {
            out.push_str(&crate::rules::diagnostic::grouped_header(name, style.color));
            out.push('\n');
            for diagnostic in diagnostics {
                out.push_str("  ");
                out.push_str(&crate::rules::diagnostic::render_line(
                    text,
                    &index,
                    diagnostic,
                    style.color,
                ));
                out.push('\n');
            }
            out.push('\n');
        }
        Format::Github => {
            for diagnostic in diagnostics {
                out.push_str(&github(name, text, &index, diagnostic));
                out.push('\n');
            }
        }
        Format::Json | Format::Sarif => {
            let positions = Positions::new(decoded, &index);
            // Written one object at a time: a file of many findings holds its text once.
            for (i, diagnostic) in diagnostics.iter().enumerate() {
                if i > 0 {
                    out.push_str(SEPARATOR);
                }
                let object = if format == Format::Json {
                    json_diagnostic(file, &positions, diagnostic)
                } else {
                    sarif_result(file, &positions, diagnostic)
                };
                out.push_str(&object.to_string());
            }
        }
    }
    out
}

/// A file's name in the findings: its text (bytes that are not UTF-8 written `\xHH`,
/// [`crate::display::path_text`]) and, for such a name, its exact bytes, which JSON gives as
/// `file_bytes` and SARIF percent-encodes in its URI.
#[derive(Clone, Copy, Debug)]
pub struct FileName<'a> {
    pub text: &'a str,
    pub bytes: Option<&'a [u8]>,
}

impl<'a> FileName<'a> {
    pub fn new(text: &'a str, bytes: Option<&'a [u8]>) -> FileName<'a> {
        FileName { text, bytes }
    }
}

/// Lines, columns and file offsets of positions in a decoded text.
struct Positions<'a> {
    text: &'a str,
    index: &'a LineIndex,
    encoding: Encoding,
    /// The length of the byte-order mark in the file.
    bom: usize,
}

impl<'a> Positions<'a> {
    fn new(decoded: &'a Decoded, index: &'a LineIndex) -> Positions<'a> {
        let encoding = decoded.encoding;
        let bom = match (decoded.bom, encoding) {
            (false, _) | (true, Encoding::Latin1) => 0,
            (true, Encoding::Utf8) => 3,
            (true, Encoding::Utf16Le | Encoding::Utf16Be) => 2,
        };
        let text = decoded.text.as_str();
        Positions {
            text,
            index,
            encoding,
            bom,
        }
    }

    /// Line, column (in characters) and offset in the file's bytes of text offset `at`.
    fn at(&self, at: usize) -> (usize, usize, usize) {
        let at = at.min(self.text.len());
        let prefix = self.index.prefix(self.text, at);
        let offset = self.bom
            + match self.encoding {
                Encoding::Utf8 => at,
                Encoding::Latin1 => prefix.text_chars,
                Encoding::Utf16Le | Encoding::Utf16Be => 2 * prefix.text_utf16,
            };
        (prefix.line + 1, prefix.chars + 1, offset)
    }

    fn span(&self, span: &Range<usize>) -> Value {
        let (line, column, offset) = self.at(span.start);
        let (end_line, end_column, end_offset) = self.at(span.end);
        json!({
            "start": {"line": line, "column": column, "offset": offset},
            "end": {"line": end_line, "column": end_column, "offset": end_offset},
        })
    }
}

fn json_diagnostic(file: FileName<'_>, positions: &Positions, diagnostic: &Diagnostic) -> Value {
    let rule = diagnostic.rule.info();
    let mut object = json!({
        "file": file.text,
        "code": rule.code,
        "name": rule.name,
        "severity": diagnostic.severity.as_str(),
        "section": rule.section,
        "message": diagnostic.message,
        "label": diagnostic.label,
        "help": diagnostic.help,
        "span": positions.span(&diagnostic.span),
        "related": diagnostic.related.iter().map(|related| json!({
            "label": related.label,
            "span": positions.span(&related.span),
        })).collect::<Vec<_>>(),
        "fix": diagnostic.fix.as_ref().map(|fix| json!({
            "safety": fix_safety(fix),
            "title": fix.title,
            "edits": fix.edits.iter().map(|(span, text)| json!({
                "span": positions.span(span),
                "text": text,
            })).collect::<Vec<_>>(),
        })),
    });
    // A name that is not UTF-8: its exact bytes beside the text that shows them `\xHH`.
    if let Some(bytes) = file.bytes {
        object["file_bytes"] = json!(bytes);
    }
    object
}

fn fix_safety(fix: &crate::rules::diagnostic::Fix) -> &'static str {
    match fix.safety {
        rules::Fixability::Unsafe => "unsafe",
        _ => "safe",
    }
}

fn sarif_rule(rule: Rule) -> Value {
    let info = rule.info();
    json!({
        "id": info.code,
        "name": info.name,
        "shortDescription": {"text": info.summary},
        "fullDescription": {"text": format!("{}. Enforces {}.", info.summary, info.section)},
        "help": {"text": info.doc(), "markdown": info.doc()},
        "helpUri": rules::doc_uri(rule),
        "defaultConfiguration": {"level": info.severity.as_str()},
        "properties": {"section": info.section},
    })
}

fn sarif_region(positions: &Positions, span: &Range<usize>) -> Value {
    let (line, column, offset) = positions.at(span.start);
    let (end_line, end_column, end_offset) = positions.at(span.end);
    json!({
        "startLine": line,
        "startColumn": column,
        "endLine": end_line,
        "endColumn": end_column,
        "byteOffset": offset,
        "byteLength": end_offset - offset,
    })
}

fn sarif_result(file: FileName<'_>, positions: &Positions, diagnostic: &Diagnostic) -> Value {
    let uri = || uri_of(file.bytes.unwrap_or(file.text.as_bytes()));
    let location = |span: &Range<usize>| {
        json!({"physicalLocation": {
            "artifactLocation": {"uri": uri()},
            "region": sarif_region(positions, span),
        }})
    };
    let mut text = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        let _ = write!(text, " ({help})");
    }
    let mut result = json!({
        "ruleId": diagnostic.rule.code(),
        "ruleIndex": diagnostic.rule as usize,
        "level": diagnostic.severity.as_str(),
        "message": {"text": text},
        "locations": [location(&diagnostic.span)],
        "relatedLocations": diagnostic.related.iter().enumerate().map(|(id, related)| {
            let mut location = location(&related.span);
            location["id"] = json!(id);
            location["message"] = json!({"text": related.label});
            location
        }).collect::<Vec<_>>(),
    });
    // SARIF 2.1.0 §3.55: a fix is a description and the replacements it makes.
    if let Some(fix) = &diagnostic.fix {
        result["fixes"] = json!([{
            "description": {"text": format!("{} ({} fix)", fix.title, fix_safety(fix))},
            "artifactChanges": [{
                "artifactLocation": {"uri": uri()},
                "replacements": fix.edits.iter().map(|(span, text)| json!({
                    "deletedRegion": sarif_region(positions, span),
                    "insertedContent": {"text": text},
                })).collect::<Vec<_>>(),
            }],
        }]);
    }
    result
}

/// A path as a relative URI reference: `/` separators, and the characters a URI cannot hold
/// percent-encoded.
fn uri(path: &str) -> String {
    uri_of(path.as_bytes())
}

/// [`uri`] of a path's bytes, UTF-8 or not: each byte a URI cannot hold is percent-encoded
/// (RFC 3986, 2.1), so that a name that is not UTF-8 keeps its bytes (`%E9t%E9.pbn`).
fn uri_of(path: &[u8]) -> String {
    let mut out = String::with_capacity(path.len());
    // A backslash separates directories on Windows only; elsewhere it is part of a name.
    let path: Cow<'_, [u8]> = if cfg!(windows) {
        Cow::Owned(
            path.iter()
                .map(|&b| if b == b'\\' { b'/' } else { b })
                .collect(),
        )
    } else {
        Cow::Borrowed(path)
    };
    for &byte in path.iter() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(byte as char)
            }
            _ => {
                let _ = write!(out, "%{byte:02X}");
            }
        }
    }
    out
}

/// A GitHub Actions workflow command: `::error file=…,line=…::message`.
fn github(name: &str, text: &str, index: &LineIndex, diagnostic: &Diagnostic) -> String {
    let (line, column) = index.line_col(text, diagnostic.span.start);
    let (end_line, end_column) = index.line_col(text, diagnostic.span.end);
    // SARIF levels and GitHub commands spell the severities as pbnfmt does.
    let command = diagnostic.severity.as_str();
    let title = format!("{} ({})", diagnostic.rule.code(), diagnostic.rule.name());
    // A log viewer obeys terminal commands too: file text goes through `display::escape`.
    let mut message = display::escape(&diagnostic.message).into_owned();
    if let Some(help) = &diagnostic.help {
        let _ = write!(message, "\nhelp: {}", display::escape(help));
    }
    format!(
        "::{command} \
            file={},line={line},col={column},endLine={end_line},endColumn={end_column},title={}::{}",
        github_property(&display::escape(name)),
        github_property(&title),
        github_data(&message)
    )
}

fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The line that says how many findings of file `name` are counted but not shown, after the
/// `shown` ones: for the text formats (a document format counts them in its summary).
/// `hint` follows it: how to see more, where the command has a way.
pub fn not_shown(format: Format, name: &str, omitted: usize, shown: usize, hint: &str) -> String {
    if omitted == 0 || format.is_document() {
        return String::new();
    }
    format!(
        "{}: {omitted} more finding{} not shown: the first {shown} of this file are{hint}\n",
        crate::display::escape_line(name),
        if omitted == 1 { "" } else { "s" },
    )
}

/// One file's findings as `format` renders them ([`file()`]), then the line that says how many
/// more were counted but not shown ([`not_shown`]).
pub fn file_piece(
    format: Format,
    name: FileName<'_>,
    decoded: &Decoded,
    (findings, omitted): (&[Diagnostic], usize),
    style: FullStyle,
    hint: &str,
) -> String {
    let mut piece = file(format, name, decoded, findings, style);
    piece.push_str(&not_shown(format, name.text, omitted, findings.len(), hint));
    piece
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::decode;

    #[test]
    fn file_offsets_follow_the_encoding() {
        // "é" is 2 bytes in UTF-8, 1 in Latin-1, 2 in UTF-16; the BOM comes first.
        let latin1 = decode(b"[Event \"\xe9\"]\r\n[Board \"x\"]", None);
        assert_eq!(latin1.encoding, Encoding::Latin1);
        let index = LineIndex::new(&latin1.text);
        let positions = Positions::new(&latin1, &index);
        let at = latin1.text.find("[Board").unwrap();
        assert_eq!(positions.at(at), (2, 1, 13));
        let board = latin1.text.find("x\"]").unwrap();
        assert_eq!(positions.at(board), (2, 9, 21));

        let utf8 = decode("\u{feff}[Event \"é\"]\n[Board".as_bytes(), None);
        let index = LineIndex::new(&utf8.text);
        let positions = Positions::new(&utf8, &index);
        assert_eq!(
            positions.at(utf8.text.find("[Board").unwrap()),
            (2, 1, 3 + 13)
        );

        let mut utf16 = vec![0xFF, 0xFE];
        for unit in "[E \"é\"]\n[B".encode_utf16() {
            utf16.extend(unit.to_le_bytes());
        }
        let decoded = decode(&utf16, None);
        let index = LineIndex::new(&decoded.text);
        let positions = Positions::new(&decoded, &index);
        assert_eq!(
            positions.at(decoded.text.find("[B").unwrap()),
            (2, 1, 2 + 2 * 8)
        );
    }

    #[test]
    fn github_escapes_what_would_end_a_field() {
        assert_eq!(github_property("a:b,c%d"), "a%3Ab%2Cc%25d");
        assert_eq!(github_data("one\r\ntwo"), "one%0D%0Atwo");
        assert_eq!(uri("dir with space/é.pbn"), "dir%20with%20space/%C3%A9.pbn");
    }
}
