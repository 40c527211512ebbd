//! `pbnfmt export` as users run it, on real files in temporary directories: what each mode writes
//! and what it leaves alone, exit statuses, permissions, modification times, symbolic links.

use crate::common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{modified, pbnfmt, set_old, snapshot, text};

fn pair(name: &str) -> (Vec<u8>, Vec<u8>) {
    let dir = common::corpus().join("export");
    (
        fs::read(dir.join(format!("{name}.pbn"))).unwrap(),
        fs::read(dir.join(format!("{name}.export.pbn"))).unwrap(),
    )
}

/// Two boards run together (no empty line between them): export refuses (W002).
const REFUSED: &[u8] = b"[Event \"Teams\"]\n[Board \"1\"]\n[Board \"2\"]\n";

/// A tree: `import.pbn` (import format), `done.pbn` (already export format, an hour old),
/// `sub/refused.pbn` (two boards run together), and `notes.txt` (not PBN).
fn tree() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("archive");
    fs::create_dir_all(root.join("sub")).unwrap();
    let (import, export) = pair("values");
    fs::write(root.join("import.pbn"), import).unwrap();
    fs::write(root.join("done.pbn"), export).unwrap();
    fs::write(root.join("sub/refused.pbn"), REFUSED).unwrap();
    fs::write(root.join("notes.txt"), "not PBN").unwrap();
    set_old(&root.join("done.pbn"));
    (dir, root)
}

#[test]
fn one_file_to_standard_output() {
    let (import, export) = pair("values");
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("v.pbn"), &import).unwrap();
    let output = pbnfmt(&["export", "v.pbn"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(output.stdout, export);
    assert_eq!(fs::read(dir.path().join("v.pbn")).unwrap(), import);
    // Standard input, too.
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["export", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&import).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.stdout, export);
}

#[test]
fn standard_output_takes_one_file() {
    let (_dir, root) = tree();
    let output = pbnfmt(&["export", "."], &root);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--write, --out-dir, --check or --diff"));
    assert!(output.stdout.is_empty());
}

#[test]
fn a_refused_file_exits_1_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("r.pbn"), REFUSED).unwrap();
    let output = pbnfmt(
        &["export", "r.pbn", "--output-format", "concise"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("r.pbn:3:1: error[W002] a second Board tag"),
        "{stderr}"
    );
    assert!(stderr.contains("r.pbn: not exported"), "{stderr}");
    // --force writes it, and says what it dropped.
    let output = pbnfmt(&["export", "r.pbn", "--force"], dir.path());
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output.stdout).contains("[Board \"1\"]\r\n"));
    assert!(!text(&output.stdout).contains("[Board \"2\"]"));
    assert!(text(&output.stderr).contains("--force: exported anyway"));
}

#[test]
fn check_lists_what_would_change_and_writes_nothing() {
    let (_dir, root) = tree();
    let before = snapshot(&root);
    let old = modified(&root.join("done.pbn"));
    let output = pbnfmt(
        &["export", "--check", "--output-format", "concise", "."],
        &root,
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert_eq!(stdout, "Would reformat: ./import.pbn\n");
    let stderr = text(&output.stderr);
    assert!(stderr.contains("error[W002]"), "{stderr}");
    assert!(
        stderr
            .contains("1 file would be rewritten, 1 file already in export format, 1 file refused"),
        "{stderr}"
    );
    assert_eq!(snapshot(&root), before);
    assert_eq!(modified(&root.join("done.pbn")), old);
    // Files already in export format pass.
    let output = pbnfmt(&["export", "--check", "done.pbn"], &root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
}

#[test]
fn diff_prints_a_unified_diff_and_writes_nothing() {
    let (_dir, root) = tree();
    let before = snapshot(&root);
    let output = pbnfmt(&["export", "--diff", "import.pbn", "done.pbn"], &root);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("--- import.pbn\n+++ import.pbn (export)\n@@ "),
        "{stdout}"
    );
    assert!(stdout.contains("\n-[Dealer \"s\"]\n"), "{stdout}");
    assert!(stdout.contains("\n+[Dealer \"S\"]\r\n"), "{stdout}");
    assert!(!stdout.contains("done.pbn"), "{stdout}");
    assert_eq!(snapshot(&root), before);
}

#[cfg(unix)]
#[test]
fn write_rewrites_in_place_keeping_permissions_and_untouched_files() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, root) = tree();
    let (_, export) = pair("values");
    fs::set_permissions(root.join("import.pbn"), fs::Permissions::from_mode(0o640)).unwrap();
    let old = modified(&root.join("done.pbn"));
    let refused_before = fs::read(root.join("sub/refused.pbn")).unwrap();
    let output = pbnfmt(&["export", "--write", "."], &root);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
    assert!(
        text(&output.stderr)
            .contains("1 file rewritten, 1 file already in export format, 1 file refused"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(fs::read(root.join("import.pbn")).unwrap(), export);
    let mode = fs::metadata(root.join("import.pbn"))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(
        modified(&root.join("done.pbn")),
        old,
        "an unchanged file was touched"
    );
    assert_eq!(
        fs::read(root.join("sub/refused.pbn")).unwrap(),
        refused_before
    );
    assert_eq!(
        fs::read_to_string(root.join("notes.txt")).unwrap(),
        "not PBN"
    );
    // No temporary file is left behind.
    let names: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        names.iter().all(|n| !n.starts_with(".pbnfmt-")),
        "{names:?}"
    );
    // A second run changes nothing: exit 1 only for the refused file.
    let output = pbnfmt(&["export", "--write", "import.pbn", "done.pbn"], &root);
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output.stderr).contains("0 files rewritten, 2 files already in export format"));
}

