//! The lossless syntax tree: games, tag pairs and their section data, as indices into the token
//! vector.
//!
//! The tree never copies text. Every node names the tokens it is made of; line ends and comments
//! between them stay in the token vector, and spaces and tabs are the gaps between tokens, so the
//! tree plus the tokens give back the input byte for byte. The tree does not interpret values (no
//! deal, no contract): that is the model's job.

use std::ops::Range;

use crate::lexer::{SyntaxKind, Token};

/// Index of a token in [`Parse::tokens`].
pub type TokenId = u32;

/// The result of parsing a text: never fails, errors travel beside the tree.
#[derive(Debug, Default)]
pub struct Parse {
    pub tokens: Vec<Token>,
    pub games: Vec<Game>,
    pub errors: Vec<SyntaxError>,
    /// The annotation tokens of every move, each move's in a row ([`Parse::annotations`]).
    pub annotation_tokens: Vec<TokenId>,
    /// Where the chunk ends inside a game too long to hold whole
    /// ([`crate::parser::MAX_CHUNK_TOKENS`]): the next chunk reads on from there.
    pub cut: Option<u32>,
}

/// A syntax error: what is wrong, where, and a related span (the tag it concerns) for the
/// message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub problem: Problem,
    pub span: Range<u32>,
    pub context: Option<Range<u32>>,
}

/// What is wrong at a syntax error, as data: the syntax layer names no rule and words nothing.
/// `rules::syntax` gives each problem its rule and its words, in a match with no fallback, so
/// that a new problem does not compile until it is worded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Problem {
    /// A string with no closing quote on its line (PBN 3.2).
    UnterminatedString,
    /// A `{` comment that does not close (PBN 3.8).
    UnterminatedComment,
    /// A tag pair without its name (PBN 3.3).
    MissingTagName,
    /// A tag pair without its quoted value (PBN 3.3).
    MissingTagValue,
    /// A tag pair without its `]`.
    UnclosedTagPair,
    /// Tokens between a tag value and its `]`.
    UnexpectedTokenInTagPair,
    /// A comment inside the brackets of a tag pair (PBN 3.8).
    CommentInsideTagPair,
    /// Text outside any tag pair and section.
    TextOutsideTagPair,
    /// A word in the auction that is no call (PBN 3.5.1).
    UnknownCall,
    /// A word in the play that is no card (PBN 3.6.1).
    UnknownCard,
    /// A suffix, NAG or note reference with nothing before it to annotate.
    UnattachedAnnotation,
    /// A token that has no place in a section's data.
    UnexpectedTokenInSection,
    /// A character PBN 3.2 forbids in a call or card token.
    ForbiddenCharacterInSectionToken,
    /// A character beyond ASCII outside strings and comments (PBN 2.2).
    NonAsciiOutsideString,
    /// A control character (PBN 2.2), adjacent ones together.
    ControlCharacter,
    /// A `}` that closes no comment.
    UnmatchedClosingBrace,
    /// A tag name with a character no name has (PBN 3.2).
    InvalidTagName,
}

/// A game: the text between two semi-empty lines (PBN 3), or between `<PBN>` delimiters.
///
/// A chunk that holds no tag pair (only comments or `%` lines) is kept as a `Game` too, so that
/// nothing is lost; [`Game::is_empty`] tells it apart.
#[derive(Debug)]
pub struct Game {
    /// First and last token of the game, trivia excluded (inclusive).
    pub first: TokenId,
    pub last: TokenId,
    /// Comments, `%` lines and stray text before the first tag pair.
    pub leading: Vec<Data>,
    pub tags: Vec<TagPair>,
}

impl Game {
    /// True when the chunk has no tag pair: it is commentary or `%` lines only, not a game.
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
    }
}

/// Which grammar the data after a tag pair follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    /// Data before the first tag of a game: only comments and `%` lines belong there.
    Leading,
    /// `[Auction]`: calls and annotations (PBN 3.5).
    Auction,
    /// `[Play]`: cards and annotations (PBN 3.6).
    Play,
    /// Any other tag: section elements (PBN 5.1), usually none.
    Other,
}

