//! Games as data: one JSON object per game (`convert --to jsonl`), schema version 2, documented in
//! `docs/jsonl.md` and described by `docs/jsonl.schema.json`.
//!
//! The games are read as `check` reads them, a chunk of games at a time ([`parser::chunks`]) with
//! the `#`/`##` state carried across chunks, and each object is written as soon as its game is
//! read; [`convert_file`] reads the file itself a window at a time ([`stream`]), so that memory is
//! the same whatever the file's size. Values are the model's: tags after
//! inheritance (PBN 4.8), the Deal, Contract and Result typed (PBN 3.4.11, 3.4.14, 3.4.15), the
//! auction as calls at seats with their notes resolved (PBN 3.5), the play as tricks with their
//! leaders and winners (PBN 3.6). It does not judge: `--with-findings` adds `check`'s findings.

use crate::bridge::{CallToken, Denomination, Seat};
use crate::canon;
use crate::model::auction::{self, Entry};
use crate::model::deal::{self, Deal};
use crate::model::play::{self, Context, PlayEnd, Slot};
use crate::model::values::{ContractValue, Risk, Vulnerability, parse_declarer};
use crate::model::{GameModel, Inheritance};
use crate::syntax::{Data, Parse};
use std::ops::Range;

mod sections;
use sections::*;

mod convert;
pub use convert::{DataOptions, Handed, convert, convert_file, convert_file_each};

/// The version of the objects' shape; a change that is not an addition raises it.
/// Version 2 (issue 44, items 13, 14 and 16) adds what an analyst computes first (the board as a
/// number, the date in ISO form, HCP and shape, the duplicate score, the double-dummy table and
/// par typed), the irregularities and card annotations, and the games read with an uncertain
/// reading; and writes every section element as a string.
pub const SCHEMA_VERSION: u32 = 2;

/// The deal hash of a 52-card layout: FNV-1a (64 bits) of 52 ASCII bytes, the seat letter
/// (`N`, `E`, `S`, `W`, or `-` when unknown) of each card from the spade ace down to the club two,
/// as 16 lower-case hex digits. The same layout gives the same hash in any file and any version.
pub fn deal_hash(layout: &[u8; 52]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in layout {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// The layout of a deal: each card's seat letter, spade ace first, club two last.
pub fn layout(deal: &Deal) -> [u8; 52] {
    let mut out = [b'-'; 52];
    for (seat, hand) in deal.known_hands() {
        // Bit `suit * 13 + rank - 2` of the mask is place `suit * 13 + 14 - rank` of the pack.
        let mut mask = hand.cards.mask();
        while mask != 0 {
            let bit = mask.trailing_zeros() as usize;
            out[bit / 13 * 13 + 12 - bit % 13] = seat.letter() as u8;
            mask &= mask - 1;
        }
    }
    out
}

/// Where a game stands.
struct Place<'a> {
    file: &'a str,
    line: usize,
    game: usize,
    /// The game's text (first token to last), when the object says where each thing is written
    /// ([`Spans`]).
    spans: Option<Range<usize>>,
}

/// Where the things a game's object says are written (`--spans`, the Python module's typed
/// games, issue 64, item 5): each as `[line, column, end_line, end_column]`, lines and columns
/// from 1 as `check` gives a finding's place, a column counted in characters, the end just past
/// the last character. Only the game's own text has places: a value carried by `##` from an
/// earlier game (PBN 4.8) is written there, not here, and has none (null).
struct Spans<'t> {
    text: &'t str,
    game: Range<usize>,
    /// The game's line, and the offset where each of its lines starts (the first: the start of
    /// the line the game starts on).
    line: usize,
    starts: Vec<usize>,
    /// The calls and the trick's cards written, as the object lists them.
    calls: Vec<Range<usize>>,
    tricks: Vec<[Option<Range<usize>>; 4]>,
}

