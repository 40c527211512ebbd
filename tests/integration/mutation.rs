//! A deterministic, bounded fuzz test: mutated fixture and real-world files (bytes flipped,
//! inserted, deleted, duplicated, truncated) go through decode, lex, parse, check, both
//! renderers, export, resolve (and compress) and nag, with the properties of the fuzz targets in
//! `fuzz/`. Nothing may panic; tokens and their gaps must still cover the text; every diagnostic span must lie
//! on character boundaries of the text; the findings, and the output of resolve and nag, must not
//! depend on the chunk size; no read-back may find a difference (W004); and a clean export,
//! resolve or nag must give the same bytes when run again on its output; `show` must draw the
//! same diagrams whole and in chunks. Mutated configuration
//! files go through the `config` target's properties.

use crate::common;
use crate::shared_properties;

use std::path::Path;

use pbnfmt::check::check_bytes;
use pbnfmt::export::{ExportOptions, export_bytes};
use pbnfmt::generate::Rng;
use pbnfmt::lexer::{is_gap, lex};
use pbnfmt::proof::Rewritten;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::fix::{FixOptions, fix_bytes};
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;
use shared_properties::{all_rules, configuration, diagrams_hold, spans_render, untouched};

/// Bytes that matter to PBN syntax, so that mutants hit the interesting paths.
const SPICE: &[u8] =
    b"[]\"{}%;=$!?^*+-#\\\n\r\t \x00\x0b\xff\xc3\xa9\xef\xbb\xbf0123456789SHDCNTXP";

fn mutate(bytes: &mut Vec<u8>, rng: &mut Rng) {
    let at = rng.below(bytes.len() + 1);
    match rng.below(6) {
        0 if !bytes.is_empty() => {
            let at = at.min(bytes.len() - 1);
            bytes[at] ^= 1 << rng.below(8);
        }
        1 => bytes.insert(at, SPICE[rng.below(SPICE.len())]),
        2 if at < bytes.len() => {
            bytes.remove(at);
        }
        3 => bytes.truncate(at),
        4 if at < bytes.len() => {
            let end = (at + rng.below(64)).min(bytes.len());
            let slice = bytes[at..end].to_vec();
            let to = rng.below(bytes.len() + 1);
            bytes.splice(to..to, slice);
        }
        _ => bytes.insert(at.min(bytes.len()), SPICE[rng.below(SPICE.len())]),
    }
}

/// `resolve` or `nag` with some options.
type Rewrite = dyn Fn(&[u8], RewriteOptions) -> Rewritten;

/// The properties of the fuzz targets (`fuzz/`), on one input.
fn exercise(bytes: &[u8]) {
    let shown = || String::from_utf8_lossy(bytes).into_owned();
    // Export never panics, and its read-back never finds a difference (W004 is a writer bug).
    let exported = export_bytes(bytes, &ExportOptions::default());
    assert!(
        exported.problems.iter().all(|d| d.rule.code() != "W004"),
        "{:#?}\n{}",
        exported.problems,
        shown()
    );
    // An export that went through exports to itself.
    if let Some(output) = exported
        .output_bytes()
        .filter(|_| exported.problems.is_empty())
    {
        let again = export_bytes(&output, &ExportOptions::default());
        assert!(
            again.output_bytes().as_deref() == Some(&output[..]),
            "exporting the export changes it\n{}",
            shown()
        );
    }
    // Nor do the edit rewrites, whose results are read back the same way; a second resolve or
    // nag changes nothing, and neither does the chunk size.
    let options = RewriteOptions::default();
    let tiny = RewriteOptions {
        chunk_bytes: Some(1),
        ..options
    };
    let runs: [(&str, &Rewrite); 2] = [
        ("resolve", &|b, o| resolve_bytes(b, o, false)),
        ("nag", &|b, o| nag_bytes(b, o)),
    ];
    for (name, run) in runs {
        let first = run(bytes, options);
        assert!(
            first.problems.iter().all(|d| d.rule.code() != "W004"),
            "{name}: {:#?}\n{}",
            first.problems,
            shown()
        );
        let chunked = run(bytes, tiny);
        assert!(
            chunked.output_bytes() == first.output_bytes(),
            "{name} in chunks of 1 byte differs\n{}",
            shown()
        );
        if let Some(output) = &first.output_bytes() {
            untouched(&first, output, name == "nag");
        }
        if let Some(output) = first.output_bytes().filter(|_| first.problems.is_empty()) {
            let second = run(&output, options);
            assert!(
                second.output_bytes().as_deref() == Some(&output[..]),
                "a second {name} changes the file\n{}",
                shown()
            );
        }
    }
    // `fix` the same way: read back without a difference, the same in chunks of 1 byte, and
    // fixing its result again changes nothing.
    let fix = |chunk_bytes| FixOptions {
        rewrite: RewriteOptions {
            chunk_bytes,
            ..options
        },
        ..FixOptions::default()
    };
    let fixed = fix_bytes(bytes, &fix(None));
    assert!(
        fixed.problems.iter().all(|d| d.rule.code() != "W004"),
        "fix: {:#?}\n{}",
        fixed.problems,
        shown()
    );
    assert!(
        fix_bytes(bytes, &fix(Some(1))).output_bytes() == fixed.output_bytes(),
        "fix in chunks of 1 byte differs\n{}",
        shown()
    );
    if let Some(output) = fixed.output_bytes().filter(|_| fixed.problems.is_empty()) {
        assert!(
            fix_bytes(&output, &fix(None)).output_bytes().as_deref() == Some(&output[..]),
            "a second fix changes the file\n{}",
            shown()
        );
    }
    let compressed = resolve_bytes(bytes, options, true);
    assert!(
        compressed.problems.iter().all(|d| d.rule.code() != "W004"),
        "compress: {:#?}\n{}",
        compressed.problems,
        shown()
    );
    // Every rule, opt-in ones too.
    let report = check_bytes(bytes, &all_rules(usize::MAX));
    // The findings do not depend on where the chunks are cut.
    let chunked = check_bytes(bytes, &all_rules(1));
    assert_eq!(
        format!("{:?}", chunked.diagnostics),
        format!("{:?}", report.diagnostics),
        "check in chunks of 1 byte differs\n{}",
        shown()
    );
    let text = &report.decoded.text;
    let tokens = lex(text);
    let mut at = 0;
    for token in &tokens {
        let gap = text.get(at..token.start as usize);
        assert!(
            gap.is_some_and(is_gap),
            "tokens and gaps do not cover the text"
        );
        at = token.end as usize;
    }
    assert!(is_gap(&text[at..]), "text after the last token");
    let shown_findings = report.diagnostics.len().min(8);
    spans_render(text, &report.diagnostics[..shown_findings]);
    diagrams_hold(text);
}

