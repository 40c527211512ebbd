//! `--where EXPR`: a small language of bridge facts that chooses boards (issue 46, item 3), in
//! the spirit of the `.dlr` scripts of Hans van Staveren's dealer that the people who filter
//! boards already write. It asks about the cards and the record, never the text: an auction
//! pattern is matched on calls, whatever the file's spelling, line breaks, alerts and notes.
//!
//! ```text
//! hcp(north) >= 15 and shape(north, any 4333 + any 4432 + any 5332)
//! auction ~ "1NT P 2C P 2D *" and not note ~ /smolen/i
//! level >= 6 and dd(ns, notrump) >= 12 or contract ~ "?NX"
//! ```
//!
//! The grammar, loosest first: `or` (`||`), `and` (`&&`), `not` (`!`), then a comparison, a
//! test (`shape`, `hascard`, `made`) or an expression in parentheses. Numbers add and subtract.
//! A fact the board does not give (no Result, no Deal, no double-dummy tags) makes a comparison
//! false, so `not tricks >= 10` holds for a board without a Result: see
//! `docs/spec-decisions.md`. The whole language is in `docs/select.md`.
//!
//! An expression is read once, checked whole (every name known, every seat, strain, shape,
//! contract and call pattern readable, every regular expression compiled), and errors name
//! their place in it, before any file is read.

mod facts;
mod lexer;
mod parse;

use std::fmt;
use std::ops::Range;

use crate::bridge::{CallToken, Denomination, Rank, Seat, Suit};
use crate::model::values::{ContractValue, Risk, Side, Vulnerability};

pub use facts::{Board, each_board};

/// How deeply an expression may nest (parentheses, `not`, signs): deeper is refused, not a
/// stack overflow.
const MAX_DEPTH: usize = 64;

/// A regular expression may compile to at most this much (the `regex` crate's size limit): a
/// pattern such as `\w{1000}{1000}` is refused rather than allowed to exhaust memory.
const REGEX_BYTES: usize = 1 << 20;

/// All the regular expressions of one `--where` together may hold at most this much: what each
/// compiled to plus the search cache it may grow on a thread. A thousand small expressions are
/// refused here rather than taking a gigabyte (issue 63, item 10). Each further thread searching
/// adds at most [`REGEX_CACHES`].
const REGEX_TOTAL: usize = 32 << 20;

/// The search caches of an expression's regular expressions share this much per thread: each
/// gets an equal part, between [`REGEX_CACHE_MIN`] and [`REGEX_CACHE_MAX`] (the `regex` crate's
/// own default). Past its part, a search falls back to a slower engine; it never grows further.
const REGEX_CACHES: usize = 16 << 20;
const REGEX_CACHE_MIN: usize = 64 << 10;
const REGEX_CACHE_MAX: usize = 2 << 20;

/// A `--where` expression, ready to judge boards.
#[derive(Debug)]
pub struct Query {
    expr: Expr,
}

/// What is wrong with an expression, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    pub span: Range<usize>,
    pub message: String,
}

impl QueryError {
    fn new(span: Range<usize>, message: impl Into<String>) -> QueryError {
        QueryError {
            span,
            message: message.into(),
        }
    }

    /// The message, the expression and a caret line under the place: for a terminal, every
    /// character of the expression escaped ([`crate::display::escape`]).
    pub fn render(&self, source: &str) -> String {
        let shown = |text: &str| crate::display::escape_line(text).into_owned();
        let before = shown(source.get(..self.span.start).unwrap_or(source));
        let at = shown(source.get(self.span.clone()).unwrap_or(""));
        let width = |text: &str| text.chars().count();
        format!(
            "{}\n  {}\n  {}{}",
            self.message,
            shown(source),
            " ".repeat(width(&before)),
            "^".repeat(width(&at).max(1))
        )
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at characters {}-{})",
            self.message, self.span.start, self.span.end
        )
    }
}

/// A seat or a side: a side's hand facts are its two hands' together, its double-dummy tricks
/// its better declarer's.
#[derive(Clone, Copy, Debug)]
enum Holder {
    Seat(Seat),
    Side(Side),
}

impl Holder {
    fn seats(self) -> [Seat; 2] {
        match self {
            Holder::Seat(seat) => [seat, seat],
            Holder::Side(Side::NorthSouth) => [Seat::North, Seat::South],
            Holder::Side(Side::EastWest) => [Seat::East, Seat::West],
        }
    }
}

