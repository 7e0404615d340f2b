//! A bounded dual simplex for the MIP's LP relaxations: `min c x` subject to rows `sum = 1`
//! over sets of 0/1 columns, and no-good rows `sum <= k`.
//!
//! Every variable is boxed (columns in `[0, 1]` or fixed by a branch, each row's slack fixed at
//! 0 or in `[0, k]`), so every basis is dual feasible once each nonbasic variable sits at the
//! bound its reduced cost points to: a bound change never needs a phase 1, and the search
//! re-optimises from whatever basis the last node left (a dual simplex pivots out the values
//! the new bounds cut off). The costs are perturbed by small positive amounts so that the
//! many zero costs do not make every ratio a tie; [`Lp::lower_bound`] takes the perturbation
//! back off. The ratio test takes long steps: as every variable is boxed, a breakpoint whose
//! variable can flip to its other bound while the leaving value stays infeasible is passed (the
//! variable flips), and Harris' two-pass test picks the largest pivot among near-ties of the
//! rest ([`ratio`], with the pivot row). The basis is factorised by [`super::factor`].

use super::factor::Factor;
use crate::engine::search::Cancel;

mod ratio;

/// A basic value this far outside its bounds is infeasible.
const PRIMAL_TOL: f64 = 1e-9;
/// Reduced costs may be this far on the wrong side (Harris' tolerance).
const DUAL_TOL: f64 = 1e-9;
/// Smallest pivot magnitude accepted.
const PIVOT_TOL: f64 = 1e-7;
/// Basis updates between refactorisations.
const REFACTOR: usize = 100;
/// Scale of the cost perturbation; its sum over all variables stays far below 1.
const PERTURB: f64 = 1e-7;
const NONE: u32 = u32::MAX;

/// How a solve ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Status {
    Optimal,
    Infeasible,
    /// The cancel flag was raised.
    Cancelled,
    /// The iteration limit was reached: numerical trouble.
    Stalled,
}

/// The LP: columns `0..n` are the model's variables, column `n + i` the slack of row `i`.
pub(super) struct Lp {
    n: usize,
    cols: Vec<Vec<u32>>,
    rows: Vec<Vec<u32>>,
    /// Each row's members the current bounds leave free (not fixed), gathered at each solve:
    /// a fixed column never enters, so the pivot row is computed over these alone.
    free: Vec<Vec<u32>>,
    /// The free columns in order, and the length of all `free` lists together: the pivot row
    /// is computed by columns when the rows it would read by rows hold a third of that or more.
    free_columns: Vec<u32>,
    free_total: usize,
    rhs: Vec<f64>,
    cost: Vec<f64>,
    /// Sum of the cost perturbations: how far [`Lp::objective`] may exceed the true LP optimum.
    perturbation: f64,
    lower: Vec<f64>,
    upper: Vec<f64>,
    x: Vec<f64>,
    d: Vec<f64>,
    head: Vec<u32>,
    pos: Vec<u32>,
    factor: Factor,
    /// Whether the basis must be refactorised before the next use of `factor` (after a row
    /// was added, or an update the factors disagreed with).
    stale: bool,
    iterations: u64,
    /// Dual Devex reference weights of the basic positions, for choosing the leaving row.
    weight: Vec<f64>,
    work: Vec<f64>,
    column: Vec<f64>,
    row_alpha: Vec<f64>,
    touched: Vec<u32>,
    /// Whether each variable is in `touched`.
    listed: Vec<bool>,
    /// The ratio test's breakpoints `(ratio, column, reduced cost slack, pivot magnitude)`, and
    /// the columns it passed, to flip before the pivot.
    breakpoints: Vec<ratio::Breakpoint>,
    flips: Vec<u32>,
    /// Scratch kept between calls, so that a solve allocates nothing once warm: the basis
    /// columns handed to the factorisation, the positions it chose, the duals.
    basis_columns: Vec<Vec<(u32, f64)>>,
    scratch_head: Vec<u32>,
    y: Vec<f64>,
}

