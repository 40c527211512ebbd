//! The TotalScoreTable (PBN 5.10) against the boards' ScoreTables of the same file (issue 66,
//! item 2): each pair's TotalScore, TotalIMP, TotalMP, TotalPercentage, the Mean… columns and
//! NrBoards against its rows on the travellers, and the Rank against the table's own totals.
//!
//! What a file's TotalScoreTable covers is the producer's: the whole event, or (written after
//! each board, as a running total) the boards so far, or more than the file holds (PBN 5.10: "(a
//! part of) a tournament"). Both scopes the file can show are tried, the boards up to the table's
//! game and every board of the file, and a column is judged only when at least half of its rows
//! agree with one of them: a table whose totals come from elsewhere is not judged
//! (`docs/spec-decisions.md`, "Results").

use std::collections::HashMap;
use std::ops::Range;

use super::compute::fixed;
use super::{Columns, Score, points, score, written_number};
use crate::model::GameModel;
use crate::model::values;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::syntax::{Parse, TokenId};
use crate::table::Table;

// The rules of this family: their pages are in `totals.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/results/totals.rs"));

/// A measure a traveller row gives a pair, and its totals sum or average.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    Score,
    Imp,
    Mp,
    Percentage,
}

impl Measure {
    const ALL: [Measure; 4] = [
        Measure::Score,
        Measure::Imp,
        Measure::Mp,
        Measure::Percentage,
    ];

    fn name(self) -> &'static str {
        match self {
            Measure::Score => "Score",
            Measure::Imp => "IMP",
            Measure::Mp => "MP",
            Measure::Percentage => "Percentage",
        }
    }
}

/// A number as the TotalScoreTable writes it: its value, its decimals, and where it is.
#[derive(Clone, Debug)]
pub struct Cell {
    pub value: f64,
    pub decimals: u32,
    /// The most decimals its column writes: a cell is judged to them (a column of halves that
    /// writes `5` for five means 5.0, not "5 give or take one").
    pub places: u32,
    /// Whether the column writes each number with its own decimals (`5`, `6.5`) rather than all
    /// with the same (`50.00`).
    pub trimmed: bool,
    pub span: Range<usize>,
    /// Whether the element is written as a string (`"50"`).
    pub quoted: bool,
    /// The column's name as the table writes it.
    pub column: String,
}

impl Cell {
    /// Whether the cell writes `exact` to its column's decimals, rounded or cut (less than one
    /// unit of the last place away).
    fn writes(&self, exact: f64) -> bool {
        (self.value - exact).abs() < 10f64.powi(-(self.places as i32)) - 1e-9
    }
}

/// Each row's pairs and what the row gives them, for the totals (R006): North-South's score,
/// IMPs, matchpoints and percentage to PairId_NS, East-West's to PairId_EW.
pub(super) fn gather_rows<'e>(
    columns: &Columns,
    rows: &[&[(TokenId, TokenId)]],
    element: &dyn Fn((TokenId, TokenId)) -> &'e str,
    totals: &mut Totals,
) {
    if columns.multiplicity.is_some() {
        totals.multiplied();
        return;
    }
    let number = |row: &[(TokenId, TokenId)], column: Option<usize>| {
        column.and_then(|c| points(element(row[c])))
    };
    for row in rows {
        let given = |c: Option<usize>| c.map_or(Score::Absent, |c| score(element(row[c])));
        let ns = match (given(columns.score_ns), given(columns.score_ew)) {
            (Score::Points(ns), _) => Some(ns as f64),
            (Score::Absent, Score::Points(ew)) => Some(-ew as f64),
            _ => None,
        };
        // A board's percentage where the table writes none: the side's matchpoints over the
        // top, which the two sides' matchpoints add up to (PBN 5.9).
        let (mp_ns, mp_ew) = (number(row, columns.mp_ns), number(row, columns.mp_ew));
        let share = |mine: Option<f64>, theirs: Option<f64>| match (mine, theirs) {
            (Some(mine), Some(theirs)) if mine + theirs > 0.0 => {
                Some(100.0 * mine / (mine + theirs))
            }
            _ => None,
        };
        let percentage = |column: Option<usize>, mine, theirs| match column {
            Some(_) => number(row, column),
            None => share(mine, theirs),
        };
        if let Some(pair) = columns.pair_ns {
            totals.board(
                element(row[pair]),
                [
                    ns,
                    number(row, columns.imp_ns),
                    mp_ns,
                    percentage(columns.percentage_ns, mp_ns, mp_ew),
                ],
            );
        }
        if let Some(pair) = columns.pair_ew {
            totals.board(
                element(row[pair]),
                [
                    ns.map(|ns| -ns),
                    number(row, columns.imp_ew),
                    mp_ew,
                    percentage(columns.percentage_ew, mp_ew, mp_ns),
                ],
            );
        }
    }
}

