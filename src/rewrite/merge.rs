//! `pbnfmt merge` and `pbnfmt split` (issue 46, item 5): sets of boards joined into one file and
//! cut into several, every byte of every game kept.
//!
//! Each input is first read as `resolve` reads it: a file that gives values with `#` or `##`
//! (PBN 4.8) has them written out ([`super::resolve::resolve_bytes`]), so that no game takes a
//! value from a game of another file, or from one left in another part. The text before a file's
//! first game (`% PBN 2.1`, `% EXPORT`, a comment on the file) is the file's: `split` writes it at
//! the head of every part, and `merge` writes a later file's only when it differs from the first
//! file's, so that merging the parts of a split gives the file back byte for byte; a shuffle
//! writes it first with an empty line after it, so that it goes with no game. Every result
//! is proven by reading it back: the facts of its games, in order (a shuffle: the same facts in
//! another order), are the inputs'.

use std::ops::Range;

use crate::proof::Rewritten;
use crate::rewrite::{RewriteOptions, bug};
use crate::rules::diagnostic::Diagnostic;
use crate::source::{self, Encoding};

/// A file read for merging or splitting: its text with `#`/`##` written out, and how it was
/// encoded.
pub struct Read {
    pub text: String,
    pub encoding: Encoding,
    pub bom: bool,
}

/// Reads one input as `resolve` does; `Err` with the problems when the file cannot be rewritten.
pub fn read(bytes: &[u8], options: RewriteOptions) -> Result<Read, Vec<Diagnostic>> {
    let resolved: Rewritten = super::resolve::resolve_bytes(bytes, options, false);
    // A value resolve leaves as it is (W005: it would read as `#`/`##` again; T024: a tag that
    // may not inherit) still hands a value to later games, which another file or part would not
    // have (found by fuzzing).
    let left = resolved.problems.iter().any(|problem| {
        matches!(
            problem.rule,
            crate::rules::Rule::UnwritableInheritedValue | crate::rules::Rule::ForbiddenInheritance
        )
    });
    let (Some(output), false) = (resolved.output_bytes(), left) else {
        return Err(resolved.problems);
    };
    if let Some(open) = crate::lexer::embedding_at(&resolved.decoded.text) {
        return Err(vec![crate::rules::writing::embedded_not_joined(open)]);
    }
    let encoding = resolved.decoded.encoding;
    let bom = resolved.decoded.bom;
    let decoded = source::decode_owned(output, Some(encoding));
    Ok(Read {
        text: decoded.text,
        encoding,
        bom,
    })
}

/// The games of `text` as byte ranges: each from its first byte (its comments before it; the
/// first game from its first tag, after the file's preamble) to the next game's start, the last
/// to the end of the text; with each game's model-less neighbours (a comment alone) counted as
/// games of their own. And the length of the preamble.
fn units(text: &str) -> (usize, Vec<Range<usize>>) {
    let mut starts: Vec<usize> = Vec::new();
    let mut preamble = None;
    crate::read::judged(text).all_games(
        |_| {},
        |parse, game, model| {
            let mut start = parse.span(game.first, game.last).start;
            if preamble.is_none() {
                match model.and_then(|model| model.written().map(|tag| tag.span.start).min()) {
                    Some(first_tag) => {
                        preamble = Some(first_tag);
                        start = first_tag;
                    }
                    // Text before the first game (a comment alone) is the preamble's.
                    None => return true,
                }
            }
            starts.push(start);
            true
        },
    );
    let preamble = preamble.unwrap_or(text.len());
    let ranges = starts
        .iter()
        .enumerate()
        .map(|(i, &start)| start..starts.get(i + 1).copied().unwrap_or(text.len()))
        .collect();
    (preamble, ranges)
}

