//! Checks across the games of a whole run, not of one game: the same deal dealt again (H001).
//!
//! `check` collects, for every game whose Deal gives all four hands of 13 cards, the deal as a
//! 104-bit key (two bits a card: the seat that holds it), the Board, and the session (Event and
//! Date). [`Repeats`] sees the files' deals in the order of the inputs, whatever the number of
//! threads, and reports each deal seen before, naming where it was first. The key is the layout
//! itself, so two deals with the same key are the same deal: no collision to rule out.
//!
//! Memory: one entry a distinct deal (the key, 16 bytes, and where it was first, 16 bytes), in
//! 256 hash tables so that none grows by copying more than a 256th of them: 10 million distinct
//! deals peak at 606 MB (`examples/repeats_memory.rs`); and while a file is checked, 40 bytes for
//! each of its deals.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::GameModel;
use crate::model::deal::{Cards, Deal};
use crate::rules::{Group, Rule, RuleInfo};

pub const REPEATED_DEAL: RuleInfo = RuleInfo {
    code: "H001",
    name: "repeated-deal",
    severity: Severity::Warning,
    group: Group::Extra,
    section: "PBN 3.4.11",
    summary: "A deal dealt before, under another Board or in another session",
    what: "A complete Deal (four hands of 13 cards) that an earlier game of the run already has, \
        in this file or an earlier one (or in the archive of `--against`), when the two are not \
        the same board of one session. The same board played at several tables (a results file: \
        the same Board and Event on the same day, other Room, Table or Result) is not a repeat. The finding \
        names the first game with the deal. `--repeats-rotated` also finds the deal turned by a \
        seat or more, `--repeats-permuted` the deal with its suits exchanged. Opt-in (`check \
        --extend-select H001`; `--against` and the `--repeats-` options select it): files of \
        examples and bidding practice reuse a deal on purpose.",
    why: "PBN 3.4.11 records the cards as dealt; a set of boards is dealt at random, and a deal \
        that comes again is a dealing program's fault (boards 9 and 10 the same after a crash) or \
        a set used twice (a spare set of the first session dealt again in the second).",
    example: "```\n\
        [Board \"9\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\n\
        [Board \"10\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        ```",
    fix: "Deal the board again. A repeat that is meant (a set replayed on purpose) keeps it, with \
        `% pbnfmt: ignore H001`.",
    ..RuleInfo::BASE
};

/// The deal of one game, as [`Repeats`] compares it: 40 bytes.
#[derive(Clone, Copy, Debug)]
pub struct SeenDeal {
    /// The deal's key ([`key`]) in two halves (so that the record is aligned to 8 bytes).
    pub key: [u64; 2],
    /// The Board number; [`NAMELESS`] or above when the game has none that reads as a number.
    pub board: u32,
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
    let board_text = model.value("Board").unwrap_or("").trim();
    let board = match board_text.parse::<u32>() {
        Ok(number) if number < NAMELESS => number,
        _ => NAMELESS | fnv32(board_text.bytes()),
    };
    let offset = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
    Some(SeenDeal {
        key: [key as u64, (key >> 64) as u64],
        board,
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

/// A 128-bit key mixed down to 64 bits: the keys are already spread over their bits.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        self.0 = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (folded >> 31);
    }
}

/// The tables of [`Repeats`].
const SHARDS: usize = 256;

/// The table of a key: its bits mixed otherwise than [`KeyHasher`] mixes them (a table's keys
/// must not share the bits its hash places them by).
fn shard(key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(17);
    (folded.wrapping_mul(0xd6e8_feb8_6659_fd93) >> 56) as usize
}

/// Where a deal was first.
#[derive(Clone, Copy, Debug)]
struct First {
    file: u32,
    line: u32,
    board: u32,
    session: u32,
}

/// The deals of a run, seen file by file in the order of the inputs.
pub struct Repeats {
    sameness: Sameness,
    /// Where each deal was first, in [`SHARDS`] tables chosen by the key, so that a table
    /// growing copies a 256th of the deals, not all of them (the peak stays the steady size).
    first: Vec<HashMap<u128, First, BuildHasherDefault<KeyHasher>>>,
    /// The name of each file seen, as a finding names it; archive files first.
    files: Vec<String>,
}

impl Default for Repeats {
    fn default() -> Repeats {
        Repeats::new(Sameness::default())
    }
}

impl Repeats {
    pub fn new(sameness: Sameness) -> Repeats {
        Repeats {
            sameness,
            first: (0..SHARDS).map(|_| HashMap::default()).collect(),
            files: Vec::new(),
        }
    }

