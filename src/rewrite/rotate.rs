//! `pbnfmt rotate`: every board turned by quarter turns clockwise, so that North's cards go to
//! East (one turn), South (two) or West (three), and everything that names a seat or a side turns
//! with them. Nothing else changes, byte for byte.
//!
//! What turns: the Dealer (PBN 3.4.9), the Declarer with its `^` (PBN 3.4.13), the Deal's first
//! seat (PBN 3.4.11: the hands stay in their order, clockwise from it), the seat of the Auction
//! and Play sections (PBN 3.5, 3.6: calls and cards keep their columns), Hidden (PBN 4.1.6),
//! VirtualDealer, the seat columns of every table (Declarer of ScoreTable, ActionTable,
//! OptimumResultTable, PBN 5.3-5.9; Leader of OptimumOpeningLeadTable) and its column names that
//! name a seat (`PlayerId_North`), the four groups of DoubleDummyTricks, Minimax's declarer and
//! Ability's labels (producers' tags), and on an odd turn the side: Vulnerable and
//! VirtualVulnerable `NS`/`EW` (PBN 3.4.10), the `NS` and `EW` of Result (PBN 3.4.15), Score,
//! ScoreIMP, ScoreMP, ScorePercentage, ScoreRubber, ScoreRubberHistory (PBN 4.2), OptimumScore
//! (PBN 4.2.7) and ParContract (whose single seat turns too), a table's column names that name a
//! side (`Score_NS` is `Score_EW`: a traveller's pairs move with their results), and the score
//! for North-South of ParScore and Minimax. A tag whose seats rotate cannot read (OptimumContract,
//! a table whose seat column is not written as PBN 5.2 writes columns) is W008. The players stay in
//! their seats unless `--players` moves them with the cards: the tags North, East, South and
//! West change names, and on an odd turn PairNS/PairEW and BidSystemNS/BidSystemEW.
//!
//! `--to SEATS` turns each board by its own amount, so that its basis seat (`--basis`: the
//! Dealer, the Declarer, Bridge Composer's RotationBasis, or the first of these the board gives)
//! sits at the seat the pattern gives it (`S`, or `NS`, `NESW` repeating over the boards, as
//! bridge-wrangler's `rotate-deals`); `--to-dealer` and `--to-declarer` name the basis. `--commentary` turns the seat words
//! of the game's comments too: `North`, `north`, `NORTH` as whole words (PBN 3.8 commentary is
//! free text, so only on request).
//!
//! Every game turns by the same amount, so a value taken with `#` from the game before (already
//! turned) or implied by an earlier `##` (whose value turned where it was given) stays right
//! without being written out (PBN 4.8). A value that names a seat or side in a form rotate cannot
//! read (a Dealer `X`, a Vulnerable `N-S`, a DoubleDummyTricks that is not 20 digits) is W008 and
//! the file is not written: a turned board with one value left unturned would describe another
//! deal.
//!
//! The proof: the result, read back and turned the other way, gives back the input byte for
//! byte (and the frame's own checks: no new syntax error, strings spelled as PBN 3.2 writes them).

use crate::rules::writing::Unfaithful;
use crate::rules::writing::Unturnable;
use std::borrow::Cow;
use std::ops::Range;

use crate::bridge::Seat;
use crate::model::values::Vulnerability;
use crate::model::{GameModel, Inheritance, Tag};
use crate::proof::Rewritten;
use crate::rewrite::edit::Edits;
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit, rewrite_chunks};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::source;
use crate::syntax::{Data, Parse, quote_string};
use crate::table::Table;

mod tables;
use tables::*;

/// How to turn the boards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RotateOptions {
    /// Quarter turns clockwise: 1, 2 or 3 (0 changes nothing).
    pub by: u8,
    /// Instead of `by`: turn each board so that its [`Basis`] seat sits at the seat `to` gives
    /// it (a teaching set in which the student, South, always deals or plays). Each board turns
    /// by its own amount.
    pub to: Option<Targets>,
    /// With `to`: the seat of each board that is turned to its target.
    pub basis: Basis,
    /// Move the players with the cards (the tags North, East, South, West change names).
    pub players: bool,
    /// Turn the seat words of the commentary too (`North` becomes `East` on one turn).
    pub commentary: bool,
    /// With `to`: refuse the file when a board has no seat to turn from, instead of leaving that
    /// board as it is with a warning.
    pub strict: bool,
}

