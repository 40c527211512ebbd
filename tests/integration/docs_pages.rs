//! The pages under `docs/` and the README, kept true (issue 65, item 11):
//!
//! - every `pbnfmt` command of a `sh` block of a page under `docs/` runs, word for word, in a
//!   sandbox with `hands.pbn` and `archive/` (the README's "Use it" commands are run by
//!   `readme_uses.rs` with their statuses); a command exits 0 unless its line says
//!   `# exits N` (`docs/paths.md`, whose commands read real files, is run by
//!   `newcomer::the_four_paths_run_as_written`);
//! - every synopsis (a line of a `text` block that starts `pbnfmt CMD`) names only options
//!   that `pbnfmt CMD --help` lists;
//! - every relative link of the README and the pages leads to a file of the repository;
//! - the Rust version the README states is `Cargo.toml`'s `rust-version`, and the README stays a
//!   page a newcomer reads in a minute (under 300 lines).

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use clap::CommandFactory;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown pages: the README and every page under `docs/`, except the generated rule
/// pages (`rules.md`, which the rule table writes).
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root().join("README.md"));
    pages
}

/// The lines of each fenced block of `text` whose info string is `language`.
fn blocks<'t>(text: &'t str, language: &str) -> Vec<&'t str> {
    common::fenced_blocks(text)
        .into_iter()
        .filter(|block| block.info == language)
        .flat_map(|block| block.lines)
        .collect()
}

#[test]
fn every_command_of_the_docs_pages_runs() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = dir.path();
    common::examples_sandbox(sandbox);
    // The completions' places in a home of the sandbox's own.
    let home = sandbox.join("home");
    for place in [
        ".local/share/bash-completion/completions",
        ".zfunc",
        ".config/fish/completions",
    ] {
        fs::create_dir_all(home.join(place)).unwrap();
    }
    let mut ran = 0;
    for page in pages().iter().skip(1) {
        if page.ends_with("docs/paths.md") {
            continue;
        }
        let text = fs::read_to_string(page).unwrap();
        for line in blocks(&text, "sh") {
            let line = line.trim();
            if !line.starts_with("pbnfmt ") {
                continue;
            }
            let status = common::exits(line);
            let output = common::shell(line, sandbox)
                .env("HOME", &home)
                .output()
                .unwrap();
            assert_eq!(
                output.status.code(),
                Some(status),
                "{}: {line}\n{}{}",
                page.display(),
                common::text(&output.stdout),
                common::text(&output.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 5, "only {ran} commands found in docs/");
    assert!(home.join(".zfunc/_pbnfmt").is_file());
}

/// The options a synopsis names (`--to SEATS`, `[--write | --out-dir DIR]`, `-o FILE`).
fn options(synopsis: &str) -> Vec<String> {
    synopsis
        .split(|c: char| c.is_whitespace() || "[]()|".contains(c))
        .filter_map(|word| {
            let word = word.split('=').next().unwrap_or(word);
            let name = word.strip_prefix("--")?;
            (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
                .then(|| word.to_owned())
        })
        .collect()
}

/// The long options of `pbnfmt CMD`, hidden ones (the solver's, in a build without it) and
/// aliases included, from the command line's definition.
fn long_options(name: &str) -> Option<Vec<String>> {
    let cli = pbnfmt::cli::Cli::command();
    let command = cli.find_subcommand(name)?;
    let mut longs = Vec::new();
    for arg in command.get_arguments() {
        longs.extend(arg.get_long().map(|long| format!("--{long}")));
        longs.extend(
            arg.get_all_aliases()
                .into_iter()
                .flatten()
                .map(|alias| format!("--{alias}")),
        );
    }
    longs.push("--help".to_owned());
    Some(longs)
}

#[test]
fn every_synopsis_names_options_the_command_has() {
    let mut checked = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        let mut command: Option<(String, Vec<String>)> = None;
        for line in blocks(&text, "text") {
            // A synopsis starts `pbnfmt CMD` and goes on over the indented lines below it.
            if let Some(rest) = line.trim_start().strip_prefix("pbnfmt ") {
                let name = rest.split_whitespace().next().unwrap_or("").to_owned();
                command = long_options(&name).map(|longs| (name, longs));
            } else if !line.starts_with(' ') {
                command = None;
            }
            let Some((name, longs)) = &command else {
                continue;
            };
            for option in options(line) {
                assert!(
                    longs.contains(&option),
                    "{}: `pbnfmt {name}` has no option {option} (the synopsis: {line})",
                    page.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} options checked");
}

#[test]
fn every_relative_link_leads_to_a_file() {
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        let base = page.parent().unwrap();
        for (at, _) in text.match_indices("](") {
            let target = &text[at + 2..];
            let Some(end) = target.find(')') else {
                continue;
            };
            let target = &target[..end];
            let file = target.split('#').next().unwrap_or("");
            if file.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            assert!(
                base.join(file).exists(),
                "{}: the link ({target}) leads nowhere",
                page.display()
            );
        }
    }
}

#[test]
fn the_readme_states_cargos_rust_version_and_stays_short() {
    let cargo = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let version = cargo
        .lines()
        .find_map(|line| line.strip_prefix("rust-version = "))
        .expect("Cargo.toml states a rust-version")
        .trim_matches('"');
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let stated: Vec<&str> = readme
        .match_indices("Rust ")
        .filter_map(|(at, _)| {
            let rest = &readme[at + 5..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            let number = rest[..end].trim_end_matches('.');
            number.contains('.').then_some(number)
        })
        .collect();
    assert!(!stated.is_empty(), "the README states no Rust version");
    assert!(
        stated.iter().all(|stated| *stated == version),
        "the README states Rust {stated:?}; Cargo.toml needs {version}"
    );
    let lines = readme.lines().count();
    assert!(lines < 300, "the README has {lines} lines");
}
