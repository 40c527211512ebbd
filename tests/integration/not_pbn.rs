//! Issue 59: no command reads a file that is not PBN as a board. Every command that reads files
//! × the four kinds of file that `check` names with an F rule (random bytes, a PBI file, a chess
//! PGN game, UTF-16 without a byte-order mark): a non-zero exit, the F code named on standard
//! error (in `check`'s report), and nothing on standard output or in a file. Before, `stats` counted one board (with
//! HCP statistics for the PBI deal), `show` drew "Board ?", `fingerprint` hashed a board, and
//! `convert --to lin` wrote the random file's bytes into a LIN comment, with exit 0 or 1.

use crate::common::{self, pbnfmt, text};

/// The fixtures and the F rule `check` names each with.
const FILES: [(&str, &str); 4] = [
    ("binary-file.pbn", "F006"),
    ("pbi-file.pbn", "F003"),
    ("chess-pgn-file.pbn", "F002"),
    ("utf16-without-bom.pbn", "F007"),
];

/// Every command that reads files, with the arguments it needs.
const COMMANDS: [&[&str]; 22] = [
    &["check"],
    &["stats"],
    &["show"],
    &["fingerprint"],
    &["convert", "--to", "lin"],
    &["convert", "--to", "jsonl"],
    &["convert", "--to", "csv"],
    &["convert", "--to", "lin", "-o", "out.lin"],
    &["handrecord"],
    &["handrecord", "-o", "out.html"],
    &["export"],
    &["resolve"],
    &["nag"],
    &["fix"],
    &["dedup"],
    &["rotate", "--by", "1"],
    &["renumber"],
    &["select", "--boards", "1"],
    &["set-tag", "--set", "Event=x"],
    &["replicate", "--blocks", "2"],
    &["merge", "-o", "out.pbn"],
    &["split", "--by", "Board", "--out-dir", "parts"],
];

