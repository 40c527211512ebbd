//! What an export must keep, as facts read from a text: every tag and its meaning, every call and
//! card at its seat with its annotations, every note, section element, comment and `%` line, and
//! what each comment follows. The export of a text must have the same facts as the text
//! (`docs/spec-decisions.md`, "Export").
//!
//! Facts are compared as meaning, not spelling: a Deal as the cards of each seat, a Vulnerable as
//! its value, a Result as declarer's tricks, a suffix as its NAG. Layout and tag order are not
//! facts; what a comment follows is. The meanings come from the model's readers, not from the
//! writer, so a writer that spells something wrongly is caught here.
//!
//! Facts are produced a game at a time into a text buffer, one fact a line, so that comparing two
//! files costs no more memory than their largest game.

use std::fmt::Write as _;
use std::ops::Range;

use crate::bridge::Seat;
use crate::canon::{self, GameContext, context};
use crate::model::loose;
use crate::model::values::{self, ContractValue, ResultValue, Vulnerability};
use crate::model::{GameModel, Inheritance, Inheritor, MTS, Tag};
use crate::syntax::{Data, Game, Parse, TokenId};

/// The facts of a file, chunk by chunk (a game, or a chunk of comments and `%` lines).
pub struct Facts<'t, 'p> {
    parse: &'p Parse,
    text: &'t str,
    games: std::slice::Iter<'p, Game>,
    inheritor: Inheritor<'t, 'p>,
    game_facts: GameFacts,
}

impl<'t: 'p, 'p> Facts<'t, 'p> {
    pub fn new(parse: &'p Parse, text: &'t str, effective: bool) -> Facts<'t, 'p> {
        Facts::carrying(parse, text, effective, Inheritor::default())
    }

    /// The facts of `parse`, a chunk of a file, after the chunks whose `#`/`##` values
    /// `inheritor` carries ([`Facts::into_inheritor`]).
    pub fn carrying(
        parse: &'p Parse,
        text: &'t str,
        effective: bool,
        inheritor: Inheritor<'t, 'static>,
    ) -> Facts<'t, 'p> {
        Facts {
            parse,
            text,
            games: parse.games.iter(),
            inheritor,
            game_facts: GameFacts::new(effective),
        }
    }

    /// The same facts without the tags named in `names`.
    pub fn leaving_out(mut self, names: &[&str]) -> Facts<'t, 'p> {
        self.game_facts.leave_out = names.iter().map(|name| (*name).to_owned()).collect();
        self
    }

    /// The `#`/`##` values at the end of the games read, for the next chunk.
    pub fn into_inheritor(self) -> Inheritor<'t, 'static> {
        self.inheritor.detach()
    }

    /// Writes the facts of the next chunk that has any into `out` (cleared first); false at the
    /// end of the file.
    pub fn next_chunk(&mut self, out: &mut String) -> bool {
        while let Some((_, has_facts)) = self.next_game(out) {
            if has_facts {
                return true;
            }
        }
        out.clear();
        false
    }

    /// Writes the facts of the next game (or chunk of comments and `%` lines) into `out`
    /// (cleared first): the game, and whether it has any facts (a chunk of nothing has none).
    pub fn next_game(&mut self, out: &mut String) -> Option<(&'p Game, bool)> {
        let game = self.games.next()?;
        let (parse, text) = (self.parse, self.text);
        let has_facts = if game.is_empty() {
            self.game_facts.game(parse, text, game, None, out)
        } else {
            let model = self.inheritor.game(parse, text, game);
            let context = context(&model);
            self.game_facts
                .game(parse, text, game, Some((&model, &context)), out)
        };
        Some((game, has_facts))
    }
}

/// Writes the facts of one game at a time from its model: [`Facts`] builds the models, export's
/// proof takes the ones the writer built. The export's own facts, read straight from its text
/// ([`super::lean`]), are written by the same pieces.
pub struct GameFacts {
    /// Tags count with their values after `#`/`##` inheritance (for `--resolve`), else as written.
    effective: bool,
    scratch: String,
    /// The identification tags' and the sections' lines in `scratch` ([`FactLines`]). Kept from
    /// game to game so that they are allocated once.
    identification: Vec<FactLines>,
    sections: Vec<FactLines>,
    /// Tags that are not facts here (`pbnfmt analyze` and `renumber` prove everything else
    /// unchanged).
    leave_out: Vec<String>,
}

