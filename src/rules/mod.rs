//! The rule table: every finding pbnfmt can report, with its stable code, kebab-case name, default
//! severity, the PBN section it enforces, a one-line summary and its documentation.
//!
//! This table is the single source: `pbnfmt rule`, the README rule list and the snapshot tests all
//! read it. Codes never change meaning once released; a retired rule keeps its code reserved.
//!
//! Code families: `F` file level (encoding, what kind of file), `S` syntax (tokens and the
//! structure of PBN 3.2-3.3, 3.5-3.6, 5.1). The wording users read for each finding is in
//! [`messages`]; the lexer and parser only say *which* rule and *where*.

pub mod messages;

use crate::diagnostic::Severity;

/// What the table holds for one rule.
#[derive(Debug)]
pub struct RuleInfo {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    /// The section of PBN 2.1 the rule enforces, e.g. "PBN 3.2".
    pub section: &'static str,
    pub summary: &'static str,
    /// Markdown with the headings *What it checks*, *Why*, *Example*, *Fix*.
    pub doc: &'static str,
}

macro_rules! rules {
    ($(
        $variant:ident {
            code: $code:literal,
            name: $name:literal,
            severity: $severity:ident,
            section: $section:literal,
            summary: $summary:literal,
            doc: $doc:expr $(,)?
        }
    )*) => {
        /// A rule of the table. See [`Rule::info`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule { $($variant,)* }

        impl Rule {
            /// Every rule, in code order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            pub fn info(self) -> &'static RuleInfo {
                match self {
                    $(Rule::$variant => &RuleInfo {
                        code: $code,
                        name: $name,
                        severity: Severity::$severity,
                        section: $section,
                        summary: $summary,
                        doc: $doc,
                    },)*
                }
            }
        }
    };
}

impl Rule {
    pub fn code(self) -> &'static str {
        self.info().code
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Finds a rule by its code (`S001`) or its name (`unterminated-string`), ignoring case.
    pub fn find(code_or_name: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| {
            rule.code().eq_ignore_ascii_case(code_or_name)
                || rule.name().eq_ignore_ascii_case(code_or_name)
        })
    }
}

