//! `convert` as pure functions: LIN bytes to PBN export format, PBN bytes to LIN, and the findings
//! of a LIN file for `check`.
//!
//! LIN to PBN: read the LIN ([`read`]), write its boards as PBN ([`to_pbn`]), check that PBN with
//! every default rule and point each finding back at the LIN, export it (pbnfmt's export writer
//! and its proof), and read the export back: its boards must say what the LIN said
//! ([`facts`]), or nothing is written (W004). PBN to LIN: read the PBN through pbnfmt's model,
//! write LIN, read that back with the LIN reader and compare the same way.

use std::ops::Range;

use crate::check::{CheckOptions, check_bytes};
use crate::diagnostic::{Diagnostic, Severity};
use crate::export::{ExportOptions, Newline, export_owned};
use crate::io::spool::Output;
use crate::proof::Rewritten;
use crate::rules::Rule;
use crate::rules::select::Selection;
use crate::source::{self, Decoded, Encoding};

use super::game::{Game, from_pbn};
use super::read::{self, LinFile};
use super::to_pbn::{self, SpanMap};
use super::{looks_like_lin, to_lin};

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

/// The findings of a LIN text: the reader's, and those of the PBN written from it, pointed back
/// at the LIN. Also gives the boards and the PBN text, for the conversion.
pub struct LinRead {
    pub file: LinFile,
    pub pbn: String,
    pub map: SpanMap,
    pub findings: Vec<Diagnostic>,
}

/// Reads and checks a LIN text with the rules `selection` chooses.
pub fn read_lin(text: &str, selection: &Selection) -> LinRead {
    let mut file = read::read(text);
    for board in &file.boards {
        if !board.game.calls.is_empty() && board.game.dealer.is_none() {
            let span = board.spans.calls.first().cloned().unwrap_or(0..0);
            file.findings.push(
                Diagnostic::new(
                    Rule::LinAuctionWithoutDealer,
                    span,
                    "the record gives calls but no dealer (`md|0` or no `md`): the seats of \
                     the calls are unknown",
                )
                .with_help(
                    "give the dealer as the first digit of `md`; the calls are kept as a comment",
                ),
            );
        }
        if !board.game.cards.is_empty() && board.game.contract().is_none() {
            let span = board.spans.cards.first().cloned().unwrap_or(0..0);
            file.findings.push(
                Diagnostic::new(
                    Rule::LinPlayWithoutContract,
                    span,
                    format!(
                        "{} card{} played, but the auction reaches no contract: the seats of the \
                         cards are unknown",
                        board.game.cards.len(),
                        if board.game.cards.len() == 1 {
                            " is"
                        } else {
                            "s are"
                        }
                    ),
                )
                .with_help("give the auction; the cards are kept as a comment"),
            );
        }
    }
    let (pbn, map) = to_pbn::write(&file.boards);
    let options = CheckOptions {
        selection: selection.clone(),
        ..CheckOptions::default()
    };
    let report = check_bytes(pbn.as_bytes(), &options);
    let rules = selection.rules_for(false);
    let mut findings: Vec<Diagnostic> = std::mem::take(&mut file.findings)
        .into_iter()
        .filter(|d| rules.contains(d.rule))
        .collect();
    for mut diagnostic in report.diagnostics {
        let Some(span) = map.lin_span(&diagnostic.span) else {
            continue;
        };
        diagnostic.span = span;
        // A fix edits the PBN written, not the LIN: not offered here.
        diagnostic.fix = None;
        let related = std::mem::take(&mut diagnostic.related);
        for mut related in related {
            if let Some(span) = map.lin_span(&related.span) {
                related.span = span;
                diagnostic.related.push(related);
            }
        }
        findings.push(diagnostic);
    }
    findings.sort_by(|a, b| {
        (a.span.start, a.span.end, a.rule).cmp(&(b.span.start, b.span.end, b.rule))
    });
    LinRead {
        file,
        pbn,
        map,
        findings,
    }
}

