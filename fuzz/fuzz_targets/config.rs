//! Read any text as a `pbnfmt.toml` (see `shared_properties::configuration`): never a panic, an
//! error names the file, the printed settings read back the same, and plain glob patterns match
//! their own path.
#![no_main]

#[path = "../../tests/common/shared_properties.rs"]
#[allow(dead_code)]
mod shared_properties;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(text) = std::str::from_utf8(bytes) {
        shared_properties::configuration(text);
    }
});
