//! `pbnfmt stats`: counts and distributions over a set of boards (issue 46, item 4), each fact
//! read as `select --where` reads it ([`crate::query::Board`]): boards, dealers and
//! vulnerability, high-card points per seat, contracts by level and strain, made and down,
//! declarer's tricks against double dummy where the tags give it, slams bid and makeable.
//!
//! A file's counts are made apart and added up in input order ([`Stats::add`]), so memory is the
//! counts, whatever the number of boards. Nothing of a file's text is printed: every key is
//! pbnfmt's own, every value a number, so no output format can be forged by a file.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::bridge::{Denomination, Seat};
use crate::model::values::{ContractValue, Vulnerability};
use crate::query::Board;

/// The strains in the order of a table's columns.
const STRAINS: [Denomination; 5] = [
    Denomination::Clubs,
    Denomination::Diamonds,
    Denomination::Hearts,
    Denomination::Spades,
    Denomination::NoTrump,
];

/// Points of one seat over the boards that give its hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// Hands counted, and their points added up.
    hands: u64,
    total: u64,
    /// The fewest and the most points of one hand (`None` before the first).
    min: Option<u8>,
    max: Option<u8>,
}

impl Points {
    fn add_hand(&mut self, hcp: u8) {
        self.hands += 1;
        self.total += u64::from(hcp);
        self.min = Some(self.min.map_or(hcp, |min| min.min(hcp)));
        self.max = Some(self.max.map_or(hcp, |max| max.max(hcp)));
    }

    fn add(&mut self, other: Points) {
        self.hands += other.hands;
        self.total += other.total;
        self.min = match (self.min, other.min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.max = self.max.max(other.max);
    }

    pub fn mean(self) -> Option<f64> {
        (self.hands > 0).then(|| self.total as f64 / self.hands as f64)
    }
}

/// The counts of a set of boards.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Games with a tag pair chosen.
    pub boards: u64,
    /// Boards whose Deal gives all four hands.
    pub dealt: u64,
    /// By `Seat as usize`; boards without a readable Dealer are not counted.
    pub dealers: [u64; 4],
    /// None, NS, EW, All.
    pub vulnerable: [u64; 4],
    pub points: [Points; 4],
    /// Boards with a contract, passed out included.
    pub with_contract: u64,
    pub passed_out: u64,
    /// By level (1-7) and strain ([`STRAINS`]).
    pub contracts: [[u64; 5]; 7],
    /// Contracts with a result: made, and each result (`-2`, `0`, `+1`) counted.
    pub made: u64,
    pub down: u64,
    pub results: BTreeMap<i64, u64>,
    /// Boards with declarer's tricks and the double-dummy tricks of that declarer and strain:
    /// how many, and declarer's tricks less the double-dummy ones, added up.
    pub dd_boards: u64,
    pub dd_difference: i64,
    /// Slams bid (level 6 or 7), bid and made, makeable double dummy (12 tricks for a side in
    /// some strain), and bid where makeable.
    pub slams_bid: u64,
    pub slams_made: u64,
    pub slams_makeable: u64,
    pub slams_bid_makeable: u64,
    /// Boards with a double-dummy table: what "makeable" is counted over.
    pub with_tables: u64,
}

