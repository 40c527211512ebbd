//! Double-dummy truth (issue 29): H008 and H009 against the solver, `pbnfmt analyze`, the cache
//! and the bounds. With the `dds` feature (`cargo test --features dds`, run by CI); without it,
//! the commands say how to get the solver.

use crate::common;

/// The solver's rules are named one by one: `ALL` and `H` never start a solver, with or without
/// the feature.
#[test]
fn all_and_h_do_not_start_the_solver() {
    let fixture = common::corpus().join("dds/wrong.pbn");
    let fixture = fixture.to_str().unwrap();
    for selector in ["ALL", "H"] {
        let output = common::pbnfmt(
            &[
                "check",
                "--output-format",
                "concise",
                "--select",
                selector,
                fixture,
            ],
            &common::corpus(),
        );
        let stdout = common::text(&output.stdout);
        let stderr = common::text(&output.stderr);
        assert!(
            !stdout.contains("H008") && !stdout.contains("H009"),
            "{stdout}"
        );
        assert!(!stderr.contains("solved"), "{stderr}");
        assert!(
            stdout.contains("[H003]"),
            "the H rules without a solver still run: {stdout}"
        );
    }
}

#[cfg(not(feature = "dds"))]
#[test]
fn without_the_feature_analyze_and_h008_say_how_to_get_the_solver() {
    let fixture = common::corpus().join("dds/wrong.pbn");
    let fixture = fixture.to_str().unwrap();
    for args in [
        vec!["analyze", fixture],
        vec!["check", "--extend-select", "H008", fixture],
        vec!["check", "--select", "deal-not-solved", fixture],
    ] {
        let output = common::pbnfmt(&args, &common::corpus());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = common::text(&output.stderr);
        assert!(stderr.contains("--features dds"), "{stderr}");
        assert!(stderr.contains("libclang-dev"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
    // The rule is documented all the same.
    let output = common::pbnfmt(&["rule", "H008"], &common::corpus());
    assert_eq!(output.status.code(), Some(0));
    assert!(common::text(&output.stdout).contains("double-dummy-wrong"));
}

#[cfg(feature = "dds")]
mod solver {
    use std::path::Path;

    use crate::common;

    fn concise(args: &[&str], dir: &Path) -> (Vec<String>, String, Option<i32>) {
        let mut all = vec!["check", "--output-format", "concise"];
        all.extend_from_slice(args);
        let output = common::pbnfmt(&all, dir);
        let lines = common::text(&output.stdout)
            .lines()
            .filter(|line| line.contains('['))
            .map(str::to_owned)
            .collect();
        (lines, common::text(&output.stderr), output.status.code())
    }

    /// Runs pbnfmt in `dir` and requires exit status 0.
    fn succeeds(args: &[&str], dir: &Path) -> std::process::Output {
        let output = common::pbnfmt(args, dir);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            common::text(&output.stderr)
        );
        output
    }

    fn copy_fixture(dir: &Path) -> std::path::PathBuf {
        let path = dir.join("wrong.pbn");
        std::fs::copy(common::corpus().join("dds/wrong.pbn"), &path).unwrap();
        path
    }

    /// Every wrong cell and value is reported where it is, naming the solver's number; the right
    /// board and the board without analysis draw nothing.
    #[test]
    fn h008_names_each_wrong_cell_and_value_with_the_right_one() {
        let (lines, stderr, status) =
            concise(&["--select", "H008", "dds/wrong.pbn"], &common::corpus());
        assert_eq!(
            lines,
            [
                "dds/wrong.pbn:11:21: warning[H008] the DoubleDummyTricks should be \
                 `7c5c67c5c61181711817`: W in clubs 7, not 8",
                "dds/wrong.pbn:12:16: warning[H008] the OptimumScore is not the par of the \
                 solver's tricks: par is NS 980 (NS 6S=)",
                "dds/wrong.pbn:13:15: warning[H008] the ParContract gives its declarer 13 tricks, \
                 but the solver's tricks give 12",
                "dds/wrong.pbn:16:6: warning[H008] N in spades takes 12 tricks double dummy, \
                 not 11",
                "dds/wrong.pbn:35:6: warning[H008] W in clubs takes 7 tricks double dummy, not 10",
            ]
        );
        // Only the two deals with tags are solved.
        assert!(stderr.contains("solved 2 deals"), "{stderr}");
        assert_eq!(status, Some(0), "warnings");
    }

    /// `show --analyze` (issue 49, item 5): the board without analysis gets the solver's table
    /// and par, the same as `analyze` writes into the file; a board with its own table is shown
    /// with the file's (wrong) digits, not solved again.
    #[test]
    fn show_analyze_draws_the_table_analyze_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_fixture(dir.path());
        let shown = |args: &[&str]| {
            let mut all = vec!["show", "--board", "3"];
            all.extend_from_slice(args);
            common::text(&succeeds(&all, dir.path()).stdout)
        };
        let solved = shown(&["--analyze", "wrong.pbn"]);
        assert!(
            solved.contains("(solved by DDS: the file gives no table)"),
            "{solved}"
        );
        assert!(
            solved.contains("Par NS 1520 (7NT by North-South)"),
            "{solved}"
        );
        succeeds(&["analyze", "--write", "wrong.pbn"], dir.path());
        let written = shown(&["wrong.pbn"]);
        assert!(written.contains("Double dummy"), "{written}");
        assert_eq!(
            solved.replace("  (solved by DDS: the file gives no table)\n", ""),
            written
        );
        // Board 1 keeps the file's table: 8 tricks for West in clubs, as written.
        std::fs::copy(common::corpus().join("dds/wrong.pbn"), &path).unwrap();
        let output = succeeds(
            &["show", "--board", "1", "--analyze", "wrong.pbn"],
            dir.path(),
        );
        let board1 = common::text(&output.stdout);
        assert!(!board1.contains("solved by DDS"), "{board1}");
        // Nothing to solve: the solver is not started, and says nothing; the one line is the
        // file's OptimumScore that its own table contradicts (H004, issue 60): the table's par is
        // printed.
        assert_eq!(
            common::text(&output.stderr),
            "pbnfmt: warning: wrong.pbn: board 1: the file's OptimumScore (NS 1430) is not the \
             par of its double-dummy table (NS 980, H004): the table's par is printed\n"
        );
        assert!(board1.contains("Par NS 980"), "{board1}");
    }

    /// `handrecord --analyze` (issue 47): the boards the file gives no table for are drawn with
    /// the solver's table and par, the same page as the file after `analyze --write` gives.
    #[test]
    fn handrecord_analyze_draws_what_analyze_writes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(
            common::corpus().join("handrecord/club.pbn"),
            dir.path().join("club.pbn"),
        )
        .unwrap();
        succeeds(
            &["handrecord", "--analyze", "club.pbn", "-o", "solved.html"],
            dir.path(),
        );
        let solved = std::fs::read_to_string(dir.path().join("solved.html")).unwrap();
        // Board 2 had no table: now it has one.
        let board2 = solved.split("id=\"board-2\"").nth(1).unwrap();
        assert!(
            board2
                .split("</article>")
                .next()
                .unwrap()
                .contains("<table")
        );
        succeeds(&["analyze", "--write", "club.pbn"], dir.path());
        succeeds(
            &["handrecord", "club.pbn", "-o", "written.html"],
            dir.path(),
        );
        let written = std::fs::read_to_string(dir.path().join("written.html")).unwrap();
        assert_eq!(solved, written);
    }

    /// `analyze` adds what is missing, as minimal edits: the old text is all there, in order;
    /// the result has every tag, and nothing in it that the solver or the table checks find;
    /// analysing it again changes nothing.
    #[test]
    fn analyze_adds_the_missing_tags_and_changes_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_fixture(dir.path());
        let before = std::fs::read_to_string(&path).unwrap();
        let output = succeeds(&["analyze", "--write", "wrong.pbn"], dir.path());
        let after = std::fs::read_to_string(&path).unwrap();
        // The wrong values stay (no --replace) and are said.
        let stderr = common::text(&output.stderr);
        assert!(stderr.contains("H008"), "{stderr}");
        // Every line of the input is in the output, in order.
        let mut lines = after.lines();
        for line in before.lines() {
            assert!(lines.any(|l| l == line), "lost: {line}");
        }
        // Board 2 gains its ParContract and table; board 3 all four.
        let board3 = after.split("[Board \"3\"]").nth(1).unwrap();
        for tag in [
            "[DoubleDummyTricks \"ddcccddccc0011100111\"]",
            "[OptimumScore \"NS 1520\"]",
            "[ParContract \"NS 7NT=\"]",
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 13\nN  S 13",
        ] {
            assert!(board3.contains(tag), "{tag} not in {board3}");
        }
        let board2 = after
            .split("[Board \"2\"]")
            .nth(1)
            .and_then(|rest| rest.split("[Board \"3\"]").next())
            .unwrap();
        assert!(board2.contains("[ParContract \"NS 3NT+2\"]"), "{board2}");
        assert_eq!(
            board2.matches("[OptimumScore").count(),
            1,
            "not added twice"
        );
        // The added tags are right: H008 finds only the five mistakes of board 1.
        let (lines, ..) = concise(&["--select", "H002,H003,H008", "wrong.pbn"], dir.path());
        assert_eq!(
            lines.iter().filter(|l| l.contains("H008")).count(),
            5,
            "{lines:#?}"
        );
        assert!(
            lines
                .iter()
                .all(|l| l.contains(":11:") || !l.contains("H003"))
        );
        let again = common::pbnfmt(&["analyze", "--check", "wrong.pbn"], dir.path());
        assert_eq!(
            again.status.code(),
            Some(0),
            "{}",
            common::text(&again.stderr)
        );
    }

    /// `--replace` corrects each wrong cell and value in place (a table's comment and layout
    /// stay), and the result is clean; `--diff` shows just those lines.
    #[test]
    fn analyze_replace_corrects_the_wrong_values_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = copy_fixture(dir.path());
        let diff = common::pbnfmt(
            &[
                "analyze",
                "--replace",
                "--tags",
                "optimum-score,optimum-result-table,par-contract,double-dummy-tricks",
                "--diff",
                "wrong.pbn",
            ],
            dir.path(),
        );
        assert_eq!(diff.status.code(), Some(1), "would change");
        let shown = common::text(&diff.stdout);
        for line in [
            "-[DoubleDummyTricks \"7c5c67c5c61181711818\"]",
            "+[DoubleDummyTricks \"7c5c67c5c61181711817\"]",
            "-[OptimumScore \"NS 1430\"]",
            "+[OptimumScore \"NS 980\"]",
            "-[ParContract \"NS 7S=\"]",
            "+[ParContract \"NS 6S=\"]",
            "-N  S 11",
            "+N  S 12",
            "-W  C 10",
            "+W  C  7",
        ] {
            assert!(shown.lines().any(|l| l == line), "{line} not in\n{shown}");
        }
        succeeds(
            &["analyze", "--replace", "--write", "wrong.pbn"],
            dir.path(),
        );
        let after = std::fs::read_to_string(&path).unwrap();
        assert!(after.contains("{ the defence's side }"));
        let (lines, ..) = concise(
            &["--select", "H002,H003,H004,H008", "wrong.pbn"],
            dir.path(),
        );
        assert!(lines.is_empty(), "{lines:#?}");
    }

    /// Only the named tags are written.
    #[test]
    fn analyze_writes_only_the_tags_asked_for() {
        let output = common::pbnfmt_with_stdin(
            &["analyze", "--tags", "optimum-score", "dds/wrong.pbn"],
            &common::corpus(),
            b"",
        );
        let text = common::text(&output.stdout);
        let board3 = text.split("[Board \"3\"]").nth(1).unwrap();
        assert!(board3.contains("[OptimumScore \"NS 1520\"]"), "{board3}");
        assert!(!board3.contains("DoubleDummyTricks") && !board3.contains("OptimumResultTable"));
    }

    /// A deal the solver does not finish in time is a finding, never a hang: H009 in `check`
    /// (a warning), an error in `analyze`, which then leaves the file as it was.
    #[test]
    fn a_deal_past_the_timeout_is_said_and_left() {
        let started = std::time::Instant::now();
        let (lines, _, status) = concise(
            &[
                "--select",
                "H008,H009",
                "--timeout",
                "0.001",
                "dds/wrong.pbn",
            ],
            &common::corpus(),
        );
        assert_eq!(status, Some(0));
        assert_eq!(lines.len(), 2, "{lines:#?}");
        assert!(
            lines
                .iter()
                .all(|l| l.contains("[H009] the solver gave up")),
            "{lines:#?}"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = copy_fixture(dir.path());
        common::set_old(&path);
        let modified = common::modified(&path);
        let output = common::pbnfmt(
            &["analyze", "--timeout", "0.001", "--write", "wrong.pbn"],
            dir.path(),
        );
        assert_eq!(output.status.code(), Some(1));
        assert!(
            common::text(&output.stderr).contains("error[H009]")
                || common::text(&output.stderr).contains("H009")
        );
        assert_eq!(common::modified(&path), modified, "untouched");
        assert!(started.elapsed().as_secs() < 60);
    }

    /// The cache keeps each deal solved; the next run solves none, and a line that does not read
    /// is skipped with a warning (and dropped when the cache is written again).
    #[test]
    fn the_cache_spares_the_second_run() {
        let dir = tempfile::tempdir().unwrap();
        copy_fixture(dir.path());
        let run = || {
            let output = common::pbnfmt(
                &["analyze", "--cache", "dd.cache", "--check", "wrong.pbn"],
                dir.path(),
            );
            common::text(&output.stderr)
        };
        let first = run();
        assert!(first.contains("solved 3 deals"), "{first}");
        let cache = std::fs::read_to_string(dir.path().join("dd.cache")).unwrap();
        assert_eq!(cache.lines().filter(|l| !l.starts_with('#')).count(), 3);
        assert!(cache.contains(" 7c5c67c5c61181711817\n"), "{cache}");
        std::fs::write(dir.path().join("dd.cache"), format!("{cache}not a line\n")).unwrap();
        let second = run();
        assert!(second.contains("solved 0 deals"), "{second}");
        assert!(second.contains("3 from the cache"), "{second}");
        assert!(second.contains("1 line left out"), "{second}");
    }

    /// Tables made by dealing programs in the shared real files agree with the solver: Bridge
    /// Composer's (LBC 2026-01-26, one of the Bridge Composer 5.116 files), a RealBridge
    /// sample's and Bridgewebs' tables, every cell of them. (The whole corpus, in the README,
    /// takes minutes.)
    #[test]
    fn real_tables_made_by_dealing_programs_agree_with_the_solver() {
        let Some(real) = common::real_corpus() else {
            eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
            return;
        };
        let files = [
            "Rick-Wilson__Bridge-Game-Analysis/tests__integration__source__LBC-2026-01-26.pbn",
            "JFrunk__bridge-bidding-app/test-results__SPR_PBN_File_0_1766528722-gmeDcSvigL_D251223M.pbn",
            "zdenecek__pbn/pbn_files__bridgecomposer.pbn",
            "dominicprice__endplay/examples__pbn_files__sample.pbn",
            "rchillyard__Bridge/src__test__resources__com__phasmidsoftware__bridge__director__example7.pbn",
        ];
        let mut args = vec!["--select", "H008,H009"];
        args.extend(files);
        let (lines, stderr, _) = concise(&args, &real);
        assert!(lines.is_empty(), "{lines:#?}");
        assert!(stderr.contains("solved 79 deals"), "{stderr}");
        // Bridgewebs writes 1 in DoubleDummyTricks for every contract that fails: each finding
        // says so.
        let winchester = "rchillyard__Bridge/src__it__resources__WinchesterJuly2026.pbn";
        let output = common::pbnfmt(&["check", "--select", "H008", winchester], &real);
        let full = common::text(&output.stdout);
        assert_eq!(
            full.matches("H008(double-dummy-wrong)").count(),
            5,
            "{full}"
        );
        assert_eq!(
            full.matches("the file writes 1 for every contract that fails")
                .count(),
            5,
            "{full}"
        );
    }

    /// A worker keeps to its share of memory: its address space is limited to the share and a
    /// margin, and a solve fits in it; under a tighter `prlimit` on pbnfmt, the workers keep
    /// to that.
    #[test]
    fn the_solver_keeps_to_its_memory() {
        use std::io::{BufRead, Write};
        let mut worker = std::process::Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
            .args(["dds-worker", "--memory", "160"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = worker.stdin.take().unwrap();
        let mut stdout = std::io::BufReader::new(worker.stdout.take().unwrap());
        // Board 1 of the fixture.
        writeln!(stdin, "9e0657e068a76fd178cc8c39c6").unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        assert_eq!(answer.trim(), "7c5c67c5c61181711817");
        writeln!(stdin, "not a key").unwrap();
        answer.clear();
        stdout.read_line(&mut answer).unwrap();
        assert!(answer.starts_with("error: "), "{answer}");
        let status = std::fs::read_to_string(format!("/proc/{}/status", worker.id()));
        let field = |name: &str| -> Option<u64> {
            let status = status.as_ref().ok()?;
            let line = status.lines().find(|l| l.starts_with(name))?;
            line.split_whitespace().nth(1)?.parse().ok()
        };
        if let (Some(peak_virtual), Some(peak_resident)) = (field("VmPeak:"), field("VmHWM:")) {
            // kB: the limit is 160 + 256 MiB of address space.
            assert!(
                peak_virtual <= (160 + 256) * 1024,
                "VmPeak {peak_virtual} kB"
            );
            assert!(peak_resident <= 160 * 1024, "VmHWM {peak_resident} kB");
        }
        drop(stdin);
        assert!(worker.wait().unwrap().success());
        // pbnfmt under prlimit: the workers inherit the lower limit and still solve.
        if std::process::Command::new("prlimit")
            .arg("--version")
            .output()
            .is_ok()
        {
            let output = std::process::Command::new("prlimit")
                .args(["--as=400000000", "--"])
                .arg(env!("CARGO_BIN_EXE_pbnfmt"))
                .args([
                    "check",
                    "--select",
                    "H008",
                    "--output-format",
                    "concise",
                    "dds/wrong.pbn",
                ])
                .current_dir(common::corpus())
                .output()
                .unwrap();
            let stdout = common::text(&output.stdout);
            assert_eq!(
                stdout.matches("[H008]").count(),
                5,
                "{stdout}\n{}",
                common::text(&output.stderr)
            );
        }
    }
}
