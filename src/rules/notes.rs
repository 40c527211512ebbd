//! Annotations and notes (PBN 3.5.2-3.5.5, 3.6.2-3.6.5, 3.7): NAG ranges and sections, one suffix
//! and one note reference per item, note indices, and references against the Note tags of the
//! same section.

use crate::lexer::{SyntaxKind, token_number};
use crate::model::GameModel;
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::semantic::Checker;
use crate::rules::{Rule, RuleInfo};
use crate::syntax::{Data, TokenId};

// The rules of this family: see [`crate::rules`].

pub const NAG_OUT_OF_RANGE: RuleInfo = RuleInfo {
    code: "N001",
    name: "nag-out-of-range",
    severity: Severity::Error,
    section: "PBN 3.7",
    summary: "A NAG above $255",
    what: "A NAG (`$n`) whose number is above 255.",
    why: "PBN 3.7: \"The value of this integer must be between zero and 255\".",
    example: "```\n\
        [Auction \"N\"]\n\
        1S $256\n\
        ```",
    fix: "Use a NAG from 0 to 255.",
    ..RuleInfo::BASE
};

pub const NAG_IN_WRONG_SECTION: RuleInfo = RuleInfo {
    code: "N002",
    name: "nag-in-wrong-section",
    severity: Severity::Error,
    section: "PBN 3.7",
    summary: "A call NAG ($1-$6, $13) on a card, or a card NAG ($7-$12, $14) on a call",
    what: "NAGs $1-$6 and $13 after a card, NAGs $7-$12 and $14 after a call.",
    why: "PBN 3.7: \"The NAG values $1 .. $6 and $13 may only be used for calls in the auction \
        section. The values $7 .. $12 and $14 may only be used for played cards\".",
    example: "```\n\
        [Play \"W\"]\n\
        SA $1\n\
        ```",
    fix: "Use the card NAG: `SA $7` (a good card).",
    ..RuleInfo::BASE
};

pub const SECOND_SUFFIX: RuleInfo = RuleInfo {
    code: "N003",
    name: "second-suffix",
    severity: Severity::Error,
    section: "PBN 3.5.2",
    summary: "Two suffix annotations (`!`, `?`, ...) on one call or card",
    what: "A call or card followed by more than one suffix annotation.",
    why: "PBN 3.5.2 and 3.6.2: at most one suffix annotation per call or card, because each \
        suffix becomes one NAG in export format.",
    example: "```\n\
        [Auction \"N\"]\n\
        1S ! ?\n\
        ```",
    fix: "Keep one suffix and write the other as a NAG or a comment.",
    ..RuleInfo::BASE
};

pub const SECOND_NOTE_REFERENCE: RuleInfo = RuleInfo {
    code: "N004",
    name: "second-note-reference",
    severity: Severity::Error,
    section: "PBN 3.5.4",
    summary: "Two note references on one call or card",
    what: "A call or card followed by more than one `=n=` note reference.",
    why: "PBN 3.5.4 and 3.6.4: \"A call can be followed by at most one note reference\".",
    example: "```\n\
        [Auction \"N\"]\n\
        2C =1= =2=\n\
        ```",
    fix: "Merge the two notes into one.",
    ..RuleInfo::BASE
};

pub const NOTE_INDEX_OUT_OF_RANGE: RuleInfo = RuleInfo {
    code: "N005",
    name: "note-index-out-of-range",
    severity: Severity::Error,
    section: "PBN 3.5.4",
    summary: "A note index outside 1-32",
    what: "A note reference `=n=` or a Note tag `\"n:text\"` with `n` outside 1..32.",
    why: "PBN 3.5.4 and 3.6.4: \"The value of <note_index> lies between 1 and 32\".",
    example: "```\n\
        [Auction \"N\"]\n\
        2C =33=\n\
        ```",
    fix: "Renumber the notes from 1.",
    ..RuleInfo::BASE
};

pub const UNDEFINED_NOTE: RuleInfo = RuleInfo {
    code: "N006",
    name: "undefined-note",
    severity: Severity::Error,
    section: "PBN 3.5.5",
    summary: "A note reference with no Note of that index in its section",
    what: "A note reference `=n=` in the auction (play) with no `[Note \"n:...\"]` among the \
        auction (play) notes.",
    why: "PBN 3.5.5 and 3.6.5: a note reference is explained by a Note tag placed at the end of \
        the same section.",
    example: "```\n\
        [Auction \"N\"]\n\
        2C =1= Pass\n\
        (no Note 1)\n\
        ```",
    fix: "Add the note after the section: `[Note \"1:strong, artificial\"]`.",
    ..RuleInfo::BASE
};

