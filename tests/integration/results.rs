//! The results rules (issue 66, item 1: R001 scores, R002 matchpoints, R003 IMPs, R004
//! percentages, R005 ranks, rows of any Multiplicity) against an
//! independent
//! reference: `tests/reference/travellers.py`, which reads ScoreTables with its own expressions,
//! scores each row with endplay (Law 77) and matchpoints the boards itself. pbnfmt must flag
//! exactly the elements the reference finds wrong: on generated travellers with errors put in,
//! and on every real file of the shared corpus with a ScoreTable (where neither finds any).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use crate::common::{self, pbnfmt, text};

/// The reference's verdict on `files`: its counts and the (file, line) of each element it finds
/// wrong; `None` (with a note, a failure under CI) when endplay is not installed.
pub(crate) fn reference(files: &[&str]) -> Option<(serde_json::Value, BTreeSet<(String, u64)>)> {
    if !common::python_has("endplay") {
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/travellers.py");
    let output = Command::new(common::python())
        .arg(script)
        .args(files)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let verdict: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let wrong = verdict["wrong"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w[0].as_str().unwrap().to_owned(), w[1].as_u64().unwrap()))
        .collect();
    Some((verdict["counts"].clone(), wrong))
}

/// The (file, line) of each R finding pbnfmt reports on `files`.
fn flagged(files: &[&str], dir: &Path) -> BTreeSet<(String, u64)> {
    let mut args = vec!["check", "--select", "R", "--output-format", "concise"];
    args.extend(files);
    let output = pbnfmt(&args, dir);
    text(&output.stdout)
        .lines()
        .filter(|line| line.contains("error[R00"))
        .map(|line| {
            let mut parts = line.splitn(3, ':');
            let file = parts.next().unwrap().to_owned();
            (file, parts.next().unwrap().parse().unwrap())
        })
        .collect()
}

/// A small deterministic generator (SplitMix64).
struct Draw(u64);

impl Draw {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % below
    }
}

/// `boards` travellers: random contracts, declarers and tricks on a random vulnerability, scores
/// written as Ruter writes them (once, on the side that scored, quoted) or as Bridge Composer
/// does (North-South's, `-` for East-West), matchpoints on either scale; about one score in
/// twelve and one board's matchpoints in six put wrong.
/// What a generated traveller's last columns are.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Matchpoints,
    Butler,
    Cross,
    /// Rank first, a Multiplicity of 1 or 2, matchpoints and percentages (0-2 decimals).
    Ranked,
}

/// The IMPs of a difference, from the WBF scale's lower bounds (Law 78B), for the generator.
fn scale(difference: i64) -> i64 {
    const LOW: [i64; 24] = [
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
        2000, 2250, 2500, 3000, 3500, 4000,
    ];
    let imps = LOW
        .iter()
        .take_while(|&&low| difference.abs() >= low)
        .count() as i64;
    imps * difference.signum()
}

