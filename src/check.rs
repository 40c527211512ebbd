//! `check` as a pure function: bytes in, decoded text and diagnostics out.
//!
//! It decodes, recognises files that are not PBN at all (PBI, chess PGN), parses, and words every
//! finding. Reading files, walking directories and printing belong to the CLI.

use crate::diagnostic::Diagnostic;
use crate::lexer::{self, SyntaxKind};
use crate::rules::select::Selection;
use crate::rules::{Rule, export, messages, semantic};
use crate::source::{self, Decoded, Encoding};
use crate::suppress;
use crate::syntax::{Data, Parse};
use crate::{parallel, parser};

/// What `check` may be told.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Read the file in this encoding instead of detecting it.
    pub encoding: Option<Encoding>,
    /// Which rules run.
    pub selection: Selection,
    /// How much text is parsed at a time ([`parser::CHUNK_BYTES`] when `None`). The findings are
    /// the same whatever the size; tests set it small to prove that.
    pub chunk_bytes: Option<usize>,
    /// Lex and parse on a second thread, ahead of the rules (for a file that has a core to
    /// itself). The findings are the same.
    pub parse_ahead: bool,
}

/// The outcome of checking one file.
#[derive(Debug)]
pub struct FileReport {
    pub decoded: Decoded,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// Games with at least one tag pair.
    pub games: usize,
    /// Findings hidden by `% pbnfmt: ignore` lines.
    pub suppressed: usize,
}

/// Checks one file's bytes.
pub fn check_bytes(bytes: &[u8], options: &CheckOptions) -> FileReport {
    check_decoded(source::decode(bytes, options.encoding), options)
}

/// [`check_bytes`] of bytes the caller gives away: a UTF-8 file is not copied.
pub fn check_owned(bytes: Vec<u8>, options: &CheckOptions) -> FileReport {
    check_decoded(source::decode_owned(bytes, options.encoding), options)
}

fn check_decoded(decoded: Decoded, options: &CheckOptions) -> FileReport {
    let chunk = options.chunk_bytes.unwrap_or(parser::CHUNK_BYTES);
    let (diagnostics, games, suppressed) =
        check_text(&decoded, &options.selection, chunk, options.parse_ahead);
    FileReport {
        decoded,
        diagnostics,
        games,
        suppressed,
    }
}

fn check_text(
    decoded: &Decoded,
    selection: &Selection,
    chunk: usize,
    ahead: bool,
) -> (Vec<Diagnostic>, usize, usize) {
    let text = decoded.text.as_str();
    let mut reading = Reading::new(decoded);
    if !reading.wants_chunks() {
        // Not worth parsing: one finding says what the file is.
        let (mut diagnostics, _) = reading.finish();
        let rules = selection.rules_for(false);
        diagnostics.retain(|d| rules.contains(d.rule));
        return (diagnostics, 0, 0);
    }
    // Chunk by chunk, so that a large file never has all its tokens and trees in memory at once.
    // What the file is (chess PGN, export format) is judged over all chunks, so it is known only
    // at the end: until then the rules run as for PBN, with the export rules when a `% EXPORT`
    // line may be there, and what the verdict rules out is dropped.
    // One memchr pass over the `%` lines says whether either kind can be there at all.
    let (mut may_declare_export, mut may_suppress) = (false, false);
    for line in lexer::percent_lines(text) {
        may_declare_export = may_declare_export || export::is_export_line(line);
        may_suppress = may_suppress || suppress::is_directive_line(line);
    }
    let rules = selection.rules_for(may_declare_export);
    let mut diagnostics = Vec::new();
    let mut semantic = semantic::Semantic::new(decoded, rules);
    let mut suppressions = suppress::Suppressions::default();
    let mut declares_export = false;
    let mut games = 0;
    let chunks = reading.chunks(chunk);
    let mut each = |parse: &Parse| {
        reading.chunk(parse);
        declares_export =
            declares_export || (may_declare_export && export::declares_export(parse, text));
        semantic.chunk(parse, &mut diagnostics);
        games += parse.real_games().count();
        if may_suppress {
            suppressions.read(parse, text);
        }
    };
    // A file of one chunk is not worth a thread.
    if ahead && text.len() > chunk {
        parallel::pipeline(chunks, 2, each);
    } else {
        chunks.for_each(|parse| each(&parse));
    }
    semantic.finish(&mut diagnostics);
    let (findings, is_pbn) = reading.finish();
    if is_pbn {
        diagnostics.extend(findings);
    } else {
        diagnostics = findings;
        games = 0;
    }
    let rules = if declares_export == may_declare_export {
        rules
    } else {
        selection.rules_for(declares_export)
    };
    diagnostics.retain(|d| rules.contains(d.rule));
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
    let suppressed = suppressions.apply(rules, &mut diagnostics);
    (diagnostics, games, suppressed)
}