#[test]
fn mutated_files_never_panic_and_stay_covered() {
    let mut rng = Rng::new(0x5EED);
    let mut runs = 0;
    for path in common::all_pbn_files() {
        let mut original = std::fs::read(&path).unwrap();
        // Large files: a window is enough, and keeps the test to seconds in a debug build.
        original.truncate(16 * 1024);
        exercise(&original);
        for _ in 0..std::env::var("PBNFMT_MUTANTS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(24)
        {
            let mut bytes = original.clone();
            for _ in 0..1 + rng.below(8) {
                mutate(&mut bytes, &mut rng);
            }
            exercise(&bytes);
            runs += 1;
        }
    }
    assert!(runs > 500, "only {runs} mutants");
}

/// The configuration fuzz target's properties on mutants of its seeds (`fuzz/seeds/config/`).
#[test]
fn mutated_configurations_read_or_say_why() {
    let mut rng = Rng::new(0xC0F1);
    let seeds = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/config"))
        .unwrap()
        .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
        .collect::<Vec<_>>();
    assert!(seeds.len() >= 3);
    let mut read = 0;
    for seed in &seeds {
        configuration(std::str::from_utf8(seed).unwrap());
        for _ in 0..400 {
            let mut bytes = seed.clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut bytes, &mut rng);
            }
            if let Ok(text) = std::str::from_utf8(&bytes) {
                configuration(text);
                read += 1;
            }
        }
    }
    assert!(read > 600, "only {read} mutants were UTF-8");
}

#[test]
fn hostile_shapes_do_not_panic() {
    let cases: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\xef\xbb\xbf".to_vec(),
        b"\xff\xfe".to_vec(),
        b"\xff\xfe\x00".to_vec(),
        b"   \t \n\n\r\n  ".to_vec(),
        vec![0u8; 4096],
        (0..=255u8).cycle().take(10_000).collect(),
        b"[Event \"never closed".to_vec(),
        b"{ never closed\n% not an escape\n".to_vec(),
        b"[Auction \"N\"]\n"
            .iter()
            .copied()
            .chain(
                b"1S !!!??? =1= $99999999999999999999 =99999999999999999999= "
                    .iter()
                    .copied()
                    .cycle()
                    .take(50_000),
            )
            .collect(),
        b"[".repeat(10_000),
        b"]".repeat(10_000),
        b"\"".repeat(10_001),
        b"^I".repeat(5_000),
        b"<PBN><PBN></PBN></pbn><PbN>".to_vec(),
        "[West \"\u{1F0A1}\"] \u{2660}\u{2665} "
            .repeat(100)
            .into_bytes(),
    ];
    for bytes in cases {
        exercise(&bytes);
    }
}
