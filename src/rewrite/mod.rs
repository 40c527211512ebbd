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

use crate::check::Reading;
use crate::diagnostic::{Diagnostic, Severity};
use crate::export::{blocks, reading_problems, summary};
use crate::model::{Inheritor, OwnedInheritance};
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
    /// How much text `resolve` and `nag` rewrite at a time ([`parser::CHUNK_BYTES`] when `None`).
    /// The output is the same whatever the size; tests set it small to prove that.
    pub chunk_bytes: Option<usize>,
}

/// What a rewrite made of a text: the new text (`None`: nothing to change), and findings it
/// reports without refusing the file (what it may not or cannot rewrite).
pub(crate) struct Planned {
    pub text: Option<String>,
    pub findings: Vec<Diagnostic>,
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

/// The checks every rewrite's result must pass: no syntax error that makes the reading a guess,
/// and the same facts as the input (values after inheritance when `effective`).
pub(crate) fn same_facts(
    parse: &Parse,
    text: &str,
    again: &Parse,
    new: &str,
    effective: bool,
) -> Option<String> {
    reads_back_broken(parse, again).or_else(|| {
        compare_facts(
            &mut summary::Facts::new(parse, text, effective),
            &mut summary::Facts::new(again, new, effective),
        )
    })
}

/// The syntax error the result `again` reads back with, when the input `parse` had none that
/// makes its reading a guess.
fn reads_back_broken(parse: &Parse, again: &Parse) -> Option<String> {
    if parse.errors.iter().any(|error| blocks(error.rule)) {
        return None;
    }
    let error = again.errors.iter().find(|error| blocks(error.rule))?;
    Some(format!(
        "the result reads back with a syntax error ({}) at byte {}",
        error.rule.code(),
        error.span.start
    ))
}

/// The first fact that differs between the input's facts `before` and the result's `after`.
fn compare_facts<'t: 'p, 'p, 'u: 'q, 'q>(
    before: &mut summary::Facts<'t, 'p>,
    after: &mut summary::Facts<'u, 'q>,
) -> Option<String> {
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

/// A rewrite made of edits to each game that only needs the games before it through their
/// `#`/`##` values, so that it can go a chunk of games at a time ([`rewrite_chunks`]).
pub(crate) trait ChunkEdits {
    /// The result keeps the values after inheritance rather than as written.
    const EFFECTIVE: bool;

    /// The edits to the games of `parse`, a chunk of `text` (their ranges are offsets in
    /// `text`), and what they leave as it is. `inheritor` holds the `#`/`##` values before the
    /// chunk; it is left holding those after it.
    fn edits<'t: 'p, 'p>(
        &self,
        parse: &'p Parse,
        text: &'t str,
        inheritor: &mut Inheritor<'t, 'p>,
    ) -> (edit::Edits, Vec<Diagnostic>);
}

/// The frame of `resolve` and `nag`: [`rewrite_bytes`] a chunk of games at a time
/// ([`parser::chunks`]), so that only the input, the output and one chunk's trees are in memory.
///
/// Each chunk's edits are applied to its text, the piece is read back and its facts compared
/// with the chunk's, and it is edited again, which must change nothing. The input's `#`/`##`
/// values are carried from chunk to chunk, and so are the output's, each read from its own text:
/// a rewrite that got inheritance wrong across a cut shows up as a difference.
pub(crate) fn rewrite_chunks(
    decoded: Decoded,
    options: RewriteOptions,
    rewrite: &impl ChunkEdits,
) -> Rewritten {
    let text = decoded.text.as_str();
    let mut reading = Reading::new(&decoded);
    let mut games = 0;
    let mut findings = Vec::new();
    let mut inheritor: Inheritor<'_, 'static> = Inheritor::default();
    // The output, once it differs from the input: it holds the input up to `copied`, and the
    // output's `#`/`##` values there.
    let mut output: Option<(String, OwnedInheritance)> = None;
    let mut copied = 0;
    let mut failed: Option<String> = None;
    if reading.wants_chunks() {
        let mut start = 0;
        for parse in reading.chunks(options.chunk_bytes.unwrap_or(parser::CHUNK_BYTES)) {
            reading.chunk(&parse);
            games += parse.real_games().count();
            let end = parse
                .tokens
                .last()
                .map_or(start, |token| token.end as usize);
            let chunk = start..end;
            start = end;
            if failed.is_some() {
                continue;
            }
            let before = inheritor.clone();
            let mut reader: Inheritor<'_, '_> = inheritor;
            let (edits, left) = rewrite.edits(&parse, text, &mut reader);
            inheritor = reader.detach();
            findings.extend(left);
            if edits.is_empty() {
                // The output goes on as the input, and its values with it.
                if let Some((_, values)) = &mut output {
                    let mut reader = values.inheritor();
                    for game in parse.real_games() {
                        reader.game(&parse, text, game);
                    }
                    let after = reader.to_owned_values();
                    *values = after;
                }
                continue;
            }
            let values = match &output {
                Some((_, values)) => values.clone(),
                None => before.to_owned_values(),
            };
            let piece = match edits.apply_within(text, chunk.clone()) {
                Ok(piece) => piece,
                Err(error) => {
                    failed = Some(error.to_string());
                    continue;
                }
            };
            match verify_piece(&parse, text, before, &piece, &values, rewrite) {
                Ok(after) => {
                    let (new, values) = output.get_or_insert_with(|| {
                        (
                            String::with_capacity(text.len() + text.len() / 16),
                            OwnedInheritance::default(),
                        )
                    });
                    new.push_str(&text[copied..chunk.start]);
                    new.push_str(&piece);
                    copied = chunk.end;
                    *values = after;
                }
                Err(problem) => failed = Some(problem),
            }
        }
    }
    let (read, is_pbn) = reading.finish();
    let mut problems: Vec<Diagnostic> = read.into_iter().filter(|d| blocks(d.rule)).collect();
    let refused =
        !is_pbn || decoded.malformed_at.is_some() || (!problems.is_empty() && !options.force);
    if refused {
        problems.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
        return Rewritten {
            decoded,
            output: None,
            problems,
            games,
        };
    }
    for problem in &mut problems {
        problem.severity = Severity::Warning;
        problem.label = Some("--force: rewritten anyway".to_owned());
    }
    problems.extend(findings);
    let output = match (failed, output) {
        (Some(problem), _) => {
            problems.push(unfaithful(problem));
            None
        }
        (None, None) => source::encode(text, decoded.encoding, decoded.bom).ok(),
        (None, Some((mut new, _))) => {
            new.push_str(&text[copied..]);
            if decoded.encoding == Encoding::Utf8 && !decoded.bom {
                Some(new.into_bytes())
            } else {
                match source::encode(&new, decoded.encoding, decoded.bom) {
                    Ok(bytes) => Some(bytes),
                    Err(unencodable) => {
                        problems.push(unfaithful(format!("{unencodable}")));
                        None
                    }
                }
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

/// Reads back `piece`, the rewrite of the chunk `parse` of `text`: no new syntax error, the same
/// facts (the input's `#`/`##` values before the chunk are `before`, the output's `values`), and
/// nothing more to edit. The output's values after the piece, or what is wrong.
fn verify_piece<R: ChunkEdits>(
    parse: &Parse,
    text: &str,
    before: Inheritor<'_, 'static>,
    piece: &str,
    values: &OwnedInheritance,
    rewrite: &R,
) -> Result<OwnedInheritance, String> {
    let again = parser::parse(piece);
    if let Some(problem) = reads_back_broken(parse, &again) {
        return Err(problem);
    }
    let mut was = summary::Facts::carrying(parse, text, R::EFFECTIVE, before);
    let mut is = summary::Facts::carrying(&again, piece, R::EFFECTIVE, values.inheritor());
    if let Some(problem) = compare_facts(&mut was, &mut is) {
        return Err(problem);
    }
    let after = is.into_inheritor().to_owned_values();
    let (more, _) = rewrite.edits(&again, piece, &mut values.inheritor());
    if !more.is_empty() {
        return Err("rewriting the result again changes it".to_owned());
    }
    Ok(after)
}
