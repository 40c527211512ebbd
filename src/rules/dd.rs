//! Double-dummy tags checked against each other, without a solver (issue 27): the
//! OptimumResultTable (PBN 5.7) well formed, Bridge Composer's DoubleDummyTricks equal to it,
//! OptimumScore (PBN 4.2.7) and ParContract equal to the par computed from it ([`crate::par`]),
//! and no such tag on a deal without four complete hands. Opt-in (the H group, `--extend-select
//! H`), as the hand-record checks are.

use crate::bridge::{Denomination, Seat};
use crate::model::deal::Deal;
use crate::model::values::{PerSide, Side, Vulnerability};
use crate::model::{GameModel, Inheritance, Tag};
use crate::par::{self, Tricks};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::rules::{Group, Rule};
use crate::table::Table;

mod table;
pub use table::*;

// The rules of this family: their pages are in `dd.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/dd.rs"));

/// The rules that need the double-dummy solver: named one by one, never by a prefix or `ALL`
/// ([`crate::rules::select::matching`]).
pub const NEEDS_SOLVER: [Rule; 2] = [Rule::DoubleDummyWrong, Rule::DealNotSolved];

/// H007 for a game: what a hand record lacks.
pub fn hand_record(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    if !checker.on(Rule::IncompleteHandRecord) {
        return;
    }
    let given = |name: &str| {
        game.value(name)
            .is_some_and(|value| !value.trim().is_empty() && value.trim() != "?")
    };
    let mut missing: Vec<&str> = ["Event", "Site", "Date"]
        .into_iter()
        .filter(|name| !given(name))
        .collect();
    let complete = deal.is_some_and(|deal| crate::model::deal_key::key(deal).is_some());
    if !complete {
        missing.push("the four hands of the Deal");
    }
    if !given("OptimumResultTable") && !given("DoubleDummyTricks") {
        missing.push("the double-dummy analysis");
    }
    if missing.is_empty() {
        return;
    }
    let span = game
        .get("Board")
        .or_else(|| game.tags.first())
        .map_or(0..0, |tag| tag.span.clone());
    let board = game.value("Board").unwrap_or("");
    let who = if board.is_empty() {
        "this board".to_owned()
    } else {
        format!("board {}", crate::display::escape(board))
    };
    checker.report(
        Diagnostic::new(
            Rule::IncompleteHandRecord,
            span,
            format!(
                "{who} lacks {} for a hand record",
                crate::display::word_list(&missing, "and")
            ),
        )
        .with_help(INCOMPLETE_HAND_RECORD.fix),
    );
}

/// The Board numbers of a file as its games give them, for H006 at the end of the file.
#[derive(Default)]
pub struct Boards {
    /// Each number, and the span of its Board tag, in file order.
    seen: Vec<(u64, std::ops::Range<usize>)>,
}

impl Boards {
    /// Takes in the boards of the chunk after.
    pub fn append(&mut self, other: Boards) {
        self.seen.extend(other.seen);
    }

    pub fn game(&mut self, checker: &Checker<'_>, game: &GameModel<'_>) {
        if !checker.on(Rule::BoardSequence) {
            return;
        }
        if let Some(tag) = game.get("Board")
            && let Ok(number) = tag.value.trim().parse::<u64>()
        {
            self.seen.push((number, tag.span.clone()));
        }
    }