/// A tag's lines of facts in [`GameFacts::scratch`]: the key of its name ([`sort_key`]), where
/// they are, and the length of the name, which follows `tag ` at their start.
type FactLines = (u64, Range<usize>, usize);

/// A name's first 8 bytes as a number, a shorter name padded with 0: two names whose numbers
/// differ are in the order of their numbers (0 is no greater than any byte). Sorting a game's
/// tags by it, then by name, compares numbers, not strings (the sort by names cost 12
/// instructions a byte of export).
fn sort_key(name: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let len = name.len().min(8);
    bytes[..len].copy_from_slice(&name.as_bytes()[..len]);
    u64::from_be_bytes(bytes)
}

impl GameFacts {
    pub fn new(effective: bool) -> GameFacts {
        GameFacts {
            effective,
            scratch: String::new(),
            identification: Vec::new(),
            sections: Vec::new(),
            leave_out: Vec::new(),
        }
    }

    /// Writes the facts of `game` (of `parse`, of `text`) into `out` (cleared first), from its
    /// model and context (none for a chunk of comments and `%` lines); whether it has any facts
    /// (a chunk of nothing has none).
    pub fn game(
        &mut self,
        parse: &Parse,
        text: &str,
        game: &Game,
        model: Option<(&GameModel<'_>, &GameContext<'_>)>,
        out: &mut String,
    ) -> bool {
        let start = start_game(out, game.is_empty());
        lines(parse, text, &game.leading, out);
        if let Some((model, context)) = model {
            self.tags(parse, text, model, context, out);
        }
        out.len() > start || !game.is_empty()
    }

    fn tags(
        &mut self,
        parse: &Parse,
        text: &str,
        model: &GameModel<'_>,
        context: &GameContext<'_>,
        out: &mut String,
    ) {
        self.start_tags();
        let has_tag = |name: &str| model.get(name).is_some();
        // A repeated tag pair that export writes as a comment after the tag that counts is
        // that comment here, with its own comments after it ([`canon::repeat`]).
        let repeats: Vec<(String, &Tag<'_>)> = model
            .tags
            .iter()
            .filter(|tag| tag.duplicate)
            .filter_map(|tag| match canon::repeat(text, model, tag) {
                canon::Repeat::Comment(comment) => Some((comment, tag)),
                _ => None,
            })
            .collect();
        for (i, tag) in model.tags.iter().enumerate() {
            if tag.duplicate
                || model.auction_notes.contains(&i)
                || model.play_notes.contains(&i)
                || model.auction == Some(i)
                || model.play == Some(i)
            {
                continue;
            }
            let given: &str = if self.effective || tag.inheritance == Inheritance::Implied {
                &tag.value
            } else {
                &tag.written
            };
            // An implied tag brings its value, not the data of the game that gave it.
            let implied = tag.inheritance == Inheritance::Implied;
            // An implied table is written as a table with `--resolve` (a table is a section
            // whatever data it has); another implied tag brings no section data.
            let section = match canon::place(tag.pair, tag.name) {
                canon::Place::Section(_) => !implied || crate::names::is_table(tag.name),
                _ => false,
            };
            let data = if implied { &[][..] } else { &tag.pair.data[..] };
            let has_repeats = !implied && repeats.iter().any(|(_, r)| r.name == tag.name);
            self.tag(
                tag.name,
                given,
                data.is_empty() && !has_repeats,
                section,
                context,
                has_tag,
                |scratch| {
                    lines(parse, text, data, scratch);
                    for (comment, repeat) in repeats.iter().filter(|_| has_repeats) {
                        if repeat.name == tag.name {
                            push_comment(scratch, comment);
                            lines(parse, text, &repeat.pair.data, scratch);
                        }
                    }
                },
            );
        }
        // Taken for the closure, which cannot borrow `self`, and put back after.
        let leave_out = std::mem::take(&mut self.leave_out);
        self.finish_tags(out, |out| {
            for (section, notes, is_auction) in [
                (model.auction, &model.auction_notes, true),
                (model.play, &model.play_notes, false),
            ] {
                let Some(i) = section else {
                    continue;
                };
                // A section whose tag the proof leaves out (`set-tag --remove Auction`) is left
                // out whole, its calls or cards and its notes with it.
                if leave_out.iter().any(|left| left == model.tags[i].name) {
                    continue;
                }
                moves(parse, text, &model.tags[i], is_auction, out);
                for &note in notes {
                    let tag = &model.tags[note];
                    push_note(out, &tag.written);
                    lines(parse, text, &tag.pair.data, out);
                }
            }
        });
        self.leave_out = leave_out;
    }

    /// Starts the facts of a game's tags: [`GameFacts::tag`] for each tag that is no part of the
    /// Auction or Play section, then [`GameFacts::finish_tags`].
    pub(crate) fn start_tags(&mut self) {
        self.scratch.clear();
        self.identification.clear();
        self.sections.clear();
    }

    /// The facts of the tag `name` with the value `given`, and of its data (`data` writes them;
    /// `no_data` when it has none): kept to be written in the order of names among the
    /// identification tags, or among the supplemental sections when `section`. `has_tag` says
    /// whether the game has a tag of a name.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn tag(
        &mut self,
        name: &str,
        given: &str,
        no_data: bool,
        section: bool,
        context: &GameContext<'_>,
        has_tag: impl Fn(&str) -> bool,
        data: impl FnOnce(&mut String),
    ) {
        // PBN 3.4: an absent mandatory tag is written "?": both mean "unknown".
        if self.leave_out.iter().any(|left| left == name)
            || (given == "?" && MTS.contains(&name) && no_data)
        {
            return;
        }
        let scratch = &mut self.scratch;
        let start = scratch.len();
        scratch.push_str("tag ");
        scratch.push_str(name);
        scratch.push_str(" = ");
        // A `##` value as written (PBN 4.8) means its `##` and what the rest means: `fix` may
        // respell the date of `"##1998.4.01"` as it does a plain one.
        match given.strip_prefix("##") {
            Some(rest) => {
                scratch.push_str("##");
                meaning(scratch, name, rest, context);
            }
            None => meaning(scratch, name, given, context),
        }
        scratch.push('\n');
        data(scratch);
        let lines = (sort_key(name), start..scratch.len(), name.len());
        if section {
            self.sections.push(lines);
        } else {
            self.identification.push(lines);
        }
        // A date with a time (`2013-08-10 17:32`) in a game without a time tag holds that
        // time as a fact, the one `pbnfmt fix` writes in a Time tag.
        if let Some((time_tag, time)) = time_in_date(name, given, has_tag) {
            let start = scratch.len();
            let _ = writeln!(scratch, "tag {time_tag} = {time}");
            let key = sort_key(time_tag);
            self.identification
                .push((key, start..scratch.len(), time_tag.len()));
        }
    }

