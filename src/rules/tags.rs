//! Tag values of PBN 3.4 and chapter 4: the form of each defined value, duplicates, letter case
//! of names, forbidden inheritance, and (opt-in) score arithmetic, board rotation and unknown
//! tags.
//!
//! Values are judged where they are written: a `#` value was judged in the game it came from.
//! `"?"` (unknown) and `""` (not applicable) are accepted for every tag (PBN 3.4).

use crate::bridge::Seat;
use crate::model::deal::Deal;
use crate::model::duplicate::standard_rotation;
use crate::model::values::{
    self, ContractValue, Declarer, PerSide, ResultValue, Side, Vulnerability,
};
use crate::model::{GameModel, Inheritance, Tag, inheritance_forbidden};
use crate::rules::diagnostic::{Diagnostic, Fix};
use crate::rules::semantic::Checker;
use crate::rules::{Fixability, Rule};

// The rules of this family: their pages are in `tags.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/tags.rs"));

/// `deal` is the game's Deal when it could be read: it sets how many tricks a Result can count.
pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    let tricks = deal.map_or(13, Deal::hand_size);
    // Two boards run together: removing the second board's tags would lose it (issue 43).
    let ran_together = game.ran_together().map(|(_, second)| second.name);
    for tag in game.written() {
        if tag.duplicate {
            if let Some(first) = game.get(tag.name) {
                let (message, help) = match ran_together {
                    Some(name) => (
                        if name == tag.name {
                            format!(
                                "a second {name} tag with another value: two boards seem to have \
                                 run together; this one is ignored"
                            )
                        } else {
                            format!(
                                "the {} tag is given twice in a game with two {name} values: two \
                                 boards seem to have run together; this one is ignored",
                                tag.name
                            )
                        },
                        "separate the boards with an empty line (PBN 3); PBN 3.4 ignores a tag \
                         pair that already occurred",
                    ),
                    None => (
                        format!(
                            "the {} tag is given twice in this game; this one is ignored",
                            tag.name
                        ),
                        "PBN 3.4: a tag pair that already occurred is ignored; remove the wrong \
                         one",
                    ),
                };
                let finding = Diagnostic::new(Rule::DuplicateTag, tag.span.clone(), message)
                    .with_related(first.span.clone(), "the value that counts")
                    .with_help(help);
                let line =
                    identical_line(checker.text, first, tag).filter(|_| ran_together.is_none());
                checker.report(match line {
                    Some(line) => finding.with_fix(Fix {
                        safety: Fixability::Safe,
                        title: format!("remove the second {} tag, the same as the first", tag.name),
                        edits: vec![(line, String::new())],
                    }),
                    None => finding,
                });
            }
            continue;
        }
        name_case(checker, tag);
        if let Some(finding) = forbidden_inheritance(tag) {
            checker.report(finding);
        } else {
            inherited(checker, tag);
        }
        if let Some(value) = tag.own_value()
            && value != "?"
            && !value.is_empty()
        {
            crate::rules::values::check_value(checker, game, tag, value, tricks);
        }
    }
    passed_out(checker, game);
    bare_denomination(checker, game, deal);
    if checker.on(Rule::ScoreMismatch) {
        score_mismatch(checker, game);
    }
    if checker.on(Rule::NonStandardRotation) {
        rotation(checker, game);
    }
}

/// T030 (opt-in): a value given with `#` or `##`; T031: a `#` with nothing to inherit (PBN 4.8).
fn inherited(checker: &mut Checker<'_>, tag: &Tag<'_>) {
    let span = tag.text_span();
    match tag.inheritance {
        Inheritance::Hash { found: false } => checker.report(
            Diagnostic::new(
                Rule::NothingToInherit,
                span,
                format!(
                    "the {} tag inherits with `#`, but no earlier game has it: its value \
                is empty",
                    tag.name
                ),
            )
            .with_help(
                "PBN 4.8: `#` takes the value of an earlier game; write the value here \
                    (or `\"\"` if it is not known)",
            ),
        ),
        Inheritance::Hash { found: true } => checker.report(
            Diagnostic::new(
                Rule::InheritedValue,
                span,
                format!(
                    "the {} tag takes its value {:?} from an earlier game",
                    tag.name, &*tag.value
                ),
            )
            .with_help("`pbnfmt resolve` writes inherited values out (PBN 4.8)"),
        ),
        Inheritance::DoubleHash => checker.report(
            Diagnostic::new(
                Rule::InheritedValue,
                span,
                format!(
                    "the {} tag gives its value with `##`: later games that leave the tag \
                out take it",
                    tag.name
                ),
            )
            .with_help(
                "`pbnfmt resolve` writes the value into every game that takes it (PBN \
                    4.8)",
            ),
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
        Diagnostic::new(
            Rule::ForbiddenInheritance,
            tag.text_span(),
            format!(
                "the {} tag may not inherit its value with `{how}`",
                tag.name
            ),
        )
        .with_help(
            "PBN 4.8: Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play, \
                and the auction and play notes are written in full in every game",
        )
    })
}

