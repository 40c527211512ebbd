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
use crate::model::values::{ContractValue, Risk, Side, Vulnerability};

pub use crate::model::double_dummy::Tricks;

/// The par of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Par {
    /// The score for North-South (East-West's is its negation).
    pub ns: i64,
    /// The final contract: the declaring side, level, denomination, doubled when it fails, and
    /// the side's tricks; `None` when the deal is passed out.
    pub contract: Option<ParContract>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParContract {
    pub side: Side,
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
    /// (North-South's, East-West's) as the caller writes them.
    pub fn words(&self, strain: &str, sides: [&str; 2]) -> String {
        format!(
            "{}{strain}{}{} by {}",
            self.level,
            if self.doubled { "X" } else { "" },
            self.result_text(),
            sides[side_index(self.side)]
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
}

const SIDES: [Side; 2] = [Side::NorthSouth, Side::EastWest];

/// The tricks of `side`'s better declarer in `denomination`.
fn side_tricks(tricks: &Tricks, side: Side, denomination: Denomination) -> u8 {
    let (a, b) = match side {
        Side::NorthSouth => (Seat::North, Seat::South),
        Side::EastWest => (Seat::East, Seat::West),
    };
    let d = denomination as usize;
    tricks[a as usize][d].max(tricks[b as usize][d])
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
    let score = duplicate_score(
        level,
        denomination,
        risk,
        vulnerable.is_vulnerable(side),
        won,
    );
    let contract = ParContract {
        side,
        level,
        denomination,
        doubled,
        tricks: won,
    };
    (score, contract)
}

/// The par of a deal whose double-dummy tricks are `tricks`.
pub fn par(tricks: &Tricks, vulnerable: Vulnerability, dealer: Seat) -> Par {
    let scores: Vec<[(i64, ParContract); 2]> = (0..35)
        .map(|c| SIDES.map(|side| outcome(tricks, vulnerable, c, side)))
        .collect();
    // value[c][s]: the best the side `s` to bid can get (its own score), the last bid being
    // contract `c` by the other side. Solved from the top contract down.
    let mut value = [[0i64; 2]; 35];
    let mut choice = [[None::<usize>; 2]; 35];
    for c in (0..35).rev() {
        for s in 0..2 {
            let other = 1 - s;
            // Passing leaves the other side in contract `c`.
            let mut best = -scores[c][other].0;
            let mut chosen = None;
            for (higher, after) in value.iter().enumerate().skip(c + 1) {
                let v = -after[other];
                if v > best {
                    best = v;
                    chosen = Some(higher);
                }
            }
            value[c][s] = best;
            choice[c][s] = chosen;
        }
    }
    // The opening: the dealer's side first; two passes in a row pass the deal out.
    let first = side_index(Side::of(dealer));
    let open = |s: usize| -> (i64, Option<usize>) {
        let mut best = i64::MIN;
        let mut chosen = None;
        for (c, after) in value.iter().enumerate() {
            let v = -after[1 - s];
            if v > best {
                best = v;
                chosen = Some(c);
            }
        }
        (best, chosen)
    };
    // The opening: the sides speak in turn from the dealer's; four passes pass the deal out.
    // Each seat opens, or passes and leaves the rest of the opening to the seats after it.
    fn speak(
        passes: usize,
        s: usize,
        open: &dyn Fn(usize) -> (i64, Option<usize>),
    ) -> (i64, Option<(usize, usize)>) {
        let (opened, at) = open(s);
        let (after, line) = if passes == 3 {
            (0, None)
        } else {
            let (v, line) = speak(passes + 1, 1 - s, open);
            (-v, line)
        };
        if opened > after {
            (opened, at.map(|c| (c, s)))
        } else {
            (after, line)
        }
    }
    let (first_value, mut line) = speak(0, first, &open);
    // Follow the line to its final contract.
    let mut last = None;
    while let Some((c, s)) = line {
        last = Some((c, s));
        line = choice[c][1 - s].map(|higher| (higher, 1 - s));
    }
    let ns = if first == 0 {
        first_value
    } else {
        -first_value
    };
    Par {
        ns,
        contract: last.map(|(c, s)| scores[c][s].1),
    }
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
    let won = side_tricks(tricks, side, denomination);
    let score = duplicate_score(
        level,
        denomination,
        risk,
        vulnerable.is_vulnerable(side),
        won,
    );
    match side {
        Side::NorthSouth => score,
        Side::EastWest => -score,
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
    let (side, seat) = match first {
        w if w.eq_ignore_ascii_case("NS") => (Side::NorthSouth, None),
        w if w.eq_ignore_ascii_case("EW") => (Side::EastWest, None),
        "N" => (Side::NorthSouth, Some(Seat::North)),
        "S" => (Side::NorthSouth, Some(Seat::South)),
        "E" => (Side::EastWest, Some(Seat::East)),
        "W" => (Side::EastWest, Some(Seat::West)),
        _ => return ParRead::Unreadable,
    };
    let Some(contract) = words.next() else {
        return ParRead::Unreadable;
    };
    let end = contract.find(['=', '+', '-']).unwrap_or(contract.len());
    // Producers spell a ParContract as they spell calls: `3N` for 3NT (Bridge Composer, LBC).
    let named = ContractValue::parse(&contract[..end]).or_else(|| {
        crate::model::loose::contract(&contract[..end])
            .and_then(|reading| ContractValue::parse(&reading.spelling))
    });
    let Some(ContractValue::Contract(c)) = named else {
        return ParRead::Unreadable;
    };
    // The result after the contract: made exactly, with overtricks, or down.
    let over: Option<i8> = match &contract[end..] {
        "" => None,
        "=" => Some(0),
        rest => match rest.split_at(1) {
            ("+", n) => n.parse::<i8>().ok().filter(|n| (1..=6).contains(n)),
            ("-", n) => n
                .parse::<i8>()
                .ok()
                .filter(|n| (1..=13).contains(n))
                .map(|n| -n),
            _ => None,
        }
        .map(Some)
        .unwrap_or(Some(i8::MIN)),
    };
    if over == Some(i8::MIN) {
        return ParRead::Unreadable;
    }
    if let Some(over) = over {
        let d = c.denomination as usize;
        let table = match seat {
            Some(seat) => tricks[seat as usize][d],
            None => side_tricks(tricks, side, c.denomination),
        };
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
        side,
        c.level,
        c.denomination,
        c.risk,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The par of the table of N, E, S, W rows of C, D, H, S, NT: its score for North-South and
    /// final contract (side, level, denomination, doubled).
    fn par_of(
        rows: [[u8; 5]; 4],
        vulnerable: Vulnerability,
        dealer: Seat,
    ) -> (i64, (Side, u8, Denomination, bool)) {
        let par = par(&rows, vulnerable, dealer);
        let c = par
            .contract
            .expect("a contract: the deal is not passed out");
        (par.ns, (c.side, c.level, c.denomination, c.doubled))
    }

    /// Deals whose par is known, each with what it shows: the tricks per declarer (N, E, S, W)
    /// and strain (C, D, H, S, NT), the vulnerability, the dealer, and the par.
    #[test]
    fn the_par_of_known_deals() {
        type Par = (i64, (Side, u8, Denomination, bool));
        let known: [(&str, [[u8; 5]; 4], Vulnerability, Par); 2] = [
            (
                // LBC 2026-01-26 board 1: NS make 12 tricks in spades and diamonds, EW 8 in
                // hearts.
                "a slam nobody can sacrifice against",
                [
                    [6, 12, 5, 12, 7],
                    [7, 1, 8, 1, 1],
                    [6, 12, 5, 12, 7],
                    [7, 1, 8, 1, 1],
                ],
                Vulnerability::None,
                (980, (Side::NorthSouth, 6, Denomination::Spades, false)),
            ),
            (
                // NS make 4S (10 tricks, vulnerable: 620); EW not vulnerable make 9 tricks in
                // hearts: over 4S they must bid 5H, two down doubled for 300, better than -620;
                // NS cannot make 5S.
                "a cheap sacrifice",
                [
                    [3, 3, 4, 10, 6],
                    [8, 8, 9, 3, 5],
                    [3, 3, 4, 10, 6],
                    [8, 8, 9, 3, 5],
                ],
                Vulnerability::NorthSouth,
                (300, (Side::EastWest, 5, Denomination::Hearts, true)),
            ),
        ];
        for (what, rows, vulnerable, expected) in known {
            assert_eq!(par_of(rows, vulnerable, Seat::North), expected, "{what}");
        }
    }

    #[test]
    fn nobody_making_anything_is_a_pass_out() {
        let tricks = [[6; 5]; 4];
        assert_eq!(par(&tricks, Vulnerability::All, Seat::East).ns, 0);
    }

    #[test]
    fn when_both_sides_make_the_same_the_dealer_side_bids_it_first() {
        // Seven tricks in notrump for either side: the side that speaks first takes 1NT.
        let tricks = [[6, 6, 6, 6, 7]; 4];
        assert_eq!(par(&tricks, Vulnerability::None, Seat::North).ns, 90);
        assert_eq!(par(&tricks, Vulnerability::None, Seat::West).ns, -90);
    }
}

#[cfg(test)]
mod par_contract_tests {
    use super::{ParRead, read_par_contract};
    use crate::model::values::Vulnerability;

    /// Issue 44 item 17: a ParContract's result part is judged against the tricks, `Pass` is a
    /// score of 0, and a value that does not read is said to be so.
    #[test]
    fn a_par_contract_is_read_whole() {
        // LBC 2026-01-26 board 1 (`rules::dd`'s pairs): N and S take 12 tricks in spades, 5 in
        // hearts; par NS 980 (6S=), nobody vulnerable.
        let tricks = crate::model::double_dummy::read_digits("7c5c67c5c61181711817").unwrap();
        let none = Vulnerability::parse("None").unwrap();
        let read = |value: &str| read_par_contract(value, &tricks, none);
        assert_eq!(read("NS 6S="), ParRead::Score(980));
        assert_eq!(read("N 6S="), ParRead::Score(980));
        assert_eq!(read("NS 6S"), ParRead::Score(980));
        assert_eq!(
            read("NS 6S+1"),
            ParRead::WrongResult {
                said: 13,
                table: 12
            }
        );
        assert_eq!(
            read("NS 4S+1"),
            ParRead::WrongResult {
                said: 11,
                table: 12
            }
        );
        assert_eq!(read("NS 4HX-2"), ParRead::WrongResult { said: 8, table: 5 });
        assert_eq!(read("NS 4HX-5"), ParRead::Score(-1100));
        assert_eq!(read("Pass"), ParRead::Score(0));
        // `N` for notrump, as Bridge Composer writes it: N and S take 7 tricks in notrump.
        assert_eq!(read("NS 1N="), ParRead::Score(90));
        assert_eq!(read("NS 3N="), ParRead::WrongResult { said: 9, table: 7 });
        for bad in [
            "", "XX 4S=", "NS", "NS 4S+x", "NS 4S+9", "NS 8S=", "NS 4S==",
        ] {
            assert_eq!(read(bad), ParRead::Unreadable, "{bad:?}");
        }
    }
}
