//! Reading LIN: `tag|value|` pairs with their spans, gathered into boards.
//!
//! A hand-written scanner, not logos: LIN has one delimiter and no escapes, so its tokens are what
//! lies between two `|`; what a lexer generator would add is a second copy of that split. What is
//! hard is recovery, and it is here: where a tag should stand and text that is not a tag does, a
//! `|` inside the value before it split that value (L001), and the text is read back into it.
//!
//! Boards: `qx` starts one (a room and board number), and so do `pn`, `mn` and `md` once the board
//! being read has a deal, a call or a card; `vg`, `rs`, `pw`, `mp` and `bn` before the first board
//! are the file's header (a vugraph match or a tournament). Reading never fails and never panics:
//! every defect is a finding, and the rest of the file is read.

use std::ops::Range;

use crate::bridge::{CallToken, Card, Denomination, Rank, Seat, Suit};
use crate::model::values::Vulnerability;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::lin::LinProblem;

use super::game::{Anchor, Call, Game};
use super::heading::{HeadingDate, heading_date};

mod records;

/// One `tag|value|` pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub tag: Range<usize>,
    pub value: Range<usize>,
    /// The value ends with its `|` (false only for the last, when the file is cut short).
    pub closed: bool,
}

/// The tags pbnfmt reads, and those it passes over as display settings (page breaks, headings
/// reset, scores shown): anything else is an unknown tag (L002), kept as commentary.
const KNOWN: &[&str] = &[
    "pn", "md", "sv", "ah", "qx", "mb", "an", "pc", "mc", "nt", "mn", "vg", "rs", "pw", "mp", "bn",
    "st", "rh", "pg", "sk", "sa", "va", "bt", "tu", "zz", "up", "at",
];

fn is_known(tag: &str) -> bool {
    KNOWN.contains(&tag)
}

fn is_tag_shape(tag: &str) -> bool {
    tag.len() == 2 && tag.bytes().all(|b| b.is_ascii_alphabetic())
}

/// The pairs of `text`, read lazily ([`Items`]); the findings of the split go to `findings`.
pub fn items(text: &str, findings: &mut Vec<Diagnostic>) -> Vec<Item> {
    let mut items = Items::new(text);
    let all: Vec<Item> = items.by_ref().collect();
    findings.append(&mut items.findings);
    all
}

/// The fields between `|`s, each with whether a `|` ended it.
struct Fields<'t> {
    text: &'t str,
    at: usize,
}

impl Iterator for Fields<'_> {
    type Item = (Range<usize>, bool);

    fn next(&mut self) -> Option<(Range<usize>, bool)> {
        if self.at >= self.text.len() {
            return None;
        }
        let start = self.at;
        match self.text[start..].find('|') {
            Some(offset) => {
                self.at = start + offset + 1;
                Some((start..start + offset, true))
            }
            None => {
                self.at = self.text.len();
                Some((start..self.text.len(), false))
            }
        }
    }
}

/// Splits a text into pairs as they are read, holding one pair back: text where a tag should
/// stand that is not one (L001) joins the value before it; a file that ends inside a pair gives
/// its last pair unclosed (L008). Memory: one pair and the findings not yet taken.
pub struct Items<'t> {
    text: &'t str,
    fields: std::iter::Peekable<Fields<'t>>,
    pending: Option<Item>,
    done: bool,
    /// Findings of the split, for the caller to take.
    pub findings: Vec<Diagnostic>,
}

