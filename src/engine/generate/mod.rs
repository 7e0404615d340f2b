//! Puzzle generation: a random full grid, then clues removed (or added, then removed) until minimal.
//!
//! Every random choice is drawn from the seeded [`Rng`] before or between solver calls and
//! never depends on what a solver returns besides yes/no, so a seed gives the same puzzle on
//! every platform and with every formulation; only the time differs.

mod full_grid;
mod removal;
mod run;
mod symmetry;

use super::formulation::Formulation;
use super::grid::{Grid, Size};
use super::rng::Rng;
use super::search::{Cancel, Flow};
use run::Run;
use serde::{Deserialize, Serialize};

pub use super::error::GenerateError;
pub use full_grid::random_full_grid;
pub use symmetry::Symmetry;

/// How the clues are chosen.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Method {
    /// Start from the full grid and remove clues (orbits) in random order while uniqueness holds.
    #[default]
    Removal,
    /// Add random clues (orbits) from the full grid until the puzzle is unique, then reduce
    /// those to a minimal set by removal. Tends to give fewer clues on big grids.
    Additive,
}

impl Method {
    pub const ALL: [Method; 2] = [Method::Removal, Method::Additive];

    pub fn id(self) -> &'static str {
        match self {
            Method::Removal => "removal",
            Method::Additive => "additive",
        }
    }

    pub fn from_id(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.id() == id)
    }
}

/// Everything that shapes a generated puzzle, plus how to stop it.
///
/// Same `seed`, size and options (besides `formulation` and `cancel`) give the same puzzle.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GenerateOptions {
    pub seed: u64,
    pub symmetry: Symmetry,
    /// Which formulation answers the uniqueness questions; changes the time, never the puzzle.
    pub formulation: Formulation,
    /// Keep trying derived seeds until the puzzle has at most this many clues.
    pub max_clues: Option<usize>,
    /// Attempts (derived seeds) allowed when `max_clues` is set; at least one is always made.
    pub max_attempts: u32,
    pub method: Method,
    /// Stops the generation, also inside a long solver call.
    #[serde(skip)]
    pub cancel: Option<Cancel>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            seed: 0,
            symmetry: Symmetry::None,
            formulation: Formulation::default(),
            max_clues: None,
            max_attempts: 100,
            method: Method::Removal,
            cancel: None,
        }
    }
}

impl GenerateOptions {
    /// The defaults with a seed.
    pub fn with_seed(seed: u64) -> GenerateOptions {
        GenerateOptions {
            seed,
            ..GenerateOptions::default()
        }
    }
}

/// What a long-running generation or analysis is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Searching a random full grid.
    FullGrid,
    /// Adding random clues until unique (additive method).
    Adding,
    /// Removing clues while uniqueness holds.
    Removing,
    /// Deciding uniqueness (analysis).
    Uniqueness,
    /// Testing each clue for redundancy (analysis).
    Clues,
    /// Measuring solver effort (analysis).
    Difficulty,
    /// Counting solutions: `done` found so far, `total` the count's cap (not a known end).
    Solutions,
    /// Running every formulation on one puzzle: `done` of `total` have answered.
    Formulations,
}

impl Phase {
    /// Whether `total` is where the phase ends, so a bar can show the fraction done; filling
    /// a grid reports only its start, and a count may end anywhere below its cap.
    pub fn has_end(self) -> bool {
        !matches!(self, Phase::FullGrid | Phase::Solutions)
    }
}

/// A progress report: `done` of `total` steps of `phase`; for generation the steps are cells
/// (`total` is the cell count), and the removal phase ends with `done == total`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress<'a> {
    /// Zero-based attempt when trying derived seeds for `max_clues`.
    pub attempt: u32,
    pub phase: Phase,
    pub done: usize,
    pub total: usize,
    /// While clues are removed, the puzzle as it stands: one solution, and every clue in it
    /// either not yet visited or necessary. Where a minimal puzzle is out of reach (36x36 and
    /// up), stopping here still leaves a usable puzzle.
    pub puzzle: Option<&'a Grid>,
}

/// A progress callback that never stops the work.
pub fn no_progress(_: &Progress) -> Flow {
    Flow::Continue
}

/// Effort spent on a generation, summed over attempts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenerateStats {
    /// Formulation runs (uniqueness questions).
    pub solver_calls: u64,
    /// Nodes reported by those runs (where the formulation counts nodes).
    pub nodes: u64,
    /// Search nodes spent finding the random full grids.
    pub full_grid_nodes: u64,
    /// Restarts of the full-grid search after it hit its node budget.
    pub full_grid_restarts: u64,
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    /// Givens only.
    pub puzzle: Grid,
    /// The unique solution, with the puzzle's givens marked.
    pub solution: Grid,
    pub clues: usize,
    /// Attempts made in all (1 unless `max_clues` asked for more).
    pub attempts: u32,
    /// The seed of the attempt that produced this puzzle (the options' seed on attempt 0).
    pub attempt_seed: u64,
    /// False when `max_clues` was set and no attempt met it; the puzzle is then the attempt
    /// with the fewest clues.
    pub target_met: bool,
    pub stats: GenerateStats,
}

/// The seed of attempt `attempt` when searching for a puzzle under `max_clues`: attempt 0 uses
/// `seed` itself; later ones are hashed so they do not collide with `seed + i` of a batch.
pub fn attempt_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        seed
    } else {
        Rng::new(seed ^ u64::from(attempt).wrapping_mul(0xD6E8_FEB8_6659_FD93)).next_u64()
    }
}

/// Generates a minimal puzzle (minimal within the chosen symmetry) with a unique solution.
///
/// `progress` is called at each phase start and after each decided orbit (or run of orbits);
/// returning [`Flow::Stop`] cancels at that point. The options' `cancel` flag, set from another
/// thread, also interrupts a running propagation or exact cover call (SAT and MIP see it
/// between calls); a web worker, which sees no messages
/// while busy, stops between questions through the callback or is terminated by the page
/// (a single question can run long on 25x25 and larger grids).
pub fn generate(
    size: Size,
    options: &GenerateOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Generated, GenerateError> {
    let mut stats = GenerateStats::default();
    let mut best: Option<Generated> = None;
    let mut made = 0;
    let attempts = if options.max_clues.is_some() {
        options.max_attempts.max(1)
    } else {
        1
    };
    for attempt in 0..attempts {
        let seed = attempt_seed(options.seed, attempt);
        let mut run = Run {
            size,
            options,
            attempt,
            progress: &mut *progress,
            stats: &mut stats,
        };
        let (puzzle, solution) = run.one(seed)?;
        made = attempt + 1;
        let clues = puzzle.given_count();
        let met = options.max_clues.is_none_or(|k| clues <= k);
        if best.as_ref().is_none_or(|b| clues < b.clues) {
            best = Some(Generated {
                puzzle,
                solution,
                clues,
                attempts: made,
                attempt_seed: seed,
                target_met: met,
                stats,
            });
        }
        if met {
            break;
        }
    }
    let mut out = best.expect("at least one attempt");
    out.attempts = made;
    out.stats = stats;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempt_seeds_start_at_the_seed_and_differ() {
        assert_eq!(attempt_seed(42, 0), 42);
        let seeds: std::collections::HashSet<u64> = (0..50).map(|i| attempt_seed(42, i)).collect();
        assert_eq!(seeds.len(), 50);
    }
}
