//! Results (PBN 5.9): the arithmetic of a board's traveller, the ScoreTable. A row's score is the
//! duplicate score of its contract, declarer and result (Laws of Duplicate Bridge, Law 77), and its
//! matchpoints compare the board's scores (Law 78A). No other tool checks them, and a wrong
//! traveller is the result that matters most to the players.
//!
//! What producers write, as the shared corpus shows (`docs/spec-decisions.md`, "Results"):
//! Ruter writes a score once, on the side that scored (`"120"` under Score_NS, `-` under
//! Score_EW), quoted; Bridge Composer writes Score_NS from North-South's side, `-` for every
//! matchpoint; both write Result as declarer's tricks. A score that is no number (`A60`, `40%`,
//! `A+`, `ADJ`) is an artificial score (PBN 5.9 allows them): it is recognised and not judged, and
//! a board that has one is not judged for matchpoints, whose producers adjust in their own ways.

use crate::bridge::Seat;
use crate::model::GameModel;
use crate::model::values::{self, ContractValue, Side, Vulnerability};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::rules::tables::clip;
use crate::syntax::{Parse, TokenId};
use crate::table::Table;

pub mod compute;
mod datum;
mod places;
pub mod totals;

pub use datum::BUTLER_DATUM_MISMATCH;
use places::{
    Written, percentage_findings, rank_findings, traveller_percentage, traveller_rank,
    written_number, written_rank,
};
pub use totals::{TOTAL_RANK_MISMATCH, TOTAL_SCORE_MISMATCH, Totals};
use totals::{gather_rows, total_table};

// The rules of this family: their pages are in `results.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/results.rs"));

/// A score element: no score (`-`, `?`, empty), a number, or an artificial score (anything else:
/// `A60`, `40%`, `A+`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Score {
    Absent,
    Points(i64),
    Artificial,
}

fn score(element: &str) -> Score {
    let element = element.trim().trim_matches('"').trim();
    match element {
        "" | "-" | "?" => Score::Absent,
        _ => values::integer(element).map_or(Score::Artificial, Score::Points),
    }
}

/// The columns of a ScoreTable that the results rules read.
struct Columns {
    contract: Option<usize>,
    declarer: Option<usize>,
    result: Option<usize>,
    score_ns: Option<usize>,
    score_ew: Option<usize>,
    mp_ns: Option<usize>,
    mp_ew: Option<usize>,
    imp_ns: Option<usize>,
    imp_ew: Option<usize>,
    datum: Option<usize>,
    percentage_ns: Option<usize>,
    percentage_ew: Option<usize>,
    rank: Option<usize>,
    multiplicity: Option<usize>,
    pair_ns: Option<usize>,
    pair_ew: Option<usize>,
}

impl Columns {
    fn of(table: &Table<'_>) -> Columns {
        let at = |name: &str| table.columns.iter().position(|c| c.name == name);
        Columns {
            contract: at("Contract"),
            declarer: at("Declarer"),
            result: at("Result"),
            score_ns: at("Score_NS"),
            score_ew: at("Score_EW"),
            mp_ns: at("MP_NS"),
            mp_ew: at("MP_EW"),
            imp_ns: at("IMP_NS"),
            imp_ew: at("IMP_EW"),
            datum: at("ButlerDatum"),
            percentage_ns: at("Percentage_NS"),
            percentage_ew: at("Percentage_EW"),
            rank: at("Rank"),
            multiplicity: at("Multiplicity"),
            pair_ns: at("PairId_NS"),
            pair_ew: at("PairId_EW"),
        }
    }
}

