//! The play (PBN 3.6, 3.9, 3.10): the tags it needs, the opening leader, cards against the Deal,
//! following suit, the number of tricks, the end, and the Result against the tricks won.

use crate::bridge::{Card, Seat};
use crate::model::deal::Deal;
use crate::model::play::{self, Context, Layout, MarkProblem, PlayProblem, PlayRead};
use crate::model::values::{self, ContractValue, Declarer};
use crate::model::{GameModel, Inheritance, Tag};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::syntax::{Parse, TokenId};

// The rules of this family: their pages are in `play.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/play.rs"));

/// P015: cards in a loose spelling (`--`), read as meant, with their fix.
fn loose_cards(checker: &mut Checker<'_>, tag: &Tag<'_>) {
    let (parse, text) = (checker.parse, checker.text);
    for data in &tag.pair.data {
        let crate::syntax::Data::Move(mv) = data else {
            continue;
        };
        let word = parse.text(text, mv.token);
        if let Some(spelling) = crate::bridge::PlayToken::loose_spelling(word) {
            let span = parse.span(mv.token, mv.token);
            checker.report(
                Diagnostic::new(
                    Rule::LooseCard,
                    span.clone(),
                    format!("`{word}` is not how PBN writes an unknown card, `{spelling}`"),
                )
                .with_help("`pbnfmt fix` writes it `-` (PBN 3.6.1)")
                .with_fix(crate::rules::diagnostic::Fix::write(span, spelling, true)),
            );
        }
    }
}

pub fn check(checker: &mut Checker<'_>, game: &GameModel<'_>, deal: Option<&Deal>) {
    let Some(index) = game.play else {
        return;
    };
    let tag = &game.tags[index];
    needed_after_play(checker, game, index);
    loose_cards(checker, tag);
    // Moves and markers only: an empty Play section is nothing to follow.
    let has_cards = tag.pair.data.iter().any(|d| {
        matches!(
            d,
            crate::syntax::Data::Move(_) | crate::syntax::Data::Marker(_)
        )
    });
    let seat = play_seat(checker, tag, has_cards);
    if !has_cards {
        // PBN 3.1: "If the play section is present", it needs its tags, cards or not.
        missing_for_empty_play(checker, game, tag);
        return;
    }
    let Some(play_seat) = seat else {
        return;
    };
    let Some((declarer, context)) = followable(checker, game, tag, has_cards, play_seat, deal)
    else {
        return;
    };
    let (parse, text) = (checker.parse, checker.text);
    let read = play::read(parse, text, context, &tag.pair.data);
    if in_play_order(checker, tag, &read, context) {
        return;
    }
    let wording = Wording {
        parse,
        text,
        tag,
        declarer,
        play_seat,
        not_in_hand: count(&read, |p| matches!(p, PlayProblem::NotInHand { .. })),
        revokes: count(&read, |p| matches!(p, PlayProblem::Revoke { .. })),
    };
    let (mut first_not_in_hand, mut first_revoke) = (true, true);
    for problem in &read.problems {
        let diagnostic = match *problem {
            PlayProblem::WrongOpeningLeader {
                token,
                seat,
                expected,
            } => wording.wrong_opening_leader(token, seat, expected),
            // One finding a play: a wrong column or Deal makes every later card wrong too.
            PlayProblem::NotInHand { token, seat, card } => {
                if !std::mem::take(&mut first_not_in_hand) {
                    continue;
                }
                wording.card_not_in_hand(token, seat, card)
            }
            PlayProblem::PlayedTwice {
                token,
                card,
                earlier,
            } => wording.card_played_twice(token, card, earlier),
            // One finding a play: after a wrong card, the holdings are wrong too.
            PlayProblem::Revoke {
                token,
                seat,
                card,
                led,
                holding,
            } => {
                if !std::mem::take(&mut first_revoke) {
                    continue;
                }
                wording.unmarked_revoke(token, seat, card, led, holding)
            }
            PlayProblem::MisusedMark { mark, why } => wording.misused_play_irregularity(mark, why),
            PlayProblem::TooManyTricks { token, tricks } => wording.too_many_tricks(token, tricks),
            PlayProblem::AfterEnd { token, end } => wording.card_after_play_end(token, end),
            PlayProblem::AfterContinuation { token, plus } => {
                wording.after_continuation(token, plus)
            }
        };
        checker.report(diagnostic);
    }
    // A play already reported unreadable (a card not in its hand, a revoke, a card twice) says
    // nothing new about the Result.
    let unreadable = read.problems.iter().any(|p| {
        matches!(
            p,
            PlayProblem::NotInHand { .. }
                | PlayProblem::Revoke { .. }
                | PlayProblem::PlayedTwice { .. }
        )
    });
    if !unreadable {
        crate::rules::result::against_play(checker, game, &read, declarer.seat, context.hand_size);
        // All 13 tricks played, each with a known winner: the play says declarer's tricks where
        // the Result does not (T026, issue 43 item 4).
        let (won, known, _) = read.count(declarer.seat);
        if context.hand_size == 13 && known == 13 {
            crate::rules::tags::score_against_play(checker, game, declarer.seat, won as u8);
        }
    }
}

