//! Rewrites of a file that change only what they must: `resolve` expands `#`/`##` (PBN 4.8) and
//! `compress` puts them back, `nag` turns suffixes into NAGs (PBN 3.5.2, 3.6.2, 3.7).
//!
//! Each is a set of [`edit::Edits`] over the spans of the input text, applied to that text, so
//! that every byte not edited stays: line ends, spacing, comments, `%` lines, the encoding and
//! its byte-order mark. As with `export`, nothing is returned that is not shown to be faithful:
//! the result is parsed again and its facts compared with the input's, and rewriting it again
//! must change nothing.

pub mod edit;
pub mod nag;
pub mod resolve;

use crate::diagnostic::{Diagnostic, Severity};
use crate::export::{blocks, reading_problems, summary};
use crate::parser;
use crate::rules::Rule;
use crate::source::{self, Decoded, Encoding};
use crate::syntax::Parse;

/// The outcome of rewriting (or exporting) one file.
#[derive(Debug)]
pub struct Rewritten {
    pub decoded: Decoded,
    /// The new bytes, or `None` when the file was refused.
    pub output: Option<Vec<u8>>,
    /// Why the file was refused, what could not be rewritten, or with `force` what was lost.
    /// Sorted.
    pub problems: Vec<Diagnostic>,
    /// Games with at least one tag pair.
    pub games: usize,
}

/// What every rewrite may be told.
#[derive(Clone, Copy, Debug, Default)]
pub struct RewriteOptions {
    /// Read the input in this encoding instead of detecting it.
    pub input_encoding: Option<Encoding>,
    /// Rewrite even a file whose syntax makes the reading a guess.
    pub force: bool,
}

/// What a rewrite made of a text: the new text (`None`: nothing to change), and findings it
/// reports without refusing the file (what it may not or cannot rewrite).
pub(crate) struct Planned {
    pub text: Option<String>,
    pub findings: Vec<Diagnostic>,
}

impl Planned {
    /// The plan of a rewrite made of `edits` to `text`.
    pub(crate) fn from_edits(
        edits: edit::Edits,
        text: &str,
        findings: Vec<Diagnostic>,
    ) -> Result<Planned, String> {
        let text = if edits.is_empty() {
            None
        } else {
            Some(edits.apply(text).map_err(|error| error.to_string())?)
        };
        Ok(Planned { text, findings })
    }
}

/// The frame every rewrite shares: decode, parse, refuse what is not PBN or cannot be read
/// without guessing, plan, verify, encode as the input was encoded.
///
/// `plan` makes the new text; `verify` gets the input and the new text with their parses and
/// says what is wrong with it, which is a bug in pbnfmt.
pub(crate) fn rewrite_bytes(
    bytes: &[u8],
    options: RewriteOptions,
    plan: impl FnOnce(&Parse, &str) -> Result<Planned, String>,
    verify: impl FnOnce(&Parse, &str, &Parse, &str) -> Option<String>,
) -> Rewritten {
    let decoded = source::decode(bytes, options.input_encoding);
    let text = decoded.text.as_str();
    let parse = parser::parse(text);
    let games = parse.real_games().count();
    let (mut problems, is_pbn) = reading_problems(&decoded, &parse);
    let refuse = |decoded, mut problems: Vec<Diagnostic>| {
        problems.sort_by_key(|d: &Diagnostic| (d.span.start, d.span.end, d.rule));
        Rewritten {
            decoded,
            output: None,
            problems,
            games,
        }
    };
    // Not PBN, or bytes the encoding cannot hold (writing them back would not give the input):
    // never rewritten, not even with `force`.
    if !is_pbn || decoded.malformed_at.is_some() {
        return refuse(decoded, problems);
    }
    if !problems.is_empty() && !options.force {
        return refuse(decoded, problems);
    }
    for problem in &mut problems {
        problem.severity = Severity::Warning;
        problem.label = Some("--force: rewritten anyway".to_owned());
    }
    let planned = match plan(&parse, text) {
        Ok(planned) => planned,
        Err(message) => {
            problems.push(unfaithful(message));
            return refuse(decoded, problems);
        }
    };
    problems.extend(planned.findings);
    let output = match planned.text.filter(|new| new != text) {
        None => Some(bytes.to_vec()),
        Some(new) => {
            let again = parser::parse(&new);
            match verify(&parse, text, &again, &new) {
                Some(message) => {
                    problems.push(unfaithful(message));
                    None
                }
                None => match source::encode(&new, decoded.encoding, decoded.bom) {
                    Ok(bytes) => Some(bytes),
                    Err(unencodable) => {
                        problems.push(unfaithful(format!("{unencodable}")));
                        None
                    }
                },
            }
        }
    };
    problems.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
    Rewritten {
        decoded,
        output,
        problems,
        games,
    }
}

fn unfaithful(message: String) -> Diagnostic {
    Diagnostic::new(Rule::UnfaithfulExport, 0..0, message)
        .with_help("this is a bug in pbnfmt: please report it with the file")
}

/// The checks of an edit rewrite's result: [`same_facts`], and `edits` finds nothing more to
/// change in it.
pub(crate) fn verify_edits(
    parse: &Parse,
    text: &str,
    again: &Parse,
    new: &str,
    effective: bool,
    edits: fn(&Parse, &str) -> (edit::Edits, Vec<Diagnostic>),
) -> Option<String> {
    same_facts(parse, text, again, new, effective).or_else(|| {
        let (more, _) = edits(again, new);
        (!more.is_empty()).then(|| "rewriting the result again changes it".to_owned())
    })
}

/// The checks every rewrite's result must pass: no syntax error that makes the reading a guess,
/// and the same facts as the input (values after inheritance when `effective`).
pub(crate) fn same_facts(
    parse: &Parse,
    text: &str,
    again: &Parse,
    new: &str,
    effective: bool,
) -> Option<String> {
    let was_broken = parse.errors.iter().any(|error| blocks(error.rule));
    if let Some(error) = again.errors.iter().find(|error| blocks(error.rule)) {
        if !was_broken {
            return Some(format!(
                "the result reads back with a syntax error ({}) at byte {}",
                error.rule.code(),
                error.span.start
            ));
        }
    }
    let mut before = summary::Facts::new(parse, text, effective);
    let mut after = summary::Facts::new(again, new, effective);
    let (mut was, mut is) = (String::new(), String::new());
    loop {
        let more = before.next_chunk(&mut was) | after.next_chunk(&mut is);
        if let Some((was, is)) = summary::first_difference(&was, &is) {
            return Some(format!(
                "the result would change what the file says: `{was}` became `{is}`"
            ));
        }
        if !more {
            return None;
        }
    }
}
