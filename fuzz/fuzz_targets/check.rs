//! `check` any bytes with every rule on (opt-in ones too), in chunks of 1 byte and whole, and
//! render every finding.
#![no_main]

#[path = "../../tests/common/shared_properties.rs"]
#[allow(dead_code)]
mod shared_properties;

use libfuzzer_sys::fuzz_target;
use pbnfmt::check::check_bytes;
use pbnfmt::diagnostic::{FullStyle, render_concise, render_full};
use pbnfmt::source::LineIndex;
use shared_properties::all_rules;

fuzz_target!(|bytes: &[u8]| {
    let whole = check_bytes(bytes, &all_rules(usize::MAX));
    let chunked = check_bytes(bytes, &all_rules(1));
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
