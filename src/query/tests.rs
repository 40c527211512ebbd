use super::*;

// North: ♠AKQ2 ♥K32 ♦A2 ♣5432 (16 HCP, 4-3-2-4, 6 controls); East: ♠JT9 ♥AQJ ♦KQJ3 ♣AKQ
// (23); South 0 and West 1 with the rest.
const DEAL: &str = "N:AKQ2.K32.A2.5432 JT9.AQJ.KQJ3.AKQ 8765.T987.T98.T9 43.654.7654.J876";

/// The boards of `text` that `expr` chooses, by number.
fn chosen(expr: &str, text: &str) -> Vec<i64> {
    let query = Query::parse(expr).unwrap_or_else(|e| panic!("{}", e.render(expr)));
    let mut out = Vec::new();
    crate::read::judged_games(text, |parse, model, _| {
        let board = Board::new(parse, text, model);
        if query.matches(&board) {
            out.push(board.board_number().unwrap_or(-1));
        }
        true
    });
    out
}

fn game(board: u32, tags: &str, sections: &str) -> String {
    format!(
        "[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n{tags}{sections}\n"
    )
}

fn error(expr: &str) -> QueryError {
    Query::parse(expr).expect_err(expr)
}

#[test]
fn hand_facts_count_the_cards() {
    let text = game(1, "", "");
    for (expr, wanted) in [
        ("hcp(north) == 16", true),
        ("hcp(n) >= 17", false),
        (
            "hcp(east) == 23 and hcp(south) == 0 and hcp(west) == 1",
            true,
        ),
        // A side's points are its two hands'.
        ("hcp(ns) == 16 + 0 and hcp(ew) == 40 - 16", true),
        (
            "spades(north) == 4 and clubs(north) == 4 and diamonds(n) == 2",
            true,
        ),
        ("controls(north) == 6", true),
        // ♠AKQ2 0, ♥K32 2, ♦A2 1, ♣5432 3.
        ("losers(north) == 6", true),
        ("shape(north, 4324)", true),
        ("shape(north, 4432)", false),
        ("shape(north, any 4432)", true),
        ("shape(north, any 4432 - 4xxx)", false),
        ("shape(north, any 5332 + 4x2x)", true),
        (
            "hascard(north, AS) and hascard(east, 'SJ') and not hascard(south, AS)",
            true,
        ),
    ] {
        assert_eq!(chosen(expr, &text) == [1], wanted, "{expr}");
    }
}

/// Issue 60, item 2: a `*` stretches over any run of calls, whatever follows it; the matcher
/// tried only the last `*` and gave up at `AP`.
#[test]
fn a_star_matches_any_run_of_calls_whatever_follows() {
    let text = [
        game(1, "", "[Auction \"N\"]\n1S Pass 4C Pass\n4S AP\n"),
        game(2, "", "[Auction \"N\"]\n1NT Pass 3NT AP\n"),
        game(3, "", "[Auction \"N\"]\n1C 1S 2C 2S 3C 3S 4C 4S 5C AP\n"),
        game(4, "", "[Auction \"N\"]\nPass Pass Pass Pass\n"),
    ]
    .concat();
    assert_eq!(chosen("auction ~ \"* 4? AP\"", &text), [1]);
    assert_eq!(chosen("auction ~ \"* ?? AP\"", &text), [1, 2, 3]);
    assert_eq!(chosen("auction ~ \"* 4? * AP\"", &text), [1, 3]);
    assert_eq!(chosen("auction ~ \"* ?C * ?C * AP\"", &text), [3]);
    assert_eq!(chosen("auction ~ \"* ? ? AP\"", &text), [1, 2, 3, 4]);
    assert_eq!(chosen("auction ~ \"* AP\"", &text), [1, 2, 3, 4]);
    assert_eq!(chosen("auction ~ \"* 2S * 4S *\"", &text), [3]);
    assert_eq!(chosen("auction ~ \"*\"", &text), [1, 2, 3, 4]);
}

