//! `pbnfmt merge` and `pbnfmt split` ([`crate::rewrite::merge`]): every input read (on all
//! threads, handed on in order) and proven before anything is written; each result written
//! atomically, never to an input, never twice to one path in a run.

use std::io;
use std::path::PathBuf;

use crate::commands::split::PartNames;
use crate::io::write::write_atomic;
use crate::rewrite::RewriteOptions;
use crate::rewrite::merge::{self, Cut, Read};
use crate::walk::{Found, Input};

use super::{
    EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, MergeArgs, SplitArgs, finish, plural, say, settings,
};

/// Every input read as `merge` and `split` read it, handed to `take` in order with its index as
/// it is read (`take` returns false to stop: what it was given could not be used); a file that
/// cannot be rewritten is said (exit 1), one that cannot be read too (exit 2). With `keep_going`
/// (`--keep-going`, issue 65, item 7), either is said and left out, and the rest are read: the
/// counts of those taken and left out come back.
fn read_all(
    inputs: &[Found],
    (threads, encoding): (usize, Option<super::InputEncoding>),
    keep_going: bool,
    mut take: impl FnMut(usize, Read) -> bool,
) -> Result<(usize, usize), u8> {
    let (mut taken, mut refused, mut unreadable) = (0usize, 0usize, 0usize);
    let mut stopped = false;
    super::inputs::each_input(
        inputs,
        threads,
        |found, unread| {
            let bytes = unread.read()?;
            let input_encoding = settings::input_encoding(encoding, found);
            Ok::<_, String>(merge::read(
                &bytes,
                RewriteOptions {
                    input_encoding,
                    ..RewriteOptions::default()
                },
            ))
        },
        |index, read| {
            let name = inputs[index].input.display_name();
            let left = if keep_going { " (left out)" } else { "" };
            match read {
                Ok(Ok(read)) => {
                    // Nothing more is taken once an input was refused without --keep-going:
                    // nothing will be written.
                    if keep_going || refused == 0 {
                        taken += 1;
                        stopped = !take(index, read);
                        return !stopped;
                    }
                }
                Ok(Err(problems)) => {
                    let why = problems.first().map_or_else(String::new, |p| {
                        let help = p
                            .help
                            .as_ref()
                            .map_or_else(String::new, |h| format!(" ({h})"));
                        format!(": {} [{}]{help}", p.message, p.rule.code())
                    });
                    say!(
                        "pbnfmt: {name} is not read for sure{why}; `pbnfmt check {name}` says \
                         more{left}"
                    );
                    refused += 1;
                }
                Err(message) => {
                    say!("pbnfmt: error: cannot read {name}: {message}{left}");
                    unreadable += 1;
                }
            }
            keep_going || unreadable == 0
        },
    );
    if stopped {
        return Err(EXIT_FINDINGS);
    }
    if keep_going {
        return Ok((taken, refused + unreadable));
    }
    if unreadable > 0 {
        return Err(EXIT_TROUBLE);
    }
    if refused > 0 {
        return Err(EXIT_FINDINGS);
    }
    Ok((taken, 0))
}

/// The inputs found, checked by `check` (an output among them, standard input), and read, each
/// handed to `take` ([`read_all`]).
fn inputs_read(
    files: &super::FileArgs,
    config: &super::ConfigArgs,
    (encoding, keep_going): (Option<super::InputEncoding>, bool),
    check: impl FnOnce(&[Found]) -> Result<(), u8>,
    take: impl FnMut(&[Found], usize, Read) -> bool,
) -> Result<(crate::walk::Discovery, usize, usize), u8> {
    let discovery = settings::readable_inputs(files, config, encoding)?;
    // A file named twice is merged (or split) once by the walk: say so instead (issue 65,
    // item 6), before anything is read or written.
    if let Some(path) = discovery.repeated.first() {
        say!(
            "pbnfmt: error: {} is named more than once; name each file once (to repeat a set's \
             boards, copy the file first)",
            crate::display::path_text(path)
        );
        return Err(EXIT_TROUBLE);
    }
    check(&discovery.inputs)?;
    let mut take = take;
    let inputs = &discovery.inputs;
    let (taken, left_out) = read_all(
        inputs,
        (files.threads(), encoding),
        keep_going,
        |index, read| take(inputs, index, read),
    )?;
    if taken == 0 && left_out > 0 {
        say!(
            "pbnfmt: no input could be read ({} left out): nothing is written",
            plural(left_out, "file", "files")
        );
        return Err(EXIT_FINDINGS);
    }
    Ok((discovery, taken, left_out))
}

/// `pbnfmt merge`.
pub(super) fn run_merge(args: &MergeArgs) -> u8 {
    if args.files.paths.is_empty() && args.files.files_from.is_none() {
        say!(
            "pbnfmt: error: name the files to merge: paths, `-` for standard input, or --files-from"
        );
        return EXIT_TROUBLE;
    }
    // Each input written into the merge as it is read, in order.
    let mut merger = merge::Merger::new(args.shuffle, args.renumber);
    let mut failed = None;
    let read = inputs_read(
        &args.files,
        &args.config,
        (*args.input_encoding, args.keep_going),
        |inputs| match &args.output {
            Some(target) => settings::refuse_output_among_inputs("--output", target, inputs, &[]),
            None => Ok(()),
        },
        |_, _, read| match merger.add(read) {
            Ok(()) => true,
            Err(problem) => {
                failed = Some(problem);
                false
            }
        },
    );
    // A merge that could not take an input is said below, as one that does not read back.
    let (merged, files, left_out) = match (read, failed) {
        (_, Some(problem)) => (
            merge::Merged {
                output: Err(*problem),
                games: 0,
            },
            0,
            0,
        ),
        (Err(status), None) => return status,
        (Ok((_, files, left_out)), None) => (merger.finish(), files, left_out),
    };
    let mut output = match merged.output {
        Ok(output) => output,
        // A result that does not read back is a bug; boards that cannot be renumbered
        // (`--renumber`) are the input's, said as renumber says them; a full disk as such.
        Err(problem) => {
            say_refused(None, &problem);
            return EXIT_FINDINGS;
        }
    };
    let status = match &args.output {
        Some(target) => match write_atomic(target, &mut output, None) {
            Ok(()) => EXIT_CLEAN,
            Err(error) => {
                say!(
                    "pbnfmt: error: cannot write {}: {error}",
                    crate::display::escape_line(&target.display().to_string())
                );
                return EXIT_TROUBLE;
            }
        },
        None => finish(output.copy_to(&mut io::stdout().lock())),
    };
    say!(
        "pbnfmt: {} merged: {}{}",
        plural(files, "file", "files"),
        plural(merged.games, "game", "games"),
        left_out_words(left_out)
    );
    if left_out > 0 && status == EXIT_CLEAN {
        return EXIT_FINDINGS;
    }
    status
}

