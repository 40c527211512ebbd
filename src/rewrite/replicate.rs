//! `pbnfmt replicate`: a set of boards written again in blocks, so that several tables play the
//! same deals at once, each from boards of its own (issue 46, item 5). The file's boards are the
//! first block, as they are, byte for byte; blocks 2 to `--blocks` follow, each a copy of every
//! board on the next `--size` board numbers.
//!
//! A copy is a physical board: its Board is its own number, and its Dealer and Vulnerable are
//! that number's in the usual rotation (Law 2), as on the tray it is dealt into; its Deal gives
//! the same hands at the same seats, written from that dealer (PBN 3.4.11, export format). What
//! the tables play is the original, which the copy names as Bridge Composer's block-replicated
//! sets do: `VirtualBoard`, `VirtualDealer` and `VirtualVulnerable` (the original's number,
//! dealer and vulnerability), and `BlockNumber` (2 and up). pbnfmt reads `VirtualBoard` as the
//! board a deal is played as, so H001 takes a copy for the same board at another table, not a
//! deal dealt again.
//!
//! A copy carries the deal and what describes the deal, not the play: Event, Site, Date and
//! Scoring as the original gives them; the players, Declarer, Contract and Result empty (where
//! the original has them: nothing is played yet); DoubleDummyTricks and OptimumResultTable,
//! which name seats, not the dealer; OptimumScore and ParContract as the original's where the
//! copy's vulnerability and dealer are the original's, else computed again from the table (par
//! depends on both), and left out without a table. Tags come in export order (PBN 3.4: the MTS, the others
//! sorted, then the table, which has section data), on the file's line ends. A copy of a copy
//! names what its original names: the board played is the same.
//!
//! Refused, with W013, rather than guessed: a board without a Deal, Dealer or Vulnerable to
//! copy; boards not numbered in order from the first (the first block keeps its numbers:
//! `pbnfmt renumber` first); a block smaller than the file; more than [`MOST_BOARDS`] boards
//! written. The proof: the result read back is the input, game for game, then the copies, each
//! with its original's hands, its number's dealer and vulnerability, and the virtual tags and
//! copied values asked for.

use crate::rules::writing::Unfaithful;
use std::ops::Range;

use crate::bridge::Seat;
use crate::model::deal::Deal;
use crate::model::duplicate::standard_rotation;
use crate::model::values::Vulnerability;
use crate::model::{Inheritance, Tag};
use crate::proof::Rewritten;
use crate::rewrite::edit::Edits;
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::writing::{NotReplicated, not_replicated};
use crate::source;
use crate::syntax::{Data, quote_string};

/// How to replicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplicateOptions {
    /// Blocks written in all, the file's own first (2 or more).
    pub blocks: u32,
    /// Board numbers a block takes; the number of boards of the file when `None`. A block larger
    /// than the file leaves numbers unused at its end, so that each block starts where a set of
    /// trays does.
    pub size: Option<u32>,
}

/// The most boards a run writes (all blocks): a set dealt for play is some hundreds. It bounds
/// the copies held in memory (a copy is some hundred bytes, a table some more).
pub const MOST_BOARDS: u64 = 10_000;

/// The tags a copy takes from its original as they are (PBN 3.4: MTS), in export order.
const KEPT: [&str; 4] = ["Event", "Site", "Date", "Scoring"];

/// The MTS tags a copy writes empty when its original has them: nothing is played yet.
const EMPTIED: [&str; 7] = [
    "West", "North", "East", "South", "Declarer", "Contract", "Result",
];