/// The seats boards are turned to, as bridge-wrangler's and Bridge Composer's rotation patterns
/// write them: `S` (every board), `NS` (the first board of the file North, the second South, the
/// third North …), `NESW`. The pattern advances over the games that have a Deal (PBN 3.4.11), in
/// the file's order: a heading game without cards takes no seat of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets {
    seats: [Seat; Targets::MAX],
    len: u8,
}

impl Targets {
    /// The longest pattern read (a pattern is a cycle; a longer one is a mistake).
    pub const MAX: usize = 32;

    /// Every board to `seat`.
    pub fn one(seat: Seat) -> Targets {
        Targets {
            seats: [seat; Targets::MAX],
            len: 1,
        }
    }

    /// `NESW`, `ns`, `S`: one to 32 seat letters, any case.
    pub fn parse(pattern: &str) -> Result<Targets, String> {
        let mut targets = Targets::one(Seat::North);
        if pattern.is_empty() {
            return Err("a pattern names one seat or more (N, E, S, W): `S`, `NS`, `NESW`".into());
        }
        if pattern.len() > Targets::MAX {
            return Err(format!(
                "a pattern has at most {} seats (it repeats over the boards)",
                Targets::MAX
            ));
        }
        for (at, letter) in pattern.chars().enumerate() {
            let seat = Seat::parse(&letter.to_ascii_uppercase().to_string()).ok_or_else(|| {
                format!(
                    "{} is not a seat: a pattern is written with N, E, S and W (`NS`)",
                    crate::display::escape_line(&letter.to_string())
                )
            })?;
            targets.seats[at] = seat;
        }
        targets.len = u8::try_from(pattern.len()).unwrap_or(u8::MAX);
        Ok(targets)
    }

    /// The seat of the `index`-th board (from 0).
    fn at(&self, index: usize) -> Seat {
        self.seats[index % usize::from(self.len.max(1))]
    }
}

/// Which seat of a board `to` moves (Bridge Composer's rotation bases).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Basis {
    /// The RotationBasis tag (Bridge Composer's), else the Declarer, else the Dealer: the
    /// student's seat when the file names it, else who plays, else who deals.
    #[default]
    Standard,
    /// The Dealer (PBN 3.4.9).
    Dealer,
    /// The Declarer (PBN 3.4.13); a board nobody declares is left as it is (W008).
    Declarer,
    /// Bridge Composer's RotationBasis tag (a seat).
    RotationBasis,
}

impl Basis {
    /// The tags read, in order: the first that names a seat is the basis.
    fn tags(self) -> &'static [&'static str] {
        match self {
            Basis::Standard => &["RotationBasis", "Declarer", "Dealer"],
            Basis::Dealer => &["Dealer"],
            Basis::Declarer => &["Declarer"],
            Basis::RotationBasis => &["RotationBasis"],
        }
    }
}

/// Turns every board of one file's bytes (given away: a UTF-8 file is not copied).
pub fn rotate_owned(bytes: Vec<u8>, rotate: RotateOptions, options: RewriteOptions) -> Rewritten {
    rotate_decoded(
        source::decode_owned(bytes, options.input_encoding),
        rotate,
        options,
    )
}

fn rotate_decoded(
    decoded: source::Decoded,
    rotate: RotateOptions,
    options: RewriteOptions,
) -> Rewritten {
    let mut turning = Rotate {
        options: rotate,
        turns: Vec::new(),
        boards: 0,
    };
    let mut rotated = rewrite_chunks(decoded, options, &mut turning, None);
    // A board turned but for one value says something else: nothing is written. (A board left
    // whole as it was, for want of a seat to turn from, is a warning.)
    if rotated.problems.iter().any(|problem| {
        problem.rule == Rule::NotRotated
            && problem.severity == crate::rules::diagnostic::Severity::Error
    }) {
        rotated.output = None;
    }
    rotated
}

