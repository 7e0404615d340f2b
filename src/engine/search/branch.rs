//! Where the search branches: a cell with two candidates, a digit with two places in a unit,
//! or the cell with fewest candidates, ties broken by how far a guess there propagates. After a
//! restart, conflict weights lead instead (dom/wdeg), ties broken at random.

use super::rule::count_places;
use super::{Branch, Order, Searcher};

/// The tie-break weight of a peer with `k` candidates, `4096 / k^3`, by `k` (index 0 unused).
const PEER_WEIGHT: [u32; 65] = {
    let mut table = [0u32; 65];
    let mut k = 1;
    while k < 65 {
        table[k] = 4096 / (k * k * k) as u32;
        k += 1;
    }
    table
};

impl Searcher {
    /// left in some unit (binary either way), else the cell with fewest candidates. Branching
    /// on digits as well as cells is what keeps large grids (25x25 and up) tractable.
    pub(super) fn choose_branch(&mut self, data: &[u64]) -> Branch {
        if self.stats.restarts > 0 && self.rules.is_empty() {
            return self.weighted_branch(data);
        }
        let cell = self.choose_cell(data);
        let k = data[cell].count_ones();
        if k > 2
            && let Some(branch) = self.digit_pair(data)
        {
            return branch;
        }
        if k > 2
            && self.rule.places
            && let Some(branch) = self.fewest_places(data, k)
        {
            return branch;
        }
        Branch::Digits {
            cell,
            remaining: data[cell],
        }
    }

    /// A unit and digit with exactly two possible cells, if any.
    fn digit_pair(&mut self, data: &[u64]) -> Option<Branch> {
        for (u, unit) in self.layout.units.iter().enumerate() {
            let pairs = self.pairs(data, u);
            if pairs == 0 {
                continue;
            }
            let bit = match &mut self.order {
                Order::Natural | Order::Guided(_) => pairs & pairs.wrapping_neg(),
                Order::Random(rng) => rng.pick_bit(pairs),
            };
            let mut found = unit.iter().copied().filter(|&c| data[c] & bit != 0);
            let mut cells = [found.next()?, found.next()?];
            // `cells[1]` is tried first, so the hinted cell goes there.
            if let Order::Guided(hint) = &self.order
                && (1u64 << hint[cells[0]]) >> 1 == bit
            {
                cells.swap(0, 1);
            }
            return Some(Branch::Cells {
                bit,
                cells,
                left: 2,
            });
        }
        None
    }

    /// A cell with the fewest candidates. Natural order breaks ties, over every tied cell, by
    /// the peers a guess there narrows, weighted by 1/k^3 for a peer with k candidates (a guess
    /// next to nearly decided cells propagates furthest, and this weight favours such peers
    /// more than plain counts do). Every tied cell is scored, not only the first few: the
    /// better choice saves more search than the scoring costs (BENCHMARKS.md). Random order
    /// breaks ties at random.
    fn choose_cell(&mut self, data: &[u64]) -> usize {
        let open = &data[..self.cells];
        let Order::Random(rng) = &mut self.order else {
            // The fewest candidates first, so only the cells that tie at it are scored.
            let fewest = open
                .iter()
                .map(|m| m.count_ones())
                .filter(|&k| k >= 2)
                .min()
                .unwrap_or(u32::MAX);
            let (mut best, mut best_score) = (usize::MAX, 0u32);
            for (c, &m) in open.iter().enumerate() {
                if m.count_ones() != fewest {
                    continue;
                }
                let score = self.reach(data, c);
                if best == usize::MAX || score > best_score {
                    (best, best_score) = (c, score);
                }
            }
            return best;
        };
        let (mut best, mut best_count, mut ties) = (usize::MAX, u32::MAX, 0usize);
        for (c, &m) in open.iter().enumerate() {
            let k = m.count_ones();
            if k < 2 || k > best_count {
                continue;
            }
            if k < best_count {
                best_count = k;
                ties = 0;
            }
            ties += 1;
            if ties == 1 || rng.below(ties) == 0 {
                best = c;
            }
        }
        best
    }

