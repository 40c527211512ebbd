//! Characters and lines (PBN 2.2, 2.3): control characters, the 0x80-0x9F range and characters
//! outside Latin-1 (in strings and comments; outside them the syntax rules already report them),
//! tabs in strings, and line lengths.

use crate::lexer::SyntaxKind;
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::semantic::Checker;
use crate::source::{Decoded, Encoding};

// The rules of this family: their pages are in `chars.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/chars.rs"));

/// Longest line PBN 2.3 allows, line end included.
const MAX_LINE: usize = 255;
/// Lines of this many printing characters are discouraged (PBN 2.3).
const LONG_LINE_WIDTH: usize = 80;

pub fn check_tokens(checker: &mut Checker<'_>, decoded: &Decoded) {
    let (parse, text) = (checker.parse, checker.text);
    let covered = match (parse.tokens.first(), parse.tokens.last()) {
        (Some(first), Some(last)) => text.get(first.start as usize..last.end as usize),
        _ => None,
    };
    if covered.is_some_and(|covered| !has_suspect_byte(covered.as_bytes())) {
        // Nothing but ASCII and no tab: no token can hold a finding of this family.
        return;
    }
    let latin1 = decoded.encoding == Encoding::Latin1;
    let characters =
        checker.on(Rule::C1ControlCharacter) || checker.on(Rule::CharacterOutsideLatin1);
    let controls = checker.on(Rule::ControlCharacterInText);
    for token in &parse.tokens {
        let is_string = token.kind.is_string();
        // Only strings, comments and `%` lines may hold these characters at all.
        if !(is_string || token.kind.is_comment() || token.kind == SyntaxKind::Escape) {
            continue;
        }
        let piece = token.text(text);
        if controls {
            control_runs(checker, token.start as usize, piece, token.kind);
        }
        if is_string
            && piece.contains(['\t', '\u{b}'])
            && let Some(at) = piece.find(['\t', '\u{b}'])
        {
            let start = token.start as usize + at;
            checker.report(
                Diagnostic::new(Rule::TabInString, start..start + 1, "a tab inside a string")
                    .with_help("replace the tab by a space (PBN 2.3)"),
            );
        }
        if characters && !piece.is_ascii() {
            unportable(
                checker,
                token.start as usize,
                piece,
                latin1,
                decoded.malformed_at.is_some(),
            );
        }
    }
}

/// Line lengths of a chunk (PBN 2.3), from the line-end tokens the lexer already found: a line
/// can only be too long if the text between two line-end tokens is, and only such text is looked
/// at byte by byte. (Line ends inside a brace comment are found there.) Chunks start at a line.
pub fn check_lines(checker: &mut Checker<'_>) {
    if !(checker.on(Rule::LineTooLong) || checker.on(Rule::LongLine)) {
        return;
    }
    let (parse, text) = (checker.parse, checker.text);
    let short = LONG_LINE_WIDTH.min(MAX_LINE);
    let Some(first) = parse.tokens.first() else {
        return;
    };
    // The first and last lines may start and end with a gap of spaces: from the line end before
    // the first token, and to the line end (or the end of the text) after the last.
    let bytes = text.as_bytes();
    let mut line_start = bytes[..first.start as usize]
        .iter()
        .rposition(|&b| matches!(b, b'\n' | b'\r'))
        .map_or(0, |at| at + 1);
    for token in &parse.tokens {
        if token.kind == SyntaxKind::Newline {
            let end = token.end as usize;
            if end - line_start > short {
                lines(checker, text, line_start, end);
            }
            line_start = end;
        }
    }
    // After a last token that is no line end, the gap to the end of the text is on its line; after
    // a line end, what follows is the next chunk's.
    let end = parse.tokens.last().map_or(line_start, |last| {
        let gap = match last.kind {
            SyntaxKind::Newline => 0,
            _ => bytes[last.end as usize..]
                .iter()
                .take_while(|&&b| matches!(b, b' ' | b'\t' | 0x0B))
                .count(),
        };
        last.end as usize + gap
    });
    if end - line_start > short {
        lines(checker, text, line_start, end);
    }
}

/// True when `bytes` has a non-ASCII byte, DEL or a control character other than a line end (tabs
/// included). Blocks are folded without an early exit, so that the loop runs on vectors: this
/// looks at every byte of every file.
fn has_suspect_byte(bytes: &[u8]) -> bool {
    bytes.chunks(4096).any(|block| {
        block.iter().fold(0u8, |seen, &b| {
            seen | u8::from(b >= 0x7F || (b < 0x20 && b != b'\n' && b != b'\r'))
        }) != 0
    })
}

/// A control character PBN 2.2 does not permit in text: any C0 control but the tabs and the line
/// ends, and DEL.
fn is_forbidden_control(c: char) -> bool {
    matches!(c, '\0'..='\u{8}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}')
}

