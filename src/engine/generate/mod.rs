//! Puzzle generation: a random full grid, then clues removed (or added, then removed) until minimal.
//!
//! Every random choice is drawn from the seeded [`Rng`] before or between solver calls and
//! never depends on what a solver returns besides yes/no, so a seed gives the same puzzle on
//! every platform and with every formulation; only the time differs. At 36x36 the bounded
//! passes also use whether the propagation search settles a question within a node budget: a
//! count, not a time, so still the same on every platform, but a change to that search or its
//! probing changes the 36x36 puzzles.
//!
//! # What "minimal" means
//! - By default a removal is kept while the puzzle stays unique, decided by search: the puzzle
//!   is truly minimal (no clue can go and keep one solution).
//! - With [`GenerateOptions::no_guess`] a removal is kept while the logic solver (without
//!   guessing, with the techniques through [`GenerateOptions::difficulty`], or through Hard)
//!   solves the puzzle: the puzzle is unique (the logic solver proves it), solvable without
//!   guessing and minimal for those techniques, though some clue may go and keep one
//!   solution. Each removal is one polynomial logic solve, so this works at every size.
//! - [`GenerateOptions::difficulty`] keeps trying derived seeds until our rating
//!   ([`crate::engine::logic::rate`], uniqueness techniques allowed, the puzzle being unique)
//!   puts the puzzle at exactly that level, within [`GenerateOptions::max_attempts`]; failing
//!   that the closest attempt is returned with `target_met` false. Without no-guess each
//!   attempt is a truly minimal puzzle, so that is only practical up to 16x16.

mod ahead;
mod bounded;
mod full_grid;
mod no_guess;
mod removal;
mod run;
mod symmetry;

use super::formulation::Formulation;
use super::grid::{Grid, Size};
use super::logic::{Level, LogicOptions, Rating, rate};
use super::rng::Rng;
use super::search::{Cancel, Flow};
use run::Run;
use serde::{Deserialize, Serialize};

pub use super::error::GenerateError;
pub use full_grid::{isomorph, random_full_grid};
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
/// Same `seed`, size and options (besides `formulation`, `threads` and `cancel`) give the same
/// puzzle.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GenerateOptions {
    pub seed: u64,
    pub symmetry: Symmetry,
    /// Which formulation answers the uniqueness questions; changes the time, never the puzzle.
    /// With `no_guess` the logic solver answers them instead, so it changes nothing.
    pub formulation: Formulation,
    /// Keep trying derived seeds until the puzzle has at most this many clues.
    pub max_clues: Option<usize>,
    /// Attempts (derived seeds) allowed when `max_clues` or `difficulty` is set; at least one
    /// is always made. An attempt must meet both targets; the closest is kept otherwise
    /// (nearest level first, then fewest clues).
    pub max_attempts: u32,
    /// With either method: the clues added (additive) and removed are decided by uniqueness,
    /// or with `no_guess` by the logic solver.
    pub method: Method,
    /// Keep trying derived seeds until our rating puts the puzzle at exactly this level; with
    /// `no_guess` also the hardest level of technique the removal may rely on.
    #[serde(default)]
    pub difficulty: Option<Level>,
    /// Keep a removal only while the logic solver solves the puzzle (see the module docs).
    #[serde(default)]
    pub no_guess: bool,
    /// Threads that may ask the removal's uniqueness questions ahead (from 16x16 up,
    /// where they take long; from 36x36 up each question is a race of the plain search and
    /// CDCL on two of them); 1 asks them one by one, as wasm must. Changes the time, never
    /// the puzzle.
    #[serde(default = "one_thread")]
    pub threads: usize,
    /// Stops the generation, also inside a long solver call.
    #[serde(skip)]
    pub cancel: Option<Cancel>,
}

