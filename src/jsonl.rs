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

use std::io;
use std::ops::Range;
use std::path::Path;

use crate::bridge::{CallToken, Denomination, Seat};
use crate::canon;
use crate::convert::lin::{ConvertOptions, lin_to_pbn_decoded};
use crate::io::spool::Output;
use crate::lin::looks_like_lin;
use crate::model::auction::{self, Entry};
use crate::model::deal::{self, Deal};
use crate::model::play::{self, Context, PlayEnd, Slot};
use crate::model::values::{ContractValue, Risk, Vulnerability, parse_declarer};
use crate::model::{GameModel, Inheritance};
use crate::proof::Rewritten;
use crate::read::stream::{self, Streamed};
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::source::{self, Encoding};
use crate::syntax::{Data, Parse};

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

/// Writes one JSON object per game that `driver` reads to `each` (a line without its line end,
/// which `each` may extend before its closing `}`), with the game's span, in file order; `file`
/// names the source in each object; `chunk_read` sees each chunk first (for what `check` reads
/// of a file: its syntax errors, whether it is PBN at all). `each` returns false to stop. The
/// JSON is written directly, not built as a tree first: one game's line is the only allocation
/// that grows. `each` is told too why the game cannot be converted whole ([`unconvertible`]).
fn games(
    driver: &mut crate::read::Driver<'_>,
    file: &str,
    chunk_read: impl FnMut(&crate::read::Chunk),
    mut each: impl FnMut(&mut String, Range<usize>, Option<String>) -> bool,
) -> usize {
    let text = driver.text();
    // Lines are counted from one game to the next (CR, LF and CRLF each end one), not looked up.
    let (mut counted_to, mut line_number) = (0usize, 1usize);
    let mut index = 0;
    let mut line = String::new();
    let bytes = text.as_bytes();
    driver.games(chunk_read, |parse, game, model| {
        let span = parse.span(game.first, game.last);
        index += 1;
        line.clear();
        let to = span.start.clamp(counted_to, bytes.len());
        line_number += source::line_ends(&bytes[counted_to..to], bytes.get(to).copied());
        counted_to = to;
        let place = Place {
            file,
            line: line_number,
            game: index,
        };
        object(&mut line, parse, text, model, &place);
        let why = unconvertible(text, model).or_else(|| {
            model
                .tags
                .is_empty()
                .then(|| "none of it reads as a tag pair".to_owned())
        });
        each(&mut line, span, why)
    });
    index
}

/// Why a game cannot be written as one object without losing part of it, when it cannot: a tag
/// pair given again that no comment can hold ([`canon::Repeat::Refuse`]), most often two boards
/// run together. A repeated tag a comment holds is kept in `comments` ([`comments`]).
fn unconvertible(text: &str, model: &GameModel<'_>) -> Option<String> {
    if let Some((_, second)) = model.ran_together() {
        return Some(format!(
            "it gives two {} values: two boards seem to have run together",
            second.name
        ));
    }
    model
        .tags
        .iter()
        .filter(|tag| tag.duplicate)
        .find(|tag| canon::repeat(text, model, tag) == canon::Repeat::Refuse)
        .map(|tag| format!("its second {} tag cannot be kept", tag.name))
}

