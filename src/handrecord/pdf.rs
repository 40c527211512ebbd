//! The hand record as PDF, drawn natively (issue 47): the same sheet as the HTML, laid out here
//! in points, with krilla (typst's PDF backend) writing the file.
//!
//! - The font is DejaVu Sans, regular and bold, carried inside pbnfmt (`fonts/`, with its
//!   licence): it has ♠♥♦♣, and the PDF embeds a subset of it, so the file prints the same
//!   everywhere and needs no font on the machine that prints it.
//! - The same boards and options give the same bytes: no date, no random identifier, nothing
//!   from the machine is written (krilla's document identifier is a hash of the content).
//! - Text is measured with rustybuzz, the shaper krilla draws with, so what is measured is what
//!   is drawn. A text too wide for its place is made smaller (to 60 %), then cut with `…`; a
//!   board too tall for its cell (large suit symbols, 8 boards a page) is drawn smaller as a
//!   whole. Nothing from the file is drawn outside its own place.
//! - A character the font has no glyph for (a name in Chinese, Japanese or Korean script) is
//!   drawn as the font's empty box, and named in [`Drawn::missing`] so that the command can say
//!   so: the HTML hand record draws it with the reader's fonts.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Transform};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use super::{Board, Options, Paper};
use crate::bridge::{Denomination, Seat, Suit};
use crate::model::double_dummy::{DIGIT_DENOMINATIONS, DIGIT_SEATS};
use crate::model::values::Side;

mod results;
mod text;
use text::*;

const REGULAR: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("fonts/DejaVuSans-Bold.ttf");

/// Points in a millimetre.
const MM: f32 = 72.0 / 25.4;
const MARGIN: f32 = 10.0 * MM;
const GAP: f32 = 4.0 * MM;
const TITLE_SIZE: f32 = 14.0;
/// The room around the text of the `--force` warning, inside its box.
const WARNING_PAD: f32 = 2.0 * MM;
/// The page number's size, in the bottom margin.
const FOLIO_SIZE: f32 = 8.0;
/// The smallest a text is made to fit its place, as a share of its size; below it, it is cut.
const SMALLEST: f32 = 0.6;
/// The most characters of one value from a file that are drawn (a name of 10,000 characters is
/// cut to this before it is measured).
const LONGEST: usize = 160;

/// An sRGB colour.
type Colour = (u8, u8, u8);

fn paint(colour: Colour) -> krilla::paint::Paint {
    rgb::Color::new(colour.0, colour.1, colour.2).into()
}

const BLACK: Colour = (0, 0, 0);
const GREY: Colour = (0x44, 0x44, 0x44);
const RED: Colour = (0xc8, 0x10, 0x2e);
const ORANGE: Colour = (0xe0, 0x70, 0x00);
const GREEN: Colour = (0x00, 0x7a, 0x33);
const BORDER: Colour = (0x88, 0x88, 0x88);
const VULNERABLE: Colour = (0xf4, 0xc6, 0xcc);

/// Why a PDF could not be made (krilla refused the document: a bug, not the file's fault).
#[derive(Debug)]
pub struct PdfError(String);

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the PDF could not be made: {}", self.0)
    }
}

impl std::error::Error for PdfError {}

impl Paper {
    /// Width and height in points.
    fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0 * MM, 297.0 * MM),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// The two faces, for drawing (krilla) and for measuring (rustybuzz).
struct Faces {
    regular: Font,
    bold: Font,
    regular_shape: rustybuzz::Face<'static>,
    bold_shape: rustybuzz::Face<'static>,
    /// Each text shaped once (a hand record says `♠ K Q`, `Dealer North` and the digits again
    /// and again): measuring and drawing take the same glyphs. Emptied when it holds
    /// [`SHAPED`] texts, so that a long set cannot grow it without bound.
    shaped: RefCell<HashMap<(bool, String), Rc<Shaped>>>,
    /// The characters drawn as the empty box (glyph 0, `.notdef`): at most one more than
    /// [`MISSING`], which tells that there were more.
    missing: RefCell<BTreeSet<char>>,
}

