//! `pbnfmt resolve`: every game standalone (PBN 4.8), and `--compress`, its inverse.
//!
//! Resolving edits three things and nothing else:
//! - a `"#"` value becomes the value it inherits (`""` when no earlier game has one);
//! - a `"##value"` loses its `##`;
//! - a game that omits a tag an earlier `##` supplies gets that tag pair inserted at its start,
//!   before the first tag that export order puts after it (`insertions`), each on a line of
//!   its own with the line end of the line it goes before.
//!
//! Tags that may not inherit are reported (T024), not rewritten; so is an inherited value that
//! would read as inheritance again (`#`, or beginning with `##`: W005).
//!
//! Compressing works on the resolved text and makes the opposite edits where the standard allows
//! inheritance: a tag present in every game with the same value in the first two gets `##` in the
//! first game and is left out of later games that repeat the value (when resolving the game
//! without it gives back the same bytes), and a value repeated from the previous game that has
//! the tag becomes `"#"`. Resolving the compressed text gives back the resolved text byte for
//! byte; that is verified before anything is returned.

use crate::rules::writing::Unfaithful;
use std::collections::HashMap;

use crate::model::{GameModel, Inheritance, Tag, inheritance_forbidden};
use crate::model::{MTS, mts_index};
use crate::parser;
use crate::proof::{Rewritten, unwritable, writable};
use crate::rewrite::edit::Edits;
use crate::rewrite::{
    ChunkEdits, EditsMade, Further, ReadBack, RewriteOptions, Sink, ToEdit, edit_chunks,
    rewrite_chunks,
};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::tags::forbidden_inheritance;
use crate::source;
use crate::syntax::{Data, Parse, quote_string};

/// Resolves (or with `compress`, compresses) one file's bytes.
pub fn resolve_bytes(bytes: &[u8], options: RewriteOptions, compress: bool) -> Rewritten {
    resolve_decoded(
        source::decode(bytes, options.input_encoding),
        options,
        compress,
    )
}

/// [`resolve_bytes`] of bytes the caller gives away: a UTF-8 file is not copied.
pub fn resolve_owned(bytes: Vec<u8>, options: RewriteOptions, compress: bool) -> Rewritten {
    resolve_decoded(
        source::decode_owned(bytes, options.input_encoding),
        options,
        compress,
    )
}

/// Resolves a chunk of games at a time; compressing then reads the resolved text twice, a chunk
/// at a time: once to find the tags every game has ([`sticky_tags`]), once to edit.
fn resolve_decoded(
    decoded: source::Decoded,
    options: RewriteOptions,
    compress_it: bool,
) -> Rewritten {
    let default_nl = default_line_end(&decoded.text);
    let chunk = options.chunk_bytes.unwrap_or(parser::CHUNK_BYTES);
    let mut compress = |resolved: &str, sink: Sink| {
        let mut compress = Compress {
            sticky: sticky_tags(resolved),
            current: HashMap::new(),
            last: HashMap::new(),
            games: 0,
            default_nl,
        };
        edit_chunks(
            resolved,
            crate::read::judged(resolved).chunks(chunk),
            &mut compress,
            Sink {
                adapt: false,
                ..sink
            },
        )
    };
    let then: Option<&mut Further<'_>> = if compress_it {
        Some(&mut compress)
    } else {
        None
    };
    rewrite_chunks(decoded, options, &mut Resolve { default_nl }, then)
}

/// `resolve` a chunk at a time.
struct Resolve {
    /// The line end of an inserted tag pair on a line with none ([`default_line_end`] of the file).
    default_nl: &'static str,
}

impl ChunkEdits for Resolve {
    const EFFECTIVE: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        resolve_games(chunk.parse, chunk.text, chunk.models, self.default_nl)
    }

    fn check_piece(&self, back: ReadBack<'_>) -> Option<Unfaithful> {
        let (again, piece) = (back.again, back.piece);
        let again_models = super::models(again, piece, &mut back.values.inheritor());
        let (more, _) = resolve_games(again, piece, &again_models, self.default_nl);
        (!more.is_empty()).then_some(Unfaithful::AgainChanges)
    }
}

