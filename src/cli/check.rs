//! `pbnfmt check`: files in, findings out, in the same order whatever the number of threads.

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::check::check_owned;
use crate::commands::check::Tally;
use crate::dds::Solutions;
use crate::io::spool::Output;
use crate::read::threads::Lane;
use crate::report::{self, Format, Statistics, Summary};
use crate::rules::dd::NEEDS_SOLVER;
use crate::rules::diagnostic::FullStyle;
use crate::rules::select::Selection;
use crate::sets::{Repeats, Sameness, SeenDeal};
use crate::walk::Found;

use super::output::Printer;
use super::settings::{self, check_settings};
use super::{
    CheckArgs, ConfigArgs, EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, FileArgs, OutputArgs,
    RepeatsArgs, finish, plural, say,
};
use super::{Heft, Runner, Unread};

/// What checking one file gave.
enum Outcome {
    Unreadable {
        name: String,
        message: String,
    },
    Checked {
        /// The findings, rendered: past 8 MiB in a temporary file, so that a file's flood of
        /// findings waits for its turn on disk.
        piece: Output,
        tally: Tally,
        games: usize,
        suppressed: usize,
        /// The complete deals of the file, for H001 across the run.
        deals: Vec<SeenDeal>,
        /// Lines of the rendered findings.
        lines: usize,
    },
}

impl Heft for Outcome {
    fn weight(&self) -> usize {
        match self {
            Outcome::Unreadable { name, message } => name.len() + message.len(),
            Outcome::Checked { piece, deals, .. } => {
                piece.in_memory() + deals.len() * std::mem::size_of::<SeenDeal>()
            }
        }
    }

    fn prints(&self) -> bool {
        match self {
            Outcome::Unreadable { .. } => true,
            // A file with deals may repeat an earlier one's, and be printed again with H001.
            Outcome::Checked { piece, deals, .. } => !piece.is_empty() || !deals.is_empty(),
        }
    }
}

#[derive(Default)]
struct Totals {
    files_with_findings: usize,
    summary: Summary,
    /// Findings of export format's layout (the E rules), which `pbnfmt export` rewrites.
    export_layout: usize,
    /// Lines of findings printed, and in which format: past a screenful the summary says how
    /// to see less (issue 49, item 4).
    lines: usize,
    format: Option<Format>,
}

pub(super) fn run(args: &CheckArgs) -> u8 {
    if let Err(status) = known_selectors(args) {
        return status;
    }
    let (format, discovery) =
        match settings::begin(&args.output, &args.files.reading_lin(), &args.config, true) {
            Ok(begun) => begun,
            Err(status) => return status,
        };
    if args.config.show_settings {
        let text = settings::show_check(args, &discovery);
        return finish(io::Write::write_all(&mut io::stdout(), text.as_bytes()));
    }
    let mut totals = Totals {
        format: Some(format),
        ..Totals::default()
    };
    totals.summary.trouble = settings::walk_trouble(&discovery);
    let style = super::style(&args.output, format, io::stdout().is_terminal());
    let statistics_only = args.output.statistics;
    let inputs = &discovery.inputs;
    let mut runner = Runner::new(&args.files, inputs.len(), args.output.quiet);
    let parse_ahead = runner.parse_ahead(inputs.len());
    let file_threads = runner.file_threads(inputs.len());
    // H008 and H009: the deals that carry double-dummy tags solved first.
    let solutions = match solutions_for(args, inputs) {
        Ok(solutions) => solutions,
        Err(status) => return status,
    };
    // Once standard output is closed (`| head`), the files left are still checked, for the exit
    // status, but their findings are not rendered.
    let closed = AtomicBool::new(false);
    // One file at a time holds more than `LANE_FINDINGS` findings: the memory of a flood of
    // findings does not grow with the threads (issue 45, item 15).
    let lane = Lane::new();
    let work = |found: &Found, unread: Unread<'_>| {
        let render_nothing = statistics_only || closed.load(Ordering::Relaxed);
        check_one(
            args,
            (found, unread.read()),
            format,
            style,
            render_nothing,
            parse_ahead,
            Given {
                extra: Vec::new(),
                solutions: solutions.clone(),
                threads: file_threads,
                lane: lane.clone(),
            },
        )
    };
    // H001: the deals of the archive first, then each file's in input order, whatever the
    // threads; a file that repeats a deal is checked again with the findings given in, so that
    // they are sorted, limited and suppressed with its own.
    let mut repeats = match args
        .repeats
        .archive(&args.files, &args.output, &args.config)
    {
        Ok(repeats) => repeats,
        Err(status) => return status,
    };
    let mut statistics = Statistics::default();
    let mut printer = match Printer::new(io::stdout().lock(), format) {
        Ok(printer) => printer,
        Err(error) => {
            say!("pbnfmt: error: cannot write to standard output: {error}");
            return EXIT_TROUBLE;
        }
    };
    let finished = runner.run(inputs, work, |index, mut outcome| {
        let found = &inputs[index];
        if let Outcome::Checked { deals, .. } = &mut outcome {
            let deals = std::mem::take(deals);
            let repeated = repeats.file(&found.input.display_name(), &deals, false);
            if !repeated.is_empty() {
                let render_nothing = statistics_only || closed.load(Ordering::Relaxed);
                let given = Given {
                    extra: repeated,
                    solutions: solutions.clone(),
                    threads: file_threads,
                    lane: lane.clone(),
                };
                let again = (found, super::read_again(found));
                outcome = check_one(args, again, format, style, render_nothing, false, given);
            }
        }
        let going = totals.record(outcome, &mut statistics, &mut printer);
        closed.store(printer.is_closed(), Ordering::Relaxed);
        going
    });
    if !finished {
        // Standard output failed otherwise than by closing (a full disk): said below, at the end.
        let error = printer.flush().err();
        say!(
            "pbnfmt: error: cannot write to standard output{}",
            error.map(|e| format!(": {e}")).unwrap_or_default()
        );
        return EXIT_TROUBLE;
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
        Err(error) => {
            say!("pbnfmt: error: cannot write to standard output: {error}");
            EXIT_TROUBLE
        }
        Ok(()) => exit_status(args, &totals),
    }
}

