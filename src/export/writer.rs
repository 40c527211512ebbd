//! The export-format writer (PBN 2-5, `docs/spec-decisions.md`): one pass over the syntax tree and
//! the game models, writing each game in export order and spelling.
//!
//! The writer never guesses. What it cannot write faithfully (a second tag of one name with a
//! different value) is left out and reported; whether the file is then written is decided by the
//! caller. Broken syntax is reported by the caller before the writer runs.

use std::borrow::Cow;

use crate::bridge::Seat;
use crate::canon::{self, GameContext, Place, Repeat, context};
use crate::lexer::SyntaxKind;
use crate::model::{GameModel, Inheritance, Inheritor, MTS, Tag};
use crate::proof;
use crate::proof::Capped;
use crate::source::{self, Encoding};
use crate::syntax::{Data, Parse, TokenId};
use crate::table::{Align, parse_columns};

/// What the writer produced.
pub struct Written {
    pub text: String,
    /// What was left out, with where it is in the input.
    pub dropped: Capped,
    /// What was written otherwise than it was given, and is worth a warning (W011).
    pub noted: Capped,
}

/// Writes `parse` (of `text`) in export format with line ends `nl`; `resolve` writes every tag with
/// its value after `#`/`##` inheritance (PBN 4.8).
pub fn write(parse: &Parse, text: &str, nl: &'static str, resolve: bool) -> Written {
    let mut output = Output::new(text, nl, resolve, text.len() + text.len() / 8 + 32);
    output.chunk(parse);
    output.finish()
}

/// The export of a file written chunk by chunk ([`crate::parser::chunks`]): the text so far, and
/// what carries to the next chunk.
pub struct Output<'t> {
    text: &'t str,
    nl: &'static str,
    resolve: bool,
    out: String,
    dropped: Capped,
    noted: Capped,
    inheritor: Inheritor<'t, 'static>,
    /// No game written yet: the next one needs no empty line before it.
    first: bool,
}

impl<'t> Output<'t> {
    /// Starts the export with its header (PBN 2.4); `capacity` is the expected output size.
    pub fn new(text: &'t str, nl: &'static str, resolve: bool, capacity: usize) -> Output<'t> {
        Output::continuing(text, nl, resolve, true, true, capacity)
    }

    /// The export of a later part of a file: with the header only if `header`, and with an empty
    /// line before its first game unless `first_game` (no game was written before).
    pub fn continuing(
        text: &'t str,
        nl: &'static str,
        resolve: bool,
        header: bool,
        first_game: bool,
        capacity: usize,
    ) -> Output<'t> {
        let mut out = String::with_capacity(capacity);
        if header {
            out.push_str("% PBN 2.1");
            out.push_str(nl);
            out.push_str("% EXPORT");
            out.push_str(nl);
        }
        Output {
            text,
            nl,
            resolve,
            out,
            dropped: Capped::default(),
            noted: Capped::default(),
            inheritor: Inheritor::for_text(text),
            first: first_game,
        }
    }

    /// The same, with the `#`/`##` values of the games before (see [`Inheritor::detach`]).
    pub fn carrying(mut self, inheritor: Inheritor<'t, 'static>) -> Output<'t> {
        self.inheritor = inheritor;
        self
    }

    /// True until a game is written.
    pub fn before_first_game(&self) -> bool {
        self.first
    }

    /// The text written so far.
    pub fn text(&self) -> &str {
        &self.out
    }

    /// Writes the games of the next chunk of the file.
    pub fn chunk(&mut self, parse: &Parse) {
        self.chunk_with(parse, |_, _| {});
    }

    /// The `#`/`##` values the games written so far leave to the next.
    pub fn inheritance(&self) -> Inheritor<'t, 'static> {
        self.inheritor.clone()
    }

    /// [`Output::chunk`], handing each game written to `each` with the model and context it was
    /// written from (none for a chunk of comments and `%` lines), so that export's proof reads
    /// the input's facts from them instead of building them again.
    pub fn chunk_with<'p>(
        &mut self,
        parse: &'p Parse,
        mut each: impl FnMut(&'p crate::syntax::Game, Option<(&GameModel<'p>, &GameContext<'_>)>),
    ) where
        't: 'p,
    {
        let text = self.text;
        let mut inheritor: Inheritor<'t, '_> = std::mem::take(&mut self.inheritor);
        let mut writer = Writer {
            parse,
            text,
            nl: self.nl,
            resolve: self.resolve,
            out: std::mem::take(&mut self.out),
            dropped: std::mem::take(&mut self.dropped),
            noted: std::mem::take(&mut self.noted),
        };
        for game in &parse.games {
            let start = writer.out.len();
            if !self.first {
                writer.out.push_str(self.nl);
            }
            let body = writer.out.len();
            writer.lines(&game.leading);
            if game.is_empty() {
                each(game, None);
            } else {
                let model = inheritor.game(parse, text, game);
                let context = context(&model);
                writer.game(&model, &context);
                each(game, Some((&model, &context)));
            }
            if writer.out.len() == body {
                // Nothing to write (a chunk of header lines only): no empty line for it either.
                writer.out.truncate(start);
            } else {
                self.first = false;
            }
        }
        self.out = writer.out;
        self.dropped = writer.dropped;
        self.noted = writer.noted;
        self.inheritor = inheritor.detach();
    }

    pub fn finish(self) -> Written {
        Written {
            text: self.out,
            dropped: self.dropped,
            noted: self.noted,
        }
    }
}

