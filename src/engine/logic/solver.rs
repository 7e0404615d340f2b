//! The logic solver: apply the easiest step that applies until solved or stuck; never guess.

use super::subsets::SubsetIndex;
use super::{Level, Marks, Scope, Step, Technique, colouring, fish, next_step, single_digit};
use crate::engine::analyze::{self, AnalyzeError, Certificate};
use crate::engine::check::check_solution;
use crate::engine::formulation::Formulation;
use crate::engine::grid::{Candidates, Grid, Pos, Size};
use serde::{Deserialize, Serialize};

mod incremental;
use incremental::{apply_checked, broken_at, note_placed, place_singles, placed_digits};

/// Which techniques the solver may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogicOptions {
    /// The puzzle is known to have one solution, so uniqueness techniques are sound.
    pub unique: bool,
    /// Techniques above this level are not used.
    pub max_level: Level,
}

impl Default for LogicOptions {
    /// Every technique but the uniqueness ones.
    fn default() -> Self {
        LogicOptions {
            unique: false,
            max_level: Level::Extreme,
        }
    }
}

impl LogicOptions {
    /// The allowed techniques, easiest first.
    pub fn techniques(&self) -> impl Iterator<Item = Technique> + '_ {
        Technique::ALL
            .into_iter()
            .filter(|t| t.level() <= self.max_level && (self.unique || !t.needs_uniqueness()))
    }
}

/// How a logic solve ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Solved,
    /// No allowed technique applies: the rest needs guessing (or harder techniques).
    Stuck,
    /// The state has no solution: a cell without candidates or a unit missing a digit.
    Broken,
}

/// A logic solve: every step in order and the state it ended in.
#[derive(Clone, Debug)]
pub struct Solved {
    pub outcome: Outcome,
    pub steps: Vec<Step>,
    /// The state after the last step.
    pub marks: Marks,
}

impl Solved {
    /// What is left when stuck: each empty cell and its candidates, row-major.
    pub fn remaining(&self) -> Vec<(Pos, Candidates)> {
        self.marks
            .empty_cells()
            .map(|c| (self.marks.pos(c), self.marks.candidates(c)))
            .collect()
    }

    /// The grid reached: the puzzle's givens and every digit placed.
    pub fn grid(&self) -> Grid {
        self.marks.to_grid()
    }
}

/// Solves `grid` by logic from its pencil marks.
pub fn solve(grid: &Grid, options: &LogicOptions) -> Solved {
    solve_marks(Marks::from_grid(grid), options)
}

/// Solves from a pencil-mark state.
pub fn solve_marks(mut marks: Marks, options: &LogicOptions) -> Solved {
    let mut steps = Vec::new();
    loop {
        if marks.is_solved() {
            return finish(Outcome::Solved, steps, marks);
        }
        if marks.is_broken() {
            return finish(Outcome::Broken, steps, marks);
        }
        match next_step(&marks, options) {
            Some(step) => {
                marks.apply(&step);
                steps.push(step);
            }
            None => return finish(Outcome::Stuck, steps, marks),
        }
    }
}

/// How far the allowed techniques get, without the step log: the question a no-guess
/// generator asks per removal. Singles are placed in bulk, which ends where placing them one
/// at a time ends (a single stays a single while others are placed, or the state breaks),
/// and so are all the steps a technique through Hard finds in one state: such a step still
/// follows, by itself or by the singles its pattern leaves, from any state with fewer
/// candidates, so the order they are taken in does not change where the solve ends.
pub fn outcome(grid: &Grid, options: &LogicOptions) -> Outcome {
    outcome_until(grid, options, &[])
}

/// [`outcome`], answering `Solved` as soon as every cell of `filled` holds a digit.
///
/// For a generator that blanked `filled` in a puzzle the techniques (through Hard) solve:
/// once they are filled again, the state has every clue of that puzzle and no candidate it
/// lacks, and a step through Hard still follows from a state with fewer candidates, so the
/// rest of the solve would succeed.
pub fn outcome_until(grid: &Grid, options: &LogicOptions, filled: &[usize]) -> Outcome {
    Workspace::default().settle(grid, options, filled)
}

