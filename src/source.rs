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

/// Maps byte offsets of a text to 1-based line and column numbers. CR, LF and CRLF all end a line
/// (PBN 2.1 import format: the platform's line ends, and real files mix them).
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset at which each line starts.
    starts: Vec<usize>,
    /// Within lines longer than [`STRIDE`] bytes, a checkpoint every [`STRIDE`] bytes or so, in
    /// offset order: so that a column costs at most a stride of counting, however long the line
    /// and however many findings it has (counting from the line's start made a 100 MB line with
    /// many findings quadratic).
    checkpoints: Vec<Checkpoint>,
}

/// Lines longer than this many bytes get checkpoints this far apart.
const STRIDE: usize = 4096;

/// A place in a long line and what precedes it on the line.
#[derive(Clone, Copy, Debug)]
struct Checkpoint {
    /// Byte offset in the text, on a character boundary.
    byte: usize,
    /// Characters, and UTF-16 code units, from the start of the line to `byte`.
    chars: usize,
    utf16: usize,
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
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i + 2);
                    i += 1;
                }
                b'\r' | b'\n' => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        let mut checkpoints = Vec::new();
        for (line, &start) in starts.iter().enumerate() {
            let end = starts.get(line + 1).copied().unwrap_or(text.len());
            if end - start > STRIDE {
                long_line_checkpoints(text, start, end, &mut checkpoints);
            }
        }
        LineIndex {
            starts,
            checkpoints,
        }
    }

    /// The 1-based line and column (counted in characters) of byte `offset` in `text`.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let prefix = self.prefix(text, offset);
        (prefix.line + 1, prefix.chars + 1)
    }

    /// What precedes byte `offset` of `text` on its line. An offset inside a character counts
    /// bytes for characters, as no character ends there.
    pub fn prefix(&self, text: &str, offset: usize) -> LinePrefix {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        if !text.is_char_boundary(offset) {
            let bytes = offset - start;
            return LinePrefix {
                line,
                bytes,
                chars: bytes,
                utf16: bytes,
            };
        }
        let at = self.checkpoints.partition_point(|c| c.byte <= offset);
        let from = match at.checked_sub(1).map(|i| self.checkpoints[i]) {
            Some(checkpoint) if checkpoint.byte >= start => checkpoint,
            _ => Checkpoint {
                byte: start,
                chars: 0,
                utf16: 0,
            },
        };
        let (mut chars, mut utf16) = (from.chars, from.utf16);
        for c in text.get(from.byte..offset).unwrap_or("").chars() {
            chars += 1;
            utf16 += c.len_utf16();
        }
        LinePrefix {
            line,
            bytes: offset - start,
            chars,
            utf16,
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line that holds byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }

    /// The byte offset where 0-based `line` starts; the end of the text past the last line.
    pub fn line_start(&self, line: usize, text_len: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(text_len)
    }
}

/// Checkpoints every [`STRIDE`] bytes (moved on to a character boundary) of the line
/// `text[start..end]`.
fn long_line_checkpoints(text: &str, start: usize, end: usize, out: &mut Vec<Checkpoint>) {
    let (mut chars, mut utf16) = (0, 0);
    let mut from = start;
    let mut next = start + STRIDE;
    while next < end {
        while !text.is_char_boundary(next) {
            next += 1;
        }
        for c in text.get(from..next).unwrap_or("").chars() {
            chars += 1;
            utf16 += c.len_utf16();
        }
        out.push(Checkpoint {
            byte: next,
            chars,
            utf16,
        });
        from = next;
        next += STRIDE;
    }
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
            let line_start = index.line_start(index.line_of(offset), text.len());
            let before = &text[line_start..offset];
            let prefix = index.prefix(&text, offset);
            assert_eq!(prefix.chars, before.chars().count(), "at {offset}");
            assert_eq!(prefix.utf16, before.encode_utf16().count(), "at {offset}");
            assert_eq!(prefix.bytes, before.len());
        }
        assert_eq!(index.line_col(&text, start), (2, 1));
        // Inside a character, bytes are counted.
        let euro = text.find('€').unwrap();
        assert_eq!(index.line_col(&text, euro + 1), (2, euro + 1 - start + 1));
    }
}
