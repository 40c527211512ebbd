//! `check` any bytes with every rule on (opt-in ones too), in chunks of 1 byte and whole, and
//! render every finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::diagnostic::{FullStyle, render_concise, render_full};
use pbnfmt::rules::select::Selection;
use pbnfmt::source::LineIndex;

fuzz_target!(|bytes: &[u8]| {
    let options = |chunk| CheckOptions {
        chunk_bytes: Some(chunk),
        selection: Selection {
            select: Some(vec!["ALL".to_owned()]),
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    let whole = check_bytes(bytes, &options(usize::MAX));
    let chunked = check_bytes(bytes, &options(1));
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
