//! Properties that both `tests/mutation.rs` and the fuzz targets in `fuzz/` assert, in one file
//! that each includes with `#[path]` (the fuzz crate cannot use test code otherwise).

use pbnfmt::check::CheckOptions;
use pbnfmt::diagnostic::{Diagnostic, FullStyle, render_concise, render_full};
use pbnfmt::lexer::{SyntaxKind, lex};
use pbnfmt::rewrite::Rewritten;
use pbnfmt::rules::select::Selection;
use pbnfmt::source::{LineIndex, decode};

/// `check` with every rule on, opt-in ones too, reading `chunk` bytes at a time.
pub fn all_rules(chunk: usize) -> CheckOptions {
    CheckOptions {
        chunk_bytes: Some(chunk),
        selection: Selection {
            select: Some(vec!["ALL".to_owned()]),
            ..Selection::default()
        },
        ..CheckOptions::default()
    }
}

/// Every finding's span lies on character boundaries of `text`, in order, and both renderers
/// (concise and full) draw it.
pub fn spans_render(text: &str, diagnostics: &[Diagnostic]) {
    let index = LineIndex::new(text);
    for diagnostic in diagnostics {
        let span = &diagnostic.span;
        assert!(text.is_char_boundary(span.start), "{diagnostic:?}");
        assert!(text.is_char_boundary(span.end), "{diagnostic:?}");
        assert!(span.start <= span.end, "{diagnostic:?}");
        render_concise("input.pbn", text, &index, diagnostic);
        let style = FullStyle {
            color: false,
            width: 80,
        };
        render_full("input.pbn", text, &index, diagnostic, style);
    }
}

/// The texts of the tokens of `text` whose kind `keep` accepts, in order.
fn tokens(text: &str, keep: impl Fn(SyntaxKind) -> bool) -> Vec<&str> {
    lex(text)
        .into_iter()
        .filter(|token| keep(token.kind))
        .map(|token| &text[token.range()])
        .collect()
}

/// What `nag` (`nag` true) or `resolve` may not change, compared between the input and `output`:
/// `nag` changes only annotations and the white space among them; `resolve` keeps every comment
/// and `%` line, and every token but tag values, in order (it inserts tag pairs).
pub fn untouched(rewritten: &Rewritten, output: &[u8], nag: bool) {
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
            "nag touched more than annotations\n{input}"
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
        "resolve changed a comment or % line\n{input}"
    );
    let rest = |kind| !matches!(kind, K::Whitespace | K::Newline | K::String);
    let mut out = tokens(&output, rest).into_iter();
    for token in tokens(input, rest) {
        assert!(out.any(|o| o == token), "resolve lost `{token}`\n{input}");
    }
}
