//! Bytes ↔ text: encoding and BOM detection, line-end style, the line index, and writing text back
//! to bytes.
//!
//! PBN 2.2 says PBN is ISO 8859-1; real files are also UTF-8 (with or without a BOM) and now and then
//! UTF-16. The decision (`docs/spec-decisions.md`, "Encoding"): a BOM decides; otherwise valid UTF-8
//! is UTF-8; anything else is Latin-1, decoded through the windows-1252 table of encoding_rs, which
//! maps every byte, so that [`encode`] gives back the input bytes exactly.
//!
//! This module knows nothing about PBN syntax. It does no I/O: callers hand it bytes.

use std::borrow::Cow;
use std::fmt;

/// The character encoding of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    Utf8,
    /// ISO 8859-1 as the standard says (PBN 2.2), read and written through the windows-1252 table so
    /// that every byte has a character and round-trips.
    Latin1,
    Utf16Le,
    Utf16Be,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Latin1 => "latin-1",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which line ends a text uses (PBN 2.3: export format is CRLF; import format is the platform's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnding {
    Lf,
    CrLf,
    Cr,
    /// More than one style in one file.
    Mixed,
    /// No line end at all (empty file or a single unterminated line).
    None,
}

/// A decoded file: its text and what is needed to write it back byte for byte.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The text, without the byte-order mark.
    pub text: String,
    pub encoding: Encoding,
    /// Whether the input started with a byte-order mark for `encoding`.
    pub bom: bool,
    pub line_ending: LineEnding,
    /// The byte offset in `text` of the first character that could not be decoded and was replaced
    /// by U+FFFD. Only possible when the encoding is forced or given by a BOM; when set, encoding the
    /// text does not give back the input.
    pub malformed_at: Option<usize>,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
const UTF16LE_BOM: &[u8] = b"\xFF\xFE";
const UTF16BE_BOM: &[u8] = b"\xFE\xFF";

/// Decodes `bytes`. With `forced`, that encoding is used (a BOM of the same encoding is still
/// recognised and stripped); otherwise BOM, then UTF-8 validity, then Latin-1 decide.
pub fn decode(bytes: &[u8], forced: Option<Encoding>) -> Decoded {
    decode_cow(Cow::Borrowed(bytes), forced)
}

/// [`decode`] of bytes the caller gives away: valid UTF-8 becomes the text without a copy.
pub fn decode_owned(bytes: Vec<u8>, forced: Option<Encoding>) -> Decoded {
    decode_cow(Cow::Owned(bytes), forced)
}

fn decode_cow(bytes: Cow<'_, [u8]>, forced: Option<Encoding>) -> Decoded {
    let sniffed = sniff_bom(&bytes);
    let encoding = forced.or(sniffed);
    let bom = sniffed.is_some() && sniffed == encoding;
    // The common case, UTF-8 by detection or by name: one validation, and no copy of owned bytes.
    if matches!(encoding, None | Some(Encoding::Utf8)) {
        let skip = if bom { UTF8_BOM.len() } else { 0 };
        let valid = match bytes {
            Cow::Owned(mut owned) => {
                owned.drain(..skip);
                String::from_utf8(owned).map_err(|error| Cow::Owned(error.into_bytes()))
            }
            Cow::Borrowed(borrowed) => std::str::from_utf8(&borrowed[skip..])
                .map(str::to_owned)
                .map_err(|_| Cow::Borrowed(borrowed)),
        };
        match valid {
            Ok(text) => {
                let line_ending = detect_line_ending(&text);
                return Decoded {
                    text,
                    encoding: Encoding::Utf8,
                    bom,
                    line_ending,
                    malformed_at: None,
                };
            }
            // Not UTF-8: detected files are Latin-1; forced UTF-8 is decoded with replacement.
            Err(Cow::Owned(mut owned)) if skip > 0 => {
                owned.splice(..0, UTF8_BOM.iter().copied());
                return decode_slice(&owned, forced);
            }
            Err(back) => return decode_slice(&back, forced),
        }
    }
    decode_slice(&bytes, forced)
}

