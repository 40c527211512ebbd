//! The `pbnfmt` binary as users run it: exit statuses, output forms, directory walking, stdin, and
//! the commands the README shows.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::pbnfmt;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README: `cargo run --release -- check corpus/valid` checks the standard's examples clean.
#[test]
fn readme_check_of_the_valid_corpus_exits_0() {
    let output = pbnfmt(&["check", "corpus/valid"], Path::new(ROOT));
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let files = common::pbn_files(&common::corpus().join("valid")).len();
    assert!(
        stdout(&output).starts_with(&format!("No findings in {files} files (")),
        "{}",
        stdout(&output)
    );
}

/// README: `cargo run --release -- check corpus/invalid --output-format concise` lists one line
/// per finding and exits 1.
#[test]
fn readme_concise_check_of_the_invalid_corpus_exits_1() {
    let output = pbnfmt(
        &["check", "corpus/invalid", "--output-format", "concise"],
        Path::new(ROOT),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.contains(
            "corpus/invalid/syntax/unknown-call.pbn:3:8: error[S009] `2Q` is not a call\n"
        ),
        "{text}"
    );
    // The summary counts what the lines say, whatever fixtures there are.
    let findings: Vec<&str> = text.lines().filter(|line| line.contains("]")).collect();
    let count = |severity: &str| {
        findings
            .iter()
            .filter(|line| line.contains(&format!(": {severity}[")))
            .count()
    };
    let with_findings: std::collections::BTreeSet<&str> = findings
        .iter()
        .filter_map(|line| line.split(':').next())
        .collect();
    let files = common::game_files(&common::corpus().join("invalid")).len();
    let expected = format!(
        "Found {} errors and {} warnings in {} of {files} files",
        count("error"),
        count("warning"),
        with_findings.len()
    );
    assert!(
        text.lines().last().unwrap().starts_with(&expected),
        "{expected}\n{text}"
    );
}

#[test]
fn full_output_is_a_code_frame_without_colour_when_piped() {
    let output = pbnfmt(
        &["check", "corpus/invalid/syntax/unknown-card.pbn"],
        Path::new(ROOT),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("S010(unknown-card)"), "{text}");
    assert!(text.contains("× `S10` is not a card"), "{text}");
    assert!(
        text.contains("help: PBN writes this card as `ST`"),
        "{text}"
    );
    assert!(!text.contains('\u{1b}'), "colour escape in piped output");
}

#[test]
fn missing_path_exits_2_and_says_so() {
    let output = pbnfmt(&["check", "no/such/file.pbn"], Path::new(ROOT));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no/such/file.pbn: no such file or directory"));
    // The summary does not read as a pass: it counts the path that was not read.
    assert_eq!(
        stdout(&output).trim_end(),
        "No findings in 0 files (0 games). 1 path could not be read."
    );
}

#[test]
fn usage_error_exits_2() {
    let output = pbnfmt(&["check", "--no-such-flag"], Path::new(ROOT));
    assert_eq!(output.status.code(), Some(2));
    let output = pbnfmt(&["check", "--output-format", "xml"], Path::new(ROOT));
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn stdin_is_read_for_a_dash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["check", "-", "--output-format", "concise"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"[Dealer \"N\"]\r\n[Auction \"N\"]\r\n1C Pas\r\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("<stdin>:3:4: error[S009] `Pas` is not a call\n"));
}

#[test]
fn directories_are_walked_for_pbn_files_in_any_case_in_sorted_order() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "[Event \"x]\n";
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("b.PBN"), bad).unwrap();
    std::fs::write(dir.path().join("a.pbn"), bad).unwrap();
    std::fs::write(dir.path().join("sub/c.pbn"), bad).unwrap();
    std::fs::write(dir.path().join("notes.txt"), bad).unwrap();
    let output = pbnfmt(&["check", ".", "--output-format", "concise"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let files: Vec<String> = stdout(&output)
        .lines()
        .filter_map(|line| line.split(':').next().map(str::to_owned))
        .filter(|file| file.ends_with("pbn") || file.ends_with("PBN"))
        .collect();
    assert_eq!(files, ["./a.pbn", "./b.PBN", "./sub/c.pbn"]);
}

/// Issue 24, item 3: one file named in several spellings (`F`, `./F`, `sub/../F`, and inside
/// a folder also named) is checked once: its findings are not doubled.
#[test]
fn a_file_named_twice_is_checked_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("f.pbn"), "[Event \"x]\n").unwrap();
    let output = pbnfmt(
        &[
            "check",
            "f.pbn",
            "./f.pbn",
            "sub/../f.pbn",
            ".",
            "--output-format",
            "concise",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let findings = text.lines().filter(|line| line.contains("error[")).count();
    assert_eq!(findings, 1, "{text}");
    assert!(text.contains("in 1 of 1 file"), "{text}");
}

#[test]
fn an_explicit_file_is_checked_whatever_its_extension() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("deal.txt"), "[Event \"ok\"]\n").unwrap();
    let output = pbnfmt(&["check", "deal.txt"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).starts_with("No findings in 1 file (1 game)."));
}

