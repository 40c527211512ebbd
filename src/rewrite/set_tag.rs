//! `pbnfmt set-tag`: give a tag a value, or remove it, on every board chosen (`--boards`,
//! `--where`, [`super::select::Choice`]); nothing else changes (issue 46, item 5).
//!
//! A tag that games of the file give with `#` or `##` (PBN 4.8) is first written out in every
//! game that takes it so, as `resolve` writes it: otherwise a game not chosen would take its
//! value from a changed one. A value set replaces the game's own value token, or goes on a line
//! of its own where export order puts it (as `resolve` inserts); a tag removed goes with its line
//! when it stands alone on it. The result is proven by reading it back: every fact of every game
//! but the tags named is the input's, and each game's value of each tag named is the one asked
//! for (chosen) or the one it had (not chosen).

use crate::model::{GameModel, Inheritance, Tag};
use crate::proof::Rewritten;
use crate::query::Board;
use crate::rewrite::edit::Edits;
use crate::rewrite::select::Choice;
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::writing::Unfaithful;
use crate::source;
use crate::syntax::quote_string;

/// What to do to a tag: give it a value (`Some`) or remove it (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagChange {
    pub name: String,
    pub value: Option<String>,
}

/// The errors `check` finds in the line `[name "value"]` alone, as `set-tag` would write it: the
/// value's form, for the tags whose form the standard fixes (T002 a Board, T003 a Dealer, T007 a
/// Contract, D001 a Deal…), and a line longer than the 255 characters PBN 2.3 allows (C004).
/// `set-tag` refuses such a value unless forced, instead of writing what `check` then calls an
/// error (issue 65, item 5; issue 63, item 5). What needs the rest of the game (a Declarer
/// against its Contract) is for `check` of the result.
pub fn value_errors(name: &str, value: &str) -> Vec<crate::rules::diagnostic::Diagnostic> {
    use crate::rules::{Rule, diagnostic::Severity};
    let line = format!("[{name} {}]\r\n", quote_string(value));
    // The value's place in the line: after `[`, the name and the space.
    let value_at = name.len() + 2;
    let options = crate::check::CheckOptions {
        max_findings: Some(usize::MAX),
        ..crate::check::CheckOptions::default()
    };
    crate::check::check_bytes(line.as_bytes(), &options)
        .diagnostics
        .into_iter()
        .filter(|d| {
            d.severity == Severity::Error
                && (d.rule == Rule::LineTooLong || d.span.start >= value_at)
        })
        .collect()
}

/// One game whose tags are being changed, and whether it is chosen.
struct Game<'a> {
    at: super::GameAt<'a>,
    chosen: bool,
}

/// The tags of `bytes` changed as `changes` say on the boards `choice` keeps.
pub fn set_tags_owned(
    bytes: Vec<u8>,
    changes: &[TagChange],
    choice: &Choice,
    options: RewriteOptions,
) -> Rewritten {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    let mut set = SetTags {
        changes,
        asked: changes
            .iter()
            .map(|change| (change.name.as_str(), change.value.as_deref()))
            .collect(),
        choice,
        refusals: Vec::new(),
        mark: 0,
        nl: None,
        expected: Vec::new(),
    };
    super::rewrite_chunks(decoded, options, &mut set, None)
}

/// Setting tags a chunk of games at a time: the refusals found, and what the read-back of the
/// last chunk edited must show.
struct SetTags<'c> {
    changes: &'c [TagChange],
    /// The changes as names and values.
    asked: Vec<(&'c str, Option<&'c str>)>,
    choice: &'c Choice,
    refusals: Vec<Diagnostic>,
    /// The refusals' count before the last chunk ([`ChunkEdits::rewind`]).
    mark: usize,
    /// The file's line end, once its first chunk is seen.
    nl: Option<&'static str>,
    /// Each game's value of each tag named, in order.
    expected: Vec<Option<String>>,
}

