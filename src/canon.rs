//! The export spelling of single things (PBN 2.1 export format): tokens, annotations, tag values,
//! comment text, and the export order of tags. The export writer uses these; so do the facts an
//! export or a rewrite must keep ([`crate::proof::facts`]), which compare meanings through these
//! spellings, and the export-format rules that say what is not yet in export form.

use std::borrow::Cow;

use crate::bridge::{CallToken, PlayToken, SUFFIXES, Seat};
use crate::lexer::SyntaxKind;
use crate::model::deal::{self, Deal};
use crate::model::values::{self, ContractValue, PerSide, ResultValue, Vulnerability};
use crate::model::{GameModel, mts_index};
use crate::syntax::{Data, Move, Parse, TagPair, quote_string};

/// Where a tag goes in export order (PBN 3.1, 3.4): the MTS in their order, the other
/// identification tags sorted by name, Auction, Play, then the supplemental sections sorted by name.
/// Note tags go with their section and are not ranked here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Place<'a> {
    Mandatory(u8),
    Identification(&'a str),
    Auction,
    Play,
    Section(&'a str),
}

/// How export writes a later tag pair of a name its game has already given (PBN 3.4: "a tag
/// pair that already occurred, is ignored"; export format has one of each).
#[derive(Debug, PartialEq)]
pub enum Repeat {
    /// The same value with nothing after it: not written again.
    Omit,
    /// Kept as this comment after the tag that counts, so that nothing is lost.
    Comment(String),
    /// Not written: two boards ran together (the Board, Deal, Dealer or Vulnerable differs), or
    /// the pair cannot stand in a comment (a section, section data, a `}` in it). W002.
    Refuse,
}

/// How the repeated tag pair `tag` of `model` (of `text`) is written ([`Repeat`]).
pub fn repeat(text: &str, model: &GameModel<'_>, tag: &crate::model::Tag<'_>) -> Repeat {
    let Some(first) = model.get(tag.name) else {
        return Repeat::Refuse;
    };
    if first.written == tag.written && tag.pair.data.is_empty() {
        return Repeat::Omit;
    }
    let plain = |t: &crate::model::Tag<'_>| {
        t.inheritance != crate::model::Inheritance::Implied
            && matches!(
                place(t.pair, t.name),
                Place::Mandatory(_) | Place::Identification(_)
            )
    };
    let pair = text.get(tag.span.clone()).unwrap_or("}");
    let only_lines = tag
        .pair
        .data
        .iter()
        .all(|d| matches!(d, Data::Comment(_) | Data::Escape(_)));
    // A `#` or `##` value (PBN 4.8) means another value in each rewrite that resolves it.
    let inherits =
        tag.inheritance != crate::model::Inheritance::None || tag.written.starts_with('#');
    if model.ran_together().is_some()
        || inherits
        || !plain(first)
        || !plain(tag)
        || !only_lines
        || !pair.ends_with(']')
        || pair.contains('}')
    {
        return Repeat::Refuse;
    }
    Repeat::Comment(format!("{{{pair}}}"))
}

/// The export place of the tag pair `pair` named `name`.
pub fn place<'a>(pair: &TagPair, name: &'a str) -> Place<'a> {
    place_with(name, || is_section(pair, name))
}

/// The export place of a tag named `name`; `section` says whether it is a supplemental section
/// ([`is_section`]), asked only of a name that may be one.
pub fn place_with<'a>(name: &'a str, section: impl FnOnce() -> bool) -> Place<'a> {
    if let Some(i) = mts_index(name) {
        return Place::Mandatory(i as u8);
    }
    match name {
        "Auction" => Place::Auction,
        "Play" => Place::Play,
        // A Note outside the auction and play sections stays among the identification tags,
        // data or not: after the Play it would become a play note.
        "Note" => Place::Identification(name),
        _ if section() => Place::Section(name),
        _ => Place::Identification(name),
    }
}