#[test]
fn a_forced_encoding_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let utf16: Vec<u8> = "[Event \"x\"]\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    std::fs::write(dir.path().join("utf16.pbn"), &utf16).unwrap();
    // Without a BOM the file is said to look like UTF-16, once, with the way out.
    let guessed = pbnfmt(&["check", "utf16.pbn"], dir.path());
    assert_eq!(guessed.status.code(), Some(1));
    assert!(
        stdout(&guessed).contains("F007(utf16-without-bom)"),
        "{}",
        stdout(&guessed)
    );
    assert!(stdout(&guessed).contains("--encoding utf-16le"));
    let forced = pbnfmt(
        &["check", "utf16.pbn", "--encoding", "utf-16le"],
        dir.path(),
    );
    assert_eq!(forced.status.code(), Some(0), "{}", stdout(&forced));
}

#[test]
fn unreadable_and_readable_files_together_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ok.pbn"), "[Event \"ok\"]\n").unwrap();
    let output = pbnfmt(&["check", "ok.pbn", "gone.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains("No findings in 1 file"));
}

/// `pbnfmt rule CODE` prints the table's documentation; `--all` lists every rule; an unknown
/// rule is a usage error.
#[test]
fn rule_command_prints_docs_from_the_table() {
    let root = Path::new(ROOT);
    let output = pbnfmt(&["rule", "D003"], root);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("# D003 duplicate-card"), "{text}");
    for heading in [
        "## What it checks",
        "## Why",
        "PBN 3.4.11",
        "## Example",
        "## Fix",
    ] {
        assert!(text.contains(heading), "{heading}");
    }
    let all = stdout(&pbnfmt(&["rule", "--all"], root));
    assert_eq!(all.lines().count(), pbnfmt::rules::Rule::ALL.len());
    assert!(
        all.lines()
            .any(|l| l.starts_with("T026 score-mismatch") && l.contains("opt-in"))
    );
    let unknown = pbnfmt(&["rule", "Z999"], root);
    assert_eq!(unknown.status.code(), Some(2));
}

/// `--select`, `--extend-select`, `--ignore` and `--warnings-as-errors` change what runs and the
/// exit status; a selector that names no rule exits 2.
#[test]
fn rule_selection_and_warnings_as_errors() {
    let root = Path::new(ROOT);
    let file = "corpus/invalid/tags/duplicate-tag.pbn";
    let plain = pbnfmt(&["check", file, "--output-format", "concise"], root);
    assert_eq!(plain.status.code(), Some(0), "a warning alone exits 0");
    assert!(stdout(&plain).contains("warning[T022]"));
    let strict = pbnfmt(
        &[
            "check",
            file,
            "--output-format",
            "concise",
            "--warnings-as-errors",
        ],
        root,
    );
    assert_eq!(strict.status.code(), Some(1));
    assert!(stdout(&strict).contains("error[T022]"));
    let ignored = pbnfmt(&["check", file, "--ignore", "duplicate-tag"], root);
    assert!(
        stdout(&ignored).starts_with("No findings"),
        "{}",
        stdout(&ignored)
    );
    let opt_in = "corpus/invalid/tags/score-mismatch.pbn";
    assert!(stdout(&pbnfmt(&["check", opt_in], root)).starts_with("No findings"));
    let selected = pbnfmt(
        &[
            "check",
            opt_in,
            "--extend-select",
            "T026",
            "--output-format",
            "concise",
        ],
        root,
    );
    assert!(stdout(&selected).contains("warning[T026]"));
    let only_deal = pbnfmt(
        &[
            "check",
            "corpus/invalid",
            "--select",
            "D",
            "--output-format",
            "concise",
        ],
        root,
    );
    let findings: Vec<String> = stdout(&only_deal)
        .lines()
        .filter(|l| l.contains("["))
        .map(str::to_owned)
        .collect();
    assert!(
        !findings.is_empty() && findings.iter().all(|l| l.contains("[D00")),
        "{findings:?}"
    );
    let bad = pbnfmt(&["check", file, "--select", "Q12"], root);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("`Q12`"));
}

