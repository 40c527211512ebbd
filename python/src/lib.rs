//! `pbnfmt._native`: the Rust side of the Python module (issue 48). Each function takes its input
//! as a path (read here, so that a large file is read a window at a time where the command does
//! so) or as bytes, and gives back what the command line would write: the findings as `check
//! --output-format json` writes them, the games as `convert --to jsonl` writes them, the text of
//! `export`, `fix` and `convert`. The package `pbnfmt` (python/pbnfmt) makes Python objects of
//! them. Every function lets go of the GIL while it works, so other Python threads run.
//!
//! A file pbnfmt cannot read (missing, a directory, refused as not PBN) is an exception; a file
//! with findings is not: its findings are the answer. What an answer leaves out (findings past
//! the limit, games left out or read with syntax errors) comes with it, for the package to warn.
//!
//! Each call runs on a thread of its own while the caller's thread waits a tenth of a second at a
//! time, checking Python's signals: Ctrl-C stops a long call ([`interruptible`]).

use std::hash::{DefaultHasher, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyValueError};
use pyo3::prelude::*;

use pbnfmt::check::{CheckOptions, check_owned};
use pbnfmt::commands::convert::Target;
use pbnfmt::convert::lin::ConvertOptions;
use pbnfmt::export::ExportOptions;
use pbnfmt::jsonl::{DataOptions, Handed};
use pbnfmt::proof::Rewritten;
use pbnfmt::report::{self, FileName, Format};
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::fix::FixOptions;
use pbnfmt::rules::select::Selection;
use pbnfmt::source::{self, Encoding};

// Named by its full module path, so that pickle finds the class again (a process pool's worker
// hands its exceptions back pickled).
create_exception!(
    pbnfmt._native,
    PbnfmtError,
    PyException,
    "A file pbnfmt could not read or write as asked: the message names the file and the place."
);

/// The input of a call: a file to read, or its bytes, and the name the findings give it.
struct Input {
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: String,
    /// The exact bytes of a path's name that is not UTF-8, for the JSON's `file_bytes`.
    name_bytes: Option<Vec<u8>>,
}

impl Input {
    /// `name` as given (`name=`), else the path's as the command names it ([`path_name`]), else
    /// `<bytes>`.
    fn new(path: Option<PathBuf>, data: Option<Vec<u8>>, name: Option<String>) -> Input {
        let name_bytes = match (&name, &path) {
            (None, Some(path)) => pbnfmt::display::path_bytes(path),
            _ => None,
        };
        let name = name.unwrap_or_else(|| {
            path.as_deref()
                .map_or_else(|| "<bytes>".to_owned(), pbnfmt::display::path_text)
        });
        Input {
            path,
            data,
            name,
            name_bytes,
        }
    }

    /// The bytes: read from the path, or as given.
    fn bytes(self) -> Result<(Vec<u8>, String), Trouble> {
        match (self.data, &self.path) {
            (Some(data), _) => Ok((data, self.name)),
            (None, Some(path)) => match std::fs::read(path) {
                Ok(bytes) => Ok((bytes, self.name)),
                Err(error) => Err(Trouble::Io(error, path.clone())),
            },
            (None, None) => Ok((Vec::new(), self.name)),
        }
    }
}

/// How pbnfmt names the file at `path` in what it says (a name that is not UTF-8 escaped, as on
/// the command line).
#[pyfunction]
fn path_name(path: PathBuf) -> String {
    pbnfmt::display::path_text(&path)
}

/// One source as Python gives it: a path, or bytes, and the name `name=` gives it.
type Source = (Option<PathBuf>, Option<Vec<u8>>, Option<String>);

/// What went wrong, turned into a Python exception once the GIL is held again.
enum Trouble {
    /// An `OSError` (its subclass by errno: `FileNotFoundError`, `IsADirectoryError`…).
    Io(io::Error, PathBuf),
    /// A `ValueError`: an argument that names nothing (`select=["Z9"]`).
    Value(String),
    /// A `PbnfmtError`: the file was refused (what pbnfmt says, with the place).
    Refused(String),
}

