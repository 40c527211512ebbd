//! `pbnfmt._native`: the Rust side of the Python module (issue 48). Each function takes its input
//! as a path (read here, so that a large file is read a window at a time where the command does
//! so) or as bytes, and gives back what the command line would write: the findings as `check
//! --output-format json` writes them, the games as `convert --to jsonl` writes them, the text of
//! `export`, `fix` and `convert`. The package `pbnfmt` (python/pbnfmt) makes Python objects of
//! them. Every function lets go of the GIL while it works, so other Python threads run.
//!
//! A file pbnfmt cannot read (missing, a directory, refused as not PBN) is an exception; a file
//! with findings is not: its findings are the answer.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyValueError};
use pyo3::prelude::*;

use pbnfmt::check::{CheckOptions, check_owned};
use pbnfmt::convert::lin::{ConvertOptions, pbn_to_lin};
use pbnfmt::export::ExportOptions;
use pbnfmt::io::spool::Output;
use pbnfmt::jsonl::DataOptions;
use pbnfmt::proof::Rewritten;
use pbnfmt::report::{self, FileName, Format};
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::fix::FixOptions;
use pbnfmt::rules::select::Selection;
use pbnfmt::source::{self, Encoding};

create_exception!(
    _native,
    PbnfmtError,
    PyException,
    "A file pbnfmt could not read or write as asked: the message names the file and the place."
);

/// The input of a call: a file to read, or its bytes, and the name the findings give it.
struct Input {
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: String,
}

impl Input {
    fn new(path: Option<PathBuf>, data: Option<Vec<u8>>, name: String) -> Input {
        Input { path, data, name }
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

/// Why a rewrite was refused, as `file:line:column: error[CODE] message`, one line a problem
/// (at most ten, then how many more).
fn refusal(name: &str, rewritten: &Rewritten) -> Trouble {
    let text = &rewritten.decoded.text;
    let lines = source::LineIndex::new(text);
    let mut said: Vec<String> = rewritten
        .problems
        .iter()
        .take(10)
        .map(|d| {
            let (line, column) = lines.line_col(text, d.span.start);
            format!(
                "{name}:{line}:{column}: {}[{}] {}",
                d.severity.as_str(),
                d.rule.code(),
                d.message
            )
        })
        .collect();
    if rewritten.problems.len() > 10 {
        said.push(format!("… and {} more", rewritten.problems.len() - 10));
    }
    if said.is_empty() {
        said.push(format!("{name}: pbnfmt refused the file"));
    }
    Trouble::Refused(said.join("\n"))
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

/// The findings of one file, each the JSON object `check --output-format json` writes for it.
#[pyfunction]
#[pyo3(signature = (path, data, name, select, ignore, extend_select, max_findings))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: String,
    select: Option<Vec<String>>,
    ignore: Vec<String>,
    extend_select: Vec<String>,
    max_findings: Option<usize>,
) -> PyResult<Vec<String>> {
    let input = Input::new(path, data, name);
    let found = py.detach(move || -> Result<Vec<String>, Trouble> {
        let selection = selection(select, ignore, extend_select)?;
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
            FileName::new(&name, None),
            &report.decoded,
            &report.diagnostics,
            style,
        );
        Ok(json
            .split(report::SEPARATOR)
            .filter(|object| !object.trim().is_empty())
            .map(|object| object.trim().to_owned())
            .collect())
    })?;
    Ok(found)
}

/// Reads `input` and rewrites it with `rewrite`, the GIL let go: the output's text, or the
/// exception that says why there is none.
fn rewritten_text(
    py: Python<'_>,
    input: Input,
    rewrite: impl FnOnce(Vec<u8>, &str) -> Rewritten + Send,
) -> PyResult<String> {
    Ok(py.detach(move || {
        let (bytes, name) = input.bytes()?;
        output_text(&name, rewrite(bytes, &name))
    })?)
}

/// The PBN of a file as `export` writes it, in UTF-8.
#[pyfunction]
fn export(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: String,
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
    name: String,
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

/// The file converted as `convert --to TO` writes it: `pbn` (PBN's export, or LIN read as PBN),
/// `lin`, `jsonl`, `csv`; a CSV's rows are `table`'s (`convert --table`: `games` by default,
/// `calls`, `cards`, `results`).
#[pyfunction]
#[pyo3(signature = (path, data, name, to, table=None))]
fn convert(
    py: Python<'_>,
    path: Option<PathBuf>,
    data: Option<Vec<u8>>,
    name: String,
    to: String,
    table: Option<String>,
) -> PyResult<String> {
    if !matches!(to.as_str(), "pbn" | "lin" | "jsonl" | "csv") {
        return Err(PyValueError::new_err(format!(
            "to={to:?}: pbnfmt converts to \"pbn\", \"lin\", \"jsonl\" or \"csv\""
        )));
    }
    let table = match table.as_deref() {
        None | Some("games") => pbnfmt::csv::Table::Games,
        Some("calls") => pbnfmt::csv::Table::Calls,
        Some("cards") => pbnfmt::csv::Table::Cards,
        Some("results") => pbnfmt::csv::Table::Results,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "table={other:?}: a table is \"games\", \"calls\", \"cards\" or \"results\""
            )));
        }
    };
    rewritten_text(py, Input::new(path, data, name), move |bytes, name| {
        let options = ConvertOptions {
            encoding: Some(Encoding::Utf8),
            ..ConvertOptions::default()
        };
        match to.as_str() {
            "pbn" => {
                let export = ExportOptions {
                    encoding: Some(Encoding::Utf8),
                    ..ExportOptions::default()
                };
                pbnfmt::convert::to_pbn(source::decode_owned(bytes, None), &options, &export)
            }
            "lin" => pbn_to_lin(bytes, &options),
            _ => {
                let data = DataOptions {
                    findings: false,
                    // The default columns of the games table always make a CSV writer
                    // (`Csv::new` refuses only columns that name nothing).
                    csv: (to == "csv")
                        .then(|| pbnfmt::csv::Csv::new(None, table).expect("the default columns")),
                };
                pbnfmt::jsonl::convert(bytes, &options, &data, name)
            }
        }
    })
}

