//! `pbnfmt handrecord PATH... [-o FILE]`: the boards of every input as one hand record to print
//! ([`crate::handrecord`]), checked first with the hand-record rules.

use std::io::{self, IsTerminal as _, Write as _};
use std::path::PathBuf;

use crate::handrecord::{self, Options, Paper};
use crate::io::write::write_atomic;
use crate::model::deal::Cards;
use crate::rules::drawn::Sheet;

use super::{
    EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, HandrecordArgs, HandrecordFormat, PaperArg, finish,
    plural, say,
};

/// What one input gives: its boards, its title, and the findings that stop the drawing.
struct Read {
    name: String,
    boards: Vec<handrecord::Board>,
    title: Option<String>,
    /// The findings about what the sheet draws, which stop the drawing
    /// ([`stops_a_hand_record`]), rendered (`file:line:col: error[CODE] message`).
    errors: Vec<String>,
    /// How many error findings are about what the sheet does not draw: counted, not shown (its
    /// warnings, as before, are `check`'s to list).
    not_drawn: usize,
    /// The input's rankings (its TotalScoreTables), for the results page.
    rankings: Vec<handrecord::Ranking>,
}

pub(super) fn run(args: &HandrecordArgs) -> u8 {
    if args.analyze && !crate::dds::AVAILABLE {
        say!(
            "pbnfmt: error: handrecord --analyze: {}",
            crate::dds::WITHOUT
        );
        return EXIT_TROUBLE;
    }
    let (choice, discovery) = match super::select::chosen_inputs(
        &args.files,
        &args.choice,
        &args.config,
        "print",
        *args.encoding,
    ) {
        Ok(chosen) => chosen,
        Err(status) => return status,
    };
    // The output is never one of the inputs (checked again for --out-dir's files, once named).
    if let Some(target) = &args.output_file
        && let Err(status) =
            super::settings::refuse_output_among_inputs("--output", target, &discovery.inputs, &[])
    {
        return status;
    }
    let sheet = if args.results {
        Sheet::Results
    } else {
        Sheet::HandRecord
    };
    let names: Vec<String> = discovery
        .inputs
        .iter()
        .map(|found| found.input.display_name())
        .collect();
    let mut read = Vec::new();
    let mut unreadable = false;
    super::inputs::each_input(
        &discovery.inputs,
        args.files.threads(),
        |found, unread| {
            let bytes = unread.read()?;
            let keep = |board: &crate::query::Board<'_>| choice.keeps(board);
            let gathered = crate::commands::handrecord::gather(
                bytes,
                super::settings::input_encoding(*args.encoding, found),
                super::settings::hand_record_selection(found),
                sheet,
                &keep,
            );
            let errors = gathered
                .stops
                .iter()
                .map(|stop| {
                    let d = &stop.finding;
                    format!(
                        "{}:{}: {}[{}] {}",
                        stop.line,
                        stop.column,
                        d.severity.as_str(),
                        d.rule.code(),
                        d.message
                    )
                })
                .chain(gathered.stops_omitted.iter().map(|(rule, count)| {
                    format!(
                        " {} of {} past the limit of findings kept",
                        plural(*count, "more finding", "more findings"),
                        rule.code()
                    )
                }))
                .collect();
            Ok::<_, String>(Read {
                name: String::new(),
                boards: gathered.boards,
                title: gathered.title,
                errors,
                not_drawn: gathered.not_drawn,
                rankings: gathered.rankings,
            })
        },
        |index, one| {
            let name = names.get(index).cloned().unwrap_or_default();
            match one {
                Ok(mut one) => {
                    one.name = name;
                    read.push(one);
                }
                Err(message) => {
                    say!("pbnfmt: error: cannot read {name}: {message}");
                    unreadable = true;
                }
            }
            !unreadable
        },
    );
    if unreadable {
        return EXIT_TROUBLE;
    }
    let errors: usize = read.iter().map(|r| r.errors.len()).sum();
    if errors > 0 {
        for one in &read {
            for error in &one.errors {
                say!(
                    "{}:{}",
                    crate::display::escape_line(&one.name),
                    crate::display::escape_line(error)
                );
            }
        }
    }
    // What the sheet does not draw is counted, a line an input, with the way to see it.
    for one in read.iter().filter(|one| one.not_drawn > 0) {
        say!(
            "pbnfmt: {}: {} about what a hand record does not draw (the auction, the play, \
             other tags): `pbnfmt check --profile hand-record` lists them",
            crate::display::escape_line(&one.name),
            plural(one.not_drawn, "error", "errors")
        );
    }
    if errors > 0 && !args.force {
        say!(
            "pbnfmt: the hand record was not drawn: {} about what it draws (`--force` draws it \
             anyway, with a warning on every sheet)",
            plural(errors, "finding", "findings")
        );
        return EXIT_FINDINGS;
    }
    // Each board once, across the inputs too: a board and deal given again is another table's.
    // With --out-dir, each input is a hand record of its own, and once within it.
    let mut seen = std::collections::HashSet::new();
    for (i, one) in read.iter_mut().enumerate() {
        let key = if args.out_dir.is_some() { i } else { 0 };
        one.boards
            .retain(|b| seen.insert((key, b.number.clone(), b.hands.map(|h| h.map(Cards::mask)))));
    }
    if read.iter().all(|r| r.boards.is_empty()) {
        say!(
            "pbnfmt: no board to print: the inputs hold none, or none was chosen (--boards, --where)"
        );
        return EXIT_FINDINGS;
    }
    // A set whose every board lacks its deal would print pages of "(not given)" (issue 62,
    // item 5): refused, saying why.
    if read
        .iter()
        .flat_map(|r| &r.boards)
        .all(|board| board.hands.iter().all(Option::is_none))
    {
        say!("pbnfmt: no board chosen gives its deal (a Deal tag): nothing to print");
        return EXIT_FINDINGS;
    }
    if args.analyze {
        let keys: Vec<u128> = read
            .iter()
            .flat_map(|r| &r.boards)
            .filter(|b| b.tricks.is_none())
            .filter_map(|b| b.key)
            .collect();
        let threads = args.files.threads();
        let solutions = match super::analyze::solve(keys, &args.solve, threads, false) {
            Ok(solutions) => solutions,
            Err(status) => return status,
        };
        for board in read.iter_mut().flat_map(|r| &mut r.boards) {
            if let Some(crate::dds::Outcome::Solved(tricks)) =
                board.key.and_then(|key| solutions.get(key))
            {
                board.solved(*tricks);
            }
        }
    }
    // A file whose OptimumScore its table contradicts (H004): the table's par is drawn, and said.
    for one in &read {
        for board in &one.boards {
            if let Some(warning) = board
                .par
                .as_ref()
                .and_then(|par| par.warning(&board.number))
            {
                say!("pbnfmt: warning: {}: {warning}", one.name);
            }
        }
    }
    let format = args.format.unwrap_or_else(|| {
        let pdf = args.output_file.as_ref().is_some_and(|path| {
            path.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
        });
        if pdf {
            HandrecordFormat::Pdf
        } else {
            HandrecordFormat::Html
        }
    });
    if format == HandrecordFormat::Pdf && !PDF_AVAILABLE {
        say!(
            "pbnfmt: error: this pbnfmt was built without the `pdf` feature: `--format html` \
             writes the hand record as HTML, which a browser prints"
        );
        return EXIT_TROUBLE;
    }
    if format == HandrecordFormat::Pdf
        && args.output_file.is_none()
        && args.out_dir.is_none()
        && io::stdout().is_terminal()
    {
        say!(
            "pbnfmt: error: a PDF is not written to a terminal: name a file with `-o FILE.pdf`, \
             or redirect standard output"
        );
        return EXIT_TROUBLE;
    }
    let warning = |errors: usize| {
        (errors > 0).then(|| {
            format!(
                "Drawn with --force in spite of {}: check the set before play.",
                plural(errors, "error finding", "error findings")
            )
        })
    };
    let options = |title: &str, errors: usize, rankings: Vec<handrecord::Ranking>| Options {
        title: Some(title.to_owned()),
        per_page: args.per_page,
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        four_colour: args.four_colour,
        suit_size: args.suit_size,
        grid: match args.grid {
            super::GridArg::Tricks => handrecord::Grid::Tricks,
            super::GridArg::Makeable => handrecord::Grid::Makeable,
        },
        counts: handrecord::Counts {
            losers: args.counts.contains(&super::CountArg::Losers),
            total_tricks: args.counts.contains(&super::CountArg::TotalTricks),
        },
        warning: warning(errors),
        results: args.results.then_some(rankings),
    };
    // Every document drawn, and its path chosen, before any is written.
    let mut documents: Vec<Document> = Vec::new();
    match &args.out_dir {
        None => {
            let title = args
                .title
                .clone()
                .or_else(|| read.iter().find_map(|r| r.title.clone()))
                .unwrap_or_else(|| "Hand record".to_owned());
            let boards: Vec<handrecord::Board> =
                read.iter_mut().flat_map(|r| r.boards.drain(..)).collect();
            let rankings = read.iter_mut().flat_map(|r| r.rankings.drain(..)).collect();
            documents.push(Document {
                target: args.output_file.clone(),
                boards,
                options: options(&title, errors, rankings),
            });
        }
        Some(dir) => {
            let extension = match format {
                HandrecordFormat::Html => "html",
                HandrecordFormat::Pdf => "pdf",
            };
            let mut taken = std::collections::HashSet::new();
            for (found, one) in discovery.inputs.iter().zip(&mut read) {
                if one.boards.is_empty() {
                    say!(
                        "pbnfmt: {}: no board was chosen: no hand record for it",
                        crate::display::escape_line(&one.name)
                    );
                    continue;
                }
                let stem = match &found.input {
                    crate::walk::Input::File(path) | crate::walk::Input::Stdin(Some(path)) => path
                        .file_stem()
                        .map_or_else(|| "stdin".to_owned(), |s| s.to_string_lossy().into_owned()),
                    crate::walk::Input::Stdin(None) => "stdin".to_owned(),
                };
                let stem = crate::commands::split::file_word(&stem);
                // Two inputs of one name (`a/club.pbn`, `b/club.pbn`) get a number each after
                // the first, as `split` numbers its parts.
                let mut file = format!("{stem}.{extension}");
                let mut n = 2;
                while !taken.insert(file.to_lowercase()) {
                    file = format!("{stem}-{n}.{extension}");
                    n += 1;
                }
                let title = args
                    .title
                    .clone()
                    .or_else(|| one.title.clone())
                    .unwrap_or_else(|| "Hand record".to_owned());
                documents.push(Document {
                    target: Some(dir.join(file)),
                    boards: std::mem::take(&mut one.boards),
                    options: options(&title, one.errors.len(), std::mem::take(&mut one.rankings)),
                });
            }
        }
    }
    for document in documents.iter().filter(|_| args.out_dir.is_some()) {
        if let Some(target) = &document.target
            && let Err(status) = super::settings::refuse_output_among_inputs(
                "--out-dir",
                target,
                &discovery.inputs,
                &[],
            )
        {
            return status;
        }
    }
    // Each document's pages: the PDF counts its own; a hand record in HTML has `--per-page`
    // boards a page, and a results page in HTML as many as the browser makes.
    let mut drawn: Vec<Drawn> = Vec::new();
    let mut warnings = Vec::new();
    for document in documents {
        let title = document.options.title.clone().unwrap_or_default();
        let (bytes, pages) = match format {
            HandrecordFormat::Html => (
                handrecord::html(&document.boards, &title, &document.options).into_bytes(),
                (!args.results).then(|| document.boards.len().div_ceil(args.per_page.max(1))),
            ),
            HandrecordFormat::Pdf => match draw_pdf(&document, &title) {
                Ok((bytes, warning, pages)) => {
                    warnings.extend(warning);
                    (bytes, Some(pages))
                }
                Err(error) => {
                    say!("pbnfmt: error: {error} (this is a bug in pbnfmt: please report it)");
                    return EXIT_TROUBLE;
                }
            },
        };
        drawn.push((document.target, bytes, document.boards.len(), pages));
    }
    if let Some(dir) = &args.out_dir
        && let Err(error) = std::fs::create_dir_all(dir)
    {
        say!(
            "pbnfmt: error: cannot make {}: {error}",
            crate::display::escape_line(&dir.display().to_string())
        );
        return EXIT_TROUBLE;
    }
    let mut lines = Vec::new();
    for (target, bytes, boards, pages) in &drawn {
        let (written, name) = match target {
            Some(path) => (
                write_atomic(path, bytes.as_slice(), None),
                crate::display::escape_line(&path.display().to_string()).into_owned(),
            ),
            None => (
                io::stdout().lock().write_all(bytes),
                "standard output".to_owned(),
            ),
        };
        if let Err(error) = written {
            say!("pbnfmt: error: cannot write {name}: {error}");
            return EXIT_TROUBLE;
        }
        let what = if args.results {
            plural(
                *boards,
                "board and its travellers",
                "boards and their travellers",
            )
        } else {
            plural(*boards, "board", "boards")
        };
        match pages {
            Some(pages) => lines.push(format!(
                "{what} on {} written to {name}.",
                plural(*pages, "page", "pages")
            )),
            None => lines.push(format!("{what} written to {name}.")),
        }
    }
    for warning in warnings {
        say!("{warning}");
    }
    let status = finish(Ok(()));
    if status == EXIT_CLEAN {
        for line in lines {
            say!("{line}");
        }
    }
    status
}

