//! The proof of a chunk's rewrite ([`super::edit_chunks`]): the piece read back with no new
//! syntax error, every backslash the edits wrote into a string escaped, the same facts but the
//! tags the rewrite changes, and the rewrite's own checks ([`ChunkEdits::check_models`],
//! [`ChunkEdits::check_piece`]).

use super::{ChunkEdits, ReadBack, models};
use crate::model::{Inheritor, OwnedInheritance};
use crate::parser;
use crate::proof::{self, facts};
use crate::rules::syntax::rule_of;
use crate::rules::writing::Unfaithful;
use crate::syntax::Parse;

/// A chunk's rewrite, and where in it the edits' text stands.
#[derive(Clone, Copy)]
pub(super) struct Written<'a> {
    pub piece: &'a str,
    pub ranges: &'a [std::ops::Range<usize>],
}

/// Reads back `written.piece`, the rewrite of the chunk `parse` of `text` whose text is
/// `original`: no new syntax error, every backslash the edits wrote into a string escaped as PBN
/// 3.2 requires ([`unescaped_backslash`]), the same facts (the input's `#`/`##` values before the
/// chunk are `before`, the output's `values`), and [`ChunkEdits::check_piece`]. The output's
/// values after the piece, or what is wrong.
pub(super) fn verify_piece<R: ChunkEdits>(
    parse: &Parse,
    text: &str,
    before: Inheritor<'_, 'static>,
    written: Written<'_>,
    original: &str,
    values: &OwnedInheritance,
    rewrite: &R,
) -> Result<OwnedInheritance, Unfaithful> {
    let piece = written.piece;
    let again = parser::parse(piece);
    if let Some(problem) = reads_back_broken(parse, &again) {
        return Err(problem);
    }
    if let Some(problem) = unescaped_backslash(&again, written, |token| {
        rewrite.spells_backslash_single(token)
    }) {
        return Err(problem);
    }
    let back = ReadBack {
        again: &again,
        piece,
        original,
        values,
    };
    // The facts but the tags the rewrite changes; the models, for a rewrite that changes the
    // facts or some tags on purpose and proves what they became.
    let changes = rewrite.changes();
    let from_facts = if R::SAME_FACTS {
        let mut was =
            facts::Facts::carrying(parse, text, R::EFFECTIVE, before).leaving_out(&changes);
        let mut is = facts::Facts::carrying(&again, piece, R::EFFECTIVE, values.inheritor())
            .leaving_out(&changes);
        if let Some((was, is)) = proof::first_difference(&mut was, &mut is) {
            return Err(Unfaithful::ChangesFacts { was, is });
        }
        Some(is.into_inheritor().to_owned_values())
    } else {
        None
    };
    let after = match from_facts {
        Some(after) if changes.is_empty() => after,
        from_facts => {
            let mut reader = values.inheritor();
            let again_models = models(&again, piece, &mut reader);
            if let Some(problem) = rewrite.check_models(back, &again_models) {
                return Err(problem);
            }
            drop(again_models);
            from_facts.unwrap_or_else(|| reader.to_owned_values())
        }
    };
    match rewrite.check_piece(back) {
        Some(problem) => Err(problem),
        None => Ok(after),
    }
}

/// A backslash that the edits wrote into a string token of the result (`again`, the read-back of
/// `written.piece`) without its escape: PBN 3.2 writes a backslash inside a string as two. The
/// facts cannot see this fault (a lone `\\` before a letter reads as itself), so the proof looks
/// at the spelling of what was written. A value the rewrite left as its writer spelled it (`"4\\S"`,
/// or a `##` value that loses only its `##`) is not the rewrite's to respell.
fn unescaped_backslash(
    again: &Parse,
    written: Written<'_>,
    on_purpose: impl Fn(&str) -> bool,
) -> Option<Unfaithful> {
    // The usual piece writes no backslash at all: nothing to look at.
    let writes_one = |range: &std::ops::Range<usize>| {
        written
            .piece
            .get(range.clone())
            .is_some_and(|text| text.contains('\\'))
    };
    if !written.ranges.iter().any(writes_one) {
        return None;
    }
    let mut ranges = written.ranges.iter().peekable();
    for token in &again.tokens {
        if token.kind != crate::lexer::SyntaxKind::String {
            continue;
        }
        let (start, end) = (token.start as usize, token.end as usize);
        while ranges.peek().is_some_and(|range| range.end <= start) {
            ranges.next();
        }
        let Some(first) = ranges.peek() else {
            break;
        };
        if first.start >= end {
            continue;
        }
        let token_text = written.piece.get(start..end)?;
        let mut lone = crate::syntax::lone_backslashes(token_text).map(|at| start + at);
        if lone.any(|at| written.ranges.iter().any(|range| range.contains(&at)))
            && !on_purpose(token_text)
        {
            return Some(Unfaithful::UnescapedBackslash(token_text.to_owned()));
        }
    }
    None
}

/// The syntax error the result `again` reads back with, when the input `parse` had none that
/// makes its reading a guess.
fn reads_back_broken(parse: &Parse, again: &Parse) -> Option<Unfaithful> {
    if parse
        .errors
        .iter()
        .any(|error| rule_of(error).blocks_rewrite())
    {
        return None;
    }
    let error = proof::broken_reading(again)?;
    Some(Unfaithful::SyntaxError {
        code: rule_of(error).code(),
        at: error.span.start as usize,
    })
}

/// What `rewrite`'s proof finds wrong when `text`, read as one chunk, is rewritten as `result`:
/// the edits are made (so that the rewrite knows what to expect) but `result` is read back in
/// their place. For the tests that show a proof sees a fault.
#[cfg(test)]
pub(crate) fn proves<R: ChunkEdits>(
    rewrite: &mut R,
    text: &str,
    result: &str,
) -> Option<Unfaithful> {
    let parse = parser::parse(text);
    let mut inheritor: Inheritor<'_, '_> = Inheritor::default();
    let chunk_models = models(&parse, text, &mut inheritor);
    drop(rewrite.edits(super::ToEdit {
        parse: &parse,
        start: 0,
        text,
        models: &chunk_models,
    }));
    drop(chunk_models);
    let written = Written {
        piece: result,
        ranges: &[],
    };
    let values = OwnedInheritance::default();
    verify_piece(
        &parse,
        text,
        Inheritor::default(),
        written,
        text,
        &values,
        rewrite,
    )
    .err()
}