    /// H006: repeats in file order, then each number missing below the highest (at the
    /// first board after the gap).
    pub fn finish(self, checker: &mut Checker<'_>) {
        if self.seen.is_empty() {
            return;
        }
        let mut first: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
        let mut index = None;
        for (number, span) in &self.seen {
            if let Some(&at) = first.get(number) {
                let text = checker.text;
                let index = index.get_or_insert_with(|| crate::source::LineIndex::new(text));
                let (line, _) = index.line_col(text, at);
                checker.report(
                    Diagnostic::new(
                        Rule::BoardSequence,
                        span.clone(),
                        format!("board {number} is given again (first on line {line})"),
                    )
                    .with_help(BOARD_SEQUENCE.fix),
                );
            } else {
                first.insert(*number, span.start);
            }
        }
        let highest = self.seen.iter().map(|(n, _)| *n).max().unwrap_or(0);
        // A set far larger than the file is not a hand-record set: one finding, not millions.
        let missing: Vec<u64> = (1..=highest.min(first.len() as u64 * 4 + 64))
            .filter(|n| !first.contains_key(n))
            .collect();
        if missing.is_empty() {
            return;
        }
        let shown: Vec<String> = missing.iter().take(20).map(u64::to_string).collect();
        let more = if missing.len() > 20 {
            format!(" and {} more", missing.len() - 20)
        } else {
            String::new()
        };
        let at = self.seen[0].1.clone();
        checker.report(
            Diagnostic::new(
                Rule::BoardSequence,
                at,
                format!(
                    "the boards run to {highest} without board {}{more}",
                    shown.join(", ")
                ),
            )
            .with_help(BOARD_SEQUENCE.fix),
        );
    }
}

/// The double-dummy tags: the table of PBN 5.7, Bridge Composer's digits, the par score of PBN
/// 4.2.7 and a par contract.
pub const DD_TAGS: [&str; 4] = [
    "OptimumResultTable",
    "DoubleDummyTricks",
    "OptimumScore",
    "ParContract",
];

/// The tags of the game written in it (not inherited): the double-dummy ones.
fn own<'g, 'a>(game: &'g GameModel<'a>, name: &str) -> Option<&'g Tag<'a>> {
    game.get(name).filter(|tag| {
        !matches!(
            tag.inheritance,
            Inheritance::Implied | Inheritance::Hash { .. }
        )
    })
}

pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    if !checker.rules.any_of(Group::Extra)
        || ![
            Rule::MalformedOptimumTable,
            Rule::DoubleDummyTricksMismatch,
            Rule::ParMismatch,
            Rule::DoubleDummyOnIncompleteDeal,
            Rule::DoubleDummyWrong,
            Rule::DealNotSolved,
        ]
        .iter()
        .any(|&rule| checker.on(rule))
    {
        return;
    }
    if !DD_TAGS.iter().any(|name| own(game, name).is_some()) {
        return;
    }
    let complete = deal.is_some_and(|deal| crate::model::deal_key::key(deal).is_some());
    if !complete {
        let tag = DD_TAGS.iter().find_map(|name| own(game, name));
        if let Some(tag) = tag {
            checker.report(
                Diagnostic::new(
                    Rule::DoubleDummyOnIncompleteDeal,
                    tag.span.clone(),
                    format!(
                        "the {} is on a deal that does not give four complete hands",
                        tag.name
                    ),
                )
                .with_help(DOUBLE_DUMMY_ON_INCOMPLETE_DEAL.fix),
            );
        }
        return;
    }
    let mut cells = Cells::default();
    let table =
        own(game, "OptimumResultTable").and_then(|tag| read_table(checker, tag, &mut cells));
    let digits = own(game, "DoubleDummyTricks").and_then(|tag| read_digits(checker, tag));
    if let (Some(table), Some((tag, digits))) = (&table, &digits) {
        compare(checker, tag, table, digits);
    }
    if let Some(solutions) = checker.solutions
        && let Some(key) = deal.and_then(crate::model::deal_key::key)
    {
        against_solver(
            checker,
            game,
            solutions.get(key),
            table.is_some().then_some(&cells),
        );
    }
    let tricks = table.or(digits.map(|(_, digits)| digits));
    let Some(tricks) = tricks else {
        return;
    };
    let (Some(vulnerable), Some(dealer)) = (
        game.value("Vulnerable").and_then(Vulnerability::read),
        game.value("Dealer").and_then(Seat::parse),
    ) else {
        return;
    };
    let par = par::par(&tricks, vulnerable, dealer);
    if let Some(tag) = own(game, "OptimumScore") {
        let given = PerSide::parse(&tag.value, |w| w.parse::<i64>().ok())
            .and_then(|points| points.for_declarer(Side::NorthSouth, |v: i64| v.checked_neg()));
        if given.is_some_and(|ns| ns != par.ns) {
            checker.report(par_finding(tag, &par, "OptimumScore", Rule::ParMismatch));
        }
    }
    if let Some(tag) = own(game, "ParContract") {
        match par::read_par_contract(&tag.value, &tricks, vulnerable) {
            par::ParRead::Score(ns) if ns != par.ns => {
                checker.report(par_finding(tag, &par, "ParContract", Rule::ParMismatch));
            }
            par::ParRead::Score(_) => {}
            par::ParRead::WrongResult { said, table } => {
                checker.report(par_result_finding(tag, said, table, Rule::ParMismatch));
            }
            par::ParRead::Unreadable => checker.report(
                Diagnostic::new(
                    Rule::ParMismatch,
                    tag.text_span(),
                    format!(
                        "the ParContract `{}` cannot be read: a side or seat, a contract and its \
                         result (`NS 4S=`, `EW 5DX-2`), or `Pass`",
                        crate::display::escape(&tag.value)
                    ),
                )
                .with_help(format!("par of the tricks here is {}", par_words(&par))),
            ),
        }
    }
}

