//! Par from a double-dummy table, without a solver (PBN 4.2.7: "computed by comparing all
//! possible (doubled) contracts, including all passes"; the table of PBN 5.7).
//!
//! Par is the outcome of an auction in which both sides know every card: the sides bid in
//! turn, the dealer's side first; each may pass or name any higher contract; a contract that
//! fails is doubled, one that makes is not. The value of a final contract to its declaring side
//! is its duplicate score (Law 77) with the tricks of the side's better declarer in its
//! denomination. The auction is solved exactly by minimax over the 35 contracts and the side to
//! bid (70 states), so no rule of thumb about sacrifices is needed. Ties go to passing, then to
//! the lowest contract.

use crate::bridge::{Denomination, Seat};
use crate::model::duplicate::duplicate_score;
use crate::model::values::{Contract, ContractValue, Risk, Side, Vulnerability};

pub use crate::model::double_dummy::Tricks;

/// The par of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    /// The score for North-South (East-West's is its negation).
    pub ns: i64,
    /// Every par contract, lowest first (by level, then clubs to notrump): the contracts in which
    /// the auction of both sides knowing every card can end with this score. Empty when the deal
    /// is passed out.
    pub contracts: Vec<ParContract>,
}

/// One par contract: who declares it, the contract, doubled when it fails, and the declarer's
/// tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParContract {
    pub side: Side,
    /// The one seat of the side that takes `tricks` here, or `None` when both do (`NS 4S=`
    /// against `N 4S=`).
    pub seat: Option<Seat>,
    pub level: u8,
    pub denomination: Denomination,
    pub doubled: bool,
    pub tricks: u8,
}

fn side_index(side: Side) -> usize {
    match side {
        Side::NorthSouth => 0,
        Side::EastWest => 1,
    }
}

/// A par score for the side that gains it: `NS 620`, `EW 140`.
pub fn score_words(ns: i64) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

impl ParContract {
    /// `1♠+2 by North-South`: the contract with its result, its strain and the sides' names
    /// (North-South's, East-West's) as the caller writes them; a seat by its name's letter
    /// (`4♥ by E`) when only that seat of the side makes it.
    pub fn words(&self, strain: &str, sides: [&str; 2]) -> String {
        let by = match self.seat {
            Some(seat) => seat.letter().to_string(),
            None => sides[side_index(self.side)].to_owned(),
        };
        format!(
            "{}{strain}{}{} by {by}",
            self.level,
            if self.doubled { "X" } else { "" },
            self.result_text(),
        )
    }

    /// Its result as ParContract writes it: `+2` for overtricks, `-1` down, nothing when made
    /// exactly (par names the lowest contract that scores it, which may make overtricks).
    pub fn result_text(&self) -> String {
        match i32::from(self.tricks) - i32::from(self.level) - 6 {
            0 => String::new(),
            over if over > 0 => format!("+{over}"),
            under => under.to_string(),
        }
    }

    /// As a ParContract value writes it: `NS 4S=`, `E 4HX-1`, `NS 3NT+1`.
    pub fn value_text(&self) -> String {
        let who = match self.seat {
            Some(seat) => seat.letter().to_string(),
            None => self.side.name().to_owned(),
        };
        let result = match self.result_text() {
            r if r.is_empty() => "=".to_owned(),
            r => r,
        };
        format!(
            "{who} {}{}{}{result}",
            self.level,
            crate::bridge::denomination_text(self.denomination),
            if self.doubled { "X" } else { "" }
        )
    }
}

impl Par {
    /// The par contracts as a ParContract value: `EW 5C=; EW 5D=`, `Pass` for a pass-out.
    pub fn contracts_text(&self) -> String {
        if self.contracts.is_empty() {
            return "Pass".to_owned();
        }
        let texts: Vec<String> = self.contracts.iter().map(ParContract::value_text).collect();
        texts.join("; ")
    }
}

