//! The root of the search: presolve, the root LP over the variables presolve left open, and
//! the root node's matching, probing and LP.

use super::{NodeLp, Tree};
use crate::engine::formulation::SolveError;
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::formulation::mip::branch;
use crate::engine::formulation::mip::domain::{Probes, Rows, State};
use crate::engine::formulation::mip::hall::Views;
use crate::engine::formulation::mip::learn::Learn;
use crate::engine::formulation::mip::lp::Lp;
use crate::engine::formulation::mip::model::{Model, NONE};
use crate::engine::formulation::mip::stats::MipStats;
use crate::engine::search::Limits;

impl<'m> Tree<'m> {
    /// Presolves the model and solves the root LP.
    pub(in crate::engine::formulation::mip) fn new(
        m: &'m Model,
        limits: &Limits,
    ) -> Result<Tree<'m>, SolveError> {
        Tree::with_root(m, limits, true)
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// Presolves the model and probes the root, without solving the root LP: all that
    /// [`Tree::root_split`] needs. Such a tree is not searched.
    pub(in crate::engine::formulation::mip) fn unsolved(
        m: &'m Model,
        limits: &Limits,
    ) -> Result<Tree<'m>, SolveError> {
        Tree::with_root(m, limits, false)
    }

    fn with_root(m: &'m Model, limits: &Limits, solve: bool) -> Result<Tree<'m>, SolveError> {
        let rows = Rows::new(
            m.vars.len(),
            m.constraints.iter().map(|(_, xs)| xs.as_slice()),
        );
        let mut root_state = State::new(&rows);
        let done = m.infeasible || root_state.presolve(&rows).is_err();
        let mut in_objective = vec![false; m.vars.len()];
        for &x in &m.objective {
            in_objective[x as usize] = true;
        }
        let mut tree = Tree {
            m,
            rows,
            views: Views::new(m),
            root_state,
            probes: Probes::default(),
            column: vec![NONE; m.vars.len()],
            column_var: Vec::new(),
            lp: None,
            root_bound: 0,
            in_objective,
            frames: Vec::new(),
            current: None,
            started: false,
            learn: Learn::new(m.vars.len()),
            fixed_cost: 0,
            done,
            floor: 0,
            pause: None,
            stats: MipStats::default(),
        };
        if !done {
            tree.stats.presolve_fixed = std::mem::take(&mut tree.root_state.propagated);
            tree.build_root(limits, solve)?;
        }
        Ok(tree)
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// The open model variables of the row the root branches on ([`branch::choose_row`]):
    /// every solution sets exactly one of them, so they split the search into disjoint parts
    /// that cover it. `None` when the root is decided (closed, no LP, or no row left open).
    pub(in crate::engine::formulation::mip) fn root_split(&self) -> Option<Vec<u32>> {
        if self.done || self.lp.is_none() {
            return None;
        }
        let r = branch::choose_row(&self.rows, &self.root_state, &self.probes, &self.learn)?;
        Some(branch::open_members(&self.rows, &self.root_state, r).collect())
    }

    /// The LP over the open variables: each model row with open members, `= 1`.
    fn build_root(&mut self, limits: &Limits, solve: bool) -> Result<(), SolveError> {
        self.fixed_cost = self
            .m
            .objective
            .iter()
            .filter(|&&x| self.root_state.fixed(x) == Some(true))
            .count() as u64;
        let mut cost = Vec::new();
        for x in 0..self.m.vars.len() as u32 {
            if self.root_state.fixed(x).is_none() {
                self.column[x as usize] = self.column_var.len() as u32;
                self.column_var.push(x);
                cost.push(if self.in_objective[x as usize] {
                    1.0
                } else {
                    0.0
                });
            }
        }
        if self.column_var.is_empty() {
            return Ok(());
        }
        let rows: Vec<Vec<u32>> = self
            .m
            .constraints
            .iter()
            .map(|(_, members)| {
                members
                    .iter()
                    .map(|&x| self.column[x as usize])
                    .filter(|&c| c != NONE)
                    .collect::<Vec<u32>>()
            })
            .filter(|open| !open.is_empty())
            .collect();
        self.stats.lp_rows = rows.len() as u64;
        self.stats.lp_columns = self.column_var.len() as u64;
        self.lp = Some(Lp::new(self.column_var.len(), rows, &cost));
        let mut root = self.root_state.clone();
        if self.infer(&mut root, limits).is_err() {
            self.done = true;
            return Ok(());
        }
        root.take_log();
        self.root_state = root.clone();
        if !solve {
            return Ok(());
        }
        let preferred: Vec<u32> = root
            .greedy(&self.rows)
            .into_iter()
            .map(|x| self.column[x as usize])
            .filter(|&c| c != NONE)
            .collect();
        self.lp.as_mut().expect("built above").prefer(&preferred);
        match self.solve_node(&root, limits)? {
            NodeLp::Optimal => {
                let fractional = self.branch_variable(&root).is_some();
                self.stats.root_integral = Some(!fractional);
                self.root_bound = self.bound();
            }
            NodeLp::Infeasible => self.done = true,
            // The first optimisation sees the flag and stops before the search.
            NodeLp::Cancelled => {}
        }
        Ok(())
    }
}
