//! A deterministic generator of PBN games, for benchmarks and property tests: a random deal, a legal
//! auction from the dealer, a legal play from the opening leader with the Result it earns, notes,
//! annotations and comments.
//!
//! It writes plain import-format text (LF or CRLF); it does not use pbnfmt's own writer, so it can
//! test it. The random source is a fixed SplitMix64, so a seed always gives the same bytes.

use std::fmt::Write;

use crate::bridge::{Card, Denomination, Rank, SUFFIXES, Seat, Suit};
use crate::model::values::denomination_text;

/// Knobs of the generator.
#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Line end to write.
    pub crlf: bool,
    /// Chance in percent that a call or card gets an annotation (suffix, NAG or note reference).
    pub annotation_percent: u32,
    /// Chance in percent that a game carries comments.
    pub comment_percent: u32,
    /// Players' names with letters outside ASCII (`Noël`, `Ståhl`), to exercise encodings.
    pub accents: bool,
    /// Only the tags most readers know (no play, notes or tables): a variant other PBN tools can
    /// read, for side-by-side timing.
    pub plain: bool,
    /// Spellings robots and dealing programs write, which `pbnfmt fix` repairs: ISO dates,
    /// contracts and calls with `N` for `NT`, `P` for `Pass`.
    pub loose: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 1,
            crlf: false,
            annotation_percent: 5,
            comment_percent: 30,
            accents: false,
            plain: false,
            loose: false,
        }
    }
}

/// SplitMix64: small, fast, good enough for test data. Public so that tests can draw the same
/// deterministic sequences.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    fn percent(&mut self, chance: u32) -> bool {
        self.below(100) < chance as usize
    }
}

/// Games one after another, each appended to a caller's buffer: large outputs can be written out
/// piece by piece. The text is the same whatever the pieces.
pub struct Generator {
    rng: Rng,
    board: usize,
    options: Options,
}

impl Generator {
    pub fn new(options: &Options) -> Generator {
        Generator {
            rng: Rng(options.seed),
            board: 1,
            options: options.clone(),
        }
    }

    /// Appends the next game (after an empty line when it is not the first).
    pub fn next_game(&mut self, out: &mut String) {
        if self.board > 1 {
            out.push_str(line_end(&self.options));
        }
        write_game(out, &mut self.rng, self.board, &self.options);
        self.board += 1;
    }

    /// Games written so far.
    pub fn count(&self) -> usize {
        self.board - 1
    }
}

/// Generates text of at least `min_bytes` bytes of complete games.
pub fn text_of_size(min_bytes: usize, options: &Options) -> String {
    let mut generator = Generator::new(options);
    let mut out = String::with_capacity(min_bytes + 4096);
    while out.len() < min_bytes {
        generator.next_game(&mut out);
    }
    out
}

/// Generates `count` games.
pub fn games(count: usize, options: &Options) -> String {
    let mut generator = Generator::new(options);
    let mut out = String::new();
    for _ in 0..count {
        generator.next_game(&mut out);
    }
    out
}

fn line_end(options: &Options) -> &'static str {
    if options.crlf { "\r\n" } else { "\n" }
}