/// A small positive number per variable, fixed by its index.
fn perturbation(j: usize) -> f64 {
    let mut z = (j as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    PERTURB * (1.0 + (z >> 11) as f64 / (1u64 << 53) as f64)
}

impl Lp {
    /// Columns `0..n` with `cost`, bounds `[0, 1]`, and each of `rows` as `sum = 1`. The
    /// starting basis is all slacks.
    pub(super) fn new(n: usize, rows: Vec<Vec<u32>>, cost: &[f64]) -> Lp {
        let m = rows.len();
        let mut cols = vec![Vec::new(); n];
        for (i, members) in rows.iter().enumerate() {
            for &j in members {
                cols[j as usize].push(i as u32);
            }
        }
        let mut lp = Lp {
            n,
            cols,
            rows,
            free: Vec::new(),
            free_columns: Vec::new(),
            free_total: 0,
            rhs: vec![1.0; m],
            cost: Vec::with_capacity(n + m),
            perturbation: 0.0,
            lower: vec![0.0; n + m],
            upper: vec![1.0; n],
            x: vec![0.0; n + m],
            d: vec![0.0; n + m],
            head: (0..m).map(|i| (n + i) as u32).collect(),
            pos: vec![NONE; n],
            factor: Factor::default(),
            stale: true,
            iterations: 0,
            weight: vec![1.0; m],
            work: vec![0.0; m],
            column: vec![0.0; m],
            row_alpha: vec![0.0; n + m],
            touched: Vec::new(),
            listed: vec![false; n + m],
            breakpoints: Vec::new(),
            flips: Vec::new(),
            basis_columns: Vec::new(),
            scratch_head: Vec::new(),
            y: Vec::new(),
        };
        for (j, &c) in cost.iter().enumerate() {
            let p = perturbation(j);
            lp.cost.push(c + p);
            lp.perturbation += p;
        }
        lp.cost.resize(n + m, 0.0);
        lp.upper.resize(n + m, 0.0);
        lp.pos.extend(0..m as u32);
        lp
    }

    /// Turns the cost perturbation of `columns` negative, so that ties between optima go
    /// their way and the dual simplex starts with them at 1 (from the slack basis each
    /// nonbasic column sits at the bound its cost points to). A negative perturbation only
    /// lowers the objective, so [`Lp::lower_bound`] stays a bound.
    pub(super) fn prefer(&mut self, columns: &[u32]) {
        for &j in columns {
            let p = perturbation(j as usize);
            self.cost[j as usize] -= 2.0 * p;
            self.perturbation -= p;
        }
    }

    /// Adds the row `sum of members <= k`, its slack basic.
    pub(super) fn add_at_most(&mut self, members: &[u32], k: f64) {
        let i = self.rows.len() as u32;
        for &j in members {
            self.cols[j as usize].push(i);
        }
        self.rows.push(members.to_vec());
        self.rhs.push(k);
        // The slack is not perturbed: its value reaches `k`, which would loosen the bound.
        self.cost.push(0.0);
        self.lower.push(0.0);
        self.upper.push(k);
        self.x.push(0.0);
        self.d.push(0.0);
        self.row_alpha.push(0.0);
        self.listed.push(false);
        self.pos.push(self.head.len() as u32);
        self.head.push((self.n + i as usize) as u32);
        self.work.push(0.0);
        self.column.push(0.0);
        self.weight.push(1.0);
        self.stale = true;
    }

    /// The basic variables by position, to return to with [`Lp::set_basis`].
    pub(super) fn basis(&self) -> Vec<u32> {
        self.head.clone()
    }

    /// Returns to a basis from [`Lp::basis`] (the slacks of rows added since join it); the
    /// next solve refactorises it unless it is the basis already held.
    pub(super) fn set_basis(&mut self, head: &[u32]) {
        let slack = |i: usize| (self.n + i) as u32;
        if self.head[..head.len()] == *head
            && (head.len()..self.head.len()).all(|i| self.head[i] == slack(i))
        {
            // Already there: the factors still hold.
            return;
        }
        for &j in &self.head {
            self.pos[j as usize] = NONE;
        }
        self.head.clear();
        self.head.extend_from_slice(head);
        self.head
            .extend((head.len()..self.rows.len()).map(|i| (self.n + i) as u32));
        for (i, &j) in self.head.iter().enumerate() {
            self.pos[j as usize] = i as u32;
        }
        self.stale = true;
    }

    pub(super) fn set_bounds(&mut self, j: u32, lower: f64, upper: f64) {
        self.lower[j as usize] = lower;
        self.upper[j as usize] = upper;
    }

    pub(super) fn value(&self, j: u32) -> f64 {
        self.x[j as usize]
    }

    /// Simplex iterations over every solve so far.
    pub(super) fn iterations(&self) -> u64 {
        self.iterations
    }

    /// A lower bound on the true (unperturbed) LP optimum, after [`Status::Optimal`].
    pub(super) fn lower_bound(&self) -> f64 {
        let objective: f64 = self.cost.iter().zip(&self.x).map(|(c, x)| c * x).sum();
        objective - self.perturbation
    }

    /// Re-optimises after bound changes or added rows, from the current basis.
    pub(super) fn solve(&mut self, cancel: Option<&Cancel>) -> Status {
        let m = self.rows.len();
        let limit = self.iterations + 50 * (self.n + m) as u64 + 1000;
        if self.stale {
            self.refactorise();
        }
        self.gather_free();
        self.refresh();
        loop {
            if self.stale || self.factor.updates() >= REFACTOR || self.factor.filled() {
                self.refactorise();
                self.refresh();
            }
            let fresh = self.factor.updates() == 0;
            let Some(r) = self.leaving() else {
                return Status::Optimal;
            };
            if self.iterations >= limit {
                return Status::Stalled;
            }
            if self.iterations.is_multiple_of(32) && cancel.is_some_and(Cancel::is_cancelled) {
                return Status::Cancelled;
            }
            self.iterations += 1;
            let q = match self.entering(r) {
                Some(q) => q,
                None if fresh => return Status::Infeasible,
                None => {
                    // Confirm on a fresh factorisation before declaring infeasibility.
                    self.refactorise();
                    self.refresh();
                    continue;
                }
            };
            self.load_column(q);
            self.factor.ftran_spike(&mut self.column);
            let (a, b) = (self.column[r], self.row_alpha[q]);
            if (a - b).abs() > 1e-7 * (1.0 + a.abs()) && !fresh {
                self.clear_row();
                self.flips.clear();
                self.refactorise();
                self.refresh();
                continue;
            }
            self.flip();
            self.pivot(r, q);
        }
    }

    /// Each row's free members under the current bounds, into `free`.
    fn gather_free(&mut self) {
        let (lower, upper) = (&self.lower, &self.upper);
        self.free.resize_with(self.rows.len(), Vec::new);
        self.free_total = 0;
        for (free, members) in self.free.iter_mut().zip(&self.rows) {
            free.clear();
            free.extend(
                members
                    .iter()
                    .copied()
                    .filter(|&j| lower[j as usize] < upper[j as usize]),
            );
            self.free_total += free.len();
        }
        self.free_columns.clear();
        self.free_columns
            .extend((0..self.n as u32).filter(|&j| lower[j as usize] < upper[j as usize]));
    }

    /// The basic position with the largest bound violation, squared, for its Devex weight.
    fn leaving(&self) -> Option<usize> {
        let mut best = None;
        let mut worst = 0.0;
        for (i, &j) in self.head.iter().enumerate() {
            let (j, v) = (j as usize, self.x[j as usize]);
            let violation = (self.lower[j] - v).max(v - self.upper[j]);
            if violation > PRIMAL_TOL && violation * violation / self.weight[i] > worst {
                worst = violation * violation / self.weight[i];
                best = Some(i);
            }
        }
        best
    }

    /// Moves the variables the ratio test passed to their other bound, and the basic values
    /// with them.
    fn flip(&mut self) {
        if self.flips.is_empty() {
            return;
        }
        self.work.fill(0.0);
        for &j in &self.flips {
            let j = j as usize;
            let (from, to) = if self.x[j] == self.upper[j] {
                (self.upper[j], self.lower[j])
            } else {
                (self.lower[j], self.upper[j])
            };
            self.x[j] = to;
            if j < self.n {
                for &i in &self.cols[j] {
                    self.work[i as usize] += to - from;
                }
            } else {
                self.work[j - self.n] += to - from;
            }
        }
        self.flips.clear();
        self.factor.ftran(&mut self.work);
        for (i, &h) in self.head.iter().enumerate() {
            self.x[h as usize] -= self.work[i];
        }
    }

    /// Column `j` of `[A I]` into `column`.
    fn load_column(&mut self, j: usize) {
        self.column.fill(0.0);
        if j < self.n {
            for &i in &self.cols[j] {
                self.column[i as usize] = 1.0;
            }
        } else {
            self.column[j - self.n] = 1.0;
        }
    }

    /// Replaces the basic variable of position `r` by `q`, whose column is in `column`.
    fn pivot(&mut self, r: usize, q: usize) {
        let p = self.head[r] as usize;
        let target = if self.x[p] < self.lower[p] {
            self.lower[p]
        } else {
            self.upper[p]
        };
        let alpha = self.column[r];
        let theta_d = self.d[q] / self.row_alpha[q];
        for &j in &self.touched {
            self.d[j as usize] -= theta_d * self.row_alpha[j as usize];
        }
        self.clear_row();
        let w = self.weight[r];
        // A zero entry leaves its weight as it is (weights are at least 1): no branch, so the
        // loop vectorises.
        for (weight, &a) in self.weight.iter_mut().zip(&self.column) {
            let ratio = a / alpha;
            *weight = weight.max(ratio * ratio * w);
        }
        self.weight[r] = (w / (alpha * alpha)).max(1.0);
        let step = (self.x[p] - target) / alpha;
        for (i, &h) in self.head.iter().enumerate() {
            self.x[h as usize] -= step * self.column[i];
        }
        self.x[q] += step;
        self.x[p] = target;
        self.d[q] = 0.0;
        self.d[p] = -theta_d;
        self.head[r] = q as u32;
        self.pos[q] = r as u32;
        self.pos[p] = NONE;
        if !self.factor.update(r, alpha) {
            self.stale = true;
        }
    }

    /// Factorises the current basis afresh ([`Factor::factorize`]); a column dependent on
    /// the others leaves the basis for the slack of a row no column pivoted on. Positions
    /// become the columns' pivot rows.
    fn refactorise(&mut self) {
        let m = self.rows.len();
        let columns = &mut self.basis_columns;
        columns.truncate(m);
        columns.iter_mut().for_each(Vec::clear);
        columns.resize_with(m, Vec::new);
        for (column, &j) in columns.iter_mut().zip(&self.head) {
            let j = j as usize;
            if j < self.n {
                column.extend(self.cols[j].iter().map(|&i| (i, 1.0)));
            } else {
                column.push(((j - self.n) as u32, 1.0));
            }
        }
        let positions = self.factor.factorize(m, columns);
        let head = &mut self.scratch_head;
        head.clear();
        head.resize(m, NONE);
        for (&j, position) in self.head.iter().zip(positions) {
            match position {
                Some(r) => head[*r as usize] = j,
                None => {
                    self.pos[j as usize] = NONE;
                    self.x[j as usize] = self.lower[j as usize];
                }
            }
        }
        for (i, h) in head.iter_mut().enumerate() {
            if *h == NONE {
                *h = (self.n + i) as u32;
            }
        }
        for (i, &j) in head.iter().enumerate() {
            self.pos[j as usize] = i as u32;
        }
        std::mem::swap(&mut self.head, &mut self.scratch_head);
        self.stale = false;
        self.weight.fill(1.0);
    }

    /// Reduced costs from the basis, each nonbasic variable at the bound they point to, and
    /// the basic values from those.
    fn refresh(&mut self) {
        self.duals();
        self.work.copy_from_slice(&self.rhs);
        for j in 0..self.n + self.rows.len() {
            if self.pos[j] != NONE || self.x[j] == 0.0 {
                continue;
            }
            if j < self.n {
                for &i in &self.cols[j] {
                    self.work[i as usize] -= self.x[j];
                }
            } else {
                self.work[j - self.n] -= self.x[j];
            }
        }
        self.factor.ftran(&mut self.work);
        for (i, &j) in self.head.iter().enumerate() {
            self.x[j as usize] = self.work[i];
        }
    }

    /// Reduced costs `c - y A` of the nonbasic variables, and their bounds set by their sign.
    fn duals(&mut self) {
        let mut y = std::mem::take(&mut self.y);
        y.clear();
        y.resize(self.rows.len(), 0.0);
        for (i, &j) in self.head.iter().enumerate() {
            y[i] = self.cost[j as usize];
        }
        self.factor.btran(&mut y);
        for j in 0..self.n + self.rows.len() {
            if self.pos[j] != NONE {
                self.d[j] = 0.0;
                continue;
            }
            let d = if j < self.n {
                self.cost[j] - self.cols[j].iter().map(|&i| y[i as usize]).sum::<f64>()
            } else {
                self.cost[j] - y[j - self.n]
            };
            self.d[j] = d;
            self.x[j] = if self.lower[j] == self.upper[j] || d > DUAL_TOL {
                self.lower[j]
            } else if d < -DUAL_TOL || self.x[j] == self.upper[j] {
                self.upper[j]
            } else {
                self.lower[j]
            };
        }
        self.y = y;
    }
}
