//! The play (PBN 3.6, 3.9, 3.10): the tags it needs, the opening leader, cards against the Deal,
//! following suit, the number of tricks, the end, and the Result against the tricks won.

use crate::bridge::{Card, Seat};
use crate::model::deal::Deal;
use crate::model::play::{self, Context, Layout, MarkProblem, PlayProblem, PlayRead};
use crate::model::values::{self, ContractValue, Declarer};
use crate::model::{GameModel, Inheritance, Tag};
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::semantic::Checker;
use crate::rules::{Fixability, Rule, RuleInfo};
use crate::syntax::{Parse, TokenId};

// The rules of this family: see [`crate::rules`].

pub const PLAY_WITHOUT_CONTRACT: RuleInfo = RuleInfo {
    code: "P001",
    name: "play-without-contract",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "A Play section without the Deal, Declarer or Contract it needs",
    what: "A Play section in a game that has no readable Deal, Declarer or Contract tag, or whose \
        contract is `Pass`.",
    why: "PBN 3.6: the opening leader is declarer's left-hand opponent and trumps come from the \
        contract; PBN 3.10 reads the trump of an end position from the Contract. Without them the \
        play cannot be followed.",
    example: "```\n\
        [Deal \"N:...\"]\n\
        [Play \"E\"]\n\
        SA S2 S3 S4\n\
        ```",
    fix: "Add the missing tags.",
    ..RuleInfo::BASE
};

pub const INVALID_PLAY_SEAT: RuleInfo = RuleInfo {
    code: "P002",
    name: "invalid-play-seat",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "The Play tag value is not W, N, E or S",
    what: "The value of the Play tag, which names the player of the first card and the seat of \
        the first column.",
    why: "PBN 3.6: \"The direction of the player playing the first card is given as tag value in \
        the Play tag pair\".",
    example: "```\n\
        [Play \"West\"]\n\
        ```",
    fix: "Use the letter: `[Play \"W\"]`.",
    ..RuleInfo::BASE
};

pub const WRONG_OPENING_LEADER: RuleInfo = RuleInfo {
    code: "P003",
    name: "wrong-opening-leader",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "The first card is not played by declarer's left-hand opponent, and no `^L` says so",
    what: "The Play tag's seat against declarer's left-hand opponent, unless a card of the first \
        trick carries `^L` (a lead out of turn). End positions (PBN 3.10) name their own leader.",
    why: "PBN 3.6: the player of the first card is the opening leader, declarer's left-hand \
        opponent; PBN 3.9 (D) marks an accepted lead out of turn with `^L`.",
    example: "```\n\
        [Declarer \"S\"]\n\
        [Play \"E\"]\n\
        ```",
    fix: "Correct the Play seat (here `W`), or mark the lead out of turn with `^L`.",
    ..RuleInfo::BASE
};

pub const CARD_NOT_IN_HAND: RuleInfo = RuleInfo {
    code: "P004",
    name: "card-not-in-hand",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "A card played by a player whose hand in the Deal does not hold it",
    what: "Each card of the play against the hand the Deal gives its player (hands given as `-` \
        are not checked).",
    why: "PBN 3.6 writes each player's cards in that player's column; a card that is not in the \
        hand means a wrong column, a wrong card or a wrong Deal.",
    example: "```\n\
        [Deal \"N:... (West without SA)\"]\n\
        [Play \"W\"]\n\
        SA S2 S3 S4\n\
        ```",
    fix: "Check the columns (the first is the Play tag's seat), the card, and the Deal.",
    ..RuleInfo::BASE
};

pub const CARD_PLAYED_TWICE: RuleInfo = RuleInfo {
    code: "P005",
    name: "card-played-twice",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "The same card played twice",
    what: "A card that appears a second time in the play.",
    why: "PBN 3.6: each card is played once; a repeated card is a typing error that also corrupts \
        the trick count.",
    example: "```\n\
        [Play \"W\"]\n\
        SA S2 S3 S4\n\
        SA S5 S6 S7\n\
        ```",
    fix: "Correct the card.",
    ..RuleInfo::BASE
};

pub const UNMARKED_REVOKE: RuleInfo = RuleInfo {
    code: "P006",
    name: "unmarked-revoke",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "A player did not follow suit while holding the suit led, without `^R`",
    what: "A card of another suit played while the player still held a card of the suit led, \
        according to the Deal, with no `^R` before it.",
    why: "PBN 3.9 (C): a revoke that went unnoticed is written `^R` before the card; any other \
        failure to follow suit is a typing error in the play or the Deal.",
    example: "```\n\
        [Play \"W\"]\n\
        SA H2 S3 S4   (North holds SK)\n\
        ```",
    fix: "Correct the card, or mark the revoke: `SA ^R H2 S3 S4`.",
    ..RuleInfo::BASE
};

