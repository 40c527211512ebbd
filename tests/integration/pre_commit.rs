//! `.pre-commit-hooks.yaml` under the real pre-commit: `pre-commit try-repo` on a temporary git
//! repository with a good, a bad and an import-format `.pbn` file. The check hook must fail on the
//! bad file and pass without it; the export hook must rewrite the import-format file.
//!
//! pre-commit builds pbnfmt with `cargo install` in its own environment, which takes a minute or
//! two, so the test is ignored by default: `cargo test --test integration pre_commit -- --ignored` runs it,
//! with `pre-commit` on the `PATH` (`pip install pre-commit`).

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::GAME;

fn run(dir: &Path, program: &str, args: &[&str]) -> (i32, String) {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            common::text(&output.stdout),
            common::text(&output.stderr)
        ),
    )
}

// Ignored by default, so that `cargo test` says it did not run rather than passing it.
#[test]
#[ignore = "needs pre-commit (pip install pre-commit) and a few minutes: \
            cargo test --test integration pre_commit -- --ignored"]
fn hooks_run_under_pre_commit_try_repo() {
    assert!(
        Command::new("pre-commit")
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success()),
        "pre-commit is not on the PATH: pip install pre-commit"
    );
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let git = |args: &[&str]| run(root, "git", args);
    git(&["init", "-q"]);
    git(&["config", "user.email", "test@example.org"]);
    git(&["config", "user.name", "test"]);
    fs::write(root.join("good.pbn"), GAME).unwrap();
    fs::write(root.join("bad.pbn"), common::misprint()).unwrap();
    git(&["add", "."]);
    let repo = repo.to_str().unwrap();
    let (status, output) = run(
        root,
        "pre-commit",
        &["try-repo", repo, "pbnfmt-check", "--all-files"],
    );
    assert_eq!(status, 1, "{output}");
    assert!(output.contains("bad.pbn:11:76: error[D003]"), "{output}");
    git(&["rm", "-q", "--cached", "bad.pbn"]);
    fs::remove_file(root.join("bad.pbn")).unwrap();
    let (status, output) = run(
        root,
        "pre-commit",
        &["try-repo", repo, "pbnfmt-check", "--all-files"],
    );
    assert_eq!(status, 0, "{output}");
    let (status, output) = run(
        root,
        "pre-commit",
        &["try-repo", repo, "pbnfmt-export", "--all-files"],
    );
    assert_eq!(status, 1, "{output}");
    assert!(
        output.contains("files were modified by this hook"),
        "{output}"
    );
    let exported = fs::read_to_string(root.join("good.pbn")).unwrap();
    assert!(
        exported.starts_with("% PBN 2.1\r\n% EXPORT\r\n"),
        "{exported}"
    );
    git(&["add", "good.pbn"]);
    let (status, output) = run(
        root,
        "pre-commit",
        &["try-repo", repo, "pbnfmt-export", "--all-files"],
    );
    assert_eq!(status, 0, "an exported file stays as it is: {output}");
}

/// Issue 65, item 13: the check hook takes LIN files too (check reads them); the export hook,
/// which rewrites in place as PBN, takes only PBN files. Read from the hooks file itself, as
/// pre-commit matches names with Python's `re.search`, case-insensitive here.
#[test]
fn the_check_hook_takes_lin_files_and_the_export_hook_does_not() {
    let hooks = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".pre-commit-hooks.yaml"),
    )
    .unwrap();
    let files_of = |id: &str| {
        hooks
            .split("\n- id: ")
            .find(|hook| hook.starts_with(id))
            .and_then(|hook| {
                hook.lines()
                    .find(|line| line.trim_start().starts_with("files:"))
            })
            .map(|line| line.trim().to_owned())
            .unwrap()
    };
    assert_eq!(files_of("pbnfmt-check"), "files: '(?i)\\.(pbn|lin)$'");
    assert_eq!(files_of("pbnfmt-export"), "files: '(?i)\\.pbn$'");
}
