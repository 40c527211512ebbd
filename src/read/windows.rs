//! The chunks of a text that comes a piece at a time (a rewrite's output spooled to disk, decoded
//! as it is read): a window of text is parsed in chunks, each handed on once the window holds
//! text after it, and the window is let go once its chunks are read. A chunk ends at a
//! semi-empty line outside any comment, where a game must end (PBN 3), so it is parsed in its
//! window exactly as in the whole text; a game too long for one chunk (read in pieces) is handed
//! on only once the window holds all of it, so that its pieces are cut where they would be in
//! the whole text. `merge` and `split` read their inputs and their results so (issue 63, item 9):
//! memory is a window and a game, whatever the size of the text.
//!
//! This reads text already judged to be PBN ([`super::Judged`]): a command's own output, or an
//! input that `resolve` has written out.

use std::io::{self, Read};
use std::ops::Range;

use encoding_rs::{CoderResult, Decoder};

use crate::parser;
use crate::source::Encoding;
use crate::syntax::Parse;

/// Text read at a time.
pub const BLOCK: usize = 1 << 20;

/// One chunk of a text read a window at a time.
pub struct Chunk<'a> {
    /// The window's text: the parse's spans are in it.
    pub window: &'a str,
    pub parse: &'a Parse,
    /// The chunk's text in the window.
    pub range: Range<usize>,
    /// Where the window starts in the whole text, in bytes of the text (UTF-8).
    pub base: u64,
}

impl Chunk<'_> {
    /// The chunk's text.
    pub fn text(&self) -> &str {
        &self.window[self.range.clone()]
    }
}