/// Where a game stands.
struct Place<'a> {
    file: &'a str,
    line: usize,
    game: usize,
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
    let deal = model.value("Deal").and_then(|v| deal::parse(v).0);
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
            let side = crate::model::values::Side::of(declarer);
            let points = crate::model::duplicate::duplicate_score(
                c.level,
                c.denomination,
                c.risk,
                vulnerable.is_vulnerable(side),
                tricks,
            );
            Some(match side {
                crate::model::values::Side::NorthSouth => points,
                crate::model::values::Side::EastWest => -points,
            })
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
    sides(o.key("par"), board.par());
    let out = o.key("auction");
    auction_object(out, parse, text, model, dealer);
    let out = o.key("play");
    play_object(out, parse, text, model, declarer, contract);
    let out = o.key("comments");
    comments(out, parse, text, model);
    let out = o.key("sections");
    sections(out, parse, text, model);
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
    for seat in Seat::ALL {
        let out = o.key(seat_text(Some(seat)).unwrap_or("N"));
        let Some(hand) = deal.hand(seat) else {
            out.push_str("null");
            continue;
        };
        let lengths = crate::bridge::Suit::ALL
            .map(|suit| hand.cards.iter().filter(|card| card.suit == suit).count());
        let _ = std::fmt::Write::write_fmt(
            out,
            format_args!(
                "{{\"hcp\":{},\"shape\":[{},{},{},{}]}}",
                crate::query::hcp(hand.cards),
                lengths[0],
                lengths[1],
                lengths[2],
                lengths[3]
            ),
        );
    }
    o.end();
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
    for seat in Seat::ALL {
        let out = o.key(seat_text(Some(seat)).unwrap_or("N"));
        let Some(hand) = deal.hand(seat) else {
            out.push_str("null");
            continue;
        };
        out.push('"');
        hand.cards.push_pbn(out);
        out.push('"');
    }
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

fn auction_object(
    out: &mut String,
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    dealer: Option<Seat>,
) {
    let Some((tag, start)) = model.auction_section() else {
        out.push_str("null");
        return;
    };
    let notes = notes(model, &model.auction_notes);
    let read = auction::read(parse, text, start, dealer, &tag.pair.data);
    let moves = moves_of(&tag.pair.data);
    let mut o = Object::new(out);
    o.str("first", seat_text(Some(start)));
    let mut end = "open";
    let list = o.key("calls");
    list.push('[');
    let mut next_move = 0;
    let mut written = 0;
    for position in &read.positions {
        let mv = match position.entry {
            // The move of this position: a `-` before the dealer is a move but no position.
            Entry::Call(_) | Entry::Skip | Entry::Unreadable => {
                while moves
                    .get(next_move)
                    .is_some_and(|mv| mv.token < position.token)
                {
                    next_move += 1;
                }
                moves
                    .get(next_move)
                    .copied()
                    .filter(|mv| mv.token == position.token)
            }
            Entry::End => {
                end = "stopped";
                None
            }
            Entry::Continue => {
                end = "continued";
                None
            }
        };
        let call: std::borrow::Cow<'_, str> = match position.entry {
            Entry::Call(CallToken::Skip) | Entry::End | Entry::Continue => continue,
            Entry::Call(CallToken::Pass) => "Pass".into(),
            Entry::Call(call) => call.spelling().into(),
            Entry::Skip => "^S".into(),
            Entry::Unreadable => mv.map_or("".into(), |mv| parse.text(text, mv.token).into()),
        };
        if written > 0 {
            list.push(',');
        }
        written += 1;
        let mut c = Object::new(list);
        c.str("seat", seat_text(Some(position.seat)));
        c.str("call", Some(&call));
        annotations(&mut c, parse, text, mv, &notes);
        insufficient(&mut c, parse, text, mv);
        c.end();
    }
    // The calls written after the end, or after a call the walk could not follow: each as
    // written, marked `after_end` when the auction had ended (issue 44, item 12).
    let ended = matches!(
        read.outcome,
        Some(auction::Outcome::Complete(_) | auction::Outcome::Stopped)
    );
    // The moves the walk did not take: those after the last position it read (a `-` before
    // the dealer is no position, and no call).
    let last = read.positions.last();
    let mut seat = last.map(|p| p.seat.next());
    let after = moves.iter().filter(|mv| {
        last.is_some_and(|p| mv.token > p.token)
            && CallToken::read(parse.text(text, mv.token)) != Some(CallToken::Skip)
    });
    for mv in after {
        if written > 0 {
            list.push(',');
        }
        written += 1;
        let token = parse.text(text, mv.token);
        let call: std::borrow::Cow<'_, str> = match CallToken::read(token) {
            Some(CallToken::Pass) => "Pass".into(),
            Some(call) => call.spelling().into(),
            None => token.into(),
        };
        let mut c = Object::new(list);
        c.str("seat", seat_text(seat));
        c.str("call", Some(&call));
        annotations(&mut c, parse, text, Some(mv), &notes);
        insufficient(&mut c, parse, text, Some(mv));
        if ended {
            c.key("after_end").push_str("true");
        }
        c.end();
        seat = seat.map(Seat::next);
    }
    list.push(']');
    if matches!(read.outcome, Some(auction::Outcome::Complete(_))) {
        end = "complete";
    }
    o.str("end", Some(end));
    o.end();
}