impl Stats {
    /// Counts `board`.
    pub fn board(&mut self, board: &Board<'_>) {
        self.boards += 1;
        let hands =
            Seat::ALL.map(|seat| board.hand(seat).map(|hand| crate::query::hcp(hand.cards)));
        if hands.iter().all(Option::is_some) {
            self.dealt += 1;
        }
        for (points, hcp) in self.points.iter_mut().zip(hands) {
            if let Some(hcp) = hcp {
                points.add_hand(hcp);
            }
        }
        if let Some(dealer) = board.dealer() {
            self.dealers[dealer as usize] += 1;
        }
        if let Some(vulnerable) = board.vulnerability() {
            let at = match vulnerable {
                Vulnerability::None => 0,
                Vulnerability::NorthSouth => 1,
                Vulnerability::EastWest => 2,
                Vulnerability::All => 3,
            };
            self.vulnerable[at] += 1;
        }
        let makeable = board.dd().is_some_and(|tricks| {
            tricks
                .iter()
                .any(|by_strain| by_strain.iter().any(|&n| n >= 12))
        });
        if makeable {
            self.slams_makeable += 1;
        }
        if board.dd().is_some() {
            self.with_tables += 1;
        }
        let contract = match board.contract() {
            Some(ContractValue::PassedOut) => {
                self.with_contract += 1;
                self.passed_out += 1;
                return;
            }
            Some(ContractValue::Contract(contract)) => contract,
            _ => return,
        };
        self.with_contract += 1;
        let strain = STRAINS
            .iter()
            .position(|&d| d == contract.denomination)
            .unwrap_or(0);
        self.contracts[usize::from(contract.level.clamp(1, 7)) - 1][strain] += 1;
        let result = board.result();
        if let Some(result) = result {
            if result >= 0 {
                self.made += 1;
            } else {
                self.down += 1;
            }
            *self.results.entry(result).or_default() += 1;
        }
        if let (Some(tricks), Some(declarer)) = (board.tricks(), board.declarer())
            && let Some(dd) = board.dd_tricks(declarer, contract.denomination)
        {
            self.dd_boards += 1;
            self.dd_difference += tricks - dd;
        }
        if contract.level >= 6 {
            self.slams_bid += 1;
            if result.is_some_and(|result| result >= 0) {
                self.slams_made += 1;
            }
            if makeable {
                self.slams_bid_makeable += 1;
            }
        }
    }

    /// Adds the counts of another set.
    pub fn add(&mut self, other: Stats) {
        self.boards += other.boards;
        self.dealt += other.dealt;
        for i in 0..4 {
            self.dealers[i] += other.dealers[i];
            self.vulnerable[i] += other.vulnerable[i];
            self.points[i].add(other.points[i]);
        }
        self.with_contract += other.with_contract;
        self.passed_out += other.passed_out;
        for (mine, theirs) in self.contracts.iter_mut().zip(other.contracts) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        self.made += other.made;
        self.down += other.down;
        for (result, count) in other.results {
            *self.results.entry(result).or_default() += count;
        }
        self.dd_boards += other.dd_boards;
        self.dd_difference += other.dd_difference;
        self.slams_bid += other.slams_bid;
        self.slams_made += other.slams_made;
        self.slams_makeable += other.slams_makeable;
        self.with_tables += other.with_tables;
        self.slams_bid_makeable += other.slams_bid_makeable;
    }

    /// Declarer's tricks less double dummy's, on average.
    pub fn dd_average(&self) -> Option<f64> {
        (self.dd_boards > 0).then(|| self.dd_difference as f64 / self.dd_boards as f64)
    }

