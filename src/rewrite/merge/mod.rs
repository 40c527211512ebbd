//! `pbnfmt merge` and `pbnfmt split` (issue 46, item 5): sets of boards joined into one file and
//! cut into several, every byte of every game kept.
//!
//! Each input is first read as `resolve` reads it: a file that gives values with `#` or `##`
//! (PBN 4.8) has them written out ([`super::resolve::resolve_bytes`]), so that no game takes a
//! value from a game of another file, or from one left in another part. The text before a file's
//! first game (`% PBN 2.1`, `% EXPORT`, a comment on the file) is the file's: `split` writes it at
//! the head of every part, and `merge` writes a later file's only when it differs from the first
//! file's, so that merging the parts of a split gives the file back byte for byte; a shuffle
//! writes it first with an empty line after it, so that it goes with no game. Every result
//! is proven by reading it back: the facts of its games, in order (a shuffle: the same facts in
//! another order), are the inputs'.
//!
//! Nothing is held whole (issue 63, item 9): the text with `#`/`##` written out, which may be a
//! thousand times the file, is spooled ([`Output`]: a temporary file beyond a few megabytes) and
//! read a window at a time ([`crate::read::windows`]), the result too, and a part of `split` is
//! a list of pieces of one spool, gathered as it is written. Memory is a window, a game, and 16
//! bytes a game for the proofs.

mod split;

use crate::rules::writing::{Boards, Unfaithful};
use std::io;

use crate::io::spool::Output;
use crate::model::{Inheritor, OwnedInheritance};
use crate::read::windows::{self, Chunk};
use crate::rewrite::{RewriteOptions, bug};
use crate::rules::diagnostic::Diagnostic;
use crate::source::{self, Encoding};

pub use split::{Cut, Part, Split, split};

/// Bytes of a file's written-out text kept in memory while it waits to be merged or split; the
/// rest goes to a temporary file.
const WAITING: usize = 1 << 20;

/// W004: a spool that could not be written or read (the disk, not pbnfmt).
fn not_spooled(error: &io::Error) -> Diagnostic {
    crate::rules::writing::result_not_read_back(&Unfaithful::NotSpooled(error.to_string()))
}

/// A file read for merging or splitting: its text with `#`/`##` written out (spooled), and how
/// it was encoded.
pub struct Read {
    resolved: Output,
    pub encoding: Encoding,
    pub bom: bool,
    /// True when the text holds no character beyond ASCII (the file's: resolving only copies its
    /// values and adds tag names).
    ascii: bool,
}

/// Reads one input as `resolve` does; `Err` with the problems when the file cannot be rewritten.
pub fn read(bytes: &[u8], options: RewriteOptions) -> Result<Read, Vec<Diagnostic>> {
    let resolved = super::resolve::resolve_bytes(bytes, options, false);
    // A value resolve leaves as it is (W005: it would read as `#`/`##` again; T024: a tag that
    // may not inherit) still hands a value to later games, which another file or part would not
    // have (found by fuzzing).
    let left = resolved.problems.iter().any(|problem| {
        matches!(
            problem.rule,
            crate::rules::Rule::UnwritableInheritedValue | crate::rules::Rule::ForbiddenInheritance
        )
    });
    if resolved.output.is_none() || left {
        return Err(resolved.problems);
    }
    if let Some(open) = crate::lexer::embedding_at(&resolved.decoded.text) {
        return Err(vec![crate::rules::writing::embedded_not_joined(open)]);
    }
    let Some(mut output) = resolved.output else {
        return Err(resolved.problems);
    };
    output.spill_beyond(WAITING);
    Ok(Read {
        resolved: output,
        encoding: resolved.decoded.encoding,
        bom: resolved.decoded.bom,
        ascii: resolved.decoded.text.is_ascii(),
    })
}

