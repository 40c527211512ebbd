//! The hostile-input catalogue: the files of `corpus/hostile/` (described in its README), and
//! larger ones generated here (a 100 MB line, a million tiny games), a directory with a `.pbn`
//! name and a file nobody may read. Every command ends with its documented exit status and says
//! why, within bounded time (a hang fails the test) and, for `check`, `resolve` (and
//! `--compress`) and `nag`, within the memory target of 32 MB + 2 × the file, for `export`
//! within its own bound ([`export_within_bound`]); none panics.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs pbnfmt with `args`; fails the test if it runs longer than `limit` or panics. Returns the
/// output and, where `/usr/bin/time` is installed, the peak RSS in bytes.
fn run(args: &[&str], limit: Duration) -> (Output, Option<u64>) {
    run_with(args, limit, true)
}

/// [`run`], keeping standard output only when `keep_stdout` (else it is read and dropped, so that
/// an output of hundreds of megabytes costs the test nothing).
fn run_with(args: &[&str], limit: Duration, keep_stdout: bool) -> (Output, Option<u64>) {
    run_capped(args, limit, keep_stdout, None)
}

/// [`run_with`], under an address-space limit of `cap` bytes (`prlimit --as`) when given: the
/// caller makes sure `prlimit` is there.
fn run_capped(
    args: &[&str],
    limit: Duration,
    keep_stdout: bool,
    cap: Option<u64>,
) -> (Output, Option<u64>) {
    let time = Path::new("/usr/bin/time");
    let rss_file = tempfile::NamedTempFile::new().unwrap();
    let mut line: Vec<std::ffi::OsString> = Vec::new();
    if let Some(cap) = cap {
        line.extend(["/usr/bin/prlimit".into(), format!("--as={cap}").into()]);
    }
    if time.exists() {
        line.extend([time.into(), "-f".into(), "%M".into(), "-o".into()]);
        line.push(rss_file.path().into());
    }
    line.push(env!("CARGO_BIN_EXE_pbnfmt").into());
    let mut command = Command::new(&line[0]);
    command.args(&line[1..]);
    let mut child = command
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drain the pipes on threads, so that a large output cannot block the child.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        if keep_stdout {
            std::io::Read::read_to_end(&mut stdout, &mut buffer)?;
        } else {
            std::io::copy(&mut stdout, &mut std::io::sink())?;
        }
        Ok::<_, std::io::Error>(buffer)
    });
    let err = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut buffer).map(|_| buffer)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("pbnfmt {args:?} ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = Output {
        status,
        stdout: out.join().unwrap().unwrap(),
        stderr: err.join().unwrap().unwrap(),
    };
    let stderr = common::text(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "pbnfmt {args:?} panicked:\n{stderr}"
    );
    let rss = std::fs::read_to_string(rss_file.path())
        .ok()
        .and_then(|text| text.lines().last()?.trim().parse::<u64>().ok())
        .map(|kib| kib * 1024);
    (output, rss)
}

const LIMIT: Duration = Duration::from_secs(120);
/// For the small files of the catalogue, which take a fraction of a second.
const SMALL_FILE_LIMIT: Duration = Duration::from_secs(20);

/// Exit statuses of `check`, `export --check`, `resolve --check` and `nag --check` for each file
/// of `corpus/hostile/`, and what `check` must say. The README there gives the reasons.
const CATALOGUE: &[(&str, [i32; 4], &str)] = &[
    ("empty.pbn", [0, 1, 0, 0], "No findings in 1 file (0 games)"),
    (
        "bom-only.pbn",
        [0, 1, 0, 0],
        "No findings in 1 file (0 games)",
    ),
    (
        "whitespace-only.pbn",
        [0, 1, 0, 0],
        "No findings in 1 file (0 games)",
    ),
    (
        "binary-garbage.pbn",
        [1, 1, 1, 1],
        "error[F006] this is binary data",
    ),
    (
        "nul-bytes.pbn",
        [1, 1, 1, 1],
        "error[S015] 3 control characters",
    ),
    (
        "unclosed-string.pbn",
        [1, 1, 1, 1],
        "error[S001] the string is not closed",
    ),
    (
        "unclosed-comment.pbn",
        [1, 1, 1, 1],
        "error[S002] `{` comment is never closed",
    ),
    ("percent-line-in-comment.pbn", [0, 1, 1, 0], "warning[T031]"),
    (
        "twenty-digit-numbers.pbn",
        [1, 1, 0, 0],
        "NAG $99999999999999999999 is above $255",
    ),
    (
        "repeated-annotations.pbn",
        [1, 1, 0, 1],
        "error[N003] a second suffix",
    ),
    ("invalid-utf8.pbn", [1, 1, 0, 0], "warning[C001]"),
    (
        "utf16-without-bom.pbn",
        [1, 1, 1, 1],
        "error[F007] this file looks like UTF-16LE without a byte-order mark",
    ),
    (
        "terminal-escapes.pbn",
        [1, 1, 0, 0],
        "error[T003] dealer `\\u{1b}[2JQ` is not W, N, E or S",
    ),
];

/// Characters a terminal or a log viewer would take as commands (see `src/display.rs`).
fn obeyed(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
}

/// Values, comments and a file name full of terminal commands (an escape that sets the window
/// title, one that clears the screen, a C1 CSI, a right-to-left override) are shown, never sent:
/// in every human-readable form, coloured or not, in `show` and in the messages about the file.
#[test]
fn terminal_commands_in_a_file_are_shown_not_sent() {
    let fixture = common::corpus().join("hostile/terminal-escapes.pbn");
    let dir = tempfile::tempdir().unwrap();
    let named = dir.path().join("\u{1b}]0;name\u{7}.pbn");
    std::fs::copy(&fixture, &named).unwrap();
    let named = named.to_str().unwrap();
    for args in [
        &["check", named][..],
        &["check", "--color", "always", named],
        &["check", "--output-format", "concise", named],
        &["check", "--output-format", "github", named],
        &["check", "--show-settings", named],
        &["export", "--check", named],
        &["show", named],
        &["show", "--board", "7", named],
        &["check", "no\u{1b}[2Jsuch.pbn"],
    ] {
        let (output, _) = run(args, SMALL_FILE_LIMIT);
        for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
            let text = common::text(bytes);
            // `--color always` sends pbnfmt's own colours: only a frame without commands has them.
            let text = if args.contains(&"always") {
                text.replace("\u{1b}[", "")
            } else {
                text
            };
            assert_eq!(obeyed(&text), None, "pbnfmt {args:?} {stream}:\n{text}");
        }
    }
    let (output, _) = run(&["check", named], SMALL_FILE_LIMIT);
    let said = common::text(&output.stdout);
    assert!(said.contains("dealer `\\u{1b}[2JQ`"), "{said}");
    assert!(said.contains("[Dealer \"?[2JQ\"]"), "{said}");
    let (output, _) = run(&["show", named], SMALL_FILE_LIMIT);
    let drawn = common::text(&output.stdout);
    assert!(drawn.contains("␛]0;pwned␇Club Pairs"), "{drawn}");
    assert!(said.contains("\\u{1b}]0;name\\u{7}.pbn"), "{said}");
    // Into a pipe, a diff is exact, so that `patch` applies it; on a terminal it is masked.
    let (output, _) = run(&["export", "--diff", named], SMALL_FILE_LIMIT);
    assert!(common::text(&output.stdout).contains("[Dealer \"\u{1b}[2JQ\"]"));
}

#[test]
fn the_catalogue_ends_as_documented() {
    let dir = common::corpus().join("hostile");
    // The files of the directory itself; `fuzz/` below holds crash inputs of the fuzzers.
    let listed: Vec<String> = common::pbn_files(&dir)
        .iter()
        .filter(|path| path.parent() == Some(dir.as_path()))
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut expected: Vec<&str> = CATALOGUE.iter().map(|(name, ..)| *name).collect();
    expected.sort_unstable();
    assert_eq!(listed, expected, "corpus/hostile and this table disagree");
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    for (name, statuses, says) in CATALOGUE {
        assert!(
            readme.contains(name),
            "{name} is not described in the README"
        );
        let path = dir.join(name);
        let path = path.to_str().unwrap();
        let commands: [&[&str]; 4] = [
            &["check", "--output-format", "concise", path],
            &["export", "--check", path],
            &["resolve", "--check", path],
            &["nag", "--check", path],
        ];
        for (args, status) in commands.iter().zip(statuses) {
            let (output, _) = run(args, LIMIT);
            assert_eq!(output.status.code(), Some(*status), "pbnfmt {args:?}");
        }
        let (output, _) = run(commands[0], LIMIT);
        let said = common::text(&output.stdout);
        assert!(said.contains(says), "{name}: check says\n{said}");
        // The full format draws a frame for every finding: no file here may make that slow (the
        // fuzzer found 15,000 frames of one 65 KB line taking 25 s).
        let (output, _) = run(&["check", path], SMALL_FILE_LIMIT);
        assert_eq!(
            output.status.code(),
            Some(statuses[0]),
            "pbnfmt check {path}"
        );
    }
}

/// A command that reads a file a chunk at a time (`check`, `resolve`, `nag`) stays within 32 MB +
/// 2 × the file (the target of issue 7).
/// Exit 0, or the standard error of the run in the failure.
fn succeeded(output: &Output) {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stderr)
    );
}

fn assert_memory(rss: Option<u64>, bytes: u64, what: &str) {
    if let Some(rss) = rss {
        assert!(
            rss <= (32 << 20) + 2 * bytes,
            "{what}: {} MB peak RSS for a {} MB file",
            rss >> 20,
            bytes >> 20
        );
    }
}

