//! The memory of H001's table of deals (issue 27: a 10-million-deal archive in well under 1 GB):
//! feeds `pbnfmt::sets::Repeats` N distinct random deals in files of 100,000 and prints the peak
//! resident memory. `cargo run --release --example repeats_memory -- 10000000`.

use pbnfmt::sets::{Repeats, SeenDeal};

fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kb| kb.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let count: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000_000);
    let before = peak_kb();
    let mut repeats = Repeats::new(Default::default());
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut done = 0;
    while done < count {
        let batch = (count - done).min(100_000);
        let deals: Vec<SeenDeal> = (0..batch)
            .map(|i| SeenDeal {
                // Random bits stand for layouts: the table does not look inside a key.
                key: [next(), next() & 0xff_ffff_ffff],
                board: (i % 36 + 1) as u32,
                played: (i % 36 + 1) as u32,
                session: 1,
                start: 0,
                end: 0,
                line: i as u32,
            })
            .collect();
        let found = repeats.file("archive.pbn", &deals, false);
        assert!(found.is_empty());
        done += batch;
    }
    let peak = peak_kb();
    println!(
        "{} distinct deals: peak {} MB ({} bytes a deal above the {} MB start)",
        repeats.len(),
        peak / 1024,
        (peak - before) * 1024 / count.max(1),
        before / 1024
    );
}
