//! `pbnfmt handrecord PATH... [-o FILE]`: the boards of every input as one hand record to print
//! ([`crate::handrecord`]), checked first with the hand-record rules.

use std::io::{self, Write as _};

use crate::check::{CheckOptions, check_owned};
use crate::handrecord::{self, Options, Paper};
use crate::io::write::write_atomic;
use crate::model::deal::Cards;
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::select::Selection;

use super::{
    EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, HandrecordArgs, PaperArg, finish, plural,
    read_each_input, say,
};

/// What one input gives: its boards, its title, and the findings that stop the drawing.
struct Read {
    name: String,
    boards: Vec<handrecord::Board>,
    title: Option<String>,
    /// Error-level findings, rendered (`file:line:col: error[CODE] message`).
    errors: Vec<String>,
}

pub(super) fn run(args: &HandrecordArgs) -> u8 {
    if args.analyze && !crate::dds::AVAILABLE {
        say!(
            "pbnfmt: error: handrecord --analyze: {}",
            crate::dds::WITHOUT
        );
        return EXIT_TROUBLE;
    }
    let (choice, discovery) =
        match super::select::chosen_inputs(&args.files, &args.choice, &args.config, "print") {
            Ok(chosen) => chosen,
            Err(status) => return status,
        };
    // The output is never one of the inputs.
    if let Some(target) = &args.output_file
        && let Ok(target) = std::fs::canonicalize(target)
        && discovery.inputs.iter().any(|found| match &found.input {
            crate::walk::Input::File(path) => {
                std::fs::canonicalize(path).ok() == Some(target.clone())
            }
            _ => false,
        })
    {
        say!(
            "pbnfmt: error: {} is an input: the hand record goes to another file",
            crate::display::escape_line(&target.display().to_string())
        );
        return EXIT_TROUBLE;
    }
    let names: Vec<String> = discovery
        .inputs
        .iter()
        .map(|found| found.input.display_name())
        .collect();
    let mut index = 0;
    let mut read = Vec::new();
    let done = read_each_input(
        &discovery.inputs,
        args.files.threads(),
        |bytes| {
            let decoded = crate::source::decode_owned(bytes, None);
            let options = CheckOptions {
                selection: Selection {
                    extend_select: vec!["H".to_owned(), "T027".to_owned()],
                    ..Selection::default()
                },
                ..CheckOptions::default()
            };
            let report = check_owned(decoded.text.as_bytes().to_vec(), &options);
            let stops: Vec<&Diagnostic> = report
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error && !d.rule.code().starts_with('E'))
                .collect();
            let lines = crate::source::LineIndex::new(&decoded.text);
            let errors = stops
                .iter()
                .map(|d| (d.span.start, d.rule.code(), d.message.clone()))
                .map(|(at, code, message)| {
                    let (line, column) = lines.line_col(&decoded.text, at);
                    format!("{line}:{column}: error[{code}] {message}")
                })
                .collect();
            Read {
                name: String::new(),
                boards: handrecord::boards(&decoded.text, &|board| choice.keeps(board)),
                title: handrecord::file_title(&decoded.text),
                errors,
            }
        },
        |mut one| {
            one.name = names.get(index).cloned().unwrap_or_default();
            index += 1;
            read.push(one);
        },
    );
    if let Err(status) = done {
        return status;
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
    if errors > 0 && !args.force {
        say!(
            "pbnfmt: the hand record was not drawn: {} (`--force` draws it anyway, with a \
             warning on every sheet)",
            plural(errors, "error finding", "error findings")
        );
        return EXIT_FINDINGS;
    }
    // Each board once, across the inputs too: a board and deal given again is another table's.
    let mut seen = std::collections::HashSet::new();
    let mut boards: Vec<handrecord::Board> = read
        .iter_mut()
        .flat_map(|r| r.boards.drain(..))
        .filter(|b| seen.insert((b.number.clone(), b.hands.map(|h| h.map(Cards::mask)))))
        .collect();
    if boards.is_empty() {
        say!("pbnfmt: no board was chosen: nothing to print");
        return EXIT_FINDINGS;
    }
    if args.analyze {
        let keys: Vec<u128> = boards
            .iter()
            .filter(|b| b.tricks.is_none())
            .filter_map(|b| b.key)
            .collect();
        let threads = args.files.threads();
        let solutions = match super::analyze::solve(keys, &args.solve, threads, false) {
            Ok(solutions) => solutions,
            Err(status) => return status,
        };
        for board in &mut boards {
            if let Some(crate::dds::Outcome::Solved(tricks)) =
                board.key.and_then(|key| solutions.get(key))
            {
                board.solved(*tricks);
            }
        }
    }
    let title = args
        .title
        .clone()
        .or_else(|| read.iter().find_map(|r| r.title.clone()))
        .unwrap_or_else(|| "Hand record".to_owned());
    let options = Options {
        title: Some(title.clone()),
        per_page: args.per_page,
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        four_colour: args.four_colour,
        suit_size: args.suit_size,
        warning: (errors > 0).then(|| {
            format!(
                "Drawn with --force in spite of {}: check the set before play.",
                plural(errors, "error finding", "error findings")
            )
        }),
    };
    let html = handrecord::html(&boards, &title, &options);
    let pages = boards.len().div_ceil(args.per_page.max(1));
    let (written, name) = match &args.output_file {
        Some(path) => (
            write_atomic(path, html.as_bytes(), None),
            crate::display::escape_line(&path.display().to_string()).into_owned(),
        ),
        None => (
            io::stdout().lock().write_all(html.as_bytes()),
            "standard output".to_owned(),
        ),
    };
    if let Err(error) = written {
        say!("pbnfmt: error: cannot write {name}: {error}");
        return EXIT_TROUBLE;
    }
    let status = finish(Ok(()));
    if status == EXIT_CLEAN {
        say!(
            "{} on {} written to {name}.",
            plural(boards.len(), "board", "boards"),
            plural(pages, "page", "pages")
        );
    }
    status
}
