//! The tokens of PBN 3.2, produced with logos.
//!
//! Spaces and tabs are the gaps between tokens (issue 28, item 1): every other byte of the text
//! belongs to exactly one token, and the text between two tokens is nothing but spaces and tabs,
//! so the tokens and their gaps give the text back (tested over every fixture and the real-world
//! corpus). Line ends, comments and `%` escape lines are tokens like any other, never skipped: the
//! grammar needs the line ends. A gap is not a token because half the tokens of a file were
//! gaps, each pushed, stored and stepped over by the parser: without them `check` does 4 % less
//! work.
//!
//! The lexer is context free: it does not know whether it is inside an auction or a table. Words
//! (`[A-Za-z0-9_-]+`) serve as name, call and card tokens (PBN 3.2 defines all three over the same
//! characters); the parser classifies them. A section token of PBN 5.1 (`^500`, `1,*`) is a run of
//! adjacent tokens that the parser merges.
//!
//! Malformed input becomes a flagged kind ([`SyntaxKind::UnterminatedString`], ...), never a panic
//! and never an error return. What users read about it is worded in `rules`, not here.

use logos::Logos;

/// The kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum SyntaxKind {
    /// `\r\n`, `\n` or `\r`.
    Newline,
    /// `;` to the end of the line (PBN 3.8).
    LineComment,
    /// `{` ... `}` (PBN 3.8); may span lines.
    BraceComment,
    /// A `{` comment that does not close legally (see `brace_comment`).
    UnterminatedBraceComment,
    /// `%` in column 1 to the end of the line (PBN 2.4).
    Escape,
    LBracket,
    RBracket,
    /// `"..."` with `\"` and `\\` escapes (PBN 3.2).
    String,
    /// A string with no closing quote on its line.
    UnterminatedString,
    /// Letters, digits, `_` and `-`: a name, call or card token (PBN 3.2).
    Word,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` (PBN 3.5.3).
    Suffix,
    /// `=n=` (PBN 3.5.4).
    NoteRef,
    /// `$n` (PBN 3.7).
    Nag,
    Star,
    Plus,
    /// `^I`, `^S`, `^R`, `^L` (PBN 3.9).
    Irregularity,
    /// Any other printable ASCII character, one per token (`.`, `,`, `^`, a `%` not in column 1, ...).
    Punct,
    /// A run of non-ASCII characters outside strings and comments.
    NonAscii,
    /// A control character other than tab, vertical tab and the line ends (PBN 2.2 forbids them).
    Control,
    /// Text around `<PBN>` ... `</PBN>` when PBN is embedded in another document (PBN 6.2).
    Foreign,
    /// The `<PBN>` or `</PBN>` delimiter itself.
    EmbedDelimiter,
}

impl SyntaxKind {
    pub fn is_comment(self) -> bool {
        matches!(
            self,
            SyntaxKind::LineComment
                | SyntaxKind::BraceComment
                | SyntaxKind::UnterminatedBraceComment
        )
    }

    pub fn is_string(self) -> bool {
        matches!(self, SyntaxKind::String | SyntaxKind::UnterminatedString)
    }
}

/// A token: its kind and its byte range in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn text(self, text: &str) -> &str {
        // Token boundaries are always character boundaries (see the callbacks below), so this
        // never falls back; the fallback keeps a bug from becoming a panic.
        text.get(self.range()).unwrap_or("")
    }
}

/// The largest text the lexer accepts: offsets are stored as `u32`.
pub const MAX_TEXT_LEN: usize = u32::MAX as usize;

/// The extra state is whether the lexed slice starts at the start of a line (see [`percent`]).
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(extras = bool)]
// Spaces and tabs (horizontal and vertical) are gaps, not tokens.
#[logos(skip r"[ \t\x0B]+")]
enum Raw {
    #[regex(r"\r\n|\n|\r")]
    Newline,
    // A line comment is meant to run to the end of its line: linear, not a backtracking risk.
    #[regex(r";[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("{", brace_comment)]
    BraceComment(bool),
    #[token("%", percent)]
    Percent(bool),
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("\"", string)]
    String(bool),
    #[regex(r"[A-Za-z0-9_\-]+")]
    Word,
    #[regex(r"[!?][!?]?")]
    Suffix,
    #[regex(r"=[0-9]+=")]
    NoteRef,
    #[regex(r"\$[0-9]+")]
    Nag,
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[regex(r"\^[ISRL]")]
    Irregularity,
    #[regex(r"[^\x00-\x7F]+")]
    NonAscii,
    #[regex(r"[\x00-\x08\x0C\x0E-\x1F\x7F]")]
    Control,
}

// The callbacks below only ever stop on an ASCII byte or at the end of the input, so every bump
// lands on a character boundary (logos panics otherwise).

/// A brace comment runs to the next `}` (PBN 3.8: braces do not nest), whatever its lines look
/// like. Only a comment that does not close legally is cut: when a line that is a well-formed tag
/// pair `[Name "value"]` comes before the `}`, and after that line no `}` comes at all, or
/// another `{` or a second such line comes first (the text reads as games, and the `}` closes a
/// later comment). The comment then ends before that line, unterminated. The decision recorded in
/// `docs/spec-decisions.md` ("Unterminated brace comments").
fn brace_comment(lex: &mut logos::Lexer<Raw>) -> bool {
    let (len, closed) = brace_comment_len(lex.remainder().as_bytes());
    lex.bump(len);
    closed
}

/// The length of the brace comment whose `{` comes right before `rest`, from after the `{`, and
/// whether it closes ([`brace_comment`]).
pub(crate) fn brace_comment_len(rest: &[u8]) -> (usize, bool) {
    let mut cut = None;
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            b'}' => return (i + 1, true),
            b'{' if cut.is_some() => break,
            b'\r' | b'\n' => {
                let mut next = i + 1;
                if rest[i] == b'\r' && rest.get(next) == Some(&b'\n') {
                    next += 1;
                }
                if rest.get(next) == Some(&b'[') && is_tag_pair_line(&rest[next..]) {
                    if cut.is_some() {
                        break;
                    }
                    cut = Some(i);
                }
                i = next;
            }
            _ => i += 1,
        }
    }
    (cut.unwrap_or(rest.len()), false)
}

/// True when `line` (from its `[` to the end of the text) starts with a well-formed tag pair,
/// `[Name "value"]` (PBN 3.3), with nothing after it on its line but spaces, tabs or a comment.
fn is_tag_pair_line(line: &[u8]) -> bool {
    let end = line
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .unwrap_or(line.len());
    let line = &line[..end];
    let skip = |from: usize| {
        from + line[from..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    };
    let name_start = skip(1);
    let name_len = line[name_start..]
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
        .count();
    if name_len == 0 {
        return false;
    }
    let quote = skip(name_start + name_len);
    if line.get(quote) != Some(&b'"') {
        return false;
    }
    let mut i = quote + 1;
    loop {
        match line.get(i) {
            None => return false,
            Some(b'\\') if matches!(line.get(i + 1), Some(b'"' | b'\\')) => i += 2,
            Some(b'"') => break,
            Some(_) => i += 1,
        }
    }
    let close = skip(i + 1);
    if line.get(close) != Some(&b']') {
        return false;
    }
    let after = skip(close + 1);
    matches!(line.get(after), None | Some(b';' | b'{'))
}

/// `%` starts an escape line only in column 1 (PBN 2.4); elsewhere it is a plain character.
fn percent(lex: &mut logos::Lexer<Raw>) -> bool {
    let start = lex.span().start;
    let at_line_start = match start.checked_sub(1) {
        None => lex.extras,
        Some(previous) => matches!(lex.source().as_bytes()[previous], b'\n' | b'\r'),
    };
    if at_line_start {
        let rest = lex.remainder().as_bytes();
        let len = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        lex.bump(len);
    }
    at_line_start
}

/// A string runs to the next unescaped `"` on the same line (PBN 3.2: a string is a token, and no
/// token crosses a line). `\"` and `\\` are escapes; any other backslash is an ordinary character.
fn string(lex: &mut logos::Lexer<Raw>) -> bool {
    let (len, closed) = string_len(lex.remainder().as_bytes());
    lex.bump(len);
    closed
}

/// The length of the string whose `"` comes right before `rest`, from after the `"` (its closing
/// quote included), and whether it closes ([`string`]).
pub(crate) fn string_len(rest: &[u8]) -> (usize, bool) {
    let mut i = 0;
    // From one byte that matters to the next: most strings have no backslash.
    while let Some(found) = rest[i..]
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))
    {
        let at = i + found;
        match rest[at] {
            b'"' => return (at + 1, true),
            b'\n' | b'\r' => return (at, false),
            _ if matches!(rest.get(at + 1), Some(b'"' | b'\\')) => i = at + 2,
            _ => i = at + 1,
        }
    }
    (rest.len(), false)
}

/// Splits `text` into tokens that cover it exactly. Text longer than [`MAX_TEXT_LEN`] is not lexed
/// (callers refuse such files first); the result is then empty.
pub fn lex(text: &str) -> Vec<Token> {
    lex_kinds(text).0
}

/// Which kinds of token a text holds, one bit a kind: the passes that look for rare kinds
/// (malformed strings and comments, stray characters) skip a text that has none, instead of
/// reading every token again (issue 28).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kinds(u32);

impl Kinds {
    fn add(&mut self, kind: SyntaxKind) {
        self.0 |= 1 << kind as u32;
    }

    /// True when a token of `kind` was seen.
    pub fn has(self, kind: SyntaxKind) -> bool {
        self.0 & (1 << kind as u32) != 0
    }

    /// True when a token of any of `kinds` was seen.
    pub fn any(self, kinds: &[SyntaxKind]) -> bool {
        kinds.iter().any(|&kind| self.has(kind))
    }
}

/// True when `text` is a gap between two tokens: spaces and tabs only (or nothing).
pub fn is_gap(text: &str) -> bool {
    text.bytes().all(|b| matches!(b, b' ' | b'\t' | 0x0B))
}

/// [`lex`], with the kinds of the tokens.
pub fn lex_kinds(text: &str) -> (Vec<Token>, Kinds) {
    let mut kinds = Kinds::default();
    // A guess that never reserves more than a few megabytes: a text of long strings has few.
    // A token every three bytes: files of full games have 0.31 (0.44 when gaps were tokens), so
    // the vector rarely grows (each growth copied the tokens, 3 instructions a byte of export).
    let mut tokens = Vec::with_capacity((text.len() / 3 + 16).min(1 << 18));
    if text.len() > MAX_TEXT_LEN {
        return (tokens, kinds);
    }
    match find_embedding(text, 0) {
        None => lex_region(text, 0, text.len(), &mut tokens, &mut kinds),
        Some(_) => lex_embedded(text, &mut tokens, &mut kinds),
    }
    (tokens, kinds)
}

/// Lexes `text[from..to]` alone, with offsets in `text`: the tokens a chunk of whole games is made
/// of (see [`crate::parser::chunks`]). `from` must be the start of a line, and the text must hold no
/// embedded PBN ([`is_embedded`]); `to` is where the region ends, whatever follows it. Stops after
/// `max` tokens: the tokens, true when they reach `to`, and their kinds.
pub fn lex_region_at_most_of(
    text: &str,
    from: usize,
    to: usize,
    max: usize,
) -> (Vec<Token>, bool, Kinds) {
    let capacity = (to.saturating_sub(from) / 3 + 16)
        .min(max.saturating_add(1))
        .min(1 << 18);
    let mut tokens = Vec::with_capacity(capacity);
    let mut complete = true;
    let mut kinds = Kinds::default();
    if text.len() <= MAX_TEXT_LEN && from <= to && to <= text.len() {
        (complete, kinds) = lex_region_at_most(text, from, to, &mut tokens, max);
    }
    (tokens, complete, kinds)
}

/// The lines of `text` that start with `%` (PBN 2.4), each after its `%`, found by a memchr scan.
/// Cheap, and a superset of the escape tokens: a `%` line inside a brace comment is no escape line
/// but is found here too, so callers use it to skip work, not to decide.
pub fn percent_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            let start = at + memchr::memchr(b'%', text.as_bytes().get(at..)?)?;
            at = start + 1;
            let bytes = text.as_bytes();
            if start > 0 && !matches!(bytes[start - 1], b'\n' | b'\r') {
                continue;
            }
            let rest = &text[start + 1..];
            let len = memchr::memchr2(b'\n', b'\r', rest.as_bytes()).unwrap_or(rest.len());
            return Some(&rest[..len]);
        }
    })
}

