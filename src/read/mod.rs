//! The front door: how a file's bytes become games for every command that reads them. [`Driver`]
//! is the one reader: it sniffs what kind of text a file is once ([`Kind`]: PBN, BBO's LIN, or
//! not text at all), cuts the text into chunks of whole games, parses them (here or a thread
//! ahead, [`Feed`]), sees what each chunk shows of the file ([`sniff`]), counts the games, and
//! carries `#`/`##` (PBN 4.8) from chunk to chunk to build the games' models ([`Driver::games`]).
//! Each command is a sink of it: it takes the chunks, or the games, in file order. What the
//! driver finds it hands on as data ([`ChunkSniffed`], [`Sniffed`], the parser's syntax problems
//! in each [`Parse`]); `rules::reading` words it. [`threads`] reads the chunks of one file on
//! several threads at once (`check -j`), [`stream`] a file too large to hold a window at a time,
//! and [`frame`] is the one frame of every rewrite: a [`frame::Rewrite`] is the sink of a command
//! that writes its file again.
//!
//! Below it are the model and the front (source, lexer, syntax, parser), which do no I/O;
//! files are opened here ([`stream`]) and at the edge (`cli/`).

pub mod frame;
mod lin;
pub mod sniff;
pub mod stream;
pub mod threads;
mod verdict;
pub mod windows;

use std::ops::Range;

use crate::model::{GameModel, Inheritor};
use crate::parser;
use crate::source::Decoded;
use crate::syntax::{Game, Parse};

pub use lin::{is_lin, pbn_texts};
pub use sniff::{ChunkSniffed, NotText, Sniff};
pub use verdict::Verdict;

use crate::rules::diagnostic::Limit;
use threads::{Carry, Work};
use verdict::Reading;

/// What kind of text a file is, sniffed once before any chunk is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// PBN text (or text that is read as PBN and judged as it goes: chess PGN shows only over
    /// every chunk, [`Sniffed::chess`]).
    Pbn,
    /// A LIN file of BBO (`../docs/lin-format.md`), which LIN's own reader reads.
    Lin,
    /// Not text at all (a PBI file, binary data, UTF-16 without its byte-order mark): not worth
    /// parsing.
    NotText(NotText),
}

/// What reading a file found of the file as a whole, as data for `rules::reading` to word.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sniffed {
    /// Why the file is not text at all.
    pub not_text: Option<NotText>,
    /// Where the file shows that it is chess PGN, judged over every chunk read.
    pub chess: Option<Range<usize>>,
    /// The games read (those with a token of their own).
    pub games: usize,
    /// Where the text shows that it is BBO's LIN (its first tag), for the commands that read
    /// PBN only (the rewrites: `check` and `convert` read LIN).
    pub lin: Option<Range<usize>>,
    /// Where a text that is not PBN at all shows it ([`sniff::Sniff::not_pbn`]).
    pub not_pbn: Option<Range<usize>>,
}

/// Where the chunks are parsed: on the thread that takes them in, or on a thread of their own,
/// up to this many chunks ahead of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    Here,
    Ahead(usize),
}

/// One chunk of whole games, parsed, with what it showed of the file.
pub struct Chunk {
    pub parse: Parse,
    pub found: ChunkSniffed,
}

/// The one reader of PBN text for every command (see the module's documentation).
pub struct Driver<'t> {
    text: &'t str,
    /// The text reads as LIN ([`sniff::looks_like_lin`]); what else it is, the sniffer holds.
    lin: bool,
    sniff: Sniff<'t>,
    games: usize,
    /// The bytes of a chunk of [`Driver::games`].
    target: usize,
}

