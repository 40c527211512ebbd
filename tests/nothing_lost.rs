//! Nothing is lost by `export`: over every fixture and every real-world file, each comment, each
//! `%` line (but the header lines export writes itself) and each tag name of the input is in the
//! export, or the export is refused with a reason. This reads the input with the lexer alone and
//! compares texts, independently of the facts `export` checks itself (W004).

mod common;

use pbnfmt::export::{ExportOptions, export_bytes};
use pbnfmt::lexer::{SyntaxKind, lex};
use pbnfmt::source::decode;

/// Export spells line ends as CR LF and tabs as spaces; compare texts in one spelling.
fn normal(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace(['\t', '\u{b}'], " ")
}

#[test]
fn every_comment_escape_line_and_tag_survives_export() {
    let mut exported = 0;
    let mut refused = 0;
    for path in common::all_pbn_files() {
        let name = common::relative(&path);
        let bytes = std::fs::read(&path).unwrap();
        let result = export_bytes(&bytes, &ExportOptions::default());
        let Some(output) = &result.output else {
            assert!(
                !result.problems.is_empty(),
                "{name}: refused without a reason"
            );
            refused += 1;
            continue;
        };
        exported += 1;
        let input = decode(&bytes, None).text;
        let output = normal(&decode(output, Some(result.decoded.encoding)).text);
        let tokens = lex(&input);
        for (i, token) in tokens.iter().enumerate() {
            let piece = token.text(&input);
            let kept = match token.kind {
                SyntaxKind::LineComment | SyntaxKind::BraceComment => normal(piece),
                SyntaxKind::Escape => {
                    let line = piece.trim_start_matches('%').trim();
                    let upper = line.to_ascii_uppercase();
                    if upper == "EXPORT" || upper.starts_with("PBN ") {
                        continue;
                    }
                    normal(piece.trim_end())
                }
                // A tag name: the word after `[`.
                SyntaxKind::Word
                    if tokens[..i]
                        .iter()
                        .rev()
                        .find(|t| !t.kind.is_space())
                        .is_some_and(|t| t.kind == SyntaxKind::LBracket) =>
                {
                    format!("[{piece} ")
                }
                _ => continue,
            };
            assert!(
                output.contains(&kept),
                "{name}: `{kept}` is not in the export"
            );
        }
    }
    assert!(
        exported > 100 && refused > 0,
        "{exported} exported, {refused} refused"
    );
}
