//! `export` as a pure function: import-format bytes in, export-format bytes out (PBN 2.1), or the
//! reasons why not.
//!
//! Nothing is written that cannot be shown to be faithful. Before returning output, the export is
//! parsed again and its facts ([`summary`]) compared with the input's, and exported again, which
//! must give the same bytes. A file whose syntax is broken (the reading is a guess), that embeds
//! PBN in another document, has a second tag of one name with another value, or holds a character
//! the output encoding cannot, is refused; `force` writes it anyway and says what was lost.

mod prove;
use prove::{Beside, Chunk, Prover, Writing};
pub mod writer;

use crate::parser;
use crate::proof::{self, Omitted, Rewritten};
use crate::read::frame::{Rewrite, frame};
use crate::read::{Chunk as ReadChunk, Verdict, VettedChunks};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::{self};
use crate::source::{self, Decoded, Encoding};

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
    /// (at most [`prove::MAX_PROVERS`]) while the calling thread writes, and from 4 a thread lexes and
    /// parses ahead of it too ([`Beside`]); 0 or 1: one. The output and the problems
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

/// Exports a chunk of games at a time ([`parser::chunks`]) in the frame of every rewrite
/// ([`frame`]): each chunk is written, then read back and compared before the next (or beside
/// the writer, on threads), so that only the output and one chunk's trees are in memory.
pub fn export_decoded(decoded: Decoded, options: &ExportOptions) -> Rewritten {
    frame(decoded, &mut Exporting { options })
}

/// `export` in the frame.
struct Exporting<'o> {
    options: &'o ExportOptions,
}

/// What exporting a file's chunks made.
struct Exported {
    written: writer::Written,
    /// The first chunk whose export did not prove faithful.
    unproven: Option<Diagnostic>,
    /// The `<PBN>` delimiter of text that embeds PBN in another document (W003, PBN 6.2): export
    /// writes the PBN text alone.
    problems: Vec<Diagnostic>,
}

impl Rewrite for Exporting<'_> {
    type Made = Exported;
    type Done = Rewritten;

    fn first_chunk(&self) -> usize {
        self.options.chunk_bytes.unwrap_or(parser::CHUNK_BYTES)
    }

    fn make(&mut self, text: &str, chunks: VettedChunks<'_, '_>, embedded: bool) -> Exported {
        let options = self.options;
        let mut writing = Writing::new(text, embedded, options);
        let chunk = self.first_chunk();
        // From two threads, the chunks are proven beside the writer.
        let threads = options.threads.max(1);
        if threads > 1 && text.len() > chunk {
            let written = |read: ReadChunk| {
                let (start, inherited, piece) = writing.write(&read.parse, false);
                Chunk {
                    parse: read.parse,
                    start,
                    inherited,
                    piece: writing.output.text()[piece].to_owned(),
                }
            };
            let beside = Beside::new(text, options);
            let proven = chunks.written_beside(
                Beside::threads(threads),
                written,
                || Prover::new(options),
                |prover, index, chunk| beside.prove(prover, index, chunk),
            );
            writing.verifier.problem = Beside::first(proven);
        } else if options.parse_ahead && text.len() > chunk {
            // A file of one chunk is not worth a thread.
            chunks.parsed_ahead(|read| writing.write_proven(&read.parse));
        } else {
            chunks.for_each(|read| writing.write_proven(&read.parse));
        }
        Exported {
            written: writing.output.finish(),
            unproven: writing.verifier.problem,
            problems: writing.problems,
        }
    }

    fn finish(&mut self, decoded: Decoded, verdict: Verdict, made: Option<Exported>) -> Rewritten {
        match made {
            Some(made) => exported(decoded, verdict, made, self.options),
            // No chunk read: not PBN.
            None => Rewritten::refused(decoded, proof::blocking(verdict.findings), 0),
        }
    }
}

/// The export `made` of `decoded`, once the reading said `verdict`: refused or forced, encoded
/// and said.
fn exported(
    decoded: Decoded,
    verdict: Verdict,
    made: Exported,
    options: &ExportOptions,
) -> Rewritten {
    let Exported {
        written,
        unproven,
        mut problems,
    } = made;
    let text = decoded.text.as_str();
    let Verdict {
        findings,
        is_pbn,
        games,
        ..
    } = verdict;
    problems.extend(proof::blocking(findings));
    if !is_pbn {
        // Not a PBN file at all: nothing to export, even with `force`.
        return Rewritten::refused(decoded, problems, 0);
    }
    let mut omitted = written.dropped.omitted;
    problems.extend(written.dropped.kept);
    if problems.is_empty() {
        problems.extend(unproven);
    }
    let long = writer::long_lines(&written.text);
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
            options
                .force
                .then(|| writer::encode_lossy(&written, encoding, bom))
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
        kept: None,
        said: None,
    }
}

#[cfg(test)]
mod tests;
