//! Helpers shared by the integration tests: where the fixtures are, and the real-world corpus that
//! lives beside the checkout (and may be absent).

#![allow(dead_code)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, SystemTime};

/// A part of a test that this machine cannot run (a tool or a Python package missing, a file
/// system that refuses a name): a note where a developer runs the tests, a failure in CI
/// (`CI=true`), whose `.ci/run` installs everything the tests need, so that a skip cannot pass
/// unnoticed there.
pub fn cannot_run(what: &str) {
    assert!(
        std::env::var_os("CI").is_none_or(|ci| ci != "true"),
        "{what}: CI must run this test (.ci/run installs what it needs)"
    );
    eprintln!("note: {what}; skipped");
    skipped(what);
}

/// What the run skipped, each with the test that skipped it: said in one line when the test
/// binary ends (issue 65, item 12), after the harness's `test result:` line, since the harness
/// counts a test that skipped a part as passed and hides what it printed.
static SKIPPED: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());

/// Records that the current test skipped a part, and why (`what`).
pub fn skipped(what: &str) {
    static AT_EXIT: std::sync::Once = std::sync::Once::new();
    AT_EXIT.call_once(|| {
        unsafe extern "C" {
            fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
        }
        // SAFETY: `atexit` is the C library's, declared as C declares it; the callback takes
        // nothing and neither unwinds nor panics.
        unsafe {
            atexit(say_skipped);
        }
    });
    // The harness names each test's thread after the test.
    let test = std::thread::current()
        .name()
        .filter(|name| *name != "main")
        .unwrap_or("a test")
        .to_owned();
    if let Ok(mut skipped) = SKIPPED.lock() {
        skipped.push((what.to_owned(), test));
    }
}

extern "C" fn say_skipped() {
    let Ok(mut skipped) = SKIPPED.lock() else {
        return;
    };
    if skipped.is_empty() {
        return;
    }
    skipped.sort();
    skipped.dedup();
    let mut reasons: Vec<(String, Vec<String>)> = Vec::new();
    for (what, test) in skipped.drain(..) {
        match reasons.last_mut() {
            Some((last, tests)) if *last == what => tests.push(test),
            _ => reasons.push((what, vec![test])),
        }
    }
    let tests: usize = reasons.iter().map(|(_, tests)| tests.len()).sum();
    let said: Vec<String> = reasons
        .iter()
        .map(|(what, tests)| match tests.len() {
            0..=3 => format!("{what} ({})", tests.join(", ")),
            n => format!("{what} ({} and {} more)", tests[..2].join(", "), n - 2),
        })
        .collect();
    let _ = writeln!(
        std::io::stderr(),
        "note: {tests} of the tests above passed without a part this machine cannot run \
         (CI=true fails them): {}",
        said.join("; ")
    );
}

/// The Python the tests run (`PBNFMT_PYTHON`, which `.ci/run` points at its venv with the
/// packages of `.ci/requirements.txt`), else `python3`.
pub fn python() -> std::ffi::OsString {
    std::env::var_os("PBNFMT_PYTHON").unwrap_or_else(|| "python3".into())
}

/// Whether the tests' Python imports `module`; when it does not, [`cannot_run`] says so (a
/// failure under CI, whose `.ci/run` installs it).
pub fn python_has(module: &str) -> bool {
    let has = Command::new(python())
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        cannot_run(&format!(
            "Python with {module} is not installed (PBNFMT_PYTHON, python3)"
        ));
    }
    has
}

/// A clean game in import format (LF line ends, no `% EXPORT`), for the command-line tests.
pub const GAME: &str = "[Event \"Club Pairs\"]\n[Site \"Delft NLD\"]\n[Date \"2026.11.22\"]\n\
[Board \"1\"]\n[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"N\"]\n\
[Vulnerable \"None\"]\n\
[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
[Scoring \"MP\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Auction \"N\"]\n\
1D Pass 1H Pass\n3NT AP\n";

/// [`GAME`] with the club ace twice: a hand-record misprint (D003, an error).
pub fn misprint() -> String {
    GAME.replace("J6542.85", "J6542.8A")
}

/// The project's own fixtures.
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// `../shared` beside the checkout, or `$PBNFMT_SHARED`.
fn shared() -> PathBuf {
    std::env::var_os("PBNFMT_SHARED").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        PathBuf::from,
    )
}