/// P002: the seat of the first card, or `None` (reported unless the tag is empty and has no
/// cards) when the Play tag does not name one.
fn play_seat(checker: &mut Checker<'_>, tag: &Tag<'_>, has_cards: bool) -> Option<Seat> {
    let seat = Seat::parse(&tag.value);
    if seat.is_none() && (has_cards || !(tag.value.is_empty() || tag.value == "?")) {
        checker.report(
            Diagnostic::new(
                Rule::InvalidPlaySeat,
                tag.text_span(),
                format!("`{}` is not the seat of the first card", tag.value),
            )
            .with_help("the Play tag names the player of the first card: W, N, E or S (PBN 3.6)"),
        );
    }
    seat
}

/// P001: what the play needs to be followed (PBN 3.6): the Deal, the Declarer for the opening
/// leader and the Contract for trumps. A tag that is absent or unknown is missing (reported);
/// one whose value cannot be read has its own finding, and the play is then not followed.
fn followable<'d>(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    tag: &Tag<'_>,
    has_cards: bool,
    play_seat: Seat,
    deal: Option<&'d Deal>,
) -> Option<(Declarer, Context<'d>)> {
    let contract = game.value("Contract").and_then(ContractValue::read);
    let declarer = game.value("Declarer").and_then(values::parse_declarer);
    let missing = missing_tags(game);
    let passed_out = contract == Some(ContractValue::PassedOut);
    if !missing.is_empty() || passed_out {
        if has_cards {
            let message = if passed_out {
                "this game has a play, but its contract is Pass".to_owned()
            } else {
                format!(
                    "the play cannot be followed without the {} tag{}",
                    missing.join(", "),
                    if missing.len() > 1 { "s" } else { "" }
                )
            };
            checker.report(
                Diagnostic::new(Rule::PlayWithoutContract, tag.span.clone(), message).with_help(
                    "the play needs the Deal, the Declarer (for the opening leader) and \
                        the Contract (for trumps) (PBN 3.6)",
                ),
            );
        }
        return None;
    }
    let (Some(deal), Some(Some(declarer)), Some(contract)) = (deal, declarer, contract) else {
        return None;
    };
    // With `^` (PBN 3.4.13), the seat named is the irregular declarer: the opening lead came
    // from its left, and the side, hence the tricks, are the same.
    let context = Context {
        play_seat,
        deal: Some(deal),
        opening_leader: (!deal.is_end_position()).then(|| declarer.seat.next()),
        trumps: contract.denomination(),
        hand_size: deal.hand_size().min(13),
    };
    Some((declarer, context))
}

/// P011: a play that reads wrongly in seat columns (cards not in hand, revokes, a card twice)
/// but rightly in play order, leader first, is reported once as written in play order.
fn in_play_order(
    checker: &mut Checker<'_>,
    tag: &Tag<'_>,
    read: &PlayRead,
    context: Context<'_>,
) -> bool {
    let misread = |read: &PlayRead| {
        read.problems.iter().any(|p| {
            matches!(
                p,
                PlayProblem::NotInHand { .. }
                    | PlayProblem::Revoke { .. }
                    | PlayProblem::PlayedTwice { .. }
            )
        })
    };
    if !misread(read) || read.tricks.len() <= 1 {
        return false;
    }
    let (parse, text) = (checker.parse, checker.text);
    let in_play_order = play::read_as(parse, text, context, &tag.pair.data, Layout::PlayOrder);
    if misread(&in_play_order) {
        return false;
    }
    let seat = context.play_seat;
    checker.report(
        Diagnostic::new(
            Rule::PlayInPlayOrder,
            tag.span.clone(),
            "the cards are written in play order, leader first, not in seat columns",
        )
        .with_label(format!(
            "columns are read as {} {} {} {}",
            seat.letter(),
            seat.offset(1).letter(),
            seat.offset(2).letter(),
            seat.offset(3).letter()
        ))
        .with_help(format!(
            "PBN 3.6 writes each card in its player's column, starting with {}, \
                whoever led the trick; `pbnfmt export` cannot guess which was meant",
            seat.name()
        )),
    );
    true
}

