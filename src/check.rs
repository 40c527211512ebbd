//! `check` as a pure function: bytes in, decoded text and diagnostics out.
//!
//! It decodes, recognises files that are not PBN at all (PBI, chess PGN), parses, and words every
//! finding. Reading files, walking directories and printing belong to the CLI.

use crate::diagnostic::{Diagnostic, Dropped, Limit, MAX_FINDINGS, Omitted, keep_first};
use crate::export::blocks;
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
    /// How many findings of the file are kept, the first in file order ([`MAX_FINDINGS`] when
    /// `None`); the rest are counted in [`FileReport::omitted`].
    pub max_findings: Option<usize>,
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
    /// Findings past the limit ([`CheckOptions::max_findings`]): counted, not kept. Suppression
    /// lines apply to them as to the others.
    pub omitted: Omitted,
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
    let limit = options.max_findings.unwrap_or(MAX_FINDINGS);
    let mut report = FileReport {
        decoded,
        diagnostics: Vec::new(),
        games: 0,
        suppressed: 0,
        omitted: Omitted::default(),
    };
    check_text(
        &mut report,
        &options.selection,
        chunk,
        limit,
        options.parse_ahead,
    );
    report
}

/// Fills `report` (its text decoded) with the findings, games and counts.
fn check_text(
    report: &mut FileReport,
    selection: &Selection,
    chunk: usize,
    limit: usize,
    ahead: bool,
) {
    let decoded = &report.decoded;
    let text = decoded.text.as_str();
    let reading = Reading::new(decoded);
    if !reading.wants_chunks() {
        // Not worth parsing: one finding says what the file is.
        let (mut diagnostics, _) = reading.finish();
        let rules = selection.rules_for(false);
        diagnostics.retain(|d| rules.contains(d.rule));
        report.diagnostics = diagnostics;
        return;
    }
    // Chunk by chunk, so that a large file never has all its tokens and trees in memory at once.
    // What the file is (chess PGN, export format) is judged over all chunks, so it is known only
    // at the end: until then the rules run as for PBN, with the export rules when a `% EXPORT`
    // line may be there, and what the verdict rules out is dropped.
    // One memchr pass over the `%` lines says whether either kind can be there at all.
    let (mut may_declare_export, mut may_suppress) = (false, false);
    // Past the limit, the findings of `ignore-file` rules are left out first: suppression hides
    // them anyway, and the findings shown are then the first that are not hidden.
    let mut limit = Limit {
        keep: limit,
        last: Vec::new(),
    };
    for line in lexer::percent_lines(text) {
        may_declare_export = may_declare_export || export::is_export_line(line);
        if suppress::is_directive_line(line) {
            may_suppress = true;
            limit.last.extend(suppress::ignore_file_rules(line));
        }
    }
    let mut reading = reading.with_limit(limit.clone());
    let rules = selection.rules_for(may_declare_export);
    let mut diagnostics = Vec::new();
    let mut semantic = semantic::Semantic::new(decoded, rules);
    let mut suppressions = suppress::Suppressions::default();
    let mut declares_export = false;
    let mut games = 0;
    let chunks = reading.chunks(chunk);
    let mut dropped = Vec::new();
    let mut each = |parse: &Parse| {
        reading.chunk(parse);
        declares_export =
            declares_export || (may_declare_export && export::declares_export(parse, text));
        semantic.chunk(parse, &mut diagnostics);
        keep_first(&mut diagnostics, &limit, &mut dropped, false, |_| ());
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
    let (findings, is_pbn, read_dropped) = reading.finish_counted();
    if is_pbn {
        diagnostics.extend(findings);
        dropped.extend(read_dropped);
    } else {
        diagnostics = findings;
        dropped.clear();
        games = 0;
    }
    let rules = if declares_export == may_declare_export {
        rules
    } else {
        selection.rules_for(declares_export)
    };
    diagnostics.retain(|d| rules.contains(d.rule));
    dropped.retain(|d| rules.contains(d.rule));
    keep_first(&mut diagnostics, &limit, &mut dropped, true, |_| ());
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
    // The suppressions reach the findings left out too, which are kept as far as they need.
    let suppressed = suppressions.apply(rules, &mut diagnostics, &mut dropped);
    report.diagnostics = diagnostics;
    report.games = games;
    report.suppressed = suppressed;
    report.omitted = Omitted::of(&dropped);
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
    /// How many findings are kept ([`keep_first`]); the rest are left in `dropped`.
    limit: Limit,
    dropped: Vec<Dropped>,
    /// The first finding left out that stops a rewrite, kept so that a rewrite still refuses
    /// (and says why) when the findings kept are all of the kinds that do not.
    omitted_blocking: Option<Diagnostic>,
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
            limit: Limit {
                keep: MAX_FINDINGS,
                last: Vec::new(),
            },
            dropped: Vec::new(),
            omitted_blocking: None,
        }
    }

    /// Keeps at most `limit.keep` findings instead of [`MAX_FINDINGS`].
    pub fn with_limit(mut self, limit: Limit) -> Reading<'t> {
        self.limit = limit;
        self
    }

    /// Keeps the first findings (all of them now, with `now`), remembering the first one left out
    /// that stops a rewrite.
    fn keep(&mut self, now: bool) {
        let first = &mut self.omitted_blocking;
        keep_first(
            &mut self.findings,
            &self.limit,
            &mut self.dropped,
            now,
            |dropped| {
                let earlier = first
                    .as_ref()
                    .is_some_and(|first| first.span.start <= dropped.span.start);
                if blocks(dropped.rule) && !earlier {
                    *first = Some(dropped.clone());
                }
            },
        );
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
        self.keep(false);
    }

    /// The findings, and whether the file is PBN. Past the limit, the first finding that stops
    /// a rewrite is among them even when it is not among the first.
    pub fn finish(self) -> (Vec<Diagnostic>, bool) {
        let (findings, is_pbn, _) = self.finish_counted();
        (findings, is_pbn)
    }

    /// [`Reading::finish`], with the count of the findings left out.
    pub fn finish_counted(mut self) -> (Vec<Diagnostic>, bool, Vec<Dropped>) {
        let verdict = match (self.pbi.take(), self.chess.verdict()) {
            (Some(pbi), _) => pbi,
            (None, Some(span)) => chess_finding(span),
            (None, None) => {
                self.keep(true);
                if let Some(first) = self.omitted_blocking.take()
                    && !self.findings.iter().any(|d| blocks(d.rule))
                {
                    let start = u32::try_from(first.span.start).unwrap_or(u32::MAX);
                    if let Some(at) = self.dropped.iter().position(|d| {
                        (d.start, d.rule, d.severity) == (start, first.rule, first.severity)
                    }) {
                        self.dropped.swap_remove(at);
                    }
                    self.findings.push(first);
                }
                return (self.findings, true, self.dropped);
            }
        };
        let mut findings: Vec<Diagnostic> = malformed(self.decoded).into_iter().collect();
        findings.push(verdict);
        (findings, false, Vec::new())
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

    /// Past `max_findings`, the first findings in file order are kept and the rest counted by
    /// rule and severity, the same at every chunk size; `ignore-file` reaches the ones left out.
    #[test]
    fn findings_past_the_limit_are_counted_not_kept() {
        let game = |board: usize| format!("[Board \"{board}\"]\n[Dealer \"Q\"]\n\n");
        let text: String = (1..=50).map(game).collect();
        let at = |chunk| {
            let options = CheckOptions {
                max_findings: Some(10),
                chunk_bytes: Some(chunk),
                ..CheckOptions::default()
            };
            check_bytes(text.as_bytes(), &options)
        };
        let whole = at(usize::MAX);
        assert_eq!(whole.diagnostics.len(), 10);
        assert!(
            whole
                .diagnostics
                .iter()
                .all(|d| d.rule == Rule::InvalidDealer)
        );
        let tenth = text.match_indices("\"Q\"").nth(9).unwrap().0 + 1;
        assert_eq!(
            whole.diagnostics[9].span.start, tenth,
            "the first ten are kept"
        );
        assert_eq!(whole.omitted.total(), 40);
        assert_eq!(whole.omitted.count(crate::diagnostic::Severity::Error), 40);
        for chunk in [1, 30, 200] {
            let report = at(chunk);
            assert_eq!(
                format!("{:?}", report.diagnostics),
                format!("{:?}", whole.diagnostics),
                "chunk {chunk}"
            );
            assert_eq!(report.omitted, whole.omitted, "chunk {chunk}");
        }
        // An `ignore-file` line at the end hides all fifty, the ones left out too.
        let ignored = format!("{text}% pbnfmt: ignore-file T003 misprints\n");
        let options = CheckOptions {
            max_findings: Some(10),
            ..CheckOptions::default()
        };
        let report = check_bytes(ignored.as_bytes(), &options);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        assert!(report.omitted.is_empty());
        assert_eq!(report.suppressed, 50);
        // Findings that an `ignore-file` line hides are left out first: with fifty hidden ones
        // before them, the five that are not hidden are still the ones shown.
        let tail: String = (51..=55)
            .map(|board| format!("[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"X\"]\n\n"))
            .collect();
        let mixed = format!("{ignored}\n{tail}");
        let report = check_bytes(mixed.as_bytes(), &options);
        assert_eq!(report.diagnostics.len(), 5, "{:#?}", report.diagnostics);
        assert!(
            report
                .diagnostics
                .iter()
                .all(|d| d.rule != Rule::InvalidDealer)
        );
        assert!(report.omitted.is_empty());
        assert_eq!(report.suppressed, 50);
        // So do `ignore` lines, each before its game: the file is clean.
        let each: String = (1..=50)
            .map(|board| format!("% pbnfmt: ignore T003 misprint\n{}", game(board)))
            .collect();
        let report = check_bytes(each.as_bytes(), &options);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        assert!(report.omitted.is_empty());
        assert_eq!(report.suppressed, 50);
    }

    /// A rewrite must still refuse, and say why, when the finding that stops it comes after
    /// the limit behind findings that do not (unknown calls).
    #[test]
    fn a_blocking_finding_past_the_limit_is_kept() {
        let mut text = String::from("[Dealer \"N\"]\n[Auction \"N\"]\n");
        text.push_str(&"2Z ".repeat(20));
        text.push_str("\n[Event \"never closed\n");
        let decoded = source::decode(text.as_bytes(), None);
        let limit = Limit {
            keep: 5,
            last: Vec::new(),
        };
        let mut reading = Reading::new(&decoded).with_limit(limit);
        for parse in reading.chunks(parser::CHUNK_BYTES) {
            reading.chunk(&parse);
        }
        let (findings, is_pbn, dropped) = reading.finish_counted();
        assert!(is_pbn);
        assert_eq!(findings.len(), 6, "{findings:#?}");
        assert!(findings[..5].iter().all(|d| d.rule == Rule::UnknownCall));
        assert_eq!(findings[5].rule, Rule::UnterminatedString);
        assert_eq!(dropped.len(), 15);
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