/// `rotate` a chunk at a time.
struct Rotate {
    options: RotateOptions,
    /// The quarter turns of each game of the chunk last edited, for its proof.
    turns: Vec<u8>,
    /// The games with a Deal met so far (chunks come in the file's order): where each board is
    /// in a pattern of targets.
    boards: usize,
}

impl Rotate {
    /// How far `model` turns: `by`, or so that its basis seat sits at its target; W008 when
    /// no basis seat can be read, or when its seats take values with `#` or `##` that games
    /// turned by other amounts would share.
    fn turn(&mut self, parse: &Parse, model: &GameModel<'_>, findings: &mut Vec<Diagnostic>) -> u8 {
        let Some(targets) = self.options.to else {
            return self.options.by % 4;
        };
        let target = targets.at(self.boards);
        if model.get("Deal").is_some() {
            self.boards += 1;
        }
        let names = self.options.basis.tags();
        // A Declarer's `^` (PBN 3.4.13) marks who won the auction's last bid; the seat follows.
        let seat = names.iter().find_map(|name| {
            let tag = model.get(name)?;
            Seat::parse(tag.value.trim_start_matches('^'))
        });
        let Some(seat) = seat else {
            // A game with nothing that turns (a heading: Event, Site …) needs no turn.
            if !model.tags.iter().any(|tag| turned(tag.name).is_some()) {
                return 0;
            }
            let tag = model.get(names[names.len() - 1]);
            let span = tag.map_or_else(
                || {
                    let start = parse.token(model.game.first).start as usize;
                    start..start
                },
                |tag| tag.value_span.clone(),
            );
            let what = match self.options.basis {
                Basis::Dealer => Unturnable::NoDealer,
                Basis::Declarer => Unturnable::NoDeclarer,
                Basis::RotationBasis => Unturnable::NoRotationBasis,
                Basis::Standard => Unturnable::NoBasis,
            };
            let basis = names[names.len() - 1];
            let value = tag.map_or("", |tag| &tag.value);
            // Every board that can be turned is; one without the seat is left as it is and
            // named, unless `--strict` (issue 65, item 3: one unplayed board refused the file).
            findings.push(if self.options.strict {
                crate::rules::writing::not_rotated(basis, value, what, span)
            } else {
                crate::rules::writing::board_left_unturned(basis, value, what, span)
            });
            return 0;
        };
        let turn = ((target as u8 + 4) - seat as u8) % 4;
        if turn != 0
            && let Some(tag) = model
                .tags
                .iter()
                .find(|tag| tag.inheritance != Inheritance::None && turned(tag.name).is_some())
        {
            findings.push(not_rotated(tag, &tag.value, Unturnable::Shared));
        }
        turn
    }
}

/// What a tag's value names, for a turn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turned {
    /// A seat (Dealer, and the Auction and Play sections' first seats).
    Seat,
    Declarer,
    Deal,
    Hidden,
    DoubleDummyTricks,
    /// A side, which changes on an odd turn.
    Vulnerable,
    /// A score with `NS` and `EW` sides.
    Score,
    /// Sides, and a single seat (`N 4S`).
    ParContract,
    /// A table (PBN 5.2): its seat columns (Declarer, Leader) turn, and its column names that
    /// name a side (`Score_NS`) or a seat (`MP_North`).
    Table,
    /// A score for North-South as a bare number (Bridge Composer's ParScore), negated on an odd
    /// turn.
    NorthSouthNumber,
    /// Bridge Composer's Minimax, `4SW-420`: a contract, its declarer and the score for
    /// North-South.
    Minimax,
    /// Values labelled by seat, `N:97985 E:34238 S:97995 W:34238`: each label turned.
    Labelled,
    /// A tag of a producer's whose seats rotate cannot turn with certainty: the board is not
    /// turned (W008), never written with the tag describing the deal before the turn.
    Unknown,
}

