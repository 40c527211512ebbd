//! The hand record as HTML (issue 47): one document a browser prints, the boards of each page
//! in a grid, or the results page (`--results`); every value from a file escaped.

use std::fmt::Write as _;

use super::*;

/// HTML text of `text`: `&`, `<`, `>`, `"` and `'` as entities, and control characters (a
/// terminal's escape, a NUL) as U+FFFD, so that nothing from a file is markup.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            // A file's bidirectional embeddings, overrides and isolates are not obeyed: a name
            // with a right-to-left override would show `lin.pbn` as `nbp.nil`. The browser lays
            // out the rest by the bidirectional algorithm, as the PDF does.
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {}
            c => out.push(c),
        }
    }
    out
}

/// The hand record of `boards` as one HTML document.
pub fn html(boards: &[Board], title: &str, options: &Options) -> String {
    let per_page = options.per_page.clamp(2, 8);
    let rows = per_page.div_ceil(2);
    let scale = f64::from(options.suit_size.clamp(100, 300)) / 100.0;
    let (spade, heart, diamond, club) = if options.four_colour {
        ("#000000", "#c8102e", "#e07000", "#007a33")
    } else {
        ("#000000", "#c8102e", "#c8102e", "#000000")
    };
    let font = match per_page {
        0..=4 => 10.0,
        5..=6 => 10.0,
        _ => 8.0,
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"generator\" content=\"pbnfmt {version}\">\n<title>{title}</title>\n\
         <style>\n\
         @page {{ size: {paper}; margin: 10mm; }}\n\
         :root {{ --suit-scale: {scale}; }}\n\
         html {{ font-family: \"DejaVu Sans\", \"Noto Sans\", \"Segoe UI Symbol\", Arial, sans-serif; \
         font-size: {font}pt; color: #000; }}\n\
         body {{ margin: 0; }}\n\
         .page {{ break-after: page; page-break-after: always; min-height: {page_height}; \
         display: flex; flex-direction: column; }}\n\
         .page:last-child {{ break-after: auto; page-break-after: auto; }}\n\
         h1 {{ font-size: 1.4rem; margin: 0 0 3mm 0; }}\n\
         .warning {{ border: 0.6mm solid #c8102e; padding: 2mm; margin: 0 0 3mm 0; }}\n\
         .boards {{ display: grid; grid-template-columns: 1fr 1fr; \
         grid-template-rows: repeat({rows}, 1fr); gap: 4mm; flex: 1 1 auto; }}\n\
         .board {{ break-inside: avoid; page-break-inside: avoid; border: 0.3mm solid #888; \
         padding: 2mm; display: grid; grid-template-columns: 1fr 1fr 1fr; \
         grid-template-areas: \"info north dd\" \"west compass east\" \"par south .\"; \
         align-items: center; align-content: space-evenly; gap: 1mm; }}\n\
         .info {{ grid-area: info; align-self: start; white-space: nowrap; }}\n\
         .number {{ font-weight: bold; font-size: 1.2rem; }}\n\
         .north {{ grid-area: north; }} .south {{ grid-area: south; }}\n\
         .west {{ grid-area: west; }} .east {{ grid-area: east; }}\n\
         .dd {{ grid-area: dd; align-self: start; justify-self: end; }}\n\
         .par {{ grid-area: par; align-self: end; font-size: 0.9rem; }}\n\
         .count {{ font-size: 0.8rem; }}\n\
         .whole {{ white-space: nowrap; }}\n\
         .compass {{ grid-area: compass; justify-self: center; width: 16mm; height: 16mm; \
         border: 0.3mm solid #000; display: grid; grid-template-columns: 1fr 1fr 1fr; \
         grid-template-rows: 1fr 1fr 1fr; text-align: center; font-size: 0.8rem; }}\n\
         .compass .n {{ grid-area: 1 / 2; }} .compass .w {{ grid-area: 2 / 1; }}\n\
         .compass .e {{ grid-area: 2 / 3; }} .compass .s {{ grid-area: 3 / 2; }}\n\
         .vul {{ background: #f4c6cc; }}\n\
         .compass .dealer {{ font-weight: bold; text-decoration: underline; }}\n\
         .folio {{ text-align: center; font-size: 0.8rem; color: #444; margin-top: 2mm; }}\n\
         .suit {{ white-space: nowrap; }}\n\
         .player {{ font-style: italic; font-size: 0.85rem; }}\n\
         .sym {{ font-size: calc(1em * var(--suit-scale)); line-height: 1; }}\n\
         .S {{ color: {spade}; }} .H {{ color: {heart}; }} .D {{ color: {diamond}; }} \
         .C {{ color: {club}; }}\n\
         table.tricks {{ border-collapse: collapse; font-size: 0.85rem; }}\n\
         table.tricks th, table.tricks td {{ padding: 0 0.8mm; text-align: center; }}\n\
         {results_css}</style>\n</head>\n<body>\n",
        version = env!("CARGO_PKG_VERSION"),
        title = escape(title),
        paper = options.paper.css(),
        page_height = options.paper.page_height(),
        results_css = if options.results.is_some() {
            results_css(title)
        } else {
            String::new()
        },
    );
    if let Some(rankings) = &options.results {
        results_html(&mut out, boards, title, options, rankings);
        out.push_str("</body>\n</html>\n");
        return out;
    }
    let pages: Vec<&[Board]> = if boards.is_empty() {
        vec![&[]]
    } else {
        boards.chunks(per_page).collect()
    };
    let count = pages.len();
    for (number, page) in pages.into_iter().enumerate() {
        out.push_str("<section class=\"page\">\n");
        let _ = writeln!(out, "<h1>{}</h1>", escape(title));
        if let Some(warning) = &options.warning {
            let _ = writeln!(
                out,
                "<div class=\"warning\" role=\"alert\">{}</div>",
                escape(warning)
            );
        }
        out.push_str("<div class=\"boards\">\n");
        for board in page {
            board_html(&mut out, board, options.grid, options.counts);
        }
        let _ = writeln!(
            out,
            "</div>\n<div class=\"folio\">Page {} of {count}</div>\n</section>",
            number + 1
        );
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The style of the results page's tables ([`results_html`]).
const RESULTS_CSS: &str = "\
         .result { margin: 0 0 6mm 0; }\n\
         .result .board { width: calc(50% - 2mm); box-sizing: border-box; \
         break-after: avoid; page-break-after: avoid; }\n\
         table.results { border-collapse: collapse; margin-top: 2mm; font-size: 0.9rem; }\n\
         table.results thead { display: table-header-group; }\n\
         table.results th { text-align: left; border-bottom: 0.3mm solid #000; \
         padding: 0.3mm 2mm; }\n\
         table.results td { padding: 0.3mm 2mm; }\n\
         table.results td.n { text-align: right; }\n\
         table.results tr { break-inside: avoid; page-break-inside: avoid; }\n\
         table.results tbody tr:nth-child(even) { background: #eeeeee; }\n\
         .ranking { break-before: page; page-break-before: always; }\n\
         .ranking h2 { font-size: 1.3rem; } .ranking h3 { font-size: 1.1rem; }\n";

/// The results page's style: its tables, and the title and page number on every page (issue 62,
/// item 3). The results flow over as many pages as their tables need, so the browser numbers
/// them: CSS page-margin boxes (Chromium 131 and later), the title left at the top of every
/// page but the first (which has it as its heading), `Page 2 of 5` at the foot.
fn results_css(title: &str) -> String {
    format!(
        "{RESULTS_CSS}\
         @page {{ @top-left {{ content: {title}; font-size: 8pt; color: #444; }} \
         @bottom-center {{ content: \"Page \" counter(page) \" of \" counter(pages); \
         font-size: 8pt; color: #444; }} }}\n\
         @page :first {{ @top-left {{ content: none; }} }}\n",
        title = css_string(title)
    )
}

/// `text` as a CSS string: every character but a letter, a digit and a space as a CSS escape
/// (`\00003c`), so that nothing in a file's title can end the string, the rule or the style
/// element; a control character or a bidirectional control is dropped, as [`escape`] does.
fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            c if c.is_ascii_alphanumeric() || c == ' ' => out.push(c),
            c if c.is_control() => out.push_str("\\00fffd"),
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {}
            c => {
                let _ = write!(out, "\\{:06x}", u32::from(c));
            }
        }
    }
    out.push('"');
    out
}

