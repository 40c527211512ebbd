//! What users read: the wording of each syntax finding, built from the rule, the span and the text
//! around it. The lexer and parser only record which rule fired where (style: "the lexer flags, one
//! place words").

use std::ops::Range;

use crate::bridge::Suit;
use crate::rules::diagnostic::{Diagnostic, Fix, Severity};
use crate::rules::{Fixability, Rule, RuleInfo};
use crate::syntax::{Problem, SyntaxError};

// The rules of this family: see [`crate::rules`].

pub const UNTERMINATED_STRING: RuleInfo = RuleInfo {
    code: "S001",
    name: "unterminated-string",
    severity: Severity::Error,
    section: "PBN 3.2",
    summary: "A string has no closing quote on its line",
    what: "A string token (`\"...\"`) whose closing quote is missing before the end of the line.",
    why: "PBN 3.2: a string is delimited by a pair of quotes and, being a token, never crosses a \
        line. A quote inside a string is written `\\\"`, a backslash `\\\\`.",
    example: "```\n\
        [Event \"Club Pairs]\n\
        ```",
    fix: "Add the closing quote: `[Event \"Club Pairs\"]`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UNTERMINATED_COMMENT: RuleInfo = RuleInfo {
    code: "S002",
    name: "unterminated-comment",
    severity: Severity::Error,
    section: "PBN 3.8",
    summary: "A `{` comment is not closed",
    what: "A brace comment with no `}` before the end of the file, or one that never closes \
        legally: a well-formed tag pair line comes before its `}`, and after it no `}` at all, \
        or another `{` or a second tag pair line first (pbnfmt's recovery point: see \
        `docs/spec-decisions.md`). Lines such as `[show S]` inside a comment are comment text.",
    why: "PBN 3.8: a brace comment runs to the next `}`. A forgotten `}` silently turns the tags \
        that follow into comment text; pbnfmt ends the comment at the next tag line instead and \
        says so.",
    example: "```\n\
        {Par: 4S by North\n\
        [Declarer \"N\"]\n\
        ```",
    fix: "Close the comment: `{Par: 4S by North}`. `pbnfmt fix --unsafe-fixes` closes it at the \
        end of its text, before the tag line where pbnfmt's reading ends it (Bridge Composer \
        leaves GIB's `{Feasability: ...` open so).",
    fixable: Fixability::Unsafe,
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const MISSING_TAG_NAME: RuleInfo = RuleInfo {
    code: "S003",
    name: "missing-tag-name",
    severity: Severity::Error,
    section: "PBN 3.3",
    summary: "A tag pair has no tag name",
    what: "A `[` that is not followed by a tag name.",
    why: "PBN 3.3: a tag pair is four tokens: `[`, a name, a string, `]`.",
    example: "```\n\
        [\"N\"]\n\
        ```",
    fix: "Give the name: `[Dealer \"N\"]`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const MISSING_TAG_VALUE: RuleInfo = RuleInfo {
    code: "S004",
    name: "missing-tag-value",
    severity: Severity::Error,
    section: "PBN 3.3",
    summary: "A tag pair has no quoted value",
    what: "A tag name that is not followed by a string token: the value is missing or not in \
        quotes.",
    why: "PBN 3.3: the tag value is a string token. Even an unknown or empty value is written, as \
        `\"?\"` or `\"\"` (PBN 3.4).",
    example: "```\n\
        [Dealer N]\n\
        ```",
    fix: "Quote the value: `[Dealer \"N\"]`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UNCLOSED_TAG_PAIR: RuleInfo = RuleInfo {
    code: "S005",
    name: "unclosed-tag-pair",
    severity: Severity::Error,
    section: "PBN 3.3",
    summary: "A tag pair has no closing `]`",
    what: "A tag pair whose `]` is missing before the next tag pair or the end of the game.",
    why: "PBN 3.3: a tag pair ends with the `]` token.",
    example: "```\n\
        [Event \"Club Pairs\"\n\
        [Site \"Delft\"]\n\
        ```",
    fix: "Add the `]`: `[Event \"Club Pairs\"]`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UNEXPECTED_TOKEN_IN_TAG_PAIR: RuleInfo = RuleInfo {
    code: "S006",
    name: "unexpected-token-in-tag-pair",
    severity: Severity::Error,
    section: "PBN 3.3",
    summary: "Something other than `]` follows a tag value",
    what: "Tokens between a tag value and its `]`. The usual cause is a quote inside a value that \
        is not written as `\\\"`, which ends the string early.",
    why: "PBN 3.3: a tag pair is exactly `[`, name, string, `]`.",
    example: "```\n\
        [Event \"The \"Spring\" Pairs\"]\n\
        ```",
    fix: "Escape inner quotes: `[Event \"The \\\"Spring\\\" Pairs\"]`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const COMMENT_INSIDE_TAG_PAIR: RuleInfo = RuleInfo {
    code: "S007",
    name: "comment-inside-tag-pair",
    severity: Severity::Error,
    section: "PBN 3.8",
    summary: "A comment inside a tag pair",
    what: "A `;` or `{` comment between the `[` and `]` of a tag pair.",
    why: "PBN 3.8: comments cannot appear inside any token, nor inside a tag pair. pbnfmt keeps \
        the comment and reads it as following the tag.",
    example: "```\n\
        [Event {spring} \"Club Pairs\"]\n\
        ```",
    fix: "Move the comment after the `]`: `[Event \"Club Pairs\"] {spring}`.",
    ..RuleInfo::BASE
};

pub const TEXT_OUTSIDE_TAG_PAIR: RuleInfo = RuleInfo {
    code: "S008",
    name: "text-outside-tag-pair",
    severity: Severity::Error,
    section: "PBN 3",
    summary: "Text that belongs to no tag pair and no section",
    what: "Text before the first tag pair of a game, or a `]` with no tag pair to close.",
    why: "PBN 3: a game is tag pairs, their sections and comments. Text in front of the first tag \
        belongs to nothing; a stray `]` usually means a tag pair was broken.",
    example: "```\n\
        Board 1\n\
        [Board \"1\"]\n\
        ```",
    fix: "Make the text a comment (`{Board 1}`) or remove it.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UNKNOWN_CALL: RuleInfo = RuleInfo {
    code: "S009",
    name: "unknown-call",
    severity: Severity::Error,
    section: "PBN 3.5.1",
    summary: "A token in the auction that is not a call",
    what: "A word in the auction section that is none of `Pass`, `X`, `XX`, `AP`, `-`, or a bid \
        of a level 1-7 and a denomination `C`, `D`, `H`, `S`, `NT` (lowercase is accepted, PBN \
        3.11).",
    why: "PBN 3.5.1 lists every call token. A word that is none of them, nor one of the loose \
        spellings every player reads (`1N`, `P`, `Dbl`, which A017 reports and `pbnfmt fix` \
        repairs), cannot be read as a call.",
    example: "```\n\
        [Auction \"N\"]\n\
        1C Pas 2Q Pass\n\
        ```",
    fix: "Use the standard tokens: `1C Pass 2C Pass`. (`1N`, `P` and `Dbl` are read as the \
        calls they mean: A017.)",
    ..RuleInfo::BASE
};

pub const UNKNOWN_CARD: RuleInfo = RuleInfo {
    code: "S010",
    name: "unknown-card",
    severity: Severity::Error,
    section: "PBN 3.6.1",
    summary: "A token in the play that is not a card",
    what: "A word in the play section that is neither `-` nor a suit `S`, `H`, `D`, `C` followed \
        by a rank `A K Q J T 9 8 7 6 5 4 3 2` (lowercase is accepted, PBN 3.11).",
    why: "PBN 3.6.1 lists every card token. A ten is `T`, not `10`; an unknown card is a single \
        `-`.",
    example: "```\n\
        [Play \"W\"]\n\
        S10 -- H2 HA\n\
        ```",
    fix: "Use the standard tokens: `ST - H2 HA`.",
    ..RuleInfo::BASE
};

pub const UNATTACHED_ANNOTATION: RuleInfo = RuleInfo {
    code: "S011",
    name: "unattached-annotation",
    severity: Severity::Error,
    section: "PBN 3.5.2",
    summary: "An annotation or irregularity with no call or card to belong to",
    what: "A suffix (`!`), note reference (`=1=`) or NAG (`$5`) with no call or card before it in \
        the section, and an irregularity (`^I`, `^R`, `^L`) with no call or card after it.",
    why: "PBN 3.5.2 and 3.6.2: annotations follow the call or card they annotate; PBN 3.9: `^I`, \
        `^R` and `^L` precede the bid or card they mark.",
    example: "```\n\
        [Auction \"N\"]\n\
        =1= 1S Pass\n\
        ```",
    fix: "Put the annotation after its call: `1S =1= Pass`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UNEXPECTED_TOKEN_IN_SECTION: RuleInfo = RuleInfo {
    code: "S012",
    name: "unexpected-token-in-section",
    severity: Severity::Error,
    section: "PBN 3.5",
    summary: "A token that cannot stand in an auction or play section",
    what: "A string or punctuation in the auction or play section, where only calls or cards, \
        their annotations, irregularities, `*` and `+` may stand.",
    why: "PBN 3.5 and 3.6 define the content of both sections; anything else is either a typing \
        error or a comment written without its braces.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S, Pass\n\
        ```",
    fix: "Remove the stray characters, or write them as a comment: `1S {, } Pass`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const FORBIDDEN_CHARACTER_IN_SECTION_TOKEN: RuleInfo = RuleInfo {
    code: "S013",
    name: "forbidden-character-in-section-token",
    severity: Severity::Error,
    section: "PBN 5.1",
    summary: "A section token with a character it may not contain",
    what: "A character in the data of a supplemental section that a section token may not hold: \
        `%` (the other excluded characters, `[ ] { ; \"`, start other tokens, and a stray `}` is \
        S017).",
    why: "PBN 3.2 and PBN 5.1: a section token is ASCII 33-126 without `[ ] { } ; \" %`, so that \
        a reader can skip any section without understanding it. Text with such characters goes \
        into a string.",
    example: "```\n\
        [ScoreTable \"Rank;Score_NS\"]\n\
        1 50%\n\
        ```",
    fix: "Quote the element: `1 \"50%\"`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const NON_ASCII_OUTSIDE_STRING: RuleInfo = RuleInfo {
    code: "S014",
    name: "non-ascii-outside-string",
    severity: Severity::Error,
    section: "PBN 2.2",
    summary: "A non-ASCII character outside strings and comments",
    what: "A character outside 7-bit ASCII in a name, call, card or section token.",
    why: "PBN 2.2: printing characters outside seven-bit ASCII may only appear in string data and \
        in commentary; they are not permitted for symbol construction.",
    example: "```\n\
        [Auction \"N\"]\n\
        1♠ Pass\n\
        ```",
    fix: "Use the ASCII token (`1S`), or quote the text.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const CONTROL_CHARACTER: RuleInfo = RuleInfo {
    code: "S015",
    name: "control-character",
    severity: Severity::Error,
    section: "PBN 2.2",
    summary: "A control character outside strings and comments",
    what: "A control character (NUL, form feed, escape, DEL, ...) between tokens. Tabs and line \
        ends are allowed.",
    why: "PBN 2.2: besides horizontal and vertical tab and the line-end characters, no ASCII \
        control characters are permitted. A file full of NUL bytes is usually UTF-16 without its \
        byte-order mark.",
    example: "A NUL byte between two tag pairs.",
    fix: "Remove the character; for UTF-16 without a BOM, use `--encoding utf-16le` (or \
        `utf-16be`).",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const INVALID_TAG_NAME: RuleInfo = RuleInfo {
    code: "S016",
    name: "invalid-tag-name",
    severity: Severity::Error,
    section: "PBN 3.3",
    summary: "A tag name with characters a name token cannot hold",
    what: "A tag name that does not start with a letter, or that contains a character other than \
        letters, digits and `_`.",
    why: "PBN 3.2: a name token consists of letters, digits and underscores; PBN 3.3: tag names \
        begin with a letter (an upper-case one; the case is checked by the tag rules).",
    example: "```\n\
        [Score-NS \"420\"]\n\
        ```",
    fix: "Use a valid name: `[Score \"NS 420\"]`.",
    ..RuleInfo::BASE
};

pub const UNMATCHED_CLOSING_BRACE: RuleInfo = RuleInfo {
    code: "S017",
    name: "unmatched-closing-brace",
    severity: Severity::Error,
    section: "PBN 3.8",
    summary: "A `}` that closes no comment",
    what: "A `}` outside any comment. The usual cause is a brace comment written with braces \
        inside it: the first `}` ends the comment, and the rest of it is read as PBN data.",
    why: "PBN 3.8: brace comments do not nest; a `{` inside a brace comment is ordinary text, and \
        the comment ends at the first `}`.",
    example: "```\n\
        {Par is 4S {by North}}\n\
        ```",
    fix: "Do not nest braces in a comment: `{Par is 4S (by North)}`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

/// Longest excerpt of the input quoted in a message.
const EXCERPT: usize = 40;

/// `text` cut to a readable length, on a character boundary.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

fn slice<'a>(text: &'a str, span: &Range<u32>) -> &'a str {
    text.get(span.start as usize..span.end as usize)
        .unwrap_or("")
}

fn usize_range(span: &Range<u32>) -> Range<usize> {
    span.start as usize..span.end as usize
}

/// A syntax error with the text it is about, for the wording functions below.
struct Found<'t> {
    rule: Rule,
    span: Range<usize>,
    /// The text of the span.
    text: &'t str,
    /// [`Found::text`] cut to a readable length.
    quoted: String,
    /// The text of the error's context: the tag pair's name, or the section's tag.
    context: Option<&'t str>,
    /// What follows the span in the file.
    rest: &'t str,
}

