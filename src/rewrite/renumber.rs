//! `pbnfmt renumber`: the boards numbered from `--from` (1 by default) in file order, each game
//! that holds a tag pair one board (PBN 3.4.4: the Board is a positive integer). Nothing else
//! changes, byte for byte, unless asked:
//!
//! - `--keep-original[=NAME]` writes each game's Board as it was into a tag of its own after the
//!   new Board (`OriginalBoard` by default, as classroom reports write it), `?` for a game that
//!   had none. A game that already has that tag keeps it: renumbering twice keeps the first
//!   numbers.
//! - `--standard-dealer-vul` gives each board the Dealer and Vulnerable of its new number in the
//!   usual rotation (Law 2: dealer N, E, S, W; vulnerability over 16 boards). A board that was
//!   played (an Auction, Play, Contract, Declarer, Result or score of its own) and whose dealer or
//!   vulnerability would change is W009 and the file is not written: its auction would start
//!   from the wrong seat, and its score would be that of another vulnerability. Turn the board
//!   first (`pbnfmt rotate`), or renumber without the option.
//!
//! Every game gets its own plain Board (and with the option its own Dealer and Vulnerable): a
//! value given with `#` or `##` (PBN 4.8) is written out, so that no game takes its number from
//! another. The proof: the result read back has the numbers asked for in order, and every other
//! fact of every game is the input's.

use crate::bridge::Seat;
use crate::model::duplicate::standard_rotation;
use crate::model::values::Vulnerability;
use crate::model::{GameModel, Inheritance, Tag};
use crate::proof::Rewritten;
use crate::rewrite::edit::Edits;
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::writing::Unfaithful;
use crate::source;
use crate::syntax::quote_string;

/// How to number the boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenumberOptions {
    /// The first board's number.
    pub from: u64,
    /// The tag that keeps each game's Board as it was.
    pub keep_original: Option<String>,
    /// Give each board the Dealer and Vulnerable of its number.
    pub standard: bool,
}

impl Default for RenumberOptions {
    fn default() -> RenumberOptions {
        RenumberOptions {
            from: 1,
            keep_original: None,
            standard: false,
        }
    }
}

/// The tags whose values say that a board was played: its dealer and vulnerability are facts of
/// the play then, not labels to change.
const PLAYED: [&str; 8] = [
    "Auction", "Play", "Contract", "Declarer", "Result", "Score", "ScoreIMP", "ScoreMP",
];

/// Numbers the boards of one file's bytes (a UTF-8 file is not copied).
pub fn renumber_owned(
    bytes: Vec<u8>,
    renumber: &RenumberOptions,
    options: RewriteOptions,
) -> Rewritten {
    let decoded = source::decode_owned(bytes, options.input_encoding);
    super::rewrite_chunks(decoded, options, &mut Renumber::new(renumber), None)
}

/// Renumbering a chunk of games at a time: the number the next game takes, the refusals found,
/// and what the read-back of the last chunk edited must show.
struct Renumber<'o> {
    options: &'o RenumberOptions,
    number: u64,
    /// Whether the numbers ran past the largest Board (said once).
    past_max: bool,
    refusals: Vec<Diagnostic>,
    /// `number`, `past_max` and the refusals' count before the last chunk: where
    /// [`ChunkEdits::rewind`] goes back to.
    mark: (u64, bool, usize),
    /// The file's line end, once its first chunk is seen.
    nl: Option<&'static str>,
    expected: Expected,
}

/// What the read-back of a chunk must show, game by game: its Board, its kept original, and with
/// the standard rotation its Deal's cards, and how many of its pars its table contradicts.
#[derive(Default)]
struct Expected {
    values: Vec<String>,
    deals: Vec<Option<[Option<u64>; 4]>>,
    stale: usize,
}