    /// Which deals count as the same one.
    pub fn sameness(&self) -> Sameness {
        self.sameness
    }

    /// Distinct deals seen.
    pub fn len(&self) -> usize {
        self.first.iter().map(HashMap::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.first.iter().all(HashMap::is_empty)
    }

    /// Takes the deals of an archive file (`--against`): later repeats of them are reported,
    /// their own are not.
    pub fn archive(&mut self, name: &str, deals: &[SeenDeal]) {
        let _ = self.file(name, deals, false);
    }

    /// The repeats among the deals of the next file, each naming the first game with its deal,
    /// in file order; the new deals are remembered. With `within` (`check` of one file), every
    /// repeat; without (the run), only the first repeat in this file of an earlier file's deal:
    /// `check` says the file's own.
    pub fn file(&mut self, name: &str, deals: &[SeenDeal], within: bool) -> Vec<Diagnostic> {
        let file = u32::try_from(self.files.len()).unwrap_or(u32::MAX);
        self.files.push(name.to_owned());
        let mut found = Vec::new();
        // Without `within`: the deals of earlier files this file repeats, said once a deal.
        let mut reported: HashMap<u128, (), BuildHasherDefault<KeyHasher>> = HashMap::default();
        for deal in deals {
            let key = self.sameness.canonical(deal.key());
            let here = First {
                file,
                line: deal.line,
                board: deal.board,
                session: deal.session,
            };
            let shard = &mut self.first[shard(key)];
            let Some(first) = shard.get(&key).copied() else {
                shard.insert(key, here);
                continue;
            };
            if first.board == deal.board && first.session == deal.session {
                // The same board of one session, at another table.
                continue;
            }
            if within || (first.file != file && reported.insert(key, ()).is_none()) {
                found.push(self.finding(deal, &first, file));
            }
        }
        found
    }

    fn finding(&self, deal: &SeenDeal, first: &First, file: u32) -> Diagnostic {
        let name = |board: u32, nameless: &str| {
            if board < NAMELESS {
                format!("board {board}")
            } else {
                nameless.to_owned()
            }
        };
        let board = name(deal.board, "this board");
        let first_name = name(first.board, "an earlier board");
        let place = if first.file == file {
            format!("line {}", first.line)
        } else {
            let file = &self.files[first.file as usize];
            format!("{}:{}", crate::display::escape(file), first.line)
        };
        let how = match (self.sameness.rotated, self.sameness.permuted) {
            (false, false) => "",
            (true, false) => " (or that deal turned)",
            (false, true) => " (or that deal with its suits exchanged)",
            (true, true) => " (or that deal turned, or with its suits exchanged)",
        };
        Diagnostic::new(
            Rule::RepeatedDeal,
            deal.start as usize..deal.end as usize,
            format!("{board} has the same deal as {first_name}{how} ({place})"),
        )
        .with_label("dealt before")
        .with_help(
            "a dealing program repeated a deal, or a set was used twice: deal the board again \
             (`% pbnfmt: ignore H001` keeps a repeat that is meant)",
        )
    }
}

/// Board 9 dealt again as board 10, and board 10 dealt anew ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    const NINE: &str = "[Board \"9\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
        2.5432.5432.5432\"]\n\n";
    vec![crate::rules::pairs::Pair::owned(
        Rule::RepeatedDeal,
        format!(
            "{NINE}[Board \"10\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 \
             6543.876.876.876 2.5432.5432.5432\"]\n"
        ),
        format!(
            "{NINE}[Board \"10\"]\n[Deal \"N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ \
             6543.876.876.876 2.5432.5432.5432\"]\n"
        ),
    )]
}

/// The seat letters of a key, for tests and messages: card by card in the bit order.
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