/// The findings of reading a file, before any rule of the standard: its encoding, whether it is a
/// PBN file at all (false for PBI and chess PGN, with the one finding that says so), an unclosed
/// `<PBN>`, and every syntax error. `export` refuses on these; `check` goes on to the rules.
/// Gathered chunk by chunk ([`parser::chunks`]).
pub struct Reading<'t> {
    decoded: &'t Decoded,
    pbi: Option<Diagnostic>,
    /// Text with embedded PBN is one chunk, whose `<PBN>` delimiters are counted.
    embedded: bool,
    chess: ChessScan,
    findings: Vec<Diagnostic>,
}

impl<'t> Reading<'t> {
    pub fn new(decoded: &'t Decoded) -> Reading<'t> {
        let text = decoded.text.as_str();
        let pbi = pbi_file(text);
        Reading {
            decoded,
            embedded: pbi.is_none() && lexer::is_embedded(text),
            pbi,
            chess: ChessScan::default(),
            findings: malformed(decoded).into_iter().collect(),
        }
    }

    /// True when the text embeds PBN in another document (PBN 6.2).
    pub fn is_embedded(&self) -> bool {
        self.embedded
    }

    /// The chunks of the text ([`parser::chunks`]), without looking for `<PBN>` again.
    pub fn chunks(&self, target: usize) -> parser::Chunks<'t> {
        parser::chunks_of(&self.decoded.text, target, self.embedded)
    }

    /// False for a PBI file, which is not worth parsing.
    pub fn wants_chunks(&self) -> bool {
        self.pbi.is_none()
    }

    /// Reads the next chunk.
    pub fn chunk(&mut self, parse: &Parse) {
        let text = self.decoded.text.as_str();
        self.chess.read(parse, text);
        if self.embedded {
            self.findings.extend(unclosed_embedding(parse));
        }
        self.findings.extend(
            parse
                .errors
                .iter()
                .map(|error| messages::syntax_diagnostic(error, text)),
        );
    }

    /// The findings, and whether the file is PBN.
    pub fn finish(self) -> (Vec<Diagnostic>, bool) {
        let verdict = match (self.pbi, self.chess.verdict()) {
            (Some(pbi), _) => pbi,
            (None, Some(span)) => chess_finding(span),
            (None, None) => return (self.findings, true),
        };
        let mut findings: Vec<Diagnostic> = malformed(self.decoded).into_iter().collect();
        findings.push(verdict);
        (findings, false)
    }
}

/// F001: bytes the encoding could not decode.
fn malformed(decoded: &Decoded) -> Option<Diagnostic> {
    let text = decoded.text.as_str();
    let at = decoded.malformed_at?;
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    Some(
        Diagnostic::new(
            Rule::MalformedEncoding,
            at..end,
            format!("bytes that are not valid {}", decoded.encoding),
        )
        .with_label("replaced by U+FFFD")
        .with_help("re-save the file in one encoding, or name the right one with `--encoding`"),
    )
}

/// F003: a PBI chess-problem file.
fn pbi_file(text: &str) -> Option<Diagnostic> {
    let trimmed = text.trim_start();
    if !trimmed.starts_with("#PBI") {
        return None;
    }
    let start = text.len() - trimmed.len();
    Some(
        Diagnostic::new(
            Rule::PbiFile,
            start..start + 4,
            "this is a PBI chess-problem file, not a PBN bridge file",
        )
        .with_help("exclude it from the PBN check"),
    )
}

/// PGN tags that no bridge file uses, and bridge tags that no chess file uses.
const CHESS_TAGS: &[&str] = &[
    "White", "Black", "ECO", "FEN", "WhiteElo", "BlackElo", "PlyCount",
];
const BRIDGE_TAGS: &[&str] = &[
    "Deal",
    "Auction",
    "Play",
    "Dealer",
    "Declarer",
    "Contract",
    "Vulnerable",
];