/// North-South's duplicate score of a row's contract, declarer and tricks (`Result`, or `=`,
/// `+1`, `-2` against the contract), the board's vulnerability given; `None` when the row does not
/// say it plainly.
fn row_score(
    contract: &str,
    declarer: &str,
    result: &str,
    vulnerability: Vulnerability,
) -> Option<i64> {
    let contract = match ContractValue::read(contract.trim().trim_matches('"'))? {
        ContractValue::PassedOut => return Some(0),
        ContractValue::Contract(contract) => contract,
        ContractValue::Trumps(_) => return None,
    };
    let seat = Seat::parse(declarer.trim().trim_matches('"'))?;
    let result = result.trim().trim_matches('"');
    let needed = i64::from(contract.level) + 6;
    let tricks = match result {
        "=" => needed,
        _ if result.starts_with(['+', '-']) => needed + values::integer(result)?,
        _ => i64::from(values::unsigned(result)?),
    };
    let tricks = u8::try_from(tricks).ok().filter(|&t| t <= 13)?;
    Some(contract.score_ns(seat, vulnerability, tricks))
}

/// How many tables each row of a traveller stands for (PBN 5.9 Multiplicity, the column
/// `multiplicity`): 1 without the column; `None` when a multiplicity is not a whole number from 1,
/// which leaves the board's comparisons unjudged.
pub(crate) fn row_weights<'t>(
    rows: &[&[(TokenId, TokenId)]],
    multiplicity: Option<usize>,
    element: impl Fn((TokenId, TokenId)) -> &'t str,
) -> Option<Vec<f64>> {
    match multiplicity {
        None => Some(vec![1.0; rows.len()]),
        Some(m) => rows
            .iter()
            .map(|row| {
                values::unsigned(element(row[m]).trim().trim_matches('"'))
                    .filter(|&w| w >= 1)
                    .map(f64::from)
            })
            .collect(),
    }
}

/// A game's traveller (PBN 5.9 ScoreTable), when it has a column.
fn traveller<'g>(game: &'g GameModel<'_>) -> Option<Table<'g>> {
    let tag = game.get("ScoreTable")?;
    let table = Table::new(tag.pair, &tag.value);
    (!table.columns.is_empty()).then_some(table)
}

/// What R006 and R007 read of a game, outside a check (`score`'s totals): its own
/// TotalScoreTable and its traveller's rows, into `totals` in file order.
pub fn gather_totals(parse: &Parse, text: &str, game: &GameModel<'_>, totals: &mut Totals) {
    total_table(parse, text, game, totals);
    let Some(table) = traveller(game) else {
        return;
    };
    let width = table.columns.len();
    let element = |(first, last): (TokenId, TokenId)| &text[parse.span(first, last)];
    let rows: Vec<&[(TokenId, TokenId)]> = table.rows().filter(|r| r.len() == width).collect();
    gather_rows(&Columns::of(&table), &rows, &element, totals);
}

