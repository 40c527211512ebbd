//! `convert` as pure functions: LIN bytes to PBN export format, and PBN bytes to LIN.
//!
//! LIN to PBN: read the LIN ([`read`]), write its boards as PBN (`lin::to_pbn`), check that PBN with
//! every default rule and point each finding back at the LIN, export it (pbnfmt's export writer
//! and its proof), and read the export back: its boards must say what the LIN said
//! ([`facts`]), or nothing is written (W004). PBN to LIN: read the PBN through pbnfmt's model,
//! write LIN, read that back with the LIN reader and compare the same way.

use std::ops::Range;

use crate::check::{CheckOptions, check_bytes};
use crate::export::{ExportOptions, Newline, export_owned};
use crate::io::spool::Output;
use crate::proof::Rewritten;
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, MAX_FINDINGS, Omitted, Severity};
use crate::rules::select::Selection;
use crate::source::{self, Decoded, Encoding};

use crate::lin::checked::{self, BATCH_BOARDS, Findings};
use crate::lin::game::{Anchor, Game};
use crate::lin::read;
use crate::lin::to_lin;
use crate::read::is_lin;

/// What `convert` may be told.
#[derive(Clone, Debug, Default)]
pub struct ConvertOptions {
    /// Read the input in this encoding instead of detecting it.
    pub input_encoding: Option<Encoding>,
    /// Write PBN in this encoding; by default Latin-1 (PBN 2.2) when every character fits, else
    /// UTF-8.
    pub encoding: Option<Encoding>,
    pub newline: Newline,
}

/// The PBN written of a batch of LIN boards, checked with the default rules: what a conversion
/// reports of its input.
fn default_check(pbn: &str) -> (Vec<Diagnostic>, Omitted) {
    let report = check_bytes(pbn.as_bytes(), &CheckOptions::default());
    (report.diagnostics, report.omitted)
}

/// The facts a conversion must keep, one line: what the round trips and the read-back compare.
/// Hands as sets (LIN leaves out the fourth), the result as declarer's tricks however given.
pub fn facts(game: &Game) -> String {
    let hands = game.complete_hands();
    let mut out = String::new();
    out.push_str(&format!(
        "board {:?} dealer {:?} vulnerable {:?} hands",
        game.board,
        game.dealer.map(|d| d.letter()),
        game.vulnerable.map(|v| v.canonical())
    ));
    for seat in crate::bridge::Seat::ALL {
        match hands[seat as usize] {
            Some(set) => {
                out.push_str(&format!(" {}:", seat.letter()));
                for card in set.iter() {
                    out.push_str(&card.to_string());
                }
            }
            None => out.push_str(&format!(" {}:-", seat.letter())),
        }
    }
    out.push_str(" auction");
    for call in game.calls_to_end() {
        out.push(' ');
        out.push_str(&call.call.spelling());
        if call.alert {
            out.push('!');
        }
        if let Some(note) = &call.note {
            out.push_str(&format!("({})", note.replace('\t', " ").trim_end()));
        }
    }
    if let Some((level, denomination, risk, declarer)) = game.contract() {
        out.push_str(&format!(
            " contract {level}{}{risk} by {}",
            crate::bridge::denomination_text(denomination),
            declarer.letter()
        ));
    }
    out.push_str(" play");
    for card in &game.cards {
        out.push(' ');
        out.push_str(&card.to_string());
    }
    let result = game.result.or_else(|| {
        (game.cards.len() == 52)
            .then(|| game.declarer_tricks_played())
            .flatten()
    });
    if game.contract().is_some() {
        out.push_str(&format!(" result {result:?}"));
    }
    for ((kind, at), text) in comment_facts(game) {
        let place = match kind {
            0 => "board".to_owned(),
            1 => format!("call {}", at + 1),
            _ => format!("card {}", at + 1),
        };
        out.push_str(&format!(" comment at {place}: {text:?}"));
    }
    out
}

