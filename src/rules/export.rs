//! Export-format conformance (PBN 2.1-2.3, 3, 3.3-3.6, 3.11): applied to files that declare
//! `% EXPORT`, or to every file with `--export`. Each rule reports the first place it is broken
//! in a game (or in the file, for line ends), since `pbnfmt export` fixes all of them at once.

use crate::bridge::{CallToken, Seat};
use crate::canon::{Place, place};
use crate::lexer::{SyntaxKind, token_number};
use crate::model::values::{self, PerSide, ResultValue, Vulnerability};
use crate::model::{GameModel, Inheritance, MTS};
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, Fix};
use crate::rules::semantic::Checker;
use crate::source;
use crate::syntax::{Data, Parse, TagPair};

mod sections;
use sections::*;

// The rules of this family: their pages are in `export.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/export.rs"));

/// True when the text has a `% EXPORT` line (PBN 2.4).
pub fn declares_export(parse: &Parse, text: &str) -> bool {
    parse.tokens.iter().any(|token| {
        token.kind == SyntaxKind::Escape
            && token
                .text(text)
                .trim_start_matches('%')
                .trim()
                .eq_ignore_ascii_case("EXPORT")
    })
}

/// True when a `%` line (its text after the `%`, from [`crate::lexer::percent_lines`]) reads `EXPORT`
/// (PBN 2.4). Such a line inside a brace comment is no escape line: [`declares_export`] decides.
pub fn is_export_line(line: &str) -> bool {
    line.trim_start_matches('%')
        .trim()
        .eq_ignore_ascii_case("EXPORT")
}

/// File-wide checks of the text: line ends and tabs.
pub fn check_text(checker: &mut Checker<'_>) {
    let bytes = checker.text.as_bytes();
    if checker.on(Rule::NonCrlfLineEnd)
        && let Some(at) = (0..bytes.len()).find(|&i| {
            (bytes[i] == b'\n' && (i == 0 || bytes[i - 1] != b'\r'))
                || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        })
    {
        let what = if bytes[at] == b'\n' { "LF" } else { "CR" };
        checker.report(
            Diagnostic::new(
                Rule::NonCrlfLineEnd,
                at..at + 1,
                format!("a line ends with {what} alone"),
            )
            .with_label("the first such line end")
            .with_help("export format ends every line with CR LF (PBN 2.3)"),
        );
    }
    // Most texts have no tab: memchr says so without the loop.
    if !checker.on(Rule::TabInExport) || !(bytes.contains(&b'\t') || bytes.contains(&0x0B)) {
        return;
    }
    // One finding a line; the line number is counted as we go (no rescan per tab).
    let mut line = 0usize;
    let mut line_with_tab = usize::MAX;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' {
            line += 1;
        }
        if (*b == b'\t' || *b == 0x0B) && line != line_with_tab {
            line_with_tab = line;
            checker.report(
                Diagnostic::new(Rule::TabInExport, i..i + 1, "a tab in export format")
                    .with_help("replace tabs by spaces (PBN 2.3)"),
            );
        }
    }
}

/// The separators between the games of a chunk, and before its first game: `previous_end` is where
/// the last game of the chunk before ended, and becomes where this chunk's last game ends.
pub fn separators(checker: &mut Checker<'_>, previous_end: &mut Option<usize>) {
    let (parse, text) = (checker.parse, checker.text);
    for game in &parse.games {
        let start = parse.token(game.first).start as usize;
        let end = parse.token(game.last).end as usize;
        let Some(before) = previous_end.replace(end) else {
            continue;
        };
        let gap = before..start;
        let between = text.get(gap.clone()).unwrap_or("");
        // Spaces at the end of the game's last line belong to that line (a table row padded to
        // its column width, PBN 5.2), not to the separator. A line end is CR LF, LF or CR: a
        // file of CR line ends has E003 for them, not a wrong separator.
        let after_last_line = between.trim_start_matches([' ', '\t']);
        if line_ends(after_last_line) == Some(2) {
            continue;
        }
        // Pointed at from the line after the game's last line: the separator itself.
        let first_end = after_last_line
            .find('\n')
            .or_else(|| after_last_line.find('\r'))
            .map(|at| gap.start + (between.len() - after_last_line.len()) + at + 1);
        let span = match first_end {
            Some(at) if at < gap.end => at..gap.end,
            _ => gap,
        };
        checker.report(
            Diagnostic::new(
                Rule::NonEmptyGameSeparator,
                span,
                if between.contains([' ', '\t']) {
                    "games are separated by a line with spaces"
                } else {
                    "games are not separated by exactly one empty line"
                },
            )
            .with_help(
                "in export format each game after the first starts after one empty line (PBN 3)",
            ),
        );
    }
}