pub const MISUSED_PLAY_IRREGULARITY: RuleInfo = RuleInfo {
    code: "P007",
    name: "misused-play-irregularity",
    severity: Severity::Error,
    section: "PBN 3.9",
    summary: "`^R` on a card that is no revoke, `^L` on a lead in turn, or `^I`/`^S` in the play",
    what: "An irregularity mark in the play that marks no irregularity: `^R` before a card that \
        follows suit or when the player had none of the suit led; `^L` before a card that is not \
        a lead, or before a lead by the right player; `^I` or `^S`, which belong to the auction.",
    why: "PBN 3.9: `^R` marks a revoke, `^L` a lead out of turn; `^I` and `^S` are auction marks.",
    example: "```\n\
        [Play \"W\"]\n\
        SA ^R S2 S3 S4\n\
        ```",
    fix: "Remove the mark.",
    ..RuleInfo::BASE
};

pub const TOO_MANY_TRICKS: RuleInfo = RuleInfo {
    code: "P008",
    name: "too-many-tricks",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "More than 13 tricks (or more than the cards of an end position)",
    what: "Cards after the 13th trick, or after as many tricks as an end position has cards per \
        hand (PBN 3.10).",
    why: "PBN 3.6: the play section ends after 13 tricks.",
    example: "```\n\
        [Play \"W\"]\n\
        (13 tricks)\n\
        S2 S3 S4 S5\n\
        ```",
    fix: "Remove the extra line; check for a trick written twice.",
    ..RuleInfo::BASE
};

pub const CARD_AFTER_PLAY_END: RuleInfo = RuleInfo {
    code: "P009",
    name: "card-after-play-end",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "A card after `*` in the play",
    what: "Cards given after the `*` that ends the play.",
    why: "PBN 3.6: `*` \"indicates that no further cards will or can be given\".",
    example: "```\n\
        [Play \"W\"]\n\
        SA S2 S3 S4\n\
        *\n\
        HA\n\
        ```",
    fix: "Remove the cards after `*`, or move `*` to the end.",
    ..RuleInfo::BASE
};

pub const PLAY_IN_PLAY_ORDER: RuleInfo = RuleInfo {
    code: "P011",
    name: "play-in-play-order",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "The play is written leader first (play order), not in fixed seat columns",
    what: "A play that makes no sense in PBN's fixed seat columns (cards not in their player's \
        hand, suits not followed) but reads cleanly when each line is taken to start with the \
        trick's leader.",
    why: "PBN 3.6 writes every trick in the same seat columns, starting with the Play tag's seat, \
        whoever led; many programs write play order instead. Read by the standard, such a play \
        has cards in the wrong hands; pbnfmt reports the cause once instead of every card.",
    example: "```\n\
        [Declarer \"E\"]\n\
        [Play \"S\"]\n\
        SQ C3 S3 S9\n\
        C4 C7 C8 CK\n\
        CA D2 C9 CQ   (East, who won trick 2, is written first)\n\
        ```",
    fix: "Rewrite the play in seat columns: each line starts with the Play tag's seat; the \
        writing program needs fixing too.",
    ..RuleInfo::BASE
};

pub const NEEDED_TAG_AFTER_PLAY: RuleInfo = RuleInfo {
    code: "P012",
    name: "needed-tag-after-play",
    severity: Severity::Error,
    section: "PBN 3.1",
    summary: "The Deal, Declarer or Contract tag comes after the Play section",
    what: "A Deal, Declarer or Contract tag written after the Play tag of its game.",
    why: "PBN 3.1: \"If the play section is present, then the tags 'Deal', 'Declarer' and \
        'Contract' must be filled before the play section\"; in import format too, \"in case of \
        an auction section or a play section the needed tags and their order are prescribed\". \
        A program reading the play in one pass does not know whose cards they are yet.",
    example: "```\n\
        [Play \"W\"]\n\
        SA S2 S3 S4\n\
        [Contract \"4S\"]\n\
        ```",
    fix: "Move the tag before the Play tag; `pbnfmt export` writes the tags in order.",
    ..RuleInfo::BASE
};

pub const LOOSE_CARD: RuleInfo = RuleInfo {
    code: "P015",
    name: "loose-card",
    severity: Severity::Error,
    section: "PBN 3.6.1",
    summary: "An unknown card written `--`, not PBN's `-`",
    what: "A play token `--`, which some programs write for a card that is unknown or does not \
        matter.",
    why: "PBN 3.6.1 writes such a card `-`. The meaning of `--` is certain, so pbnfmt reads it \
        as `-` and goes on following the play.",
    example: "```\n\
        [Play \"W\"]\n\
        SK -- S4 S2\n\
        ```",
    fix: "Write `-`; `pbnfmt fix` does.",
    fixable: Fixability::Safe,
    ..RuleInfo::BASE
};

pub const MISPLACED_CONTINUATION: RuleInfo = RuleInfo {
    code: "P013",
    name: "misplaced-continuation",
    severity: Severity::Error,
    section: "PBN 3.6",
    summary: "A card or a second `+` after the `+` that stands for the next card",
    what: "In play order (each trick from its leader), a card or another `+` after a `+` of the \
        play. A `-` may follow it, and the trick's other seats may hold the cards played before \
        it.",
    why: "PBN 3.6: \"The '+' replaces the next card to be played\"; nothing can have been \
        played after the next card to be played.",
    example: "```\n\
        [Play \"W\"]\n\
        H2 H3 + HA\n\
        ```",
    fix: "Keep one `+`, at the next card to be played, and `-` for the cards after it.",
    ..RuleInfo::BASE
};

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