/// Export-format rules run on files that declare `% EXPORT`, and on any file with `--export`.
#[test]
fn export_rules_run_on_declared_or_requested_export_format() {
    let root = Path::new(ROOT);
    let declared = pbnfmt(
        &[
            "check",
            "corpus/invalid/export/non-crlf-line-end.pbn",
            "--output-format",
            "concise",
        ],
        root,
    );
    assert!(stdout(&declared).contains("error[E003]"));
    let plain = "corpus/valid/spec/pbn-1.2-example-game.pbn";
    assert!(stdout(&pbnfmt(&["check", plain], root)).starts_with("No findings"));
    let requested = pbnfmt(
        &["check", plain, "--export", "--output-format", "concise"],
        root,
    );
    assert!(stdout(&requested).contains("[E0"), "{}", stdout(&requested));
}

/// `--max-findings`: the first findings of a file are listed, the rest counted in the summary,
/// the JSON summary and the exit status, with a line that says so.
#[test]
fn findings_past_max_findings_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let games: String = (1..=50)
        .map(|board| format!("[Board \"{board}\"]\n[Dealer \"Q\"]\n\n"))
        .collect();
    std::fs::write(dir.path().join("many.pbn"), games).unwrap();
    let args = ["check", "many.pbn", "--max-findings", "3"];
    let output = pbnfmt(
        &[&args[..], &["--output-format", "concise"]].concat(),
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[..3].iter().all(|line| line.contains("error[T003]")),
        "{text}"
    );
    assert_eq!(
        lines[3],
        "many.pbn: 47 more findings not shown: the first 3 of this file are (`--max-findings` shows more)"
    );
    assert_eq!(
        lines[4],
        "Found 50 errors and 0 warnings in 1 of 1 file (50 games). 47 findings past `--max-findings` not shown."
    );
    let output = pbnfmt(
        &[&args[..], &["--output-format", "json"]].concat(),
        dir.path(),
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["diagnostics"].as_array().unwrap().len(), 3);
    assert_eq!(json["summary"]["errors"], 50);
    assert_eq!(json["summary"]["omitted"], 47);
    let output = pbnfmt(&[&args[..], &["--statistics"]].concat(), dir.path());
    assert!(stdout(&output).contains("50  T003"), "{}", stdout(&output));
}

/// Issue 24, item 13: `show --board` takes a board number. Anything else is a usage error (exit
/// 2); a number no game has is exit 1, as the help says.
#[test]
fn show_board_is_a_number() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.pbn"), common::GAME).unwrap();
    let output = pbnfmt(&["show", "--board", "x", "g.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        common::text(&output.stderr).contains("`x` is not a board number"),
        "{}",
        common::text(&output.stderr)
    );
    let output = pbnfmt(&["show", "--board", "99", "g.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    let output = pbnfmt(&["show", "--board", "1", "g.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).starts_with("Board 1,"),
        "{}",
        stdout(&output)
    );
}

/// Issue 24, item 6: a tree with no PBN file says so once on standard error; the exit status
/// stays 0 (nothing is wrong with a file, and a hook on such a tree must not fail).
#[test]
fn a_tree_without_pbn_files_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "no bridge here\n").unwrap();
    // `check` reads LIN too (issue 49, item 1); `export` rewrites PBN alone.
    for (command, said) in [
        (&["check", "."][..], "warning: no PBN or LIN files found"),
        (
            &["export", "--check", "."][..],
            "warning: no PBN files found",
        ),
    ] {
        let output = pbnfmt(command, dir.path());
        assert_eq!(output.status.code(), Some(0), "{command:?}");
        let stderr = common::text(&output.stderr);
        assert_eq!(stderr.matches(said).count(), 1, "{command:?}: {stderr}");
    }
}

