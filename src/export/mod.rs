//! `export` as a pure function: import-format bytes in, export-format bytes out (PBN 2.1), or the
//! reasons why not.
//!
//! Nothing is written that cannot be shown to be faithful. Before returning output, the export is
//! parsed again and its facts ([`summary`]) compared with the input's, and exported again, which
//! must give the same bytes. A file whose syntax is broken (the reading is a guess), that embeds
//! PBN in another document, has a second tag of one name with another value, or holds a character
//! the output encoding cannot, is refused; `force` writes it anyway and says what was lost.

pub mod writer;

use xxhash_rust::xxh3::Xxh3;

use crate::canon::{self, GameContext};
use crate::lexer::SyntaxKind;
use crate::model::{GameModel, Inheritor};
use crate::proof::{self, Omitted, Rewritten, facts, lean};
use crate::read::{Chunk as ReadChunk, Reader, Verdict};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::select::RuleSet;
use crate::rules::semantic::Checker;
use crate::rules::{self, Rule};
use crate::source::{self, Decoded, Encoding};
use crate::syntax::{Game, Parse};
use crate::{parallel, parser};

/// The line end export writes: CR LF (PBN 2.3), or LF for those who ask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Newline {
    #[default]
    CrLf,
    Lf,
}

impl Newline {
    pub fn as_str(self) -> &'static str {
        match self {
            Newline::CrLf => "\r\n",
            Newline::Lf => "\n",
        }
    }
}

/// What `export` may be told.
#[derive(Clone, Debug, Default)]
pub struct ExportOptions {
    /// Read the input in this encoding instead of detecting it.
    pub input_encoding: Option<Encoding>,
    /// Write in this encoding; by default the input's.
    pub encoding: Option<Encoding>,
    pub newline: Newline,
    /// Expand `#` and `##` (PBN 4.8).
    pub resolve: bool,
    /// Write even what cannot be written faithfully, and say what was lost.
    pub force: bool,
    /// How much text is exported at a time ([`parser::CHUNK_BYTES`] when `None`). The output is
    /// the same whatever the size; tests set it small to prove that.
    pub chunk_bytes: Option<usize>,
    /// Lex and parse on a second thread, ahead of the writer (for a file that has a core to
    /// itself). The output is the same.
    pub parse_ahead: bool,
    /// Threads for the chunks of this one file: from 2, the chunks are proven on the others
    /// (at most [`MAX_PROVERS`]) while the calling thread writes, and from 4 a thread lexes and
    /// parses ahead of it too ([`prove_on_threads`]); 0 or 1: one. The output and the problems
    /// are the same whatever the number.
    pub threads: usize,
    /// Prove the export the long way too: the facts of both sides compared as text, and the
    /// export exported again, which must give the same bytes (`--paranoid`).
    pub paranoid: bool,
}

/// Exports one file's bytes.
pub fn export_bytes(bytes: &[u8], options: &ExportOptions) -> Rewritten {
    export_decoded(source::decode(bytes, options.input_encoding), options)
}

/// [`export_bytes`] of bytes the caller gives away: a UTF-8 file is not copied.
pub fn export_owned(bytes: Vec<u8>, options: &ExportOptions) -> Rewritten {
    export_decoded(source::decode_owned(bytes, options.input_encoding), options)
}

