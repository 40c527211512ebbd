//! Pass/fail pairs: each family file gives, beside its rules, a text that draws each rule and the
//! same text mended as the rule's fix says, which must not (`pairs()` in the family's file). The
//! test that runs them all through the command that raises each rule, and holds every rule to
//! having a pair, is `crate::drawn`'s: it sits above the commands, and `rules/` below them.

use super::Rule;

/// `fails` draws `rule`; `passes`, the text mended as the rule's fix says, does not.
pub struct Pair {
    pub rule: Rule,
    pub fails: &'static [u8],
    pub passes: &'static [u8],
}

impl Pair {
    pub fn new(rule: Rule, fails: &'static str, passes: &'static str) -> Pair {
        Pair::bytes(rule, fails.as_bytes(), passes.as_bytes())
    }

    pub fn bytes(rule: Rule, fails: &'static [u8], passes: &'static [u8]) -> Pair {
        Pair {
            rule,
            fails,
            passes,
        }
    }

    /// A pair made at run time (a long line, an export): leaked, as tests may.
    pub fn owned(rule: Rule, fails: String, passes: String) -> Pair {
        Pair::new(rule, fails.leak(), passes.leak())
    }

    /// The pairs written in a file of `corpus/pairs/`: `%` lines before the first pair say what
    /// the file holds; `== name` starts a pair, and its text runs to the next `==` (blank lines
    /// at its end left out; it ends with a line end). The text is read twice: with the left side
    /// of each `⟪left|right⟫`, it is the text that draws the rule; with the right side, the text
    /// mended. A file this cannot read fails the test that reads it, naming the pair.
    pub fn written(file: &str) -> Vec<Pair> {
        let mut pairs = Vec::new();
        let mut blocks = file.split("\n== ");
        let head = blocks.next().unwrap_or_default();
        assert!(
            head.lines().all(|line| line.starts_with('%')),
            "only `%` lines come before the first pair"
        );
        for block in blocks {
            let (name, text) = block.split_once('\n').unwrap_or((block, ""));
            let rule = Rule::find(name).unwrap_or_else(|| panic!("no rule is named `{name}`"));
            let text = format!("{}\n", text.trim_end_matches('\n'));
            let (mut fails, mut passes) = (String::new(), String::new());
            let mut rest = text.as_str();
            while let Some((before, marked)) = rest.split_once('⟪') {
                let (inside, after) = marked
                    .split_once('⟫')
                    .unwrap_or_else(|| panic!("{name}: a ⟪ without its ⟫"));
                let (left, right) = inside
                    .split_once('|')
                    .unwrap_or_else(|| panic!("{name}: ⟪{inside}⟫ has no `|`"));
                fails.extend([before, left]);
                passes.extend([before, right]);
                rest = after;
            }
            assert!(!rest.contains('⟫'), "{name}: a ⟫ without its ⟪");
            assert_ne!(fails, passes, "{name}: the two texts are the same");
            fails.push_str(rest);
            passes.push_str(rest);
            pairs.push(Pair::owned(rule, fails, passes));
        }
        pairs
    }
}

/// Rules no text can draw on purpose, with the reason and where they are tested instead.
pub const WITHOUT_PAIR: &[(Rule, &str)] = &[
    (
        Rule::UnfaithfulExport,
        "a difference in export's read-back is a bug in pbnfmt; \
         export::tests::verification_catches_a_wrong_export feeds the proof wrong exports",
    ),
    (
        Rule::DealNotSolved,
        "a deal the solver does not finish in time: tests/integration/dds.rs gives it \
         --timeout 0.001 (with the dds feature)",
    ),
];
