//! One board of the PDF hand record: its measures, drawn in a box (number, dealer and
//! vulnerability; the four hands around the compass; the double-dummy grid; par).

use super::*;
use crate::handrecord::{Counts, Grid};

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

    fn hand_height(&self, board: &Board, seat: Seat, counts: Counts) -> f32 {
        let player = if board.players[seat as usize].is_some() {
            self.player.leading()
        } else {
            0.0
        };
        let losers = if super::super::losers_words(board, seat, counts).is_some() {
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

    /// The height of a board whose three rows are `rows` high.
    fn height(&self, rows: [f32; 3]) -> f32 {
        2.0 * self.pad + rows.iter().sum::<f32>() + 2.0 * self.gap
    }

    fn table_height(&self) -> f32 {
        5.0 * self.small.leading()
    }

    /// The three rows' heights: info, North and the table; West, the compass and East; par and
    /// South.
    fn rows(&self, board: &Board, style: Style, counts: Counts, par: usize) -> [f32; 3] {
        let total = par.max(2) as f32
            + if super::super::total_words(board, counts).is_some() {
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
pub(super) fn board_height(
    faces: &Faces,
    board: &Board,
    style: Style,
    counts: Counts,
    width: f32,
) -> f32 {
    let m = Measures::of(style);
    let rows = m.rows(
        board,
        style,
        counts,
        par_lines(faces, board, &m, width).len(),
    );
    m.height(rows)
}

/// Draws one board in a box of `size` with its top-left corner at the origin. Room to spare
/// goes first between the rows (up to 2.5 lines each), then above and below.
pub(super) fn draw_board(
    pen: &mut Pen<'_, '_>,
    board: &Board,
    style: Style,
    (grid, counts): (Grid, Counts),
    size: (f32, f32),
) {
    let (width, height) = size;
    let m = Measures::of(style);
    let par = par_lines(pen.faces, board, &m, width);
    let rows = m.rows(board, style, counts, par.len());
    let spare = (height - m.height(rows)).max(0.0);
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
    if let Some(total) = super::super::total_words(board, counts) {
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
    let Some((score, contracts)) = super::super::par_parts(board, strain_words) else {
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
        (
            super::super::vulnerable_words(board.vulnerable).to_owned(),
            style,
        ),
    ]
}

/// A hand's lines as drawn, top to bottom, each in its style: the player, the four suits (or
/// `(not given)`), the losing-trick count.
fn hand_lines(board: &Board, seat: Seat, m: &Measures, counts: Counts) -> Vec<(String, Style)> {
    let mut lines = Vec::with_capacity(6);
    if let Some(player) = &board.players[seat as usize] {
        lines.push((printable(player), m.player));
    }
    match board.hands[seat as usize] {
        Some(cards) => {
            for suit in Suit::ALL {
                let line = format!("{} {}", suit.symbol(), super::super::holding(cards, suit));
                lines.push((line, m.hand));
            }
        }
        None => lines.push(("(not given)".to_owned(), m.hand)),
    }
    if let Some(losers) = super::super::losers_words(board, seat, counts) {
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
