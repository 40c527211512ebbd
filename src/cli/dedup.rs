//! `pbnfmt dedup`: two passes over the inputs. The first reads every file's complete deals in
//! input order (on all threads, handed on in order), and `commands::dedup::Plan` decides which
//! games go; the second
//! removes them through the rewrite modes (standard output, `--write`, `--out-dir`, `--check`,
//! `--diff`), each file proven ([`crate::rewrite::dedup`]). `--duplicates FILE` gathers the
//! removed games in input order, written atomically before any input is changed.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::check::check_owned;
use crate::io::spool::Output;
use crate::io::write::write_atomic;
use crate::rewrite::dedup::{Removal, dedup_owned};
use crate::sets::Sameness;
use crate::walk::{Found, Input};

use super::check::repeats_only;
use super::rewrite::{self, Wording, input_overrides, rewrite_options};
use super::settings;
use super::settings::RewriteOverrides;
use super::{DedupArgs, EXIT_TROUBLE, say};

/// What the first pass decided for one file.
#[derive(Default)]
struct Plan {
    /// Sorted by the Deal's start.
    listed: Vec<Removal>,
}

pub(super) fn run(args: &DedupArgs) -> u8 {
    let sameness = args.repeats.sameness();
    let plans = match plan(args, sameness) {
        Ok(plans) => plans,
        Err(status) => return status,
    };
    let overrides = input_overrides(&args.io);
    let wording = Wording::of(
        "dedup",
        "deduplicated",
        "without a repeated deal",
        "remove repeats from",
    );
    // The copy the user asked for is made first: when it cannot be written, no input has lost a
    // game yet, and none does (--check and --diff write neither). A usage error (several files to
    // standard output, two results to one path) is said before it is made.
    if let Some(target) = args
        .duplicates
        .as_ref()
        .filter(|_| !args.io.check && !args.io.diff)
    {
        let inputs: Vec<Found> = plans.order.iter().map(|(found, _)| found.clone()).collect();
        let mode = rewrite::Mode::of(&args.io);
        let checked = rewrite::jobs(&args.io, inputs, mode, &wording).and_then(|jobs| {
            rewrite::refuse_second_output("--duplicates", target, &args.io, &jobs, mode)
        });
        if let Err(message) = checked {
            say!("pbnfmt: error: {message}");
            return EXIT_TROUBLE;
        }
        let text = removed_games(args, &plans, &overrides);
        let bytes = crate::source::encode(&text, crate::source::Encoding::Latin1, false)
            .unwrap_or_else(|_| text.into_bytes());
        let mut output = Output::from_bytes(bytes);
        if let Err(error) = write_atomic(target, &mut output, None) {
            say!(
                "pbnfmt: error: cannot write {}: {error}; no input was changed",
                crate::display::escape_line(&target.display().to_string())
            );
            return EXIT_TROUBLE;
        }
    }
    let empty = Plan::default();
    rewrite::run(&args.io, &overrides, &wording, |bytes, found, _| {
        let plan = plans.get(&found.input).unwrap_or(&empty);
        let options = rewrite_options(&args.io, &overrides, found);
        dedup_owned(bytes, &plan.listed, args.repeats_only, options).rewritten
    })
}

/// The games the second pass removes, in the order of the inputs, each after the comment that
/// says why: what `--duplicates` writes. Only the files with games to remove are read again.
fn removed_games(args: &DedupArgs, plans: &Plans, overrides: &RewriteOverrides) -> String {
    let mut text = String::new();
    for (found, plan) in &plans.order {
        if plan.listed.is_empty() && !args.repeats_only {
            continue;
        }
        // A file that cannot be read now is said by the second pass.
        let Ok(bytes) = super::read_again(found) else {
            continue;
        };
        let options = rewrite_options(&args.io, overrides, found);
        let done = dedup_owned(bytes, &plan.listed, args.repeats_only, options);
        // A refused file loses nothing, so nothing of it is a duplicate written elsewhere.
        if done.rewritten.output.is_some() {
            text.push_str(&done.removed);
        }
    }
    text
}

/// The plans of every input, in the inputs' order, found by the input's path itself: two paths
/// that display alike (names that differ only in bytes that are not UTF-8) are two files.
struct Plans {
    order: Vec<(Found, Plan)>,
    by_path: HashMap<PathBuf, usize>,
}

impl Plans {
    fn get(&self, input: &Input) -> Option<&Plan> {
        let Input::File(path) = input else {
            return None;
        };
        let &index = self.by_path.get(path)?;
        self.order.get(index).map(|(_, plan)| plan)
    }
}

/// The first pass: every input's deals in order, and what goes.
fn plan(args: &DedupArgs, sameness: Sameness) -> Result<Plans, u8> {
    let io = &args.io;
    let (_, discovery) = settings::begin(&io.output, &io.files, &io.config, false)?;
    if discovery
        .inputs
        .iter()
        .any(|found| matches!(found.input, Input::Stdin(_)))
    {
        say!("pbnfmt: error: dedup reads its inputs twice: name files, not standard input");
        return Err(EXIT_TROUBLE);
    }
    if let Some(target) = &args.duplicates {
        settings::refuse_output_among_inputs(
            "--duplicates",
            target,
            &discovery.inputs,
            &args.repeats.against,
        )?;
    }
    let repeats = args.repeats.archive(&io.files, &io.output, &io.config)?;
    // Every repeat, not the first 100,000 `check` would show: each is a game to remove.
    let options = crate::check::CheckOptions {
        max_findings: Some(usize::MAX),
        ..repeats_only(sameness)
    };
    let threads = io.files.threads();
    let mut plan = crate::commands::dedup::Plan::new(repeats, sameness);
    super::each_input(
        &discovery.inputs,
        threads,
        |_, unread| {
            // A file that cannot be read is said by the second pass.
            let report = unread.read().ok().map(|bytes| check_owned(bytes, &options));
            report.map(|report| (report.deals, report.diagnostics))
        },
        |index, read| {
            let name = discovery.inputs[index].input.display_name();
            let (deals, own) = read.unwrap_or_default();
            plan.file(name, deals, &own);
            true
        },
    );
    let files = plan.finish(args.unique_only);
    let mut by_path = HashMap::new();
    let mut order = Vec::with_capacity(files.len());
    for (found, listed) in discovery.inputs.into_iter().zip(files) {
        if let Input::File(path) = &found.input {
            by_path.insert(path.clone(), order.len());
        }
        order.push((found, Plan { listed }));
    }
    Ok(Plans { order, by_path })
}
