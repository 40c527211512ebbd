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
use crate::model::duplicate::duplicate_score;
use crate::model::values::{self, ContractValue, Side, Vulnerability};
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::semantic::Checker;
use crate::rules::tables::clip;
use crate::rules::{Rule, RuleInfo};
use crate::syntax::TokenId;
use crate::table::Table;

pub mod totals;

pub use totals::Totals;

// The rules of this family: see [`crate::rules`].

pub const TRAVELLER_SCORE_MISMATCH: RuleInfo = RuleInfo {
    code: "R001",
    name: "traveller-score-mismatch",
    severity: Severity::Error,
    section: "PBN 5.9",
    summary: "A ScoreTable row whose score is not the duplicate score of its contract, declarer \
        and result",
    what: "Each row of a ScoreTable that gives Contract, Declarer, Result (declarer's tricks) and \
        Score_NS or Score_EW: the score against the duplicate score of the contract (Law 77) with \
        the board's Vulnerable. Score_NS is North-South's score, Score_EW East-West's; `-` or `?` \
        (a score written only on the side that scored) and artificial scores (`A60`, `40%`, \
        `A+`) are not judged.",
    why: "PBN 5.9: the ScoreTable holds each table's result of the board, and its scores are \
        what the matchpoints, the rankings and the players' results are made of. A score that is \
        not the contract's is a wrong traveller, which nobody else verifies.",
    example: "```\n\
        [Vulnerable \"NS\"]\n\
        [ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n\
        1 2 4H S 10 420 -\n\
        ```",
    fix: "Correct the score (4H by South making 10 tricks vulnerable scores 620), the contract or \
        the result; mark an adjusted score as artificial (`A60`).",
    ..RuleInfo::BASE
};

pub const TRAVELLER_MATCHPOINTS_MISMATCH: RuleInfo = RuleInfo {
    code: "R002",
    name: "traveller-matchpoints-mismatch",
    severity: Severity::Error,
    section: "PBN 5.9",
    summary: "A ScoreTable row whose matchpoints are not those of its score on the board",
    what: "MP_NS and MP_EW of each row against the matchpoints of the row's score among the \
        board's scores (Law 78A): 2 for each score beaten and 1 for each tie, or 1 and \u{bd}, the \
        scale the table's own total shows; MP_NS and MP_EW add up to the top. Not judged: a \
        board with an artificial or unknown score, a table whose total fits neither scale (a \
        producer that factors unequal numbers of results, Neuberg), matchpoints written `-`.",
    why: "PBN 5.9: MP_NS and MP_EW are the matchpoints of the row. They decide the ranking; a \
        miscount is a wrong result for two pairs at once.",
    example: "```\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
        1 2 620 - 2 0\n\
        3 4 650 - 0 2\n\
        ```",
    fix: "Matchpoint the board again from its scores (`+650` beats `+620`).",
    ..RuleInfo::BASE
};

pub const TRAVELLER_IMPS_MISMATCH: RuleInfo = RuleInfo {
    code: "R003",
    name: "traveller-imps-mismatch",
    severity: Severity::Error,
    section: "PBN 5.9",
    summary: "A ScoreTable row whose IMPs are not those of its score against the datum or the \
        other scores",
    what: "IMP_NS and IMP_EW of each row against the WBF IMP scale (Law 78B) of the row's \
        North-South score less the row's ButlerDatum (a Butler datum, North-South's); without a \
        ButlerDatum column, the sum of the IMPs against every other score of the board \
        (cross-IMPs). IMP_EW is IMP_NS with the sign turned. Not judged: a board with an \
        artificial or missing score, IMPs written `-`, a datum that is no number.",
    why: "PBN 5.9: IMP_NS and IMP_EW are the row's IMPs. A miscount changes two pairs' results; \
        the datum the producer gives is the one the IMPs are counted from, so the check needs \
        no guess at how it was made.",
    example: "```\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
        1 2 120 - 4 -4 -90\n\
        ```",
    fix: "Count the IMPs again from the score and the datum: +120 against -90 is 210, 5 IMPs.",
    ..RuleInfo::BASE
};

pub const TRAVELLER_PERCENTAGE_MISMATCH: RuleInfo = RuleInfo {
    code: "R004",
    name: "traveller-percentage-mismatch",
    severity: Severity::Error,
    section: "PBN 5.9",
    summary: "A ScoreTable row whose percentage is not its matchpoints over the top",
    what: "Percentage_NS and Percentage_EW of each row against 100 times the row's matchpoints \
        over the top (Law 78A: each score beaten counts 1 and each tie \u{bd}, over the number of \
        other results), as many decimals as the table writes (`67`, `66.7`, `66.67`), rounded or \
        cut; the two sides add up to 100. Not judged: a board with an artificial or unknown \
        score, percentages written `-`, a board whose matchpoint columns fit neither scale (a \
        producer that factors).",
    why: "PBN 5.9: Percentage_NS and Percentage_EW are the row's percentage scores, the figure \
        players read first on a traveller. A wrong one ranks two pairs wrongly.",
    example: "```\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS;Percentage_EW\"]\n\
        1 2 620 - 100 0\n\
        3 4 650 - 0 100\n\
        ```",
    fix: "Count the percentages again from the scores (`+650` beats `+620`: 100 and 0).",
    ..RuleInfo::BASE
};

