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

#[test]
fn every_reading_command_refuses_a_file_that_is_not_pbn() {
    let commands: [&[&str]; 22] = [
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
    let mut failed = Vec::new();
    let mut pairs = 0;
    for (file, code) in FILES {
        for command in commands {
            let dir = tempfile::tempdir().unwrap();
            let original = std::fs::read(common::corpus().join("invalid/file").join(file)).unwrap();
            std::fs::write(dir.path().join(file), &original).unwrap();
            let mut args = command.to_vec();
            args.push(file);
            if command[0] == "merge" {
                args.push(file);
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
                .filter(|name| name != file)
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
