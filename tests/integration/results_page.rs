//! `pbnfmt handrecord --results` (issue 66, item 4): the results page draws each board's
//! traveller (PBN 5.9 ScoreTable) under its diagram and the ranking (PBN 5.10 TotalScoreTable) at
//! the end, in HTML and PDF. The tables are compared with the file's, read here by the test's own
//! reading of the PBN text (not pbnfmt's): every row, every element, in the file's order, board by
//! board in the order of their numbers. A traveller that does not add up stops the drawing.

use crate::common::{self, pbnfmt, text};
use crate::handrecord::{pdf_text, poppler};

/// Ruter's club night: 21 boards of Butler IMPs with a TotalScoreTable.
const RUTER: &str = "richardschneider__pbn/test__sample__ruter71.pbn";
/// A Bridge Composer-style club championship: 24 boards, travellers with names, no ranking.
const CLUB: &str =
    "JFrunk__bridge-bidding-app/test-results__SPR_PBN_FILE_1_1767133446-WyhciiaCll_D251230M.pbn";

/// A row of a table as the test reads it: [`common::table_elements`], a quoted string's quotes
/// off and its `\"` and `\\` resolved.
fn elements(line: &str) -> Vec<String> {
    common::table_elements(line)
        .into_iter()
        .map(|element| match element.strip_prefix('"') {
            Some(inner) => {
                let inner = inner.strip_suffix('"').unwrap_or(inner);
                let mut out = String::new();
                let mut chars = inner.chars();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => out.extend(chars.next()),
                        c => out.push(c),
                    }
                }
                out
            }
            None => element,
        })
        .collect()
}