const SIDES: [Side; 2] = [Side::NorthSouth, Side::EastWest];

fn seats(side: Side) -> (Seat, Seat) {
    match side {
        Side::NorthSouth => (Seat::North, Seat::South),
        Side::EastWest => (Seat::East, Seat::West),
    }
}

/// The tricks of `side`'s better declarer in `denomination`.
fn side_tricks(tricks: &Tricks, side: Side, denomination: Denomination) -> u8 {
    let (a, b) = seats(side);
    let d = denomination as usize;
    tricks[a as usize][d].max(tricks[b as usize][d])
}

/// The score for `side` of its contract (level, denomination, doubled or not) played by its
/// better declarer, with the tricks of the table.
fn side_score(
    tricks: &Tricks,
    vulnerable: Vulnerability,
    side: Side,
    (level, denomination, risk): (u8, Denomination, Risk),
) -> i64 {
    duplicate_score(
        level,
        denomination,
        risk,
        vulnerable.is_vulnerable(side),
        side_tricks(tricks, side, denomination),
    )
}

/// Contract `c` (0 = 1C … 34 = 7NT) for `side`: its score for the side, and the contract.
fn outcome(tricks: &Tricks, vulnerable: Vulnerability, c: usize, side: Side) -> (i64, ParContract) {
    let level = (c / 5 + 1) as u8;
    let denomination = Denomination::ALL[c % 5];
    let won = side_tricks(tricks, side, denomination);
    let doubled = won < level + 6;
    let risk = if doubled {
        Risk::Doubled
    } else {
        Risk::Undoubled
    };
    let score = side_score(tricks, vulnerable, side, (level, denomination, risk));
    let (a, b) = seats(side);
    let d = denomination as usize;
    let seat = match tricks[a as usize][d].cmp(&tricks[b as usize][d]) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(a),
        std::cmp::Ordering::Less => Some(b),
    };
    let contract = ParContract {
        side,
        seat,
        level,
        denomination,
        doubled,
        tricks: won,
    };
    (score, contract)
}