impl From<Trouble> for PyErr {
    fn from(trouble: Trouble) -> PyErr {
        match trouble {
            Trouble::Io(error, path) => PyOSError::new_err((
                error.raw_os_error().unwrap_or(0),
                error.to_string(),
                path.display().to_string(),
            )),
            Trouble::Value(message) => PyValueError::new_err(message),
            Trouble::Refused(message) => PbnfmtError::new_err(message),
        }
    }
}

/// What a rewrite's problems say, as `file:line:column: error[CODE] message`, one line a
/// problem (at most ten, then how many more, counting those past the cap too).
fn said(name: &str, rewritten: &Rewritten) -> Vec<String> {
    if rewritten.problems.is_empty() {
        return Vec::new();
    }
    let text = &rewritten.decoded.text;
    let lines = source::LineIndex::new(text);
    let mut said: Vec<String> = rewritten
        .problems
        .iter()
        .take(10)
        .map(|d| worded(name, text, &lines, d))
        .collect();
    let more = rewritten.problems.len().saturating_sub(10)
        + rewritten.omitted.errors
        + rewritten.omitted.warnings;
    if more > 0 {
        said.push(format!("… and {more} more"));
    }
    said
}

/// One finding of `text` as `file:line:column: error[CODE] message`.
fn worded(
    name: &str,
    text: &str,
    lines: &source::LineIndex,
    d: &pbnfmt::rules::diagnostic::Diagnostic,
) -> String {
    let (line, column) = lines.line_col(text, d.span.start);
    format!(
        "{name}:{line}:{column}: {}[{}] {}",
        d.severity.as_str(),
        d.rule.code(),
        d.message
    )
}

/// Why a rewrite was refused ([`said`]).
fn refusal(name: &str, rewritten: &Rewritten) -> Trouble {
    let mut said = said(name, rewritten);
    if said.is_empty() {
        said.push(format!("{name}: pbnfmt refused the file"));
    }
    Trouble::Refused(said.join("\n"))
}

/// A file of which nothing was read, and errors say why: text that is not PBN (`hello`, a name
/// taken for the text), refused as `read` refuses it, where an empty answer would look like an
/// empty file. A file with no game and no error (empty, or comments only) is an empty answer.
fn unread(rewritten: &Rewritten) -> bool {
    rewritten.games == 0
        && rewritten
            .problems
            .iter()
            .any(|d| d.severity == pbnfmt::rules::diagnostic::Severity::Error)
}

/// What the caller is warned of in an answer: the games left out (W006) or read with a syntax
/// error (marked uncertain), and the errors found reading them.
fn warnings(name: &str, rewritten: &Rewritten) -> Vec<String> {
    let mut warned = said(name, rewritten);
    if rewritten.uncertain > 0 {
        warned.push(format!(
            "{name}: {} read with syntax errors (\"uncertain\": true)",
            plural(rewritten.uncertain, "game")
        ));
    }
    warned
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The text of a rewrite's output (written as UTF-8: the options ask for it).
fn output_text(name: &str, rewritten: Rewritten) -> Result<String, Trouble> {
    let Some(output) = rewritten.output.as_ref() else {
        return Err(refusal(name, &rewritten));
    };
    let bytes = output
        .to_vec()
        .map_err(|error| Trouble::Refused(format!("{name}: {error}")))?;
    String::from_utf8(bytes).map_err(|_| {
        Trouble::Refused(format!(
            "{name}: the output is not UTF-8 (a bug in pbnfmt: please report it)"
        ))
    })
}

fn selection(
    select: Option<Vec<String>>,
    ignore: Vec<String>,
    extend_select: Vec<String>,
) -> Result<Selection, Trouble> {
    let selection = Selection {
        select,
        ignore,
        extend_select,
        ..Selection::default()
    };
    let unknown = selection.unknown_selectors();
    if !unknown.is_empty() {
        return Err(Trouble::Value(format!(
            "no rule is named {} (`pbnfmt rule --all` lists them)",
            unknown.join(", ")
        )));
    }
    Ok(selection)
}

/// How long a waiting call sleeps between two looks at Python's signals.
const WAIT: Duration = Duration::from_millis(100);

/// The stack of a call's thread: that of a program's main thread.
const STACK: usize = 8 << 20;

/// Runs `work` on a thread of its own while this thread waits for it, the GIL let go, [`WAIT`]
/// at a time, looking at Python's signals between: Ctrl-C (`KeyboardInterrupt`) ends the call
/// within about a tenth of a second however large the file. The work writes nothing; it runs on
/// unseen to its end and its answer is dropped.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, Trouble> + Send + 'static,
) -> PyResult<T> {
    let (sender, answer) = sync_channel(1);
    std::thread::Builder::new()
        .name("pbnfmt-call".to_owned())
        .stack_size(STACK)
        .spawn(move || {
            let _ = sender.send(work());
        })
        .map_err(|error| PbnfmtError::new_err(format!("cannot start pbnfmt: {error}")))?;
    match wait(py, &Mutex::new(answer))? {
        Some(result) => Ok(result?),
        // The work ended without sending: it panicked, which no input may make it do.
        None => Err(PbnfmtError::new_err(
            "pbnfmt stopped without an answer (a bug in pbnfmt: please report it)",
        )),
    }
}

