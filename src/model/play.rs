//! The play section read as tricks (PBN 3.6, 3.9, 3.10).
//!
//! PBN writes the cards in fixed seat columns, starting with the Play tag's seat: position `i` is
//! trick `i / 4`, seat `play_seat + i % 4`, whoever led. Who led each trick is computed: the
//! opening leader (or the player marked `^L`), then the winner of the previous trick, with trumps.
//! Against the Deal, each card must be in its player's hand and follow suit (unless `^R`).

use crate::bridge::{Card, Denomination, PlayToken, Seat, Suit};
use crate::lexer::SyntaxKind;
use crate::model::deal::{Cards, Deal};
use crate::syntax::{Data, Parse, TokenId};

/// What stands at one position of a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Card {
        card: Card,
        token: TokenId,
        mark: Option<Mark>,
    },
    /// `-`: unknown or not played yet.
    Unknown(TokenId),
    /// `+`: the next card, to be played later.
    Continue(TokenId),
    /// Nothing was written (the section ended inside the trick).
    Empty,
}

/// `^R` or `^L` before a card, with its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub revoke: bool,
    pub token: TokenId,
}

/// One trick, its slots by seat.
#[derive(Clone, Debug)]
pub struct Trick {
    pub slots: [Slot; 4],
    pub leader: Option<Seat>,
    /// Known when the leader and all four cards are.
    pub winner: Option<Seat>,
}

impl Trick {
    pub fn slot(&self, seat: Seat) -> Slot {
        self.slots[seat as usize]
    }

    /// All four cards are written.
    pub fn is_full(&self) -> bool {
        self.slots
            .iter()
            .all(|slot| matches!(slot, Slot::Card { .. }))
    }
}

/// What the reading found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayProblem {
    WrongOpeningLeader {
        token: TokenId,
        seat: Seat,
        expected: Seat,
    },
    NotInHand {
        token: TokenId,
        seat: Seat,
        card: Card,
    },
    PlayedTwice {
        token: TokenId,
        card: Card,
        earlier: TokenId,
    },
    Revoke {
        token: TokenId,
        seat: Seat,
        card: Card,
        led: Card,
        holding: Card,
    },
    /// `^R` on a card that followed suit or could not; `^L` on a lead in turn; `^I`/`^S` in play.
    MisusedMark {
        mark: TokenId,
        why: MarkProblem,
    },
    TooManyTricks {
        token: TokenId,
        tricks: u32,
    },
    AfterEnd {
        token: TokenId,
        end: TokenId,
    },
    /// A card, or a second `+`, after the `+` that stands for the next card to be played
    /// (PBN 3.6), in play order.
    AfterContinuation {
        token: TokenId,
        plus: TokenId,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkProblem {
    FollowedSuit,
    CouldNotFollow,
    LeadInTurn {
        leader: Seat,
    },
    NotALead,
    /// `^R` on the card that led the trick: a lead cannot revoke (PBN 3.9).
    RevokeOnLead,
    AuctionMark,
}

/// How the cards of a play line are assigned to seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// PBN 3.6: fixed seat columns starting with the Play tag's seat.
    Columns,
    /// Each line starts with the trick's leader: how many programs write it, against the
    /// standard. Used only to explain a play that makes no sense in columns.
    PlayOrder,
}

/// How the play ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEnd {
    /// `*`: no more cards will be given (a claim, a concession).
    Stopped(TokenId),
    /// `+` somewhere, or the section just stops.
    Open,
}

/// The play as read.
#[derive(Debug)]
pub struct PlayRead {
    pub tricks: Vec<Trick>,
    pub end: PlayEnd,
    pub problems: Vec<PlayProblem>,
}

/// What the play needs to know from the other tags.
#[derive(Clone, Copy, Debug)]
pub struct Context<'d> {
    pub play_seat: Seat,
    pub deal: Option<&'d Deal>,
    /// Declarer's left-hand opponent, when declarer is known.
    pub opening_leader: Option<Seat>,
    pub trumps: Option<Denomination>,
    /// Cards per hand: 13, or fewer in an end position.
    pub hand_size: u32,
}

