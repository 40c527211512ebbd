//! The frame `check` and the rewrites share: how many threads, the files worked on in parallel
//! (largest first), each result handed back in input order, the progress line cleared before
//! anything is printed, and the style of code frames. What the work is and how its results are
//! counted stays with each command.

use crate::parallel;
use crate::report::Format;
use crate::rules::diagnostic::FullStyle;

use super::output::Progress;
use super::{FileArgs, OutputArgs, terminal_width, use_color};

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
        Runner {
            threads: files.threads(),
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

    /// Runs `work` on every item on the worker threads, largest `size` first, and hands each
    /// result to `each` in input order, with the progress line off the terminal while it prints.
    /// `each` returns false to stop (a closed pipe); so does `run`.
    pub(super) fn run<T: Sync, R: Send + Heft>(
        &mut self,
        items: &[T],
        size: impl Fn(&T) -> u64,
        work: impl Fn(&T) -> R + Sync,
        mut each: impl FnMut(R) -> bool,
    ) -> bool {
        let mut going = true;
        let progress = std::cell::RefCell::new(&mut self.progress);
        parallel::ordered_by(
            items,
            self.threads,
            size,
            work,
            R::weight,
            |done| progress.borrow_mut().tick(done),
            |_, result| {
                going = if result.prints() {
                    progress.borrow().suspend(|| each(result))
                } else {
                    each(result)
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

/// How findings are drawn: coloured in the full and concise formats on a terminal (as `--color`
/// says), code frames as wide as the terminal.
pub(super) fn style(output: &OutputArgs, format: Format, terminal: bool) -> FullStyle {
    FullStyle {
        color: matches!(format, Format::Full | Format::Concise | Format::Grouped)
            && use_color(output.color, terminal),
        width: terminal_width(),
    }
}