/// Exports a chunk of games at a time ([`parser::chunks`]): each chunk is written, then read back
/// and compared before the next, so that only the output and one chunk's trees are in memory.
pub fn export_decoded(decoded: Decoded, options: &ExportOptions) -> Rewritten {
    let text = decoded.text.as_str();
    // No suppression applies to a rewrite: the findings left out are only counted.
    let mut reader = Reader::new(&decoded).count_only();
    if !reader.wants_chunks() {
        let findings = reader.finish().findings;
        return Rewritten::refused(decoded, proof::blocking(findings), 0);
    }
    let nl = options.newline.as_str();
    let mut output = writer::Output::new(text, nl, options.resolve, text.len() + text.len() / 8);
    let mut verifier = Verifier::new(options);
    let mut problems = Vec::new();
    let mut piece_start = 0;
    let chunk = options.chunk_bytes.unwrap_or(parser::CHUNK_BYTES);
    // Text with embedded PBN is one chunk; only its tokens are looked through for a delimiter.
    let embedded = reader.is_embedded();
    let chunks = reader.chunks(chunk);
    // From two threads, the chunks are proven beside the writer.
    let threads = options.threads.max(1);
    let on_threads = threads > 1 && text.len() > chunk;
    // Writes a chunk and proves it here, or hands back what its proof on another thread needs.
    let mut write = |read: &ReadChunk| -> Option<(Start, Inheritor<'_, 'static>, String)> {
        let parse = &read.parse;
        let delimiter = parse
            .tokens
            .iter()
            .filter(|_| embedded)
            .find(|token| token.kind == SyntaxKind::EmbedDelimiter);
        if let Some(delimiter) = delimiter {
            problems.push(rules::writing::embedded_pbn(delimiter.range()));
        }
        let start = Start {
            // The first piece holds the header too.
            header: piece_start == 0,
            first_game: output.before_first_game(),
            offset: piece_start,
        };
        let inherited = output.inheritance();
        output.chunk_with(parse, |game, model| {
            if !on_threads {
                verifier.input(parse, text, game, model);
            }
        });
        let piece = &output.text()[piece_start..];
        piece_start = output.text().len();
        if on_threads {
            return Some((start, inherited, piece.to_owned()));
        }
        if let Some(print) = verifier.input_print(parse, text, &inherited) {
            verifier.problem = verifier
                .prover
                .prove(parse, text, piece, start, inherited, print);
        }
        None
    };
    if on_threads {
        let mut written = |read: ReadChunk| {
            // Never fails: `write` hands every chunk back when `on_threads`, the branch this is.
            let (start, inherited, piece) = write(&read).expect("a chunk to prove");
            Chunk {
                parse: read.parse,
                start,
                inherited,
                piece,
            }
        };
        verifier.problem = if threads >= 4 {
            let provers = (threads - 2).min(MAX_PROVERS);
            parallel::produced_ahead(chunks, 2, |parsed| {
                prove_on_threads(parsed.map(&mut written), text, options, provers)
            })
        } else {
            prove_on_threads(chunks.map(written), text, options, threads - 1)
        };
    } else if options.parse_ahead && text.len() > chunk {
        // A file of one chunk is not worth a thread.
        parallel::pipeline(chunks, 2, |read| {
            write(read);
        });
    } else {
        chunks.for_each(|read| {
            write(&read);
        });
    }
    let Verdict {
        findings,
        is_pbn,
        games,
        ..
    } = reader.finish();
    problems.extend(proof::blocking(findings));
    if !is_pbn {
        // Not a PBN file at all: nothing to export, even with `force`.
        return Rewritten::refused(decoded, problems, 0);
    }
    let written = output.finish();
    let mut omitted = written.dropped.omitted;
    problems.extend(written.dropped.kept);
    if problems.is_empty() {
        problems.extend(verifier.problem);
    }
    let long = long_lines(&written.text);
    let encoding = options.encoding.unwrap_or(decoded.encoding);
    let bom = decoded.bom && encoding == decoded.encoding;
    let output = match proof::encode(written.text, encoding, bom) {
        Ok(bytes) => Some(bytes),
        Err((unencodable, written)) => {
            let at = text.find(unencodable.character).unwrap_or(0);
            let end = at + unencodable.character.len_utf8();
            problems.push(rules::writing::unencodable_character(
                at..end.min(text.len()),
                &unencodable,
            ));
            options.force.then(|| encode_lossy(&written, encoding, bom))
        }
    };
    let refused = (!problems.is_empty() || omitted.total() > 0) && !options.force;
    if options.force {
        proof::downgrade(&mut problems, "--force: exported anyway");
    }
    if !refused {
        // Written otherwise than given, and said (W011): no reason to refuse.
        problems.extend(written.noted.kept);
        omitted.add(written.noted.omitted);
    }
    if options.force {
        // Refusals downgraded to warnings, those counted too.
        omitted = Omitted {
            errors: 0,
            warnings: omitted.total(),
        };
    }
    if !refused && let Some((count, first)) = long {
        problems.push(rules::chars::export_lines_too_long(
            count,
            first,
            options.newline == Newline::Lf,
        ));
    }
    proof::sort(&mut problems);
    Rewritten {
        decoded,
        output: if refused {
            None
        } else {
            output.map(crate::io::spool::Output::from_bytes)
        },
        source: None,
        problems,
        games,
        omitted,
        unsafe_fixes_left: 0,
        uncertain: 0,
    }
}

