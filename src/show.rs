//! `pbnfmt show`: a board as people draw it, the four hands around the table, with the dealer,
//! the vulnerability, the contract and result, and the auction in a table under it.
//!
//! Values are read after `#`/`##` inheritance (PBN 4.8); a value that cannot be read is shown as
//! written, and a hand the Deal does not give (`-`) as `?`.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::bridge::{CallToken, Denomination, Rank, Seat, Suit};
use crate::display;
use crate::model::GameModel;
use crate::model::auction::{self, Entry};
use crate::model::deal::{self, Cards};
use crate::model::values::{ContractValue, ResultValue, parse_declarer};
use crate::parser;

/// How suits are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    /// ♠ ♥ ♦ ♣
    Unicode,
    /// S H D C
    Ascii,
}

impl Symbols {
    fn suit(self, suit: Suit) -> char {
        match self {
            Symbols::Unicode => suit.symbol(),
            Symbols::Ascii => suit.letter(),
        }
    }

    fn void(self) -> &'static str {
        match self {
            Symbols::Unicode => "—",
            Symbols::Ascii => "-",
        }
    }
}

/// The diagrams of the games of `text` whose Board tag is `board` (every game when `None`),
/// in file order. Games without a tag pair are skipped.
pub fn diagrams(text: &str, board: Option<&str>, symbols: Symbols) -> Vec<String> {
    let mut out = Vec::new();
    each_diagram(text, board, symbols, parser::CHUNK_BYTES, |diagram| {
        out.push(diagram);
        true
    });
    out
}

/// Hands each diagram of [`diagrams`] to `each` as it is drawn, until `each` returns false (a
/// closed output); returns how many were drawn. The text is read about `chunk` bytes at a time,
/// so that a large file costs its text and one chunk's tree, and the diagrams do not depend on
/// the chunk size. A LIN text (BBO) is drawn as the PBN it converts to, a batch of boards at a
/// time (issue 49, item 1).
pub fn each_diagram(
    text: &str,
    board: Option<&str>,
    symbols: Symbols,
    chunk: usize,
    each: impl FnMut(String) -> bool,
) -> usize {
    let look = Look {
        symbols,
        play: false,
        colour: false,
        solved: None,
        warnings: None,
    };
    each_diagram_as(text, board, look, chunk, each)
}

/// How a diagram is drawn.
#[derive(Clone, Copy)]
pub struct Look<'a> {
    pub symbols: Symbols,
    /// The play trick by trick, under the auction (`show --play`).
    pub play: bool,
    /// ANSI colours for a terminal (`show --color`): the red suits red, the board's heading bold.
    pub colour: bool,
    /// The solver's tables of the deals (`show --analyze`), for a board whose file gives none.
    pub solved: Option<&'a crate::dds::Solutions>,
    /// Where the drawing's warnings go (a file's OptimumScore that its table contradicts), for
    /// the caller to say on standard error; `None` drops them.
    pub warnings: Option<&'a std::cell::RefCell<Vec<String>>>,
}

/// The deals of the games [`each_diagram`] draws for `board` that the file gives no
/// double-dummy table for, to be solved for `show --analyze`.
pub fn deals_to_solve(text: &str, board: Option<&str>) -> Vec<u128> {
    let mut keys = Vec::new();
    crate::read::pbn_texts(text, |text| {
        crate::read::judged_games(text, |parse, model, _| {
            let wanted =
                board.is_none_or(|board| model.value("Board").map(str::trim) == Some(board.trim()));
            if wanted && crate::query::Board::new(parse, text, model).dd().is_none() {
                keys.extend(deal_key(model));
            }
            true
        });
        true
    });
    keys
}

/// The key of the game's Deal, when it gives four hands.
fn deal_key(model: &GameModel) -> Option<u128> {
    let (deal, _) = deal::parse(model.value("Deal")?);
    crate::sets::key(&deal?)
}

