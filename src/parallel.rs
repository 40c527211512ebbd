//! Work on several files at once, and hand the results back in the order of the inputs, so that
//! a run on eight threads prints the same bytes as a run on one.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

/// Starts `body` on a thread of `scope`, or returns false when the OS refuses one (a process
/// limit, a container's `pids.max`, an address-space cap): the callers then work on the threads
/// that did start, or on the calling thread, and never panic or wait for a thread that is not
/// there (issue 45, item 17).
pub fn try_spawn<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    body: impl FnOnce() + Send + 'scope,
) -> bool {
    std::thread::Builder::new()
        .spawn_scoped(scope, body)
        .is_ok()
}

/// What waits in `slot` for whichever thread takes it first.
fn take<T>(slot: &Mutex<Option<T>>) -> Option<T> {
    slot.lock().unwrap_or_else(PoisonError::into_inner).take()
}

/// How many threads to use when not told: the machine's parallelism.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Runs `work` on every item on up to `threads` threads, and calls `sink` on the calling thread
/// with each result in item order, as soon as it and every earlier one are done. `sink` returns
/// false to stop: no new item is started, and the rest are dropped.
pub fn ordered<T, R>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    sink: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
{
    ordered_by(items, threads, |_| 0, work, |_| 0, |_| {}, sink);
}

/// [`ordered`], starting the items of the largest `cost` first (ties in item order), so that a
/// large file at the end of the list does not leave the other threads idle. Results still reach
/// `sink` in item order; `arrived` is told on the calling thread how many are done each time one
/// is, whatever its place (a progress line). What waits for an earlier result is bounded by
/// count and by `weight` (its bytes): past [`WAITING_SOFT`] the threads take the earliest item
/// instead of the largest, and past [`WAITING_HARD`] they wait.
pub fn ordered_by<'a, T, R>(
    items: &'a [T],
    threads: usize,
    cost: impl Fn(&T) -> u64,
    work: impl Fn(&'a T) -> R + Sync,
    weight: impl Fn(&R) -> usize + Sync,
    mut arrived: impl FnMut(usize),
    mut sink: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    // One item after the other on the calling thread: one thread asked for, or none granted.
    let in_turn = |arrived: &mut dyn FnMut(usize), sink: &mut dyn FnMut(usize, R) -> bool| {
        for (index, item) in items.iter().enumerate() {
            let result = work(item);
            arrived(index + 1);
            if !sink(index, result) {
                return;
            }
        }
    };
    if threads == 1 {
        in_turn(&mut arrived, &mut sink);
        return;
    }
    let mut by_cost: Vec<usize> = (0..items.len()).collect();
    // The cost is a file's size, a system call: asked once an item, not once a comparison.
    by_cost.sort_by_cached_key(|&index| std::cmp::Reverse(cost(&items[index])));
    let schedule = Mutex::new(Schedule {
        started: vec![false; items.len()],
        by_cost,
        cost_cursor: 0,
        index_cursor: 0,
        expected: 0,
        waiting: 0,
        waiting_weight: 0,
        remaining: items.len(),
        stopped: false,
    });
    let moved = Condvar::new();
    let lock = || schedule.lock().unwrap_or_else(PoisonError::into_inner);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        let mut started = 0;
        for _ in 0..threads {
            let sender = sender.clone();
            let (work, weight, lock, moved) = (&work, &weight, &lock, &moved);
            let spawned = try_spawn(scope, move || {
                loop {
                    let mut state = lock();
                    let index = loop {
                        match state.take() {
                            Ok(Some(index)) => break index,
                            Ok(None) => return,
                            Err(()) => {
                                state = moved.wait(state).unwrap_or_else(PoisonError::into_inner)
                            }
                        }
                    };
                    drop(state);
                    let result = work(&items[index]);
                    let heft = weight(&result);
                    let mut state = lock();
                    state.waiting += 1;
                    state.waiting_weight += heft;
                    drop(state);
                    if sender.send((index, heft, result)).is_err() {
                        return;
                    }
                }
            });
            if !spawned {
                break;
            }
            started += 1;
        }
        drop(sender);
        if started == 0 {
            in_turn(&mut arrived, &mut sink);
            return;
        }
        let mut pending = BTreeMap::new();
        let mut done = 0;
        let mut expected = 0;
        for (index, heft, result) in receiver {
            done += 1;
            arrived(done);
            pending.insert(index, (heft, result));
            while let Some((heft, result)) = pending.remove(&expected) {
                let going = sink(expected, result);
                expected += 1;
                let mut state = lock();
                state.expected = expected;
                state.waiting -= 1;
                state.waiting_weight -= heft;
                state.stopped |= !going;
                drop(state);
                moved.notify_all();
                if !going {
                    return;
                }
            }
        }
    });
}

