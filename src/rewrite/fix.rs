//! `pbnfmt fix`: the fixes that findings carry (`diagnostic::Fix`), applied as minimal edits to
//! the input ([`super::edit`]): every byte outside a fixed value stays as it was.
//!
//! Safe fixes are applied by default, unsafe ones (a guess: a day-month order, a century) only
//! when asked; the rules that apply are the rules selected. The fixes are found over the whole
//! file, then applied a chunk of games at a time by the frame of the other rewrites
//! ([`super::rewrite_chunks`]), which proves each piece: read back, its facts must equal the
//! input's (facts read a loose spelling as what it means, so `2023-07-28` and `2023.07.28` are one
//! fact, `proof::facts`). A file whose reading is a guess (a syntax error that stops a rewrite) is
//! refused, as by `export`, unless forced.

use crate::rules::writing::Unfaithful;
use std::ops::Range;

use crate::check::{CheckOptions, check_decoded};
use crate::proof::Rewritten;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::select::Selection;
use crate::rules::{Fixability, Rule};
use crate::source::{self, Decoded};

use super::edit::Edits;
use super::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit};

/// What `fix` is told.
#[derive(Clone, Debug, Default)]
pub struct FixOptions {
    pub rewrite: RewriteOptions,
    /// The rules whose fixes apply (and which run).
    pub selection: Selection,
    /// Apply the unsafe fixes too.
    pub unsafe_fixes: bool,
}

/// Fixes one file's bytes.
pub fn fix_bytes(bytes: &[u8], options: &FixOptions) -> Rewritten {
    fix_decoded(
        source::decode(bytes, options.rewrite.input_encoding),
        options,
    )
}

/// [`fix_bytes`] of bytes the caller gives away.
pub fn fix_owned(bytes: Vec<u8>, options: &FixOptions) -> Rewritten {
    fix_decoded(
        source::decode_owned(bytes, options.rewrite.input_encoding),
        options,
    )
}

/// The files of a run fixed at once share it: past [`crate::check::LANE_FINDINGS`] findings, one
/// pass at a time holds its findings and edits (issue 45, item 15).
static PASS_LANE: std::sync::LazyLock<std::sync::Arc<crate::read::threads::Lane>> =
    std::sync::LazyLock::new(crate::read::threads::Lane::new);

/// The edits the fixes of `decoded`'s findings make, at `options`, sorted. Only the rules that
/// have fixes run (within the selection), and every finding of theirs is kept, however many:
/// memory is the text and about 200 bytes a fix.
/// Also where the unterminated comments start that the edits close (S002, unsafe), whether
/// findings wait for another pass, and how many findings only `--unsafe-fixes` would mend.
#[allow(clippy::type_complexity)]
fn fix_edits(
    decoded: Decoded,
    options: &FixOptions,
) -> (
    Decoded,
    Vec<(Range<usize>, String)>,
    Vec<usize>,
    bool,
    usize,
) {
    // The selection as given (the export rules run on files that declare `% EXPORT`, as in
    // `check`), without the rules that have no fix.
    let mut selection = options.selection.clone();
    selection.ignore.extend(
        Rule::ALL
            .iter()
            .filter(|rule| rule.info().fixable == Fixability::None)
            .map(|rule| rule.code().to_owned()),
    );
    let check = CheckOptions {
        encoding: options.rewrite.input_encoding,
        selection,
        chunk_bytes: options.rewrite.chunk_bytes,
        parse_ahead: false,
        max_findings: Some(PASS_FINDINGS),
        lane: Some(std::sync::Arc::clone(&PASS_LANE)),
        ..CheckOptions::default()
    };
    let report = check_decoded(decoded, &check);
    // Findings past the pass's share wait for the next pass.
    let more = report.omitted.total() > 0;
    // A date split into a date and a time tag must not be inherited by `#` elsewhere: the games
    // that inherit it would keep the date and lose the time.
    let text = &report.decoded.text;
    let dates_inherited = ["[Date \"#", "[UTCDate \"#"]
        .iter()
        .any(|start| text.contains(start));
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    // Where the unterminated comments that the fixes close start (S002).
    let mut closed = Vec::new();
    let mut unsafe_left = 0;
    for diagnostic in report.diagnostics {
        if !diagnostic.fixable(options.unsafe_fixes) {
            unsafe_left += usize::from(diagnostic.fixable(true));
            continue;
        }
        if let Some(fix) = diagnostic.fix {
            if diagnostic.rule == Rule::UnterminatedComment {
                closed.push(diagnostic.span.start);
            } else if fix.edits.iter().any(|(range, _)| range.is_empty()) && dates_inherited {
                // Adds a Time tag.
                continue;
            }
            edits.extend(fix.edits);
        }
    }
    // What an unterminated comment's fix closes (S002): where the comment starts.
    edits.sort_by_key(|(range, _)| (range.start, range.end));
    // Two fixes of one place: the first is applied, the next run takes the other.
    let mut kept: Vec<(Range<usize>, String)> = Vec::with_capacity(edits.len());
    for edit in edits {
        if kept
            .last()
            .is_none_or(|(last, _)| last.end <= edit.0.start && *last != edit.0)
        {
            kept.push(edit);
        }
    }
    (report.decoded, kept, closed, more, unsafe_left)
}

