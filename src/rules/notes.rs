//! Annotations and notes (PBN 3.5.2-3.5.5, 3.6.2-3.6.5, 3.7): NAG ranges and sections, one suffix
//! and one note reference per item, note indices, and references against the Note tags of the
//! same section.

use crate::lexer::{SyntaxKind, token_number};
use crate::model::GameModel;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::syntax::{Data, TokenId};

// The rules of this family: their pages are in `notes.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/notes.rs"));

pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    for (section, notes) in [
        (game.auction, &game.auction_notes),
        (game.play, &game.play_notes),
    ] {
        let Some(index) = section else {
            continue;
        };
        let is_auction = game.tags[index].name == "Auction";
        let refs = annotations(checker, &game.tags[index].pair.data, is_auction);
        note_tags(checker, game, notes, &refs, is_auction);
    }
    for &i in &game.stray_notes {
        let tag = &game.tags[i];
        checker.report(
            Diagnostic::new(
                Rule::MisplacedNote,
                tag.span.clone(),
                "this Note follows neither the auction nor the play",
            )
            .with_help("put each note after the calls or cards it explains (PBN 3.5.5, 3.6.5)"),
        );
    }
}

/// Checks the annotations of every call or card; returns the note references `(index, token)`.
fn annotations(checker: &mut Checker<'_>, data: &[Data], is_auction: bool) -> Vec<(u32, TokenId)> {
    let (parse, text) = (checker.parse, checker.text);
    let span = |id: TokenId| parse.span(id, id);
    let item = if is_auction { "call" } else { "card" };
    let mut refs = Vec::new();
    for mv in data.iter().filter_map(|d| match d {
        Data::Move(mv) => Some(mv),
        _ => None,
    }) {
        let mut suffix: Option<TokenId> = None;
        let mut note: Option<TokenId> = None;
        for &id in parse.annotations(mv) {
            let token_text = parse.text(text, id);
            match parse.kind(id) {
                SyntaxKind::Suffix => {
                    if let Some(first) = suffix {
                        checker.report(second_suffix(span(id), span(first), token_text, item));
                    }
                    suffix.get_or_insert(id);
                }
                SyntaxKind::NoteRef => {
                    let index = token_number(token_text);
                    if !(1..=32).contains(&index) {
                        checker.report(
                            Diagnostic::new(
                                Rule::NoteIndexOutOfRange,
                                span(id),
                                format!("note reference {token_text} is outside 1 to 32"),
                            )
                            .with_help("number notes from 1 to 32 (PBN 3.5.4)"),
                        );
                    }
                    if let Some(first) = note {
                        checker.report(
                            Diagnostic::new(
                                Rule::SecondNoteReference,
                                span(id),
                                format!("a second note reference on one {item}"),
                            )
                            .with_related(span(first), "the first reference")
                            .with_help("merge the two notes into one (PBN 3.5.4, 3.6.4)"),
                        );
                    }
                    note.get_or_insert(id);
                    refs.push((index, id));
                }
                SyntaxKind::Nag => {
                    let value = token_number(token_text);
                    if value > 255 {
                        checker.report(
                            Diagnostic::new(
                                Rule::NagOutOfRange,
                                span(id),
                                format!("NAG {token_text} is above $255"),
                            )
                            .with_help("NAGs run from $0 to $255 (PBN 3.7)"),
                        );
                    }
                    let call_nag = matches!(value, 1..=6 | 13);
                    let card_nag = matches!(value, 7..=12 | 14);
                    if (is_auction && card_nag) || (!is_auction && call_nag) {
                        let (wrong, right) = if is_auction {
                            ("a played card", value.checked_sub(6))
                        } else {
                            ("a call", Some(value + 6))
                        };
                        let help = match right.filter(|_| value != 13 && value != 14) {
                            Some(right) => {
                                format!("the {item} NAG for the same meaning is ${right} (PBN 3.7)")
                            }
                            None => format!(
                                "use ${} on a {item} (PBN 3.7)",
                                if is_auction { 13 } else { 14 }
                            ),
                        };
                        checker.report(
                            Diagnostic::new(
                                Rule::NagInWrongSection,
                                span(id),
                                format!("{token_text} annotates {wrong}, not a {item}"),
                            )
                            .with_help(help),
                        );
                    }
                }
                _ => {}
            }
        }
    }
    refs
}

