//! Unit tests of par: known deals' par against DDS, the ParContract reader, and the file's
//! contracts a hand record prints.

use super::*;

/// The par of the table of N, E, S, W rows of C, D, H, S, NT: its score for North-South and
/// its contracts as a ParContract value.
fn par_of(rows: [[u8; 5]; 4], vulnerable: Vulnerability, dealer: Seat) -> (i64, String) {
    let par = par(&rows, vulnerable, dealer);
    (par.ns, par.contracts_text())
}

/// Deals whose par DDS gives (`DealerPar` through endplay 0.5.12, `par(table, vul, dealer)`,
/// run by hand on these tables), each with what it shows: the tricks per declarer (N, E, S,
/// W) and strain (C, D, H, S, NT), the vulnerability, the dealer, and the par.
#[test]
fn the_par_of_known_deals() {
    use Seat::{East, North, West};
    use Vulnerability as V;
    let ns_3s_ew_1nt = [
        [6, 6, 6, 9, 6],
        [6, 6, 6, 4, 7],
        [6, 6, 6, 9, 6],
        [6, 6, 6, 4, 7],
    ];
    let ns_3s_alone = [
        [6, 6, 6, 9, 6],
        [6, 6, 6, 4, 5],
        [6, 6, 6, 9, 6],
        [6, 6, 6, 4, 5],
    ];
    type Known = (&'static str, [[u8; 5]; 4], V, Seat, (i64, &'static str));
    let known: [Known; 7] = [
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
            V::None,
            North,
            (980, "NS 6S="),
        ),
        (
            // NS make 4S (10 tricks, vulnerable: 620); EW not vulnerable make 9 tricks in
            // hearts: over 4S they bid 5H, two down doubled for 300; NS cannot make 5S.
            "a cheap sacrifice",
            [
                [3, 3, 4, 10, 6],
                [8, 8, 9, 3, 5],
                [3, 3, 4, 10, 6],
                [8, 8, 9, 3, 5],
            ],
            V::NorthSouth,
            North,
            (300, "EW 5HX-2"),
        ),
        (
            // NS make 5C (11 tricks, vulnerable: 600); EW make 4S (10 tricks): over 5C EW
            // bid 5S, one down doubled.
            "a sacrifice above the opponents' game",
            [
                [11, 11, 4, 3, 6],
                [2, 2, 9, 10, 5],
                [11, 11, 4, 3, 6],
                [2, 2, 9, 10, 5],
            ],
            V::NorthSouth,
            North,
            (100, "EW 5SX-1"),
        ),
        (
            // EW would compete in notrump over 1S and over 2S (2NT doubled one down costs
            // 100 against 140): NS must bid 3S. The old tie-break said 1S+2.
            "a partscore bid to the level the opponents cannot compete over",
            ns_3s_ew_1nt,
            V::None,
            North,
            (140, "NS 3S="),
        ),
        (
            "the same with East dealing",
            ns_3s_ew_1nt,
            V::None,
            East,
            (140, "NS 3S="),
        ),
        (
            // EW can do nothing at any level: the lowest contract scores the 140.
            "a partscore nobody competes with",
            ns_3s_alone,
            V::None,
            North,
            (140, "NS 1S+2"),
        ),
        (
            "both sides make 1NT: the dealer's side plays it",
            [[6, 6, 6, 6, 7]; 4],
            V::None,
            West,
            (-90, "EW 1NT="),
        ),
    ];
    for (what, rows, vulnerable, dealer, expected) in known {
        let (ns, contracts) = par_of(rows, vulnerable, dealer);
        assert_eq!((ns, contracts.as_str()), expected, "{what}");
    }
}

#[test]
fn every_par_contract_is_named_with_the_seats_that_make_it() {
    // Only North makes 12 tricks in spades (South 11); 6D by either scores 920, less than
    // 6S's 980: par is North's 6S alone.
    let rows = [
        [6, 12, 5, 12, 7],
        [7, 1, 8, 1, 1],
        [6, 12, 5, 11, 7],
        [7, 1, 8, 1, 1],
    ];
    assert_eq!(par_of(rows, Vulnerability::None, Seat::North).1, "N 6S=");
    // Eleven tricks in clubs and in diamonds for East-West, nothing for North-South: 5C and
    // 5D both score 400.
    let rows = [
        [2, 2, 4, 4, 3],
        [11, 11, 6, 6, 8],
        [2, 2, 4, 4, 3],
        [11, 11, 6, 6, 8],
    ];
    assert_eq!(
        par_of(rows, Vulnerability::None, Seat::North),
        (-400, "EW 5C=; EW 5D=".to_owned())
    );
}

