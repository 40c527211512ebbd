//! The facts of one board that a `--where` expression asks about, read from its game as
//! `check` reads them (values after `#`/`##`, PBN 4.8), each when first asked: the hands
//! (PBN 3.4.11), the contract, declarer and result (PBN 3.4.13-3.4.15), the auction's calls
//! (PBN 3.5), the notes (PBN 3.9), the double-dummy tricks (DoubleDummyTricks or
//! OptimumResultTable, PBN 5.7) and par (OptimumScore, or par computed from those tricks).

use std::cell::OnceCell;

use crate::bridge::{CallToken, Denomination, Seat};
use crate::model::auction::{self, Entry};
use crate::model::deal::{self, Deal, Hand};
use crate::model::values::{ContractValue, PerSide, ResultValue, Side, Vulnerability};
use crate::model::{GameModel, double_dummy::Tricks};
use crate::syntax::Parse;

/// Each board of `text` (each game with a tag pair), PBN or LIN: a LIN text (BBO) is read as
/// the PBN it converts to, a batch of boards at a time, as `check` and `fingerprint` read it.
/// `each` returns false to stop.
pub fn each_board(text: &str, mut each: impl FnMut(&Board<'_>) -> bool) {
    crate::read::pbn_texts(text, |text| {
        let mut going = true;
        crate::read::judged_games(text, |parse, model, _| {
            going = each(&Board::new(parse, text, model));
            going
        });
        going
    });
}

/// A board as the expression sees it.
pub struct Board<'b> {
    parse: &'b Parse,
    text: &'b str,
    model: &'b GameModel<'b>,
    deal: OnceCell<Option<Deal>>,
    calls: OnceCell<Option<Vec<(Seat, CallToken)>>>,
    tricks: OnceCell<Option<Tricks>>,
}