/// True when `text` holds `<PBN>`: PBN embedded in another document (PBN 6.2).
pub fn is_embedded(text: &str) -> bool {
    find_embedding(text, 0).is_some()
}

/// Where the first `<PBN>` of a document that embeds PBN text (PBN 6.2) is.
pub fn embedding_at(text: &str) -> Option<std::ops::Range<usize>> {
    find_embedding(text, 0).map(|at| at..at + EMBED_OPEN.len())
}

fn push(tokens: &mut Vec<Token>, kinds: &mut Kinds, kind: SyntaxKind, start: usize, end: usize) {
    if end > start {
        kinds.add(kind);
        // In range: `lex` refuses texts longer than u32::MAX.
        tokens.push(Token {
            kind,
            start: start as u32,
            end: end as u32,
        });
    }
}

fn lex_region(text: &str, from: usize, to: usize, tokens: &mut Vec<Token>, kinds: &mut Kinds) {
    let (_, seen) = lex_region_at_most(text, from, to, tokens, usize::MAX);
    kinds.0 |= seen.0;
}

/// [`lex_region`], stopping once `tokens` holds `max` tokens: true when the region was lexed to
/// its end, and the kinds of the tokens (kept in a local, which stays in a register through the
/// loop).
fn lex_region_at_most(
    text: &str,
    from: usize,
    to: usize,
    tokens: &mut Vec<Token>,
    max: usize,
) -> (bool, Kinds) {
    let mut seen = Kinds::default();
    let mut start = from;
    let mut at_line_start = from == 0 || matches!(text.as_bytes()[from - 1], b'\n' | b'\r');
    // logos reports a failed partial match (`=12` that is no note reference) as one error span;
    // PBN wants the stray character alone, so the lexer restarts right after it.
    while start < to {
        let mut lexer = Raw::lexer_with_extras(&text[start..to], at_line_start);
        let mut restart = None;
        while let Some(result) = lexer.next() {
            let span = lexer.span();
            let kind = match result {
                Ok(raw) => kind_of(raw),
                Err(()) => {
                    // Whatever no pattern matches starts with printable ASCII punctuation: every
                    // other byte class has a pattern. Keep one character and lex on after it.
                    let first = text[start + span.start..]
                        .chars()
                        .next()
                        .map_or(1, char::len_utf8);
                    push(
                        tokens,
                        &mut seen,
                        SyntaxKind::Punct,
                        start + span.start,
                        start + span.start + first,
                    );
                    restart = Some(start + span.start + first);
                    break;
                }
            };
            push(
                tokens,
                &mut seen,
                kind,
                start + span.start,
                start + span.end,
            );
            if tokens.len() >= max {
                return (start + span.end >= to, seen);
            }
        }
        match restart {
            Some(next) => {
                at_line_start = false;
                start = next;
            }
            None => break,
        }
        if tokens.len() >= max {
            return (start >= to, seen);
        }
    }
    (true, seen)
}