/// R001-R005 and R008 over every ScoreTable of a game.
pub fn check_game(checker: &mut Checker<'_>, game: &GameModel<'_>, totals: &mut Totals) {
    let gather = checker.on(Rule::TotalScoreMismatch) || checker.on(Rule::TotalRankMismatch);
    if gather {
        total_table(checker.parse, checker.text, game, totals);
    }
    let datum_on = checker.on(Rule::ButlerDatumMismatch);
    let (scores_on, points_on, imps_on, percent_on, rank_on) = (
        checker.on(Rule::TravellerScoreMismatch),
        checker.on(Rule::TravellerMatchpointsMismatch),
        checker.on(Rule::TravellerImpsMismatch),
        checker.on(Rule::TravellerPercentageMismatch),
        checker.on(Rule::TravellerRankMismatch),
    );
    if !scores_on && !points_on && !imps_on && !percent_on && !rank_on && !datum_on && !gather {
        return;
    }
    let Some(table) = traveller(game) else {
        return;
    };
    let width = table.columns.len();
    let columns = Columns::of(&table);
    let (parse, text) = (checker.parse, checker.text);
    let element = |(first, last): (TokenId, TokenId)| &text[parse.span(first, last)];
    let vulnerability = game.value("Vulnerable").and_then(Vulnerability::read);
    let rows: Vec<&[(TokenId, TokenId)]> = table.rows().filter(|r| r.len() == width).collect();
    // How many tables each row stands for (PBN 5.9 Multiplicity): 1 without the column; a
    // multiplicity that is not a whole number from 1 leaves the board's comparisons unjudged.
    let weights = row_weights(&rows, columns.multiplicity, element);
    let weights = weights.as_deref();
    if gather {
        gather_rows(&columns, &rows, &element, totals);
    }
    // Each row's North-South score as the table writes it, for the matchpoints.
    let mut written: Vec<Score> = Vec::with_capacity(rows.len());
    for row in &rows {
        let given_ns = columns
            .score_ns
            .map_or(Score::Absent, |c| score(element(row[c])));
        let given_ew = columns
            .score_ew
            .map_or(Score::Absent, |c| score(element(row[c])));
        written.push(match (given_ns, given_ew) {
            (Score::Artificial, _) | (_, Score::Artificial) => Score::Artificial,
            (Score::Points(ns), _) => Score::Points(ns),
            (Score::Absent, Score::Points(ew)) => Score::Points(-ew),
            (Score::Absent, Score::Absent) => Score::Absent,
        });
        if !scores_on {
            continue;
        }
        let (Some(c), Some(d), Some(r), Some(vulnerability)) = (
            columns.contract,
            columns.declarer,
            columns.result,
            vulnerability,
        ) else {
            continue;
        };
        let Some(ns) = row_score(
            element(row[c]),
            element(row[d]),
            element(row[r]),
            vulnerability,
        ) else {
            continue;
        };
        let wrong = [(columns.score_ns, given_ns, ns, Side::NorthSouth)]
            .into_iter()
            .chain([(columns.score_ew, given_ew, -ns, Side::EastWest)])
            .find_map(|(column, given, expected, side)| match given {
                Score::Points(points) if points != expected => {
                    column.map(|column| (column, points, expected, side))
                }
                _ => None,
            });
        if let Some((column, points, expected, side)) = wrong {
            let (first, last) = row[column];
            checker.report(traveller_score(
                parse.span(first, last),
                [element(row[c]), element(row[d]), element(row[r])],
                vulnerability,
                (side, points, expected),
            ));
        }
    }
    // The matchpoints the table writes, and whether they fit a scale: a table whose do not (a
    // producer that factors) is not judged for its percentages either.
    let mut factored = false;
    if let (Some(mp_ns), Some(mp_ew), Some(weights)) = (columns.mp_ns, columns.mp_ew, weights) {
        let given: Vec<(Option<f64>, Option<f64>)> = rows
            .iter()
            .map(|row| (points(element(row[mp_ns])), points(element(row[mp_ew]))))
            .collect();
        factored = matchpoint_scale(&written, &given, weights).is_none();
        if points_on && !factored {
            for finding in matchpoint_findings(&written, &given, weights) {
                let row = rows[finding.row];
                let (first, last) = if finding.east_west {
                    row[mp_ew]
                } else {
                    row[mp_ns]
                };
                checker.report(traveller_matchpoints(parse.span(first, last), &finding));
            }
        }
    }
    if imps_on
        && let (Some(imp_ns), Some(imp_ew), Some(weights)) =
            (columns.imp_ns, columns.imp_ew, weights)
    {
        let given: Vec<(Option<f64>, Option<f64>)> = rows
            .iter()
            .map(|row| (points(element(row[imp_ns])), points(element(row[imp_ew]))))
            .collect();
        let datums: Option<Vec<Option<f64>>> = columns
            .datum
            .map(|datum| rows.iter().map(|row| points(element(row[datum]))).collect());
        for finding in imp_findings(&written, &given, datums.as_deref(), weights) {
            let row = rows[finding.row];
            let (first, last) = if finding.east_west {
                row[imp_ew]
            } else {
                row[imp_ns]
            };
            checker.report(traveller_imps(parse.span(first, last), &finding));
        }
    }
    if datum_on
        && let (Some(datum), None, Some(scoring)) =
            (columns.datum, columns.multiplicity, game.value("Scoring"))
        && let Some(rule) = datum::DatumRule::of(scoring)
    {
        let datums: Vec<Option<f64>> = rows.iter().map(|row| points(element(row[datum]))).collect();
        if let Some(finding) = datum::datum_finding(rule, &written, &datums) {
            let (first, last) = rows[finding.row][datum];
            checker.report(datum::butler_datum(
                parse.span(first, last),
                &finding,
                scoring,
            ));
        }
    }
    if percent_on
        && !factored
        && let (Some(pc_ns), Some(pc_ew), Some(weights)) =
            (columns.percentage_ns, columns.percentage_ew, weights)
    {
        let given: Vec<(Option<Written>, Option<Written>)> = rows
            .iter()
            .map(|row| {
                (
                    written_number(element(row[pc_ns])),
                    written_number(element(row[pc_ew])),
                )
            })
            .collect();
        for finding in percentage_findings(&written, &given, weights) {
            let row = rows[finding.row];
            let (first, last) = if finding.east_west {
                row[pc_ew]
            } else {
                row[pc_ns]
            };
            checker.report(traveller_percentage(parse.span(first, last), &finding));
        }
    }
    if rank_on && let (Some(rank), Some(weights)) = (columns.rank, weights) {
        let given: Vec<Option<u32>> = rows
            .iter()
            .map(|row| written_rank(element(row[rank])))
            .collect();
        for finding in rank_findings(&written, &given, weights) {
            let (first, last) = rows[finding.row][rank];
            checker.report(traveller_rank(parse.span(first, last), &finding));
        }
    }
}

