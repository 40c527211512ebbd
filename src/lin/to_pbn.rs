//! Boards written as PBN import text, one game each, with a map from each piece written back to
//! the LIN it came from. The text is then checked and exported by pbnfmt's own code
//! ([`super::convert`]): the export writer alone decides the layout of export format.

use std::ops::Range;

use crate::bridge::{Card, Seat, Suit};
use crate::canon::quote;

use super::game::{Anchor, Game};
use super::read::{Board, Spans};

/// Which LIN text a range of the PBN written came from.
#[derive(Clone, Debug, Default)]
pub struct SpanMap {
    /// PBN range, LIN range; in PBN order.
    pub pieces: Vec<(Range<usize>, Range<usize>)>,
    /// Each game's PBN range and its LIN record.
    pub games: Vec<(Range<usize>, Range<usize>)>,
}

impl SpanMap {
    /// The LIN text a PBN span came from: the piece that holds its start, or the start of the
    /// record of the game that does.
    pub fn lin_span(&self, pbn: &Range<usize>) -> Option<Range<usize>> {
        let at = pbn.start;
        let piece = self.pieces.partition_point(|(range, _)| range.start <= at);
        if piece > 0 {
            let (range, lin) = &self.pieces[piece - 1];
            if range.start <= at && at <= range.end {
                return Some(lin.clone());
            }
        }
        let game = self.games.partition_point(|(range, _)| range.start <= at);
        let (_, record) = self.games.get(game.checked_sub(1)?)?;
        Some(record.start..(record.start + 2).min(record.end))
    }
}

/// The PBN text of `boards`, games separated by an empty line, and its map.
pub fn write(boards: &[Board]) -> (String, SpanMap) {
    let mut out = String::new();
    let mut map = SpanMap::default();
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let start = out.len();
        let mut writer = Writer {
            out: &mut out,
            map: &mut map,
            spans: &board.spans,
        };
        writer.game(&board.game);
        map.games
            .push((start..out.len(), board.spans.record.clone()));
    }
    (out, map)
}

/// The PBN text of games that come from no LIN (PBN read back, round trips).
pub fn write_games(games: &[Game]) -> String {
    let boards: Vec<Board> = games
        .iter()
        .map(|game| Board {
            game: game.clone(),
            spans: Spans::default(),
        })
        .collect();
    write(&boards).0
}

struct Writer<'a> {
    out: &'a mut String,
    map: &'a mut SpanMap,
    spans: &'a Spans,
}

