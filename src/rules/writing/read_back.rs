//! W004 (`unfaithful-export`) for the rewrites: why a result does not read back as it must, as
//! data. The proofs (`rewrite/`) find the difference and hand it here; it is worded here, beside
//! the rule, so that no producer composes the text of a finding (issue 59, item 5).

use std::fmt;
use std::ops::Range;

use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

/// Whose boards could not be numbered, in [`Unfaithful::NotRenumbered`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boards {
    Merged,
    Selected,
}

/// How a table a rewrite wrote again lost what it held, in [`Unfaithful::TableNotKept`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableChange {
    Gone,
    OtherRows,
    ColumnMoved(String),
    ElementChanged(String),
    ColumnAdded(String),
}

/// How an export breaks export format, in [`Unfaithful::ExportBreaksFormat`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatBreak {
    LineEnd,
    Spacing,
    /// An export rule's finding (its code, name and words).
    Rule {
        code: &'static str,
        name: &'static str,
        finding: String,
    },
}

/// Why a rewrite's result does not read back as it must: a broken invariant (a bug in pbnfmt),
/// or (where said) the disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfaithful {
    /// Two edits touch the same bytes.
    EditsOverlap(Range<usize>, Range<usize>),
    /// An edit reaches past the end of the text or splits a character.
    EditOutside(Range<usize>),
    /// A character of the input that its own encoding does not hold again.
    NotEncodable {
        character: char,
        encoding: &'static str,
    },
    /// The result could not be kept in its temporary file (the system's words).
    NotKept(String),
    /// The result could not be read back (the system's words).
    NotReadBack(String),
    /// The result reads back with a syntax error (`code`) at byte `at` of the piece written.
    SyntaxError {
        code: &'static str,
        at: usize,
    },
    /// The result reads back with a syntax error that makes its reading a guess, which the input
    /// had not.
    NewSyntaxError,
    /// The result writes a backslash without its escape (PBN 3.2) in this string (as written).
    UnescapedBackslash(String),
    /// A fact of the file (as the facts read it) became another.
    ChangesFacts {
        was: String,
        is: String,
    },
    OtherGameCount,
    FewerGames,
    MoreGames,
    /// The text before the first game is not the input's.
    PreambleLost,
    /// A game kept by `dedup` or `select` whose first line is this span of the input says
    /// something else once the games before it are removed: it takes a value from one of them
    /// with `#` or `##` (PBN 4.8). The input's, said as W007, not a bug.
    TakesFromRemoved(Range<usize>),
    /// The game at byte `at` says something else than its totals, which `score` changes.
    SaysMoreThan {
        at: usize,
    },
    /// The rewrite, run again on its result, changes it.
    AgainChanges,
    /// Resolving the compressed text does not give back the resolved text.
    CompressNotInverse,
    /// `fix` did not settle in this many passes.
    NotSettled(usize),
    /// `rotate`: the result turned back is not the input, or cannot be turned back.
    TurnedBackOtherwise,
    NotTurnedBack(Box<Unfaithful>),
    LastGameChanged,
    CopyOtherwise,
    /// `renumber`.
    OtherBoardNumbers,
    DealOtherCards,
    OptimumContradicted,
    /// `set-tag`.
    OtherValues,
    /// `merge` and `split`.
    MergedOtherwise,
    PartsOtherwise,
    NotSpooled(String),
    /// Boards that could not be numbered, with the reason renumber gave (a finding's words).
    NotRenumbered {
        boards: Boards,
        why: Option<String>,
    },
    RenumberedNotUtf8,
    /// `analyze`.
    SaysMoreThanDoubleDummy {
        game: usize,
    },
    DoubleDummyTags {
        written: usize,
        expected: usize,
    },
    DoubleDummyContradicted {
        found: usize,
        expected: usize,
    },
    /// `score`.
    TravellerOtherwise,
    TableNotKept {
        game: usize,
        change: TableChange,
    },
    ScoringAgainChanges,
    /// A results rule (`code`, its finding's words) finds the traveller scored wrong.
    ScoredWrong {
        code: &'static str,
        finding: String,
    },
    TotalsAgainChange,
    /// A totals rule (`code`, its finding's words) finds the totals written wrong.
    TotalsWrong {
        code: &'static str,
        finding: String,
    },
    TotalsNotKept(Box<Unfaithful>),
    /// `export`: the export reads back with a syntax error (`code`) at byte `at` of the export.
    ExportSyntaxError {
        code: &'static str,
        at: usize,
    },
    /// The fingerprints of the export's facts and the input's differ (no fact found to differ).
    ExportFingerprint {
        output: u128,
        input: u128,
    },
    ExportBreaksFormat {
        at: usize,
        how: FormatBreak,
    },
    ExportChangesFacts {
        was: String,
        is: String,
    },
    ExportAgainChanges,
}

