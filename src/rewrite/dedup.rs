//! `pbnfmt dedup`: a file without the games whose deal the run has already dealt (H001,
//! [`crate::sets`]). Whole games are removed, each with what separates it from the next; every
//! other byte stays. The command decides which games go ([`Removal`]); this module removes them,
//! gives their text (for `--duplicates`), and proves the result a chunk at a time, in the frame of
//! every rewrite ([`super::rewrite_chunks`]): each chunk reads back without a new syntax error,
//! with its games less those removed, and the facts of every kept game ([`crate::proof::facts`],
//! values after `#`/`##`) the same. A kept game that took a value from a removed one would
//! change: W007 refuses the file.

use crate::rules::writing::Unfaithful;
use std::ops::Range;

use crate::model::{GameModel, Inheritance, Inheritor};
use crate::parser::CHUNK_BYTES;
use crate::proof::Rewritten;
use crate::proof::facts;
use crate::proof::facts::Facts;
use crate::read::{Chunk, Reader};
use crate::rewrite::edit::{Edit, Edits};
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit, bug};
use crate::rules::Rule;
use crate::source;

/// A game to remove: the byte where its Deal tag starts (as `check` reported it) and the
/// comment said of it in the duplicates file.
#[derive(Clone, Debug)]
pub struct Removal {
    pub deal_start: usize,
    pub why: String,
}

/// What removing gave: the result, and the removed games, each after a `{...}` comment that says
/// why, separated by empty lines (for `--duplicates`).
pub struct Deduped {
    pub rewritten: Rewritten,
    pub removed: String,
}

/// Removes from `bytes` the games whose Deal starts at a `deal_start` of `remove` (sorted); with
/// `keep_listed`, every other game instead (comments and `%` lines between games stay).
pub fn dedup_owned(
    bytes: Vec<u8>,
    remove: &[Removal],
    keep_listed: bool,
    options: RewriteOptions,
) -> Deduped {
    remove_games(bytes, options, false, true, |_, _, model| {
        let listed = model.get("Deal").and_then(|tag| {
            if tag.inheritance == Inheritance::Implied {
                return None;
            }
            let at = remove
                .binary_search_by_key(&tag.span.start, |r| r.deal_start)
                .ok()?;
            Some(remove[at].why.clone())
        });
        match (listed, keep_listed) {
            (Some(_), true) | (None, false) => None,
            (Some(why), false) => Some(why),
            (None, true) => Some("not a repeat (--repeats-only)".to_owned()),
        }
    })
}

