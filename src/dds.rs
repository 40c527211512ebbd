//! Double-dummy solving (issue 29): the tricks each declarer takes in each denomination with
//! every card in view, from DDS (the solver dealing programs and BBO use) through the
//! `dds-bridge` crate, behind the Cargo feature `dds`. Without the feature the rules and the
//! `analyze` command exist and say how to get them ([`WITHOUT`]).
//!
//! Deals are solved by worker processes (`pbnfmt dds-worker`, one a thread), not in this
//! process: DDS cannot be interrupted, so a deal that takes longer than `--timeout` is ended by
//! ending its worker, which also gives its memory back; each worker's address space is limited
//! (`--max-memory` shared among them), and a worker that DDS brings down costs one deal, never
//! the run. A deal is asked for by its key ([`crate::model::deal_key::key`]), so a deal dealt twice is
//! solved once, and results are kept by key in the cache file a user names ([`Cache`]).

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

#[cfg(any(feature = "dds", test))]
use crate::bridge::{Denomination, Seat};

/// True when this pbnfmt was built with the solver.
pub const AVAILABLE: bool = cfg!(feature = "dds");

/// What a pbnfmt built without the solver says when asked to solve.
pub const WITHOUT: &str = "this pbnfmt was built without the double-dummy solver: build it with \
    `cargo install --path . --features dds` (DDS is C++: it needs a C++20 compiler and libclang, \
    on Debian `apt-get install g++ libclang-dev`; see docs/analyze.md)";

pub use crate::model::double_dummy::{Outcome, Solutions, Tricks, digits, read_digits};

/// True when `key` gives each seat 13 cards (two bits a card, the seat holding it; nothing above
/// the 52 cards).
pub fn is_complete(key: u128) -> bool {
    key >> 104 == 0
        && crate::model::deal_key::hands(key)
            .iter()
            .all(|hand| hand.len() == 13)
}

/// The deal of `key` as a PBN Deal value from North (`N:AKQ.JT9.8765.432 ...`).
pub fn deal_text(key: u128) -> String {
    let mut out = String::from("N:");
    for (i, hand) in crate::model::deal_key::hands(key).into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        hand.push_pbn(&mut out);
    }
    out
}

/// Double-dummy results kept between runs, by deal (`--cache FILE`): a text file of one line a
/// deal, its key in hexadecimal and its DoubleDummyTricks digits. Lines that do not read are
/// skipped (and rewritten away when the cache is saved); the file is replaced atomically.
#[derive(Debug)]
pub struct Cache {
    path: PathBuf,
    map: HashMap<u128, Tricks>,
    /// Results added since the file was read.
    pub added: usize,
    /// Lines of the file that did not read.
    pub skipped: usize,
}

const CACHE_HEADER: &str = "# pbnfmt double-dummy cache 1: a deal's key (two bits a card, \
    spades 2 first, the seat N=0 E=1 S=2 W=3), then its tricks as a DoubleDummyTricks value";