/// The next message of `receiver`, waited for with the GIL let go, [`WAIT`] at a time, looking
/// at Python's signals between (Ctrl-C raises `KeyboardInterrupt`); `None` once the sender is
/// gone. (A receiver is not shared between threads: the detached closure borrows it through a
/// lock.)
fn wait<T: Send>(py: Python<'_>, receiver: &Mutex<Receiver<T>>) -> PyResult<Option<T>> {
    loop {
        let next = py.detach(|| match receiver.lock() {
            Ok(receiver) => receiver.recv_timeout(WAIT),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        });
        match next {
            Ok(message) => return Ok(Some(message)),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
        }
    }
}

/// The findings of one file, each the JSON object `check --output-format json` writes for it,
/// and how many findings past `max_findings` were left out.
#[pyfunction]
#[pyo3(signature = (path, data, name, select, ignore, extend_select, max_findings))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: Option<String>,
    select: Option<Vec<String>>,
    ignore: Vec<String>,
    extend_select: Vec<String>,
    max_findings: Option<usize>,
) -> PyResult<(Vec<String>, usize)> {
    let input = Input::new(path, data, name);
    interruptible(py, move || {
        let selection = selection(select, ignore, extend_select)?;
        let name_bytes = input.name_bytes.clone();
        let (bytes, name) = input.bytes()?;
        let options = CheckOptions {
            selection,
            max_findings: Some(max_findings.unwrap_or(pbnfmt::rules::diagnostic::MAX_FINDINGS)),
            ..CheckOptions::default()
        };
        let report = check_owned(bytes, &options);
        let style = pbnfmt::rules::diagnostic::FullStyle {
            color: false,
            width: 80,
        };
        let json = report::file(
            Format::Json,
            FileName::new(&name, name_bytes.as_deref()),
            &report.decoded,
            &report.diagnostics,
            style,
        );
        let found = json
            .split(report::SEPARATOR)
            .filter(|object| !object.trim().is_empty())
            .map(|object| object.trim().to_owned())
            .collect();
        Ok((found, report.omitted.total()))
    })
}

/// Reads `input` and rewrites it with `rewrite` ([`interruptible`]): the output's text, or the
/// exception that says why there is none.
fn rewritten_text(
    py: Python<'_>,
    input: Input,
    rewrite: impl FnOnce(Vec<u8>, &str) -> Rewritten + Send + 'static,
) -> PyResult<String> {
    interruptible(py, move || {
        let (bytes, name) = input.bytes()?;
        output_text(&name, rewrite(bytes, &name))
    })
}

