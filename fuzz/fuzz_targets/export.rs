//! `export` any bytes: it never finds its own output unfaithful (W004 is a writer bug), neither by
//! the fingerprints nor the long way (`paranoid`: facts as text, exported again), what it writes
//! exports to itself, and neither the chunk size (with the parse-ahead thread) nor proving the
//! chunks on threads changes anything.
//! The other options (LF line ends, Latin-1 output, `--force`) must not panic or find W004.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::export::{ExportOptions, Newline, export_bytes};
use pbnfmt::source::Encoding;

fn no_w004(exported: &pbnfmt::proof::Rewritten) {
    assert!(
        exported.problems.iter().all(|d| d.rule.code() != "W004"),
        "{:?}",
        exported.problems
    );
}

fuzz_target!(|bytes: &[u8]| {
    for resolve in [false, true] {
        let options = ExportOptions {
            resolve,
            ..ExportOptions::default()
        };
        let exported = export_bytes(bytes, &options);
        no_w004(&exported);
        let paranoid = export_bytes(
            bytes,
            &ExportOptions {
                paranoid: true,
                ..options.clone()
            },
        );
        no_w004(&paranoid);
        assert!(
            paranoid.output_bytes() == exported.output_bytes(),
            "the long proof gives another export"
        );
        // Chunks of 1 byte, parsed ahead on a second thread, or proven on two threads beside
        // the writer: the same export and problems.
        let chunked = ExportOptions {
            chunk_bytes: Some(1),
            ..options.clone()
        };
        let ways = [
            (
                "chunks of 1 byte",
                ExportOptions {
                    parse_ahead: true,
                    ..chunked.clone()
                },
            ),
            (
                "chunks proven on threads",
                ExportOptions {
                    threads: 3,
                    ..chunked
                },
            ),
        ];
        for (way, other) in ways {
            let again = export_bytes(bytes, &other);
            assert!(
                again.output_bytes() == exported.output_bytes()
                    && again.problems == exported.problems,
                "{way} give another export"
            );
        }
        if let Some(output) = exported
            .output_bytes()
            .filter(|_| exported.problems.is_empty())
        {
            let again = export_bytes(&output, &options);
            assert_eq!(
                again.output_bytes().as_deref(),
                Some(&output[..]),
                "export is not idempotent"
            );
        }
    }
    let other = ExportOptions {
        newline: Newline::Lf,
        encoding: Some(Encoding::Latin1),
        force: true,
        ..ExportOptions::default()
    };
    no_w004(&export_bytes(bytes, &other));
});