pub const TRAVELLER_RANK_MISMATCH: RuleInfo = RuleInfo {
    code: "R005",
    name: "traveller-rank-mismatch",
    severity: Severity::Error,
    section: "PBN 5.9",
    summary: "A ScoreTable row whose Rank is not its score's place on the board",
    what: "The Rank of each row against the place of its score among the board's scores: 1 for \
        the best, ties sharing the best rank (PBN 5.9: \"rank order of score; or best rank in case \
        of ties\"), a row of Multiplicity m taking m places. The order is North-South's score, \
        best first, or East-West's when every rank of the table follows that one: the table \
        shows which. A rank among the places of its tie (1 or 2 for two equal scores) is a \
        producer breaking the tie by another measure, and not reported. A rank written `3=` is \
        read as 3. Not judged: a board with an artificial or unknown score, ranks written `-`.",
    why: "PBN 5.9 defines the Rank of a ScoreTable row as its score's rank order, ties sharing \
        the best rank. A rank out of order contradicts the scores beside it.",
    example: "```\n\
        [ScoreTable \"Rank;PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n\
        1 1 2 620 -\n\
        2 3 4 650 -\n\
        ```",
    fix: "Rank the rows again from their scores (`+650` is first).",
    ..RuleInfo::BASE
};

pub const TOTAL_SCORE_MISMATCH: RuleInfo = RuleInfo {
    code: "R006",
    name: "total-score-mismatch",
    severity: Severity::Error,
    section: "PBN 5.10",
    summary: "A TotalScoreTable total, mean or NrBoards that the file's travellers contradict",
    what: "Each pair's TotalScore, TotalIMP, TotalMP, TotalPercentage, MeanScore, MeanIMP, \
        MeanMP, MeanPercentage and NrBoards against the pair's rows (by PairId_NS and PairId_EW) \
        on the ScoreTables of the same file: sums, means over the pair's boards, the count. \
        TotalPercentage may be the sum or the mean. The table may cover the boards up to its own \
        game (a running total) or the whole file: a column is judged where at least half its \
        rows agree with one of them, so a table of more than the file holds is not judged. Not \
        judged: a pair whose boards do not all give the measure, a file with a Multiplicity \
        column.",
    why: "PBN 5.10: the TotalScoreTable holds the totals \"that have actually been realised\": \
        the ranking players read. A total that its own boards contradict is a wrong result.",
    example: "```\n\
        [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
        1 2 620 - 2 0\n\
        3 4 650 - 0 2\n\
        [TotalScoreTable \"PairId;TotalMP\"]\n\
        1 0\n\
        ```",
    fix: "Add the pair's results again (pair 1 has 2 matchpoints).",
    ..RuleInfo::BASE
};

pub const TOTAL_RANK_MISMATCH: RuleInfo = RuleInfo {
    code: "R007",
    name: "total-rank-mismatch",
    severity: Severity::Error,
    section: "PBN 5.10",
    summary: "A TotalScoreTable Rank that is not the pair's place by its total",
    what: "The Rank of each TotalScoreTable row against the pair's place by the table's first \
        total column that every row gives (TotalPercentage, TotalMP, TotalIMP, TotalScore, then \
        the means), best first, ties sharing the best rank (PBN 5.10); a rank among its tie's \
        places passes (a producer breaking ties).",
    why: "PBN 5.10: Rank is the \"rank order of score; or best rank in case of ties\". A rank \
        its own totals contradict misplaces a pair in the event.",
    example: "```\n\
        [TotalScoreTable \"Rank;PairId;TotalMP\"]\n\
        1 1 10\n\
        2 2 12\n\
        ```",
    fix: "Rank the pairs again by their totals.",
    ..RuleInfo::BASE
};

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
    let side = Side::of(seat);
    let points = duplicate_score(
        contract.level,
        contract.denomination,
        contract.risk,
        vulnerability.is_vulnerable(side),
        tricks,
    );
    Some(if side == Side::NorthSouth {
        points
    } else {
        -points
    })
}

