//! Supplemental sections and tables (PBN 5.1, 5.2): column specifications, whole rows, and no
//! comments after section elements.

use crate::diagnostic::Diagnostic;
use crate::rules::Rule;
use crate::rules::semantic::Checker;
use crate::syntax::{Data, SectionKind};
use crate::table::{Table, is_table_tag};

/// Every supplemental section of the file.
pub fn check_file(checker: &mut Checker<'_>) {
    let (parse, text) = (checker.parse, checker.text);
    for tag in parse.games.iter().flat_map(|game| &game.tags) {
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
        let Some(name) = tag.name(parse, text).filter(|name| is_table_tag(name)) else {
            continue;
        };
        let Some(value) = tag.value(parse, text) else {
            continue;
        };
        if value.starts_with('#') || value == "?" {
            continue;
        }
        let value_span = tag.value.map_or(0..0, |id| parse.span(id, id));
        let table = Table::new(tag, &value);
        for column in &table.columns {
            let problem = if column.name.is_empty() {
                Some("a column without a name".to_owned())
            } else {
                column.bad_width.map(|width| {
                    format!(
                        "column `{}` has the width `{width}`, which is not a number",
                        column.name
                    )
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
        if columns > 0 && elements % columns != 0 {
            if let Some(&(first, last)) = table.elements.last() {
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
}
