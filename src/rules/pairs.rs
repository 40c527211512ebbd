//! Pass/fail pairs: each family file gives, beside its rules, a text that draws each rule and the
//! same text mended as the rule's fix says, which must not (`pairs()` in the family's file). One
//! test runs them all and holds every rule to having a pair.

use super::{Group, Rule};
use crate::check::{CheckOptions, check_bytes};
use crate::export::{ExportOptions, export_bytes};
use crate::rules::select::Selection;
use crate::source::Encoding;

/// `fails` draws `rule`; `passes`, the text mended as the rule's fix says, does not.
pub struct Pair {
    pub rule: Rule,
    pub fails: &'static [u8],
    pub passes: &'static [u8],
}

impl Pair {
    pub fn new(rule: Rule, fails: &'static str, passes: &'static str) -> Pair {
        Pair::bytes(rule, fails.as_bytes(), passes.as_bytes())
    }

    pub fn bytes(rule: Rule, fails: &'static [u8], passes: &'static [u8]) -> Pair {
        Pair {
            rule,
            fails,
            passes,
        }
    }

    /// A pair made at run time (a long line, an export): leaked, as tests may.
    pub fn owned(rule: Rule, fails: String, passes: String) -> Pair {
        Pair::new(rule, fails.leak(), passes.leak())
    }
}

/// Rules no text can draw on purpose, with the reason and where they are tested instead.
const WITHOUT_PAIR: &[(Rule, &str)] = &[
    (
        Rule::UnfaithfulExport,
        "a difference in export's read-back is a bug in pbnfmt; \
         export::tests::verification_catches_a_wrong_export feeds the proof wrong exports",
    ),
    (
        Rule::DealNotSolved,
        "a deal the solver does not finish in time: tests/integration/dds.rs gives it \
         --timeout 0.001 (with the dds feature)",
    ),
];

/// The solver's tricks for the complete deals of `bytes`, solved in this process (H008's pair).
#[cfg(feature = "dds")]
fn solved(bytes: &[u8]) -> std::sync::Arc<crate::dds::Solutions> {
    let decoded = crate::source::decode(bytes, None);
    let mut solutions = crate::dds::Solutions::default();
    let mut solver = dds_bridge::Solver::default();
    for key in crate::rewrite::analyze::deals_to_solve(&decoded.text, true) {
        let outcome = match crate::dds::solve_in(&mut solver, key) {
            Ok(tricks) => crate::dds::Outcome::Solved(tricks),
            Err(why) => crate::dds::Outcome::Failed(why),
        };
        solutions.insert(key, outcome);
    }
    std::sync::Arc::new(solutions)
}

/// How many findings of `rule` the text draws: from `check` with every rule selected, or
/// for the reasons a file is not written (W), from `export --resolve` into Latin-1.
fn findings(rule: Rule, bytes: &[u8]) -> usize {
    let found = if rule == Rule::RemovedGameInherited {
        let remove = crate::rewrite::dedup::own_repeats(bytes);
        let options = crate::rewrite::RewriteOptions::default();
        crate::rewrite::dedup::dedup_owned(bytes.to_vec(), &remove, false, options)
            .rewritten
            .problems
    } else if rule == Rule::GameNotConverted {
        let (options, data) = Default::default();
        crate::jsonl::convert(bytes.to_vec(), &options, &data, "pair.pbn").problems
    } else if rule.info().group == Group::Write && rule.code().starts_with('L') {
        let options = crate::lin::convert::ConvertOptions::default();
        crate::lin::convert::pbn_to_lin(bytes.to_vec(), &options).problems
    } else if rule.info().group == Group::Write {
        let options = ExportOptions {
            resolve: true,
            encoding: Some(Encoding::Latin1),
            ..ExportOptions::default()
        };
        export_bytes(bytes, &options).problems
    } else {
        #[allow(unused_mut)]
        let mut options = CheckOptions {
            selection: Selection {
                // `ALL` leaves out the solver's rules, which are named.
                select: Some(vec!["ALL".to_owned(), "H008".to_owned()]),
                ..Selection::default()
            },
            ..CheckOptions::default()
        };
        #[cfg(feature = "dds")]
        {
            options.solutions = Some(solved(bytes));
        }
        check_bytes(bytes, &options).diagnostics
    };
    found.iter().filter(|d| d.rule == rule).count()
}

#[test]
fn every_rule_fails_and_passes_its_pair() {
    let pairs: Vec<Pair> = [
        super::reading::pairs(),
        super::syntax::pairs(),
        super::values::pairs(),
        super::tags::pairs(),
        super::deal::pairs(),
        super::auction::pairs(),
        super::play::pairs(),
        super::result::pairs(),
        super::notes::pairs(),
        super::tables::pairs(),
        super::chars::pairs(),
        super::export::pairs(),
        crate::suppress::pairs(),
        crate::proof::pairs(),
        crate::lin::pairs(),
        crate::jsonl::pairs(),
        crate::sets::pairs(),
        super::dd::pairs(),
        crate::rewrite::dedup::pairs(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let show = |bytes| String::from_utf8_lossy(bytes).into_owned();
    for pair in &pairs {
        if super::dd::NEEDS_SOLVER.contains(&pair.rule) && !crate::dds::AVAILABLE {
            // Drawn with `cargo test --features dds` (in CI); without the solver it cannot fire.
            continue;
        }
        let code = pair.rule.code();
        assert!(
            findings(pair.rule, pair.fails) > 0,
            "{code} misses:\n{}",
            show(pair.fails)
        );
        assert_eq!(
            findings(pair.rule, pair.passes),
            0,
            "{code} fires on:\n{}",
            show(pair.passes)
        );
    }
    for rule in Rule::ALL {
        assert!(
            pairs.iter().any(|pair| pair.rule == *rule)
                || WITHOUT_PAIR.iter().any(|(other, _)| other == rule),
            "{} has no pass/fail pair",
            rule.code()
        );
    }
}
