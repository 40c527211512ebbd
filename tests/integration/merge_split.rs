//! `pbnfmt split` and `pbnfmt merge` (issue 46, item 5): split, then merged again, every file of
//! the shared corpus comes back byte for byte (a file that gives values with `#`/`##` as
//! `resolve` writes it, as both read so); a split by a tag and a shuffled merge keep every game.

use std::path::Path;

use crate::common;

fn run(args: &[&str], dir: &Path) -> std::process::Output {
    let output = common::pbnfmt(args, dir);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        common::text(&output.stderr)
    );
    output
}

/// The Deal lines of a text, sorted: the deals a set holds, in any order.
fn deals(bytes: &[u8]) -> Vec<String> {
    let mut deals: Vec<String> = common::text(bytes)
        .lines()
        .filter(|line| line.starts_with("[Deal \""))
        .map(str::to_owned)
        .collect();
    deals.sort();
    deals
}

/// The parts of a split, in the order of their names (numbered with leading zeros).
fn parts(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path().to_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn split_then_merge_gives_every_real_file_back() {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let mut split_files = 0;
    for (i, file) in common::pbn_files(&real).iter().enumerate() {
        let input = file.to_str().unwrap();
        // Every game of a file is read as resolve reads it.
        let resolved = common::pbnfmt(&["resolve", input], work.path());
        if !resolved.status.success() {
            // A file pbnfmt will not rewrite (a syntax error that makes its reading a guess):
            // split refuses it too.
            let out = work.path().join(format!("refused-{i}"));
            let output = common::pbnfmt(
                &[
                    "split",
                    "--every",
                    "3",
                    "--out-dir",
                    out.to_str().unwrap(),
                    input,
                ],
                work.path(),
            );
            assert_eq!(output.status.code(), Some(1), "{input}");
            assert!(!out.exists(), "{input}: nothing written");
            continue;
        }
        let out = work.path().join(format!("parts-{i}"));
        // About six parts a file, three games at least each: a few processes whatever its size.
        let games = common::text(&resolved.stdout).matches("[Deal ").count();
        let every = (games / 6 + 1).max(3).to_string();
        run(
            &[
                "split",
                "--every",
                &every,
                "--out-dir",
                out.to_str().unwrap(),
                input,
            ],
            work.path(),
        );
        let names = parts(&out);
        let mut args = vec!["merge"];
        args.extend(names.iter().map(String::as_str));
        let merged = run(&args, work.path());
        assert!(
            merged.stdout == resolved.stdout,
            "{input}: split into {} parts and merged, not the file",
            names.len()
        );
        split_files += 1;
    }
    assert!(split_files > 60, "{split_files} files split");
}

#[test]
fn a_split_by_room_and_a_shuffled_merge_keep_every_game() {
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; this test is skipped");
        return;
    };
    let input = real.join("dominicprice__endplay/tests__pbn__example1.pbn");
    let input = input.to_str().unwrap();
    let work = tempfile::tempdir().unwrap();
    let out = work.path().join("rooms");
    run(
        &[
            "split",
            "--by",
            "Room",
            "--out-dir",
            out.to_str().unwrap(),
            input,
        ],
        work.path(),
    );
    let names = parts(&out);
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[0].ends_with("example1-Closed.pbn") && names[1].ends_with("example1-Open.pbn"));
    let all = deals(&std::fs::read(input).unwrap());
    let mut together = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(name).unwrap();
        let room = if name.ends_with("Open.pbn") {
            "Open"
        } else {
            "Closed"
        };
        assert!(
            text.lines()
                .filter(|line| line.starts_with("[Room "))
                .all(|line| line == format!("[Room \"{room}\"]")),
            "{name}"
        );
        together.extend(deals(text.as_bytes()));
    }
    together.sort();
    assert_eq!(together, all);
    // Shuffled and renumbered: the same deals, numbered 1 to N, and the same for the same seed.
    let mut args = vec!["merge", "--shuffle", "42", "--renumber"];
    args.extend(names.iter().map(String::as_str));
    let once = run(&args, work.path()).stdout;
    assert_eq!(once, run(&args, work.path()).stdout);
    assert_eq!(deals(&once), all);
    let boards: Vec<String> = common::text(&once)
        .lines()
        .filter_map(|line| line.strip_prefix("[Board \""))
        .map(|rest| rest.trim_end_matches("\"]").to_owned())
        .collect();
    let numbers: Vec<String> = (1..=boards.len()).map(|n| n.to_string()).collect();
    assert_eq!(boards, numbers);
    // The output may not be an input.
    let output = common::pbnfmt(
        &["merge", "-o", &names[0], &names[0], &names[1]],
        work.path(),
    );
    assert_eq!(output.status.code(), Some(2));
}

