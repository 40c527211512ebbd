//! `man/pbnfmt.1` is generated from the clap definition; this test fails when it is stale.
//! Regenerate with `PBNFMT_UPDATE_MAN=1 cargo test --test integration man`.

use clap::CommandFactory;

#[test]
fn man_page_is_current() {
    let mut rendered = Vec::new();
    clap_mangen::Man::new(pbnfmt::cli::Cli::command())
        .render(&mut rendered)
        .unwrap();
    for subcommand in pbnfmt::cli::Cli::command().get_subcommands() {
        let name = format!("pbnfmt-{}", subcommand.get_name());
        clap_mangen::Man::new(subcommand.clone().bin_name(&name))
            .title(name)
            .render(&mut rendered)
            .unwrap();
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man/pbnfmt.1");
    if std::env::var_os("PBNFMT_UPDATE_MAN").is_some() {
        std::fs::write(&path, &rendered).unwrap();
    }
    let current = std::fs::read(&path).unwrap_or_default();
    assert!(
        current == rendered,
        "man/pbnfmt.1 is stale: run `PBNFMT_UPDATE_MAN=1 cargo test --test integration man`"
    );
}