/// How many line ends `text` is, when it is nothing but line ends (CR LF, LF or CR).
fn line_ends(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut count, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'\r' | b'\n' => i += 1,
            _ => return None,
        }
        count += 1;
    }
    Some(count)
}

/// Export checks of one game.
pub fn check_game(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let parse = checker.parse;
    let Some(first) = game.game.tags.first() else {
        return;
    };
    // One pass over the tags, not a search of them for each MTS name.
    let mut present = [false; MTS.len()];
    for tag in game.tags.iter().filter(|tag| !tag.duplicate) {
        if let Some(m) = crate::model::mts_index(tag.name) {
            present[m] = true;
        }
    }
    let missing: Vec<&str> = MTS
        .iter()
        .zip(present)
        .filter_map(|(name, present)| (!present).then_some(*name))
        .collect();
    if !missing.is_empty() {
        checker.report(
            Diagnostic::new(
                Rule::MissingMandatoryTag,
                parse.span(first.open, first.end),
                format!(
                    "this game lacks the mandatory tag{} {}",
                    if missing.len() > 1 { "s" } else { "" },
                    missing.join(", ")
                ),
            )
            .with_help("export format has all 15 MTS tags; an unknown value is \"?\" (PBN 3.4)"),
        );
    }
    order(checker, game);
    for pair in &game.game.tags {
        alone(checker, pair);
    }
    if checker.on(Rule::IndentedComment) {
        comments_start_lines(checker, game);
    }
    if checker.on(Rule::CommentSpacing) {
        comment_spacing(checker, game);
    }
    // Export's own proof runs only the layout rules: the others' work is skipped.
    if checker.on(Rule::LowercaseInExport) || checker.on(Rule::NonCanonicalValue) {
        values_and_case(checker, game);
    }
    for (section, is_auction) in [(game.auction, true), (game.play, false)] {
        if let Some(i) = section {
            if checker.on(Rule::IrregularSectionLine) {
                section_lines(checker, game, &game.tags[i].pair.data, is_auction, i);
            }
            annotations(checker, &game.tags[i].pair.data);
        }
    }
}