/// What the value of tag `name` names that turns, if anything.
fn turned(name: &str) -> Option<Turned> {
    Some(match name {
        // RotationBasis: Bridge Composer's seat of the student, who moves with the cards.
        "Dealer" | "Auction" | "Play" | "VirtualDealer" | "RotationBasis" => Turned::Seat,
        "Declarer" => Turned::Declarer,
        "Deal" => Turned::Deal,
        "Hidden" => Turned::Hidden,
        "DoubleDummyTricks" => Turned::DoubleDummyTricks,
        "Vulnerable" | "VirtualVulnerable" => Turned::Vulnerable,
        // A Result written for a side (PBN 3.4.15: `NS 11`) names the side that took the tricks.
        "Score" | "ScoreIMP" | "ScoreMP" | "ScorePercentage" | "ScoreRubber"
        | "ScoreRubberHistory" | "OptimumScore" | "Result" => Turned::Score,
        "ParContract" => Turned::ParContract,
        "OptimumResultTable"
        | "OptimumPlayTable"
        | "OptimumOpeningLeadTable"
        | "ScoreTable"
        | "InstantScoreTable"
        | "ActionTable"
        | "TotalScoreTable" => Turned::Table,
        "ParScore" => Turned::NorthSouthNumber,
        "Minimax" => Turned::Minimax,
        // BigDeal's and bcdd's Ability, `N:97985 E:34238 …`: each seat's tricks by strain.
        "Ability" => Turned::Labelled,
        // A double-dummy tag of a producer whose form is not published (issue 60, item 4).
        "OptimumContract" => Turned::Unknown,
        _ => return None,
    })
}

impl ChunkEdits for Rotate {
    const EFFECTIVE: bool = false;
    const SAME_FACTS: bool = false;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        let (parse, text) = (chunk.parse, chunk.text);
        let mut edits = Edits::default();
        let mut findings = Vec::new();
        self.turns.clear();
        for model in chunk.models {
            let by = self.turn(parse, model, &mut findings);
            self.turns.push(by);
            if by == 0 {
                continue;
            }
            let turn = RotateOptions { by, ..self.options };
            game_edits((parse, text), model, turn, &mut edits, &mut findings);
        }
        (edits, findings)
    }

    /// The result turned back, each game by what it turned, gives the input, byte for byte.
    fn check_models(&self, back: ReadBack<'_>, models: &[GameModel<'_>]) -> Option<Unfaithful> {
        let (again, piece) = (back.again, back.piece);
        if models.len() != self.turns.len() {
            return Some(Unfaithful::OtherGameCount);
        }
        let mut edits = Edits::default();
        // A value the turn left as it was (W008, which refuses the file) is left by the turn
        // back too.
        let mut left = Vec::new();
        for (model, &by) in models.iter().zip(&self.turns) {
            if by == 0 {
                continue;
            }
            let back = RotateOptions {
                by: 4 - by,
                to: None,
                ..self.options
            };
            game_edits((again, piece), model, back, &mut edits, &mut left);
        }
        match edits.apply(piece) {
            Ok(turned) if turned == back.original => None,
            Ok(_) => Some(Unfaithful::TurnedBackOtherwise),
            Err(error) => Some(Unfaithful::NotTurnedBack(Box::new(error.into()))),
        }
    }

    /// Proven in [`ChunkEdits::check_models`].
    fn check_piece(&self, _: ReadBack<'_>) -> Option<Unfaithful> {
        None
    }
}