/// The solution of `grid`'s digits when the techniques through Hard, uniqueness ones left
/// out, fill every cell. Each of their steps holds in every solution, so the grid they reach
/// is the only one: a proof of uniqueness without a search, which near half-given big grids
/// would take far longer. `None` when they stop short, and the search must decide.
pub fn logical_solution(grid: &Grid) -> Option<Grid> {
    let options = LogicOptions {
        unique: false,
        max_level: Level::Hard,
    };
    let (outcome, marks) = settle(grid, &options, &[]);
    let solution = marks.to_grid();
    (outcome == Outcome::Solved && check_solution(grid, &solution).is_ok()).then_some(solution)
}

/// Whether `puzzle` has one solution, as [`analyze::uniqueness`] with the propagation
/// search answers it, asking [`logical_solution`] first: the hint, steps and rating of a
/// puzzle made without guessing then never wait on a search near the hardness peak.
pub fn certify(puzzle: &Grid) -> Result<Certificate, AnalyzeError> {
    match logical_solution(puzzle) {
        Some(solution) => Ok(Certificate::Unique { solution }),
        None => analyze::uniqueness(puzzle, Formulation::Propagation, None),
    }
}

/// A state where the techniques through Hard stopped short of solving a puzzle: each of them
/// finds nothing in it. Every placement and elimination in it follows from the puzzle's
/// clues, so it also follows from any puzzle with those clues and more, whose solve can start
/// here instead of from its clues ([`outcome_from`]).
#[derive(Clone, Debug)]
pub struct Stuck {
    marks: Marks,
    options: LogicOptions,
}

/// [`outcome_until`] for `grid` that starts from `base`, a state its techniques stopped in for
/// a puzzle whose clues `grid` all has (or from `grid`'s clues when `base` is `None`), and
/// the state it stopped in, if stuck. Only for techniques through Hard: their steps still
/// follow from a state with fewer candidates, so a solve ends in the same state whichever
/// deductions of its puzzle it starts with, and a technique that found nothing in `base`
/// needs to look again only where the new clues changed something.
pub fn outcome_from(
    base: Option<&Stuck>,
    grid: &Grid,
    options: &LogicOptions,
    filled: &[usize],
) -> (Outcome, Option<Stuck>) {
    let mut work = Workspace::default();
    let outcome = work.outcome_from(base, grid, options, filled);
    (outcome, work.stuck())
}

/// [`outcome_until`] and the state it ended in.
fn settle(grid: &Grid, options: &LogicOptions, filled: &[usize]) -> (Outcome, Marks) {
    let mut work = Workspace::default();
    let outcome = work.settle(grid, options, filled);
    (outcome, work.marks)
}

/// The buffers of the outcome solve, kept by a caller that asks about many puzzles (a
/// generator) so that a solve reuses them instead of allocating its own.
pub struct Workspace {
    marks: Marks,
    /// Each cell's candidates when the techniques last looked ([`settle_marks`]).
    before: Vec<u64>,
    queue: Vec<(usize, usize)>,
    losing: Vec<usize>,
    techniques: Vec<Technique>,
    pending: Vec<Scope>,
    out: Vec<Step>,
    removed: Vec<(usize, usize)>,
    placed: Vec<u64>,
    lost: Vec<(usize, u64)>,
    index: SubsetIndex,
    turbot: single_digit::Turbot,
    colours: colouring::Colours,
    /// The options of the last [`Workspace::outcome_from`] when it answered `Stuck`.
    stuck_with: Option<LogicOptions>,
}

impl Default for Workspace {
    fn default() -> Self {
        Workspace {
            marks: Marks::blank(Size::NINE),
            before: Vec::new(),
            queue: Vec::new(),
            losing: Vec::new(),
            techniques: Vec::new(),
            pending: Vec::new(),
            out: Vec::new(),
            removed: Vec::new(),
            placed: Vec::new(),
            lost: Vec::new(),
            index: SubsetIndex::default(),
            turbot: single_digit::Turbot::default(),
            colours: colouring::Colours::default(),
            stuck_with: None,
        }
    }
}