#[test]
fn an_auction_pattern_matches_calls_whole_not_text() {
    // Board 1: the Stayman auction the exclusion was written for; board 2 goes on past 2H, the
    // auction the Practice-Bidding-Scenarios regex (#338) wrongly excluded too.
    let text = [
        game(
            1,
            "",
            "[Auction \"N\"]\n1NT Pass 2C Pass\n2H Pass Pass Pass\n",
        ),
        game(
            2,
            "",
            "[Auction \"N\"]\n1N Pass 2C Pass 2H Pass 3C Pass 3S Pass 5H AP\n",
        ),
        // Alerts and notes are no calls; `AP` is the passes it stands for.
        game(
            3,
            "",
            "[Auction \"N\"]\n1NT! =1= Pass 2C $1 Pass\n2H AP\n[Note \"1:15-17\"]\n",
        ),
        game(4, "", "[Auction \"N\"]\nPass Pass 1S Pass\n4S AP\n"),
        game(5, "", ""),
    ]
    .concat();
    assert_eq!(chosen("auction ~ \"1NT P 2C P 2H P P P\"", &text), [1, 3]);
    assert_eq!(chosen("auction ~ \"1NT P 2C P 2H AP\"", &text), [1, 3]);
    assert_eq!(
        chosen("not auction ~ \"1NT P 2C P 2H AP\"", &text),
        [2, 4, 5]
    );
    assert_eq!(chosen("auction !~ \"1NT P 2C P 2H AP\"", &text), [2, 4]);
    assert_eq!(chosen("auction ~ \"1N P 2C P *\"", &text), [1, 2, 3]);
    assert_eq!(chosen("auction ~ \"* 5H *\"", &text), [2]);
    assert_eq!(chosen("auction ~ \"1? ? 2C *\"", &text), [1, 2, 3]);
    assert_eq!(chosen("auction ~ \"P P ?S P 4? AP\"", &text), [4]);
    // From a seat's first call: South opened 1S on board 4.
    assert_eq!(chosen("auction(south) ~ \"1S P 4S AP\"", &text), [4]);
    assert_eq!(chosen("auction(east) ~ \"P *\"", &text), [1, 2, 3, 4]);
}

#[test]
fn the_record_is_read_as_the_rules_read_it() {
    let played = |board, contract: &str, declarer: &str, result: &str| {
        game(
            board,
            &format!(
                "[Declarer \"{declarer}\"]\n[Contract \"{contract}\"]\n[Result \"{result}\"]\n"
            ),
            "",
        )
    };
    let text = [
        played(1, "4S", "N", "10"),
        played(2, "3NTX", "E", "7"),
        played(3, "Pass", "", ""),
        played(4, "6H", "S", "12"),
        game(5, "[Contract \"2D\"]\n", ""),
    ]
    .concat();
    assert_eq!(chosen("contract ~ \"4S\"", &text), [1]);
    assert_eq!(chosen("contract ~ \"?N\"", &text), [2]);
    assert_eq!(chosen("contract == \"3NT\"", &text), Vec::<i64>::new());
    assert_eq!(chosen("contract == \"3NX\"", &text), [2]);
    assert_eq!(chosen("contract ~ \"pass\"", &text), [3]);
    assert_eq!(chosen("level >= 6", &text), [4]);
    assert_eq!(chosen("strain == hearts or strain == nt", &text), [2, 4]);
    assert_eq!(chosen("declarer == e", &text), [2]);
    assert_eq!(chosen("made", &text), [1, 4]);
    assert_eq!(chosen("result == -2 and tricks == 7", &text), [2]);
    // North-South's score: 420, +300 (3NTX down 2 not vulnerable), 0, 980.
    assert_eq!(chosen("score == 420", &text), [1]);
    assert_eq!(chosen("score == 300", &text), [2]);
    assert_eq!(chosen("score == 0", &text), [3]);
    assert_eq!(chosen("score > 900", &text), [4]);
    // A fact the board does not give makes every comparison false, and its negation true.
    assert_eq!(chosen("tricks >= 0", &text), [1, 2, 4]);
    assert_eq!(chosen("not tricks >= 0", &text), [3, 5]);
    assert_eq!(
        chosen("board >= 2 and board < 4 or board == 5", &text),
        [2, 3, 5]
    );
}

