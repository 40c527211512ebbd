//! Reading a file before any rule of the standard: its encoding (F001), whether it is PBN at all
//! (a PBI file, F003, or chess PGN, F002), an unclosed `<PBN>` (F004), and every syntax error
//! worded ([`crate::rules::syntax`]). `check` goes on to the rules; `export` and the rewrites
//! refuse on what stops them.

use crate::parser;
use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::{Drawn, Group, Rule, RuleInfo};
use crate::source::{Decoded, NotText};

// The rules of this family: see [`crate::rules`].

pub const MALFORMED_ENCODING: RuleInfo = RuleInfo {
    code: "F001",
    name: "malformed-encoding",
    severity: Severity::Error,
    section: "PBN 2.2",
    summary: "Bytes that are not valid in the file's encoding",
    what: "A file whose byte-order mark (or `--encoding`) announces UTF-8 or UTF-16 but whose \
        bytes are not valid in that encoding.",
    why: "PBN 2.2 defines PBN text over ISO 8859-1; pbnfmt also reads UTF-8 and UTF-16. Bytes \
        that are valid in neither cannot be read faithfully: pbnfmt replaces them with U+FFFD to \
        go on checking, and will not rewrite the file.",
    example: "A file starting with the UTF-8 BOM `EF BB BF` that contains the Latin-1 byte `FC` \
        (ü).",
    fix: "Re-save the file in one encoding, or name the right one with `--encoding latin-1` \
        (every command but `export` and `convert`, where the input's is `--input-encoding latin-1`).",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const CHESS_PGN_FILE: RuleInfo = RuleInfo {
    code: "F002",
    name: "chess-pgn-file",
    severity: Severity::Error,
    section: "PBN 1.3",
    summary: "The file is a chess game in PGN, not a bridge game",
    what: "A file with PGN tags such as `White` and `Black`, chess movetext such as `1. e4 e5`, \
        and no bridge tag (`Deal`, `Auction`, `Play`).",
    why: "PBN is derived from PGN (PBN 1.3), so a PGN file looks like PBN at first sight; every \
        line of it would otherwise draw a syntax error. One clear finding says what the file is.",
    example: "```\n\
        [White \"Kasparov\"]\n\
        [Black \"Karpov\"]\n\n\
        1. e4 c5 2. Nf3 d6\n\
        ```",
    fix: "Open the file with a chess program, or exclude it from the PBN check.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const PBI_FILE: RuleInfo = RuleInfo {
    code: "F003",
    name: "pbi-file",
    severity: Severity::Error,
    section: "PBN 6.1",
    summary: "The file is a PBI chess-problem file, not PBN",
    what: "A file that starts with the `#PBI` marker of the PBI chess-problem format.",
    why: "PBI is a line-based chess format, not a PBN dialect; PBN files have the extension \
        `.pbn` (PBN 6.1). Reading it as PBN would only produce noise.",
    example: "```\n\
        #PBI 1.2\n\
        ```",
    fix: "Exclude the file from the PBN check, or rename it so it does not end in `.pbn`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UNCLOSED_EMBEDDING: RuleInfo = RuleInfo {
    code: "F004",
    name: "unclosed-embedding",
    severity: Severity::Error,
    section: "PBN 6.2",
    summary: "`<PBN>` in a document without a matching `</PBN>`",
    what: "A document that embeds PBN text after `<PBN>` but never closes it with `</PBN>`.",
    why: "PBN 6.2 delimits PBN text inside another document (an HTML page, a word-processor file) \
        by `<PBN>` and `</PBN>`. Without the closing delimiter, the rest of the document is read \
        as PBN.",
    example: "```\n\
        <html><PBN>[Event \"Club\"] ... </html>\n\
        ```",
    fix: "Add `</PBN>` where the PBN text ends.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const OVERSIZED_GAME: RuleInfo = RuleInfo {
    code: "F005",
    name: "oversized-game",
    severity: Severity::Error,
    section: "PBN 3",
    summary: "A game of more tokens than pbnfmt holds at once (65,536)",
    what: "A game, or text between games, made of more than 65,536 tokens (words, strings, \
        comments, punctuation, and the spaces and line ends between them) before a semi-empty \
        line ends it.",
    why: "PBN 3 ends every game at a semi-empty line, and real games have a few thousand tokens; \
        pbnfmt holds one game at a time, so that its memory does not follow the file. A longer \
        stretch (a file of text without empty lines, games whose separating lines were lost) is \
        read in pieces cut at line starts: the findings after a cut may differ from a reading of \
        the game whole, and pbnfmt will not rewrite the file. Long values and comments are single \
        tokens and do not count.",
    example: "A 30 MB file of text lines with no empty line between them.",
    fix: "Separate the games by an empty line (PBN 3), or remove the text that is not PBN.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const LIN_FILE_NOT_REWRITTEN: RuleInfo = RuleInfo {
    code: "F009",
    name: "lin-file-not-rewritten",
    severity: Severity::Error,
    section: "LIN pairs",
    summary: "A LIN file given to a command that rewrites PBN",
    what: "A BBO LIN file (`pn|…|md|…|`) given to `export`, `resolve`, `nag`, `fix`, `dedup`, \
        `rotate` or `renumber`, which rewrite PBN in place.",
    why: "LIN pairs: a LIN file is `tag|value|` pairs, not PBN. `check` and `convert` read \
        LIN, and `fingerprint` reads it as the PBN it converts to; a rewrite of PBN has nothing \
        to edit in LIN text, where every line would draw a PBN syntax error. One clear finding \
        says what the file is.",
    example: "```\n\
        pn|Ann,Bob,Cid,Dee|md|1S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,SK843HT542DJ6C863|\n\
        ```",
    fix: "Convert it first (`pbnfmt convert FILE.lin`, or `--out-dir`), then rewrite the PBN.",
    blocks_rewrite: true,
    group: Group::Write,
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const TOO_MANY_INHERITED: RuleInfo = RuleInfo {
    code: "F008",
    name: "too-many-inherited-tags",
    severity: Severity::Error,
    section: "PBN 4.8",
    summary: "More than 32 tag names hand a value to later games with `##`",
    what: "A file in which more than 32 different tag names are given a `##` value (PBN 4.8: \
        the value of every later game that leaves the tag out).",
    why: "Every game holds the values that reach it, so a file whose every game adds one more \
        `##` name would cost the square of its games in time and memory. Real files use a \
        handful. Past 32, a `##` of a new name gives its value to its own game only, and pbnfmt \
        will not rewrite the file.",
    example: "```\n\
        [T1 \"##a\"]\n\n\
        [T2 \"##b\"]\n\n\
        ... (33 names)\n\
        ```",
    fix: "Write the values out in the games that need them (`pbnfmt resolve` on the first part \
        of the file), or give fewer tags with `##`.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const NOT_PBN: RuleInfo = RuleInfo {
    code: "F010",
    name: "not-pbn",
    severity: Severity::Error,
    section: "PBN 3",
    summary: "A text file that is not PBN at all",
    what: "A text with five syntax errors or more and not one tag pair that reads as PBN writes \
        it (`[Name \"value\"]`): a configuration file, a program, notes renamed or given by \
        mistake. One finding takes the place of the syntax errors.",
    why: "PBN 3: a PBN file is games of tag pairs. A text with none is no PBN file with errors \
        but another kind of file, and thirty syntax errors with bridge help say less than one \
        finding that says what it is not.",
    example: "`Cargo.toml` renamed `hands.pbn`: `[package]`, then `name = \"pbnfmt\"`.",
    fix: "Exclude the file from the PBN check, or name the PBN file meant.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const BINARY_FILE: RuleInfo = RuleInfo {
    code: "F006",
    name: "binary-file",
    severity: Severity::Error,
    section: "PBN 2.2",
    summary: "The file is binary data, not PBN text",
    what: "A file whose first 8 KiB are more than 5% control characters other than tabs and line \
        ends (NUL, escape, ...), and at least 16 of them: an archive, an image, a program, a \
        database.",
    why: "PBN 2.2 allows no control character but tabs and line ends; a binary file read as PBN \
        draws a finding for nearly every line. One finding says what the file is.",
    example: "A zip archive renamed `session.pbn`.",
    fix: "Exclude the file from the PBN check, or unpack it (`pbnfmt check <(zcat a.pbn.gz)`).",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

pub const UTF16_WITHOUT_BOM: RuleInfo = RuleInfo {
    code: "F007",
    name: "utf16-without-bom",
    severity: Severity::Error,
    section: "PBN 2.2",
    summary: "The file looks like UTF-16 without a byte-order mark",
    what: "A file without a byte-order mark in which every other byte of the first 8 KiB is \
        mostly NUL: text in UTF-16, little- or big-endian.",
    why: "PBN 2.2 defines the text over ISO 8859-1; pbnfmt reads UTF-16 when a byte-order mark \
        says so. Without one, the file would be read as Latin-1 with a NUL between every two \
        characters, and every line would draw a finding.",
    example: "`[\\0E\\0v\\0e\\0n\\0t\\0` ... (the bytes of `[Event` in UTF-16LE).",
    fix: "Name the encoding: `--encoding utf-16le` (every command but `export` and `convert`, \
        where the input's is `--input-encoding utf-16le`), or `encoding = \"utf-16le\"` in \
        `pbnfmt.toml`; or re-save the file in UTF-8.",
    blocks_rewrite: true,
    ..RuleInfo::BASE
};

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
