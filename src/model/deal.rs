//! The Deal tag (PBN 3.4.11, 3.10): `<first>:<hand> <hand> <hand> <hand>`, hands clockwise from
//! `<first>`, each `spades.hearts.diamonds.clubs` or `-` when unknown.
//!
//! Reading records every problem with its byte range inside the value and goes on where it can,
//! so that one bad rank does not hide a duplicated card elsewhere. Hand sizes are judged by the
//! rules, which know whether the game is an end position.

use std::ops::Range;

use crate::bridge::{Card, Rank, Seat, Suit};

/// A set of cards as a 52-bit mask: bit `suit * 13 + rank - 2`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cards(u64);

impl Cards {
    fn bit(card: Card) -> u64 {
        1 << card.index()
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & Cards::bit(card) != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= Cards::bit(card);
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !Cards::bit(card);
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as its mask: bit `suit * 13 + rank - 2` for each card ([`Card::index`]).
    pub fn mask(self) -> u64 {
        self.0
    }

    /// The set of a [`Cards::mask`]; bits above the 52 cards are dropped.
    pub fn from_mask(mask: u64) -> Cards {
        Cards(mask & ((1 << 52) - 1))
    }

    /// The set's cards of `suit`, a bit a rank (the two lowest).
    fn suit_bits(self, suit: Suit) -> u64 {
        (self.0 >> (suit as u32 * 13)) & 0x1FFF
    }

    /// True when the set holds a card of `suit`.
    pub fn has_suit(self, suit: Suit) -> bool {
        self.suit_bits(suit) != 0
    }

    /// How many cards of `suit` the set holds.
    pub fn length(self, suit: Suit) -> u8 {
        self.suit_bits(suit).count_ones() as u8
    }

    /// The highest card of `suit` in the set.
    pub fn highest_in(self, suit: Suit) -> Option<Card> {
        let bits = self.suit_bits(suit);
        if bits == 0 {
            return None;
        }
        let rank = Rank::from_value(63 - bits.leading_zeros() as u8 + 2)?;
        Some(Card { suit, rank })
    }
}

impl Cards {
    /// The cards of the set in PBN's order ([`pack`]).
    pub fn iter(self) -> impl Iterator<Item = Card> {
        pack().filter(move |&card| self.contains(card))
    }

    /// Appends the set as PBN writes a hand (PBN 3.4.11): the four suits separated by dots, each
    /// from the ace down.
    pub fn push_pbn(self, out: &mut String) {
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            // The suit's 13 bits, read from the ace (the highest) down.
            let mut bits = self.suit_bits(suit);
            while bits != 0 {
                let top = 63 - bits.leading_zeros();
                if let Some(rank) = Rank::from_value(top as u8 + 2) {
                    out.push(rank.letter());
                }
                bits &= !(1 << top);
            }
        }
    }
}

/// Every card of a pack in PBN's order (PBN 3.4.11): spades, hearts, diamonds, clubs, each from
/// the ace down.
pub fn pack() -> impl Iterator<Item = Card> {
    Suit::ALL.into_iter().flat_map(|suit| {
        (2..=14)
            .rev()
            .filter_map(Rank::from_value)
            .map(move |rank| Card { suit, rank })
    })
}

/// One hand of a Deal.
#[derive(Clone, Debug)]
pub struct Hand {
    pub cards: Cards,
    /// The hand's text inside the tag value.
    pub span: Range<usize>,
}

/// A read Deal: the hands by seat (`None` for `-`).
#[derive(Clone, Debug)]
pub struct Deal {
    pub first: Seat,
    /// Indexed by `Seat as usize`.
    pub hands: [Option<Hand>; 4],
}

impl Deal {
    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.hands[seat as usize].as_ref()
    }

    pub fn known_hands(&self) -> impl Iterator<Item = (Seat, &Hand)> {
        Seat::ALL
            .into_iter()
            .filter_map(|seat| self.hand(seat).map(|hand| (seat, hand)))
    }

    /// PBN 3.10: an end position when every known hand has fewer than 13 cards.
    pub fn is_end_position(&self) -> bool {
        self.known_hands().all(|(_, hand)| hand.cards.len() < 13)
            && self.known_hands().next().is_some()
    }

    /// Cards per hand: the largest known hand (13 in a full deal).
    pub fn hand_size(&self) -> u32 {
        self.known_hands()
            .map(|(_, hand)| hand.cards.len())
            .max()
            .unwrap_or(13)
    }
}

