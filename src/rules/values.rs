//! The form of each tag value the standard defines (PBN 3.4 and chapter 4): dates, board, seats,
//! vulnerability, scoring, contract, result, the score forms, times, room and the rest.
//!
//! Values are judged where they are written: a `#` value was judged in the game it came from.
//! `"?"` (unknown) and `""` (not applicable) are accepted for every tag (PBN 3.4).

use crate::bridge::Seat;
use crate::model::loose;
use crate::model::values::{self, ContractValue, PerSide, ResultValue, Vulnerability};
use crate::model::{GameModel, Tag};
use crate::rules::diagnostic::{Diagnostic, Fix, Severity};
use crate::rules::semantic::Checker;
use crate::rules::{Fixability, Group, Rule, RuleInfo};

mod spelling;
use spelling::*;

// The rules of this family: see [`crate::rules`].

pub const INVALID_DATE: RuleInfo = RuleInfo {
    code: "T001",
    name: "invalid-date",
    severity: Severity::Error,
    section: "PBN 3.4.3",
    summary: "A Date, EventDate or UTCDate that is not a real `YYYY.MM.DD` date",
    what: "The Date tag, and the EventDate (PBN 4.4.1) and UTCDate (PBN 4.5.2) tags that use its \
        form: ten characters `YYYY.MM.DD`, digits or `?` for unknown digits, a month 01-12 and a \
        day that exists in that month (29 February only in leap years).",
    why: "PBN 3.4.3 fixes the form so that dates sort and compare as text. A date such as \
        `2023.02.30` or `12/03/2023` cannot be read back.",
    example: "```\n\
        [Date \"2023.02.30\"]\n\
        ```",
    fix: "Write `YYYY.MM.DD` with `?` for unknown digits, e.g. `2026.11.??` (PBN 3.4.3).",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const INVALID_BOARD: RuleInfo = RuleInfo {
    code: "T002",
    name: "invalid-board",
    severity: Severity::Error,
    section: "PBN 3.4.4",
    summary: "A Board that is not a positive integer",
    what: "The Board tag value: a positive integer, no sign, no letters, no leading zero only.",
    why: "PBN 3.4.4: the Board tag value is a positive integer. Programs derive the dealer and \
        vulnerability from it.",
    example: "```\n\
        [Board \"Bd 7\"]\n\
        ```",
    fix: "Give the board number alone, e.g. `[Board \"7\"]` (PBN 3.4.4).",
    ..RuleInfo::BASE
};

pub const INVALID_DEALER: RuleInfo = RuleInfo {
    code: "T003",
    name: "invalid-dealer",
    severity: Severity::Error,
    section: "PBN 3.4.9",
    summary: "A Dealer that is not W, N, E or S",
    what: "The Dealer tag value: `W`, `N`, `E` or `S` (lowercase in import format, PBN 3.11).",
    why: "PBN 3.4.9: the dealer is one of the four directions. The auction starts with the \
        dealer.",
    example: "```\n\
        [Dealer \"North\"]\n\
        ```",
    fix: "Use the letter: `[Dealer \"N\"]`. `pbnfmt fix` writes a seat written as its word (`north`, `North`) as its \
        letter.",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const INVALID_VULNERABLE: RuleInfo = RuleInfo {
    code: "T004",
    name: "invalid-vulnerable",
    severity: Severity::Error,
    section: "PBN 3.4.10",
    summary: "A Vulnerable value that is not None, NS, EW or All (or Love, -, Both)",
    what: "The Vulnerable tag value: `None`, `Love`, `-`, `NS`, `EW`, `All` or `Both`, lowercase \
        allowed (PBN 3.11).",
    why: "PBN 3.4.10 lists the possible values; scores depend on them.",
    example: "```\n\
        [Vulnerable \"N-S\"]\n\
        ```",
    fix: "Use None (or Love, -), NS, EW, or All (or Both) (PBN 3.4.10).",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const INVALID_SCORING: RuleInfo = RuleInfo {
    code: "T005",
    name: "invalid-scoring",
    severity: Severity::Error,
    section: "PBN 3.4.12",
    summary: "A Scoring value with an empty or space-separated field",
    what: "The Scoring tag value: fields (a basic scoring system or a modifier, such as `IMP` or \
        `Butler`) separated by semicolons. An empty field (`MP;;Butler`, a trailing `;`) or \
        fields separated by spaces instead of `;` are reported. The field names themselves are \
        open-ended and not checked.",
    why: "PBN 3.4.12: the value consists of fields separated by semicolons; programs split it on \
        `;` to find the scoring method.",
    example: "```\n\
        [Scoring \"IMP Butler\"]\n\
        ```",
    fix: "Separate the scoring system and its modifiers with `;`, as in `IMP;Butler` (PBN \
        3.4.12).",
    ..RuleInfo::BASE
};

pub const INVALID_DECLARER: RuleInfo = RuleInfo {
    code: "T006",
    name: "invalid-declarer",
    severity: Severity::Error,
    section: "PBN 3.4.13",
    summary: "A Declarer that is not W, N, E, S, ^W..^S or empty",
    what: "The Declarer tag value: a direction, a direction after `^` when declarer and dummy \
        were swapped, or `\"\"` when all four players passed.",
    why: "PBN 3.4.13 defines these values; the opening leader and the Result are read from the \
        declarer.",
    example: "```\n\
        [Declarer \"South\"]\n\
        ```",
    fix: "Use the letter: `[Declarer \"S\"]`. `pbnfmt fix` writes a seat written as its word (`north`, `North`) as its \
        letter.",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const INVALID_CONTRACT: RuleInfo = RuleInfo {
    code: "T007",
    name: "invalid-contract",
    severity: Severity::Error,
    section: "PBN 3.4.14",
    summary: "A Contract that is not Pass or level, denomination and risk",
    what: "The Contract tag value: `Pass`, or a level 1-7, a denomination `S H D C NT` and an \
        optional `X` or `XX`; in an end position (PBN 3.10) the denomination alone.",
    why: "PBN 3.4.14 defines the form; trumps, the declarer's target and the score come from it.",
    example: "```\n\
        [Contract \"4 Spades doubled\"]\n\
        ```",
    fix: "Write level, denomination and risk, as in `4S`, `3NTX`, `6HXX`, or `Pass` (PBN \
        3.4.14).",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const INVALID_RESULT: RuleInfo = RuleInfo {
    code: "T008",
    name: "invalid-result",
    severity: Severity::Error,
    section: "PBN 3.4.15",
    summary: "A Result that is not one of the five forms with 0-13 tricks",
    what: "The Result tag value: `n`, `NS n`, `EW n`, `NS n EW m` or `EW n NS m` with `n` from 0 \
        to 13, optionally after `^`, or `\"\"` when all passed. With both sides given, their \
        tricks cannot add up to more than 13.",
    why: "PBN 3.4.15 gives the five forms; the number of tricks is what the score is computed \
        from.",
    example: "```\n\
        [Result \"+1\"]\n\
        ```",
    fix: "Give declarer's tricks from 0 to 13, as in `9`, or `NS 9`, `EW 4 NS 9` (PBN \
        3.4.15).",
    ..RuleInfo::BASE
};

pub const INVALID_SCORE: RuleInfo = RuleInfo {
    code: "T009",
    name: "invalid-score",
    severity: Severity::Error,
    section: "PBN 4.2.1",
    summary: "A Score, ScoreIMP, ScoreMP or ScorePercentage not in the five score forms",
    what: "Score (an integer), ScoreIMP and ScoreMP (integers or decimals with a decimal dot) and \
        ScorePercentage (a decimal from 0 to 100), each in one of the five forms `s`, `NS s`, `EW \
        s`, `NS s EW t`, `EW s NS t`.",
    why: "PBN 4.2.1-4.2.4 define the forms. A score with a comma, a unit or a plus sign cannot be \
        summed by the program that reads it.",
    example: "```\n\
        [Score \"NS +620\"]\n\
        ```",
    fix: "Write a plain number: `[Score \"NS 620\"]`.",
    ..RuleInfo::BASE
};

pub const INVALID_RUBBER_SCORE: RuleInfo = RuleInfo {
    code: "T010",
    name: "invalid-rubber-score",
    severity: Severity::Error,
    section: "PBN 4.2.5",
    summary: "A ScoreRubber that is not `above/below` in the score forms",
    what: "The ScoreRubber tag value: one of the five score forms where each score is two \
        non-negative integers `above/below` (points above and below the line).",
    why: "PBN 4.2.5 defines the score as `<non-negative integer>/<non-negative integer>`.",
    example: "```\n\
        [ScoreRubber \"NS 620\"]\n\
        ```",
    fix: "Write points above and below the line, as in `NS 500/120` (PBN 4.2.5).",
    ..RuleInfo::BASE
};

pub const INVALID_RUBBER_HISTORY: RuleInfo = RuleInfo {
    code: "T011",
    name: "invalid-rubber-history",
    severity: Severity::Error,
    section: "PBN 4.2.6",
    summary: "A ScoreRubberHistory not in the form `NS <history> EW <history>`",
    what: "The ScoreRubberHistory value `NS <history> EW <history>`, each history being \
        `<above_previous> <above_current>/<below-1> [<below-2> [<below-3>]]` of non-negative \
        integers, both sides in the same game of the rubber.",
    why: "PBN 4.2.6 defines this syntax; the number of below-the-line scores tells which game of \
        the rubber is being played.",
    example: "```\n\
        [ScoreRubberHistory \"NS 0 100/40 EW 0 50\"]\n\
        ```",
    fix: "Give both sides in full: `[ScoreRubberHistory \"NS 0 100/40 EW 0 50/0\"]`.",
    ..RuleInfo::BASE
};

pub const RUBBER_HISTORY_VULNERABILITY_MISMATCH: RuleInfo = RuleInfo {
    code: "T012",
    name: "rubber-history-vulnerability-mismatch",
    severity: Severity::Error,
    section: "PBN 4.2.6",
    summary: "The games won in ScoreRubberHistory contradict the Vulnerable tag",
    what: "A side that has won a game of the rubber (100 or more below the line in a finished \
        game of ScoreRubberHistory) is vulnerable; the Vulnerable tag must say so, and must not \
        make a side vulnerable that has won no game.",
    why: "PBN 4.2.6: the number of games won defines the vulnerability, which must be consistent \
        with the Vulnerable tag.",
    example: "```\n\
        [Vulnerable \"None\"]\n\
        [ScoreRubberHistory \"NS 0 0/120 40 EW 0 0/0 0\"]\n\
        ```",
    fix: "Correct whichever is wrong; here North-South won the first game: `[Vulnerable \"NS\"]`.",
    ..RuleInfo::BASE
};

pub const INVALID_OPTIMUM_SCORE: RuleInfo = RuleInfo {
    code: "T013",
    name: "invalid-optimum-score",
    severity: Severity::Error,
    section: "PBN 4.2.7",
    summary: "An OptimumScore not in the form `NS s`, `EW s` or both",
    what: "The OptimumScore tag value: `NS s`, `EW s`, `NS s EW t` or `EW s NS t` with integer \
        scores; when both sides are given, one is the negative of the other.",
    why: "PBN 4.2.7 allows these four forms (no declarer form: the optimum contract may be either \
        side's).",
    example: "```\n\
        [OptimumScore \"NS 620 EW 620\"]\n\
        ```",
    fix: "Write `NS 620`, `EW 100` or `NS 620 EW -620` (PBN 4.2.7).",
    ..RuleInfo::BASE
};

pub const INVALID_TIME: RuleInfo = RuleInfo {
    code: "T014",
    name: "invalid-time",
    severity: Severity::Error,
    section: "PBN 4.5.1",
    summary: "A Time or UTCTime that is not `HH:MM:SS`",
    what: "The Time and UTCTime (PBN 4.5.3) tag values: `HH:MM:SS` with colons, a real time of \
        day, `?` for unknown digits as in the Date tag.",
    why: "PBN 4.5.1 fixes the form (colons, not periods) so that times compare as text.",
    example: "```\n\
        [Time \"19.30\"]\n\
        ```",
    fix: "Write `HH:MM:SS`, as in `19:30:00` (PBN 4.5.1).",
    ..RuleInfo::BASE
};

pub const INVALID_TIME_CONTROL: RuleInfo = RuleInfo {
    code: "T015",
    name: "invalid-time-control",
    severity: Severity::Error,
    section: "PBN 4.6.1",
    summary: "A TimeControl that is not `<games>/<minutes>` or empty",
    what: "The TimeControl tag value: `<NrGames>/<NrMinutes>` with positive integers, or `\"\"` \
        for no time limit.",
    why: "PBN 4.6.1 defines this syntax.",
    example: "```\n\
        [TimeControl \"30 minutes\"]\n\
        ```",
    fix: "Write `4/30` for 4 games in 30 minutes, or `\"\"` for no limit (PBN 4.6.1).",
    ..RuleInfo::BASE
};

pub const INVALID_TIME_LIMIT: RuleInfo = RuleInfo {
    code: "T016",
    name: "invalid-time-limit",
    severity: Severity::Error,
    section: "PBN 4.6.2",
    summary: "A TimeCall or TimeCard that is not a number of seconds",
    what: "The TimeCall and TimeCard (PBN 4.6.3) tag values: a number of seconds, a non-negative \
        integer.",
    why: "PBN 4.6.2 and 4.6.3 define the value in seconds; a program enforcing the limit must \
        read it.",
    example: "```\n\
        [TimeCall \"1 min\"]\n\
        ```",
    fix: "Give whole seconds, as in `60` (PBN 4.6.2).",
    ..RuleInfo::BASE
};

pub const INVALID_ROOM: RuleInfo = RuleInfo {
    code: "T017",
    name: "invalid-room",
    severity: Severity::Error,
    section: "PBN 4.1.7",
    summary: "A Room that is not Open or Closed",
    what: "The Room tag value: `Open` or `Closed`.",
    why: "PBN 4.1.7: the only two possible values are \"Open\" and \"Closed\".",
    example: "```\n\
        [Room \"open room\"]\n\
        ```",
    fix: "Write `Open` or `Closed` (PBN 4.1.7).",
    ..RuleInfo::BASE
};

pub const INVALID_FRENCH_MP: RuleInfo = RuleInfo {
    code: "T018",
    name: "invalid-french-mp",
    severity: Severity::Error,
    section: "PBN 4.1.4",
    summary: "A FrenchMP that is not Yes or No",
    what: "The FrenchMP tag value: `Yes` or `No`.",
    why: "PBN 4.1.4: the only two possible values are \"Yes\" and \"No\".",
    example: "```\n\
        [FrenchMP \"true\"]\n\
        ```",
    fix: "Write `Yes` or `No` (PBN 4.1.4).",
    ..RuleInfo::BASE
};

pub const INVALID_HIDDEN: RuleInfo = RuleInfo {
    code: "T019",
    name: "invalid-hidden",
    severity: Severity::Error,
    section: "PBN 4.1.6",
    summary: "A Hidden value with characters other than W, N, E, S",
    what: "The Hidden tag value: a sequence of the direction letters `W`, `N`, `E`, `S`, each at \
        most once.",
    why: "PBN 4.1.6: the characters name the hands a viewer hides.",
    example: "```\n\
        [Hidden \"E/W\"]\n\
        ```",
    fix: "List the seats to hide as letters, as in `EW` (PBN 4.1.6).",
    ..RuleInfo::BASE
};

pub const INVALID_ROUND: RuleInfo = RuleInfo {
    code: "T020",
    name: "invalid-round",
    severity: Severity::Error,
    section: "PBN 4.4.4",
    summary: "A Round that is not round indicators (letters, digits, `_`) separated by periods",
    what: "The Round tag value: one or more round indicators made of letters, digits and \
        underscores, separated by periods (`2.B`).",
    why: "PBN 4.4.4 defines the indicator's characters and the period for multipart rounds.",
    example: "```\n\
        [Round \"Round 3\"]\n\
        ```",
    fix: "Write the round indicator alone, as in `3` or `Final.2` (PBN 4.4.4).",
    ..RuleInfo::BASE
};

pub const NON_NUMERIC_TABLE: RuleInfo = RuleInfo {
    code: "T021",
    name: "non-numeric-table",
    severity: Severity::Warning,
    section: "PBN 4.4.7",
    summary: "A Table value that is not a positive integer",
    what: "The Table tag value, which will normally be a positive integer.",
    why: "PBN 4.4.7: the tag identifies the table and \"will normally be a positive integer\". A \
        warning, since the standard does not require it.",
    example: "```\n\
        [Table \"Table 5\"]\n\
        ```",
    fix: "The Table tag is normally a table number, as in `5` (PBN 4.4.7).",
    ..RuleInfo::BASE
};

pub const UNKNOWN_TERMINATION: RuleInfo = RuleInfo {
    code: "T029",
    name: "unknown-termination",
    severity: Severity::Warning,
    group: Group::Extra,
    section: "PBN 4.1.8",
    summary: "A Termination value that is not one of the standard's examples (opt-in)",
    what: "A Termination value other than the standard's examples: abandoned, adjudication, \
        death, emergency, normal, rules infraction, time forfeit, unterminated. Off by default: \
        select it with `--extend-select T029`.",
    why: "PBN 4.1.8 describes the value as a string giving the reason and lists examples; the \
        list is not closed, so the check is beyond the standard.",
    example: "```\n\
        [Termination \"claimed\"]\n\
        ```",
    fix: "PBN 4.1.8 lists abandoned, adjudication, death, emergency, normal, rules \
        infraction, time forfeit, unterminated.",
    ..RuleInfo::BASE
};

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
