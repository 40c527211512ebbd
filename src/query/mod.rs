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

use std::fmt;
use std::ops::Range;

use crate::bridge::{CallToken, Denomination, Rank, Seat, Suit};
use crate::model::values::{ContractValue, Risk, Side, Vulnerability};

pub use facts::{Board, each_board};
use lexer::{Lexed, Token};

/// How deeply an expression may nest (parentheses, `not`, signs): deeper is refused, not a
/// stack overflow.
const MAX_DEPTH: usize = 64;

/// A regular expression may compile to at most this much (the `regex` crate's size limit): a
/// pattern such as `\w{1000}{1000}` is refused rather than allowed to exhaust memory.
const REGEX_BYTES: usize = 1 << 20;

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
    Regex(regex::Regex),
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
        let mut parser = Parser {
            source,
            tokens,
            at: 0,
            depth: 0,
        };
        if parser.tokens.is_empty() {
            return Err(QueryError::new(0..source.len(), "the expression is empty"));
        }
        let expr = parser.or()?;
        if let Some(extra) = parser.tokens.get(parser.at) {
            return Err(QueryError::new(
                extra.span.clone(),
                "expected `and`, `or` or the end of the expression",
            ));
        }
        Ok(Query { expr })
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
                let calls: Vec<CallToken> = calls[start..].iter().map(|(_, c)| *c).collect();
                glob(pattern, &calls) == *equal
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
                    .map(|suit| suit_length(hand, suit));
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

fn suit_length(hand: &crate::model::deal::Hand, suit: Suit) -> u8 {
    hand.cards.iter().filter(|card| card.suit == suit).count() as u8
}