/// A supplemental section (PBN 5): a table (PBN 5.3-5.10), or a user-defined tag followed by
/// section elements (PBN 3.1). A standard tag that has no section stays a tag, data or not.
pub fn is_section(pair: &TagPair, name: &str) -> bool {
    crate::names::is_table(name)
        || (crate::names::may_have_section(name)
            && pair.data.iter().any(|d| matches!(d, Data::Element { .. })))
}

/// `% PBN x.y` and `% EXPORT` (PBN 2.4): the header lines export writes itself.
pub fn is_header_escape(line: &str) -> bool {
    let rest = line.trim_start_matches('%').trim();
    if rest.eq_ignore_ascii_case("EXPORT") {
        return true;
    }
    let Some(version) = rest
        .get(..3)
        .filter(|pbn| pbn.eq_ignore_ascii_case("PBN"))
        .and_then(|_| rest.get(3..))
    else {
        return false;
    };
    let version = version.trim();
    let (major, minor) = version.split_once('.').unwrap_or((version, "0"));
    !major.is_empty()
        && !minor.is_empty()
        && major
            .bytes()
            .chain(minor.bytes())
            .all(|b| b.is_ascii_digit())
}

/// Text with tabs (horizontal and vertical) as spaces: export format has no tabs (PBN 2.3).
pub fn untab(text: &str) -> Cow<'_, str> {
    // Bytes, not a pattern of two chars: this runs for every token export writes.
    if text.bytes().any(|b| b == b'\t' || b == 0x0B) {
        Cow::Owned(text.replace(['\t', '\u{0B}'], " "))
    } else {
        Cow::Borrowed(text)
    }
}

/// Comment text with every line end (CR LF, LF, CR) as `nl` and tabs as spaces.
pub fn comment_text(text: &str, nl: &str) -> String {
    let text = untab(text);
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = &*text;
    while let Some(at) = rest.find(['\r', '\n']) {
        out.push_str(&rest[..at]);
        out.push_str(nl);
        let skip = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[at + skip..];
    }
    out.push_str(rest);
    out
}

/// Appends the export spelling of the word of a move: a call or a card in uppercase; `^S`;
/// anything unreadable as written. A loose call or card (`1N`, `P`, `--`) is written as it is:
/// export repairs it only with `--fix`.
pub fn push_word(out: &mut String, parse: &Parse, text: &str, mv: &Move, is_auction: bool) {
    push_word_as::<false>(out, parse, text, mv, is_auction);
}

/// The meaning of the word of a move, for the read-back ([`crate::proof::facts`]): as
/// [`push_word`], with a loose call read as the call it means.
pub fn push_word_meaning(out: &mut String, parse: &Parse, text: &str, mv: &Move, is_auction: bool) {
    push_word_as::<true>(out, parse, text, mv, is_auction);
}

/// [`push_word`], or with `LOOSE` [`push_word_meaning`]: a constant, so that each is compiled
/// with its own reader called directly, whatever the compiler inlines (a runtime choice between
/// the two readers cost export 2 % when a change elsewhere moved the inlining).
fn push_word_as<const LOOSE: bool>(
    out: &mut String,
    parse: &Parse,
    text: &str,
    mv: &Move,
    is_auction: bool,
) {
    let word = parse.text(text, mv.token);
    if parse.kind(mv.token) == SyntaxKind::Irregularity {
        out.extend(word.chars().map(|c| c.to_ascii_uppercase()));
        return;
    }
    push_word_text::<LOOSE>(out, word, is_auction);
}

/// The meaning of `word`, a call or card token read by itself (a word token, not `^S`), for the
/// facts of an export read straight from its text ([`crate::proof::lean`]): as
/// [`push_word_meaning`].
pub fn push_word_text_meaning(out: &mut String, word: &str, is_auction: bool) {
    push_word_text::<true>(out, word, is_auction);
}