impl Cache {
    /// The cache at `path`; empty when the file does not exist yet.
    pub fn load(path: &Path) -> io::Result<Cache> {
        let mut cache = Cache {
            path: path.to_owned(),
            map: HashMap::new(),
            added: 0,
            skipped: 0,
        };
        let file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(cache),
            Err(error) => return Err(error),
        };
        // Lines are short; a line that is not is not ours, and is read in bounded pieces.
        let mut reader = BufReader::new(file);
        let mut line = Vec::new();
        loop {
            line.clear();
            let read = (&mut reader).take(256).read_until(b'\n', &mut line)?;
            if read == 0 {
                break;
            }
            if line.last() != Some(&b'\n') && read == 256 {
                // Past a long line's first piece: skip to its end.
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    let n = (&mut reader).take(4096).read_until(b'\n', &mut rest)?;
                    if n == 0 || rest.last() == Some(&b'\n') {
                        break;
                    }
                }
                cache.skipped += 1;
                continue;
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let entry = text.split_once(' ').and_then(|(key, tricks)| {
                let key = u128::from_str_radix(key, 16)
                    .ok()
                    .filter(|&k| is_complete(k))?;
                Some((key, read_digits(tricks)?))
            });
            match entry {
                Some((key, tricks)) if tricks.iter().flatten().all(|&n| n <= 13) => {
                    cache.map.insert(key, tricks);
                }
                _ => cache.skipped += 1,
            }
        }
        Ok(cache)
    }

    pub fn get(&self, key: u128) -> Option<&Tricks> {
        self.map.get(&key)
    }

    pub fn insert(&mut self, key: u128, tricks: Tricks) {
        if self.map.insert(key, tricks).is_none() {
            self.added += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Writes the cache, sorted by key, in place of the file (atomically).
    pub fn save(&self) -> io::Result<()> {
        let mut entries: Vec<(&u128, &Tricks)> = self.map.iter().collect();
        entries.sort_unstable_by_key(|(key, _)| **key);
        let mut text = String::with_capacity(entries.len() * 54 + CACHE_HEADER.len() + 1);
        text.push_str(CACHE_HEADER);
        text.push('\n');
        for (key, tricks) in entries {
            text.push_str(&format!("{key:026x} {}\n", digits(tricks)));
        }
        let mut output = crate::io::spool::Output::from_bytes(text.into_bytes());
        crate::io::write::write_atomic(&self.path, &mut output, None)
    }
}

/// How deals are solved.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Worker processes at once.
    pub threads: usize,
    /// The longest a deal may take.
    pub timeout: Duration,
    /// Memory for all workers together, in MiB.
    pub max_memory_mib: u64,
    /// The pbnfmt to run as `pbnfmt dds-worker`.
    pub program: PathBuf,
}

/// The least memory a worker is given, in MiB: DDS's smallest transposition table and the
/// program itself.
pub const MIN_WORKER_MIB: u64 = 160;

/// What a worker's transposition table may take of its share (the rest is the program, its
/// stacks and DDS's fixed tables), in MiB.
pub fn table_mib(worker_mib: u64) -> u64 {
    worker_mib.saturating_sub(128).max(16)
}

impl SolveOptions {
    /// Each worker's share of `--max-memory`, in MiB.
    pub fn worker_mib(&self) -> u64 {
        (self.max_memory_mib / self.threads.max(1) as u64).max(MIN_WORKER_MIB)
    }
}

/// One worker process and the lines it answers.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    answers: mpsc::Receiver<String>,
}

/// Why a worker gave no answer.
enum Stop {
    TimedOut,
    Died(String),
}

