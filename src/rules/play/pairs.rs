//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    // West leads against South's 4S; the columns are West, North, East, South.
    // North holds the top cards; West leads against South's 4S.
    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    let game = |play: &str| {
        format!(
            "[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n\
             [Declarer \"S\"]\n[Contract \"4S\"]\n{play}\n"
        )
    };
    let deal_and = |tags: &str| format!("[Deal \"{DEAL}\"]\n{tags}");
    let pair = |rule, fails, passes| Pair::owned(rule, game(fails), game(passes));
    // One card each: North wins the only trick for declarer.
    let ending = |result: &str, play: &str| {
        format!(
            "[Deal \"N:A... K... Q... J...\"]\n[Declarer \"S\"]\n[Contract \"1S\"]\n\
             [Result \"{result}\"]\n[Play \"W\"]\n{play}\n"
        )
    };
    // PBN 3.6: each line in the Play tag's seat columns, not in the order played.
    let columns = |tricks: &str| {
        format!(
            "[Deal \"N:AK.A..3 Q2.K.A. J3..K.2 4.2.Q.A\"]\n[Declarer \"S\"]\n\
             [Contract \"1NT\"]\n[Result \"3\"]\n[Play \"W\"]\n{tricks}\n"
        )
    };
    vec![
        Pair::owned(
            Rule::PlayWithoutContract,
            deal_and("[Play \"W\"]\nH2 HA H9 H6\n"),
            deal_and("[Declarer \"S\"]\n[Contract \"4S\"]\n[Play \"W\"]\nH2 HA H9 H6\n"),
        ),
        pair(
            Rule::InvalidPlaySeat,
            "[Play \"West\"]\nH2 HA H9 H6",
            "[Play \"W\"]\nH2 HA H9 H6",
        ),
        pair(
            Rule::LooseCard,
            "[Play \"W\"]\nH2 -- H9 H6",
            "[Play \"W\"]\nH2 - H9 H6",
        ),
        pair(
            Rule::WrongOpeningLeader,
            "[Play \"E\"]\nH9 H6 H2 HA",
            "[Play \"W\"]\nH2 HA H9 H6",
        ),
        pair(
            Rule::CardNotInHand,
            "[Play \"W\"]\nHA H2 H9 H6",
            "[Play \"W\"]\nH2 HA H9 H6",
        ),
        pair(
            Rule::CardPlayedTwice,
            "[Play \"W\"]\nH2 HA H9 H6\nH3 HA HT H7",
            "[Play \"W\"]\nH2 HA H9 H6\nH3 HK HT H7",
        ),
        pair(
            Rule::UnmarkedRevoke,
            "[Play \"W\"]\nH2 SA H9 H6",
            "[Play \"W\"]\nH2 HA H9 H6",
        ),
        pair(
            Rule::MisusedPlayIrregularity,
            "[Play \"W\"]\nH2 ^R HA H9 H6",
            "[Play \"W\"]\nH2 HA H9 H6",
        ),
        // PBN 3.9: a lead cannot revoke.
        pair(
            Rule::MisusedPlayIrregularity,
            "[Play \"W\"]\n^RH2 HA H9 H6",
            "[Play \"W\"]\nH2 HA H9 H6",
        ),
        Pair::owned(
            Rule::TooManyTricks,
            ending("1", "SJ SA SK SQ\nSJ SA SK SQ"),
            ending("1", "SJ SA SK SQ"),
        ),
        pair(
            Rule::CardAfterPlayEnd,
            "[Play \"W\"]\nH2 HA H9 H6\n*\nH3",
            "[Play \"W\"]\nH2 HA H9 H6\n*",
        ),
        Pair::owned(
            Rule::NeededTagAfterPlay,
            deal_and("[Declarer \"S\"]\n[Play \"W\"]\nH2 HA H9 H6\n[Contract \"4S\"]\n"),
            deal_and("[Declarer \"S\"]\n[Contract \"4S\"]\n[Play \"W\"]\nH2 HA H9 H6\n"),
        ),
        // North won the first trick and leads the second; East's `+` is the next card, so
        // South's card cannot have been played yet.
        pair(
            Rule::MisplacedContinuation,
            "[Play \"W\"]\nH2 HA H9 H6\n- SK + S3",
            "[Play \"W\"]\nH2 HA H9 H6\n- SK + -",
        ),
        pair(
            Rule::MisplacedContinuation,
            "[Play \"W\"]\nH2 HA H9 H6\n- SK + +",
            "[Play \"W\"]\nH2 HA H9 H6\n- SK + -",
        ),
        Pair::owned(
            Rule::PlayInPlayOrder,
            columns("S4 SA S2 S3\nSK SQ SJ H2\nHA HK C2 DQ"),
            columns("S4 SA S2 S3\nH2 SK SQ SJ\nDQ HA HK C2"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use crate::check::{CheckOptions, check_bytes};

    /// PBN 3.9 gives `^S` and `^I` to the auction: standing alone in the play, such a mark is one
    /// finding (P007), and the play is read as if it were absent. It took a seat before, so that
    /// every card after it moved a column: 45 P004 and a P008 for one mark (issue 61, item 7).
    #[test]
    fn an_auction_mark_alone_in_the_play_is_one_finding_and_takes_no_seat() {
        let game = |play: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"N:AKQJ.AKQJ.AKQ.AK T98.T98.T98.T987 765.765.765.Q654 432.432.J432.J32\"]\n\
                 [Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"13\"]\n[Play \"E\"]\n{play}\n"
            )
        };
        let codes = |play: &str| {
            let report = check_bytes(game(play).as_bytes(), &CheckOptions::default());
            let mut codes: Vec<&str> = report.diagnostics.iter().map(|d| d.rule.code()).collect();
            codes.sort_unstable();
            codes
        };
        // East leads the ♠10; South, West and North follow; North's ace wins, and 12 more.
        let tricks = "ST S5 S2 SA\nS9 S6 S3 SK\nS8 S7 S4 SQ\nH8 H5 H2 HA\nH9 H6 H3 HK\n\
                      HT H7 H4 HQ\nD8 D5 D2 DA\nD9 D6 D3 DK\nDT D7 D4 DQ\nC7 C4 C2 CA\n\
                      C8 C5 C3 CK\nC9 C6 DJ HJ\nCT CQ CJ SJ";
        assert_eq!(
            codes(tricks),
            Vec::<&str>::new(),
            "the play without the mark"
        );
        for mark in ["^S", "^I"] {
            let marked = tricks.replacen("ST S5", &format!("ST {mark} S5"), 1);
            assert_eq!(codes(&marked), ["P007"], "{mark}");
            let at_end = tricks.replacen("CT CQ", &format!("CT {mark} CQ"), 1);
            assert_eq!(codes(&at_end), ["P007"], "{mark} late in the play");
        }
    }
}
