//! The `U` rules: suppression comments that suppress nothing, or cannot be read
//! (`suppress.rs` reads them).

use std::ops::Range;

use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::{Rule, RuleInfo};

// The rules of this family: see [`crate::rules`].

pub const UNUSED_SUPPRESSION: RuleInfo = RuleInfo {
    code: "U001",
    name: "unused-suppression",
    severity: Severity::Warning,
    section: "PBN 2.4",
    summary: "A `% pbnfmt: ignore` line that suppresses no finding",
    what: "A suppression line, `% pbnfmt: ignore CODES reason` (the next game) or `% pbnfmt: \
        ignore-file CODES reason` (the whole file), that names a rule which ran and found nothing \
        where the line applies. Rules that did not run (not selected) are not judged.",
    why: "Suppressions are written in PBN 2.4 escape lines, which other programs skip. One that \
        no longer hides anything was left behind after the data was mended, and would hide the \
        next real problem of that kind.",
    example: "```\n\
        % pbnfmt: ignore D003 misprint in the hand record\n\
        [Board \"1\"]\n\
        [Deal \"N:AKQJ.T98.765.432 - - -\"]\n\
        ```",
    fix: "Delete the line, or the code that no longer applies.",
    ..RuleInfo::BASE
};

pub const INVALID_SUPPRESSION: RuleInfo = RuleInfo {
    code: "U002",
    name: "invalid-suppression",
    severity: Severity::Warning,
    section: "PBN 2.4",
    summary: "A `% pbnfmt:` line that pbnfmt cannot read: unknown directive or rule",
    what: "A PBN 2.4 escape line starting `% pbnfmt:` whose directive is not `ignore` or \
        `ignore-file`, or whose rule list is missing or names no rule. The codes are one word, \
        comma-separated: `% pbnfmt: ignore D003,A004 reason`.",
    why: "A suppression that does not suppress what its writer meant leaves findings in the \
        report, or worse, looks as if it hid them.",
    example: "```\n\
        % pbnfmt: ignore D999 no such rule\n\
        ```",
    fix: "Spell the directive `ignore` or `ignore-file`, followed by rule codes or names (`pbnfmt \
        rule --all` lists them).",
    ..RuleInfo::BASE
};

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