/// R001-R005 over every ScoreTable of a game.
pub fn check_game(checker: &mut Checker<'_>, game: &GameModel<'_>, totals: &mut Totals) {
    let gather = checker.on(Rule::TotalScoreMismatch) || checker.on(Rule::TotalRankMismatch);
    if gather {
        total_table(checker, game, totals);
    }
    let (scores_on, points_on, imps_on, percent_on, rank_on) = (
        checker.on(Rule::TravellerScoreMismatch),
        checker.on(Rule::TravellerMatchpointsMismatch),
        checker.on(Rule::TravellerImpsMismatch),
        checker.on(Rule::TravellerPercentageMismatch),
        checker.on(Rule::TravellerRankMismatch),
    );
    if !scores_on && !points_on && !imps_on && !percent_on && !rank_on && !gather {
        return;
    }
    let Some(tag) = game.get("ScoreTable") else {
        return;
    };
    let table = Table::new(tag.pair, &tag.value);
    let width = table.columns.len();
    if width == 0 {
        return;
    }
    let columns = Columns::of(&table);
    let (parse, text) = (checker.parse, checker.text);
    let element = |(first, last): (TokenId, TokenId)| &text[parse.span(first, last)];
    let vulnerability = game.value("Vulnerable").and_then(Vulnerability::read);
    let rows: Vec<&[(TokenId, TokenId)]> = table.rows().filter(|r| r.len() == width).collect();
    // How many tables each row stands for (PBN 5.9 Multiplicity): 1 without the column; a
    // multiplicity that is not a whole number from 1 leaves the board's comparisons unjudged.
    let weights: Option<Vec<f64>> = match columns.multiplicity {
        None => Some(vec![1.0; rows.len()]),
        Some(m) => rows
            .iter()
            .map(|row| {
                values::unsigned(element(row[m]).trim().trim_matches('"'))
                    .filter(|&w| w >= 1)
                    .map(f64::from)
            })
            .collect(),
    };
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
    // Whether the matchpoints the table writes fit a scale: a table whose do not (a producer
    // that factors) is not judged for its percentages either.
    let mut factored = false;
    if let (Some(mp_ns), Some(mp_ew), Some(weights)) = (columns.mp_ns, columns.mp_ew, weights) {
        let given: Vec<(Option<f64>, Option<f64>)> = rows
            .iter()
            .map(|row| (points(element(row[mp_ns])), points(element(row[mp_ew]))))
            .collect();
        factored = matchpoint_scale(&written, &given, weights).is_none();
    }
    if points_on
        && let (Some(mp_ns), Some(mp_ew), Some(weights)) = (columns.mp_ns, columns.mp_ew, weights)
    {
        let given: Vec<(Option<f64>, Option<f64>)> = rows
            .iter()
            .map(|row| (points(element(row[mp_ns])), points(element(row[mp_ew]))))
            .collect();
        let spans: Vec<_> = rows
            .iter()
            .map(|row| {
                (
                    parse.span(row[mp_ns].0, row[mp_ns].1),
                    parse.span(row[mp_ew].0, row[mp_ew].1),
                )
            })
            .collect();
        for finding in matchpoint_findings(&written, &given, weights) {
            let (ns, ew) = spans[finding.row].clone();
            let span = if finding.east_west { ew } else { ns };
            checker.report(traveller_matchpoints(span, &finding));
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
            .map(|row| {
                let element = element(row[rank]).trim().trim_matches('"').trim();
                values::unsigned(element.strip_suffix('=').unwrap_or(element))
            })
            .collect();
        for finding in rank_findings(&written, &given, weights) {
            let (first, last) = rows[finding.row][rank];
            checker.report(traveller_rank(parse.span(first, last), &finding));
        }
    }
}

/// Each row's pairs and what the row gives them, for the totals (R006): North-South's score,
/// IMPs, matchpoints and percentage to PairId_NS, East-West's to PairId_EW.
fn gather_rows<'e>(
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
        if let Some(pair) = columns.pair_ns {
            totals.board(
                element(row[pair]),
                [
                    ns,
                    number(row, columns.imp_ns),
                    number(row, columns.mp_ns),
                    number(row, columns.percentage_ns),
                ],
            );
        }
        if let Some(pair) = columns.pair_ew {
            totals.board(
                element(row[pair]),
                [
                    ns.map(|ns| -ns),
                    number(row, columns.imp_ew),
                    number(row, columns.mp_ew),
                    number(row, columns.percentage_ew),
                ],
            );
        }
    }
}

