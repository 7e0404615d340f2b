//! The removal phase: clues (orbits) blanked in turn while the solution stays unique, in runs
//! where they succeed.

use super::run::Run;
use super::{GenerateError, Phase};
use crate::engine::formulation::Query;
use crate::engine::grid::{Digit, Entry, Grid, Pos};
use crate::engine::logic::{Level, LogicOptions};

/// Effort a run of orbits may spend on its count-2 question before it is given up for single
/// questions, in the formulation's node unit: search nodes for propagation and exact cover,
/// where it was measured, but solver calls for SAT (a count-2 question takes at most three, so
/// SAT never gives a run up) and branch-and-bound nodes for MIP. Only time depends on it: any
/// schedule of runs gives the same puzzle.
const RUN_BUDGET: u64 = 2_000;

/// The smallest box size whose removal starts with the logic pass: from 25x25 up the search's
/// questions near the hardness peak are what makes generation slow, while below it they take
/// milliseconds and the puzzles a seed gives stay those of the search alone.
const LOGIC_FIRST_FROM_BOX: usize = 5;

/// The smallest box size whose single questions are asked ahead on several threads when they are
/// allowed: below it a question takes less than starting a thread.
const PARALLEL_FROM_BOX: usize = 4;

/// The techniques of the logic pass.
const FIRST_PASS_LEVEL: Level = Level::Hard;

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
            if self.satisfiable(&query)? {
                return Ok(true);
            }
        }
        let query = Query {
            grid: work,
            forbidden: &forbidden,
            hint: Some(solution),
        };
        self.satisfiable(&query)
    }

    /// Whether `work`, with the `clues` of one orbit just blanked, still has one solution.
    /// Another solution differs from ours in some blanked cell, so it is unique iff no cell of
    /// the orbit can take a different digit.
    pub(super) fn stays_unique(
        &mut self,
        work: &Grid,
        clues: &[(Pos, Digit)],
        solution: &[u8],
    ) -> Result<bool, GenerateError> {
        for &clue in clues {
            if self.can_differ(work, clue, solution)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Visits `orbits` in order and blanks each one whose removal keeps the solution unique:
    /// from 25x25 up after a first pass that removes what the logic solver proves removable,
    /// at 36x36 also after the bounded passes ([`Run::remove_bounded`]), which settle within
    /// a node budget what they can of the rest.
    ///
    /// In the search pass, from 16x16 up, runs of orbits are tried together: if the puzzle without a whole run is
    /// still unique, so is every puzzle on the way there (each has more clues), so the run is
    /// removed with exactly the outcome of visiting its orbits one by one, in one solver call.
    /// After two single successes in a row the run doubles with each success, up to one
    /// unit's worth of orbits; a failed run, or one whose question outgrows [`RUN_BUDGET`]
    /// (near half the cells given, a 36x36 run's question can cost more than all the single
    /// questions it would save), falls back to single orbits. Any schedule of runs gives the
    /// puzzle of visiting the orbits one by one, so the result does not depend on the
    /// formulation or its node counts. With threads to spare, the search pass asks single
    /// questions ahead instead ([`Run::remove_ahead`]), with the same outcome.
    pub(super) fn remove<O: AsRef<[usize]> + Sync>(
        &mut self,
        work: &mut Grid,
        orbits: &[O],
        solution: &[u8],
    ) -> Result<(), GenerateError> {
        if self.size.box_size() < LOGIC_FIRST_FROM_BOX {
            return self.remove_by_search(work, orbits, solution);
        }
        let mut rest = self.remove_by_logic_first(work, orbits, solution)?;
        if self.bounded() {
            rest = self.remove_bounded(work, rest, solution)?;
        }
        self.remove_by_search(work, &rest, solution)
    }

    /// The first pass from 25x25 up: blanks each orbit whose removal leaves a puzzle the logic
    /// solver solves (so it is unique, proved in polynomial time) and returns the others, in
    /// order, for the search to decide. An orbit kept here may still go: logic failing proves
    /// nothing. Every puzzle on the way is unique, so the search pass that follows gives a
    /// minimal puzzle: each orbit it keeps was necessary when asked, and stays so as more
    /// clues go.
    fn remove_by_logic_first<'o, O: AsRef<[usize]>>(
        &mut self,
        work: &mut Grid,
        orbits: &'o [O],
        solution: &[u8],
    ) -> Result<Vec<&'o [usize]>, GenerateError> {
        let size = self.size;
        let mut done = size.cells() - orbits.iter().map(|o| o.as_ref().len()).sum::<usize>();
        self.report(Phase::Removing, done, Some(work))?;
        let logic = LogicOptions {
            unique: false,
            max_level: FIRST_PASS_LEVEL,
        };
        let mut rest = Vec::new();
        for orbit in orbits {
            let orbit = orbit.as_ref();
            for &c in orbit {
                work.set(Pos::from_index(c, size), Entry::Empty);
            }
            if self.solved_by_logic(work, &logic) {
                done += orbit.len();
                self.report(Phase::Removing, done, Some(work))?;
                continue;
            }
            for &c in orbit {
                let d = Digit::from_index(solution[c] as usize - 1);
                work.set(Pos::from_index(c, size), Entry::Given(d));
            }
            rest.push(orbit);
        }
        // The search's questions that follow may each take minutes near the hardness peak.
        self.report_with(Phase::Removing, done, Some(work), true)?;
        Ok(rest)
    }

    /// Visits `orbits` in order and blanks each one whose removal keeps the solution unique,
    /// decided by search.
    fn remove_by_search<O: AsRef<[usize]> + Sync>(
        &mut self,
        work: &mut Grid,
        orbits: &[O],
        solution: &[u8],
    ) -> Result<(), GenerateError> {
        let size = self.size;
        let mut done = size.cells() - orbits.iter().map(|o| o.as_ref().len()).sum::<usize>();
        self.report(Phase::Removing, done, Some(work))?;
        // Each question may itself be a race on several threads.
        let workers = if size.box_size() >= PARALLEL_FROM_BOX {
            (self.options.threads / self.race_threads()).min(orbits.len())
        } else {
            1
        };
        if workers > 1 {
            return self.remove_ahead(work, orbits, solution, workers, done);
        }
        let (mut next, mut run, mut streak) = (0usize, 1usize, 0usize);
        // Longer runs rarely succeed and a failed one can cost a long search on big grids. Up
        // to 9x9 most single questions end at the root, so a run's count-2 search costs more
        // than the questions it saves.
        let max_run = if size.box_size() <= 3 { 1 } else { size.side() };
        // The clues of the orbits asked about, one buffer for every question.
        let mut clues: Vec<(Pos, Digit)> = Vec::with_capacity(max_run * size.side());
        while next < orbits.len() {
            let k = run.min(orbits.len() - next);
            let batch = &orbits[next..next + k];
            clues.clear();
            clues.extend(batch.iter().flat_map(AsRef::as_ref).map(|&c| {
                let p = Pos::from_index(c, size);
                (p, work.digit(p).expect("orbit cells are clues"))
            }));
            for &(p, _) in &clues {
                work.set(p, Entry::Empty);
            }
            let unique = if k == 1 {
                Some(self.stays_unique(work, &clues, solution)?)
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

/// Blanks the cells of `orbit` in `grid`; returns the clues they held.
pub(super) fn blank(grid: &mut Grid, orbit: &[usize]) -> Vec<(Pos, Digit)> {
    let size = grid.size();
    orbit
        .iter()
        .map(|&c| {
            let p = Pos::from_index(c, size);
            let d = grid.digit(p).expect("orbit cells are clues");
            grid.set(p, Entry::Empty);
            (p, d)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::run::CDCL_FROM_BOX;
    use crate::engine::generate::{
        GenerateOptions, GenerateStats, Symmetry, no_progress, random_full_grid,
    };
    use crate::engine::grid::Size;
    use crate::engine::rng::Rng;

    /// The logic pass, the bounded passes from `bounded_from_box` up, then the search pass on a
    /// 16x16 full grid from `seed`, with `threads`, CDCL answering from `cdcl_from_box` up and
    /// the single questions going to CDCL after `escalate_after` nodes; returns the puzzle and how many orbits the logic pass and the bounded passes left, after
    /// checking the puzzle is unique and minimal.
    fn remove_all_ways(
        seed: u64,
        threads: usize,
        cdcl_from_box: usize,
        escalate_after: Option<u64>,
        bounded_from_box: usize,
    ) -> (Grid, usize, usize) {
        let size = Size::new(4).expect("size");
        let mut rng = Rng::new(seed);
        let full = random_full_grid(size, &mut rng, None).expect("full grid");
        let solution = full.values();
        let options = GenerateOptions {
            threads,
            ..GenerateOptions::with_seed(seed)
        };
        let mut orbits = options.symmetry.orbits(size);
        rng.shuffle(&mut orbits);
        let mut stats = GenerateStats::default();
        let mut progress = no_progress;
        let mut run = Run {
            size,
            options: &options,
            attempt: 0,
            progress: &mut progress,
            stats: &mut stats,
            cdcl_from_box,
            escalate_after,
            bounded_from_box,
        };
        let mut work = full.clone();
        let rest = run
            .remove_by_logic_first(&mut work, &orbits, &solution)
            .expect("logic pass");
        let after_logic = rest.len();
        let rest = if run.bounded() {
            run.remove_bounded(&mut work, rest, &solution)
                .expect("bounded passes")
        } else {
            rest
        };
        run.remove_by_search(&mut work, &rest, &solution)
            .expect("search pass");
        assert!(!run.at_least(&Query::new(&work), 2).expect("count"));
        for (i, e) in work.entries().iter().enumerate() {
            if let Some(d) = e.digit() {
                let p = Pos::from_index(i, size);
                let mut without = work.clone();
                without.set(p, Entry::Empty);
                let differs = run.can_differ(&without, (p, d), &solution);
                assert!(differs.expect("question"), "seed {seed}: {p:?} redundant");
            }
        }
        (work, after_logic, rest.len())
    }

    /// [`remove_all_ways`] without the bounded passes: the puzzle and the orbits the logic
    /// pass left.
    fn remove_both_ways(seed: u64, threads: usize, cdcl_from_box: usize) -> (Grid, usize) {
        let (puzzle, rest, _) = remove_all_ways(seed, threads, cdcl_from_box, None, usize::MAX);
        (puzzle, rest)
    }

    /// The logic pass then the search pass, on 16x16 where both are quick: one solution, every
    /// clue necessary, and the logic pass did part of the work.
    #[test]
    fn logic_first_removal_gives_a_minimal_puzzle() {
        let orbits = Size::new(4).expect("size").cells();
        for seed in [1u64, 2] {
            let (_, rest) = remove_both_ways(seed, 1, CDCL_FROM_BOX);
            assert!(rest < orbits / 2, "seed {seed}: {rest}");
        }
    }

    /// CDCL alone (one thread) and the race of the plain search and CDCL (two threads, and
    /// four: two questions side by side) give the plain search's minimal puzzle.
    #[test]
    fn cdcl_and_the_race_give_the_search_puzzle() {
        for seed in [1u64, 3] {
            let (reference, _) = remove_both_ways(seed, 1, usize::MAX);
            for threads in [1, 2, 4] {
                let (puzzle, _) = remove_both_ways(seed, threads, 4);
                assert_eq!(puzzle, reference, "seed {seed}, {threads} threads");
            }
        }
    }

    /// Questions the plain search leaves after a few nodes go to CDCL: the plain search's
    /// puzzle, with one thread and with questions asked ahead on two.
    #[test]
    fn questions_handed_to_cdcl_give_the_search_puzzle() {
        for seed in [1u64, 2] {
            let (reference, ..) = remove_all_ways(seed, 1, usize::MAX, None, usize::MAX);
            for threads in [1, 2] {
                let (puzzle, ..) = remove_all_ways(seed, threads, usize::MAX, Some(8), usize::MAX);
                assert_eq!(puzzle, reference, "seed {seed}, {threads} threads");
            }
        }
    }

    /// The search pass alone from the full grid, where most answers are "removable" and the
    /// threads' answers asked ahead keep going stale: the puzzle of asking one by one, with 2
    /// and 3 threads.
    #[test]
    fn questions_asked_ahead_give_the_puzzle_of_one_thread() {
        let size = Size::new(4).expect("size");
        for seed in [4u64, 5] {
            let mut rng = Rng::new(seed);
            let full = random_full_grid(size, &mut rng, None).expect("full grid");
            let mut orbits = Symmetry::None.orbits(size);
            rng.shuffle(&mut orbits);
            let puzzles: Vec<Grid> = [1, 2, 3]
                .iter()
                .map(|&threads| {
                    let options = GenerateOptions {
                        threads,
                        ..GenerateOptions::with_seed(seed)
                    };
                    let mut stats = GenerateStats::default();
                    let mut progress = no_progress;
                    let mut run = Run {
                        size,
                        options: &options,
                        attempt: 0,
                        progress: &mut progress,
                        stats: &mut stats,
                        cdcl_from_box: usize::MAX,
                        escalate_after: None,
                        bounded_from_box: usize::MAX,
                    };
                    let mut work = full.clone();
                    run.remove_by_search(&mut work, &orbits, &full.values())
                        .expect("search pass");
                    work
                })
                .collect();
            assert!(puzzles[0].given_count() < size.cells() / 2, "seed {seed}");
            assert_eq!(puzzles[1], puzzles[0], "seed {seed}, 2 threads");
            assert_eq!(puzzles[2], puzzles[0], "seed {seed}, 3 threads");
        }
    }

    /// The bounded passes between the logic pass and the search pass settle part of what the
    /// logic pass left, and the puzzle stays unique and minimal (checked by `remove_all_ways`)
    /// and the same with 1, 2 and 4 threads.
    #[test]
    fn bounded_passes_give_a_minimal_puzzle_whatever_the_threads() {
        for seed in [1u64, 2] {
            let (reference, after_logic, after_bounded) = remove_all_ways(seed, 1, 4, None, 4);
            assert!(after_bounded < after_logic, "seed {seed}: {after_bounded}");
            for threads in [2, 4] {
                let (puzzle, _, _) = remove_all_ways(seed, threads, 4, None, 4);
                assert_eq!(puzzle, reference, "seed {seed}, {threads} threads");
            }
        }
    }
}
