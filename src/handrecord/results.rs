//! The results page (issue 66, item 4): `pbnfmt handrecord --results` draws each board's
//! traveller (PBN 5.9 ScoreTable) under its diagram, and the event's ranking (PBN 5.10
//! TotalScoreTable) at the end, as a club's results pages do.
//!
//! What is drawn is what the file writes, element for element, in its own columns and order: the
//! page prints no figure of its own. Its figures are checked before it is drawn (R001-R008: a
//! traveller or a ranking whose arithmetic is wrong stops the drawing, [`crate::rules::drawn`]),
//! so a results page pbnfmt prints with exit 0 is one whose scores, matchpoints, IMPs,
//! percentages, totals and ranks add up. Left out of the tables: personal data (`MemberID…`,
//! `Sex…`), which a printed sheet has no need of; the players' names stay (a Bridge Composer
//! file names its pairs only on its travellers). A file without a TotalScoreTable has no ranking drawn:
//! it is not made up (`pbnfmt score` does not make one either), and the page says so.

use std::fmt::Write as _;

use crate::model::{GameModel, Inheritance};
use crate::syntax::Parse;
use crate::table::Table;

use super::escape;

/// A table of results as the page draws it: the columns shown, and each row's elements as
/// written (a string's quotes taken off and its escapes resolved).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ResultTable {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// An event's ranking: its TotalScoreTable, under the heading the file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    /// The Event (and Section, where the file gives one) of the game that carries the table.
    pub heading: String,
    pub table: ResultTable,
}

/// Whether a column is drawn: not personal data (a member number, a player's sex).
fn drawn_column(name: &str) -> bool {
    !(name.starts_with("MemberID") || name.starts_with("Sex"))
}