/// Issue 45, item 14: a `##` value was copied into every later game that takes it: one 500 KB
/// Event and 4,000 one-line games (a 563 KB file) took 1.96 GB in `check`. The value is shared
/// with the text now, and the commands that do not write it out stay within their bound.
#[test]
fn a_double_hash_value_is_not_copied_into_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sticky.pbn");
    let mut text = format!("[Event \"##{}\"]\n[Board \"1\"]\n\n", "x".repeat(500_000));
    for board in 2..=4000 {
        text.push_str(&format!("[Board \"{board}\"]\n\n"));
    }
    std::fs::write(&path, &text).unwrap();
    let bytes = text.len() as u64;
    let path = path.to_str().unwrap();
    for args in [
        &["check", path][..],
        &["nag", "--check", path],
        &["fingerprint", path],
    ] {
        let (output, rss) = run_with(args, LIMIT, false);
        assert!(
            output.status.code().is_some(),
            "{args:?}: {:?}",
            output.status
        );
        assert_memory(
            rss,
            bytes,
            &format!("{args:?} of 4,000 games inheriting 500 KB"),
        );
    }
}

/// `export` holds the input, the output it builds and the read-back of one chunk: up to 64 MB
/// for a 256 KiB chunk that exports to 16 × its size (one-tag games), and up to two copies of a
/// game larger than a chunk: its second export, and a text normalised for its facts (long facts
/// are hashed) (`docs/spec-decisions.md`, "The memory bound"). Runs `export --out-dir` on `path` and checks
/// that bound; `largest_game` is the size of the file's largest game.
fn export_within_bound(path: &str, largest_game: u64, what: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let (output, rss) = run(&["export", "--out-dir", out_dir, path], LIMIT);
    assert_eq!(output.status.code(), Some(0), "export of {what}");
    let written: Vec<_> = walk_files(dir.path());
    assert_eq!(written.len(), 1, "export of {what} writes one file");
    let exported = std::fs::metadata(&written[0]).unwrap().len();
    let input = std::fs::metadata(path).unwrap().len();
    if let Some(rss) = rss {
        let bound = (32 << 20) + input + exported + (64 << 20) + 2 * largest_game;
        assert!(
            rss <= bound,
            "export of {what}: {} MB peak RSS, bound {} MB",
            rss >> 20,
            bound >> 20
        );
    }
}

/// The files below `dir`.
fn walk_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk_files(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_hundred_megabyte_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long-line.pbn");
    let mut text = String::with_capacity(100_000_020);
    text.push_str("[Event \"");
    text.push_str(&"a".repeat(100_000_000));
    text.push_str("\"]\n");
    std::fs::write(&path, &text).unwrap();
    drop(text);
    let path = path.to_str().unwrap();
    let (output, rss) = run(&["check", path], LIMIT);
    assert_eq!(output.status.code(), Some(1));
    let said = common::text(&output.stdout);
    assert!(
        said.contains("error[C004]") && said.contains("the line is too long to show"),
        "{said}"
    );
    assert_memory(rss, 100_000_011, "check of a 100 MB line");
    export_within_bound(path, 100_000_011, "a 100 MB line");
    for args in [
        &["resolve", "--check", path][..],
        &["resolve", "--compress", "--check", path],
        &["nag", "--check", path],
    ] {
        let (output, rss) = run(args, LIMIT);
        assert_eq!(
            output.status.code(),
            Some(0),
            "pbnfmt {args:?}: nothing to change"
        );
        assert_memory(rss, 100_000_011, &format!("{args:?} of a 100 MB line"));
    }
    let (output, rss) = run(&["show", "--board", "1", path], LIMIT);
    assert_eq!(output.status.code(), Some(1), "no board 1");
    assert!(common::text(&output.stderr).contains("no board 1"));
    assert_memory(rss, 100_000_011, "show of a 100 MB line");
}

/// A file of stray text and no empty line is one "game" of millions of findings (issue 21, item 2:
/// a 30 MB file of `x ` lines took 3.8 GB). It is read in pieces of at most 65,536 tokens (F005
/// says so), the findings past `--max-findings` are only counted, and `check` stays within
/// 32 MB + 2 × the file: with one finding a line (30 MB of `x x … x` lines) and with one finding
/// every two bytes (15 million `x` lines).
#[test]
fn a_file_of_stray_lines_is_read_in_bounded_pieces() {
    let dir = tempfile::tempdir().unwrap();
    for (name, line, lines, findings) in [
        ("wide.pbn", "x ".repeat(40) + "\n", 370_370, "370371 errors"),
        ("tall.pbn", "x\n".to_owned(), 15_000_000, "15000001 errors"),
    ] {
        let path = dir.path().join(name);
        // A tag pair at the end: a text of no tag pair at all is not PBN (F010), one finding.
        std::fs::write(&path, format!("{}[Event \"x\"]\n", line.repeat(lines))).unwrap();
        let bytes = (line.len() * lines) as u64;
        let path = path.to_str().unwrap();
        let (output, rss) = run(&["check", "--output-format", "concise", path], LIMIT);
        assert_eq!(output.status.code(), Some(1), "{name}");
        let said = common::text(&output.stdout);
        assert!(
            said.starts_with(&format!("{path}:1:1: error[F005] this game runs on")),
            "{name}: {}",
            &said[..said.len().min(400)]
        );
        assert!(said.contains(&format!("Found {findings}")), "{name}");
        assert_eq!(
            said.lines().count(),
            100_000 + 2,
            "{name}: the first 100,000 are shown"
        );
        assert_memory(rss, bytes, &format!("check of {name}"));
        // Export refuses, and says why, without holding more. (The findings shown are rendered
        // whole before they are printed: their frames in the full form, up to a kilobyte each,
        // are the part of the memory that follows `--max-findings`.)
        let args = ["export", "--check", "--output-format", "concise", path];
        let (output, rss) = run(&args, LIMIT);
        assert_eq!(output.status.code(), Some(1), "export of {name}");
        assert!(
            common::text(&output.stderr).contains("F005"),
            "export of {name}"
        );
        assert_memory(rss, bytes, &format!("export --check of {name}"));
    }
}

/// `amplified.pbn` in `dir`: `preamble`, then 2,000 games, the first giving Event with `##` and a
/// value of 100 KB, each later one writing `later` before its Board. Its path and size.
fn amplified(dir: &Path, preamble: &str, later: &str) -> (String, u64) {
    let path = dir.join("amplified.pbn");
    let value = "a".repeat(100_000);
    let mut text = format!("{preamble}[Event \"##{value}\"]\n[Board \"1\"]\n\n");
    for board in 2..=2000 {
        text.push_str(&format!("{later}[Board \"{board}\"]\n\n"));
    }
    std::fs::write(&path, &text).unwrap();
    (path.to_str().unwrap().to_owned(), text.len() as u64)
}

/// One `##` value of 100 KB inherited by 2,000 games (issue 21, item 8): `resolve` writes it out
/// into every game, 200 MB from a 155 KB file, and peaked at 404 MB holding the output (592 MB at
/// the start of the fix). The output now goes to standard output, or to the file written,
/// through a spool that spills to a temporary file past 8 MiB, and the chunks shrink to a game or
/// a few when each grows by a large value: `resolve` stays within 32 MB + 2 × the file, and
/// its output is the same bytes as before.
#[test]
fn an_inherited_value_written_out_a_thousand_times() {
    let dir = tempfile::tempdir().unwrap();
    let (path, bytes) = amplified(dir.path(), "", "[Event \"#\"]\n");
    let path = path.as_str();
    let (output, rss) = run_with(&["resolve", "--check", path], LIMIT, true);
    assert_eq!(output.status.code(), Some(1), "would be rewritten");
    assert_memory(
        rss,
        bytes,
        "resolve --check of 2,000 games inheriting 100 KB",
    );
    // To standard output: every game carries the value.
    let (output, rss) = run_with(&["resolve", path], LIMIT, true);
    assert_eq!(output.status.code(), Some(0));
    assert_memory(rss, bytes, "resolve of 2,000 games inheriting 100 KB");
    let resolved = &output.stdout;
    let needle = format!("[Event \"{}\"]", "a".repeat(100_000));
    let games = resolved
        .windows(needle.len())
        .filter(|w| *w == needle.as_bytes())
        .count();
    assert_eq!(games, 2000, "every game has the value written out");
    assert_eq!(
        resolved.len(),
        200_052_893,
        "the output is the same as before"
    );
    // Into the file, with --write; compress gives the input's shape back.
    let (output, rss) = run_with(&["resolve", "--write", path], LIMIT, true);
    assert_eq!(output.status.code(), Some(0));
    assert_memory(
        rss,
        bytes,
        "resolve --write of 2,000 games inheriting 100 KB",
    );
    assert_eq!(std::fs::read(path).unwrap(), *resolved);
}