impl Found<'_> {
    fn diagnostic(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.rule, self.span.clone(), message.into())
    }

    /// The tag the error is in, for messages: "the Event tag", or "this tag" when its name is not
    /// known.
    fn the_tag(&self) -> String {
        match self.context {
            Some(name) => format!("the {name} tag"),
            None => "this tag".to_owned(),
        }
    }

    /// The tag's name for an example of the right spelling, or `Name`.
    fn name(&self) -> &str {
        self.context.unwrap_or("Name")
    }
}

/// The rule of each syntax problem: the parser reports problems as data, and this match, with
/// no fallback, is where each gets its code, its severity and (below) its words.
impl From<Problem> for Rule {
    fn from(problem: Problem) -> Rule {
        match problem {
            Problem::UnterminatedString => Rule::UnterminatedString,
            Problem::UnterminatedComment => Rule::UnterminatedComment,
            Problem::MissingTagName => Rule::MissingTagName,
            Problem::MissingTagValue => Rule::MissingTagValue,
            Problem::UnclosedTagPair => Rule::UnclosedTagPair,
            Problem::UnexpectedTokenInTagPair => Rule::UnexpectedTokenInTagPair,
            Problem::CommentInsideTagPair => Rule::CommentInsideTagPair,
            Problem::TextOutsideTagPair => Rule::TextOutsideTagPair,
            Problem::UnknownCall => Rule::UnknownCall,
            Problem::UnknownCard => Rule::UnknownCard,
            Problem::UnattachedAnnotation => Rule::UnattachedAnnotation,
            Problem::UnexpectedTokenInSection => Rule::UnexpectedTokenInSection,
            Problem::ForbiddenCharacterInSectionToken => Rule::ForbiddenCharacterInSectionToken,
            Problem::NonAsciiOutsideString => Rule::NonAsciiOutsideString,
            Problem::ControlCharacter => Rule::ControlCharacter,
            Problem::UnmatchedClosingBrace => Rule::UnmatchedClosingBrace,
            Problem::InvalidTagName => Rule::InvalidTagName,
        }
    }
}

