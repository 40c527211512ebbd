//! The `W` rules: why `pbnfmt export`, the rewrites and the conversions refuse to write, or
//! leave a game out. Declared and worded here; raised by the writers (`proof/`, `export/`,
//! `rewrite/`, `jsonl`), which import them.

use std::ops::Range;

use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

// The rules of this family: their pages are in `writing.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/writing.rs"));

/// The boards `boards` (selected, merged) could not be renumbered for a reason of the input
/// that the renumbering found (`problem`, in the text the boards make): its rule and words, at
/// the start of the file, since the text it points into is not the input (before, the refusal
/// was called a bug in pbnfmt, issue 63, item 13).
pub fn not_renumbered(boards: Boards, problem: &Diagnostic) -> Diagnostic {
    let what = match boards {
        Boards::Merged => "merged",
        Boards::Selected => "selected",
    };
    let mut said = Diagnostic::new(
        problem.rule,
        0..0,
        format!(
            "the boards {what} could not be renumbered: {}",
            problem.message
        ),
    );
    said.severity = problem.severity;
    match &problem.help {
        Some(help) => said.with_help(help.clone()),
        None => said,
    }
}

/// W004, refused before any edit: removing `names` from the game at `span` would leave it no tag
/// pair, and a game is its tags (PBN 3.1): the game itself would go, which `set-tag` never does
/// (issue 65, item 1: this was a failed proof called a bug in pbnfmt).
pub fn game_emptied(names: &[&str], span: Range<usize>) -> Diagnostic {
    let names: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    let names = names.join(", ");
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "removing {names} would leave this game without a tag pair, and the game would go \
             with it (PBN 3.1)"
        ),
    )
    .with_help(
        "keep a tag in the game, or remove the game itself with `pbnfmt select --boards ... \
         --invert`",
    )
}

/// W004, refused before any edit: the tag `name` at `span` has a comment after it, which PBN 3.8
/// ties to it: removing the tag pair alone would tie the comment to the tag before it, and
/// removing the comment too would lose it (issue 63, item 13: this was a failed proof called a
/// bug in pbnfmt).
pub fn comment_left_behind(name: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "the {name} tag has a comment after it, which refers to it (PBN 3.8): removing the \
             tag pair alone would make the comment refer to the tag before it"
        ),
    )
    .with_help(
        "move or remove the comment in an editor first, or set the tag's value instead of \
         removing it",
    )
}

/// W004, refused before any edit: the tag `name` at `span` begins a section (its calls, cards or
/// rows follow it, PBN 3.1), which removing the tag pair alone would leave behind as data of the
/// tag before it (issue 63, item 13: this was a failed proof called a bug in pbnfmt).
pub fn section_left_behind(name: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "the {name} tag begins a section, whose data follows it (PBN 3.1): removing the tag \
             pair alone would leave the data to the tag before it"
        ),
    )
    .with_help(
        "set-tag removes tag pairs, not sections: remove the section with its tag in an editor, \
         or set the tag's value instead",
    )
}

/// W004, refused before any edit: `renumber --standard-dealer-vul` would remove the tag `name`
/// at `span` (a par that the board's new dealer or vulnerability makes stale, with no table to
/// work it out again), but data follows the tag, which has no section (PBN 3.1): removing the
/// pair alone would leave the data to the tag before it (found by fuzzing: this was a failed
/// proof called a bug in pbnfmt).
pub fn stale_par_with_data(name: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "the {name} would be stale at the board's new dealer and vulnerability and is to be \
             removed, but data follows it (PBN 3.1: it has no section), which would be left to \
             the tag before it"
        ),
    )
    .with_help(
        "remove the lines after the tag in an editor, or renumber without \
         --standard-dealer-vul",
    )
}

/// W004, refused: `select --write` chose none of the file's `games` boards, and would leave it
/// without a board (issue 63, item 6).
pub fn nothing_chosen(games: usize) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        0..0,
        format!(
            "no board of this file is chosen (it has {games}): written, it would keep none; the \
             file is left as it is"
        ),
    )
    .with_help("check --boards and --where; `--allow-empty` writes the file without its boards")
}

/// W010: the Result at `span` is not written as declarer's tricks: `why` says why.
pub fn uncertain_result(why: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UncertainResult,
        span,
        format!("the Result cannot be written as declarer's tricks: {why}"),
    )
    .with_help(
        "it is written as it is given, and the rest of the file is exported: correct the \
         Result, or give the Declarer",
    )
}

