//! One attempt: the full grid, then clues added (additive method) and removed.

use super::full_grid::full_grid;
use super::{GenerateError, GenerateOptions, GenerateStats, Method, Phase, Progress, Symmetry};
use crate::engine::check::is_nine_solution;
use crate::engine::formulation::sat::race::{self, Rival, Strength};
use crate::engine::formulation::{Formulation, Query, SolveError, Undecided, decide};
use crate::engine::grid::{Digit, Grid, Pos, Size};
use crate::engine::nine::{self, Nine};
use crate::engine::rng::Rng;
use crate::engine::search::{Cancel, Flow, Halt, Limits, Order};
use std::cell::RefCell;
use std::rc::Rc;

/// The smallest box size whose late removal questions CDCL answers (alone on one thread, in a
/// race with the plain search on two) when propagation is the formulation: from 36x36 up the
/// questions near half the cells given are peak-hard for the plain search, and CDCL proves
/// the removable clues' uniqueness several times faster.
pub(super) const CDCL_FROM_BOX: usize = 6;

/// Below [`CDCL_FROM_BOX`], from 25x25 up, the plain search answers a single question within
/// this many nodes and CDCL answers the rest: the questions are mostly quick, where CDCL's
/// model would cost more than the search, but a few run thousands of times longer, where CDCL
/// is several times faster (BENCHMARKS.md, "Minimal-puzzle generation").
const ESCALATE_FROM_BOX: usize = 5;
const ESCALATE_AFTER: u64 = 10_000;

/// The budget after which a single question of `size` goes to CDCL, if it does.
pub(super) fn escalate_after(size: Size) -> Option<u64> {
    (size.box_size() >= ESCALATE_FROM_BOX).then_some(ESCALATE_AFTER)
}

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
    /// The plain search's budget for a single question before CDCL takes it over
    /// ([`escalate_after`]; tests set it on small grids).
    pub(super) escalate_after: Option<u64>,
    /// The smallest box size whose removal has the bounded passes
    /// ([`super::bounded::BOUNDED_FROM_BOX`]; tests lower it to check them on small grids).
    pub(super) bounded_from_box: usize,
}