/// How many findings one pass of `fix` holds worded (about 600 bytes each): a file of more
/// fixable findings is fixed in passes, each proven, so that memory stays within the bound
/// whatever their number (issue 45, item 10).
pub const PASS_FINDINGS: usize = 50_000;

/// At most this many passes: each fixes at least one finding, or the passes stop.
const MAX_PASSES: usize = 1_000;

fn fix_decoded(decoded: Decoded, options: &FixOptions) -> Rewritten {
    let mut input: Option<Decoded> = None;
    let mut decoded = decoded;
    // The unsafe fixes left: counted on the first pass, which reads the file as given (a later
    // pass reads what the safe fixes left, whose unsafe findings are the same ones).
    let mut unsafe_left = None;
    for _ in 0..MAX_PASSES {
        let (read, edits, closed, more, left) = fix_edits(decoded, options);
        let unsafe_left = *unsafe_left.get_or_insert(left);
        let applied = edits.len();
        let mut fixed = super::rewrite_chunks(
            read,
            options.rewrite,
            &mut Precomputed { edits, closed },
            None,
        );
        // The next pass reads this pass's result; the first input is what a change is told
        // against (`Rewritten::source`).
        let next = match (&fixed.output, more && applied > 0) {
            (Some(output), true) => output
                .to_vec()
                .ok()
                .map(|bytes| source::decode_owned(bytes, Some(fixed.decoded.encoding))),
            _ => None,
        };
        let Some(next) = next else {
            fixed.source = input.or(fixed.source.take());
            fixed.unsafe_fixes_left = unsafe_left;
            return fixed;
        };
        if input.is_none() {
            input = Some(fixed.decoded);
        }
        decoded = next;
    }
    // Every pass but the last fixes a finding or more: past a thousand passes (50 million
    // findings) the file is left as it was.
    let problem = super::bug(Unfaithful::NotSettled(MAX_PASSES));
    Rewritten::refused(input.unwrap_or(decoded), vec![problem], 0)
}

/// Fixes found over the whole file, handed to each chunk of the rewrite ([`super::edit_chunks`])
/// that holds them: the chunk is edited, read back and its facts compared with the input's.
struct Precomputed {
    /// Sorted, not overlapping; offsets in the whole text.
    edits: Vec<(Range<usize>, String)>,
    /// Where the unterminated comments start that the edits close: their S002 no longer stops
    /// the rewrite. The read-back compares the comment closed with the comment as pbnfmt read
    /// it, closed where the edit closes it.
    closed: Vec<usize>,
}

impl ChunkEdits for Precomputed {
    const EFFECTIVE: bool = false;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        let parse = chunk.parse;
        let (Some(first), Some(last)) = (parse.tokens.first(), parse.tokens.last()) else {
            return (Edits::default(), Vec::new());
        };
        let (start, end) = (first.start as usize, last.end as usize);
        let from = self.edits.partition_point(|(range, _)| range.start < start);
        let mut edits = Edits::default();
        for (range, replacement) in &self.edits[from..] {
            if range.end > end {
                break;
            }
            edits.replace(range.clone(), replacement.clone());
        }
        (edits, Vec::new())
    }

    fn mends(&self, finding: &Diagnostic) -> bool {
        finding.rule == Rule::UnterminatedComment && self.closed.contains(&finding.span.start)
    }

    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        // The facts of the piece are compared with the input's by the frame; that a fixed file
        // has nothing more to fix is tested (`tests/integration/fix.rs`).
        None
    }
}
