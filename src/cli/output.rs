//! Printing a run: the pieces of each file in input order, the frame of the document forms
//! (JSON, SARIF) around them, and a progress line on a terminal.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::report::{self, Format, Statistics, Summary};

/// Prints the findings of a run in one format to one stream.
pub(crate) struct Printer<W: Write> {
    out: W,
    format: Format,
    /// Whether a document piece was written, so the next one needs a separator.
    wrote_piece: bool,
}

impl<W: Write> Printer<W> {
    pub(crate) fn new(out: W, format: Format) -> io::Result<Printer<W>> {
        let mut printer = Printer {
            out,
            format,
            wrote_piece: false,
        };
        printer.out.write_all(report::start(format).as_bytes())?;
        Ok(printer)
    }

    /// One file's findings, as [`report::file`] rendered them.
    pub(crate) fn piece(&mut self, piece: &str) -> io::Result<()> {
        if piece.is_empty() {
            return Ok(());
        }
        if self.format.is_document() && self.wrote_piece {
            self.out.write_all(report::SEPARATOR.as_bytes())?;
        }
        self.wrote_piece = true;
        self.out.write_all(piece.as_bytes())
    }

    /// Text outside the document (the human summary, statistics); never inside JSON or SARIF.
    pub(crate) fn text(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    pub(crate) fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    pub(crate) fn end(
        mut self,
        summary: &Summary,
        statistics: Option<&Statistics>,
    ) -> io::Result<()> {
        self.out
            .write_all(report::end(self.format, summary, statistics).as_bytes())?;
        self.out.flush()
    }
}

/// `[ 120/4000 files]` on standard error, redrawn at most ten times a second, for runs that take
/// longer than a second on a terminal. Silent when standard error is not a terminal.
pub(crate) struct Progress {
    enabled: bool,
    total: usize,
    started: Instant,
    drawn: Option<Instant>,
}

impl Progress {
    pub(crate) fn new(total: usize, quiet: bool) -> Progress {
        Progress {
            enabled: !quiet && total > 1 && io::stderr().is_terminal(),
            total,
            started: Instant::now(),
            drawn: None,
        }
    }

    pub(crate) fn tick(&mut self, done: usize) {
        if !self.enabled || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        if self
            .drawn
            .is_some_and(|at| at.elapsed() < Duration::from_millis(100))
        {
            return;
        }
        let _ = write!(io::stderr(), "\r\x1b[K[{done:>5}/{} files]", self.total);
        self.drawn = Some(Instant::now());
    }

    /// Removes the line before anything else is printed on the terminal.
    pub(crate) fn clear(&mut self) {
        if self.drawn.take().is_some() {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}
