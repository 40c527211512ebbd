//! The results page in PDF (issue 66, item 4): each board's diagram, its travellers under it at
//! the page's width, then the rankings on pages of their own ([`crate::handrecord::results`]).
//!
//! Laid out first, drawn after: the plan places every piece (a board, a line of text, a table's
//! row) on a page, top to bottom, starting a page when a piece does not fit. A board starts a
//! page when its diagram and its traveller's first rows do not fit; a table longer than the room
//! left goes on to the next page under a line that says whose it is and its column headings
//! again. A number and a player's name are drawn whole (made smaller, never cut); another text
//! too wide for its column (a club) is cut with `…`.

use super::*;
use crate::handrecord::results::{NO_RANKING, Ranking, ResultTable, heading, numeric};

/// A table's columns laid out: each column's width, whether it holds numbers (drawn to the
/// right, whole), and whether it names players (drawn whole too: a name is not cut).
struct Grid {
    widths: Vec<f32>,
    right: Vec<bool>,
    names: Vec<bool>,
}

/// The room on each side of a cell's text, as a share of the text's size.
const CELL_PAD: f32 = 0.4;

impl Grid {
    /// Each column as wide as its widest element or heading. A table wider than `room` gives
    /// up room first from headings wider than their column's elements (made smaller, to 60 %),
    /// then from
    /// the columns of text (names, clubs: made smaller, a club cut), the numbers keeping theirs;
    /// all columns together only when the numbers alone are too wide.
    fn of(faces: &Faces, table: &ResultTable, style: Style, room: f32) -> Grid {
        let pad = 2.0 * CELL_PAD * style.size;
        let headings: Vec<f32> = table
            .columns
            .iter()
            .map(|c| Line::new(&printable(&heading(c)), style.bold()).width(faces) + pad)
            .collect();
        // A heading is made smaller to fit its column, never cut: no column is narrower than
        // its heading at the smallest size.
        let mut body: Vec<f32> = headings
            .iter()
            .map(|h| (h - pad) * SMALLEST + pad)
            .collect();
        for row in &table.rows {
            for (width, cell) in body.iter_mut().zip(row) {
                *width = width.max(Line::new(&printable(cell), style).width(faces) + pad);
            }
        }
        let right: Vec<bool> = (0..table.columns.len())
            .map(|i| numeric(table, i))
            .collect();
        let natural: Vec<f32> = body.iter().zip(&headings).map(|(b, h)| b.max(*h)).collect();
        let sum = |widths: &[f32]| widths.iter().sum::<f32>();
        let widths = if sum(&natural) <= room {
            natural
        } else if sum(&body) <= room {
            let share = (room - sum(&body)) / (sum(&natural) - sum(&body));
            body.iter()
                .zip(&natural)
                .map(|(b, n)| b + (n - b) * share)
                .collect()
        } else {
            let numbers: f32 = body
                .iter()
                .zip(&right)
                .filter(|(_, r)| **r)
                .map(|(w, _)| w)
                .sum();
            let texts = sum(&body) - numbers;
            let (factor, only_text) = if numbers < room && texts > 0.0 {
                ((room - numbers) / texts, true)
            } else {
                (room / sum(&body), false)
            };
            body.iter()
                .zip(&right)
                .map(|(w, r)| if only_text && *r { *w } else { w * factor })
                .collect()
        };
        let names = table
            .columns
            .iter()
            .map(|c| c.starts_with("Name"))
            .collect();
        Grid {
            widths,
            right,
            names,
        }
    }
}

/// One thing placed on a page.
enum Piece<'a> {
    /// A board's diagram, of this height.
    Board(&'a Board, f32),
    /// A line of text.
    Text(String, Style),
    /// A table's row (its headings when `header`), laid out by the grid of that number.
    Row {
        cells: Vec<String>,
        grid: usize,
        header: bool,
        shaded: bool,
    },
}

/// The pages planned: each piece with the top of its place.
struct Plan<'a> {
    pages: Vec<Vec<(f32, Piece<'a>)>>,
    grids: Vec<Grid>,
    top: f32,
    bottom: f32,
    y: f32,
    /// The width a table is laid out in: the page's inside.
    room: f32,
}

impl<'a> Plan<'a> {
    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = self.top;
    }

    fn page_is_empty(&self) -> bool {
        self.pages.last().is_none_or(Vec::is_empty)
    }

    /// Whether `height` fits below what the page holds, or the page holds nothing yet (a piece
    /// taller than a page is drawn on one of its own).
    fn fits(&self, height: f32) -> bool {
        self.y + height <= self.bottom || self.page_is_empty()
    }

    fn place(&mut self, piece: Piece<'a>, height: f32) {
        if !self.fits(height) {
            self.new_page();
        }
        let y = self.y;
        if let Some(page) = self.pages.last_mut() {
            page.push((y, piece));
        }
        self.y += height;
    }

    /// `table`'s rows, its headings first and again over its rows on each later page, under
    /// `continued` there.
    fn table(&mut self, faces: &Faces, table: &ResultTable, style: Style, continued: &str) {
        self.grids.push(Grid::of(faces, table, style, self.room));
        let grid = self.grids.len() - 1;
        let row = style.leading();
        let headings: Vec<String> = table.columns.iter().map(|c| heading(c)).collect();
        let header = |cells: Vec<String>| Piece::Row {
            cells,
            grid,
            header: true,
            shaded: false,
        };
        // The headings are not left alone at the foot of a page.
        if !self.fits(2.0 * row) {
            self.new_page();
        }
        self.place(header(headings.clone()), row);
        for (i, cells) in table.rows.iter().enumerate() {
            if !self.fits(row) {
                self.new_page();
                self.place(Piece::Text(continued.to_owned(), style.bold()), row);
                self.place(header(headings.clone()), row);
            }
            self.place(
                Piece::Row {
                    cells: cells.clone(),
                    grid,
                    header: false,
                    shaded: i % 2 == 1,
                },
                row,
            );
        }
    }
}

