//! `handrecord` (issue 63): any bytes, read as a PBN file, give boards whose sheet is drawn
//! in HTML and in PDF without a panic or an error, whatever their names, title and values
//! (the first line of the input is the title, in any script, controls and bidirectional marks
//! included); at 4, 6 and 8 boards a page. The HTML holds no raw `<` from the file. When
//! `pdftotext` (poppler) is on the PATH, each PDF reads back, and each board's number written in
//! ASCII digits is in its text.
#![no_main]

use std::io::Write;
use std::process::{Command, Stdio};

use libfuzzer_sys::fuzz_target;
use pbnfmt::handrecord::{self, Options};

fn pdftotext() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        Command::new("pdftotext")
            .arg("-v")
            .stderr(Stdio::null())
            .status()
            .is_ok()
    })
}

fuzz_target!(|bytes: &[u8]| {
    let (title, file) = match bytes.iter().position(|&b| b == b'\n') {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (&[][..], bytes),
    };
    let title = String::from_utf8_lossy(title).into_owned();
    let decoded = pbnfmt::source::decode_owned(file.to_vec(), None);
    // One input in three draws the results page (issue 66): its travellers and rankings.
    let results = bytes.len() % 3 == 1;
    let (boards, rankings) = if results {
        handrecord::results(&decoded.text, &|_| true)
    } else {
        (
            handrecord::boards(&decoded.text, &|_| true, false),
            Vec::new(),
        )
    };
    if boards.is_empty() || boards.len() > 24 {
        return;
    }
    let per_page = [4, 6, 8][bytes.len() % 3];
    let options = Options {
        title: Some(title.clone()),
        per_page,
        four_colour: bytes.len() % 2 == 0,
        suit_size: 100 + (bytes.len() as u32 % 201),
        results: results.then_some(rankings),
        ..Options::default()
    };
    let html = handrecord::html(&boards, &title, &options);
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    let drawn = handrecord::pdf::pdf(&boards, &title, &options).expect("the PDF is drawn");
    assert!(drawn.bytes.starts_with(b"%PDF-"));
    if !pdftotext() {
        return;
    }
    let mut child = Command::new("pdftotext")
        .args(["-q", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pdftotext runs");
    let mut stdin = child.stdin.take().unwrap();
    let pdf = drawn.bytes.clone();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&pdf);
    });
    let output = child.wait_with_output().expect("pdftotext ends");
    writer.join().unwrap();
    assert!(output.status.success(), "pdftotext refuses the PDF");
    let text = String::from_utf8_lossy(&output.stdout);
    for board in &boards {
        if !board.number.is_empty() && board.number.bytes().all(|b| b.is_ascii_digit()) {
            assert!(
                text.contains(board.number.as_str()),
                "board {} is not in the PDF's text",
                board.number
            );
        }
    }
});
