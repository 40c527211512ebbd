//! Boards written as LIN for BBO, in Bridge Composer's layout (the closest thing to a reference:
//! `docs/bridge-composer-lin-oracle.md` in the shared corpus), one record per board:
//!
//! ```text
//! mn|<Event> - <Date>|pn|S,W,N,E|qx|o<n>,BOARD <n>|rh||ah|Board <n>|md|<dealer>S,W,N|sv|o|
//! sa|0|mb|1N|mb|p|...|pg||
//! pc|SA|pc|S2|pc|S3|pc|S4|pg||      a trick a line, in play order
//! mc|<Result>|pg||
//! ```
//!
//! Where pbnfmt differs from Bridge Composer, on purpose (`docs/spec-decisions.md`, "LIN"): an
//! alert is written as BBO writes it, `mb|2C!|`, not `mb|2C|an|!|`; a board with a contract and no
//! Result gets no `mc` (Bridge Composer's `mc|0|` claims that declarer took no trick); the room
//! is kept (`qx|c5`). LIN values have no escapes: a `|` in a name or note cannot be written, and
//! is written as `/` (and a `,` in a name as `;`), which the board's finding says.

use crate::bridge::{CallToken, Denomination, Seat, Suit};

use super::game::Game;

/// LIN's seat order.
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// The LIN text of `games`, and for each game the characters that had to be changed (a `|` or a
/// `,` that LIN cannot carry).
pub fn write(games: &[Game]) -> (String, Vec<Vec<String>>) {
    let mut out = String::new();
    let mut changes = Vec::new();
    for game in games {
        let mut changed = Vec::new();
        board(&mut out, game, &mut changed);
        changes.push(changed);
    }
    (out, changes)
}

fn clean(text: &str, in_list: bool, what: &str, changed: &mut Vec<String>) -> String {
    let mut out = text.replace('|', "/").replace(['\r', '\n'], " ");
    if in_list {
        out = out.replace(',', ";");
    }
    if out != text.replace(['\r', '\n'], " ") {
        changed.push(format!(
            "{what} `{}` holds a character LIN cannot carry",
            crate::display::escape(text)
        ));
    }
    out
}

fn board(out: &mut String, game: &Game, changed: &mut Vec<String>) {
    let event = game
        .event
        .as_deref()
        .map(|e| clean(e, false, "the Event", changed))
        .unwrap_or_default();
    match (&game.event, &game.date) {
        (_, Some(date)) => out.push_str(&format!("mn|{event} - {date}|")),
        _ => out.push_str(&format!("mn|{event}|")),
    }
    let names: Vec<String> = LIN_SEATS
        .iter()
        .map(|seat| {
            game.names[*seat as usize]
                .as_deref()
                .map(|n| clean(n, true, "the name", changed))
                .unwrap_or_default()
        })
        .collect();
    out.push_str(&format!("pn|{}|", names.join(",")));
    let number = game.board.clone().unwrap_or_default();
    let room = if game.room.as_deref() == Some("Closed") {
        'c'
    } else {
        'o'
    };
    if number.bytes().all(|b| b.is_ascii_digit()) && !number.is_empty() {
        out.push_str(&format!("qx|{room}{number},BOARD {number}|"));
    }
    out.push_str(&format!(
        "rh||ah|Board {}|",
        clean(&number, false, "the Board", changed)
    ));
    let dealer = game
        .dealer
        .and_then(|d| LIN_SEATS.iter().position(|s| *s == d))
        .map_or('0', |i| char::from(b'1' + i as u8));
    out.push_str(&format!("md|{dealer}"));
    let hands = game.complete_hands();
    for (i, seat) in LIN_SEATS.iter().take(3).enumerate() {
        if i > 0 {
            out.push(',');
        }
        if let Some(set) = hands[*seat as usize] {
            push_hand(out, set);
        }
    }
    // The fourth hand is left out when it follows from the other three, as BBO writes it.
    let three_complete = LIN_SEATS
        .iter()
        .take(3)
        .all(|s| hands[*s as usize].is_some_and(|h| h.len() == 13));
    if !three_complete && let Some(set) = hands[Seat::East as usize] {
        out.push(',');
        push_hand(out, set);
    }
    out.push('|');
    // No `sv` when the vulnerability is unknown: LIN's `o` says none.
    let vulnerable = match game.vulnerable {
        Some(crate::model::values::Vulnerability::None) => Some('o'),
        Some(crate::model::values::Vulnerability::NorthSouth) => Some('n'),
        Some(crate::model::values::Vulnerability::EastWest) => Some('e'),
        Some(crate::model::values::Vulnerability::All) => Some('b'),
        None => None,
    };
    if let Some(vulnerable) = vulnerable {
        out.push_str(&format!("sv|{vulnerable}|"));
    }
    out.push_str("\r\n");
    out.push_str("sa|0|");
    for call in &game.calls {
        let word = match call.call {
            CallToken::Pass => "p".to_owned(),
            CallToken::Double => "d".to_owned(),
            CallToken::Redouble => "r".to_owned(),
            CallToken::Bid {
                level,
                denomination,
            } => {
                let letter = match denomination {
                    Denomination::NoTrump => 'N',
                    Denomination::Spades => 'S',
                    Denomination::Hearts => 'H',
                    Denomination::Diamonds => 'D',
                    Denomination::Clubs => 'C',
                };
                format!("{level}{letter}")
            }
            CallToken::AllPass | CallToken::Skip => continue,
        };
        out.push_str(&format!("mb|{word}{}|", if call.alert { "!" } else { "" }));
        if let Some(note) = &call.note {
            out.push_str(&format!("an|{}|", clean(note, false, "the note", changed)));
        }
    }
    out.push_str("pg||\r\n");
    for trick in game.cards.chunks(4) {
        for card in trick {
            out.push_str(&format!("pc|{card}|"));
        }
        out.push_str("pg||\r\n");
    }
    if game.contract().is_some()
        && let Some(result) = game.result.or_else(|| {
            (game.cards.len() == 52)
                .then(|| game.declarer_tricks_played())
                .flatten()
        })
    {
        out.push_str(&format!("mc|{result}|pg||\r\n"));
    }
}

/// A hand as `md` writes it: each suit's letter, then its ranks from the ace down (a void is two
/// letters together).
fn push_hand(out: &mut String, set: crate::model::deal::Cards) {
    for suit in Suit::ALL {
        out.push(suit.letter());
        out.extend(
            set.iter()
                .filter(|card| card.suit == suit)
                .map(|card| card.rank.letter()),
        );
    }
}