/// The comments of a board as the read-back compares them (issue 44, item 2): by place, the
/// text of the comments at each place joined, with each run of white space one space. A place's
/// comments may be one comment or several either way (PBN joins LIN's at one card; a `}` splits
/// a PBN comment in `;` lines), and line breaks are layout.
pub fn comment_facts(game: &Game) -> Vec<((u8, usize), String)> {
    let mut places: std::collections::BTreeMap<(u8, usize), String> = Default::default();
    for (anchor, text) in &game.comments {
        let joined = places.entry(anchor.order()).or_default();
        for word in text.split_whitespace() {
            if !joined.is_empty() {
                joined.push(' ');
            }
            joined.push_str(word);
        }
    }
    places.retain(|_, text| !text.is_empty());
    places.into_iter().collect()
}

/// Converts LIN bytes to PBN export format, checked and proved a batch of boards at a time: each
/// batch is exported by pbnfmt's export writer (with its own proof) and read back through the
/// model, and its boards must say what the LIN said, or nothing is written (W004).
pub fn lin_to_pbn(bytes: Vec<u8>, options: &ConvertOptions) -> Rewritten {
    lin_to_pbn_decoded(source::decode_owned(bytes, options.input_encoding), options)
}

/// [`lin_to_pbn`] of a text already decoded.
pub fn lin_to_pbn_decoded(decoded: Decoded, options: &ConvertOptions) -> Rewritten {
    // Latin-1 (PBN 2.2: ISO 8859-1) only where every character is one of its graphic
    // characters; else UTF-8, as `--help` says. Windows-1252's extra characters (`—`, `“`) would
    // be written as bytes 0x80-0x9F, which ISO 8859-1 has as control codes and `check` reports
    // (C001) in pbnfmt's own output (issue 61, item 2).
    let encoding = options.encoding.unwrap_or_else(|| {
        let latin1 = |c: char| c <= '\u{7F}' || ('\u{A0}'..='\u{FF}').contains(&c);
        if decoded.text.chars().all(latin1) {
            Encoding::Latin1
        } else {
            Encoding::Utf8
        }
    });
    let export = ExportOptions {
        encoding: Some(encoding),
        newline: options.newline,
        ..ExportOptions::default()
    };
    let mut output = Output::new();
    let mut refusal: Vec<Diagnostic> = Vec::new();
    let mut written = 0usize;
    let (findings, games) = checked::read_lin(
        &decoded.text,
        &Selection::default(),
        MAX_FINDINGS,
        default_check,
        |boards, pbn, map| {
            let mut exported = export_owned(pbn.into_bytes(), &export);
            let problems = std::mem::take(&mut exported.problems);
            let Some(bytes) = exported.output_bytes() else {
                for mut problem in problems {
                    problem.span = map.lin_span(&problem.span).unwrap_or(0..0);
                    problem.related.clear();
                    problem.fix = None;
                    refusal.push(problem);
                }
                return false;
            };
            for mut problem in problems {
                // Warnings of the writer (a long line): pointed at the LIN, kept with the rest.
                problem.span = map.lin_span(&problem.span).unwrap_or(0..0);
                problem.related.clear();
                problem.fix = None;
                refusal.push(problem);
            }
            // The read-back: the boards of the PBN written say what the LIN said.
            let back = from_pbn(&source::decode(&bytes, Some(encoding)).text);
            let carried: Vec<Game> = boards.iter().map(|b| pbn_carries(&b.game)).collect();
            if let Some((index, before, after)) =
                first_difference(carried.iter(), back.iter().map(|(g, _)| g))
            {
                let span = boards
                    .get(index)
                    .map_or(0..0, |b| b.spans.record.start..(b.spans.record.start + 2));
                refusal.push(unfaithful(span, written + index, &before, &after));
                return false;
            }
            written += boards.len();
            let newline: &[u8] = match options.newline {
                Newline::CrLf => b"\r\n",
                Newline::Lf => b"\n",
            };
            append_export(&mut output, &bytes, newline).is_ok()
        },
    );
    let mut problems = findings.kept;
    let refused = refusal
        .iter()
        .any(|d| d.rule.blocks_rewrite() || d.rule == Rule::UnfaithfulExport)
        || written < games;
    problems.append(&mut refusal);
    if refused {
        return Rewritten::refused(decoded, problems, games);
    }
    if output.is_empty() {
        // No board at all: the header alone, as export writes an empty file.
        let _ = output.push(b"% PBN 2.1\r\n% EXPORT\r\n");
    }
    finish(decoded, Some(output), problems, games)
}