fn name_case(checker: &mut Checker<'_>, tag: &Tag<'_>) {
    if crate::names::lookup(tag.name).is_some() || crate::names::is_known_extension(tag.name) {
        return;
    }
    let standard = crate::names::TAGS
        .iter()
        .map(|known| known.name)
        .find(|name| name.eq_ignore_ascii_case(tag.name));
    let name_span = tag
        .pair
        .name
        .map_or(tag.span.clone(), |id| checker.parse.span(id, id));
    match standard {
        Some(standard) => checker.report(
            Diagnostic::new(
                Rule::WrongCaseTagName,
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

/// T007: a Contract of a denomination alone is the trump of an end position (PBN 3.4.14, 3.10);
/// with a Deal of 13 cards a hand it is no contract.
fn bare_denomination(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    let Some(deal) = deal.filter(|deal| !deal.is_end_position()) else {
        return;
    };
    let Some(tag) = game.get("Contract") else {
        return;
    };
    let Some(ContractValue::Trumps(denomination)) = ContractValue::parse(&tag.value) else {
        return;
    };
    checker.report(
        Diagnostic::new(
            Rule::InvalidContract,
            tag.text_span(),
            format!(
                "the Contract is the denomination `{}` alone, but the Deal is no end position",
                crate::model::values::denomination_text(denomination)
            ),
        )
        .with_help(format!(
            "a denomination alone is the trump of an end position (PBN 3.10); with {} cards \
                a hand, give level and risk, as in `4S` or `3NTX` (PBN 3.4.14)",
            deal.hand_size()
        )),
    );
}

/// PBN 3.4.13, 3.4.15: a passed-out game has empty Declarer and Result.
fn passed_out(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    if game.value("Contract").and_then(ContractValue::read) != Some(ContractValue::PassedOut) {
        return;
    }
    for name in ["Declarer", "Result"] {
        if let Some(tag) = game.get(name)
            && !tag.value.is_empty()
            && tag.value != "?"
            && tag.inheritance != Inheritance::Implied
        {
            let contract = game.get("Contract").map(|t| t.text_span());
            let mut diagnostic = Diagnostic::new(
                Rule::DeclarerInPassedOutGame,
                tag.text_span(),
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

/// T026 with the tricks of the Result. A game with no Result is judged by its play, when the
/// play is complete ([`score_against_play`]).
fn score_mismatch(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let Some(result) = game.value("Result").and_then(ResultValue::parse).flatten() else {
        return;
    };
    if result.caret {
        return;
    }
    let Some(seat) = plain_declarer(game) else {
        return;
    };
    if let Some(tricks) = result.declarer_tricks(seat, 13) {
        score_for_tricks(checker, game, seat, tricks, "");
    }
}

/// T026 for a game whose Result does not say declarer's tricks (none, or `?`) and whose play
/// of 13 tricks gives `tricks` to declarer `seat`'s side.
pub(crate) fn score_against_play(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    seat: Seat,
    tricks: u8,
) {
    let unknown = game.value("Result").is_none_or(|v| v.trim() == "?");
    if checker.on(Rule::ScoreMismatch) && unknown && plain_declarer(game) == Some(seat) {
        score_for_tricks(checker, game, seat, tricks, " in the play");
    }
}

/// The Declarer's seat when it is given plainly (not `^`-swapped, PBN 3.9).
fn plain_declarer(game: &GameModel<'_>) -> Option<Seat> {
    match game.value("Declarer").and_then(values::parse_declarer) {
        Some(Some(Declarer {
            seat,
            swapped: false,
        })) => Some(seat),
        _ => None,
    }
}

/// T026: the Score against the duplicate score of declarer `seat` taking `tricks`; `how` says
/// where the tricks come from, for the message.
fn score_for_tricks(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    seat: Seat,
    tricks: u8,
    how: &str,
) {
    let Some(score_tag) = game
        .get("Score")
        .filter(|t| t.inheritance == Inheritance::None)
    else {
        return;
    };
    let contract = game.value("Contract").and_then(ContractValue::read);
    let vulnerability = game.value("Vulnerable").and_then(Vulnerability::read);
    let (Some(ContractValue::Contract(contract)), Some(vulnerability)) = (contract, vulnerability)
    else {
        return;
    };
    let Some(score) = PerSide::parse(&score_tag.value, values::integer) else {
        return;
    };
    let side = Side::of(seat);
    let expected = contract.score(seat, vulnerability, tricks);
    let given = score.for_declarer(side, |points| Some(-points));
    if let Some(given) = given
        && given != expected
    {
        checker.report(
            Diagnostic::new(
                Rule::ScoreMismatch,
                score_tag.text_span(),
                format!(
                    "{contract} by {} with {tricks} tricks{how} scores {expected} for {}, not \
                        {given}",
                    seat.name(),
                    side.name()
                ),
            )
            .with_help(
                "correct the score, or explain an adjusted score in a comment (PBN \
                    4.2.1)",
            ),
        );
    }
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
    if let Some(tag) = game.get("Dealer")
        && let Some(given) = Seat::parse(&tag.value).filter(|&seat| seat != dealer)
    {
        checker.report(
            Diagnostic::new(
                Rule::NonStandardRotation,
                tag.text_span(),
                format!(
                    "board {board} is dealt by {} in the standard rotation, not {}",
                    dealer.name(),
                    given.name()
                ),
            )
            .with_help(
                "check the Board and Dealer tags, or leave this opt-in rule off for \
                        another rotation",
            ),
        );
    }
    if let Some(tag) = game.get("Vulnerable")
        && let Some(given) = Vulnerability::read(&tag.value).filter(|&v| v != vulnerability)
    {
        checker.report(
            Diagnostic::new(
                Rule::NonStandardRotation,
                tag.text_span(),
                format!(
                    "board {board} is vulnerable {} in the standard rotation, not {}",
                    vulnerability.canonical(),
                    given.canonical()
                ),
            )
            .with_help(
                "check the Board and Vulnerable tags, or leave this opt-in rule off \
                        for another rotation",
            ),
        );
    }
}

/// The line of `second`, a repeat of `first` with the same value, when it can go without changing
/// anything else: both written plainly (no `#`), `second` without section data, alone on its line,
/// and the next line a tag pair, an empty line or the end (so no comment comes to follow another
/// tag). T022's safe fix removes it.
fn identical_line(text: &str, first: &Tag<'_>, second: &Tag<'_>) -> Option<std::ops::Range<usize>> {
    let plain = |tag: &Tag<'_>| tag.inheritance == Inheritance::None;
    if !(plain(first) && plain(second)) || first.written != second.written {
        return None;
    }
    if !second.pair.data.is_empty() {
        return None;
    }
    let start = text[..second.span.start]
        .rfind(['\n', '\r'])
        .map_or(0, |at| at + 1);
    if !text[start..second.span.start].trim().is_empty() {
        return None;
    }
    let (end, _) = crate::source::blank_rest_of_line(text, second.span.end)?;
    let next = &text[end..];
    let fine = next.is_empty() || next.starts_with(['[', '\r', '\n']);
    fine.then_some(start..end)
}

/// A text that draws each tag rule, and the text mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    let deal = |value: &str| format!("[Deal \"{DEAL}\"]\n\n[Deal \"{value}\"]\n");
    vec![
        Pair::new(
            Rule::DuplicateTag,
            "[Board \"1\"]\n[Board \"2\"]\n",
            "[Board \"1\"]\n",
        ),
        Pair::new(
            Rule::WrongCaseTagName,
            "[dealer \"N\"]\n",
            "[Dealer \"N\"]\n",
        ),
        Pair::owned(Rule::ForbiddenInheritance, deal("#"), deal(DEAL)),
        Pair::new(
            Rule::DeclarerInPassedOutGame,
            "[Declarer \"N\"]\n[Contract \"Pass\"]\n[Result \"0\"]\n",
            "[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n",
        ),
        Pair::new(
            Rule::ScoreMismatch,
            "[Vulnerable \"None\"]\n[Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"10\"]\n\
             [Score \"NS 620\"]\n",
            "[Vulnerable \"None\"]\n[Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"10\"]\n\
             [Score \"NS 420\"]\n",
        ),
        Pair::new(
            Rule::NonStandardRotation,
            "[Board \"1\"]\n[Dealer \"E\"]\n",
            "[Board \"1\"]\n[Dealer \"N\"]\n",
        ),
        Pair::new(
            Rule::UnknownTag,
            "[Scorring \"IMP\"]\n",
            "[Scoring \"IMP\"]\n",
        ),
        // The extensions pbnfmt knows (issue 49, item 6) are not unknown; a misspelling of one is.
        Pair::new(
            Rule::UnknownTag,
            "[Board \"5\"]\n[Parcontract \"NS 4S\"]\n",
            "[Board \"5\"]\n[DoubleDummyTricks \"dddddddddddddddddddd\"]\n\
             [ParContract \"NS 4S\"]\n[VirtualBoard \"1\"]\n[BlockNumber \"2\"]\n",
        ),
        Pair::new(
            Rule::InheritedValue,
            "[Event \"##Club\"]\n[Board \"1\"]\n\n[Board \"2\"]\n",
            "[Event \"Club\"]\n[Board \"1\"]\n\n[Event \"Club\"]\n[Board \"2\"]\n",
        ),
        Pair::new(
            Rule::NothingToInherit,
            "[Event \"#\"]\n[Board \"1\"]\n",
            "[Event \"\"]\n[Board \"1\"]\n",
        ),
    ]
}