/// The rule a syntax error breaks.
pub fn rule_of(error: &SyntaxError) -> Rule {
    Rule::from(error.problem)
}

/// Words a syntax error in `text` the way a user can act on: one function per problem.
pub fn syntax_diagnostic(error: &SyntaxError, text: &str) -> Diagnostic {
    let span = usize_range(&error.span);
    let found_text = slice(text, &error.span);
    let found = Found {
        rule: rule_of(error),
        text: found_text,
        quoted: excerpt(found_text),
        context: error.context.as_ref().map(|span| slice(text, span)),
        rest: text.get(span.end..).unwrap_or(""),
        span,
    };
    let word: fn(&Found) -> Diagnostic = match error.problem {
        Problem::UnterminatedString => unterminated_string,
        Problem::UnterminatedComment => unterminated_comment,
        Problem::MissingTagName => missing_tag_name,
        Problem::MissingTagValue => missing_tag_value,
        Problem::UnclosedTagPair => unclosed_tag_pair,
        Problem::UnexpectedTokenInTagPair => unexpected_token_in_tag_pair,
        Problem::CommentInsideTagPair => comment_inside_tag_pair,
        Problem::TextOutsideTagPair => text_outside_tag_pair,
        Problem::UnknownCall => unknown_call,
        Problem::UnknownCard => unknown_card,
        Problem::UnattachedAnnotation => unattached_annotation,
        Problem::UnexpectedTokenInSection => unexpected_token_in_section,
        Problem::ForbiddenCharacterInSectionToken => forbidden_character_in_section_token,
        Problem::NonAsciiOutsideString => non_ascii_outside_string,
        Problem::ControlCharacter => control_character,
        Problem::UnmatchedClosingBrace => unmatched_closing_brace,
        Problem::InvalidTagName => invalid_tag_name,
    };
    word(&found)
}

