//! How each rule is drawn: the command that raises it (its declaration's [`Drawn`]), run on a
//! text. The pass/fail pairs of every rule family (the test below) and the invalid fixtures
//! (`tests/integration/fixtures.rs`) read their findings through this one dispatch, so that the
//! two cannot disagree on which command a rule belongs to. It sits above the commands it runs;
//! nothing of pbnfmt's own work imports it.

use crate::check::{CheckOptions, check_bytes};
use crate::export::{ExportOptions, export_bytes};
use crate::proof::Rewritten;
use crate::rewrite::dedup::{dedup_owned, own_repeats};
use crate::rules::diagnostic::Diagnostic;
use crate::rules::{Drawn, Rule};
use crate::source::{Decoded, Encoding};

/// What running a rule's command on a text gave.
pub struct Drawing {
    /// The text as the command read it.
    pub decoded: Decoded,
    pub findings: Vec<Diagnostic>,
    /// The command wrote a result (a writer's rule is drawn by a refusal, or by a finding on
    /// what was written).
    pub written: bool,
}

/// Runs the command that raises `rule` on `bytes` (called `name` where the command names the
/// file): `check` with `check` for the rules of the standard and beyond; for the writers' rules,
/// `export --resolve --encoding latin-1`, `convert --to lin`, `convert --to jsonl`, or `dedup`
/// of the file by itself.
pub fn draw(rule: Rule, bytes: Vec<u8>, name: &str, check: &CheckOptions) -> Drawing {
    let written = |rewritten: Rewritten| Drawing {
        written: rewritten.output.is_some(),
        decoded: rewritten.decoded,
        findings: rewritten.problems,
    };
    match rule.info().drawn {
        Drawn::Check => {
            let report = check_bytes(&bytes, check);
            Drawing {
                decoded: report.decoded,
                findings: report.diagnostics,
                written: false,
            }
        }
        Drawn::Export => {
            let options = ExportOptions {
                resolve: true,
                encoding: Some(Encoding::Latin1),
                ..ExportOptions::default()
            };
            written(export_bytes(&bytes, &options))
        }
        Drawn::ToLin => written(crate::convert::lin::pbn_to_lin(bytes, &Default::default())),
        Drawn::JsonLines => written(crate::jsonl::convert(
            bytes,
            &Default::default(),
            &Default::default(),
            name,
        )),
        Drawn::Dedup => {
            let remove = own_repeats(&bytes);
            written(dedup_owned(bytes, &remove, false, Default::default()).rewritten)
        }
        Drawn::Renumber => written(crate::rewrite::renumber::renumber_owned(
            bytes,
            &crate::rewrite::renumber::RenumberOptions {
                standard: true,
                ..Default::default()
            },
            Default::default(),
        )),
        Drawn::Replicate => written(crate::rewrite::replicate::replicate_owned(
            bytes,
            crate::rewrite::replicate::ReplicateOptions {
                blocks: 2,
                size: None,
            },
            Default::default(),
        )),
        Drawn::Rotate => written(crate::rewrite::rotate::rotate_owned(
            bytes,
            crate::rewrite::rotate::RotateOptions {
                by: 1,
                ..Default::default()
            },
            Default::default(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pairs::{Pair, WITHOUT_PAIR};
    use crate::rules::select::Selection;
    use crate::rules::{Group, dd};

    /// The solver's tricks for the complete deals of `bytes`, solved in this process (H008's
    /// pair).
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

    /// How many findings of `rule` the text draws: by its command, and for `check` with every
    /// rule selected.
    fn findings(rule: Rule, bytes: &[u8]) -> usize {
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
        draw(rule, bytes.to_vec(), "pair.pbn", &options)
            .findings
            .iter()
            .filter(|d| d.rule == rule)
            .count()
    }

    /// A rule that `check` never reports is one a writer raises, and the other way round.
    #[test]
    fn the_writers_rules_are_drawn_by_a_writer() {
        for rule in Rule::ALL {
            let info = rule.info();
            assert_eq!(
                info.group == Group::Write,
                info.drawn != Drawn::Check,
                "{}",
                info.code
            );
        }
    }

    #[test]
    fn every_rule_fails_and_passes_its_pair() {
        let pairs: Vec<Pair> = [
            crate::rules::reading::pairs(),
            crate::rules::syntax::pairs(),
            crate::rules::values::pairs(),
            crate::rules::tags::pairs(),
            crate::rules::deal::pairs(),
            crate::rules::auction::pairs(),
            crate::rules::play::pairs(),
            crate::rules::result::pairs(),
            crate::rules::notes::pairs(),
            crate::rules::tables::pairs(),
            crate::rules::table_values::pairs(),
            crate::rules::results::pairs(),
            crate::rules::chars::pairs(),
            crate::rules::export::pairs(),
            crate::rules::suppress::pairs(),
            crate::rules::writing::pairs(),
            crate::rules::lin::pairs(),
            crate::rules::sets::pairs(),
            dd::pairs(),
        ]
        .into_iter()
        .flatten()
        .collect();
        let show = |bytes| String::from_utf8_lossy(bytes).into_owned();
        // Every failure is listed, not only the first.
        let mut failures = Vec::new();
        for pair in &pairs {
            if dd::NEEDS_SOLVER.contains(&pair.rule) && !crate::dds::AVAILABLE {
                // Drawn with `cargo test --features dds` (in CI); without the solver it cannot
                // fire.
                continue;
            }
            let code = pair.rule.code();
            if findings(pair.rule, pair.fails) == 0 {
                failures.push(format!("{code} misses:\n{}", show(pair.fails)));
            }
            if findings(pair.rule, pair.passes) != 0 {
                failures.push(format!("{code} fires on:\n{}", show(pair.passes)));
            }
        }
        for rule in Rule::ALL {
            if !pairs.iter().any(|pair| pair.rule == *rule)
                && !WITHOUT_PAIR.iter().any(|(other, _)| other == rule)
            {
                failures.push(format!("{} has no pass/fail pair", rule.code()));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
}
