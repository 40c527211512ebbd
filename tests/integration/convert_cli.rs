//! `pbnfmt convert` as users run it, on the project's own LIN fixtures (`corpus/lin`) in
//! temporary directories: each mode, what it writes and leaves alone, exit statuses.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{pbnfmt, text};

fn fixture(name: &str) -> Vec<u8> {
    fs::read(common::corpus().join("lin").join(name)).unwrap()
}

/// A tree: `vugraph.lin`, `sub/handviewer.LIN` (upper case), `game.pbn`, `notes.txt`.
fn tree() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("archive");
    fs::create_dir_all(root.join("sub")).unwrap();
    fs::write(root.join("vugraph.lin"), fixture("vugraph.lin")).unwrap();
    fs::write(root.join("sub/handviewer.LIN"), fixture("handviewer.lin")).unwrap();
    fs::write(root.join("game.pbn"), common::GAME).unwrap();
    fs::write(root.join("notes.txt"), "not a deal").unwrap();
    (dir, root)
}

/// Checks a PBN text as export format: no finding at all.
fn checks_clean_as_export(dir: &Path, file: &str) {
    let output = pbnfmt(
        &["check", "--export", "--output-format", "concise", file],
        dir,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{file}: {}",
        text(&output.stdout)
    );
    assert!(
        text(&output.stdout).contains("No findings"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn a_vugraph_match_becomes_one_pbn_with_both_rooms() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("m.lin"), fixture("vugraph.lin")).unwrap();
    let output = pbnfmt(&["convert", "m.lin"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let pbn = text(&output.stdout);
    common::snapshot_settings().bind(|| insta::assert_snapshot!("convert_vugraph", pbn));
    fs::write(dir.path().join("m.pbn"), &output.stdout).unwrap();
    checks_clean_as_export(dir.path(), "m.pbn");
    // Exporting what convert wrote changes nothing: it is export format already.
    let again = pbnfmt(&["export", "--check", "m.pbn"], dir.path());
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stdout));
    // Standard input, told apart by its content.
    let piped = common::pbnfmt_with_stdin(&["convert", "-"], dir.path(), &fixture("vugraph.lin"));
    assert_eq!(piped.stdout, output.stdout);
}

#[test]
fn out_dir_mirrors_the_tree_with_new_extensions_and_leaves_the_inputs_alone() {
    let (dir, root) = tree();
    let out = dir.path().join("out");
    let output = pbnfmt(&["convert", ".", "--out-dir", out.to_str().unwrap()], &root);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(out.join("vugraph.pbn").is_file());
    assert!(out.join("sub/handviewer.pbn").is_file());
    // A PBN input is written in export format.
    assert!(out.join("game.pbn").is_file());
    assert!(!out.join("notes.pbn").exists() && !out.join("notes.txt").exists());
    assert_eq!(
        fs::read(root.join("vugraph.lin")).unwrap(),
        fixture("vugraph.lin")
    );
    for file in ["vugraph.pbn", "sub/handviewer.pbn", "game.pbn"] {
        checks_clean_as_export(&out, file);
    }
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("3 files converted to PBN (3 written"),
        "{stderr}"
    );
    assert!(stderr.contains("(7 games)"), "{stderr}");
    // A second run finds everything up to date and writes nothing.
    let again = pbnfmt(
        &["convert", ".", "--out-dir", out.to_str().unwrap(), "-j1"],
        &root,
    );
    assert!(
        text(&again.stderr).contains("(0 written, 3 already up to date)"),
        "{}",
        text(&again.stderr)
    );
}

