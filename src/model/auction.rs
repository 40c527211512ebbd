//! The auction section read as a sequence of calls at seats (PBN 3.5, 3.9), walked by the rules
//! of bidding: who calls first, sufficient bids, doubles and redoubles, how the auction ends, and
//! the contract and declarer it reaches.
//!
//! Positions run clockwise from the Auction tag's seat; `-` before the dealer fills the first line
//! (import format), `^S` stands for a skipped player (PBN 3.9 B), `+` for the next call to be made.
//! Once a call cannot be read (a syntax finding already), the walk stops judging: what follows
//! would only repeat that one mistake.

use crate::bridge::{CallToken, Denomination, Seat};
use crate::lexer::SyntaxKind;
use crate::model::values::{Contract, Risk, Side};
use crate::syntax::{Data, Parse, TokenId};

/// What stands at one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Call(CallToken),
    /// `^S`: a player skipped by a call out of rotation.
    Skip,
    /// A word that is not a call (reported as a syntax error).
    Unreadable,
    /// `*`: no more calls will be given.
    End,
    /// `+`: the next call, to be made later.
    Continue,
}

/// How the auction ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Three passes after a bid, `AP`, or four passes: the contract (`None`: passed out) and its
    /// declarer.
    Complete(Option<(Contract, Seat)>),
    /// `*`: the contract, if any, is in the Declarer and Contract tags.
    Stopped,
    /// `+`: to be continued.
    Continued,
    /// The section just stops.
    Unfinished,
    /// A call could not be read: the walk gave up judging.
    Unknown,
}

/// Why a double or redouble is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RiskProblem {
    NoBid,
    OwnSide,
    OpponentsContract,
    AlreadyDoubled,
    NotDoubled,
    AlreadyRedoubled,
}

/// What the walk found wrong; `token` is the call (or marker) concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuctionProblem {
    WrongFirstCaller {
        token: TokenId,
        seat: Seat,
        dealer: Seat,
    },
    Insufficient {
        token: TokenId,
        seat: Seat,
        bid: (u8, Denomination),
        over: (u8, Denomination, TokenId),
    },
    NeedlessInsufficientMark {
        mark: TokenId,
        token: TokenId,
        over: Option<(u8, Denomination)>,
    },
    PlayMarkInAuction {
        mark: TokenId,
    },
    IllegalDouble {
        token: TokenId,
        seat: Seat,
        why: RiskProblem,
    },
    IllegalRedouble {
        token: TokenId,
        seat: Seat,
        why: RiskProblem,
    },
    AfterEnd {
        token: TokenId,
        end: TokenId,
    },
    AfterContinue {
        token: TokenId,
        plus: TokenId,
    },
    Unfinished {
        last: Option<TokenId>,
    },
    MisplacedSkip {
        token: TokenId,
        why: &'static str,
    },
    MisplacedDash {
        token: TokenId,
    },
}

/// One position of the auction.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub seat: Seat,
    pub entry: Entry,
    pub token: TokenId,
}

/// The auction as read.
#[derive(Debug, Default)]
pub struct AuctionRead {
    pub positions: Vec<Position>,
    pub outcome: Option<Outcome>,
    pub problems: Vec<AuctionProblem>,
}

/// Walk state: the last bid and who made it, the risk on it, passes since.
#[derive(Default)]
struct State {
    last_bid: Option<(u8, Denomination, Seat, TokenId)>,
    risk: Option<Risk>,
    passes: u8,
    /// The first seat of each side to name each denomination, for the declarer.
    first_to_name: Vec<(Side, Denomination, Seat)>,
    skips: u8,
}

/// Reads the data of an Auction tag whose value is `start`; `dealer` is the Dealer tag's seat.
pub fn read(
    parse: &Parse,
    text: &str,
    start: Seat,
    dealer: Option<Seat>,
    data: &[Data],
) -> AuctionRead {
    let mut reader = Reader {
        parse,
        text,
        dealer,
        // A position a call, allocated once.
        read: AuctionRead {
            positions: Vec::with_capacity(data.len()),
            ..AuctionRead::default()
        },
        seat: start,
        started: false,
        state: State::default(),
        ended: None,
        plus: None,
        unknown: false,
        last_token: None,
    };
    for item in data {
        if let Some((entry, token, mark)) = reader.entry(item) {
            reader.step(entry, token, mark);
        }
    }
    reader.finish()
}

