//! `resolve`, `resolve --compress` and `nag` on any bytes: no read-back difference (W004), the
//! same output in chunks of 1 byte (a cut at every empty line), a second run changes nothing, and
//! the bytes they must not touch stay: `nag` changes only annotations and the white space among
//! them; `resolve` keeps every comment and `%` line, and every token but tag values, in order.
//! `score` (with `--scoring MP` where a file names no method): no W004, the same output in chunks
//! of 1 byte, and a second run changes nothing.
#![no_main]

#[path = "../../tests/common/shared_properties.rs"]
#[allow(dead_code)]
mod shared_properties;

use libfuzzer_sys::fuzz_target;
use pbnfmt::proof::Rewritten;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;
use pbnfmt::rewrite::score::{ScoreOptions, score_owned};
use pbnfmt::rules::results::compute::Method;
use shared_properties::untouched;

fuzz_target!(|bytes: &[u8]| {
    let options = RewriteOptions::default();
    let tiny = RewriteOptions {
        chunk_bytes: Some(1),
        ..options
    };
    let runs: [(bool, &dyn Fn(&[u8], RewriteOptions) -> Rewritten); 2] = [
        (false, &|b, o| resolve_bytes(b, o, false)),
        (true, &|b, o| nag_bytes(b, o)),
    ];
    for (nag, run) in runs {
        let first = run(bytes, options);
        assert!(
            first.problems.iter().all(|d| d.rule.code() != "W004"),
            "{:?}",
            first.problems
        );
        assert!(
            run(bytes, tiny).output_bytes() == first.output_bytes(),
            "chunks of 1 byte differ"
        );
        if let Some(output) = &first.output_bytes() {
            untouched(&first, output, nag);
        }
        if let Some(output) = first.output_bytes().filter(|_| first.problems.is_empty()) {
            let second = run(&output, options);
            assert_eq!(
                second.output_bytes().as_deref(),
                Some(&output[..]),
                "a second run changes the file"
            );
        }
    }
    let compressed = resolve_bytes(bytes, options, true);
    assert!(
        compressed.problems.iter().all(|d| d.rule.code() != "W004"),
        "{:?}",
        compressed.problems
    );
    let score = |bytes: &[u8], rewrite: RewriteOptions| {
        score_owned(
            bytes.to_vec(),
            ScoreOptions {
                scoring: Method::of("MP"),
                rewrite,
            },
        )
        .rewritten
    };
    let scored = score(bytes, options);
    assert!(
        scored.problems.iter().all(|d| d.rule.code() != "W004"),
        "{:?}",
        scored.problems
    );
    assert!(
        score(bytes, tiny).output_bytes() == scored.output_bytes(),
        "score: chunks of 1 byte differ"
    );
    if let Some(output) = scored.output_bytes().filter(|_| scored.problems.is_empty()) {
        assert_eq!(
            score(&output, options).output_bytes().as_deref(),
            Some(&output[..]),
            "score: a second run changes the file"
        );
    }
});
