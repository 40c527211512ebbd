//! The Deal tag (PBN 3.4.11, 3.10): its shape, first seat, ranks, duplicated cards, hand sizes.

use std::ops::Range;

use crate::bridge::{Card, Seat, Suit};
use crate::model::deal::{self, Deal, DealProblem};
use crate::model::{GameModel, Inheritance, Tag};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;

// The rules of this family: their pages are in `deal.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/deal.rs"));

/// Checks the game's Deal and returns it when it could be read, for the play.
pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>) -> Option<Deal> {
    let tag = game.get("Deal")?;
    let value = &*tag.value;
    if value == "?" || value.is_empty() {
        return None;
    }
    let (deal, problems) = deal::parse(value);
    // A misread card makes its hand the wrong size: judge sizes only when every card was read.
    let cards_read = problems.is_empty();
    // Problems are reported where the deal is written, not in games that inherit it.
    if tag.inheritance == Inheritance::None {
        // A card given twice in a deal of four hands leaves another in no hand (issue 49,
        // item 6): D003 names it, as that is the card the misprint lost.
        // Looked for only when a card is given twice: most deals have no problem at all.
        let twice = problems
            .iter()
            .any(|problem| matches!(problem, DealProblem::Duplicate { .. }));
        let missing = deal
            .as_ref()
            .filter(|_| twice)
            .map(missing_cards)
            .unwrap_or_default();
        for problem in problems {
            let mut finding = word(tag, problem);
            if finding.rule == Rule::DuplicateCard && !missing.is_empty() {
                finding.message = format!("{}; {}", finding.message, no_hand_holds(&missing));
            }
            checker.report(finding);
        }
    }
    let deal = deal?;
    if tag.inheritance == Inheritance::None && cards_read {
        sizes(checker, tag, &deal);
        if checker.on(Rule::DegenerateDeal) && is_degenerate(&deal) {
            checker.report(
                Diagnostic::new(
                    Rule::DegenerateDeal,
                    tag.text_span(),
                    "each hand holds one whole suit: this deal was not shuffled",
                )
                .with_label("thirteen cards of one suit in every hand")
                .with_help(Rule::DegenerateDeal.info().fix),
            );
        }
    }
    Some(deal)
}

/// The finding for a problem of the Deal value of `tag`: one function per rule below.
fn word(tag: &Tag<'_>, problem: DealProblem) -> Diagnostic {
    match problem {
        DealProblem::Malformed { at, what } => malformed_deal(tag, at, what),
        DealProblem::BadFirst { at } => invalid_deal_first_seat(tag, at),
        DealProblem::BadRank { at, seat, suit } => invalid_rank_in_deal(tag, at, seat, suit),
        DealProblem::Duplicate {
            card,
            at,
            seat,
            earlier,
            earlier_seat,
        } => duplicate_card(tag, card, (at, seat), (earlier, earlier_seat)),
    }
}

fn malformed_deal(tag: &Tag<'_>, at: Range<usize>, what: &'static str) -> Diagnostic {
    Diagnostic::new(
        Rule::MalformedDeal,
        tag.sub_span(at),
        "the deal cannot be read",
    )
    .with_label(what)
    .with_help(
        "write `N:` and four hands `spades.hearts.diamonds.clubs` separated by \
            spaces, `-` for an unknown hand (PBN 3.4.11)",
    )
}

fn invalid_deal_first_seat(tag: &Tag<'_>, at: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::InvalidDealFirstSeat,
        tag.sub_span(at),
        format!(
            "`{}` is not a seat for the first hand",
            tag.value.split(':').next().unwrap_or("")
        ),
    )
    .with_help("the deal starts with W, N, E or S and a colon, as in `N:` (PBN 3.4.11)")
}

fn invalid_rank_in_deal(tag: &Tag<'_>, at: Range<usize>, seat: Seat, suit: Suit) -> Diagnostic {
    let found = tag.value.get(at.clone()).unwrap_or("");
    let spot = found.eq_ignore_ascii_case("x");
    let help = if found == "1" || found == "0" {
        "the ten is written `T` (PBN 3.4.11)"
    } else if spot {
        "a Deal names every card; a hand whose small cards are not known is written as \
            unknown, `-` (PBN 3.4.11)"
    } else {
        "ranks are A K Q J T 9 8 7 6 5 4 3 2; suits are given by their place, \
            spades first (PBN 3.4.11)"
    };
    Diagnostic::new(
        Rule::InvalidRankInDeal,
        tag.sub_span(at),
        format!(
            "`{found}` in {}'s {} is not a rank{}",
            seat.name(),
            suit.plural(),
            if spot {
                ": a spot card of unknown rank is not a PBN card"
            } else {
                ""
            }
        ),
    )
    .with_help(help)
}

