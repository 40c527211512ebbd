//! `check` any bytes, in chunks of every size it tries and whole, and render every finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::diagnostic::{FullStyle, render_concise, render_full};
use pbnfmt::source::LineIndex;

fuzz_target!(|bytes: &[u8]| {
    let whole = check_bytes(
        bytes,
        &CheckOptions {
            chunk_bytes: Some(usize::MAX),
            ..CheckOptions::default()
        },
    );
    let chunked = check_bytes(
        bytes,
        &CheckOptions {
            chunk_bytes: Some(1),
            ..CheckOptions::default()
        },
    );
    assert_eq!(
        format!("{:?}", whole.diagnostics),
        format!("{:?}", chunked.diagnostics)
    );
    let text = &whole.decoded.text;
    let index = LineIndex::new(text);
    for diagnostic in &whole.diagnostics {
        assert!(text.is_char_boundary(diagnostic.span.start));
        assert!(text.is_char_boundary(diagnostic.span.end));
        assert!(diagnostic.span.start <= diagnostic.span.end);
        render_concise("fuzz.pbn", text, &index, diagnostic);
        render_full(
            "fuzz.pbn",
            text,
            &index,
            diagnostic,
            FullStyle {
                color: false,
                width: 80,
            },
        );
    }
});
