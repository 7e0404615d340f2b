//! Depth-first branch and bound over the LP relaxation, each node's LP warm-started from its
//! parent's.
//!
//! The root LP is built over the variables presolve left open and solved once; a child clones
//! its parent's LP and fixes the branching variable, which microlp re-solves from the parent's
//! basis. Before that, propagation ([`super::domain`]) applies the decision to the rows and
//! closes the node without an LP when a row has no way left. Branching rule: among the
//! variables open in the node and fractional in its LP, the one whose tightest model row has
//! the fewest open variables (ties: the larger LP value, then the lower index), 1 first.

use super::domain::{Rows, State};
use super::model::{Model, NONE};
use crate::engine::formulation::SolveError;
use crate::engine::search::{Cancel, Halt, Limits};
use microlp::{
    ComparisonOp, Error, OptimizationDirection, Problem, Solution, SolveOutcome, Variable,
};

/// Distance from an integer within which an LP value counts as integral.
const INTEGRAL: f64 = 1e-6;

/// The branch and bound's effort, over every optimisation of one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MipStats {
    /// Branch-and-bound nodes, counting the root of each optimisation.
    pub nodes: u64,
    /// LP relaxations solved: one per node propagation left open, one per no-good cut.
    pub lp_solves: u64,
    /// Simplex iterations over all LP solves.
    pub simplex_iterations: u64,
    /// Variables fixed at the root before the LP is built.
    pub presolve_fixed: u64,
    /// Variables fixed by propagation at the nodes below the root.
    pub propagation_fixed: u64,
    /// Nodes propagation closed without solving their LP.
    pub propagation_pruned: u64,
    /// Whether the first root LP was integral (`None`: presolve left no LP to solve).
    pub root_integral: Option<bool>,
    /// Columns and rows of the root LP after presolve.
    pub lp_columns: u64,
    pub lp_rows: u64,
}

/// How one optimisation ended.
pub(super) enum Outcome {
    /// A proven optimum: forbidden pairs used, and the model variables at 1.
    Optimum {
        used: u64,
        ones: Vec<u32>,
    },
    Exhausted,
    Halted(Halt),
}

/// A 0-branch still to explore: its parent's LP, state and bound.
struct Pending {
    lp: Solution,
    state: State,
    x: u32,
    bound: u64,
}

/// The search over one model, kept across the optimisations of an enumeration.
pub(super) struct Tree<'m> {
    m: &'m Model,
    rows: Rows,
    root_state: State,
    /// LP column of each model variable presolve left open, `NONE` for the others.
    column: Vec<u32>,
    /// Model variable and LP variable of each column.
    column_var: Vec<u32>,
    lp_vars: Vec<Variable>,
    /// The root LP with the cuts so far; `None` when presolve left no column.
    root: Option<Solution>,
    in_objective: Vec<bool>,
    /// The search left off here: the 0-branches still to explore, the node to look at next,
    /// and the node of the last optimum returned (which may hold other solutions).
    stack: Vec<Pending>,
    current: Option<(Solution, State)>,
    leaf: Option<(Solution, State)>,
    started: bool,
    /// Forbidden pairs presolve fixed at 1: they have no column, so the LP leaves them out.
    fixed_cost: u64,
    /// No solution is left: a conflict at the root, or no point meets the cuts.
    done: bool,
    pub(super) stats: MipStats,
}

/// The LP solution of an outcome, `None` when infeasible.
fn settle(outcome: Result<SolveOutcome, Error>) -> Result<Option<Solution>, SolveError> {
    match outcome {
        Ok(SolveOutcome::Solution(s)) => Ok(Some(s)),
        Err(Error::Infeasible) => Ok(None),
        // No time or node limit is set on the LP, so it cannot be interrupted.
        Ok(SolveOutcome::Interrupted(_)) => Err(SolveError::Mip("the LP stopped early".into())),
        Err(e) => Err(SolveError::Mip(e.to_string())),
    }
}

impl<'m> Tree<'m> {
    /// Presolves the model and solves the root LP.
    pub(super) fn new(m: &'m Model) -> Result<Tree<'m>, SolveError> {
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
            root_state,
            column: vec![NONE; m.vars.len()],
            column_var: Vec::new(),
            lp_vars: Vec::new(),
            root: None,
            in_objective,
            stack: Vec::new(),
            current: None,
            leaf: None,
            started: false,
            fixed_cost: 0,
            done,
            stats: MipStats::default(),
        };
        if !done {
            tree.stats.presolve_fixed = std::mem::take(&mut tree.root_state.propagated);
            tree.build_root()?;
        }
        Ok(tree)
    }