fn decode_slice(bytes: &[u8], forced: Option<Encoding>) -> Decoded {
    let sniffed = sniff_bom(bytes);
    let (encoding, bom) = match (forced, sniffed) {
        (Some(forced), Some(bom)) if forced == bom => (forced, true),
        (Some(forced), _) => (forced, false),
        (None, Some(bom)) => (bom, true),
        (None, None) if std::str::from_utf8(bytes).is_ok() => (Encoding::Utf8, false),
        (None, None) => (Encoding::Latin1, false),
    };
    let body = if bom {
        &bytes[bom_bytes(encoding).len()..]
    } else {
        bytes
    };
    let (text, malformed_at) = decode_body(body, encoding);
    let line_ending = detect_line_ending(&text);
    Decoded {
        text,
        encoding,
        bom,
        line_ending,
        malformed_at,
    }
}

fn sniff_bom(bytes: &[u8]) -> Option<Encoding> {
    if bytes.starts_with(UTF8_BOM) {
        Some(Encoding::Utf8)
    } else if bytes.starts_with(UTF16LE_BOM) {
        Some(Encoding::Utf16Le)
    } else if bytes.starts_with(UTF16BE_BOM) {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

fn bom_bytes(encoding: Encoding) -> &'static [u8] {
    match encoding {
        Encoding::Utf8 => UTF8_BOM,
        Encoding::Utf16Le => UTF16LE_BOM,
        Encoding::Utf16Be => UTF16BE_BOM,
        Encoding::Latin1 => b"",
    }
}

fn decode_body(body: &[u8], encoding: Encoding) -> (String, Option<usize>) {
    let table = match encoding {
        Encoding::Utf8 => encoding_rs::UTF_8,
        Encoding::Latin1 => encoding_rs::WINDOWS_1252,
        Encoding::Utf16Le => encoding_rs::UTF_16LE,
        Encoding::Utf16Be => encoding_rs::UTF_16BE,
    };
    if let Some(text) = table.decode_without_bom_handling_and_without_replacement(body) {
        return (text.into_owned(), None);
    }
    // Malformed for an encoding the user forced or a BOM announced: decode with replacement so the
    // file can still be checked, and remember where the first replacement is.
    let (text, _) = table.decode_without_bom_handling(body);
    let text = text.into_owned();
    let at = text.find('\u{FFFD}').unwrap_or(0);
    (text, Some(at))
}

/// The rest of the line after byte `end` of `text`, when it holds only spaces and tabs: where the
/// next line starts, and the line end between (empty at the end of the text).
pub fn blank_rest_of_line(text: &str, end: usize) -> Option<(usize, &'static str)> {
    let rest = text.get(end..)?;
    let eol = rest.find(['\r', '\n']).unwrap_or(rest.len());
    if !rest[..eol].trim().is_empty() {
        return None;
    }
    let newline = match &rest[eol..] {
        after if after.starts_with("\r\n") => "\r\n",
        after if after.starts_with('\r') => "\r",
        after if after.starts_with('\n') => "\n",
        _ => "",
    };
    Some((end + eol + newline.len(), newline))
}

/// `text` with every CRLF and lone CR as LF: two texts that differ only in their line ends become
/// equal.
pub fn unify_line_ends(text: &str) -> Cow<'_, str> {
    if !text.contains('\r') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Counts the line ends of `text` and names its style.
pub fn detect_line_ending(text: &str) -> LineEnding {
    // Whole-slice counts, which the compiler vectorizes: this runs over every file read.
    let bytes = text.as_bytes();
    let count = |byte: u8| -> usize {
        // Sums of 0/1 bytes in blocks that cannot overflow a u8, so that the loop runs on vectors.
        bytes
            .chunks(255)
            .map(|block| {
                let hits: u8 = block.iter().map(|&b| u8::from(b == byte)).sum();
                usize::from(hits)
            })
            .sum()
    };
    let (all_lf, all_cr) = (count(b'\n'), count(b'\r'));
    let crlf = if all_lf > 0 && all_cr > 0 {
        bytes
            .chunks(255)
            .enumerate()
            .map(|(i, block)| {
                let next = &bytes[(i * 255 + 1).min(bytes.len())..];
                let hits: u8 = block
                    .iter()
                    .zip(next)
                    .map(|(&a, &b)| u8::from(a == b'\r') & u8::from(b == b'\n'))
                    .sum();
                usize::from(hits)
            })
            .sum()
    } else {
        0
    };
    let (lf, cr) = (all_lf - crlf, all_cr - crlf);
    match (lf > 0, crlf > 0, cr > 0) {
        (false, false, false) => LineEnding::None,
        (true, false, false) => LineEnding::Lf,
        (false, true, false) => LineEnding::CrLf,
        (false, false, true) => LineEnding::Cr,
        _ => LineEnding::Mixed,
    }
}

/// A character that the target encoding cannot represent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unencodable {
    /// Byte offset of the character in the text.
    pub offset: usize,
    pub character: char,
    pub encoding: Encoding,
}

