//! The basis factorisation of the LP ([`super::lp`]): `B = L R^-1 U`, from a sparse LU
//! ([`super::lu`]) kept up to date by Forrest-Tomlin updates.
//!
//! Basis positions are the rows the columns pivoted on, so `U` is indexed by position on both
//! sides and is triangular in `order`. A basis change at position `r` replaces `U`'s column `r`
//! by the spike `R L^-1 a` (kept from the entering column's [`Factor::ftran_spike`]), moves
//! `r` to the end of `order`, and eliminates the rest of `U`'s row `r` with a row eta appended
//! to `R`. Fill stays in that one row and the eta, unlike a product-form inverse whose every
//! update adds a whole column of `B^-1`.

use super::lu;

/// Below this magnitude a multiplier or spike entry is dropped.
const TINY: f64 = 1e-13;
/// Relative disagreement between the updated pivot and the one the ratio test used beyond
/// which the factors are no longer trusted.
const STABLE: f64 = 1e-8;
const NONE: u32 = u32::MAX;
/// The factors are rebuilt once their nonzeros reach this multiple of a fresh factorisation's.
const FILL: usize = 4;

/// Sparse eta matrices, each the identity but for one row or column (`pivot`).
#[derive(Clone, Debug, Default)]
struct Etas {
    pivot: Vec<u32>,
    /// Entries `(index, value)` of eta `k`: `entries[start[k]..start[k + 1]]`.
    start: Vec<usize>,
    entries: Vec<(u32, f64)>,
}

impl Etas {
    fn clear(&mut self) {
        self.pivot.clear();
        self.start.clear();
        self.start.push(0);
        self.entries.clear();
    }

    fn push(&mut self, pivot: u32, entries: impl IntoIterator<Item = (u32, f64)>) {
        self.pivot.push(pivot);
        self.entries.extend(entries);
        self.start.push(self.entries.len());
    }

    fn nonzeros(&self) -> usize {
        self.entries.len()
    }

    /// Each eta's pivot with its entries, in order (`forward`) or reversed, handed to
    /// `apply`: one pass over the starts, no call or lookup per eta.
    fn each(&self, forward: bool, mut apply: impl FnMut(usize, &[(u32, f64)])) {
        let etas = self.pivot.iter().zip(self.start.windows(2));
        let mut one = |(&p, w): (&u32, &[usize])| apply(p as usize, &self.entries[w[0]..w[1]]);
        if forward {
            etas.for_each(&mut one);
        } else {
            etas.rev().for_each(&mut one);
        }
    }

    /// `v[i] -= value * v[pivot]` for each eta's entries, etas in order (`forward`) or reversed.
    fn scatter(&self, v: &mut [f64], forward: bool) {
        self.each(forward, |pivot, entries| {
            let t = v[pivot];
            if t != 0.0 {
                for &(i, a) in entries {
                    v[i as usize] -= a * t;
                }
            }
        });
    }

    /// `v[pivot] -= sum of value * v[i]` over each eta's entries, etas in order or reversed.
    fn gather(&self, v: &mut [f64], forward: bool) {
        self.each(forward, |pivot, entries| {
            let mut s = 0.0;
            for &(i, a) in entries {
                s += a * v[i as usize];
            }
            v[pivot] -= s;
        });
    }
}

/// The factors of the current basis.
#[derive(Clone, Debug, Default)]
pub(super) struct Factor {
    /// `L`'s column etas from the factorisation.
    l: Etas,
    /// The row etas of the updates since.
    r: Etas,
    /// `U`'s off-diagonal entries by column (position), and its diagonal. A column from the
    /// factorisation lists its rows in pivot order, a spike (an update's column) by index.
    u: Vec<Vec<(u32, f64)>>,
    diag: Vec<f64>,
    /// The factorisation's columns (not the spikes) by row: `(column, value)` for each of
    /// them holding the row. `BTRAN`'s `U^T` solve pushes each nonzero along its row instead
    /// of summing every entry of those columns, mostly zeros, and an update finds the columns
    /// holding row `r` and its multipliers' reach here. As those columns are in pivot order, a
    /// push adds its terms in the order a column's sum would: the results are the same to the
    /// bit. The spikes, all after them in pivot order, are summed by column.
    urow: Vec<Vec<(u32, f64)>>,
    /// Positions in pivot order; `NONE` where an update moved a position to the end.
    order: Vec<u32>,
    /// Index of each position in `order`.
    rank: Vec<u32>,
    /// `R L^-1 a` of the last column through [`Factor::ftran_spike`].
    spike: Vec<f64>,
    /// Scratch for an update's multipliers, all zero between updates.
    mu: Vec<f64>,
    /// Scratch for an update's `(position, multiplier)` list.
    multipliers: Vec<(u32, f64)>,
    /// Scratch for an update: row `r`'s entries by column, and the sums of the multipliers'
    /// terms pushed into each column; all zero between updates.
    row_r: Vec<f64>,
    pushed: Vec<f64>,
    /// The factorisation's workspace, kept for the next refactorisation.
    lu: lu::Lu,
    updates: usize,
    /// Nonzeros right after the factorisation, and now.
    fresh: usize,
    nonzeros: usize,
}