/// A game's own TotalScoreTable (not one it inherits without rows), read for R006 and R007.
pub(super) fn total_table(parse: &Parse, text: &str, game: &GameModel<'_>, totals: &mut Totals) {
    let Some(tag) = game.get("TotalScoreTable") else {
        return;
    };
    if tag.inheritance == crate::model::Inheritance::Implied {
        return;
    }
    let table = Table::new(tag.pair, &tag.value);
    let width = table.columns.len();
    let at = |name: &str| table.columns.iter().position(|c| c.name == name);
    let (Some(pair), rank) = (at("PairId"), at("Rank")) else {
        return;
    };
    let claims: Vec<(usize, Claim)> = table
        .columns
        .iter()
        .enumerate()
        .filter_map(|(i, c)| Some((i, Claim::of(c.name)?)))
        .collect();
    let span = |(first, last): (TokenId, TokenId)| parse.span(first, last);
    let rows = table
        .rows()
        .filter(|r| r.len() == width && width > 0)
        .map(|row| TotalRow {
            pair: text[span(row[pair])]
                .trim()
                .trim_matches('"')
                .trim()
                .to_owned(),
            cells: claims
                .iter()
                .filter_map(|&(i, claim)| {
                    let written = written_number(&text[span(row[i])])?;
                    Some((
                        claim,
                        Cell {
                            value: written.value,
                            decimals: written.decimals,
                            places: written.decimals,
                            trimmed: false,
                            span: span(row[i]),
                            quoted: text[span(row[i])].starts_with('"'),
                            column: table.columns[i].name.to_owned(),
                        },
                    ))
                })
                .collect(),
            rank: rank.and_then(|r| {
                let element = text[span(row[r])].trim().trim_matches('"').trim();
                let rank = values::unsigned(element.strip_suffix('=').unwrap_or(element))?;
                Some((rank, span(row[r]), element.ends_with('=')))
            }),
        })
        .collect::<Vec<TotalRow>>();
    let mut rows = rows;
    for &(_, claim) in &claims {
        let decimals = || {
            rows.iter()
                .flat_map(|row| row.cells.iter().filter(|(c, _)| *c == claim))
                .map(|(_, cell)| cell.decimals)
        };
        let places = decimals().max().unwrap_or(0);
        let trimmed = decimals().any(|d| d != places);
        for row in &mut rows {
            for (c, cell) in &mut row.cells {
                if *c == claim {
                    cell.places = places;
                    cell.trimmed = trimmed;
                }
            }
        }
    }
    totals.table(rows);
}

/// What a TotalScoreTable column claims of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    Total(Measure),
    Mean(Measure),
    Boards,
}

impl Claim {
    pub fn of(column: &str) -> Option<Claim> {
        match column {
            "NrBoards" => return Some(Claim::Boards),
            // Ruter's name for the sum of a pair's IMPs (`ruter71.pbn` of the shared corpus:
            // every pair's TotalScoreIMP is the sum of its IMP_NS and IMP_EW on the travellers).
            "TotalScoreIMP" => return Some(Claim::Total(Measure::Imp)),
            _ => {}
        }
        let (mean, rest) = match column.strip_prefix("Total") {
            Some(rest) => (false, rest),
            None => (true, column.strip_prefix("Mean")?),
        };
        let measure = Measure::ALL.into_iter().find(|m| m.name() == rest)?;
        Some(if mean {
            Claim::Mean(measure)
        } else {
            Claim::Total(measure)
        })
    }
}