/// How many lines of `text` are longer than PBN 2.3 allows (255 characters with the line end),
/// and the 1-based number of the first.
fn long_lines(text: &str) -> Option<(usize, usize)> {
    let mut long = None;
    let mut start = 0;
    // One memchr pass over the line ends (a SIMD scan): `split_inclusive('\n')` cost 12
    // instructions a byte of the export.
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1);
    for (number, end) in ends.chain(std::iter::once(text.len())).enumerate() {
        let line = &text[start..end];
        start = end;
        // A line of at most 255 bytes has at most 255 characters: count only the longer ones.
        if line.len() > 255 && line.chars().count() > 255 {
            let (count, _) = long.get_or_insert((0, number + 1));
            *count += 1;
        }
    }
    long
}

/// Proves each chunk's export as it is written (`docs/spec-decisions.md`, "Export's proof").
///
/// The input's facts ([`facts::GameFacts`], from the models the writer wrote from) and the facts of
/// the export are folded into a 128-bit fingerprint each. The export's are read straight from its
/// text when it is in the shape export writes ([`lean`], which demands the layout); else they are
/// read back by the lexer, parser and model, and the chunk is proven when the two are equal and
/// the export breaks none of the export rules that hold for every export (layout, order, line
/// ends: [`layout_rules`]). When the fingerprints differ, the facts are compared as text to say
/// which one changed. `--paranoid` also compares the facts as text, and exports the export again,
/// which must give the same bytes. The first difference is the problem.
///
/// The export side starts each chunk with the input side's `#`/`##` values: without `--resolve`
/// the export keeps `#` and `##` as written, so its values are the input's; with `--resolve` it
/// has none left and starts afresh.
struct Verifier<'t> {
    /// The input's facts, a game at a time, and their fingerprint for the chunk being written.
    input: facts::GameFacts,
    input_print: Xxh3,
    prover: Prover<'t>,
    problem: Option<Diagnostic>,
}

impl<'t> Verifier<'t> {
    fn new(options: &'t ExportOptions) -> Verifier<'t> {
        Verifier {
            input: facts::GameFacts::new(options.resolve),
            input_print: Xxh3::new(),
            prover: Prover::new(options),
            problem: None,
        }
    }

    /// The facts of an input game the writer has just written, from its model.
    fn input(
        &mut self,
        parse: &Parse,
        text: &str,
        game: &Game,
        model: Option<(&GameModel<'_>, &GameContext<'_>)>,
    ) {
        let scratch = &mut self.prover.scratch;
        if self.problem.is_none() && self.input.game(parse, text, game, model, scratch) {
            facts::fold(&mut self.input_print, scratch);
        }
    }

    /// The fingerprint of the input's facts of the chunk `parse` (of `text`) just written, after
    /// the chunks whose `#`/`##` values `inherited` holds, for [`Prover::prove`] to prove its
    /// export with; none once a chunk was found wrong (the chunks after it are not looked at).
    fn input_print(
        &mut self,
        parse: &Parse,
        text: &'t str,
        inherited: &Inheritor<'t, 'static>,
    ) -> Option<u128> {
        let input_print = std::mem::replace(&mut self.input_print, Xxh3::new()).digest128();
        if self.problem.is_some() {
            return None;
        }
        // Export on threads ([`prove_on_threads`]) folds the input's facts from models of its own:
        // builds with debug assertions (every test run) hold the two to the same fingerprint.
        if cfg!(debug_assertions) {
            let resolve = self.prover.options.resolve;
            let theirs = input_print_of(parse, text, resolve, inherited.clone());
            assert_eq!(input_print, theirs);
        }
        Some(input_print)
    }
}

/// The fingerprint of the input's facts of the chunk `parse` (of `text`) after the chunks whose
/// `#`/`##` values `inherited` holds, from models built here: what [`Verifier::input`] folds from
/// the writer's models, for a proof on another thread than the writer's.
fn input_print_of<'t>(
    parse: &Parse,
    text: &'t str,
    resolve: bool,
    inherited: Inheritor<'t, 'static>,
) -> u128 {
    let mut facts = facts::Facts::carrying(parse, text, resolve, inherited);
    let mut print = Xxh3::new();
    let mut scratch = String::new();
    while let Some((_, has_facts)) = facts.next_game(&mut scratch) {
        if has_facts {
            facts::fold(&mut print, &scratch);
        }
    }
    print.digest128()
}

