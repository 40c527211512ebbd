//! `pbnfmt nag`: suffixes become NAGs (PBN 3.5.2, 3.6.2, 3.7), and nothing else changes.
//!
//! A suffix after a call becomes its call NAG (`!` $1, `?` $2, `!!` $3, `??` $4, `!?` $5, `?!` $6),
//! after a card its card NAG ($7 to $12). The annotations of that call or card that stand together
//! with the suffix (only white space between them) are written again in export order: the note
//! reference, then the NAGs in ascending order, one space apart; a space is added where they
//! were glued to the call or card, or to what follows. Annotations on the other side of a comment
//! stay where they are, so that the comment keeps what it follows. A call or card with two
//! suffixes is reported (N003), not guessed at.

use crate::bridge::SUFFIXES;
use crate::lexer::{SyntaxKind, token_number};
use crate::proof::Rewritten;
use crate::rewrite::edit::Edits;
use crate::rewrite::{ChunkEdits, EditsMade, ReadBack, RewriteOptions, ToEdit, rewrite_chunks};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::writing::Unfaithful;
use crate::source;
use crate::syntax::{Data, Move, Parse, SectionKind, TokenId};

/// Rewrites the suffixes of one file's bytes.
pub fn nag_bytes(bytes: &[u8], options: RewriteOptions) -> Rewritten {
    nag_decoded(source::decode(bytes, options.input_encoding), options)
}

/// [`nag_bytes`] of bytes the caller gives away: a UTF-8 file is not copied.
pub fn nag_owned(bytes: Vec<u8>, options: RewriteOptions) -> Rewritten {
    nag_decoded(source::decode_owned(bytes, options.input_encoding), options)
}

fn nag_decoded(decoded: source::Decoded, options: RewriteOptions) -> Rewritten {
    rewrite_chunks(decoded, options, &mut Nag, None)
}

/// `nag` a chunk at a time.
struct Nag;

impl ChunkEdits for Nag {
    const EFFECTIVE: bool = false;

    fn edits(&mut self, chunk: ToEdit<'_, '_>) -> EditsMade {
        nag_edits(chunk.parse, chunk.text)
    }

    fn check_piece(&self, back: ReadBack<'_>) -> Option<Unfaithful> {
        let (more, _) = nag_edits(back.again, back.piece);
        (!more.is_empty()).then_some(Unfaithful::AgainChanges)
    }
}

/// The edits that turn the suffixes of `text` into NAGs, and the calls and cards left alone
/// because they have two suffixes (N003).
pub fn nag_edits(parse: &Parse, text: &str) -> (Edits, Vec<Diagnostic>) {
    let mut edits = Edits::default();
    let mut findings = Vec::new();
    for pair in parse.games.iter().flat_map(|game| &game.tags) {
        let is_auction = match pair.section {
            SectionKind::Auction => true,
            SectionKind::Play => false,
            _ => continue,
        };
        for data in &pair.data {
            let Data::Move(mv) = data else {
                continue;
            };
            let mut suffixes = parse
                .annotations(mv)
                .iter()
                .copied()
                .filter(|&id| parse.kind(id) == SyntaxKind::Suffix);
            let Some(suffix) = suffixes.next() else {
                continue;
            };
            if let Some(second) = suffixes.next() {
                findings.push(second_suffix(parse, text, suffix, second, is_auction));
                continue;
            }
            let (range, written) = rewrite_run(parse, text, mv, suffix, is_auction);
            edits.replace(range, written);
        }
    }
    (edits, findings)
}

/// The span of the annotations standing together with `suffix`, and their export form.
fn rewrite_run(
    parse: &Parse,
    text: &str,
    mv: &Move,
    suffix: TokenId,
    is_auction: bool,
) -> (std::ops::Range<usize>, String) {
    let annotations = parse.annotations(mv);
    let at = annotations.iter().position(|&id| id == suffix).unwrap_or(0);
    // Annotations in a row with nothing but white space between them.
    let together = |a: TokenId, b: TokenId| {
        text[parse.token(a).end as usize..parse.token(b).start as usize]
            .bytes()
            .all(|b| b.is_ascii_whitespace())
    };
    let mut first = at;
    while first > 0 && together(annotations[first - 1], annotations[first]) {
        first -= 1;
    }
    let mut last = at;
    while last + 1 < annotations.len() && together(annotations[last], annotations[last + 1]) {
        last += 1;
    }
    let run = &annotations[first..=last];
    let mut notes: Vec<&str> = Vec::new();
    let mut nags: Vec<(u64, String)> = Vec::new();
    for &id in run {
        let token = parse.text(text, id);
        match parse.kind(id) {
            SyntaxKind::NoteRef => notes.push(token),
            SyntaxKind::Suffix => {
                let index = SUFFIXES.iter().position(|s| *s == token).unwrap_or(0);
                let nag = index as u64 + if is_auction { 1 } else { 7 };
                nags.push((nag, format!("${nag}")));
            }
            _ => nags.push((u64::from(token_number(token)), token.to_owned())),
        }
    }
    // A stable sort: equal NAGs keep their order.
    nags.sort_by_key(|(number, _)| *number);
    let range = parse.token(run[0]).start as usize..parse.token(run[run.len() - 1]).end as usize;
    let glued_before = text[..range.start]
        .bytes()
        .next_back()
        .is_some_and(|b| !b.is_ascii_whitespace());
    let glued_after = text[range.end..]
        .bytes()
        .next()
        .is_some_and(|b| !b.is_ascii_whitespace());
    let mut written = String::new();
    if glued_before {
        written.push(' ');
    }
    let words = notes
        .into_iter()
        .chain(nags.iter().map(|(_, text)| text.as_str()));
    for (i, word) in words.enumerate() {
        if i > 0 {
            written.push(' ');
        }
        written.push_str(word);
    }
    if glued_after {
        written.push(' ');
    }
    (range, written)
}

/// N003, where `nag` meets it: the suffixes of the move are left as they are.
fn second_suffix(
    parse: &Parse,
    text: &str,
    first: TokenId,
    second: TokenId,
    is_auction: bool,
) -> Diagnostic {
    let item = if is_auction { "call" } else { "card" };
    crate::rules::notes::second_suffix_left(crate::rules::notes::second_suffix(
        parse.span(second, second),
        parse.span(first, first),
        parse.text(text, second),
        item,
    ))
}
