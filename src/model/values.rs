//! Typed tag values of PBN 3.4 and 4: vulnerability, declarer, contract, result, scores, dates and
//! times. Each parser takes the value text and returns the value, or `None` when the text does not
//! have the standard's form; the rules say what is wrong.

use std::borrow::Cow;

use crate::bridge::{Denomination, Seat};

/// A partnership.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    NorthSouth,
    EastWest,
}

impl Side {
    pub fn of(seat: Seat) -> Side {
        match seat {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }

    fn parse(text: &str) -> Option<Side> {
        match text {
            "NS" | "ns" => Some(Side::NorthSouth),
            "EW" | "ew" => Some(Side::EastWest),
            _ => None,
        }
    }
}

/// The Vulnerable tag (PBN 3.4.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    All,
}

impl Vulnerability {
    /// `None Love - NS EW All Both`, lowercase too (PBN 3.11).
    /// The vulnerability a value means, in PBN's spelling or a certain loose one (`N-S`, `Both`);
    /// T004 judges the spelling.
    pub fn read(text: &str) -> Option<Vulnerability> {
        crate::model::loose::certainly(text, Vulnerability::parse, crate::model::loose::vulnerable)
    }

    pub fn parse(text: &str) -> Option<Vulnerability> {
        let text = unspaced(text);
        let value = match text {
            "-" => Vulnerability::None,
            _ if ["None", "Love"].iter().any(|v| same(text, v)) => Vulnerability::None,
            _ if same(text, "NS") => Vulnerability::NorthSouth,
            _ if same(text, "EW") => Vulnerability::EastWest,
            _ if ["All", "Both"].iter().any(|v| same(text, v)) => Vulnerability::All,
            _ => return None,
        };
        Some(value)
    }

    pub fn is_vulnerable(self, side: Side) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::All => true,
            Vulnerability::NorthSouth => side == Side::NorthSouth,
            Vulnerability::EastWest => side == Side::EastWest,
        }
    }

    /// The export spelling (PBN 3.4.10).
    pub fn canonical(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }

    pub fn of_sides(ns: bool, ew: bool) -> Vulnerability {
        match (ns, ew) {
            (false, false) => Vulnerability::None,
            (true, false) => Vulnerability::NorthSouth,
            (false, true) => Vulnerability::EastWest,
            (true, true) => Vulnerability::All,
        }
    }
}

pub use crate::bridge::unspaced;

/// PBN 3.11: the canonical spelling or its all-lowercase import form.
pub fn same(text: &str, canonical: &str) -> bool {
    // Compared byte by byte: no lowercase copy of `canonical`.
    text == canonical
        || (text.len() == canonical.len()
            && text
                .bytes()
                .zip(canonical.bytes())
                .all(|(t, c)| t == c.to_ascii_lowercase()))
}

/// The Declarer tag (PBN 3.4.13): a seat, `^seat` when declarer and dummy were swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declarer {
    pub seat: Seat,
    pub swapped: bool,
}

/// `Some(None)` is the empty value of a passed-out game.
pub fn parse_declarer(text: &str) -> Option<Option<Declarer>> {
    let text = unspaced(text);
    if text.is_empty() {
        return Some(None);
    }
    let (swapped, seat) = match text.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    Some(Some(Declarer {
        seat: Seat::parse(seat)?,
        swapped,
    }))
}

/// Undoubled, doubled or redoubled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Risk {
    Undoubled,
    Doubled,
    Redoubled,
}

impl Risk {
    pub fn suffix(self) -> &'static str {
        match self {
            Risk::Undoubled => "",
            Risk::Doubled => "X",
            Risk::Redoubled => "XX",
        }
    }
}

/// A contract: level, denomination, risk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    pub level: u8,
    pub denomination: Denomination,
    pub risk: Risk,
}

impl std::fmt::Display for Contract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.level,
            denomination_text(self.denomination),
            self.risk.suffix()
        )
    }
}

pub use crate::bridge::denomination_text;

/// The Contract tag (PBN 3.4.14, 3.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContractValue {
    /// `Pass`: all four players passed.
    PassedOut,
    Contract(Contract),
    /// An end position gives only the trump denomination (PBN 3.10).
    Trumps(Denomination),
}

