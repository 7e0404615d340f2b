//! The look-ahead split, on every thread: each cube's root is propagated and probed for failed
//! literals, the cube of the largest search space left is split next, on the binary choice
//! whose two sides narrowed the state most, and what the probing ruled out goes with the cube
//! as forbidden candidates, so the search that conquers it starts from the narrowed state.
//!
//! Cube-and-conquer solvers split by look-ahead because it makes cubes of even difficulty:
//! splitting at the plain search's branch points leaves a few cubes that hold most of the work.

use super::Cube;
use crate::engine::grid::{Digit, Grid, Pos};
use crate::engine::search::cubes::Root;
use crate::engine::search::probe::Probing;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};

/// The probing at each cube's root: to its fixed point (a round costs two literals a choice;
/// the budget only bounds a runaway), with the all-different rule in each probe, which makes
/// far better splits than the cheaper rules alone.
const PROBING: Probing = Probing {
    from: 0,
    depth: 0,
    every: 1,
    budget: 4_000,
    matching: true,
    lookahead: true,
    alternate: false,
    ranked: false,
};

/// The most cubes probed, as a multiple of the cubes wanted: where probing refutes most
/// children the split would otherwise become a whole look-ahead search on few threads.
const PROBED_PER_CUBE: usize = 2;

/// A cube probed at its root: the logarithm of its search space (the product of its open
/// cells' candidate counts), the cube with what probing ruled out, and the placements of its
/// branch point (none once propagation solved it).
struct Probed {
    space: f64,
    cube: Cube,
    places: Vec<(usize, u8)>,
}

/// Probes `cube`'s root; `None` when that refutes it.
fn probe(puzzle: &Grid, cube: Cube) -> Option<Probed> {
    let grid = cube.grid(puzzle);
    let (root, domains) = cube.start(&grid).probed_root(Some(PROBING));
    match root {
        Root::Refuted => None,
        Root::Solved(_) => Some(Probed {
            space: 0.0,
            cube,
            places: Vec::new(),
        }),
        Root::Branch(places) => Some(Probed {
            space: domains.iter().map(|m| f64::from(m.count_ones()).ln()).sum(),
            cube: Cube {
                forbid: Arc::new(ruled_out(&grid, &domains)),
                ..cube
            },
            places,
        }),
    }
}

/// The candidates of `grid`'s open cells outside `domains` (bit `v - 1` for value `v`).
fn ruled_out(grid: &Grid, domains: &[u64]) -> Vec<(Pos, Digit)> {
    let size = grid.size();
    let side = size.side();
    let mut out = Vec::new();
    for (i, (entry, &mask)) in grid.entries().iter().zip(domains).enumerate() {
        if entry.digit().is_some() {
            continue;
        }
        for v in 1..=side {
            if mask & (1 << (v - 1)) == 0 {
                let d = Digit::new(v as u64, side).expect("a value of the size");
                out.push((Pos::from_index(i, size), d));
            }
        }
    }
    out
}

/// The split so far, shared by the threads.
struct State {
    open: Vec<Probed>,
    /// Cubes being split now.
    splitting: usize,
    probed: usize,
    refuted: usize,
    /// A thread unwound while splitting.
    failed: bool,
}

impl State {
    /// The next cube to split: the largest search space among those that branch, while fewer
    /// than `cubes` are made and the probing budget lasts.
    fn next(&mut self, cubes: usize) -> Option<Probed> {
        if self.open.len() + self.splitting >= cubes || self.probed >= cubes * PROBED_PER_CUBE {
            return None;
        }
        let i = (0..self.open.len())
            .filter(|&i| !self.open[i].places.is_empty())
            .max_by(|&a, &b| self.open[a].space.total_cmp(&self.open[b].space))?;
        self.splitting += 1;
        Some(self.open.swap_remove(i))
    }
}

/// Ends the split when a thread unwinds while splitting a cube, so no other thread waits for
/// the cubes it would have made; the scope then passes the panic on.
struct Unwinding<'a>(&'a Mutex<State>, &'a Condvar);

impl Drop for Unwinding<'_> {
    fn drop(&mut self) {
        let mut state = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        state.splitting -= 1;
        state.failed = true;
        drop(state);
        self.1.notify_all();
    }
}

/// Splits `puzzle` into about `cubes` cubes on `threads` threads; returns them, the largest
/// search space first (the longest work starts first), and how many cubes probing refuted.
/// Stops early, with the cubes made so far, once `cancelled` says so.
pub(super) fn split(
    puzzle: &Grid,
    cubes: usize,
    threads: usize,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> (VecDeque<Cube>, usize) {
    let root = probe(puzzle, Cube::default());
    let state = Mutex::new(State {
        refuted: usize::from(root.is_none()),
        open: root.into_iter().collect(),
        splitting: 0,
        probed: 1,
        failed: false,
    });
    let ready = Condvar::new();
    let work = || {
        loop {
            let taken = {
                let mut state = state
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                loop {
                    if cancelled() || state.failed {
                        break None;
                    }
                    if let Some(taken) = state.next(cubes) {
                        break Some(taken);
                    }
                    if state.splitting == 0 {
                        break None;
                    }
                    state = ready
                        .wait(state)
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                }
            };
            let Some(Probed { cube, places, .. }) = taken else {
                ready.notify_all();
                return;
            };
            let unwinding = Unwinding(&state, &ready);
            let children: Vec<Option<Probed>> = places
                .into_iter()
                .map(|p| {
                    let child = Cube {
                        places: cube.places.iter().copied().chain([p]).collect(),
                        ..cube.clone()
                    };
                    probe(puzzle, child)
                })
                .collect();
            std::mem::forget(unwinding);
            let mut state = state
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            state.splitting -= 1;
            state.probed += children.len();
            for child in children {
                match child {
                    None => state.refuted += 1,
                    Some(probed) => state.open.push(probed),
                }
            }
            drop(state);
            ready.notify_all();
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    let mut state = state.into_inner().expect("no thread panicked");
    state.open.sort_by(|a, b| b.space.total_cmp(&a.space));
    let cubes = state.open.into_iter().map(|p| p.cube).collect();
    (cubes, state.refuted)
}