#[inline(always)]
fn push_word_text<const LOOSE: bool>(out: &mut String, word: &str, is_auction: bool) {
    let call = if LOOSE {
        CallToken::read
    } else {
        CallToken::parse
    };
    let play = if LOOSE {
        PlayToken::read
    } else {
        PlayToken::parse
    };
    if is_auction {
        if let Some(call) = call(word) {
            return call.push_export(out);
        }
    } else {
        match play(word) {
            Some(PlayToken::Card(card)) => return out.push_str(card.text()),
            Some(PlayToken::Unknown) => return out.push('-'),
            None => {}
        }
    }
    out.push_str(&untab(word));
}

/// A NAG or note index as digits without leading zeros, ordered by value however long.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Number {
    len: usize,
    digits: String,
}

impl Number {
    fn of(token_text: &str) -> Number {
        let digits: String = token_text.chars().filter(char::is_ascii_digit).collect();
        let trimmed = digits.trim_start_matches('0');
        let digits = if trimmed.is_empty() { "0" } else { trimmed };
        Number {
            len: digits.len(),
            digits: digits.to_owned(),
        }
    }

    fn small(value: usize) -> Number {
        let digits = value.to_string();
        Number {
            len: digits.len(),
            digits,
        }
    }

    pub fn digits(&self) -> &str {
        &self.digits
    }
}

/// The annotations of a move in export order (PBN 3.5.2, 3.6.2): note references as given, then
/// the NAGs ascending, suffixes turned into their NAG ($1-$6 on calls, $7-$12 on cards).
pub fn annotations(
    parse: &Parse,
    text: &str,
    mv: &Move,
    is_auction: bool,
) -> (Vec<Number>, Vec<Number>) {
    let mut notes = Vec::new();
    let mut nags = Vec::new();
    for &id in parse.annotations(mv) {
        let token = parse.text(text, id);
        match parse.kind(id) {
            SyntaxKind::NoteRef => notes.push(Number::of(token)),
            SyntaxKind::Nag => nags.push(Number::of(token)),
            SyntaxKind::Suffix => {
                if let Some(i) = SUFFIXES.iter().position(|s| *s == token) {
                    nags.push(Number::small(i + 1 + if is_auction { 0 } else { 6 }));
                }
            }
            _ => {}
        }
    }
    nags.sort();
    (notes, nags)
}

/// Appends a move as export writes it: `^I 1C =1= $3 $25`.
pub fn push_move(out: &mut String, parse: &Parse, text: &str, mv: &Move, is_auction: bool) {
    if let Some(mark) = mv.irregularity {
        out.extend(
            parse
                .text(text, mark)
                .chars()
                .map(|c| c.to_ascii_uppercase()),
        );
        out.push(' ');
    }
    push_word(out, parse, text, mv, is_auction);
    if mv.annotations.is_empty() {
        return;
    }
    let (notes, nags) = annotations(parse, text, mv, is_auction);
    for note in notes {
        out.push_str(" =");
        out.push_str(note.digits());
        out.push('=');
    }
    for nag in nags {
        out.push_str(" $");
        out.push_str(nag.digits());
    }
}

/// A `-` with no annotation: a position that says nothing but "not this player's turn" or
/// "unknown".
pub fn is_bare_dash(parse: &Parse, text: &str, mv: &Move) -> bool {
    mv.irregularity.is_none() && mv.annotations.is_empty() && parse.text(text, mv.token) == "-"
}

/// How many positions at the start of an auction are a bare `-` with no comment after them: the
/// import-format fill before the dealer (PBN 3.5), which export leaves out.
pub fn leading_dashes(parse: &Parse, text: &str, data: &[Data]) -> usize {
    let mut count = 0;
    for (i, item) in data.iter().enumerate() {
        match item {
            Data::Move(mv)
                if is_bare_dash(parse, text, mv)
                    && !matches!(data.get(i + 1), Some(Data::Comment(_))) =>
            {
                count += 1;
            }
            Data::Comment(_) | Data::Escape(_) if count == 0 => {}
            _ => break,
        }
    }
    count
}