impl<'t> Items<'t> {
    pub fn new(text: &'t str) -> Items<'t> {
        Items {
            text,
            fields: Fields { text, at: 0 }.peekable(),
            pending: None,
            done: false,
            findings: Vec::new(),
        }
    }
}

impl Iterator for Items<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        let text = self.text;
        loop {
            if self.done {
                return self.pending.take();
            }
            let Some((range, closed)) = self.fields.next() else {
                self.done = true;
                continue;
            };
            let raw = &text[range.clone()];
            let trimmed = raw.trim_start_matches([' ', '\t', '\r', '\n']);
            let tag = (range.end - trimmed.len())..range.end;
            let name = &text[tag.clone()];
            if trimmed.trim().is_empty() && !closed {
                self.done = true;
                continue;
            }
            let next_is_known = self
                .fields
                .peek()
                .is_some_and(|(r, _)| is_known(text[r.clone()].trim()));
            let looks_like_tag = is_tag_shape(name) && (is_known(name) || !next_is_known);
            if !looks_like_tag && let Some(last) = self.pending.as_mut() {
                let before = &text[last.tag.clone()];
                self.findings.push(
                    LinProblem::StrayText {
                        at: range.clone(),
                        text: trimmed.to_owned(),
                        before: before.to_owned(),
                        value: last.value.clone(),
                    }
                    .diagnostic(),
                );
                last.value.end = range.end;
                last.closed = closed;
                continue;
            }
            if !closed {
                self.findings
                    .push(LinProblem::CutInTag { at: tag.clone() }.diagnostic());
                self.done = true;
                continue;
            }
            let item = match self.fields.next() {
                None => {
                    self.findings.push(
                        LinProblem::CutAfterTag {
                            at: tag.clone(),
                            tag: name.to_owned(),
                        }
                        .diagnostic(),
                    );
                    self.done = true;
                    Item {
                        tag,
                        value: text.len()..text.len(),
                        closed: false,
                    }
                }
                Some((value, value_closed)) => {
                    if !value_closed {
                        self.findings.push(
                            LinProblem::CutInValue {
                                at: value.clone(),
                                tag: name.to_owned(),
                            }
                            .diagnostic(),
                        );
                    }
                    Item {
                        tag,
                        value,
                        closed: value_closed,
                    }
                }
            };
            if let Some(previous) = self.pending.replace(item) {
                return Some(previous);
            }
        }
    }
}

/// A board with where each of its facts came from, so that a finding about the PBN written from
/// it points at the LIN.
#[derive(Clone, Debug, Default)]
pub struct Board {
    pub game: Game,
    pub spans: Spans,
}

/// Where a board's facts stand in the LIN text.
#[derive(Clone, Debug, Default)]
pub struct Spans {
    /// The first pair of the board to the last.
    pub record: Range<usize>,
    pub deal: Option<Range<usize>>,
    pub vulnerable: Option<Range<usize>>,
    pub board: Option<Range<usize>>,
    pub names: Option<Range<usize>>,
    pub event: Option<Range<usize>>,
    /// By call index.
    pub calls: Vec<Range<usize>>,
    /// By call index: the explanation.
    pub notes: Vec<Option<Range<usize>>>,
    /// By card index.
    pub cards: Vec<Range<usize>>,
    pub claim: Option<Range<usize>>,
    /// By comment index.
    pub comments: Vec<Range<usize>>,
}

/// What a vugraph or tournament header gives every board.
#[derive(Debug, Default)]
struct Header {
    /// Eight names: the open room's South, West, North, East, then the closed room's.
    names: Vec<String>,
    names_span: Option<Range<usize>>,
    event: Option<String>,
    stage: Option<String>,
    scoring: Option<String>,
    home: Option<String>,
    visit: Option<String>,
    /// The teams' carry-over (`vg`'s seventh and ninth fields: the score each team brings from
    /// earlier segments), when not 0.
    home_carry: Option<String>,
    visit_carry: Option<String>,
    /// The first board of a vugraph (`vg`, its fourth field), and BBO's result line (`rs`):
    /// each board's results, open room then closed, from the first board on.
    first_board: Option<u32>,
    results: Vec<(String, Range<usize>)>,
}

/// A LIN text read.
#[derive(Debug, Default)]
pub struct LinFile {
    pub boards: Vec<Board>,
    pub findings: Vec<Diagnostic>,
}

/// LIN's seat order: `pn` and `md` go South, West, North, East.
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// Reads a LIN text into boards and findings, all at once (small texts, tests).
pub fn read(text: &str) -> LinFile {
    let mut file = LinFile::default();
    let mut findings = Vec::new();
    let mut boards = Vec::new();
    read_each(text, |d| findings.push(d), |b| boards.push(b));
    file.findings = findings;
    file.boards = boards;
    file
}

/// Reads a LIN text a pair at a time, handing each finding and each board on as soon as it is
/// known: memory is one board and one pair, whatever the file's size.
pub fn read_each(text: &str, mut finding: impl FnMut(Diagnostic), mut board: impl FnMut(Board)) {
    let mut queue = LinFile::default();
    let mut items = Items::new(text);
    let mut reader = Reader {
        pairs: 0,
        text,
        file: &mut queue,
        header: Header::default(),
        board: Board::default(),
        started: false,
        has_moves: false,
        has_room: false,
        calls_stopped: false,
        cards_stopped: false,
        last_was_call: false,
        names_from_board: false,
    };
    loop {
        let next = items.next();
        for d in items.findings.drain(..) {
            finding(d);
        }
        match &next {
            Some(item) => reader.item(item),
            None => reader.finish_board(),
        }
        for d in reader.file.findings.drain(..) {
            finding(d);
        }
        for b in reader.file.boards.drain(..) {
            board(b);
        }
        if next.is_none() {
            break;
        }
    }
}