/// The name of a declarer and denomination in a finding: `N in spades`, `W in notrump`.
fn cell_name(seat: Seat, d: Denomination) -> String {
    let denomination = match d {
        Denomination::Clubs => "clubs",
        Denomination::Diamonds => "diamonds",
        Denomination::Hearts => "hearts",
        Denomination::Spades => "spades",
        Denomination::NoTrump => "notrump",
    };
    format!("{} in {denomination}", seat.letter())
}

/// H008 and H009 for a complete deal with double-dummy tags: what the solver gave for it
/// (`None` when the run did not ask), against the tags; `cells` when the table is well formed.
fn against_solver(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    outcome: Option<&crate::model::double_dummy::Outcome>,
    cells: Option<&Cells>,
) {
    use crate::model::double_dummy::Outcome;
    let span = game.get("Deal").map_or(0..0, |tag| tag.span.clone());
    let solved = match outcome {
        None => return,
        Some(Outcome::Solved(tricks)) => tricks,
        Some(other) => {
            if let Some(finding) = not_solved(span, other) {
                checker.report(finding);
            }
            return;
        }
    };
    if !checker.on(Rule::DoubleDummyWrong) {
        return;
    }
    let report = |checker: &mut Checker<'_>, span, message: String, label: String, help| {
        checker.report(
            Diagnostic::new(Rule::DoubleDummyWrong, span, message)
                .with_label(label)
                .with_help(help),
        );
    };
    if let Some(cells) = cells {
        let mut differ = Vec::new();
        for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
            for d in Denomination::ALL.iter().rev() {
                let at = cells.0[seat as usize][*d as usize].clone();
                let right = solved[seat as usize][*d as usize];
                let written = checker
                    .text
                    .get(at.clone())
                    .and_then(|t| t.parse::<u8>().ok());
                if let Some(written) = written.filter(|&n| n != right) {
                    differ.push((at, seat, *d, written, right));
                }
            }
        }
        let help = help_for(differ.iter().map(|&(_, _, _, g, r)| (g, r)));
        for (at, seat, d, written, right) in differ {
            report(
                checker,
                at,
                format!(
                    "{} takes {right} tricks double dummy, not {written}",
                    cell_name(seat, d)
                ),
                right.to_string(),
                help.clone(),
            );
        }
    }
    if let Some(tag) = own(game, "DoubleDummyTricks")
        && let Some(given) = crate::model::double_dummy::read_digits(&tag.value)
        && given != *solved
    {
        let cells = differing(&given, solved);
        let differ: Vec<String> = cells
            .iter()
            .map(|&(seat, d, g, r)| format!("{} {r}, not {g}", cell_name(seat, d)))
            .collect();
        let pairs: Vec<(u8, u8)> = cells.iter().map(|&(_, _, g, r)| (g, r)).collect();
        let right = crate::model::double_dummy::digits(solved);
        report(
            checker,
            tag.text_span(),
            format!(
                "the DoubleDummyTricks should be `{right}`: {}",
                differ.join("; ")
            ),
            right,
            help_for(pairs.into_iter()),
        );
    }
    let (Some(vulnerable), Some(dealer)) = (
        game.value("Vulnerable").and_then(Vulnerability::read),
        game.value("Dealer").and_then(Seat::parse),
    ) else {
        return;
    };
    let par = par::par(solved, vulnerable, dealer);
    if let Some(tag) = own(game, "OptimumScore") {
        let given = PerSide::parse(&tag.value, |w| w.parse::<i64>().ok())
            .and_then(|points| points.for_declarer(Side::NorthSouth, |v: i64| v.checked_neg()));
        if given.is_some_and(|ns| ns != par.ns) {
            checker.report(par_finding(
                tag,
                &par,
                "OptimumScore",
                Rule::DoubleDummyWrong,
            ));
        }
    }
    if let Some(tag) = own(game, "ParContract") {
        match par::read_par_contract(&tag.value, solved, vulnerable) {
            par::ParRead::Score(ns) if ns != par.ns => checker.report(par_finding(
                tag,
                &par,
                "ParContract",
                Rule::DoubleDummyWrong,
            )),
            par::ParRead::WrongResult { said, table } => {
                checker.report(par_result_finding(tag, said, table, Rule::DoubleDummyWrong))
            }
            // Unreadable: H004's to say, from the file's own table.
            _ => {}
        }
    }
}