#[cfg(unix)]
#[test]
fn write_goes_through_a_symbolic_link() {
    let (_dir, root) = tree();
    let (_, export) = pair("values");
    std::os::unix::fs::symlink(root.join("import.pbn"), root.join("link.pbn")).unwrap();
    let output = pbnfmt(&["export", "--write", "link.pbn"], &root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        fs::symlink_metadata(root.join("link.pbn"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(root.join("import.pbn")).unwrap(), export);
}

#[test]
fn write_refuses_standard_input() {
    let output = pbnfmt(&["export", "--write", "-"], Path::new("."));
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn out_dir_mirrors_the_tree_and_leaves_the_input_alone() {
    let (dir, root) = tree();
    let out = dir.path().join("exported");
    let before = snapshot(&root);
    let output = pbnfmt(&["export", "--out-dir", out.to_str().unwrap(), "."], &root);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(snapshot(&root), before);
    let (_, export) = pair("values");
    assert_eq!(fs::read(out.join("import.pbn")).unwrap(), export);
    assert_eq!(fs::read(out.join("done.pbn")).unwrap(), export);
    assert!(!out.join("sub/refused.pbn").exists());
    assert!(!out.join("notes.txt").exists());
    assert!(
        text(&output.stderr)
            .contains("2 files exported (2 written, 0 already up to date), 1 file refused"),
        "{}",
        text(&output.stderr)
    );
    // Again: nothing is rewritten, and modification times stay.
    set_old(&out.join("import.pbn"));
    let old = modified(&out.join("import.pbn"));
    let output = pbnfmt(&["export", "--out-dir", out.to_str().unwrap(), "."], &root);
    assert!(text(&output.stderr).contains("(0 written, 2 already up to date)"));
    assert_eq!(modified(&out.join("import.pbn")), old);
}

#[test]
fn out_dir_inside_the_tree_is_not_exported_again() {
    let (_dir, root) = tree();
    fs::remove_file(root.join("sub/refused.pbn")).unwrap();
    let first = pbnfmt(&["export", "--out-dir", "out", "."], &root);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let second = pbnfmt(&["export", "--out-dir", "out", "."], &root);
    assert_eq!(second.status.code(), Some(0));
    assert!(!root.join("out/out").exists());
    assert!(
        text(&second.stderr).contains("2 files exported"),
        "{}",
        text(&second.stderr)
    );
}

/// README: `cargo run --release -- export corpus/export/values.pbn` prints the expected export.
#[test]
fn readme_export_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = pbnfmt(&["export", "corpus/export/values.pbn"], root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(output.stdout, pair("values").1);
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
}

/// A result that cannot be written is trouble (exit 2, the reason on standard error), and the
/// summary does not count it as exported.
#[test]
fn an_unwritable_result_is_trouble_not_a_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("in/sub")).unwrap();
    fs::write(root.join("in/sub/game.pbn"), common::GAME).unwrap();
    fs::create_dir(root.join("out")).unwrap();
    // A file where the mirrored directory must go.
    fs::write(root.join("out/sub"), "").unwrap();
    let output = pbnfmt(&["export", "--out-dir", "out", "in"], root);
    assert_eq!(output.status.code(), Some(2));
    let said = text(&output.stderr);
    assert!(
        said.contains("cannot write the export of in/sub/game.pbn"),
        "{said}"
    );
    assert!(
        said.contains("0 files exported (0 written, 0 already up to date), 1 path could not be read or written"),
        "{said}"
    );
}

/// One file of several chunks exported on one, two and four threads (the chunks proven beside
/// the writer, issue 28): the same bytes, and a file refused for a conflict in its last game is
/// refused alike.
#[test]
fn threads_do_not_change_an_export() {
    let dir = tempfile::tempdir().unwrap();
    let games = pbnfmt::generate::text_of_size(1 << 20, &pbnfmt::generate::Options::default());
    fs::write(dir.path().join("big.pbn"), &games).unwrap();
    fs::write(
        dir.path().join("refused.pbn"),
        format!("{games}\n{}", text(REFUSED)),
    )
    .unwrap();
    for name in ["big.pbn", "refused.pbn"] {
        let runs: Vec<_> = ["-j1", "-j2", "-j4"]
            .iter()
            .map(|threads| pbnfmt(&["export", threads, name], dir.path()))
            .collect();
        let expected = if name == "big.pbn" { 0 } else { 1 };
        assert_eq!(
            runs[0].status.code(),
            Some(expected),
            "{}",
            text(&runs[0].stderr)
        );
        assert!(runs[0].stdout.len() > 1 << 20 || expected == 1, "{name}");
        for run in &runs[1..] {
            assert_eq!(run.status.code(), runs[0].status.code(), "{name}");
            assert!(run.stdout == runs[0].stdout, "{name}: another export");
            assert_eq!(text(&run.stderr), text(&runs[0].stderr), "{name}");
        }
    }
}

/// Issue 61, item 4 (PBN 3.4.15, docs/spec-decisions.md "A Result for a side in an export"): a
/// board whose Result is given for a side with no Declarer has no export form for it; `export`
/// writes that Result as it is given, exports every other board, names the board (W010) and
/// exits 1. Before, the whole file was refused. `check` of the export finds E008 on that Result
/// alone, and its summary does not promise that `export --write` clears it.
#[test]
fn one_uncertain_result_does_not_keep_the_other_boards_from_export() {
    let dir = tempfile::tempdir().unwrap();
    let board = |number: u32, declarer: &str, result: &str| {
        format!(
            "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Board \"{number}\"]\n\
             [West \"w\"]\n[North \"n\"]\n[East \"e\"]\n[South \"s\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQJ.AKQ.AK T98.T98.T98.T987 765.765.765.Q654 432.432.J432.J32\"]\n\
             [Scoring \"MP\"]\n[Declarer \"{declarer}\"]\n[Contract \"3NT\"]\n\
             [Result \"{result}\"]\n"
        )
    };
    let text = [
        board(1, "N", "NS 13"),
        board(2, "", "NS 12"),
        board(3, "S", "13"),
    ]
    .join("\n");
    std::fs::write(dir.path().join("session.pbn"), &text).unwrap();
    let output = common::pbnfmt(&["export", "session.pbn"], dir.path());
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert_eq!(said.matches("W010").count(), 1, "{said}");
    let exported = common::text(&output.stdout);
    assert!(
        exported.starts_with("% PBN 2.1\r\n% EXPORT\r\n"),
        "{exported}"
    );
    // Board 1's Result becomes declarer's tricks; board 2's stays as given.
    let results: Vec<&str> = exported
        .lines()
        .filter(|line| line.starts_with("[Result "))
        .collect();
    assert_eq!(
        results,
        ["[Result \"13\"]", "[Result \"NS 12\"]", "[Result \"13\"]"]
    );
    std::fs::write(dir.path().join("exported.pbn"), &exported).unwrap();
    let check = common::pbnfmt(&["check", "exported.pbn"], dir.path());
    let found = common::text(&check.stdout);
    assert_eq!(found.matches("E008(").count(), 1, "{found}");
    assert!(found.contains("export keeps it"), "{found}");
    assert!(!found.contains("export --write"), "{found}");
}

/// Issue 61, item 5: PBN 2.4 lets a tag pair run over several lines and PBN 3.3 ignores a `%`
/// line in column 1 wherever it stands, so a `%` line inside a tag pair is legal: no finding (it
/// drew S004 or S006 and S008), and `export` writes the file, keeping the line after the tag.
#[test]
fn a_percent_line_inside_a_tag_pair_is_legal_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    for (i, text) in [
        "[Event\n% between the name and the value\n\"x\"]\n[Board \"1\"]\n",
        "[Event \"x\"\n% before the bracket\n]\n[Board \"1\"]\n",
    ]
    .into_iter()
    .enumerate()
    {
        let name = format!("split{i}.pbn");
        std::fs::write(dir.path().join(&name), text).unwrap();
        let check = common::pbnfmt(&["check", "--output-format", "concise", &name], dir.path());
        assert_eq!(
            check.status.code(),
            Some(0),
            "{}",
            common::text(&check.stdout)
        );
        let export = common::pbnfmt(&["export", &name], dir.path());
        assert_eq!(
            export.status.code(),
            Some(0),
            "{}",
            common::text(&export.stderr)
        );
        let written = common::text(&export.stdout);
        let line = text.lines().find(|l| l.starts_with('%')).unwrap();
        assert!(
            written.contains(&format!("[Event \"x\"]\r\n{line}\r\n")),
            "{written}"
        );
    }
}
