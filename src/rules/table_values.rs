//! The values of the standard's table columns (PBN 5.3-5.10) and the rows a table owes its game
//! (PBN 5.4, 5.6, 5.8): X006 and X007.
//!
//! Every table and column of chapter 5, and what judges it:
//!
//! | table (PBN) | column | judged by |
//! | --- | --- | --- |
//! | ActionTable (5.3) | Rank | X006: a whole number from 1 (`3=` for a tie) |
//! | | Call | X006: a call of the Auction section (PBN 3.5.1) |
//! | | Card | X006: a card of the Play section (PBN 3.6.1) |
//! | | Declarer | X006: N, E, S or W |
//! | | Contract | X006: a Contract value (PBN 3.4.12) |
//! | | Percentage | X006: a number from 0 to 100 |
//! | AuctionTimeTable (5.4) | Time, TotalTime | X006: `HH:MM:SS`, `MM:SS` or `SS` |
//! | | (rows) | X007: at most one row a call of the Auction section |
//! | InstantScoreTable (5.5) | Rank | X006 |
//! | | ScoreRange_NS, ScoreRange_EW | X006: `<score>`, `<score1>,*`, `<score1>,<score2>`, `*,<score2>` |
//! | | IMP_NS, IMP_EW | X006: a number |
//! | | Percentage_NS, Percentage_EW | X006: 0 to 100 |
//! | OptimumPlayTable (5.6) | S, H, D, C | X006: ranks `AKQJT98765432`, each once, or `-` |
//! | | (rows) | X007: at most one row a card of the Play section, and one more |
//! | OptimumResultTable (5.7) | Declarer, Denomination | X006: N, E, S, W; S, H, D, C, NT (H002 instead when selected, which judges the table whole) |
//! | | Result | X006: 0 to 13 tricks (or H002) |
//! | PlayTimeTable (5.8) | Time, TotalTime | X006 |
//! | | (rows) | X007: at most one row a card of the Play section |
//! | ScoreTable (5.9) | Rank | X006 |
//! | | Declarer | X006 |
//! | | Result | X006: 0 to 13 tricks |
//! | | Contract, Score_NS, Score_EW | R001 (the producers' spellings of scores and artificial scores) |
//! | | IMP_NS, IMP_EW, MP_NS, MP_EW | X006: a number; R002, R003 the arithmetic |
//! | | Percentage_NS, Percentage_EW | X006: 0 to 100; R004 the arithmetic |
//! | | Multiplicity | X006: a whole number from 1 |
//! | | PairId_NS, PairId_EW, Names_NS, Names_EW | free text: no rule |
//! | TotalScoreTable (5.10) | Rank, Multiplicity | X006 |
//! | | TotalScore, TotalIMP, TotalMP, MeanScore, MeanIMP, MeanMP | X006: a number; R006 the sums |
//! | | TotalPercentage, MeanPercentage | X006: a number (a total may pass 100); R006 |
//! | | NrBoards | X006: a whole number |
//! | | PairId, Names | free text: no rule |
//!
//! Any element may be `?` (unknown) or `-` (irrelevant), and a score value may be marked
//! artificial with `^` (PBN 5.2). Columns a producer adds under other names are its own.

use crate::bridge::{CallToken, Denomination, PlayToken, Seat};
use crate::model::values::{ContractValue, decimal};
use crate::model::{GameModel, Tag};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::syntax::{Data, SectionKind};
use crate::table::Table;

// The rules of this family: their pages are in `table_values.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/table_values.rs"));

/// What a column's elements are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Rank,
    Call,
    Card,
    Seat,
    Denomination,
    Contract,
    /// 0 to 100.
    Percentage,
    /// Any decimal number.
    Number,
    /// A whole number from 0.
    Count,
    /// A whole number from 1.
    Multiplicity,
    Tricks,
    Time,
    ScoreRange,
    SuitRanks,
}

