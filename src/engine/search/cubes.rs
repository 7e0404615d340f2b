//! The splitting step of cube-and-conquer: a start's root propagated and its first branch
//! point, whose alternatives become the cubes (`formulation::cubes` runs the split).
//!
//! The alternatives are those the search itself would try at its root (a cell's candidates, a
//! digit's two places in a unit, or a digit's places in a unit): every solution of the start
//! takes exactly one of them, so cubes made from them are disjoint and cover the start.

use super::probe::Probing;
use super::{Branch, Limits, Order, Searcher, Start};

/// What the root of a start holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Root {
    /// Propagation empties a cell or a unit's digit: no solution.
    Refuted,
    /// Propagation alone fills the grid: this solution (row-major values), the only one.
    Solved(Vec<u8>),
    /// The placements `(cell, value)` the search branches over at the root, in the order it
    /// tries them.
    Branch(Vec<(usize, u8)>),
}

impl Start {
    /// The root of this start, propagated as the plain search does, and its branch point.
    pub fn root(&self) -> Root {
        self.root_with(None)
    }

    /// The root of this start, propagated and then probed as `probing` says, and its branch
    /// point (the look-ahead's choice, if `probing` asks for one and a binary choice exists).
    pub fn root_with(&self, probing: Option<Probing>) -> Root {
        self.probed_root(probing).0
    }

    /// [`Start::root_with`], and each cell's candidates (bit `v - 1` for value `v`) that the
    /// root's propagation and probing leave when it branches (empty otherwise).
    pub fn probed_root(&self, probing: Option<Probing>) -> (Root, Vec<u64>) {
        // One node is the root: the search stops right after entering it.
        let limits = Limits {
            max_nodes: Some(1),
            cancel: None,
        };
        let mut searcher = Searcher::new(self, Order::Natural, limits);
        searcher.set_probing(probing);
        if let Some(values) = searcher.next_solution() {
            return (Root::Solved(values.to_vec()), Vec::new());
        }
        let Some(top) = searcher.stack.last() else {
            return (Root::Refuted, Vec::new());
        };
        let domains = top.data[..searcher.cells].to_vec();
        let value = |bit: u64| bit.trailing_zeros() as u8 + 1;
        let places = match top.branch {
            Branch::Digits { cell, remaining } => {
                bits(remaining).map(|b| (cell, value(b))).collect()
            }
            Branch::Cells { bit, cells, left } => (cells[..usize::from(left)].iter().rev())
                .map(|&c| (c, value(bit)))
                .collect(),
            Branch::Places {
                bit,
                unit,
                remaining,
            } => {
                let unit = &searcher.layout.units[unit];
                let mut at: Vec<usize> = bits(remaining)
                    .map(|b| b.trailing_zeros() as usize)
                    .collect();
                at.reverse();
                at.into_iter().map(|i| (unit[i], value(bit))).collect()
            }
        };
        (Root::Branch(places), domains)
    }
}

/// The set bits of `mask`, lowest first, each as a one-bit mask.
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        (bit != 0).then_some(bit)
    })
}