/// Issue 24, items 10 and 11: `--out-dir` naming a file is one usage error (exit 2), not one OS
/// error per input; exporting the out-dir into itself says why nothing happens.
#[test]
fn out_dir_mistakes_are_said_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), common::GAME).unwrap();
    std::fs::write(dir.path().join("b.pbn"), common::GAME).unwrap();
    std::fs::write(dir.path().join("taken"), "").unwrap();
    let output = pbnfmt(
        &["export", "a.pbn", "b.pbn", "--out-dir", "taken"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = common::text(&output.stderr);
    assert_eq!(stderr.matches("error").count(), 1, "{stderr}");
    assert!(
        stderr.contains("--out-dir taken is a file, not a directory"),
        "{stderr}"
    );

    let output = pbnfmt(&["export", ".", "--out-dir", "exported"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    let output = pbnfmt(&["export", "exported", "--out-dir", "exported"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    let stderr = common::text(&output.stderr);
    assert!(
        stderr.contains("the 2 PBN files found are inside --out-dir"),
        "{stderr}"
    );
}

/// Issue 24, item 5: a directory walk skips what `.gitignore` (in a git repository), `.ignore`
/// and `.git/info/exclude` leave out, and hidden files and directories, as ripgrep does;
/// `--no-ignore` and `--hidden` walk them; a path named on the command line is always taken.
#[test]
fn a_walk_respects_ignore_files_and_skips_hidden_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for sub in [".git/info", "target", "vendor", "exports", ".cache", "kept"] {
        std::fs::create_dir_all(root.join(sub)).unwrap();
    }
    std::fs::write(root.join(".gitignore"), "/target\n*.out.pbn\n").unwrap();
    std::fs::write(root.join(".ignore"), "vendor/\n").unwrap();
    std::fs::write(root.join(".git/info/exclude"), "exports\n").unwrap();
    for file in [
        "kept/a.pbn",
        "target/b.pbn",
        "vendor/c.pbn",
        "exports/d.pbn",
        "kept/e.out.pbn",
        ".cache/f.pbn",
        "kept/.g.pbn",
    ] {
        std::fs::write(root.join(file), common::GAME).unwrap();
    }
    let walked = |args: &[&str]| {
        let mut command = vec!["check", "--output-format", "json", "--exit-zero"];
        command.extend_from_slice(args);
        let output = pbnfmt(&command, root);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        json["summary"]["files"].as_u64().unwrap()
    };
    assert_eq!(walked(&["."]), 1);
    // Named, an ignored or hidden file is taken.
    assert_eq!(walked(&[".", "target/b.pbn", "kept/.g.pbn"]), 3);
    // --no-ignore: the ignore files no longer count; hidden files are still skipped.
    assert_eq!(walked(&["--no-ignore", "."]), 5);
    assert_eq!(walked(&["--hidden", "."]), 3);
    assert_eq!(walked(&["--no-ignore", "--hidden", "."]), 7);
    // Outside a git repository, .gitignore does not count (ripgrep's rule); .ignore does.
    std::fs::remove_dir_all(root.join(".git")).unwrap();
    assert_eq!(walked(&["."]), 4);
}

/// Issue 24, item 12: a reader that goes away (`| head`) ends the output, not the findings
/// status: an archive whose later file has an error still exits 1, in every format.
#[test]
fn a_closed_pipe_keeps_the_findings_status() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), common::GAME).unwrap();
    std::fs::write(dir.path().join("b.pbn"), common::misprint()).unwrap();
    for format in ["json", "sarif", "full", "concise", "github"] {
        for threads in ["1", "2"] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
                .args(["check", "-j", threads, "--output-format", format, "."])
                .current_dir(dir.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // Closed before anything is written: every write fails.
            drop(child.stdout.take());
            let output = child.wait_with_output().unwrap();
            assert_eq!(
                output.status.code(),
                Some(1),
                "{format} -j{threads}: {}",
                stderr(&output)
            );
            assert!(output.stderr.is_empty(), "{format}: {}", stderr(&output));
        }
    }
    // The same for a rewrite's list: a file would change.
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["export", "--check", "."])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

/// Issue 24, items 7 and 8: a binary file, and UTF-16 without its byte-order mark, draw one
/// finding each that says what the file is (F006, F007), in every output format, with the
/// encoding to name for UTF-16 in the message itself (concise output has no help line).
#[test]
fn binary_and_utf16_files_are_said_once_in_every_format() {
    let hostile = common::corpus().join("hostile");
    for (file, code, says) in [
        ("binary-garbage.pbn", "F006", "binary data, not PBN text"),
        (
            "utf16-without-bom.pbn",
            "F007",
            "UTF-16LE without a byte-order mark",
        ),
    ] {
        for format in ["full", "concise", "json", "github", "sarif"] {
            let output = pbnfmt(&["check", "--output-format", format, file], &hostile);
            assert_eq!(output.status.code(), Some(1), "{file} {format}");
            let out = stdout(&output);
            // SARIF also lists every rule's description: its results are counted below.
            if format != "sarif" {
                assert_eq!(out.matches(says).count(), 1, "{file} {format}: {out}");
            }
            let findings = match format {
                "json" => serde_json::from_str::<serde_json::Value>(&out).unwrap()["diagnostics"]
                    .as_array()
                    .unwrap()
                    .len(),
                "sarif" => {
                    serde_json::from_str::<serde_json::Value>(&out).unwrap()["runs"][0]["results"]
                        .as_array()
                        .unwrap()
                        .len()
                }
                _ => out.matches(code).count(),
            };
            assert_eq!(findings, 1, "{file} {format}: {out}");
        }
    }
    let output = pbnfmt(
        &[
            "check",
            "--output-format",
            "concise",
            "--encoding",
            "utf-16le",
            "utf16-without-bom.pbn",
        ],
        &hostile,
    );
    assert!(!stdout(&output).contains("F007"), "{}", stdout(&output));
}
