//! `pbnfmt export`: from arguments to exported files, diffs or lists, and an exit status.
//!
//! Every mode exports each file the same way ([`export_bytes`]); the modes differ only in what
//! they do with the bytes: print them, rewrite the file, mirror it into a directory, list it, or
//! show a diff. Findings and the summary go to standard error, so that standard output holds only
//! the export, the list or the diff.

use std::io::{self, IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use crate::cli::{
    EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, ExportArgs, LineEndingArg, OutputEncodingArg, plural,
    print_diagnostics, read_input, terminal_width, use_color,
};
use crate::diagnostic::FullStyle;
use crate::export::{ExportOptions, Exported, Newline, export_bytes};
use crate::source::{self, Encoding};
use crate::walk::{self, Input};
use crate::write::write_atomic;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Stdout,
    Write,
    OutDir,
    Check,
    Diff,
}

/// One input and where its export would go under `--out-dir`.
struct Job {
    input: Input,
    /// The path below the output directory: below the directory argument it was found in, or the
    /// file name of a file argument.
    relative: Option<PathBuf>,
}

#[derive(Default)]
struct Totals {
    files: usize,
    games: usize,
    /// Exported and different from the input (written, or would be).
    changed: usize,
    unchanged: usize,
    refused: usize,
    /// Written below `--out-dir` (the others were already there with the same bytes).
    written: usize,
    /// Unreadable inputs, unwritable outputs, usage problems.
    trouble: usize,
}

