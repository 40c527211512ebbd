//! What a board's traveller (PBN 5.9 ScoreTable) should hold, for `pbnfmt score` (issue 66,
//! item 3): the matchpoints, percentages, IMPs, Butler datum and ranks its scores give, by the
//! same arithmetic the results rules judge with (R002, R003, R004, R005, R008), as the cells to
//! write.
//!
//! What is computed, and on what scale, is the file's: the Scoring tag (PBN 3.4.12: `MP` or
//! `MatchPoints` with `MP1` 2 a score beaten or `MP2` 1; `IMP` with `Butler`, `Butler-2`,
//! `Median`, `Cross`), else the scale the table's own matchpoints show, else the command's
//! `--scoring`. A column the table has is filled where it says `-` and corrected where its
//! number is not the scores'; a column the method needs and the table lacks is added at its
//! end. A board pbnfmt cannot score without a guess is left as it is, and the reason counted.

use std::ops::Range;

use super::datum::{DatumRule, fits, rounded};
use super::places::{ranks, written_number, written_rank};
use super::{
    Columns, Score, close, cross_imps, imps, known, matchpoint_scale, matchpoints_weighted, points,
    row_score, score,
};
use crate::model::values::Vulnerability;
use crate::model::{GameModel, Inheritance};
use crate::syntax::{Parse, TokenId};
use crate::table::Table;

/// Why a board's traveller was left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Left {
    /// A score is artificial (`A60`) or missing: the producer adjusts in its own way.
    Artificial,
    /// More than one Section: scored apart or across the field, the file does not say.
    Sections,
    /// The matchpoints fit neither scale (a producer that factors, Neuberg).
    Factored,
    /// A row has fewer elements than the table has columns, or a Multiplicity is not a whole
    /// number from 1.
    Unreadable,
    /// Neither the Scoring tag nor `--scoring` names a method the table's columns can take.
    NoMethod,
}

impl Left {
    pub fn words(self) -> &'static str {
        match self {
            Left::Artificial => "an artificial or missing score",
            Left::Sections => "more than one Section (scored apart or across the field?)",
            Left::Factored => "matchpoints on no scale (factored?)",
            Left::Unreadable => "a row or Multiplicity that does not read",
            Left::NoMethod => "no scoring method to compute (see --scoring)",
        }
    }
}

/// The cells to write in one board's traveller.
#[derive(Debug, Default)]
pub struct Cells {
    /// Elements replaced: their byte range and the new text.
    pub replaced: Vec<(Range<usize>, String)>,
    /// Text inserted: the new columns' names after the column specification, and each row's new
    /// elements after its last.
    pub inserted: Vec<(usize, String)>,
}

/// The method a Scoring value (PBN 3.4.12) names for the columns `score` computes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Method {
    /// Matchpoints, with the scale when named (`MP1`: 2 a score beaten; `MP2`: 1).
    pub matchpoints: bool,
    pub per_beaten: Option<f64>,
    /// IMPs against a Butler datum made by this rule.
    pub butler: Option<DatumRule>,
    /// Cross-IMPs, summed (`Cross`).
    pub cross: bool,
    /// Cross-IMPs averaged (`Cross1`, `Cross2`): not computed.
    pub averaged: bool,
}

impl Method {
    /// The method of a Scoring value; `None` when it names none (`""`, `"?"`, `"IMP"` alone
    /// leaves the datum unsaid, so names none for IMP columns).
    pub fn of(scoring: &str) -> Option<Method> {
        let fields: Vec<String> = scoring
            .split(';')
            .map(|f| f.trim().to_ascii_lowercase())
            .collect();
        let has = |name: &str| fields.iter().any(|f| f == name);
        let method = Method {
            matchpoints: has("mp") || has("matchpoints") || has("mp1") || has("mp2"),
            per_beaten: if has("mp2") {
                Some(1.0)
            } else if has("mp1") {
                Some(2.0)
            } else {
                None
            },
            butler: DatumRule::of(scoring),
            cross: has("cross"),
            averaged: has("cross1") || has("cross2"),
        };
        (method != Method::default()).then_some(method)
    }
}