fn count(read: &PlayRead, kind: impl Fn(&PlayProblem) -> bool) -> usize {
    read.problems.iter().filter(|p| kind(p)).count()
}

fn card_text(card: Card) -> String {
    format!("{}{}", card.suit.symbol(), card.rank.letter())
}

/// What the wording of a play's findings needs: one function per rule below.
struct Wording<'a> {
    parse: &'a Parse,
    text: &'a str,
    tag: &'a Tag<'a>,
    declarer: Declarer,
    play_seat: Seat,
    /// How many cards of the play are not in their player's hand, and how many revokes: the
    /// first finding of each says how many more there are.
    not_in_hand: usize,
    revokes: usize,
}

impl Wording<'_> {
    fn span(&self, id: TokenId) -> std::ops::Range<usize> {
        self.parse.span(id, id)
    }

    fn wrong_opening_leader(&self, token: TokenId, seat: Seat, expected: Seat) -> Diagnostic {
        Diagnostic::new(
            Rule::WrongOpeningLeader,
            self.span(token),
            format!(
                "{} leads, but the opening leader is {}, on declarer {}'s left",
                seat.name(),
                expected.name(),
                self.declarer.seat.name()
            ),
        )
        .with_related(self.tag.text_span(), "the Play tag names the first player")
        .with_help(format!(
            "write `[Play \"{}\"]` and the cards from that column, or mark a lead \
                out of turn with `^L` (PBN 3.6, 3.9)",
            expected.letter()
        ))
    }

    fn card_not_in_hand(&self, token: TokenId, seat: Seat, card: Card) -> Diagnostic {
        let more = match self.not_in_hand - 1 {
            0 => String::new(),
            n => format!(
                " ({n} more card{} of this play are not in their player's hand)",
                if n == 1 { "" } else { "s" }
            ),
        };
        Diagnostic::new(
            Rule::CardNotInHand,
            self.span(token),
            format!(
                "{} plays the {}, which the Deal does not give {}{more}",
                seat.name(),
                card_text(card),
                seat.name()
            ),
        )
        .with_help(format!(
            "columns are fixed seats starting with {} (PBN 3.6): check the column, \
                the card and the Deal",
            self.play_seat.name()
        ))
    }

    fn card_played_twice(&self, token: TokenId, card: Card, earlier: TokenId) -> Diagnostic {
        Diagnostic::new(
            Rule::CardPlayedTwice,
            self.span(token),
            format!("the {} is played a second time", card_text(card)),
        )
        .with_related(self.span(earlier), "played first here")
        .with_help("each card is played once; correct the card (PBN 3.6)")
    }

    fn unmarked_revoke(
        &self,
        token: TokenId,
        seat: Seat,
        card: Card,
        led: Card,
        holding: Card,
    ) -> Diagnostic {
        let more = match self.revokes - 1 {
            0 => String::new(),
            n => format!(
                " ({n} more failure{} to follow suit in this play)",
                if n == 1 { "" } else { "s" }
            ),
        };
        Diagnostic::new(
            Rule::UnmarkedRevoke,
            self.span(token),
            format!(
                "{} played the {} to a {} lead while holding the {}{more}",
                seat.name(),
                card_text(card),
                led.suit.singular(),
                card_text(holding)
            ),
        )
        .with_help(format!(
            "correct the card or the Deal, or mark an established revoke: `^R \
                {card}` (PBN 3.9)"
        ))
    }

    fn misused_play_irregularity(&self, mark: TokenId, why: MarkProblem) -> Diagnostic {
        let message = match why {
            MarkProblem::FollowedSuit => {
                "`^R` marks a revoke, but this card follows suit".to_owned()
            }
            MarkProblem::CouldNotFollow => {
                "`^R` marks a revoke, but the player had no card of the suit led".to_owned()
            }
            MarkProblem::LeadInTurn { leader } => format!(
                "`^L` marks a lead out of turn, but it was {}'s lead",
                leader.name()
            ),
            MarkProblem::NotALead => {
                "`^L` marks a lead out of turn, but this card is not the lead of its \
                trick"
                    .to_owned()
            }
            MarkProblem::RevokeOnLead => {
                "`^R` marks a revoke, but this card leads its trick: a lead cannot revoke"
                    .to_owned()
            }
            MarkProblem::AuctionMark => format!(
                "`{}` is an auction mark and has no meaning in the play",
                self.parse.text(self.text, mark)
            ),
        };
        Diagnostic::new(Rule::MisusedPlayIrregularity, self.span(mark), message).with_help(
            "remove the mark; in the play, `^R` marks a revoke and `^L` a lead out \
                of turn (PBN 3.9)",
        )
    }

    fn too_many_tricks(&self, token: TokenId, tricks: u32) -> Diagnostic {
        Diagnostic::new(
            Rule::TooManyTricks,
            self.span(token),
            format!(
                "this card starts trick {}, but the hands hold only {tricks} trick{}",
                tricks + 1,
                if tricks == 1 { "" } else { "s" }
            ),
        )
        .with_help("remove the extra cards; check for a trick written twice (PBN 3.6)")
    }

    fn after_continuation(&self, token: TokenId, plus: TokenId) -> Diagnostic {
        let what = if self.parse.text(self.text, token) == "+" {
            "a second `+`"
        } else {
            "a card"
        };
        Diagnostic::new(
            Rule::MisplacedContinuation,
            self.span(token),
            format!("{what} after the `+` that stands for the next card to be played"),
        )
        .with_related(self.span(plus), "the next card to be played")
        .with_help(
            "in play order only `-` can follow `+`: keep one `+`, at the next card (PBN 3.6)",
        )
    }

    fn card_after_play_end(&self, token: TokenId, end: TokenId) -> Diagnostic {
        Diagnostic::new(
            Rule::CardAfterPlayEnd,
            self.span(token),
            "a card after `*`, which ended the play",
        )
        .with_related(self.span(end), "the play ends here")
        .with_help("remove the cards after `*`, or move `*` after them (PBN 3.6)")
    }
}

