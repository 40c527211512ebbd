//! Printing a run: the pieces of each file in input order, the frame of the document forms
//! (JSON, SARIF) around them, and a progress line on a terminal.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::report::{self, Format, Statistics, Summary};

/// Prints the findings of a run in one format to one stream. Once the stream is closed (a pipe to
/// `head`), the rest is dropped without error: the run goes on, so that its exit status still
/// says what every file holds.
pub(crate) struct Printer<W: Write> {
    out: W,
    format: Format,
    /// Whether a document piece was written, so the next one needs a separator.
    wrote_piece: bool,
    closed: bool,
}

impl<W: Write> Printer<W> {
    pub(crate) fn new(out: W, format: Format) -> io::Result<Printer<W>> {
        let mut printer = Printer {
            out,
            format,
            wrote_piece: false,
            closed: false,
        };
        printer.write(report::start(format).as_bytes())?;
        Ok(printer)
    }

    /// Whether the reader went away: what is printed now is dropped.
    pub(crate) fn is_closed(&self) -> bool {
        self.closed
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let written = self.out.write_all(bytes);
        self.closing(written)
    }

    /// A closed pipe is no error: it closes the printer.
    fn closing(&mut self, result: io::Result<()>) -> io::Result<()> {
        match result {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            result => result,
        }
    }

    /// One file's findings, as [`report::file`] rendered them.
    pub(crate) fn piece(&mut self, piece: &str) -> io::Result<()> {
        if piece.is_empty() {
            return Ok(());
        }
        if self.format.is_document() && self.wrote_piece {
            self.write(report::SEPARATOR.as_bytes())?;
        }
        self.wrote_piece = true;
        self.write(piece.as_bytes())
    }

    /// [`Printer::piece`] of a piece that may wait in a temporary file.
    pub(crate) fn spooled(&mut self, mut piece: crate::io::spool::Output) -> io::Result<()> {
        if piece.is_empty() {
            return Ok(());
        }
        if self.format.is_document() && self.wrote_piece {
            self.write(report::SEPARATOR.as_bytes())?;
        }
        self.wrote_piece = true;
        if self.closed {
            return Ok(());
        }
        let copied = piece.copy_to(&mut self.out);
        self.closing(copied)
    }

    /// Text outside the document (the human summary, statistics); never inside JSON or SARIF.
    pub(crate) fn text(&mut self, text: &str) -> io::Result<()> {
        self.write(text.as_bytes())
    }

    pub(crate) fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let flushed = self.out.flush();
        self.closing(flushed)
    }

    pub(crate) fn end(
        mut self,
        summary: &Summary,
        statistics: Option<&Statistics>,
    ) -> io::Result<()> {
        self.write(report::end(self.format, summary, statistics).as_bytes())?;
        self.flush()
    }
}

/// `[  120/4000 files] ████░░░░ 00:00:03` on standard error for runs that take longer than a
/// second, when standard error is a terminal: drawn by `indicatif`, moved on as each file is done
/// (in whatever order the threads finish them), and put aside while findings are printed.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
}

/// How long a run goes before its progress line appears: a quick run prints no flicker.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

impl Progress {
    pub(crate) fn new(total: usize, quiet: bool) -> Progress {
        Progress::of(total, quiet, "files")
    }

    /// A progress line that counts `unit` (`deals`).
    pub(crate) fn of(total: usize, quiet: bool, unit: &str) -> Progress {
        let enabled = !quiet && total > 1 && io::stderr().is_terminal();
        let bar = enabled.then(|| {
            let template = format!("[{{pos:>5}}/{{len}} {unit}] {{wide_bar}} {{elapsed}}");
            let style = ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden())
                .with_style(style)
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: false,
        }
    }

    /// `done` files of the run are done.
    pub(crate) fn tick(&mut self, done: usize) {
        let Some(bar) = &self.bar else { return };
        bar.set_position(done as u64);
        if !self.shown && self.started.elapsed() >= PROGRESS_AFTER {
            self.shown = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(250));
        }
    }

    /// Runs `print` with the line taken off the terminal, and puts it back after.
    pub(crate) fn suspend<T>(&self, print: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(print),
            _ => print(),
        }
    }

    /// Removes the line for good at the end of the run.
    pub(crate) fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Lines of findings past which a run's summary says how to see fewer (issue 49, item 4).
pub(crate) const SCREENFUL: usize = 50;

/// ` N lines of findings printed; …` for a summary, when a run printed more than a screenful of
/// findings (`lines`) in `format`: how to see a line a finding, or a line a rule.
pub(crate) fn screenful_hint(lines: usize, format: Option<Format>) -> Option<String> {
    if lines <= SCREENFUL {
        return None;
    }
    let shorter = match format {
        Some(Format::Full) => {
            "; `--output-format concise` or `grouped` prints a line a finding, `--statistics` \
             a line a rule"
        }
        _ => "; `--statistics` prints a line a rule",
    };
    Some(format!(" {lines} lines of findings printed{shorter}."))
}
