//! `pbnfmt select`: a file with only the boards chosen by number (`--boards 1-8,12`) and by a
//! `--where` expression ([`crate::query`]). The other games are removed whole, as `dedup`
//! removes them ([`super::dedup::remove_games`]); every other byte stays, and a kept game that
//! took a value from a removed one through `#`/`##` (PBN 4.8) is written with that value. The
//! result is proven by reading it back: the kept games' facts are the input's.

use crate::rules::writing::{Boards, Unfaithful};
use std::ops::RangeInclusive;

use super::RewriteOptions;
use super::dedup::{Deduped, remove_games};
use super::renumber::{RenumberOptions, renumber_owned};
use crate::query::{Board, Query};

/// Board numbers: `1-8,12,20-`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardList(Vec<RangeInclusive<i64>>);

impl BoardList {
    /// Reads a list of numbers and ranges, separated by commas; a range may be open at its end
    /// (`20-`).
    pub fn parse(text: &str) -> Result<BoardList, String> {
        let mut ranges = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            let number = |word: &str| {
                word.trim().parse::<u32>().map(i64::from).map_err(|_| {
                    format!(
                        "`{}` is not a board number or a range such as 1-8 or 20-",
                        crate::display::escape(part)
                    )
                })
            };
            let range = match part.split_once('-') {
                Some((first, "")) => number(first)?..=i64::MAX,
                Some((first, last)) => number(first)?..=number(last)?,
                None => {
                    let n = number(part)?;
                    n..=n
                }
            };
            if range.is_empty() {
                return Err(format!(
                    "`{}` runs backwards: write the lower number first",
                    crate::display::escape(part)
                ));
            }
            ranges.push(range);
        }
        Ok(BoardList(ranges))
    }

    pub fn contains(&self, board: i64) -> bool {
        self.0.iter().any(|range| range.contains(&board))
    }
}

/// Which boards stay.
#[derive(Debug, Default)]
pub struct Choice {
    pub boards: Option<BoardList>,
    pub query: Option<Query>,
    /// Keep the boards *not* chosen instead.
    pub invert: bool,
}

impl Choice {
    /// Whether `board` stays.
    pub fn keeps(&self, board: &Board<'_>) -> bool {
        let chosen = self.boards.as_ref().is_none_or(|list| {
            board
                .board_number()
                .is_some_and(|number| list.contains(number))
        }) && self.query.as_ref().is_none_or(|query| query.matches(board));
        chosen != self.invert
    }
}

/// `bytes` with only the boards `choice` keeps; with `renumber`, numbered from 1 (`renumber`,
/// proven in its turn).
pub fn select_owned(
    bytes: Vec<u8>,
    choice: &Choice,
    renumber: bool,
    options: RewriteOptions,
) -> Deduped {
    select_counted(bytes, choice, renumber, options).0
}

/// [`select_owned`], and how many boards it keeps.
pub fn select_counted(
    bytes: Vec<u8>,
    choice: &Choice,
    renumber: bool,
    options: RewriteOptions,
) -> (Deduped, usize) {
    let mut kept = 0;
    let done = remove_games(bytes, options, true, false, |parse, text, model| {
        let keeps = choice.keeps(&Board::new(parse, text, model));
        kept += usize::from(keeps);
        (!keeps).then(String::new)
    });
    let done = if renumber {
        numbered(done, options)
    } else {
        done
    };
    (done, kept)
}

/// The boards `choice` does not keep, each with the values it took from `#`/`##` written out
/// (for `--rejected`), when the file is not refused.
pub fn rejected_owned(bytes: Vec<u8>, choice: &Choice, options: RewriteOptions) -> Option<String> {
    let done = chosen(bytes, choice, true, options);
    done.rewritten.output.is_some().then_some(done.removed)
}

fn chosen(bytes: Vec<u8>, choice: &Choice, keep_removed: bool, options: RewriteOptions) -> Deduped {
    remove_games(bytes, options, true, keep_removed, |parse, text, model| {
        (!choice.keeps(&Board::new(parse, text, model))).then(String::new)
    })
}

