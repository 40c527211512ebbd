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
    mut each: impl FnMut(String) -> bool,
) -> usize {
    let mut drawn = 0;
    each_pbn_text(text, |text| {
        let mut open = true;
        crate::read::Driver::pbn(text).with_target(chunk).games(
            |_| {},
            |parse, _, model| {
                let wanted = board
                    .is_none_or(|board| model.value("Board").map(str::trim) == Some(board.trim()));
                if !wanted {
                    return true;
                }
                drawn += 1;
                // Values and comments are the file's: shown, not obeyed (see `display`).
                let drawn_text = diagram(parse, text, model, symbols);
                let safe = match display::mask(&drawn_text) {
                    Cow::Borrowed(_) => drawn_text,
                    Cow::Owned(masked) => masked,
                };
                open = each(safe);
                open
            },
        );
        open
    });
    drawn
}

/// The Board of each game of `text` (PBN or LIN) as written, in file order, one entry for a run
/// of games with the same Board: what `show --board` can be asked for.
pub fn boards(text: &str) -> Vec<String> {
    let mut boards: Vec<String> = Vec::new();
    each_pbn_text(text, |text| {
        crate::read::each_game(text, |_, model, _| {
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

/// Calls `each` with `text` when it is PBN, or with the PBN of each batch of its boards when it
/// is LIN, until `each` returns false.
fn each_pbn_text(text: &str, mut each: impl FnMut(&str) -> bool) {
    if !crate::read::sniff::looks_like_lin(text) {
        each(text);
        return;
    }
    let mut batch = Vec::new();
    let mut open = true;
    crate::lin::read::read_each(
        text,
        |_| {},
        |board| {
            if !open {
                return;
            }
            batch.push(board);
            if batch.len() >= crate::lin::checked::BATCH_BOARDS {
                open = each(&crate::lin::to_pbn::write(&batch).0);
                batch.clear();
            }
        },
    );
    if open && !batch.is_empty() {
        each(&crate::lin::to_pbn::write(&batch).0);
    }
}

/// The width of one hand's column.
const COLUMN: usize = 18;

fn diagram(
    parse: &crate::syntax::Parse,
    text: &str,
    model: &GameModel,
    symbols: Symbols,
) -> String {
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
    let hands = value("Deal").map(|deal| deal::parse(deal).0);
    let hand = |seat: Seat| -> Vec<String> {
        let cards = hands
            .as_ref()
            .and_then(|deal| deal.as_ref())
            .and_then(|deal| deal.hand(seat))
            .map(|hand| hand.cards);
        let name = match value(seat.name()) {
            Some(player) => format!("{} ({player})", seat.name()),
            None => seat.name().to_owned(),
        };
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
    out
}

/// The cards of one suit, highest first, `10` for the ten.
fn holding(cards: Cards, suit: Suit, symbols: Symbols) -> String {
    let ranks: Vec<String> = (2..=14u8)
        .rev()
        .filter_map(Rank::from_value)
        .filter(|&rank| cards.contains(crate::bridge::Card { suit, rank }))
        .map(|rank| match rank.letter() {
            'T' => "10".to_owned(),
            letter => letter.to_string(),
        })
        .collect();
    if ranks.is_empty() {
        symbols.void().to_owned()
    } else {
        ranks.join(" ")
    }
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
        cells.push(cell);
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
mod tests {
    use super::*;

    const GAME: &str = "[Event \"Club Pairs\"]\n[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n\
        [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
        [Declarer \"S\"]\n[Contract \"4SX\"]\n[Result \"9\"]\n[Auction \"N\"]\n1D 1S Pass \
            4S\nX AP\n";

    #[test]
    fn hands_contract_and_auction() {
        let shown = diagrams(GAME, Some("7"), Symbols::Unicode);
        assert_eq!(shown.len(), 1);
        let board = &shown[0];
        assert!(board.starts_with("Board 7, Dealer North, Vulnerable NS\nClub Pairs\n"));
        // North's hand: a spade void, then hearts 6 3.
        assert!(board.contains("North\n"), "{board}");
        assert!(board.contains("♠ —\n"), "{board}");
        assert!(board.contains("♣ A 9 7 3 2\n"), "{board}");
        assert!(board.contains("♥ K Q 5"), "{board}");
        assert!(board.contains("\n♠ K Q 10 2 "), "{board}");
        assert!(board.contains(" ♠ A 8 6 5 4\n"), "{board}");
        assert!(
            board.contains("Contract 4♠X by South, 9 tricks (down 1)"),
            "{board}"
        );
        assert!(
            board.contains(
                "West     North    East     South\n         1♦       1♠       Pass\n4♠       \
            X        All pass\n"
            ),
            "{board}"
        );
        assert!(diagrams(GAME, Some("8"), Symbols::Unicode).is_empty());
        let ascii = &diagrams(GAME, None, Symbols::Ascii)[0];
        assert!(
            ascii.contains("S -\n") && ascii.contains("4SX by South"),
            "{ascii}"
        );
        assert!(ascii.is_ascii(), "{ascii}");
    }

    /// Read a chunk at a time, `##` values reach past the cut (PBN 4.8), and the diagrams are
    /// those of the whole file.
    #[test]
    fn chunks_do_not_change_the_diagrams() {
        let second = "\n[Event \"#\"]\n[Board \"8\"]\n[Dealer \"E\"]\n[Vulnerable \"#\"]\n\
            [Deal \"#\"]\n[Contract \"3NT\"]\n[Declarer \"W\"]\n[Result \"9\"]\n";
        let text = format!("{}{second}", GAME.replacen("[Deal \"", "[Deal \"##", 1));
        let in_chunks = |chunk| {
            let mut shown = Vec::new();
            each_diagram(&text, None, Symbols::Unicode, chunk, |diagram| {
                shown.push(diagram);
                true
            });
            shown
        };
        let whole = in_chunks(usize::MAX);
        assert_eq!(whole.len(), 2);
        assert!(whole[1].contains("♣ A 9 7 3 2\n"), "{}", whole[1]);
        for chunk in [1, 40, 200, 400] {
            assert_eq!(in_chunks(chunk), whole, "chunk {chunk}");
        }
    }
}
