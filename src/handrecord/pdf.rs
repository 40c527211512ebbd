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

mod board;
mod results;
mod text;
use board::*;
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

#[cfg(test)]
mod tests;
