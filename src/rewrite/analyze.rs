//! `pbnfmt analyze`: the double-dummy tags a game lacks, added from the solver's tricks
//! ([`crate::dds`]), and with `--replace` those the solver contradicts (H008) corrected, as
//! minimal edits: each added tag goes after the game's last token, each corrected value or table
//! cell is replaced where it stands; every other byte stays. Written as Bridge Composer writes
//! them: `[DoubleDummyTricks "7c5c67c5c61181711817"]`, `[OptimumScore "NS 980"]`,
//! `[ParContract "NS 6S="]`, and a 20-row `OptimumResultTable` (PBN 5.7, declarers N, S, E, W,
//! each NT, S, H, D, C).
//!
//! It is a rewrite of the one frame ([`super::rewrite_chunks`]), a chunk of games at a time. The
//! result is proven chunk by chunk: it reads back without a new syntax error, every game's facts
//! but the double-dummy tags are the same ([`crate::proof::facts`]), each tag written is there
//! (counted tag by tag), and H008 finds nothing in what was written: it finds again only the
//! values left wrong. With `--replace` those are the values of the tags not asked for, and those
//! it cannot correct (a ParContract where par passes out); they are said.

use crate::rules::writing::Unfaithful;
use std::sync::Arc;

use crate::bridge::{Denomination, Seat};
use crate::check::{CheckOptions, check_decoded};
use crate::dds::{Outcome, Solutions};
use crate::model::values::{PerSide, Side, Vulnerability};
use crate::model::{GameModel, Inheritance, Tag};
use crate::par::{self, Tricks};
use crate::proof::Rewritten;
use crate::rewrite::edit::Edits;
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit};
use crate::rules::Rule;
use crate::rules::dd::{self, Cells};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::select::Selection;
use crate::rules::semantic::Checker;
use crate::source::{self, Decoded};

/// The double-dummy tags ([`dd::DD_TAGS`]), in the order they are added.
pub const TAGS: [&str; 4] = [
    dd::DD_TAGS[1],
    dd::DD_TAGS[2],
    dd::DD_TAGS[3],
    dd::DD_TAGS[0],
];

/// What `analyze` does.
#[derive(Clone, Copy, Debug)]
pub struct AnalyzeOptions {
    /// Which of [`TAGS`] to add (and replace).
    pub tags: [bool; 4],
    /// Correct the tags the solver contradicts, not only add the missing.
    pub replace: bool,
    pub rewrite: RewriteOptions,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            tags: [true; 4],
            replace: false,
            rewrite: RewriteOptions::default(),
        }
    }
}

/// The keys of the complete deals of `text` to solve: with `every`, of each game that has one
/// (`analyze`), else of the games that carry a double-dummy tag of their own (H008).
pub fn deals_to_solve(text: &str, every: bool) -> Vec<u128> {
    let mut keys = Vec::new();
    each_game(text, |model| {
        if every || TAGS.iter().any(|name| written(model, name).is_some()) {
            keys.extend(deal_key(model));
        }
    });
    keys
}

