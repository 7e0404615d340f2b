//! Branching rules a cycling search takes turns with: which digit a cell tries first, and
//! whether a digit's places in a unit are branched on when they are fewer than a cell's digits.

use crate::engine::grid::Layout;

/// Which of a branch cell's digits is tried first (ties: the lowest digit).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ValueOrder {
    /// The lowest digit: the plain search's order.
    #[default]
    Lowest,
    /// The digit with the fewest places left in the cell's three units: the one nearest to
    /// being forced here, and the one whose placement removes the fewest candidates.
    FewestPlaces,
    /// The digit with the most places left in the cell's units.
    MostPlaces,
    /// The digit placed in the fewest rows so far.
    LeastPlaced,
}

/// One way to branch: a value order, and whether a unit's digit with fewer places than the
/// best cell has digits is branched on instead of the cell.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Rule {
    pub value: ValueOrder,
    pub places: bool,
}

/// The rules of a cycling search, one per run in turn; the first is the plain search's own,
/// so a puzzle settled within the first budget is searched exactly as without cycling.
pub const CYCLE: [Rule; 4] = [
    Rule {
        value: ValueOrder::Lowest,
        places: false,
    },
    Rule {
        value: ValueOrder::FewestPlaces,
        places: false,
    },
    Rule {
        value: ValueOrder::LeastPlaced,
        places: false,
    },
    Rule {
        value: ValueOrder::Lowest,
        places: true,
    },
];

impl ValueOrder {
    /// The digit (as a bit of `remaining`) that `cell` tries next in state `data`.
    pub(super) fn pick(self, layout: &Layout, data: &[u64], cell: usize, remaining: u64) -> u64 {
        if self == ValueOrder::Lowest {
            return remaining & remaining.wrapping_neg();
        }
        let placed_at = layout.size.cells();
        let rows = layout.size.side();
        let places = |bit: u64| -> usize {
            layout.units_of[cell]
                .iter()
                .map(|&u| {
                    layout.units[u]
                        .iter()
                        .filter(|&&c| data[c] & bit != 0)
                        .count()
                })
                .sum()
        };
        let score = |bit: u64| -> isize {
            match self {
                ValueOrder::Lowest => 0,
                ValueOrder::FewestPlaces => places(bit) as isize,
                ValueOrder::MostPlaces => -(places(bit) as isize),
                ValueOrder::LeastPlaced => (0..rows)
                    .filter(|&u| data[placed_at + u] & bit != 0)
                    .count() as isize,
            }
        };
        let (mut best, mut best_score) = (0u64, isize::MAX);
        let mut r = remaining;
        while r != 0 {
            let bit = r & r.wrapping_neg();
            r ^= bit;
            let s = score(bit);
            if s < best_score {
                (best, best_score) = (bit, s);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::Size;

    #[test]
    fn value_orders_rank_a_cells_digits() {
        let size = Size::new(2).unwrap();
        let layout = size.layout();
        let (cells, units) = (size.cells(), layout.units.len());
        // Every cell open with every digit, then digit 2 (bit 1) gone from two peers of cell
        // 0 and digit 1 (bit 0) placed in one row (bookkeeping only).
        let mut data = vec![0b1111u64; cells + units + 1];
        data[cells..].fill(0);
        data[1] &= !0b10;
        data[4] &= !0b10;
        data[cells + 3] = 0b1;
        let pick = |order: ValueOrder| order.pick(layout, &data, 0, 0b11);
        assert_eq!(pick(ValueOrder::Lowest), 0b1);
        assert_eq!(pick(ValueOrder::FewestPlaces), 0b10);
        assert_eq!(pick(ValueOrder::MostPlaces), 0b1);
        assert_eq!(pick(ValueOrder::LeastPlaced), 0b10);
        assert_eq!(
            CYCLE[0],
            Rule::default(),
            "the plain search's rule comes first"
        );
    }
}
