//! `export` any bytes: it never finds its own output unfaithful (W004 is a writer bug), and what
//! it writes exports to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::export::{ExportOptions, export_bytes};

fuzz_target!(|bytes: &[u8]| {
    for resolve in [false, true] {
        let options = ExportOptions {
            resolve,
            ..ExportOptions::default()
        };
        let exported = export_bytes(bytes, &options);
        assert!(
            exported.problems.iter().all(|d| d.rule.code() != "W004"),
            "{:?}",
            exported.problems
        );
        if let Some(output) = exported.output.filter(|_| exported.problems.is_empty()) {
            let again = export_bytes(&output, &options);
            assert_eq!(
                again.output.as_deref(),
                Some(&output[..]),
                "export is not idempotent"
            );
        }
    }
});