/// Issue 63, item 9: `merge` and `split` held the text with `#`/`##` written out, and more than
/// one copy of it: 400-600 MB for a 131 KB file that `resolve` writes out in 20 MB. They now
/// read it, and their results, a window at a time from a spool: the same 2,000 games inheriting
/// 100 KB, written out into 200 MB, are merged and split within 32 MB + 2 × the file (measured:
/// 23 MB and 24 MB; before, 248 MB for the merge of one such file), and the bytes are those
/// `resolve` writes.
#[test]
fn merge_and_split_stream_a_value_written_out_a_thousand_times() {
    let dir = tempfile::tempdir().unwrap();
    let (path, bytes) = amplified(dir.path(), "% PBN 2.1\n", "");
    let path = path.as_str();
    let (output, _) = run_with(&["resolve", path], LIMIT, true);
    succeeded(&output);
    let resolved = output.stdout;
    assert!(resolved.len() > 200_000_000, "{}", resolved.len());
    // One file merged is its text written out, byte for byte.
    let merged = dir.path().join("merged.pbn");
    let (output, rss) = run_with(
        &["merge", "-j1", "-o", merged.to_str().unwrap(), path],
        LIMIT,
        true,
    );
    succeeded(&output);
    assert_memory(rss, bytes, "merge of 2,000 games inheriting 100 KB");
    assert!(std::fs::read(&merged).unwrap() == resolved, "merge");
    std::fs::remove_file(&merged).unwrap();
    // Split in two parts of 1,000 games, each starting with the preamble: after it, the parts
    // are the text written out.
    let parts = dir.path().join("parts");
    let (output, rss) = run_with(
        &[
            "split",
            "--every",
            "1000",
            "--out-dir",
            parts.to_str().unwrap(),
            path,
        ],
        LIMIT,
        true,
    );
    succeeded(&output);
    assert_memory(rss, bytes, "split of 2,000 games inheriting 100 KB");
    let first = std::fs::read(parts.join("amplified-01.pbn")).unwrap();
    let second = std::fs::read(parts.join("amplified-02.pbn")).unwrap();
    let preamble = b"% PBN 2.1\n";
    assert!(first.starts_with(preamble) && second.starts_with(preamble));
    assert!(
        [&first[..], &second[preamble.len()..]].concat() == resolved,
        "split"
    );
}

#[test]
fn a_million_tiny_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("million.pbn");
    std::fs::write(&path, "[Event \"x\"]\n\n".repeat(1_000_000)).unwrap();
    let path = path.to_str().unwrap();
    let (output, rss) = run(&["check", path], LIMIT);
    assert_eq!(output.status.code(), Some(0));
    let said = common::text(&output.stdout);
    assert!(
        said.contains("No findings in 1 file (1000000 games)"),
        "{said}"
    );
    assert_memory(rss, 13_000_000, "check of a million games");
    export_within_bound(path, 13, "a million games");
    // Every game has the same Event: compress would give it `##` once.
    for (args, status) in [
        (&["resolve", "--check", path][..], 0),
        (&["resolve", "--compress", "--check", path], 1),
        (&["nag", "--check", path], 0),
    ] {
        let (output, rss) = run(args, LIMIT);
        assert_eq!(output.status.code(), Some(status), "pbnfmt {args:?}");
        assert_memory(rss, 13_000_000, &format!("{args:?} of a million games"));
    }
    // A million diagrams (about 300 MB) are written as they are drawn, not held.
    let (output, rss) = run_with(&["show", "--ascii", path], LIMIT, false);
    assert_eq!(output.status.code(), Some(0));
    assert_memory(rss, 13_000_000, "show of a million games");
}

/// Random bytes have about one finding every four bytes. Each command keeps the first
/// 100,000 findings of a file and counts the rest, so its memory is the file's share plus a fixed
/// share for the findings shown (their code frames), not gigabytes: 5 MB of random bytes took
/// 2.3 GB and 22 s in the full form before; 50 MB took 22 GB and 300 s.
#[test]
fn random_bytes_are_counted_not_listed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("random.pbn");
    let mut rng = pbnfmt::generate::Rng::new(0xB17E5);
    let raw: Vec<u8> = (0..1_000_000 / 8)
        .flat_map(|_| rng.next_u64().to_le_bytes())
        .collect();
    // Random bytes are binary data: one finding (F006, issue 24 item 7).
    std::fs::write(&path, &raw).unwrap();
    let (output, _) = run(
        &[
            "check",
            "--output-format",
            "concise",
            path.to_str().unwrap(),
        ],
        LIMIT,
    );
    let said = common::text(&output.stdout);
    assert_eq!(
        said.lines().filter(|line| line.contains("error[")).count(),
        1,
        "{said}"
    );
    assert!(said.contains("error[F006]"), "{said}");
    // Behind 8 KiB of games, the first 8 KiB are text and the same bytes are read as PBN (a
    // file whose end was overwritten): a finding for nearly everything.
    let mut bytes = common::GAME
        .repeat(8192 / common::GAME.len() + 1)
        .into_bytes();
    bytes.push(b'\n');
    bytes.extend_from_slice(&raw);
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    // The file, its text (Latin-1 grows it by half), a chunk's trees and, at most, 100,000
    // findings with their frames.
    let bound = |rss: Option<u64>, what: &str| {
        if let Some(rss) = rss {
            let limit = (32 << 20) + 8 * bytes.len() as u64 + (256 << 20);
            assert!(rss <= limit, "{what}: {} MB peak RSS", rss >> 20);
        }
    };
    let (output, rss) = run(&["check", "-j1", path], LIMIT);
    assert_eq!(output.status.code(), Some(1));
    let said = common::text(&output.stdout);
    assert!(
        said.contains("more findings not shown: the first 100000 of this file are"),
        "{}",
        said.get(said.len().saturating_sub(500)..).unwrap_or(&said)
    );
    assert!(said.contains("past `--max-findings` not shown."));
    bound(rss, "check");
    for command in ["export", "resolve", "nag", "fix"] {
        let (output, rss) = run(&[command, "--check", "-j1", path], LIMIT);
        assert_eq!(output.status.code(), Some(1), "{command}: refused");
        bound(rss, command);
    }
}

#[test]
fn a_directory_and_an_unreadable_file() {
    let dir = tempfile::tempdir().unwrap();
    // A directory named like a PBN file is searched like any directory: it holds nothing.
    std::fs::create_dir(dir.path().join("games.pbn")).unwrap();
    let games = dir.path().join("games.pbn");
    let (output, _) = run(&["check", games.to_str().unwrap()], LIMIT);
    assert_eq!(output.status.code(), Some(0));
    assert!(common::text(&output.stdout).contains("No findings in 0 files"));
    for command in ["export", "resolve", "nag", "fix"] {
        let (output, _) = run(&[command, "--check", games.to_str().unwrap()], LIMIT);
        assert_eq!(output.status.code(), Some(0), "{command}");
        assert!(
            common::text(&output.stderr).contains("0 files would be rewritten"),
            "{command}"
        );
    }
    // Named in a list, the same.
    let list = dir.path().join("list.txt");
    std::fs::write(&list, format!("{}\n", games.display())).unwrap();
    let (output, _) = run(&["check", "--files-from", list.to_str().unwrap()], LIMIT);
    assert_eq!(output.status.code(), Some(0));
    assert!(common::text(&output.stdout).contains("No findings in 0 files"));

    let locked = dir.path().join("locked.pbn");
    std::fs::write(&locked, common::GAME).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    }
    // Root reads any file: as root, the commands run as nobody (setpriv), who cannot.
    let as_nobody = std::fs::read(&locked).is_ok();
    let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
        .into_iter()
        .find(|path| Path::new(path).exists());
    if as_nobody {
        let Some(_) = setpriv else {
            common::cannot_run("running as root without setpriv: the unreadable case");
            return;
        };
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let locked = locked.to_str().unwrap();
    for args in [
        &["check", locked][..],
        &["export", "--check", locked],
        &["resolve", "--check", locked],
        &["nag", "--check", locked],
    ] {
        let output = match setpriv.filter(|_| as_nobody) {
            Some(setpriv) => Command::new(setpriv)
                .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
                .arg(env!("CARGO_BIN_EXE_pbnfmt"))
                .args(args)
                .output()
                .unwrap(),
            None => run(args, LIMIT).0,
        };
        let command = args[0];
        assert_eq!(output.status.code(), Some(2), "{command}");
        let said = common::text(&output.stderr);
        assert!(
            said.contains("cannot read") && said.contains("locked.pbn"),
            "{command}: {said}"
        );
    }
}

/// A `pbnfmt.toml` found in an archive is input too: too large, not UTF-8, or nested past any
/// sense, it ends every command with exit status 2 and the reason, at once.
#[test]
fn hostile_configuration_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), common::GAME).unwrap();
    let config = dir.path().join("pbnfmt.toml");
    let root = dir.path().to_str().unwrap();
    let huge = format!("# {}\n", "x".repeat(pbnfmt::config::MAX_CONFIG_LEN));
    // Issue 45, item 16: a glob whose regular expression is too large for the engine panicked
    // (exit 101) in every command; item 13: thousands of patterns were each tried on every file.
    let nfa = format!("exclude = [\"{}\"]\n", "?".repeat(260_000));
    let many = format!(
        "[check.per-file-ignores]\n{}",
        (0..=pbnfmt::config::MAX_PATTERNS)
            .map(|n| format!("\"f{n}/**\" = [\"D003\"]\n"))
            .collect::<String>()
    );
    let cases: [(&[u8], &str); 5] = [
        (
            huge.as_bytes(),
            "larger than 256 KiB, which pbnfmt does not read",
        ),
        (
            b"exclude = [\"\xff\xfe\"]\n",
            "not UTF-8 text, which TOML must be",
        ),
        (&[b'['; 100_000], "pbnfmt.toml:1:"),
        (nfa.as_bytes(), "longer than the 4096 pbnfmt compiles"),
        (
            many.as_bytes(),
            "more than the 1024 pbnfmt reads in one list",
        ),
    ];
    for (text, said) in cases {
        std::fs::write(&config, text).unwrap();
        for command in ["check", "export", "resolve", "nag"] {
            let args: &[&str] = if command == "check" {
                &[command, root]
            } else {
                &[command, "--check", root]
            };
            let (output, rss) = run(args, SMALL_FILE_LIMIT);
            assert_eq!(output.status.code(), Some(2), "{command}: {said}");
            let stderr = common::text(&output.stderr);
            assert!(stderr.contains(said), "{command}: {stderr}");
            assert_memory(rss, 0, command);
        }
    }
}