/// T002, refused before any edit: renumbered, the game at `span` would be board `number`, past the
/// largest number a Board reads as ([`crate::model::values::MAX_BOARD`]).
pub fn board_number_too_large(span: Range<usize>, number: u64) -> Diagnostic {
    Diagnostic::new(
        Rule::InvalidBoard,
        span,
        format!(
            "this game would be board {number}, and a Board of more than nine digits does not \
             read as a number: the file is not renumbered"
        ),
    )
    .with_help("renumber from a smaller number (`--from`)")
}

/// W009: board `number` would get dealer `dealer` and vulnerability `vulnerable` (in words), but its `played`
/// tag says it was played; `span` is its Board.
pub fn renumber_moves_played_board(
    number: u64,
    dealer: &str,
    vulnerable: &str,
    played: &str,
    span: Range<usize>,
) -> Diagnostic {
    // The vulnerability as PBN writes it (PBN 3.4.6), in words.
    let vulnerable = match vulnerable {
        "None" => "nobody vulnerable",
        "NS" => "North-South vulnerable",
        "EW" => "East-West vulnerable",
        _ => "both sides vulnerable",
    };
    Diagnostic::new(
        Rule::RenumberMovesPlayedBoard,
        span,
        format!(
            "board {number} deals from {dealer}, {vulnerable}, in the usual rotation, \
             but this board was played with another dealer or vulnerability (its {played} is \
             given): the file is not renumbered"
        ),
    )
    .with_help(RENUMBER_MOVES_PLAYED_BOARD.fix)
}

/// W001: a character of the text at `span` that the output's encoding cannot hold.
pub fn unencodable_character(span: Range<usize>, what: &dyn std::fmt::Display) -> Diagnostic {
    Diagnostic::new(Rule::UnencodableCharacter, span, format!("{what}")).with_help(
        "export in an encoding that has it (`--encoding utf-8`), or replace it; `--force` \
         writes `?` for it",
    )
}

/// W001: a character the rewrite would write (`what` names it) that the file's encoding
/// (`encoding`) cannot hold: the file is not changed.
pub fn not_in_file_encoding(what: &dyn std::fmt::Display, encoding: &str) -> Diagnostic {
    Diagnostic::new(
        Rule::UnencodableCharacter,
        0..0,
        format!("{what}, the file's encoding: the file is not changed"),
    )
    .with_help(format!(
        "give a value in characters {encoding} has, or write the file in UTF-8 first (`pbnfmt \
         export --encoding utf-8`)"
    ))
}

/// W002: a second tag `name` at `span`, with another value, or with the same value and data
/// after it (`same_value`); `first` is the tag that counts; `ran_together` names the tag of the
/// board's identity given twice with two values, when there is one.
pub fn conflicting_duplicate_tag(
    name: &str,
    span: Range<usize>,
    same_value: bool,
    first: Option<Range<usize>>,
    ran_together: Option<&str>,
) -> Diagnostic {
    let what = if same_value {
        "with the same value and data of its own after it"
    } else {
        "with another value"
    };
    let message = match ran_together {
        Some(identity) if identity == name => format!(
            "a second {name} tag, {what}: two boards seem to have run together, and export \
             would lose the second"
        ),
        Some(identity) => format!(
            "a second {name} tag, {what}, in a game with two {identity} values: two boards \
             seem to have run together, and export would lose the second"
        ),
        None => format!(
            "a second {name} tag, {what}, that a comment cannot hold: export format has one tag \
             of each name"
        ),
    };
    let help = match ran_together {
        Some(_) => "separate the two boards with an empty line (PBN 3)",
        None => {
            "remove the tag that is wrong; if two games ran together, separate them with an \
             empty line (PBN 3)"
        }
    };
    let diagnostic = Diagnostic::new(Rule::ConflictingDuplicateTag, span, message)
        .with_label("not written")
        .with_help(help);
    match first {
        Some(first) => diagnostic.with_related(first, "the tag that counts"),
        None => diagnostic,
    }
}

/// W011: a second tag `name` at `span`, written as a comment after the tag that counts (`first`).
pub fn repeated_tag_kept(
    name: &str,
    span: Range<usize>,
    first: Option<Range<usize>>,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Rule::RepeatedTagKept,
        span,
        format!(
            "a second {name} tag: the first counts (PBN 3.4), and export writes this one as a \
             comment after it"
        ),
    )
    .with_label("written as a comment")
    .with_help("remove the tag that is wrong, or keep the comment");
    match first {
        Some(first) => diagnostic.with_related(first, "the tag that counts"),
        None => diagnostic,
    }
}

/// W003: the `<PBN>` delimiter at `span` of a text that embeds PBN in another document.
pub fn embedded_pbn(span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::EmbeddedPbn,
        span,
        "the PBN text is embedded in another document; export would write the PBN text alone",
    )
    .with_help(
        "cut the PBN text out of the document, or export with `--force` to drop the rest (PBN \
         6.2)",
    )
}