impl<'b> Board<'b> {
    pub fn new(parse: &'b Parse, text: &'b str, model: &'b GameModel<'b>) -> Board<'b> {
        Board {
            parse,
            text,
            model,
            deal: OnceCell::new(),
            calls: OnceCell::new(),
            tricks: OnceCell::new(),
        }
    }

    /// A tag's value after inheritance.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.model.value(name)
    }

    pub fn board_number(&self) -> Option<i64> {
        crate::model::values::unsigned(self.tag("Board")?).map(i64::from)
    }

    pub fn dealer(&self) -> Option<Seat> {
        Seat::parse(self.tag("Dealer")?)
    }

    /// The Vulnerable tag in PBN's spelling or a certain loose one (`N-S`), as JSON lines read it.
    pub fn vulnerability(&self) -> Option<Vulnerability> {
        Vulnerability::read(self.tag("Vulnerable")?)
    }

    pub fn contract(&self) -> Option<ContractValue> {
        ContractValue::read(self.tag("Contract")?)
    }

    pub fn declarer(&self) -> Option<Seat> {
        crate::model::values::parse_declarer(self.tag("Declarer")?)?.map(|d| d.seat)
    }

    /// Declarer's tricks (PBN 3.4.15); none in a game passed out.
    pub fn tricks(&self) -> Option<i64> {
        let result = ResultValue::parse(self.tag("Result")?)??;
        result.declarer_tricks(self.declarer()?, 13).map(i64::from)
    }

    /// Tricks over (`+1`) or under (`-2`) the contract; 0 when it just makes.
    pub fn result(&self) -> Option<i64> {
        match self.contract()? {
            ContractValue::Contract(contract) => {
                Some(self.tricks()? - i64::from(contract.level) - 6)
            }
            _ => None,
        }
    }

    /// The score for North-South: of the contract, declarer, result and vulnerability when the
    /// game gives them (Law 77), else of its Score tag (PBN 4.2.1).
    pub fn score(&self) -> Option<i64> {
        self.computed_score().or_else(|| self.score_tag())
    }

    fn computed_score(&self) -> Option<i64> {
        match self.contract()? {
            ContractValue::PassedOut => Some(0),
            ContractValue::Trumps(_) => None,
            ContractValue::Contract(contract) => {
                let tricks = u8::try_from(self.tricks()?).ok()?;
                Some(contract.score_ns(self.declarer()?, self.vulnerability()?, tricks))
            }
        }
    }

    fn score_tag(&self) -> Option<i64> {
        match PerSide::parse(self.tag("Score")?, |w| w.parse::<i64>().ok())? {
            PerSide::Both { ns, .. } => Some(ns),
            PerSide::One(side, points) => Some(north_south(side, points)),
            PerSide::Declarer(points) => Some(north_south(Side::of(self.declarer()?), points)),
        }
    }

    /// The hand of `seat`, when the Deal gives it with certainty ([`deal::parse_certain`]): a
    /// hidden hand (`...`), one of spot cards (`x`) or one holding a card dealt twice is a fact
    /// the board does not give.
    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.deal
            .get_or_init(|| deal::parse_certain(self.tag("Deal")?))
            .as_ref()?
            .hand(seat)
    }

    /// The calls of the auction with their seats, `AP` written out as the passes it stands
    /// for; `None` without an auction.
    pub fn calls(&self) -> Option<&[(Seat, CallToken)]> {
        self.calls
            .get_or_init(|| {
                let (tag, start) = self.model.auction_section()?;
                let read =
                    auction::read(self.parse, self.text, start, self.dealer(), &tag.pair.data);
                let mut calls: Vec<(Seat, CallToken)> = Vec::new();
                for position in &read.positions {
                    match position.entry {
                        Entry::Call(CallToken::Skip) => {}
                        Entry::Call(CallToken::AllPass) => {
                            let bid = calls
                                .iter()
                                .any(|(_, call)| matches!(call, CallToken::Bid { .. }));
                            let passes = calls
                                .iter()
                                .rev()
                                .take_while(|(_, call)| *call == CallToken::Pass)
                                .count();
                            let to_end = if bid { 3 } else { 4 };
                            let mut seat = position.seat;
                            for _ in passes.min(to_end)..to_end {
                                calls.push((seat, CallToken::Pass));
                                seat = seat.next();
                            }
                        }
                        Entry::Call(call) => calls.push((position.seat, call)),
                        Entry::Skip | Entry::Unreadable | Entry::End | Entry::Continue => {}
                    }
                }
                Some(calls)
            })
            .as_deref()
    }

    /// The text of every note of the game (PBN 3.9), without its number.
    pub fn notes(&self) -> impl Iterator<Item = &str> {
        self.model
            .tags
            .iter()
            .filter(|tag| tag.name == "Note" && !tag.duplicate)
            .map(|tag| {
                let value: &str = &tag.value;
                value.split_once(':').map_or(value, |(_, note)| note)
            })
    }

    /// The double-dummy tricks: of DoubleDummyTricks, else of a well-formed OptimumResultTable.
    pub fn dd(&self) -> Option<&Tricks> {
        self.tricks
            .get_or_init(|| {
                if let Some(tricks) = self
                    .tag("DoubleDummyTricks")
                    .and_then(crate::model::double_dummy::read_digits)
                {
                    return Some(tricks);
                }
                let tag = self.model.get("OptimumResultTable")?;
                let mut checker = crate::rules::semantic::Checker {
                    text: self.text,
                    parse: self.parse,
                    rules: Default::default(),
                    out: Vec::new(),
                    solutions: None,
                };
                let tricks = crate::rules::dd::read_table(
                    &mut checker,
                    tag,
                    &mut crate::rules::dd::Cells::default(),
                )?;
                // A table with a defect (H002) gives no tricks the expression could trust.
                checker.out.is_empty().then_some(tricks)
            })
            .as_ref()
    }

    /// Par for North-South: par of the double-dummy tricks (PBN 5.7) when the board has them,
    /// else its OptimumScore (PBN 4.2.7).
    pub fn par(&self) -> Option<i64> {
        self.shown_par(None).map(|shown| shown.ns)
    }

    /// Whether the board's OptimumScore says other than its own double-dummy table (H004): a
    /// par left stale.
    pub fn par_contradicted(&self) -> bool {
        self.shown_par(None)
            .is_some_and(|par| par.contradicted.is_some())
    }

    /// The par the board shows ([`crate::par::shown`]): its table's, else its OptimumScore;
    /// `solved` stands for a table the file does not give (the solver's).
    pub fn shown_par(&self, solved: Option<&Tricks>) -> Option<crate::par::Shown> {
        let given = self.tag("OptimumScore").and_then(|value| {
            match PerSide::parse(value, |w| w.parse::<i64>().ok())? {
                PerSide::Both { ns, .. } => Some(ns),
                PerSide::One(side, points) => Some(north_south(side, points)),
                PerSide::Declarer(_) => None,
            }
        });
        crate::par::shown(
            given,
            self.dd().or(solved),
            self.vulnerability(),
            self.dealer(),
        )
    }

    /// Tricks `seat` takes as declarer in `denomination`, double dummy.
    pub fn dd_tricks(&self, seat: Seat, denomination: Denomination) -> Option<i64> {
        self.dd()
            .map(|tricks| i64::from(tricks[seat as usize][denomination as usize]))
    }
}

/// `points` of `side` as North-South's.
fn north_south(side: Side, points: i64) -> i64 {
    match side {
        Side::NorthSouth => points,
        Side::EastWest => -points,
    }
}