/// What a file's check is given from the run.
struct Given {
    /// Findings from outside the file (H001 of an earlier file).
    extra: Vec<crate::rules::diagnostic::Diagnostic>,
    /// The solver's tricks (H008, H009).
    solutions: Option<Arc<Solutions>>,
    /// Threads for the file's chunks.
    threads: usize,
    /// The run's lane for files that hold a flood of findings ([`crate::check::LANE_FINDINGS`]).
    lane: Arc<Lane>,
}

/// When a file's rules include H008 or H009: the run's deals with double-dummy tags, solved.
fn solutions_for(args: &CheckArgs, inputs: &[Found]) -> Result<Option<Arc<Solutions>>, u8> {
    let wants = |found: &Found| {
        let rules = check_settings(args, found)
            .options
            .selection
            .rules_for(true);
        NEEDS_SOLVER.iter().any(|&rule| rules.contains(rule))
    };
    // The files whose rules leave the solver out are not read for it.
    let wanted: Vec<Found> = inputs.iter().filter(|f| wants(f)).cloned().collect();
    if wanted.is_empty() {
        return Ok(None);
    }
    if !crate::dds::AVAILABLE {
        say!(
            "pbnfmt: error: H008 and H009 need the double-dummy solver: {}",
            crate::dds::WITHOUT
        );
        return Err(EXIT_TROUBLE);
    }
    if inputs
        .iter()
        .any(|found| matches!(found.input, crate::walk::Input::Stdin(_)))
    {
        say!("pbnfmt: error: H008 reads its inputs twice: name files, not standard input");
        return Err(EXIT_TROUBLE);
    }
    let threads = args.files.threads();
    let keys = super::analyze::read_keys(&wanted, threads, false);
    super::analyze::solve(keys, &args.solve, threads, args.output.quiet).map(Some)
}

/// Every `--select`, `--extend-select` and `--ignore` names a rule, or the run stops with exit
/// status 2 before reading anything.
fn known_selectors(args: &CheckArgs) -> Result<(), u8> {
    settings::known_selectors(&Selection {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
        export: args.export,
    })
}

impl Totals {
    /// Counts one file's outcome and prints its findings; false when standard output fails.
    fn record(
        &mut self,
        outcome: Outcome,
        statistics: &mut Statistics,
        printer: &mut Printer<impl io::Write>,
    ) -> bool {
        match outcome {
            Outcome::Unreadable { name, message } => {
                let _ = printer.flush();
                say!("pbnfmt: error: cannot read {name}: {message}");
                self.summary.trouble.push((name, message));
            }
            Outcome::Checked {
                piece,
                tally,
                games,
                suppressed,
                deals: _,
                lines,
            } => {
                self.summary.files += 1;
                self.summary.fixable += tally.fixable;
                self.summary.unsafe_fixable += tally.unsafe_fixable;
                self.summary.omitted += tally.omitted;
                self.summary.games += games;
                self.summary.errors += tally.errors;
                self.summary.warnings += tally.warnings;
                self.summary.suppressed += suppressed;
                self.files_with_findings += usize::from(tally.errors + tally.warnings > 0);
                self.lines += lines;
                self.export_layout += tally.export_layout();
                statistics.merge(tally.statistics);
                if printer.spooled(piece).is_err() {
                    return false;
                }
            }
        }
        true
    }
}