impl ChunkEdits for SetTags<'_> {
    const EFFECTIVE: bool = true;
    const WRITES_GIVEN_TEXT: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        self.mark = self.refusals.len();
        self.expected.clear();
        let nl = *self
            .nl
            .get_or_insert_with(|| super::resolve::default_line_end(chunk.text));
        let mut edits = Edits::default();
        let asked = &self.asked;
        for at in chunk.games(nl) {
            let chosen = self.choice.keeps(&Board::new(at.parse, at.text, at.model));
            if chosen && super::joins_boards(at.model, asked) {
                let span = at.model.get("Board").map_or(0..0, Tag::text_span);
                self.refusals.push(crate::rules::writing::boards_joined(
                    crate::rules::writing::Joining::Values,
                    span,
                ));
            }
            // A game whose every tag pair is removed would go with them.
            let removes_all = chosen
                && asked.iter().all(|(_, value)| value.is_none())
                && at
                    .model
                    .written()
                    .all(|tag| asked.iter().any(|(name, _)| tag.name == *name));
            if removes_all && let Some(first) = at.model.written().next() {
                let names: Vec<&str> = asked.iter().map(|(name, _)| *name).collect();
                self.refusals.push(crate::rules::writing::game_emptied(
                    &names,
                    first.span.clone(),
                ));
            }
            let game = Game { at, chosen };
            for change in self.changes {
                self.expected
                    .push(game.edits(change, &mut edits, &mut self.refusals));
            }
        }
        (edits, Vec::new())
    }

    fn changes(&self) -> Vec<&str> {
        self.asked.iter().map(|(name, _)| *name).collect()
    }

    /// Each game's value of each tag named: the one asked for (chosen) or the one it had.
    fn check_models(&self, _: ReadBack<'_>, models: &[GameModel<'_>]) -> Option<Unfaithful> {
        let read_back = models.iter().flat_map(|model| {
            self.changes
                .iter()
                .map(|change| model.value(&change.name).map(str::to_owned))
        });
        (!read_back.eq(self.expected.iter().cloned())).then_some(Unfaithful::OtherValues)
    }

    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }

    fn rewind(&mut self) {
        self.refusals.truncate(self.mark);
    }

    fn refused(&self) -> bool {
        !self.refusals.is_empty()
    }

    fn refusals(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.refusals)
    }
}

impl Game<'_> {
    /// The edits of `change` to the game, and the value the game must have after them.
    fn edits(
        &self,
        change: &TagChange,
        edits: &mut Edits,
        refusals: &mut Vec<crate::rules::diagnostic::Diagnostic>,
    ) -> Option<String> {
        let name = change.name.as_str();
        let tag = self.at.model.get(name);
        let old = tag.map(|tag| tag.value.to_string());
        if !self.chosen {
            // Written out where it is inherited, with the value it had; a value that would read
            // as inheritance again (`##x` given by `####x`) cannot be (W005, found by fuzzing).
            if let (Some(tag), Some(old)) = (tag, &old)
                && tag.inheritance != Inheritance::None
                && !crate::proof::writable(old)
            {
                refusals.push(crate::proof::unwritable(tag, tag.text_span()));
            } else if let (Some(tag), Some(old)) = (tag, &old) {
                match tag.inheritance {
                    Inheritance::None => {}
                    Inheritance::Hash { .. } | Inheritance::DoubleHash => {
                        self.replace(tag, old, edits);
                    }
                    Inheritance::Implied => self.insert(name, old, edits),
                }
            }
            return old;
        }
        match (&change.value, tag) {
            (Some(value), Some(tag)) if tag.inheritance != Inheritance::Implied => {
                // A `#` or `##` becomes the plain value; a value already so stays as written.
                if tag.inheritance != Inheritance::None || tag.value != value.as_str() {
                    self.replace(tag, value, edits);
                }
            }
            (Some(value), _) => self.insert(name, value, edits),
            (None, Some(tag)) if tag.inheritance != Inheritance::Implied => {
                let section = tag
                    .pair
                    .data
                    .iter()
                    .any(|data| !matches!(data, crate::syntax::Data::Comment(_)));
                let commented = tag
                    .pair
                    .data
                    .iter()
                    .any(|data| matches!(data, crate::syntax::Data::Comment(_)));
                if section {
                    refusals.push(crate::rules::writing::section_left_behind(
                        name,
                        tag.text_span(),
                    ));
                } else if commented {
                    refusals.push(crate::rules::writing::comment_left_behind(
                        name,
                        tag.text_span(),
                    ));
                } else {
                    self.delete(tag, edits);
                }
            }
            // An implied value goes with the `##` it came from, which is written out plainly.
            (None, _) => {}
        }
        change.value.clone()
    }

    /// The tag pair's value token becomes `value`, and each copy of the pair in the game (a tag
    /// pair given twice, PBN 3.4) that was written the same.
    fn replace(&self, tag: &Tag<'_>, value: &str, edits: &mut Edits) {
        let quoted = quote_string(value);
        let first = self.at.text.get(tag.value_span.clone());
        for span in self.copies(tag) {
            if self.at.text.get(span.clone()) == first {
                edits.replace(span, quoted.clone());
            }
        }
    }

    /// The value tokens of the game's tag pairs named as `tag` is.
    fn copies(&self, tag: &Tag<'_>) -> Vec<std::ops::Range<usize>> {
        self.at
            .model
            .game
            .tags
            .iter()
            .filter_map(|pair| {
                let (named, value) = (
                    self.at.parse.token(pair.name?),
                    self.at.parse.token(pair.value?),
                );
                (self.at.text.get(named.start as usize..named.end as usize) == Some(tag.name))
                    .then_some(value.start as usize..value.end as usize)
            })
            .collect()
    }

    /// A line `[name "value"]` where export order puts it ([`super::resolve`]'s insertions).
    fn insert(&self, name: &str, value: &str, edits: &mut Edits) {
        if let Some((at, line)) = super::resolve::insertion(
            self.at.parse,
            self.at.text,
            self.at.model,
            name,
            value,
            self.at.nl,
        ) {
            edits.insert(at, line);
        }
    }

    /// The tag pair (every copy of it in the game), with its line when it stands alone there.
    fn delete(&self, tag: &Tag<'_>, edits: &mut Edits) {
        for pair in &self.at.model.game.tags {
            let Some(named) = pair.name else { continue };
            let named = self.at.parse.token(named);
            if self.at.text.get(named.start as usize..named.end as usize) != Some(tag.name) {
                continue;
            }
            let span = self.at.parse.token(pair.open).start as usize
                ..pair.close.map_or(named.end as usize, |close| {
                    self.at.parse.token(close).end as usize
                });
            edits.delete(alone_on_line(self.at.text, span));
        }
    }
}

