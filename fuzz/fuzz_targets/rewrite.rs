//! `resolve`, `resolve --compress` and `nag` on any bytes: no read-back difference (W004), the
//! same output in chunks of 1 byte (a cut at every empty line), and a second run changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;

fuzz_target!(|bytes: &[u8]| {
    let options = RewriteOptions::default();
    let tiny = RewriteOptions {
        chunk_bytes: Some(1),
        ..options
    };
    let runs: [&dyn Fn(&[u8], RewriteOptions) -> pbnfmt::rewrite::Rewritten; 2] =
        [&|b, o| resolve_bytes(b, o, false), &|b, o| nag_bytes(b, o)];
    for run in runs {
        let first = run(bytes, options);
        assert!(
            first.problems.iter().all(|d| d.rule.code() != "W004"),
            "{:?}",
            first.problems
        );
        assert!(
            run(bytes, tiny).output == first.output,
            "chunks of 1 byte differ"
        );
        if let Some(output) = first.output.filter(|_| first.problems.is_empty()) {
            let second = run(&output, options);
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