/// What is wrong in a Deal value; ranges are byte ranges inside the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealProblem {
    /// The value is not `<first>:` and four hands of four suits.
    Malformed {
        at: Range<usize>,
        what: &'static str,
    },
    /// `<first>` is not W, N, E or S.
    BadFirst { at: Range<usize> },
    /// A character that is not a rank.
    BadRank {
        at: Range<usize>,
        seat: Seat,
        suit: Suit,
    },
    /// The same card in two places.
    Duplicate {
        card: Card,
        at: Range<usize>,
        seat: Seat,
        earlier: Range<usize>,
        earlier_seat: Seat,
    },
}

/// The most problems one Deal value is read for: more than a pack has cards.
const MAX_PROBLEMS: usize = 64;

/// Reads a Deal value. Returns the deal when its shape could be read (even with bad ranks or
/// duplicates, which are left out of the hands), and every problem found.
///
/// A tab (horizontal or vertical) is read as the space it stands for: PBN 2.3 forbids tabs in
/// strings (C003 says where one is), and PBN 2.1 lets tabs and spaces stand for each other. Every
/// command reads a Deal through here, so all read it alike, and export, which writes the tab as a
/// space, says what the input says (issue 45, item 18; `docs/spec-decisions.md`). A byte for a
/// byte, so the problems' places stay those of the value as written.
pub fn parse(value: &str) -> (Option<Deal>, Vec<DealProblem>) {
    if value.bytes().any(|b| b == b'\t' || b == 0x0B) {
        return parse(&value.replace(['\t', '\u{0B}'], " "));
    }
    match read_clean(value) {
        Some(deal) => (Some(deal), Vec::new()),
        None => read_with_problems(value),
    }
}

/// The hands of a Deal value whose facts (cards, high-card points, shape) are certain, for
/// everything pbnfmt derives from a deal (`select`, `stats`, JSON lines, CSV, Python, `show`,
/// the hand record): a hand the value does not give with certainty is `None`, as `-` is.
///
/// Not certain (issue 60, item 3): a hand with a character that is not a rank (Bridge Composer's
/// `x` spot cards); both hands that hold a card dealt twice (D003: which of them is misprinted
/// is not known); a hand with fewer cards than the deal's others (`...`, Bridge Composer's hidden
/// hand, where the others hold 13: PBN 3.4.11 has `-` for a hand not given, and a hand of no
/// card is one only in an end position where every hand has none). An end position (PBN 3.10)
/// keeps its hands: they hold as many cards each.
pub fn parse_certain(value: &str) -> Option<Deal> {
    let (deal, problems) = parse(value);
    let mut deal = deal?;
    for problem in &problems {
        match problem {
            DealProblem::BadRank { seat, .. } => deal.hands[*seat as usize] = None,
            DealProblem::Duplicate {
                seat, earlier_seat, ..
            } => {
                deal.hands[*seat as usize] = None;
                deal.hands[*earlier_seat as usize] = None;
            }
            DealProblem::Malformed { .. } | DealProblem::BadFirst { .. } => return None,
        }
    }
    let size = deal.known_hands().map(|(_, hand)| hand.cards.len()).max();
    for hand in &mut deal.hands {
        if hand
            .as_ref()
            .is_some_and(|hand| Some(hand.cards.len()) != size || hand.cards.is_empty())
        {
            *hand = None;
        }
    }
    Some(deal)
}

/// The Deal of a value that has no problem at all, read a byte at a time with nothing else kept;
/// `None` for any other value, which [`read_with_problems`] then reads to say what is wrong. Every
/// Deal of a file is read at least once by `check` and twice by `export` (the input's and the
/// export's), and nearly all are clean: this path costs a third of the careful one (issue 28).
/// It must give what the careful reader gives, which the tests hold it to.
fn read_clean(value: &str) -> Option<Deal> {
    let bytes = value.as_bytes();
    let colon = memchr::memchr(b':', bytes)?;
    let first = Seat::parse(&value[..colon])?;
    let mut hands: [Option<Hand>; 4] = [None, None, None, None];
    let mut seen = 0u64;
    let mut start = colon + 1;
    for i in 0..4 {
        // Three hands end at a single space, the last at the end of the value.
        let end = match bytes[start..].iter().position(|&b| b == b' ') {
            Some(len) if i < 3 => start + len,
            None if i == 3 => bytes.len(),
            _ => return None,
        };
        let text = &bytes[start..end];
        if text != b"-" {
            let mut suit = 0u32;
            let mut cards = 0u64;
            for &b in text {
                if b == b'.' {
                    suit += 1;
                    if suit > 3 {
                        return None;
                    }
                    continue;
                }
                let rank = Rank::from_letter(b)?;
                let bit = 1u64 << (suit * 13 + u32::from(rank.value()) - 2);
                if seen & bit != 0 {
                    return None;
                }
                seen |= bit;
                cards |= bit;
            }
            if suit != 3 {
                return None;
            }
            hands[first.offset(i) as usize] = Some(Hand {
                cards: Cards(cards),
                span: start..end,
            });
        }
        start = end + 1;
    }
    Some(Deal { first, hands })
}