/// `done` with its result numbered from 1.
fn numbered(mut done: Deduped, options: RewriteOptions) -> Deduped {
    let Some(bytes) = done.rewritten.output_bytes() else {
        return done;
    };
    let numbered = renumber_owned(
        bytes,
        &RenumberOptions {
            from: 1,
            keep_original: None,
            standard: false,
        },
        RewriteOptions {
            input_encoding: Some(done.rewritten.decoded.encoding),
            ..options
        },
    );
    match numbered.output {
        // The findings are the selection's: they point into the input, which the renumbering
        // reads again only as the selection left it.
        Some(output) => done.rewritten.output = Some(output),
        None => {
            done.rewritten.output = None;
            done.rewritten
                .problems
                .push(match numbered.problems.first() {
                    // A reason of the input's (boards run together): said as it is.
                    Some(problem) if !super::is_bug(problem) => {
                        crate::rules::writing::not_renumbered(Boards::Selected, problem)
                    }
                    problem => super::bug(Unfaithful::NotRenumbered {
                        boards: Boards::Selected,
                        why: problem.map(|p| p.message.clone()),
                    }),
                });
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEALS: [&str; 3] = [
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432",
        "N:6543.876.876.876 T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432",
    ];

    fn select(text: &str, choice: &Choice, renumber: bool) -> (String, String, Vec<&'static str>) {
        crate::rewrite::dedup::tests::outcome(select_owned(
            text.as_bytes().to_vec(),
            choice,
            renumber,
            RewriteOptions::default(),
        ))
    }

    fn query(expr: &str) -> Choice {
        Choice {
            query: Some(Query::parse(expr).unwrap()),
            ..Choice::default()
        }
    }

    #[test]
    fn board_lists() {
        let list = BoardList::parse("1-3, 7,20-").unwrap();
        let kept: Vec<i64> = (0..25).filter(|&n| list.contains(n)).collect();
        assert_eq!(kept, [1, 2, 3, 7, 20, 21, 22, 23, 24]);
        assert!(BoardList::parse("3-1").unwrap_err().contains("backwards"));
        assert!(BoardList::parse("1-x").unwrap_err().contains("`1-x`"));
        assert!(BoardList::parse("").is_err());
    }

    #[test]
    fn the_boards_not_chosen_go_whole_and_every_other_byte_stays() {
        let text = format!(
            "% session\r\n[Event \"Club\"]\r\n[Board \"1\"]\r\n[Deal \"{}\"]\r\n\r\n{{two}}\r\n\
             [Event \"Club\"]\r\n[Board \"2\"]\r\n[Deal \"{}\"]\r\n\r\n[Event \"Club\"]\r\n\
             [Board \"3\"]  \r\n[Deal \"{}\"]\r\n",
            DEALS[0], DEALS[1], DEALS[2]
        );
        // North holds 37, 6 and 3 points.
        let (output, _, codes) = select(&text, &query("hcp(north) < 10"), false);
        let removed = rejected_owned(
            text.as_bytes().to_vec(),
            &query("hcp(north) < 10"),
            RewriteOptions::default(),
        )
        .unwrap();
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(
            output,
            format!(
                "% session\r\n{{two}}\r\n[Event \"Club\"]\r\n[Board \"2\"]\r\n[Deal \"{}\"]\r\n\r\n\
                 [Event \"Club\"]\r\n[Board \"3\"]  \r\n[Deal \"{}\"]\r\n",
                DEALS[1], DEALS[2]
            )
        );
        assert!(
            removed.starts_with("[Event \"Club\"]\r\n[Board \"1\"]"),
            "{removed}"
        );
        let inverted = Choice {
            invert: true,
            ..query("hcp(north) < 10")
        };
        let (output, _, _) = select(&text, &inverted, false);
        assert!(output.contains("[Board \"1\"]") && !output.contains("[Board \"2\"]"));
    }

    #[test]
    fn a_kept_game_that_inherits_from_a_removed_one_is_written_with_its_values() {
        let text = format!(
            "[Event \"##Club\"]\n[Site \"Hall\"]\n[Board \"1\"]\n[Deal \"{}\"]\n\n[Site \"#\"]\n\
             [Board \"2\"]\n[Deal \"{}\"]\n\n[Board \"3\"]\n[Deal \"{}\"]\n",
            DEALS[0], DEALS[1], DEALS[2]
        );
        let choice = Choice {
            boards: Some(BoardList::parse("2-3").unwrap()),
            ..Choice::default()
        };
        let (output, _, codes) = select(&text, &choice, false);
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(
            output,
            format!(
                "[Event \"Club\"]\n[Site \"Hall\"]\n[Board \"2\"]\n[Deal \"{}\"]\n\n[Event \
                 \"Club\"]\n[Board \"3\"]\n[Deal \"{}\"]\n",
                DEALS[1], DEALS[2]
            )
        );
    }

    #[test]
    fn renumbered_from_one() {
        let text = format!(
            "[Board \"4\"]\n[Deal \"{}\"]\n\n[Board \"5\"]\n[Deal \"{}\"]\n\n[Board \"6\"]\n[Deal \
             \"{}\"]\n",
            DEALS[0], DEALS[1], DEALS[2]
        );
        let (output, _, codes) = select(&text, &query("board != 5"), true);
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(
            output,
            format!(
                "[Board \"1\"]\n[Deal \"{}\"]\n\n[Board \"2\"]\n[Deal \"{}\"]\n",
                DEALS[0], DEALS[2]
            )
        );
    }
}
