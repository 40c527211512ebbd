//! The `L` rules: what is wrong with a BBO LIN record (`lin/read.rs` finds it) and what a board
//! written as LIN cannot carry (`lin/convert.rs`).

use std::ops::Range;

use crate::display::escape;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

// The rules of this family: their pages are in `lin.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/lin.rs"));

/// What the LIN reader (`lin/read.rs`) finds wrong with a record, as data: each is worded
/// here, beside its rule ([`LinProblem::diagnostic`]). `at` is where, in the LIN text; the
/// values are the LIN's own text, escaped when worded.
#[derive(Clone, Debug)]
pub enum LinProblem {
    /// L001: `text` stands where a tag should, after the value `value` of tag `before`.
    StrayText {
        at: Range<usize>,
        text: String,
        before: String,
        value: Range<usize>,
    },
    /// L001: `pn` gives `fields` names; `kept` is true when they were read as 4 or 8 (each
    /// comma followed by a space taken as part of a name).
    NamesSplit {
        at: Range<usize>,
        fields: usize,
        kept: bool,
    },
    /// L008: the file ends inside a tag.
    CutInTag {
        at: Range<usize>,
    },
    /// L008: the file ends after tag `tag`, before its value.
    CutAfterTag {
        at: Range<usize>,
        tag: String,
    },
    /// L008: the file ends inside the value of tag `tag`.
    CutInValue {
        at: Range<usize>,
        tag: String,
    },
    /// L011: a record of more than `max` pairs.
    OversizedRecord {
        at: Range<usize>,
        max: usize,
    },
    /// L002.
    UnknownTag {
        at: Range<usize>,
        tag: String,
    },
    /// L004: an `md` dealer digit that is no seat.
    BadDealer {
        at: Range<usize>,
        digit: char,
    },
    /// L004: a fifth hand in `md`.
    FifthHand {
        at: Range<usize>,
    },
    /// L004: a rank before any suit letter in an `md` hand.
    RankBeforeSuit {
        at: Range<usize>,
    },
    /// L004: `10` for the ten in an `md` hand.
    TenAsTen {
        at: Range<usize>,
    },
    /// L004: `text` in an `md` hand is neither a suit letter nor a rank.
    NotACard {
        at: Range<usize>,
        text: String,
    },
    /// L003: `md` gives `given` hands.
    PartialDeal {
        at: Range<usize>,
        given: usize,
    },
    /// L007: `sv|value|`, `qx|value|`, `mc|value|` that cannot be read.
    BadVulnerability {
        at: Range<usize>,
        value: String,
    },
    BadRoom {
        at: Range<usize>,
        value: String,
    },
    BadTricks {
        at: Range<usize>,
        value: String,
    },
    /// L005, L006: an `mb` or `pc` value that is no call or card.
    BadCall {
        at: Range<usize>,
        value: String,
    },
    BadCard {
        at: Range<usize>,
        value: String,
    },
    /// L014: BBO's result line (`rs`, its entry `entry` at `line`) gives declarer `listed`
    /// tricks, the record's `how` (its claim, or its play) `own`.
    ResultLineDisagrees {
        at: Range<usize>,
        line: Range<usize>,
        entry: String,
        listed: u8,
        own: u8,
        how: &'static str,
    },
}

/// The help of L008: every cut is mended the same way.
const CUT_SHORT: &str = "the file was cut short: get the whole file again";

