//! `pbnfmt fingerprint`: one hash of a set of deals, published before play so that anyone can
//! show later that the deals were not changed (Big Deal's published checksum, for any dealer).
//!
//! The hash is SHA-256 of a canonical text that anyone can rebuild (`--canonical` prints it):
//! the line `pbnfmt-fingerprint-v1`, then one line a board, `Board<TAB>Dealer<TAB>Vulnerable<TAB>`
//! and the 52 seat letters of the deal (the seat holding each card, spade ace first, club two
//! last, as `deal.cards` of `docs/jsonl.md`), with LF line ends. Boards are sorted by number
//! (a Board that is not a number after them, by its text), and a line given twice (the same board
//! at several tables) counts once. In a Board that is not a number, a tab, a line end and a
//! character unsafe to print are written `\u{…}` (hex), and so is a leading `:` (`\u{3a}`: the
//! line cannot be a CI runner's command); a Board `?` is written empty, as one not
//! given. Only what the deal is counts: tag order, spacing, the seat a
//! Deal starts from, letter case, encoding and the other tags do not; a card moved, a Board
//! renumbered, a Dealer or Vulnerable changed do. Games without four complete hands are left out
//! and counted.

use sha2::{Digest, Sha256};

use crate::bridge::Seat;
use crate::model::deal;
use crate::model::values::Vulnerability;

/// The first line of the canonical text: the version of its form.
pub const VERSION_LINE: &str = "pbnfmt-fingerprint-v1";

/// One board of the set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Board {
    /// The Board number, or `u64::MAX` when it is not a number.
    number: u64,
    /// The Board as written when it is not a number.
    text: Box<str>,
    /// The rest of the line: dealer, vulnerability and the 52 seat letters.
    rest: Box<str>,
}

/// The boards of a text with four complete hands, and how many games were left out. A LIN text
/// (BBO) is read as the PBN it converts to, a batch of boards at a time, so that a LIN file and
/// its conversion have one fingerprint (issue 44, item 11).
pub fn boards(text: &str) -> (Vec<Board>, usize) {
    let (mut boards, mut left_out) = (Vec::new(), 0);
    crate::read::pbn_texts(text, |pbn| {
        let (found, skipped) = pbn_boards(pbn);
        boards.extend(found);
        left_out += skipped;
        true
    });
    (boards, left_out)
}

/// [`boards`] of a PBN text.
fn pbn_boards(text: &str) -> (Vec<Board>, usize) {
    let mut boards = Vec::new();
    let mut left_out = 0;
    crate::read::judged_games(text, |_, model, _| {
        let dealt = model
            .value("Deal")
            .and_then(|value| deal::parse(value).0)
            .filter(|deal| crate::sets::key(deal).is_some());
        let Some(deal) = dealt else {
            left_out += 1;
            return true;
        };
        // A Board not given and `?` (unknown, PBN 3.4) are one value, written empty: export
        // writes a missing Board as `?`, and a file's fingerprint is its export's.
        let board = match model.value("Board").unwrap_or("").trim() {
            "?" => "",
            board => board,
        };
        let (number, text) = match board.parse::<u64>() {
            Ok(number) if number < u64::MAX => (number, Box::default()),
            _ => (u64::MAX, clean(board).into()),
        };
        let dealer = model
            .value("Dealer")
            .and_then(Seat::parse)
            .map_or('-', Seat::letter);
        let vulnerable = model
            .value("Vulnerable")
            .and_then(Vulnerability::read)
            .map_or("-", Vulnerability::canonical);
        let cards = crate::jsonl::layout(&deal);
        let mut rest = format!("{dealer}\t{vulnerable}\t");
        rest.extend(cards.iter().map(|&b| char::from(b)));
        boards.push(Board {
            number,
            text,
            rest: rest.into(),
        });
        true
    });
    (boards, left_out)
}

/// A Board that is not a number, with every character that is unsafe to print, tab and line
/// end written `\u{…}` (they would break the line, or reach a terminal raw with `--canonical`),
/// and a leading `:` too (the line would be a CI runner's command).
fn clean(board: &str) -> String {
    crate::display::escape_line_start(board).into_owned()
}

/// The canonical text of a set of boards (sorted and made unique in place).
pub fn canonical(boards: &mut Vec<Board>) -> String {
    boards.sort();
    boards.dedup();
    let mut out = String::with_capacity(16 + boards.len() * 64);
    out.push_str(VERSION_LINE);
    out.push('\n');
    for board in boards.iter() {
        if board.number == u64::MAX {
            out.push_str(&board.text);
        } else {
            out.push_str(&board.number.to_string());
        }
        out.push('\t');
        out.push_str(&board.rest);
        out.push('\n');
    }
    out
}

/// The fingerprint of a canonical text: `sha256:` and 64 hex digits.
pub fn fingerprint(canonical: &str) -> String {
    let digest = Sha256::digest(canonical.as_bytes());
    let mut out = String::from("sha256:");
    for byte in digest {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"E:T987.JT9.JT9.JT9 \
        6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ\"]\n\n[Board \"1\"]\n[Dealer \"N\"]\n\
        [Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
        2.5432.5432.5432\"]\n\n[Board \"3\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n";

    fn of(text: &str) -> (String, usize) {
        let (mut boards, left_out) = boards(text);
        (fingerprint(&canonical(&mut boards)), left_out)
    }

    #[test]
    fn the_canonical_text_is_documented_and_rebuildable() {
        let (mut found, left_out) = boards(SET);
        assert_eq!(left_out, 1, "board 3 has one hand");
        let text = canonical(&mut found);
        let letters = format!("NNNNEEEESSSSW{}", "NNNEEESSSWWWW".repeat(3));
        assert_eq!(
            text,
            format!("pbnfmt-fingerprint-v1\n1\tN\tNone\t{letters}\n2\tE\tNS\t{letters}\n")
        );
        // A Board that is not a number cannot break its line or reach a terminal raw.
        let (mut odd, _) = boards(&SET.replace("[Board \"2\"]", "[Board \"x\t\u{1b}[2J\"]"));
        assert!(canonical(&mut odd).contains("\nx\\u{9}\\u{1b}[2J\tE\tNS\t"));
        // SHA-256 of that text, as `sha256sum` gives it.
        assert_eq!(
            fingerprint(""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn layout_counts_and_spelling_does_not() {
        let (base, _) = of(SET);
        // Another spelling of the same set: games in another order, lower case, CRLF, the Deal
        // from another seat, a comment, another tag, the same board at a second table.
        let spelled = "[Board \"1\"]\r\n[Vulnerable \"None\"]\r\n[Dealer \"N\"]\r\n{opening lead \
            ♠A}\r\n[Deal \"e:t987.jt9.jt9.jt9 6543.876.876.876 2.5432.5432.5432 \
            akqj.akq.akq.akq\"]\r\n\r\n[Board \"2\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
            2.5432.5432.5432\"]\r\n[Room \"Closed\"]\r\n\r\n[Board \"1\"]\r\n[Dealer \"N\"]\r\n\
            [Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 \
            2.5432.5432.5432\"]\r\n";
        assert_eq!(of(spelled).0, base);
        // A card moved between two hands, a board renumbered, a vulnerability changed.
        for changed in [
            SET.replace("N:AKQJ.AKQ.AKQ.AKQ T987", "N:AKQT.AKQ.AKQ.AKQ J987"),
            SET.replace("[Board \"2\"]", "[Board \"4\"]"),
            SET.replace("[Vulnerable \"NS\"]", "[Vulnerable \"EW\"]"),
        ] {
            assert_ne!(of(&changed).0, base, "{changed}");
        }
    }
}