    /// How far a guess in `cell` propagates: its peers that share a digit with it, weighted
    /// by 1/k^3 for a peer with k candidates.
    #[inline]
    pub(super) fn reach(&self, data: &[u64], cell: usize) -> u32 {
        let m = data[cell];
        self.peers
            .of(cell)
            .iter()
            .map(|&p| {
                let q = data[usize::from(p)];
                if q & m == 0 {
                    0
                } else {
                    PEER_WEIGHT[q.count_ones() as usize]
                }
            })
            .sum()
    }

    /// The branch of a restarted run: the open cell with the fewest candidates per unit of
    /// conflict weight (dom/wdeg, Boussemart et al.), or, when that cell has more than two,
    /// a digit with two places in the heaviest unit that has one; ties at random.
    fn weighted_branch(&mut self, data: &[u64]) -> Branch {
        let layout = self.layout;
        let (mut best, mut best_k, mut best_w, mut ties) = (usize::MAX, 0u64, 1u64, 0usize);
        for (c, &m) in data[..self.cells].iter().enumerate() {
            let k = u64::from(m.count_ones());
            if k < 2 {
                continue;
            }
            let w: u64 = layout.units_of[c].iter().map(|&u| self.weights[u]).sum();
            // k / w < best_k / best_w, compared without division.
            let order = (k * best_w).cmp(&(best_k * w));
            if best == usize::MAX || order.is_lt() {
                (best, best_k, best_w, ties) = (c, k, w, 1);
            } else if order.is_eq() {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    best = c;
                }
            }
        }
        if best_k > 2
            && let Some(branch) = self.weighted_pair(data)
        {
            return branch;
        }
        Branch::Digits {
            cell: best,
            remaining: data[best],
        }
    }

    /// The unit and unplaced digit with the fewest places, if fewer than `k` (the best cell's
    /// candidates): branching on its places then opens fewer alternatives than the cell.
    fn fewest_places(&self, data: &[u64], k: u32) -> Option<Branch> {
        let mut best = None;
        let mut best_count = k;
        let mut counts = [0u32; 64];
        for (u, unit) in self.layout.units.iter().enumerate() {
            let open = self.all & !data[self.cells + u];
            if open == 0 {
                continue;
            }
            count_places(unit, data, open, &mut counts);
            let mut o = open;
            while o != 0 {
                let d = o.trailing_zeros() as usize;
                o &= o - 1;
                if counts[d] < best_count {
                    best_count = counts[d];
                    best = Some((u, d));
                }
            }
        }
        let (u, d) = best?;
        let bit = 1u64 << d;
        let mut remaining = 0u64;
        for (i, &c) in self.layout.units[u].iter().enumerate() {
            if data[c] & bit != 0 {
                remaining |= 1 << i;
            }
        }
        Some(Branch::Places {
            bit,
            unit: u,
            remaining,
        })
    }

    /// The unplaced digits of unit `u` with exactly two possible cells.
    pub(super) fn pairs(&self, data: &[u64], u: usize) -> u64 {
        let placed = data[self.cells + u];
        if placed == self.all {
            return 0;
        }
        let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
        for &c in &self.layout.units[u] {
            let m = data[c];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        twice & !thrice & !placed
    }

    /// A digit with two places in the heaviest unit that has such a digit, if any.
    fn weighted_pair(&mut self, data: &[u64]) -> Option<Branch> {
        let (mut pick, mut pick_w, mut ties) = (None, 0u64, 0usize);
        for u in 0..self.layout.units.len() {
            if self.weights[u] < pick_w {
                continue;
            }
            let pairs = self.pairs(data, u);
            if pairs == 0 {
                continue;
            }
            if self.weights[u] > pick_w {
                (pick_w, ties) = (self.weights[u], 0);
            }
            ties += 1;
            if self.rng.below(ties) == 0 {
                pick = Some((u, pairs));
            }
        }
        let (u, pairs) = pick?;
        let bit = self.rng.pick_bit(pairs);
        let unit = &self.layout.units[u];
        let mut found = unit.iter().copied().filter(|&c| data[c] & bit != 0);
        let mut cells = [found.next()?, found.next()?];
        if self.rng.below(2) == 1 {
            cells.swap(0, 1);
        }
        Some(Branch::Cells {
            bit,
            cells,
            left: 2,
        })
    }
}