impl Writer<'_> {
    fn piece(&mut self, text: &str, lin: Option<&Range<usize>>) {
        let start = self.out.len();
        self.out.push_str(text);
        if let Some(lin) = lin {
            self.map.pieces.push((start..self.out.len(), lin.clone()));
        }
    }

    fn tag(&mut self, name: &str, value: &str, lin: Option<&Range<usize>>) {
        self.out.push('[');
        self.out.push_str(name);
        self.out.push(' ');
        self.piece(&quote(value), lin);
        self.out.push_str("]\n");
    }

    fn comment(&mut self, text: &str, lin: Option<&Range<usize>>) {
        // A brace comment ends at the first `}` (PBN 3.8): text holding one goes in `;`
        // comments, a line each.
        if text.contains('}') {
            self.newline();
            for line in text.split(['\r', '\n']).filter(|l| !l.is_empty()) {
                self.piece(&format!(";{line}"), lin);
                self.out.push('\n');
            }
        } else {
            self.piece(&format!("{{{text}}}"), lin);
        }
    }

    /// Ends the line, unless it is ended: an empty line would end the game (PBN 3).
    fn newline(&mut self) {
        if !self.out.ends_with('\n') {
            self.out.push('\n');
        }
    }

    fn game(&mut self, game: &Game) {
        let spans = self.spans;
        let text = |v: &Option<String>| v.clone().filter(|v| !v.is_empty());
        if let Some(event) = text(&game.event) {
            self.tag("Event", &event, spans.event.as_ref());
        }
        if let Some(date) = text(&game.date) {
            self.tag("Date", &date, spans.event.as_ref());
        }
        // Always a Board tag ("?" when unknown, as export writes it), so that a record with
        // nothing else the PBN can carry is still a game of its own.
        let board = text(&game.board).unwrap_or_else(|| "?".to_owned());
        self.tag("Board", &board, spans.board.as_ref());
        for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
            if let Some(name) = text(&game.names[seat as usize]) {
                self.tag(seat.name(), &name, spans.names.as_ref());
            }
        }
        if let Some(dealer) = game.dealer {
            self.tag("Dealer", &dealer.letter().to_string(), spans.deal.as_ref());
        }
        if let Some(vulnerable) = game.vulnerable {
            self.tag(
                "Vulnerable",
                vulnerable.canonical(),
                spans.vulnerable.as_ref(),
            );
        }
        if game.hands.iter().any(Option::is_some) {
            self.tag("Deal", &deal_value(game), spans.deal.as_ref());
        }
        if let Some(scoring) = text(&game.scoring) {
            self.tag("Scoring", &scoring, None);
        }
        let contract = game.contract();
        let passed_out = game.calls.len() >= 4
            && contract.is_none()
            && game.dealer.is_some()
            && game
                .calls
                .iter()
                .all(|c| c.call == crate::bridge::CallToken::Pass);
        if let Some((level, denomination, risk, declarer)) = contract {
            self.tag("Declarer", &declarer.letter().to_string(), None);
            let contract = format!(
                "{level}{}{risk}",
                crate::bridge::denomination_text(denomination)
            );
            self.tag("Contract", &contract, None);
        } else if passed_out {
            // PBN 3.4.13, 3.4.15: a passed-out game has no declarer and no result, `""`, not
            // `"?"` (unknown), which export would write for an absent tag (issue 44, item 7).
            self.tag("Declarer", "", None);
            self.tag("Contract", "Pass", None);
            self.tag("Result", "", None);
        }
        let tricks = game.tricks();
        let played_whole = tricks.len() == 13 && tricks.iter().all(|(_, t)| t.len() == 4);
        let result = match (game.result, played_whole) {
            (Some(result), _) => Some(result),
            (None, true) => game.declarer_tricks_played(),
            (None, false) => None,
        };
        if contract.is_some()
            && let Some(result) = result
        {
            let lin = spans.claim.as_ref().or(spans.cards.last());
            self.tag("Result", &result.to_string(), lin);
        }
        if let Some(room) = text(&game.room) {
            self.tag("Room", &room, spans.board.as_ref());
        }
        for (name, value) in &game.tags {
            self.tag(name, value, None);
        }
        for (i, (anchor, comment)) in game.comments.iter().enumerate() {
            let lands_in_auction = matches!(anchor, Anchor::Call(_)) && game.dealer.is_some();
            let lands_in_play = matches!(anchor, Anchor::Card(_)) && !tricks.is_empty();
            if !lands_in_auction && !lands_in_play {
                self.comment(&wrap(comment), spans.comments.get(i));
                self.newline();
            }
        }
        if let Some(dealer) = game.dealer.filter(|_| !game.calls.is_empty()) {
            self.auction(game, dealer);
        } else if !game.calls.is_empty() {
            let calls: Vec<String> = game.calls.iter().map(|c| c.call.spelling()).collect();
            self.comment(
                &format!("LIN auction with no dealer: {}", calls.join(" ")),
                spans.calls.first(),
            );
            self.newline();
        }
        if !tricks.is_empty() {
            self.play(game, &tricks, result.is_some() && !played_whole);
        } else if !game.cards.is_empty() {
            let cards: Vec<String> = game.cards.iter().map(Card::to_string).collect();
            self.comment(
                &format!("LIN play with no contract: {}", cards.join(" ")),
                spans.cards.first(),
            );
            self.newline();
        }
    }

    fn auction(&mut self, game: &Game, dealer: Seat) {
        let spans = self.spans;
        self.out
            .push_str(&format!("[Auction \"{}\"]\n", dealer.letter()));
        let mut notes: Vec<(&str, Option<&Range<usize>>)> = Vec::new();
        for (i, call) in game.calls.iter().enumerate() {
            if i > 0 && i % 4 == 0 {
                self.newline();
            } else if i > 0 && !self.out.ends_with('\n') {
                self.out.push(' ');
            }
            let mut word = call.call.spelling();
            if let Some(note) = &call.note {
                let index = match notes.iter().position(|(text, _)| *text == note.as_str()) {
                    Some(index) => index + 1,
                    None => {
                        notes.push((note, spans.notes.get(i).and_then(Option::as_ref)));
                        notes.len()
                    }
                };
                word.push_str(&format!(" ={index}="));
            }
            if call.alert {
                word.push_str(" $1");
            }
            self.piece(&word, spans.calls.get(i));
            self.comments_at(game, Anchor::Call(i));
        }
        self.newline();
        for (index, (text, lin)) in notes.iter().enumerate() {
            self.out.push_str("[Note ");
            self.piece(&quote(&format!("{}:{text}", index + 1)), *lin);
            self.out.push_str("]\n");
        }
    }

    /// The comments after a call or card, as one comment of one line each: export writes a
    /// comment on the line of its move (PBN 3.8), and lines stay within PBN's 255 characters.
    fn comments_at(&mut self, game: &Game, anchor: Anchor) {
        let mut text = String::new();
        let mut first = None;
        for (i, (at, comment)) in game.comments.iter().enumerate() {
            if *at == anchor {
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&wrap(comment));
                first = first.or(Some(i));
            }
        }
        if let Some(first) = first {
            self.out.push(' ');
            self.comment(&text, self.spans.comments.get(first));
        }
    }

    fn play(&mut self, game: &Game, tricks: &[(Seat, Vec<Card>)], claimed: bool) {
        let spans = self.spans;
        let Some(first) = tricks.first().map(|(leader, _)| *leader) else {
            return;
        };
        self.out
            .push_str(&format!("[Play \"{}\"]\n", first.letter()));
        let mut index = 0;
        for (leader, cards) in tricks {
            // The card each column's seat played, with its index in play order.
            let mut row: [Option<(Card, usize)>; 4] = [None; 4];
            for (i, &card) in cards.iter().enumerate() {
                let seat = leader.offset(i);
                row[(seat as usize + 4 - first as usize) % 4] = Some((card, index + i));
            }
            index += cards.len();
            for (column, slot) in row.iter().enumerate() {
                if column > 0 && !self.out.ends_with('\n') {
                    self.out.push(' ');
                }
                match slot {
                    Some((card, at)) => {
                        self.piece(&card.to_string(), spans.cards.get(*at));
                        self.comments_at(game, Anchor::Card(*at));
                    }
                    None => self.out.push('-'),
                }
            }
            self.newline();
        }
        if claimed {
            self.out.push_str("*\n");
        }
    }
}

