//! The rule table: every finding pbnfmt can report, with its stable code, kebab-case name, default
//! severity, the PBN section it enforces, a one-line summary and its documentation.
//!
//! This table is the single source: `pbnfmt rule`, the README rule list and the snapshot tests all
//! read it. Codes never change meaning once released; a retired rule keeps its code reserved.
//!
//! Code families: `F` file level (encoding, what kind of file), `S` syntax (tokens and the
//! structure of PBN 3.2-3.3, 3.5-3.6, 5.1), `T` tag values, `D` deal, `A` auction, `P` play,
//! `N` notes and annotations, `X` tables, `C` characters and lines, `E` export conformance, `U`
//! suppression lines, and `W` the reasons `pbnfmt export` and `resolve` refuse to write a file or a value. The wording
//! users read for each finding is in [`messages`]; the lexer and parser only say *which* rule and
//! *where*.

pub mod auction;
pub mod chars;
pub mod deal;
pub mod export;
pub mod messages;
pub mod notes;
pub mod play;
pub mod select;
pub mod semantic;
pub mod tables;
pub mod tags;

use crate::diagnostic::Severity;

/// What the table holds for one rule.
#[derive(Debug)]
pub struct RuleInfo {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub group: Group,
    /// The section of PBN 2.1 the rule enforces, e.g. "PBN 3.2".
    pub section: &'static str,
    pub summary: &'static str,
    /// Markdown with the headings *What it checks*, *Why*, *Example*, *Fix*.
    pub doc: &'static str,
}

/// When a rule runs without being selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The standard's own rules: on by default.
    Standard,
    /// Export-format conformance (PBN 2.1): on for files that declare `% EXPORT`, or with
    /// `--export`.
    Export,
    /// Beyond the standard (score arithmetic, board rotation, unknown tags, 80-column lines):
    /// off unless selected.
    Extra,
    /// Why `pbnfmt export` refuses to write a file: reported by `export`, never by `check`.
    Write,
}

macro_rules! group {
    () => {
        Group::Standard
    };
    ($group:ident) => {
        Group::$group
    };
}

/// A rule's documentation from its four parts, under the headings every rule doc has.
macro_rules! doc {
    (what: $what:expr, why: $why:expr, example: $example:expr, fix: $fix:expr $(,)?) => {
        concat!(
            "## What it checks\n",
            $what,
            "\n\n## Why\n",
            $why,
            "\n\n## Example\n```\n",
            $example,
            "\n```\n\n## Fix\n",
            $fix,
            "\n"
        )
    };
}