/// What a copy needs of its original.
struct Original {
    /// The Board as written, and where a finding about the board points.
    board: String,
    span: Range<usize>,
    vulnerable: Vulnerability,
    dealer: Seat,
    /// The double-dummy tricks of its table, for par at a copy's dealer and vulnerability.
    tricks: Option<crate::model::double_dummy::Tricks>,
    /// Whether its own OptimumScore contradicts its table (H004).
    stale_par: bool,
    /// What the copies name as played: the original's own virtual tags when it is a copy
    /// itself, else its Board, Dealer and Vulnerable.
    played: [String; 3],
    deal: Deal,
    /// Each tag of [`KEPT`] and [`EMPTIED`] the original has, with the value the copy writes.
    mts: Vec<(&'static str, String)>,
    /// DoubleDummyTricks, OptimumScore and ParContract, as the original gives them.
    analysis: Vec<(&'static str, String)>,
    /// The OptimumResultTable as written, rows and all.
    table: Option<String>,
}

/// The boards of one file's bytes replicated as `replicate` says.
pub fn replicate_owned(
    bytes: Vec<u8>,
    replicate: ReplicateOptions,
    options: RewriteOptions,
) -> Rewritten {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    let mut replicating = Replicate {
        options: replicate,
        originals: Vec::new(),
        refusals: Vec::new(),
        mark: (0, 0),
        force: options.force,
        last_start: 0,
        first_end: 0,
        expected: Vec::new(),
    };
    super::rewrite_chunks(decoded, options, &mut replicating, None)
}

/// Replicating: the file's boards read a chunk at a time, leaving the text as it is, then the
/// copies appended after its last byte.
struct Replicate {
    options: ReplicateOptions,
    originals: Vec<Original>,
    refusals: Vec<Diagnostic>,
    /// The originals' and refusals' counts before the last chunk ([`ChunkEdits::rewind`]).
    mark: (usize, usize),
    /// `--force`: the file is rewritten though its syntax makes its reading a guess.
    force: bool,
    /// Where the file's last game starts: the copies follow it.
    last_start: usize,
    /// Where the first copy ends in the text appended.
    first_end: usize,
    /// What the copies must read back as.
    expected: Vec<Expected>,
}

impl ChunkEdits for Replicate {
    const EFFECTIVE: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        self.mark = (self.originals.len(), self.refusals.len());
        for at in chunk.games("") {
            self.last_start = at.parse.token(at.model.game.first).start as usize;
            // A file refused already is not read further: one finding a board would be noise.
            if self.refusals.len() < 100
                && let Some(original) = Original::read(at, &mut self.refusals)
            {
                self.originals.push(original);
            }
        }
        (Edits::default(), Vec::new())
    }

    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }

    fn rewind(&mut self) {
        self.originals.truncate(self.mark.0);
        self.refusals.truncate(self.mark.1);
    }

    fn refused(&self) -> bool {
        !self.refusals.is_empty()
    }

    fn refusals(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.refusals)
    }

    fn appended(&mut self, text: &str) -> Option<String> {
        let nl = super::resolve::default_line_end(text);
        match copies(&self.originals, self.options, nl) {
            Ok((texts, _)) if texts.is_empty() => None,
            Ok((texts, wanted)) => {
                self.expected = wanted;
                let (appended, end) = separated(text, &texts, nl);
                self.first_end = end;
                Some(appended)
            }
            Err(refusal) => {
                self.refusals.push(*refusal);
                None
            }
        }
    }

    fn check_appended(&self, text: &str, appended: &str) -> Option<Unfaithful> {
        differs(
            text,
            appended,
            (self.last_start, self.first_end),
            &self.expected,
            self.force,
        )
    }
}