/// Removes from `bytes` the games for which `decide` (given the chunk's parse, the text and
/// the game) says why they go; an empty reason writes no comment before the game in
/// [`Deduped::removed`]. Text that is no game (comments, `%` lines) stays.
///
/// The removed games' text is made only with `keep_removed` (resolving each costs about as much
/// as reading it again).
///
/// A first pass over the whole file decides which games go and plans the deletions (a run of
/// removed games at the end goes from the end of the game before it, which only the end of the
/// file tells); the frame then makes them a chunk at a time ([`Removing`]).
///
/// With `resolve_kept`, a kept game after a removed one that takes a value from `#`/`##`
/// (PBN 4.8) is written with its values resolved, as `resolve` writes it, so that it says what
/// it said before whichever game gave the value went; without it such a game refuses the file
/// (W007).
pub(crate) fn remove_games(
    bytes: Vec<u8>,
    options: RewriteOptions,
    resolve_kept: bool,
    keep_removed: bool,
    mut decide: impl FnMut(&crate::syntax::Parse, &str, &GameModel<'_>) -> Option<String>,
) -> Deduped {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    let text = decoded.text.as_str();
    let mut reader = Reader::new(&decoded).count_only();
    let mut edits = Edits::default();
    let mut removed = String::new();
    // Games removed, by the start of their text, in order.
    let mut gone: Vec<usize> = Vec::new();
    // The text before the first game, kept when the game goes.
    let mut kept_before = 0;
    let default_nl = super::resolve::default_line_end(text);
    if reader.wants_chunks() {
        // A run of removed games goes with what separates it from the next game kept; at the
        // end of the file, with the line end of the last game kept.
        let mut run: Option<Range<usize>> = None;
        let mut last_kept_end: Option<usize> = None;
        // Whether a game with a tag pair came before: the text before the first one (`% PBN
        // 2.1`, `% EXPORT`, a comment on the file) is the file's, and stays (issue 49, item 2).
        let mut first = true;
        let kept_text = &mut kept_before;
        reader.all_games(
            |_| {},
            |parse, game, model| {
                let mut span = parse.span(game.first, game.last);
                let why = model.and_then(|model| decide(parse, text, model));
                if let Some(model) = model
                    && std::mem::take(&mut first)
                    && why.is_some()
                    && let Some(start) = model.written().map(|tag| tag.span.start).min()
                {
                    span.start = start;
                    *kept_text = start;
                }
                // Where the game starts for the proof, which leaves the removed games out: after
                // the text before the first game, which stays.
                let game_start = span.start;
                match why {
                    Some(_) if !keep_removed => {
                        gone.push(game_start);
                        run = Some(run.clone().map_or(span.clone(), |run| run.start..span.end));
                    }
                    Some(why) => {
                        gone.push(game_start);
                        if !why.is_empty() {
                            removed.push('{');
                            // A `}` would end the comment early.
                            removed.push_str(&why.replace('}', ")"));
                            removed.push_str("}\n");
                        }
                        // Written with the values it inherited, so that the file of removed games
                        // says what each said in its own file (issue 45, item 22).
                        match model {
                            Some(model) => removed.push_str(&super::resolve::resolved_game(
                                parse,
                                text,
                                model,
                                span.clone(),
                                default_nl,
                            )),
                            None => removed.push_str(&text[span.clone()]),
                        }
                        removed.push_str("\n\n");
                        run = Some(run.clone().map_or(span.clone(), |run| run.start..span.end));
                    }
                    None => {
                        if let Some(run) = run.take() {
                            edits.delete(run.start..span.start);
                        }
                        if resolve_kept
                            && !gone.is_empty()
                            && let Some(model) = model
                            && model.tags.iter().any(|tag| {
                                matches!(
                                    tag.inheritance,
                                    Inheritance::Hash { .. } | Inheritance::Implied
                                )
                            })
                        {
                            let (resolved, left) = super::resolve::resolve_games(
                                parse,
                                text,
                                std::slice::from_ref(model),
                                default_nl,
                            );
                            // A value that cannot be written out (W005) leaves the game as it is:
                            // the proof then refuses the file (W007).
                            if left.is_empty() {
                                edits.extend(resolved);
                            }
                        }
                        // Text before the first game with a tag pair (a comment alone) is the
                        // file's preamble, kept by `kept_before`, not a game kept: when every
                        // game goes, the file is what came before its first game (issue 65,
                        // item 1: the preamble's own end was taken for the last game kept, and
                        // the proof called the shortened preamble a bug in pbnfmt).
                        if model.is_some() || !first {
                            last_kept_end = Some(span.end);
                        }
                    }
                }
                true
            },
        );
        if let Some(run) = run {
            // The last games of the file: removed from the end of the game before them.
            let start = last_kept_end.unwrap_or(run.start);
            // With no game left, the line ends after the last game go too: the file is what
            // came before its first game.
            let end = if last_kept_end.is_none() && text[run.end..].trim().is_empty() {
                text.len()
            } else {
                run.end
            };
            edits.delete(start.min(run.start)..end);
        }
    }
    let embedded = reader.is_embedded();
    let (games, verdict) = super::read_verdict(&decoded, reader.finish(), options.force);
    let mut problems = match verdict {
        Ok(problems) => problems,
        Err(problems) => {
            return Deduped {
                rewritten: Rewritten::refused(decoded, problems, games),
                removed: String::new(),
            };
        }
    };
    if edits.is_empty() {
        return Deduped {
            rewritten: super::encoded(decoded, None, problems, games),
            removed,
        };
    }
    if embedded {
        problems.push(crate::rules::writing::embedded_not_cut());
        return Deduped {
            rewritten: Rewritten::refused(decoded, problems, games),
            removed: String::new(),
        };
    }
    let edits = match edits.sorted() {
        Ok(edits) => edits,
        Err(error) => {
            problems.push(bug(error.into()));
            return Deduped {
                rewritten: Rewritten::refused(decoded, problems, games),
                removed: String::new(),
            };
        }
    };
    // The text after the last chunk's last token goes with a deletion to the end.
    let keeps_tail = edits.last().is_none_or(|edit| edit.range.end < text.len());
    let mut removing = Removing {
        edits,
        cursor: 0,
        cursor_before: 0,
        gone,
        kept_before,
        keeps_tail,
        preamble_at: None,
        expected: Vec::new(),
    };
    let rewritten = super::rewrite_chunks(decoded, options, &mut removing, None);
    if rewritten.output.is_none() {
        removed.clear();
    }
    Deduped { rewritten, removed }
}

/// The removal of games planned over the whole file ([`remove_games`]), made a chunk at a time
/// by the frame of every rewrite ([`super::rewrite_chunks`]): each chunk's part of the
/// deletions (a run of removed games may cross chunks), and the proof that the chunk's rewrite
/// holds the chunk's games less those removed, each saying what it said. Every chunk after the
/// first removal is read back, edited or not: a kept game that took a value from a removed one
/// with `#`/`##` (PBN 4.8) says something else, and refuses the file (W007).
struct Removing {
    /// Sorted, not overlapping; offsets in the whole text.
    edits: Vec<Edit>,
    /// The first edit not wholly made yet, and what it was before the last chunk (for
    /// [`ChunkEdits::rewind`]).
    cursor: usize,
    cursor_before: usize,
    /// Where each removed game starts (sorted).
    gone: Vec<usize>,
    /// The text before the first game, which stays when that game goes: the games are compared
    /// after it, as it belongs to no game of the result's alone.
    kept_before: usize,
    keeps_tail: bool,
    /// The start of the chunk that holds the end of that text, when this chunk is it.
    preamble_at: Option<usize>,
    /// The facts of the games the chunk keeps.
    expected: Vec<Kept>,
}

/// A kept game's facts, where its first line is in the input, and whether it takes a value with
/// `#`/`##`.
struct Kept {
    facts: String,
    first_line: Range<usize>,
    inherits: bool,
}

impl ChunkEdits for Removing {
    const EFFECTIVE: bool = true;
    const SAME_FACTS: bool = false;
    const READS_BACK_UNEDITED: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        let end = chunk
            .parse
            .tokens
            .last()
            .map_or(chunk.start, |token| token.end as usize);
        self.cursor_before = self.cursor;
        let mut edits = Edits::default();
        while let Some(edit) = self.edits.get(self.cursor) {
            let Range { start, end: until } = edit.range;
            if start > end || (start == end && start < until) {
                break;
            }
            if until > end {
                // A run of removed games that goes on in the next chunk; a replacement is made
                // within one game, and cannot be cut (the frame refuses it as a bug).
                match edit.text.is_empty() {
                    true if start.max(chunk.start) < end => {
                        edits.delete(start.max(chunk.start)..end)
                    }
                    true => {}
                    false => edits.replace(edit.range.clone(), edit.text.clone()),
                }
                break;
            }
            edits.replace(start.max(chunk.start)..until, edit.text.clone());
            self.cursor += 1;
        }
        self.preamble_at =
            (self.kept_before > chunk.start && self.kept_before <= end).then_some(chunk.start);
        self.expected = match self.preamble_at {
            // `kept_before` is a tag's first byte inside the chunk, so the slice is there; were
            // it not, nothing is expected and the read-back says the difference (a bug).
            Some(_) => chunk
                .text
                .get(self.kept_before..end)
                .map(|after| facts_after(after, self.kept_before, &self.gone))
                .unwrap_or_default(),
            None => kept_facts(chunk.parse, chunk.text, chunk.models, 0, &self.gone),
        };
        (edits, Vec::new())
    }

    fn check_models(&self, back: ReadBack<'_>, models: &[GameModel<'_>]) -> Option<Unfaithful> {
        let got = match self.preamble_at {
            Some(start) => {
                let kept = self.kept_before - start;
                // The text before the first game, byte for byte, and the games after it.
                let after = back
                    .piece
                    .get(kept..)
                    .filter(|_| back.piece.get(..kept) == back.original.get(..kept));
                let Some(after) = after else {
                    return Some(Unfaithful::PreambleLost);
                };
                facts_after(after, 0, &[])
            }
            None => kept_facts(back.again, back.piece, models, 0, &[]),
        };
        for (i, was) in self.expected.iter().enumerate() {
            match got.get(i) {
                Some(is) if is.facts == was.facts => {}
                Some(_) if was.inherits => {
                    return Some(Unfaithful::TakesFromRemoved(was.first_line.clone()));
                }
                Some(is) => {
                    let (was, is) = facts::first_difference(&was.facts, &is.facts)?;
                    return Some(Unfaithful::ChangesFacts { was, is });
                }
                None => return Some(Unfaithful::FewerGames),
            }
        }
        (got.len() > self.expected.len()).then_some(Unfaithful::MoreGames)
    }

    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }

    fn keeps_tail(&self) -> bool {
        self.keeps_tail
    }

    fn rewind(&mut self) {
        self.cursor = self.cursor_before;
    }
}