impl ContractValue {
    /// The contract a value means: as PBN spells it, or in a loose spelling whose meaning is
    /// certain (`3N`, `4HR`, `model::loose`). The rules that compare a contract with the auction,
    /// the play or the result read it so; T007 judges the spelling.
    pub fn read(text: &str) -> Option<ContractValue> {
        crate::model::loose::certainly(text, ContractValue::parse, crate::model::loose::contract)
    }

    pub fn parse(text: &str) -> Option<ContractValue> {
        let text = unspaced(text);
        if same(text, "Pass") {
            return Some(ContractValue::PassedOut);
        }
        if let Some(denomination) = Denomination::parse(text) {
            return Some(ContractValue::Trumps(denomination));
        }
        let bytes = text.as_bytes();
        let level = *bytes.first()?;
        if !(b'1'..=b'7').contains(&level) {
            return None;
        }
        // `text` starts with an ASCII digit: 1 is a character boundary.
        let rest = text.get(1..)?;
        let (rest, risk) = if let Some(r) = strip_suffix_any_case(rest, "XX") {
            (r, Risk::Redoubled)
        } else if let Some(r) = strip_suffix_any_case(rest, "X") {
            (r, Risk::Doubled)
        } else {
            (rest, Risk::Undoubled)
        };
        Some(ContractValue::Contract(Contract {
            level: level - b'0',
            denomination: Denomination::parse(rest)?,
            risk,
        }))
    }

    /// The export spelling of `text` when it reads as a contract in a letter case PBN 3.11 does
    /// not allow: the denomination and the risk are each all uppercase or all lowercase (`4sX`
    /// is allowed, `4Nt` and `4SXx` are not). `None` for an allowed spelling and for what is no
    /// contract.
    pub fn miscased(text: &str) -> Option<String> {
        let value = ContractValue::parse(text)?;
        let allowed = |part: Option<&str>, upper: &str| {
            part.is_some_and(|part| same(part, upper) && part.len() == upper.len())
        };
        // Every game's Contract comes here: the spelling is made only for a miscased one.
        let fine = match value {
            ContractValue::PassedOut => allowed(Some(text), "Pass"),
            ContractValue::Trumps(d) => allowed(Some(text), denomination_text(d)),
            ContractValue::Contract(contract) => {
                let letters = denomination_text(contract.denomination).len();
                allowed(
                    text.get(1..1 + letters),
                    denomination_text(contract.denomination),
                ) && allowed(text.get(1 + letters..), contract.risk.suffix())
            }
        };
        (!fine).then(|| match value {
            ContractValue::PassedOut => "Pass".to_owned(),
            ContractValue::Trumps(d) => denomination_text(d).to_owned(),
            ContractValue::Contract(contract) => contract.to_string(),
        })
    }

    pub fn denomination(self) -> Option<Denomination> {
        match self {
            ContractValue::PassedOut => None,
            ContractValue::Contract(contract) => Some(contract.denomination),
            ContractValue::Trumps(denomination) => Some(denomination),
        }
    }
}

/// `text` without `suffix` (ASCII uppercase) at its end, written in uppercase or all in lowercase;
/// compared byte by byte, with no lowercase copy made (this runs for every Contract).
fn strip_suffix_any_case<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let at = text.len().checked_sub(suffix.len())?;
    let tail = text.get(at..)?;
    let lower = || {
        tail.bytes()
            .zip(suffix.bytes())
            .all(|(t, s)| t == s.to_ascii_lowercase())
    };
    (tail == suffix || lower()).then(|| &text[..at])
}

/// A value given for declarer, for one side, or for both (the five forms of PBN 3.4.15 and 4.2.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PerSide<T> {
    Declarer(T),
    One(Side, T),
    Both { ns: T, ew: T },
}