/// Produces `items` on a thread of its own, up to `ahead` items ahead, while `consume` takes
/// them in order on the calling thread: the chunks of a large file are lexed and parsed while the
/// ones before are checked or written. Each item goes back to the producing thread to be dropped,
/// so that memory is freed where it was allocated.
pub fn pipeline<I>(items: I, ahead: usize, mut consume: impl FnMut(&I::Item))
where
    I: Iterator + Send,
    I::Item: Send,
{
    let (done, finished) = mpsc::channel::<I::Item>();
    ahead_of(
        items,
        ahead,
        move |mut items, sender| {
            loop {
                // Drop what the consumer is done with, here, before making the next item: at
                // most `ahead` items wait, one is consumed, and one is made.
                while finished.try_recv().is_ok() {}
                let Some(item) = items.next() else { break };
                if sender.send(item).is_err() {
                    break;
                }
            }
            drop(sender);
            for _ in finished {}
        },
        // Owns `done`, so that the producer's last loop ends when this does. Without a thread
        // of its own, the producer's channel is gone and each item is dropped here.
        move |items| {
            for item in items {
                consume(&item);
                let _ = done.send(item);
            }
        },
    );
}

/// Makes `items` on a thread of its own, up to `ahead` items ahead, and hands them to `consume`
/// as an iterator on the calling thread, which takes ownership of each: [`pipeline`] for a
/// consumer that passes its items on (export hands each chunk's parse to its proof). When
/// `consume` returns early, the producer stops at its next item.
pub fn produced_ahead<I, R>(
    items: I,
    ahead: usize,
    consume: impl FnOnce(&mut dyn Iterator<Item = I::Item>) -> R,
) -> R
where
    I: Iterator + Send,
    I::Item: Send,
{
    ahead_of(
        items,
        ahead,
        |items, sender| {
            for item in items {
                if sender.send(item).is_err() {
                    break;
                }
            }
        },
        consume,
    )
}

/// The thread [`pipeline`] and [`produced_ahead`] make their items on: `produce` sends `items`
/// through a channel that holds `ahead`, and `consume` takes them on the calling thread. Refused
/// a thread, the calling thread does without one: `consume` takes the items themselves.
fn ahead_of<I, R>(
    items: I,
    ahead: usize,
    produce: impl FnOnce(I, mpsc::SyncSender<I::Item>) + Send,
    consume: impl FnOnce(&mut dyn Iterator<Item = I::Item>) -> R,
) -> R
where
    I: Iterator + Send,
    I::Item: Send,
{
    // The producer takes the items from here; refused a thread, the calling thread does.
    let slot = Mutex::new(Some(items));
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel(ahead.max(1));
        let slot_ref = &slot;
        let spawned = try_spawn(scope, move || {
            if let Some(items) = take(slot_ref) {
                produce(items, sender);
            }
        });
        if !spawned {
            // The closure never ran: the items are still in the slot.
            if let Some(mut items) = take(&slot) {
                return consume(&mut items);
            }
        }
        consume(&mut receiver.into_iter())
    })
}

