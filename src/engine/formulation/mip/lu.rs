//! Sparse LU factorisation of a basis by Gaussian elimination with Markowitz pivot ordering and
//! threshold pivoting, for [`super::factor`].
//!
//! Column singletons are taken first (no elimination at all: slacks and columns alone in their
//! rows), then row singletons (no fill), then the entry with the least Markowitz count
//! `(row count - 1) * (column count - 1)` among those within [`THRESHOLD`] of their column's
//! largest. A column whose active part vanishes is dependent on the columns before it and is
//! left out; the rows no column pivoted on are left to their slacks.

/// Entries smaller than this after an elimination are cancellation remnants and are dropped.
const DROP: f64 = 1e-11;
/// A pivot must reach this fraction of the largest active entry of its column.
const THRESHOLD: f64 = 0.1;
/// Smallest pivot magnitude accepted; a column with nothing larger left is dependent.
const PIVOT_TOL: f64 = 1e-7;

/// The factors `B = L U` of a basis, rows and columns in pivot order. The same value is
/// factorised into again and again: its vectors, and the active submatrix's, keep their
/// capacity, so a refactorisation inside the simplex allocates nothing once warm.
#[derive(Clone, Debug, Default)]
pub(super) struct Lu {
    /// Pivot row of each input column; `None` for a dependent column left out.
    pub(super) pivot_row: Vec<Option<u32>>,
    /// `L` as column etas in pivot order: eta `k` pivots on `l_pivot[k]`, its `(row,
    /// multiplier)` entries are `l_entries[l_start[k]..l_start[k + 1]]`.
    pub(super) l_pivot: Vec<u32>,
    pub(super) l_start: Vec<usize>,
    pub(super) l_entries: Vec<(u32, f64)>,
    /// `U`'s diagonal by pivot row (1 for a row left to its slack), and its off-diagonal
    /// entries as `(pivot row, input column, value)`.
    pub(super) diag: Vec<f64>,
    pub(super) upper: Vec<(u32, u32, f64)>,
    /// Rows in pivot order, the rows left to slacks last.
    pub(super) order: Vec<u32>,
    active: Active,
    urow: Vec<(u32, f64)>,
}

/// The active submatrix during elimination: values by column, patterns by row.
#[derive(Clone, Debug, Default)]
struct Active {
    col: Vec<Vec<(u32, f64)>>,
    row: Vec<Vec<u32>>,
    col_done: Vec<bool>,
    row_done: Vec<bool>,
    col_single: Vec<u32>,
    row_single: Vec<u32>,
    /// Columns and rows by active count when pushed (stale entries are skipped on reading).
    col_bucket: Vec<Vec<u32>>,
    row_bucket: Vec<Vec<u32>>,
}

/// What the pivot search found.
enum Choice {
    Pivot(usize, usize),
    /// A column with no acceptable pivot left: dependent.
    Drop(usize),
    Done,
}

impl Active {
    fn value(&self, i: usize, j: usize) -> f64 {
        self.col[j]
            .iter()
            .find(|&&(r, _)| r as usize == i)
            .map_or(0.0, |&(_, v)| v)
    }

    fn largest(&self, j: usize) -> f64 {
        self.col[j].iter().fold(0.0, |m, &(_, v)| m.max(v.abs()))
    }

    fn choose(&mut self) -> Choice {
        while let Some(j) = self.col_single.pop() {
            let j = j as usize;
            if !self.col_done[j] && self.col[j].len() == 1 {
                let (i, v) = self.col[j][0];
                return if v.abs() < PIVOT_TOL {
                    Choice::Drop(j)
                } else {
                    Choice::Pivot(i as usize, j)
                };
            }
        }
        while let Some(i) = self.row_single.pop() {
            let i = i as usize;
            if !self.row_done[i] && self.row[i].len() == 1 {
                let j = self.row[i][0] as usize;
                let v = self.value(i, j).abs();
                if v >= PIVOT_TOL && v >= THRESHOLD * self.largest(j) {
                    return Choice::Pivot(i, j);
                }
            }
        }
        self.markowitz()
    }

