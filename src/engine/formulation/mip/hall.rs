//! All-different inference at the nodes: the model's four row families pair up into
//! bipartite views whose perfect matchings are the assignments of one unit or one digit, and a
//! variable no perfect matching of its view uses is fixed at 0 (the rule of
//! [`crate::engine::alldiff`]: naked and hidden subsets of every size in a unit, and for one
//! digit the fish of every size over rows and columns).
//!
//! A unit's view pairs its cells' rows (each cell one digit) with its digits' rows (each
//! digit once in the unit); a digit's view pairs its rows in the grid's rows with those in the
//! grid's columns. A variable is in one row of each side, so it is an edge of the view. Rows
//! with a variable at 1 leave the view with their partner, as do the edges fixed at 0.
//!
//! The reason of a fixing is its Hall set: the smallest set of one side's rows the other side's
//! rows matched to them must take among themselves; those rows' edges out of the set are at 0,
//! and those literals are the reason. They suffice because every row is "exactly one": with
//! those edges at 0, the matched rows, as many as the set, must each take one of the set's
//! rows, which fills them all, so no other row can take one. A view with no perfect matching
//! closes the node, for the edges at 0 out of a deficient set's neighbourhood.

use super::domain::{Conflict, ProbeReason, Rows, State, lit};
use super::model::{Family, Model, NONE};
use crate::engine::alldiff::{AllDiff, Pruned};

mod probe;

/// One bipartite view: its rows on each side, and the variable joining each pair of them.
struct View {
    left: Vec<u32>,
    right: Vec<u32>,
    /// `edge[i * right.len() + j]`: the variable in rows `left[i]` and `right[j]`, or `NONE`.
    edge: Vec<u32>,
}

/// The views of a model, and scratch for one pass over them.
pub(super) struct Views {
    views: Vec<View>,
    /// A perfect matching of each view, kept for the probes ([`probe`]).
    matchings: probe::Matchings,
    /// The state's clock when each view was last matched and ruled nothing out (0: not so):
    /// while none of its rows has changed since, matching it again would rule nothing out
    /// either, so it is skipped. Valid along the path it was set on (see [`Views::retreat`]).
    at: Vec<u64>,
    alldiff: AllDiff,
    /// Variables fixed at 0 by the views.
    pub(super) fixed: u64,
}

impl Views {
    /// Each unit's cells against its digits, and each digit's grid rows against its columns;
    /// probes are put to them when the environment says so ([`probe::switch`]).
    pub(super) fn new(m: &Model) -> Views {
        let (on, every) = probe::switch();
        let mut views = Views::build(m, on);
        views.matchings.every = every;
        views
    }

    /// The views, put to probes when `probing`.
    fn build(m: &Model, probing: bool) -> Views {
        let side = m.size.side();
        let layout = m.size.layout();
        // The model row of each cell, and of each (unit, digit) and (digit, line).
        let mut cell_row = vec![NONE; side * side];
        let mut unit_row = vec![NONE; 3 * side * side];
        for (r, (family, _)) in m.constraints.iter().enumerate() {
            let r = r as u32;
            match *family {
                Family::Cell { cell } => cell_row[cell] = r,
                Family::Row { row, d } => unit_row[row * side + d] = r,
                Family::Column { col, d } => unit_row[(side + col) * side + d] = r,
                Family::Box { index, d } => unit_row[(2 * side + index) * side + d] = r,
            }
        }
        let mut var = vec![NONE; side * side * side];
        for (x, &(cell, d)) in m.vars.iter().enumerate() {
            var[cell * side + d] = x as u32;
        }
        let mut views = Vec::new();
        // Each row's place in the view being built (`NONE`: not in it).
        let mut slot = vec![NONE; m.constraints.len()];
        let mut push = |mut pairs: Vec<(u32, u32, u32)>| {
            pairs.retain(|&(l, r, _)| l != NONE && r != NONE);
            let (mut left, mut right) = (Vec::new(), Vec::new());
            for &(l, r, _) in &pairs {
                for (row, side) in [(l, &mut left), (r, &mut right)] {
                    if slot[row as usize] == NONE {
                        slot[row as usize] = side.len() as u32;
                        side.push(row);
                    }
                }
            }
            let mut edge = vec![NONE; left.len() * right.len()];
            for (l, r, x) in pairs {
                edge[(slot[l as usize] * right.len() as u32 + slot[r as usize]) as usize] = x;
            }
            for &row in left.iter().chain(&right) {
                slot[row as usize] = NONE;
            }
            if !left.is_empty() && left.len() == right.len() && left.len() <= 64 {
                views.push(View { left, right, edge });
            }
        };
        for (u, cells) in layout.units.iter().enumerate() {
            let mut pairs = Vec::new();
            for &cell in cells {
                for d in 0..side {
                    let x = var[cell * side + d];
                    if x != NONE {
                        pairs.push((cell_row[cell], unit_row[u * side + d], x));
                    }
                }
            }
            push(pairs);
        }
        for d in 0..side {
            let mut pairs = Vec::new();
            for cell in 0..side * side {
                let x = var[cell * side + d];
                if x != NONE {
                    let (row, col) = (cell / side, cell % side);
                    let (l, r) = (row * side + d, (side + col) * side + d);
                    pairs.push((unit_row[l], unit_row[r], x));
                }
            }
            push(pairs);
        }
        Views {
            at: vec![0; views.len()],
            matchings: probe::Matchings::new(&views, m.vars.len(), probing),
            views,
            alldiff: AllDiff::default(),
            fixed: 0,
        }
    }

