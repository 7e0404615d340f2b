//! The basis inverse of the LP ([`super::lp`]) in product form: a file of eta matrices, one per
//! pivot since the last reinversion, applied to dense vectors.
//!
//! The model's columns have at most four nonzeros, all ones, and most bases hold many slack
//! columns, so the eta vectors stay short; a reinversion after a bounded number of updates keeps
//! the file short and the values fresh.

/// Below this magnitude an eta entry is dropped as a rounding remnant.
const DROP: f64 = 1e-12;

/// `B^-1 = E_k ... E_1`, each `E` the identity with column `r` replaced by an eta vector.
#[derive(Clone, Debug, Default)]
pub(super) struct Etas {
    /// The pivot row of each eta and the eta's entry there (the pivot's reciprocal).
    row: Vec<u32>,
    pivot: Vec<f64>,
    /// Entries off the pivot row: `start[k]..start[k + 1]` in `index` and `value`.
    start: Vec<usize>,
    index: Vec<u32>,
    value: Vec<f64>,
}

impl Etas {
    pub(super) fn new() -> Etas {
        Etas {
            start: vec![0],
            ..Etas::default()
        }
    }

    pub(super) fn len(&self) -> usize {
        self.row.len()
    }

    pub(super) fn clear(&mut self) {
        *self = Etas::new();
    }

    /// Appends the eta that turns `alpha` (a column already through [`Etas::ftran`]) into the
    /// unit vector of row `r`.
    pub(super) fn push(&mut self, r: usize, alpha: &[f64]) {
        let p = alpha[r];
        self.row.push(r as u32);
        self.pivot.push(1.0 / p);
        for (i, &a) in alpha.iter().enumerate() {
            if i != r && a.abs() > DROP {
                self.index.push(i as u32);
                self.value.push(-a / p);
            }
        }
        self.start.push(self.index.len());
    }

    /// `v <- B^-1 v`.
    pub(super) fn ftran(&self, v: &mut [f64]) {
        for k in 0..self.row.len() {
            let r = self.row[k] as usize;
            let t = v[r];
            if t == 0.0 {
                continue;
            }
            v[r] = t * self.pivot[k];
            for e in self.start[k]..self.start[k + 1] {
                v[self.index[e] as usize] += t * self.value[e];
            }
        }
    }

    /// `v <- v^T B^-1`.
    pub(super) fn btran(&self, v: &mut [f64]) {
        for k in (0..self.row.len()).rev() {
            let r = self.row[k] as usize;
            let mut s = v[r] * self.pivot[k];
            for e in self.start[k]..self.start[k + 1] {
                s += self.value[e] * v[self.index[e] as usize];
            }
            v[r] = s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// B = [[2, 1], [1, 1]] built by two pivots from the identity; B^-1 = [[1, -1], [-1, 2]].
    #[test]
    fn ftran_and_btran_apply_the_inverse() {
        let mut etas = Etas::new();
        let mut a = vec![2.0, 1.0];
        etas.ftran(&mut a);
        etas.push(0, &a);
        let mut b = vec![1.0, 1.0];
        etas.ftran(&mut b);
        etas.push(1, &b);
        let mut v = vec![3.0, 2.0];
        etas.ftran(&mut v);
        assert!((v[0] - 1.0).abs() < 1e-12 && (v[1] - 1.0).abs() < 1e-12);
        let mut w = vec![1.0, 0.0];
        etas.btran(&mut w);
        assert!((w[0] - 1.0).abs() < 1e-12 && (w[1] + 1.0).abs() < 1e-12);
        assert_eq!(etas.len(), 2);
    }
}
