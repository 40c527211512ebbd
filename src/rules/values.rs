//! The form of each tag value the standard defines (PBN 3.4 and chapter 4): dates, board, seats,
//! vulnerability, scoring, contract, result, the score forms, times, room and the rest.
//!
//! Values are judged where they are written: a `#` value was judged in the game it came from.
//! `"?"` (unknown) and `""` (not applicable) are accepted for every tag (PBN 3.4).

use crate::bridge::Seat;
use crate::model::loose;
use crate::model::values::{self, ContractValue, PerSide, ResultValue, Vulnerability};
use crate::model::{GameModel, Tag};
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, Fix};
use crate::rules::semantic::Checker;

mod spelling;
use spelling::*;

// The rules of this family: their pages are in `values.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/values.rs"));

const TERMINATIONS: &[&str] = &[
    "abandoned",
    "adjudication",
    "death",
    "emergency",
    "normal",
    "rules infraction",
    "time forfeit",
    "unterminated",
];

/// Judges the value of one tag, written in this game and neither `?` nor empty; `tricks` is how
/// many tricks a Result can count (13, or the cards of an end position).
pub(crate) fn check_value(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    tag: &Tag<'_>,
    value: &str,
    tricks: u32,
) {
    let span = tag.sub_span(0..value.len());
    let name = tag.name;
    let bad_with = |rule: Rule, message: String, help: &str| {
        Diagnostic::new(rule, span.clone(), message).with_help(help.to_owned())
    };
    // Most value rules have one help line: their fix ([`crate::rules::RuleInfo::help`]).
    let bad = |rule: Rule, message: String| bad_with(rule, message, &rule.info().help());
    let finding = match name {
        "Date" | "EventDate" | "UTCDate" => {
            values::date_problem(value).map(|why| loose_date(checker.text, game, tag, value, why))
        }
        "Board" => (values::unsigned(value).is_none_or(|n| n == 0)).then(|| {
            bad(
                Rule::InvalidBoard,
                format!("board `{value}` is not a positive number"),
            )
        }),
        "Dealer" => Seat::parse(value).is_none().then(|| {
            let finding = bad_with(
                Rule::InvalidDealer,
                format!("dealer `{value}` is not W, N, E or S"),
                &seat_help("Dealer", value),
            );
            with_loose_fix(finding, tag, loose::seat(value), "dealer")
        }),
        "Vulnerable" => Vulnerability::parse(value).is_none().then(|| {
            let finding = bad(
                Rule::InvalidVulnerable,
                format!("vulnerability `{value}` is not None, NS, EW or All"),
            );
            with_loose_fix(finding, tag, loose::vulnerable(value), "vulnerability")
        }),
        "Scoring" => scoring_problem(value)
            .map(|why| bad(Rule::InvalidScoring, format!("scoring `{value}` {why}"))),
        "Declarer" => values::parse_declarer(value).is_none().then(|| {
            let finding = bad_with(
                Rule::InvalidDeclarer,
                format!("declarer `{value}` is not W, N, E or S"),
                &seat_help("Declarer", value),
            );
            with_loose_fix(finding, tag, loose::seat(value), "declarer")
        }),
        "Contract" => match ContractValue::parse(value) {
            None => {
                let finding = bad(
                    Rule::InvalidContract,
                    format!("`{value}` is not a contract"),
                );
                Some(with_loose_fix(
                    finding,
                    tag,
                    loose::contract(value),
                    "contract",
                ))
            }
            Some(_) => ContractValue::miscased(value).map(|spelling| {
                crate::rules::auction::miscased(
                    span.clone(),
                    format!("`{value}` is not a PBN spelling of the contract `{spelling}`"),
                    &spelling,
                )
            }),
        },
        "Result" => result_problem(value, tricks)
            .map(|why| bad(Rule::InvalidResult, format!("result `{value}` {why}"))),
        "Score" => (!values::score_valid(name, value)).then(|| {
            bad_with(
                Rule::InvalidScore,
                format!("score `{value}` is not a whole number of points in a score form"),
                "write `620`, `NS 620`, `EW -620` or `NS 620 EW -620`, without units (PBN \
                4.2.1)",
            )
        }),
        "ScoreIMP" | "ScoreMP" => (!values::score_valid(name, value)).then(|| {
            bad_with(
                Rule::InvalidScore,
                format!("{name} `{value}` is not a number in a score form"),
                "write a number with a decimal dot, as in `NS 3.5` (PBN 4.2.2, 4.2.3)",
            )
        }),
        "ScorePercentage" => (!values::score_valid(name, value)).then(|| {
            bad_with(
                Rule::InvalidScore,
                format!("percentage `{value}` is not a number from 0 to 100 in a score form"),
                "write a decimal number, as in `NS 57.3` (PBN 4.2.4)",
            )
        }),
        "ScoreRubber" => (!values::score_valid(name, value)).then(|| {
            bad(
                Rule::InvalidRubberScore,
                format!("rubber score `{value}` is not `above/below` in a score form"),
            )
        }),
        "ScoreRubberHistory" => rubber_history(checker, game, tag, value),
        "OptimumScore" => (!values::score_valid(name, value))
            .then(|| {
                values::optimum_score(&values::tight_slashes(value))
                    .err()
                    .unwrap_or("is not `NS s`, `EW s`, or both sides")
            })
            .map(|why| {
                bad(
                    Rule::InvalidOptimumScore,
                    format!("optimum score `{value}` {why}"),
                )
            }),
        "Time" | "UTCTime" => values::time_problem(value)
            .map(|why| bad(Rule::InvalidTime, format!("`{value}` is not a time: {why}"))),
        "TimeControl" => (!time_control_ok(value)).then(|| {
            bad(
                Rule::InvalidTimeControl,
                format!("time control `{value}` is not `<games>/<minutes>`"),
            )
        }),
        "TimeCall" | "TimeCard" => values::unsigned(value).is_none().then(|| {
            bad(
                Rule::InvalidTimeLimit,
                format!("{name} `{value}` is not a number of seconds"),
            )
        }),
        "Room" => (value != "Open" && value != "Closed").then(|| {
            bad(
                Rule::InvalidRoom,
                format!("room `{value}` is neither Open nor Closed"),
            )
        }),
        "FrenchMP" => (value != "Yes" && value != "No").then(|| {
            bad(
                Rule::InvalidFrenchMp,
                format!("FrenchMP `{value}` is neither Yes nor No"),
            )
        }),
        "Hidden" => hidden_problem(value).map(|why| {
            bad(
                Rule::InvalidHidden,
                format!("hidden hands `{value}`: {why}"),
            )
        }),
        "Round" => (!round_ok(value)).then(|| {
            bad(
                Rule::InvalidRound,
                format!("round `{value}` is not letters, digits and `_`, separated by periods"),
            )
        }),
        "Table" => values::unsigned(value).is_none_or(|n| n == 0).then(|| {
            bad(
                Rule::NonNumericTable,
                format!("table `{value}` is not a positive number"),
            )
        }),
        "Termination" => (!TERMINATIONS.iter().any(|t| t.eq_ignore_ascii_case(value))).then(|| {
            bad(
                Rule::UnknownTermination,
                format!("termination `{value}` is not one of the standard's reasons"),
            )
        }),
        _ => None,
    };
    if let Some(diagnostic) = finding {
        checker.report(diagnostic);
    }
}