impl PlayRead {
    /// Tricks won by `side_of(seat)`'s partnership among tricks with a known winner, the number
    /// of those tricks, and the number of completed tricks whose winner is unknown (a `-` in
    /// them).
    pub fn count(&self, declarer: Seat) -> (u32, u32, u32) {
        let mut won = 0;
        let mut known = 0;
        let mut unknown = 0;
        for trick in &self.tricks {
            match trick.winner {
                Some(winner) => {
                    known += 1;
                    if winner == declarer || winner == declarer.offset(2) {
                        won += 1;
                    }
                }
                // PBN 3.4.15: a partial result counts completed tricks only. A trick that holds
                // `+` (the next card) or stops short is not completed.
                None if trick
                    .slots
                    .iter()
                    .all(|s| matches!(s, Slot::Card { .. } | Slot::Unknown(_))) =>
                {
                    unknown += 1
                }
                None => {}
            }
        }
        (won, known, unknown)
    }
}

/// Reads the data of a Play tag in PBN's seat columns.
pub fn read(parse: &Parse, text: &str, context: Context<'_>, data: &[Data]) -> PlayRead {
    read_as(parse, text, context, data, Layout::Columns)
}

/// Reads the data of a Play tag with the given layout.
pub fn read_as(
    parse: &Parse,
    text: &str,
    context: Context<'_>,
    data: &[Data],
    layout: Layout,
) -> PlayRead {
    // A row a trick, at most a hand's tricks: allocated once.
    let tricks = (data.len() / 4 + 1).min(context.hand_size as usize);
    let mut rows: Vec<[Slot; 4]> = Vec::with_capacity(tricks);
    let mut problems = Vec::new();
    let mut end = PlayEnd::Open;
    let mut position = 0usize;
    let mut reported_after_end = false;
    let mut reported_too_many = false;
    for item in data {
        let slot = match item {
            Data::Move(mv) => {
                let word = parse.text(text, mv.token);
                if parse.kind(mv.token) == SyntaxKind::Irregularity {
                    // A mark standing alone (`^S`, `^I`: PBN 3.9 gives them to the auction) is
                    // said once, and the play is read as if it were absent: it plays no card
                    // and takes no seat, so that the cards after it keep their columns
                    // (issue 61, item 7).
                    problems.push(PlayProblem::MisusedMark {
                        mark: mv.token,
                        why: MarkProblem::AuctionMark,
                    });
                    continue;
                } else {
                    let mark = mv.irregularity.and_then(|id| {
                        let mark = parse.text(text, id);
                        if mark.eq_ignore_ascii_case("^R") || mark.eq_ignore_ascii_case("^L") {
                            Some(Mark {
                                revoke: mark.eq_ignore_ascii_case("^R"),
                                token: id,
                            })
                        } else {
                            problems.push(PlayProblem::MisusedMark {
                                mark: id,
                                why: MarkProblem::AuctionMark,
                            });
                            None
                        }
                    });
                    match PlayToken::read(word) {
                        Some(PlayToken::Card(card)) => Slot::Card {
                            card,
                            token: mv.token,
                            mark,
                        },
                        _ => Slot::Unknown(mv.token),
                    }
                }
            }
            Data::Marker(id) if parse.text(text, *id) == "*" => {
                if let PlayEnd::Stopped(_) = end {
                } else {
                    end = PlayEnd::Stopped(*id);
                }
                continue;
            }
            Data::Marker(id) => Slot::Continue(*id),
            _ => continue,
        };
        let token = match slot {
            Slot::Card { token, .. } | Slot::Unknown(token) | Slot::Continue(token) => token,
            Slot::Empty => continue,
        };
        if let PlayEnd::Stopped(end) = end {
            if !reported_after_end {
                problems.push(PlayProblem::AfterEnd { token, end });
                reported_after_end = true;
            }
            continue;
        }
        let trick = position / 4;
        if trick as u32 >= context.hand_size {
            if !reported_too_many {
                problems.push(PlayProblem::TooManyTricks {
                    token,
                    tricks: context.hand_size,
                });
                reported_too_many = true;
            }
            continue;
        }
        if rows.len() <= trick {
            rows.push([Slot::Empty; 4]);
        }
        if let Some(row) = rows.last_mut() {
            row[position % 4] = slot;
        }
        position += 1;
    }
    let tricks = judge(&rows, &mut problems, context, layout);
    continuation(&tricks, &mut problems);
    PlayRead {
        tricks,
        end,
        problems,
    }
}

