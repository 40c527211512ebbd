//! Nothing is lost by `export`: over every fixture and every real-world file, each comment, each
//! `%` line (but the header lines export writes itself), each tag name and the data of each
//! section of the input is in the export, or the export is refused with a reason. This reads the
//! input with the lexer alone and compares texts, independently of the facts `export` checks
//! itself (W004).

use crate::common;

use std::collections::HashMap;

use pbnfmt::export::{ExportOptions, export_bytes};
use pbnfmt::lexer::{SyntaxKind, lex};
use pbnfmt::source::decode;

/// Export spells line ends as CR LF and tabs as spaces; compare texts in one spelling.
fn normal(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace(['\t', '\u{b}'], " ")
}

/// The data of each tag pair that has any, by tag name: the tokens after its `]` and before the
/// next `[`, neither space nor comment nor `%` line, nor the `-` that an import-format auction may
/// put before the dealer's first call (export starts the auction at the dealer, PBN 3.5.1), nor
/// annotations, which export writes as NAGs in order (PBN 3.5.2, 3.6.2; their meaning is compared
/// by export's own read-back). In capitals: export spells calls and cards in capitals.
fn section_data(text: &str) -> Vec<(String, Vec<String>)> {
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    let mut name = None;
    let mut inside = false;
    for token in lex(text) {
        let piece = token.text(text);
        match token.kind {
            SyntaxKind::LBracket => {
                inside = false;
                name = None;
            }
            SyntaxKind::Word if !inside && name.is_none() => name = Some(piece),
            SyntaxKind::RBracket => {
                inside = true;
                sections.push((name.unwrap_or_default().to_owned(), Vec::new()));
            }
            SyntaxKind::LineComment
            | SyntaxKind::BraceComment
            | SyntaxKind::UnterminatedBraceComment
            | SyntaxKind::Escape
            | SyntaxKind::Suffix
            | SyntaxKind::Nag
            | SyntaxKind::NoteRef => {}
            kind if inside && kind != SyntaxKind::Newline && piece != "-" => {
                if let Some((_, data)) = sections.last_mut() {
                    data.push(piece.to_ascii_uppercase());
                }
            }
            _ => {}
        }
    }
    sections.retain(|(_, data)| !data.is_empty());
    sections
}

#[test]
fn every_comment_escape_line_and_tag_survives_export() {
    let mut exported = 0;
    let mut refused = 0;
    for path in common::all_pbn_files() {
        let name = common::relative(&path);
        let bytes = std::fs::read(&path).unwrap();
        let result = export_bytes(&bytes, &ExportOptions::default());
        let Some(output) = &result.output_bytes() else {
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
                        .find(|t| t.kind != SyntaxKind::Newline)
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
        // Every section: its data (the tokens between its tag pair and the next, outside
        // comments) is in the export's section of that name, in order. Export may move a
        // section within its game, so sections are matched by name, the n-th with the n-th.
        // Each tag's sections in the export, last first, so that `pop` gives them in order.
        let mut written: HashMap<String, Vec<Vec<String>>> = HashMap::new();
        for (tag, data) in section_data(&output).into_iter().rev() {
            written.entry(tag).or_default().push(data);
        }
        for (tag, data) in &section_data(&input) {
            let Some(out) = written.get_mut(tag).and_then(Vec::pop) else {
                panic!("{name}: the {tag} section is not in the export");
            };
            let mut rest = out.iter();
            for piece in data {
                assert!(
                    rest.any(|w| w == piece),
                    "{name}: `{piece}` of the {tag} section is not in the export, in order"
                );
            }
        }
    }
    assert!(
        exported > 100 && refused > 0,
        "{exported} exported, {refused} refused"
    );
}
