//! A deal as a key, and the record of a game's deal that the checks across a set compare
//! (`sets.rs`, H001), that the solver is asked by (`dds.rs`) and that the set rules test for
//! completeness: the key is the layout itself (two bits a card, the seat holding it), so two
//! deals with the same key are the same deal, with no collision to rule out. Turned by seats or
//! with its suits exchanged, a deal's smallest key names all the deals that count as it
//! ([`Sameness`]).

use crate::model::GameModel;
use crate::model::deal::{Cards, Deal};

/// The deal of one game, as `sets::Repeats` compares it: 40 bytes.
#[derive(Clone, Copy, Debug)]
pub struct SeenDeal {
    /// The deal's key ([`key`]) in two halves (so that the record is aligned to 8 bytes).
    pub key: [u64; 2],
    /// The Board number; [`NAMELESS`] or above when the game has none that reads as a number.
    pub board: u32,
    /// The board the deal is played as: its VirtualBoard (a copy on another tray, `pbnfmt
    /// replicate`), else its Board, read as `board` is.
    pub played: u32,
    /// A hash of the Event and the day of the Date (after inheritance): the session.
    pub session: u32,
    /// The Deal tag's span, where a finding points.
    pub start: u32,
    pub end: u32,
    /// The line of the Deal tag, from 1.
    pub line: u32,
}

impl SeenDeal {
    pub fn key(&self) -> u128 {
        u128::from(self.key[0]) | (u128::from(self.key[1]) << 64)
    }
}

/// Boards from here up are not numbers: a hash of the Board as written, with this bit set.
pub const NAMELESS: u32 = 1 << 31;

/// The key of a deal whose four hands each hold 13 cards: two bits a card (bit `2i` for card
/// `i` of [`crate::bridge::Card::index`]), the seat holding it.
pub fn key(deal: &Deal) -> Option<u128> {
    let mut key = 0u128;
    let mut seen = 0u32;
    for (seat, hand) in deal.known_hands() {
        if hand.cards.len() != 13 {
            return None;
        }
        seen += 1;
        let mut mask = hand.cards.mask();
        while mask != 0 {
            key |= (seat as u128) << (2 * mask.trailing_zeros());
            mask &= mask - 1;
        }
    }
    (seen == 4).then_some(key)
}

/// The cards each seat holds in `key` (by `Seat as usize`): the inverse of [`key`] for a key it
/// made. A key whose bits above the 52 cards are set gives less than the whole pack.
pub fn hands(key: u128) -> [Cards; 4] {
    let mut masks = [0u64; 4];
    for card in 0..52 {
        masks[((key >> (2 * card)) & 3) as usize] |= 1 << card;
    }
    masks.map(Cards::from_mask)
}

/// The same deal with every hand moved `turns` seats clockwise.
fn rotated(key: u128, turns: u32) -> u128 {
    let mut out = 0;
    for card in 0..52 {
        let seat = (key >> (2 * card)) & 3;
        out |= ((seat + u128::from(turns)) & 3) << (2 * card);
    }
    out
}

/// The same deal with its suits in the order `order` (suit `i` of the result is suit
/// `order[i]` of the key).
fn permuted(key: u128, order: [u32; 4]) -> u128 {
    let mut out = 0;
    for (to, &from) in order.iter().enumerate() {
        let block = (key >> (26 * from)) & ((1 << 26) - 1);
        out |= block << (26 * to as u32);
    }
    out
}

/// Every order of the four suits, made once.
fn suit_orders() -> &'static [[u32; 4]] {
    static ORDERS: std::sync::OnceLock<Vec<[u32; 4]>> = std::sync::OnceLock::new();
    ORDERS.get_or_init(|| {
        let mut orders = Vec::with_capacity(24);
        for a in 0..4u32 {
            for b in 0..4 {
                for c in 0..4 {
                    let Some(d) = 6u32.checked_sub(a + b + c) else {
                        continue;
                    };
                    if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                        orders.push([a, b, c, d]);
                    }
                }
            }
        }
        orders
    })
}

/// Which deals count as the same one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sameness {
    /// The deal turned by one, two or three seats is the same deal (`--repeats-rotated`).
    pub rotated: bool,
    /// The deal with its suits exchanged is the same deal (`--repeats-permuted`).
    pub permuted: bool,
}

impl Sameness {
    /// The smallest key among the deals that count as this one.
    pub fn canonical(self, key: u128) -> u128 {
        if !self.rotated && !self.permuted {
            return key;
        }
        let orders: &[[u32; 4]] = if self.permuted {
            suit_orders()
        } else {
            &[[0, 1, 2, 3]]
        };
        let turns = if self.rotated { 0..4 } else { 0..1 };
        let mut least = key;
        for turn in turns {
            let turned = if turn == 0 { key } else { rotated(key, turn) };
            for &order in orders {
                least = least.min(permuted(turned, order));
            }
        }
        least
    }
}

