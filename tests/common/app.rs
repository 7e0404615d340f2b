//! What the app-state tests share: a puzzle, short names, and states to start from.
// Each test binary uses some of these.
#![allow(dead_code)]

use sudoku_lab::app::protocol::Response;
use sudoku_lab::app::serve::{self, Clock};
use sudoku_lab::app::state::{Action, AppState, JobKind};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Digit, Formulation, Grid, Pos, SolveOptions, SolveReport, solve};

/// A 9x9 puzzle with 17 givens and one solution.
pub const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pub fn puzzle() -> Grid {
    parse(PUZZLE).expect("valid").puzzle
}

/// A digit of a 9x9 grid.
pub fn d(v: u64) -> Digit {
    Digit::new(v, 9).expect("digit")
}

pub fn p(row: usize, col: usize) -> Pos {
    Pos::new(row, col)
}

pub fn run(state: AppState, actions: impl IntoIterator<Item = Action>) -> AppState {
    actions.into_iter().fold(state, AppState::reduce)
}

/// A state showing the puzzle, in play mode, with a job of `kind` running under the next id.
pub fn busy_with(kind: JobKind) -> (AppState, u64) {
    let s = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    let id = s.next_job_id();
    (s.reduce(Action::Started { id, kind }), id)
}

/// Propagation's report on `puzzle`, counting up to `max` solutions and keeping two.
pub fn report(puzzle: &Grid, max: u64) -> SolveReport {
    let options = SolveOptions {
        max_solutions: Some(max),
        keep: 2,
        ..SolveOptions::default()
    };
    solve(puzzle, Formulation::Propagation, &options).expect("solves")
}

/// A clock that stays at zero, for answers that are timed.
pub struct Zero;
impl Clock for Zero {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The notes of the cell at `at`, as numbers.
pub fn notes_at(s: &AppState, at: Pos) -> Vec<u8> {
    let cell = at.index(s.size());
    s.board.notes.digits(cell).iter().map(|d| d.get()).collect()
}

/// The puzzle imported, in play mode.
pub fn playing() -> AppState {
    run(AppState::default(), [Action::Import(PUZZLE.into())])
}

/// The puzzle's one solution.
pub fn solution() -> Grid {
    report(&puzzle(), 2).solutions[0].clone()
}

/// Asks the worker for a hint on the state's board and hands its answer back.
pub fn hinted(s: AppState) -> AppState {
    let id = s.next_job_id();
    let request = s.request(JobKind::Hint);
    let response = serve::handle(request, &Zero, &mut |_: Response| {});
    run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Hint,
            },
            Action::Answered { id, response },
        ],
    )
}
