//! `pbnfmt check`: files in, findings out, in the same order whatever the number of threads.

use std::io::{self, IsTerminal};

use crate::check::check_owned;
use crate::diagnostic::{FullStyle, Severity};
use crate::display;
use crate::parallel;
use crate::report::{self, Format, Statistics, Summary};
use crate::rules::select::Selection;
use crate::walk::Found;

use super::output::{Printer, Progress};
use super::settings::{self, check_settings};
use super::{
    CheckArgs, EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, finish, plural, read_input, say,
    terminal_width, use_color,
};

/// What checking one file gave.
enum Outcome {
    Unreadable {
        name: String,
        message: String,
    },
    Checked {
        /// The findings, rendered.
        piece: String,
        statistics: Statistics,
        errors: usize,
        warnings: usize,
        games: usize,
        suppressed: usize,
        /// Findings past `--max-findings`, counted in `errors` and `warnings`.
        omitted: usize,
    },
}

#[derive(Default)]
struct Totals {
    files_with_findings: usize,
    summary: Summary,
}

pub(super) fn run(args: &CheckArgs) -> u8 {
    let unknown = Selection {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
        export: args.export,
    }
    .unknown_selectors()
    .iter()
    .map(|s| format!("`{s}`"))
    .collect::<Vec<_>>();
    if !unknown.is_empty() {
        say!(
            "pbnfmt: error: no rule matches {}; `pbnfmt rule --all` lists the rules",
            unknown.join(", ")
        );
        return EXIT_TROUBLE;
    }
    let (format, discovery) = match settings::begin(&args.output, &args.files, &args.config, true) {
        Ok(begun) => begun,
        Err(status) => return status,
    };
    if args.config.show_settings {
        let text = settings::show_check(args, &discovery);
        return finish(io::Write::write_all(&mut io::stdout(), text.as_bytes()));
    }
    let mut totals = Totals::default();
    totals.summary.trouble = settings::walk_trouble(&discovery);
    let style = FullStyle {
        color: format == Format::Full && use_color(args.output.color, io::stdout().is_terminal()),
        width: terminal_width(),
    };
    let statistics_only = args.output.statistics;
    let threads = args
        .files
        .threads
        .map_or_else(parallel::default_threads, usize::from);
    // A thread left over when there are fewer files than threads parses ahead of the rules.
    let parse_ahead = threads > discovery.inputs.len();
    let work = |found: &Found| check_one(args, found, format, style, statistics_only, parse_ahead);
    let mut statistics = Statistics::default();
    let mut progress = Progress::new(discovery.inputs.len(), args.output.quiet);
    let mut printer = match Printer::new(io::stdout().lock(), format) {
        Ok(printer) => printer,
        Err(_) => return exit_status(args, &totals),
    };
    let mut broken = false;
    let cost = |found: &Found| found.input.size();
    parallel::ordered_by(&discovery.inputs, threads, cost, work, |index, outcome| {
        progress.tick(index + 1);
        match outcome {
            Outcome::Unreadable { name, message } => {
                progress.clear();
                let _ = printer.flush();
                say!("pbnfmt: error: cannot read {name}: {message}");
                totals.summary.trouble.push((name, message));
            }
            Outcome::Checked {
                piece,
                statistics: counts,
                errors,
                warnings,
                games,
                suppressed,
                omitted,
            } => {
                totals.summary.files += 1;
                totals.summary.omitted += omitted;
                totals.summary.games += games;
                totals.summary.errors += errors;
                totals.summary.warnings += warnings;
                totals.summary.suppressed += suppressed;
                totals.files_with_findings += usize::from(errors + warnings > 0);
                statistics.merge(counts);
                if !piece.is_empty() {
                    progress.clear();
                    if printer.piece(&piece).is_err() {
                        // Broken pipe (`pbnfmt check . | head`): stop quietly.
                        broken = true;
                        return false;
                    }
                }
            }
        }
        true
    });
    progress.clear();
    if broken {
        return exit_status(args, &totals);
    }
    let ended = if format.is_document() {
        printer.end(&totals.summary, statistics_only.then_some(&statistics))
    } else {
        let mut text = String::new();
        if statistics_only {
            text.push_str(&statistics.table());
        }
        if !args.output.quiet {
            text.push_str(&summary(&totals));
            text.push('\n');
        }
        printer.text(&text).and_then(|()| printer.flush())
    };
    match ended {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            say!("pbnfmt: error: cannot write to standard output: {error}");
            EXIT_TROUBLE
        }
        _ => exit_status(args, &totals),
    }
}

