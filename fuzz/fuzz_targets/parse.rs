//! Decode, lex and parse any bytes: the tokens cover the text exactly, and reading it in tiny
//! chunks gives the same tokens.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::lexer::lex;
use pbnfmt::parser::{chunks, parse};
use pbnfmt::source::decode;

fuzz_target!(|bytes: &[u8]| {
    let text = decode(bytes, None).text;
    let tokens = lex(&text);
    let mut at = 0;
    for token in &tokens {
        assert_eq!(token.start as usize, at, "tokens do not cover the text");
        at = token.end as usize;
    }
    assert_eq!(at, text.len());
    let whole = parse(&text);
    let chunked: Vec<_> = chunks(&text, 1).flat_map(|chunk| chunk.tokens).collect();
    assert!(chunked == whole.tokens, "chunks differ from the whole");
});
