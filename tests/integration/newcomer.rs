//! The CLI as a newcomer meets it (issue 49): LIN everywhere (item 1), through the binary.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use crate::common;

/// Two boards of BBO's LIN, the second a passed-out board.
const LIN: &str = "pn|Ann,Bob,Cid,Dee|st||md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,\
    SK843HT542DJ6C863,|sv|o|ah|Board 1|mb|1C|mb|p|mb|1H|mb|p|mb|p|mb|p|pg||\n\
    qx|o2|md|2SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|sv|n|ah|Board 2|mb|p|mb|p|\
    mb|p|mb|p|pg||\n";

#[test]
fn a_folder_of_lin_files_is_read_by_the_commands_that_read_games() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("bbo")).unwrap();
    fs::write(root.join("bbo/session.LIN"), LIN).unwrap();
    // `check DIR` walks *.lin: two games read, not "no PBN files found".
    let checked = common::pbnfmt(&["check", "bbo", "--statistics"], root);
    let said = common::text(&checked.stderr) + &common::text(&checked.stdout);
    assert!(said.contains("(2 games)"), "{said}");
    assert!(!said.contains("no PBN"), "{said}");
    // `stats` and `fingerprint` count the two boards; the fingerprint is the PBN's.
    let stats = common::pbnfmt(&["stats", "bbo"], root);
    assert!(
        common::text(&stats.stdout).starts_with("2 boards"),
        "{}",
        common::text(&stats.stdout)
    );
    let lin_print = common::pbnfmt(&["fingerprint", "bbo"], root);
    assert!(lin_print.status.success());
    let converted = common::pbnfmt(&["convert", "bbo/session.LIN"], root);
    fs::write(root.join("session.pbn"), &converted.stdout).unwrap();
    let pbn_print = common::pbnfmt(&["fingerprint", "session.pbn"], root);
    assert_eq!(lin_print.stdout, pbn_print.stdout);
    // `show` draws a LIN board, and a board that is not there is an error naming those that are.
    let shown = common::pbnfmt(&["show", "bbo/session.LIN", "--board", "2"], root);
    let diagram = common::text(&shown.stdout);
    assert!(
        diagram.starts_with("Board 2, Dealer West, Vulnerable NS") && diagram.contains("♠ A K Q J"),
        "{diagram}"
    );
    let missing = common::pbnfmt(&["show", "bbo/session.LIN", "--board", "9"], root);
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(
        common::text(&missing.stderr).trim_end(),
        "pbnfmt: error: bbo/session.LIN: no board 9; the boards are 1-2"
    );
    // A rewrite does not take LIN from a walk, and says so rather than passing silently.
    let export = common::pbnfmt(&["export", "--check", "bbo"], root);
    assert!(
        common::text(&export.stderr).contains("1 LIN file (*.lin) left out"),
        "{}",
        common::text(&export.stderr)
    );
}

#[test]
fn without_a_path_every_command_says_what_it_needs() {
    let dir = tempfile::tempdir().unwrap();
    for command in [
        &["fingerprint"][..],
        &["stats"],
        &["export"],
        &["rotate", "--by", "1"],
        &["replicate", "--blocks", "2"],
        &["convert"],
    ] {
        let output = common::pbnfmt(command, dir.path());
        assert_eq!(output.status.code(), Some(2), "{command:?}");
        assert!(
            common::text(&output.stderr).contains("pbnfmt: error: name the files to"),
            "{command:?}: {}",
            common::text(&output.stderr)
        );
        assert!(output.stdout.is_empty(), "{command:?}");
    }
}

