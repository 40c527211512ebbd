//! H001: a deal dealt again in a set of files (`sets.rs` finds it, across files and threads).

use std::ops::Range;

use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::{Group, Rule, RuleInfo};

// The rules of this family: see [`crate::rules`].

pub const REPEATED_DEAL: RuleInfo = RuleInfo {
    code: "H001",
    name: "repeated-deal",
    severity: Severity::Warning,
    group: Group::Extra,
    section: "PBN 3.4.11",
    summary: "A deal dealt before, under another Board or in another session",
    what: "A complete Deal (four hands of 13 cards) that an earlier game of the run already has, \
        in this file or an earlier one (or in the archive of `--against`), when the two are not \
        the same board of one session. The same board played at several tables (a results file: \
        the same Board and Event on the same day, other Room, Table or Result) is not a repeat. The finding \
        names the first game with the deal. `--repeats-rotated` also finds the deal turned by a \
        seat or more, `--repeats-permuted` the deal with its suits exchanged. Opt-in (`check \
        --extend-select H001`; `--against` and the `--repeats-` options select it): files of \
        examples and bidding practice reuse a deal on purpose.",
    why: "PBN 3.4.11 records the cards as dealt; a set of boards is dealt at random, and a deal \
        that comes again is a dealing program's fault (boards 9 and 10 the same after a crash) or \
        a set used twice (a spare set of the first session dealt again in the second).",
    example: "```\n\
        [Board \"9\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\n\
        [Board \"10\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        ```",
    fix: "Deal the board again. A repeat that is meant (a set replayed on purpose) keeps it, with \
        `% pbnfmt: ignore H001`.",
    ..RuleInfo::BASE
};

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