/// A row of a TotalScoreTable.
#[derive(Clone, Debug)]
pub struct TotalRow {
    pub pair: String,
    pub cells: Vec<(Claim, Cell)>,
    /// The rank, where it is, and whether it marks a tie (`3=`).
    pub rank: Option<(u32, Range<usize>, bool)>,
}

/// What the results rules gather of a file, in file order, for the totals at its end.
#[derive(Debug, Default)]
pub struct Totals {
    events: Vec<Event>,
    /// A ScoreTable whose rows stand for several tables (Multiplicity): the pairs' totals are
    /// not told by its rows, and no TotalScoreTable of the file is judged.
    multiplied: bool,
}

#[derive(Debug)]
enum Event {
    /// A pair's board on a traveller: what it gives of each measure (`None` for `-`).
    Board {
        pair: String,
        given: [Option<f64>; 4],
    },
    /// A TotalScoreTable written here.
    Table(Vec<TotalRow>),
}

/// A pair's sums over some boards: the boards, and each measure's sum and how many boards gave it.
#[derive(Clone, Debug, Default)]
struct Sums {
    boards: u32,
    sums: [(f64, u32); 4],
}

impl Totals {
    pub fn append(&mut self, other: Totals) {
        self.events.extend(other.events);
        self.multiplied |= other.multiplied;
    }

    pub fn board(&mut self, pair: &str, given: [Option<f64>; 4]) {
        let pair = pair.trim().trim_matches('"').trim();
        if pair.is_empty() || pair == "-" {
            return;
        }
        self.events.push(Event::Board {
            pair: pair.to_owned(),
            given,
        });
    }

    pub fn multiplied(&mut self) {
        self.multiplied = true;
    }

    pub fn table(&mut self, rows: Vec<TotalRow>) {
        if !rows.is_empty() {
            self.events.push(Event::Table(rows));
        }
    }

    /// Each TotalScoreTable with the pairs' sums over the boards before it, and the sums over
    /// every board of the file: the two scopes a table may cover.
    #[allow(clippy::type_complexity)]
    fn scoped(&self) -> (Vec<(&[TotalRow], HashMap<&str, Sums>)>, HashMap<&str, Sums>) {
        let mut running: HashMap<&str, Sums> = HashMap::new();
        let mut tables: Vec<(&[TotalRow], HashMap<&str, Sums>)> = Vec::new();
        for event in &self.events {
            match event {
                Event::Board { pair, given } => {
                    let sums = running.entry(pair.as_str()).or_default();
                    sums.boards += 1;
                    for (i, value) in given.iter().enumerate() {
                        if let Some(value) = value {
                            sums.sums[i].0 += value;
                            sums.sums[i].1 += 1;
                        }
                    }
                }
                Event::Table(rows) => tables.push((rows, running.clone())),
            }
        }
        (tables, running)
    }

    /// Whether the file has a TotalScoreTable of its own that its travellers can judge (none
    /// when a traveller has a Multiplicity column).
    pub fn has_table(&self) -> bool {
        !self.multiplied
            && self
                .events
                .iter()
                .any(|event| matches!(event, Event::Table(_)))
    }

    /// R006 and R007 over every TotalScoreTable of the file.
    pub fn finish(self, checker: &mut Checker<'_>) {
        if !self.has_table() {
            return;
        }
        let (tables, running) = self.scoped();
        for (rows, so_far) in tables {
            for finding in table_findings(rows, [&so_far, &running]) {
                checker.report(finding);
            }
            if checker.on(Rule::TotalRankMismatch) {
                for finding in rank_findings(rows) {
                    checker.report(finding);
                }
            }
        }
    }
}

