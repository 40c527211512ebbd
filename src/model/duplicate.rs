//! The arithmetic of duplicate bridge that PBN values refer to: the score of a contract (Laws of
//! Duplicate Bridge, Law 77), which Score (PBN 4.2), par and the results rules compare, and the
//! standard rotation of dealer and vulnerability over the boards. Facts, not findings: the rules
//! that compare a file with them are in `rules/`.

use crate::bridge::{Denomination, Seat};
use crate::model::values::{Contract, Risk, Side, Vulnerability};

impl Contract {
    /// Its duplicate score for declarer's side, played by `declarer` with `tricks` taken.
    pub fn score(&self, declarer: Seat, vulnerability: Vulnerability, tricks: u8) -> i64 {
        duplicate_score(
            self.level,
            self.denomination,
            self.risk,
            vulnerability.is_vulnerable(Side::of(declarer)),
            tricks,
        )
    }

    /// [`Contract::score`] for North-South: declarer's score, or its opposite when East-West
    /// declares.
    pub fn score_ns(&self, declarer: Seat, vulnerability: Vulnerability, tricks: u8) -> i64 {
        let score = self.score(declarer, vulnerability, tricks);
        match Side::of(declarer) {
            Side::NorthSouth => score,
            Side::EastWest => -score,
        }
    }
}

/// The duplicate score of a contract for declarer's side (Laws of Duplicate Bridge, Law 77).
pub fn duplicate_score(
    level: u8,
    denomination: Denomination,
    risk: Risk,
    vulnerable: bool,
    tricks: u8,
) -> i64 {
    use Denomination as D;
    let needed = i64::from(level) + 6;
    let made = i64::from(tricks) - needed;
    let multiplier = match risk {
        Risk::Undoubled => 1,
        Risk::Doubled => 2,
        Risk::Redoubled => 4,
    };
    if made < 0 {
        let down = -made;
        let undoubled = if vulnerable { 100 } else { 50 };
        return -match risk {
            Risk::Undoubled => down * undoubled,
            _ => {
                let doubled = if vulnerable {
                    200 + (down - 1) * 300
                } else {
                    100 + (down - 1).min(2) * 200 + (down - 3).max(0) * 300
                };
                doubled * multiplier / 2
            }
        };
    }
    let per_trick = match denomination {
        D::Clubs | D::Diamonds => 20,
        D::Hearts | D::Spades | D::NoTrump => 30,
    };
    let level = i64::from(level);
    let trick_score =
        (level * per_trick + if denomination == D::NoTrump { 10 } else { 0 }) * multiplier;
    let mut score = trick_score;
    score += if trick_score >= 100 {
        if vulnerable { 500 } else { 300 }
    } else {
        50
    };
    score += match level {
        6 => {
            if vulnerable {
                750
            } else {
                500
            }
        }
        7 => {
            if vulnerable {
                1500
            } else {
                1000
            }
        }
        _ => 0,
    };
    score += match risk {
        Risk::Undoubled => made * per_trick,
        Risk::Doubled => 50 + made * if vulnerable { 200 } else { 100 },
        Risk::Redoubled => 100 + made * if vulnerable { 400 } else { 200 },
    };
    score
}

/// The standard duplicate rotation: dealer N, E, S, W; vulnerability over 16 boards.
pub fn standard_rotation(board: u32) -> (Seat, Vulnerability) {
    use Vulnerability::{All, EastWest as E, None as O, NorthSouth as N};
    const VUL: [Vulnerability; 16] = [O, N, E, All, N, E, All, O, E, All, O, N, All, O, N, E];
    let index = (board.max(1) - 1) as usize;
    (Seat::ALL[index % 4], VUL[index % 16])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::Denomination as D;

    #[test]
    fn duplicate_scores() {
        assert_eq!(
            duplicate_score(4, D::Spades, Risk::Undoubled, false, 10),
            420
        );
        assert_eq!(
            duplicate_score(3, D::NoTrump, Risk::Undoubled, true, 10),
            630
        );
        assert_eq!(duplicate_score(1, D::Clubs, Risk::Undoubled, false, 7), 70);
        assert_eq!(duplicate_score(2, D::Hearts, Risk::Doubled, false, 8), 470);
        assert_eq!(
            duplicate_score(6, D::Diamonds, Risk::Undoubled, true, 12),
            1370
        );
        assert_eq!(
            duplicate_score(7, D::NoTrump, Risk::Redoubled, true, 13),
            2980
        );
        assert_eq!(duplicate_score(4, D::Spades, Risk::Doubled, false, 6), -800);
        assert_eq!(duplicate_score(4, D::Spades, Risk::Doubled, true, 8), -500);
        assert_eq!(
            duplicate_score(3, D::NoTrump, Risk::Redoubled, false, 8),
            -200
        );
        assert_eq!(duplicate_score(5, D::Clubs, Risk::Undoubled, true, 9), -200);
    }

    #[test]
    fn rotation() {
        assert_eq!(standard_rotation(1), (Seat::North, Vulnerability::None));
        assert_eq!(standard_rotation(7), (Seat::South, Vulnerability::All));
        assert_eq!(standard_rotation(16), (Seat::West, Vulnerability::EastWest));
        assert_eq!(standard_rotation(17), (Seat::North, Vulnerability::None));
    }
}
