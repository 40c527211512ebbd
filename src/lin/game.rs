//! A board as the facts both formats carry: who sat where, the deal, dealer and vulnerability,
//! the auction with its alerts and explanations, the play in the order the cards fell, the result
//! and the commentary. LIN is read into it ([`super::read`]), PBN is read into it through
//! pbnfmt's own parser and model ([`from_pbn`]), and both writers start from it; the round trips
//! and the read-back of every conversion compare it.
//!
//! It does not decide what is legal: the PBN rules judge the PBN written from it.

use crate::bridge::{CallToken, Card, Denomination, Seat};
use crate::lexer::SyntaxKind;
use crate::model::GameModel;
use crate::model::auction::{self, Entry};
use crate::model::deal::{self, Cards};
use crate::model::play::{self, Context, Slot};
use crate::model::values::Vulnerability;
use crate::syntax::{Data, Parse, TokenId};

/// A call and what goes with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    pub call: CallToken,
    /// Alerted: LIN's `!` after the call; PBN's `$1` (as Bridge Composer reads and writes it).
    pub alert: bool,
    /// The explanation: LIN's `an`, PBN's note.
    pub note: Option<String>,
}

/// Where a comment stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Before the auction.
    Board,
    /// After the call with this index.
    Call(usize),
    /// After the card with this index (in play order).
    Card(usize),
}

impl Anchor {
    /// Where the anchor stands in a record: the board's comments, then the auction's, then the
    /// play's, each in order.
    pub fn order(self) -> (u8, usize) {
        match self {
            Anchor::Board => (0, 0),
            Anchor::Call(i) => (1, i),
            Anchor::Card(i) => (2, i),
        }
    }
}

/// One board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    pub event: Option<String>,
    pub date: Option<String>,
    pub board: Option<String>,
    /// `Open` or `Closed`.
    pub room: Option<String>,
    /// Names by seat (`Seat as usize`).
    pub names: [Option<String>; 4],
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    /// Hands by seat; `None` when not given. A hand holds its cards in the order given, a card
    /// given twice twice (the PBN rules report it).
    pub hands: [Option<Vec<Card>>; 4],
    pub scoring: Option<String>,
    /// Other identification tags (Stage, HomeTeam, VisitTeam), name and value.
    pub tags: Vec<(String, String)>,
    pub calls: Vec<Call>,
    /// The cards in the order they were played.
    pub cards: Vec<Card>,
    /// Read from PBN: the seat of each card of `cards`, as the Play section's columns give it
    /// (PBN 3.6); empty when read from LIN. The read-back of PBN → LIN holds the seats that the
    /// LIN's order of play gives to these, so that a card written in the wrong place is seen.
    pub play_seats: Vec<Seat>,
    /// Read from PBN: where the play LIN can carry ends (how many of `cards`), and why: at the
    /// first card not known, or a trick led out of turn ([`Game::for_lin`]).
    pub lin_stop: Option<(usize, String)>,
    /// Declarer's tricks as claimed or agreed (LIN `mc`, PBN Result).
    pub result: Option<u8>,
    pub comments: Vec<(Anchor, String)>,
    /// Read from PBN: what LIN cannot carry (comments, other tags, NAGs), in words.
    pub lost: Vec<String>,
    /// Read from PBN: why BBO would not take the board as it is (Bridge Composer's refusals).
    pub refusals: Vec<String>,
}

impl Game {
    /// The board as LIN can carry it: the play cut where [`Game::lin_stop`] says, which is
    /// then said among what is lost. A stop with no card after it loses nothing.
    pub fn for_lin(mut self) -> Game {
        if let Some((cards, why)) = self.lin_stop.take()
            && cards < self.cards.len()
        {
            self.cards.truncate(cards);
            self.play_seats.truncate(cards);
            self.lost.push(why);
            // A comment on a card not written follows the last card written (or call).
            let last = match cards {
                0 => self
                    .calls
                    .len()
                    .checked_sub(1)
                    .map_or(Anchor::Board, Anchor::Call),
                n => Anchor::Card(n - 1),
            };
            for (anchor, _) in &mut self.comments {
                if matches!(anchor, Anchor::Card(i) if *i >= cards) {
                    *anchor = last;
                }
            }
        }
        self
    }