fn write_game(out: &mut String, rng: &mut Rng, board: usize, options: &Options) {
    let nl = line_end(options);
    let dealer = Seat::ALL[(board + 3) % 4];
    let vulnerable = ["None", "NS", "EW", "All"][rng.below(4)];
    let hands = deal(rng);
    let comments = !options.plain && rng.percent(options.comment_percent);
    let annotation_percent = if options.plain {
        0
    } else {
        options.annotation_percent
    };

    let _ = write!(
        out,
        "[Event \"Generated Pairs\"]{nl}[Site \"Delft NLD\"]{nl}"
    );
    let date_dot = if options.loose { '-' } else { '.' };
    let _ = write!(
        out,
        "[Date \"2026{date_dot}11{date_dot}{:02}\"]{nl}",
        1 + board % 28
    );
    let _ = write!(out, "[Board \"{board}\"]{nl}");
    let names = if options.accents {
        ["Wågner", "Noël", "Eastmañ", "Süd"]
    } else {
        ["Wagner", "Noord", "Eastman", "Sud"]
    };
    for (seat, name) in [Seat::West, Seat::North, Seat::East, Seat::South]
        .into_iter()
        .zip(names)
    {
        let _ = write!(out, "[{} \"{name}, {}.\"]{nl}", seat.name(), seat.letter());
    }
    let _ = write!(
        out,
        "[Dealer \"{}\"]{nl}[Vulnerable \"{vulnerable}\"]{nl}",
        dealer.letter()
    );
    let _ = write!(out, "[Deal \"{}:", dealer.letter());
    for i in 0..4 {
        let seat = dealer.offset(i);
        if i > 0 {
            out.push(' ');
        }
        write_hand(out, &hands[seat as usize]);
    }
    let _ = write!(out, "\"]{nl}[Scoring \"MP\"]{nl}");
    if comments {
        let _ = write!(
            out,
            "{{Board {board}: a {vulnerable} deal from {}.}}{nl}",
            dealer.name()
        );
    }

    let auction = auction(rng, dealer);
    let contract = auction.contract;
    match contract {
        Some((declarer, level, denomination, risk)) => {
            let _ = write!(out, "[Declarer \"{}\"]{nl}", declarer.letter());
            let strain = match denomination_text(denomination) {
                "NT" if options.loose => "N",
                strain => strain,
            };
            let _ = write!(
                out,
                "[Contract \"{level}{strain}{}\"]{nl}",
                ["", "X", "XX"][risk]
            );
        }
        None => {
            let _ = write!(out, "[Declarer \"\"]{nl}[Contract \"Pass\"]{nl}");
        }
    }
    let tricks =
        contract.map(|(declarer, _, denomination, _)| play(rng, &hands, declarer, denomination));
    match &tricks {
        Some(play) => {
            let _ = write!(out, "[Result \"{}\"]{nl}", play.declarer_tricks);
        }
        None => {
            let _ = write!(out, "[Result \"\"]{nl}");
        }
    }

    // Auction: four calls a line from the dealer.
    let _ = write!(out, "[Auction \"{}\"]{nl}", dealer.letter());
    let mut notes = 0;
    for (i, call) in auction.calls.iter().enumerate() {
        match call.as_str() {
            "Pass" if options.loose => out.push('P'),
            bid if options.loose && bid.ends_with("NT") => out.push_str(&bid[..2]),
            _ => out.push_str(call),
        }
        if rng.percent(annotation_percent) {
            annotate(out, rng, &mut notes, 0);
        }
        out.push_str(if i % 4 == 3 { nl } else { " " });
    }
    if !auction.calls.len().is_multiple_of(4) {
        out.push_str(nl);
    }
    for index in 1..=notes {
        let _ = write!(out, "[Note \"{index}:artificial, {index} key cards\"]{nl}");
    }

    if let (Some(play), Some((declarer, ..))) = (&tricks, contract) {
        let leader = declarer.next();
        let _ = write!(out, "[Play \"{}\"]{nl}", leader.letter());
        let mut notes = 0;
        for trick in &play.tricks {
            // Cards in the fixed seat columns of the Play tag (PBN 3.6): leader first.
            for column in 0..4 {
                let seat = leader.offset(column);
                let card = trick[seat as usize];
                let _ = write!(out, "{card}");
                if rng.percent(annotation_percent) {
                    annotate(out, rng, &mut notes, 6);
                }
                out.push_str(if column == 3 { nl } else { " " });
            }
        }
        if comments {
            let _ = write!(
                out,
                "{{Declarer took {} tricks.}}{nl}",
                play.declarer_tricks
            );
        }
        for index in 1..=notes {
            let _ = write!(out, "[Note \"{index}:count signal\"]{nl}");
        }
    }
    if options.plain {
        return;
    }
    let _ = write!(
        out,
        "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]{nl}"
    );
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for denomination in ["NT", "S", "H", "D", "C"] {
            let _ = write!(
                out,
                "{} {denomination:>2} {:>2}{nl}",
                seat.letter(),
                rng.below(14)
            );
        }
    }
}

/// A suffix (as in import format), a NAG or a note reference. `nag_base` is 0 for calls, 6 for
/// cards (PBN 3.7: $1-$6 calls, $7-$12 cards).
fn annotate(out: &mut String, rng: &mut Rng, notes: &mut usize, nag_base: usize) {
    match rng.below(3) {
        0 => out.push_str(SUFFIXES[rng.below(6)]),
        1 => {
            let _ = write!(out, " ${}", nag_base + 1 + rng.below(6));
        }
        _ if *notes < 32 => {
            *notes += 1;
            let _ = write!(out, " ={notes}=");
        }
        _ => {}
    }
}

/// Four hands of 13 cards, indexed by `Seat as usize`.
fn deal(rng: &mut Rng) -> [Vec<Card>; 4] {
    let mut deck: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|&suit| {
            b"AKQJT98765432".iter().filter_map(move |&letter| {
                Rank::from_letter(letter).map(|rank| Card { suit, rank })
            })
        })
        .collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i + 1));
    }
    let mut hands: [Vec<Card>; 4] = Default::default();
    for (i, card) in deck.into_iter().enumerate() {
        hands[i % 4].push(card);
    }
    hands
}

fn write_hand(out: &mut String, hand: &[Card]) {
    for (i, suit) in Suit::ALL.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        let mut ranks: Vec<Rank> = hand
            .iter()
            .filter(|c| c.suit == *suit)
            .map(|c| c.rank)
            .collect();
        ranks.sort_by(|a, b| b.cmp(a));
        out.extend(ranks.iter().map(|rank| rank.letter()));
    }
}

struct Auction {
    calls: Vec<String>,
    /// Declarer, level, denomination, risk (0 undoubled, 1 doubled, 2 redoubled).
    contract: Option<(Seat, u8, Denomination, usize)>,
}