/// A game's own TotalScoreTable (not one it inherits without rows), read for R006 and R007.
fn total_table(checker: &Checker<'_>, game: &GameModel<'_>, totals: &mut Totals) {
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
    let claims: Vec<(usize, totals::Claim)> = table
        .columns
        .iter()
        .enumerate()
        .filter_map(|(i, c)| Some((i, totals::Claim::of(c.name)?)))
        .collect();
    let (parse, text) = (checker.parse, checker.text);
    let span = |(first, last): (TokenId, TokenId)| parse.span(first, last);
    let rows = table
        .rows()
        .filter(|r| r.len() == width && width > 0)
        .map(|row| totals::TotalRow {
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
                        totals::Cell {
                            value: written.value,
                            decimals: written.decimals,
                            span: span(row[i]),
                        },
                    ))
                })
                .collect(),
            rank: rank.and_then(|r| {
                let element = text[span(row[r])].trim().trim_matches('"').trim();
                let rank = values::unsigned(element.strip_suffix('=').unwrap_or(element))?;
                Some((rank, span(row[r])))
            }),
        })
        .collect();
    totals.table(rows);
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
            None => (
                scores
                    .iter()
                    .zip(weights)
                    .enumerate()
                    .filter(|&(other, _)| other != row)
                    .map(|(_, (&other, weight))| weight * imps(score - other as f64))
                    .sum(),
                None,
            ),
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

/// A number as a table writes it, and how many decimals it is written to.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Written {
    value: f64,
    decimals: u32,
}

