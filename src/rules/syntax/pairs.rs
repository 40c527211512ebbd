//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    let mut pairs = Pair::written(include_str!("../../../corpus/pairs/syntax.txt"));
    // A control character is written here rather than raw in a text file.
    pairs.push(Pair::new(
        Rule::ControlCharacter,
        "[Event \"A\"]\u{7}\n",
        "[Event \"A\"]\n",
    ));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(call_suggestion("p").as_deref(), Some("Pass"));
        assert_eq!(call_suggestion("2N").as_deref(), Some("2NT"));
        assert_eq!(call_suggestion("DBL").as_deref(), Some("X"));
        assert_eq!(call_suggestion("9N"), None);
        assert_eq!(card_suggestion("S10").as_deref(), Some("ST"));
        assert_eq!(card_suggestion("--").as_deref(), Some("-"));
        assert_eq!(card_suggestion("Z9"), None);
    }

    #[test]
    fn excerpt_cuts_long_text_on_a_character_boundary() {
        let long = "é".repeat(100);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT + 1);
        assert!(cut.ends_with('…'));
    }
}