impl fmt::Display for Unencodable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the character {:?} (U+{:04X}) cannot be written in {}",
            self.character, self.character as u32, self.encoding
        )
    }
}

/// Encodes `text` in `encoding`, with a BOM when `bom` is set. Never substitutes: a character the
/// encoding cannot hold is an error.
pub fn encode(text: &str, encoding: Encoding, bom: bool) -> Result<Vec<u8>, Unencodable> {
    let mut out = Vec::with_capacity(text.len() + 3);
    if bom {
        out.extend_from_slice(bom_bytes(encoding));
    }
    match encoding {
        Encoding::Utf8 => out.extend_from_slice(text.as_bytes()),
        Encoding::Utf16Le => text
            .encode_utf16()
            .for_each(|unit| out.extend_from_slice(&unit.to_le_bytes())),
        Encoding::Utf16Be => text
            .encode_utf16()
            .for_each(|unit| out.extend_from_slice(&unit.to_be_bytes())),
        Encoding::Latin1 => encode_latin1(text, &mut out)?,
    }
    Ok(out)
}

fn encode_latin1(text: &str, out: &mut Vec<u8>) -> Result<(), Unencodable> {
    let mut encoder = encoding_rs::WINDOWS_1252.new_encoder();
    let start = out.len();
    // A single-byte encoding writes at most one byte per input byte.
    out.resize(start + text.len(), 0);
    let (result, read, written) =
        encoder.encode_from_utf8_without_replacement(text, &mut out[start..], true);
    match result {
        encoding_rs::EncoderResult::InputEmpty => {
            out.truncate(start + written);
            Ok(())
        }
        encoding_rs::EncoderResult::Unmappable(character) => Err(Unencodable {
            offset: read - character.len_utf8(),
            character,
            encoding: Encoding::Latin1,
        }),
        // Unreachable: the output buffer is as long as the input in bytes.
        encoding_rs::EncoderResult::OutputFull => Err(Unencodable {
            offset: read,
            character: text[read..].chars().next().unwrap_or('\u{FFFD}'),
            encoding: Encoding::Latin1,
        }),
    }
}

/// The line ends in `part`, `after` the byte that follows it: an LF, and a CR not followed by an
/// LF. Each count is a plain filter over the bytes, which the compiler turns into vector code.
pub fn line_ends(part: &[u8], after: Option<u8>) -> usize {
    let lf = count_byte(part, b'\n');
    let cr = count_byte(part, b'\r');
    if cr == 0 {
        return lf;
    }
    let crlf = part
        .iter()
        .zip(&part[1..])
        .filter(|&(&byte, &next)| (byte == b'\r') & (next == b'\n'))
        .count()
        + usize::from(part.last() == Some(&b'\r') && after == Some(b'\n'));
    lf + cr - crlf
}

/// How many times `needle` is in `bytes`: counted in a byte per lane, 255 bytes at a time.
fn count_byte(bytes: &[u8], needle: u8) -> usize {
    bytes
        .chunks(255)
        .map(|chunk| {
            let found = chunk
                .iter()
                .fold(0u8, |n, &byte| n + u8::from(byte == needle));
            usize::from(found)
        })
        .sum()
}

