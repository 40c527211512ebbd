//! Tag values of PBN 3.4 and chapter 4: the form of each defined value, duplicates, letter case
//! of names, forbidden inheritance, and (opt-in) score arithmetic, board rotation and unknown
//! tags.
//!
//! Values are judged where they are written: a `#` value was judged in the game it came from.
//! `"?"` (unknown) and `""` (not applicable) are accepted for every tag (PBN 3.4).

use crate::bridge::Seat;
use crate::diagnostic::Diagnostic;
use crate::export::canon::MTS;
use crate::model::deal::Deal;
use crate::model::values::{
    self, ContractValue, Declarer, PerSide, ResultValue, Risk, Side, Vulnerability,
};
use crate::model::{GameModel, Inheritance, Tag, inheritance_forbidden};
use crate::rules::Rule;
use crate::rules::semantic::Checker;
use crate::table::is_table_tag;

/// The tag names PBN 2.1 defines besides the MTS (chapters 3.5, 3.6 and 4; tables end in
/// `Table`).
pub const OTHER_STANDARD_TAGS: &[&str] = &[
    "Auction",
    "Play",
    "Note",
    "Competition",
    "DealId",
    "Description",
    "FrenchMP",
    "Generator",
    "Hidden",
    "Room",
    "Termination",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
    "ScoreRubberHistory",
    "OptimumScore",
    "BidSystemEW",
    "BidSystemNS",
    "PairEW",
    "PairNS",
    "WestNA",
    "NorthNA",
    "EastNA",
    "SouthNA",
    "WestType",
    "NorthType",
    "EastType",
    "SouthType",
    "EventDate",
    "EventSponsor",
    "HomeTeam",
    "Round",
    "Section",
    "Stage",
    "Table",
    "VisitTeam",
    "Time",
    "UTCDate",
    "UTCTime",
    "TimeControl",
    "TimeCall",
    "TimeCard",
    "Annotator",
    "AnnotatorNA",
    "Application",
    "Mode",
];

/// The standard tables of PBN 5.3-5.10 (any `...Table` is read as a table).
const STANDARD_TABLES: &[&str] = &[
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
];

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

/// `deal` is the game's Deal when it could be read: it sets how many tricks a Result can count.
pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    let tricks = deal.map_or(13, Deal::hand_size);
    for tag in game.written() {
        if tag.duplicate {
            if let Some(first) = game.get(tag.name) {
                checker.report(
                    Diagnostic::new(Rule::DuplicateTag, tag.span.clone(), format!("the {} tag is given twice in this game; this one is ignored", tag.name))
                        .with_related(first.span.clone(), "the value that counts")
                        .with_help("PBN 3.4: a tag pair that already occurred is ignored; remove the wrong one"),
                );
            }
            continue;
        }
        name_case(checker, tag);
        if let Some(finding) = forbidden_inheritance(tag) {
            checker.report(finding);
        } else {
            inherited(checker, tag);
        }
        if let Some(value) = tag.own_value() {
            if value != "?" && !value.is_empty() {
                check_value(checker, game, tag, value, tricks);
            }
        }
    }
    passed_out(checker, game);
    if checker.on(Rule::ScoreMismatch) {
        score_mismatch(checker, game);
    }
    if checker.on(Rule::NonStandardRotation) {
        rotation(checker, game);
    }
}

/// T030 (opt-in): a value given with `#` or `##`; T031: a `#` with nothing to inherit (PBN 4.8).
fn inherited(checker: &mut Checker<'_>, tag: &Tag<'_>) {
    let span = tag.value_span.clone();
    match tag.inheritance {
        Inheritance::Hash { found: false } => checker.report(
            Diagnostic::new(Rule::NothingToInherit, span, format!("the {} tag inherits with `#`, but no earlier game has it: its value is empty", tag.name))
                .with_help("PBN 4.8: `#` takes the value of an earlier game; write the value here (or `\"\"` if it is not known)"),
        ),
        Inheritance::Hash { found: true } => checker.report(
            Diagnostic::new(Rule::InheritedValue, span, format!("the {} tag takes its value {:?} from an earlier game", tag.name, &*tag.value))
                .with_help("`pbnfmt resolve` writes inherited values out (PBN 4.8)"),
        ),
        Inheritance::DoubleHash => checker.report(
            Diagnostic::new(Rule::InheritedValue, span, format!("the {} tag gives its value with `##`: later games that leave the tag out take it", tag.name))
                .with_help("`pbnfmt resolve` writes the value into every game that takes it (PBN 4.8)"),
        ),
        Inheritance::None | Inheritance::Implied => {}
    }
}

