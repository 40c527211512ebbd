//! The typed model of a game, built from the syntax tree after `#`/`##` inheritance (PBN 4.8):
//! its tags with their effective values, and which tags form the auction and play sections and
//! their notes. Deal, auction and play are read by [`deal`], [`auction`] and [`play`]; typed tag
//! values by [`values`].
//!
//! The model does not word findings: it records what it read, and the problems it met, as data.
//! The rules decide what to report.

pub mod auction;
pub mod deal;
pub mod deal_key;
pub mod double_dummy;
pub mod duplicate;
pub mod loose;
pub mod play;
pub mod values;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use ahash::AHashMap;

use crate::syntax::{Game, Parse, SectionKind, TagPair, string_value};

pub use crate::names::{MTS, inheritance_forbidden};

/// The place of `name` among the MTS tags (PBN 3.4), if it is one.
pub fn mts_index(name: &str) -> Option<usize> {
    MTS.iter().position(|mts| *mts == name)
}

/// How a tag got its value (PBN 4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inheritance {
    /// Written as is.
    None,
    /// `"#"`: the value of the nearest earlier game that has one (`found` is false when none
    /// does, and the value is `""`).
    Hash { found: bool },
    /// `"##value"`: `value` here and in every later game that omits the tag.
    DoubleHash,
    /// Not written in this game: a `##` of an earlier game supplies it.
    Implied,
}

/// A tag of a game.
#[derive(Clone, Debug)]
pub struct Tag<'a> {
    /// The tag pair; for [`Inheritance::Implied`], the earlier game's tag pair that gave the value.
    pub pair: &'a TagPair,
    pub name: &'a str,
    /// The value as written, quotes removed and escapes resolved.
    pub written: Cow<'a, str>,
    /// The value after inheritance.
    pub value: Cow<'a, str>,
    pub inheritance: Inheritance,
    /// The whole tag pair, `[` to `]`.
    pub span: Range<usize>,
    /// The string token of the value, quotes included.
    pub value_span: Range<usize>,
    /// A later tag pair with a name already seen in this game: ignored (PBN 3.4).
    pub duplicate: bool,
    /// True when the string token has escapes, so offsets in the value are not offsets in the text.
    escaped: bool,
    /// True when the string token ends with its closing quote.
    closed: bool,
}

impl Tag<'_> {
    /// The text this tag pair defines, which is what the value rules judge: the written value,
    /// or the text after `##`. `None` for `#` (judged where it was written) and implied values.
    pub fn own_value(&self) -> Option<&str> {
        match self.inheritance {
            Inheritance::None => Some(&self.written),
            Inheritance::DoubleHash => self.written.get(2..),
            Inheritance::Hash { .. } | Inheritance::Implied => None,
        }
    }

    /// Where a finding about the value points (the convention of `docs/spec-decisions.md`,
    /// "Where a finding points"): the value's text inside its quotes; for an empty value, or a
    /// string token without its closing quote, the token itself.
    pub fn text_span(&self) -> Range<usize> {
        let span = self.value_span.clone();
        if span.end >= span.start + 3 && self.closed {
            span.start + 1..span.end - 1
        } else {
            span
        }
    }

    /// The span in the text of `range`, a byte range inside [`Tag::own_value`]; the whole value
    /// ([`Tag::text_span`]) when escapes make the offsets differ.
    pub fn sub_span(&self, range: Range<usize>) -> Range<usize> {
        let skip = match self.inheritance {
            Inheritance::DoubleHash => 2,
            _ => 0,
        };
        let start = self.value_span.start + 1 + skip;
        if self.escaped || start + range.end >= self.value_span.end {
            return self.text_span();
        }
        start + range.start..start + range.end
    }
}

impl Tag<'_> {
    /// The span of [`Tag::own_value`] in the text when it is written there character for
    /// character (a closed string without escapes): where a fix may replace it.
    pub fn exact_value_span(&self) -> Option<Range<usize>> {
        let value = self.own_value()?;
        if self.escaped || !self.closed {
            return None;
        }
        let span = self.sub_span(0..value.len());
        (span.len() == value.len()).then_some(span)
    }
}