#[test]
fn one_output_file_gathers_every_game_once_headed() {
    let (dir, root) = tree();
    let all = dir.path().join("all.pbn");
    let output = pbnfmt(
        &[
            "convert",
            "-o",
            all.to_str().unwrap(),
            "vugraph.lin",
            "sub/handviewer.LIN",
        ],
        &root,
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let written = fs::read_to_string(&all).unwrap();
    assert_eq!(written.matches("% PBN 2.1").count(), 1, "{written}");
    assert_eq!(written.matches("[Event ").count(), 6, "{written}");
    checks_clean_as_export(dir.path(), "all.pbn");
    // An input that is refused leaves the file as it was.
    fs::write(root.join("empty.pbn"), "").unwrap();
    fs::write(&all, "kept").unwrap();
    let refused = b"[Event \"Teams\"]\n[Board \"1\"]\n[Board \"2\"]\n";
    fs::write(root.join("refused.pbn"), refused).unwrap();
    let output = pbnfmt(
        &[
            "convert",
            "-o",
            all.to_str().unwrap(),
            "vugraph.lin",
            "refused.pbn",
        ],
        &root,
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(fs::read_to_string(&all).unwrap(), "kept");
}

#[test]
fn check_says_what_converting_would_find_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("ok.lin"), fixture("handviewer.lin")).unwrap();
    let clean = pbnfmt(&["convert", "--check", "ok.lin"], dir.path());
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean.stderr));
    assert!(clean.stdout.is_empty());
    assert!(text(&clean.stderr).contains("1 file would be converted to PBN (2 games)."));
    // A bid below the one before it: A004, pointed at the LIN call.
    let broken = text(&fixture("handviewer.lin")).replace("mb|3N|", "mb|1C|");
    fs::write(dir.path().join("bad.lin"), broken).unwrap();
    let found = pbnfmt(
        &[
            "convert",
            "--check",
            "--output-format",
            "concise",
            "bad.lin",
        ],
        dir.path(),
    );
    assert_eq!(found.status.code(), Some(1));
    let stderr = text(&found.stderr);
    assert!(stderr.contains("bad.lin:1:129: error[A004]"), "{stderr}");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    // check reads a LIN file it is given the same way.
    let checked = pbnfmt(
        &["check", "--output-format", "concise", "bad.lin"],
        dir.path(),
    );
    assert!(text(&checked.stdout).contains("bad.lin:1:129: error[A004]"));
}

#[test]
fn pbn_to_lin_says_what_lin_cannot_carry() {
    let dir = tempfile::tempdir().unwrap();
    let game = format!("{}{{played at table 3}}\n", common::GAME);
    fs::write(dir.path().join("g.pbn"), game).unwrap();
    let output = pbnfmt(
        &[
            "convert",
            "--to",
            "lin",
            "--output-format",
            "concise",
            "g.pbn",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let lin = text(&output.stdout);
    assert!(
        lin.starts_with("mn|Club Pairs - 2026.11.22|pn|S,W,N,E|qx|o1,BOARD 1|"),
        "{lin}"
    );
    assert!(lin.contains("md|3SJ973HJ98742D3CK4,SKQT2HATDJ6542C85,SH63DAKQ987CA9732|sv|o|"));
    assert!(
        lin.contains("mb|1D|mb|p|mb|1H|mb|p|mb|3N|mb|p|mb|p|mb|p|"),
        "{lin}"
    );
    assert!(lin.contains("mc|9|"), "{lin}");
    // The comment after the last pass is BBO's commentary after that call (issue 44, item 2).
    assert!(lin.contains("mb|p|nt|played at table 3|pg||"), "{lin}");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "warning[L013] LIN's single-board layout cannot carry these parts of board 1, \
             which are left out: the tags Scoring, Site"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("comment"), "{stderr}");
    // The LIN reads back as the same board, its comment where it stood.
    fs::write(dir.path().join("g.lin"), &output.stdout).unwrap();
    let back = pbnfmt(&["convert", "g.lin"], dir.path());
    assert_eq!(back.status.code(), Some(0), "{}", text(&back.stderr));
    let back = text(&back.stdout);
    assert!(back.contains("[Contract \"3NT\"]"));
    assert!(back.contains("Pass Pass {played at table 3}"), "{back}");
}

#[test]
fn several_files_need_a_destination() {
    let (_dir, root) = tree();
    let output = pbnfmt(&["convert", "."], &root);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("use -o FILE, --out-dir or --check"));
}

#[test]
fn latin_1_when_every_character_fits_utf_8_otherwise_or_as_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let record = |names: &str| {
        format!(
            "pn|{names}|md|3SKQT2HATDJ6542C85,SJ973HJ98742D3CK4,SH63DAKQ987CA9732|sv|o|\
             mb|1D|mb|p|mb|1H|mb|p|mb|3N|mb|p|mb|p|mb|p|"
        )
    };
    fs::write(dir.path().join("latin.lin"), record("José,W,N,E")).unwrap();
    fs::write(dir.path().join("wide.lin"), record("Łukasz,W,N,E")).unwrap();
    let latin = pbnfmt(&["convert", "latin.lin"], dir.path());
    assert!(
        latin.stdout.windows(5).any(|w| w == b"Jos\xe9\""),
        "José in Latin-1"
    );
    let wide = pbnfmt(&["convert", "wide.lin"], dir.path());
    assert!(text(&wide.stdout).contains("[South \"Łukasz\"]"));
    let chosen = pbnfmt(&["convert", "--encoding", "utf-8", "latin.lin"], dir.path());
    assert!(text(&chosen.stdout).contains("[South \"José\"]"));
    // Latin-1 cannot hold Ł: W001, nothing written.
    let refused = pbnfmt(
        &["convert", "--encoding", "latin-1", "wide.lin"],
        dir.path(),
    );
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stderr));
    assert!(refused.stdout.is_empty());
    assert!(
        text(&refused.stderr).contains("W001"),
        "{}",
        text(&refused.stderr)
    );
}

