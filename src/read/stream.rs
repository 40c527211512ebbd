//! Every game of a file with its model, read from the file a window at a time, so that memory
//! stays the same whatever the file's size (`convert --to jsonl|csv`).
//!
//! A first pass decides the encoding as [`crate::source::decode`] would (BOM, then UTF-8 validity, then
//! Latin-1) without keeping the bytes. The second decodes a few megabytes at a time into a window
//! of text, parses it in [`parser::chunks`], and hands on the games of every chunk that ends before
//! the window does: such a chunk ends at a semi-empty line where a game must end (PBN 3), outside
//! any comment, so it is read exactly as in the whole text. The rest of the window is kept and
//! more text read after it. The `#`/`##` state (PBN 4.8) is carried from window to window.
//!
//! What this cannot read as the whole text would, it leaves to the caller, who reads the file
//! whole ([`Streamed::NeedsWhole`]): UTF-16, a forced encoding the bytes do not follow, text that
//! is not PBN (PBI, binary, chess), embedded PBN (PBN 6.2, one chunk by nature), syntax errors
//! and games too long to hold, whose findings are worded against the whole text.

use std::io::{self, Read};
use std::path::Path;

use encoding_rs::{Decoder, DecoderResult};

use crate::model::{GameModel, Inheritor, OwnedInheritance};
use crate::parser;
use crate::read::sniff::Sniff;
use crate::source::{Decoded, Encoding, LineEnding};
use crate::syntax::Parse;

/// The bytes read at a time.
const BLOCK: usize = 4 << 20;

/// How a streamed reading ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Streamed {
    /// Every game was handed on (or `each` stopped); the count of games.
    Done(usize),
    /// The file must be read whole; nothing it said counts. Why, for the tests.
    NeedsWhole(&'static str),
}

/// Where a game stands in the file.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// The line of the game's first token, from 1.
    pub line: usize,
    /// The game's number in the file, from 1.
    pub game: usize,
}

/// The encoding a file is read in, decided as [`crate::source::decode`] decides it, and the length of
/// the byte-order mark to skip; `None` when only a whole reading can decode it (UTF-16, or
/// UTF-8 forced on bytes that are not, which are decoded with replacement and a finding).
pub fn encoding_of(
    reader: impl Read,
    forced: Option<Encoding>,
) -> io::Result<Option<(Encoding, usize)>> {
    let mut reader = reader;
    let mut block = vec![0u8; 1 << 20];
    let mut carry: Vec<u8> = Vec::new();
    let mut first = true;
    let mut bom = 0;
    loop {
        let read = read_full(&mut reader, &mut block)?;
        let mut bytes = &block[..read];
        if first {
            first = false;
            if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
                return Ok(match forced {
                    Some(Encoding::Latin1) => Some((Encoding::Latin1, 0)),
                    _ => None,
                });
            }
            if bytes.starts_with(b"\xEF\xBB\xBF") {
                match forced {
                    None | Some(Encoding::Utf8) => {
                        bom = 3;
                        bytes = &bytes[3..];
                    }
                    Some(Encoding::Latin1) => return Ok(Some((Encoding::Latin1, 0))),
                    Some(_) => return Ok(None),
                }
            }
            match forced {
                Some(Encoding::Latin1) => return Ok(Some((Encoding::Latin1, 0))),
                Some(Encoding::Utf16Le | Encoding::Utf16Be) => return Ok(None),
                _ => {}
            }
        }
        if read == 0 {
            // Bytes left over are a character cut short by the end of the file.
            return Ok(match (carry.is_empty(), forced, bom) {
                (true, _, _) => Some((Encoding::Utf8, bom)),
                (false, None, 0) => Some((Encoding::Latin1, 0)),
                _ => None,
            });
        }
        carry.extend_from_slice(bytes);
        match std::str::from_utf8(&carry) {
            Ok(_) => carry.clear(),
            Err(error) if error.error_len().is_none() => {
                let valid = error.valid_up_to();
                carry.drain(..valid);
            }
            // Not UTF-8: Latin-1 when detected; with a UTF-8 BOM or UTF-8 forced, replacement.
            Err(_) => {
                return Ok((forced.is_none() && bom == 0).then_some((Encoding::Latin1, 0)));
            }
        }
    }
}

