//! `check` as a pure function: bytes in, decoded text and diagnostics out.
//!
//! It decodes, recognises files that are not PBN at all (PBI, chess PGN), parses, and words every
//! finding. Reading files, walking directories and printing belong to the CLI.

use crate::lexer;
use crate::parser;
use crate::read::threads::Carry;
use crate::read::threads::{InLane, Lane};
use crate::read::{Feed, Kind, Reader, Taken, Verdict};
use crate::rules::diagnostic::{Diagnostic, LeftOut, Limit, MAX_FINDINGS, Omitted, keep_first};
use crate::rules::select::Selection;
use crate::rules::{export, semantic};
use crate::source::{self, Decoded, Encoding};
use crate::suppress;
use crate::syntax::Parse;

/// What `check` may be told.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Read the file in this encoding instead of detecting it.
    pub encoding: Option<Encoding>,
    /// Which rules run.
    pub selection: Selection,
    /// How much text is parsed at a time ([`parser::CHUNK_BYTES`] when `None`). The findings are
    /// the same whatever the size; tests set it small to prove that.
    pub chunk_bytes: Option<usize>,
    /// Lex and parse on a second thread, ahead of the rules (for a file that has a core to
    /// itself). The findings are the same.
    pub parse_ahead: bool,
    /// How many findings of the file are kept, the first in file order ([`MAX_FINDINGS`] when
    /// `None`); the rest are counted in [`FileReport::omitted`].
    pub max_findings: Option<usize>,
    /// Threads for the chunks of this one file (the rules of several chunks at once, the
    /// `#`/`##` values carried from chunk to chunk in order); 0 or 1: one. The findings are the
    /// same whatever the number.
    pub threads: usize,
    /// Findings about the file that come from outside it (a deal dealt in an earlier file,
    /// H001), given in again to be sorted, limited and suppressed with the file's own.
    pub extra: Vec<Diagnostic>,
    /// Which deals H001 takes for the same one (`--repeats-rotated`, `--repeats-permuted`).
    pub sameness: crate::sets::Sameness,
    /// The solver's tricks for the run's deals, for H008 and H009 ([`crate::dds`]).
    pub solutions: Option<std::sync::Arc<crate::dds::Solutions>>,
    /// Shared by the files of a run checked at once: a file that holds more than
    /// [`LANE_FINDINGS`] findings waits for it, so that one file at a time holds a flood of
    /// findings, whatever the number of threads (the lane is kept in [`FileReport::lane`] until
    /// the report is dropped, after its findings are printed or spooled). The findings are the
    /// same with it or without.
    pub lane: Option<std::sync::Arc<Lane>>,
}

/// Findings a file holds before it waits for the run's [`CheckOptions::lane`]: about 6 MB of
/// worded findings a thread (~600 bytes each), past which one file at a time goes on.
pub const LANE_FINDINGS: usize = 10_000;

/// The outcome of checking one file.
#[derive(Debug)]
pub struct FileReport {
    pub decoded: Decoded,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// Games with at least one tag pair.
    pub games: usize,
    /// Findings hidden by `% pbnfmt: ignore` lines.
    pub suppressed: usize,
    /// Findings past the limit ([`CheckOptions::max_findings`]): counted, not kept. Suppression
    /// lines apply to them as to the others.
    pub omitted: Omitted,
    /// The complete deals of the file in order, when H001 runs (`crate::sets`).
    pub deals: Vec<crate::sets::SeenDeal>,
    /// The run's lane, when this file held more than [`LANE_FINDINGS`] findings: left when the
    /// report is dropped.
    pub lane: Option<InLane>,
}

/// Checks one file's bytes.
pub fn check_bytes(bytes: &[u8], options: &CheckOptions) -> FileReport {
    check_decoded(source::decode(bytes, options.encoding), options)
}

/// [`check_bytes`] of bytes the caller gives away: a UTF-8 file is not copied.
pub fn check_owned(bytes: Vec<u8>, options: &CheckOptions) -> FileReport {
    check_decoded(source::decode_owned(bytes, options.encoding), options)
}

