//! What a file's check counts towards a run's summary, as `check` says it: its errors and
//! warnings (`--warnings-as-errors` made errors first), the findings `fix` can clear safely and
//! with `--unsafe-fixes`, and those of export format's layout that `export` keeps as they are.

use crate::check::FileReport;
use crate::report::Statistics;
use crate::rules::diagnostic::Severity;

/// A file's findings, counted.
pub struct Tally {
    /// Findings a rule and severity, those past `--max-findings` included.
    pub statistics: Statistics,
    /// Errors and warnings, those past `--max-findings` included.
    pub errors: usize,
    pub warnings: usize,
    /// Findings past `--max-findings`.
    pub omitted: usize,
    /// Findings with a safe fix, and with an unsafe one only.
    pub fixable: usize,
    pub unsafe_fixable: usize,
    /// Findings of export format's layout that `export` keeps as they are: a value it has no
    /// export form for (E008 without a fix: a Result for a side with no certain declarer's
    /// number), which a summary does not promise it clears (issue 61, item 3).
    pub kept_by_export: usize,
}

impl Tally {
    /// The findings of `report` counted; with `warnings_as_errors`, its warnings made errors
    /// first (the shown ones and those past `--max-findings`).
    pub fn of(report: &mut FileReport, warnings_as_errors: bool) -> Tally {
        if warnings_as_errors {
            for diagnostic in &mut report.diagnostics {
                diagnostic.severity = Severity::Error;
            }
            let omitted = std::mem::take(&mut report.omitted.0);
            for ((rule, _), count) in omitted {
                *report.omitted.0.entry((rule, Severity::Error)).or_default() += count;
            }
        }
        let mut statistics = Statistics::default();
        statistics.add(&report.diagnostics);
        statistics.merge(Statistics(report.omitted.0.clone()));
        let count = |severity| {
            report
                .diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .count()
                + report.omitted.count(severity)
        };
        let kept_by_export = report
            .diagnostics
            .iter()
            .filter(|d| {
                d.rule == crate::rules::Rule::NonCanonicalValue
                    && d.help
                        .as_deref()
                        .is_some_and(|help| help.ends_with(crate::rules::export::KEPT_BY_EXPORT))
            })
            .count();
        let (mut fixable, mut unsafe_fixable) = (0, 0);
        for diagnostic in &report.diagnostics {
            if diagnostic.fixable(false) {
                fixable += 1;
            } else if diagnostic.fixable(true) {
                unsafe_fixable += 1;
            }
        }
        Tally {
            statistics,
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            omitted: report.omitted.total(),
            fixable,
            unsafe_fixable,
            kept_by_export,
        }
    }

    /// The findings of export format's layout (the E rules) that `export` rewrites.
    pub fn export_layout(&self) -> usize {
        self.statistics
            .0
            .iter()
            .filter(|((rule, _), _)| rule.info().group == crate::rules::Group::Export)
            .map(|(_, count)| count)
            .sum::<usize>()
            .saturating_sub(self.kept_by_export)
    }
}