/// The findings of a LIN file for `check`.
pub fn check_lin(text: &str, selection: &Selection) -> (Vec<Diagnostic>, usize) {
    let read = read_lin(text, selection);
    (read.findings, read.file.boards.len())
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
                let cards: Vec<String> = (0..52)
                    .filter_map(|i| {
                        let suit = crate::bridge::Suit::ALL[i / 13];
                        let rank = crate::bridge::Rank::from_value((i % 13) as u8 + 2)?;
                        let card = crate::bridge::Card { suit, rank };
                        set.contains(card).then(|| card.to_string())
                    })
                    .collect();
                out.push_str(&format!(" {}:{}", seat.letter(), cards.join("")));
            }
            None => out.push_str(&format!(" {}:-", seat.letter())),
        }
    }
    out.push_str(" auction");
    for call in &game.calls {
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
    out
}

/// Converts LIN bytes to PBN export format, checked and proved.
pub fn lin_to_pbn(bytes: Vec<u8>, options: &ConvertOptions) -> Rewritten {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    let read = read_lin(&decoded.text, &Selection::default());
    let games = read.file.boards.len();
    let mut problems = read.findings;
    let encoding = options.encoding.unwrap_or_else(|| {
        if source::encode(&read.pbn, Encoding::Latin1, false).is_ok() {
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
    let mut exported = export_owned(read.pbn.into_bytes(), &export);
    for mut problem in std::mem::take(&mut exported.problems) {
        if let Some(span) = read.map.lin_span(&problem.span) {
            problem.span = span;
        } else {
            problem.span = 0..0;
        }
        problem.related.clear();
        problem.fix = None;
        problems.push(problem);
    }
    let Some(output) = exported.output.take() else {
        return Rewritten::refused(decoded, problems, games);
    };
    // The read-back: the boards of the PBN written say what the LIN said.
    let written = match output.to_vec() {
        Ok(bytes) => source::decode_owned(bytes, Some(encoding)),
        Err(_) => return Rewritten::refused(decoded, problems, games),
    };
    let back = from_pbn(&written.text);
    let carried: Vec<Game> = read
        .file
        .boards
        .iter()
        .map(|b| pbn_carries(&b.game))
        .collect();
    if let Some((index, before, after)) =
        first_difference(carried.iter(), back.iter().map(|(g, _)| g))
    {
        let span = read
            .file
            .boards
            .get(index)
            .map_or(0..0, |b| b.spans.record.start..(b.spans.record.start + 2));
        problems.push(unfaithful(span, index, &before, &after));
        return Rewritten::refused(decoded, problems, games);
    }
    finish(decoded, Some(output), problems, games)
}

fn first_difference<'a>(
    a: impl Iterator<Item = &'a Game>,
    b: impl Iterator<Item = &'a Game>,
) -> Option<(usize, String, String)> {
    let a: Vec<String> = a.map(facts).collect();
    let b: Vec<String> = b.map(facts).collect();
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i), b.get(i));
        if x != y {
            return Some((
                i,
                x.cloned().unwrap_or_else(|| "no board".to_owned()),
                y.cloned().unwrap_or_else(|| "no board".to_owned()),
            ));
        }
    }
    None
}

fn unfaithful(span: Range<usize>, index: usize, before: &str, after: &str) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "board {} reads back differently from what was converted; nothing was written",
            index + 1
        ),
    )
    .with_help(format!(
        "this is a bug in pbnfmt, please report it: was `{}`, reads back `{}`",
        crate::display::escape(before),
        crate::display::escape(after)
    ))
}

fn finish(
    decoded: Decoded,
    output: Option<Output>,
    mut problems: Vec<Diagnostic>,
    games: usize,
) -> Rewritten {
    problems.sort_by(|a, b| {
        (a.span.start, a.span.end, a.rule).cmp(&(b.span.start, b.span.end, b.rule))
    });
    Rewritten {
        decoded,
        output,
        problems,
        games,
        source: None,
    }
}

