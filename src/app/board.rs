//! The board every area of the app reads and changes: grid, solver's marks, mode, undo history.

use super::notes::Notes;
use crate::engine::{Conflict, Digit, Entry, Grid, Pos, Size};
use serde::{Deserialize, Serialize};

/// Whether typing sets clues of the puzzle or plays it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Mode {
    #[default]
    Givens,
    Play,
}

/// One step of the undo history: a board, which of its digits the solver placed, the
/// player's notes and whether they are the computed candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub grid: Grid,
    pub solver_grid: Option<Grid>,
    pub notes: Notes,
    pub auto: bool,
}

/// Undo depth: plenty for hand entry, bounded for 49x49 grids.
pub const UNDO_LIMIT: usize = 200;

/// The engine takes box size 0 (a grid with no cells); the board starts at 1x1.
pub fn on_the_board(size: Size) -> bool {
    size.box_size() >= 1
}

/// The grid on show with what the page knows of its digits, and the way back to earlier ones.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub grid: Grid,
    /// The digits the solver put on the board and nobody has typed over since, to tell them
    /// from played ones; `None` once an edit replaces the whole board.
    pub solver_grid: Option<Grid>,
    pub mode: Mode,
    /// The player's pencil marks in empty cells.
    pub notes: Notes,
    /// Auto candidates: the notes were filled with every cell's candidates, and cells that
    /// are emptied get theirs back.
    pub auto: bool,
    pub undo: Vec<Snapshot>,
    pub redo: Vec<Snapshot>,
    /// Boards pushed onto the undo stack so far: tells whether an input made its own step,
    /// which the stack's length cannot once the cap drops the oldest.
    steps: u64,
    /// The oldest step the last push dropped from a full history: a push taken back (the
    /// first key of a two-key number) puts it back.
    dropped: Option<Snapshot>,
}

impl Board {
    pub fn new(grid: Grid) -> Board {
        Board {
            grid,
            solver_grid: None,
            mode: Mode::Givens,
            notes: Notes::default(),
            auto: false,
            undo: Vec::new(),
            redo: Vec::new(),
            steps: 0,
            dropped: None,
        }
    }

    pub fn size(&self) -> Size {
        self.grid.size()
    }

    /// How many boards were pushed onto the undo stack so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Per cell, whether its digit is the solver's: placed by the last solve and not typed
    /// over or erased since. Edits elsewhere (and undoing them) leave the rest marked.
    pub fn solver_cells(&self) -> Vec<bool> {
        marked(&self.grid, self.solver_grid.as_ref())
    }

    /// The solver's marks for showing `solution` in place of the board: every digit it fills
    /// in, except where the player's own digit agrees with it, which stays the player's.
    pub fn marks_for(&self, solution: &Grid) -> Grid {
        let mut marks = solution.clone();
        for (p, _) in self.played() {
            if self.grid.digit(p) == solution.digit(p) {
                marks.set(p, Entry::Empty);
            }
        }
        marks
    }

    /// The digits the player filled in: not givens, and not the solver's.
    pub fn played(&self) -> Vec<(Pos, Digit)> {
        let solvers = self.solver_cells();
        self.grid
            .entries()
            .iter()
            .enumerate()
            .filter(|&(i, e)| matches!(e, Entry::Filled(_)) && !solvers[i])
            .filter_map(|(i, e)| Some((Pos::from_index(i, self.size()), e.digit()?)))
            .collect()
    }

    /// The first clash between two givens: a file or link holding it would not import.
    pub fn clashing_givens(&self) -> Option<Conflict> {
        self.grid.puzzle().conflicts().into_iter().next()
    }

    /// Makes `grid` current with no digit the solver's, the old board on the (capped) undo
    /// stack; a new step clears the redo stack. A new board's notes are its candidates with
    /// Auto candidates on, else none.
    pub fn push(&mut self, grid: Grid) {
        let notes = self.fresh_notes(&grid);
        self.push_with(grid, notes, self.auto);
    }

    /// The notes a new board `grid` starts with: its candidates with Auto candidates on.
    pub fn fresh_notes(&self, grid: &Grid) -> Notes {
        match self.auto {
            true => Notes::auto(grid),
            false => Notes::default(),
        }
    }

    /// As [`Board::push`], with the notes and Auto candidates given.
    pub fn push_with(&mut self, grid: Grid, notes: Notes, auto: bool) {
        let old = self.put(Snapshot {
            grid,
            solver_grid: None,
            notes,
            auto,
        });
        self.undo.push(old);
        self.steps += 1;
        self.dropped = (self.undo.len() > UNDO_LIMIT).then(|| self.undo.remove(0));
        self.redo.clear();
    }

    /// A step that changes only the notes (and Auto candidates): the digits and the
    /// solver's marks stay.
    pub fn push_notes(&mut self, notes: Notes, auto: bool) {
        let solver_grid = self.solver_grid.clone();
        self.push_with(self.grid.clone(), notes, auto);
        self.solver_grid = solver_grid;
    }

    /// Puts back an undo and a redo stack read from storage (oldest first, as kept), capped
    /// as a history grown here would be.
    pub fn restore_history(&mut self, mut undo: Vec<Snapshot>, redo: Vec<Snapshot>) {
        let over = undo.len().saturating_sub(UNDO_LIMIT);
        undo.drain(..over);
        self.steps = undo.len() as u64;
        self.undo = undo;
        self.redo = redo;
        self.dropped = None;
    }

    /// Takes back the last push onto the undo stack (returning the board it held), and puts
    /// back the oldest step that push dropped.
    pub fn unpush(&mut self) -> Option<Snapshot> {
        let last = self.undo.pop()?;
        if let Some(oldest) = self.dropped.take() {
            self.undo.insert(0, oldest);
        }
        Some(last)
    }

    /// Puts a snapshot on the board; returns the one it replaces.
    pub fn put(&mut self, snapshot: Snapshot) -> Snapshot {
        Snapshot {
            grid: std::mem::replace(&mut self.grid, snapshot.grid),
            solver_grid: std::mem::replace(&mut self.solver_grid, snapshot.solver_grid),
            notes: std::mem::replace(&mut self.notes, snapshot.notes),
            auto: std::mem::replace(&mut self.auto, snapshot.auto),
        }
    }

    /// Steps back one board, if there is one to go back to.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        let now = self.put(before);
        self.redo.push(now);
        true
    }

    /// Steps forward again after an undo.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        let now = self.put(after);
        self.undo.push(now);
        true
    }
}

/// Per cell of `grid`, whether it holds the digit `marks` (the solver's digits) has there.
pub fn marked(grid: &Grid, marks: Option<&Grid>) -> Vec<bool> {
    match marks.filter(|m| m.size() == grid.size()) {
        Some(marks) => grid
            .entries()
            .iter()
            .zip(marks.entries())
            .map(|(e, m)| matches!(e, Entry::Filled(_)) && e.digit() == m.digit())
            .collect(),
        None => vec![false; grid.entries().len()],
    }
}
