//! R004 and R005: a traveller row's percentage (its matchpoints over the top) and its rank among
//! the board's scores (PBN 5.9).

use super::{Score, known, matchpoints_weighted};
use crate::model::values;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

/// A number as a table writes it, and how many decimals it is written to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Written {
    pub(super) value: f64,
    pub(super) decimals: u32,
}

pub(super) fn written_number(element: &str) -> Option<Written> {
    let element = element.trim().trim_matches('"').trim();
    let element = element.strip_suffix('%').unwrap_or(element);
    let value = values::decimal(element)?;
    let decimals = element.split_once('.').map_or(0, |(_, f)| f.len() as u32);
    Some(Written { value, decimals })
}

/// A rank as a table writes it: a place, with `=` after it where a producer marks a tie (`3=`).
pub(super) fn written_rank(element: &str) -> Option<u32> {
    let element = element.trim().trim_matches('"').trim();
    values::unsigned(element.strip_suffix('=').unwrap_or(element))
}

/// A row whose percentage is not its matchpoints over the top.
#[derive(Clone, Debug, PartialEq)]
pub struct PercentageFinding {
    pub row: usize,
    pub east_west: bool,
    pub given: f64,
    pub expected: f64,
    /// The decimals the table writes, and the expected value is rounded to.
    pub decimals: u32,
}

/// The rows whose percentages are not 100 times their matchpoints over the top (each beaten
/// score 1, each tie a half, over the other tables): written to `decimals` places, a given
/// value within one unit of its last place of the exact one is right (rounded or cut).
pub(super) fn percentage_findings(
    written: &[Score],
    given: &[(Option<Written>, Option<Written>)],
    weights: &[f64],
) -> Vec<PercentageFinding> {
    let Some(scores) = known(written).filter(|scores| scores.len() >= 2) else {
        return Vec::new();
    };
    let others = weights.iter().sum::<f64>() - 1.0;
    let earned = matchpoints_weighted(&scores, weights, 1.0);
    let mut findings = Vec::new();
    for (row, (&(ns, ew), &earned)) in given.iter().zip(&earned).enumerate() {
        let exact = 100.0 * earned / others;
        let wrong = |given: Option<Written>, exact: f64| {
            given.filter(|g| (g.value - exact).abs() >= 10f64.powi(-(g.decimals as i32)) - 1e-9)
        };
        let (east_west, given, expected) = if let Some(g) = wrong(ns, exact) {
            (false, g, exact)
        } else if let Some(g) = wrong(ew, 100.0 - exact) {
            (true, g, 100.0 - exact)
        } else {
            continue;
        };
        let unit = 10f64.powi(given.decimals as i32);
        findings.push(PercentageFinding {
            row,
            east_west,
            given: given.value,
            expected: (expected * unit).round() / unit,
            decimals: given.decimals,
        });
    }
    findings
}

/// Each row's places among `scores` (North-South's, or East-West's order when `east_west`):
/// the best (1 and the tables whose score is better) to the worst (the tables tied with it
/// after it).
fn places(scores: &[i64], weights: &[f64], east_west: bool) -> Vec<(u32, u32)> {
    scores
        .iter()
        .map(|&score| {
            let (mut better, mut tied) = (0.0, 0.0);
            for (&other, weight) in scores.iter().zip(weights) {
                if other == score {
                    tied += weight;
                } else if (other > score) != east_west {
                    better += weight;
                }
            }
            (1 + better as u32, better as u32 + tied as u32)
        })
        .collect()
}

/// The ranks `score` writes for the board's `scores`: each row's place as given where it is one
/// of its places, else the best of them (ties sharing the best rank), in the order R005 reads
/// the given ranks (North-South's unless East-West's fits them better); with whether the row is
/// tied with another.
pub(super) fn ranks(scores: &[i64], given: &[Option<u32>], weights: &[f64]) -> Vec<(u32, bool)> {
    let (east_west, _) = rank_order(scores, given, weights);
    places(scores, weights, east_west)
        .into_iter()
        .zip(given)
        .map(|((best, worst), &given)| {
            let rank = given.filter(|g| (best..=worst).contains(g)).unwrap_or(best);
            (rank, worst > best)
        })
        .collect()
}

/// A row whose rank is not its score's place.
#[derive(Clone, Debug, PartialEq)]
pub struct RankFinding {
    pub row: usize,
    pub given: u32,
    pub expected: u32,
    /// The order followed: East-West's score, best first, rather than North-South's.
    pub east_west: bool,
}

/// The rows whose rank is not the place of their score: 1 and the number of tables whose score
/// is better, ties sharing the best rank (PBN 5.9). A rank among the places of its tie (1 and 2
/// for two equal scores) is a producer breaking the tie by another measure, and not reported
/// (`docs/spec-decisions.md`, "Results"). North-South's order unless every given rank follows
/// East-West's; when neither holds throughout, the findings of the order with fewer.
pub(super) fn rank_findings(
    written: &[Score],
    given: &[Option<u32>],
    weights: &[f64],
) -> Vec<RankFinding> {
    let Some(scores) = known(written) else {
        return Vec::new();
    };
    rank_order(&scores, given, weights).1
}

/// The order the given ranks follow (East-West's: `true`), and the rows whose rank is not one
/// of their places in it.
fn rank_order(scores: &[i64], given: &[Option<u32>], weights: &[f64]) -> (bool, Vec<RankFinding>) {
    let misses = |east_west: bool| -> Vec<RankFinding> {
        given
            .iter()
            .zip(places(scores, weights, east_west))
            .enumerate()
            .filter_map(|(row, (&given, (best, worst)))| {
                let given = given?;
                (given < best || given > worst).then_some(RankFinding {
                    row,
                    given,
                    expected: best,
                    east_west,
                })
            })
            .collect()
    };
    let north_south = misses(false);
    if north_south.is_empty() {
        return (false, north_south);
    }
    let east_west = misses(true);
    if east_west.is_empty() || east_west.len() < north_south.len() {
        (true, east_west)
    } else {
        (false, north_south)
    }
}

/// R004: a row's percentage at `span`.
pub(super) fn traveller_percentage(
    span: std::ops::Range<usize>,
    finding: &PercentageFinding,
) -> Diagnostic {
    let column = if finding.east_west {
        "Percentage_EW"
    } else {
        "Percentage_NS"
    };
    Diagnostic::new(
        Rule::TravellerPercentageMismatch,
        span,
        format!(
            "{column} {:.*} is not this row's percentage on the board: {:.*} (its matchpoints \
             over the top)",
            finding.decimals as usize, finding.given, finding.decimals as usize, finding.expected
        ),
    )
    .with_help("count the percentages again from the scores (Law 78A)")
}

/// R005: a row's rank at `span`.
pub(super) fn traveller_rank(span: std::ops::Range<usize>, finding: &RankFinding) -> Diagnostic {
    let order = if finding.east_west {
        "East-West's score"
    } else {
        "North-South's score"
    };
    Diagnostic::new(
        Rule::TravellerRankMismatch,
        span,
        format!(
            "Rank {} is not this row's place on the board: {} (by {order}, best first, ties \
             sharing the best rank)",
            finding.given, finding.expected
        ),
    )
    .with_help("rank the rows again from their scores (PBN 5.9)")
}
