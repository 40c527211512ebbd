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

use super::game::{Anchor, Game};

/// LIN's seat order.
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// The LIN text of `games`, and for each game the characters that had to be changed (a `|` or a
/// `,` that LIN cannot carry).
///
/// The games of a team match (HomeTeam and VisitTeam, issue 44, item 2) are written in BBO's
/// vugraph layout: a `vg` line (title, segment, scoring, first and last board, the teams) and
/// the eight names of the two tables (`pn`, open room then closed) before their records, which
/// then give their names only where they differ. A `vg` line with nothing in it ends a match
/// before a board that is not one.
pub fn write(games: &[Game]) -> (String, Vec<Vec<String>>) {
    let mut out = String::new();
    let mut changes = Vec::new();
    let mut current: Option<Match> = None;
    let mut names: [Option<[String; 4]>; 2] = [None, None];
    for (i, game) in games.iter().enumerate() {
        let mut changed = Vec::new();
        let this = Match::of(game);
        if this != current {
            match &this {
                Some(header) => {
                    names = header.write(&mut out, &games[i..], &mut changed);
                }
                None => {
                    out.push_str("vg||\r\n");
                    names = [None, None];
                }
            }
            current = this;
        }
        let room = usize::from(game.room.as_deref() == Some("Closed"));
        let header_names = current.as_ref().and(names[room].as_ref());
        board(&mut out, game, &mut changed, header_names);
        changes.push(changed);
    }
    (out, changes)
}

/// What a team match's `vg` line says, the same for each of its boards.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Match {
    event: String,
    stage: String,
    scoring: &'static str,
    home: String,
    visit: String,
    /// The carry-overs (`HomeCarryOver`, `VisitCarryOver`), `0` when the board gives none.
    home_carry: String,
    visit_carry: String,
}

impl Match {
    /// The match `game` is a board of: one with a HomeTeam and a VisitTeam.
    fn of(game: &Game) -> Option<Match> {
        let tag = |name: &str| {
            game.tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .filter(|v| !v.is_empty() && v != "?")
        };
        Some(Match {
            home: tag("HomeTeam")?,
            visit: tag("VisitTeam")?,
            event: game.event.clone().unwrap_or_default(),
            stage: tag("Stage").unwrap_or_default(),
            scoring: vg_scoring(game.scoring.as_deref()).unwrap_or(""),
            home_carry: tag("HomeCarryOver").unwrap_or_else(|| "0".to_owned()),
            visit_carry: tag("VisitCarryOver").unwrap_or_else(|| "0".to_owned()),
        })
    }

    /// The `vg` line and the eight names, from the boards of the match that begin `games`:
    /// the first board of each room gives its table's names. Returns those names, by room.
    fn write(
        &self,
        out: &mut String,
        games: &[Game],
        changed: &mut Vec<String>,
    ) -> [Option<[String; 4]>; 2] {
        let boards: Vec<&Game> = games
            .iter()
            .take_while(|g| Match::of(g).as_ref() == Some(self))
            .collect();
        let numbers: Vec<u32> = boards
            .iter()
            .filter_map(|g| g.board.as_deref()?.parse().ok())
            .collect();
        let (first, last) = (
            numbers.iter().min().copied().unwrap_or(1),
            numbers.iter().max().copied().unwrap_or(1),
        );
        let field =
            |text: &str, what: &str, changed: &mut Vec<String>| clean(text, true, what, changed);
        out.push_str(&format!(
            "vg|{},{},{},{first},{last},{},{},{},{}|\r\n",
            field(&self.event, "the Event", changed),
            field(&self.stage, "the Stage", changed),
            self.scoring,
            field(&self.home, "the HomeTeam", changed),
            field(&self.home_carry, "the HomeCarryOver", changed),
            field(&self.visit, "the VisitTeam", changed),
            field(&self.visit_carry, "the VisitCarryOver", changed),
        ));
        let names: [Option<[String; 4]>; 2] = [false, true].map(|closed| {
            boards
                .iter()
                .find(|g| (g.room.as_deref() == Some("Closed")) == closed)
                .map(|g| table_names(g, changed))
        });
        let written: Vec<String> = names
            .iter()
            .flat_map(|table| table.clone().unwrap_or_default())
            .collect();
        out.push_str(&format!("pn|{}|\r\n", written.join(",")));
        names
    }
}

/// The `vg` line's scoring letter of a Scoring value: `I`, `P` or `B`.
pub fn vg_scoring(scoring: Option<&str>) -> Option<&'static str> {
    match scoring? {
        "IMP" => Some("I"),
        "MP" => Some("P"),
        "BAM" => Some("B"),
        _ => None,
    }
}

/// A table's names in LIN's order (South, West, North, East), as `pn` writes them.
fn table_names(game: &Game, changed: &mut Vec<String>) -> [String; 4] {
    LIN_SEATS.map(|seat| {
        game.names[seat as usize]
            .as_deref()
            .map(|n| clean(n, true, "the name", changed))
            .unwrap_or_default()
    })
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

/// One record; `header_names`, the names of its table in the match's `pn`, when it is a board
/// of a match: its own `pn` only where they differ.
fn board(
    out: &mut String,
    game: &Game,
    changed: &mut Vec<String>,
    header_names: Option<&[String; 4]>,
) {
    let event = game
        .event
        .as_deref()
        .map(|e| clean(e, false, "the Event", changed))
        .unwrap_or_default();
    match (&game.event, &game.date) {
        (_, Some(date)) => {
            let date = clean(date, false, "the Date", changed);
            out.push_str(&format!("mn|{event} - {date}|"));
        }
        _ => out.push_str(&format!("mn|{event}|")),
    }
    let mut quiet = Vec::new();
    let names = table_names(game, &mut quiet);
    if header_names != Some(&names) {
        changed.extend(quiet);
        out.push_str(&format!("pn|{}|", names.join(",")));
    }
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
    commentary(out, game, Anchor::Board, changed);
    out.push_str("sa|0|");
    for (i, call) in game.calls.iter().enumerate() {
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
        commentary(out, game, Anchor::Call(i), changed);
    }
    out.push_str("pg||\r\n");
    for (t, trick) in game.cards.chunks(4).enumerate() {
        for (k, card) in trick.iter().enumerate() {
            out.push_str(&format!("pc|{card}|"));
            commentary(out, game, Anchor::Card(t * 4 + k), changed);
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

/// The comments at `anchor` as BBO's commentary, `nt|…|` each (issue 44, item 2). A comment's
/// line breaks become spaces (a LIN value is one line to BBO), and a `|` a `/`: LIN has no
/// escape, which the board's finding says.
fn commentary(out: &mut String, game: &Game, anchor: Anchor, changed: &mut Vec<String>) {
    for (at, comment) in &game.comments {
        if *at == anchor {
            let text = comment.split_whitespace().collect::<Vec<_>>().join(" ");
            out.push_str(&format!(
                "nt|{}|",
                clean(&text, false, "a comment", changed)
            ));
        }
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