/// The par of a deal whose double-dummy tricks are `tricks`, the dealer's side bidding first
/// (DDS's `DealerPar`).
///
/// The score is the value of the auction as a game: the sides bid in turn, the dealer's side
/// first; each may pass or name any higher contract; a contract that fails is doubled. It is
/// solved exactly by minimax over the 35 contracts and the side to bid (70 states).
///
/// The contracts are every final contract of that game: for each side and strain, the lowest
/// level that scores par and over which the other side cannot gain by bidding on. So a making
/// contract is named at the lowest level the opponents cannot profitably compete over (`1♠+2`
/// when they can do nothing, `3♠=` when they would sacrifice over 2♠), and a sacrifice at the
/// cheapest level that outbids the opponents' best (`5♥X-2` over 4♠).
pub fn par(tricks: &Tricks, vulnerable: Vulnerability, dealer: Seat) -> Par {
    let scores: Vec<[(i64, ParContract); 2]> = (0..35)
        .map(|c| SIDES.map(|side| outcome(tricks, vulnerable, c, side)))
        .collect();
    // value[c][s]: the best the side `s` to bid can get (its own score), the last bid being
    // contract `c` by the other side. Solved from the top contract down.
    let mut value = [[0i64; 2]; 35];
    for c in (0..35).rev() {
        for s in 0..2 {
            let other = 1 - s;
            // Passing leaves the other side in contract `c`; or bid any higher contract.
            let pass = -scores[c][other].0;
            value[c][s] = value
                .iter()
                .skip(c + 1)
                .map(|after| -after[other])
                .fold(pass, i64::max);
        }
    }
    // The opening: the sides speak in turn from the dealer's; four passes pass the deal out.
    // Each seat opens, or passes and leaves the rest of the opening to the seats after it.
    let open = |s: usize| -> i64 {
        value
            .iter()
            .map(|after| -after[1 - s])
            .max()
            .unwrap_or(i64::MIN)
    };
    let first = side_index(Side::of(dealer));
    let mut speaking = 0;
    // From the fourth seat back to the dealer: the value to the seat's side of the rest.
    for passes in (0..4).rev() {
        let s = if passes % 2 == 0 { first } else { 1 - first };
        speaking = open(s).max(-speaking);
    }
    let ns = if first == 0 { speaking } else { -speaking };
    let mut contracts = Vec::new();
    // A contract never scores 0: par 0 is the pass-out.
    if ns != 0 {
        let makes = |c: usize, s: usize| !scores[c][s].1.doubled;
        // The lowest contract side `s` can name over every contract the other side makes: the
        // other side would bid the highest of them. The same contract only where a seat of `s`
        // that makes it speaks before every seat of the other side that does, in turn from the
        // dealer (DDS's `DealerPar`).
        let turn = |seat: Seat| (seat as usize + 4 - dealer as usize) % 4;
        // The first seat of side `s` to speak that makes contract `c`; with `best`, that takes
        // the side's most tricks in its strain (the declarer of the side's contract).
        let first_making = |c: usize, s: usize, best: bool| {
            let (a, b) = seats(SIDES[s]);
            let need = (c / 5 + 7) as u8;
            let most = side_tricks(tricks, SIDES[s], Denomination::ALL[c % 5]);
            [a, b]
                .into_iter()
                .map(|seat| (seat, tricks[seat as usize][c % 5]))
                .filter(|&(_, won)| won >= need && (!best || won == most))
                .map(|(seat, _)| turn(seat))
                .min()
        };
        let lowest_over = |s: usize| match (0..35).rev().find(|&c| makes(c, 1 - s)) {
            None => 0,
            Some(c) if makes(c, s) && first_making(c, s, true) < first_making(c, 1 - s, false) => c,
            Some(c) => c + 1,
        };
        for s in 0..2 {
            let par_for_s = if s == 0 { ns } else { -ns };
            let other = 1 - s;
            // Making par: over every contract the other side makes. A sacrifice: over the other
            // side's best contract, named at the level it makes (DDS: the cheapest contract that
            // outbids the opponents' best).
            let start = if par_for_s > 0 {
                lowest_over(s)
            } else {
                let from = lowest_over(other);
                let best = (from..35)
                    .filter(|&c| makes(c, other))
                    .map(|c| scores[c][other].0)
                    .max();
                let target = (from..35)
                    .filter(|&c| makes(c, other) && (c + 5 >= 35 || !makes(c + 5, other)))
                    .filter(|&c| Some(scores[c][other].0) == best)
                    .min();
                // The same contract, doubled, where the sacrificing seat speaks before the
                // other side's declarer would name it.
                let before = |c: usize| {
                    let most = |side: usize| {
                        let (a, b) = seats(SIDES[side]);
                        let best = side_tricks(tricks, SIDES[side], Denomination::ALL[c % 5]);
                        [a, b]
                            .into_iter()
                            .filter(|&seat| tricks[seat as usize][c % 5] == best)
                            .map(turn)
                            .min()
                    };
                    most(s) < most(other)
                };
                match target {
                    None => 35,
                    Some(c) if before(c) => c,
                    Some(c) => c + 1,
                }
            };
            lowest_finals(&scores, &value, s, par_for_s, start, &mut contracts);
        }
        if contracts.is_empty() {
            // Where DDS's conventions name nothing, the final contracts of the game itself: a
            // par score is never printed without a contract.
            for s in 0..2 {
                let par_for_s = if s == 0 { ns } else { -ns };
                lowest_finals(&scores, &value, s, par_for_s, 0, &mut contracts);
            }
        }
        contracts.sort_by_key(|c| (c.level, c.denomination as usize));
    }
    Par { ns, contracts }
}

