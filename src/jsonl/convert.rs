//! Converting a file to JSON lines or CSV (`convert --to jsonl|csv`): the games of a PBN or LIN
//! input written as the objects of [`super`], each as soon as its game is read, with the games
//! that cannot be one object left out (W006) and those read with a syntax error marked
//! uncertain.

use std::io;
use std::ops::Range;
use std::path::Path;

use crate::convert::lin::ConvertOptions;
use crate::io::spool::Output;
use crate::model::GameModel;
use crate::proof::Rewritten;
use crate::read::is_lin;
use crate::read::stream::{self, Streamed};
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::source;

use super::{CERTAIN_END, Object, Place, SYNTAX_ERRORS_LISTED, canon, object};

/// Writes one JSON object per game that `driver` reads to `each` (a line without its line end,
/// which `each` may extend before its closing `}`), with the game's span, in file order; `file`
/// names the source in each object; `chunk_read` sees each chunk first (for what `check` reads
/// of a file: its syntax errors, whether it is PBN at all). `each` returns false to stop. The
/// JSON is written directly, not built as a tree first: one game's line is the only allocation
/// that grows. `each` is told too why the game cannot be converted whole ([`unconvertible`]).
fn games(
    driver: &mut crate::read::Reader<'_>,
    file: &str,
    spans: bool,
    chunk_read: impl FnMut(&crate::read::Chunk),
    mut each: impl FnMut(&mut String, Range<usize>, Option<String>) -> bool,
) -> usize {
    let text = driver.text();
    // Lines are counted from one game to the next (CR, LF and CRLF each end one), not looked up.
    let (mut counted_to, mut line_number) = (0usize, 1usize);
    let mut index = 0;
    let mut line = String::new();
    let bytes = text.as_bytes();
    driver.games(chunk_read, |parse, game, model| {
        let span = parse.span(game.first, game.last);
        index += 1;
        line.clear();
        let to = span.start.clamp(counted_to, bytes.len());
        line_number += source::line_ends(&bytes[counted_to..to], bytes.get(to).copied());
        counted_to = to;
        let place = Place {
            file,
            line: line_number,
            game: index,
            spans: spans.then_some(span.clone()),
        };
        object(&mut line, parse, text, model, &place);
        let why = unconvertible(text, model).or_else(|| {
            model
                .tags
                .is_empty()
                .then(|| "none of it reads as a tag pair".to_owned())
        });
        each(&mut line, span, why)
    });
    index
}

/// Why a game cannot be written as one object without losing part of it, when it cannot: a tag
/// pair given again that no comment can hold ([`canon::Repeat::Refuse`]), most often two boards
/// run together. A repeated tag a comment holds is kept in `comments` ([`comments`]).
fn unconvertible(text: &str, model: &GameModel<'_>) -> Option<String> {
    if let Some((_, second)) = model.ran_together() {
        return Some(format!(
            "it gives two {} values: two boards seem to have run together",
            second.name
        ));
    }
    model
        .tags
        .iter()
        .filter(|tag| tag.duplicate)
        .find(|tag| canon::repeat(text, model, tag) == canon::Repeat::Refuse)
        .map(|tag| format!("its second {} tag cannot be kept", tag.name))
}

/// What `convert --to jsonl` and `--to csv` write.
#[derive(Clone, Debug, Default)]
pub struct DataOptions {
    /// Add each game's findings (`check`'s default rules) to its object (`--with-findings`).
    pub findings: bool,
    /// CSV instead of JSON lines.
    pub csv: Option<crate::csv::Csv>,
    /// Add where each thing the object says is written (`--spans`, [`super::Spans`]).
    pub spans: bool,
}

