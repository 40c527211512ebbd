//! The README's rule table is the rule table: a test fails when they disagree.

use pbnfmt::rules::Rule;

#[test]
fn readme_lists_every_rule_as_the_table_says() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let rows: Vec<&str> = readme
        .lines()
        .filter(|line| {
            line.starts_with("| ")
                && line
                    .get(2..6)
                    .is_some_and(|code| Rule::find(code).is_some())
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
        // Rewrite the table rows in place: they are contiguous lines of the README.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
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
        "README rule table is stale: PBNFMT_UPDATE_README=1 cargo test --test integration readme"
    );
}