/// Draws the results page of `boards` and `rankings` into `document`; returns its pages.
pub(super) fn draw(
    document: &mut Document,
    faces: &Faces,
    sheet: &Sheet,
    boards: &[Board],
    rankings: &[Ranking],
) -> Result<usize, PdfError> {
    let plan = plan(faces, sheet, boards, rankings);
    let style = sheet.style;
    let table_style = style.sized(style.size * 0.9);
    let inner = sheet.inner();
    let board_width = (inner - GAP) / 2.0;
    for (number, pieces) in plan.pages.iter().enumerate() {
        let mut page = document.start_page_with(sheet.settings()?);
        let mut pen = Pen {
            surface: page.surface(),
            faces,
        };
        sheet.head(&mut pen, number + 1, plan.pages.len());
        for (y, piece) in pieces {
            let y = *y;
            match piece {
                Piece::Board(board, height) => {
                    pen.rect(
                        Rect::from_xywh(MARGIN, y, board_width, *height),
                        None,
                        Some((BORDER, 0.85)),
                    );
                    pen.surface
                        .push_transform(&Transform::from_translate(MARGIN, y));
                    draw_board(
                        &mut pen,
                        board,
                        style,
                        (sheet.grid, sheet.counts),
                        (board_width, *height),
                    );
                    pen.surface.pop();
                }
                Piece::Text(text, style) => {
                    pen.text(text, style.may_be_cut(), MARGIN, y, inner, Align::Left);
                }
                Piece::Row {
                    cells,
                    grid,
                    header,
                    shaded,
                } => {
                    let Some(grid) = plan.grids.get(*grid) else {
                        continue;
                    };
                    let row = table_style.leading();
                    let width: f32 = grid.widths.iter().sum();
                    if *shaded {
                        pen.rect(Rect::from_xywh(MARGIN, y, width, row), Some(SHADE), None);
                    }
                    let pad = CELL_PAD * table_style.size;
                    let mut x = MARGIN;
                    for (i, cell) in cells.iter().enumerate() {
                        let Some(&column) = grid.widths.get(i) else {
                            break;
                        };
                        let right = grid.right.get(i) == Some(&true);
                        let whole = right || grid.names.get(i) == Some(&true);
                        let cell_style = match (*header, whole) {
                            (true, _) => table_style.bold(),
                            (false, true) => table_style,
                            (false, false) => table_style.may_be_cut(),
                        };
                        let align = if right { Align::Right } else { Align::Left };
                        pen.text(
                            &printable(cell),
                            cell_style,
                            x + pad,
                            y,
                            column - 2.0 * pad,
                            align,
                        );
                        x += column;
                    }
                    if *header {
                        pen.rect(
                            Rect::from_xywh(MARGIN, y + row - 0.4, width, 0.6),
                            Some(BLACK),
                            None,
                        );
                    }
                }
            }
        }
        drop(pen);
        page.finish();
    }
    Ok(plan.pages.len())
}

/// A band behind every other row of a table.
const SHADE: Colour = (0xee, 0xee, 0xee);

fn plan<'a>(faces: &Faces, sheet: &Sheet, boards: &'a [Board], rankings: &[Ranking]) -> Plan<'a> {
    let style = sheet.style;
    let table_style = style.sized(style.size * 0.9);
    let row = table_style.leading();
    let top = sheet.content_top();
    let mut plan = Plan {
        pages: vec![Vec::new()],
        grids: Vec::new(),
        top,
        bottom: sheet.height - MARGIN,
        y: top,
        room: sheet.inner(),
    };
    let board_width = (sheet.inner() - GAP) / 2.0;
    for board in boards {
        let height = board_height(faces, board, style, sheet.counts, board_width);
        let first_rows = board.travellers.first().map_or(1, |t| t.rows.len().min(3)) + 1;
        if !plan.fits(height + 2.0 * MM + first_rows as f32 * row) {
            plan.new_page();
        }
        plan.place(Piece::Board(board, height), height + 2.0 * MM);
        let number = printable(&board.number);
        if board.travellers.is_empty() {
            plan.place(
                Piece::Text(
                    "No traveller (ScoreTable) for this board.".to_owned(),
                    table_style,
                ),
                row,
            );
        }
        let continued = format!("Board {number}, continued");
        for traveller in &board.travellers {
            plan.table(faces, traveller, table_style, &continued);
            plan.y += 2.0 * MM;
        }
        plan.y += GAP;
    }
    // The rankings on a page of their own.
    if !plan.page_is_empty() {
        plan.new_page();
    }
    let title = style.sized(style.size * 1.3).bold();
    plan.place(
        Piece::Text("Ranking".to_owned(), title),
        title.leading() + 2.0 * MM,
    );
    if rankings.is_empty() {
        plan.place(Piece::Text(NO_RANKING.to_owned(), style), style.leading());
    }
    for ranking in rankings {
        let heading = printable(&ranking.heading);
        if !heading.is_empty() {
            plan.place(
                Piece::Text(heading.clone(), style.bold()),
                style.leading() + MM,
            );
        }
        let continued = if heading.is_empty() {
            "Ranking, continued".to_owned()
        } else {
            format!("{heading}, continued")
        };
        plan.table(faces, &ranking.table, table_style, &continued);
        plan.y += GAP;
    }
    plan
}