    /// Writes the identification tags' facts sorted by name, then `sections` (the Auction and
    /// Play sections' facts), then the supplemental sections' facts sorted by name.
    pub(crate) fn finish_tags(&mut self, out: &mut String, sections: impl FnOnce(&mut String)) {
        let scratch = &self.scratch;
        let name = |lines: &FactLines| &scratch[lines.1.start + 4..lines.1.start + 4 + lines.2];
        let by_name =
            |a: &FactLines, b: &FactLines| a.0.cmp(&b.0).then_with(|| name(a).cmp(name(b)));
        self.identification.sort_by(by_name);
        for (_, range, _) in &self.identification {
            out.push_str(&scratch[range.clone()]);
        }
        sections(out);
        self.sections.sort_by(by_name);
        for (_, range, _) in &self.sections {
            out.push_str(&scratch[range.clone()]);
        }
    }
}

/// Folds one game's facts into a fingerprint: their length first, so that the games' boundaries
/// count too.
pub fn fold(print: &mut xxhash_rust::xxh3::Xxh3, facts: &str) {
    print.update(&(facts.len() as u64).to_le_bytes());
    print.update(facts.as_bytes());
}

/// Starts the facts of a game, or of a chunk of comments and `%` lines (`empty`), in `out`
/// (cleared first); where its facts start.
pub(crate) fn start_game(out: &mut String, empty: bool) -> usize {
    out.clear();
    out.push_str(if empty { "chunk\n" } else { "game\n" });
    out.len()
}