/// A game with its tags read.
#[derive(Debug)]
pub struct GameModel<'a> {
    pub game: &'a Game,
    /// Every tag pair of the game in order, then the tags implied by earlier `##`.
    pub tags: Vec<Tag<'a>>,
    /// Index in `tags` of the Auction tag and of the Note tags that follow it.
    pub auction: Option<usize>,
    pub auction_notes: Vec<usize>,
    pub play: Option<usize>,
    pub play_notes: Vec<usize>,
    /// Note tags outside the auction and play sections.
    pub stray_notes: Vec<usize>,
}

impl<'a> GameModel<'a> {
    /// The tag that counts for `name`: the first one, written or implied.
    pub fn get(&self, name: &str) -> Option<&Tag<'a>> {
        self.position(name).map(|at| &self.tags[at])
    }

    /// The place in [`GameModel::tags`] of the tag that counts for `name`, which says whether
    /// it comes before or after a section (PBN 3.1).
    pub fn position(&self, name: &str) -> Option<usize> {
        self.tags
            .iter()
            .position(|tag| tag.name == name && !tag.duplicate)
    }

    /// The effective value of `name`.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.get(name).map(|tag| &*tag.value)
    }

    /// The Auction tag and the seat its value names (PBN 3.5), when the game has both.
    pub fn auction_section(&self) -> Option<(&Tag<'a>, crate::bridge::Seat)> {
        self.section(self.auction)
    }

    /// The Play tag and the seat its value names (PBN 3.6), when the game has both.
    pub fn play_section(&self) -> Option<(&Tag<'a>, crate::bridge::Seat)> {
        self.section(self.play)
    }

    fn section(&self, at: Option<usize>) -> Option<(&Tag<'a>, crate::bridge::Seat)> {
        let tag = &self.tags[at?];
        Some((tag, crate::bridge::Seat::parse(&tag.value)?))
    }

    /// Tags written in this game (not implied).
    pub fn written(&self) -> impl Iterator<Item = &Tag<'a>> {
        self.tags
            .iter()
            .filter(|tag| tag.inheritance != Inheritance::Implied)
    }

    /// A second tag of the board's identity (Board, Deal, Dealer, Vulnerable) with another value
    /// than the first: two boards ran together, the empty line between them missing (PBN 3).
    /// The pair of the first tag and the second.
    pub fn ran_together(&self) -> Option<(&Tag<'a>, &Tag<'a>)> {
        self.written()
            .filter(|tag| tag.duplicate && IDENTITY.contains(&tag.name))
            .find_map(|tag| {
                let first = self.get(tag.name)?;
                (first.written.trim() != tag.written.trim()).then_some((first, tag))
            })
    }
}

/// How many tag names may hand a value to later games with `##` (PBN 4.8): each game holds the
/// values that reach it, so that a file whose every game adds a name would cost the square of
/// its games. Real files use a handful (the shared corpus: at most 3). A `##` of one more name
/// is F008, and gives its value to its own game only.
pub const MAX_INHERITED: usize = 32;

/// The tags that say which board a game is: the same board has the same number, cards, dealer
/// and vulnerability (PBN 3.4.4, 3.4.9-3.4.11).
pub const IDENTITY: [&str; 4] = ["Board", "Deal", "Dealer", "Vulnerable"];

/// Carries `#`/`##` values from game to game through a file (PBN 4.8). Names and values borrow
/// from the text (`'t`); the tag pairs that gave `##` values borrow from the tree (`'p`), which may
/// be one chunk of the file (see [`Inheritor::detach`]).
#[derive(Clone, Default)]
pub struct Inheritor<'t, 'p> {
    /// The effective value each tag had in the latest game that had the tag.
    /// aHash: random keys per process, as SipHash, at a fraction of its cost (issue 28).
    last: AHashMap<&'t str, Cow<'t, str>>,
    /// Tags given with `##`, and their current value: the `##` text, or a later plain value.
    sticky: BTreeMap<&'t str, (Cow<'t, str>, &'p TagPair, Range<usize>)>,
    /// The name and value of each tag of the game being read, borrowed from the text: what is
    /// carried on. Kept between games so that it is allocated once.
    carried: Vec<(&'t str, Cow<'t, str>)>,
    /// A `#` found no earlier value: a reader that started from no values may have missed one
    /// ([`Inheritor::missed`]).
    missed: bool,
    /// The games come from a text with no `#` value ([`Inheritor::for_text`]): no `#` will look
    /// up a value, so the values are not remembered (remembering them cost 5 instructions a byte
    /// of `check`, issue 28).
    no_hash_values: bool,
}

