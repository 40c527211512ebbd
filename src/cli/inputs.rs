//! The one input loop of the command line ([`Runner::run`]): every input a command found is read
//! here and nowhere else, each at most 4 GiB, never through a link put in a found file's place,
//! the files worked on in parallel (largest first) and each result handed back in input order,
//! the progress line cleared before anything is printed. What the work is and how its results
//! are counted stays with each command. The commands that read games without checking them refuse
//! a file as `check` names it when it is not PBN ([`read_each_pbn_input`]).

use crate::parallel;
use crate::report::Format;
use crate::rules::diagnostic::FullStyle;

use super::output::Progress;
use super::*;

/// Reads one input, refusing one over [`MAX_TEXT_LEN`] (4 GiB) as soon as it passes the limit:
/// `/dev/zero` or an endless pipe ends in an error, not in all the memory there is. A file a walk
/// found without following links is read only while it is that regular file, never through a
/// link put in its place (issue 45, item 6). Errors are worded for the user.
fn read_found(found: &crate::walk::Found) -> Result<Vec<u8>, String> {
    match &found.input {
        Input::File(path) if found.link_free => {
            crate::io::read_file_no_link(path, MAX_TEXT_LEN).map_err(|error| error.to_string())
        }
        Input::Stdin(_) => crate::io::read_at_most(io::stdin().lock(), MAX_TEXT_LEN, 0)
            .map_err(|error| error.to_string()),
        Input::File(path) => {
            if path.is_dir() {
                return Err("is a directory".to_owned());
            }
            crate::io::read_file_at_most(path, MAX_TEXT_LEN).map_err(|error| error.to_string())
        }
    }
}

/// What the loop works on: a found input, or something that names one (a rewrite's job).
pub(super) trait Item: Sync {
    fn found(&self) -> &crate::walk::Found;
}

impl Item for crate::walk::Found {
    fn found(&self) -> &crate::walk::Found {
        self
    }
}

/// An input not read yet, handed to the loop's work: the work reads it when it is ready to (a
/// rewrite first notes what the file is, so that `--write` sees a change made after).
pub(super) struct Unread<'a>(&'a crate::walk::Found);

impl Unread<'_> {
    pub(super) fn read(self) -> Result<Vec<u8>, String> {
        read_found(self.0)
    }
}

/// A file read a second time, after the loop handed on its first result (`check` reading again a
/// file that repeats a deal of an earlier file, `dedup` writing the games it removed).
pub(super) fn read_again(found: &crate::walk::Found) -> Result<Vec<u8>, String> {
    read_found(found)
}

/// The input a command names itself, as a found input (`show FILE`, `-` for standard input):
/// no walk found it, so no configuration applies and a link is followed.
pub(super) fn named(path: &std::path::Path) -> crate::walk::Found {
    crate::walk::Found {
        input: if path.as_os_str() == "-" {
            Input::Stdin(None)
        } else {
            Input::File(path.to_owned())
        },
        under: None,
        config: None,
        link_free: false,
    }
}

pub(super) struct Runner {
    threads: usize,
    progress: Progress,
}

/// What one file has of the machine: a thread of its own to parse ahead, and how many threads
/// its chunks may use (export proves its chunks on them).
#[derive(Clone, Copy, Debug)]
pub(super) struct FileCores {
    pub parse_ahead: bool,
    pub threads: usize,
}

impl Runner {
    /// A runner for `inputs` files; `quiet` turns the progress line off.
    pub(super) fn new(files: &FileArgs, inputs: usize, quiet: bool) -> Runner {
        Runner::on(files.threads(), inputs, quiet)
    }

    /// A runner on `threads` threads.
    pub(super) fn on(threads: usize, inputs: usize, quiet: bool) -> Runner {
        Runner {
            threads,
            progress: Progress::new(inputs, quiet),
        }
    }

    /// Whether a file has a core to itself: a thread left over when there are fewer files than
    /// threads parses ahead of the rules or the writer.
    pub(super) fn parse_ahead(&self, inputs: usize) -> bool {
        self.threads > inputs
    }

    /// What each of `inputs` files has of the machine ([`Runner::parse_ahead`],
    /// [`Runner::file_threads`]).
    pub(super) fn file_cores(&self, inputs: usize) -> FileCores {
        FileCores {
            parse_ahead: self.parse_ahead(inputs),
            threads: self.file_threads(inputs),
        }
    }

    /// The threads each file has to itself for its chunks: `-j N` on one file means N, up to the
    /// machine's cores. More would not go faster, and each holds a chunk (up to 65,536 tokens and
    /// their findings) until its turn, so that a large N would cost memory for nothing.
    pub(super) fn file_threads(&self, inputs: usize) -> usize {
        (self.threads / inputs.max(1)).clamp(1, parallel::default_threads().max(1))
    }

