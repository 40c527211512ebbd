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
    assert_eq!(rows, expected, "README rule table is stale");
}
