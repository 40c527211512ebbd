//! The unit tests of `merge` and `split`.

use super::*;

const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

fn read(text: &str) -> Read {
    super::read(text.as_bytes(), RewriteOptions::default()).unwrap()
}

/// The parts of `text` cut by `cut`: each one's key and bytes.
fn parts_of(text: &str, cut: &Cut) -> Vec<(Option<String>, Vec<u8>)> {
    let mut spool = Split::new();
    let parts = split(&mut spool, &mut read(text), cut).unwrap();
    parts
        .iter()
        .map(|part| (part.key.clone(), spool.bytes(part).unwrap()))
        .collect()
}

fn game(board: u32, room: &str) -> String {
    format!("[Board \"{board}\"]\r\n[Room \"{room}\"]\r\n[Deal \"{DEAL}\"]\r\n")
}

fn file(boards: &[(u32, &str)]) -> String {
    let games: Vec<String> = boards.iter().map(|(b, r)| game(*b, r)).collect();
    format!("% PBN 2.1\r\n{}", games.join("\r\n"))
}

/// What [`Tail`] gathers a byte at a time, worked out on the whole text as merge did when it
/// held it: the text ends with an empty line after the filler.
#[test]
fn the_filler_ends_any_text_with_an_empty_line() {
    fn whole(text: &str, nl: &str) -> String {
        let mut text = text.to_owned();
        if text.is_empty() {
            return text;
        }
        if !text.ends_with(['\n', '\r']) {
            text.push_str(nl);
        }
        let body = text
            .strip_suffix("\r\n")
            .unwrap_or_else(|| &text[..text.len() - 1]);
        let last_line = &body[body.rfind(['\n', '\r']).map_or(0, |at| at + 1)..];
        if !last_line.trim_matches([' ', '\t']).is_empty() {
            text.push_str(nl);
        }
        text
    }
    let pieces = ["", "a", " ", "\t", "\n", "\r", "\r\n", "x y"];
    for nl in ["\n", "\r\n", "\r"] {
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let text = format!("{a}{b}{c}");
                    let mut tail = Tail::default();
                    // Given in pieces, as the chunks come.
                    for piece in [a, b, c] {
                        tail.push(piece);
                    }
                    assert_eq!(
                        format!("{text}{}", tail.filler(nl).text()),
                        whole(&text, nl),
                        "{text:?} with {nl:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn split_then_merge_gives_the_file_back() {
    let text = file(&[
        (1, "Open"),
        (2, "Closed"),
        (3, "Open"),
        (4, "Open"),
        (5, "Closed"),
    ]);
    let parts = parts_of(&text, &Cut::Every(2));
    assert_eq!(parts.len(), 3);
    let part = |i: usize| String::from_utf8(parts[i].1.clone()).unwrap();
    assert!(
        part(1).starts_with("% PBN 2.1\r\n[Board \"3\"]"),
        "{}",
        part(1)
    );
    let reads: Vec<Read> = parts
        .iter()
        .map(|p| super::read(&p.1, RewriteOptions::default()).unwrap())
        .collect();
    let merged = merge(reads, None, false).bytes().unwrap();
    assert_eq!(String::from_utf8(merged).unwrap(), text);
    // By Room: the Open boards, then the Closed ones; merged, the same games.
    let parts = parts_of(&text, &Cut::By("Room".to_owned()));
    let keys: Vec<Option<&str>> = parts.iter().map(|p| p.0.as_deref()).collect();
    assert_eq!(keys, [Some("Open"), Some("Closed")]);
    let open = String::from_utf8(parts[0].1.clone()).unwrap();
    assert_eq!(
        open,
        file(&[(1, "Open"), (3, "Open"), (4, "Open")]) + "\r\n"
    );
}

/// Issue 65, item 4: a board without the tag goes to a part of its own, not to the previous
/// board's part (before, board 2 below went with board 1 into Open); a comment alone between
/// games still goes with the game before it.
#[test]
fn a_board_without_the_tag_gets_a_part_of_its_own() {
    let without = format!("[Board \"2\"]\r\n[Deal \"{DEAL}\"]\r\n");
    let text = format!(
        "% PBN 2.1\r\n{}\r\n{without}\r\n{{between}}\r\n\r\n{}",
        game(1, "Open"),
        game(3, "Closed")
    );
    let parts = parts_of(&text, &Cut::By("Room".to_owned()));
    let keys: Vec<Option<&str>> = parts.iter().map(|p| p.0.as_deref()).collect();
    assert_eq!(keys, [Some("Open"), None, Some("Closed")]);
    let alone = String::from_utf8(parts[1].1.clone()).unwrap();
    assert!(
        alone.contains("[Board \"2\"]") && alone.contains("{between}"),
        "{alone}"
    );
    assert!(!alone.contains("[Board \"1\"]") && !alone.contains("[Board \"3\"]"));
}

/// A comment alone between games goes with the game before it, whichever part was made
/// last (it went to the part made last: here Closed, where board 3 is Open).
#[test]
fn a_comment_alone_goes_with_the_game_before_it() {
    let text = format!(
        "% PBN 2.1\r\n{}\r\n{}\r\n{}\r\n{{after three}}\r\n\r\n{}",
        game(1, "Open"),
        game(2, "Closed"),
        game(3, "Open"),
        game(4, "Closed")
    );
    let parts = parts_of(&text, &Cut::By("Room".to_owned()));
    let open = String::from_utf8(parts[0].1.clone()).unwrap();
    let closed = String::from_utf8(parts[1].1.clone()).unwrap();
    assert!(
        open.contains("[Board \"3\"]") && open.contains("{after three}"),
        "{open}"
    );
    assert!(!closed.contains("{after three}"), "{closed}");
}

#[test]
fn a_value_resolve_cannot_write_out_refuses_the_file() {
    // `####x` hands `##x` to the second game, which no part without the first could say.
    let text = format!(
        "[Event \"####x\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \"{DEAL}\"]\n"
    );
    let problems = super::read(text.as_bytes(), RewriteOptions::default())
        .err()
        .expect("refused");
    assert!(
        problems.iter().any(|p| p.rule.code() == "W005"),
        "{problems:?}"
    );
}

#[test]
fn merged_files_keep_their_games_and_values() {
    // The first file hands Event to its games with `##`: written out, so that the second
    // file's game does not take it.
    let a = format!(
        "[Event \"##Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Board \"2\"]\n[Deal \"{DEAL}\"]\n"
    );
    let b = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n");
    let merged = merge(vec![read(&a), read(&b)], None, true).bytes().unwrap();
    assert_eq!(
        String::from_utf8(merged).unwrap(),
        format!(
            "[Event \"Club\"]\n[Board \"1\"]\n[Deal \"{DEAL}\"]\n\n[Event \"Club\"]\n[Board \
             \"2\"]\n[Deal \"{DEAL}\"]\n\n[Board \"3\"]\n[Deal \"{DEAL}\"]\n"
        )
    );
    // Shuffled: the same games, the same for the same seed, another order for another.
    let text = file(&[(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e"), (6, "f")]);
    let once = merge(vec![read(&text)], Some(7), false).bytes().unwrap();
    let again = merge(vec![read(&text)], Some(7), false).bytes().unwrap();
    let other = merge(vec![read(&text)], Some(8), false).bytes().unwrap();
    assert_eq!(once, again);
    assert_ne!(once, other);
    assert_ne!(String::from_utf8(once.clone()).unwrap(), text);
    assert!(
        String::from_utf8(once)
            .unwrap()
            .starts_with("% PBN 2.1\r\n\r\n[Board")
    );
}