    /// A board of a team match: it has a HomeTeam and a VisitTeam, and is written in BBO's
    /// vugraph layout.
    pub fn is_match(&self) -> bool {
        ["HomeTeam", "VisitTeam"].iter().all(|name| {
            self.tags
                .iter()
                .any(|(n, v)| n == name && !v.is_empty() && v != "?")
        })
    }

    /// The hands as card sets, the fourth computed when three are complete (13 cards each, no
    /// card twice): what Bridge Composer does, and the only case where the fourth is certain.
    pub fn complete_hands(&self) -> [Option<Cards>; 4] {
        let mut sets = [None; 4];
        let mut twice = false;
        for (i, hand) in self.hands.iter().enumerate() {
            if let Some(cards) = hand {
                let mut set = Cards::default();
                for &card in cards {
                    twice |= set.contains(card);
                    set.insert(card);
                }
                sets[i] = Some(set);
            }
        }
        let known: Vec<usize> = (0..4).filter(|&i| sets[i].is_some()).collect();
        if known.len() == 3
            && !twice
            && known
                .iter()
                .all(|&i| sets[i].is_some_and(|s| s.len() == 13))
        {
            let missing = (0..4).find(|i| !known.contains(i));
            if let Some(missing) = missing {
                let mut rest = Cards::default();
                for card in deal::pack() {
                    if !known
                        .iter()
                        .any(|&i| sets[i].is_some_and(|s| s.contains(card)))
                    {
                        rest.insert(card);
                    }
                }
                sets[missing] = Some(rest);
            }
        }
        sets
    }

    /// The calls up to the end of the auction (three passes after a bid, or four passes): what the
    /// auction model reads; calls after the end are A-rule findings, not part of the auction.
    pub fn calls_to_end(&self) -> &[Call] {
        let mut passes = 0;
        let mut bid = false;
        for (i, call) in self.calls.iter().enumerate() {
            match call.call {
                CallToken::Pass => passes += 1,
                CallToken::Bid { .. } => {
                    bid = true;
                    passes = 0;
                }
                _ => passes = 0,
            }
            if passes == if bid { 3 } else { 4 } {
                return &self.calls[..=i];
            }
        }
        &self.calls
    }

    /// The contract the auction reaches and its declarer, by the rules of bidding: the last bid,
    /// doubled or redoubled after it, played by the first of the winning side to name its
    /// denomination. `None` when there is no final bid (no auction, or passed out).
    pub fn contract(&self) -> Option<(u8, Denomination, &'static str, Seat)> {
        let dealer = self.dealer?;
        let mut last: Option<(u8, Denomination, Seat)> = None;
        let mut risk = "";
        let mut first_to_name: Vec<(usize, Denomination, Seat)> = Vec::new();
        for (i, call) in self.calls_to_end().iter().enumerate() {
            let seat = dealer.offset(i);
            match call.call {
                CallToken::Bid {
                    level,
                    denomination,
                } => {
                    last = Some((level, denomination, seat));
                    risk = "";
                    let side = seat as usize % 2;
                    if !first_to_name
                        .iter()
                        .any(|&(s, d, _)| s == side && d == denomination)
                    {
                        first_to_name.push((side, denomination, seat));
                    }
                }
                CallToken::Double => risk = "X",
                CallToken::Redouble => risk = "XX",
                _ => {}
            }
        }
        let (level, denomination, seat) = last?;
        let side = seat as usize % 2;
        let declarer = first_to_name
            .iter()
            .find(|&&(s, d, _)| s == side && d == denomination)
            .map_or(seat, |&(_, _, first)| first);
        Some((level, denomination, risk, declarer))
    }