fn hand_fact(fact: HandFact, hand: &crate::model::deal::Hand) -> i64 {
    let ranks = |suit: Suit| -> Vec<u8> {
        hand.cards
            .iter()
            .filter(|card| card.suit == suit)
            .map(|card| card.rank.value())
            .collect()
    };
    let suits = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    match fact {
        HandFact::Length(suit) => i64::from(suit_length(hand, suit)),
        HandFact::Hcp => hand
            .cards
            .iter()
            .map(|card| i64::from(card.rank.value().saturating_sub(10)))
            .sum(),
        HandFact::Controls => hand
            .cards
            .iter()
            .map(|card| i64::from(card.rank.value().saturating_sub(12)))
            .sum(),
        HandFact::Losers => suits
            .into_iter()
            .map(|suit| {
                let held = ranks(suit);
                let counted = held.len().min(3);
                // Of the first `counted` honours (A, K, Q), those held are no losers.
                let honours = [14, 13, 12][..counted]
                    .iter()
                    .filter(|rank| held.contains(rank))
                    .count();
                (counted - honours) as i64
            })
            .sum(),
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

/// Whether `calls` are `pattern`, whole: `*` any calls, `?` one, `AP` passes to the end. The
/// usual two-finger glob match, which backtracks only to the last `*`: time at most the
/// product of the two lengths.
fn glob(pattern: &[CallPattern], calls: &[CallToken]) -> bool {
    let (mut p, mut c) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while c < calls.len() {
        match pattern.get(p) {
            Some(CallPattern::AllPass) => {
                return p + 1 == pattern.len()
                    && calls[c..].iter().all(|call| *call == CallToken::Pass);
            }
            Some(CallPattern::Any) => {
                star = Some((p, c));
                p += 1;
                continue;
            }
            Some(element) if element.matches(calls[c]) => {
                p += 1;
                c += 1;
                continue;
            }
            _ => {}
        }
        match star {
            Some((star_p, star_c)) => {
                p = star_p + 1;
                c = star_c + 1;
                star = Some((star_p, star_c + 1));
            }
            None => return false,
        }
    }
    // The calls are used up: what is left of the pattern must match nothing.
    pattern[p.min(pattern.len())..]
        .iter()
        .all(|element| *element == CallPattern::Any)
}

struct Parser<'s> {
    source: &'s str,
    tokens: Vec<Lexed>,
    at: usize,
    depth: usize,
}

/// The names an expression knows, for the message about one it does not.
const KNOWN: &str = "board, dealer, vul, contract, level, strain, declarer, tricks, result, made, \
                     score, par, auction, note, tag(\"Name\"), event, site, date, hcp(…), \
                     spades(…), hearts(…), diamonds(…), clubs(…), controls(…), losers(…), \
                     shape(…), hascard(…), dd(…)";

impl Parser<'_> {
    fn peek(&self) -> Option<&Lexed> {
        self.tokens.get(self.at)
    }

    fn text(&self, lexed: &Lexed) -> &str {
        &self.source[lexed.span.clone()]
    }

    /// The place just after the last token: where a missing one would be.
    fn end_span(&self) -> Range<usize> {
        let end = self.tokens.last().map_or(0, |l| l.span.end);
        end..end
    }

    fn next(&mut self, what: &str) -> Result<Lexed, QueryError> {
        match self.tokens.get(self.at) {
            Some(lexed) => {
                self.at += 1;
                Ok(lexed.clone())
            }
            None => Err(QueryError::new(
                self.end_span(),
                format!("the expression ends where {what} should follow"),
            )),
        }
    }

    fn expect(&mut self, token: Token, what: &str) -> Result<Lexed, QueryError> {
        let lexed = self.next(what)?;
        if lexed.token != token {
            return Err(QueryError::new(lexed.span, format!("expected {what}")));
        }
        Ok(lexed)
    }

    /// Whether the next token is the word `word` (any case); taken if so.
    fn word_is(&mut self, word: &str) -> bool {
        let yes = self
            .peek()
            .is_some_and(|l| l.token == Token::Word && self.text(l).eq_ignore_ascii_case(word));
        if yes {
            self.at += 1;
        }
        yes
    }

    fn take(&mut self, token: Token) -> bool {
        let yes = self.peek().is_some_and(|l| l.token == token);
        if yes {
            self.at += 1;
        }
        yes
    }

    fn deeper(&mut self, span: Range<usize>) -> Result<(), QueryError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(QueryError::new(
                span,
                format!("the expression nests deeper than {MAX_DEPTH} levels"),
            ));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<Expr, QueryError> {
        self.joined(Token::Or, "or", Self::and, Expr::Or)
    }

    fn and(&mut self) -> Result<Expr, QueryError> {
        self.joined(Token::And, "and", Self::unary, Expr::And)
    }

    /// `part`s joined by `token` or `word`, as `all` of them (one part alone as itself).
    fn joined(
        &mut self,
        token: Token,
        word: &str,
        part: fn(&mut Self) -> Result<Expr, QueryError>,
        all: fn(Vec<Expr>) -> Expr,
    ) -> Result<Expr, QueryError> {
        let mut parts = vec![part(self)?];
        while self.take(token) || self.word_is(word) {
            parts.push(part(self)?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            all(parts)
        })
    }

    fn unary(&mut self) -> Result<Expr, QueryError> {
        let span = self.peek().map_or(self.end_span(), |l| l.span.clone());
        if self.take(Token::Not) || self.word_is("not") {
            self.deeper(span)?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Not(Box::new(inner)));
        }
        if self.take(Token::Open) {
            self.deeper(span)?;
            let inner = self.or()?;
            self.depth -= 1;
            self.expect(Token::Close, "`)`")?;
            return Ok(inner);
        }
        self.predicate()
    }

    /// A comparison or a test.
    fn predicate(&mut self) -> Result<Expr, QueryError> {
        let first = self.next("a comparison such as `hcp(north) >= 15`")?;
        if first.token == Token::Word {
            let name = self.text(&first).to_ascii_lowercase();
            match name.as_str() {
                "dealer" | "declarer" => {
                    let equal = self.equality(&first)?;
                    let seat = self.seat()?;
                    return Ok(Expr::Seat {
                        declarer: name == "declarer",
                        seat,
                        equal,
                    });
                }
                "vul" | "vulnerable" | "vulnerability" => {
                    let equal = self.equality(&first)?;
                    let value = self.next("a vulnerability")?;
                    let Some(vul) = Vulnerability::parse(self.unquoted(&value)) else {
                        return Err(QueryError::new(
                            value.span,
                            "not a vulnerability: none, ns, ew or all",
                        ));
                    };
                    return Ok(Expr::Vul { vul, equal });
                }
                "strain" | "denomination" => {
                    let equal = self.equality(&first)?;
                    let value = self.next("a strain")?;
                    let word = self.unquoted(&value).to_owned();
                    let strain = if word.eq_ignore_ascii_case("pass") {
                        None
                    } else {
                        Some(strain(&word).ok_or_else(|| {
                            QueryError::new(
                                value.span,
                                "not a strain: spades, hearts, diamonds, clubs or notrump",
                            )
                        })?)
                    };
                    return Ok(Expr::Strain { strain, equal });
                }
                "contract" => {
                    let op = self.next("`~` or `==` and a contract")?;
                    let equal = !matches!(op.token, Token::Ne | Token::NotMatch);
                    let exact = matches!(op.token, Token::Eq | Token::Ne);
                    if !exact && !matches!(op.token, Token::Match | Token::NotMatch) {
                        return Err(QueryError::new(
                            op.span,
                            "a contract is compared with `~`, `!~`, `==` or `!=`",
                        ));
                    }
                    let value = self.next("a contract")?;
                    let pattern =
                        contract_pattern(self.unquoted(&value), exact).ok_or_else(|| {
                            QueryError::new(
                                value.span.clone(),
                                "not a contract: a level 1-7 or `?`, a strain (C, D, H, S, NT or \
                                 `?`), then X or XX; or Pass",
                            )
                        })?;
                    return Ok(Expr::Contract { pattern, equal });
                }
                "auction" => {
                    let from = if self.take(Token::Open) {
                        let seat = self.seat()?;
                        self.expect(Token::Close, "`)`")?;
                        Some(seat)
                    } else {
                        None
                    };
                    let op = self.next("`~` and a pattern of calls")?;
                    let equal = match op.token {
                        Token::Match | Token::Eq => true,
                        Token::NotMatch | Token::Ne => false,
                        _ => {
                            return Err(QueryError::new(
                                op.span,
                                "an auction is matched with `~` or `!~` and a pattern of calls",
                            ));
                        }
                    };
                    let value = self.next("a pattern of calls")?;
                    if value.token != Token::Str {
                        return Err(QueryError::new(
                            value.span,
                            "a pattern of calls is written in quotes: \"1NT P 2C P *\"",
                        ));
                    }
                    let pattern = self.calls(&value)?;
                    return Ok(Expr::Auction {
                        from,
                        pattern,
                        equal,
                    });
                }
                "note" | "notes" => return self.text_test(TextField::Notes),
                "event" | "site" | "date" | "room" | "stage" | "scoring" => {
                    let mut tag = name.clone();
                    tag[..1].make_ascii_uppercase();
                    return self.text_test(TextField::Tag(tag));
                }
                "tag" => {
                    self.expect(Token::Open, "`(` and a tag name")?;
                    let value = self.next("a tag name")?;
                    let tag = self.unquoted(&value).to_owned();
                    if !crate::names::is_tag_name(&tag) {
                        return Err(QueryError::new(
                            value.span,
                            "not a tag name: an upper-case letter, then letters, digits and `_`",
                        ));
                    }
                    self.expect(Token::Close, "`)`")?;
                    return self.text_test(TextField::Tag(tag));
                }
                "made" => return Ok(Expr::Made),
                "shape" => return self.shape(),
                "hascard" => {
                    self.expect(Token::Open, "`(`")?;
                    let seat = self.seat()?;
                    self.expect(Token::Comma, "`,` and a card such as AS")?;
                    let value = self.next("a card such as AS")?;
                    let (suit, rank) = card(self.unquoted(&value)).ok_or_else(|| {
                        QueryError::new(
                            value.span.clone(),
                            "not a card: a rank (AKQJT98765432) and a suit (SHDC), such as AS",
                        )
                    })?;
                    self.expect(Token::Close, "`)`")?;
                    return Ok(Expr::HasCard(seat, suit, rank));
                }
                _ => {}
            }
        }
        self.at -= 1;
        let left = self.sum()?;
        let op = self.next("a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)")?;
        let cmp = match op.token {
            Token::Eq => Cmp::Eq,
            Token::Ne => Cmp::Ne,
            Token::Lt => Cmp::Lt,
            Token::Le => Cmp::Le,
            Token::Gt => Cmp::Gt,
            Token::Ge => Cmp::Ge,
            _ => {
                return Err(QueryError::new(
                    op.span,
                    "expected a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)",
                ));
            }
        };
        let right = self.sum()?;
        Ok(Expr::Compare(left, cmp, right))
    }

    /// `==` (true) or `!=` (false) after `field`.
    fn equality(&mut self, field: &Lexed) -> Result<bool, QueryError> {
        let op = self.next("`==` or `!=`")?;
        match op.token {
            Token::Eq | Token::Match => Ok(true),
            Token::Ne | Token::NotMatch => Ok(false),
            _ => Err(QueryError::new(
                op.span,
                format!(
                    "`{}` is compared with `==` or `!=`",
                    self.text(field).to_ascii_lowercase()
                ),
            )),
        }
    }

    /// A word, or a string without its quotes and escapes.
    fn unquoted<'a>(&'a self, lexed: &Lexed) -> &'a str {
        let text = self.text(lexed);
        match lexed.token {
            Token::Str => &text[1..text.len() - 1],
            _ => text,
        }
    }

    /// A string's content with its escapes resolved.
    fn string(&self, lexed: &Lexed) -> String {
        let mut out = String::new();
        let mut chars = self.unquoted(lexed).chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        out
    }

    fn seat(&mut self) -> Result<Seat, QueryError> {
        let value = self.next("a seat")?;
        match self.holder_of(&value) {
            Some(Holder::Seat(seat)) => Ok(seat),
            _ => Err(QueryError::new(
                value.span,
                "not a seat: north, east, south or west (n, e, s, w)",
            )),
        }
    }

    fn holder_of(&self, lexed: &Lexed) -> Option<Holder> {
        let word = self.unquoted(lexed).to_ascii_lowercase();
        Some(match word.as_str() {
            "n" | "north" => Holder::Seat(Seat::North),
            "e" | "east" => Holder::Seat(Seat::East),
            "s" | "south" => Holder::Seat(Seat::South),
            "w" | "west" => Holder::Seat(Seat::West),
            "ns" => Holder::Side(Side::NorthSouth),
            "ew" => Holder::Side(Side::EastWest),
            _ => return None,
        })
    }

    fn holder(&mut self) -> Result<Holder, QueryError> {
        let value = self.next("a seat or a side")?;
        self.holder_of(&value).ok_or_else(|| {
            QueryError::new(
                value.span,
                "not a seat or a side: north, east, south, west (n, e, s, w), ns or ew",
            )
        })
    }

    /// `~ "text"`, `~ /re/i`, `== "text"` and their negations, after a text field.
    fn text_test(&mut self, field: TextField) -> Result<Expr, QueryError> {
        let op = self.next("`~` and a text or a /regular expression/")?;
        let (equal, exact) = match op.token {
            Token::Match => (true, false),
            Token::NotMatch => (false, false),
            Token::Eq => (true, true),
            Token::Ne => (false, true),
            _ => {
                return Err(QueryError::new(
                    op.span,
                    "a text is compared with `~`, `!~`, `==` or `!=`",
                ));
            }
        };
        let value = self.next("a text or a /regular expression/")?;
        let pattern = match (value.token, exact) {
            (Token::Str, true) => TextMatch::Exact(self.string(&value).trim().to_owned()),
            (Token::Str, false) => TextMatch::Contains(self.string(&value).to_lowercase()),
            (Token::Regex, false) => self.regex(&value)?,
            _ => {
                return Err(QueryError::new(
                    value.span,
                    "expected a text in quotes (or, after `~`, a /regular expression/)",
                ));
            }
        };
        Ok(Expr::Text {
            field,
            pattern,
            equal,
        })
    }

    fn regex(&self, lexed: &Lexed) -> Result<TextMatch, QueryError> {
        let text = self.text(lexed);
        let close = text.rfind('/').unwrap_or(0);
        let (body, flags) = (&text[1..close], &text[close + 1..]);
        let mut builder = regex::RegexBuilder::new(&body.replace("\\/", "/"));
        builder.size_limit(REGEX_BYTES).dfa_size_limit(REGEX_BYTES);
        for flag in flags.chars() {
            match flag {
                'i' => builder.case_insensitive(true),
                _ => {
                    return Err(QueryError::new(
                        lexed.span.start + close + 1..lexed.span.end,
                        "the one flag of a regular expression is `i` (any letter case)",
                    ));
                }
            };
        }
        builder.build().map(TextMatch::Regex).map_err(|error| {
            let why = match error {
                regex::Error::CompiledTooBig(_) => "it is too large".to_owned(),
                error => error
                    .to_string()
                    .lines()
                    .last()
                    .unwrap_or("")
                    .trim()
                    .trim_start_matches("error: ")
                    .to_owned(),
            };
            QueryError::new(
                lexed.span.clone(),
                format!("not a regular expression pbnfmt can use: {why}"),
            )
        })
    }

    /// The calls of an auction pattern in `lexed`, a string.
    fn calls(&self, lexed: &Lexed) -> Result<Vec<CallPattern>, QueryError> {
        let inside = self.unquoted(lexed);
        let base = lexed.span.start + 1;
        let mut out = Vec::new();
        let mut offset = 0;
        for word in inside.split_inclusive([' ', '\t', '\n', '\r', ',']) {
            let start = offset;
            offset += word.len();
            let word = word.trim_end_matches([' ', '\t', '\n', '\r', ',']);
            if word.is_empty() {
                continue;
            }
            let span = base + start..base + start + word.len();
            let element = call_pattern(word).ok_or_else(|| {
                QueryError::new(
                    span.clone(),
                    "not a call: a bid (1C … 7NT, `?` for any level or strain), P, X, XX, AP, \
                     `?` for any one call or `*` for any calls",
                )
            })?;
            if out.last() == Some(&CallPattern::AllPass) {
                return Err(QueryError::new(
                    span,
                    "`AP` ends an auction: nothing follows it",
                ));
            }
            out.push(element);
        }
        if out.is_empty() {
            return Err(QueryError::new(
                lexed.span.clone(),
                "the pattern has no call",
            ));
        }
        Ok(out)
    }

    /// `shape(seat, any 4333 + 5xxx - any 7xxx)`.
    fn shape(&mut self) -> Result<Expr, QueryError> {
        self.expect(Token::Open, "`(`")?;
        let seat = self.seat()?;
        self.expect(Token::Comma, "`,` and a shape such as any 4333")?;
        let (mut include, mut exclude) = (Vec::new(), Vec::new());
        let mut adding = true;
        loop {
            let any = self.word_is("any");
            let value = self.next("a shape such as 4333 or 5xxx")?;
            let pattern = shape_pattern(self.unquoted(&value)).ok_or_else(|| {
                QueryError::new(
                    value.span.clone(),
                    "not a shape: four lengths of spades, hearts, diamonds and clubs, each a \
                     digit or x, adding up to 13 when none is x (4333, 5xxx)",
                )
            })?;
            if adding {
                include.push((pattern, any));
            } else {
                exclude.push((pattern, any));
            }
            if self.take(Token::Plus) {
                adding = true;
            } else if self.take(Token::Minus) {
                adding = false;
            } else {
                break;
            }
        }
        self.expect(Token::Close, "`)`, `+` or `-`")?;
        if include.is_empty() {
            return Err(QueryError::new(
                self.end_span(),
                "a shape needs one to match",
            ));
        }
        Ok(Expr::Shape {
            seat,
            include,
            exclude,
        })
    }

    fn sum(&mut self) -> Result<Num, QueryError> {
        let mut left = self.term()?;
        loop {
            if self.take(Token::Plus) {
                left = Num::Add(Box::new(left), Box::new(self.term()?));
            } else if self.take(Token::Minus) {
                left = Num::Sub(Box::new(left), Box::new(self.term()?));
            } else {
                return Ok(left);
            }
        }
    }

    fn term(&mut self) -> Result<Num, QueryError> {
        let first = self.next("a number or a fact such as hcp(north)")?;
        if first.token == Token::Minus {
            self.deeper(first.span)?;
            let inner = self.term()?;
            self.depth -= 1;
            return Ok(Num::Neg(Box::new(inner)));
        }
        if first.token != Token::Word {
            return Err(QueryError::new(
                first.span,
                "expected a number or a fact such as hcp(north)",
            ));
        }
        let word = self.text(&first).to_ascii_lowercase();
        if word.bytes().all(|b| b.is_ascii_digit()) {
            return word
                .parse::<i64>()
                .map(Num::Const)
                .map_err(|_| QueryError::new(first.span, "this number is too large"));
        }
        let field = match word.as_str() {
            "board" => Some(Num::Board),
            "level" => Some(Num::Level),
            "tricks" => Some(Num::Tricks),
            "result" => Some(Num::Result),
            "score" => Some(Num::Score),
            "par" => Some(Num::Par),
            _ => None,
        };
        if let Some(field) = field {
            return Ok(field);
        }
        let fact = match word.as_str() {
            "hcp" => Some(HandFact::Hcp),
            "controls" => Some(HandFact::Controls),
            "losers" => Some(HandFact::Losers),
            "spades" => Some(HandFact::Length(Suit::Spades)),
            "hearts" => Some(HandFact::Length(Suit::Hearts)),
            "diamonds" => Some(HandFact::Length(Suit::Diamonds)),
            "clubs" => Some(HandFact::Length(Suit::Clubs)),
            _ => None,
        };
        if let Some(fact) = fact {
            self.expect(Token::Open, "`(` and a seat or a side")?;
            let holder = self.holder()?;
            self.expect(Token::Close, "`)`")?;
            return Ok(Num::Hand(fact, holder));
        }
        if word == "dd" {
            self.expect(Token::Open, "`(` and a seat or a side")?;
            let holder = self.holder()?;
            self.expect(Token::Comma, "`,` and a strain")?;
            let value = self.next("a strain")?;
            let denomination = strain(self.unquoted(&value)).ok_or_else(|| {
                QueryError::new(
                    value.span.clone(),
                    "not a strain: spades, hearts, diamonds, clubs or notrump",
                )
            })?;
            self.expect(Token::Close, "`)`")?;
            return Ok(Num::Dd(holder, denomination));
        }
        Err(QueryError::new(
            first.span.clone(),
            format!(
                "`{}` is not a fact pbnfmt knows: {KNOWN}",
                crate::display::escape(self.text(&first))
            ),
        ))
    }
}

