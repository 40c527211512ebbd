//! The man pages in `man/` are generated from the clap definition: `pbnfmt.1`, and one page per
//! subcommand (`pbnfmt-check.1`, ...), which the main page's SEE ALSO names. This test fails when
//! they are stale; `PBNFMT_UPDATE_MAN=1 cargo test --test integration man` regenerates them.

use crate::common;
use clap::CommandFactory;
use std::path::Path;

/// The pages, by file name, as roff. Characters beyond ASCII (the suit symbols of the help
/// texts) are written as groff's `\[uXXXX]` escapes, which every groff reads without warning,
/// whatever the input encoding it assumes.
///
/// Each page has clap_mangen's NAME, SYNOPSIS (naming the command as it is typed, `pbnfmt
/// check`), DESCRIPTION and options, then the help's footer as NOTES and EXIT STATUS, EXAMPLES
/// (the README's commands for it, which `readme_uses.rs` and the README tests run) and SEE ALSO
/// (issue 49, item 7). The main page names no page that is not shipped (no `pbnfmt-help`).
fn pages() -> Vec<(String, String)> {
    let examples = readme_examples();
    let render = |command: clap::Command, title: &str, sub: Option<&str>| {
        let man = clap_mangen::Man::new(command.clone()).title(title);
        let mut roff = Vec::new();
        man.render_title(&mut roff).unwrap();
        man.render_name_section(&mut roff).unwrap();
        man.render_synopsis_section(&mut roff).unwrap();
        man.render_description_section(&mut roff).unwrap();
        if command.get_arguments().any(|arg| !arg.is_hide_set()) {
            man.render_options_section(&mut roff).unwrap();
        }
        if command.get_subcommands().any(|c| !c.is_hide_set()) {
            man.render_subcommands_section(&mut roff).unwrap();
        }
        let mut page = String::from_utf8(roff).unwrap();
        let footer = command
            .get_after_help()
            .map(ToString::to_string)
            .unwrap_or_default();
        let (notes, exit) = match footer.find("Exit status:") {
            Some(at) => (&footer[..at], &footer[at + "Exit status:".len()..]),
            None => (footer.as_str(), ""),
        };
        for (heading, text) in [("NOTES", notes), ("EXIT STATUS", exit)] {
            let text = text.trim_matches('\n');
            if !text.trim().is_empty() {
                page.push_str(&format!(
                    ".SH \"{heading}\"\n.nf\n{}\n.fi\n",
                    roff_text(text)
                ));
            }
        }
        let lines: Vec<&String> = match sub {
            Some(sub) => examples
                .iter()
                .filter(|line| line.split_whitespace().nth(1) == Some(sub))
                .collect(),
            None => examples.iter().take(6).collect(),
        };
        if !lines.is_empty() {
            let lines: Vec<String> = lines.iter().map(|line| roff_text(line)).collect();
            page.push_str(&format!(".SH EXAMPLES\n.nf\n{}\n.fi\n", lines.join("\n")));
        }
        if sub.is_some() {
            page.push_str(".SH \"SEE ALSO\"\n\\fBpbnfmt\\fR(1)\n");
        } else {
            man.render_version_section(&mut roff_of(&mut page)).unwrap();
        }
        page.chars()
            .map(|c| {
                if c.is_ascii() {
                    c.to_string()
                } else {
                    format!("\\[u{:04X}]", u32::from(c))
                }
            })
            .collect::<String>()
    };
    let command = pbnfmt::cli::Cli::command().disable_help_subcommand(true);
    let mut pages = vec![(
        "pbnfmt.1".to_owned(),
        render(command.clone(), "pbnfmt", None),
    )];
    // Hidden commands (the solver's worker, which pbnfmt runs itself) have no page.
    for subcommand in command.get_subcommands().filter(|c| !c.is_hide_set()) {
        let name = format!("pbnfmt-{}", subcommand.get_name());
        let typed = format!("pbnfmt {}", subcommand.get_name());
        // clap names commands with 'static strings; a test may leak some short ones.
        let leaked: &'static str = Box::leak(name.clone().into_boxed_str());
        let page = subcommand.clone().name(leaked).bin_name(typed);
        pages.push((
            format!("{name}.1"),
            render(page, &name, Some(subcommand.get_name())),
        ));
    }
    pages
}

/// A writer that appends to a page.
fn roff_of(page: &mut String) -> impl std::io::Write + '_ {
    struct Appending<'a>(&'a mut String);
    impl std::io::Write for Appending<'_> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.push_str(&String::from_utf8_lossy(bytes));
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    Appending(page)
}

/// `text` as roff fill-less lines: backslashes and hyphens escaped, a line starting with `.` or
/// `'` kept from reading as a request.
fn roff_text(text: &str) -> String {
    text.lines()
        .map(|line| {
            let escaped = line.replace('\\', "\\e").replace('-', "\\-");
            if escaped.starts_with(['.', '\'']) {
                format!("\\&{escaped}")
            } else {
                escaped
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `pbnfmt` commands of the shell blocks of the README, then of the pages under `docs/`
/// (by name), in order, each once.
fn readme_examples() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    let readme: String = pages
        .iter()
        .map(|page| std::fs::read_to_string(page).unwrap())
        .collect();
    let mut examples: Vec<String> = Vec::new();
    for block in readme.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap_or("");
        for line in block.lines() {
            let line = line.trim();
            if line.starts_with("pbnfmt ") && !examples.iter().any(|seen| seen == line) {
                examples.push(line.to_owned());
            }
        }
    }
    examples
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
    // Each page says how it exits and shows how it is used (issue 49, item 7): `completions`
    // and `rule` print what they are asked for; `analyze` needs the solver's build.
    for (name, roff) in &pages {
        if !["pbnfmt-completions.1", "pbnfmt-rule.1"].contains(&name.as_str()) {
            assert!(
                roff.contains(".SH \"EXIT STATUS\""),
                "{name} has no EXIT STATUS"
            );
        }
        if name != "pbnfmt-analyze.1" {
            assert!(roff.contains(".SH EXAMPLES"), "{name} has no EXAMPLES");
        }
        assert!(!roff.contains("SH EXTRA"), "{name}");
    }
    // Every page the main page refers to exists (issue 24, item 4), and no other.
    let main = &pages[0].1;
    assert!(
        !main.contains("pbnfmt\\-help(1)"),
        "pbnfmt-help is not shipped"
    );
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