impl Read {
    /// Every chunk of the text, from its `skip`-th byte on, a window at a time.
    fn each_chunk(
        &mut self,
        skip: usize,
        each: impl FnMut(&Chunk<'_>) -> io::Result<bool>,
    ) -> io::Result<()> {
        let encoding = self.encoding;
        let reader = self.resolved.range_reader(0..u64::MAX)?;
        windows::each_chunk(windows::decoded(reader, encoding, skip), each)
    }

    /// The text before the first game (its first tag): read only as far as that game.
    fn preamble(&mut self) -> io::Result<String> {
        let mut preamble = String::new();
        self.each_chunk(0, |chunk| match first_tag(chunk) {
            Some(at) => {
                preamble.push_str(&chunk.window[chunk.range.start..at]);
                Ok(false)
            }
            None => {
                preamble.push_str(chunk.text());
                Ok(true)
            }
        })?;
        Ok(preamble)
    }

    /// The text, whole, in memory (the tests).
    pub fn text(&mut self) -> io::Result<String> {
        let mut text = String::new();
        self.each_chunk(0, |chunk| {
            text.push_str(chunk.text());
            Ok(true)
        })?;
        Ok(text)
    }
}

/// Where the first game of `chunk` that has a tag pair starts: its first tag (the comments
/// before it are the text before the game, a preamble's), in the window.
fn first_tag(chunk: &Chunk<'_>) -> Option<usize> {
    let mut inheritor: Inheritor<'_, '_> = Inheritor::default();
    chunk
        .parse
        .real_games()
        .filter_map(|game| {
            let model = inheritor.game(chunk.parse, chunk.window, game);
            model.written().map(|tag| tag.span.start).min()
        })
        .next()
}

/// Where a text stands at its end, as far as an empty line after it goes: enough to know what
/// [`Tail::filler`] adds without holding the text.
#[derive(Clone, Copy, Debug)]
struct Tail {
    empty: bool,
    /// The text ends with a line end.
    line_end: bool,
    /// The line being written holds only spaces and tabs (or nothing).
    current_blank: bool,
    /// The last line ended holds only spaces and tabs.
    last_blank: bool,
    /// The last byte is a CR (an LF after it ends no other line).
    after_cr: bool,
}

impl Default for Tail {
    fn default() -> Tail {
        Tail {
            empty: true,
            line_end: false,
            current_blank: true,
            last_blank: true,
            after_cr: false,
        }
    }
}

impl Tail {
    fn push(&mut self, text: &str) {
        for &byte in text.as_bytes() {
            self.empty = false;
            match byte {
                b'\n' if self.after_cr => self.after_cr = false,
                b'\r' | b'\n' => {
                    self.last_blank = self.current_blank;
                    self.current_blank = true;
                    self.line_end = true;
                    self.after_cr = byte == b'\r';
                }
                b' ' | b'\t' => {
                    self.line_end = false;
                    self.after_cr = false;
                }
                _ => {
                    self.line_end = false;
                    self.after_cr = false;
                    self.current_blank = false;
                }
            }
        }
    }