/// Runs `work` on each item of `items` on `threads` threads of their own, while the calling
/// thread makes the items (the iterator runs there, so it may write and borrow what it likes);
/// the results in item order. Each thread has its own `state` to work in. One item at most waits
/// for a thread (the calling thread waits to hand on the next), so that at most `threads + 2`
/// items are alive at once whichever side is slower. A panic in `work` reaches the caller once
/// the items are all made.
pub fn beside<I, S, R>(
    items: I,
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize, I::Item) -> R + Sync,
) -> Vec<R>
where
    I: Iterator,
    I::Item: Send,
    R: Send,
{
    let threads = threads.max(1);
    let panicked = Mutex::new(None);
    let (sender, receiver) = mpsc::sync_channel::<(usize, I::Item)>(1);
    let receiver = Mutex::new(receiver);
    let (done, results) = mpsc::channel::<(usize, R)>();
    // Borrowed by the threads; the channel ends and the items move into the scope.
    let (receiver, state, work, caught) = (&receiver, &state, &work, &panicked);
    let results = std::thread::scope(move |scope| {
        let mut started = 0;
        for _ in 0..threads {
            let done = done.clone();
            let panicked = caught;
            let spawned = try_spawn(scope, move || {
                let mut state = state();
                loop {
                    // The lock is held only while waiting for the next item.
                    let next = receiver
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .recv();
                    let Ok((index, item)) = next else { break };
                    // After a panic the thread goes on taking items, without working, so that
                    // the calling thread never waits for a thread that is gone.
                    if panicked
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .is_some()
                    {
                        continue;
                    }
                    let run = std::panic::AssertUnwindSafe(|| work(&mut state, index, item));
                    match std::panic::catch_unwind(run) {
                        Ok(result) => {
                            let _ = done.send((index, result));
                        }
                        Err(payload) => {
                            panicked
                                .lock()
                                .unwrap_or_else(PoisonError::into_inner)
                                .get_or_insert(payload);
                        }
                    }
                }
            });
            if !spawned {
                break;
            }
            started += 1;
        }
        drop(done);
        if started == 0 {
            // Refused every thread: the work is done here, in order.
            let mut state = state();
            return items
                .enumerate()
                .map(|(index, item)| Some(work(&mut state, index, item)))
                .collect();
        }
        let mut count = 0;
        for (index, item) in items.enumerate() {
            count = index + 1;
            if sender.send((index, item)).is_err() {
                break;
            }
        }
        drop(sender);
        let mut ordered: Vec<Option<R>> = (0..count).map(|_| None).collect();
        for (index, result) in results {
            ordered[index] = Some(result);
        }
        ordered
    });
    if let Some(payload) = panicked
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        std::panic::resume_unwind(payload);
    }
    results.into_iter().flatten().collect()
}

/// How much finished work may wait for its turn (an earlier file still being worked on) before
/// the threads stop taking the largest file first and take the earliest instead.
const WAITING_SOFT: usize = 8 << 20;
/// Past this, a thread waits rather than start another file, unless that file is the one the
/// results wait for. With [`WAITING_SOFT`], this bounds the memory of a run whatever the number
/// of files: checking 3,440 files (the shared corpus 40 times) on two threads peaked at 976 MB
/// before, 79 MB after; one thread takes 29 MB (issue 24).
const WAITING_HARD: usize = 32 << 20;
/// The same bounds counted in results, for runs of many small ones.
const WAITING_COUNT_SOFT: usize = 256;
const WAITING_COUNT_HARD: usize = 1024;

/// Which item each thread takes next, and what waits to be handed on.
struct Schedule {
    started: Vec<bool>,
    /// Items in the order of their cost, largest first.
    by_cost: Vec<usize>,
    /// Next place to look in `by_cost`, and the smallest item that may not have started.
    cost_cursor: usize,
    index_cursor: usize,
    /// The item whose result is handed on next.
    expected: usize,
    /// Results done and not yet handed on, and their weight.
    waiting: usize,
    waiting_weight: usize,
    /// Items not started yet.
    remaining: usize,
    stopped: bool,
}

impl Schedule {
    /// The item a thread starts next, or None when there is none left or the run stopped.
    /// `Err(())`: wait for the results to move on.
    fn take(&mut self) -> Result<Option<usize>, ()> {
        if self.stopped || self.remaining == 0 {
            return Ok(None);
        }
        let light = self.waiting < WAITING_COUNT_SOFT && self.waiting_weight < WAITING_SOFT;
        let heavy = self.waiting >= WAITING_COUNT_HARD || self.waiting_weight >= WAITING_HARD;
        let expected_free = self.started.get(self.expected) == Some(&false);
        let index = if light {
            while self
                .by_cost
                .get(self.cost_cursor)
                .is_some_and(|&i| self.started[i])
            {
                self.cost_cursor += 1;
            }
            self.by_cost.get(self.cost_cursor).copied()
        } else if !heavy || expected_free {
            while self.started.get(self.index_cursor) == Some(&true) {
                self.index_cursor += 1;
            }
            (self.index_cursor < self.started.len()).then_some(self.index_cursor)
        } else {
            return Err(());
        };
        if let Some(index) = index {
            self.started[index] = true;
            self.remaining -= 1;
        }
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order() {
        let items: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 8] {
            let mut seen = Vec::new();
            ordered(
                &items,
                threads,
                |&n| {
                    // Uneven work, so that later items often finish first.
                    std::thread::sleep(std::time::Duration::from_micros((n * 37) % 200));
                    n * n
                },
                |index, square| {
                    seen.push((index, square));
                    true
                },
            );
            let expected: Vec<_> = items.iter().map(|&n| (n as usize, n * n)).collect();
            assert_eq!(seen, expected, "{threads} threads");
        }
    }