    /// The tricks in play order, each with its leader: the opening leader is declarer's left
    /// hand, then each trick's winner (PBN 3.6), by [`play::beats`].
    pub fn tricks(&self) -> Vec<(Seat, Vec<Card>)> {
        let Some((_, denomination, _, declarer)) = self.contract() else {
            return Vec::new();
        };
        let mut leader = declarer.next();
        let mut tricks = Vec::new();
        for trick in self.cards.chunks(4) {
            if trick.len() == 4 {
                let winner = play::winner_in_play_order(trick, denomination);
                tricks.push((leader, trick.to_vec()));
                leader = leader.offset(winner);
            } else {
                tricks.push((leader, trick.to_vec()));
            }
        }
        tricks
    }

    /// Tricks won by declarer's side in the tricks played whole.
    pub fn declarer_tricks_played(&self) -> Option<u8> {
        let (_, denomination, _, declarer) = self.contract()?;
        let mut won = 0;
        for (leader, trick) in self.tricks() {
            if trick.len() == 4 {
                let winner = leader.offset(play::winner_in_play_order(&trick, denomination));
                if winner as usize % 2 == declarer as usize % 2 {
                    won += 1;
                }
            }
        }
        Some(won)
    }
}

fn some(value: Option<&str>) -> Option<String> {
    value
        .filter(|v| !v.is_empty() && *v != "?")
        .map(str::to_owned)
}

/// The tags a board's facts hold in their own fields, not among [`Game::tags`].
const MODELLED: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
    "Room",
    "Auction",
    "Play",
    "Note",
];

pub fn read_game(parse: &Parse, text: &str, model: &GameModel<'_>) -> Game {
    let mut game = Game {
        event: some(model.value("Event")),
        date: some(model.value("Date")),
        board: some(model.value("Board")),
        room: some(model.value("Room")),
        dealer: model.value("Dealer").and_then(Seat::parse),
        vulnerable: model.value("Vulnerable").and_then(Vulnerability::read),
        scoring: some(model.value("Scoring")),
        ..Game::default()
    };
    for seat in Seat::ALL {
        game.names[seat as usize] = some(model.value(seat.name()));
    }
    if let Some(value) = model.value("Deal")
        && let (Some(deal), _) = deal::parse(value)
    {
        for (seat, hand) in deal.known_hands() {
            game.hands[seat as usize] = Some(hand.cards.iter().collect());
        }
    }
    for tag in model.written() {
        if !MODELLED.contains(&tag.name) && !game.tags.iter().any(|(n, _)| n == tag.name) {
            game.tags.push((tag.name.to_owned(), tag.value.to_string()));
        }
    }
    let calls_at = read_auction(parse, text, model, &mut game);
    // Declarer's tricks (LIN's `mc`), however the Result gives them (PBN 3.4.15): `9`, or for a
    // side, `NS 6`, `EW 7`, `NS 6 EW 7`, read against the declarer of the auction. A Result
    // whose tricks are not certain (two sides that do not add up to 13, no declarer) is not
    // written, and L013 names it (issue 61, item 1).
    game.result = game.contract().and_then(|(.., declarer)| {
        let value = crate::model::values::ResultValue::parse(model.value("Result")?)??;
        value.declarer_tricks(declarer, 13)
    });
    let cards_at = read_play(parse, text, model, &mut game);
    read_comments(parse, text, model, &mut game, &calls_at, &cards_at);
    what_lin_cannot_carry(parse, text, model, &mut game);
    game
}