/// PBN 3.6: "the '+' replaces the next card to be played". In play order (from each trick's
/// leader), nothing but `-` may follow it: no card, no second `+`. The trick's other seats may
/// hold cards played before it. Where a trick's leader is unknown, its order is too; the
/// tricks after the one holding `+` come after it whatever their order.
fn continuation(tricks: &[Trick], problems: &mut Vec<PlayProblem>) {
    let mut plus = None;
    for trick in tricks {
        let order: [Slot; 4] = match (plus, trick.leader) {
            (_, Some(leader)) => std::array::from_fn(|i| trick.slot(leader.offset(i))),
            // After the `+` every slot counts; before it, a trick of unknown order can only
            // say whether it holds `+`.
            (Some(_), None) => trick.slots,
            (None, None) => {
                plus = trick.slots.iter().find_map(|slot| match *slot {
                    Slot::Continue(token) => Some(token),
                    _ => None,
                });
                continue;
            }
        };
        for slot in order {
            match (slot, plus) {
                (Slot::Continue(token), None) => plus = Some(token),
                (Slot::Continue(token) | Slot::Card { token, .. }, Some(plus)) => {
                    problems.push(PlayProblem::AfterContinuation { token, plus });
                    return;
                }
                _ => {}
            }
        }
    }
}

/// Leaders, winners, holdings and following suit, trick by trick.
fn judge(
    rows: &[[Slot; 4]],
    problems: &mut Vec<PlayProblem>,
    context: Context<'_>,
    layout: Layout,
) -> Vec<Trick> {
    let mut judge = Judge::new(context, problems);
    let mut tricks = Vec::with_capacity(rows.len());
    for (index, row) in rows.iter().enumerate() {
        // The seat of the row's first card: the Play tag's seat, or in play order the leader.
        let first_seat = match (layout, index) {
            (Layout::PlayOrder, 0) | (Layout::Columns, _) => Some(context.play_seat),
            (Layout::PlayOrder, _) => judge.expected,
        };
        let Some(first_seat) = first_seat else {
            break;
        };
        tricks.push(judge.trick(row, first_seat, index == 0));
    }
    tricks
}

/// What judging a play carries from trick to trick: the cards each player still holds, the
/// token that played each card, and who is to lead next.
struct Judge<'p> {
    context: Context<'p>,
    problems: &'p mut Vec<PlayProblem>,
    holdings: [Option<Cards>; 4],
    /// The token that played each card, by `Card::index`.
    played: [Option<TokenId>; 52],
    /// The leader of the next trick, when known: the opening leader, then each trick's winner.
    expected: Option<Seat>,
}

