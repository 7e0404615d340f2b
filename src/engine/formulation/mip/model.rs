//! The model the MIP solves and exports: one binary per `(cell, digit)` the givens leave open.

use super::Query;
use crate::engine::grid::{Pos, Size};

pub(super) const NONE: u32 = u32::MAX;

/// Which family a constraint belongs to, for names in the LP export.
#[derive(Copy, Clone, Debug)]
pub(super) enum Family {
    Cell { cell: usize },
    Row { row: usize, d: usize },
    Column { col: usize, d: usize },
    Box { index: usize, d: usize },
}

/// The reduced model: one binary per `(cell, digit)` the givens leave open, and equality
/// constraints `sum = 1` over them.
pub(super) struct Model {
    pub(super) size: Size,
    /// `(cell, digit index)` of each variable.
    pub(super) vars: Vec<(usize, usize)>,
    /// Constraints as lists of variable indices, each meaning "exactly one of these".
    pub(super) constraints: Vec<(Family, Vec<u32>)>,
    /// Variables in the objective (the forbidden pairs still open).
    pub(super) objective: Vec<u32>,
    /// Forbidden pairs that a given already makes true: they add a constant to the optimum.
    pub(super) objective_constant: u64,
    /// Digit values of the givens, 0 elsewhere.
    pub(super) givens: Vec<u8>,
    /// The givens already contradict each other, or a constraint has no variable left.
    pub(super) infeasible: bool,
}

impl Model {
    pub(super) fn new(query: &Query) -> Model {
        Model::excluding(query, &[])
    }

    /// The model with the pairs `(cell, digit index)` of `excluded` ruled out as well.
    pub(super) fn excluding(query: &Query, excluded: &[(usize, usize)]) -> Model {
        let size = query.grid.size();
        let (cells, side) = (size.cells(), size.side());
        let layout = size.layout();
        let givens = query.grid.values();
        let mut open = vec![true; cells * side];
        let mut infeasible = false;
        // Digits already placed in each unit.
        let mut placed = vec![vec![false; side]; layout.units.len()];
        for cell in 0..cells {
            let v = givens[cell] as usize;
            if v == 0 {
                continue;
            }
            for d in 0..side {
                open[cell * side + d] = false;
            }
            for &u in &layout.units_of[cell] {
                infeasible |= std::mem::replace(&mut placed[u][v - 1], true);
            }
            for &p in &layout.peers[cell] {
                open[p * side + v - 1] = false;
            }
        }
        for &(cell, d) in excluded {
            open[cell * side + d] = false;
        }
        let mut index = vec![NONE; cells * side];
        let mut vars = Vec::new();
        for (k, _) in open.iter().enumerate().filter(|(_, o)| **o) {
            index[k] = vars.len() as u32;
            vars.push((k / side, k % side));
        }
        let mut constraints = Vec::new();
        for cell in (0..cells).filter(|&c| givens[c] == 0) {
            let xs: Vec<u32> = (0..side)
                .map(|d| index[cell * side + d])
                .filter(|&x| x != NONE)
                .collect();
            constraints.push((Family::Cell { cell }, xs));
        }
        for (u, unit) in layout.units.iter().enumerate() {
            for d in (0..side).filter(|&d| !placed[u][d]) {
                let xs: Vec<u32> = unit
                    .iter()
                    .map(|&c| index[c * side + d])
                    .filter(|&x| x != NONE)
                    .collect();
                let family = match u / side {
                    0 => Family::Row { row: u, d },
                    1 => Family::Column { col: u - side, d },
                    _ => Family::Box {
                        index: u - 2 * side,
                        d,
                    },
                };
                constraints.push((family, xs));
            }
        }
        infeasible |= constraints.iter().any(|(_, xs)| xs.is_empty());
        let mut objective = Vec::new();
        let mut objective_constant = 0;
        for &(p, d) in query.forbidden {
            let k = p.index(size) * side + d.index();
            if givens[k / side] == d.get() {
                objective_constant += 1;
            } else if index[k] != NONE && !objective.contains(&index[k]) {
                objective.push(index[k]);
            }
        }
        Model {
            size,
            vars,
            constraints,
            objective,
            objective_constant,
            givens,
            infeasible,
        }
    }

    pub(super) fn var_name(&self, x: u32) -> String {
        let (cell, d) = self.vars[x as usize];
        let p = Pos::from_index(cell, self.size);
        format!("x_{}_{}_{}", p.row + 1, p.col + 1, d + 1)
    }
}