fn seat_help(tag: &str, value: &str) -> String {
    let letter = value.chars().next().map(|c| c.to_ascii_uppercase());
    match letter.filter(|c| "WNES".contains(*c)) {
        Some(letter) => format!("write the seat's letter: `[{tag} \"{letter}\"]` (PBN 3.4.9)"),
        None => "write W, N, E or S (PBN 3.4.9)".to_owned(),
    }
}

fn scoring_problem(value: &str) -> Option<&'static str> {
    if value.split(';').any(|field| field.is_empty()) {
        return Some("has an empty field between semicolons");
    }
    if value.split(';').any(|field| field.trim().contains(' ')) {
        return Some("separates fields with spaces instead of `;`");
    }
    None
}

fn result_problem(value: &str, total: u32) -> Option<String> {
    let result = match ResultValue::parse(value) {
        None => return Some("is not a number of tricks in one of the five forms".to_owned()),
        Some(None) => return None,
        Some(Some(result)) => result,
    };
    if let PerSide::Both { ns, ew } = result.tricks
        && u32::from(ns) + u32::from(ew) > total
    {
        return Some(format!(
            "gives {} tricks in all, more than the {total} there are",
            ns + ew
        ));
    }
    None
}

fn time_control_ok(value: &str) -> bool {
    value.split_once('/').is_some_and(|(games, minutes)| {
        values::unsigned(games).is_some() && values::unsigned(minutes).is_some()
    })
}

fn hidden_problem(value: &str) -> Option<&'static str> {
    let mut seen = Vec::new();
    for c in value.chars() {
        let Some(seat) = Seat::parse(c.encode_utf8(&mut [0; 4])) else {
            return Some("only the letters W, N, E and S may stand here");
        };
        if seen.contains(&seat) {
            return Some("a seat is named twice");
        }
        seen.push(seat);
    }
    None
}

fn round_ok(value: &str) -> bool {
    value.split('.').all(|part| {
        !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// Reads `NS <history> EW <history>` (PBN 4.2.6): per side, the games won.
fn rubber_history(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    tag: &Tag<'_>,
    value: &str,
) -> Option<Diagnostic> {
    let span = tag.sub_span(0..value.len());
    let invalid = |why: &str| {
        Some(
            Diagnostic::new(
                Rule::InvalidRubberHistory,
                span.clone(),
                format!("rubber history `{value}` {why}"),
            )
            .with_help(
                "write `NS <above_previous> <above_current>/<below-1> [<below-2> \
                [<below-3>]] EW ...` (PBN 4.2.6)",
            ),
        )
    };
    let (ns, ew) = match values::rubber_history(value) {
        Ok(sides) => sides,
        Err(why) => return invalid(why),
    };
    // Games finished before the current one: every below-the-line score but the last.
    let finished = ns.len() - 1;
    let won = |below: &[u32]| below[..finished].iter().any(|&points| points >= 100);
    let history_vul = Vulnerability::of_sides(won(&ns), won(&ew));
    let vulnerable = game.value("Vulnerable").and_then(Vulnerability::read);
    if let Some(vulnerable) = vulnerable
        && vulnerable != history_vul
    {
        let mut diagnostic = Diagnostic::new(
            Rule::RubberHistoryVulnerabilityMismatch,
            span.clone(),
            format!(
                "the games won in this rubber make the vulnerability {}, but the \
                    Vulnerable tag says {}",
                history_vul.canonical(),
                vulnerable.canonical()
            ),
        )
        .with_help("a side that has won a game of the rubber is vulnerable (PBN 4.2.6)");
        if let Some(vul_tag) = game.get("Vulnerable") {
            diagnostic = diagnostic.with_related(vul_tag.text_span(), "the Vulnerable tag");
        }
        checker.report(diagnostic);
    }
    None
}

/// A value that draws each value rule, and the value mended ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