/// At most this many characters without a glyph are named.
pub const MISSING: usize = 64;

/// At most this many shaped texts are kept.
const SHAPED: usize = 20_000;

/// A text as rustybuzz shapes it: its glyphs, and its advance in ems.
struct Shaped {
    glyphs: Vec<KrillaGlyph>,
    advance: f32,
    /// The ranges of the text drawn as the empty box.
    without_glyph: Vec<std::ops::Range<usize>>,
}

impl Faces {
    fn new() -> Result<Faces, PdfError> {
        let broken = || PdfError("the embedded font does not read".to_owned());
        Ok(Faces {
            regular: Font::new(REGULAR.into(), 0).ok_or_else(broken)?,
            bold: Font::new(BOLD.into(), 0).ok_or_else(broken)?,
            regular_shape: rustybuzz::Face::from_slice(REGULAR, 0).ok_or_else(broken)?,
            bold_shape: rustybuzz::Face::from_slice(BOLD, 0).ok_or_else(broken)?,
            shaped: RefCell::new(HashMap::new()),
            missing: RefCell::new(BTreeSet::new()),
        })
    }

    /// `text` shaped in the regular or the bold face.
    fn shape(&self, bold: bool, text: &str) -> Rc<Shaped> {
        let key = (bold, text.to_owned());
        if let Some(shaped) = self.shaped.borrow().get(&key) {
            return Rc::clone(shaped);
        }
        let face = if bold {
            &self.bold_shape
        } else {
            &self.regular_shape
        };
        let shaped = Rc::new(shape(face, text));
        let mut cache = self.shaped.borrow_mut();
        if cache.len() >= SHAPED {
            cache.clear();
        }
        cache.insert(key, Rc::clone(&shaped));
        shaped
    }
}

/// Draws on one page: text placed by its top-left corner, fitted to the room it is given.
struct Pen<'s, 'f> {
    surface: Surface<'s>,
    faces: &'f Faces,
}

/// Where a text goes across its room.
#[derive(Clone, Copy, PartialEq)]
enum Align {
    Left,
    Centre,
    Right,
}

impl Pen<'_, '_> {
    /// Draws `text` in `style` with its line's top at `top`, inside `room` from `x` (aligned
    /// in it); returns the line's height.
    fn text(&mut self, text: &str, style: Style, x: f32, top: f32, room: f32, align: Align) -> f32 {
        let line = Line::new(text, style).fitted(self.faces, room);
        let width = line.width(self.faces);
        let x = match align {
            Align::Left => x,
            Align::Centre => x + (room - width) / 2.0,
            Align::Right => x + room - width,
        };
        let leading = style.leading();
        // The baseline sits where the tallest run's text would: DejaVu's ascent is 0.76 em, and
        // the line's extra leading is split above and below.
        let tallest = line.runs.iter().map(|r| r.size).fold(style.size, f32::max);
        let baseline = top + (leading - tallest) / 2.0 + tallest * 0.8;
        line.draw(&mut self.surface, self.faces, x, baseline);
        leading
    }