/// Appends one export to the output: the first whole, each later one without its `% PBN 2.1`
/// and `% EXPORT` lines, after an empty line (PBN 3).
pub fn append_export(output: &mut Output, export: &[u8], newline: &[u8]) -> std::io::Result<()> {
    let skip = export_skip(output, export);
    if skip == export.len() {
        return Ok(());
    }
    if !output.is_empty() {
        output.push(newline)?;
    }
    output.push(&export[skip..])
}

/// [`append_export`] of an export that waits in `export` (spooled), read a block at a time.
pub fn append_spooled_export(output: &mut Output, export: &mut Output) -> std::io::Result<()> {
    // The header lines and the first line end are within the first kilobytes.
    let head = export.head(4096)?;
    let skip = export_skip(output, &head) as u64;
    if skip == export.len() {
        return Ok(());
    }
    if !output.is_empty() {
        let newline: &[u8] = if head.windows(2).any(|w| w == b"\r\n") {
            b"\r\n"
        } else {
            b"\n"
        };
        output.push(newline)?;
    }
    output.append_from(export, skip)
}

/// How many bytes of an export appended to `output` are left out: none for the first, the
/// `% PBN 2.1` and `% EXPORT` lines of a later one (`export` starts with them).
fn export_skip(output: &Output, export: &[u8]) -> usize {
    if output.is_empty() {
        return 0;
    }
    let mut skip = 0;
    for header in [&b"% PBN 2.1"[..], b"% EXPORT"] {
        let rest = &export[skip..];
        if rest.starts_with(header) {
            skip += rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1);
        }
    }
    skip
}

fn first_difference<'a>(
    a: impl Iterator<Item = &'a Game>,
    b: impl Iterator<Item = &'a Game>,
) -> Option<(usize, String, String)> {
    let (a, b): (Vec<&Game>, Vec<&Game>) = (a.collect(), b.collect());
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i), b.get(i));
        let same = match (x, y) {
            (Some(x), Some(y)) => same_facts(x, y),
            _ => false,
        };
        if !same {
            let text = |g: Option<&&Game>| g.map_or_else(|| "no board".to_owned(), |g| facts(g));
            return Some((i, text(x), text(y)));
        }
    }
    None
}

/// The first board of `pbn` (read from PBN) whose cards the LIN written (`lin`, read back) gives
/// to other seats than the PBN's Play columns do (PBN 3.6): LIN orders the cards only, and a
/// card left out or misplaced gives every later card another seat. The board's index and its
/// play by seat both ways.
fn first_play_difference(pbn: &[Game], lin: &[Game]) -> Option<(usize, String, String)> {
    let by_seat = |play: Vec<(crate::bridge::Seat, crate::bridge::Card)>| {
        let cards: Vec<String> = play
            .iter()
            .map(|(seat, card)| format!("{}:{card}", seat.letter()))
            .collect();
        format!("play {}", cards.join(" "))
    };
    pbn.iter()
        .zip(lin)
        .enumerate()
        .find_map(|(index, (pbn, lin))| {
            // Without a contract LIN gives the cards no seats; the cards are compared in order.
            lin.contract()?;
            let written: Vec<_> = pbn
                .play_seats
                .iter()
                .copied()
                .zip(pbn.cards.iter().copied())
                .collect();
            let read: Vec<_> = lin
                .tricks()
                .into_iter()
                .flat_map(|(leader, trick)| {
                    trick
                        .into_iter()
                        .enumerate()
                        .map(move |(i, card)| (leader.offset(i), card))
                })
                .collect();
            (written != read).then(|| (index, by_seat(written), by_seat(read)))
        })
}

