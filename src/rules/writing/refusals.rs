//! The refusals of `replicate` (W013), `renumber` and `set-tag` (W012) and `rotate` (W008),
//! whose reasons the rewrites hand here as data and which are worded here (issue 59, item 5).

use std::ops::Range;

use super::{BOARDS_JOINED, NOT_REPLICATED, NOT_ROTATED};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

/// Why a board (or the file, named by its first board) cannot be replicated (W013).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotReplicated {
    NoDeal,
    NoDealer,
    NoVulnerable,
    VirtualInherits,
    BoardNotNumber,
    /// The boards must run in order from `from`, and this one should be `number`.
    OutOfOrder {
        from: u64,
        number: u64,
    },
    /// A block of `size` boards cannot hold the `count` boards of the file.
    BlockTooSmall {
        size: u64,
        count: u64,
    },
    /// `blocks` blocks of `size` boards would write `last` boards, more than `most`.
    TooManyBoards {
        blocks: u64,
        size: u64,
        last: u64,
        most: u64,
    },
}

/// W013: the board at `span` (or the file, named by its first board) cannot be replicated.
pub fn not_replicated(why: NotReplicated, span: Range<usize>) -> Diagnostic {
    let why = match why {
        NotReplicated::NoDeal => {
            "it has no Deal that reads whole, so there is no deal to copy".to_owned()
        }
        NotReplicated::NoDealer => {
            "its Dealer is missing or does not read, and a copy names it".to_owned()
        }
        NotReplicated::NoVulnerable => {
            "its Vulnerable does not read, and a copy names it".to_owned()
        }
        NotReplicated::VirtualInherits => {
            "a value of its virtual tags reads as `#` or `##` once written".to_owned()
        }
        NotReplicated::BoardNotNumber => "its Board is not a number, and the copies are numbered \
            on from the first board (`pbnfmt renumber` first)"
            .to_owned(),
        NotReplicated::OutOfOrder { from, number } => format!(
            "the boards of the file must run in order from board {from}, and this one should be \
             board {number}; the first block keeps its numbers (`pbnfmt renumber` first)"
        ),
        NotReplicated::BlockTooSmall { size, count } => format!(
            "a block of {size} boards cannot hold the {count} boards of the file (give --size \
             {count} or more, or split the file first)"
        ),
        NotReplicated::TooManyBoards {
            blocks,
            size,
            last,
            most,
        } => format!(
            "{blocks} blocks of {size} boards would write {last} boards; replicate writes at most \
             {most}"
        ),
    };
    Diagnostic::new(
        Rule::NotReplicated,
        span,
        format!("this board cannot be replicated: {why}; the file is not written"),
    )
    .with_help(NOT_REPLICATED.fix)
}

/// The change that would join two boards run together (W012).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joining {
    /// `renumber`: the game numbered so.
    Numbered(u64),
    /// `set-tag`: the values asked for.
    Values,
}

/// W012: the game whose first identity tag is at `span` runs two boards together, which the
/// change `by` would join.
pub fn boards_joined(by: Joining, span: Range<usize>) -> Diagnostic {
    let what = match by {
        Joining::Numbered(number) => format!("numbered {number}"),
        Joining::Values => "with these values".to_owned(),
    };
    Diagnostic::new(
        Rule::BoardsJoined,
        span,
        format!(
            "this game runs two boards together (a tag of the board given twice with different \
             values); {what}, they would read as one board: the file is not written"
        ),
    )
    .with_help(BOARDS_JOINED.fix)
}

/// Why a value cannot be turned (W008), as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unturnable {
    NoDealer,
    NoDeclarer,
    NoRotationBasis,
    NoBasis,
    /// Each board turns by its own amount, and the value is shared through `#` or `##`.
    Shared,
    UnknownForm,
    LoneBackslash,
    NotASeat,
    NoSeatPrefix,
    NotSeatCharacter,
    NotTwentyDigits,
    NotVulnerability,
    EscapedColumns,
    NotLabelled,
    LabelNotSeat,
    NotScoreNumber,
    NotMinimax,
    ColumnsNotSeparated,
}

impl Unturnable {
    fn words(self) -> &'static str {
        match self {
            Unturnable::NoDealer => "there is no dealer to turn from",
            Unturnable::NoDeclarer => {
                "there is no declarer to turn from (a board not played, or passed out)"
            }
            Unturnable::NoRotationBasis => "there is no RotationBasis seat to turn from",
            Unturnable::NoBasis => "there is no RotationBasis, Declarer or Dealer to turn from",
            Unturnable::Shared => {
                "each board turns by its own amount here, and this value is shared with other \
                 games through `#` or `##` (resolve first)"
            }
            Unturnable::UnknownForm => {
                "its seats and sides are in a form rotate cannot read; remove the tag first"
            }
            Unturnable::LoneBackslash => {
                "a lone backslash, which rotate would have to write as `\\\\`"
            }
            Unturnable::NotASeat => "it is not a seat: N, E, S or W",
            Unturnable::NoSeatPrefix => "it does not start with a seat and `:`",
            Unturnable::NotSeatCharacter => "it holds a character that is not a seat",
            Unturnable::NotTwentyDigits => "it is not 20 digits",
            Unturnable::NotVulnerability => "it is not None, NS, EW or All",
            Unturnable::EscapedColumns => {
                "its column names are written with escapes, which rotate does not respell"
            }
            Unturnable::NotLabelled => "it is not values labelled by seat (`N:97985 E:34238`)",
            Unturnable::LabelNotSeat => "a label is not a seat",
            Unturnable::NotScoreNumber => "it is not a score for North-South as a number",
            Unturnable::NotMinimax => {
                "it is not a contract, its declarer and a score (`4SW-420`, `4CDW300`)"
            }
            Unturnable::ColumnsNotSeparated => {
                "its columns are not separated as PBN 5.2 writes them (`;`), so its seat column \
                 cannot be found"
            }
        }
    }
}

/// W008: the value of tag `name` at `span` is not turned: `what` says why.
pub fn not_rotated(name: &str, value: &str, why: Unturnable, span: Range<usize>) -> Diagnostic {
    let what = why.words();
    Diagnostic::new(
        Rule::NotRotated,
        span,
        format!(
            "the {name} `{}` cannot be turned: {what}; the file is not rotated",
            crate::display::escape(value)
        ),
    )
    .with_help(NOT_ROTATED.fix)
}

/// W008 as a warning: the board whose `name` (Dealer or Declarer, `value`, at `span`) gives no seat
/// to turn from (`what`) is left whole as it is, and the other boards are turned (`--strict`
/// refuses the file instead).
pub fn board_left_unturned(
    name: &str,
    value: &str,
    why: Unturnable,
    span: Range<usize>,
) -> Diagnostic {
    let what = why.words();
    let mut finding = Diagnostic::new(
        Rule::NotRotated,
        span,
        format!(
            "this board is left as it is, not turned: the {name} `{}` gives no seat, {what}",
            crate::display::escape(value)
        ),
    )
    .with_help(format!(
        "give the board its {name} to turn it too; `--strict` refuses the file instead"
    ));
    finding.severity = crate::rules::diagnostic::Severity::Warning;
    finding
}
