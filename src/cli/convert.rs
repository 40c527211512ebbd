//! `pbnfmt convert`: LIN to PBN export format, PBN to LIN, and games to JSON lines or CSV, through
//! the modes the rewrites share (standard output, `--out-dir`, `--check`), plus `-o FILE` (and
//! for JSON lines and CSV, a tree to standard output): every result gathered into one stream.

use std::io::{self, IsTerminal};
use std::path::Path;

use crate::config::{self, InputEncoding};
use crate::convert::lin::{ConvertOptions, append_spooled_export};
use crate::display;
use crate::export::Newline;
use crate::io::spool::Output;
use crate::io::write::write_atomic;
use crate::proof::Rewritten;
use crate::report;
use crate::rules::diagnostic::Severity;
use crate::walk::Found;

use super::output::Printer;
use super::rewrite::{Mode, Totals, Wording, input_overrides, run};
use super::settings::{self, rewrite_settings};
use super::{ConvertArgs, EXIT_FINDINGS, EXIT_TROUBLE, RewriteArgs, TableArg, Target, plural, say};

/// `pbnfmt convert`: LIN to PBN export format, or PBN to LIN; through the same modes as the
/// rewrites (standard output, `--out-dir`, `--check`), and `-o FILE` for all games in one file.
/// `joined`: `-o -`, every input's games gathered into one stream on standard output.
pub(super) fn run_convert(args: &ConvertArgs, joined: bool) -> u8 {
    let files = args.files.reading_lin();
    let io = RewriteArgs {
        files,
        write: false,
        out_dir: args.out_dir.clone(),
        check: args.check,
        diff: false,
        input_encoding: super::EncodingArg {
            input_encoding: args.input_encoding,
        },
        force: false,
        output: args.output.clone(),
        config: args.config.clone(),
    };
    let overrides = input_overrides(&io);
    let (extension, done) = match args.to {
        Target::Pbn => ("pbn", "converted to PBN"),
        Target::Lin => ("lin", "converted to LIN"),
        Target::Jsonl => ("jsonl", "converted to JSON lines"),
        Target::Csv => ("csv", "converted to CSV"),
    };
    let csv = match args.to {
        Target::Csv => {
            let table = match args.table {
                None | Some(TableArg::Games) => crate::csv::Table::Games,
                Some(TableArg::Calls) => crate::csv::Table::Calls,
                Some(TableArg::Cards) => crate::csv::Table::Cards,
                Some(TableArg::Results) => crate::csv::Table::Results,
            };
            match crate::csv::Csv::new(args.columns.clone(), table) {
                Ok(csv) => Some(crate::csv::Csv {
                    raw: args.raw_cells,
                    ..csv
                }),
                Err(message) => {
                    say!("pbnfmt: error: {message}");
                    return EXIT_TROUBLE;
                }
            }
        }
        _ if args.columns.is_some() || args.table.is_some() || args.raw_cells => {
            say!("pbnfmt: error: --columns, --table and --raw-cells go with --to csv");
            return EXIT_TROUBLE;
        }
        _ => None,
    };
    if args.with_findings && args.to != Target::Jsonl {
        say!("pbnfmt: error: --with-findings goes with --to jsonl");
        return EXIT_TROUBLE;
    }
    if args.spans && args.to != Target::Jsonl {
        say!("pbnfmt: error: --spans goes with --to jsonl");
        return EXIT_TROUBLE;
    }
    let data = crate::jsonl::DataOptions {
        findings: args.with_findings,
        spans: args.spans,
        csv,
    };
    let wording = Wording {
        verb: "convert",
        done,
        unchanged: "",
        would: "convert",
        extension: Some(extension),
    };
    let options = |found: &Found| ConvertOptions {
        input_encoding: rewrite_settings(&overrides, Some(found))
            .encoding
            .and_then(InputEncoding::forced),
        encoding: args.written.encoding.map(config::OutputEncoding::encoding),
        newline: match args.written.line_ending {
            Some(config::LineEnding::Lf) => Newline::Lf,
            _ => Newline::CrLf,
        },
    };
    let target = crate::commands::convert::Target::from(args.to);
    let convert = |bytes: Vec<u8>, found: &Found| {
        let name = found.input.display_name();
        crate::commands::convert::convert(bytes, target, &options(found), &data, &name)
    };
    // JSON lines of several files run on in one stream: to standard output, unless a mode says
    // otherwise.
    // (One file too: a file is read a window at a time on this path.)
    let many_to_stdout = matches!(args.to, Target::Jsonl | Target::Csv)
        && args.output_file.is_none()
        && args.out_dir.is_none()
        && !args.check
        && !args.config.show_settings
        && (!args.files.paths.is_empty() || args.files.files_from.is_some());
    // JSON lines and CSV of a file read a window at a time, straight into the gathered output;
    // `None` when the file must be read whole.
    let streamed = |found: &Found, out: &mut Output| -> Option<io::Result<usize>> {
        let crate::walk::Input::File(path) = &found.input else {
            return None;
        };
        if !matches!(args.to, Target::Jsonl | Target::Csv) || path.is_dir() {
            return None;
        }
        let header = out.is_empty();
        let name = found.input.display_name();
        crate::jsonl::convert_file(path, &options(found), &data, &name, out, header).transpose()
    };
    if many_to_stdout || joined {
        return into_one_file(&io, None, args.to, &wording, streamed, convert);
    }
    let Some(target) = &args.output_file else {
        return run(&io, &overrides, &wording, |bytes, found, _| {
            convert(bytes, found)
        });
    };
    into_one_file(&io, Some(target), args.to, &wording, streamed, convert)
}

