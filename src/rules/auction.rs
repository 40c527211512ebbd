//! The auction (PBN 3.5, 3.9): the Dealer it needs, the first caller, sufficient bids, doubles
//! and redoubles, how it ends, and the Declarer and Contract tags against the contract it reaches.

use crate::bridge::{Denomination, Seat};
use crate::model::auction::{self, AuctionProblem, AuctionRead, Outcome, RiskProblem};
use crate::model::values::{self, ContractValue, denomination_text};
use crate::model::{GameModel, Tag};
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, Fix};
use crate::rules::semantic::Checker;
use crate::syntax::{Parse, TokenId};

// The rules of this family: their pages are in `auction.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/auction.rs"));

/// Checks the auction section and returns what it read, for the play.
pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>) -> Option<AuctionRead> {
    let tag = &game.tags[game.auction?];
    let Some(start) = Seat::parse(&tag.value) else {
        checker.report(
            Diagnostic::new(
                Rule::InvalidAuctionSeat,
                tag.text_span(),
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
            Diagnostic::new(
                Rule::AuctionWithoutDealer,
                tag.span.clone(),
                "this game has an auction but no Dealer tag",
            )
            .with_help(format!(
                "add the dealer, e.g. `[Dealer \"{}\"]` (PBN 3.5: the auction starts \
                    with the dealer)",
                start.letter()
            )),
        );
    }
    if let (Some(at), Some(auction)) = (game.position("Dealer"), game.auction)
        && at > auction
    {
        checker.report(
            Diagnostic::new(
                Rule::DealerAfterAuction,
                game.tags[at].span.clone(),
                "the Dealer tag comes after the Auction section that needs it",
            )
            .with_related(tag.span.clone(), "the auction starts here")
            .with_help(
                "move `[Dealer ...]` before `[Auction ...]` (PBN 3.1: the dealer is given \
                    before the auction)",
            ),
        );
    }
    let (parse, text) = (checker.parse, checker.text);
    miscased_calls(checker, tag);
    let read = auction::read(parse, text, start, dealer, &tag.pair.data);
    let wording = Wording {
        parse,
        text,
        tag,
        start,
    };
    for problem in &read.problems {
        checker.report(wording.problem(problem));
    }
    if let Some(Outcome::Complete(reached)) = read.outcome {
        consistency(checker, game, reached);
    }
    Some(read)
}

/// A015: calls in a letter case PBN 3.11 does not allow. The call still reads as meant.
fn miscased_calls(checker: &mut Checker<'_>, tag: &Tag<'_>) {
    let (parse, text) = (checker.parse, checker.text);
    for data in &tag.pair.data {
        let crate::syntax::Data::Move(mv) = data else {
            continue;
        };
        let word = parse.text(text, mv.token);
        let span = parse.span(mv.token, mv.token);
        if let Some(spelling) = crate::bridge::CallToken::miscased(word) {
            checker.report(miscased(
                span,
                format!("`{word}` is not a PBN spelling of the call `{spelling}`"),
                &spelling,
            ));
        } else if let Some(spelling) = crate::bridge::CallToken::loose_spelling(word) {
            checker.report(
                Diagnostic::new(
                    Rule::LooseCall,
                    span.clone(),
                    format!("`{word}` is not how PBN writes the call `{spelling}`"),
                )
                .with_help(format!("`pbnfmt fix` writes it `{spelling}` (PBN 3.5.1)"))
                .with_fix(Fix::write(span, spelling, true)),
            );
        }
    }
}

/// An A015 finding: `found` at `span`, to be written `spelling`.
pub(crate) fn miscased(
    span: std::ops::Range<usize>,
    message: String,
    spelling: &str,
) -> Diagnostic {
    Diagnostic::new(Rule::MiscasedCall, span.clone(), message)
        .with_help(format!(
            "write `{spelling}` (`pbnfmt fix` does); PBN 3.11 allows the uppercase form or the \
             all-lowercase one, not a mix"
        ))
        .with_fix(Fix::write(span, spelling, true))
}

/// What the wording of an auction's findings needs: one function per rule below.
struct Wording<'a> {
    parse: &'a Parse,
    text: &'a str,
    tag: &'a Tag<'a>,
    /// The Auction tag's seat.
    start: Seat,
}