impl<'t> Spans<'t> {
    fn new(text: &'t str, game: Range<usize>, line: usize) -> Spans<'t> {
        let bytes = text.as_bytes();
        let game = game.start.min(bytes.len())..game.end.min(bytes.len());
        let first = bytes[..game.start]
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(0, |at| at + 1);
        let mut starts = vec![first];
        // CR, LF and CRLF each end a line, as `check` counts them.
        for at in game.clone() {
            match bytes[at] {
                b'\n' => starts.push(at + 1),
                b'\r' if bytes.get(at + 1) != Some(&b'\n') => starts.push(at + 1),
                _ => {}
            }
        }
        Spans {
            text,
            game,
            line,
            starts,
            calls: Vec::new(),
            tricks: Vec::new(),
        }
    }

    /// Line and column of an offset of the game's text.
    fn place(&self, at: usize) -> (usize, usize) {
        let index = self.starts.partition_point(|&start| start <= at).max(1) - 1;
        let start = self.starts[index];
        let column = self.text.get(start..at).map_or(0, |s| s.chars().count());
        (self.line + index, column + 1)
    }

    /// `[line, column, end_line, end_column]`, or null for text outside the game.
    fn write(&self, out: &mut String, span: Option<&Range<usize>>) {
        match span.filter(|s| s.start >= self.game.start && s.end <= self.game.end) {
            Some(span) => {
                let (line, column) = self.place(span.start);
                let (end_line, end_column) = self.place(span.end);
                let _ = std::fmt::Write::write_fmt(
                    out,
                    format_args!("[{line},{column},{end_line},{end_column}]"),
                );
            }
            None => out.push_str("null"),
        }
    }

    /// The `spans` object: the game; each tag of `tags` with its section (null for one carried
    /// by `##`); each hand of the Deal (`read`, the game's Deal as read: its hands are where the
    /// Deal tag writes them when it writes its own value); each call; each trick's cards by seat.
    fn object(&self, out: &mut String, parse: &Parse, model: &GameModel<'_>, read: Option<&Deal>) {
        let mut o = Object::new(out);
        self.write(o.key("game"), Some(&self.game));
        let out = o.key("tags");
        out.push('[');
        for (i, tag) in model.tags.iter().filter(|tag| !tag.duplicate).enumerate() {
            if i > 0 {
                out.push(',');
            }
            let span = (tag.inheritance != Inheritance::Implied)
                .then(|| parse.span(tag.pair.open, tag.pair.last_token(parse)));
            self.write(out, span.as_ref());
        }
        out.push(']');
        let deal = model
            .tags
            .iter()
            .find(|tag| tag.name == "Deal" && !tag.duplicate);
        let out = o.key("hands");
        match (deal.filter(|tag| tag.own_value().is_some()), read) {
            (Some(tag), Some(read)) => {
                let mut h = Object::new(out);
                for seat in Seat::ALL {
                    let span = read.hands[seat as usize]
                        .as_ref()
                        .map(|hand| tag.sub_span(hand.span.clone()));
                    self.write(h.key(seat_text(Some(seat)).unwrap_or("N")), span.as_ref());
                }
                h.end();
            }
            _ => out.push_str("null"),
        }
        let out = o.key("calls");
        out.push('[');
        for (i, call) in self.calls.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write(out, Some(call));
        }
        out.push(']');
        let out = o.key("tricks");
        out.push('[');
        for (i, trick) in self.tricks.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let mut t = Object::new(out);
            for seat in Seat::ALL {
                let out = t.key(seat_text(Some(seat)).unwrap_or("N"));
                self.write(out, trick[seat as usize].as_ref());
            }
            t.end();
        }
        out.push(']');
        o.end();
    }
}

/// A JSON string: quotes, `"` `\` and control characters escaped (RFC 8259). Runs without
/// anything to escape are copied whole (every byte escaped is ASCII, so the cuts fall between
/// characters).
fn push_str(out: &mut String, text: &str) {
    out.push('"');
    let mut start = 0;
    for (i, &byte) in text.as_bytes().iter().enumerate() {
        if byte == b'"' || byte == b'\\' || byte < 0x20 {
            out.push_str(&text[start..i]);
            match byte {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                b'\n' => out.push_str("\\n"),
                b'\r' => out.push_str("\\r"),
                b'\t' => out.push_str("\\t"),
                _ => {
                    let _ = std::fmt::Write::write_fmt(out, format_args!("\\u{byte:04x}"));
                }
            }
            start = i + 1;
        }
    }
    out.push_str(&text[start..]);
    out.push('"');
}