impl Workspace {
    /// [`outcome_until`] with this workspace's buffers.
    pub fn outcome_until(
        &mut self,
        grid: &Grid,
        options: &LogicOptions,
        filled: &[usize],
    ) -> Outcome {
        self.settle(grid, options, filled)
    }

    /// [`outcome_from`] with this workspace's buffers, without the stuck state, which
    /// [`Workspace::stuck`] gives when it is needed.
    pub fn outcome_from(
        &mut self,
        base: Option<&Stuck>,
        grid: &Grid,
        options: &LogicOptions,
        filled: &[usize],
    ) -> Outcome {
        assert!(options.max_level <= Level::Hard, "only through Hard");
        let outcome = match base.filter(|b| b.options == *options) {
            None => self.settle(grid, options, filled),
            Some(b) => self.settle_from(&b.marks, grid, options, filled),
        };
        self.stuck_with = (outcome == Outcome::Stuck).then_some(*options);
        outcome
    }

    /// The state the last [`Workspace::outcome_from`] stopped in, if it answered `Stuck`.
    pub fn stuck(&self) -> Option<Stuck> {
        self.stuck_with.map(|options| Stuck {
            marks: self.marks.clone(),
            options,
        })
    }

    /// [`settle`] into this workspace's state.
    fn settle(&mut self, grid: &Grid, options: &LogicOptions, filled: &[usize]) -> Outcome {
        if self.marks.read_grid(grid) {
            return Outcome::Broken;
        }
        self.snapshot();
        settle_marks(self, Scope::ALL, options, filled, true)
    }

    /// [`settle`] starting from `base` (a [`Stuck`] state of a puzzle whose clues `grid` has)
    /// with `grid`'s clues placed in it.
    fn settle_from(
        &mut self,
        base: &Marks,
        grid: &Grid,
        options: &LogicOptions,
        filled: &[usize],
    ) -> Outcome {
        self.marks.clone_from(base);
        self.snapshot();
        let marks = &mut self.marks;
        for (c, e) in grid.entries().iter().enumerate() {
            let Some(d) = e.digit() else { continue };
            match marks.value(c) {
                Some(v) if v == d => {}
                None if marks.has(c, d.index()) => marks.place(c, d),
                _ => return Outcome::Broken,
            }
        }
        // Every technique found nothing in `base`, which was not broken: only what the clues
        // change is new.
        settle_marks(self, Scope::NONE, options, filled, false)
    }

    /// Takes every cell's candidates as those the techniques last looked at.
    fn snapshot(&mut self) {
        let cells = self.marks.size().cells();
        self.before.clear();
        self.before.extend((0..cells).map(|c| self.marks.mask(c)));
    }
}