/// The help of H008 for the cells of one table or value that differ, as (given, solver's):
/// when each gives one number below 7 for contracts that fail, the producer's habit is named.
fn help_for(mut pairs: impl Iterator<Item = (u8, u8)>) -> std::borrow::Cow<'static, str> {
    let Some((first, right)) = pairs.next() else {
        return DOUBLE_DUMMY_WRONG.fix.into();
    };
    // One or two such cells are more likely a slip than a habit.
    let mut count = 1;
    let marker = first < 7
        && right < 7
        && pairs.all(|(g, r)| {
            count += 1;
            g == first && r < 7
        })
        && count >= 3;
    if marker {
        format!(
            "the file writes {first} for every contract that fails, not the tricks taken (BridgeNZ's \
             converters, Dealmaster Pro and Bridgewebs do); {}",
            DOUBLE_DUMMY_WRONG.fix
        )
        .into()
    } else {
        DOUBLE_DUMMY_WRONG.fix.into()
    }
}

/// H009 for a deal the solver did not solve, at its Deal tag (`span`).
pub(crate) fn not_solved(
    span: std::ops::Range<usize>,
    outcome: &crate::model::double_dummy::Outcome,
) -> Option<Diagnostic> {
    use crate::model::double_dummy::Outcome;
    let message = match outcome {
        Outcome::Solved(_) => return None,
        Outcome::TimedOut(limit) => format!(
            "the solver gave up on this deal after {} s (--timeout): its double-dummy tags are \
             neither checked nor added",
            limit.as_secs_f64()
        ),
        Outcome::Failed(why) => {
            format!("{why}: the double-dummy tags of this deal are neither checked nor added")
        }
    };
    Some(Diagnostic::new(Rule::DealNotSolved, span, message).with_help(DEAL_NOT_SOLVED.fix))
}