/// How many lines of `text` are longer than PBN 2.3 allows (255 characters with the line end),
/// and the 1-based number of the first.
pub(super) fn long_lines(text: &str) -> Option<(usize, usize)> {
    let mut long = None;
    let mut start = 0;
    // One memchr pass over the line ends (a SIMD scan): `split_inclusive('\n')` cost 12
    // instructions a byte of the export.
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1);
    for (number, end) in ends.chain(std::iter::once(text.len())).enumerate() {
        let line = &text[start..end];
        start = end;
        // A line of at most 255 bytes has at most 255 characters: count only the longer ones.
        if line.len() > 255 && line.chars().count() > 255 {
            let (count, _) = long.get_or_insert((0, number + 1));
            *count += 1;
        }
    }
    long
}

/// Encodes `text`, writing `?` for each character the encoding cannot hold (only with `force`).
pub(super) fn encode_lossy(text: &str, encoding: Encoding, bom: bool) -> Vec<u8> {
    let mut text = text.to_owned();
    loop {
        match source::encode(&text, encoding, bom) {
            Ok(bytes) => return bytes,
            Err(unencodable) => text = text.replace(unencodable.character, "?"),
        }
    }
}

struct Writer<'a> {
    parse: &'a Parse,
    text: &'a str,
    nl: &'static str,
    resolve: bool,
    out: String,
    dropped: Capped,
    noted: Capped,
}

/// A tag to write: the tag pair's text for its name, the value token to write, and its data.
struct Entry<'t, 'a> {
    name: &'a str,
    /// Borrowed from the input when written as it stands.
    value: Cow<'a, str>,
    tag: Option<&'t Tag<'a>>,
    /// Later tag pairs of the name, each written as a comment after this one ([`Repeat`]), then
    /// their comments and `%` lines.
    repeats: Vec<(String, &'t Tag<'a>)>,
}

