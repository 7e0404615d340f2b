//! Independent solution checker: plain arithmetic, sharing no code with any solver.

use super::grid::{Digit, Grid, Pos, UnitKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a grid is not a valid solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum CheckError {
    SizeMismatch,
    Empty(Pos),
    OutOfRange(Pos),
    GivenChanged(Pos),
    /// The cell holds a digit the question ruled out.
    Forbidden(Pos),
    /// A digit twice in the unit of this kind with this 0-based index.
    Duplicate {
        unit: UnitKind,
        index: usize,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::SizeMismatch => write!(f, "the grids have different sizes"),
            CheckError::Empty(p) => write!(f, "{p} is empty"),
            CheckError::OutOfRange(p) => write!(f, "{p} holds a value outside the grid's digits"),
            CheckError::GivenChanged(p) => write!(f, "{p} does not keep the puzzle's digit"),
            CheckError::Forbidden(p) => write!(f, "{p} holds a digit that was ruled out"),
            CheckError::Duplicate { unit, index } => {
                write!(f, "{unit} {} repeats a digit", index + 1)
            }
        }
    }
}

impl std::error::Error for CheckError {}

/// Is `solution` a complete, valid grid that keeps every digit of `puzzle`?
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), CheckError> {
    if puzzle.size() != solution.size() {
        return Err(CheckError::SizeMismatch);
    }
    let values: Vec<u8> = solution
        .entries()
        .iter()
        .map(|e| e.digit().map_or(0, |d| d.get()))
        .collect();
    check_values(puzzle, &[], &values)
}

/// Is `values` (row-major, `1..=side`) a complete, valid grid that keeps every digit of
/// `puzzle` and puts none of the `forbidden` digits in their cells? Every solver's output goes
/// through this before anyone sees it.
pub fn check_values(
    puzzle: &Grid,
    forbidden: &[(Pos, Digit)],
    values: &[u8],
) -> Result<(), CheckError> {
    let size = puzzle.size();
    let (n, side) = (size.box_size(), size.side());
    if values.len() != side * side {
        return Err(CheckError::SizeMismatch);
    }
    // One bit per value seen in each row, column and box; no division per cell, as this runs
    // on every solution every solver reports.
    let (mut rows, mut cols, mut boxes) = ([0u64; 49], [0u64; 49], [0u64; 49]);
    let mut col_box = [0usize; 49];
    for (c, b) in col_box.iter_mut().enumerate().take(side) {
        *b = c / n;
    }
    let entries = puzzle.entries();
    for (r, row_seen) in rows.iter_mut().enumerate().take(side) {
        let band = r / n * n;
        for c in 0..side {
            let i = r * side + c;
            let v = values[i];
            let p = Pos::new(r, c);
            if v == 0 {
                return Err(CheckError::Empty(p));
            }
            if usize::from(v) > side {
                return Err(CheckError::OutOfRange(p));
            }
            if entries[i].digit().is_some_and(|g| g.get() != v) {
                return Err(CheckError::GivenChanged(p));
            }
            let bit = 1u64 << (v - 1);
            let b = band + col_box[c];
            for (unit, seen, index) in [
                (UnitKind::Row, &mut *row_seen, r),
                (UnitKind::Column, &mut cols[c], c),
                (UnitKind::Box, &mut boxes[b], b),
            ] {
                if *seen & bit != 0 {
                    return Err(CheckError::Duplicate { unit, index });
                }
                *seen |= bit;
            }
        }
    }
    for &(p, d) in forbidden {
        if p.row < side && p.col < side && values[p.index(size)] == d.get() {
            return Err(CheckError::Forbidden(p));
        }
    }
    Ok(())
}

/// Whether `values` (row-major, 81 digits) is a solved 9x9 grid keeping the given digits of
/// `puzzle` (`0` blank): every row, column and box holds each digit once. Written apart from
/// the 9x9 solver's planes, so a solver bug cannot pass its own check: the fast path's answers
/// go through this as [`check_solution`] checks the others.
pub fn is_nine_solution(puzzle: &[u8; 81], values: &[u8]) -> bool {
    let Ok(values) = <&[u8; 81]>::try_from(values) else {
        return false;
    };
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    let mut ok = true;
    for (r, (row, givens)) in values
        .chunks_exact(9)
        .zip(puzzle.chunks_exact(9))
        .enumerate()
    {
        let mut seen = 0u16;
        for (c, (&v, &g)) in row.iter().zip(givens).enumerate() {
            // Digits 1 to 9 are bits 0 to 8; anything else sets none, so its units fall short.
            let bit = if (1..=9).contains(&v) {
                1u16 << (v - 1)
            } else {
                0
            };
            seen |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
            ok &= g == 0 || g == v;
        }
        ok &= seen == 0x1FF;
    }
    ok && cols.iter().chain(&boxes).all(|&m| m == 0x1FF)
}