/// `span` with its line (from the line's start to after its line end) when nothing but spaces and
/// tabs stands beside it there.
pub(crate) fn alone_on_line(text: &str, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let bytes = text.as_bytes();
    let line_start = text[..span.start]
        .rfind(['\n', '\r'])
        .map_or(0, |at| at + 1);
    let after = text[span.end..]
        .find(['\n', '\r'])
        .map_or(text.len(), |at| span.end + at);
    let blank =
        |range: std::ops::Range<usize>| bytes[range].iter().all(|b| matches!(b, b' ' | b'\t'));
    if !blank(line_start..span.start) || !blank(span.end..after) {
        return span;
    }
    let end = match (bytes.get(after), bytes.get(after + 1)) {
        (Some(b'\r'), Some(b'\n')) => after + 2,
        (Some(_), _) => after + 1,
        (None, _) => after,
    };
    line_start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    fn run(text: &str, changes: &[(&str, Option<&str>)], choice: &Choice) -> String {
        let changes: Vec<TagChange> = changes
            .iter()
            .map(|(name, value)| TagChange {
                name: (*name).to_owned(),
                value: value.map(str::to_owned),
            })
            .collect();
        let done = set_tags_owned(
            text.as_bytes().to_vec(),
            &changes,
            choice,
            RewriteOptions::default(),
        );
        let bytes = done
            .output_bytes()
            .unwrap_or_else(|| panic!("refused: {:?}", done.problems));
        String::from_utf8(bytes).unwrap()
    }

    fn boards(list: &str) -> Choice {
        Choice {
            boards: Some(crate::rewrite::select::BoardList::parse(list).unwrap()),
            ..Choice::default()
        }
    }

    #[test]
    fn a_value_is_set_replaced_or_inserted_on_the_boards_chosen() {
        let text = format!(
            "[Event \"Club\"]\r\n[Board \"1\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n[Board \"2\"]\r\n\
             [Deal \"{DEAL}\"]\r\n\r\n[Event \"Old\"]\r\n[Board \"3\"]\r\n[Deal \"{DEAL}\"]\r\n"
        );
        let out = run(
            &text,
            &[("Event", Some("Monday \"pairs\""))],
            &boards("1-2"),
        );
        assert_eq!(
            out,
            format!(
                "[Event \"Monday \\\"pairs\\\"\"]\r\n[Board \"1\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n\
                 [Event \"Monday \\\"pairs\\\"\"]\r\n[Board \"2\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n\
                 [Event \"Old\"]\r\n[Board \"3\"]\r\n[Deal \"{DEAL}\"]\r\n"
            )
        );
        // Removed with its line; a game without it is left.
        let out = run(&text, &[("Event", None)], &Choice::default());
        assert_eq!(
            out,
            format!(
                "[Board \"1\"]\r\n[Deal \"{DEAL}\"]\r\n\r\n[Board \"2\"]\r\n[Deal \"{DEAL}\"]\r\n\
                 \r\n[Board \"3\"]\r\n[Deal \"{DEAL}\"]\r\n"
            )
        );
    }

    #[test]
    fn a_value_that_would_read_as_inheritance_again_refuses_the_file() {
        // `####x` gives `##x` to every later game: written out plainly, `##x` would read as a
        // `##` again (found by fuzzing: the read-back refused it as a bug, W004).
        let text = format!(
            "[Event \"####x\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \
             \"{DEAL}\"]\n"
        );
        let done = set_tags_owned(
            text.as_bytes().to_vec(),
            &[TagChange {
                name: "Event".to_owned(),
                value: Some("Club".to_owned()),
            }],
            &boards("2"),
            RewriteOptions::default(),
        );
        let codes: Vec<&str> = done.problems.iter().map(|d| d.rule.code()).collect();
        assert_eq!(codes, ["W005"]);
        assert!(done.output.is_none());
    }

    #[test]
    fn a_game_not_chosen_keeps_what_it_inherited() {
        let text = format!(
            "[Event \"##Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \
             \"{DEAL}\"]\n\n[Site \"Hall\"]\n[Board \"3\"]\n[Deal \"{DEAL}\"]\n\n[Site \"#\"]\n\
             [Board \"4\"]\n[Deal \"{DEAL}\"]\n"
        );
        let out = run(
            &text,
            &[("Event", Some("Teams")), ("Site", Some("Home"))],
            &boards("1,3"),
        );
        assert_eq!(
            out,
            format!(
                "[Event \"Teams\"]\n[Site \"Home\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Event \
                 \"Club\"]\n[Board \"2\"]\n[Deal \"{DEAL}\"]\n\n[Event \"Teams\"]\n[Site \"Home\"]\n[Board \"3\"]\n\
                 [Deal \"{DEAL}\"]\n\n[Event \"Club\"]\n[Site \"Hall\"]\n[Board \"4\"]\n[Deal \
                 \"{DEAL}\"]\n"
            )
        );
        // Removed where chosen; the others keep the value they took from `##`.
        let out = run(&text, &[("Event", None)], &boards("2"));
        assert!(out.starts_with("[Event \"Club\"]\n[Board \"1\"]"), "{out}");
        assert!(out.contains("\n\n[Board \"2\"]\n"), "{out}");
        assert!(
            out.contains("[Event \"Club\"]\n[Site \"Hall\"]\n[Board \"3\"]"),
            "{out}"
        );
    }

    /// The result does not depend on how much is edited at a time: a tag removed with its line
    /// at the end of a chunk takes its line end with it, as in the whole text.
    #[test]
    fn the_chunk_size_changes_nothing() {
        let text = format!(
            "[Event \"##Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Site \"A\"]\n\n[Board \"2\"]\n\
             [Deal \"{DEAL}\"]\n[Site \"B\"]   \r\n\r\n[Board \"3\"]\n[Site \"C\"]"
        );
        for (changes, list) in [
            (vec![("Site", None)], "1-3"),
            (vec![("Event", Some("Teams")), ("Site", None)], "2"),
            (vec![("Site", Some("Hall"))], "1,3"),
        ] {
            let changes: Vec<TagChange> = changes
                .iter()
                .map(|(name, value): &(&str, Option<&str>)| TagChange {
                    name: (*name).to_owned(),
                    value: value.map(str::to_owned),
                })
                .collect();
            let run = |chunk_bytes| {
                let done = set_tags_owned(
                    text.as_bytes().to_vec(),
                    &changes,
                    &boards(list),
                    RewriteOptions {
                        chunk_bytes,
                        ..RewriteOptions::default()
                    },
                );
                assert!(
                    done.problems.is_empty(),
                    "{chunk_bytes:?}: {:?}",
                    done.problems
                );
                done.written_text()
            };
            let whole = run(None);
            if list == "1-3" {
                assert_eq!(
                    whole,
                    format!(
                        "[Event \"##Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n\
                         [Deal \"{DEAL}\"]\n\r\n[Board \"3\"]\n"
                    )
                );
            }
            for chunk in [1, 40, 90, 300, 10_000] {
                assert_eq!(run(Some(chunk)), whole, "{chunk} {list}");
            }
        }
    }

    /// A chunk whose result would grow past a piece's size is edited again in halves
    /// (`edit_chunks`); what the first try found is forgotten, so each refusal is said once.
    #[test]
    fn a_chunk_edited_again_in_halves_says_each_refusal_once() {
        let game = |board: u32| format!("[Board \"{board}\"]\n\n");
        let text = format!(
            "[Site \"####x\"]\n{}",
            (1..=6).map(game).collect::<String>()
        );
        let huge = "e".repeat(600_000);
        let changes = [
            TagChange {
                name: "Event".to_owned(),
                value: Some(huge),
            },
            TagChange {
                name: "Site".to_owned(),
                value: Some("Club".to_owned()),
            },
        ];
        let done = set_tags_owned(
            text.as_bytes().to_vec(),
            &changes,
            &boards("1-2"),
            RewriteOptions::default(),
        );
        let codes: Vec<&str> = done.problems.iter().map(|d| d.rule.code()).collect();
        assert_eq!(codes, ["W005"; 4]);
    }
}
