//! Which rules run: the default set (the standard's rules, plus export conformance for files that
//! declare `% EXPORT`), changed by `--select`, `--extend-select` and `--ignore`.
//!
//! A selector is `ALL`, a rule code (`D003`), a code prefix (`D`, `T0`) or a rule name
//! (`duplicate-card`), in any letter case.

use crate::rules::{Group, Rule};

/// A set of rules, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleSet([u64; 4]);

// The set has one bit per rule.
const _: () = assert!(Rule::ALL.len() <= 256);

impl RuleSet {
    /// The word and the bit of a rule.
    fn place(rule: Rule) -> (usize, u64) {
        let n = rule as usize;
        (n / 64, 1 << (n % 64))
    }

    pub fn contains(self, rule: Rule) -> bool {
        let (word, bit) = RuleSet::place(rule);
        self.0[word] & bit != 0
    }

    pub fn insert(&mut self, rule: Rule) {
        let (word, bit) = RuleSet::place(rule);
        self.0[word] |= bit;
    }

    pub fn remove(&mut self, rule: Rule) {
        let (word, bit) = RuleSet::place(rule);
        self.0[word] &= !bit;
    }

    /// All rules of these groups.
    pub fn of_groups(groups: &[Group]) -> RuleSet {
        let mut set = RuleSet::default();
        for &rule in Rule::ALL {
            if groups.contains(&rule.info().group) {
                set.insert(rule);
            }
        }
        set
    }

    /// True when any rule of `group` is in the set. The rule families ask it for every game: the
    /// groups' sets are made once.
    pub fn any_of(self, group: Group) -> bool {
        static GROUPS: std::sync::OnceLock<[RuleSet; 4]> = std::sync::OnceLock::new();
        let groups = GROUPS.get_or_init(|| Group::ALL.map(|group| RuleSet::of_groups(&[group])));
        let of_group = groups[group as usize];
        self.0.iter().zip(of_group.0).any(|(a, b)| a & b != 0)
    }
}

/// The rules a selector names; empty when it names none.
pub fn matching(selector: &str) -> Vec<Rule> {
    // The solver's rules are slow and need the `dds` feature: only their own code or name
    // selects them (`crate::rules::dd::NEEDS_SOLVER`).
    let solver = |rule: &Rule| crate::rules::dd::NEEDS_SOLVER.contains(rule);
    if selector.eq_ignore_ascii_case("ALL") {
        return Rule::ALL.iter().copied().filter(|r| !solver(r)).collect();
    }
    if let Some(rule) = Rule::find(selector) {
        return vec![rule];
    }
    let is_prefix = selector
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic())
        && selector.bytes().skip(1).all(|b| b.is_ascii_digit());
    if !is_prefix {
        return Vec::new();
    }
    Rule::ALL
        .iter()
        .copied()
        .filter(|rule| !solver(rule))
        .filter(|rule| {
            rule.code()
                .get(..selector.len())
                .is_some_and(|prefix| prefix.eq_ignore_ascii_case(selector))
        })
        .collect()
}

/// What the command line (and later the configuration) asks for.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Replaces the default set when given.
    pub select: Option<Vec<String>>,
    /// Added to the set.
    pub extend_select: Vec<String>,
    /// Removed from the set, whatever selected them.
    pub ignore: Vec<String>,
    /// Check export conformance in every file, not only those that declare `% EXPORT`.
    pub export: bool,
}

impl Selection {
    /// The selectors that name no rule.
    pub fn unknown_selectors(&self) -> Vec<&str> {
        self.select
            .iter()
            .flatten()
            .chain(&self.extend_select)
            .chain(&self.ignore)
            .map(String::as_str)
            .filter(|selector| matching(selector).is_empty())
            .collect()
    }