fn play_object(
    out: &mut String,
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    declarer: Option<Seat>,
    contract: Option<ContractValue>,
) {
    let Some((tag, play_seat)) = model.play_section() else {
        out.push_str("null");
        return;
    };
    let trumps: Option<Denomination> = contract.and_then(ContractValue::denomination);
    // Every card written is given, even past the tricks an end position has (P009 judges
    // that): the deal does not limit the reading here.
    let context = Context {
        play_seat,
        deal: None,
        opening_leader: declarer.map(Seat::next),
        trumps,
        hand_size: 13,
    };
    let read = play::read(parse, text, context, &tag.pair.data);
    let notes = notes(model, &model.play_notes);
    let moves = moves_of(&tag.pair.data);
    let mut o = Object::new(out);
    o.str("first", seat_text(Some(play_seat)));
    let list = o.key("tricks");
    list.push('[');
    for (i, trick) in read.tricks.iter().enumerate() {
        if i > 0 {
            list.push(',');
        }
        let mut t = Object::new(list);
        t.str("leader", seat_text(trick.leader));
        for seat in Seat::ALL {
            let out = t.key(seat_text(Some(seat)).unwrap_or("N"));
            match trick.slot(seat) {
                Slot::Card { card, .. } => {
                    out.push('"');
                    out.push(card.suit.letter());
                    out.push(card.rank.letter());
                    out.push('"');
                }
                Slot::Unknown(_) => out.push_str("\"-\""),
                Slot::Continue(_) => out.push_str("\"+\""),
                Slot::Empty => out.push_str("null"),
            }
        }
        t.str("winner", seat_text(trick.winner));
        card_annotations(&mut t, parse, text, trick, &moves, &notes);
        t.end();
    }
    list.push(']');
    o.str(
        "end",
        Some(match read.end {
            PlayEnd::Stopped(_) => "stopped",
            PlayEnd::Open => "open",
        }),
    );
    o.end();
}

/// What is written about the trick's cards, by seat, when anything is: `revoke` (`^R`),
/// `lead_out_of_turn` (`^L`, PBN 3.6.4), the card's NAGs and the text of its note (PBN 3.6.3).
fn card_annotations(
    out: &mut Object<'_>,
    parse: &Parse,
    text: &str,
    trick: &play::Trick,
    moves: &[&crate::syntax::Move],
    notes: &[(&str, &str)],
) {
    let mut marked = Vec::new();
    for seat in Seat::ALL {
        let Slot::Card { token, mark, .. } = trick.slot(seat) else {
            continue;
        };
        let Ok(at) = moves.binary_search_by_key(&token, |mv| mv.token) else {
            continue;
        };
        let mv = moves[at];
        let (references, nags) = canon::annotations(parse, text, mv, true);
        if mark.is_some() || !references.is_empty() || !nags.is_empty() {
            marked.push((seat, mark, mv));
        }
    }
    if marked.is_empty() {
        return;
    }
    let mut list = Object::new(out.key("annotations"));
    for (seat, mark, mv) in marked {
        let mut a = Object::new(list.key(seat_text(Some(seat)).unwrap_or("N")));
        if let Some(mark) = mark {
            let key = if mark.revoke {
                "revoke"
            } else {
                "lead_out_of_turn"
            };
            a.key(key).push_str("true");
        }
        annotations(&mut a, parse, text, Some(mv), notes);
        a.end();
    }
    list.end();
}