/// Item 3: summaries that say what to do.
#[test]
fn summaries_say_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let say = |args: &[&str]| {
        let output = common::pbnfmt(args, root);
        common::text(&output.stderr) + &common::text(&output.stdout)
    };
    // An export file with LF line ends and its tags out of order fails on layout alone: the
    // summary says that `export --write` rewrites it, and after it the file is clean.
    let game = common::GAME.replace("[Site \"Delft NLD\"]\n", "") + "[Site \"Delft NLD\"]\n";
    fs::write(
        root.join("dealt.pbn"),
        format!("% PBN 2.1\n% EXPORT\n{game}"),
    )
    .unwrap();
    let said = say(&["check", "dealt.pbn"]);
    assert!(
        said.contains(
            "All are export format's layout (E rules), which `pbnfmt export --write` rewrites."
        ),
        "{said}"
    );
    say(&["export", "--write", "dealt.pbn"]);
    assert!(say(&["check", "dealt.pbn"]).contains("No findings"));
    // A date only an unsafe fix mends: `fix` says so instead of "nothing to fix" alone.
    fs::write(
        root.join("dated.pbn"),
        common::GAME.replace("2026.11.22", "22.11.26"),
    )
    .unwrap();
    let said = say(&["fix", "--check", "dated.pbn"]);
    assert!(
        said.contains("1 finding fixable only with `--unsafe-fixes`"),
        "{said}"
    );
    // Conversions: findings carried are not "errors left"; standard output gets a summary on
    // standard error; a game left out is not counted as converted.
    fs::write(root.join("misprint.pbn"), common::misprint()).unwrap();
    let said = say(&["convert", "--to", "lin", "--out-dir", "lin", "misprint.pbn"]);
    assert!(
        said.contains("1 file with error findings, shown above"),
        "{said}"
    );
    assert!(!said.contains("errors left"), "{said}");
    // Two boards run together (no empty line between them) cannot be one object.
    let broken = format!(
        "{}\n[Board \"2\"]\n[Dealer \"E\"]\n[Board \"3\"]\n[Dealer \"S\"]\n",
        common::GAME
    );
    fs::write(root.join("broken.pbn"), broken).unwrap();
    let output = common::pbnfmt(&["convert", "--to", "jsonl", "broken.pbn"], root);
    assert_eq!(common::text(&output.stdout).lines().count(), 1);
    assert!(
        common::text(&output.stderr).contains(
            "1 file converted to JSON lines into standard output (1 game written, 1 left out: \
             W006 above)."
        ),
        "{}",
        common::text(&output.stderr)
    );
}

/// Item 4: findings grouped under their file, and a summary that says how to see less once the
/// findings fill more than a screen.
#[test]
fn grouped_output_and_a_screenful_hint() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("a.pbn"), common::misprint()).unwrap();
    let misprints: String = (0..12)
        .map(|_| format!("{}\n", common::misprint()))
        .collect();
    fs::write(root.join("b.pbn"), &misprints).unwrap();
    let output = common::pbnfmt(&["check", "--output-format", "grouped", "a.pbn"], root);
    let printed = common::text(&output.stdout);
    let mut lines = printed.lines();
    assert_eq!(lines.next(), Some("a.pbn:"));
    let finding = lines.next().unwrap();
    assert!(
        finding.starts_with("  11:") && finding.contains(" error[D003] "),
        "{printed}"
    );
    assert_eq!(lines.next(), Some(""));
    // One file's findings: under a screenful, no hint.
    assert!(!printed.contains("lines of findings printed"), "{printed}");
    // Twelve misprints in code frames fill more than a screen: the summary says how to see less.
    let output = common::pbnfmt(&["check", "b.pbn"], root);
    let printed = common::text(&output.stdout);
    let summary = printed.lines().last().unwrap();
    assert!(
        summary.contains("lines of findings printed; `--output-format concise` or `grouped`"),
        "{summary}"
    );
}

/// Issue 49, item 7: under the solver's heading of a command's help stand the solver's options
/// and nothing else (an option declared after a flattened group falls under its heading: `show
/// --encoding` and `handrecord --force` did), and a build without the solver shows none of them.
#[test]
fn the_solver_heading_holds_the_solver_options_only() {
    let root = common::corpus();
    let top = common::text(&common::pbnfmt(&["--help"], &root).stdout);
    let commands: Vec<String> = top
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(commands.len() > 15, "{commands:?}");
    for command in &commands {
        let help = common::text(&common::pbnfmt(&[command, "--help"], &root).stdout);
        let section: Vec<&str> = help
            .lines()
            .skip_while(|line| !line.starts_with("Double-dummy solver"))
            .skip(1)
            .take_while(|line| !line.is_empty())
            .filter(|line| line.trim_start().starts_with('-'))
            .collect();
        for line in &section {
            let option = line.split_whitespace().next().unwrap_or("");
            assert!(
                cfg!(feature = "dds") && ["--cache", "--timeout", "--max-memory"].contains(&option),
                "{command} --help: {line}"
            );
        }
    }
}

