//! One deduction: what it places and removes, and the pattern it used, as data.

use super::Technique;
use crate::engine::grid::{Digit, Pos, Size, UnitKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A row, column or box, numbered from 0 within its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub kind: UnitKind,
    pub index: usize,
}

impl Unit {
    /// The unit with layout index `unit` (rows, then columns, then boxes).
    pub fn from_layout(unit: usize, size: Size) -> Unit {
        let side = size.side();
        let kind = match unit / side {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit {
            kind,
            index: unit % side,
        }
    }

    pub fn row(index: usize) -> Unit {
        Unit {
            kind: UnitKind::Row,
            index,
        }
    }

    pub fn column(index: usize) -> Unit {
        Unit {
            kind: UnitKind::Column,
            index,
        }
    }

    /// The index in [`crate::engine::grid::Layout::units`].
    pub fn layout_index(self, size: Size) -> usize {
        let k = match self.kind {
            UnitKind::Row => 0,
            UnitKind::Column => 1,
            UnitKind::Box => 2,
        };
        k * size.side() + self.index
    }
}

impl fmt::Display for Unit {
    /// `row 3`, `column 5`, `box 2`, numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.index + 1)
    }
}

/// A candidate: a digit in a cell.
pub type Cand = (Pos, Digit);

/// A step found by a technique. `cells`, `units`, `cover`, `fins`, `chain` and `digits` say
/// what the pattern is made of, for highlighting and for [`super::explain`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub technique: Technique,
    pub placements: Vec<Cand>,
    pub eliminations: Vec<Cand>,
    /// The digits the pattern is about (a subset's digits, a fish's digit, a wing's pivot...).
    pub digits: Vec<Digit>,
    /// The pattern's cells (a subset's cells, a wing's pivot then pincers, ...).
    pub cells: Vec<Pos>,
    /// The units the pattern lives in (a single's unit, a fish's base lines, ...).
    pub units: Vec<Unit>,
    /// A fish's cover lines; the unit the eliminations lie in for locked candidates.
    pub cover: Vec<Unit>,
    /// Fin candidates of a finned fish.
    pub fins: Vec<Cand>,
    /// Chain nodes: links alternate strong (first) and weak, so `chain[0]` is false or
    /// `chain[last]` is true; for a forcing chain, the assumption and what it leads to.
    pub chain: Vec<Cand>,
    /// Cell groups: the two colours of a colouring, the two sets of an ALS-XZ.
    pub groups: Vec<Vec<Pos>>,
}

impl Step {
    /// An empty step of `technique`, filled in by the finder.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            digits: Vec::new(),
            cells: Vec::new(),
            units: Vec::new(),
            cover: Vec::new(),
            fins: Vec::new(),
            chain: Vec::new(),
            groups: Vec::new(),
        }
    }

    /// Whether applying it changes anything.
    pub fn is_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
}

/// HoDoKu's preference among steps of one technique, smallest first: the most
/// eliminations, then the lowest weighted index sum of the eliminations (sorted by digit,
/// then cell; the `i`-th weighs its cell index by `1 + i * (cells - 1)` and adds its digit).
pub(super) fn hodoku_rank(eliminations: &[Cand], size: Size) -> (std::cmp::Reverse<usize>, u128) {
    let mut keys: Vec<(usize, usize)> = eliminations
        .iter()
        .map(|&(p, d)| (d.get() as usize, p.index(size)))
        .collect();
    keys.sort_unstable();
    let step = size.cells() as u128 - 1;
    let sum = keys
        .iter()
        .enumerate()
        .map(|(i, &(d, cell))| cell as u128 * (1 + i as u128 * step) + d as u128)
        .sum();
    (std::cmp::Reverse(eliminations.len()), sum)
}