/// LIN has no escape for `|` (docs/spec-decisions.md): a comment holding one is written with `/`,
/// and L013 says so, naming the comment (issue 61, item 9). Exit 0: the change is a warning.
#[test]
fn a_bar_in_a_comment_is_said_when_lin_writes_it_as_a_slash() {
    let dir = tempfile::tempdir().unwrap();
    let game = "[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:AKQJ.AKQJ.AKQ.AK T98.T98.T98.T987 765.765.765.Q654 432.432.J432.J32\"]\n\
        {before | the auction}\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"13\"]\n\
        [Auction \"N\"]\n1NT {x|y} Pass Pass Pass\n";
    fs::write(dir.path().join("bar.pbn"), game).unwrap();
    let output = pbnfmt(
        &[
            "convert",
            "--to",
            "lin",
            "--output-format",
            "concise",
            "bar.pbn",
        ],
        dir.path(),
    );
    let lin = text(&output.stdout);
    assert!(lin.contains("nt|before / the auction|"), "{lin}");
    assert!(lin.contains("nt|x/y|"), "{lin}");
    let said = text(&output.stderr);
    assert!(
        said.contains("L013") && said.contains("`before | the auction`") && said.contains("`x|y`"),
        "{said}"
    );
}

/// `-o -` is standard output, as `-` is standard input everywhere (issue 63, item 7): never a
/// file named `-`. `convert` gathers every input into that one stream; `merge` and `handrecord`
/// write there too.
#[test]
fn dash_as_the_output_is_standard_output() {
    let (dir, root) = tree();
    let runs: [&[&str]; 4] = [
        &[
            "convert",
            "--to",
            "jsonl",
            "-o",
            "-",
            "vugraph.lin",
            "game.pbn",
        ],
        &[
            "convert",
            "--to",
            "pbn",
            "-o",
            "-",
            "vugraph.lin",
            "game.pbn",
        ],
        &["merge", "--output", "-", "game.pbn"],
        &["handrecord", "--format", "html", "-o", "-", "game.pbn"],
    ];
    for args in runs {
        let output = pbnfmt(args, &root);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&output.stderr)
        );
        assert!(!output.stdout.is_empty(), "{args:?}");
        assert!(!root.join("-").exists(), "{args:?} wrote a file named -");
    }
    // Both inputs, in order, in the one stream.
    let joined = text(&pbnfmt(runs[0], &root).stdout);
    assert!(
        joined.lines().count() > 1 && joined.contains("game.pbn"),
        "{joined}"
    );
    drop(dir);
}

/// Issue 61, item 11: LIN carries a date only in its title, after the Event; a Date that is not a
/// PBN date (`Jan 5, 2019`) comes back from LIN as part of the Event, so `convert --to lin`
/// says so (L013). A PBN date is carried without a word and reads back as the Date.
#[test]
fn a_date_lin_cannot_carry_as_a_date_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let game = |date: &str| {
        format!(
            "[Event \"Club\"]\n[Date \"{date}\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQJ.AKQ.AK T98.T98.T98.T987 765.765.765.Q654 432.432.J432.J32\"]\n"
        )
    };
    for (date, said) in [("Jan 5, 2019", true), ("2019.01.05", false)] {
        std::fs::write(dir.path().join("d.pbn"), game(date)).unwrap();
        let output = pbnfmt(
            &[
                "convert",
                "--to",
                "lin",
                "--output-format",
                "concise",
                "d.pbn",
            ],
            dir.path(),
        );
        let stderr = text(&output.stderr);
        assert_eq!(
            stderr.contains("L013") && stderr.contains("the Date `Jan 5, 2019` as a date"),
            said,
            "{date}: {stderr}"
        );
        std::fs::write(dir.path().join("d.lin"), &output.stdout).unwrap();
        let back = text(&pbnfmt(&["convert", "--to", "pbn", "d.lin"], dir.path()).stdout);
        if !said {
            assert!(back.contains("[Date \"2019.01.05\"]") && back.contains("[Event \"Club\"]"));
        }
    }
}

