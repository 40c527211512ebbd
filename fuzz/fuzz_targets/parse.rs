//! Decode, lex and parse any bytes: the tokens and the gaps of spaces and tabs between them cover
//! the text exactly, and reading it in tiny chunks gives the same tokens.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::lexer::{is_gap, lex};
use pbnfmt::parser::{chunks, parse};
use pbnfmt::source::decode;

fuzz_target!(|bytes: &[u8]| {
    let text = decode(bytes, None).text;
    let tokens = lex(&text);
    let mut at = 0;
    for token in &tokens {
        let gap = text.get(at..token.start as usize);
        assert!(
            gap.is_some_and(is_gap),
            "tokens and gaps do not cover the text"
        );
        at = token.end as usize;
    }
    assert!(is_gap(&text[at..]), "text after the last token");
    let whole = parse(&text);
    let chunked: Vec<_> = chunks(&text, 1).flat_map(|chunk| chunk.tokens).collect();
    assert!(chunked == whole.tokens, "chunks differ from the whole");
});