/// The Note tags of one section against its references.
fn note_tags(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    notes: &[usize],
    refs: &[(u32, TokenId)],
    is_auction: bool,
) {
    let section = if is_auction { "auction" } else { "play" };
    let mut defined: Vec<(u32, usize)> = Vec::new();
    for &i in notes {
        let tag = &game.tags[i];
        let index = tag
            .value
            .split_once(':')
            .and_then(|(index, _)| crate::model::values::unsigned(index));
        let Some(index) = index else {
            // What is missing: the colon after a number (`1 15-17`), or the number itself.
            let number = tag
                .value
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .filter(|digits| !digits.is_empty());
            let message = match number {
                Some(number) if !tag.value.contains(':') => {
                    format!("the colon after the note index is missing: `{number}:` begins a note")
                }
                _ => "this note has no index".to_owned(),
            };
            checker.report(
                Diagnostic::new(Rule::MalformedNote, tag.text_span(), message).with_help(
                    "write the note as `\"<index>:<text>\"`, as in `[Note \"1:strong \
                        club\"]` (PBN 3.5.5)",
                ),
            );
            continue;
        };
        if !(1..=32).contains(&index) {
            checker.report(
                Diagnostic::new(
                    Rule::NoteIndexOutOfRange,
                    tag.text_span(),
                    format!("note index {index} is outside 1 to 32"),
                )
                .with_help("number notes from 1 to 32 (PBN 3.5.4)"),
            );
        }
        if let Some(&(_, first)) = defined.iter().find(|(n, _)| *n == index) {
            checker.report(
                Diagnostic::new(
                    Rule::DuplicateNoteIndex,
                    tag.text_span(),
                    format!("a second {section} note {index}"),
                )
                .with_related(
                    game.tags[first].text_span(),
                    "the first note with this index",
                )
                .with_help("notes of one section have distinct indices (PBN 3.5.5)"),
            );
            continue;
        }
        defined.push((index, i));
        if !refs.iter().any(|(n, _)| *n == index) {
            checker.report(
                Diagnostic::new(
                    Rule::UnusedNote,
                    tag.text_span(),
                    format!(
                        "no {} of the {section} refers to note {index}",
                        if is_auction { "call" } else { "card" }
                    ),
                )
                .with_help(format!(
                    "add the reference `={index}=` after the {} it explains, or remove the \
                        note (PBN 3.5.5)",
                    if is_auction { "call" } else { "card" }
                )),
            );
        }
    }
    let mut reported: Vec<u32> = Vec::new();
    for &(index, token) in refs {
        if (1..=32).contains(&index)
            && !defined.iter().any(|(n, _)| *n == index)
            && !reported.contains(&index)
        {
            reported.push(index);
            checker.report(
                Diagnostic::new(
                    Rule::UndefinedNote,
                    checker.parse.span(token, token),
                    format!("no {section} note {index} explains this reference"),
                )
                .with_help(format!(
                    "add `[Note \"{index}:...\"]` after the {section} (PBN 3.5.5, 3.6.5)"
                )),
            );
        }
    }
}

/// An annotated auction that draws each note rule, and the auction mended
/// ([`crate::rules::pairs`]).
/// N003: the suffix `token` at `span`, after the first one at `first`, on one `item` (call or
/// card).
pub fn second_suffix(
    span: std::ops::Range<usize>,
    first: std::ops::Range<usize>,
    token: &str,
    item: &str,
) -> Diagnostic {
    Diagnostic::new(
        Rule::SecondSuffix,
        span,
        format!("a second suffix `{token}` on one {item}"),
    )
    .with_related(first, "the first suffix")
    .with_help(
        "a call or card takes at most one suffix; write the other as a NAG (PBN 3.5.2, 3.6.2)",
    )
}

/// N003 (`second_suffix`) where `nag` meets it: the suffixes of the move are left as they are.
pub fn second_suffix_left(finding: Diagnostic) -> Diagnostic {
    finding.with_label("left as it is: nag writes neither as a NAG")
}

#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    crate::rules::pairs::Pair::written(include_str!("../../corpus/pairs/notes.txt"))
}

#[cfg(test)]
mod tests {
    use crate::check::{CheckOptions, check_bytes};

    /// N010 says what is missing (issue 61, item 8): the colon after a number written as its
    /// index, or the index itself.
    #[test]
    fn a_note_without_its_colon_is_told_so() {
        let message = |note: &str| {
            let text = format!("[Dealer \"N\"]\n[Auction \"N\"]\n1NT =1= AP\n[Note \"{note}\"]\n");
            let report = check_bytes(text.as_bytes(), &CheckOptions::default());
            report
                .diagnostics
                .iter()
                .find(|d| d.rule.code() == "N010")
                .map(|d| d.message.clone())
        };
        let colon = message("1 15-17").expect("N010");
        assert!(colon.contains("colon") && colon.contains("`1:`"), "{colon}");
        let index = message("strong club").expect("N010");
        assert_eq!(index, "this note has no index");
        assert_eq!(message("1:15-17"), None);
    }
}