/// W rule of embedded PBN, for `merge` and `split`: a document that embeds PBN text (PBN 6.2) is
/// not joined to other files nor cut into parts, which would carry its other text into every
/// part or the middle of the set (it drew "a bug in pbnfmt" before).
pub fn embedded_not_joined(span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::EmbeddedPbn,
        span,
        "the PBN text is embedded in another document (PBN 6.2); merge and split join and cut \
         PBN files",
    )
    .with_help(
        "take the PBN text out first: `pbnfmt export --force FILE > OUT.pbn` writes it alone",
    )
}

/// W rule of embedded PBN, for `select` and `dedup`: games are not removed from a document that
/// embeds PBN text (PBN 6.2), whose other text the proof does not read (it drew "a bug in
/// pbnfmt" before, issue 63, item 13).
pub fn embedded_not_cut() -> Diagnostic {
    Diagnostic::new(
        Rule::EmbeddedPbn,
        0..0,
        "the PBN text is embedded in another document (PBN 6.2); select and dedup remove games \
         from PBN files",
    )
    .with_help(
        "take the PBN text out first: `pbnfmt export --force FILE > OUT.pbn` writes it alone",
    )
}

/// The pass/fail pairs of the writers' rules ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;

mod read_back;
mod refusals;
#[cfg(test)]
pub(crate) use pairs::pairs;
pub use read_back::{
    Boards, FormatBreak, TableChange, Unfaithful, export_unfaithful, result_not_read_back,
    result_unfaithful,
};
pub use refusals::{
    Joining, NotReplicated, Unturnable, board_left_unturned, boards_joined, not_replicated,
    not_rotated,
};

/// What a conversion writes, which W004 names when it cannot be kept as it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Converted {
    /// `convert --to lin`'s LIN.
    Lin,
    /// `convert --to jsonl|csv`'s lines.
    Lines,
}

/// W004: the output of a conversion could not be kept while it was written (a full disk under
/// the spool).
pub fn output_not_kept(what: Converted, error: &dyn std::fmt::Display) -> Diagnostic {
    let what = match what {
        Converted::Lin => "the LIN",
        Converted::Lines => "the output",
    };
    Diagnostic::new(
        Rule::UnfaithfulExport,
        0..0,
        format!("{what} could not be kept: {error}"),
    )
}

/// W004: board `number` (from 1) at `span` reads back as `after`, converted from `before`.
pub fn board_reads_back_otherwise(
    span: Range<usize>,
    number: usize,
    before: &str,
    after: &str,
) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "board {number} reads back differently from what was converted; nothing was written"
        ),
    )
    .with_help(format!(
        "this is a bug in pbnfmt, please report it: was `{}`, reads back `{}`",
        crate::display::escape(before),
        crate::display::escape(after)
    ))
}

/// W005: the inherited value `value` of tag `name`, written out at `span`, would read as
/// inheritance again; `given` is where a `##` gave it.
pub fn unwritable_inherited_value(
    name: &str,
    value: &str,
    span: Range<usize>,
    given: Option<Range<usize>>,
) -> Diagnostic {
    let finding = Diagnostic::new(
        Rule::UnwritableInheritedValue,
        span,
        format!(
            "the {name} tag inherits the value {value:?}, which written out would read as \
             inheritance again"
        ),
    )
    .with_help(
        "PBN 4.8: a value `#` or one beginning with `##` cannot be written plainly; change the \
         value where it is given",
    );
    match given {
        Some(given) => finding.with_related(given, "given with `##` here"),
        None => finding,
    }
}

/// W006: `named` (a game, in words) at `span` is left out of the data: `why`.
pub fn game_not_converted(span: Range<usize>, named: &str, why: &str) -> Diagnostic {
    Diagnostic::new(
        Rule::GameNotConverted,
        span,
        format!("{named} left out: {why}"),
    )
    .with_help(
        "boards run together need an empty line between them (PBN 3; `pbnfmt check` reports \
         T022 for them); then convert again",
    )
}

/// W007: the game at `span` takes a value from a game dedup removes.
pub fn removed_game_inherited(span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::RemovedGameInherited,
        span,
        "this game would change: it takes a value with `#` or `##` from a game dedup removes",
    )
    .with_help(REMOVED_GAME_INHERITED.fix)
}

/// W008: the declarer `cell` of table `table` at `span` is not a seat.
pub fn declarer_not_a_seat(table: &str, cell: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::NotRotated,
        span,
        format!(
            "the {table} declarer `{}` is not a seat: the board is not turned",
            crate::display::escape(cell)
        ),
    )
    .with_help(NOT_ROTATED.fix)
}