#[test]
fn notes_tags_and_double_dummy() {
    let text = [
        game(
            1,
            "[Event \"Club Pairs\"]\n[DoubleDummyTricks \"ca9a9ca9a93434334343\"]\n[OptimumScore \"NS 420\"]\n",
            "[Auction \"N\"]\n1NT Pass 2H =1= Pass\n[Note \"1:Transfer; Smolen later\"]\n",
        ),
        game(2, "[Event \"Teams\"]\n", ""),
        game(3, "[OptimumScore \"EW 50\"]\n", ""),
    ]
    .concat();
    assert_eq!(chosen("note ~ /smolen/i", &text), [1]);
    assert_eq!(chosen("note ~ /smolen/", &text), Vec::<i64>::new());
    assert_eq!(chosen("note ~ \"TRANSFER\"", &text), [1]);
    assert_eq!(chosen("not note ~ /Smolen/", &text), [2, 3]);
    assert_eq!(chosen("event ~ /^club/i", &text), [1]);
    assert_eq!(chosen("tag(\"Event\") == \"Teams\"", &text), [2]);
    assert_eq!(chosen("tag(Event) != \"Teams\"", &text), [1]);
    // The digits (declarers N, S, E, W, each in NT, S, H, D, C) give North and South 12 tricks
    // in notrump (c), 10 in spades (a); East and West 3 in notrump.
    assert_eq!(chosen("dd(north, s) == 10 and dd(n, nt) == 12", &text), [1]);
    assert_eq!(chosen("dd(ew, notrump) == 3", &text), [1]);
    // Par is the table's (6NT by North-South at no vulnerability, 990), not the file's
    // OptimumScore that contradicts it (H004); a board without a table has its OptimumScore.
    assert_eq!(chosen("par == 990", &text), [1]);
    assert_eq!(chosen("par == 420", &text), Vec::<i64>::new());
    assert_eq!(chosen("par == -50", &text), [3]);
    assert_eq!(chosen("par != 990", &text), [3]);
}

#[test]
fn errors_say_where_and_what() {
    let at = |expr: &str| {
        let e = error(expr);
        (expr[e.span.clone()].to_owned(), e.message)
    };
    let (place, message) = at("hcp(nort) >= 15");
    assert_eq!(place, "nort");
    assert!(message.contains("not a seat or a side"), "{message}");
    let (place, message) = at("hpc(north) >= 15");
    assert_eq!(place, "hpc");
    assert!(message.contains("not a fact pbnfmt knows"), "{message}");
    assert_eq!(at("shape(north, 4432 + 5441)").0, "5441");
    assert_eq!(at("auction ~ \"1NT P 2Q\"").0, "2Q");
    assert_eq!(at("auction ~ \"1NT AP P\"").0, "P");
    assert_eq!(at("contract ~ \"8S\"").0, "\"8S\"");
    assert_eq!(at("dealer == x").0, "x");
    assert_eq!(at("vul == red").0, "red");
    assert_eq!(
        at("hcp(north) >= 15 and").1,
        "the expression ends where a comparison such as `hcp(north) >= 15` should follow"
    );
    assert_eq!(at("hcp(north) 15").0, "15");
    assert_eq!(at("note ~ /a/g").0, "g");
    assert!(at("note ~ /(/").1.starts_with("not a regular expression"));
    assert!(at("note ~ /\\w{1000}{1000}/").1.contains("too large"));
    assert_eq!(at("note ~ \"open").1, "this string has no closing quote");
    assert_eq!(
        at("board == 99999999999999999999").1,
        "this number is too large"
    );
    assert_eq!(error("").message, "the expression is empty");
    let deep = format!("{}board == 1{}", "(".repeat(100), ")".repeat(100));
    assert!(error(&deep).message.contains("nests deeper"));
    let nots = format!("{}made", "not ".repeat(10_000));
    assert!(error(&nots).message.contains("nests deeper"));
    let minus = format!("board == {}1", "-".repeat(10_000));
    assert!(error(&minus).message.contains("nests deeper"));
    // The caret stands under the place, whatever the characters before it.
    let rendered = error("event ~ \"é\" and hpc(n) > 1").render("event ~ \"é\" and hpc(n) > 1");
    let lines: Vec<&str> = rendered.lines().collect();
    assert_eq!(
        lines[2].find('^').unwrap() - 2,
        "event ~ \"é\" and ".chars().count()
    );
    assert_eq!(lines[2].trim(), "^^^");
}

#[test]
fn names_read_in_any_letter_case_and_symbols_as_words() {
    let text = game(1, "[Contract \"4S\"]\n[Declarer \"N\"]\n", "");
    assert_eq!(
        chosen("HCP(North) == 16 AND Dealer == N && !(vul != none)", &text),
        [1]
    );
    assert_eq!(
        chosen("hcp(north) >= 17 || contract ~ \"4S\" && !made", &text),
        [1]
    );
}
