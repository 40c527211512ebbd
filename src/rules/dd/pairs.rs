//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    // LBC 2026-01-26 board 1 (Bridge Game Analysis' test file): par NS 980, 6S.
    const HEAD: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AQT94.T53.KQ8.T9 \
        63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32\"]\n";
    const ROWS: &str = "N NT 7\nN S 12\nN H 5\nN D 12\nN C 6\nS NT 7\nS S 12\nS H 5\nS D 12\nS C 6\n\
        E NT 1\nE S 1\nE H 8\nE D 1\nE C 7\nW NT 1\nW S 1\nW H 8\nW D 1\nW C 7\n";
    let table = |rows: &str| {
        format!("{HEAD}[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n{rows}")
    };
    let good = table(ROWS);
    vec![
        Pair::owned(
            Rule::MalformedOptimumTable,
            table(&ROWS.replace("W C 7\n", "W C 14\n")),
            good.clone(),
        ),
        Pair::owned(
            Rule::DoubleDummyTricksMismatch,
            format!("{good}[DoubleDummyTricks \"7c5c67c5c61181711818\"]\n"),
            format!("{good}[DoubleDummyTricks \"7c5c67c5c61181711817\"]\n"),
        ),
        Pair::owned(
            Rule::ParMismatch,
            format!("{good}[OptimumScore \"NS 1430\"]\n"),
            format!("{good}[OptimumScore \"NS 980\"]\n"),
        ),
        Pair::owned(
            Rule::DoubleDummyWrong,
            format!(
                "{good}[DoubleDummyTricks \"7c5c67c5c61181711817\"]\n[OptimumScore \"NS 980\"]\n[ParContract \"NS 4S+2\"]\n"
            )
            .replace("W C 7\n", "W C 8\n")
            .replace("1181711817", "1181711818"),
            format!(
                "{good}[DoubleDummyTricks \"7c5c67c5c61181711817\"]\n[OptimumScore \"NS 980\"]\n[ParContract \"NS 6S=\"]\n"
            ),
        ),
        Pair::new(
            Rule::BoardSequence,
            "[Board \"1\"]\n\n[Board \"3\"]\n\n[Board \"3\"]\n",
            "[Board \"1\"]\n\n[Board \"2\"]\n\n[Board \"3\"]\n",
        ),
        Pair::owned(
            Rule::IncompleteHandRecord,
            good.clone(),
            format!("[Event \"Club\"]\n[Site \"Hall\"]\n[Date \"2026.01.26\"]\n{good}"),
        ),
        Pair::owned(
            Rule::DoubleDummyOnIncompleteDeal,
            "[Deal \"N:AQT94.T53.KQ8.T9 - - -\"]\n[OptimumScore \"NS 980\"]\n".to_owned(),
            "[Deal \"N:AQT94.T53.KQ8.T9 - - -\"]\n".to_owned(),
        ),
    ]
}