fn kind_of(raw: Raw) -> SyntaxKind {
    match raw {
        Raw::Newline => SyntaxKind::Newline,
        Raw::LineComment => SyntaxKind::LineComment,
        Raw::BraceComment(true) => SyntaxKind::BraceComment,
        Raw::BraceComment(false) => SyntaxKind::UnterminatedBraceComment,
        Raw::Percent(true) => SyntaxKind::Escape,
        Raw::Percent(false) => SyntaxKind::Punct,
        Raw::LBracket => SyntaxKind::LBracket,
        Raw::RBracket => SyntaxKind::RBracket,
        Raw::String(true) => SyntaxKind::String,
        Raw::String(false) => SyntaxKind::UnterminatedString,
        Raw::Word => SyntaxKind::Word,
        Raw::Suffix => SyntaxKind::Suffix,
        Raw::NoteRef => SyntaxKind::NoteRef,
        Raw::Nag => SyntaxKind::Nag,
        Raw::Star => SyntaxKind::Star,
        Raw::Plus => SyntaxKind::Plus,
        Raw::Irregularity => SyntaxKind::Irregularity,
        Raw::NonAscii => SyntaxKind::NonAscii,
        Raw::Control => SyntaxKind::Control,
    }
}

const EMBED_OPEN: &str = "<PBN>";
const EMBED_CLOSE: &str = "</PBN>";