/// The form of column `column` of table `table`, when chapter 5 gives it one this rule judges.
fn form(table: &str, column: &str) -> Option<Form> {
    use Form::*;
    Some(match (table, column) {
        (_, "Rank") if table != "OptimumResultTable" => Rank,
        ("OptimumResultTable", "Declarer") => Seat,
        ("OptimumResultTable", "Denomination") => Denomination,
        ("OptimumResultTable", "Result") => Tricks,
        ("ActionTable", "Call") => Call,
        ("ActionTable", "Card") => Card,
        ("ActionTable" | "ScoreTable", "Declarer") => Seat,
        ("ActionTable", "Contract") => Contract,
        ("ActionTable", "Percentage") => Percentage,
        ("AuctionTimeTable" | "PlayTimeTable", "Time" | "TotalTime") => Time,
        ("InstantScoreTable", "ScoreRange_NS" | "ScoreRange_EW") => ScoreRange,
        ("InstantScoreTable" | "ScoreTable", "IMP_NS" | "IMP_EW") => Number,
        ("InstantScoreTable" | "ScoreTable", "Percentage_NS" | "Percentage_EW") => Percentage,
        ("OptimumPlayTable", "S" | "H" | "D" | "C") => SuitRanks,
        ("ScoreTable", "Result") => Tricks,
        ("ScoreTable", "MP_NS" | "MP_EW") => Number,
        ("ScoreTable" | "TotalScoreTable", "Multiplicity") => Multiplicity,
        (
            "TotalScoreTable",
            "TotalScore" | "TotalIMP" | "TotalMP" | "TotalPercentage" | "MeanScore" | "MeanIMP"
            | "MeanMP" | "MeanPercentage",
        ) => Number,
        ("TotalScoreTable", "NrBoards") => Count,
        _ => return None,
    })
}

/// What is wrong with `element` as a value of `form`, if anything.
fn problem(form: Form, element: &str) -> Option<&'static str> {
    let element = element.trim_matches('"');
    if matches!(element, "?" | "-") {
        return None;
    }
    let whole = |text: &str| {
        !text.is_empty() && text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit())
    };
    let ok = match form {
        Form::Rank => {
            let rank = element.strip_suffix('=').unwrap_or(element);
            whole(rank) && rank.parse::<u32>().is_ok_and(|n| n >= 1)
        }
        Form::Call => CallToken::parse(element).is_some(),
        Form::Card => matches!(PlayToken::parse(element), Some(PlayToken::Card(_))),
        Form::Seat => Seat::parse(element.trim_start_matches('^')).is_some(),
        Form::Denomination => Denomination::parse(element).is_some(),
        Form::Contract => ContractValue::parse(element).is_some(),
        Form::Percentage => {
            decimal(element.trim_start_matches('^')).is_some_and(|n| (0.0..=100.0).contains(&n))
        }
        Form::Number => decimal(element.trim_start_matches('^')).is_some(),
        Form::Count => whole(element),
        Form::Multiplicity => whole(element) && element.parse::<u32>().is_ok_and(|n| n >= 1),
        Form::Tricks => whole(element) && element.parse::<u32>().is_ok_and(|n| n <= 13),
        Form::Time => is_duration(element),
        Form::ScoreRange => is_score_range(element),
        Form::SuitRanks => is_suit_ranks(element),
    };
    if ok {
        return None;
    }
    Some(match form {
        Form::Rank => "a rank is a whole number from 1 (`3=` for a tie)",
        Form::Call => "a call is written as in the Auction section (PBN 3.5.1)",
        Form::Card => "a card is a suit and a rank (`SA`, `H7`, PBN 3.6.1)",
        Form::Seat => "a declarer is N, E, S or W",
        Form::Denomination => "a denomination is S, H, D, C or NT",
        Form::Contract => "a contract is written as the Contract tag is (`4S`, `3NTX`, `Pass`)",
        Form::Percentage => "a percentage is a number from 0 to 100",
        Form::Number => "the column holds a number",
        Form::Count => "the column holds a whole number",
        Form::Multiplicity => "a multiplicity is a whole number from 1",
        Form::Tricks => "a result is a number of tricks from 0 to 13",
        Form::Time => "a time is `HH:MM:SS`, `MM:SS` or `SS` (PBN 5.4, 5.8)",
        Form::ScoreRange => {
            "a score range is `<score>`, `<score1>,*`, `<score1>,<score2>` or `*,<score2>` (PBN 5.5)"
        }
        Form::SuitRanks => "a suit's optimum cards are ranks from A to 2, each once, or `-`",
    })
}

/// `HH:MM:SS`, `MM:SS` or `SS` (PBN 4.5.1's Time, as 5.4 and 5.8 give it): minutes and seconds
/// below 60 after the first field.
fn is_duration(text: &str) -> bool {
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() > 3 {
        return false;
    }
    fields.iter().enumerate().all(|(i, field)| {
        !field.is_empty()
            && field.len() <= 9
            && field.bytes().all(|b| b.is_ascii_digit())
            && (i == 0 || (field.len() == 2 && field.parse::<u32>().is_ok_and(|n| n < 60)))
    })
}