/// A fact of a hand, summed over a side's two hands.
#[derive(Clone, Copy, Debug)]
enum HandFact {
    /// Milton Work's count: A 4, K 3, Q 2, J 1.
    Hcp,
    /// A 2, K 1.
    Controls,
    /// The losing-trick count: in each suit, the top honours (A, K, Q) missing among the first
    /// one, two or three cards, as long as the suit is.
    Losers,
    Length(Suit),
}

#[derive(Debug)]
enum Num {
    Const(i64),
    Board,
    Level,
    Tricks,
    Result,
    Score,
    Par,
    Hand(HandFact, Holder),
    Dd(Holder, Denomination),
    Add(Box<Num>, Box<Num>),
    Sub(Box<Num>, Box<Num>),
    Neg(Box<Num>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// Where a text comes from.
#[derive(Debug)]
enum TextField {
    Tag(String),
    Notes,
}

#[derive(Debug)]
enum TextMatch {
    /// `==`: the same text, spaces around it aside.
    Exact(String),
    /// `~ "text"`: contains it, in any letter case.
    Contains(String),
    /// `~ /re/`.
    Regex(regex_automata::meta::Regex),
}

impl TextMatch {
    fn matches(&self, text: &str) -> bool {
        match self {
            TextMatch::Exact(want) => text.trim() == want,
            TextMatch::Contains(want) => text.to_lowercase().contains(want.as_str()),
            TextMatch::Regex(re) => re.is_match(text),
        }
    }
}

/// A contract pattern: `4S`, `6?`, `?NT`, `3NX`, `Pass`. `None` parts match anything; a risk
/// of `None` matches any risk.
#[derive(Clone, Copy, Debug)]
enum ContractPattern {
    PassedOut,
    Contract {
        level: Option<u8>,
        denomination: Option<Denomination>,
        risk: Option<Risk>,
    },
}

impl ContractPattern {
    fn matches(self, contract: ContractValue) -> bool {
        match (self, contract) {
            (ContractPattern::PassedOut, ContractValue::PassedOut) => true,
            (
                ContractPattern::Contract {
                    level,
                    denomination,
                    risk,
                },
                ContractValue::Contract(c),
            ) => {
                level.is_none_or(|l| l == c.level)
                    && denomination.is_none_or(|d| d == c.denomination)
                    && risk.is_none_or(|r| r == c.risk)
            }
            _ => false,
        }
    }
}

/// One element of an auction pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CallPattern {
    Pass,
    Double,
    Redouble,
    /// A bid; `None` parts match any level or denomination (`?H`, `2?`).
    Bid(Option<u8>, Option<Denomination>),
    /// `?`: any one call.
    One,
    /// `*`: any calls, none included.
    Any,
    /// `AP`: one pass or more, to the end.
    AllPass,
}

impl CallPattern {
    fn matches(self, call: CallToken) -> bool {
        match (self, call) {
            (CallPattern::Pass, CallToken::Pass)
            | (CallPattern::Double, CallToken::Double)
            | (CallPattern::Redouble, CallToken::Redouble)
            | (CallPattern::One, _) => true,
            (
                CallPattern::Bid(level, denomination),
                CallToken::Bid {
                    level: l,
                    denomination: d,
                },
            ) => level.is_none_or(|level| level == l) && denomination.is_none_or(|den| den == d),
            _ => false,
        }
    }
}

#[derive(Debug)]
enum Expr {
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    Compare(Num, Cmp, Num),
    Seat {
        declarer: bool,
        seat: Seat,
        equal: bool,
    },
    Vul {
        vul: Vulnerability,
        equal: bool,
    },
    Strain {
        strain: Option<Denomination>,
        equal: bool,
    },
    Contract {
        pattern: ContractPattern,
        equal: bool,
    },
    Auction {
        from: Option<Seat>,
        pattern: Vec<CallPattern>,
        equal: bool,
    },
    Text {
        field: TextField,
        pattern: TextMatch,
        equal: bool,
    },
    Shape {
        seat: Seat,
        include: Vec<([Option<u8>; 4], bool)>,
        exclude: Vec<([Option<u8>; 4], bool)>,
    },
    HasCard(Seat, Suit, Rank),
    Made,
}

impl Query {
    /// Reads `source`; an error names the place that is wrong.
    pub fn parse(source: &str) -> Result<Query, QueryError> {
        let tokens = lexer::tokens(source).map_err(|span| {
            let what = source.get(span.clone()).unwrap_or("");
            let message = match what.chars().next() {
                Some('"' | '\'') => "this string has no closing quote".to_owned(),
                Some('/') => "this regular expression has no closing `/`".to_owned(),
                _ => format!(
                    "`{}` has no meaning here",
                    crate::display::escape(
                        what.get(..what.chars().next().map_or(0, char::len_utf8))
                            .unwrap_or("")
                    )
                ),
            };
            QueryError::new(span, message)
        })?;
        Ok(Query {
            expr: parse::expression(source, tokens)?,
        })
    }

