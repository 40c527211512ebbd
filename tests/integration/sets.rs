//! Checks across a set of files (issue 27): the same deal dealt again, found in the order of the
//! inputs whatever the number of threads, naming the first game with it.

use std::path::Path;

use crate::common;

/// The shared real corpus, or `None` (said) when it is absent and the test is skipped.
fn real() -> Option<std::path::PathBuf> {
    let real = common::real_corpus();
    if real.is_none() {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
    }
    real
}

/// The lines of `check --output-format concise` that are H001 findings.
fn repeats(args: &[&str], dir: &Path) -> Vec<String> {
    let mut all = vec![
        "check",
        "--output-format",
        "concise",
        "--extend-select",
        "H001",
    ];
    all.extend_from_slice(args);
    let output = common::pbnfmt(&all, dir);
    common::text(&output.stdout)
        .lines()
        .filter(|line| line.contains("[H001]"))
        .map(str::to_owned)
        .collect()
}

/// Built from a real file of a team match (endplay's example: board 1 in the Open and the
/// Closed room): the same board at two tables is not a repeat; the board copied into another
/// file under another number is, and the finding names the original; with the archive given by
/// `--against`, only the copy is said, the same at one thread and at eight.
#[test]
fn a_board_copied_into_another_file_is_found_and_two_rooms_are_not() {
    let Some(real) = real() else {
        return;
    };
    let original = real.join("dominicprice__endplay/tests__pbn__example1.pbn");
    let text = std::fs::read_to_string(&original).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("match.pbn"), &text).unwrap();
    // The Open room's game of board 1, as board 7 of another session.
    let open_room = text
        .split("\n\n")
        .find(|game| game.contains("[Room \"Open\"]"))
        .unwrap();
    let copied = open_room
        .replace("[Board \"1\"]", "[Board \"7\"]")
        .replace("16th European Youth Team Championships", "Club pairs");
    let other = format!(
        "[Event \"Club pairs\"]\n[Board \"6\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ \
        T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\n{copied}\n"
    );
    std::fs::write(dir.path().join("session.pbn"), &other).unwrap();
    let deal_line = text[..text.find("[Deal \"").unwrap()].lines().count() + 1;
    let copy_line = other[..other.rfind("[Deal \"").unwrap()].lines().count() + 1;
    let expected = format!(
        "session.pbn:{copy_line}:1: warning[H001] board 7 has the same deal as board 1 \
         (match.pbn:{deal_line})"
    );
    for threads in ["1", "8"] {
        let found = repeats(&["-j", threads, "match.pbn", "session.pbn"], dir.path());
        assert_eq!(found, std::slice::from_ref(&expected), "-j{threads}");
    }
    // Not selected, H001 says nothing.
    let plain = common::pbnfmt(&["check", "match.pbn", "session.pbn"], dir.path());
    assert!(!common::text(&plain.stdout).contains("H001"));
    // Checked alone, neither file repeats itself.
    assert!(repeats(&["match.pbn"], dir.path()).is_empty());
    assert!(repeats(&["session.pbn"], dir.path()).is_empty());
    // Against the match as the archive: the copy is found, the archive is not reported.
    let found = repeats(&["--against", "match.pbn", "session.pbn"], dir.path());
    assert_eq!(found, std::slice::from_ref(&expected));
    // `--against` selects H001 by itself.
    let output = common::pbnfmt(
        &[
            "check",
            "--output-format",
            "concise",
            "--against",
            "match.pbn",
            "session.pbn",
        ],
        dir.path(),
    );
    assert!(common::text(&output.stdout).contains(&expected));
}