/// `convert --to jsonl` (or `--to csv`) of one file: a PBN input read as it is, a LIN input
/// converted to PBN first (with its findings); the output is kept in a spooled [`Output`].
pub fn convert(
    bytes: Vec<u8>,
    options: &ConvertOptions,
    data: &DataOptions,
    file: &str,
) -> Rewritten {
    // A LIN input is converted first; its PBN is what the JSON says. (The driver below sniffs
    // the PBN read; LIN is told by its first characters alone.)
    let read = match crate::convert::as_pbn(
        source::decode_owned(bytes, options.input_encoding),
        options,
    ) {
        Ok(read) => read,
        Err(refused) => return *refused,
    };
    let crate::convert::AsPbn {
        input: decoded,
        converted,
        mut problems,
    } = read;
    let pbn = converted.as_ref().unwrap_or(&decoded);
    // What `check` reads of a file before the rules: one that is not PBN at all (binary, chess
    // PGN, PBI) has no games, and the syntax errors of one that is are said.
    let mut driver = crate::read::Reader::new(pbn);
    if !driver.wants_chunks() {
        let found = driver.finish().findings;
        return Rewritten::refused(decoded, found, 0);
    }
    // The findings of each game, when asked: `check` once, handed out by position.
    let findings = if data.findings {
        crate::check::check_bytes(pbn.text.as_bytes(), &Default::default()).diagnostics
    } else {
        Vec::new()
    };
    let index = data
        .findings
        .then(|| crate::source::LineIndex::new(&pbn.text));
    let mut next_finding = 0;
    let mut output = Output::new();
    let mut put = |bytes: &[u8]| output.push(bytes);
    let mut sink = Sink::new(&mut put, data.csv.clone(), true);
    // The current chunk's syntax errors: a game holding one is written with them, its reading
    // marked uncertain (issue 44, item 14).
    let errors: std::cell::RefCell<Vec<Diagnostic>> = std::cell::RefCell::new(Vec::new());
    let mut lines: Option<crate::source::LineIndex> = None;
    let mut left_out = crate::proof::Capped::default();
    let mut uncertain = 0usize;
    let games = games(
        &mut driver,
        file,
        data.spans,
        |read| {
            let parse = &read.parse;
            let mut errors = errors.borrow_mut();
            errors.clear();
            errors.extend(
                parse
                    .errors
                    .iter()
                    .map(|e| crate::rules::syntax::syntax_diagnostic(e, &pbn.text)),
            );
        },
        |line, span, unconvertible| {
            if let Some(why) = unconvertible {
                left_out.push(not_converted(&pbn.text, span, &why));
                return true;
            }
            let errors = errors.borrow();
            let mut in_game = errors
                .iter()
                .filter(|d| span.contains(&d.span.start))
                .peekable();
            if in_game.peek().is_some() {
                let index = lines.get_or_insert_with(|| crate::source::LineIndex::new(&pbn.text));
                line.truncate(line.len() - CERTAIN_END.len());
                line.push_str(",\"uncertain\":true,\"syntax_errors\":[");
                for (i, d) in in_game.take(SYNTAX_ERRORS_LISTED).enumerate() {
                    if i > 0 {
                        line.push(',');
                    }
                    finding(line, d, &pbn.text, index);
                }
                line.push_str("]}");
                uncertain += 1;
            }
            if let Some(index) = &index {
                line.pop();
                line.push_str(",\"findings\":[");
                let mut first = true;
                while let Some(d) = findings.get(next_finding) {
                    if d.span.start >= span.end && d.span.start > span.start {
                        break;
                    }
                    next_finding += 1;
                    if !first {
                        line.push(',');
                    }
                    first = false;
                    finding(line, d, &pbn.text, index);
                }
                line.push_str("]}");
            }
            sink.game(line)
        },
    );
    let failed = sink.failed.take();
    drop(sink);
    let crate::read::Verdict {
        findings: found,
        is_pbn,
        ..
    } = driver.finish();
    if !is_pbn {
        return Rewritten::refused(decoded, found, 0);
    }
    if converted.is_none() {
        problems.extend(found.into_iter().filter(|d| d.severity == Severity::Error));
    }
    problems.extend(left_out.kept);
    if let Some(error) = failed {
        let problem =
            crate::rules::writing::output_not_kept(crate::rules::writing::Converted::Lines, &error);
        return Rewritten::refused(decoded, vec![problem], games);
    }
    let mut written = Rewritten::written(decoded, Some(output), problems, games);
    written.omitted = left_out.omitted;
    written.uncertain = uncertain;
    written
}

/// W006 for the game at `span` of `text`, named by its Board when it has one; `why` it is left
/// out.
fn not_converted(text: &str, span: Range<usize>, why: &str) -> Diagnostic {
    let game = &text[span.clone()];
    let first_line = game.find(['\r', '\n']).unwrap_or(game.len());
    let board = game
        .find("[Board \"")
        .map(|at| &game[at + 8..])
        .and_then(|rest| rest.split_once('"'))
        .map(|(board, _)| board)
        .filter(|board| !board.is_empty() && board.len() <= 12);
    let named = match board {
        Some(board) => format!("board {} is", crate::display::escape(board)),
        None => "this game is".to_owned(),
    };
    crate::rules::writing::game_not_converted(span.start..span.start + first_line, &named, why)
}