/// Issue 65, item 9: the top-level `--help` fits a terminal of 80 columns, one short line a
/// command (as git, cargo and ruff print theirs); the detail is each command's own `--help`,
/// which still begins with that line.
#[test]
fn the_top_level_help_fits_eighty_columns() {
    let root = common::corpus();
    let top = common::text(&common::pbnfmt(&["--help"], &root).stdout);
    for line in top.lines() {
        assert!(
            line.chars().count() < 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    let rotate = common::text(&common::pbnfmt(&["rotate", "--help"], &root).stdout);
    let first = top
        .lines()
        .find_map(|line| line.trim_start().strip_prefix("rotate"))
        .unwrap()
        .trim();
    assert!(rotate.starts_with(first), "{rotate}");
    assert!(rotate.contains("Four turns give the file back"), "{rotate}");
}

/// Issue 65, item 12: a test that skips a part this machine cannot run passes, as the harness
/// counts it; the run then ends with one line naming what was skipped and by which test. Run on
/// this test binary itself, with the shared corpus moved out of reach.
#[test]
fn the_run_ends_naming_what_it_skipped() {
    let binary = std::env::current_exe().unwrap();
    let run = |shared: &str| {
        Command::new(&binary)
            .args([
                "--exact",
                "stats::a_sessions_counts_equal_counts_made_from_its_text",
            ])
            .env("PBNFMT_SHARED", shared)
            .output()
            .unwrap()
    };
    let output = run("/nonexistent-shared");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    let last = said.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        "note: 1 of the tests above passed without a part this machine cannot run (CI=true fails \
         them): /nonexistent-shared/corpus/real is absent \
         (stats::a_sessions_counts_equal_counts_made_from_its_text)",
        "{said}"
    );
    // Nothing skipped, nothing said.
    let output = Command::new(&binary)
        .args(["--exact", "newcomer::grouped_output_and_a_screenful_hint"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(!String::from_utf8_lossy(&output.stderr).contains("note:"));
}

/// The `sh` lines and `python` blocks of `docs/paths.md`, in order: (is Python, line or block).
fn paths_page() -> Vec<(bool, String)> {
    let page = fs::read_to_string(common::corpus().join("../docs/paths.md")).unwrap();
    let mut lines = Vec::new();
    for block in common::fenced_blocks(&page) {
        match block.info {
            "sh" => lines.extend(block.lines.iter().map(|line| (false, (*line).to_owned()))),
            "python" => lines.push((true, block.lines.iter().map(|l| format!("{l}\n")).collect())),
            _ => {}
        }
    }
    lines
}

/// North's points and the auction's first call of each board of a PBN text, read here from the
/// text alone (the Deal's first seat and hands, the line after `[Auction`).
fn boards_by_hand(text: &str) -> Vec<(u32, String)> {
    let mut boards = Vec::new();
    let mut north = None;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(deal) = line.strip_prefix("[Deal \"") {
            let deal = deal.trim_end_matches("\"]");
            let (first, hands) = deal.split_at(2);
            let at = "NESW".find(&first[..1]).unwrap();
            let hands: Vec<&str> = hands.split(' ').collect();
            let hand = hands[(4 - at) % 4];
            north = Some(
                hand.chars()
                    .map(|c| match c {
                        'A' => 4,
                        'K' => 3,
                        'Q' => 2,
                        'J' => 1,
                        _ => 0,
                    })
                    .sum::<u32>(),
            );
        } else if line.starts_with("[Auction ") {
            let first = lines
                .next()
                .and_then(|calls| calls.split_whitespace().next())
                .unwrap_or_default()
                .to_owned();
            boards.push((north.take().unwrap(), first));
        }
    }
    boards
}

/// Issue 65, "what must be shown": the director's, archivist's, analyst's and teacher's paths of
/// `docs/paths.md`, run word for word on real files of the shared corpus; what they leave is
/// checked against counts made here from the text.
#[test]
fn the_four_paths_run_as_written() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let Some(lin) = common::lin_corpus() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sandbox = dir.path();
    let copy = |from: PathBuf, to: &str| {
        fs::copy(from, sandbox.join(to)).unwrap();
    };
    copy(
        real.join(
            "Rick-Wilson__Bridge-Game-Analysis/tests__integration__source__LBC-2026-01-26.pbn",
        ),
        "session.pbn",
    );
    copy(
        real.join("Rick-Wilson__BBA-CLI/tests__fixtures__expected__slow__1N.pbn"),
        "practice.pbn",
    );
    fs::create_dir(sandbox.join("archive")).unwrap();
    for (from, to) in [
        (
            real.join("richardschneider__pbn/test__sample__Hand_Trophy_Pairs.pbn"),
            "archive/trophy.pbn",
        ),
        (
            real.join("jarekczek__pbntools/test__test_4_kops_www_20130807__sm0807.pbn"),
            "archive/kops.pbn",
        ),
        (
            real.join("lorserker__ben/Boards__BBO__Free_Super_Sunday_Daylong__Aug_4__Daylong.pbn"),
            "archive/daylong.pbn",
        ),
        (
            lin.join("bridge-craftwork__bridge-solver/fixtures__bench-boards.lin"),
            "archive/bench.lin",
        ),
        (
            lin.join("forrestrice__bridge-bots/bridgebots__tests__resources__usbf_sf_14502.lin"),
            "archive/usbf.lin",
        ),
    ] {
        copy(from, to);
    }
    let mut commands = 0;
    for (python, line) in paths_page() {
        if python {
            if !common::python_has("pandas") {
                continue;
            }
            let output = Command::new(common::python())
                .args(["-c", &line])
                .current_dir(sandbox)
                .output()
                .unwrap();
            let said = common::text(&output.stdout);
            assert!(
                output.status.success(),
                "{said}{}",
                common::text(&output.stderr)
            );
            // The games the CSV holds, as the JSON lines count them.
            let games = fs::read_to_string(sandbox.join("games.jsonl"))
                .unwrap()
                .lines()
                .count();
            assert!(said.starts_with(&format!("{games} games;")), "{said}");
            continue;
        }
        let line = line.trim();
        if !line.starts_with("pbnfmt ") {
            continue;
        }
        let status = common::exits(line);
        let output = common::shell(line, sandbox).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(status),
            "{line}\n{}{}",
            common::text(&output.stdout),
            common::text(&output.stderr)
        );
        commands += 1;
    }
    assert_eq!(commands, 14, "the page's commands");
    // The director's: the export is export format, and the sheet a PDF.
    let export = fs::read(sandbox.join("session.export.pbn")).unwrap();
    assert!(export.starts_with(b"% PBN 2.1\r\n% EXPORT\r\n"));
    assert!(
        fs::read(sandbox.join("session.pdf"))
            .unwrap()
            .starts_with(b"%PDF-")
    );
    // The archivist's: each file converted, LIN included; the analyst's: a row a game.
    for name in ["trophy", "kops", "daylong", "bench", "usbf"] {
        assert!(
            sandbox.join(format!("converted/{name}.pbn")).is_file(),
            "{name}"
        );
    }
    let jsonl = fs::read_to_string(sandbox.join("games.jsonl")).unwrap();
    let csv = fs::read_to_string(sandbox.join("games.csv")).unwrap();
    assert_eq!(csv.lines().count(), jsonl.lines().count() + 1);
    let pbn_games: usize = ["trophy", "kops", "daylong"]
        .iter()
        .map(|name| {
            let text = String::from_utf8_lossy(
                &fs::read(sandbox.join(format!("archive/{name}.pbn"))).unwrap(),
            )
            .into_owned();
            text.lines()
                .filter(|line| line.starts_with("[Board "))
                .count()
        })
        .sum();
    assert!(
        jsonl.lines().count() > pbn_games,
        "the LIN games are rows too"
    );
    // The teacher's: the boards an independent reading chooses, each declared by South,
    // numbered from 1.
    let practice = fs::read_to_string(sandbox.join("practice.pbn")).unwrap();
    let chosen = boards_by_hand(&practice)
        .iter()
        .filter(|(north, first)| *north >= 15 && first == "1NT")
        .count();
    let lesson = fs::read_to_string(sandbox.join("lesson.pbn")).unwrap();
    let declarers: Vec<&str> = lesson
        .lines()
        .filter(|l| l.starts_with("[Declarer "))
        .collect();
    assert!(chosen > 5, "{chosen}");
    assert_eq!(declarers.len(), chosen);
    assert!(
        declarers.iter().all(|line| *line == "[Declarer \"S\"]"),
        "{declarers:?}"
    );
    let numbers: Vec<String> = lesson
        .lines()
        .filter_map(|l| l.strip_prefix("[Board \""))
        .map(|n| n.trim_end_matches("\"]").to_owned())
        .collect();
    let expected: Vec<String> = (1..=chosen).map(|n| n.to_string()).collect();
    assert_eq!(numbers, expected);
    assert!(
        fs::read(sandbox.join("lesson.pdf"))
            .unwrap()
            .starts_with(b"%PDF-")
    );
}