/// Side `s`'s final contracts ([`final_at`]) from contract `start` up, each at the lowest level
/// from `start` that is final in its strain, pushed onto `contracts`.
fn lowest_finals(
    scores: &[[(i64, ParContract); 2]],
    value: &[[i64; 2]; 35],
    s: usize,
    par_for_s: i64,
    start: usize,
    contracts: &mut Vec<ParContract>,
) {
    for c in start..35 {
        let lower_is_final = (c % 5..c)
            .step_by(5)
            .filter(|&lower| lower >= start)
            .any(|lower| final_at(scores, value, lower, s, par_for_s));
        if final_at(scores, value, c, s, par_for_s) && !lower_is_final {
            contracts.push(scores[c][s].1);
        }
    }
}

/// Whether contract `c` by side `s` is a final contract of the par auction worth `par_for_s` to
/// the side: it scores that, and the other side, to speak over it, does strictly worse by
/// bidding on than by passing. (Where bidding on only comes back to the same score, the contract
/// is not where a par auction ends: a sacrifice of 1NT doubled over which the other side would
/// bid its game and be sacrificed against again is not par; the sacrifice over the game is.)
fn final_at(
    scores: &[[(i64, ParContract); 2]],
    value: &[[i64; 2]; 35],
    c: usize,
    s: usize,
    par_for_s: i64,
) -> bool {
    let score = scores[c][s].0;
    let passing = -score;
    // The other side bids a higher contract, and `s` speaks next.
    let bidding_on = value.iter().skip(c + 1).map(|after| -after[s]).max();
    score == par_for_s && bidding_on.is_none_or(|best| best < passing)
}

/// The par a board shows (`show`, `handrecord`, `select`'s `par`, JSON lines): one function, so
/// that every command says the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Par for North-South: the table's when the board has a double-dummy table, a vulnerability
    /// and a dealer; else the file's OptimumScore.
    pub ns: i64,
    /// Every par contract of the table; `None` without a table (the score is the file's).
    pub contracts: Option<Vec<ParContract>>,
    /// The file's OptimumScore where it contradicts the table (H004): the table's par is shown,
    /// and the commands warn.
    pub contradicted: Option<i64>,
}

/// [`Shown`] from the file's OptimumScore (`given`, for North-South) and the board's table,
/// vulnerability and dealer; `None` when neither gives a par.
pub fn shown(
    given: Option<i64>,
    tricks: Option<&Tricks>,
    vulnerable: Option<Vulnerability>,
    dealer: Option<Seat>,
) -> Option<Shown> {
    match (tricks, vulnerable, dealer) {
        (Some(tricks), Some(vulnerable), Some(dealer)) => {
            let par = par(tricks, vulnerable, dealer);
            Some(Shown {
                ns: par.ns,
                contradicted: given.filter(|&given| given != par.ns),
                contracts: Some(par.contracts),
            })
        }
        _ => given.map(|ns| Shown {
            ns,
            contracts: None,
            contradicted: None,
        }),
    }
}

impl Shown {
    /// `Par NS 620 (4♠ by N-S)`, `Par EW 400 (5♣ by E-W, 5♦ by E-W)`, `Par 0 (Pass)`: the score
    /// and every contract, the strain written by `strain`, the sides named by `sides`
    /// (North-South's, East-West's).
    pub fn line(&self, strain: &dyn Fn(Denomination) -> String, sides: [&str; 2]) -> String {
        let (score, contracts) = self.parts(strain, sides);
        if contracts.is_empty() {
            score
        } else {
            format!("{score} ({})", contracts.join(", "))
        }
    }

