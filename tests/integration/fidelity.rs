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
const OPT_IN: &[&str] = &["P014"];

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
