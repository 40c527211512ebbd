//! The `U` rules: suppression comments that suppress nothing, or cannot be read
//! (`suppress.rs` reads them).

use std::ops::Range;

use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;

// The rules of this family: their pages are in `suppress.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/suppress.rs"));

/// A suppression line that draws each U rule, and the line mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::Rule;
    use crate::rules::pairs::Pair;
    const DUPLICATE: &str =
        "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432\"]\n";
    const GOOD: &str =
        "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
    let game = |line: &str, deal: &str| format!("{line}\n[Board \"1\"]\n{deal}");
    vec![
        Pair::owned(
            Rule::UnusedSuppression,
            game("% pbnfmt: ignore D003 misprint", GOOD),
            game("% pbnfmt: ignore D003 misprint", DUPLICATE),
        ),
        Pair::owned(
            Rule::InvalidSuppression,
            game("% pbnfmt: ignore D999 no such rule", DUPLICATE),
            game("% pbnfmt: ignore D003 misprint", DUPLICATE),
        ),
    ]
}

/// What is wrong with a `% pbnfmt:` line (`suppress.rs` reads them), as data, worded here.
#[derive(Clone, Debug)]
pub enum SuppressionProblem {
    /// U002: a word that is no directive.
    UnknownVerb { at: Range<usize>, verb: String },
    /// U002: a line that says nothing after `pbnfmt:`.
    Empty { at: Range<usize> },
    /// U002: a directive that names no rule.
    NoRule { at: Range<usize> },
    /// U002: a code that is no rule's.
    UnknownRule { at: Range<usize>, code: String },
    /// U001: `rule` suppressed where it finds nothing; `scoped` false when no game follows a
    /// line for the next game.
    Unused {
        at: Range<usize>,
        rule: Rule,
        scoped: bool,
    },
}

/// How to write a suppression line.
const DIRECTIVES: &str =
    "write `% pbnfmt: ignore CODES reason` (next game) or `% pbnfmt: ignore-file CODES reason`";

impl SuppressionProblem {
    /// The finding, in the words of its rule.
    pub fn diagnostic(self) -> Diagnostic {
        use SuppressionProblem::*;
        let invalid = |at, message: String, help: &str| {
            Diagnostic::new(Rule::InvalidSuppression, at, message)
                .with_label("not read")
                .with_help(help.to_owned())
        };
        match self {
            UnknownVerb { at, verb } => invalid(
                at,
                format!("`{verb}` is not a pbnfmt directive"),
                DIRECTIVES,
            ),
            Empty { at } => invalid(
                at,
                "this `% pbnfmt:` line says nothing".to_owned(),
                DIRECTIVES,
            ),
            NoRule { at } => invalid(
                at,
                "this suppression names no rule".to_owned(),
                "name the rules after the directive, comma-separated: `ignore D003,A004 reason`",
            ),
            UnknownRule { at, code } => invalid(
                at,
                format!("no rule is called `{code}`"),
                "`pbnfmt rule --all` lists the rule codes and names",
            ),
            Unused { at, rule, scoped } => {
                let (message, help) = if scoped {
                    (
                        format!(
                            "this line suppresses {} ({}), which finds nothing where the line \
                             applies",
                            rule.code(),
                            rule.name()
                        ),
                        "delete the code, or the line if it names nothing else",
                    )
                } else {
                    (
                        format!(
                            "this line suppresses {} in the next game, but no game follows it",
                            rule.code()
                        ),
                        "move the line before the game it is meant for, or use `ignore-file`",
                    )
                };
                Diagnostic::new(Rule::UnusedSuppression, at, message)
                    .with_label("suppresses nothing")
                    .with_help(help)
            }
        }
    }
}