/// Whether two boards say the same [`facts`], compared field by field (the text of the facts is
/// made only to show a difference).
pub fn same_facts(a: &Game, b: &Game) -> bool {
    let (calls_a, calls_b) = (a.calls_to_end(), b.calls_to_end());
    let notes_same = calls_a.len() == calls_b.len()
        && calls_a.iter().zip(calls_b).all(|(x, y)| {
            x.call == y.call
                && x.alert == y.alert
                && match (&x.note, &y.note) {
                    (None, None) => true,
                    (Some(p), Some(q)) => {
                        p.replace('\t', " ").trim_end() == q.replace('\t', " ").trim_end()
                    }
                    _ => false,
                }
        });
    let result = |g: &Game| {
        g.contract().map(|_| {
            g.result.or_else(|| {
                (g.cards.len() == 52)
                    .then(|| g.declarer_tricks_played())
                    .flatten()
            })
        })
    };
    a.board == b.board
        && a.dealer == b.dealer
        && a.vulnerable == b.vulnerable
        && notes_same
        && a.cards == b.cards
        && a.complete_hands() == b.complete_hands()
        && a.contract() == b.contract()
        && result(a) == result(b)
        && comment_facts(a) == comment_facts(b)
}

fn unfaithful(span: Range<usize>, index: usize, before: &str, after: &str) -> Diagnostic {
    crate::rules::writing::board_reads_back_otherwise(span, index + 1, before, after)
}

fn finish(
    decoded: Decoded,
    output: Option<Output>,
    problems: Vec<Diagnostic>,
    games: usize,
) -> Rewritten {
    Rewritten::written(decoded, output, problems, games)
}

/// Converts PBN bytes to LIN, saying per board what BBO would refuse (L012) and what LIN cannot
/// carry (L013), and proving the LIN by reading it back.
pub fn pbn_to_lin(bytes: Vec<u8>, options: &ConvertOptions) -> Rewritten {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    if is_lin(&decoded.text) {
        // Already LIN: read and written again in the layout.
        let mut lin = Output::new();
        let mut ok = true;
        let (findings, count) = checked::read_lin(
            &decoded.text,
            &Selection::default(),
            MAX_FINDINGS,
            default_check,
            |boards, _, _| {
                let games: Vec<Game> = boards.iter().map(|b| b.game.clone()).collect();
                ok = lin.push(to_lin::write(&games).0.as_bytes()).is_ok();
                ok
            },
        );
        if !ok {
            return Rewritten::refused(decoded, findings.kept, count);
        }
        return finish(decoded, Some(lin), findings.kept, count);
    }
    let report = check_bytes(decoded.text.as_bytes(), &CheckOptions::default());
    let mut findings = Findings::default();
    findings.omitted = report.omitted;
    for d in report
        .diagnostics
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
    {
        findings.push(d);
    }
    // A file that is not PBN (binary, PBI, chess PGN, UTF-16 without its mark: an F finding) has
    // no board to write: refused, with nothing written (issue 59; before, its bytes went into an
    // `nt|` comment of a LIN on standard output).
    if findings.kept.iter().any(|d| d.rule.code().starts_with('F')) {
        return Rewritten::refused(decoded, findings.kept, 0);
    }
    // A batch of games at a time: written, read back, compared, appended.
    let text = decoded.text.as_str();
    let mut output = Output::new();
    let mut batch: Vec<(Game, Range<usize>)> = Vec::new();
    let mut count = 0;
    let mut failure: Option<Diagnostic> = None;
    let mut write_batch = |batch: &mut Vec<(Game, Range<usize>)>,
                           findings: &mut Findings,
                           failure: &mut Option<Diagnostic>,
                           first: usize| {
        let games: Vec<Game> = batch.iter().map(|(g, _)| g.clone()).collect();
        let (lin, changes) = to_lin::write(&games);
        for ((game, span), changed) in batch.iter().zip(&changes) {
            uploadable(text, game, span, changed, findings);
        }
        // The read-back: the LIN written says what the PBN said (what LIN can carry of it).
        let back = read::read(&lin);
        let carried: Vec<Game> = games.iter().map(lin_carries).collect();
        let reread: Vec<Game> = back.boards.iter().map(|b| lin_carries(&b.game)).collect();
        let differs = first_difference(carried.iter(), reread.iter())
            .or_else(|| first_play_difference(&games, &reread));
        if let Some((index, before, after)) = differs {
            let span = batch
                .get(index)
                .map_or(0..0, |(_, s)| s.start..(s.start + 1).min(s.end));
            *failure = Some(unfaithful(span, first + index, &before, &after));
        } else if let Err(error) = output.push(lin.as_bytes()) {
            *failure = Some(crate::rules::writing::output_not_kept(
                crate::rules::writing::Converted::Lin,
                &error,
            ));
        }
        batch.clear();
    };
    each_pbn_game(text, |game, span| {
        batch.push((game.for_lin(), span));
        count += 1;
        if batch.len() >= BATCH_BOARDS {
            write_batch(
                &mut batch,
                &mut findings,
                &mut failure,
                count - BATCH_BOARDS,
            );
        }
        failure.is_none()
    });
    if failure.is_none() && !batch.is_empty() {
        let first = count - batch.len();
        write_batch(&mut batch, &mut findings, &mut failure, first);
    }
    let mut problems = findings.kept;
    if let Some(failure) = failure {
        problems.push(failure);
        return Rewritten::refused(decoded, problems, count);
    }
    finish(decoded, Some(output), problems, count)
}