impl<'p> Judge<'p> {
    fn new(context: Context<'p>, problems: &'p mut Vec<PlayProblem>) -> Judge<'p> {
        let mut holdings: [Option<Cards>; 4] = [None; 4];
        if let Some(deal) = context.deal {
            for (seat, hand) in deal.known_hands() {
                holdings[seat as usize] = Some(hand.cards);
            }
        }
        Judge {
            context,
            problems,
            holdings,
            played: [None; 52],
            expected: context.opening_leader,
        }
    }

    /// Judges one trick, whose first card in `row` is `first_seat`'s.
    fn trick(&mut self, row: &[Slot; 4], first_seat: Seat, opening: bool) -> Trick {
        let mut trick = Trick {
            slots: [Slot::Empty; 4],
            leader: None,
            winner: None,
        };
        for (i, slot) in row.iter().enumerate() {
            trick.slots[first_seat.offset(i) as usize] = *slot;
        }
        let leader = self.leader(&trick, opening);
        trick.leader = leader;
        let led = leader.and_then(|seat| match trick.slot(seat) {
            Slot::Card { card, .. } => Some(card),
            _ => None,
        });
        for seat in Seat::ALL {
            if let Slot::Card { card, token, mark } = trick.slot(seat) {
                self.card(seat, card, token, mark, leader, led);
            }
        }
        for seat in Seat::ALL {
            if let (Slot::Card { card, .. }, Some(holding)) =
                (trick.slot(seat), self.holdings[seat as usize].as_mut())
            {
                holding.remove(card);
            }
        }
        trick.winner = match (leader, led, trick.is_full()) {
            (Some(leader), Some(led), true) => {
                Some(winner(&trick, leader, led.suit, self.context.trumps))
            }
            _ => None,
        };
        self.expected = trick.winner;
        trick
    }

    /// Who led `trick`: a card marked `^L` (a lead out of turn, PBN 3.9), else the player
    /// expected to lead. The opening lead is the Play tag's seat, reported when it is not
    /// declarer's left-hand opponent; `^L` on the card of the player whose lead it was is a
    /// misused mark.
    fn leader(&mut self, trick: &Trick, opening: bool) -> Option<Seat> {
        let context = self.context;
        let lead_mark = Seat::ALL.into_iter().find(|&seat| {
            matches!(
                trick.slot(seat),
                Slot::Card {
                    mark: Some(Mark { revoke: false, .. }),
                    ..
                }
            )
        });
        if let (Some(marked), Some(expected)) = (lead_mark, self.expected)
            && marked == expected
            && let Slot::Card {
                mark: Some(mark), ..
            } = trick.slot(marked)
        {
            self.problems.push(PlayProblem::MisusedMark {
                mark: mark.token,
                why: MarkProblem::LeadInTurn { leader: expected },
            });
        }
        if !opening {
            return lead_mark.or(self.expected);
        }
        match (lead_mark, context.opening_leader) {
            (Some(seat), _) => Some(seat),
            (None, Some(expected)) if context.play_seat != expected => {
                if let Some(token) = first_token(trick, context.play_seat) {
                    self.problems.push(PlayProblem::WrongOpeningLeader {
                        token,
                        seat: context.play_seat,
                        expected,
                    });
                }
                Some(context.play_seat)
            }
            _ => Some(context.play_seat),
        }
    }

    /// Judges `seat`'s `card` in a trick led by `leader` with `led`: played before, not in the
    /// hand, a revoke, a misplaced `^R` or `^L`.
    fn card(
        &mut self,
        seat: Seat,
        card: Card,
        token: TokenId,
        mark: Option<Mark>,
        leader: Option<Seat>,
        led: Option<Card>,
    ) {
        if let Some(earlier) = self.played[card.index()] {
            self.problems.push(PlayProblem::PlayedTwice {
                token,
                card,
                earlier,
            });
            return;
        }
        self.played[card.index()] = Some(token);
        let holding = self.holdings[seat as usize];
        if let Some(holding) = holding
            && !holding.contains(card)
        {
            self.problems
                .push(PlayProblem::NotInHand { token, seat, card });
        }
        let follows = Some(seat) != leader;
        if let Some(mark) = mark.filter(|m| m.revoke)
            && leader.is_some()
            && !follows
        {
            self.problems.push(PlayProblem::MisusedMark {
                mark: mark.token,
                why: MarkProblem::RevokeOnLead,
            });
        }
        if let (Some(led), Some(holding)) = (led, holding)
            && follows
        {
            self.follow(seat, card, token, mark.filter(|m| m.revoke), led, holding);
        }
        if let Some(mark) = mark.filter(|m| !m.revoke)
            && follows
        {
            self.problems.push(PlayProblem::MisusedMark {
                mark: mark.token,
                why: MarkProblem::NotALead,
            });
        }
    }

    /// A card played to `led` by a player holding `holding`: a revoke when it does not follow
    /// suit though it could, unless marked `^R`; a `^R` that marks no revoke is misused.
    fn follow(
        &mut self,
        seat: Seat,
        card: Card,
        token: TokenId,
        revoke_mark: Option<Mark>,
        led: Card,
        holding: Cards,
    ) {
        let could_follow = holding.has_suit(led.suit);
        let followed = card.suit == led.suit;
        let problem = match (followed, could_follow, revoke_mark) {
            (false, true, None) => {
                holding
                    .highest_in(led.suit)
                    .map(|holding| PlayProblem::Revoke {
                        token,
                        seat,
                        card,
                        led,
                        holding,
                    })
            }
            (true, _, Some(mark)) => Some(PlayProblem::MisusedMark {
                mark: mark.token,
                why: MarkProblem::FollowedSuit,
            }),
            (false, false, Some(mark)) => Some(PlayProblem::MisusedMark {
                mark: mark.token,
                why: MarkProblem::CouldNotFollow,
            }),
            _ => None,
        };
        self.problems.extend(problem);
    }
}