impl Original {
    /// What a copy needs of the game `at`, or W013 (and `None`) for what it lacks.
    fn read(at: super::GameAt<'_>, refusals: &mut Vec<Diagnostic>) -> Option<Original> {
        let model = at.model;
        let span = model.get("Board").map_or_else(
            || {
                let start = at.parse.token(model.game.first).start as usize;
                start..start
            },
            Tag::text_span,
        );
        let board = model.value("Board").unwrap_or("").trim().to_owned();
        let mut refuse = |why: NotReplicated| {
            refusals.push(not_replicated(why, span.clone()));
            None
        };
        let deal = match model.value("Deal").map(crate::model::deal::parse) {
            Some((Some(deal), problems)) if problems.is_empty() => deal,
            _ => return refuse(NotReplicated::NoDeal),
        };
        let Some(dealer) = model.value("Dealer").and_then(Seat::parse) else {
            return refuse(NotReplicated::NoDealer);
        };
        // A board without a Vulnerable is taken as none vulnerable, as `renumber` takes it.
        let Some(vulnerable) = model
            .value("Vulnerable")
            .map_or(Some(Vulnerability::None), Vulnerability::parse)
        else {
            return refuse(NotReplicated::NoVulnerable);
        };
        let played = [
            ("VirtualBoard", board.clone()),
            ("VirtualDealer", dealer.letter().to_string()),
            ("VirtualVulnerable", vulnerable.canonical().to_owned()),
        ]
        .map(|(name, own)| {
            model
                .value(name)
                .map_or(own, |value| value.trim().to_owned())
        });
        if !played.iter().all(|value| crate::proof::writable(value)) {
            return refuse(NotReplicated::VirtualInherits);
        }
        let mut mts = Vec::new();
        for name in KEPT.iter().chain(&EMPTIED) {
            let Some(tag) = model.get(name) else {
                continue;
            };
            let value = if KEPT.contains(name) {
                tag.value.to_string()
            } else {
                String::new()
            };
            if !crate::proof::writable(&value) {
                refusals.push(crate::proof::unwritable(tag, tag.text_span()));
                return None;
            }
            mts.push((*name, value));
        }
        let mut analysis = Vec::new();
        for name in ["DoubleDummyTricks", "OptimumScore", "ParContract"] {
            if let Some(tag) = model.get(name)
                && crate::proof::writable(&tag.value)
            {
                analysis.push((name, tag.value.to_string()));
            }
        }
        let facts = crate::query::Board::new(at.parse, at.text, model);
        let tricks = facts.dd().copied();
        let stale_par = facts.par_contradicted();
        Some(Original {
            board,
            span,
            vulnerable,
            dealer,
            tricks,
            stale_par,
            played,
            deal,
            mts,
            analysis,
            table: written_table(at, model.get("OptimumResultTable")),
        })
    }

    /// The copy of this board on board `number` as block `block`: its text, and what the proof
    /// must read back of it.
    fn copy(&self, number: u64, block: u32, nl: &str) -> (String, Expected) {
        let (dealer, vulnerable) = standard_rotation(u32::try_from(number).unwrap_or(u32::MAX));
        let deal = crate::canon::deal_text(&self.deal, dealer);
        let mut tags: Vec<(&str, String)> = Vec::new();
        for name in crate::names::MTS {
            match name {
                "Board" => tags.push(("Board", number.to_string())),
                "Dealer" => tags.push(("Dealer", dealer.letter().to_string())),
                "Vulnerable" => tags.push(("Vulnerable", vulnerable.canonical().to_owned())),
                "Deal" => tags.push(("Deal", deal.clone())),
                _ => {
                    if let Some((_, value)) = self.mts.iter().find(|(n, _)| *n == name) {
                        tags.push((name, value.clone()));
                    }
                }
            }
        }
        let mut lines: Vec<String> = tags
            .iter()
            .map(|(name, value)| format!("[{name} {}]", quote_string(value)))
            .collect();
        // The other tags sorted by name (PBN 3.4, export format).
        let mut others: Vec<(&str, String)> = vec![
            ("BlockNumber", block.to_string()),
            ("VirtualBoard", self.played[0].clone()),
            ("VirtualDealer", self.played[1].clone()),
            ("VirtualVulnerable", self.played[2].clone()),
        ];
        // Par depends on the vulnerability and the dealer (PBN 4.2.7; the dealer's side bids
        // first): copied where both are the original's, else computed again from the table at
        // the copy's, and left out where there is no table (issue 63, item 3).
        let same = vulnerable == self.vulnerable && dealer == self.dealer;
        let par = self
            .tricks
            .filter(|_| !same)
            .map(|tricks| crate::par::par(&tricks, vulnerable, dealer));
        for (name, value) in &self.analysis {
            match (*name, &par) {
                ("DoubleDummyTricks", _) => others.push((name, value.clone())),
                _ if same => others.push((name, value.clone())),
                ("OptimumScore", Some(par)) => {
                    others.push((name, crate::par::score_words(par.ns)));
                }
                ("ParContract", Some(par)) => others.push((name, par.contracts_text())),
                _ => {}
            }
        }
        others.sort_by(|a, b| a.0.cmp(b.0));
        lines.extend(
            others
                .iter()
                .map(|(name, value)| format!("[{name} {}]", quote_string(value))),
        );
        // A table has section data: after the tags (PBN 3.4, export order).
        lines.extend(self.table.clone());
        let mut read_back: Vec<(&str, String)> = tags
            .iter()
            .filter(|(name, _)| *name != "Deal")
            .map(|(name, value)| (*name, value.clone()))
            .collect();
        read_back.extend(
            others[..]
                .iter()
                .filter(|(name, _)| name.starts_with("Virtual") || *name == "BlockNumber")
                .map(|(name, value)| (*name, value.clone())),
        );
        let expected = Expected {
            values: read_back
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect(),
            hands: hands(&self.deal),
            first: dealer,
            stale_par: same && self.stale_par,
        };
        (lines.join(nl), expected)
    }
}