/// `spades`, `s`, `♠`… `notrump`, `nt`, `n`.
fn strain(word: &str) -> Option<Denomination> {
    Some(match word.to_ascii_lowercase().as_str() {
        "s" | "spade" | "spades" | "♠" => Denomination::Spades,
        "h" | "heart" | "hearts" | "♥" => Denomination::Hearts,
        "d" | "diamond" | "diamonds" | "♦" => Denomination::Diamonds,
        "c" | "club" | "clubs" | "♣" => Denomination::Clubs,
        "n" | "nt" | "notrump" | "notrumps" => Denomination::NoTrump,
        _ => return None,
    })
}

/// The strain of a bid or contract in upper case (`S` … `NT`), `None` for `?` (any).
fn strain_letter(text: &str) -> Option<Option<Denomination>> {
    Some(match text {
        "?" => None,
        "N" | "NT" => Some(Denomination::NoTrump),
        "S" => Some(Denomination::Spades),
        "H" => Some(Denomination::Hearts),
        "D" => Some(Denomination::Diamonds),
        "C" => Some(Denomination::Clubs),
        _ => return None,
    })
}

/// A contract pattern; with `exact`, no risk means undoubled (`==`), else any risk (`~`).
fn contract_pattern(text: &str, exact: bool) -> Option<ContractPattern> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Some(ContractPattern::PassedOut);
    }
    let upper = text.to_ascii_uppercase();
    let (level, rest) = match upper.as_bytes().first()? {
        b'?' => (None, &upper[1..]),
        digit @ b'1'..=b'7' => (Some(digit - b'0'), &upper[1..]),
        _ => return None,
    };
    let (rest, risk) = if let Some(rest) = rest.strip_suffix("XX") {
        (rest, Some(Risk::Redoubled))
    } else if let Some(rest) = rest.strip_suffix('X') {
        (rest, Some(Risk::Doubled))
    } else {
        (rest, exact.then_some(Risk::Undoubled))
    };
    let denomination = strain_letter(rest)?;
    Some(ContractPattern::Contract {
        level,
        denomination,
        risk,
    })
}