fn first_token(trick: &Trick, seat: Seat) -> Option<TokenId> {
    match trick.slot(seat) {
        Slot::Card { token, .. } | Slot::Unknown(token) | Slot::Continue(token) => Some(token),
        Slot::Empty => None,
    }
}

/// The seat whose card wins: the highest trump, else the highest card of the suit led.
fn winner(trick: &Trick, leader: Seat, led: Suit, trumps: Option<Denomination>) -> Seat {
    let mut best = leader;
    let mut best_card: Option<Card> = None;
    for i in 0..4 {
        let seat = leader.offset(i);
        let Slot::Card { card, .. } = trick.slot(seat) else {
            continue;
        };
        if beats(card, best_card, led, trumps) {
            best = seat;
            best_card = Some(card);
        }
    }
    best
}

/// Whether `card` takes the trick from `best` (the card winning so far, if any), when `led` was
/// led and `trumps` are trumps: a higher card of the same suit, or a trump over a card that is
/// not; a card of neither the led suit nor trumps never wins.
fn beats(card: Card, best: Option<Card>, led: Suit, trumps: Option<Denomination>) -> bool {
    let trump = trumps.and_then(|d| Suit::ALL.into_iter().find(|&s| Denomination::from(s) == d));
    let higher = match best {
        None => true,
        Some(b) if card.suit == b.suit => card.rank > b.rank,
        Some(_) => Some(card.suit) == trump,
    };
    higher && (card.suit == led || Some(card.suit) == trump)
}

/// The winner of a trick given in play order (the leader's card first), as a number of seats
/// after the leader: 0 when the leader wins. An empty trick is the leader's.
pub fn winner_in_play_order(cards: &[Card], trumps: Denomination) -> usize {
    let Some(led) = cards.first().map(|card| card.suit) else {
        return 0;
    };
    let mut best = 0;
    let mut best_card = None;
    for (i, &card) in cards.iter().enumerate() {
        if beats(card, best_card, led, Some(trumps)) {
            best = i;
            best_card = Some(card);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deal;
    use crate::parser::parse;

    const DEAL: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

    fn play(leader: Seat, trumps: Denomination, cards: &str) -> PlayRead {
        let text = format!("[Play \"{}\"]\n{cards}\n", leader.letter());
        let parsed = parse(&text);
        let (deal, _) = deal::parse(DEAL);
        let context = Context {
            play_seat: leader,
            deal: deal.as_ref(),
            opening_leader: Some(leader),
            trumps: Some(trumps),
            hand_size: 13,
        };
        read(&parsed, &text, context, &parsed.games[0].tags[0].data)
    }

    #[test]
    fn winners_with_trumps() {
        // East leads SA; South follows S3; West SK; North ruffs with H3 in hearts.
        let read = play(Seat::East, Denomination::Hearts, "SA S3 SK H3\nCQ CK C5 C2");
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        assert_eq!(read.tricks[0].winner, Some(Seat::North));
        // Trick 2 is led by North (columns stay E S W N): N C2, E CQ, S CK, W C5: South wins.
        assert_eq!(read.tricks[1].leader, Some(Seat::North));
        assert_eq!(read.tricks[1].winner, Some(Seat::South));
    }

    #[test]
    fn offences() {
        let read = play(Seat::East, Denomination::NoTrump, "SA H9 SK H3");
        assert!(
            matches!(
                read.problems[..],
                [PlayProblem::Revoke {
                    seat: Seat::South,
                    ..
                }]
            ),
            "{:?}",
            read.problems
        );
        let read = play(Seat::East, Denomination::NoTrump, "SA ^R H9 SK H3");
        assert!(read.problems.is_empty(), "{:?}", read.problems);
        let read = play(Seat::East, Denomination::NoTrump, "S2 S3 SK H3");
        assert!(matches!(
            read.problems[..],
            [PlayProblem::NotInHand {
                seat: Seat::East,
                ..
            }]
        ));
        let read = play(Seat::East, Denomination::NoTrump, "SA S3 SK H3\n*\nC2");
        assert!(matches!(read.problems[..], [PlayProblem::AfterEnd { .. }]));
    }
}
