//! `pbnfmt analyze`, and the solving a run does before it checks or rewrites: every input's
//! complete deals read first (on all threads, in input order), solved once each on
//! `--threads` worker processes ([`crate::dds`]) with the cache taken first, then the files
//! checked (H008, H009) or rewritten ([`crate::rewrite::analyze`]) with the solutions.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::commands::analyze::Solving;
use crate::dds::{Cache, Solutions, SolveOptions};
use crate::rewrite::analyze::{AnalyzeOptions, analyze_owned, deals_to_solve};
use crate::walk::{Found, Input};

use super::output::Progress;
use super::rewrite::{self, Wording, input_overrides, rewrite_options};
use super::settings;
use super::{AnalyzeArgs, DdTag, DdsWorkerArgs, EXIT_CLEAN, EXIT_TROUBLE, SolveArgs, plural, say};

pub(super) fn run(args: &AnalyzeArgs) -> u8 {
    if !crate::dds::AVAILABLE {
        say!("pbnfmt: error: analyze: {}", crate::dds::WITHOUT);
        return EXIT_TROUBLE;
    }
    let io = &args.io;
    let discovery = match settings::begin(&io.output, &io.files, &io.config, false) {
        Ok((_, discovery)) => discovery,
        Err(status) => return status,
    };
    if discovery
        .inputs
        .iter()
        .any(|found| matches!(found.input, Input::Stdin(_)))
    {
        say!("pbnfmt: error: analyze reads its inputs twice: name files, not standard input");
        return EXIT_TROUBLE;
    }
    let threads = io.files.threads();
    let keys = read_keys(&discovery.inputs, threads, true);
    let solutions = match solve(keys, &args.solve, threads, io.output.quiet) {
        Ok(solutions) => solutions,
        Err(status) => return status,
    };
    let overrides = input_overrides(io);
    let wording = Wording::of(
        "analyze",
        "analysed",
        "needing no change",
        "add double-dummy tags to",
    );
    let tags = [
        DdTag::DoubleDummyTricks,
        DdTag::OptimumScore,
        DdTag::ParContract,
        DdTag::OptimumResultTable,
    ]
    .map(|tag| args.tags.contains(&tag));
    rewrite::run(io, &overrides, &wording, |bytes, found, _| {
        let options = AnalyzeOptions {
            tags,
            replace: args.replace,
            rewrite: rewrite_options(io, &overrides, found),
        };
        analyze_owned(bytes, &solutions, &options).rewritten
    })
}

/// `pbnfmt dds-worker`.
pub(super) fn worker(args: &DdsWorkerArgs) -> u8 {
    match crate::dds::worker(args.memory) {
        Ok(()) => EXIT_CLEAN,
        Err(error) => {
            say!("pbnfmt: error: dds-worker: {error}");
            EXIT_TROUBLE
        }
    }
}

/// The keys of the deals to solve in `inputs` (of every complete deal with `every`, else of those
/// with double-dummy tags), read on `threads` threads;
/// a file that cannot be read is left to the pass after, which says so.
pub(super) fn read_keys(inputs: &[Found], threads: usize, every: bool) -> Vec<u128> {
    let keys = Mutex::new(Vec::new());
    super::each_input(
        inputs,
        threads,
        |_, unread| {
            let bytes = unread.read().ok()?;
            let decoded = crate::source::decode_owned(bytes, None);
            Some(deals_to_solve(&decoded.text, every))
        },
        |_, read| {
            if let Some(read) = read {
                keys.lock().unwrap_or_else(|e| e.into_inner()).extend(read);
            }
            true
        },
    );
    keys.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Solves `keys` (each once, the cache's first), saying on standard error what it did.
pub(super) fn solve(
    keys: Vec<u128>,
    args: &SolveArgs,
    threads: usize,
    quiet: bool,
) -> Result<Arc<Solutions>, u8> {
    let program = match std::env::current_exe() {
        Ok(program) => program,
        Err(error) => {
            say!("pbnfmt: error: cannot find the pbnfmt program to run the solver: {error}");
            return Err(EXIT_TROUBLE);
        }
    };
    let mut cache = match &args.cache {
        Some(path) => match Cache::load(path) {
            Ok(cache) => Some(cache),
            Err(error) => {
                say!(
                    "pbnfmt: error: cannot read the cache {}: {error}",
                    path.display()
                );
                return Err(EXIT_TROUBLE);
            }
        },
        None => None,
    };
    if let Some(cache) = &cache
        && cache.skipped > 0
    {
        say!(
            "pbnfmt: warning: the cache {}: {} left out (not a deal and its tricks)",
            args.cache
                .as_deref()
                .unwrap_or(std::path::Path::new(""))
                .display(),
            plural(cache.skipped, "line", "lines")
        );
    }
    let solving = Solving::new(keys, cache.as_ref());
    let options = SolveOptions {
        threads,
        timeout: Duration::from_secs_f64(args.timeout),
        max_memory_mib: args.max_memory,
        program,
    };
    let started = Instant::now();
    let to_solve = solving.to_solve();
    let progress = Mutex::new(Progress::of(to_solve, quiet, "deals"));
    let solved = solving.solve(&options, cache.as_mut(), &|done| {
        progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .tick(done);
    });
    progress.lock().unwrap_or_else(|e| e.into_inner()).clear();
    let solved = match solved {
        Ok(solved) => solved,
        Err(error) => {
            say!(
                "pbnfmt: error: cannot write the cache {}: {error}",
                args.cache
                    .as_deref()
                    .unwrap_or(std::path::Path::new(""))
                    .display()
            );
            return Err(EXIT_TROUBLE);
        }
    };
    if !quiet && solved.solved + solved.unsolved + solved.from_cache > 0 {
        let seconds = started.elapsed().as_secs_f64();
        let mut line = format!(
            "pbnfmt: solved {} in {seconds:.1} s on {}",
            plural(solved.solved, "deal", "deals"),
            plural(threads.min(to_solve).max(1), "thread", "threads")
        );
        if solved.from_cache > 0 {
            line.push_str(&format!(", {} from the cache", solved.from_cache));
        }
        if solved.unsolved > 0 {
            line.push_str(&format!(", {} not solved (H009)", solved.unsolved));
        }
        say!("{line}");
    }
    Ok(Arc::new(solved.solutions))
}