/// Commentary broken into lines of at most 200 characters at spaces, so that the PBN's lines stay
/// within the 255 characters of PBN 2.3 (a word longer than that stays whole).
fn wrap(text: &str) -> String {
    const WIDTH: usize = 200;
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut width = 0;
        for (j, word) in line.split(' ').enumerate() {
            if j > 0 {
                if width + 1 + word.len() > WIDTH && width > 0 {
                    out.push('\n');
                    width = 0;
                } else {
                    out.push(' ');
                    width += 1;
                }
            }
            out.push_str(word);
            width += word.len();
        }
    }
    out
}

/// The Deal value: from the dealer (North when unknown), each hand's cards in the order the LIN
/// gave them (a card given twice stays twice, for the Deal rules to report), the fourth hand
/// computed when the other three are complete.
pub(crate) fn deal_value(game: &Game) -> String {
    let complete = game.complete_hands();
    let first = game.dealer.unwrap_or(Seat::North);
    let mut out = format!("{}:", first.letter());
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        let seat = first.offset(i);
        let cards: Vec<Card> = match (&game.hands[seat as usize], complete[seat as usize]) {
            (Some(cards), _) => cards.clone(),
            (None, Some(set)) => set.iter().collect(),
            (None, None) => {
                out.push('-');
                continue;
            }
        };
        for (j, suit) in Suit::ALL.into_iter().enumerate() {
            if j > 0 {
                out.push('.');
            }
            for card in cards.iter().filter(|c| c.suit == suit) {
                out.push(card.rank.letter());
            }
        }
    }
    out
}