/// The walk through an auction's calls, seat by seat (PBN 3.5).
struct Reader<'a> {
    parse: &'a Parse,
    text: &'a str,
    dealer: Option<Seat>,
    read: AuctionRead,
    /// The seat of the next call.
    seat: Seat,
    /// A call (not a leading `-`) was read.
    started: bool,
    state: State,
    /// The call or `*` that ended the auction, and the `+` that continues it elsewhere.
    ended: Option<TokenId>,
    plus: Option<TokenId>,
    /// The rest of the auction cannot be followed (an unreadable call, a call after the end).
    unknown: bool,
    last_token: Option<TokenId>,
}

impl Reader<'_> {
    /// The entry an item of the section data stands for, with its token and irregularity mark.
    fn entry(&self, item: &Data) -> Option<(Entry, TokenId, Option<TokenId>)> {
        let (parse, text) = (self.parse, self.text);
        match item {
            Data::Move(mv) => {
                let entry = if parse.kind(mv.token) == SyntaxKind::Irregularity {
                    Entry::Skip
                } else {
                    CallToken::read(parse.text(text, mv.token))
                        .map_or(Entry::Unreadable, Entry::Call)
                };
                Some((entry, mv.token, mv.irregularity))
            }
            Data::Marker(id) if parse.text(text, *id) == "*" => Some((Entry::End, *id, None)),
            Data::Marker(id) => Some((Entry::Continue, *id, None)),
            _ => None,
        }
    }

    /// Reads one entry at the current seat.
    fn step(&mut self, entry: Entry, token: TokenId, mark: Option<TokenId>) {
        self.last_token = Some(token);
        if self.unknown {
            return;
        }
        let problems = &mut self.read.problems;
        if entry == Entry::Call(CallToken::Skip) {
            // `-` stands for the players before the dealer, before the first call (PBN 3.5.1).
            if self.started {
                problems.push(AuctionProblem::MisplacedDash { token });
            }
            self.seat = self.seat.next();
            return;
        }
        if let Some(plus) = self.plus {
            problems.push(AuctionProblem::AfterContinue { token, plus });
            self.unknown = true;
            return;
        }
        if let Some(end) = self.ended {
            problems.push(AuctionProblem::AfterEnd { token, end });
            self.unknown = true;
            return;
        }
        if !std::mem::replace(&mut self.started, true)
            && let Some(dealer) = self.dealer
            && self.seat != dealer
            && !matches!(entry, Entry::End | Entry::Continue)
        {
            problems.push(AuctionProblem::WrongFirstCaller {
                token,
                seat: self.seat,
                dealer,
            });
        }
        let seat = self.seat;
        self.read.positions.push(Position { seat, entry, token });
        let insufficient_mark = self.mark(entry, token, mark);
        self.skips(entry, token);
        match entry {
            Entry::Unreadable => self.unknown = true,
            Entry::End => self.ended = Some(token),
            Entry::Continue => self.plus = Some(token),
            Entry::Skip => {}
            Entry::Call(call) => {
                let (read, state) = (&mut self.read, &mut self.state);
                if call_ends(read, state, seat, call, token, insufficient_mark) {
                    self.ended = Some(token);
                }
            }
        }
        self.seat = self.seat.next();
    }

    /// The `^I` before a bid, judged with the bid; any other mark is wrong here (PBN 3.9).
    fn mark(&mut self, entry: Entry, token: TokenId, mark: Option<TokenId>) -> Option<TokenId> {
        let mark = mark?;
        let problems = &mut self.read.problems;
        if !self.parse.text(self.text, mark).eq_ignore_ascii_case("^I") {
            problems.push(AuctionProblem::PlayMarkInAuction { mark });
            return None;
        }
        if !matches!(entry, Entry::Call(CallToken::Bid { .. })) {
            problems.push(AuctionProblem::NeedlessInsufficientMark {
                mark,
                token,
                over: None,
            });
        }
        Some(mark)
    }

    /// `^S` marks a skipped player: a call out of rotation must follow, and at most three
    /// players can be skipped (PBN 3.9).
    fn skips(&mut self, entry: Entry, token: TokenId) {
        let problems = &mut self.read.problems;
        if entry == Entry::Skip {
            self.state.skips += 1;
            if self.state.skips > 3 {
                problems.push(AuctionProblem::MisplacedSkip {
                    token,
                    why: "four players in a row cannot all be skipped",
                });
            }
            return;
        }
        if self.state.skips > 0 && matches!(entry, Entry::End | Entry::Continue) {
            problems.push(AuctionProblem::MisplacedSkip {
                token,
                why: "no call out of rotation follows it",
            });
        }
        self.state.skips = 0;
    }

    /// The auction's outcome, once every entry is read.
    fn finish(mut self) -> AuctionRead {
        let read = &mut self.read;
        if self.state.skips > 0
            && let Some(position) = read.positions.iter().rev().find(|p| p.entry == Entry::Skip)
        {
            read.problems.push(AuctionProblem::MisplacedSkip {
                token: position.token,
                why: "no call out of rotation follows it",
            });
        }
        // An auction that ended is read up to its end, whatever follows it (A008 says what
        // does): nothing before the end is unknown, since the walk stops at the first unknown.
        read.outcome = Some(if let Some(end) = self.ended {
            if self.parse.text(self.text, end) == "*" {
                Outcome::Stopped
            } else {
                Outcome::Complete(contract(&self.state))
            }
        } else if self.unknown {
            Outcome::Unknown
        } else if self.plus.is_some() {
            Outcome::Continued
        } else {
            read.problems.push(AuctionProblem::Unfinished {
                last: self.last_token,
            });
            Outcome::Unfinished
        });
        self.read
    }
}