impl<T: Copy> PerSide<T> {
    /// Reads `v`, `NS v`, `EW v`, `NS v EW w`, `EW v NS w` with `number` for each `v`.
    pub fn parse(text: &str, number: impl Fn(&str) -> Option<T>) -> Option<PerSide<T>> {
        // PBN 2.1: superfluous spaces do not matter.
        let words: Vec<&str> = text
            .split([' ', '\t', '\u{0B}'])
            .filter(|word| !word.is_empty())
            .collect();
        match words[..] {
            [value] => Some(PerSide::Declarer(number(value)?)),
            [side, value] => Some(PerSide::One(Side::parse(side)?, number(value)?)),
            [side_a, a, side_b, b] => {
                let (a, b) = (number(a)?, number(b)?);
                match (Side::parse(side_a)?, Side::parse(side_b)?) {
                    (Side::NorthSouth, Side::EastWest) => Some(PerSide::Both { ns: a, ew: b }),
                    (Side::EastWest, Side::NorthSouth) => Some(PerSide::Both { ns: b, ew: a }),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The value for declarer's side `side`; `opposite` turns a value given for the other side
    /// into declarer's (tricks: 13 minus; points: negated).
    pub fn for_declarer(self, side: Side, opposite: impl Fn(T) -> Option<T>) -> Option<T> {
        match self {
            PerSide::Declarer(value) => Some(value),
            PerSide::One(given, value) if given == side => Some(value),
            PerSide::One(_, value) => opposite(value),
            PerSide::Both { ns, ew } => Some(if side == Side::NorthSouth { ns } else { ew }),
        }
    }
}

/// The Result tag (PBN 3.4.15): tricks, `^` when declared to differ from the play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResultValue {
    pub caret: bool,
    pub tricks: PerSide<u8>,
}

impl ResultValue {
    /// `Some(None)` is the empty value of a passed-out game.
    pub fn parse(text: &str) -> Option<Option<ResultValue>> {
        let text = unspaced(text);
        if text.is_empty() {
            return Some(None);
        }
        let (caret, rest) = match text.strip_prefix('^') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let tricks = PerSide::parse(rest, |v| unsigned(v).filter(|&n| n <= 13).map(|n| n as u8))?;
        Some(Some(ResultValue { caret, tricks }))
    }

    /// Declarer's tricks, given declarer's seat, when the value says them for certain. A
    /// two-sided Result whose numbers do not add up to `total` (`NS 9 EW 2`) says two different
    /// things (PBN 3.4.15), and which of them is wrong is not known: `None`.
    pub fn declarer_tricks(self, declarer: Seat, total: u8) -> Option<u8> {
        if let PerSide::Both { ns, ew } = self.tricks
            && u16::from(ns) + u16::from(ew) != u16::from(total)
        {
            return None;
        }
        self.tricks
            .for_declarer(Side::of(declarer), |n| total.checked_sub(n))
    }

    /// Declarer's number and the defenders' of a two-sided Result, given declarer's seat.
    pub fn both_sides(self, declarer: Seat) -> Option<(u8, u8)> {
        match self.tricks {
            PerSide::Both { ns, ew } if Side::of(declarer) == Side::NorthSouth => Some((ns, ew)),
            PerSide::Both { ns, ew } => Some((ew, ns)),
            _ => None,
        }
    }
}

/// A non-negative decimal integer without sign, at most 9 digits.
/// The largest board number that reads as one ([`unsigned`]: at most nine digits).
pub const MAX_BOARD: u64 = 999_999_999;

pub fn unsigned(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// An integer with an optional `-`, or in import format `+` (scores may be negative; PBN 4.2
/// writes signed scores, and real files put `+` before positive ones).
pub fn integer(text: &str) -> Option<i64> {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    let value: i64 = unsigned(digits)?.into();
    Some(if text.starts_with('-') { -value } else { value })
}

/// An integer or a decimal number with a decimal dot, optionally signed (PBN 4.2.2, 4.2.3).
/// Import format also takes a dot with no digits after it (`100.`), as the reference Verifier
/// does.
pub fn decimal(text: &str) -> Option<f64> {
    let digits = text
        .strip_prefix('-')
        .or_else(|| text.strip_prefix('+'))
        .unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, fraction),
        None => (digits, ""),
    };
    unsigned(whole)?;
    if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: f64 = format!("{whole}.{fraction}0").parse().ok()?;
    Some(if text.starts_with('-') { -value } else { value })
}

/// A non-negative integer, in import format with a `+` (the rubber scores of PBN 4.2.5, 4.2.6).
pub fn non_negative(text: &str) -> Option<u32> {
    unsigned(text.strip_prefix('+').unwrap_or(text))
}

/// `text` with the spaces around each `/` removed: PBN 2.1 says superfluous spaces do not
/// matter, and rubber scores are written `300 / 40` as well as `300/40`.
pub fn tight_slashes(text: &str) -> Cow<'_, str> {
    if !text.contains('/') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.split('/')
            .map(|part| part.trim_matches([' ', '\t', '\u{0B}']))
            .collect::<Vec<_>>()
            .join("/"),
    )
}

/// `above/below` (PBN 4.2.5): two non-negative integers.
pub fn rubber_score(text: &str) -> Option<(u32, u32)> {
    let (above, below) = text.split_once('/')?;
    Some((non_negative(above)?, non_negative(below)?))
}