/// The PBN of a file as `export` writes it, in UTF-8.
#[pyfunction]
fn export(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: Option<String>,
) -> PyResult<String> {
    rewritten_text(py, Input::new(path, data, name), |bytes, _| {
        let options = ExportOptions {
            encoding: Some(Encoding::Utf8),
            ..ExportOptions::default()
        };
        pbnfmt::export::export_owned(bytes, &options)
    })
}

/// The file with its safe fixes (and its unsafe ones when asked) applied, as `fix` writes it.
#[pyfunction]
fn fix(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: Option<String>,
    unsafe_fixes: bool,
) -> PyResult<String> {
    rewritten_text(py, Input::new(path, data, name), move |bytes, _| {
        // A text in Python is Unicode: the fixed file is given back decoded.
        let decoded = source::decode_owned(bytes, None);
        let options = FixOptions {
            rewrite: RewriteOptions::default(),
            selection: Selection::default(),
            unsafe_fixes,
        };
        pbnfmt::rewrite::fix::fix_owned(decoded.text.into_bytes(), &options)
    })
}

/// `"a"`, `"b"`, `"c"` or `"d"`: the names a value may take, for a message.
fn either(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("{name:?}")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The file converted as `convert --to TO` writes it: `pbn` (PBN's export, or LIN read as PBN),
/// `lin`, `jsonl`, `csv`; a CSV's rows are `table`'s (`convert --table`: `games` by default,
/// `calls`, `cards`, `results`), its columns `columns` (`--columns`, games only), its values
/// `plain` ([`pbnfmt::csv::Csv::plain`]: for the Arrow table, which types them itself). With
/// the text, what the caller is warned of ([`warnings`]).
#[pyfunction]
#[pyo3(signature = (path, data, name, to, table=None, columns=None, plain=false))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: Option<String>,
    to: String,
    table: Option<String>,
    columns: Option<Vec<String>>,
    plain: bool,
) -> PyResult<(String, Vec<String>)> {
    let Some(target) = Target::from_name(&to) else {
        return Err(PyValueError::new_err(format!(
            "to={to:?}: pbnfmt converts to {}",
            either(&Target::NAMES)
        )));
    };
    let table = match table.as_deref() {
        None => pbnfmt::csv::Table::Games,
        Some(name) => pbnfmt::csv::Table::from_name(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "table={name:?}: a table is {}",
                either(&pbnfmt::csv::Table::NAMES)
            ))
        })?,
    };
    let csv = match pbnfmt::csv::Csv::new(columns, table) {
        Ok(csv) => pbnfmt::csv::Csv {
            raw: plain,
            plain,
            ..csv
        },
        Err(message) => return Err(PyValueError::new_err(message)),
    };
    let input = Input::new(path, data, name);
    interruptible(py, move || {
        let (bytes, name) = input.bytes()?;
        let options = ConvertOptions {
            encoding: Some(Encoding::Utf8),
            ..ConvertOptions::default()
        };
        let data = DataOptions {
            csv: (target == Target::Csv).then_some(csv),
            ..DataOptions::default()
        };
        let rewritten = pbnfmt::commands::convert::convert(bytes, target, &options, &data, &name);
        if unread(&rewritten) {
            return Err(refusal(&name, &rewritten));
        }
        let warned = warnings(&name, &rewritten);
        Ok((output_text(&name, rewritten)?, warned))
    })
}

/// What [`Games`] hands over: a game's JSON line, or a warning ([`warnings`]) once the games
/// are all read; or why the file is refused.
type Item = Result<(bool, String), String>;

/// The games of a file, one JSON object (a line of `convert --to jsonl`) at a time, then what
/// the caller is warned of.
///
/// A thread converts the file ([`read_into`]: a file on disk a window at a time, each line handed
/// on as soon as it is made; bytes, or a file the windows cannot serve, whole into a spooled
/// output) and hands the lines over one by one through a channel of [`QUEUE`] lines: memory
/// stays bounded whatever the size of the file, and Python holds one object at a time.
#[pyclass(module = "pbnfmt._native")]
struct Games {
    lines: Mutex<Receiver<Item>>,
}