/// The time tag and time that a Date or UTCDate `value` holds besides the date, when the game has
/// no such tag (`model::loose::date_with_time`).
fn time_in_date(
    name: &str,
    value: &str,
    has_tag: impl Fn(&str) -> bool,
) -> Option<(&'static str, String)> {
    let time_tag = loose::time_tag(name)?;
    if values::date_problem(value).is_none() || loose::date(value).is_some() {
        return None;
    }
    if has_tag(time_tag) {
        return None;
    }
    loose::date_with_time(value).map(|(_, time)| (time_tag, time))
}

/// The first line where two chunks of facts differ, as (line in a, line in b).
pub fn first_difference(a: &str, b: &str) -> Option<(String, String)> {
    if a == b {
        // The usual case, in one comparison.
        return None;
    }
    let mut x = a.lines();
    let mut y = b.lines();
    loop {
        match (x.next(), y.next()) {
            (None, None) => return None,
            (Some(p), Some(q)) if p == q => {}
            (p, q) => {
                let shown = |line: Option<&str>| line.unwrap_or("(nothing)").to_owned();
                return Some((shown(p), shown(q)));
            }
        }
    }
}

fn comment(parse: &Parse, text: &str, id: TokenId, out: &mut String) {
    let token = parse.text(text, id);
    if parse.kind(id) == crate::lexer::SyntaxKind::UnterminatedBraceComment {
        // Read as ending where pbnfmt's reading ends it (S002): the same fact as the comment
        // closed there (`fix --unsafe-fixes`).
        push_comment(out, &format!("{}}}", token.trim_end()));
    } else {
        push_comment(out, token);
    }
}

/// The fact of a comment, from its token (`{...}` or `;...`).
pub(crate) fn push_comment(out: &mut String, token: &str) {
    out.push_str("comment ");
    push_text(out, &canon::comment_text(token, "\n"));
    out.push('\n');
}

/// The fact of a `%` line (its line end left out): none for the header export writes itself.
pub(crate) fn push_escape(out: &mut String, line: &str) {
    if !canon::is_header_escape(line) {
        out.push_str("escape ");
        push_text(out, line);
        out.push('\n');
    }
}

/// The fact of a section element (PBN 5.1) as written.
pub(crate) fn push_element(out: &mut String, element: &str) {
    out.push_str("element ");
    // A table's elements are a quarter of all facts, most a few plain bytes: pushed a byte at a
    // time, not through a copy call.
    if element.len() <= 8
        && element
            .bytes()
            .all(|b| b.is_ascii() && b != b'\t' && b != 0x0B)
    {
        element.bytes().for_each(|b| out.push(char::from(b)));
    } else {
        push_text(out, element);
    }
    out.push('\n');
}

/// The fact of a Note tag of the Auction or Play section, from its value.
pub(crate) fn push_note(out: &mut String, written: &str) {
    out.push_str("note ");
    push_text(out, written);
    out.push('\n');
}

/// Comments, `%` lines and section elements, in order.
fn lines(parse: &Parse, text: &str, data: &[Data], out: &mut String) {
    for item in data {
        match *item {
            Data::Comment(id) => comment(parse, text, id, out),
            Data::Escape(id) => {
                push_escape(out, parse.text(text, id).trim_end_matches(['\r', '\n']));
            }
            Data::Element { first, last } => push_element(out, &text[parse.span(first, last)]),
            _ => {}
        }
    }
}

/// The first fact of an Auction or Play section: its name, and its value unless it is a seat;
/// the seat.
pub(crate) fn push_section_start(out: &mut String, name: &str, written: &str) -> Option<Seat> {
    let seat = Seat::parse(written);
    out.push_str(name);
    if seat.is_none() {
        out.push(' ');
        push_text(out, written);
    }
    out.push('\n');
    seat
}

/// The start of the fact of the call or card at `position` (from 0) of a section from `seat`: the
/// seat that makes it (and, before a trick's first card, the trick's number), or its number when
/// the section names no seat.
pub(crate) fn push_position(
    out: &mut String,
    seat: Option<Seat>,
    position: usize,
    is_auction: bool,
) {
    // Whole pieces from tables: this runs for every call and card of a file twice, and a char
    // pushed at a time cost 7 instructions a byte of export.
    match seat {
        Some(seat) if is_auction => out.push_str(seat_and_space(seat.offset(position))),
        Some(seat) => {
            // The trick's number once, on a line before its first card.
            if position.is_multiple_of(4) {
                match TRICKS.get(position / 4) {
                    Some(line) => out.push_str(line),
                    None => {
                        out.push_str("trick ");
                        push_digits(out, (position / 4 + 1) as u64, 10);
                        out.push('\n');
                    }
                }
            }
            out.push_str(seat_and_space(seat.offset(position % 4)));
        }
        None => {
            out.push('#');
            push_digits(out, position as u64, 10);
            out.push(' ');
        }
    }
}

