//! R008: the Butler datum itself. PBN 3.4.12 names how a datum is made in the Scoring tag's
//! modifiers: `Butler`, the average of all scores; `Butler-2`, the average without the two
//! extreme scores; `Mean` (the default) or `Median`. The ButlerDatum column (PBN 5.9) is the
//! datum the IMPs are counted from (R003), so a datum the Scoring tag's rule does not give makes
//! every IMP of the board wrong while R003 finds them right.

use super::{Score, close, known};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

// The rules of this family: their pages are in `datum.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/results/datum.rs"));

/// How a Butler datum is made from a board's scores (PBN 3.4.12).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DatumRule {
    /// `Butler-2`: the highest and the lowest score left out.
    without_extremes: bool,
    /// `Median` in place of `Mean`.
    median: bool,
}

impl DatumRule {
    /// The rule a Scoring value names (`IMP;Butler-2;Mean`), or `None` when it names no Butler
    /// modifier, or names the experts' datum or cross-IMPs beside it.
    pub(super) fn of(scoring: &str) -> Option<DatumRule> {
        let fields: Vec<&str> = scoring.split(';').map(str::trim).collect();
        let has = |name: &str| fields.iter().any(|f| f.eq_ignore_ascii_case(name));
        let without_extremes = has("Butler-2");
        if !(has("Butler") || without_extremes)
            || has("Experts")
            || fields
                .iter()
                .any(|f| f.to_ascii_lowercase().starts_with("cross"))
        {
            return None;
        }
        Some(DatumRule {
            without_extremes,
            median: has("Median"),
        })
    }

    /// The datum of North-South's `scores`, unrounded; `None` when there are too few.
    pub(super) fn datum(self, scores: &[i64]) -> Option<f64> {
        let mut sorted = scores.to_vec();
        sorted.sort_unstable();
        let used = if self.without_extremes {
            if sorted.len() < 3 {
                return None;
            }
            &sorted[1..sorted.len() - 1]
        } else {
            &sorted[..]
        };
        if used.is_empty() {
            return None;
        }
        let n = used.len();
        Some(if self.median {
            if n % 2 == 1 {
                used[n / 2] as f64
            } else {
                (used[n / 2 - 1] + used[n / 2]) as f64 / 2.0
            }
        } else {
            used.iter().sum::<i64>() as f64 / n as f64
        })
    }

    /// The rule in words, over `scores` scores: `the mean of the 5 North-South scores without
    /// the highest and the lowest`.
    fn words(self, scores: usize) -> String {
        let how = if self.median { "median" } else { "mean" };
        let without = if self.without_extremes {
            " without the highest and the lowest"
        } else {
            ""
        };
        format!("the {how} of the {scores} North-South scores{without}")
    }
}

/// Whether `written` is `exact` as producers write a datum: as it is (to 0.1), rounded to a
/// whole number, or rounded to 10 (a half either way).
pub(super) fn fits(written: f64, exact: f64) -> bool {
    if close(written, exact) || close(written, exact.round()) {
        return true;
    }
    let tens = exact / 10.0;
    if (tens - tens.floor() - 0.5).abs() < 1e-9 {
        close(written, tens.floor() * 10.0) || close(written, tens.ceil() * 10.0)
    } else {
        close(written, tens.round() * 10.0)
    }
}

/// The datum as a producer that rounds to 10 writes it (a half away from zero).
pub(super) fn rounded(exact: f64) -> f64 {
    (exact / 10.0).round() * 10.0
}

/// R008 over a board: the first row whose datum (`datums`, each row's) is not the rule's, and
/// how many more are not, or `None`.
pub(super) fn datum_finding(
    rule: DatumRule,
    written: &[Score],
    datums: &[Option<f64>],
) -> Option<DatumFinding> {
    let scores = known(written)?;
    let exact = rule.datum(&scores)?;
    let mut wrong = datums
        .iter()
        .enumerate()
        .filter_map(|(row, datum)| datum.filter(|&d| !fits(d, exact)).map(|d| (row, d)));
    let (row, given) = wrong.next()?;
    Some(DatumFinding {
        row,
        given,
        exact,
        rule,
        scores: scores.len(),
        others: wrong.count(),
    })
}

/// A board's wrong datum: the first row that gives it, what it gives, the rule's datum, and the
/// other rows that are wrong.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct DatumFinding {
    pub(super) row: usize,
    given: f64,
    exact: f64,
    rule: DatumRule,
    scores: usize,
    others: usize,
}

/// R008: the datum at `span`, the Scoring tag's value being `scoring`.
pub(super) fn butler_datum(
    span: std::ops::Range<usize>,
    finding: &DatumFinding,
    scoring: &str,
) -> Diagnostic {
    let more = match finding.others {
        0 => String::new(),
        1 => " (and 1 more row)".to_owned(),
        n => format!(" (and {n} more rows)"),
    };
    let exact = (finding.exact * 100.0).round() / 100.0;
    Diagnostic::new(
        Rule::ButlerDatumMismatch,
        span,
        format!(
            "ButlerDatum {} is not the datum Scoring \"{}\" gives: {} is {exact} ({} rounded \
             to 10){more}",
            finding.given,
            crate::rules::tables::clip(scoring),
            finding.rule.words(finding.scores),
            rounded(finding.exact),
        ),
    )
    .with_help(
        "make the datum again from the board's scores and count the IMPs from it (PBN 3.4.12), \
         or correct the Scoring tag to the producer's rule",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scoring_modifiers_name_the_datum() {
        let plain = DatumRule {
            without_extremes: false,
            median: false,
        };
        assert_eq!(DatumRule::of("IMP;Butler"), Some(plain));
        assert_eq!(
            DatumRule::of("IMP;Butler-2;Mean"),
            Some(DatumRule {
                without_extremes: true,
                median: false
            })
        );
        assert_eq!(DatumRule::of("IMP;Butler;Experts"), None);
        assert_eq!(DatumRule::of("IMP;Cross"), None);
        assert_eq!(DatumRule::of("IMP"), None);
        assert_eq!(DatumRule::of("MP"), None);
    }

    #[test]
    fn datums_counted_by_hand() {
        let two = DatumRule::of("IMP;Butler-2").unwrap();
        // 420, 170, -50: without +420 and -50, 170 is left.
        assert_eq!(two.datum(&[420, 170, -50]), Some(170.0));
        // The first board of Ruter's ruter71.pbn (shared corpus): 8 scores, the 6 in the middle
        // sum to -510: -85, written -90.
        let board = [120, 50, -80, -80, -110, -140, -150, -150];
        assert_eq!(two.datum(&board), Some(-85.0));
        assert!(fits(-90.0, -85.0) && fits(-80.0, -85.0) && fits(-85.0, -85.0));
        assert!(!fits(-70.0, -85.0));
        assert_eq!(rounded(-85.0), -90.0);
        // The mean of all: -540 over 8.
        let all = DatumRule::of("IMP;Butler").unwrap();
        assert_eq!(all.datum(&board), Some(-67.5));
        assert!(fits(-70.0, -67.5) && fits(-68.0, -67.5) && !fits(-60.0, -67.5));
        // The median of 8: the mean of the 4th and 5th, -110 and -80.
        let median = DatumRule::of("IMP;Butler;Median").unwrap();
        assert_eq!(median.datum(&board), Some(-95.0));
        assert_eq!(median.datum(&[1, 2, 3]), Some(2.0));
        assert_eq!(two.datum(&[1, 2]), None);
    }
}