/// An object being written: `{`, then keys and values separated by commas.
struct Object<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> Object<'a> {
    fn new(out: &'a mut String) -> Object<'a> {
        out.push('{');
        Object { out, first: true }
    }

    /// The key, and the comma before it: the caller writes the value.
    fn key(&mut self, key: &str) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        push_str(self.out, key);
        self.out.push(':');
        self.out
    }

    fn str(&mut self, key: &str, value: Option<&str>) {
        let out = self.key(key);
        match value {
            Some(value) => push_str(out, value),
            None => out.push_str("null"),
        }
    }

    fn num(&mut self, key: &str, value: Option<usize>) {
        let out = self.key(key);
        match value {
            Some(value) => {
                let _ = std::fmt::Write::write_fmt(out, format_args!("{value}"));
            }
            None => out.push_str("null"),
        }
    }

    fn end(self) {
        self.out.push('}');
    }
}

fn seat_text(seat: Option<Seat>) -> Option<&'static str> {
    seat.map(|seat| match seat {
        Seat::North => "N",
        Seat::East => "E",
        Seat::South => "S",
        Seat::West => "W",
    })
}

fn object(out: &mut String, parse: &Parse, text: &str, model: &GameModel<'_>, place: &Place<'_>) {
    let mut o = Object::new(out);
    o.num("schema", Some(SCHEMA_VERSION as usize));
    o.str("file", Some(place.file));
    o.num("line", Some(place.line));
    o.num("game", Some(place.game));
    let out = o.key("tags");
    out.push('[');
    for (i, tag) in model.tags.iter().filter(|tag| !tag.duplicate).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let mut t = Object::new(out);
        t.str("name", Some(tag.name));
        t.str("value", Some(&tag.value));
        t.str(
            "inherited",
            match tag.inheritance {
                Inheritance::None | Inheritance::DoubleHash => None,
                Inheritance::Hash { .. } => Some("#"),
                Inheritance::Implied => Some("##"),
            },
        );
        t.end();
    }
    out.push(']');
    let value = |name: &str| model.value(name).filter(|v| !v.is_empty() && *v != "?");
    o.str("event", value("Event"));
    o.str("date", value("Date"));
    o.str("date_iso", value("Date").and_then(iso_date).as_deref());
    o.str("board", value("Board"));
    o.num(
        "board_number",
        value("Board").and_then(|b| b.trim().parse::<u32>().ok().map(|n| n as usize)),
    );
    let dealer = model.value("Dealer").and_then(Seat::parse);
    o.str("dealer", seat_text(dealer));
    o.str(
        "vulnerable",
        model
            .value("Vulnerable")
            .and_then(Vulnerability::read)
            .map(Vulnerability::canonical),
    );
    // The hands given with certainty: a hidden hand, spot cards or a card dealt twice give no
    // hand, HCP or shape (null), never those of a hand the file does not contain.
    let deal = model.value("Deal").and_then(deal::parse_certain);
    let cards = deal.as_ref().map(layout);
    let out = o.key("deal");
    match (&deal, &cards) {
        (Some(deal), Some(cards)) => deal_object(out, deal, cards),
        _ => out.push_str("null"),
    }
    o.str("deal_hash", cards.as_ref().map(deal_hash).as_deref());
    let out = o.key("hands");
    match &deal {
        Some(deal) => hands_object(out, deal),
        None => out.push_str("null"),
    }
    o.str("scoring", value("Scoring"));
    let declarer = model
        .value("Declarer")
        .and_then(|v| parse_declarer(v).flatten())
        .map(|d| d.seat);
    o.str("declarer", seat_text(declarer));
    let contract = model.value("Contract").and_then(ContractValue::read);
    let out = o.key("contract");
    match contract {
        Some(contract) => contract_object(out, contract),
        None => out.push_str("null"),
    }
    let context = canon::GameContext {
        dealer,
        declarer,
        tricks: deal.as_ref().map_or(13, |d| d.hand_size().min(13) as u8),
        deal: None,
    };
    let result = model
        .value("Result")
        .and_then(|v| crate::model::values::ResultValue::parse(v).flatten())
        .and_then(|r| context.declarer_tricks(r));
    o.num("result", result.map(usize::from));
    let out = o.key("score");
    score(out, model.value("Score"), declarer);
    let vulnerable = model.value("Vulnerable").and_then(Vulnerability::read);
    let duplicate = match (contract, declarer, result, vulnerable) {
        (Some(ContractValue::PassedOut), ..) => Some(0),
        (Some(ContractValue::Contract(c)), Some(declarer), Some(tricks), Some(vulnerable)) => {
            Some(c.score_ns(declarer, vulnerable, tricks))
        }
        _ => None,
    };
    sides(o.key("duplicate_score"), duplicate);
    let board = crate::query::Board::new(parse, text, model);
    let out = o.key("double_dummy");
    match board.dd() {
        Some(tricks) => double_dummy_object(out, tricks),
        None => out.push_str("null"),
    }
    par_object(o.key("par"), board.shown_par(None));
    let mut spans = place
        .spans
        .clone()
        .map(|game| Spans::new(text, game, place.line));
    let out = o.key("auction");
    auction_object(
        out,
        parse,
        text,
        model,
        dealer,
        spans.as_mut().map(|s| &mut s.calls),
    );
    let out = o.key("play");
    play_object(
        out,
        parse,
        text,
        model,
        declarer,
        contract,
        spans.as_mut().map(|s| &mut s.tricks),
    );
    let out = o.key("comments");
    comments(out, parse, text, model);
    let out = o.key("sections");
    sections(out, parse, text, model);
    if let Some(spans) = &spans {
        spans.object(o.key("spans"), parse, model, deal.as_ref());
    }
    // Read without a syntax error: [`convert`] rewrites this end ([`CERTAIN_END`]) for a game
    // that has one.
    o.key("uncertain").push_str("false");
    o.key("syntax_errors").push_str("[]");
    o.end();
}