impl Worker {
    fn start(options: &SolveOptions) -> io::Result<Worker> {
        let mut child = Command::new(&options.program)
            .arg("dds-worker")
            .arg("--memory")
            .arg(options.worker_mib().to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("the worker has no pipes"));
        };
        let (send, answers) = mpsc::channel();
        // Ends when the worker's output does: at its exit, or when it is killed. A thread the OS
        // refuses is an error for this worker, not a panic.
        let reading = std::thread::Builder::new().spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            loop {
                line.clear();
                match (&mut reader).take(1024).read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if send.send(line.trim_end().to_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        if let Err(error) = reading {
            let _ = child.kill();
            let _ = child.wait();
            return Err(error);
        }
        Ok(Worker {
            child,
            stdin,
            answers,
        })
    }

    fn ask(&mut self, key: u128, timeout: Duration) -> Result<Tricks, Stop> {
        let asked = writeln!(self.stdin, "{key:026x}").and_then(|()| self.stdin.flush());
        if asked.is_err() {
            return Err(Stop::Died(self.end()));
        }
        match self.answers.recv_timeout(timeout) {
            Ok(line) => match read_digits(&line) {
                Some(tricks) => Ok(tricks),
                None => Err(Stop::Died(format!(
                    "the solver answered `{}`",
                    crate::display::escape(line.strip_prefix("error: ").unwrap_or(&line))
                ))),
            },
            Err(mpsc::RecvTimeoutError::Timeout) => Err(Stop::TimedOut),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(Stop::Died(self.end())),
        }
    }

    /// Ends the worker; how it ended.
    fn end(&mut self) -> String {
        let _ = self.child.kill();
        match self.child.wait() {
            Ok(status) => {
                #[cfg(unix)]
                {
                    use std::os::unix::process::ExitStatusExt;
                    if let Some(signal) = status.signal()
                        && signal != 9
                    {
                        return format!(
                            "the solver was ended by signal {signal} (out of memory? see --max-memory)"
                        );
                    }
                }
                format!("the solver stopped ({status}; out of memory? see --max-memory)")
            }
            Err(error) => format!("the solver stopped ({error})"),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Solves `keys` (complete deals) on `options.threads` workers; `done` is told how many are
/// done after each. The outcomes are in the order of `keys`.
pub fn solve_all(
    keys: &[u128],
    options: &SolveOptions,
    done: &(dyn Fn(usize) + Sync),
) -> Vec<Outcome> {
    let outcomes: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; keys.len()]);
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    // Each thread takes the next deal until none is left; with no thread granted by the OS, the
    // calling thread does (issue 45, item 17).
    let solve_all = || {
        let mut worker: Option<Worker> = None;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&key) = keys.get(i) else { break };
            let outcome = if !is_complete(key) {
                Outcome::Failed("not a deal of four 13-card hands".to_owned())
            } else {
                solve_one(&mut worker, key, options)
            };
            outcomes.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(outcome);
            done(finished.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..options.threads.clamp(1, keys.len().max(1)) {
            if !crate::parallel::try_spawn(scope, solve_all) {
                break;
            }
            started += 1;
        }
        if started == 0 {
            solve_all();
        }
    });
    outcomes
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|o| o.unwrap_or_else(|| Outcome::Failed("not solved".to_owned())))
        .collect()
}

fn solve_one(worker: &mut Option<Worker>, key: u128, options: &SolveOptions) -> Outcome {
    let running = match worker {
        Some(running) => running,
        None => match Worker::start(options) {
            Ok(started) => worker.insert(started),
            Err(error) => {
                return Outcome::Failed(format!(
                    "the solver could not be started ({}): {error}",
                    crate::display::escape(&options.program.display().to_string())
                ));
            }
        },
    };
    match running.ask(key, options.timeout) {
        Ok(tricks) => Outcome::Solved(tricks),
        Err(stop) => {
            // The worker is ended either way: a stuck one is killed, a dead one reaped.
            let mut ended = worker.take();
            match stop {
                Stop::TimedOut => {
                    if let Some(ended) = &mut ended {
                        ended.end();
                    }
                    Outcome::TimedOut(options.timeout)
                }
                Stop::Died(why) => Outcome::Failed(why),
            }
        }
    }
}

/// `pbnfmt dds-worker`: solves the deal of each key read on standard input and answers its
/// tricks (DoubleDummyTricks digits), or `error: ...`, a line each. Its address space is limited
/// to `memory_mib`, the solver's transposition table to what is left of it after the program.
#[cfg(feature = "dds")]
pub fn worker(memory_mib: u64) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        // The address space, not the resident memory: what the kernel can enforce. The program
        // and its libraries reserve more than they touch, hence the margin over the table. A
        // lower limit already set (`prlimit` on pbnfmt) stays.
        let wanted = memory_mib.saturating_add(256).saturating_mul(1024 * 1024);
        let hard = getrlimit(Resource::As).maximum;
        let bytes = hard.map_or(wanted, |hard| hard.min(wanted));
        let limit = Rlimit {
            current: Some(bytes),
            maximum: hard,
        };
        setrlimit(Resource::As, limit).map_err(io::Error::from)?;
    }
    let table = u32::try_from(table_mib(memory_mib)).unwrap_or(u32::MAX);
    let config = dds_bridge::SolverConfig {
        tt_kind: dds_bridge::TtKind::Pattern,
        tt_mem_default_mb: table.min(32),
        tt_mem_maximum_mb: table,
    };
    let mut solver = dds_bridge::Solver::new(config);
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut line = String::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        if (&mut input).take(256).read_line(&mut line)? == 0 {
            return Ok(());
        }
        match u128::from_str_radix(line.trim(), 16)
            .ok()
            .filter(|&key| is_complete(key))
        {
            Some(key) => match solve_in(&mut solver, key) {
                Ok(tricks) => writeln!(out, "{}", digits(&tricks))?,
                Err(why) => writeln!(out, "error: {why}")?,
            },
            None => writeln!(out, "error: not the key of a complete deal")?,
        }
        out.flush()?;
    }
}

