//! The Deal tag (PBN 3.4.11, 3.10): its shape, first seat, ranks, duplicated cards, hand sizes.

use crate::diagnostic::Diagnostic;
use crate::model::deal::{self, Deal, DealProblem};
use crate::model::{GameModel, Inheritance};
use crate::rules::Rule;
use crate::rules::semantic::Checker;

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
        for problem in problems {
            let diagnostic = match problem {
                DealProblem::Malformed { at, what } => Diagnostic::new(Rule::MalformedDeal, tag.sub_span(at), "the deal cannot be read")
                    .with_label(what)
                    .with_help("write `N:` and four hands `spades.hearts.diamonds.clubs` separated by spaces, `-` for an unknown hand (PBN 3.4.11)"),
                DealProblem::BadFirst { at } => Diagnostic::new(Rule::InvalidDealFirst, tag.sub_span(at), format!("`{}` is not a seat for the first hand", value.split(':').next().unwrap_or("")))
                    .with_help("the deal starts with W, N, E or S and a colon, as in `N:` (PBN 3.4.11)"),
                DealProblem::BadRank { at, seat, suit } => {
                    let found = value.get(at.clone()).unwrap_or("");
                    let help = if found == "1" || found == "0" {
                        "the ten is written `T` (PBN 3.4.11)".to_owned()
                    } else {
                        "ranks are A K Q J T 9 8 7 6 5 4 3 2; suits are given by their place, spades first (PBN 3.4.11)".to_owned()
                    };
                    Diagnostic::new(Rule::InvalidRank, tag.sub_span(at), format!("`{found}` in {}'s {} is not a rank", seat.name(), suit.plural()))
                        .with_help(help)
                }
                DealProblem::Duplicate { card, at, seat, earlier, earlier_seat } => {
                    let whose = if seat == earlier_seat {
                        format!("{} holds the {}{} twice", seat.name(), card.suit.symbol(), card.rank.letter())
                    } else {
                        format!("{} and {} both hold the {}{}", earlier_seat.name(), seat.name(), card.suit.symbol(), card.rank.letter())
                    };
                    Diagnostic::new(Rule::DuplicateCard, tag.sub_span(at), whose)
                        .with_label("given again here")
                        .with_related(tag.sub_span(earlier), format!("{}'s {}{}", earlier_seat.name(), card.suit.symbol(), card.rank.letter()))
                        .with_help("a pack has each card once: find the hand it belongs to; the other hand is probably a card short")
                }
            };
            checker.report(diagnostic);
        }
    }
    let deal = deal?;
    if tag.inheritance == Inheritance::None && cards_read {
        sizes(checker, tag, &deal);
    }
    Some(deal)
}

fn sizes(checker: &mut Checker<'_>, tag: &crate::model::Tag<'_>, deal: &Deal) {
    if deal.known_hands().next().is_none() {
        checker.report(
            Diagnostic::new(
                Rule::AllHandsUnknown,
                tag.value_span.clone(),
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
