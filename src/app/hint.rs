//! Hints: the step the worker found, revealed a little more at each press, and applied as
//! one undo step.

use super::advice::Hint;
use super::board::Board;
use super::notes::{Notes, allowed};
use crate::engine::logic::Step;
use crate::engine::{Digit, Entry, Grid, Pos, Size};
use crate::words::{Message, PlayMessage, Wrong};

/// How much of a hint is on show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Detail {
    /// The technique and where to look (or that something is wrong).
    Area,
    /// The exact step (or the cells that are wrong).
    Exact,
}

/// A hint and the board it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub hint: Hint,
    pub grid: Grid,
    pub notes: Notes,
    pub detail: Detail,
}

/// What the board marks for a hint.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HintView {
    /// The cells of the units to look at.
    pub area: Vec<Pos>,
    /// The pattern's cells (or the cells that are wrong).
    pub cells: Vec<Pos>,
    /// Candidates the step removes.
    pub struck: Vec<(Pos, Digit)>,
    /// Digits the step places.
    pub placed: Vec<(Pos, Digit)>,
    /// The candidates of the step's empty cells that hold no notes of the player's (as masks),
    /// so that a step read on candidates shows them on a board played without notes.
    pub candidates: Vec<(Pos, u64)>,
}

/// The hint on show, if any.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hints {
    pub shown: Option<Shown>,
}

impl Hints {
    /// The hint on show, while the board is still the one it is about.
    pub fn current(&self, board: &Board) -> Option<&Shown> {
        self.shown
            .as_ref()
            .filter(|s| s.grid == board.grid && s.notes == board.notes)
    }

    /// Drops a hint about a board that has changed since.
    pub fn fit(&mut self, board: &Board) {
        if self.current(board).is_none() {
            self.shown = None;
        }
    }

    /// Whether a press of Hint shows more of the hint on show rather than asking anew.
    pub fn can_reveal(&self, board: &Board) -> bool {
        self.current(board).is_some_and(|s| {
            s.detail == Detail::Area
                && matches!(
                    s.hint,
                    Hint::Step { .. }
                        | Hint::Wrong { .. }
                        | Hint::Clash { .. }
                        | Hint::WrongNotes { .. }
                )
        })
    }

    /// The step Apply hint would make.
    pub fn step(&self, board: &Board) -> Option<&Step> {
        match &self.current(board)?.hint {
            Hint::Step { step, .. } => Some(step),
            _ => None,
        }
    }

    /// The worker's hint for the board as it is.
    pub fn answered(&mut self, hint: Hint, board: &Board) -> Message {
        let shown = Shown {
            hint,
            grid: board.grid.clone(),
            notes: board.notes.clone(),
            detail: Detail::Area,
        };
        let message = say(&shown);
        self.shown = Some(shown);
        message
    }

    /// The second press: the exact step, or where the mistakes are.
    pub fn reveal(&mut self, board: &Board, status: &mut Message) {
        if !self.can_reveal(board) {
            return;
        }
        if let Some(shown) = self.shown.as_mut() {
            shown.detail = Detail::Exact;
            *status = say(shown);
        }
    }

    /// Makes the hint's step on the board, one undo step: its digits placed (and taken out
    /// of their peers' notes), its eliminations taken out of the notes (a cell without notes
    /// gets its candidates first, so the removal shows). Returns whether it did.
    pub fn apply(&mut self, board: &mut Board, status: &mut Message) -> bool {
        let Some(step) = self.step(board).cloned() else {
            return false;
        };
        let size = board.size();
        let mut grid = board.grid.clone();
        let mut notes = board.notes.clone();
        for &(p, d) in &step.placements {
            grid.set(p, Entry::Filled(d));
            notes.placed(size, p.index(size), d);
        }
        for &(p, d) in &step.eliminations {
            let cell = p.index(size);
            let mut mask = notes.get(cell);
            if mask == 0 {
                mask = allowed(&grid, cell);
            }
            notes.set(size, cell, mask & !(1 << d.index()));
        }
        let solver_grid = board.solver_grid.clone();
        board.push_with(grid, notes, board.auto);
        board.solver_grid = solver_grid;
        self.shown = None;
        *status = Message::Play(PlayMessage::HintApplied {
            placed: step.placements.len(),
            removed: step.eliminations.len(),
        });
        true
    }

