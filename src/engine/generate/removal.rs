//! The removal phase: clues (orbits) blanked in turn while the solution stays unique, in runs
//! where they succeed.

use super::run::Run;
use super::{GenerateError, Phase};
use crate::engine::formulation::Query;
use crate::engine::grid::{Digit, Entry, Grid, Pos};

/// Effort a run of orbits may spend on its count-2 question before it is given up for single
/// questions, in the formulation's node unit: search nodes for propagation and exact cover,
/// where it was measured, but solver calls for SAT (a count-2 question takes at most three, so
/// SAT never gives a run up) and branch-and-bound nodes for MIP. Only time depends on it: any
/// schedule of runs gives the same puzzle.
const RUN_BUDGET: u64 = 2_000;

impl Run<'_, '_> {
    /// Whether some solution of `work` puts another digit than `clue`'s in its (blank) cell.
    ///
    /// From 16x16 up, another solution often differs from the known one only near the clue,
    /// so the question is first asked with every blank cell outside the clue's band and stack
    /// fixed to the known solution: a far smaller search, and when it finds such a solution the
    /// whole-grid question is not asked. Only the whole-grid question can answer no.
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
    /// (near half the cells given, a 36x36 run's question can cost more than all the single
    /// questions it would save), falls back to single orbits. Any schedule of runs gives the
    /// puzzle of visiting the orbits one by one, so the result does not depend on the
    /// formulation or its node counts.
    pub(super) fn remove(
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
        // than the questions it saves.
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
