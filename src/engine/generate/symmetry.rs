//! Symmetries of the pattern of givens, and the orbits of cells they tie together.

use crate::engine::grid::{Grid, Pos, Size};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A symmetry the pattern of givens must keep; clues are removed one orbit at a time.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    #[default]
    None,
    /// Half turn about the centre.
    Rotate180,
    /// Quarter turn about the centre (so also the half turn).
    Rotate90,
    /// Mirror in the main diagonal (top-left to bottom-right).
    MainDiagonal,
    /// Mirror in the anti-diagonal (top-right to bottom-left).
    AntiDiagonal,
    /// Mirror in the horizontal centre line (top row pairs with bottom row).
    Horizontal,
    /// Mirror in the vertical centre line (left column pairs with right column).
    Vertical,
}

impl Symmetry {
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MainDiagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
    ];

    /// The name used on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rot180",
            Symmetry::Rotate90 => "rot90",
            Symmetry::MainDiagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
        }
    }

    pub fn from_id(id: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The cell this symmetry's generating map sends `p` to, in a grid of `side` cells a row.
    pub fn image(self, p: Pos, side: usize) -> Pos {
        let m = |x: usize| side - 1 - x;
        match self {
            Symmetry::None => p,
            Symmetry::Rotate180 => Pos::new(m(p.row), m(p.col)),
            Symmetry::Rotate90 => Pos::new(p.col, m(p.row)),
            Symmetry::MainDiagonal => Pos::new(p.col, p.row),
            Symmetry::AntiDiagonal => Pos::new(m(p.col), m(p.row)),
            Symmetry::Horizontal => Pos::new(m(p.row), p.col),
            Symmetry::Vertical => Pos::new(p.row, m(p.col)),
        }
    }

    /// The cells that must be given or blank together, as cell indices; each orbit starts at
    /// its smallest index and orbits are in increasing order of that index.
    pub fn orbits(self, size: Size) -> Vec<Vec<usize>> {
        let side = size.side();
        let mut seen = vec![false; size.cells()];
        let mut orbits = Vec::new();
        for start in 0..size.cells() {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::new();
            let mut c = start;
            while !seen[c] {
                seen[c] = true;
                orbit.push(c);
                c = self.image(Pos::from_index(c, size), side).index(size);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Does the pattern of givens of `grid` keep this symmetry?
    pub fn holds(self, grid: &Grid) -> bool {
        let size = grid.size();
        let given = |i: usize| grid.entries()[i].is_given();
        (0..size.cells()).all(|i| {
            let j = self
                .image(Pos::from_index(i, size), size.side())
                .index(size);
            given(i) == given(j)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells_and_follow_the_map() {
        for size in Size::all().take(6) {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(size);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..size.cells()).collect::<Vec<_>>(), "{sym} {size}");
                for o in &orbits {
                    let limit = if sym == Symmetry::Rotate90 { 4 } else { 2 };
                    assert!(!o.is_empty() && o.len() <= limit, "{sym} {size} {o:?}");
                }
            }
        }
    }
}
