//! Rewrites of a file that change only what they must: `resolve` expands `#`/`##` (PBN 4.8) and
//! `compress` puts them back, `nag` turns suffixes into NAGs (PBN 3.5.2, 3.6.2, 3.7).
//!
//! Each is a set of [`edit::Edits`] over the spans of the input text, applied to that text, so
//! that every byte not edited stays: line ends, spacing, comments, `%` lines, the encoding and
//! its byte-order mark. As with `export`, nothing is returned that is not shown to be faithful:
//! the result is parsed again and its facts compared with the input's, and rewriting it again
//! must change nothing (for `compress`: resolving it gives back the resolved text). All of it goes
//! a chunk of games at a time (`rewrite_chunks`), so that memory stays about twice the file.

pub mod analyze;
pub mod dedup;
pub mod edit;
pub mod fix;
pub mod merge;
pub mod nag;
pub mod renumber;
pub mod replicate;
pub mod resolve;
pub mod rotate;
pub mod score;
pub mod select;
pub mod set_tag;
mod verify;

#[cfg(test)]
pub(crate) use verify::proves;
use verify::{Written, verify_piece};

use crate::io::spool::Output;
use crate::model::{GameModel, Inheritor, OwnedInheritance};
use crate::parser;
use crate::proof::{self, Rewritten};
use crate::read::{ChunkSource as Chunks, Verdict, VettedChunks, frame};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::writing::Unfaithful;
use crate::source::{self, Decoded, Encoding};
use crate::syntax::Parse;

/// What every rewrite may be told.
#[derive(Clone, Copy, Debug, Default)]
pub struct RewriteOptions {
    /// Read the input in this encoding instead of detecting it.
    pub input_encoding: Option<Encoding>,
    /// Rewrite even a file whose syntax makes the reading a guess.
    pub force: bool,
    /// How much text `resolve` and `nag` rewrite at a time ([`parser::CHUNK_BYTES`] when `None`).
    /// The output is the same whatever the size; tests set it small to prove that.
    pub chunk_bytes: Option<usize>,
}

/// A chunk to edit: its parse, the file's text (the parse's offsets, and the edits' ranges, are
/// in it), and the models of its games, with the `#`/`##` values of the games before them
/// (PBN 4.8) carried by the frame.
#[derive(Clone, Copy)]
pub(crate) struct ToEdit<'a, 't> {
    pub parse: &'a Parse,
    /// The chunk's first byte in `text`: the text between the last token of the chunk before
    /// and the first of this one is this chunk's.
    pub start: usize,
    pub text: &'t str,
    pub models: &'a [GameModel<'t>],
}

/// The edits a rewrite makes to a chunk, and the findings of what it leaves as it is.
pub(crate) type EditsMade = (edit::Edits, Vec<Diagnostic>);

/// A chunk's rewrite read back: `piece`, the rewrite of the text `original`, parsed as `again`;
/// `values`, the output's `#`/`##` values before the piece.
#[derive(Clone, Copy)]
pub(crate) struct ReadBack<'a> {
    pub again: &'a Parse,
    pub piece: &'a str,
    pub original: &'a str,
    pub values: &'a OwnedInheritance,
}

/// A rewrite made of edits to each game that only needs the games before it, through their
/// `#`/`##` values and what the rewrite itself carries, so that it can go a chunk of games at a
/// time ([`rewrite_chunks`]).
pub(crate) trait ChunkEdits {
    /// The result keeps the values after inheritance rather than as written.
    const EFFECTIVE: bool;

    /// The result says what the input says: its facts are compared with the input's. A rewrite
    /// that changes what the file says on purpose (`rotate`) proves itself in
    /// [`ChunkEdits::check_piece`] instead.
    const SAME_FACTS: bool = true;

    /// The edits to the games of a chunk, and what they leave as it is.
    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade;