/// Applies one call; true when it ends the auction. `insufficient_mark` is the `^I` before it.
fn call_ends(
    read: &mut AuctionRead,
    state: &mut State,
    seat: Seat,
    call: CallToken,
    token: TokenId,
    insufficient_mark: Option<TokenId>,
) -> bool {
    let side = Side::of(seat);
    match call {
        CallToken::Bid {
            level,
            denomination,
        } => {
            let sufficient = state
                .last_bid
                .is_none_or(|(l, d, ..)| (level, denomination) > (l, d));
            match (sufficient, insufficient_mark) {
                (false, None) => {
                    if let Some((l, d, _, over)) = state.last_bid {
                        read.problems.push(AuctionProblem::Insufficient {
                            token,
                            seat,
                            bid: (level, denomination),
                            over: (l, d, over),
                        });
                    }
                }
                (true, Some(mark)) => {
                    read.problems
                        .push(AuctionProblem::NeedlessInsufficientMark {
                            mark,
                            token,
                            over: state.last_bid.map(|(l, d, ..)| (l, d)),
                        })
                }
                _ => {}
            }
            state.last_bid = Some((level, denomination, seat, token));
            state.risk = Some(Risk::Undoubled);
            state.passes = 0;
            if !state
                .first_to_name
                .iter()
                .any(|&(s, d, _)| s == side && d == denomination)
            {
                state.first_to_name.push((side, denomination, seat));
            }
            false
        }
        CallToken::Double | CallToken::Redouble => {
            let double = call == CallToken::Double;
            let own_contract = state
                .last_bid
                .map(|(.., bidder, _)| Side::of(bidder) == side);
            let why = match (own_contract, state.risk, double) {
                (None, ..) => Some(RiskProblem::NoBid),
                (Some(true), _, true) => Some(RiskProblem::OwnSide),
                (Some(false), _, false) => Some(RiskProblem::OpponentsContract),
                (_, Some(Risk::Doubled), true) => Some(RiskProblem::AlreadyDoubled),
                (_, Some(Risk::Undoubled), false) => Some(RiskProblem::NotDoubled),
                (_, Some(Risk::Redoubled), _) => Some(RiskProblem::AlreadyRedoubled),
                _ => None,
            };
            match why {
                Some(why) if double => {
                    read.problems
                        .push(AuctionProblem::IllegalDouble { token, seat, why })
                }
                Some(why) => {
                    read.problems
                        .push(AuctionProblem::IllegalRedouble { token, seat, why })
                }
                None => {
                    state.risk = Some(if double {
                        Risk::Doubled
                    } else {
                        Risk::Redoubled
                    });
                }
            }
            state.passes = 0;
            false
        }
        CallToken::Pass => {
            state.passes += 1;
            state.passes >= if state.last_bid.is_some() { 3 } else { 4 }
        }
        CallToken::AllPass => true,
        CallToken::Skip => false,
    }
}

