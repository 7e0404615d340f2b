//! The basis factorisation ([`super::factor`]) against dense matrix products on random sparse
//! bases: `B x = b` and `y^T B = c` fresh, with dependent columns, and after updates.

use super::factor::Factor;
use crate::engine::rng::Rng;

/// A dense basis, column by position, kept in step with the factors.
struct Dense {
    m: usize,
    cols: Vec<Vec<f64>>,
}

impl Dense {
    fn column(m: usize, sparse: &[(u32, f64)]) -> Vec<f64> {
        let mut c = vec![0.0; m];
        for &(i, v) in sparse {
            c[i as usize] = v;
        }
        c
    }

    /// The basis the factorisation chose: each kept column at its position, the slack of
    /// each row no column pivoted on.
    fn chosen(m: usize, columns: &[Vec<(u32, f64)>], positions: &[Option<u32>]) -> Dense {
        let mut cols: Vec<Option<Vec<f64>>> = vec![None; m];
        for (c, p) in columns.iter().zip(positions) {
            if let Some(p) = p {
                assert!(cols[*p as usize].is_none(), "two columns at position {p}");
                cols[*p as usize] = Some(Dense::column(m, c));
            }
        }
        let cols = cols
            .into_iter()
            .enumerate()
            .map(|(i, c)| c.unwrap_or_else(|| Dense::column(m, &[(i as u32, 1.0)])))
            .collect();
        Dense { m, cols }
    }

    /// Checks `B B^-1 b = b` and `(c^T B^-1) B = c^T` for random `b` and `c`.
    fn check(&self, factor: &Factor, rng: &mut Rng) {
        let b: Vec<f64> = (0..self.m).map(|_| value(rng)).collect();
        let mut x = b.clone();
        factor.ftran(&mut x);
        for (i, &bi) in b.iter().enumerate() {
            let product: f64 = (0..self.m).map(|k| self.cols[k][i] * x[k]).sum();
            assert!((product - bi).abs() < 1e-8, "row {i}: {product} vs {bi}");
        }
        let c: Vec<f64> = (0..self.m).map(|_| value(rng)).collect();
        let mut y = c.clone();
        factor.btran(&mut y);
        for (k, &ck) in c.iter().enumerate() {
            let product: f64 = (0..self.m).map(|i| y[i] * self.cols[k][i]).sum();
            assert!(
                (product - ck).abs() < 1e-8,
                "position {k}: {product} vs {ck}"
            );
        }
    }
}

/// A nonzero in [-2, 2], often exactly 1 as in the model's columns.
fn value(rng: &mut Rng) -> f64 {
    if rng.below(2) == 0 {
        1.0
    } else {
        let v = (rng.below(4001) as f64 - 2000.0) / 1000.0;
        if v == 0.0 { 0.5 } else { v }
    }
}

/// One to four entries in distinct random rows.
fn sparse_column(m: usize, rng: &mut Rng) -> Vec<(u32, f64)> {
    let mut rows: Vec<u32> = (0..1 + rng.below(4)).map(|_| rng.below(m) as u32).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.into_iter().map(|i| (i, value(rng))).collect()
}

/// Slacks, random sparse columns, and now and then a copy or a sum of two earlier columns
/// (dependent, to be left out).
fn random_basis(m: usize, rng: &mut Rng) -> Vec<Vec<(u32, f64)>> {
    let mut columns: Vec<Vec<(u32, f64)>> = Vec::new();
    for _ in 0..m {
        let c = match rng.below(8) {
            0 | 1 => vec![(rng.below(m) as u32, 1.0)],
            2 if columns.len() >= 2 => {
                let (a, b) = (rng.below(columns.len()), rng.below(columns.len()));
                let mut dense = Dense::column(m, &columns[a]);
                for &(i, v) in &columns[b] {
                    dense[i as usize] += v;
                }
                let sum: Vec<(u32, f64)> = dense
                    .iter()
                    .enumerate()
                    .filter(|&(_, &v)| v != 0.0)
                    .map(|(i, &v)| (i as u32, v))
                    .collect();
                if sum.is_empty() {
                    columns[a].clone()
                } else {
                    sum
                }
            }
            3 if !columns.is_empty() => columns[rng.below(columns.len())].clone(),
            _ => sparse_column(m, rng),
        };
        columns.push(c);
    }
    columns
}

/// One `Factor` serves every case, as one serves every refactorisation of an LP: what its
/// reused workspace kept from a basis of another size must not leak into the next.
#[test]
fn solves_match_the_basis_fresh_and_after_updates() {
    let mut rng = Rng::new(11);
    let mut updated = 0;
    let mut factor = Factor::default();
    for case in 0..300 {
        let m = 1 + rng.below(if case < 200 { 12 } else { 60 });
        let columns = random_basis(m, &mut rng);
        let positions = factor.factorize(m, &columns).to_vec();
        let mut dense = Dense::chosen(m, &columns, &positions);
        dense.check(&factor, &mut rng);
        let before = updated;
        for _ in 0..3 * m {
            let entering = sparse_column(m, &mut rng);
            let mut alpha = Dense::column(m, &entering);
            factor.ftran_spike(&mut alpha);
            // The position with the largest |alpha|, as a ratio test would prefer.
            let (r, a) = alpha.iter().enumerate().fold((0, 0.0_f64), |b, (i, &a)| {
                if a.abs() > b.1.abs() { (i, a) } else { b }
            });
            if a.abs() < 0.1 {
                continue;
            }
            assert!(factor.update(r, a), "unstable update at {r}");
            dense.cols[r] = Dense::column(m, &entering);
            dense.check(&factor, &mut rng);
            updated += 1;
        }
        assert_eq!(factor.updates(), updated - before);
    }
    assert!(updated > 1000, "only {updated} updates exercised");
}

#[test]
fn dependent_columns_are_left_out_and_their_rows_get_slacks() {
    // Column 2 is column 0 plus column 1; rows 0..3.
    let columns = vec![
        vec![(0, 1.0), (1, 1.0)],
        vec![(1, 1.0), (2, 1.0)],
        vec![(0, 1.0), (1, 2.0), (2, 1.0)],
    ];
    let mut factor = Factor::default();
    let positions = factor.factorize(3, &columns).to_vec();
    assert_eq!(positions.iter().filter(|p| p.is_none()).count(), 1);
    let dense = Dense::chosen(3, &columns, &positions);
    dense.check(&factor, &mut Rng::new(3));
}
