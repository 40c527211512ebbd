//! `pbnfmt resolve` and `pbnfmt nag` as users run them, on files in temporary directories: each
//! mode of the shared runner, untouched files, exit statuses.

use crate::common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{modified, pbnfmt, set_old, snapshot, text};

fn pair(dir: &str, name: &str, suffix: &str) -> (Vec<u8>, Vec<u8>) {
    let dir = common::corpus().join(dir);
    (
        fs::read(dir.join(format!("{name}.pbn"))).unwrap(),
        fs::read(dir.join(format!("{name}.{suffix}.pbn"))).unwrap(),
    )
}

/// A tree: `inherits.pbn` (`#` and `##`), `suffixes.pbn` (suffixes), `plain.pbn` (neither, an
/// hour old) and `sub/forbidden.pbn` (a `#` Deal that resolve may not rewrite).
fn tree() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("archive");
    fs::create_dir_all(root.join("sub")).unwrap();
    fs::write(
        root.join("inherits.pbn"),
        pair("resolve", "date-redefined", "resolved").0,
    )
    .unwrap();
    fs::write(root.join("suffixes.pbn"), pair("nag", "suffixes", "nag").0).unwrap();
    fs::write(
        root.join("plain.pbn"),
        "[Event \"Club\"]  \r\n[Board \"1\"]\t{odd spacing stays}\n",
    )
    .unwrap();
    fs::write(
        root.join("sub/forbidden.pbn"),
        "[Event \"A\"]\n[Deal \"N:AKQJT98765432 - - -\"]\n\n[Event \"#\"]\n[Deal \"#\"]\n",
    )
    .unwrap();
    set_old(&root.join("plain.pbn"));
    (dir, root)
}

/// Nothing to rewrite: the same bytes, and `--write` leaves the file alone (its modification
/// time stays).
#[test]
fn a_file_with_nothing_to_rewrite_is_not_touched() {
    let (_dir, root) = tree();
    let plain = root.join("plain.pbn");
    let before = fs::read(&plain).unwrap();
    let old = modified(&plain);
    for command in [
        &["resolve", "--write", "plain.pbn"][..],
        &["resolve", "--compress", "--write", "plain.pbn"],
        &["nag", "--write", "plain.pbn"],
    ] {
        let output = pbnfmt(command, &root);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert!(text(&output.stderr).contains("0 files rewritten, 1 file with"));
        assert_eq!(fs::read(&plain).unwrap(), before);
        assert_eq!(modified(&plain), old, "{command:?} touched the file");
    }
    for command in ["resolve", "nag"] {
        let output = pbnfmt(&[command, "plain.pbn"], &root);
        assert_eq!(output.stdout, before);
    }
}

/// `--write` over a tree: each file that changes is rewritten, atomically; the rest is left; a
/// forbidden `#` that stays exits 1.
#[test]
fn write_rewrites_what_changes() {
    let (_dir, root) = tree();
    let old = modified(&root.join("plain.pbn"));
    let suffixes = fs::read(root.join("suffixes.pbn")).unwrap();
    let output = pbnfmt(&["resolve", "--write", "."], &root);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[T024]") || stderr.contains("T024"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "2 files rewritten, 2 files with nothing to resolve, 1 file with errors left"
        ),
        "{stderr}"
    );
    let (_, resolved) = pair("resolve", "date-redefined", "resolved");
    assert_eq!(fs::read(root.join("inherits.pbn")).unwrap(), resolved);
    assert_eq!(
        fs::read_to_string(root.join("sub/forbidden.pbn")).unwrap(),
        "[Event \"A\"]\n[Deal \"N:AKQJT98765432 - - -\"]\n\n[Event \"A\"]\n[Deal \"#\"]\n"
    );
    assert_eq!(fs::read(root.join("suffixes.pbn")).unwrap(), suffixes);
    assert_eq!(modified(&root.join("plain.pbn")), old);

    let output = pbnfmt(&["nag", "--write", "."], &root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let (_, nagged) = pair("nag", "suffixes", "nag");
    assert_eq!(fs::read(root.join("suffixes.pbn")).unwrap(), nagged);
    assert_eq!(fs::read(root.join("inherits.pbn")).unwrap(), resolved);
    let names: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".pbnfmt-")),
        "{names:?}"
    );
}

/// `--check` lists, `--diff` shows; neither writes.
#[test]
fn check_and_diff_write_nothing() {
    let (_dir, root) = tree();
    fs::write(
        root.join("sub/flat.pbn"),
        pair("resolve", "date-redefined", "resolved").1,
    )
    .unwrap();
    let before = snapshot(&root);
    let output = pbnfmt(&["nag", "--check", "."], &root);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "Would rewrite: ./suffixes.pbn\n");
    // The input of the Date example is its own compressed form.
    let output = pbnfmt(
        &["resolve", "--compress", "--check", "inherits.pbn", "sub"],
        &root,
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stdout),
        "Would compress: sub/flat.pbn\nWould compress: sub/forbidden.pbn\n"
    );
    let output = pbnfmt(&["resolve", "--diff", "inherits.pbn"], &root);
    assert_eq!(output.status.code(), Some(1));
    let diff = text(&output.stdout);
    assert!(diff.contains("+++ inherits.pbn (resolve)"), "{diff}");
    assert!(
        diff.contains("\n-[Event \"##Club Championship\"]\r\n"),
        "{diff}"
    );
    assert!(
        diff.contains("\n+[Event \"Club Championship\"]\r\n"),
        "{diff}"
    );
    assert_eq!(snapshot(&root), before);
}

/// `--out-dir` mirrors the tree, with every file, changed or not.
#[test]
fn out_dir_mirrors_the_tree() {
    let (dir, root) = tree();
    let out = dir.path().join("nagged");
    let before = snapshot(&root);
    let output = pbnfmt(&["nag", "--out-dir", out.to_str().unwrap(), "."], &root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(snapshot(&root), before);
    assert_eq!(
        fs::read(out.join("suffixes.pbn")).unwrap(),
        pair("nag", "suffixes", "nag").1
    );
    assert_eq!(
        fs::read(out.join("plain.pbn")).unwrap(),
        fs::read(root.join("plain.pbn")).unwrap()
    );
    assert!(out.join("sub/forbidden.pbn").exists());
}

/// Standard input to standard output, Latin-1 and CR LF kept.
#[test]
fn standard_input() {
    let (input, expected) = pair("nag", "latin1-crlf", "nag");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["nag", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(output.stdout, expected);
    let output = pbnfmt(&["resolve", "--write", "-"], Path::new("."));
    assert_eq!(output.status.code(), Some(2));
}

/// Issue 24, item 2: `--write` does not replace a read-only file (as ruff, black and prettier
/// refuse): exit 2, the file named, its bytes and mode as they were; the other files are written.
#[cfg(unix)]
#[test]
fn write_refuses_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, root) = tree();
    let locked = root.join("inherits.pbn");
    let before = fs::read(&locked).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o444)).unwrap();
    for command in ["resolve", "export"] {
        let output = pbnfmt(&[command, "--write", "inherits.pbn", "suffixes.pbn"], &root);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("inherits.pbn is read-only (mode 0444); it is left as it was"),
            "{command}: {stderr}"
        );
        assert_eq!(fs::read(&locked).unwrap(), before, "{command}");
        let mode = fs::metadata(&locked).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444, "{command}");
    }
    // The writable one beside it was exported.
    let exported = fs::read_to_string(root.join("suffixes.pbn")).unwrap();
    assert!(exported.starts_with("% PBN"), "{exported}");
}
