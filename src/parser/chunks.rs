//! Reading a large text a chunk of whole games at a time ([`chunks`]), or in chunks found without
//! lexing for threads to parse at once ([`chunk_regions`], [`speculative_chunk`]): where a chunk
//! may end, and what is done when a game is too long to hold whole.

use crate::lexer::{self, SyntaxKind, Token};
use crate::syntax::Parse;

use super::{parse, parse_tokens};

/// The text a chunk of [`chunks`] covers at least, unless the text ends first: large enough that
/// per-chunk costs vanish, small enough that a chunk's tokens and tree stay in the CPU caches.
pub const CHUNK_BYTES: usize = 256 << 10;

/// Parses `text` a few games at a time, so that a large file never has all its tokens and trees in
/// memory at once. Each [`Parse`] holds whole games and what lies between them; token offsets are
/// offsets in `text`, token ids are the chunk's own. The chunks together hold exactly the tokens,
/// games and errors of [`parse`] (tested over the corpus with tiny chunks).
///
/// A chunk ends at a semi-empty line (PBN 3), where a game must end whatever the parser's state,
/// after at least `target` bytes. Text with embedded PBN (PBN 6.2) is one chunk.
pub fn chunks(text: &str, target: usize) -> Chunks<'_> {
    chunks_of(text, target, lexer::is_embedded(text))
}

/// [`chunks`] of a text already known to embed PBN or not ([`lexer::is_embedded`]).
pub fn chunks_of(text: &str, target: usize, embedded: bool) -> Chunks<'_> {
    Chunks {
        text,
        pos: 0,
        target: target.max(1),
        whole: embedded || text.len() > lexer::MAX_TEXT_LEN,
        game_end: None,
    }
}

/// The iterator of [`chunks`].
#[derive(Clone)]
pub struct Chunks<'a> {
    text: &'a str,
    pos: usize,
    target: usize,
    /// Parse everything as one chunk.
    whole: bool,
    /// The end of a game being read in pieces.
    game_end: Option<usize>,
}

impl Chunks<'_> {
    /// Makes the chunks after the current one about `target` bytes long.
    pub fn set_target(&mut self, target: usize) {
        self.target = target.max(1);
    }

    /// Where the next chunk starts: the end of the last one.
    pub fn position(&self) -> usize {
        self.pos
    }
}

impl Iterator for Chunks<'_> {
    type Item = Parse;

    fn next(&mut self) -> Option<Parse> {
        let text = self.text;
        if self.pos >= text.len() {
            return None;
        }
        if self.whole {
            self.pos = text.len();
            return Some(parse(text));
        }
        let mut target = self.target;
        loop {
            // The end of the game being read in pieces is known already: finding it again for
            // every piece would make a long game quadratic.
            let end = match self.game_end.take() {
                Some(end) if end > self.pos => end,
                _ => blank_line_after(text, self.pos.saturating_add(target)),
            };
            match region(text, self.pos, end) {
                Region::Whole(parse) => {
                    self.pos = end;
                    return Some(parse);
                }
                Region::TooManyTokens(mut tokens, kinds) => {
                    // Too many tokens to hold: end the chunk at the last game boundary they
                    // reach, or, when they are all one game, read that game in pieces.
                    let (cut, piece) = match last_game_boundary(text, &tokens) {
                        Some(boundary) if boundary > self.pos => (boundary, false),
                        _ => (piece_end(text, &tokens), true),
                    };
                    // The tokens are in text order: those before the cut are a prefix.
                    let kept = tokens.partition_point(|token| token.end as usize <= cut);
                    tokens.truncate(kept);
                    self.pos = cut;
                    if piece {
                        self.game_end = Some(end);
                    }
                    // The kinds of all the tokens lexed: those of the kept ones, and maybe more.
                    let mut parse = parse_tokens(text, tokens, kinds);
                    parse.cut = piece.then(|| u32::try_from(cut).unwrap_or(u32::MAX));
                    return Some(parse);
                }
                Region::SplitComment => target = target.saturating_mul(2),
            }
        }
    }
}

impl Chunks<'_> {
    /// The chunks from `pos` on, which must be where an earlier chunk of these ended
    /// ([`Chunks::position`]) with no game read in pieces across it.
    pub fn from(mut self, pos: usize) -> Self {
        self.pos = pos;
        self.game_end = None;
        self
    }

    /// True while a game is being read in pieces: the next chunk is its next piece.
    pub fn in_pieces(&self) -> bool {
        self.game_end.is_some()
    }

    /// True when every chunk is the whole text (embedded PBN, or a text too long for offsets).
    pub fn is_whole(&self) -> bool {
        self.whole
    }
}

/// What lexing the text from `pos` to `end` gave.
enum Region {
    /// The chunk, whole.
    Whole(Parse),
    /// More tokens than a chunk holds: those lexed.
    TooManyTokens(Vec<Token>, lexer::Kinds),
    /// A brace comment crosses `end`: a chunk ending there would split it.
    SplitComment,
}