/// The most pairs one record may have: a vugraph board with all its kibitzing has a few
/// thousand.
pub const MAX_RECORD_PAIRS: usize = 65_536;

struct Reader<'t, 'f> {
    /// Pairs read in the record so far.
    pairs: usize,
    text: &'t str,
    file: &'f mut LinFile,
    header: Header,
    board: Board,
    /// The board has a deal, a call or a card: a further `pn`, `mn`, `md` or `qx` starts the next.
    started: bool,
    /// The board has a call or a card.
    has_moves: bool,
    has_room: bool,
    calls_stopped: bool,
    cards_stopped: bool,
    /// The last call-or-card tag was `mb`: an `an` explains it.
    last_was_call: bool,
    names_from_board: bool,
}

impl Reader<'_, '_> {
    fn item(&mut self, item: &Item) {
        let tag = &self.text[item.tag.clone()];
        let value = &self.text[item.value.clone()];
        let starts_board = match tag {
            // A room and board number begins a record; one after the deal of a record that has
            // none yet (and no call or card) is that record's.
            "qx" => self.has_moves || self.has_room,
            // Within a record the order of tags is free (handviewer links give `md` first): a
            // `pn` begins the next record only after a call or card, or when this record has
            // its names already (issue 44, item 6).
            "pn" => self.has_moves || (self.started && self.names_from_board),
            "mn" | "md" => self.started,
            _ => false,
        };
        if starts_board {
            self.finish_board();
        }
        // A record of more pairs than any real one (L011): the rest of it is passed over, so
        // that one record's memory is bounded whatever the file holds.
        self.pairs += 1;
        if self.pairs > MAX_RECORD_PAIRS {
            if self.pairs == MAX_RECORD_PAIRS + 1 {
                self.file.findings.push(
                    LinProblem::OversizedRecord {
                        at: item.tag.clone(),
                        max: MAX_RECORD_PAIRS,
                    }
                    .diagnostic(),
                );
            }
            return;
        }
        if !item.closed {
            // Cut short (L008): what it says cannot be trusted; kept as a comment.
            self.comment(format!("LIN {tag}|{value}"), item);
            return;
        }
        if self.board.spans.record.is_empty() && !matches!(tag, "vg" | "rs" | "pw" | "mp" | "bn") {
            self.board.spans.record = item.tag.start..item.value.end;
        }
        self.board.spans.record.end = self
            .board
            .spans
            .record
            .end
            .max(item.value.end + 1)
            .min(self.text.len());
        // A line break in a LIN value (a name, an alert's explanation, wrapped by the program
        // that wrote it) carries no meaning, and a PBN string cannot hold one (PBN 3.2): each
        // is a space, a CR LF one space (issue 44, item 5). Commentary keeps its lines.
        let one_line;
        let value = if value.contains(['\r', '\n']) && !matches!(tag, "nt" | "st" | "at") {
            one_line = value.replace("\r\n", " ").replace(['\r', '\n'], " ");
            one_line.as_str()
        } else {
            value
        };
        match tag {
            "vg" => self.vugraph(value),
            "pn" => self.names(value, item),
            "md" => self.deal(value, item),
            "sv" => self.vulnerable(value, item),
            "ah" => {
                let number = value.trim().strip_prefix("Board ").map(str::trim);
                if self.board.game.board.is_none()
                    && let Some(number) = number.filter(|n| !n.is_empty())
                {
                    self.board.game.board = Some(number.to_owned());
                    self.board.spans.board = Some(item.value.clone());
                }
            }
            "qx" => self.room(value, item),
            "mb" => self.call(value, item),
            "an" => self.explanation(value, item),
            "pc" => self.card(value, item),
            "mc" => self.claim(value, item),
            "nt" | "st" | "at" => {
                if !value.trim().is_empty() {
                    self.comment(value.to_owned(), item);
                }
            }
            "mn" => self.heading(value, item),
            "rs" => self.results(value, item),
            "pw" | "mp" | "bn" | "rh" | "pg" | "sk" | "sa" | "va" | "bt" | "tu" => {}
            "zz" | "up" => {
                self.comment(format!("LIN {tag}|{value}|"), item);
            }
            _ => {
                self.file.findings.push(
                    LinProblem::UnknownTag {
                        at: item.tag.clone(),
                        tag: tag.to_owned(),
                    }
                    .diagnostic(),
                );
                self.comment(format!("LIN {tag}|{value}|"), item);
            }
        }
    }

