//! `check` any bytes with every rule on (opt-in ones too), in chunks of 1 byte and whole, and
//! render every finding.
#![no_main]

#[path = "../../tests/common/shared_properties.rs"]
#[allow(dead_code)]
mod shared_properties;

use libfuzzer_sys::fuzz_target;
use pbnfmt::check::check_bytes;
use shared_properties::{all_rules, diagrams_hold, spans_render};

fuzz_target!(|bytes: &[u8]| {
    let whole = check_bytes(bytes, &all_rules(usize::MAX));
    let chunked = check_bytes(bytes, &all_rules(1));
    assert_eq!(
        format!("{:?}", whole.diagnostics),
        format!("{:?}", chunked.diagnostics)
    );
    spans_render(&whole.decoded.text, &whole.diagnostics);
    diagrams_hold(&whole.decoded.text);
});