fn order(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let mut previous: Option<(Place<'_>, &str)> = None;
    for tag in game.written().filter(|t| t.name != "Note" && !t.duplicate) {
        let key = place(tag.pair, tag.name);
        if let Some((before, before_name)) = previous
            && key < before
        {
            checker.report(
                Diagnostic::new(
                    Rule::TagOutOfOrder,
                    tag.span.clone(),
                    format!("the {} tag comes after {before_name}", tag.name),
                )
                .with_help(
                    "export order: the 15 MTS tags in their order, the other tags sorted \
                            by name, then Auction, Play and the supplemental sections (PBN 3.4)",
                ),
            );
            return;
        }
        previous = Some((key, tag.name));
    }
}

/// PBN 3.8: a comment after a tag pair, before the game's first tag or before a section's first
/// call or card starts a line. One finding a game, with the count of the others.
fn comments_start_lines(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let (parse, bytes) = (checker.parse, checker.text.as_bytes());
    // A comment on a tag pair's line is E005's (the tag pair does not stand alone).
    let starts_line = |id: crate::syntax::TokenId| {
        let at = parse.token(id).start as usize;
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| matches!(b, b'\n' | b'\r'))
            .map_or(0, |i| i + 1);
        at == line_start || bytes[line_start..at].contains(&b'[')
    };
    let mut indented = game.game.leading.iter().filter_map(|data| match *data {
        Data::Comment(id) if !starts_line(id) => Some(id),
        _ => None,
    });
    let mut first = indented.next();
    let mut others = indented.count();
    for tag in game.written() {
        let before_moves = tag
            .pair
            .data
            .iter()
            .take_while(|data| !matches!(data, Data::Move(_) | Data::Marker(_)));
        for data in before_moves {
            if let Data::Comment(id) = *data
                && !starts_line(id)
            {
                if first.is_none() {
                    first = Some(id);
                } else {
                    others += 1;
                }
            }
        }
    }
    let Some(first) = first else {
        return;
    };
    let more = and_more(others);
    checker.report(
        Diagnostic::new(
            Rule::IndentedComment,
            parse.span(first, first),
            format!("this comment does not start its line{more}"),
        )
        .with_help(
            "in export format a comment after a tag pair starts a new line (PBN 3.8); a comment \
             after a call or card follows it on its line",
        ),
    );
}

/// What a one-a-game finding adds for the `others` like it: ` (and 2 more in this game)`.
fn and_more(others: usize) -> String {
    match others {
        0 => String::new(),
        1 => " (and 1 more in this game)".to_owned(),
        n => format!(" (and {n} more in this game)"),
    }
}

/// PBN 3.8: a comment after a call or card on its line has one space before it, no more and no
/// less. One finding a game, with the count of the others.
fn comment_spacing(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let (parse, bytes) = (checker.parse, checker.text.as_bytes());
    let mut wrong = game.written().flat_map(|tag| {
        tag.pair
            .data
            .iter()
            .skip_while(|data| !matches!(data, Data::Move(_) | Data::Marker(_)))
            .filter_map(|data| match *data {
                Data::Comment(id) => Some(id),
                _ => None,
            })
    });
    let spaced = |id: crate::syntax::TokenId| {
        let at = parse.token(id).start as usize;
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| matches!(b, b'\n' | b'\r'))
            .map_or(0, |i| i + 1);
        // A comment that starts its line (indented or not) is E011's.
        at == line_start
            || bytes[line_start..at]
                .iter()
                .all(|&b| matches!(b, b' ' | b'\t'))
            || (bytes[at - 1] == b' ' && !matches!(bytes[at - 2], b' ' | b'\t'))
    };
    let Some(first) = wrong.find(|&id| !spaced(id)) else {
        return;
    };
    let others = wrong.filter(|&id| !spaced(id)).count();
    let more = and_more(others);
    checker.report(
        Diagnostic::new(
            Rule::CommentSpacing,
            parse.span(first, first),
            format!("this comment is not set off by a single space{more}"),
        )
        .with_help(
            "in export format one space comes before a comment that does not start its line \
             (PBN 3.8); `pbnfmt export` writes it so",
        ),
    );
}

/// PBN 3.3: a tag pair left justified on a line by itself: a line end (or the start of the text)
/// right before its `[`, and one (or the end of the text) right after its `]`. Spaces before or
/// after it are gaps between tokens, so the bytes around it are looked at, not the tokens.
fn alone(checker: &mut Checker<'_>, pair: &TagPair) {
    let (parse, bytes) = (checker.parse, checker.text.as_bytes());
    let span = parse.span(pair.open, pair.end);
    let line_end = |at: Option<usize>| {
        at.and_then(|at| bytes.get(at))
            .is_some_and(|b| matches!(b, b'\n' | b'\r'))
    };
    let starts_line = span.start == 0 || line_end(span.start.checked_sub(1));
    let ends_line = span.end == bytes.len() || line_end(Some(span.end));
    if !(starts_line && ends_line) {
        checker.report(
            Diagnostic::new(
                Rule::SeveralTagsOnOneLine,
                parse.span(pair.open, pair.end),
                "this tag pair does not stand alone on its line",
            )
            .with_help("export format has one tag pair a line, at its start (PBN 3.3)"),
        );
    }
}