/// The line before the first card of each trick of a deal of 13 tricks.
const TRICKS: [&str; 13] = [
    "trick 1\n",
    "trick 2\n",
    "trick 3\n",
    "trick 4\n",
    "trick 5\n",
    "trick 6\n",
    "trick 7\n",
    "trick 8\n",
    "trick 9\n",
    "trick 10\n",
    "trick 11\n",
    "trick 12\n",
    "trick 13\n",
];

/// A seat's letter and a space: the start of a move's fact.
fn seat_and_space(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "N ",
        Seat::East => "E ",
        Seat::South => "S ",
        Seat::West => "W ",
    }
}

/// The end of the fact of a call or card with no irregularity and no annotation.
pub(crate) const PLAIN_MOVE_END: &str = " mark - notes nags\n";

/// The end of the fact of a call or card: its irregularity (`mark`, in uppercase), its note
/// references, then its NAGs (as digits without leading zeros, the NAGs ascending).
pub(crate) fn push_annotations<'a>(
    out: &mut String,
    mark: Option<&str>,
    notes: impl IntoIterator<Item = &'a str>,
    nags: impl IntoIterator<Item = &'a str>,
) {
    out.push_str(" mark ");
    match mark {
        Some(mark) => out.extend(mark.chars().map(|c| c.to_ascii_uppercase())),
        None => out.push('-'),
    }
    out.push_str(" notes");
    for note in notes {
        out.push(' ');
        out.push_str(note);
    }
    out.push_str(" nags");
    for nag in nags {
        out.push(' ');
        out.push_str(nag);
    }
    out.push('\n');
}

/// Each call or card with its seat (and trick), annotations and the comments after it, in order.
/// Bare `-` before the first call only shift the seats (PBN 3.5).
fn moves(parse: &Parse, text: &str, tag: &Tag<'_>, is_auction: bool, out: &mut String) {
    let seat = push_section_start(out, tag.name, &tag.written);
    let data = &tag.pair.data;
    let mut skip = match seat {
        Some(_) if is_auction => canon::leading_dashes(parse, text, data),
        _ => 0,
    };
    let mut index = 0usize;
    for item in data {
        match item {
            Data::Move(_) | Data::Marker(_) => {
                let position = index;
                index += 1;
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                push_position(out, seat, position, is_auction);
                match item {
                    Data::Move(mv) => {
                        canon::push_word_meaning(out, parse, text, mv, is_auction);
                        if mv.irregularity.is_none() && mv.annotations.is_empty() {
                            // The usual move, in one piece.
                            out.push_str(PLAIN_MOVE_END);
                        } else {
                            let (notes, nags) = canon::annotations(parse, text, mv, is_auction);
                            push_annotations(
                                out,
                                mv.irregularity.map(|mark| parse.text(text, mark)),
                                notes.iter().map(canon::Number::digits),
                                nags.iter().map(canon::Number::digits),
                            );
                        }
                    }
                    Data::Marker(id) => {
                        out.push_str(parse.text(text, *id));
                        out.push('\n');
                    }
                    _ => {}
                }
            }
            Data::Comment(id) => comment(parse, text, *id, out),
            Data::Escape(_) => lines(parse, text, std::slice::from_ref(item), out),
            _ => {}
        }
    }
}

/// Appends `n` in base `radix` (10 or 16), lowercase: pushed as one piece, without `fmt`.
fn push_digits(out: &mut String, n: u64, radix: u64) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut digits = [0u8; 64];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = DIGITS[(n % radix) as usize];
        n /= radix;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

