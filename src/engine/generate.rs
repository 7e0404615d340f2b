//! Puzzle generation: a random full grid, then clues removed (or added, then removed) until minimal.
//!
//! Every random choice is drawn from the seeded [`Rng`] before or between solver calls and
//! never depends on what a solver returns besides yes/no, so a seed gives the same puzzle on
//! every platform and with every formulation; only the time differs.

use super::formulation::{Formulation, Query, Undecided, decide};
use super::grid::{Digit, Entry, Grid, Pos, Size};
use super::nine::Nine;
use super::rng::Rng;
use super::search::{Cancel, Flow, Halt, Limits, Order, Searcher, Start};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use super::error::GenerateError;

/// A symmetry the pattern of givens must keep; clues are removed one orbit at a time.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    #[default]
    None,
    /// Half turn about the centre.
    Rotate180,
    /// Quarter turn about the centre (so also the half turn).
    Rotate90,
    /// Mirror in the main diagonal (top-left to bottom-right).
    MainDiagonal,
    /// Mirror in the anti-diagonal (top-right to bottom-left).
    AntiDiagonal,
    /// Mirror in the horizontal centre line (top row pairs with bottom row).
    Horizontal,
    /// Mirror in the vertical centre line (left column pairs with right column).
    Vertical,
}

impl Symmetry {
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MainDiagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
    ];

    /// The name used on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rot180",
            Symmetry::Rotate90 => "rot90",
            Symmetry::MainDiagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
        }
    }

    pub fn from_id(id: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The cell this symmetry's generating map sends `p` to, in a grid of `side` cells a row.
    pub fn image(self, p: Pos, side: usize) -> Pos {
        let m = |x: usize| side - 1 - x;
        match self {
            Symmetry::None => p,
            Symmetry::Rotate180 => Pos::new(m(p.row), m(p.col)),
            Symmetry::Rotate90 => Pos::new(p.col, m(p.row)),
            Symmetry::MainDiagonal => Pos::new(p.col, p.row),
            Symmetry::AntiDiagonal => Pos::new(m(p.col), m(p.row)),
            Symmetry::Horizontal => Pos::new(m(p.row), p.col),
            Symmetry::Vertical => Pos::new(p.row, m(p.col)),
        }
    }

    /// The cells that must be given or blank together, as cell indices; each orbit starts at
    /// its smallest index and orbits are in increasing order of that index.
    pub fn orbits(self, size: Size) -> Vec<Vec<usize>> {
        let side = size.side();
        let mut seen = vec![false; size.cells()];
        let mut orbits = Vec::new();
        for start in 0..size.cells() {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::new();
            let mut c = start;
            while !seen[c] {
                seen[c] = true;
                orbit.push(c);
                c = self.image(Pos::from_index(c, size), side).index(size);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Does the pattern of givens of `grid` keep this symmetry?
    pub fn holds(self, grid: &Grid) -> bool {
        let size = grid.size();
        let given = |i: usize| grid.entries()[i].is_given();
        (0..size.cells()).all(|i| {
            let j = self
                .image(Pos::from_index(i, size), size.side())
                .index(size);
            given(i) == given(j)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

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
/// (single questions can take seconds on 25x25 and larger grids).
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

/// A random complete grid: a randomised search of the empty grid, then random
/// validity-preserving transformations (digits relabelled, rows within bands and bands
/// permuted, columns likewise, optional transpose). Consumes `rng` deterministically.
pub fn random_full_grid(
    size: Size,
    rng: &mut Rng,
    cancel: Option<&Cancel>,
) -> Result<Grid, GenerateError> {
    let mut stats = GenerateStats::default();
    full_grid(size, rng, cancel, &mut stats)
}

fn full_grid(
    size: Size,
    rng: &mut Rng,
    cancel: Option<&Cancel>,
    stats: &mut GenerateStats,
) -> Result<Grid, GenerateError> {
    // Randomised search of an empty grid has heavy-tailed run times on big grids; restarting
    // with a fresh stream and a growing node budget keeps the expected time low.
    let mut budget = 2 * size.cells() as u64 + 64;
    let values = loop {
        let seeded = diagonal_boxes(size, rng);
        let order = Order::Random(Rng::new(rng.next_u64()));
        let limits = Limits {
            max_nodes: Some(budget),
            cancel: cancel.cloned(),
        };
        let mut found = None;
        let (nodes, halt) = match Nine::from_grid(&seeded) {
            Some(nine) => {
                let (s, halt) = nine.run(order, &limits, &mut |v: &[u8]| {
                    found = Some(v.to_vec());
                    Flow::Stop
                });
                (s.nodes, Some(halt))
            }
            None => {
                let mut searcher = Searcher::new(&Start::from_grid(&seeded), order, limits);
                found = searcher.next_solution().map(<[u8]>::to_vec);
                (searcher.stats().nodes, searcher.halt())
            }
        };
        stats.full_grid_nodes += nodes;
        if let Some(v) = found {
            break v;
        }
        match halt {
            // Out of budget, or diagonal boxes no grid completes (half of them at 4x4).
            Some(Halt::NodeLimit | Halt::Exhausted) => {
                stats.full_grid_restarts += 1;
                budget += budget / 2;
            }
            Some(Halt::Cancelled) => return Err(GenerateError::Cancelled),
            halt => return Err(GenerateError::FullGrid { halt }),
        }
    };
    Ok(transform(size, &values, rng))
}

/// An otherwise empty grid whose main-diagonal boxes hold independent random permutations:
/// those boxes share no unit, so they can be filled without any search, which then only fills
/// the rest (9x9 grids in 40% of the instructions, 16x16 to 36x36 about 1.5x faster). Left
/// empty at 49x49, where the search of the rest has the heavier tail (median 0.6 s against
/// 0.23 s over 15 seeds).
fn diagonal_boxes(size: Size, rng: &mut Rng) -> Grid {
    let mut grid = Grid::empty(size);
    let n = size.box_size();
    if n >= 7 {
        return grid;
    }
    for b in 0..n {
        for (i, &d) in permutation(rng, size.side()).iter().enumerate() {
            let p = Pos::new(b * n + i / n, b * n + i % n);
            grid.set(p, Entry::Given(Digit::from_index(d)));
        }
    }
    grid
}

/// A random permutation of `0..n`.
fn permutation(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut p);
    p
}

/// A random line order that keeps bands: bands permuted, lines permuted within each band.
fn band_preserving_order(rng: &mut Rng, n: usize) -> Vec<usize> {
    let bands = permutation(rng, n);
    let mut order = Vec::with_capacity(n * n);
    for &b in &bands {
        let within = permutation(rng, n);
        order.extend(within.iter().map(|&i| b * n + i));
    }
    order
}

fn transform(size: Size, values: &[u8], rng: &mut Rng) -> Grid {
    let (n, side) = (size.box_size(), size.side());
    let relabel = permutation(rng, side);
    let rows = band_preserving_order(rng, n);
    let cols = band_preserving_order(rng, n);
    let transpose = rng.below(2) == 1;
    let mut grid = Grid::empty(size);
    for (r, &row) in rows.iter().enumerate() {
        for (c, &col) in cols.iter().enumerate() {
            let (sr, sc) = if transpose { (col, row) } else { (row, col) };
            let old = values[sr * side + sc] as usize;
            let d = Digit::from_index(relabel[old - 1]);
            grid.set(Pos::new(r, c), Entry::Given(d));
        }
    }
    grid
}

/// Effort a run of orbits may spend on its count-2 question before it is given up for single
/// questions, in the formulation's node unit: search nodes for propagation and exact cover,
/// where it was measured, but solver calls for SAT (a count-2 question takes at most three, so
/// SAT never gives a run up) and branch-and-bound nodes for MIP. Only time depends on it: any
/// schedule of runs gives the same puzzle.
const RUN_BUDGET: u64 = 2_000;

/// One attempt's context: options, accounting and the progress sink.
struct Run<'a, 'p> {
    size: Size,
    options: &'a GenerateOptions,
    attempt: u32,
    progress: &'a mut (dyn FnMut(&Progress) -> Flow + 'p),
    stats: &'a mut GenerateStats,
}

impl Run<'_, '_> {
    fn report(
        &mut self,
        phase: Phase,
        done: usize,
        puzzle: Option<&Grid>,
    ) -> Result<(), GenerateError> {
        let p = Progress {
            attempt: self.attempt,
            phase,
            done,
            total: self.size.cells(),
            puzzle,
        };
        if (self.progress)(&p) == Flow::Stop || self.cancelled() {
            return Err(GenerateError::Cancelled);
        }
        Ok(())
    }

    fn cancelled(&self) -> bool {
        self.options
            .cancel
            .as_ref()
            .is_some_and(Cancel::is_cancelled)
    }

    /// Runs the formulation and returns whether a solution exists (`stop_at` = 1), or whether
    /// at least two exist (`stop_at` = 2).
    fn at_least(&mut self, query: &Query, stop_at: u64) -> Result<bool, GenerateError> {
        let answer = self.at_least_within(query, stop_at, None)?;
        Ok(answer.expect("no budget, so an answer"))
    }

    /// [`Run::at_least`] within a node budget: `None` once the search has spent it.
    fn at_least_within(
        &mut self,
        query: &Query,
        stop_at: u64,
        budget: Option<u64>,
    ) -> Result<Option<bool>, GenerateError> {
        let limits = Limits {
            max_nodes: budget,
            cancel: self.options.cancel.clone(),
        };
        self.stats.solver_calls += 1;
        match decide(
            self.options.formulation,
            query,
            stop_at,
            &limits,
            &mut |_| {},
        ) {
            Ok((found, run)) => {
                self.stats.nodes += run.nodes.unwrap_or(0);
                Ok(Some(found >= stop_at))
            }
            Err(Undecided::OverBudget) => {
                self.stats.nodes += budget.unwrap_or(0);
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// One puzzle from one seed: `(puzzle, solution)`.
    fn one(&mut self, seed: u64) -> Result<(Grid, Grid), GenerateError> {
        let size = self.size;
        let mut rng = Rng::new(seed);
        self.report(Phase::FullGrid, 0, None)?;
        let full = full_grid(size, &mut rng, self.options.cancel.as_ref(), self.stats)?;
        let mut orbits = self.options.symmetry.orbits(size);
        rng.shuffle(&mut orbits);
        let (mut work, kept) = match self.options.method {
            Method::Removal => (full.clone(), orbits),
            Method::Additive => self.add_until_unique(&full, orbits)?,
        };
        let mut kept = kept;
        // A fresh visiting order for the removal phase of the additive method.
        if self.options.method == Method::Additive {
            rng.shuffle(&mut kept);
        }
        self.remove(&mut work, &kept, &full.values())?;
        let solution = work.with_solution(&full.values());
        Ok((work, solution))
    }

    /// Smallest prefix of `orbits` whose clues make the puzzle unique, found by bisection
    /// (uniqueness is monotone in the prefix, so this equals adding orbits one by one).
    /// Returns the puzzle of that prefix and the prefix's orbits.
    fn add_until_unique(
        &mut self,
        full: &Grid,
        orbits: Vec<Vec<usize>>,
    ) -> Result<(Grid, Vec<Vec<usize>>), GenerateError> {
        let size = self.size;
        let cells_before: Vec<usize> = std::iter::once(0)
            .chain(orbits.iter().scan(0, |acc, o| {
                *acc += o.len();
                Some(*acc)
            }))
            .collect();
        let prefix_grid = |k: usize| {
            let mut g = Grid::empty(size);
            for o in &orbits[..k] {
                for &c in o {
                    g.set(Pos::from_index(c, size), full.entries()[c]);
                }
            }
            g
        };
        // Invariant: prefix `hi` is unique (the full grid is), prefix `lo - 1` is not.
        let (mut lo, mut hi) = (0usize, orbits.len());
        self.report(Phase::Adding, 0, None)?;
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let g = prefix_grid(mid);
            if self.at_least(&Query::new(&g), 2)? {
                lo = mid + 1;
            } else {
                hi = mid;
            }
            let open = cells_before[hi] - cells_before[lo];
            self.report(Phase::Adding, size.cells() - open, None)?;
        }
        let grid = prefix_grid(hi);
        let mut orbits = orbits;
        orbits.truncate(hi);
        Ok((grid, orbits))
    }

    /// Whether some solution of `work` puts another digit than `clue`'s in its (blank) cell.
    ///
    /// From 16x16 up, another solution often differs from the known one only near the clue,
    /// so the question is first asked with every blank cell outside the clue's band and stack
    /// fixed to the known solution: a far smaller search, which saves a quarter of the 16x16
    /// generation time. Only the whole-grid question can answer no.
    fn can_differ(
        &mut self,
        work: &Grid,
        clue: (Pos, Digit),
        solution: &[u8],
    ) -> Result<bool, GenerateError> {
        let forbidden = [clue];
        let n = self.size.box_size();
        if n >= 4 {
            let (band, stack) = (clue.0.row / n, clue.0.col / n);
            let mut near = work.clone();
            for (i, e) in work.entries().iter().enumerate() {
                let p = Pos::from_index(i, self.size);
                if e.digit().is_none() && p.row / n != band && p.col / n != stack {
                    near.set(p, Entry::Given(Digit::from_index(solution[i] as usize - 1)));
                }
            }
            let query = Query {
                grid: &near,
                forbidden: &forbidden,
                hint: Some(solution),
            };
            if self.at_least(&query, 1)? {
                return Ok(true);
            }
        }
        let query = Query {
            grid: work,
            forbidden: &forbidden,
            hint: Some(solution),
        };
        self.at_least(&query, 1)
    }

    /// Visits `orbits` in order and blanks each one whose removal keeps the solution unique.
    ///
    /// From 16x16 up, runs of orbits are tried together: if the puzzle without a whole run is
    /// still unique, so is every puzzle on the way there (each has more clues), so the run is
    /// removed with exactly the outcome of visiting its orbits one by one, in one solver call.
    /// After two single successes in a row the run doubles with each success, up to one
    /// unit's worth of orbits; a failed run, or one whose question outgrows [`RUN_BUDGET`]
    /// (36x36 runs near half the cells given took a million nodes), falls back to single
    /// orbits. Any schedule of runs gives the puzzle of visiting the orbits one by one, so
    /// the result does not depend on the formulation or its node counts.
    fn remove(
        &mut self,
        work: &mut Grid,
        orbits: &[Vec<usize>],
        solution: &[u8],
    ) -> Result<(), GenerateError> {
        let size = self.size;
        let mut done = size.cells() - orbits.iter().map(Vec::len).sum::<usize>();
        self.report(Phase::Removing, done, Some(work))?;
        let (mut next, mut run, mut streak) = (0usize, 1usize, 0usize);
        // Longer runs rarely succeed and a failed one can cost a long search on big grids. Up
        // to 9x9 most single questions end at the root, so a run's count-2 search costs more
        // than the questions it saves (measured: 14% more instructions per 9x9 puzzle).
        let max_run = if size.box_size() <= 3 { 1 } else { size.side() };
        while next < orbits.len() {
            let k = run.min(orbits.len() - next);
            let batch = &orbits[next..next + k];
            let clues: Vec<(Pos, Digit)> = batch
                .iter()
                .flatten()
                .map(|&c| {
                    let p = Pos::from_index(c, size);
                    (p, work.digit(p).expect("orbit cells are clues"))
                })
                .collect();
            for &(p, _) in &clues {
                work.set(p, Entry::Empty);
            }
            let unique = if k == 1 {
                // Another solution differs from ours in some blanked cell, so the blanked
                // puzzle is unique iff no cell of the orbit can take a different digit.
                let mut unique = true;
                for &clue in &clues {
                    if self.can_differ(work, clue, solution)? {
                        unique = false;
                        break;
                    }
                }
                Some(unique)
            } else {
                // The hint finds the known solution at once, so a second one, if any, soon
                // follows; a run whose proof of uniqueness outgrows the budget is given up.
                let query = Query {
                    grid: work,
                    forbidden: &[],
                    hint: Some(solution),
                };
                self.at_least_within(&query, 2, Some(RUN_BUDGET))?
                    .map(|several| !several)
            };
            if let Some(unique) = unique.filter(|&u| u || k == 1) {
                if !unique {
                    for &(p, d) in &clues {
                        work.set(p, Entry::Given(d));
                    }
                }
                next += k;
                done += clues.len();
                streak = if unique { streak + 1 } else { 0 };
                run = if streak >= 2 { (2 * k).min(max_run) } else { 1 };
                self.report(Phase::Removing, done, Some(work))?;
            } else {
                for &(p, d) in &clues {
                    work.set(p, Entry::Given(d));
                }
                run = 1;
                streak = 0;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells_and_follow_the_map() {
        for size in Size::all().take(6) {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(size);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..size.cells()).collect::<Vec<_>>(), "{sym} {size}");
                for o in &orbits {
                    let limit = if sym == Symmetry::Rotate90 { 4 } else { 2 };
                    assert!(!o.is_empty() && o.len() <= limit, "{sym} {size} {o:?}");
                }
            }
        }
    }

    #[test]
    fn full_grids_are_valid_and_depend_on_the_seed() {
        for size in Size::all().take(6) {
            let a = random_full_grid(size, &mut Rng::new(1), None).expect("grid");
            let b = random_full_grid(size, &mut Rng::new(1), None).expect("grid");
            assert_eq!(a, b);
            crate::engine::check_solution(&a, &a).expect("a valid full grid");
            if size.box_size() >= 2 {
                let c = random_full_grid(size, &mut Rng::new(2), None).expect("grid");
                assert_ne!(a, c);
            }
        }
    }

    #[test]
    fn attempt_seeds_start_at_the_seed_and_differ() {
        assert_eq!(attempt_seed(42, 0), 42);
        let seeds: std::collections::HashSet<u64> = (0..50).map(|i| attempt_seed(42, i)).collect();
        assert_eq!(seeds.len(), 50);
    }
}