/// `../shared/corpus/real` (or `$PBNFMT_SHARED/corpus/real`), when it exists. When it does not,
/// the run says so once on standard error, written past the test harness's capture so that a
/// plain `cargo test` shows it (issue 24, item 16), and each test that uses it says so in its own
/// output.
pub fn real_corpus() -> Option<PathBuf> {
    let shared = shared();
    let path = shared.join("corpus/real");
    if path.is_dir() {
        return Some(path);
    }
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        // `eprintln!` is captured per test; the stream itself is not.
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!(
                "note: {} is absent: the real-world tests were skipped (only the project's own \
                 fixtures were read)\n",
                path.display()
            )
            .as_bytes(),
        );
    });
    eprintln!(
        "note: {} is absent; the real-world part of this test is skipped",
        path.display()
    );
    skipped(&format!("{} is absent", path.display()));
    None
}

/// `../shared/corpus/lin` (or `$PBNFMT_SHARED/corpus/lin`), when it exists; each test that uses
/// it says so in its own output when it does not.
pub fn lin_corpus() -> Option<PathBuf> {
    let shared = shared();
    let path = shared.join("corpus/lin");
    if path.is_dir() {
        return Some(path);
    }
    eprintln!(
        "note: {} is absent; the LIN corpus part of this test is skipped",
        path.display()
    );
    skipped(&format!("{} is absent", path.display()));
    None
}

/// Every `*.pbn` file below `root` (any case), sorted.
pub fn pbn_files(root: &Path) -> Vec<PathBuf> {
    files_named(root, pbnfmt::walk::is_pbn_file_name)
}

/// The files below `root` whose names `wanted` takes, sorted.
fn files_named(root: &Path, wanted: fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file() && wanted(entry.path()))
        .map(|entry| entry.into_path())
        .collect();
    files.sort();
    files
}

/// The files below `root` that `check` takes from a directory walk, `*.pbn` and `*.lin` (any
/// case), sorted.
pub fn game_files(root: &Path) -> Vec<PathBuf> {
    files_named(root, |path| {
        pbnfmt::walk::is_pbn_file_name(path) || pbnfmt::walk::is_lin_file_name(path)
    })
}

/// The `*.lin` files below `root` (any case), sorted.
pub fn lin_files(root: &Path) -> Vec<PathBuf> {
    files_named(root, pbnfmt::walk::is_lin_file_name)
}

/// Own fixtures and, when present, the real-world corpus.
pub fn all_pbn_files() -> Vec<PathBuf> {
    let mut files = pbn_files(&corpus());
    if let Some(real) = real_corpus() {
        files.extend(pbn_files(&real));
    }
    files
}

/// A path relative to the crate root, with `/` separators, for stable snapshot names.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Runs the pbnfmt binary in `dir`.
pub fn pbnfmt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

/// Runs the pbnfmt binary in `dir` with `input` on standard input.
pub fn pbnfmt_with_stdin(args: &[&str], dir: &Path, input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that leaves standard input unread (an excluded `-`) may exit before the write.
    if let Err(error) = child.stdin.take().unwrap().write_all(input) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
    }
    child.wait_with_output().unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn an_hour_ago() -> SystemTime {
    SystemTime::now() - Duration::from_secs(3600)
}

/// Sets the modification time of `path` an hour back, so that a rewrite would show.
pub fn set_old(path: &Path) {
    fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(an_hour_ago())
        .unwrap();
}

pub fn modified(path: &Path) -> SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