    #[test]
    fn largest_first_still_reports_in_input_order() {
        let items: Vec<u64> = (0..100).collect();
        let started = std::sync::Mutex::new(Vec::new());
        let mut seen = Vec::new();
        ordered_by(
            &items,
            2,
            |&n| n % 10,
            |&n| {
                started.lock().map(|mut s| s.push(n)).ok();
                n
            },
            |_| 0,
            |_| {},
            |index, n| {
                seen.push((index, n));
                true
            },
        );
        assert_eq!(
            seen,
            items.iter().map(|&n| (n as usize, n)).collect::<Vec<_>>()
        );
        // The costliest items (n % 10 == 9) were started first.
        let started = started.into_inner().unwrap_or_default();
        assert!(started[..2].iter().all(|n| n % 10 == 9), "{started:?}");
    }

    #[test]
    fn what_waits_for_its_turn_is_bounded() {
        // Item 0 is slow; the others are quick and heavy. Without a bound, every other result
        // would wait for item 0 in memory.
        let items: Vec<u32> = (0..400).collect();
        let peak = std::sync::atomic::AtomicUsize::new(0);
        let held = std::sync::atomic::AtomicUsize::new(0);
        let mut seen = Vec::new();
        ordered_by(
            &items,
            3,
            |&n| u64::from(n == 0),
            |&n| {
                if n == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(300));
                }
                let now = held.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                peak.fetch_max(now, std::sync::atomic::Ordering::SeqCst);
                n
            },
            |_| 1 << 20,
            |_| {},
            |index, n| {
                held.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                seen.push((index, n));
                true
            },
        );
        assert_eq!(seen.len(), 400);
        assert!(seen.iter().all(|&(index, n)| index == n as usize));
        let peak = peak.into_inner();
        // 32 results of 1 MiB, and one more per thread started before the bound was reached.
        assert!(peak <= 32 + 3, "{peak} results waited at once");
    }

    #[test]
    fn arrivals_are_counted_as_they_finish() {
        // Item 0 finishes last: the arrivals still count 1, 2, 3 … before it is handed on.
        let items: Vec<u32> = (0..20).collect();
        let arrivals = std::cell::RefCell::new(Vec::new());
        let mut handed_on_at = Vec::new();
        ordered_by(
            &items,
            2,
            |&n| u64::from(n == 0),
            |&n| {
                if n == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
                n
            },
            |_| 0,
            |done| arrivals.borrow_mut().push(done),
            |index, _| {
                handed_on_at.push((index, arrivals.borrow().len()));
                true
            },
        );
        assert_eq!(arrivals.into_inner(), (1..=20).collect::<Vec<_>>());
        // Nothing could be handed on before item 0 arrived, and by then the rest had.
        assert_eq!(handed_on_at[0], (0, 20));
    }

    #[test]
    fn a_pipeline_keeps_the_order() {
        let mut seen = Vec::new();
        pipeline((0..1000u32).map(|n| n * 3), 2, |&n| seen.push(n));
        assert_eq!(seen, (0..1000u32).map(|n| n * 3).collect::<Vec<_>>());
    }

    #[test]
    fn stopping_ends_the_run() {
        let items: Vec<u32> = (0..1000).collect();
        let mut seen = 0;
        ordered(
            &items,
            4,
            |&n| n,
            |_, _| {
                seen += 1;
                seen < 10
            },
        );
        assert_eq!(seen, 10);
    }
}
