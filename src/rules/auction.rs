//! The auction (PBN 3.5, 3.9): the Dealer it needs, the first caller, sufficient bids, doubles
//! and redoubles, how it ends, and the Declarer and Contract tags against the contract it reaches.

use crate::bridge::{Denomination, Seat};
use crate::model::auction::{self, AuctionProblem, AuctionRead, Outcome, RiskProblem};
use crate::model::values::{self, ContractValue, denomination_text};
use crate::model::{GameModel, Tag};
use crate::rules::diagnostic::{Diagnostic, Fix, Severity};
use crate::rules::semantic::Checker;
use crate::rules::{Fixability, Group, Rule, RuleInfo};
use crate::syntax::{Parse, TokenId};

// The rules of this family: see [`crate::rules`].

pub const AUCTION_WITHOUT_DEALER: RuleInfo = RuleInfo {
    code: "A001",
    name: "auction-without-dealer",
    severity: Severity::Error,
    section: "PBN 3.5",
    summary: "An Auction section in a game without a Dealer tag",
    what: "A game with an Auction section but no Dealer tag.",
    why: "PBN 3.5: the auction is given from the dealer (\"the call of the dealer always starts \
        left justified\"); without a Dealer the calls cannot be checked or exported.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass 4S AP\n\
        ```",
    fix: "Add the Dealer tag: `[Dealer \"N\"]`.",
    ..RuleInfo::BASE
};

pub const INVALID_AUCTION_SEAT: RuleInfo = RuleInfo {
    code: "A002",
    name: "invalid-auction-seat",
    severity: Severity::Error,
    section: "PBN 3.5",
    summary: "The Auction tag value is not W, N, E or S",
    what: "The value of the Auction tag, which names the seat of the first column of calls.",
    why: "PBN 3.5: \"The direction of the player making the first call is given as tag value in \
        the Auction tag pair\".",
    example: "```\n\
        [Auction \"1\"]\n\
        ```",
    fix: "Name the seat: `[Auction \"N\"]`.",
    ..RuleInfo::BASE
};

pub const WRONG_FIRST_CALLER: RuleInfo = RuleInfo {
    code: "A003",
    name: "wrong-first-caller",
    severity: Severity::Error,
    section: "PBN 3.5",
    summary: "The first call is not made by the dealer",
    what: "The seat of the first call (after any `-` fill) against the Dealer tag. A call out of \
        rotation is written with `^S` in the dealer's place (PBN 3.9).",
    why: "PBN 3.5: the dealer calls first; in import format the columns may start at another \
        seat, with `-` for each player before the dealer.",
    example: "```\n\
        [Dealer \"E\"]\n\
        [Auction \"N\"]\n\
        1S Pass ...\n\
        ```",
    fix: "Start with `-` for the players before the dealer (`- 1S Pass ...`), or correct the \
        Auction seat.",
    ..RuleInfo::BASE
};

pub const INSUFFICIENT_BID: RuleInfo = RuleInfo {
    code: "A004",
    name: "insufficient-bid",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "A bid not higher than the bid before it, without `^I`",
    what: "A bid that does not outrank the last bid (a higher level, or the same level in a \
        higher denomination), without the `^I` mark of an accepted insufficient bid.",
    why: "PBN 3.9 (A): an insufficient bid accepted by the opponents is written `^I` before the \
        bid; otherwise each bid must be sufficient.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S 1H Pass Pass\n\
        Pass\n\
        ```",
    fix: "Correct the bid, or mark an accepted insufficient bid: `1S ^I 1H`.",
    ..RuleInfo::BASE
};

pub const MISUSED_AUCTION_IRREGULARITY: RuleInfo = RuleInfo {
    code: "A005",
    name: "misused-auction-irregularity",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "`^I` on a sufficient bid or a non-bid, or `^R`/`^L` in the auction",
    what: "An irregularity mark in the auction that marks no irregularity: `^I` before a \
        sufficient bid, a pass, double or redouble; `^R` or `^L`, which belong to the play.",
    why: "PBN 3.9: `^I` precedes an insufficient bid; `^R` and `^L` precede cards.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S ^I 2H\n\
        ```",
    fix: "Remove the mark.",
    ..RuleInfo::BASE
};