/// The edits that turn one game.
fn game_edits(
    (parse, text): (&Parse, &str),
    model: &GameModel<'_>,
    rotate: RotateOptions,
    edits: &mut Edits,
    findings: &mut Vec<Diagnostic>,
) {
    let by = usize::from(rotate.by % 4);
    let odd = by % 2 == 1;
    for tag in &model.tags {
        // A `#` takes the value of the game before, turned already; an implied tag is written in
        // the game that gave it with `##`.
        let own = match tag.inheritance {
            Inheritance::None => tag.written.as_ref(),
            Inheritance::DoubleHash => &tag.written[2..],
            _ => continue,
        };
        if rotate.players
            && let Some(name) = player_tag(tag.name, by)
        {
            let at = tag.pair.name.map(|id| parse.span(id, id));
            if let Some(at) = at {
                edits.replace(at, name);
            }
        }
        let turned: Result<Option<Cow<'_, str>>, Unturnable> = match turned(tag.name) {
            Some(Turned::Seat) => seat_value(own, by),
            Some(Turned::Declarer) => declarer(own, by),
            Some(Turned::Deal) => deal(own, by),
            Some(Turned::Hidden) => hidden(own, by),
            Some(Turned::DoubleDummyTricks) => double_dummy_tricks(own, by),
            Some(Turned::Vulnerable) if odd => vulnerable(own),
            Some(Turned::Score) if odd => Ok(sides(own, by, false)),
            Some(Turned::ParContract) => Ok(sides(own, by, true)),
            Some(Turned::Table) => {
                table_edits((parse, text), tag, by, (&mut *edits, &mut *findings));
                table_columns(text, tag, own, by, edits)
            }
            Some(Turned::Labelled) => labelled(own, by),
            Some(Turned::NorthSouthNumber) if odd => north_south_number(own),
            Some(Turned::Minimax) => minimax(own, by),
            Some(Turned::Unknown) if !is_unknown(own.trim()) => Err(Unturnable::UnknownForm),
            _ => Ok(None),
        };
        match turned {
            Ok(Some(value)) if value != own => {
                let written = if tag.inheritance == Inheritance::DoubleHash {
                    format!("##{value}")
                } else {
                    value.into_owned()
                };
                if let Err(what) = replace_value(text, tag, &written, edits) {
                    findings.push(not_rotated(tag, own, what));
                }
            }
            Ok(_) => {}
            Err(what) => findings.push(not_rotated(tag, own, what)),
        }
    }
    if rotate.commentary {
        let game = &model.game;
        let data = game
            .leading
            .iter()
            .chain(game.tags.iter().flat_map(|pair| &pair.data));
        for item in data {
            if let Data::Comment(id) = *item {
                let token = parse.token(id);
                seat_words(text, token.start as usize..token.end as usize, by, edits);
            }
        }
    }
}

/// The seat words of the commentary at `span` turned by `by` quarter turns: `North`, `east`,
/// `SOUTH` … as whole words, each keeping its case (`North-South` becomes `East-West` on one
/// turn). A word in another mix of cases, or a letter alone (`N`, which is often no seat), stays.
fn seat_words(text: &str, span: Range<usize>, by: usize, edits: &mut Edits) {
    let Some(comment) = text.get(span.clone()) else {
        return;
    };
    let bytes = comment.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if !bytes[at].is_ascii_alphabetic() {
            at += 1;
            continue;
        }
        let end = at
            + bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
        // A word is whole when no letter of another script runs into it either.
        let whole = comment[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
            && comment[end..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
        if whole && let Some(turned) = turned_seat_word(&comment[at..end], by) {
            edits.replace(span.start + at..span.start + end, turned);
        }
        at = end;
    }
}

/// `word` turned when it is a seat's name in one of the cases a writer uses.
fn turned_seat_word(word: &str, by: usize) -> Option<String> {
    let seat = Seat::ALL
        .into_iter()
        .find(|seat| seat.name().eq_ignore_ascii_case(word))?;
    let name = seat.offset(by).name();
    if word == seat.name() {
        Some(name.to_owned())
    } else if word == seat.name().to_ascii_lowercase() {
        Some(name.to_ascii_lowercase())
    } else if word == seat.name().to_ascii_uppercase() {
        Some(name.to_ascii_uppercase())
    } else {
        None
    }
}

/// Writes `new` as the value of `tag`, changing only the characters that differ when the token
/// holds its value as written (no escape in it): the rest keeps its writer's spelling, so that a
/// lone backslash (`QJ\6`, which reads as itself) is not respelled, and turning back gives the
/// bytes back. A token with escapes is written whole, as PBN 3.2 spells it; unless that would
/// respell what it keeps (a lone backslash, `J\.`, which reads as itself but is written `\\`):
/// then the value is not turned, and the error says why (W008), as turning back could not give
/// the bytes back (found by fuzzing).
fn replace_value(
    text: &str,
    tag: &Tag<'_>,
    new: &str,
    edits: &mut Edits,
) -> Result<(), Unturnable> {
    let span = tag.value_span.clone();
    // Both quotes there: the token is the value written between them.
    if let Cow::Borrowed(old) = &tag.written
        && span.len() == old.len() + 2
    {
        let (old_bytes, new_bytes) = (old.as_bytes(), new.as_bytes());
        let mut prefix = old_bytes
            .iter()
            .zip(new_bytes)
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
            prefix -= 1;
        }
        let most = old.len().min(new.len()) - prefix;
        let mut suffix = old_bytes
            .iter()
            .rev()
            .zip(new_bytes.iter().rev())
            .take(most)
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix)
        {
            suffix -= 1;
        }
        let middle = &new[prefix..new.len() - suffix];
        if !middle.contains(['"', '\\']) {
            let start = span.start + 1 + prefix;
            edits.replace(start..span.start + 1 + old.len() - suffix, middle);
            return Ok(());
        }
    }
    if text.get(span.clone()) != Some(quote_string(&tag.written).as_str()) {
        return Err(Unturnable::LoneBackslash);
    }
    edits.replace(span, quote_string(new));
    Ok(())
}