/// A document that embeds PBN text (PBN 6.2) is refused by `merge` and `split` with the reason
/// (W003, and how to take the PBN text out), never merged into a set that then fails its own
/// proof: before, merging it with another file said "this is a bug in pbnfmt". Nothing is
/// written.
#[test]
fn an_embedded_document_is_refused_with_its_reason_not_called_a_bug() {
    let dir = tempfile::tempdir().unwrap();
    let embedded = "<html><body><p>Board 1</p>\n<PBN>\n[Event \"E\"]\n[Board \"1\"]\n</PBN>\n\
                    <p>text after it [not a \"tag\"]</p></body></html>\n";
    std::fs::write(dir.path().join("page.pbn"), embedded).unwrap();
    std::fs::write(
        dir.path().join("club.pbn"),
        "[Event \"C\"]\n[Board \"2\"]\n",
    )
    .unwrap();
    let commands: [&[&str]; 2] = [
        &["merge", "-o", "all.pbn", "page.pbn", "club.pbn"],
        &["split", "--every", "1", "--out-dir", "parts", "page.pbn"],
    ];
    for args in commands {
        let output = common::pbnfmt(args, dir.path());
        let said = common::text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {said}");
        assert!(said.contains("W003") && said.contains("embedded"), "{said}");
        assert!(said.contains("pbnfmt export --force"), "{said}");
        assert!(!said.contains("bug"), "{said}");
        assert!(!dir.path().join("all.pbn").exists());
        assert!(!dir.path().join("parts").exists());
    }
}

