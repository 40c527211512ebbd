//! Lines of text for the PDF: runs of one face, size and colour, shaped (rustybuzz) after the Unicode bidirectional algorithm.

use super::*;

/// One piece of a line of text: the same face, size and colour throughout.
pub(super) struct Run {
    pub(super) text: String,
    pub(super) size: f32,
    pub(super) colour: Colour,
}

/// A line of text as it is drawn: suit symbols in their colour and at their size.
pub(super) struct Line {
    pub(super) runs: Vec<Run>,
    pub(super) bold: bool,
    pub(super) whole: bool,
}

/// How a line is written: its size, weight and colour, and the suit symbols' scale and colours.
#[derive(Clone, Copy)]
pub(super) struct Style {
    pub(super) size: f32,
    pub(super) bold: bool,
    pub(super) colour: Colour,
    /// The suit symbols' size as a share of the text's.
    pub(super) suit_scale: f32,
    pub(super) four_colour: bool,
    /// Drawn whole, however small it must be made to fit (cards, tricks, par); a name or a
    /// title is cut once it is as small as it is made.
    pub(super) whole: bool,
}

impl Style {
    pub(super) fn sized(self, size: f32) -> Style {
        Style { size, ..self }
    }
    pub(super) fn bold(self) -> Style {
        Style { bold: true, ..self }
    }
    pub(super) fn coloured(self, colour: Colour) -> Style {
        Style { colour, ..self }
    }
    pub(super) fn may_be_cut(self) -> Style {
        Style {
            whole: false,
            ..self
        }
    }
    /// The height of a line in this style: room for the suit symbols at their size.
    pub(super) fn leading(self) -> f32 {
        (self.size * 1.3).max(self.size * self.suit_scale * 0.9)
    }
}

pub(super) fn suit_of(c: char) -> Option<Suit> {
    Suit::ALL.into_iter().find(|suit| suit.symbol() == c)
}

pub(super) fn suit_colour(suit: Suit, four_colour: bool) -> Colour {
    match (suit, four_colour) {
        (Suit::Spades, _) | (Suit::Clubs, false) => BLACK,
        (Suit::Hearts, _) | (Suit::Diamonds, false) => RED,
        (Suit::Diamonds, true) => ORANGE,
        (Suit::Clubs, true) => GREEN,
    }
}

/// What a value from a file may put on the page: a control character is drawn as `�`.
pub(super) fn printable(text: &str) -> String {
    text.chars()
        .take(LONGEST)
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect()
}

impl Line {
    pub(super) fn new(text: &str, style: Style) -> Line {
        let mut runs: Vec<Run> = Vec::new();
        for c in text.chars() {
            let (size, colour) = match suit_of(c) {
                Some(suit) => (
                    style.size * style.suit_scale,
                    suit_colour(suit, style.four_colour),
                ),
                None => (style.size, style.colour),
            };
            match runs.last_mut() {
                Some(run) if run.size == size && run.colour == colour => run.text.push(c),
                _ => runs.push(Run {
                    text: c.to_string(),
                    size,
                    colour,
                }),
            }
        }
        Line {
            runs,
            bold: style.bold,
            whole: style.whole,
        }
    }

    pub(super) fn width(&self, faces: &Faces) -> f32 {
        self.runs
            .iter()
            .map(|run| faces.shape(self.bold, &run.text).advance * run.size)
            .sum()
    }

    pub(super) fn scale(&mut self, factor: f32) {
        for run in &mut self.runs {
            run.size *= factor;
        }
    }

    /// The line made to fit `room`: smaller, then (unless it is drawn whole) cut with `…`.
    pub(super) fn fitted(mut self, faces: &Faces, room: f32) -> Line {
        let width = self.width(faces);
        if width <= room || room <= 0.0 {
            return self;
        }
        // A hair under the exact share: shaping in floating point must not leave the line a
        // hair too wide, and so cut.
        let factor = room / width * 0.999;
        if self.whole {
            self.scale(factor);
            return self;
        }
        self.scale(factor.max(SMALLEST));
        while self.width(faces) > room {
            let Some(last) = self.runs.last_mut() else {
                break;
            };
            // Cut the last character before the `…` (or the `…` itself when it is all that is
            // left of the run).
            let had_ellipsis = last.text.ends_with('…');
            let mut chars: Vec<char> = last.text.chars().collect();
            if had_ellipsis {
                chars.pop();
            }
            if chars.pop().is_none() {
                self.runs.pop();
                continue;
            }
            if chars.is_empty() {
                self.runs.pop();
                if let Some(previous) = self.runs.last_mut() {
                    previous.text.push('…');
                }
            } else {
                last.text = chars.into_iter().collect::<String>() + "…";
            }
        }
        self
    }

