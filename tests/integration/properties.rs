//! Property tests over generated games (`pbnfmt::generate`: random deal, legal auction, legal
//! play, correct Result): thousands of valid games check clean, and corrupting one aspect of a
//! game makes the rule for that aspect fire.

use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::generate::{self, Options};

/// The codes `check` reports on `text`, with the opt-in A009 (unfinished auction) that one
/// corruption makes.
fn codes(text: &str) -> Vec<&'static str> {
    let options = CheckOptions {
        selection: pbnfmt::rules::select::Selection {
            extend_select: vec!["A009".to_owned()],
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    check_bytes(text.as_bytes(), &options)
        .diagnostics
        .iter()
        .map(|d| d.rule.code())
        .collect()
}

fn options(seed: u64) -> Options {
    Options {
        seed,
        crlf: seed.is_multiple_of(2),
        annotation_percent: 10,
        comment_percent: 30,
        ..Options::default()
    }
}

/// The byte range of the value of the first `[name "..."]` in `text`.
fn value_range(text: &str, name: &str) -> Option<std::ops::Range<usize>> {
    let open = format!("[{name} \"");
    let start = text.find(&open)? + open.len();
    let end = start + text[start..].find('"')?;
    Some(start..end)
}

fn with_value(text: &str, name: &str, value: &str) -> String {
    let range = value_range(text, name).expect(name);
    format!("{}{value}{}", &text[..range.start], &text[range.end..])
}

/// The lines of the section after `[name ...]` up to the next tag pair.
fn section_lines(text: &str, name: &str) -> Option<(usize, usize)> {
    let tag = text.find(&format!("[{name} \""))?;
    let start = tag + text[tag..].find('\n')? + 1;
    let end = text[start..].find('[').map_or(text.len(), |i| start + i);
    Some((start, end))
}

#[test]
fn generated_games_check_clean() {
    // 3,000 games in one file, then 300 one-game files with other seeds and line ends.
    let text = generate::games(3_000, &options(7));
    assert_eq!(codes(&text), Vec::<&str>::new());
    for seed in 0..300 {
        let text = generate::games(1, &options(seed));
        assert_eq!(codes(&text), Vec::<&str>::new(), "seed {seed}:\n{text}");
    }
}

/// One corruption: what it does to a game, and the rule that must fire.
type Corruption = (&'static str, fn(&str) -> Option<String>);

const CORRUPTIONS: &[Corruption] = &[
    ("T001", |t| Some(with_value(t, "Date", "2026.13.01"))),
    ("T004", |t| Some(with_value(t, "Vulnerable", "N-S"))),
    ("T007", |t| Some(with_value(t, "Contract", "4N"))),
    // The fourth hand replaced by the first: its cards are now dealt twice.
    ("D003", |t| {
        let range = value_range(t, "Deal")?;
        let deal = &t[range.clone()];
        let (first, hands) = deal.split_once(':')?;
        let hands: Vec<&str> = hands.split(' ').collect();
        let corrupted = format!(
            "{first}:{} {} {} {}",
            hands[0], hands[1], hands[2], hands[0]
        );
        Some(format!(
            "{}{corrupted}{}",
            &t[..range.start],
            &t[range.end..]
        ))
    }),
    // Another dealer: the first call is no longer the dealer's.
    ("A003", |t| {
        let dealer = &t[value_range(t, "Dealer")?];
        let other = match dealer {
            "N" => "E",
            "E" => "S",
            "S" => "W",
            _ => "N",
        };
        Some(with_value(t, "Dealer", other))
    }),
    // The last call removed: the auction no longer ends.
    ("A009", |t| {
        let (start, end) = section_lines(t, "Auction")?;
        let calls = t[start..end].trim_end();
        let cut = start + calls.rfind([' ', '\n'])?;
        if !t[cut + 1..start + calls.len()]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric())
        {
            return None; // an annotated last call: skip this game
        }
        Some(format!("{}{}", &t[..cut], &t[start + calls.len()..]))
    }),
    // A contract one level off what the auction reached.
    ("A014", |t| {
        let contract = &t[value_range(t, "Contract")?];
        let level = contract.as_bytes().first()?.checked_sub(b'0')?;
        if !(1..=7).contains(&level) {
            return None;
        }
        let other = if level == 7 { 6 } else { level + 1 };
        Some(with_value(
            t,
            "Contract",
            &format!("{other}{}", &contract[1..]),
        ))
    }),
    // Declarer's partner named as declarer.
    ("A013", |t| {
        let declarer = &t[value_range(t, "Declarer")?];
        let partner = match declarer {
            "N" => "S",
            "S" => "N",
            "E" => "W",
            "W" => "E",
            _ => return None,
        };
        Some(with_value(t, "Declarer", partner))
    }),
    // The first two cards of the play swapped between their columns.
    ("P004", |t| {
        let (start, _) = section_lines(t, "Play")?;
        let line_end = start + t[start..].find(['\r', '\n'])?;
        let words: Vec<&str> = t[start..line_end].split(' ').collect();
        let (a, b) = (words.first()?, words.get(1)?);
        if words
            .iter()
            .any(|w| w.len() != 2 || !w.starts_with(['S', 'H', 'D', 'C']))
        {
            return None; // annotated cards: skip this game
        }
        let line = format!("{b} {a} {}", words[2..].join(" "));
        Some(format!("{}{line}{}", &t[..start], &t[line_end..]))
    }),
    // One trick more for declarer than the play gives.
    ("P010", |t| {
        let result: u8 = t[value_range(t, "Result")?].parse().ok()?;
        Some(with_value(t, "Result", &((result + 1) % 14).to_string()))
    }),
    // A note explained no more: its references are undefined.
    ("N006", |t| {
        let start = t.find("[Note \"")?;
        let end = start + t[start..].find('\n')? + 1;
        Some(format!("{}{}", &t[..start], &t[end..]))
    }),
];

#[test]
fn each_corruption_fires_its_rule() {
    let mut fired = vec![0usize; CORRUPTIONS.len()];
    for seed in 0..300 {
        let text = generate::games(1, &options(seed));
        for (i, (code, corrupt)) in CORRUPTIONS.iter().enumerate() {
            let Some(corrupted) = corrupt(&text) else {
                continue;
            };
            let found = codes(&corrupted);
            assert!(
                found.contains(code),
                "seed {seed}: {code} did not fire: {found:?}\n{corrupted}"
            );
            fired[i] += 1;
        }
    }
    for ((code, _), count) in CORRUPTIONS.iter().zip(fired) {
        assert!(count >= 30, "{code} was exercised only {count} times");
    }
}