/// What proves one chunk's export, given the fingerprint of the input's facts: a thread's own
/// scratch space, so that chunks can be proven on several threads at once ([`Verifier`] says
/// how a chunk is proven).
struct Prover<'t> {
    options: &'t ExportOptions,
    /// The facts of the export read straight from its text ([`lean`]).
    lean: facts::GameFacts,
    scratch: String,
}

impl<'t> Prover<'t> {
    fn new(options: &'t ExportOptions) -> Prover<'t> {
        Prover {
            options,
            lean: facts::GameFacts::new(options.resolve),
            scratch: String::new(),
        }
    }

    /// The problem with the export `piece` of the chunk `parse` (of `text`), whose input's facts
    /// have the fingerprint `input_print`; `inherited`: the input's `#`/`##` values before the
    /// chunk.
    fn prove(
        &mut self,
        parse: &Parse,
        text: &'t str,
        piece: &str,
        start: Start,
        inherited: Inheritor<'t, 'static>,
        input_print: u128,
    ) -> Option<Diagnostic> {
        // The usual chunk is proven by reading its facts straight from the export's text; a
        // chunk that does not read that way, or whose facts differ, is read the long way, which
        // says what differs. The `##` values of chunks before would give this chunk's games tags
        // they do not write: such a chunk is read the long way too.
        let nl = self.options.newline.as_str();
        let export_side = if self.options.resolve {
            Inheritor::default()
        } else {
            inherited.clone()
        };
        let lean = !self.options.paranoid
            && (self.options.resolve || !inherited.has_sticky())
            && lean::fingerprint(piece, nl, &mut self.lean, &mut self.scratch) == Some(input_print);
        let again = (!lean || cfg!(debug_assertions)).then(|| parser::parse(piece));
        let again = again?;
        if lean {
            // Builds with debug assertions read the chunk the long way too: both must agree.
            assert!(proof::broken_reading(&again).is_none(), "{piece}");
            let read = read_back(&again, piece, self.options, export_side, &mut self.scratch);
            assert_eq!(read, (input_print, None), "{piece}");
            return None;
        }
        if let Some(error) = proof::broken_reading(&again) {
            return Some(unfaithful(format!(
                "the export reads back with a syntax error ({}) at byte {} of the export",
                crate::rules::syntax::rule_of(error).code(),
                start.offset + error.span.start as usize
            )));
        }
        let (output_print, broken) = read_back(
            &again,
            piece,
            self.options,
            export_side.clone(),
            &mut self.scratch,
        );
        let slow = || {
            let mut before = facts::Facts::carrying(parse, text, self.options.resolve, inherited);
            verify(&mut before, piece, &again, start, self.options, export_side)
        };
        if output_print != input_print {
            // Which fact changed: the text comparison says; should it find none, the
            // fingerprints still differ.
            Some(slow().unwrap_or_else(|| {
                unfaithful(format!(
                    "the export's facts have another fingerprint than the input's \
                     ({output_print:032x}, not {input_print:032x})"
                ))
            }))
        } else if let Some((at, what)) = broken {
            Some(unfaithful(format!(
                "the export breaks export format at byte {} of the export: {what}",
                start.offset + at
            )))
        } else if self.options.paranoid {
            slow()
        } else {
            None
        }
    }
}

/// The most threads that prove chunks beside the writer. The proof of a chunk costs about what
/// lexing, parsing, modelling and writing it cost together (callgrind, generated games), so
/// that two to three keep up with a writer that has a thread parsing ahead of it; each holds a
/// chunk's export and its read-back, so more would cost memory for no speed
/// (`docs/spec-decisions.md`, "The memory bound").
const MAX_PROVERS: usize = 3;

/// A chunk written and waiting for its proof on another thread: its parse, where its export
/// stands, the input's `#`/`##` values before it, and its export.
struct Chunk<'t> {
    parse: Parse,
    start: Start,
    inherited: Inheritor<'t, 'static>,
    piece: String,
}