    fn seen_deals(text: &str) -> Vec<SeenDeal> {
        let options = crate::check::CheckOptions {
            selection: crate::rules::select::Selection {
                select: Some(vec!["H001".to_owned()]),
                ..Default::default()
            },
            ..Default::default()
        };
        crate::check::check_bytes(text.as_bytes(), &options).deals
    }

    #[test]
    fn lines_are_counted_as_check_counts_them() {
        let text = "% a\r\n[Board \"1\"]\r[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 \
            6543.876.876.876 2.5432.5432.5432\"]\r\n\r\n[Board \"2\"]\n\n\n[Deal \"E:AKQJ.AKQ.AKQ.AKQ \
            T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
        let deals = seen_deals(text);
        let index = crate::source::LineIndex::new(text);
        assert_eq!(deals.len(), 2);
        for deal in &deals {
            let (line, _) = index.line_col(text, deal.start as usize);
            assert_eq!(deal.line as usize, line);
        }
        assert_eq!([deals[0].line, deals[1].line], [3, 8]);
    }

    #[test]
    fn a_repeat_names_the_first_and_one_board_at_several_tables_is_none() {
        let game = |event: &str, board: &str, deal: &str| {
            format!("[Event \"{event}\"]\n[Board \"{board}\"]\n[Deal \"{deal}\"]\n\n")
        };
        const OTHER: &str = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432";
        // Board 9 at two tables, then dealt again as board 10; another deal as board 11.
        let first = [
            game("Club", "9", DEAL),
            game("Club", "9", DEAL),
            game("Club", "10", DEAL),
            game("Club", "11", OTHER),
        ]
        .concat();
        // The next session: board 11's deal again as board 1 (a set used twice).
        let second = [game("Club 2", "1", OTHER), game("Club 2", "2", "N:- - - -")].concat();
        let mut repeats = Repeats::new(Sameness::default());
        let found = repeats.file("first.pbn", &seen_deals(&first), true);
        let messages: Vec<String> = found.iter().map(|d| d.message.to_string()).collect();
        assert_eq!(messages, ["board 10 has the same deal as board 9 (line 3)"]);
        let third = first.match_indices("[Deal").nth(2).unwrap().0;
        assert_eq!(found[0].span.start, third, "at board 10's Deal");
        let found = repeats.file("second.pbn", &seen_deals(&second), false);
        let messages: Vec<String> = found.iter().map(|d| d.message.to_string()).collect();
        assert_eq!(
            messages,
            ["board 1 has the same deal as board 11 (first.pbn:15)"]
        );
        assert_eq!(repeats.len(), 2);
        // Against an archive: the archive's own repeats are not said, the run's are.
        let mut against = Repeats::new(Sameness::default());
        against.archive("first.pbn", &seen_deals(&first));
        assert_eq!(
            against
                .file("second.pbn", &seen_deals(&second), false)
                .len(),
            1
        );
        // `check` finds the repeat within the file by itself, when H001 is selected.
        let options = crate::check::CheckOptions {
            selection: crate::rules::select::Selection {
                extend_select: vec!["H001".to_owned()],
                ..Default::default()
            },
            ..Default::default()
        };
        let checked = crate::check::check_bytes(first.as_bytes(), &options);
        let own: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.rule == Rule::RepeatedDeal)
            .collect();
        assert_eq!(own.len(), 1);
        assert_eq!(
            own[0].message,
            "board 10 has the same deal as board 9 (line 3)"
        );
    }
}