impl Factor {
    /// Factorises the `m x m` basis whose column at each input index is `columns`; returns
    /// each column's position (its pivot row), `None` for dependent columns left out, whose
    /// positions the slacks of the unpivoted rows take.
    pub(super) fn factorize(&mut self, m: usize, columns: &[Vec<(u32, f64)>]) -> &[Option<u32>] {
        let lu = &mut self.lu;
        lu.factorize(m, columns);
        // `lu` keeps `L` in the etas' own layout.
        self.l.pivot.clone_from(&lu.l_pivot);
        self.l.start.clone_from(&lu.l_start);
        self.l.entries.clone_from(&lu.l_entries);
        self.r.clear();
        self.u.truncate(m);
        self.u.iter_mut().for_each(Vec::clear);
        self.u.resize_with(m, Vec::new);
        self.urow.truncate(m);
        self.urow.iter_mut().for_each(Vec::clear);
        self.urow.resize_with(m, Vec::new);
        // `upper` lists the rows in pivot order, so each column comes out in pivot order.
        for &(p, c, v) in &lu.upper {
            if let Some(position) = lu.pivot_row[c as usize] {
                self.u[position as usize].push((p, v));
                self.urow[p as usize].push((position, v));
            }
        }
        self.diag.clone_from(&lu.diag);
        self.order.clone_from(&lu.order);
        self.rank.clear();
        self.rank.resize(m, 0);
        for (k, &p) in self.order.iter().enumerate() {
            self.rank[p as usize] = k as u32;
        }
        self.spike.clear();
        self.spike.resize(m, 0.0);
        self.mu.clear();
        self.mu.resize(m, 0.0);
        self.row_r.clear();
        self.row_r.resize(m, 0.0);
        self.pushed.clear();
        self.pushed.resize(m, 0.0);
        self.updates = 0;
        self.fresh = self.l.nonzeros() + self.u.iter().map(Vec::len).sum::<usize>() + m;
        self.nonzeros = self.fresh;
        &self.lu.pivot_row
    }

    /// Updates since the factorisation.
    pub(super) fn updates(&self) -> usize {
        self.updates
    }

    /// Whether the updates have grown the factors past [`FILL`] times a fresh factorisation's.
    pub(super) fn filled(&self) -> bool {
        self.nonzeros > FILL * self.fresh
    }

    /// `v <- B^-1 v` (`v` by row in, by position out).
    pub(super) fn ftran(&self, v: &mut [f64]) {
        self.l.scatter(v, true);
        self.r.gather(v, true);
        self.solve_u(v);
    }

    /// [`Factor::ftran`] of an entering column, keeping its spike for [`Factor::update`].
    pub(super) fn ftran_spike(&mut self, v: &mut [f64]) {
        self.l.scatter(v, true);
        self.r.gather(v, true);
        self.spike.copy_from_slice(v);
        self.solve_u(v);
    }

    /// `v <- v^T B^-1` (`v` by position in, by row out).
    pub(super) fn btran(&self, v: &mut [f64]) {
        // `U^T` is lower triangular in pivot order: the positions before the first nonzero
        // solve to zero as they are, which a unit row's solve mostly is.
        let first = self
            .order
            .iter()
            .position(|&k| k != NONE && v[k as usize] != 0.0)
            .unwrap_or(self.order.len());
        // The factorisation's positions come first in `order`, then the spikes'.
        let fresh = self.u.len();
        for &k in &self.order[first.min(fresh)..fresh] {
            if k == NONE {
                continue;
            }
            let k = k as usize;
            let x = v[k] / self.diag[k];
            v[k] = x;
            if x != 0.0 {
                for &(j, u) in &self.urow[k] {
                    v[j as usize] -= u * x;
                }
            }
        }
        for &k in &self.order[first.max(fresh)..] {
            if k == NONE {
                continue;
            }
            let k = k as usize;
            let mut s = v[k];
            for &(i, u) in &self.u[k] {
                s -= u * v[i as usize];
            }
            v[k] = s / self.diag[k];
        }
        self.r.scatter(v, false);
        self.l.gather(v, false);
    }