/// The comments of a game, each with where it stood: before the first tag, after a tag pair, or
/// after the n-th call or card of a section (PBN 3.8).
fn comments(out: &mut String, parse: &Parse, text: &str, model: &GameModel<'_>) {
    out.push('[');
    let mut first = true;
    let mut push = |out: &mut String, after: Option<&str>, moves: usize, body: &str| {
        if !first {
            out.push(',');
        }
        first = false;
        let mut c = Object::new(out);
        c.str("after", after);
        c.num("moves", Some(moves));
        c.str("text", Some(body));
        c.end();
    };
    let body = |id| crate::syntax::comment_body(parse.text(text, id));
    for data in &model.game.leading {
        if let Data::Comment(id) = data {
            push(out, None, 0, body(*id));
        }
    }
    for tag in model
        .tags
        .iter()
        .filter(|t| t.inheritance != Inheritance::Implied)
    {
        // A tag pair given again is ignored (PBN 3.4); as export does, it is kept as a comment
        // after the tag of its name (issue 43).
        if tag.duplicate
            && let canon::Repeat::Comment(comment) = canon::repeat(text, model, tag)
        {
            push(
                out,
                Some(tag.name),
                0,
                crate::syntax::comment_body(&comment),
            );
        }
        let mut moves = 0;
        for data in &tag.pair.data {
            match data {
                Data::Move(_) => moves += 1,
                Data::Comment(id) => push(out, Some(tag.name), moves, body(*id)),
                _ => {}
            }
        }
    }
    out.push(']');
}

/// What `convert --to jsonl` and `--to csv` write.
#[derive(Clone, Debug, Default)]
pub struct DataOptions {
    /// Add each game's findings (`check`'s default rules) to its object (`--with-findings`).
    pub findings: bool,
    /// CSV instead of JSON lines.
    pub csv: Option<crate::csv::Csv>,
}