pub const ILLEGAL_DOUBLE: RuleInfo = RuleInfo {
    code: "A006",
    name: "illegal-double",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "A double of no bid, of partner's bid, or of a doubled contract",
    what: "A double (`X`) when no bid has been made, when the last bid is the doubler's side's, \
        or when the last bid is already doubled or redoubled.",
    why: "PBN 3.9: \"Irregular (re)double is impossible, and MUST be taken back.\" Only an \
        opponent's undoubled bid can be doubled.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass X\n\
        ```",
    fix: "Correct the call that was written wrong.",
    ..RuleInfo::BASE
};

pub const ILLEGAL_REDOUBLE: RuleInfo = RuleInfo {
    code: "A007",
    name: "illegal-redouble",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "A redouble of an undoubled bid or of the opponents' contract",
    what: "A redouble (`XX`) unless the last bid is the redoubler's side's and is doubled (not \
        yet redoubled).",
    why: "PBN 3.9: an irregular redouble is impossible and must be taken back, so it cannot stand \
        in a record.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S XX\n\
        ```",
    fix: "Correct the call that was written wrong.",
    ..RuleInfo::BASE
};

pub const CALL_AFTER_AUCTION_END: RuleInfo = RuleInfo {
    code: "A008",
    name: "call-after-auction-end",
    severity: Severity::Error,
    section: "PBN 3.5",
    summary: "A call after three passes, four passes, `AP` or `*`",
    what: "Calls given after the auction has ended: after three passes following a bid, four \
        initial passes, `AP`, or `*`.",
    why: "PBN 3.5: the auction section ends with all passes or with `*`; a later call is either a \
        typing error or a lost pass earlier.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass Pass Pass\n\
        2C\n\
        ```",
    fix: "Remove the extra calls, or find the pass that should not be there.",
    ..RuleInfo::BASE
};

pub const UNFINISHED_AUCTION: RuleInfo = RuleInfo {
    code: "A009",
    name: "unfinished-auction",
    severity: Severity::Warning,
    group: Group::Extra,
    section: "PBN 3.5",
    summary: "An auction that stops without closing passes, `AP`, `*` or `+` (opt-in)",
    what: "An auction section that ends before the auction does: not three passes after the last \
        bid (four with no bid), no `AP`, no `*` and no `+`. Off by default: select it with \
        `--extend-select A009`.",
    why: "PBN 3.5: \"The auction section ends with all passes, or with `*`\"; an auction to be \
        continued is marked with `+`, but \"the usage of '+' is not obligatory, only \
        recommended\", so an auction that just stops is legal: one not yet completed. Worth a \
        look in an archive of finished games.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass 4S Pass\n\
        ```",
    fix: "Add the missing passes (`AP` stands for them), end with `*` when the rest is not \
        known, or with `+` when the auction is to be continued.",
    ..RuleInfo::BASE
};