/// A 9x9 question of the propagation formulation asked of the 9x9 solver directly, with the
/// answer and node count [`decide`] gives, but no allocation: the known solution guides the
/// search as it is, and each solution is checked by [`is_nine_solution`] (and against the
/// forbidden digits) instead of the checker of every size. `(solutions found, nodes)`, or
/// `None` when the grid is not 9x9 or the search ended otherwise (a limit, a solution that
/// fails the check), which [`decide`] then answers again with its error.
fn decide_nine(query: &Query, stop_at: u64, limits: &Limits) -> Option<(u64, u64)> {
    let mut cells = [0u8; 81];
    if query.grid.entries().len() != cells.len() {
        return None;
    }
    for (cell, entry) in cells.iter_mut().zip(query.grid.entries()) {
        *cell = entry.digit().map_or(0, Digit::get);
    }
    // Most early questions end here, as the search would at its root.
    if query
        .forbidden
        .iter()
        .any(|&(p, d)| nine::starved(&cells, p, d))
    {
        return Some((0, 1));
    }
    let mut nine = Nine::from_cells(&cells);
    for &(p, d) in query.forbidden {
        nine.forbid(p, d);
    }
    let (mut found, mut valid) = (0u64, true);
    let mut sink = |values: &[u8]| {
        valid &= is_nine_solution(&cells, values)
            && query
                .forbidden
                .iter()
                .all(|&(p, d)| values[p.row * 9 + p.col] != d.get());
        found += 1;
        if found >= stop_at || !valid {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let (stats, halt) = match query.hint {
        Some(hint) => nine.run_guided(hint, limits, &mut sink),
        None => nine.run(Order::Natural, limits, &mut sink),
    };
    let settled = found >= stop_at || halt == Halt::Exhausted;
    (valid && settled).then_some((found, stats.nodes))
}

/// A symmetry's orbits on a grid size, each a list of cells.
type Orbits = Rc<Vec<Vec<usize>>>;

/// The orbits of a symmetry on a grid size, made once per thread and kept while the thread
/// generates puzzles of that kind.
fn orbit_table(symmetry: Symmetry, size: Size) -> Orbits {
    thread_local! {
        static TABLE: RefCell<Option<(Symmetry, Size, Orbits)>> = const { RefCell::new(None) };
    }
    TABLE.with_borrow_mut(|kept| match kept {
        Some((s, z, table)) if *s == symmetry && *z == size => Rc::clone(table),
        _ => {
            let table = Rc::new(symmetry.orbits(size));
            *kept = Some((symmetry, size, Rc::clone(&table)));
            table
        }
    })
}

impl Run<'_, '_> {
    pub(super) fn report(
        &mut self,
        phase: Phase,
        done: usize,
        puzzle: Option<&Grid>,
    ) -> Result<(), GenerateError> {
        self.report_with(phase, done, puzzle, false)
    }

    /// [`Run::report`], saying whether the work after it may run long (see
    /// [`Progress::slow_next`]).
    pub(super) fn report_with(
        &mut self,
        phase: Phase,
        done: usize,
        puzzle: Option<&Grid>,
        slow_next: bool,
    ) -> Result<(), GenerateError> {
        let p = Progress {
            attempt: self.attempt,
            phase,
            done,
            total: self.size.cells(),
            puzzle,
            slow_next,
        };
        if (self.progress)(&p) == Flow::Stop || self.cancelled() {
            return Err(GenerateError::Cancelled);
        }
        Ok(())
    }

    pub(super) fn cancelled(&self) -> bool {
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
        if self.options.formulation == Formulation::Propagation
            && let Some((found, nodes)) = decide_nine(query, stop_at, &limits)
        {
            self.stats.nodes += nodes;
            return Ok(Some(found >= stop_at));
        }
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
    /// formulation; from [`ESCALATE_FROM_BOX`] by the plain search within a budget, then by
    /// CDCL; from [`CDCL_FROM_BOX`] up by CDCL, raced with the plain search when two threads
    /// are allowed. Every member is exact, so who answers changes only the time.
    pub(super) fn satisfiable(&mut self, query: &Query) -> Result<bool, GenerateError> {
        if !self.cdcl() {
            let budget = self
                .escalate_after
                .filter(|_| self.options.formulation == Formulation::Propagation);
            let Some(budget) = budget else {
                return self.at_least(query, 1);
            };
            if let Some(found) = self.at_least_within(query, 1, Some(budget))? {
                return Ok(found);
            }
        }
        self.stats.solver_calls += 1;
        let cancel = self.options.cancel.clone().unwrap_or_default();
        let (found, halt) = if self.race_threads() >= 2 {
            let limits = Limits {
                max_nodes: None,
                cancel: Some(cancel.clone()),
            };
            let answer = race::race(query, Strength::default(), Rival::Cdcl, &limits, 1, 2);
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
        if self.options.method == Method::Removal && self.options.logic().is_none() {
            // The orbits in a shuffled order of borrowed lists: the same order as shuffling
            // the lists themselves, with no list made per puzzle.
            let table = orbit_table(self.options.symmetry, size);
            let mut orbits: Vec<&[usize]> = table.iter().map(Vec::as_slice).collect();
            rng.shuffle(&mut orbits);
            let mut work = full.clone();
            self.remove(&mut work, &orbits, &full.values())?;
            let solution = work.with_solution(&full.values());
            return Ok((work, solution));
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::random_full_grid;
    use crate::engine::grid::Entry;

    /// The 9x9 questions asked of the 9x9 solver directly give [`decide`]'s answers and node
    /// counts: with and without a forbidden digit (on a blank cell and on a given one), guided
    /// by the solution or not, for one solution and for two.
    #[test]
    fn nine_questions_match_decide() {
        let size = Size::new(3).expect("size");
        let limits = Limits::default();
        for seed in 0..12u64 {
            let mut rng = Rng::new(seed);
            let full = random_full_grid(size, &mut rng, None).expect("full grid");
            let solution = full.values();
            let mut work = full.clone();
            for cell in 0..81 {
                if rng.below(4) > 0 {
                    work.set(Pos::from_index(cell, size), Entry::Empty);
                }
            }
            for cell in (0..81).step_by(5) {
                let p = Pos::from_index(cell, size);
                let forbidden = [(p, Digit::from_index(usize::from(solution[cell]) - 1))];
                let hint = Some(&solution[..]);
                for (forbidden, hint, stop_at) in [
                    (&forbidden[..], hint, 1),
                    (&forbidden[..], None, 2),
                    (&[][..], hint, 2),
                ] {
                    let query = Query {
                        grid: &work,
                        forbidden,
                        hint,
                    };
                    let (found, stats) = decide(
                        Formulation::Propagation,
                        &query,
                        stop_at,
                        &limits,
                        &mut |_| {},
                    )
                    .expect("decided");
                    let nodes = stats.nodes.expect("nodes");
                    let direct = decide_nine(&query, stop_at, &limits);
                    assert_eq!(direct, Some((found, nodes)), "seed {seed}, cell {cell}");
                }
            }
        }
    }
}
