//! The no-guess removal: clues (orbits) blanked in turn while the logic solver still solves the
//! puzzle with the allowed techniques.
//!
//! A puzzle the logic solver solves has one solution: every step it takes holds in every
//! solution, so the one grid it reaches is the only one. Each removal is decided by one
//! polynomial logic solve instead of a search, which is what makes this removal fast at every
//! size. The uniqueness techniques are never allowed here, since they assume the uniqueness
//! that the solve is meant to prove.

use super::run::Run;
use super::{GenerateError, Phase};
use crate::engine::grid::{Digit, Entry, Grid, Layout, Pos};
use crate::engine::logic::{self, Level, LogicOptions, Outcome, Stuck, Workspace};

/// Orbits decided together by [`Run::remove_batch`] from 25x25 up. Below, a solve is too
/// short for the state it starts from to save more than keeping that state costs.
const BATCH: usize = 16;

/// The smallest box size whose orbits go in batches.
const BATCH_FROM_BOX: usize = 5;

/// The digits given in each unit (as bit masks), kept in step with the puzzle while clues go
/// and come back: enough to see at once when a blanked cell is a single again.
struct UnitDigits {
    layout: &'static Layout,
    /// `masks[unit]`: bit `d - 1` set when digit `d` is given in the unit.
    masks: Vec<u64>,
}

impl UnitDigits {
    fn new(grid: &Grid) -> UnitDigits {
        let layout = grid.size().layout();
        let mut me = UnitDigits {
            layout,
            masks: vec![0; layout.units.len()],
        };
        for (cell, e) in grid.entries().iter().enumerate() {
            if let Some(d) = e.digit() {
                me.add(cell, d.get());
            }
        }
        me
    }

    fn add(&mut self, cell: usize, value: u8) {
        for &u in &self.layout.units_of[cell] {
            self.masks[u] |= 1 << (value - 1);
        }
    }

    fn remove(&mut self, cell: usize, value: u8) {
        for &u in &self.layout.units_of[cell] {
            self.masks[u] &= !(1 << (value - 1));
        }
    }

    /// The digits that `cell`'s peers hold.
    fn seen(&self, cell: usize) -> u64 {
        let [a, b, c] = self.layout.units_of[cell];
        self.masks[a] | self.masks[b] | self.masks[c]
    }

    /// Whether the empty `cell` is a naked or hidden single for `value` in the puzzle these
    /// masks describe (`filled` tells which cells hold a digit).
    fn is_single(&self, cell: usize, value: u8, filled: &dyn Fn(usize) -> bool) -> bool {
        let bit = 1u64 << (value - 1);
        let all = (1u64 << self.layout.size.side()) - 1;
        if self.seen(cell) | bit == all {
            return true;
        }
        self.layout.units_of[cell].iter().any(|&u| {
            self.layout.units[u]
                .iter()
                .all(|&other| other == cell || filled(other) || self.seen(other) & bit != 0)
        })
    }
}

/// What the batched removal keeps while it visits the orbits.
struct Visit<'a> {
    digits: UnitDigits,
    /// One set of solver buffers for every solve of the removal.
    solver: Workspace,
    solution: &'a [u8],
    logic: &'a LogicOptions,
}

impl Run<'_, '_> {
    /// Visits `orbits` in order and blanks each one whose removal leaves the puzzle solved by
    /// the logic solver with `logic`'s techniques; `work` starts solved by them (a full grid,
    /// or the additive method's clues).
    ///
    /// A removal whose cells singles fill straight back gives back the puzzle before it, which
    /// the solver solves, so it is kept without a solve. Above Hard, kept orbits are tried
    /// again after the visit until none can go (a bounded chain or forcing search may find
    /// less in a fuller grid, so a clue kept early could go later); the progress report of the
    /// last orbit, `done == total`, waits for that. Through Hard no retry is needed: every
    /// such step still follows (by itself, a smaller pattern or the singles it leaves) from a
    /// state with fewer candidates, so a puzzle the solver cannot finish stays unfinished
    /// when more clues go, and an orbit kept once is kept for good; the orbits are decided
    /// in batches ([`Run::remove_batch`]), with the outcome of visiting them one at a time.
    pub(super) fn remove_by_logic(
        &mut self,
        work: &mut Grid,
        orbits: &[Vec<usize>],
        solution: &[u8],
        logic: &LogicOptions,
    ) -> Result<(), GenerateError> {
        if logic.max_level <= Level::Hard {
            return self.remove_in_batches(work, orbits, solution, logic);
        }
        let size = self.size;
        let mut digits = UnitDigits::new(work);
        let mut done = size.cells() - orbits.iter().map(Vec::len).sum::<usize>();
        self.report(Phase::Removing, done, Some(work))?;
        // Each kept orbit with the number of removals made when it was last found necessary:
        // while no removal follows, the puzzle is the same and so is the answer.
        let mut kept: Vec<(&[usize], usize)> = Vec::new();
        let mut removals = 0;
        for (i, orbit) in orbits.iter().enumerate() {
            if self.try_remove(work, &mut digits, orbit, solution, logic) {
                removals += 1;
            } else {
                kept.push((orbit, removals));
            }
            done += orbit.len();
            if i + 1 < orbits.len() {
                self.report(Phase::Removing, done, Some(work))?;
            }
        }
        let last = orbits.last().map_or(0, Vec::len);
        while kept.iter().any(|&(_, at)| at < removals) {
            let mut still = Vec::with_capacity(kept.len());
            for (orbit, at) in kept {
                if at == removals {
                    still.push((orbit, at));
                } else if self.try_remove(work, &mut digits, orbit, solution, logic) {
                    removals += 1;
                } else {
                    still.push((orbit, removals));
                }
                self.report(Phase::Removing, done - last, Some(work))?;
            }
            kept = still;
        }
        if orbits.is_empty() {
            return Ok(());
        }
        self.report(Phase::Removing, done, Some(work))
    }

