//! The auction (PBN 3.5, 3.9): the Dealer it needs, the first caller, sufficient bids, doubles
//! and redoubles, how it ends, and the Declarer and Contract tags against the contract it reaches.

use crate::bridge::{Denomination, Seat};
use crate::diagnostic::Diagnostic;
use crate::model::GameModel;
use crate::model::auction::{self, AuctionProblem, AuctionRead, Outcome, RiskProblem};
use crate::model::values::{self, ContractValue, denomination_text};
use crate::rules::Rule;
use crate::rules::semantic::Checker;

/// Checks the auction section and returns what it read, for the play.
pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>) -> Option<AuctionRead> {
    let tag = &game.tags[game.auction?];
    let Some(start) = Seat::parse(&tag.value) else {
        checker.report(
            Diagnostic::new(
                Rule::InvalidAuctionSeat,
                tag.value_span.clone(),
                format!("`{}` is not the seat of the first call", tag.value),
            )
            .with_help(
                "the Auction tag names the seat of the first column: W, N, E or S (PBN 3.5)",
            ),
        );
        return None;
    };
    let dealer = game.value("Dealer").and_then(Seat::parse);
    if game.get("Dealer").is_none() {
        checker.report(
            Diagnostic::new(Rule::AuctionWithoutDealer, tag.span.clone(), "this game has an auction but no Dealer tag")
                .with_help(format!("add the dealer, e.g. `[Dealer \"{}\"]` (PBN 3.5: the auction starts with the dealer)", start.letter())),
        );
    }
    let (parse, text) = (checker.parse, checker.text);
    let read = auction::read(parse, text, start, dealer, &tag.pair.data);
    let span = |id| parse.span(id, id);
    for problem in &read.problems {
        let diagnostic = match *problem {
            AuctionProblem::WrongFirstCaller { token, seat, dealer } => Diagnostic::new(Rule::WrongFirstCaller, span(token), format!("{} makes the first call, but {} is the dealer", seat.name(), dealer.name()))
                .with_help(dash_help(start, dealer)),
            AuctionProblem::Insufficient { token, seat, bid, over } => Diagnostic::new(Rule::InsufficientBid, span(token), format!("{}'s {} does not outrank the {} before it", seat.name(), bid_text(bid), bid_text((over.0, over.1))))
                .with_related(span(over.2), "the last bid")
                .with_help(format!("correct the bid, or write `^I {}` for an insufficient bid the opponents accepted (PBN 3.9)", bid_text(bid))),
            AuctionProblem::NeedlessInsufficientMark { mark, token, over } => {
                let message = match over {
                    Some(over) => format!("`^I` marks {} as insufficient, but it outranks the {}", parse.text(text, token), bid_text(over)),
                    None => format!("`^I` marks `{}` as an insufficient bid, but it is not an insufficient bid", parse.text(text, token)),
                };
                Diagnostic::new(Rule::MisusedAuctionMark, span(mark), message).with_help("remove `^I`; it precedes an insufficient bid only (PBN 3.9)")
            }
            AuctionProblem::PlayMarkInAuction { mark } => Diagnostic::new(Rule::MisusedAuctionMark, span(mark), format!("`{}` marks an irregularity of the play, not of the auction", parse.text(text, mark)))
                .with_help("in the auction, `^I` marks an insufficient bid and `^S` a skipped player (PBN 3.9)"),
            AuctionProblem::IllegalDouble { token, seat, why } => Diagnostic::new(Rule::IllegalDouble, span(token), format!("{} doubles {}", seat.name(), risk_reason(why)))
                .with_help("only an opponent's undoubled bid can be doubled; an irregular double is taken back (PBN 3.9)"),
            AuctionProblem::IllegalRedouble { token, seat, why } => Diagnostic::new(Rule::IllegalRedouble, span(token), format!("{} redoubles {}", seat.name(), risk_reason(why)))
                .with_help("only one's own side's doubled bid can be redoubled (PBN 3.9)"),
            AuctionProblem::AfterEnd { token, end } => Diagnostic::new(Rule::CallAfterAuctionEnd, span(token), format!("`{}` comes after the auction has ended", parse.text(text, token)))
                .with_related(span(end), "the auction ends here")
                .with_help("remove the extra calls, or find the pass that should not be there (PBN 3.5)"),
            AuctionProblem::AfterContinue { token, plus } => Diagnostic::new(Rule::CallAfterContinuation, span(token), format!("`{}` follows the `+` that marks the auction as to be continued", parse.text(text, token)))
                .with_related(span(plus), "`+` stands for the next call")
                .with_help("replace `+` by the call that was made, or remove what follows it (PBN 3.5)"),
            AuctionProblem::Unfinished { last } => Diagnostic::new(Rule::UnfinishedAuction, last.map_or(tag.span.clone(), span), "the auction stops before it has ended")
                .with_label("no closing passes after this")
                .with_help("add the passes (`AP` stands for all of them), `*` if the rest is not known, or `+` if it is to be continued (PBN 3.5)"),
            AuctionProblem::MisplacedSkip { token, why } => Diagnostic::new(Rule::MisplacedSkip, span(token), format!("`^S` is misplaced: {why}"))
                .with_help("`^S` stands for a player skipped by a call out of rotation, which follows it, as in `1D ^S 2D` (PBN 3.9)"),
            AuctionProblem::MisplacedDash { token } => Diagnostic::new(Rule::MisplacedDash, span(token), "`-` in the middle of the auction")
                .with_help("`-` fills the first line before the dealer only; write the call that was made (PBN 3.5.1)"),
        };
        checker.report(diagnostic);
    }
    if let Some(Outcome::Complete(reached)) = read.outcome {
        consistency(checker, game, reached);
    }
    Some(read)
}