impl LinProblem {
    /// The finding, in the words of its rule.
    pub fn diagnostic(self) -> Diagnostic {
        use LinProblem::*;
        match self {
            StrayText {
                at,
                text,
                before,
                value,
            } => Diagnostic::new(
                Rule::BrokenLinRecord,
                at,
                format!(
                    "`{}` stands where a LIN tag should: a `|` inside the `{before}` value \
                     before it ended that value early",
                    escape(text.trim())
                ),
            )
            .with_label("not a tag")
            .with_related(value, "the value it belongs to")
            .with_help(format!(
                "read as part of the `{before}` value; remove the `|` from it"
            )),
            NamesSplit { at, fields, kept } => Diagnostic::new(
                Rule::BrokenLinRecord,
                at,
                format!(
                    "`pn` gives {fields} names where 4 (or 8 in a match header) are \
                     expected: a `,` inside a name"
                ),
            )
            .with_help(if kept {
                "read with each comma followed by a space as part of a name; remove the \
                 comma from the name"
            } else {
                "remove the comma from the name; the first four names are read as South, \
                 West, North, East"
            }),
            CutInTag { at } => Diagnostic::new(
                Rule::UnterminatedLinValue,
                at,
                "the file ends inside a LIN tag, before its `|`",
            )
            .with_help(CUT_SHORT),
            CutAfterTag { at, tag } => Diagnostic::new(
                Rule::UnterminatedLinValue,
                at,
                format!("the file ends after the `{tag}` tag, before its value"),
            )
            .with_help(CUT_SHORT),
            CutInValue { at, tag } => Diagnostic::new(
                Rule::UnterminatedLinValue,
                at,
                format!("the file ends inside the `{tag}` value, before its closing `|`"),
            )
            .with_help(CUT_SHORT),
            OversizedRecord { at, max } => Diagnostic::new(
                Rule::OversizedLinRecord,
                at,
                format!(
                    "this record has more than {max} tag|value| pairs; the rest of it is not read"
                ),
            )
            .with_help("split the record; a played board has a few hundred pairs"),
            UnknownTag { at, tag } => Diagnostic::new(
                Rule::UnknownLinTag,
                at,
                format!(
                    "`{}` is not a LIN tag pbnfmt knows; it is kept as a comment",
                    escape(&tag)
                ),
            )
            .with_help("written to the PBN as `{LIN tag|value|}`"),
            BadDealer { at, digit } => Diagnostic::new(
                Rule::MalformedLinDeal,
                at,
                format!("the dealer `{digit}` is not 1 (South), 2 (West), 3 (North) or 4 (East)"),
            )
            .with_label("dealer"),
            FifthHand { at } => Diagnostic::new(
                Rule::MalformedLinDeal,
                at,
                "a fifth hand in `md`: a deal has four",
            ),
            RankBeforeSuit { at } => hand_text(at, "a rank before any suit letter in an `md` hand"),
            TenAsTen { at } => hand_text(at, "`10` in an `md` hand: LIN writes the ten as `T`"),
            NotACard { at, text } => hand_text(
                at,
                &format!(
                    "`{}` in an `md` hand is neither a suit letter nor a rank",
                    escape(&text)
                ),
            ),
            PartialDeal { at, given } => Diagnostic::new(
                Rule::PartialLinDeal,
                at,
                format!(
                    "`md` gives {given} hand{}: the deal cannot be completed",
                    if given == 1 { "" } else { "s" }
                ),
            )
            .with_help("the unknown hands are written as `-` in the PBN Deal"),
            BadVulnerability { at, value } => Diagnostic::new(
                Rule::InvalidLinValue,
                at,
                format!(
                    "`sv|{}|` is no vulnerability: `o` none, `n` North-South, `e` East-West, \
                     `b` both",
                    escape(&value)
                ),
            )
            .with_label("vulnerability"),
            BadRoom { at, value } => Diagnostic::new(
                Rule::InvalidLinValue,
                at,
                format!(
                    "`qx|{}|` is not a room (`o` open, `c` closed) and a board number",
                    escape(&value)
                ),
            )
            .with_label("room and board"),
            BadTricks { at, value } => Diagnostic::new(
                Rule::InvalidLinValue,
                at,
                format!(
                    "`mc|{}|` is no number of tricks from 0 to 13",
                    escape(&value)
                ),
            )
            .with_label("declarer's tricks"),
            BadCall { at, value } => Diagnostic::new(
                Rule::UnreadableLinCall,
                at,
                format!("`{}` is not a call", escape(&value)),
            )
            .with_label("call")
            .with_help(
                "write `p`, `d`, `r` or a bid `1C`…`7N`; the rest of the auction is kept as a \
                 comment",
            ),
            BadCard { at, value } => Diagnostic::new(
                Rule::UnreadableLinCard,
                at,
                format!("`{}` is not a card", escape(&value)),
            )
            .with_label("card")
            .with_help(
                "write a suit letter and a rank (`SA`, `HT`); the rest of the play is kept as a \
                 comment",
            ),
            ResultLineDisagrees {
                at,
                line,
                entry,
                listed,
                own,
                how,
            } => Diagnostic::new(
                Rule::LinResultLineDisagrees,
                at,
                format!(
                    "the record's {how} gives declarer {own} tricks, but BBO's result line gives \
                     `{}` for this board and room, {listed} tricks",
                    escape(&entry)
                ),
            )
            .with_related(line, "the result line's entry")
            .with_help(
                "the PBN Result takes the record's own tricks; check which is right and mend the \
                 other",
            ),
        }
    }
}

/// L010: a record's calls at `at` with no dealer.
pub fn auction_without_dealer(at: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::LinAuctionWithoutDealer,
        at,
        "the record gives calls but no dealer (`md|0` or no `md`): the seats of the calls are \
         unknown",
    )
    .with_help("give the dealer as the first digit of `md`; the calls are kept as a comment")
}

/// L009: `cards` cards at `at` with no contract.
pub fn play_without_contract(at: Range<usize>, cards: usize) -> Diagnostic {
    Diagnostic::new(
        Rule::LinPlayWithoutContract,
        at,
        format!(
            "{cards} card{} played, but the auction reaches no contract: the seats of the cards \
             are unknown",
            if cards == 1 { " is" } else { "s are" }
        ),
    )
    .with_help("give the auction; the cards are kept as a comment")
}