impl From<&crate::source::Unencodable> for Unfaithful {
    fn from(unencodable: &crate::source::Unencodable) -> Unfaithful {
        Unfaithful::NotEncodable {
            character: unencodable.character,
            encoding: unencodable.encoding.name(),
        }
    }
}

impl fmt::Display for Unfaithful {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Unfaithful::*;
        match self {
            EditsOverlap(a, b) => write!(f, "edits at bytes {a:?} and {b:?} overlap"),
            EditOutside(range) => write!(f, "an edit at bytes {range:?} is outside the text"),
            NotEncodable {
                character,
                encoding,
            } => write!(
                f,
                "the character {character:?} (U+{:04X}) cannot be written in {encoding}",
                *character as u32
            ),
            NotKept(error) => write!(f, "the result could not be kept ({error})"),
            NotReadBack(error) => write!(f, "the result could not be read back ({error})"),
            SyntaxError { code, at } => write!(
                f,
                "the result reads back with a syntax error ({code}) at byte {at}"
            ),
            NewSyntaxError => f.write_str("the result reads back with a new syntax error"),
            UnescapedBackslash(token) => write!(
                f,
                "the result writes a backslash without its escape (PBN 3.2: `\\\\`) in {}",
                crate::display::escape(token)
            ),
            ChangesFacts { was, is } => write!(
                f,
                "the result would change what the file says: `{was}` became `{is}`"
            ),
            OtherGameCount => f.write_str("the result has another number of games"),
            FewerGames => f.write_str("the result has fewer games than it should"),
            MoreGames => f.write_str("the result has more games than it should"),
            PreambleLost => f.write_str("the result lost the text before the first game"),
            TakesFromRemoved(_) => {
                f.write_str("a kept game takes a value with `#` or `##` from a removed game")
            }
            SaysMoreThan { at } => write!(
                f,
                "the game at byte {at} would say something else than its totals"
            ),
            AgainChanges => f.write_str("rewriting the result again changes it"),
            CompressNotInverse => {
                f.write_str("resolving the compressed file does not give back the resolved file")
            }
            NotSettled(passes) => write!(f, "the fixes did not settle in {passes} passes"),
            TurnedBackOtherwise => f.write_str("the result turned back is not the input"),
            NotTurnedBack(why) => write!(f, "the result cannot be turned back ({why})"),
            LastGameChanged => {
                f.write_str("the file's last game reads otherwise with the copies after it")
            }
            CopyOtherwise => {
                f.write_str("a copy reads back otherwise than its board, number and block say")
            }
            OtherBoardNumbers => {
                f.write_str("the result reads back with other Board numbers than those asked for")
            }
            DealOtherCards => f.write_str("a Deal written from its dealer holds other cards"),
            OptimumContradicted => f.write_str(
                "the result has an OptimumScore its table contradicts, which the input had not",
            ),
            OtherValues => {
                f.write_str("the result reads back with other values than those asked for")
            }
            MergedOtherwise => {
                f.write_str("the merged file does not read back as the inputs' games")
            }
            PartsOtherwise => f.write_str("the parts do not read back as the file's games"),
            NotSpooled(error) => write!(f, "the merged text could not be spooled: {error}"),
            NotRenumbered { boards, why } => write!(
                f,
                "{} could not be renumbered{}",
                match boards {
                    Boards::Merged => "the merged boards",
                    Boards::Selected => "the boards selected",
                },
                why.as_deref()
                    .map_or_else(String::new, |why| format!(": {why}"))
            ),
            RenumberedNotUtf8 => f.write_str("the renumbered boards are not UTF-8"),
            SaysMoreThanDoubleDummy { game } => write!(
                f,
                "game {game} says something else besides its double-dummy tags"
            ),
            DoubleDummyTags { written, expected } => write!(
                f,
                "the result has {written} double-dummy tags, not {expected}"
            ),
            DoubleDummyContradicted { found, expected } => write!(
                f,
                "the result has {found} double-dummy values the solver contradicts, not {expected}"
            ),
            TravellerOtherwise => f.write_str("a game says something else besides its traveller"),
            TableNotKept { game, change } => {
                write!(f, "game {game}: ")?;
                match change {
                    TableChange::Gone => f.write_str("the table is gone"),
                    TableChange::OtherRows => f.write_str("the table has another number of rows"),
                    TableChange::ColumnMoved(name) => write!(f, "the column {name} moved"),
                    TableChange::ElementChanged(name) => write!(f, "an element of {name} changed"),
                    TableChange::ColumnAdded(name) => write!(f, "the column {name} was added"),
                }
            }
            ScoringAgainChanges => f.write_str("scoring the result again changes it"),
            ScoredWrong { code, finding } => {
                write!(f, "{code} finds the traveller scored wrong: {finding}")
            }
            TotalsAgainChange => f.write_str("writing the totals again changes them"),
            TotalsWrong { code, finding } => write!(f, "{code} finds: {finding}"),
            ExportSyntaxError { code, at } => write!(
                f,
                "the export reads back with a syntax error ({code}) at byte {at} of the export"
            ),
            ExportFingerprint { output, input } => write!(
                f,
                "the export's facts have another fingerprint than the input's ({output:032x}, \
                 not {input:032x})"
            ),
            ExportBreaksFormat { at, how } => {
                write!(
                    f,
                    "the export breaks export format at byte {at} of the export: "
                )?;
                match how {
                    FormatBreak::LineEnd => {
                        f.write_str("a line end other than the one export writes")
                    }
                    FormatBreak::Spacing => {
                        f.write_str("not the single space export writes between two tokens")
                    }
                    FormatBreak::Rule {
                        code,
                        name,
                        finding,
                    } => write!(f, "{code} {name}: {finding}"),
                }
            }
            ExportChangesFacts { was, is } => write!(
                f,
                "the export would change what the file says: `{was}` became `{is}`"
            ),
            ExportAgainChanges => f.write_str("exporting the export again changes it"),
            TotalsNotKept(why) => write!(
                f,
                "the TotalScoreTable written again does not read back as it should: {why}"
            ),
        }
    }
}

