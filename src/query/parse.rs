//! The reading of a `--where` expression: a hand-written recursive-descent parser over the
//! tokens of [`super::lexer`], which checks every name, seat, strain, shape, contract and call
//! pattern as it reads, and compiles every regular expression, so that an expression that reads
//! can be judged on any board ([`super::Expr`]).

use std::ops::Range;

use super::lexer::{Lexed, Token};
use super::{
    CallPattern, Cmp, ContractPattern, Expr, HandFact, Holder, MAX_DEPTH, Num, QueryError,
    REGEX_BYTES, REGEX_CACHE_MAX, REGEX_CACHE_MIN, REGEX_CACHES, REGEX_TOTAL, TextField, TextMatch,
};
use crate::bridge::{Denomination, Rank, Seat, Suit};
use crate::model::values::{Risk, Side, Vulnerability};

/// The expression `tokens` of `source` make, or the first thing wrong with them.
pub(super) fn expression(source: &str, tokens: Vec<Lexed>) -> Result<Expr, QueryError> {
    let mut parser = Parser {
        source,
        tokens,
        at: 0,
        depth: 0,
        regex_bytes: 0,
        regex_cache: 0,
    };
    let regexes = parser
        .tokens
        .iter()
        .filter(|lexed| lexed.token == Token::Regex)
        .count();
    parser.regex_cache = (REGEX_CACHES / regexes.max(1)).clamp(REGEX_CACHE_MIN, REGEX_CACHE_MAX);
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
    Ok(expr)
}

struct Parser<'s> {
    source: &'s str,
    tokens: Vec<Lexed>,
    at: usize,
    depth: usize,
    /// What the regular expressions read so far hold, counted against [`REGEX_TOTAL`].
    regex_bytes: usize,
    /// The search cache each regular expression may grow on a thread: an equal part of
    /// [`REGEX_CACHES`].
    regex_cache: usize,
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

    fn regex(&mut self, lexed: &Lexed) -> Result<TextMatch, QueryError> {
        use regex_automata::{meta, util::syntax};
        let text = self.text(lexed);
        let close = text.rfind('/').unwrap_or(0);
        let (body, flags) = (&text[1..close], &text[close + 1..]);
        let mut case_insensitive = false;
        for flag in flags.chars() {
            match flag {
                'i' => case_insensitive = true,
                _ => {
                    return Err(QueryError::new(
                        lexed.span.start + close + 1..lexed.span.end,
                        "the one flag of a regular expression is `i` (any letter case)",
                    ));
                }
            };
        }
        let left = REGEX_TOTAL.saturating_sub(self.regex_bytes);
        let limit = REGEX_BYTES.min(left.saturating_sub(self.regex_cache));
        let refused = |why: String| {
            QueryError::new(
                lexed.span.clone(),
                format!("not a regular expression pbnfmt can use: {why}"),
            )
        };
        let too_large = || {
            refused(format!(
                "it is too large (one may compile to {} MiB, all of an expression's together to {} \
                 MiB with their search caches)",
                REGEX_BYTES >> 20,
                REGEX_TOTAL >> 20
            ))
        };
        let built = meta::Regex::builder()
            .syntax(syntax::Config::new().case_insensitive(case_insensitive))
            .configure(
                meta::Config::new()
                    .nfa_size_limit(Some(limit))
                    .onepass_size_limit(Some(limit))
                    .dfa_size_limit(Some(limit))
                    .hybrid_cache_capacity(self.regex_cache),
            )
            .build(&body.replace("\\/", "/"))
            .map_err(|error| {
                if error.size_limit().is_some() {
                    return too_large();
                }
                // The last line of the message: the syntax error's own words when there is one.
                let words = match error.syntax_error() {
                    Some(syntax) => syntax.to_string(),
                    None => error.to_string(),
                };
                let last = words.lines().last().unwrap_or("").trim();
                refused(last.trim_start_matches("error: ").to_owned())
            })?;
        let held = built.memory_usage() + self.regex_cache;
        if held > left {
            return Err(too_large());
        }
        self.regex_bytes += held;
        Ok(TextMatch::Regex(built))
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

/// The strain of a bid or contract (`S` … `NT`, and `N` as calls are written), `None` for `?`
/// (any).
fn strain_letter(text: &str) -> Option<Option<Denomination>> {
    match text {
        "?" => Some(None),
        "N" => Some(Some(Denomination::NoTrump)),
        _ => Denomination::parse(text).map(Some),
    }
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
