//! Independent solution checker: plain arithmetic, sharing no code with any solver.

use super::grid::{Grid, Pos};
use std::fmt;

/// Why a grid is not a valid solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckError {
    SizeMismatch,
    Empty(Pos),
    GivenChanged(Pos),
    Duplicate { unit: &'static str, index: usize },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::SizeMismatch => write!(f, "the grids have different sizes"),
            CheckError::Empty(p) => write!(f, "{p} is empty"),
            CheckError::GivenChanged(p) => write!(f, "{p} does not keep the puzzle's given"),
            CheckError::Duplicate { unit, index } => {
                write!(f, "{unit} {} repeats a digit", index + 1)
            }
        }
    }
}

impl std::error::Error for CheckError {}

/// Is `solution` a complete, valid grid that keeps every given of `puzzle`?
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), CheckError> {
    if puzzle.size() != solution.size() {
        return Err(CheckError::SizeMismatch);
    }
    let size = puzzle.size();
    let (n, side) = (size.box_size(), size.side());
    let value = |r: usize, c: usize| solution.digit(Pos::new(r, c)).map(|d| d.get() as usize);
    for r in 0..side {
        for c in 0..side {
            let p = Pos::new(r, c);
            let v = value(r, c).ok_or(CheckError::Empty(p))?;
            if v > side {
                return Err(CheckError::Duplicate {
                    unit: "row",
                    index: r,
                });
            }
            if puzzle.digit(p).is_some_and(|g| g.get() as usize != v) {
                return Err(CheckError::GivenChanged(p));
            }
        }
    }
    // Each unit has `side` cells holding values in 1..=side; all distinct iff every value seen.
    let distinct = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
        let mut seen = vec![false; side + 1];
        for (r, c) in cells {
            let v = value(r, c).unwrap_or(0);
            if std::mem::replace(&mut seen[v], true) {
                return false;
            }
        }
        true
    };
    for i in 0..side {
        if !distinct(&mut (0..side).map(|c| (i, c))) {
            return Err(CheckError::Duplicate {
                unit: "row",
                index: i,
            });
        }
        if !distinct(&mut (0..side).map(|r| (r, i))) {
            return Err(CheckError::Duplicate {
                unit: "column",
                index: i,
            });
        }
        let (br, bc) = (i / n.max(1) * n, i % n.max(1) * n);
        if !distinct(&mut (0..side).map(|k| (br + k / n, bc + k % n))) {
            return Err(CheckError::Duplicate {
                unit: "box",
                index: i,
            });
        }
    }
    Ok(())
}