/// The text of `table` (an OptimumResultTable) from its `[` to its last row, when the game
/// writes it itself and its section holds rows alone (a comment among them would be copied too).
fn written_table(at: super::GameAt<'_>, table: Option<&Tag<'_>>) -> Option<String> {
    let table = table.filter(|tag| tag.inheritance == Inheritance::None && !tag.duplicate)?;
    let mut end = table.span.end;
    for data in &table.pair.data {
        let Data::Element { last, .. } = data else {
            return None;
        };
        end = at.parse.token(*last).end as usize;
    }
    at.text.get(table.span.start..end).map(str::to_owned)
}

/// The cards of each seat of `deal` (`None`: a hand not given).
pub(super) fn hands(deal: &Deal) -> [Option<u64>; 4] {
    Seat::ALL.map(|seat| deal.hand(seat).map(|hand| hand.cards.mask()))
}

/// What the proof reads back of a copy.
#[derive(Debug, PartialEq, Eq)]
struct Expected {
    values: Vec<(String, String)>,
    hands: [Option<u64>; 4],
    first: Seat,
    /// Whether its OptimumScore contradicts its table (H004): only where the original's did and
    /// the copy is at the original's dealer and vulnerability, which copies it as it is.
    stale_par: bool,
}

/// The copies of `originals` (blocks 2 and up), one text, and what each must read back as; W013
/// when the numbering does not allow them.
fn copies(
    originals: &[Original],
    replicate: ReplicateOptions,
    nl: &str,
) -> Result<(Vec<String>, Vec<Expected>), Box<Diagnostic>> {
    let Some(first) = originals.first() else {
        return Ok((Vec::new(), Vec::new()));
    };
    let count = originals.len() as u64;
    // The first block keeps its numbers: they must run in order from the first board's.
    let from = match first.board.parse::<u64>() {
        Ok(number) if number >= 1 => number,
        _ => {
            return Err(Box::new(not_replicated(
                NotReplicated::BoardNotNumber,
                first.span.clone(),
            )));
        }
    };
    for (i, original) in originals.iter().enumerate() {
        let number = from + i as u64;
        if original.board.parse::<u64>().ok() != Some(number) {
            return Err(Box::new(not_replicated(
                NotReplicated::OutOfOrder { from, number },
                original.span.clone(),
            )));
        }
    }
    let size = replicate.size.map_or(count, u64::from);
    if size < count {
        return Err(Box::new(not_replicated(
            NotReplicated::BlockTooSmall { size, count },
            first.span.clone(),
        )));
    }
    let blocks = u64::from(replicate.blocks.max(1));
    let last = (blocks - 1) * size + count;
    if last > MOST_BOARDS {
        return Err(Box::new(not_replicated(
            NotReplicated::TooManyBoards {
                blocks,
                size,
                last,
                most: MOST_BOARDS,
            },
            first.span.clone(),
        )));
    }
    let mut text = Vec::new();
    let mut expected = Vec::new();
    for block in 2..=replicate.blocks {
        for (i, original) in originals.iter().enumerate() {
            let number = from + u64::from(block - 1) * size + i as u64;
            let (copy, wanted) = original.copy(number, block, nl);
            text.push(copy);
            expected.push(wanted);
        }
    }
    Ok((text, expected))
}