/// What `score` did to a board: the cells to write, or why it was left.
pub enum Board {
    Cells(Cells),
    Left(Left),
}

/// The traveller of `game` as its scores give it, the Scoring tag's method or else `fallback`
/// (`--scoring`) deciding what is computed, `scale` (2 or 1 a score beaten) the matchpoints'
/// scale when neither the table nor the Scoring tag shows one. `None` when the game has no
/// ScoreTable of its own (one inherited is the earlier game's to score).
pub fn score_board(
    (parse, text): (&Parse, &str),
    game: &GameModel<'_>,
    fallback: Option<Method>,
    scale: f64,
) -> Option<Board> {
    let tag = game.get("ScoreTable")?;
    if tag.inheritance != Inheritance::None {
        return None;
    }
    let table = Table::new(tag.pair, &tag.value);
    let width = table.columns.len();
    if width == 0 || table.elements.is_empty() {
        return None;
    }
    let element = |(first, last): (TokenId, TokenId)| &text[parse.span(first, last)];
    let range = |(first, last): (TokenId, TokenId)| parse.span(first, last);
    let rows: Vec<&[(TokenId, TokenId)]> = table.rows().collect();
    if rows.iter().any(|row| row.len() != width) {
        return Some(Board::Left(Left::Unreadable));
    }
    let columns = Columns::of(&table);
    if let Some(section) = table.columns.iter().position(|c| c.name == "Section") {
        let first = element(rows[0][section]);
        if rows.iter().any(|row| element(row[section]) != first) {
            return Some(Board::Left(Left::Sections));
        }
    }
    let weights = super::row_weights(&rows, columns.multiplicity, element);
    let Some(weights) = weights else {
        return Some(Board::Left(Left::Unreadable));
    };
    // Each row's North-South score as written; where neither side is written, the contract's.
    let vulnerability = game.value("Vulnerable").and_then(Vulnerability::read);
    let written: Vec<Score> = rows
        .iter()
        .map(|row| {
            let ns = columns
                .score_ns
                .map_or(Score::Absent, |c| score(element(row[c])));
            let ew = columns
                .score_ew
                .map_or(Score::Absent, |c| score(element(row[c])));
            match (ns, ew) {
                (Score::Artificial, _) | (_, Score::Artificial) => Score::Artificial,
                (Score::Points(ns), _) => Score::Points(ns),
                (Score::Absent, Score::Points(ew)) => Score::Points(-ew),
                (Score::Absent, Score::Absent) => {
                    match (
                        columns.contract,
                        columns.declarer,
                        columns.result,
                        vulnerability,
                    ) {
                        (Some(c), Some(d), Some(r), Some(v)) => {
                            row_score(element(row[c]), element(row[d]), element(row[r]), v)
                                .map_or(Score::Absent, Score::Points)
                        }
                        _ => Score::Absent,
                    }
                }
            }
        })
        .collect();
    let Some(scores) = known(&written) else {
        return Some(Board::Left(Left::Artificial));
    };
    let method = game
        .value("Scoring")
        .and_then(Method::of)
        .or(fallback)
        .unwrap_or_default();
    let tables: f64 = weights.iter().sum();
    let mut cells = Cells::default();
    let mut added: Vec<&str> = Vec::new();
    let mut new_elements: Vec<Vec<String>> = vec![Vec::new(); rows.len()];
    let mut did = false;

    // Matchpoints (Law 78A).
    let mut per_beaten = None;
    if let (Some(mp_ns), Some(mp_ew)) = (columns.mp_ns, columns.mp_ew) {
        let given: Vec<(Option<f64>, Option<f64>)> = rows
            .iter()
            .map(|row| (points(element(row[mp_ns])), points(element(row[mp_ew]))))
            .collect();
        let blank = given.iter().all(|&(ns, ew)| ns.is_none() && ew.is_none());
        per_beaten = if blank {
            Some(method.per_beaten.unwrap_or(scale))
        } else {
            matchpoint_scale(&written, &given, &weights)
        };
        let Some(per) = per_beaten else {
            return Some(Board::Left(Left::Factored));
        };
        let earned = matchpoints_weighted(&scores, &weights, per);
        let top = per * (tables - 1.0);
        for ((row, &(ns, ew)), &mp) in rows.iter().zip(&given).zip(&earned) {
            for (column, given, want) in [(mp_ns, ns, mp), (mp_ew, ew, top - mp)] {
                if given.is_none_or(|g| !close(g, want)) {
                    cells.replaced.push((range(row[column]), number(want)));
                }
            }
        }
        did = true;
    } else if method.matchpoints && columns.mp_ns.is_none() && columns.mp_ew.is_none() {
        let per = method.per_beaten.unwrap_or(scale);
        per_beaten = Some(per);
        let earned = matchpoints_weighted(&scores, &weights, per);
        let top = per * (tables - 1.0);
        added.extend(["MP_NS", "MP_EW"]);
        for (new, &mp) in new_elements.iter_mut().zip(&earned) {
            new.extend([number(mp), number(top - mp)]);
        }
        did = true;
    }

    // Percentages: the matchpoints over the top, to the decimals the column writes (2 where it
    // writes none).
    if let (Some(pc_ns), Some(pc_ew)) = (columns.percentage_ns, columns.percentage_ew)
        && tables > 1.0
        && (per_beaten.is_some() || (columns.mp_ns.is_none() && columns.mp_ew.is_none()))
    {
        let given: Vec<_> = rows
            .iter()
            .map(|row| {
                (
                    written_number(element(row[pc_ns])),
                    written_number(element(row[pc_ew])),
                )
            })
            .collect();
        let decimals = given
            .iter()
            .flat_map(|&(ns, ew)| [ns, ew])
            .flatten()
            .map(|w| w.decimals)
            .max()
            .unwrap_or(2);
        let unit = 10f64.powi(-(decimals as i32));
        let earned = matchpoints_weighted(&scores, &weights, 1.0);
        for ((row, (ns, ew)), mp) in rows.iter().zip(&given).zip(&earned) {
            let exact = 100.0 * mp / (tables - 1.0);
            for (column, given, want) in [(pc_ns, ns, exact), (pc_ew, ew, 100.0 - exact)] {
                if given.is_none_or(|g| (g.value - want).abs() >= unit - 1e-9) {
                    cells
                        .replaced
                        .push((range(row[column]), fixed(want, decimals)));
                }
            }
        }
        did = true;
    }

    // Ranks (PBN 5.9): each row's place by its score, ties sharing the best rank; a given rank
    // among the places of its tie is kept (a producer breaking the tie), and a tie is marked
    // `3=` where the table marks one so.
    if let Some(rank) = columns.rank {
        let given: Vec<Option<u32>> = rows
            .iter()
            .map(|row| written_rank(element(row[rank])))
            .collect();
        let marks = rows
            .iter()
            .any(|row| element(row[rank]).trim().trim_matches('"').ends_with('='));
        let ranks = ranks(&scores, &given, &weights);
        for ((row, given), (want, tied)) in rows.iter().zip(&given).zip(ranks) {
            if *given != Some(want) {
                let mark = if marks && tied { "=" } else { "" };
                cells
                    .replaced
                    .push((range(row[rank]), format!("{want}{mark}")));
            }
        }
        did = true;
    }

    // IMPs (Law 78B): against the Butler datum, or cross-IMPs.
    let datum_of = |rule: DatumRule| rule.datum(&scores).map(rounded);
    match (columns.imp_ns, columns.imp_ew) {
        (Some(imp_ns), Some(imp_ew)) => {
            // The datum of each row: the one written, made again where the Scoring tag's rule
            // does not give it; a row with neither is left, as R003 leaves it.
            let datums: Option<Vec<Option<f64>>> = columns.datum.map(|datum| {
                let made = method.butler.and_then(|rule| rule.datum(&scores));
                rows.iter()
                    .map(|row| {
                        let given = points(element(row[datum]));
                        match (given, made) {
                            (Some(g), Some(exact)) if fits(g, exact) => Some(g),
                            (_, Some(exact)) => {
                                let want = rounded(exact);
                                cells.replaced.push((range(row[datum]), number(want)));
                                Some(want)
                            }
                            (given, None) => given,
                        }
                    })
                    .collect()
            });
            // Without a datum column, cross-IMPs summed, as R003 reads them; averaged ones
            // (`Cross1`, `Cross2`) are not computed.
            let cross = columns.datum.is_none()
                && (method.cross || method.butler.is_none())
                && !method.averaged;
            for (i, row) in rows.iter().enumerate() {
                let want = match &datums {
                    Some(datums) => match datums[i] {
                        Some(datum) => imps(scores[i] as f64 - datum),
                        None => continue,
                    },
                    None if cross => cross_imps(&scores, &weights, i),
                    None => break,
                };
                for (column, want) in [(imp_ns, want), (imp_ew, -want)] {
                    if points(element(row[column])).is_none_or(|g| !close(g, want)) {
                        cells.replaced.push((range(row[column]), number(want)));
                    }
                }
                did = true;
            }
        }
        (None, None) if method.butler.is_some() && columns.datum.is_none() => {
            let Some(datum) = method.butler.and_then(datum_of) else {
                return Some(Board::Left(Left::NoMethod));
            };
            added.extend(["IMP_NS", "IMP_EW", "ButlerDatum"]);
            for (new, &own) in new_elements.iter_mut().zip(&scores) {
                let want = imps(own as f64 - datum);
                new.extend([number(want), number(-want), number(datum)]);
            }
            did = true;
        }
        (None, None) if method.cross && !method.averaged && columns.datum.is_none() => {
            added.extend(["IMP_NS", "IMP_EW"]);
            for (i, new) in new_elements.iter_mut().enumerate() {
                let want = cross_imps(&scores, &weights, i);
                new.extend([number(want), number(-want)]);
            }
            did = true;
        }
        _ => {}
    }
    if !did {
        return Some(Board::Left(Left::NoMethod));
    }
    if !added.is_empty() {
        // The new columns' names at the end of the column specification, and each row's new
        // elements after its last (PBN 5.1).
        let spec = tag.text_span();
        cells
            .inserted
            .push((spec.end, format!(";{}", added.join(";"))));
        for (row, new) in rows.iter().zip(&new_elements) {
            let end = range(row[width - 1]).end;
            cells.inserted.push((end, format!(" {}", new.join(" "))));
        }
    }
    Some(Board::Cells(cells))
}

