//! The Result against what the game shows (PBN 3.4.15): the tricks of the play (P010), and,
//! opt-in, the trumps in the Deal (P014).

use crate::bridge::{Card, Rank, Seat, Suit};
use crate::model::deal::Deal;
use crate::model::play::{PlayEnd, PlayRead};
use crate::model::values::{self, ContractValue, ResultValue};
use crate::model::{GameModel, Inheritance};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;

// The rules of this family: their pages are in `result.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/result.rs"));

/// P010 (PBN 3.4.15 and `docs/spec-decisions.md`): the Result against the tricks in the play.
pub(crate) fn against_play(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    read: &PlayRead,
    declarer: Seat,
    hand_size: u32,
) {
    let Some(tag) = game.get("Result") else {
        return;
    };
    let Some(Some(result)) = ResultValue::parse(&tag.value) else {
        return;
    };
    if result.caret || read.tricks.is_empty() {
        return;
    }
    // A two-sided Result: both numbers must match the play (PBN 3.4.15), so declarer's is
    // compared here and their sum below.
    let both = result.both_sides(declarer);
    let given = match both {
        Some((mine, _)) => mine,
        None => match result.declarer_tricks(declarer, hand_size as u8) {
            Some(given) => given,
            None => return,
        },
    };
    let (won, known, unknown) = read.count(declarer);
    let given = u32::from(given);
    let (low, high, unfinished) = match read.end {
        PlayEnd::Stopped(_) => (won, won + (hand_size - known), false),
        PlayEnd::Open if known == hand_size => (won, won, false),
        PlayEnd::Open => (won, won + unknown, true),
    };
    // The tricks a Result counts: all of them once the play has ended, else the completed ones.
    let completed = if unfinished {
        known + unknown
    } else {
        hand_size
    };
    let (message, help) = if (low..=high).contains(&given) {
        let Some((mine, theirs)) = both else {
            return;
        };
        let sum = u32::from(mine) + u32::from(theirs);
        if sum == completed {
            return;
        }
        let played = if unfinished {
            format!("the {completed} tricks completed in the play")
        } else {
            format!("the {completed} tricks of a finished play")
        };
        let (ns, ew) = match values::Side::of(declarer) {
            values::Side::NorthSouth => (mine, theirs),
            values::Side::EastWest => (theirs, mine),
        };
        (
            format!("the Result gives NS {ns} and EW {ew} tricks, {sum} in all, not {played}"),
            "correct the defenders' number: declarer's matches the play (PBN 3.4.15)",
        )
    } else {
        mismatch(given, low, high, unfinished, known + unknown)
    };
    let mut diagnostic =
        Diagnostic::new(Rule::ResultMismatch, tag.text_span(), message).with_help(help);
    if let Some(play) = game.play {
        diagnostic = diagnostic.with_related(game.tags[play].span.clone(), "the play");
    }
    checker.report(diagnostic);
}

/// What P010 says when declarer's tricks in the Result are not in `low..=high`, the tricks the
/// play gives declarer; `played` tricks are completed when the play is `unfinished`.
fn mismatch(
    given: u32,
    low: u32,
    high: u32,
    unfinished: bool,
    played: u32,
) -> (String, &'static str) {
    let range = if low == high {
        format!("{low}")
    } else {
        format!("{low} to {high}")
    };
    let message = if unfinished {
        format!(
            "the Result gives declarer {given} tricks, but declarer won {range} of \
                the {played} trick{} played",
            if played == 1 { "" } else { "s" }
        )
    } else {
        format!("the Result gives declarer {given} tricks, but the play gives declarer {range}")
    };
    let help = if unfinished && given > high {
        "if the rest of the play was claimed, end the play with `*`; mark a \
            result agreed to differ with `^` (PBN 3.4.15)"
    } else {
        "correct the Result or the play; mark a result agreed to differ from \
            the play with `^` (PBN 3.4.15)"
    };
    (message, help)
}

