//! The tests of `renumber`.

use super::*;

fn renumber(text: &str, options: &RenumberOptions) -> Rewritten {
    renumber_owned(text.as_bytes().to_vec(), options, RewriteOptions::default())
}

fn output(rewritten: &Rewritten) -> String {
    rewritten.written_text()
}

/// `text` renumbered as `options` say, with nothing found.
fn clean(text: &str, options: &RenumberOptions) -> String {
    let renumbered = renumber(text, options);
    assert!(renumbered.problems.is_empty(), "{:?}", renumbered.problems);
    output(&renumbered)
}

/// A par taken with `#` or implied by `##` (PBN 4.8) from a board that now deals or stands
/// otherwise: written out in each game, computed again where the board moved. Before, the
/// proof found the stale par and called it a bug in pbnfmt.
#[test]
fn a_shared_par_is_written_out_at_each_boards_dealer_and_vulnerability() {
    let game = |board: u32, par: &str| {
        format!(
            "[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
             [DoubleDummyTricks \"dddddddddd0000000000\"]\n{par}\n"
        )
    };
    let standard = RenumberOptions {
        standard: true,
        ..RenumberOptions::default()
    };
    for (first, second) in [
        ("[OptimumScore \"NS 1520\"]\n", "[OptimumScore \"#\"]\n"),
        ("[OptimumScore \"##NS 1520\"]\n", ""),
    ] {
        let text = format!("{}{}", game(1, first), game(5, second));
        let out = output(&renumber(&text, &standard));
        // Board 2: East deals, North-South vulnerable: 7NT is 2220.
        assert!(out.contains("[OptimumScore \"NS 1520\"]"), "{out}");
        assert!(out.contains("[OptimumScore \"NS 2220\"]"), "{out}");
        assert!(!out.contains("\"#") && !out.contains("##"), "{out}");
    }
}

/// A Board reads as a number of at most nine digits (T002): numbering that would pass
/// 999,999,999 is refused, never written as numbers `check` then calls errors, nor as one
/// number twice (issue 63, item 5: `--from 18446744073709551615` gave every game that
/// number). The last number that reads is written, with the standard rotation's dealer
/// and vulnerability of that number (board 999,999,999 deals like board 15: South, NS).
#[test]
fn numbers_past_the_largest_board_are_refused() {
    let game = |board: u32| {
        format!(
            "[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n"
        )
    };
    let last = RenumberOptions {
        from: crate::model::values::MAX_BOARD,
        standard: true,
        ..RenumberOptions::default()
    };
    let one = output(&renumber(&game(1), &last));
    assert!(one.contains("[Board \"999999999\"]"), "{one}");
    assert!(
        one.contains("[Dealer \"S\"]") && one.contains("[Vulnerable \"NS\"]"),
        "{one}"
    );
    let two = renumber(&format!("{}\n{}", game(1), game(2)), &last);
    assert!(two.output.is_none(), "written past the largest number");
    assert_eq!(two.problems.len(), 1, "{:?}", two.problems);
    let problem = &two.problems[0];
    assert_eq!(problem.rule.code(), "T002");
    assert!(
        problem.message.contains("board 1000000000"),
        "{}",
        problem.message
    );
}

#[test]
fn boards_are_numbered_in_order_and_nothing_else_changes() {
    let text = "% a set\n\n[Event \"Club\"]\n[Board \"7\"]\n{a comment}\n\n[Board \"12\"]\n\n\
        [Event \"Other\"]\n[Board \"#\"]\n";
    let options = RenumberOptions {
        from: 21,
        ..RenumberOptions::default()
    };
    assert_eq!(
        output(&renumber(text, &options)),
        "% a set\n\n[Event \"Club\"]\n[Board \"21\"]\n{a comment}\n\n[Board \"22\"]\n\n\
        [Event \"Other\"]\n[Board \"23\"]\n"
    );
}

/// Found by fuzzing: a game that gives its Board twice (two boards run together, PBN 3.4)
/// had only the first renumbered, so the repeat said another Board, and the proof refused
/// the file (W004). Every repeat is renumbered with it, and with the standard rotation every
/// repeated Dealer and Vulnerable too.
#[test]
fn a_repeated_tag_is_renumbered_with_the_first() {
    // The fuzzer's file, cut down: the proof read it with the repeat's old number.
    let found = "[Board\n  \"7\"]\n[Deal \"s:KQT2.AT.J6542.85 .63.AKQ987.A9732 \
        A8654.KQ5.T.QJT6 J973.J98742.3.K4v\"]\n[Board\n  \"7\"]\n[Deal \"s:KQT2.AT.J6542.85 \
        .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4v\"]\n{A brace comment\nwith a \
        semi-empty line inside does not end the game (PBN 3).}";
    let default = RenumberOptions::default();
    assert_eq!(clean(found, &default).matches("\"1\"]").count(), 2);
    // The fuzzer's second file: two boards run together, the repeat ignored and kept.
    let ran_together = "[Board \"21\"]\n[North \"A\"]\n[Board \"27\"]\n[North \"B\"]\n";
    assert_eq!(
        clean(ran_together, &default),
        "[Board \"1\"]\n[North \"A\"]\n[Board \"27\"]\n[North \"B\"]\n"
    );
    let text = "[Board \"7\"]\n[Dealer \"N\"]\n[Board \"7\"]\n[Dealer \"N\"]\n";
    assert_eq!(
        clean(text, &default),
        "[Board \"1\"]\n[Dealer \"N\"]\n[Board \"1\"]\n[Dealer \"N\"]\n"
    );
    let standard = RenumberOptions {
        from: 2,
        standard: true,
        ..RenumberOptions::default()
    };
    assert_eq!(
        clean(text, &standard),
        // The missing Vulnerable goes after the (first) Board, as for any game.
        "[Board \"2\"]\n[Vulnerable \"NS\"]\n[Dealer \"E\"]\n[Board \"2\"]\n[Dealer \"E\"]\n"
    );
}

#[test]
fn the_original_number_is_kept_once() {
    let options = RenumberOptions {
        keep_original: Some("OriginalBoard".to_owned()),
        ..RenumberOptions::default()
    };
    let once = output(&renumber("[Board \"7\"]\n\n[Board \"9\"]\n", &options));
    assert_eq!(
        once,
        "[Board \"1\"]\n[OriginalBoard \"7\"]\n\n[Board \"2\"]\n[OriginalBoard \"9\"]\n"
    );
    let shifted = RenumberOptions { from: 5, ..options };
    let twice = output(&renumber(&once, &shifted));
    assert_eq!(
        twice,
        "[Board \"5\"]\n[OriginalBoard \"7\"]\n\n[Board \"6\"]\n[OriginalBoard \"9\"]\n"
    );
}

/// Each game gets its own Board: one given with `##` is written out in every game.
#[test]
fn an_inherited_board_is_written_out() {
    let text = "[Board \"##4\"]\n[Event \"A\"]\n\n[Event \"B\"]\n";
    let turned = output(&renumber(text, &RenumberOptions::default()));
    assert_eq!(
        turned,
        "[Board \"1\"]\n[Event \"A\"]\n\n[Board \"2\"]\n[Event \"B\"]\n"
    );
}

/// The proof sees a fact changed besides the Board, numbers other than those asked for, and
/// with the standard rotation a Deal that deals other cards.
#[test]
fn the_proof_sees_what_a_wrong_renumbering_would_write() {
    let options = RenumberOptions::default();
    let text = "[Event \"A\"]\n[Board \"7\"]\n\n[Board \"9\"]\n";
    let right = "[Event \"A\"]\n[Board \"1\"]\n\n[Board \"2\"]\n";
    let proves = |result| crate::rewrite::proves(&mut Renumber::new(&options), text, result);
    assert_eq!(proves(right), None);
    for wrong in [
        "[Event \"B\"]\n[Board \"1\"]\n\n[Board \"2\"]\n",
        "[Event \"A\"]\n[Board \"1\"]\n\n[Board \"3\"]\n",
        "[Event \"A\"]\n[Board \"1\"]\n",
    ] {
        assert!(proves(wrong).is_some(), "{wrong}");
    }
    let standard = RenumberOptions {
        standard: true,
        ..RenumberOptions::default()
    };
    let deal = |deal: &str| {
        format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n")
    };
    let text = deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432");
    let same = deal("E:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ");
    let other = deal("E:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432");
    let proves =
        |result: &str| crate::rewrite::proves(&mut Renumber::new(&standard), &text, result);
    assert_eq!(proves(&same), None);
    assert_eq!(proves(&other), Some(Unfaithful::DealOtherCards));
}

#[test]
fn the_standard_rotation_is_set_for_hand_records_and_refused_for_played_boards() {
    let options = RenumberOptions {
        from: 2,
        standard: true,
        ..RenumberOptions::default()
    };
    let records = "[Board \"9\"]\n[Dealer \"N\"]\n[Vulnerable \"EW\"]\n\n[Board \"10\"]\n";
    assert_eq!(
        output(&renumber(records, &options)),
        "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\n\
        [Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n"
    );
    let played = "[Board \"9\"]\n[Dealer \"N\"]\n[Vulnerable \"EW\"]\n[Auction \"N\"]\n1S AP\n";
    let refused = renumber(played, &options);
    assert!(refused.output.is_none());
    assert!(
        refused
            .problems
            .iter()
            .any(|p| p.rule == crate::rules::Rule::RenumberMovesPlayedBoard),
        "{:?}",
        refused.problems
    );
}

/// The result does not depend on how much is renumbered at a time: the numbers run on from
/// chunk to chunk, and a refusal in a later chunk still refuses the file.
#[test]
fn the_chunk_size_changes_nothing() {
    let game = |board: u32, dealer: &str| {
        format!(
            "[Board \"{board}\"]\n[Dealer \"{dealer}\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
             [DoubleDummyTricks \"dddddddddd0000000000\"]\n[OptimumScore \"NS 1520\"]\n"
        )
    };
    let text: String = (1..=6).map(|board| game(board * 3, "N") + "\n").collect();
    let run = |text: &str, options: &RenumberOptions, chunk_bytes| {
        renumber_owned(
            text.as_bytes().to_vec(),
            options,
            RewriteOptions {
                chunk_bytes,
                ..RewriteOptions::default()
            },
        )
    };
    for options in [
        RenumberOptions::default(),
        RenumberOptions {
            from: 5,
            keep_original: Some("OriginalBoard".to_owned()),
            standard: true,
        },
    ] {
        let whole = output(&run(&text, &options, None));
        assert!(whole.contains("[Board \"6\"]"), "{whole}");
        for chunk in [1, 100, 400, 100_000] {
            assert_eq!(output(&run(&text, &options, Some(chunk))), whole, "{chunk}");
        }
    }
    // A played board the rotation would move, in the last chunk: the file is refused.
    let played = format!("{text}{}[Auction \"N\"]\n1S AP\n", game(20, "N"));
    let standard = RenumberOptions {
        standard: true,
        ..RenumberOptions::default()
    };
    for chunk in [None, Some(1), Some(400)] {
        let refused = run(&played, &standard, chunk);
        assert!(refused.output.is_none(), "{chunk:?}");
        let codes: Vec<&str> = refused.problems.iter().map(|p| p.rule.code()).collect();
        assert_eq!(codes, ["W009"], "{chunk:?}");
    }
}

/// A par that the standard rotation makes stale and that no table works out again is
/// removed; data after it (it has no section, PBN 3.1) would be left to the tag before it, so
/// the file is refused, saying so (found by fuzzing: the proof called it a bug in pbnfmt).
#[test]
fn a_stale_par_with_data_after_it_is_refused() {
    let standard = RenumberOptions {
        from: 2,
        standard: true,
        ..RenumberOptions::default()
    };
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                [OptimumScore \"NS 150\"]\nN NT  7\n";
    let refused = renumber(text, &standard);
    assert!(refused.output.is_none());
    assert_eq!(refused.problems.len(), 1, "{:?}", refused.problems);
    let problem = &refused.problems[0];
    assert!(!crate::rewrite::is_bug(problem), "{problem:?}");
    assert!(
        problem.message.contains("data follows it"),
        "{}",
        problem.message
    );
    // Without data, the stale par goes with its line.
    let plain = text.replace("N NT  7\n", "");
    let out = output(&renumber(&plain, &standard));
    assert!(!out.contains("OptimumScore"), "{out}");
}