/// The edits that resolve the games of `parse` (the whole of `text` or a chunk of it), whose
/// models are `models`, and what they leave (T024, W005).
pub(super) fn resolve_games(
    parse: &Parse,
    text: &str,
    models: &[GameModel<'_>],
    default_nl: &str,
) -> (Edits, Vec<Diagnostic>) {
    let mut edits = Edits::default();
    let mut findings = Vec::new();
    for model in models {
        let game = model.game;
        let mut supplied = Vec::new();
        for tag in &model.tags {
            if let Some(finding) = forbidden_inheritance(tag) {
                findings.push(finding);
                continue;
            }
            let span = &tag.value_span;
            // A tag pair given again is ignored (PBN 3.4): its `#` means nothing to resolve, and
            // it stays as written (export keeps it as a comment, or refuses: `canon::repeat`).
            if tag.duplicate {
                continue;
            }
            match tag.inheritance {
                Inheritance::None => {}
                Inheritance::Implied if writable(&tag.value) => supplied.push(Supplied::new(tag)),
                Inheritance::Implied => {
                    let at = parse.token(game.first).start as usize;
                    findings.push(unwritable(tag, at..at));
                }
                _ if !writable(&tag.value) => {
                    findings.push(unwritable(tag, span.clone()));
                }
                Inheritance::Hash { .. } => edits.replace(span.clone(), quote_string(&tag.value)),
                // The token starts with `"##`: the two `#` go, the rest stays as it was written.
                Inheritance::DoubleHash => edits.delete(span.start + 1..span.start + 3),
            }
        }
        if supplied.is_empty() {
            continue;
        }
        let written = written_tags(parse, model);
        for (at, inserted) in insertions(text, &written, supplied, default_nl) {
            edits.insert(at, inserted);
        }
    }
    (edits, findings)
}

/// Where a line `[name "value"]` goes in a game (`model`, of `parse` and `text`) and the line
/// (with its line end), as resolve inserts a tag a `##` supplies: `set-tag` adds a tag so.
pub(super) fn insertion(
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    name: &str,
    value: &str,
    default_nl: &str,
) -> Option<(usize, String)> {
    let written = written_tags(parse, model);
    let supplied = vec![Supplied {
        name,
        value,
        given: 0,
    }];
    insertions(text, &written, supplied, default_nl).pop()
}

/// A tag that a `##` of an earlier game supplies to a game that leaves it out.
struct Supplied<'a> {
    name: &'a str,
    value: &'a str,
    /// Where the `##` was given: tags inserted at one place keep the order of their `##`.
    given: usize,
}

impl<'a> Supplied<'a> {
    fn new(tag: &'a Tag<'_>) -> Supplied<'a> {
        Supplied {
            name: tag.name,
            value: &tag.value,
            given: tag.span.start,
        }
    }
}

/// The text of one game (`model`, at `span` of `text`) with every value it takes from `#` or
/// `##` written out, as `resolve` writes it: the game says alone what it said in its file. The
/// text as written when a value cannot be written out (W005) or the edits fail.
pub(super) fn resolved_game(
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    span: std::ops::Range<usize>,
    default_nl: &str,
) -> String {
    let (edits, left) = resolve_games(parse, text, std::slice::from_ref(model), default_nl);
    let written = || text[span.clone()].to_owned();
    if !left.is_empty() || edits.is_empty() {
        return written();
    }
    edits
        .apply_within(text, span.clone())
        .unwrap_or_else(|_| written())
}

/// Where export order puts a tag: the MTS in their order (PBN 3.4), then every other tag.
fn rank(name: &str) -> usize {
    mts_index(name).unwrap_or(MTS.len())
}

/// The rank and start offset of each tag pair written in a game, in order.
fn written_tags(parse: &Parse, model: &GameModel<'_>) -> Vec<(usize, usize)> {
    model
        .written()
        .map(|tag| (rank(tag.name), parse.token(tag.pair.open).start as usize))
        .collect()
}