/// Solves one complete deal in this process; why not, when contract-bridge does not read the
/// deal's text.
#[cfg(feature = "dds")]
pub fn solve_in(solver: &mut dds_bridge::Solver, key: u128) -> Result<Tricks, String> {
    use contract_bridge::Strain;
    let deal: contract_bridge::FullDeal = deal_text(key)
        .parse()
        .map_err(|error| format!("the solver does not read the deal: {error}"))?;
    let table = solver.solve_deal(deal);
    let mut tricks: Tricks = [[0; 5]; 4];
    for (d, strain) in [
        (Denomination::Clubs, Strain::Clubs),
        (Denomination::Diamonds, Strain::Diamonds),
        (Denomination::Hearts, Strain::Hearts),
        (Denomination::Spades, Strain::Spades),
        (Denomination::NoTrump, Strain::Notrump),
    ] {
        for (seat, at) in [
            (Seat::North, contract_bridge::Seat::North),
            (Seat::East, contract_bridge::Seat::East),
            (Seat::South, contract_bridge::Seat::South),
            (Seat::West, contract_bridge::Seat::West),
        ] {
            tricks[seat as usize][d as usize] = table[strain].get(at).get();
        }
    }
    Ok(tricks)
}

/// Without the solver, the worker says so.
#[cfg(not(feature = "dds"))]
pub fn worker(_memory_mib: u64) -> io::Result<()> {
    Err(io::Error::other(WITHOUT))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32";

    fn key_of(text: &str) -> u128 {
        let (deal, problems) = crate::model::deal::parse(text);
        assert!(problems.is_empty());
        crate::model::deal_key::key(&deal.unwrap()).unwrap()
    }

    #[test]
    fn a_key_gives_back_its_deal() {
        let key = key_of(DEAL);
        assert!(is_complete(key));
        assert_eq!(deal_text(key), DEAL);
        assert!(!is_complete(key | (1 << 110)));
        assert!(!is_complete(0));
    }

    #[test]
    fn digits_read_back() {
        let tricks = read_digits("7c5c67c5c61181711817").unwrap();
        assert_eq!(
            tricks[Seat::North as usize][Denomination::NoTrump as usize],
            7
        );
        assert_eq!(
            tricks[Seat::North as usize][Denomination::Spades as usize],
            12
        );
        assert_eq!(tricks[Seat::West as usize][Denomination::Clubs as usize], 7);
        assert_eq!(digits(&tricks), "7c5c67c5c61181711817");
        assert_eq!(read_digits("7c5c67c5c6118171181"), None);
        assert_eq!(read_digits("7c5c67c5c6118171181e"), None);
    }

    #[test]
    fn the_cache_keeps_what_reads_and_skips_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("dd.cache");
        let key = key_of(DEAL);
        std::fs::write(
            &path,
            format!(
                "# a comment\n{key:026x} 7c5c67c5c61181711817\nnonsense\n{} 0\n{}\n",
                "f".repeat(40),
                "x".repeat(100_000)
            ),
        )
        .unwrap();
        let mut cache = Cache::load(&path).unwrap();
        assert_eq!((cache.len(), cache.skipped), (1, 3));
        assert_eq!(
            cache.get(key).map(digits).as_deref(),
            Some("7c5c67c5c61181711817")
        );
        cache.insert(key, read_digits("7c5c67c5c61181711817").unwrap());
        assert_eq!(cache.added, 0);
        cache.save().unwrap();
        let again = Cache::load(&path).unwrap();
        assert_eq!((again.len(), again.skipped), (1, 0));
        assert!(Cache::load(&dir.path().join("absent")).unwrap().is_empty());
    }
}