pub(crate) fn travellers(boards: u32, seed: u64, kind: Kind) -> String {
    let mut draw = Draw(seed);
    let mut out = String::new();
    for board in 1..=boards {
        let vulnerable = ["None", "NS", "EW", "All"][draw.next(4) as usize];
        let rows = 2 + draw.next(7) as usize;
        let ruter = draw.next(2) == 0;
        let mut scores = Vec::new();
        let mut lines = Vec::new();
        for row in 0..rows {
            let level = 1 + draw.next(7) as u8;
            let strain = ["C", "D", "H", "S", "NT"][draw.next(5) as usize];
            let risk = ["", "", "", "X", "XX"][draw.next(5) as usize];
            let declarer = ["N", "E", "S", "W"][draw.next(4) as usize];
            let tricks = (i64::from(level) + 6 + draw.next(5) as i64 - 3).clamp(0, 13) as u8;
            let denomination = match strain {
                "C" => pbnfmt::bridge::Denomination::Clubs,
                "D" => pbnfmt::bridge::Denomination::Diamonds,
                "H" => pbnfmt::bridge::Denomination::Hearts,
                "S" => pbnfmt::bridge::Denomination::Spades,
                _ => pbnfmt::bridge::Denomination::NoTrump,
            };
            let risk_value = match risk {
                "X" => pbnfmt::model::values::Risk::Doubled,
                "XX" => pbnfmt::model::values::Risk::Redoubled,
                _ => pbnfmt::model::values::Risk::Undoubled,
            };
            let north_south = matches!(declarer, "N" | "S");
            let vul = match vulnerable {
                "All" => true,
                "NS" => north_south,
                "EW" => !north_south,
                _ => false,
            };
            let points = pbnfmt::model::duplicate::duplicate_score(
                level,
                denomination,
                risk_value,
                vul,
                tricks,
            );
            let mut ns = if north_south { points } else { -points };
            if draw.next(12) == 0 {
                ns += [10, -10, 20, 100, -50][draw.next(5) as usize];
            }
            scores.push(ns);
            let (score_ns, score_ew) = if ruter {
                if ns >= 0 {
                    (format!("\"{ns}\""), "-".to_owned())
                } else {
                    ("-".to_owned(), format!("\"{}\"", -ns))
                }
            } else {
                (ns.to_string(), "-".to_owned())
            };
            lines.push((
                format!(
                    "{} {} {level}{strain}{risk} {declarer} {tricks} {score_ns} {score_ew}",
                    row + 1,
                    row + 11
                ),
                row,
            ));
        }
        // How many tables each row stands for: 1, or 2 for about one row in five (Ranked).
        let weights: Vec<f64> = (0..rows)
            .map(|_| {
                if kind == Kind::Ranked && draw.next(5) == 0 {
                    2.0
                } else {
                    1.0
                }
            })
            .collect();
        let tables: f64 = weights.iter().sum();
        // Matchpoints from the scores as written, counted here, a row's own other tables ties.
        let per = if draw.next(2) == 0 { 2.0 } else { 1.0 };
        let top = per * (tables - 1.0);
        let count = |per: f64| -> Vec<f64> {
            scores
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    per / 2.0 * (weights[i] - 1.0)
                        + scores
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != i)
                            .map(|(j, o)| {
                                weights[j]
                                    * if o < s {
                                        per
                                    } else if o == s {
                                        per / 2.0
                                    } else {
                                        0.0
                                    }
                            })
                            .sum::<f64>()
                })
                .collect()
        };
        let mut mps = count(per);
        // Percentages, from the matchpoints before any is put wrong, to 0, 1 or 2 decimals.
        let decimals = draw.next(3) as usize;
        let mut percentages: Vec<f64> = count(1.0)
            .iter()
            .map(|mp| 100.0 * mp / (tables - 1.0))
            .collect();
        if draw.next(8) == 0 {
            let row = draw.next(rows as u64) as usize;
            percentages[row] += [1.5, -2.0, 3.0][draw.next(3) as usize];
        }
        // Ranks: best first, ties sharing the best rank, or broken by file order (one board in
        // three); one board in eight with a rank past the last place.
        let break_ties = draw.next(3) == 0;
        let mut ranks: Vec<u64> = (0..rows)
            .map(|i| {
                let better: f64 = (0..rows)
                    .filter(|&j| scores[j] > scores[i])
                    .map(|j| weights[j])
                    .sum();
                let before: f64 = (0..i)
                    .filter(|&j| scores[j] == scores[i])
                    .map(|j| weights[j])
                    .sum();
                1 + better as u64 + if break_ties { before as u64 } else { 0 }
            })
            .collect();
        if draw.next(8) == 0 {
            ranks[draw.next(rows as u64) as usize] = tables as u64 + 1;
        }
        if draw.next(6) == 0 && rows >= 3 {
            // Two rows' matchpoints exchanged: the total still shows the scale.
            let (a, b) = (
                draw.next(rows as u64) as usize,
                draw.next(rows as u64) as usize,
            );
            mps.swap(a, b);
        }
        let last = match kind {
            Kind::Matchpoints => "MP_NS\\4R;MP_EW\\4R",
            Kind::Butler => "IMP_NS\\3R;IMP_EW\\3R;ButlerDatum\\5R",
            Kind::Cross => "IMP_NS\\3R;IMP_EW\\3R",
            Kind::Ranked => {
                "Multiplicity\\1R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R"
            }
        };
        let first = if kind == Kind::Ranked {
            "Rank\\2R;"
        } else {
            ""
        };
        // A Butler board's Scoring says its datum's rule (PBN 3.4.12): the mean without the two
        // extreme scores, rounded to 10 as Ruter rounds (a half away from zero), or one drawn
        // at random on about one board in six (R008).
        let scoring = if kind == Kind::Butler {
            "[Scoring \"IMP;Butler-2;Mean\"]\n"
        } else {
            ""
        };
        let _ = write!(
            out,
            "[Event \"Generated\"]\n[Board \"{board}\"]\n[Vulnerable \"{vulnerable}\"]\n{scoring}\
             [ScoreTable \"{first}PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;\
             Score_NS\\6R;Score_EW\\6R;{last}\"]\n"
        );
        let mut datum = 10 * (draw.next(161) as i64 - 80);
        if kind == Kind::Butler && rows >= 3 && draw.next(6) != 0 {
            let mut sorted = scores.clone();
            sorted.sort_unstable();
            let middle = &sorted[1..rows - 1];
            let sum: i64 = middle.iter().sum();
            let n = middle.len() as i64;
            // |mean| rounded to 10, a half away from zero, in whole numbers:
            // floor((|sum| + 5n) / 10n) tens.
            let twenty = 2 * sum.abs() + 10 * n;
            datum = sum.signum() * (twenty / (20 * n)) * 10;
        }
        for (i, ((line, _), mp)) in lines.iter().zip(&mps).enumerate() {
            let _ = match kind {
                Kind::Matchpoints => writeln!(out, "{line} {mp} {}", top - mp),
                Kind::Ranked => writeln!(
                    out,
                    "{} {line} {} {mp} {} {:.*} {:.*}",
                    ranks[i],
                    weights[i],
                    top - mp,
                    decimals,
                    percentages[i],
                    decimals,
                    100.0 - percentages[i]
                ),
                Kind::Butler | Kind::Cross => {
                    let mut imps = if kind == Kind::Butler {
                        scale(scores[i] - datum)
                    } else {
                        (0..rows)
                            .filter(|&j| j != i)
                            .map(|j| scale(scores[i] - scores[j]))
                            .sum()
                    };
                    let mut other = -imps;
                    match draw.next(16) {
                        0 => imps += 1,
                        1 => other -= 1,
                        _ => {}
                    }
                    if kind == Kind::Butler {
                        writeln!(out, "{line} {imps} {other} {datum}")
                    } else {
                        writeln!(out, "{line} {imps} {other}")
                    }
                }
            };
        }
        out.push('\n');
    }
    out
}

