//! Tables of PBN 5.2: the column specification in the tag value (`"Rank\2R;+Score_NS\5R"`) and the
//! rows of section elements after it.
//!
//! A column name token is any printable text without `;`. A leading `+` or `-` gives the order of
//! the column (`+` descending, `-` ascending); a trailing `\` with an integer gives the minimum width
//! of its elements, optionally followed by `L` or `R` for the alignment. This module reads them; the
//! rules decide what is wrong, and the writer pads with them.

use crate::syntax::{Data, TagPair, TokenId};

/// `+` (descending, highest value first) or `-` (ascending) before a column name (PBN 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Descending,
    Ascending,
}

/// `L` or `R` after a column's minimum width (PBN 5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// One column of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column<'a> {
    pub name: &'a str,
    pub order: Option<Order>,
    /// Minimum width of the column's elements in export format.
    pub width: Option<u32>,
    pub align: Option<Align>,
    /// The text after `\` when it is not an integer optionally followed by `L` or `R`.
    pub bad_width: Option<&'a str>,
}

/// Reads the column specification of a table tag value.
pub fn parse_columns(value: &str) -> Vec<Column<'_>> {
    value.split(';').map(parse_column).collect()
}

fn parse_column(spec: &str) -> Column<'_> {
    let (order, rest) = match spec.as_bytes().first() {
        Some(b'+') => (Some(Order::Descending), &spec[1..]),
        Some(b'-') => (Some(Order::Ascending), &spec[1..]),
        _ => (None, spec),
    };
    let mut column = Column {
        name: rest,
        order,
        width: None,
        align: None,
        bad_width: None,
    };
    if let Some(backslash) = rest.rfind('\\') {
        column.name = &rest[..backslash];
        let width = &rest[backslash + 1..];
        let (digits, align) = match width.as_bytes().last() {
            Some(b'L' | b'l') => (&width[..width.len() - 1], Some(Align::Left)),
            Some(b'R' | b'r') => (&width[..width.len() - 1], Some(Align::Right)),
            _ => (width, None),
        };
        match digits.parse::<u32>() {
            // A width past what a line can hold is as unreadable as a word: padding to it would
            // write lines no reader accepts, and a width of 4294967295 would take 4 GiB.
            Ok(number) if digits.bytes().all(|b| b.is_ascii_digit()) && number <= MAX_WIDTH => {
                column.width = Some(number);
                column.align = align;
            }
            _ => column.bad_width = Some(width),
        }
    }
    column
}

/// The widest column a line can hold: PBN 2.3 allows 255 characters a line.
pub const MAX_WIDTH: u32 = 255;

/// A table's columns and its elements in input order (comments and `%` lines left out).
#[derive(Debug)]
pub struct Table<'a> {
    pub columns: Vec<Column<'a>>,
    /// Each element as its first and last token.
    pub elements: Vec<(TokenId, TokenId)>,
}

impl<'a> Table<'a> {
    /// Reads the table of `tag`, whose unescaped value is `value`.
    pub fn new(tag: &TagPair, value: &'a str) -> Table<'a> {
        // At most an element an item: allocated once.
        let mut elements = Vec::with_capacity(tag.data.len());
        elements.extend(tag.data.iter().filter_map(|data| match *data {
            Data::Element { first, last } | Data::Invalid { first, last } => Some((first, last)),
            _ => None,
        }));
        Table {
            columns: parse_columns(value),
            elements,
        }
    }

    /// The rows: consecutive runs of as many elements as there are columns. The last row is short
    /// when the element count is not a multiple of the column count.
    pub fn rows(&self) -> impl Iterator<Item = &[(TokenId, TokenId)]> {
        self.elements.chunks(self.columns.len().max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_specs() {
        let columns = parse_columns("Rank\\2R;+Score_NS\\5;-Names\\22L;Contract;\\3;X\\y");
        assert_eq!(columns[0].name, "Rank");
        assert_eq!(
            (columns[0].width, columns[0].align),
            (Some(2), Some(Align::Right))
        );
        assert_eq!(columns[1].order, Some(Order::Descending));
        assert_eq!(
            (columns[1].name, columns[1].width, columns[1].align),
            ("Score_NS", Some(5), None)
        );
        assert_eq!(columns[2].order, Some(Order::Ascending));
        assert_eq!(columns[2].align, Some(Align::Left));
        assert_eq!(
            columns[3],
            Column {
                name: "Contract",
                order: None,
                width: None,
                align: None,
                bad_width: None
            }
        );
        assert_eq!((columns[4].name, columns[4].width), ("", Some(3)));
        assert_eq!(columns[5].bad_width, Some("y"));
    }

    #[test]
    fn rows_of_a_table() {
        let text = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  \
            2\nN  S 10 {late}\nS\n";
        let parse = crate::parser::parse(text);
        let tag = &parse.games[0].tags[0];
        let value = tag.value(&parse, text).unwrap();
        let table = Table::new(tag, &value);
        let rows: Vec<Vec<&str>> = table
            .rows()
            .map(|row| {
                row.iter()
                    .map(|&(first, last)| &text[parse.span(first, last)])
                    .collect()
            })
            .collect();
        assert_eq!(
            rows,
            [vec!["N", "NT", "2"], vec!["N", "S", "10"], vec!["S"]]
        );
    }
}