/// W004: a rewrite's result that does not read back as it must, a bug of pbnfmt's.
pub fn result_unfaithful(why: &Unfaithful) -> Diagnostic {
    Diagnostic::new(Rule::UnfaithfulExport, 0..0, why.to_string())
        .with_help("this is a bug in pbnfmt: please report it with the file".to_owned())
}

/// W004: an export that does not read back as the input, a bug of pbnfmt's that `--force` writes
/// past.
pub fn export_unfaithful(why: &Unfaithful) -> Diagnostic {
    Diagnostic::new(Rule::UnfaithfulExport, 0..0, why.to_string()).with_help(
        "this is a bug in pbnfmt: please report it with the file; `--force` writes the export \
         anyway"
            .to_owned(),
    )
}

/// W004: a result that could not be read back from its temporary file (the disk, not pbnfmt).
pub fn result_not_read_back(why: &Unfaithful) -> Diagnostic {
    Diagnostic::new(Rule::UnfaithfulExport, 0..0, why.to_string())
        .with_help("free some space for temporary files and run it again".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reason is worded as a sentence of its own; a string as written escaped.
    #[test]
    fn reasons_are_worded_here() {
        let said = result_unfaithful(&Unfaithful::UnescapedBackslash("\"a\\b\u{1b}\"".to_owned()));
        assert!(!said.message.contains('\u{1b}'), "{}", said.message);
        assert!(said.help.as_deref().unwrap().contains("bug in pbnfmt"));
        let said = result_unfaithful(&Unfaithful::TableNotKept {
            game: 3,
            change: TableChange::ColumnMoved("Rank".to_owned()),
        });
        assert_eq!(said.message, "game 3: the column Rank moved");
    }
}