/// The end of the object of a game read without a syntax error (issue 44, item 14).
const CERTAIN_END: &str = ",\"uncertain\":false,\"syntax_errors\":[]}";

/// The most syntax errors an object lists.
const SYNTAX_ERRORS_LISTED: usize = 10;

/// The Score tag (PBN 4.2.1) as points for each side: `NS 420` is 420 for North-South and -420
/// for East-West; a bare number is declarer's side's. `null` when it does not read.
fn score(out: &mut String, value: Option<&str>, declarer: Option<Seat>) {
    use crate::model::values::{PerSide, Side};
    let points = value.and_then(|v| PerSide::parse(v, |w| w.parse::<i64>().ok()));
    let (ns, ew) = match points {
        Some(PerSide::Both { ns, ew }) => (Some(ns), Some(ew)),
        Some(PerSide::One(Side::NorthSouth, v)) => (Some(v), v.checked_neg()),
        Some(PerSide::One(Side::EastWest, v)) => (v.checked_neg(), Some(v)),
        Some(PerSide::Declarer(v)) => match declarer.map(Side::of) {
            Some(Side::NorthSouth) => (Some(v), v.checked_neg()),
            Some(Side::EastWest) => (v.checked_neg(), Some(v)),
            None => (None, None),
        },
        None => (None, None),
    };
    if ns.is_none() && ew.is_none() {
        out.push_str("null");
        return;
    }
    let mut o = Object::new(out);
    for (key, value) in [("ns", ns), ("ew", ew)] {
        let out = o.key(key);
        match value {
            Some(v) => {
                let _ = std::fmt::Write::write_fmt(out, format_args!("{v}"));
            }
            None => out.push_str("null"),
        }
    }
    o.end();
}

/// Points for North-South as `{"ns": 420, "ew": -420}`, or `null`.
fn sides(out: &mut String, ns: Option<i64>) {
    match ns {
        Some(ns) => {
            let _ = std::fmt::Write::write_fmt(out, format_args!("{{\"ns\":{ns},\"ew\":{}}}", -ns));
        }
        None => out.push_str("null"),
    }
}