fn values_and_case(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let lower = |s: &str| s.bytes().any(|b| b.is_ascii_lowercase());
    for tag in game
        .written()
        .filter(|t| t.inheritance == Inheritance::None && !t.duplicate)
    {
        let value = &*tag.value;
        // Only a value that reads (in uppercase, export's): `north` is no seat in any case, and
        // its finding is T003's, which `fix` mends, not E007's, which export would promise to.
        let lowercase = match tag.name {
            "Dealer" | "Auction" | "Play" => Seat::parse(value).is_some() && lower(value),
            "Declarer" => crate::model::values::parse_declarer(value).is_some() && lower(value),
            // Only the letters that are ranks or seats in uppercase: an `x` for a small card is
            // no card at all (D004 says so), not a card in lowercase.
            "Deal" => value.bytes().any(|b| {
                matches!(
                    b,
                    b'a' | b'k' | b'q' | b'j' | b't' | b'n' | b'e' | b's' | b'w'
                )
            }),
            "Contract" => {
                value != "Pass"
                    && crate::model::values::ContractValue::parse(value).is_some()
                    && lower(value)
            }
            "Vulnerable" => {
                Vulnerability::parse(value).is_some()
                    && !["None", "Love", "-", "NS", "EW", "All", "Both"]
                        .contains(&crate::model::values::unspaced(value))
            }
            _ => false,
        };
        if lowercase {
            checker.report(
                Diagnostic::new(
                    Rule::LowercaseInExport,
                    tag.text_span(),
                    format!("the {} value `{value}` is in lowercase", tag.name),
                )
                .with_help("export format uses uppercase only (PBN 3.11)"),
            );
            continue;
        }
        // Spaces around a value that reads; one that does not has its own finding.
        let reads = match tag.name {
            "Dealer" | "Auction" | "Play" => Seat::parse(value).is_some(),
            "Vulnerable" => Vulnerability::parse(value).is_some(),
            "Declarer" => crate::model::values::parse_declarer(value).is_some(),
            "Contract" => crate::model::values::ContractValue::parse(value).is_some(),
            "Result" => ResultValue::parse(value).is_some(),
            _ => false,
        };
        let spaced = reads && crate::model::values::unspaced(value) != value;
        let problem = match tag.name {
            _ if spaced => Some(format!(
                "`{value}` has spaces around it (PBN 2.1: import format only)"
            )),
            "Vulnerable" => matches!(value, "Love" | "-" | "Both").then(|| {
                format!(
                    "`{value}` is written `{}` in export format (PBN 3.4.10)",
                    Vulnerability::parse(value).map_or("", Vulnerability::canonical)
                )
            }),
            "Deal" => deal_problem(value, game.value("Dealer").and_then(Seat::parse)),
            "Result" => result_problem(value),
            _ => crate::model::values::score_export_form(tag.name, value)
                .filter(|form| form != value)
                .map(|form| {
                    format!(
                        "`{value}` is written `{form}` (PBN 2.1: one space between words; \
                         PBN 4.2)"
                    )
                }),
        };
        if let Some(problem) = problem {
            let context = crate::canon::context(game);
            // A Result for a side whose declarer's number is not certain has no export form:
            // export keeps it as given (issue 61, item 4), so only the file can be corrected.
            let uncertain = (tag.name == "Result")
                .then(|| crate::canon::uncertain_result(value, &context))
                .flatten();
            let finding = Diagnostic::new(
                Rule::NonCanonicalValue,
                tag.text_span(),
                format!("the {} value is not in export form: {problem}", tag.name),
            );
            let finding = match uncertain {
                Some(why) => finding.with_help(format!("{why}: {KEPT_BY_EXPORT}")),
                None => finding
                    .with_help("run `pbnfmt export` (or `pbnfmt fix`) to write the export form"),
            };
            // The export form of the same value, as `export` writes it: a safe fix.
            let form = crate::canon::value(tag.name, value, &context);
            checker.report(match (form, tag.exact_value_span()) {
                (Some(form), Some(span)) if form != value => {
                    finding.with_fix(Fix::write(span, form, true))
                }
                _ => finding,
            });
        }
    }
}

