//! Export's proof (`docs/spec-decisions.md`, "Export's proof"): each chunk's export proven as
//! it is written, here or on threads beside the writer.

use std::ops::Range;

use crate::rules::writing::{FormatBreak, Unfaithful};
use xxhash_rust::xxh3::Xxh3;

use crate::canon::{self, GameContext};
use crate::lexer::SyntaxKind;
use crate::model::{GameModel, Inheritor};
use crate::parser;
use crate::proof::{self, facts, lean};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::select::RuleSet;
use crate::rules::semantic::Checker;
use crate::rules::{self, Rule};
use crate::syntax::{Game, Parse};

use super::{ExportOptions, writer};

/// Export's writer over the chunks of `text`: the export so far, and its proof when it is made
/// on this thread.
pub(super) struct Writing<'t> {
    text: &'t str,
    /// The text embeds PBN in another document (PBN 6.2).
    embedded: bool,
    pub(super) output: writer::Output<'t>,
    pub(super) verifier: Verifier<'t>,
    /// The `<PBN>` delimiter found (W003).
    pub(super) problems: Vec<Diagnostic>,
    /// Where the next chunk's piece starts in the export.
    piece_start: usize,
}

impl<'t> Writing<'t> {
    pub(super) fn new(text: &'t str, embedded: bool, options: &'t ExportOptions) -> Writing<'t> {
        let nl = options.newline.as_str();
        Writing {
            text,
            embedded,
            output: writer::Output::new(text, nl, options.resolve, text.len() + text.len() / 8),
            verifier: Verifier::new(options),
            problems: Vec::new(),
            piece_start: 0,
        }
    }

    /// Writes the chunk `parse`, taking its input's facts for a proof here when `prove_here`:
    /// where its piece starts, the `#`/`##` values before it, and where the piece is in the
    /// export.
    pub(super) fn write(
        &mut self,
        parse: &Parse,
        prove_here: bool,
    ) -> (Start, Inheritor<'t, 'static>, Range<usize>) {
        let text = self.text;
        let delimiter = parse
            .tokens
            .iter()
            .filter(|_| self.embedded)
            .find(|token| token.kind == SyntaxKind::EmbedDelimiter);
        if let Some(delimiter) = delimiter {
            self.problems
                .push(crate::rules::writing::embedded_pbn(delimiter.range()));
        }
        let start = Start {
            // The first piece holds the header too.
            header: self.piece_start == 0,
            first_game: self.output.before_first_game(),
            offset: self.piece_start,
        };
        let inherited = self.output.inheritance();
        let verifier = &mut self.verifier;
        self.output.chunk_with(parse, |game, model| {
            if prove_here {
                verifier.input(parse, text, game, model);
            }
        });
        let piece = self.piece_start..self.output.text().len();
        self.piece_start = piece.end;
        (start, inherited, piece)
    }

    /// Writes the chunk `parse` and proves its piece here.
    pub(super) fn write_proven(&mut self, parse: &Parse) {
        let (start, inherited, piece) = self.write(parse, true);
        if let Some(print) = self.verifier.input_print(parse, self.text, &inherited) {
            let piece = &self.output.text()[piece];
            self.verifier.problem = self
                .verifier
                .prover
                .prove(parse, self.text, piece, start, inherited, print);
        }
    }
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
pub(super) struct Verifier<'t> {
    /// The input's facts, a game at a time, and their fingerprint for the chunk being written.
    pub(super) input: facts::GameFacts,
    pub(super) input_print: Xxh3,
    pub(super) prover: Prover<'t>,
    pub(super) problem: Option<Diagnostic>,
}

