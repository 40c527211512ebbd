//! The verdict of reading a file, before any rule of the standard, held by the front door: its
//! encoding (F001), whether it is PBN at all (PBI, binary, UTF-16 without a byte-order mark,
//! chess PGN, LIN given to a command that reads PBN only, text of no tag pair), an unclosed
//! `<PBN>`, an overlong game, too many `##` names, and every syntax error. Gathered chunk by chunk
//! by [`super::Reader`], which no command can read a file past; the words are
//! `crate::rules::reading`'s.

use crate::rules::diagnostic::{Diagnostic, Dropped, LeftOut, Limit, MAX_FINDINGS, keep_first};
use crate::rules::reading as words;
use crate::source::Decoded;
use crate::syntax::Parse;

use super::{ChunkSniffed, Sniffed};

/// The findings of reading a file, and whether it is PBN (see [`Reading::finish_counted`]).
#[derive(Debug)]
pub struct Verdict {
    /// The reading's findings: past the limit, the first that stops a rewrite is among them.
    pub findings: Vec<Diagnostic>,
    /// False when the file is not PBN (or LIN) text at all: `findings` then says what it is.
    pub is_pbn: bool,
    /// The findings left out past the limit.
    pub left_out: LeftOut,
    /// The games read (those with a token of their own).
    pub games: usize,
}

/// The findings of reading a file, before any rule of the standard: its encoding, whether it is a
/// PBN file at all (false for PBI and chess PGN, with the one finding that says so), an unclosed
/// `<PBN>`, and every syntax error. `export` refuses on these; `check` goes on to the rules.
/// Gathered chunk by chunk from what the front door ([`crate::read::Driver`]) finds as data
/// ([`ChunkSniffed`], [`Sniffed`]) and the parser's syntax problems, each worded here.
pub(super) struct Reading<'t> {
    decoded: &'t Decoded,
    findings: Vec<Diagnostic>,
    /// How many findings are kept ([`keep_first`]); the rest are left in `dropped`.
    limit: Limit,
    dropped: LeftOut,
    /// The first finding left out that stops a rewrite, kept so that a rewrite still refuses
    /// (and says why) when the findings kept are all of the kinds that do not.
    omitted_blocking: Option<Diagnostic>,
    /// The rules whose syntax findings are worded and kept, when not all: a check of a few rules
    /// (`dedup`'s pass for H001) does not hold millions of syntax errors it will drop.
    rules: Option<crate::rules::select::RuleSet>,
}

impl<'t> Reading<'t> {
    pub(super) fn new(decoded: &'t Decoded) -> Reading<'t> {
        Reading {
            decoded,
            findings: words::malformed(decoded).into_iter().collect(),
            limit: Limit {
                keep: MAX_FINDINGS,
                last: Vec::new(),
            },
            dropped: LeftOut::default(),
            omitted_blocking: None,
            rules: None,
        }
    }

    /// Words and keeps only the syntax findings of `rules`.
    pub fn keeping(mut self, rules: crate::rules::select::RuleSet) -> Reading<'t> {
        self.rules = Some(rules);
        self
    }

    /// Keeps at most `limit.keep` findings instead of [`MAX_FINDINGS`].
    pub fn with_limit(mut self, limit: Limit) -> Reading<'t> {
        self.limit = limit;
        self
    }

    /// Counts the findings left out without keeping their positions (no suppression line can
    /// reach them).
    pub fn count_only(mut self) -> Reading<'t> {
        self.dropped.count_only = true;
        self
    }

    /// Keeps the first findings (all of them now, with `now`), remembering the first one left out
    /// that stops a rewrite.
    fn keep(&mut self, now: bool) {
        let first = &mut self.omitted_blocking;
        keep_first(
            &mut self.findings,
            &self.limit,
            &mut self.dropped,
            now,
            |dropped| {
                let earlier = first
                    .as_ref()
                    .is_some_and(|first| first.span.start <= dropped.span.start);
                if dropped.rule.blocks_rewrite() && !earlier {
                    *first = Some(dropped.clone());
                }
            },
        );
    }

    /// How many worded findings are held now.
    pub fn held(&self) -> usize {
        self.findings.len()
    }

    /// Words what the next chunk showed ([`crate::read::Chunk`]): its syntax errors, and what the
    /// driver found in it.
    pub fn chunk(&mut self, parse: &Parse, found: &ChunkSniffed) {
        self.chunk_counted(parse, found, |_| ());
    }

    /// [`Reading::chunk`], telling `held` how many findings are held after each one is worded
    /// (a run's lane for floods of findings, `crate::check`).
    pub fn chunk_counted(
        &mut self,
        parse: &Parse,
        found: &ChunkSniffed,
        mut held: impl FnMut(usize),
    ) {
        let text = self.decoded.text.as_str();
        self.findings.extend(
            found
                .unclosed_embedding
                .clone()
                .map(words::unclosed_embedding),
        );
        self.findings
            .extend(found.oversized_game.clone().map(words::oversized_game));
        self.findings.extend(
            found
                .too_many_inherited
                .clone()
                .map(words::too_many_inherited),
        );
        // Kept as they are worded, so that a chunk of millions of syntax errors never holds more
        // than twice the limit of worded findings.
        for error in &parse.errors {
            if let Some(rules) = self.rules
                && !rules.contains(crate::rules::syntax::rule_of(error))
            {
                continue;
            }
            self.findings
                .push(crate::rules::syntax::syntax_diagnostic(error, text));
            self.keep(false);
            held(self.findings.len());
        }
    }

    /// The findings, whether the file is PBN, and the count of the findings left out. Past the
    /// limit, the first finding that stops a rewrite is among them even when it is not among
    /// the first.
    pub fn finish(mut self, sniffed: &Sniffed) -> Verdict {
        let games = sniffed.games;
        let kinds = (
            sniffed.not_text.clone(),
            sniffed.chess.clone(),
            sniffed.lin.clone(),
            sniffed.not_pbn.clone(),
        );
        let verdict = match kinds {
            (Some(not_text), _, _, _) => words::not_text_finding(not_text),
            (None, Some(span), _, _) => words::chess_finding(span),
            (None, None, Some(span), _) => words::lin_finding(span),
            (None, None, None, Some(span)) => words::not_pbn_finding(span),
            (None, None, None, None) => {
                self.keep(true);
                if let Some(first) = self.omitted_blocking.take()
                    && !self.findings.iter().any(|d| d.rule.blocks_rewrite())
                {
                    self.dropped.remove(Dropped::of(&first));
                    self.findings.push(first);
                }
                return Verdict {
                    findings: self.findings,
                    is_pbn: true,
                    left_out: self.dropped,
                    games,
                };
            }
        };
        let mut findings: Vec<Diagnostic> = words::malformed(self.decoded).into_iter().collect();
        findings.push(verdict);
        Verdict {
            findings,
            is_pbn: false,
            left_out: LeftOut::default(),
            games,
        }
    }
}