impl<'a> Writer<'a> {
    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push_str(self.nl);
    }

    fn token_text(&self, id: TokenId) -> &'a str {
        self.parse.text(self.text, id)
    }

    fn comment(&mut self, id: TokenId) {
        let text = canon::comment_text(self.token_text(id), self.nl);
        self.out.push_str(&text);
    }

    /// Comments and `%` lines, each on a line of its own; header lines and unreadable text are
    /// not written (the caller reported the latter).
    fn lines(&mut self, data: &[Data]) {
        for item in data {
            match *item {
                Data::Comment(id) => {
                    self.comment(id);
                    self.out.push_str(self.nl);
                }
                Data::Escape(id) if !self.is_header(id) => {
                    let line = self.token_text(id).trim_end_matches(['\r', '\n']);
                    let line = canon::untab(line);
                    self.line(&line);
                }
                _ => {}
            }
        }
    }

    fn game(&mut self, model: &GameModel<'a>, context: &GameContext<'_>) {
        let mut mandatory: [Option<Entry<'_, 'a>>; MTS.len()] = std::array::from_fn(|_| None);
        let mut identification = Vec::new();
        let mut sections = Vec::new();
        let (mut auction, mut play) = (None, None);
        for (i, tag) in model.tags.iter().enumerate() {
            if self.resolve && tag.inheritance != Inheritance::None && !proof::writable(&tag.value)
            {
                let span = match tag.inheritance {
                    Inheritance::Implied => self.parse.span(model.game.first, model.game.first),
                    _ => tag.value_span.clone(),
                };
                self.dropped.push(proof::unwritable(tag, span));
            }
            if tag.inheritance == Inheritance::Implied {
                if self.resolve {
                    let entry = self.entry(tag, context);
                    match crate::model::mts_index(tag.name) {
                        Some(m) => mandatory[m] = Some(entry),
                        None => identification.push(entry),
                    }
                }
                continue;
            }
            if tag.duplicate {
                match canon::repeat(self.text, model, tag) {
                    Repeat::Omit => {}
                    Repeat::Comment(comment) => {
                        let first = match crate::model::mts_index(tag.name) {
                            Some(m) => mandatory[m].as_mut(),
                            None => identification.iter_mut().find(|e| e.name == tag.name),
                        };
                        match first {
                            Some(first) => {
                                first.repeats.push((comment, tag));
                                self.noted.push(crate::rules::writing::repeated_tag_kept(
                                    tag.name,
                                    tag.span.clone(),
                                    model.get(tag.name).map(|first| first.span.clone()),
                                ));
                            }
                            None => self.duplicate(model, tag),
                        }
                    }
                    Repeat::Refuse => self.duplicate(model, tag),
                }
                continue;
            }
            if model.auction_notes.contains(&i) || model.play_notes.contains(&i) {
                continue;
            }
            let entry = self.entry(tag, context);
            let written = match tag.inheritance {
                Inheritance::None => Some(&tag.written),
                _ => self.resolve.then_some(&tag.value),
            };
            // A Result for a side whose declarer's number is not certain is written as it is
            // given, and said: the rest of the file is exported (issue 61, item 4;
            // docs/spec-decisions.md, "A Result for a side in an export").
            if tag.name == "Result"
                && let Some(why) = written.and_then(|v| canon::uncertain_result(v, context))
            {
                self.noted.push(crate::rules::writing::uncertain_result(
                    &why,
                    tag.value_span.clone(),
                ));
            }
            match canon::place(tag.pair, tag.name) {
                Place::Mandatory(m) => mandatory[m as usize] = Some(entry),
                Place::Identification(_) => identification.push(entry),
                Place::Auction if model.auction == Some(i) => auction = Some(tag),
                Place::Play if model.play == Some(i) => play = Some(tag),
                Place::Auction | Place::Play => identification.push(entry),
                Place::Section(_) => sections.push(entry),
            }
        }
        for (slot, name) in mandatory.into_iter().zip(MTS) {
            match slot {
                Some(entry) => self.tag(&entry),
                // PBN 4.8: a mandatory tag that an earlier `##` supplies is left out.
                None if model.get(name).is_some() => {}
                // PBN 3.4: an absent mandatory tag is written with the value "?" (unknown).
                None => self.tag(&Entry {
                    name,
                    value: Cow::Borrowed("\"?\""),
                    tag: None,
                    repeats: Vec::new(),
                }),
            }
        }
        identification.sort_by(|a, b| a.name.cmp(b.name));
        for entry in &identification {
            self.tag(entry);
        }
        if let Some(tag) = auction {
            self.moves(tag, true);
            for &i in &model.auction_notes {
                let entry = self.entry(&model.tags[i], context);
                self.tag(&entry);
            }
        }
        if let Some(tag) = play {
            self.moves(tag, false);
            for &i in &model.play_notes {
                let entry = self.entry(&model.tags[i], context);
                self.tag(&entry);
            }
        }
        sections.sort_by(|a, b| a.name.cmp(b.name));
        for entry in &sections {
            self.section(entry);
        }
    }

    /// A later tag of a name already given (PBN 3.4: one of each in export format). The same value
    /// with nothing after it is simply not repeated; anything else would be lost.
    fn duplicate(&mut self, model: &GameModel<'a>, tag: &Tag<'a>) {
        let first = model.get(tag.name);
        let same_value = first.is_some_and(|first| first.written == tag.written);
        let diagnostic = crate::rules::writing::conflicting_duplicate_tag(
            tag.name,
            tag.span.clone(),
            same_value,
            first.map(|first| first.span.clone()),
            model.ran_together().map(|(_, second)| second.name),
        );
        self.dropped.push(diagnostic);
    }

    /// The value token to write for `tag`.
    fn entry<'t>(&self, tag: &'t Tag<'a>, context: &GameContext<'_>) -> Entry<'t, 'a> {
        let token = tag
            .pair
            .value
            .map_or("\"\"", |id| self.parse.text(self.text, id));
        let effective = self.resolve && tag.inheritance != Inheritance::None;
        let value = if tag.inheritance != Inheritance::None && !effective {
            // `#` and `##` values stay as written unless inheritance is resolved.
            canon::untab(token)
        } else {
            let given: &str = if effective { &tag.value } else { &tag.written };
            match canon::value(tag.name, given, context) {
                Some(normal) if normal != given || effective => Cow::Owned(canon::quote(&normal)),
                _ if effective => Cow::Owned(canon::quote(given)),
                _ => canon::untab(token),
            }
        };
        Entry {
            name: tag.name,
            value,
            tag: (tag.inheritance != Inheritance::Implied).then_some(tag),
            repeats: Vec::new(),
        }
    }

    fn tag_line(&mut self, name: &str, value: &str) {
        self.out.push('[');
        self.out.push_str(name);
        self.out.push(' ');
        self.out.push_str(value);
        self.out.push(']');
        self.out.push_str(self.nl);
    }

    /// An identification tag (or a Note) and the comments and `%` lines after it.
    fn tag(&mut self, entry: &Entry<'_, 'a>) {
        self.tag_line(entry.name, &entry.value);
        if let Some(tag) = entry.tag {
            self.free_section(&tag.pair.data);
        }
        for (comment, repeat) in &entry.repeats {
            self.out.push_str(&canon::comment_text(comment, self.nl));
            self.out.push_str(self.nl);
            self.lines(&repeat.pair.data);
        }
    }

    /// The Auction or Play tag and its calls or cards (PBN 3.5, 3.6), four positions a line; a
    /// row always starts a line. A comment follows its position on the same line; after a `;`
    /// comment or a comment of several lines the row goes on below. Comments before the first
    /// position and `%` lines stand alone.
    fn moves(&mut self, tag: &Tag<'a>, is_auction: bool) {
        let (parse, text) = (self.parse, self.text);
        let data = &tag.pair.data;
        let seat = (tag.inheritance == Inheritance::None)
            .then(|| Seat::parse(&tag.written))
            .flatten();
        // Import format fills the first line with `-` before the dealer (PBN 3.5); export starts
        // with the dealer's call. (A Play tag names the player of the first card: a Play tag that
        // is not the opening leader is kept, and P003 reports it.)
        let dashes = match seat {
            Some(_) if is_auction => canon::leading_dashes(parse, text, data),
            _ => 0,
        };
        let value = match seat {
            Some(seat) => format!("\"{}\"", seat.offset(dashes).letter()),
            None => {
                canon::untab(tag.pair.value.map_or("\"\"", |id| parse.text(text, id))).into_owned()
            }
        };
        self.tag_line(tag.name, &value);
        let mut skip = dashes;
        let mut index = 0usize;
        let mut open = false;
        let mut broken = false;
        for item in data {
            match item {
                Data::Move(_) | Data::Marker(_) => {
                    if skip > 0 {
                        skip -= 1;
                        continue;
                    }
                    if open && (index.is_multiple_of(4) || broken) {
                        self.out.push_str(self.nl);
                        open = false;
                    }
                    if open {
                        self.out.push(' ');
                    }
                    match item {
                        Data::Move(mv) => {
                            canon::push_move(&mut self.out, parse, text, mv, is_auction)
                        }
                        Data::Marker(id) => self.out.push_str(self.token_text(*id)),
                        _ => {}
                    }
                    open = true;
                    broken = false;
                    index += 1;
                }
                Data::Comment(id) if index > 0 => {
                    if open {
                        self.out.push_str(if broken { self.nl } else { " " });
                    }
                    self.comment(*id);
                    open = true;
                    broken = parse.kind(*id) == SyntaxKind::LineComment
                        || self.token_text(*id).contains(['\r', '\n']);
                }
                // The header lines are written once, at the top; here they are not even a break.
                Data::Escape(id) if self.is_header(*id) => {}
                Data::Comment(_) | Data::Escape(_) => {
                    if open {
                        self.out.push_str(self.nl);
                        open = false;
                    }
                    self.lines(std::slice::from_ref(item));
                }
                Data::Element { .. } | Data::Invalid { .. } => {}
            }
        }
        if open {
            self.out.push_str(self.nl);
        }
    }

    fn is_header(&self, id: TokenId) -> bool {
        canon::is_header_escape(self.token_text(id).trim_end_matches(['\r', '\n']))
    }

    /// A supplemental section (PBN 5): a table one row a line with its columns padded, any other
    /// section with its elements on the lines they were on, one space apart.
    fn section(&mut self, entry: &Entry<'_, 'a>) {
        self.tag_line(entry.name, &entry.value);
        let Some(tag) = entry.tag else {
            return;
        };
        let data = &tag.pair.data;
        let first = data.iter().position(|d| matches!(d, Data::Element { .. }));
        let last = data.iter().rposition(|d| matches!(d, Data::Element { .. }));
        let columns = parse_columns(&tag.value);
        let table = crate::names::is_table(tag.name)
            && columns.iter().all(|c| c.bad_width.is_none())
            && match (first, last) {
                (Some(first), Some(last)) => data[first..=last].iter().all(|d| match *d {
                    Data::Element { .. } => true,
                    Data::Escape(id) => self.is_header(id),
                    _ => false,
                }),
                _ => true,
            };
        if !table {
            self.free_section(data);
            return;
        }
        let (first, last) = (
            first.unwrap_or(data.len()),
            last.map_or(data.len(), |l| l + 1),
        );
        self.lines(&data[..first]);
        // Rows of as many elements as there are columns; the last row may be short. Each element
        // is borrowed from the input unless a tab is written as a space.
        let (parse, text) = (self.parse, self.text);
        let row_len = columns.len().max(1);
        let mut j = 0;
        for item in &data[first..last] {
            let Data::Element { first, last } = *item else {
                continue;
            };
            let element = canon::untab(&text[parse.span(first, last)]);
            if j > 0 {
                self.out.push(' ');
            }
            let width = columns.get(j).and_then(|c| c.width).unwrap_or(0) as usize;
            let pad = width.saturating_sub(element.chars().count());
            let right = columns.get(j).and_then(|c| c.align) == Some(Align::Right);
            if right {
                push_spaces(&mut self.out, pad);
            }
            self.out.push_str(&element);
            if !right {
                push_spaces(&mut self.out, pad);
            }
            j += 1;
            if j == row_len {
                self.out.push_str(self.nl);
                j = 0;
            }
        }
        if j > 0 {
            self.out.push_str(self.nl);
        }
        self.lines(&data[last..]);
    }

    /// Section data kept on its lines: elements one space apart, comments and `%` lines alone.
    fn free_section(&mut self, data: &[Data]) {
        let mut open = false;
        let mut previous_end: Option<usize> = None;
        for item in data {
            match *item {
                Data::Element { first, last } => {
                    let span = self.parse.span(first, last);
                    let new_line = previous_end.is_some_and(|end| {
                        self.text
                            .get(end..span.start)
                            .is_some_and(|gap| gap.contains(['\r', '\n']))
                    });
                    if open && new_line {
                        self.out.push_str(self.nl);
                        open = false;
                    }
                    if open {
                        self.out.push(' ');
                    }
                    self.out.push_str(&canon::untab(&self.text[span.clone()]));
                    open = true;
                    previous_end = Some(span.end);
                }
                Data::Escape(id) if self.is_header(id) => {}
                Data::Comment(_) | Data::Escape(_) => {
                    if open {
                        self.out.push_str(self.nl);
                        open = false;
                    }
                    self.lines(std::slice::from_ref(item));
                    previous_end = None;
                }
                _ => {}
            }
        }
        if open {
            self.out.push_str(self.nl);
        }
    }
}

/// Appends `count` spaces: a table's padding.
fn push_spaces(out: &mut String, mut count: usize) {
    const SPACES: &str = "                                ";
    while count > 0 {
        let now = count.min(SPACES.len());
        out.push_str(&SPACES[..now]);
        count -= now;
    }
}
