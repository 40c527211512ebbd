//! `pbnfmt score`: each board's traveller (PBN 5.9 ScoreTable) completed and corrected from its
//! scores: matchpoints, percentages, IMPs, the Butler datum and ranks
//! ([`crate::rules::results::compute`]), as minimal edits. Every other byte stays; a board that
//! cannot be scored without a guess is left as it is, and the reason counted.
//!
//! The result is proven a chunk at a time: it has the same games, and every game's facts but its
//! ScoreTable are the same ([`crate::proof::facts`]); each traveller keeps its rows, and every
//! element of a column `score` does not compute; scoring the result again changes nothing; and
//! the results rules that judge what was written (R002 matchpoints, R003 IMPs, R004
//! percentages, R005 ranks, R008 the datum) find nothing in a board that was scored.

use crate::rules::writing::{TableChange, Unfaithful};
use std::collections::BTreeMap;

use crate::check::{CheckOptions, check_bytes};
use crate::model::GameModel;
use crate::proof::Rewritten;
use crate::rewrite::edit::Edits;
use crate::rewrite::{
    ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit, bug, rewrite_chunks,
};
use crate::rules::results::compute::{Board, Cells, Left, Method, score_board};
use crate::rules::results::totals::{Claim, Corrected, Totals, corrections};
use crate::rules::select::Selection;
use crate::source;
use crate::syntax::Parse;
use crate::table::Table;

/// The columns `score` computes: what may change in a traveller.
const COMPUTED: [&str; 8] = [
    "MP_NS",
    "MP_EW",
    "Percentage_NS",
    "Percentage_EW",
    "IMP_NS",
    "IMP_EW",
    "ButlerDatum",
    "Rank",
];

/// What `score` does.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreOptions {
    /// The method where a game's Scoring tag names none (`--scoring`).
    pub scoring: Option<Method>,
    pub rewrite: RewriteOptions,
}

/// What scoring a file did: the result (proven), the boards scored (changed or not), and the
/// boards left, by reason.
pub struct Scored {
    pub rewritten: Rewritten,
    pub scored: usize,
    pub left: BTreeMap<Left, usize>,
    /// What was written in the TotalScoreTables, and the columns left.
    pub totals: Corrected,
}

impl Scored {
    /// What is said of the file: `12 boards scored; 3 left as they were: 2 with an artificial
    /// or missing score, 1 with ...`. `None` when the file has no traveller of its own.
    pub fn said(&self) -> Option<String> {
        let left: usize = self.left.values().sum();
        if self.scored == 0 && left == 0 && self.totals.replaced.is_empty() {
            return None;
        }
        let mut said = match self.scored {
            1 => "1 traveller scored".to_owned(),
            n => format!("{n} travellers scored"),
        };
        if left > 0 {
            let reasons: Vec<String> = self
                .left
                .iter()
                .map(|(reason, n)| format!("{n} with {}", reason.words()))
                .collect();
            said.push_str(&format!(
                "; {left} left as they were: {}",
                reasons.join(", ")
            ));
        }
        match (self.totals.replaced.len(), self.totals.tables) {
            (0, _) => {}
            (1, _) => said.push_str("; 1 element of the TotalScoreTable written again"),
            (n, 1) => said.push_str(&format!(
                "; {n} elements of the TotalScoreTable written again"
            )),
            (n, tables) => said.push_str(&format!(
                "; {n} elements of {tables} TotalScoreTables written again"
            )),
        }
        if !self.totals.left.is_empty() {
            said.push_str(&format!(
                "; left as written, not the travellers' totals: {}",
                crate::display::escape_line(&self.totals.left.join(", "))
            ));
        }
        Some(said)
    }
}

/// The matchpoints' scale where neither the table nor the Scoring tag shows one: 2 for each
/// score beaten and 1 for a tie, PBN 4.2.3's definition (`MP1`).
const SCALE: f64 = 2.0;