/// What of a PBN game LIN cannot carry, and why BBO would refuse the board (Bridge Composer's
/// refusals when it writes LIN).
fn what_lin_cannot_carry(parse: &Parse, text: &str, model: &GameModel<'_>, game: &mut Game) {
    let mut lost = Vec::new();
    // Two boards run together (PBN 3: no empty line between them): the tags that count are the
    // first board's, and the second's are ignored (PBN 3.4).
    if let Some((_, second)) = model.ran_together() {
        lost.push(format!(
            "a second board run into it (two {} values; separate the boards with an empty line)",
            second.name
        ));
    }
    // A repeated tag of the same value is no loss; another value is (PBN 3.4: ignored).
    let mut repeated: Vec<&str> = model
        .written()
        .filter(|tag| tag.duplicate)
        .filter(|tag| {
            model
                .get(tag.name)
                .is_some_and(|first| first.written != tag.written)
        })
        .map(|tag| tag.name)
        .collect();
    repeated.sort_unstable();
    repeated.dedup();
    if model.ran_together().is_none() && !repeated.is_empty() {
        lost.push(format!("the second {} tag", repeated.join(", ")));
    }
    // Everything the board's own fields hold goes into LIN but Site and Scoring; a team match's
    // teams, stage and scoring go in its `vg` line (issue 44, item 2).
    let mut kept: Vec<&str> = MODELLED
        .iter()
        .copied()
        .filter(|name| !["Site", "Scoring"].contains(name))
        .collect();
    if game.is_match() {
        kept.extend([
            "HomeTeam",
            "VisitTeam",
            "Stage",
            "HomeCarryOver",
            "VisitCarryOver",
        ]);
        if super::to_lin::vg_scoring(game.scoring.as_deref()).is_some() {
            kept.push("Scoring");
        }
    } else if game.room.as_deref() == Some("Open") {
        // `qx|o5` names board 5 in any record; an open room is one only in a match.
        lost.push("the Room (Open: only a match's layout says which room)".to_owned());
    }
    // LIN has no date of its own: the title (`mn`) carries it after the Event, and only a PBN
    // date reads back as one; another spelling comes back as part of the Event (issue 61,
    // item 11).
    if let Some(date) = game.date.as_deref()
        && crate::model::values::date_problem(date).is_some()
    {
        lost.push(format!(
            "the Date `{}` as a date (not YYYY.MM.DD: written in the title after the Event, it \
             reads back as part of the Event)",
            crate::display::escape(date)
        ));
    }
    let mut other: Vec<&str> = model
        .written()
        .filter(|tag| !kept.contains(&tag.name) && !tag.value.is_empty() && &*tag.value != "?")
        .map(|tag| tag.name)
        .collect();
    other.sort_unstable();
    other.dedup();
    if !other.is_empty() {
        lost.push(format!("the tags {}", other.join(", ")));
    }
    // The comments go as commentary (`nt`, [`read_comments`]).
    let mut nags = 0;
    let mut card_annotations = 0;
    for tag in &model.tags {
        for data in &tag.pair.data {
            match data {
                Data::Move(mv) if tag.pair.section == crate::syntax::SectionKind::Play => {
                    card_annotations += mv.annotations.len();
                }
                Data::Move(mv) => {
                    nags += parse
                        .annotations(mv)
                        .iter()
                        .filter(|&&id| {
                            let token = parse.text(text, id);
                            match parse.kind(id) {
                                SyntaxKind::Nag => token != "$1",
                                SyntaxKind::Suffix => token != "!",
                                _ => false,
                            }
                        })
                        .count();
                    let references = parse
                        .annotations(mv)
                        .iter()
                        .filter(|&&id| parse.kind(id) == SyntaxKind::NoteRef)
                        .count();
                    if references > 1 {
                        game.refusals.push(format!(
                            "the call `{}` has two note references",
                            parse.text(text, mv.token)
                        ));
                    }
                }
                _ => {}
            }
        }
    }

    if nags > 0 {
        lost.push(format!(
            "{nags} NAG{} on calls",
            if nags == 1 { "" } else { "s" }
        ));
    }
    if card_annotations > 0 {
        lost.push(format!("{card_annotations} annotations on cards"));
    }
    if !model.play_notes.is_empty() {
        lost.push("the notes of the play".to_owned());
    }
    // A Result whose declarer's tricks are not certain (`NS 9 EW 2`, PBN 3.4.15), where the
    // play does not give them either: LIN's `mc` would have to guess.
    let written = model
        .value("Result")
        .map(str::trim)
        .filter(|r| !r.is_empty() && *r != "?");
    if let Some(written) = written
        && game.contract().is_some()
        && game.result.is_none()
        && game.cards.len() != 52
    {
        lost.push(format!(
            "the Result `{written}`, which does not say declarer's tricks for certain"
        ));
    }
    if game.contract().is_none() {
        let contract = model.value("Contract").unwrap_or("").trim();
        let result = model
            .value("Result")
            .map(str::trim)
            .filter(|r| !r.is_empty() && *r != "?");
        let passes = game
            .calls
            .iter()
            .filter(|c| c.call == crate::bridge::CallToken::Pass)
            .count();
        if contract.eq_ignore_ascii_case("pass") && passes < 4 {
            // Issue 44 item 3: LIN says a board passed out by its four passes only.
            lost.push(
                "the Contract Pass, which no auction of four passes says (LIN gives the \
                 contract through the auction only)"
                    .to_owned(),
            );
        } else if !contract.is_empty() && contract != "?" && !contract.eq_ignore_ascii_case("pass")
        {
            let result = result.map_or(String::new(), |r| format!(" and its Result {r}"));
            lost.push(format!(
                "the contract {contract}{result}, which no auction reaches (LIN gives the \
                 contract through the auction only)"
            ));
        }
    }
    // Issue 44 item 4 (PBN 3.9): LIN has no mark for an insufficient bid accepted, so BBO would
    // show an auction that breaks the laws.
    let insufficient = model.auction.map_or(0, |i| {
        model.tags[i]
            .pair
            .data
            .iter()
            .filter(|d| match d {
                Data::Move(mv) => mv
                    .irregularity
                    .is_some_and(|id| parse.text(text, id) == "^I"),
                _ => false,
            })
            .count()
    });
    if insufficient > 0 {
        lost.push(format!(
            "the mark `^I` of {insufficient} insufficient bid{} accepted (LIN has none: BBO shows \
             an auction that breaks the laws)",
            if insufficient == 1 { "" } else { "s" }
        ));
    }
    game.lost = lost;
    if let Some(board) = model.value("Board")
        && !board.is_empty()
        && !board.bytes().all(|b| b.is_ascii_digit())
    {
        game.refusals
            .push(format!("the Board `{board}` is not a number"));
    }
    if game.hands.iter().filter(|h| h.is_some()).count() < 3 {
        game.refusals
            .push("hidden hands: fewer than three hands are given".to_owned());
    }
    let indices: Vec<u32> = notes(model, &model.auction_notes)
        .iter()
        .map(|(index, _)| *index)
        .collect();
    if !indices.is_empty() && indices.iter().min() != Some(&1) {
        game.refusals
            .push("the notes are not numbered from 1".to_owned());
    }
}