/// Where the line after the one holding `from` starts: past its CR, LF or CR LF. `None` on the
/// last line.
pub fn next_line_start(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let end = from
        + bytes
            .get(from..)?
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')?;
    Some(
        if bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n') {
            end + 2
        } else {
            end + 1
        },
    )
}

/// Maps byte offsets of a text to 1-based line and column numbers. CR, LF and CRLF all end a line
/// (PBN 2.1 import format: the platform's line ends, and real files mix them).
///
/// It keeps a checkpoint every [`STRIDE`] bytes or so, not every line start: so that any position
/// costs at most a stride of counting, however long its line and however many findings it has
/// (counting from a line's start made a 100 MB line with many findings quadratic), and so that the
/// index of a file of millions of short lines stays small (a start per line took 8 bytes a line,
/// four times a file of `x` lines).
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// In offset order; the first is at offset 0.
    checkpoints: Vec<Checkpoint>,
    /// How many lines the text has (one more than its line ends).
    lines: usize,
}

/// Checkpoints are this many bytes apart, or a little more (moved on to a character boundary, and
/// past the `\n` of a `\r\n`).
const STRIDE: usize = 1024;

/// A place in the text and what precedes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Checkpoint {
    /// Byte offset in the text, on a character boundary.
    byte: usize,
    /// The 0-based line that holds it, and the byte offset where that line starts.
    line: usize,
    line_start: usize,
    /// Characters and UTF-16 code units from the start of the line to `byte`.
    chars: usize,
    utf16: usize,
    /// Characters and UTF-16 code units from the start of the text to `byte`.
    text_chars: usize,
    text_utf16: usize,
}

impl Checkpoint {
    const START: Checkpoint = Checkpoint {
        byte: 0,
        line: 0,
        line_start: 0,
        chars: 0,
        utf16: 0,
        text_chars: 0,
        text_utf16: 0,
    };

    /// Counts on from here over `text[self.byte..to]` (`to` a character boundary). A `\r` right
    /// before `to` whose `\n` is at `to` does not end its line yet.
    fn advance(&mut self, text: &str, to: usize) {
        let bytes = text.as_bytes();
        let mut rest = text
            .get(self.byte..to)
            .unwrap_or("")
            .char_indices()
            .peekable();
        while let Some((at, c)) = rest.next() {
            let at = self.byte + at;
            let units = c.len_utf16();
            self.text_chars += 1;
            self.text_utf16 += units;
            let line_end = match c {
                '\n' => Some(at + 1),
                '\r' if bytes.get(at + 1) == Some(&b'\n') => {
                    if at + 1 < to {
                        rest.next();
                        self.text_chars += 1;
                        self.text_utf16 += 1;
                        Some(at + 2)
                    } else {
                        None
                    }
                }
                '\r' => Some(at + 1),
                _ => None,
            };
            match line_end {
                Some(start) => {
                    self.line += 1;
                    self.line_start = start;
                    self.chars = 0;
                    self.utf16 = 0;
                }
                None => {
                    self.chars += 1;
                    self.utf16 += units;
                }
            }
        }
        self.byte = to;
    }
}

