//! `pbnfmt split`: a file cut into parts, each starting with the file's preamble, proven by
//! reading every part back. A part is not held: its bytes are pieces of one spool shared by the
//! parts of every file ([`Split`]), gathered as the part is written.

use std::collections::HashMap;
use std::io::{self, Write};
use std::ops::Range;

use super::{Read, Tail, WAITING};
use crate::io::spool::Output;
use crate::model::{Inheritor, OwnedInheritance};
use crate::read::windows;
use crate::rewrite::bug;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::writing::Unfaithful;
use crate::source::{self, Encoding};

/// Why a file could not be split: a spool that could not be written or read, or a result that
/// does not read back (W004).
pub type Failed = Box<Diagnostic>;

/// How `split` cuts a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Every N boards.
    Every(usize),
    /// By the value of a tag: one part for each value, in the order they first come.
    By(String),
}

/// One part of a split: the key that names it (the part's number from 1, or the tag's value;
/// `None` for the games that do not give the tag), and its bytes, as pieces of the [`Split`]'s
/// spool.
pub struct Part {
    pub key: Option<String>,
    pieces: Vec<Range<u64>>,
    /// The facts its games must read back with.
    expected: Vec<u128>,
    /// How the last game written ends.
    tail: Option<Tail>,
}

/// The bytes of the parts of one or more files, in one spool (a temporary file beyond a few
/// megabytes).
pub struct Split {
    spool: Output,
}

impl Default for Split {
    fn default() -> Split {
        Split::new()
    }
}

impl Split {
    pub fn new() -> Split {
        Split {
            spool: Output::spilling_at(WAITING),
        }
    }

    /// Writes the bytes of `part` to `out`.
    pub fn write_part(&mut self, part: &Part, out: &mut dyn Write) -> io::Result<()> {
        for piece in &part.pieces {
            self.spool.copy_range(piece.clone(), out)?;
        }
        Ok(())
    }

    /// The bytes of `part`, in memory (the tests).
    pub fn bytes(&mut self, part: &Part) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.write_part(part, &mut bytes)?;
        Ok(bytes)
    }

    /// Writes `text` in `encoding` to the spool: where it went.
    fn write(&mut self, text: &str, encoding: Encoding, bom: bool) -> Result<Range<u64>, Failed> {
        let bytes = source::encode(text, encoding, bom)
            .map_err(|error| Box::new(bug(Unfaithful::from(&error))))?;
        let start = self.spool.len();
        self.spool
            .push(&bytes)
            .map_err(|error| Box::new(super::not_spooled(&error)))?;
        Ok(start..self.spool.len())
    }

    /// The facts of the games of `part` after its first `skip` bytes of text, read back as
    /// written.
    fn read_back(&mut self, part: &Part, encoding: Encoding, skip: usize) -> io::Result<Vec<u128>> {
        let mut bytes = Output::spilling_at(WAITING);
        for piece in &part.pieces {
            self.spool.copy_range(piece.clone(), &mut bytes)?;
        }
        let mut after = Vec::new();
        let mut carried = OwnedInheritance::default();
        windows::each_chunk(
            windows::decoded(bytes.range_reader(0..u64::MAX)?, encoding, skip),
            |chunk| {
                super::super::dedup::chunk_facts(
                    chunk.parse,
                    chunk.window,
                    &mut carried,
                    &mut after,
                );
                Ok(true)
            },
        )?;
        Ok(after)
    }
}

/// What a unit of the file (a game, from its first byte to the next game's, or a comment alone
/// between games) is split by: `Some(Some(value))` or `Some(None)` for a game with or without
/// the tag, `None` for a comment alone, which goes with the game before it.
type Key = Option<Option<String>>;

/// The parts of a file being cut, as its units come.
struct Cutter<'c> {
    cut: &'c Cut,
    encoding: Encoding,
    parts: Vec<Part>,
    /// Each value's part, found by its key, not by a walk over the parts so far (issue 63,
    /// item 11: quadratic).
    place: HashMap<Option<String>, usize>,
    /// The pieces every part starts with: the byte-order mark and the preamble.
    head: Vec<Range<u64>>,
    units: usize,
    /// The part of the unit before.
    last: Option<usize>,
    nl: Option<&'static str>,
}

impl Cutter<'_> {
    /// Adds the unit `text` to its part.
    fn unit(&mut self, split: &mut Split, text: &str, key: Key) -> Result<(), Failed> {
        let index = match self.cut {
            Cut::Every(n) => self.units / (*n).max(1),
            // A game without the tag goes to a part of its own, never to the previous game's
            // (issue 65, item 4); a comment alone goes with the game before it.
            Cut::By(_) => match (key, self.last) {
                (None, Some(last)) => last,
                (key, _) => {
                    let key = key.flatten();
                    match self.place.get(&key) {
                        Some(&at) => at,
                        None => {
                            self.place.insert(key.clone(), self.parts.len());
                            self.new_part(key);
                            self.parts.len() - 1
                        }
                    }
                }
            },
        };
        if let Cut::Every(_) = self.cut
            && index == self.parts.len()
        {
            self.new_part(Some((index + 1).to_string()));
        }
        self.units += 1;
        self.last = Some(index);
        let nl = self.nl.unwrap_or("\r\n");
        let encoding = self.encoding;
        let part = &mut self.parts[index];
        if let Some(tail) = part.tail {
            let filler = tail.filler(nl).text();
            if !filler.is_empty() {
                part.pieces.push(split.write(&filler, encoding, false)?);
            }
        }
        part.pieces.push(split.write(text, encoding, false)?);
        part.expected.extend(
            super::super::dedup::game_facts(text, &[], &[])
                .0
                .into_iter()
                .map(|(hash, _)| hash),
        );
        let mut tail = Tail::default();
        tail.push(text);
        part.tail = Some(tail);
        Ok(())
    }

    fn new_part(&mut self, key: Option<String>) {
        self.parts.push(Part {
            key,
            pieces: self.head.clone(),
            expected: Vec::new(),
            tail: None,
        });
    }
}