/// Issue 45, item 21: a `pbnfmt.toml` that is there but is not a regular file (a dangling link
/// to a shared configuration missing from a checkout, a link loop, a directory) was skipped
/// without a word, and its excludes stopped protecting files. It is a configuration error, exit
/// 2, before anything is written.
#[cfg(unix)]
#[test]
fn a_configuration_that_is_not_a_regular_file_stops_the_run() {
    type Make = fn(&Path);
    let cases: [(&str, Make); 3] = [
        ("dangling link", |config| {
            std::os::unix::fs::symlink("../shared/pbnfmt.toml", config).unwrap()
        }),
        ("link loop", |config| {
            std::os::unix::fs::symlink("pbnfmt.toml", config).unwrap()
        }),
        ("directory", |config| std::fs::create_dir(config).unwrap()),
    ];
    for (what, make) in cases {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.pbn"), common::GAME.replace("\n", "\r\n")).unwrap();
        make(&dir.path().join("pbnfmt.toml"));
        for args in [&["check", "a.pbn"][..], &["export", "--write", "a.pbn"]] {
            let output = common::pbnfmt(args, dir.path());
            let stderr = common::text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{what}: {args:?}: {stderr}");
            assert!(stderr.contains("is not a regular file"), "{what}: {stderr}");
        }
        assert_eq!(
            std::fs::read_to_string(dir.path().join("a.pbn")).unwrap(),
            common::GAME.replace("\n", "\r\n"),
            "{what}"
        );
    }
}

/// `--out-dir` writes below its root whatever the input paths look like (`..`, absolute,
/// through a symbolic link to a directory outside the tree), and a symbolic-link cycle ends the
/// walk of that branch with a message instead of a loop.
#[cfg(unix)]
#[test]
fn paths_stay_below_the_out_dir_and_cycles_end() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("tree/a")).unwrap();
    std::fs::create_dir_all(root.join("other")).unwrap();
    std::fs::write(root.join("tree/a/g.pbn"), common::GAME).unwrap();
    std::fs::write(root.join("other/o.pbn"), common::GAME).unwrap();
    std::os::unix::fs::symlink("..", root.join("tree/a/loop")).unwrap();
    std::os::unix::fs::symlink("../../other", root.join("tree/a/outside")).unwrap();
    let absolute = root.join("other/o.pbn");
    let args = |follow: &'static str| {
        [
            "export",
            follow,
            "--out-dir",
            "out",
            "tree/a/../a",
            "tree",
            absolute.to_str().unwrap(),
        ]
        .map(str::to_owned)
    };
    let run = |args: [String; 7]| {
        let args: Vec<&str> = args
            .iter()
            .map(String::as_str)
            .filter(|a| !a.is_empty())
            .collect();
        common::pbnfmt(&args, root)
    };
    // Without -L the walk does not enter the links, and meets no loop.
    let output = run(args(""));
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(!said.contains("symbolic link loop"), "{said}");
    // With -L it follows them, and the loop ends with a finding.
    let output = run(args("-L"));
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("symbolic link loop"), "{said}");
    let out = root.join("out");
    let written = common::pbn_files(&out);
    assert!(!written.is_empty());
    for path in &written {
        assert!(
            path.starts_with(&out),
            "{} is outside the output directory",
            path.display()
        );
    }
    // Nothing was written next to the inputs.
    assert_eq!(common::pbn_files(&root.join("other")).len(), 1);
    assert_eq!(
        std::fs::read_dir(root).unwrap().count(),
        3,
        "tree, other, out"
    );
}

/// A file name is escaped in every form that prints it: a line feed in it cannot start a line,
/// so a file named `x\n::error title=…::…` in a pull request cannot make the CI step print a
/// workflow command of its own (GitHub Actions runs any line that starts with `::`).
#[test]
fn a_file_name_cannot_forge_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let forged = "x\n::error title=forged::owned\r\n::warning::also\t.pbn";
    std::fs::write(dir.path().join(forged), common::misprint()).unwrap();
    std::fs::create_dir(dir.path().join("unreadable\n::error::dir.pbn")).unwrap();
    // Each run, and whether it names the file (nag and resolve have nothing to do here).
    let runs: [(&[&str], bool); 10] = [
        (&["check", "."], true),
        (&["check", "--output-format", "concise", "."], true),
        (&["check", "--output-format", "github", "."], true),
        (
            &["check", "--output-format", "full", "--color", "always", "."],
            true,
        ),
        (&["check", "--show-settings", forged], true),
        (&["check", "no such\n::error::file.pbn"], true),
        (&["export", "--check", "."], true),
        (&["export", "--diff", "."], true),
        (&["nag", "--check", "."], false),
        (&["resolve", "--diff", "."], false),
    ];
    for (args, names_it) in runs {
        let output = common::pbnfmt(args, dir.path());
        for stream in [&output.stdout, &output.stderr] {
            let text = common::text(stream);
            for line in text.lines() {
                let line = line.trim_start_matches(|c: char| c.is_whitespace() || !c.is_ascii());
                assert!(
                    !line.starts_with("::error title=forged")
                        && !line.starts_with("::warning::also")
                        && !line.starts_with("::error::"),
                    "{args:?} printed a forged line:\n{text}"
                );
            }
        }
        // The name is still there to read, escaped (percent-encoded in workflow commands).
        let said = common::text(&output.stdout) + &common::text(&output.stderr);
        assert!(
            !names_it
                || said.contains("x\\u{a}::error title=forged")
                || said.contains("x%0A%3A%3Aerror title=forged")
                || said.contains("no such\\u{a}::error::file.pbn"),
            "{args:?}:\n{said}"
        );
    }
}

/// Issue 63, item 14: a configuration value holding a line end (an exclude pattern, an ignored
/// file's pattern) is shown by `--show-settings` on one line, its line end written `\u{a}`:
/// before, it was printed as a TOML multi-line string whose next line began `::error`.
#[test]
fn a_configuration_value_cannot_forge_a_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pbnfmt.toml"),
        "exclude = [\"a\\n::error file=x::forged\"]\n\
         [check.per-file-ignores]\n\"b\\n::warning::forged\" = [\"D002\"]\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("one.pbn"), common::misprint()).unwrap();
    for command in ["check", "export", "stats"] {
        let output = common::pbnfmt(&[command, "--show-settings", "one.pbn"], dir.path());
        let text = common::text(&output.stdout);
        assert!(
            text.contains("a\\u{a}::error file=x::forged"),
            "{command}:\n{text}"
        );
        assert!(
            text.contains("b\\u{a}::warning::forged"),
            "{command}:\n{text}"
        );
        for line in text.lines() {
            assert!(
                !line.trim_start().starts_with("::"),
                "{command} printed:\n{text}"
            );
        }
    }
}

/// PBN 5.2 widths are trusted no further than a line (PBN 2.3: 255 characters): a 38-byte file
/// asking for a column 4294967295 wide aborted export on a 4 GiB allocation, and one asking for
/// 20,000,000 wrote 200 MB. Now the width is an X001 finding and export writes the table as it
/// stands; under a 256 MB address-space limit (`prlimit --as`) every command ends normally.
#[test]
fn a_table_width_is_not_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    for width in ["4294967295", "20000000", "256R"] {
        let path = dir.path().join(format!("width-{width}.pbn"));
        std::fs::write(&path, format!("[OptimumResultTable \"A\\\\{width}\"]\n1\n")).unwrap();
        let path = path.to_str().unwrap();
        let pbnfmt = env!("CARGO_BIN_EXE_pbnfmt");
        let limited = |args: &[&str]| {
            let mut command = if prlimit {
                let mut command = Command::new("/usr/bin/prlimit");
                command.arg(format!("--as={}", 256 << 20)).arg(pbnfmt);
                command
            } else {
                Command::new(pbnfmt)
            };
            command.args(args).output().unwrap()
        };
        let checked = limited(&["check", "--output-format", "concise", path]);
        let said = common::text(&checked.stdout);
        assert_eq!(checked.status.code(), Some(1), "{said}");
        assert!(
            said.contains("error[X001]") && said.contains("wider than a line"),
            "{said}"
        );
        for args in [
            &["export", path][..],
            &["export", "--check", path],
            &["export", "--diff", path],
        ] {
            let output = limited(args);
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "{args:?}: {:?}\n{}",
                output.status,
                common::text(&output.stderr)
            );
            assert!(
                output.stdout.len() < 4096,
                "{args:?} wrote {} bytes",
                output.stdout.len()
            );
        }
    }
}

/// Positions are found from the nearest checkpoint of a long line, not counted from the line's
/// start for every finding: 100,000 unknown calls on one 60 MB line, each followed by a comment,
/// took time in the square of the line (44 s on a 20 MB line, a 100 MB line 660 s); now each
/// finding costs at most 4 KiB of counting, in every format (JSON and SARIF add file offsets).
#[test]
fn many_findings_on_one_long_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one-line.pbn");
    let comment = format!("{{{}}}", "c".repeat(600));
    let mut text = String::from("[Dealer \"N\"][Auction \"N\"]");
    for _ in 0..100_000 {
        text.push_str(" 2Z ");
        text.push_str(&comment);
    }
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    for format in ["concise", "json", "sarif"] {
        let (output, _) = run_with(&["check", "--output-format", format, path], LIMIT, false);
        assert_eq!(output.status.code(), Some(1), "{format}");
    }
}