/// [`each_diagram`] drawn as `look` says.
pub fn each_diagram_as(
    text: &str,
    board: Option<&str>,
    look: Look<'_>,
    chunk: usize,
    mut each: impl FnMut(String) -> bool,
) -> usize {
    let mut drawn = 0;
    // The board being drawn: games of it that follow at other tables join its traveller.
    let mut group: Option<Traveller> = None;
    let mut open = true;
    crate::read::pbn_texts(text, |text| {
        crate::read::judged(text).with_target(chunk).games(
            |_| {},
            |parse, _, model| {
                let wanted = board
                    .is_none_or(|board| model.value("Board").map(str::trim) == Some(board.trim()));
                if !wanted {
                    return true;
                }
                let key = (
                    model.value("Board").unwrap_or("").trim().to_owned(),
                    model.value("Deal").unwrap_or("").trim().to_owned(),
                );
                let table = table_line(model, look.symbols);
                if let Some(traveller) =
                    group.as_mut().filter(|t| t.key == key && !key.1.is_empty())
                {
                    traveller.tables.push(table);
                    return true;
                }
                if let Some(done) = group.take() {
                    open = each(done.drawn(look.colour));
                    if !open {
                        return false;
                    }
                }
                drawn += 1;
                group = Some(Traveller {
                    key,
                    diagram: diagram(parse, text, model, look),
                    tables: vec![table],
                });
                true
            },
        );
        open
    });
    if open && let Some(done) = group.take() {
        each(done.drawn(look.colour));
    }
    drawn
}

/// A board as drawn, and the result of each table that played it (a results file gives the
/// same board and deal once for each table, one after another).
struct Traveller {
    /// The Board and the Deal.
    key: (String, String),
    diagram: String,
    tables: Vec<String>,
}

impl Traveller {
    /// The diagram, then with more than one table the results of every table: one diagram for
    /// the board, its traveller under it (issue 49, item 5). Values and comments are the file's:
    /// shown, not obeyed (see `display`). With `colour`, the colours are added after the file's
    /// text is masked, and after the layout: they take no column.
    fn drawn(self, colour: bool) -> String {
        let mut out = self.diagram;
        if self.tables.len() > 1 {
            let _ = write!(out, "\nPlayed at {} tables:\n", self.tables.len());
            for table in &self.tables {
                let _ = writeln!(out, "  {table}");
            }
        }
        let masked = match display::mask(&out) {
            Cow::Borrowed(_) => out,
            Cow::Owned(masked) => masked,
        };
        if colour { paint(&masked) } else { masked }
    }
}

const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// `diagram` with ANSI colours: the heading (its first line) bold, each heart and diamond symbol
/// red. The ASCII letters are not coloured: an `H` is also a letter of a name.
fn paint(diagram: &str) -> String {
    let mut out = String::with_capacity(diagram.len() + diagram.len() / 4);
    let (heading, rest) = diagram.split_at(diagram.find('\n').unwrap_or(diagram.len()));
    let _ = write!(out, "{BOLD}{heading}{RESET}");
    for c in rest.chars() {
        if c == Suit::Hearts.symbol() || c == Suit::Diamonds.symbol() {
            let _ = write!(out, "{RED}{c}{RESET}");
        } else {
            out.push(c);
        }
    }
    out
}

/// One table's line of a traveller: the table (Table and Room, else the North-South pair), and
/// its contract and result.
fn table_line(model: &GameModel, symbols: Symbols) -> String {
    let value = |name: &str| model.value(name).filter(|v| !v.is_empty() && *v != "?");
    let mut place: Vec<String> = Vec::new();
    if let Some(table) = value("Table") {
        place.push(format!("table {table}"));
    }
    if let Some(room) = value("Room") {
        place.push(format!("{} room", room.to_lowercase()));
    }
    if place.is_empty()
        && let (Some(north), Some(south)) = (value("North"), value("South"))
    {
        place.push(format!("{north} and {south}"));
    }
    let result = contract_line(model, symbols).unwrap_or_else(|| "no contract given".to_owned());
    if place.is_empty() {
        result
    } else {
        format!("{}: {result}", place.join(", "))
    }
}

/// The Board of each game of `text` (PBN or LIN) as written, in file order, one entry for a run
/// of games with the same Board: what `show --board` can be asked for.
pub fn boards(text: &str) -> Vec<String> {
    let mut boards: Vec<String> = Vec::new();
    crate::read::pbn_texts(text, |text| {
        crate::read::judged_games(text, |_, model, _| {
            let board = model.value("Board").unwrap_or("?").trim();
            if boards.last().is_none_or(|last| last != board) {
                boards.push(board.to_owned());
            }
            true
        });
        true
    });
    boards
}

/// The width of one hand's column.
const COLUMN: usize = 18;

