//! Double-dummy facts as values: the tricks each declarer takes in each denomination, read from
//! and written as a DoubleDummyTricks value (Bridge Composer's extension tag: 20 base-14
//! digits), and what a solver gave for each deal of a run. The solver itself, its processes and
//! its cache are `dds.rs`'s; the rules that compare a file with these are `rules/dd.rs`'s.

use std::collections::HashMap;
use std::time::Duration;

use crate::bridge::{Denomination, Seat};

/// Tricks by declarer and denomination: `tricks[seat as usize][denomination as usize]`.
pub type Tricks = [[u8; 5]; 4];

/// What solving one deal gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Solved(Tricks),
    /// The solver took longer than the time allowed a deal (`--timeout`).
    TimedOut(Duration),
    /// The solver stopped without an answer (out of memory, a crash): why.
    Failed(String),
}

/// The outcome of every deal solved for a run, by key.
#[derive(Debug, Default)]
pub struct Solutions {
    map: HashMap<u128, Outcome>,
}

impl Solutions {
    pub fn get(&self, key: u128) -> Option<&Outcome> {
        self.map.get(&key)
    }

    pub fn insert(&mut self, key: u128, outcome: Outcome) {
        self.map.insert(key, outcome);
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// The order of Bridge Composer's DoubleDummyTricks: declarers N, S, E, W, each in NT, S, H,
/// D, C. Tables drawn from tricks (`show`, the hand record) take the same order.
pub const DIGIT_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
pub const DIGIT_DENOMINATIONS: [Denomination; 5] = [
    Denomination::NoTrump,
    Denomination::Spades,
    Denomination::Hearts,
    Denomination::Diamonds,
    Denomination::Clubs,
];

/// Tricks as a DoubleDummyTricks value: 20 base-14 digits, lower case, as Bridge Composer
/// writes them.
pub fn digits(tricks: &Tricks) -> String {
    let mut out = String::with_capacity(20);
    for seat in DIGIT_SEATS {
        for d in DIGIT_DENOMINATIONS {
            let n = tricks[seat as usize][d as usize].min(13);
            out.push(char::from_digit(u32::from(n), 14).unwrap_or('0'));
        }
    }
    out
}

/// The tricks of a DoubleDummyTricks value; `None` unless it is 20 base-14 digits.
pub fn read_digits(value: &str) -> Option<Tricks> {
    let value = value.trim();
    if value.len() != 20 {
        return None;
    }
    let mut tricks: Tricks = [[0; 5]; 4];
    let mut chars = value.chars();
    for seat in DIGIT_SEATS {
        for d in DIGIT_DENOMINATIONS {
            tricks[seat as usize][d as usize] = chars.next()?.to_digit(14)? as u8;
        }
    }
    Some(tricks)
}