/// Only regular files are written, and only regular files and pipes read (issue 21, item 6): a
/// FIFO nobody writes to reads as empty instead of hanging `check`; `/dev/null`, named or behind
/// a link, is refused with a reason and never replaced by a regular file.
#[cfg(unix)]
#[test]
fn devices_and_pipes() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.pbn");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let null_link = dir.path().join("null.pbn");
    std::os::unix::fs::symlink("/dev/null", &null_link).unwrap();
    let null_link = null_link.to_str().unwrap();
    for args in [
        &["check", "/dev/null"][..],
        &["check", null_link],
        &["export", "--write", null_link],
        &["nag", "--write", null_link],
    ] {
        let (output, _) = run(args, LIMIT);
        let said = common::text(&output.stderr) + &common::text(&output.stdout);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("not a regular file"), "{args:?}: {said}");
    }
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    if !made.is_ok_and(|status| status.success()) {
        common::cannot_run("mkfifo failed: the FIFO part of this test");
        return;
    }
    let fifo = fifo.to_str().unwrap();
    let (output, _) = run(&["check", fifo], LIMIT);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stdout)
    );
    let (output, _) = run(&["export", "--write", fifo], LIMIT);
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("which pbnfmt does not write"), "{said}");
    assert!(std::fs::metadata(fifo).unwrap().file_type().is_fifo());
}

/// A directory walk does not follow symbolic links unless `-L`/`--follow` (issue 21, item 5):
/// `export --write repo/` rewrote the target of `repo/b.pbn -> ../elsewhere/archive.pbn`, and an
/// empty file reached that way became a PBN header. A link named on the command line is still
/// written through.
#[cfg(unix)]
#[test]
fn a_walk_stays_in_its_tree() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(elsewhere.join("inner")).unwrap();
    std::fs::create_dir(&repo).unwrap();
    std::fs::write(repo.join("own.pbn"), common::GAME).unwrap();
    std::fs::write(elsewhere.join("archive.pbn"), common::GAME).unwrap();
    std::fs::write(elsewhere.join("inner/deep.pbn"), common::GAME).unwrap();
    std::fs::write(elsewhere.join("empty.pbn"), "").unwrap();
    std::os::unix::fs::symlink("../elsewhere/archive.pbn", repo.join("b.pbn")).unwrap();
    std::os::unix::fs::symlink("../elsewhere/empty.pbn", repo.join("e.pbn")).unwrap();
    std::os::unix::fs::symlink("../elsewhere/inner", repo.join("linked")).unwrap();
    let outside = |name: &str| std::fs::read(elsewhere.join(name)).unwrap();
    let repo_arg = repo.to_str().unwrap();
    let (output, _) = run(&["export", "--write", repo_arg], LIMIT);
    succeeded(&output);
    assert!(
        common::text(&output.stderr).contains("1 file"),
        "{}",
        common::text(&output.stderr)
    );
    assert_eq!(outside("archive.pbn"), common::GAME.as_bytes());
    assert_eq!(outside("inner/deep.pbn"), common::GAME.as_bytes());
    assert!(outside("empty.pbn").is_empty());
    assert_ne!(
        std::fs::read(repo.join("own.pbn")).unwrap(),
        common::GAME.as_bytes()
    );
    // With -L the links are followed: the three files behind them are exported.
    let (output, _) = run(&["export", "-L", "--write", repo_arg], LIMIT);
    succeeded(&output);
    assert_ne!(outside("archive.pbn"), common::GAME.as_bytes());
    assert_ne!(outside("inner/deep.pbn"), common::GAME.as_bytes());
    // A link named on the command line is written through, as before.
    std::fs::write(elsewhere.join("archive.pbn"), common::GAME).unwrap();
    let link = repo.join("b.pbn");
    let (output, _) = run(&["export", "--write", link.to_str().unwrap()], LIMIT);
    succeeded(&output);
    assert_ne!(outside("archive.pbn"), common::GAME.as_bytes());
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// `--out-dir` never writes through a symbolic link already inside the output directory, to a
/// directory or a file elsewhere (issue 21, item 4): the file is refused with a reason (exit
/// status 2), and what the links point to stays as it was.
#[cfg(unix)]
#[test]
fn links_inside_the_out_dir_are_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for path in ["in/sub", "out", "elsewhere/sub"] {
        std::fs::create_dir_all(root.join(path)).unwrap();
    }
    std::fs::write(root.join("in/top.pbn"), common::GAME).unwrap();
    std::fs::write(root.join("in/sub/deep.pbn"), common::GAME).unwrap();
    std::fs::write(root.join("elsewhere/top.pbn"), "kept").unwrap();
    std::os::unix::fs::symlink("../elsewhere/top.pbn", root.join("out/top.pbn")).unwrap();
    std::os::unix::fs::symlink("../elsewhere/sub", root.join("out/sub")).unwrap();
    let output = common::pbnfmt(&["export", "--out-dir", "out", "in"], root);
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert_eq!(
        said.matches("symbolic link inside the output directory")
            .count(),
        2,
        "{said}"
    );
    assert_eq!(
        std::fs::read(root.join("elsewhere/top.pbn")).unwrap(),
        b"kept"
    );
    assert_eq!(
        std::fs::read_dir(root.join("elsewhere/sub"))
            .unwrap()
            .count(),
        0
    );
}

/// `--write` keeps a file's owner and group, or leaves the file alone (issue 21, item 9): run
/// by another user in a directory anyone may write, the rename would have handed a root-owned
/// file to that user. Needs root and setpriv, as the unreadable-file test does.
#[cfg(unix)]
#[test]
fn another_users_file_is_not_taken_over() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.pbn");
    std::fs::write(&path, common::GAME).unwrap();
    let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
        .into_iter()
        .find(|path| Path::new(path).exists());
    let (true, Some(setpriv)) = (std::fs::metadata(&path).unwrap().uid() == 0, setpriv) else {
        // A developer who is not root cannot hand a file to another user; CI runs as root.
        common::cannot_run("needs root and setpriv");
        return;
    };
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let output = Command::new(setpriv)
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["export", "--write"])
        .arg(&path)
        .output()
        .unwrap();
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("cannot keep the owner and group"), "{said}");
    let after = std::fs::metadata(&path).unwrap();
    assert_eq!((after.uid(), after.gid()), (0, 0));
    assert_eq!(std::fs::read(&path).unwrap(), common::GAME.as_bytes());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left"
    );
}

/// A signal that ends `--write` removes the temporary file it was writing (issue 21, item 9):
/// SIGTERM while a 60 MB export is being written, and SIGXFSZ (a file over `ulimit -f`, under
/// `prlimit --fsize`), which now fails the write with an error instead of killing the run. The
/// file is left as it was either way.
#[cfg(unix)]
#[test]
fn signals_leave_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.pbn");
    let text = format!("[Event \"{}\"]\n", "e".repeat(60_000_000));
    std::fs::write(&path, &text).unwrap();
    let temporaries = || {
        std::fs::read_dir(dir.path())
            .unwrap()
            .filter(|entry| {
                let name = entry.as_ref().unwrap().file_name();
                name.to_string_lossy().starts_with(".pbnfmt-")
            })
            .count()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["export", "--write"])
        .arg(&path)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the temporary file to appear, then end the run.
    let start = Instant::now();
    while temporaries() == 0 && child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < LIMIT, "no temporary file appeared");
        std::thread::sleep(Duration::from_micros(200));
    }
    let caught = temporaries() > 0;
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    if caught {
        assert_eq!(status.code(), Some(128 + 15), "{status:?}");
        assert_eq!(temporaries(), 0, "a temporary file was left behind");
        assert_eq!(std::fs::read(&path).unwrap(), text.as_bytes());
    } else {
        eprintln!("note: the export ended before its temporary file was seen; SIGTERM not tested");
        common::skipped("the export ended before its temporary file was seen (SIGTERM)");
    }
    // SIGXFSZ: deterministic under a file size limit.
    if Path::new("/usr/bin/prlimit").exists() {
        let output = Command::new("/usr/bin/prlimit")
            .arg("--fsize=1000000")
            .arg(env!("CARGO_BIN_EXE_pbnfmt"))
            .args(["export", "--write"])
            .arg(&path)
            .output()
            .unwrap();
        let said = common::text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{:?} {said}", output.status);
        assert!(said.contains("cannot write"), "{said}");
        assert_eq!(temporaries(), 0, "a temporary file was left behind");
        assert_eq!(std::fs::read(&path).unwrap(), text.as_bytes());
    }
}

/// LIN files that try to exhaust memory or time: a million one-pair records, a record of a million
/// unknown tags, a million calls in one auction, a deal value of megabytes, random bytes behind a
/// LIN tag, a file cut inside a value. `convert` (to standard output, `--check`, `-o`) and `check`
/// end normally on each, under a 512 MB address-space limit where `prlimit` is installed, and
/// within the LIN memory bound, measured in the same run: 128 MB (the 100,000 findings kept, with
/// their messages, and a batch) plus twice the file (`docs/spec-decisions.md`, "LIN: the memory
/// bound").
#[test]
fn lin_files_are_read_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let mut random = 0x2545_f491_4f6c_dd1du64;
    let mut noise = String::from("ab|");
    while noise.len() < 4_000_000 {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        // Printable ASCII and `|`, most often `|`.
        let byte = (random % 96) as u8 + 31;
        noise.push(if byte < 40 { '|' } else { char::from(byte) });
    }
    let files = [
        ("records.lin", "md|1|".repeat(300_000)),
        ("unknown.lin", "ab|".repeat(1_300_000)),
        (
            "calls.lin",
            format!("md|1SAKQJT98765432,,|{}", "mb|p|".repeat(400_000)),
        ),
        ("deal.lin", format!("md|1S{}|", "A".repeat(4_000_000))),
        ("noise.lin", noise),
        ("cut.lin", format!("md|1SAK{}", "Q".repeat(1_000_000))),
    ];
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    for (name, text) in &files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let joined = dir.path().join("all.pbn");
        let joined = joined.to_str().unwrap();
        for args in [
            &["convert", "--check", "--output-format", "concise", path][..],
            &["convert", path],
            &["convert", "-o", joined, path],
            &["check", "--output-format", "concise", path],
        ] {
            // Under the address-space limit, with the peak memory measured in the same run.
            let cap = prlimit.then_some(512u64 << 20);
            let (output, rss) = run_capped(args, LIMIT, false, cap);
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "{name} {args:?}: {:?}\n{}",
                output.status,
                common::text(&output.stderr)
            );
            if let Some(rss) = rss {
                let bound = (128u64 << 20) + 2 * text.len() as u64;
                assert!(rss <= bound, "{name} {args:?}: {} MB", rss >> 20);
            }
        }
    }
}