    /// What ends the text with an empty line (with `nl`), so that the next game starts after
    /// one; a line of spaces and tabs alone counts as empty (PBN 2.1: superfluous spaces do not
    /// matter).
    fn filler(&self, nl: &'static str) -> Filler {
        if self.empty {
            Filler::None
        } else if self.line_end {
            if self.last_blank {
                Filler::None
            } else {
                Filler::One(nl)
            }
        } else if self.current_blank {
            Filler::One(nl)
        } else {
            Filler::Two(nl)
        }
    }
}

/// The line ends [`Tail::filler`] adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Filler {
    None,
    One(&'static str),
    Two(&'static str),
}

impl Filler {
    fn text(self) -> String {
        match self {
            Filler::None => String::new(),
            Filler::One(nl) => nl.to_owned(),
            Filler::Two(nl) => format!("{nl}{nl}"),
        }
    }
}

/// The encoding of a result: the one shared by the inputs that hold a character beyond ASCII (a
/// file of ASCII alone reads alike in every encoding, and is detected as UTF-8); the first
/// input's when none does; UTF-8, which holds every character, when they differ. Gathered as
/// the inputs come.
#[derive(Default)]
struct Encodings {
    first: Option<Encoding>,
    beyond: Option<Encoding>,
    differ: bool,
    every_bom: bool,
    inputs: usize,
}

impl Encodings {
    fn add(&mut self, read: &Read) {
        self.every_bom = read.bom && (self.every_bom || self.inputs == 0);
        self.inputs += 1;
        self.first.get_or_insert(read.encoding);
        if !read.ascii {
            match self.beyond {
                None => self.beyond = Some(read.encoding),
                Some(encoding) => self.differ |= encoding != read.encoding,
            }
        }
    }

    fn result(&self) -> (Encoding, bool) {
        match (self.beyond.or(self.first), self.differ) {
            (Some(encoding), false) => (encoding, self.every_bom),
            _ => (Encoding::Utf8, false),
        }
    }
}

/// What merging made: the bytes, or why they were not made (a bug: the result did not read back
/// as the inputs).
pub struct Merged {
    pub output: Result<Output, Diagnostic>,
    pub games: usize,
}

impl Merged {
    /// The bytes, in memory (the tests).
    pub fn bytes(self) -> Result<Vec<u8>, Box<Diagnostic>> {
        self.output
            .map_err(Box::new)?
            .into_bytes()
            .map_err(|error| Box::new(not_spooled(&error)))
    }
}

/// A merge as its inputs come, in order: each input's text is written to one spool in UTF-8
/// as it is read, with the facts of its games; [`Merger::finish`] shuffles, encodes and proves.
pub struct Merger {
    joined: Output,
    tail: Tail,
    /// The facts of every game, as each input's text written reads alone.
    expected: Vec<u128>,
    first_preamble: Option<String>,
    nl: Option<&'static str>,
    encodings: Encodings,
    shuffle: Option<u64>,
    /// The boards numbered from 1.
    renumber: bool,
}

impl Merger {
    pub fn new(shuffle: Option<u64>, renumber: bool) -> Merger {
        Merger {
            joined: Output::spilling_at(WAITING),
            tail: Tail::default(),
            expected: Vec::new(),
            first_preamble: None,
            nl: None,
            encodings: Encodings::default(),
            shuffle,
            renumber,
        }
    }

    /// Writes the next input's text. `Err`: a spool that cannot be written or read.
    pub fn add(&mut self, mut read: Read) -> Result<(), Box<Diagnostic>> {
        self.encodings.add(&read);
        let io = |error: io::Error| Box::new(not_spooled(&error));
        // The first file's preamble is not repeated: a later file's that starts with it (the
        // same lines, and maybe more of its own) is written from after it.
        let preamble = read.preamble().map_err(io)?;
        let from = match &self.first_preamble {
            Some(first) if preamble.starts_with(first.as_str()) => first.len(),
            Some(_) => 0,
            None => {
                self.first_preamble = Some(preamble);
                0
            }
        };
        let mut filler = Some(self.tail.filler(self.nl.unwrap_or("\r\n")));
        let mut carried = OwnedInheritance::default();
        read.each_chunk(from, |chunk| {
            let text = chunk.text();
            if self.nl.is_none() {
                self.nl = super::resolve::line_end_at(text, 0);
            }
            if let Some(filler) = filler.take() {
                self.write(&filler.text())?;
            }
            // Each input's games read alone, as its text is written (a shuffle's are read from
            // the whole text laid out for it, in `shuffled`).
            if self.shuffle.is_none() {
                super::dedup::chunk_facts(
                    chunk.parse,
                    chunk.window,
                    &mut carried,
                    &mut self.expected,
                );
            }
            self.write(text)?;
            Ok(true)
        })
        .map_err(io)?;
        // An input with nothing after the preamble still ends the text before it with an empty
        // line.
        if let Some(filler) = filler {
            self.write(&filler.text()).map_err(io)?;
        }
        // The line end of the first file's first line, else CR LF (PBN 2.3).
        self.nl.get_or_insert("\r\n");
        Ok(())
    }

    fn write(&mut self, text: &str) -> io::Result<()> {
        self.tail.push(text);
        self.joined.push(text.as_bytes())
    }

    /// The result: shuffled when asked, in the inputs' encoding, proven by reading it back.
    pub fn finish(self) -> Merged {
        match self.finished() {
            Ok(merged) => merged,
            Err(error) => Merged {
                output: Err(not_spooled(&error)),
                games: 0,
            },
        }
    }

    fn finished(self) -> io::Result<Merged> {
        let nl = self.nl.unwrap_or("\r\n");
        let mut text = self.joined;
        let mut expected = self.expected;
        let mut ordered = true;
        if let Some(seed) = self.shuffle {
            (text, expected) = shuffled(text, seed, nl)?;
            ordered = false;
        }
        let refused = |problem: Diagnostic, games: usize| {
            Ok(Merged {
                output: Err(problem),
                games,
            })
        };
        if self.renumber {
            // The boards in their final order proven before they are numbered, a chunk at a time
            // by renumber's own edit and proof.
            let (after, games) = read_back(&mut text, Encoding::Utf8)?;
            if let Some(problem) = differs(after, expected, ordered) {
                return refused(problem, games);
            }
            match renumbered(text)? {
                Ok(numbered) => (text, expected) = numbered,
                Err(problem) => return refused(problem, games),
            }
            ordered = true;
        }
        let (encoding, bom) = self.encodings.result();
        let mut output = if (encoding, bom) == (Encoding::Utf8, false) {
            text
        } else {
            match encoded(&mut text, encoding, bom)? {
                Ok(output) => output,
                Err(problem) => return refused(problem, 0),
            }
        };
        // Read back: the games' facts, in order (shuffled: in any order), are the inputs'.
        let (after, games) = read_back(&mut output, encoding)?;
        if let Some(problem) = differs(after, expected, ordered) {
            return refused(problem, games);
        }
        Ok(Merged {
            output: Ok(output),
            games,
        })
    }
}

/// The facts of the games of `text` in `encoding`, read back a window at a time, and how many
/// games have a tag pair.
fn read_back(text: &mut Output, encoding: Encoding) -> io::Result<(Vec<u128>, usize)> {
    let mut after = Vec::new();
    let mut games = 0;
    let mut carried = OwnedInheritance::default();
    windows::each_chunk(
        windows::decoded(text.range_reader(0..u64::MAX)?, encoding, 0),
        |chunk| {
            games += chunk.parse.real_games().count();
            super::dedup::chunk_facts(chunk.parse, chunk.window, &mut carried, &mut after);
            Ok(true)
        },
    )?;
    Ok((after, games))
}

/// Why the games read back (`after`) are not those `expected`, in order or, for a shuffle, in any
/// order.
fn differs(mut after: Vec<u128>, mut expected: Vec<u128>, ordered: bool) -> Option<Diagnostic> {
    if !ordered {
        expected.sort_unstable();
        after.sort_unstable();
    }
    (after != expected).then(|| bug(Unfaithful::MergedOtherwise))
}

/// The UTF-8 text `text` in `encoding` (with a byte-order mark when `bom`), a window at a time.
fn encoded(
    text: &mut Output,
    encoding: Encoding,
    bom: bool,
) -> io::Result<Result<Output, Diagnostic>> {
    let mut output = Output::spilling_at(WAITING);
    let mut first = true;
    let mut more = windows::decoded(text.range_reader(0..u64::MAX)?, Encoding::Utf8, 0);
    loop {
        let mut piece = String::new();
        let end = more(&mut piece)?;
        match source::encode(&piece, encoding, bom && first) {
            Ok(bytes) => output.push(&bytes)?,
            Err(error) => return Ok(Err(bug(Unfaithful::from(&error)))),
        }
        first = false;
        if end {
            return Ok(Ok(output));
        }
    }
}

/// The UTF-8 text `text` with its boards numbered from 1, a chunk of games at a time, each by
/// renumber's own edit and proof ([`super::renumber::renumber_owned`]); with the facts its
/// games must read back with.
fn renumbered(mut text: Output) -> io::Result<Result<(Output, Vec<u128>), Diagnostic>> {
    let mut output = Output::spilling_at(WAITING);
    let mut expected = Vec::new();
    let mut number = 1u64;
    let mut refused = None;
    windows::each_chunk(
        windows::decoded(text.range_reader(0..u64::MAX)?, Encoding::Utf8, 0),
        |chunk| {
            let games = chunk.parse.real_games().count() as u64;
            let numbered = if games == 0 {
                chunk.text().to_owned()
            } else {
                match numbered(chunk.text(), number) {
                    Ok(numbered) => numbered,
                    Err(problem) => {
                        refused = Some(problem);
                        return Ok(false);
                    }
                }
            };
            number = number.saturating_add(games);
            expected.extend(
                super::dedup::game_facts(&numbered, &[], &[])
                    .0
                    .into_iter()
                    .map(|(hash, _)| hash),
            );
            output.push(numbered.as_bytes())?;
            Ok(true)
        },
    )?;
    Ok(match refused {
        Some(problem) => Err(*problem),
        None => Ok((output, expected)),
    })
}

/// `text` (a chunk of games of the merged text) with its boards numbered from `from`: renumber's
/// own edit and proof ([`super::renumber::renumber_owned`]), a chunk at a time.
fn numbered(text: &str, from: u64) -> Result<String, Box<Diagnostic>> {
    let numbered = super::renumber::renumber_owned(
        text.as_bytes().to_vec(),
        &super::renumber::RenumberOptions {
            from,
            ..super::renumber::RenumberOptions::default()
        },
        RewriteOptions {
            input_encoding: Some(Encoding::Utf8),
            ..RewriteOptions::default()
        },
    );
    match numbered.output_bytes().map(String::from_utf8) {
        Some(Ok(text)) => Ok(text),
        Some(Err(_)) => Err(Box::new(bug(Unfaithful::RenumberedNotUtf8))),
        None => Err(Box::new(match numbered.problems.first() {
            Some(problem) if !super::is_bug(problem) => {
                crate::rules::writing::not_renumbered(Boards::Merged, problem)
            }
            problem => bug(Unfaithful::NotRenumbered {
                boards: Boards::Merged,
                why: problem.map(|p| p.message.clone()),
            }),
        })),
    }
}

/// The inputs, in order, in one text; shuffled (the games in an order drawn from `shuffle`)
/// and numbered from 1 when asked.
pub fn merge(reads: Vec<Read>, shuffle: Option<u64>, renumber: bool) -> Merged {
    let mut merger = Merger::new(shuffle, renumber);
    for read in reads {
        if let Err(problem) = merger.add(read) {
            return Merged {
                output: Err(*problem),
                games: 0,
            };
        }
    }
    merger.finish()
}

/// The merged text `joined` (UTF-8) with its games in an order drawn from `seed` (Fisher-Yates
/// with SplitMix64: the same seed gives the same order on every machine), and the facts its games
/// must read back with.
///
/// The preamble is the file's, not its first game's: shuffled, it stands apart, an empty line
/// after it, so that it goes with no game. (Bridge Composer writes its `%` lines straight into
/// the first game, whose facts held them: the game moved, the lines stayed, and the proof called
/// the result a bug, issue 65 item 2.) The facts expected are read from the text laid out so.
fn shuffled(mut joined: Output, seed: u64, nl: &'static str) -> io::Result<(Output, Vec<u128>)> {
    // The preamble's length and where each game starts, in bytes of the text.
    let mut preamble: Option<u64> = None;
    let mut starts: Vec<u64> = Vec::new();
    windows::each_chunk(
        windows::decoded(joined.range_reader(0..u64::MAX)?, Encoding::Utf8, 0),
        |chunk| {
            let mut inheritor: Inheritor<'_, '_> = Inheritor::default();
            for game in &chunk.parse.games {
                let start = chunk.parse.span(game.first, game.last).start;
                if preamble.is_none() {
                    let first = (!game.is_empty())
                        .then(|| inheritor.game(chunk.parse, chunk.window, game))
                        .and_then(|model| model.written().map(|tag| tag.span.start).min());
                    match first {
                        Some(at) => {
                            preamble = Some(chunk.base + at as u64);
                            starts.push(chunk.base + at as u64);
                        }
                        // Text before the first game (a comment alone) is the preamble's.
                        None => continue,
                    }
                } else {
                    starts.push(chunk.base + start as u64);
                }
            }
            Ok(true)
        },
    )?;
    let total = joined.len();
    let preamble = preamble.unwrap_or(total);
    let mut apart = String::from_utf8_lossy(&joined.read_range(0..preamble)?).into_owned();
    if preamble > 0 {
        let mut tail = Tail::default();
        tail.push(&apart);
        apart.push_str(&tail.filler(nl).text());
    }
    // The facts of the text laid out so: the preamble apart, then the games as they were.
    let mut expected = Vec::new();
    let mut carried = OwnedInheritance::default();
    {
        let mut head = Some(apart.clone());
        let mut rest = windows::decoded(joined.range_reader(preamble..total)?, Encoding::Utf8, 0);
        windows::each_chunk(
            |text: &mut String| match head.take() {
                Some(head) => {
                    text.push_str(&head);
                    Ok(false)
                }
                None => rest(text),
            },
            |chunk| {
                super::dedup::chunk_facts(chunk.parse, chunk.window, &mut carried, &mut expected);
                Ok(true)
            },
        )?;
    }
    let mut order: Vec<std::ops::Range<u64>> = starts
        .iter()
        .enumerate()
        .map(|(i, &start)| start..starts.get(i + 1).copied().unwrap_or(total))
        .collect();
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for i in (1..order.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    let mut out = Output::spilling_at(WAITING);
    let mut tail = Tail::default();
    tail.push(&apart);
    out.push(apart.as_bytes())?;
    for (i, range) in order.into_iter().enumerate() {
        if i > 0 {
            let filler = tail.filler(nl).text();
            tail.push(&filler);
            out.push(filler.as_bytes())?;
        }
        let game = joined.read_range(range)?;
        let game = String::from_utf8_lossy(&game);
        tail.push(&game);
        out.push(game.as_bytes())?;
    }
    Ok((out, expected))
}

#[cfg(test)]
mod tests;