pub fn run(args: &ExportArgs) -> u8 {
    let mode = if args.write {
        Mode::Write
    } else if args.out_dir.is_some() {
        Mode::OutDir
    } else if args.check {
        Mode::Check
    } else if args.diff {
        Mode::Diff
    } else {
        Mode::Stdout
    };
    let options = ExportOptions {
        input_encoding: args.input_encoding.forced(),
        encoding: args.encoding.map(|encoding| match encoding {
            OutputEncodingArg::Utf8 => Encoding::Utf8,
            OutputEncodingArg::Latin1 => Encoding::Latin1,
        }),
        newline: match args.line_ending {
            LineEndingArg::Crlf => Newline::CrLf,
            LineEndingArg::Lf => Newline::Lf,
        },
        resolve: args.resolve,
        force: args.force,
    };
    let style = FullStyle {
        color: use_color(args.color, io::stderr().is_terminal()),
        width: terminal_width(),
    };
    let mut totals = Totals::default();
    let jobs = match jobs(args, mode, &mut totals) {
        Ok(jobs) => jobs,
        Err(message) => {
            eprintln!("pbnfmt: error: {message}");
            return EXIT_TROUBLE;
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let stderr = io::stderr();
    for job in &jobs {
        let name = job.input.display_name();
        let bytes = match read_input(&job.input) {
            Ok(bytes) => bytes,
            Err(message) => {
                let _ = out.flush();
                eprintln!("pbnfmt: error: cannot read {name}: {message}");
                totals.trouble += 1;
                continue;
            }
        };
        let exported = export_bytes(&bytes, &options);
        totals.files += 1;
        totals.games += exported.games;
        let _ = out.flush();
        let _ = print_diagnostics(
            &mut stderr.lock(),
            &name,
            &exported.decoded.text,
            &exported.problems,
            args.output_format,
            style,
        );
        let Some(output) = &exported.output else {
            eprintln!("pbnfmt: {name}: not exported");
            totals.refused += 1;
            continue;
        };
        let changed = *output != bytes;
        if changed {
            totals.changed += 1;
        } else {
            totals.unchanged += 1;
        }
        let result = match mode {
            Mode::Stdout => out.write_all(output),
            Mode::Check if changed => writeln!(out, "Would reformat: {name}"),
            Mode::Diff if changed => out.write_all(diff(&name, &exported, output).as_bytes()),
            Mode::Write if changed => match &job.input {
                Input::File(path) => write_atomic(path, output, Some(path)),
                Input::Stdin => Ok(()),
            },
            Mode::OutDir => write_into(args, job, output).map(|wrote| {
                totals.written += usize::from(wrote);
            }),
            Mode::Check | Mode::Diff | Mode::Write => Ok(()),
        };
        if let Err(error) = result {
            if error.kind() == io::ErrorKind::BrokenPipe {
                return EXIT_CLEAN;
            }
            let _ = out.flush();
            eprintln!("pbnfmt: error: cannot write the export of {name}: {error}");
            totals.trouble += 1;
        }
    }
    let _ = out.flush();
    if mode != Mode::Stdout || totals.refused + totals.trouble > 0 {
        eprintln!("{}", summary(&totals, mode));
    }
    if totals.trouble > 0 {
        EXIT_TROUBLE
    } else if totals.refused > 0 || (matches!(mode, Mode::Check | Mode::Diff) && totals.changed > 0)
    {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// The inputs, each with its place under `--out-dir`. Errors are usage errors.
fn jobs(args: &ExportArgs, mode: Mode, totals: &mut Totals) -> Result<Vec<Job>, String> {
    let out_dir = args
        .out_dir
        .as_ref()
        .map(|dir| std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone()));
    let mut jobs = Vec::new();
    for path in &args.paths {
        let discovery = walk::discover(std::slice::from_ref(path));
        for error in &discovery.errors {
            eprintln!("pbnfmt: error: {}: {}", error.path.display(), error.message);
            totals.trouble += 1;
        }
        for input in discovery.inputs {
            let relative = match &input {
                Input::File(file) if path.is_dir() => {
                    file.strip_prefix(path).ok().map(Path::to_path_buf)
                }
                Input::File(file) => file.file_name().map(PathBuf::from),
                Input::Stdin => None,
            };
            // Earlier exports inside the tree being exported are not exported again.
            if let (Some(dir), Input::File(file)) = (&out_dir, &input) {
                if path.is_dir()
                    && std::fs::canonicalize(file).is_ok_and(|file| file.starts_with(dir))
                {
                    continue;
                }
            }
            jobs.push(Job { input, relative });
        }
    }
    let stdin = jobs.iter().any(|job| job.input == Input::Stdin);
    match mode {
        Mode::Stdout if jobs.len() > 1 || args.paths.iter().any(|p| p.is_dir()) => Err(
            "export writes one file to standard output; to export several, use --write, --out-dir, --check or --diff".to_owned(),
        ),
        Mode::Write if stdin => Err("--write rewrites files; standard input has none (export `-` to standard output instead)".to_owned()),
        Mode::OutDir if stdin => Err("--out-dir needs file names; standard input has none".to_owned()),
        _ => Ok(jobs),
    }
}

/// Writes one export below `--out-dir`, unless the file there already has these bytes; says
/// whether it wrote.
fn write_into(args: &ExportArgs, job: &Job, output: &[u8]) -> io::Result<bool> {
    let (Some(dir), Some(relative)) = (&args.out_dir, &job.relative) else {
        return Ok(false);
    };
    // Never outside DIR: only plain names below it.
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return Err(io::Error::other(format!(
            "{} is not a path below the output directory",
            relative.display()
        )));
    }
    let target = dir.join(relative);
    if std::fs::read(&target).is_ok_and(|existing| existing == output) {
        return Ok(false);
    }
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let source = match &job.input {
        Input::File(path) => Some(path.as_path()),
        Input::Stdin => None,
    };
    write_atomic(&target, output, source).map(|()| true)
}

/// A unified diff of the input text against the export, both as text.
fn diff(name: &str, exported: &Exported, output: &[u8]) -> String {
    let encoding = exported.decoded.encoding;
    let after = source::decode(output, Some(encoding)).text;
    similar::TextDiff::from_lines(exported.decoded.text.as_str(), after.as_str())
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (export)"))
        .to_string()
}

fn summary(totals: &Totals, mode: Mode) -> String {
    let mut parts = Vec::new();
    let changed = plural(totals.changed, "file", "files");
    let unchanged = plural(totals.unchanged, "file", "files");
    match mode {
        Mode::Check | Mode::Diff => {
            parts.push(format!("{changed} would be rewritten"));
            parts.push(format!("{unchanged} already in export format"));
        }
        Mode::Write => {
            parts.push(format!("{changed} rewritten"));
            parts.push(format!("{unchanged} already in export format"));
        }
        Mode::OutDir => {
            let exported = totals.changed + totals.unchanged;
            parts.push(format!(
                "{} exported ({} written, {} already up to date)",
                plural(exported, "file", "files"),
                totals.written,
                exported - totals.written.min(exported)
            ));
        }
        Mode::Stdout => parts.push(format!(
            "{} exported",
            plural(totals.changed + totals.unchanged, "file", "files")
        )),
    }
    if totals.refused > 0 {
        parts.push(format!(
            "{} refused",
            plural(totals.refused, "file", "files")
        ));
    }
    if totals.trouble > 0 {
        parts.push(format!(
            "{} could not be read or written",
            plural(totals.trouble, "path", "paths")
        ));
    }
    format!(
        "{} ({}).",
        parts.join(", "),
        plural(totals.games, "game", "games")
    )
}
