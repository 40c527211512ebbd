//! `resolve`, `resolve --compress` and `nag` on any bytes: no read-back difference (W004), and a
//! second run changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;

fuzz_target!(|bytes: &[u8]| {
    let options = RewriteOptions::default();
    let runs: [&dyn Fn(&[u8]) -> pbnfmt::rewrite::Rewritten; 2] =
        [&|b| resolve_bytes(b, options, false), &|b| {
            nag_bytes(b, options)
        }];
    for run in runs {
        let first = run(bytes);
        assert!(
            first.problems.iter().all(|d| d.rule.code() != "W004"),
            "{:?}",
            first.problems
        );
        if let Some(output) = first.output.filter(|_| first.problems.is_empty()) {
            let second = run(&output);
            assert_eq!(
                second.output.as_deref(),
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
});