impl Wording<'_> {
    fn span(&self, id: TokenId) -> std::ops::Range<usize> {
        self.parse.span(id, id)
    }

    fn token(&self, id: TokenId) -> &str {
        self.parse.text(self.text, id)
    }

    fn problem(&self, problem: &AuctionProblem) -> Diagnostic {
        match *problem {
            AuctionProblem::WrongFirstCaller {
                token,
                seat,
                dealer,
            } => self.wrong_first_caller(token, seat, dealer),
            AuctionProblem::Insufficient {
                token,
                seat,
                bid,
                over,
            } => self.insufficient_bid(token, seat, bid, over),
            AuctionProblem::NeedlessInsufficientMark { mark, token, over } => {
                self.needless_insufficient_mark(mark, token, over)
            }
            AuctionProblem::PlayMarkInAuction { mark } => self.play_mark_in_auction(mark),
            AuctionProblem::IllegalDouble { token, seat, why } => Diagnostic::new(
                Rule::IllegalDouble,
                self.span(token),
                format!("{} doubles {}", seat.name(), risk_reason(why)),
            )
            .with_help(
                "only an opponent's undoubled bid can be doubled; an irregular double \
                    is taken back (PBN 3.9)",
            ),
            AuctionProblem::IllegalRedouble { token, seat, why } => Diagnostic::new(
                Rule::IllegalRedouble,
                self.span(token),
                format!("{} redoubles {}", seat.name(), risk_reason(why)),
            )
            .with_help("only one's own side's doubled bid can be redoubled (PBN 3.9)"),
            AuctionProblem::AfterEnd { token, end } => self.call_after_auction_end(token, end),
            AuctionProblem::AfterContinue { token, plus } => {
                self.call_after_continuation(token, plus)
            }
            AuctionProblem::Unfinished { last } => self.unfinished_auction(last),
            AuctionProblem::MisplacedSkip { token, why } => Diagnostic::new(
                Rule::MisplacedSkip,
                self.span(token),
                format!("`^S` is misplaced: {why}"),
            )
            .with_help(
                "`^S` stands for a player skipped by a call out of rotation, which \
                    follows it, as in `1D ^S 2D` (PBN 3.9)",
            ),
            AuctionProblem::MisplacedDash { token } => Diagnostic::new(
                Rule::MisplacedDash,
                self.span(token),
                "`-` in the middle of the auction",
            )
            .with_help(
                "`-` fills the first line before the dealer only; write the call that \
                    was made (PBN 3.5.1)",
            ),
        }
    }

    fn wrong_first_caller(&self, token: TokenId, seat: Seat, dealer: Seat) -> Diagnostic {
        Diagnostic::new(
            Rule::WrongFirstCaller,
            self.span(token),
            format!(
                "{} makes the first call, but {} is the dealer",
                seat.name(),
                dealer.name()
            ),
        )
        .with_help(dash_help(self.start, dealer))
    }

    fn insufficient_bid(
        &self,
        token: TokenId,
        seat: Seat,
        bid: (u8, Denomination),
        over: (u8, Denomination, TokenId),
    ) -> Diagnostic {
        Diagnostic::new(
            Rule::InsufficientBid,
            self.span(token),
            format!(
                "{}'s {} does not outrank the {} before it",
                seat.name(),
                bid_text(bid),
                bid_text((over.0, over.1))
            ),
        )
        .with_related(self.span(over.2), "the last bid")
        .with_help(format!(
            "correct the bid, or write `^I {}` for an insufficient bid the \
                opponents accepted (PBN 3.9)",
            bid_text(bid)
        ))
    }

    fn needless_insufficient_mark(
        &self,
        mark: TokenId,
        token: TokenId,
        over: Option<(u8, Denomination)>,
    ) -> Diagnostic {
        let message = match over {
            Some(over) => format!(
                "`^I` marks {} as insufficient, but it outranks the {}",
                self.token(token),
                bid_text(over)
            ),
            None => format!(
                "`^I` marks `{}` as an insufficient bid, but it is not an insufficient \
                bid",
                self.token(token)
            ),
        };
        Diagnostic::new(Rule::MisusedAuctionIrregularity, self.span(mark), message)
            .with_help("remove `^I`; it precedes an insufficient bid only (PBN 3.9)")
    }

    fn play_mark_in_auction(&self, mark: TokenId) -> Diagnostic {
        Diagnostic::new(
            Rule::MisusedAuctionIrregularity,
            self.span(mark),
            format!(
                "`{}` marks an irregularity of the play, not of the auction",
                self.token(mark)
            ),
        )
        .with_help(
            "in the auction, `^I` marks an insufficient bid and `^S` a skipped \
                player (PBN 3.9)",
        )
    }

    fn call_after_auction_end(&self, token: TokenId, end: TokenId) -> Diagnostic {
        Diagnostic::new(
            Rule::CallAfterAuctionEnd,
            self.span(token),
            format!("`{}` comes after the auction has ended", self.token(token)),
        )
        .with_related(self.span(end), "the auction ends here")
        .with_help(
            "remove the extra calls, or find the pass that should not be there \
                (PBN 3.5)",
        )
    }

    fn call_after_continuation(&self, token: TokenId, plus: TokenId) -> Diagnostic {
        Diagnostic::new(
            Rule::CallAfterContinuation,
            self.span(token),
            format!(
                "`{}` follows the `+` that marks the auction as to be continued",
                self.token(token)
            ),
        )
        .with_related(self.span(plus), "`+` stands for the next call")
        .with_help(
            "replace `+` by the call that was made, or remove what follows it (PBN \
                3.5)",
        )
    }

    fn unfinished_auction(&self, last: Option<TokenId>) -> Diagnostic {
        Diagnostic::new(
            Rule::UnfinishedAuction,
            last.map_or(self.tag.span.clone(), |id| self.span(id)),
            "the auction stops before it has ended",
        )
        .with_label("no closing passes after this")
        .with_help(
            "add the passes (`AP` stands for all of them), `*` if the rest is not \
                known, or `+` if it is to be continued (PBN 3.5)",
        )
    }
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
        let given = ContractValue::read(&tag.value);
        let expected = reached.map_or(ContractValue::PassedOut, |(c, _)| {
            ContractValue::Contract(c)
        });
        let expected_text = reached.map_or("Pass".to_owned(), |(c, _)| c.to_string());
        if given.is_some() && given != Some(expected) {
            let mut diagnostic = Diagnostic::new(
                Rule::ContractMismatch,
                tag.text_span(),
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
    if let (Some(tag), Some((_, declarer))) = (game.get("Declarer"), reached)
        && let Some(Some(given)) = values::parse_declarer(&tag.value)
    {
        let expected = if given.swapped {
            declarer.offset(2)
        } else {
            declarer
        };
        if given.seat != expected {
            let what = if given.swapped {
                format!(
                    "the Declarer is ^{} (declarer and dummy swapped), but the auction \
                            makes {} declarer, so ^{} was expected",
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
            let mut diagnostic = Diagnostic::new(Rule::DeclarerMismatch, tag.text_span(), what)
                .with_help(format!(
                    "declarer is the first of the side to name the final denomination: \
                        `[Declarer \"{}\"]` (PBN 3.4.13)",
                    declarer.letter()
                ));
            if let Some(span) = auction_span {
                diagnostic = diagnostic.with_related(span, "the auction");
            }
            checker.report(diagnostic);
        }
    }
}

/// An auction that draws each auction rule, and the auction mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    crate::rules::pairs::Pair::written(include_str!("../../corpus/pairs/auction.txt"))
}