pub const MISCASED_CALL: RuleInfo = RuleInfo {
    code: "A015",
    name: "miscased-call",
    severity: Severity::Error,
    section: "PBN 3.11",
    summary: "A call or contract in a letter case PBN does not allow (`PASS`, `1Nt`, `xX`)",
    what: "A call of the auction, or the Contract tag, whose `Pass`, `AP`, `X`, `XX` or `NT` is \
        neither in its uppercase spelling nor all in lowercase.",
    why: "PBN 3.11: \"PBN is case sensitive\"; import format allows the lowercase forms it lists \
        (`pass`, `ap`, `x`, `xx`, `nt`) and no others. pbnfmt reads the call as meant and goes on \
        checking the auction.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S PASS 4S AP\n\
        ```",
    fix: "Write the call as PBN spells it: `Pass`, `1NT`, `XX`, `AP`; `pbnfmt fix` and \
        `pbnfmt export` write it so.",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const LOOSE_CALL: RuleInfo = RuleInfo {
    code: "A017",
    name: "loose-call",
    severity: Severity::Error,
    section: "PBN 3.5.1",
    summary: "A call in a spelling robots and BBO write, not PBN's (`1N`, `P`, `Dbl`)",
    what: "A call of the auction written `1N` ... `7N` (for `1NT` ... `7NT`), `P` (`Pass`), `Dbl` \
        or `Double` (`X`), `Rdbl`, `Redbl` or `Redouble` (`XX`).",
    why: "PBN 3.5.1 lists the call tokens: `Pass`, `X`, `XX`, `AP`, and a level with `C`, `D`, \
        `H`, `S` or `NT`. These spellings are not among them, but every player reads them \
        without doubt, so pbnfmt reads the call as meant and goes on checking the auction.",
    example: "```\n\
        [Auction \"N\"]\n\
        1N P 3N P\n\
        P P\n\
        ```",
    fix: "Write the call as PBN spells it; `pbnfmt fix` does.",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const DEALER_AFTER_AUCTION: RuleInfo = RuleInfo {
    code: "A016",
    name: "dealer-after-auction",
    severity: Severity::Error,
    section: "PBN 3.1",
    summary: "The Dealer tag comes after the Auction section",
    what: "A Dealer tag written after the Auction tag of its game.",
    why: "PBN 3.1: \"If the auction section is present, then the tag 'Dealer' must be filled \
        before the auction section\"; in import format too the order of the tags an auction \
        needs is prescribed.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass 4S AP\n\
        [Dealer \"N\"]\n\
        ```",
    fix: "Move the Dealer tag before the Auction tag; `pbnfmt export` writes the tags in order.",
    ..RuleInfo::BASE
};

pub const CALL_AFTER_CONTINUATION: RuleInfo = RuleInfo {
    code: "A010",
    name: "call-after-continuation",
    severity: Severity::Error,
    section: "PBN 3.5",
    summary: "A call or `*` after `+` in the auction",
    what: "Anything after the `+` that marks the auction as to be continued.",
    why: "PBN 3.5: `+` replaces the next call to be made and is placed after the last call; \"the \
        `*` character is forbidden to end the auction section\" in that situation.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass +\n\
        *\n\
        ```",
    fix: "Remove what follows `+`, or replace `+` by the call that was made.",
    ..RuleInfo::BASE
};

pub const MISPLACED_SKIP: RuleInfo = RuleInfo {
    code: "A011",
    name: "misplaced-skip",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "`^S` that no call out of rotation follows",
    what: "`^S` (a player skipped by a call out of rotation) that is not followed by the call out \
        of rotation, or four skips in a row.",
    why: "PBN 3.9 (B): `^S` replaces the call of a player skipped because another player called \
        out of rotation; the offending call follows it.",
    example: "```\n\
        [Auction \"W\"]\n\
        1D ^S *\n\
        ```",
    fix: "Write the call out of rotation after the skips (`1D ^S 2D`), or remove `^S`.",
    ..RuleInfo::BASE
};

pub const MISPLACED_DASH: RuleInfo = RuleInfo {
    code: "A012",
    name: "misplaced-dash",
    severity: Severity::Error,
    section: "PBN 3.5.1",
    summary: "A `-` in the auction after the first call",
    what: "A `-` call token after the auction has started.",
    why: "PBN 3.5.1: `-` means \"it is not yet player's turn to make a call\", which holds only \
        for the players before the dealer in the first line (PBN 3.5).",
    example: "```\n\
        [Auction \"N\"]\n\
        1S - Pass\n\
        ```",
    fix: "Replace `-` by the call that was made (`Pass` if unknown is not right, `*` to stop).",
    ..RuleInfo::BASE
};

pub const DECLARER_MISMATCH: RuleInfo = RuleInfo {
    code: "A013",
    name: "declarer-mismatch",
    severity: Severity::Error,
    section: "PBN 3.4.13",
    summary: "The Declarer tag is not the declarer the auction makes",
    what: "The Declarer tag against the declarer of a finished auction: the player of the final \
        contract's side who first named its denomination. With `^`, the declarer's partner \
        (declarer and dummy swapped).",
    why: "PBN 3.4.13 and 3.5: the Declarer tag gives the declarer of the contract reached. When \
        the auction ends with `*`, the tags may differ and are not checked.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S Pass 4S AP\n\
        [Declarer \"S\"]\n\
        ```",
    fix: "Correct the Declarer tag (here `N`), or the auction.",
    ..RuleInfo::BASE
};

pub const CONTRACT_MISMATCH: RuleInfo = RuleInfo {
    code: "A014",
    name: "contract-mismatch",
    severity: Severity::Error,
    section: "PBN 3.4.14",
    summary: "The Contract tag is not the contract the auction reaches",
    what: "The Contract tag against the last bid of a finished auction with its risk (`X`, `XX`), \
        or `Pass` for a passed-out auction.",
    why: "PBN 3.4.14 and 3.5: the Contract tag is the result of the auction. When the auction \
        ends with `*`, the tags may differ and are not checked.",
    example: "```\n\
        [Contract \"4S\"]\n\
        [Auction \"N\"]\n\
        1S Pass 4S X\n\
        AP\n\
        ```",
    fix: "Correct the Contract tag (here `4SX`), or the auction.",
    ..RuleInfo::BASE
};

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
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