/// What precedes an offset on its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinePrefix {
    /// The 0-based line.
    pub line: usize,
    /// Bytes, characters and UTF-16 code units from the start of the line.
    pub bytes: usize,
    pub chars: usize,
    pub utf16: usize,
    /// Characters and UTF-16 code units from the start of the text (file offsets in Latin-1 and
    /// UTF-16 files).
    pub text_chars: usize,
    pub text_utf16: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut checkpoints = Vec::with_capacity(text.len() / STRIDE + 1);
        let mut at = Checkpoint::START;
        checkpoints.push(at);
        let mut next = STRIDE;
        while next < text.len() {
            while next < text.len()
                && (!text.is_char_boundary(next)
                    || (bytes[next] == b'\n' && bytes[next - 1] == b'\r'))
            {
                next += 1;
            }
            if next >= text.len() {
                break;
            }
            at.advance(text, next);
            checkpoints.push(at);
            next += STRIDE;
        }
        at.advance(text, text.len());
        LineIndex {
            checkpoints,
            lines: at.line + 1,
        }
    }

    /// The 1-based line and column (counted in characters) of byte `offset` in `text`.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let prefix = self.prefix(text, offset);
        (prefix.line + 1, prefix.chars + 1)
    }

    /// What precedes byte `offset` of `text` on its line. An offset inside a character counts
    /// bytes for the part of the character before it, as no character ends there.
    pub fn prefix(&self, text: &str, offset: usize) -> LinePrefix {
        let offset = offset.min(text.len());
        let mut boundary = offset;
        while !text.is_char_boundary(boundary) {
            boundary -= 1;
        }
        let at = self.checkpoints.partition_point(|c| c.byte <= boundary);
        let mut point = self.checkpoints[at.saturating_sub(1)];
        point.advance(text, boundary);
        let inside = offset - boundary;
        LinePrefix {
            line: point.line,
            bytes: offset - point.line_start,
            chars: point.chars + inside,
            utf16: point.utf16 + inside,
            text_chars: point.text_chars + inside,
            text_utf16: point.text_utf16 + inside,
        }
    }

    pub fn line_count(&self) -> usize {
        self.lines
    }

    /// The 0-based line that holds byte `offset` of `text`.
    pub fn line_of(&self, text: &str, offset: usize) -> usize {
        self.prefix(text, offset).line
    }

    /// The byte offset where 0-based `line` of `text` starts; the end of the text past the last
    /// line.
    pub fn line_start(&self, text: &str, line: usize) -> usize {
        if line == 0 {
            return 0;
        }
        if line >= self.lines {
            return text.len();
        }
        // The last checkpoint on an earlier line: line `line` starts within a stride after it.
        let at = self.checkpoints.partition_point(|c| c.line < line);
        let mut point = self.checkpoints[at.saturating_sub(1)];
        let mut from = point.byte;
        while point.line < line {
            let Some(start) = next_line_start(text, from) else {
                return text.len();
            };
            point.line += 1;
            from = start;
        }
        from
    }
}

