//! H001: a deal dealt again in a set of files (`sets.rs` finds it, across files and threads).

use std::ops::Range;

use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

// The rules of this family: their pages are in `sets.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/sets.rs"));

/// Board 9 dealt again as board 10, and board 10 dealt anew ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::Rule;
    const NINE: &str = "[Board \"9\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
        2.5432.5432.5432\"]\n\n";
    vec![crate::rules::pairs::Pair::owned(
        Rule::RepeatedDeal,
        format!(
            "{NINE}[Board \"10\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 \
             6543.876.876.876 2.5432.5432.5432\"]\n"
        ),
        format!(
            "{NINE}[Board \"10\"]\n[Deal \"N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ \
             6543.876.876.876 2.5432.5432.5432\"]\n"
        ),
    )]
}

/// H001: `board` (in words) at `span` has the deal of `first` (in words), dealt at `place`; `how`
/// says which sameness found it (turned, suits exchanged), or is empty.
pub fn repeated_deal(
    span: Range<usize>,
    board: &str,
    first: &str,
    how: &str,
    place: &str,
) -> Diagnostic {
    Diagnostic::new(
        Rule::RepeatedDeal,
        span,
        format!("{board} has the same deal as {first}{how} ({place})"),
    )
    .with_label("dealt before")
    .with_help(
        "a dealing program repeated a deal, or a set was used twice: deal the board again \
         (`% pbnfmt: ignore H001` keeps a repeat that is meant)",
    )
}
