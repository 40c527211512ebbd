//! `pbnfmt resolve` and `pbnfmt nag` as a library: the pairs of `corpus/resolve` (`x.pbn` →
//! `x.resolved.pbn` and, with `--compress`, `x.compressed.pbn`) and `corpus/nag` (`x.pbn` →
//! `x.nag.pbn`), properties over generated files, and the real-world corpus.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use pbnfmt::check::{CheckOptions, check_bytes};
use pbnfmt::generate::{self, Options, Rng};
use pbnfmt::proof::Rewritten;
use pbnfmt::rewrite::RewriteOptions;
use pbnfmt::rewrite::nag::nag_bytes;
use pbnfmt::rewrite::resolve::resolve_bytes;
use pbnfmt::rules::select::Selection;

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn resolve(bytes: &[u8]) -> Rewritten {
    resolve_bytes(bytes, RewriteOptions::default(), false)
}

fn compress(bytes: &[u8]) -> Rewritten {
    resolve_bytes(bytes, RewriteOptions::default(), true)
}

fn nag(bytes: &[u8]) -> Rewritten {
    nag_bytes(bytes, RewriteOptions::default())
}

fn output(result: Rewritten, what: &str) -> Vec<u8> {
    result
        .output_bytes()
        .unwrap_or_else(|| panic!("{what}: refused: {:#?}", result.problems))
}

fn codes(result: &Rewritten) -> Vec<&'static str> {
    result.problems.iter().map(|d| d.rule.code()).collect()
}

/// The rule codes `check` reports for `bytes` with `select` (the default set when `None`).
fn check_codes(bytes: &[u8], select: Option<&str>) -> Vec<&'static str> {
    let options = CheckOptions {
        selection: Selection {
            select: select.map(|s| s.split(',').map(str::to_owned).collect()),
            ..Selection::default()
        },
        ..CheckOptions::default()
    };
    check_bytes(bytes, &options)
        .diagnostics
        .iter()
        .map(|d| d.rule.code())
        .collect()
}

const INHERITANCE: &str = "T024,T030,T031";