    /// The LP over the open variables: each model row with open members, `= 1`.
    fn build_root(&mut self) -> Result<(), SolveError> {
        let mut problem = Problem::new(OptimizationDirection::Minimize);
        self.fixed_cost = self
            .m
            .objective
            .iter()
            .filter(|&&x| self.root_state.fixed(x) == Some(true))
            .count() as u64;
        for x in 0..self.m.vars.len() as u32 {
            if self.root_state.fixed(x).is_none() {
                self.column[x as usize] = self.column_var.len() as u32;
                self.column_var.push(x);
                let cost = if self.in_objective[x as usize] {
                    1.0
                } else {
                    0.0
                };
                self.lp_vars.push(problem.add_var(cost, (0.0, 1.0)));
            }
        }
        if self.column_var.is_empty() {
            return Ok(());
        }
        for (_, members) in &self.m.constraints {
            let open: Vec<(Variable, f64)> = members
                .iter()
                .filter(|&&x| self.column[x as usize] != NONE)
                .map(|&x| (self.lp_vars[self.column[x as usize] as usize], 1.0))
                .collect();
            if !open.is_empty() {
                problem.add_constraint(open, ComparisonOp::Eq, 1.0);
                self.stats.lp_rows += 1;
            }
        }
        self.stats.lp_columns = self.column_var.len() as u64;
        self.stats.lp_solves += 1;
        self.root = settle(problem.solve())?;
        match &self.root {
            Some(lp) => {
                self.stats.simplex_iterations += lp.stats().lp_iterations;
                let fractional = self.branch_variable(lp, &self.root_state).is_some();
                self.stats.root_integral = Some(!fractional);
            }
            None => self.done = true,
        }
        Ok(())
    }

    /// Least forbidden pairs used by a solution in this node's LP, rounded up: a bound, as
    /// every solution uses a whole number of them.
    fn bound(&self, lp: &Solution) -> u64 {
        let lp_part = (lp.objective() - INTEGRAL).ceil().max(0.0) as u64;
        self.m.objective_constant + self.fixed_cost + lp_part
    }

    /// Per the rule in the module doc; `None` when the LP is integral on the open variables.
    fn branch_variable(&self, lp: &Solution, state: &State) -> Option<u32> {
        let mut best: Option<(u32, f64, u32)> = None;
        for (c, &x) in self.column_var.iter().enumerate() {
            if state.fixed(x).is_some() {
                continue;
            }
            let v = lp.var_value(self.lp_vars[c]);
            if v <= INTEGRAL || v >= 1.0 - INTEGRAL {
                continue;
            }
            let tight = state.tightest_row(&self.rows, x);
            if best.is_none_or(|(t, bv, _)| tight < t || (tight == t && v > bv)) {
                best = Some((tight, v, x));
            }
        }
        best.map(|(_, _, x)| x)
    }

    /// The model variables at 1 in an integral node, and the forbidden pairs they use.
    fn read(&self, lp: Option<&Solution>, state: &State) -> (u64, Vec<u32>) {
        let ones: Vec<u32> = (0..self.m.vars.len() as u32)
            .filter(|&x| match (state.fixed(x), lp) {
                (Some(one), _) => one,
                (None, Some(lp)) => {
                    let c = self.column[x as usize];
                    c != NONE && lp.var_value(self.lp_vars[c as usize]) > 0.5
                }
                (None, None) => false,
            })
            .collect();
        let used = ones
            .iter()
            .filter(|&&x| self.in_objective[x as usize])
            .count() as u64;
        (self.m.objective_constant + used, ones)
    }