/// [`convert`] of the PBN file at `path`, read a window at a time ([`stream`]) so that memory
/// stays the same whatever the file's size, its lines (or rows, after a header when `header`)
/// appended to `out`. `None` when the file must be read whole and given to [`convert`]: a LIN
/// record, `--with-findings` (whose findings are `check`'s of the whole file), and what
/// [`stream::Streamed::NeedsWhole`] lists; `out` is then as it was.
pub fn convert_file(
    path: &Path,
    options: &ConvertOptions,
    data: &DataOptions,
    file: &str,
    out: &mut Output,
    header: bool,
) -> io::Result<Option<usize>> {
    let start = out.len();
    let handed = convert_file_each(path, options, data, file, header, &mut |bytes| {
        out.push(bytes)
    })?;
    match handed {
        Handed::Done(games) => Ok(Some(games)),
        Handed::Whole(_) => {
            out.truncate(start)?;
            Ok(None)
        }
    }
}

/// What [`convert_file_each`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handed {
    /// Every game was handed on: how many.
    Done(usize),
    /// The file must be read whole ([`convert`]), which showed after this many games' lines were
    /// handed on: the whole reading gives the same lines first (the games before the place
    /// that sent it whole are read alike), then the rest.
    Whole(usize),
}

/// [`convert_file`] handing each game's line (or rows) to `put` as soon as it is made, where
/// `convert_file` gathers them: the first game of a large file is out before the file is read
/// (the Python module's `read`, issue 64, item 8).
pub fn convert_file_each(
    path: &Path,
    options: &ConvertOptions,
    data: &DataOptions,
    file: &str,
    header: bool,
    put: &mut dyn FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<Handed> {
    if data.findings {
        return Ok(Handed::Whole(0));
    }
    let mut sink = Sink::new(put, data.csv.clone(), header);
    let mut line = String::new();
    // A game that cannot be converted whole is left out with W006, by [`convert`].
    let mut whole = false;
    let mut handed = 0;
    let streamed = stream::each_game_in_file(
        path,
        options.input_encoding,
        |text| !is_lin(text),
        |parse, text, model, at| {
            if unconvertible(text, model).is_some() {
                whole = true;
                return false;
            }
            line.clear();
            let place = Place {
                file,
                line: at.line,
                game: at.game,
                spans: data
                    .spans
                    .then(|| parse.span(model.game.first, model.game.last)),
            };
            object(&mut line, parse, text, model, &place);
            let kept = sink.game(&mut line);
            handed += usize::from(kept);
            kept
        },
    );
    let failed = sink.failed.take();
    match streamed? {
        Streamed::Done(_) if whole => Ok(Handed::Whole(handed)),
        Streamed::Done(games) => match failed {
            None => Ok(Handed::Done(games)),
            Some(error) => Err(io::Error::other(error)),
        },
        Streamed::NeedsWhole(_) => Ok(Handed::Whole(handed)),
    }
}

/// Where the games' bytes go: an [`Output`], or a caller's hand ([`convert_file_each`]).
type Put<'o> = &'o mut dyn FnMut(&[u8]) -> io::Result<()>;

/// Where the games' lines go: JSON lines, or the CSV rows made from them.
struct Sink<'o> {
    output: Put<'o>,
    csv: Option<crate::csv::Writer>,
    /// Why the output could not be kept; nothing more is written.
    failed: Option<String>,
}

impl<'o> Sink<'o> {
    fn new(output: Put<'o>, csv: Option<crate::csv::Csv>, header: bool) -> Sink<'o> {
        let csv = csv.map(crate::csv::Writer::new);
        let mut sink = Sink {
            output,
            csv,
            failed: None,
        };
        if let Some(writer) = &sink.csv
            && header
            && let Err(error) = (sink.output)(writer.header().as_bytes())
        {
            sink.failed = Some(error.to_string());
        }
        sink
    }

    /// Writes one game's line; false once the output cannot be kept.
    fn game(&mut self, line: &mut String) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let written = match &self.csv {
            Some(writer) => writer
                .rows(line)
                .and_then(|rows| (self.output)(rows.as_bytes()).map_err(|e| e.to_string())),
            None => {
                line.push('\n');
                (self.output)(line.as_bytes()).map_err(|e| e.to_string())
            }
        };
        if let Err(error) = written {
            self.failed = Some(error);
        }
        self.failed.is_none()
    }
}

/// A finding as JSON: its code, name, severity, line and column, message and help.
fn finding(out: &mut String, d: &Diagnostic, text: &str, index: &crate::source::LineIndex) {
    let (line, column) = index.line_col(text, d.span.start);
    let mut o = Object::new(out);
    o.str("code", Some(d.rule.code()));
    o.str("name", Some(d.rule.name()));
    o.str("severity", Some(d.severity.as_str()));
    o.num("line", Some(line));
    o.num("column", Some(column));
    o.str("message", Some(&d.message));
    o.str("help", d.help.as_deref());
    o.end();
}
