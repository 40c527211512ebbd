//! `pbnfmt handrecord`: a set of boards as a hand record to print (issue 47): every board as the
//! four hands around a compass with each hand's high-card points, dealer and vulnerability, and
//! where the file gives them (or the solver computed them) the double-dummy tricks of each
//! declarer and strain and par. Written as one self-contained HTML document with print CSS (one
//! sheet a page, no board cut by a page break), system fonts, nothing fetched.
//!
//! Everything from a file is escaped ([`escape`]) before it is written: a player's name or an
//! Event cannot open an element, a script or a style.

use crate::bridge::{Denomination, Seat, Suit};
use crate::model::deal::{self, Cards};
use crate::model::double_dummy::{DIGIT_DENOMINATIONS, DIGIT_SEATS, Tricks};
use crate::model::values::{Side, Vulnerability};

#[cfg(feature = "pdf")]
mod html;
pub mod pdf;
pub use html::{escape, html};
pub mod results;

pub use results::{Ranking, ResultTable};

/// The paper a page is printed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }

    /// The height a page's content fills: the paper's less the 10 mm margins and a millimetre
    /// for the browser's rounding (a page a hair too tall would push its folio onto a page of
    /// its own). A page whose boards need more grows and breaks as before.
    fn page_height(self) -> &'static str {
        match self {
            Paper::A4 => "276mm",
            Paper::Letter => "258mm",
        }
    }
}

/// What the double-dummy grid shows (issue 62, item 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grid {
    /// The tricks of each declarer and strain, as the file's DoubleDummyTricks gives them.
    #[default]
    Tricks,
    /// The highest level each declarer makes in each strain: tricks less six, `–` below seven.
    Makeable,
}

impl Grid {
    /// A cell of the grid for `tricks` tricks.
    pub fn cell(self, tricks: u8) -> String {
        match self {
            Grid::Tricks => tricks.to_string(),
            Grid::Makeable if tricks >= 7 => (tricks - 6).to_string(),
            Grid::Makeable => "\u{2013}".to_owned(),
        }
    }
}

/// What a board shows besides the HCP, for a teacher (issue 62, item 3): each hand's
/// losing-trick count, and the Law of Total Tricks' two totals. Off by default: a club's hand
/// record (ACBL's, Bridge Composer's) shows neither unless asked, and a director prints for
/// players, not for a lesson.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// `LTC 7` under each hand given card for card ([`crate::query::losers`]).
    pub losers: bool,
    /// `Total trumps 17 · tricks 16` beside par ([`total_tricks`]).
    pub total_tricks: bool,
}

/// The Law of Total Tricks' totals of a deal whose four hands are given, 13 cards each:
/// `trumps`, the length of North-South's longest fit plus East-West's; `tricks`, with a
/// double-dummy table, the tricks North-South take as declarer (the better of North and
/// South) in that fit plus those East-West take in theirs. Of two fits of a side equally long,
/// the one it takes more tricks in (docs/spec-decisions.md, "Total tricks"). `None` where a hand
/// is not given whole: a total is never guessed.
pub fn total_tricks(board: &Board) -> Option<(u8, Option<u8>)> {
    let hands: Vec<Cards> = board.hands.iter().copied().collect::<Option<_>>()?;
    if hands.iter().any(|cards| cards.len() != 13) {
        return None;
    }
    let length = |seat: Seat, suit: Suit| hands[seat as usize].length(suit);
    let mut trumps = 0;
    let mut tricks = Some(0);
    for (one, two) in [(Seat::North, Seat::South), (Seat::East, Seat::West)] {
        let fits = Suit::ALL.map(|suit| (length(one, suit) + length(two, suit), suit));
        let longest = fits.iter().map(|(len, _)| *len).max().unwrap_or(0);
        trumps += longest;
        let taken = |suit: Suit| {
            board.tricks.map(|dd| {
                let strain = Denomination::from(suit) as usize;
                dd[one as usize][strain].max(dd[two as usize][strain])
            })
        };
        let best = fits
            .iter()
            .filter(|(len, _)| *len == longest)
            .map(|(_, suit)| taken(*suit))
            .max()
            .flatten();
        tricks = tricks.zip(best).map(|(sum, side)| sum + side);
    }
    Some((trumps, tricks))
}