/// Why a text is not PBN text at all, and where that shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotText {
    /// A PBI chess-problem file: its `#PBI` marker (PBN 6.1).
    Pbi(std::ops::Range<usize>),
    /// UTF-16 without a byte-order mark: the first NUL between two characters, and which
    /// endianness the NULs' places say.
    Utf16 {
        at: std::ops::Range<usize>,
        endian: &'static str,
    },
    /// Binary data: the first control character, how many of the sample are control
    /// characters, and the sample's length.
    Binary {
        at: std::ops::Range<usize>,
        controls: usize,
        sampled: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_latin1_byte_round_trips() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        let decoded = decode(&bytes, None);
        assert_eq!(decoded.encoding, Encoding::Latin1);
        assert_eq!(
            encode(&decoded.text, Encoding::Latin1, false).unwrap(),
            bytes
        );
    }

    #[test]
    fn bom_decides_and_is_written_back() {
        for (bytes, encoding) in [
            (b"\xEF\xBB\xBF% PBN\r\n".to_vec(), Encoding::Utf8),
            (b"\xFF\xFE%\x00\n\x00".to_vec(), Encoding::Utf16Le),
            (b"\xFE\xFF\x00%\x00\n".to_vec(), Encoding::Utf16Be),
        ] {
            let decoded = decode(&bytes, None);
            assert_eq!(decoded.encoding, encoding);
            assert!(decoded.bom);
            assert!(decoded.text.starts_with('%'));
            assert_eq!(encode(&decoded.text, encoding, true).unwrap(), bytes);
        }
    }

    #[test]
    fn invalid_utf8_is_latin1() {
        let decoded = decode(b"[West \"M\xFCller\"]", None);
        assert_eq!(decoded.encoding, Encoding::Latin1);
        assert_eq!(decoded.text, "[West \"Müller\"]");
    }

    #[test]
    fn forced_utf8_on_latin1_bytes_reports_where() {
        let decoded = decode(b"ab\xFCc", Some(Encoding::Utf8));
        assert_eq!(decoded.malformed_at, Some(2));
    }

    #[test]
    fn latin1_cannot_hold_a_suit_symbol() {
        let error = encode("a♠", Encoding::Latin1, false).unwrap_err();
        assert_eq!(error.offset, 1);
        assert_eq!(error.character, '♠');
    }

    #[test]
    fn line_endings() {
        assert_eq!(detect_line_ending("a\nb\n"), LineEnding::Lf);
        assert_eq!(detect_line_ending("a\r\nb\r\n"), LineEnding::CrLf);
        assert_eq!(detect_line_ending("a\rb\r"), LineEnding::Cr);
        assert_eq!(detect_line_ending("a\rb\n"), LineEnding::Mixed);
        assert_eq!(detect_line_ending("ab"), LineEnding::None);
    }

    #[test]
    fn line_index_counts_cr_lf_and_crlf() {
        let text = "ab\r\ncd\ref\ngé h";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), (1, 1));
        assert_eq!(index.line_col(text, 4), (2, 1));
        assert_eq!(index.line_col(text, 7), (3, 1));
        assert_eq!(index.line_col(text, text.len() - 1), (4, 4));
    }

    /// Over thousands of short lines with every kind of line end (a checkpoint never falls
    /// between the CR and LF of a CR LF), lines, columns, line starts and offsets from the text's
    /// start equal a count from the start of the text, at every offset.
    #[test]
    fn positions_match_a_count_from_the_start() {
        let ends = ["\n", "\r\n", "\r", ""];
        let text: String = (0..5000)
            .map(|i| format!("{}é{}", "ab".repeat(i % 7), ends[i % 4]))
            .collect();
        let index = LineIndex::new(&text);
        let (mut line, mut column, mut starts) = (0, 0, vec![0]);
        let mut chars = 0;
        let mut it = text.char_indices().peekable();
        let mut expected = Vec::new();
        while let Some((offset, c)) = it.next() {
            expected.push((offset, line, column, chars));
            chars += 1;
            let crlf = c == '\r' && it.peek().map(|&(_, n)| n) == Some('\n');
            if crlf {
                let (next, _) = it.next().unwrap();
                expected.push((next, line, column + 1, chars));
                chars += 1;
            }
            if c == '\n' || c == '\r' {
                line += 1;
                column = 0;
                starts.push(offset + if crlf { 2 } else { 1 });
            } else {
                column += 1;
            }
        }
        for (offset, line, column, chars) in expected {
            let prefix = index.prefix(&text, offset);
            assert_eq!((prefix.line, prefix.chars), (line, column), "at {offset}");
            assert_eq!(prefix.text_chars, chars, "at {offset}");
            assert_eq!(index.line_of(&text, offset), line);
        }
        assert_eq!(index.line_count(), starts.len());
        for (line, start) in starts.iter().enumerate() {
            assert_eq!(index.line_start(&text, line), *start, "line {line}");
        }
        assert_eq!(index.line_start(&text, starts.len()), text.len());
    }

    /// Columns on a long line come from the nearest checkpoint and equal a count from the
    /// line's start, for every offset, with multi-byte characters across the strides.
    #[test]
    fn columns_on_a_long_line_match_a_count_from_its_start() {
        let line: String = "aé€😀".repeat(3000);
        let text = format!("first\n{line}\r\nlast");
        let index = LineIndex::new(&text);
        assert!(index.checkpoints.len() > 5);
        let start = text.find('a').unwrap();
        for (offset, _) in text.char_indices().step_by(7).chain([(text.len(), ' ')]) {
            let line_start = index.line_start(&text, index.line_of(&text, offset));
            let before = &text[line_start..offset];
            let prefix = index.prefix(&text, offset);
            assert_eq!(prefix.chars, before.chars().count(), "at {offset}");
            assert_eq!(prefix.utf16, before.encode_utf16().count(), "at {offset}");
            assert_eq!(prefix.bytes, before.len());
        }
        assert_eq!(index.line_col(&text, start), (2, 1));
        // Inside a character, the bytes of it before the offset are counted.
        let euro = text.find('€').unwrap();
        let before = text[start..euro].chars().count();
        assert_eq!(index.line_col(&text, euro + 1), (2, before + 1 + 1));
    }
}