    /// For a rewrite that does not keep the facts ([`ChunkEdits::SAME_FACTS`]), or changes some
    /// tags on purpose ([`ChunkEdits::changes`]): what is wrong with a chunk's rewrite read back,
    /// whose games are `models`.
    fn check_models(&self, _back: ReadBack<'_>, _models: &[GameModel<'_>]) -> Option<Unfaithful> {
        None
    }

    /// The rewrite writes text given on the command line (`set-tag`'s values, `renumber`'s tag
    /// name): a character of it that the file's encoding lacks is said as such (W001), not as a
    /// bug.
    const WRITES_GIVEN_TEXT: bool = false;

    /// The tags this rewrite changes on purpose: the facts of its result are compared with the
    /// input's leaving them out, and [`ChunkEdits::check_models`] proves their new values.
    fn changes(&self) -> Vec<&str> {
        Vec::new()
    }

    /// What is wrong with a chunk's rewrite read back. A rewrite that is done in one go finds
    /// nothing more to edit in its result.
    fn check_piece(&self, back: ReadBack<'_>) -> Option<Unfaithful>;

    /// Whether the string token `written` (quotes and all), which the rewrite writes with a
    /// lone backslash, is spelled so on purpose: `analyze`'s OptimumResultTable header, as the
    /// producers spell it (docs/spec-decisions.md, "Tables may inherit"). Any other lone
    /// backslash the edits write is a fault of the proof's to find.
    fn spells_backslash_single(&self, _written: &str) -> bool {
        false
    }

    /// A chunk left as it is is read back too, once the output differs from the input: a
    /// rewrite that removes games (`dedup`, `select`) changes what the games after it take with
    /// `#`/`##`, whether or not their chunk is edited.
    const READS_BACK_UNEDITED: bool = false;

    /// Whether the text after the last chunk's last token stays: `dedup` and `select` remove
    /// it with the last games when no game is left.
    fn keeps_tail(&self) -> bool {
        true
    }

    /// Forget what the last [`ChunkEdits::edits`] carried on to the next chunk (a counter, the
    /// refusals it found): that chunk is edited again in halves.
    fn rewind(&mut self) {}

    /// Whether something the rewrite found refuses the file ([`ChunkEdits::refusals`]): no more
    /// edits are applied, but every chunk is still read, so that all the refusals are said.
    fn refused(&self) -> bool {
        false
    }

    /// What refuses the file, said once every chunk is read and the file is PBN.
    fn refusals(&mut self) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// What the rewrite says of the file besides its edits' findings, once every chunk is read
    /// and the file is rewritten (`analyze`: the tags it leaves wrong, as `check` says them).
    fn findings(&mut self) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// Text the rewrite adds after the input's last byte once every chunk is read (`replicate`'s
    /// copies), given the whole input; it may refuse the file instead.
    fn appended(&mut self, _text: &str) -> Option<String> {
        None
    }

    /// What is wrong with [`ChunkEdits::appended`] read back after `text`.
    fn check_appended(&self, _text: &str, _appended: &str) -> Option<Unfaithful> {
        None
    }

    /// Whether `finding`, which stops a rewrite ([`proof::blocking`]), is mended by this
    /// rewrite's own edits, so that the file may be rewritten after all: `fix --unsafe-fixes`
    /// closing an unterminated comment (S002) where pbnfmt's reading already closed it.
    fn mends(&self, _finding: &Diagnostic) -> bool {
        false
    }
}

/// Whether `model`, a game that runs two boards together (PBN 3: a tag of the board's identity
/// given again with another value), would read as one board once each tag named in `changed` has
/// the value given (`None`: removed), its copies written alike with it: W012. A copy is taken to
/// change with the tag when it was written alike.
pub(crate) fn joins_boards(model: &GameModel<'_>, changed: &[(&str, Option<&str>)]) -> bool {
    if model.ran_together().is_none() {
        return false;
    }
    for name in crate::model::IDENTITY {
        let written: Vec<&str> = model
            .written()
            .filter(|tag| tag.name == name)
            .map(|tag| tag.written.trim())
            .collect();
        let Some(&first) = written.first() else {
            continue;
        };
        let after: Vec<&str> = match changed.iter().find(|(n, _)| *n == name) {
            None => written.clone(),
            Some((_, None)) => continue,
            Some((_, Some(value))) => written
                .iter()
                .map(|&w| if w == first { value.trim() } else { w })
                .collect(),
        };
        if after.iter().any(|value| *value != after[0]) {
            return false;
        }
    }
    true
}

