//! pbnfmt on a terminal, through a pseudo-terminal (`script -qc`, util-linux): the progress line
//! and colours. Skipped, saying so, where `script` is missing.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `command` (a shell command line) on a pseudo-terminal in `dir`: what the terminal
/// showed, standard output and standard error together, escapes and all.
pub fn on_terminal(command: &str, dir: &Path) -> Option<String> {
    let script = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .current_dir(dir)
        .env("TERM", "xterm")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output();
    match script {
        Ok(output) => Some(common::text(&output.stdout)),
        Err(error) => {
            common::cannot_run(&format!("`script` cannot run ({error}): the terminal test"));
            None
        }
    }
}

/// The binary, quoted for the shell.
pub fn binary() -> String {
    format!("'{}'", env!("CARGO_BIN_EXE_pbnfmt").replace('\'', r"'\''"))
}

/// Writes `text` into the named pipe `path` at `at`, then closes it. The pipe is opened now, for
/// reading and writing (Linux opens a FIFO so without waiting), so that pbnfmt finds a writer
/// there and waits for the text rather than reading an empty pipe.
#[cfg(unix)]
fn feed_pipe_at(path: &Path, at: Instant, text: &'static str) -> std::thread::JoinHandle<()> {
    let mut pipe = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .unwrap();
    std::thread::spawn(move || {
        std::thread::sleep(at.saturating_duration_since(Instant::now()));
        std::io::Write::write_all(&mut pipe, text.as_bytes()).unwrap();
    })
}

/// Issue 24, item 1: at the default thread count, the progress line moves on as each file is
/// done, not when the files before it in name order are. The first-named file arrives last, at
/// 2.5 s; the third at 1.5 s, past the one second a run goes before the line appears. Counting in
/// name order, nothing would be done until 2.5 s and "2/3" would never be drawn.
#[cfg(unix)]
#[test]
fn the_progress_line_counts_files_as_they_are_done() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("b.pbn"), common::GAME).unwrap();
    for fifo in ["a.pbn", "c.pbn"] {
        let made = Command::new("mkfifo")
            .arg(fifo)
            .current_dir(dir.path())
            .status();
        if !made.is_ok_and(|status| status.success()) {
            common::cannot_run("mkfifo is missing: the progress test");
            return;
        }
    }
    // One file a thread, as on the two cores CI has; a one-core machine is given two.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let j = if threads < 2 { " -j2" } else { "" };
    let start = Instant::now();
    let late = feed_pipe_at(
        &dir.path().join("a.pbn"),
        start + Duration::from_millis(2500),
        common::GAME,
    );
    let middle = feed_pipe_at(
        &dir.path().join("c.pbn"),
        start + Duration::from_millis(1500),
        common::GAME,
    );
    let Some(screen) = on_terminal(
        &format!("{} check{j} a.pbn b.pbn c.pbn", binary()),
        dir.path(),
    ) else {
        return;
    };
    late.join().unwrap();
    middle.join().unwrap();
    assert!(screen.contains("2/3 files]"), "{screen:?}");
    // The line is gone before the summary, which is whole.
    let summary = screen.rfind("No findings in 3 files").expect(&screen);
    assert!(!screen[summary..].contains("files]"), "{screen:?}");
}

/// Issue 24, item 14: concise output and `--diff` are coloured on a terminal (and with
/// `--color always` into a pipe), not with `--color never`; a file whose line ends alone change
/// shows that in one line on a terminal, and its lines as context, not as a whole-file diff.
#[test]
fn concise_output_and_diffs_are_coloured_and_line_ends_said_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.pbn"), common::misprint()).unwrap();
    // An LF file that export changes only by its line ends and its header.
    std::fs::write(dir.path().join("lf.pbn"), common::GAME).unwrap();
    let bold_error = "\u{1b}[1m\u{1b}[31merror";
    let concise = format!("{} check --output-format concise bad.pbn", binary());
    let Some(screen) = on_terminal(&concise, dir.path()) else {
        return;
    };
    assert!(
        screen.contains(bold_error) || screen.contains("\u{1b}[31m\u{1b}[1merror"),
        "{screen:?}"
    );
    assert!(screen.contains("D003"), "{screen:?}");
    let plain = on_terminal(&format!("{concise} --color never"), dir.path()).unwrap();
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    let piped = common::pbnfmt(
        &[
            "check",
            "--output-format",
            "concise",
            "--color",
            "always",
            "bad.pbn",
        ],
        dir.path(),
    );
    assert!(
        common::text(&piped.stdout).contains("\u{1b}["),
        "colour when asked"
    );

    let diff = format!("{} export --diff lf.pbn", binary());
    let screen = on_terminal(&diff, dir.path()).unwrap();
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.contains("line ends: LF become CRLF"))
            .count(),
        1,
        "{screen:?}"
    );
    // The game's own lines are context, not removed and added again.
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with(" [Event \"Club Pairs\"]")),
        "{screen:?}"
    );
    assert!(!screen.contains("-[Event"), "{screen:?}");
    assert!(
        screen.contains("\u{1b}[32m+% PBN 2.1"),
        "added lines are green: {screen:?}"
    );
    // Into a pipe the diff stays exact (every line, with its CR), so that patch applies it.
    let piped = common::pbnfmt(&["export", "--diff", "lf.pbn"], dir.path());
    let piped = common::text(&piped.stdout);
    assert!(piped.contains("-[Event \"Club Pairs\"]\n"), "{piped}");
    assert!(piped.contains("+[Event \"Club Pairs\"]\r\n"), "{piped}");
    assert!(!piped.contains('\u{1b}'), "{piped}");
}

/// A PDF is not written to a terminal: `handrecord --format pdf` with standard output on a
/// terminal says to name a file, and writes no byte of PDF there (issue 47).
#[test]
fn a_pdf_is_not_written_to_a_terminal() {
    if !cfg!(feature = "pdf") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        common::corpus().join("handrecord/club.pbn"),
        dir.path().join("club.pbn"),
    )
    .unwrap();
    let command = format!(
        "{} handrecord club.pbn --format pdf; echo \"status=$?\"",
        binary()
    );
    let Some(shown) = on_terminal(&command, dir.path()) else {
        return;
    };
    assert!(
        shown.contains("a PDF is not written to a terminal"),
        "{shown}"
    );
    assert!(shown.contains("status=2"), "{shown}");
    assert!(!shown.contains("%PDF"), "{shown}");
}