/// A table of the file: its column names and rows, with the columns the page leaves out
/// (personal data: `MemberID…`, `Sex…`) taken out.
#[derive(Debug, PartialEq)]
struct Table {
    columns: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// Every table `tag` of `pbn` with the Board of its game, in file order.
fn tables(pbn: &str, tag: &str) -> Vec<(String, Table)> {
    let mut out = Vec::new();
    let mut board = String::new();
    let mut lines = pbn.lines().peekable();
    let opening = format!("[{tag} \"");
    while let Some(line) = lines.next() {
        if let Some(value) = line.strip_prefix("[Board \"") {
            board = value.trim_end_matches("\"]").to_owned();
        }
        let Some(spec) = line.strip_prefix(&opening) else {
            continue;
        };
        let names: Vec<String> = spec
            .trim_end_matches("\"]")
            .split(';')
            .map(|c| c.split('\\').next().unwrap_or("").to_owned())
            .collect();
        let kept: Vec<usize> = (0..names.len())
            .filter(|&i| !names[i].starts_with("MemberID") && !names[i].starts_with("Sex"))
            .collect();
        let mut all = Vec::new();
        while let Some(row) = lines.next_if(|l| !l.starts_with('[') && !l.trim().is_empty()) {
            if !row.starts_with('%') {
                all.extend(elements(row));
            }
        }
        let rows = all
            .chunks(names.len())
            .map(|row| kept.iter().map(|&i| row[i].clone()).collect())
            .collect();
        let columns = kept.iter().map(|&i| names[i].clone()).collect();
        out.push((board.clone(), Table { columns, rows }));
    }
    out
}

/// The travellers of `pbn` in the order the page draws them: by board number.
fn travellers(pbn: &str) -> Vec<Table> {
    let mut travellers = tables(pbn, "ScoreTable");
    travellers.sort_by_key(|(board, _)| board.parse::<u64>().unwrap_or(u64::MAX));
    travellers.into_iter().map(|(_, table)| table).collect()
}

/// The HTML tables of `class`, each row's cells with their entities resolved.
fn html_tables(html: &str, class: &str) -> Vec<Vec<Vec<String>>> {
    let unescape = |cell: &str| {
        cell.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    };
    let opening = format!("<table class=\"{class}\">");
    html.split(&opening)
        .skip(1)
        .map(|table| {
            let body = table.split("</table>").next().unwrap_or("");
            let body = body.split("<tbody>").nth(1).unwrap_or("");
            body.split("<tr>")
                .skip(1)
                .map(|row| {
                    row.split("<td")
                        .skip(1)
                        .map(|cell| {
                            let cell = cell.split_once('>').map_or("", |(_, c)| c);
                            unescape(cell.split("</td>").next().unwrap_or(""))
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The page drawn from the shared `file` into a new folder as `name`, with `args`: the folder,
/// the page's path and the run. `None` (said) without the shared corpus.
fn drawn(
    file: &str,
    name: &str,
    args: &[&str],
) -> Option<(tempfile::TempDir, std::path::PathBuf, std::process::Output)> {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; skipped");
        common::skipped("../shared/corpus/real is absent");
        return None;
    };
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("event.pbn");
    std::fs::copy(real.join(file), &source).unwrap();
    let out = dir.path().join(name);
    let mut all = vec![
        "handrecord",
        "--results",
        "event.pbn",
        "-o",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let output = pbnfmt(&all, dir.path());
    Some((dir, out, output))
}

/// The HTML results page of the real files: every traveller's rows and the ranking's, element
/// for element as the file writes them; the file without a TotalScoreTable says it has no
/// ranking.
#[test]
fn the_html_results_page_draws_every_traveller_and_the_ranking_as_written() {
    for (file, boards, ranked) in [(RUTER, 21, true), (CLUB, 24, false)] {
        let Some((dir, out, output)) = drawn(file, "results.html", &[]) else {
            return;
        };
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(
            text(&output.stderr),
            format!(
                "{boards} boards and their travellers written to {}.\n",
                out.display()
            )
        );
        let pbn = std::fs::read_to_string(dir.path().join("event.pbn")).unwrap();
        let html = std::fs::read_to_string(&out).unwrap();
        let expected = travellers(&pbn);
        assert_eq!(expected.len(), boards, "{file}: a traveller a board");
        let drawn = html_tables(&html, "results traveller");
        assert_eq!(drawn.len(), expected.len(), "{file}");
        for (drawn, expected) in drawn.iter().zip(&expected) {
            assert_eq!(drawn, &expected.rows, "{file}");
        }
        let rankings = tables(&pbn, "TotalScoreTable");
        let drawn = html_tables(&html, "results ranking");
        assert_eq!(drawn.len(), rankings.len(), "{file}");
        assert_eq!(ranked, !rankings.is_empty());
        for (drawn, (_, expected)) in drawn.iter().zip(&rankings) {
            assert_eq!(drawn, &expected.rows, "{file}");
            assert!(
                !expected.columns.iter().any(|c| c.starts_with("MemberID")),
                "{file}: no member number is printed"
            );
        }
        assert_eq!(
            html.contains("The file gives no ranking (no TotalScoreTable)"),
            !ranked,
            "{file}"
        );
    }
}

/// The PDF results page of the real files, read back by poppler's `pdftotext`: every traveller's
/// rows, then the ranking's, as lines in the file's order (a club's name too wide for its column
/// cut with `…`, nothing else); the same input gives the same bytes.
#[test]
fn the_pdf_results_page_draws_every_traveller_and_the_ranking_as_written() {
    if !poppler() {
        return;
    }
    for file in [RUTER, CLUB] {
        let Some((dir, out, output)) = drawn(file, "results.pdf", &[]) else {
            return;
        };
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        let pbn = std::fs::read_to_string(dir.path().join("event.pbn")).unwrap();
        let mut expected: Vec<Vec<String>> =
            travellers(&pbn).into_iter().flat_map(|t| t.rows).collect();
        let travelled = expected.len();
        expected.extend(
            tables(&pbn, "TotalScoreTable")
                .into_iter()
                .flat_map(|(_, t)| t.rows),
        );
        let drawn = pdf_text(&out, 0);
        let lines: Vec<&str> = drawn.lines().map(str::trim).collect();
        // Each expected row is a line, after the one before it.
        let mut at = 0;
        for (i, row) in expected.iter().enumerate() {
            let line = row.join(" ");
            let found = lines[at..].iter().position(|drawn| {
                *drawn == line
                    || (i >= travelled
                        && drawn.ends_with('…')
                        && line.starts_with(drawn.trim_end_matches('…')))
            });
            let Some(found) = found else {
                panic!(
                    "{file}: row {i} `{line}` is not drawn after line {at}:\n{}",
                    lines[at..]
                        .iter()
                        .take(12)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            };
            at += found + 1;
        }
        // Every page numbered at its foot, out of the pages the command counts.
        let said = text(&output.stderr);
        let pages: usize = said
            .split(" on ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        for page in 1..=pages {
            let drawn = pdf_text(&out, page);
            assert!(
                drawn.contains(&format!("Page {page} of {pages}")),
                "{file}: page {page}"
            );
        }
        let again = dir.path().join("again.pdf");
        let output = pbnfmt(
            &[
                "handrecord",
                "--results",
                "event.pbn",
                "-o",
                again.to_str().unwrap(),
            ],
            dir.path(),
        );
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&again).unwrap());
    }
}

/// A traveller that does not add up is a wrong result printed: with one score of Ruter's file
/// changed (R001, and the IMPs and totals it feeds), the results page is refused, naming the
/// finding, and nothing is written; `--force` draws it with a warning; the hand record, which
/// draws no traveller, is drawn and counts the error.
#[test]
fn a_traveller_that_does_not_add_up_stops_the_results_page() {
    let Some(real) = common::real_corpus() else {
        common::skipped("../shared/corpus/real is absent");
        return;
    };
    let pbn = std::fs::read_to_string(real.join(RUTER)).unwrap();
    // Board 1, table 2: 1NT by North making 8 tricks, not vulnerable, scores 120.
    let row = "2 1  3  4 1N  N  8 ST   \"120\"      -   5  -5  -90";
    assert!(pbn.contains(row), "the row the test changes");
    let dir = tempfile::tempdir().unwrap();
    let wrong = pbn.replacen(row, &row.replace("120", "150"), 1);
    std::fs::write(dir.path().join("event.pbn"), wrong).unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["handrecord", "event.pbn"];
        all.extend_from_slice(args);
        pbnfmt(&all, dir.path())
    };
    let page = dir.path().join("page.html");
    let output = run(&["--results", "-o", page.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let said = text(&output.stderr);
    assert!(
        said.contains("error[R001] 1N by N with the result 8 scores 120"),
        "{said}"
    );
    assert!(said.contains("the hand record was not drawn"), "{said}");
    assert!(!page.exists(), "nothing is written");
    let output = run(&["--results", "--force", "-o", page.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(
        html.matches("Drawn with --force").count(),
        22,
        "each board and the ranking"
    );
    let record = dir.path().join("record.html");
    let output = run(&["-o", record.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("about what a hand record does not draw"),
        "{}",
        text(&output.stderr)
    );
    let html = std::fs::read_to_string(&record).unwrap();
    assert!(!html.contains("results traveller") && !html.contains("Drawn with --force"));
}

/// Hostile results tables: a traveller of 3,000 rows whose names are markup, a terminal's
/// escape and a right-to-left override, and a ranking of 400 columns. Under a 1 GiB
/// address-space limit (`prlimit --as`) both formats are drawn: nothing from the file is markup
/// or a control character in the HTML, the PDF's traveller goes on over pages under its
/// headings, and every one of the 3,000 rows is there.
#[test]
fn hostile_results_tables_are_drawn_within_bounds() {
    let prlimit = std::path::Path::new("/usr/bin/prlimit").exists();
    if !prlimit {
        common::cannot_run("prlimit is not installed: the memory limit of this test");
    }
    let dir = tempfile::tempdir().unwrap();
    let mut pbn = String::from(
        "[Event \"Hostile\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
         [ScoreTable \"PairId_NS;PairId_EW;Names_NS\"]\n",
    );
    for i in 0..3000 {
        pbn.push_str(&format!(
            "{i} {} \"<script>x</script> \u{1b}[2J \u{202e}lin.pbn {i}\"\n",
            i + 1
        ));
    }
    let columns: Vec<String> = (0..400).map(|i| format!("C{i}")).collect();
    pbn.push_str(&format!("[TotalScoreTable \"{}\"]\n", columns.join(";")));
    let row: Vec<String> = (0..400).map(|i| i.to_string()).collect();
    pbn.push_str(&row.join(" "));
    pbn.push('\n');
    std::fs::write(dir.path().join("hostile.pbn"), &pbn).unwrap();
    let limited = |out: &str| {
        let mut command = if prlimit {
            let mut command = std::process::Command::new("/usr/bin/prlimit");
            command
                .arg(format!("--as={}", 1u64 << 30))
                .arg(env!("CARGO_BIN_EXE_pbnfmt"));
            command
        } else {
            std::process::Command::new(env!("CARGO_BIN_EXE_pbnfmt"))
        };
        command
            .args(["handrecord", "--results", "hostile.pbn", "-o", out])
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let output = limited("page.html");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let html = std::fs::read_to_string(dir.path().join("page.html")).unwrap();
    assert!(!html.contains("<script>") && !html.contains('\u{1b}') && !html.contains('\u{202e}'));
    assert_eq!(html.matches("&lt;script&gt;").count(), 3000);
    assert_eq!(html_tables(&html, "results ranking")[0][0].len(), 400);
    if !poppler() {
        return;
    }
    let output = limited("page.pdf");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let drawn = pdf_text(&dir.path().join("page.pdf"), 0);
    assert!(
        drawn.matches("Board 1, continued").count() > 10,
        "{drawn:.2000}"
    );
    for i in [0, 1234, 2999] {
        assert!(drawn.contains(&format!("lin.pbn {i}\n")), "row {i}");
    }
    assert!(!drawn.contains('\u{1b}'));
}

/// Issue 62, item 3: the HTML results page, printed by Chromium, has its page number on every
/// page (`Page 2 of 5`; its tables decide the pages, so the browser numbers them) and the event
/// on every page after the first (which has it as its heading). The title is a file's text: a
/// quote, a backslash, markup and a closing style tag in it are printed as written, in the
/// margin box as in the heading.
#[test]
fn the_html_results_page_numbers_its_pages_and_names_the_event_on_each() {
    let Some(chromium) = crate::handrecord::chromium_and_poppler() else {
        return;
    };
    let title = r#"Ruter "71" </style><b>x</b> \ café"#;
    let Some((dir, html, output)) = drawn(RUTER, "results.html", &["--title", title]) else {
        return;
    };
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let pdf = dir.path().join("results.pdf");
    crate::handrecord::print(
        chromium,
        &html,
        &format!("--print-to-pdf={}", pdf.display()),
        dir.path(),
    );
    let info = std::process::Command::new("pdfinfo")
        .arg(&pdf)
        .output()
        .unwrap();
    let pages: usize = text(&info.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(pages >= 3, "{pages} pages");
    for page in 1..=pages {
        let words = pdf_text(&pdf, page);
        assert!(
            words.contains(&format!("Page {page} of {pages}")),
            "page {page}: {words}"
        );
        // Compared without spaces: `pdftotext` reads the 8 pt margin box's spaces as none.
        let unspaced = |text: &str| text.replace([' ', '\n'], "");
        assert_eq!(
            unspaced(&words).matches(&unspaced(title)).count(),
            1,
            "page {page}: the title once: {words}"
        );
    }
}