fn one_thread() -> usize {
    1
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
            difficulty: None,
            no_guess: false,
            threads: 1,
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

    /// The techniques that decide removals with `no_guess`: those through `difficulty` (Hard
    /// when none is set), never the uniqueness ones, whose premise the removal has to prove.
    pub fn logic(&self) -> Option<LogicOptions> {
        self.no_guess.then(|| LogicOptions {
            unique: false,
            max_level: self.difficulty.unwrap_or(Level::Hard),
        })
    }

    /// How many attempts (derived seeds) a generation may make.
    fn attempts(&self) -> u32 {
        if self.max_clues.is_some() || self.difficulty.is_some() {
            self.max_attempts.max(1)
        } else {
            1
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
    /// either not yet visited or necessary; with no-guess, one the logic solver solves. Where a
    /// truly minimal puzzle is out of reach (36x36 and up), stopping here still leaves a
    /// usable puzzle.
    pub puzzle: Option<&'a Grid>,
    /// The work after this report may run long without another one (the removal's search
    /// questions near the hardness peak), so whoever hands over the puzzle so far at intervals
    /// should hand over this one now rather than wait for the next report.
    pub slow_next: bool,
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
    /// Logic solves deciding removals (no-guess); removals that singles refill need none.
    #[serde(default)]
    pub logic_solves: u64,
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
    /// False when no attempt met `max_clues` and `difficulty`; the puzzle is then the
    /// closest attempt: nearest level first, then fewest clues.
    pub target_met: bool,
    /// The puzzle's rating, when a difficulty was asked for.
    #[serde(default)]
    pub rating: Option<Rating>,
    pub stats: GenerateStats,
}

/// How far a rating is from a level, in levels; needing guessing counts as one past Extreme.
pub fn level_distance(target: Level, rating: &Rating) -> usize {
    let got = rating.level.map_or(Level::ALL.len(), |l| l as usize);
    got.abs_diff(target as usize)
}

/// The seed of attempt `attempt` when searching for a puzzle under `max_clues` or at a
/// difficulty: attempt 0 uses `seed` itself; later ones are hashed so they do not collide with
/// `seed + i` of a batch.
pub fn attempt_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        seed
    } else {
        Rng::new(seed ^ u64::from(attempt).wrapping_mul(0xD6E8_FEB8_6659_FD93)).next_u64()
    }
}

/// Generates a minimal puzzle (minimal within the chosen symmetry, and with no-guess for the
/// allowed techniques; see the module docs) with a unique solution.
///
/// `progress` is called at each phase start and after each decided orbit (or run of orbits);
/// returning [`Flow::Stop`] cancels at that point. The options' `cancel` flag, set from another
/// thread, also interrupts a running propagation or exact cover call (SAT and MIP see it
/// between calls); a web worker, which sees no messages
/// while busy, stops between questions through the callback or is terminated by the page
/// (a single question can run long on 25x25 and larger grids). With no-guess the callback and
/// the flag are seen between logic solves, and the rating of each attempt (with a
/// difficulty) runs to its end.
pub fn generate(
    size: Size,
    options: &GenerateOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Generated, GenerateError> {
    let mut stats = GenerateStats::default();
    let mut best: Option<(usize, Generated)> = None;
    let mut made = 0;
    for attempt in 0..options.attempts() {
        let seed = attempt_seed(options.seed, attempt);
        let mut run = Run {
            size,
            options,
            attempt,
            progress: &mut *progress,
            stats: &mut stats,
            cdcl_from_box: run::CDCL_FROM_BOX,
            escalate_after: run::escalate_after(size),
            bounded_from_box: bounded::BOUNDED_FROM_BOX,
        };
        let (puzzle, solution) = run.one(seed)?;
        made = attempt + 1;
        let clues = puzzle.given_count();
        let rating = options.difficulty.map(|_| rate(&puzzle, true));
        let distance = options
            .difficulty
            .zip(rating.as_ref())
            .map_or(0, |(level, r)| level_distance(level, r));
        let met = distance == 0 && options.max_clues.is_none_or(|k| clues <= k);
        if best
            .as_ref()
            .is_none_or(|(d, b)| (distance, clues) < (*d, b.clues))
        {
            let generated = Generated {
                puzzle,
                solution,
                clues,
                attempts: made,
                attempt_seed: seed,
                target_met: met,
                rating,
                stats,
            };
            best = Some((distance, generated));
        }
        if met {
            break;
        }
    }
    let (_, mut out) = best.expect("at least one attempt");
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
