//! The vocabulary of bridge as PBN spells it: seats, suits, ranks, denominations, calls and cards,
//! parsed from their tokens (PBN 3.5.1, 3.6.1), with the lowercase import forms of PBN 3.11.
//!
//! Only spelling lives here; what is legal in an auction or a play is the model's business.

use std::fmt;

/// The six suffixes in NAG order: `!` is $1 on a call and $7 on a card (PBN 3.5.3, 3.6.3).
pub const SUFFIXES: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// A seat at the table, in clockwise order starting from North.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    North,
    East,
    South,
    West,
}

/// `text` without the spaces and tabs around it: in import format "the use of (superfluous) tabs
/// and space characters does not matter" (PBN 2.1), so `"None "` is `None`. Export writes the
/// value without them, and in a `% EXPORT` file they are E008.
pub fn unspaced(text: &str) -> &str {
    // The vertical tab too: export writes it as a space (`canon::untab`), so a value must read
    // the same with either.
    text.trim_matches([' ', '\t', '\u{0B}'])
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// `N`, `E`, `S`, `W`, either case (PBN 3.11).
    /// `W N E S`, lowercase too (PBN 3.11), spaces around ignored (PBN 2.1).
    pub fn parse(text: &str) -> Option<Seat> {
        match unspaced(text) {
            "N" | "n" => Some(Seat::North),
            "E" | "e" => Some(Seat::East),
            "S" | "s" => Some(Seat::South),
            "W" | "w" => Some(Seat::West),
            _ => None,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }

    /// The next seat clockwise.
    pub fn next(self) -> Seat {
        self.offset(1)
    }

    pub fn offset(self, steps: usize) -> Seat {
        Seat::ALL[(self as usize + steps) % 4]
    }
}

/// A suit, in PBN's order in a Deal (spades first, PBN 3.4.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// `S`, `H`, `D`, `C`, either case. A table lookup: cards are read by the million, in an
    /// order no branch predictor can guess.
    pub fn from_letter(letter: u8) -> Option<Suit> {
        Suit::ALL
            .get(usize::from(LETTERS[usize::from(letter)] & 0x0F))
            .copied()
    }

    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit of a suit symbol, filled or outlined (`♠`, `♤`, ...), as other programs write them.
    pub fn from_symbol(symbol: char) -> Option<Suit> {
        match symbol {
            '♠' | '♤' => Some(Suit::Spades),
            '♥' | '♡' => Some(Suit::Hearts),
            '♦' | '♢' => Some(Suit::Diamonds),
            '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// `spades`, `hearts`, ...
    pub fn plural(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// `spade`, `heart`, ... as in "a spade lead".
    pub fn singular(self) -> &'static str {
        match self {
            Suit::Spades => "spade",
            Suit::Hearts => "heart",
            Suit::Diamonds => "diamond",
            Suit::Clubs => "club",
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }
}

/// A rank, 2 (lowest) to Ace (highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);

    /// `A K Q J T 9 ... 2`, either case for the letters (PBN 3.11): a table lookup, as for suits.
    pub fn from_letter(letter: u8) -> Option<Rank> {
        let value = LETTERS[usize::from(letter)] >> 4;
        (value != 0).then_some(Rank(value))
    }

    /// 2 ..= 14 (Ace).
    pub fn from_value(value: u8) -> Option<Rank> {
        (2..=14).contains(&value).then_some(Rank(value))
    }

    /// 2 ..= 14 (Ace).
    pub fn value(self) -> u8 {
        self.0
    }

    pub fn letter(self) -> char {
        match self.0 {
            14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            digit => char::from(b'0' + digit),
        }
    }
}

/// What a byte means in a card: the low four bits are the suit's index in [`Suit::ALL`] (4 when
/// none), the high four bits the rank's value (0 when none).
const LETTERS: [u8; 256] = {
    let mut table = [0x04u8; 256];
    let suits = [b'S', b'H', b'D', b'C'];
    let mut i = 0;
    while i < suits.len() {
        table[suits[i] as usize] = i as u8;
        table[suits[i].to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    let ranks = [
        b'2', b'3', b'4', b'5', b'6', b'7', b'8', b'9', b'T', b'J', b'Q', b'K', b'A',
    ];
    let mut i = 0;
    while i < ranks.len() {
        let value = (i as u8 + 2) << 4;
        table[ranks[i] as usize] |= value;
        table[ranks[i].to_ascii_lowercase() as usize] |= value;
        i += 1;
    }
    table
};

/// A card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

impl Card {
    /// 0 ..= 51: spades first, twos first within a suit. Indexes card sets and tables.
    pub fn index(self) -> usize {
        self.suit as usize * 13 + usize::from(self.rank.value()) - 2
    }

    /// The card as PBN writes it (`SA`, `H2`): one piece to push, not two chars.
    pub fn text(self) -> &'static str {
        CARD_TEXT[self.index()]
    }
}

/// Each card's spelling, by [`Card::index`].
#[rustfmt::skip]
const CARD_TEXT: [&str; 52] = [
    "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "ST", "SJ", "SQ", "SK", "SA",
    "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA",
    "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA",
    "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "CT", "CJ", "CQ", "CK", "CA",
];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.letter())
    }
}