/// The results page's body: the title once, each board with its travellers under it (the
/// warning of `--force` over each), then the rankings on a page of their own.
fn results_html(
    out: &mut String,
    boards: &[Board],
    title: &str,
    options: &Options,
    rankings: &[Ranking],
) {
    let _ = writeln!(out, "<h1>{}</h1>", escape(title));
    let warning = options.warning.as_ref().map(|warning| {
        format!(
            "<div class=\"warning\" role=\"alert\">{}</div>\n",
            escape(warning)
        )
    });
    for board in boards {
        out.push_str("<section class=\"result\">\n");
        out.push_str(warning.as_deref().unwrap_or(""));
        board_html(out, board, options.grid, options.counts);
        if board.travellers.is_empty() {
            out.push_str("<p>No traveller (ScoreTable) for this board.</p>\n");
        }
        for traveller in &board.travellers {
            results::table_html(out, traveller, "results traveller");
        }
        out.push_str("</section>\n");
    }
    results::rankings_html(out, rankings, warning.as_deref().unwrap_or(""));
}

fn suit_symbol(suit: Suit) -> String {
    format!(
        "<span class=\"sym {}\">{}</span>",
        suit.letter(),
        suit.symbol()
    )
}

fn strain_symbol(strain: Denomination) -> String {
    match strain {
        Denomination::NoTrump => "NT".to_owned(),
        Denomination::Spades => suit_symbol(Suit::Spades),
        Denomination::Hearts => suit_symbol(Suit::Hearts),
        Denomination::Diamonds => suit_symbol(Suit::Diamonds),
        Denomination::Clubs => suit_symbol(Suit::Clubs),
    }
}

