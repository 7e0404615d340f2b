//! The undo history as it survives a reload: each step stored as the cells it changes, within a byte budget.

use super::board::{Board, Snapshot};
use super::notes::Notes;
use crate::engine::{Digit, Entry, Grid, Pos, Size};
use serde::{Deserialize, Serialize};

/// The most the stored history takes, in bytes of JSON: localStorage holds about 5 MB for the
/// whole site, the board and settings included, and the oldest steps matter least.
pub const HISTORY_BYTES: usize = 1 << 20;

/// One cell as a step leaves it: index, entry, notes, the solver's digit (entries coded by
/// [`code`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Cell(u32, i16, u64, i16);

/// How one board becomes the next: the cells that change, or the whole board when its size
/// changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Change {
    Cells {
        cells: Vec<Cell>,
        auto: bool,
        /// Whether the next board has solver's marks at all.
        solver: bool,
    },
    Whole {
        grid: Grid,
        solver_grid: Option<Grid>,
        notes: Notes,
        auto: bool,
    },
}

/// The undo and redo stacks as diffs, each stack walked from the board on show outwards (the
/// latest step first), so that dropping the oldest is cutting the end off.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct History {
    /// The board the steps start from ([`fingerprint`]): a history is only put back on it.
    board: u64,
    undo: Vec<Change>,
    redo: Vec<Change>,
}

/// An entry as a number: 0 empty, `d` a digit played, `-d` a given.
fn code(e: Entry) -> i16 {
    match e {
        Entry::Empty => 0,
        Entry::Filled(d) => i16::from(d.get()),
        Entry::Given(d) => -i16::from(d.get()),
    }
}

fn entry(code: i16, size: Size) -> Option<Entry> {
    let digit = |v: i16| Digit::new(u64::from(v.unsigned_abs()), size.side()).ok();
    Some(match code {
        0 => Entry::Empty,
        c if c > 0 => Entry::Filled(digit(c)?),
        c => Entry::Given(digit(c)?),
    })
}

/// A short fingerprint of a board's digits and notes (FNV-1a), stable across builds, so a
/// stored history or clock is matched with the board it belongs to.
pub fn fingerprint(grid: &Grid, notes: Option<&Notes>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut add = |v: u64| {
        for b in v.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    add(grid.size().box_size() as u64);
    for (i, &e) in grid.entries().iter().enumerate() {
        add(code(e) as u64);
        add(notes.map_or(0, |n| n.get(i)));
    }
    h
}

fn snapshot(board: &Board) -> Snapshot {
    Snapshot {
        grid: board.grid.clone(),
        solver_grid: board.solver_grid.clone(),
        notes: board.notes.clone(),
        auto: board.auto,
    }
}

/// The solver's digits of `s` on a grid of its size (none stands for an empty grid).
fn solver_of(s: &Snapshot) -> Grid {
    let size = s.grid.size();
    s.solver_grid
        .clone()
        .filter(|g| g.size() == size)
        .unwrap_or_else(|| Grid::empty(size))
}

fn change(from: &Snapshot, to: &Snapshot) -> Change {
    let size = to.grid.size();
    if from.grid.size() != size {
        return Change::Whole {
            grid: to.grid.clone(),
            solver_grid: to.solver_grid.clone(),
            notes: to.notes.clone(),
            auto: to.auto,
        };
    }
    let (fs, ts) = (solver_of(from), solver_of(to));
    let cells = (0..size.cells())
        .filter_map(|i| {
            let cell = |s: &Snapshot, solver: &Grid| {
                let (e, m) = (s.grid.entries()[i], solver.entries()[i]);
                (code(e), s.notes.get(i), code(m))
            };
            let (e, n, m) = cell(to, &ts);
            (cell(from, &fs) != (e, n, m)).then_some(Cell(i as u32, e, n, m))
        })
        .collect();
    Change::Cells {
        cells,
        auto: to.auto,
        solver: to.solver_grid.is_some(),
    }
}

/// `from` changed by `change`; `None` if the change does not fit it (a damaged store).
fn apply(from: &Snapshot, change: &Change) -> Option<Snapshot> {
    let (cells, auto, solver) = match change {
        Change::Whole {
            grid,
            solver_grid,
            notes,
            auto,
        } => {
            let notes = notes.clone().fit(grid.size());
            return Some(Snapshot {
                grid: grid.clone(),
                solver_grid: solver_grid.clone(),
                notes,
                auto: *auto,
            });
        }
        Change::Cells {
            cells,
            auto,
            solver,
        } => (cells, *auto, *solver),
    };
    let size = from.grid.size();
    let mut grid = from.grid.clone();
    let mut notes = from.notes.clone();
    let mut marks = solver.then(|| solver_of(from));
    for &Cell(i, e, n, m) in cells {
        let i = i as usize;
        if i >= size.cells() {
            return None;
        }
        let p = Pos::from_index(i, size);
        grid.set(p, entry(e, size)?);
        notes.set(size, i, n);
        if let Some(marks) = marks.as_mut() {
            marks.set(p, entry(m, size)?);
        }
    }
    Some(Snapshot {
        grid,
        solver_grid: marks,
        notes,
        auto,
    })
}

/// The changes walking `stack` from `now` outwards (its last element first).
fn walk(now: &Snapshot, stack: &[Snapshot]) -> Vec<Change> {
    let mut from = now;
    let mut out = Vec::with_capacity(stack.len());
    for s in stack.iter().rev() {
        out.push(change(from, s));
        from = s;
    }
    out
}

/// Each change's JSON, as many as fit in `budget` bytes (the latest first).
fn within(changes: &[Change], budget: &mut usize) -> Vec<String> {
    let mut out = Vec::new();
    for c in changes {
        let Ok(text) = serde_json::to_string(c) else {
            break;
        };
        if text.len() + 1 > *budget {
            break;
        }
        *budget -= text.len() + 1;
        out.push(text);
    }
    out
}

impl History {
    /// The board's undo and redo stacks as stored: JSON of at most `budget` bytes, undo steps
    /// first, the oldest of each stack dropped first.
    pub fn stored(board: &Board, budget: usize) -> String {
        let now = snapshot(board);
        let head = format!(
            "{{\"board\":{},\"undo\":[",
            fingerprint(&board.grid, Some(&board.notes))
        );
        let mut left = budget.saturating_sub(head.len() + 12);
        let undo = within(&walk(&now, &board.undo), &mut left);
        let redo = within(&walk(&now, &board.redo), &mut left);
        format!("{head}{}],\"redo\":[{}]}}", undo.join(","), redo.join(","))
    }

    /// Reads a stored history; `None` if the text is not one.
    pub fn read(text: &str) -> Option<History> {
        serde_json::from_str(text).ok()
    }

    /// Puts the history back on `board` if it was stored with this board; returns whether it
    /// did. A step that does not fit ends the stack there.
    pub fn restore(&self, board: &mut Board) -> bool {
        if self.board != fingerprint(&board.grid, Some(&board.notes)) {
            return false;
        }
        let now = snapshot(board);
        let unwalk = |changes: &[Change]| {
            let mut out: Vec<Snapshot> = Vec::new();
            for c in changes {
                let Some(next) = apply(out.last().unwrap_or(&now), c) else {
                    break;
                };
                out.push(next);
            }
            out.reverse();
            out
        };
        board.restore_history(unwalk(&self.undo), unwalk(&self.redo));
        true
    }
}