/// Runs `each` on the model of every game of `text`, a chunk at a time.
fn each_game(text: &str, mut each: impl FnMut(&GameModel<'_>)) {
    crate::read::judged_games(text, |_, model, _| {
        each(model);
        true
    });
}

fn deal_key(model: &GameModel<'_>) -> Option<u128> {
    let (deal, _) = crate::model::deal::parse(model.value("Deal")?);
    crate::sets::key(&deal?)
}

/// The tag of the game written in it (any form but a value implied by an earlier `##`).
fn written<'g, 'a>(game: &'g GameModel<'a>, name: &str) -> Option<&'g Tag<'a>> {
    game.get(name)
        .filter(|tag| tag.inheritance != Inheritance::Implied)
}

/// The game's line end: the one after its first line.
fn line_end(game_text: &str) -> &'static str {
    match game_text.find('\n') {
        Some(at) if game_text[..at].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

/// The OptimumResultTable's header as Bridge Composer and the other producers write it, the
/// backslash single (docs/spec-decisions.md, "Tables may inherit").
const TABLE_HEADER: &str = "\"Declarer;Denomination\\2R;Result\\2R\"";

/// A 20-row OptimumResultTable as Bridge Composer writes it.
pub fn table_text(tricks: &Tricks, eol: &str) -> String {
    let mut out = format!("[OptimumResultTable {TABLE_HEADER}]");
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for d in Denomination::ALL.iter().rev() {
            out.push_str(eol);
            out.push_str(&format!(
                "{} {:>2} {:>2}",
                seat.letter(),
                crate::bridge::denomination_text(*d),
                tricks[seat as usize][*d as usize]
            ));
        }
    }
    out
}

/// The edits of one game and how many of each of [`TAGS`] it adds; the start of each tag it
/// corrects goes to `fixed`.
fn game_edits(
    chunk: ToEdit<'_, '_>,
    model: &GameModel<'_>,
    tricks: &Tricks,
    options: &AnalyzeOptions,
    edits: &mut Edits,
    fixed: &mut Vec<usize>,
) -> [usize; 4] {
    let (text, parse) = (chunk.text, chunk.parse);
    let span = parse.span(model.game.first, model.game.last);
    let eol = line_end(&text[span.clone()]);
    let par = match (
        model.value("Vulnerable").and_then(Vulnerability::read),
        model.value("Dealer").and_then(Seat::parse),
    ) {
        (Some(vulnerable), Some(dealer)) => {
            Some((par::par(tricks, vulnerable, dealer), vulnerable))
        }
        _ => None,
    };
    let (score, contract) = match &par {
        Some((par, _)) => {
            let (score, contract) = dd::par_values(par);
            (Some(score), contract)
        }
        None => (None, None),
    };
    let mut added = String::new();
    let mut count = [0; 4];
    for (i, name) in TAGS.iter().enumerate() {
        if !options.tags[i] {
            continue;
        }
        let value = match *name {
            "DoubleDummyTricks" => Some(crate::dds::digits(tricks)),
            "OptimumScore" => score.clone(),
            "ParContract" => contract.clone(),
            _ => None,
        };
        match written(model, name) {
            None => {
                if *name == "OptimumResultTable" {
                    added.push_str(eol);
                    added.push_str(&table_text(tricks, eol));
                } else if let Some(value) = value {
                    added.push_str(eol);
                    added.push_str(&format!("[{name} \"{value}\"]"));
                } else {
                    continue;
                }
                count[i] += 1;
            }
            Some(tag) if options.replace && tag.inheritance == Inheritance::None => {
                let before = edits.len();
                replace(text, parse, tag, tricks, par.as_ref(), value, edits);
                if edits.len() > before {
                    fixed.push(tag.span.start);
                }
            }
            Some(_) => {}
        }
    }
    if !added.is_empty() {
        edits.insert(span.end, added);
    }
    count
}

/// With `--replace`: the edits that make `tag` say what the solver says, where it is wrong.
fn replace(
    text: &str,
    parse: &crate::syntax::Parse,
    tag: &Tag<'_>,
    tricks: &Tricks,
    par: Option<&(par::Par, Vulnerability)>,
    value: Option<String>,
    edits: &mut Edits,
) {
    let at = tag.text_span();
    match tag.name {
        "DoubleDummyTricks" => {
            if crate::dds::read_digits(&tag.value).as_ref() != Some(tricks)
                && let Some(value) = value
            {
                edits.replace(at, value);
            }
        }
        "OptimumScore" => {
            let given = PerSide::parse(&tag.value, |w| w.parse::<i64>().ok())
                .and_then(|points| points.for_declarer(Side::NorthSouth, |v: i64| v.checked_neg()));
            if let (Some((par, _)), Some(value)) = (par, value)
                && given != Some(par.ns)
            {
                edits.replace(at, value);
            }
        }
        "ParContract" => {
            if let (Some((par, vulnerable)), Some(value)) = (par, value)
                && crate::par::read_par_contract(&tag.value, tricks, *vulnerable)
                    != crate::par::ParRead::Score(par.ns)
            {
                edits.replace(at, value);
            }
        }
        "OptimumResultTable" => {
            let mut checker = Checker {
                text,
                parse,
                rules: Default::default(),
                out: Vec::new(),
                solutions: None,
            };
            let mut cells = Cells::default();
            if dd::read_table(&mut checker, tag, &mut cells).is_none() {
                // A table that does not read (H002) is left for the user: its layout is theirs.
                return;
            }
            for seat in Seat::ALL {
                for d in Denomination::ALL {
                    let range = cells.0[seat as usize][d as usize].clone();
                    let right = tricks[seat as usize][d as usize].to_string();
                    if text[range.clone()] == right {
                        continue;
                    }
                    // Right-aligned columns stay aligned: a wider number takes a space before
                    // it, when there are two; a narrower one gives one.
                    let old = range.end - range.start;
                    let before = &text[..range.start];
                    if right.len() > old && before.ends_with("  ") {
                        edits.replace(range.start - 1..range.end, right);
                    } else if right.len() < old && before.ends_with(' ') {
                        edits.replace(range, format!(" {right}"));
                    } else {
                        edits.replace(range, right);
                    }
                }
            }
        }
        _ => {}
    }
}

/// What analysing a file gave: the result (proven), the findings (H009 for each deal not solved,
/// and without `--replace` H008 for each tag left wrong), and the tags added.
pub struct Analyzed {
    pub rewritten: Rewritten,
    pub added: usize,
}

/// The H008 and H009 findings of `decoded`, and the own double-dummy tags of its games.
fn solver_findings(decoded: Decoded, solutions: &Arc<Solutions>) -> (Decoded, Vec<Diagnostic>) {
    let options = CheckOptions {
        selection: Selection {
            select: Some(vec!["H008".to_owned(), "H009".to_owned()]),
            ..Selection::default()
        },
        max_findings: Some(usize::MAX),
        solutions: Some(solutions.clone()),
        ..CheckOptions::default()
    };
    let report = check_decoded(decoded, &options);
    (report.decoded, report.diagnostics)
}

/// How many double-dummy tags a game writes itself.
fn written_counts(model: &GameModel<'_>) -> [usize; 4] {
    TAGS.map(|name| usize::from(written(model, name).is_some()))
}

/// `a` and `b` added, tag by tag.
fn sum(a: [usize; 4], b: [usize; 4]) -> [usize; 4] {
    std::array::from_fn(|i| a[i] + b[i])
}

/// Adds (and with `replace` corrects) the double-dummy tags of `bytes` from `solutions`.
pub fn analyze_owned(
    bytes: Vec<u8>,
    solutions: &Arc<Solutions>,
    options: &AnalyzeOptions,
) -> Analyzed {
    let decoded = source::decode_owned(bytes, options.rewrite.input_encoding);
    // The tags left wrong are said as `check` says them; with --replace none are left.
    let (decoded, found) = if options.replace {
        (decoded, Vec::new())
    } else {
        solver_findings(decoded, solutions)
    };
    let mut analyze = Analyze {
        solutions,
        options,
        left: found
            .into_iter()
            .filter(|d| d.rule == Rule::DoubleDummyWrong)
            .collect(),
        added: 0,
        mark: 0,
        expected: ([0; 4], 0),
    };
    let rewritten = super::rewrite_chunks(decoded, options.rewrite, &mut analyze, None);
    let added = if rewritten.output.is_some() {
        analyze.added
    } else {
        0
    };
    Analyzed { rewritten, added }
}

/// Where the double-dummy tag that `finding` is about starts: of the game it is in, the last of
/// them written before it (a table's cells follow their tag).
fn about(chunk: ToEdit<'_, '_>, finding: &Diagnostic) -> Option<usize> {
    let at = finding.span.start;
    let model = chunk.models.iter().find(|model| {
        chunk
            .parse
            .span(model.game.first, model.game.last)
            .contains(&at)
    })?;
    TAGS.iter()
        .filter_map(|name| written(model, name).map(|tag| tag.span.start))
        .filter(|start| *start <= at)
        .max()
}

/// Analysing a chunk of games at a time.
struct Analyze<'a> {
    solutions: &'a Solutions,
    options: &'a AnalyzeOptions,
    /// The tags left wrong (H008), said once the file is read.
    left: Vec<Diagnostic>,
    /// The tags added so far, and before the last chunk ([`ChunkEdits::rewind`]).
    added: usize,
    mark: usize,
    /// What the read-back of the last chunk must show: how many double-dummy tags its games
    /// write, and how many of them the solver contradicts (none with `--replace`; without it,
    /// those the input's had).
    expected: ([usize; 4], usize),
}