fn unterminated_string(found: &Found) -> Diagnostic {
    found
        .diagnostic("the string is not closed: its closing quote is missing")
        .with_label("the string starts here and runs to the end of the line")
        .with_help(
            "end the string with `\"` on the same line; a quote inside a string is \
                written `\\\"`",
        )
}

fn unterminated_comment(found: &Found) -> Diagnostic {
    let before_tag = found.rest.trim_start_matches(['\r', '\n']).starts_with('[');
    let message = if before_tag {
        "`{` comment is not closed before the next tag pair"
    } else {
        "`{` comment is never closed"
    };
    // The comment as pbnfmt reads it ends with its token; `}` after its last character keeps
    // that reading (PBN 3.8). Unsafe: the writer may have meant the comment to end elsewhere.
    let kept = found.text.trim_end().len();
    let end = found.span.start + kept;
    // After an empty line the text would read as another game (PBN 3): no fix then.
    let trailing = &found.text[kept..];
    let one_line_end = trailing.matches('\n').count() + trailing.matches('\r').count()
        - trailing.matches("\r\n").count()
        <= 1;
    let finding = found
        .diagnostic(message)
        .with_label("comment starts here")
        .with_help(
            "add `}` where the comment ends; pbnfmt reads the tag pairs after it \
                    as tag pairs, and `pbnfmt fix --unsafe-fixes` closes it there",
        );
    if !one_line_end {
        return finding;
    }
    finding.with_fix(Fix {
        safety: Fixability::Unsafe,
        title: "close the comment at the end of its text".to_owned(),
        edits: vec![(end..end, "}".to_owned())],
    })
}