/// T024: `#` or `##` on a tag that may not inherit (PBN 4.8).
pub(crate) fn forbidden_inheritance(tag: &Tag<'_>) -> Option<Diagnostic> {
    let how = match tag.inheritance {
        Inheritance::Hash { .. } => "#",
        Inheritance::DoubleHash => "##",
        Inheritance::None | Inheritance::Implied => return None,
    };
    inheritance_forbidden(tag.name).then(|| {
        Diagnostic::new(Rule::ForbiddenInheritance, tag.value_span.clone(), format!("the {} tag may not inherit its value with `{how}`", tag.name))
            .with_help("PBN 4.8: Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play, notes and tables are written in full in every game")
    })
}

fn name_case(checker: &mut Checker<'_>, tag: &Tag<'_>) {
    let known = MTS.contains(&tag.name)
        || OTHER_STANDARD_TAGS.contains(&tag.name)
        || is_table_tag(tag.name);
    if known {
        return;
    }
    let standard = MTS
        .iter()
        .chain(OTHER_STANDARD_TAGS)
        .chain(STANDARD_TABLES)
        .find(|name| name.eq_ignore_ascii_case(tag.name));
    let name_span = tag
        .pair
        .name
        .map_or(tag.span.clone(), |id| checker.parse.span(id, id));
    match standard {
        Some(standard) => checker.report(
            Diagnostic::new(
                Rule::TagNameCase,
                name_span,
                format!(
                    "`{}` is not a PBN tag; the standard tag is `{standard}`",
                    tag.name
                ),
            )
            .with_label("tag names are case sensitive")
            .with_help(format!("write `[{standard} ...]` (PBN 3.11)")),
        ),
        None => checker.report(
            Diagnostic::new(
                Rule::UnknownTag,
                name_span,
                format!("`{}` is not a tag of PBN 2.1", tag.name),
            )
            .with_help("check the spelling; a private tag is allowed (PBN 4.9)"),
        ),
    }
}