fn deal_problem(value: &str, dealer: Option<Seat>) -> Option<String> {
    let (first, hands) = value.split_once(':')?;
    if let (Some(first), Some(dealer)) = (Seat::parse(first), dealer)
        && first != dealer
    {
        return Some(format!(
            "it starts with {}, not the dealer {} (PBN 3.4.11)",
            first.name(),
            dealer.name()
        ));
    }
    let descending = hands.split([' ', '.']).all(|suit| {
        let ranks: Vec<u8> = suit
            .bytes()
            .filter_map(|b| crate::bridge::Rank::from_letter(b).map(|r| r.value()))
            .collect();
        ranks.windows(2).all(|w| w[0] > w[1])
    });
    (!descending).then(|| "the ranks of a suit are not in descending order (PBN 3.4.11)".to_owned())
}

/// The end of E008's help for a value `export` has no form for and keeps as it is: what check's
/// summary does not count among the findings `export --write` clears.
pub const KEPT_BY_EXPORT: &str =
    "export keeps it as it is; give the Declarer, or write declarer's tricks (PBN 3.4.15)";

fn result_problem(value: &str) -> Option<String> {
    match ResultValue::parse(value) {
        Some(Some(result)) if !matches!(result.tricks, PerSide::Declarer(_)) => {
            Some("export format gives declarer's tricks alone (PBN 3.4.15)".to_owned())
        }
        Some(Some(_)) if value.trim_matches(' ') != value => {
            Some("export format has no spaces around the tricks (PBN 3.4.15)".to_owned())
        }
        _ => None,
    }
}

/// PBN 3.5.2, 3.6.2: no suffixes; note reference first, then NAGs ascending.
fn annotations(checker: &mut Checker<'_>, data: &[Data]) {
    let (parse, text) = (checker.parse, checker.text);
    for mv in data.iter().filter_map(|d| match d {
        Data::Move(mv) => Some(mv),
        _ => None,
    }) {
        let mut last_nag = None;
        for &id in parse.annotations(mv) {
            let problem = match parse.kind(id) {
                SyntaxKind::Suffix => Some(format!(
                    "the suffix `{}` is written as its NAG in export format",
                    parse.text(text, id)
                )),
                SyntaxKind::NoteRef if last_nag.is_some() => {
                    Some("the note reference comes before the NAGs in export format".to_owned())
                }
                SyntaxKind::Nag => {
                    let value = token_number(parse.text(text, id));
                    let descending = last_nag.is_some_and(|last| value < last);
                    last_nag = Some(value);
                    descending.then(|| {
                        "this NAG comes after a higher one: export format writes NAGs in \
                         increasing order"
                            .to_owned()
                    })
                }
                _ => None,
            };
            if let Some(problem) = problem {
                checker.report(
                    Diagnostic::new(Rule::NonCanonicalAnnotation, parse.span(id, id), problem)
                        .with_help(
                            "export order is: note reference, then NAGs ascending; suffixes become \
                            $1-$6 (calls) or $7-$12 (cards) (PBN 3.5.2, 3.6.2)",
                        ),
                );
                break;
            }
        }
    }
}

/// An export that draws each export-format rule when one thing in it is changed
/// ([`crate::rules::pairs`]): the mended text is pbnfmt's own export.
#[cfg(test)]
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