fn diagram(parse: &crate::syntax::Parse, text: &str, model: &GameModel, look: Look) -> String {
    let symbols = look.symbols;
    let value = |name: &str| model.value(name).filter(|v| !v.is_empty() && *v != "?");
    let mut out = String::new();
    let mut heading = vec![match value("Board") {
        Some(board) => format!("Board {board}"),
        None => "Board ?".to_owned(),
    }];
    let dealer = value("Dealer").and_then(Seat::parse);
    if let Some(dealer) = dealer {
        heading.push(format!("Dealer {}", dealer.name()));
    }
    if let Some(vulnerable) = value("Vulnerable") {
        heading.push(format!("Vulnerable {vulnerable}"));
    }
    let _ = writeln!(out, "{}", heading.join(", "));
    let event: Vec<&str> = ["Event", "Site", "Date"]
        .iter()
        .filter_map(|name| value(name))
        .collect();
    if !event.is_empty() {
        // File text at the start of a line: it must not read as a CI runner's command. (A PBN
        // string holds no line end; control characters are masked when the diagram is printed.)
        let line = crate::display::guard_line_start(event.join(", ").into());
        let _ = writeln!(out, "{line}");
    }
    out.push('\n');
    let hands = value("Deal").map(deal::parse_certain);
    let hand = |seat: Seat| -> Vec<String> {
        let cards = hands
            .as_ref()
            .and_then(|deal| deal.as_ref())
            .and_then(|deal| deal.hand(seat))
            .map(|hand| hand.cards);
        let mut name = match value(seat.name()) {
            Some(player) => format!("{} ({player})", seat.name()),
            None => seat.name().to_owned(),
        };
        // High-card points of a hand of 13 cards (issue 49, item 5).
        if let Some(cards) = cards.filter(|cards| cards.len() == 13) {
            let _ = write!(name, ", {} HCP", crate::query::hcp(cards));
        }
        let mut lines = vec![name];
        for suit in Suit::ALL {
            lines.push(format!(
                "{} {}",
                symbols.suit(suit),
                cards.map_or_else(|| "?".to_owned(), |cards| holding(cards, suit, symbols))
            ));
        }
        lines
    };
    let pad = " ".repeat(COLUMN);
    for line in hand(Seat::North) {
        let _ = writeln!(out, "{pad}{line}");
    }
    let (west, east) = (hand(Seat::West), hand(Seat::East));
    for (west, east) in west.iter().zip(&east) {
        let gap = (2 * COLUMN).saturating_sub(west.chars().count()).max(2);
        let _ = writeln!(out, "{west}{}{east}", " ".repeat(gap));
    }
    for line in hand(Seat::South) {
        let _ = writeln!(out, "{pad}{line}");
    }
    out.push('\n');
    if let Some(line) = contract_line(model, symbols) {
        let _ = writeln!(out, "{line}");
    }
    if let Some(table) = auction_table(parse, text, model, dealer, symbols) {
        out.push('\n');
        out.push_str(&table);
    }
    let notes: Vec<&str> = model
        .tags
        .iter()
        .filter(|tag| tag.name == "Note")
        .map(|tag| tag.value.as_ref())
        .collect();
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            // `1:Stayman` (PBN 3.9): the number, then the text.
            match note.split_once(':') {
                Some((number, note)) => {
                    let _ = writeln!(out, "Note {}: {}", number.trim(), note.trim());
                }
                None => {
                    let _ = writeln!(out, "Note: {}", note.trim());
                }
            }
        }
    }
    let board = crate::query::Board::new(parse, text, model);
    if let Some(play) = play_lines(parse, text, model, symbols, look.play) {
        out.push('\n');
        out.push_str(&play);
    }
    let solved = look
        .solved
        .filter(|_| board.dd().is_none())
        .and_then(|solutions| solutions.get(deal_key(model)?));
    if let Some(table) = double_dummy(&board, solved, look) {
        out.push('\n');
        out.push_str(&table);
    }
    out
}