fn check_value(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    tag: &Tag<'_>,
    value: &str,
    tricks: u32,
) {
    let span = tag.sub_span(0..value.len());
    let name = tag.name;
    let bad = |rule: Rule, message: String, help: &str| {
        Diagnostic::new(rule, span.clone(), message).with_help(help.to_owned())
    };
    let finding = match name {
        "Date" | "EventDate" | "UTCDate" => values::date_problem(value).map(|why| {
            bad(Rule::InvalidDate, format!("`{value}` is not a date: {why}"), "write `YYYY.MM.DD` with `?` for unknown digits, e.g. `2026.11.??` (PBN 3.4.3)")
        }),
        "Board" => (values::unsigned(value).is_none_or(|n| n == 0)).then(|| {
            bad(Rule::InvalidBoard, format!("board `{value}` is not a positive number"), "give the board number alone, e.g. `[Board \"7\"]` (PBN 3.4.4)")
        }),
        "Dealer" => Seat::parse(value).is_none().then(|| {
            bad(Rule::InvalidDealer, format!("dealer `{value}` is not W, N, E or S"), &seat_help("Dealer", value))
        }),
        "Vulnerable" => Vulnerability::parse(value).is_none().then(|| {
            bad(Rule::InvalidVulnerable, format!("vulnerability `{value}` is not None, NS, EW or All"), "use None (or Love, -), NS, EW, or All (or Both) (PBN 3.4.10)")
        }),
        "Scoring" => scoring_problem(value).map(|why| {
            bad(Rule::InvalidScoring, format!("scoring `{value}` {why}"), "separate the scoring system and its modifiers with `;`, as in `IMP;Butler` (PBN 3.4.12)")
        }),
        "Declarer" => values::parse_declarer(value).is_none().then(|| {
            bad(Rule::InvalidDeclarer, format!("declarer `{value}` is not W, N, E or S"), &seat_help("Declarer", value))
        }),
        "Contract" => ContractValue::parse(value).is_none().then(|| {
            bad(Rule::InvalidContract, format!("`{value}` is not a contract"), "write level, denomination and risk, as in `4S`, `3NTX`, `6HXX`, or `Pass` (PBN 3.4.14)")
        }),
        "Result" => result_problem(value, tricks).map(|why| {
            bad(Rule::InvalidResult, format!("result `{value}` {why}"), "give declarer's tricks from 0 to 13, as in `9`, or `NS 9`, `EW 4 NS 9` (PBN 3.4.15)")
        }),
        "Score" => PerSide::parse(value, values::integer).is_none().then(|| {
            bad(Rule::InvalidScore, format!("score `{value}` is not a whole number of points in a score form"), "write `620`, `NS 620`, `EW -620` or `NS 620 EW -620`, without `+` or units (PBN 4.2.1)")
        }),
        "ScoreIMP" | "ScoreMP" => PerSide::parse(value, values::decimal).is_none().then(|| {
            bad(Rule::InvalidScore, format!("{name} `{value}` is not a number in a score form"), "write a number with a decimal dot, as in `NS 3.5` (PBN 4.2.2, 4.2.3)")
        }),
        "ScorePercentage" => PerSide::parse(value, |v| values::decimal(v).filter(|p| (0.0..=100.0).contains(p)))
            .is_none()
            .then(|| bad(Rule::InvalidScore, format!("percentage `{value}` is not a number from 0 to 100 in a score form"), "write a decimal number, as in `NS 57.3` (PBN 4.2.4)")),
        "ScoreRubber" => PerSide::parse(value, rubber_score).is_none().then(|| {
            bad(Rule::InvalidRubberScore, format!("rubber score `{value}` is not `above/below` in a score form"), "write points above and below the line, as in `NS 500/120` (PBN 4.2.5)")
        }),
        "ScoreRubberHistory" => rubber_history(checker, game, tag, value),
        "OptimumScore" => optimum_problem(value).map(|why| {
            bad(Rule::InvalidOptimumScore, format!("optimum score `{value}` {why}"), "write `NS 620`, `EW 100` or `NS 620 EW -620` (PBN 4.2.7)")
        }),
        "Time" | "UTCTime" => values::time_problem(value).map(|why| {
            bad(Rule::InvalidTime, format!("`{value}` is not a time: {why}"), "write `HH:MM:SS`, as in `19:30:00` (PBN 4.5.1)")
        }),
        "TimeControl" => (!time_control_ok(value)).then(|| {
            bad(Rule::InvalidTimeControl, format!("time control `{value}` is not `<games>/<minutes>`"), "write `4/30` for 4 games in 30 minutes, or `\"\"` for no limit (PBN 4.6.1)")
        }),
        "TimeCall" | "TimeCard" => values::unsigned(value).is_none().then(|| {
            bad(Rule::InvalidTimeLimit, format!("{name} `{value}` is not a number of seconds"), "give whole seconds, as in `60` (PBN 4.6.2)")
        }),
        "Room" => (value != "Open" && value != "Closed").then(|| {
            bad(Rule::InvalidRoom, format!("room `{value}` is neither Open nor Closed"), "write `Open` or `Closed` (PBN 4.1.7)")
        }),
        "FrenchMP" => (value != "Yes" && value != "No").then(|| {
            bad(Rule::InvalidFrenchMp, format!("FrenchMP `{value}` is neither Yes nor No"), "write `Yes` or `No` (PBN 4.1.4)")
        }),
        "Hidden" => hidden_problem(value).map(|why| {
            bad(Rule::InvalidHidden, format!("hidden hands `{value}`: {why}"), "list the seats to hide as letters, as in `EW` (PBN 4.1.6)")
        }),
        "Round" => (!round_ok(value)).then(|| {
            bad(Rule::InvalidRound, format!("round `{value}` is not letters, digits and `_`, separated by periods"), "write the round indicator alone, as in `3` or `Final.2` (PBN 4.4.4)")
        }),
        "Table" => values::unsigned(value).is_none_or(|n| n == 0).then(|| {
            bad(Rule::NonNumericTable, format!("table `{value}` is not a positive number"), "the Table tag is normally a table number, as in `5` (PBN 4.4.7)")
        }),
        "Termination" => (!TERMINATIONS.iter().any(|t| t.eq_ignore_ascii_case(value))).then(|| {
            bad(Rule::UnknownTermination, format!("termination `{value}` is not one of the standard's reasons"), "PBN 4.1.8 lists abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit, unterminated")
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
    if let PerSide::Both { ns, ew } = result.tricks {
        if u32::from(ns) + u32::from(ew) > total {
            return Some(format!(
                "gives {} tricks in all, more than the {total} there are",
                ns + ew
            ));
        }
    }
    None
}

fn rubber_score(text: &str) -> Option<(u32, u32)> {
    let (above, below) = text.split_once('/')?;
    Some((values::unsigned(above)?, values::unsigned(below)?))
}

fn optimum_problem(value: &str) -> Option<&'static str> {
    match PerSide::parse(value, values::integer) {
        None | Some(PerSide::Declarer(_)) => Some("is not `NS s`, `EW s`, or both sides"),
        Some(PerSide::Both { ns, ew }) if ns != -ew => {
            Some("gives the two sides scores that are not opposite")
        }
        Some(_) => None,
    }
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
        Some(Diagnostic::new(Rule::InvalidRubberHistory, span.clone(), format!("rubber history `{value}` {why}"))
            .with_help("write `NS <above_previous> <above_current>/<below-1> [<below-2> [<below-3>]] EW ...` (PBN 4.2.6)"))
    };
    let words: Vec<&str> = value.split(' ').collect();
    let ew_at = words.iter().position(|w| *w == "EW");
    let (Some(&"NS"), Some(ew_at)) = (words.first(), ew_at) else {
        return invalid("is not `NS <history> EW <history>`");
    };
    let (ns, ew) = (history(&words[1..ew_at]), history(&words[ew_at + 1..]));
    let (Some(ns), Some(ew)) = (ns, ew) else {
        return invalid("has a history that is not 3 to 5 non-negative scores with one `/`");
    };
    if ns.len() != ew.len() {
        return invalid("gives the two sides a different number of games");
    }
    // Games finished before the current one: every below-the-line score but the last.
    let finished = ns.len() - 1;
    let won = |below: &[u32]| below[..finished].iter().any(|&points| points >= 100);
    let history_vul = Vulnerability::of_sides(won(&ns), won(&ew));
    let vulnerable = game.value("Vulnerable").and_then(Vulnerability::parse);
    if let Some(vulnerable) = vulnerable {
        if vulnerable != history_vul {
            let mut diagnostic = Diagnostic::new(
                Rule::RubberVulnerability,
                span.clone(),
                format!("the games won in this rubber make the vulnerability {}, but the Vulnerable tag says {}", history_vul.canonical(), vulnerable.canonical()),
            )
            .with_help("a side that has won a game of the rubber is vulnerable (PBN 4.2.6)");
            if let Some(vul_tag) = game.get("Vulnerable") {
                diagnostic =
                    diagnostic.with_related(vul_tag.value_span.clone(), "the Vulnerable tag");
            }
            checker.report(diagnostic);
        }
    }
    None
}

/// `<above_previous> <above_current>/<below-1> [<below-2> [<below-3>]]`: the below scores.
fn history(words: &[&str]) -> Option<Vec<u32>> {
    let [previous, current, rest @ ..] = words else {
        return None;
    };
    values::unsigned(previous)?;
    let (above, first) = current.split_once('/')?;
    values::unsigned(above)?;
    let mut below = vec![values::unsigned(first)?];
    for word in rest {
        below.push(values::unsigned(word)?);
    }
    (below.len() <= 3).then_some(below)
}

/// PBN 3.4.13, 3.4.15: a passed-out game has empty Declarer and Result.
fn passed_out(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    if game.value("Contract").and_then(ContractValue::parse) != Some(ContractValue::PassedOut) {
        return;
    }
    for name in ["Declarer", "Result"] {
        if let Some(tag) = game.get(name) {
            if !tag.value.is_empty() && tag.value != "?" && tag.inheritance != Inheritance::Implied
            {
                let contract = game.get("Contract").map(|t| t.value_span.clone());
                let mut diagnostic = Diagnostic::new(
                    Rule::PassedOutWithDeclarer,
                    tag.value_span.clone(),
                    format!(
                        "all four players passed, but the {name} tag is `{}`",
                        tag.value
                    ),
                )
                .with_help(format!(
                    "a passed-out game has `[{name} \"\"]` (PBN 3.4.13, 3.4.15)"
                ));
                if let Some(contract) = contract {
                    diagnostic = diagnostic.with_related(contract, "the contract is Pass");
                }
                checker.report(diagnostic);
            }
        }
    }
}

/// The duplicate score of a contract for declarer's side (Laws of Duplicate Bridge, Law 77).
pub fn duplicate_score(
    level: u8,
    denomination: crate::bridge::Denomination,
    risk: Risk,
    vulnerable: bool,
    tricks: u8,
) -> i64 {
    use crate::bridge::Denomination as D;
    let needed = i64::from(level) + 6;
    let made = i64::from(tricks) - needed;
    let multiplier = match risk {
        Risk::Undoubled => 1,
        Risk::Doubled => 2,
        Risk::Redoubled => 4,
    };
    if made < 0 {
        let down = -made;
        let undoubled = if vulnerable { 100 } else { 50 };
        return -match risk {
            Risk::Undoubled => down * undoubled,
            _ => {
                let doubled = if vulnerable {
                    200 + (down - 1) * 300
                } else {
                    100 + (down - 1).min(2) * 200 + (down - 3).max(0) * 300
                };
                doubled * multiplier / 2
            }
        };
    }
    let per_trick = match denomination {
        D::Clubs | D::Diamonds => 20,
        D::Hearts | D::Spades | D::NoTrump => 30,
    };
    let level = i64::from(level);
    let trick_score =
        (level * per_trick + if denomination == D::NoTrump { 10 } else { 0 }) * multiplier;
    let mut score = trick_score;
    score += if trick_score >= 100 {
        if vulnerable { 500 } else { 300 }
    } else {
        50
    };
    score += match level {
        6 => {
            if vulnerable {
                750
            } else {
                500
            }
        }
        7 => {
            if vulnerable {
                1500
            } else {
                1000
            }
        }
        _ => 0,
    };
    score += match risk {
        Risk::Undoubled => made * per_trick,
        Risk::Doubled => 50 + made * if vulnerable { 200 } else { 100 },
        Risk::Redoubled => 100 + made * if vulnerable { 400 } else { 200 },
    };
    score
}

fn score_mismatch(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let Some(score_tag) = game
        .get("Score")
        .filter(|t| t.inheritance == Inheritance::None)
    else {
        return;
    };
    let contract = game.value("Contract").and_then(ContractValue::parse);
    let declarer = game
        .value("Declarer")
        .and_then(values::parse_declarer)
        .flatten();
    let result = game.value("Result").and_then(ResultValue::parse).flatten();
    let vulnerability = game.value("Vulnerable").and_then(Vulnerability::parse);
    let (
        Some(ContractValue::Contract(contract)),
        Some(Declarer {
            seat,
            swapped: false,
        }),
        Some(result),
        Some(vulnerability),
    ) = (contract, declarer, result, vulnerability)
    else {
        return;
    };
    if result.caret {
        return;
    }
    let Some(tricks) = result.declarer_tricks(seat, 13) else {
        return;
    };
    let Some(score) = PerSide::parse(&score_tag.value, values::integer) else {
        return;
    };
    let side = Side::of(seat);
    let expected = duplicate_score(
        contract.level,
        contract.denomination,
        contract.risk,
        vulnerability.is_vulnerable(side),
        tricks,
    );
    let given = score.for_declarer(side, |points| Some(-points));
    if let Some(given) = given {
        if given != expected {
            checker.report(
                Diagnostic::new(
                    Rule::ScoreMismatch,
                    score_tag.value_span.clone(),
                    format!("{contract} by {} with {tricks} tricks scores {expected} for {}, not {given}", seat.name(), side.name()),
                )
                .with_help("correct the score, or explain an adjusted score in a comment (PBN 4.2.1)"),
            );
        }
    }
}

/// The standard duplicate rotation: dealer N, E, S, W; vulnerability over 16 boards.
pub fn standard_rotation(board: u32) -> (Seat, Vulnerability) {
    use Vulnerability::{All, EastWest as E, None as O, NorthSouth as N};
    const VUL: [Vulnerability; 16] = [O, N, E, All, N, E, All, O, E, All, O, N, All, O, N, E];
    let index = (board.max(1) - 1) as usize;
    (Seat::ALL[index % 4], VUL[index % 16])
}

fn rotation(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let Some(board) = game
        .value("Board")
        .and_then(values::unsigned)
        .filter(|&b| b > 0)
    else {
        return;
    };
    let (dealer, vulnerability) = standard_rotation(board);
    if let Some(tag) = game.get("Dealer") {
        if Seat::parse(&tag.value).is_some_and(|seat| seat != dealer) {
            checker.report(
                Diagnostic::new(Rule::NonStandardRotation, tag.value_span.clone(), format!("board {board} is dealt by {} in the standard rotation, not {}", dealer.name(), tag.value))
                    .with_help("check the Board and Dealer tags, or leave this opt-in rule off for another rotation"),
            );
        }
    }
    if let Some(tag) = game.get("Vulnerable") {
        if Vulnerability::parse(&tag.value).is_some_and(|v| v != vulnerability) {
            checker.report(
                Diagnostic::new(Rule::NonStandardRotation, tag.value_span.clone(), format!("board {board} is vulnerable {} in the standard rotation, not {}", vulnerability.canonical(), tag.value))
                    .with_help("check the Board and Vulnerable tags, or leave this opt-in rule off for another rotation"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Denomination as D;

    #[test]
    fn duplicate_scores() {
        assert_eq!(
            duplicate_score(4, D::Spades, Risk::Undoubled, false, 10),
            420
        );
        assert_eq!(
            duplicate_score(3, D::NoTrump, Risk::Undoubled, true, 10),
            630
        );
        assert_eq!(duplicate_score(1, D::Clubs, Risk::Undoubled, false, 7), 70);
        assert_eq!(duplicate_score(2, D::Hearts, Risk::Doubled, false, 8), 470);
        assert_eq!(
            duplicate_score(6, D::Diamonds, Risk::Undoubled, true, 12),
            1370
        );
        assert_eq!(
            duplicate_score(7, D::NoTrump, Risk::Redoubled, true, 13),
            2980
        );
        assert_eq!(duplicate_score(4, D::Spades, Risk::Doubled, false, 6), -800);
        assert_eq!(duplicate_score(4, D::Spades, Risk::Doubled, true, 8), -500);
        assert_eq!(
            duplicate_score(3, D::NoTrump, Risk::Redoubled, false, 8),
            -200
        );
        assert_eq!(duplicate_score(5, D::Clubs, Risk::Undoubled, true, 9), -200);
    }

    #[test]
    fn rotation() {
        assert_eq!(standard_rotation(1), (Seat::North, Vulnerability::None));
        assert_eq!(standard_rotation(7), (Seat::South, Vulnerability::All));
        assert_eq!(standard_rotation(16), (Seat::West, Vulnerability::EastWest));
        assert_eq!(standard_rotation(17), (Seat::North, Vulnerability::None));
    }
}