/// The note texts of a section: index to text.
fn notes(model: &GameModel<'_>, indices: &[usize]) -> Vec<(u32, String)> {
    indices
        .iter()
        .filter_map(|&i| {
            let value = &model.tags[i].value;
            let (index, note) = value.split_once(':')?;
            Some((index.trim().parse().ok()?, note.to_owned()))
        })
        .collect()
}

/// Reads the auction into `game.calls`; gives for each move of the section how many calls
/// stand after it, for the comments' places.
fn read_auction(
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    game: &mut Game,
) -> Vec<(TokenId, usize)> {
    let mut calls_at = Vec::new();
    let Some((tag, start)) = model.auction_section() else {
        return calls_at;
    };
    // Without a Dealer tag, the first caller is the dealer (PBN 3.4.2, 3.5).
    if game.dealer.is_none() {
        game.dealer = Some(start);
    }
    let notes = notes(model, &model.auction_notes);
    let read = auction::read(parse, text, start, game.dealer, &tag.pair.data);
    let mut moves = tag.pair.data.iter().filter_map(|d| match d {
        Data::Move(mv) => Some(mv),
        _ => None,
    });
    for position in &read.positions {
        let mv = match position.entry {
            Entry::Call(_) | Entry::Skip | Entry::Unreadable => moves.next(),
            _ => None,
        };
        if let Some(mv) = mv {
            // Before the call is pushed; corrected below once it is.
            calls_at.push((mv.token, game.calls.len()));
        }
        let Entry::Call(call) = position.entry else {
            continue;
        };
        if call == CallToken::Skip {
            continue;
        }
        let mut entry = Call {
            call,
            alert: false,
            note: None,
        };
        if let Some(mv) = mv {
            for &id in parse.annotations(mv) {
                let token = parse.text(text, id);
                match parse.kind(id) {
                    SyntaxKind::NoteRef => {
                        let index: u32 = token.trim_matches('=').parse().unwrap_or(0);
                        entry.note = notes
                            .iter()
                            .find(|(i, _)| *i == index)
                            .map(|(_, t)| t.clone());
                        if entry.note.is_none() {
                            game.refusals
                                .push(format!("the note reference `{token}` has no note"));
                        }
                    }
                    SyntaxKind::Nag if token == "$1" => entry.alert = true,
                    SyntaxKind::Suffix if token == "!" => entry.alert = true,
                    _ => {}
                }
            }
        }
        if call == CallToken::AllPass {
            // `AP`: the passes that end the auction, written out.
            let passes = if game
                .calls
                .iter()
                .any(|c| matches!(c.call, CallToken::Bid { .. }))
            {
                3
            } else {
                4
            };
            let trailing = game
                .calls
                .iter()
                .rev()
                .take_while(|c| c.call == CallToken::Pass)
                .count();
            for _ in trailing..passes {
                game.calls.push(Call {
                    call: CallToken::Pass,
                    alert: false,
                    note: None,
                });
            }
        } else {
            game.calls.push(entry);
        }
        if mv.is_some()
            && let Some(last) = calls_at.last_mut()
        {
            last.1 = game.calls.len();
        }
    }
    calls_at
}

