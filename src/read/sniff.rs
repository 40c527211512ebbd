//! What kind of file a text is, found once for every command, as data: text that is not PBN at all
//! (a PBI chess-problem file, binary data, UTF-16 read without its byte-order mark), chess PGN
//! (judged over every chunk), PBN embedded in another document (PBN 6.2) and a `<PBN>` left
//! open, games too long to hold whole. `rules::reading` words each finding (F002-F007); the
//! commands decide what to do with a file that is not PBN.

use std::ops::Range;

use crate::lexer::{self, SyntaxKind};
use crate::model::MAX_INHERITED;
use crate::parser;
pub use crate::source::NotText;
use crate::source::{Decoded, Encoding};
use crate::syntax::{Data, Parse};

/// What the file is, found as its chunks go by ([`Sniff::chunk`]).
pub struct Sniff<'t> {
    text: &'t str,
    pub not_text: Option<NotText>,
    /// The text embeds PBN in another document (PBN 6.2): it is one chunk, whose `<PBN>`
    /// delimiters are counted.
    pub embedded: bool,
    chess: ChessScan,
    /// True when the chunk before ended inside an overlong game.
    in_pieces: bool,
    /// The names given a `##` value so far, up to one more than [`MAX_INHERITED`].
    inherited: std::collections::BTreeSet<&'t str>,
    /// Whole tag pairs read (`[Name "value"]`), syntax errors, and where the first one is: a
    /// text of errors and no tag pair is not PBN ([`Sniff::not_pbn`]).
    has_pair: bool,
    errors: usize,
    first_error: Option<Range<usize>>,
}

/// Syntax errors past which a text without a single tag pair is said to be no PBN at all.
pub const NOT_PBN_ERRORS: usize = 5;

/// What one chunk showed.
#[derive(Default)]
pub struct ChunkSniffed {
    /// A `<PBN>` with no `</PBN>` after it.
    pub unclosed_embedding: Option<Range<usize>>,
    /// The chunk ends inside a game too long to hold whole, which starts here: said once a
    /// game.
    pub oversized_game: Option<Range<usize>>,
    /// The `##` value of one name more than [`MAX_INHERITED`]: said once a file.
    pub too_many_inherited: Option<Range<usize>>,
}

