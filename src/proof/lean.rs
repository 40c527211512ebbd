//! The facts of an export read straight from its text, without the lexer, the parser and the
//! model: export's proof of a chunk in the usual case (issue 28, item 4).
//!
//! Export writes one shape: each tag pair alone on its line, the calls and cards one space apart
//! (a comment may follow one on its line), other comments and `%` lines on lines of their own, one
//! empty line between games. This reader takes only that shape and the facts it can read for
//! sure, and gives up ([`None`]) on anything else: `#` values, irregularities, suffixes, an
//! annotation that does not follow its call or card on its line, a comment inside a line of
//! table elements, any other spacing or line end. Export then reads its output back the long
//! way, so giving up costs time, never correctness.
//!
//! What it accepts, the long way accepts too, with the same facts: the same [`GameFacts`] pieces
//! write them, the words are read by the same readers ([`canon::push_word_text_meaning`]), and
//! the layout the long way checks ([`crate::export`]'s export rules, line ends and spacing) is
//! what this reader demands. In builds with debug assertions (the tests), export reads every
//! chunk this reader proves the long way too and asserts both agree. It shares no code with the
//! writer.

use std::borrow::Cow;
use std::ops::Range;

use xxhash_rust::xxh3::Xxh3;

use super::facts::{self, GameFacts};
use crate::bridge::{CallToken, PlayToken, Seat};
use crate::canon::{self, Place};
use crate::model::{MTS, value_cow};

/// The fingerprint of the facts of `piece`, an export of whole games with `nl` line ends, as
/// export's proof folds them ([`facts::fold`]), or `None` when `piece` is not in the shape this
/// reader takes. `out` is scratch space.
pub fn fingerprint(piece: &str, nl: &str, facts: &mut GameFacts, out: &mut String) -> Option<u128> {
    let bytes = piece.as_bytes();
    if piece.len() > crate::lexer::MAX_TEXT_LEN
        || memchr::memchr2(b'\t', 0x0B, bytes).is_some()
        || crate::lexer::is_embedded(piece)
    {
        return None;
    }
    // As many CRs as LFs, or none: a quick look before [`Lines::line`] checks each line end
    // outside comments (comments keep their facts whatever their line ends, as the long way
    // reads them).
    let crs = memchr::memchr_iter(b'\r', bytes).count();
    let expected = match nl {
        "\r\n" => memchr::memchr_iter(b'\n', bytes).count(),
        "\n" => 0,
        _ => return None,
    };
    if crs != expected {
        return None;
    }
    let mut lines = Lines {
        text: piece,
        at: 0,
        crlf: nl == "\r\n",
    };
    let mut game = LeanGame::default();
    let mut print = Xxh3::new();
    loop {
        // Games are one empty line apart; the piece may start or end with one.
        let mut blank = 0;
        while lines.blank() {
            lines.at += lines.nl_len();
            blank += 1;
        }
        if blank > 1 {
            return None;
        }
        if lines.at == piece.len() {
            return Some(print.digest128());
        }
        game.read(&mut lines)?;
        if game.facts(facts, out) {
            facts::fold(&mut print, out);
        }
    }
}

/// The lines of an export, each ending in its line end.
struct Lines<'a> {
    text: &'a str,
    at: usize,
    crlf: bool,
}

impl<'a> Lines<'a> {
    /// The next line without its line end, moving past it; `None` at the end, or when it does not
    /// end in the export's line end.
    fn line(&mut self) -> Option<&'a str> {
        let rest = &self.text.as_bytes()[self.at..];
        let end = memchr::memchr(b'\n', rest)?;
        let body = if self.crlf {
            if end == 0 || rest[end - 1] != b'\r' {
                return None;
            }
            end - 1
        } else {
            end
        };
        let line = &self.text[self.at..self.at + body];
        self.at += end + 1;
        Some(line)
    }

    /// True when the next line is empty.
    fn blank(&self) -> bool {
        let nl: &[u8] = if self.crlf { b"\r\n" } else { b"\n" };
        self.text.as_bytes()[self.at..].starts_with(nl)
    }

    fn nl_len(&self) -> usize {
        if self.crlf { 2 } else { 1 }
    }

    /// The next byte, which starts a line.
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }
}

