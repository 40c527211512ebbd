//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    let north = |calls: &str| format!("[Dealer \"N\"]\n[Auction \"N\"]\n{calls}\n");
    let pair = |rule, fails, passes| Pair::owned(rule, north(fails), north(passes));
    vec![
        Pair::new(
            Rule::AuctionWithoutDealer,
            "[Auction \"N\"]\n1S Pass 4S AP\n",
            "[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass 4S AP\n",
        ),
        Pair::new(
            Rule::InvalidAuctionSeat,
            "[Dealer \"N\"]\n[Auction \"1\"]\n1S Pass 4S AP\n",
            "[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass 4S AP\n",
        ),
        Pair::new(
            Rule::WrongFirstCaller,
            "[Dealer \"E\"]\n[Auction \"N\"]\n1S Pass 4S AP\n",
            "[Dealer \"E\"]\n[Auction \"E\"]\n1S Pass 4S AP\n",
        ),
        pair(
            Rule::InsufficientBid,
            "1S 1H Pass Pass\nPass",
            "1S 2H Pass Pass\nPass",
        ),
        pair(Rule::MisusedAuctionIrregularity, "1S ^I 2H AP", "1S 2H AP"),
        pair(Rule::IllegalDouble, "1S Pass X AP", "1S X AP"),
        pair(Rule::IllegalRedouble, "1S XX AP", "1S X XX AP"),
        pair(
            Rule::CallAfterAuctionEnd,
            "1S Pass Pass Pass\n2C",
            "1S Pass Pass Pass",
        ),
        pair(Rule::UnfinishedAuction, "1S Pass 4S Pass", "1S Pass 4S AP"),
        pair(Rule::CallAfterContinuation, "1S Pass +\n*", "1S Pass +"),
        Pair::new(
            Rule::MisplacedSkip,
            "[Dealer \"W\"]\n[Auction \"W\"]\n1D ^S *\n",
            "[Dealer \"W\"]\n[Auction \"W\"]\n1D ^S 2D *\n",
        ),
        pair(Rule::MisplacedDash, "1S - Pass", "1S Pass Pass Pass"),
        Pair::owned(
            Rule::DeclarerMismatch,
            north("1S Pass 4S AP\n[Declarer \"S\"]"),
            north("1S Pass 4S AP\n[Declarer \"N\"]"),
        ),
        Pair::new(
            Rule::ContractMismatch,
            "[Dealer \"N\"]\n[Contract \"4S\"]\n[Auction \"N\"]\n1S Pass 4S X\nAP\n",
            "[Dealer \"N\"]\n[Contract \"4SX\"]\n[Auction \"N\"]\n1S Pass 4S X\nAP\n",
        ),
        pair(Rule::MiscasedCall, "1S PASS 4S AP", "1S pass 4S ap"),
        pair(
            Rule::LooseCall,
            "1N P 3N P P P",
            "1NT Pass 3NT Pass Pass Pass",
        ),
        Pair::new(
            Rule::MiscasedCall,
            "[Contract \"4Nt\"]\n",
            "[Contract \"4nt\"]\n",
        ),
        Pair::new(
            Rule::DealerAfterAuction,
            "[Auction \"N\"]\n1S Pass 4S AP\n[Dealer \"N\"]\n",
            "[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass 4S AP\n",
        ),
    ]
}