/// [`check_owned`] of a text already decoded (`pbnfmt fix` checks its result again).
pub fn check_decoded(decoded: Decoded, options: &CheckOptions) -> FileReport {
    let chunk = options.chunk_bytes.unwrap_or(parser::CHUNK_BYTES);
    let limit = options.max_findings.unwrap_or(MAX_FINDINGS);
    let mut report = FileReport {
        decoded,
        diagnostics: Vec::new(),
        games: 0,
        suppressed: 0,
        omitted: Omitted::default(),
        deals: Vec::new(),
        lane: None,
    };
    check_text(&mut report, options, chunk, limit);
    report
}

/// The options of the check of the PBN that a LIN file's boards are written as: every option of
/// this check, but the encoding (that PBN is text already) and the findings from elsewhere
/// (given in with the LIN's own). The pattern names every field, so that a new option does not
/// compile until it is decided here: none can silently not reach LIN files again (before, only
/// the selection and the limit did).
fn options_for_lin(options: &CheckOptions) -> CheckOptions {
    let CheckOptions {
        encoding: _,
        selection,
        chunk_bytes,
        parse_ahead,
        max_findings,
        threads,
        extra: _,
        sameness,
        solutions,
        lane: _,
    } = options;
    CheckOptions {
        encoding: None,
        selection: selection.clone(),
        chunk_bytes: *chunk_bytes,
        parse_ahead: *parse_ahead,
        max_findings: *max_findings,
        threads: *threads,
        extra: Vec::new(),
        sameness: *sameness,
        solutions: solutions.clone(),
        // The findings of each batch's PBN are few; the LIN file's check, which gathers them,
        // takes the lane (`check_text`).
        lane: None,
    }
}