/// The tags a play needs (PBN 3.1, 3.6): the Deal, the Declarer for the opening leader and
/// the Contract for trumps.
const NEEDED: [&str; 3] = ["Deal", "Declarer", "Contract"];

/// The tags of [`NEEDED`] that are absent or unknown (`""`, `"?"`).
fn missing_tags(game: &GameModel<'_>) -> Vec<&'static str> {
    NEEDED
        .into_iter()
        .filter(|name| game.value(name).is_none_or(|v| v == "?" || v.is_empty()))
        .collect()
}

/// P001 for a Play section without cards: the tags it needs are still needed (PBN 3.1). A
/// passed-out game's empty play has nothing to follow and needs nothing.
fn missing_for_empty_play(checker: &mut Checker<'_>, game: &GameModel<'_>, tag: &Tag<'_>) {
    if game.value("Contract").and_then(ContractValue::read) == Some(ContractValue::PassedOut) {
        return;
    }
    let missing = missing_tags(game);
    if missing.is_empty() {
        return;
    }
    checker.report(
        Diagnostic::new(
            Rule::PlayWithoutContract,
            tag.span.clone(),
            format!(
                "this game has a Play section but no {} tag",
                crate::display::word_list(&missing, "or")
            ),
        )
        .with_help(
            "PBN 3.1: a play section, even an empty one, needs the Deal, Declarer and Contract \
                before it; remove an empty `[Play]` that has nothing to follow",
        ),
    );
}

/// P012: Deal, Declarer and Contract must come before the Play section (PBN 3.1).
fn needed_after_play(checker: &mut Checker<'_>, game: &GameModel<'_>, play: usize) {
    for name in NEEDED {
        let Some(at) = game.position(name) else {
            continue;
        };
        let tag = &game.tags[at];
        if at > play && tag.inheritance != Inheritance::Implied {
            checker.report(
                Diagnostic::new(
                    Rule::NeededTagAfterPlay,
                    tag.span.clone(),
                    format!("the {name} tag comes after the Play section that needs it"),
                )
                .with_related(game.tags[play].span.clone(), "the play starts here")
                .with_help(format!(
                    "move `[{name} ...]` before `[Play ...]`; Deal, Declarer and Contract are \
                        given before the play (PBN 3.1)"
                )),
            );
        }
    }
}

/// A play that draws each play rule, and the play mended ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;
#[cfg(test)]
pub(crate) use pairs::pairs;