    fn comment(&mut self, text: String, item: &Item) {
        let game = &self.board.game;
        let anchor = if !game.cards.is_empty() {
            Anchor::Card(game.cards.len() - 1)
        } else if !game.calls.is_empty() {
            Anchor::Call(game.calls.len() - 1)
        } else {
            Anchor::Board
        };
        self.board.game.comments.push((anchor, text));
        self.board
            .spans
            .comments
            .push(item.tag.start..item.value.end);
    }

    fn call(&mut self, value: &str, item: &Item) {
        self.started = true;
        self.has_moves = true;
        self.last_was_call = false;
        if self.calls_stopped || !self.board.game.cards.is_empty() {
            self.comment(format!("LIN mb|{value}|"), item);
            return;
        }
        let (word, alert) = match value.trim().strip_suffix('!') {
            Some(word) => (word, true),
            None => (value.trim(), false),
        };
        match lin_call(word) {
            Some(call) => {
                self.board.game.calls.push(Call {
                    call,
                    alert,
                    note: None,
                });
                self.board.spans.calls.push(item.value.clone());
                self.board.spans.notes.push(None);
                self.last_was_call = true;
            }
            None => {
                self.file.findings.push(
                    LinProblem::BadCall {
                        at: item.value.clone(),
                        value: value.to_owned(),
                    }
                    .diagnostic(),
                );
                self.calls_stopped = true;
                self.comment(format!("LIN mb|{value}|"), item);
            }
        }
    }

    fn explanation(&mut self, value: &str, item: &Item) {
        let index = self.board.game.calls.len();
        if !self.last_was_call || index == 0 {
            if !value.trim().is_empty() {
                self.comment(value.to_owned(), item);
            }
            return;
        }
        let call = &mut self.board.game.calls[index - 1];
        // Bridge Composer writes a bare alert as `an|!|`.
        if value == "!" {
            call.alert = true;
            return;
        }
        match &mut call.note {
            Some(note) => {
                note.push(' ');
                note.push_str(value);
            }
            None => call.note = Some(value.to_owned()),
        }
        if let Some(slot) = self.board.spans.notes.get_mut(index - 1) {
            *slot = Some(item.value.clone());
        }
    }

    fn card(&mut self, value: &str, item: &Item) {
        self.started = true;
        self.has_moves = true;
        self.last_was_call = false;
        if self.cards_stopped {
            self.comment(format!("LIN pc|{value}|"), item);
            return;
        }
        let bytes = value.trim().as_bytes();
        let card = match bytes {
            &[s, r] => Suit::from_letter(s)
                .zip(Rank::from_letter(r))
                .map(|(suit, rank)| Card { suit, rank }),
            _ => None,
        };
        match card {
            Some(card) => {
                self.board.game.cards.push(card);
                self.board.spans.cards.push(item.value.clone());
            }
            None => {
                self.file.findings.push(
                    LinProblem::BadCard {
                        at: item.value.clone(),
                        value: value.to_owned(),
                    }
                    .diagnostic(),
                );
                self.cards_stopped = true;
                self.comment(format!("LIN pc|{value}|"), item);
            }
        }
    }

    fn claim(&mut self, value: &str, item: &Item) {
        match value.trim().parse::<u8>() {
            Ok(tricks) if tricks <= 13 => {
                self.board.game.result = Some(tricks);
                self.board.spans.claim = Some(item.value.clone());
            }
            _ => self.file.findings.push(
                LinProblem::BadTricks {
                    at: item.value.clone(),
                    value: value.to_owned(),
                }
                .diagnostic(),
            ),
        }
    }