    /// Whether `board` is chosen.
    pub fn matches(&self, board: &Board<'_>) -> bool {
        self.expr.holds(board)
    }
}

impl Expr {
    fn holds(&self, board: &Board<'_>) -> bool {
        match self {
            Expr::Or(parts) => parts.iter().any(|part| part.holds(board)),
            Expr::And(parts) => parts.iter().all(|part| part.holds(board)),
            Expr::Not(inner) => !inner.holds(board),
            Expr::Compare(a, cmp, b) => match (a.value(board), b.value(board)) {
                (Some(a), Some(b)) => cmp.holds(a, b),
                _ => false,
            },
            Expr::Seat {
                declarer,
                seat,
                equal,
            } => {
                let given = if *declarer {
                    board.declarer()
                } else {
                    board.dealer()
                };
                given.is_some_and(|given| (given == *seat) == *equal)
            }
            Expr::Vul { vul, equal } => board
                .vulnerability()
                .is_some_and(|given| (given == *vul) == *equal),
            Expr::Strain { strain, equal } => {
                let given = match board.contract() {
                    Some(ContractValue::Contract(c)) => Some(c.denomination),
                    Some(ContractValue::Trumps(d)) => Some(d),
                    Some(ContractValue::PassedOut) => None,
                    None => return false,
                };
                (given == *strain) == *equal
            }
            Expr::Contract { pattern, equal } => board
                .contract()
                .is_some_and(|contract| pattern.matches(contract) == *equal),
            Expr::Auction {
                from,
                pattern,
                equal,
            } => board.calls().is_some_and(|calls| {
                let start = match from {
                    Some(seat) => calls
                        .iter()
                        .position(|(s, _)| s == seat)
                        .unwrap_or(calls.len()),
                    None => 0,
                };
                glob(pattern, &calls[start..]) == *equal
            }),
            Expr::Text {
                field,
                pattern,
                equal,
            } => match field {
                TextField::Tag(name) => board
                    .tag(name)
                    .is_some_and(|value| pattern.matches(value) == *equal),
                TextField::Notes => board.notes().any(|note| pattern.matches(note)) == *equal,
            },
            Expr::Shape {
                seat,
                include,
                exclude,
            } => board.hand(*seat).is_some_and(|hand| {
                let lengths = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
                    .map(|suit| hand.cards.length(suit));
                let fits =
                    |(pattern, any): &([Option<u8>; 4], bool)| shape_fits(*pattern, *any, lengths);
                include.iter().any(fits) && !exclude.iter().any(fits)
            }),
            Expr::HasCard(seat, suit, rank) => board.hand(*seat).is_some_and(|hand| {
                hand.cards
                    .iter()
                    .any(|card| card.suit == *suit && card.rank == *rank)
            }),
            Expr::Made => board.result().is_some_and(|result| result >= 0),
        }
    }
}

impl Num {
    fn value(&self, board: &Board<'_>) -> Option<i64> {
        match self {
            Num::Const(n) => Some(*n),
            Num::Board => board.board_number(),
            Num::Level => match board.contract()? {
                ContractValue::PassedOut => Some(0),
                ContractValue::Contract(c) => Some(i64::from(c.level)),
                ContractValue::Trumps(_) => None,
            },
            Num::Tricks => board.tricks(),
            Num::Result => board.result(),
            Num::Score => board.score(),
            Num::Par => board.par(),
            Num::Hand(fact, holder) => {
                let [a, b] = holder.seats();
                let one = |seat| board.hand(seat).map(|hand| hand_fact(*fact, hand));
                match holder {
                    Holder::Seat(_) => one(a),
                    Holder::Side(_) => Some(one(a)? + one(b)?),
                }
            }
            Num::Dd(holder, denomination) => {
                let [a, b] = holder.seats();
                Some(
                    board
                        .dd_tricks(a, *denomination)?
                        .max(board.dd_tricks(b, *denomination)?),
                )
            }
            Num::Add(a, b) => a.value(board)?.checked_add(b.value(board)?),
            Num::Sub(a, b) => a.value(board)?.checked_sub(b.value(board)?),
            Num::Neg(a) => a.value(board)?.checked_neg(),
        }
    }
}

/// Milton Work's count of `cards`: A 4, K 3, Q 2, J 1.
pub fn hcp(cards: crate::model::deal::Cards) -> u8 {
    cards
        .iter()
        .map(|card| card.rank.value().saturating_sub(10))
        .sum()
}

/// The losing-trick count of a hand: in each suit, of its first one, two or three cards (as long
/// as the suit is), the top honours (A, K, Q) it does not hold. A void has none; `Kx` one; `Qxx`
/// two; `AKQ…` none.
pub fn losers(cards: crate::model::deal::Cards) -> u8 {
    [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
        .into_iter()
        .map(|suit| {
            let counted = cards.length(suit).min(3);
            // Of the first `counted` honours (A 14, K 13, Q 12), those held are no losers.
            let honours = cards
                .iter()
                .filter(|card| card.suit == suit && card.rank.value() + counted > 14)
                .count() as u8;
            counted - honours
        })
        .sum()
}

fn hand_fact(fact: HandFact, hand: &crate::model::deal::Hand) -> i64 {
    match fact {
        HandFact::Length(suit) => i64::from(hand.cards.length(suit)),
        HandFact::Hcp => i64::from(hcp(hand.cards)),
        HandFact::Controls => hand
            .cards
            .iter()
            .map(|card| i64::from(card.rank.value().saturating_sub(12)))
            .sum(),
        HandFact::Losers => i64::from(losers(hand.cards)),
    }
}

/// Whether suit lengths (spades, hearts, diamonds, clubs) fit a shape; `any`: in some order.
fn shape_fits(pattern: [Option<u8>; 4], any: bool, lengths: [u8; 4]) -> bool {
    let fits =
        |order: [usize; 4]| (0..4).all(|i| pattern[i].is_none_or(|want| want == lengths[order[i]]));
    if !any {
        return fits([0, 1, 2, 3]);
    }
    PERMUTATIONS.iter().any(|&order| fits(order))
}

const PERMUTATIONS: [[usize; 4]; 24] = [
    [0, 1, 2, 3],
    [0, 1, 3, 2],
    [0, 2, 1, 3],
    [0, 2, 3, 1],
    [0, 3, 1, 2],
    [0, 3, 2, 1],
    [1, 0, 2, 3],
    [1, 0, 3, 2],
    [1, 2, 0, 3],
    [1, 2, 3, 0],
    [1, 3, 0, 2],
    [1, 3, 2, 0],
    [2, 0, 1, 3],
    [2, 0, 3, 1],
    [2, 1, 0, 3],
    [2, 1, 3, 0],
    [2, 3, 0, 1],
    [2, 3, 1, 0],
    [3, 0, 1, 2],
    [3, 0, 2, 1],
    [3, 1, 0, 2],
    [3, 1, 2, 0],
    [3, 2, 0, 1],
    [3, 2, 1, 0],
];

/// Whether `calls` are `pattern`, whole: `*` any calls, `?` one, `AP` passes to the end.
///
/// A pattern is a regular language over calls (`*` is "any call, any number of times", `AP`
/// "pass, once or more, last"), matched as one: the set of pattern positions that the calls so
/// far can reach is carried call by call (Thompson's simulation of the pattern's automaton), so
/// every way a `*` can stretch is tried at once, in time the product of the two lengths, with no
/// backtracking that could miss one (`"* 4? AP"` against `1S P 4C P 4S AP`).
fn glob(pattern: &[CallPattern], calls: &[(Seat, CallToken)]) -> bool {
    let len = pattern.len();
    // reached[p]: the calls so far match `pattern[..p]`, closed over `*` matching no call.
    let mut reached = vec![false; len + 1];
    let mut next = vec![false; len + 1];
    let close = |set: &mut [bool]| {
        for p in 0..len {
            if set[p] && pattern[p] == CallPattern::Any {
                set[p + 1] = true;
            }
        }
    };
    reached[0] = true;
    close(&mut reached);
    for &(_, call) in calls {
        next.fill(false);
        for p in (0..len).filter(|&p| reached[p]) {
            match pattern[p] {
                CallPattern::Any => next[p] = true,
                // One pass or more: this pass may end the pattern or be followed by more.
                CallPattern::AllPass if call == CallToken::Pass => {
                    next[p] = true;
                    next[p + 1] = true;
                }
                CallPattern::AllPass => {}
                element if element.matches(call) => next[p + 1] = true,
                _ => {}
            }
        }
        close(&mut next);
        std::mem::swap(&mut reached, &mut next);
        if !reached.contains(&true) {
            return false;
        }
    }
    // `AP` is last: reaching the end after it means the passes ran to the end.
    reached[len]
}

#[cfg(test)]
mod tests;