    /// The parts of [`Shown::line`]: the score (`Par NS 620`), and each contract (`4♠ by N-S`;
    /// `Pass` for a board passed out), none where only the score is known. A page that lays
    /// the line out keeps each part whole.
    pub fn parts(
        &self,
        strain: &dyn Fn(Denomination) -> String,
        sides: [&str; 2],
    ) -> (String, Vec<String>) {
        let score = if self.ns == 0 {
            "0".to_owned()
        } else {
            score_words(self.ns)
        };
        let contracts = match &self.contracts {
            None => Vec::new(),
            Some(contracts) if contracts.is_empty() => vec!["Pass".to_owned()],
            Some(contracts) => contracts
                .iter()
                .map(|c| c.words(&strain(c.denomination), sides))
                .collect(),
        };
        (format!("Par {score}"), contracts)
    }

    /// The warning for a file whose OptimumScore contradicts its table, if it does.
    pub fn warning(&self, board: &str) -> Option<String> {
        self.contradicted.map(|given| {
            format!(
                "board {board}: the file's OptimumScore ({}) is not the par of its double-dummy \
                 table ({}, H004): the table's par is printed",
                score_words(given),
                score_words(self.ns)
            )
        })
    }
}

/// The contracts of a file's ParContract (`NS 4S=`, `N 4S=; S 4S=`, `EW 5CX-2`, `Pass`) when every
/// one of them scores `par` (the table's, for North-South) with the table's `tricks` and says a
/// result the table gives: what a hand record prints in place of the table's list, since the
/// producer chose them (one seat, one strain). `None` when one does not read, or disagrees.
pub fn file_contracts(
    value: &str,
    tricks: &Tricks,
    vulnerable: Vulnerability,
    par: i64,
) -> Option<Vec<ParContract>> {
    let items: Vec<&str> = value
        .split(';')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .collect();
    if items.is_empty() {
        return None;
    }
    if items.len() == 1 && items[0].eq_ignore_ascii_case("Pass") {
        return (par == 0).then(Vec::new);
    }
    let mut contracts = Vec::with_capacity(items.len());
    for item in items {
        if read_par_contract(item, tricks, vulnerable) != ParRead::Score(par) {
            return None;
        }
        let mut words = item.split_whitespace();
        let named = ParItem::read(&mut words)?;
        if words.next().is_some() || named.contract.risk == Risk::Redoubled {
            return None;
        }
        let c = named.contract;
        contracts.push(ParContract {
            side: named.side,
            seat: named.seat,
            level: c.level,
            denomination: c.denomination,
            doubled: c.risk == Risk::Doubled,
            // The declarer's tricks: the table's (the result, when written, says the same: it was
            // read against them above).
            tricks: named.table_tricks(tricks),
        });
    }
    Some(contracts)
}

/// The score of `contract` (as `ParContract` spells it, `4SX` by `side`) for North-South, with the
/// tricks of the table: for a ParContract tag.
pub fn contract_score(
    tricks: &Tricks,
    vulnerable: Vulnerability,
    side: Side,
    level: u8,
    denomination: Denomination,
    risk: Risk,
) -> i64 {
    let score = side_score(tricks, vulnerable, side, (level, denomination, risk));
    match side {
        Side::NorthSouth => score,
        Side::EastWest => -score,
    }
}

/// One contract of a ParContract value (`NS 4S=`, `N 3N+1`, `EW 5DX-2`): who declares it, the
/// contract, and the result written after it. The one reader of an item, for the check of the
/// tag ([`read_par_contract`]) and the hand record's line ([`file_contracts`]).
struct ParItem {
    side: Side,
    /// The seat named (`N`), or `None` for a side (`NS`).
    seat: Option<Seat>,
    contract: Contract,
    /// The result after the contract: `Some(None)` for none, `Some(Some(n))` for `=` (0), `+n`
    /// or `-n`, `None` for a result that does not read.
    over: Option<Option<i8>>,
}