    /// The acceptable entry of least Markowitz count (ties: the larger magnitude), searched
    /// among the columns and rows of fewest entries first: an entry in a row and a column of
    /// at least `c` entries costs at least `(c - 1)^2`, so the search stops as soon as the best
    /// so far meets the bound of the count being searched, or after a few candidates with
    /// one found (never scanning a whole bucket, which made a factorisation quadratic).
    fn markowitz(&mut self) -> Choice {
        let mut best: Option<(usize, f64, usize, usize)> = None;
        let mut seen = 0;
        for c in 1..self.col_bucket.len() {
            let enough = |best: &Option<(usize, f64, usize, usize)>, seen: usize| {
                best.is_some_and(|(cost, ..)| cost <= (c - 1) * (c - 1) || seen >= 4)
            };
            if enough(&best, seen) {
                break;
            }
            let mut k = 0;
            while k < self.col_bucket[c].len() && !enough(&best, seen) {
                let j = self.col_bucket[c][k] as usize;
                if self.col_done[j] || self.col[j].len() != c {
                    self.col_bucket[c].swap_remove(k);
                    continue;
                }
                k += 1;
                let largest = self.largest(j);
                if largest < PIVOT_TOL {
                    return Choice::Drop(j);
                }
                for &(i, v) in &self.col[j] {
                    self.consider(&mut best, i as usize, j, v.abs(), largest);
                }
                seen += 1;
            }
            let mut k = 0;
            while k < self.row_bucket[c].len() && !enough(&best, seen) {
                let i = self.row_bucket[c][k] as usize;
                if self.row_done[i] || self.row[i].len() != c {
                    self.row_bucket[c].swap_remove(k);
                    continue;
                }
                k += 1;
                for &j in &self.row[i] {
                    let j = j as usize;
                    self.consider(&mut best, i, j, self.value(i, j).abs(), self.largest(j));
                }
                seen += 1;
            }
        }
        best.map_or(Choice::Done, |(_, _, i, j)| Choice::Pivot(i, j))
    }

    /// Keeps `a_ij` (magnitude `v`, its column's largest `largest`) as the best pivot if it is
    /// acceptable and cheaper than `best`.
    fn consider(
        &self,
        best: &mut Option<(usize, f64, usize, usize)>,
        i: usize,
        j: usize,
        v: f64,
        largest: f64,
    ) {
        if v < THRESHOLD * largest || v < PIVOT_TOL {
            return;
        }
        let cost = (self.row[i].len() - 1) * (self.col[j].len() - 1);
        if best.is_none_or(|(b, bv, _, _)| cost < b || (cost == b && v > bv)) {
            *best = Some((cost, v, i, j));
        }
    }

    /// Files column `j` and row `i` (either may be absent) under their current counts.
    fn file(&mut self, i: Option<u32>, j: Option<u32>) {
        if let Some(j) = j.filter(|&j| !self.col_done[j as usize]) {
            self.col_bucket[self.col[j as usize].len()].push(j);
        }
        if let Some(i) = i.filter(|&i| !self.row_done[i as usize]) {
            self.row_bucket[self.row[i as usize].len()].push(i);
        }
    }

    /// Takes column `j` out of the active matrix.
    fn remove_column(&mut self, j: usize) {
        self.col_done[j] = true;
        let mut col = std::mem::take(&mut self.col[j]);
        for &(i, _) in &col {
            let row = &mut self.row[i as usize];
            row.retain(|&c| c as usize != j);
            if row.len() == 1 {
                self.row_single.push(i);
            }
            self.file(Some(i), None);
        }
        col.clear();
        self.col[j] = col;
    }

    /// `a_ij -= delta`, adding the entry on fill and dropping it on cancellation.
    fn subtract(&mut self, i: u32, j: usize, delta: f64) {
        let col = &mut self.col[j];
        match col.iter().position(|&(r, _)| r == i) {
            Some(e) => {
                col[e].1 -= delta;
                if col[e].1.abs() < DROP {
                    col.swap_remove(e);
                    self.row[i as usize].retain(|&c| c as usize != j);
                }
            }
            None => {
                col.push((i, -delta));
                self.row[i as usize].push(j as u32);
            }
        }
    }
}