fn board_html(out: &mut String, board: &Board, grid: Grid, counts: Counts) {
    let number = escape(&board.number);
    let _ = writeln!(
        out,
        "<article class=\"board\" id=\"board-{}\">",
        number.replace(' ', "-")
    );
    let vulnerable = board.vulnerable;
    let vulnerable_words = vulnerable_words(vulnerable);
    let _ = writeln!(
        out,
        "<div class=\"info\"><div class=\"number\">Board {number}</div><div>Dealer {}</div>\
         <div>{vulnerable_words}</div></div>",
        board.dealer.map_or("not given", Seat::name),
    );
    for seat in [Seat::North, Seat::West, Seat::East, Seat::South] {
        let class = seat.name().to_lowercase();
        let _ = write!(out, "<div class=\"hand {class}\">");
        if let Some(player) = &board.players[seat as usize] {
            let _ = write!(out, "<div class=\"player\">{}</div>", escape(player));
        }
        match board.hands[seat as usize] {
            Some(cards) => {
                for suit in Suit::ALL {
                    let _ = write!(
                        out,
                        "<div class=\"suit\">{} {}</div>",
                        suit_symbol(suit),
                        holding(cards, suit)
                    );
                }
            }
            None => out.push_str("<div class=\"suit\">(not given)</div>"),
        }
        if let Some(losers) = losers_words(board, seat, counts) {
            let _ = write!(out, "<div class=\"count\">{losers}</div>");
        }
        out.push_str("</div>\n");
    }
    // The compass: each seat's HCP at its side, a vulnerable side shaded.
    out.push_str("<div class=\"compass\">");
    for (seat, class) in [
        (Seat::North, "n"),
        (Seat::West, "w"),
        (Seat::East, "e"),
        (Seat::South, "s"),
    ] {
        let side = Side::of(seat);
        let vul = if vulnerable.is_some_and(|v| v.is_vulnerable(side)) {
            " vul"
        } else {
            ""
        };
        let hcp = board.hands[seat as usize].map(|cards| crate::query::hcp(cards).to_string());
        // The dealer's side is marked (issue 62, item 3): its HCP bold and underlined, or `D`
        // where its hand is not given.
        let (dealer, hcp, title) = if board.dealer == Some(seat) {
            let title = match &hcp {
                Some(hcp) => format!("{}, the dealer: {hcp} HCP", seat.name()),
                None => format!("{}, the dealer", seat.name()),
            };
            (" dealer", hcp.unwrap_or_else(|| "D".to_owned()), title)
        } else {
            let title = match &hcp {
                Some(hcp) => format!("{}: {hcp} HCP", seat.name()),
                None => format!("{}: hand not given", seat.name()),
            };
            ("", hcp.unwrap_or_default(), title)
        };
        let _ = write!(
            out,
            "<span class=\"{class}{vul}{dealer}\" title=\"{title}\">{hcp}</span>"
        );
    }
    out.push_str("</div>\n");
    match &board.tricks {
        Some(tricks) => {
            let (class, caption) = match grid {
                Grid::Tricks => ("tricks", "Double-dummy tricks"),
                Grid::Makeable => ("tricks makeable", "Makeable contracts"),
            };
            let _ = write!(
                out,
                "<div class=\"dd\"><table class=\"{class}\" title=\"{caption}\"><tr><th></th>"
            );
            for strain in DIGIT_DENOMINATIONS {
                let _ = write!(out, "<th>{}</th>", strain_symbol(strain));
            }
            out.push_str("</tr>");
            for seat in DIGIT_SEATS {
                let _ = write!(out, "<tr><th>{}</th>", seat.letter());
                for strain in DIGIT_DENOMINATIONS {
                    let _ = write!(
                        out,
                        "<td>{}</td>",
                        grid.cell(tricks[seat as usize][strain as usize])
                    );
                }
                out.push_str("</tr>");
            }
            out.push_str("</table>\n</div>\n");
        }
        None => out.push_str("<div class=\"dd\"></div>\n"),
    }
    // The totals may go on two lines or more, each number kept with its word: kept on one, at
    // 4 a page they made the board wider than the sheet, and Chromium printed every page smaller.
    let total = total_words(board, counts)
        .map(|words| {
            let words = words
                .replace("trumps ", "trumps\u{a0}")
                .replace("tricks ", "tricks\u{a0}");
            format!("<div class=\"count\">{words}</div>")
        })
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "<div class=\"par\">{total}{}</div>",
        unbroken_par(board)
    );
    out.push_str("</article>\n");
}

/// The par line of the HTML with its breaks only where a reader expects them (issue 62, item
/// 4): the score (`Par NS 620`) and each contract (`4♠X- by N-S`) are each kept on one line, a
/// line broken only between them.
fn unbroken_par(board: &Board) -> String {
    let Some((score, contracts)) = par_parts(board, strain_symbol) else {
        return String::new();
    };
    let whole = |part: &str| format!("<span class=\"whole\">{part}</span>");
    let mut out = whole(&score);
    if !contracts.is_empty() {
        let parts: Vec<String> = contracts.iter().map(|c| whole(c)).collect();
        let _ = write!(out, " ({})", parts.join(", "));
    }
    out
}