/// `<above_previous> <above_current>/<below-1> [<below-2> [<below-3>]]` (PBN 4.2.6), in words:
/// the below-the-line scores.
pub fn rubber_history_side(words: &[&str]) -> Option<Vec<u32>> {
    let [previous, current, rest @ ..] = words else {
        return None;
    };
    non_negative(previous)?;
    let (above, first) = current.split_once('/')?;
    non_negative(above)?;
    let mut below = vec![non_negative(first)?];
    for word in rest {
        below.push(non_negative(word)?);
    }
    (below.len() <= 3).then_some(below)
}

/// `NS <history> EW <history>` (PBN 4.2.6), slashes tightened: the below-the-line scores of NS
/// and EW, or what is wrong.
pub fn rubber_history(value: &str) -> Result<(Vec<u32>, Vec<u32>), &'static str> {
    let value = tight_slashes(value);
    let words: Vec<&str> = value
        .split([' ', '\t', '\u{0B}'])
        .filter(|word| !word.is_empty())
        .collect();
    let ew_at = words.iter().position(|w| *w == "EW");
    let (Some(&"NS"), Some(ew_at)) = (words.first(), ew_at) else {
        return Err("is not `NS <history> EW <history>`");
    };
    let (ns, ew) = (
        rubber_history_side(&words[1..ew_at]),
        rubber_history_side(&words[ew_at + 1..]),
    );
    let (Some(ns), Some(ew)) = (ns, ew) else {
        return Err("has a history that is not 3 to 5 non-negative scores with one `/`");
    };
    if ns.len() != ew.len() {
        return Err("gives the two sides a different number of games");
    }
    Ok((ns, ew))
}

/// The export form of a score tag of PBN 4.2 (Score, ScoreIMP, ScoreMP, ScorePercentage,
/// ScoreRubber, ScoreRubberHistory, OptimumScore) when its value reads: one space between
/// words, none around `/`, no `+` before a number and no dot without digits after it. `None`
/// for other tags and for values that do not read.
pub fn score_export_form(name: &str, value: &str) -> Option<String> {
    // Every other tag of every game comes here: the name first, before any work on the value.
    if !is_score_name(name) {
        return None;
    }
    // Tabs are spaces (PBN 2.3), vertical ones too, as export writes them.
    let spaced: Cow<'_, str> = if value.contains(['\t', '\u{0B}']) {
        Cow::Owned(value.replace(['\t', '\u{0B}'], " "))
    } else {
        Cow::Borrowed(value)
    };
    let tight = tight_slashes(&spaced);
    if !score_reads(name, &tight) {
        return None;
    }
    let words: Vec<String> = tight
        .split(' ')
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.split('/')
                .map(|part| {
                    let part = part.strip_prefix('+').unwrap_or(part);
                    match part.strip_suffix('.') {
                        Some(whole) if !whole.is_empty() && !whole.ends_with('-') => whole,
                        _ => part,
                    }
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    Some(words.join(" "))
}

/// True when a score tag's value reads ([`score_export_form`] without building the form). Tabs
/// count as spaces.
pub fn score_valid(name: &str, value: &str) -> bool {
    if !is_score_name(name) {
        return false;
    }
    if value.contains(['\t', '\u{0B}']) {
        return score_export_form(name, value).is_some();
    }
    score_reads(name, &tight_slashes(value))
}

/// The tags whose values [`score_reads`] reads.
fn is_score_name(name: &str) -> bool {
    matches!(
        name,
        "Score"
            | "ScoreIMP"
            | "ScoreMP"
            | "ScorePercentage"
            | "ScoreRubber"
            | "ScoreRubberHistory"
            | "OptimumScore"
    )
}

/// Whether `tight` (tabs as spaces, slashes tightened) reads as the value of the score tag
/// `name`.
fn score_reads(name: &str, tight: &str) -> bool {
    match name {
        "Score" => PerSide::parse(tight, integer).is_some(),
        "ScoreIMP" | "ScoreMP" => PerSide::parse(tight, decimal).is_some(),
        "ScorePercentage" => PerSide::parse(tight, percentage).is_some(),
        "ScoreRubber" => PerSide::parse(tight, rubber_score).is_some(),
        "ScoreRubberHistory" => rubber_history(tight).is_ok(),
        "OptimumScore" => optimum_score(tight).is_ok(),
        _ => false,
    }
}

/// A percentage (PBN 4.2.4): a decimal from 0 to 100.
pub fn percentage(text: &str) -> Option<f64> {
    decimal(text).filter(|p| (0.0..=100.0).contains(p))
}

/// OptimumScore (PBN 4.2.7): `NS s`, `EW s` or both, the two opposite.
pub fn optimum_score(value: &str) -> Result<PerSide<i64>, &'static str> {
    match PerSide::parse(value, integer) {
        None | Some(PerSide::Declarer(_)) => Err("is not `NS s`, `EW s`, or both sides"),
        Some(PerSide::Both { ns, ew }) if ns != -ew => {
            Err("gives the two sides scores that are not opposite")
        }
        Some(score) => Ok(score),
    }
}

