//! The proof a written file must pass, shared by `export` and the rewrites (`resolve`, `nag`):
//! what stops a rewrite, the facts of the input and of the result compared ([`facts`]), `--force`
//! turning a refusal into a warning, and the result encoded as asked. W001-W005 are the reasons a
//! file is refused; they are declared here.
//!
//! What each command writes, and how it reads its own result back, stays with the command: this
//! module holds what they have in common, so that neither imports the other. Both read their
//! file in the one frame of every rewrite, `read::frame`.

pub mod facts;
pub mod lean;

use crate::io::spool::Output;
use crate::model::{Inheritance, Tag};
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::syntax::rule_of;
use crate::source::{self, Decoded, Encoding, Unencodable};
use crate::syntax::{Parse, SyntaxError};

/// The outcome of rewriting (or exporting) one file.
#[derive(Debug)]
pub struct Rewritten {
    pub decoded: Decoded,
    /// The new bytes, or `None` when the file was refused: in memory, or spilled to a temporary
    /// file when large ([`Output`]).
    pub output: Option<Output>,
    /// Why the file was refused, what could not be rewritten, or with `force` what was lost.
    /// Sorted.
    pub problems: Vec<Diagnostic>,
    /// Games with at least one tag pair.
    pub games: usize,
    /// The input as read, when `decoded` is a text made from it (`export --fix` exports the
    /// fixed text): what the result is compared with to tell whether the file changes.
    pub source: Option<Decoded>,
    /// Problems past the first [`MAX_FINDINGS`], counted, not kept ([`Capped`]).
    pub omitted: Omitted,
    /// `fix`: the findings only `--unsafe-fixes` would mend, left as they are.
    pub unsafe_fixes_left: usize,
    /// `convert --to jsonl|csv`: the games written with `"uncertain": true`, their text having
    /// a syntax error (issue 44, item 14).
    pub uncertain: usize,
    /// `select`: how many of the `games` the result keeps, said for each file written (issue 63,
    /// item 6).
    pub kept: Option<usize>,
    /// What a rewrite says of each file besides its findings: `score`'s travellers scored and
    /// left (issue 66, item 3).
    pub said: Option<String>,
}

/// Problems of a rewrite past the first [`MAX_FINDINGS`]: counted by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Omitted {
    pub errors: usize,
    pub warnings: usize,
}

impl Omitted {
    pub fn total(self) -> usize {
        self.errors + self.warnings
    }

    pub fn add(&mut self, other: Omitted) {
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// How many problems of one file a rewrite keeps worded; the rest are counted ([`Capped`]), so
/// that a file of a million repeated tags (each a W002) holds the first ones, not a gigabyte.
pub const MAX_FINDINGS: usize = crate::rules::diagnostic::MAX_FINDINGS;

/// Problems of a rewrite as they are found: the first [`MAX_FINDINGS`] kept, the rest counted.
#[derive(Debug, Default)]
pub struct Capped {
    pub kept: Vec<Diagnostic>,
    pub omitted: Omitted,
}

impl Capped {
    pub fn push(&mut self, problem: Diagnostic) {
        if self.kept.len() < MAX_FINDINGS {
            self.kept.push(problem);
        } else if problem.severity == Severity::Error {
            self.omitted.errors += 1;
        } else {
            self.omitted.warnings += 1;
        }
    }

    pub fn extend(&mut self, problems: impl IntoIterator<Item = Diagnostic>) {
        problems.into_iter().for_each(|problem| self.push(problem));
    }

    /// No problem at all, kept or counted.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.omitted.total() == 0
    }
}

impl Rewritten {
    /// The new bytes in memory, or `None` when the file was refused (or, spooled to disk, could
    /// not be read back).
    pub fn output_bytes(&self) -> Option<Vec<u8>> {
        self.output.as_ref().and_then(|output| output.to_vec().ok())
    }

    /// The output as UTF-8 text, for the rewrites' tests; panics (a failing test) with the
    /// problems when the file was refused.
    #[cfg(test)]
    pub(crate) fn written_text(&self) -> String {
        let bytes = self
            .output_bytes()
            .unwrap_or_else(|| panic!("not written: {:?}", self.problems));
        String::from_utf8(bytes).expect("a test's output in UTF-8")
    }

    /// No output, for these reasons.
    pub fn refused(decoded: Decoded, problems: Vec<Diagnostic>, games: usize) -> Rewritten {
        Rewritten::written(decoded, None, problems, games)
    }

    /// The output (`None`: refused), with the problems sorted.
    pub fn written(
        decoded: Decoded,
        output: Option<Output>,
        mut problems: Vec<Diagnostic>,
        games: usize,
    ) -> Rewritten {
        sort(&mut problems);
        Rewritten {
            decoded,
            output,
            problems,
            games,
            source: None,
            omitted: Omitted::default(),
            unsafe_fixes_left: 0,
            uncertain: 0,
            kept: None,
            said: None,
        }
    }
}

/// Problems in the order they are reported: by position, then rule.
pub fn sort(problems: &mut [Diagnostic]) {
    problems.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
}

/// The findings of reading a file that stop a rewrite ([`RuleInfo::blocks_rewrite`]).
pub fn blocking(findings: Vec<Diagnostic>) -> Vec<Diagnostic> {
    findings
        .into_iter()
        .filter(|d| d.rule.blocks_rewrite())
        .collect()
}

/// With `--force`, the refusals become warnings, labelled with what was done anyway.
pub fn downgrade(problems: &mut [Diagnostic], label: &str) {
    for problem in problems {
        problem.severity = Severity::Warning;
        problem.label = Some(label.to_owned().into());
    }
}

/// The first syntax error `again`, a result read back, has that makes its reading a guess.
pub fn broken_reading(again: &Parse) -> Option<&SyntaxError> {
    again
        .errors
        .iter()
        .find(|error| rule_of(error).blocks_rewrite())
}

/// The first fact, as (input, result), that differs between the input's facts `before` and the
/// result's `after`.
pub fn first_difference<'t: 'p, 'p, 'u: 'q, 'q>(
    before: &mut facts::Facts<'t, 'p>,
    after: &mut facts::Facts<'u, 'q>,
) -> Option<(String, String)> {
    let (mut was, mut is) = (String::new(), String::new());
    loop {
        let more = before.next_chunk(&mut was) | after.next_chunk(&mut is);
        if let Some((was, is)) = facts::first_difference(&was, &is) {
            return Some((was.to_owned(), is.to_owned()));
        }
        if !more {
            return None;
        }
    }
}

/// `text` in `encoding` (with a byte-order mark when `bom`); valid UTF-8 without a mark is not
/// copied. The text is handed back with the character that cannot be encoded.
pub fn encode(
    text: String,
    encoding: Encoding,
    bom: bool,
) -> Result<Vec<u8>, (Unencodable, String)> {
    if encoding == Encoding::Utf8 && !bom {
        return Ok(text.into_bytes());
    }
    source::encode(&text, encoding, bom).map_err(|unencodable| (unencodable, text))
}

/// A value that reads as itself when written plainly: not `#` and not beginning with `##`
/// (PBN 4.8).
pub fn writable(value: &str) -> bool {
    value != "#" && !value.starts_with("##")
}

/// W005: the inherited value of `tag`, written out at `span`, would read as inheritance again.
pub fn unwritable(tag: &Tag<'_>, span: std::ops::Range<usize>) -> Diagnostic {
    let given = (tag.inheritance == Inheritance::Implied).then(|| tag.span.clone());
    crate::rules::writing::unwritable_inherited_value(tag.name, &tag.value, span, given)
}

// The rules of this family: see [`crate::rules`].