/// The table of the tag `name` in `game`, with the columns `shown` keeps; `None` when the game
/// has none of its own (an inherited value carries no rows), or no column or row to draw.
fn table_of(
    parse: &Parse,
    text: &str,
    game: &GameModel<'_>,
    name: &str,
    shown: fn(&str) -> bool,
) -> Option<ResultTable> {
    let tag = game.get(name)?;
    if tag.inheritance == Inheritance::Implied {
        return None;
    }
    let table = Table::new(tag.pair, &tag.value);
    let width = table.columns.len();
    let kept: Vec<usize> = (0..width)
        .filter(|&i| shown(table.columns[i].name))
        .collect();
    if kept.is_empty() {
        return None;
    }
    let element = |(first, last)| {
        let cell = &text[parse.span(first, last)];
        if cell.starts_with('"') {
            crate::syntax::string_value(cell)
        } else {
            cell.to_owned()
        }
    };
    // A short last row (R rules and X003 report it) is drawn as far as it goes.
    let rows: Vec<Vec<String>> = table
        .rows()
        .map(|row| {
            kept.iter()
                .map(|&i| row.get(i).map(|&at| element(at)).unwrap_or_default())
                .collect()
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    Some(ResultTable {
        columns: kept
            .iter()
            .map(|&i| table.columns[i].name.to_owned())
            .collect(),
        rows,
    })
}

/// A game's traveller, as the page draws it.
pub(super) fn traveller(parse: &Parse, text: &str, game: &GameModel<'_>) -> Option<ResultTable> {
    table_of(parse, text, game, "ScoreTable", drawn_column)
}

/// A game's ranking (its own TotalScoreTable), under the game's Event and Section.
pub(super) fn ranking(parse: &Parse, text: &str, game: &GameModel<'_>) -> Option<Ranking> {
    let table = table_of(parse, text, game, "TotalScoreTable", drawn_column)?;
    let value = |name: &str| {
        game.value(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let heading: Vec<&str> = ["Event", "Section"]
        .iter()
        .filter_map(|name| value(name))
        .collect();
    Some(Ranking {
        heading: heading.join(", "),
        table,
    })
}

/// Whether a column holds numbers, drawn to the right.
pub(super) fn numeric(table: &ResultTable, column: usize) -> bool {
    let mut any = false;
    for row in &table.rows {
        let cell = row.get(column).map_or("", |c| c.trim());
        if matches!(cell, "" | "-" | "?") {
            continue;
        }
        let digits = cell.trim_end_matches('=').trim_start_matches(['+', '-']);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return false;
        }
        any = true;
    }
    any
}

/// A column's heading as printed: the short words of a club's traveller for the longest of
/// PBN's names (`Declarer` as `By`, `Percentage_NS` as `% NS`), else the name with its
/// underscores as spaces (`Score NS`).
pub(super) fn heading(column: &str) -> String {
    let short = match column {
        "PairId_NS" => "Pair NS",
        "PairId_EW" => "Pair EW",
        "Declarer" => "By",
        "ButlerDatum" => "Datum",
        "Multiplicity" => "Mult.",
        "Percentage_NS" => "% NS",
        "Percentage_EW" => "% EW",
        other => return other.replace('_', " "),
    };
    short.to_owned()
}

/// `table` as an HTML table of `class`.
pub(super) fn table_html(out: &mut String, table: &ResultTable, class: &str) {
    let _ = write!(out, "<table class=\"{class}\"><thead><tr>");
    for column in &table.columns {
        let _ = write!(out, "<th>{}</th>", escape(&heading(column)));
    }
    out.push_str("</tr></thead><tbody>\n");
    let right: Vec<bool> = (0..table.columns.len())
        .map(|i| numeric(table, i))
        .collect();
    for row in &table.rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if right.get(i) == Some(&true) {
                " class=\"n\""
            } else {
                ""
            };
            let _ = write!(out, "<td{class}>{}</td>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// The ranking part of the results page: each ranking under its heading, or why there is none.
/// `warning` (the `--force` warning, as HTML) heads it.
pub(super) fn rankings_html(out: &mut String, rankings: &[Ranking], warning: &str) {
    out.push_str("<section class=\"ranking\">\n");
    out.push_str(warning);
    out.push_str("<h2>Ranking</h2>\n");
    if rankings.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", NO_RANKING);
    }
    for ranking in rankings {
        if !ranking.heading.is_empty() {
            let _ = writeln!(out, "<h3>{}</h3>", escape(&ranking.heading));
        }
        table_html(out, &ranking.table, "results ranking");
    }
    out.push_str("</section>\n");
}

/// What the page says where the file gives no ranking.
pub(super) const NO_RANKING: &str =
    "The file gives no ranking (no TotalScoreTable): none is drawn.";

#[cfg(test)]
mod tests {
    use super::*;

    const EVENT: &str = "[Event \"Club <Pairs>\"]\n[Board \"1\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract;Declarer;Result;Score_NS;Score_EW;\
        Names_NS\"]\n 1  2 7NT N 13 1520 - \"A \\\"Ace\\\" <b>\"\n 3  4 6NT N 13 1020 - \"B\"\n\
        [TotalScoreTable \"Rank;PairId;Names;TotalMP;MemberID1\"]\n\
        1 1 \"A <b>\" 2 \"123\"\n2 3 \"B\" 0 \"456\"\n";

    /// A board given twice with one table keeps it once; two sessions' boards of one number
    /// (other deals) each keep their own, even when the tables read alike.
    #[test]
    fn each_board_keeps_its_own_travellers_once() {
        let game = |deal: &str| {
            format!(
                "[Board \"1\"]\n[Deal \"N:{deal}\"]\n\
                 [ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 100\n\n"
            )
        };
        let one = "AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
        let other = "T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432";
        let text = game(one) + &game(one) + &game(other);
        let boards = super::super::boards(&text, &|_| true, true);
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0].travellers.len(), 1, "the same table once");
        assert_eq!(
            boards[1].travellers.len(),
            1,
            "the other deal keeps its own"
        );
        assert!(
            super::super::boards(&text, &|_| true, false)[0]
                .travellers
                .is_empty()
        );
    }

    #[test]
    fn a_traveller_and_a_ranking_as_written_without_personal_data() {
        let (boards, rankings) = super::super::results(EVENT, &|_| true);
        let traveller = &boards[0].travellers[0];
        assert_eq!(
            traveller.columns,
            [
                "PairId_NS",
                "PairId_EW",
                "Contract",
                "Declarer",
                "Result",
                "Score_NS",
                "Score_EW",
                "Names_NS"
            ]
        );
        assert_eq!(
            traveller.rows[0],
            ["1", "2", "7NT", "N", "13", "1520", "-", "A \"Ace\" <b>"]
        );
        assert_eq!(rankings.len(), 1);
        assert_eq!(rankings[0].heading, "Club <Pairs>");
        assert_eq!(
            rankings[0].table.columns,
            ["Rank", "PairId", "Names", "TotalMP"]
        );
        assert_eq!(rankings[0].table.rows[0], ["1", "1", "A <b>", "2"]);
        let mut html = String::new();
        rankings_html(&mut html, &rankings, "");
        assert!(html.contains("<td>A &lt;b&gt;</td>"), "{html}");
        assert!(!html.contains("123"), "a member number is not printed");
        assert!(numeric(&rankings[0].table, 3) && !numeric(&rankings[0].table, 2));
    }
}