/// Scores the travellers of one file's bytes.
pub fn score_owned(bytes: Vec<u8>, options: ScoreOptions) -> Scored {
    let decoded = source::decode_owned(bytes, options.rewrite.input_encoding);
    let mut score = Score {
        fallback: options.scoring,
        scored: Vec::new(),
        total: 0,
        left: BTreeMap::new(),
    };
    let rewritten = rewrite_chunks(decoded, options.rewrite, &mut score, None);
    let (rewritten, totals) = score_totals(rewritten);
    let refused = rewritten.output.is_none();
    let mut scored = Scored {
        rewritten,
        scored: if refused { 0 } else { score.total },
        left: if refused { BTreeMap::new() } else { score.left },
        totals: if refused {
            Corrected::default()
        } else {
            totals
        },
    };
    scored.rewritten.said = scored.said();
    scored
}

/// `score` a chunk at a time.
struct Score {
    fallback: Option<Method>,
    /// Of each game of the chunk: whether its traveller was scored.
    scored: Vec<bool>,
    total: usize,
    left: BTreeMap<Left, usize>,
}

impl ChunkEdits for Score {
    const EFFECTIVE: bool = false;
    const SAME_FACTS: bool = false;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        let mut edits = Edits::default();
        self.scored.clear();
        for model in chunk.models {
            let board = score_board((chunk.parse, chunk.text), model, self.fallback, SCALE);
            self.scored.push(matches!(board, Some(Board::Cells(_))));
            match board {
                Some(Board::Cells(cells)) => {
                    self.total += 1;
                    apply(cells, &mut edits);
                }
                Some(Board::Left(reason)) => *self.left.entry(reason).or_default() += 1,
                None => {}
            }
        }
        (edits, Vec::new())
    }

    fn check_models(&self, back: ReadBack<'_>, models: &[GameModel<'_>]) -> Option<Unfaithful> {
        if models.len() != self.scored.len() {
            return Some(Unfaithful::OtherGameCount);
        }
        let (before, _) = super::dedup::game_facts(back.original, &[], &["ScoreTable"]);
        let (after, _) = super::dedup::game_facts(back.piece, &[], &["ScoreTable"]);
        if before.len() != after.len() || before.iter().zip(&after).any(|(a, b)| a.0 != b.0) {
            return Some(Unfaithful::TravellerOtherwise);
        }
        let mut original = Vec::new();
        crate::read::judged_games(back.original, |parse, model, _| {
            original.push(cells_of(parse, back.original, model, "ScoreTable"));
            true
        });
        if original.len() != models.len() {
            return Some(Unfaithful::OtherGameCount);
        }
        let mut again_edits = Edits::default();
        for (i, model) in models.iter().enumerate() {
            if !self.scored[i] {
                continue;
            }
            if let Some(problem) = table_kept(
                original[i].as_ref(),
                cells_of(back.again, back.piece, model, "ScoreTable").as_ref(),
                &|name| COMPUTED.contains(&name),
            ) {
                return Some(Unfaithful::TableNotKept {
                    game: i + 1,
                    change: problem,
                });
            }
            if let Some(Board::Cells(cells)) =
                score_board((back.again, back.piece), model, self.fallback, SCALE)
            {
                apply(cells, &mut again_edits);
            }
        }
        if !again_edits.is_empty() {
            return Some(Unfaithful::ScoringAgainChanges);
        }
        // The results rules find nothing in a traveller scored.
        let options = CheckOptions {
            selection: Selection {
                select: Some(
                    ["R002", "R003", "R004", "R005", "R008"]
                        .map(str::to_owned)
                        .to_vec(),
                ),
                ..Selection::default()
            },
            max_findings: Some(usize::MAX),
            ..CheckOptions::default()
        };
        let report = check_bytes(back.piece.as_bytes(), &options);
        for finding in &report.diagnostics {
            let game = back.again.games.iter().position(|game| {
                back.again
                    .span(game.first, game.last)
                    .contains(&finding.span.start)
            });
            if game.is_some_and(|g| self.scored.get(g) == Some(&true)) {
                return Some(Unfaithful::ScoredWrong {
                    code: finding.rule.code(),
                    finding: finding.message.clone(),
                });
            }
        }
        None
    }

    /// Proven in [`ChunkEdits::check_models`].
    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }
}

