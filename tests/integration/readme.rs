//! The rule index (`docs/rule-index.md`, moved from the README, issue 65, item 11) is the rule
//! table: a test fails when they disagree, in both directions (a rule missing from the index, or
//! a row whose code no rule has). The README's samples are what the commands print.

use std::path::Path;

use pbnfmt::rules::Rule;

#[test]
fn the_rule_index_lists_every_rule_as_the_table_says() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rule-index.md"))
            .unwrap();
    // Every row whose first cell looks like a rule code (`| D003 |`), known or not.
    let looks_like_code = |cell: &str| {
        let bytes = cell.as_bytes();
        bytes.len() == 4
            && bytes[0].is_ascii_uppercase()
            && cell[1..].bytes().all(|b| b.is_ascii_digit())
    };
    let rows: Vec<&str> = readme
        .lines()
        .filter(|line| {
            line.strip_prefix("| ")
                .and_then(|rest| rest.split(" |").next())
                .is_some_and(looks_like_code)
        })
        .collect();
    let expected: Vec<String> = Rule::ALL
        .iter()
        .map(|rule| {
            let info = rule.info();
            format!(
                "| {} | {} | {} | {} |",
                info.code, info.name, info.section, info.summary
            )
        })
        .collect();
    if std::env::var_os("PBNFMT_UPDATE_README").is_some() && rows != expected {
        // Rewrite the table rows in place: they are contiguous lines of the page.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rule-index.md");
        let lines: Vec<&str> = readme.lines().collect();
        let first = lines
            .iter()
            .position(|line| Some(line) == rows.first())
            .unwrap();
        let last = lines
            .iter()
            .rposition(|line| Some(line) == rows.last())
            .unwrap();
        let mut out: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
        out.extend(expected.iter().cloned());
        out.extend(lines[last + 1..].iter().map(|l| l.to_string()));
        std::fs::write(path, out.join("\n") + "\n").unwrap();
        return;
    }
    assert_eq!(
        rows, expected,
        "docs/rule-index.md is stale: PBNFMT_UPDATE_README=1 cargo test --test integration readme"
    );
}

/// `docs/rules.md`, where SARIF's `helpUri` points, is every rule's page as `pbnfmt rule CODE`
/// prints it (issue 24, item 15). `PBNFMT_UPDATE_README=1` rewrites it.
#[test]
fn rules_reference_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md");
    let expected = pbnfmt::rules::reference();
    if std::env::var_os("PBNFMT_UPDATE_README").is_some() {
        std::fs::write(path, &expected).unwrap();
        return;
    }
    let written = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        written == expected,
        "docs/rules.md is stale: PBNFMT_UPDATE_README=1 cargo test --test integration readme"
    );
    // Each rule has its anchor, which SARIF links to.
    for rule in Rule::ALL {
        let uri = pbnfmt::rules::doc_uri(*rule);
        let anchor = uri.rsplit_once('#').unwrap().1;
        assert!(
            written.contains(&format!("<a id=\"{anchor}\"></a>")),
            "{anchor}"
        );
    }
}

/// Issue 49, item 8: the quick start's sample output is what `check corpus/invalid` prints, so
/// that it cannot go stale: each finding line shown is printed, and the summary is the last line.
#[test]
fn the_quick_start_sample_is_what_check_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let command = "cargo run --release -- check corpus/invalid --output-format concise\n";
    let after = &readme[readme.find(command).expect("the quick start's command") + command.len()..];
    let block = after
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the sample output after it");
    let output = crate::common::pbnfmt(
        &["check", "corpus/invalid", "--output-format", "concise"],
        root,
    );
    let printed = crate::common::text(&output.stdout) + &crate::common::text(&output.stderr);
    let lines: Vec<&str> = printed.lines().collect();
    for line in block.lines().filter(|line| line.starts_with("corpus/")) {
        assert!(lines.contains(&line), "not printed: {line}");
    }
    let summary = block.lines().last().unwrap();
    assert!(summary.starts_with("Found "), "{summary}");
    assert_eq!(Some(&summary), lines.last(), "the README's summary line");
    // The code frame shown after it is the default output's, line for line.
    let frame = after
        .split("```text\n")
        .nth(2)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the code frame");
    let file = "corpus/invalid/syntax/unknown-call.pbn";
    let full = crate::common::pbnfmt(&["check", file], root);
    let full = crate::common::text(&full.stdout) + &crate::common::text(&full.stderr);
    let frame_body = frame.split_once("\n\n").map_or(frame, |(_, body)| body);
    assert!(
        full.contains(frame_body),
        "not printed:\n{frame_body}\n---\n{full}"
    );
}

/// Issue 49, item 5: the `show` sample (docs/check.md) is what `show` prints.
#[test]
fn the_show_sample_is_what_show_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("docs/check.md")).unwrap();
    let command = "pbnfmt show corpus/valid/spec/pbn-1.2-example-game.pbn --board 1 --play";
    let after = &readme[readme.find(command).expect("the show sample's command")..];
    let sample = after
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the sample");
    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let output = crate::common::pbnfmt(&args, root);
    assert_eq!(crate::common::text(&output.stdout).trim_end(), sample);
}
