//! The dual simplex ([`super::lp`]) against microlp on small random LPs of the MIP's shape:
//! equal optima (or both infeasible), fresh and after bound changes and added cuts, from the last
//! basis or from an earlier one restored, with and without preferred columns.

use super::lp::{Lp, Status};
use crate::engine::rng::Rng;
use microlp::{ComparisonOp, OptimizationDirection, Problem};

/// One random LP: `n` columns, rows `sum = 1` over random sets, costs 0 to 3.
struct Case {
    n: usize,
    rows: Vec<Vec<u32>>,
    cost: Vec<f64>,
    bounds: Vec<(f64, f64)>,
    cuts: Vec<(Vec<u32>, f64)>,
}

impl Case {
    fn random(rng: &mut Rng) -> Case {
        let n = 3 + rng.below(14);
        let m = 1 + rng.below(8);
        let rows = (0..m)
            .map(|_| {
                let mut members: Vec<u32> = (0..n as u32).filter(|_| rng.below(3) == 0).collect();
                if members.is_empty() {
                    members.push(rng.below(n) as u32);
                }
                members
            })
            .collect();
        let cost = (0..n).map(|_| rng.below(4) as f64).collect();
        Case {
            n,
            rows,
            cost,
            bounds: vec![(0.0, 1.0); n],
            cuts: Vec::new(),
        }
    }

    /// Fixes a few columns at 0 or 1, as a branch and propagation do.
    fn fix_some(&mut self, rng: &mut Rng) {
        for _ in 0..rng.below(3) {
            let v = rng.below(2) as f64;
            self.bounds[rng.below(self.n)] = (v, v);
        }
    }

    fn add_cut(&mut self, rng: &mut Rng) {
        let members: Vec<u32> = (0..self.n as u32).filter(|_| rng.below(2) == 0).collect();
        if members.len() >= 2 {
            let k = (members.len() - 1) as f64;
            self.cuts.push((members, k));
        }
    }

    /// microlp's optimum, `None` when infeasible.
    fn reference(&self) -> Option<f64> {
        let mut p = Problem::new(OptimizationDirection::Minimize);
        let vars: Vec<_> = (0..self.n)
            .map(|j| p.add_var(self.cost[j], self.bounds[j]))
            .collect();
        for members in &self.rows {
            let expr: Vec<_> = members.iter().map(|&j| (vars[j as usize], 1.0)).collect();
            p.add_constraint(expr, ComparisonOp::Eq, 1.0);
        }
        for (members, k) in &self.cuts {
            let expr: Vec<_> = members.iter().map(|&j| (vars[j as usize], 1.0)).collect();
            p.add_constraint(expr, ComparisonOp::Le, *k);
        }
        match p.solve() {
            Ok(microlp::SolveOutcome::Solution(s)) => Some(s.objective()),
            Err(microlp::Error::Infeasible) => None,
            other => panic!("microlp: {other:?}"),
        }
    }

    /// Solves `lp` with this case's bounds and checks it against microlp.
    fn check(&self, lp: &mut Lp) {
        for (j, &(lo, hi)) in self.bounds.iter().enumerate() {
            lp.set_bounds(j as u32, lo, hi);
        }
        let status = lp.solve(None);
        match (status, self.reference()) {
            (Status::Optimal, Some(reference)) => {
                let x: Vec<f64> = (0..self.n as u32).map(|j| lp.value(j)).collect();
                let objective: f64 = x.iter().zip(&self.cost).map(|(x, c)| x * c).sum();
                assert!(
                    (objective - reference).abs() < 1e-6,
                    "{objective} vs {reference}"
                );
                assert!(lp.lower_bound() <= reference + 1e-9);
                assert!(lp.lower_bound() > reference - 1e-3);
                for (members, rhs) in self
                    .rows
                    .iter()
                    .map(|r| (r, 1.0))
                    .chain(self.cuts.iter().map(|(r, k)| (r, *k)))
                {
                    let sum: f64 = members.iter().map(|&j| x[j as usize]).sum();
                    assert!(sum <= rhs + 1e-7, "row {members:?} sums to {sum}");
                }
                for (j, &(lo, hi)) in self.bounds.iter().enumerate() {
                    assert!(x[j] >= lo - 1e-7 && x[j] <= hi + 1e-7);
                }
            }
            (Status::Infeasible, None) => {}
            (status, reference) => panic!("ours {status:?}, microlp {reference:?}"),
        }
    }
}

#[test]
fn optima_equal_microlps_fresh_after_bound_changes_and_after_cuts() {
    let mut restored = 0;
    let mut rng = Rng::new(7);
    // A second stream, so that the cases stay those of `rng`: which columns half the LPs prefer.
    let mut choice = Rng::new(11);
    let mut preferring = 0;
    for _ in 0..400 {
        let mut case = Case::random(&mut rng);
        let mut lp = Lp::new(case.n, case.rows.clone(), &case.cost);
        if choice.below(2) == 0 {
            let columns: Vec<u32> = (0..case.n as u32)
                .filter(|_| choice.below(3) == 0)
                .collect();
            preferring += usize::from(!columns.is_empty());
            lp.prefer(&columns);
        }
        case.check(&mut lp);
        let first = lp.basis();
        for _ in 0..4 {
            case.bounds = vec![(0.0, 1.0); case.n];
            case.fix_some(&mut rng);
            if rng.below(3) == 0 {
                let before = case.cuts.len();
                case.add_cut(&mut rng);
                if let Some((members, k)) = case.cuts.get(before) {
                    lp.add_at_most(members, *k);
                }
            }
            if rng.below(3) == 0 {
                lp.set_basis(&first);
                restored += 1;
            }
            case.check(&mut lp);
        }
    }
    assert!(restored > 100);
    assert!(preferring > 100);
}