/// A tag pair `[Name "value"]` and everything after it up to the next tag pair: its section data
/// and the comments that refer to it (PBN 3.8).
#[derive(Debug)]
pub struct TagPair {
    pub open: TokenId,
    pub name: Option<TokenId>,
    pub value: Option<TokenId>,
    pub close: Option<TokenId>,
    /// The last token of the tag pair itself (the `]`, or where a broken pair was given up).
    pub end: TokenId,
    pub section: SectionKind,
    pub data: Vec<Data>,
}

/// One item of section data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Data {
    /// A `;` or `{}` comment.
    Comment(TokenId),
    /// A `%` line.
    Escape(TokenId),
    /// A call (auction) or card (play), with what annotates it.
    Move(Move),
    /// `*` or `+` in an auction or play.
    Marker(TokenId),
    /// A section element of PBN 5.1: a string, or a section token made of adjacent tokens
    /// (`first..=last`).
    Element { first: TokenId, last: TokenId },
    /// Tokens that cannot stand where they are (an error was reported): `first..=last`.
    Invalid { first: TokenId, last: TokenId },
}

/// A call or a card: the word (or `^S`), the irregularity before it, and its annotations (suffix,
/// note reference and NAG tokens, in input order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub irregularity: Option<TokenId>,
    pub token: TokenId,
    pub annotations: Annotations,
}

/// Where a move's annotation tokens are in [`Parse::annotation_tokens`] (read them with
/// [`Parse::annotations`]): one array for the chunk, not a vector a move, so that section data
/// is small and needs no dropping (issue 28).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    start: u32,
    len: u32,
}

impl Annotations {
    /// None yet, starting at `start` of the chunk's annotation tokens.
    pub fn at(start: usize) -> Annotations {
        Annotations {
            start: u32::try_from(start).unwrap_or(u32::MAX),
            len: 0,
        }
    }

    /// One more, the token pushed right after the others.
    pub fn grow(&mut self) {
        self.len += 1;
    }

    /// Where the next one goes: right after these.
    pub fn end(&self) -> usize {
        self.start as usize + self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }
}

impl Parse {
    /// The annotation tokens of `mv` (suffixes, note references, NAGs), in input order.
    pub fn annotations(&self, mv: &Move) -> &[TokenId] {
        let at = mv.annotations.start as usize;
        self.annotation_tokens
            .get(at..at + mv.annotations.len())
            .unwrap_or(&[])
    }

    pub fn token(&self, id: TokenId) -> Token {
        self.tokens[id as usize]
    }

    pub fn kind(&self, id: TokenId) -> SyntaxKind {
        self.token(id).kind
    }

    pub fn text<'a>(&self, text: &'a str, id: TokenId) -> &'a str {
        self.token(id).text(text)
    }

    /// The byte range from the start of token `first` to the end of token `last`.
    pub fn span(&self, first: TokenId, last: TokenId) -> Range<usize> {
        self.token(first).start as usize..self.token(last).end as usize
    }

    /// Games that hold at least one tag pair.
    pub fn real_games(&self) -> impl Iterator<Item = &Game> {
        self.games.iter().filter(|game| !game.is_empty())
    }
}

impl TagPair {
    /// The last token of the tag pair with its section data (its last call, card, comment or
    /// element, the annotations of a move included): where what the pair says ends.
    pub fn last_token(&self, parse: &Parse) -> TokenId {
        let Some(data) = self.data.last() else {
            return self.end;
        };
        match data {
            Data::Comment(token) | Data::Escape(token) | Data::Marker(token) => *token,
            Data::Move(mv) => parse.annotations(mv).last().copied().unwrap_or(mv.token),
            Data::Element { last, .. } | Data::Invalid { last, .. } => *last,
        }
        .max(self.end)
    }

    /// The tag name, if the pair has one.
    pub fn name<'a>(&self, parse: &Parse, text: &'a str) -> Option<&'a str> {
        self.name.map(|id| parse.text(text, id))
    }

    /// The tag value without its quotes and with `\"` and `\\` resolved.
    pub fn value(&self, parse: &Parse, text: &str) -> Option<String> {
        self.value.map(|id| string_value(parse.text(text, id)))
    }
}