/// Where resolve inserts the supplied tags of a game, and what: each goes before the first tag
/// written in the game that export order puts after it (an MTS tag before the first tag of a
/// later MTS rank or outside the MTS; another tag before the first other tag), or before the
/// first tag of the game when none does; so that the header tags `##` usually gives (Event,
/// Site, Date) land at the start of the game, and a game in export order stays in export order.
/// At one place, tags go in export order, then in the order their `##` was given; each is
/// followed by the line end of the line it goes before. `written` is [`written_tags`] of the
/// game, with offsets into `text`.
fn insertions(
    text: &str,
    written: &[(usize, usize)],
    supplied: Vec<Supplied<'_>>,
    default_nl: &str,
) -> Vec<(usize, String)> {
    let Some(&(_, first)) = written.first() else {
        return Vec::new();
    };
    let mut placed: Vec<(usize, usize, usize, Supplied<'_>)> = supplied
        .into_iter()
        .map(|tag| {
            let r = rank(tag.name);
            let before = written
                .iter()
                .find(|(w, _)| if r == MTS.len() { *w == r } else { *w > r });
            (before.map_or(first, |(_, at)| *at), r, tag.given, tag)
        })
        .collect();
    placed.sort_by_key(|(at, r, given, _)| (*at, *r, *given));
    let mut out: Vec<(usize, String)> = Vec::new();
    for (at, _, _, tag) in placed {
        let nl = line_end_at(text, at).unwrap_or(default_nl);
        let line = format!("[{} {}]{nl}", tag.name, quote_string(tag.value));
        match out.last_mut() {
            Some((last, inserted)) if *last == at => inserted.push_str(&line),
            _ => out.push((at, line)),
        }
    }
    out
}

/// The line end of the line that `at` is on, if that line has one.
pub(super) fn line_end_at(text: &str, at: usize) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let offset = bytes
        .get(at..)?
        .iter()
        .position(|b| matches!(b, b'\r' | b'\n'))?;
    let i = at + offset;
    Some(match (bytes[i], bytes.get(i + 1)) {
        (b'\r', Some(b'\n')) => "\r\n",
        (b'\r', _) => "\r",
        _ => "\n",
    })
}

/// The line end to insert where the line has none (the last line): the file's first, else CR LF
/// (PBN 2.3).
pub(super) fn default_line_end(text: &str) -> &'static str {
    line_end_at(text, 0).unwrap_or("\r\n")
}

/// `--compress` a chunk of the resolved text at a time, carrying what a game needs of the games
/// before it.
struct Compress {
    /// The tags that get `##` in the first game ([`sticky_tags`]).
    sticky: Vec<String>,
    /// The value each `##` tag has now.
    current: HashMap<String, String>,
    /// The effective value of the latest game with each tag.
    last: HashMap<String, String>,
    /// Games compressed so far.
    games: usize,
    default_nl: &'static str,
}

impl ChunkEdits for Compress {
    const EFFECTIVE: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        let mut edits = Edits::default();
        for model in chunk.models {
            let first = self.games == 0;
            self.games += 1;
            self.game(model, chunk.parse, chunk.text, first, &mut edits);
        }
        (edits, Vec::new())
    }

    /// Resolving the compressed piece gives back the resolved text byte for byte.
    fn check_piece(&self, back: ReadBack<'_>) -> Option<Unfaithful> {
        let (again, piece) = (back.again, back.piece);
        let again_models = super::models(again, piece, &mut back.values.inheritor());
        let (edits, _) = resolve_games(again, piece, &again_models, self.default_nl);
        match edits.apply(piece) {
            Ok(output) if output == back.original => None,
            Ok(_) => Some(Unfaithful::CompressNotInverse),
            Err(error) => Some(error.into()),
        }
    }
}

impl Compress {
    fn is_sticky(&self, name: &str) -> bool {
        self.sticky.iter().any(|sticky| sticky == name)
    }

    /// The edits that compress one game: tags left out that a `##` supplies, `##` on the sticky
    /// tags of the first game, `#` for a value repeated from the previous game with the tag.
    fn game(
        &mut self,
        model: &GameModel<'_>,
        parse: &Parse,
        text: &str,
        first: bool,
        edits: &mut Edits,
    ) {
        let removed = if first {
            Vec::new()
        } else {
            removable(model, parse, text, &self.sticky, &self.current)
        };
        for &i in &removed {
            let tag = &model.tags[i];
            let next = model.tags[i + 1].pair.open;
            edits.delete(tag.span.start..parse.token(next).start as usize);
        }
        for (i, tag) in model.tags.iter().enumerate() {
            if removed.contains(&i) || !compressible(model, tag, text) {
                continue;
            }
            if first && self.is_sticky(tag.name) {
                edits.insert(tag.value_span.start + 1, "##");
            } else if !first
                && tag.value.len() >= 2
                && self
                    .last
                    .get(tag.name)
                    .is_some_and(|value| *value == tag.value)
            {
                edits.replace(tag.value_span.clone(), "\"#\"");
            }
        }
        for tag in model
            .tags
            .iter()
            .filter(|tag| !tag.duplicate && tag.name != "Note")
        {
            self.last.insert(tag.name.to_owned(), tag.value.to_string());
            if self.is_sticky(tag.name) {
                self.current
                    .insert(tag.name.to_owned(), tag.value.to_string());
            }
        }
    }
}