    fn solve_u(&self, v: &mut [f64]) {
        for &k in self.order.iter().rev() {
            if k == NONE {
                continue;
            }
            let k = k as usize;
            if v[k] != 0.0 {
                let x = v[k] / self.diag[k];
                v[k] = x;
                for &(i, u) in &self.u[k] {
                    v[i as usize] -= u * x;
                }
            }
        }
    }

    /// Puts the column last through [`Factor::ftran_spike`] at position `r`, where its
    /// `B^-1` column has `alpha`. Returns false when the updated factors disagree with `alpha`
    /// and should be rebuilt before they are trusted again.
    pub(super) fn update(&mut self, r: usize, alpha: f64) -> bool {
        let t = self.rank[r] as usize;
        let fresh = self.u.len();
        // Row r's entries in the factorisation's columns (all after r in pivot order) leave
        // them for `row_r`; a spike's row has none.
        let mut row = std::mem::take(&mut self.urow[r]);
        for &(k, u) in &row {
            self.row_r[k as usize] = u;
            let column = &mut self.u[k as usize];
            if let Some(e) = column.iter().position(|&(i, _)| i as usize == r) {
                // `remove`, not `swap_remove`: each column stays in pivot order.
                column.remove(e);
                self.nonzeros -= 1;
            }
        }
        row.clear();
        self.urow[r] = row;
        // Multipliers that clear U's row r right of the diagonal: mu^T U' = u_r^T over the
        // positions after r, solved in pivot order: pushed along the rows through the
        // factorisation's columns, summed by column over the spikes.
        let mut multipliers = std::mem::take(&mut self.multipliers);
        multipliers.clear();
        for &k in &self.order[(t + 1).min(fresh)..fresh] {
            if k == NONE {
                continue;
            }
            let k = k as usize;
            let (urk, s) = (self.row_r[k], self.pushed[k]);
            if urk == 0.0 && s == 0.0 {
                continue;
            }
            self.row_r[k] = 0.0;
            self.pushed[k] = 0.0;
            let m = (urk - s) / self.diag[k];
            if m.abs() > TINY {
                self.mu[k] = m;
                multipliers.push((k as u32, m));
                for &(j, u) in &self.urow[k] {
                    self.pushed[j as usize] += m * u;
                }
            }
        }
        for &k in &self.order[(t + 1).max(fresh)..] {
            if k == NONE {
                continue;
            }
            let k = k as usize;
            let (mut s, mut urk, mut at) = (0.0, 0.0, None);
            let column = &mut self.u[k];
            for (e, &(i, u)) in column.iter().enumerate() {
                if i as usize == r {
                    urk = u;
                    at = Some(e);
                } else {
                    s += self.mu[i as usize] * u;
                }
            }
            if let Some(e) = at {
                column.remove(e);
                self.nonzeros -= 1;
            }
            if urk == 0.0 && s == 0.0 {
                continue;
            }
            let m = (urk - s) / self.diag[k];
            if m.abs() > TINY {
                self.mu[k] = m;
                multipliers.push((k as u32, m));
            }
        }
        let old = self.diag[r];
        let mut d = self.spike[r];
        for &(k, m) in &multipliers {
            d -= m * self.spike[k as usize];
            self.mu[k as usize] = 0.0;
        }
        self.nonzeros -= self.u[r].len();
        if t < fresh {
            for &(i, _) in &self.u[r] {
                let row = &mut self.urow[i as usize];
                if let Some(e) = row.iter().position(|&(k, _)| k as usize == r) {
                    row.swap_remove(e);
                }
            }
        }
        self.u[r].clear();
        for (i, &s) in self.spike.iter().enumerate() {
            if i != r && s.abs() > TINY {
                self.u[r].push((i as u32, s));
            }
        }
        self.nonzeros += self.u[r].len() + multipliers.len();
        self.diag[r] = d;
        self.r.push(r as u32, multipliers.iter().copied());
        self.multipliers = multipliers;
        self.order[t] = NONE;
        self.rank[r] = self.order.len() as u32;
        self.order.push(r as u32);
        self.updates += 1;
        let expected = alpha * old;
        d.abs() > TINY && (d - expected).abs() <= STABLE * (1.0 + expected.abs())
    }
}
