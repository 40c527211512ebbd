//! The frame of the commands that rewrite files (`export`, `resolve`, `nag`, `fix`, `rotate`,
//! `renumber`, `replicate`, `convert`; their entry points are in `edits.rs`): from a command's
//! rewrite of one file to rewritten files, diffs or lists, and an exit status.
//!
//! The commands share this runner: each turns a file's bytes into new bytes (or refuses),
//! and every mode does the same with the result: print it, rewrite the file, mirror it into a
//! directory, list it, or show a diff. Findings and the summary go to standard error, so that
//! standard output holds only the result, the list or the diff.

use std::io::{self, IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use crate::config::InputEncoding;
use crate::display;
use crate::io::spool::Output;
use crate::io::write::{replace_unchanged, write_atomic};
use crate::proof::Rewritten;
use crate::report::{self, Format, Statistics, Summary};
use crate::rewrite::RewriteOptions;
use crate::rules::diagnostic::{FullStyle, Severity};
use crate::source;
use crate::walk::{Discovery, Found, Input};

use super::output::Printer;
use super::settings::{self, RewriteOverrides, rewrite_settings};
use super::{EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, RewriteArgs, finish, plural, say};
use super::{FileCores, Heft, Item, Runner, Unread};

mod diff;
mod targets;
use diff::{DiffLook, diff};
pub(super) use targets::refuse_second_output;
use targets::*;

/// How a command names what it does, in messages and the summary.
impl Wording {
    /// The wording of a command that changes files in place of the input (no extension).
    pub(super) const fn of(
        verb: &'static str,
        done: &'static str,
        unchanged: &'static str,
        would: &'static str,
    ) -> Wording {
        Wording {
            verb,
            done,
            unchanged,
            would,
            extension: None,
        }
    }
}

pub(super) struct Wording {
    /// The command: `export`.
    pub(super) verb: &'static str,
    /// What happened to a file: `exported`.
    pub(super) done: &'static str,
    /// A file the command does not change: `already in export format`.
    pub(super) unchanged: &'static str,
    /// What `--check` says it would do to a file: `reformat`.
    pub(super) would: &'static str,
    /// `convert`: the extension of what is written (`pbn`, `lin`). A conversion always changes
    /// the file, so `--check` says only what it finds.
    pub(super) extension: Option<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Stdout,
    Write,
    OutDir,
    Check,
    Diff,
}

/// One input and where its result would go under `--out-dir`.
impl Item for Job {
    fn found(&self) -> &Found {
        &self.found
    }
}

pub(super) struct Job {
    found: Found,
    /// The path below the output directory: below the directory argument it was found in, or the
    /// file name of a file argument.
    relative: Option<PathBuf>,
}

/// What rewriting one file gave.
#[derive(Default)]
struct Outcome {
    name: String,
    /// Why the file could not be read.
    unreadable: Option<String>,
    games: usize,
    /// The findings, rendered for standard error.
    findings: String,
    statistics: Statistics,
    errors: usize,
    warnings: usize,
    refused: bool,
    /// Rewritten, with an error-level finding about what could not be rewritten.
    with_errors: bool,
    changed: bool,
    /// What goes to standard output: the result, the `Would …` line or the diff.
    stdout: Output,
    /// Written below `--out-dir` (false: already there with the same bytes).
    written: bool,
    /// Why the result could not be written.
    write_error: Option<String>,
    /// `fix`: findings only `--unsafe-fixes` would mend.
    unsafe_fixes_left: usize,
    /// What is said of a file written: `select`'s boards kept.
    note: Option<String>,
}

impl Heft for Outcome {
    fn weight(&self) -> usize {
        // Output past `SPILL` bytes waits in a temporary file, not in memory.
        let stdout = if self.stdout.is_spooled() {
            0
        } else {
            usize::try_from(self.stdout.len()).unwrap_or(usize::MAX)
        };
        self.findings.len() + stdout
    }

    fn prints(&self) -> bool {
        self.unreadable.is_some()
            || self.refused
            || self.write_error.is_some()
            || !self.findings.is_empty()
            || !self.stdout.is_empty()
    }
}

#[derive(Default)]
pub(super) struct Totals {
    /// Rewritten and different from the input (written, or would be).
    pub(super) changed: usize,
    pub(super) unchanged: usize,
    pub(super) refused: usize,
    pub(super) with_errors: usize,
    pub(super) written: usize,
    pub(super) summary: Summary,
    pub(super) stdout_closed: bool,
    /// `convert`: a changed file is the point, not a finding.
    pub(super) converts: bool,
    /// `fix`: findings only `--unsafe-fixes` would mend.
    pub(super) unsafe_fixes_left: usize,
    /// `convert -o`: games read but left out of the output (W006).
    pub(super) left_out: usize,
    /// `convert -o --to jsonl|csv`: games written marked uncertain (a syntax error in them).
    pub(super) uncertain: usize,
    /// Lines of findings printed, and in which format: past a screenful the summary says how
    /// to see fewer (issue 65, item 13: `convert` printed 959 lines of code frames, no hint).
    pub(super) lines: usize,
    pub(super) format: Option<Format>,
}

pub(super) fn input_overrides(args: &RewriteArgs) -> RewriteOverrides {
    RewriteOverrides {
        input_encoding: *args.input_encoding,
        encoding: None,
        line_ending: None,
        resolve: false,
    }
}

pub(super) fn rewrite_options(
    args: &RewriteArgs,
    overrides: &RewriteOverrides,
    found: &Found,
) -> RewriteOptions {
    RewriteOptions {
        input_encoding: rewrite_settings(overrides, Some(found))
            .encoding
            .and_then(InputEncoding::forced),
        force: args.force,
        chunk_bytes: None,
    }
}

pub(super) fn run(
    args: &RewriteArgs,
    overrides: &RewriteOverrides,
    wording: &Wording,
    rewrite: impl Fn(Vec<u8>, &Found, FileCores) -> Rewritten + Sync,
) -> u8 {
    let mode = Mode::of(args);
    if args.files.paths.is_empty() && args.files.files_from.is_none() {
        say!(
            "pbnfmt: error: name the files to {}: paths, `-` for standard input, or --files-from",
            wording.verb
        );
        return EXIT_TROUBLE;
    }
    let (format, discovery) = match settings::begin(&args.output, &args.files, &args.config, false)
    {
        Ok(begun) => begun,
        Err(status) => return status,
    };
    if args.config.show_settings {
        let merged = rewrite_settings(overrides, discovery.inputs.first());
        let text = settings::show(discovery.inputs.first(), &args.files.exclude, &merged);
        return finish(io::stdout().write_all(text.as_bytes()));
    }
    if let Some(status) = excluded_stdin(args, mode, &discovery) {
        return status;
    }
    let mut totals = Totals {
        converts: wording.extension.is_some(),
        ..Totals::default()
    };
    totals.summary.trouble = settings::walk_trouble(&discovery);
    let jobs = match jobs(args, discovery.inputs, mode, wording) {
        Ok(jobs) => jobs,
        Err(message) => {
            say!("pbnfmt: error: {message}");
            return EXIT_TROUBLE;
        }
    };
    let style = super::style(&args.output, format, io::stderr().is_terminal());
    let quiet = args.output.quiet || mode == Mode::Stdout;
    let mut runner = Runner::new(&args.files, jobs.len(), quiet);
    let cores = runner.file_cores(jobs.len());
    let rewrite = |bytes, found: &Found| rewrite(bytes, found, cores);
    let written = WrittenFiles::default();
    let work = |job: &Job, unread: Unread<'_>| {
        rewrite_one(
            args,
            (job, unread),
            mode,
            wording,
            (format, style),
            &rewrite,
            &written,
        )
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let Ok(mut findings) = Printer::new(io::stderr(), format) else {
        return EXIT_TROUBLE;
    };
    let mut statistics = Statistics::default();
    runner.run(&jobs, work, |_, mut outcome| {
        statistics.merge(std::mem::take(&mut outcome.statistics));
        totals.record(outcome, wording, format, &mut out, &mut findings);
        true
    });
    let _ = out.flush();
    if format.is_document() {
        let _ = findings.end(
            &totals.summary,
            args.output.statistics.then_some(&statistics),
        );
    } else {
        if args.output.statistics {
            let _ = findings.text(&statistics.table());
        }
        if !args.output.quiet
            && (mode != Mode::Stdout
                || totals.refused + totals.with_errors + totals.summary.trouble.len() > 0)
        {
            say!("{}", summary(&totals, mode, wording));
        }
    }
    totals.exit_status(args, mode)
}

impl Mode {
    pub(super) fn of(args: &RewriteArgs) -> Mode {
        if args.write {
            Mode::Write
        } else if args.out_dir.is_some() {
            Mode::OutDir
        } else if args.check {
            Mode::Check
        } else if args.diff {
            Mode::Diff
        } else {
            Mode::Stdout
        }
    }
}

/// An editor piping a file that the excludes leave out gets it back unchanged: the status,
/// when that is the case.
fn excluded_stdin(args: &RewriteArgs, mode: Mode, discovery: &Discovery) -> Option<u8> {
    let piped = args.files.paths.iter().any(|path| path.as_os_str() == "-");
    if mode != Mode::Stdout || !discovery.inputs.is_empty() || discovery.excluded == 0 || !piped {
        return None;
    }
    let mut status = EXIT_TROUBLE;
    super::each_input(
        &[super::named(std::path::Path::new("-"))],
        1,
        |_, unread| unread.read(),
        |_, read| {
            status = match read {
                Ok(bytes) => finish(io::stdout().write_all(&bytes)),
                Err(error) => {
                    say!("pbnfmt: error: cannot read standard input: {error}");
                    EXIT_TROUBLE
                }
            };
            false
        },
    );
    Some(status)
}

impl Totals {
    /// Counts one file's outcome and prints what it gave.
    fn record(
        &mut self,
        outcome: Outcome,
        wording: &Wording,
        format: Format,
        out: &mut impl Write,
        findings: &mut Printer<impl Write>,
    ) {
        if let Some(message) = outcome.unreadable {
            let _ = out.flush();
            say!("pbnfmt: error: cannot read {}: {message}", outcome.name);
            self.summary.trouble.push((outcome.name, message));
            return;
        }
        self.summary.files += 1;
        self.summary.games += outcome.games;
        self.unsafe_fixes_left += outcome.unsafe_fixes_left;
        self.summary.errors += outcome.errors;
        self.summary.warnings += outcome.warnings;
        let mut outcome = outcome;
        let _ = out.flush();
        self.format = Some(format);
        self.lines += outcome.findings.bytes().filter(|&b| b == b'\n').count();
        let _ = findings.piece(&outcome.findings);
        if outcome.refused {
            if !format.is_document() {
                say!("pbnfmt: {}: not {}", outcome.name, wording.done);
            }
            self.refused += 1;
            return;
        }
        self.with_errors += usize::from(outcome.with_errors);
        // A file whose result could not be written is counted under trouble only.
        match (outcome.write_error.is_some(), outcome.changed) {
            (true, _) => {}
            (false, true) => self.changed += 1,
            (false, false) => self.unchanged += 1,
        }
        self.written += usize::from(outcome.written);
        if let Some(note) = &outcome.note {
            say!("{note}");
        }
        // A closed standard output (`| head`) drops the rest of it; the run goes on for the exit
        // status and for what `--write` and `--out-dir` write.
        if !self.stdout_closed
            && let Err(error) = outcome.stdout.copy_to(out)
        {
            if error.kind() == io::ErrorKind::BrokenPipe {
                self.stdout_closed = true;
            } else {
                outcome_write_error(self, &outcome.name, wording, &error.to_string());
            }
        }
        if let Some(error) = &outcome.write_error {
            let _ = out.flush();
            outcome_write_error(self, &outcome.name, wording, error);
        }
    }

    pub(super) fn exit_status(&self, args: &RewriteArgs, mode: Mode) -> u8 {
        if !self.summary.trouble.is_empty() {
            EXIT_TROUBLE
        } else if !args.output.exit_zero
            && (self.refused + self.with_errors > 0
                || (matches!(mode, Mode::Check | Mode::Diff) && self.changed > 0 && !self.converts)
                || (self.converts && self.summary.errors > 0))
        {
            EXIT_FINDINGS
        } else {
            EXIT_CLEAN
        }
    }
}

fn outcome_write_error(totals: &mut Totals, name: &str, wording: &Wording, error: &str) {
    say!(
        "pbnfmt: error: cannot write the {} of {name}: {error}",
        wording.verb
    );
    totals
        .summary
        .trouble
        .push((name.to_owned(), error.to_owned()));
}

/// Reads, rewrites and (under `--write` and `--out-dir`) writes one file; on a worker thread.
fn rewrite_one(
    args: &RewriteArgs,
    (job, unread): (&Job, Unread<'_>),
    mode: Mode,
    wording: &Wording,
    (format, style): (Format, FullStyle),
    rewrite: &impl Fn(Vec<u8>, &Found) -> Rewritten,
    written: &WrittenFiles,
) -> Outcome {
    let name = job.found.input.display_name();
    // What the file was when read: `--write` leaves it alone if it changes before the rename.
    // A file a walk found is judged by its own metadata, not a link's target's.
    let read_as = match &job.found.input {
        Input::File(path) if mode == Mode::Write && job.found.link_free => {
            std::fs::symlink_metadata(path).ok()
        }
        Input::File(path) if mode == Mode::Write => std::fs::metadata(path).ok(),
        _ => None,
    };
    let bytes = match unread.read() {
        Ok(bytes) => bytes,
        Err(message) => {
            return Outcome {
                name,
                unreadable: Some(message),
                ..Outcome::default()
            };
        }
    };
    // The bytes are given away: a UTF-8 file becomes its text without a copy.
    let mut rewritten = rewrite(bytes, &job.found);
    let problems = &rewritten.problems;
    let count = |severity| problems.iter().filter(|d| d.severity == severity).count();
    let mut statistics = Statistics::default();
    statistics.add(problems);
    let omitted = rewritten.omitted;
    let mut outcome = Outcome {
        games: rewritten.games,
        findings: if args.output.statistics {
            String::new()
        } else {
            report::file_piece(
                format,
                report::FileName::new(&name, job.found.input.name_bytes().as_deref()),
                &rewritten.decoded,
                (problems, omitted.total()),
                style,
                "",
            )
        },
        statistics,
        errors: count(Severity::Error) + omitted.errors,
        warnings: count(Severity::Warning) + omitted.warnings,
        unsafe_fixes_left: rewritten.unsafe_fixes_left,
        ..Outcome::default()
    };
    let Some(mut output) = rewritten.output.take() else {
        outcome.refused = true;
        outcome.name = name;
        return outcome;
    };
    outcome.with_errors = outcome.errors > 0;
    let source = rewritten.source.as_ref().unwrap_or(&rewritten.decoded);
    outcome.changed = match is_input(source, &mut output) {
        Ok(same) => !same,
        Err(error) => {
            outcome.name = name;
            outcome.write_error = Some(format!("the result could not be read back ({error})"));
            return outcome;
        }
    };
    outcome.name = name;
    // What the rewrite says of the file (`score`: the travellers scored and left), in every
    // mode: a dry run says it too.
    if let Some(said) = &rewritten.said
        && !args.output.quiet
        && !format.is_document()
    {
        outcome.note = Some(format!(
            "pbnfmt: {}: {said}",
            display::escape_line(&outcome.name)
        ));
    }
    if mode == Mode::Stdout {
        outcome.stdout = output;
        return outcome;
    }
    let (name, output) = (&outcome.name, &mut output);
    let changed = outcome.changed;
    let written = match mode {
        Mode::Stdout => Ok(()),
        Mode::Check if changed && wording.extension.is_none() => {
            outcome.stdout = Output::from_bytes(
                format!("Would {}: {}\n", wording.would, display::escape_line(name)).into_bytes(),
            );
            Ok(())
        }
        Mode::Diff if changed => {
            let terminal = io::stdout().is_terminal();
            let look = DiffLook {
                terminal,
                color: super::use_color(args.output.color, terminal),
            };
            diff(name, wording.verb, &rewritten, std::mem::take(output), look)
                .map(|diff| outcome.stdout = Output::from_bytes(diff.into_bytes()))
        }
        Mode::Write if changed => match (&job.found.input, &read_as) {
            (Input::File(path), Some(read_as)) => {
                replace_unchanged(path, output, read_as, job.found.link_free)
            }
            (Input::File(path), None) => write_atomic(path, output, Some(path)),
            (Input::Stdin(_), _) => Ok(()),
        },
        Mode::OutDir => write_into(args, job, output, written).map(|wrote| outcome.written = wrote),
        Mode::Check | Mode::Diff | Mode::Write => Ok(()),
    };
    outcome.write_error = written.err().map(|error| error.to_string());
    // How many boards a file written keeps (issue 63, item 6): `select --write` can leave few.
    if let Some(kept) = rewritten.kept
        && changed
        && matches!(mode, Mode::Write | Mode::OutDir)
        && outcome.write_error.is_none()
        && !args.output.quiet
        && !format.is_document()
    {
        outcome.note = Some(format!(
            "pbnfmt: {}: {kept} of {} kept",
            display::escape_line(name),
            super::plural(rewritten.games, "board", "boards")
        ));
    }
    outcome
}

/// True when `output` is the very bytes `decoded` was read from. A lossless decoding gives them
/// back (UTF-8 without a copy); a lossy one means the input was no valid text, so no output is it.
fn is_input(decoded: &source::Decoded, output: &mut Output) -> io::Result<bool> {
    if decoded.malformed_at.is_some() {
        return Ok(false);
    }
    if decoded.encoding == source::Encoding::Utf8 && !decoded.bom {
        return output.equals(decoded.text.as_bytes());
    }
    match source::encode(&decoded.text, decoded.encoding, decoded.bom) {
        Ok(input) => output.equals(&input),
        Err(_) => Ok(false),
    }
}

/// The inputs, each with its place under `--out-dir`. Errors are usage errors.
pub(super) fn jobs(
    args: &RewriteArgs,
    inputs: Vec<Found>,
    mode: Mode,
    wording: &Wording,
) -> Result<Vec<Job>, String> {
    if let Some(dir) = args
        .out_dir
        .as_ref()
        .filter(|dir| dir.exists() && !dir.is_dir())
    {
        return Err(format!(
            "--out-dir {} is a file, not a directory",
            crate::display::escape(&dir.display().to_string())
        ));
    }
    let out_dir = args
        .out_dir
        .as_ref()
        .map(|dir| std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone()));
    let mut jobs = Vec::new();
    let mut inside_out_dir = 0usize;
    // Each folder's real path, found once: a file's is its folder's and its name. (A real path
    // of a file `d` folders down costs the system `d` look-ups of `d` steps each; once a file
    // made a deep tree quadratic in its depth for every file, issue 63, item 12.)
    let mut real_folders: std::collections::HashMap<PathBuf, Option<PathBuf>> =
        std::collections::HashMap::new();
    let mut real = |file: &Path| -> Option<PathBuf> {
        let (Some(folder), Some(name)) = (file.parent(), file.file_name()) else {
            return std::fs::canonicalize(file).ok();
        };
        // A link's real path is its target's, which its folder's does not give.
        if std::fs::symlink_metadata(file).is_ok_and(|m| m.file_type().is_symlink()) {
            return std::fs::canonicalize(file).ok();
        }
        let folder = real_folders
            .entry(folder.to_path_buf())
            .or_insert_with(|| std::fs::canonicalize(folder).ok())
            .clone()?;
        Some(folder.join(name))
    };
    for found in inputs {
        let relative = match (&found.input, &found.under) {
            (Input::File(file), Some(under)) => {
                file.strip_prefix(under).ok().map(Path::to_path_buf)
            }
            (Input::File(file), None) => file.file_name().map(PathBuf::from),
            (Input::Stdin(_), _) => None,
        };
        // Earlier exports inside the tree being exported are not exported again.
        if let (Some(dir), Input::File(file), Some(_)) = (&out_dir, &found.input, &found.under)
            && real(file).is_some_and(|file| file.starts_with(dir))
        {
            inside_out_dir += 1;
            continue;
        }
        let relative = match wording.extension {
            Some(extension) => relative.map(|path| path.with_extension(extension)),
            None => relative,
        };
        jobs.push(Job { found, relative });
    }
    if jobs.is_empty() && inside_out_dir > 0 {
        say!(
            "pbnfmt: warning: the {inside_out_dir} PBN file{} found {} inside --out-dir, earlier \
                results that are not {} again; nothing to do",
            if inside_out_dir == 1 { "" } else { "s" },
            if inside_out_dir == 1 { "is" } else { "are" },
            wording.done
        );
    }
    if mode == Mode::OutDir
        && let Some(dir) = &args.out_dir
    {
        one_result_a_path(dir, &jobs, wording.verb)?;
    }
    let stdin = jobs.iter().any(|job| job.found.input.is_stdin());
    let any_dir = args.files.paths.iter().any(|p| p.is_dir()) || args.files.files_from.is_some();
    match mode {
        Mode::Stdout if (jobs.len() > 1 || any_dir) && wording.extension.is_some() => Err(
            "convert writes one file to standard output; to convert several, use -o FILE, \
             --out-dir or --check"
                .to_owned(),
        ),
        Mode::Stdout if jobs.len() > 1 || any_dir => Err(format!(
            "{0} writes one file to standard output; to {0} several, use --write, \
                --out-dir, --check or --diff",
            wording.verb
        )),
        Mode::Write if stdin => Err(format!(
            "--write rewrites files; standard input has none ({} `-` to standard output instead)",
            wording.verb
        )),
        Mode::OutDir if stdin => {
            Err("--out-dir needs file names; standard input has none".to_owned())
        }
        _ => Ok(jobs),
    }
}

fn summary(totals: &Totals, mode: Mode, wording: &Wording) -> String {
    let mut parts = Vec::new();
    let changed = plural(totals.changed, "file", "files");
    let unchanged = plural(totals.unchanged, "file", "files");
    match mode {
        Mode::Check if totals.converts => {
            parts.push(format!(
                "{} would be {}",
                plural(totals.changed + totals.unchanged, "file", "files"),
                wording.done
            ));
        }
        Mode::Check | Mode::Diff => {
            parts.push(format!("{changed} would be rewritten"));
            parts.push(format!("{unchanged} {}", wording.unchanged));
        }
        Mode::Write => {
            parts.push(format!("{changed} rewritten"));
            parts.push(format!("{unchanged} {}", wording.unchanged));
        }
        Mode::OutDir => {
            let exported = totals.changed + totals.unchanged;
            parts.push(format!(
                "{} {} ({} written, {} already up to date)",
                plural(exported, "file", "files"),
                wording.done,
                totals.written,
                exported - totals.written.min(exported)
            ));
        }
        Mode::Stdout => parts.push(format!(
            "{} {}",
            plural(totals.changed + totals.unchanged, "file", "files"),
            wording.done
        )),
    }
    if totals.refused > 0 {
        parts.push(format!(
            "{} refused",
            plural(totals.refused, "file", "files")
        ));
    }
    if totals.with_errors > 0 {
        // A conversion carries the input's findings: nothing is "left" in what it wrote.
        parts.push(if totals.converts {
            format!(
                "{} with error findings, shown above",
                plural(totals.with_errors, "file", "files")
            )
        } else {
            format!(
                "{} with errors left",
                plural(totals.with_errors, "file", "files")
            )
        });
    }
    // "Nothing to fix" on a file whose findings only the unsafe fixes mend would read as a
    // clean file (issue 49, item 3).
    if totals.unsafe_fixes_left > 0 {
        parts.push(format!(
            "{} fixable only with `--unsafe-fixes`",
            plural(totals.unsafe_fixes_left, "finding", "findings")
        ));
    }
    if !totals.summary.trouble.is_empty() {
        parts.push(format!(
            "{} could not be read or written",
            plural(totals.summary.trouble.len(), "path", "paths")
        ));
    }
    format!(
        "{} ({}).{}",
        parts.join(", "),
        plural(totals.summary.games, "game", "games"),
        super::output::screenful_hint(totals.lines, totals.format).unwrap_or_default()
    )
}