    /// [`Run::remove_by_logic`] through Hard: the orbits go in batches of [`BATCH`] (one
    /// at a time below [`BATCH_FROM_BOX`]), each decided by [`Run::remove_batch`].
    fn remove_in_batches(
        &mut self,
        work: &mut Grid,
        orbits: &[Vec<usize>],
        solution: &[u8],
        logic: &LogicOptions,
    ) -> Result<(), GenerateError> {
        let mut visit = Visit {
            digits: UnitDigits::new(work),
            solver: Workspace::default(),
            solution,
            logic,
        };
        let mut done = self.size.cells() - orbits.iter().map(Vec::len).sum::<usize>();
        self.report(Phase::Removing, done, Some(work))?;
        let batch_len = if self.size.box_size() >= BATCH_FROM_BOX {
            BATCH
        } else {
            1
        };
        for batch in orbits.chunks(batch_len) {
            self.remove_batch(work, &mut visit, batch, None);
            done += batch.iter().map(Vec::len).sum::<usize>();
            self.report(Phase::Removing, done, Some(work))?;
        }
        Ok(())
    }

    /// Blanks each orbit of `batch` whose removal, in turn, leaves the puzzle solved by the
    /// logic solver (techniques through Hard), as visiting them one at a time would.
    ///
    /// The whole batch goes first: if the puzzle without it is solved, so is every puzzle on
    /// the way there, as each has more clues. Otherwise each half is decided in turn, and
    /// their solves start from the state this one stopped in (`base` likewise comes from an
    /// enclosing batch): every puzzle asked about within the batch has all the clues of the
    /// one without the whole batch, so what was deduced there holds, and only what the
    /// extra clues change is searched again.
    fn remove_batch(
        &mut self,
        work: &mut Grid,
        visit: &mut Visit,
        batch: &[Vec<usize>],
        base: Option<&Stuck>,
    ) {
        let size = self.size;
        let (digits, solution) = (&mut visit.digits, visit.solution);
        let cells: Vec<usize> = batch.iter().flatten().copied().collect();
        for &c in &cells {
            work.set(Pos::from_index(c, size), Entry::Empty);
            digits.remove(c, solution[c]);
        }
        if refilled_by_singles(work, digits, &cells, solution) {
            return;
        }
        self.stats.logic_solves += 1;
        let outcome = visit.solver.outcome_from(base, work, visit.logic, &cells);
        if outcome == Outcome::Solved {
            return;
        }
        // A single orbit's state is not needed again.
        let stuck = if batch.len() > 1 {
            visit.solver.stuck()
        } else {
            None
        };
        let digits = &mut visit.digits;
        for &c in &cells {
            let d = Digit::from_index(solution[c] as usize - 1);
            work.set(Pos::from_index(c, size), Entry::Given(d));
            digits.add(c, solution[c]);
        }
        if batch.len() > 1 {
            let base = stuck.as_ref().or(base);
            let (first, second) = batch.split_at(batch.len() / 2);
            self.remove_batch(work, visit, first, base);
            self.remove_batch(work, visit, second, base);
        }
    }

    /// Blanks `orbit` and keeps it blank if the logic solver still solves the puzzle; puts it
    /// back otherwise. Returns whether it stays blank.
    fn try_remove(
        &mut self,
        work: &mut Grid,
        digits: &mut UnitDigits,
        orbit: &[usize],
        solution: &[u8],
        logic: &LogicOptions,
    ) -> bool {
        let size = self.size;
        for &c in orbit {
            work.set(Pos::from_index(c, size), Entry::Empty);
            digits.remove(c, solution[c]);
        }
        if refilled_by_singles(work, digits, orbit, solution) || self.solved_by_logic(work, logic) {
            return true;
        }
        for &c in orbit {
            let d = Digit::from_index(solution[c] as usize - 1);
            work.set(Pos::from_index(c, size), Entry::Given(d));
            digits.add(c, solution[c]);
        }
        false
    }

    /// Whether the logic solver with `logic`'s techniques solves `grid`: the one question the
    /// no-guess generator asks, so an incremental check can take its place.
    pub(super) fn solved_by_logic(&mut self, grid: &Grid, logic: &LogicOptions) -> bool {
        self.stats.logic_solves += 1;
        logic::outcome(grid, logic) == Outcome::Solved
    }
}

/// Whether singles alone fill the blanked `cells` again, one after another, in the puzzle
/// `work` (whose givens `digits` holds): then the puzzle leads back to the one before.
fn refilled_by_singles(
    work: &Grid,
    digits: &mut UnitDigits,
    cells: &[usize],
    solution: &[u8],
) -> bool {
    let mut open = cells.to_vec();
    let mut placed: Vec<usize> = Vec::with_capacity(cells.len());
    let refilled = loop {
        if open.is_empty() {
            break true;
        }
        let filled = |c: usize| work.entries()[c].digit().is_some() || placed.contains(&c);
        let Some(k) = open
            .iter()
            .position(|&c| digits.is_single(c, solution[c], &filled))
        else {
            break false;
        };
        let c = open.swap_remove(k);
        digits.add(c, solution[c]);
        placed.push(c);
    };
    for &c in &placed {
        digits.remove(c, solution[c]);
    }
    refilled
}