/// Reads the play into `game.cards`; gives the place in the order of play of each card's move,
/// for the comments' places.
fn read_play(
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    game: &mut Game,
) -> Vec<(TokenId, usize)> {
    let mut cards_at = Vec::new();
    let Some((tag, play_seat)) = model.play_section() else {
        return cards_at;
    };
    let contract = model
        .value("Contract")
        .and_then(crate::model::values::ContractValue::read)
        .and_then(|c| c.denomination());
    let declarer = model
        .value("Declarer")
        .and_then(|v| crate::model::values::parse_declarer(v).flatten())
        .map(|d| d.seat);
    let context = Context {
        play_seat,
        deal: None,
        opening_leader: declarer.map(Seat::next),
        trumps: contract,
        hand_size: 13,
    };
    let read = play::read(parse, text, context, &tag.pair.data);
    // LIN gives the play as cards in the order they fell, each card's seat only by the rules of
    // play (the lead from declarer's left, then each trick's winner), and has no unknown card. So
    // LIN's play must stop at the first slot without a card (`-` or `+`, PBN 3.6.1) and at a
    // trick led by another seat (`^L`, PBN 3.9): written on, every card after it would stand at
    // another seat and trick. Where, and why, is kept in `lin_stop`; `cards` keeps every card.
    let rules = game
        .contract()
        .map(|(_, trumps, _, declarer)| (trumps, declarer.next()));
    let mut expected = rules.map(|(_, lead)| lead);
    for (index, trick) in read.tricks.iter().enumerate() {
        let number = index + 1;
        let leader = trick.leader.unwrap_or(play_seat);
        if let Some(expected) = expected.filter(|&seat| seat != leader) {
            let why = format!(
                "the play from trick {number} on, led by {} where the rules of play give the \
                 lead to {}: LIN gives each card its seat by those rules, so the play stops there",
                leader.name(),
                expected.name()
            );
            game.lin_stop.get_or_insert((game.cards.len(), why));
        }
        let first = game.cards.len();
        for k in 0..4 {
            let seat = leader.offset(k);
            match trick.slot(seat) {
                Slot::Card { card, token, .. } => {
                    cards_at.push((token, game.cards.len()));
                    game.cards.push(card);
                    game.play_seats.push(seat);
                }
                slot @ (Slot::Unknown(_) | Slot::Continue(_)) => {
                    let mark = if matches!(slot, Slot::Continue(_)) {
                        "+"
                    } else {
                        "-"
                    };
                    let why = format!(
                        "the play from trick {number} on, where {} has no card (`{mark}`): LIN \
                         has no unknown card, so the play stops there",
                        seat.name()
                    );
                    game.lin_stop.get_or_insert((game.cards.len(), why));
                }
                Slot::Empty => {}
            }
        }
        // The trick's cards in play order, when all four are known.
        let cards = &game.cards[first..];
        if let Some((trumps, _)) = rules
            && cards.len() == 4
        {
            expected = Some(leader.offset(play::winner_in_play_order(cards, trumps)));
        }
    }
    cards_at
}