/// The solve loop in `work`, whose cells had the candidates `work.before` when each technique
/// last found nothing outside `pending` (what changed since then comes on top); `first`
/// when the state may be broken anywhere, not only where it changed since `before`.
fn settle_marks(
    work: &mut Workspace,
    pending: Scope,
    options: &LogicOptions,
    filled: &[usize],
    mut first: bool,
) -> Outcome {
    let Workspace {
        marks,
        before,
        queue,
        losing,
        techniques,
        pending: scopes,
        out,
        removed,
        placed,
        lost,
        index,
        turbot,
        colours,
        ..
    } = work;
    // Singles are all placed before each search, so the techniques start after them.
    techniques.clear();
    techniques.extend(
        options
            .techniques()
            .filter(|&t| t > Technique::HiddenSingle),
    );
    // What changed since each technique last found nothing; techniques above Hard look
    // everywhere, as they report only the best of their steps.
    scopes.clear();
    scopes.resize(techniques.len(), pending);
    // The candidates the last steps removed, where new singles can be (all cells first).
    removed.clear();
    let mut everywhere = true;
    placed_digits(marks, placed);
    index.reset(marks);
    loop {
        let seeds = (!everywhere).then_some(removed.as_slice());
        if !place_singles(marks, queue, losing, seeds) {
            return Outcome::Broken;
        }
        lost.clear();
        let changed = Scope::changes(marks, before, lost);
        note_placed(marks, placed, lost);
        let broken = if first {
            marks.is_broken()
        } else {
            broken_at(marks, placed, lost)
        };
        if broken {
            return Outcome::Broken;
        }
        first = false;
        let refilled = !filled.is_empty() && filled.iter().all(|&c| marks.value(c).is_some());
        if marks.is_solved() || refilled {
            return Outcome::Solved;
        }
        out.clear();
        for scope in scopes.iter_mut() {
            scope.add(&changed);
        }
        index.update(marks, lost);
        let buffers = (&mut *index, &mut *turbot, &mut *colours);
        search_round(marks, techniques, scopes, buffers, out);
        if out.is_empty() {
            return Outcome::Stuck;
        }
        everywhere = out.iter().any(|step| !step.placements.is_empty());
        removed.clear();
        removed.extend(out.iter().flat_map(|step| {
            let size = marks.size();
            step.eliminations
                .iter()
                .map(move |&(p, d)| (p.index(size), d.index()))
        }));
        if !out.iter().all(|step| apply_checked(marks, step)) {
            return Outcome::Broken;
        }
    }
}

/// One round of [`settle_marks`]: the techniques in order, each looking where its `pending`
/// scope says, until one finds steps (into `out`).
fn search_round(
    marks: &Marks,
    techniques: &[Technique],
    pending: &mut [Scope],
    (index, turbot, colours): (
        &mut SubsetIndex,
        &mut single_digit::Turbot,
        &mut colouring::Colours,
    ),
    out: &mut Vec<Step>,
) {
    for (i, t) in techniques.iter().enumerate() {
        if pending[i].is_empty() {
            continue;
        }
        // Every instance of a technique through Hard at once: each holds in this state,
        // so together they do, and the search that found one finds them all anyway. Turbot
        // fish come from the conjugate pairs directly: the outcome needs no chain.
        // Skyscrapers and 2-string kites are turbot fish too, so all three are found at
        // once, which only takes their steps in another order. Sashimi fish come with the
        // finned ones, drawn from the same combinations. Techniques found together look
        // where any of them has yet to look.
        let sashimi_next = techniques.get(i + 1) == Some(&Technique::SashimiXWing);
        let finned = *t == Technique::FinnedXWing && sashimi_next;
        let turbots = *t == Technique::Skyscraper
            && techniques[i + 1..].starts_with(&[Technique::TwoStringKite, Technique::TurbotFish]);
        let together = if turbots { 2 } else { usize::from(finned) };
        for j in i + 1..=i + together {
            let rest = std::mem::replace(&mut pending[j], Scope::NONE);
            pending[i].add(&rest);
        }
        let scope = &mut pending[i];
        if *t == Technique::TurbotFish || turbots {
            single_digit::turbot_fish_eliminations(marks, scope, turbot, out);
        } else if finned {
            fish::finned_and_sashimi(marks, 2, scope, out);
        } else if matches!(t, Technique::SimpleColorsTrap | Technique::SimpleColorsWrap) {
            colouring::simple_in(marks, *t, scope, out, usize::MAX, colours);
        } else if t.level() <= Level::Hard {
            if !index.find(marks, *t, scope, out) {
                t.find_in(marks, scope, out, usize::MAX);
            }
        } else {
            t.find(marks, out, 1);
        }
        // Found or not, the technique has looked at all that changed; what its own
        // steps change comes back as the next round's changes.
        *scope = Scope::NONE;
        if !out.is_empty() {
            break;
        }
    }
}

fn finish(outcome: Outcome, steps: Vec<Step>, marks: Marks) -> Solved {
    // A placed digit can clash with a peer when the puzzle had no solution.
    let outcome = if outcome == Outcome::Solved && !marks.to_grid().conflicts().is_empty() {
        Outcome::Broken
    } else {
        outcome
    };
    Solved {
        outcome,
        steps,
        marks,
    }
}
