//! `resolve`, `resolve --compress` and `nag` on any bytes: no read-back difference (W004), the
//! same output in chunks of 1 byte (a cut at every empty line), a second run changes nothing, and
//! the bytes they must not touch stay: `nag` changes only annotations and the white space among
//! them; `resolve` keeps every comment and `%` line, and every token but tag values, in order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::lexer::{SyntaxKind, lex};
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;
use pbnfmt::rewrite::{RewriteOptions, Rewritten};
use pbnfmt::source::decode;

/// The texts of the tokens of `text` whose kind `keep` accepts, in order.
fn tokens(text: &str, keep: impl Fn(SyntaxKind) -> bool) -> Vec<&str> {
    lex(text)
        .into_iter()
        .filter(|token| keep(token.kind))
        .map(|token| &text[token.range()])
        .collect()
}

/// What `nag` (`nag` true) or `resolve` may not change, compared between input and output.
fn untouched(rewritten: &Rewritten, output: &[u8], nag: bool) {
    use SyntaxKind as K;
    let input = rewritten.decoded.text.as_str();
    let output = decode(output, Some(rewritten.decoded.encoding)).text;
    if nag {
        let kept = |kind| {
            !matches!(
                kind,
                K::Whitespace | K::Newline | K::Suffix | K::Nag | K::NoteRef
            )
        };
        assert_eq!(
            tokens(input, kept),
            tokens(&output, kept),
            "nag touched more than annotations"
        );
        return;
    }
    let notes = |kind| {
        matches!(
            kind,
            K::LineComment | K::BraceComment | K::UnterminatedBraceComment | K::Escape
        )
    };
    assert_eq!(
        tokens(input, notes),
        tokens(&output, notes),
        "resolve changed a comment or % line"
    );
    // Resolve changes tag values and inserts tag pairs: the rest of the input is in the output,
    // in order.
    let rest = |kind| !matches!(kind, K::Whitespace | K::Newline | K::String);
    let mut out = tokens(&output, rest).into_iter();
    for token in tokens(input, rest) {
        assert!(out.any(|o| o == token), "resolve lost `{token}`");
    }
}

fuzz_target!(|bytes: &[u8]| {
    let options = RewriteOptions::default();
    let tiny = RewriteOptions {
        chunk_bytes: Some(1),
        ..options
    };
    let runs: [(bool, &dyn Fn(&[u8], RewriteOptions) -> Rewritten); 2] = [
        (false, &|b, o| resolve_bytes(b, o, false)),
        (true, &|b, o| nag_bytes(b, o)),
    ];
    for (nag, run) in runs {
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
        if let Some(output) = &first.output {
            untouched(&first, output, nag);
        }
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