/// P014 (opt-in): in a suit contract on a full Deal, each trump a defender holds above every
/// trump of declarer and dummy wins a trick; the Result cannot give declarer those.
pub(crate) fn beyond_trumps(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    let Some(deal) = deal.filter(|deal| {
        deal.known_hands().count() == 4
            && Seat::ALL
                .iter()
                .all(|&seat| deal.hand(seat).is_some_and(|hand| hand.cards.len() == 13))
    }) else {
        return;
    };
    let trumps = match game.value("Contract").and_then(ContractValue::read) {
        Some(ContractValue::Contract(contract)) => contract.denomination,
        _ => return,
    };
    let Some(trump) = Suit::ALL
        .into_iter()
        .find(|&suit| crate::bridge::Denomination::from(suit) == trumps)
    else {
        return;
    };
    let Some(Some(declarer)) = game.value("Declarer").and_then(values::parse_declarer) else {
        return;
    };
    let Some(tag) = game
        .get("Result")
        .filter(|tag| tag.inheritance != Inheritance::Implied)
    else {
        return;
    };
    let Some(Some(result)) = ResultValue::parse(&tag.value) else {
        return;
    };
    if result.caret {
        return;
    }
    let Some(given) = result.declarer_tricks(declarer.seat, 13) else {
        return;
    };
    let cards = |seat: Seat| deal.hand(seat).map(|hand| hand.cards).unwrap_or_default();
    let top_of_declarer = [declarer.seat, declarer.seat.offset(2)]
        .into_iter()
        .filter_map(|seat| cards(seat).highest_in(trump))
        .map(|card| card.rank.value())
        .max()
        .unwrap_or(0);
    let (defender, winners) = [declarer.seat.offset(1), declarer.seat.offset(3)]
        .into_iter()
        .map(|seat| {
            let held = cards(seat);
            let winners: Vec<Rank> = (top_of_declarer + 1..=14)
                .rev()
                .filter_map(Rank::from_value)
                .filter(|&rank| held.contains(Card { suit: trump, rank }))
                .collect();
            (seat, winners)
        })
        .max_by_key(|(_, winners)| winners.len())
        .unwrap_or((declarer.seat.next(), Vec::new()));
    let sure = winners.len() as u8;
    if sure == 0 || given + sure <= 13 {
        return;
    }
    let ranks: String = winners.iter().map(|rank| rank.letter()).collect();
    checker.report(
        Diagnostic::new(
            Rule::ResultBeyondTrumps,
            tag.sub_span(0..tag.value.len()),
            format!(
                "the Result gives declarer {given} tricks, but {}'s {}{ranks} {} higher than \
                    every trump of declarer and dummy: the defence wins at least {sure}",
                defender.name(),
                trump.symbol(),
                if sure == 1 { "is" } else { "are" },
            ),
        )
        .with_help(
            "correct the Result, or mark a result agreed to differ from the cards with `^` \
                (PBN 3.4.15)",
        ),
    );
}

/// A Result that draws each result rule, and the Result mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    // One card each: North wins the only trick for declarer.
    let ending = |result: &str| {
        format!(
            "[Deal \"N:A... K... Q... J...\"]\n[Declarer \"S\"]\n[Contract \"1S\"]\n\
             [Result \"{result}\"]\n[Play \"W\"]\nSJ SA SK SQ\n"
        )
    };
    vec![
        Pair::owned(Rule::ResultMismatch, ending("0"), ending("1")),
        Pair::new(
            Rule::ResultBeyondTrumps,
            "[Deal \"N:KQJ2.AKQ.AKQ.AKQ A3.JT98.JT98.JT9 T987.765.765.765 654.432.432.8432\"]\n\
             [Declarer \"N\"]\n[Contract \"7S\"]\n[Result \"13\"]\n",
            "[Deal \"N:KQJ2.AKQ.AKQ.AKQ A3.JT98.JT98.JT9 T987.765.765.765 654.432.432.8432\"]\n\
             [Declarer \"N\"]\n[Contract \"7S\"]\n[Result \"12\"]\n",
        ),
    ]
}
