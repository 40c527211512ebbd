//! The fidelity fixtures in `corpus/fidelity/` (issue 22): one or two files per defect found by an
//! independent audit, named `NN-what.clean.pbn` (a legal file: no finding at all, and if it
//! declares `% EXPORT`, exports to itself and resolves without refusal) and `NN-what.defect.pbn`
//! (the defect: at least one finding). Every file's findings are in a snapshot in `snapshots/`.

use crate::common;

use std::path::Path;

use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::diagnostic::Diagnostic;
use pbnfmt::export::{ExportOptions, export_bytes};
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::resolve::resolve_bytes;
use pbnfmt::rules::select::Selection;

/// The opt-in rules the fixtures exercise besides the default set.
const OPT_IN: &[&str] = &["P014", "T026"];

fn check(path: &Path) -> (String, Vec<Diagnostic>) {
    let options = CheckOptions {
        selection: Selection {
            extend_select: OPT_IN.iter().map(|code| (*code).to_owned()).collect(),
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    let report = check_bytes(&std::fs::read(path).unwrap(), &options);
    (report.decoded.text.clone(), report.diagnostics)
}

fn fixtures() -> Vec<std::path::PathBuf> {
    let files = common::pbn_files(&common::corpus().join("fidelity"));
    assert!(files.len() >= 17, "{} fidelity fixtures", files.len());
    files
}

/// A clean fixture has no finding; a defect fixture has at least one.
#[test]
fn clean_fixtures_are_clean_and_defects_are_found() {
    let mut wrong = Vec::new();
    for path in fixtures() {
        let name = common::relative(&path);
        let (_, diagnostics) = check(&path);
        let codes: Vec<_> = diagnostics.iter().map(|d| d.rule.code()).collect();
        if name.ends_with(".clean.pbn") && !codes.is_empty() {
            wrong.push(format!("{name}: {codes:?} on a legal file"));
        } else if name.ends_with(".defect.pbn") && codes.is_empty() {
            wrong.push(format!("{name}: the defect is not found"));
        } else if !name.ends_with(".clean.pbn") && !name.ends_with(".defect.pbn") {
            wrong.push(format!("{name}: neither .clean.pbn nor .defect.pbn"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A clean fixture in export format exports to itself, byte for byte, and `resolve` takes it.
#[test]
fn clean_export_fixtures_export_to_themselves() {
    for path in fixtures() {
        let name = common::relative(&path);
        if !name.ends_with(".clean.pbn") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let resolved = resolve_bytes(&bytes, RewriteOptions::default(), false);
        assert!(
            resolved.problems.is_empty(),
            "{name}: resolve refused: {:?}",
            resolved.problems
        );
        if !String::from_utf8_lossy(&bytes).contains("% EXPORT") {
            continue;
        }
        let exported = export_bytes(&bytes, &ExportOptions::default());
        let output = exported.output_bytes();
        assert!(
            output.as_deref() == Some(&bytes[..]),
            "{name}: export changed it:\n{}",
            String::from_utf8_lossy(output.as_deref().unwrap_or_default())
        );
    }
}

/// One snapshot per fixture: its findings one line each, then as code frames.
#[test]
fn fidelity() {
    common::snapshot_settings().bind(|| {
        insta::glob!("../../corpus/fidelity", "*.pbn", |path| {
            let (text, diagnostics) = check(path);
            insta::assert_snapshot!(common::rendered(
                &common::relative(path),
                &text,
                &diagnostics
            ));
        });
    });
}

/// Issue 22: `pbnfmt export` of every shared real file that checks without errors passes
/// `pbnfmt check --select E --export` on its own output. A file export refuses must say why
/// with a writer finding (W001-W005), never silently.
#[test]
fn real_files_without_errors_export_to_export_format() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let export_rules = CheckOptions {
        selection: Selection {
            select: Some(vec!["E".to_owned()]),
            export: true,
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    let (mut exported, mut failures) = (0, Vec::new());
    for path in common::pbn_files(&real) {
        let bytes = std::fs::read(&path).unwrap();
        let report = check_bytes(&bytes, &CheckOptions::default());
        if report
            .diagnostics
            .iter()
            .any(|d| d.severity == pbnfmt::diagnostic::Severity::Error)
        {
            continue;
        }
        let name = common::relative(&path);
        let export = export_bytes(&bytes, &ExportOptions::default());
        let Some(output) = export.output_bytes() else {
            let codes: Vec<_> = export.problems.iter().map(|d| d.rule.code()).collect();
            if !codes.iter().all(|code| code.starts_with('W')) || codes.is_empty() {
                failures.push(format!(
                    "{name}: refused without a writer finding: {codes:?}"
                ));
            }
            continue;
        };
        exported += 1;
        let again = check_bytes(&output, &export_rules);
        if !again.diagnostics.is_empty() {
            let codes: Vec<_> = again.diagnostics.iter().map(|d| d.rule.code()).collect();
            failures.push(format!("{name}: its export draws {codes:?}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(exported >= 30, "only {exported} real files exported");
}

/// Issue 43 item 2 (PBN 2.4): a `%` line between a call or card and its annotations leaves them
/// on that call or card; `export` writes them there and keeps the escape line.
#[test]
fn escape_line_before_annotations_keeps_them_on_their_card() {
    let path = common::corpus().join("fidelity/18-escape-before-annotation.clean.pbn");
    let bytes = std::fs::read(&path).unwrap();
    let exported = export_bytes(&bytes, &ExportOptions::default());
    assert!(exported.problems.is_empty(), "{:?}", exported.problems);
    let output = String::from_utf8(exported.output_bytes().expect("exported")).unwrap();
    for line in [
        "1NT =1= $1",
        "%a producer's note between a call and its annotations",
        "S7 S4 H2 SK =2= $7",
        "%a producer's note between a card and its annotations",
    ] {
        assert!(
            output.lines().any(|l| l == line),
            "{line:?} is not a line of:\n{output}"
        );
    }
}

/// Issue 43 items 3 and 10 (PBN 3.4.15): a two-sided Result is written as declarer's number only
/// when its two numbers agree; `NS 9 EW 2`, or a side's number with no Declarer, is not reduced
/// by export nor by the E008 fix: export keeps it as written and names it (W010), and exports the
/// rest (issue 61, item 4: the whole file used to be refused).
#[test]
fn a_two_sided_result_is_reduced_only_when_its_numbers_agree() {
    let clean = common::corpus().join("fidelity/19-two-sided-result.clean.pbn");
    let exported = export_bytes(&std::fs::read(clean).unwrap(), &ExportOptions::default());
    let output = String::from_utf8(exported.output_bytes().expect("exported")).unwrap();
    assert!(output.contains("[Result \"10\"]"), "{output}");

    for (path, why) in [
        (
            "fidelity/19-two-sided-result.defect.pbn",
            "add up to 12, not to the 13",
        ),
        (
            "invalid/write/uncertain-result.pbn",
            "Declarer is not known",
        ),
    ] {
        let bytes = std::fs::read(common::corpus().join(path)).unwrap();
        let refused = export_bytes(&bytes, &ExportOptions::default());
        let written = String::from_utf8(refused.output_bytes().expect("exported")).unwrap();
        let given = String::from_utf8_lossy(&bytes);
        let result = given.lines().find(|l| l.starts_with("[Result")).unwrap();
        assert!(written.lines().any(|l| l == result), "{path}: {written}");
        let w010: Vec<_> = refused
            .problems
            .iter()
            .filter(|d| d.rule.code() == "W010")
            .collect();
        assert!(
            w010.len() == 1 && w010[0].message.contains(why),
            "{path}: {:?}",
            refused.problems
        );
        let forced = export_bytes(
            &bytes,
            &ExportOptions {
                force: true,
                ..ExportOptions::default()
            },
        );
        let text = String::from_utf8(forced.output_bytes().expect("forced")).unwrap();
        let given = String::from_utf8_lossy(&bytes);
        let result = given.lines().find(|l| l.starts_with("[Result")).unwrap();
        assert!(text.lines().any(|l| l == result), "{path}: {text}");

        // In a file that claims export format, E008 finds the value and offers no fix.
        let claimed = format!("% PBN 2.1\n% EXPORT\n{given}");
        let report = check_bytes(claimed.as_bytes(), &CheckOptions::default());
        let e008: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.rule.code() == "E008" && d.message.contains("declarer's tricks"))
            .collect();
        assert!(
            e008.len() == 1 && e008[0].fix.is_none(),
            "{path}: {:#?}",
            report.diagnostics
        );
    }
}

/// Issue 43 item 6 (PBN 3, 3.4): two boards run together (no empty line between them) are not
/// repaired by deleting the second board's tags: `fix` leaves the file as it is, export refuses
/// it (W002, saying so), JSON lines leaves the game out (W006), and LIN says it is lost (L013).
#[test]
fn boards_run_together_are_never_cut_down_to_one() {
    let dir = common::corpus().join("fidelity");
    let name = "21-boards-run-together.defect.pbn";
    let input = std::fs::read(dir.join(name)).unwrap();
    let fixed = common::pbnfmt(&["fix", name], &dir);
    assert_eq!(fixed.stdout, input, "{}", common::text(&fixed.stderr));
    let report = check_bytes(&input, &CheckOptions::default());
    assert!(
        report
            .diagnostics
            .iter()
            .all(|d| d.fix.is_none() && d.message.contains("run together")),
        "{:#?}",
        report.diagnostics
    );

    let refused = export_bytes(&input, &ExportOptions::default());
    assert!(refused.output.is_none());
    assert!(
        refused
            .problems
            .iter()
            .any(|d| d.rule.code() == "W002" && d.message.contains("run together")),
        "{:?}",
        refused.problems
    );

    let jsonl = common::pbnfmt(&["convert", "--to", "jsonl", name], &dir);
    assert!(common::text(&jsonl.stdout).is_empty(), "converted a game");
    assert!(
        common::text(&jsonl.stderr).contains("W006"),
        "{}",
        common::text(&jsonl.stderr)
    );
    let out = tempfile::tempdir().unwrap();
    let lin_path = out.path().join("x.lin");
    let lin = common::pbnfmt(
        &[
            "convert",
            "--to",
            "lin",
            "--output-format",
            "concise",
            name,
            "-o",
            lin_path.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(
        common::text(&lin.stderr).contains("a second board run into it"),
        "{}",
        common::text(&lin.stderr)
    );
}

/// Issue 43 item 7 (PBN 3.4): a tag repeated with another value where the board's identity is
/// the same (Bridge Bidding Analyser's `[Room "Open"]` then `[Room "IMP"]`) no longer stops
/// export: the first is written, the second kept as a comment after it with its own comments
/// (W011, a warning); the export exports to itself and checks clean, and JSON lines keeps the
/// repeat among the comments.
#[test]
fn a_repeated_tag_is_kept_as_a_comment() {
    let dir = common::corpus().join("fidelity");
    let name = "22-repeated-tag.defect.pbn";
    let input = std::fs::read(dir.join(name)).unwrap();
    let exported = export_bytes(&input, &ExportOptions::default());
    let codes: Vec<_> = exported.problems.iter().map(|d| d.rule.code()).collect();
    assert_eq!(codes, ["W011"]);
    let output = String::from_utf8(exported.output_bytes().expect("exported")).unwrap();
    assert!(
        output.contains("[Room \"Open\"]\r\n{[Room \"IMP\"]}\r\n{the room comment}\r\n"),
        "{output}"
    );
    let again = export_bytes(output.as_bytes(), &ExportOptions::default());
    assert_eq!(again.output_bytes().as_deref(), Some(output.as_bytes()));
    let report = check_bytes(output.as_bytes(), &CheckOptions::default());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);

    let jsonl = common::pbnfmt(&["convert", "--to", "jsonl", name], &dir);
    let line = common::text(&jsonl.stdout);
    assert!(
        line.contains(r#"{"after":"Room","moves":0,"text":"[Room \"IMP\"]"}"#),
        "{line}"
    );
    assert!(line.contains(r#""text":"the room comment""#), "{line}");
}