impl<'t> Sniff<'t> {
    pub fn new(decoded: &'t Decoded) -> Sniff<'t> {
        let text = decoded.text.as_str();
        let not_text = pbi_file(text).or_else(|| binary(decoded));
        Sniff {
            embedded: not_text.is_none() && lexer::is_embedded(text),
            not_text,
            ..Sniff::blank(text)
        }
    }

    /// A text taken to be PBN: only `<PBN>` is looked for.
    pub fn of_pbn(text: &'t str) -> Sniff<'t> {
        Sniff {
            embedded: lexer::is_embedded(text),
            ..Sniff::blank(text)
        }
    }

    /// Nothing seen yet of `text`.
    fn blank(text: &'t str) -> Sniff<'t> {
        Sniff {
            text,
            embedded: false,
            not_text: None,
            chess: ChessScan::default(),
            in_pieces: false,
            inherited: std::collections::BTreeSet::new(),
            has_pair: false,
            errors: 0,
            first_error: None,
        }
    }

    /// The chunks of the text ([`parser::chunks`]), without looking for `<PBN>` again.
    pub fn chunks(&self, target: usize) -> parser::Chunks<'t> {
        parser::chunks_of(self.text, target, self.embedded)
    }

    /// Reads the next chunk.
    pub fn chunk(&mut self, parse: &Parse) -> ChunkSniffed {
        self.chess.read(parse, self.text);
        if !self.has_pair {
            self.has_pair =
                parse.games.iter().flat_map(|game| &game.tags).any(|pair| {
                    pair.name.is_some() && pair.value.is_some() && pair.close.is_some()
                });
            self.errors += parse.errors.len();
            if self.first_error.is_none() {
                self.first_error = parse
                    .errors
                    .first()
                    .map(|error| error.span.start as usize..error.span.end as usize);
            }
        }
        let found = ChunkSniffed {
            unclosed_embedding: self.embedded.then(|| unclosed_embedding(parse)).flatten(),
            oversized_game: (parse.cut.is_some() && !self.in_pieces)
                .then(|| {
                    parse
                        .games
                        .last()
                        .map(|game| parse.token(game.first).range())
                })
                .flatten(),
            too_many_inherited: self.inherited(parse),
        };
        self.in_pieces = parse.cut.is_some();
        found
    }

    /// The first `##` value of a name past [`MAX_INHERITED`] in `parse`, the first time. Every
    /// name given a `##` value that may inherit is counted (a repeated tag pair too, which the
    /// model ignores), so that the count is never below the model's: whenever a value does not
    /// reach the later games, this has said so.
    fn inherited(&mut self, parse: &Parse) -> Option<Range<usize>> {
        if self.inherited.len() > MAX_INHERITED {
            return None;
        }
        let (first, last) = (parse.tokens.first()?, parse.tokens.last()?);
        // Most chunks have no `##` value at all: one search says so.
        memchr::memmem::find(
            &self.text.as_bytes()[first.start as usize..last.end as usize],
            b"\"##",
        )?;
        for pair in parse.games.iter().flat_map(|game| &game.tags) {
            let (Some(name), Some(value)) = (pair.name, pair.value) else {
                continue;
            };
            let name = parse.text(self.text, name);
            if !parse.text(self.text, value).starts_with("\"##")
                || name == "Note"
                || crate::names::inheritance_forbidden(name)
            {
                continue;
            }
            self.inherited.insert(name);
            if self.inherited.len() > MAX_INHERITED {
                return Some(parse.token(value).range());
            }
        }
        None
    }

    /// Where a text that is not PBN at all shows it (its first syntax error): [`NOT_PBN_ERRORS`]
    /// syntax errors or more and not one whole tag pair, as in a renamed `Cargo.toml` (issue 49,
    /// item 6). Judged over every chunk read.
    pub fn not_pbn(&self) -> Option<Range<usize>> {
        if !self.has_pair && self.errors >= NOT_PBN_ERRORS {
            self.first_error.clone()
        } else {
            None
        }
    }

    /// Where the file shows that it is chess PGN (its movetext, or its first chess tag), judged
    /// over every chunk read.
    pub fn chess(&self) -> Option<Range<usize>> {
        self.chess.verdict()
    }
}

/// True when a text reads as BBO's LIN: its first non-blank characters are a two-letter tag and
/// `|`. A PBN file starts with `%`, `[`, `{` or `;`, never so.
pub fn looks_like_lin(text: &str) -> bool {
    let start = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    let bytes = start.as_bytes();
    bytes.len() >= 3
        && bytes[0].is_ascii_alphabetic()
        && bytes[1].is_ascii_alphabetic()
        && bytes[2] == b'|'
}

/// A PBI chess-problem file.
fn pbi_file(text: &str) -> Option<NotText> {
    let trimmed = text.trim_start();
    if !trimmed.starts_with("#PBI") {
        return None;
    }
    let start = text.len() - trimmed.len();
    Some(NotText::Pbi(start..start + 4))
}

/// How much of a file [`binary`] looks at, as git does.
const SAMPLE: usize = 8 << 10;

/// A file that is not text, or is UTF-16 read without its byte-order mark. Judged on the first
/// [`SAMPLE`] characters of a file decoded without a BOM (a BOM or `--encoding` that decodes it
/// makes it text): NULs at every other place are UTF-16; more than 5% control characters besides
/// tabs and line ends (and at least 16 of them) are binary data. A stray NUL in a text file is
/// neither (S015 says where it is).
fn binary(decoded: &Decoded) -> Option<NotText> {
    if decoded.bom || matches!(decoded.encoding, Encoding::Utf16Le | Encoding::Utf16Be) {
        return None;
    }
    let sample: Vec<char> = decoded.text.chars().take(SAMPLE).collect();
    if sample.len() < 2 {
        return None;
    }
    let nul_at = |parity: usize| {
        sample
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&c| c == '\0')
            .count()
    };
    let pairs = sample.len() / 2;
    let (even, odd) = (nul_at(0), nul_at(1));
    // The span: the first character that shows it, so that a code frame stays one line.
    let first = |is: &dyn Fn(char) -> bool| {
        let text = decoded.text.as_str();
        let at = text.find(is).unwrap_or(0);
        at..at + text[at..].chars().next().map_or(0, char::len_utf8)
    };
    // ASCII in UTF-16LE is `A\0`: NULs at odd places; in UTF-16BE at even ones.
    let endian = if odd * 5 >= pairs * 2 && even * 20 < pairs {
        Some("utf-16le")
    } else if even * 5 >= pairs * 2 && odd * 20 < pairs {
        Some("utf-16be")
    } else {
        None
    };
    if let Some(endian) = endian {
        return Some(NotText::Utf16 {
            at: first(&|c| c == '\0'),
            endian,
        });
    }
    let is_binary =
        |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{b}' | '\u{c}');
    let controls = sample.iter().filter(|&&c| is_binary(c)).count();
    // A few stray control characters in a short text are S015's, where they are.
    if controls * 20 <= sample.len() || controls < 16 {
        return None;
    }
    Some(NotText::Binary {
        at: first(&is_binary),
        controls,
        sampled: sample.len(),
    })
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
    first_tag: Option<Range<usize>>,
    movetext: Option<Range<usize>>,
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
    fn verdict(&self) -> Option<Range<usize>> {
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

/// Data that starts with a chess move number: `12.` glued together.
fn is_move_number(parse: &Parse, text: &str, first: u32, last: u32) -> bool {
    let number = parse.text(text, first);
    first < last
        && parse.kind(first) == SyntaxKind::Word
        && number.bytes().all(|b| b.is_ascii_digit())
        && parse.text(text, first + 1) == "."
        && parse.token(first).end == parse.token(first + 1).start
}

/// A `<PBN>` with no `</PBN>` after it. (Text with embedded PBN is one chunk.)
fn unclosed_embedding(parse: &Parse) -> Option<Range<usize>> {
    let delimiters: Vec<_> = parse
        .tokens
        .iter()
        .filter(|token| token.kind == SyntaxKind::EmbedDelimiter)
        .collect();
    if delimiters.len() % 2 == 0 {
        return None;
    }
    Some(delimiters.last()?.range())
}