/// `copies` appended to `text`: after an empty line (PBN 3: games are separated by one), and
/// ending its last line, an empty line between two; and where the first copy ends in it.
fn separated(text: &str, copies: &[String], nl: &str) -> (String, usize) {
    let ends = text.ends_with('\n') || text.ends_with('\r');
    let blank = text.ends_with("\n\n") || text.ends_with("\r\n\r\n") || text.ends_with("\r\r");
    let before = match (text.is_empty(), ends, blank) {
        (true, _, _) | (false, true, true) => String::new(),
        (false, true, false) => nl.to_owned(),
        (false, false, _) => format!("{nl}{nl}"),
    };
    let first_end = before.len() + copies.first().map_or(0, String::len);
    let blank = format!("{nl}{nl}");
    (format!("{before}{}{nl}", copies.join(&blank)), first_end)
}

/// Why `copies` is not the copies `expected` to follow `text`, if it is not. The file's games
/// are its bytes, unchanged; what the copies could change of them is how the last one reads
/// (were the first copy to run on into it), so the last game is read back with the first copy
/// after it: the same facts, then one game more. The copies are read back by themselves (they
/// write every value the proof reads), each with its values, hands and dealer, and their count:
/// the proof costs the copies' text and one game, not the file again (issue 46: within 2x of
/// `check`).
fn differs(
    text: &str,
    copies: &str,
    (last_start, first_end): (usize, usize),
    expected: &[Expected],
    force: bool,
) -> Option<Unfaithful> {
    // The last game, and the first copy after it: a boundary they ran across would show here.
    let last = text.get(last_start..).unwrap_or("");
    let with_first = format!("{last}{}", copies.get(..first_end).unwrap_or(""));
    let (before, broken_before) = super::dedup::game_facts(last, &[], &[]);
    let (after, broken_after) = super::dedup::game_facts(&with_first, &[], &[]);
    if !force && broken_after > broken_before {
        return Some(Unfaithful::NewSyntaxError);
    }
    if after.len() != before.len() + usize::from(!expected.is_empty())
        || before
            .iter()
            .zip(&after)
            .any(|((was, _), (is, _))| was != is)
    {
        return Some(Unfaithful::LastGameChanged);
    }
    let mut read_back = Vec::new();
    crate::read::judged_games(copies, |parse, model, _| {
        let Some(wanted) = expected.get(read_back.len()) else {
            return false;
        };
        // No par its table contradicts that the original did not have at the same dealer and
        // vulnerability (issue 63, item 3).
        let stale_par = crate::query::Board::new(parse, copies, model).par_contradicted();
        let values = wanted
            .values
            .iter()
            .map(|(name, _)| (name.clone(), model.value(name).unwrap_or("").to_owned()))
            .collect();
        let (deal, problems) = crate::model::deal::parse(model.value("Deal").unwrap_or(""));
        let (hands, first) = match deal {
            Some(deal) if problems.is_empty() => (hands(&deal), deal.first),
            _ => ([None; 4], Seat::North),
        };
        read_back.push(Expected {
            values,
            hands,
            first,
            stale_par,
        });
        true
    });
    (read_back != expected).then_some(Unfaithful::CopyOtherwise)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "[Event \"Lesson\"]\n[Site \"\"]\n[Date \"2026.11.28\"]\n[Board \"1\"]\n\
        [West \"\"]\n[North \"Ann\"]\n[East \"\"]\n[South \"\"]\n[Dealer \"N\"]\n\
        [Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
        2.5432.5432.5432\"]\n[Scoring \"IMP\"]\n[Declarer \"S\"]\n[Contract \"7NT\"]\n\
        [Result \"13\"]\n[Auction \"N\"]\n1C Pass 7NT AP\n";

    fn replicate(text: &str, blocks: u32, size: Option<u32>) -> Rewritten {
        replicate_owned(
            text.as_bytes().to_vec(),
            ReplicateOptions { blocks, size },
            RewriteOptions::default(),
        )
    }

    fn output(rewritten: &Rewritten) -> String {
        rewritten.written_text()
    }

    #[test]
    fn a_copy_is_the_deal_on_its_own_board_naming_the_original() {
        let out = output(&replicate(BOARD, 3, Some(4)));
        assert!(out.starts_with(BOARD), "{out}");
        let copies = &out[BOARD.len()..];
        assert_eq!(
            copies,
            "\n[Event \"Lesson\"]\n[Site \"\"]\n[Date \"2026.11.28\"]\n[Board \"5\"]\n\
             [West \"\"]\n[North \"\"]\n[East \"\"]\n[South \"\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"NS\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
             2.5432.5432.5432\"]\n[Scoring \"IMP\"]\n[Declarer \"\"]\n[Contract \"\"]\n\
             [Result \"\"]\n[BlockNumber \"2\"]\n[VirtualBoard \"1\"]\n[VirtualDealer \"N\"]\n\
             [VirtualVulnerable \"None\"]\n\n\
             [Event \"Lesson\"]\n[Site \"\"]\n[Date \"2026.11.28\"]\n[Board \"9\"]\n\
             [West \"\"]\n[North \"\"]\n[East \"\"]\n[South \"\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"EW\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
             2.5432.5432.5432\"]\n[Scoring \"IMP\"]\n[Declarer \"\"]\n[Contract \"\"]\n\
             [Result \"\"]\n[BlockNumber \"3\"]\n[VirtualBoard \"1\"]\n[VirtualDealer \"N\"]\n\
             [VirtualVulnerable \"None\"]\n"
        );
    }

    #[test]
    fn a_block_that_is_not_a_multiple_of_four_moves_the_dealer_and_the_deal_follows() {
        // Block of 3: board 1's copy is board 4, dealt by West; the hands stay at their seats.
        let out = output(&replicate(BOARD, 2, Some(3)));
        assert!(
            out.contains(
                "[Board \"4\"]\n[West \"\"]\n[North \"\"]\n[East \"\"]\n[South \"\"]\n\
                 [Dealer \"W\"]\n[Vulnerable \"All\"]\n[Deal \"W:2.5432.5432.5432 \
                 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876\"]"
            ),
            "{out}"
        );
    }

    #[test]
    fn analysis_is_copied_and_par_only_at_the_same_vulnerability() {
        let text = "[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\r\n\
            [DoubleDummyTricks \"dddddddddddddddddddd\"]\r\n\
            [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\nN NT 13\r\nS NT 13\r\n\
            [OptimumScore \"NS 2220\"]\r\n[ParContract \"NS 7NT\"]\r\n";
        // Board 17 is dealt by North and none vulnerable as board 1 is; board 9 is not.
        let out = output(&replicate(text, 3, Some(8)));
        let (five, seventeen) = out.split_at(out.find("[Board \"17\"]").unwrap());
        let five = &five[text.len()..];
        // The table, which has section data, after the tags (export order).
        assert!(
            five.contains("[DoubleDummyTricks \"dddddddddddddddddddd\"]\r\n[OptimumScore "),
            "{five}"
        );
        assert!(
            five.contains(
                "[VirtualBoard \"1\"]\r\n\
                 [VirtualDealer \"N\"]\r\n[VirtualVulnerable \"None\"]\r\n\
                 [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n\
                 N NT 13\r\nS NT 13\r\n"
            ),
            "{five}"
        );
        // Board 9 is East-West vulnerable: its par is the table's at its own vulnerability and
        // dealer, never the original's (issue 63, item 3).
        assert!(five.contains("[Board \"9\"]"), "{five}");
        let tricks = crate::model::double_dummy::read_digits("dddddddddddddddddddd").unwrap();
        let (dealer, vulnerable) = standard_rotation(9);
        let par = crate::par::par(&tricks, vulnerable, dealer);
        assert!(
            five.contains(&format!(
                "[OptimumScore \"{}\"]\r\n[ParContract \"{}\"]\r\n",
                crate::par::score_words(par.ns),
                par.contracts_text()
            )) && !five.contains("NS 2220"),
            "{five}"
        );
        assert!(
            seventeen.contains(
                "[OptimumScore \"NS 2220\"]\r\n[ParContract \"NS 7NT\"]\r\n[VirtualBoard"
            ),
            "{seventeen}"
        );
        assert!(!out.contains("\r\n\n") && !out.replace("\r\n", "").contains('\n'));
    }

    #[test]
    fn what_cannot_be_copied_is_refused() {
        let refused = |text: &str, blocks, size| {
            let rewritten = replicate(text, blocks, size);
            assert!(rewritten.output.is_none(), "{text}");
            rewritten
                .problems
                .iter()
                .map(|problem| problem.message.clone())
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(refused("[Board \"1\"]\n[Dealer \"N\"]\n", 2, None).contains("no Deal"));
        let two = format!("{BOARD}\n{}", BOARD.replace("\"1\"", "\"3\""));
        assert!(refused(&two, 2, None).contains("should be board 2"));
        let two = format!("{BOARD}\n{}", BOARD.replace("\"1\"", "\"2\""));
        assert!(refused(&two, 2, Some(1)).contains("cannot hold the 2 boards"));
        assert!(refused(BOARD, 100, Some(200)).contains("at most 10000"));
        assert!(output(&replicate(&two, 2, None)).contains("[Board \"4\"]"));
        // However the file ends (no line end, or an empty line already), the copies follow after
        // one empty line and the proof reads the boundary right.
        for ending in ["", "\n\n", "\n\n\n"] {
            let text = format!("{}{ending}", BOARD.trim_end());
            let out = output(&replicate(&text, 2, None));
            assert!(out.starts_with(&text));
            assert_eq!(out.matches("\n\n[Event").count(), 1, "{out}");
        }
    }

    /// The result does not depend on how much is read at a time: the copies are those of every
    /// board, after the last one.
    #[test]
    fn the_chunk_size_changes_nothing() {
        let text: String = (1..=4)
            .map(|board| BOARD.replace("[Board \"1\"]", &format!("[Board \"{board}\"]")) + "\n")
            .collect();
        let whole = output(&replicate(&text, 3, Some(6)));
        assert_eq!(whole.matches("[BlockNumber").count(), 8, "{whole}");
        for chunk in [1, 300, 100_000] {
            let cut = replicate_owned(
                text.as_bytes().to_vec(),
                ReplicateOptions {
                    blocks: 3,
                    size: Some(6),
                },
                RewriteOptions {
                    chunk_bytes: Some(chunk),
                    ..RewriteOptions::default()
                },
            );
            assert_eq!(output(&cut), whole, "{chunk}");
        }
    }
}
