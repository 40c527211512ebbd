//! The pass/fail pairs of the results rules, and their tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::TravellerScoreMismatch,
            "[Vulnerable \"NS\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;\
             Score_NS;Score_EW\"]\n1 2 4H S 10 420 -\n3 4 3NT W 8 - -50\n",
            "[Vulnerable \"NS\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;\
             Score_NS;Score_EW\"]\n1 2 4H S 10 620 -\n3 4 3NT W 8 50 -\n",
        ),
        pair(
            Rule::TravellerMatchpointsMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 2 0\n3 4 650 - 0 2\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 0 2\n3 4 650 - 2 0\n",
        ),
        pair(
            Rule::TravellerPercentageMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS;Percentage_EW\"]\n\
             1 2 620 - 100 0\n3 4 650 - 0 100\n5 6 650 - 50 50\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Percentage_NS;Percentage_EW\"]\n\
             1 2 620 - 0 100\n3 4 650 - 75 25\n5 6 650 - 75 25\n",
        ),
        pair(
            Rule::TravellerRankMismatch,
            "[ScoreTable \"Rank;PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n\
             2 1 2 620 -\n1 3 4 650 -\n1 5 6 650 -\n",
            "[ScoreTable \"Rank;PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n\
             3 1 2 620 -\n1 3 4 650 -\n1= 5 6 650 -\n",
        ),
        pair(
            Rule::TotalScoreMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 0 2\n3 4 650 - 2 0\n\
             [TotalScoreTable \"PairId;TotalMP\"]\n1 2\n2 2\n3 2\n4 0\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n\
             1 2 620 - 0 2\n3 4 650 - 2 0\n\
             [TotalScoreTable \"PairId;TotalMP\"]\n1 0\n2 2\n3 2\n4 0\n",
        ),
        pair(
            Rule::TotalRankMismatch,
            "[TotalScoreTable \"Rank;PairId;TotalMP\"]\n1 1 10\n2 2 12\n",
            "[TotalScoreTable \"Rank;PairId;TotalMP\"]\n2 1 10\n1 2 12\n",
        ),
        pair(
            Rule::ButlerDatumMismatch,
            "[Scoring \"IMP;Butler-2;Mean\"]\n\
             [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
             1 2 420 - 6 -6 200\n3 4 170 - -1 1 200\n5 6 -50 - -6 6 200\n",
            "[Scoring \"IMP;Butler-2;Mean\"]\n\
             [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
             1 2 420 - 6 -6 170\n3 4 170 - 0 0 170\n5 6 -50 - -6 6 170\n",
        ),
        pair(
            Rule::TravellerImpsMismatch,
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
             1 2 \"120\" - 4 -4 -90\n3 4 - \"80\" 0 0 -90\n",
            "[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum\"]\n\
             1 2 \"120\" - 5 -5 -90\n3 4 - \"80\" 0 0 -90\n",
        ),
    ]
}

/// Scores computed by hand from Law 77, against the scorer's reading of a row.
#[test]
fn a_rows_score_is_read_as_a_traveller_writes_it() {
    let none = Vulnerability::None;
    let all = Vulnerability::All;
    assert_eq!(row_score("4H", "S", "10", all), Some(620));
    assert_eq!(row_score("4H", "S", "10", none), Some(420));
    assert_eq!(row_score("4H", "W", "10", none), Some(-420));
    assert_eq!(row_score("1N", "E", "6", none), Some(50));
    assert_eq!(row_score("3NTX", "N", "7", all), Some(-500));
    assert_eq!(row_score("\"6S\"", "N", "=", all), Some(1430));
    assert_eq!(row_score("2C", "E", "+1", none), Some(-110));
    assert_eq!(row_score("2C", "E", "-2", all), Some(200));
    assert_eq!(row_score("Pass", "-", "-", none), Some(0));
    assert_eq!(row_score("4H", "S", "14", none), None);
    assert_eq!(row_score("?", "S", "10", none), None);
    assert_eq!(score("\"120\""), Score::Points(120));
    assert_eq!(score("-"), Score::Absent);
    assert_eq!(score("A60"), Score::Artificial);
    assert_eq!(score("40%"), Score::Artificial);
}

/// The WBF scale at every boundary, written out here from the table (Law 78B).
#[test]
fn imps_at_every_boundary_of_the_wbf_scale() {
    let table = [
        (0, 10, 0),
        (20, 40, 1),
        (50, 80, 2),
        (90, 120, 3),
        (130, 160, 4),
        (170, 210, 5),
        (220, 260, 6),
        (270, 310, 7),
        (320, 360, 8),
        (370, 420, 9),
        (430, 490, 10),
        (500, 590, 11),
        (600, 740, 12),
        (750, 890, 13),
        (900, 1090, 14),
        (1100, 1290, 15),
        (1300, 1490, 16),
        (1500, 1740, 17),
        (1750, 1990, 18),
        (2000, 2240, 19),
        (2250, 2490, 20),
        (2500, 2990, 21),
        (3000, 3490, 22),
        (3500, 3990, 23),
        (4000, 7600, 24),
    ];
    for (low, high, expected) in table {
        for points in [low, high] {
            assert_eq!(imps(f64::from(points)), f64::from(expected), "{points}");
            assert_eq!(imps(-f64::from(points)), -f64::from(expected), "-{points}");
        }
    }
    // Ruter's first board (shared corpus): +120 against the datum -90 is 5; cross-IMPs of
    // three scores counted by hand.
    assert_eq!(imps(120.0 - -90.0), 5.0);
    let written: Vec<Score> = [620, 650, 100].iter().map(|&s| Score::Points(s)).collect();
    // 620: -1 (vs 650) +11 (vs 100, 520) = 10; 650: 1 + 11 = 12; 100: -11 - 11 = -22.
    let right = [
        (Some(10.0), Some(-10.0)),
        (Some(12.0), Some(-12.0)),
        (Some(-22.0), Some(22.0)),
    ];
    assert!(imp_findings(&written, &right, None, &[1.0; 3]).is_empty());
    let mut wrong = right;
    wrong[2] = (Some(-22.0), Some(-22.0));
    let findings = imp_findings(&written, &wrong, None, &[1.0; 3]);
    assert_eq!(findings.len(), 1);
    assert!(findings[0].east_west && findings[0].expected == 22.0);
}