/// What a claim should be for a pair's sums; `None` when its boards do not all give the measure.
fn expected(claim: Claim, sums: &Sums) -> Option<f64> {
    let boards = f64::from(sums.boards);
    match claim {
        Claim::Boards => Some(boards),
        Claim::Total(measure) | Claim::Mean(measure) => {
            let (sum, given) = sums.sums[measure as usize];
            if given != sums.boards || sums.boards == 0 {
                return None;
            }
            Some(if matches!(claim, Claim::Mean(_)) {
                sum / boards
            } else {
                sum
            })
        }
    }
}

/// Whether `cell` writes `exact` to its decimals, rounded or cut (less than one unit of its last
/// place away). A TotalPercentage may be the sum of the boards' percentages or their mean (PBN
/// 5.10's "cumulative value of percentage"): either is right.
fn agrees(claim: Claim, cell: &Cell, sums: &Sums) -> Option<bool> {
    let near = |exact: f64| cell.writes(exact);
    let exact = expected(claim, sums)?;
    Some(
        near(exact)
            || (claim == Claim::Total(Measure::Percentage)
                && sums.boards > 0
                && near(exact / f64::from(sums.boards))),
    )
}

/// R006: each column of a TotalScoreTable against the scope (the boards so far, or all) where at
/// least half its rows agree; the rows that do not, in the scope with more agreeing.
fn table_findings(rows: &[TotalRow], scopes: [&HashMap<&str, Sums>; 2]) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    for claim in claims_of(rows) {
        let Some((scope, mean)) = judged_scope(rows, claim, scopes) else {
            continue;
        };
        for row in rows {
            let Some((_, cell)) = row.cells.iter().find(|(c, _)| *c == claim) else {
                continue;
            };
            let Some(sums) = scopes[scope].get(row.pair.as_str()) else {
                continue;
            };
            if agrees(claim, cell, sums) != Some(false) {
                continue;
            }
            let Some(mut exact) = expected(claim, sums) else {
                continue;
            };
            if mean {
                exact /= f64::from(sums.boards);
            }
            findings.push(total_mismatch(claim, row, cell, exact, (sums.boards, mean)));
        }
    }
    findings
}

/// The column a TotalScoreTable's ranks follow: the first total every row gives
/// (TotalPercentage, TotalMP, TotalIMP, TotalScore, then the means), with its written name.
fn ranked_by(rows: &[TotalRow]) -> Option<(Claim, &str)> {
    const ORDER: [Claim; 8] = [
        Claim::Total(Measure::Percentage),
        Claim::Total(Measure::Mp),
        Claim::Total(Measure::Imp),
        Claim::Total(Measure::Score),
        Claim::Mean(Measure::Percentage),
        Claim::Mean(Measure::Mp),
        Claim::Mean(Measure::Imp),
        Claim::Mean(Measure::Score),
    ];
    let claim = ORDER.into_iter().find(|claim| {
        rows.iter()
            .all(|row| row.cells.iter().any(|(c, _)| c == claim))
    })?;
    let column = rows
        .first()?
        .cells
        .iter()
        .find(|(c, _)| *c == claim)
        .map(|(_, cell)| cell.column.as_str())?;
    Some((claim, column))
}

/// Each row's place among `values` (one a row), best first: how many are better, and how many
/// share its value (itself included).
fn places(values: &[f64]) -> Vec<(u32, u32)> {
    values
        .iter()
        .map(|mine| {
            let better = values.iter().filter(|other| *other > mine).count() as u32;
            let tied = values.iter().filter(|other| *other == mine).count() as u32;
            (better, tied)
        })
        .collect()
}

/// The value of `claim` a row writes (0 where it has none: [`ranked_by`] picks a column every
/// row gives).
fn written_value(row: &TotalRow, claim: Claim) -> f64 {
    row.cells
        .iter()
        .find(|(c, _)| *c == claim)
        .map_or(0.0, |(_, cell)| cell.value)
}