/// Issue 65, items 1 and 2. `merge --shuffle` of every real file of the shared corpus keeps
/// every game (the Deal lines, counted from the text) or refuses the file for a reason in it,
/// never calling its own result a bug: before, every file whose `%` lines run straight into its
/// first game (Bridge Composer's) failed its proof, the lines having moved with that game's
/// facts. And `select` that keeps no board of a file with a preamble writes the preamble: before,
/// the preamble's end was taken for the last game kept, and the proof called the shortened
/// preamble a bug.
#[test]
fn a_shuffled_merge_and_an_empty_selection_keep_what_they_must() {
    let work = tempfile::tempdir().unwrap();
    // Bridge Composer's preamble, straight into the first game; a comment alone before it.
    for (name, preamble) in [
        (
            "bc.pbn",
            "% PBN 2.1\r\n% EXPORT\r\n% Creator: Bridge Composer\r\n",
        ),
        ("alone.pbn", "% a comment on the file\r\n\r\n"),
    ] {
        let mut text = String::from(preamble);
        for board in 1..=6 {
            text.push_str(&format!("[Event \"E\"]\r\n[Board \"{board}\"]\r\n\r\n"));
        }
        let path = work.path().join(name);
        std::fs::write(&path, &text).unwrap();
        for seed in 1..=5 {
            let seed = seed.to_string();
            let output = common::pbnfmt(
                &["merge", "--shuffle", &seed, "-o", "out.pbn", name],
                work.path(),
            );
            assert!(
                output.status.success(),
                "{name} {seed}: {}",
                common::text(&output.stderr)
            );
            let merged = std::fs::read_to_string(work.path().join("out.pbn")).unwrap();
            assert!(merged.starts_with(preamble.trim_end()), "{merged}");
            assert_eq!(merged.matches("[Board ").count(), 6, "{merged}");
        }
        for ending in ["", "\r\n"] {
            let cut = format!("{}{ending}", text.trim_end());
            std::fs::write(&path, &cut).unwrap();
            let output = common::pbnfmt(&["select", "--boards", "9", name], work.path());
            let said = common::text(&output.stderr);
            assert!(output.status.success(), "{name}: {said}");
            assert!(!said.contains("bug"), "{said}");
            assert_eq!(common::text(&output.stdout).trim_end(), preamble.trim_end());
        }
    }
    let Some(real) = common::real_corpus() else {
        eprintln!("note: ../shared/corpus/real is absent; the real files are skipped");
        return;
    };
    let mut merged = 0;
    for file in common::pbn_files(&real) {
        let input = file.to_str().unwrap();
        let out = work.path().join("shuffled.pbn");
        let _ = std::fs::remove_file(&out);
        let output = common::pbnfmt(
            &[
                "merge",
                "--shuffle",
                "7",
                "-o",
                out.to_str().unwrap(),
                input,
            ],
            work.path(),
        );
        let said = common::text(&output.stderr);
        assert!(!said.contains("bug in pbnfmt"), "{input}: {said}");
        if output.status.success() {
            merged += 1;
            let before = deals(&std::fs::read(&file).unwrap());
            let after = deals(&std::fs::read(&out).unwrap());
            // `#` values are written out (resolve), so only the files that give Deals in full
            // compare line for line.
            if !before.iter().any(|deal| deal.contains('#')) {
                assert_eq!(before, after, "{input}");
            }
        } else {
            assert_eq!(output.status.code(), Some(1), "{input}: {said}");
            assert!(said.contains("is not read for sure"), "{input}: {said}");
        }
    }
    assert!(merged > 60, "{merged} real files merged");
}

/// Issue 65, item 4: `split --by Room` gives the boards without a Room a part of their own,
/// named for the missing value (`-no-Room`), instead of the previous board's part; a value in
/// another script names its part in that script (issue 62, item 5), and values written alike in
/// a file name (`A B` and `A/B`: both `A_B`) are numbered in turn.
#[test]
fn split_by_a_tag_some_boards_lack() {
    let dir = tempfile::tempdir().unwrap();
    let game = |board: usize, room: Option<&str>| {
        let room = room
            .map(|r| format!("[Room \"{r}\"]\n"))
            .unwrap_or_default();
        format!(
            "[Board \"{board}\"]\n{room}[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 \
             6543.876.876.876 2.5432.5432.5432\"]\n"
        )
    };
    let text = [
        game(1, Some("Open")),
        game(2, None),
        game(3, Some("A B")),
        game(4, Some("A/B")),
        game(6, Some("日本")),
        game(5, Some("Open")),
    ]
    .join("\n");
    std::fs::write(dir.path().join("s.pbn"), text).unwrap();
    let output = common::pbnfmt(
        &["split", "--by", "Room", "--out-dir", "parts", "s.pbn"],
        dir.path(),
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        common::text(&output.stderr)
    );
    let part = |name: &str| std::fs::read_to_string(dir.path().join("parts").join(name)).unwrap();
    let open = part("s-Open.pbn");
    assert!(
        open.contains("[Board \"1\"]") && open.contains("[Board \"5\"]"),
        "{open}"
    );
    assert!(!open.contains("[Board \"2\"]"), "{open}");
    let missing = part("s-no-Room.pbn");
    assert!(
        missing.contains("[Board \"2\"]") && !missing.contains("[Board \"1\"]"),
        "{missing}"
    );
    assert!(part("s-A_B.pbn").contains("[Board \"3\"]"));
    assert!(part("s-A_B-2.pbn").contains("[Board \"4\"]"));
    assert!(part("s-日本.pbn").contains("[Board \"6\"]"));
}