/// Issue 65, item 10: one spelling of the output file, `-o/--output`, on every command that
/// writes one (convert, merge, handrecord); `--output-file`, the old spelling, still works.
#[test]
fn every_command_that_writes_one_file_takes_output() {
    let (dir, root) = tree();
    for (i, spelling) in ["-o", "--output", "--output-file"].into_iter().enumerate() {
        let runs: [Vec<String>; 3] = [
            [
                "convert",
                "--to",
                "jsonl",
                spelling,
                &format!("c{i}.jsonl"),
                "game.pbn",
            ]
            .map(str::to_owned)
            .to_vec(),
            [
                "handrecord",
                "--format",
                "html",
                spelling,
                &format!("h{i}.html"),
                "game.pbn",
            ]
            .map(str::to_owned)
            .to_vec(),
            ["merge", spelling, &format!("m{i}.pbn"), "game.pbn"]
                .map(str::to_owned)
                .to_vec(),
        ];
        for args in runs {
            if args[0] == "merge" && spelling == "--output-file" {
                continue;
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let output = pbnfmt(&args, &root);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&output.stderr)
            );
            assert!(root.join(args[args.len() - 2]).is_file(), "{args:?}");
        }
    }
    drop(dir);
}

/// Issue 65, item 13: a conversion that prints more than a screenful of code frames says how to
/// see fewer, as `check` does (it printed hundreds of lines with no hint); a short run says
/// nothing more.
#[test]
fn a_screenful_of_findings_says_how_to_see_fewer() {
    let dir = tempfile::tempdir().unwrap();
    let game = |board: usize| {
        format!(
            "[Event \"E\"]\n[Date \"2024-01-0{}\"]\n[Board \"{board}\"]\n[Dealer \"N\"]\n",
            board % 9 + 1
        )
    };
    let many: Vec<String> = (1..=20).map(game).collect();
    std::fs::write(dir.path().join("many.pbn"), many.join("\n")).unwrap();
    std::fs::write(dir.path().join("one.pbn"), game(1)).unwrap();
    for extra in [None, Some("-o")] {
        let mut args = vec!["convert", "--to", "lin", "many.pbn"];
        if let Some(flag) = extra {
            args.extend([flag, "out.lin"]);
        }
        let said = text(&pbnfmt(&args, dir.path()).stderr);
        assert!(
            said.contains("lines of findings printed; `--output-format concise`"),
            "{args:?}: {said}"
        );
    }
    let said = text(&pbnfmt(&["convert", "--to", "lin", "one.pbn"], dir.path()).stderr);
    assert!(
        said.contains("T001") && !said.contains("lines of findings printed"),
        "{said}"
    );
}

/// Issue 65, item 13: `-q` shortens a long run: a line a finding (no code frame), no summary and
/// no hint; a format named on the command line is kept.
#[test]
fn quiet_prints_a_line_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<String> = (1..=12)
        .map(|board| format!("[Event \"E\"]\n[Board \"{board}\"]\n[Dealer \"N\"]\n"))
        .collect();
    std::fs::write(dir.path().join("many.pbn"), games.join("\n")).unwrap();
    let loud = text(&pbnfmt(&["convert", "--to", "lin", "many.pbn"], dir.path()).stderr);
    // A finding's frame starts with its code and name: `L012(board-not-uploadable)`.
    let heading = |line: &&str| {
        line.len() > 5 && line.as_bytes()[0].is_ascii_uppercase() && line[4..].starts_with('(')
    };
    let findings = loud.lines().filter(heading).count();
    assert!(findings >= 12 && loud.contains(" │ "), "{loud}");
    let quiet = text(&pbnfmt(&["convert", "-q", "--to", "lin", "many.pbn"], dir.path()).stderr);
    let lines: Vec<&str> = quiet.lines().collect();
    assert_eq!(lines.len(), findings, "{quiet}");
    assert!(
        lines.iter().all(|line| line.starts_with("many.pbn:")),
        "{quiet}"
    );
    let framed = text(
        &pbnfmt(
            &[
                "convert",
                "-q",
                "--output-format",
                "full",
                "--to",
                "lin",
                "many.pbn",
            ],
            dir.path(),
        )
        .stderr,
    );
    assert!(
        framed.contains(" │ ") && !framed.contains("converted"),
        "{framed}"
    );
}