/// The H008 findings of `models`, the games of the chunk `parse` of `text`, as `check` finds
/// them with the solver's `solutions`: `analyze` says those it leaves, and proves that what it
/// wrote has none it did not mean to leave.
pub fn contradictions(
    text: &str,
    parse: &crate::syntax::Parse,
    models: &[GameModel<'_>],
    solutions: &crate::model::double_dummy::Solutions,
) -> Vec<Diagnostic> {
    let mut rules = crate::rules::select::RuleSet::default();
    rules.insert(Rule::DoubleDummyWrong);
    let mut checker = Checker {
        text,
        parse,
        rules,
        out: Vec::new(),
        solutions: Some(solutions),
    };
    for model in models {
        let deal = crate::rules::deal::check(&mut checker, model);
        check(&mut checker, model, deal.as_ref());
    }
    checker.out
}

/// The par of `tricks` as an OptimumScore value (`NS 980`, `NS -100`) and as a ParContract
/// value (`NS 6S=`, `EW 5C=; EW 5D=`; `None` when the deal is passed out).
pub fn par_values(par: &par::Par) -> (String, Option<String>) {
    let score = format!("NS {}", par.ns);
    let contract = (!par.contracts.is_empty()).then(|| par.contracts_text());
    (score, contract)
}

/// A par in words: `NS 980 (NS 6S=)`, `NS 0 (passed out)`.
fn par_words(par: &par::Par) -> String {
    format!("{} ({})", side_score(par.ns), contracts_words(par))
}

/// The par contracts as a ParContract value, `passed out` for none.
fn contracts_words(par: &par::Par) -> String {
    if par.contracts.is_empty() {
        "passed out".to_owned()
    } else {
        par.contracts_text()
    }
}

/// A score for North-South as the side that makes it says it: `NS 980`, `EW 100`.
fn side_score(ns: i64) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

fn par_finding(tag: &Tag<'_>, par: &par::Par, name: &str, rule: Rule) -> Diagnostic {
    let side = side_score;
    let contract = contracts_words(par);
    let (what, fix) = if rule == Rule::ParMismatch {
        ("the double-dummy tricks", PAR_MISMATCH.fix)
    } else {
        ("the solver's tricks", DOUBLE_DUMMY_WRONG.fix)
    };
    Diagnostic::new(
        rule,
        tag.text_span(),
        format!(
            "the {name} is not the par of {what}: par is {} ({contract})",
            side(par.ns)
        ),
    )
    .with_label(format!("par {}", side(par.ns)))
    .with_help(fix)
}

/// H004 (or H008, `rule`) for a ParContract whose result the table contradicts.
fn par_result_finding(tag: &Tag<'_>, said: u8, table: u8, rule: Rule) -> Diagnostic {
    let what = if rule == Rule::ParMismatch {
        "the double-dummy tricks"
    } else {
        "the solver's tricks"
    };
    Diagnostic::new(
        rule,
        tag.text_span(),
        format!(
            "the ParContract gives its declarer {said} trick{}, but {what} give {table}",
            if said == 1 { "" } else { "s" }
        ),
    )
    .with_help("write the result the tricks give (`=`, `+1`, `-2`), or correct the tricks")
}

fn compare(checker: &mut Checker<'_>, tag: &Tag<'_>, table: &Tricks, digits: &Tricks) {
    let differ: Vec<String> = differing(table, digits)
        .into_iter()
        .map(|(seat, d, t, g)| {
            format!(
                "{} {}: {g}, the table {t}",
                seat.letter(),
                crate::bridge::denomination_text(d)
            )
        })
        .collect();
    if !differ.is_empty() {
        checker.report(
            Diagnostic::new(
                Rule::DoubleDummyTricksMismatch,
                tag.text_span(),
                format!(
                    "the DoubleDummyTricks disagree with the OptimumResultTable: {}",
                    differ.join("; ")
                ),
            )
            .with_help(DOUBLE_DUMMY_TRICKS_MISMATCH.fix),
        );
    }
}

/// A board with each double-dummy defect, and the board mended ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