/// Converts PBN bytes to LIN, saying per board what BBO would refuse (L011) and what LIN cannot
/// carry (L012), and proving the LIN by reading it back.
pub fn pbn_to_lin(bytes: Vec<u8>, options: &ConvertOptions) -> Rewritten {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    if looks_like_lin(&decoded.text) {
        // Already LIN: read and written again in the layout.
        let read = read_lin(&decoded.text, &Selection::default());
        let games: Vec<Game> = read.file.boards.iter().map(|b| b.game.clone()).collect();
        let (lin, _) = to_lin::write(&games);
        let count = games.len();
        return finish(
            decoded,
            Some(Output::from_bytes(lin.into_bytes())),
            read.findings,
            count,
        );
    }
    let report = check_bytes(decoded.text.as_bytes(), &CheckOptions::default());
    let mut problems: Vec<Diagnostic> = report
        .diagnostics
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    let games = from_pbn(&decoded.text);
    let mut written: Vec<Game> = Vec::new();
    for (game, span) in &games {
        // The game's first tag pair.
        let start = decoded.text[span.clone()]
            .find('[')
            .map_or(span.start, |i| span.start + i);
        let at = start..(start + 1).min(span.end);
        if !game.refusals.is_empty() {
            problems.push(
                Diagnostic::new(
                    Rule::BoardNotUploadable,
                    at.clone(),
                    format!(
                        "board {} cannot be uploaded to BBO as it is: {}",
                        game.board.as_deref().unwrap_or("?"),
                        game.refusals.join("; ")
                    ),
                )
                .with_help("Bridge Composer refuses such a board; pbnfmt writes it as it can"),
            );
        }
        if !game.lost.is_empty() {
            problems.push(
                Diagnostic::new(
                    Rule::LostInLin,
                    at,
                    format!(
                        "LIN cannot carry these parts of board {}, which are left out: {}",
                        game.board.as_deref().unwrap_or("?"),
                        game.lost.join("; ")
                    ),
                )
                .with_help("keep the PBN as the archive; the LIN is for BBO"),
            );
        }
        written.push(game.clone());
    }
    let (lin, changes) = to_lin::write(&written);
    for ((_, span), changed) in games.iter().zip(&changes) {
        if !changed.is_empty() {
            problems.push(Diagnostic::new(
                Rule::LostInLin,
                span.start..(span.start + 1).min(span.end),
                format!(
                    "{}: a `|` is written as `/` and a `,` in a name as `;`",
                    changed.join("; ")
                ),
            ));
        }
    }
    // The read-back: the LIN written says what the PBN said (what LIN can carry of it).
    let back = read::read(&lin);
    let carried: Vec<Game> = written.iter().map(lin_carries).collect();
    let reread: Vec<Game> = back.boards.iter().map(|b| lin_carries(&b.game)).collect();
    if let Some((index, before, after)) = first_difference(carried.iter(), reread.iter()) {
        let span = games
            .get(index)
            .map_or(0..0, |(_, s)| s.start..(s.start + 1).min(s.end));
        problems.push(unfaithful(span, index, &before, &after));
        return Rewritten::refused(decoded, problems, games.len());
    }
    let count = games.len();
    finish(
        decoded,
        Some(Output::from_bytes(lin.into_bytes())),
        problems,
        count,
    )
}

/// What of a LIN board the PBN written carries as facts: calls without a dealer and cards without
/// a contract go into a comment (L010, L009), since their seats are unknown.
pub fn pbn_carries(game: &Game) -> Game {
    let mut game = game.clone();
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
    if game
        .board
        .as_deref()
        .is_some_and(|b| !b.bytes().all(|c| c.is_ascii_digit()))
    {
        game.board = None;
    }
    game
}
