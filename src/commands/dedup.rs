//! `dedup`'s first pass: from every input's complete deals in input order, which games go. A game
//! goes when its deal was dealt before in the run (H001: earlier in its file, in an earlier file
//! or in an archive named with `--against`); with `--unique-only`, every copy of a deal dealt more
//! than once goes. The second pass removes them ([`crate::rewrite::dedup`]).

use std::collections::HashSet;

use crate::rewrite::dedup::Removal;
use crate::rules::Rule;
use crate::rules::diagnostic::Diagnostic;
use crate::sets::{Repeats, Sameness, SeenDeal};

/// The first pass, a file at a time in input order.
pub struct Plan {
    repeats: Repeats,
    sameness: Sameness,
    /// Each file's name, deals and the games it loses, in input order.
    files: Vec<(String, Vec<SeenDeal>, Vec<Removal>)>,
}

impl Plan {
    /// A plan against the deals `repeats` holds already (`--against`'s archive).
    pub fn new(repeats: Repeats, sameness: Sameness) -> Plan {
        Plan {
            repeats,
            sameness,
            files: Vec::new(),
        }
    }

    /// The next file: its name, its complete deals in order, and the findings of its check with
    /// H001 (its own repeats).
    pub fn file(&mut self, name: String, deals: Vec<SeenDeal>, own: &[Diagnostic]) {
        let earlier = self.repeats.file(&name, &deals, false);
        let mut listed: Vec<Removal> = own
            .iter()
            .chain(&earlier)
            .filter(|d| d.rule == Rule::RepeatedDeal)
            .map(|d| Removal {
                deal_start: d.span.start,
                why: format!("{name}: {} (pbnfmt dedup)", d.message),
            })
            .collect();
        listed.sort_by_key(|removal| removal.deal_start);
        self.files.push((name, deals, listed));
    }

    /// The games each file loses, in input order, sorted by where their Deal starts; with
    /// `unique_only`, every copy of a deal dealt more than once in the run.
    pub fn finish(mut self, unique_only: bool) -> Vec<Vec<Removal>> {
        if unique_only {
            let sameness = self.sameness;
            let mut repeated = HashSet::new();
            for (_, deals, listed) in &self.files {
                for removal in listed {
                    if let Some(deal) = deals
                        .iter()
                        .find(|d| d.start as usize == removal.deal_start)
                    {
                        repeated.insert(sameness.canonical(deal.key()));
                    }
                }
            }
            for (name, deals, listed) in &mut self.files {
                *listed = deals
                    .iter()
                    .filter(|deal| repeated.contains(&sameness.canonical(deal.key())))
                    .map(|deal| Removal {
                        deal_start: deal.start as usize,
                        why: format!(
                            "{name}: a deal dealt more than once in the run (pbnfmt dedup \
                             --unique-only)"
                        ),
                    })
                    .collect();
            }
        }
        self.files
            .into_iter()
            .map(|(_, _, listed)| listed)
            .collect()
    }
}