/// What a tag value means, for the tags whose export form differs from import spellings. A value
/// that reads is written in its PBN spelling, pushed piece by piece (formatting with `{:?}` cost
/// 5 instructions a byte of export); one that does not is written as it is. The spelling of a
/// value that reads reads too, so the two kinds never meet.
fn meaning(out: &mut String, name: &str, value: &str, context: &GameContext<'_>) {
    let written = match name {
        // A loose spelling that `pbnfmt fix` repairs means what its repair does (`model::loose`):
        // a seat written as its word, a vulnerability as dealing programs write it.
        "Dealer" => Seat::parse(value)
            .or_else(|| loose::seat(value).and_then(|reading| Seat::parse(&reading.spelling)))
            .map(|seat| {
                out.push(seat.letter());
                Ok(())
            }),
        "Vulnerable" => Vulnerability::read(value).map(|v| {
            out.push_str(match v {
                Vulnerability::None => "None",
                Vulnerability::NorthSouth => "NS",
                Vulnerability::EastWest => "EW",
                Vulnerability::All => "All",
            });
            Ok(())
        }),
        "Declarer" => values::parse_declarer(value)
            .or_else(|| {
                loose::seat(value).and_then(|reading| values::parse_declarer(&reading.spelling))
            })
            .map(|declarer| {
                if let Some(declarer) = declarer {
                    if declarer.swapped {
                        out.push('^');
                    }
                    out.push(declarer.seat.letter());
                }
                Ok(())
            }),
        "Contract" => ContractValue::read(value).map(|contract| {
            match contract {
                ContractValue::PassedOut => out.push_str("Pass"),
                ContractValue::Contract(contract) => {
                    push_digits(out, u64::from(contract.level), 10);
                    out.push_str(values::denomination_text(contract.denomination));
                    out.push_str(contract.risk.suffix());
                }
                ContractValue::Trumps(denomination) => {
                    out.push_str(values::denomination_text(denomination))
                }
            }
            Ok(())
        }),
        "Date" | "EventDate" | "UTCDate" if values::date_problem(value).is_some() => {
            loose::date(value)
                .or_else(|| loose::date_with_time(value).map(|(reading, _)| reading))
                .map(|reading| out.write_str(&reading.spelling))
        }
        // Each seat's cards as their 52-bit mask in hex (`-` for no hand): formatting them
        // with `{:?}` cost more than reading the Deal.
        "Deal" => context.clean_deal(value).map(|deal| {
            for seat in Seat::ALL {
                out.push(seat.letter());
                out.push(' ');
                match deal.hand(seat) {
                    Some(hand) => push_digits(out, hand.cards.mask(), 16),
                    None => out.push('-'),
                }
                out.push(' ');
            }
            Ok(())
        }),
        "Result" => ResultValue::parse(value).map(|result| match result {
            // The empty value of a passed-out game.
            None => Ok(()),
            Some(result) => match context.declarer_tricks(result) {
                Some(tricks) => {
                    out.push_str(if result.caret { "^" } else { "" });
                    push_digits(out, u64::from(tricks), 10);
                    Ok(())
                }
                None => write!(out, "{result:?}"),
            },
        }),
        _ => values::score_export_form(name, value).map(|form| out.write_str(&form)),
    };
    if written.is_none() {
        push_text(out, value);
    }
}

/// Text of a fact longer than this is written as its length, its start and a hash, so that the
/// facts of a huge value (a 100 MB tag value or comment) cost no memory on either side, and a
/// difference in it is still found.
const LONG_FACT: usize = 4096;

/// Appends `text` with tabs as spaces, as export writes them; when longer than [`LONG_FACT`], its
/// length, its first characters and a 64-bit FNV-1a hash of it (tabs as spaces) instead.
#[inline]
fn push_text(out: &mut String, text: &str) {
    if text.len() > LONG_FACT {
        return push_long_text(out, text);
    }
    // Most facts are a few bytes with no tab: pushed as they are (a table's elements are a
    // quarter of all facts).
    if text.bytes().any(|b| b == b'\t' || b == 0x0B) {
        out.push_str(&canon::untab(text));
    } else {
        out.push_str(text);
    }
}

/// [`push_text`] of a text longer than [`LONG_FACT`].
fn push_long_text(out: &mut String, text: &str) {
    let start = text.char_indices().nth(60).map_or(text.len(), |(at, _)| at);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        let byte = if matches!(byte, b'\t' | 0x0B) {
            b' '
        } else {
            byte
        };
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let _ = write!(
        out,
        "{} bytes, hash {hash:016x}, starting `{}…`",
        text.len(),
        canon::untab(&text[..start])
    );
}

#[cfg(test)]
mod tests;