/// The encoding of a result made of `reads`: the one shared by those that hold a character
/// beyond ASCII (a file of ASCII alone reads alike in every encoding, and is detected as UTF-8);
/// the first input's when none does; UTF-8, which holds every character, when they differ.
fn common_encoding(reads: &[&Read]) -> (Encoding, bool) {
    let beyond: Vec<&Read> = reads
        .iter()
        .copied()
        .filter(|r| !r.text.is_ascii())
        .collect();
    let Some(first) = beyond.first().or(reads.first()).copied() else {
        return (Encoding::Utf8, false);
    };
    if beyond.iter().all(|r| r.encoding == first.encoding) {
        (first.encoding, reads.iter().all(|r| r.bom))
    } else {
        (Encoding::Utf8, false)
    }
}

/// `text` ending with an empty line (with `nl`), so that the next game starts after one; a line
/// of spaces and tabs alone counts as empty (PBN 2.1: superfluous spaces do not matter).
fn end_with_empty_line(text: &mut String, nl: &str) {
    if text.is_empty() {
        return;
    }
    if !text.ends_with(['\n', '\r']) {
        text.push_str(nl);
    }
    let body = text
        .strip_suffix("\r\n")
        .unwrap_or_else(|| &text[..text.len() - 1]);
    let last_line = &body[body.rfind(['\n', '\r']).map_or(0, |at| at + 1)..];
    if !last_line.trim_matches([' ', '\t']).is_empty() {
        text.push_str(nl);
    }
}

/// What merging made: the bytes, or why they were not made (a bug: the result did not read back
/// as the inputs).
pub struct Merged {
    pub output: Result<Vec<u8>, Diagnostic>,
    pub games: usize,
}

/// The inputs, in order, in one text; shuffled (the games in an order drawn from `shuffle`)
/// and numbered from 1 when asked.
///
/// Each input's text is let go once it is in the result, and the result's text becomes its bytes
/// without a copy where it is written as UTF-8 without a BOM: the merge holds about one copy of
/// the inputs with `#`/`##` written out (it held three, issue 63 item 9).
pub fn merge(reads: Vec<Read>, shuffle: Option<u64>, renumber: bool) -> Merged {
    let (encoding, bom) = common_encoding(&reads.iter().collect::<Vec<_>>());
    let first_preamble = reads
        .first()
        .map_or_else(String::new, |r| r.text[..units(&r.text).0].to_owned());
    let first_preamble = first_preamble.as_str();
    let nl = reads
        .first()
        .map_or("\r\n", |r| super::resolve::default_line_end(&r.text));
    let mut text = String::new();
    // Each input's facts, from where its text starts in the result.
    let mut expected: Vec<(u128, Range<usize>)> = Vec::new();
    for (i, read) in reads.into_iter().enumerate() {
        let (preamble, _) = units(&read.text);
        // The first file's preamble is not repeated: a later file's that starts with it (the
        // same lines, and maybe more of its own) is written from after it.
        let from = if i > 0 && read.text[..preamble].starts_with(first_preamble) {
            first_preamble.len()
        } else {
            0
        };
        if shuffle.is_none() {
            // A shuffle's facts are read once from the whole text laid out for it, below.
            expected.extend(super::dedup::game_facts(&read.text[from..], &[], &[]).0);
        }
        end_with_empty_line(&mut text, nl);
        if text.is_empty() && from == 0 {
            // The first input's text becomes the result's, with no copy.
            text = read.text;
        } else {
            text.push_str(&read.text[from..]);
        }
    }
    if let Some(seed) = shuffle {
        // The preamble is the file's, not its first game's: shuffled, it stands apart, an
        // empty line after it, so that it goes with no game. (Bridge Composer writes its `%`
        // lines straight into the first game, whose facts held them: the game moved, the
        // lines stayed, and the proof called the result a bug, issue 65 item 2.) The facts
        // expected are read from the text laid out so.
        let (preamble, _) = units(&text);
        if preamble > 0 {
            let mut apart = text[..preamble].to_owned();
            end_with_empty_line(&mut apart, nl);
            apart.push_str(&text[preamble..]);
            text = apart;
        }
        expected = super::dedup::game_facts(&text, &[], &[]).0;
        text = shuffled(&text, seed, nl);
    }
    let (after, _) = super::dedup::game_facts(&text, &[], &[]);
    // The games with a tag pair: a comment alone (the `%` lines of a preamble) has facts to
    // keep, but is no game.
    let mut games = 0;
    crate::read::judged(&text).games(
        |_| {},
        |_, _, _| {
            games += 1;
            true
        },
    );
    let same = |mut a: Vec<u128>, mut b: Vec<u128>| {
        if shuffle.is_some() {
            a.sort_unstable();
            b.sort_unstable();
        }
        a == b
    };
    if !same(
        expected.iter().map(|(hash, _)| *hash).collect(),
        after.iter().map(|(hash, _)| *hash).collect(),
    ) {
        return Merged {
            output: Err(bug(
                "the merged file does not read back as the inputs' games".to_owned(),
            )),
            games,
        };
    }
    let mut bytes = match source::encode_owned(text, encoding, bom) {
        Ok(bytes) => bytes,
        Err(error) => {
            return Merged {
                output: Err(bug(error.to_string())),
                games: 0,
            };
        }
    };
    if renumber {
        let numbered = super::renumber::renumber_owned(
            bytes,
            &super::renumber::RenumberOptions::default(),
            RewriteOptions {
                input_encoding: Some(encoding),
                ..RewriteOptions::default()
            },
        );
        match numbered.output_bytes() {
            Some(output) => bytes = output,
            None => {
                let said = match numbered.problems.first() {
                    Some(problem) if !super::is_bug(problem) => {
                        crate::rules::writing::not_renumbered("merged", problem)
                    }
                    problem => bug(format!(
                        "the merged boards could not be renumbered{}",
                        problem.map_or_else(String::new, |p| format!(": {}", p.message))
                    )),
                };
                return Merged {
                    output: Err(said),
                    games,
                };
            }
        }
    }
    Merged {
        output: Ok(bytes),
        games,
    }
}