/// `convert --to jsonl|csv` reads a file a window at a time (issue 26: "peak memory flat"): on a
/// generated file of 24 MB the peak is that of a file of 4 MB (a few megabytes of windows, chunk
/// trees, and the output held until it spills to a temporary file at 8 MiB), within the bound
/// that `docs/jsonl.md` states. Measured where `/usr/bin/time` is installed; under a 256 MB
/// address-space limit where `prlimit` is.
#[test]
fn games_become_data_in_the_same_memory_whatever_the_file_size() {
    let dir = tempfile::tempdir().unwrap();
    let options = pbnfmt::generate::Options::default();
    let mut peaks = Vec::new();
    for megabytes in [4usize, 24] {
        let path = dir.path().join(format!("{megabytes}.pbn"));
        std::fs::write(
            &path,
            pbnfmt::generate::text_of_size(megabytes << 20, &options),
        )
        .unwrap();
        let path = path.to_str().unwrap();
        let joined = dir.path().join("all.jsonl");
        let joined = joined.to_str().unwrap();
        for (command, args) in [
            &["convert", "--to", "jsonl", path][..],
            &["convert", "--to", "csv", path],
            &["convert", "--to", "jsonl", "-o", joined, path],
        ]
        .into_iter()
        .enumerate()
        {
            let (output, rss) = run_with(args, LIMIT, false);
            let stderr = common::text(&output.stderr);
            assert!(output.status.success(), "{args:?}: {stderr}");
            if Path::new("/usr/bin/prlimit").exists() {
                let limited = Command::new("/usr/bin/prlimit")
                    .arg(format!("--as={}", 256u64 << 20))
                    .arg(env!("CARGO_BIN_EXE_pbnfmt"))
                    .args(args)
                    .stdout(Stdio::null())
                    .output()
                    .unwrap();
                assert!(limited.status.success(), "{args:?} under 256 MB");
            }
            if let Some(rss) = rss {
                peaks.push((megabytes, command, rss));
            }
        }
    }
    if peaks.is_empty() {
        common::cannot_run("/usr/bin/time is not installed: the peaks of this test");
        return;
    }
    eprintln!("peak RSS (file MB, command, bytes): {peaks:?}");
    // Bytes. The output is held in memory up to 8 MiB before it spills (io::spool): CSV's, a
    // fifth of the input (0.8 and 4.9 MB), is held whole for both files, in a buffer that grows
    // by doubling, so the larger file's may take 8 MiB where the smaller's takes 1; measured,
    // the release build's peaks differ by 8.4 MB at d94b8ea and after, the test build's by up
    // to 9.6 MB, at the edge of the 9 MiB this allowed. A whole reading would add the 20 MB the
    // files differ by at least once, over the 12 MiB allowed now.
    for (small, large) in peaks[..3].iter().zip(&peaks[3..]) {
        assert!(
            large.2 <= small.2 + (12 << 20),
            "{large:?} against {small:?}: the same memory whatever the size"
        );
        assert!(large.2 < 48 << 20, "{large:?}: within the 48 MB bound");
    }
}

/// The set commands on a file where every game repeats the first deal (200,000 games, each a
/// finding of H001): `check` keeps its findings limit, `dedup` writes the one game left and the
/// 199,999 removed, `fingerprint` counts 200,000 boards; each ends normally under a 512 MB
/// address-space limit where `prlimit` is installed, within the time limit.
#[test]
fn a_set_of_one_deal_repeated_is_checked_deduplicated_and_fingerprinted_in_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    let mut text = String::new();
    for board in 1..=200_000 {
        text.push_str(&format!("[Board \"{board}\"]\n[Deal \"{deal}\"]\n\n"));
    }
    std::fs::write(dir.path().join("set.pbn"), &text).unwrap();
    let path = dir.path().join("set.pbn");
    let path = path.to_str().unwrap();
    let dups = dir.path().join("dups.pbn");
    let out = dir.path().join("out");
    let runs: [&[&str]; 3] = [
        &[
            "check",
            "-q",
            "--extend-select",
            "H001",
            "--output-format",
            "concise",
            path,
        ],
        &[
            "dedup",
            "--out-dir",
            out.to_str().unwrap(),
            "--duplicates",
            dups.to_str().unwrap(),
            path,
        ],
        &["fingerprint", path],
    ];
    for args in runs {
        let limited = Path::new("/usr/bin/prlimit").exists();
        let output = if limited {
            Command::new("/usr/bin/prlimit")
                .arg(format!("--as={}", 512u64 << 20))
                .arg(env!("CARGO_BIN_EXE_pbnfmt"))
                .args(args)
                .output()
                .unwrap()
        } else {
            run_with(args, LIMIT, true).0
        };
        let stderr = common::text(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let stdout = common::text(&output.stdout);
        match args[0] {
            "check" => assert!(
                stdout.lines().filter(|l| l.contains("[H001]")).count() == 100_000
                    && stdout.contains("99999 more findings not shown"),
                "{args:?}: {}",
                &stdout[stdout.len().saturating_sub(300)..]
            ),
            "fingerprint" => assert!(stdout.contains("200000 boards"), "{stdout}"),
            _ => assert!(output.status.success(), "{args:?}: {stderr}"),
        }
    }
    let kept = std::fs::read_to_string(out.join("set.pbn")).unwrap();
    assert_eq!(kept.matches("[Board ").count(), 1);
    let removed = std::fs::read_to_string(&dups).unwrap();
    assert_eq!(removed.matches("[Board ").count(), 199_999);
}

/// Issue 45, item 7: a line end inside a LIN value reached the concise output raw, so that a file
/// could start a line of pbnfmt's output with a GitHub workflow command (`::error …`,
/// `::stop-commands::`). In every format, no line but pbnfmt's own commands starts with `::`,
/// and no escape or bidirectional override from the file is printed raw.
#[test]
fn a_line_end_in_a_lin_value_forges_no_line_of_output() {
    let dir = tempfile::tempdir().unwrap();
    let lin = "pn|S,W,N,E|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|sv|o|\
        qx|z\n::error file=x::forged\r::stop-commands::\u{1b}[2J\u{202e}|ah|Board 1|mb|p|\n";
    std::fs::write(dir.path().join("evil.lin"), lin).unwrap();
    for format in ["full", "concise", "json", "github", "sarif"] {
        let output = common::pbnfmt(
            &["check", "--output-format", format, "evil.lin"],
            dir.path(),
        );
        assert_eq!(output.status.code(), Some(1), "{format}");
        for stream in [&output.stdout, &output.stderr] {
            let text = common::text(stream);
            // The runner reads a command from a line that starts with `::`, spaces before it
            // trimmed.
            for line in text.split(['\n', '\r']) {
                let line = line.trim_start();
                assert!(
                    !line.starts_with("::") || line.starts_with("::error file=evil.lin,"),
                    "{format}: {line}"
                );
            }
            assert!(!text.contains(['\u{1b}', '\u{202e}']), "{format}: {text}");
        }
    }
}

/// Issue 45, item 19: file text at the start of a line of output could forge a GitHub workflow
/// command: `show` printed the Event on a line of its own, `fingerprint --canonical` starts each
/// line with the Board, `--show-settings` printed an exclude pattern holding a line end raw.
#[test]
fn file_text_starting_a_line_is_no_workflow_command() {
    let dir = tempfile::tempdir().unwrap();
    let deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    std::fs::write(
        dir.path().join("a.pbn"),
        format!(
            "[Event \"::error file=x::forged\"]\n[Board \"::warning::b\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"None\"]\n[Deal \"{deal}\"]\n"
        ),
    )
    .unwrap();
    for args in [
        &["show", "a.pbn"][..],
        &["fingerprint", "--canonical", "a.pbn"],
        &[
            "check",
            "--show-settings",
            "--exclude",
            "x\n::error file=y::forged",
            "a.pbn",
        ],
    ] {
        let output = common::pbnfmt(args, dir.path());
        assert!(
            output.status.success(),
            "{args:?}: {}",
            common::text(&output.stderr)
        );
        for stream in [&output.stdout, &output.stderr] {
            for line in common::text(stream).split(['\n', '\r']) {
                assert!(!line.trim_start().starts_with("::"), "{args:?}: {line}");
            }
        }
    }
}