#[test]
fn travellers_are_judged_as_the_reference_judges_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (seed, kind) in [
        (7u64, Kind::Matchpoints),
        (8, Kind::Matchpoints),
        (9, Kind::Matchpoints),
        (10, Kind::Butler),
        (11, Kind::Cross),
        (12, Kind::Ranked),
        (13, Kind::Ranked),
    ] {
        let name = format!("travellers-{seed}.pbn");
        std::fs::write(dir.path().join(&name), travellers(200, seed, kind)).unwrap();
        if let Ok(keep) = std::env::var("KEEP_TRAVELLERS") {
            std::fs::write(Path::new(&keep).join(&name), travellers(200, seed, kind)).unwrap();
        }
        files.push(name);
    }
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let ours = flagged(&files, dir.path());
    let Some((counts, theirs)) = reference(
        &files
            .iter()
            .map(|f| dir.path().join(f).to_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    ) else {
        return;
    };
    let theirs: BTreeSet<(String, u64)> = theirs
        .into_iter()
        .map(|(file, line)| {
            let name = Path::new(&file).file_name().unwrap().to_str().unwrap();
            (name.to_owned(), line)
        })
        .collect();
    eprintln!("reference: {counts}; pbnfmt flags {} elements", ours.len());
    assert!(counts["scores_judged"].as_u64().unwrap() > 2000, "{counts}");
    assert!(
        counts["boards_matchpointed"].as_u64().unwrap() > 400,
        "{counts}"
    );
    assert!(theirs.len() > 100, "{} wrong", theirs.len());
    assert!(counts["datums_judged"].as_u64().unwrap() > 500, "{counts}");
    assert!(
        theirs
            .iter()
            .filter(|(f, _)| f == "travellers-10.pbn")
            .count()
            > 20,
        "the Butler file's wrong elements"
    );
    let only_ours: Vec<_> = ours.difference(&theirs).collect();
    let only_theirs: Vec<_> = theirs.difference(&ours).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "pbnfmt alone: {only_ours:?}\nthe reference alone: {only_theirs:?}"
    );
}

/// Every real file of the shared corpus with a ScoreTable: the reference judges its scores
/// (905 rows of 1,587 when this was written: the others give no score) and its IMPs (168 rows,
/// against Ruter's ButlerDatum) and finds none wrong, and pbnfmt reports no R finding.
#[test]
fn real_travellers_agree_with_the_reference() {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
        return;
    };
    let files: Vec<String> = common::pbn_files(&real)
        .into_iter()
        .filter(|path| {
            std::fs::read(path)
                .map(|bytes| bytes.windows(12).any(|w| w == b"[ScoreTable "))
                .unwrap_or(false)
        })
        .map(|path| path.to_str().unwrap().to_owned())
        .collect();
    assert!(files.len() >= 7, "{files:?}");
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let ours = flagged(&names, &real);
    assert!(ours.is_empty(), "{ours:?}");
    let Some((counts, theirs)) = reference(&names) else {
        return;
    };
    eprintln!("reference on the real travellers: {counts}");
    assert!(counts["scores_judged"].as_u64().unwrap() >= 900, "{counts}");
    assert!(
        counts["rows_imps_judged"].as_u64().unwrap() >= 160,
        "{counts}"
    );
    // Ruter's datums (`IMP;Butler-2;Mean`, ruter71.pbn): 168 rows.
    assert!(counts["datums_judged"].as_u64().unwrap() >= 160, "{counts}");
    assert!(theirs.is_empty(), "{theirs:?}");
}