/// Finds `needle` in `text` from `from` on, ignoring ASCII case (HTML tags are case-insensitive).
fn find_ascii_ci(text: &str, needle: &str, from: usize) -> Option<usize> {
    let hay = text.get(from..)?;
    let needle = needle.as_bytes();
    let mut at = 0;
    let hay = hay.as_bytes();
    // Every needle starts with `<`: jump from one `<` to the next (memchr's SIMD scan, a tenth
    // of `str::find`'s cost on a file with no `<`).
    while let Some(lt) = memchr::memchr(b'<', hay.get(at..)?) {
        let start = at + lt;
        if hay
            .get(start..start + needle.len())
            .is_some_and(|window| window.eq_ignore_ascii_case(needle))
        {
            return Some(from + start);
        }
        at = start + 1;
    }
    None
}

fn find_embedding(text: &str, from: usize) -> Option<usize> {
    find_ascii_ci(text, EMBED_OPEN, from)
}

/// PBN 6.2: in another document, PBN text stands between `<PBN>` and `</PBN>`; the rest is kept as
/// `Foreign` tokens. A `<PBN>` without `</PBN>` runs to the end of the document.
fn lex_embedded(text: &str, tokens: &mut Vec<Token>, kinds: &mut Kinds) {
    let mut at = 0;
    while let Some(open) = find_embedding(text, at) {
        push(tokens, kinds, SyntaxKind::Foreign, at, open);
        let body = open + EMBED_OPEN.len();
        push(tokens, kinds, SyntaxKind::EmbedDelimiter, open, body);
        match find_ascii_ci(text, EMBED_CLOSE, body) {
            Some(close) => {
                lex_region(text, body, close, tokens, kinds);
                push(
                    tokens,
                    kinds,
                    SyntaxKind::EmbedDelimiter,
                    close,
                    close + EMBED_CLOSE.len(),
                );
                at = close + EMBED_CLOSE.len();
            }
            None => {
                lex_region(text, body, text.len(), tokens, kinds);
                at = text.len();
            }
        }
    }
    push(tokens, kinds, SyntaxKind::Foreign, at, text.len());
}