fn shown(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_bytes(actual: &[u8], expected: &[u8], what: &str) {
    assert!(
        actual == expected,
        "{what}:\n--- expected\n{}\n--- actual\n{}",
        shown(expected),
        shown(actual)
    );
}

/// The inputs of a pair directory: `x.pbn` without a second extension.
fn inputs(dir: &str) -> Vec<std::path::PathBuf> {
    let files: Vec<_> = common::pbn_files(&common::corpus().join(dir))
        .into_iter()
        .filter(|path| {
            let name = path.file_name().unwrap().to_str().unwrap();
            name.matches('.').count() == 1
        })
        .collect();
    assert!(files.len() >= 3, "{dir}: {files:?}");
    files
}

/// PBN 4.8. Each `corpus/resolve/x.pbn` resolves to exactly `x.resolved.pbn` and compresses to
/// exactly `x.compressed.pbn`. The resolved file has nothing left to resolve and draws no
/// inheritance finding but the forbidden ones (T024), which stay as they were; the compressed file
/// resolves back to the resolved one byte for byte.
#[test]
fn resolve_pairs() {
    for path in inputs("resolve") {
        let name = common::relative(&path);
        let sibling = |suffix: &str| path.with_extension(format!("{suffix}.pbn"));
        let input = read(&path);
        let resolved = read(&sibling("resolved"));
        let compressed = read(&sibling("compressed"));

        let result = resolve(&input);
        let forbidden = check_codes(&input, Some("T024")).len();
        assert_eq!(codes(&result), vec!["T024"; forbidden], "{name}");
        assert_bytes(
            &output(result, &name),
            &resolved,
            &format!("resolve {name}"),
        );
        assert_bytes(
            &output(resolve(&resolved), &name),
            &resolved,
            &format!("resolve of the resolved {name}"),
        );
        assert_eq!(
            check_codes(&resolved, Some(INHERITANCE)),
            vec!["T024"; forbidden],
            "{name} resolved"
        );

        assert_bytes(
            &output(compress(&input), &name),
            &compressed,
            &format!("compress {name}"),
        );
        assert_bytes(
            &output(compress(&resolved), &name),
            &compressed,
            &format!("compress of the resolved {name}"),
        );
        assert_bytes(
            &output(resolve(&compressed), &name),
            &resolved,
            &format!("resolve of the compressed {name}"),
        );
    }
}

/// The standard's Date example (PBN 4.8): `##` at the top, Date redefined mid-file, a later
/// game giving its own Site. Compressing the resolved file gives back the input exactly.
#[test]
fn date_example_compresses_back_to_its_input() {
    let input = read(&common::corpus().join("resolve/date-redefined.pbn"));
    let resolved = output(resolve(&input), "resolve");
    let text = shown(&resolved);
    // Inserted at the start of the game, in the order the `##` tags were given, with CR LF.
    assert!(text.contains(
        "{Second day.}\r\n[Event \"Club Championship\"]\r\n[Site \"Delft NLD\"]\r\n[Date \"2026.11.22\"]\r\n"
    ));
    assert!(text.ends_with(
        "[Event \"Club Championship\"]\r\n[Site \"Den Haag NLD\"]\r\n[Date \"2026.11.22\"]\r\n[Board \"5\"]\r\n[Dealer \"N\"]\r\n"
    ));
    assert_bytes(&output(compress(&resolved), "compress"), &input, "compress");
}

/// A file in export format with a `##` header (mandatory tags left out where the `##` supplies
/// them, PBN 4.8) and tags redefined mid-file stays in export order when resolved: each tag goes
/// back before the first tag that export order puts after it. Compressing round-trips.
#[test]
fn resolving_an_export_keeps_export_order() {
    use pbnfmt::export::{ExportOptions, export_bytes};
    let input = read(&common::corpus().join("resolve/date-redefined.pbn"));
    let exported = output(export_bytes(&input, &ExportOptions::default()), "export");
    let resolved = output(resolve(&exported), "resolve");
    assert_ne!(resolved, exported);
    assert_eq!(check_codes(&resolved, Some("E")), Vec::<&str>::new());
    assert!(shown(&resolved).contains(
        "\r\n\r\n[Event \"Club Championship\"]\r\n[Site \"Den Haag NLD\"]\r\n[Date \"2026.11.22\"]\r\n[Board \"4\"]\r\n"
    ));
    let compressed = output(compress(&resolved), "compress");
    assert!(compressed.len() < exported.len());
    assert_bytes(
        &output(resolve(&compressed), "resolve"),
        &resolved,
        "round trip",
    );
}

/// PBN 3.5.2, 3.6.2, 3.7. Each `corpus/nag/x.pbn` rewrites to exactly `x.nag.pbn`, which has
/// nothing left to rewrite; `check` finds the same things in both (nag changes no meaning).
#[test]
fn nag_pairs() {
    for path in inputs("nag") {
        let name = common::relative(&path);
        let input = read(&path);
        let expected = read(&path.with_extension("nag.pbn"));
        let result = nag(&input);
        let second_suffixes = shown(&input).matches("!? ?").count();
        assert_eq!(codes(&result), vec!["N003"; second_suffixes], "{name}");
        assert_bytes(&output(result, &name), &expected, &format!("nag {name}"));
        assert_bytes(
            &output(nag(&expected), &name),
            &expected,
            &format!("nag of {name}.nag.pbn"),
        );
        assert_eq!(
            check_codes(&expected, None),
            check_codes(&input, None),
            "{name}"
        );
    }
}

/// A file with nothing to rewrite comes back as the very same bytes: odd spacing, tabs, LF and CR
/// line ends, a byte-order mark, a `%` line, NAGs out of order without a suffix.
#[test]
fn nothing_to_rewrite_gives_the_same_bytes() {
    let files: [&[u8]; 3] = [
        b"\xEF\xBB\xBF% odd\r\n[Event  \"Club\"]\t; note\n[Dealer \"N\"]\r[Auction \"N\"]\n1C $25 $3 =1= Pass\n",
        b"",
        b"\n\n  \n",
    ];
    for bytes in files {
        for result in [resolve(bytes), compress(bytes), nag(bytes)] {
            assert!(result.problems.is_empty(), "{:#?}", result.problems);
            assert_bytes(&output(result, "same"), bytes, "unchanged");
        }
    }
}

/// Text that is not PBN, or whose reading is a guess, is never rewritten.
#[test]
fn broken_files_are_refused() {
    for bytes in [
        &b"[Event \"A\"]\n{open comment\n[Event \"#\"]\n"[..],
        b"[Event \"F\"]\n[White \"K\"]\n[Black \"K\"]\n\n1. e4 e5 1-0\n",
    ] {
        for result in [resolve(bytes), nag(bytes)] {
            assert!(result.output_bytes().is_none());
            assert!(!result.problems.is_empty());
        }
    }
    let forced = resolve_bytes(
        b"[Event \"A\"]\n{open comment\n\n[Event \"#\"]\n",
        RewriteOptions {
            force: true,
            ..RewriteOptions::default()
        },
        false,
    );
    assert!(forced.output_bytes().is_some());
}

/// Shapes the mutation tests found: a game whose last line ends in a bare CR (resolve copies
/// that line end), a `"?"` tag with a comment after it in the game that gives it with `##`,
/// a tag with section data under `##`. Compressing each round-trips through resolve.
#[test]
fn compress_round_trips_odd_shapes() {
    let cases: [&[u8]; 4] = [
        b"[Event \"A\"]\r\n[Result \"\"]\r\n[X \"1\"]\r\n\r\n[Event \"A\"]\r\n[Result \"\"]\r\n[X \"2\"]\r",
        b"[Event \"?\"]\n[East \"?\"]\n;[South \"?\"]\n[Board \"1\"]\n\n[Event \"?\"]\n[East \"?\"]\n[South \"?\"]\n[Board \"2\"]\n\n[Event \"?\"]\n[East \"?\"]\n[Board \"3\"]\n",
        b"[Sec \"##x\"]C\n[Board \"1\"]\n\n[Board \"2\"]\n",
        b"[Event \"Club\"]\n[Board \"1\"]\n\n{opening}\n[Event \"Club\"] [Board \"2\"]\n\n[Board \"3\"] [Event \"Club\"]\n",
    ];
    for bytes in cases {
        let resolved = output(resolve(bytes), "resolve");
        let compressed = output(compress(bytes), "compress");
        assert_bytes(
            &output(resolve(&compressed), "resolve"),
            &resolved,
            &shown(bytes),
        );
    }
}

// ---- properties over generated files -----------------------------------------------------------

/// Writes `plain` (generated games, one tag a line, MTS first) with inheritance as a person might:
/// Event and Site given with `##` in the first game, then left out of later games (Event alone or
/// both, always the first lines so that resolving puts them back in place) or written `#`; other
/// repeated values written `#` at random. Resolving must give back `plain` exactly.
fn with_inheritance(plain: &str, rng: &mut Rng) -> String {
    let nl = if plain.contains("\r\n") { "\r\n" } else { "\n" };
    let mut out = String::new();
    let mut previous: std::collections::HashMap<String, String> = Default::default();
    for (g, game) in plain.split(&format!("{nl}{nl}")).enumerate() {
        if g > 0 {
            out.push_str(nl);
            out.push_str(nl);
        }
        let omit = if g == 0 { 0 } else { rng.below(3) };
        let mut lines = Vec::new();
        for line in game.split(nl) {
            let tag = line
                .strip_prefix('[')
                .and_then(|rest| rest.strip_suffix("\"]"))
                .and_then(|rest| rest.split_once(" \""));
            let Some((name, value)) = tag else {
                lines.push(line.to_owned());
                continue;
            };
            let header = name == "Event" || name == "Site";
            let repeated = previous.get(name).is_some_and(|v| v == value);
            previous.insert(name.to_owned(), value.to_owned());
            let line = if g == 0 && header {
                format!("[{name} \"##{value}\"]")
            } else if header && (name == "Event" && omit >= 1 || name == "Site" && omit == 2) {
                continue;
            } else if repeated
                && !pbnfmt::model::inheritance_forbidden(name)
                // Resolve writes an inherited value as PBN 3.2 spells it, every `\` doubled; the
                // generator writes a table's column widths single (`\2R`), as producers do.
                && !value.contains('\\')
                && rng.below(2) == 0
            {
                format!("[{name} \"#\"]")
            } else {
                line.to_owned()
            };
            lines.push(line);
        }
        out.push_str(&lines.join(nl));
    }
    out
}

/// For generated files written with `#` and `##`: resolving gives back the plain file byte for
/// byte, and `check` then finds no inheritance; compressing (the plain or the inherited file) and
/// resolving again gives back the plain file byte for byte.
#[test]
fn generated_files_resolve_and_compress_round_trip() {
    let mut rng = Rng::new(7);
    for seed in 0..40 {
        let options = Options {
            seed,
            crlf: seed % 2 == 0,
            annotation_percent: 10,
            comment_percent: 40,
            ..Options::default()
        };
        let plain = generate::games(2 + seed as usize % 7, &options);
        let inherited = with_inheritance(&plain, &mut rng);
        assert!(inherited.contains("\"##"), "{inherited}");
        let resolved = output(resolve(inherited.as_bytes()), "resolve");
        assert_bytes(
            &resolved,
            plain.as_bytes(),
            &format!("seed {seed}: resolve"),
        );
        assert_eq!(
            check_codes(&resolved, Some(INHERITANCE)),
            Vec::<&str>::new()
        );
        for source in [plain.as_bytes(), inherited.as_bytes()] {
            let compressed = output(compress(source), "compress");
            assert!(compressed.len() < plain.len(), "seed {seed}: not smaller");
            assert_bytes(
                &output(resolve(&compressed), "resolve"),
                plain.as_bytes(),
                &format!("seed {seed}: resolve of the compressed file"),
            );
        }
    }
}

/// For generated files with suffixes: nag leaves no suffix, changes nothing but annotations
/// (the facts are compared inside `nag_bytes`), and is idempotent.
#[test]
fn generated_files_nag() {
    for seed in 0..40 {
        let options = Options {
            seed,
            crlf: seed % 2 == 1,
            annotation_percent: 30,
            comment_percent: 40,
            ..Options::default()
        };
        let text = generate::games(3, &options);
        let result = nag(text.as_bytes());
        assert!(result.problems.is_empty(), "{:#?}", result.problems);
        let rewritten = output(result, "nag");
        let parse = pbnfmt::parser::parse(std::str::from_utf8(&rewritten).unwrap());
        assert!(
            parse
                .tokens
                .iter()
                .all(|t| t.kind != pbnfmt::lexer::SyntaxKind::Suffix),
            "seed {seed}: a suffix is left"
        );
        assert_bytes(&output(nag(&rewritten), "again"), &rewritten, "idempotent");
        // Only annotations changed: the text without them is the same.
        let strip = |bytes: &[u8]| -> String {
            shown(bytes)
                .split_whitespace()
                .map(|word| word.trim_end_matches(['!', '?']))
                .filter(|word| !word.is_empty() && !word.starts_with(['$', '=']))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(strip(text.as_bytes()), strip(&rewritten), "seed {seed}");
    }
}

// ---- the real-world corpus ---------------------------------------------------------------------

/// Over every real file, resolve, compress and nag either rewrite it or refuse it for a defect
/// a finding names; never W004 (pbnfmt's own failure). Resolved files draw no inheritance finding
/// but T024; compressed files resolve back to the resolved bytes.
#[test]
fn real_corpus_resolves_compresses_and_nags() {
    let Some(real) = common::real_corpus() else {
        return;
    };
    let mut rewritten = BTreeSet::new();
    let mut refused = 0;
    for path in common::pbn_files(&real) {
        let name = common::relative(&path);
        let input = read(&path);
        for (what, result) in [("resolve", resolve(&input)), ("nag", nag(&input))] {
            assert!(
                !codes(&result).contains(&"W004"),
                "{what} {name}: {:#?}",
                result.problems
            );
            match &result.output_bytes() {
                Some(output) if *output != input => {
                    rewritten.insert((what, name.clone()));
                }
                Some(_) => {}
                None => refused += 1,
            }
        }
        let Some(resolved) = resolve(&input).output_bytes() else {
            continue;
        };
        let left = check_codes(&resolved, Some(INHERITANCE));
        assert!(left.iter().all(|code| *code == "T024"), "{name}: {left:?}");
        let compressed = compress(&input);
        assert!(!codes(&compressed).contains(&"W004"), "compress {name}");
        let compressed = output(compressed, &name);
        assert_bytes(
            &output(resolve(&compressed), &name),
            &resolved,
            &format!("resolve of the compressed {name}"),
        );
    }
    eprintln!(
        "real corpus: {} rewrites, {refused} refusals",
        rewritten.len()
    );
    assert!(rewritten.iter().any(|(what, _)| *what == "resolve"));
}