/// `read` cut as `cut` says, into `split`'s spool, proven: the parts' games, in order, are the
/// file's (for `--by`, in the order of the parts), each part starting with the file's preamble.
pub fn split(split: &mut Split, read: &mut Read, cut: &Cut) -> Result<Vec<Part>, Failed> {
    let (encoding, bom) = (read.encoding, read.bom);
    let mut cutter = Cutter {
        cut,
        encoding,
        parts: Vec::new(),
        place: HashMap::new(),
        head: Vec::new(),
        units: 0,
        last: None,
        nl: None,
    };
    if bom {
        cutter.head.push(split.write("", encoding, true)?);
    }
    // The text of the unit being read (before the first game: the preamble), and its key.
    let mut pending = String::new();
    let mut key: Option<Key> = None;
    let mut preamble_len = None;
    let mut failed = None;
    read.each_chunk(0, |chunk| {
        if cutter.nl.is_none() {
            cutter.nl = super::super::resolve::line_end_at(chunk.text(), 0);
        }
        let mut inheritor: Inheritor<'_, '_> = Inheritor::default();
        let mut at = chunk.range.start;
        for game in &chunk.parse.games {
            let model = (!game.is_empty()).then(|| inheritor.game(chunk.parse, chunk.window, game));
            let start = match &key {
                None => {
                    // Text before the first game (a comment alone) is the preamble's; the
                    // first game starts at its first tag.
                    let Some(first) = model
                        .as_ref()
                        .and_then(|model| model.written().map(|tag| tag.span.start).min())
                    else {
                        continue;
                    };
                    pending.push_str(&chunk.window[at..first]);
                    preamble_len = Some(pending.len());
                    match split.write(&pending, encoding, false) {
                        Ok(piece) => cutter.head.push(piece),
                        Err(error) => {
                            failed = Some(error);
                            return Ok(false);
                        }
                    }
                    pending.clear();
                    first
                }
                Some(_) => {
                    let start = chunk.parse.span(game.first, game.last).start;
                    pending.push_str(&chunk.window[at..start]);
                    let done = key.take().flatten();
                    if let Err(error) = cutter.unit(split, &pending, done) {
                        failed = Some(error);
                        return Ok(false);
                    }
                    pending.clear();
                    start
                }
            };
            at = start;
            key = Some(match (cut, &model) {
                (Cut::By(name), Some(model)) => {
                    Some(model.value(name).map(|value| value.trim().to_owned()))
                }
                (Cut::Every(_), Some(_)) => Some(None),
                (_, None) => None,
            });
        }
        pending.push_str(&chunk.window[at..chunk.range.end]);
        Ok(true)
    })
    .map_err(|error| Box::new(super::not_spooled(&error)))?;
    if let Some(error) = failed {
        return Err(error);
    }
    let preamble_len = match (key, preamble_len) {
        (Some(last), Some(preamble_len)) => {
            cutter.unit(split, &pending, last)?;
            preamble_len
        }
        // A file without a game is one part: its text.
        _ => {
            let whole = pending.len();
            cutter.head.push(split.write(&pending, encoding, false)?);
            let key = match cut {
                Cut::Every(_) => Some("1".to_owned()),
                Cut::By(_) => None,
            };
            cutter.new_part(key);
            whole
        }
    };
    drop(pending);
    // Read back: each part's games are those put in it, and all the parts' games are the file's.
    let io = |error: io::Error| Box::new(super::not_spooled(&error));
    let mut whole = Vec::new();
    let mut carried = OwnedInheritance::default();
    read.each_chunk(preamble_len, |chunk| {
        super::super::dedup::chunk_facts(chunk.parse, chunk.window, &mut carried, &mut whole);
        Ok(true)
    })
    .map_err(io)?;
    let mut after = Vec::new();
    let mut expected = Vec::new();
    for part in &cutter.parts {
        after.extend(split.read_back(part, encoding, preamble_len).map_err(io)?);
        expected.extend_from_slice(&part.expected);
    }
    let mut sorted_whole = whole;
    let mut sorted_after = after.clone();
    sorted_whole.sort_unstable();
    sorted_after.sort_unstable();
    if after != expected || sorted_after != sorted_whole {
        return Err(Box::new(bug(Unfaithful::PartsOtherwise)));
    }
    Ok(cutter.parts)
}
