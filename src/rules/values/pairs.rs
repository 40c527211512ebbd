//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::InvalidDate,
            "[Date \"2023.02.30\"]\n",
            "[Date \"2023.02.??\"]\n",
        ),
        pair(Rule::InvalidBoard, "[Board \"Bd 7\"]\n", "[Board \"7\"]\n"),
        pair(
            Rule::InvalidDealer,
            "[Dealer \"North\"]\n",
            "[Dealer \"N\"]\n",
        ),
        pair(
            Rule::InvalidVulnerable,
            "[Vulnerable \"N-S\"]\n",
            "[Vulnerable \"NS\"]\n",
        ),
        pair(
            Rule::InvalidScoring,
            "[Scoring \"IMP Butler\"]\n",
            "[Scoring \"IMP;Butler\"]\n",
        ),
        pair(
            Rule::InvalidDeclarer,
            "[Declarer \"South\"]\n",
            "[Declarer \"S\"]\n",
        ),
        pair(
            Rule::InvalidContract,
            "[Contract \"4 Spades doubled\"]\n",
            "[Contract \"4SX\"]\n",
        ),
        pair(
            Rule::InvalidResult,
            "[Result \"+1\"]\n",
            "[Result \"11\"]\n",
        ),
        pair(
            Rule::InvalidScore,
            "[Score \"620 points\"]\n",
            "[Score \"NS 620\"]\n",
        ),
        pair(
            Rule::InvalidRubberScore,
            "[ScoreRubber \"NS 620\"]\n",
            "[ScoreRubber \"NS 500/120\"]\n",
        ),
        pair(
            Rule::InvalidRubberHistory,
            "[ScoreRubberHistory \"NS 0 100/40 EW 0 50\"]\n",
            "[ScoreRubberHistory \"NS 0 100/40 EW 0 50/0\"]\n",
        ),
        pair(
            Rule::RubberHistoryVulnerabilityMismatch,
            "[Vulnerable \"None\"]\n[ScoreRubberHistory \"NS 0 0/120 40 EW 0 0/0 0\"]\n",
            "[Vulnerable \"NS\"]\n[ScoreRubberHistory \"NS 0 0/120 40 EW 0 0/0 0\"]\n",
        ),
        pair(
            Rule::InvalidOptimumScore,
            "[OptimumScore \"NS 620 EW 620\"]\n",
            "[OptimumScore \"NS 620 EW -620\"]\n",
        ),
        pair(
            Rule::InvalidTime,
            "[Time \"19.30\"]\n",
            "[Time \"19:30:00\"]\n",
        ),
        pair(
            Rule::InvalidTimeControl,
            "[TimeControl \"30 minutes\"]\n",
            "[TimeControl \"4/30\"]\n",
        ),
        pair(
            Rule::InvalidTimeLimit,
            "[TimeCall \"1 min\"]\n",
            "[TimeCall \"60\"]\n",
        ),
        pair(
            Rule::InvalidRoom,
            "[Room \"open room\"]\n",
            "[Room \"Open\"]\n",
        ),
        pair(
            Rule::InvalidFrenchMp,
            "[FrenchMP \"true\"]\n",
            "[FrenchMP \"Yes\"]\n",
        ),
        pair(
            Rule::InvalidHidden,
            "[Hidden \"E/W\"]\n",
            "[Hidden \"EW\"]\n",
        ),
        pair(
            Rule::InvalidRound,
            "[Round \"Round 3\"]\n",
            "[Round \"3\"]\n",
        ),
        pair(
            Rule::NonNumericTable,
            "[Table \"Table 5\"]\n",
            "[Table \"5\"]\n",
        ),
        pair(
            Rule::UnknownTermination,
            "[Termination \"claimed\"]\n",
            "[Termination \"normal\"]\n",
        ),
    ]
}