/// Empties each of the first `len` vectors (keeping their capacity) and makes `len` of them.
fn reset<T>(lists: &mut Vec<Vec<T>>, len: usize) {
    lists.truncate(len);
    lists.iter_mut().for_each(Vec::clear);
    lists.resize_with(len, Vec::new);
}

/// Refills `v` with `len` copies of `value`, keeping its capacity.
fn refill<T: Clone>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    v.resize(len, value);
}

impl Active {
    /// The columns' entries from `DROP` up, their patterns by row, and the counts filed.
    fn load(&mut self, m: usize, columns: &[Vec<(u32, f64)>]) {
        let n = columns.len();
        reset(&mut self.col, n);
        for (col, c) in self.col.iter_mut().zip(columns) {
            col.extend(c.iter().copied().filter(|&(_, v)| v.abs() >= DROP));
        }
        reset(&mut self.row, m);
        refill(&mut self.col_done, n, false);
        refill(&mut self.row_done, m, false);
        self.col_single.clear();
        self.row_single.clear();
        reset(&mut self.col_bucket, m + 2);
        reset(&mut self.row_bucket, m.max(n) + 2);
        for (j, c) in self.col.iter().enumerate() {
            for &(i, _) in c {
                self.row[i as usize].push(j as u32);
            }
        }
        for j in 0..n as u32 {
            if self.col[j as usize].is_empty() {
                self.col_done[j as usize] = true;
            }
            self.file(None, Some(j));
        }
        for i in 0..m as u32 {
            self.file(Some(i), None);
        }
        self.col_single
            .extend((0..n as u32).filter(|&j| self.col[j as usize].len() == 1));
        self.row_single
            .extend((0..m as u32).filter(|&i| self.row[i as usize].len() == 1));
    }
}

impl Lu {
    /// Factorises the `m x m` (or narrower) matrix whose columns are `columns` (`(row, value)`
    /// lists, no duplicate rows) into `self`.
    pub(super) fn factorize(&mut self, m: usize, columns: &[Vec<(u32, f64)>]) {
        let a = &mut self.active;
        a.load(m, columns);
        refill(&mut self.pivot_row, columns.len(), None);
        self.l_pivot.clear();
        self.l_start.clear();
        self.l_start.push(0);
        self.l_entries.clear();
        refill(&mut self.diag, m, 1.0);
        self.upper.clear();
        self.order.clear();
        let urow = &mut self.urow;
        loop {
            let (p, j) = match a.choose() {
                Choice::Done => break,
                Choice::Drop(j) => {
                    a.remove_column(j);
                    continue;
                }
                Choice::Pivot(p, j) => (p, j),
            };
            let pivot = a.value(p, j);
            // Row p becomes U's row; column j, scaled, L's column.
            urow.clear();
            for &c in &a.row[p] {
                if c as usize != j {
                    urow.push((c, a.value(p, c as usize)));
                }
            }
            let first = self.l_entries.len();
            self.l_entries.extend(
                a.col[j]
                    .iter()
                    .filter(|&&(i, _)| i as usize != p)
                    .map(|&(i, v)| (i, v / pivot)),
            );
            a.row_done[p] = true;
            a.remove_column(j);
            for &(c, _) in urow.iter() {
                a.col[c as usize].retain(|&(i, _)| i as usize != p);
            }
            a.row[p].clear();
            for &(i, l) in &self.l_entries[first..] {
                for &(c, u) in urow.iter() {
                    a.subtract(i, c as usize, l * u);
                }
                if a.row[i as usize].len() == 1 {
                    a.row_single.push(i);
                }
                a.file(Some(i), None);
            }
            for &(c, u) in urow.iter() {
                match a.col[c as usize].len() {
                    0 => a.col_done[c as usize] = true,
                    1 => a.col_single.push(c),
                    _ => {}
                }
                a.file(None, Some(c));
                self.upper.push((p as u32, c, u));
            }
            self.pivot_row[j] = Some(p as u32);
            self.diag[p] = pivot;
            self.order.push(p as u32);
            if self.l_entries.len() > first {
                self.l_pivot.push(p as u32);
                self.l_start.push(self.l_entries.len());
            }
        }
        self.order
            .extend((0..m as u32).filter(|&i| !a.row_done[i as usize]));
    }
}