/// [`parse`] of any value: every problem, with the deal when its shape could be read.
fn read_with_problems(value: &str) -> (Option<Deal>, Vec<DealProblem>) {
    let mut problems = Vec::new();
    let Some((first_text, hands_text)) = value.split_once(':') else {
        problems.push(DealProblem::Malformed {
            at: 0..value.len(),
            what: "a deal starts with the first hand's seat and a colon, as in `N:`",
        });
        return (None, problems);
    };
    let first = match Seat::parse(first_text) {
        Some(seat) => seat,
        None => {
            problems.push(DealProblem::BadFirst {
                at: 0..first_text.len(),
            });
            return (None, problems);
        }
    };
    let base = first_text.len() + 1;
    // Four hands, read without allocating: every Deal of a file is read several times.
    let mut hand_texts = [(0usize, ""); 4];
    let mut count = 0;
    for (offset, text) in split_spaces(hands_text) {
        if let Some(slot) = hand_texts.get_mut(count) {
            *slot = (base + offset, text);
        }
        count += 1;
    }
    if count != 4 {
        problems.push(DealProblem::Malformed {
            at: base..value.len(),
            what: "a deal has four hands separated by one space",
        });
        return (None, problems);
    }
    let mut hands: [Option<Hand>; 4] = [None, None, None, None];
    // The cards seen so far, and where each was first seen (by `Card::index`; a rank is one
    // ASCII byte), for the duplicate message.
    let mut seen = Cards::default();
    let mut first_seen = [(0usize, Seat::North); 52];
    let mut shape_ok = true;
    for (i, &(offset, text)) in hand_texts.iter().enumerate() {
        let seat = first.offset(i);
        let span = offset..offset + text.len();
        if text == "-" {
            continue;
        }
        if text.bytes().filter(|&b| b == b'.').count() != 3 {
            problems.push(DealProblem::Malformed {
                at: span,
                what: "a hand has four suits separated by dots (spades.hearts.diamonds.clubs)",
            });
            shape_ok = false;
            continue;
        }
        let mut cards = Cards::default();
        let mut at = offset;
        for (suit, suit_text) in Suit::ALL.into_iter().zip(pieces(text, b'.')) {
            for (j, ch) in suit_text.char_indices() {
                // A value of megabytes of repeated cards is not a deal: its first problems are
                // told, and one finding says the rest was not read (memory stays bounded).
                if problems.len() >= MAX_PROBLEMS {
                    problems.push(DealProblem::Malformed {
                        at: at + j..offset + text.len(),
                        what: "a Deal of more cards than a pack has; the rest of it is not read",
                    });
                    return (None, problems);
                }
                let card_at = at + j..at + j + ch.len_utf8();
                let rank = u8::try_from(ch).ok().and_then(Rank::from_letter);
                let Some(rank) = rank else {
                    problems.push(DealProblem::BadRank {
                        at: card_at,
                        seat,
                        suit,
                    });
                    continue;
                };
                let card = Card { suit, rank };
                if seen.contains(card) {
                    let (earlier, earlier_seat) = first_seen[card.index()];
                    problems.push(DealProblem::Duplicate {
                        card,
                        at: card_at,
                        seat,
                        earlier: earlier..earlier + 1,
                        earlier_seat,
                    });
                    continue;
                }
                cards.insert(card);
                seen.insert(card);
                first_seen[card.index()] = (card_at.start, seat);
            }
            at += suit_text.len() + 1;
        }
        hands[seat as usize] = Some(Hand { cards, span });
    }
    let deal = shape_ok.then_some(Deal { first, hands });
    (deal, problems)
}

/// Pieces separated by single spaces, with their offsets. Several spaces make empty pieces, which
/// the four-hands check then rejects.
fn split_spaces(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    pieces(text, b' ').map(move |piece| {
        let at = offset;
        offset += piece.len() + 1;
        (at, piece)
    })
}