impl ParItem {
    /// The item of the next words.
    fn read<'a>(words: &mut impl Iterator<Item = &'a str>) -> Option<ParItem> {
        let first = words.next()?;
        ParItem::after(first, words)
    }

    /// The item whose first word (the side or seat) is `first`, the contract following in
    /// `words`.
    fn after<'a>(first: &str, words: &mut impl Iterator<Item = &'a str>) -> Option<ParItem> {
        let (side, seat) = match first {
            w if w.eq_ignore_ascii_case("NS") => (Side::NorthSouth, None),
            w if w.eq_ignore_ascii_case("EW") => (Side::EastWest, None),
            "N" => (Side::NorthSouth, Some(Seat::North)),
            "S" => (Side::NorthSouth, Some(Seat::South)),
            "E" => (Side::EastWest, Some(Seat::East)),
            "W" => (Side::EastWest, Some(Seat::West)),
            _ => return None,
        };
        let contract = words.next()?;
        let end = contract.find(['=', '+', '-']).unwrap_or(contract.len());
        // Producers spell a ParContract as they spell calls: `3N` for 3NT (Bridge Composer, LBC).
        let named = ContractValue::parse(&contract[..end]).or_else(|| {
            crate::model::loose::contract(&contract[..end])
                .and_then(|reading| ContractValue::parse(&reading.spelling))
        });
        let Some(ContractValue::Contract(contract_named)) = named else {
            return None;
        };
        let over = match &contract[end..] {
            "" => Some(None),
            "=" => Some(Some(0)),
            rest => match rest.split_at(1) {
                ("+", n) => n.parse::<i8>().ok().filter(|n| (1..=6).contains(n)),
                ("-", n) => n
                    .parse::<i8>()
                    .ok()
                    .filter(|n| (1..=13).contains(n))
                    .map(|n| -n),
                _ => None,
            }
            .map(Some),
        };
        Some(ParItem {
            side,
            seat,
            contract: contract_named,
            over,
        })
    }

    /// The declarer's tricks in the contract's strain by the table: the seat's, or the side's
    /// better declarer's.
    fn table_tricks(&self, tricks: &Tricks) -> u8 {
        match self.seat {
            Some(seat) => tricks[seat as usize][self.contract.denomination as usize],
            None => side_tricks(tricks, self.side, self.contract.denomination),
        }
    }
}

/// A ParContract value (`NS 4S=`, `EW 5DX-2`, `N 3N+1`, `Pass`) read against a table's tricks.
#[derive(Debug, PartialEq)]
pub enum ParRead {
    /// Its score for North-South: the first contract it names, with the table's tricks (0 for a
    /// deal passed out).
    Score(i64),
    /// Its result (`=`, `+1`, `-2`) gives the declarer `said` tricks; the table gives `table`.
    WrongResult { said: u8, table: u8 },
    /// Not a ParContract pbnfmt can read.
    Unreadable,
}

/// [`ParRead`] of a ParContract `value` with the table's `tricks` at `vulnerable`. The result is
/// judged for the seat named (`N 3N=`), or the side's better declarer (`NS 3N=`), as par is.
pub fn read_par_contract(value: &str, tricks: &Tricks, vulnerable: Vulnerability) -> ParRead {
    let mut words = value.split([' ', ',', ';']).filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return ParRead::Unreadable;
    };
    if first.eq_ignore_ascii_case("Pass") {
        return ParRead::Score(0);
    }
    let Some(named) = ParItem::after(first, &mut words) else {
        return ParRead::Unreadable;
    };
    let c = named.contract;
    let Some(over) = named.over else {
        return ParRead::Unreadable;
    };
    if let Some(over) = over {
        let table = named.table_tricks(tricks);
        let said = i16::from(c.level) + 6 + i16::from(over);
        if !(0..=13).contains(&said) {
            return ParRead::Unreadable;
        }
        if said != i16::from(table) {
            return ParRead::WrongResult {
                said: said as u8,
                table,
            };
        }
    }
    ParRead::Score(contract_score(
        tricks,
        vulnerable,
        named.side,
        c.level,
        c.denomination,
        c.risk,
    ))
}

#[cfg(test)]
mod tests;