fn missing_tag_name(found: &Found) -> Diagnostic {
    found
        .diagnostic("this tag pair has no tag name")
        .with_help("a tag pair is `[Name \"value\"]`, for example `[Dealer \"N\"]`")
}

fn missing_tag_value(found: &Found) -> Diagnostic {
    let (the_tag, name) = (found.the_tag(), found.name());
    let value = found.text.trim_end_matches(']').trim();
    if found.text == "]" || value.is_empty() {
        found
            .diagnostic(format!("{the_tag} has no value"))
            .with_label("expected a quoted value before this")
            .with_help(format!(
                "write the value in quotes: `[{name} \"...\"]`; an unknown value is \
                        `\"?\"`"
            ))
    } else {
        found
            .diagnostic(format!("the value of {the_tag} is not in quotes"))
            .with_label("not a quoted string")
            .with_help(format!("write `[{name} \"{}\"]`", excerpt(value)))
    }
}

fn unclosed_tag_pair(found: &Found) -> Diagnostic {
    found
        .diagnostic(format!("{} pair is not closed with `]`", found.the_tag()))
        .with_help("add `]` after the value")
}

fn unexpected_token_in_tag_pair(found: &Found) -> Diagnostic {
    found
        .diagnostic(format!(
            "unexpected `{}` after the value of {}",
            found.quoted,
            found.the_tag()
        ))
        .with_label("expected `]` here")
        .with_help("if the value contains a quote, write it as `\\\"` inside the string")
}