impl<'t> Driver<'t> {
    /// Sniffs the decoded text of a file: LIN, text that is not PBN at all, or PBN.
    fn new(decoded: &'t Decoded) -> Driver<'t> {
        let text = decoded.text.as_str();
        Driver {
            text,
            lin: sniff::looks_like_lin(text),
            sniff: Sniff::new(decoded),
            games: 0,
            target: parser::CHUNK_BYTES,
        }
    }

    /// A reader of text taken to be PBN without sniffing it (a command's own output, a text
    /// already judged): its kind is [`Kind::Pbn`], and only `<PBN>` is looked for.
    fn pbn(text: &'t str) -> Driver<'t> {
        Driver {
            text,
            lin: false,
            sniff: Sniff::of_pbn(text),
            games: 0,
            target: parser::CHUNK_BYTES,
        }
    }

    /// Reads [`Driver::games`] about `target` bytes at a time ([`parser::CHUNK_BYTES`] unless
    /// told): what is read does not depend on it, and tests set it small to prove that.
    pub fn with_target(mut self, target: usize) -> Driver<'t> {
        self.target = target;
        self
    }

    /// What kind of text this is, as sniffed when the driver was made.
    pub fn kind(&self) -> Kind {
        match &self.sniff.not_text {
            _ if self.lin => Kind::Lin,
            Some(not_text) => Kind::NotText(not_text.clone()),
            None => Kind::Pbn,
        }
    }

    /// False for a file that is not text (PBI, binary, UTF-16 without a BOM): not worth parsing.
    pub fn wants_chunks(&self) -> bool {
        self.sniff.not_text.is_none()
    }

    /// True when the text embeds PBN in another document (PBN 6.2): it is then one chunk.
    pub fn is_embedded(&self) -> bool {
        self.sniff.embedded
    }

    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The chunks of the text, each of about `target` bytes of whole games at least
    /// ([`parser::chunks`]), parsed and sniffed in file order as they are taken.
    pub fn chunks(&mut self, target: usize) -> Chunks<'_, 't> {
        Chunks {
            chunks: self.sniff.chunks(target),
            sniff: &mut self.sniff,
            games: &mut self.games,
        }
    }

    /// Hands every chunk to `sink` in file order, parsed where `feed` says. A text of one chunk
    /// is not worth a thread.
    pub fn each_chunk(&mut self, target: usize, feed: Feed, mut sink: impl FnMut(&Chunk)) {
        let long = self.text.len() > target;
        let chunks = self.chunks(target);
        match feed {
            Feed::Ahead(ahead) if long => crate::parallel::pipeline(chunks, ahead, sink),
            _ => chunks.for_each(|chunk| sink(&chunk)),
        }
    }

    /// Every game of the text with its model, read a chunk of games at a time with the `#`/`##`
    /// state carried from chunk to chunk (PBN 4.8), as `check` reads a file: memory is one chunk's
    /// trees whatever the text's size. `chunk` sees each chunk before its games; `each` gets each
    /// game that holds a tag pair with its model, and returns false to stop.
    pub fn games(
        &mut self,
        chunk: impl FnMut(&Chunk),
        mut each: impl FnMut(&Parse, &Game, &GameModel<'_>) -> bool,
    ) {
        self.all_games(chunk, |parse, game, model| {
            model.is_none_or(|model| each(parse, game, model))
        });
    }

    /// [`Driver::games`], with the games that hold no tag pair too (text between games, a
    /// comment alone), which have no model.
    pub fn all_games(
        &mut self,
        mut chunk: impl FnMut(&Chunk),
        mut each: impl FnMut(&Parse, &Game, Option<&GameModel<'_>>) -> bool,
    ) {
        let text = self.text;
        // As `check` carries them (`threads::Carry`): values are remembered only when a `#`
        // can look one up.
        let mut inheritor: Inheritor<'_, 'static> = Inheritor::for_text(text);
        for read in self.chunks(self.target) {
            chunk(&read);
            let parse = &read.parse;
            let mut reading: Inheritor<'_, '_> = std::mem::take(&mut inheritor);
            for game in &parse.games {
                let model = (!game.is_empty()).then(|| reading.game(parse, text, game));
                if !each(parse, game, model.as_ref()) {
                    return;
                }
            }
            inheritor = reading.detach();
        }
    }

    /// What was found of the file as a whole, once its chunks are read.
    pub fn finish(self) -> Sniffed {
        let lin = self.lin.then(|| {
            let start = self.text.len()
                - self
                    .text
                    .trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n'])
                    .len();
            start..start + 2
        });
        Sniffed {
            chess: self.sniff.chess(),
            not_pbn: self.sniff.not_pbn(),
            not_text: self.sniff.not_text,
            games: self.games,
            lin,
        }
    }
}

/// The one way into a file's games (issue 59): the [`Driver`] and the reading's verdict
/// together, so that no command reads a chunk that the verdict has not seen. Every chunk is
/// vetted (its syntax errors and what it shows of the file worded) before a sink gets it, and
/// [`Reader::finish`] says what the file is: a command acts on what it read only when the
/// [`Verdict`] says the file is PBN.
pub struct Reader<'t> {
    driver: Driver<'t>,
    reading: Reading<'t>,
}

/// What [`Reader::read_chunks`] hands its sink: how many findings the reading holds as they
/// grow (for a run that bounds the findings held at once), and each chunk with its work's
/// result, in file order.
pub enum Taken<'c, F> {
    Held(usize),
    Chunk(&'c Chunk, F),
}

impl<'t> Reader<'t> {
    /// Sniffs the decoded text of a file: LIN, text that is not PBN at all, or PBN.
    pub fn new(decoded: &'t Decoded) -> Reader<'t> {
        Reader {
            driver: Driver::new(decoded),
            reading: Reading::new(decoded),
        }
    }

    /// Keeps at most `limit.keep` findings of the reading.
    pub fn with_limit(mut self, limit: Limit) -> Reader<'t> {
        self.reading = self.reading.with_limit(limit);
        self
    }

    /// Words and keeps only the syntax findings of `rules` (the rest would be dropped anyway).
    pub fn keeping(mut self, rules: crate::rules::select::RuleSet) -> Reader<'t> {
        self.reading = self.reading.keeping(rules);
        self
    }

    /// Counts the findings left out without keeping their positions (no suppression line can
    /// reach them: a rewrite).
    pub fn count_only(mut self) -> Reader<'t> {
        self.reading = self.reading.count_only();
        self
    }