/// A document drawn: where it goes, its bytes, its boards and its pages (`None`: as many as the
/// browser makes).
type Drawn = (Option<PathBuf>, Vec<u8>, usize, Option<usize>);

/// One hand record to draw, and where it goes (`None`: standard output).
struct Document {
    target: Option<PathBuf>,
    boards: Vec<handrecord::Board>,
    options: Options,
}

#[cfg(feature = "pdf")]
const PDF_AVAILABLE: bool = true;
#[cfg(not(feature = "pdf"))]
const PDF_AVAILABLE: bool = false;

/// The PDF's bytes, the warning for the characters its font has no glyph for, if any, and its
/// pages.
#[cfg(feature = "pdf")]
fn draw_pdf(
    document: &Document,
    title: &str,
) -> Result<(Vec<u8>, Option<String>, usize), handrecord::pdf::PdfError> {
    let drawn = handrecord::pdf::pdf(&document.boards, title, &document.options)?;
    let name = output_name(document.target.as_deref());
    let mut warnings = Vec::new();
    if !drawn.missing.is_empty() {
        warnings.push(without_glyph(&name, &drawn));
    }
    // A request the page cannot meet is said (issue 62, item 4): boards drawn so small that
    // their smallest text is under the size the record promises.
    if drawn.smallest < handrecord::pdf::SMALLEST_PRINTED - 0.05 {
        let options = &document.options;
        let (symbols, smaller) = if options.suit_size > 100 {
            (
                format!(" with the suit symbols at {} %", options.suit_size),
                " or smaller suit symbols (--suit-size)",
            )
        } else {
            (String::new(), "")
        };
        warnings.push(format!(
            "pbnfmt: warning: {name}: to fit {} boards a page{symbols}, some are drawn smaller: \
             their smallest text is {:.1} pt, under the {} pt a hand record prints at least; \
             fewer boards a page (--per-page){smaller} keep every text at its size",
            options.per_page,
            drawn.smallest,
            handrecord::pdf::SMALLEST_PRINTED,
        ));
    }
    let warning = (!warnings.is_empty()).then(|| warnings.join("\n"));
    Ok((drawn.bytes, warning, drawn.pages))
}