/// Whether a file is chess PGN: chess tags, no bridge tag, and chess movetext (`1. e4`) or two
/// chess tags. Read chunk by chunk.
#[derive(Default)]
struct ChessScan {
    bridge: bool,
    chess_tags: usize,
    first_tag: Option<std::ops::Range<usize>>,
    movetext: Option<std::ops::Range<usize>>,
}

impl ChessScan {
    fn read(&mut self, parse: &Parse, text: &str) {
        let is_movetext = |data: &Data| match *data {
            Data::Element { first, last } | Data::Invalid { first, last }
                if is_move_number(parse, text, first, last) =>
            {
                Some(parse.span(first, last))
            }
            _ => None,
        };
        for game in &parse.games {
            if self.bridge {
                return;
            }
            if self.movetext.is_none() {
                self.movetext = game.leading.iter().find_map(is_movetext);
            }
            for tag in &game.tags {
                let name = tag.name(parse, text).unwrap_or("");
                if BRIDGE_TAGS.contains(&name) {
                    self.bridge = true;
                    return;
                }
                if CHESS_TAGS.contains(&name) {
                    self.chess_tags += 1;
                    self.first_tag.get_or_insert(parse.span(tag.open, tag.end));
                }
                if self.movetext.is_none() {
                    self.movetext = tag.data.iter().find_map(is_movetext);
                }
            }
        }
    }

    /// Where the file shows that it is chess: its movetext, or its first chess tag.
    fn verdict(&self) -> Option<std::ops::Range<usize>> {
        if self.bridge {
            return None;
        }
        match (self.chess_tags, &self.movetext) {
            (1.., Some(span)) => Some(span.clone()),
            (2.., None) => self.first_tag.clone(),
            _ => None,
        }
    }
}

/// F002.
fn chess_finding(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::ChessPgn,
        span,
        "this is a chess game in PGN, not a bridge game in PBN",
    )
    .with_label("chess movetext")
    .with_help("open it with a chess program, or exclude it from the PBN check")
}

/// Data that starts with a chess move number: `12.` glued together.
fn is_move_number(parse: &Parse, text: &str, first: u32, last: u32) -> bool {
    let number = parse.text(text, first);
    first < last
        && parse.kind(first) == SyntaxKind::Word
        && number.bytes().all(|b| b.is_ascii_digit())
        && parse.text(text, first + 1) == "."
        && parse.token(first).end == parse.token(first + 1).start
}

/// F004: a `<PBN>` with no `</PBN>` after it. (Text with embedded PBN is one chunk.)
fn unclosed_embedding(parse: &Parse) -> Option<Diagnostic> {
    let delimiters: Vec<_> = parse
        .tokens
        .iter()
        .filter(|token| token.kind == SyntaxKind::EmbedDelimiter)
        .collect();
    if delimiters.len() % 2 == 0 {
        return None;
    }
    let open = delimiters.last()?.range();
    Some(
        Diagnostic::new(
            Rule::UnclosedEmbedding,
            open,
            "`<PBN>` is never closed by `</PBN>`",
        )
        .with_help("add `</PBN>` where the PBN text ends (PBN 6.2)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<&'static str> {
        check_bytes(text.as_bytes(), &CheckOptions::default())
            .diagnostics
            .iter()
            .map(|d| d.rule.code())
            .collect()
    }

    #[test]
    fn chess_pgn_is_one_finding() {
        let pgn = "[Event \"F\"]\n[White \"Kasparov\"]\n[Black \"Karpov\"]\n[Result \"1-0\"]\n\n1. e4 c5 2. Nf3 d6 1-0\n";
        assert_eq!(codes(pgn), ["F002"]);
    }

    #[test]
    fn pbi_is_one_finding() {
        assert_eq!(codes("\u{feff}#PBI 1.2\r\nfoo [bar\r\n"), ["F003"]);
    }

    #[test]
    fn unclosed_embedding() {
        assert_eq!(codes("<html><PBN>[Event \"x\"]\n"), ["F004"]);
        assert!(codes("<html><PBN>[Event \"x\"]\n</PBN></html>").is_empty());
    }

    #[test]
    fn bridge_file_with_a_white_tag_is_not_chess() {
        assert!(!codes("[White \"x\"]\n[Black \"y\"]\n[Deal \"N:...\"]\n").contains(&"F002"));
    }
}
