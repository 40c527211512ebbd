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

use crate::rules::diagnostic::Diagnostic;

pub use crate::model::deal_key::{NAMELESS, Sameness, SeenDeal, hands, key, number_lines, seen};

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
    /// The board it was played as ([`SeenDeal::played`]).
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
                board: deal.played,
                session: deal.session,
            };
            let shard = &mut self.first[shard(key)];
            let Some(first) = shard.get(&key).copied() else {
                shard.insert(key, here);
                continue;
            };
            if first.board == deal.played && first.session == deal.session {
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
        crate::rules::sets::repeated_deal(
            deal.start as usize..deal.end as usize,
            &board,
            &first_name,
            how,
            &place,
        )
    }
}

/// The seat letters of a key, for tests and messages: card by card in the bit order.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

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
    fn a_copy_naming_its_board_in_virtual_board_is_that_board_at_another_table() {
        let game = |board: &str, virtual_board: &str| {
            format!("[Event \"Lesson\"]\n[Board \"{board}\"]\n{virtual_board}[Deal \"{DEAL}\"]\n\n")
        };
        // Board 5 is board 1's copy on another tray (`pbnfmt replicate`); board 6 names board 2,
        // which is not the board whose deal it has.
        let text = [
            game("1", ""),
            game("5", "[VirtualBoard \"1\"]\n"),
            game("6", "[VirtualBoard \"2\"]\n"),
        ]
        .concat();
        let mut repeats = Repeats::new(Sameness::default());
        let found = repeats.file("set.pbn", &seen_deals(&text), true);
        let messages: Vec<String> = found.iter().map(|d| d.message.to_string()).collect();
        assert_eq!(messages, ["board 6 has the same deal as board 1 (line 3)"]);
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