#[cfg(not(feature = "pdf"))]
fn draw_pdf(
    _document: &Document,
    _title: &str,
) -> Result<(Vec<u8>, Option<String>, usize), String> {
    Err("PDF needs the `pdf` feature".to_owned())
}

/// The name of where a document goes, as a warning says it.
#[cfg(feature = "pdf")]
fn output_name(target: Option<&std::path::Path>) -> String {
    target.map_or_else(
        || "standard output".to_owned(),
        |path| path.display().to_string(),
    )
}

/// The warning for characters of a PDF drawn as an empty box (a name in a script DejaVu Sans
/// does not cover): each with its code point, since a terminal may lack them too. `say!`
/// escapes the line.
#[cfg(feature = "pdf")]
fn without_glyph(name: &str, drawn: &handrecord::pdf::Drawn) -> String {
    let shown: Vec<String> = drawn
        .missing
        .iter()
        .map(|&c| format!("{c} (U+{:04X})", c as u32))
        .collect();
    format!(
        "pbnfmt: warning: {name}: the PDF's font (DejaVu Sans) has no glyph for {}{}, drawn as an \
         empty box; `--format html` draws {} with the reader's fonts",
        shown.join(", "),
        if drawn.more { " and more" } else { "" },
        if shown.len() == 1 && !drawn.more {
            "it"
        } else {
            "them"
        },
    )
}