/// The content of a string token: quotes removed, `\"` and `\\` resolved (PBN 3.2). Works on
/// unterminated strings too.
pub fn string_value(token_text: &str) -> String {
    let inner = token_text.strip_prefix('"').unwrap_or(token_text);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    if !inner.contains('\\') {
        return inner.to_owned();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"' | '\\')) {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

/// The string token for `value`: quoted, with every `"` and every `\` escaped, as PBN 3.2
/// requires ("a backslash inside a string is represented by two adjacent backslashes"). The
/// inverse of [`string_value`]. A value whose writer gave a lone backslash (`"Rank\2R"` in the
/// column widths of PBN 5.2, `"4\S"` for spades) reads the same, but a value pbnfmt writes is
/// spelled as the standard spells it (`docs/spec-decisions.md`, "Strings").
pub fn quote_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The offsets in `token_text` (a string token, quotes included) of every backslash that is
/// not part of an escape (`\\` or `\"`, PBN 3.2): what a writer that dropped an escape leaves.
/// Reading pairs from the left, as [`string_value`] does.
pub fn lone_backslashes(token_text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = token_text.as_bytes();
    // The closing quote is not string content.
    let end = if bytes.len() >= 2 && bytes.last() == Some(&b'"') {
        bytes.len() - 1
    } else {
        bytes.len()
    };
    let mut i = usize::from(bytes.first() == Some(&b'"'));
    std::iter::from_fn(move || {
        while i < end {
            let at = i;
            i += 1;
            if bytes[at] == b'\\' {
                if i < end && matches!(bytes[i], b'\\' | b'"') {
                    i += 1;
                } else {
                    return Some(at);
                }
            }
        }
        None
    })
}

/// The text of a comment token without its delimiters: `{text}` (an unterminated one has no
/// closing brace) or `;text` (PBN 3.8).
pub fn comment_body(token: &str) -> &str {
    match token.strip_prefix('{') {
        Some(inner) => inner.strip_suffix('}').unwrap_or(inner),
        None => token.strip_prefix(';').unwrap_or(token),
    }
}

#[cfg(test)]
mod tests {
    use super::{lone_backslashes, quote_string, string_value};

    #[test]
    fn string_escapes() {
        assert_eq!(string_value(r#""a\"b\\c\d""#), r#"a"b\c\d"#);
        assert_eq!(string_value("\"open"), "open");
        assert_eq!(string_value("\"\""), "");
        for value in [
            "",
            "a\"b\\c\\d",
            "\\",
            "\"",
            "\\\\",
            "a\\\\b",
            "\\\"",
            "R\\2R",
        ] {
            assert_eq!(string_value(&quote_string(value)), value, "{value}");
        }
        // PBN 3.2: every backslash is written doubled, whatever follows it.
        assert_eq!(quote_string(r"C:\Clubs\Leiden"), r#""C:\\Clubs\\Leiden""#);
        assert_eq!(quote_string(r"Rank\2R;Score\5"), r#""Rank\\2R;Score\\5""#);
        assert_eq!(quote_string(r#"a\"#), r#""a\\""#);
    }

    #[test]
    fn lone_backslashes_are_those_outside_an_escape() {
        let lone = |token: &str| lone_backslashes(token).collect::<Vec<_>>();
        assert_eq!(lone(r#""C:\\Clubs""#), Vec::<usize>::new());
        assert_eq!(lone(r#""C:\Clubs""#), vec![3]);
        assert_eq!(lone(r#""a\"b\\""#), Vec::<usize>::new());
        assert_eq!(lone(r#""\\\x""#), vec![3]);
        // An unterminated string: its last backslash has nothing after it.
        assert_eq!(lone(r#""open\"#), vec![5]);
        for value in ["", "a\"b\\c\\d", "\\", "\"", "R\\2R", "\\\\x"] {
            assert_eq!(lone(&quote_string(value)), Vec::<usize>::new(), "{value}");
        }
    }
}
