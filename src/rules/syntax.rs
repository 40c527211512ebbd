//! What users read: the wording of each syntax finding, built from the rule, the span and the text
//! around it. The lexer and parser only record which rule fired where (style: "the lexer flags, one
//! place words").

use std::ops::Range;

use crate::bridge::Suit;
use crate::rules::diagnostic::{Diagnostic, Fix};
use crate::rules::{Fixability, Rule};
use crate::syntax::{Problem, SyntaxError};

// The rules of this family: their pages are in `syntax.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/syntax.rs"));

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
