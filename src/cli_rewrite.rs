//! `pbnfmt export`, `resolve` and `nag`: from arguments to rewritten files, diffs or lists, and
//! an exit status.
//!
//! The three commands share this runner: each turns a file's bytes into new bytes (or refuses),
//! and every mode does the same with the result: print it, rewrite the file, mirror it into a
//! directory, list it, or show a diff. Findings and the summary go to standard error, so that
//! standard output holds only the result, the list or the diff.

use std::io::{self, IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use crate::cli::{
    EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, ExportArgs, LineEndingArg, NagArgs, OutputEncodingArg,
    ResolveArgs, RewriteArgs, plural, print_diagnostics, read_input, terminal_width, use_color,
};
use crate::diagnostic::{FullStyle, Severity};
use crate::export::{ExportOptions, Newline, export_bytes};
use crate::rewrite::nag::nag_bytes;
use crate::rewrite::resolve::resolve_bytes;
use crate::rewrite::{RewriteOptions, Rewritten};
use crate::source::{self, Encoding};
use crate::walk::{self, Input};
use crate::write::write_atomic;

/// How a command names what it does, in messages and the summary.
struct Wording {
    /// The command: `export`.
    verb: &'static str,
    /// What happened to a file: `exported`.
    done: &'static str,
    /// A file the command does not change: `already in export format`.
    unchanged: &'static str,
    /// What `--check` says it would do to a file: `reformat`.
    would: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Stdout,
    Write,
    OutDir,
    Check,
    Diff,
}

/// One input and where its result would go under `--out-dir`.
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
    /// Rewritten and different from the input (written, or would be).
    changed: usize,
    unchanged: usize,
    refused: usize,
    /// Rewritten, with an error-level finding about what could not be rewritten.
    with_errors: usize,
    /// Written below `--out-dir` (the others were already there with the same bytes).
    written: usize,
    /// Unreadable inputs, unwritable outputs, usage problems.
    trouble: usize,
}

/// `pbnfmt export`.
pub fn export(args: &ExportArgs) -> u8 {
    let options = ExportOptions {
        input_encoding: args.io.input_encoding.forced(),
        encoding: args.encoding.map(|encoding| match encoding {
            OutputEncodingArg::Utf8 => Encoding::Utf8,
            OutputEncodingArg::Latin1 => Encoding::Latin1,
        }),
        newline: match args.line_ending {
            LineEndingArg::Crlf => Newline::CrLf,
            LineEndingArg::Lf => Newline::Lf,
        },
        resolve: args.resolve,
        force: args.io.force,
    };
    let wording = Wording {
        verb: "export",
        done: "exported",
        unchanged: "already in export format",
        would: "reformat",
    };
    run(&args.io, &wording, |bytes| export_bytes(bytes, &options))
}

/// `pbnfmt resolve`.
pub fn resolve(args: &ResolveArgs) -> u8 {
    let options = rewrite_options(&args.io);
    let wording = if args.compress {
        Wording {
            verb: "compress",
            done: "compressed",
            unchanged: "with nothing to compress",
            would: "compress",
        }
    } else {
        Wording {
            verb: "resolve",
            done: "resolved",
            unchanged: "with nothing to resolve",
            would: "resolve",
        }
    };
    run(&args.io, &wording, |bytes| {
        resolve_bytes(bytes, options, args.compress)
    })
}

/// `pbnfmt nag`.
pub fn nag(args: &NagArgs) -> u8 {
    let options = rewrite_options(&args.io);
    let wording = Wording {
        verb: "nag",
        done: "rewritten",
        unchanged: "with no suffix to rewrite",
        would: "rewrite",
    };
    run(&args.io, &wording, |bytes| nag_bytes(bytes, options))
}

fn rewrite_options(args: &RewriteArgs) -> RewriteOptions {
    RewriteOptions {
        input_encoding: args.input_encoding.forced(),
        force: args.force,
    }
}

fn run(args: &RewriteArgs, wording: &Wording, rewrite: impl Fn(&[u8]) -> Rewritten) -> u8 {
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
    let style = FullStyle {
        color: use_color(args.color, io::stderr().is_terminal()),
        width: terminal_width(),
    };
    let mut totals = Totals::default();
    let jobs = match jobs(args, mode, wording, &mut totals) {
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
        let exported = rewrite(&bytes);
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
            eprintln!("pbnfmt: {name}: not {}", wording.done);
            totals.refused += 1;
            continue;
        };
        if exported
            .problems
            .iter()
            .any(|problem| problem.severity == Severity::Error)
        {
            totals.with_errors += 1;
        }
        let changed = *output != bytes;
        if changed {
            totals.changed += 1;
        } else {
            totals.unchanged += 1;
        }
        let result = match mode {
            Mode::Stdout => out.write_all(output),
            Mode::Check if changed => writeln!(out, "Would {}: {name}", wording.would),
            Mode::Diff if changed => {
                out.write_all(diff(&name, wording.verb, &exported, output).as_bytes())
            }
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
            eprintln!(
                "pbnfmt: error: cannot write the {} of {name}: {error}",
                wording.verb
            );
            totals.trouble += 1;
        }
    }
    let _ = out.flush();
    if mode != Mode::Stdout || totals.refused + totals.with_errors + totals.trouble > 0 {
        eprintln!("{}", summary(&totals, mode, wording));
    }
    if totals.trouble > 0 {
        EXIT_TROUBLE
    } else if totals.refused + totals.with_errors > 0
        || (matches!(mode, Mode::Check | Mode::Diff) && totals.changed > 0)
    {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

/// The inputs, each with its place under `--out-dir`. Errors are usage errors.
fn jobs(
    args: &RewriteArgs,
    mode: Mode,
    wording: &Wording,
    totals: &mut Totals,
) -> Result<Vec<Job>, String> {
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
        Mode::Stdout if jobs.len() > 1 || args.paths.iter().any(|p| p.is_dir()) => Err(format!(
            "{0} writes one file to standard output; to {0} several, use --write, --out-dir, --check or --diff",
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

/// Writes one export below `--out-dir`, unless the file there already has these bytes; says
/// whether it wrote.
fn write_into(args: &RewriteArgs, job: &Job, output: &[u8]) -> io::Result<bool> {
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

/// A unified diff of the input text against the result, both as text.
fn diff(name: &str, verb: &str, exported: &Rewritten, output: &[u8]) -> String {
    let encoding = exported.decoded.encoding;
    let after = source::decode(output, Some(encoding)).text;
    similar::TextDiff::from_lines(exported.decoded.text.as_str(), after.as_str())
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} ({verb})"))
        .to_string()
}

fn summary(totals: &Totals, mode: Mode, wording: &Wording) -> String {
    let mut parts = Vec::new();
    let changed = plural(totals.changed, "file", "files");
    let unchanged = plural(totals.unchanged, "file", "files");
    match mode {
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
        parts.push(format!(
            "{} with errors left",
            plural(totals.with_errors, "file", "files")
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