    /// The input loop: runs `work` on every item (its input not read yet) on the worker threads,
    /// the largest file first, and hands each result to `each` in input order, with the progress
    /// line off the terminal while it prints. `each` returns false to stop (a closed pipe); so
    /// does `run`.
    pub(super) fn run<'a, T: Item, R: Send + Heft>(
        &mut self,
        items: &'a [T],
        work: impl Fn(&'a T, Unread<'a>) -> R + Sync,
        mut each: impl FnMut(usize, R) -> bool,
    ) -> bool {
        let mut going = true;
        let progress = std::cell::RefCell::new(&mut self.progress);
        parallel::ordered_by(
            items,
            self.threads,
            |item| item.found().input.size(),
            |item| work(item, Unread(item.found())),
            R::weight,
            |done| progress.borrow_mut().tick(done),
            |index, result| {
                going = if result.prints() {
                    progress.borrow().suspend(|| each(index, result))
                } else {
                    each(index, result)
                };
                going
            },
        );
        self.progress.clear();
        going
    }
}

/// What a command's result for one file weighs while it waits for its turn, and whether handing
/// it on prints anything.
pub(super) trait Heft {
    /// Bytes held in memory.
    fn weight(&self) -> usize;
    fn prints(&self) -> bool;
}

/// A result that is counted as weighing nothing while it waits (a pass that gathers a little of
/// each file) and prints nothing when handed on.
pub(super) struct Light<R>(pub R);

impl<R> Heft for Light<R> {
    fn weight(&self) -> usize {
        0
    }

    fn prints(&self) -> bool {
        false
    }
}

/// [`Runner::run`] with no progress line, for results that print nothing while they are handed
/// on: a pass before the real one, or a command whose output comes at the end.
pub(super) fn each_input<'a, T: Item, R: Send>(
    items: &'a [T],
    threads: usize,
    work: impl Fn(&'a T, Unread<'a>) -> R + Sync,
    mut each: impl FnMut(usize, R) -> bool,
) {
    Runner::on(threads, items.len(), true).run(
        items,
        |item, unread| Light(work(item, unread)),
        |index, Light(result)| each(index, result),
    );
}

/// [`each_input`] for the commands that read games without checking them (`stats`,
/// `fingerprint`): each input decoded (`--encoding` over the file's configuration), and refused
/// as `check` names it when it is not PBN or LIN ([`crate::read::not_pbn`]): its F finding on
/// standard error. Any input refused, the command writes nothing and exits 1: a count or a
/// fingerprint of the rest would pass for the whole with its status the only sign (issue 59).
pub(crate) fn read_each_pbn_input<R: Send>(
    inputs: &[crate::walk::Found],
    (threads, encoding): (usize, Option<InputEncoding>),
    work: impl Fn(crate::source::Decoded) -> R + Sync,
    mut sink: impl FnMut(R),
) -> Result<(), u8> {
    let mut refused = 0usize;
    let mut failed = false;
    each_input(
        inputs,
        threads,
        |found, unread| {
            unread.read().map(|bytes| {
                let encoding = settings::input_encoding(encoding, found);
                let decoded = crate::source::decode_owned(bytes, encoding);
                match crate::read::not_pbn(&decoded) {
                    Some(finding) => Err(Box::new(finding)),
                    None => Ok(work(decoded)),
                }
            })
        },
        |index, read| {
            let name = inputs[index].input.display_name();
            match read {
                Ok(Ok(done)) => sink(done),
                Ok(Err(finding)) => {
                    say!(
                        "pbnfmt: error: {name}: {}[{}] {}",
                        finding.severity,
                        finding.rule.code(),
                        finding.message
                    );
                    refused += 1;
                }
                Err(message) => {
                    say!("pbnfmt: error: cannot read {name}: {message}");
                    failed = true;
                }
            }
            !failed
        },
    );
    if failed {
        return Err(EXIT_TROUBLE);
    }
    if refused > 0 {
        say!(
            "pbnfmt: {} not read: not PBN (`pbnfmt check` says more); nothing written",
            plural(refused, "file", "files")
        );
        return Err(EXIT_FINDINGS);
    }
    Ok(())
}

/// How findings are drawn: coloured in the full and concise formats on a terminal (as `--color`
/// says), code frames as wide as the terminal.
pub(super) fn style(output: &OutputArgs, format: Format, terminal: bool) -> FullStyle {
    FullStyle {
        color: matches!(format, Format::Full | Format::Concise | Format::Grouped)
            && use_color(output.color, terminal),
        width: terminal_width(),
    }
}