/// Why a merge or a split wrote nothing (of the file `name`): the finding's words and its help.
fn say_refused(name: Option<&str>, problem: &crate::rules::diagnostic::Diagnostic) {
    say!(
        "pbnfmt: error: {}{}{}",
        name.map_or_else(String::new, |name| format!("{name}: ")),
        problem.message,
        problem
            .help
            .as_deref()
            .map_or_else(String::new, |help| format!(" ({help})"))
    );
}

/// `; 3 files left out (--keep-going)`: the inputs a run with `--keep-going` did not take.
fn left_out_words(left_out: usize) -> String {
    if left_out == 0 {
        String::new()
    } else {
        format!(
            "; {} left out (--keep-going): the result is not the whole set, so the exit status \
             is 1",
            plural(left_out, "file", "files")
        )
    }
}

/// `pbnfmt split`.
pub(super) fn run_split(args: &SplitArgs) -> u8 {
    if args.files.paths.is_empty() && args.files.files_from.is_none() {
        say!("pbnfmt: error: name the files to split: paths, or --files-from");
        return EXIT_TROUBLE;
    }
    let cut = match (&args.every, &args.by) {
        (Some(n), _) => Cut::Every(*n as usize),
        (None, Some(name)) if crate::names::is_tag_name(name) => Cut::By(name.clone()),
        (None, Some(name)) => {
            say!(
                "pbnfmt: error: --by: `{}` is not a tag name (an upper-case letter, then letters, \
                 digits and `_`)",
                crate::display::escape(name)
            );
            return EXIT_TROUBLE;
        }
        (None, None) => return EXIT_TROUBLE,
    };
    // Every part of every file made and proven, and its path chosen, before any is written; each
    // file cut as it is read, its parts pieces of one spool.
    let mut spool = merge::Split::new();
    let mut jobs: Vec<(PathBuf, merge::Part)> = Vec::new();
    let mut names = PartNames::default();
    let mut failed = false;
    // No --keep-going here: each part is named after its input, and a part left out would be a
    // silent hole in the folder.
    let (discovery, files, _) = match inputs_read(
        &args.files,
        &args.config,
        (*args.input_encoding, false),
        |inputs| settings::refuse_stdin(inputs, "split names its parts after their file"),
        |inputs, index, mut read| {
            let found = &inputs[index];
            let name = found.input.display_name();
            let parts = match merge::split(&mut spool, &mut read, &cut) {
                Ok(parts) => parts,
                Err(problem) => {
                    say_refused(Some(&name), &problem);
                    failed = true;
                    return false;
                }
            };
            let stem = match &found.input {
                Input::File(path) => path
                    .file_stem()
                    .map_or_else(|| "part".to_owned(), |s| s.to_string_lossy().into_owned()),
                Input::Stdin(_) => "part".to_owned(),
            };
            let count = parts.len();
            for part in parts {
                let file = names.name(&stem, &cut, part.key.as_deref(), count);
                jobs.push((args.out_dir.join(file), part));
            }
            true
        },
    ) {
        Ok(read) => read,
        Err(_) if failed => return EXIT_FINDINGS,
        Err(status) => return status,
    };
    for (path, _) in &jobs {
        if let Err(status) =
            settings::refuse_output_among_inputs("--out-dir", path, &discovery.inputs, &[])
        {
            return status;
        }
    }
    if let Err(error) = std::fs::create_dir_all(&args.out_dir) {
        say!(
            "pbnfmt: error: cannot make {}: {error}",
            crate::display::escape_line(&args.out_dir.display().to_string())
        );
        return EXIT_TROUBLE;
    }
    // All the parts or none: each written to a temporary file, then all renamed (issue 63,
    // item 15: a full disk left the parts already written).
    let parts = jobs.len();
    let (paths, parts_made): (Vec<PathBuf>, Vec<merge::Part>) = jobs.into_iter().unzip();
    if let Err((path, error, renamed)) =
        crate::io::write::write_all_atomic(paths, |i, out| spool.write_part(&parts_made[i], out))
    {
        say!(
            "pbnfmt: error: cannot write {}: {error}; {}",
            crate::display::escape_line(&path.display().to_string()),
            if renamed == 0 {
                "no part was written".to_owned()
            } else {
                format!(
                    "{} were written before it",
                    plural(renamed, "part", "parts")
                )
            }
        );
        return EXIT_TROUBLE;
    }
    say!(
        "pbnfmt: {} split into {} in {}",
        plural(files, "file", "files"),
        plural(parts, "part", "parts"),
        crate::display::escape_line(&args.out_dir.display().to_string())
    );
    EXIT_CLEAN
}
