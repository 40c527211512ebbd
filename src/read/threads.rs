//! Reading the chunks of one file on several threads at once (`check -j`), the results taken in
//! in file order by the one sink, so that the output is that of one thread. Each thread parses a
//! chunk found without lexing ([`parser::speculative_chunk`]), builds its games' models as if no
//! game came before, and does the sink's work on them; the chunks are taken in in file order by
//! whichever thread finishes the next one. The guess is right unless a `#` or `##` value of an
//! earlier chunk reaches the chunk ([`Carry`]); then the chunk's models and work are done again
//! in order. A chunk that cannot be read whole at the first try (a game of more tokens than a
//! chunk holds, a comment across the cut) is read on the calling thread, and the threads go on
//! after it.
//!
//! The other threads inside a file live here too: a writer's (export's) chunks parsed ahead of it
//! and its pieces proven beside it ([`super::VettedChunks::written_beside`]), and the run's
//! [`Lane`] that lets one file at a time hold a flood of worded findings. `parallel.rs` keeps
//! only the primitives they are built of.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use super::{Chunk, Driver, Sniff};
use crate::model::{GameModel, Inheritor};
use crate::parser;
use crate::syntax::Parse;

/// The size of the chunks read on several threads at once: about 40,000 tokens of full games (0.31
/// a byte), well under what a chunk may hold ([`parser::MAX_CHUNK_TOKENS`]), and small enough that
/// the threads share the work out evenly.
const PARALLEL_CHUNK_BYTES: usize = 128 << 10;

/// The `#`/`##` values (PBN 4.8) carried from chunk to chunk in file order, for a reader that
/// builds a chunk's models apart from taking them in.
pub struct Carry<'t> {
    text: &'t str,
    inheritor: Inheritor<'t, 'static>,
}

impl<'t> Carry<'t> {
    /// The values before the first game of `text`: none.
    pub fn new(text: &'t str) -> Carry<'t> {
        Carry {
            text,
            inheritor: Inheritor::for_text(text),
        }
    }

    /// The models of the games of one chunk, in file order after the chunks before: the `#`/`##`
    /// values carried on.
    pub fn models<'p>(&mut self, parse: &'p Parse) -> Vec<GameModel<'p>>
    where
        't: 'p,
    {
        let mut inheritor: Inheritor<'t, '_> = std::mem::take(&mut self.inheritor);
        let models = parse
            .real_games()
            .map(|game| inheritor.game(parse, self.text, game))
            .collect();
        self.inheritor = inheritor.detach();
        models
    }

    /// Takes in the `#`/`##` values after a chunk whose models were built from no values
    /// (`local`, detached), when those models are the ones reading in order gives: no `#` of the
    /// chunk missed a value ([`Inheritor::missed`]) and no `##` value reaches it from before.
    /// False, with nothing changed, when the chunk must be read in order ([`Carry::models`]).
    fn take_values(&mut self, local: Inheritor<'t, 'static>) -> bool {
        if local.missed() || self.inheritor.has_sticky() {
            return false;
        }
        self.inheritor.then(local);
        true
    }
}

impl Driver<'_> {
    /// True when the text is worth reading on threads in chunks of `target` bytes: more than one
    /// chunk, and not one chunk by nature (embedded PBN, PBN 6.2).
    pub fn splits(&self, target: usize) -> bool {
        !self.sniff.chunks(target).is_whole() && self.text.len() > target
    }
}

/// The work done on a chunk's models on any thread.
pub type Work<'w, F> = dyn Fn(&Parse, &[GameModel<'_>]) -> F + Sync + 'w;

/// What takes in each chunk and its work's result, in file order.
pub type Take<'w, F> = dyn FnMut(&Chunk, F) + Send + 'w;

/// Reads the chunks of `driver`'s text on `threads` threads (see the module's documentation):
/// `work` runs on each chunk's models, on any thread, and `take` takes each chunk in with its
/// result, in file order, as if one thread had read the chunks of `target` bytes in turn.
pub fn read_on_threads<'t, F: Send>(
    driver: &mut Driver<'t>,
    target: usize,
    threads: usize,
    carry: &mut Carry<'t>,
    work: &Work<'_, F>,
    take: &mut Take<'_, F>,
) {
    let text = driver.text;
    let chunks = driver.sniff.chunks(target);
    // Smaller chunks than one thread reads: a chunk of 256 KiB of full games can hold more
    // tokens than a chunk may (and is then cut where only lexing tells), and more chunks share
    // out better. The results do not depend on the size.
    let part = target.min(PARALLEL_CHUNK_BYTES);
    let carry = Mutex::new(carry);
    let taker = Mutex::new(Taker {
        sniff: &mut driver.sniff,
        games: &mut driver.games,
        take,
    });
    let mut pos = 0;
    loop {
        pos = chunks_on_threads(text, pos, part, threads, &carry, work, &taker);
        if pos >= text.len() {
            break;
        }
        // The chunk at `pos` is not whole at the first try: read as one thread reads it (with a
        // game read in pieces, to that game's end), then on threads again.
        let mut alone = chunks.clone().from(pos);
        let mut taker = taker.lock().unwrap_or_else(|e| e.into_inner());
        let mut carry = carry.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(parse) = alone.next() {
            let models = carry.models(&parse);
            let result = work(&parse, &models);
            drop(models);
            taker.take(parse, result);
            if !alone.in_pieces() {
                break;
            }
        }
        pos = alone.position();
    }
}