impl<'a> ToEdit<'a, '_> {
    /// Each game of the chunk, with the line end `nl` that a line inserted in it takes.
    pub fn games(self, nl: &'a str) -> impl Iterator<Item = GameAt<'a>> {
        self.models.iter().map(move |model| GameAt {
            parse: self.parse,
            text: self.text,
            model,
            nl,
        })
    }
}

/// A game being edited: its chunk's parse, the text, its model, and the line end a line
/// inserted in it takes.
#[derive(Clone, Copy)]
pub(crate) struct GameAt<'a> {
    pub parse: &'a Parse,
    pub text: &'a str,
    pub model: &'a GameModel<'a>,
    pub nl: &'a str,
}

/// Whether `problem` is one of [`bug`]'s: a broken invariant, not a reason of the input's.
pub(crate) fn is_bug(problem: &Diagnostic) -> bool {
    problem
        .help
        .as_deref()
        .is_some_and(|help| help.contains("bug in pbnfmt"))
        || problem.message.contains("bug in pbnfmt")
}

/// A rewrite's result that does not read back as it should: a bug of pbnfmt's.
pub(crate) fn bug(why: Unfaithful) -> Diagnostic {
    crate::rules::writing::result_unfaithful(&why)
}

/// The proven `result` of a rewrite of `decoded` (`None`: unchanged), encoded as the input was.
pub(crate) fn encoded(
    decoded: Decoded,
    result: Option<String>,
    mut problems: Vec<Diagnostic>,
    games: usize,
) -> Rewritten {
    let encoded = match result {
        // A character the rewrite brought in (a value given on the command line) that the
        // file's encoding lacks: said as such, not as a bug (issue 63, item 13).
        Some(result) => {
            proof::encode(result, decoded.encoding, decoded.bom).map_err(|(unencodable, _)| {
                crate::rules::writing::not_in_file_encoding(&unencodable, decoded.encoding.name())
            })
        }
        // The input as it was decoded, which a lossless decoding always gives back.
        None => source::encode(&decoded.text, decoded.encoding, decoded.bom)
            .map_err(|unencodable| bug((&unencodable).into())),
    };
    let output = match encoded {
        Ok(bytes) => Some(Output::from_bytes(bytes)),
        Err(problem) => {
            problems.push(problem);
            None
        }
    };
    Rewritten::written(decoded, output, problems, games)
}

/// The models of the games of `parse`, a chunk of `text`, after the games whose `#`/`##` values
/// `inheritor` holds (PBN 4.8); `inheritor` is left holding those after them.
pub(crate) fn models<'t: 'p, 'p>(
    parse: &'p Parse,
    text: &'t str,
    inheritor: &mut Inheritor<'t, 'p>,
) -> Vec<GameModel<'p>> {
    parse
        .real_games()
        .map(|game| inheritor.game(parse, text, game))
        .collect()
}

/// What editing a text a chunk at a time made of it.
#[derive(Default)]
pub(crate) struct Edited {
    /// The new text, encoded ([`Sink`]), or `None` when nothing changed.
    pub output: Option<Output>,
    /// What the edits left as it is (reported, not refused): the first ones, the rest counted.
    pub findings: proof::Capped,
    /// The first piece that did not read back as it should: a bug in pbnfmt.
    pub failed: Option<Unfaithful>,
}

/// Where the edited text goes: encoded as the input was, into an [`Output`] that spills to a
/// temporary file when it grows large.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sink {
    pub encoding: Encoding,
    pub bom: bool,
    /// Let the size of the chunks follow how much each grows ([`next_target`]); false when a
    /// test fixed it.
    pub adapt: bool,
}

impl Sink {
    fn push(&self, output: &mut Output, text: &str) -> Result<(), Unfaithful> {
        let bom = self.bom && output.is_empty();
        let bytes = if self.encoding == Encoding::Utf8 && !bom {
            std::borrow::Cow::Borrowed(text.as_bytes())
        } else {
            std::borrow::Cow::Owned(
                source::encode(text, self.encoding, bom)
                    .map_err(|error| Unfaithful::from(&error))?,
            )
        };
        output
            .push(&bytes)
            .map_err(|error| Unfaithful::NotKept(error.to_string()))
    }
}