impl<'t> Verifier<'t> {
    pub(super) fn new(options: &'t ExportOptions) -> Verifier<'t> {
        Verifier {
            input: facts::GameFacts::new(options.resolve),
            input_print: Xxh3::new(),
            prover: Prover::new(options),
            problem: None,
        }
    }

    /// The facts of an input game the writer has just written, from its model.
    pub(super) fn input(
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
    pub(super) fn input_print(
        &mut self,
        parse: &Parse,
        text: &'t str,
        inherited: &Inheritor<'t, 'static>,
    ) -> Option<u128> {
        let input_print = std::mem::replace(&mut self.input_print, Xxh3::new()).digest128();
        if self.problem.is_some() {
            return None;
        }
        // Export on threads ([`Beside`]) folds the input's facts from models of its own:
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
pub(super) fn input_print_of<'t>(
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
pub(super) struct Prover<'t> {
    pub(super) options: &'t ExportOptions,
    /// The facts of the export read straight from its text ([`lean`]).
    pub(super) lean: facts::GameFacts,
    pub(super) scratch: String,
}

impl<'t> Prover<'t> {
    pub(super) fn new(options: &'t ExportOptions) -> Prover<'t> {
        Prover {
            options,
            lean: facts::GameFacts::new(options.resolve),
            scratch: String::new(),
        }
    }

    /// The problem with the export `piece` of the chunk `parse` (of `text`), whose input's facts
    /// have the fingerprint `input_print`; `inherited`: the input's `#`/`##` values before the
    /// chunk.
    pub(super) fn prove(
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
            return Some(unfaithful(Unfaithful::ExportSyntaxError {
                code: crate::rules::syntax::rule_of(error).code(),
                at: start.offset + error.span.start as usize,
            }));
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
                unfaithful(Unfaithful::ExportFingerprint {
                    output: output_print,
                    input: input_print,
                })
            }))
        } else if let Some((at, how)) = broken {
            Some(unfaithful(Unfaithful::ExportBreaksFormat {
                at: start.offset + at,
                how,
            }))
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
pub(super) const MAX_PROVERS: usize = 3;

/// A chunk written and waiting for its proof on another thread: its parse, where its export
/// stands, the input's `#`/`##` values before it, and its export.
pub(super) struct Chunk<'t> {
    pub(super) parse: Parse,
    pub(super) start: Start,
    pub(super) inherited: Inheritor<'t, 'static>,
    pub(super) piece: String,
}

/// The proof of chunks on threads beside the writer (issue 28: `-j N` on one file means N): each
/// thread folds the input's facts from models of its own ([`input_print_of`]) and proves the
/// chunk as [`Verifier`] does. The problem is the one of the first chunk that has one, as on one
/// thread ([`Beside::first`]); the chunks after it are not proven.
pub(super) struct Beside<'t> {
    text: &'t str,
    options: &'t ExportOptions,
    /// The first chunk found wrong so far: a chunk after it needs no proof.
    wrong: std::sync::atomic::AtomicUsize,
}

impl<'t> Beside<'t> {
    pub(super) fn new(text: &'t str, options: &'t ExportOptions) -> Beside<'t> {
        Beside {
            text,
            options,
            wrong: std::sync::atomic::AtomicUsize::new(usize::MAX),
        }
    }

    /// How many threads prove beside the writer, and whether one more parses ahead of it, when
    /// the file has `threads`: from 4, one parses ahead and up to [`MAX_PROVERS`] prove.
    pub(super) fn threads(threads: usize) -> (bool, usize) {
        if threads >= 4 {
            (true, (threads - 2).min(MAX_PROVERS))
        } else {
            (false, threads - 1)
        }
    }

    /// Proves chunk `index` on a prover thread.
    pub(super) fn prove(
        &self,
        prover: &mut Prover<'t>,
        index: usize,
        chunk: Chunk<'t>,
    ) -> Option<Diagnostic> {
        use std::sync::atomic::Ordering;
        if index > self.wrong.load(Ordering::Relaxed) {
            return None;
        }
        let Chunk {
            parse,
            start,
            inherited,
            piece,
        } = chunk;
        let input_print =
            input_print_of(&parse, self.text, self.options.resolve, inherited.clone());
        let problem = prover.prove(&parse, self.text, &piece, start, inherited, input_print);
        if problem.is_some() {
            self.wrong.fetch_min(index, Ordering::Relaxed);
        }
        problem
    }

