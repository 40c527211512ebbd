//! The records of a LIN file about the board and the event, read into the board being built:
//! vugraph headings (`vg`), results (`rs`), names (`pn`), headings (`ah`), the deal (`md`),
//! vulnerability (`sv`) and room (`rh`/`qx`).

use super::*;

impl Reader<'_, '_> {
    pub(super) fn vugraph(&mut self, value: &str) {
        // title, segment, scoring, first board, last board, team 1, carry, team 2, carry
        let fields: Vec<&str> = value.split(',').collect();
        let field = |i: usize| {
            fields
                .get(i)
                .map(|f| f.trim())
                .filter(|f| !f.is_empty())
                .map(str::to_owned)
        };
        // A `vg` line begins a match: the names of its tables follow it (`pn`), and a `vg` with
        // nothing in it ends the match before boards that are not of one.
        self.header.names.clear();
        self.header.event = field(0);
        self.header.stage = field(1);
        self.header.scoring = field(2).and_then(|s| match s.as_str() {
            "I" => Some("IMP".to_owned()),
            "P" => Some("MP".to_owned()),
            "B" => Some("BAM".to_owned()),
            _ => None,
        });
        self.header.home = field(5);
        self.header.visit = field(7);
        // A carry-over of 0 is no carry-over (BBO writes 0 for a match without one).
        let carry = |i: usize| field(i).filter(|f| !f.parse::<f64>().is_ok_and(|n| n == 0.0));
        self.header.home_carry = carry(6);
        self.header.visit_carry = carry(8);
        self.header.first_board = field(3).and_then(|f| f.parse().ok());
    }

    /// `rs|4HE=,4HE-1,…|`: each board's result, open room then closed, with where it stands.
    pub(super) fn results(&mut self, value: &str, item: &Item) {
        let mut at = item.value.start;
        self.header.results = value
            .split(',')
            .map(|entry| {
                let span = at..at + entry.len();
                at += entry.len() + 1;
                (entry.trim().to_owned(), span)
            })
            .collect();
    }

    /// L014: the record's tricks (its claim, or its play whole) against BBO's result line for
    /// its board and room (issue 44, item 9). The record's own word is what the PBN says.
    pub(super) fn check_result_line(&mut self, board: &Board) {
        let game = &board.game;
        let (Some(first), Some(number), Some(room)) = (
            self.header.first_board,
            game.board.as_deref().and_then(|b| b.parse::<u32>().ok()),
            game.room.as_deref(),
        ) else {
            return;
        };
        let Some(index) = number
            .checked_sub(first)
            .map(|k| k as usize * 2 + usize::from(room == "Closed"))
        else {
            return;
        };
        let Some((entry, entry_span)) = self.header.results.get(index) else {
            return;
        };
        let Some(listed) = result_line_tricks(entry) else {
            return;
        };
        let (own, at, how) = match (game.result, game.declarer_tricks_played()) {
            (Some(claim), _) => (claim, board.spans.claim.clone(), "claim (`mc`)"),
            (None, Some(played)) => (played, board.spans.cards.last().cloned(), "play"),
            (None, None) => return,
        };
        if own != listed {
            self.file.findings.push(
                LinProblem::ResultLineDisagrees {
                    at: at.unwrap_or_else(|| board.spans.record.clone()),
                    line: entry_span.clone(),
                    entry: entry.clone(),
                    listed,
                    own,
                    how,
                }
                .diagnostic(),
            );
        }
    }

    pub(super) fn names(&mut self, value: &str, item: &Item) {
        let mut names: Vec<String> = Vec::new();
        for field in value.split(',') {
            // A comma followed by a space is most likely inside a name ("Smith, J").
            match names.last_mut() {
                Some(last) if field.starts_with(' ') && !field.trim().is_empty() => {
                    last.push(',');
                    last.push_str(field);
                }
                _ => names.push(field.to_owned()),
            }
        }
        let fields = value.split(',').count();
        if !(fields == 4 || fields == 8) {
            self.file.findings.push(
                LinProblem::NamesSplit {
                    at: item.value.clone(),
                    fields,
                    kept: names.len() == 4 || names.len() == 8,
                }
                .diagnostic(),
            );
        }
        if names.len() == 8 && !self.started && !self.has_room && self.board.spans.deal.is_none() {
            self.header.names = names;
            self.header.names_span = Some(item.value.clone());
            return;
        }
        for (i, seat) in LIN_SEATS.iter().enumerate() {
            self.board.game.names[*seat as usize] = names
                .get(i)
                .map(|n| n.trim().to_owned())
                .filter(|n| !n.is_empty());
        }
        self.names_from_board = true;
        self.board.spans.names = Some(item.value.clone());
    }

    pub(super) fn heading(&mut self, value: &str, item: &Item) {
        // Bridge Composer writes `Event - Date`, `Event`, or ` - Date`; BBO and others write the
        // date as they spell it (`Club - 28/07/2023`). A date PBN spells is the Date; another
        // spelling read for certain is the Date in PBN's spelling; one read only as a guess
        // (`03.12.19`: which is the day?) is kept as written in a comment, the Date left
        // unknown, and not folded into the Event (issue 44, item 8).
        let (event, date) = match value.rsplit_once(" - ") {
            Some((event, date)) if heading_date(date.trim()).is_some() => {
                (event, heading_date(date.trim()))
            }
            _ => (value, None),
        };
        if !event.trim().is_empty() {
            self.board.game.event = Some(event.trim().to_owned());
            self.board.spans.event = Some(item.value.clone());
        }
        match date {
            Some(HeadingDate::Pbn(date)) => self.board.game.date = Some(date),
            Some(HeadingDate::Guess(written)) => self.comment(
                format!("the LIN heading's date, which no reading makes certain: {written}"),
                item,
            ),
            None => {}
        }
    }

