//! Work on several files at once, and hand the results back in the order of the inputs, so that
//! a run on eight threads prints the same bytes as a run on one.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

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
    ordered_by(items, threads, |_| 0, work, sink);
}

/// [`ordered`], starting the items of the largest `cost` first (ties in item order), so that a
/// large file at the end of the list does not leave the other threads idle. Results still reach
/// `sink` in item order.
pub fn ordered_by<T, R>(
    items: &[T],
    threads: usize,
    cost: impl Fn(&T) -> u64,
    work: impl Fn(&T) -> R + Sync,
    mut sink: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        for (index, item) in items.iter().enumerate() {
            if !sink(index, work(item)) {
                return;
            }
        }
        return;
    }
    let mut start_order: Vec<usize> = (0..items.len()).collect();
    // The cost is a file's size, a system call: asked once an item, not once a comparison.
    start_order.sort_by_cached_key(|&index| std::cmp::Reverse(cost(&items[index])));
    let next = AtomicUsize::new(0);
    let stop = AtomicUsize::new(items.len());
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, stop, work, start_order) = (&next, &stop, &work, &start_order);
            scope.spawn(move || {
                loop {
                    let turn = next.fetch_add(1, Ordering::Relaxed);
                    if turn >= stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = start_order[turn];
                    if sender.send((index, work(&items[index]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut expected = 0;
        for (index, result) in receiver {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&expected) {
                if !sink(expected, result) {
                    stop.store(0, Ordering::Relaxed);
                    return;
                }
                expected += 1;
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
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel(ahead.max(1));
        let (done, finished) = mpsc::channel::<I::Item>();
        scope.spawn(move || {
            let mut items = items;
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
        });
        for item in receiver {
            consume(&item);
            let _ = done.send(item);
        }
    });
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