/// The cross-IMPs of row `row` (Law 78B): its score against every other row's, summed, a row of
/// Multiplicity m counting m times.
fn cross_imps(scores: &[i64], weights: &[f64], row: usize) -> f64 {
    let own = scores[row] as f64;
    scores
        .iter()
        .zip(weights)
        .enumerate()
        .filter(|&(other, _)| other != row)
        .map(|(_, (&other, weight))| weight * imps(own - other as f64))
        .sum()
}

/// The WBF IMP scale (Law 78B): the IMPs of a difference of `points`, signed.
pub fn imps(points: f64) -> f64 {
    const STEPS: [f64; 24] = [
        20.0, 50.0, 90.0, 130.0, 170.0, 220.0, 270.0, 320.0, 370.0, 430.0, 500.0, 600.0, 750.0,
        900.0, 1100.0, 1300.0, 1500.0, 1750.0, 2000.0, 2250.0, 2500.0, 3000.0, 3500.0, 4000.0,
    ];
    let count = STEPS.iter().filter(|&&step| points.abs() >= step).count() as f64;
    if points < 0.0 { -count } else { count }
}

/// Every row's North-South score, or `None` when one is artificial or unknown: a board that is
/// not judged for matchpoints or IMPs.
fn known(written: &[Score]) -> Option<Vec<i64>> {
    written
        .iter()
        .map(|score| match score {
            Score::Points(points) => Some(*points),
            _ => None,
        })
        .collect()
}

/// Whether two matchpoint or IMP counts are the same as a table writes them (to 0.1).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.051
}

/// A row whose IMPs are not its score's: which row and side, what it gives, what it earns, and
/// against what (the datum, or `None` for the other scores).
#[derive(Clone, Debug, PartialEq)]
pub struct ImpFinding {
    pub row: usize,
    pub east_west: bool,
    pub given: f64,
    pub expected: f64,
    pub datum: Option<f64>,
}