/// Issue 66, item 2: a hand-made event of 3 boards at 4 tables (North-South pairs 1-4 against
/// East-West pairs 11-14, no one vulnerable), its matchpoints (1 a score beaten, ½ a tie, top 3)
/// and totals counted by hand here, one field ranked by TotalMP:
///
/// | board | table 1 | table 2 | table 3 | table 4 | MP North-South       |
/// | 1     | 420     | 450     | 420     | -50     | 1.5, 3, 1.5, 0       |
/// | 2     | 100     | -110    | -110    | 140     | 2, 0.5, 0.5, 3       |
/// | 3     | 0       | 50      | -100    | 0       | 1.5, 3, 0, 1.5       |
///
/// Totals: pair 1 5, 2 6.5, 3 2, 4 4.5; East-West (3 less each) 11 4, 12 2.5, 13 7, 14 4.5.
/// Percentages (of 9): 55.56, 72.22, 22.22, 50; 44.44, 27.78, 77.78, 50. Ranks: 13, 2, 1, then
/// 4 and 14 sharing 4th (the file breaks the tie: 14 is 5th, which passes), 11 6th, 12 7th, 3
/// 8th.
#[test]
fn a_hand_made_event_adds_up_and_its_ranks_follow() {
    let boards = [
        [420, 450, 420, -50],
        [100, -110, -110, 140],
        [0, 50, -100, 0],
    ];
    let matchpoints = [
        [1.5, 3.0, 1.5, 0.0],
        [2.0, 0.5, 0.5, 3.0],
        [1.5, 3.0, 0.0, 1.5],
    ];
    let mut event = String::new();
    for (b, (scores, mps)) in boards.iter().zip(&matchpoints).enumerate() {
        let _ = write!(
            event,
            "[Board \"{}\"]\n[Vulnerable \"None\"]\n\
             [ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n",
            b + 1
        );
        for table in 0..4 {
            let _ = writeln!(
                event,
                "{} {} {} - {} {}",
                table + 1,
                table + 11,
                scores[table],
                mps[table],
                3.0 - mps[table]
            );
        }
        event.push('\n');
    }
    let totals = "[TotalScoreTable \"Rank;PairId;TotalMP;TotalPercentage;NrBoards\"]\n\
                  1 13 7 77.78 3\n2 2 6.5 72.22 3\n3 1 5 55.56 3\n4 4 4.5 50.00 3\n\
                  5 14 4.5 50.00 3\n6 11 4 44.44 3\n7 12 2.5 27.78 3\n8 3 2 22.22 3\n";
    let dir = tempfile::tempdir().unwrap();
    let right = event.clone() + "[Event \"Totals\"]\n" + totals;
    std::fs::write(dir.path().join("right.pbn"), &right).unwrap();
    let wrong = right
        .replace("8 3 2 22.22 3", "8 3 3 22.22 3")
        .replace("7 12 2.5", "6 12 2.5")
        .replace("3 1 5 55.56 3", "3 1 5 55.56 2")
        // The travellers have no Percentage column: a board's is the side's matchpoints over the
        // top, so pair 11's mean is (1.5 + 1 + 1.5) / 3 of 3 = 44.44 %.
        .replace("6 11 4 44.44 3", "6 11 4 45.44 3")
        // A column of halves writes 5 for 5.0: 4 for pair 4's 4.5 is wrong, not cut.
        .replace("4 4 4.5 50.00 3", "4 4 4 50.00 3");
    std::fs::write(dir.path().join("wrong.pbn"), &wrong).unwrap();
    let check = |name: &str| {
        let output = pbnfmt(
            &["check", "--select", "R", "--output-format", "concise", name],
            dir.path(),
        );
        text(&output.stdout)
    };
    let said = check("right.pbn");
    assert!(said.starts_with("No findings"), "{said}");
    let said = check("wrong.pbn");
    let findings: Vec<&str> = said.lines().filter(|l| l.contains("error[")).collect();
    assert_eq!(findings.len(), 5, "{said}");
    assert!(
        said.contains("error[R006] TotalPercentage 45.44 of pair 11 is not the mean of its 3 boards on the file's travellers: 44.44"),
        "{said}"
    );
    assert!(
        said.contains("error[R006] TotalMP 4 of pair 4 is not the sum of its 3 boards on the file's travellers: 4.5"),
        "{said}"
    );
    assert!(
        said.contains("error[R006] TotalMP 3 of pair 3 is not the sum of its 3 boards on the file's travellers: 2"),
        "{said}"
    );
    assert!(said.contains("error[R006] NrBoards 2 of pair 1"), "{said}");
    assert!(
        said.contains("error[R007] Rank 6 is not pair 12's place: 7"),
        "{said}"
    );
}