/// A score as the Score tag writes it: a whole number, maybe signed.
fn is_score(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.len() <= 9 && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_score_range(text: &str) -> bool {
    match text.split_once(',') {
        None => is_score(text),
        Some(("*", high)) => is_score(high),
        Some((low, "*")) => is_score(low),
        Some((low, high)) => is_score(low) && is_score(high),
    }
}

fn is_suit_ranks(text: &str) -> bool {
    let order = "AKQJT98765432";
    let mut seen = [false; 13];
    !text.is_empty()
        && text
            .chars()
            .all(|c| match order.find(c.to_ascii_uppercase()) {
                Some(at) if !seen[at] => {
                    seen[at] = true;
                    true
                }
                _ => false,
            })
}

/// X006: each element of a standard column of `table`, a table of the tag `tag` (`name`).
pub(crate) fn check_values(checker: &mut Checker<'_>, name: &str, table: &Table<'_>) {
    let (parse, text) = (checker.parse, checker.text);
    let width = table.columns.len();
    let forms: Vec<Option<Form>> = table
        .columns
        .iter()
        .map(|column| form(name, column.name))
        .collect();
    if width == 0 || forms.iter().all(Option::is_none) {
        return;
    }
    // H002, when it runs, judges the OptimumResultTable whole (20 cells, one for each declarer
    // and denomination): its findings are not said twice.
    if name == "OptimumResultTable" && checker.on(Rule::MalformedOptimumTable) {
        return;
    }
    for (index, form) in forms.iter().enumerate() {
        let Some(form) = *form else {
            continue;
        };
        // One finding a column: the first element out of its form, and how many more there are.
        let mut wrong = table
            .rows()
            .filter(|row| row.len() == width)
            .map(|row| row[index])
            .filter_map(|(first, last)| {
                let span = parse.span(first, last);
                problem(form, &text[span.clone()]).map(|why| (span, why))
            });
        let Some((span, why)) = wrong.next() else {
            continue;
        };
        let more = wrong.count();
        let column = table.columns[index].name;
        let others = match more {
            0 => String::new(),
            1 => " (and 1 more in the column)".to_owned(),
            n => format!(" (and {n} more in the column)"),
        };
        checker.report(
            Diagnostic::new(
                Rule::MalformedTableValue,
                span.clone(),
                format!(
                    "`{}` is no value of the {name} column {column}: {why}{others}",
                    crate::rules::tables::clip(&text[span])
                ),
            )
            .with_help(format!(
                "write the value in the column's form (PBN 5.{}), or `?` when it is not known",
                chapter(name)
            )),
        );
    }
}

/// The subsection of chapter 5 of a table.
fn chapter(name: &str) -> u8 {
    match name {
        "ActionTable" => 3,
        "AuctionTimeTable" => 4,
        "InstantScoreTable" => 5,
        "OptimumPlayTable" => 6,
        "OptimumResultTable" => 7,
        "PlayTimeTable" => 8,
        "ScoreTable" => 9,
        _ => 10,
    }
}

/// The calls (or cards) of the game's Auction (or Play) section: its moves, `-` and `AP`
/// included.
fn moves(tag: Option<&Tag<'_>>) -> Option<usize> {
    let tag = tag?;
    if tag.pair.section == SectionKind::Other {
        return None;
    }
    Some(
        tag.pair
            .data
            .iter()
            .filter(|data| matches!(data, Data::Move(_)))
            .count(),
    )
}

/// X007: the rows of a time table against the calls or cards it times, and of an
/// OptimumPlayTable against the cards played.
pub(crate) fn check_rows(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    tag: &Tag<'_>,
    table: &Table<'_>,
) {
    let name = tag.name;
    let (section, unit) = match name {
        "AuctionTimeTable" => ("Auction", "call"),
        "PlayTimeTable" | "OptimumPlayTable" => ("Play", "card"),
        _ => return,
    };
    let width = table.columns.len();
    if width == 0 || !table.elements.len().is_multiple_of(width) {
        return;
    }
    let rows = table.elements.len() / width;
    // A section taken with `#` is the game before's: its moves are not this game's tokens.
    let Some(counted) = moves(
        game.get(section)
            .filter(|t| t.pair.section != SectionKind::Other),
    ) else {
        return;
    };
    // More rows than the moves they describe is certain to be wrong; fewer is a table of the
    // first calls or cards only (a game timed part of the way), which PBN 5.4 and 5.8 do not
    // rule out (docs/spec-decisions.md).
    let (agrees, owed) = if name == "OptimumPlayTable" {
        (rows <= counted + 1, format!("at most {}", counted + 1))
    } else {
        (rows <= counted, format!("at most {counted}"))
    };
    if agrees {
        return;
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let span = match (table.elements.first(), table.elements.last()) {
        (Some(&(first, _)), Some(&(_, last))) => checker.parse.span(first, last),
        _ => tag.text_span(),
    };
    checker.report(
        Diagnostic::new(
            Rule::TableRowsDisagree,
            span,
            format!(
                "the {name} has {}, but the {section} section has {}: it needs {owed}",
                plural(rows, "row"),
                plural(counted, unit)
            ),
        )
        .with_help(format!(
            "give one row for each {unit} of the {section} section, in its order (PBN 5.{})",
            chapter(name)
        )),
    );
}

/// Each rule drawn, and its fix ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::MalformedTableValue,
            "[ScoreTable \"PairId_NS;Declarer;Result\"]\n3 N 14\n",
            "[ScoreTable \"PairId_NS;Declarer;Result\"]\n3 N 10\n",
        ),
        pair(
            Rule::MalformedTableValue,
            "[ScoreTable \"PairId_NS;Declarer;Result\"]\n3 Q 10\n",
            "[ScoreTable \"PairId_NS;Declarer;Result\"]\n3 ? 10\n",
        ),
        pair(
            Rule::MalformedTableValue,
            "[ActionTable \"Rank;Call;Percentage\"]\n1 1Q 120\n",
            "[ActionTable \"Rank;Call;Percentage\"]\n1 1NT 100\n",
        ),
        pair(
            Rule::MalformedTableValue,
            "[AuctionTimeTable \"Time;TotalTime\"]\n0:75 0:75\n",
            "[AuctionTimeTable \"Time;TotalTime\"]\n1:15 1:15\n",
        ),
        pair(
            Rule::MalformedTableValue,
            "[InstantScoreTable \"Rank;ScoreRange_NS;Percentage_NS\"]\n1 abc 50\n",
            "[InstantScoreTable \"Rank;ScoreRange_NS;Percentage_NS\"]\n1 420,* 50\n",
        ),
        pair(
            Rule::MalformedTableValue,
            "[OptimumPlayTable \"S;H;D;C\"]\nAKA - - -\n",
            "[OptimumPlayTable \"S;H;D;C\"]\nAKQ - - -\n",
        ),
        pair(
            Rule::MalformedTableValue,
            "[TotalScoreTable \"Rank;PairId;TotalMP;NrBoards\"]\n1 3 12.5 x\n",
            "[TotalScoreTable \"Rank;PairId;TotalMP;NrBoards\"]\n1= 3 12.5 26\n",
        ),
        pair(
            Rule::TableRowsDisagree,
            "[Auction \"N\"]\nPass Pass Pass Pass\n[AuctionTimeTable \"Time\"]\n5\n3\n1\n2\n7\n",
            "[Auction \"N\"]\nPass Pass Pass Pass\n[AuctionTimeTable \"Time\"]\n5\n3\n1\n2\n",
        ),
        pair(
            Rule::TableRowsDisagree,
            "[Play \"E\"]\nSA S2\n[PlayTimeTable \"Time;TotalTime\"]\n5 5\n3 8\n1 9\n",
            "[Play \"E\"]\nSA S2\n[PlayTimeTable \"Time;TotalTime\"]\n5 5\n3 8\n",
        ),
        pair(
            Rule::TableRowsDisagree,
            "[Play \"E\"]\nSA\n[OptimumPlayTable \"S;H;D;C\"]\nA - - -\n2 - - -\nK - - -\n",
            "[Play \"E\"]\nSA\n[OptimumPlayTable \"S;H;D;C\"]\nA - - -\n2 - - -\n",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_the_standards_columns() {
        for good in ["5", "1:05", "12:00:59", "0:00"] {
            assert!(is_duration(good), "{good}");
        }
        for bad in ["", "1:5", "1:60", "a", "1:2:3:4", "1.5"] {
            assert!(!is_duration(bad), "{bad}");
        }
        for good in ["420", "-50", "420,*", "*,-100", "-50,420"] {
            assert!(is_score_range(good), "{good}");
        }
        for bad in ["*", "420,", "a,b", "*,*"] {
            assert!(!is_score_range(bad), "{bad}");
        }
        assert!(is_suit_ranks("AKQJT98765432") && is_suit_ranks("t9"));
        assert!(!is_suit_ranks("AA") && !is_suit_ranks("1"));
        assert_eq!(problem(Form::Rank, "3="), None);
        assert_eq!(problem(Form::Percentage, "^40"), None);
        assert_eq!(problem(Form::Tricks, "?"), None);
        assert!(problem(Form::Tricks, "-1").is_some());
        assert!(problem(Form::Multiplicity, "0").is_some());
    }
}