/// Over many tables (a fixed pseudo-random walk): every contract named scores the par at the
/// table's tricks, and a par other than 0 always names one.
#[test]
fn every_named_contract_scores_the_par() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n) as u8
    };
    for _ in 0..5_000 {
        let mut rows = [[0u8; 5]; 4];
        for d in 0..5 {
            let ns = next(14);
            for (seat, row) in rows.iter_mut().enumerate() {
                let base = if seat % 2 == 0 { ns } else { 13 - ns };
                row[d] = (base + next(3)).saturating_sub(1).min(13);
            }
        }
        let vulnerable = [
            Vulnerability::None,
            Vulnerability::NorthSouth,
            Vulnerability::EastWest,
            Vulnerability::All,
        ][usize::from(next(4))];
        let dealer = Seat::ALL[usize::from(next(4))];
        let par = par(&rows, vulnerable, dealer);
        assert_eq!(par.contracts.is_empty(), par.ns == 0, "{rows:?}");
        for c in &par.contracts {
            let risk = if c.doubled {
                Risk::Doubled
            } else {
                Risk::Undoubled
            };
            let score = contract_score(&rows, vulnerable, c.side, c.level, c.denomination, risk);
            assert_eq!(score, par.ns, "{rows:?} {vulnerable:?} {dealer:?}: {c:?}");
            assert_eq!(c.doubled, c.tricks < c.level + 6, "{c:?}");
        }
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

#[test]
fn a_pass_out_has_no_contract_and_says_pass() {
    let par = par(&[[6; 5]; 4], Vulnerability::None, Seat::North);
    assert!(par.contracts.is_empty());
    assert_eq!(par.contracts_text(), "Pass");
    let shown = shown(
        None,
        Some(&[[6; 5]; 4]),
        Some(Vulnerability::None),
        Some(Seat::North),
    );
    let line = shown.map(|s| {
        s.line(
            &|d| crate::bridge::denomination_text(d).to_owned(),
            ["N-S", "E-W"],
        )
    });
    assert_eq!(line.as_deref(), Some("Par 0 (Pass)"));
}

mod par_contract_tests {
    use crate::model::values::Vulnerability;
    use crate::par::{ParRead, read_par_contract};

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

mod file_contract_tests {
    use crate::bridge::{Denomination, Seat};
    use crate::model::values::{Side, Vulnerability};
    use crate::par::{ParContract, file_contracts};

    /// Issue 62, item 2: a hand record prints the file's ParContract where it agrees with the
    /// table. North and South take 9 tricks in spades, East and West 5 in notrump at most: par
    /// NS 140, nobody vulnerable (the tricks are N, E, S, W rows of C, D, H, S, NT).
    #[test]
    fn the_files_par_contracts_when_they_score_the_tables_par() {
        let tricks = [
            [6, 6, 6, 9, 6],
            [6, 6, 6, 4, 5],
            [6, 6, 6, 9, 6],
            [6, 6, 6, 4, 5],
        ];
        let none = Vulnerability::None;
        let three_spades = |seat| ParContract {
            side: Side::NorthSouth,
            seat,
            level: 3,
            denomination: Denomination::Spades,
            doubled: false,
            tricks: 9,
        };
        assert_eq!(
            file_contracts("N 3S=", &tricks, none, 140),
            Some(vec![three_spades(Some(Seat::North))])
        );
        assert_eq!(
            file_contracts("N 3S=; S 3S", &tricks, none, 140),
            Some(vec![
                three_spades(Some(Seat::North)),
                three_spades(Some(Seat::South))
            ])
        );
        assert_eq!(
            file_contracts("NS 3S=", &tricks, none, 140),
            Some(vec![three_spades(None)])
        );
        // Another score, a wrong result, a pass-out that is not one, a redouble, words after
        // the contract: the table's list is printed.
        for value in [
            "NS 4S",
            "NS 3S+1",
            "Pass",
            "NS 3SXX=",
            "NS 3S= EW",
            "",
            "NS 3S=; EW 1NT",
        ] {
            assert_eq!(file_contracts(value, &tricks, none, 140), None, "{value}");
        }
        assert_eq!(file_contracts("Pass", &[[6; 5]; 4], none, 0), Some(vec![]));
    }
}