/// The cells of a board as edits: an insertion at the end of an element replaced goes after
/// the replacement.
fn apply(cells: Cells, edits: &mut Edits) {
    let Cells {
        mut replaced,
        inserted,
    } = cells;
    for (at, text) in inserted {
        match replaced.iter_mut().find(|(range, _)| range.end == at) {
            Some((_, new)) => new.push_str(&text),
            None => edits.insert(at, text),
        }
    }
    for (range, text) in replaced {
        edits.replace(range, text);
    }
}

/// A game's own traveller as text: its column names, and each row's elements.
type TableCells = (Vec<String>, Vec<Vec<String>>);

fn cells_of(parse: &Parse, text: &str, model: &GameModel<'_>, name: &str) -> Option<TableCells> {
    let tag = model.get(name)?;
    let table = Table::new(tag.pair, &tag.value);
    let names = table.columns.iter().map(|c| c.name.to_owned()).collect();
    let rows = table
        .rows()
        .map(|row| {
            row.iter()
                .map(|&(a, b)| text[parse.span(a, b)].to_owned())
                .collect()
        })
        .collect();
    Some((names, rows))
}

/// Why the table `after` does not keep what `before` held: its rows, and every element of a
/// column `score` does not compute (`computed`).
fn table_kept(
    before: Option<&TableCells>,
    after: Option<&TableCells>,
    computed: &dyn Fn(&str) -> bool,
) -> Option<TableChange> {
    let (Some((was_names, was_rows)), Some((is_names, is_rows))) = (before, after) else {
        return Some(TableChange::Gone);
    };
    if was_rows.len() != is_rows.len() {
        return Some(TableChange::OtherRows);
    }
    for (c, name) in was_names.iter().enumerate() {
        if is_names.get(c) != Some(name) {
            return Some(TableChange::ColumnMoved(name.clone()));
        }
        if computed(name) {
            continue;
        }
        for (old, new) in was_rows.iter().zip(is_rows) {
            if old.get(c) != new.get(c) {
                return Some(TableChange::ElementChanged(name.clone()));
            }
        }
    }
    is_names[was_names.len().min(is_names.len())..]
        .iter()
        .find(|name| !computed(name))
        .map(|name| TableChange::ColumnAdded(name.clone()))
}

/// What R006 and R007 read of a text: its TotalScoreTables and its travellers' rows.
fn totals_of(text: &str) -> Totals {
    let mut totals = Totals::default();
    crate::read::judged_games(text, |parse, model, _| {
        crate::rules::results::gather_totals(parse, text, model, &mut totals);
        true
    });
    totals
}