impl<'o> Renumber<'o> {
    fn new(options: &'o RenumberOptions) -> Renumber<'o> {
        Renumber {
            options,
            number: options.from,
            past_max: false,
            refusals: Vec::new(),
            mark: (options.from, false, 0),
            nl: None,
            expected: Expected::default(),
        }
    }

    /// What the proof reads of a game of the chunk's rewrite, or of its input: its Board and kept
    /// original, as [`Expected::values`] holds them.
    fn values(&self, model: &GameModel<'_>, out: &mut Vec<String>) {
        if let Some(name) = &self.options.keep_original {
            out.push(model.value(name).unwrap_or("").to_owned());
        }
        out.push(model.value("Board").unwrap_or("").to_owned());
    }
}

/// The cards of each hand of a game's Deal, by seat.
fn cards(model: &GameModel<'_>) -> Option<[Option<u64>; 4]> {
    let deal = crate::model::deal::parse(model.value("Deal")?).0?;
    Some(super::replicate::hands(&deal))
}

/// Whether the game's OptimumScore says other than its double-dummy table (H004).
fn stale_par(parse: &crate::syntax::Parse, text: &str, model: &GameModel<'_>) -> bool {
    crate::query::Board::new(parse, text, model).par_contradicted()
}

impl ChunkEdits for Renumber<'_> {
    const EFFECTIVE: bool = true;
    const WRITES_GIVEN_TEXT: bool = true;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        self.mark = (self.number, self.past_max, self.refusals.len());
        let nl = *self
            .nl
            .get_or_insert_with(|| super::resolve::default_line_end(chunk.text));
        let mut edits = Edits::default();
        let mut expected = Expected::default();
        for at in chunk.games(nl) {
            if self.options.standard {
                expected.deals.push(cards(at.model));
                expected.stale += usize::from(stale_par(at.parse, at.text, at.model));
            }
            if self.number > crate::model::values::MAX_BOARD {
                // Past the largest number a Board reads as: refused, never written as one that
                // `check` calls an error, nor as the same number twice (issue 63, item 5).
                if !self.past_max
                    && let Some(first) = at.model.written().next()
                {
                    self.past_max = true;
                    self.refusals
                        .push(crate::rules::writing::board_number_too_large(
                            first.text_span(),
                            self.number,
                        ));
                }
                continue;
            }
            let game = Game {
                at,
                number: self.number,
            };
            game.edits(
                self.options,
                &mut edits,
                &mut self.refusals,
                &mut expected.values,
            );
            self.number += 1;
        }
        self.expected = expected;
        (edits, Vec::new())
    }

    fn changes(&self) -> Vec<&str> {
        let mut leave = vec!["Board"];
        if let Some(name) = &self.options.keep_original {
            leave.push(name);
        }
        if self.options.standard {
            leave.extend([
                "Dealer",
                "Vulnerable",
                "Deal",
                "OptimumScore",
                "ParContract",
            ]);
        }
        leave
    }

    /// The numbers and kept originals asked for, in order; with the standard rotation, each
    /// Deal the same cards by seat (respelled from its dealer), and no par left that its table
    /// contradicts where the input had none.
    fn check_models(&self, back: ReadBack<'_>, models: &[GameModel<'_>]) -> Option<Unfaithful> {
        let mut values = Vec::new();
        for model in models {
            self.values(model, &mut values);
        }
        if values != self.expected.values {
            return Some(Unfaithful::OtherBoardNumbers);
        }
        if self.options.standard {
            let deals: Vec<_> = models.iter().map(cards).collect();
            if deals != self.expected.deals {
                return Some(Unfaithful::DealOtherCards);
            }
            let stale = models
                .iter()
                .filter(|model| stale_par(back.again, back.piece, model))
                .count();
            if stale > self.expected.stale {
                return Some(Unfaithful::OptimumContradicted);
            }
        }
        None
    }

    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }

    fn rewind(&mut self) {
        (self.number, self.past_max) = (self.mark.0, self.mark.1);
        self.refusals.truncate(self.mark.2);
    }

    fn refused(&self) -> bool {
        !self.refusals.is_empty()
    }

    fn refusals(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.refusals)
    }
}

/// One game being renumbered.
struct Game<'a> {
    at: super::GameAt<'a>,
    number: u64,
}