fn dash_help(start: Seat, dealer: Seat) -> String {
    let dashes = (dealer as usize + 4 - start as usize) % 4;
    if dashes == 0 {
        return format!("the auction starts with the dealer, {}", dealer.name());
    }
    format!(
        "write {} `-` before the dealer's call, or start the Auction at `{}` (PBN 3.5)",
        dashes,
        dealer.letter()
    )
}

fn bid_text((level, denomination): (u8, Denomination)) -> String {
    format!("{level}{}", denomination_text(denomination))
}

fn risk_reason(why: RiskProblem) -> &'static str {
    match why {
        RiskProblem::NoBid => "before anyone has bid",
        RiskProblem::OwnSide => "a bid of their own side",
        RiskProblem::OpponentsContract => "the opponents' contract",
        RiskProblem::AlreadyDoubled => "a bid that is already doubled",
        RiskProblem::NotDoubled => "a bid that is not doubled",
        RiskProblem::AlreadyRedoubled => "a bid that is already redoubled",
    }
}

/// PBN 3.4.13, 3.4.14: the tags against the auction's contract (`None`: passed out).
fn consistency(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    reached: Option<(values::Contract, Seat)>,
) {
    let auction_span = game.auction.map(|i| game.tags[i].span.clone());
    if let Some(tag) = game.get("Contract") {
        let given = ContractValue::parse(&tag.value);
        let expected = reached.map_or(ContractValue::PassedOut, |(c, _)| {
            ContractValue::Contract(c)
        });
        let expected_text = reached.map_or("Pass".to_owned(), |(c, _)| c.to_string());
        if given.is_some() && given != Some(expected) {
            let mut diagnostic = Diagnostic::new(
                Rule::ContractMismatch,
                tag.value_span.clone(),
                format!(
                    "the Contract is {}, but the auction reaches {expected_text}",
                    tag.value
                ),
            )
            .with_help(format!(
                "write `[Contract \"{expected_text}\"]`, or correct the auction (PBN 3.4.14)"
            ));
            if let Some(span) = auction_span.clone() {
                diagnostic = diagnostic.with_related(span, "the auction");
            }
            checker.report(diagnostic);
        }
    }
    if let (Some(tag), Some((_, declarer))) = (game.get("Declarer"), reached) {
        if let Some(Some(given)) = values::parse_declarer(&tag.value) {
            let expected = if given.swapped {
                declarer.offset(2)
            } else {
                declarer
            };
            if given.seat != expected {
                let what = if given.swapped {
                    format!(
                        "the Declarer is ^{} (declarer and dummy swapped), but the auction makes {} declarer, so ^{} was expected",
                        given.seat.letter(),
                        declarer.name(),
                        expected.letter()
                    )
                } else {
                    format!(
                        "the Declarer is {}, but the auction makes {} declarer",
                        given.seat.name(),
                        declarer.name()
                    )
                };
                let mut diagnostic = Diagnostic::new(Rule::DeclarerMismatch, tag.value_span.clone(), what)
                    .with_help(format!("declarer is the first of the side to name the final denomination: `[Declarer \"{}\"]` (PBN 3.4.13)", declarer.letter()));
                if let Some(span) = auction_span {
                    diagnostic = diagnostic.with_related(span, "the auction");
                }
                checker.report(diagnostic);
            }
        }
    }
}