    /// Every count as `(section, key, value)`, in the order the formats print them.
    pub fn rows(&self) -> Vec<(&'static str, String, String)> {
        let mut rows = Vec::new();
        let mut row = |section: &'static str, key: &str, value: String| {
            rows.push((section, key.to_owned(), value));
        };
        row("boards", "boards", self.boards.to_string());
        row("boards", "dealt", self.dealt.to_string());
        for seat in Seat::ALL {
            let name = seat.name().to_ascii_lowercase();
            row("dealer", &name, self.dealers[seat as usize].to_string());
        }
        for (i, name) in ["none", "ns", "ew", "all"].into_iter().enumerate() {
            row("vulnerable", name, self.vulnerable[i].to_string());
        }
        for seat in Seat::ALL {
            let points = self.points[seat as usize];
            let name = seat.name().to_ascii_lowercase();
            row("hcp", &format!("{name}_hands"), points.hands.to_string());
            row("hcp", &format!("{name}_mean"), decimal(points.mean()));
            row("hcp", &format!("{name}_min"), number(points.min));
            row("hcp", &format!("{name}_max"), number(points.max));
        }
        row("contracts", "with_contract", self.with_contract.to_string());
        row("contracts", "passed_out", self.passed_out.to_string());
        for (level, by_strain) in self.contracts.iter().enumerate() {
            for (strain, count) in STRAINS.iter().zip(by_strain) {
                row(
                    "contracts",
                    &format!("{}{}", level + 1, crate::bridge::denomination_text(*strain)),
                    count.to_string(),
                );
            }
        }
        // A count of a fact no board gives is absent (null, an empty cell), not 0 (issue 60,
        // item 6): results where no board has a contract, slams makeable where none has a table.
        let given = |count: u64, any: bool| {
            if any {
                count.to_string()
            } else {
                String::new()
            }
        };
        let contracted = self.with_contract > self.passed_out;
        row("results", "made", given(self.made, contracted));
        row("results", "down", given(self.down, contracted));
        for (result, count) in &self.results {
            let key = match result.cmp(&0) {
                std::cmp::Ordering::Equal => "=".to_owned(),
                std::cmp::Ordering::Greater => format!("+{result}"),
                std::cmp::Ordering::Less => result.to_string(),
            };
            row("results", &key, count.to_string());
        }
        row("double_dummy", "boards", self.dd_boards.to_string());
        row(
            "double_dummy",
            "tricks_over_double_dummy",
            decimal(self.dd_average()),
        );
        row("slams", "bid", given(self.slams_bid, contracted));
        row("slams", "bid_and_made", given(self.slams_made, contracted));
        row(
            "slams",
            "makeable",
            given(self.slams_makeable, self.with_tables > 0),
        );
        row(
            "slams",
            "bid_where_makeable",
            given(self.slams_bid_makeable, contracted && self.with_tables > 0),
        );
        rows
    }

    /// For a terminal: a few short tables.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let per = |count: u64, of: u64| -> String {
            if of == 0 {
                String::new()
            } else {
                format!(" ({:.1}%)", count as f64 * 100.0 / of as f64)
            }
        };
        let _ = writeln!(
            out,
            "{} boards, {} with four hands given, {} with a contract ({} passed out)",
            self.boards, self.dealt, self.with_contract, self.passed_out
        );
        out.push_str("\nhigh-card points  hands   mean  min  max\n");
        for seat in Seat::ALL {
            let p = self.points[seat as usize];
            let _ = writeln!(
                out,
                "  {:<15} {:>6} {:>6} {:>4} {:>4}",
                seat.name(),
                p.hands,
                decimal(p.mean()),
                number(p.min),
                number(p.max)
            );
        }
        out.push_str("\ndealer        ");
        for seat in Seat::ALL {
            let _ = write!(out, " {} {}", seat.letter(), self.dealers[seat as usize]);
        }
        out.push_str("\nvulnerable    ");
        for (i, name) in ["None", "NS", "EW", "All"].into_iter().enumerate() {
            let _ = write!(out, " {name} {}", self.vulnerable[i]);
        }
        let contracted = self.with_contract > self.passed_out;
        if !contracted {
            // No board gives a contract: no grid of zeros, no results (issue 60, item 6).
            out.push_str("\n\ncontracts      none given\n");
        } else {
            out.push_str("\n\ncontracts      C     D     H     S    NT\n");
        }
        for (level, by_strain) in self.contracts.iter().enumerate().filter(|_| contracted) {
            let _ = write!(out, "  {}       ", level + 1);
            for count in by_strain {
                let _ = write!(out, " {count:>5}");
            }
            out.push('\n');
        }
        let played = self.made + self.down;
        if contracted {
            let _ = writeln!(
                out,
                "\nresults        made {}{}, down {}{}",
                self.made,
                per(self.made, played),
                self.down,
                per(self.down, played)
            );
        } else {
            out.push_str("\nresults        none given\n");
        }
        if !self.results.is_empty() {
            out.push_str("  ");
            for (result, count) in &self.results {
                let key = match result.cmp(&0) {
                    std::cmp::Ordering::Equal => "=".to_owned(),
                    std::cmp::Ordering::Greater => format!("+{result}"),
                    std::cmp::Ordering::Less => result.to_string(),
                };
                let _ = write!(out, " {key}:{count}");
            }
            out.push('\n');
        }
        match self.dd_average() {
            Some(average) => {
                let _ = writeln!(
                    out,
                    "double dummy   declarer took {average:+.2} tricks against double dummy, on {} boards",
                    self.dd_boards
                );
            }
            None => out.push_str("double dummy   no board with a result and double-dummy tags\n"),
        }
        let or_absent = |count: u64, any: bool| {
            if any {
                count.to_string()
            } else {
                "-".to_owned()
            }
        };
        let tables = self.with_tables > 0;
        let _ = writeln!(
            out,
            "slams          bid {}, made {}, makeable {}, bid where makeable {}",
            or_absent(self.slams_bid, contracted),
            or_absent(self.slams_made, contracted),
            or_absent(self.slams_makeable, tables),
            or_absent(self.slams_bid_makeable, contracted && tables)
        );
        out
    }

    /// One JSON object, keys grouped by section.
    pub fn json(&self) -> String {
        let mut sections: Vec<(&str, Vec<(String, String)>)> = Vec::new();
        for (section, key, value) in self.rows() {
            match sections.last_mut() {
                Some((name, keys)) if *name == section => keys.push((key, value)),
                _ => sections.push((section, vec![(key, value)])),
            }
        }
        let mut out = String::from("{");
        for (i, (section, keys)) in sections.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"{section}\":{{");
            for (j, (key, value)) in keys.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                let value = if value.is_empty() { "null" } else { value };
                let _ = write!(out, "\"{key}\":{value}");
            }
            out.push('}');
        }
        out.push_str("}\n");
        out
    }

    /// `section,key,value` rows under a header.
    pub fn csv(&self) -> String {
        let mut out = String::from("section,key,value\r\n");
        for (section, key, value) in self.rows() {
            let _ = write!(out, "{section},{key},{value}\r\n");
        }
        out
    }
}