/// A tag of a game, with where its data's facts are in [`LeanGame::data`].
struct LeanTag<'a> {
    name: &'a str,
    value: Cow<'a, str>,
    data: Range<usize>,
    /// How many comments, `%` lines and elements follow it (a `%` header line has no fact).
    items: usize,
    elements: bool,
    /// The Auction, the Play or a Note of theirs, whose facts are in [`LeanGame::middle`].
    in_sections: bool,
}

/// What the lines after a tag pair hold.
#[derive(Clone, Copy, PartialEq)]
enum After {
    /// The game's first tag is still to come.
    Leading,
    /// Calls or cards of a section from `seat` (PBN 3.5, 3.6), the next at `position`.
    Moves {
        is_auction: bool,
        seat: Option<Seat>,
        position: usize,
    },
    /// A Note of the Auction or Play section: only comments and `%` lines.
    SectionNote,
    /// Section elements (PBN 5.1), when the tag may have any.
    Elements { allowed: bool },
}

/// One game read, reused from game to game.
#[derive(Default)]
struct LeanGame<'a> {
    tags: Vec<LeanTag<'a>>,
    /// Facts of the comments and `%` lines before the first tag.
    leading: String,
    /// Facts of the tags' data, each tag's in a range.
    data: String,
    /// Facts of the Auction and Play sections and their notes, in order.
    middle: String,
    /// The Deal, Dealer and Declarer tags' places in `tags`.
    context: [Option<usize>; 3],
    /// The annotations of the move being read.
    notes: Vec<&'a str>,
    nags: Vec<&'a str>,
}

impl<'a> LeanGame<'a> {
    /// Reads a game up to the empty line after it or the end of the piece; `None` when it is
    /// not in the shape export writes.
    fn read(&mut self, lines: &mut Lines<'a>) -> Option<()> {
        self.tags.clear();
        self.leading.clear();
        self.data.clear();
        self.middle.clear();
        self.context = [None; 3];
        let mut after = After::Leading;
        // The place of the last tag other than a Note: export's order is strictly increasing.
        let mut last_place: Option<Place<'a>> = None;
        let mut mandatory = 0;
        while let Some(first) = lines.peek() {
            if lines.blank() {
                // The empty line after the game, which the caller reads.
                break;
            }
            match first {
                b'[' => {
                    self.close_tag(&mut last_place, &mut mandatory)?;
                    let (name, token) = tag_pair(lines.line()?)?;
                    let escaped = memchr::memchr(b'\\', token.as_bytes()).is_some();
                    let value = value_cow(token, escaped);
                    if value.starts_with('#') {
                        return None;
                    }
                    after = self.open_tag(name, value, after);
                }
                b'{' => {
                    let start = lines.at;
                    let rest = &lines.text.as_bytes()[start + 1..];
                    let (len, closed) = crate::lexer::brace_comment_len(rest);
                    if !closed {
                        return None;
                    }
                    lines.at = start + 1 + len;
                    // Nothing after the comment on its line.
                    if !lines.line()?.is_empty() {
                        return None;
                    }
                    let comment = &lines.text[start..start + 1 + len];
                    self.item(after, |out| facts::push_comment(out, comment));
                }
                b';' => {
                    let comment = lines.line()?;
                    self.item(after, |out| facts::push_comment(out, comment));
                }
                b'%' => {
                    let escape = lines.line()?;
                    self.item(after, |out| facts::push_escape(out, escape));
                }
                _ => match after {
                    After::Moves {
                        is_auction,
                        seat,
                        ref mut position,
                    } => self.moves(lines, is_auction, seat, position)?,
                    After::Elements { allowed: true } => self.elements(lines.line()?)?,
                    _ => return None,
                },
            }
        }
        self.close_tag(&mut last_place, &mut mandatory)?;
        // Export writes all 15 MTS (PBN 3.4); an empty game has no tag at all.
        (self.tags.is_empty() || mandatory == MTS.len()).then_some(())
    }