    pub(super) fn draw(&self, surface: &mut Surface<'_>, faces: &Faces, x: f32, baseline: f32) {
        let font = if self.bold {
            &faces.bold
        } else {
            &faces.regular
        };
        let mut at = x;
        for run in &self.runs {
            surface.set_fill(Some(Fill {
                paint: paint(run.colour),
                ..Fill::default()
            }));
            let shaped = faces.shape(self.bold, &run.text);
            // Named only when drawn: a text is shaped to be measured before it is cut.
            let mut missing = faces.missing.borrow_mut();
            for range in &shaped.without_glyph {
                for c in run.text[range.clone()]
                    .chars()
                    .filter(|c| !c.is_whitespace())
                {
                    if missing.len() <= MISSING {
                        missing.insert(c);
                    }
                }
            }
            drop(missing);
            surface.draw_glyphs(
                Point::from_xy(at, baseline),
                &shaped.glyphs,
                font.clone(),
                &run.text,
                run.size,
                false,
            );
            at += shaped.advance * run.size;
        }
    }
}

/// `text` laid out in visual order by the Unicode bidirectional algorithm (UAX #9, the
/// `unicode-bidi` crate), each directional run shaped by rustybuzz in its own direction: a name
/// in Hebrew with digits (`כהן 2024`) draws its letters right to left and its number left to
/// right, as the HTML does (issue 63, item 4). Shaped whole in one guessed direction, `2024`
/// printed `4202`, and `Cohen` in a right-to-left name `nehoC`.
///
/// A file's own bidirectional embeddings, overrides and isolates (U+202A-U+202E,
/// U+2066-U+2069) are not obeyed: a name with a right-to-left override would draw `lin.pbn` as
/// `nbp.nil` (the spoofing of file names). They are laid out as the neutral characters the HTML
/// leaves of them (`escape` drops them), and draw nothing.
pub(super) fn shape(face: &rustybuzz::Face<'_>, text: &str) -> Shaped {
    let neutral: String;
    let laid_out = if text.contains(is_bidi_control) {
        neutral = text.replace(is_bidi_control, "\u{200B}");
        neutral.as_str()
    } else {
        text
    };
    let bidi = unicode_bidi::BidiInfo::new(laid_out, None);
    let mut out = Shaped {
        glyphs: Vec::new(),
        advance: 0.0,
        without_glyph: Vec::new(),
    };
    for paragraph in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            let piece = shape_run(face, &laid_out[run.clone()], rtl);
            out.glyphs.extend(piece.glyphs.into_iter().map(|glyph| {
                let range = glyph.text_range.start + run.start..glyph.text_range.end + run.start;
                KrillaGlyph {
                    text_range: range,
                    ..glyph
                }
            }));
            out.without_glyph.extend(
                piece
                    .without_glyph
                    .into_iter()
                    .map(|r| r.start + run.start..r.end + run.start),
            );
            out.advance += piece.advance;
        }
    }
    out
}

/// U+202A-U+202E and U+2066-U+2069: the explicit bidirectional formatting characters.
pub(super) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// One directional run of a text shaped by rustybuzz (the shaper krilla's own `draw_text` uses)
/// in its direction: each glyph with the range of the run it stands for (its cluster), so that
/// the PDF maps it back to the text.
pub(super) fn shape_run(face: &rustybuzz::Face<'_>, text: &str, rtl: bool) -> Shaped {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    let output = rustybuzz::shape(face, &[], buffer);
    let em = face.units_per_em().max(1) as f32;
    // Where each cluster ends: where the next one (in the text's order) starts.
    let mut starts: Vec<usize> = output
        .glyph_infos()
        .iter()
        .map(|info| info.cluster as usize)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    let mut advance = 0.0;
    let mut without_glyph = Vec::new();
    let glyphs = output
        .glyph_infos()
        .iter()
        .zip(output.glyph_positions())
        .map(|(info, position)| {
            let start = info.cluster as usize;
            let end = starts
                .get(starts.partition_point(|&s| s <= start))
                .copied()
                .unwrap_or(text.len());
            advance += position.x_advance as f32 / em;
            if info.glyph_id == 0 {
                without_glyph.push(start..end);
            }
            KrillaGlyph::new(
                GlyphId::new(info.glyph_id),
                position.x_advance as f32 / em,
                position.x_offset as f32 / em,
                position.y_offset as f32 / em,
                position.y_advance as f32 / em,
                start..end,
                None,
            )
        })
        .collect();
    Shaped {
        glyphs,
        advance,
        without_glyph,
    }
}