/// `convert --to jsonl` (or `--to csv`) of one file: a PBN input read as it is, a LIN input
/// converted to PBN first (with its findings); the output is kept in a spooled [`Output`].
pub fn convert(
    bytes: Vec<u8>,
    options: &ConvertOptions,
    data: &DataOptions,
    file: &str,
) -> Rewritten {
    let mut decoded = source::decode_owned(bytes, options.input_encoding);
    let mut problems = Vec::new();
    // A LIN input is converted first; its PBN is what the JSON says. (The driver below sniffs
    // the PBN read; LIN is told by its first characters alone.)
    let converted = if looks_like_lin(&decoded.text) {
        let lin = ConvertOptions {
            encoding: Some(Encoding::Utf8),
            ..options.clone()
        };
        let converted = lin_to_pbn_decoded(decoded, &lin);
        let Some(bytes) = converted.output_bytes() else {
            return converted;
        };
        problems = converted.problems;
        decoded = converted.decoded;
        Some(source::decode_owned(bytes, Some(Encoding::Utf8)))
    } else {
        None
    };
    let pbn = converted.as_ref().unwrap_or(&decoded);
    // What `check` reads of a file before the rules: one that is not PBN at all (binary, chess
    // PGN, PBI) has no games, and the syntax errors of one that is are said.
    let mut reading = crate::rules::reading::Reading::new(pbn);
    let mut driver = crate::read::Driver::new(pbn);
    if !driver.wants_chunks() {
        let (found, _) = reading.finish(&driver.finish());
        return Rewritten::refused(decoded, found, 0);
    }
    // The findings of each game, when asked: `check` once, handed out by position.
    let findings = if data.findings {
        crate::check::check_bytes(pbn.text.as_bytes(), &Default::default()).diagnostics
    } else {
        Vec::new()
    };
    let index = data
        .findings
        .then(|| crate::source::LineIndex::new(&pbn.text));
    let mut next_finding = 0;
    let mut output = Output::new();
    let mut sink = Sink::new(&mut output, data.csv.clone(), true);
    // The current chunk's syntax errors: a game holding one is written with them, its reading
    // marked uncertain (issue 44, item 14).
    let errors: std::cell::RefCell<Vec<Diagnostic>> = std::cell::RefCell::new(Vec::new());
    let mut lines: Option<crate::source::LineIndex> = None;
    let mut left_out = crate::proof::Capped::default();
    let mut uncertain = 0usize;
    let games = games(
        &mut driver,
        file,
        |read| {
            let parse = &read.parse;
            reading.chunk(parse, &read.found);
            let mut errors = errors.borrow_mut();
            errors.clear();
            errors.extend(
                parse
                    .errors
                    .iter()
                    .map(|e| crate::rules::syntax::syntax_diagnostic(e, &pbn.text)),
            );
        },
        |line, span, unconvertible| {
            if let Some(why) = unconvertible {
                left_out.push(not_converted(&pbn.text, span, &why));
                return true;
            }
            let errors = errors.borrow();
            let mut in_game = errors
                .iter()
                .filter(|d| span.contains(&d.span.start))
                .peekable();
            if in_game.peek().is_some() {
                let index = lines.get_or_insert_with(|| crate::source::LineIndex::new(&pbn.text));
                line.truncate(line.len() - CERTAIN_END.len());
                line.push_str(",\"uncertain\":true,\"syntax_errors\":[");
                for (i, d) in in_game.take(SYNTAX_ERRORS_LISTED).enumerate() {
                    if i > 0 {
                        line.push(',');
                    }
                    finding(line, d, &pbn.text, index);
                }
                line.push_str("]}");
                uncertain += 1;
            }
            if let Some(index) = &index {
                line.pop();
                line.push_str(",\"findings\":[");
                let mut first = true;
                while let Some(d) = findings.get(next_finding) {
                    if d.span.start >= span.end && d.span.start > span.start {
                        break;
                    }
                    next_finding += 1;
                    if !first {
                        line.push(',');
                    }
                    first = false;
                    finding(line, d, &pbn.text, index);
                }
                line.push_str("]}");
            }
            sink.game(line)
        },
    );
    let failed = sink.failed.take();
    let (found, is_pbn) = reading.finish(&driver.finish());
    if !is_pbn {
        return Rewritten::refused(decoded, found, 0);
    }
    if converted.is_none() {
        problems.extend(found.into_iter().filter(|d| d.severity == Severity::Error));
    }
    problems.extend(left_out.kept);
    if let Some(error) = failed {
        let problem = crate::rules::writing::output_not_kept("the output", &error);
        return Rewritten::refused(decoded, vec![problem], games);
    }
    let mut written = Rewritten::written(decoded, Some(output), problems, games);
    written.omitted = left_out.omitted;
    written.uncertain = uncertain;
    written
}

/// W006 for the game at `span` of `text`, named by its Board when it has one; `why` it is left
/// out.
fn not_converted(text: &str, span: Range<usize>, why: &str) -> Diagnostic {
    let game = &text[span.clone()];
    let first_line = game.find(['\r', '\n']).unwrap_or(game.len());
    let board = game
        .find("[Board \"")
        .map(|at| &game[at + 8..])
        .and_then(|rest| rest.split_once('"'))
        .map(|(board, _)| board)
        .filter(|board| !board.is_empty() && board.len() <= 12);
    let named = match board {
        Some(board) => format!("board {} is", crate::display::escape(board)),
        None => "this game is".to_owned(),
    };
    crate::rules::writing::game_not_converted(span.start..span.start + first_line, &named, why)
}