/// A card token of the play section (PBN 3.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayToken {
    Card(Card),
    /// `-`: a card that is unknown or does not matter.
    Unknown,
}

impl PlayToken {
    /// The card a token means: as PBN spells it ([`PlayToken::parse`]), or `--` for an unknown
    /// card (PBN 3.6.1 writes `-`), which some programs write.
    pub fn read(text: &str) -> Option<PlayToken> {
        PlayToken::parse(text).or_else(|| (text == "--").then_some(PlayToken::Unknown))
    }

    /// The PBN spelling of a loose play token: `-` for `--`.
    pub fn loose_spelling(text: &str) -> Option<&'static str> {
        // What `read` takes and `parse` does not: `--` alone (asked of every card of a play).
        (text == "--").then_some("-")
    }

    pub fn parse(text: &str) -> Option<PlayToken> {
        match text.as_bytes() {
            b"-" => Some(PlayToken::Unknown),
            &[suit, rank] => Some(PlayToken::Card(Card {
                suit: Suit::from_letter(suit)?,
                rank: Rank::from_letter(rank)?,
            })),
            _ => None,
        }
    }
}

/// The denomination of a bid or contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Denomination {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Denomination {
    /// The denominations in bidding order: clubs up to notrump.
    pub const ALL: [Denomination; 5] = [
        Denomination::Clubs,
        Denomination::Diamonds,
        Denomination::Hearts,
        Denomination::Spades,
        Denomination::NoTrump,
    ];

    /// `C D H S NT`, either case (PBN 3.11).
    pub fn parse(text: &str) -> Option<Denomination> {
        if text.eq_ignore_ascii_case("NT") {
            return Some(Denomination::NoTrump);
        }
        match text.as_bytes() {
            &[letter] => Suit::from_letter(letter).map(Denomination::from),
            _ => None,
        }
    }
}

impl From<Suit> for Denomination {
    fn from(suit: Suit) -> Denomination {
        match suit {
            Suit::Spades => Denomination::Spades,
            Suit::Hearts => Denomination::Hearts,
            Suit::Diamonds => Denomination::Diamonds,
            Suit::Clubs => Denomination::Clubs,
        }
    }
}

/// A call token of the auction section (PBN 3.5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallToken {
    Pass,
    Double,
    Redouble,
    Bid {
        level: u8,
        denomination: Denomination,
    },
    /// `AP`: all (remaining) players pass.
    AllPass,
    /// `-`: not yet this player's turn.
    Skip,
}

impl CallToken {
    /// The call a token means: as PBN spells it (in any letter case, [`CallToken::parse`]), or
    /// in a loose spelling whose meaning is certain ([`CallToken::loose`]). The parser, the
    /// auction model and the read-back read calls so; A015 and A017 judge the spelling.
    pub fn read(text: &str) -> Option<CallToken> {
        CallToken::parse(text).or_else(|| CallToken::loose(text))
    }