fn region(text: &str, pos: usize, end: usize) -> Region {
    let (tokens, complete, kinds) = lexer::lex_region_at_most_of(text, pos, end, MAX_CHUNK_TOKENS);
    if !complete {
        return Region::TooManyTokens(tokens, kinds);
    }
    // A brace comment may hold empty lines; a cut inside one would split it. Cut further on.
    // Whether an unclosed comment closes legally depends on the text after it, which may lie
    // beyond the chunk: read it as the whole text would.
    let split_comment = end < text.len()
        && kinds.has(SyntaxKind::UnterminatedBraceComment)
        && tokens.iter().any(|token| {
            token.kind == SyntaxKind::UnterminatedBraceComment
                && (token.end as usize == end || {
                    let start = token.start as usize + 1;
                    let (len, _) = lexer::brace_comment_len(&text.as_bytes()[start..]);
                    start + len != token.end as usize
                })
        });
    if split_comment {
        Region::SplitComment
    } else {
        Region::Whole(parse_tokens(text, tokens, kinds))
    }
}

/// Where the chunks of `text` of about `target` bytes would start and end if each were read
/// whole at the first try (as nearly every chunk of a real file is): from `pos` on, found
/// without lexing, so that threads can parse them at once ([`speculative_chunk`]).
pub fn chunk_regions(text: &str, pos: usize, target: usize) -> Vec<std::ops::Range<usize>> {
    let target = target.max(1);
    let mut regions = Vec::new();
    let mut pos = pos;
    while pos < text.len() {
        let end = blank_line_after(text, pos.saturating_add(target));
        regions.push(pos..end);
        pos = end;
    }
    regions
}

/// The chunk of `region` ([`chunk_regions`]), when [`chunks`] would make exactly it: `None` when
/// the region holds more tokens than a chunk or a comment crosses its end, where the chunks
/// must be read one after the other from its start.
pub fn speculative_chunk(text: &str, region: std::ops::Range<usize>) -> Option<Parse> {
    match self::region(text, region.start, region.end) {
        Region::Whole(parse) => Some(parse),
        _ => None,
    }
}

/// The most tokens a chunk holds: a chunk's tokens, tree and errors cost about 80 bytes a token
/// at worst (a file of `x` lines), so a chunk stays within a few megabytes whatever the file. Real
/// games have a few thousand tokens; a game with more is read in pieces of this many, cut at line
/// starts ([`piece_end`]), and F005 says so.
pub const MAX_CHUNK_TOKENS: usize = 1 << 16;

/// The end of the last line end among `tokens` that a semi-empty line follows (PBN 3: where a
/// game ends), if their line ends hold one.
fn last_game_boundary(text: &str, tokens: &[Token]) -> Option<usize> {
    let mut after = tokens.iter().rev().peekable();
    let mut boundary = None;
    while let Some(token) = after.next() {
        if token.kind != SyntaxKind::Newline {
            continue;
        }
        // `token` ends a semi-empty line when the token before it is a line end (only a gap of
        // spaces and tabs between them).
        if let Some(line_end) = after.peek().filter(|t| t.kind == SyntaxKind::Newline)
            && text.as_bytes().get(line_end.end as usize - 1) == Some(&b'\n')
        {
            boundary = Some(line_end.end as usize);
            break;
        }
    }
    boundary
}

/// Where a piece of an overlong game ends: after the last line end among `tokens`, or, on a line
/// of more tokens than a chunk holds, after the last of them.
fn piece_end(text: &str, tokens: &[Token]) -> usize {
    let last = tokens.last().map_or(text.len(), |token| token.end as usize);
    tokens
        .iter()
        .rev()
        .find(|token| token.kind == SyntaxKind::Newline)
        .map_or(last, |token| token.end as usize)
}

/// The start of the first semi-empty line at or after `from` whose line end before it is a `\n`
/// (the end of the text when there is none). Outside brace comments, that is where a game ends.
fn blank_line_after(text: &str, from: usize) -> usize {
    let bytes = text.as_bytes();
    let mut at = from;
    while let Some(found) = bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
    {
        let start = at + found + 1;
        let mut next = start;
        while matches!(bytes.get(next), Some(b' ' | b'\t' | 0x0B)) {
            next += 1;
        }
        match bytes.get(next) {
            Some(b'\n') => return start,
            Some(b'\r') if bytes.get(next + 1) == Some(&b'\n') => return start,
            _ => at = start,
        }
    }
    text.len()
}

/// Parses `text[from..to]`, a run of whole games of a text without embedded PBN, with offsets in
/// `text`: a part of a chunk ([`chunks`]).
pub fn parse_region(text: &str, from: usize, to: usize) -> Parse {
    let (tokens, _, kinds) = lexer::lex_region_at_most_of(text, from, to, usize::MAX);
    parse_tokens(text, tokens, kinds)
}