/// Across the shared corpus, every finding names a first game that has the same deal: H001
/// is read back from the files it names.
#[test]
fn every_repeat_in_the_real_corpus_is_the_deal_it_names() {
    let Some(real) = real() else {
        return;
    };
    let real = real.to_str().unwrap();
    let found = repeats(&["--select", "H001", real], Path::new("."));
    assert!(found.len() > 1000, "{} repeats", found.len());
    let deal_at = |file: &str, line: usize| -> String {
        let text = std::fs::read(file).unwrap();
        let text = pbnfmt::source::decode(&text, None).text;
        let line = text.lines().nth(line - 1).unwrap().to_owned();
        let deal = line.split('"').nth(1).unwrap().to_owned();
        let parsed = pbnfmt::model::deal::parse(&deal).0.unwrap();
        format!("{:?}", pbnfmt::sets::key(&parsed))
    };
    for finding in found.iter().step_by(37) {
        let (place, message) = finding.split_once(": warning[H001] ").unwrap();
        let mut parts = place.rsplitn(3, ':');
        let (_, line, file) = (parts.next(), parts.next().unwrap(), parts.next().unwrap());
        let named = message.rsplit_once('(').unwrap().1.trim_end_matches(')');
        let (first_file, first_line) = match named.strip_prefix("line ") {
            Some(line) => (file, line),
            None => named.rsplit_once(':').unwrap(),
        };
        assert_eq!(
            deal_at(file, line.parse().unwrap()),
            deal_at(first_file, first_line.parse().unwrap()),
            "{finding}"
        );
    }
}