    /// Keeps only the stamps of the ancestors of a state whose clock is `clock`, back to which
    /// the search has just gone (as [`super::domain::Probes::retreat`] does for probes).
    pub(super) fn retreat(&mut self, clock: u64) {
        for at in self.at.iter_mut().chain(&mut self.matchings.built) {
            if *at > clock {
                *at = 0;
            }
        }
    }

    /// Whether view `v` ruled nothing out when last matched and none of its rows has changed
    /// since: its variables and which of its rows hold a 1 are as they were.
    fn unchanged(&self, v: usize, state: &State) -> bool {
        let (at, view) = (self.at[v], &self.views[v]);
        at > 0 && (view.left.iter().chain(&view.right)).all(|&r| state.changed(r) <= at)
    }

    /// Passes over the views until one fixes nothing; `Err` with the conflict's literals
    /// (true, jointly impossible) when a view has no perfect matching or the rows meet a
    /// conflict.
    pub(super) fn apply(&mut self, rows: &Rows, state: &mut State) -> Result<(), Vec<u32>> {
        loop {
            let mut fixed = false;
            for v in 0..self.views.len() {
                if self.unchanged(v, state) {
                    continue;
                }
                let fixings = self.view(v, state)?;
                self.at[v] = if fixings.is_empty() { state.clock() } else { 0 };
                if !fixings.is_empty() {
                    self.fixed += fixings.len() as u64;
                    fixed = true;
                    if let Err(Conflict) = state.fix_zeros(rows, fixings) {
                        return Err(state.conflict_literals(rows));
                    }
                }
            }
            if !fixed {
                return Ok(());
            }
        }
    }

    /// The variables view `v` rules out, each with its reason.
    fn view(&mut self, v: usize, state: &State) -> Result<Vec<ProbeReason>, Vec<u32>> {
        let view = &self.views[v];
        let n = view.right.len();
        let active = |r: u32| !state.row_open(r).1;
        let left: Vec<usize> = (0..n).filter(|&i| active(view.left[i])).collect();
        let right: Vec<usize> = (0..n).filter(|&j| active(view.right[j])).collect();
        // The local digit of each active right row.
        let mut local = vec![u32::MAX; n];
        for (b, &j) in right.iter().enumerate() {
            local[j] = b as u32;
        }
        if left.is_empty() {
            return Ok(Vec::new());
        }
        let open = |i: usize, j: usize| {
            let x = view.edge[i * n + j];
            x != NONE && state.fixed(x).is_none()
        };
        let doms: Vec<u64> = left
            .iter()
            .map(|&i| {
                (0..right.len())
                    .filter(|&b| open(i, right[b]))
                    .fold(0, |m, b| m | 1 << b)
            })
            .collect();
        let mut pruned = doms.clone();
        // The edges at 0 of local cells `cells` out of local digits `digits`: all their
        // edges but the open ones into `digits`. Edges into rows that already hold a 1 (no
        // local digit) count as outside: they are at 0 only because of that 1, and without
        // them the reason would not keep the cells inside `digits`.
        let reason = |cells: u64, digits: u64| {
            let mut literals = Vec::new();
            for (a, &i) in left.iter().enumerate() {
                if cells >> a & 1 == 0 {
                    continue;
                }
                for (j, &x) in view.edge[i * n..(i + 1) * n].iter().enumerate() {
                    let inside = local[j] != u32::MAX && digits >> local[j] & 1 == 1;
                    if x != NONE && !inside && state.fixed(x) == Some(false) {
                        literals.push(lit(x, false));
                    }
                }
            }
            literals
        };
        match self.alldiff.prune(&mut pruned) {
            Pruned::Unchanged => Ok(Vec::new()),
            Pruned::Infeasible => {
                let cells = self.alldiff.deficient();
                let digits = (0..left.len())
                    .filter(|&a| cells >> a & 1 == 1)
                    .fold(0, |m, a| m | doms[a]);
                Err(reason(cells, digits))
            }
            Pruned::Narrowed => {
                let mut fixings = Vec::new();
                for (a, &i) in left.iter().enumerate() {
                    let mut removed = doms[a] & !pruned[a];
                    while removed != 0 {
                        let b = removed.trailing_zeros() as usize;
                        removed &= removed - 1;
                        let (digits, cells) = self.alldiff.hall(b);
                        let x = view.edge[i * n + right[b]];
                        fixings.push((x, reason(cells, digits)));
                    }
                }
                Ok(fixings)
            }
        }
    }
}

#[cfg(test)]
#[path = "hall_tests.rs"]
mod tests;