/// The rows whose given IMPs (North-South, East-West) are not those of the scores: against each
/// row's datum when `datums` is given (a Butler datum), else summed against every other score
/// (cross-IMPs). Nothing when a score is artificial or unknown; a row whose IMPs or datum are no
/// number is passed over.
fn imp_findings(
    written: &[Score],
    given: &[(Option<f64>, Option<f64>)],
    datums: Option<&[Option<f64>]>,
    weights: &[f64],
) -> Vec<ImpFinding> {
    let Some(scores) = known(written) else {
        return Vec::new();
    };
    let mut findings = Vec::new();
    for (row, (&(ns, ew), &score)) in given.iter().zip(&scores).enumerate() {
        let score = score as f64;
        let (expected, datum) = match datums {
            Some(datums) => match datums.get(row).copied().flatten() {
                Some(datum) => (imps(score - datum), Some(datum)),
                None => continue,
            },
            None => (cross_imps(&scores, weights, row), None),
        };
        let finding = match (ns, ew) {
            (Some(ns), _) if !close(ns, expected) => (false, ns, expected),
            (_, Some(ew)) if !close(ew, -expected) => (true, ew, -expected),
            _ => continue,
        };
        findings.push(ImpFinding {
            row,
            east_west: finding.0,
            given: finding.1,
            expected: finding.2,
            datum,
        });
    }
    findings
}

/// R003: a row's IMPs at `span`.
fn traveller_imps(span: std::ops::Range<usize>, finding: &ImpFinding) -> Diagnostic {
    let column = if finding.east_west {
        "IMP_EW"
    } else {
        "IMP_NS"
    };
    let against = match finding.datum {
        Some(datum) => format!("against the datum {datum}"),
        None => "summed against every other score (cross-IMPs)".to_owned(),
    };
    Diagnostic::new(
        Rule::TravellerImpsMismatch,
        span,
        format!(
            "{column} {} is not this row's IMPs: {} ({against}, WBF scale)",
            finding.given, finding.expected
        ),
    )
    .with_help("count the IMPs again from the score (Law 78B)")
}

/// R001: the score at `span` of the row `[contract, declarer, result]`.
fn traveller_score(
    span: std::ops::Range<usize>,
    [contract, declarer, result]: [&str; 3],
    vulnerability: Vulnerability,
    (side, given, expected): (Side, i64, i64),
) -> Diagnostic {
    let vulnerable = if vulnerability.is_vulnerable(side) {
        "vulnerable"
    } else {
        "not vulnerable"
    };
    let (contract, declarer, result) = (
        clip(contract.trim_matches('"')),
        clip(declarer.trim_matches('"')),
        clip(result.trim_matches('"')),
    );
    Diagnostic::new(
        Rule::TravellerScoreMismatch,
        span,
        format!(
            "{contract} by {declarer} with the result {result} scores {expected} for {}, {vulnerable} \
             (Law 77), not {given}",
            side.name()
        ),
    )
    .with_help(
        "correct the score, the contract or the result; mark an adjusted score as artificial \
         (`A60`, PBN 5.9)",
    )
}

/// R002: a row's matchpoints at `span`.
fn traveller_matchpoints(span: std::ops::Range<usize>, finding: &MatchpointFinding) -> Diagnostic {
    let column = if finding.east_west { "MP_EW" } else { "MP_NS" };
    let scale = if finding.per_beaten == 2.0 {
        "2 for each score beaten, 1 for each tie"
    } else {
        "1 for each score beaten, \u{bd} for each tie"
    };
    Diagnostic::new(
        Rule::TravellerMatchpointsMismatch,
        span,
        format!(
            "{column} {} is not this row's matchpoints on the board: {} ({scale}, top {})",
            finding.given, finding.expected, finding.top
        ),
    )
    .with_help("matchpoint the board again from its scores (Law 78A)")
}

/// A matchpoint element: a number, or `None` (`-`, `?`, anything else).
fn points(element: &str) -> Option<f64> {
    values::decimal(element.trim().trim_matches('"'))
}