    /// The rules to run on a file; `declares_export` when it has a `% EXPORT` line.
    pub fn rules_for(&self, declares_export: bool) -> RuleSet {
        let mut set = match &self.select {
            Some(selectors) => {
                let mut set = RuleSet::default();
                for rule in selectors.iter().flat_map(|s| matching(s)) {
                    set.insert(rule);
                }
                set
            }
            None if self.export || declares_export => {
                RuleSet::of_groups(&[Group::Standard, Group::Export])
            }
            None => RuleSet::of_groups(&[Group::Standard]),
        };
        for rule in self.extend_select.iter().flat_map(|s| matching(s)) {
            set.insert(rule);
        }
        for rule in self.ignore.iter().flat_map(|s| matching(s)) {
            set.remove(rule);
        }
        // The export rules judge a file that claims export format (PBN 3.1, 2.4: `% EXPORT`) or
        // that the user says is one (`--export`), whatever selected them (`ALL`, `E`): an
        // import-format file may have every freedom they forbid.
        if !(self.export || declares_export) {
            for &rule in Rule::ALL {
                if rule.info().group == Group::Export {
                    set.remove(rule);
                }
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `any_of` from the groups' sets made once says what asking every rule's group says, for
    /// every group and a set of one rule of each.
    #[test]
    fn any_of_asks_each_group() {
        let groups = Group::ALL;
        for (place, &group) in groups.iter().enumerate() {
            assert_eq!(group as usize, place, "{group:?}");
        }
        for &rule in Rule::ALL {
            let mut set = RuleSet::default();
            set.insert(rule);
            for group in groups {
                assert_eq!(set.any_of(group), rule.info().group == group, "{rule:?}");
            }
        }
        assert!(
            groups
                .iter()
                .all(|&group| !RuleSet::default().any_of(group))
        );
    }

    #[test]
    fn selectors() {
        assert_eq!(matching("d003"), [Rule::DuplicateCard]);
        assert_eq!(matching("duplicate-card"), [Rule::DuplicateCard]);
        assert!(matching("D").len() >= 6);
        assert!(matching("D").iter().all(|r| r.code().starts_with('D')));
        assert!(matching("nope").is_empty());
        assert!(matching("D0x").is_empty());
    }

    /// The solver's rules run only when named: `H`, `H0` and `ALL` would start a solver on
    /// every deal (and fail without the `dds` feature).
    #[test]
    fn only_their_own_name_selects_the_solver_rules() {
        for selector in ["ALL", "H", "H0", "all", "h"] {
            let rules = matching(selector);
            assert!(!rules.contains(&Rule::DoubleDummyWrong), "{selector}");
            assert!(!rules.contains(&Rule::DealNotSolved), "{selector}");
        }
        assert!(matching("H").contains(&Rule::ParMismatch));
        assert_eq!(matching("H008"), [Rule::DoubleDummyWrong]);
        assert_eq!(matching("double-dummy-wrong"), [Rule::DoubleDummyWrong]);
        assert_eq!(matching("deal-not-solved"), [Rule::DealNotSolved]);
    }

    #[test]
    fn defaults_select_ignore() {
        let default = Selection::default().rules_for(false);
        assert!(default.contains(Rule::DuplicateCard));
        assert!(
            !default.contains(Rule::ScoreMismatch),
            "beyond the standard: opt-in"
        );
        assert!(
            !default.contains(Rule::NonCrlfLineEnd),
            "export rules need % EXPORT"
        );
        assert!(
            Selection::default()
                .rules_for(true)
                .contains(Rule::NonCrlfLineEnd)
        );
        let selection = Selection {
            select: Some(vec!["D".into()]),
            extend_select: vec!["T026".into()],
            ignore: vec!["duplicate-card".into()],
            export: false,
        };
        // Issue 43 item 9: `ALL` and `E` select the export rules only where export format is
        // claimed.
        for selector in ["ALL", "E", "E003"] {
            let everything = Selection {
                extend_select: vec![selector.into()],
                ..Selection::default()
            };
            assert!(!everything.rules_for(false).contains(Rule::NonCrlfLineEnd));
            assert!(everything.rules_for(true).contains(Rule::NonCrlfLineEnd));
            let claimed = Selection {
                export: true,
                ..everything
            };
            assert!(claimed.rules_for(false).contains(Rule::NonCrlfLineEnd));
        }
        let set = selection.rules_for(true);
        assert!(set.contains(Rule::MalformedDeal));
        assert!(set.contains(Rule::ScoreMismatch));
        assert!(!set.contains(Rule::DuplicateCard));
        assert!(!set.contains(Rule::InvalidDate));
        assert!(!set.contains(Rule::NonCrlfLineEnd));
    }
}
