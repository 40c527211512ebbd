//! The solving a run does before it checks (H008, H009) or rewrites (`analyze`): each deal solved
//! once, those the cache holds taken from it, the others on worker processes ([`crate::dds`]),
//! their tricks added to the cache. The command line reads the keys, loads and names the cache,
//! shows the progress and says what was done.

use crate::dds::{self, Cache, Outcome, Solutions, SolveOptions};

/// The deals of a run to solve: each key once, those the cache holds already answered.
pub struct Solving {
    /// Every key, once.
    keys: usize,
    /// The keys the cache does not hold.
    to_solve: Vec<u128>,
    solutions: Solutions,
}

/// What solving gave.
pub struct Solved {
    pub solutions: Solutions,
    /// How many deals were solved now, taken from the cache, and not solved (H009: out of time
    /// or memory, or the worker failed).
    pub solved: usize,
    pub from_cache: usize,
    pub unsolved: usize,
}

impl Solving {
    /// The deals of `keys` (in any order, repeated or not), those in `cache` answered from it.
    pub fn new(mut keys: Vec<u128>, cache: Option<&Cache>) -> Solving {
        keys.sort_unstable();
        keys.dedup();
        let mut solutions = Solutions::default();
        let mut to_solve = Vec::new();
        for &key in &keys {
            match cache.and_then(|cache| cache.get(key)) {
                Some(tricks) => solutions.insert(key, Outcome::Solved(*tricks)),
                None => to_solve.push(key),
            }
        }
        Solving {
            keys: keys.len(),
            to_solve,
            solutions,
        }
    }

    /// How many deals the solver is left to solve.
    pub fn to_solve(&self) -> usize {
        self.to_solve.len()
    }

    /// Solves the deals left (`done` is told how many are done as they are), their tricks added
    /// to `cache`, which is saved when it gained any. `Err`: the cache could not be written.
    pub fn solve(
        self,
        options: &SolveOptions,
        mut cache: Option<&mut Cache>,
        done: &(dyn Fn(usize) + Sync),
    ) -> Result<Solved, std::io::Error> {
        let Solving {
            keys,
            to_solve,
            mut solutions,
        } = self;
        let outcomes = dds::solve_all(&to_solve, options, done);
        let mut unsolved = 0;
        for (&key, outcome) in to_solve.iter().zip(outcomes) {
            match (&outcome, cache.as_deref_mut()) {
                (Outcome::Solved(tricks), Some(cache)) => cache.insert(key, *tricks),
                (Outcome::Solved(_), None) => {}
                _ => unsolved += 1,
            }
            solutions.insert(key, outcome);
        }
        if let Some(cache) = cache
            && cache.added > 0
        {
            cache.save()?;
        }
        Ok(Solved {
            solutions,
            solved: to_solve.len() - unsolved,
            from_cache: keys - to_solve.len(),
            unsolved,
        })
    }
}