macro_rules! rules {
    ($(
        $variant:ident {
            code: $code:literal,
            name: $name:literal,
            severity: $severity:ident,
            $(group: $group:ident,)?
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
                        group: group!($($group)?),
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
    InvalidDate {
        code: "T001",
        name: "invalid-date",
        severity: Error,
        section: "PBN 3.4.3",
        summary: "A Date, EventDate or UTCDate that is not a real `YYYY.MM.DD` date",
        doc: doc!(
            what: r#"The Date tag, and the EventDate (PBN 4.4.1) and UTCDate (PBN 4.5.2) tags that use its form: ten characters `YYYY.MM.DD`, digits or `?` for unknown digits, a month 01-12 and a day that exists in that month (29 February only in leap years)."#,
            why: r#"PBN 3.4.3 fixes the form so that dates sort and compare as text. A date such as `2023.02.30` or `12/03/2023` cannot be read back."#,
            example: r#"[Date "2023.02.30"]"#,
            fix: r#"Write the real date, with `?` for what is not known: `[Date "2023.02.??"]`."#,
        ),
    }
    InvalidBoard {
        code: "T002",
        name: "invalid-board",
        severity: Error,
        section: "PBN 3.4.4",
        summary: "A Board that is not a positive integer",
        doc: doc!(
            what: r#"The Board tag value: a positive integer, no sign, no letters, no leading zero only."#,
            why: r#"PBN 3.4.4: the Board tag value is a positive integer. Programs derive the dealer and vulnerability from it."#,
            example: r#"[Board "Bd 7"]"#,
            fix: r#"Give the number alone: `[Board "7"]`; an unknown board is `"?"`."#,
        ),
    }
    InvalidDealer {
        code: "T003",
        name: "invalid-dealer",
        severity: Error,
        section: "PBN 3.4.9",
        summary: "A Dealer that is not W, N, E or S",
        doc: doc!(
            what: r#"The Dealer tag value: `W`, `N`, `E` or `S` (lowercase in import format, PBN 3.11)."#,
            why: r#"PBN 3.4.9: the dealer is one of the four directions. The auction starts with the dealer."#,
            example: r#"[Dealer "North"]"#,
            fix: r#"Use the letter: `[Dealer "N"]`."#,
        ),
    }
    InvalidVulnerable {
        code: "T004",
        name: "invalid-vulnerable",
        severity: Error,
        section: "PBN 3.4.10",
        summary: "A Vulnerable value that is not None, NS, EW or All (or Love, -, Both)",
        doc: doc!(
            what: r#"The Vulnerable tag value: `None`, `Love`, `-`, `NS`, `EW`, `All` or `Both`, lowercase allowed (PBN 3.11)."#,
            why: r#"PBN 3.4.10 lists the possible values; scores depend on them."#,
            example: r#"[Vulnerable "N-S"]"#,
            fix: r#"Use a listed value: `[Vulnerable "NS"]`."#,
        ),
    }
    InvalidScoring {
        code: "T005",
        name: "invalid-scoring",
        severity: Error,
        section: "PBN 3.4.12",
        summary: "A Scoring value with an empty or space-separated field",
        doc: doc!(
            what: r#"The Scoring tag value: fields (a basic scoring system or a modifier, such as `IMP` or `Butler`) separated by semicolons. An empty field (`MP;;Butler`, a trailing `;`) or fields separated by spaces instead of `;` are reported. The field names themselves are open-ended and not checked."#,
            why: r#"PBN 3.4.12: the value consists of fields separated by semicolons; programs split it on `;` to find the scoring method."#,
            example: r#"[Scoring "IMP Butler"]"#,
            fix: r#"Separate the fields with `;`: `[Scoring "IMP;Butler"]`."#,
        ),
    }
    InvalidDeclarer {
        code: "T006",
        name: "invalid-declarer",
        severity: Error,
        section: "PBN 3.4.13",
        summary: "A Declarer that is not W, N, E, S, ^W..^S or empty",
        doc: doc!(
            what: r#"The Declarer tag value: a direction, a direction after `^` when declarer and dummy were swapped, or `""` when all four players passed."#,
            why: r#"PBN 3.4.13 defines these values; the opening leader and the Result are read from the declarer."#,
            example: r#"[Declarer "South"]"#,
            fix: r#"Use the letter: `[Declarer "S"]`."#,
        ),
    }
    InvalidContract {
        code: "T007",
        name: "invalid-contract",
        severity: Error,
        section: "PBN 3.4.14",
        summary: "A Contract that is not Pass or level, denomination and risk",
        doc: doc!(
            what: r#"The Contract tag value: `Pass`, or a level 1-7, a denomination `S H D C NT` and an optional `X` or `XX`; in an end position (PBN 3.10) the denomination alone."#,
            why: r#"PBN 3.4.14 defines the form; trumps, the declarer's target and the score come from it."#,
            example: r#"[Contract "4 Spades doubled"]"#,
            fix: r#"Write it in PBN's form: `[Contract "4SX"]`."#,
        ),
    }
    InvalidResult {
        code: "T008",
        name: "invalid-result",
        severity: Error,
        section: "PBN 3.4.15",
        summary: "A Result that is not one of the five forms with 0-13 tricks",
        doc: doc!(
            what: r#"The Result tag value: `n`, `NS n`, `EW n`, `NS n EW m` or `EW n NS m` with `n` from 0 to 13, optionally after `^`, or `""` when all passed. With both sides given, their tricks cannot add up to more than 13."#,
            why: r#"PBN 3.4.15 gives the five forms; the number of tricks is what the score is computed from."#,
            example: r#"[Result "+1"]"#,
            fix: r#"Give declarer's tricks: for 4S making 11 tricks, `[Result "11"]`."#,
        ),
    }
    InvalidScore {
        code: "T009",
        name: "invalid-score",
        severity: Error,
        section: "PBN 4.2.1",
        summary: "A Score, ScoreIMP, ScoreMP or ScorePercentage not in the five score forms",
        doc: doc!(
            what: r#"Score (an integer), ScoreIMP and ScoreMP (integers or decimals with a decimal dot) and ScorePercentage (a decimal from 0 to 100), each in one of the five forms `s`, `NS s`, `EW s`, `NS s EW t`, `EW s NS t`."#,
            why: r#"PBN 4.2.1-4.2.4 define the forms. A score with a comma, a unit or a plus sign cannot be summed by the program that reads it."#,
            example: r#"[Score "NS +620"]"#,
            fix: r#"Write a plain number: `[Score "NS 620"]`."#,
        ),
    }
    InvalidRubberScore {
        code: "T010",
        name: "invalid-rubber-score",
        severity: Error,
        section: "PBN 4.2.5",
        summary: "A ScoreRubber that is not `above/below` in the score forms",
        doc: doc!(
            what: r#"The ScoreRubber tag value: one of the five score forms where each score is two non-negative integers `above/below` (points above and below the line)."#,
            why: r#"PBN 4.2.5 defines the score as `<non-negative integer>/<non-negative integer>`."#,
            example: r#"[ScoreRubber "NS 620"]"#,
            fix: r#"Split the score: `[ScoreRubber "NS 500/120"]`."#,
        ),
    }
    InvalidRubberHistory {
        code: "T011",
        name: "invalid-rubber-history",
        severity: Error,
        section: "PBN 4.2.6",
        summary: "A ScoreRubberHistory not in the form `NS <history> EW <history>`",
        doc: doc!(
            what: r#"The ScoreRubberHistory value `NS <history> EW <history>`, each history being `<above_previous> <above_current>/<below-1> [<below-2> [<below-3>]]` of non-negative integers, both sides in the same game of the rubber."#,
            why: r#"PBN 4.2.6 defines this syntax; the number of below-the-line scores tells which game of the rubber is being played."#,
            example: r#"[ScoreRubberHistory "NS 0 100/40 EW 0 50"]"#,
            fix: r#"Give both sides in full: `[ScoreRubberHistory "NS 0 100/40 EW 0 50/0"]`."#,
        ),
    }
    RubberVulnerability {
        code: "T012",
        name: "rubber-history-vulnerability-mismatch",
        severity: Error,
        section: "PBN 4.2.6",
        summary: "The games won in ScoreRubberHistory contradict the Vulnerable tag",
        doc: doc!(
            what: r#"A side that has won a game of the rubber (100 or more below the line in a finished game of ScoreRubberHistory) is vulnerable; the Vulnerable tag must say so, and must not make a side vulnerable that has won no game."#,
            why: r#"PBN 4.2.6: the number of games won defines the vulnerability, which must be consistent with the Vulnerable tag."#,
            example: "[Vulnerable \"None\"]\n[ScoreRubberHistory \"NS 0 0/120 40 EW 0 0/0 0\"]",
            fix: r#"Correct whichever is wrong; here North-South won the first game: `[Vulnerable "NS"]`."#,
        ),
    }
    InvalidOptimumScore {
        code: "T013",
        name: "invalid-optimum-score",
        severity: Error,
        section: "PBN 4.2.7",
        summary: "An OptimumScore not in the form `NS s`, `EW s` or both",
        doc: doc!(
            what: r#"The OptimumScore tag value: `NS s`, `EW s`, `NS s EW t` or `EW s NS t` with integer scores; when both sides are given, one is the negative of the other."#,
            why: r#"PBN 4.2.7 allows these four forms (no declarer form: the optimum contract may be either side's)."#,
            example: r#"[OptimumScore "NS 620 EW 620"]"#,
            fix: r#"Give one side, or opposite numbers: `[OptimumScore "NS 620 EW -620"]`."#,
        ),
    }
    InvalidTime {
        code: "T014",
        name: "invalid-time",
        severity: Error,
        section: "PBN 4.5.1",
        summary: "A Time or UTCTime that is not `HH:MM:SS`",
        doc: doc!(
            what: r#"The Time and UTCTime (PBN 4.5.3) tag values: `HH:MM:SS` with colons, a real time of day, `?` for unknown digits as in the Date tag."#,
            why: r#"PBN 4.5.1 fixes the form (colons, not periods) so that times compare as text."#,
            example: r#"[Time "19.30"]"#,
            fix: r#"Write `[Time "19:30:00"]`."#,
        ),
    }
    InvalidTimeControl {
        code: "T015",
        name: "invalid-time-control",
        severity: Error,
        section: "PBN 4.6.1",
        summary: "A TimeControl that is not `<games>/<minutes>` or empty",
        doc: doc!(
            what: r#"The TimeControl tag value: `<NrGames>/<NrMinutes>` with positive integers, or `""` for no time limit."#,
            why: r#"PBN 4.6.1 defines this syntax."#,
            example: r#"[TimeControl "30 minutes"]"#,
            fix: r#"Write games and minutes: `[TimeControl "4/30"]`."#,
        ),
    }
    InvalidTimeLimit {
        code: "T016",
        name: "invalid-time-limit",
        severity: Error,
        section: "PBN 4.6.2",
        summary: "A TimeCall or TimeCard that is not a number of seconds",
        doc: doc!(
            what: r#"The TimeCall and TimeCard (PBN 4.6.3) tag values: a number of seconds, a non-negative integer."#,
            why: r#"PBN 4.6.2 and 4.6.3 define the value in seconds; a program enforcing the limit must read it."#,
            example: r#"[TimeCall "1 min"]"#,
            fix: r#"Give seconds: `[TimeCall "60"]`."#,
        ),
    }
    InvalidRoom {
        code: "T017",
        name: "invalid-room",
        severity: Error,
        section: "PBN 4.1.7",
        summary: "A Room that is not Open or Closed",
        doc: doc!(
            what: r#"The Room tag value: `Open` or `Closed`."#,
            why: r#"PBN 4.1.7: the only two possible values are "Open" and "Closed"."#,
            example: r#"[Room "open room"]"#,
            fix: r#"Write `[Room "Open"]`."#,
        ),
    }
    InvalidFrenchMp {
        code: "T018",
        name: "invalid-french-mp",
        severity: Error,
        section: "PBN 4.1.4",
        summary: "A FrenchMP that is not Yes or No",
        doc: doc!(
            what: r#"The FrenchMP tag value: `Yes` or `No`."#,
            why: r#"PBN 4.1.4: the only two possible values are "Yes" and "No"."#,
            example: r#"[FrenchMP "true"]"#,
            fix: r#"Write `[FrenchMP "Yes"]`."#,
        ),
    }
    InvalidHidden {
        code: "T019",
        name: "invalid-hidden",
        severity: Error,
        section: "PBN 4.1.6",
        summary: "A Hidden value with characters other than W, N, E, S",
        doc: doc!(
            what: r#"The Hidden tag value: a sequence of the direction letters `W`, `N`, `E`, `S`, each at most once."#,
            why: r#"PBN 4.1.6: the characters name the hands a viewer hides."#,
            example: r#"[Hidden "E/W"]"#,
            fix: r#"List the letters: `[Hidden "EW"]`."#,
        ),
    }
    InvalidRound {
        code: "T020",
        name: "invalid-round",
        severity: Error,
        section: "PBN 4.4.4",
        summary: "A Round that is not round indicators (letters, digits, `_`) separated by periods",
        doc: doc!(
            what: r#"The Round tag value: one or more round indicators made of letters, digits and underscores, separated by periods (`2.B`)."#,
            why: r#"PBN 4.4.4 defines the indicator's characters and the period for multipart rounds."#,
            example: r#"[Round "Round 3"]"#,
            fix: r#"Write the indicator alone: `[Round "3"]`, or `[Round "Final.2"]`."#,
        ),
    }
    NonNumericTable {
        code: "T021",
        name: "non-numeric-table",
        severity: Warning,
        section: "PBN 4.4.7",
        summary: "A Table value that is not a positive integer",
        doc: doc!(
            what: r#"The Table tag value, which will normally be a positive integer."#,
            why: r#"PBN 4.4.7: the tag identifies the table and "will normally be a positive integer". A warning, since the standard does not require it."#,
            example: r#"[Table "Table 5"]"#,
            fix: r#"Write `[Table "5"]`."#,
        ),
    }
    DuplicateTag {
        code: "T022",
        name: "duplicate-tag",
        severity: Warning,
        section: "PBN 3.4",
        summary: "A tag given twice in one game; the later one is ignored",
        doc: doc!(
            what: r#"A tag name that occurs a second time in one game (Note tags excepted)."#,
            why: r#"PBN 3.4: "In import format, a tag pair that already occurred, is ignored." The second value is lost on export, which is rarely what the writer meant."#,
            example: "[Board \"1\"]\n[Board \"2\"]",
            fix: r#"Remove the tag pair that is wrong."#,
        ),
    }
    TagNameCase {
        code: "T023",
        name: "wrong-case-tag-name",
        severity: Warning,
        section: "PBN 3.11",
        summary: "A tag name that differs from a standard one only in letter case",
        doc: doc!(
            what: r#"A tag name such as `deal` or `DEALER` that is a standard tag name in other letter case."#,
            why: r#"PBN 3.11: PBN is case sensitive; lowercase is allowed in some values, never in tag names. `[deal "..."]` is an unknown tag to every reader, and the game has no deal."#,
            example: r#"[deal "N:AK.Q..."]"#,
            fix: r#"Spell the name as the standard does: `[Deal "N:AK.Q..."]`."#,
        ),
    }
    ForbiddenInheritance {
        code: "T024",
        name: "forbidden-inheritance",
        severity: Error,
        section: "PBN 4.8",
        summary: "`#` or `##` on a tag that may not inherit (Deal, Dealer, Auction, ...)",
        doc: doc!(
            what: r###"A `"#"` or `"##..."` value on Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play, Note or a table tag."###,
            why: r#"PBN 4.8 forbids inheritance for these tags so that every game can be played on its own. pbnfmt still reads the value as the writer meant (the inherited value, or the text after `##`) to check the rest of the game."#,
            example: "[Deal \"N:...\"]\n\n[Deal \"#\"]",
            fix: r#"Write the value in full in every game."#,
        ),
    }
    PassedOutWithDeclarer {
        code: "T025",
        name: "declarer-in-passed-out-game",
        severity: Error,
        section: "PBN 3.4.13",
        summary: "Contract is Pass but Declarer or Result is not empty",
        doc: doc!(
            what: r#"A game whose Contract is `Pass` but whose Declarer or Result tag has a value."#,
            why: r#"PBN 3.4.13 and 3.4.15: when all four players pass, the Declarer and Result values are empty strings."#,
            example: "[Declarer \"N\"]\n[Contract \"Pass\"]\n[Result \"0\"]",
            fix: r#"Write `[Declarer ""]` and `[Result ""]`."#,
        ),
    }
    ScoreMismatch {
        code: "T026",
        name: "score-mismatch",
        severity: Warning,
        group: Extra,
        section: "PBN 4.2.1",
        summary: "Score is not the duplicate score of Contract, Result and Vulnerable (opt-in)",
        doc: doc!(
            what: r#"A Score (declarer or side form) that differs from the duplicate-bridge score of the Contract made or defeated by the Result at the game's vulnerability. Off by default: select it with `--extend-select T026`."#,
            why: r#"PBN 4.2.1: the Score tag gives the points based on the trick score. It "can deviate from the normal value due to irregularities", and rubber or Chicago games score differently, so the check is beyond the standard."#,
            example: "[Vulnerable \"None\"]\n[Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"NS 620\"]",
            fix: r#"Correct the score (here `NS 420`), or explain an adjusted score in a comment."#,
        ),
    }
    NonStandardRotation {
        code: "T027",
        name: "non-standard-rotation",
        severity: Warning,
        group: Extra,
        section: "PBN 3.4.9",
        summary: "Dealer or Vulnerable is not the usual one for the Board number (opt-in)",
        doc: doc!(
            what: r#"A Dealer or Vulnerable value that is not the one the standard duplicate board rotation gives for the Board number (board 1: North, None; board 2: East, NS; ... repeating every 16 boards). Off by default: select it with `--extend-select T027`."#,
            why: r#"PBN 3.4.9 and 3.4.10 leave dealer and vulnerability free; many events use the standard rotation, and a mismatch there is often a typing error. Practice hands and other events legitimately differ, so the rule is opt-in."#,
            example: "[Board \"1\"]\n[Dealer \"E\"]",
            fix: r#"Correct the Dealer or Vulnerable tag, or leave the rule off for files that use another rotation."#,
        ),
    }
    UnknownTag {
        code: "T028",
        name: "unknown-tag",
        severity: Warning,
        group: Extra,
        section: "PBN 4.9",
        summary: "A tag name that the standard does not define (opt-in)",
        doc: doc!(
            what: r#"A tag name that is neither in PBN 2.1 chapters 3-5 nor a table tag (a name ending in `Table`). Off by default: select it with `--extend-select T028`."#,
            why: r#"PBN 4.9: PBN is expandable and a robust parser skips unknown tags, "and perhaps shows a warning". Listing them finds typing errors such as `[Scorring "IMP"]`."#,
            example: r#"[Scorring "IMP"]"#,
            fix: r#"Correct a misspelled name; keep a deliberate private tag and leave the rule off."#,
        ),
    }
    UnknownTermination {
        code: "T029",
        name: "unknown-termination",
        severity: Warning,
        group: Extra,
        section: "PBN 4.1.8",
        summary: "A Termination value that is not one of the standard's examples (opt-in)",
        doc: doc!(
            what: r#"A Termination value other than the standard's examples: abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit, unterminated. Off by default: select it with `--extend-select T029`."#,
            why: r#"PBN 4.1.8 describes the value as a string giving the reason and lists examples; the list is not closed, so the check is beyond the standard."#,
            example: r#"[Termination "claimed"]"#,
            fix: r#"Use one of the listed reasons where one fits, and explain the rest in a comment."#,
        ),
    }
    InheritedValue {
        code: "T030",
        name: "inherited-value",
        severity: Warning,
        group: Extra,
        section: "PBN 4.8",
        summary: "A tag value given with `#` or `##`, so the game does not stand alone (opt-in)",
        doc: doc!(
            what: r###"A `"#"` value, which takes the value of the nearest earlier game that has the tag, and a `"##..."` value, which later games take when they leave the tag out. Off by default: select it with `--extend-select T030` where every game must stand alone."###,
            why: r#"PBN 4.8 allows inheritance to keep files small, and warns that a program may show `#` instead of the real value. A game cut out of such a file, or read by a program that does not follow the chain, loses its event, date or players."#,
            example: "[Event \"##Club Pairs\"]\n[Board \"1\"]\n\n[Board \"2\"]\n[Site \"#\"]",
            fix: r#"Run `pbnfmt resolve --write FILE`: every game gets its values written out, and nothing else changes."#,
        ),
    }
    NothingToInherit {
        code: "T031",
        name: "nothing-to-inherit",
        severity: Warning,
        section: "PBN 4.8",
        summary: "A `#` value with no earlier game that has the tag: the value is empty",
        doc: doc!(
            what: r###"A `"#"` value in a game where no earlier game of the file has the tag with a real value."###,
            why: r#"PBN 4.8: "If no previous tag can be found, then the tag value is set to """. That is rarely what the writer meant: usually the file was cut out of a longer one and lost the game that gave the value."#,
            example: "[Event \"#\"]\n[Board \"1\"]",
            fix: r#"Write the value, or `""` (or `"?"` for an unknown mandatory tag) if it is not known."#,
        ),
    }
    MalformedDeal {
        code: "D001",
        name: "malformed-deal",
        severity: Error,
        section: "PBN 3.4.11",
        summary: "A Deal that is not `<first>:` and four hands of four suits",
        doc: doc!(
            what: r#"The shape of the Deal value: the first hand's seat, a colon, four hands separated by one space, each hand `-` or four suits separated by dots (spades, hearts, diamonds, clubs)."#,
            why: r#"PBN 3.4.11 defines the value as `<first>:<1st_hand> <2nd_hand> <3rd_hand> <4th_hand>`; a reader cannot tell which cards belong to whom otherwise."#,
            example: r#"[Deal "N:AK.QJ.T9.8765 ..."]"#,
            fix: r#"Give four hands of four suits, `-` for an unknown hand."#,
        ),
    }
    InvalidDealFirst {
        code: "D002",
        name: "invalid-deal-first-seat",
        severity: Error,
        section: "PBN 3.4.11",
        summary: "The Deal's first seat is not W, N, E or S",
        doc: doc!(
            what: r#"The `<first>` before the colon of a Deal value."#,
            why: r#"PBN 3.4.11: `<first>` is W, N, E or S, the direction of the first hand given."#,
            example: r#"[Deal "1:AKQ.. ..."]"#,
            fix: r#"Name the seat of the first hand: `[Deal "N:AKQ.. ..."]`."#,
        ),
    }
    DuplicateCard {
        code: "D003",
        name: "duplicate-card",
        severity: Error,
        section: "PBN 3.4.11",
        summary: "A card given twice in the Deal",
        doc: doc!(
            what: r#"The same card in two hands of a Deal, or twice in one hand."#,
            why: r#"PBN 3.4.11: the Deal gives the cards of each hand; a pack has each card once. Hand records typed by hand often carry this misprint, and the other hand is then a card short."#,
            example: r#"[Deal "N:AK.. ... A2.. ..."]"#,
            fix: r#"Find the hand the card really belongs to; the hand that is a card short is usually the other one."#,
        ),
    }
    InvalidRank {
        code: "D004",
        name: "invalid-rank-in-deal",
        severity: Error,
        section: "PBN 3.4.11",
        summary: "A character in a Deal hand that is not a rank",
        doc: doc!(
            what: r#"A character inside a suit of a Deal hand other than the ranks `A K Q J T 9 8 7 6 5 4 3 2` (lowercase in import format)."#,
            why: r#"PBN 3.4.11: the ten is the single character `T`; suits are given by position, so no suit letters or symbols stand in a hand."#,
            example: r#"[Deal "N:AK10.QJ.98.765 ..."]"#,
            fix: r#"Write the ten as `T`: `AKT`."#,
        ),
    }
    WrongHandSize {
        code: "D005",
        name: "wrong-hand-size",
        severity: Error,
        section: "PBN 3.10",
        summary: "A hand that does not have 13 cards, or end-position hands of unequal size",
        doc: doc!(
            what: r#"In a full deal every given hand has 13 cards; in an end position (every hand under 13 cards) every given hand has the same number."#,
            why: r#"PBN 3.4.11 deals 13 cards to each hand, and PBN 3.10 defines end positions by hands of fewer than 13 cards; in a card game all hands shrink together."#,
            example: r#"[Deal "N:AKQ.AKQ.AKQ.AKQ ..."]"#,
            fix: r#"Add the missing card or remove the extra one."#,
        ),
    }
    AllHandsUnknown {
        code: "D006",
        name: "all-hands-unknown",
        severity: Error,
        section: "PBN 3.4.11",
        summary: "A Deal in which no hand is given",
        doc: doc!(
            what: r#"A Deal value whose four hands are all `-`."#,
            why: r#"PBN 3.4.11 allows hands to be left out ("not all 4 hands need to be given"), but a Deal with none gives nothing; an unknown deal is `[Deal "?"]` in the MTS (PBN 3.4)."#,
            example: r#"[Deal "N:- - - -"]"#,
            fix: r#"Give the known hands, or write `[Deal "?"]`."#,
        ),
    }
    AuctionWithoutDealer {
        code: "A001",
        name: "auction-without-dealer",
        severity: Error,
        section: "PBN 3.5",
        summary: "An Auction section in a game without a Dealer tag",
        doc: doc!(
            what: r#"A game with an Auction section but no Dealer tag."#,
            why: r#"PBN 3.5: the auction is given from the dealer ("the call of the dealer always starts left justified"); without a Dealer the calls cannot be checked or exported."#,
            example: "[Auction \"N\"]\n1S Pass 4S AP",
            fix: r#"Add the Dealer tag: `[Dealer "N"]`."#,
        ),
    }
    InvalidAuctionSeat {
        code: "A002",
        name: "invalid-auction-seat",
        severity: Error,
        section: "PBN 3.5",
        summary: "The Auction tag value is not W, N, E or S",
        doc: doc!(
            what: r#"The value of the Auction tag, which names the seat of the first column of calls."#,
            why: r#"PBN 3.5: "The direction of the player making the first call is given as tag value in the Auction tag pair"."#,
            example: r#"[Auction "1"]"#,
            fix: r#"Name the seat: `[Auction "N"]`."#,
        ),
    }
    WrongFirstCaller {
        code: "A003",
        name: "wrong-first-caller",
        severity: Error,
        section: "PBN 3.5",
        summary: "The first call is not made by the dealer",
        doc: doc!(
            what: r#"The seat of the first call (after any `-` fill) against the Dealer tag. A call out of rotation is written with `^S` in the dealer's place (PBN 3.9)."#,
            why: r#"PBN 3.5: the dealer calls first; in import format the columns may start at another seat, with `-` for each player before the dealer."#,
            example: "[Dealer \"E\"]\n[Auction \"N\"]\n1S Pass ...",
            fix: r#"Start with `-` for the players before the dealer (`- 1S Pass ...`), or correct the Auction seat."#,
        ),
    }
    InsufficientBid {
        code: "A004",
        name: "insufficient-bid",
        severity: Error,
        section: "PBN 3.9",
        summary: "A bid not higher than the bid before it, without `^I`",
        doc: doc!(
            what: r#"A bid that does not outrank the last bid (a higher level, or the same level in a higher denomination), without the `^I` mark of an accepted insufficient bid."#,
            why: r#"PBN 3.9 (A): an insufficient bid accepted by the opponents is written `^I` before the bid; otherwise each bid must be sufficient."#,
            example: "[Auction \"N\"]\n1S 1H Pass Pass\nPass",
            fix: r#"Correct the bid, or mark an accepted insufficient bid: `1S ^I 1H`."#,
        ),
    }
    MisusedAuctionMark {
        code: "A005",
        name: "misused-auction-irregularity",
        severity: Error,
        section: "PBN 3.9",
        summary: "`^I` on a sufficient bid or a non-bid, or `^R`/`^L` in the auction",
        doc: doc!(
            what: r#"An irregularity mark in the auction that marks no irregularity: `^I` before a sufficient bid, a pass, double or redouble; `^R` or `^L`, which belong to the play."#,
            why: r#"PBN 3.9: `^I` precedes an insufficient bid; `^R` and `^L` precede cards."#,
            example: "[Auction \"N\"]\n1S ^I 2H",
            fix: r#"Remove the mark."#,
        ),
    }
    IllegalDouble {
        code: "A006",
        name: "illegal-double",
        severity: Error,
        section: "PBN 3.9",
        summary: "A double of no bid, of partner's bid, or of a doubled contract",
        doc: doc!(
            what: r#"A double (`X`) when no bid has been made, when the last bid is the doubler's side's, or when the last bid is already doubled or redoubled."#,
            why: r#"PBN 3.9: "Irregular (re)double is impossible, and MUST be taken back." Only an opponent's undoubled bid can be doubled."#,
            example: "[Auction \"N\"]\n1S Pass X",
            fix: r#"Correct the call that was written wrong."#,
        ),
    }
    IllegalRedouble {
        code: "A007",
        name: "illegal-redouble",
        severity: Error,
        section: "PBN 3.9",
        summary: "A redouble of an undoubled bid or of the opponents' contract",
        doc: doc!(
            what: r#"A redouble (`XX`) unless the last bid is the redoubler's side's and is doubled (not yet redoubled)."#,
            why: r#"PBN 3.9: an irregular redouble is impossible and must be taken back, so it cannot stand in a record."#,
            example: "[Auction \"N\"]\n1S XX",
            fix: r#"Correct the call that was written wrong."#,
        ),
    }
    CallAfterAuctionEnd {
        code: "A008",
        name: "call-after-auction-end",
        severity: Error,
        section: "PBN 3.5",
        summary: "A call after three passes, four passes, `AP` or `*`",
        doc: doc!(
            what: r#"Calls given after the auction has ended: after three passes following a bid, four initial passes, `AP`, or `*`."#,
            why: r#"PBN 3.5: the auction section ends with all passes or with `*`; a later call is either a typing error or a lost pass earlier."#,
            example: "[Auction \"N\"]\n1S Pass Pass Pass\n2C",
            fix: r#"Remove the extra calls, or find the pass that should not be there."#,
        ),
    }
    UnfinishedAuction {
        code: "A009",
        name: "unfinished-auction",
        severity: Error,
        section: "PBN 3.5",
        summary: "An auction that stops without closing passes, `AP`, `*` or `+`",
        doc: doc!(
            what: r#"An auction section that ends before the auction does: not three passes after the last bid (four with no bid), no `AP`, no `*` and no `+`."#,
            why: r#"PBN 3.5: "The auction section ends with all passes, or with `*`"; an auction to be continued ends with `+`."#,
            example: "[Auction \"N\"]\n1S Pass 4S Pass",
            fix: r#"Add the missing passes (`AP` stands for them), or end with `*` when the rest is not known."#,
        ),
    }
    CallAfterContinuation {
        code: "A010",
        name: "call-after-continuation",
        severity: Error,
        section: "PBN 3.5",
        summary: "A call or `*` after `+` in the auction",
        doc: doc!(
            what: r#"Anything after the `+` that marks the auction as to be continued."#,
            why: r#"PBN 3.5: `+` replaces the next call to be made and is placed after the last call; "the `*` character is forbidden to end the auction section" in that situation."#,
            example: "[Auction \"N\"]\n1S Pass +\n*",
            fix: r#"Remove what follows `+`, or replace `+` by the call that was made."#,
        ),
    }
    MisplacedSkip {
        code: "A011",
        name: "misplaced-skip",
        severity: Error,
        section: "PBN 3.9",
        summary: "`^S` that no call out of rotation follows",
        doc: doc!(
            what: r#"`^S` (a player skipped by a call out of rotation) that is not followed by the call out of rotation, or four skips in a row."#,
            why: r#"PBN 3.9 (B): `^S` replaces the call of a player skipped because another player called out of rotation; the offending call follows it."#,
            example: "[Auction \"W\"]\n1D ^S *",
            fix: r#"Write the call out of rotation after the skips (`1D ^S 2D`), or remove `^S`."#,
        ),
    }
    MisplacedDash {
        code: "A012",
        name: "misplaced-dash",
        severity: Error,
        section: "PBN 3.5.1",
        summary: "A `-` in the auction after the first call",
        doc: doc!(
            what: r#"A `-` call token after the auction has started."#,
            why: r#"PBN 3.5.1: `-` means "it is not yet player's turn to make a call", which holds only for the players before the dealer in the first line (PBN 3.5)."#,
            example: "[Auction \"N\"]\n1S - Pass",
            fix: r#"Replace `-` by the call that was made (`Pass` if unknown is not right, `*` to stop)."#,
        ),
    }
    DeclarerMismatch {
        code: "A013",
        name: "declarer-mismatch",
        severity: Error,
        section: "PBN 3.4.13",
        summary: "The Declarer tag is not the declarer the auction makes",
        doc: doc!(
            what: r#"The Declarer tag against the declarer of a finished auction: the player of the final contract's side who first named its denomination. With `^`, the declarer's partner (declarer and dummy swapped)."#,
            why: r#"PBN 3.4.13 and 3.5: the Declarer tag gives the declarer of the contract reached. When the auction ends with `*`, the tags may differ and are not checked."#,
            example: "[Auction \"N\"]\n1S Pass 4S AP\n[Declarer \"S\"]",
            fix: r#"Correct the Declarer tag (here `N`), or the auction."#,
        ),
    }
    ContractMismatch {
        code: "A014",
        name: "contract-mismatch",
        severity: Error,
        section: "PBN 3.4.14",
        summary: "The Contract tag is not the contract the auction reaches",
        doc: doc!(
            what: r#"The Contract tag against the last bid of a finished auction with its risk (`X`, `XX`), or `Pass` for a passed-out auction."#,
            why: r#"PBN 3.4.14 and 3.5: the Contract tag is the result of the auction. When the auction ends with `*`, the tags may differ and are not checked."#,
            example: "[Contract \"4S\"]\n[Auction \"N\"]\n1S Pass 4S X\nAP",
            fix: r#"Correct the Contract tag (here `4SX`), or the auction."#,
        ),
    }
    PlayWithoutContract {
        code: "P001",
        name: "play-without-contract",
        severity: Error,
        section: "PBN 3.6",
        summary: "A Play section without the Deal, Declarer or Contract it needs",
        doc: doc!(
            what: r#"A Play section in a game that has no readable Deal, Declarer or Contract tag, or whose contract is `Pass`."#,
            why: r#"PBN 3.6: the opening leader is declarer's left-hand opponent and trumps come from the contract; PBN 3.10 reads the trump of an end position from the Contract. Without them the play cannot be followed."#,
            example: "[Deal \"N:...\"]\n[Play \"E\"]\nSA S2 S3 S4",
            fix: r#"Add the missing tags."#,
        ),
    }
    InvalidPlaySeat {
        code: "P002",
        name: "invalid-play-seat",
        severity: Error,
        section: "PBN 3.6",
        summary: "The Play tag value is not W, N, E or S",
        doc: doc!(
            what: r#"The value of the Play tag, which names the player of the first card and the seat of the first column."#,
            why: r#"PBN 3.6: "The direction of the player playing the first card is given as tag value in the Play tag pair"."#,
            example: r#"[Play "West"]"#,
            fix: r#"Use the letter: `[Play "W"]`."#,
        ),
    }
    WrongOpeningLeader {
        code: "P003",
        name: "wrong-opening-leader",
        severity: Error,
        section: "PBN 3.6",
        summary: "The first card is not played by declarer's left-hand opponent, and no `^L` says so",
        doc: doc!(
            what: r#"The Play tag's seat against declarer's left-hand opponent, unless a card of the first trick carries `^L` (a lead out of turn). End positions (PBN 3.10) name their own leader."#,
            why: r#"PBN 3.6: the player of the first card is the opening leader, declarer's left-hand opponent; PBN 3.9 (D) marks an accepted lead out of turn with `^L`."#,
            example: "[Declarer \"S\"]\n[Play \"E\"]",
            fix: r#"Correct the Play seat (here `W`), or mark the lead out of turn with `^L`."#,
        ),
    }
    CardNotInHand {
        code: "P004",
        name: "card-not-in-hand",
        severity: Error,
        section: "PBN 3.6",
        summary: "A card played by a player whose hand in the Deal does not hold it",
        doc: doc!(
            what: r#"Each card of the play against the hand the Deal gives its player (hands given as `-` are not checked)."#,
            why: r#"PBN 3.6 writes each player's cards in that player's column; a card that is not in the hand means a wrong column, a wrong card or a wrong Deal."#,
            example: "[Deal \"N:... (West without SA)\"]\n[Play \"W\"]\nSA S2 S3 S4",
            fix: r#"Check the columns (the first is the Play tag's seat), the card, and the Deal."#,
        ),
    }
    CardPlayedTwice {
        code: "P005",
        name: "card-played-twice",
        severity: Error,
        section: "PBN 3.6",
        summary: "The same card played twice",
        doc: doc!(
            what: r#"A card that appears a second time in the play."#,
            why: r#"PBN 3.6: each card is played once; a repeated card is a typing error that also corrupts the trick count."#,
            example: "[Play \"W\"]\nSA S2 S3 S4\nSA S5 S6 S7",
            fix: r#"Correct the card."#,
        ),
    }
    Revoke {
        code: "P006",
        name: "unmarked-revoke",
        severity: Error,
        section: "PBN 3.9",
        summary: "A player did not follow suit while holding the suit led, without `^R`",
        doc: doc!(
            what: r#"A card of another suit played while the player still held a card of the suit led, according to the Deal, with no `^R` before it."#,
            why: r#"PBN 3.9 (C): a revoke that went unnoticed is written `^R` before the card; any other failure to follow suit is a typing error in the play or the Deal."#,
            example: "[Play \"W\"]\nSA H2 S3 S4   (North holds SK)",
            fix: r#"Correct the card, or mark the revoke: `SA ^R H2 S3 S4`."#,
        ),
    }
    MisusedPlayMark {
        code: "P007",
        name: "misused-play-irregularity",
        severity: Error,
        section: "PBN 3.9",
        summary: "`^R` on a card that is no revoke, `^L` on a lead in turn, or `^I`/`^S` in the play",
        doc: doc!(
            what: r#"An irregularity mark in the play that marks no irregularity: `^R` before a card that follows suit or when the player had none of the suit led; `^L` before a card that is not a lead, or before a lead by the right player; `^I` or `^S`, which belong to the auction."#,
            why: r#"PBN 3.9: `^R` marks a revoke, `^L` a lead out of turn; `^I` and `^S` are auction marks."#,
            example: "[Play \"W\"]\nSA ^R S2 S3 S4",
            fix: r#"Remove the mark."#,
        ),
    }
    TooManyTricks {
        code: "P008",
        name: "too-many-tricks",
        severity: Error,
        section: "PBN 3.6",
        summary: "More than 13 tricks (or more than the cards of an end position)",
        doc: doc!(
            what: r#"Cards after the 13th trick, or after as many tricks as an end position has cards per hand (PBN 3.10)."#,
            why: r#"PBN 3.6: the play section ends after 13 tricks."#,
            example: "[Play \"W\"]\n(13 tricks)\nS2 S3 S4 S5",
            fix: r#"Remove the extra line; check for a trick written twice."#,
        ),
    }
    CardAfterPlayEnd {
        code: "P009",
        name: "card-after-play-end",
        severity: Error,
        section: "PBN 3.6",
        summary: "A card after `*` in the play",
        doc: doc!(
            what: r#"Cards given after the `*` that ends the play."#,
            why: r#"PBN 3.6: `*` "indicates that no further cards will or can be given"."#,
            example: "[Play \"W\"]\nSA S2 S3 S4\n*\nHA",
            fix: r#"Remove the cards after `*`, or move `*` to the end."#,
        ),
    }
    ResultMismatch {
        code: "P010",
        name: "result-mismatch",
        severity: Error,
        section: "PBN 3.4.15",
        summary: "The Result does not match the tricks won in the play",
        doc: doc!(
            what: r#"The Result tag against declarer's tricks in the play: equal when all tricks are played; between the tricks won and that plus the tricks not played when the play ends with `*` (a claim); equal to the tricks won so far when the play is unfinished. Tricks with unknown cards (`-`) widen the range. A Result starting with `^` is not checked."#,
            why: r#"PBN 3.4.15: "The <result> must match the actual number of won tricks"; for an unfinished play it counts the completed tricks, and `*` ends the play early."#,
            example: "[Result \"10\"]\n[Play \"W\"]\n(13 tricks, declarer wins 9)",
            fix: r#"Correct the Result or the play; if the rest of the play was claimed, end it with `*`; mark an agreed wrong result with `^`."#,
        ),
    }
    PlayInPlayOrder {
        code: "P011",
        name: "play-in-play-order",
        severity: Error,
        section: "PBN 3.6",
        summary: "The play is written leader first (play order), not in fixed seat columns",
        doc: doc!(
            what: r#"A play that makes no sense in PBN's fixed seat columns (cards not in their player's hand, suits not followed) but reads cleanly when each line is taken to start with the trick's leader."#,
            why: r#"PBN 3.6 writes every trick in the same seat columns, starting with the Play tag's seat, whoever led; many programs write play order instead. Read by the standard, such a play has cards in the wrong hands; pbnfmt reports the cause once instead of every card."#,
            example: "[Declarer \"E\"]\n[Play \"S\"]\nSQ C3 S3 S9\nC4 C7 C8 CK\nCA D2 C9 CQ   (East, who won trick 2, is written first)",
            fix: r#"Rewrite the play in seat columns: each line starts with the Play tag's seat; the writing program needs fixing too."#,
        ),
    }
    NagOutOfRange {
        code: "N001",
        name: "nag-out-of-range",
        severity: Error,
        section: "PBN 3.7",
        summary: "A NAG above $255",
        doc: doc!(
            what: r#"A NAG (`$n`) whose number is above 255."#,
            why: r#"PBN 3.7: "The value of this integer must be between zero and 255"."#,
            example: "[Auction \"N\"]\n1S $256",
            fix: r#"Use a NAG from 0 to 255."#,
        ),
    }
    NagInWrongSection {
        code: "N002",
        name: "nag-in-wrong-section",
        severity: Error,
        section: "PBN 3.7",
        summary: "A call NAG ($1-$6, $13) on a card, or a card NAG ($7-$12, $14) on a call",
        doc: doc!(
            what: r#"NAGs $1-$6 and $13 after a card, NAGs $7-$12 and $14 after a call."#,
            why: r#"PBN 3.7: "The NAG values $1 .. $6 and $13 may only be used for calls in the auction section. The values $7 .. $12 and $14 may only be used for played cards"."#,
            example: "[Play \"W\"]\nSA $1",
            fix: r#"Use the card NAG: `SA $7` (a good card)."#,
        ),
    }
    SecondSuffix {
        code: "N003",
        name: "second-suffix",
        severity: Error,
        section: "PBN 3.5.2",
        summary: "Two suffix annotations (`!`, `?`, ...) on one call or card",
        doc: doc!(
            what: r#"A call or card followed by more than one suffix annotation."#,
            why: r#"PBN 3.5.2 and 3.6.2: at most one suffix annotation per call or card, because each suffix becomes one NAG in export format."#,
            example: "[Auction \"N\"]\n1S ! ?",
            fix: r#"Keep one suffix and write the other as a NAG or a comment."#,
        ),
    }
    SecondNoteReference {
        code: "N004",
        name: "second-note-reference",
        severity: Error,
        section: "PBN 3.5.4",
        summary: "Two note references on one call or card",
        doc: doc!(
            what: r#"A call or card followed by more than one `=n=` note reference."#,
            why: r#"PBN 3.5.4 and 3.6.4: "A call can be followed by at most one note reference"."#,
            example: "[Auction \"N\"]\n2C =1= =2=",
            fix: r#"Merge the two notes into one."#,
        ),
    }
    NoteIndexOutOfRange {
        code: "N005",
        name: "note-index-out-of-range",
        severity: Error,
        section: "PBN 3.5.4",
        summary: "A note index outside 1-32",
        doc: doc!(
            what: r#"A note reference `=n=` or a Note tag `"n:text"` with `n` outside 1..32."#,
            why: r#"PBN 3.5.4 and 3.6.4: "The value of <note_index> lies between 1 and 32"."#,
            example: "[Auction \"N\"]\n2C =33=",
            fix: r#"Renumber the notes from 1."#,
        ),
    }
    UndefinedNote {
        code: "N006",
        name: "undefined-note",
        severity: Error,
        section: "PBN 3.5.5",
        summary: "A note reference with no Note of that index in its section",
        doc: doc!(
            what: r#"A note reference `=n=` in the auction (play) with no `[Note "n:..."]` among the auction (play) notes."#,
            why: r#"PBN 3.5.5 and 3.6.5: a note reference is explained by a Note tag placed at the end of the same section."#,
            example: "[Auction \"N\"]\n2C =1= Pass\n(no Note 1)",
            fix: r#"Add the note after the section: `[Note "1:strong, artificial"]`."#,
        ),
    }
    UnusedNote {
        code: "N007",
        name: "unused-note",
        severity: Warning,
        section: "PBN 3.5.5",
        summary: "A Note that no call or card of its section refers to",
        doc: doc!(
            what: r#"A Note tag of the auction (play) section whose index no call (card) refers to."#,
            why: r#"PBN 3.5.5 and 3.6.5: notes explain references in their section. An unused note is often one placed after the wrong section, or a reference lost."#,
            example: "[Auction \"N\"]\n2C Pass\n[Note \"1:strong\"]",
            fix: r#"Add the reference (`2C =1=`) or remove the note."#,
        ),
    }
    DuplicateNoteIndex {
        code: "N008",
        name: "duplicate-note-index",
        severity: Error,
        section: "PBN 3.5.5",
        summary: "Two Notes with the same index in one section",
        doc: doc!(
            what: r#"Two Note tags of the same section with the same `<note_index>`."#,
            why: r#"PBN 3.5.5 and 3.6.5: note tags "must differ in the value of the <note_index>"."#,
            example: "[Note \"1:strong\"]\n[Note \"1:relay\"]",
            fix: r#"Renumber one of them, and its references."#,
        ),
    }
    MisplacedNote {
        code: "N009",
        name: "misplaced-note",
        severity: Error,
        section: "PBN 3.5.5",
        summary: "A Note tag outside the auction and play sections",
        doc: doc!(
            what: r#"A Note tag that does not follow the Auction or Play section (or another Note that does)."#,
            why: r#"PBN 3.5.5 and 3.6.5: notes are placed at the end of their section; "They may not be placed in the identification section"."#,
            example: "[Note \"1:strong\"]\n[Auction \"N\"]\n2C =1=",
            fix: r#"Move the note after the calls or cards it explains."#,
        ),
    }
    MalformedNote {
        code: "N010",
        name: "malformed-note",
        severity: Error,
        section: "PBN 3.5.5",
        summary: "A Note value that is not `<index>:<text>`",
        doc: doc!(
            what: r#"A Note tag value without a note index and colon before its text."#,
            why: r#"PBN 3.5.5: "the tag value of the note tag equals: <note_index>:<note_text>"."#,
            example: r#"[Note "strong club"]"#,
            fix: r#"Number the note: `[Note "1:strong club"]`."#,
        ),
    }
    InvalidColumnSpec {
        code: "X001",
        name: "invalid-column-spec",
        severity: Error,
        section: "PBN 5.2",
        summary: "A table column specification that cannot be read",
        doc: doc!(
            what: r#"Each column of a table tag value (`+Name\5R`): a name that is not empty, an optional `+`/`-` order before it, an optional `\` width (an integer) with `L` or `R` after it."#,
            why: r#"PBN 5.2 defines the column name token; a wrong width makes export format padding impossible."#,
            example: r#"[ScoreTable "PairId_NS\2;Score_NS\wide"]"#,
            fix: r#"Give the width as a number: `Score_NS\5R`."#,
        ),
    }
    IncompleteTableRow {
        code: "X002",
        name: "incomplete-table-row",
        severity: Error,
        section: "PBN 5.2",
        summary: "A table whose element count is not a multiple of its columns",
        doc: doc!(
            what: r#"The number of table elements against the number of columns in the tag value."#,
            why: r#"PBN 5.2: "A table element belongs to one row and one column"; a missing element shifts every later one into the wrong column."#,
            example: "[ScoreTable \"Rank;Score\"]\n1 620\n2",
            fix: r#"Give the missing element (`?` unknown, `-` irrelevant)."#,
        ),
    }
    CommentInSectionData {
        code: "X003",
        name: "comment-in-section-data",
        severity: Error,
        section: "PBN 5.1",
        summary: "A comment after a section element of a supplemental section",
        doc: doc!(
            what: r#"A `;` or `{}` comment after an element of a supplemental section (a table, for example)."#,
            why: r#"PBN 5.1: "Only the tag pair of the section may be followed by commentary. Commentary after a section element is forbidden.""#,
            example: "[ScoreTable \"Rank;Score\"]\n1 620 {top}",
            fix: r#"Move the comment directly after the tag pair."#,
        ),
    }
    C1ControlCharacter {
        code: "C001",
        name: "c1-control-character",
        severity: Warning,
        section: "PBN 2.2",
        summary: "A character from the 0x80-0x9F range (Windows-1252 quotes, dashes, euro)",
        doc: doc!(
            what: r#"Bytes 0x80-0x9F of a Latin-1 file (Windows shows them as curly quotes, dashes, `€`), or the characters U+0080-U+009F in a Unicode file."#,
            why: r#"PBN 2.2: "The 32 ISO 8859/1 code values from 128 to 159 are non-printing control characters. They are not used for PBN data representation." Readers show them differently or not at all."#,
            example: "{South\u{2019}s lead}   (byte 0x92 in a Latin-1 file)",
            fix: r#"Use the ASCII character: `{South's lead}`."#,
        ),
    }
    NonLatin1Character {
        code: "C002",
        name: "character-outside-latin1",
        severity: Warning,
        section: "PBN 2.2",
        summary: "A character that ISO 8859-1 cannot represent",
        doc: doc!(
            what: r#"A character outside ISO 8859-1 (U+0100 and above), such as `♠` or `€`, in a UTF-8 or UTF-16 file."#,
            why: r#"PBN 2.2: PBN data is represented using ISO 8859-1. A reader expecting it shows such characters as garbage; suits are written `\S \H \D \C` in comments (PBN 3.8)."#,
            example: "{Lead the \u{2660}K}",
            fix: r#"Write `{Lead the \SK}`."#,
        ),
    }
    TabInString {
        code: "C003",
        name: "tab-in-string",
        severity: Error,
        section: "PBN 2.3",
        summary: "A tab character inside a string",
        doc: doc!(
            what: r#"A horizontal or vertical tab inside a string token (a tag value or a string section element)."#,
            why: r#"PBN 2.3: "tab characters may not appear inside of string data"."#,
            example: "[Event \"Club\tPairs\"]",
            fix: r#"Replace the tab by a space."#,
        ),
    }
    LineTooLong {
        code: "C004",
        name: "line-too-long",
        severity: Error,
        section: "PBN 2.3",
        summary: "A line longer than 255 characters",
        doc: doc!(
            what: r#"A text line of more than 255 characters, the line end included."#,
            why: r#"PBN 2.3: "The length of a PBN text line is maximally 255 characters, including the non-visible characters". Readers with fixed line buffers cut such lines."#,
            example: r#"{a 300-character comment on one line}"#,
            fix: r#"Break the line: comments and section data may span lines."#,
        ),
    }
    LongLine {
        code: "C005",
        name: "long-line",
        severity: Warning,
        group: Extra,
        section: "PBN 2.3",
        summary: "A line of 80 or more printing characters (opt-in)",
        doc: doc!(
            what: r#"A line with 80 or more printing characters. Off by default: select it with `--extend-select C005`."#,
            why: r#"PBN 2.3: "Lines with 80 or more printing characters are strongly discouraged because of the difficulties experienced by common text editors with long lines." Discouraged, not forbidden: an opt-in style rule."#,
            example: r#"{an 85-character comment on one line}"#,
            fix: r#"Break the line."#,
        ),
    }
    ControlCharacterInText {
        code: "C006",
        name: "control-character-in-text",
        severity: Error,
        section: "PBN 2.2",
        summary: "A control character inside a string, comment or escape line",
        doc: doc!(
            what: r#"An ASCII control character other than a tab or a line end (NUL, bell, backspace, form feed, escape, DEL, ...) inside a string, a comment or a `%` line. Outside them, S015 reports it. Adjacent control characters make one finding."#,
            why: r#"PBN 2.2: "The horizontal tab and vertical tab are permitted. No other ASCII control characters are permitted, except for the (non-visible) control characters for the line representation." Code 127 "is not used for PBN data representation". In a comment, an escape sequence is a command to the terminal of whoever reads the file (pbnfmt shows it, never sends it)."#,
            example: r#"{Board 7: ^[[2J}   (^[ is the escape character, byte 0x1B)"#,
            fix: r#"Remove the characters; write what they stood for in plain text."#,
        ),
    }
    MissingMandatoryTag {
        code: "E001",
        name: "missing-mandatory-tag",
        severity: Error,
        group: Export,
        section: "PBN 3.4",
        summary: "Export format: one of the 15 MTS tags is missing",
        doc: doc!(
            what: r#"In a file in export format (it declares `% EXPORT`, or `--export` is given), a game without one of the 15 tags of the Mandatory Tag Set, unless an earlier `##` supplies it (PBN 4.8)."#,
            why: r#"PBN 3.4: the MTS "tags are mandatory for a PBN file in export format"; an unknown value is `"?"`, an inappropriate one `""`."#,
            example: "% EXPORT\n[Event \"Club\"]\n[Deal \"N:...\"]",
            fix: r#"Run `pbnfmt export`, which writes the missing tags as `"?"`."#,
        ),
    }
    TagOutOfOrder {
        code: "E002",
        name: "tag-out-of-order",
        severity: Error,
        group: Export,
        section: "PBN 3.4",
        summary: "Export format: tags not in MTS order, then sorted",
        doc: doc!(
            what: r#"In export format: the 15 MTS tags first in their fixed order, then the other tags sorted by name; Notes stay after their section."#,
            why: r#"PBN 3.4: "For export format, the order of tag pairs is: (1) the mandatory tags in a fixed order (2) the supplemental tags, sorted alphabetically by their tag name"."#,
            example: "% EXPORT\n[Site \"Delft\"]\n[Event \"Club\"]",
            fix: r#"Run `pbnfmt export`."#,
        ),
    }
    NonCrlfLineEnd {
        code: "E003",
        name: "non-crlf-line-end",
        severity: Error,
        group: Export,
        section: "PBN 2.3",
        summary: "Export format: a line that does not end with CR LF",
        doc: doc!(
            what: r#"In export format, a line end that is LF alone or CR alone (reported once per file, at the first)."#,
            why: r#"PBN 2.3: in export format the end-of-line indicator "equals the CRLF character-pair"."#,
            example: "% EXPORT\\n   (LF only)",
            fix: r#"Run `pbnfmt export`, which writes CR LF."#,
        ),
    }
    TabInExport {
        code: "E004",
        name: "tab-in-export",
        severity: Error,
        group: Export,
        section: "PBN 2.3",
        summary: "Export format: a tab character",
        doc: doc!(
            what: r#"In export format, any horizontal or vertical tab."#,
            why: r#"PBN 2.3: "Tab characters, both horizontal and vertical, are not permitted in the export format"."#,
            example: "% EXPORT\nSA\tS2",
            fix: r#"Replace tabs by spaces, or run `pbnfmt export`."#,
        ),
    }
    SeveralTagsOnALine {
        code: "E005",
        name: "several-tags-on-one-line",
        severity: Error,
        group: Export,
        section: "PBN 3.3",
        summary: "Export format: a tag pair that does not stand alone on its line",
        doc: doc!(
            what: r#"In export format, a tag pair that shares its line with another tag pair or data, or does not start the line."#,
            why: r#"PBN 3.3 (after PGN 8.1.1): export format "requires each tag pair to appear left justified on a line by itself"."#,
            example: "% EXPORT\n[Event \"Club\"] [Site \"Delft\"]",
            fix: r#"Run `pbnfmt export`."#,
        ),
    }
    IrregularSectionLine {
        code: "E006",
        name: "irregular-section-line",
        severity: Error,
        group: Export,
        section: "PBN 3.5",
        summary: "Export format: an auction or play line without 4 positions from the dealer or leader",
        doc: doc!(
            what: r#"In export format, the auction starts with the dealer and the play with the opening leader (no `-` fill), and each line holds 4 calls or cards; fewer only at the end or before a comment or long annotation."#,
            why: r#"PBN 3.5 and 3.6: "Each auction line contains 4 calls. Only due to much annotation, a line may contain less than 4 calls. The call of the dealer always starts left justified at a new line." The same holds for cards."#,
            example: "% EXPORT\n[Auction \"N\"]\n1S Pass\n4S AP",
            fix: r#"Run `pbnfmt export`."#,
        ),
    }
    LowercaseInExport {
        code: "E007",
        name: "lowercase-in-export",
        severity: Error,
        group: Export,
        section: "PBN 3.11",
        summary: "Export format: a lowercase seat, suit, rank, call or vulnerability",
        doc: doc!(
            what: r#"In export format, the lowercase import forms of PBN 3.11 (`n`, `s`, `pass`, `x`, `ap`, `none`, `sk`, ...) in the Dealer, Vulnerable, Deal, Declarer, Contract, Auction and Play tags and sections."#,
            why: r#"PBN 3.11: "In export format, only uppercase characters are allowed"."#,
            example: "% EXPORT\n[Dealer \"n\"]",
            fix: r#"Run `pbnfmt export`."#,
        ),
    }
    NonCanonicalValue {
        code: "E008",
        name: "non-canonical-value",
        severity: Error,
        group: Export,
        section: "PBN 3.4.11",
        summary: "Export format: a value not in its export form (Vulnerable, Deal, Result)",
        doc: doc!(
            what: r#"In export format: Vulnerable `Love`, `-` or `Both` (PBN 3.4.10: export uses `None` and `All`); a Deal whose `<first>` is not the dealer or whose ranks are not in descending order (PBN 3.4.11); a Result not given as declarer's tricks (PBN 3.4.15)."#,
            why: r#"PBN 3.4.10, 3.4.11 and 3.4.15 each fix one export spelling, so that export files are identical byte for byte."#,
            example: "% EXPORT\n[Vulnerable \"Both\"]",
            fix: r#"Run `pbnfmt export`."#,
        ),
    }
    NonCanonicalAnnotation {
        code: "E009",
        name: "non-canonical-annotation",
        severity: Error,
        group: Export,
        section: "PBN 3.5.2",
        summary: "Export format: a suffix, or annotations not in the order note, NAGs ascending",
        doc: doc!(
            what: r#"In export format, a suffix annotation (`!`, `?`, ...) instead of its NAG, or a call's or card's annotations not in the order: note reference, then NAGs in increasing order."#,
            why: r#"PBN 3.5.2 and 3.6.2: "In export format, the order is: the optional note reference, and then the NAGs in increasing order of the NAG values. The optional suffix has been translated into the corresponding NAG"."#,
            example: "% EXPORT\n1S !! =1= $25",
            fix: r#"Write `1S =1= $3 $25`, or run `pbnfmt export`."#,
        ),
    }
    NonEmptySeparator {
        code: "E010",
        name: "non-empty-game-separator",
        severity: Error,
        group: Export,
        section: "PBN 3",
        summary: "Export format: games not separated by exactly one empty line",
        doc: doc!(
            what: r#"In export format, a game separated from the previous one by a line with spaces or tabs, or by more than one empty line."#,
            why: r#"PBN 3: "In export format, each game (except for the first) must start with an empty text line"."#,
            example: "% EXPORT\n[Event \"A\"]\n  \n[Event \"B\"]",
            fix: r#"Run `pbnfmt export`."#,
        ),
    }
    UnencodableCharacter {
        code: "W001",
        name: "unencodable-character",
        severity: Error,
        group: Write,
        section: "PBN 2.2",
        summary: "Export: a character the output encoding cannot hold",
        doc: doc!(
            what: r#"`pbnfmt export --encoding latin-1` (or a Latin-1 input exported as it is) meets a character that the output encoding cannot represent, such as `♠` in Latin-1. The file is not written."#,
            why: r#"PBN 2.2: "PBN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) character set." A character that cannot be encoded would have to be replaced, and pbnfmt never replaces silently."#,
            example: "{Board 1: 4♠ made}",
            fix: r#"Export in UTF-8 (`--encoding utf-8`), write the character another way (`\S` is the PBN 3.8 notation for spades in comments), or accept `?` for it with `--force`."#,
        ),
    }
    ConflictingDuplicateTag {
        code: "W002",
        name: "conflicting-duplicate-tag",
        severity: Error,
        group: Write,
        section: "PBN 3.4",
        summary: "Export: a tag given twice in a game with different values",
        doc: doc!(
            what: r#"A game with two tag pairs of one name (other than Note) whose values differ, or whose later pair has comments or data after it. A repeated tag with the same value is simply written once."#,
            why: r#"PBN 3.4: "In export format, tag pairs may only occur once." Writing one of the two values loses the other; often two games ran together because the empty line between them is missing (PBN 3)."#,
            example: "[Room \"Open\"]\n[Room \"IMP\"]",
            fix: r#"Remove the wrong tag, or separate the games with an empty line. `--force` keeps the first tag and drops the later one."#,
        ),
    }
    EmbeddedPbn {
        code: "W003",
        name: "embedded-pbn",
        severity: Error,
        group: Write,
        section: "PBN 6.2",
        summary: "Export: PBN embedded in another document between `<PBN>` and `</PBN>`",
        doc: doc!(
            what: r#"A file whose PBN text stands between `<PBN>` and `</PBN>` inside another document (HTML, a word-processor export). The export of the PBN text would lose the document around it."#,
            why: r#"PBN 6.2: "The delimiters do not occur in a PBN file itself." An export is a PBN file, so the document around the PBN text cannot be part of it."#,
            example: "<html><PBN>[Event \"Club\"]</PBN></html>",
            fix: r#"Cut the PBN text out of the document, or run `pbnfmt export --force`, which writes the PBN text alone."#,
        ),
    }
    UnfaithfulExport {
        code: "W004",
        name: "unfaithful-export",
        severity: Error,
        group: Write,
        section: "PBN 2.1",
        summary: "Export: the export would not read back as the input (a pbnfmt bug)",
        doc: doc!(
            what: r#"Before writing, `pbnfmt export` reads its export back and compares every tag value, call, card, annotation, note, section element, comment and `%` line with the input, then exports the export again and requires the same bytes. This rule reports a difference; the file is not written."#,
            why: r#"PBN 2.1: a program writing export format "guarantees the portability of PBN files"; it must not change what the file says. A difference is a bug in pbnfmt, never in the input."#,
            example: "(any file that makes pbnfmt misbehave)",
            fix: r#"Report it with the file. `--force` writes the export anyway."#,
        ),
    }
    UnwritableInheritedValue {
        code: "W005",
        name: "unwritable-inherited-value",
        severity: Error,
        group: Write,
        section: "PBN 4.8",
        summary: "Resolve: an inherited value that written out would read as `#` or `##` again",
        doc: doc!(
            what: r####"A value inherited through `#` or `##` that is itself `#` or begins with `##` (`[Event "###"]` gives later games the value `#`). `pbnfmt resolve` and `pbnfmt export --resolve` cannot write it plainly: it would inherit again."####,
            why: r###"PBN 4.8: `"#"` and values beginning with `##` mean inheritance, so such a value has no plain spelling. `resolve` leaves the tag as it is and says so; `export --resolve` refuses the file."###,
            example: "[Event \"###\"]\n\n[Event \"#\"]",
            fix: r#"Change the value where it is given, e.g. `[Event "No. 1"]`."#,
        ),
    }
    UnusedSuppression {
        code: "U001",
        name: "unused-suppression",
        severity: Warning,
        section: "PBN 2.4",
        summary: "A `% pbnfmt: ignore` line that suppresses no finding",
        doc: doc!(
            what: r#"A suppression line, `% pbnfmt: ignore CODES reason` (the next game) or `% pbnfmt: ignore-file CODES reason` (the whole file), that names a rule which ran and found nothing where the line applies. Rules that did not run (not selected) are not judged."#,
            why: r#"Suppressions are written in PBN 2.4 escape lines, which other programs skip. One that no longer hides anything was left behind after the data was mended, and would hide the next real problem of that kind."#,
            example: "% pbnfmt: ignore D003 misprint in the hand record\n[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]",
            fix: r#"Delete the line, or the code that no longer applies."#,
        ),
    }
    InvalidSuppression {
        code: "U002",
        name: "invalid-suppression",
        severity: Warning,
        section: "PBN 2.4",
        summary: "A `% pbnfmt:` line that pbnfmt cannot read: unknown directive or rule",
        doc: doc!(
            what: r#"A PBN 2.4 escape line starting `% pbnfmt:` whose directive is not `ignore` or `ignore-file`, or whose rule list is missing or names no rule. The codes are one word, comma-separated: `% pbnfmt: ignore D003,A004 reason`."#,
            why: r#"A suppression that does not suppress what its writer meant leaves findings in the report, or worse, looks as if it hid them."#,
            example: "% pbnfmt: ignore D999 no such rule",
            fix: r#"Spell the directive `ignore` or `ignore-file`, followed by rule codes or names (`pbnfmt rule --all` lists them)."#,
        ),
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
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
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