/// Proves the chunks `chunks` yields on `provers` threads while the calling thread writes them
/// (issue 28: `-j N` on one file means N). Each thread folds the input's facts from models of its
/// own ([`input_print_of`]) and proves the chunk as [`Verifier`] does. The problem is the one of
/// the first chunk that has one, as on one thread; the chunks after it are not proven.
fn prove_on_threads<'t>(
    chunks: impl Iterator<Item = Chunk<'t>>,
    text: &'t str,
    options: &'t ExportOptions,
    provers: usize,
) -> Option<Diagnostic> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // The first chunk found wrong so far: a chunk after it needs no proof.
    let wrong = AtomicUsize::new(usize::MAX);
    let prove = |prover: &mut Prover<'t>, index: usize, chunk: Chunk<'t>| {
        if index > wrong.load(Ordering::Relaxed) {
            return None;
        }
        let Chunk {
            parse,
            start,
            inherited,
            piece,
        } = chunk;
        let input_print = input_print_of(&parse, text, options.resolve, inherited.clone());
        let problem = prover.prove(&parse, text, &piece, start, inherited, input_print);
        if problem.is_some() {
            wrong.fetch_min(index, Ordering::Relaxed);
        }
        problem
    };
    parallel::beside(chunks, provers, || Prover::new(options), prove)
        .into_iter()
        .flatten()
        .next()
}

/// The export rules every export keeps, whatever its input: the tags all there, in order, alone on
/// their lines, annotations as NAGs, games one empty line apart, no tab. The line ends (E003's, CR
/// LF, or LF when asked for) are checked on the line-end tokens instead ([`line_end`]). The value rules
/// (E006-E008) are not among them: a value that does not read is exported as it is written
/// (`docs/spec-decisions.md`, "How faithfulness is checked").
fn layout_rules() -> RuleSet {
    let mut rules = RuleSet::default();
    for rule in [
        Rule::MissingMandatoryTag,
        Rule::TagOutOfOrder,
        Rule::TabInExport,
        Rule::SeveralTagsOnOneLine,
        Rule::NonCanonicalAnnotation,
        Rule::NonEmptyGameSeparator,
    ] {
        rules.insert(rule);
    }
    rules
}

/// The first line end of the export `piece` (read back as `again`) that is not `nl`: a line-end
/// token, or one inside a `%` line's token.
fn line_end(again: &Parse, piece: &str, nl: &str) -> Option<usize> {
    again.tokens.iter().find_map(|token| {
        let wrong = match token.kind {
            SyntaxKind::Newline => token.text(piece) != nl,
            SyntaxKind::Escape => {
                let line = token.text(piece);
                line.strip_suffix(nl).unwrap_or(line).contains(['\r', '\n'])
            }
            _ => false,
        };
        wrong.then_some(token.start as usize)
    })
}

/// The fingerprint of the facts of `again` (the export `piece` read back), with the first way it
/// breaks the layout export writes (its offset in `piece`, and what): a rule of [`layout_rules`],
/// a line end ([`line_end`]) or the spacing ([`spacing`]), found in one pass over its games.
fn read_back<'a>(
    again: &'a Parse,
    piece: &'a str,
    options: &ExportOptions,
    inheritor: Inheritor<'a, 'static>,
    scratch: &mut String,
) -> (u128, Option<(usize, String)>) {
    let mut inheritor: Inheritor<'a, 'a> = inheritor;
    let mut facts = facts::GameFacts::new(options.resolve);
    let mut print = Xxh3::new();
    let mut checker = Checker {
        text: piece,
        parse: again,
        rules: layout_rules(),
        out: Vec::new(),
        solutions: None,
    };
    rules::export::check_text(&mut checker);
    rules::export::separators(&mut checker, &mut None);
    let mut broken = line_end(again, piece, options.newline.as_str())
        .map(|at| (at, "a line end other than the one export writes".to_owned()));
    for game in &again.games {
        let has_facts = if game.is_empty() {
            facts.game(again, piece, game, None, scratch)
        } else {
            let model = inheritor.game(again, piece, game);
            let context = canon::context(&model);
            rules::export::check_game(&mut checker, &model);
            if broken.is_none() {
                broken = spacing(again, piece, game, &model).map(|at| {
                    let what = "not the single space export writes between two tokens";
                    (at, what.to_owned())
                });
            }
            facts.game(again, piece, game, Some((&model, &context)), scratch)
        };
        if has_facts {
            facts::fold(&mut print, scratch);
        }
    }
    // A rule's finding comes first: it names the rule.
    let rule = checker.out.into_iter().next().map(|finding| {
        let rule = finding.rule;
        let what = format!("{} {}: {}", rule.code(), rule.name(), finding.message);
        (finding.span.start, what)
    });
    (print.digest128(), rule.or(broken))
}