fn decimal(value: Option<f64>) -> String {
    value.map_or_else(String::new, |v| format!("{v:.2}"))
}

fn number(value: Option<u8>) -> String {
    value.map_or_else(String::new, |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(text: &str) -> Stats {
        let mut stats = Stats::default();
        crate::read::judged_games(text, |parse, model, _| {
            stats.board(&Board::new(parse, text, model));
            true
        });
        stats
    }

    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

    #[test]
    fn counts_of_a_small_set() {
        let text = format!(
            "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n[Declarer \
             \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n[DoubleDummyTricks \
             \"ddddddddddd0000000000\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"All\"]\n\
             [Deal \"{DEAL}\"]\n[Declarer \"S\"]\n[Contract \"4H\"]\n[Result \"8\"]\n\n[Board \
             \"3\"]\n[Dealer \"S\"]\n[Contract \"Pass\"]\n"
        );
        let s = stats(&text);
        assert_eq!((s.boards, s.dealt), (3, 2));
        assert_eq!(s.dealers, [1, 1, 1, 0]);
        assert_eq!(s.vulnerable, [1, 0, 0, 1]);
        assert_eq!(s.points[0].mean(), Some(37.0));
        assert_eq!(s.points[3].max, Some(0));
        assert_eq!((s.with_contract, s.passed_out), (3, 1));
        assert_eq!(s.contracts[6][4], 1);
        assert_eq!(s.contracts[3][2], 1);
        assert_eq!((s.made, s.down), (1, 1));
        assert_eq!(s.results.get(&-2), Some(&1));
        // Board 1's DoubleDummyTricks has 21 digits: not read, so no board to compare.
        assert_eq!(s.dd_boards, 0);
        assert_eq!((s.slams_bid, s.slams_made), (1, 1));
        // Added in two halves, the same counts.
        let mut halves = stats(&text[..text.find("[Board \"2\"]").unwrap()]);
        halves.add(stats(&text[text.find("[Board \"2\"]").unwrap()..]));
        assert_eq!(halves, s);
        let json: serde_json::Value = serde_json::from_str(&s.json()).unwrap();
        assert_eq!(json["contracts"]["7NT"], 1);
        assert_eq!(json["hcp"]["north_mean"], 37.0);
        assert!(s.csv().contains("results,-2,1\r\n"));
        assert!(s.table().contains("3 boards, 2 with four hands given"));
    }

    #[test]
    fn declarer_against_double_dummy_and_slams_makeable() {
        // North-South take 13 tricks in every strain (d), East-West none.
        let text = format!(
            "[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Declarer \"N\"]\n[Contract \"6S\"]\n[Result \
             \"12\"]\n[DoubleDummyTricks \"dddddddddd0000000000\"]\n"
        );
        let s = stats(&text);
        assert_eq!((s.dd_boards, s.dd_difference), (1, -1));
        assert_eq!(s.dd_average(), Some(-1.0));
        assert_eq!(
            (
                s.slams_bid,
                s.slams_made,
                s.slams_makeable,
                s.slams_bid_makeable
            ),
            (1, 1, 1, 1)
        );
    }
}