    /// The problem of the first chunk that has one.
    pub(super) fn first(proven: Vec<Option<Diagnostic>>) -> Option<Diagnostic> {
        proven.into_iter().flatten().next()
    }
}

/// The export rules every export keeps, whatever its input: the tags all there, in order, alone on
/// their lines, annotations as NAGs, games one empty line apart, no tab. The line ends (E003's, CR
/// LF, or LF when asked for) are checked on the line-end tokens instead ([`line_end`]). The value rules
/// (E006-E008) are not among them: a value that does not read is exported as it is written
/// (`docs/spec-decisions.md`, "How faithfulness is checked").
pub(super) fn layout_rules() -> RuleSet {
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
pub(super) fn line_end(again: &Parse, piece: &str, nl: &str) -> Option<usize> {
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
pub(super) fn read_back<'a>(
    again: &'a Parse,
    piece: &'a str,
    options: &ExportOptions,
    inheritor: Inheritor<'a, 'static>,
    scratch: &mut String,
) -> (u128, Option<(usize, FormatBreak)>) {
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
    let mut broken =
        line_end(again, piece, options.newline.as_str()).map(|at| (at, FormatBreak::LineEnd));
    for game in &again.games {
        let has_facts = if game.is_empty() {
            facts.game(again, piece, game, None, scratch)
        } else {
            let model = inheritor.game(again, piece, game);
            let context = canon::context(&model);
            rules::export::check_game(&mut checker, &model);
            if broken.is_none() {
                broken = spacing(again, piece, game, &model).map(|at| (at, FormatBreak::Spacing));
            }
            facts.game(again, piece, game, Some((&model, &context)), scratch)
        };
        if has_facts {
            facts::fold(&mut print, scratch);
        }
    }
    // A rule's finding comes first: it names the rule.
    let rule = checker.out.into_iter().next().map(|finding| {
        let how = FormatBreak::Rule {
            code: finding.rule.code(),
            name: finding.rule.name(),
            finding: finding.message,
        };
        (finding.span.start, how)
    });
    (print.digest128(), rule.or(broken))
}

/// Where a piece of export stands in the file.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start {
    /// It starts the file, with the header.
    pub(super) header: bool,
    /// No game comes before it.
    pub(super) first_game: bool,
    /// Where it starts in the export, for the place a problem names.
    pub(super) offset: usize,
}

/// The spacing the writer lays out itself, which no export rule states: in a game's tags and its
/// Auction and Play sections, one space between two tokens on a line and none at its end. The
/// supplemental sections after them are not looked at: a table row is padded to its columns
/// (PBN 5.2). The offset of the first gap between tokens (spaces and tabs) that breaks it.
pub(super) fn spacing(
    again: &Parse,
    piece: &str,
    game: &Game,
    model: &GameModel<'_>,
) -> Option<usize> {
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
pub(super) fn unfaithful(why: Unfaithful) -> Diagnostic {
    crate::rules::writing::export_unfaithful(&why)
}

/// Reads the export `output` (read back as `again`) of the games whose facts `before` gives, the
/// long way: the same facts as text, and the same bytes when exported again.
/// `inheritor` holds the `#`/`##` values the games before `output` leave to it.
pub(super) fn verify<'t: 'p, 'p>(
    before: &mut facts::Facts<'t, 'p>,
    output: &str,
    again: &Parse,
    start: Start,
    options: &ExportOptions,
    inheritor: Inheritor<'_, 'static>,
) -> Option<Diagnostic> {
    let mut after = facts::Facts::carrying(again, output, options.resolve, inheritor.clone());
    if let Some((was, is)) = proof::first_difference(before, &mut after) {
        return Some(unfaithful(Unfaithful::ExportChangesFacts { was, is }));
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
        return Some(unfaithful(Unfaithful::ExportAgainChanges));
    }
    None
}
