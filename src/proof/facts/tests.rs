//! Tests of the module above.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

/// The facts of a one-game text.
fn facts_of(text: &str) -> String {
    let parse = crate::parser::parse(text);
    let mut facts = Facts::new(&parse, text, false);
    let mut out = String::new();
    let mut all = String::new();
    while facts.next_game(&mut out).is_some() {
        all.push_str(&out);
    }
    all
}

/// A value's meaning is a fact: two spellings of one meaning are the same fact (import
/// spellings, PBN 3.11, and loose ones `pbnfmt fix` repairs), two meanings are not.
#[test]
fn values_are_facts_by_meaning() {
    let game = |tag: &str, value: &str| {
        let mut text = String::new();
        for (name, given) in [
            ("Dealer", "N"),
            ("Declarer", "S"),
            ("Contract", "3NT"),
            ("Result", "9"),
        ] {
            let given = if name == tag { value } else { given };
            text.push_str(&format!("[{name} \"{given}\"]\n"));
        }
        if !matches!(tag, "Dealer" | "Declarer" | "Contract" | "Result") {
            text.push_str(&format!("[{tag} \"{value}\"]\n"));
        }
        facts_of(&text)
    };
    for (tag, same, other) in [
        ("Dealer", ["N", "n"], "E"),
        ("Vulnerable", ["All", "Both"], "NS"),
        ("Declarer", ["W", "w"], "^W"),
        ("Contract", ["4SX", "4sx"], "4S"),
        ("Contract", ["3NT", "3N"], "3NTXX"),
        ("Contract", ["Pass", "pass"], "4H"),
        ("Result", ["9", "9"], "10"),
        ("Result", ["^9", "^9"], "9"),
        ("Result", ["", ""], "0"),
    ] {
        assert_eq!(game(tag, same[0]), game(tag, same[1]), "{tag} {same:?}");
        assert_ne!(game(tag, same[0]), game(tag, other), "{tag} {other}");
    }
}

/// Sorting by [`sort_key`], then by name, is sorting by name.
#[test]
fn sort_keys_keep_the_order_of_names() {
    let mut names = vec![
        "ScoreRubberHistory",
        "ScoreRubber",
        "Score",
        "S",
        "",
        "OptimumScore",
        "OptimumResultTable",
        "Event",
        "EventDate",
        "EventSponsor",
        "a\u{0}b",
        "a",
        "Z_1",
        "Z-1",
        "TotalScoreTable",
        "TotalScoreTablf",
    ];
    let mut by_key = names.clone();
    by_key.sort_by(|a, b| sort_key(a).cmp(&sort_key(b)).then_with(|| a.cmp(b)));
    names.sort();
    assert_eq!(by_key, names);
}