#[test]
fn every_reading_command_refuses_a_file_that_is_not_pbn() {
    let mut failed = Vec::new();
    let mut pairs = 0;
    for (file, code) in FILES {
        for command in COMMANDS {
            let dir = tempfile::tempdir().unwrap();
            let original = std::fs::read(common::corpus().join("invalid/file").join(file)).unwrap();
            std::fs::write(dir.path().join(file), &original).unwrap();
            let mut args = command.to_vec();
            args.push(file);
            if command[0] == "merge" {
                // A PBN file beside it (a file named twice is a usage error).
                std::fs::write(dir.path().join("other.pbn"), "[Board \"9\"]\n").unwrap();
                args.push("other.pbn");
            }
            let output = pbnfmt(&args, dir.path());
            pairs += 1;
            // `check`'s report is its output: the finding goes to standard output there.
            let (said, stdout) = if command[0] == "check" {
                (text(&output.stdout), Vec::new())
            } else {
                (text(&output.stderr), output.stdout.clone())
            };
            let written: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| name != file && name != "other.pbn")
                .collect();
            let unchanged = std::fs::read(dir.path().join(file)).unwrap() == original;
            if output.status.success()
                || !said.contains(code)
                || !stdout.is_empty()
                || !written.is_empty()
                || !unchanged
            {
                failed.push(format!(
                    "{} {file}: exit {:?}, {code} named: {}, stdout {} bytes, written {written:?}",
                    command.join(" "),
                    output.status.code(),
                    said.contains(code),
                    stdout.len(),
                ));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {pairs} pairs:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Issue 59, one input vocabulary: every command that reads files reads the UTF-16 file without
/// a byte-order mark when told its encoding, by `--encoding` (`--input-encoding` on `export` and
/// `convert`, where `--encoding` has always named the output) or by the configuration's
/// `encoding` beside it: F007 is then not named, and no command takes the option for a usage
/// error. Before, `stats`, `fingerprint` and `handrecord` had no such option and never read the
/// configuration's, and `merge` and `split` ignored the configuration's.
#[test]
fn every_reading_command_takes_the_input_encoding_from_the_command_line_or_the_configuration() {
    let file = "utf16-without-bom.pbn";
    let original = std::fs::read(common::corpus().join("invalid/file").join(file)).unwrap();
    let mut failed = Vec::new();
    for configured in [false, true] {
        for command in COMMANDS {
            if configured && command[0] == "show" {
                // `show` reads one file and no configuration.
                continue;
            }
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join(file), &original).unwrap();
            let mut args = command.to_vec();
            if configured {
                std::fs::write(dir.path().join("pbnfmt.toml"), "encoding = \"utf-16le\"\n")
                    .unwrap();
            } else if matches!(command[0], "export" | "convert") {
                args.extend(["--input-encoding", "utf-16le"]);
            } else {
                args.extend(["--encoding", "utf-16le"]);
            }
            args.push(file);
            if command[0] == "merge" {
                args.push("other.pbn");
                std::fs::write(dir.path().join("other.pbn"), "[Board \"9\"]\n").unwrap();
            }
            let output = pbnfmt(&args, dir.path());
            let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
            let status = output.status.code();
            if said.contains("F007") || status == Some(2) {
                failed.push(format!(
                    "{args:?} (configured: {configured}) exits {status:?}: {}",
                    said.lines().take(3).collect::<Vec<_>>().join(" | ")
                ));
            }
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

/// Issue 59, one input vocabulary: `--show-settings` on the commands that read files without
/// rewriting them in place prints the settings the first input is read with (its encoding from
/// `--encoding` over the configuration's) and does nothing else: before, `stats`, `fingerprint`
/// and `handrecord` took the flag and did their work as if it were not given; `show` had neither
/// the flag nor the configuration.
#[test]
fn show_settings_shows_the_settings_and_does_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), "[Event \"E\"]\n[Board \"1\"]\n").unwrap();
    std::fs::write(dir.path().join("pbnfmt.toml"), "encoding = \"latin-1\"\n").unwrap();
    let commands: [&[&str]; 6] = [
        &["stats"],
        &["show"],
        &["fingerprint"],
        &["handrecord", "-o", "out.html"],
        &["merge", "-o", "out.pbn"],
        &["split", "--every", "1", "--out-dir", "parts"],
    ];
    for command in commands {
        for (given, shown) in [(None, "latin-1"), (Some("utf-8"), "utf-8")] {
            let mut args = command.to_vec();
            args.push("--show-settings");
            if let Some(given) = given {
                args.extend(["--encoding", given]);
            }
            args.push("a.pbn");
            let output = pbnfmt(&args, dir.path());
            let out = text(&output.stdout);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&output.stderr)
            );
            assert!(out.starts_with("# Settings for a.pbn"), "{args:?}: {out}");
            assert!(
                out.contains(&format!("encoding = \"{shown}\"")),
                "{args:?}: {out}"
            );
            let written: Vec<_> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|entry| entry.unwrap().file_name().into_string().unwrap())
                .filter(|name| name != "a.pbn" && name != "pbnfmt.toml")
                .collect();
            assert!(written.is_empty(), "{args:?} wrote {written:?}");
        }
    }
}

/// Issue 59, item 4: `show` reads a file in its configuration's `encoding` (it read every file
/// as `auto`): bytes that are `é` in UTF-8 are `Ã©` in Latin-1, as the configuration says;
/// `--encoding` on the command line wins.
#[test]
fn show_reads_in_the_configured_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    std::fs::write(
        dir.path().join("a.pbn"),
        format!("[Event \"Caf\u{e9}\"]\n[Board \"1\"]\n[Deal \"{deal}\"]\n"),
    )
    .unwrap();
    let shown = |args: &[&str]| {
        let output = pbnfmt(args, dir.path());
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        text(&output.stdout)
    };
    assert!(shown(&["show", "a.pbn"]).contains("Caf\u{e9}"));
    std::fs::write(dir.path().join("pbnfmt.toml"), "encoding = \"latin-1\"\n").unwrap();
    let latin = shown(&["show", "a.pbn"]);
    assert!(latin.contains("Caf\u{c3}\u{a9}"), "{latin}");
    assert!(shown(&["show", "--encoding", "utf-8", "a.pbn"]).contains("Caf\u{e9}"));
}