    pub(super) fn deal(&mut self, value: &str, item: &Item) {
        self.started = true;
        self.board.spans.deal = Some(item.value.clone());
        let bytes = value.as_bytes();
        let mut rest_start = 0;
        match bytes.first() {
            Some(digit @ b'1'..=b'4') => {
                self.board.game.dealer = Some(LIN_SEATS[usize::from(digit - b'1')]);
                rest_start = 1;
            }
            Some(b'0') => rest_start = 1,
            Some(b) if b.is_ascii_digit() => {
                self.file.findings.push(
                    LinProblem::BadDealer {
                        at: item.value.start..item.value.start + 1,
                        digit: char::from(*b),
                    }
                    .diagnostic(),
                );
                rest_start = 1;
            }
            _ => {}
        }
        let mut given = 0;
        let mut malformed = false;
        for (i, hand) in value[rest_start..].split(',').enumerate() {
            let offset = item.value.start
                + rest_start
                + value[rest_start..]
                    .split(',')
                    .take(i)
                    .map(|h| h.len() + 1)
                    .sum::<usize>();
            let Some(&seat) = LIN_SEATS.get(i) else {
                if !hand.trim().is_empty() {
                    self.file.findings.push(
                        LinProblem::FifthHand {
                            at: offset..offset + hand.len(),
                        }
                        .diagnostic(),
                    );
                }
                continue;
            };
            if hand.trim().is_empty() {
                continue;
            }
            given += 1;
            // A hand that cannot be read is unknown, not short: the Deal rules would only
            // repeat the finding.
            if let Some(cards) = self.hand(hand, offset) {
                self.board.game.hands[seat as usize] = Some(cards);
            } else {
                malformed = true;
            }
        }
        if given < 3 && !malformed {
            self.file.findings.push(
                LinProblem::PartialDeal {
                    at: item.value.clone(),
                    given,
                }
                .diagnostic(),
            );
        }
    }

    pub(super) fn hand(&mut self, hand: &str, offset: usize) -> Option<Vec<Card>> {
        let mut cards = Vec::new();
        let mut suit: Option<Suit> = None;
        for (i, byte) in hand.bytes().enumerate() {
            if byte.is_ascii_whitespace() {
                continue;
            }
            if let Some(s) = Suit::from_letter(byte) {
                suit = Some(s);
                continue;
            }
            match (suit, Rank::from_letter(byte)) {
                (Some(suit), Some(rank)) => cards.push(Card { suit, rank }),
                _ => {
                    let at = offset + i;
                    let ten = hand[i..].starts_with("10");
                    let width = if ten {
                        2
                    } else {
                        hand[i..].chars().next().map_or(1, char::len_utf8)
                    };
                    let end = at + width;
                    self.file.findings.push(
                        if suit.is_none() && Rank::from_letter(byte).is_some() {
                            LinProblem::RankBeforeSuit { at: at..end }
                        } else if ten {
                            LinProblem::TenAsTen { at: at..end }
                        } else {
                            LinProblem::NotACard {
                                at: at..end,
                                text: hand[i..i + width].to_owned(),
                            }
                        }
                        .diagnostic(),
                    );
                    return None;
                }
            }
        }
        Some(cards)
    }

    pub(super) fn vulnerable(&mut self, value: &str, item: &Item) {
        let vulnerability = match value.trim().to_ascii_lowercase().as_str() {
            "o" | "0" | "-" | "" => Some(Vulnerability::None),
            "n" => Some(Vulnerability::NorthSouth),
            "e" => Some(Vulnerability::EastWest),
            "b" => Some(Vulnerability::All),
            _ => None,
        };
        match vulnerability {
            Some(v) => {
                self.board.game.vulnerable = Some(v);
                self.board.spans.vulnerable = Some(item.value.clone());
            }
            None => self.file.findings.push(
                LinProblem::BadVulnerability {
                    at: item.value.clone(),
                    value: value.to_owned(),
                }
                .diagnostic(),
            ),
        }
    }

    pub(super) fn room(&mut self, value: &str, item: &Item) {
        self.has_room = true;
        let code = value.split(',').next().unwrap_or("").trim();
        let room = match code.as_bytes().first() {
            Some(b'o' | b'O') => Some("Open"),
            Some(b'c' | b'C') => Some("Closed"),
            _ => None,
        };
        let number = code.get(1..).unwrap_or("");
        if room.is_none() || number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            self.file.findings.push(
                LinProblem::BadRoom {
                    at: item.value.clone(),
                    value: value.to_owned(),
                }
                .diagnostic(),
            );
        }
        if let Some(room) = room {
            self.board.game.room = Some(room.to_owned());
        }
        if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
            self.board.game.board = Some(number.to_owned());
            self.board.spans.board = Some(item.value.clone());
        }
    }
}