impl RepeatsArgs {
    /// The repeats of `check` and `dedup`, the earlier sets of `--against` read: their deals
    /// count as dealt before, file by file in order (read on all threads), and their own repeats
    /// are not reported. An archive that cannot be walked or read stops the run.
    pub(super) fn archive(
        &self,
        files: &FileArgs,
        output: &OutputArgs,
        config: &ConfigArgs,
    ) -> Result<Repeats, u8> {
        let mut repeats = Repeats::new(self.sameness());
        if self.against.is_empty() {
            return Ok(repeats);
        }
        let mut files = files.reading_lin();
        files.paths = self.against.clone();
        files.files_from = None;
        let (_, archive) = settings::begin(output, &files, config, false)?;
        if !archive.errors.is_empty() || archive.inputs.is_empty() {
            for error in &archive.errors {
                say!(
                    "pbnfmt: error: --against {}: {}",
                    error.path.display(),
                    error.message
                );
            }
            if archive.inputs.is_empty() {
                say!("pbnfmt: error: --against names no PBN file");
            }
            return Err(EXIT_TROUBLE);
        }
        let options = repeats_only(repeats.sameness());
        let threads = files.threads();
        let mut failed = None;
        super::each_input(
            &archive.inputs,
            threads,
            |_, unread| {
                unread
                    .read()
                    .map(|bytes| check_owned(bytes, &options).deals)
            },
            |index, deals| {
                let name = archive.inputs[index].input.display_name();
                match deals {
                    Ok(deals) => repeats.archive(&name, &deals),
                    Err(message) => failed = Some((name, message)),
                }
                failed.is_none()
            },
        );
        if let Some((name, message)) = failed {
            say!("pbnfmt: error: cannot read {name} (--against): {message}");
            return Err(EXIT_TROUBLE);
        }
        Ok(repeats)
    }
}

/// `check` options that run H001 alone: a file's deals and its repeats of itself.
pub(super) fn repeats_only(sameness: Sameness) -> crate::check::CheckOptions {
    crate::check::CheckOptions {
        selection: Selection {
            select: Some(vec![crate::rules::Rule::RepeatedDeal.code().to_owned()]),
            ..Selection::default()
        },
        sameness,
        ..Default::default()
    }
}

fn check_one(
    args: &CheckArgs,
    (found, read): (&Found, Result<Vec<u8>, String>),
    format: Format,
    style: FullStyle,
    render_nothing: bool,
    parse_ahead: bool,
    given: Given,
) -> Outcome {
    let name = found.input.display_name();
    let bytes = match read {
        Ok(bytes) => bytes,
        Err(message) => return Outcome::Unreadable { name, message },
    };
    let mut settings = check_settings(args, found);
    settings.options.parse_ahead = parse_ahead;
    settings.options.extra = given.extra;
    settings.options.solutions = given.solutions;
    settings.options.threads = given.threads;
    settings.options.lane = Some(given.lane);
    let mut report = check_owned(bytes, &settings.options);
    let tally = Tally::of(&mut report, settings.warnings_as_errors);
    let rendered = if render_nothing {
        String::new()
    } else {
        report::file_piece(
            format,
            report::FileName::new(&name, found.input.name_bytes().as_deref()),
            &report.decoded,
            (&report.diagnostics, tally.omitted),
            style,
            " (`--max-findings` shows more)",
        )
    };
    let lines = rendered.bytes().filter(|&b| b == b'\n').count();
    // Spooled before the report (and the lane it may hold) is dropped.
    let piece = Output::spilled(rendered.into_bytes());
    Outcome::Checked {
        piece,
        tally,
        games: report.games,
        suppressed: report.suppressed,
        deals: std::mem::take(&mut report.deals),
        lines,
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
    if summary.fixable + summary.unsafe_fixable > 0 {
        text.push_str(&format!(
            " {} fixable with `pbnfmt fix`",
            plural(summary.fixable, "finding", "findings")
        ));
        if summary.unsafe_fixable > 0 {
            text.push_str(&format!(
                " ({} more with `pbnfmt fix --unsafe-fixes`)",
                summary.unsafe_fixable
            ));
        }
        text.push('.');
    }
    // A `% EXPORT` file from a dealing program fails on layout alone (issue 49, item 3): say
    // what clears it.
    if totals.export_layout > 0 {
        text.push_str(&format!(
            " {} export format's layout (E rules), which `pbnfmt export --write` rewrites.",
            if totals.export_layout == summary.errors + summary.warnings {
                "All are".to_owned()
            } else {
                format!("{} findings are", totals.export_layout)
            }
        ));
    }
    // A first check of an archive prints a code frame a finding (issue 49, item 4).
    if let Some(hint) = super::output::screenful_hint(totals.lines, totals.format) {
        text.push_str(&hint);
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
