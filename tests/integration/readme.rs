//! The README's rule table is the rule table: a test fails when they disagree, in both
//! directions (a rule missing from the README, or a README row whose code no rule has).

use pbnfmt::rules::Rule;

#[test]
fn readme_lists_every_rule_as_the_table_says() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
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