    /// Ends the board being read: the header's names, event and teams fill what it lacks; a
    /// board with no deal, call or card (a header, a display setting) is not a board.
    fn finish_board(&mut self) {
        let mut board = std::mem::take(&mut self.board);
        let was_started = self.started;
        self.started = false;
        if was_started {
            self.pairs = 0;
        }
        self.has_moves = false;
        self.has_room = false;
        self.calls_stopped = false;
        self.cards_stopped = false;
        self.last_was_call = false;
        let names_from_board = std::mem::take(&mut self.names_from_board);
        if !was_started {
            // Commentary before the first board (a vugraph's greetings) goes with it.
            if !board.game.comments.is_empty() {
                self.board.game.comments = board.game.comments;
                self.board.spans.comments = board.spans.comments;
                self.board.spans.record = board.spans.record;
            }
            if board.game.event.is_some() {
                self.board.game.event = board.game.event;
                self.board.game.date = board.game.date;
            }
            if names_from_board {
                self.board.game.names = board.game.names;
                self.board.spans.names = board.spans.names;
                self.names_from_board = true;
            }
            if board.game.room.is_some() {
                self.board.game.room = board.game.room;
                self.board.game.board = board.game.board;
                self.board.spans.board = board.spans.board;
                self.has_room = true;
            }
            return;
        }
        let header = &self.header;
        let game = &mut board.game;
        if !names_from_board && header.names.len() == 8 {
            let closed = game.room.as_deref() == Some("Closed");
            let names = &header.names[if closed { 4..8 } else { 0..4 }];
            for (i, seat) in LIN_SEATS.iter().enumerate() {
                game.names[*seat as usize] =
                    Some(names[i].trim().to_owned()).filter(|n| !n.is_empty());
            }
            board.spans.names = header.names_span.clone();
        }
        if game.event.is_none() {
            game.event = header.event.clone();
        }
        if game.scoring.is_none() {
            game.scoring = header.scoring.clone();
        }
        for (name, value) in [
            ("HomeTeam", &header.home),
            ("Stage", &header.stage),
            ("VisitTeam", &header.visit),
            ("HomeCarryOver", &header.home_carry),
            ("VisitCarryOver", &header.visit_carry),
        ] {
            if let Some(value) = value {
                game.tags.push((name.to_owned(), value.clone()));
            }
        }
        self.check_result_line(&board);
        // `qx|o5` is BBO's name of board 5 in any record; it names the open room only in a match
        // (a `vg` header, or eight names for two tables). Elsewhere a Room would be invented
        // (issue 44, item 8); a closed room is said in any record.
        let header = &self.header;
        let match_file = header.home.is_some() || header.visit.is_some() || header.names.len() == 8;
        if board.game.room.as_deref() == Some("Open") && !match_file {
            board.game.room = None;
        }
        self.file.boards.push(board);
    }
}

/// Declarer's tricks in an entry of BBO's result line: a level, a strain, the declarer, `x` or
/// `xx`, then `=`, `+k` or `-k` (`4SWx-4`). `None` for anything else (a passed-out board, an
/// empty entry for a board not played).
fn result_line_tricks(entry: &str) -> Option<u8> {
    let bytes = entry.as_bytes();
    let level = match bytes.first()? {
        b @ b'1'..=b'7' => b - b'0',
        _ => return None,
    };
    let rest = entry.get(1..)?;
    let rest = rest.strip_prefix(['S', 'H', 'D', 'C', 'N', 's', 'h', 'd', 'c', 'n'])?;
    let rest = rest.strip_prefix(['N', 'E', 'S', 'W', 'n', 'e', 's', 'w'])?;
    let rest = rest.trim_start_matches(['x', 'X']);
    let made = 6 + i16::from(level);
    let tricks = match rest.as_bytes().first()? {
        b'=' if rest.len() == 1 => made,
        b'+' => made + rest[1..].parse::<i16>().ok()?,
        b'-' => made - rest[1..].parse::<i16>().ok()?,
        _ => return None,
    };
    u8::try_from(tricks).ok().filter(|t| *t <= 13)
}

/// A LIN call: `p`, `d`, `r`, or a level and a denomination (`N` or `NT` for notrump), in any
/// letter case.
pub fn lin_call(word: &str) -> Option<CallToken> {
    match word.to_ascii_lowercase().as_str() {
        "p" | "pass" => Some(CallToken::Pass),
        "d" | "x" | "dbl" => Some(CallToken::Double),
        "r" | "xx" | "rdbl" => Some(CallToken::Redouble),
        lower => {
            let (level, denomination) = lower.split_at_checked(1)?;
            let level = level.parse::<u8>().ok().filter(|l| (1..=7).contains(l))?;
            let denomination = match denomination {
                "n" | "nt" => Denomination::NoTrump,
                "s" => Denomination::Spades,
                "h" => Denomination::Hearts,
                "d" => Denomination::Diamonds,
                "c" => Denomination::Clubs,
                _ => return None,
            };
            Some(CallToken::Bid {
                level,
                denomination,
            })
        }
    }
}