/// Lines waiting between the converting thread and Python.
const QUEUE: usize = 256;

#[pymethods]
impl Games {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// `(True, line)` for a game, `(False, message)` for a warning; waits [`WAIT`] at a time,
    /// looking at Python's signals between.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<(bool, String)>> {
        match wait(py, &self.lines)? {
            Some(Ok(item)) => Ok(Some(item)),
            Some(Err(message)) => Err(PbnfmtError::new_err(message)),
            None => Ok(None),
        }
    }
}

/// Hands each whole line written to it to the channel, but the first `skip` lines: those the
/// windowed reading handed on already, which the whole reading must give again alike (their
/// hash is compared with `handed`'s).
struct Lines {
    sender: SyncSender<Item>,
    partial: Vec<u8>,
    /// The hash of the lines handed on, in order.
    sent: DefaultHasher,
    /// Lines still to compare rather than send, and the hash they must come to.
    skip: usize,
    handed: u64,
    skipped: DefaultHasher,
    /// Python let go of the iterator.
    closed: bool,
}

impl Lines {
    fn new(sender: SyncSender<Item>) -> Lines {
        Lines {
            sender,
            partial: Vec::new(),
            sent: DefaultHasher::new(),
            skip: 0,
            handed: 0,
            skipped: DefaultHasher::new(),
            closed: false,
        }
    }

    /// The same channel, for the whole reading after `self` handed on `skip` lines.
    fn after(self, skip: usize) -> Lines {
        Lines {
            skip,
            handed: self.sent.finish(),
            ..Lines::new(self.sender)
        }
    }

