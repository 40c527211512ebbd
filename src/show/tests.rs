//! Tests of the module above.

// Test code only (the module is declared under `#[cfg(test)]`); the attribute on the first
// import says so to what reads the source (`../shared/tools/modgraph.py`, tests/layers.rs).
#[cfg(test)]
use super::*;

const GAME: &str = "[Event \"Club Pairs\"]\n[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n\
    [Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n\
    [Declarer \"S\"]\n[Contract \"4SX\"]\n[Result \"9\"]\n[Auction \"N\"]\n1D 1S Pass \
        4S\nX AP\n";

#[test]
fn hands_contract_and_auction() {
    let shown = diagrams(GAME, Some("7"), Symbols::Unicode);
    assert_eq!(shown.len(), 1);
    let board = &shown[0];
    assert!(board.starts_with("Board 7, Dealer North, Vulnerable NS\nClub Pairs\n"));
    // North's hand: a spade void, then hearts 6 3.
    // Each hand's high-card points beside its seat (13 for North: ♦AKQ and ♣A).
    assert!(board.contains("North, 13 HCP\n"), "{board}");
    assert!(board.contains("West, 10 HCP ") && board.contains("East, 12 HCP\n"));
    assert!(board.contains("♠ —\n"), "{board}");
    assert!(board.contains("♣ A 9 7 3 2\n"), "{board}");
    assert!(board.contains("♥ K Q 5"), "{board}");
    assert!(board.contains("\n♠ K Q 10 2 "), "{board}");
    assert!(board.contains(" ♠ A 8 6 5 4\n"), "{board}");
    assert!(
        board.contains("Contract 4♠X by South, 9 tricks (down 1)"),
        "{board}"
    );
    assert!(
        board.contains(
            "West     North    East     South\n         1♦       1♠       Pass\n4♠       \
        X        All pass\n"
        ),
        "{board}"
    );
    assert!(diagrams(GAME, Some("8"), Symbols::Unicode).is_empty());
    let ascii = &diagrams(GAME, None, Symbols::Ascii)[0];
    assert!(
        ascii.contains("S -\n") && ascii.contains("4SX by South"),
        "{ascii}"
    );
    assert!(ascii.is_ascii(), "{ascii}");
    // No analysis, notes or play in the file: none shown.
    assert!(
        !board.contains("Double dummy") && !board.contains("Lead "),
        "{board}"
    );
}

/// Issue 49, item 5: notes with their text, the opening lead (the play with `--play`), the
/// double-dummy table and par.
#[test]
fn notes_lead_play_double_dummy_and_par() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n\
        [Auction \"N\"]\n7NT =1= AP\n[Note \"1:all thirteen tricks\"]\n\
        [Play \"E\"]\nS7 S3 S2 SA\nHJ H6 H2 HA\n\
        [DoubleDummyTricks \"dddddddddd0000000000\"]\n[OptimumScore \"NS 2220\"]\n";
    let shown = &diagrams(text, None, Symbols::Ascii)[0];
    assert!(shown.contains("Note 1: all thirteen tricks\n"), "{shown}");
    // The call that refers to the note says so in the auction.
    assert!(shown.contains("\n         7NT(1)   All pass\n"), "{shown}");
    assert!(shown.contains("Lead S7 by East\n"), "{shown}");
    assert!(!shown.contains(" 1. East"), "{shown}");
    assert!(
        shown.contains(
            "Double dummy    NT   S   H   D   C\n  North         13  13  13  13  13\n\
             \x20 South         13  13  13  13  13\n  East           0   0   0   0   0\n"
        ),
        "{shown}"
    );
    // The file's OptimumScore (2220, a vulnerable grand slam) contradicts its table at no
    // vulnerability (H004): the table's par is shown, never the pair of both.
    assert!(
        shown.contains("Par NS 1520 (7NT by North-South)\n"),
        "{shown}"
    );
    let warnings = std::cell::RefCell::new(Vec::new());
    let look = Look {
        symbols: Symbols::Ascii,
        play: false,
        colour: false,
        solved: None,
        warnings: Some(&warnings),
    };
    each_diagram_as(text, None, look, parser::CHUNK_BYTES, |_| true);
    assert_eq!(
        warnings.take(),
        [
            "board 1: the file's OptimumScore (NS 2220) is not the par of its double-dummy table \
          (NS 1520, H004): the table's par is printed"
        ]
    );
    let look = Look {
        symbols: Symbols::Ascii,
        play: true,
        colour: false,
        solved: None,
        warnings: None,
    };
    let mut played = Vec::new();
    each_diagram_as(text, None, look, parser::CHUNK_BYTES, |diagram| {
        played.push(diagram);
        true
    });
    // East leads, North wins with the ace, and leads the next trick.
    assert!(
        played[0].contains(" 1. East   S7 S3 S2 SA*\n 2. North  HA* HJ H6 H2\n"),
        "{}",
        played[0]
    );
}

/// A board played at two tables (a results file) is one diagram with its traveller; the next
/// board starts a diagram of its own.
#[test]
fn one_diagram_and_a_traveller_for_a_board_at_several_tables() {
    let open = GAME.replace(
        "[Board \"7\"]",
        "[Board \"7\"]\n[Room \"Open\"]\n[Table \"1\"]",
    );
    let closed = GAME
        .replace(
            "[Board \"7\"]",
            "[Board \"7\"]\n[Room \"Closed\"]\n[Table \"1\"]",
        )
        .replace(
            "[Contract \"4SX\"]\n[Result \"9\"]",
            "[Contract \"3NT\"]\n[Result \"10\"]",
        );
    let other = GAME.replace("[Board \"7\"]", "[Board \"8\"]");
    let text = format!("{open}\n{closed}\n{other}");
    let shown = diagrams(&text, None, Symbols::Ascii);
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(
        shown[0].ends_with(
            "Played at 2 tables:\n  table 1, open room: Contract 4SX by South, 9 tricks \
             (down 1)\n  table 1, closed room: Contract 3NT by South, 10 tricks (made +1)\n"
        ),
        "{}",
        shown[0]
    );
    assert!(!shown[1].contains("Played at"), "{}", shown[1]);
    // Chunked as finely as can be, the same.
    let mut cut = Vec::new();
    each_diagram(&text, None, Symbols::Ascii, 1, |diagram| {
        cut.push(diagram);
        true
    });
    assert_eq!(cut, shown);
}

/// Read a chunk at a time, `##` values reach past the cut (PBN 4.8), and the diagrams are
/// those of the whole file.
#[test]
fn chunks_do_not_change_the_diagrams() {
    let second = "\n[Event \"#\"]\n[Board \"8\"]\n[Dealer \"E\"]\n[Vulnerable \"#\"]\n\
        [Deal \"#\"]\n[Contract \"3NT\"]\n[Declarer \"W\"]\n[Result \"9\"]\n";
    let text = format!("{}{second}", GAME.replacen("[Deal \"", "[Deal \"##", 1));
    let in_chunks = |chunk| {
        let mut shown = Vec::new();
        each_diagram(&text, None, Symbols::Unicode, chunk, |diagram| {
            shown.push(diagram);
            true
        });
        shown
    };
    let whole = in_chunks(usize::MAX);
    assert_eq!(whole.len(), 2);
    assert!(whole[1].contains("♣ A 9 7 3 2\n"), "{}", whole[1]);
    for chunk in [1, 40, 200, 400] {
        assert_eq!(in_chunks(chunk), whole, "chunk {chunk}");
    }
}