/// Every chunk of the text that `more` gives, in order: `more` appends the next piece of text to
/// the string it is given and says whether the text has ended. `each` returns false to stop.
pub fn each_chunk(
    mut more: impl FnMut(&mut String) -> io::Result<bool>,
    mut each: impl FnMut(&Chunk<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    let mut window = String::new();
    let mut base = 0u64;
    let mut end = false;
    let mut want = BLOCK;
    let target = parser::CHUNK_BYTES;
    loop {
        // A window with no whole chunk asks for twice as much next time, so that a long game is
        // parsed a bounded number of times.
        let had = window.len();
        while !end && window.len() - had < want {
            end = more(&mut window)?;
        }
        let mut chunks = parser::chunks_of(&window, target, false);
        let mut consumed = 0;
        // The pieces of a game read in pieces, held until its last.
        let mut pieces: Vec<(Parse, Range<usize>)> = Vec::new();
        let mut start = 0;
        while let Some(parse) = chunks.next() {
            let at = chunks.position();
            if !end && at >= window.len() {
                break;
            }
            pieces.push((parse, start..at));
            start = at;
            if chunks.in_pieces() {
                continue;
            }
            for (parse, range) in pieces.drain(..) {
                let chunk = Chunk {
                    window: &window,
                    parse: &parse,
                    range,
                    base,
                };
                if !each(&chunk)? {
                    return Ok(());
                }
            }
            consumed = at;
        }
        if end {
            return Ok(());
        }
        want = if consumed == 0 {
            want.saturating_mul(2)
        } else {
            BLOCK
        };
        window.drain(..consumed);
        base += consumed as u64;
    }
}

/// The text of the bytes `reader` gives in `encoding`, a block at a time, for [`each_chunk`]: a
/// byte-order mark of the encoding at the start is skipped, and the first `skip` bytes of the
/// text are left out (a file's preamble already written by another). Bytes the encoding does not
/// allow become U+FFFD: the text read is a rewrite's own output, in its own encoding.
pub fn decoded(
    mut reader: impl Read,
    encoding: Encoding,
    skip: usize,
) -> impl FnMut(&mut String) -> io::Result<bool> {
    let table = match encoding {
        Encoding::Utf8 => encoding_rs::UTF_8,
        Encoding::Latin1 => encoding_rs::WINDOWS_1252,
        Encoding::Utf16Le => encoding_rs::UTF_16LE,
        Encoding::Utf16Be => encoding_rs::UTF_16BE,
    };
    let mut decoder: Decoder = table.new_decoder_with_bom_removal();
    // Small at first (a part of a split is often one game), larger while the reader fills it.
    let mut block = vec![0u8; 64 << 10];
    let mut skip = skip;
    move |text: &mut String| {
        loop {
            let read = reader.read(&mut block)?;
            if read == block.len() && block.len() < BLOCK {
                block.resize(block.len() * 2, 0);
            }
            let last = read == 0;
            let start = text.len();
            let mut bytes = &block[..read];
            loop {
                let room = decoder
                    .max_utf8_buffer_length(bytes.len())
                    .unwrap_or(BLOCK)
                    .max(16);
                text.reserve(room);
                let (result, used, _) = decoder.decode_to_string(bytes, text, last);
                bytes = &bytes[used..];
                if result == CoderResult::InputEmpty {
                    break;
                }
            }
            if skip > 0 {
                // The text left out ends at a character's boundary (it is a whole preamble), and
                // so does each piece decoded.
                let gone = skip.min(text.len() - start);
                text.drain(start..start + gone);
                skip -= gone;
            }
            if last || (skip == 0 && text.len() > start) {
                return Ok(last);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the chunks show of a text: each chunk's text, and the first tag of each of its games.
    fn read(text: &str, piece: usize) -> (String, Vec<String>) {
        let bytes = text.as_bytes().to_vec();
        let mut at = 0;
        let more = |out: &mut String| {
            // The text handed on `piece` bytes at a time, at character boundaries.
            let mut end = (at + piece).min(bytes.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            out.push_str(&text[at..end]);
            at = end;
            Ok(at == bytes.len())
        };
        let mut whole = String::new();
        let mut firsts = Vec::new();
        each_chunk(more, |chunk| {
            whole.push_str(chunk.text());
            for game in chunk.parse.real_games() {
                let span = chunk.parse.span(game.first, game.last);
                let line = chunk.window[span].lines().next().unwrap_or("").to_owned();
                firsts.push(line);
            }
            Ok(true)
        })
        .unwrap();
        (whole, firsts)
    }

    #[test]
    fn every_chunk_is_read_as_in_the_whole_text() {
        let mut text = String::from("% PBN 2.1\n{ a comment\n\nwith an empty line }\n");
        for board in 1..=3000 {
            text.push_str(&format!("[Board \"{board}\"]\n[Event \"é {board}\"]\n\n"));
        }
        // A game too long for one chunk: read in pieces.
        text.push_str("[Board \"3001\"]\n[Auction \"N\"]\n");
        text.push_str(&"Pass 1C ".repeat(60_000));
        text.push_str("\n\n[Board \"3002\"]\n");
        let mut expected = Vec::new();
        crate::read::judged(&text).games(
            |_| {},
            |parse, game, _| {
                let span = parse.span(game.first, game.last);
                expected.push(text[span].lines().next().unwrap_or("").to_owned());
                true
            },
        );
        assert_eq!(expected.len(), 3002);
        for piece in [1, 7, 1000, 100_000, 10 << 20] {
            let (whole, firsts) = read(&text, piece);
            assert_eq!(whole, text, "pieces of {piece}");
            assert_eq!(firsts, expected, "pieces of {piece}");
        }
    }

    #[test]
    fn decoding_leaves_out_the_bytes_asked_and_the_byte_order_mark() {
        let text = "% PBN 2.1\r\n[Event \"café\"]\r\n";
        let bytes = crate::source::encode(text, Encoding::Utf16Le, true).unwrap();
        let mut more = decoded(&bytes[..], Encoding::Utf16Le, "% PBN 2.1\r\n".len());
        let mut out = String::new();
        while !more(&mut out).unwrap() {}
        assert_eq!(out, "[Event \"café\"]\r\n");
        let latin = crate::source::encode(text, Encoding::Latin1, false).unwrap();
        let mut more = decoded(&latin[..], Encoding::Latin1, 0);
        let mut out = String::new();
        while !more(&mut out).unwrap() {}
        assert_eq!(out, text);
    }
}
