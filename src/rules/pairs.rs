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