/// Issue 63, item 15: `split` writes all its parts or none. Every part goes to a temporary file
/// first and all are renamed only once all are written, so that a part that cannot be written
/// (here a folder stands at its path; on a full disk, the same) leaves none of the others.
#[test]
fn split_writes_all_its_parts_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let game = |board: usize| format!("[Board \"{board}\"]\n[Dealer \"N\"]\n");
    let text = [game(1), game(2), game(3)].join("\n");
    std::fs::write(dir.path().join("s.pbn"), text).unwrap();
    std::fs::create_dir_all(dir.path().join("parts/s-02.pbn")).unwrap();
    let output = common::pbnfmt(
        &["split", "--every", "1", "--out-dir", "parts", "s.pbn"],
        dir.path(),
    );
    let said = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("no part was written"), "{said}");
    let mut left: Vec<String> = std::fs::read_dir(dir.path().join("parts"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["s-02.pbn"], "parts or temporary files left");
    std::fs::remove_dir(dir.path().join("parts/s-02.pbn")).unwrap();
    let output = common::pbnfmt(
        &["split", "--every", "1", "--out-dir", "parts", "s.pbn"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        std::fs::read_dir(dir.path().join("parts")).unwrap().count(),
        3
    );
}

/// Issue 65, item 7: a folder into one set. `merge --keep-going` leaves out, with its reason, a
/// file that is not PBN (random bytes) and one that is not read for sure (a tag pair not
/// closed), merges the rest (their boards counted here from their text) and exits 1, saying the
/// result is not the whole set; without it, nothing is written. A folder where nothing reads
/// writes nothing either way.
#[test]
fn merge_keep_going_leaves_out_what_cannot_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let set = std::fs::read_to_string(common::corpus().join("handrecord/club.pbn")).unwrap();
    let folder = dir.path().join("club");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("a.pbn"), &set).unwrap();
    let second = set.replace("[Board \"", "[Board \"1");
    std::fs::write(folder.join("b.pbn"), &second).unwrap();
    let noise: Vec<u8> = (0..3000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(folder.join("c.pbn"), noise).unwrap();
    std::fs::write(folder.join("d.pbn"), "[Event \"x\"\n[Board \"5\"]\n").unwrap();
    let boards = set.matches("\n[Board ").count() + second.matches("\n[Board ").count();

    let strict = common::pbnfmt(&["merge", "club", "-o", "strict.pbn"], dir.path());
    assert_eq!(
        strict.status.code(),
        Some(1),
        "{}",
        common::text(&strict.stderr)
    );
    assert!(!dir.path().join("strict.pbn").exists());

    let kept = common::pbnfmt(
        &["merge", "--keep-going", "club", "-o", "all.pbn"],
        dir.path(),
    );
    let said = common::text(&kept.stderr);
    assert_eq!(kept.status.code(), Some(1), "{said}");
    let merged = std::fs::read_to_string(dir.path().join("all.pbn")).unwrap();
    assert_eq!(merged.matches("[Board ").count(), boards, "{merged}");
    for (file, code) in [("c.pbn", "[F006]"), ("d.pbn", "[S005]")] {
        assert!(
            said.lines()
                .any(|l| l.contains(file) && l.contains(code) && l.ends_with("(left out)")),
            "{said}"
        );
    }
    assert!(
        said.contains("2 files merged") && said.contains("2 files left out (--keep-going)"),
        "{said}"
    );
    let checked = common::pbnfmt(&["check", "all.pbn"], dir.path());
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        common::text(&checked.stdout)
    );

    std::fs::remove_file(folder.join("a.pbn")).unwrap();
    std::fs::remove_file(folder.join("b.pbn")).unwrap();
    let none = common::pbnfmt(
        &["merge", "--keep-going", "club", "-o", "none.pbn"],
        dir.path(),
    );
    assert_eq!(none.status.code(), Some(1));
    assert!(common::text(&none.stderr).contains("no input could be read"));
    assert!(!dir.path().join("none.pbn").exists());
}