/// The in-order end: the sniffer sees each chunk, the games are counted, and the sink takes it.
struct Taker<'d, 't, 'w, F> {
    sniff: &'d mut Sniff<'t>,
    games: &'d mut usize,
    take: &'d mut Take<'w, F>,
}

impl<F> Taker<'_, '_, '_, F> {
    fn take(&mut self, parse: Parse, result: F) {
        let found = self.sniff.chunk(&parse);
        *self.games += parse.real_games().count();
        (self.take)(&Chunk { parse, found }, result);
    }
}

/// A chunk read on a thread, waiting to be taken in in order.
struct Done<'t, F> {
    parse: Parse,
    /// The `#`/`##` values after the chunk read from none, and the work on the models so built;
    /// `None` when the threads no longer guess (the models are built in order).
    guess: Option<(Inheritor<'t, 'static>, F)>,
}

/// Reads the chunks of `text` from `from` on `threads` threads (see the module's documentation).
/// Returns where the first chunk that is not whole at the first try begins (for the caller to
/// read on one thread), or the end of the text.
fn chunks_on_threads<'t, F: Send>(
    text: &'t str,
    from: usize,
    target: usize,
    threads: usize,
    carry: &Mutex<&mut Carry<'t>>,
    work: &Work<'_, F>,
    taker: &Mutex<Taker<'_, 't, '_, F>>,
) -> usize {
    let regions = parser::chunk_regions(text, from, target);
    // Each chunk's models are first built from no values (`Inheritor::for_text` scanned the
    // whole text: once, not once a chunk).
    let fresh = carry
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .inheritor
        .fresh();
    let next = AtomicUsize::new(0);
    // The chunks done and not yet taken in, the next to take in, and where reading on threads
    // stopped (the first chunk not whole, or after a panic).
    struct Waiting<'t, F> {
        done: BTreeMap<usize, Done<'t, F>>,
        expected: usize,
        stop: usize,
        /// Wrong guesses in a row.
        misses: usize,
        /// A thread is taking in the next chunk, without the lock: the others leave it to it.
        taking: bool,
    }
    let waiting = Mutex::new(Waiting {
        done: BTreeMap::new(),
        expected: 0,
        stop: usize::MAX,
        misses: 0,
        taking: false,
    });
    let guessing = AtomicBool::new(true);
    let taken = Condvar::new();
    // At most this many chunks ahead of the next to take in, so that memory stays bounded when
    // one chunk is slow.
    let ahead = threads.saturating_add(2);
    let panicked = Mutex::new(None);
    let caught = |work: &mut dyn FnMut()| -> bool {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
            Ok(()) => true,
            Err(payload) => {
                panicked
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(payload);
                false
            }
        }
    };
    std::thread::scope(|scope| {
        // As many threads as the OS grants (issue 45, item 17): with none, no chunk is read here
        // and the caller reads the next one alone.
        for _ in 0..threads.min(regions.len()) {
            let spawned = crate::parallel::try_spawn(scope, || {
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(region) = regions.get(k) else { break };
                    {
                        let mut wait = waiting.lock().unwrap_or_else(|e| e.into_inner());
                        while k >= wait.expected + ahead && k < wait.stop {
                            wait = taken.wait(wait).unwrap_or_else(|e| e.into_inner());
                        }
                        if k >= wait.stop {
                            break;
                        }
                    }
                    let mut done = None;
                    let guess = guessing.load(Ordering::Relaxed);
                    let ok = caught(&mut || {
                        done = parser::speculative_chunk(text, region.clone()).map(|parse| {
                            if !guess {
                                return Done { parse, guess: None };
                            }
                            let mut local = fresh.clone();
                            let models: Vec<_> = parse
                                .real_games()
                                .map(|game| local.game(&parse, text, game))
                                .collect();
                            let result = work(&parse, &models);
                            drop(models);
                            let local = local.detach();
                            Done {
                                parse,
                                guess: Some((local, result)),
                            }
                        });
                    });
                    let mut wait = waiting.lock().unwrap_or_else(|e| e.into_inner());
                    match done {
                        Some(done) if ok => {
                            wait.done.insert(k, done);
                        }
                        _ => {
                            // Not whole at the first try (or a panic): the caller reads it.
                            wait.stop = wait.stop.min(k);
                        }
                    }
                    // Take in every chunk that is next, in order, one thread at a time, and
                    // without the lock, so that the other threads deposit their chunks and go
                    // on meanwhile. The taker goes on while the next chunk is there; a chunk
                    // deposited while nobody takes in is taken in by its depositor.
                    while !wait.taking {
                        let expected = wait.expected;
                        if expected >= wait.stop {
                            break;
                        }
                        let Some(chunk) = wait.done.remove(&expected) else {
                            break;
                        };
                        wait.taking = true;
                        drop(wait);
                        let mut chunk = Some(chunk);
                        let mut held = true;
                        let ok = caught(&mut || {
                            if let Some(chunk) = chunk.take() {
                                held = take_in(chunk, carry, work, taker);
                            }
                        });
                        wait = waiting.lock().unwrap_or_else(|e| e.into_inner());
                        wait.taking = false;
                        // A file whose `##` values reach every chunk would have each read twice:
                        // after a few wrong guesses, the threads only parse.
                        wait.misses = if held { 0 } else { wait.misses + 1 };
                        if wait.misses >= 4 {
                            guessing.store(false, Ordering::Relaxed);
                        }
                        wait.expected += 1;
                        if !ok {
                            wait.stop = wait.stop.min(wait.expected);
                        }
                        taken.notify_all();
                    }
                    taken.notify_all();
                }
            });
            if !spawned {
                break;
            }
        }
    });
    if let Some(payload) = panicked.into_inner().unwrap_or_else(|e| e.into_inner()) {
        std::panic::resume_unwind(payload);
    }
    let wait = waiting.into_inner().unwrap_or_else(|e| e.into_inner());
    regions
        .get(wait.expected)
        .map_or(text.len(), |region| region.start)
}