/// Fills `report` (its text decoded) with the findings, games and counts.
fn check_text(report: &mut FileReport, options: &CheckOptions, chunk: usize, limit: usize) {
    let (selection, ahead, extra) = (&options.selection, options.parse_ahead, &options.extra);
    let decoded = &report.decoded;
    let text = decoded.text.as_str();
    let mut reader = Reader::new(decoded);
    if reader.kind() == Kind::Lin {
        // A LIN file (BBO): its own reader, and the PBN rules on what it says, with every option
        // of this check but the encoding (the PBN written is text already) and the findings
        // from elsewhere (given in with the LIN's own, below).
        let pbn_options = options_for_lin(options);
        let mut held = 0;
        let lane = &mut report.lane;
        // H001 is judged over the whole LIN file, with its own lines (issue 44, item 10): each
        // batch's deals are taken from its check, their spans pointed back at the LIN, and the
        // batch's own H001 (PBN lines, one batch only) dropped.
        let batch_deals = std::cell::RefCell::new(Vec::new());
        let mut deals = Vec::new();
        let check = |pbn: &str| {
            let mut report = check_bytes(pbn.as_bytes(), &pbn_options);
            report
                .diagnostics
                .retain(|d| d.rule != crate::rules::Rule::RepeatedDeal);
            *batch_deals.borrow_mut() = std::mem::take(&mut report.deals);
            held += report.diagnostics.len();
            enter_lane(options, lane, held);
            (report.diagnostics, report.omitted)
        };
        let at_the_lin = |_: &[_], _: String, map: &crate::lin::to_pbn::SpanMap| {
            for mut deal in batch_deals.borrow_mut().drain(..) {
                // The Deal tag's middle is in its value, which came from the record's `md`.
                let middle = (deal.start as usize + deal.end as usize) / 2;
                if let Some(lin) = map.lin_span(&(middle..middle)) {
                    deal.start = u32::try_from(lin.start).unwrap_or(u32::MAX);
                    deal.end = u32::try_from(lin.end).unwrap_or(u32::MAX);
                    deals.push(deal);
                }
            }
            true
        };
        let (mut findings, boards) =
            crate::lin::checked::read_lin(text, selection, limit, check, at_the_lin);
        crate::sets::number_lines(text, &mut deals);
        if !deals.is_empty() {
            let mut repeats = crate::sets::Repeats::new(options.sameness);
            for diagnostic in repeats.file("", &deals, true) {
                findings.push(diagnostic);
            }
        }
        report.deals = deals;
        for diagnostic in extra {
            findings.push(diagnostic.clone());
        }
        crate::proof::sort(&mut findings.kept);
        report.diagnostics = findings.kept;
        report.omitted = findings.omitted;
        report.games = boards;
        return;
    }
    if !reader.wants_chunks() {
        // Not worth parsing: one finding says what the file is.
        let mut diagnostics = reader.finish().findings;
        let rules = selection.rules_for(false);
        diagnostics.retain(|d| rules.contains(d.rule));
        report.diagnostics = diagnostics;
        return;
    }
    // Chunk by chunk, so that a large file never has all its tokens and trees in memory at once.
    // What the file is (chess PGN, export format) is judged over all chunks, so it is known only
    // at the end: until then the rules run as for PBN, with the export rules when a `% EXPORT`
    // line may be there, and what the verdict rules out is dropped.
    // One memchr pass over the `%` lines says whether either kind can be there at all.
    let (mut may_declare_export, mut may_suppress) = (false, false);
    // Past the limit, the findings of `ignore-file` rules are left out first: suppression hides
    // them anyway, and the findings shown are then the first that are not hidden.
    let mut limit = Limit {
        keep: limit,
        last: Vec::new(),
    };
    for line in lexer::percent_lines(text) {
        may_declare_export = may_declare_export || export::is_export_line(line);
        if suppress::is_directive_line(line) {
            may_suppress = true;
            limit.last.extend(suppress::ignore_file_rules(line));
        }
    }
    reader = reader.with_limit(limit.clone());
    if !may_suppress {
        reader = reader.count_only();
    }
    let rules = selection.rules_for(may_declare_export);
    // Syntax rules are not export rules: the set read here and the one applied at the end agree
    // on them, so findings of rules not selected need not be held.
    reader = reader.keeping(rules);
    let mut diagnostics = Vec::new();
    let mut semantic = semantic::Semantic::new(decoded, rules);
    semantic.solutions = options.solutions.clone();
    let mut suppressions = suppress::Suppressions::default();
    let mut declares_export = false;
    let mut dropped = LeftOut::new(!may_suppress);
    // The `#`/`##` values carried from chunk to chunk, for the models.
    let mut carry = Carry::new(text);
    let lane = &mut report.lane;
    let mut reading_held = 0;
    // Takes in each chunk in file order, with the rules' findings on its games, and the count
    // of the reading's findings as it grows.
    let mut take = |taken: Taken<'_, semantic::ChunkFindings>| {
        let (chunk, found) = match taken {
            Taken::Held(held) => {
                reading_held = held;
                return enter_lane(options, lane, held + diagnostics.len());
            }
            Taken::Chunk(chunk, found) => (chunk, found),
        };
        let parse = &chunk.parse;
        declares_export =
            declares_export || (may_declare_export && export::declares_export(parse, text));
        semantic.merge(parse, found, &mut diagnostics);
        keep_first(&mut diagnostics, &limit, &mut dropped, false, |_| ());
        enter_lane(options, lane, diagnostics.len() + reading_held);
        if may_suppress {
            suppressions.read(parse, text);
        }
    };
    let context = semantic::Context::new(decoded, rules, options.solutions.as_deref());
    let work = |parse: &Parse, models: &[crate::model::GameModel<'_>]| context.rules(parse, models);
    let feed = if ahead { Feed::Ahead(1) } else { Feed::Here };
    reader.read_chunks(chunk, (options.threads, feed), &mut carry, &work, &mut take);
    let mut deals = std::mem::take(&mut semantic.deals);
    semantic.finish(&mut diagnostics);
    let Verdict {
        findings,
        is_pbn,
        left_out: read_dropped,
        mut games,
    } = reader.finish();
    if is_pbn {
        diagnostics.extend(findings);
        // Findings from outside point into this text as it was read before; a file changed in
        // between must not make them point past it.
        diagnostics.extend(
            extra
                .iter()
                .filter(|d| {
                    d.span.start <= d.span.end
                        && d.span.end <= text.len()
                        && text.is_char_boundary(d.span.start)
                        && text.is_char_boundary(d.span.end)
                })
                .cloned(),
        );
        dropped.append(read_dropped);
    } else {
        diagnostics = findings;
        dropped.clear();
        deals.clear();
        games = 0;
    }
    crate::sets::number_lines(text, &mut deals);
    // The deals the file repeats itself (H001); those of other files are the run's to find.
    if !deals.is_empty() {
        let mut repeats = crate::sets::Repeats::new(options.sameness);
        diagnostics.extend(repeats.file("", &deals, true));
    }
    report.deals = deals;
    let rules = if declares_export == may_declare_export {
        rules
    } else {
        selection.rules_for(declares_export)
    };
    diagnostics.retain(|d| rules.contains(d.rule));
    dropped.retain_rules(|rule| rules.contains(rule));
    keep_first(&mut diagnostics, &limit, &mut dropped, true, |_| ());
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
    // The suppressions reach the findings left out too, which are kept as far as they need.
    let suppressed = suppressions.apply(rules, &mut diagnostics, &mut dropped.list);
    report.diagnostics = diagnostics;
    report.games = games;
    report.suppressed = suppressed;
    report.omitted = dropped.omitted();
}

