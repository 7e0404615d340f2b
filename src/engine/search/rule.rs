//! Branching rules a cycling search takes turns with: which digit a cell tries first, and
//! whether a digit's places in a unit are branched on when they are fewer than a cell's digits.

use super::tables::Peers;
use crate::engine::grid::Layout;
use std::sync::LazyLock;

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
    /// The digit whose placement leaves the largest product of its peers' candidate counts
    /// (Geelen's "promise"): the peers that lose it have many candidates, so the guess leaves
    /// the most completions open.
    Promise,
    /// The promise counted over every view of the grid: besides the peers' candidates, each
    /// unit's places for the cell's digits (the digit placed leaves `places - 1` choices
    /// behind; the other digits lose this cell as a place).
    PromiseUnits,
    /// The reverse of [`ValueOrder::Promise`]: the digit whose placement narrows the peers most.
    AntiPromise,
}

/// `log2(k / (k - 1))` in 1/1024ths, by `k`: what a peer with `k` candidates costs the promise
/// when it loses one (index 0 and 1 unused: propagation leaves no single next to its digit).
static PROMISE_COST: LazyLock<[i64; 65]> = LazyLock::new(|| {
    let mut table = [0i64; 65];
    for (k, cost) in table.iter_mut().enumerate().skip(2) {
        *cost = log2_1024(k as f64 / (k - 1) as f64);
    }
    table
});

/// `log2(k - 1)` in 1/1024ths, by `k` (index 0 and 1: none): what placing a digit with `k`
/// places in a unit costs that unit's promise.
static UNIT_COST: LazyLock<[i64; 65]> = LazyLock::new(|| {
    let mut table = [0i64; 65];
    for (k, cost) in table.iter_mut().enumerate().skip(2) {
        *cost = log2_1024((k - 1) as f64);
    }
    table
});

/// `log2(x)` in 1/1024ths, rounded, for `x >= 1`, by halving and repeated squaring: `f64::log2`
/// would link the maths library, which every start of the command line would then load.
fn log2_1024(mut x: f64) -> i64 {
    let mut whole = 0;
    while x >= 2.0 {
        x /= 2.0;
        whole += 1;
    }
    // Twenty binary places of the fraction: squaring doubles the logarithm.
    let mut fraction = 0i64;
    for _ in 0..20 {
        x *= x;
        fraction <<= 1;
        if x >= 2.0 {
            x /= 2.0;
            fraction |= 1;
        }
    }
    (whole << 10) + ((fraction + (1 << 9)) >> 10)
}

/// A branch cell in its state: what a value order looks at.
#[derive(Copy, Clone)]
pub(super) struct BranchCell<'a> {
    pub layout: &'a Layout,
    pub peers: &'a Peers,
    /// The state: candidates per cell, then digits placed per unit.
    pub data: &'a [u64],
    pub cell: usize,
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
    /// Every order, for the tests and benchmarks that try each.
    pub const ALL: [ValueOrder; 7] = [
        ValueOrder::Lowest,
        ValueOrder::FewestPlaces,
        ValueOrder::MostPlaces,
        ValueOrder::LeastPlaced,
        ValueOrder::Promise,
        ValueOrder::PromiseUnits,
        ValueOrder::AntiPromise,
    ];

    /// The digit (as a bit of `remaining`) that the branch cell `at` tries next.
    pub(super) fn pick(self, at: &BranchCell, remaining: u64) -> u64 {
        match self {
            ValueOrder::Lowest => return remaining & remaining.wrapping_neg(),
            ValueOrder::Promise | ValueOrder::PromiseUnits | ValueOrder::AntiPromise => {
                return self.promise(at, remaining);
            }
            _ => {}
        }
        let BranchCell {
            layout, data, cell, ..
        } = *at;
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
                ValueOrder::Lowest
                | ValueOrder::Promise
                | ValueOrder::PromiseUnits
                | ValueOrder::AntiPromise => 0,
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

    /// The digit of `remaining` whose placement in `cell` costs the least promise (the most,
    /// for `AntiPromise`), lowest on ties.
    fn promise(self, at: &BranchCell, remaining: u64) -> u64 {
        let BranchCell {
            layout,
            peers,
            data,
            cell,
        } = *at;
        let table = &*PROMISE_COST;
        let mut cost = [0i64; 64];
        for &p in peers.of(cell) {
            let q = data[usize::from(p)];
            let mut hit = q & remaining;
            if hit == 0 {
                continue;
            }
            let c = table[q.count_ones() as usize];
            while hit != 0 {
                cost[hit.trailing_zeros() as usize] += c;
                hit &= hit - 1;
            }
        }
        if self == ValueOrder::PromiseUnits {
            let units = &*UNIT_COST;
            let mut counts = [0u32; 64];
            for &u in &layout.units_of[cell] {
                count_places(&layout.units[u], data, remaining, &mut counts);
                let mut r = remaining;
                while r != 0 {
                    let d = r.trailing_zeros() as usize;
                    r &= r - 1;
                    cost[d] += units[counts[d] as usize];
                }
            }
        }
        let sign = if self == ValueOrder::AntiPromise {
            -1
        } else {
            1
        };
        let (mut best, mut best_cost) = (0u64, i64::MAX);
        let mut r = remaining;
        while r != 0 {
            let d = r.trailing_zeros() as usize;
            r &= r - 1;
            if sign * cost[d] < best_cost {
                (best, best_cost) = (1 << d, sign * cost[d]);
            }
        }
        best
    }
}

/// How many of `unit`'s cells hold each digit of `digits`, into `counts` (by digit index).
pub(super) fn count_places(unit: &[usize], data: &[u64], digits: u64, counts: &mut [u32; 64]) {
    counts.iter_mut().for_each(|c| *c = 0);
    for &c in unit {
        let mut m = data[c] & digits;
        while m != 0 {
            counts[m.trailing_zeros() as usize] += 1;
            m &= m - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::Size;

    #[test]
    fn fixed_point_logarithms_match_the_maths_library() {
        for k in 2..=64u32 {
            for x in [f64::from(k), f64::from(k) / f64::from(k - 1)] {
                assert_eq!(
                    log2_1024(x),
                    (x.log2() * 1024.0).round() as i64,
                    "log2({x})"
                );
            }
        }
    }

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
        let peers = Peers::of_size(size);
        let at = BranchCell {
            layout,
            peers,
            data: &data,
            cell: 0,
        };
        let pick = |order: ValueOrder| order.pick(&at, 0b11);
        assert_eq!(pick(ValueOrder::Lowest), 0b1);
        assert_eq!(pick(ValueOrder::FewestPlaces), 0b10);
        assert_eq!(pick(ValueOrder::MostPlaces), 0b1);
        assert_eq!(pick(ValueOrder::LeastPlaced), 0b10);
        // Digit 1 would leave two peers at 2 candidates; digit 2 leaves them alone.
        assert_eq!(pick(ValueOrder::Promise), 0b10);
        assert_eq!(pick(ValueOrder::AntiPromise), 0b1);
        // Digit 2 also has fewer places left in the cell's three units.
        assert_eq!(pick(ValueOrder::PromiseUnits), 0b10);
        assert_eq!(
            CYCLE[0],
            Rule::default(),
            "the plain search's rule comes first"
        );
    }
}