    /// A call in a spelling that robots and BBO write and PBN does not (PBN 3.5.1): `1N` for
    /// `1NT`, `P` for `Pass`, `Dbl` for `X`, `Rdbl` or `Redbl` for `XX`. Certain; `D` and `R`
    /// alone are not read (a `D` could be a diamond bid cut short).
    pub fn loose(text: &str) -> Option<CallToken> {
        if CallToken::parse(text).is_some() {
            return None;
        }
        let upper = text.to_ascii_uppercase();
        match upper.as_str() {
            "P" => return Some(CallToken::Pass),
            "DBL" | "DOUBLE" => return Some(CallToken::Double),
            "RDBL" | "REDBL" | "REDOUBLE" => return Some(CallToken::Redouble),
            _ => {}
        }
        match upper.as_bytes() {
            [level @ b'1'..=b'7', b'N'] => Some(CallToken::Bid {
                level: level - b'0',
                denomination: Denomination::NoTrump,
            }),
            _ => None,
        }
    }

    /// The PBN spelling of a loose call ([`CallToken::loose`]).
    pub fn loose_spelling(text: &str) -> Option<String> {
        CallToken::loose(text).map(CallToken::spelling)
    }

    /// The export spelling of the call ([`CallToken::push_export`]) on its own.
    pub fn spelling(self) -> String {
        let mut spelling = String::new();
        self.push_export(&mut spelling);
        spelling
    }

    pub fn parse(text: &str) -> Option<CallToken> {
        if text.eq_ignore_ascii_case("Pass") {
            return Some(CallToken::Pass);
        }
        if text.eq_ignore_ascii_case("AP") {
            return Some(CallToken::AllPass);
        }
        if text.eq_ignore_ascii_case("X") {
            return Some(CallToken::Double);
        }
        if text.eq_ignore_ascii_case("XX") {
            return Some(CallToken::Redouble);
        }
        if text == "-" {
            return Some(CallToken::Skip);
        }
        let (&level, _) = text.as_bytes().split_first()?;
        if !(b'1'..=b'7').contains(&level) {
            return None;
        }
        // `text` starts with an ASCII digit, so index 1 is a character boundary.
        let denomination = Denomination::parse(text.get(1..)?)?;
        Some(CallToken::Bid {
            level: level - b'0',
            denomination,
        })
    }
}

impl CallToken {
    /// Appends the export spelling of the call (PBN 3.5.1, 3.11): `Pass`, `X`, `XX`, `AP`, `-`,
    /// `1NT`.
    pub fn push_export(self, out: &mut String) {
        match self {
            CallToken::Pass => out.push_str("Pass"),
            CallToken::Double => out.push('X'),
            CallToken::Redouble => out.push_str("XX"),
            CallToken::AllPass => out.push_str("AP"),
            CallToken::Skip => out.push('-'),
            CallToken::Bid {
                level,
                denomination,
            } => {
                out.push(char::from(b'0' + level));
                out.push_str(denomination_text(denomination));
            }
        }
    }

    /// The export spelling of `text` when it reads as a call in a letter case PBN 3.11 does not
    /// allow: each of `NT`, `X`, `XX`, `Pass` and `AP` is all uppercase or all lowercase
    /// (`pass`, `nt`), so `PASS`, `pAss`, `1Nt`, `xX` and `Ap` are not PBN calls. `None` for
    /// an allowed spelling and for what is no call at all.
    pub fn miscased(text: &str) -> Option<String> {
        let call = CallToken::parse(text)?;
        // Letters to judge: the whole call, or a bid's denomination (one letter is either case).
        let letters = match call {
            CallToken::Bid { .. } => text.get(1..).filter(|d| d.len() > 1).unwrap_or("S"),
            _ => text,
        };
        let uniform = letters.bytes().all(|b| !b.is_ascii_lowercase())
            || letters.bytes().all(|b| !b.is_ascii_uppercase());
        // `PASS` is uniform but not `Pass`: only `Pass` itself has mixed letters.
        let fine = match call {
            CallToken::Pass => text == "Pass" || text == "pass",
            _ => uniform,
        };
        (!fine).then(|| call.spelling())
    }
}