/// L012 and L013 for one PBN game written as LIN: what BBO would refuse, what LIN cannot carry,
/// the characters that had to be changed.
fn uploadable(
    text: &str,
    game: &Game,
    span: &Range<usize>,
    changed: &[String],
    findings: &mut Findings,
) {
    // The game's first tag pair.
    let start = text[span.clone()]
        .find('[')
        .map_or(span.start, |i| span.start + i);
    let at = start..(start + 1).min(span.end);
    let board = game.board.as_deref().unwrap_or("?");
    if !game.refusals.is_empty() {
        findings.push(crate::rules::lin::not_uploadable(
            at.clone(),
            board,
            &game.refusals,
        ));
    }
    if !game.lost.is_empty() {
        let layout = if game.is_match() {
            "vugraph"
        } else {
            "single-board"
        };
        findings.push(crate::rules::lin::lost_in_lin(
            at.clone(),
            board,
            layout,
            &game.lost,
        ));
    }
    if !changed.is_empty() {
        findings.push(crate::rules::lin::changed_in_lin(at, changed));
    }
}

/// What of a LIN board the PBN written carries as facts: calls without a dealer and cards without
/// a contract go into a comment (L010, L009), since their seats are unknown; and the hands are
/// what pbnfmt's Deal reader reads from the Deal written (a card dealt twice counts where it
/// comes first, D003 says the rest).
pub fn pbn_carries(game: &Game) -> Game {
    let mut game = game.clone();
    if game.hands.iter().any(Option::is_some) {
        let value = crate::lin::to_pbn::deal_value(&game);
        let read = crate::model::deal::parse(&value).0;
        game.hands = [None, None, None, None];
        if let Some(deal) = read {
            for (seat, hand) in deal.known_hands() {
                game.hands[seat as usize] = Some(hand.cards.iter().collect());
            }
        }
    }
    // The comments where the PBN writer puts them: on a call or card it writes, else the
    // board's, followed by the calls and cards it can only keep as comments (L010, L009).
    let auction_lands = game.dealer.is_some() && !game.calls.is_empty();
    let play_lands = !game.tricks().is_empty();
    let mut board = Vec::new();
    let mut moves = Vec::new();
    for (anchor, text) in std::mem::take(&mut game.comments) {
        match anchor {
            Anchor::Call(_) if auction_lands => moves.push((anchor, text)),
            Anchor::Card(_) if play_lands => moves.push((anchor, text)),
            _ => board.push((Anchor::Board, text)),
        }
    }
    if !game.calls.is_empty() && game.dealer.is_none() {
        let calls: Vec<String> = game.calls.iter().map(|c| c.call.spelling()).collect();
        board.push((
            Anchor::Board,
            format!("LIN auction with no dealer: {}", calls.join(" ")),
        ));
    }
    board.extend(moves);
    // Written after the auction: in its section when there is one.
    if !game.cards.is_empty() && !play_lands {
        let cards: Vec<String> = game.cards.iter().map(ToString::to_string).collect();
        let anchor = match game.calls.len() {
            n if n > 0 && auction_lands => Anchor::Call(n - 1),
            _ => Anchor::Board,
        };
        board.push((
            anchor,
            format!("LIN play with no contract: {}", cards.join(" ")),
        ));
    }
    game.comments = board;
    if game.dealer.is_none() {
        game.calls.clear();
    }
    if game.contract().is_none() {
        game.cards.clear();
    }
    game
}