/// L012: board `board` at `at` cannot be uploaded to BBO, for each of `why`.
pub fn not_uploadable(at: Range<usize>, board: &str, why: &[String]) -> Diagnostic {
    Diagnostic::new(
        Rule::BoardNotUploadable,
        at,
        format!(
            "board {board} cannot be uploaded to BBO as it is: {}",
            why.join("; ")
        ),
    )
    .with_help("Bridge Composer refuses such a board; pbnfmt writes it as it can")
}

/// L013: the parts `lost` of board `board` at `at`, which LIN cannot carry.
pub fn lost_in_lin(at: Range<usize>, board: &str, layout: &str, lost: &[String]) -> Diagnostic {
    Diagnostic::new(
        Rule::LostInLin,
        at,
        format!(
            "LIN's {layout} layout cannot carry these parts of board {board}, which are left \
             out: {}",
            lost.join("; ")
        ),
    )
    .with_help("keep the PBN as the archive; the LIN is for BBO")
}

/// L013: the values `changed` at `at`, whose `|` and `,` LIN cannot carry.
pub fn changed_in_lin(at: Range<usize>, changed: &[String]) -> Diagnostic {
    Diagnostic::new(
        Rule::LostInLin,
        at,
        format!(
            "{}: a `|` is written as `/` and a `,` in a name as `;`",
            changed.join("; ")
        ),
    )
}

/// L004 for the text of an `md` hand.
fn hand_text(at: Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(Rule::MalformedLinDeal, at, message.to_owned()).with_help(
        "write each suit as its letter, S H D C, then its ranks, T for the ten; the hand is read \
         as unknown",
    )
}

/// Pass/fail pairs of the L rules ([`crate::rules::pairs`]): LIN texts for the reader's rules, PBN
/// texts for what `convert --to lin` says.
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::Rule;
    use crate::rules::pairs::Pair;
    const DEAL: &str = "md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|";
    let lin = |rest: &str| format!("pn|S,W,N,E|{DEAL}sv|o|{rest}");
    vec![
        Pair::owned(
            Rule::BrokenLinRecord,
            lin("mb|1H|an|5+ hearts | 11-15|mb|p|"),
            lin("mb|1H|an|5+ hearts, 11-15|mb|p|"),
        ),
        Pair::owned(
            Rule::UnknownLinTag,
            lin("mb|p|xy|private|"),
            lin("mb|p|nt|private|"),
        ),
        Pair::new(
            Rule::PartialLinDeal,
            "md|1S962HAJ7DKT82CJ75|sv|o|",
            "md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|sv|o|",
        ),
        Pair::new(
            Rule::MalformedLinDeal,
            "md|1S962HAJ7DK1082CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|",
            "md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|",
        ),
        Pair::owned(Rule::UnreadableLinCall, lin("mb|8S|"), lin("mb|7S|")),
        Pair::owned(
            Rule::UnreadableLinCard,
            lin("mb|1N|mb|p|mb|p|mb|p|pc|S10|"),
            lin("mb|1N|mb|p|mb|p|mb|p|pc|ST|"),
        ),
        Pair::owned(Rule::InvalidLinValue, lin("qx|z5|"), lin("qx|o5|")),
        Pair::owned(
            Rule::UnterminatedLinValue,
            lin("mb|1N|mb|p"),
            lin("mb|1N|mb|p|"),
        ),
        Pair::owned(
            Rule::LinPlayWithoutContract,
            lin("pc|ST|"),
            lin("mb|1N|mb|p|mb|p|mb|p|pc|ST|"),
        ),
        Pair::owned(
            Rule::OversizedLinRecord,
            lin(&"nt|x|".repeat(65_540)),
            lin(&"nt|x|".repeat(100)),
        ),
        Pair::new(
            Rule::LinAuctionWithoutDealer,
            "md|0S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|mb|1N|",
            "md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|mb|1N|",
        ),
        Pair::owned(
            Rule::LinResultLineDisagrees,
            format!("vg|T,S,I,1,1,A,0,B,0|rs|1NW=,|qx|o1|{DEAL}mb|p|mb|1N|mb|p|mb|p|mb|p|mc|8|"),
            format!("vg|T,S,I,1,1,A,0,B,0|rs|1NW=,|qx|o1|{DEAL}mb|p|mb|1N|mb|p|mb|p|mb|p|mc|7|"),
        ),
        Pair::new(
            Rule::BoardNotUploadable,
            "[Board \"1-1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n",
            "[Board \"1\"]\n[Dealer \"N\"]\n\
             [Deal \"N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ\"]\n",
        ),
        Pair::new(
            Rule::LostInLin,
            "[Board \"1\"]\n[Dealer \"N\"]\n\
             [Deal \"N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ\"]\n\
             [Site \"Amsterdam\"]\n",
            "[Board \"1\"]\n[Dealer \"N\"]\n\
             [Deal \"N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ\"]\n",
        ),
    ]
}