fn check_one(
    args: &CheckArgs,
    found: &Found,
    format: Format,
    style: FullStyle,
    statistics_only: bool,
    parse_ahead: bool,
) -> Outcome {
    let name = found.input.display_name();
    let bytes = match read_input(&found.input) {
        Ok(bytes) => bytes,
        Err(message) => return Outcome::Unreadable { name, message },
    };
    let mut settings = check_settings(args, found);
    settings.options.parse_ahead = parse_ahead;
    let mut report = check_owned(bytes, &settings.options);
    if settings.warnings_as_errors {
        for diagnostic in &mut report.diagnostics {
            diagnostic.severity = Severity::Error;
        }
        let omitted = std::mem::take(&mut report.omitted.0);
        for ((rule, _), count) in omitted {
            *report.omitted.0.entry((rule, Severity::Error)).or_default() += count;
        }
    }
    let mut statistics = Statistics::default();
    statistics.add(&report.diagnostics);
    statistics.merge(Statistics(report.omitted.0.clone()));
    let count = |severity| {
        report
            .diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
            + report.omitted.count(severity)
    };
    let omitted = report.omitted.total();
    let piece = if statistics_only {
        String::new()
    } else {
        let mut piece = report::file(format, &name, &report.decoded, &report.diagnostics, style);
        if omitted > 0 && !format.is_document() {
            piece.push_str(&format!(
                "{}: {} not shown: the first {} of this file are (`--max-findings` shows more)\n",
                display::escape(&name),
                plural(omitted, "more finding", "more findings"),
                report.diagnostics.len(),
            ));
        }
        piece
    };
    Outcome::Checked {
        piece,
        statistics,
        errors: count(Severity::Error),
        warnings: count(Severity::Warning),
        games: report.games,
        suppressed: report.suppressed,
        omitted,
    }
}

fn exit_status(args: &CheckArgs, totals: &Totals) -> u8 {
    if !totals.summary.trouble.is_empty() {
        EXIT_TROUBLE
    } else if totals.summary.errors > 0 && !args.output.exit_zero {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

fn summary(totals: &Totals) -> String {
    let summary = &totals.summary;
    let scope = format!(
        "{} ({})",
        plural(totals.summary.files, "file", "files"),
        plural(summary.games, "game", "games")
    );
    let mut text = if summary.errors + summary.warnings == 0 {
        format!("No findings in {scope}.")
    } else {
        format!(
            "Found {} and {} in {} of {scope}.",
            plural(summary.errors, "error", "errors"),
            plural(summary.warnings, "warning", "warnings"),
            totals.files_with_findings,
        )
    };
    if summary.suppressed > 0 {
        text.push_str(&format!(
            " {} suppressed by `% pbnfmt: ignore` lines.",
            plural(summary.suppressed, "finding", "findings")
        ));
    }
    if summary.omitted > 0 {
        text.push_str(&format!(
            " {} past `--max-findings` not shown.",
            plural(summary.omitted, "finding", "findings")
        ));
    }
    // "No findings" alone would read as a pass when a file was never read (exit status 2).
    if !summary.trouble.is_empty() {
        text.push_str(&format!(
            " {} could not be read.",
            plural(summary.trouble.len(), "path", "paths")
        ));
    }
    text
}