/// Where a piece of export stands in the file.
#[derive(Clone, Copy, Debug)]
struct Start {
    /// It starts the file, with the header.
    header: bool,
    /// No game comes before it.
    first_game: bool,
    /// Where it starts in the export, for the place a problem names.
    offset: usize,
}

/// The spacing the writer lays out itself, which no export rule states: in a game's tags and its
/// Auction and Play sections, one space between two tokens on a line and none at its end. The
/// supplemental sections after them are not looked at: a table row is padded to its columns
/// (PBN 5.2). The offset of the first gap between tokens (spaces and tabs) that breaks it.
fn spacing(again: &Parse, piece: &str, game: &Game, model: &GameModel<'_>) -> Option<usize> {
    // The gaps after the tokens up to the first supplemental section's tag, or after the game's
    // last token.
    let end = model
        .written()
        .find(|tag| matches!(canon::place(tag.pair, tag.name), canon::Place::Section(_)))
        .map_or(game.last as usize + 1, |tag| tag.pair.open as usize);
    let end = end.min(again.tokens.len());
    (game.first as usize..end).find_map(|i| {
        let after = again.tokens[i].end as usize;
        let next = again.tokens.get(i + 1);
        let gap = &piece[after..next.map_or(piece.len(), |next| next.start as usize)];
        // A gap before a line end or the end of what is looked at ends a line.
        let wrong = !gap.is_empty()
            && (gap != " " || i + 1 >= end || next.is_none_or(|t| t.kind == SyntaxKind::Newline));
        wrong.then_some(after)
    })
}

/// W004 for a difference the proof finds: a bug in pbnfmt.
fn unfaithful(message: String) -> Diagnostic {
    proof::unfaithful(
        message,
        "this is a bug in pbnfmt: please report it with the file; `--force` writes the export \
         anyway",
    )
}

/// Reads the export `output` (read back as `again`) of the games whose facts `before` gives, the
/// long way: the same facts as text, and the same bytes when exported again.
/// `inheritor` holds the `#`/`##` values the games before `output` leave to it.
fn verify<'t: 'p, 'p>(
    before: &mut facts::Facts<'t, 'p>,
    output: &str,
    again: &Parse,
    start: Start,
    options: &ExportOptions,
    inheritor: Inheritor<'_, 'static>,
) -> Option<Diagnostic> {
    let mut after = facts::Facts::carrying(again, output, options.resolve, inheritor.clone());
    if let Some((was, is)) = proof::first_difference(before, &mut after) {
        return Some(unfaithful(format!(
            "the export would change what the file says: `{was}` became `{is}`"
        )));
    }
    let nl = options.newline.as_str();
    let mut twice = writer::Output::continuing(
        output,
        nl,
        options.resolve,
        start.header,
        start.first_game,
        output.len(),
    )
    .carrying(inheritor);
    twice.chunk(again);
    if twice.text() != output {
        return Some(unfaithful(
            "exporting the export again changes it".to_owned(),
        ));
    }
    None
}

