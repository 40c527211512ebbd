//! `pbnfmt show FILE [--board N]`: hand diagrams on standard output.

use std::io::{self, IsTerminal, Write};

use crate::parser;
use crate::show::{Look, Symbols, each_diagram_as};
use crate::source;

use super::{EXIT_FINDINGS, EXIT_TROUBLE, ShowArgs, finish, say};

pub(super) fn run(args: &ShowArgs) -> u8 {
    // The file's configuration (its `encoding`), found as for every command; `--show-settings`
    // prints it (issue 59, item 4).
    let files = super::FileArgs {
        paths: vec![args.file.clone()],
        files_from: None,
        exclude: Vec::new(),
        force_exclude: false,
        stdin_filename: None,
        follow: false,
        no_ignore: false,
        hidden: false,
        threads: Some(1),
        lin: true,
    };
    let discovery = match super::settings::readable_inputs(&files, &args.config, *args.encoding) {
        Ok(discovery) => discovery,
        Err(status) => return status,
    };
    let found = super::named(&args.file);
    let configured = discovery
        .inputs
        .iter()
        .find(|input| input.input == found.input)
        .unwrap_or(&found);
    let encoding = super::settings::input_encoding(*args.encoding, configured);
    let input = [found];
    let name = input[0].input.display_name();
    let mut read = None;
    super::each_input(
        &input,
        1,
        |_, unread| unread.read(),
        |_, bytes| {
            read = Some(bytes);
            false
        },
    );
    let bytes = match read.unwrap_or_else(|| Err("not read".to_owned())) {
        Ok(bytes) => bytes,
        Err(message) => {
            say!("pbnfmt: error: cannot read {name}: {message}");
            return EXIT_TROUBLE;
        }
    };
    // The bytes are given away: a UTF-8 file becomes its text without a copy.
    let decoded = source::decode_owned(bytes, encoding);
    // A file that is not PBN (or LIN) is refused as `check` names it, not drawn as a board.
    if let Some(finding) = crate::read::not_pbn(&decoded) {
        say!(
            "pbnfmt: error: {name}: {}[{}] {}; not shown (`pbnfmt check` says more)",
            finding.severity,
            finding.rule.code(),
            finding.message
        );
        return EXIT_FINDINGS;
    }
    let symbols = if args.ascii {
        Symbols::Ascii
    } else {
        Symbols::Unicode
    };
    // Each diagram is written as it is drawn: a million boards are not held at once.
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut written = Ok(());
    let mut first = true;
    let solutions = if args.analyze {
        if !crate::dds::AVAILABLE {
            say!("pbnfmt: error: show --analyze: {}", crate::dds::WITHOUT);
            return EXIT_TROUBLE;
        }
        let keys = crate::show::deals_to_solve(&decoded.text, args.board.as_deref());
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        match super::analyze::solve(keys, &args.solve, threads, false) {
            Ok(solutions) => Some(solutions),
            Err(status) => return status,
        }
    } else {
        None
    };
    let warnings = std::cell::RefCell::new(Vec::new());
    let look = Look {
        symbols,
        play: args.play,
        colour: super::use_color(args.color, io::stdout().is_terminal()),
        solved: solutions.as_deref(),
        warnings: Some(&warnings),
    };
    let drawn = each_diagram_as(
        &decoded.text,
        args.board.as_deref(),
        look,
        parser::CHUNK_BYTES,
        |diagram| {
            // A blank line between diagrams, as before.
            let separator: &[u8] = if first { b"" } else { b"\n" };
            first = false;
            written = out
                .write_all(separator)
                .and_then(|()| out.write_all(diagram.as_bytes()));
            written.is_ok()
        },
    );
    for warning in warnings.take() {
        say!("pbnfmt: warning: {name}: {warning}");
    }
    if drawn == 0 {
        match &args.board {
            Some(board) => say!(
                "pbnfmt: error: {name}: no board {}; {}",
                crate::display::escape(board),
                which_boards(&crate::show::boards(&decoded.text))
            ),
            None => say!("pbnfmt: error: {name}: no game to show"),
        }
        return EXIT_FINDINGS;
    }
    finish(written.and_then(|()| out.flush()))
}

/// What `show --board` can be asked for, in words: the boards of the file, runs of numbers as
/// ranges (`1-36`), at most 12 items.
fn which_boards(boards: &[String]) -> String {
    if boards.is_empty() {
        return "the file has no board".to_owned();
    }
    let mut items: Vec<String> = Vec::new();
    let mut run: Option<(u64, u64)> = None;
    let close = |run: &mut Option<(u64, u64)>, items: &mut Vec<String>| {
        if let Some((first, last)) = run.take() {
            items.push(if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            });
        }
    };
    for board in boards {
        match (board.parse::<u64>(), run) {
            (Ok(number), Some((first, last))) if number == last + 1 => {
                run = Some((first, number));
            }
            (Ok(number), _) => {
                close(&mut run, &mut items);
                run = Some((number, number));
            }
            (Err(_), _) => {
                close(&mut run, &mut items);
                items.push(crate::display::escape(board).into_owned());
            }
        }
    }
    close(&mut run, &mut items);
    let more = items.len().saturating_sub(12);
    items.truncate(12);
    let mut said = format!("the boards are {}", items.join(", "));
    if more > 0 {
        said.push_str(&format!(" and {more} more"));
    }
    said
}