fn written_number(element: &str) -> Option<Written> {
    let element = element.trim().trim_matches('"').trim();
    let element = element.strip_suffix('%').unwrap_or(element);
    let value = values::decimal(element)?;
    let decimals = element.split_once('.').map_or(0, |(_, f)| f.len() as u32);
    Some(Written { value, decimals })
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
fn percentage_findings(
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
fn rank_findings(written: &[Score], given: &[Option<u32>], weights: &[f64]) -> Vec<RankFinding> {
    let Some(scores) = known(written) else {
        return Vec::new();
    };
    // Each row's places: the best (1 and the tables whose score is better) to the worst (the
    // tables tied with it after it).
    let places = |east_west: bool| -> Vec<(u32, u32)> {
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
    };
    let misses = |east_west: bool| -> Vec<RankFinding> {
        given
            .iter()
            .zip(places(east_west))
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
        return north_south;
    }
    let east_west = misses(true);
    if east_west.is_empty() || east_west.len() < north_south.len() {
        east_west
    } else {
        north_south
    }
}

/// R004: a row's percentage at `span`.
fn traveller_percentage(span: std::ops::Range<usize>, finding: &PercentageFinding) -> Diagnostic {
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
fn traveller_rank(span: std::ops::Range<usize>, finding: &RankFinding) -> Diagnostic {
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

/// A traveller that draws each results rule, and the traveller mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::TravellerScoreMismatch,
            "[Vulnerable \"NS\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;\
             Score_NS;Score_EW\"]\n1 2 4H S 10 420 -\n3 4 3NT W 8 - -50\n",
            "[Vulnerable \"NS\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;\
             Score_NS;Score_EW\"]\n1 2 4H S 10 620 -\n3 4 3NT W 8 50 -\n",
        ),
        pair(
            Rule::TravellerMatchpointsMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 2 0\n3 4 650 - 0 2\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 0 2\n3 4 650 - 2 0\n",
        ),
        pair(
            Rule::TravellerPercentageMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS;Percentage_EW\"]\n\
             1 2 620 - 100 0\n3 4 650 - 0 100\n5 6 650 - 50 50\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS;Percentage_EW\"]\n\
             1 2 620 - 0 100\n3 4 650 - 75 25\n5 6 650 - 75 25\n",
        ),
        pair(
            Rule::TravellerRankMismatch,
            "[ScoreTable \"Rank;PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n\
             2 1 2 620 -\n1 3 4 650 -\n1 5 6 650 -\n",
            "[ScoreTable \"Rank;PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n\
             3 1 2 620 -\n1 3 4 650 -\n1= 5 6 650 -\n",
        ),
        pair(
            Rule::TotalScoreMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 0 2\n3 4 650 - 2 0\n\
             [TotalScoreTable \"PairId;TotalMP\"]\n1 2\n2 2\n3 2\n4 0\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 0 2\n3 4 650 - 2 0\n\
             [TotalScoreTable \"PairId;TotalMP\"]\n1 0\n2 2\n3 2\n4 0\n",
        ),
        pair(
            Rule::TotalRankMismatch,
            "[TotalScoreTable \"Rank;PairId;TotalMP\"]\n1 1 10\n2 2 12\n",
            "[TotalScoreTable \"Rank;PairId;TotalMP\"]\n2 1 10\n1 2 12\n",
        ),
        pair(
            Rule::TravellerImpsMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
             1 2 \"120\" - 4 -4 -90\n3 4 - \"80\" 0 0 -90\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
             1 2 \"120\" - 5 -5 -90\n3 4 - \"80\" 0 0 -90\n",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scores computed by hand from Law 77, against the scorer's reading of a row.
    #[test]
    fn a_rows_score_is_read_as_a_traveller_writes_it() {
        let none = Vulnerability::None;
        let all = Vulnerability::All;
        assert_eq!(row_score("4H", "S", "10", all), Some(620));
        assert_eq!(row_score("4H", "S", "10", none), Some(420));
        assert_eq!(row_score("4H", "W", "10", none), Some(-420));
        assert_eq!(row_score("1N", "E", "6", none), Some(50));
        assert_eq!(row_score("3NTX", "N", "7", all), Some(-500));
        assert_eq!(row_score("\"6S\"", "N", "=", all), Some(1430));
        assert_eq!(row_score("2C", "E", "+1", none), Some(-110));
        assert_eq!(row_score("2C", "E", "-2", all), Some(200));
        assert_eq!(row_score("Pass", "-", "-", none), Some(0));
        assert_eq!(row_score("4H", "S", "14", none), None);
        assert_eq!(row_score("?", "S", "10", none), None);
        assert_eq!(score("\"120\""), Score::Points(120));
        assert_eq!(score("-"), Score::Absent);
        assert_eq!(score("A60"), Score::Artificial);
        assert_eq!(score("40%"), Score::Artificial);
    }

    /// The WBF scale at every boundary, written out here from the table (Law 78B).
    #[test]
    fn imps_at_every_boundary_of_the_wbf_scale() {
        let table = [
            (0, 10, 0),
            (20, 40, 1),
            (50, 80, 2),
            (90, 120, 3),
            (130, 160, 4),
            (170, 210, 5),
            (220, 260, 6),
            (270, 310, 7),
            (320, 360, 8),
            (370, 420, 9),
            (430, 490, 10),
            (500, 590, 11),
            (600, 740, 12),
            (750, 890, 13),
            (900, 1090, 14),
            (1100, 1290, 15),
            (1300, 1490, 16),
            (1500, 1740, 17),
            (1750, 1990, 18),
            (2000, 2240, 19),
            (2250, 2490, 20),
            (2500, 2990, 21),
            (3000, 3490, 22),
            (3500, 3990, 23),
            (4000, 7600, 24),
        ];
        for (low, high, expected) in table {
            for points in [low, high] {
                assert_eq!(imps(f64::from(points)), f64::from(expected), "{points}");
                assert_eq!(imps(-f64::from(points)), -f64::from(expected), "-{points}");
            }
        }
        // Ruter's first board (shared corpus): +120 against the datum -90 is 5; cross-IMPs of
        // three scores counted by hand.
        assert_eq!(imps(120.0 - -90.0), 5.0);
        let written: Vec<Score> = [620, 650, 100].iter().map(|&s| Score::Points(s)).collect();
        // 620: -1 (vs 650) +11 (vs 100, 520) = 10; 650: 1 + 11 = 12; 100: -11 - 11 = -22.
        let right = [
            (Some(10.0), Some(-10.0)),
            (Some(12.0), Some(-12.0)),
            (Some(-22.0), Some(22.0)),
        ];
        assert!(imp_findings(&written, &right, None, &[1.0; 3]).is_empty());
        let mut wrong = right;
        wrong[2] = (Some(-22.0), Some(-22.0));
        let findings = imp_findings(&written, &wrong, None, &[1.0; 3]);
        assert_eq!(findings.len(), 1);
        assert!(findings[0].east_west && findings[0].expected == 22.0);
    }

    /// Percentages and ranks counted by hand: four tables' scores +620, +650 (twice), -100.
    /// +650 beats two and ties one: 2.5 of 3, 83.33 %; +620 beats one, 33.33 %; -100, 0 %.
    #[test]
    fn percentages_and_ranks_counted_by_hand() {
        let written: Vec<Score> = [620, 650, 650, -100]
            .iter()
            .map(|&s| Score::Points(s))
            .collect();
        let ones = [1.0; 4];
        let given = |pairs: [(f64, u32); 4]| -> Vec<(Option<Written>, Option<Written>)> {
            pairs
                .iter()
                .map(|&(ns, decimals)| {
                    let w = |value| Some(Written { value, decimals });
                    (w(ns), w(100.0 - ns))
                })
                .collect()
        };
        let exact = given([(33.33, 2), (83.33, 2), (83.33, 2), (0.0, 2)]);
        assert!(percentage_findings(&written, &exact, &ones).is_empty());
        // Integers, rounded (83) or cut (33): both within one unit.
        let whole = given([(33.0, 0), (83.0, 0), (83.0, 0), (0.0, 0)]);
        assert!(percentage_findings(&written, &whole, &ones).is_empty());
        let wrong = given([(33.33, 2), (66.67, 2), (83.33, 2), (0.0, 2)]);
        let findings = percentage_findings(&written, &wrong, &ones);
        assert_eq!(findings.len(), 1);
        assert_eq!((findings[0].row, findings[0].expected), (1, 83.33));
        // The same board as three rows, +650 of Multiplicity 2: the same percentages.
        let folded: Vec<Score> = [620, 650, -100].iter().map(|&s| Score::Points(s)).collect();
        let mut three = exact.clone();
        three.remove(2);
        assert!(percentage_findings(&folded, &three, &[1.0, 2.0, 1.0]).is_empty());
        assert_eq!(
            matchpoints_weighted(&[620, 650, -100], &[1.0, 2.0, 1.0], 2.0),
            vec![2.0, 5.0, 0.0]
        );
        // Ranks: +650 first (twice, sharing 1), +620 third, -100 fourth.
        let ranks = [Some(3), Some(1), Some(1), Some(4)];
        assert!(rank_findings(&written, &ranks, &ones).is_empty());
        // Ranked from East-West's side throughout: recognised.
        let east_west = [Some(2), Some(3), Some(3), Some(1)];
        assert!(rank_findings(&written, &east_west, &ones).is_empty());
        // A tie broken (1 and 2 for the two +650) is not contradicted; a rank outside the tie's
        // places is.
        let broken = [Some(3), Some(1), Some(2), Some(4)];
        assert!(rank_findings(&written, &broken, &ones).is_empty());
        let wrong = [Some(2), Some(1), Some(1), Some(4)];
        let findings = rank_findings(&written, &wrong, &ones);
        assert_eq!(findings.len(), 1);
        assert_eq!((findings[0].row, findings[0].expected), (0, 3));
        assert!(rank_findings(&folded, &[Some(3), Some(1), Some(4)], &[1.0, 2.0, 1.0]).is_empty());
    }

    /// Matchpoints counted by hand: five scores, two of them tied.
    #[test]
    fn matchpoints_on_both_scales_with_ties() {
        let scores = [420, 450, 420, -50, 620];
        assert_eq!(matchpoints(&scores, 2.0), vec![3.0, 6.0, 3.0, 0.0, 8.0]);
        assert_eq!(matchpoints(&scores, 1.0), vec![1.5, 3.0, 1.5, 0.0, 4.0]);
        let written: Vec<Score> = scores.iter().map(|&s| Score::Points(s)).collect();
        let right: Vec<_> = [3.0, 6.0, 3.0, 0.0, 8.0]
            .iter()
            .map(|&ns| (Some(ns), Some(8.0 - ns)))
            .collect();
        assert!(matchpoint_findings(&written, &right, &[1.0; 5]).is_empty());
        // One pair's miscount, on the scale the total still shows.
        let mut wrong = right.clone();
        wrong[0] = (Some(4.0), Some(4.0));
        wrong[2] = (Some(2.0), Some(6.0));
        let findings = matchpoint_findings(&written, &wrong, &[1.0; 5]);
        assert_eq!(findings.len(), 2, "{findings:?}");
        assert_eq!((findings[0].row, findings[0].expected), (0, 3.0));
        // Factored or unknown: not judged.
        let factored: Vec<_> = right
            .iter()
            .map(|&(ns, ew)| (ns.map(|n| n * 1.2), ew))
            .collect();
        assert!(matchpoint_findings(&written, &factored, &[1.0; 5]).is_empty());
        let mut adjusted = written.clone();
        adjusted[1] = Score::Artificial;
        assert!(matchpoint_findings(&adjusted, &wrong, &[1.0; 5]).is_empty());
    }
}