/// Every PBN file below `root` with its bytes.
pub fn snapshot(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    pbn_files(root)
        .into_iter()
        .map(|path| {
            let bytes = fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

/// The insta settings of the fixture snapshots: stored in `snapshots/`, named after the glob
/// pattern's file, without the expression.
pub fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// A fixture's findings as its snapshot shows them: one line each, then as code frames, without
/// colour at a fixed width of 80.
pub fn rendered(name: &str, text: &str, diagnostics: &[pbnfmt::diagnostic::Diagnostic]) -> String {
    use pbnfmt::diagnostic::{FullStyle, render_concise, render_full};
    let style = FullStyle {
        color: false,
        width: 80,
    };
    let index = pbnfmt::source::LineIndex::new(text);
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&render_concise(name, text, &index, diagnostic));
        out.push('\n');
    }
    for diagnostic in diagnostics {
        out.push('\n');
        out.push_str(&render_full(name, text, &index, diagnostic, style));
    }
    out
}

/// The high-card points of a hand as a Deal writes it (`AK.QJ2.-…`), counted here without
/// pbnfmt: A 4, K 3, Q 2, J 1.
pub fn hcp(hand: &str) -> u32 {
    hand.chars()
        .map(|c| match c {
            'A' => 4,
            'K' => 3,
            'Q' => 2,
            'J' => 1,
            _ => 0,
        })
        .sum()
}

/// North's hand in a Deal value (the hands go clockwise from the seat before the colon), or
/// `None` for a value that does not read or a hand not given (`-`).
pub fn north_hand(deal: &str) -> Option<&str> {
    let (first, hands) = deal.split_once(':')?;
    let first = "NESW".find(first.trim())?;
    let north = hands.split_whitespace().nth((4 - first) % 4)?;
    (north != "-").then_some(north)
}

/// A fenced block of a Markdown page: its info string (`sh`, `python`, empty) and its lines.
pub struct Fenced<'t> {
    pub info: &'t str,
    pub lines: Vec<&'t str>,
}

/// The fenced blocks of the Markdown `text`, in order: what the README and docs tests run.
pub fn fenced_blocks(text: &str) -> Vec<Fenced<'_>> {
    let mut blocks = Vec::new();
    let mut inside: Option<Fenced<'_>> = None;
    for line in text.lines() {
        if let Some(info) = line.strip_prefix("```") {
            match inside.take() {
                Some(block) => blocks.push(block),
                None => {
                    inside = Some(Fenced {
                        info: info.trim(),
                        lines: Vec::new(),
                    });
                }
            }
            continue;
        }
        if let Some(block) = inside.as_mut() {
            block.lines.push(line);
        }
    }
    blocks
}

/// The status a documented shell line says it exits with (`pbnfmt check x.pbn  # exits 1`); 0
/// when it says none.
pub fn exits(line: &str) -> i32 {
    line.split_once("# exits ").map_or(0, |(_, rest)| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().expect("a status after `# exits`")
    })
}

/// A `sh -c line` run in `dir`, the pbnfmt under test first on `PATH` and colour off: a
/// documented command run as a reader would type it.
pub fn shell(line: &str, dir: &Path) -> Command {
    let binary = Path::new(env!("CARGO_BIN_EXE_pbnfmt"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("sh");
    command
        .args(["-c", line])
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1");
    command
}

/// The files the README's and docs' examples name, written in `root`: `hands.pbn` (a clean
/// game), `archive/clean.pbn` and `archive/1998/misprint.PBN` (a game with a finding).
pub fn examples_sandbox(root: &Path) {
    std::fs::write(root.join("hands.pbn"), GAME).unwrap();
    std::fs::create_dir_all(root.join("archive/1998")).unwrap();
    std::fs::write(root.join("archive/clean.pbn"), GAME).unwrap();
    std::fs::write(root.join("archive/1998/misprint.PBN"), misprint()).unwrap();
}

/// The whitespace-separated elements of a table line (PBN 5.2), a quoted string kept whole with
/// its quotes (a `\"` inside it does not end it): the tests' own reading, not pbnfmt's.
pub fn table_elements(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            let mut element = String::from(chars.next().unwrap());
            while let Some(c) = chars.next() {
                element.push(c);
                match c {
                    '\\' => element.extend(chars.next()),
                    '"' => break,
                    _ => {}
                }
            }
            out.push(element);
        } else {
            let mut element = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                element.push(c);
                chars.next();
            }
            out.push(element);
        }
    }
    out
}