/// A legal auction: bids rise, doubles only of the opponents' bid, ends with three passes after a
/// bid or four passes.
fn auction(rng: &mut Rng, dealer: Seat) -> Auction {
    let mut calls = Vec::new();
    // (bid index 0..35, bidder, risk)
    let mut last: Option<(usize, Seat, usize)> = None;
    let mut first_bidder: Vec<(Seat, Denomination)> = Vec::new();
    let mut passes = 0;
    let mut seat = dealer;
    loop {
        let can_raise = last.is_none_or(|(bid, ..)| bid < 34);
        let opponents_bid =
            last.is_some_and(|(_, bidder, _)| (bidder as usize + seat as usize) % 2 == 1);
        let roll = rng.below(100);
        if let Some((_, _, risk)) = last.as_mut()
            && roll < 6
            && opponents_bid
            && *risk == 0
        {
            *risk = 1;
            calls.push("X".to_owned());
            passes = 0;
        } else if let Some((_, _, risk)) = last.as_mut()
            && roll < 8
            && !opponents_bid
            && *risk == 1
        {
            *risk = 2;
            calls.push("XX".to_owned());
            passes = 0;
        } else if can_raise && roll < if last.is_none() { 45 } else { 30 } {
            let floor = last.map_or(0, |(bid, ..)| bid + 1);
            let bid = floor + rng.below(4.min(35 - floor));
            let (level, denomination) = (bid / 5 + 1, Denomination::ALL[bid % 5]);
            calls.push(format!("{level}{}", denomination_text(denomination)));
            last = Some((bid, seat, 0));
            if !first_bidder
                .iter()
                .any(|&(s, d)| d == denomination && (s as usize + seat as usize).is_multiple_of(2))
            {
                first_bidder.push((seat, denomination));
            }
            passes = 0;
        } else {
            calls.push("Pass".to_owned());
            passes += 1;
        }
        let done = match last {
            None => passes == 4,
            Some(_) => passes == 3,
        };
        if done {
            break;
        }
        seat = seat.next();
    }
    let contract = last.map(|(bid, bidder, risk)| {
        let denomination = Denomination::ALL[bid % 5];
        // Declarer: the first of the winning side to name the denomination.
        let declarer = first_bidder
            .iter()
            .find(|&&(s, d)| d == denomination && (s as usize + bidder as usize).is_multiple_of(2))
            .map_or(bidder, |&(s, _)| s);
        (declarer, (bid / 5 + 1) as u8, denomination, risk)
    });
    Auction { calls, contract }
}

struct Play {
    /// Each trick's cards, indexed by `Seat as usize`.
    tricks: Vec<[Card; 4]>,
    declarer_tricks: usize,
}

/// A legal play of all 13 tricks: follow suit when possible; the winner leads next.
fn play(rng: &mut Rng, hands: &[Vec<Card>; 4], declarer: Seat, denomination: Denomination) -> Play {
    let mut hands = hands.clone();
    let trump = match denomination {
        Denomination::NoTrump => None,
        Denomination::Spades => Some(Suit::Spades),
        Denomination::Hearts => Some(Suit::Hearts),
        Denomination::Diamonds => Some(Suit::Diamonds),
        Denomination::Clubs => Some(Suit::Clubs),
    };
    let mut leader = declarer.next();
    let mut tricks = Vec::with_capacity(13);
    let mut declarer_tricks = 0;
    for _ in 0..13 {
        let mut trick = [Card {
            suit: Suit::Spades,
            rank: Rank::TWO,
        }; 4];
        let mut led = None;
        let mut winner = leader;
        let mut best: Option<Card> = None;
        for step in 0..4 {
            let seat = leader.offset(step);
            let hand = &mut hands[seat as usize];
            let followers: Vec<usize> = (0..hand.len())
                .filter(|&i| Some(hand[i].suit) == led)
                .collect();
            let index = if followers.is_empty() {
                rng.below(hand.len())
            } else {
                followers[rng.below(followers.len())]
            };
            let card = hand.swap_remove(index);
            led.get_or_insert(card.suit);
            let beats = match best {
                None => true,
                Some(best) if card.suit == best.suit => card.rank > best.rank,
                Some(_) => Some(card.suit) == trump,
            };
            if beats {
                best = Some(card);
                winner = seat;
            }
            trick[seat as usize] = card;
        }
        if (winner as usize + declarer as usize).is_multiple_of(2) {
            declarer_tricks += 1;
        }
        tricks.push(trick);
        leader = winner;
    }
    Play {
        tricks,
        declarer_tricks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_text() {
        let options = Options::default();
        assert_eq!(games(5, &options), games(5, &options));
        let other = Options {
            seed: 2,
            ..Options::default()
        };
        assert_ne!(games(5, &options), games(5, &other));
    }

    #[test]
    fn size_is_reached() {
        assert!(text_of_size(50_000, &Options::default()).len() >= 50_000);
    }
}
