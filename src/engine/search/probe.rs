//! Failed-literal probing, a restricted singleton arc consistency: at a propagated node, each
//! binary choice (a cell with two digits, a unit's digit with two places) has each side tried
//! on a copy of the state and propagated. A side that fails forces the other; when both
//! hold, what both leave is all a solution can take. Every removal is of placements with no
//! solution below them, so counts and "no solution" proofs stay exact.

use super::learn::Lit;
use super::{Branch, Searcher};
use crate::engine::alldiff::Pruned;
use std::cmp::Reverse;

/// Where a search probes, and how much. Off by default: each probe costs about a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Probing {
    /// The shallowest level probed (the root is level 0).
    pub from: u32,
    /// The deepest level probed.
    pub depth: u32,
    /// Only levels that are multiples of this are probed (1: every level up to `depth`).
    pub every: u32,
    /// The most literals probed at one node, over all its rounds.
    pub budget: u32,
    /// Whether a probe's propagation runs the all-different matching rule (stronger probes,
    /// each dearer) or stops at the cheaper rules.
    pub matching: bool,
    /// Whether a probed node branches on the choice whose two sides both narrowed the state
    /// most (a look-ahead rule, as look-ahead SAT solvers branch): a unit's digit tries the
    /// place that narrowed less first, a cell its digits in the search's value order.
    pub lookahead: bool,
    /// In a restarting search, probe only in every other run (the second, fourth, ...), so
    /// runs take turns between probing and the plain rules.
    pub alternate: bool,
    /// Whether the choices are probed in the order of their cells' reach (the branch rule's
    /// tie-break score: peers sharing a digit, nearly decided ones weighing most) rather than
    /// by cell index, so a budget spends its probes where a placement propagates furthest.
    pub ranked: bool,
}

impl Probing {
    /// Whether a node at `level` is probed.
    fn covers(self, level: usize) -> bool {
        (self.from as usize..=self.depth as usize).contains(&level)
            && level.is_multiple_of(self.every.max(1) as usize)
    }
}

/// The two sides of a binary choice: one of them holds in every solution.
pub(super) type Choice = (Lit, Lit);

impl Searcher {
    /// Sets where the search probes (`None`: nowhere, the default).
    pub fn set_probing(&mut self, probing: Option<Probing>) {
        self.probing = probing;
    }

    /// The branch of a probed node that a look-ahead chose, if its two sides are still open
    /// in `d`: for a unit's digit the preferred place first, for a cell the value order's.
    pub(super) fn lookahead_branch(&mut self, d: &[u64]) -> Option<Branch> {
        let (x, y) = self.lookahead.take()?;
        if !open(d, x) || !open(d, y) {
            return None;
        }
        Some(if x.0 == y.0 {
            Branch::Digits {
                cell: x.0 as usize,
                remaining: d[x.0 as usize],
            }
        } else {
            // `cells[1]` is tried first.
            Branch::Cells {
                bit: x.1,
                cells: [y.0 as usize, x.0 as usize],
                left: 2,
            }
        })
    }

    /// Literals probed so far (each a propagation of a copied state, not counted as a node).
    pub fn probes(&self) -> u64 {
        self.probes
    }