/// Encodes `text`, writing `?` for each character the encoding cannot hold (only with `force`).
fn encode_lossy(text: &str, encoding: Encoding, bom: bool) -> Vec<u8> {
    let mut text = text.to_owned();
    loop {
        match source::encode(&text, encoding, bom) {
            Ok(bytes) => return bytes,
            Err(unencodable) => text = text.replace(unencodable.character, "?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The proof of `output` as the export of `text` (one chunk): the fingerprints and the layout
    /// rules, or with `paranoid` the long way too.
    fn prove(text: &str, output: &str, paranoid: bool) -> Option<Diagnostic> {
        let parse = parser::parse(text);
        let options = ExportOptions {
            paranoid,
            ..ExportOptions::default()
        };
        let mut verifier = Verifier::new(&options);
        let mut written = writer::Output::new(text, "\r\n", false, 0);
        written.chunk_with(&parse, |game, model| {
            verifier.input(&parse, text, game, model)
        });
        let start = Start {
            header: true,
            first_game: true,
            offset: 0,
        };
        let inherited = Inheritor::default();
        let print = verifier.input_print(&parse, text, &inherited)?;
        verifier
            .prover
            .prove(&parse, text, output, start, inherited, print)
    }

    /// W004: the proof catches an export that loses a comment, changes a call, a value or the
    /// number of calls, leaves a syntax error, or is laid out otherwise than export writes it
    /// (spacing, line ends, tag order, a tag missing), with fingerprints as with `--paranoid`.
    #[test]
    fn verification_catches_a_wrong_export() {
        let text = "[Event \"A\"]\n{kept}\n[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass Pass Pass\n";
        let good = writer::write(&parser::parse(text), text, "\r\n", false).text;
        for paranoid in [false, true] {
            assert!(prove(text, &good, paranoid).is_none(), "{good}");
        }
        let wrongs = [
            good.replace("{kept}\r\n", ""),
            good.replace("1C", "1D"),
            good.replace("[Dealer \"N\"]", "[Dealer \"E\"]"),
            good.replace("Pass Pass Pass", "Pass Pass Pass Pass"),
            good.replace("[Event \"A\"]", "[Event \"A]"),
            good.replace("1C Pass", "1C  Pass"),
            good.replace("[Event \"A\"]", "[Event  \"A\"]"),
            good.replace("Pass\r\n", "Pass \r\n"),
            good.replace("[Dealer \"N\"]\r\n", "[Dealer \"N\"]\n"),
            good.replace("[Site \"?\"]\r\n", ""),
            good.replace(
                "[Site \"?\"]\r\n[Date \"?\"]",
                "[Date \"?\"]\r\n[Site \"?\"]",
            ),
        ];
        for wrong in wrongs {
            assert_ne!(wrong, good);
            for paranoid in [false, true] {
                let problem = prove(text, &wrong, paranoid);
                assert_eq!(
                    problem.map(|d| d.rule),
                    Some(Rule::UnfaithfulExport),
                    "{wrong}"
                );
            }
        }
    }

    /// What the fingerprints miss and only exporting again finds: nothing the export can be
    /// given by the writer, so the text comparison of `--paranoid` is what names the change.
    #[test]
    fn a_changed_fact_is_named() {
        let text = "[Event \"A\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass Pass Pass\n";
        let good = writer::write(&parser::parse(text), text, "\r\n", false).text;
        let problem = prove(text, &good.replace("1C", "1D"), false).expect("a changed call");
        assert!(
            problem.message.contains("`N 1C") && problem.message.contains("became `N 1D"),
            "{}",
            problem.message
        );
    }

    /// Facts longer than 4 KiB are compared by length and hash: a changed character in the
    /// middle of a long value or comment is still a W004, and the same text (tabs written as
    /// spaces) is not.
    #[test]
    fn long_values_and_comments_are_still_compared() {
        let long = format!("{}\t{}", "a".repeat(6000), "b".repeat(6000));
        let text = format!("[Event \"{long}\"]\n{{{long}}}\n[Dealer \"N\"]\n");
        let good = writer::write(&parser::parse(&text), &text, "\r\n", false).text;
        let check = |output: &str| prove(&text, output, false);
        assert!(check(&good).is_none());
        let spaced = format!("{} {}", "a".repeat(6000), "b".repeat(6000));
        assert_eq!(
            good.matches(&spaced).count(),
            2,
            "export writes tabs as spaces"
        );
        let changed = format!("{}c{}", "a".repeat(6000), "b".repeat(6000));
        for wrong in [
            good.replace(&format!("\"{spaced}"), &format!("\"{changed}")),
            good.replace(&format!("{{{spaced}"), &format!("{{{changed}")),
        ] {
            assert_ne!(wrong, good);
            let problem = check(&wrong).expect("a changed long text is a difference");
            assert_eq!(problem.rule, Rule::UnfaithfulExport);
            assert!(
                problem.message.contains("bytes, hash"),
                "{}",
                problem.message
            );
        }
    }

    /// The chunks of `text` written, each with what its proof needs and its export changed by
    /// `change` (given the chunk's number), and the problem one thread finds in them.
    fn written_chunks<'t>(
        text: &'t str,
        options: &'t ExportOptions,
        change: impl Fn(usize, &str) -> String,
    ) -> (Vec<Chunk<'t>>, Option<Diagnostic>) {
        let mut output = writer::Output::new(text, "\r\n", false, 0);
        let mut verifier = Verifier::new(options);
        let mut chunks = Vec::new();
        let mut piece_start = 0;
        for (index, parse) in parser::chunks(text, 1).enumerate() {
            let start = Start {
                header: piece_start == 0,
                first_game: output.before_first_game(),
                offset: piece_start,
            };
            let inherited = output.inheritance();
            output.chunk_with(&parse, |game, model| {
                verifier.input(&parse, text, game, model)
            });
            let piece = change(index, &output.text()[piece_start..]);
            piece_start = output.text().len();
            if let Some(print) = verifier.input_print(&parse, text, &inherited) {
                let proven =
                    verifier
                        .prover
                        .prove(&parse, text, &piece, start, inherited.clone(), print);
                verifier.problem = verifier.problem.or(proven);
            }
            chunks.push(Chunk {
                parse,
                start,
                inherited,
                piece,
            });
        }
        (chunks, verifier.problem)
    }

    /// Chunks proven on threads give the problem one thread gives: that of the first chunk that
    /// has one, whichever thread finishes first; an export with none has none. `#`/`##` values
    /// carry from chunk to chunk: the Event of the first game is every game's (PBN 4.8).
    #[test]
    fn chunks_proven_on_threads_give_the_first_problem() {
        let games: String = (1..=8)
            .map(|board| {
                let event = if board == 1 {
                    "[Event \"##Club\"]\n"
                } else {
                    ""
                };
                let dealer = if board == 3 { "#" } else { "N" };
                format!(
                    "{event}[Board \"{board}\"]\n[Dealer \"{dealer}\"]\n{{note {board}}}\n\
                     [Auction \"N\"]\n1C Pass Pass Pass\n\n"
                )
            })
            .collect();
        let options = ExportOptions::default();
        for provers in [1, 2, 3, 7] {
            let (good, none) = written_chunks(&games, &options, |_, piece| piece.to_owned());
            assert!(none.is_none(), "{none:?}");
            assert!(good.len() >= 8, "a chunk a game");
            let proven = prove_on_threads(good.into_iter(), &games, &options, provers);
            assert!(proven.is_none(), "{proven:?}");
        }
        // Two chunks changed, each its own way: the earlier one is the problem.
        for (first, second) in [(2, 5), (0, 7), (6, 7), (5, 2)] {
            let change = |index: usize, piece: &str| match index {
                i if i == first => piece.replace("note", "lost"),
                i if i == second => piece.replace("1C", "1D"),
                _ => piece.to_owned(),
            };
            for provers in [1, 2, 3, 7] {
                let (chunks, serial) = written_chunks(&games, &options, change);
                let serial = serial.expect("a changed chunk");
                let earlier = if first < second { "lost" } else { "1D" };
                assert!(serial.message.contains(earlier), "{}", serial.message);
                let threaded = prove_on_threads(chunks.into_iter(), &games, &options, provers);
                assert_eq!(threaded.as_ref(), Some(&serial), "{provers} threads");
            }
        }
    }

    /// A file that is not PBN is never written, not even with `force`.
    #[test]
    fn chess_is_never_exported() {
        let pgn = b"[Event \"F\"]\n[White \"K\"]\n[Black \"K\"]\n\n1. e4 e5 1-0\n";
        let options = ExportOptions {
            force: true,
            ..ExportOptions::default()
        };
        let exported = export_bytes(pgn, &options);
        assert!(exported.output.is_none());
        assert_eq!(exported.problems[0].rule, Rule::ChessPgnFile);
    }
}
