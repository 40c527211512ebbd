//! `rotate`, `renumber` and `replicate` on any bytes (issue 46): no read-back difference (W004);
//! four quarter turns give the input back byte for byte, commentary turned too or not, and so do
//! one turn and three; the same output in chunks of 1 byte; a renumbered file renumbered again is
//! unchanged; a replicated file begins with the input, byte for byte; renumber (with the standard
//! rotation too) and replicate give the same output in chunks of 1 byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::renumber::{RenumberOptions, renumber_owned};
use pbnfmt::rewrite::replicate::{ReplicateOptions, replicate_owned};
use pbnfmt::rewrite::rotate::{RotateOptions, rotate_owned};

/// No read-back difference: a W004 that calls itself a bug in pbnfmt. A W004 refused before any
/// edit says what in the input prevents the work (a stale par with data after it).
fn no_w004(problems: &[pbnfmt::diagnostic::Diagnostic]) {
    let bug = |d: &pbnfmt::diagnostic::Diagnostic| {
        d.rule.code() == "W004"
            && (d.message.contains("bug in pbnfmt")
                || d.help
                    .as_deref()
                    .is_some_and(|help| help.contains("bug in pbnfmt")))
    };
    assert!(!problems.iter().any(bug), "{problems:?}");
}

fuzz_target!(|bytes: &[u8]| {
    let options = RewriteOptions::default();
    // The commentary's seat words turn too on odd inputs (a byte of the input decides).
    let commentary = bytes.first().is_some_and(|b| b & 1 == 1);
    let turn = |bytes: &[u8], by: u8, options: RewriteOptions| {
        let turned = rotate_owned(
            bytes.to_vec(),
            RotateOptions {
                by,
                commentary,
                ..RotateOptions::default()
            },
            options,
        );
        no_w004(&turned.problems);
        turned.output_bytes()
    };
    if let Some(once) = turn(bytes, 1, options) {
        let tiny = RewriteOptions {
            chunk_bytes: Some(1),
            ..options
        };
        assert!(
            turn(bytes, 1, tiny).as_deref() == Some(&once[..]),
            "chunks of 1 byte differ"
        );
        let mut again = once.clone();
        for _ in 0..3 {
            again = turn(&again, 1, options).expect("a turned file turns again");
        }
        assert!(again == bytes, "four turns are not the input");
        assert!(
            turn(&once, 3, options).as_deref() == Some(bytes),
            "one turn and three"
        );
    }
    let renumber = RenumberOptions {
        keep_original: Some("OriginalBoard".to_owned()),
        ..RenumberOptions::default()
    };
    let first = renumber_owned(bytes.to_vec(), &renumber, options);
    no_w004(&first.problems);
    // The one frame (issue 59, item 3): the same output whatever the size of the chunks, with
    // the standard rotation too (which respells deals and computes par again).
    let tiny = RewriteOptions {
        chunk_bytes: Some(1),
        ..options
    };
    let standard = RenumberOptions {
        standard: true,
        ..renumber.clone()
    };
    let whole = renumber_owned(bytes.to_vec(), &standard, options);
    no_w004(&whole.problems);
    let cut = renumber_owned(bytes.to_vec(), &standard, tiny);
    assert!(
        cut.output_bytes() == whole.output_bytes(),
        "renumber in chunks of 1 byte differs"
    );
    assert!(
        first.output_bytes() == renumber_owned(bytes.to_vec(), &renumber, tiny).output_bytes(),
        "renumber in chunks of 1 byte differs"
    );
    if let Some(output) = first.output_bytes().filter(|_| first.problems.is_empty()) {
        let second = renumber_owned(output.clone(), &renumber, options);
        assert!(
            second.output_bytes() == Some(output),
            "a second renumbering changes the file"
        );
    }
    let replicated = replicate_owned(
        bytes.to_vec(),
        ReplicateOptions {
            blocks: 3,
            size: None,
        },
        options,
    );
    no_w004(&replicated.problems);
    let replicated_cut = replicate_owned(
        bytes.to_vec(),
        ReplicateOptions {
            blocks: 3,
            size: None,
        },
        tiny,
    );
    assert!(
        replicated_cut.output_bytes() == replicated.output_bytes(),
        "replicate in chunks of 1 byte differs"
    );
    if let Some(output) = replicated.output_bytes()
        && std::str::from_utf8(bytes).is_ok()
    {
        assert!(
            output.starts_with(bytes),
            "the replicated file does not begin with the input"
        );
    }
});