/// A step after the edits that reads the whole edited text (`--compress`).
pub(crate) type Further<'a> = dyn FnMut(&str, Sink) -> Edited + 'a;

/// The text an adapting rewrite reads first: small, as the first chunk's growth is not known.
pub(crate) const FIRST_CHUNK_BYTES: usize = 256;

/// The least an adapting rewrite reads at a time: a chunk holds at least one game whatever this
/// is, so a chunk of games that each grow by a large `##` value is a game or a few.
const LEAST_CHUNK_BYTES: usize = 256;

/// About how much output one chunk should make, so that a chunk's piece, its read-back and its
/// facts stay small even when a `##` value of 100 KB is written out into every game.
const PIECE_BYTES: usize = 1 << 20;

/// The next chunk's size: twice the last, up to [`parser::CHUNK_BYTES`], but no more than makes
/// about [`PIECE_BYTES`] of output at the growth the last chunk had.
fn next_target(target: usize, input: usize, output: usize) -> usize {
    let grown = PIECE_BYTES.saturating_mul(input.max(1)) / output.max(1);
    target
        .saturating_mul(2)
        .min(grown)
        .clamp(LEAST_CHUNK_BYTES, parser::CHUNK_BYTES)
}

/// Edits `text` a chunk of games at a time ([`parser::chunks`]), so that only the text, one
/// chunk's trees and its piece of output are in memory (the output goes to `sink`); `each` sees
/// every chunk's tree, even after a failure.
///
/// Each chunk's edits are applied to its text, the piece is read back, its facts compared with
/// the chunk's, and [`ChunkEdits::check_piece`] asked. The input's `#`/`##` values are carried
/// from chunk to chunk, and so are the output's, each read from its own text: a rewrite that got
/// inheritance wrong across a cut shows up as a difference.
pub(crate) fn edit_chunks<R: ChunkEdits>(
    text: &str,
    mut chunks: impl Chunks,
    rewrite: &mut R,
    sink: Sink,
) -> Edited {
    let mut edited = Edited::default();
    let mut inheritor: Inheritor<'_, 'static> = Inheritor::default();
    // The output's `#`/`##` values once it differs from the input, and how much of the input
    // (`copied`) it holds.
    let mut values: Option<OwnedInheritance> = None;
    let mut copied = 0;
    let mut start = 0;
    let mut target = FIRST_CHUNK_BYTES;
    // Halves of a chunk whose piece grew too large, to edit first (the next on top).
    let mut halves: Vec<Parse> = Vec::new();
    loop {
        let parse = match halves.pop() {
            Some(half) => half,
            None => match chunks.next() {
                Some(read) => read.parse,
                None => break,
            },
        };
        let end = parse
            .tokens
            .last()
            .map_or(start, |token| token.end as usize);
        let chunk = start..end;
        if edited.failed.is_some() {
            start = end;
            continue;
        }
        // The chunk's growth sets the next one's size; a chunk left as it is grows by nothing.
        let mut grown = chunk.len();
        let before = inheritor.clone();
        let mut reader: Inheritor<'_, '_> = inheritor;
        let chunk_models = models(&parse, text, &mut reader);
        let (edits, left) = rewrite.edits(ToEdit {
            parse: &parse,
            start,
            text,
            models: &chunk_models,
        });
        drop(chunk_models);
        inheritor = reader.detach();
        if sink.adapt
            && !edits.is_empty()
            && edits.grows_by(chunk.len()) > PIECE_BYTES
            && let Some((first, second)) = crate::read::halve(text, &parse)
        {
            // Edited in halves, each from the values before it: a piece of a game or a few.
            inheritor = before;
            rewrite.rewind();
            halves.push(second);
            halves.push(first);
            continue;
        }
        start = end;
        edited.findings.extend(left);
        if rewrite.refused() {
            // The file is not written: what is left is read for the other refusals.
            continue;
        }
        if edits.is_empty() && !(R::READS_BACK_UNEDITED && values.is_some()) {
            // The output goes on as the input, and its values with it.
            if let Some(values) = &mut values {
                *values = carried(&parse, text, values);
            }
            if sink.adapt {
                target = next_target(target, chunk.len(), grown);
                chunks.set_target(target);
            }
            continue;
        }
        // Until the output differs from the input, its values are the input's.
        let fresh;
        let out_values = match &values {
            Some(values) => values,
            None => {
                fresh = before.to_owned_values();
                &fresh
            }
        };
        let (piece, written) = match edits.apply_marked(text, chunk.clone()) {
            Ok(marked) => marked,
            Err(error) => {
                edited.failed = Some(error.into());
                continue;
            }
        };
        grown = piece.len();
        let written = Written {
            piece: &piece,
            ranges: &written,
        };
        match verify_piece(
            &parse,
            text,
            before,
            written,
            &text[chunk.clone()],
            out_values,
            rewrite,
        ) {
            Ok(after) => {
                let new = edited.output.get_or_insert_with(Output::new);
                let pushed = sink
                    .push(new, &text[copied..chunk.start])
                    .and_then(|()| sink.push(new, &piece));
                if let Err(problem) = pushed {
                    edited.failed = Some(problem);
                }
                copied = chunk.end;
                values = Some(after);
            }
            Err(problem) => edited.failed = Some(problem),
        }
        if sink.adapt {
            target = next_target(target, chunk.len(), grown);
            chunks.set_target(target);
        }
    }
    let tail = if rewrite.keeps_tail() {
        &text[copied..]
    } else {
        ""
    };
    if let Some(new) = &mut edited.output
        && edited.failed.is_none()
        && let Err(problem) = sink.push(new, tail)
    {
        edited.failed = Some(problem);
    }
    edited
}

