//! Tests of the module above.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

fn style(whole: bool) -> Style {
    Style {
        size: 10.0,
        bold: false,
        colour: BLACK,
        suit_scale: 2.0,
        four_colour: false,
        whole,
    }
}

fn text(line: &Line) -> String {
    line.runs.iter().map(|r| r.text.as_str()).collect()
}

#[test]
fn a_name_is_cut_and_cards_are_made_smaller() {
    let faces = Faces::new().unwrap();
    let name = "Wolfeschlegelsteinhausenbergerdorff Senior";
    let cut = Line::new(name, style(false)).fitted(&faces, 60.0);
    assert!(cut.width(&faces) <= 60.0);
    assert!(text(&cut).ends_with('…'), "{}", text(&cut));
    assert!(name.starts_with(text(&cut).trim_end_matches('…')));
    let cards = "♥ A K Q J 10 9 8 7 6 5 4 3 2";
    let whole = Line::new(cards, style(true)).fitted(&faces, 60.0);
    assert!(whole.width(&faces) <= 60.0);
    assert_eq!(text(&whole), cards, "never cut");
    // The symbol is its own run, in red, twice the text's size.
    assert_eq!(whole.runs[0].text, "♥");
    assert_eq!(whole.runs[0].colour, RED);
    assert!((whole.runs[0].size / whole.runs[1].size - 2.0).abs() < 1e-4);
    // A line that fits is left as it is.
    let short = Line::new("Board 1", style(false)).fitted(&faces, 300.0);
    assert_eq!(text(&short), "Board 1");
    assert_eq!(short.runs[0].size, 10.0);
}

#[test]
fn the_same_boards_give_the_same_bytes() {
    let set = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
               [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let boards = super::super::boards(set, &|_| true, false);
    let options = Options::default();
    let one = pdf(&boards, "Club", &options).unwrap().bytes;
    assert!(one.starts_with(b"%PDF-"));
    assert_eq!(one, pdf(&boards, "Club", &options).unwrap().bytes);
    assert_ne!(one, pdf(&boards, "Club 2", &options).unwrap().bytes);
}

#[test]
fn characters_without_a_glyph_are_named_once() {
    let set = "[Board \"1\"]\n[North \"王 Wang\"]\n[South \"Łukasz Müller\"]\n\
               [East \"李 王\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
               [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let boards = super::super::boards(set, &|_| true, false);
    let drawn = pdf(&boards, "Clé ♠ \u{1}", &Options::default()).unwrap();
    // Latin names, the suit symbols and the `�` of a control character are in the font.
    assert_eq!(drawn.missing, vec!['李', '王']);
    assert!(!drawn.more);
    let latin = pdf(&boards[..0], "Club", &Options::default()).unwrap();
    assert!(latin.missing.is_empty());
    // Seventy characters without a glyph in a title: it is cut to its place, and only what
    // is drawn is named.
    let many: String = ('\u{4e00}'..='\u{9fff}').take(70).collect();
    let drawn = pdf(&boards, &many, &Options::default()).unwrap();
    assert!(
        drawn.missing.len() < 70 && drawn.missing.len() > 2,
        "{:?}",
        drawn.missing
    );
    assert_eq!(drawn.missing[0], '\u{4e00}');
    // Seventy-two in short names, all drawn: the first 64 are named, and there were more.
    let mut names = ('\u{4e00}'..='\u{9fff}').take(72);
    let mut set = String::new();
    for board in 1..=6 {
        set.push_str(&format!("\n[Board \"{board}\"]\n[Dealer \"N\"]\n"));
        for seat in ["North", "East", "South", "West"] {
            let name: String = names.by_ref().take(3).collect();
            set.push_str(&format!("[{seat} \"{name}\"]\n"));
        }
    }
    let drawn = pdf(
        &super::super::boards(&set, &|_| true, false),
        "Club",
        &Options::default(),
    );
    let drawn = drawn.unwrap();
    assert_eq!(drawn.missing.len(), MISSING);
    assert!(drawn.more);
}
