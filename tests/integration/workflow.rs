//! The command line as CI, pre-commit and batch jobs use it (issue 6): the exit contract, the
//! output formats read back by a machine, finding files, configuration, suppressions, threads.
//! Every test runs the built binary on files in a temporary directory or in `corpus/`.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{GAME as GOOD, misprint as bad, pbnfmt, text};
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A tree with a clean file, a file with an error, a file with only a warning, and an `old/`
/// directory with an error.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("good.pbn"), GOOD).unwrap();
    fs::write(root.join("bad.pbn"), bad()).unwrap();
    fs::write(
        root.join("warning.pbn"),
        GOOD.replace("[Board \"1\"]", "[Board \"1\"]\n[Room \"#\"]"),
    )
    .unwrap();
    fs::create_dir(root.join("old")).unwrap();
    fs::write(root.join("old/ancient.PBN"), bad()).unwrap();
    dir
}

fn stdout(output: &Output) -> String {
    text(&output.stdout)
}

#[test]
fn exit_status_0_clean_1_findings_2_trouble() {
    let dir = tree();
    let root = dir.path();
    let status = |args: &[&str]| pbnfmt(args, root).status.code();
    assert_eq!(status(&["check", "good.pbn"]), Some(0));
    assert_eq!(status(&["check", "warning.pbn"]), Some(0), "warnings alone");
    assert_eq!(
        status(&["check", "warning.pbn", "--warnings-as-errors"]),
        Some(1)
    );
    assert_eq!(status(&["check", "bad.pbn"]), Some(1));
    assert_eq!(status(&["check", "bad.pbn", "--exit-zero"]), Some(0));
    assert_eq!(status(&["check", "missing.pbn"]), Some(2));
    assert_eq!(
        status(&["check", "missing.pbn", "--exit-zero"]),
        Some(2),
        "trouble is not a finding"
    );
    assert_eq!(status(&["check", "--select", "D999"]), Some(2), "usage");
    assert_eq!(status(&["check", "--no-such-flag"]), Some(2), "usage");
    // A file that is not PBN is a finding, not trouble.
    fs::write(root.join("binary.pbn"), [0u8, 159, 146, 150, 255, 0, 1]).unwrap();
    assert_eq!(status(&["check", "binary.pbn"]), Some(1));
    // --check of the rewriting commands: a file that would change exits 1.
    assert_eq!(status(&["export", "--check", "good.pbn"]), Some(1));
    assert_eq!(
        status(&["export", "--check", "good.pbn", "--exit-zero"]),
        Some(0)
    );
    assert_eq!(status(&["nag", "--check", "good.pbn"]), Some(0));
    // A file that cannot be written is trouble.
    let output = pbnfmt(
        &["export", "good.pbn", "--out-dir", "good.pbn/inside"],
        root,
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    // Enough findings to fill any pipe buffer.
    let many: String = (0..3000).map(|_| bad() + "\n").collect();
    fs::write(dir.path().join("many.pbn"), many).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        .args(["check", "many.pbn", "--output-format", "concise"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    std::io::Read::read_exact(&mut out, &mut first).unwrap();
    drop(out);
    let output = child.wait_with_output().unwrap();
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));
    // The findings status stays (issue 24, item 12).
    assert_eq!(output.status.code(), Some(1), "{:?}", output.status);
}

fn concise_lines(root: &Path, paths: &[&str]) -> Vec<String> {
    let mut args = vec!["check", "--output-format", "concise", "-q"];
    args.extend(paths);
    stdout(&pbnfmt(&args, root))
        .lines()
        .map(str::to_owned)
        .collect()
}

/// `check corpus/invalid` in a document format, which exits 1 and parses as JSON.
fn invalid_corpus_as(format: &str) -> Value {
    let output = pbnfmt(
        &["check", "corpus/invalid", "--output-format", format],
        Path::new(ROOT),
    );
    assert_eq!(output.status.code(), Some(1));
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn json_output_reads_back_with_the_same_findings() {
    let root = Path::new(ROOT);
    let json = invalid_corpus_as("json");
    assert_eq!(json["version"], 1);
    assert_eq!(json["tool"]["name"], "pbnfmt");
    let diagnostics = json["diagnostics"].as_array().unwrap();
    let concise = concise_lines(root, &["corpus/invalid"]);
    assert_eq!(diagnostics.len(), concise.len());
    for (diagnostic, line) in diagnostics.iter().zip(&concise) {
        // Concise output marks a finding with a safe fix `[*]` (issue 23).
        let marked = if diagnostic["fix"]["safety"] == "safe" {
            " [*]"
        } else {
            ""
        };
        let rebuilt = format!(
            "{}:{}:{}: {}[{}]{marked} {}",
            diagnostic["file"].as_str().unwrap(),
            diagnostic["span"]["start"]["line"],
            diagnostic["span"]["start"]["column"],
            diagnostic["severity"].as_str().unwrap(),
            diagnostic["code"].as_str().unwrap(),
            diagnostic["message"].as_str().unwrap(),
        );
        assert_eq!(&rebuilt, line);
        for key in ["name", "section", "help", "label", "related", "fix"] {
            assert!(diagnostic.get(key).is_some(), "{key} missing: {diagnostic}");
        }
        // The offset is the byte of the file that the line and column point at.
        let file = fs::read(root.join(diagnostic["file"].as_str().unwrap())).unwrap();
        let offset = diagnostic["span"]["start"]["offset"].as_u64().unwrap() as usize;
        let line = diagnostic["span"]["start"]["line"].as_u64().unwrap() as usize;
        let newlines = file[..offset.min(file.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let lone_crs = file[..offset.min(file.len())]
            .windows(2)
            .filter(|pair| pair[0] == b'\r' && pair[1] != b'\n')
            .count();
        assert_eq!(newlines + lone_crs + 1, line, "{diagnostic}");
    }
    let summary = &json["summary"];
    let errors = diagnostics
        .iter()
        .filter(|d| d["severity"] == "error")
        .count();
    assert_eq!(summary["errors"], errors);
    let files = common::game_files(&common::corpus().join("invalid")).len();
    assert_eq!(summary["files"], files);
    // docs/json-output.md documents every field of the summary (issue 24, item 4: `omitted`
    // was left out).
    let documented = fs::read_to_string(root.join("docs/json-output.md")).unwrap();
    for key in summary.as_object().unwrap().keys() {
        assert!(
            documented.contains(&format!("| `{key}` |"))
                || documented.contains(&format!("`{key}`, `"))
                || documented.contains(&format!(", `{key}` |")),
            "docs/json-output.md does not document summary.{key}"
        );
    }
}

#[test]
fn sarif_output_has_the_required_fields() {
    let root = Path::new(ROOT);
    let sarif = invalid_corpus_as("sarif");
    assert_eq!(sarif["version"], "2.1.0");
    assert!(sarif["$schema"].as_str().unwrap().contains("sarif-2.1.0"));
    let run = &sarif["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "pbnfmt");
    let rules = driver["rules"].as_array().unwrap();
    assert_eq!(rules.len(), pbnfmt::rules::Rule::ALL.len());
    // Issue 24, item 15: where the tool and each rule are documented (absolute URIs, SARIF
    // 2.1.0 §3.19.17 and §3.49.12), each rule at its anchor in docs/rules.md.
    let home = driver["informationUri"].as_str().unwrap();
    assert!(home.starts_with("https://"), "{home}");
    let reference = std::fs::read_to_string(root.join("docs/rules.md")).unwrap();
    for rule in rules {
        let help = rule["helpUri"].as_str().unwrap();
        let code = rule["id"].as_str().unwrap().to_ascii_lowercase();
        assert_eq!(help, format!("{home}/blob/main/docs/rules.md#{code}"));
        assert!(
            reference.contains(&format!("<a id=\"{code}\"></a>")),
            "{code}"
        );
    }
    let results = run["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        concise_lines(root, &["corpus/invalid"]).len()
    );
    for result in results {
        // SARIF 2.1.0 §3.27: a result has a message with text; ruleIndex points into the rules.
        assert!(!result["message"]["text"].as_str().unwrap().is_empty());
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        assert!(["error", "warning"].contains(&result["level"].as_str().unwrap()));
        let location = &result["locations"][0]["physicalLocation"];
        assert!(
            location["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
                .starts_with("corpus/invalid/")
        );
        assert!(location["region"]["startLine"].as_u64().unwrap() >= 1);
        assert!(location["region"]["startColumn"].as_u64().unwrap() >= 1);
    }
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
}

#[test]
fn github_output_is_one_workflow_command_per_finding() {
    let root = Path::new(ROOT);
    let output = pbnfmt(
        &["check", "corpus/invalid", "--output-format", "github", "-q"],
        root,
    );
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    let concise = concise_lines(root, &["corpus/invalid"]);
    assert_eq!(lines.len(), concise.len());
    for (line, concise) in lines.iter().zip(&concise) {
        let (place, _) = concise.split_once(": ").unwrap();
        let mut parts = place.rsplitn(3, ':');
        let (column, row, file) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let severity = if concise.contains(": error[") {
            "error"
        } else {
            "warning"
        };
        assert!(
            line.starts_with(&format!(
                "::{severity} file={file},line={row},col={column},"
            )),
            "{line}"
        );
        assert!(!line.contains('\n') && !line.contains('\r'));
    }
}

#[test]
fn statistics_count_every_finding_and_quiet_drops_the_summary() {
    let root = Path::new(ROOT);
    let output = pbnfmt(&["check", "corpus/invalid", "--statistics", "-q"], root);
    let total: usize = stdout(&output)
        .lines()
        .map(|line| {
            line.split_whitespace()
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, concise_lines(root, &["corpus/invalid"]).len());
    assert!(stdout(&output).contains("D003  duplicate-card"));
    let json = pbnfmt(
        &[
            "check",
            "corpus/invalid",
            "--statistics",
            "--output-format",
            "json",
        ],
        root,
    );
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let counted: u64 = json["statistics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counted as usize, total);
    let output = pbnfmt(&["check", "corpus/valid"], root);
    assert!(stdout(&output).starts_with("No findings"));
    let output = pbnfmt(&["check", "corpus/valid", "-q"], root);
    assert_eq!(stdout(&output), "");
}

#[test]
fn excludes_walk_order_and_force_exclude() {
    let dir = tree();
    let root = dir.path();
    // A directory walk finds *.pbn in any case, sorted by name.
    let files = |args: &[&str]| -> Vec<String> {
        let mut all = vec![
            "check",
            "--output-format",
            "concise",
            "-q",
            "--select",
            "ALL",
        ];
        all.extend(args);
        let mut names: Vec<String> = stdout(&pbnfmt(&all, root))
            .lines()
            .map(|line| line.split(':').next().unwrap().to_owned())
            .collect();
        names.dedup();
        names
    };
    assert_eq!(
        files(&["."]),
        [
            "./bad.pbn",
            "./good.pbn",
            "./old/ancient.PBN",
            "./warning.pbn"
        ]
    );
    assert_eq!(
        files(&[".", "--exclude", "old"]),
        ["./bad.pbn", "./good.pbn", "./warning.pbn"]
    );
    assert_eq!(
        files(&[".", "--exclude", "*.PBN", "--exclude", "b*.pbn"]),
        ["./good.pbn", "./warning.pbn"]
    );
    // A file named explicitly is taken, unless --force-exclude (pre-commit names every file).
    assert_eq!(
        files(&["old/ancient.PBN", "--exclude", "old"]),
        ["old/ancient.PBN"]
    );
    assert!(files(&["old/ancient.PBN", "--exclude", "old", "--force-exclude"]).is_empty());
    let output = pbnfmt(
        &[
            "check",
            "old/ancient.PBN",
            "--exclude",
            "old",
            "--force-exclude",
        ],
        root,
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).starts_with("No findings in 0 files"));
    // A path named twice is checked once.
    assert_eq!(files(&["bad.pbn", "bad.pbn"]), ["bad.pbn"]);
}

#[test]
fn files_from_standard_input_and_stdin_filename() {
    let dir = tree();
    let root = dir.path();
    let output = common::pbnfmt_with_stdin(
        &["check", "--files-from", "-", "--output-format", "concise"],
        root,
        b"good.pbn\nbad.pbn\n\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("bad.pbn:"));
    assert!(
        stdout(&output).contains("in 1 of 2 files"),
        "{}",
        stdout(&output)
    );
    // NUL-separated, as `find -print0` writes.
    let output = common::pbnfmt_with_stdin(&["check", "--files-from", "-"], root, b"good.pbn\0");
    assert_eq!(output.status.code(), Some(0));
    let output = common::pbnfmt_with_stdin(
        &[
            "check",
            "-",
            "--stdin-filename",
            "club/board.pbn",
            "--output-format",
            "concise",
        ],
        root,
        bad().as_bytes(),
    );
    assert!(
        stdout(&output).starts_with("club/board.pbn:11:76: error[D003]"),
        "{}",
        stdout(&output)
    );
    // The name is matched against the excludes under --force-exclude.
    let output = common::pbnfmt_with_stdin(
        &[
            "check",
            "-",
            "--stdin-filename",
            "old/board.pbn",
            "--exclude",
            "old",
            "--force-exclude",
        ],
        root,
        bad().as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    // export hands an excluded file back unchanged, so an editor keeps its buffer.
    let output = common::pbnfmt_with_stdin(
        &[
            "export",
            "-",
            "--stdin-filename",
            "old/board.pbn",
            "--exclude",
            "old",
            "--force-exclude",
        ],
        root,
        GOOD.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), GOOD);
}

#[test]
fn configuration_is_found_closest_first() {
    let dir = tree();
    let root = dir.path();
    fs::write(
        root.join("pbnfmt.toml"),
        "exclude = [\"old\"]\n[check]\nignore = [\"T031\"]\n",
    )
    .unwrap();
    fs::create_dir(root.join("strict")).unwrap();
    fs::write(
        root.join("strict/pbnfmt.toml"),
        "[check]\nextend-select = [\"T030\"]\n[check.per-file-ignores]\n\"hands/*.pbn\" = [\"D003\"]\n",
    )
    .unwrap();
    fs::create_dir(root.join("strict/hands")).unwrap();
    fs::write(root.join("strict/hands/bad.pbn"), bad()).unwrap();
    fs::write(
        root.join("strict/inherits.pbn"),
        GOOD.replace("[Site \"Delft NLD\"]", "[Site \"##Delft NLD\"]"),
    )
    .unwrap();
    let lines = concise_lines(root, &["."]);
    // The root config: old/ left out, T031 ignored (warning.pbn is clean).
    assert!(!lines.iter().any(|l| l.contains("old/")), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.contains("warning.pbn")),
        "{lines:?}"
    );
    // The closest config wins: strict/ has T030 and not the root's T031 ignore; hands/ ignores D003.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("./strict/inherits.pbn:") && l.contains("[T030]")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("strict/hands/bad.pbn")),
        "{lines:?}"
    );
    // --isolated: no configuration at all.
    let isolated = stdout(&pbnfmt(
        &["check", ".", "--isolated", "--output-format", "concise"],
        root,
    ));
    assert!(isolated.contains("old/ancient.PBN"), "{isolated}");
    assert!(isolated.contains("[T031]"), "{isolated}");
    // --config: one file for everything.
    fs::write(root.join("other.toml"), "[check]\nselect = [\"T031\"]\n").unwrap();
    let fixed = concise_lines(root, &[".", "--config", "other.toml"]);
    assert!(fixed.iter().all(|l| l.contains("[T031]")), "{fixed:?}");
    assert!(!fixed.is_empty());
    // The command line's --select replaces the configuration's selection.
    let selected = concise_lines(root, &["strict", "--select", "D003"]);
    assert_eq!(
        selected.len(),
        0,
        "per-file-ignores still apply: {selected:?}"
    );
    // --show-settings names the file and the settings that apply.
    let shown = stdout(&pbnfmt(
        &["check", "strict/hands/bad.pbn", "--show-settings"],
        root,
    ));
    assert!(shown.contains("strict/pbnfmt.toml"), "{shown}");
    assert!(
        shown.contains("per-file-ignores for this file: D003"),
        "{shown}"
    );
    assert!(shown.contains("extend-select = [\"T030\"]"), "{shown}");
    // What it prints is a configuration file that reads back.
    let file: pbnfmt::config::ConfigFile = toml::from_str(&shown).unwrap();
    assert_eq!(file.check.extend_select, ["T030"]);
}

#[test]
fn configuration_errors_exit_2_with_their_place() {
    let dir = tree();
    let root = dir.path();
    fs::write(root.join("pbnfmt.toml"), "[check]\nselct = [\"D\"]\n").unwrap();
    let output = pbnfmt(&["check", "."], root);
    assert_eq!(output.status.code(), Some(2));
    let error = text(&output.stderr);
    assert!(
        error.contains("pbnfmt.toml:2:1: unknown field `selct`"),
        "{error}"
    );
    fs::write(root.join("pbnfmt.toml"), "[check]\nignore = [\"D999\"]\n").unwrap();
    let output = pbnfmt(&["export", "--check", "good.pbn"], root);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("no rule matches `D999`"));
    fs::write(root.join("pbnfmt.toml"), "exclude = [\"[\"]\n").unwrap();
    assert_eq!(pbnfmt(&["check", "."], root).status.code(), Some(2));
    fs::remove_file(root.join("pbnfmt.toml")).unwrap();
    let output = pbnfmt(&["check", ".", "--config", "nowhere.toml"], root);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn export_settings_come_from_the_configuration() {
    let dir = tree();
    let root = dir.path();
    fs::write(root.join("pbnfmt.toml"), "[export]\nline-ending = \"lf\"\n").unwrap();
    let lf = pbnfmt(&["export", "good.pbn"], root);
    assert_eq!(lf.status.code(), Some(0), "{}", text(&lf.stderr));
    assert!(!lf.stdout.contains(&b'\r'));
    let crlf = pbnfmt(&["export", "good.pbn", "--line-ending", "crlf"], root);
    assert!(text(&crlf.stdout).contains("\r\n"), "the command line wins");
}

#[test]
fn suppressions_hide_findings_and_report_unused_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let file = format!(
        "% pbnfmt: ignore D003 misprint in the hand record\n{}\n% pbnfmt: ignore A004 stale\n{}",
        bad(),
        GOOD.replace("[Board \"1\"]", "[Board \"2\"]")
    );
    fs::write(root.join("a.pbn"), file).unwrap();
    let output = pbnfmt(&["check", "a.pbn", "--output-format", "concise"], root);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let out = stdout(&output);
    assert!(!out.contains("[D003]"), "{out}");
    assert!(
        out.contains("a.pbn:21:18: warning[U001] this line suppresses A004"),
        "{out}"
    );
    assert!(out.contains("1 finding suppressed"), "{out}");
    let ignored = pbnfmt(&["check", "a.pbn", "--ignore", "U001", "-q"], root);
    assert_eq!(stdout(&ignored), "");
}

#[test]
fn output_is_the_same_on_one_thread_and_on_eight() {
    let root = Path::new(ROOT);
    for format in ["full", "concise", "json", "github", "sarif"] {
        let run = |threads: &str| {
            pbnfmt(
                &[
                    "check",
                    "corpus",
                    "--output-format",
                    format,
                    "--threads",
                    threads,
                    "--color",
                    "never",
                ],
                root,
            )
        };
        let one = run("1");
        assert_eq!(one.stdout, run("8").stdout, "{format}");
        assert_eq!(one.stdout, run("8").stdout, "{format}, again");
        assert!(!one.stdout.is_empty());
    }
    let diff = |threads: &str| {
        pbnfmt(
            &["export", "--diff", "corpus/valid", "--threads", threads],
            root,
        )
    };
    let one = diff("1");
    assert_eq!(one.stdout, diff("8").stdout);
    assert_eq!(one.stderr, diff("8").stderr);
}

#[test]
fn show_draws_the_board() {
    let dir = tree();
    let root = dir.path();
    let output = pbnfmt(&["show", "good.pbn", "--board", "1"], root);
    assert_eq!(output.status.code(), Some(0));
    let shown = stdout(&output);
    assert!(
        shown.starts_with("Board 1, Dealer North, Vulnerable None\n"),
        "{shown}"
    );
    assert!(shown.contains("♣ A 9 7 3 2"), "{shown}");
    assert!(
        shown.contains("Contract 3NT by North, 9 tricks (made)"),
        "{shown}"
    );
    let ascii = stdout(&pbnfmt(&["show", "good.pbn", "--ascii"], root));
    assert!(ascii.is_ascii() && ascii.contains("C A 9 7 3 2"), "{ascii}");
    assert_eq!(
        pbnfmt(&["show", "good.pbn", "--board", "9"], root)
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        pbnfmt(&["show", "nothing.pbn"], root).status.code(),
        Some(2)
    );
}

/// `show --color` (issue 49, item 5): the red suits red and the heading bold on a terminal or
/// when asked, nothing when not; the colours take no column (without them the diagram is the
/// plain one), and a value from the file cannot bring its own escape sequence.
#[test]
fn show_colours_the_red_suits_and_only_when_asked() {
    let dir = tree();
    let root = dir.path();
    let plain = stdout(&pbnfmt(&["show", "good.pbn"], root));
    assert!(!plain.contains('\u{1b}'), "not a terminal: no colour");
    let coloured = stdout(&pbnfmt(&["show", "good.pbn", "--color", "always"], root));
    assert!(
        coloured.starts_with("\u{1b}[1mBoard 1, Dealer North, Vulnerable None\u{1b}[0m\n"),
        "{coloured}"
    );
    assert!(coloured.contains("\u{1b}[31m♥\u{1b}[0m"), "{coloured}");
    assert!(coloured.contains("\u{1b}[31m♦\u{1b}[0m"), "{coloured}");
    assert!(!coloured.contains("\u{1b}[31m♠"), "{coloured}");
    let uncoloured = coloured
        .replace("\u{1b}[31m", "")
        .replace("\u{1b}[1m", "")
        .replace("\u{1b}[0m", "");
    assert_eq!(uncoloured, plain);
    // NO_COLOR is for `auto`; `never` wins over a terminal.
    let never = stdout(&pbnfmt(&["show", "good.pbn", "--color", "never"], root));
    assert_eq!(never, plain);
    // A player named with an escape sequence: shown masked, the only escapes are pbnfmt's.
    std::fs::write(
        root.join("escape.pbn"),
        "[Board \"1\"]\n[North \"\u{1b}[2J\u{1b}]0;x\u{7}\"]\n\
         [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n",
    )
    .unwrap();
    let hostile = stdout(&pbnfmt(&["show", "escape.pbn", "--color", "always"], root));
    let escapes = hostile.matches('\u{1b}').count();
    let ours = hostile.matches("\u{1b}[31m").count()
        + hostile.matches("\u{1b}[1m").count()
        + hostile.matches("\u{1b}[0m").count();
    assert_eq!(escapes, ours, "{hostile:?}");
    assert!(!hostile.contains('\u{7}'), "{hostile:?}");
}

/// Without the solver, `show --analyze` says how to get it and draws nothing.
#[cfg(not(feature = "dds"))]
#[test]
fn show_analyze_without_the_solver_says_how_to_get_it() {
    let dir = tree();
    let output = pbnfmt(&["show", "good.pbn", "--analyze"], dir.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--features dds"));
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = pbnfmt(&["completions", shell], Path::new(ROOT));
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = stdout(&output);
        assert!(script.contains("pbnfmt"), "{shell}");
        assert!(script.contains("files-from"), "{shell}: {script}");
    }
}

/// Issue 24, item 16: without the shared corpus, a plain `cargo test` (output captured) says
/// once that the real-world tests were skipped. Runs this test binary on three tests that read
/// the corpus, with `PBNFMT_SHARED` pointing nowhere.
#[test]
fn a_run_without_the_shared_corpus_says_so_once() {
    if std::env::var_os("PBNFMT_SHARED").is_some() {
        // The child run below: nothing to do here.
        return;
    }
    let nowhere = tempfile::tempdir().unwrap();
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "export::real_corpus_exports_or_is_refused_for_a_real_defect",
            "fidelity::real_files_without_errors_export_to_export_format",
            "rewrite::real_corpus_resolves_compresses_and_nags",
            "--test-threads",
            "2",
        ])
        .env("PBNFMT_SHARED", nowhere.path())
        .output()
        .unwrap();
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{out}\n{err}");
    assert!(out.contains("3 passed"), "{out}");
    let notice = "is absent: the real-world tests were skipped";
    assert_eq!(
        format!("{out}{err}").matches(notice).count(),
        1,
        "{out}\n{err}"
    );
}