fn comment_inside_tag_pair(found: &Found) -> Diagnostic {
    let message = match found.context {
        Some(name) => format!("comment inside the {name} tag pair"),
        None => "comment inside a tag pair".to_owned(),
    };
    found
        .diagnostic(message)
        .with_help("move the comment after the `]`")
}

fn text_outside_tag_pair(found: &Found) -> Diagnostic {
    if found.text == "]" {
        return found
            .diagnostic("`]` closes no tag pair")
            .with_help("remove it, or add the `[Name \"value\"` it was meant to close");
    }
    found
        .diagnostic(format!("`{}` is outside any tag pair", found.quoted))
        .with_help("make it a comment with `{ }`, or remove it")
}

fn unknown_call(found: &Found) -> Diagnostic {
    let help = match call_suggestion(found.text) {
        Some(call) => format!("PBN writes this call as `{call}` (PBN 3.5.1)"),
        None => "a call is Pass, X, XX, AP, `-`, or a bid from 1C to 7NT (PBN 3.5.1)".into(),
    };
    found
        .diagnostic(format!("`{}` is not a call", found.quoted))
        .with_help(help)
}

fn unknown_card(found: &Found) -> Diagnostic {
    let help = match card_suggestion(found.text) {
        Some(card) => format!("PBN writes this card as `{card}` (PBN 3.6.1)"),
        None => "a card is a suit S, H, D, C and a rank A K Q J T 9-2, such as `ST`; \
                    `-` is an unknown card (PBN 3.6.1)"
            .into(),
    };
    found
        .diagnostic(format!("`{}` is not a card", found.quoted))
        .with_help(help)
}

fn unattached_annotation(found: &Found) -> Diagnostic {
    let quoted = &found.quoted;
    if found.text.starts_with('^') {
        return found
            .diagnostic(format!(
                "`{quoted}` marks no call or card: nothing follows it"
            ))
            .with_help(
                "an irregularity stands right before the bid or card it marks, as in \
                    `^I 1C` (PBN 3.9)",
            );
    }
    found
        .diagnostic(format!(
            "`{quoted}` annotates nothing: no call or card comes before it"
        ))
        .with_help(
            "put the annotation after the call or card it belongs to, as in `1S \
                =1=` (PBN 3.5.2)",
        )
}

