//! Supplemental sections and tables (PBN 5.1, 5.2): column specifications, whole rows, and no
//! comments after section elements.

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{GameModel, Inheritance};
use crate::names::is_table;
use crate::rules::semantic::Checker;
use crate::rules::{Rule, RuleInfo};
use crate::syntax::{Data, SectionKind};
use crate::table::{MAX_WIDTH, Table};

// The rules of this family: see [`crate::rules`].

pub const INVALID_COLUMN_SPEC: RuleInfo = RuleInfo {
    code: "X001",
    name: "invalid-column-spec",
    severity: Severity::Error,
    section: "PBN 5.2",
    summary: "A table column specification that cannot be read",
    what: "Each column of a table tag value (`+Name\\5R`): a name that is not empty, an optional \
        `+`/`-` order before it, an optional `\\` width (an integer) with `L` or `R` after it.",
    why: "PBN 5.2 defines the column name token; a wrong width makes export format padding \
        impossible.",
    example: "```\n\
        [ScoreTable \"PairId_NS\\2;Score_NS\\wide\"]\n\
        ```",
    fix: "Give the width as a number: `Score_NS\\5R`.",
    ..RuleInfo::BASE
};

pub const INCOMPLETE_TABLE_ROW: RuleInfo = RuleInfo {
    code: "X002",
    name: "incomplete-table-row",
    severity: Severity::Error,
    section: "PBN 5.2",
    summary: "A table whose element count is not a multiple of its columns",
    what: "The number of table elements against the number of columns in the tag value.",
    why: "PBN 5.2: \"A table element belongs to one row and one column\"; a missing element \
        shifts every later one into the wrong column.",
    example: "```\n\
        [ScoreTable \"Rank;Score\"]\n\
        1 620\n\
        2\n\
        ```",
    fix: "Give the missing element (`?` unknown, `-` irrelevant).",
    ..RuleInfo::BASE
};

pub const COMMENT_IN_SECTION_DATA: RuleInfo = RuleInfo {
    code: "X003",
    name: "comment-in-section-data",
    severity: Severity::Error,
    section: "PBN 5.1",
    summary: "A comment after a section element of a supplemental section",
    what: "A `;` or `{}` comment after an element of a supplemental section (a table, for \
        example).",
    why: "PBN 5.1: \"Only the tag pair of the section may be followed by commentary. Commentary \
        after a section element is forbidden.\"",
    example: "```\n\
        [ScoreTable \"Rank;Score\"]\n\
        1 620 {top}\n\
        ```",
    fix: "Move the comment directly after the tag pair.",
    ..RuleInfo::BASE
};

/// Every supplemental section of a game. A table's columns are its value after inheritance: PBN
/// 4.8 does not forbid `#` and `##` for tables.
pub fn check_game(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let parse = checker.parse;
    for model_tag in game
        .tags
        .iter()
        .filter(|tag| tag.inheritance != Inheritance::Implied)
    {
        let tag = model_tag.pair;
        if tag.section != SectionKind::Other {
            continue;
        }
        // PBN 5.1: comments may follow the tag pair, not a section element.
        let mut element_seen = false;
        for data in &tag.data {
            match *data {
                Data::Element { .. } | Data::Invalid { .. } => element_seen = true,
                Data::Comment(id) if element_seen => checker.report(
                    Diagnostic::new(
                        Rule::CommentInSectionData,
                        parse.span(id, id),
                        "a comment among the elements of a supplemental section",
                    )
                    .with_help("move the comment right after the section's tag pair (PBN 5.1)"),
                ),
                _ => {}
            }
        }
        let name = model_tag.name;
        if !is_table(name) {
            continue;
        }
        let value = &*model_tag.value;
        if value == "?" || matches!(model_tag.inheritance, Inheritance::Hash { found: false }) {
            continue;
        }
        let value_span = tag.value.map_or(0..0, |id| parse.span(id, id));
        let table = Table::new(tag, value);
        for column in &table.columns {
            let problem = if column.name.is_empty() {
                Some("a column without a name".to_owned())
            } else {
                column.bad_width.map(|width| {
                    let digits = width.trim_end_matches(['L', 'l', 'R', 'r']);
                    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                        format!(
                            "column `{}` has the width {digits}, wider than a line can hold \
                             ({MAX_WIDTH} characters, PBN 2.3)",
                            column.name
                        )
                    } else {
                        format!(
                            "column `{}` has the width `{width}`, which is not a number",
                            column.name
                        )
                    }
                })
            };
            if let Some(problem) = problem {
                checker.report(
                    Diagnostic::new(
                        Rule::InvalidColumnSpec,
                        value_span.clone(),
                        format!("the {name} columns cannot be read: {problem}"),
                    )
                    .with_help(
                        "a column is `[+|-]Name[\\width[L|R]]`, columns separated by `;` (PBN 5.2)",
                    ),
                );
            }
        }
        let columns = table.columns.len();
        let elements = table.elements.len();
        if columns > 0
            && !elements.is_multiple_of(columns)
            && let Some(&(first, last)) = table.elements.last()
        {
            let short = elements % columns;
            checker.report(
                Diagnostic::new(
                    Rule::IncompleteTableRow,
                    parse.span(first, last),
                    format!("the last row of the {name} has {short} of its {columns} elements"),
                )
                .with_related(value_span.clone(), format!("{columns} columns"))
                .with_help(
                    "give every element of each row; `?` is unknown, `-` irrelevant (PBN 5.2)",
                ),
            );
        }
    }
}

/// A table that draws each table rule, and the table mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::InvalidColumnSpec,
            "[ScoreTable \"PairId_NS\\2;Score_NS\\wide\"]\n1 620\n",
            "[ScoreTable \"PairId_NS\\2;Score_NS\\5R\"]\n1 620\n",
        ),
        pair(
            Rule::InvalidColumnSpec,
            "[ScoreTable \"Score_NS\\256R\"]\n620\n",
            "[ScoreTable \"Score_NS\\255R\"]\n620\n",
        ),
        pair(
            Rule::IncompleteTableRow,
            "[ScoreTable \"Rank;Score\"]\n1 620\n2\n",
            "[ScoreTable \"Rank;Score\"]\n1 620\n2 ?\n",
        ),
        pair(
            Rule::CommentInSectionData,
            "[ScoreTable \"Rank;Score\"]\n1 620 {top}\n",
            "[ScoreTable \"Rank;Score\"]\n{top}\n1 620\n",
        ),
    ]
}