/// R007: the Rank of each row against its place by the table's first total column, best first,
/// ties sharing the best rank (a rank among its tie's places passes, as on a traveller).
fn rank_findings(rows: &[TotalRow]) -> Vec<Diagnostic> {
    let Some((claim, column)) = ranked_by(rows) else {
        return Vec::new();
    };
    let values: Vec<f64> = rows.iter().map(|row| written_value(row, claim)).collect();
    let mut findings = Vec::new();
    for (row, (better, tied)) in rows.iter().zip(places(&values)) {
        let Some((rank, span, _)) = &row.rank else {
            continue;
        };
        if *rank < better + 1 || *rank > better + tied {
            findings.push(
                Diagnostic::new(
                    Rule::TotalRankMismatch,
                    span.clone(),
                    format!(
                        "Rank {rank} is not pair {}'s place: {} (by {column}, best first, ties \
                         sharing the best rank)",
                        crate::rules::tables::clip(&row.pair),
                        better + 1,
                    ),
                )
                .with_help("rank the pairs again from their totals (PBN 5.10)"),
            );
        }
    }
    findings
}

/// R006 at a cell.
fn total_mismatch(
    claim: Claim,
    row: &TotalRow,
    cell: &Cell,
    exact: f64,
    (boards, mean): (u32, bool),
) -> Diagnostic {
    let what = match claim {
        Claim::Boards => "the boards it has on the file's travellers".to_owned(),
        Claim::Total(_) if mean => {
            format!("the mean of its {boards} boards on the file's travellers")
        }
        Claim::Total(_) if boards == 1 => "its one board on the file's travellers".to_owned(),
        Claim::Total(_) => format!("the sum of its {boards} boards on the file's travellers"),
        Claim::Mean(_) => format!("the mean of its {boards} boards on the file's travellers"),
    };
    Diagnostic::new(
        Rule::TotalScoreMismatch,
        cell.span.clone(),
        format!(
            "{} {:.*} of pair {} is not {what}: {}",
            cell.column,
            cell.decimals as usize,
            cell.value,
            crate::rules::tables::clip(&row.pair),
            written_like(cell, exact)
        ),
    )
    .with_help("add the pair's results on the boards again (PBN 5.10)")
}

/// What `score` writes in a file's TotalScoreTables ([`corrections`]).
#[derive(Debug, Default)]
pub struct Corrected {
    /// Elements replaced: their byte range in the scored text and the new text.
    pub replaced: Vec<(Range<usize>, String)>,
    /// The tables with an element replaced.
    pub tables: usize,
    /// The total columns left as they were because the file's travellers do not give them
    /// (a table of boards the file does not hold): their names.
    pub left: Vec<String>,
}