/// What a value's export form depends on in its game.
#[derive(Clone, Debug, Default)]
pub struct GameContext<'v> {
    pub dealer: Option<Seat>,
    pub declarer: Option<Seat>,
    /// Tricks in the deal: 13, or the hand size of an end position (PBN 3.10).
    pub tricks: u8,
    /// The game's Deal value read once ([`context`]), for the export form and the facts of that
    /// same value: the value, and its cards when it reads without a problem.
    pub deal: Option<(&'v str, Option<Deal>)>,
}

impl GameContext<'_> {
    /// The cards of the Deal `value` when it reads without a problem: the game's Deal read once,
    /// another value (a `#` left as written) read now.
    pub fn clean_deal(&self, value: &str) -> Option<Deal> {
        match &self.deal {
            Some((read, deal)) if *read == value => deal.clone(),
            _ => match deal::parse(value) {
                (Some(deal), problems) if problems.is_empty() => Some(deal),
                _ => None,
            },
        }
    }

    /// Declarer's tricks in a Result, however it is given (PBN 3.4.15), when they can be known.
    pub fn declarer_tricks(&self, result: ResultValue) -> Option<u8> {
        match result.tricks {
            PerSide::Declarer(tricks) => Some(tricks),
            _ => self
                .declarer
                .and_then(|seat| result.declarer_tricks(seat, self.tricks)),
        }
    }
}

/// Why a Result value, readable, has no export form (PBN 3.4.15: declarer's tricks alone), or
/// `None` when it has one or is not a Result that reads.
pub fn uncertain_result(value: &str, context: &GameContext) -> Option<String> {
    let result = ResultValue::parse(value)??;
    if context.declarer_tricks(result).is_some() {
        return None;
    }
    let Some(declarer) = context.declarer else {
        return Some("it is given for a side, and the Declarer is not known".to_owned());
    };
    Some(match result.both_sides(declarer) {
        Some((mine, theirs)) => format!(
            "its two numbers add up to {}, not to the {} tricks of the deal",
            u16::from(mine) + u16::from(theirs),
            context.tricks
        ),
        None => format!(
            "it gives more than the {} tricks of the deal",
            context.tricks
        ),
    })
}

/// The export form of a tag value where the standard gives one (PBN 3.4.9-3.4.15, 3.11, 4.2), or `None`
/// when the value is left as it is (not a value these rules read, or not readable).
pub fn value(name: &str, value: &str, context: &GameContext) -> Option<String> {
    match name {
        "Dealer" | "Auction" | "Play" => Seat::parse(value).map(|seat| seat.letter().to_string()),
        "Declarer" => values::parse_declarer(value).map(|declarer| match declarer {
            None => String::new(),
            Some(d) => format!("{}{}", if d.swapped { "^" } else { "" }, d.seat.letter()),
        }),
        "Vulnerable" => Vulnerability::parse(value).map(|v| v.canonical().to_owned()),
        "Contract" => ContractValue::parse(value).map(|contract| match contract {
            ContractValue::PassedOut => "Pass".to_owned(),
            ContractValue::Contract(contract) => contract.to_string(),
            ContractValue::Trumps(denomination) => values::denomination_text(denomination).into(),
        }),
        "Deal" => context
            .clean_deal(value)
            .map(|deal| deal_text(&deal, context.dealer.unwrap_or(deal.first))),
        "Result" => match ResultValue::parse(value)? {
            None => Some(String::new()),
            Some(result) => {
                let tricks = context.declarer_tricks(result)?;
                Some(format!("{}{tricks}", if result.caret { "^" } else { "" }))
            }
        },
        // The score tags (PBN 4.2); `None` for any other tag.
        _ => values::score_export_form(name, value),
    }
}