/// The tag pair an implied tag names once the chunk that held its `##` pair is gone: no tokens and
/// no data. The rules read only the value and span of an implied tag.
static DETACHED: TagPair = TagPair {
    open: 0,
    name: None,
    value: None,
    close: None,
    end: 0,
    section: SectionKind::Other,
    data: Vec::new(),
};

impl<'t, 'p> Inheritor<'t, 'p> {
    /// An inheritor for the games of `text`, or of pieces of it, read in order. When no tag value
    /// of `text` starts with `#` (no `"#` in it: a value is always a string token), no `#` or `##`
    /// can look a value up, and the latest values are not remembered.
    pub fn for_text(text: &str) -> Self {
        let bytes = text.as_bytes();
        let has_hash_value =
            memchr::memchr_iter(b'#', bytes).any(|at| at > 0 && bytes[at - 1] == b'"');
        Inheritor {
            no_hash_values: !has_hash_value,
            ..Inheritor::default()
        }
    }

    /// Builds the model of the next game of the file.
    pub fn game(&mut self, parse: &'p Parse, text: &'t str, game: &'p Game) -> GameModel<'p>
    where
        't: 'p,
    {
        let mut tags: Vec<Tag<'p>> = Vec::with_capacity(game.tags.len() + self.sticky.len());
        let mut carried = std::mem::take(&mut self.carried);
        carried.clear();
        // Which names may have been seen in this game: a name whose bit is clear is no duplicate,
        // without comparing it with every name before it.
        let mut seen_names = 0u128;
        for pair in &game.tags {
            let (Some(name_id), Some(value_id)) = (pair.name, pair.value) else {
                continue;
            };
            let name = parse.text(text, name_id);
            let token_text = parse.text(text, value_id);
            let escaped = memchr::memchr(b'\\', token_text.as_bytes()).is_some();
            let written = value_cow(token_text, escaped);
            let bit = name_bit(name);
            let duplicate = name != "Note"
                && seen_names & bit != 0
                && carried.iter().any(|(seen, _)| *seen == name);
            seen_names |= bit;
            debug_assert!(
                !(self.no_hash_values && written.starts_with('#')),
                "Inheritor::for_text was given another text"
            );
            let (value, inheritance) = if written == "#" {
                match self.last.get(name) {
                    Some(value) => (value.clone(), Inheritance::Hash { found: true }),
                    None => {
                        self.missed = true;
                        (Cow::Borrowed(""), Inheritance::Hash { found: false })
                    }
                }
            } else if written.starts_with("##") {
                // Borrowed from the text when it is written without escapes: every later game
                // that takes it shares it, instead of a copy a game (issue 45, item 14).
                let rest = match &written {
                    Cow::Borrowed(text) => Cow::Borrowed(&text[2..]),
                    Cow::Owned(text) => Cow::Owned(text[2..].to_owned()),
                };
                (rest, Inheritance::DoubleHash)
            } else {
                (written.clone(), Inheritance::None)
            };
            tags.push(Tag {
                pair,
                name,
                written,
                value: value.clone(),
                inheritance,
                span: parse.span(pair.open, pair.end),
                value_span: parse.span(value_id, value_id),
                duplicate,
                escaped,
                closed: token_text.len() >= 2 && token_text.ends_with('"'),
            });
            carried.push((name, value));
        }
        for (tag, (name, value)) in tags.iter().zip(&carried) {
            if tag.duplicate || tag.name == "Note" {
                continue;
            }
            // The name's row is looked up only for a `##` value, and the `##` values only when
            // there are some: most games have neither.
            match tag.inheritance {
                // Past MAX_INHERITED names, a `##` of a new name is its own game's value only
                // (F008 says so): every game holds the values that reach it.
                Inheritance::DoubleHash
                    if !inheritance_forbidden(tag.name)
                        && (self.sticky.len() < MAX_INHERITED
                            || self.sticky.contains_key(name)) =>
                {
                    self.sticky
                        .insert(name, (value.clone(), tag.pair, tag.value_span.clone()));
                }
                _ if !self.sticky.is_empty() => {
                    if let Some(entry) = self.sticky.get_mut(name) {
                        entry.0 = value.clone();
                    }
                }
                _ => {}
            }
        }
        for (name, (value, pair, value_span)) in &self.sticky {
            if carried.iter().any(|(written, _)| written == name) {
                continue;
            }
            tags.push(Tag {
                pair,
                name,
                written: Cow::Borrowed(""),
                value: value.clone(),
                inheritance: Inheritance::Implied,
                span: value_span.clone(),
                value_span: value_span.clone(),
                duplicate: false,
                escaped: true,
                closed: true,
            });
            carried.push((name, value.clone()));
        }
        // A `#` that found nothing has no real value to pass on (PBN 4.8).
        if self.no_hash_values {
            carried.clear();
        }
        for (tag, (name, value)) in tags.iter().zip(carried.drain(..)) {
            if !tag.duplicate
                && tag.name != "Note"
                && tag.inheritance != (Inheritance::Hash { found: false })
            {
                self.last.insert(name, value);
            }
        }
        self.carried = carried;
        let mut model = GameModel {
            game,
            tags,
            auction: None,
            auction_notes: Vec::new(),
            play: None,
            play_notes: Vec::new(),
            stray_notes: Vec::new(),
        };
        assign_sections(&mut model);
        model
    }

    /// An inheritor with no values, for games of the same text: reading a chunk as if no game
    /// came before ([`Inheritor::missed`]) without scanning the text again.
    pub fn fresh<'u>(&self) -> Inheritor<'u, 'static> {
        Inheritor {
            no_hash_values: self.no_hash_values,
            ..Inheritor::default()
        }
    }