/// The opening lead, and with `all` the play trick by trick: the leader's card first, the
/// winner of each trick marked.
fn play_lines(
    parse: &crate::syntax::Parse,
    text: &str,
    model: &GameModel,
    symbols: Symbols,
    all: bool,
) -> Option<String> {
    let (tag, play_seat) = model.play_section()?;
    let declarer = model
        .value("Declarer")
        .and_then(parse_declarer)
        .flatten()
        .map(|declarer| declarer.seat);
    let trumps = model
        .value("Contract")
        .and_then(ContractValue::parse)
        .and_then(ContractValue::denomination);
    let context = crate::model::play::Context {
        play_seat,
        deal: None,
        opening_leader: declarer.map(Seat::next),
        trumps,
        hand_size: 13,
    };
    let read = crate::model::play::read(parse, text, context, &tag.pair.data);
    let card = |trick: &crate::model::play::Trick, seat: Seat| match trick.slot(seat) {
        crate::model::play::Slot::Card { card, .. } => Some(format!(
            "{}{}",
            symbols.suit(card.suit),
            match card.rank.letter() {
                'T' => "10".to_owned(),
                letter => letter.to_string(),
            }
        )),
        _ => None,
    };
    let first = read.tricks.first()?;
    let leader = first.leader.unwrap_or(play_seat);
    let mut out = format!("Lead {} by {}\n", card(first, leader)?, leader.name());
    if !all {
        return Some(out);
    }
    for (i, trick) in read.tricks.iter().enumerate() {
        let leader = trick.leader.unwrap_or(play_seat);
        let cards: Vec<String> = (0..4)
            .map(|step| {
                let seat = leader.offset(step);
                let played = card(trick, seat).unwrap_or_else(|| "-".to_owned());
                if trick.winner == Some(seat) {
                    format!("{played}*")
                } else {
                    played
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "{:>2}. {:<6} {}",
            i + 1,
            leader.name(),
            cards.join(" ")
        );
    }
    Some(out)
}

/// The double-dummy tricks of each declarer and strain (DoubleDummyTricks, or a well-formed
/// OptimumResultTable, else what the solver gave), and par (OptimumScore, or par of those
/// tricks).
fn double_dummy(
    board: &crate::query::Board<'_>,
    solved: Option<&crate::dds::Outcome>,
    look: Look<'_>,
) -> Option<String> {
    let symbols = look.symbols;
    let mut out = String::new();
    let mut solver = false;
    let tricks = match (board.dd(), solved) {
        (Some(tricks), _) => Some(tricks),
        (None, Some(crate::dds::Outcome::Solved(tricks))) => {
            solver = true;
            Some(tricks)
        }
        (None, Some(crate::dds::Outcome::TimedOut(after))) => {
            let _ = writeln!(
                out,
                "Double dummy: not solved, the solver took longer than {} s",
                after.as_secs_f64()
            );
            None
        }
        (None, Some(crate::dds::Outcome::Failed(why))) => {
            let _ = writeln!(out, "Double dummy: not solved, {why}");
            None
        }
        (None, None) => None,
    };
    if let Some(tricks) = tricks {
        let strains = crate::model::double_dummy::DIGIT_DENOMINATIONS;
        let _ = write!(out, "{:<14}", "Double dummy");
        for strain in strains {
            let _ = write!(out, "{:>4}", denomination(strain, symbols));
        }
        out.push('\n');
        for seat in crate::model::double_dummy::DIGIT_SEATS {
            let _ = write!(out, "  {:<12}", seat.name());
            for strain in strains {
                let _ = write!(out, "{:>4}", tricks[seat as usize][strain as usize]);
            }
            out.push('\n');
        }
    }
    if solver {
        out.push_str("  (solved by DDS: the file gives no table)\n");
    }
    if let Some(par) = board.shown_par(tricks) {
        // The tricks as ParContract writes them (`1♠+2`, `4♥X-1`).
        let strain = |d: Denomination| denomination(d, symbols).to_string();
        let _ = writeln!(out, "{}", par.line(&strain, ["North-South", "East-West"]));
        if let (Some(warning), Some(warnings)) = (
            par.warning(board.tag("Board").map_or("?", str::trim)),
            look.warnings,
        ) {
            warnings.borrow_mut().push(warning);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The cards of one suit, highest first, `10` for the ten.
fn holding(cards: Cards, suit: Suit, symbols: Symbols) -> String {
    holding_words(cards, suit).unwrap_or_else(|| symbols.void().to_owned())
}

/// The ranks of one suit of `cards` as people write them (`A K 10 2`), `None` for a void.
pub fn holding_words(cards: Cards, suit: Suit) -> Option<String> {
    let ranks: Vec<String> = (2..=14u8)
        .rev()
        .filter_map(Rank::from_value)
        .filter(|&rank| cards.contains(crate::bridge::Card { suit, rank }))
        .map(|rank| match rank.letter() {
            'T' => "10".to_owned(),
            letter => letter.to_string(),
        })
        .collect();
    (!ranks.is_empty()).then(|| ranks.join(" "))
}

/// `Contract 4♠X by South, 10 tricks (made +0), score NS 590`.
fn contract_line(model: &GameModel, symbols: Symbols) -> Option<String> {
    let written = model
        .value("Contract")
        .filter(|v| !v.is_empty() && *v != "?")?;
    let contract = ContractValue::parse(written);
    if contract == Some(ContractValue::PassedOut) {
        return Some("Passed out".to_owned());
    }
    let mut line = format!(
        "Contract {}",
        match contract {
            Some(ContractValue::Contract(contract)) => format!(
                "{}{}{}",
                contract.level,
                denomination(contract.denomination, symbols),
                contract.risk.suffix()
            ),
            _ => written.to_owned(),
        }
    );
    let declarer = model
        .value("Declarer")
        .and_then(parse_declarer)
        .flatten()
        .map(|declarer| declarer.seat);
    if let Some(declarer) = declarer {
        let _ = write!(line, " by {}", declarer.name());
    }
    let result = model.value("Result").and_then(ResultValue::parse).flatten();
    if let (Some(result), Some(declarer)) = (result, declarer) {
        if let Some(tricks) = result.declarer_tricks(declarer, 13) {
            let _ = write!(line, ", {tricks} tricks");
            if let Some(ContractValue::Contract(contract)) = contract {
                let needed = i32::from(contract.level) + 6;
                let _ = match i32::from(tricks) - needed {
                    0 => write!(line, " (made)"),
                    over if over > 0 => write!(line, " (made +{over})"),
                    under => write!(line, " (down {})", -under),
                };
            }
        }
    } else if let Some(result) = model.value("Result").filter(|v| !v.is_empty()) {
        let _ = write!(line, ", result {result}");
    }
    if let Some(score) = model.value("Score").filter(|v| !v.is_empty() && *v != "?") {
        let _ = write!(line, ", score {score}");
    }
    Some(line)
}

fn denomination(denomination: Denomination, symbols: Symbols) -> String {
    match denomination {
        Denomination::NoTrump => "NT".to_owned(),
        Denomination::Spades => symbols.suit(Suit::Spades).to_string(),
        Denomination::Hearts => symbols.suit(Suit::Hearts).to_string(),
        Denomination::Diamonds => symbols.suit(Suit::Diamonds).to_string(),
        Denomination::Clubs => symbols.suit(Suit::Clubs).to_string(),
    }
}

/// The auction in four columns, West first as in print.
fn auction_table(
    parse: &crate::syntax::Parse,
    text: &str,
    model: &GameModel,
    dealer: Option<Seat>,
    symbols: Symbols,
) -> Option<String> {
    let tag = &model.tags[model.auction?];
    let start = Seat::parse(&tag.value)?;
    let read = auction::read(parse, text, start, dealer, &tag.pair.data);
    // The note each call refers to (`=1=`, PBN 3.5.4): an alert's explanation, shown as `(1)`
    // after the call and listed under the auction.
    let notes: std::collections::HashMap<crate::syntax::TokenId, &str> = tag
        .pair
        .data
        .iter()
        .filter_map(|data| match data {
            crate::syntax::Data::Move(call) => parse
                .annotations(call)
                .iter()
                .map(|&id| parse.token(id))
                .find(|token| token.kind == crate::lexer::SyntaxKind::NoteRef)
                .and_then(|token| text.get(token.start as usize + 1..token.end as usize - 1))
                .map(|number| (call.token, number)),
            _ => None,
        })
        .collect();
    let order = [Seat::West, Seat::North, Seat::East, Seat::South];
    let column = |seat: Seat| order.iter().position(|&s| s == seat).unwrap_or(0);
    let mut cells: Vec<String> = vec![String::new(); column(start)];
    for position in &read.positions {
        let cell = match position.entry {
            Entry::Call(call) => match call {
                CallToken::Pass => "Pass".to_owned(),
                CallToken::Double => "X".to_owned(),
                CallToken::Redouble => "XX".to_owned(),
                CallToken::AllPass => "All pass".to_owned(),
                CallToken::Skip => "-".to_owned(),
                CallToken::Bid {
                    level,
                    denomination: d,
                } => format!("{level}{}", denomination(d, symbols)),
            },
            Entry::Skip => "-".to_owned(),
            Entry::Unreadable => "?".to_owned(),
            Entry::End | Entry::Continue => continue,
        };
        cells.push(match notes.get(&position.token) {
            Some(number) => format!("{cell}({number})"),
            None => cell,
        });
    }
    let mut out = String::new();
    for seat in order {
        let _ = write!(out, "{:<9}", seat.name());
    }
    out = out.trim_end().to_owned();
    out.push('\n');
    for row in cells.chunks(4) {
        let mut line = String::new();
        for cell in row {
            let _ = write!(line, "{cell:<9}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests;