/// [`kept_facts`] of `text` read by itself (the text after the one before the first game, which
/// stays when that game goes), its games at `offset` in the file.
fn facts_after(text: &str, offset: usize, gone: &[usize]) -> Vec<Kept> {
    let parse = crate::parser::parse(text);
    let models = super::models(&parse, text, &mut Inheritor::default());
    kept_facts(&parse, text, &models, offset, gone)
}

/// The facts of the games of `parse` (of `text`, whose real games are `models`) that have any,
/// but those that start at a byte of `gone` (sorted) once `offset` is added to their start.
fn kept_facts(
    parse: &crate::syntax::Parse,
    text: &str,
    models: &[GameModel<'_>],
    offset: usize,
    gone: &[usize],
) -> Vec<Kept> {
    let mut kept = Vec::new();
    let mut models = models.iter();
    let mut game_facts = facts::GameFacts::new(true);
    for game in &parse.games {
        let model = if game.is_empty() { None } else { models.next() };
        let span = parse.span(game.first, game.last);
        if gone.binary_search(&(offset + span.start)).is_ok() {
            continue;
        }
        let mut out = String::new();
        let has_facts = match model {
            Some(model) => {
                let context = crate::canon::context(model);
                game_facts.game(parse, text, game, Some((model, &context)), &mut out)
            }
            None => game_facts.game(parse, text, game, None, &mut out),
        };
        if !has_facts {
            continue;
        }
        let first_line = text[span.clone()]
            .find(['\r', '\n'])
            .map_or(span.end, |end| span.start + end);
        let inherits = model.is_some_and(|model| {
            model.tags.iter().any(|tag| {
                matches!(
                    tag.inheritance,
                    Inheritance::Hash { .. } | Inheritance::Implied
                )
            })
        });
        kept.push(Kept {
            facts: out,
            first_line: offset + span.start..offset + first_line,
            inherits,
        });
    }
    kept
}

/// The facts of each game of `text` that has any, a chunk of games at a time, as 128-bit
/// hashes, with the game's span; games starting at a byte of `skip` (sorted) are left out. With
/// them, how many syntax errors make the reading a guess.
pub(crate) fn game_facts(
    text: &str,
    skip: &[usize],
    leave_out: &[&str],
) -> (Vec<(u128, Range<usize>)>, usize) {
    let mut out = Vec::new();
    let mut broken = 0;
    let mut facts_text = String::new();
    let mut inheritor: Inheritor<'_, 'static> = Inheritor::default();
    for Chunk { parse, .. } in crate::read::judged(text).chunks(CHUNK_BYTES) {
        broken += parse
            .errors
            .iter()
            .filter(|error| crate::rules::syntax::rule_of(error).blocks_rewrite())
            .count();
        let mut facts = Facts::carrying(&parse, text, true, inheritor).leaving_out(leave_out);
        while let Some((game, has_facts)) = facts.next_game(&mut facts_text) {
            let span = parse.span(game.first, game.last);
            if has_facts && skip.binary_search(&span.start).is_err() {
                out.push((fnv128(&facts_text), span));
            }
        }
        inheritor = facts.into_inheritor();
    }
    (out, broken)
}

/// The facts of the games of one chunk of a text read a window at a time, as [`game_facts`] reads
/// them in the whole text (with the games that have none left out), the `#`/`##` values carried
/// from chunk to chunk in `carried`.
pub(crate) fn chunk_facts(
    parse: &crate::syntax::Parse,
    window: &str,
    carried: &mut crate::model::OwnedInheritance,
    out: &mut Vec<u128>,
) {
    let mut facts_text = String::new();
    let mut facts = Facts::carrying(parse, window, true, carried.inheritor());
    while let Some((_, has_facts)) = facts.next_game(&mut facts_text) {
        if has_facts {
            out.push(fnv128(&facts_text));
        }
    }
    let values = facts.into_inheritor().to_owned_values();
    *carried = values;
}

/// FNV-1a, 128 bits.
fn fnv128(text: &str) -> u128 {
    let mut hash: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    for byte in text.bytes() {
        hash ^= u128::from(byte);
        hash = hash.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b);
    }
    hash
}