/// C006: one finding per run of forbidden control characters in a string, comment or `%` line
/// (PBN 2.2). Between tokens the lexer makes them S015.
fn control_runs(checker: &mut Checker<'_>, base: usize, piece: &str, kind: SyntaxKind) {
    if !piece.contains(is_forbidden_control) {
        return;
    }
    let place = if kind.is_string() {
        "a string"
    } else if kind == SyntaxKind::Escape {
        "a `%` line"
    } else {
        "a comment"
    };
    let mut chars = piece.char_indices().peekable();
    while let Some((start, first)) = chars.next() {
        if !is_forbidden_control(first) {
            continue;
        }
        let mut end = start + first.len_utf8();
        let mut count = 1;
        while let Some(&(at, c)) = chars.peek() {
            if !is_forbidden_control(c) {
                break;
            }
            end = at + c.len_utf8();
            count += 1;
            chars.next();
        }
        let message = if count > 1 {
            format!(
                "{count} control characters (U+{:04X} ...) inside {place}",
                first as u32
            )
        } else {
            format!("control character U+{:04X} inside {place}", first as u32)
        };
        let help = if first == '\0' {
            "NUL bytes usually mean UTF-16 without a byte-order mark: try `--encoding utf-16le`"
        } else if first == '\u{1b}' {
            "remove it: an escape sequence is a command to a terminal, and PBN 2.2 \
                permits only tabs and line ends"
        } else {
            "remove it: PBN 2.2 permits only tabs and line ends among the control characters"
        };
        checker.report(
            Diagnostic::new(
                Rule::ControlCharacterInText,
                base + start..base + end,
                message,
            )
            .with_help(help),
        );
    }
}

/// One finding per run of unportable characters in a token.
fn unportable(checker: &mut Checker<'_>, base: usize, piece: &str, latin1: bool, malformed: bool) {
    let mut run: Option<(usize, usize, char, bool)> = None;
    let flush = |checker: &mut Checker<'_>, run: Option<(usize, usize, char, bool)>| {
        let Some((start, end, first, c1)) = run else {
            return;
        };
        let span = base + start..base + end;
        let diagnostic = if c1 {
            let byte = if latin1 {
                windows_1252_byte(first)
            } else {
                None
            };
            let what = match byte {
                Some(byte) => format!(
                    "byte 0x{byte:02X} (`{first}` in Windows-1252) is a control code in ISO 8859-1"
                ),
                None => format!("U+{:04X} is a control code in ISO 8859-1", first as u32),
            };
            Diagnostic::new(Rule::C1ControlCharacter, span, what).with_help(
                "PBN 2.2 does not use the codes 128-159: write the ASCII character \
                    (`'`, `\"`, `-`)",
            )
        } else {
            let suit = crate::bridge::Suit::from_symbol(first).map(crate::bridge::Suit::letter);
            let help = match suit {
                Some(letter) => format!(
                    "write the suit as `\\{letter}` in comments (PBN 3.8); PBN text is ISO \
                    8859-1 (PBN 2.2)"
                ),
                None => "PBN text is ISO 8859-1 (PBN 2.2): replace the character, or accept \
                    that Latin-1 readers show it wrong"
                    .to_owned(),
            };
            Diagnostic::new(
                Rule::CharacterOutsideLatin1,
                span,
                format!(
                    "`{first}` (U+{:04X}) is not an ISO 8859-1 character",
                    first as u32
                ),
            )
            .with_help(help)
        };
        checker.report(diagnostic);
    };
    for (i, c) in piece.char_indices() {
        let class = match c as u32 {
            0x80..=0x9F => Some(true),
            0xFFFD if malformed => None,
            0x100.. => Some(latin1),
            _ => None,
        };
        match (class, &mut run) {
            (Some(c1), Some((_, end, _, run_c1))) if *end == i && *run_c1 == c1 => {
                *end = i + c.len_utf8()
            }
            (Some(c1), _) => {
                flush(checker, run.take());
                run = Some((i, i + c.len_utf8(), c, c1));
            }
            (None, _) => flush(checker, run.take()),
        }
    }
    flush(checker, run);
}

/// The byte Windows-1252 maps to `c`, for the 0x80-0x9F range.
fn windows_1252_byte(c: char) -> Option<u8> {
    let mut buffer = [0u8; 4];
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(c.encode_utf8(&mut buffer));
    match (&bytes[..], unmappable) {
        (&[byte], false) if (0x80..=0x9F).contains(&byte) => Some(byte),
        _ => None,
    }
}

/// Line lengths in `text[from..to]`, with CR, LF and CRLF all ending lines (PBN 2.3); `from` is the
/// start of a line and `to` the end of one (after its line end) or of the text.
fn lines(checker: &mut Checker<'_>, text: &str, from: usize, to: usize) {
    let bytes = &text.as_bytes()[..to];
    let mut start = from;
    while start < bytes.len() {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |p| start + p);
        let ending = match bytes.get(end..end + 2) {
            Some(b"\r\n") => 2,
            _ if end < bytes.len() => 1,
            _ => 0,
        };
        if end - start + ending > LONG_LINE_WIDTH.min(MAX_LINE) {
            line(checker, text, start, end, ending);
        }
        start = end + ending;
    }
}

