//! The worker's answers for a player, web-free: the next logical step on the board as it
//! stands (a hint), the whole logical solution, and a puzzle's rating.

use super::notes::Notes;
use crate::engine::analyze::Certificate;
use crate::engine::logic::{self, LogicOptions, Marks, Outcome, Rating, Step};
use crate::engine::{Entry, Grid, Pos};
use serde::{Deserialize, Serialize};

/// What a hint says about the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hint {
    /// The easiest step that applies, and its sentence (the worker writes it, so the page's
    /// wasm holds no sentence code of the logic engine).
    Step { step: Box<Step>, said: String },
    /// Every cell holds its digit.
    Solved,
    /// The givens have no solution.
    NoSolution,
    /// The player's digits in these cells are not the solution's.
    Wrong { cells: Vec<Pos> },
    /// The givens have several solutions and these filled cells clash with each other.
    Clash { cells: Vec<Pos> },
    /// These cells' notes leave out the digit the solution has there.
    WrongNotes { cells: Vec<Pos> },
    /// No technique applies; `several` when the givens have more than one solution.
    Stuck { several: bool },
}

/// What the givens' solution search found, for a hint or a step log.
struct Known {
    unique: bool,
    solution: Option<Grid>,
}

fn known(grid: &Grid) -> Result<Known, Hint> {
    let certificate = logic::certify(&grid.puzzle());
    match certificate {
        Ok(Certificate::Unique { solution }) => Ok(Known {
            unique: true,
            solution: Some(solution),
        }),
        Ok(Certificate::Multiple { .. }) => Ok(Known {
            unique: false,
            solution: None,
        }),
        // A search that fails finds no solution to offer a step towards either.
        Ok(Certificate::NoSolution) | Err(_) => Err(Hint::NoSolution),
    }
}

/// The next step on `grid` with the player's `notes`: first whether the player's digits or
/// notes contradict the solution, then a step found on the board's true candidates, narrowed
/// by the notes wherever they keep the solution's digit.
pub fn hint(grid: &Grid, notes: &Notes) -> Hint {
    if !grid.puzzle().conflicts().is_empty() {
        return Hint::NoSolution;
    }
    let known = match known(grid) {
        Ok(known) => known,
        Err(hint) => return hint,
    };
    let size = grid.size();
    let played = |i: usize| matches!(grid.entries()[i], Entry::Filled(_));
    match &known.solution {
        Some(s) => {
            let wrong: Vec<Pos> = (0..size.cells())
                .filter(|&i| played(i) && grid.entries()[i].digit() != s.entries()[i].digit())
                .map(|i| Pos::from_index(i, size))
                .collect();
            if !wrong.is_empty() {
                return Hint::Wrong { cells: wrong };
            }
        }
        // With several solutions no digit is wrong by itself, and the filled digits may be
        // a solver's: only a clash is certain.
        None => {
            let clashing = grid.conflicting_cells();
            let cells: Vec<Pos> = (0..size.cells())
                .filter(|&i| played(i) && clashing[i])
                .map(|i| Pos::from_index(i, size))
                .collect();
            if !cells.is_empty() {
                return Hint::Clash { cells };
            }
        }
    }
    let mut marks = Marks::from_grid(grid);
    if let Some(solution) = &known.solution {
        let mut wrong_notes = Vec::new();
        for (cell, mask) in notes.cells() {
            let (Some(want), None) = (solution.entries()[cell].digit(), marks.value(cell)) else {
                continue;
            };
            if mask >> want.index() & 1 == 0 {
                wrong_notes.push(Pos::from_index(cell, size));
                continue;
            }
            for d in 0..size.side() {
                if mask >> d & 1 == 0 {
                    marks.eliminate(cell, d);
                }
            }
        }
        if !wrong_notes.is_empty() {
            return Hint::WrongNotes { cells: wrong_notes };
        }
    }
    if marks.is_solved() {
        return Hint::Solved;
    }
    let options = LogicOptions {
        unique: known.unique,
        ..LogicOptions::default()
    };
    match logic::next_step(&marks, &options) {
        Some(step) => Hint::Step {
            said: logic::explain(&step, marks.size().side()),
            step: Box::new(step),
        },
        None => Hint::Stuck {
            several: !known.unique,
        },
    }
}

/// How a logical solution of the givens ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepsEnd {
    Solved,
    /// No technique applies any more: the rest needs guessing.
    Stuck,
    NoSolution,
}

/// Each step's sentence, as the step log lists them, on a grid of `side` digits.
pub fn said(steps: &[Step], side: usize) -> Vec<String> {
    steps.iter().map(|s| logic::explain(s, side)).collect()
}

/// The whole logical solution of `grid`'s givens, step by step, and how it ended.
pub fn steps(grid: &Grid) -> (Vec<Step>, StepsEnd) {
    let puzzle = grid.puzzle();
    if !puzzle.conflicts().is_empty() {
        return (Vec::new(), StepsEnd::NoSolution);
    }
    let Ok(known) = known(&puzzle) else {
        return (Vec::new(), StepsEnd::NoSolution);
    };
    let options = LogicOptions {
        unique: known.unique,
        ..LogicOptions::default()
    };
    let solved = logic::solve(&puzzle, &options);
    let end = match solved.outcome {
        Outcome::Solved => StepsEnd::Solved,
        Outcome::Stuck => StepsEnd::Stuck,
        Outcome::Broken => StepsEnd::NoSolution,
    };
    (solved.steps, end)
}

/// The rating of a puzzle whose givens have one solution, uniqueness techniques allowed.
pub fn rating(puzzle: &Grid) -> Rating {
    logic::rate(&puzzle.puzzle(), true)
}

/// The board after the first `k` of `steps` from `start`: the digits placed, and every empty
/// cell's candidates as notes.
pub fn board_after(start: &Grid, steps: &[Step], k: usize) -> (Grid, Notes) {
    let mut marks = Marks::from_grid(&start.puzzle());
    for step in steps.iter().take(k) {
        marks.apply(step);
    }
    let grid = marks.to_grid();
    let size = grid.size();
    let mut notes = Notes::default();
    for cell in marks.empty_cells() {
        notes.set(size, cell, marks.mask(cell));
    }
    (grid, notes)
}