    /// True when a `#` of the games read found no value. Games read from no values
    /// (`Inheritor::default`) have the models they would have after the games before them when
    /// this is false and no `##` value reaches them from before ([`Inheritor::has_sticky`]):
    /// chunks of a file can then be read at once and their values joined in order
    /// ([`Inheritor::then`]).
    pub fn missed(&self) -> bool {
        self.missed
    }

    /// True when a `##` value reaches the games after.
    pub fn has_sticky(&self) -> bool {
        !self.sticky.is_empty()
    }

    /// The values after the games that `later` read from no values, read after these: each
    /// tag's latest value is the later one where they read it, and the `##` values are theirs
    /// (there were none here, [`Inheritor::has_sticky`]).
    pub fn then(&mut self, later: Inheritor<'t, 'static>) {
        debug_assert!(self.sticky.is_empty());
        self.last.extend(later.last);
        self.sticky = later.sticky;
    }

    /// The same values, no longer tied to the tree of the games read so far: a checker that reads
    /// a file chunk by chunk carries them to the next chunk. Implied tags then name no tag pair.
    pub fn detach(self) -> Inheritor<'t, 'static> {
        Inheritor {
            last: self.last,
            sticky: self
                .sticky
                .into_iter()
                .map(|(name, (value, _, span))| (name, (value, &DETACHED, span)))
                .collect(),
            carried: self.carried,
            missed: self.missed,
            no_hash_values: self.no_hash_values,
        }
    }

    /// The same values, copied out of the text: for a text made a piece at a time, such as a
    /// rewrite's output, whose pieces do not outlive the chunk they were made for.
    pub fn to_owned_values(&self) -> OwnedInheritance {
        OwnedInheritance {
            last: self
                .last
                .iter()
                .map(|(name, value)| ((*name).to_owned(), value.to_string()))
                .collect(),
            sticky: self
                .sticky
                .iter()
                .map(|(name, (value, _, span))| {
                    ((*name).to_owned(), (value.to_string(), span.clone()))
                })
                .collect(),
        }
    }
}

/// The `#`/`##` values of an [`Inheritor`], owned ([`Inheritor::to_owned_values`]).
#[derive(Clone, Debug, Default)]
pub struct OwnedInheritance {
    last: HashMap<String, String>,
    sticky: BTreeMap<String, (String, Range<usize>)>,
}

impl OwnedInheritance {
    /// How many names hand a value to later games with `##`.
    pub fn sticky_len(&self) -> usize {
        self.sticky.len()
    }

    /// An inheritor that starts from these values.
    pub fn inheritor(&self) -> Inheritor<'_, 'static> {
        Inheritor {
            last: self
                .last
                .iter()
                .map(|(name, value)| (name.as_str(), Cow::Borrowed(value.as_str())))
                .collect(),
            sticky: self
                .sticky
                .iter()
                .map(|(name, (value, span))| {
                    (
                        name.as_str(),
                        (Cow::Borrowed(value.as_str()), &DETACHED, span.clone()),
                    )
                })
                .collect(),
            carried: Vec::new(),
            missed: false,
            no_hash_values: false,
        }
    }
}

