//! The dual simplex's row step ([`super::Lp`]): the pivot row of the leaving position over
//! the free nonbasic columns, and the long-step ratio test that picks the entering column.

use super::{DUAL_TOL, Lp, NONE, PIVOT_TOL, PRIMAL_TOL};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A ratio test breakpoint: `(ratio, column, reduced cost slack, pivot magnitude)`, ordered
/// for a max-heap so that the smallest ratio, then the smallest column, comes out first.
#[derive(Copy, Clone, Debug)]
pub(super) struct Breakpoint(f64, u32, f64, f64);

impl Breakpoint {
    /// The order a long step passes breakpoints in: by ratio, then by column.
    fn order(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

impl PartialEq for Breakpoint {
    fn eq(&self, other: &Self) -> bool {
        self.order(other) == Ordering::Equal
    }
}

impl Eq for Breakpoint {}

impl PartialOrd for Breakpoint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Breakpoint {
    fn cmp(&self, other: &Self) -> Ordering {
        other.order(self)
    }
}

impl Lp {
    /// Row `r` of `B^-1 N` into `row_alpha` (its free nonbasic columns, listed in `touched`;
    /// the reduced costs of fixed ones go stale until the next solve recomputes them all),
    /// then the entering column by the dual ratio test; `None` when no column can enter:
    /// infeasible.
    pub(super) fn entering(&mut self, r: usize) -> Option<usize> {
        self.work.fill(0.0);
        self.work[r] = 1.0;
        self.factor.btran(&mut self.work);
        self.clear_row();
        self.pivot_row();
        let p = self.head[r] as usize;
        let (s, infeasibility) = if self.x[p] < self.lower[p] {
            (-1.0, self.lower[p] - self.x[p])
        } else {
            (1.0, self.x[p] - self.upper[p])
        };
        let mut breakpoints = std::mem::take(&mut self.breakpoints);
        breakpoints.clear();
        for &j in &self.touched {
            if let Some((slack, a)) = self.candidate(j as usize, s) {
                breakpoints.push(Breakpoint(slack / a, j, slack, a));
            }
        }
        // Long step: pass the breakpoints, smallest ratio first, whose variables can flip to
        // their other bound while the leaving value stays infeasible (the dual objective still
        // rises). A heap yields them in the order a full sort would, and only as many as pass.
        let mut heap = BinaryHeap::from(breakpoints);
        let mut slope = infeasibility;
        self.flips.clear();
        while let Some(&Breakpoint(_, j, _, a)) = heap.peek() {
            let next = slope - a * (self.upper[j as usize] - self.lower[j as usize]);
            if next <= PRIMAL_TOL {
                break;
            }
            slope = next;
            self.flips.push(j);
            heap.pop();
        }
        let rest = heap.into_vec();
        // Harris over the rest. Pass 1: the largest step with every reduced cost within the
        // tolerance; pass 2: the largest pivot among the columns whose ratio is within it, the
        // smallest ratio (then column) among equal pivots.
        let bound = rest
            .iter()
            .map(|&Breakpoint(_, _, slack, a)| (slack + DUAL_TOL) / a)
            .fold(f64::INFINITY, f64::min);
        let mut best: Option<&Breakpoint> = None;
        for b in &rest {
            if b.0 <= bound
                && best.is_none_or(|c| b.3 > c.3 || (b.3 == c.3 && b.order(c) == Ordering::Less))
            {
                best = Some(b);
            }
        }
        let best = best.map(|b| b.1 as usize);
        if best.is_none() {
            self.flips.clear();
        }
        self.breakpoints = rest;
        best
    }

    /// `rho A` over the free nonbasic columns into `row_alpha` (`rho` in `work`), each column
    /// listed in `touched` whose sum has a term above the drop tolerance. By rows (each row
    /// with such an entry adds it to its free members) when those rows hold under a third of
    /// the free entries, by columns otherwise; the sums are the same, added in the same order.
    fn pivot_row(&mut self) {
        const SMALL: f64 = 1e-12;
        let mut read = 0;
        for i in 0..self.rows.len() {
            let rho = self.work[i];
            if rho.abs() <= SMALL {
                continue;
            }
            read += self.free[i].len();
            let slack = self.n + i;
            if self.pos[slack] == NONE && self.lower[slack] < self.upper[slack] {
                self.listed[slack] = true;
                self.touched.push(slack as u32);
                self.row_alpha[slack] = rho;
            }
        }
        if 3 * read < self.free_total {
            for i in 0..self.rows.len() {
                let rho = self.work[i];
                if rho.abs() <= SMALL {
                    continue;
                }
                for &j in &self.free[i] {
                    if self.pos[j as usize] == NONE {
                        if !self.listed[j as usize] {
                            self.listed[j as usize] = true;
                            self.touched.push(j);
                        }
                        self.row_alpha[j as usize] += rho;
                    }
                }
            }
            return;
        }
        for &j in &self.free_columns {
            if self.pos[j as usize] != NONE {
                continue;
            }
            let (mut sum, mut any) = (0.0, false);
            for &i in &self.cols[j as usize] {
                let rho = self.work[i as usize];
                if rho.abs() > SMALL {
                    sum += rho;
                    any = true;
                }
            }
            if any {
                self.listed[j as usize] = true;
                self.touched.push(j);
                self.row_alpha[j as usize] = sum;
            }
        }
    }

    /// For a column that can enter when the leaving value moves in direction `s`: its reduced
    /// cost's distance from the wrong sign (at least 0), and the pivot's magnitude.
    fn candidate(&self, j: usize, s: f64) -> Option<(f64, f64)> {
        if self.lower[j] == self.upper[j] {
            return None;
        }
        let a = s * self.row_alpha[j];
        let at_upper = self.x[j] == self.upper[j];
        if a > PIVOT_TOL && !at_upper {
            Some((self.d[j].max(0.0), a))
        } else if a < -PIVOT_TOL && at_upper {
            Some(((-self.d[j]).max(0.0), -a))
        } else {
            None
        }
    }

    pub(super) fn clear_row(&mut self) {
        for &j in &self.touched {
            self.row_alpha[j as usize] = 0.0;
            self.listed[j as usize] = false;
        }
        self.touched.clear();
    }
}
