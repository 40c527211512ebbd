//! Reading a double-dummy table's cells (PBN 5.7), and comparing two tables.

use super::*;

/// Where each cell of a table's Result column is, by declarer and denomination.
#[derive(Clone, Debug, Default)]
pub struct Cells(pub [[std::ops::Range<usize>; 5]; 4]);

/// The tricks of a well-formed OptimumResultTable, and where each Result cell is in `cells`;
/// H002 for each defect otherwise.
pub(crate) fn read_table(
    checker: &mut Checker<'_>,
    tag: &Tag<'_>,
    cells: &mut Cells,
) -> Option<Tricks> {
    let (parse, text) = (checker.parse, checker.text);
    let table = Table::new(tag.pair, &tag.value);
    let column = |name: &str| table.columns.iter().position(|c| c.name == name);
    let report = |checker: &mut Checker<'_>, span: std::ops::Range<usize>, message: String| {
        checker.report(
            Diagnostic::new(Rule::MalformedOptimumTable, span, message)
                .with_help(MALFORMED_OPTIMUM_TABLE.fix),
        );
    };
    let (Some(declarer), Some(denomination), Some(result)) =
        (column("Declarer"), column("Denomination"), column("Result"))
    else {
        report(
            checker,
            tag.text_span(),
            "the OptimumResultTable lacks a Declarer, Denomination or Result column (PBN 5.7)"
                .to_owned(),
        );
        return None;
    };
    let mut tricks: Tricks = [[0; 5]; 4];
    let mut given = [[false; 5]; 4];
    let mut good = true;
    for row in table.rows() {
        if row.len() < table.columns.len() {
            // A short row is X002's to report.
            good = false;
            continue;
        }
        let cell = |i: usize| {
            let (first, last) = row[i];
            (&text[parse.span(first, last)], parse.span(first, last))
        };
        let (seat_text, seat_span) = cell(declarer);
        let (denomination_text, denomination_span) = cell(denomination);
        let (result_text, result_span) = cell(result);
        let Some(seat) = Seat::parse(seat_text) else {
            report(
                checker,
                seat_span,
                format!(
                    "`{}` is not a declarer: N, E, S or W",
                    crate::display::escape(seat_text)
                ),
            );
            good = false;
            continue;
        };
        let Some(d) = Denomination::parse(denomination_text) else {
            report(
                checker,
                denomination_span,
                format!(
                    "`{}` is not a denomination: S, H, D, C or NT",
                    crate::display::escape(denomination_text)
                ),
            );
            good = false;
            continue;
        };
        let Some(won) = result_text.parse::<u8>().ok().filter(|&n| n <= 13) else {
            report(
                checker,
                result_span,
                format!(
                    "`{}` is not a number of tricks from 0 to 13",
                    crate::display::escape(result_text)
                ),
            );
            good = false;
            continue;
        };
        let (s, d) = (seat as usize, d as usize);
        if given[s][d] {
            report(
                checker,
                seat_span.start..result_span.end,
                format!(
                    "{} in {} is given twice",
                    seat.name(),
                    crate::bridge::denomination_text(Denomination::ALL[d])
                ),
            );
            good = false;
        }
        given[s][d] = true;
        tricks[s][d] = won;
        cells.0[s][d] = result_span;
    }
    let missing: Vec<String> = Seat::ALL
        .iter()
        .flat_map(|&seat| {
            Denomination::ALL
                .iter()
                .filter(move |&&d| !given[seat as usize][d as usize])
                .map(move |&d| format!("{} {}", seat.letter(), crate::bridge::denomination_text(d)))
        })
        .collect();
    if !missing.is_empty() && good {
        report(
            checker,
            tag.text_span(),
            format!(
                "the OptimumResultTable has no row for {} (a full table has 20 rows, PBN 5.7)",
                missing.join(", ")
            ),
        );
    }
    (good && missing.is_empty()).then_some(tricks)
}

/// The tricks of a DoubleDummyTricks value: declarers N, S, E, W, each NT, S, H, D, C, in
/// base-14 digits; H003 when it does not read.
pub(super) fn read_digits<'g, 'a>(
    checker: &mut Checker<'_>,
    tag: &'g Tag<'a>,
) -> Option<(&'g Tag<'a>, Tricks)> {
    let Some(tricks) = crate::model::double_dummy::read_digits(&tag.value) else {
        checker.report(
            Diagnostic::new(
                Rule::DoubleDummyTricksMismatch,
                tag.text_span(),
                "a DoubleDummyTricks value is 20 base-14 digits (0-9, a-d): N, S, E, W, each in NT, S, H, D, C",
            )
            .with_help(DOUBLE_DUMMY_TRICKS_MISMATCH.fix),
        );
        return None;
    };
    Some((tag, tricks))
}

/// The declarers and denominations where `a` and `b` differ, with each one's number, in the
/// order of DoubleDummyTricks (N, S, E, W, each NT, S, H, D, C).
pub(super) fn differing(a: &Tricks, b: &Tricks) -> Vec<(Seat, Denomination, u8, u8)> {
    let mut out = Vec::new();
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for &d in Denomination::ALL.iter().rev() {
            let (x, y) = (a[seat as usize][d as usize], b[seat as usize][d as usize]);
            if x != y {
                out.push((seat, d, x, y));
            }
        }
    }
    out
}