/// Par ([`crate::par::shown`]): `{"ns":620,"ew":-620,"contracts":["NS 4S="]}`, the contracts as
/// a ParContract value names them (`[]` for a pass-out), `null` where the board has no table (the
/// score is then the file's OptimumScore); `null` without a par.
fn par_object(out: &mut String, par: Option<crate::par::Shown>) {
    let Some(par) = par else {
        out.push_str("null");
        return;
    };
    let _ = std::fmt::Write::write_fmt(
        out,
        format_args!("{{\"ns\":{},\"ew\":{},\"contracts\":", par.ns, -par.ns),
    );
    match par.contracts {
        None => out.push_str("null"),
        Some(contracts) => {
            out.push('[');
            for (i, contract) in contracts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                // `NS 4S=`: letters, digits, `=+-` and a space, nothing to escape.
                let _ =
                    std::fmt::Write::write_fmt(out, format_args!("\"{}\"", contract.value_text()));
            }
            out.push(']');
        }
    }
    out.push('}');
}

/// A PBN date (PBN 3.4.3) with every digit known, as ISO 8601 (`1995-06-10`); a date in
/// another spelling that reads for certain (`2023-07-28`, `3 December 2019`) too. `None` for a
/// date with unknown digits, a guess, or none.
fn iso_date(date: &str) -> Option<String> {
    let pbn = if crate::model::values::date_problem(date).is_none() {
        date.to_owned()
    } else {
        crate::model::loose::date(date)
            .filter(|reading| reading.certain)?
            .spelling
    };
    (!pbn.contains('?') && pbn.len() == 10)
        .then(|| format!("{}-{}-{}", &pbn[0..4], &pbn[5..7], &pbn[8..10]))
}

/// Each hand's high-card points (A 4, K 3, Q 2, J 1) and shape, its lengths in spades, hearts,
/// diamonds and clubs; `null` for a hand not given.
fn hands_object(out: &mut String, deal: &Deal) {
    let mut o = Object::new(out);
    each_hand(&mut o, deal, |out, cards| {
        let lengths = crate::bridge::Suit::ALL.map(|suit| cards.length(suit));
        let _ = std::fmt::Write::write_fmt(
            out,
            format_args!(
                "{{\"hcp\":{},\"shape\":[{},{},{},{}]}}",
                crate::query::hcp(cards),
                lengths[0],
                lengths[1],
                lengths[2],
                lengths[3]
            ),
        );
    });
    o.end();
}

/// A key for each seat, `N` to `W`, and the value `write` writes of its hand, or `null` for a
/// hand not given.
fn each_hand(o: &mut Object<'_>, deal: &Deal, mut write: impl FnMut(&mut String, deal::Cards)) {
    for seat in Seat::ALL {
        let out = o.key(seat_text(Some(seat)).unwrap_or("N"));
        match deal.hand(seat) {
            Some(hand) => write(out, hand.cards),
            None => out.push_str("null"),
        }
    }
}

/// The tricks of each declarer in each denomination: `{"N": {"C": 8, …, "NT": 9}, …}`.
fn double_dummy_object(out: &mut String, tricks: &crate::model::double_dummy::Tricks) {
    let mut o = Object::new(out);
    for seat in Seat::ALL {
        let mut row = Object::new(o.key(seat_text(Some(seat)).unwrap_or("N")));
        for denomination in Denomination::ALL {
            row.num(
                crate::bridge::denomination_text(denomination),
                Some(usize::from(tricks[seat as usize][denomination as usize])),
            );
        }
        row.end();
    }
    o.end();
}