/// Note tags belong to the Auction or Play section they follow, with only Note tags between
/// (PBN 3.5.5, 3.6.5); any other Note is stray.
fn assign_sections(model: &mut GameModel<'_>) {
    let mut current: Option<SectionKind> = None;
    for (i, tag) in model.tags.iter().enumerate() {
        if tag.inheritance == Inheritance::Implied {
            break;
        }
        match tag.name {
            "Note" => match current {
                Some(SectionKind::Auction) => model.auction_notes.push(i),
                Some(SectionKind::Play) => model.play_notes.push(i),
                _ => model.stray_notes.push(i),
            },
            "Auction" if !tag.duplicate => {
                model.auction = Some(i);
                current = Some(SectionKind::Auction);
            }
            "Play" if !tag.duplicate => {
                model.play = Some(i);
                current = Some(SectionKind::Play);
            }
            _ => current = None,
        }
    }
}

/// One of 128 bits for a tag name, from its length and three of its bytes: names with different
/// bits differ.
fn name_bit(name: &str) -> u128 {
    let bytes = name.as_bytes();
    let byte = |at: usize| u64::from(bytes.get(at).copied().unwrap_or(0));
    let mix = (bytes.len() as u64)
        ^ byte(0) << 8
        ^ byte(bytes.len() / 2) << 16
        ^ byte(bytes.len().wrapping_sub(1)) << 24;
    1u128 << (mix.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57)
}

