//! The reading core gives back every byte: tokens and the gaps of spaces and tabs between them
//! cover the decoded text exactly, and decoding then encoding gives back the original bytes, for
//! every fixture and every real-world file.

use crate::common;

use pbnfmt::lexer::{SyntaxKind, is_gap, lex};
use pbnfmt::parser::parse;
use pbnfmt::source::{decode, encode};
use pbnfmt::syntax::{Data, Parse};

#[test]
fn tokens_cover_every_file_exactly_and_bytes_round_trip() {
    let files = common::all_pbn_files();
    assert!(files.len() >= 30, "fixtures missing: {}", files.len());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let decoded = decode(&bytes, None);
        let name = common::relative(&path);
        if decoded.malformed_at.is_some() {
            // Only the fixture made for F001 may be undecodable; pbnfmt never rewrites such a file.
            assert!(
                name.ends_with("malformed-encoding.pbn"),
                "{name} is not decodable"
            );
        } else {
            assert_eq!(
                encode(&decoded.text, decoded.encoding, decoded.bom).unwrap(),
                bytes,
                "{name}: decode then encode changed the bytes"
            );
        }
        let tokens = lex(&decoded.text);
        let mut joined = String::with_capacity(decoded.text.len());
        let mut at = 0;
        for token in &tokens {
            let gap = decoded.text.get(at..token.start as usize);
            assert!(
                gap.is_some_and(is_gap),
                "{name}: overlap, or text that is no token, before {token:?}"
            );
            joined.push_str(gap.unwrap_or_default());
            joined.push_str(token.text(&decoded.text));
            at = token.end as usize;
        }
        let rest = &decoded.text[at..];
        assert!(is_gap(rest), "{name}: text after the last token");
        joined.push_str(rest);
        assert_eq!(
            joined, decoded.text,
            "{name}: tokens do not give back the text"
        );
    }
}

/// Nothing significant is dropped by the parser: every token that is not a line end belongs to
/// the tree, directly (a tag name, a call, a comment), inside a section element or invalid run, or
/// inside the extent of a tag pair (a broken tag keeps what it skipped). Each token is claimed once.
#[test]
fn tree_accounts_for_every_significant_token() {
    for path in common::all_pbn_files() {
        let bytes = std::fs::read(&path).unwrap();
        let text = decode(&bytes, None).text;
        let parse = parse(&text);
        let name = common::relative(&path);
        let mut claimed = vec![0u8; parse.tokens.len()];
        let mut claim = |first: u32, last: u32| {
            for id in first..=last {
                claimed[id as usize] += 1;
            }
        };
        for game in &parse.games {
            for data in &game.leading {
                claim_data(&parse, data, &mut claim);
            }
            for tag in &game.tags {
                // The extent of the tag pair, minus the comments inside it, which its data claims.
                let inner_comments: Vec<u32> = tag
                    .data
                    .iter()
                    .filter_map(|d| match d {
                        Data::Comment(id) if *id < tag.end => Some(*id),
                        _ => None,
                    })
                    .collect();
                for id in tag.open..=tag.end {
                    if !inner_comments.contains(&id) {
                        claim(id, id);
                    }
                }
                for data in &tag.data {
                    claim_data(&parse, data, &mut claim);
                }
            }
        }
        for (id, token) in parse.tokens.iter().enumerate() {
            let significant = !matches!(
                token.kind,
                SyntaxKind::Newline | SyntaxKind::Foreign | SyntaxKind::EmbedDelimiter
            );
            if significant {
                assert_eq!(
                    claimed[id],
                    1,
                    "{name}: token {id} {token:?} {:?} claimed {} times",
                    token.text(&text),
                    claimed[id]
                );
            } else if token.kind == SyntaxKind::Newline {
                assert!(claimed[id] <= 1, "{name}: line end {id} claimed twice");
            }
        }
    }
}

fn claim_data(parse: &Parse, data: &Data, claim: &mut impl FnMut(u32, u32)) {
    match data {
        Data::Comment(id) | Data::Escape(id) | Data::Marker(id) => claim(*id, *id),
        Data::Move(item) => {
            item.irregularity.into_iter().for_each(|id| claim(id, id));
            claim(item.token, item.token);
            parse.annotations(item).iter().for_each(|&id| claim(id, id));
        }
        Data::Element { first, last } | Data::Invalid { first, last } => claim(*first, *last),
    }
}