/// Takes the run's lane once the file holds more than [`LANE_FINDINGS`] findings.
fn enter_lane(options: &CheckOptions, lane: &mut Option<InLane>, held: usize) {
    if held > LANE_FINDINGS
        && lane.is_none()
        && let Some(run) = &options.lane
    {
        *lane = Some(run.enter());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    /// The check of a LIN file's PBN gets every option but the encoding and the findings from
    /// elsewhere, each as given.
    #[test]
    fn the_check_of_a_lin_files_pbn_has_the_options_of_the_check() {
        let given = CheckOptions {
            encoding: Some(Encoding::Latin1),
            selection: Selection {
                select: Some(vec!["A".to_owned()]),
                extend_select: vec!["T022".to_owned()],
                ignore: vec!["A004".to_owned()],
                export: true,
            },
            chunk_bytes: Some(7),
            parse_ahead: true,
            max_findings: Some(3),
            threads: 5,
            extra: vec![Diagnostic::new(Rule::RepeatedDeal, 0..1, "x")],
            sameness: crate::sets::Sameness {
                rotated: true,
                permuted: true,
            },
            solutions: Some(Default::default()),
            lane: Some(Lane::new()),
        };
        let lin = options_for_lin(&given);
        assert_eq!(lin.encoding, None);
        assert!(lin.extra.is_empty());
        // The LIN file's own check holds the lane, never each batch's.
        assert!(lin.lane.is_none());
        assert_eq!(
            format!("{:?}", lin.selection),
            format!("{:?}", given.selection)
        );
        assert_eq!(
            (
                lin.chunk_bytes,
                lin.parse_ahead,
                lin.max_findings,
                lin.threads
            ),
            (Some(7), true, Some(3), 5)
        );
        assert_eq!(lin.sameness, given.sameness);
        assert!(lin.solutions.is_some());
    }

    /// Every option of `check` reaches a LIN file: the threads and chunks change nothing there
    /// either, the limit keeps the first findings and counts the rest, and the selection applies
    /// to the PBN rules run on what the LIN says as to the LIN's own (`options_for_lin`).
    #[test]
    fn every_option_reaches_a_lin_file() {
        let lin = "pn|S,W,N,E|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|\
            sv|o|ah|Board 1|mb|1N|mb|1C|mb|p|mb|p|mb|p|pc|SA|pc|S2|xy|private|\n";
        let codes = |options: &CheckOptions| -> Vec<&'static str> {
            check_bytes(lin.as_bytes(), options)
                .diagnostics
                .iter()
                .map(|d| d.rule.code())
                .collect()
        };
        let all = codes(&CheckOptions::default());
        assert!(all.iter().any(|code| code.starts_with('A')), "{all:?}");
        assert!(all.iter().any(|code| code.starts_with('L')), "{all:?}");
        let spread = CheckOptions {
            threads: 3,
            chunk_bytes: Some(16),
            parse_ahead: true,
            ..CheckOptions::default()
        };
        assert_eq!(codes(&spread), all);
        let only = |select: &str| CheckOptions {
            selection: Selection {
                select: Some(vec![select.to_owned()]),
                ..Selection::default()
            },
            ..CheckOptions::default()
        };
        for family in ["A", "L"] {
            let selected = codes(&only(family));
            assert!(!selected.is_empty());
            assert!(
                selected.iter().all(|code| code.starts_with(family)),
                "{selected:?}"
            );
        }
        let limited = check_bytes(
            lin.as_bytes(),
            &CheckOptions {
                max_findings: Some(1),
                ..CheckOptions::default()
            },
        );
        assert_eq!(limited.diagnostics.len(), 1);
        assert_eq!(
            limited.omitted.0.values().sum::<usize>() + 1,
            all.len(),
            "{:?}",
            limited.omitted
        );
    }

    fn codes(text: &str) -> Vec<&'static str> {
        check_bytes(text.as_bytes(), &CheckOptions::default())
            .diagnostics
            .iter()
            .map(|d| d.rule.code())
            .collect()
    }

    #[test]
    fn chess_pgn_is_one_finding() {
        let pgn = "[Event \"F\"]\n[White \"Kasparov\"]\n[Black \"Karpov\"]\n[Result \
            \"1-0\"]\n\n1. e4 c5 2. Nf3 d6 1-0\n";
        assert_eq!(codes(pgn), ["F002"]);
    }

    /// Past `max_findings`, the first findings in file order are kept and the rest counted by
    /// rule and severity, the same at every chunk size; `ignore-file` reaches the ones left out.
    #[test]
    fn findings_past_the_limit_are_counted_not_kept() {
        let game = |board: usize| format!("[Board \"{board}\"]\n[Dealer \"Q\"]\n\n");
        let text: String = (1..=50).map(game).collect();
        let at = |chunk| {
            let options = CheckOptions {
                max_findings: Some(10),
                chunk_bytes: Some(chunk),
                ..CheckOptions::default()
            };
            check_bytes(text.as_bytes(), &options)
        };
        let whole = at(usize::MAX);
        assert_eq!(whole.diagnostics.len(), 10);
        assert!(
            whole
                .diagnostics
                .iter()
                .all(|d| d.rule == Rule::InvalidDealer)
        );
        let tenth = text.match_indices("\"Q\"").nth(9).unwrap().0 + 1;
        assert_eq!(
            whole.diagnostics[9].span.start, tenth,
            "the first ten are kept"
        );
        assert_eq!(whole.omitted.total(), 40);
        assert_eq!(
            whole
                .omitted
                .count(crate::rules::diagnostic::Severity::Error),
            40
        );
        for chunk in [1, 30, 200] {
            let report = at(chunk);
            assert_eq!(
                format!("{:?}", report.diagnostics),
                format!("{:?}", whole.diagnostics),
                "chunk {chunk}"
            );
            assert_eq!(report.omitted, whole.omitted, "chunk {chunk}");
        }
        // An `ignore-file` line at the end hides all fifty, the ones left out too.
        let ignored = format!("{text}% pbnfmt: ignore-file T003 misprints\n");
        let options = CheckOptions {
            max_findings: Some(10),
            ..CheckOptions::default()
        };
        let report = check_bytes(ignored.as_bytes(), &options);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        assert!(report.omitted.is_empty());
        assert_eq!(report.suppressed, 50);
        // Findings that an `ignore-file` line hides are left out first: with fifty hidden ones
        // before them, the five that are not hidden are still the ones shown.
        let tail: String = (51..=55)
            .map(|board| format!("[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"X\"]\n\n"))
            .collect();
        let mixed = format!("{ignored}\n{tail}");
        let report = check_bytes(mixed.as_bytes(), &options);
        assert_eq!(report.diagnostics.len(), 5, "{:#?}", report.diagnostics);
        assert!(
            report
                .diagnostics
                .iter()
                .all(|d| d.rule != Rule::InvalidDealer)
        );
        assert!(report.omitted.is_empty());
        assert_eq!(report.suppressed, 50);
        // So do `ignore` lines, each before its game: the file is clean.
        let each: String = (1..=50)
            .map(|board| format!("% pbnfmt: ignore T003 misprint\n{}", game(board)))
            .collect();
        let report = check_bytes(each.as_bytes(), &options);
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        assert!(report.omitted.is_empty());
        assert_eq!(report.suppressed, 50);
    }

    /// A rewrite must still refuse, and say why, when the finding that stops it comes after
    /// the limit behind findings that do not (unknown calls).
    #[test]
    fn a_blocking_finding_past_the_limit_is_kept() {
        let mut text = String::from("[Dealer \"N\"]\n[Auction \"N\"]\n");
        text.push_str(&"2Z ".repeat(20));
        text.push_str("\n[Event \"never closed\n");
        let decoded = source::decode(text.as_bytes(), None);
        let limit = Limit {
            keep: 5,
            last: Vec::new(),
        };
        let mut reader = Reader::new(&decoded).with_limit(limit);
        reader.chunks(parser::CHUNK_BYTES).for_each(drop);
        let Verdict {
            findings,
            is_pbn,
            left_out: dropped,
            ..
        } = reader.finish();
        assert!(is_pbn);
        assert_eq!(findings.len(), 6, "{findings:#?}");
        assert!(findings[..5].iter().all(|d| d.rule == Rule::UnknownCall));
        assert_eq!(findings[5].rule, Rule::UnterminatedString);
        assert_eq!(dropped.len(), 15);
    }

    /// A finding given in from outside the file (H001 of an earlier file) that points past the
    /// text, or into a character, as it would after the file changed between two readings, is
    /// left out rather than rendered.
    #[test]
    fn findings_from_outside_stay_inside_the_text() {
        let text = "[Board \"é\"]\n";
        let at = |span: std::ops::Range<usize>| {
            crate::rules::diagnostic::Diagnostic::new(Rule::RepeatedDeal, span, "a repeat")
        };
        let options = CheckOptions {
            selection: Selection {
                extend_select: vec!["H001".to_owned()],
                ..Selection::default()
            },
            extra: vec![at(0..5), at(0..500), at(9..10)],
            ..CheckOptions::default()
        };
        let report = check_bytes(text.as_bytes(), &options);
        let spans: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.rule == Rule::RepeatedDeal)
            .map(|d| (d.span.start, d.span.end))
            .collect();
        assert_eq!(spans, [(0, 5)]);
    }

    #[test]
    fn pbi_is_one_finding() {
        assert_eq!(codes("\u{feff}#PBI 1.2\r\nfoo [bar\r\n"), ["F003"]);
    }

    #[test]
    fn unclosed_embedding() {
        assert_eq!(codes("<html><PBN>[Event \"x\"]\n"), ["F004"]);
        assert!(codes("<html><PBN>[Event \"x\"]\n</PBN></html>").is_empty());
    }

    #[test]
    fn bridge_file_with_a_white_tag_is_not_chess() {
        assert!(!codes("[White \"x\"]\n[Black \"y\"]\n[Deal \"N:...\"]\n").contains(&"F002"));
    }
}