/// The name a player tag takes when the players move with the cards.
fn player_tag(name: &str, by: usize) -> Option<&'static str> {
    const SEATS: [&str; 4] = ["North", "East", "South", "West"];
    if let Some(at) = SEATS.iter().position(|seat| *seat == name) {
        return Some(SEATS[(at + by) % 4]);
    }
    if by.is_multiple_of(2) {
        return None;
    }
    match name {
        "PairNS" => Some("PairEW"),
        "PairEW" => Some("PairNS"),
        "BidSystemNS" => Some("BidSystemEW"),
        "BidSystemEW" => Some("BidSystemNS"),
        _ => None,
    }
}

/// A value that is nothing to turn: not given, or unknown (PBN 3.4: `?`).
fn is_unknown(value: &str) -> bool {
    matches!(value.trim(), "" | "?")
}

/// A seat letter, with the spaces around it kept.
fn seat_value(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    const UPPER: [&str; 4] = ["N", "E", "S", "W"];
    const LOWER: [&str; 4] = ["n", "e", "s", "w"];
    // The usual value, one letter: no allocation (an OptimumResultTable has twenty a game).
    if value.len() == 1
        && let Some(seat) = Seat::parse(value)
    {
        let turned = seat.offset(by) as usize;
        let letters = if value.as_bytes()[0].is_ascii_lowercase() {
            LOWER
        } else {
            UPPER
        };
        return Ok(Some(Cow::Borrowed(letters[turned])));
    }
    if is_unknown(value) {
        return Ok(None);
    }
    let trimmed = value.trim();
    let seat = Seat::parse(trimmed).ok_or(Unturnable::NotASeat)?;
    let at = value.find(trimmed).unwrap_or(0);
    let letter = seat.offset(by).letter();
    // The letter in the case it was written.
    let letter = if trimmed.chars().all(|c| c.is_ascii_lowercase()) {
        letter.to_ascii_lowercase()
    } else {
        letter
    };
    Ok(Some(Cow::Owned(format!(
        "{}{letter}{}",
        &value[..at],
        &value[at + trimmed.len()..]
    ))))
}

/// The Declarer: a seat, or `^` and a seat (PBN 3.4.13).
fn declarer(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    match value.trim_start().strip_prefix('^') {
        Some(seat) => {
            let start = value.len() - seat.len();
            Ok(seat_value(seat, by)?
                .map(|turned| Cow::Owned(format!("{}{turned}", &value[..start]))))
        }
        None => seat_value(value, by),
    }
}