/// [`convert`] of the PBN file at `path`, read a window at a time ([`stream`]) so that memory
/// stays the same whatever the file's size, its lines (or rows, after a header when `header`)
/// appended to `out`. `None` when the file must be read whole and given to [`convert`]: a LIN
/// record, `--with-findings` (whose findings are `check`'s of the whole file), and what
/// [`stream::Streamed::NeedsWhole`] lists; `out` is then as it was.
pub fn convert_file(
    path: &Path,
    options: &ConvertOptions,
    data: &DataOptions,
    file: &str,
    out: &mut Output,
    header: bool,
) -> io::Result<Option<usize>> {
    if data.findings {
        return Ok(None);
    }
    let start = out.len();
    let mut sink = Sink::new(out, data.csv.clone(), header);
    let mut line = String::new();
    // A game that cannot be converted whole is left out with W006, by [`convert`].
    let mut whole = false;
    let streamed = stream::each_game_in_file(
        path,
        options.input_encoding,
        |text| !looks_like_lin(text),
        |parse, text, model, at| {
            if unconvertible(text, model).is_some() {
                whole = true;
                return false;
            }
            line.clear();
            let place = Place {
                file,
                line: at.line,
                game: at.game,
            };
            object(&mut line, parse, text, model, &place);
            sink.game(&mut line)
        },
    );
    let failed = sink.failed.take();
    match streamed? {
        Streamed::Done(_) if whole => {
            out.truncate(start)?;
            Ok(None)
        }
        Streamed::Done(games) => match failed {
            None => Ok(Some(games)),
            Some(error) => Err(io::Error::other(error)),
        },
        Streamed::NeedsWhole(_) => {
            out.truncate(start)?;
            Ok(None)
        }
    }
}

/// Where the games' lines go: JSON lines, or the CSV rows made from them.
struct Sink<'o> {
    output: &'o mut Output,
    csv: Option<crate::csv::Writer>,
    /// Why the output could not be kept; nothing more is written.
    failed: Option<String>,
}

impl<'o> Sink<'o> {
    fn new(output: &'o mut Output, csv: Option<crate::csv::Csv>, header: bool) -> Sink<'o> {
        let csv = csv.map(crate::csv::Writer::new);
        let mut sink = Sink {
            output,
            csv,
            failed: None,
        };
        if let Some(writer) = &sink.csv
            && header
            && let Err(error) = sink.output.push(writer.header().as_bytes())
        {
            sink.failed = Some(error.to_string());
        }
        sink
    }

    /// Writes one game's line; false once the output cannot be kept.
    fn game(&mut self, line: &mut String) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let written = match &self.csv {
            Some(writer) => writer
                .rows(line)
                .and_then(|rows| self.output.push(rows.as_bytes()).map_err(|e| e.to_string())),
            None => {
                line.push('\n');
                self.output.push(line.as_bytes()).map_err(|e| e.to_string())
            }
        };
        if let Err(error) = written {
            self.failed = Some(error);
        }
        self.failed.is_none()
    }
}

/// A finding as JSON: its code, name, severity, line and column, message and help.
fn finding(out: &mut String, d: &Diagnostic, text: &str, index: &crate::source::LineIndex) {
    let (line, column) = index.line_col(text, d.span.start);
    let mut o = Object::new(out);
    o.str("code", Some(d.rule.code()));
    o.str("name", Some(d.rule.name()));
    o.str("severity", Some(d.severity.as_str()));
    o.num("line", Some(line));
    o.num("column", Some(column));
    o.str("message", Some(&d.message));
    o.str("help", d.help.as_deref());
    o.end();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(value: &str, declarer: Option<Seat>) -> String {
        let mut out = String::new();
        score(&mut out, Some(value), declarer);
        out
    }

    /// PBN 4.2.1's forms of Score, as points for each side.
    #[test]
    fn scores_are_points_for_each_side() {
        assert_eq!(scored("NS 420", None), r#"{"ns":420,"ew":-420}"#);
        assert_eq!(scored("EW -50", None), r#"{"ns":50,"ew":-50}"#);
        assert_eq!(scored("NS +550", None), r#"{"ns":550,"ew":-550}"#);
        assert_eq!(scored("NS 100 EW -100", None), r#"{"ns":100,"ew":-100}"#);
        assert_eq!(scored("620", Some(Seat::East)), r#"{"ns":-620,"ew":620}"#);
        assert_eq!(scored("620", None), "null");
        assert_eq!(scored("lots", None), "null");
    }

    /// Strings are escaped as RFC 8259 says, and nothing else is touched.
    #[test]
    fn strings_are_escaped() {
        let mut out = String::new();
        push_str(&mut out, "a \"b\" \\ c\nd\u{1}é");
        assert_eq!(out, "\"a \\\"b\\\" \\\\ c\\nd\\u0001é\"");
    }
}
