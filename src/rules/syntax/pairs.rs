//! The pass/fail pairs of this family's rules, and its tests.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::UnterminatedString,
            "[Event \"Club Pairs]\n",
            "[Event \"Club Pairs\"]\n",
        ),
        pair(
            Rule::UnterminatedComment,
            "[Event \"A\"]\n{Par: 4S by North\n[Declarer \"N\"]\n",
            "[Event \"A\"]\n{Par: 4S by North}\n[Declarer \"N\"]\n",
        ),
        pair(Rule::MissingTagName, "[\"N\"]\n", "[Dealer \"N\"]\n"),
        pair(Rule::MissingTagValue, "[Dealer N]\n", "[Dealer \"N\"]\n"),
        pair(
            Rule::UnclosedTagPair,
            "[Event \"Club Pairs\"\n[Site \"Delft\"]\n",
            "[Event \"Club Pairs\"]\n[Site \"Delft\"]\n",
        ),
        pair(
            Rule::UnexpectedTokenInTagPair,
            "[Event \"The \"Spring\" Pairs\"]\n",
            "[Event \"The \\\"Spring\\\" Pairs\"]\n",
        ),
        pair(
            Rule::CommentInsideTagPair,
            "[Event {spring} \"Club Pairs\"]\n",
            "[Event \"Club Pairs\"] {spring}\n",
        ),
        pair(
            Rule::TextOutsideTagPair,
            "Board 1\n[Board \"1\"]\n",
            "{Board 1}\n[Board \"1\"]\n",
        ),
        pair(
            Rule::UnknownCall,
            "[Auction \"N\"]\n1C Pas 2Q Pass\n",
            "[Auction \"N\"]\n1C Pass 2C Pass\n",
        ),
        pair(
            Rule::UnknownCard,
            "[Play \"W\"]\nS10 -- H2 HA\n",
            "[Play \"W\"]\nST - H2 HA\n",
        ),
        pair(
            Rule::UnattachedAnnotation,
            "[Auction \"N\"]\n=1= 1S Pass\n",
            "[Auction \"N\"]\n1S =1= Pass\n",
        ),
        pair(
            Rule::UnexpectedTokenInSection,
            "[Auction \"N\"]\n1S, Pass\n",
            "[Auction \"N\"]\n1S {, } Pass\n",
        ),
        pair(
            Rule::ForbiddenCharacterInSectionToken,
            "[ScoreTable \"Rank;Score_NS\"]\n1 50%\n",
            "[ScoreTable \"Rank;Score_NS\"]\n1 \"50%\"\n",
        ),
        pair(
            Rule::NonAsciiOutsideString,
            "[Auction \"N\"]\n1\u{2660} Pass\n",
            "[Auction \"N\"]\n1S Pass\n",
        ),
        pair(
            Rule::ControlCharacter,
            "[Event \"A\"]\u{7}\n",
            "[Event \"A\"]\n",
        ),
        pair(
            Rule::InvalidTagName,
            "[Event-Name \"A\"]\n",
            "[EventName \"A\"]\n",
        ),
        pair(
            Rule::UnmatchedClosingBrace,
            "[Event \"A\"]\n{Par is 4S {by North}}\n",
            "[Event \"A\"]\n{Par is 4S (by North)}\n",
        ),
    ]
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