/// `text.split(sep)` for an ASCII separator, by a byte scan: `str::split` with a `char` goes
/// through a memchr searcher, which costs more than the few bytes of a hand (issue 28).
fn pieces(text: &str, sep: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let piece = rest?;
        match piece.bytes().position(|b| b == sep) {
            Some(at) => {
                rest = Some(&piece[at + 1..]);
                Some(&piece[..at])
            }
            None => {
                rest = None;
                Some(piece)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

    #[test]
    fn pieces_are_what_split_gives() {
        for text in ["", ".", "AK..Q.", "..", "KQ5", "é.ü..x", " a  b "] {
            for sep in [b'.', b' '] {
                let split: Vec<&str> = text.split(char::from(sep)).collect();
                assert_eq!(pieces(text, sep).collect::<Vec<_>>(), split, "{text:?}");
            }
        }
    }

    /// What the careful reader gives for `value`, and what the quick one does: the same deal when
    /// the value has no problem, else nothing from the quick one.
    fn assert_quick_reader_agrees(value: &str) {
        let (careful, problems) = read_with_problems(value);
        let quick = read_clean(value);
        if problems.is_empty() {
            assert_eq!(format!("{quick:?}"), format!("{careful:?}"), "{value:?}");
        } else {
            assert!(quick.is_none(), "{value:?} has problems: {problems:?}");
        }
    }

    #[test]
    fn the_quick_reader_reads_what_the_careful_one_does() {
        // Clean deals, end positions and unknown hands, then every value one edit away from them
        // and values of random bytes from the Deal's alphabet.
        let clean = [
            STANDARD,
            "n:.63.AKQ987.A9732 a8654.kq5.t.qjt6 J973.J98742.3.K4 KQT2.AT.J6542.85",
            "E:AK... - Q.J.. -",
            "W:- - - -",
            "S:... ... ... ...",
            " N :.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85",
        ];
        let alphabet = b"NESWnesw:.- AKQJT98765432akqjtxX1\t\xC3\xA9";
        for value in clean {
            assert!(read_clean(value).is_some(), "{value:?}");
            assert_quick_reader_agrees(value);
            let bytes = value.as_bytes();
            for at in 0..=bytes.len() {
                for &b in alphabet {
                    let mut changed = bytes.to_vec();
                    if at < bytes.len() {
                        changed[at] = b;
                        if let Ok(text) = std::str::from_utf8(&changed) {
                            assert_quick_reader_agrees(text);
                        }
                        changed = bytes.to_vec();
                    }
                    changed.insert(at, b);
                    if let Ok(text) = std::str::from_utf8(&changed) {
                        assert_quick_reader_agrees(text);
                    }
                }
                if at < bytes.len() {
                    let mut shorter = bytes.to_vec();
                    shorter.remove(at);
                    if let Ok(text) = std::str::from_utf8(&shorter) {
                        assert_quick_reader_agrees(text);
                    }
                }
            }
        }
        let mut rng = crate::generate::Rng::new(28);
        for _ in 0..20_000 {
            let len = rng.below(40);
            let text: String = (0..len)
                .map(|_| char::from(b"NS:.- AKT2x"[rng.below(11)]))
                .collect();
            assert_quick_reader_agrees(&text);
        }
    }

    #[test]
    fn reads_the_standards_deal() {
        let (deal, problems) = parse(STANDARD);
        assert!(problems.is_empty(), "{problems:?}");
        let deal = deal.unwrap();
        assert!(!deal.is_end_position());
        assert!(deal.known_hands().all(|(_, hand)| hand.cards.len() == 13));
        let west = deal.hand(Seat::West).unwrap();
        assert_eq!(&STANDARD[west.span.clone()], "KQT2.AT.J6542.85");
        assert_eq!(
            west.cards.highest_in(Suit::Diamonds).map(|c| c.to_string()),
            Some("DJ".to_owned())
        );
    }

    #[test]
    fn unknown_hands_and_lowercase() {
        let (deal, problems) = parse("w:kqt2.at.j6542.85 - A8654.KQ5.T.QJT6 -");
        assert!(problems.is_empty());
        let deal = deal.unwrap();
        assert_eq!(deal.first, Seat::West);
        assert!(deal.hand(Seat::North).is_none());
        assert_eq!(deal.hand(Seat::East).unwrap().cards.len(), 13);
    }

    #[test]
    fn problems_have_places() {
        let (_, problems) = parse("N:AK.A.. AQ2.K.A. J3..K.X 4.2.Q.A");
        assert_eq!(
            problems,
            [
                DealProblem::Duplicate {
                    card: Card {
                        suit: Suit::Spades,
                        rank: Rank::from_letter(b'A').unwrap()
                    },
                    at: 9..10,
                    seat: Seat::East,
                    earlier: 2..3,
                    earlier_seat: Seat::North
                },
                DealProblem::BadRank {
                    at: 24..25,
                    seat: Seat::South,
                    suit: Suit::Clubs
                }
            ]
        );
        assert!(matches!(
            parse("X:- - - -").1[..],
            [DealProblem::BadFirst { .. }]
        ));
        assert!(matches!(
            parse("N:- - -").1[..],
            [DealProblem::Malformed { .. }]
        ));
        assert!(matches!(
            parse("N AK").1[..],
            [DealProblem::Malformed { .. }]
        ));
    }
}