/// The words of [`total_tricks`] on a board, when asked for and known.
pub(crate) fn total_words(board: &Board, counts: Counts) -> Option<String> {
    if !counts.total_tricks {
        return None;
    }
    Some(match total_tricks(board)? {
        (trumps, Some(tricks)) => format!("Total trumps {trumps} \u{b7} tricks {tricks}"),
        (trumps, None) => format!("Total trumps {trumps}"),
    })
}

/// `LTC 7` for a seat's hand, when asked for and the hand is given.
pub(crate) fn losers_words(board: &Board, seat: Seat, counts: Counts) -> Option<String> {
    let cards = board.hands[seat as usize].filter(|_| counts.losers)?;
    Some(format!("LTC {}", crate::query::losers(cards)))
}

/// How the hand record is drawn.
#[derive(Clone, Debug)]
pub struct Options {
    /// The title; by default the file's `%HRTitleEvent`, else its Event and Date.
    pub title: Option<String>,
    /// Boards a page: 4, 6 or 8.
    pub per_page: usize,
    pub paper: Paper,
    /// Four suit colours (spades black, hearts red, diamonds orange, clubs green), not two.
    pub four_colour: bool,
    /// The suit symbols' size, in per cent of the text's (100 to 300).
    pub suit_size: u32,
    /// What the double-dummy grid shows.
    pub grid: Grid,
    /// The teaching counts shown (`--counts`).
    pub counts: Counts,
    /// Why the record is drawn in spite of error findings (`--force`): shown on every sheet.
    pub warning: Option<String>,
    /// The results page (`--results`, [`results`]): each board's traveller under its diagram,
    /// and these rankings at the end; the boards follow one another, not `per_page` a page.
    pub results: Option<Vec<Ranking>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            title: None,
            per_page: 6,
            paper: Paper::A4,
            four_colour: false,
            suit_size: 100,
            grid: Grid::Tricks,
            counts: Counts::default(),
            warning: None,
            results: None,
        }
    }
}

/// One board as the hand record draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The Board tag as written (`"?"` when absent).
    pub number: String,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    /// Each seat's cards (`Seat as usize`), `None` for a hand not given.
    pub hands: [Option<Cards>; 4],
    /// The tricks of each declarer and strain: the file's, or the solver's.
    pub tricks: Option<Tricks>,
    /// Par: the table's, with its contracts, else the file's OptimumScore
    /// ([`crate::par::shown`]).
    pub par: Option<crate::par::Shown>,
    /// The key of the deal when it gives four hands, for the solver (`--analyze`).
    pub key: Option<u128>,
    /// The players by seat, where the file names them (a record of a session played).
    pub players: [Option<String>; 4],
    /// The board's travellers (its ScoreTables, each distinct one once), for the results page.
    pub travellers: Vec<ResultTable>,
}

impl Board {
    /// The solver's tricks for a board whose file gives none, and par from them.
    pub fn solved(&mut self, tricks: Tricks) {
        if self.tricks.is_none() {
            self.tricks = Some(tricks);
            let given = self.par.as_ref().map(|par| par.ns);
            self.par = crate::par::shown(given, Some(&tricks), self.vulnerable, self.dealer);
        }
    }
}

/// The title a file gives its hand record: `%HRTitleEvent "…"` (Bridge Composer), else the first
/// game's Event and Date.
pub fn file_title(text: &str) -> Option<String> {
    for line in text.lines().take_while(|line| !line.starts_with('[')) {
        if let Some(rest) = line.strip_prefix("%HRTitleEvent") {
            let title = rest.trim().trim_matches('"').trim();
            if !title.is_empty() {
                return Some(title.to_owned());
            }
        }
    }
    let mut title = None;
    crate::read::pbn_texts(text, |text| {
        crate::read::judged_games(text, |_, model, _| {
            let value = |name: &str| model.value(name).filter(|v| !v.is_empty() && *v != "?");
            let parts: Vec<&str> = ["Event", "Date"].iter().filter_map(|n| value(n)).collect();
            if !parts.is_empty() {
                title = Some(parts.join(", "));
            }
            false
        });
        false
    });
    title
}