/// The `#`/`##` values after the games of `parse`, a chunk of `text`, that follow `values`.
fn carried(parse: &Parse, text: &str, values: &OwnedInheritance) -> OwnedInheritance {
    let mut reader = values.inheritor();
    for game in parse.real_games() {
        reader.game(parse, text, game);
    }
    reader.to_owned_values()
}

/// What reading a file decides for a rewrite of it, once its chunks are read: the games read,
/// and the findings of reading that stop a rewrite ([`proof::blocking`]). `Err` with them when
/// the file is not rewritten: not PBN, bytes its encoding cannot hold (writing them back would
/// not give the input; not even with `force`), or a finding that stops a rewrite without
/// `force`. `Ok` with them, downgraded to warnings, when it goes on.
pub(crate) fn read_verdict(
    decoded: &Decoded,
    verdict: Verdict,
    force: bool,
) -> (usize, Result<Vec<Diagnostic>, Vec<Diagnostic>>) {
    read_verdict_mending(decoded, verdict, force, |_| false)
}

/// [`read_verdict`], leaving out the findings the rewrite's own edits mend
/// ([`ChunkEdits::mends`]).
fn read_verdict_mending(
    decoded: &Decoded,
    verdict: Verdict,
    force: bool,
    mends: impl Fn(&Diagnostic) -> bool,
) -> (usize, Result<Vec<Diagnostic>, Vec<Diagnostic>>) {
    let mut problems = proof::blocking(verdict.findings);
    problems.retain(|finding| !mends(finding));
    let games = verdict.games;
    if !verdict.is_pbn || decoded.malformed_at.is_some() || (!problems.is_empty() && !force) {
        return (games, Err(problems));
    }
    proof::downgrade(&mut problems, "--force: rewritten anyway");
    (games, Ok(problems))
}

/// An edit rewrite, in the one frame of every rewrite ([`frame::frame`]): read and edit the text
/// a chunk at a time with `rewrite` ([`edit_chunks`]), refuse what is not PBN or cannot be read
/// without guessing, and encode the result as the input was encoded. `then` may rewrite the
/// edited text (or the input, when nothing changed) further, once that went through:
/// `--compress` works on the resolved text.
pub(crate) fn rewrite_chunks<R: ChunkEdits>(
    decoded: Decoded,
    options: RewriteOptions,
    rewrite: &mut R,
    then: Option<&mut Further<'_>>,
) -> Rewritten {
    let sink = Sink {
        encoding: decoded.encoding,
        bom: decoded.bom,
        adapt: options.chunk_bytes.is_none(),
    };
    frame::frame(
        decoded,
        &mut Editing {
            rewrite,
            options,
            then,
            sink,
        },
    )
}

