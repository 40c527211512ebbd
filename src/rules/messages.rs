//! What users read: the wording of each syntax finding, built from the rule, the span and the text
//! around it. The lexer and parser only record which rule fired where (style: "the lexer flags, one
//! place words").

use std::ops::Range;

use crate::diagnostic::Diagnostic;
use crate::rules::Rule;
use crate::syntax::SyntaxError;

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

/// Words a syntax error in `text` the way a user can act on.
pub fn syntax_diagnostic(error: &SyntaxError, text: &str) -> Diagnostic {
    let found = slice(text, &error.span);
    let quoted = excerpt(found);
    let context = error.context.as_ref().map(|span| slice(text, span));
    let tag = context.unwrap_or("this");
    let span = usize_range(&error.span);
    let diagnostic = |message: String| Diagnostic::new(error.rule, span.clone(), message);
    match error.rule {
        Rule::UnterminatedString => diagnostic("string is not closed: its closing quote is missing".into())
            .with_label("the string starts here and runs to the end of the line")
            .with_help("end the string with `\"` on the same line; a quote inside a string is written `\\\"`"),
        Rule::UnterminatedComment => {
            let before_tag = text
                .get(span.end..)
                .is_some_and(|rest| rest.trim_start_matches(['\r', '\n']).starts_with('['));
            let message = if before_tag {
                "`{` comment is not closed before the next tag pair"
            } else {
                "`{` comment is never closed"
            };
            diagnostic(message.into())
                .with_label("comment starts here")
                .with_help("add `}` where the comment ends; pbnfmt reads the tag pairs after it as tag pairs")
        }
        Rule::MissingTagName => diagnostic("tag pair has no tag name".into())
            .with_help("a tag pair is `[Name \"value\"]`, for example `[Dealer \"N\"]`"),
        Rule::MissingTagValue => {
            let value = found.trim_end_matches(']').trim();
            if found == "]" || value.is_empty() {
                diagnostic(format!("the {tag} tag has no value"))
                    .with_label("expected a quoted value before this")
                    .with_help(format!("write the value in quotes: `[{tag} \"...\"]`; an unknown value is `\"?\"`"))
            } else {
                diagnostic(format!("the value of the {tag} tag is not in quotes"))
                    .with_label("not a quoted string")
                    .with_help(format!("write `[{tag} \"{}\"]`", excerpt(value)))
            }
        }
        Rule::UnclosedTagPair => diagnostic(format!("the {tag} tag pair is not closed with `]`"))
            .with_help("add `]` after the value"),
        Rule::UnexpectedInTagPair => diagnostic(format!("unexpected `{quoted}` after the value of the {tag} tag"))
            .with_label("expected `]` here")
            .with_help("if the value contains a quote, write it as `\\\"` inside the string"),
        Rule::CommentInTagPair => diagnostic(match context {
            Some(name) => format!("comment inside the {name} tag pair"),
            None => "comment inside a tag pair".to_owned(),
        })
            .with_help("move the comment after the `]`"),
        Rule::StrayText if found == "]" => diagnostic("`]` closes no tag pair".into())
            .with_help("remove it, or add the `[Name \"value\"` it was meant to close"),
        Rule::StrayText => diagnostic(format!("`{quoted}` is outside any tag pair"))
            .with_help("make it a comment with `{ }`, or remove it"),
        Rule::UnknownCall => {
            let message = format!("`{quoted}` is not a call");
            let help = match call_suggestion(found) {
                Some(call) => format!("PBN writes this call as `{call}` (PBN 3.5.1)"),
                None => "a call is Pass, X, XX, AP, `-`, or a bid from 1C to 7NT (PBN 3.5.1)".into(),
            };
            diagnostic(message).with_help(help)
        }
        Rule::UnknownCard => {
            let message = format!("`{quoted}` is not a card");
            let help = match card_suggestion(found) {
                Some(card) => format!("PBN writes this card as `{card}` (PBN 3.6.1)"),
                None => "a card is a suit S, H, D, C and a rank A K Q J T 9-2, such as `ST`; `-` is an unknown card (PBN 3.6.1)".into(),
            };
            diagnostic(message).with_help(help)
        }
        Rule::UnattachedAnnotation if found.starts_with('^') => {
            diagnostic(format!("`{quoted}` marks no call or card: nothing follows it"))
                .with_help("an irregularity stands right before the bid or card it marks, as in `^I 1C` (PBN 3.9)")
        }
        Rule::UnattachedAnnotation => diagnostic(format!("`{quoted}` annotates nothing: no call or card comes before it"))
            .with_help("put the annotation after the call or card it belongs to, as in `1S =1=` (PBN 3.5.2)"),
        Rule::UnexpectedInSection => {
            let section = match context {
                Some("Play") => "play",
                _ => "auction",
            };
            diagnostic(format!("`{quoted}` cannot stand in the {section}"))
                .with_help("write remarks as a comment in `{ }`")
        }
        Rule::ForbiddenInSectionToken => diagnostic(format!("`{quoted}` is not allowed in a section token"))
            .with_help("put the element in quotes to use this character"),
        Rule::NonAsciiOutsideString => {
            let suit = found
                .chars()
                .find_map(|c| crate::bridge::Suit::from_symbol(c).map(crate::bridge::Suit::letter));
            let help = match suit {
                Some(letter) => format!("write the suit as its letter `{letter}`"),
                None => "non-ASCII characters may only stand in strings and comments".into(),
            };
            diagnostic(format!("non-ASCII `{quoted}` outside a string or comment")).with_help(help)
        }
        Rule::ControlCharacter => {
            let first = found.chars().next().unwrap_or('\0');
            let count = found.chars().count();
            let message = if count > 1 {
                format!("{count} control characters (U+{:04X} ...) outside a string or comment", first as u32)
            } else {
                format!("control character U+{:04X} outside a string or comment", first as u32)
            };
            let help = if first == '\0' {
                "NUL bytes usually mean UTF-16 without a byte-order mark: try `--encoding utf-16le`"
            } else {
                "remove the character; only tabs and line ends may stand between tokens"
            };
            diagnostic(message).with_help(help)
        }
        Rule::UnmatchedBrace => diagnostic("`}` closes no comment".into())
            .with_label("no `{` comment is open here")
            .with_help("brace comments do not nest: the first `}` ended the comment; use ( ) inside comments"),
        Rule::InvalidTagName => diagnostic(format!("`{quoted}` is not a valid tag name"))
            .with_help("a tag name is letters, digits and `_`, starting with a letter"),
        // File-level and semantic rules are worded where they are found (`check`, the rule
        // families); the parser never reports them.
        _ => diagnostic(error.rule.info().summary.to_owned()),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(call_suggestion("p").as_deref(), Some("Pass"));
        assert_eq!(call_suggestion("2N").as_deref(), Some("2NT"));
        assert_eq!(call_suggestion("DBL").as_deref(), Some("X"));
        assert_eq!(call_suggestion("9N"), None);
        assert_eq!(card_suggestion("S10").as_deref(), Some("ST"));
        assert_eq!(card_suggestion("--").as_deref(), Some("-"));
        assert_eq!(card_suggestion("Z9"), None);
    }

    #[test]
    fn excerpt_cuts_long_text_on_a_character_boundary() {
        let long = "é".repeat(100);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT + 1);
        assert!(cut.ends_with('…'));
    }
}