impl Game<'_> {
    fn edits(
        &self,
        renumber: &RenumberOptions,
        edits: &mut Edits,
        refusals: &mut Vec<Diagnostic>,
        expected: &mut Vec<String>,
    ) {
        let model = self.at.model;
        // The tags the game lacks (or only takes from an earlier `##`), a line each: after its
        // own Board, or with the Board before its first tag when it has none.
        let mut lines: Vec<String> = Vec::new();
        let number = self.number.to_string();
        let board = self.own("Board");
        self.set(board, "Board", &number, edits, &mut lines);
        let old = model.value("Board").unwrap_or("").trim();
        if let Some(name) = &renumber.keep_original {
            let kept = match self.own(name) {
                Some(tag) => tag.value.to_string(),
                None => {
                    // A game without a number of its own keeps `?` (PBN 3.4: unknown), so that
                    // a second renumbering does not take the first one's number for the original.
                    let old = if old.is_empty() { "?" } else { old };
                    lines.push(format!("[{name} {}]", quote_string(old)));
                    old.to_owned()
                }
            };
            expected.push(kept);
        }
        let (dealer, vulnerable) = standard_rotation(u32::try_from(self.number).unwrap_or(1));
        let letter = dealer.letter().to_string();
        let mut changed = vec![("Board", Some(number.as_str()))];
        if renumber.standard {
            changed.extend([
                ("Dealer", Some(letter.as_str())),
                ("Vulnerable", Some(vulnerable.canonical())),
            ]);
        }
        if super::joins_boards(model, &changed) {
            // Found by fuzzing: before, the proof refused such a file as a bug (W004).
            let span = model.get("Board").map_or(0..0, Tag::text_span);
            refusals.push(crate::rules::writing::boards_joined(
                crate::rules::writing::Joining::Numbered(self.number),
                span,
            ));
        }
        if renumber.standard {
            if let Some(refusal) = self.played_and_moved(dealer, vulnerable) {
                refusals.push(refusal);
            }
            self.set(self.own("Dealer"), "Dealer", &letter, edits, &mut lines);
            self.set(
                self.own("Vulnerable"),
                "Vulnerable",
                vulnerable.canonical(),
                edits,
                &mut lines,
            );
            self.deal_from(dealer, edits);
            self.par_at((dealer, vulnerable), edits, &mut lines, refusals);
        }
        expected.push(number.clone());
        if lines.is_empty() {
            return;
        }
        match board {
            Some(tag) => {
                let after: String = lines
                    .iter()
                    .map(|line| format!("{}{line}", self.at.nl))
                    .collect();
                edits.insert(tag.span.end, after);
            }
            None => {
                let before: String = lines
                    .iter()
                    .map(|line| format!("{line}{}", self.at.nl))
                    .collect();
                let first = model.game.tags.first().map_or(0, |tag| tag.open);
                edits.insert(self.at.parse.token(first).start as usize, before);
            }
        }
    }

    /// The Deal written from the new dealer's hand (PBN 3.4.11: export format starts the Deal
    /// with the dealer's hand): the same cards in the same seats, the hands in turn from the
    /// dealer, each spelled as written. A Deal that does not read cleanly, or is taken with `#`,
    /// stays as it is.
    fn deal_from(&self, dealer: Seat, edits: &mut Edits) {
        let Some(tag) = self
            .own("Deal")
            .filter(|tag| tag.inheritance == Inheritance::None)
        else {
            return;
        };
        let value: &str = &tag.value;
        let (Some(deal), problems) = crate::model::deal::parse(value) else {
            return;
        };
        if !problems.is_empty() || deal.first == dealer || value.contains(['\t', '\u{0B}']) {
            return;
        }
        // The hands' texts as written, by seat (`-` for a hand not given).
        let Some((_, hands)) = value.split_once(':') else {
            return;
        };
        let written: Vec<&str> = hands.split(' ').filter(|h| !h.is_empty()).collect();
        if written.len() != 4 {
            return;
        }
        let by_seat = |seat: Seat| written[(seat as usize + 4 - deal.first as usize) % 4];
        let respelled = format!(
            "{}:{}",
            dealer.letter(),
            (0..4)
                .map(|i| by_seat(dealer.offset(i)))
                .collect::<Vec<_>>()
                .join(" ")
        );
        if self.at.text.get(tag.value_span.clone()) == Some(quote_string(value).as_str()) {
            edits.replace(tag.value_span.clone(), quote_string(&respelled));
        }
    }

    /// Par at the board's new dealer and vulnerability (PBN 4.2.7: par depends on both): the
    /// OptimumScore and ParContract computed again from the board's double-dummy table
    /// ([`crate::par`]), or removed with their lines where it has none, never left stale
    /// (issue 60, item 5; issue 63, item 3). A par taken with `#` or `##` (PBN 4.8) is written
    /// out in every game that takes it, moved or not: a value shared between boards that now
    /// deal or stand otherwise would be right for one of them only.
    fn par_at(
        &self,
        (dealer, vulnerable): (Seat, Vulnerability),
        edits: &mut Edits,
        lines: &mut Vec<String>,
        refusals: &mut Vec<Diagnostic>,
    ) {
        let model = self.at.model;
        let board = crate::query::Board::new(self.at.parse, self.at.text, model);
        let moved = board.dealer() != Some(dealer) || board.vulnerability() != Some(vulnerable);
        let par = board
            .dd()
            .filter(|_| moved)
            .map(|tricks| crate::par::par(tricks, vulnerable, dealer));
        for name in ["OptimumScore", "ParContract"] {
            let Some(current) = model.value(name) else {
                continue;
            };
            // The game's own tag pair (plain, `#` or `##`); none where an earlier `##` implies it.
            let own = self.own(name);
            let shared = own.is_none_or(|tag| tag.inheritance != Inheritance::None);
            if !moved && !shared {
                continue;
            }
            // Written for the side that scores it (`EW 980`), as hand-record producers write it.
            let value = match (&par, moved) {
                (Some(par), _) if name == "OptimumScore" => Some(crate::par::score_words(par.ns)),
                (Some(par), _) => Some(par.contracts_text()),
                (None, true) => None,
                (None, false) => Some(current.trim().to_owned()),
            };
            match (value, own) {
                (Some(value), Some(tag)) => {
                    if tag.written != value.as_str() {
                        edits.replace(tag.value_span.clone(), quote_string(&value));
                    }
                }
                (Some(value), None) => lines.push(format!("[{name} {}]", quote_string(&value))),
                (None, Some(tag)) => {
                    let pair = model.game.tags.iter().find(|pair| {
                        pair.value.is_some_and(|v| {
                            self.at.parse.token(v).start as usize == tag.value_span.start
                        })
                    });
                    // Data after the tag (which has no section, PBN 3.1) would be left to the
                    // tag before it: refused, not removed with it (found by fuzzing: the proof
                    // called it a bug in pbnfmt).
                    if let Some(pair) = pair.filter(|pair| !pair.data.is_empty()) {
                        let start = self.at.parse.token(pair.open).start as usize;
                        refusals.push(crate::rules::writing::stale_par_with_data(
                            name,
                            start..tag.value_span.end,
                        ));
                    } else if let Some(pair) = pair {
                        let start = self.at.parse.token(pair.open).start as usize;
                        let end = pair
                            .close
                            .map_or(tag.value_span.end, |c| self.at.parse.token(c).end as usize);
                        edits.delete(super::set_tag::alone_on_line(self.at.text, start..end));
                    }
                }
                // Implied by an earlier `##`, which is written out or removed where it is.
                (None, None) => {}
            }
        }
    }

    /// The game's own tag `name`: written in it, with a value, a `#` or a `##`; not one implied
    /// by an earlier game's `##`.
    fn own(&self, name: &str) -> Option<&Tag<'_>> {
        self.at
            .model
            .tags
            .iter()
            .find(|tag| tag.name == name && tag.inheritance != Inheritance::Implied)
    }

    /// Gives tag `name` the plain value `value`: its own tag's value token replaced (unless it is
    /// that already), or a line added to the game's other insertions.
    fn set(
        &self,
        tag: Option<&Tag<'_>>,
        name: &str,
        value: &str,
        edits: &mut Edits,
        lines: &mut Vec<String>,
    ) {
        let quoted = quote_string(value);
        let Some(tag) = tag else {
            lines.push(format!("[{name} {quoted}]"));
            return;
        };
        // The tag and every copy of it in the game (a tag pair given twice, PBN 3.4): a copy
        // left with the old value would now say something else. A repeat with another value
        // (two boards run together, T022) is ignored by every reader, and stays as it is,
        // unless the new value would make the two boards one (W012, refused before).
        let first = self.at.text.get(tag.value_span.clone());
        for pair in &self.at.model.game.tags {
            let (Some(named), Some(value)) = (pair.name, pair.value) else {
                continue;
            };
            let named = self.at.parse.token(named);
            if self.at.text.get(named.start as usize..named.end as usize) != Some(name) {
                continue;
            }
            let value = self.at.parse.token(value);
            let span = value.start as usize..value.end as usize;
            let written = self.at.text.get(span.clone());
            if written == first && written != Some(quoted.as_str()) {
                edits.replace(span, quoted.clone());
            }
        }
    }

    /// W009 when the game was played and the standard rotation would move its dealer or change
    /// its vulnerability.
    fn played_and_moved(&self, dealer: Seat, vulnerable: Vulnerability) -> Option<Diagnostic> {
        let model = self.at.model;
        let played = PLAYED.iter().find(|name| {
            model
                .value(name)
                .is_some_and(|v| !v.trim().is_empty() && v.trim() != "?")
        })?;
        let old_dealer = model.value("Dealer").and_then(Seat::parse);
        // A board without a Vulnerable is taken as none vulnerable.
        let old_vulnerable = model
            .value("Vulnerable")
            .map_or(Some(Vulnerability::None), Vulnerability::parse);
        if old_dealer == Some(dealer) && old_vulnerable == Some(vulnerable) {
            return None;
        }
        let span = model.get("Board").map_or_else(
            || {
                let start = self.at.parse.token(model.game.first).start as usize;
                start..start
            },
            |tag| tag.text_span(),
        );
        Some(crate::rules::writing::renumber_moves_played_board(
            self.number,
            dealer.name(),
            vulnerable.canonical(),
            played,
            span,
        ))
    }
}

#[cfg(test)]
mod tests;