    /// What kind of text this is, as sniffed when the reader was made.
    pub fn kind(&self) -> Kind {
        self.driver.kind()
    }

    /// False for a file that is not text (PBI, binary, UTF-16 without a BOM): not worth parsing.
    pub fn wants_chunks(&self) -> bool {
        self.driver.wants_chunks()
    }

    /// True when the text embeds PBN in another document (PBN 6.2): it is then one chunk.
    pub fn is_embedded(&self) -> bool {
        self.driver.is_embedded()
    }

    /// The chunks of the text ([`Driver::chunks`]), each vetted as it is taken.
    pub fn chunks(&mut self, target: usize) -> VettedChunks<'_, 't> {
        VettedChunks {
            chunks: self.driver.chunks(target),
            reading: &mut self.reading,
        }
    }

    /// Every game of the text with its model ([`Driver::games`]), each chunk vetted before
    /// `chunk` sees it and its games are handed on.
    pub fn games(
        &mut self,
        mut chunk: impl FnMut(&Chunk),
        each: impl FnMut(&Parse, &Game, &GameModel<'_>) -> bool,
    ) {
        let reading = &mut self.reading;
        self.driver.games(
            |read| {
                reading.chunk(&read.parse, &read.found);
                chunk(read);
            },
            each,
        );
    }

    pub fn text(&self) -> &'t str {
        self.driver.text
    }