    /// What the board marks for the hint on show.
    pub fn view(&self, board: &Board) -> HintView {
        let Some(shown) = self.current(board) else {
            return HintView::default();
        };
        let exact = shown.detail == Detail::Exact;
        match &shown.hint {
            Hint::Step { step, .. } => {
                let mut view = step_view(step, board.size(), exact);
                view.candidates = unnoted_candidates(&view, board);
                view
            }
            Hint::Wrong { cells } | Hint::Clash { cells } | Hint::WrongNotes { cells } if exact => {
                HintView {
                    cells: cells.clone(),
                    ..HintView::default()
                }
            }
            _ => HintView::default(),
        }
    }
}

/// What the board marks for `step` on a board of `size`: its units, and when `exact` its
/// cells, removals and placements.
pub fn step_view(step: &Step, size: Size, exact: bool) -> HintView {
    let layout = size.layout();
    let mut area: Vec<Pos> = step
        .units
        .iter()
        .chain(&step.cover)
        .flat_map(|u| layout.units[u.layout_index(size)].iter())
        .map(|&c| Pos::from_index(c, size))
        .collect();
    area.sort();
    area.dedup();
    if !exact {
        // A step with no units (a naked single, a chain) points at its cells' area.
        if area.is_empty() {
            area = pattern_cells(step);
        }
        return HintView {
            area,
            ..HintView::default()
        };
    }
    HintView {
        area,
        cells: pattern_cells(step),
        struck: step.eliminations.clone(),
        placed: step.placements.clone(),
        candidates: Vec::new(),
    }
}

/// The candidates of the marked cells (the pattern's and those losing a candidate) that are
/// empty and hold no notes. The hint was found on exactly these candidates there: notes
/// narrow the board's candidates only where the player wrote some.
fn unnoted_candidates(view: &HintView, board: &Board) -> Vec<(Pos, u64)> {
    let size = board.size();
    let mut cells: Vec<Pos> = view
        .cells
        .iter()
        .copied()
        .chain(view.struck.iter().map(|&(p, _)| p))
        .collect();
    cells.sort();
    cells.dedup();
    cells
        .into_iter()
        .map(|p| (p, p.index(size)))
        .filter(|&(_, i)| board.notes.get(i) == 0)
        .map(|(p, i)| (p, allowed(&board.grid, i)))
        .filter(|&(_, mask)| mask != 0)
        .collect()
}

/// Every cell the pattern is made of.
fn pattern_cells(step: &Step) -> Vec<Pos> {
    let mut cells: Vec<Pos> = step
        .cells
        .iter()
        .copied()
        .chain(step.placements.iter().map(|&(p, _)| p))
        .chain(step.fins.iter().map(|&(p, _)| p))
        .chain(step.chain.iter().map(|&(p, _)| p))
        .chain(step.groups.iter().flatten().copied())
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

/// The status line for a hint at its detail.
fn say(shown: &Shown) -> Message {
    let exact = shown.detail == Detail::Exact;
    Message::Play(match &shown.hint {
        Hint::Step { said, .. } if exact => PlayMessage::HintStep { said: said.clone() },
        Hint::Step { step, .. } => PlayMessage::HintArea {
            technique: step.technique,
            units: step.units.clone(),
        },
        Hint::Wrong { cells } => PlayMessage::HintWrong {
            cells: cells.clone(),
            what: Wrong::Digits,
            shown: exact,
        },
        Hint::Clash { cells } => PlayMessage::HintWrong {
            cells: cells.clone(),
            what: Wrong::Clash,
            shown: exact,
        },
        Hint::WrongNotes { cells } => PlayMessage::HintWrong {
            cells: cells.clone(),
            what: Wrong::Notes,
            shown: exact,
        },
        Hint::Solved => PlayMessage::HintSolved,
        Hint::NoSolution => PlayMessage::HintNoSolution,
        Hint::Stuck { several } => PlayMessage::HintStuck { several: *several },
    })
}