    /// Starts the tag `name` = `value`; what the lines after it hold.
    fn open_tag(&mut self, name: &'a str, value: Cow<'a, str>, after: After) -> After {
        let in_sections = matches!(name, "Auction" | "Play")
            || (name == "Note" && matches!(after, After::Moves { .. } | After::SectionNote));
        let next = match name {
            "Auction" | "Play" => {
                let seat = facts::push_section_start(&mut self.middle, name, &value);
                After::Moves {
                    is_auction: name == "Auction",
                    seat,
                    position: 0,
                }
            }
            _ if in_sections => {
                facts::push_note(&mut self.middle, &value);
                After::SectionNote
            }
            _ => After::Elements {
                allowed: crate::names::is_table(name) || crate::names::may_have_section(name),
            },
        };
        let start = self.data.len();
        self.tags.push(LeanTag {
            name,
            value,
            data: start..start,
            items: 0,
            elements: false,
            in_sections,
        });
        next
    }

    /// Ends the last tag's data; checks its place in export order (PBN 3.4).
    fn close_tag(
        &mut self,
        last_place: &mut Option<Place<'a>>,
        mandatory: &mut usize,
    ) -> Option<()> {
        let end = self.data.len();
        let at = self.tags.len().checked_sub(1);
        let Some(tag) = self.tags.last_mut() else {
            return Some(());
        };
        tag.data.end = end;
        if tag.name == "Note" {
            return Some(());
        }
        let elements = tag.elements;
        let name = tag.name;
        let place = canon::place_with(name, || {
            crate::names::is_table(name) || (crate::names::may_have_section(name) && elements)
        });
        // Strictly increasing: no name twice, so no duplicate tag to leave out.
        if last_place.is_some_and(|last| place <= last) {
            return None;
        }
        *last_place = Some(place);
        if let Place::Mandatory(i) = place {
            *mandatory += 1;
            let slot = match MTS[i as usize] {
                "Deal" => 0,
                "Dealer" => 1,
                "Declarer" => 2,
                _ => return Some(()),
            };
            self.context[slot] = at;
        }
        Some(())
    }

    /// A comment or `%` line: its fact goes where the lines after the current tag go.
    fn item(&mut self, after: After, fact: impl FnOnce(&mut String)) {
        match after {
            After::Leading => fact(&mut self.leading),
            After::Moves { .. } | After::SectionNote => fact(&mut self.middle),
            After::Elements { .. } => {
                fact(&mut self.data);
                if let Some(tag) = self.tags.last_mut() {
                    tag.items += 1;
                }
            }
        }
    }

    /// A line of calls or cards (PBN 3.5, 3.6): words, note references, NAGs and comments one
    /// space apart, read from the start of the line to past its line end.
    fn moves(
        &mut self,
        lines: &mut Lines<'a>,
        is_auction: bool,
        seat: Option<Seat>,
        position: &mut usize,
    ) -> Option<()> {
        let text = lines.text;
        let bytes = text.as_bytes();
        let mut word: Option<&'a str> = None;
        loop {
            let start = lines.at;
            match *bytes.get(start)? {
                b'{' => {
                    let (len, closed) = crate::lexer::brace_comment_len(&bytes[start + 1..]);
                    if !closed {
                        return None;
                    }
                    self.flush(word.take(), is_auction, seat, position);
                    facts::push_comment(&mut self.middle, &text[start..start + 1 + len]);
                    lines.at = start + 1 + len;
                }
                b';' => {
                    self.flush(word.take(), is_auction, seat, position);
                    facts::push_comment(&mut self.middle, lines.line()?);
                    return Some(());
                }
                _ => {
                    let len = bytes[start..]
                        .iter()
                        .position(|&b| matches!(b, b' ' | b'\r' | b'\n'))
                        .unwrap_or(bytes.len() - start);
                    lines.at = start + len;
                    self.move_token(
                        &text[start..start + len],
                        &mut word,
                        is_auction,
                        seat,
                        position,
                    )?;
                }
            }
            // One space before the next token, or the line's end.
            if bytes.get(lines.at) == Some(&b' ') {
                lines.at += 1;
            } else if lines.line()?.is_empty() {
                break;
            } else {
                return None;
            }
        }
        self.flush(word, is_auction, seat, position);
        Some(())
    }

