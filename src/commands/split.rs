//! `split`'s names for the parts: `STEM-KEY.pbn`, the key a part's number or the value of the
//! tag it is cut by, made a safe piece of a file name ([`file_word`]); two names that a file system
//! could take for one (`A B` and `A_B`; `Open` and `OPEN` where case is ignored) get a number
//! each after the first.

use std::collections::{HashMap, HashSet};

use crate::rewrite::merge::Cut;

/// The names given so far in a run.
#[derive(Default)]
pub struct PartNames {
    /// Every name given, in lower case.
    taken: HashSet<String>,
    /// The number each name written alike was last given: the next is looked for from there,
    /// so that many values written alike (any non-Latin value once) do not search from 2 each
    /// time (issue 63, item 11: quadratic).
    numbered: HashMap<String, usize>,
}

impl PartNames {
    /// The file name of the part of the input `stem` whose key is `key` (`None`: the games that
    /// do not give the tag `cut` is by), among `parts` parts of that input.
    pub fn name(&mut self, stem: &str, cut: &Cut, key: Option<&str>, parts: usize) -> String {
        let width = parts.to_string().len().max(2);
        let key = match (cut, key) {
            (Cut::Every(_), Some(number)) => format!("{number:0>width$}"),
            (Cut::By(_), Some(value)) => file_word(value),
            // The games that do not give the tag: a part of their own (issue 65, item 4).
            (Cut::By(name), None) => format!("no-{}", file_word(name)),
            (Cut::Every(_), None) => "none".to_owned(),
        };
        let base = format!("{}-{key}", file_word(stem));
        let mut file = format!("{base}.pbn");
        if !self.taken.insert(file.to_lowercase()) {
            let n = self.numbered.entry(base.to_lowercase()).or_insert(1);
            loop {
                *n += 1;
                file = format!("{base}-{n}.pbn");
                if self.taken.insert(file.to_lowercase()) {
                    break;
                }
            }
        }
        file
    }
}

/// `text` as a piece of a file name: letters and digits of any script (`café`, `日本`), `-`,
/// `_` and `.` kept (a leading `.` not), every other character `_` (a space, a slash, a control
/// or bidirectional mark); at most 100 bytes; `none` for nothing. Non-ASCII letters used to become
/// `_` too, so that `Café Rouge` and every CJK value were alike (issue 62, item 5).
pub fn file_word(text: &str) -> String {
    let word: String = text
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let word = word.trim_start_matches('.');
    if word.is_empty() {
        return "none".to_owned();
    }
    let mut short = String::new();
    for c in word.chars() {
        if short.len() + c.len_utf8() > 100 {
            break;
        }
        short.push(c);
    }
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names written alike are numbered after the first, whatever their case; a value that is
    /// no safe file name is made one.
    #[test]
    fn names_written_alike_are_numbered() {
        let mut names = PartNames::default();
        let by = Cut::By("Event".to_owned());
        let given: Vec<String> = [Some("Open"), Some("OPEN"), Some("A B"), Some("A_B"), None]
            .into_iter()
            .map(|key| names.name("club", &by, key, 5))
            .collect();
        assert_eq!(
            given,
            [
                "club-Open.pbn",
                "club-OPEN-2.pbn",
                "club-A_B.pbn",
                "club-A_B-2.pbn",
                "club-no-Event.pbn"
            ]
        );
        let every = Cut::Every(2);
        assert_eq!(
            names.name("a/../b", &every, Some("3"), 120),
            "a_.._b-003.pbn"
        );
        assert_eq!(file_word("..\u{202e}x"), "_x");
    }
}