impl ChunkEdits for Analyze<'_> {
    const EFFECTIVE: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        self.mark = self.added;
        let mut edits = Edits::default();
        let mut unsolved = Vec::new();
        let mut written = [0; 4];
        let mut added = [0; 4];
        // The tags corrected (`--replace`), by where they start.
        let mut fixed = Vec::new();
        for model in chunk.models {
            written = sum(written, written_counts(model));
            let Some(key) = deal_key(model) else {
                continue;
            };
            match self.solutions.get(key) {
                Some(Outcome::Solved(tricks)) => {
                    let adds =
                        game_edits(chunk, model, tricks, self.options, &mut edits, &mut fixed);
                    added = sum(added, adds);
                }
                Some(other) => {
                    let span = model.get("Deal").map_or(0..0, |tag| tag.span.clone());
                    // The command's work is not done for this deal: an error here.
                    if let Some(mut finding) = dd::not_solved(span, other) {
                        finding.severity = crate::rules::diagnostic::Severity::Error;
                        unsolved.push(finding);
                    }
                }
                None => {}
            }
        }
        // The values the solver contradicts that stay so: without `--replace`, every one; with
        // it, those of the tags not asked for, and those it cannot correct (a ParContract on a
        // deal par passes out), which are said.
        let mut left = 0;
        if self.options.replace || !edits.is_empty() {
            let found = dd::contradictions(chunk.text, chunk.parse, chunk.models, self.solutions);
            for finding in found {
                if about(chunk, &finding).is_some_and(|start| fixed.contains(&start)) {
                    continue;
                }
                left += 1;
                if self.options.replace {
                    unsolved.push(finding);
                }
            }
        }
        self.added += added.iter().sum::<usize>();
        self.expected = (sum(written, added), left);
        (edits, unsolved)
    }

    fn changes(&self) -> Vec<&str> {
        TAGS.to_vec()
    }

    /// Each tag written is there, and the solver contradicts none that was not left wrong.
    fn check_models(&self, back: ReadBack<'_>, models: &[GameModel<'_>]) -> Option<Unfaithful> {
        let (expected, contradicted) = self.expected;
        let written = models
            .iter()
            .fold([0; 4], |total, model| sum(total, written_counts(model)));
        if written != expected {
            return Some(Unfaithful::DoubleDummyTags {
                written: written.iter().sum(),
                expected: expected.iter().sum(),
            });
        }
        let found = dd::contradictions(back.piece, back.again, models, self.solutions).len();
        (found != contradicted).then_some(Unfaithful::DoubleDummyContradicted {
            found,
            expected: contradicted,
        })
    }

    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }

    fn spells_backslash_single(&self, written: &str) -> bool {
        written == TABLE_HEADER
    }

    fn rewind(&mut self) {
        self.added = self.mark;
    }

    fn findings(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    /// The solver's answer for [`DEAL`], made up for the test: North and South take every trick.
    fn solutions() -> Arc<Solutions> {
        solved("dddddddddd0000000000")
    }

    /// A solver's answer for [`DEAL`]: the tricks of each seat and denomination, as
    /// DoubleDummyTricks writes them.
    fn solved(digits: &str) -> Arc<Solutions> {
        let mut solutions = Solutions::default();
        let tricks = crate::dds::read_digits(digits).unwrap();
        solutions.insert(deal_key_of(DEAL).unwrap(), Outcome::Solved(tricks));
        Arc::new(solutions)
    }

    /// The codes of the findings of a run.
    fn codes(done: &Analyzed) -> Vec<&str> {
        let problems = &done.rewritten.problems;
        problems.iter().map(|d| d.rule.code()).collect()
    }

    fn deal_key_of(deal: &str) -> Option<u128> {
        crate::sets::key(&crate::model::deal::parse(deal).0?)
    }

    fn game(board: u32, extra: &str) -> String {
        format!(
            "[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n{extra}\n"
        )
    }

    fn analyze(text: &str, options: &AnalyzeOptions) -> Analyzed {
        analyze_owned(text.as_bytes().to_vec(), &solutions(), options)
    }

    /// The tags are added after each game whatever the size of the chunks; a wrong value is left
    /// and said (H008) without `--replace`, corrected with it.
    #[test]
    fn tags_are_added_the_same_at_any_chunk_size() {
        // Board 3 says a par the solver contradicts.
        let wrong = |board| (board == 3).then_some("[OptimumScore \"NS 100\"]\n");
        let text: String = (1..=5)
            .map(|board| game(board, wrong(board).unwrap_or_default()))
            .collect();
        for replace in [false, true] {
            let options = AnalyzeOptions {
                replace,
                ..AnalyzeOptions::default()
            };
            let whole = analyze(&text, &options);
            let out = whole.rewritten.written_text();
            assert_eq!(
                out.matches("[DoubleDummyTricks \"dddddddddd0000000000\"]")
                    .count(),
                5
            );
            assert_eq!(out.contains("\"NS 100\""), !replace, "{out}");
            let expected: &[&str] = if replace { &[] } else { &["H008"] };
            assert_eq!(codes(&whole), expected);
            for chunk in [1, 150, 100_000] {
                let cut = analyze_owned(
                    text.as_bytes().to_vec(),
                    &solutions(),
                    &AnalyzeOptions {
                        rewrite: RewriteOptions {
                            chunk_bytes: Some(chunk),
                            ..RewriteOptions::default()
                        },
                        ..options
                    },
                );
                assert_eq!(cut.rewritten.written_text(), out, "{chunk}");
                assert_eq!(cut.added, whole.added, "{chunk}");
            }
        }
    }

    /// The proof sees a tag not written, a value the solver contradicts, and a fact changed
    /// besides the double-dummy tags.
    #[test]
    fn the_proof_sees_what_a_wrong_analysis_would_write() {
        let options = AnalyzeOptions {
            tags: TAGS.map(|name| name == "DoubleDummyTricks"),
            ..AnalyzeOptions::default()
        };
        let solutions = solutions();
        let analyze = || Analyze {
            solutions: &solutions,
            options: &options,
            left: Vec::new(),
            added: 0,
            mark: 0,
            expected: ([0; 4], 0),
        };
        let text = game(1, "");
        let right = game(1, "[DoubleDummyTricks \"dddddddddd0000000000\"]\n");
        assert_eq!(crate::rewrite::proves(&mut analyze(), &text, &right), None);
        let other_tag = game(1, "[OptimumScore \"NS 1520\"]\n");
        let other_tag = crate::rewrite::proves(&mut analyze(), &text, &other_tag);
        assert!(
            matches!(other_tag, Some(Unfaithful::DoubleDummyTags { .. })),
            "{other_tag:?}"
        );
        let missing = crate::rewrite::proves(&mut analyze(), &text, &text);
        assert!(
            matches!(missing, Some(Unfaithful::DoubleDummyTags { .. })),
            "{missing:?}"
        );
        let wrong = game(1, "[DoubleDummyTricks \"dddddddddd0000000001\"]\n");
        let wrong = crate::rewrite::proves(&mut analyze(), &text, &wrong);
        assert!(
            matches!(wrong, Some(Unfaithful::DoubleDummyContradicted { .. })),
            "{wrong:?}"
        );
        let other = right.replace("\"N\"]", "\"E\"]");
        let other = crate::rewrite::proves(&mut analyze(), &text, &other);
        assert!(
            matches!(other, Some(Unfaithful::ChangesFacts { .. })),
            "{other:?}"
        );
    }

    /// `--replace` with some of the tags: those asked for are corrected, the others' wrong values
    /// stay and are said (H008), as is a value it cannot correct (a ParContract where par passes
    /// out). Before, the proof counted them against the result and called it a bug (W004).
    #[test]
    fn replace_leaves_and_says_what_it_was_not_asked_to_correct() {
        let text = game(
            1,
            "[DoubleDummyTricks \"dddddddddd0000000001\"]\n[OptimumScore \"NS 100\"]\n",
        );
        let options = AnalyzeOptions {
            tags: TAGS.map(|name| name == "DoubleDummyTricks"),
            replace: true,
            ..AnalyzeOptions::default()
        };
        let done = analyze(&text, &options);
        assert_eq!(codes(&done), ["H008"], "{:?}", done.rewritten.problems);
        let out = done.rewritten.written_text();
        assert!(
            out.contains("[DoubleDummyTricks \"dddddddddd0000000000\"]"),
            "{out}"
        );
        assert!(out.contains("[OptimumScore \"NS 100\"]"), "{out}");
        // Nobody takes a trick: par is passed out, and no ParContract can be written.
        let text = game(1, "[ParContract \"NS 1NT\"]\n");
        let options = AnalyzeOptions {
            replace: true,
            ..AnalyzeOptions::default()
        };
        let passed = solved("00000000000000000000");
        let done = analyze_owned(text.as_bytes().to_vec(), &passed, &options);
        assert_eq!(codes(&done), ["H008"], "{:?}", done.rewritten.problems);
        assert!(done.rewritten.output.is_some());
    }
}
