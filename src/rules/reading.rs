//! Reading a file before any rule of the standard: its encoding (F001), whether it is PBN at all
//! (a PBI file, F003, or chess PGN, F002), an unclosed `<PBN>` (F004), and every syntax error
//! worded ([`crate::rules::syntax`]). `check` goes on to the rules; `export` and the rewrites
//! refuse on what stops them.

use crate::parser;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::source::{Decoded, NotText};

// The rules of this family: their pages are in `reading.md` beside this file, and build.rs
// makes each a constant (see [`crate::rules`]).
include!(concat!(env!("OUT_DIR"), "/rules/reading.rs"));

/// F001: bytes the encoding could not decode.
pub fn malformed(decoded: &Decoded) -> Option<Diagnostic> {
    let text = decoded.text.as_str();
    let at = decoded.malformed_at?;
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    Some(
        Diagnostic::new(
            Rule::MalformedEncoding,
            at..end,
            format!("bytes that are not valid {}", decoded.encoding),
        )
        .with_label("replaced by U+FFFD")
        .with_help(
            "re-save the file in one encoding, or name the right one with `--encoding` \
                (`--input-encoding` for export and convert)",
        ),
    )
}

/// F003, F006 or F007: what the file is when it is not PBN text at all.
pub fn not_text_finding(not_text: NotText) -> Diagnostic {
    match not_text {
        NotText::Pbi(span) => Diagnostic::new(
            Rule::PbiFile,
            span,
            "this is a PBI chess-problem file, not a PBN bridge file",
        )
        .with_help("exclude it from the PBN check"),
        NotText::Utf16 { at, endian } => Diagnostic::new(
            Rule::Utf16WithoutBom,
            at,
            format!(
                "this file looks like {} without a byte-order mark: every other byte is NUL",
                endian.to_uppercase()
            ),
        )
        .with_label("a NUL between two characters")
        .with_help(format!(
            "read it with `--encoding {endian}` (`--input-encoding {endian}` for export and \
             convert), or re-save it in UTF-8"
        )),
        NotText::Binary {
            at,
            controls,
            sampled,
        } => Diagnostic::new(
            Rule::BinaryFile,
            at,
            format!(
                "this is binary data, not PBN text: {controls} of its first {sampled} characters \
                 are control characters"
            ),
        )
        .with_label("the first control character")
        .with_help("exclude it from the PBN check, or unpack it if it is a compressed PBN file"),
    }
}

/// F002.
pub fn chess_finding(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::ChessPgnFile,
        span,
        "this is a chess game in PGN, not a bridge game in PBN",
    )
    .with_label("chess movetext")
    .with_help("open it with a chess program, or exclude it from the PBN check")
}

/// F010: a text with syntax errors and no tag pair.
pub fn not_pbn_finding(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::NotPbn,
        span,
        "this is not PBN: its text has syntax errors and not one tag pair `[Name \"value\"]`",
    )
    .with_label("its first syntax error")
    .with_help("exclude the file from the PBN check, or name the PBN file meant")
}

/// F009: a LIN file given to a command that rewrites PBN.
pub fn lin_finding(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::LinFileNotRewritten,
        span,
        "this is a LIN file (BBO), which this command does not rewrite: it rewrites PBN",
    )
    .with_label("a LIN tag")
    .with_help("`pbnfmt convert FILE.lin` writes it as PBN; `pbnfmt check` reads it as it is")
}

/// F004: a `<PBN>` with no `</PBN>` after it.
pub fn unclosed_embedding(open: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnclosedEmbedding,
        open,
        "`<PBN>` is never closed by `</PBN>`",
    )
    .with_help("add `</PBN>` where the PBN text ends (PBN 6.2)")
}

/// F008: the `##` value at `span` is of one name more than pbnfmt carries.
pub fn too_many_inherited(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::TooManyInheritedTags,
        span,
        format!(
            "a `##` value for one tag name more than the {} that pbnfmt carries to later games: \
             this value, and those of later new names, reach their own game only",
            crate::model::MAX_INHERITED
        ),
    )
    .with_help(
        "write the values out in the games that need them (`pbnfmt resolve` on the first part of \
         the file), or give fewer tags with `##` (PBN 4.8)",
    )
}