    fn line(&mut self, line: Vec<u8>) -> io::Result<()> {
        if self.skip > 0 {
            self.skipped.write(&line);
            self.skip -= 1;
            if self.skip == 0 && self.skipped.finish() != self.handed {
                return Err(io::Error::other(
                    "the file read whole gives other games than read a window at a time (a bug \
                     in pbnfmt: please report it)",
                ));
            }
            return Ok(());
        }
        self.sent.write(&line);
        // The lines are pbnfmt's JSON, UTF-8: taken as they are, not copied.
        let text = String::from_utf8(line)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
        if self.sender.send(Ok((true, text))).is_err() {
            // Python let go of the iterator: stop converting.
            self.closed = true;
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
        }
        Ok(())
    }
}

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
            self.partial.extend_from_slice(&rest[..end]);
            let line = std::mem::take(&mut self.partial);
            self.line(line)?;
            rest = &rest[end + 1..];
        }
        self.partial.extend_from_slice(rest);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The games of a file ([`Games`]). (The package opens a path before, so that a file that
/// cannot be read is an `OSError` at the call; a failure here comes with the first game.)
/// `spans`: each object says where its game's things are written (`convert --spans`).
#[pyfunction]
#[pyo3(signature = (path, data, name, spans = false))]
fn read(
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: Option<String>,
    spans: bool,
) -> PyResult<Games> {
    let (sender, lines) = sync_channel(QUEUE);
    let input = Input::new(path, data, name);
    std::thread::Builder::new()
        .name("pbnfmt-read".to_owned())
        .stack_size(STACK)
        .spawn(move || {
            let failed = sender.clone();
            if let Err(message) = read_into(input, spans, sender) {
                let _ = failed.send(Err(message));
            }
        })
        .map_err(|error| PbnfmtError::new_err(format!("cannot start reading: {error}")))?;
    Ok(Games {
        lines: Mutex::new(lines),
    })
}

/// Reads `input` into the channel: a file on disk a window at a time, each game's line handed
/// on as soon as it is made (the first game of a large file comes before the file is read); read
/// whole where the windows cannot serve (a LIN file, syntax errors, bytes), the lines already
/// handed on not handed again. Then the warnings ([`warnings`]).
fn read_into(input: Input, spans: bool, sender: SyncSender<Item>) -> Result<(), String> {
    let file = input.name.clone();
    let options = ConvertOptions::default();
    let data = DataOptions {
        spans,
        ..DataOptions::default()
    };
    let mut lines = Lines::new(sender.clone());
    let handed = match &input.path {
        Some(path) if input.data.is_none() => {
            let handed = pbnfmt::jsonl::convert_file_each(
                path,
                &options,
                &data,
                &input.name,
                false,
                &mut |bytes| lines.write_all(bytes),
            );
            match handed {
                // Python stopped iterating: nothing to say.
                _ if lines.closed => return Ok(()),
                Ok(handed) => handed,
                Err(error) => return Err(io_message(&error, path)),
            }
        }
        _ => Handed::Whole(0),
    };
    let skip = match handed {
        Handed::Done(games) if games > 0 => return Ok(()),
        // No game read: read whole, for the findings that say why (a file that is not PBN).
        Handed::Done(_) => 0,
        Handed::Whole(handed) => handed,
    };
    let (bytes, name) = input.bytes().map_err(|trouble| match trouble {
        Trouble::Io(error, path) => io_message(&error, &path),
        Trouble::Value(message) | Trouble::Refused(message) => message,
    })?;
    let mut rewritten = pbnfmt::jsonl::convert(bytes, &options, &data, &name);
    let refused = |rewritten: &Rewritten| match refusal(&name, rewritten) {
        Trouble::Refused(message) | Trouble::Value(message) => message,
        Trouble::Io(error, path) => io_message(&error, &path),
    };
    if unread(&rewritten) {
        return Err(refused(&rewritten));
    }
    let warned = warnings(&name, &rewritten);
    let Some(mut out) = rewritten.output.take() else {
        return Err(refused(&rewritten));
    };
    let mut lines = lines.after(skip);
    match out.copy_to(&mut lines) {
        Ok(()) if lines.skip > 0 => Err(format!(
            "{file}: the file read whole gives fewer games than read a window at a time (a bug \
             in pbnfmt: please report it)"
        )),
        Ok(()) => {
            for warning in warned {
                if sender.send(Ok((false, warning))).is_err() {
                    break;
                }
            }
            Ok(())
        }
        Err(_) if lines.closed => Ok(()),
        Err(error) => Err(format!("{file}: {error}")),
    }
}

fn io_message(error: &io::Error, path: &Path) -> String {
    format!("{}: {error}", path.display())
}

/// The fingerprint of the boards of `sources` (paths or bytes), as `pbnfmt fingerprint` prints
/// it: the hash, how many distinct boards, and how many games were left out (without four
/// complete hands). A source that is not PBN is refused with its F finding, as the command
/// refuses it ([`pbnfmt::read::not_pbn`]); so is a set with no complete deal.
#[pyfunction]
fn fingerprint(py: Python<'_>, sources: Vec<Source>) -> PyResult<(String, usize, usize)> {
    interruptible(py, move || {
        let mut boards = Vec::new();
        let mut left_out = 0;
        for (path, data, name) in sources {
            let (bytes, name) = Input::new(path, data, name).bytes()?;
            let decoded = source::decode_owned(bytes, None);
            if let Some(finding) = pbnfmt::read::not_pbn(&decoded) {
                let lines = source::LineIndex::new(&decoded.text);
                return Err(Trouble::Refused(worded(
                    &name,
                    &decoded.text,
                    &lines,
                    &finding,
                )));
            }
            let (found, skipped) = pbnfmt::fingerprint::boards(&decoded.text);
            boards.extend(found);
            left_out += skipped;
        }
        if boards.is_empty() {
            return Err(Trouble::Refused(
                "no game has a complete deal: nothing to fingerprint".to_owned(),
            ));
        }
        let canonical = pbnfmt::fingerprint::canonical(&mut boards);
        Ok((
            pbnfmt::fingerprint::fingerprint(&canonical),
            boards.len(),
            left_out,
        ))
    })
}

/// The files below `paths` that the command reads there (`pbnfmt check DIR`: `*.pbn` and
/// `*.lin`, hidden files and what `.gitignore` excludes left out, links not followed; a file
/// named is taken whatever its name), each once, in the walk's order. No configuration is read.
#[pyfunction]
fn files(py: Python<'_>, paths: Vec<PathBuf>) -> PyResult<Vec<PathBuf>> {
    interruptible(py, move || {
        let mut filter = pbnfmt::walk::Filter {
            resolver: pbnfmt::config::Resolver::new(pbnfmt::config::Source::None),
            exclude: pbnfmt::config::Globs::new(&[]).map_err(Trouble::Value)?,
            cwd: std::env::current_dir().unwrap_or_default(),
            force_exclude: false,
            stdin_filename: None,
            follow: false,
            ignore_files: true,
            hidden: false,
            lin: true,
        };
        let discovery = pbnfmt::walk::discover(&paths, &mut filter)
            .map_err(|error| Trouble::Refused(error.0))?;
        if let Some(error) = discovery.errors.first() {
            return Err(Trouble::Refused(format!(
                "{}: {}",
                error.path.display(),
                error.message
            )));
        }
        Ok(discovery
            .inputs
            .into_iter()
            .filter_map(|found| match found.input {
                pbnfmt::walk::Input::File(path) => Some(path),
                _ => None,
            })
            .collect())
    })
}

/// The options of a rewrite of text Python gives (UTF-8).
fn utf8_rewrite() -> RewriteOptions {
    RewriteOptions {
        input_encoding: Some(Encoding::Utf8),
        ..RewriteOptions::default()
    }
}

/// The text of each game of a file, in the order and numbering of `read`'s games (the JSON's
/// `game`), for the typed games (`pbnfmt.games`) to be changed and written back: a LIN file as
/// PBN, `#` and `##` written out (PBN 4.8, as `resolve` writes them) so that each game stands
/// alone, and each game's text from its first token to the next game's, so that a comment
/// between two games stays with the game before it.
#[pyfunction]
fn game_texts(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: Option<String>,
) -> PyResult<Vec<String>> {
    let input = Input::new(path, data, name);
    interruptible(py, move || {
        let (bytes, name) = input.bytes()?;
        let mut decoded = pbnfmt::convert::as_pbn(
            source::decode_owned(bytes, None),
            &ConvertOptions::default(),
        )
        .map_err(|refused| refusal(&name, &refused))?
        .into_pbn();
        let resolved = pbnfmt::rewrite::resolve::resolve_owned(
            decoded.text.as_bytes().to_vec(),
            utf8_rewrite(),
            false,
        );
        if let Some(bytes) = resolved.output_bytes() {
            decoded = source::decode_owned(bytes, Some(Encoding::Utf8));
        }
        let mut starts = Vec::new();
        pbnfmt::read::Reader::new(&decoded).games(
            |_| {},
            |parse, game, _| {
                starts.push(parse.span(game.first, game.last).start);
                true
            },
        );
        let text = &decoded.text;
        Ok(starts
            .iter()
            .enumerate()
            .map(|(i, &start)| {
                let end = starts.get(i + 1).copied().unwrap_or(text.len());
                text[start..end].to_owned()
            })
            .collect())
    })
}

/// One game's text with its tags set (a value) or removed (`None`), as `set-tag` writes them
/// (proven by reading back; a value the tag cannot hold refused).
#[pyfunction]
fn set_tags(py: Python<'_>, text: String, tags: Vec<(String, Option<String>)>) -> PyResult<String> {
    interruptible(py, move || {
        // A value `check` would call an error in the line alone, refused as `set-tag` refuses it.
        for (name, value) in &tags {
            let Some(value) = value else { continue };
            if let Some(d) = pbnfmt::rewrite::set_tag::value_errors(name, value).first() {
                return Err(Trouble::Value(format!(
                    "{name}={value:?}: {}[{}] {}",
                    d.severity.as_str(),
                    d.rule.code(),
                    d.message
                )));
            }
        }
        let changes: Vec<pbnfmt::rewrite::set_tag::TagChange> = tags
            .into_iter()
            .map(|(name, value)| pbnfmt::rewrite::set_tag::TagChange { name, value })
            .collect();
        let rewritten = pbnfmt::rewrite::set_tag::set_tags_owned(
            text.into_bytes(),
            &changes,
            &pbnfmt::rewrite::select::Choice::default(),
            utf8_rewrite(),
        );
        output_text("<game>", rewritten)
    })
}

/// One game's text turned `by` quarter turns clockwise, as `rotate --by` turns it: every seat
/// of the deal, the auction, the play, the tags and the tables (proven by reading back).
#[pyfunction]
fn rotate(py: Python<'_>, text: String, by: u8) -> PyResult<String> {
    interruptible(py, move || {
        let options = pbnfmt::rewrite::rotate::RotateOptions {
            by,
            ..Default::default()
        };
        let rewritten =
            pbnfmt::rewrite::rotate::rotate_owned(text.into_bytes(), options, utf8_rewrite());
        output_text("<game>", rewritten)
    })
}

/// Games' texts written as one file in PBN's export format, as `export` writes it (proven by
/// reading it back; a file export refuses is refused, with why).
#[pyfunction]
fn dumps(py: Python<'_>, texts: Vec<String>) -> PyResult<String> {
    interruptible(py, move || {
        let mut joined = String::new();
        for text in texts {
            joined.push_str(&text);
            // Games stand apart: a line end, then an empty line (PBN 3.1).
            if !joined.ends_with('\n') {
                joined.push('\n');
            }
            if !joined.ends_with("\n\n") && !joined.ends_with("\n\r\n") {
                joined.push('\n');
            }
        }
        let options = ExportOptions {
            input_encoding: Some(Encoding::Utf8),
            encoding: Some(Encoding::Utf8),
            ..ExportOptions::default()
        };
        output_text(
            "<games>",
            pbnfmt::export::export_owned(joined.into_bytes(), &options),
        )
    })
}

/// The deal hash of a Deal value (`N:AKQ… …`): the `deal_hash` of `convert --to jsonl`.
#[pyfunction]
fn deal_hash(deal: &str) -> PyResult<String> {
    let (parsed, problems) = pbnfmt::model::deal::parse(deal);
    match parsed {
        Some(parsed) if problems.is_empty() => {
            Ok(pbnfmt::jsonl::deal_hash(&pbnfmt::jsonl::layout(&parsed)))
        }
        _ => Err(PyValueError::new_err(format!(
            "{deal:?} is not a Deal value pbnfmt reads (PBN 3.4.11: `N:AKQ.… …`, four hands)"
        ))),
    }
}

/// The command line, run in this process (`python -m pbnfmt`, and the `pbnfmt` the wheel puts on
/// PATH): the exit status.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> i32 {
    py.detach(move || {
        let status = match <pbnfmt::cli::Cli as clap::Parser>::try_parse_from(&argv) {
            Ok(cli) => {
                #[cfg(unix)]
                pbnfmt::cli::on_signals();
                i32::from(pbnfmt::cli::run(cli))
            }
            Err(error) => {
                let _ = error.print();
                error.exit_code()
            }
        };
        // Not a Rust program's main: what is buffered is written before Python goes on.
        let _ = io::stdout().flush();
        let _ = io::stderr().flush();
        status
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PbnfmtError", m.py().get_type::<PbnfmtError>())?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Games>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(export, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(fingerprint, m)?)?;
    m.add_function(wrap_pyfunction!(files, m)?)?;
    m.add_function(wrap_pyfunction!(path_name, m)?)?;
    m.add_function(wrap_pyfunction!(game_texts, m)?)?;
    m.add_function(wrap_pyfunction!(set_tags, m)?)?;
    m.add_function(wrap_pyfunction!(rotate, m)?)?;
    m.add_function(wrap_pyfunction!(dumps, m)?)?;
    m.add_function(wrap_pyfunction!(deal_hash, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    Ok(())
}