/// A row whose matchpoints are not its score's: which row and side, what it gives, what its
/// score earns on the scale the table shows, and the scale.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchpointFinding {
    pub row: usize,
    pub east_west: bool,
    pub given: f64,
    pub expected: f64,
    /// Matchpoints for each score beaten (2 or 1); a tie earns half.
    pub per_beaten: f64,
    pub top: f64,
}

/// The matchpoints of North-South's scores `scores` (Law 78A) on the scale of `per_beaten` for
/// each score beaten and half of it for each tie.
pub fn matchpoints(scores: &[i64], per_beaten: f64) -> Vec<f64> {
    matchpoints_weighted(scores, &vec![1.0; scores.len()], per_beaten)
}

/// [`matchpoints`] of rows that each stand for `weights` tables (PBN 5.9 Multiplicity): a row's
/// score is compared with every table's, its own other tables being ties.
pub fn matchpoints_weighted(scores: &[i64], weights: &[f64], per_beaten: f64) -> Vec<f64> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            let (mut beaten, mut tied) = (0.0, weights[i] - 1.0);
            for (j, &other) in scores.iter().enumerate() {
                if i != j {
                    if other < score {
                        beaten += weights[j];
                    } else if other == score {
                        tied += weights[j];
                    }
                }
            }
            per_beaten * beaten + per_beaten / 2.0 * tied
        })
        .collect()
}

/// The scale (matchpoints for each score beaten: 2 or 1) that the given matchpoints' total shows,
/// or `None` when a score or a matchpoint is missing or artificial, or when the total fits
/// neither scale.
fn matchpoint_scale(
    written: &[Score],
    given: &[(Option<f64>, Option<f64>)],
    weights: &[f64],
) -> Option<f64> {
    known(written).filter(|scores| scores.len() >= 2)?;
    let given: Vec<(f64, f64)> = given
        .iter()
        .map(|&(ns, ew)| Some((ns?, ew?)))
        .collect::<Option<_>>()?;
    let tables: f64 = weights.iter().sum();
    let total: f64 = given
        .iter()
        .zip(weights)
        .map(|((ns, ew), w)| (ns + ew) * w)
        .sum();
    [2.0, 1.0]
        .into_iter()
        .find(|per| close(total, tables * per * (tables - 1.0)))
}

/// The rows whose given matchpoints (North-South, East-West) are not those of the scores, on the
/// scale (2 or 1 for each score beaten) whose top the table's own total shows. Nothing when a
/// score is artificial or unknown, when no matchpoint is given, or when the total fits neither
/// scale (a producer that factors, or another scale: not judged).
fn matchpoint_findings(
    written: &[Score],
    given: &[(Option<f64>, Option<f64>)],
    weights: &[f64],
) -> Vec<MatchpointFinding> {
    let Some(per_beaten) = matchpoint_scale(written, given, weights) else {
        return Vec::new();
    };
    let (Some(scores), Some(given)) = (
        known(written),
        given
            .iter()
            .map(|&(ns, ew)| Some((ns?, ew?)))
            .collect::<Option<Vec<_>>>(),
    ) else {
        return Vec::new();
    };
    let tables: f64 = weights.iter().sum();
    let top = per_beaten * (tables - 1.0);
    let expected = matchpoints_weighted(&scores, weights, per_beaten);
    let mut findings = Vec::new();
    for (row, (&(ns, ew), &earned)) in given.iter().zip(&expected).enumerate() {
        let (east_west, given, expected) = if !close(ns, earned) {
            (false, ns, earned)
        } else if !close(ew, top - earned) {
            (true, ew, top - earned)
        } else {
            continue;
        };
        findings.push(MatchpointFinding {
            row,
            east_west,
            given,
            expected,
            per_beaten,
            top,
        });
    }
    findings
}

/// A traveller that draws each results rule, and the traveller mended ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