rules! {
    MalformedEncoding {
        code: "F001",
        name: "malformed-encoding",
        severity: Error,
        section: "PBN 2.2",
        summary: "Bytes that are not valid in the file's encoding",
        doc: "## What it checks\n\
A file whose byte-order mark (or `--encoding`) announces UTF-8 or UTF-16 but whose bytes are not \
valid in that encoding.\n\n\
## Why\n\
PBN 2.2 defines PBN text over ISO 8859-1; pbnfmt also reads UTF-8 and UTF-16. Bytes that are \
valid in neither cannot be read faithfully: pbnfmt replaces them with U+FFFD to go on checking, \
and will not rewrite the file.\n\n\
## Example\n\
A file starting with the UTF-8 BOM `EF BB BF` that contains the Latin-1 byte `FC` (ü).\n\n\
## Fix\n\
Re-save the file in one encoding, or name the right one with `--encoding latin-1`.\n",
    }
    ChessPgn {
        code: "F002",
        name: "chess-pgn-file",
        severity: Error,
        section: "PBN 1.3",
        summary: "The file is a chess game in PGN, not a bridge game",
        doc: "## What it checks\n\
A file with PGN tags such as `White` and `Black`, chess movetext such as `1. e4 e5`, and no \
bridge tag (`Deal`, `Auction`, `Play`).\n\n\
## Why\n\
PBN is derived from PGN (PBN 1.3), so a PGN file looks like PBN at first sight; every line of \
it would otherwise draw a syntax error. One clear finding says what the file is.\n\n\
## Example\n\
```\n[White \"Kasparov\"]\n[Black \"Karpov\"]\n\n1. e4 c5 2. Nf3 d6\n```\n\n\
## Fix\n\
Open the file with a chess program, or exclude it from the PBN check.\n",
    }
    PbiFile {
        code: "F003",
        name: "pbi-file",
        severity: Error,
        section: "PBN 6.1",
        summary: "The file is a PBI chess-problem file, not PBN",
        doc: "## What it checks\n\
A file that starts with the `#PBI` marker of the PBI chess-problem format.\n\n\
## Why\n\
PBI is a line-based chess format, not a PBN dialect; PBN files have the extension `.pbn` \
(PBN 6.1). Reading it as PBN would only produce noise.\n\n\
## Example\n\
```\n#PBI 1.2\n```\n\n\
## Fix\n\
Exclude the file from the PBN check, or rename it so it does not end in `.pbn`.\n",
    }
    UnclosedEmbedding {
        code: "F004",
        name: "unclosed-embedding",
        severity: Error,
        section: "PBN 6.2",
        summary: "`<PBN>` in a document without a matching `</PBN>`",
        doc: "## What it checks\n\
A document that embeds PBN text after `<PBN>` but never closes it with `</PBN>`.\n\n\
## Why\n\
PBN 6.2 delimits PBN text inside another document (an HTML page, a word-processor file) by \
`<PBN>` and `</PBN>`. Without the closing delimiter, the rest of the document is read as PBN.\n\n\
## Example\n\
```\n<html><PBN>[Event \"Club\"] ... </html>\n```\n\n\
## Fix\n\
Add `</PBN>` where the PBN text ends.\n",
    }
    UnterminatedString {
        code: "S001",
        name: "unterminated-string",
        severity: Error,
        section: "PBN 3.2",
        summary: "A string has no closing quote on its line",
        doc: "## What it checks\n\
A string token (`\"...\"`) whose closing quote is missing before the end of the line.\n\n\
## Why\n\
PBN 3.2: a string is delimited by a pair of quotes and, being a token, never crosses a line. \
A quote inside a string is written `\\\"`, a backslash `\\\\`.\n\n\
## Example\n\
```\n[Event \"Club Pairs]\n```\n\n\
## Fix\n\
Add the closing quote: `[Event \"Club Pairs\"]`.\n",
    }
    UnterminatedComment {
        code: "S002",
        name: "unterminated-comment",
        severity: Error,
        section: "PBN 3.8",
        summary: "A `{` comment is not closed",
        doc: "## What it checks\n\
A brace comment with no `}` before the end of the file, or before a line that starts with `[` \
(pbnfmt's recovery point: see `docs/spec-decisions.md`).\n\n\
## Why\n\
PBN 3.8: a brace comment runs to the next `}`. A forgotten `}` silently turns the tags that \
follow into comment text; pbnfmt ends the comment at the next tag line instead and says so.\n\n\
## Example\n\
```\n{Par: 4S by North\n[Declarer \"N\"]\n```\n\n\
## Fix\n\
Close the comment: `{Par: 4S by North}`.\n",
    }
    MissingTagName {
        code: "S003",
        name: "missing-tag-name",
        severity: Error,
        section: "PBN 3.3",
        summary: "A tag pair has no tag name",
        doc: "## What it checks\n\
A `[` that is not followed by a tag name.\n\n\
## Why\n\
PBN 3.3: a tag pair is four tokens: `[`, a name, a string, `]`.\n\n\
## Example\n\
```\n[\"N\"]\n```\n\n\
## Fix\n\
Give the name: `[Dealer \"N\"]`.\n",
    }
    MissingTagValue {
        code: "S004",
        name: "missing-tag-value",
        severity: Error,
        section: "PBN 3.3",
        summary: "A tag pair has no quoted value",
        doc: "## What it checks\n\
A tag name that is not followed by a string token: the value is missing or not in quotes.\n\n\
## Why\n\
PBN 3.3: the tag value is a string token. Even an unknown or empty value is written, as `\"?\"` \
or `\"\"` (PBN 3.4).\n\n\
## Example\n\
```\n[Dealer N]\n```\n\n\
## Fix\n\
Quote the value: `[Dealer \"N\"]`.\n",
    }
    UnclosedTagPair {
        code: "S005",
        name: "unclosed-tag-pair",
        severity: Error,
        section: "PBN 3.3",
        summary: "A tag pair has no closing `]`",
        doc: "## What it checks\n\
A tag pair whose `]` is missing before the next tag pair or the end of the game.\n\n\
## Why\n\
PBN 3.3: a tag pair ends with the `]` token.\n\n\
## Example\n\
```\n[Event \"Club Pairs\"\n[Site \"Delft\"]\n```\n\n\
## Fix\n\
Add the `]`: `[Event \"Club Pairs\"]`.\n",
    }
    UnexpectedInTagPair {
        code: "S006",
        name: "unexpected-token-in-tag-pair",
        severity: Error,
        section: "PBN 3.3",
        summary: "Something other than `]` follows a tag value",
        doc: "## What it checks\n\
Tokens between a tag value and its `]`. The usual cause is a quote inside a value that is not \
written as `\\\"`, which ends the string early.\n\n\
## Why\n\
PBN 3.3: a tag pair is exactly `[`, name, string, `]`.\n\n\
## Example\n\
```\n[Event \"The \"Spring\" Pairs\"]\n```\n\n\
## Fix\n\
Escape inner quotes: `[Event \"The \\\"Spring\\\" Pairs\"]`.\n",
    }
    CommentInTagPair {
        code: "S007",
        name: "comment-inside-tag-pair",
        severity: Error,
        section: "PBN 3.8",
        summary: "A comment inside a tag pair",
        doc: "## What it checks\n\
A `;` or `{` comment between the `[` and `]` of a tag pair.\n\n\
## Why\n\
PBN 3.8: comments cannot appear inside any token, nor inside a tag pair. pbnfmt keeps the comment \
and reads it as following the tag.\n\n\
## Example\n\
```\n[Event {spring} \"Club Pairs\"]\n```\n\n\
## Fix\n\
Move the comment after the `]`: `[Event \"Club Pairs\"] {spring}`.\n",
    }
    StrayText {
        code: "S008",
        name: "text-outside-tag-pair",
        severity: Error,
        section: "PBN 3",
        summary: "Text that belongs to no tag pair and no section",
        doc: "## What it checks\n\
Text before the first tag pair of a game, or a `]` with no tag pair to close.\n\n\
## Why\n\
PBN 3: a game is tag pairs, their sections and comments. Text in front of the first tag belongs \
to nothing; a stray `]` usually means a tag pair was broken.\n\n\
## Example\n\
```\nBoard 1\n[Board \"1\"]\n```\n\n\
## Fix\n\
Make the text a comment (`{Board 1}`) or remove it.\n",
    }
    UnknownCall {
        code: "S009",
        name: "unknown-call",
        severity: Error,
        section: "PBN 3.5.1",
        summary: "A token in the auction that is not a call",
        doc: "## What it checks\n\
A word in the auction section that is none of `Pass`, `X`, `XX`, `AP`, `-`, or a bid of a level \
1-7 and a denomination `C`, `D`, `H`, `S`, `NT` (lowercase is accepted, PBN 3.11).\n\n\
## Why\n\
PBN 3.5.1 lists every call token. Spellings such as `P`, `2N` or `DBL` are other programs' \
notations, and no PBN reader can be expected to understand them.\n\n\
## Example\n\
```\n[Auction \"N\"]\n1C P 2N Pass\n```\n\n\
## Fix\n\
Use the standard tokens: `1C Pass 2NT Pass`.\n",
    }
    UnknownCard {
        code: "S010",
        name: "unknown-card",
        severity: Error,
        section: "PBN 3.6.1",
        summary: "A token in the play that is not a card",
        doc: "## What it checks\n\
A word in the play section that is neither `-` nor a suit `S`, `H`, `D`, `C` followed by a rank \
`A K Q J T 9 8 7 6 5 4 3 2` (lowercase is accepted, PBN 3.11).\n\n\
## Why\n\
PBN 3.6.1 lists every card token. A ten is `T`, not `10`; an unknown card is a single `-`.\n\n\
## Example\n\
```\n[Play \"W\"]\nS10 -- H2 HA\n```\n\n\
## Fix\n\
Use the standard tokens: `ST - H2 HA`.\n",
    }
    UnattachedAnnotation {
        code: "S011",
        name: "unattached-annotation",
        severity: Error,
        section: "PBN 3.5.2",
        summary: "An annotation or irregularity with no call or card to belong to",
        doc: "## What it checks\n\
A suffix (`!`), note reference (`=1=`) or NAG (`$5`) with no call or card before it in the \
section, and an irregularity (`^I`, `^R`, `^L`) with no call or card after it.\n\n\
## Why\n\
PBN 3.5.2 and 3.6.2: annotations follow the call or card they annotate; PBN 3.9: `^I`, `^R` and \
`^L` precede the bid or card they mark.\n\n\
## Example\n\
```\n[Auction \"N\"]\n=1= 1S Pass\n```\n\n\
## Fix\n\
Put the annotation after its call: `1S =1= Pass`.\n",
    }
    UnexpectedInSection {
        code: "S012",
        name: "unexpected-token-in-section",
        severity: Error,
        section: "PBN 3.5",
        summary: "A token that cannot stand in an auction or play section",
        doc: "## What it checks\n\
A string or punctuation in the auction or play section, where only calls or cards, their \
annotations, irregularities, `*` and `+` may stand.\n\n\
## Why\n\
PBN 3.5 and 3.6 define the content of both sections; anything else is either a typing error or a \
comment written without its braces.\n\n\
## Example\n\
```\n[Auction \"N\"]\n1S, Pass\n```\n\n\
## Fix\n\
Remove the stray characters, or write them as a comment: `1S {, } Pass`.\n",
    }
    ForbiddenInSectionToken {
        code: "S013",
        name: "forbidden-character-in-section-token",
        severity: Error,
        section: "PBN 5.1",
        summary: "A section token with a character it may not contain",
        doc: "## What it checks\n\
A character in the data of a supplemental section that a section token may not hold: `%` \
(the other excluded characters, `[ ] { ; \"`, start other tokens, and a stray `}` is S017).\n\n\
## Why\n\
PBN 3.2 and PBN 5.1: a section token is ASCII 33-126 without `[ ] { } ; \" %`, so that a reader can \
skip any section without understanding it. Text with such characters goes into a string.\n\n\
## Example\n\
```\n[ScoreTable \"Rank;Score_NS\"]\n1 50%\n```\n\n\
## Fix\n\
Quote the element: `1 \"50%\"`.\n",
    }
    NonAsciiOutsideString {
        code: "S014",
        name: "non-ascii-outside-string",
        severity: Error,
        section: "PBN 2.2",
        summary: "A non-ASCII character outside strings and comments",
        doc: "## What it checks\n\
A character outside 7-bit ASCII in a name, call, card or section token.\n\n\
## Why\n\
PBN 2.2: printing characters outside seven-bit ASCII may only appear in string data and in \
commentary; they are not permitted for symbol construction.\n\n\
## Example\n\
```\n[Auction \"N\"]\n1♠ Pass\n```\n\n\
## Fix\n\
Use the ASCII token (`1S`), or quote the text.\n",
    }
    ControlCharacter {
        code: "S015",
        name: "control-character",
        severity: Error,
        section: "PBN 2.2",
        summary: "A control character outside strings and comments",
        doc: "## What it checks\n\
A control character (NUL, form feed, escape, DEL, ...) between tokens. Tabs and line ends are \
allowed.\n\n\
## Why\n\
PBN 2.2: besides horizontal and vertical tab and the line-end characters, no ASCII control \
characters are permitted. A file full of NUL bytes is usually UTF-16 without its byte-order \
mark.\n\n\
## Example\n\
A NUL byte between two tag pairs.\n\n\
## Fix\n\
Remove the character; for UTF-16 without a BOM, use `--encoding utf-16le` (or `utf-16be`).\n",
    }
    InvalidTagName {
        code: "S016",
        name: "invalid-tag-name",
        severity: Error,
        section: "PBN 3.3",
        summary: "A tag name with characters a name token cannot hold",
        doc: "## What it checks\n\
A tag name that does not start with a letter, or that contains a character other than letters, \
digits and `_`.\n\n\
## Why\n\
PBN 3.2: a name token consists of letters, digits and underscores; PBN 3.3: tag names begin with \
a letter (an upper-case one; the case is checked by the tag rules).\n\n\
## Example\n\
```\n[Score-NS \"420\"]\n```\n\n\
## Fix\n\
Use a valid name: `[Score \"NS 420\"]`.\n",
    }
    UnmatchedBrace {
        code: "S017",
        name: "unmatched-closing-brace",
        severity: Error,
        section: "PBN 3.8",
        summary: "A `}` that closes no comment",
        doc: "## What it checks\n\
A `}` outside any comment. The usual cause is a brace comment written with braces inside it: \
the first `}` ends the comment, and the rest of it is read as PBN data.\n\n\
## Why\n\
PBN 3.8: brace comments do not nest; a `{` inside a brace comment is ordinary text, and the \
comment ends at the first `}`.\n\n\
## Example\n\
```\n{Par is 4S {by North}}\n```\n\n\
## Fix\n\
Do not nest braces in a comment: `{Par is 4S (by North)}`.\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_and_well_formed() {
        let mut codes = HashSet::new();
        let mut names = HashSet::new();
        for rule in Rule::ALL {
            let info = rule.info();
            assert!(codes.insert(info.code), "duplicate code {}", info.code);
            assert!(names.insert(info.name), "duplicate name {}", info.name);
            assert!(
                info.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{} is not kebab-case",
                info.name
            );
            assert!(
                info.section.starts_with("PBN "),
                "{} cites no section",
                info.code
            );
            for heading in ["## What it checks", "## Why", "## Example", "## Fix"] {
                assert!(info.doc.contains(heading), "{} lacks {heading}", info.code);
            }
            assert!(
                info.doc.contains(info.section),
                "{} doc does not cite {}",
                info.code,
                info.section
            );
        }
    }

    #[test]
    fn find_by_code_or_name() {
        assert_eq!(Rule::find("s001"), Some(Rule::UnterminatedString));
        assert_eq!(Rule::find("unknown-call"), Some(Rule::UnknownCall));
        assert_eq!(Rule::find("nope"), None);
    }
}