    fn halt(&self, limits: &Limits) -> Option<Halt> {
        if limits.max_nodes.is_some_and(|m| self.stats.nodes >= m) {
            Some(Halt::NodeLimit)
        } else if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            Some(Halt::Cancelled)
        } else {
            None
        }
    }

    /// The child of a node with `x` fixed: propagated, then its LP solved from the parent's.
    fn child(
        &mut self,
        lp: Solution,
        mut state: State,
        x: u32,
        one: bool,
    ) -> Result<Option<(Solution, State)>, SolveError> {
        self.stats.nodes += 1;
        let before = state.propagated;
        if state.decide(&self.rows, x, one).is_err() {
            self.stats.propagation_pruned += 1;
            return Ok(None);
        }
        self.stats.propagation_fixed += state.propagated - before;
        self.stats.lp_solves += 1;
        let iterations = lp.stats().lp_iterations;
        let var = self.lp_vars[self.column[x as usize] as usize];
        let child = settle(lp.fix_var(var, f64::from(u8::from(one))))?;
        Ok(child.map(|lp| {
            self.stats.simplex_iterations += lp.stats().lp_iterations.saturating_sub(iterations);
            (lp, state)
        }))
    }

    /// The least number of forbidden pairs a solution meeting the cuts uses, proven; with a
    /// `cutoff`, nodes that must use more are pruned (and an optimum above it is never
    /// returned). A later call goes on from where this one left off, which is sound for the
    /// two callers: enumeration prunes at cutoff 0, where every solution is an optimum, and
    /// the objective test stops at its first optimum.
    pub(super) fn optimise(
        &mut self,
        limits: &Limits,
        cutoff: Option<u64>,
    ) -> Result<Outcome, SolveError> {
        if self.done {
            return Ok(Outcome::Exhausted);
        }
        if let Some(halt) = self.halt(limits) {
            return Ok(Outcome::Halted(halt));
        }
        let over = |bound: u64, best: &Option<(u64, Vec<u32>)>| {
            cutoff.is_some_and(|c| bound > c) || best.as_ref().is_some_and(|(u, _)| bound >= *u)
        };
        let Some(root) = &self.root else {
            // Presolve decided every variable: one solution at most.
            self.done = true;
            self.stats.nodes += 1;
            let (used, ones) = self.read(None, &self.root_state);
            return Ok(if over(used, &None) {
                Outcome::Exhausted
            } else {
                Outcome::Optimum { used, ones }
            });
        };
        let root_bound = self.bound(root);
        if !std::mem::replace(&mut self.started, true) {
            self.stats.nodes += 1;
            self.current = Some((root.clone(), self.root_state.clone()));
        }
        let mut best: Option<(u64, Vec<u32>)> = None;
        loop {
            let (lp, state) = match self.current.take() {
                Some(node) => node,
                None => {
                    let Some(p) = self.stack.pop() else { break };
                    if over(p.bound, &best) {
                        continue;
                    }
                    if let Some(halt) = self.halt(limits) {
                        self.stack.push(p);
                        return Ok(Outcome::Halted(halt));
                    }
                    match self.child(p.lp, p.state, p.x, false)? {
                        Some(node) => node,
                        None => continue,
                    }
                }
            };
            let bound = self.bound(&lp);
            if over(bound, &best) {
                continue;
            }
            let Some(x) = self.branch_variable(&lp, &state) else {
                let (used, ones) = self.read(Some(&lp), &state);
                if used <= root_bound {
                    self.leaf = Some((lp, state));
                    return Ok(Outcome::Optimum { used, ones });
                }
                best = Some((used, ones));
                continue;
            };
            if let Some(halt) = self.halt(limits) {
                self.current = Some((lp, state));
                return Ok(Outcome::Halted(halt));
            }
            let child_lp = lp.clone();
            self.stack.push(Pending {
                lp,
                state: state.clone(),
                x,
                bound,
            });
            self.current = self.child(child_lp, state, x, true)?;
        }
        self.done = true;
        Ok(match best {
            Some((used, ones)) => Outcome::Optimum { used, ones },
            None => Outcome::Exhausted,
        })
    }

    /// Excludes the solution last returned from later optimisations: the no-good cut "not all
    /// of its open variables at 1", added to the LP of the node it came from. The nodes still
    /// pending hold other regions of the search, where the cut cannot bind.
    pub(super) fn exclude(&mut self, ones: &[u32]) -> Result<(), SolveError> {
        let terms: Vec<(Variable, f64)> = ones
            .iter()
            .filter(|&&x| self.column[x as usize] != NONE)
            .map(|&x| (self.lp_vars[self.column[x as usize] as usize], 1.0))
            .collect();
        let Some((lp, state)) = self.leaf.take() else {
            return Ok(());
        };
        if terms.is_empty() {
            return Ok(());
        }
        let room = terms.len() as f64 - 1.0;
        self.stats.lp_solves += 1;
        let iterations = lp.stats().lp_iterations;
        let cut = settle(lp.add_constraint(terms, ComparisonOp::Le, room))?;
        self.current = cut.map(|lp| {
            self.stats.simplex_iterations += lp.stats().lp_iterations.saturating_sub(iterations);
            (lp, state)
        });
        Ok(())
    }
}