/// A count as a traveller writes it: whole, or to 0.1 or 0.01 where it has a fraction (a tie
/// earns a half; Multiplicity and averages give more).
fn number(value: f64) -> String {
    let value = if value == 0.0 { 0.0 } else { value };
    if (value - value.round()).abs() < 1e-9 {
        return format!("{}", value.round() as i64);
    }
    let text = format!("{value:.2}");
    text.trim_end_matches('0').to_owned()
}

/// A number to `decimals` places, rounded, without a minus before a zero.
pub(super) fn fixed(value: f64, decimals: u32) -> String {
    let text = format!("{value:.*}", decimals as usize);
    if text.starts_with('-') && text.trim_start_matches(['-', '0', '.']).is_empty() {
        text[1..].to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_travellers_write_them() {
        assert_eq!(number(2.0), "2");
        assert_eq!(number(1.5), "1.5");
        assert_eq!(number(-0.0), "0");
        assert_eq!(number(2.25), "2.25");
        assert_eq!(fixed(66.6666, 2), "66.67");
        assert_eq!(fixed(50.0, 0), "50");
    }

    #[test]
    fn the_scoring_tag_names_the_method() {
        let mp = Method::of("MP").unwrap();
        assert!(mp.matchpoints && mp.per_beaten.is_none() && !mp.cross);
        assert_eq!(Method::of("MatchPoints;MP2").unwrap().per_beaten, Some(1.0));
        assert!(Method::of("IMP;Butler-2;Mean").unwrap().butler.is_some());
        assert!(Method::of("IMP;Cross").unwrap().cross);
        assert_eq!(Method::of("IMP"), None);
        assert_eq!(Method::of("?"), None);
    }
}
