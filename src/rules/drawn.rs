//! Which findings stop a hand record (issue 62, item 1): those about what the sheet draws.
//!
//! `pbnfmt handrecord` draws, for each board, its number, dealer, vulnerability, the four hands,
//! the double-dummy tricks and par (PBN 3.4.2-3.4.5, 5.7, 3.4.15). A finding about one of those
//! stops the drawing: a sheet with a wrong hand or a wrong par is worse than none. A finding
//! about what the sheet never shows (the auction, the play, the spelling of a date, a long line, a
//! results table) is counted on standard error and the sheet is drawn clean. `--force` draws
//! even over the first kind, with a warning on every sheet.

use super::Rule;
use super::diagnostic::{Diagnostic, Severity};

/// The tags a table finding (X family, T021) stops the drawing in: the double-dummy tables.
const DRAWN_TABLES: [&str; 2] = ["OptimumResultTable", "DoubleDummyTricks"];

/// The tables the results page draws besides (`handrecord --results`): the travellers and the
/// ranking (PBN 5.9, 5.10).
const RESULT_TABLES: [&str; 2] = ["ScoreTable", "TotalScoreTable"];

/// What a sheet draws: the hand record, or the results page with the results tables too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    HandRecord,
    Results,
}

impl Sheet {
    fn draws_table(self, table: &str) -> bool {
        DRAWN_TABLES.contains(&table) || (self == Sheet::Results && RESULT_TABLES.contains(&table))
    }
}

/// Whether `finding`, made on `text`, stops the drawing of a hand record.
///
/// - The file's reading (F, and S but for a call, card or annotation that does not read, S009-S011,
///   and a section's token outside the drawn tables, S012-S013): a file pbnfmt cannot read with
///   certainty may lose or misplace a deal, so nothing of it is drawn.
/// - The deal (D), Board (T002), Dealer (T003), Vulnerable (T004), OptimumScore (T013): errors.
/// - The double-dummy tables: two that disagree, or a DoubleDummyTricks that does not read
///   (H003), at any severity, for the sheet could only print one of them; an error in the
///   OptimumResultTable's columns or rows (X family, T021), found by the tag its rows follow; the
///   solver's contradiction (H008) when it ran. On the results page (`--results`, [`Sheet::Results`])
///   the travellers and the ranking too: any finding of the results rules (R family: a score,
///   matchpoint, IMP, percentage, total or rank that does not add up) and an error in their
///   tables' columns or rows (X family, T021). Not a table with a defect of its own (H002): it
///   gives no tricks the sheet could trust, so none are drawn ([`crate::query::Board::dd`]) and
///   the finding is counted with the others.
/// - Not H004 (the OptimumScore contradicts the table): the table's par is drawn and a warning
///   says so (issue 62, item 2).
pub fn stops_a_hand_record(finding: &Diagnostic, text: &str, sheet: Sheet) -> bool {
    stops(finding.rule, finding.severity, sheet, || {
        tag_before(text, finding.span.start)
    })
}

/// [`stops_a_hand_record`] for findings left out past the limit of a file, counted by rule and
/// severity without their place: a table finding among them stops the drawing, for its table is
/// not known.
pub fn left_out_stops_a_hand_record(rule: Rule, severity: Severity, sheet: Sheet) -> bool {
    stops(rule, severity, sheet, || DRAWN_TABLES[0])
}

fn stops<'t>(
    rule: Rule,
    severity: Severity,
    sheet: Sheet,
    table: impl FnOnce() -> &'t str,
) -> bool {
    let error = severity == Severity::Error;
    match rule {
        Rule::DoubleDummyTricksMismatch | Rule::DoubleDummyWrong => {
            return true;
        }
        Rule::InvalidBoard | Rule::InvalidDealer | Rule::InvalidVulnerable => return error,
        Rule::InvalidOptimumScore => return error,
        Rule::NonNumericTable => return sheet.draws_table(table()),
        _ => {}
    }
    match rule {
        // A call, a card or an annotation that does not read: the auction's or the play's.
        Rule::UnknownCall | Rule::UnknownCard | Rule::UnattachedAnnotation => return false,
        // A token of a section: the section's, which may be a drawn table's.
        Rule::UnexpectedTokenInSection | Rule::ForbiddenCharacterInSectionToken => {
            return error && sheet.draws_table(table());
        }
        _ => {}
    }
    match rule.code().as_bytes().first() {
        Some(b'F' | b'S' | b'D') => error,
        Some(b'X') => error && sheet.draws_table(table()),
        Some(b'R') => sheet == Sheet::Results,
        _ => false,
    }
}

/// The name of the tag pair at or before byte `at`: the last line before it that starts a tag
/// pair (a table's rows follow their tag, PBN 5.1), or `""`.
fn tag_before(text: &str, at: usize) -> &str {
    let at = text.floor_char_boundary(at.min(text.len()));
    let head = &text[..at + text[at..].chars().next().map_or(0, char::len_utf8)];
    let start = head
        .match_indices('[')
        .map(|(i, _)| i)
        .rfind(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n');
    let Some(start) = start else { return "" };
    text[start + 1..]
        .split(|c: char| c.is_whitespace() || c == '"' || c == ']')
        .next()
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(rule: Rule, severity: Severity, at: usize) -> Diagnostic {
        let mut finding = Diagnostic::new(rule, at..at + 1, "");
        finding.severity = severity;
        finding
    }

    #[test]
    fn the_tag_a_finding_lies_in_is_the_last_tag_pair_before_it() {
        let text = "[Deal \"N:...\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\n[ScoreTable \"Score\\6R\"]\nx\n";
        let table = text.find("N NT").unwrap();
        let score = text.rfind('x').unwrap();
        assert_eq!(tag_before(text, table), "OptimumResultTable");
        assert_eq!(tag_before(text, score), "ScoreTable");
        assert_eq!(tag_before(text, 0), "Deal");
        assert_eq!(tag_before("no tag", 3), "");
        let stops = |rule, at| {
            stops_a_hand_record(&finding(rule, Severity::Error, at), text, Sheet::HandRecord)
        };
        let results = |rule, at| {
            stops_a_hand_record(&finding(rule, Severity::Error, at), text, Sheet::Results)
        };
        assert!(!stops(Rule::TravellerScoreMismatch, score));
        assert!(results(Rule::TravellerScoreMismatch, score));
        assert!(results(Rule::IncompleteTableRow, score));
        assert!(!results(Rule::InvalidDate, 0));
        assert!(stops(Rule::IncompleteTableRow, table));
        assert!(!stops(Rule::IncompleteTableRow, score));
        assert!(stops(Rule::DuplicateCard, 0));
        assert!(!stops(Rule::ContractMismatch, 0));
        assert!(!stops(Rule::InvalidDate, 0));
        assert!(!stops(Rule::LineTooLong, 0));
        assert!(!stops(Rule::ParMismatch, 0));
        let warned = finding(Rule::DoubleDummyTricksMismatch, Severity::Warning, 0);
        assert!(stops_a_hand_record(&warned, text, Sheet::HandRecord));
        let malformed = finding(Rule::MalformedOptimumTable, Severity::Warning, table);
        assert!(!stops_a_hand_record(&malformed, text, Sheet::HandRecord));
    }
}