/// `S H D C NT`.
pub fn denomination_text(denomination: Denomination) -> &'static str {
    match denomination {
        Denomination::Clubs => "C",
        Denomination::Diamonds => "D",
        Denomination::Hearts => "H",
        Denomination::Spades => "S",
        Denomination::NoTrump => "NT",
    }
}

#[cfg(test)]
mod tests {

    /// [`Card::text`] spells every card as its `Display` does.
    #[test]
    fn card_text_is_the_pbn_spelling() {
        for suit in Suit::ALL {
            for value in 2..=14 {
                let card = Card {
                    suit,
                    rank: Rank::from_value(value).expect("a rank"),
                };
                assert_eq!(card.text(), card.to_string());
            }
        }
    }

    use super::*;

    /// A loose play token is one `read` takes and `parse` does not, whatever the text.
    #[test]
    fn loose_play_tokens() {
        let printable: Vec<char> = (b' '..=b'~').map(char::from).collect();
        let mut texts = vec![String::new(), "-".into(), "---".into(), "S".into()];
        for a in &printable {
            for b in &printable {
                texts.push(format!("{a}{b}"));
            }
        }
        for text in &texts {
            let loose = PlayToken::parse(text).is_none() && PlayToken::read(text).is_some();
            assert_eq!(
                PlayToken::loose_spelling(text),
                loose.then_some("-"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn call_case_of_pbn_3_11() {
        for allowed in [
            "Pass", "pass", "X", "x", "XX", "xx", "AP", "ap", "1NT", "1nt", "7s", "-",
        ] {
            assert_eq!(CallToken::miscased(allowed), None, "{allowed}");
        }
        for (wrong, spelling) in [
            ("PASS", "Pass"),
            ("pAss", "Pass"),
            ("1Nt", "1NT"),
            ("1nT", "1NT"),
            ("xX", "XX"),
            ("Xx", "XX"),
            ("Ap", "AP"),
            ("aP", "AP"),
        ] {
            assert_eq!(
                CallToken::miscased(wrong).as_deref(),
                Some(spelling),
                "{wrong}"
            );
        }
        assert_eq!(CallToken::miscased("1N"), None);
    }

    #[test]
    fn card_letters_of_every_byte() {
        for byte in 0..=255u8 {
            let suit = match byte.to_ascii_uppercase() {
                b'S' => Some(Suit::Spades),
                b'H' => Some(Suit::Hearts),
                b'D' => Some(Suit::Diamonds),
                b'C' => Some(Suit::Clubs),
                _ => None,
            };
            let rank = match byte.to_ascii_uppercase() {
                b'A' => Some(14),
                b'K' => Some(13),
                b'Q' => Some(12),
                b'J' => Some(11),
                b'T' => Some(10),
                digit @ b'2'..=b'9' => Some(digit - b'0'),
                _ => None,
            };
            assert_eq!(Suit::from_letter(byte), suit, "{byte}");
            assert_eq!(Rank::from_letter(byte).map(Rank::value), rank, "{byte}");
        }
    }

    #[test]
    fn calls() {
        assert_eq!(CallToken::parse("pass"), Some(CallToken::Pass));
        assert_eq!(CallToken::parse("xx"), Some(CallToken::Redouble));
        assert_eq!(
            CallToken::parse("7nt"),
            Some(CallToken::Bid {
                level: 7,
                denomination: Denomination::NoTrump
            })
        );
        for bad in ["P", "2N", "8S", "0C", "1", "DBL", "--", "1SX"] {
            assert_eq!(CallToken::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn cards() {
        assert_eq!(
            PlayToken::parse("st"),
            Some(PlayToken::Card(Card {
                suit: Suit::Spades,
                rank: Rank::from_letter(b'T').unwrap()
            }))
        );
        assert_eq!(PlayToken::parse("-"), Some(PlayToken::Unknown));
        for bad in ["S10", "--", "X2", "S1", "SKQ", ""] {
            assert_eq!(PlayToken::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn seats_rotate() {
        assert_eq!(Seat::West.next(), Seat::North);
        assert_eq!(Seat::North.offset(3), Seat::West);
    }
}