/// Issue 45, item 17: when the OS refuses a thread (a process limit, a container's `pids.max`),
/// the worker pool panicked and the process then hung inside `thread::scope`. Every command that
/// works on threads goes on with the threads it got, or on the calling thread, and ends as it
/// would on one thread. Run as nobody (root is not held to `RLIMIT_NPROC`) with a limit of one
/// process, so that no thread can be made, under `timeout`.
#[cfg(unix)]
#[test]
fn a_thread_the_os_refuses_neither_panics_nor_hangs() {
    let tools = ["/usr/bin/prlimit", "/usr/bin/timeout", "/usr/bin/setpriv"];
    if let Some(missing) = tools.iter().find(|tool| !Path::new(tool).exists()) {
        common::cannot_run(&format!(
            "{missing} is not installed: the thread-refusal test"
        ));
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree");
    std::fs::create_dir(&tree).unwrap();
    for name in ["a", "b", "c", "d", "e"] {
        std::fs::write(tree.join(format!("{name}.pbn")), common::GAME).unwrap();
    }
    // A file of many chunks, which `check -j4` and `export -j4` read on threads of its own.
    let big = format!("{}\n\n", common::GAME).repeat(2_000);
    std::fs::write(tree.join("big.pbn"), &big).unwrap();
    for path in [dir.path(), &tree] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    let is_root = rustix::process::getuid().is_root();
    let run = |args: &[&str]| {
        let mut command = Command::new("/usr/bin/timeout");
        command.arg("120");
        if is_root {
            command.args([
                "/usr/bin/setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
            ]);
        }
        command
            .args(["/usr/bin/prlimit", "--nproc=1", "--"])
            .arg(env!("CARGO_BIN_EXE_pbnfmt"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    for args in [
        &["check", "-j4", "--statistics", "tree"][..],
        &["export", "-j4", "--check", "tree"],
        &["resolve", "-j4", "--check", "tree"],
        &["fingerprint", "-j4", "tree"],
        &["convert", "--to", "jsonl", "-j4", "-o", "out.jsonl", "tree"],
    ] {
        let output = run(args);
        let stderr = common::text(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{args:?}: {:?}\n{stderr}",
            output.status
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // The same findings as on one thread, with every thread refused.
    let alone = common::pbnfmt(
        &["check", "-j1", "--output-format", "concise", "tree"],
        dir.path(),
    );
    let refused = run(&["check", "-j4", "--output-format", "concise", "tree"]);
    assert_eq!(common::text(&refused.stdout), common::text(&alone.stdout));
}

/// Issue 45 items 10 and 20. A file whose every game gives one more tag name a `##` value (4,000
/// games, 118 KB: game k inherited k-1 values, 47 s and 1.14 GB in `check`) is read in linear
/// time: past 32 names F008 says so and the values reach their own game only. A file of one
/// fixable finding a game (`fix` held every finding: about 950 MB for 450,000 in 9 MB) is fixed
/// whole in passes of 50,000 (here 120,000: three passes). The refusals of `export` (one W002 a game) are kept worded up to the
/// findings limit and counted past it. Each within 32 MB + 2 × the file (fix: plus one pass's
/// findings, 40 MB; export: plus its output and read-back), and under a 512 MB address-space
/// limit where `prlimit` is installed.
#[test]
fn floods_of_inherited_names_and_findings_stay_in_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let inherited: String = (1..=4000)
        .map(|k| format!("[T{k} \"##v\"]\n[Board \"{k}\"]\n\n"))
        .collect();
    let fixable = "[Vulnerable \"N-S\"]\n\n".repeat(120_000);
    let refused = "[Board \"1\"]\n[Board \"2\"]\n\n".repeat(120_000);
    for (name, text) in [
        ("inherited.pbn", &inherited),
        ("fixable.pbn", &fixable),
        ("refused.pbn", &refused),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (inherited_path, fixable_path, refused_path) = (
        path("inherited.pbn"),
        path("fixable.pbn"),
        path("refused.pbn"),
    );
    let runs: [(&[&str], usize, u64); 7] = [
        (
            &["check", "--output-format", "concise", &inherited_path],
            inherited.len(),
            0,
        ),
        (&["nag", &inherited_path], inherited.len(), 0),
        (&["export", &inherited_path], inherited.len(), 0),
        (&["resolve", &inherited_path], inherited.len(), 0),
        // JSON lines: the output held up to 8 MiB before it spills (`docs/jsonl.md`: 48 MB).
        (
            &["convert", "--to", "jsonl", &inherited_path],
            inherited.len(),
            16 << 20,
        ),
        (&["fix", &fixable_path], fixable.len(), 40 << 20),
        // Export's bound counts its output (each game gains the other MTS tags, about ten times
        // this input) and a chunk's read-back, 64 MB ("The memory bound").
        (
            &["export", "--output-format", "concise", &refused_path],
            refused.len(),
            128 << 20,
        ),
    ];
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    for (args, size, more) in runs {
        let (output, rss) = run_with(args, Duration::from_secs(60), true);
        let stderr = common::text(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{args:?}: {:?}\n{stderr}",
            output.status
        );
        if let Some(rss) = rss {
            let bound = (32u64 << 20) + 2 * size as u64 + more;
            assert!(rss <= bound, "{args:?}: {} MB", rss >> 20);
        }
        if prlimit {
            let limited = Command::new("/usr/bin/prlimit")
                .arg(format!("--as={}", 512u64 << 20))
                .arg(env!("CARGO_BIN_EXE_pbnfmt"))
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .unwrap();
            assert!(
                matches!(limited.status.code(), Some(0 | 1)),
                "{args:?} under 512 MB"
            );
        }
        match args[0] {
            "check" => assert!(
                common::text(&output.stdout).contains("error[F008]"),
                "{}",
                common::text(&output.stdout)
            ),
            "fix" => {
                let fixed = common::text(&output.stdout);
                assert_eq!(fixed.matches("[Vulnerable \"NS\"]").count(), 120_000);
                assert!(!fixed.contains("N-S"));
            }
            "export" if args.contains(&"concise") => assert!(
                stderr.contains(
                    "refused.pbn: 20000 more findings not shown: the first 100000 of this file are"
                ),
                "{}",
                &stderr[stderr.len().saturating_sub(2000)..]
            ),
            _ => {}
        }
    }
}

/// Issue 45 item 11: `--files-from` reads its list as it comes and keeps each path once. A
/// million lines naming one file take a few megabytes (before: 85 bytes a line, and 16.7
/// million lines aborted); a list of more than a million different paths, or an endless one
/// (`/dev/zero`: empty entries without end), ends with exit 2 and a message.
#[test]
fn a_list_of_paths_is_read_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("one.pbn");
    std::fs::write(&game, "[Event \"x\"]\n").unwrap();
    let same = format!("{}\n", game.display()).repeat(1_000_000);
    std::fs::write(dir.path().join("same.txt"), &same).unwrap();
    let list = dir.path().join("same.txt");
    let (output, rss) = run_with(
        &["check", "--files-from", list.to_str().unwrap()],
        LIMIT,
        true,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stderr)
    );
    assert!(common::text(&output.stdout).contains("in 1 file"));
    if let Some(rss) = rss {
        assert!(rss < 32 << 20, "{} MB for a list of one path", rss >> 20);
    }
    let many: String = (0..=pbnfmt::io::MAX_LISTED_PATHS)
        .map(|n| format!("{n}.pbn\n"))
        .collect();
    std::fs::write(dir.path().join("many.txt"), many).unwrap();
    for list in ["many.txt", "/dev/zero"] {
        let output = common::pbnfmt(&["check", "--files-from", list], dir.path());
        assert_eq!(output.status.code(), Some(2), "{list}");
        assert!(
            common::text(&output.stderr).contains("pbnfmt: error: the list"),
            "{list}: {}",
            common::text(&output.stderr)
        );
    }
}

/// Issue 45, item 15: every thread held up to `--max-findings` worded findings of its file (about
/// 700 bytes each in JSON) and their rendering, so that memory grew with `-j`: four files of
/// 100,000 findings peaked 190 MB higher on four threads than on one (16 such files at `-j16`:
/// 1.1 GB). A file that holds more than 10,000 findings now waits for the run's lane, one file at
/// a time past it, and a rendering past 8 MiB waits for its turn on disk: four threads cost at
/// most 40 MB each over one, and print the same bytes.
#[test]
fn a_flood_of_findings_in_every_file_does_not_grow_with_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..4 {
        // A tag pair at the end: a text of no tag pair at all is not PBN (F010), one finding.
        let text = format!("{}[Event \"x\"]\n", "x\n".repeat(100_000));
        std::fs::write(dir.path().join(format!("f{i}.pbn")), text).unwrap();
    }
    let path = dir.path().to_str().unwrap();
    let mut seen = Vec::new();
    for threads in ["-j1", "-j4"] {
        let args = ["check", threads, "--output-format", "json", path];
        let (output, rss) = run(&args, LIMIT);
        assert_eq!(output.status.code(), Some(1), "{threads}");
        seen.push((output.stdout, rss));
    }
    assert!(seen[0].0 == seen[1].0, "-j4 prints what -j1 prints");
    let said = common::text(&seen[0].0);
    assert_eq!(
        said.matches("\"code\":").count(),
        400_000,
        "every finding kept"
    );
    if let (Some(one), Some(four)) = (seen[0].1, seen[1].1) {
        assert!(
            four <= one + 3 * (40 << 20),
            "{} MB on four threads, {} MB on one",
            four >> 20,
            one >> 20
        );
    }
}

/// `select` and `stats` (issue 46) on a generated file of 12 MB, and with an expression of 8,000
/// terms (near the 128 KiB a single argument may have): each ends normally under a 512 MB
/// address-space limit where `prlimit` is installed, within its bound, measured in the same run:
/// `select --rejected` 64 MB plus three times the file (the text, the removed boards' text, the
/// result until it spills to a temporary file at 8 MiB), `stats` 64 MB plus twice the file (the
/// text read and decoded; a chunk's trees and the counts besides).
#[test]
fn board_sets_commands_hold_a_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let text = pbnfmt::generate::text_of_size(12 << 20, &pbnfmt::generate::Options::default());
    let path = dir.path().join("large.pbn");
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let rejected = dir.path().join("rejected.pbn");
    let rejected = rejected.to_str().unwrap();
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    let long = format!("{}board == 0", "board == 1 or ".repeat(8_000));
    let size = text.len() as u64;
    for (args, bound) in [
        (
            vec![
                "select",
                "--where",
                "hcp(north) >= 12",
                "--rejected",
                rejected,
                path,
            ],
            (64u64 << 20) + 3 * size,
        ),
        (
            vec!["select", "--where", long.as_str(), path],
            (64u64 << 20) + 3 * size,
        ),
        (
            vec!["stats", "--where", "level >= 4", path],
            (64u64 << 20) + 2 * size,
        ),
        (
            vec!["stats", "--where", long.as_str(), path],
            (64u64 << 20) + 2 * size,
        ),
    ] {
        let cap = prlimit.then_some(512u64 << 20);
        let (output, rss) = run_capped(&args, LIMIT, false, cap);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}: {}",
            args[..2].join(" "),
            common::text(&output.stderr)
        );
        if let Some(rss) = rss {
            assert!(rss <= bound, "{}: {} MB", args[..2].join(" "), rss >> 20);
        }
    }
    // The boards not kept were all written.
    assert!(std::fs::metadata(rejected).unwrap().len() > 1 << 20);
}