    /// [`Reader::games`] with the games that hold no tag pair too ([`Driver::all_games`]).
    pub fn all_games(
        &mut self,
        mut chunk: impl FnMut(&Chunk),
        each: impl FnMut(&Parse, &Game, Option<&GameModel<'_>>) -> bool,
    ) {
        let reading = &mut self.reading;
        self.driver.all_games(
            |read| {
                reading.chunk(&read.parse, &read.found);
                chunk(read);
            },
            each,
        );
    }

    /// The chunks of `target` bytes with `work` done on each chunk's models (their `#`/`##`
    /// values carried by `carry`), on `threads` threads when the text is worth splitting
    /// ([`threads::read_on_threads`]), else here, parsed where `feed` says; `take` takes in,
    /// in file order, the count of the reading's findings as it grows and each chunk with its
    /// work's result (`check`).
    pub fn read_chunks<F: Send>(
        &mut self,
        target: usize,
        (threads, feed): (usize, Feed),
        carry: &mut Carry<'t>,
        work: &Work<'_, F>,
        take: &mut (dyn FnMut(Taken<'_, F>) + Send),
    ) {
        let reading = &mut self.reading;
        let mut vetted = |chunk: &Chunk, found: F| {
            reading.chunk_counted(&chunk.parse, &chunk.found, |n| take(Taken::Held(n)));
            take(Taken::Held(reading.held()));
            take(Taken::Chunk(chunk, found));
        };
        if threads > 1 && self.driver.splits(target) {
            // Several chunks at once, taken in in order.
            threads::read_on_threads(&mut self.driver, target, threads, carry, work, &mut vetted);
        } else {
            self.driver.each_chunk(target, feed, |chunk| {
                let models = carry.models(&chunk.parse);
                let found = work(&chunk.parse, &models);
                drop(models);
                vetted(chunk, found);
            });
        }
    }

    /// The verdict, once the chunks are read (or none, for a file not worth parsing).
    pub fn finish(self) -> Verdict {
        self.reading.finish(&self.driver.finish())
    }
}

/// The iterator of [`Reader::chunks`]: every chunk vetted as it is taken.
pub struct VettedChunks<'r, 't> {
    chunks: Chunks<'r, 't>,
    reading: &'r mut Reading<'t>,
}

impl VettedChunks<'_, '_> {
    /// Makes the chunks after the current one about `target` bytes long.
    pub fn set_target(&mut self, target: usize) {
        self.chunks.set_target(target);
    }
}

impl Iterator for VettedChunks<'_, '_> {
    type Item = Chunk;

    fn next(&mut self) -> Option<Chunk> {
        let chunk = self.chunks.next()?;
        self.reading.chunk(&chunk.parse, &chunk.found);
        Some(chunk)
    }
}

/// What `decoded` is when it is not a PBN (or LIN) text: the F finding `check` names it with
/// (random bytes, a PBI or chess PGN file, UTF-16 without a byte-order mark), for the commands
/// that read games without checking them (`stats`, `show`, `fingerprint`): they refuse the file
/// as `check` names it, instead of reading a board out of it (issue 59: three commands drew or
/// counted one board of such files, with exit 0). A LIN text is taken: those commands read it as
/// the PBN it converts to. The cost is one reading of the file without the rules.
pub fn not_pbn(decoded: &Decoded) -> Option<crate::rules::diagnostic::Diagnostic> {
    if decoded.malformed_at.is_none() && sniff::looks_like_lin(&decoded.text) {
        return None;
    }
    let mut reader = Reader::new(decoded).count_only();
    if reader.wants_chunks() {
        reader.games(|_| {}, |_, _, _| true);
    }
    let verdict = reader.finish();
    if verdict.is_pbn && decoded.malformed_at.is_none() {
        return None;
    }
    // The F finding that names what the file is; else the first (a malformed encoding).
    let findings = verdict.findings;
    let named = findings
        .iter()
        .position(|finding| finding.rule.code().starts_with('F'))
        .unwrap_or(0);
    findings.into_iter().nth(named)
}

/// A reader of text that needs no verdict: a command's own output read back, the PBN that LIN
/// converts to, a text already judged ([`not_pbn`]). Its kind is PBN without sniffing it, and
/// only `<PBN>` is looked for.
pub struct Judged<'t>(Driver<'t>);

/// [`Judged`]: the reader of `text`.
pub fn judged(text: &str) -> Judged<'_> {
    Judged(Driver::pbn(text))
}

impl<'t> Judged<'t> {
    /// Reads [`Judged::games`] about `target` bytes at a time ([`Driver::with_target`]).
    pub fn with_target(self, target: usize) -> Judged<'t> {
        Judged(self.0.with_target(target))
    }

    /// The chunks of the text ([`Driver::chunks`]).
    pub fn chunks(&mut self, target: usize) -> Chunks<'_, 't> {
        self.0.chunks(target)
    }