/// Percentages and ranks counted by hand: four tables' scores +620, +650 (twice), -100.
/// +650 beats two and ties one: 2.5 of 3, 83.33 %; +620 beats one, 33.33 %; -100, 0 %.
#[test]
fn percentages_and_ranks_counted_by_hand() {
    let written: Vec<Score> = [620, 650, 650, -100]
        .iter()
        .map(|&s| Score::Points(s))
        .collect();
    let ones = [1.0; 4];
    let given = |pairs: [(f64, u32); 4]| -> Vec<(Option<Written>, Option<Written>)> {
        pairs
            .iter()
            .map(|&(ns, decimals)| {
                let w = |value| Some(Written { value, decimals });
                (w(ns), w(100.0 - ns))
            })
            .collect()
    };
    let exact = given([(33.33, 2), (83.33, 2), (83.33, 2), (0.0, 2)]);
    assert!(percentage_findings(&written, &exact, &ones).is_empty());
    // Integers, rounded (83) or cut (33): both within one unit.
    let whole = given([(33.0, 0), (83.0, 0), (83.0, 0), (0.0, 0)]);
    assert!(percentage_findings(&written, &whole, &ones).is_empty());
    let wrong = given([(33.33, 2), (66.67, 2), (83.33, 2), (0.0, 2)]);
    let findings = percentage_findings(&written, &wrong, &ones);
    assert_eq!(findings.len(), 1);
    assert_eq!((findings[0].row, findings[0].expected), (1, 83.33));
    // The same board as three rows, +650 of Multiplicity 2: the same percentages.
    let folded: Vec<Score> = [620, 650, -100].iter().map(|&s| Score::Points(s)).collect();
    let mut three = exact.clone();
    three.remove(2);
    assert!(percentage_findings(&folded, &three, &[1.0, 2.0, 1.0]).is_empty());
    assert_eq!(
        matchpoints_weighted(&[620, 650, -100], &[1.0, 2.0, 1.0], 2.0),
        vec![2.0, 5.0, 0.0]
    );
    // Ranks: +650 first (twice, sharing 1), +620 third, -100 fourth.
    let ranks = [Some(3), Some(1), Some(1), Some(4)];
    assert!(rank_findings(&written, &ranks, &ones).is_empty());
    // Ranked from East-West's side throughout: recognised.
    let east_west = [Some(2), Some(3), Some(3), Some(1)];
    assert!(rank_findings(&written, &east_west, &ones).is_empty());
    // A tie broken (1 and 2 for the two +650) is not contradicted; a rank outside the tie's
    // places is.
    let broken = [Some(3), Some(1), Some(2), Some(4)];
    assert!(rank_findings(&written, &broken, &ones).is_empty());
    let wrong = [Some(2), Some(1), Some(1), Some(4)];
    let findings = rank_findings(&written, &wrong, &ones);
    assert_eq!(findings.len(), 1);
    assert_eq!((findings[0].row, findings[0].expected), (0, 3));
    assert!(rank_findings(&folded, &[Some(3), Some(1), Some(4)], &[1.0, 2.0, 1.0]).is_empty());
}

/// Matchpoints counted by hand: five scores, two of them tied.
#[test]
fn matchpoints_on_both_scales_with_ties() {
    let scores = [420, 450, 420, -50, 620];
    assert_eq!(matchpoints(&scores, 2.0), vec![3.0, 6.0, 3.0, 0.0, 8.0]);
    assert_eq!(matchpoints(&scores, 1.0), vec![1.5, 3.0, 1.5, 0.0, 4.0]);
    let written: Vec<Score> = scores.iter().map(|&s| Score::Points(s)).collect();
    let right: Vec<_> = [3.0, 6.0, 3.0, 0.0, 8.0]
        .iter()
        .map(|&ns| (Some(ns), Some(8.0 - ns)))
        .collect();
    assert!(matchpoint_findings(&written, &right, &[1.0; 5]).is_empty());
    // One pair's miscount, on the scale the total still shows.
    let mut wrong = right.clone();
    wrong[0] = (Some(4.0), Some(4.0));
    wrong[2] = (Some(2.0), Some(6.0));
    let findings = matchpoint_findings(&written, &wrong, &[1.0; 5]);
    assert_eq!(findings.len(), 2, "{findings:?}");
    assert_eq!((findings[0].row, findings[0].expected), (0, 3.0));
    // Factored or unknown: not judged.
    let factored: Vec<_> = right
        .iter()
        .map(|&(ns, ew)| (ns.map(|n| n * 1.2), ew))
        .collect();
    assert!(matchpoint_findings(&written, &factored, &[1.0; 5]).is_empty());
    let mut adjusted = written.clone();
    adjusted[1] = Score::Artificial;
    assert!(matchpoint_findings(&adjusted, &wrong, &[1.0; 5]).is_empty());
}