/// Issue 63, item 10: the regular expressions of one `--where` share one memory bound. A thousand
/// `\w{20}` expressions (22 KB of text) took 1.2 GB and 6.7 s, each within the `regex` crate's
/// own per-expression limit; now the expression is refused (exit 2, saying why) before it reads a
/// file, under a 256 MB address-space limit, while expressions that fit (a dozen `\w{20}`, 200
/// literal names) still select what they match.
#[test]
fn a_where_expression_has_one_bound_for_all_its_regular_expressions() {
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.pbn");
    let mut text = String::new();
    for board in 1..=300 {
        let event = if board == 150 {
            "Smolen199 Cup ".to_owned() + &"é".repeat(20)
        } else {
            format!("Club {board} {}", "中x".repeat(40))
        };
        text.push_str(&format!("[Event \"{event}\"]\n[Board \"{board}\"]\n\n"));
    }
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let any = |pattern: &dyn Fn(usize) -> String, count: usize| {
        (0..count).map(pattern).collect::<Vec<_>>().join(" or ")
    };
    let cap = Some(256u64 << 20);

    let flood = any(&|i| format!("event ~ /\\w{{20}}{i}/"), 1000);
    let (output, rss) = run_capped(&["select", "--where", &flood, path], LIMIT, true, cap);
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(
        said.contains("too large") && said.contains("all of an expression's together"),
        "{said}"
    );
    assert!(output.stdout.is_empty());
    if let Some(rss) = rss {
        assert!(rss < 96 << 20, "{} MB", rss >> 20);
    }

    let dozen = any(&|i| format!("event ~ /\\w{{20}}{i}/"), 12);
    let (output, _) = run_capped(&["select", "--where", &dozen, path], LIMIT, true, cap);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stderr)
    );

    let names = any(&|i| format!("event ~ /smolen{i}\\b/i"), 200);
    let (output, _) = run_capped(&["select", "--where", &names, path], LIMIT, true, cap);
    let chosen = common::text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stderr)
    );
    assert!(chosen.contains("[Board \"150\"]"), "{chosen}");
    assert_eq!(chosen.matches("[Board ").count(), 1, "{chosen}");
}

/// Issue 63, item 8: `dedup`'s first pass (which deals repeat, H001 alone) held every syntax
/// finding of the file before dropping them: 1.15 GB and 3.2 s for 3 million findings in 14 MB.
/// The reading now words and keeps only the findings of the rules selected. Here a tenth of that
/// flood (300,000 unknown calls in 15,000 games), with one deal given twice: the repeat is
/// removed within 80 MB (44 MB measured; it took 120 MB), under a 512 MB address-space limit.
#[test]
fn dedup_holds_no_findings_it_does_not_need() {
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flood.pbn");
    let calls = vec!["1Z"; 20].join(" ");
    let deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    let mut text = String::new();
    for game in 1..=15_000 {
        text.push_str(&format!("[Board \"{game}\"]\n[Dealer \"N\"]\n"));
        if game == 1 || game == 15_000 {
            text.push_str(&format!("[Deal \"{deal}\"]\n"));
        }
        text.push_str(&format!("[Auction \"N\"]\n{calls}\n\n"));
    }
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let (output, rss) = run_capped(&["dedup", path], LIMIT, true, Some(512 << 20));
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{said}");
    let written = common::text(&output.stdout);
    assert_eq!(written.matches("[Deal ").count(), 1, "{said}");
    assert_eq!(written.matches("[Board ").count(), 14_999, "{said}");
    if let Some(rss) = rss {
        assert!(rss < 80 << 20, "{} MB", rss >> 20);
    }
}

/// Issue 63: every command's memory bound, stated in the README ("Memory") and held here: each
/// command that reads files, on a generated file of 10 MB and on a file whose games each carry a
/// `##` value of 200 characters on to every later game (30 names: the text with them written
/// out is fifty times the file), under a 1 GiB address-space limit where `prlimit` is installed,
/// its peak resident memory within the README's bound for that file. Every command of the table
/// is run, and every command run is in the table.
#[test]
fn every_command_holds_its_memory_bound() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("### Memory").nth(1).unwrap();
    let section = section.split("\n### ").next().unwrap();
    // Each command of the table with its bound: (fixed MB, times the file).
    let mut bounds: Vec<(String, (u64, u64))> = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let bound = cells[2];
        let fixed: u64 = bound.split(" MB").next().unwrap().parse().unwrap();
        let times: u64 = bound
            .split("+ ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // The commands, not their options (`--results`).
        for name in cells[1].split('`').skip(1).step_by(2) {
            if name.starts_with('-') {
                continue;
            }
            bounds.push((name.to_owned(), (fixed, times)));
        }
    }
    assert!(bounds.len() >= 20, "{bounds:?}");
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let generated = pbnfmt::generate::text_of_size(10 << 20, &pbnfmt::generate::Options::default());
    let value = "x".repeat(200);
    let carried: String = (1..=4000)
        .map(|k| format!("[T{} \"##{value}{k}\"]\n[Board \"{k}\"]\n\n", k % 30))
        .collect();
    let prlimit = Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    let mut seen = std::collections::BTreeSet::new();
    for (file, text) in [("generated.pbn", &generated), ("carried.pbn", &carried)] {
        let path = at(file);
        std::fs::write(&path, text).unwrap();
        let other = at(&format!("other-{file}"));
        std::fs::write(&other, text).unwrap();
        let size = text.len() as u64;
        let runs: Vec<Vec<String>> = [
            vec!["check"],
            vec!["stats"],
            vec!["show"],
            vec!["fingerprint"],
            vec!["select", "--where", "hcp(north) >= 12"],
            vec!["set-tag", "--set", "Event=x"],
            vec!["renumber"],
            vec!["rotate", "--by", "1"],
            vec!["replicate", "--blocks", "2"],
            vec!["resolve"],
            vec!["nag"],
            vec!["fix"],
            vec!["dedup"],
            vec!["score"],
            vec!["export"],
            vec!["convert", "--to", "jsonl"],
            vec!["convert", "--to", "csv"],
            vec!["convert", "--to", "lin"],
            vec!["handrecord", "-o", &at("out.html")],
            vec!["handrecord", "-o", &at("out.pdf")],
            vec![
                "handrecord",
                "--results",
                "--force",
                "-o",
                &at("results.pdf"),
            ],
            vec!["merge", "-o", &at("merged.pbn"), &other],
            vec![
                "split",
                "--by",
                "Board",
                "--out-dir",
                &at(&format!("parts-{file}")),
            ],
        ]
        .into_iter()
        .map(|args| {
            let mut args: Vec<String> = args.into_iter().map(str::to_owned).collect();
            args.push(path.clone());
            args
        })
        .collect();
        for args in runs {
            let name = if args[0] == "convert" {
                format!("convert --to {}", args[2])
            } else {
                args[0].clone()
            };
            let Some((_, (fixed, times))) = bounds.iter().find(|(n, _)| *n == name) else {
                panic!("the README's memory table does not give `{name}`");
            };
            seen.insert(name.clone());
            // `merge` reads two files, one a thread: each file's bound per thread, as the
            // README says.
            let inputs = if name == "merge" { 2 } else { 1 };
            let bound = inputs * ((fixed << 20) + times * size);
            let argv: Vec<&str> = args.iter().map(String::as_str).collect();
            let (output, rss) = run_capped(&argv, LIMIT, false, prlimit.then_some(1 << 30));
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "{name} on {file}: {:?} {}",
                output.status,
                common::text(&output.stderr)
            );
            if let Some(rss) = rss {
                eprintln!("{name} on {file}: {} MB of {} MB", rss >> 20, bound >> 20);
                assert!(
                    rss <= bound,
                    "{name} on {file}: {} MB, bound {} MB",
                    rss >> 20,
                    bound >> 20
                );
            }
        }
    }
    let stated: std::collections::BTreeSet<String> = bounds.into_iter().map(|(n, _)| n).collect();
    assert_eq!(stated, seen, "the README's table and the commands run");
}
