//! One attempt: the full grid, then clues added (additive method) and removed.

use super::full_grid::full_grid;
use super::{GenerateError, GenerateOptions, GenerateStats, Method, Phase, Progress};
use crate::engine::formulation::sat::race::{self, Strength};
use crate::engine::formulation::{Formulation, Query, SolveError, Undecided, decide};
use crate::engine::grid::{Grid, Pos, Size};
use crate::engine::rng::Rng;
use crate::engine::search::{Cancel, Flow, Halt, Limits};

/// The smallest box size whose late removal questions CDCL answers (alone on one thread, in a
/// race with the plain search on two) when propagation is the formulation: from 36x36 up the
/// questions near half the cells given are peak-hard for the plain search, and CDCL proves
/// the removable clues' uniqueness several times faster.
pub(super) const CDCL_FROM_BOX: usize = 6;

/// One attempt's context: options, accounting and the progress sink.
pub(super) struct Run<'a, 'p> {
    pub(super) size: Size,
    pub(super) options: &'a GenerateOptions,
    pub(super) attempt: u32,
    pub(super) progress: &'a mut (dyn FnMut(&Progress) -> Flow + 'p),
    pub(super) stats: &'a mut GenerateStats,
    /// The smallest box size whose single questions CDCL answers ([`CDCL_FROM_BOX`]; tests
    /// lower it to check that path on small grids).
    pub(super) cdcl_from_box: usize,
}

impl Run<'_, '_> {
    pub(super) fn report(
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
    pub(super) fn at_least(&mut self, query: &Query, stop_at: u64) -> Result<bool, GenerateError> {
        let answer = self.at_least_within(query, stop_at, None)?;
        Ok(answer.expect("no budget, so an answer"))
    }

    /// [`Run::at_least`] within a node budget: `None` once the search has spent it.
    pub(super) fn at_least_within(
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

    /// Threads each late question is raced on: 2 (the plain search and CDCL, see
    /// [`CDCL_FROM_BOX`]) when the options allow two, else 1.
    pub(super) fn race_threads(&self) -> usize {
        if self.cdcl() && self.options.threads >= 2 {
            2
        } else {
            1
        }
    }

    fn cdcl(&self) -> bool {
        self.options.formulation == Formulation::Propagation
            && self.size.box_size() >= self.cdcl_from_box
    }

    /// Whether `query` has a solution, for the removal's single questions: by the
    /// formulation, or from [`CDCL_FROM_BOX`] up by CDCL, raced with the plain search when
    /// two threads are allowed. Every member is exact, so who answers changes only the time.
    pub(super) fn satisfiable(&mut self, query: &Query) -> Result<bool, GenerateError> {
        if !self.cdcl() {
            return self.at_least(query, 1);
        }
        self.stats.solver_calls += 1;
        let cancel = self.options.cancel.clone().unwrap_or_default();
        let (found, halt) = if self.race_threads() >= 2 {
            let limits = Limits {
                max_nodes: None,
                cancel: Some(cancel.clone()),
            };
            let answer = race::race(query, Strength::default(), &limits, 1, 2);
            self.stats.nodes += answer.stats.nodes;
            (!answer.solutions.is_empty(), answer.halt)
        } else {
            let (solutions, halt) = race::solutions(query, Strength::default(), 1, &cancel);
            (!solutions.is_empty(), halt)
        };
        match halt {
            Halt::Exhausted | Halt::Sink => Ok(found),
            _ if cancel.is_cancelled() => Err(GenerateError::Cancelled),
            halt => Err(GenerateError::Solver(SolveError::StoppedEarly {
                formulation: Formulation::Sat,
                halt: Some(halt),
            })),
        }
    }

    /// One puzzle from one seed: `(puzzle, solution)`.
    pub(super) fn one(&mut self, seed: u64) -> Result<(Grid, Grid), GenerateError> {
        let size = self.size;
        let mut rng = Rng::new(seed);
        self.report(Phase::FullGrid, 0, None)?;
        let full = full_grid(size, &mut rng, self.options.cancel.as_ref(), self.stats)?;
        let mut orbits = self.options.symmetry.orbits(size);
        rng.shuffle(&mut orbits);
        let (mut work, kept) = match self.options.method {
            Method::Removal => (full.clone(), orbits),
            Method::Additive => self.add_until_settled(&full, orbits)?,
        };
        let mut kept = kept;
        // A fresh visiting order for the removal phase of the additive method.
        if self.options.method == Method::Additive {
            rng.shuffle(&mut kept);
        }
        match self.options.logic() {
            Some(logic) => self.remove_by_logic(&mut work, &kept, &full.values(), &logic)?,
            None => self.remove(&mut work, &kept, &full.values())?,
        }
        let solution = work.with_solution(&full.values());
        Ok((work, solution))
    }

    /// Whether `grid` needs no more clues: it is unique or, with no-guess, solved by logic.
    fn settled(&mut self, grid: &Grid) -> Result<bool, GenerateError> {
        match self.options.logic() {
            Some(logic) => Ok(self.solved_by_logic(grid, &logic)),
            None => Ok(!self.at_least(&Query::new(grid), 2)?),
        }
    }

    /// Smallest prefix of `orbits` whose clues settle the puzzle ([`Run::settled`]), found by
    /// bisection (uniqueness is monotone in the prefix, so this equals adding orbits one by
    /// one; with no-guess the prefix found is one the logic solver solves).
    /// Returns the puzzle of that prefix and the prefix's orbits.
    fn add_until_settled(
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
        // Invariant: prefix `hi` is settled (the full grid is), prefix `lo - 1` is not.
        let (mut lo, mut hi) = (0usize, orbits.len());
        self.report(Phase::Adding, 0, None)?;
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let g = prefix_grid(mid);
            if self.settled(&g)? {
                hi = mid;
            } else {
                lo = mid + 1;
            }
            let open = cells_before[hi] - cells_before[lo];
            self.report(Phase::Adding, size.cells() - open, None)?;
        }
        let grid = prefix_grid(hi);
        let mut orbits = orbits;
        orbits.truncate(hi);
        Ok((grid, orbits))
    }
}