/// The boards of `text` (PBN or LIN) in the order of their numbers (file order among boards
/// that are not numbers, after them), each board once: a results file gives a board at every
/// table. `keep` chooses the boards (`--boards`, `--where`). With `travellers` (the results
/// page, [`results`]), a board's travellers are those of every game that gives it, each distinct
/// table once.
pub fn boards(
    text: &str,
    keep: &dyn Fn(&crate::query::Board<'_>) -> bool,
    travellers: bool,
) -> Vec<Board> {
    gather(text, keep, travellers).0
}

/// What the results page draws of `text`, in one reading: [`boards`] with their travellers, and
/// every ranking (TotalScoreTable) of the file in file order, whichever boards `keep` chooses.
pub fn results(
    text: &str,
    keep: &dyn Fn(&crate::query::Board<'_>) -> bool,
) -> (Vec<Board>, Vec<Ranking>) {
    gather(text, keep, true)
}

/// [`boards`], and with `results` the travellers and rankings too.
fn gather(
    text: &str,
    keep: &dyn Fn(&crate::query::Board<'_>) -> bool,
    results: bool,
) -> (Vec<Board>, Vec<Ranking>) {
    let mut boards: Vec<Board> = Vec::new();
    let mut rankings = Vec::new();
    let mut seen = std::collections::HashMap::new();
    // Each board's travellers, to keep a table given again once in time linear in the file.
    let mut tables = std::collections::HashSet::new();
    crate::read::pbn_texts(text, |text| {
        crate::read::judged_games(text, |parse, model, _| {
            if results {
                rankings.extend(results::ranking(parse, text, model));
            }
            let facts = crate::query::Board::new(parse, text, model);
            if !keep(&facts) {
                return true;
            }
            let number = model.value("Board").map_or("?", str::trim).to_owned();
            let deal = model.value("Deal").unwrap_or("").trim().to_owned();
            // The board's place in `boards`: known, or the next one.
            let at = seen.get(&(number.clone(), deal.clone())).copied();
            let traveller = results
                .then(|| results::traveller(parse, text, model))
                .flatten()
                .filter(|table| tables.insert((at.unwrap_or(boards.len()), table.clone())));
            if let Some(at) = at {
                let board: &mut Board = &mut boards[at];
                board.travellers.extend(traveller);
                return true;
            }
            seen.insert((number.clone(), deal), boards.len());
            let mut hands = [None; 4];
            let mut key = None;
            if let Some(deal) = model.value("Deal").and_then(deal::parse_certain) {
                for (seat, hand) in deal.known_hands() {
                    hands[seat as usize] = Some(hand.cards);
                }
                key = crate::sets::key(&deal);
            }
            // The file's ParContract where it agrees with the table (issue 62, item 2): the
            // producer's choice of seats and strains, else every contract of the table's par.
            let mut par = facts.shown_par(None);
            if let (Some(shown), Some(tricks), Some(vulnerable), Some(value)) = (
                par.as_mut(),
                facts.dd(),
                facts.vulnerability(),
                model.value("ParContract"),
            ) && shown.contracts.is_some()
                && shown.contradicted.is_none()
                && let Some(contracts) =
                    crate::par::file_contracts(value, tricks, vulnerable, shown.ns)
            {
                shown.contracts = Some(contracts);
            }
            boards.push(Board {
                number,
                dealer: facts.dealer(),
                vulnerable: facts.vulnerability(),
                hands,
                tricks: facts.dd().copied(),
                par,
                key,
                players: Seat::ALL.map(|seat| {
                    model
                        .value(seat.name())
                        .map(str::trim)
                        .filter(|v| !v.is_empty() && *v != "?")
                        .map(str::to_owned)
                }),
                travellers: traveller.into_iter().collect(),
            });
            true
        });
        true
    });
    boards.sort_by_key(|board| board.number.parse::<u64>().unwrap_or(u64::MAX));
    (boards, rankings)
}

/// A suit's cards, highest first, `10` for the ten; `—` for a void.
pub(crate) fn holding(cards: Cards, suit: Suit) -> String {
    crate::show::holding_words(cards, suit).unwrap_or_else(|| "—".to_owned())
}

/// How the hand record words a board's vulnerability.
pub(crate) fn vulnerable_words(vulnerable: Option<Vulnerability>) -> &'static str {
    match vulnerable {
        Some(Vulnerability::None) => "None vulnerable",
        Some(Vulnerability::NorthSouth) => "N-S vulnerable",
        Some(Vulnerability::EastWest) => "E-W vulnerable",
        Some(Vulnerability::All) => "Both vulnerable",
        None => "Vulnerability not given",
    }
}

/// `Par NS 620` and its contracts (`4♠ by N-S`, its result as ParContract writes it, `1♠+2`),
/// the strain written by `strain_words` ([`crate::par::Shown::parts`]); `None` without par.
pub(crate) fn par_parts(
    board: &Board,
    strain_words: fn(Denomination) -> String,
) -> Option<(String, Vec<String>)> {
    let par = board.par.as_ref()?;
    Some(par.parts(&strain_words, ["N-S", "E-W"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = "%HRTitleEvent \"Club <Pairs>\"\n\
        [Event \"Club\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
        [Deal \"N:KQ74.AQ2.J85.K63 J98.K853.A763.98 A652.J9.KQ9.AQJ4 T3.T764.T42.T752\"]\n\
        [DoubleDummyTricks \"bb9bbbb99b2242222422\"]\n\n\
        [Event \"Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [North \"<script>alert(1)</script>\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";

    #[test]
    fn boards_in_order_with_their_tables_and_the_title() {
        let boards = boards(SET, &|_| true, false);
        let numbers: Vec<&str> = boards.iter().map(|b| b.number.as_str()).collect();
        assert_eq!(numbers, ["1", "2"]);
        assert_eq!(boards[1].tricks.unwrap()[Seat::North as usize][4], 11);
        assert_eq!(boards[1].par.as_ref().map(|par| par.ns), Some(660));
        assert_eq!(file_title(SET).as_deref(), Some("Club <Pairs>"));
        let html = html(&boards, "Club <Pairs>", &Options::default());
        assert!(html.contains("<title>Club &lt;Pairs&gt;</title>"));
        assert!(!html.contains("<script>"), "a name cannot open an element");
        assert!(html.contains("Par NS 660"));
    }

    /// Issue 62, item 3: the teaching counts, against totals worked out by hand here. The
    /// losing-trick counts: North AKQ2 K32 Q32 432 is 0+2+2+3 = 7; East J9876 A54 54 765 is
    /// 3+2+2+3 = 10; South T5 QJT9 AKJT AJT is 2+2+1+2 = 7; West 43 876 9876 KQ98 is 2+3+3+1 = 9.
    /// The fits: North-South 7 hearts and 7 diamonds, East-West 7 spades and 7 clubs, so 14
    /// total trumps. The table (N, S, E, W; NT S H D C) gives North-South 9 tricks in hearts
    /// (South) and 10 in diamonds (North): 10, in the fit it takes more in; East-West 6 in spades
    /// (East) and 7 in clubs (West): 7. Total tricks 17: a count from one declarer, or from the
    /// first fit, gives 16.
    #[test]
    fn the_counts_a_teacher_asks_for() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
            [Deal \"N:AKQ2.K32.Q32.432 J9876.A54.54.765 T5.QJT9.AKJT.AJT 43.876.9876.KQ98\"]\n\
            [DoubleDummyTricks \"778a6779966643465437\"]\n";
        let boards = boards(text, &|_| true, false);
        assert_eq!(total_tricks(&boards[0]), Some((14, Some(17))));
        let counts = Counts {
            losers: true,
            total_tricks: true,
        };
        let losers: Vec<_> = Seat::ALL
            .iter()
            .map(|&seat| losers_words(&boards[0], seat, counts))
            .collect();
        let expected = ["LTC 7", "LTC 10", "LTC 7", "LTC 9"].map(|w| Some(w.to_owned()));
        assert_eq!(losers, expected);
        let options = Options {
            counts,
            ..Options::default()
        };
        let page = html(&boards, "Counts", &options);
        assert!(
            page.contains("Total trumps\u{a0}14 \u{b7} tricks\u{a0}17"),
            "{page}"
        );
        assert_eq!(page.matches("class=\"count\">LTC ").count(), 4);
        // Not asked for: not shown.
        let plain = html(&boards, "Counts", &Options::default());
        assert!(!plain.contains("LTC") && !plain.contains("Total trumps"));
        // Without the table, the trumps alone; a hand not given: no totals, no LTC for it.
        let mut unsolved = boards[0].clone();
        unsolved.tricks = None;
        assert_eq!(total_tricks(&unsolved), Some((14, None)));
        assert_eq!(
            total_words(&unsolved, counts).as_deref(),
            Some("Total trumps 14")
        );
        unsolved.hands[Seat::West as usize] = None;
        assert_eq!(total_tricks(&unsolved), None);
        assert_eq!(losers_words(&unsolved, Seat::West, counts), None);
    }

    #[test]
    fn only_the_boards_asked_for() {
        let boards = boards(SET, &|board| board.tag("Board") == Some("2"), false);
        assert_eq!(boards.len(), 1);
        assert_eq!(boards[0].number, "2");
    }
}