/// Takes in one chunk read on a thread: its guess when it holds, else its models and work after
/// the chunks before. False when a guess was wrong.
fn take_in<'t, F>(
    chunk: Done<'t, F>,
    carry: &Mutex<&mut Carry<'t>>,
    work: &Work<'_, F>,
    taker: &Mutex<Taker<'_, 't, '_, F>>,
) -> bool {
    let Done { parse, guess } = chunk;
    let lock = || carry.lock().unwrap_or_else(|e| e.into_inner());
    let in_order = || {
        let models = lock().models(&parse);
        work(&parse, &models)
    };
    let (held, result) = match guess {
        Some((local, result)) => {
            if lock().take_values(local) {
                (true, result)
            } else {
                (false, in_order())
            }
        }
        None => (true, in_order()),
    };
    taker
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take(parse, result);
    held
}

/// The threads of a writer (export): it writes each chunk in file order on the calling thread,
/// and what it writes is checked beside it.
impl super::VettedChunks<'_, '_> {
    /// Hands each chunk to `each` in file order, the chunks after it lexed and parsed on a thread
    /// of their own meanwhile: for a file that has a core to itself. The output is that of one
    /// thread.
    pub fn parsed_ahead(self, each: impl FnMut(&Chunk)) {
        crate::parallel::pipeline(self, 2, each);
    }

    /// `write` makes a piece of each chunk in file order on the calling thread, and `work` checks
    /// each piece (with its place in the file) on one of `workers` threads of its own, each with
    /// its own `state()`; the results in file order. With `ahead`, the chunks are lexed and parsed
    /// on one more thread, ahead of the writer. At most `workers + 2` pieces are alive at once.
    pub fn written_beside<P: Send, S, R: Send>(
        self,
        (ahead, workers): (bool, usize),
        write: impl FnMut(Chunk) -> P,
        state: impl Fn() -> S + Sync,
        work: impl Fn(&mut S, usize, P) -> R + Sync,
    ) -> Vec<R> {
        if ahead {
            crate::parallel::produced_ahead(self, 2, |parsed| {
                checked_beside(parsed.map(write), workers, state, work)
            })
        } else {
            checked_beside(self.map(write), workers, state, work)
        }
    }
}

/// The pieces `pieces` yields (made on the calling thread) checked on `workers` threads beside,
/// as [`super::VettedChunks::written_beside`] does; the results in order.
pub fn checked_beside<P: Send, S, R: Send>(
    pieces: impl Iterator<Item = P>,
    workers: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize, P) -> R + Sync,
) -> Vec<R> {
    crate::parallel::beside(pieces, workers, state, work)
}

/// One holder at a time of something too costly for every thread to hold at once (the worded
/// findings of a file that keeps finding, issue 45 item 15): the others wait their turn at
/// [`Lane::enter`]. A holder must never wait for another file's work while in the lane.
#[derive(Debug, Default)]
pub struct Lane {
    taken: Mutex<bool>,
    freed: Condvar,
}

/// A place in a [`Lane`], left when dropped.
#[derive(Debug)]
pub struct InLane(Arc<Lane>);

impl Lane {
    pub fn new() -> Arc<Lane> {
        Arc::new(Lane::default())
    }

    /// Waits until the lane is free, and takes it.
    pub fn enter(self: &Arc<Lane>) -> InLane {
        let mut taken = self.taken.lock().unwrap_or_else(PoisonError::into_inner);
        while *taken {
            taken = self
                .freed
                .wait(taken)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *taken = true;
        InLane(Arc::clone(self))
    }
}

impl Drop for InLane {
    fn drop(&mut self) {
        *self.0.taken.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.0.freed.notify_one();
    }
}