/// The file's TotalScoreTables brought up to date with the travellers `score` wrote
/// ([`corrections`]), proven: every fact but the TotalScoreTables is the scored file's, each
/// table keeps its rows and every element of a column that is not a total or the Rank, doing
/// it again changes nothing, and R006 and R007 find nothing.
fn score_totals(mut rewritten: Rewritten) -> (Rewritten, Corrected) {
    let nothing = Corrected::default();
    if rewritten.output.is_none() || !rewritten.decoded.text.contains("TotalScoreTable") {
        return (rewritten, nothing);
    }
    let input = totals_of(&rewritten.decoded.text);
    if !input.has_table() {
        return (rewritten, nothing);
    }
    let bytes = match rewritten.output.as_ref().map(|output| output.to_vec()) {
        Some(Ok(bytes)) => bytes,
        Some(Err(error)) => {
            rewritten.output = None;
            rewritten
                .problems
                .push(crate::rules::writing::result_not_read_back(
                    &Unfaithful::NotReadBack(error.to_string()),
                ));
            return (rewritten, nothing);
        }
        None => return (rewritten, nothing),
    };
    let scored = source::decode_owned(bytes, Some(rewritten.decoded.encoding));
    let corrected = corrections(&input, &totals_of(&scored.text));
    if corrected.replaced.is_empty() {
        return (rewritten, corrected);
    }
    let mut edits = Edits::default();
    for (range, text) in &corrected.replaced {
        edits.replace(range.clone(), text.clone());
    }
    let proven = edits
        .apply(&scored.text)
        .map_err(Unfaithful::from)
        .and_then(|result| match totals_kept(&scored.text, &result, &input) {
            Some(problem) => Err(problem),
            None => Ok(result),
        });
    let problem = match proven {
        Ok(result) => match crate::proof::encode(result, scored.encoding, rewritten.decoded.bom) {
            Ok(bytes) => {
                rewritten.output = Some(crate::io::spool::Output::from_bytes(bytes));
                return (rewritten, corrected);
            }
            Err((unencodable, _)) => Unfaithful::from(&unencodable),
        },
        Err(problem) => problem,
    };
    rewritten.output = None;
    rewritten
        .problems
        .push(bug(Unfaithful::TotalsNotKept(Box::new(problem))));
    (rewritten, corrected)
}

/// Why `result` does not say what `scored` says, game for game, leaving out the
/// TotalScoreTables, if it does not.
fn same_but_totals(scored: &str, result: &str) -> Option<Unfaithful> {
    let leave = ["TotalScoreTable"];
    let (before, broken_before) = super::dedup::game_facts(scored, &[], &leave);
    let (after, broken_after) = super::dedup::game_facts(result, &[], &leave);
    if broken_after > broken_before {
        return Some(Unfaithful::NewSyntaxError);
    }
    if before.len() != after.len() {
        return Some(Unfaithful::OtherGameCount);
    }
    let (_, span) = before
        .iter()
        .zip(&after)
        .find(|((was, _), (is, _))| was != is)?
        .0;
    Some(Unfaithful::SaysMoreThan { at: span.start })
}

/// Why `result`, the scored text `scored` with its TotalScoreTables written again, is not
/// what it should be; `input` is what the totals rules read of the file before `score`.
fn totals_kept(scored: &str, result: &str, input: &Totals) -> Option<Unfaithful> {
    if let Some(problem) = same_but_totals(scored, result) {
        return Some(problem);
    }
    let tables = |text: &str| {
        let mut tables = Vec::new();
        crate::read::judged_games(text, |parse, model, _| {
            tables.push(cells_of(parse, text, model, "TotalScoreTable"));
            true
        });
        tables
    };
    let (before, after) = (tables(scored), tables(result));
    if before.len() != after.len() {
        return Some(Unfaithful::OtherGameCount);
    }
    let computed = |name: &str| name == "Rank" || Claim::of(name).is_some();
    for (i, (before, after)) in before.iter().zip(&after).enumerate() {
        if before.is_none() && after.is_none() {
            continue;
        }
        if let Some(problem) = table_kept(before.as_ref(), after.as_ref(), &computed) {
            return Some(Unfaithful::TableNotKept {
                game: i + 1,
                change: problem,
            });
        }
    }
    if !corrections(input, &totals_of(result)).replaced.is_empty() {
        return Some(Unfaithful::TotalsAgainChange);
    }
    let options = CheckOptions {
        selection: Selection {
            select: Some(["R006", "R007"].map(str::to_owned).to_vec()),
            ..Selection::default()
        },
        max_findings: Some(usize::MAX),
        ..CheckOptions::default()
    };
    let report = check_bytes(result.as_bytes(), &options);
    report
        .diagnostics
        .first()
        .map(|finding| Unfaithful::TotalsWrong {
            code: finding.rule.code(),
            finding: finding.message.clone(),
        })
}