/// The games of a text as (board, text), in order.
fn games_of(text: &str) -> Vec<(String, String)> {
    let parse = pbnfmt::parser::parse(text);
    parse
        .real_games()
        .map(|game| {
            let span = parse.span(game.first, game.last);
            let body = text[span].to_owned();
            let board = body
                .split("[Board \"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or("")
                .to_owned();
            (board, body)
        })
        .collect()
}

/// `dedup` on real files with repeats (a teaching set whose boards 5-8 are boards 1-4 again; a
/// BBA fixture and its expected output, the same deals): the result has no repeat, keeps every
/// other game byte for byte and in order, finds nothing `check` did not find in those games, and
/// the removed games go to `--duplicates` naming their first copy.
#[test]
fn dedup_removes_the_repeats_of_real_files_and_keeps_every_other_byte() {
    let Some(real) = real() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let names = [
        (
            "a.pbn",
            "Rick-Wilson__bridge-wrangler/tests__fixtures__expected__ABS2-2-4x9.pbn",
        ),
        ("b.pbn", "Rick-Wilson__BBA-CLI/tests__fixtures__deals.pbn"),
        (
            "c.pbn",
            "Rick-Wilson__BBA-CLI/tests__fixtures__expected__deals-with-sd.pbn",
        ),
    ];
    for (name, path) in names {
        std::fs::copy(real.join(path), dir.path().join(name)).unwrap();
    }
    let output = common::pbnfmt(
        &[
            "dedup",
            "--out-dir",
            "out",
            "--duplicates",
            "dups.pbn",
            "a.pbn",
            "b.pbn",
            "c.pbn",
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{}", common::text(&output.stderr));
    let read = |path: &str| {
        let bytes = std::fs::read(dir.path().join(path)).unwrap();
        pbnfmt::source::decode(&bytes, None).text
    };
    let dups = read("dups.pbn");
    let mut removed_total = 0;
    for (name, _) in names {
        let (input, result) = (read(name), read(&format!("out/{name}")));
        let (before, after) = (games_of(&input), games_of(&result));
        // The kept games are the input's, byte for byte and in order.
        let mut rest = before.iter();
        for game in &after {
            assert!(
                rest.any(|kept| kept == game),
                "{name}: board {} changed",
                game.0
            );
        }
        let removed = before.len() - after.len();
        assert_eq!(
            dups.matches(&format!("{{{name}: ")).count(),
            removed,
            "{name}"
        );
        removed_total += removed;
        // No repeat left, and nothing found that the input did not have.
        let findings = |path: &str| -> Vec<String> {
            let output = common::pbnfmt(
                &[
                    "check",
                    "--output-format",
                    "concise",
                    "--extend-select",
                    "H001",
                    path,
                ],
                dir.path(),
            );
            common::text(&output.stdout)
                .lines()
                .filter(|line| line.contains(": error[") || line.contains(": warning["))
                .map(|line| line.split_once(": ").unwrap().1.to_owned())
                .collect()
        };
        let later = findings(&format!("out/{name}"));
        assert!(
            !later.iter().any(|f| f.contains("[H001]")),
            "{name}: {later:?}"
        );
        let earlier = findings(name);
        for finding in &later {
            assert!(earlier.contains(finding), "{name}: new finding {finding}");
        }
    }
    // The BBA output's boards already in its input. The teaching set's copies name the board
    // they are played as (VirtualBoard): the same board at other tables, kept.
    assert!(removed_total >= 8, "{removed_total} removed");
    assert!(!dups.contains("{a.pbn: "), "{dups}");
    assert!(dups.contains("(b.pbn:"), "c.pbn's repeats name b.pbn");
    // The run as a whole has no repeat left.
    assert!(repeats(&["out"], dir.path()).is_empty());
}

/// `fingerprint` of a real hand-record set: the same after `export` rewrites every line of it,
/// different when two hands change seats, and equal to `sha256sum` of the canonical text (where
/// `sha256sum` is installed), so that anyone can check it without pbnfmt.
#[test]
fn a_fingerprint_survives_a_rewrite_and_catches_a_changed_deal() {
    let Some(real) = real() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let source = real.join("Rick-Wilson__BBA-CLI/tests__fixtures__deals.pbn");
    std::fs::copy(&source, dir.path().join("set.pbn")).unwrap();
    let run = |args: &[&str]| {
        let output = common::pbnfmt(args, dir.path());
        assert!(
            output.status.success(),
            "{args:?}: {}",
            common::text(&output.stderr)
        );
        common::text(&output.stdout)
    };
    let original = run(&["fingerprint", "set.pbn"]);
    assert!(original.starts_with("sha256:"), "{original}");
    std::fs::write(dir.path().join("exported.pbn"), run(&["export", "set.pbn"])).unwrap();
    assert_eq!(run(&["fingerprint", "exported.pbn"]), original);
    // The first Deal's first two hands swapped: every card of both changes seat.
    let text = std::fs::read_to_string(&source).unwrap();
    let start = text.find("[Deal \"").unwrap() + 9;
    let end = start + text[start..].find('"').unwrap();
    let hands: Vec<&str> = text[start..end].split(' ').collect();
    let swapped = format!("{} {} {} {}", hands[1], hands[0], hands[2], hands[3]);
    let changed = format!("{}{}{}", &text[..start], swapped, &text[end..]);
    std::fs::write(dir.path().join("changed.pbn"), changed).unwrap();
    assert_ne!(run(&["fingerprint", "changed.pbn"]), original);
    if Path::new("/usr/bin/sha256sum").exists() {
        let canonical = run(&["fingerprint", "--canonical", "set.pbn"]);
        std::fs::write(dir.path().join("canonical.txt"), canonical).unwrap();
        let sum = std::process::Command::new("/usr/bin/sha256sum")
            .arg(dir.path().join("canonical.txt"))
            .output()
            .unwrap();
        let digits = common::text(&sum.stdout);
        let digits = digits.split_whitespace().next().unwrap();
        assert!(
            original.starts_with(&format!("sha256:{digits}")),
            "{original} vs {digits}"
        );
    }
}

/// Issue 45, item 5: a game with no Board fingerprinted with an empty Board, and its export
/// (which writes the missing Board as `"?"`) with `?`: a fingerprint published for a hand-record
/// file no longer verified once the file was exported. A missing Board and `?` are one value.
#[test]
fn a_set_without_board_numbers_keeps_its_fingerprint_when_exported() {
    let dir = tempfile::tempdir().unwrap();
    let deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";
    std::fs::write(
        dir.path().join("set.pbn"),
        format!("[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n"),
    )
    .unwrap();
    let run = |args: &[&str]| {
        let output = common::pbnfmt(args, dir.path());
        assert!(output.status.success(), "{}", common::text(&output.stderr));
        output.stdout
    };
    let exported = run(&["export", "set.pbn"]);
    assert!(common::text(&exported).contains("[Board \"?\"]"));
    std::fs::write(dir.path().join("exported.pbn"), exported).unwrap();
    assert_eq!(
        run(&["fingerprint", "exported.pbn"]),
        run(&["fingerprint", "set.pbn"])
    );
}

/// How many H004 findings `check --select H004` has on `bytes`.
fn par_mismatches(bytes: &[u8]) -> usize {
    let options = pbnfmt::check::CheckOptions {
        selection: pbnfmt::rules::select::Selection {
            select: Some(vec!["H004".to_owned()]),
            ..Default::default()
        },
        ..Default::default()
    };
    pbnfmt::check::check_bytes(bytes, &options)
        .diagnostics
        .iter()
        .filter(|d| d.rule == pbnfmt::rules::Rule::ParMismatch)
        .count()
}

/// H004 agrees with every real file that carries an OptimumScore beside a full table of
/// double-dummy tricks (DDS's par, written by BridgeComposer, bcdd, endplay, BBO tools): no
/// finding on the files as they are; and with every OptimumScore moved by 10 points, one finding
/// each, so that each of them was compared. Prints the files and counts.
#[test]
fn par_from_the_table_is_the_optimum_score_of_the_real_files() {
    let Some(real) = real() else {
        return;
    };
    let fired = par_mismatches;
    let (mut compared, mut files) = (0, Vec::new());
    for path in common::pbn_files(&real) {
        let bytes = std::fs::read(&path).unwrap();
        let text = pbnfmt::source::decode(&bytes, None).text;
        if !text.contains("[OptimumScore \"") {
            continue;
        }
        assert_eq!(fired(&bytes), 0, "{}", common::relative(&path));
        // Every OptimumScore's first number moved by 10.
        let mut moved = String::new();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("[OptimumScore \"") {
            let start = at + "[OptimumScore \"".len();
            let end = start + rest[start..].find('"').unwrap();
            moved.push_str(&rest[..start]);
            let value = &rest[start..end];
            let digits = value
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(value.len());
            let number_end = digits
                + value[digits..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(value.len() - digits);
            let number: i64 = value[digits..number_end].parse().unwrap_or(0);
            moved.push_str(&format!(
                "{}{}{}",
                &value[..digits],
                number + 10,
                &value[number_end..]
            ));
            rest = &rest[end..];
        }
        moved.push_str(rest);
        let count = fired(moved.as_bytes());
        files.push((common::relative(&path), count));
        compared += count;
    }
    eprintln!("OptimumScore compared with pbnfmt's par: {compared} games in {files:#?}");
    assert!(compared >= 50, "{compared} compared");
}

/// Issue 44 item 17: every ParContract of the shared files is read whole, its result part
/// against the table: none is reported as it stands, and each `=` made `+1` (a trick the table
/// does not give) is reported, one finding a game.
#[test]
fn par_contracts_of_the_real_files_are_judged_with_their_result() {
    let Some(real) = real() else {
        return;
    };
    let fired = |text: &str| par_mismatches(text.as_bytes());
    let (mut made, mut found) = (0, 0);
    for path in common::pbn_files(&real) {
        let text = pbnfmt::source::decode(&std::fs::read(&path).unwrap(), None).text;
        if !text.contains("[ParContract \"") || !text.contains("[OptimumResultTable") {
            continue;
        }
        let name = common::relative(&path);
        assert_eq!(fired(&text), 0, "{name}");
        // Each ParContract of one contract made exactly (`NS 4S=`) moved one trick up; those
        // that name several (`EW 2D+1; EW 2H=`) are judged by their first, and stay.
        let mut exact = 0;
        let moved: String = text
            .split_inclusive('\n')
            .map(|line| {
                let one = line.starts_with("[ParContract \"")
                    && line.trim_end().ends_with("=\"]")
                    && !line.contains([';', ',']);
                if one {
                    exact += 1;
                    line.replacen("=\"]", "+1\"]", 1)
                } else {
                    line.to_owned()
                }
            })
            .collect();
        let count = fired(&moved);
        assert_eq!(count, exact, "{name}");
        made += exact;
        found += count;
    }
    eprintln!("ParContracts made exactly, moved one trick up: {made}, reported: {found}");
    assert!(made >= 100, "{made} compared");
}
