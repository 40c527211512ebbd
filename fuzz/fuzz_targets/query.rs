//! `select --where` (issue 46): any text read as an expression never panics, and an error's
//! rendering neither; an expression that reads judges any file without a panic, and `select`
//! with it and with `--invert` never finds a read-back difference (W004) and splits the file:
//! the games kept by the one and by the other are, together, the input's. `set-tag` on the
//! boards it chooses (a value set, another tag removed) finds no read-back difference either.
//! Both give the same output in chunks of 1 byte.
//! `split --every 2` of the file, merged again, gives back the file as `resolve` writes it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbnfmt::query::Query;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::merge;
use pbnfmt::rewrite::select::{Choice, select_owned};
use pbnfmt::rewrite::set_tag::{TagChange, set_tags_owned};

/// The games of a result (with a tag pair), read as pbnfmt reads them.
fn games(bytes: Vec<u8>) -> usize {
    let decoded = pbnfmt::source::decode_owned(bytes, None);
    let mut count = 0;
    pbnfmt::read::Reader::new(&decoded).games(
        |_| {},
        |_, _, _| {
            count += 1;
            true
        },
    );
    count
}

/// A read-back difference: a W004 that calls itself a bug in pbnfmt (a W004 refused before any
/// edit, such as a section set-tag would leave behind, says what in the input prevents it).
fn bug(d: &pbnfmt::diagnostic::Diagnostic) -> bool {
    d.rule.code() == "W004"
        && (d.message.contains("bug in pbnfmt")
            || d.help
                .as_deref()
                .is_some_and(|help| help.contains("bug in pbnfmt")))
}

fuzz_target!(|bytes: &[u8]| {
    let (expr, file) = match bytes.iter().position(|&b| b == b'\n') {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (bytes, &[][..]),
    };
    let expr = String::from_utf8_lossy(expr);
    let query = match Query::parse(&expr) {
        Ok(query) => query,
        Err(error) => {
            let _ = error.render(&expr);
            return;
        }
    };
    let mut choice = Choice {
        query: Some(query),
        ..Choice::default()
    };
    let kept = select_owned(file.to_vec(), &choice, false, RewriteOptions::default());
    let changes = [
        TagChange {
            name: "Event".to_owned(),
            value: Some("a \"b\" \\ c".to_owned()),
        },
        TagChange {
            name: "Site".to_owned(),
            value: None,
        },
    ];
    let tagged = set_tags_owned(file.to_vec(), &changes, &choice, RewriteOptions::default());
    assert!(
        tagged.problems.iter().all(|d| !bug(d)),
        "{:?}",
        tagged.problems
    );
    // The one frame (issue 59, item 3): the same output in chunks of 1 byte.
    let tiny = RewriteOptions {
        chunk_bytes: Some(1),
        ..RewriteOptions::default()
    };
    let cut = set_tags_owned(file.to_vec(), &changes, &choice, tiny);
    assert!(
        cut.output_bytes() == tagged.output_bytes(),
        "set-tag in chunks of 1 byte differs"
    );
    choice.invert = true;
    let dropped = select_owned(file.to_vec(), &choice, false, RewriteOptions::default());
    // select goes through the one frame too: the same output and findings in chunks of 1 byte.
    let dropped_cut = select_owned(file.to_vec(), &choice, false, tiny);
    assert!(
        dropped_cut.rewritten.output_bytes() == dropped.rewritten.output_bytes(),
        "select in chunks of 1 byte differs"
    );
    let codes = |done: &pbnfmt::rewrite::dedup::Deduped| -> Vec<&'static str> {
        done.rewritten.problems.iter().map(|d| d.rule.code()).collect()
    };
    assert_eq!(codes(&dropped_cut), codes(&dropped), "select in chunks of 1 byte");
    for done in [&kept, &dropped, &dropped_cut] {
        assert!(
            done.rewritten.problems.iter().all(|d| !bug(d)),
            "{:?}",
            done.rewritten.problems
        );
    }
    if let Ok(mut read) = merge::read(file, RewriteOptions::default()) {
        let mut spool = merge::Split::new();
        let parts = merge::split(&mut spool, &mut read, &merge::Cut::Every(2)).expect("split");
        // Each part read in the file's encoding, as `--input-encoding` reads it: a part of a
        // Latin-1 file may happen to be valid UTF-8.
        let same = RewriteOptions {
            input_encoding: Some(read.encoding),
            ..RewriteOptions::default()
        };
        let reads: Option<Vec<merge::Read>> = parts
            .iter()
            .map(|part| merge::read(&spool.bytes(part).expect("part"), same).ok())
            .collect();
        if let Some(reads) = reads {
            let merged = merge::merge(reads, None, false).bytes().expect("merge");
            let text = read.text().expect("text");
            let whole = pbnfmt::source::encode(&text, read.encoding, read.bom).unwrap();
            assert!(merged == whole, "split and merged is not the file");
        }
    }
    if let (Some(a), Some(b)) = (
        kept.rewritten.output_bytes(),
        dropped.rewritten.output_bytes(),
    ) {
        let all = games(file.to_vec());
        assert_eq!(
            games(a) + games(b),
            all,
            "kept and dropped are not the input"
        );
    }
});
