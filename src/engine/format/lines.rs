//! The fast path for lines that are plainly one puzzle each (81 characters of `1-9`, `.`, `0`
//! or `_` for 9x9, likewise 256 for 16x16 and 625 for 25x25): read and written without the
//! careful reader's guessing, with the answers it gives.

use super::{Format, Parsed};
use crate::engine::grid::{Entry, Grid, Size};

/// The puzzle of a line that is plainly one (one symbol per cell of a 9x9, 16x16 or 25x25
/// grid, nothing else, no two givens clashing); `None` for anything else, which the careful
/// reader then reads. 4x4 lines are left to it: sixteen of them may be one 16x16 grid.
pub fn plain_line(line: &str) -> Option<Parsed> {
    let bytes = line.as_bytes();
    let size = Size::new(match bytes.len() {
        81 => 3,
        256 => 4,
        625 => 5,
        _ => return None,
    })
    .ok()?;
    let side = size.side();
    let mut values = [0u8; 625];
    let values = &mut values[..bytes.len()];
    for (v, &b) in values.iter_mut().zip(bytes) {
        *v = match b {
            b'.' | b'0' | b'_' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            b'a'..=b'z' => b - b'a' + 10,
            _ => return None,
        };
        if usize::from(*v) > side {
            return None;
        }
    }
    if clashes(size, values) {
        return None;
    }
    let grid = Grid::from_values(size, values).ok()?;
    Some(Parsed {
        format: Format::Line,
        puzzle: grid.clone(),
        grid,
    })
}

/// Whether two givens share a digit in a row, column or box (digits up to 25, one bit each).
fn clashes(size: Size, values: &[u8]) -> bool {
    match size.box_size() {
        3 => clashes_in::<3>(values),
        4 => clashes_in::<4>(values),
        _ => clashes_in::<5>(values),
    }
}

/// [`clashes`] for box size `N`, known when compiled: this runs once per line, and dividing
/// by a constant costs far less than by a variable.
fn clashes_in<const N: usize>(values: &[u8]) -> bool {
    let side = N * N;
    let mut rows = [0u32; 25];
    let mut cols = [0u32; 25];
    let mut boxes = [0u32; 25];
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1u32 << v;
        let (r, c) = (i / side, i % side);
        let b = r / N * N + c / N;
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return true;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    false
}

/// One character per cell, `.` for a blank, for grids up to 25x25 (their digits are `1-9` and
/// `A-P`); `None` beyond, where the careful writer names the problem.
pub fn write_plain(grid: &Grid) -> Option<String> {
    if grid.size().side() > 25 {
        return None;
    }
    let bytes: Vec<u8> = grid
        .entries()
        .iter()
        .map(|e| match e {
            Entry::Empty => b'.',
            Entry::Given(d) | Entry::Filled(d) => match d.get() {
                v @ 1..=9 => b'0' + v,
                v => b'A' + v - 10,
            },
        })
        .collect();
    Some(String::from_utf8(bytes).expect("ASCII symbols"))
}