/// `convert -o FILE`: every input converted in order, the games gathered into one file, written
/// atomically once all are converted (nothing is written when an input is refused).
fn into_one_file(
    io_args: &RewriteArgs,
    target: Option<&Path>,
    to: Target,
    wording: &Wording,
    streamed: impl Fn(&Found, &mut Output) -> Option<io::Result<usize>>,
    convert: impl Fn(Vec<u8>, &Found) -> Rewritten + Sync,
) -> u8 {
    let (format, discovery) =
        match settings::begin(&io_args.output, &io_args.files, &io_args.config, false) {
            Ok(begun) => begun,
            Err(status) => return status,
        };
    if let Some(target) = target
        && let Err(status) =
            settings::refuse_output_among_inputs("-o", target, &discovery.inputs, &[])
    {
        return status;
    }
    let mut totals = Totals {
        converts: true,
        ..Totals::default()
    };
    totals.summary.trouble = settings::walk_trouble(&discovery);
    let style = super::style(&io_args.output, format, io::stderr().is_terminal());
    let Ok(mut findings) = Printer::new(io::stderr(), format) else {
        return EXIT_TROUBLE;
    };
    // Spilled to a temporary file past a few megabytes, like every result (io::spool).
    let mut joined = Output::new();
    let mut refused = false;
    // One file after the other: each result is gathered before the next is read.
    let mut gathering_failed = false;
    super::each_input(
        &discovery.inputs,
        1,
        |_, unread| unread,
        |index, unread| {
            let found = &discovery.inputs[index];
            let name = found.input.display_name();
            match streamed(found, &mut joined) {
                Some(Ok(games)) => {
                    totals.summary.files += 1;
                    totals.summary.games += games;
                    totals.changed += 1;
                    return true;
                }
                Some(Err(error)) => {
                    let message = error.to_string();
                    say!("pbnfmt: error: cannot convert {name}: {message}");
                    totals.summary.trouble.push((name, message));
                    return true;
                }
                None => {}
            }
            let bytes = match unread.read() {
                Ok(bytes) => bytes,
                Err(message) => {
                    say!("pbnfmt: error: cannot read {name}: {message}");
                    totals.summary.trouble.push((name, message));
                    return true;
                }
            };
            let converted = convert(bytes, found);
            totals.summary.files += 1;
            totals.summary.games += converted.games;
            totals.uncertain += converted.uncertain;
            let problems = &converted.problems;
            // Games read and not written (W006): not counted as converted (issue 49, item 3).
            totals.left_out += problems
                .iter()
                .filter(|d| d.rule == crate::rules::Rule::GameNotConverted)
                .count()
                + if matches!(to, Target::Jsonl | Target::Csv) {
                    converted.omitted.total()
                } else {
                    0
                };
            totals.summary.errors += problems
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count()
                + converted.omitted.errors;
            totals.summary.warnings += problems
                .iter()
                .filter(|d| d.severity == Severity::Warning)
                .count()
                + converted.omitted.warnings;
            let piece = report::file_piece(
                format,
                report::FileName::new(&name, found.input.name_bytes().as_deref()),
                &converted.decoded,
                (problems, converted.omitted.total()),
                style,
                "",
            );
            totals.lines += piece.bytes().filter(|&b| b == b'\n').count();
            totals.format = Some(format);
            let _ = findings.piece(&piece);
            // Each result is copied from where it waits (in memory, or spooled to disk) a block at a
            // time, never read whole: a LIN file of 300,000 records made 62 MB of export, which was
            // held three times (184 MB).
            let Some(mut output) = converted.output else {
                refused = true;
                totals.refused += 1;
                return true;
            };
            totals.changed += 1;
            let appended = match to {
                Target::Lin | Target::Jsonl => joined.append_from(&mut output, 0),
                // One header for the whole file: the later ones are left out.
                Target::Csv if !joined.is_empty() => output.head(1 << 20).and_then(|head| {
                    let header = head
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(output.len(), |i| i as u64 + 1);
                    joined.append_from(&mut output, header)
                }),
                Target::Csv => joined.append_from(&mut output, 0),
                Target::Pbn => append_spooled_export(&mut joined, &mut output),
            };
            if let Err(error) = appended {
                say!("pbnfmt: error: cannot gather the results: {error}");
                gathering_failed = true;
                return false;
            }
            true
        },
    );
    if gathering_failed {
        return EXIT_TROUBLE;
    }
    if format.is_document() {
        let _ = findings.end(&totals.summary, None);
    }
    let name = target.map_or_else(
        || "standard output".to_owned(),
        |target| display::escape_line(&target.display().to_string()).into_owned(),
    );
    if refused || !totals.summary.trouble.is_empty() {
        say!(
            "pbnfmt: {} not written: {}",
            name,
            if refused {
                "an input was refused"
            } else {
                "an input could not be read"
            }
        );
        return if totals.summary.trouble.is_empty() {
            EXIT_FINDINGS
        } else {
            EXIT_TROUBLE
        };
    }
    let written = match target {
        Some(target) => write_atomic(target, &mut joined, None),
        None => match joined.copy_to(&mut io::stdout().lock()) {
            // A closed pipe (`| head`) ends the output, not the run's status.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            other => other,
        },
    };
    if let Err(error) = written {
        say!("pbnfmt: error: cannot write {name}: {error}");
        return EXIT_TROUBLE;
    }
    // Said for standard output too, on standard error (issue 49, item 3).
    if !io_args.output.quiet && !format.is_document() {
        let written = totals.summary.games.saturating_sub(totals.left_out);
        let mut left_out = match totals.left_out {
            0 => String::new(),
            n => format!(", {n} left out: W006 above"),
        };
        if totals.uncertain > 0 {
            left_out.push_str(&format!(
                "; {} with a syntax error, marked \"uncertain\"",
                plural(totals.uncertain, "game", "games")
            ));
        }
        say!(
            "{} {} into {} ({} written{left_out}).{}",
            plural(totals.changed, "file", "files"),
            wording.done,
            name,
            plural(written, "game", "games"),
            super::output::screenful_hint(totals.lines, totals.format).unwrap_or_default()
        );
    }
    totals.exit_status(io_args, Mode::OutDir)
}