/// The supplemental sections and tables of a game (PBN 5): each tag with section data, its
/// columns (a table's column names, PBN 5.2; none for a plain section) and its rows, each
/// element a string: a string without its quotes, anything else as written (`0873` stays
/// `"0873"`: a pair number is not a quantity, and PBN 5.2 types no column).
fn sections(out: &mut String, parse: &Parse, text: &str, model: &GameModel<'_>) {
    out.push('[');
    let mut first = true;
    for tag in model
        .tags
        .iter()
        .filter(|t| t.inheritance != Inheritance::Implied && !t.duplicate)
    {
        let table = crate::table::Table::new(tag.pair, &tag.value);
        if table.elements.is_empty() {
            continue;
        }
        let is_table = crate::names::is_table(tag.name) || tag.name.ends_with("Table");
        if !first {
            out.push(',');
        }
        first = false;
        let mut o = Object::new(out);
        o.str("tag", Some(tag.name));
        let list = o.key("columns");
        list.push('[');
        if is_table {
            for (i, column) in table.columns.iter().enumerate() {
                if i > 0 {
                    list.push(',');
                }
                push_str(list, column.name);
            }
        }
        list.push(']');
        let rows = o.key("rows");
        rows.push('[');
        let width = if is_table {
            table.columns.len().max(1)
        } else {
            1
        };
        for (i, row) in table.elements.chunks(width).enumerate() {
            if i > 0 {
                rows.push(',');
            }
            rows.push('[');
            for (j, &(first_token, last_token)) in row.iter().enumerate() {
                if j > 0 {
                    rows.push(',');
                }
                let cell = &text[parse.span(first_token, last_token)];
                if cell.starts_with('"') {
                    push_str(rows, &crate::syntax::string_value(cell));
                } else {
                    push_str(rows, cell);
                }
            }
            rows.push(']');
        }
        rows.push(']');
        o.end();
    }
    out.push(']');
}

fn deal_object(out: &mut String, deal: &Deal, cards: &[u8; 52]) {
    let mut o = Object::new(out);
    each_hand(&mut o, deal, |out, hand| {
        out.push('"');
        hand.push_pbn(out);
        out.push('"');
    });
    let out = o.key("cards");
    out.push('"');
    out.extend(cards.iter().map(|&b| char::from(b)));
    out.push('"');
    o.end();
}

fn contract_object(out: &mut String, contract: ContractValue) {
    let mut o = Object::new(out);
    match contract {
        ContractValue::PassedOut => {
            o.key("passed_out").push_str("true");
        }
        ContractValue::Trumps(denomination) => {
            o.str(
                "denomination",
                Some(crate::bridge::denomination_text(denomination)),
            );
        }
        ContractValue::Contract(contract) => {
            o.num("level", Some(usize::from(contract.level)));
            o.str(
                "denomination",
                Some(crate::bridge::denomination_text(contract.denomination)),
            );
            o.str(
                "risk",
                Some(match contract.risk {
                    Risk::Undoubled => "",
                    Risk::Doubled => "X",
                    Risk::Redoubled => "XX",
                }),
            );
        }
    }
    o.end();
}

/// The note texts of a section, by index.
fn notes<'m>(model: &'m GameModel<'_>, indices: &[usize]) -> Vec<(&'m str, &'m str)> {
    indices
        .iter()
        .filter_map(|&i| {
            let (index, note) = model.tags[i].value.split_once(':')?;
            Some((index.trim().trim_start_matches('0'), note))
        })
        .collect()
}

/// A move's NAGs (suffixes as their NAGs) and the text of its note.
fn annotations(
    out: &mut Object<'_>,
    parse: &Parse,
    text: &str,
    mv: Option<&crate::syntax::Move>,
    notes: &[(&str, &str)],
) {
    let (references, nags) = match mv {
        Some(mv) => canon::annotations(parse, text, mv, true),
        None => (Vec::new(), Vec::new()),
    };
    let list = out.key("nags");
    list.push('[');
    for (i, nag) in nags.iter().enumerate() {
        if i > 0 {
            list.push(',');
        }
        list.push_str(nag.digits());
    }
    list.push(']');
    let note = references.first().and_then(|r| {
        notes
            .iter()
            .find(|(index, _)| *index == r.digits())
            .map(|(_, note)| *note)
    });
    out.str("note", note);
}

/// The moves of a section, in order.
fn moves_of(data: &[Data]) -> Vec<&crate::syntax::Move> {
    data.iter()
        .filter_map(|d| match d {
            Data::Move(mv) => Some(mv),
            _ => None,
        })
        .collect()
}

/// `"insufficient": true` on a call written after `^I`: an insufficient bid the next player
/// accepted (PBN 3.5.5).
fn insufficient(out: &mut Object<'_>, parse: &Parse, text: &str, mv: Option<&crate::syntax::Move>) {
    let marked = mv
        .and_then(|mv| mv.irregularity)
        .is_some_and(|id| parse.text(text, id).eq_ignore_ascii_case("^I"));
    if marked {
        out.key("insufficient").push_str("true");
    }
}

#[cfg(test)]
mod tests;