/// A Deal from `first`, ranks descending in each suit (PBN 3.4.11).
pub fn deal_text(deal: &Deal, first: Seat) -> String {
    let mut out = String::with_capacity(69);
    out.push(first.letter());
    out.push(':');
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        match deal.hand(first.offset(i)) {
            Some(hand) => hand.cards.push_pbn(&mut out),
            None => out.push('-'),
        }
    }
    out
}

/// A tag value as a string token: quotes around, `\` and `"` escaped (PBN 3.2).
pub fn quote(value: &str) -> String {
    quote_string(&untab(value))
}

/// The game facts that export forms depend on: dealer, declarer, tricks in the deal; the Deal is
/// read here once for the game.
pub fn context<'v>(model: &'v GameModel<'_>) -> GameContext<'v> {
    context_of(
        model.value("Deal"),
        model.value("Dealer"),
        model.value("Declarer"),
    )
}

/// [`context`] from the game's Deal, Dealer and Declarer values.
pub fn context_of<'v>(
    deal: Option<&'v str>,
    dealer: Option<&str>,
    declarer: Option<&str>,
) -> GameContext<'v> {
    let read = deal.map(|value| (value, deal::parse(value)));
    let tricks = read
        .as_ref()
        .and_then(|(_, (deal, _))| deal.as_ref())
        .map_or(13, |deal| deal.hand_size().min(13) as u8);
    let deal = read.map(|(value, (deal, problems))| (value, deal.filter(|_| problems.is_empty())));
    GameContext {
        deal,
        dealer: dealer.and_then(Seat::parse),
        declarer: declarer
            .and_then(values::parse_declarer)
            .flatten()
            .map(|d| d.seat),
        tricks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_escapes() {
        for header in [
            "% PBN 2.1",
            "%PBN 1.0",
            "% EXPORT",
            "%export",
            "% pbn 2.1  ",
        ] {
            assert!(is_header_escape(header), "{header}");
        }
        for other in ["% PBN", "%Creator: x", "% PBN 2.1 beta", "% EXPORTED"] {
            assert!(!is_header_escape(other), "{other}");
        }
    }

    #[test]
    fn values_in_export_form() {
        let context = GameContext {
            dealer: Some(Seat::East),
            declarer: Some(Seat::North),
            tricks: 13,
            deal: None,
        };
        let cases = [
            ("Vulnerable", "both", "All"),
            ("Vulnerable", "-", "None"),
            ("Vulnerable", "Love", "None"),
            ("Contract", "4sx", "4SX"),
            ("Contract", "pass", "Pass"),
            ("Contract", "nt", "NT"),
            ("Declarer", "^s", "^S"),
            ("Result", "EW 4", "9"),
            ("Result", "^NS 10", "^10"),
            ("Result", "NS 9 EW 4", "9"),
            (
                "Deal",
                "n:2345AKQJT6789... .AKQJT98765432.. ..AKQJT98765432. ...23456789TJQKA",
                "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...",
            ),
        ];
        for (name, input, expected) in cases {
            assert_eq!(
                value(name, input, &context).as_deref(),
                Some(expected),
                "{name} {input}"
            );
        }
        assert_eq!(value("Result", "NS 9", &GameContext::default()), None);
        assert_eq!(value("Event", "x", &context), None);
    }

    #[test]
    fn numbers_order_by_value() {
        let mut nags = [Number::of("$25"), Number::of("$3"), Number::of("$007")];
        nags.sort();
        let digits: Vec<&str> = nags.iter().map(Number::digits).collect();
        assert_eq!(digits, ["3", "7", "25"]);
        assert!(Number::of("$99999999999999999999") > Number::of("$255"));
    }

    #[test]
    fn comment_line_ends() {
        assert_eq!(
            comment_text("{a\r\nb\nc\rd\te}", "\r\n"),
            "{a\r\nb\r\nc\r\nd e}"
        );
    }
}