/// `card` given at `again` after it was given at `first`, each with the seat whose hand has it.
fn duplicate_card(
    tag: &Tag<'_>,
    card: Card,
    again: (Range<usize>, Seat),
    first: (Range<usize>, Seat),
) -> Diagnostic {
    let ((at, seat), (earlier, earlier_seat)) = (again, first);
    let card_text = format!("{}{}", card.suit.symbol(), card.rank.letter());
    let whose = if seat == earlier_seat {
        format!("{} holds the {card_text} twice", seat.name())
    } else {
        format!(
            "{} and {} both hold the {card_text}",
            earlier_seat.name(),
            seat.name()
        )
    };
    Diagnostic::new(Rule::DuplicateCard, tag.sub_span(at), whose)
        .with_label("given again here")
        .with_related(
            tag.sub_span(earlier),
            format!("{}'s {card_text}", earlier_seat.name()),
        )
        .with_help(
            "a pack has each card once: find the hand it belongs to; the other \
            hand is probably a card short",
        )
}

/// The cards of the pack that no hand of `deal` holds, when it gives all four hands (with fewer,
/// an unknown hand holds them).
fn missing_cards(deal: &Deal) -> Vec<Card> {
    if deal.known_hands().count() < 4 {
        return Vec::new();
    }
    crate::model::deal::pack()
        .filter(|&card| {
            !deal
                .known_hands()
                .any(|(_, hand)| hand.cards.contains(card))
        })
        .collect()
}

/// "no hand holds the ♣5" (at most four cards named).
fn no_hand_holds(missing: &[Card]) -> String {
    let named: Vec<String> = missing
        .iter()
        .take(4)
        .map(|card| format!("{}{}", card.suit.symbol(), card.rank.letter()))
        .collect();
    let more = match missing.len().saturating_sub(4) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    format!("no hand holds the {}{more}", named.join(", the "))
}

fn sizes(checker: &mut Checker<'_>, tag: &Tag<'_>, deal: &Deal) {
    if deal.known_hands().next().is_none() {
        checker.report(
            Diagnostic::new(
                Rule::AllHandsUnknown,
                tag.text_span(),
                "the deal gives no hand: all four are `-`",
            )
            .with_help(
                "give the known hands, or write `[Deal \"?\"]` when the deal is unknown (PBN 3.4)",
            ),
        );
        return;
    }
    let largest = deal.hand_size().min(13);
    for (seat, hand) in deal.known_hands() {
        let count = hand.cards.len();
        if count == largest {
            continue;
        }
        let message = if largest == 13 {
            format!("{} has {count} cards, not 13", seat.name())
        } else {
            format!(
                "{} has {count} cards, but other hands of this end position have {largest}",
                seat.name()
            )
        };
        let help = if largest == 13 {
            "each hand is dealt 13 cards (PBN 3.4.11); a card may sit in the wrong hand"
        } else {
            "in an end position all hands have the same number of cards (PBN 3.10)"
        };
        checker.report(
            Diagnostic::new(
                Rule::WrongHandSize,
                tag.sub_span(hand.span.clone()),
                message,
            )
            .with_help(help),
        );
    }
}

/// True when the four hands are each the thirteen cards of one suit.
pub fn is_degenerate(deal: &Deal) -> bool {
    deal.known_hands().count() == 4
        && deal.known_hands().all(|(_, hand)| {
            hand.cards.len() == 13
                && crate::bridge::Suit::ALL
                    .iter()
                    .filter(|&&suit| hand.cards.has_suit(suit))
                    .count()
                    == 1
        })
}

/// A Deal that draws each deal rule, and the Deal mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    const GOOD: &str =
        "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let pair = |rule, fails| Pair::new(rule, fails, GOOD);
    vec![
        pair(Rule::MalformedDeal, "[Deal \"N:AKQJ.AKQ.AKQ\"]\n"),
        pair(
            Rule::InvalidDealFirstSeat,
            "[Deal \"1:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n",
        ),
        pair(
            Rule::DuplicateCard,
            "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432\"]\n",
        ),
        pair(
            Rule::InvalidRankInDeal,
            "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.J109 6543.876.876.876 2.5432.5432.5432\"]\n",
        ),
        pair(
            Rule::WrongHandSize,
            "[Deal \"N:AKQ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 J2.5432.5432.5432\"]\n",
        ),
        pair(
            Rule::DegenerateDeal,
            "[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n",
        ),
        Pair::new(
            Rule::AllHandsUnknown,
            "[Deal \"N:- - - -\"]\n",
            "[Deal \"?\"]\n",
        ),
    ]
}