    /// Probes a consistent, propagated state at `level` in rounds until a round changes
    /// nothing or the budget is spent. False if the state has no solution.
    pub(super) fn probe(&mut self, d: &mut [u64], level: usize) -> bool {
        // A choice is binary only in the state it was found in.
        self.lookahead = None;
        let run = self.stats.restarts;
        let Some(probing) = self
            .probing
            .filter(|p| p.covers(level) && (!p.alternate || run % 2 == 1))
        else {
            return true;
        };
        let mut budget = probing.budget;
        let mut choices = std::mem::take(&mut self.choices);
        let mut sides = std::mem::take(&mut self.sides);
        let mut ok = true;
        let mut best = 0u64;
        'rounds: while d[d.len() - 1] > 0 {
            self.binary_choices(d, &mut choices);
            if probing.ranked {
                choices.sort_by_cached_key(|&(x, y)| {
                    Reverse(self.reach(d, x.0 as usize) + self.reach(d, y.0 as usize))
                });
            }
            let mut changed = false;
            for &(x, y) in &choices {
                if budget < 2 || self.probe_cancelled() {
                    break 'rounds;
                }
                if !open(d, x) || !open(d, y) {
                    continue;
                }
                budget -= 2;
                let (a, b) = &mut sides;
                let fails_x = !self.try_literal(d, x, a, probing.matching);
                let fails_y = !fails_x && !self.try_literal(d, y, b, probing.matching);
                let narrowed = if fails_x || fails_y {
                    let gone = if fails_x { x } else { y };
                    self.remove_literal(d, gone)
                } else {
                    let (cut_a, cut_b) = (removed(d, a, self.cells), removed(d, b, self.cells));
                    let score = (cut_a + 1) * (cut_b + 1);
                    if probing.lookahead && score > best {
                        best = score;
                        self.lookahead = Some(if cut_a <= cut_b { (x, y) } else { (y, x) });
                    }
                    self.keep_common(d, a, b)
                };
                match narrowed {
                    Pruned::Infeasible => {
                        ok = false;
                        break 'rounds;
                    }
                    Pruned::Narrowed => changed = true,
                    Pruned::Unchanged => {}
                }
                if d[d.len() - 1] == 0 {
                    break 'rounds;
                }
            }
            if !changed {
                break;
            }
        }
        self.choices = choices;
        self.sides = sides;
        ok
    }

    /// The binary choices of state `d`: each cell with two digits, and each unit's digit with
    /// two places (once, though both cells may share two units).
    fn binary_choices(&self, d: &[u64], out: &mut Vec<Choice>) {
        out.clear();
        for (c, &m) in d[..self.cells].iter().enumerate() {
            if m.count_ones() == 2 {
                let low = m & m.wrapping_neg();
                out.push(((c as u32, low), (c as u32, m ^ low)));
            }
        }
        let cells_first = out.len();
        for (u, unit) in self.layout.units.iter().enumerate() {
            let mut pairs = self.pairs(d, u);
            while pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                pairs ^= bit;
                let mut found = unit.iter().filter(|&&c| d[c] & bit != 0);
                if let (Some(&a), Some(&b)) = (found.next(), found.next()) {
                    out.push(((a as u32, bit), (b as u32, bit)));
                }
            }
        }
        out[cells_first..].sort_unstable();
        let mut seen = cells_first;
        for i in cells_first..out.len() {
            if i == cells_first || out[i] != out[seen - 1] {
                out[seen] = out[i];
                seen += 1;
            }
        }
        out.truncate(seen);
    }

    /// Propagates `d` with `lit` placed into `out`: false if that fails. Without `matching`
    /// the all-different rule is left out of this propagation only; the node's own
    /// propagation after a narrowing keeps it.
    fn try_literal(&mut self, d: &[u64], lit: Lit, out: &mut Vec<u64>, matching: bool) -> bool {
        let (cell, bit) = lit;
        out.clear();
        out.extend_from_slice(d);
        out[cell as usize] = bit;
        // A probe costs about a node, so it counts against a restarted run's budget.
        self.probes += 1;
        self.run_nodes += 1;
        self.queue.clear();
        self.clear_dirty();
        self.queue.push(cell as usize);
        let held = if matching { None } else { self.alldiff.take() };
        let ok = self.propagate(out);
        if held.is_some() {
            self.alldiff = held;
        }
        ok
    }

    /// Takes a literal that failed out of `d` and propagates.
    fn remove_literal(&mut self, d: &mut [u64], (cell, bit): Lit) -> Pruned {
        self.queue.clear();
        self.clear_dirty();
        let mut changed = false;
        if !self.eliminate(d, cell as usize, bit, &mut changed) || !self.propagate(d) {
            return Pruned::Infeasible;
        }
        Pruned::Narrowed
    }

    /// Narrows `d` to what the states of both sides of a choice allow, and propagates.
    fn keep_common(&mut self, d: &mut [u64], a: &[u64], b: &[u64]) -> Pruned {
        self.queue.clear();
        self.clear_dirty();
        let mut changed = false;
        for c in 0..self.cells {
            let gone = d[c] & !(a[c] | b[c]);
            // Both sides are narrowings of `d`, so a cell never loses every digit here.
            if !self.eliminate(d, c, gone, &mut changed) {
                return Pruned::Infeasible;
            }
        }
        if !changed {
            return Pruned::Unchanged;
        }
        if self.propagate(d) {
            Pruned::Narrowed
        } else {
            Pruned::Infeasible
        }
    }

    /// Whether the caller asked the search to stop: read before every choice, a load that
    /// costs next to nothing beside a probe, so a node's probing stops at once.
    fn probe_cancelled(&self) -> bool {
        self.limits
            .cancel
            .as_ref()
            .is_some_and(super::Cancel::is_cancelled)
    }
}

/// Candidates that `side`, a narrowing of `d`, has lost from its first `cells` cells.
fn removed(d: &[u64], side: &[u64], cells: usize) -> u64 {
    d[..cells]
        .iter()
        .zip(&side[..cells])
        .map(|(m, s)| u64::from((m & !s).count_ones()))
        .sum()
}

/// Whether `lit` is still possible in `d` and its cell not yet decided.
pub(super) fn open(d: &[u64], (cell, bit): Lit) -> bool {
    let m = d[cell as usize];
    m & bit != 0 && m.count_ones() > 1
}
