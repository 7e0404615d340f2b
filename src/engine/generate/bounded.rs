//! The bounded passes of the removal at 36x36, between the logic pass and the search pass:
//! each orbit the logic pass kept is asked about within a node budget, and only the questions
//! no pass settles go on to the search pass.
//!
//! Near half the cells given, the question "can this clue's cell take another digit?" is either
//! answered yes at once (another solution differs from ours near the clue) or needs a proof that
//! no other digit fits, which the plain search and CDCL can take far longer over than over all
//! the rest. Asked in order without a bound, one such proof holds up every question
//! after it. Here each question gets a few nodes of a search that probes every node (failed
//! literals, the look-ahead's branch), and the ones it leaves wait for the search pass. Every
//! answer a pass gives is final: a removal keeps one solution (so does every puzzle on the
//! way), and a clue needed now stays needed as more clues go, so the puzzle the search pass
//! then finishes is minimal. The budgets count nodes and each question runs on one thread, so
//! the same seed gives the same puzzle whatever the threads or the formulation.

use super::run::Run;
use super::{GenerateError, Phase};
use crate::engine::grid::{Digit, Entry, Grid, Pos};
use crate::engine::search::probe::Probing;
use crate::engine::search::{Halt, Limits, Order, Searcher, Start};

/// The smallest box size whose removal has the bounded passes.
pub(super) const BOUNDED_FROM_BOX: usize = 6;

/// The largest: at 49x49 they were not measured, so its removal stays as it was.
const BOUNDED_UP_TO_BOX: usize = 6;

/// Node budget of the question with the far cells fixed, whose witness, when there is one,
/// the plain search finds in a few nodes.
const NEAR_BUDGET: u64 = 2_000;

/// Probing of the whole-grid question: every node, the choices of most reach first, branching
/// on the look-ahead's choice; `budget` literals a node.
const fn probing(budget: u32) -> Probing {
    Probing {
        from: 0,
        depth: u32::MAX,
        every: 1,
        budget,
        matching: true,
        lookahead: true,
        alternate: false,
        ranked: true,
    }
}

/// The passes, each a node budget of the whole-grid question and its probing: first the root
/// alone, probed until nothing changes (a few removals the logic pass missed), then 64 nodes
/// probed within 256 literals each. Larger budgets settled no more per second
/// (docs/experiments.md).
const PASSES: [(u64, Probing); 2] = [(1, probing(u32::MAX)), (64, probing(256))];

/// What a bounded question settled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// No other digit fits: the clue can go.
    Removable,
    /// Another digit fits: the clue stays for good.
    Needed,
    /// The budget ran out.
    Unknown,
}

impl Run<'_, '_> {
    /// Whether the grid size has the bounded passes.
    pub(super) fn bounded(&self) -> bool {
        (self.bounded_from_box..=BOUNDED_UP_TO_BOX).contains(&self.size.box_size())
    }

    /// Asks about `orbits` in order, pass by pass ([`PASSES`]), each pass over those the one
    /// before left open; blanks the removable ones and returns the orbits no pass settled, in
    /// order, for the search pass.
    pub(super) fn remove_bounded<'o>(
        &mut self,
        work: &mut Grid,
        orbits: Vec<&'o [usize]>,
        solution: &[u8],
    ) -> Result<Vec<&'o [usize]>, GenerateError> {
        let size = self.size;
        let mut open = orbits;
        let mut done = size.cells() - open.iter().map(|o| o.len()).sum::<usize>();
        for (budget, probing) in PASSES {
            let mut left = Vec::with_capacity(open.len());
            for orbit in open {
                let clues: Vec<(Pos, Digit)> = orbit
                    .iter()
                    .map(|&c| {
                        let p = Pos::from_index(c, size);
                        (p, work.digit(p).expect("orbit cells are clues"))
                    })
                    .collect();
                for &(p, _) in &clues {
                    work.set(p, Entry::Empty);
                }
                let answer = self.orbit_answer(work, &clues, solution, (budget, probing))?;
                if answer != Answer::Removable {
                    for &(p, d) in &clues {
                        work.set(p, Entry::Given(d));
                    }
                }
                if answer == Answer::Unknown {
                    left.push(orbit);
                } else {
                    done += orbit.len();
                }
                // Reported after every question, settled or not, so a long pass still shows
                // it is alive and sees the callback's stop.
                self.report(Phase::Removing, done, Some(work))?;
            }
            open = left;
        }
        Ok(open)
    }

    /// Whether `work`, with the `clues` of one orbit just blanked, keeps one solution: needed
    /// as soon as one clue is, removable when none is.
    fn orbit_answer(
        &mut self,
        work: &Grid,
        clues: &[(Pos, Digit)],
        solution: &[u8],
        pass: (u64, Probing),
    ) -> Result<Answer, GenerateError> {
        let mut answer = Answer::Removable;
        for &clue in clues {
            match self.clue_answer(work, clue, solution, pass)? {
                Answer::Needed => return Ok(Answer::Needed),
                Answer::Unknown => answer = Answer::Unknown,
                Answer::Removable => {}
            }
        }
        Ok(answer)
    }

    /// Whether some solution of `work` puts another digit in `clue`'s (blank) cell, within
    /// the budgets: first with the blank cells outside the clue's band and stack fixed to the
    /// known solution (as [`Run::can_differ`] asks it), then whole-grid with `pass`'s probing.
    fn clue_answer(
        &mut self,
        work: &Grid,
        clue: (Pos, Digit),
        solution: &[u8],
        (budget, probing): (u64, Probing),
    ) -> Result<Answer, GenerateError> {
        let size = self.size;
        let n = size.box_size();
        let (band, stack) = (clue.0.row / n, clue.0.col / n);
        let mut near = work.clone();
        for (i, e) in work.entries().iter().enumerate() {
            let p = Pos::from_index(i, size);
            if e.digit().is_none() && p.row / n != band && p.col / n != stack {
                near.set(p, Entry::Given(Digit::from_index(solution[i] as usize - 1)));
            }
        }
        if self.search_within(&near, clue, solution, NEAR_BUDGET, None)? == Answer::Needed {
            return Ok(Answer::Needed);
        }
        self.search_within(work, clue, solution, budget, Some(probing))
    }

    /// One search of `grid` with `clue`'s digit forbidden, guided by the known solution,
    /// within `budget` nodes and with `probing`.
    fn search_within(
        &mut self,
        grid: &Grid,
        clue: (Pos, Digit),
        solution: &[u8],
        budget: u64,
        probing: Option<Probing>,
    ) -> Result<Answer, GenerateError> {
        let mut start = Start::from_grid(grid);
        start.forbid(clue.0, clue.1);
        let limits = Limits {
            max_nodes: Some(budget),
            cancel: self.options.cancel.clone(),
        };
        let mut searcher = Searcher::new(&start, Order::guided(solution, self.size), limits);
        searcher.set_probing(probing);
        let found = searcher.next_solution().is_some();
        self.stats.solver_calls += 1;
        self.stats.nodes += searcher.stats().nodes;
        // A cancelled search may have probed less than it would have, so its answer is not
        // used even when it has one.
        if self.cancelled() {
            return Err(GenerateError::Cancelled);
        }
        Ok(match searcher.halt() {
            _ if found => Answer::Needed,
            None | Some(Halt::Exhausted) => Answer::Removable,
            Some(_) => Answer::Unknown,
        })
    }
}
