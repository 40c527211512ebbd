//! The pass/fail pairs of the writers' rules: a file each W rule's writer refuses or names, and
//! the file mended.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use crate::rules::Rule;

/// A file that export refuses for each W rule, and the file mended ([`crate::rules::pairs`]);
/// W004 has none (see there).
pub(crate) fn proof_pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::UnencodableCharacter,
            "[Event \"A\"]\n{Board 1: 4\u{2660} made}\n",
            "[Event \"A\"]\n{Board 1: 4\\S made}\n",
        ),
        pair(
            Rule::ConflictingDuplicateTag,
            "[Board \"1\"]\n[Room \"Open\"]\n[Board \"2\"]\n",
            "[Board \"1\"]\n[Room \"Open\"]\n\n[Board \"2\"]\n",
        ),
        pair(
            Rule::RepeatedTagKept,
            "[Room \"Open\"]\n[Room \"IMP\"]\n",
            "[Room \"Open\"]\n{[Room \"IMP\"]}\n",
        ),
        pair(
            Rule::UncertainResult,
            "[Declarer \"N\"]\n[Result \"NS 9 EW 2\"]\n",
            "[Declarer \"N\"]\n[Result \"NS 9 EW 4\"]\n",
        ),
        pair(
            Rule::EmbeddedPbn,
            "<html><PBN>[Event \"Club\"]</PBN></html>\n",
            "[Event \"Club\"]\n",
        ),
        pair(
            Rule::UnwritableInheritedValue,
            "[Event \"###\"]\n\n[Event \"#\"]\n",
            "[Event \"##No. 1\"]\n\n[Event \"#\"]\n",
        ),
    ]
}

/// A file that leaves a game out, and the file mended ([`crate::rules::pairs`]).
pub(crate) fn jsonl_pairs() -> Vec<crate::rules::pairs::Pair> {
    vec![crate::rules::pairs::Pair::new(
        Rule::GameNotConverted,
        "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
         [Board \"2\"]\n[Deal \"N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876\"]\n",
        "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\n\
         [Board \"2\"]\n[Deal \"N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876\"]\n",
    )]
}

/// A file whose removed game a kept one inherits from, and the same file with the value written
/// out ([`crate::rules::pairs`]).
pub(crate) fn dedup_pairs() -> Vec<crate::rules::pairs::Pair> {
    const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    let file = |second: &str, third: &str| {
        format!(
            "[Event \"Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Event \"{second}\"]\n\
             [Board \"2\"]\n[Deal \"{DEAL}\"]\n\n{third}[Board \"3\"]\n"
        )
    };
    vec![crate::rules::pairs::Pair::owned(
        Rule::RemovedGameInherited,
        file("##Club", ""),
        file("Club", "[Event \"Club\"]\n"),
    )]
}

/// A file rotate cannot turn, and the file mended ([`crate::rules::pairs`]).
pub(crate) fn rotate_pairs() -> Vec<crate::rules::pairs::Pair> {
    vec![crate::rules::pairs::Pair::new(
        Rule::NotRotated,
        "[Dealer \"X\"]\n[Board \"1\"]\n",
        "[Dealer \"W\"]\n[Board \"1\"]\n",
    )]
}

/// A played board renumbering would move, and one it would not ([`crate::rules::pairs`]).
pub(crate) fn renumber_pairs() -> Vec<crate::rules::pairs::Pair> {
    vec![
        crate::rules::pairs::Pair::new(
            Rule::RenumberMovesPlayedBoard,
            "[Board \"9\"]\n[Dealer \"N\"]\n[Vulnerable \"EW\"]\n[Auction \"N\"]\n1S AP\n",
            "[Board \"9\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Auction \"N\"]\n1S AP\n",
        ),
        // Numbered 1, the two Board tags would say the same; with a 3 after the 2 they do not.
        crate::rules::pairs::Pair::new(
            Rule::BoardsJoined,
            "[Board \"2\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Board \"1\"]\n",
            "[Board \"2\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Board \"3\"]\n",
        ),
    ]
}

/// A board without a Deal to copy, and the board with it ([`crate::rules::pairs`]).
pub(crate) fn replicate_pairs() -> Vec<crate::rules::pairs::Pair> {
    vec![crate::rules::pairs::Pair::new(
        Rule::NotReplicated,
        "[Board \"1\"]\n[Dealer \"N\"]\n",
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 \
         6543.876.876.876 2.5432.5432.5432\"]\n",
    )]
}

/// The pass/fail pairs of the writers' rules.
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    [
        proof_pairs(),
        jsonl_pairs(),
        dedup_pairs(),
        rotate_pairs(),
        renumber_pairs(),
        replicate_pairs(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
