//! A LIN text read a batch of boards at a time, each batch written as PBN and checked by the
//! caller, with every finding pointed back at the LIN: what `check` of a LIN file and `convert`
//! of one share. The check is handed in, so that this module does not depend on `check` (which
//! reads LIN files through it) and every option of `check` reaches a LIN file.

use crate::lin::read::{self, Board};
use crate::lin::to_pbn::{self, SpanMap};
use crate::rules::diagnostic::{Diagnostic, MAX_FINDINGS, Omitted};
use crate::rules::select::Selection;

/// The findings of a file, the first `limit` kept ([`MAX_FINDINGS`] by default, `check
/// --max-findings`) and the rest counted, so that a file of millions of defects costs no memory
/// for them.
#[derive(Debug)]
pub struct Findings {
    pub kept: Vec<Diagnostic>,
    pub omitted: Omitted,
    limit: usize,
}

impl Default for Findings {
    fn default() -> Findings {
        Findings::with_limit(MAX_FINDINGS)
    }
}

impl Findings {
    pub fn with_limit(limit: usize) -> Findings {
        Findings {
            kept: Vec::new(),
            omitted: Omitted::default(),
            limit,
        }
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        if self.kept.len() < self.limit {
            self.kept.push(diagnostic);
        } else {
            *self
                .omitted
                .0
                .entry((diagnostic.rule, diagnostic.severity))
                .or_default() += 1;
        }
    }
}

/// How many boards are written, checked and exported at a time, and how much PBN text: enough to
/// amortise the work, few enough that a batch's trees stay small.
pub const BATCH_BOARDS: usize = 512;
const BATCH_BYTES: usize = 256 * 1024;

/// Reads a LIN text a batch of boards at a time: each batch is written as PBN, checked by `check`
/// (the caller's: `check` runs its own rules with all its options; `convert` the default rules),
/// each finding pointed back at the LIN, and handed to `batch` with its boards; the reader's own
/// findings are those `selection` chooses. Memory: one batch, whatever the file's size. Returns the findings and the number
/// of boards; stops early when `batch` says so (a refusal).
pub fn read_lin(
    text: &str,
    selection: &Selection,
    limit: usize,
    mut check: impl FnMut(&str) -> (Vec<Diagnostic>, Omitted),
    mut batch: impl FnMut(&[Board], String, &SpanMap) -> bool,
) -> (Findings, usize) {
    let rules = selection.rules_for(false);
    let findings = std::cell::RefCell::new(Findings::with_limit(limit));
    let mut boards = Vec::new();
    let mut bytes = 0;
    let mut count = 0;
    let mut going = true;
    // The reader's findings wait here for their batch; both of its callbacks add to them.
    let pending = std::cell::RefCell::new(Vec::<Diagnostic>::new());
    let mut flush = |boards: &mut Vec<Board>,
                     pending: &mut Vec<Diagnostic>,
                     findings: &mut Findings,
                     going: &mut bool| {
        if boards.is_empty() && pending.is_empty() {
            return;
        }
        let (pbn, map) = to_pbn::write(boards);
        let (diagnostics, omitted) = check(&pbn);
        let mut batch_findings: Vec<Diagnostic> = std::mem::take(pending)
            .into_iter()
            .filter(|d| rules.contains(d.rule))
            .collect();
        for mut diagnostic in diagnostics {
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
            batch_findings.push(diagnostic);
        }
        for ((rule, severity), n) in omitted.0 {
            *findings.omitted.0.entry((rule, severity)).or_default() += n;
        }
        sort(&mut batch_findings);
        for diagnostic in batch_findings {
            findings.push(diagnostic);
        }
        if *going {
            *going = batch(boards, pbn, &map);
        }
        boards.clear();
    };
    read::read_each(
        text,
        |diagnostic| {
            let mut pending = pending.borrow_mut();
            pending.push(diagnostic);
            // A record of many defects (a broken file) hands them on before its board ends.
            if pending.len() >= 4096 {
                let mut findings = findings.borrow_mut();
                for d in pending.drain(..).filter(|d| rules.contains(d.rule)) {
                    findings.push(d);
                }
            }
        },
        |board| {
            if !going {
                return;
            }
            count += 1;
            seatless_moves(&board, &mut pending.borrow_mut());
            bytes += board.spans.record.len() * 2;
            boards.push(board);
            if boards.len() >= BATCH_BOARDS || bytes >= BATCH_BYTES {
                flush(
                    &mut boards,
                    &mut pending.borrow_mut(),
                    &mut findings.borrow_mut(),
                    &mut going,
                );
                bytes = 0;
            }
        },
    );
    flush(
        &mut boards,
        &mut pending.borrow_mut(),
        &mut findings.borrow_mut(),
        &mut going,
    );
    (findings.into_inner(), count)
}

/// L010 and L009: calls with no dealer, cards with no contract.
fn seatless_moves(board: &Board, findings: &mut Vec<Diagnostic>) {
    if !board.game.calls.is_empty() && board.game.dealer.is_none() {
        let span = board.spans.calls.first().cloned().unwrap_or(0..0);
        findings.push(crate::rules::lin::auction_without_dealer(span));
    }
    if !board.game.cards.is_empty() && board.game.contract().is_none() {
        let span = board.spans.cards.first().cloned().unwrap_or(0..0);
        let n = board.game.cards.len();
        findings.push(crate::rules::lin::play_without_contract(span, n));
    }
}

fn sort(findings: &mut [Diagnostic]) {
    crate::proof::sort(findings);
}