/// An edit rewrite in the frame.
struct Editing<'r, 'f, 'g, R> {
    rewrite: &'r mut R,
    options: RewriteOptions,
    then: Option<&'f mut Further<'g>>,
    sink: Sink,
}

impl<R: ChunkEdits> frame::Rewrite for Editing<'_, '_, '_, R> {
    type Made = Edited;
    type Done = Rewritten;

    fn first_chunk(&self) -> usize {
        self.options.chunk_bytes.unwrap_or(FIRST_CHUNK_BYTES)
    }

    fn make(&mut self, text: &str, chunks: VettedChunks<'_, '_>, _embedded: bool) -> Edited {
        edit_chunks(text, chunks, self.rewrite, self.sink)
    }

    /// The result of the chunks edited into `made` (nothing when none was read), once the reading
    /// said `verdict`.
    fn finish(&mut self, decoded: Decoded, verdict: Verdict, made: Option<Edited>) -> Rewritten {
        let mut edited = made.unwrap_or_default();
        let (options, sink, then) = (self.options, self.sink, self.then.take());
        let rewrite = &mut *self.rewrite;
        let text = decoded.text.as_str();
        let (games, verdict) = read_verdict_mending(&decoded, verdict, options.force, |finding| {
            rewrite.mends(finding)
        });
        let mut problems = match verdict {
            Ok(problems) => problems,
            Err(problems) => return Rewritten::refused(decoded, problems, games),
        };
        let appended = if edited.failed.is_none() && !rewrite.refused() {
            rewrite.appended(text)
        } else {
            None
        };
        let mut refusals = rewrite.refusals();
        if !refusals.is_empty() {
            problems.append(&mut refusals);
            return Rewritten::refused(decoded, problems, games);
        }
        let omitted = edited.findings.omitted;
        problems.append(&mut edited.findings.kept);
        problems.append(&mut rewrite.findings());
        if let Some(extra) = appended {
            edited.failed = rewrite.check_appended(text, &extra).or_else(|| {
                let unchanged = edited.output.is_none();
                let new = edited.output.get_or_insert_with(Output::new);
                let copied = if unchanged {
                    sink.push(new, text)
                } else {
                    Ok(())
                };
                copied.and_then(|()| sink.push(new, &extra)).err()
            });
        }
        if edited.failed.is_none()
            && let Some(then) = then
        {
            // A further step (`--compress`) reads the whole edited text.
            let edited_text = match &edited.output {
                None => Ok(None),
                Some(output) => output
                    .to_vec()
                    .map(|bytes| Some(source::decode_owned(bytes, Some(decoded.encoding)).text)),
            };
            match edited_text {
                Ok(edited_text) => {
                    let mut further = then(edited_text.as_deref().unwrap_or(text), sink);
                    problems.append(&mut further.findings.kept);
                    edited.failed = further.failed;
                    if further.output.is_some() {
                        edited.output = further.output;
                    }
                }
                Err(error) => {
                    edited.failed = Some(Unfaithful::NotReadBack(error.to_string()));
                }
            }
        }
        let output = match edited.failed {
            // A character a value given on the command line brought in that the file's encoding
            // lacks (issue 63, item 13).
            Some(problem @ Unfaithful::NotEncodable { .. }) if R::WRITES_GIVEN_TEXT => {
                problems.push(crate::rules::writing::not_in_file_encoding(
                    &problem,
                    decoded.encoding.name(),
                ));
                None
            }
            // A kept game that took a value from a removed one: the input's (W007).
            Some(Unfaithful::TakesFromRemoved(first_line)) => {
                problems.push(crate::rules::writing::removed_game_inherited(first_line));
                None
            }
            Some(problem) => {
                problems.push(bug(problem));
                None
            }
            None => match edited.output {
                Some(output) => Some(output),
                // Nothing changed: the input's bytes, which a lossless decoding gives back.
                None => source::encode(text, decoded.encoding, decoded.bom)
                    .map(Output::from_bytes)
                    .map_err(|unencodable| problems.push(bug((&unencodable).into())))
                    .ok(),
            },
        };
        let mut rewritten = Rewritten::written(decoded, output, problems, games);
        rewritten.omitted = omitted;
        rewritten
    }
}