/// What of a board LIN carries, as its reader gives it back: the names (with the characters LIN
/// cannot carry replaced), the rest of the facts unchanged.
pub fn lin_carries(game: &Game) -> Game {
    let mut game = game.clone();
    for name in game.names.iter_mut().flatten() {
        *name = name.replace('|', "/").replace(',', ";").trim().to_owned();
    }
    for call in &mut game.calls {
        if let Some(note) = &mut call.note {
            *note = note.replace('|', "/").replace(['\r', '\n'], " ");
        }
    }
    for (_, comment) in &mut game.comments {
        *comment = comment.replace('|', "/");
    }
    if game
        .board
        .as_deref()
        .is_some_and(|b| !b.bytes().all(|c| c.is_ascii_digit()))
    {
        game.board = None;
    }
    game
}

/// The boards of a PBN text as facts, read by pbnfmt's parser and model (so that `#`/`##`,
/// import spellings and seat columns are read as everywhere else), each with the byte range of
/// its game in `text`. All at once: for a text of a few games ([`each_pbn_game`] for a file).
pub fn from_pbn(text: &str) -> Vec<(Game, Range<usize>)> {
    let mut games = Vec::new();
    each_pbn_game(text, |game, span| {
        games.push((game, span));
        true
    });
    games
}

/// [`from_pbn`] a chunk of games at a time ([`parser::chunks`]), handing each on: memory is one
/// chunk's trees and one game, whatever the file's size. `each` returns false to stop.
pub fn each_pbn_game(text: &str, mut each: impl FnMut(Game, Range<usize>) -> bool) {
    crate::read::judged_games(text, |parse, model, span| {
        each(crate::lin::game::read_game(parse, text, model), span)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The read-back compares boards field by field: every fact the conversion must keep tells
    /// two boards apart, as the text of the facts does.
    #[test]
    fn same_facts_tells_every_changed_fact() {
        let lin = "pn|S,W,N,E|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|sv|n|\
            ah|Board 7|mb|p|mb|1C!|an|5+ clubs|mb|p|mb|1N|mb|p|mb|p|mb|p|pc|D2|pc|D3|mc|6|";
        let game = read::read(lin).boards.remove(0).game;
        assert!(same_facts(&game, &game.clone()));
        type Change = Box<dyn Fn(&mut Game)>;
        let changes: Vec<(&str, Change)> = vec![
            ("board", Box::new(|g| g.board = Some("8".into()))),
            (
                "dealer",
                Box::new(|g| g.dealer = Some(crate::bridge::Seat::East)),
            ),
            ("vulnerable", Box::new(|g| g.vulnerable = None)),
            ("hand", Box::new(|g| g.hands[0] = None)),
            (
                "call",
                Box::new(|g| g.calls[3].call = crate::bridge::CallToken::Pass),
            ),
            ("alert", Box::new(|g| g.calls[1].alert = false)),
            (
                "note",
                Box::new(|g| g.calls[1].note = Some("6+ clubs".into())),
            ),
            (
                "card",
                Box::new(|g| g.cards.pop().map(|_| ()).unwrap_or(())),
            ),
            ("result", Box::new(|g| g.result = Some(7))),
        ];
        for (what, change) in changes {
            let mut other = game.clone();
            change(&mut other);
            assert!(!same_facts(&game, &other), "{what}");
            assert_ne!(facts(&game), facts(&other), "{what}");
        }
    }
}