/// A tag whose value may be written with `#` or `##`: a plain value, written in its canonical
/// spelling (so that resolving writes it back the same), on a tag that may inherit and heads no
/// section data, given once in its game.
fn compressible(model: &GameModel<'_>, tag: &Tag<'_>, text: &str) -> bool {
    tag.inheritance == Inheritance::None
        && !tag.duplicate
        && tag.name != "Note"
        && !inheritance_forbidden(tag.name)
        && writable(&tag.value)
        && text[tag.value_span.clone()] == quote_string(&tag.value)
        && !tag
            .pair
            .data
            .iter()
            .any(|data| matches!(data, Data::Element { .. } | Data::Move(_) | Data::Marker(_)))
        && model.tags.iter().filter(|t| t.name == tag.name).count() == 1
}

/// The tags that get `##` in the first game: given (compressibly) in every game, with the same
/// value in the first two. In the order of the first game. Read a chunk of `text` at a time
/// ([`crate::read::judged_games`]).
fn sticky_tags(text: &str) -> Vec<String> {
    let mut candidates: Vec<(String, String)> = Vec::new();
    let mut games = 0;
    crate::read::judged_games(text, |_, model, _| {
        if games == 0 {
            candidates = model
                .tags
                .iter()
                .filter(|tag| compressible(model, tag, text))
                .map(|tag| (tag.name.to_owned(), tag.value.to_string()))
                .collect();
        } else {
            if games == 1 {
                candidates.retain(|(name, value)| model.value(name) == Some(value.as_str()));
            }
            candidates.retain(|(name, _)| {
                model
                    .get(name)
                    .is_some_and(|tag| tag.inheritance == Inheritance::None)
            });
        }
        games += 1;
        true
    });
    if games < 2 {
        return Vec::new();
    }
    candidates.into_iter().map(|(name, _)| name).collect()
}

/// The tag pairs of a game that can be left out because a `##` supplies them: each repeats the
/// current `##` value in its minimal spelling and ends its line, and resolving the game without
/// them inserts them again byte for byte (tried on the game's text). Indices into `model.tags`;
/// none when that fails.
fn removable(
    model: &GameModel<'_>,
    parse: &Parse,
    text: &str,
    sticky: &[String],
    current: &HashMap<String, String>,
) -> Vec<usize> {
    let tags: Vec<(usize, &Tag<'_>)> = model
        .tags
        .iter()
        .enumerate()
        .filter(|(_, tag)| tag.inheritance != Inheritance::Implied)
        .collect();
    let open = |tag: &Tag<'_>| parse.token(tag.pair.open).start as usize;
    let mut chosen = Vec::new();
    for (k, &(_, tag)) in tags.iter().enumerate() {
        let Some(&(_, next)) = tags.get(k + 1) else {
            break;
        };
        let canonical = format!("[{} {}]", tag.name, quote_string(&tag.value));
        if sticky.iter().any(|name| name == tag.name)
            && current
                .get(tag.name)
                .is_some_and(|value| *value == tag.value)
            && compressible(model, tag, text)
            && tag.pair.data.is_empty()
            && text[tag.span.clone()] == canonical
            && matches!(&text[tag.span.end..open(next)], "\r\n" | "\n" | "\r")
        {
            chosen.push(k);
        }
    }
    if chosen.is_empty() {
        return Vec::new();
    }
    // The game's text (to the end of its last line, whose line end an insertion may copy)
    // without the chosen tags, and where its remaining tags start in it.
    let start = parse.token(model.game.first).start as usize;
    let last = parse.token(model.game.last).end as usize;
    let end = match line_end_at(text, last) {
        Some(nl) => text[last..]
            .find(nl)
            .map_or(text.len(), |i| last + i + nl.len()),
        None => text.len(),
    };
    let mut reduced = String::with_capacity(end - start);
    let mut written = Vec::new();
    let mut supplied = Vec::new();
    let mut from = start;
    for (k, &(_, tag)) in tags.iter().enumerate() {
        if chosen.contains(&k) {
            reduced.push_str(&text[from..open(tag)]);
            from = tags.get(k + 1).map_or(end, |(_, next)| open(next));
            supplied.push(Supplied {
                name: tag.name,
                value: &tag.value,
                given: sticky
                    .iter()
                    .position(|name| *name == tag.name)
                    .unwrap_or(0),
            });
        } else {
            written.push((rank(tag.name), reduced.len() + open(tag) - from));
        }
    }
    reduced.push_str(&text[from..end]);
    let mut resolved = reduced.clone();
    for (at, inserted) in insertions(&reduced, &written, supplied, default_line_end(text))
        .into_iter()
        .rev()
    {
        resolved.insert_str(at, &inserted);
    }
    if resolved != text[start..end] {
        return Vec::new();
    }
    chosen.into_iter().map(|k| tags[k].0).collect()
}
