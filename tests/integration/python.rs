//! The Python module (issue 48): builds it into the test venv with maturin (`maturin develop`,
//! with the `dev` profile, whose settings are the tests'; see Cargo.toml for what it compiles
//! again), then runs its pytest suite (`python/tests`), which holds it against the command
//! line built here: every `corpus/invalid` fixture's findings, the real corpus's games, export,
//! fix and convert, tables for pandas, pyarrow and DuckDB, and a generated file of 100 MB read in
//! bounded memory. The venv is `PBNFMT_PYTHON`'s (`.ci/run` makes it from
//! `.ci/requirements.txt`); where maturin or pytest is missing, the test says so, and fails
//! under CI.

use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use crate::common::{self, text};

/// Whether `python` can import `module`.
fn has(python: &std::ffi::OsStr, module: &str) -> bool {
    Command::new(python)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_python_module_passes_its_tests() {
    let python = common::python();
    for module in [
        "maturin",
        "pytest",
        "pandas",
        "pyarrow",
        "duckdb",
        "jsonschema",
    ] {
        if !has(&python, module) {
            common::cannot_run(&format!(
                "{module} is not installed in {} (.ci/requirements.txt)",
                python.to_string_lossy()
            ));
            return;
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The venv of that Python: maturin installs into the active one.
    let prefix = Command::new(&python)
        .args(["-c", "import sys; print(sys.prefix)"])
        .output()
        .unwrap();
    let prefix = text(&prefix.stdout).trim().to_owned();
    let built = Command::new(&python)
        .args(["-m", "maturin", "develop", "--profile", "dev"])
        .current_dir(root)
        .env("VIRTUAL_ENV", &prefix)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "maturin develop: {}",
        text(&built.stderr)
    );
    // A generated file of 100 MB (read a window at a time: memory must not follow its size).
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.pbn");
    let mut generator = pbnfmt::generate::Generator::new(&pbnfmt::generate::Options::default());
    let mut file = std::io::BufWriter::new(std::fs::File::create(&big).unwrap());
    let (mut written, mut game) = (0usize, String::new());
    while written < 100_000_000 {
        game.clear();
        generator.next_game(&mut game);
        file.write_all(game.as_bytes()).unwrap();
        written += game.len();
    }
    file.flush().unwrap();
    drop(file);
    let real = common::real_corpus()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let tests = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(root)
        .env("VIRTUAL_ENV", &prefix)
        .env("PBNFMT_BIN", env!("CARGO_BIN_EXE_pbnfmt"))
        .env("PBNFMT_CORPUS", common::corpus())
        .env("PBNFMT_REAL", real)
        .env("PBNFMT_BIG", &big)
        .env("PBNFMT_BIG_GAMES", generator.count().to_string())
        .output()
        .unwrap();
    let said = format!("{}{}", text(&tests.stdout), text(&tests.stderr));
    eprintln!("{said}");
    assert!(tests.status.success(), "pytest failed:\n{said}");
    assert!(said.contains(" passed"), "{said}");
}

/// The release mirror's hooks (python/pre-commit-mirror) are the repository's own, but for
/// `language: python`, and its pin is this version of pbnfmt.
#[test]
fn the_pre_commit_mirror_has_the_same_hooks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let hooks = |path: &str| -> Vec<String> {
        std::fs::read_to_string(root.join(path))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(str::to_owned)
            .collect()
    };
    let own = hooks(".pre-commit-hooks.yaml");
    let mirror = hooks("python/pre-commit-mirror/.pre-commit-hooks.yaml");
    assert_eq!(
        mirror
            .iter()
            .map(|l| l.replace("language: python", "language: rust"))
            .collect::<Vec<_>>(),
        own
    );
    assert_eq!(
        own.iter().filter(|l| l.contains("language: rust")).count(),
        2
    );
    let pin =
        std::fs::read_to_string(root.join("python/pre-commit-mirror/pyproject.toml")).unwrap();
    assert!(
        pin.contains(&format!("\"pbnfmt=={}\"", env!("CARGO_PKG_VERSION"))),
        "{pin}"
    );
}