    /// [`Driver::games`].
    pub fn games(
        &mut self,
        chunk: impl FnMut(&Chunk),
        each: impl FnMut(&Parse, &Game, &GameModel<'_>) -> bool,
    ) {
        self.0.games(chunk, each);
    }

    /// [`Driver::all_games`].
    pub fn all_games(
        &mut self,
        chunk: impl FnMut(&Chunk),
        each: impl FnMut(&Parse, &Game, Option<&GameModel<'_>>) -> bool,
    ) {
        self.0.all_games(chunk, each);
    }
}

/// Every game of a text that needs no verdict ([`Judged`]) with its model and its span.
pub fn judged_games(
    text: &str,
    mut each: impl FnMut(&Parse, &GameModel<'_>, Range<usize>) -> bool,
) {
    Driver::pbn(text).games(
        |_| {},
        |parse, game, model| each(parse, model, parse.span(game.first, game.last)),
    );
}

/// Chunks of whole games in file order whose size from the next one on can be changed (a
/// rewrite whose edits of a chunk grow too large reads smaller ones).
pub trait ChunkSource: Iterator<Item = Chunk> {
    fn set_target(&mut self, target: usize);
}

impl ChunkSource for Chunks<'_, '_> {
    fn set_target(&mut self, target: usize) {
        Chunks::set_target(self, target);
    }
}

impl ChunkSource for VettedChunks<'_, '_> {
    fn set_target(&mut self, target: usize) {
        VettedChunks::set_target(self, target);
    }
}

/// The iterator of [`Driver::chunks`].
pub struct Chunks<'d, 't> {
    chunks: parser::Chunks<'t>,
    sniff: &'d mut Sniff<'t>,
    games: &'d mut usize,
}

impl Chunks<'_, '_> {
    /// Makes the chunks after the current one about `target` bytes long.
    pub fn set_target(&mut self, target: usize) {
        self.chunks.set_target(target);
    }
}

impl Iterator for Chunks<'_, '_> {
    type Item = Chunk;

    fn next(&mut self) -> Option<Chunk> {
        let parse = self.chunks.next()?;
        let found = self.sniff.chunk(&parse);
        *self.games += parse.real_games().count();
        Some(Chunk { parse, found })
    }
}

/// The chunk `parse` of `text` cut in two at the start of its middle game (between two games:
/// each half holds whole games and what lies between them), or `None` for a chunk of one game.
/// For a rewrite whose edits of a chunk grow too large to hold at once.
pub fn halve(text: &str, parse: &Parse) -> Option<(Parse, Parse)> {
    if parse.games.len() < 2 {
        return None;
    }
    let middle = parse.token(parse.games[parse.games.len() / 2].first).start as usize;
    let start = parse.tokens.first()?.start as usize;
    let end = parse.tokens.last()?.end as usize;
    Some((
        parser::parse_region(text, start, middle),
        parser::parse_region(text, middle, end),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source;

    #[test]
    fn the_kind_is_sniffed_once_before_any_chunk() {
        let kind = |bytes: &[u8]| Driver::new(&source::decode(bytes, None)).kind();
        assert_eq!(kind(b"[Board \"1\"]\n"), Kind::Pbn);
        assert_eq!(kind(b"pn|S,W,N,E|md|3SAKQ|\n"), Kind::Lin);
        assert!(matches!(
            kind(b"#PBI 1.2\n"),
            Kind::NotText(NotText::Pbi(_))
        ));
        // Chess PGN is PBN text until its chunks are read: the verdict comes at the end.
        let decoded = source::decode(b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5\n", None);
        let mut driver = Driver::new(&decoded);
        assert_eq!(driver.kind(), Kind::Pbn);
        driver.each_chunk(parser::CHUNK_BYTES, Feed::Here, |_| {});
        assert!(driver.finish().chess.is_some());
    }

    /// The chunks, the games and what is sniffed do not depend on the chunk size or on where the
    /// chunks are parsed.
    #[test]
    fn the_chunks_and_games_are_the_same_however_they_are_read() {
        let mut text = String::from("% a comment line\n\n");
        for board in 1..=30 {
            let event = if board == 1 { "\"##Club\"" } else { "\"#\"" };
            text.push_str(&format!("[Event {event}]\n[Board \"{board}\"]\n\n"));
        }
        text.push_str("{a comment alone}\n");
        let read = |target: usize, feed: Feed| {
            let mut driver = Driver::pbn(&text);
            let mut tokens = 0;
            driver.each_chunk(target, feed, |chunk| tokens += chunk.parse.tokens.len());
            let mut boards = Vec::new();
            let mut all = 0;
            let mut driver_games = Driver::pbn(&text).with_target(target);
            driver_games.all_games(
                |_| {},
                |_, _, model| {
                    all += 1;
                    if let Some(model) = model {
                        boards.push((
                            model.value("Event").map(str::to_owned),
                            model.value("Board").map(str::to_owned),
                        ));
                    }
                    true
                },
            );
            (tokens, driver.finish().games, boards, all)
        };
        let whole = read(parser::CHUNK_BYTES, Feed::Here);
        assert_eq!(whole.1, 30);
        assert_eq!(whole.2.len(), 30);
        assert!(
            whole
                .2
                .iter()
                .all(|(event, _)| event.as_deref() == Some("Club"))
        );
        // The games without a tag pair are handed on too.
        assert!(whole.3 > 30, "{}", whole.3);
        for target in [1, 7, 100] {
            for feed in [Feed::Here, Feed::Ahead(1)] {
                assert_eq!(read(target, feed), whole, "{target} {feed:?}");
            }
        }
    }

    #[test]
    fn a_chunk_of_several_games_is_halved_between_games() {
        let text = "[Board \"1\"]\n\n[Board \"2\"]\n\n[Board \"3\"]\n";
        let parse = parser::parse(text);
        let (first, second) = halve(text, &parse).expect("three games");
        assert_eq!(first.real_games().count(), 1);
        assert_eq!(second.real_games().count(), 2);
        let one = parser::parse("[Board \"1\"]\n");
        assert!(halve("[Board \"1\"]\n", &one).is_none());
    }
}