/// C004 on an export's own output, as a warning: a line that fitted with LF may not with CR LF,
/// which adds a character to every line; a longer line in the input stays long. `count` lines,
/// the first of them line `first` of the export; `lf` when it is written with LF line ends.
pub fn export_lines_too_long(count: usize, first: usize, lf: bool) -> Diagnostic {
    let lines = if count == 1 { "line" } else { "lines" };
    let mut warning = Diagnostic::new(
        Rule::LineTooLong,
        0..0,
        format!(
            "the export has {count} {lines} longer than the 255 characters PBN 2.3 allows with \
             the line end (the first is line {first} of the export)"
        ),
    )
    .with_help(if lf {
        "break the long comment or value in the input"
    } else {
        "break the long comment or value in the input; with `--line-ending crlf` (the default) \
         each line ends in two characters"
    });
    warning.severity = Severity::Warning;
    warning
}

fn line(checker: &mut Checker<'_>, text: &str, start: usize, end: usize, ending: usize) {
    let content = text.get(start..end).unwrap_or("");
    let chars = content.chars().count();
    if chars + ending > MAX_LINE {
        let cut = content
            .char_indices()
            .nth(MAX_LINE.saturating_sub(ending.max(1)))
            .map_or(end, |(i, _)| start + i);
        checker.report(
            Diagnostic::new(
                Rule::LineTooLong,
                cut..end,
                format!(
                    "this line has {} characters with its line end, more than the 255 PBN allows",
                    chars + ending
                ),
            )
            .with_label("beyond character 255")
            .with_help("break the line: comments and section data may span lines (PBN 2.3)"),
        );
    } else {
        let printing = content.chars().filter(|c| !c.is_control()).count();
        if printing >= LONG_LINE_WIDTH {
            let cut = content
                .char_indices()
                .nth(LONG_LINE_WIDTH - 1)
                .map_or(end, |(i, _)| start + i);
            checker.report(
                Diagnostic::new(
                    Rule::LongLine,
                    cut..end,
                    format!(
                        "this line has {printing} printing characters; lines of 80 or more are \
                    discouraged"
                    ),
                )
                .with_help("break the line (PBN 2.3)"),
            );
        }
    }
}

/// A text that draws each character rule, and the text mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    let line = |width: usize| format!("[Event \"A\"]\n{{{}}}\n", "x".repeat(width - 2));
    vec![
        // A Latin-1 file: byte 0x92 is the Windows-1252 apostrophe.
        Pair::bytes(
            Rule::C1ControlCharacter,
            b"[Event \"A\"]\n{South\x92s lead}\n",
            b"[Event \"A\"]\n{South's lead}\n",
        ),
        Pair::new(
            Rule::CharacterOutsideLatin1,
            "[Event \"A\"]\n{Lead the \u{2660}K}\n",
            "[Event \"A\"]\n{Lead the \\SK}\n",
        ),
        Pair::new(
            Rule::TabInString,
            "[Event \"Club\tPairs\"]\n",
            "[Event \"Club Pairs\"]\n",
        ),
        Pair::owned(Rule::LineTooLong, line(300), line(250)),
        Pair::owned(Rule::LongLine, line(85), line(79)),
        Pair::new(
            Rule::ControlCharacterInText,
            "[Event \"A\"]\n{Board 7: \u{1b}[2J}\n",
            "[Event \"A\"]\n{Board 7}\n",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use crate::check::{CheckOptions, check_bytes};

    /// C004 (PBN 2.3) counts the spaces a line starts or ends with, though they are gaps between
    /// tokens and no token: the first line of a chunk, the last line of the text, and a line of
    /// spaces alone. The same at every chunk size.
    #[test]
    fn spaces_at_the_ends_of_a_line_count_in_its_length() {
        let c004 = |text: &str, chunk: usize| {
            let options = CheckOptions {
                chunk_bytes: Some(chunk),
                ..CheckOptions::default()
            };
            check_bytes(text.as_bytes(), &options)
                .diagnostics
                .iter()
                .filter(|d| d.rule.code() == "C004")
                .count()
        };
        let tag = "[Event \"A\"]";
        let spaces = " ".repeat(250);
        for chunk in [1, 1 << 20] {
            // 250 spaces and an 11-byte tag: 262 characters with the line end.
            assert_eq!(c004(&format!("{spaces}{tag}\n"), chunk), 1);
            assert_eq!(c004(&format!("{tag}\n\n{spaces}{tag}\n"), chunk), 1);
            // At the end of the text, with or without a line end.
            assert_eq!(c004(&format!("{tag}{spaces}"), chunk), 1);
            assert_eq!(c004(&format!("{tag}{spaces}\n"), chunk), 1);
            assert_eq!(c004(&format!("{tag}\n{spaces}{spaces}\n{tag}\n"), chunk), 1);
            // 200 spaces: short enough.
            assert_eq!(c004(&format!("{}{tag}\n", &spaces[50..]), chunk), 0);
        }
    }
}