/// The TotalScoreTables of `scored` (the file after `score` wrote its travellers) brought up to
/// date with its travellers: each total, mean or NrBoards column is recomputed over the boards
/// it covers (those before the table, or every board of the file), chosen where at least half
/// its rows agree with the travellers, as R006 judges it, in `input` (the file before) or else
/// in `scored`; a column neither shows is left. Then each Rank that its table's totals
/// contradict is written again (R007). `input` and `scored` hold the same tables, row for row:
/// `score` writes only travellers before this.
pub fn corrections(input: &Totals, scored: &Totals) -> Corrected {
    let mut corrected = Corrected::default();
    if !input.has_table() || !scored.has_table() {
        return corrected;
    }
    let (tables_in, all_in) = input.scoped();
    let (tables_out, all_out) = scored.scoped();
    if tables_in.len() != tables_out.len() {
        return corrected;
    }
    for ((rows_in, so_far_in), (rows_out, so_far_out)) in tables_in.iter().zip(&tables_out) {
        if rows_in.len() != rows_out.len() {
            continue;
        }
        let scopes_in = [so_far_in, &all_in];
        let scopes_out = [so_far_out, &all_out];
        let before = corrected.replaced.len();
        // The new value of each cell replaced, by row, for the ranks.
        let mut new_values: Vec<Vec<(Claim, f64)>> = vec![Vec::new(); rows_out.len()];
        for claim in claims_of(rows_out) {
            let chosen = judged_scope(rows_in, claim, scopes_in)
                .or_else(|| judged_scope(rows_out, claim, scopes_out));
            let Some((scope, mean)) = chosen else {
                if let Some((_, cell)) = rows_out
                    .iter()
                    .find_map(|row| row.cells.iter().find(|(c, _)| *c == claim))
                    && !corrected.left.contains(&cell.column)
                {
                    corrected.left.push(cell.column.clone());
                }
                continue;
            };
            for (r, row) in rows_out.iter().enumerate() {
                let Some((_, cell)) = row.cells.iter().find(|(c, _)| *c == claim) else {
                    continue;
                };
                let Some(sums) = scopes_out[scope].get(row.pair.as_str()) else {
                    continue;
                };
                let Some(mut exact) = expected(claim, sums) else {
                    continue;
                };
                if mean {
                    exact /= f64::from(sums.boards);
                }
                if cell.writes(exact) {
                    continue;
                }
                let written = written_like(cell, exact);
                new_values[r].push((claim, written.parse().unwrap_or(exact)));
                let written = if cell.quoted {
                    format!("\"{written}\"")
                } else {
                    written
                };
                corrected.replaced.push((cell.span.clone(), written));
            }
        }
        // The ranks, by the totals as they now are.
        if let Some((claim, _)) = ranked_by(rows_out) {
            let values: Vec<f64> = rows_out
                .iter()
                .zip(&new_values)
                .map(|(row, new)| {
                    new.iter()
                        .find(|(c, _)| *c == claim)
                        .map_or_else(|| written_value(row, claim), |(_, v)| *v)
                })
                .collect();
            let ties_marked = rows_out
                .iter()
                .any(|row| row.rank.as_ref().is_some_and(|(_, _, marked)| *marked));
            for (row, (better, tied)) in rows_out.iter().zip(places(&values)) {
                let Some((rank, span, _)) = &row.rank else {
                    continue;
                };
                if *rank < better + 1 || *rank > better + tied {
                    let mark = if ties_marked && tied > 1 { "=" } else { "" };
                    corrected
                        .replaced
                        .push((span.clone(), format!("{}{mark}", better + 1)));
                }
            }
        }
        if corrected.replaced.len() > before {
            corrected.tables += 1;
        }
    }
    corrected
}

/// The claims of a table's columns, in the order its rows first give them.
fn claims_of(rows: &[TotalRow]) -> Vec<Claim> {
    let mut claims: Vec<Claim> = Vec::new();
    for row in rows {
        for (claim, _) in &row.cells {
            if !claims.contains(claim) {
                claims.push(*claim);
            }
        }
    }
    claims
}

/// The scope (0: the boards before the table; 1: every board) where at least half the rows of
/// `claim` agree with the travellers, the one with more agreeing; and, for TotalPercentage,
/// whether the rows write the mean of the boards' percentages rather than their sum.
fn judged_scope(
    rows: &[TotalRow],
    claim: Claim,
    scopes: [&HashMap<&str, Sums>; 2],
) -> Option<(usize, bool)> {
    let mut best: Option<(usize, usize, bool)> = None;
    for (index, scope) in scopes.iter().enumerate() {
        let (mut judged, mut agreeing, mut as_mean) = (0usize, 0usize, 0usize);
        for row in rows {
            let Some((_, cell)) = row.cells.iter().find(|(c, _)| *c == claim) else {
                continue;
            };
            let Some(sums) = scope.get(row.pair.as_str()) else {
                continue;
            };
            let Some(agrees) = agrees(claim, cell, sums) else {
                continue;
            };
            judged += 1;
            if agrees {
                agreeing += 1;
                if !cell.writes(expected(claim, sums).unwrap_or(f64::NAN)) {
                    as_mean += 1;
                }
            }
        }
        if judged == 0 || agreeing * 2 < judged {
            continue;
        }
        if best.is_none_or(|(_, most, _)| agreeing >= most) {
            best = Some((index, agreeing, as_mean * 2 > agreeing));
        }
    }
    best.map(|(index, _, mean)| (index, mean))
}

/// `value` written as its column writes numbers: to the column's decimals, rounded, without the
/// zeros after the point where the column leaves them off.
fn written_like(cell: &Cell, value: f64) -> String {
    let text = fixed(value, cell.places);
    if cell.trimmed && text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}
