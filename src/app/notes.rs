//! Pencil marks: the small candidates a player writes in empty cells, kept per cell as a mask.

use crate::engine::{Digit, Grid, Pos, Size};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Notes are drawn in the cells up to 25x25; above, a cell is too small to hold them, and only
/// the selected cell's are listed, under the board.
pub const NOTES_IN_CELLS_UP_TO: usize = 25;

/// Each cell's notes, one bit per digit index (bit 0 is digit 1); no cells at all when the
/// board has no notes, so a board without any costs nothing to store.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Notes(Vec<u64>);

impl Notes {
    /// The notes of `cell` (none outside the grid or on a board without notes).
    pub fn get(&self, cell: usize) -> u64 {
        self.0.get(cell).copied().unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&m| m == 0)
    }

    /// The digits noted in `cell`, smallest first.
    pub fn digits(&self, cell: usize) -> Vec<Digit> {
        let mask = self.get(cell);
        (0..64)
            .filter(|&i| mask >> i & 1 == 1)
            .map(Digit::from_index)
            .collect()
    }

    /// Sets the notes of `cell` on a board of `size`.
    pub fn set(&mut self, size: Size, cell: usize, mask: u64) {
        if self.0.len() != size.cells() {
            self.0 = vec![0; size.cells()];
        }
        let mask = mask & size.all_digits().0;
        if let Some(m) = self.0.get_mut(cell) {
            *m = mask;
        }
        // No notes left is no notes at all, so that boards compare equal.
        if mask == 0 && self.is_empty() {
            self.0.clear();
        }
    }

    /// Adds `d` to the notes of `cell`, or takes it out if it is there.
    pub fn toggle(&mut self, size: Size, cell: usize, d: Digit) {
        self.set(size, cell, self.get(cell) ^ 1 << d.index());
    }

    /// A digit placed in `cell`: the cell needs no notes, and no peer can hold the digit.
    pub fn placed(&mut self, size: Size, cell: usize, d: Digit) {
        if self.is_empty() {
            return;
        }
        self.set(size, cell, 0);
        for &peer in &size.layout().peers[cell] {
            self.set(size, peer, self.get(peer) & !(1 << d.index()));
        }
    }

    /// Digit `d` left `cell` of `grid`: each empty peer that `d` now fits takes it back.
    pub fn freed(&mut self, grid: &Grid, cell: usize, d: Digit) {
        let size = grid.size();
        for &peer in &size.layout().peers[cell] {
            if allowed(grid, peer) >> d.index() & 1 == 1 {
                self.set(size, peer, self.get(peer) | 1 << d.index());
            }
        }
    }

    /// Notes that belong to a board of `size`; another size's are dropped.
    pub fn fit(self, size: Size) -> Notes {
        if self.0.len() == size.cells() {
            self
        } else {
            Notes::default()
        }
    }

    /// Every empty cell's candidates: the digits no filled peer holds.
    pub fn auto(grid: &Grid) -> Notes {
        let size = grid.size();
        let mut notes = Notes(vec![0; size.cells()]);
        for cell in 0..size.cells() {
            notes.0[cell] = allowed(grid, cell);
        }
        match notes.is_empty() {
            true => Notes::default(),
            false => notes,
        }
    }

    /// The cells with notes, with their masks.
    pub fn cells(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.0.iter().copied().enumerate().filter(|&(_, m)| m != 0)
    }

    /// The notes as the JSON export's extra field, `{"3":{"7":[1,4,9]}}` (1-based rows and
    /// columns as `fixed` and `solved` have them); `None` without notes.
    pub fn to_json(&self, grid: &Grid) -> Option<String> {
        let size = grid.size();
        let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
        for (cell, _) in self.cells() {
            let p = Pos::from_index(cell, size);
            if grid.digit(p).is_some() {
                continue;
            }
            let digits: Vec<String> = self
                .digits(cell)
                .iter()
                .map(|d| d.get().to_string())
                .collect();
            let col = format!("\"{}\":[{}]", p.col + 1, digits.join(","));
            match rows.last_mut() {
                Some((r, cols)) if *r == p.row => cols.push(col),
                _ => rows.push((p.row, vec![col])),
            }
        }
        if rows.is_empty() {
            return None;
        }
        let rows: Vec<String> = rows
            .iter()
            .map(|(r, cols)| format!("\"{}\":{{{}}}", r + 1, cols.join(",")))
            .collect();
        Some(format!("{{{}}}", rows.join(",")))
    }

    /// The `notes` field of a JSON board of `size`, if the text is one (none when it has no
    /// such field). An entry that names no cell or no digit of this size is an error rather
    /// than passed over, so an import never drops part of what it was given unsaid.
    pub fn from_json(text: &str, size: Size) -> Result<Notes, NotesError> {
        let Ok(Value::Object(doc)) =
            serde_json::from_str::<Value>(text.trim_start_matches('\u{feff}'))
        else {
            return Ok(Notes::default());
        };
        let Some(field) = doc.get("notes") else {
            return Ok(Notes::default());
        };
        let Value::Object(rows) = field else {
            return Err(NotesError::NotRows);
        };
        let side = size.side();
        let index = |k: &str| k.parse::<usize>().ok().filter(|i| (1..=side).contains(i));
        let mut notes = Notes::default();
        for (rk, cols) in rows {
            let Some(r) = index(rk) else {
                return Err(NotesError::Row(brief(rk)));
            };
            let Value::Object(cols) = cols else {
                return Err(NotesError::NotColumns { row: r });
            };
            for (ck, digits) in cols {
                let Some(c) = index(ck) else {
                    return Err(NotesError::Column {
                        row: r,
                        key: brief(ck),
                    });
                };
                let pos = Pos::new(r - 1, c - 1);
                let Value::Array(digits) = digits else {
                    return Err(NotesError::NotAList { pos });
                };
                let mut mask = 0u64;
                for v in digits {
                    let digit = v.as_u64().and_then(|n| Digit::new(n, side).ok());
                    let Some(d) = digit else {
                        return Err(NotesError::Digit {
                            pos,
                            value: brief(&v.to_string()),
                        });
                    };
                    mask |= 1 << d.index();
                }
                notes.set(size, pos.index(size), mask);
            }
        }
        Ok(notes)
    }
}

/// At most 24 characters of what the text holds, so a crafted link cannot fill the status line.
fn brief(s: &str) -> String {
    match s.chars().count() > 24 {
        true => format!("{}...", s.chars().take(24).collect::<String>()),
        false => s.to_string(),
    }
}

/// Why a JSON board's `notes` field does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotesError {
    /// The field is not an object keyed by row.
    NotRows,
    /// A row key that is no row of the grid.
    Row(String),
    /// A row's value is not an object keyed by column.
    NotColumns { row: usize },
    /// A column key that is no column of the grid.
    Column { row: usize, key: String },
    /// A cell's notes are not a list of digits.
    NotAList { pos: Pos },
    /// A value in a cell's list that is no digit of the grid.
    Digit { pos: Pos, value: String },
}

/// The digits no filled peer of `cell` holds (none when the cell is filled).
pub fn allowed(grid: &Grid, cell: usize) -> u64 {
    let size = grid.size();
    if grid.entries()[cell].digit().is_some() {
        return 0;
    }
    let seen = size.layout().peers[cell]
        .iter()
        .filter_map(|&p| grid.entries()[p].digit())
        .fold(0u64, |m, d| m | 1 << d.index());
    size.all_digits().0 & !seen
}
