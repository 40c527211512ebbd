//! `convert --to jsonl`: every game of every real file (and of the project's fixtures) becomes one
//! line, the lines are as many as the games `check` counts, every line validates against
//! `docs/jsonl.schema.json`, and the deal, auction and play read back from the JSON equal
//! pbnfmt's own model of the game.

use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::convert::lin::ConvertOptions;
use pbnfmt::jsonl::{DataOptions, convert};
use pbnfmt::lin::game::from_pbn;
use serde_json::Value;

use crate::common;

fn schema() -> jsonschema::Validator {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/jsonl.schema.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

/// The cards of a game's play in the order they fell, read from its JSON tricks.
fn played(object: &Value) -> Vec<String> {
    let mut cards = Vec::new();
    for trick in object["play"]["tricks"].as_array().into_iter().flatten() {
        let leader = trick["leader"].as_str().unwrap_or("N");
        let order = ["N", "E", "S", "W"];
        let start = order.iter().position(|s| *s == leader).unwrap_or(0);
        for i in 0..4 {
            if let Some(card) = trick[order[(start + i) % 4]].as_str()
                && card.len() == 2
            {
                cards.push(card.to_owned());
            }
        }
    }
    cards
}

#[test]
fn every_game_is_one_valid_line_that_says_what_the_model_says() {
    let validator = schema();
    let mut files = common::pbn_files(&common::corpus());
    if let Some(real) = common::real_corpus() {
        files.extend(common::pbn_files(&real));
    }
    let mut lines_total = 0;
    for path in files {
        let name = common::relative(&path);
        let bytes = std::fs::read(&path).unwrap();
        let games = check_bytes(&bytes, &CheckOptions::default()).games;
        let converted = convert(
            bytes.clone(),
            &ConvertOptions::default(),
            &DataOptions::default(),
            &name,
        );
        let Some(output) = converted.output_bytes() else {
            assert_eq!(games, 0, "{name}: refused");
            continue;
        };
        let text = String::from_utf8(output).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // A game with a syntax error, or two boards run together (T022 says so), is left out,
        // and W006 says so: never silently.
        let left_out = converted
            .problems
            .iter()
            .filter(|d| d.rule == pbnfmt::rules::Rule::GameNotConverted)
            .count();
        let said = check_bytes(&bytes, &CheckOptions::default())
            .diagnostics
            .iter()
            .any(|d| {
                d.rule.code().starts_with('S')
                    || (d.rule.code() == "T022" && d.message.contains("run together"))
            });
        assert!(
            left_out == 0 || said,
            "{name}: games left out without a syntax error or boards run together"
        );
        assert_eq!(lines.len() + left_out, games, "{name}: lines");
        let decoded = pbnfmt::source::decode(&bytes, None).text;
        let model = from_pbn(&decoded);
        let index = pbnfmt::source::LineIndex::new(&decoded);
        assert_eq!(model.len(), games, "{name}: games of the model");
        for line in &lines {
            let object: Value = serde_json::from_str(line).unwrap();
            let i = object["game"].as_u64().unwrap() as usize - 1;
            let (game, span) = &model[i];
            if let Err(error) = validator.validate(&object) {
                panic!("{name} game {}: {error}\n{line}", i + 1);
            }
            // The line the game starts on, as `check` counts lines.
            let (first_line, _) = index.line_col(&decoded, span.start);
            assert_eq!(object["line"], first_line, "{name} game {}: line", i + 1);
            // The deal, the calls and the cards equal the model's.
            let hands: Vec<Option<&str>> = ["N", "E", "S", "W"]
                .iter()
                .map(|seat| object["deal"][*seat].as_str())
                .collect();
            for (seat, hand) in pbnfmt::bridge::Seat::ALL.iter().zip(&hands) {
                let ours = game.hands[*seat as usize].as_ref().map(|cards| {
                    pbnfmt::bridge::Suit::ALL
                        .iter()
                        .map(|suit| {
                            cards
                                .iter()
                                .filter(|c| c.suit == *suit)
                                .map(|c| c.rank.letter())
                                .collect::<String>()
                        })
                        .collect::<Vec<_>>()
                        .join(".")
                });
                assert_eq!(ours.as_deref(), *hand, "{name} game {}: deal", i + 1);
            }
            let calls: Vec<String> = object["auction"]["calls"]
                .as_array()
                .into_iter()
                .flatten()
                // Calls after the end are given, marked; the model leaves them out.
                .filter(|c| c.get("after_end").is_none())
                .map(|c| c["call"].as_str().unwrap_or("").to_owned())
                // Calls that cannot be read are given as written; the model leaves them out.
                .filter(|c| c != "^S" && c != "AP" && pbnfmt::bridge::CallToken::read(c).is_some())
                .collect();
            let model_calls: Vec<String> = game.calls.iter().map(|c| c.call.spelling()).collect();
            if !object["auction"]["calls"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|c| c["call"] == "AP")
            {
                assert_eq!(calls, model_calls, "{name} game {}: auction", i + 1);
            }
            let cards: Vec<String> = game.cards.iter().map(|c| c.to_string()).collect();
            let mut played = played(&object);
            // After a card not known (or a lead out of turn), the LIN model keeps the cards but
            // not their order of play: it knows the order only up to there.
            if let Some((known, _)) = &game.lin_stop {
                played.truncate(*known);
                assert_eq!(played, cards[..*known], "{name} game {}: play", i + 1);
            } else {
                assert_eq!(played, cards, "{name} game {}: play", i + 1);
            }
            lines_total += 1;
        }
    }
    assert!(lines_total > 100);
}

/// The deal hash is the same for the same layout, whoever wrote it and however: the standard's
/// rotation of the Deal (from the dealer or not) and lower-case ranks change nothing.
#[test]
fn the_deal_hash_depends_on_the_layout_only() {
    let one = "[Dealer \"N\"]\n[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n";
    let two = "[Dealer \"E\"]\n[Deal \"e:a8654.kq5.t.qjt6 j973.j98742.3.k4 kqt2.at.j6542.85 .63.akq987.a9732\"]\n";
    let other = one
        .replace("J6542.85", "J6542.8A")
        .replace(".A9732", ".59732");
    let hash = |text: &str| first_object(text)["deal_hash"].as_str().unwrap().to_owned();
    assert_eq!(hash(one), hash(two));
    assert_ne!(hash(one), hash(&other));
    // Documented value (docs/jsonl.md): FNV-1a 64 of the 52 seat letters.
    assert_eq!(hash(one).len(), 16);
}

/// `convert --to jsonl|csv` reads a file a window at a time (flat memory); what it writes is what
/// the whole-text reading writes, byte for byte, for every file of the corpora, and the files it
/// leaves to the whole reading are those it must (LIN, syntax errors, text that is not PBN).
#[test]
fn a_file_read_a_window_at_a_time_converts_as_read_whole() {
    let mut files = common::pbn_files(&common::corpus());
    let real = common::real_corpus();
    if let Some(real) = &real {
        files.extend(common::pbn_files(real));
    }
    let csv = pbnfmt::csv::Csv::new(None, pbnfmt::csv::Table::Games).unwrap();
    let (mut streamed, mut whole, mut real_streamed) = (0, 0, 0);
    for path in &files {
        let name = common::relative(path);
        for data in [
            DataOptions::default(),
            DataOptions {
                findings: false,
                csv: Some(csv.clone()),
            },
        ] {
            let options = ConvertOptions::default();
            let mut out = pbnfmt::io::spool::Output::new();
            out.push(b"before\n").unwrap();
            let games = pbnfmt::jsonl::convert_file(path, &options, &data, &name, &mut out, true);
            let bytes = std::fs::read(path).unwrap();
            let expected = convert(bytes, &options, &data, &name);
            match games.unwrap() {
                Some(games) => {
                    streamed += 1;
                    if real.as_ref().is_some_and(|real| path.starts_with(real)) {
                        real_streamed += 1;
                    }
                    assert_eq!(games, expected.games, "{name}: games");
                    let mut wanted = b"before\n".to_vec();
                    wanted.extend(expected.output_bytes().expect("converted whole"));
                    assert!(
                        out.equals(&wanted).unwrap(),
                        "{name}: streamed output differs"
                    );
                }
                None => {
                    whole += 1;
                    assert!(out.equals(b"before\n").unwrap(), "{name}: output given up");
                }
            }
        }
    }
    eprintln!("{streamed} conversions streamed, {whole} read whole, {real_streamed} of real files");
    assert!(streamed > whole, "most files stream: {streamed} vs {whole}");
    if real.is_some() {
        // Every shared real file is UTF-8 or Latin-1 PBN without a syntax error, but for the
        // few the corpus manifest lists as broken.
        assert!(
            real_streamed >= 2 * 80,
            "{real_streamed} real conversions streamed"
        );
    }
}

/// Issue 44 item 12 (PBN 3.5): every call written is in the JSON, a call after the end marked
/// `after_end`, and the auction that ended is `complete` (before: the sixth pass was dropped and
/// the auction said `open`). The object follows the schema.
#[test]
fn calls_after_the_end_are_written_and_the_auction_is_complete() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Declarer \"E\"]\n[Contract \"1S\"]\n\
                [Auction \"N\"]\nPass 1S Pass Pass\nPass Pass\n";
    let object = first_object(text);
    assert!(schema().is_valid(&object), "{object}");
    let auction = &object["auction"];
    assert_eq!(auction["end"], "complete", "{auction}");
    let calls = auction["calls"].as_array().unwrap();
    let seats: Vec<&str> = calls.iter().map(|c| c["seat"].as_str().unwrap()).collect();
    assert_eq!(seats, ["N", "E", "S", "W", "N", "E"]);
    assert!(calls[..5].iter().all(|c| c.get("after_end").is_none()));
    assert_eq!(calls[5]["after_end"], true);
    assert_eq!(calls[5]["call"], "Pass");
    assert_eq!(object["contract"]["level"], 1);
}

/// The annotations of each call are its own where `-` fills the auction before the dealer (PBN
/// 3.5): before, the `-` moves shifted them onto later calls (South's `!` landed on East's pass).
#[test]
fn annotations_stay_on_their_call_after_dashes() {
    let text = "[Board \"1\"]\n[Dealer \"S\"]\n[Auction \"W\"]\n- - - 1C !\nPass Pass Pass\n";
    let object = first_object(text);
    let calls = object["auction"]["calls"].as_array().unwrap().clone();
    assert_eq!(calls[0]["call"], "1C");
    assert_eq!(calls[0]["nags"], serde_json::json!([1]));
    assert!(
        calls[1..]
            .iter()
            .all(|c| c["nags"] == serde_json::json!([]))
    );
}

/// The JSON object of the first game of the PBN `text`, converted as `convert --to jsonl` does.
fn first_object(text: &str) -> Value {
    let out = convert(
        text.as_bytes().to_vec(),
        &ConvertOptions::default(),
        &DataOptions::default(),
        "x.pbn",
    );
    let line = String::from_utf8(out.output_bytes().unwrap()).unwrap();
    serde_json::from_str(line.lines().next().unwrap()).unwrap()
}