/// The removals `check` would report of a file by itself (H001 within it): what `dedup` of that
/// file alone removes (`crate::drawn` draws W007 with it).
pub fn own_repeats(bytes: &[u8]) -> Vec<Removal> {
    let options = crate::check::CheckOptions {
        selection: crate::rules::select::Selection {
            select: Some(vec!["H001".to_owned()]),
            ..Default::default()
        },
        ..Default::default()
    };
    crate::check::check_bytes(bytes, &options)
        .diagnostics
        .iter()
        .filter(|d| d.rule == Rule::RepeatedDeal)
        .map(|d| Removal {
            deal_start: d.span.start,
            why: d.message.to_string(),
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    const OTHER: &str = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432";

    fn dedup(text: &str) -> (String, String, Vec<&'static str>) {
        let remove = own_repeats(text.as_bytes());
        outcome(dedup_owned(
            text.as_bytes().to_vec(),
            &remove,
            false,
            RewriteOptions::default(),
        ))
    }

    /// The text written (empty when refused), the games removed and the codes of the problems.
    pub(crate) fn outcome(done: Deduped) -> (String, String, Vec<&'static str>) {
        let codes = done
            .rewritten
            .problems
            .iter()
            .map(|d| d.rule.code())
            .collect();
        let output = done
            .rewritten
            .output_bytes()
            .map(|bytes| String::from_utf8(bytes).unwrap())
            .unwrap_or_default();
        (output, done.removed, codes)
    }

    #[test]
    fn the_later_copies_go_and_every_other_byte_stays() {
        let text = format!(
            "% session\r\n\r\n[Board \"9\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n{{board 10}}\r\n[Board \
             \"10\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n[Board \"11\"]   \r\n[Deal \"{OTHER}\"]\r\n\r\n\
             [Board \"12\"]\r\n[Deal \"{OTHER}\"]\r\n"
        );
        let (output, removed, codes) = dedup(&text);
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(
            output,
            format!(
                "% session\r\n\r\n[Board \"9\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n[Board \"11\"]   \
                 \r\n[Deal \"{OTHER}\"]\r\n"
            )
        );
        assert!(
            removed.starts_with("{board 10 has the same deal as board 9 (line 4)}\n{board 10}")
        );
        assert!(removed.contains("[Board \"12\"]"));
    }

    #[test]
    fn a_kept_game_that_inherits_from_a_removed_one_refuses_the_file() {
        let text = format!(
            "[Event \"Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Event \"##Club\"]\n[Board \
             \"2\"]\n[Deal \"{DEAL}\"]\n\n[Board \"3\"]\n[Deal \"{OTHER}\"]\n"
        );
        let (output, _, codes) = dedup(&text);
        assert_eq!(codes, ["W007"]);
        assert!(output.is_empty(), "not written");
    }

    #[test]
    fn a_file_without_repeats_is_unchanged() {
        let text =
            format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \"{OTHER}\"]\n");
        let (output, removed, codes) = dedup(&text);
        assert_eq!((output.as_str(), removed.as_str()), (text.as_str(), ""));
        assert!(codes.is_empty());
    }
}