/// The value of a string token, `escaped` when it holds a backslash. Only `\"` and `\\` are
/// escapes (PBN 3.2): a value whose backslashes are none (a table's `Rank\2R`) is the text
/// between the quotes, borrowed.
pub(crate) fn value_cow(token_text: &str, escaped: bool) -> Cow<'_, str> {
    let inner = token_text.strip_prefix('"').unwrap_or(token_text);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let has_escape = || {
        inner
            .as_bytes()
            .windows(2)
            .any(|pair| pair[0] == b'\\' && matches!(pair[1], b'"' | b'\\'))
    };
    if escaped && has_escape() {
        return Cow::Owned(string_value(token_text));
    }
    Cow::Borrowed(inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse;

    /// Each game's tags, sorted by name; read as `check` reads them ([`Inheritor::for_text`]),
    /// which must give what an inheritor that remembers every value gives.
    fn models(text: &str) -> Vec<Vec<(String, String, Inheritance)>> {
        let parse = parse(text);
        type Tags = Vec<(String, String, Inheritance)>;
        fn read<'t>(
            parse: &'t Parse,
            text: &'t str,
            mut inheritor: Inheritor<'t, 't>,
        ) -> Vec<Tags> {
            parse
                .real_games()
                .map(|game| {
                    let mut tags: Tags = inheritor
                        .game(parse, text, game)
                        .tags
                        .iter()
                        .map(|t| (t.name.to_owned(), t.value.to_string(), t.inheritance))
                        .collect();
                    tags.sort_by(|a, b| a.0.cmp(&b.0));
                    tags
                })
                .collect()
        }
        let models = read(&parse, text, Inheritor::for_text(text));
        assert_eq!(models, read(&parse, text, Inheritor::default()));
        models
    }

    /// A value read with borrowing is the value `string_value` reads (PBN 3.2), and it is
    /// borrowed when no backslash escapes anything.
    #[test]
    fn values_borrowed_unless_escaped() {
        for token in [
            r#""plain""#,
            r#""Rank\2R;Score\5""#,
            r#""Rank\2R""#,
            r#""a\"b""#,
            r#""a\\b""#,
            r#""ends\""#,
            r#""ends\\""#,
            r#""unterminated\"#,
            r#""\\\"""#,
            r#""""#,
            r#"""#,
        ] {
            let escaped = token.contains('\\');
            let value = value_cow(token, escaped);
            assert_eq!(value, string_value(token), "{token}");
            // Between the quotes: `"ends\"` is `ends\` with no closing quote.
            let inner = &token[1.min(token.len())..];
            let inner = inner.strip_suffix('"').unwrap_or(inner);
            let escapes = inner.contains("\\\"") || inner.contains("\\\\");
            assert_eq!(matches!(value, Cow::Owned(_)), escapes, "{token}");
        }
    }

    /// Every MTS name is found at its place, and no other name of the standard, nor a near miss.
    #[test]
    fn mts_places() {
        for (i, name) in MTS.iter().enumerate() {
            assert_eq!(mts_index(name), Some(i));
            assert_eq!(mts_index(&name.to_lowercase()), None);
            assert_eq!(mts_index(&name[..name.len() - 1]), None);
        }
        for tag in &crate::names::TAGS[MTS.len()..] {
            assert_eq!(mts_index(tag.name), None, "{}", tag.name);
        }
        for name in ["", "Dat", "Datx", "Dxal", "Events", "vulnerable"] {
            assert_eq!(mts_index(name), None, "{name}");
        }
    }

    /// A text with no `#` value: values are not remembered, and the models are the same.
    #[test]
    fn no_hash_values_no_memory() {
        let text = "[Event \"a\"]\n[Board \"1\"]\n{#1 in a comment}\n\n[Event \"b\"]\n";
        assert!(Inheritor::for_text(text).no_hash_values);
        assert!(!Inheritor::for_text("[Event \"#\"]").no_hash_values);
        assert!(!Inheritor::for_text("[Event \"##x\"]").no_hash_values);
        assert_eq!(models(text).len(), 2);
    }

    /// PBN 3.1: a second tag of the same name in a game is a duplicate, whatever the names
    /// between (the names' summary bits only spare comparisons).
    #[test]
    fn duplicates_among_many_names() {
        let names: Vec<String> = (0..200).map(|i| format!("T{i}x")).collect();
        let mut text = String::new();
        for name in names.iter().chain(&names[..50]) {
            text.push_str(&format!("[{name} \"v\"]\n"));
        }
        let parse = parse(&text);
        let model = Inheritor::default().game(&parse, &text, &parse.games[0]);
        let duplicates: Vec<&str> = model
            .tags
            .iter()
            .filter(|t| t.duplicate)
            .map(|t| t.name)
            .collect();
        assert_eq!(
            duplicates,
            names[..50].iter().map(String::as_str).collect::<Vec<_>>()
        );
    }

    /// PBN 4.8: `#` looks back through several games; with no earlier value it is `""`.
    #[test]
    fn hash_chains_across_games() {
        let games = models(
            "[Event \"#\"]\n\n[Event \"#\"]\n\n[Event \"Club\"]\n\n[Site \
                \"x\"]\n\n[Event \"#\"]\n\n[Event \"#\"]\n",
        );
        assert_eq!(
            games[0][0],
            (
                "Event".into(),
                "".into(),
                Inheritance::Hash { found: false }
            )
        );
        // A `#` that found nothing passes nothing on.
        assert_eq!(games[1][0].2, Inheritance::Hash { found: false });
        assert_eq!(games[4][0].1, "Club");
        assert_eq!(games[5][0].1, "Club");
    }

    /// PBN 4.8: `##` applies to later games that omit the tag; a later plain value carries on.
    #[test]
    fn double_hash_and_redefinition() {
        let games = models(
            "[Date \"##2026.01.01\"]\n\n[Board \"2\"]\n\n[Date \"2026.01.02\"]\n\n[Board \"4\"]\n",
        );
        assert_eq!(
            games[0][0],
            ("Date".into(), "2026.01.01".into(), Inheritance::DoubleHash)
        );
        assert_eq!(
            games[1][1],
            ("Date".into(), "2026.01.01".into(), Inheritance::Implied)
        );
        assert_eq!(games[2][0].1, "2026.01.02");
        assert_eq!(
            games[3][1],
            ("Date".into(), "2026.01.02".into(), Inheritance::Implied)
        );
    }

    #[test]
    fn notes_belong_to_their_section() {
        let text = "[Note \"1:x\"]\n[Auction \"N\"]\n1C =1=\n[Note \"1:y\"]\n[Play \
            \"E\"]\n[Note \"2:z\"]\n[Event \"\"]\n[Note \"3:w\"]\n";
        let parse = parse(text);
        let model = Inheritor::default().game(&parse, text, &parse.games[0]);
        assert_eq!(model.auction_notes, [2]);
        assert_eq!(model.play_notes, [4]);
        assert_eq!(model.stray_notes, [0, 6]);
    }
}