    /// A token of a line of calls or cards other than a comment: a call or card becomes `word`,
    /// the move whose annotations follow it.
    fn move_token(
        &mut self,
        token: &'a str,
        word: &mut Option<&'a str>,
        is_auction: bool,
        seat: Option<Seat>,
        position: &mut usize,
    ) -> Option<()> {
        let bytes = token.as_bytes();
        match *bytes.first()? {
            b'=' => {
                // A note reference (`=1=`), before any NAG.
                let digits = token.strip_prefix('=')?.strip_suffix('=')?;
                if word.is_none() || !self.nags.is_empty() || !canonical_number(digits) {
                    return None;
                }
                self.notes.push(digits);
            }
            b'$' => {
                let digits = &token[1..];
                let ascending = self
                    .nags
                    .last()
                    .is_none_or(|last| (last.len(), *last) <= (digits.len(), digits));
                if word.is_none() || !canonical_number(digits) || !ascending {
                    return None;
                }
                self.nags.push(digits);
            }
            b'*' | b'+' if bytes.len() == 1 => {
                self.flush(word.take(), is_auction, seat, position);
                facts::push_position(&mut self.middle, seat, *position, is_auction);
                self.middle.push_str(token);
                self.middle.push('\n');
                *position += 1;
            }
            _ => {
                // A word token that reads as a call or card (no `-` before the first call:
                // export leaves that fill out).
                let is_word = bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'));
                let reads = if is_auction {
                    token != "-" && CallToken::read(token).is_some()
                } else {
                    PlayToken::read(token).is_some()
                };
                if !is_word || !reads {
                    return None;
                }
                let before = word.replace(token);
                self.flush(before, is_auction, seat, position);
            }
        }
        Some(())
    }

    /// The fact of the move `word` with the annotations read after it.
    fn flush(
        &mut self,
        word: Option<&str>,
        is_auction: bool,
        seat: Option<Seat>,
        position: &mut usize,
    ) {
        let Some(word) = word else { return };
        let out = &mut self.middle;
        facts::push_position(out, seat, *position, is_auction);
        canon::push_word_text_meaning(out, word, is_auction);
        if self.notes.is_empty() && self.nags.is_empty() {
            out.push_str(facts::PLAIN_MOVE_END);
        } else {
            facts::push_annotations(out, None, self.notes.drain(..), self.nags.drain(..));
        }
        *position += 1;
    }

    /// A line of section elements (PBN 5.1): strings and section tokens, spaces between.
    fn elements(&mut self, line: &str) -> Option<()> {
        let bytes = line.as_bytes();
        let mut at = 0;
        let mut any = false;
        while at < bytes.len() {
            if bytes[at] == b' ' {
                at += 1;
                continue;
            }
            let start = at;
            if bytes[at] == b'"' {
                at = closing_quote(bytes, at + 1)? + 1;
            } else {
                // A section token: printable ASCII glued together, none of the characters that
                // start another token or that a section token may not hold.
                while at < bytes.len()
                    && bytes[at] > b' '
                    && bytes[at] < 0x7F
                    && !matches!(bytes[at], b'"' | b'{' | b'}' | b';' | b'[' | b']' | b'%')
                {
                    at += 1;
                }
            }
            if at == start || bytes.get(at).is_some_and(|&b| b != b' ') {
                return None;
            }
            facts::push_element(&mut self.data, &line[start..at]);
            any = true;
        }
        // A line of spaces alone ends the game (PBN 3): not a line of elements.
        let tag = self.tags.last_mut()?;
        tag.items += 1;
        tag.elements = true;
        any.then_some(())
    }

    /// Writes the game's facts into `out`, as [`GameFacts::game`] does from its model; whether
    /// it has any.
    fn facts(&self, facts: &mut GameFacts, out: &mut String) -> bool {
        let start = facts::start_game(out, self.tags.is_empty());
        out.push_str(&self.leading);
        if self.tags.is_empty() {
            return out.len() > start;
        }
        let value = |slot: usize| self.context[slot].map(|at| &*self.tags[at].value);
        let context = canon::context_of(value(0), value(1), value(2));
        let has_tag = |name: &str| self.tags.iter().any(|tag| tag.name == name);
        facts.start_tags();
        for tag in self.tags.iter().filter(|tag| !tag.in_sections) {
            let section = matches!(
                canon::place_with(tag.name, || crate::names::is_table(tag.name)
                    || (crate::names::may_have_section(tag.name) && tag.elements)),
                Place::Section(_)
            );
            facts.tag(
                tag.name,
                &tag.value,
                tag.items == 0,
                section,
                &context,
                has_tag,
                |scratch| scratch.push_str(&self.data[tag.data.clone()]),
            );
        }
        facts.finish_tags(out, |out| out.push_str(&self.middle));
        true
    }
}