/// One word of an auction pattern; an alert mark (`!`) after it is no part of the call.
fn call_pattern(word: &str) -> Option<CallPattern> {
    let word = word.trim_end_matches('!').to_ascii_uppercase();
    Some(match word.as_str() {
        "*" => CallPattern::Any,
        "?" => CallPattern::One,
        "P" | "PASS" => CallPattern::Pass,
        "X" | "D" | "DBL" => CallPattern::Double,
        "XX" | "R" | "RDBL" => CallPattern::Redouble,
        "AP" => CallPattern::AllPass,
        _ => {
            let level = match word.as_bytes().first()? {
                b'?' => None,
                digit @ b'1'..=b'7' => Some(digit - b'0'),
                _ => return None,
            };
            let denomination = strain_letter(&word[1..])?;
            CallPattern::Bid(level, denomination)
        }
    })
}

/// `4333`, `5xxx`: lengths of spades, hearts, diamonds, clubs, `None` for `x`.
fn shape_pattern(word: &str) -> Option<[Option<u8>; 4]> {
    let bytes = word.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let mut out = [None; 4];
    for (slot, &byte) in out.iter_mut().zip(bytes) {
        *slot = match byte {
            b'0'..=b'9' => Some(byte - b'0'),
            b'x' | b'X' => None,
            _ => return None,
        };
    }
    let given: u8 = out.iter().flatten().sum();
    let open = out.iter().any(Option::is_none);
    (given == 13 || (open && given <= 13)).then_some(out)
}

/// `AS` or `SA`: the suit and rank of a card.
fn card(word: &str) -> Option<(Suit, Rank)> {
    let bytes = word.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let read = |suit: u8, rank: u8| {
        Some((
            Suit::from_letter(suit.to_ascii_uppercase())?,
            Rank::from_letter(rank.to_ascii_uppercase())?,
        ))
    };
    read(bytes[1], bytes[0]).or_else(|| read(bytes[0], bytes[1]))
}

#[cfg(test)]
mod tests;