/// Reads until `buffer` is full or the input ends.
fn read_full(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(filled)
}

/// Every game of the file at `path` with its model, read a window at a time (see the module):
/// `first` sees the first window's text and returns false when the file must be read whole
/// (a LIN record, say); `each` gets each game's chunk, the window's text, its model and place, and
/// returns false to stop.
pub fn each_game_in_file(
    path: &Path,
    forced: Option<Encoding>,
    first: impl FnOnce(&str) -> bool,
    each: impl FnMut(&Parse, &str, &GameModel<'_>, Place) -> bool,
) -> io::Result<Streamed> {
    let Some((encoding, bom)) = encoding_of(crate::io::open_input(path)?, forced)? else {
        return Ok(Streamed::NeedsWhole("an encoding read whole"));
    };
    let mut file = crate::io::open_input(path)?;
    let mut skip = [0u8; 3];
    read_full(&mut file, &mut skip[..bom])?;
    each_game_read(file, encoding, BLOCK, first, each)
}

/// [`each_game_in_file`] of bytes from `reader` past the byte-order mark, in `encoding`, read
/// `block` bytes at a time.
pub fn each_game_read(
    mut reader: impl Read,
    encoding: Encoding,
    block: usize,
    first: impl FnOnce(&str) -> bool,
    mut each: impl FnMut(&Parse, &str, &GameModel<'_>, Place) -> bool,
) -> io::Result<Streamed> {
    let table = match encoding {
        Encoding::Utf8 => encoding_rs::UTF_8,
        Encoding::Latin1 => encoding_rs::WINDOWS_1252,
        Encoding::Utf16Le | Encoding::Utf16Be => {
            return Ok(Streamed::NeedsWhole("an encoding read whole"));
        }
    };
    let mut decoder = table.new_decoder_without_bom_handling();
    let mut window = Decoded {
        text: String::new(),
        encoding,
        bom: false,
        line_ending: LineEnding::None,
        malformed_at: None,
    };
    let least = block.max(1);
    // Chunks of a sixteenth of a block, so that most of a window is read in whole chunks.
    let target = (least / 16).clamp(1, parser::CHUNK_BYTES);
    let mut want = least;
    let mut block = vec![0u8; least];
    let mut inheritance = OwnedInheritance::default();
    let mut place = Place { line: 1, game: 0 };
    let mut first = Some(first);
    loop {
        // A window without a whole chunk asks for twice as much next time, so that a game longer
        // than a block is lexed a bounded number of times.
        let mut added = 0;
        let mut end = false;
        while added < want {
            let read = read_full(&mut reader, &mut block)?;
            end = read == 0;
            if !decode(&mut decoder, &block[..read], &mut window.text, end) {
                return Ok(Streamed::NeedsWhole("bytes the encoding does not allow"));
            }
            added += read;
            if end {
                break;
            }
        }
        if let Some(first) = first.take()
            && !first(&window.text)
        {
            return Ok(Streamed::NeedsWhole("the caller's choice"));
        }
        let read = window_games(
            &window,
            end,
            target,
            &mut inheritance,
            &mut place,
            &mut each,
        );
        let (consumed, stop) = match read {
            Ok(read) => read,
            Err(why) => return Ok(Streamed::NeedsWhole(why)),
        };
        if stop || end {
            return Ok(Streamed::Done(place.game));
        }
        want = if consumed == 0 {
            want.saturating_mul(2)
        } else {
            least
        };
        window.text.drain(..consumed);
    }
}

/// Decodes `bytes` onto `text`; false on bytes the encoding does not allow.
fn decode(decoder: &mut Decoder, bytes: &[u8], text: &mut String, last: bool) -> bool {
    let room = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(usize::MAX);
    text.reserve(room);
    let (result, _) = decoder.decode_to_string_without_replacement(bytes, text, last);
    matches!(result, DecoderResult::InputEmpty)
}

/// The games of the chunks of `window` that end before it does (all of them at the end of the
/// file): how far they reach, and whether `each` stopped. `place` comes in at the window's start
/// and goes out where the games read end. An error is why the file must be read whole.
fn window_games(
    window: &Decoded,
    end: bool,
    target: usize,
    inheritance: &mut OwnedInheritance,
    place: &mut Place,
    each: &mut impl FnMut(&Parse, &str, &GameModel<'_>, Place) -> bool,
) -> Result<(usize, bool), &'static str> {
    let text = window.text.as_str();
    let mut sniff = Sniff::new(window);
    if sniff.not_text.is_some() || sniff.embedded || window.malformed_at.is_some() {
        return Err("text that is not plain PBN");
    }
    let mut inheritor: Inheritor<'_, '_> = inheritance.inheritor();
    let mut chunks = sniff.chunks(target);
    let (mut consumed, mut counted) = (0, 0);
    let mut stopped = false;
    let mut at = *place;
    while let Some(parse) = chunks.next() {
        if !end && chunks.position() >= text.len() {
            break;
        }
        if parse.cut.is_some() || !parse.errors.is_empty() {
            return Err("findings worded against the whole text");
        }
        sniff.chunk(&parse);
        let mut reader: Inheritor<'_, '_> = std::mem::take(&mut inheritor);
        for game in parse.real_games() {
            let model = reader.game(&parse, text, game);
            let span = parse.span(game.first, game.last);
            at.line += count_lines(text, counted, span.start);
            counted = counted.max(span.start);
            at.game += 1;
            if !each(&parse, text, &model, at) {
                stopped = true;
                break;
            }
        }
        inheritor = reader.detach();
        consumed = chunks.position();
        if stopped {
            break;
        }
    }
    // Chess PGN (judged over every chunk) is not read here; syntax errors and games cut in
    // pieces sent the file to be read whole above.
    if sniff.chess().is_some() {
        return Err("text that is not plain PBN");
    }
    *inheritance = inheritor.to_owned_values();
    // At the cap, a `##` of a new name may not reach later games: F008, worded whole.
    if inheritance.sticky_len() >= crate::model::MAX_INHERITED {
        return Err("more `##` names than pbnfmt carries");
    }
    at.line += count_lines(text, counted, consumed);
    *place = at;
    Ok((consumed, stopped))
}

/// The line ends in `text[from..to]` (CR, LF and CRLF each end one line).
fn count_lines(text: &str, from: usize, to: usize) -> usize {
    let bytes = text.as_bytes();
    let to = to.min(bytes.len());
    crate::source::line_ends(&bytes[from.min(to)..to], bytes.get(to).copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source;

    #[test]
    fn encodings_are_decided_as_a_whole_reading_decides_them() {
        type Case = (&'static [u8], Option<Encoding>, Option<(Encoding, usize)>);
        let cases: [Case; 8] = [
            (b"[Board \"1\"]\n", None, Some((Encoding::Utf8, 0))),
            (
                b"\xEF\xBB\xBF[Event \"\xC3\xA9\"]",
                None,
                Some((Encoding::Utf8, 3)),
            ),
            (b"[Event \"\xE9\"]", None, Some((Encoding::Latin1, 0))),
            (b"[Event \"\xC3\"]", None, Some((Encoding::Latin1, 0))),
            (b"[Event \"\xE9\"]", Some(Encoding::Utf8), None),
            (b"\xFF\xFE[\0", None, None),
            (
                b"[Event \"\xC3\xA9\"]",
                Some(Encoding::Latin1),
                Some((Encoding::Latin1, 0)),
            ),
            (b"", None, Some((Encoding::Utf8, 0))),
        ];
        for (bytes, forced, expected) in cases {
            assert_eq!(encoding_of(bytes, forced).unwrap(), expected, "{bytes:?}");
            if let Some((encoding, bom)) = expected {
                let whole = source::decode(bytes, forced);
                assert_eq!(whole.encoding, encoding, "{bytes:?}");
                assert_eq!(whole.bom, bom > 0, "{bytes:?}");
            }
        }
    }

    #[test]
    fn a_character_cut_by_a_block_end_is_still_utf8() {
        // The é of each game falls at every possible place relative to the 1 MiB blocks.
        let mut bytes = Vec::new();
        while bytes.len() < (1 << 20) + 64 {
            bytes.extend_from_slice("[Event \"é\"]\n\n".as_bytes());
        }
        for cut in 0..3 {
            let shifted = [&b"xx"[..cut], &bytes].concat();
            assert_eq!(
                encoding_of(&shifted[..], None).unwrap(),
                Some((Encoding::Utf8, 0))
            );
        }
    }

    /// What a reader sees of each game: its line, number, and tags with their values and how
    /// they got them.
    fn seen(line: usize, game: usize, model: &GameModel<'_>) -> String {
        let mut out = format!("{line}/{game}:");
        for tag in &model.tags {
            out.push_str(&format!(
                " {}={:?}({:?})",
                tag.name, tag.value, tag.inheritance
            ));
        }
        out
    }

    #[test]
    fn windows_of_any_size_read_the_games_the_whole_text_holds() {
        // `#` and `##` across games, a comment holding an empty line, every line end, a long
        // game, a character of more than one byte.
        let mut text = String::from("% header\n[Event \"##Club é\"]\n[Board \"1\"]\n\n");
        for board in 2..40 {
            let end = ["\n", "\r\n", "\r"][board % 3];
            text.push_str(&format!("[Board \"{board}\"]{end}[Site \"#\"]{end}"));
            if board % 5 == 0 {
                text.push_str(&format!("{{a comment{end}{end}with an empty line}}{end}"));
                text.push_str(&format!("[Site \"Hall {board}\"]{end}"));
            }
            if board % 7 == 0 {
                text.push_str(&format!("[Event \"Pairs\"]{end}"));
            }
            if board == 20 {
                text.push_str(&"; a long comment line\n".repeat(200));
            }
            text.push_str(end);
        }
        let mut whole = Vec::new();
        let mut game = 0;
        crate::read::judged_games(&text, |_, model, span| {
            game += 1;
            whole.push(seen(1 + count_lines(&text, 0, span.start), game, model));
            true
        });
        assert_eq!(whole.len(), 39);
        for block in [1, 7, 64, 300, 1000, 5000, 1 << 20] {
            let mut streamed = Vec::new();
            let done = each_game_read(
                text.as_bytes(),
                Encoding::Utf8,
                block,
                |_| true,
                |_, _, model, at| {
                    streamed.push(seen(at.line, at.game, model));
                    true
                },
            )
            .unwrap();
            assert_eq!(done, Streamed::Done(39), "block {block}");
            assert_eq!(streamed, whole, "block {block}");
        }
    }

    #[test]
    fn what_only_a_whole_reading_words_is_left_to_it() {
        let cases: [(&str, &str); 3] = [
            (
                "[Board \"1\"]\n\n[Board \"2\"\n\n",
                "findings worded against the whole text",
            ),
            (
                "<PBN>\n[Board \"1\"]\n</PBN>\n",
                "text that is not plain PBN",
            ),
            ("#PBI\n", "text that is not plain PBN"),
        ];
        for (text, why) in cases {
            let read = each_game_read(
                text.as_bytes(),
                Encoding::Utf8,
                4,
                |_| true,
                |_, _, _, _| true,
            );
            assert_eq!(read.unwrap(), Streamed::NeedsWhole(why), "{text:?}");
        }
        let lin = each_game_read(
            &b"pn|a,b,c,d|"[..],
            Encoding::Utf8,
            4,
            |_| false,
            |_, _, _, _| true,
        );
        assert_eq!(lin.unwrap(), Streamed::NeedsWhole("the caller's choice"));
    }
}