/// `[Name "value"]` and nothing else: the name, and the value's string token (quotes included).
fn tag_pair(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    if bytes.first() != Some(&b'[') || !bytes.get(1)?.is_ascii_alphabetic() {
        return None;
    }
    let mut at = 2;
    while bytes.get(at)?.is_ascii_alphanumeric() || bytes[at] == b'_' {
        at += 1;
    }
    let name = &line[1..at];
    if bytes.get(at..at + 2)? != b" \"" {
        return None;
    }
    let open = at + 1;
    let close = closing_quote(bytes, at + 2)?;
    (&line[close + 1..] == "]").then(|| (name, &line[open..=close]))
}

/// Where the string whose text starts at `at` in `line` closes, as the lexer reads a string
/// ([`crate::lexer::string_len`], PBN 3.2); `None` when it does not close on its line.
fn closing_quote(line: &[u8], at: usize) -> Option<usize> {
    let (len, closed) = crate::lexer::string_len(line.get(at..)?);
    closed.then(|| at + len - 1)
}

/// Digits as export writes a note reference or NAG: no leading zero.
fn canonical_number(digits: &str) -> bool {
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{ExportOptions, Newline, export_bytes};
    use crate::generate::{Options, games};

    /// The fingerprint of `text`'s facts the long way: lexer, parser, models ([`facts::Facts`]).
    fn long_way(text: &str, resolve: bool) -> u128 {
        let parse = crate::parser::parse(text);
        let mut facts = facts::Facts::new(&parse, text, resolve);
        let (mut out, mut print) = (String::new(), Xxh3::new());
        while let Some((_, has_facts)) = facts.next_game(&mut out) {
            if has_facts {
                facts::fold(&mut print, &out);
            }
        }
        print.digest128()
    }

    fn lean(text: &str, nl: &str) -> Option<u128> {
        fingerprint(text, nl, &mut GameFacts::new(false), &mut String::new())
    }

    fn export(text: &str, newline: Newline) -> String {
        let options = ExportOptions {
            newline,
            ..ExportOptions::default()
        };
        let written = export_bytes(text.as_bytes(), &options);
        assert!(written.problems.is_empty(), "{:?}", written.problems);
        String::from_utf8(written.output_bytes().expect("exported")).expect("UTF-8")
    }

    /// Generated games with comments, notes, NAGs, tables and accents, exported with either line
    /// end: the reader takes the export, and its facts are the long way's.
    #[test]
    fn reads_exports_as_the_long_way_does() {
        for (seed, newline) in [(1, Newline::CrLf), (2, Newline::Lf), (3, Newline::CrLf)] {
            let options = Options {
                seed,
                annotation_percent: 20,
                comment_percent: 60,
                accents: seed == 3,
                ..Options::default()
            };
            let exported = export(&games(60, &options), newline);
            let print = lean(&exported, newline.as_str());
            assert_eq!(print, Some(long_way(&exported, false)), "seed {seed}");
        }
    }

    /// One game in export format, with a note, NAGs, comments in and after a line of cards, a
    /// `%` line and a table.
    const GAME: &str = "% PBN 2.1\n% EXPORT\n{before}\n[Event \"E\"]\n[Site \"S\"]\n\
        [Date \"2026.11.26\"]\n[Board \"1\"]\n[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n\
        [South \"S\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        [Scoring \"IMP\"]\n%free line\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n\
        [Auction \"N\"]\n1S Pass 4S $1 Pass\nPass Pass\n[Play \"E\"]\nST S3 S2 SA =1= {lead}\n\
        HJ H8 H2 HA $7 $10\n;last\n[Note \"1:top\"]\n\
        [ScoreTable \"Rank\\2R;PairId_NS\\2R;MP_NS\"]\n 1 \"a b\" 12.5\n10  7  3\n";

    /// [`GAME`] with its first `from` replaced by `to`.
    fn changed(from: &str, to: &str) -> String {
        assert!(GAME.contains(from), "{from}");
        GAME.replacen(from, to, 1)
    }

    /// The reader takes the game above, with the long way's facts.
    #[test]
    fn reads_every_kind_of_line_export_writes() {
        assert_eq!(lean(GAME, "\n"), Some(long_way(GAME, false)));
        let crlf = GAME.replace('\n', "\r\n");
        assert_eq!(lean(&crlf, "\r\n"), Some(long_way(&crlf, false)));
        // Two games, and a chunk of comments between them.
        let two = format!(
            "{GAME}\n{{between}}\n\n{}",
            GAME.replace("[Board \"1\"]", "[Board \"2\"]")
        );
        assert_eq!(lean(&two, "\n"), Some(long_way(&two, false)));
    }

    /// A change of a fact changes the fingerprint.
    #[test]
    fn a_changed_fact_changes_the_fingerprint() {
        let print = lean(GAME, "\n");
        for (from, to) in [
            ("ST S3", "ST S4"),
            ("$7 $10", "$7 $11"),
            ("=1=", "=2="),
            ("{lead}", "{led}"),
            ("AKQJ.AKQ.AKQ.AKQ T987", "AKQT.AKQ.AKQ.AKQ J987"),
            ("[Result \"10\"]", "[Result \"9\"]"),
            ("12.5", "12.6"),
            ("%free line", "%free lines"),
            (";last", ";lost"),
            ("1:top", "1:bottom"),
            ("Pass\nPass Pass\n", "Pass\nPass\n"),
        ] {
            let changed = changed(from, to);
            let other = lean(&changed, "\n");
            assert!(other.is_some(), "{to}: not read");
            assert_ne!(other, print, "{from} -> {to}");
            assert_eq!(other, Some(long_way(&changed, false)), "{to}");
        }
    }

    /// Whatever export does not write, or whose facts the long way reads from more than the
    /// text (`#` values), is left to the long way.
    #[test]
    fn gives_up_on_what_export_does_not_write() {
        for (from, to) in [
            // Values inherited with `#` (PBN 4.8).
            ("[Site \"S\"]", "[Site \"#\"]"),
            // An irregularity and a suffix (PBN 3.9, 3.5.2).
            ("ST S3", "ST ^I S3"),
            ("4S $1", "4S !"),
            // Spacing, tabs and line ends.
            ("1S Pass", "1S  Pass"),
            ("Pass\nPass Pass\n", "Pass \nPass Pass\n"),
            ("[Board", " [Board"),
            ("[Board \"1\"]", "[Board \"1\"] "),
            ("[Board \"1\"]", "[Board\t\"1\"]"),
            ("{lead}", "{lead}\r"),
            // Tags: missing, twice, out of order, two on a line.
            ("[Scoring \"IMP\"]\n", ""),
            ("[Board \"1\"]\n", "[Board \"1\"]\n[Board \"1\"]\n"),
            (
                "[Site \"S\"]\n[Date \"2026.11.26\"]",
                "[Date \"2026.11.26\"]\n[Site \"S\"]",
            ),
            ("[Board \"1\"]\n[West \"W\"]", "[Board \"1\"][West \"W\"]"),
            // Annotations not in export order, or not after a call or card.
            ("$7 $10", "$10 $7"),
            ("=1= {lead}", "{lead} =1="),
            ("HJ H8", "$7 HJ H8"),
            // Section tokens a table may not hold, text a game may not hold.
            ("12.5", "12%5"),
            ("12.5", "\"12.5\"x"),
            ("{before}", "stray"),
            // Unknown calls and cards, an unclosed comment, embedded PBN.
            ("4S $1", "4Z $1"),
            ("ST S3", "S1 S3"),
            ("{lead}", "{lead"),
            ("{before}", "{<PBN>}"),
            // A game separator that is not one empty line.
            ("10  7  3\n", "10  7  3\n\n\n"),
        ] {
            assert_eq!(lean(&changed(from, to), "\n"), None, "{from} -> {to}");
        }
        // A CR LF export read as LF, and the other way.
        assert_eq!(lean(&GAME.replace('\n', "\r\n"), "\n"), None);
        assert_eq!(lean(GAME, "\r\n"), None);
    }
}