    fn rect(&mut self, rect: Option<Rect>, fill: Option<Colour>, stroke: Option<(Colour, f32)>) {
        let Some(rect) = rect else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else {
            return;
        };
        self.surface.set_fill(fill.map(|colour| Fill {
            paint: paint(colour),
            ..Fill::default()
        }));
        self.surface
            .set_stroke(stroke.map(|(colour, width)| Stroke {
                paint: paint(colour),
                width,
                ..Stroke::default()
            }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
        self.surface.set_fill(None);
    }
}

/// A hand record drawn: the PDF's bytes, its pages, and the characters of the text that the
/// font has no glyph for, drawn as an empty box (in code point order, the first [`MISSING`];
/// `more` when there were others).
pub struct Drawn {
    pub bytes: Vec<u8>,
    pub pages: usize,
    /// The size of the smallest text drawn, in points: the compass's HCP, after a board too
    /// tall for its cell is drawn smaller as a whole ([`SMALLEST_PRINTED`] is what the record promises).
    pub smallest: f32,
    pub missing: Vec<char>,
    pub more: bool,
}

/// What every page of a document shares: the paper, the text's style, the title and the
/// warning of `--force`.
struct Sheet {
    width: f32,
    height: f32,
    style: Style,
    title: String,
    warning: Option<String>,
    grid: super::Grid,
    counts: super::Counts,
}

impl Sheet {
    fn settings(&self) -> Result<PageSettings, PdfError> {
        PageSettings::from_wh(self.width, self.height)
            .ok_or_else(|| PdfError("the paper has no size".to_owned()))
    }

    /// The width inside the margins.
    fn inner(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// Draws the title and the warning at the top of page `page` (from 1) of `pages`, and its
    /// number at the foot (issue 62, item 3: a sheet that falls from the pile goes back in its
    /// place); returns where the page's content starts.
    fn head(&self, pen: &mut Pen<'_, '_>, page: usize, pages: usize) -> f32 {
        let inner = self.inner();
        pen.text(
            &self.title,
            self.title_style(),
            MARGIN,
            MARGIN,
            inner,
            Align::Left,
        );
        if let Some(warning) = &self.warning {
            let top = self.below_title();
            pen.rect(
                Rect::from_xywh(MARGIN, top, inner, self.warning_height()),
                None,
                Some((RED, 1.7)),
            );
            pen.text(
                warning,
                self.warning_style(),
                MARGIN + WARNING_PAD,
                top + WARNING_PAD,
                inner - 2.0 * WARNING_PAD,
                Align::Left,
            );
        }
        pen.text(
            &format!("Page {page} of {pages}"),
            self.style.sized(FOLIO_SIZE).coloured(GREY),
            MARGIN,
            self.height - MARGIN + 2.5 * MM,
            inner,
            Align::Centre,
        );
        self.content_top()
    }

    fn title_style(&self) -> Style {
        self.style.sized(TITLE_SIZE).bold().may_be_cut()
    }

    fn warning_style(&self) -> Style {
        self.style.sized(9.0).may_be_cut()
    }

    /// The height of the warning's box.
    fn warning_height(&self) -> f32 {
        self.warning_style().leading() + 2.0 * WARNING_PAD
    }

    /// Where the title's line ends, with the room under it.
    fn below_title(&self) -> f32 {
        MARGIN + self.title_style().leading() + 3.0 * MM
    }

    /// Where a page's content starts, below its title and warning.
    fn content_top(&self) -> f32 {
        match self.warning {
            Some(_) => self.below_title() + self.warning_height() + 3.0 * MM,
            None => self.below_title(),
        }
    }
}

/// The hand record of `boards` as one PDF document; the results page when `options.results`
/// asks for it ([`results`]).
pub fn pdf(boards: &[Board], title: &str, options: &Options) -> Result<Drawn, PdfError> {
    let faces = Faces::new()?;
    let per_page = options.per_page.clamp(2, 8);
    let (width, height) = options.paper.size();
    let font = match (per_page, &options.results) {
        (_, Some(_)) => 10.0,
        (0..=4, None) => 11.0,
        (5..=6, None) => 10.0,
        _ => 8.5,
    };
    let sheet = Sheet {
        width,
        height,
        style: Style {
            size: font,
            bold: false,
            colour: BLACK,
            suit_scale: options.suit_size.clamp(100, 300) as f32 / 100.0,
            four_colour: options.four_colour,
            whole: true,
        },
        title: printable(title),
        warning: options.warning.as_deref().map(printable),
        grid: options.grid,
        counts: options.counts,
    };
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(sheet.title.clone())
            .creator(format!("pbnfmt {}", env!("CARGO_PKG_VERSION")))
            .language("en".to_owned()),
    );
    let (pages, scale) = match &options.results {
        Some(rankings) => (
            results::draw(&mut document, &faces, &sheet, boards, rankings)?,
            1.0,
        ),
        None => hand_record(&mut document, &faces, &sheet, boards, per_page)?,
    };
    let bytes = document
        .finish()
        .map_err(|error| PdfError(format!("{error:?}")))?;
    let mut missing: Vec<char> = faces.missing.take().into_iter().collect();
    let more = missing.len() > MISSING;
    missing.truncate(MISSING);
    Ok(Drawn {
        bytes,
        pages,
        smallest: HCP_SIZE * font * scale,
        missing,
        more,
    })
}

/// The smallest text a hand record prints, in points (issue 62, item 4): the compass's HCP at 8
/// boards a page (0.8 of 8.5 pt: 6.8 pt) is over it; a board drawn smaller to fit its cell (large
/// suit symbols, many players' names) may go under it, and `handrecord` says so.
pub const SMALLEST_PRINTED: f32 = 6.0;

/// The compass's HCP, the smallest text of a board, as a share of the text's size.
const HCP_SIZE: f32 = 0.8;

/// The hand record's pages: `per_page` boards each, two a row; returns how many, and the
/// smallest scale a board is drawn at (1 where every board fits its cell).
fn hand_record(
    document: &mut Document,
    faces: &Faces,
    sheet: &Sheet,
    boards: &[Board],
    per_page: usize,
) -> Result<(usize, f32), PdfError> {
    let mut smallest = 1.0f32;
    let rows = per_page.div_ceil(2);
    let style = sheet.style;
    let pages: Vec<&[Board]> = if boards.is_empty() {
        vec![&[]]
    } else {
        boards.chunks(per_page).collect()
    };
    for (number, boards) in pages.iter().enumerate() {
        let mut page = document.start_page_with(sheet.settings()?);
        let mut pen = Pen {
            surface: page.surface(),
            faces,
        };
        let top = sheet.head(&mut pen, number + 1, pages.len());
        let cell_width = (sheet.inner() - GAP) / 2.0;
        let cell_height = (sheet.height - MARGIN - top - GAP * (rows as f32 - 1.0)) / rows as f32;
        for (i, board) in boards.iter().enumerate() {
            let x = MARGIN + (i % 2) as f32 * (cell_width + GAP);
            let y = top + (i / 2) as f32 * (cell_height + GAP);
            pen.rect(
                Rect::from_xywh(x, y, cell_width, cell_height),
                None,
                Some((BORDER, 0.85)),
            );
            let natural = board_height(faces, board, style, sheet.counts, cell_width);
            let scale = (cell_height / natural).min(1.0);
            smallest = smallest.min(scale);
            pen.surface
                .push_transform(&Transform::from_row(scale, 0.0, 0.0, scale, x, y));
            draw_board(
                &mut pen,
                board,
                style,
                (sheet.grid, sheet.counts),
                (cell_width / scale, cell_height / scale),
            );
            pen.surface.pop();
        }
        // The surface writes its content when it is dropped (krilla's `Surface::finish`).
        drop(pen);
        page.finish();
    }
    Ok((pages.len(), smallest))
}

/// The measures of a board, from the text's size.
struct Measures {
    pad: f32,
    gap: f32,
    hand: Style,
    player: Style,
    small: Style,
    compass: f32,
}

impl Measures {
    fn of(style: Style) -> Measures {
        Measures {
            pad: 0.6 * style.size,
            gap: 0.5 * style.size,
            hand: style,
            player: style.sized(style.size * 0.85).coloured(GREY).may_be_cut(),
            small: style.sized(style.size * 0.85),
            compass: 4.5 * style.size,
        }
    }

    fn hand_height(&self, board: &Board, seat: Seat, counts: super::Counts) -> f32 {
        let player = if board.players[seat as usize].is_some() {
            self.player.leading()
        } else {
            0.0
        };
        let losers = if super::losers_words(board, seat, counts).is_some() {
            self.small.leading()
        } else {
            0.0
        };
        let lines = if board.hands[seat as usize].is_some() {
            4.0
        } else {
            1.0
        };
        player + lines * self.hand.leading() + losers
    }

    fn info_height(&self, style: Style) -> f32 {
        style.sized(style.size * 1.2).leading() + 2.0 * style.leading()
    }

    fn table_height(&self) -> f32 {
        5.0 * self.small.leading()
    }

    /// The three rows' heights: info, North and the table; West, the compass and East; par and
    /// South.
    fn rows(&self, board: &Board, style: Style, counts: super::Counts, par: usize) -> [f32; 3] {
        let total = par.max(2) as f32
            + if super::total_words(board, counts).is_some() {
                1.0
            } else {
                0.0
            };
        [
            self.info_height(style)
                .max(self.hand_height(board, Seat::North, counts))
                .max(if board.tricks.is_some() {
                    self.table_height()
                } else {
                    0.0
                }),
            self.hand_height(board, Seat::West, counts)
                .max(self.hand_height(board, Seat::East, counts))
                .max(self.compass),
            self.hand_height(board, Seat::South, counts)
                .max(total * self.small.leading()),
        ]
    }
}

/// A board's natural height, `width` wide (the par's contracts take as many lines as it needs).
fn board_height(
    faces: &Faces,
    board: &Board,
    style: Style,
    counts: super::Counts,
    width: f32,
) -> f32 {
    let m = Measures::of(style);
    let rows = m.rows(
        board,
        style,
        counts,
        par_lines(faces, board, &m, width).len(),
    );
    2.0 * m.pad + rows.iter().sum::<f32>() + 2.0 * m.gap
}

/// Draws one board in a box of `size` with its top-left corner at the origin. Room to spare
/// goes first between the rows (up to 2.5 lines each), then above and below.
fn draw_board(
    pen: &mut Pen<'_, '_>,
    board: &Board,
    style: Style,
    (grid, counts): (super::Grid, super::Counts),
    size: (f32, f32),
) {
    let (width, height) = size;
    let m = Measures::of(style);
    let par = par_lines(pen.faces, board, &m, width);
    let rows = m.rows(board, style, counts, par.len());
    let spare = (height - board_height(pen.faces, board, style, counts, width)).max(0.0);
    let gap = m.gap + (spare / 2.0).min(2.5 * style.size);
    let top = m.pad + (spare - 2.0 * (gap - m.gap)) / 2.0;
    let column = (width - 2.0 * m.pad) / 3.0;
    let left = m.pad;
    let middle = m.pad + column;
    let right = m.pad + 2.0 * column;
    let row_top = [
        top,
        top + rows[0] + gap,
        top + rows[0] + rows[1] + 2.0 * gap,
    ];
    let room = column - 0.3 * style.size;

    // Number, dealer, vulnerability.
    let mut y = row_top[0];
    for (text, style) in info_lines(board, style) {
        y += pen.text(&text, style, left, y, room, Align::Left);
    }

    // The hands: North and South at the top of their rows, West and East centred on the compass.
    let middle_row = |height: f32| row_top[1] + (rows[1] - height) / 2.0;
    // The table's cells, and where it starts: North's hand stops short of it.
    let cell = (1.5 * m.small.size).max(m.small.size * m.small.suit_scale * 1.1);
    let table_left = width - m.pad - 6.0 * cell;
    // Each hand has the room its place leaves (issue 62, item 4: a long suit was drawn small in
    // a third of the board while the cell had room): South to the board's right edge, North up
    // to the table, and moved left as far as the board's number and dealer where a line is
    // wider; in the middle row, the compass moves from the middle towards the narrower of West
    // and East, and East moves left towards it, so that both fit where they can.
    let lines = Seat::ALL.map(|seat| hand_lines(board, seat, &m, counts));
    // The widest line drawn whole (a player's name is cut before it moves anything).
    let widest = |seat: Seat| {
        lines[seat as usize]
            .iter()
            .filter(|(_, style)| style.whole)
            .map(|(text, style)| Line::new(text, *style).width(pen.faces))
            .fold(0.0, f32::max)
    };
    let side = m.compass;
    let edge = width - m.pad;
    let space = 0.5 * style.size;
    let (lowest, highest) = (
        left + widest(Seat::West) + space,
        edge - widest(Seat::East) - space - side,
    );
    let centred = middle + (column - side) / 2.0;
    let cx = if lowest <= highest {
        centred.clamp(lowest, highest)
    } else {
        (lowest + highest) / 2.0
    };
    let cy = middle_row(side);
    let north_end = if board.tricks.is_some() {
        table_left - space
    } else {
        edge
    };
    let info_end = left
        + info_lines(board, style)
            .iter()
            .map(|(text, style)| Line::new(text, *style).width(pen.faces))
            .fold(0.0, f32::max)
            .min(room);
    for (seat, x, start, top, end) in [
        (Seat::North, middle, info_end + space, row_top[0], north_end),
        (
            Seat::West,
            left,
            left,
            middle_row(m.hand_height(board, Seat::West, counts)),
            cx - space,
        ),
        (
            Seat::East,
            right,
            cx + side + space,
            middle_row(m.hand_height(board, Seat::East, counts)),
            edge,
        ),
        (Seat::South, middle, middle, row_top[2], edge),
    ] {
        let x = x.min((end - widest(seat)).max(start));
        let mut y = top;
        for (text, style) in &lines[seat as usize] {
            y += pen.text(text, *style, x, y, (end - x).max(0.0), Align::Left);
        }
    }

    // The compass: each seat's HCP at its side, a vulnerable side shaded.
    let third = side / 3.0;
    let hcp_style = style.sized(style.size * HCP_SIZE);
    for (seat, col, row) in [
        (Seat::North, 1.0, 0.0),
        (Seat::West, 0.0, 1.0),
        (Seat::East, 2.0, 1.0),
        (Seat::South, 1.0, 2.0),
    ] {
        let (x, y) = (cx + col * third, cy + row * third);
        if board
            .vulnerable
            .is_some_and(|v| v.is_vulnerable(Side::of(seat)))
        {
            pen.rect(Rect::from_xywh(x, y, third, third), Some(VULNERABLE), None);
        }
        // The dealer's side is marked (issue 62, item 3): its HCP bold and underlined, or `D`
        // where its hand is not given.
        let dealer = board.dealer == Some(seat);
        let hcp = board.hands[seat as usize].map(|cards| crate::query::hcp(cards).to_string());
        let hcp = match (hcp, dealer) {
            (Some(hcp), _) => Some(hcp),
            (None, true) => Some("D".to_owned()),
            (None, false) => None,
        };
        if let Some(hcp) = hcp {
            let top = y + (third - hcp_style.leading()) / 2.0;
            let style = if dealer { hcp_style.bold() } else { hcp_style };
            pen.text(&hcp, style, x, top, third, Align::Centre);
            if dealer {
                let width = Line::new(&hcp, style).width(pen.faces);
                let under = top + hcp_style.leading() * 0.85;
                pen.rect(
                    Rect::from_xywh(x + (third - width) / 2.0, under, width, 0.6),
                    Some(BLACK),
                    None,
                );
            }
        }
    }
    pen.rect(
        Rect::from_xywh(cx, cy, side, side),
        None,
        Some((BLACK, 0.85)),
    );

    // The double-dummy table, at the top right: a column a strain, a row a declarer.
    if let Some(tricks) = &board.tricks {
        let x0 = table_left;
        let mut y = row_top[0];
        for (i, strain) in DIGIT_DENOMINATIONS.into_iter().enumerate() {
            let x = x0 + (i + 1) as f32 * cell;
            pen.text(&strain_words(strain), m.small, x, y, cell, Align::Centre);
        }
        y += m.small.leading();
        for seat in DIGIT_SEATS {
            pen.text(
                &seat.letter().to_string(),
                m.small.bold(),
                x0,
                y,
                cell,
                Align::Centre,
            );
            for (i, strain) in DIGIT_DENOMINATIONS.into_iter().enumerate() {
                let x = x0 + (i + 1) as f32 * cell;
                let n = grid.cell(tricks[seat as usize][strain as usize]);
                pen.text(&n, m.small, x, y, cell, Align::Centre);
            }
            y += m.small.leading();
        }
    }

    // Par, at the bottom left: the score, then its contracts on lines of their own (each
    // contract whole; as many lines as they need, so that they are never made smaller than the
    // grid's text); the Law of Total Tricks' totals above them when asked for.
    let bottom = row_top[2] + rows[2];
    let mut y = bottom - par.len().max(2) as f32 * m.small.leading();
    if let Some(total) = super::total_words(board, counts) {
        pen.text(
            &total,
            m.small,
            left,
            y - m.small.leading(),
            room,
            Align::Left,
        );
    }
    for line in &par {
        y += pen.text(line, m.small, left, y, room, Align::Left);
    }
}

/// The par's lines as the PDF draws them in a board `width` wide: the score, then the
/// contracts, `(4♠ by N-S, 5♦ by E-W)`, broken between contracts where a line would be wider
/// than the par's room. None when the board has no par.
fn par_lines(faces: &Faces, board: &Board, m: &Measures, width: f32) -> Vec<String> {
    let Some((score, contracts)) = super::par_parts(board, strain_words) else {
        return Vec::new();
    };
    let room = (width - 2.0 * m.pad) / 3.0 - 0.3 * m.hand.size;
    let mut lines = vec![score];
    let mut line = String::new();
    let last = contracts.len().saturating_sub(1);
    for (at, contract) in contracts.iter().enumerate() {
        let open = if at == 0 { "(" } else { "" };
        let close = if at == last { ")" } else { "," };
        let piece = format!("{open}{contract}{close}");
        let longer = format!("{line} {piece}");
        if line.is_empty() {
            line = piece;
        } else if Line::new(&longer, m.small).width(faces) <= room {
            line = longer;
        } else {
            lines.push(std::mem::replace(&mut line, piece));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The board's number, dealer and vulnerability, a line each in its style.
fn info_lines(board: &Board, style: Style) -> [(String, Style); 3] {
    [
        (
            format!("Board {}", printable(&board.number)),
            style.sized(style.size * 1.2).bold(),
        ),
        (
            format!("Dealer {}", board.dealer.map_or("not given", Seat::name)),
            style,
        ),
        (super::vulnerable_words(board.vulnerable).to_owned(), style),
    ]
}

/// A hand's lines as drawn, top to bottom, each in its style: the player, the four suits (or
/// `(not given)`), the losing-trick count.
fn hand_lines(
    board: &Board,
    seat: Seat,
    m: &Measures,
    counts: super::Counts,
) -> Vec<(String, Style)> {
    let mut lines = Vec::with_capacity(6);
    if let Some(player) = &board.players[seat as usize] {
        lines.push((printable(player), m.player));
    }
    match board.hands[seat as usize] {
        Some(cards) => {
            for suit in Suit::ALL {
                let line = format!("{} {}", suit.symbol(), super::holding(cards, suit));
                lines.push((line, m.hand));
            }
        }
        None => lines.push(("(not given)".to_owned(), m.hand)),
    }
    if let Some(losers) = super::losers_words(board, seat, counts) {
        lines.push((losers, m.small));
    }
    lines
}

/// A strain as the PDF writes it: `NT`, or the suit's symbol.
fn strain_words(strain: Denomination) -> String {
    match strain {
        Denomination::NoTrump => "NT".to_owned(),
        Denomination::Spades => Suit::Spades.symbol().to_string(),
        Denomination::Hearts => Suit::Hearts.symbol().to_string(),
        Denomination::Diamonds => Suit::Diamonds.symbol().to_string(),
        Denomination::Clubs => Suit::Clubs.symbol().to_string(),
    }
}

#[cfg(test)]
mod tests;
