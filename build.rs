//! Turns the rule pages into constants.
//!
//! Each rule's documentation and facts are written once, as a Markdown page in the file beside
//! the code that finds it: `src/rules/notes.md` beside `src/rules/notes.rs`. This script reads
//! every `.md` file under `src/rules/` and writes, for `src/rules/X.md`, the file
//! `$OUT_DIR/rules/X.rs`: one `RuleInfo` constant per page, which `X.rs` includes. The index of
//! rules (`src/rules/mod.rs`) names those constants as before.
//!
//! A page's form, and its reader: `src/rules/page.rs`.

use std::path::{Path, PathBuf};
use std::{env, fs};

#[path = "src/rules/page.rs"]
mod page;

fn main() {
    println!("cargo::rerun-if-changed=src/rules");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut pages = Vec::new();
    collect(Path::new("src/rules"), &mut pages);
    pages.sort();
    let mut codes = std::collections::BTreeMap::new();
    for md in pages {
        let text = fs::read_to_string(&md).unwrap_or_else(|e| panic!("{}: {e}", md.display()));
        let rules = page::parse(&text).unwrap_or_else(|(line, why)| {
            panic!("{}:{line}: {why}", md.display());
        });
        let mut code = String::new();
        for rule in &rules {
            if let Some(other) = codes.insert(rule.code.clone(), md.clone()) {
                panic!(
                    "{}: rule {} is also declared in {}",
                    md.display(),
                    rule.code,
                    other.display()
                );
            }
            code.push_str(&rule.constant());
        }
        let relative = md
            .strip_prefix("src")
            .expect("under src")
            .with_extension("rs");
        let target = out.join(relative);
        fs::create_dir_all(target.parent().expect("a file in a folder")).expect("OUT_DIR");
        fs::write(&target, code).expect("OUT_DIR is writable");
    }
}

fn collect(dir: &Path, pages: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable folder").path();
        if path.is_dir() {
            collect(&path, pages);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            pages.push(path);
        }
    }
}
