//! Spellings that producers write and every player reads without doubt, read to their PBN
//! spelling: a date `2023-07-28` is `2023.07.28`, a contract `3N` is `3NT`, a vulnerability
//! `N-S` is `NS`. Each reading says whether it is certain (a safe fix) or a guess (an unsafe
//! one: a day-month order, a century). The rules offer these as fixes (`pbnfmt fix`), and the
//! read-back of a fixed file compares them as the same fact (`proof::facts`).
//!
//! Only what is certain or nearly so is read; anything else stays a finding for a person.

use crate::bridge::Seat;
use crate::model::values::{self, ContractValue, Vulnerability};

/// A loose spelling read: the PBN spelling, and whether the reading is certain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub spelling: String,
    pub certain: bool,
    /// Why it is a guess, for the finding: "the day and the month could be the other way round".
    pub doubt: Option<&'static str>,
}

/// The value `text` means: as PBN spells it (`parse`), or in a loose spelling (`loose`) whose
/// meaning is certain; `None` for a guess.
pub fn certainly<T>(
    text: &str,
    parse: impl Fn(&str) -> Option<T>,
    loose: impl FnOnce(&str) -> Option<Reading>,
) -> Option<T> {
    parse(text).or_else(|| {
        loose(text)
            .filter(|reading| reading.certain)
            .and_then(|reading| parse(&reading.spelling))
    })
}

impl Reading {
    fn certain(spelling: String) -> Reading {
        Reading {
            spelling,
            certain: true,
            doubt: None,
        }
    }