/// The Deal: its first seat turns; the hands stay in their order, clockwise from it.
fn deal(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    if is_unknown(value) {
        return Ok(None);
    }
    let colon = value.find(':').ok_or(Unturnable::NoSeatPrefix)?;
    Ok(seat_value(&value[..colon], by)?
        .map(|seat| Cow::Owned(format!("{seat}{}", &value[colon..]))))
}

/// Hidden: a sequence of seat letters (PBN 4.1.6).
fn hidden(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match Seat::parse(c.encode_utf8(&mut [0; 4])) {
            Some(seat) => {
                let letter = seat.offset(by).letter();
                out.push(if c.is_ascii_lowercase() {
                    letter.to_ascii_lowercase()
                } else {
                    letter
                });
            }
            None if c == ' ' => out.push(c),
            None => return Err(Unturnable::NotSeatCharacter),
        }
    }
    Ok(Some(Cow::Owned(out)))
}

/// DoubleDummyTricks: four groups of five digits, declarers N, S, E, W (Bridge Composer); each
/// seat's group goes to the seat it turns to.
fn double_dummy_tricks(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    if is_unknown(value) {
        return Ok(None);
    }
    let digits = value.trim();
    if digits.len() != 20 || !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(Unturnable::NotTwentyDigits);
    }
    const ORDER: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
    let group = |seat: Seat| {
        let at = ORDER.iter().position(|s| *s == seat).unwrap_or(0) * 5;
        &digits[at..at + 5]
    };
    let turned: String = ORDER
        .iter()
        .map(|seat| group(seat.offset(4 - by)))
        .collect();
    let at = value.find(digits).unwrap_or(0);
    Ok(Some(Cow::Owned(format!(
        "{}{turned}{}",
        &value[..at],
        &value[at + digits.len()..]
    ))))
}

/// A side written `NS` or `EW` (in any case, as [`Vulnerability::parse`] reads it) as the other
/// side, in the same case; `None` for any other word.
fn swap_side(word: &str) -> Option<String> {
    match Vulnerability::parse(word)? {
        Vulnerability::NorthSouth | Vulnerability::EastWest => Some(
            word.chars()
                .map(|c| match c {
                    'N' => 'E',
                    'E' => 'N',
                    'S' => 'W',
                    'W' => 'S',
                    'n' => 'e',
                    'e' => 'n',
                    's' => 'w',
                    'w' => 's',
                    other => other,
                })
                .collect(),
        ),
        Vulnerability::None | Vulnerability::All => None,
    }
}

/// Vulnerable on an odd turn: `NS` and `EW` change places; None, All and their other names stay.
fn vulnerable(value: &str) -> Result<Option<Cow<'_, str>>, Unturnable> {
    let trimmed = value.trim();
    if is_unknown(trimmed) {
        return Ok(None);
    }
    if Vulnerability::parse(trimmed).is_none() {
        return Err(Unturnable::NotVulnerability);
    }
    Ok(swap_side(trimmed).map(|swapped| Cow::Owned(value.replacen(trimmed, &swapped, 1))))
}

/// The words `NS` and `EW` of a score or par value exchanged (on an odd turn), and with
/// `seats` a single seat word (ParContract's `N 4S`) turned.
fn sides(value: &str, by: usize, seats: bool) -> Option<Cow<'_, str>> {
    let mut out = String::with_capacity(value.len());
    let mut changed = false;
    let mut rest = value;
    while !rest.is_empty() {
        let end = rest.find([' ', ',', ';']).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let turned = match word {
            "N" | "E" | "S" | "W" if seats => seat_value(word, by).ok().flatten(),
            _ if by % 2 == 1 => swap_side(word).map(Cow::Owned),
            _ => None,
        };
        match turned {
            Some(turned) => {
                changed = true;
                out.push_str(&turned);
            }
            None => out.push_str(word),
        }
        let separator = after.chars().next().map_or(0, char::len_utf8);
        out.push_str(&after[..separator]);
        rest = &after[separator..];
    }
    changed.then_some(Cow::Owned(out))
}

#[cfg(test)]
mod tests;