/// Numeric value of a `=n=` or `$n` token, saturating at `u32::MAX` for absurdly long digit runs.
pub fn token_number(token_text: &str) -> u32 {
    token_text
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0u32, |n, digit| {
            n.saturating_mul(10).saturating_add(u32::from(digit - b'0'))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxKind::*;

    /// The tokens of `text`; [`Kinds`] must name exactly their kinds.
    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        let (tokens, seen) = lex_kinds(text);
        let mut expected = Kinds::default();
        tokens.iter().for_each(|t| expected.add(t.kind));
        assert_eq!(seen, expected, "{text:?}");
        // Tokens and their gaps give the text back.
        let mut at = 0;
        for token in &tokens {
            assert!(is_gap(&text[at..token.start as usize]), "{text:?}");
            at = token.end as usize;
        }
        assert!(is_gap(&text[at..]), "{text:?}");
        tokens.into_iter().map(|t| (t.kind, t.text(text))).collect()
    }

    /// [`string_len`] reads a string as a byte-by-byte scan does: `\"` and `\\` are escapes, any
    /// other backslash is a character, a line end or the end of the text leaves it unterminated.
    #[test]
    fn string_len_is_the_byte_scan() {
        fn scan(rest: &[u8]) -> (usize, bool) {
            let mut i = 0;
            while i < rest.len() {
                match rest[i] {
                    b'\\' if matches!(rest.get(i + 1), Some(b'"' | b'\\')) => i += 2,
                    b'"' => return (i + 1, true),
                    b'\n' | b'\r' => return (i, false),
                    _ => i += 1,
                }
            }
            (rest.len(), false)
        }
        let alphabet = [b'a', b'"', b'\\', b'\n', b'\r', b' '];
        // Every text of up to five bytes of the alphabet, a length at a time.
        let mut level: Vec<Vec<u8>> = vec![Vec::new()];
        let mut count = 0;
        for _ in 0..=5 {
            for text in &level {
                assert_eq!(string_len(text), scan(text), "{text:?}");
                count += 1;
            }
            level = level
                .iter()
                .flat_map(|t| alphabet.iter().map(|&b| [t.as_slice(), &[b]].concat()))
                .collect();
        }
        assert_eq!(count, 1 + 6 + 36 + 216 + 1296 + 7776);
    }

    #[test]
    fn tag_pair_and_calls() {
        assert_eq!(
            kinds("[Auction \"N\"]\n1S!=1= $25"),
            vec![
                (LBracket, "["),
                (Word, "Auction"),
                (String, "\"N\""),
                (RBracket, "]"),
                (Newline, "\n"),
                (Word, "1S"),
                (Suffix, "!"),
                (NoteRef, "=1="),
                (Nag, "$25"),
            ]
        );
    }

    #[test]
    fn suffix_stops_after_two_characters() {
        assert_eq!(kinds("!!?"), vec![(Suffix, "!!"), (Suffix, "?")]);
    }

    #[test]
    fn escape_only_in_column_one() {
        assert_eq!(
            kinds("% PBN 2.1\r\na%b"),
            vec![
                (Escape, "% PBN 2.1"),
                (Newline, "\r\n"),
                (Word, "a"),
                (Punct, "%"),
                (Word, "b"),
            ]
        );
    }

    #[test]
    fn percent_in_brace_comment_is_comment_text() {
        assert_eq!(kinds("{a\n% b}"), vec![(BraceComment, "{a\n% b}")]);
    }

    #[test]
    fn strings_with_escapes_and_unterminated() {
        assert_eq!(
            kinds(r#""a\"b\\" "open"#),
            vec![(String, r#""a\"b\\""#), (UnterminatedString, "\"open"),]
        );
        assert_eq!(
            kinds("\"é\\\nx"),
            vec![(UnterminatedString, "\"é\\"), (Newline, "\n"), (Word, "x")]
        );
    }

    #[test]
    fn unterminated_brace_comment_stops_before_a_tag_line() {
        assert_eq!(
            kinds("{open\r\n[Deal \"N:\"]"),
            vec![
                (UnterminatedBraceComment, "{open"),
                (Newline, "\r\n"),
                (LBracket, "["),
                (Word, "Deal"),
                (String, "\"N:\""),
                (RBracket, "]"),
            ]
        );
        // A tag pair line, then a second one or another `{` before the `}`: the `}` closes a
        // later comment, and this one never closed.
        for rest in ["[East \"E\"]\n{c}", "{c}", "[X \"\"] ; more\n}"] {
            let text = format!("{{open\n[West \"W\"]\n{rest}");
            assert_eq!(
                kinds(&text)[0],
                (UnterminatedBraceComment, "{open"),
                "{text}"
            );
        }
    }

    /// PBN 3.8: a comment runs to the next `}` whatever its lines look like: bidding-practice
    /// lines such as `[show S]`, `[BID 3NT]`, or one quoted tag pair, stay inside it.
    #[test]
    fn brace_comment_holds_bracket_lines() {
        for text in [
            "{Practice:\n[show S]\n[NEXT]\n[BID 3NT]\n[RESET]\nend}",
            "{a quoted tag:\n[Event \"x\"]\nand more}",
            "{\n[Event \"x\"\n[Site \"y\"]}",
        ] {
            assert_eq!(kinds(text), vec![(BraceComment, text)], "{text}");
        }
    }

    #[test]
    fn tag_pair_lines() {
        for line in [
            "[A \"b\"]",
            "[ A  \"b\\\"c\" ] ;x",
            "[A_1 \"\"]{x}",
            "[A \"b\"]\r\n",
        ] {
            assert!(super::is_tag_pair_line(line.as_bytes()), "{line}");
        }
        for line in [
            "[show S]",
            "[NEXT]",
            "[A \"b\"] x",
            "[A \"b]",
            "[\"b\"]",
            "[A \"b\"",
        ] {
            assert!(!super::is_tag_pair_line(line.as_bytes()), "{line}");
        }
    }

    #[test]
    fn irregularities_and_markers() {
        assert_eq!(
            kinds("^I1C ^S * + ^x"),
            vec![
                (Irregularity, "^I"),
                (Word, "1C"),
                (Irregularity, "^S"),
                (Star, "*"),
                (Plus, "+"),
                (Punct, "^"),
                (Word, "x"),
            ]
        );
    }

    #[test]
    fn stray_bytes_are_tokens() {
        assert_eq!(
            kinds("=12 $ é\u{0}"),
            vec![
                (Punct, "="),
                (Word, "12"),
                (Punct, "$"),
                (NonAscii, "é"),
                (Control, "\u{0}"),
            ]
        );
    }

    #[test]
    fn embedded_pbn() {
        assert_eq!(
            kinds("<p>x</p><PBN>[A \"b\"]</PBN>tail"),
            vec![
                (Foreign, "<p>x</p>"),
                (EmbedDelimiter, "<PBN>"),
                (LBracket, "["),
                (Word, "A"),
                (String, "\"b\""),
                (RBracket, "]"),
                (EmbedDelimiter, "</PBN>"),
                (Foreign, "tail"),
            ]
        );
    }

    #[test]
    fn numbers_saturate() {
        assert_eq!(token_number("=12="), 12);
        assert_eq!(token_number("$99999999999999999999"), u32::MAX);
    }
}
