//! `pbnfmt analyze`: the double-dummy tags a game lacks, added from the solver's tricks
//! ([`crate::dds`]), and with `--replace` those the solver contradicts (H008) corrected, as
//! minimal edits: each added tag goes after the game's last token, each corrected value or table
//! cell is replaced where it stands; every other byte stays. Written as Bridge Composer writes
//! them: `[DoubleDummyTricks "7c5c67c5c61181711817"]`, `[OptimumScore "NS 980"]`,
//! `[ParContract "NS 6S="]`, and a 20-row `OptimumResultTable` (PBN 5.7, declarers N, S, E, W,
//! each NT, S, H, D, C).
//!
//! The result is proven: it reads back without a new syntax error, every game's facts but the
//! double-dummy tags are the same ([`crate::proof::facts`]), each tag written is there, and H008
//! finds nothing in what was written (with `--replace`, nothing at all).

use crate::rules::writing::Unfaithful;
use std::sync::Arc;

use crate::bridge::{Denomination, Seat};
use crate::check::{CheckOptions, check_decoded};
use crate::dds::{Outcome, Solutions};
use crate::model::values::{PerSide, Side, Vulnerability};
use crate::model::{GameModel, Inheritance, Tag};
use crate::par::{self, Tricks};
use crate::proof::Rewritten;
use crate::read::Reader;
use crate::rewrite::edit::Edits;
use crate::rewrite::{RewriteOptions, bug};
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

/// A 20-row OptimumResultTable as Bridge Composer writes it.
pub fn table_text(tricks: &Tricks, eol: &str) -> String {
    let mut out = String::from("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]");
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

/// The edits of one game and what was added.
fn game_edits(
    text: &str,
    parse: &crate::syntax::Parse,
    game: &crate::syntax::Game,
    model: &GameModel<'_>,
    tricks: &Tricks,
    options: &AnalyzeOptions,
    edits: &mut Edits,
) -> usize {
    let span = parse.span(game.first, game.last);
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
    let mut count = 0;
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
                count += 1;
            }
            Some(tag) if options.replace && tag.inheritance == Inheritance::None => {
                replace(text, parse, tag, tricks, par.as_ref(), value, edits);
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
fn written_count(model: &GameModel<'_>) -> usize {
    TAGS.iter()
        .filter(|name| written(model, name).is_some())
        .count()
}

/// How many double-dummy tags the games of `text` write themselves.
fn tags_written(text: &str) -> usize {
    let mut count = 0;
    each_game(text, |model| count += written_count(model));
    count
}

/// Adds (and with `replace` corrects) the double-dummy tags of `bytes` from `solutions`.
pub fn analyze_owned(
    bytes: Vec<u8>,
    solutions: &Arc<Solutions>,
    options: &AnalyzeOptions,
) -> Analyzed {
    let decoded = source::decode_owned(bytes, options.rewrite.input_encoding);
    // The tags left wrong are said, and counted for the proof; with --replace none are left.
    let (decoded, found) = if options.replace {
        (decoded, Vec::new())
    } else {
        solver_findings(decoded, solutions)
    };
    let text = decoded.text.as_str();
    let mut reader = Reader::new(&decoded).count_only();
    let mut edits = Edits::default();
    let mut added = 0;
    // The double-dummy tags the games write themselves, for the proof.
    let mut written_before = 0;
    let mut unsolved = Vec::new();
    if reader.wants_chunks() {
        reader.games(
            |_| {},
            |parse, game, model| {
                written_before += written_count(model);
                let Some(key) = deal_key(model) else {
                    return true;
                };
                match solutions.get(key) {
                    Some(Outcome::Solved(tricks)) => {
                        added += game_edits(text, parse, game, model, tricks, options, &mut edits);
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
                true
            },
        );
    }
    let (games, verdict) = super::read_verdict(&decoded, reader.finish(), options.rewrite.force);
    let refuse = |decoded, problems| Analyzed {
        rewritten: Rewritten::refused(decoded, problems, games),
        added: 0,
    };
    let mut problems = match verdict {
        Ok(problems) => problems,
        Err(problems) => return refuse(decoded, problems),
    };
    // What stays to say: deals not solved, and tags left wrong.
    let h008_before = found
        .iter()
        .filter(|d| d.rule == Rule::DoubleDummyWrong)
        .count();
    problems.extend(unsolved);
    if !options.replace {
        problems.extend(
            found
                .into_iter()
                .filter(|d| d.rule == Rule::DoubleDummyWrong),
        );
    }
    if edits.is_empty() {
        return Analyzed {
            rewritten: super::encoded(decoded, None, problems, games),
            added: 0,
        };
    }
    let result = match edits.apply(text) {
        Ok(result) => result,
        Err(error) => {
            problems.push(bug(error.into()));
            return refuse(decoded, problems);
        }
    };
    if let Some(problem) = differs(
        text,
        &result,
        solutions,
        options,
        h008_before,
        written_before,
        added,
    ) {
        problems.push(problem);
        return refuse(decoded, problems);
    }
    Analyzed {
        rewritten: super::encoded(decoded, Some(result), problems, games),
        added,
    }
}

/// Why `result` is not `text` with the solver's tags, if it is not.
fn differs(
    text: &str,
    result: &str,
    solutions: &Arc<Solutions>,
    options: &AnalyzeOptions,
    h008_before: usize,
    written_before: usize,
    added: usize,
) -> Option<Diagnostic> {
    let (before, broken_before) = super::dedup::game_facts(text, &[], &TAGS);
    let (after, broken_after) = super::dedup::game_facts(result, &[], &TAGS);
    if !options.rewrite.force && broken_after > broken_before {
        return Some(bug(Unfaithful::NewSyntaxError));
    }
    if before.len() != after.len() {
        return Some(bug(Unfaithful::OtherGameCount));
    }
    if let Some(at) = before.iter().zip(&after).position(|(a, b)| a.0 != b.0) {
        return Some(bug(Unfaithful::SaysMoreThanDoubleDummy { game: at + 1 }));
    }
    let written_after = tags_written(result);
    if written_after != written_before + added {
        return Some(bug(Unfaithful::DoubleDummyTags {
            written: written_after,
            expected: written_before + added,
        }));
    }
    let decoded = source::decode_owned(result.as_bytes().to_vec(), None);
    let (_, found) = solver_findings(decoded, solutions);
    let h008_after = found
        .iter()
        .filter(|d| d.rule == Rule::DoubleDummyWrong)
        .count();
    let expected = if options.replace { 0 } else { h008_before };
    (h008_after != expected).then(|| {
        bug(Unfaithful::DoubleDummyContradicted {
            found: h008_after,
            expected,
        })
    })
}
