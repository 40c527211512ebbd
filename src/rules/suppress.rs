//! The `U` rules: suppression comments that suppress nothing, or cannot be read
//! (`suppress.rs` reads them).

use crate::rules::RuleInfo;
use crate::rules::diagnostic::Severity;

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