    fn guess(spelling: String, doubt: &'static str) -> Reading {
        Reading {
            spelling,
            certain: false,
            doubt: Some(doubt),
        }
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A date in a spelling other than PBN's `YYYY.MM.DD` (PBN 4.1.3), read:
///
/// - ISO `2023-07-28` and `2023/07/28`, and the compact `20230728`: certain;
/// - with a month name, `3-Dec-2019`, `3 December 2019`: certain;
/// - day and month with dots or slashes and a four-digit year, `03.12.2019`, `28/07/2023`:
///   certain when one of the two is over 12 (or both are the same), otherwise read day first, a
///   guess;
/// - the same with a two-digit year, `03.12.19`: the century is a guess (20th if the year is
///   over the current one's last two digits would be wrong too; pbnfmt reads 20YY).
///
/// A time after the date (`2024-06-03 14:05`, `2024-06-03T14:05:00`) is not part of the date:
/// [`date_with_time`] reads it.
pub fn date(text: &str) -> Option<Reading> {
    let text = text.trim();
    let valid = |year: u32, month: u32, day: u32| {
        let spelling = format!("{year:04}.{month:02}.{day:02}");
        values::date_problem(&spelling)
            .is_none()
            .then_some(spelling)
    };
    let digits = |s: &str, lengths: &[usize]| {
        (lengths.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    // 20230728
    if text.len() == 8 && text.bytes().all(|b| b.is_ascii_digit()) {
        let (y, m, d) = (
            digits(&text[..4], &[4])?,
            digits(&text[4..6], &[2])?,
            digits(&text[6..], &[2])?,
        );
        return valid(y, m, d).map(Reading::certain);
    }
    // One separator between the three parts, and no other space: `2026.11. 20` is no date a
    // program wrote, and its reading must not depend on whether the space is a tab.
    let separator = text.chars().find(|c| matches!(c, '-' | '/' | '.' | ' '))?;
    let parts: Vec<&str> = text.split(separator).collect();
    let [a, b, c] = parts[..] else {
        return None;
    };
    if [a, b, c]
        .iter()
        .any(|part| part.is_empty() || part.contains(char::is_whitespace))
    {
        return None;
    }
    // 2023-07-28, 2023/07/28
    if a.len() == 4 {
        let (y, m, d) = (digits(a, &[4])?, digits(b, &[1, 2])?, digits(c, &[1, 2])?);
        return valid(y, m, d).map(Reading::certain);
    }
    // 3-Dec-2019, 3 December 2019
    if let Some(month) = month_name(b) {
        let (d, y) = (digits(a, &[1, 2])?, digits(c, &[4])?);
        return valid(y, month, d).map(Reading::certain);
    }
    let (first, second) = (digits(a, &[1, 2])?, digits(b, &[1, 2])?);
    let (year, century_guess) = match c.len() {
        4 => (digits(c, &[4])?, false),
        2 => (2000 + digits(c, &[2])?, true),
        _ => return None,
    };
    let (month, day, order_guess) = if first > 12 {
        (second, first, false)
    } else if second > 12 {
        (first, second, false)
    } else {
        (second, first, first != second)
    };
    let spelling = valid(year, month, day)?;
    Some(match (order_guess, century_guess) {
        (false, false) => Reading::certain(spelling),
        (true, _) => Reading::guess(
            spelling,
            "the day and the month could be the other way round; read day first",
        ),
        (false, true) => Reading::guess(spelling, "the century is not written; read as 20YY"),
    })
}

/// A date followed by a time of day, `2024-06-03 14:05` or `2024-06-03T14:05:00`: the date
/// read by [`date`], and the time as PBN writes it (`HH:MM:SS`, PBN 4.5.1), with `?` for the
/// seconds when they are not given (`14:05:??`): nothing is invented.
pub fn date_with_time(text: &str) -> Option<(Reading, String)> {
    let text = text.trim();
    let (date_part, time_part) = text.split_once(['T', ' '])?;
    let reading = date(date_part)?;
    let time = time(time_part.trim())?;
    Some((reading, time))
}

/// The tag that holds the time of day of a date tag: Time for Date, UTCTime for UTCDate (PBN 4.5);
/// none for EventDate.
pub fn time_tag(date_tag: &str) -> Option<&'static str> {
    match date_tag {
        "Date" => Some("Time"),
        "UTCDate" => Some("UTCTime"),
        _ => None,
    }
}

/// `14:05` or `14:05:07` as `HH:MM:SS`; seconds not given are unknown, `??`.
fn time(text: &str) -> Option<String> {
    let parts: Vec<&str> = text.split(':').collect();
    let field = |s: &str, most: u32| {
        (s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
            .filter(|&n| n <= most)
    };
    match parts[..] {
        [h, m] => Some(format!("{:02}:{:02}:??", field(h, 23)?, field(m, 59)?)),
        [h, m, s] => Some(format!(
            "{:02}:{:02}:{:02}",
            field(h, 23)?,
            field(m, 59)?,
            field(s, 59)?
        )),
        _ => None,
    }
}

/// Whether the time tag value `held` says the time `time` (from [`date_with_time`]): the same
/// digit wherever `time` has one (`14:05:00` holds `14:05:??`).
pub fn holds_time(held: &str, time: &str) -> bool {
    held.len() == time.len()
        && held
            .bytes()
            .zip(time.bytes())
            .all(|(h, t)| t == b'?' || h == t)
}

fn month_name(text: &str) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    let short = lower.get(..3)?;
    let full = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    MONTHS
        .iter()
        .zip(full)
        .position(|(&abbreviation, name)| {
            short == abbreviation
                && (lower.len() == 3 || name.starts_with(&lower) || lower == "sept")
        })
        .map(|at| at as u32 + 1)
}

/// A contract with `N` for no trump or `R` for redoubled, as robots and BBO write it: `3N`,
/// `3NX`, `4HR`, `3NR` (PBN 4.1.11 spells them `3NT`, `3NTX`, `4HXX`, `3NTXX`). Certain.
pub fn contract(text: &str) -> Option<Reading> {
    let trimmed = text.trim();
    let bytes = trimmed.as_bytes();
    let level = *bytes.first()?;
    if !(b'1'..=b'7').contains(&level) {
        return None;
    }
    let rest = &trimmed[1..];
    let upper = rest.to_ascii_uppercase();
    let (strain, penalty) = if let Some(penalty) = upper.strip_prefix("NT") {
        ("NT", penalty)
    } else if let Some(penalty) = upper.strip_prefix('N') {
        ("NT", penalty)
    } else {
        let strain = upper.get(..1)?;
        if !matches!(strain, "S" | "H" | "D" | "C") {
            return None;
        }
        (strain, &upper[1..])
    };
    let penalty = match penalty {
        "" => "",
        "X" | "D" => "X",
        "XX" | "R" | "RD" => "XX",
        _ => return None,
    };
    let spelling = format!("{}{strain}{penalty}", level as char);
    // Only a spelling that PBN itself does not read is loose.
    if spelling == trimmed || ContractValue::parse(trimmed).is_some() {
        return None;
    }
    ContractValue::parse(&spelling).map(|_| Reading::certain(spelling))
}

/// A vulnerability as dealing programs write it: `N-S`, `E-W`, `N/S`, `Both`, `Love`, with
/// spaces around (PBN 4.1.7 has `None`, `NS`, `EW`, `All`). Certain.
pub fn vulnerable(text: &str) -> Option<Reading> {
    let trimmed = text.trim();
    let spelling = match trimmed.to_ascii_uppercase().as_str() {
        "N-S" | "N/S" | "NS" => "NS",
        "E-W" | "E/W" | "EW" => "EW",
        "BOTH" | "ALL" => "All",
        "NONE" | "LOVE" | "NEITHER" => "None",
        _ => return None,
    };
    if spelling == text || (Vulnerability::parse(text).is_some() && trimmed == spelling) {
        return None;
    }
    Some(Reading::certain(spelling.to_owned()))
}

/// A seat written as its word (`north`, `North`, `NORTH`, with spaces around), as some dealing
/// programs write Dealer and Declarer: the letter PBN 3.4.9 writes (`N`). Certain: the word
/// names one seat. A declarer's `^` (PBN 3.4.12) stays in front.
pub fn seat(text: &str) -> Option<Reading> {
    let trimmed = text.trim();
    let (caret, word) = match trimmed.strip_prefix('^') {
        Some(word) => ("^", word.trim()),
        None => ("", trimmed),
    };
    let seat = Seat::ALL
        .into_iter()
        .find(|seat| seat.name().eq_ignore_ascii_case(word))?;
    Some(Reading::certain(format!("{caret}{}", seat.letter())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn certain(text: &str) -> Option<String> {
        date(text).filter(|r| r.certain).map(|r| r.spelling)
    }

    #[test]
    fn dates_are_read_as_players_read_them() {
        assert_eq!(certain("2023-07-28").as_deref(), Some("2023.07.28"));
        assert_eq!(certain("2023/7/8").as_deref(), Some("2023.07.08"));
        assert_eq!(certain("20191203").as_deref(), Some("2019.12.03"));
        assert_eq!(certain("3-Dec-2019").as_deref(), Some("2019.12.03"));
        assert_eq!(certain("3 December 2019").as_deref(), Some("2019.12.03"));
        // Mixed or doubled separators, and spaces inside, are not read.
        for text in ["2026.11. 20", "2026.11.\t20", "2026-11.20", "2026--11-20"] {
            assert_eq!(date(text), None, "{text:?}");
        }
        assert_eq!(certain("28.07.2023").as_deref(), Some("2023.07.28"));
        // Month first, shown by a day over 12.
        assert_eq!(certain("07/28/2023").as_deref(), Some("2023.07.28"));
        // Both under 13: a guess, day first.
        let guess = date("03.12.2019").unwrap();
        assert_eq!(
            (guess.spelling.as_str(), guess.certain),
            ("2019.12.03", false)
        );
        assert!(!date("03.12.19").unwrap().certain);
        // Not dates.
        for text in [
            "2023-13-01",
            "2023-02-30",
            "July",
            "20191340",
            "1-2-3-4",
            "",
        ] {
            assert_eq!(date(text), None, "{text}");
        }
    }

    #[test]
    fn a_time_after_the_date_is_read_apart() {
        let (reading, time) = date_with_time("2024-06-03 14:05").unwrap();
        assert_eq!(
            (reading.spelling.as_str(), time.as_str()),
            ("2024.06.03", "14:05:??")
        );
        let (_, time) = date_with_time("2024-06-03T14:05:09").unwrap();
        assert_eq!(time, "14:05:09");
        // A Time tag holds the time where it agrees on every digit given.
        assert!(holds_time("14:05:00", "14:05:??"));
        assert!(holds_time("14:05:09", "14:05:09"));
        assert!(!holds_time("14:06:00", "14:05:??"));
        assert!(!holds_time("14:05:00", "14:05:09"));
        assert_eq!(date_with_time("2024-06-03 25:00"), None);
    }

    #[test]
    fn contracts_with_n_and_r() {
        for (loose, pbn) in [
            ("3N", "3NT"),
            ("3NX", "3NTX"),
            ("3NXX", "3NTXX"),
            ("4HR", "4HXX"),
            ("1nr", "1NTXX"),
        ] {
            assert_eq!(
                contract(loose).map(|r| r.spelling).as_deref(),
                Some(pbn),
                "{loose}"
            );
        }
        for text in ["3NT", "4H", "8N", "3Q", "Pass", "3NY"] {
            assert_eq!(contract(text), None, "{text}");
        }
    }

    #[test]
    fn vulnerabilities() {
        for (loose, pbn) in [
            ("N-S ", "NS"),
            ("E-W", "EW"),
            ("Both", "All"),
            ("Love", "None"),
        ] {
            assert_eq!(
                vulnerable(loose).map(|r| r.spelling).as_deref(),
                Some(pbn),
                "{loose}"
            );
        }
        for text in ["NS", "None", "All", "Favourable"] {
            assert_eq!(vulnerable(text), None, "{text}");
        }
    }
}