fn contract(state: &State) -> Option<(Contract, Seat)> {
    let (level, denomination, bidder, _) = state.last_bid?;
    let side = Side::of(bidder);
    let declarer = state
        .first_to_name
        .iter()
        .find(|&&(s, d, _)| s == side && d == denomination)
        .map_or(bidder, |&(.., seat)| seat);
    Some((
        Contract {
            level,
            denomination,
            risk: state.risk.unwrap_or(Risk::Undoubled),
        },
        declarer,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse;

    fn walk(dealer: Seat, calls: &str) -> AuctionRead {
        let text = format!("[Auction \"{}\"]\n{calls}\n", dealer.letter());
        let parsed = parse(&text);
        let tag = &parsed.games[0].tags[0];
        read(&parsed, &text, dealer, Some(dealer), &tag.data)
    }

    #[test]
    fn derives_contract_and_declarer() {
        let read = walk(
            Seat::North,
            "1C Pass 1H Pass 2H Pass 4H X XX Pass Pass Pass",
        );
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        let Some(Outcome::Complete(Some((contract, declarer)))) = read.outcome else {
            panic!("{:?}", read.outcome)
        };
        assert_eq!(contract.to_string(), "4HXX");
        assert_eq!(declarer, Seat::South);
    }

    #[test]
    fn passed_out_and_all_pass() {
        let read = walk(Seat::West, "Pass Pass Pass Pass");
        assert_eq!(read.outcome, Some(Outcome::Complete(None)));
        let read = walk(Seat::West, "1NT AP");
        assert!(matches!(
            read.outcome,
            Some(Outcome::Complete(Some((_, Seat::West))))
        ));
    }

    #[test]
    fn offences() {
        let problems = |calls| walk(Seat::North, calls).problems;
        assert!(matches!(
            problems("1S 1H AP")[..],
            [AuctionProblem::Insufficient { .. }]
        ));
        assert!(problems("1S ^I 1H AP").is_empty());
        assert!(matches!(
            problems("1S ^I 2H AP")[..],
            [AuctionProblem::NeedlessInsufficientMark { .. }]
        ));
        assert!(matches!(
            problems("1S Pass X AP")[..],
            [AuctionProblem::IllegalDouble {
                why: RiskProblem::OwnSide,
                ..
            }]
        ));
        assert!(matches!(
            problems("1S Pass XX AP")[..],
            [AuctionProblem::IllegalRedouble {
                why: RiskProblem::NotDoubled,
                ..
            }]
        ));
        assert!(matches!(
            problems("1S Pass Pass Pass 2C")[..],
            [AuctionProblem::AfterEnd { .. }]
        ));
        assert!(matches!(
            problems("1S Pass")[..],
            [AuctionProblem::Unfinished { .. }]
        ));
        assert!(problems("1S Pass +").is_empty());
        assert!(matches!(
            problems("1S + *")[..],
            [AuctionProblem::AfterContinue { .. }]
        ));
        assert!(matches!(
            problems("1S ^S *")[..],
            [AuctionProblem::MisplacedSkip { .. }]
        ));
        assert!(problems("1S ^S ^S 2D *").is_empty());
    }

    #[test]
    fn dashes_before_the_dealer() {
        let text = "[Auction \"W\"]\n- - 1C Pass\nPass Pass\n";
        let parsed = parse(text);
        let data = &parsed.games[0].tags[0].data;
        let read = read(&parsed, text, Seat::West, Some(Seat::East), data);
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        assert_eq!(read.positions[0].seat, Seat::East);
        let read2 = super::read(&parsed, text, Seat::West, Some(Seat::South), data);
        assert!(matches!(
            read2.problems[..],
            [AuctionProblem::WrongFirstCaller { .. }]
        ));
    }
}