/// F005: the chunk ends inside a game too long to hold whole; said at the game's first line.
pub fn oversized_game(start: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::OversizedGame,
        start,
        format!(
            "this game runs on for more than {} tokens without a semi-empty line: it is read \
             in pieces, and findings after the first cut may be wrong",
            parser::MAX_CHUNK_TOKENS
        ),
    )
    .with_label("the game starts here")
    .with_help(OVERSIZED_GAME.help())
}

/// A file that draws each file-level rule, and the file mended ([`crate::rules::pairs`]).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    use crate::rules::pairs::Pair;
    // Two tokens a character, more than a chunk holds.
    const LONG: usize = 2 * parser::MAX_CHUNK_TOKENS;
    vec![
        // A UTF-8 byte-order mark, then the Latin-1 byte for `ü`.
        Pair::bytes(
            Rule::MalformedEncoding,
            b"\xEF\xBB\xBF[Event \"M\xFCnchen\"]\n",
            b"\xEF\xBB\xBF[Event \"M\xC3\xBCnchen\"]\n",
        ),
        Pair::new(
            Rule::ChessPgnFile,
            "[White \"Kasparov\"]\n[Black \"Karpov\"]\n\n1. e4 c5 2. Nf3 d6\n",
            "[West \"Kasparov\"]\n[East \"Karpov\"]\n",
        ),
        Pair::new(Rule::PbiFile, "#PBI 1.2\n", "[Event \"PBI 1.2\"]\n"),
        // A TOML file; and the same lines with one tag pair of PBN among them, whose errors
        // are PBN's to report.
        Pair::new(
            Rule::NotPbn,
            "[package]\nname = \"x\"\n[features]\n[dependencies]\nclap = \"4\"\n[build]\n[workspace]\n",
            "[Event \"x\"]\n[package]\nname = \"x\"\n[features]\n[dependencies]\n[build]\n\
             [workspace]\n",
        ),
        Pair::new(
            Rule::LinFileNotRewritten,
            "pn|Ann,Bob,Cid,Dee|md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|\n",
            "{pn|Ann,Bob,Cid,Dee|}\n[Board \"1\"]\n",
        ),
        // A gzip stream (a file compressed with `gzip -n`), and a text that only mentions one.
        Pair::bytes(
            Rule::BinaryFile,
            include_bytes!("../../corpus/invalid/file/binary-file.pbn"),
            b"{gzip starts with 1F 8B}\n",
        ),
        Pair::bytes(
            Rule::Utf16WithoutBom,
            b"[\0E\0v\0e\0n\0t\0 \0\"\0C\0l\0u\0b\0\"\0]\0\n\0",
            b"\xff\xfe[\0E\0v\0e\0n\0t\0 \0\"\0C\0l\0u\0b\0\"\0]\0\n\0",
        ),
        // A game (its tag pair first: a text of no tag pair is not PBN, F010) too long to read
        // whole, and the same text in short games.
        Pair::owned(
            Rule::OversizedGame,
            "[Event \"x\"]\n".to_owned()
                + &"x x x x x x x x x x x x x x x x x x x x\n".repeat(LONG / 40),
            "[Event \"x\"]\n".to_owned()
                + &"x x x x x x x x x x x x x x x x x x x x\n\n".repeat(LONG / 41),
        ),
        Pair::new(
            Rule::UnclosedEmbedding,
            "<html><PBN>[Event \"Club\"] ... </html>\n",
            "<html><PBN>[Event \"Club\"]</PBN></html>\n",
        ),
        // One name more than the cap given `##`, and as many, once each.
        Pair::owned(
            Rule::TooManyInheritedTags,
            (0..=crate::model::MAX_INHERITED)
                .map(|k| format!("[T{k} \"##v\"]\n[Board \"{k}\"]\n\n"))
                .collect::<String>(),
            (0..crate::model::MAX_INHERITED)
                .map(|k| format!("[T{k} \"##v\"]\n[Board \"{k}\"]\n\n"))
                .collect::<String>(),
        ),
    ]
}
