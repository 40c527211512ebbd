//! Issue 63, item 13: a refusal of input says what in the input prevents the work; "bug in
//! pbnfmt" is kept for broken invariants. Every rewrite is run on every PBN file of the project's
//! corpora (the hostile files and the fuzzers' regression inputs included), each file also
//! mutated a few ways, and on the shared real corpus when it is there, with the requests most
//! likely to be refused (a tag every game needs removed, a value Latin-1 cannot hold, a game's
//! only tags removed, every board left out, a turn to a pattern, numbers that do not fit); no
//! finding of any of them may call itself a bug.

use crate::common;

use pbnfmt::export::ExportOptions;
use pbnfmt::proof::Rewritten;
use pbnfmt::query::Query;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::fix::{FixOptions, fix_owned};
use pbnfmt::rewrite::nag::nag_owned;
use pbnfmt::rewrite::renumber::{RenumberOptions, renumber_owned};
use pbnfmt::rewrite::replicate::{ReplicateOptions, replicate_owned};
use pbnfmt::rewrite::resolve::resolve_owned;
use pbnfmt::rewrite::rotate::{Basis, RotateOptions, Targets, rotate_owned};
use pbnfmt::rewrite::select::{Choice, select_owned};
use pbnfmt::rewrite::set_tag::{TagChange, set_tags_owned};

/// Each rewrite of `bytes`, named.
fn rewrites(bytes: &[u8]) -> Vec<(&'static str, Rewritten)> {
    let options = RewriteOptions::default();
    let owned = || bytes.to_vec();
    let tags = |changes: &[(&str, Option<&str>)]| -> Vec<TagChange> {
        changes
            .iter()
            .map(|(name, value)| TagChange {
                name: (*name).to_owned(),
                value: value.map(str::to_owned),
            })
            .collect()
    };
    let all = Choice::default();
    let none = Choice {
        query: Some(Query::parse("board == 0").unwrap()),
        ..Choice::default()
    };
    let strong = Choice {
        query: Some(Query::parse("hcp(north) >= 12").unwrap()),
        ..Choice::default()
    };
    vec![
        (
            "export",
            pbnfmt::export::export_owned(owned(), &ExportOptions::default()),
        ),
        (
            "export --resolve",
            pbnfmt::export::export_owned(
                owned(),
                &ExportOptions {
                    resolve: true,
                    ..ExportOptions::default()
                },
            ),
        ),
        (
            "fix --unsafe-fixes",
            fix_owned(
                owned(),
                &FixOptions {
                    unsafe_fixes: true,
                    ..FixOptions::default()
                },
            ),
        ),
        ("resolve", resolve_owned(owned(), options, false)),
        ("resolve --compress", resolve_owned(owned(), options, true)),
        ("nag", nag_owned(owned(), options)),
        (
            "rotate --by 1 --players --commentary",
            rotate_owned(
                owned(),
                RotateOptions {
                    by: 1,
                    players: true,
                    commentary: true,
                    ..RotateOptions::default()
                },
                options,
            ),
        ),
        (
            "rotate --to NESW --strict",
            rotate_owned(
                owned(),
                RotateOptions {
                    to: Some(Targets::parse("NESW").unwrap()),
                    basis: Basis::Standard,
                    strict: true,
                    ..RotateOptions::default()
                },
                options,
            ),
        ),
        (
            "renumber --from 999999990 --standard-dealer-vul --keep-original",
            renumber_owned(
                owned(),
                &RenumberOptions {
                    from: 999_999_990,
                    keep_original: Some("OriginalBoard".to_owned()),
                    standard: true,
                },
                options,
            ),
        ),
        (
            "replicate --blocks 3",
            replicate_owned(
                owned(),
                ReplicateOptions {
                    blocks: 3,
                    size: None,
                },
                options,
            ),
        ),
        (
            "set-tag --remove Auction --set Event=☃",
            set_tags_owned(
                owned(),
                &tags(&[("Auction", None), ("Event", Some("snow ☃ \"man\""))]),
                &all,
                options,
            ),
        ),
        (
            "set-tag --remove Board --remove Deal --remove Event",
            set_tags_owned(
                owned(),
                &tags(&[("Board", None), ("Deal", None), ("Event", None)]),
                &strong,
                options,
            ),
        ),
        (
            "select (none)",
            select_owned(owned(), &none, false, options).rewritten,
        ),
        (
            "select hcp(north) >= 12 --renumber",
            select_owned(owned(), &strong, true, options).rewritten,
        ),
    ]
}

/// A few mutants of a file: its line ends changed, a `#` for each value, a game cut in two.
fn mutants(bytes: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(bytes);
    let mut out = vec![bytes.to_vec()];
    out.push(text.replace('\n', "\r\n").into_bytes());
    out.push(text.replace("[Dealer \"", "[Dealer \"#").into_bytes());
    out.push(text.replace("\n\n", "\n").into_bytes());
    if let Some(at) = text
        .char_indices()
        .nth(text.chars().count() / 2)
        .map(|(at, _)| at)
    {
        out.push(text[..at].as_bytes().to_vec());
    }
    out
}

#[test]
fn no_refusal_of_input_calls_itself_a_bug() {
    let mut files = common::pbn_files(&common::corpus());
    if let Some(real) = common::real_corpus() {
        files.extend(common::pbn_files(&real));
    }
    assert!(files.len() > 250, "{} files", files.len());
    let mut runs = 0;
    let mut refused = 0;
    let mut bugs = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        // The largest files are read once, unmutated: the mutants of the rest are enough.
        let inputs = if bytes.len() > 200_000 {
            vec![bytes]
        } else {
            mutants(&bytes)
        };
        for (index, input) in inputs.iter().enumerate() {
            for (name, rewritten) in rewrites(input) {
                runs += 1;
                refused += usize::from(rewritten.output.is_none());
                for problem in &rewritten.problems {
                    if problem.message.contains("bug in pbnfmt")
                        || problem
                            .help
                            .as_deref()
                            .is_some_and(|help| help.contains("bug in pbnfmt"))
                    {
                        bugs.push(format!(
                            "{} (mutant {index}) {name}: {}",
                            common::relative(path),
                            problem.message
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "{runs} rewrites, {refused} refused, {} said bug",
        bugs.len()
    );
    bugs.truncate(20);
    assert!(bugs.is_empty(), "{bugs:#?}");
}
