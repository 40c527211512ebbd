//! `handrecord`'s work on one input: the file checked with the hand-record rules, the findings
//! that stop the drawing told from those about what a sheet does not draw, and the boards (with
//! `--results`, their travellers and the rankings) gathered to draw.

use crate::check::{CheckOptions, check_owned};
use crate::handrecord::{self, Board, Ranking};
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::drawn::{Sheet, left_out_stops_a_hand_record, stops_a_hand_record};
use crate::rules::select::Selection;
use crate::source::{self, Encoding};

/// A finding that stops the drawing, and where it is.
pub struct Stop {
    pub line: usize,
    pub column: usize,
    pub finding: Diagnostic,
}

/// What one input gives a hand record.
pub struct Gathered {
    pub boards: Vec<Board>,
    /// The file's title (its first Event), for a sheet no `--title` names.
    pub title: Option<String>,
    /// The findings about what the sheet draws, which stop the drawing
    /// ([`stops_a_hand_record`]), in file order.
    pub stops: Vec<Stop>,
    /// Findings of that kind left out past the limit of findings kept, by rule.
    pub stops_omitted: Vec<(Rule, usize)>,
    /// How many error findings are about what the sheet does not draw (the auction, the play,
    /// other tags): counted, not shown; `check --profile hand-record` lists them.
    pub not_drawn: usize,
    /// The input's rankings (its TotalScoreTables), for the results page.
    pub rankings: Vec<Ranking>,
}

/// One input's bytes (read in `encoding`, detected when `None`), checked with `selection` (the
/// hand-record rules and the configuration's ignores) and gathered for `sheet`: the boards
/// `keep` chooses.
pub fn gather(
    bytes: Vec<u8>,
    encoding: Option<Encoding>,
    selection: Selection,
    sheet: Sheet,
    keep: &dyn Fn(&crate::query::Board<'_>) -> bool,
) -> Gathered {
    let decoded = source::decode_owned(bytes, encoding);
    let options = CheckOptions {
        selection,
        ..CheckOptions::default()
    };
    let report = check_owned(decoded.text.as_bytes().to_vec(), &options);
    let text = decoded.text.as_str();
    let (stops, others): (Vec<Diagnostic>, Vec<Diagnostic>) = report
        .diagnostics
        .into_iter()
        .filter(|d| !d.rule.code().starts_with('E'))
        .partition(|d| stops_a_hand_record(d, text, sheet));
    let lines = source::LineIndex::new(text);
    let stops = stops
        .into_iter()
        .map(|finding| {
            let (line, column) = lines.line_col(text, finding.span.start);
            Stop {
                line,
                column,
                finding,
            }
        })
        .collect();
    let omitted = &report.omitted.0;
    let stops_omitted = omitted
        .iter()
        .filter(|((rule, severity), _)| left_out_stops_a_hand_record(*rule, *severity, sheet))
        .map(|((rule, _), &count)| (*rule, count))
        .collect();
    let not_drawn = others
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
        + omitted
            .iter()
            .filter(|((rule, severity), _)| {
                *severity == Severity::Error
                    && !left_out_stops_a_hand_record(*rule, *severity, sheet)
            })
            .map(|(_, count)| count)
            .sum::<usize>();
    let (boards, rankings) = match sheet {
        Sheet::Results => handrecord::results(text, keep),
        Sheet::HandRecord => (handrecord::boards(text, keep, false), Vec::new()),
    };
    Gathered {
        boards,
        title: handrecord::file_title(text),
        stops,
        stops_omitted,
        not_drawn,
        rankings,
    }
}