/// `text` with its games in an order drawn from `seed` (Fisher-Yates with SplitMix64: the same
/// seed gives the same order on every machine); the preamble stays first.
fn shuffled(text: &str, seed: u64, nl: &str) -> String {
    let (preamble, units) = units(text);
    let mut order: Vec<Range<usize>> = units;
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for i in (1..order.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    let mut out = text[..preamble].to_owned();
    for (i, range) in order.into_iter().enumerate() {
        if i > 0 {
            end_with_empty_line(&mut out, nl);
        }
        out.push_str(&text[range]);
    }
    out
}

/// How `split` cuts a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Every N boards.
    Every(usize),
    /// By the value of a tag: one part for each value, in the order they first come.
    By(String),
}

/// One part of a split: the key that names it (the part's number from 1, or the tag's value;
/// `None` for the games that do not give the tag) and its bytes.
pub struct Part {
    pub key: Option<String>,
    pub bytes: Vec<u8>,
}

/// `read` cut as `cut` says, proven: the parts' games, in order, are the file's (for `--by`, in
/// the order of the parts), each part starting with the file's preamble.
pub fn split(read: &Read, cut: &Cut) -> Result<Vec<Part>, String> {
    let text = read.text.as_str();
    let (preamble, units) = units(text);
    let nl = super::resolve::default_line_end(text);
    // The games of each part, as indices into `units`, with the part's key.
    let mut parts: Vec<(Option<String>, Vec<usize>)> = Vec::new();
    match cut {
        Cut::Every(n) => {
            let n = (*n).max(1);
            for (k, chunk) in (0..units.len()).collect::<Vec<_>>().chunks(n).enumerate() {
                parts.push((Some((k + 1).to_string()), chunk.to_vec()));
            }
        }
        Cut::By(name) => {
            // Each unit's value: `Some(None)` for a game without the tag, `None` for a comment
            // alone between games.
            let mut values: Vec<Option<Option<String>>> = Vec::new();
            let mut place: std::collections::HashMap<Option<String>, usize> =
                std::collections::HashMap::new();
            crate::read::judged(text).all_games(
                |_| {},
                |parse, game, model| {
                    let start = parse.span(game.first, game.last).start;
                    if start < preamble && model.is_none() {
                        return true;
                    }
                    values.push(model.map(|m| m.value(name).map(|v| v.trim().to_owned())));
                    true
                },
            );
            for (i, value) in values.into_iter().enumerate().take(units.len()) {
                // A comment alone between games goes with the game before it; a game without
                // the tag goes to a part of its own, never to the previous game's (issue 65,
                // item 4).
                let key = value
                    .or_else(|| parts.last().map(|(key, _)| key.clone()))
                    .flatten();
                // Each value's part found by its key, not by a walk over the parts so far.
                match place.get(&key) {
                    Some(&at) => parts[at].1.push(i),
                    None => {
                        place.insert(key.clone(), parts.len());
                        parts.push((key, vec![i]));
                    }
                }
            }
        }
    }
    if parts.is_empty() {
        // A file without a game is one part: its text.
        let key = match cut {
            Cut::Every(_) => Some("1".to_owned()),
            Cut::By(_) => None,
        };
        parts.push((key, Vec::new()));
    }
    let mut out = Vec::new();
    let mut expected: Vec<u128> = Vec::new();
    let mut after: Vec<u128> = Vec::new();
    for (key, games) in parts {
        let mut part = text[..preamble].to_owned();
        for &i in &games {
            if i > 0 && games.first() != Some(&i) {
                end_with_empty_line(&mut part, nl);
            }
            part.push_str(&text[units[i].clone()]);
            expected.extend(
                super::dedup::game_facts(&text[units[i].clone()], &[], &[])
                    .0
                    .into_iter()
                    .map(|(hash, _)| hash),
            );
        }
        after.extend(
            super::dedup::game_facts(&part[preamble..], &[], &[])
                .0
                .into_iter()
                .map(|(hash, _)| hash),
        );
        let bytes =
            source::encode(&part, read.encoding, read.bom).map_err(|error| error.to_string())?;
        out.push(Part { key, bytes });
    }
    let whole: Vec<u128> = super::dedup::game_facts(&text[preamble..], &[], &[])
        .0
        .into_iter()
        .map(|(hash, _)| hash)
        .collect();
    let mut sorted_whole = whole.clone();
    let mut sorted_after = after.clone();
    sorted_whole.sort_unstable();
    sorted_after.sort_unstable();
    if after != expected || sorted_after != sorted_whole {
        return Err("the parts do not read back as the file's games".to_owned());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    fn read(text: &str) -> Read {
        super::read(text.as_bytes(), RewriteOptions::default()).unwrap()
    }

    fn game(board: u32, room: &str) -> String {
        format!("[Board \"{board}\"]\r\n[Room \"{room}\"]\r\n[Deal \"{DEAL}\"]\r\n")
    }

    fn file(boards: &[(u32, &str)]) -> String {
        let games: Vec<String> = boards.iter().map(|(b, r)| game(*b, r)).collect();
        format!("% PBN 2.1\r\n{}", games.join("\r\n"))
    }

    #[test]
    fn split_then_merge_gives_the_file_back() {
        let text = file(&[
            (1, "Open"),
            (2, "Closed"),
            (3, "Open"),
            (4, "Open"),
            (5, "Closed"),
        ]);
        let parts = split(&read(&text), &Cut::Every(2)).unwrap();
        assert_eq!(parts.len(), 3);
        let part = |i: usize| String::from_utf8(parts[i].bytes.clone()).unwrap();
        assert!(
            part(1).starts_with("% PBN 2.1\r\n[Board \"3\"]"),
            "{}",
            part(1)
        );
        let reads: Vec<Read> = parts
            .iter()
            .map(|p| super::read(&p.bytes, RewriteOptions::default()).unwrap())
            .collect();
        let merged = merge(reads, None, false).output.unwrap();
        assert_eq!(String::from_utf8(merged).unwrap(), text);
        // By Room: the Open boards, then the Closed ones; merged, the same games.
        let parts = split(&read(&text), &Cut::By("Room".to_owned())).unwrap();
        let keys: Vec<Option<&str>> = parts.iter().map(|p| p.key.as_deref()).collect();
        assert_eq!(keys, [Some("Open"), Some("Closed")]);
        let open = String::from_utf8(parts[0].bytes.clone()).unwrap();
        assert_eq!(
            open,
            file(&[(1, "Open"), (3, "Open"), (4, "Open")]) + "\r\n"
        );
    }

    /// Issue 65, item 4: a board without the tag goes to a part of its own, not to the previous
    /// board's part (before, board 2 below went with board 1 into Open); a comment alone between
    /// games still goes with the game before it.
    #[test]
    fn a_board_without_the_tag_gets_a_part_of_its_own() {
        let without = format!("[Board \"2\"]\r\n[Deal \"{DEAL}\"]\r\n");
        let text = format!(
            "% PBN 2.1\r\n{}\r\n{without}\r\n{{between}}\r\n\r\n{}",
            game(1, "Open"),
            game(3, "Closed")
        );
        let parts = split(&read(&text), &Cut::By("Room".to_owned())).unwrap();
        let keys: Vec<Option<&str>> = parts.iter().map(|p| p.key.as_deref()).collect();
        assert_eq!(keys, [Some("Open"), None, Some("Closed")]);
        let alone = String::from_utf8(parts[1].bytes.clone()).unwrap();
        assert!(
            alone.contains("[Board \"2\"]") && alone.contains("{between}"),
            "{alone}"
        );
        assert!(!alone.contains("[Board \"1\"]") && !alone.contains("[Board \"3\"]"));
    }

    #[test]
    fn a_value_resolve_cannot_write_out_refuses_the_file() {
        // `####x` hands `##x` to the second game, which no part without the first could say.
        let text = format!(
            "[Event \"####x\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \"{DEAL}\"]\n"
        );
        let problems = super::read(text.as_bytes(), RewriteOptions::default())
            .err()
            .expect("refused");
        assert!(
            problems.iter().any(|p| p.rule.code() == "W005"),
            "{problems:?}"
        );
    }

    #[test]
    fn merged_files_keep_their_games_and_values() {
        // The first file hands Event to its games with `##`: written out, so that the second
        // file's game does not take it.
        let a = format!(
            "[Event \"##Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \"{DEAL}\"]\n"
        );
        let b = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n");
        let merged = merge(vec![read(&a), read(&b)], None, true).output.unwrap();
        assert_eq!(
            String::from_utf8(merged).unwrap(),
            format!(
                "[Event \"Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Event \"Club\"]\n[Board \
                 \"2\"]\n[Deal \"{DEAL}\"]\n\n[Board \"3\"]\n[Deal \"{DEAL}\"]\n"
            )
        );
        // Shuffled: the same games, the same for the same seed, another order for another.
        let text = file(&[(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e"), (6, "f")]);
        let once = merge(vec![read(&text)], Some(7), false).output.unwrap();
        let again = merge(vec![read(&text)], Some(7), false).output.unwrap();
        let other = merge(vec![read(&text)], Some(8), false).output.unwrap();
        assert_eq!(once, again);
        assert_ne!(once, other);
        assert_ne!(String::from_utf8(once.clone()).unwrap(), text);
        assert!(
            String::from_utf8(once)
                .unwrap()
                .starts_with("% PBN 2.1\r\n\r\n[Board")
        );
    }
}
