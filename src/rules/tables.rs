//! Supplemental sections and tables (PBN 5.1, 5.2): column specifications, whole rows, and no
//! comments after section elements.

use crate::model::{GameModel, Inheritance};
use crate::names::{is_table, may_have_section};
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::semantic::Checker;
use crate::syntax::TokenId;
use crate::syntax::{Data, SectionKind};
use crate::table::{MAX_WIDTH, Order, Table};
use std::ops::Range;

// The rules of this family: their pages are in `tables.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/tables.rs"));

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
        if !may_have_section(name) {
            data_without_section(checker, model_tag);
            continue;
        }
        if !is_table(name) {
            continue;
        }
        let value = &*model_tag.value;
        if value == "?" || matches!(model_tag.inheritance, Inheritance::Hash { found: false }) {
            continue;
        }
        let value_span = model_tag.text_span();
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
        order(checker, name, &table, value_span.clone());
        crate::rules::table_values::check_values(checker, name, &table);
        crate::rules::table_values::check_rows(checker, game, model_tag, &table);
    }
}

/// X004: section elements after a tag that has no section (PBN 3.1).
fn data_without_section(checker: &mut Checker<'_>, tag: &crate::model::Tag<'_>) {
    let parse = checker.parse;
    // Words only: a stray `}` (S017) or a control character (S015) has its own finding.
    let mut elements = tag.pair.data.iter().filter_map(|data| match *data {
        Data::Element { first, last }
            if parse
                .text(checker.text, first)
                .chars()
                .any(char::is_alphanumeric) =>
        {
            Some((first, last))
        }
        _ => None,
    });
    let Some((first, last)) = elements.next() else {
        return;
    };
    let last = elements.next_back().map_or(last, |(_, last)| last);
    let what = match crate::names::kind(tag.name) {
        Some(crate::names::Kind::Note) => "a Note",
        Some(crate::names::Kind::Mandatory) => "a tag of the identification section",
        _ => "a supplemental tag",
    };
    checker.report(
        Diagnostic::new(
            Rule::DataWithoutSection,
            parse.span(first, last),
            format!(
                "`{}` follows the {} tag, which is {what} and has no section data",
                clip(parse.text(checker.text, first)),
                tag.name
            ),
        )
        .with_related(tag.span.clone(), "a value, no section")
        .with_help(
            "only Auction, Play, the tables and user-defined sections have section data (PBN \
                3.1, 5.1): remove the text, or make it a comment `{...}`",
        ),
    );
}

/// At most 40 characters of `text`, `...` after them when there were more.
pub(crate) fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

/// X005: a column marked `+` (descending) or `-` (ascending) whose numeric elements are not in
/// that order (PBN 5.2). The first element out of order is reported, once per column.
fn order(checker: &mut Checker<'_>, name: &str, table: &Table<'_>, value_span: Range<usize>) {
    let (parse, text) = (checker.parse, checker.text);
    let width = table.columns.len();
    if width == 0 {
        return;
    }
    for (index, column) in table.columns.iter().enumerate() {
        let Some(order) = column.order else {
            continue;
        };
        let mut previous: Option<(f64, (TokenId, TokenId))> = None;
        for row in table.rows().filter(|row| row.len() == width) {
            let (first, last) = row[index];
            let Some(number) = element_number(&text[parse.span(first, last)]) else {
                continue;
            };
            if let Some((before, at)) = previous {
                let wrong = match order {
                    Order::Descending => number > before,
                    Order::Ascending => number < before,
                };
                if wrong {
                    let (mark, way) = match order {
                        Order::Descending => ('+', "descending, highest first"),
                        Order::Ascending => ('-', "ascending, lowest first"),
                    };
                    checker.report(
                        Diagnostic::new(
                            Rule::TableOrderContradicted,
                            parse.span(first, last),
                            format!(
                                "the {name} column `{}` is marked `{mark}` ({way}), but this row \
                                    comes after a {} one",
                                column.name,
                                if number > before { "lower" } else { "higher" }
                            ),
                        )
                        .with_related(parse.span(at.0, at.1), "the row before")
                        .with_related(value_span.clone(), "the order mark")
                        .with_help(format!(
                            "sort the rows by `{}`, or remove the `{mark}` (PBN 5.2)",
                            column.name
                        )),
                    );
                    break;
                }
            }
            previous = Some((number, (first, last)));
        }
    }
}

/// The number a table element stands for: a decimal, maybe signed, maybe quoted, maybe marked
/// artificial with `^` (PBN 5.2). `None` for `?`, `-` and anything that is not a number.
fn element_number(element: &str) -> Option<f64> {
    let element = element.trim_matches('"');
    let element = element.strip_prefix('^').unwrap_or(element);
    crate::model::values::decimal(element)
}

/// A table that draws each table rule, and the table mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::DataWithoutSection,
            "[Scoring \"IMP\"]\noops\n",
            "[Scoring \"IMP\"]\n{oops}\n",
        ),
        pair(
            Rule::TableOrderContradicted,
            "[ScoreTable \"Rank;+Score\"]\n1 100\n2 620\n",
            "[ScoreTable \"Rank;+Score\"]\n1 620\n2 100\n",
        ),
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
