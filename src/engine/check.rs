//! Independent solution checker: plain arithmetic, sharing no code with any solver.

use super::grid::{Digit, Grid, Pos};
use std::fmt;

/// Why a grid is not a valid solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckError {
    SizeMismatch,
    Empty(Pos),
    OutOfRange(Pos),
    GivenChanged(Pos),
    /// The cell holds a digit the question ruled out.
    Forbidden(Pos),
    Duplicate {
        unit: &'static str,
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
    // One bit per value seen in each row, column and box.
    let mut seen = vec![0u64; 3 * side];
    for (i, &v) in values.iter().enumerate() {
        let (r, c) = (i / side, i % side);
        let p = Pos::new(r, c);
        if v == 0 {
            return Err(CheckError::Empty(p));
        }
        if v as usize > side {
            return Err(CheckError::OutOfRange(p));
        }
        if puzzle.digit(p).is_some_and(|g| g.get() != v) {
            return Err(CheckError::GivenChanged(p));
        }
        let bit = 1u64 << (v - 1);
        let b = r / n * n + c / n;
        for (unit, index) in [("row", r), ("column", side + c), ("box", 2 * side + b)] {
            if seen[index] & bit != 0 {
                return Err(CheckError::Duplicate {
                    unit,
                    index: index % side,
                });
            }
            seen[index] |= bit;
        }
    }
    for &(p, d) in forbidden {
        if p.row < side && p.col < side && values[p.index(size)] == d.get() {
            return Err(CheckError::Forbidden(p));
        }
    }
    Ok(())
}
