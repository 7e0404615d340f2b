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
    /// Entries of eta `k`: `start[k]..start[k + 1]` in `index` and `value`.
    start: Vec<usize>,
    index: Vec<u32>,
    value: Vec<f64>,
}

impl Etas {
    fn clear(&mut self) {
        self.pivot.clear();
        self.start.clear();
        self.start.push(0);
        self.index.clear();
        self.value.clear();
    }

    fn push(&mut self, pivot: u32, entries: impl IntoIterator<Item = (u32, f64)>) {
        self.pivot.push(pivot);
        for (i, v) in entries {
            self.index.push(i);
            self.value.push(v);
        }
        self.start.push(self.index.len());
    }

    fn nonzeros(&self) -> usize {
        self.index.len()
    }

    /// Each eta's pivot with its entries' indices and values, in order (`forward`) or
    /// reversed, handed to `apply`: one pass over the starts, no call or lookup per eta.
    fn each(&self, forward: bool, mut apply: impl FnMut(usize, &[u32], &[f64])) {
        let etas = self.pivot.iter().zip(self.start.windows(2));
        let mut one = |(&p, w): (&u32, &[usize])| {
            let (index, value) = (&self.index[w[0]..w[1]], &self.value[w[0]..w[1]]);
            apply(p as usize, index, value);
        };
        if forward {
            etas.for_each(&mut one);
        } else {
            etas.rev().for_each(&mut one);
        }
    }

    /// `v[i] -= value * v[pivot]` for each eta's entries, etas in order (`forward`) or reversed.
    fn scatter(&self, v: &mut [f64], forward: bool) {
        self.each(forward, |pivot, index, value| {
            let t = v[pivot];
            if t != 0.0 {
                for (&i, &a) in index.iter().zip(value) {
                    v[i as usize] -= a * t;
                }
            }
        });
    }

    /// `v[pivot] -= sum of value * v[i]` over each eta's entries, etas in order or reversed.
    fn gather(&self, v: &mut [f64], forward: bool) {
        self.each(forward, |pivot, index, value| {
            let mut s = 0.0;
            for (&i, &a) in index.iter().zip(value) {
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
    /// `U`'s off-diagonal entries by column (position), and its diagonal.
    u: Vec<Vec<(u32, f64)>>,
    diag: Vec<f64>,
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
        self.l.clear();
        for (k, &p) in lu.l_pivot.iter().enumerate() {
            let entries = &lu.l_entries[lu.l_start[k]..lu.l_start[k + 1]];
            self.l.push(p, entries.iter().copied());
        }
        self.r.clear();
        self.u.truncate(m);
        self.u.iter_mut().for_each(Vec::clear);
        self.u.resize_with(m, Vec::new);
        for &(p, c, v) in &lu.upper {
            if let Some(position) = lu.pivot_row[c as usize] {
                self.u[position as usize].push((p, v));
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
        for &k in &self.order[first..] {
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
        // Multipliers that clear U's row r right of the diagonal: mu^T U' = u_r^T over the
        // positions after r, solved in pivot order.
        let mut multipliers = std::mem::take(&mut self.multipliers);
        multipliers.clear();
        for &k in &self.order[t + 1..] {
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
                // `remove`, not `swap_remove`: `btran` sums each column in its order.
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
