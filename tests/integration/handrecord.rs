//! `pbnfmt handrecord` (issue 47): the HTML of a small set as a snapshot; its structure (boards a
//! page, the double-dummy cells equal to the tags); a name that is markup stays text; the set is
//! checked before it is drawn; and a real browser prints it (Debian's `chromium`, headless) with
//! the pages and the text of board 1 where they belong.

use std::path::Path;
use std::process::Command;

use crate::common::{self, pbnfmt, text};

const SET: &str = "handrecord/club.pbn";

fn drawn(args: &[&str]) -> (String, std::process::Output) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("record.html");
    let mut all = vec!["handrecord", "-o", out.to_str().unwrap()];
    all.extend_from_slice(args);
    let output = pbnfmt(&all, &common::corpus());
    let html = std::fs::read_to_string(&out).unwrap_or_default();
    (html, output)
}

#[test]
fn the_html_of_a_small_set() {
    let (html, output) = drawn(&[SET]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let said = text(&output.stderr);
    assert!(
        said.starts_with("4 boards on 1 page written to ") && said.ends_with("record.html.\n"),
        "{said}"
    );
    common::snapshot_settings().bind(|| {
        insta::assert_snapshot!(
            "handrecord_club_html",
            html.replace(env!("CARGO_PKG_VERSION"), "VERSION")
        );
    });
}

/// Boards a page as asked; each board's double-dummy cells are its DoubleDummyTricks digits
/// (N, S, E, W rows; NT, ♠, ♥, ♦, ♣ columns, PBN 4.2.7's order), and par is the OptimumScore.
#[test]
fn pages_and_double_dummy_cells_are_the_tags() {
    let (html, output) = drawn(&[SET, "--per-page", "4", "--paper", "letter"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(html.contains("@page { size: letter;"), "paper");
    assert_eq!(html.matches("<section class=\"page\">").count(), 1);
    let (html, _) = drawn(&[SET, "--boards", "1-3", "--per-page", "4"]);
    assert_eq!(html.matches("<article").count(), 3);
    // Six boards, four a page: two pages, four boards then two. (The set twice: each board
    // once, so two files of other boards.)
    let dir = tempfile::tempdir().unwrap();
    let second = std::fs::read_to_string(common::corpus().join(SET))
        .unwrap()
        .replace("[Board \"1\"]", "[Board \"5\"]")
        .replace("[Board \"2\"]", "[Board \"6\"]");
    let other = dir.path().join("other.pbn");
    std::fs::write(&other, second).unwrap();
    let (html, _) = drawn(&[SET, other.to_str().unwrap(), "--per-page", "4"]);
    let pages: Vec<&str> = html.split("<section class=\"page\">").skip(1).collect();
    let per_page: Vec<usize> = pages
        .iter()
        .map(|p| p.matches("<article").count())
        .collect();
    assert_eq!(per_page, [4, 2]);
    // Board 1: DoubleDummyTricks "7c5c67c5c61181711817", NT S H D C digits for N, S, E, W.
    let board1 = html
        .split("<article class=\"board\" id=\"board-1\">")
        .nth(1)
        .and_then(|rest| rest.split("</article>").next())
        .unwrap();
    let cells: Vec<u32> = board1
        .split("<td>")
        .skip(1)
        .map(|cell| cell.split("</td>").next().unwrap().parse().unwrap())
        .collect();
    let digits: Vec<u32> = "7c5c67c5c61181711817"
        .chars()
        .map(|c| c.to_digit(16).unwrap())
        .collect();
    // The tag gives N, S, E, W rows of NT, S, H, D, C, as the table shows them.
    assert_eq!(cells, digits);
    assert!(board1.contains("Par NS 980"), "{board1}");
    // Board 2 has no table: none is drawn, and no par.
    let board2 = html.split("id=\"board-2\"").nth(1).unwrap();
    let board2 = board2.split("</article>").next().unwrap();
    assert!(!board2.contains("<table"), "{board2}");
}

/// A player's name that is markup is drawn as text: no element, script or style comes from a
/// file; a hand not given says so.
#[test]
fn a_name_that_is_markup_stays_text() {
    let (html, _) = drawn(&[SET]);
    assert!(!html.contains("<script"), "a script from the file");
    assert_eq!(html.matches("</div>").count(), html.matches("<div").count());
    let (hostile, _) = drawn(&[SET, "--title", "<style>body{display:none}</style>"]);
    assert!(
        !hostile.contains("<style>body"),
        "a style from the command line"
    );
    assert!(hostile.contains("&lt;style&gt;body{display:none}&lt;/style&gt;"));
    assert!(html.contains("(not given)"), "board 3's East");
}

/// Checked first: a card dealt twice (D003, an error) stops the drawing and writes nothing;
/// `--force` draws it with a warning on the sheet.
#[test]
fn an_error_stops_the_drawing_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let set = std::fs::read_to_string(common::corpus().join(SET))
        .unwrap()
        .replace("AQT94.T53.KQ8.T9 63.J98", "AQT94.T53.KQ8.T9 6A.J98");
    let path = dir.path().join("bad.pbn");
    std::fs::write(&path, set).unwrap();
    let out = dir.path().join("bad.html");
    let args = |force: bool| {
        let mut args = vec!["handrecord", "bad.pbn", "-o", "bad.html"];
        if force {
            args.push("--force");
        }
        pbnfmt(&args, dir.path())
    };
    let stopped = args(false);
    assert_eq!(stopped.status.code(), Some(1));
    let said = text(&stopped.stderr);
    assert!(
        said.contains("bad.pbn:12:") && said.contains("error[D003]"),
        "{said}"
    );
    assert!(said.contains("the hand record was not drawn"), "{said}");
    assert!(!out.exists());
    let forced = args(true);
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains("class=\"warning\""), "the warning box");
    // The output is never an input.
    let refused = pbnfmt(&["handrecord", "bad.pbn", "-o", "bad.pbn"], dir.path());
    assert_eq!(refused.status.code(), Some(2));
}

/// A real browser prints the HTML: Debian's `chromium`, headless, as root and with no network,
/// to PDF (its pages counted by `pdfinfo`, the text of page 1 by `pdftotext`) and to a PNG.
/// `.ci/run` installs both (`.ci/install-print`); elsewhere the test says it was skipped.
#[test]
fn chromium_prints_the_pages_with_board_one_on_page_one() {
    let Some(chromium) = ["chromium", "chromium-browser"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok())
    else {
        common::cannot_run("chromium is not installed (.ci/install-print installs it)");
        return;
    };
    if Command::new("pdftotext").arg("-v").output().is_err() {
        common::cannot_run("pdftotext is not installed (poppler-utils; .ci/install-print)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("record.html");
    let output = pbnfmt(
        &[
            "handrecord",
            SET,
            "--per-page",
            "4",
            "-o",
            html.to_str().unwrap(),
        ],
        &common::corpus(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let pdf = dir.path().join("record.pdf");
    let png = dir.path().join("record.png");
    print(
        chromium,
        &html,
        &format!("--print-to-pdf={}", pdf.display()),
        dir.path(),
    );
    print(
        chromium,
        &html,
        &format!("--screenshot={}", png.display()),
        dir.path(),
    );
    assert!(
        std::fs::metadata(&png).is_ok_and(|m| m.len() > 1000),
        "a PNG"
    );
    // The README's picture is this page (`PBNFMT_UPDATE_PICTURE=1` writes it again).
    let picture = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/handrecord.png");
    if std::env::var_os("PBNFMT_UPDATE_PICTURE").is_some() {
        std::fs::copy(&png, &picture).unwrap();
    }
    assert!(
        picture.exists(),
        "docs/handrecord.png: PBNFMT_UPDATE_PICTURE=1 makes it"
    );
    let info = Command::new("pdfinfo").arg(&pdf).output().unwrap();
    let info = text(&info.stdout);
    assert!(
        info.lines()
            .any(|l| l.starts_with("Pages:") && l.ends_with(" 1")),
        "{info}"
    );
    let page1 = Command::new("pdftotext")
        .args(["-f", "1", "-l", "1", "-layout"])
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let page1 = text(&page1.stdout);
    for expected in [
        "Monday Pairs",
        "Board 1",
        "A Q 10 9 4",
        "Par NS 980",
        "Dealer North",
    ] {
        assert!(
            page1.contains(expected),
            "{expected} not on page 1:\n{page1}"
        );
    }
    // A DD row: North's tricks in NT, ♠, ♥, ♦, ♣ (DoubleDummyTricks 7c5c6).
    assert!(
        page1.lines().any(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words
                .windows(6)
                .any(|w| w == ["N", "7", "12", "5", "12", "6"])
        }),
        "North's row:\n{page1}"
    );
}

/// Runs headless chromium on `html` with `what` (`--print-to-pdf=…`, `--screenshot=…`), as
/// root with no network, with a new empty profile.
fn print(chromium: &str, html: &Path, what: &str, dir: &Path) {
    let profile = tempfile::tempdir_in(dir).unwrap();
    let output = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-pdf-header-footer",
            "--window-size=1240,1754",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(what)
        .arg(format!("file://{}", html.display()))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{chromium} {what}: {}",
        text(&output.stderr)
    );
}