pub const UNUSED_NOTE: RuleInfo = RuleInfo {
    code: "N007",
    name: "unused-note",
    severity: Severity::Warning,
    section: "PBN 3.5.5",
    summary: "A Note that no call or card of its section refers to",
    what: "A Note tag of the auction (play) section whose index no call (card) refers to.",
    why: "PBN 3.5.5 and 3.6.5: notes explain references in their section. An unused note is often \
        one placed after the wrong section, or a reference lost.",
    example: "```\n\
        [Auction \"N\"]\n\
        2C Pass\n\
        [Note \"1:strong\"]\n\
        ```",
    fix: "Add the reference (`2C =1=`) or remove the note.",
    ..RuleInfo::BASE
};

pub const DUPLICATE_NOTE_INDEX: RuleInfo = RuleInfo {
    code: "N008",
    name: "duplicate-note-index",
    severity: Severity::Error,
    section: "PBN 3.5.5",
    summary: "Two Notes with the same index in one section",
    what: "Two Note tags of the same section with the same `<note_index>`.",
    why: "PBN 3.5.5 and 3.6.5: note tags \"must differ in the value of the <note_index>\".",
    example: "```\n\
        [Note \"1:strong\"]\n\
        [Note \"1:relay\"]\n\
        ```",
    fix: "Renumber one of them, and its references.",
    ..RuleInfo::BASE
};

pub const MISPLACED_NOTE: RuleInfo = RuleInfo {
    code: "N009",
    name: "misplaced-note",
    severity: Severity::Error,
    section: "PBN 3.5.5",
    summary: "A Note tag outside the auction and play sections",
    what: "A Note tag that does not follow the Auction or Play section (or another Note that \
        does).",
    why: "PBN 3.5.5 and 3.6.5: notes are placed at the end of their section; \"They may not be \
        placed in the identification section\".",
    example: "```\n\
        [Note \"1:strong\"]\n\
        [Auction \"N\"]\n\
        2C =1=\n\
        ```",
    fix: "Move the note after the calls or cards it explains.",
    ..RuleInfo::BASE
};

pub const MALFORMED_NOTE: RuleInfo = RuleInfo {
    code: "N010",
    name: "malformed-note",
    severity: Severity::Error,
    section: "PBN 3.5.5",
    summary: "A Note value that is not `<index>:<text>`",
    what: "A Note tag value without a note index and colon before its text.",
    why: "PBN 3.5.5: \"the tag value of the note tag equals: <note_index>:<note_text>\".",
    example: "```\n\
        [Note \"strong club\"]\n\
        ```",
    fix: "Number the note: `[Note \"1:strong club\"]`.",
    ..RuleInfo::BASE
};

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
    use crate::rules::pairs::Pair;
    let north = |calls: &str| format!("[Dealer \"N\"]\n[Auction \"N\"]\n{calls}\n");
    let pair = |rule, fails, passes| Pair::owned(rule, north(fails), north(passes));
    vec![
        pair(Rule::NagOutOfRange, "1S $256 AP", "1S $25 AP"),
        pair(Rule::NagInWrongSection, "1S $7 AP", "1S $1 AP"),
        pair(Rule::SecondSuffix, "1S ! ? AP", "1S ! AP"),
        pair(
            Rule::SecondNoteReference,
            "2C =1= =2= AP\n[Note \"1:strong\"]\n[Note \"2:relay\"]",
            "2C =1= AP\n[Note \"1:strong, relay\"]",
        ),
        pair(
            Rule::NoteIndexOutOfRange,
            "2C =33= AP",
            "2C =1= AP\n[Note \"1:strong\"]",
        ),
        pair(
            Rule::UndefinedNote,
            "2C =1= AP",
            "2C =1= AP\n[Note \"1:strong\"]",
        ),
        pair(
            Rule::UnusedNote,
            "2C AP\n[Note \"1:strong\"]",
            "2C =1= AP\n[Note \"1:strong\"]",
        ),
        pair(
            Rule::DuplicateNoteIndex,
            "2C =1= AP\n[Note \"1:strong\"]\n[Note \"1:relay\"]",
            "2C =1= AP\n[Note \"1:strong\"]",
        ),
        Pair::new(
            Rule::MisplacedNote,
            "[Note \"1:strong\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n2C =1= AP\n",
            "[Dealer \"N\"]\n[Auction \"N\"]\n2C =1= AP\n[Note \"1:strong\"]\n",
        ),
        pair(
            Rule::MalformedNote,
            "2C =1= AP\n[Note \"strong club\"]",
            "2C =1= AP\n[Note \"1:strong club\"]",
        ),
    ]
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