fn unexpected_token_in_section(found: &Found) -> Diagnostic {
    let section = match found.context {
        Some("Play") => "play",
        _ => "auction",
    };
    found
        .diagnostic(format!("`{}` cannot stand in the {section}", found.quoted))
        .with_help("write remarks as a comment in `{ }`")
}

fn forbidden_character_in_section_token(found: &Found) -> Diagnostic {
    found
        .diagnostic(format!(
            "`{}` is not allowed in a section token",
            found.quoted
        ))
        .with_help("put the element in quotes to use this character")
}

fn non_ascii_outside_string(found: &Found) -> Diagnostic {
    let suit = found
        .text
        .chars()
        .find_map(|c| Suit::from_symbol(c).map(Suit::letter));
    let help = match suit {
        Some(letter) => format!("write the suit as its letter `{letter}`"),
        None => "non-ASCII characters may only stand in strings and comments".into(),
    };
    found
        .diagnostic(format!(
            "non-ASCII `{}` outside a string or comment",
            found.quoted
        ))
        .with_help(help)
}

fn control_character(found: &Found) -> Diagnostic {
    let first = found.text.chars().next().unwrap_or('\0');
    let count = found.text.chars().count();
    let message = if count > 1 {
        format!(
            "{count} control characters (U+{:04X} ...) outside a string or comment",
            first as u32
        )
    } else {
        format!(
            "control character U+{:04X} outside a string or comment",
            first as u32
        )
    };
    let help = if first == '\0' {
        "NUL bytes usually mean UTF-16 without a byte-order mark: try `--encoding utf-16le`"
    } else {
        "remove the character; only tabs and line ends may stand between tokens"
    };
    found.diagnostic(message).with_help(help)
}

fn unmatched_closing_brace(found: &Found) -> Diagnostic {
    found
        .diagnostic("`}` closes no comment")
        .with_label("no `{` comment is open here")
        .with_help(
            "brace comments do not nest: the first `}` ended the comment; use ( ) \
                inside comments",
        )
}

fn invalid_tag_name(found: &Found) -> Diagnostic {
    found
        .diagnostic(format!("`{}` is not a valid tag name", found.quoted))
        .with_help("a tag name is letters, digits and `_`, starting with a letter")
}

/// Other programs' spellings of calls, and the PBN token for them.
fn call_suggestion(found: &str) -> Option<String> {
    let upper = found.to_ascii_uppercase();
    let call = match upper.as_str() {
        "P" | "PA" | "PASSES" | "NB" => "Pass".to_owned(),
        "D" | "DBL" | "DOUBLE" => "X".to_owned(),
        "R" | "RDBL" | "REDOUBLE" | "XXX" => "XX".to_owned(),
        _ => {
            let (level, denomination) = upper.split_at_checked(1)?;
            if !matches!(level, "1" | "2" | "3" | "4" | "5" | "6" | "7") {
                return None;
            }
            match denomination {
                "N" | "NO" | "NOTRUMP" | "SA" => format!("{level}NT"),
                _ => return None,
            }
        }
    };
    Some(call)
}

/// Other programs' spellings of cards (`S10`, `10S`, `--`), and the PBN token for them.
fn card_suggestion(found: &str) -> Option<String> {
    let upper = found.to_ascii_uppercase();
    if upper.bytes().all(|b| b == b'-') {
        return Some("-".to_owned());
    }
    let suit = |s: &str| matches!(s, "S" | "H" | "D" | "C");
    if let Some(suit_letter) = upper.strip_suffix("10")
        && suit(suit_letter)
    {
        return Some(format!("{suit_letter}T"));
    }
    if let Some(suit_letter) = upper.strip_prefix("10")
        && suit(suit_letter)
    {
        return Some(format!("{suit_letter}T"));
    }
    None
}

/// A text that draws each S rule, and the text mended ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