/// `YYYY.MM.DD` with `?` for unknown digits (PBN 3.4.3): what is wrong with it, if anything.
pub fn date_problem(text: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'.'
        && bytes[7] == b'.'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, &b)| i == 4 || i == 7 || b.is_ascii_digit() || b == b'?');
    if !shape_ok {
        return Some("a date is written `YYYY.MM.DD`, with `?` for unknown digits");
    }
    let field =
        |range: std::ops::Range<usize>| -> Option<u32> { text.get(range).and_then(unsigned) };
    let (year, month, day) = (field(0..4), field(5..7), field(8..10));
    if let Some(month) = month
        && !(1..=12).contains(&month)
    {
        return Some("there is no such month");
    }
    if let Some(day) = day {
        let last = match (month, year) {
            (Some(2), Some(year)) if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            (Some(2), Some(_)) => 28,
            (Some(2), None) => 29,
            (Some(4 | 6 | 9 | 11), _) => 30,
            _ => 31,
        };
        if day == 0 || day > last {
            return Some("there is no such day in that month");
        }
    }
    None
}

/// `HH:MM:SS` with `?` for unknown digits (PBN 4.5.1, like the Date tag).
pub fn time_problem(text: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 8
        && bytes[2] == b':'
        && bytes[5] == b':'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, &b)| i == 2 || i == 5 || b.is_ascii_digit() || b == b'?');
    if !shape_ok {
        return Some("a time is written `HH:MM:SS`, with colons");
    }
    let field = |range: std::ops::Range<usize>| text.get(range).and_then(unsigned);
    if field(0..2).is_some_and(|h| h > 23)
        || field(3..5).is_some_and(|m| m > 59)
        || field(6..8).is_some_and(|s| s > 60)
    {
        return Some("there is no such time of day");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts() {
        assert_eq!(
            ContractValue::parse("3ntxx"),
            Some(ContractValue::Contract(Contract {
                level: 3,
                denomination: Denomination::NoTrump,
                risk: Risk::Redoubled
            }))
        );
        assert_eq!(ContractValue::parse("pass"), Some(ContractValue::PassedOut));
        assert_eq!(
            ContractValue::parse("NT"),
            Some(ContractValue::Trumps(Denomination::NoTrump))
        );
        for bad in ["8S", "0C", "3N", "4SXXX", "", "3 NT", "4♠"] {
            assert_eq!(ContractValue::parse(bad), None, "{bad}");
        }
    }

    /// `same`: the spelling itself, or all of it in lowercase (PBN 3.11).
    #[test]
    fn same_spelling_or_lowercase() {
        for canonical in ["Pass", "NT", "XX", "S", "None", "All", ""] {
            for text in [
                canonical.to_owned(),
                canonical.to_ascii_lowercase(),
                canonical.to_ascii_uppercase(),
                format!("{canonical}x"),
                canonical.chars().rev().collect(),
                "pAss".to_owned(),
                "é".to_owned(),
            ] {
                let expected = text == canonical
                    || (text.len() == canonical.len() && text == canonical.to_ascii_lowercase());
                assert_eq!(same(&text, canonical), expected, "{text} {canonical}");
            }
        }
    }

    #[test]
    fn contract_case_of_pbn_3_11() {
        for allowed in [
            "4S", "4s", "4sX", "4Sxx", "4sXX", "3NT", "3nt", "Pass", "pass", "NT", "nt", "h",
        ] {
            assert_eq!(ContractValue::miscased(allowed), None, "{allowed}");
        }
        for (wrong, spelling) in [("4Nt", "4NT"), ("nT", "NT"), ("3nTx", "3NTX")] {
            assert_eq!(
                ContractValue::miscased(wrong).as_deref(),
                Some(spelling),
                "{wrong}"
            );
        }
    }

    #[test]
    fn results() {
        let r = ResultValue::parse("EW 4 NS 9").unwrap().unwrap();
        assert_eq!(r.declarer_tricks(Seat::South, 13), Some(9));
        assert_eq!(r.declarer_tricks(Seat::West, 13), Some(4));
        assert_eq!(r.both_sides(Seat::West), Some((4, 9)));
        // Issue 43 item 3: two numbers that contradict each other give declarer no number.
        let r = ResultValue::parse("NS 9 EW 2").unwrap().unwrap();
        assert_eq!(r.declarer_tricks(Seat::North, 13), None);
        assert_eq!(r.both_sides(Seat::North), Some((9, 2)));
        // An end position of 5 cards a hand (PBN 3.10): the numbers add up to 5.
        let r = ResultValue::parse("NS 3 EW 2").unwrap().unwrap();
        assert_eq!(r.declarer_tricks(Seat::East, 5), Some(2));
        let r = ResultValue::parse("^EW 3").unwrap().unwrap();
        assert!(r.caret);
        assert_eq!(r.declarer_tricks(Seat::North, 13), Some(10));
        assert_eq!(ResultValue::parse(""), Some(None));
        // PBN 2.1: superfluous spaces do not matter.
        assert_eq!(ResultValue::parse(" 9 "), ResultValue::parse("9"));
        for bad in ["14", "NS", "NS 5 NS 8", "-1", "+9", "EW 4 NS"] {
            assert_eq!(ResultValue::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates() {
        assert_eq!(date_problem("2024.02.29"), None);
        assert_eq!(date_problem("????.??.??"), None);
        assert_eq!(date_problem("1996.??.31"), None);
        assert!(date_problem("2023.02.29").is_some());
        assert!(date_problem("1900.02.29").is_some());
        assert!(date_problem("2023.13.01").is_some());
        assert!(date_problem("2023.04.31").is_some());
        assert!(date_problem("2023-04-01").is_some());
        assert!(date_problem("23.04.01").is_some());
    }

    #[test]
    fn times_and_numbers() {
        assert_eq!(time_problem("23:59:60"), None);
        assert!(time_problem("24:00:00").is_some());
        assert!(time_problem("12.00.00").is_some());
        assert_eq!(decimal("-12.5"), Some(-12.5));
        assert_eq!(decimal("1."), Some(1.0));
        assert_eq!(decimal("100."), Some(100.0));
        assert_eq!(decimal("+3.5"), Some(3.5));
        assert_eq!(decimal("."), None);
        assert_eq!(decimal("1.2.3"), None);
        assert_eq!(integer("-450"), Some(-450));
        assert_eq!(integer("+450"), Some(450));
        assert_eq!(integer("+-450"), None);
        assert_eq!(integer("+"), None);
    }

    /// PBN 4.2 in import format: signs, superfluous spaces and `100.` read; export writes them
    /// plainly.
    #[test]
    fn score_export_forms() {
        for (name, value, form) in [
            ("Score", "NS +550", "NS 550"),
            ("Score", "  EW   -50 ", "EW -50"),
            ("Score", "NS\t+50", "NS 50"),
            ("ScoreRubber", "NS 30\u{0B}/0", "NS 30/0"),
            ("ScoreIMP", "NS +10", "NS 10"),
            ("ScoreMP", "NS 3.5 EW 4.5", "NS 3.5 EW 4.5"),
            ("ScorePercentage", "NS 100. EW 0.", "NS 100 EW 0"),
            ("OptimumScore", "NS +400", "NS 400"),
            ("ScoreRubber", "EW 300/40 NS 50 / 70", "EW 300/40 NS 50/70"),
            (
                "ScoreRubberHistory",
                "NS 0 100 / 40 EW 50 30/0",
                "NS 0 100/40 EW 50 30/0",
            ),
        ] {
            assert_eq!(
                score_export_form(name, value).as_deref(),
                Some(form),
                "{value}"
            );
        }
        for (name, value) in [
            ("Score", "NS 5 50"),
            ("ScorePercentage", "NS 100.5"),
            ("OptimumScore", "400"),
            ("ScoreRubber", "NS 300/-40"),
            ("Score", "NS\n50"),
            ("Deal", "N:..."),
        ] {
            assert_eq!(score_export_form(name, value), None, "{value}");
        }
    }
}