/// The session of a game: a hash of its Event value and the day of its Date (its first eight
/// digits: BBO writes the minute each table started, `2013-08-24 18:39`, and the tables of one
/// session start minutes apart).
fn session(model: &GameModel<'_>) -> u32 {
    let event = model.value("Event").unwrap_or("").bytes();
    let day = model.value("Date").unwrap_or("").bytes();
    fnv32(
        event
            .chain([0])
            .chain(day.filter(u8::is_ascii_digit).take(8)),
    )
}

/// FNV-1a, 32 bits.
fn fnv32(bytes: impl IntoIterator<Item = u8>) -> u32 {
    bytes.into_iter().fold(0x811c_9dc5, |hash: u32, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// The deal of `model`, when it gives four hands of 13 cards and is written in this game (not
/// given by an earlier `##`); `line` is filled in later ([`number_lines`]).
pub fn seen(model: &GameModel<'_>, deal: &Deal) -> Option<SeenDeal> {
    let key = key(deal)?;
    let tag = model.get("Deal")?;
    if tag.inheritance == crate::model::Inheritance::Implied {
        return None;
    }
    let number = |text: &str| match text.parse::<u32>() {
        Ok(number) if number < NAMELESS => number,
        _ => NAMELESS | fnv32(text.bytes()),
    };
    let board = number(model.value("Board").unwrap_or("").trim());
    // A copy of a board on another tray (`pbnfmt replicate`, Bridge Composer's blocks) names
    // the board it is played as in VirtualBoard: it is that board at another table.
    let played = model
        .value("VirtualBoard")
        .map_or(board, |text| number(text.trim()));
    let offset = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
    Some(SeenDeal {
        key: [key as u64, (key >> 64) as u64],
        board,
        played,
        session: session(model),
        start: offset(tag.span.start),
        end: offset(tag.span.end),
        line: 0,
    })
}

/// Fills in the line of each deal of `text`, in file order: one pass over the text (CR, LF and
/// CRLF each end a line, as `check` counts lines).
pub fn number_lines(text: &str, deals: &mut [SeenDeal]) {
    let bytes = text.as_bytes();
    let (mut at, mut line) = (0usize, 1usize);
    for deal in deals {
        let to = (deal.start as usize).clamp(at, bytes.len());
        line += crate::source::line_ends(&bytes[at..to], bytes.get(to).copied());
        at = to;
        deal.line = u32::try_from(line).unwrap_or(u32::MAX);
    }
}

#[cfg(test)]
fn seats(key: u128) -> String {
    use crate::bridge::Seat;
    (0..52)
        .map(|card| Seat::ALL[((key >> (2 * card)) & 3) as usize].letter())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(text: &str) -> Deal {
        crate::model::deal::parse(text).0.unwrap()
    }

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    #[test]
    fn a_key_is_the_layout_and_the_same_from_any_first_seat() {
        let north = key(&deal(DEAL)).unwrap();
        let east = key(&deal(
            "E:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ",
        ))
        .unwrap();
        assert_eq!(north, east);
        assert_eq!(seats(north).matches('N').count(), 13);
        assert!(
            key(&deal("N:AKQJ.AKQ.AKQ.AKQ - - -")).is_none(),
            "incomplete"
        );
    }

    #[test]
    fn rotations_and_suit_exchanges_are_the_same_deal_only_when_asked() {
        let original = key(&deal(DEAL)).unwrap();
        // Turned one seat clockwise: North's hand is now East's.
        let turned = key(&deal(
            "E:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        ))
        .unwrap();
        // Spades and hearts exchanged.
        let exchanged = key(&deal(
            "N:AKQ.AKQJ.AKQ.AKQ JT9.T987.JT9.JT9 876.6543.876.876 5432.2.5432.5432",
        ))
        .unwrap();
        assert_ne!(turned, original);
        assert_ne!(exchanged, original);
        let exact = Sameness::default();
        let rotated = Sameness {
            rotated: true,
            permuted: false,
        };
        let permuted = Sameness {
            rotated: false,
            permuted: true,
        };
        assert_ne!(exact.canonical(turned), exact.canonical(original));
        assert_eq!(rotated.canonical(turned), rotated.canonical(original));
        assert_ne!(rotated.canonical(exchanged), rotated.canonical(original));
        assert_eq!(permuted.canonical(exchanged), permuted.canonical(original));
        assert_eq!(suit_orders().len(), 24);
    }
}
