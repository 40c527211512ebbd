//! The man pages in `man/` are generated from the clap definition: `pbnfmt.1`, and one page per
//! subcommand (`pbnfmt-check.1`, ...), which the main page's SEE ALSO names. This test fails when
//! they are stale; `PBNFMT_UPDATE_MAN=1 cargo test --test integration man` regenerates them.

use crate::common;
use clap::CommandFactory;
use std::path::Path;

/// The pages, by file name, as roff. Characters beyond ASCII (the suit symbols of the help
/// texts) are written as groff's `\[uXXXX]` escapes, which every groff reads without warning,
/// whatever the input encoding it assumes.
fn pages() -> Vec<(String, String)> {
    let render = |command: clap::Command, title: &str| {
        let mut roff = Vec::new();
        clap_mangen::Man::new(command)
            .title(title)
            .render(&mut roff)
            .unwrap();
        String::from_utf8(roff)
            .unwrap()
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    c.to_string()
                } else {
                    format!("\\[u{:04X}]", u32::from(c))
                }
            })
            .collect::<String>()
    };
    let command = pbnfmt::cli::Cli::command();
    let mut pages = vec![("pbnfmt.1".to_owned(), render(command.clone(), "pbnfmt"))];
    // Hidden commands (the solver's worker, which pbnfmt runs itself) have no page.
    for subcommand in command.get_subcommands().filter(|c| !c.is_hide_set()) {
        let name = format!("pbnfmt-{}", subcommand.get_name());
        // clap names commands with 'static strings; a test may leak eight short ones.
        let leaked: &'static str = Box::leak(name.clone().into_boxed_str());
        let page = subcommand.clone().name(leaked).bin_name(&name);
        pages.push((format!("{name}.1"), render(page, &name)));
    }
    pages
}

#[test]
fn man_pages_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let pages = pages();
    if std::env::var_os("PBNFMT_UPDATE_MAN").is_some() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            std::fs::remove_file(entry.unwrap().path()).unwrap();
        }
        for (name, roff) in &pages {
            std::fs::write(dir.join(name), roff).unwrap();
        }
    }
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut names: Vec<String> = pages.iter().map(|(name, _)| name.clone()).collect();
    names.sort();
    let stale = "run `PBNFMT_UPDATE_MAN=1 cargo test --test integration man`";
    assert_eq!(on_disk, names, "man/ is stale: {stale}");
    for (name, roff) in &pages {
        let current = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(current == *roff, "man/{name} is stale: {stale}");
    }
    // Every page the main page refers to exists (issue 24, item 4).
    let main = &pages[0].1;
    for (name, _) in &pages[1..] {
        let reference = format!("{}(1)", name.trim_end_matches(".1").replace('-', "\\-"));
        assert!(main.contains(&reference), "pbnfmt.1 does not name {name}");
    }
}

/// groff reads every page without a warning (it warned on the raw suit symbols).
#[test]
fn groff_reads_the_man_pages_without_warnings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    for (name, _) in pages() {
        let output = std::process::Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-z"])
            .arg(dir.join(&name))
            .output();
        let Ok(output) = output else {
            common::cannot_run("groff is not installed: the man pages rendered");
            return;
        };
        assert!(output.status.success(), "{name}");
        assert!(
            output.stderr.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