/// The games of a file, one JSON object (a line of `convert --to jsonl`) at a time.
///
/// A thread converts the file into a spooled output (kept in memory while small, in a temporary
/// file past a few megabytes; a file on disk is read a window at a time), then hands the lines
/// over one by one through a channel of [`QUEUE`] lines: memory stays bounded whatever the size
/// of the file, and Python holds one object at a time.
#[pyclass(module = "pbnfmt._native")]
struct Games {
    lines: Mutex<Receiver<Result<String, String>>>,
}

/// Lines waiting between the converting thread and Python.
const QUEUE: usize = 256;

#[pymethods]
impl Games {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let lines = &self.lines;
        let next = py.detach(|| match lines.lock() {
            Ok(lines) => lines.recv().ok(),
            Err(_) => None,
        });
        match next {
            Some(Ok(line)) => Ok(Some(line)),
            Some(Err(message)) => Err(PbnfmtError::new_err(message)),
            None => Ok(None),
        }
    }
}

/// Hands each whole line written to it to the channel.
struct Lines {
    sender: SyncSender<Result<String, String>>,
    partial: Vec<u8>,
}

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &byte in bytes {
            if byte == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                if self.sender.send(Ok(line)).is_err() {
                    // Python let go of the iterator: stop converting.
                    return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
                }
            } else {
                self.partial.push(byte);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[pyfunction]
fn read(path: Option<PathBuf>, data: Option<Vec<u8>>, name: String) -> PyResult<Games> {
    let (sender, lines) = sync_channel(QUEUE);
    let input = Input::new(path, data, name);
    std::thread::Builder::new()
        .name("pbnfmt-read".to_owned())
        .spawn(move || {
            let failed = sender.clone();
            if let Err(message) = read_into(input, sender) {
                let _ = failed.send(Err(message));
            }
        })
        .map_err(|error| PbnfmtError::new_err(format!("cannot start reading: {error}")))?;
    Ok(Games {
        lines: Mutex::new(lines),
    })
}

fn read_into(input: Input, sender: SyncSender<Result<String, String>>) -> Result<(), String> {
    let file = input.name.clone();
    let options = ConvertOptions::default();
    let data = DataOptions::default();
    let mut out = Output::new();
    let streamed = match &input.path {
        Some(path) if input.data.is_none() => {
            pbnfmt::jsonl::convert_file(path, &options, &data, &input.name, &mut out, false)
                .map_err(|error| io_message(&error, path))?
        }
        _ => None,
    };
    // No game read: read whole, for the findings that say why (a file that is not PBN).
    if streamed.is_none() || streamed == Some(0) {
        let (bytes, name) = input.bytes().map_err(|trouble| match trouble {
            Trouble::Io(error, path) => io_message(&error, &path),
            Trouble::Value(message) | Trouble::Refused(message) => message,
        })?;
        let rewritten = pbnfmt::jsonl::convert(bytes, &options, &data, &name);
        // No game, and errors: text that is not PBN (`hello`, a PGN file) is refused, as a
        // file that cannot be read; a file with no game and no error (empty, or comments only)
        // gives no game.
        let unread = rewritten.games == 0
            && rewritten
                .problems
                .iter()
                .any(|d| d.severity == pbnfmt::rules::diagnostic::Severity::Error);
        match rewritten.output {
            Some(output) if !unread => out = output,
            _ => {
                return Err(match refusal(&name, &rewritten) {
                    Trouble::Refused(message) | Trouble::Value(message) => message,
                    Trouble::Io(error, path) => io_message(&error, &path),
                });
            }
        }
    }
    let mut lines = Lines {
        sender,
        partial: Vec::new(),
    };
    match out.copy_to(&mut lines) {
        Ok(()) => Ok(()),
        // Python stopped iterating: nothing to say.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(format!("{file}: {error}")),
    }
}

fn io_message(error: &io::Error, path: &Path) -> String {
    format!("{}: {error}", path.display())
}

/// The fingerprint of the boards of `sources` (paths or bytes), as `pbnfmt fingerprint` prints
/// it: the hash, and how many distinct boards.
#[pyfunction]
fn fingerprint(
    py: Python<'_>,
    sources: Vec<(Option<PathBuf>, Option<Vec<u8>>, String)>,
) -> PyResult<(String, usize)> {
    Ok(py.detach(move || -> Result<(String, usize), Trouble> {
        let mut boards = Vec::new();
        for (path, data, name) in sources {
            let (bytes, _) = Input::new(path, data, name).bytes()?;
            let decoded = source::decode_owned(bytes, None);
            boards.extend(pbnfmt::fingerprint::boards(&decoded.text).0);
        }
        let canonical = pbnfmt::fingerprint::canonical(&mut boards);
        Ok((pbnfmt::fingerprint::fingerprint(&canonical), boards.len()))
    })?)
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
    m.add_function(wrap_pyfunction!(deal_hash, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    Ok(())
}
