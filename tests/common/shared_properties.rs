//! Properties that both `tests/mutation.rs` and the fuzz targets in `fuzz/` assert, in one file
//! that each includes with `#[path]` (the fuzz crate cannot use test code otherwise).

use std::path::{Path, PathBuf};

use pbnfmt::check::CheckOptions;
use pbnfmt::config::Config;
use pbnfmt::diagnostic::{Diagnostic, FullStyle, render_concise, render_full};
use pbnfmt::lexer::{SyntaxKind, lex};
use pbnfmt::proof::Rewritten;
use pbnfmt::rules::select::{Selection, matching};
use pbnfmt::show::{Symbols, each_diagram};
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
        let kept = |kind| !matches!(kind, K::Newline | K::Suffix | K::Nag | K::NoteRef);
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
    let rest = |kind| !matches!(kind, K::Newline | K::String);
    let mut out = tokens(&output, rest).into_iter();
    for token in tokens(input, rest) {
        assert!(out.any(|o| o == token), "resolve lost `{token}`\n{input}");
    }
}

/// Any text read as a `pbnfmt.toml`: never a panic, and an error names the file. A configuration
/// that reads is printed as `--show-settings` prints it, and that text reads back the same; its
/// rule selectors all name rules; its globs take any path, and a plain path pattern (`a/b.pbn`)
/// matches that path.
pub fn configuration(text: &str) {
    // Selectors come from the command line and the configuration: any word names rules or none.
    for word in text.split_whitespace().take(64) {
        let _ = matching(word);
    }
    let path = Path::new("pbnfmt.toml");
    let base = PathBuf::from("/club");
    let config = match Config::parse(path, base.clone(), text) {
        Ok(config) => config,
        Err(error) => {
            assert!(error.0.starts_with("pbnfmt.toml"), "{}", error.0);
            return;
        }
    };
    let printed = toml::to_string(&config.file).expect("a configuration read can be printed");
    let again = Config::parse(path, base.clone(), &printed).expect("printed settings read back");
    assert_eq!(again.file, config.file, "printed settings:\n{printed}");

    let check = &config.file.check;
    let selection = Selection {
        select: check.select.clone(),
        extend_select: check.extend_select.clone(),
        ignore: check.ignore.clone(),
        export: check.export,
    };
    assert!(selection.unknown_selectors().is_empty());
    let _ = (selection.rules_for(false), selection.rules_for(true));

    for pattern in config.file.exclude.iter().take(64) {
        let candidate = base.join(pattern.trim_start_matches('/'));
        let excluded = config.exclude.matches(&base, &candidate);
        let _ = config.ignores_for(&candidate);
        assert!(
            !is_plain(pattern) || excluded,
            "`{pattern}` does not exclude itself"
        );
    }
    for (pattern, rules) in check.per_file_ignores.iter().take(64) {
        let ignores = config.ignores_for(&base.join(pattern.trim_start_matches('/')));
        assert!(
            !is_plain(pattern) || rules.iter().all(|rule| ignores.contains(rule)),
            "`{pattern}` does not apply to itself"
        );
    }
}

/// A relative path without glob characters, empty segments, `.` or `..`.
fn is_plain(pattern: &str) -> bool {
    !pattern.is_empty()
        && pattern.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"_.-".contains(&b))
        })
}

/// `show`: every game with a tag pair draws a diagram without a panic, whole or in chunks of 1
/// byte. (That the chunks give the same diagrams is `show::tests`; here it would double the time.)
pub fn diagrams_hold(text: &str) {
    let draw = |chunk, symbols| {
        let mut shown = Vec::new();
        each_diagram(text, None, symbols, chunk, |diagram| {
            shown.push(diagram);
            true
        });
        shown
    };
    let whole = draw(usize::MAX, Symbols::Unicode);
    assert_eq!(
        draw(1, Symbols::Unicode),
        whole,
        "diagrams differ in chunks"
    );
    let ascii = draw(usize::MAX, Symbols::Ascii);
    assert_eq!(ascii.len(), whole.len());
}