/// The game's comments as LIN's commentary (`nt`) where they stood (issue 44, item 2): one
/// before the first tag or after a tag pair is the board's, before the auction; one in the
/// auction follows the call before it, one in the play the card before it (in the order of
/// play; at the start of the play, the last call). Ordered as LIN gives them: the board's, then
/// the auction's, then the play's.
fn read_comments(
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    game: &mut Game,
    calls_at: &[(TokenId, usize)],
    cards_at: &[(TokenId, usize)],
) {
    let body = |id: TokenId| {
        crate::syntax::comment_body(parse.text(text, id))
            .trim()
            .to_owned()
    };
    let after_calls = |calls: usize| match calls {
        0 => Anchor::Board,
        n => Anchor::Call(n - 1),
    };
    let mut comments: Vec<(Anchor, String)> = Vec::new();
    for data in &model.game.leading {
        if let Data::Comment(id) = data {
            comments.push((Anchor::Board, body(*id)));
        }
    }
    let auction = model.auction_section().map(|(tag, _)| tag.pair as *const _);
    let play = model.play_section().map(|(tag, _)| tag.pair as *const _);
    for tag in model
        .tags
        .iter()
        .filter(|tag| tag.inheritance != crate::model::Inheritance::Implied)
    {
        let section = tag.pair as *const _;
        let mut last_move: Option<TokenId> = None;
        for data in &tag.pair.data {
            match data {
                Data::Move(mv) => last_move = Some(mv.token),
                Data::Comment(id) => {
                    let anchor = if Some(section) == auction {
                        let calls = last_move
                            .and_then(|token| calls_at.iter().find(|(t, _)| *t == token))
                            .map_or(0, |(_, calls)| *calls);
                        after_calls(calls)
                    } else if Some(section) == play {
                        match last_move.and_then(|token| cards_at.iter().find(|(t, _)| *t == token))
                        {
                            Some((_, card)) => Anchor::Card(*card),
                            None => after_calls(game.calls.len()),
                        }
                    } else {
                        Anchor::Board
                    };
                    comments.push((anchor, body(*id)));
                }
                _ => {}
            }
        }
    }
    comments.retain(|(_, text)| !text.is_empty());
    comments.sort_by_key(|(anchor, _)| anchor.order());
    game.comments = comments;
}
