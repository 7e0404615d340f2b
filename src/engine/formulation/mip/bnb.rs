//! Depth-first branch and bound over the LP relaxation ([`super::lp`]), one LP for the whole
//! search, with conflict learning ([`super::learn`]).
//!
//! The root LP is built over the variables presolve left open; the root is then matched, probed
//! and its LP solved. A node is its propagation state ([`super::domain`]): the decision, what
//! the rows, the clauses and the all-different views ([`super::hall`]) imply and what probing
//! finds are applied first, which closes the node without an LP when a row, a clause or a view
//! has no way left; otherwise the LP's bounds are set to
//! the node's fixings and the dual simplex re-optimises from the basis the previous node left.
//! A node whose LP is integral on its open variables is a solution. Otherwise it branches, 1
//! first, on an open variable of a row with the fewest open variables ([`super::branch`]). The
//! rule is not limited to the LP's fractional variables, nor are ties broken by LP value: both
//! steer the search into far larger subtrees on the minimal 25x25 puzzles.
//!
//! That child is opened and settled before the node's own LP is solved, as the rule needs no
//! LP value. When the child's probing refutes it (a failed literal two probes deep: most
//! 1-branches on the minimal 25x25 puzzles), the clause learnt asserts a literal at the node's
//! level or above, so the node's state changes before any LP is solved for it; a node solves
//! its LP once its first child stands (or no row is left to branch on), and a child whose
//! node's LP closes or is integral is left again.
//!
//! There is no explicit 0-branch: a node that closes (by propagation, an infeasible LP or its
//! bound, which rest on the node's decisions) is a conflict; the clause learnt from it sends
//! the search back to the level where it asserts its literal, whose node then starts from the
//! basis that level's LP left (or the last one before it).

use super::branch;
use super::domain::{Conflict, Probes, Rows, State, lit};
use super::hall::Views;
use super::learn::{Added, Learn, Reason};
use super::lp::{Lp, Status};
use super::model::{Model, NONE};
use super::stats::MipStats;
use crate::engine::formulation::SolveError;
use crate::engine::search::{Cancel, Halt, Limits};

mod root;

/// Distance from an integer within which an LP value counts as integral.
const INTEGRAL: f64 = 1e-6;

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

/// A decision level left for a deeper one: its node's state and an LP basis to restart from
/// (the node's optimal one once its LP is solved, until then the last one solved before).
struct Frame {
    state: State,
    basis: Vec<u32>,
}

/// The node being looked at: its state, whether the LP holds its optimum, and the conflict
/// that closed it if one did.
struct Node {
    state: State,
    solved: bool,
    conflict: Option<Vec<u32>>,
}

/// How a node's LP ended.
enum NodeLp {
    Optimal,
    Infeasible,
    Cancelled,
}

/// The search over one model, kept across the optimisations of an enumeration.
pub(super) struct Tree<'m> {
    m: &'m Model,
    rows: Rows,
    /// The rows' all-different views, matched at every node before probing.
    views: Views,
    root_state: State,
    /// The probes of the node being looked at and its ancestors.
    probes: Probes,
    /// LP column of each model variable presolve left open, `NONE` for the others.
    column: Vec<u32>,
    /// Model variable of each column.
    column_var: Vec<u32>,
    /// The LP with the cuts so far; `None` when presolve left no column.
    lp: Option<Lp>,
    root_bound: u64,
    in_objective: Vec<bool>,
    /// The search left off here: the levels above the root's, the node to look at next (or
    /// the node of the last optimum returned, which may hold other solutions), and the trail
    /// and clauses.
    frames: Vec<Frame>,
    current: Option<Node>,
    started: bool,
    learn: Learn,
    /// Forbidden pairs presolve fixed at 1: they have no column, so the LP leaves them out.
    fixed_cost: u64,
    /// No solution is left: a conflict at the root, or no point meets the cuts.
    done: bool,
    /// The levels up to this one are the tree's own root: the parts beside their decisions were
    /// handed away ([`Tree::give_away`]), so a conflict that rests on them ends the search and
    /// no jump goes back above it.
    floor: usize,
    /// Raised to make the search stop at the next node, resumably, so that part of it can be
    /// handed away.
    pause: Option<Cancel>,
    pub(super) stats: MipStats,
}

impl<'m> Tree<'m> {
    fn lp(&self) -> &Lp {
        self.lp
            .as_ref()
            .expect("a node LP exists only with columns")
    }

    /// Sets the LP's bounds to the node's fixings and re-optimises.
    fn solve_node(&mut self, state: &State, limits: &Limits) -> Result<NodeLp, SolveError> {
        let lp = self
            .lp
            .as_mut()
            .expect("a node LP exists only with columns");
        for (c, &x) in self.column_var.iter().enumerate() {
            let (lower, upper) = match state.fixed(x) {
                Some(true) => (1.0, 1.0),
                Some(false) => (0.0, 0.0),
                None => (0.0, 1.0),
            };
            lp.set_bounds(c as u32, lower, upper);
        }
        let before = lp.iterations();
        let status = lp.solve(limits.cancel.as_ref());
        self.stats.lp_solves += 1;
        self.stats.lp_pruned += u64::from(matches!(status, Status::Infeasible));
        self.stats.simplex_iterations += lp.iterations() - before;
        match status {
            Status::Optimal => Ok(NodeLp::Optimal),
            Status::Infeasible => Ok(NodeLp::Infeasible),
            Status::Cancelled => Ok(NodeLp::Cancelled),
            Status::Stalled => Err(SolveError::Mip(
                "the LP relaxation reached its iteration limit".into(),
            )),
        }
    }

    /// Least forbidden pairs used by a solution in the node whose LP was solved last, rounded
    /// up: a bound, as every solution uses a whole number of them.
    fn bound(&self) -> u64 {
        let lp_part = (self.lp().lower_bound() - INTEGRAL).ceil().max(0.0) as u64;
        self.m.objective_constant + self.fixed_cost + lp_part
    }

    /// Whether the LP solved last is fractional on the node's open variables.
    fn fractional(&self, state: &State) -> bool {
        let lp = self.lp();
        self.column_var.iter().enumerate().any(|(c, &x)| {
            let v = lp.value(c as u32);
            state.fixed(x).is_none() && v > INTEGRAL && v < 1.0 - INTEGRAL
        })
    }

    /// Per the rule in the module doc; `None` when the LP is integral on the open variables.
    fn branch_variable(&self, state: &State) -> Option<u32> {
        if !self.fractional(state) {
            return None;
        }
        branch::choose(&self.rows, state, &self.probes, &self.learn)
    }

    /// Opens the level below `state` with `x` at 1: the child, with its decision's conflict if any.
    fn open_child(&mut self, state: State, x: u32) -> Node {
        self.frames.push(Frame {
            state: state.clone(),
            basis: self.lp().basis(),
        });
        self.learn.open_level();
        self.stats.nodes += 1;
        let mut child = state;
        let fixed = child.decide(&self.rows, x, true);
        self.learn.record(&mut child, None);
        let conflict = fixed.err().map(|_| child.conflict_literals(&self.rows));
        Node {
            state: child,
            solved: false,
            conflict,
        }
    }

    /// The 1-branch on `x` below the node `state`, opened and settled before the node's own
    /// LP is solved: with a conflict when that closes it, a failed literal two probes deep,
    /// whose clause changes the node (or a node above it) before any LP is solved for it.
    fn try_child(&mut self, state: &State, x: u32, limits: &Limits) -> Node {
        let mut child = self.open_child(state.clone(), x);
        if child.conflict.is_none()
            && let Err(c) = self.settle(&mut child.state, limits)
        {
            self.stats.propagation_pruned += 1;
            child.conflict = Some(c);
        }
        child
    }

    /// Back to `state` from the child [`Tree::try_child`] opened, as `state`'s LP needs none.
    fn leave_child(&mut self, state: &State) {
        let level = self.learn.depth() - 1;
        self.frames.truncate(level);
        self.learn.backjump(level);
        self.probes.retreat(state.clock());
        self.views.retreat(state.clock());
    }

    /// The model variables at 1 in an integral node, and the forbidden pairs they use.
    fn read(&self, state: &State) -> (u64, Vec<u32>) {
        let ones: Vec<u32> = (0..self.m.vars.len() as u32)
            .filter(|&x| match state.fixed(x) {
                Some(one) => one,
                None => {
                    let c = self.column[x as usize];
                    c != NONE && self.lp().value(c) > 0.5
                }
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
        } else if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled)
            || self.pause.as_ref().is_some_and(Cancel::is_cancelled)
        {
            Some(Halt::Cancelled)
        } else {
            None
        }
    }

    /// Matches the views ([`Views::apply`]), then probes until the cancel flag is raised,
    /// counting their fixings; `Err` with the conflict's literals closes the node.
    fn infer(&mut self, state: &mut State, limits: &Limits) -> Result<(), Vec<u32>> {
        let (propagated, probed, probes) = (state.propagated, state.probed, state.probes);
        let matched = self.views.fixed;
        let cancel = limits.cancel.as_ref();
        let mut result = self.views.apply(&self.rows, state);
        if result.is_ok() {
            let stop = &mut || cancel.is_some_and(Cancel::is_cancelled);
            result = (state.probe(&self.rows, &mut self.probes, stop))
                .map_err(|Conflict| state.conflict_literals(&self.rows));
        }
        self.stats.propagation_fixed += state.propagated - propagated;
        self.stats.probing_fixed += state.probed - probed;
        self.stats.probes += state.probes - probes;
        self.stats.matching_fixed += self.views.fixed - matched;
        result
    }

    /// Applies the clauses, the views and probing to a node until they fix no more; `Ok(true)`
    /// when they fixed something, `Err` with the conflict's literals when they close the node.
    fn settle(&mut self, state: &mut State, limits: &Limits) -> Result<bool, Vec<u32>> {
        let start = self.learn.trail_len();
        loop {
            let units = self.learn.units;
            let propagated = self.learn.propagate(&self.rows, state);
            self.stats.clause_fixed += self.learn.units - units;
            propagated?;
            let before = self.learn.trail_len();
            let inferred = self.infer(state, limits);
            self.learn.record(state, None);
            inferred?;
            if self.learn.trail_len() == before {
                return Ok(before > start);
            }
        }
    }

    /// Back to the node of `level`, with the LP basis it was left with.
    fn backjump(&mut self, level: usize) -> State {
        let frame = self
            .frames
            .drain(level..)
            .next()
            .expect("a frame per level");
        self.learn.backjump(level);
        self.probes.retreat(frame.state.clock());
        self.views.retreat(frame.state.clock());
        self.lp.as_mut().expect("a node LP").set_basis(&frame.basis);
        frame.state
    }

    /// `literal` fixed at the current level for clause `c`, a new node.
    fn assert(&mut self, mut state: State, literal: u32, c: u32) -> Node {
        self.stats.nodes += 1;
        let fixed = state.decide(&self.rows, literal >> 1, literal & 1 == 1);
        self.learn
            .record(&mut state, Some((literal >> 1, Reason::Clause(c))));
        let conflict = fixed.err().map(|_| state.conflict_literals(&self.rows));
        Node {
            state,
            solved: false,
            conflict,
        }
    }

    /// Learns from a conflict and jumps back to the node where the clause learnt asserts its
    /// literal; `None` when the conflict rests on the root alone.
    fn resolve(&mut self, mut state: State, conflict: &[u32]) -> Option<Node> {
        let level = self.learn.highest(conflict);
        if level <= self.floor {
            return None;
        }
        if level < self.learn.depth() {
            state = self.backjump(level);
        }
        let (clause, back) = self.learn.analyse(&self.rows, &state, conflict);
        let back = back.max(self.floor);
        self.stats.learnt_clauses = self.learn.learnt;
        self.stats.learnt_literals = self.learn.learnt_literals;
        self.stats.levels_skipped += (self.learn.depth() - 1 - back) as u64;
        let state = self.backjump(back);
        let literal = clause[0];
        let c = self.learn.attach(clause);
        Some(self.assert(state, literal, c))
    }

    /// The least number of forbidden pairs a solution meeting the cuts uses, proven; with a
    /// `cutoff`, nodes that must use more are pruned (and an optimum above it is never
    /// returned). A later call goes on from where this one left off, which is sound for the
    /// two callers: enumeration prunes at cutoff 0, where every solution is an optimum, and
    /// the objective test stops at its first optimum. A node the LP or the bound closes is a
    /// conflict on its decisions.
    pub(super) fn optimise(
        &mut self,
        limits: &Limits,
        cutoff: Option<u64>,
    ) -> Result<Outcome, SolveError> {
        if self.done {
            return Ok(Outcome::Exhausted);
        }
        let over = |bound: u64, best: &Option<(u64, Vec<u32>)>| {
            cutoff.is_some_and(|c| bound > c) || best.as_ref().is_some_and(|(u, _)| bound >= *u)
        };
        if self.lp.is_none() {
            if let Some(halt) = self.halt(limits) {
                return Ok(Outcome::Halted(halt));
            }
            // Presolve decided every variable: one solution at most.
            self.done = true;
            self.stats.nodes += 1;
            let (used, ones) = self.read(&self.root_state);
            return Ok(if over(used, &None) {
                Outcome::Exhausted
            } else {
                Outcome::Optimum { used, ones }
            });
        }
        if !std::mem::replace(&mut self.started, true) {
            self.stats.nodes += 1;
            self.current = Some(Node {
                state: self.root_state.clone(),
                solved: true,
                conflict: None,
            });
        }
        let mut best: Option<(u64, Vec<u32>)> = None;
        loop {
            let mut node = self.current.take().expect("a node to look at");
            if let Some(halt) = self.halt(limits) {
                self.current = Some(node);
                return Ok(Outcome::Halted(halt));
            }
            let mut conflict = node.conflict.take();
            // The child tried before this node's LP, which its probing did not refute.
            let mut child = None;
            if conflict.is_none() {
                match self.settle(&mut node.state, limits) {
                    Err(c) => {
                        self.stats.propagation_pruned += 1;
                        conflict = Some(c);
                    }
                    Ok(changed) if changed || !node.solved => {
                        if let Some(x) =
                            branch::choose(&self.rows, &node.state, &self.probes, &self.learn)
                        {
                            let tried = self.try_child(&node.state, x, limits);
                            if let Some(c) = tried.conflict {
                                self.stats.lp_skipped += 1;
                                match self.resolve(tried.state, &c) {
                                    Some(next) => self.current = Some(next),
                                    None => break,
                                }
                                continue;
                            }
                            child = Some(tried.state);
                        }
                        let lp = self.solve_node(&node.state, limits)?;
                        let branches = matches!(lp, NodeLp::Optimal)
                            && !over(self.bound(), &best)
                            && self.fractional(&node.state);
                        if child.is_some() && !branches {
                            self.leave_child(&node.state);
                            child = None;
                        }
                        match lp {
                            NodeLp::Optimal => node.solved = true,
                            NodeLp::Infeasible => {
                                conflict = Some(self.learn.decisions(&node.state))
                            }
                            NodeLp::Cancelled => {
                                node.solved = false;
                                self.current = Some(node);
                                return Ok(Outcome::Halted(Halt::Cancelled));
                            }
                        }
                    }
                    Ok(_) => {}
                }
            }
            if let Some(state) = child {
                // The node's LP is solved and fractional: its child goes on from its basis.
                let basis = self.lp().basis();
                self.frames.last_mut().expect("the child's frame").basis = basis;
                self.current = Some(Node {
                    state,
                    solved: false,
                    conflict: None,
                });
                continue;
            }
            if conflict.is_none() && over(self.bound(), &best) {
                conflict = Some(self.learn.decisions(&node.state));
            }
            if conflict.is_none() && self.branch_variable(&node.state).is_none() {
                let (used, ones) = self.read(&node.state);
                if used <= self.root_bound {
                    node.solved = true;
                    self.current = Some(node);
                    return Ok(Outcome::Optimum { used, ones });
                }
                best = Some((used, ones));
                conflict = Some(self.learn.decisions(&node.state));
            }
            if let Some(c) = conflict {
                match self.resolve(node.state, &c) {
                    Some(next) => self.current = Some(next),
                    None => break,
                }
                continue;
            }
            // A node whose LP was solved before (the root, or where a solution was found):
            // its child is looked at as any other node.
            let x = self
                .branch_variable(&node.state)
                .expect("a fractional node");
            self.current = Some(self.open_child(node.state, x));
        }
        self.done = true;
        Ok(match best {
            Some((used, ones)) => Outcome::Optimum { used, ones },
            None => Outcome::Exhausted,
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// Sets the flag that stops the search at its next node ([`Outcome::Halted`], resumable).
    pub(super) fn set_pause(&mut self, pause: Option<Cancel>) {
        self.pause = pause;
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// Hands away the part of the search beside the decision just above the floor, while the
    /// search is stopped between nodes: the floor level's fixings (the variables at 1 and at 0)
    /// and that decision (its variable, set to 1); the tree keeps the decision's subtree and
    /// the floor moves up to it. `None` when no decision stands above the floor. The part
    /// handed away leaves out what the clauses prune, so it may hold solutions this tree
    /// has already returned, but no other solution this tree has ruled out.
    pub(super) fn give_away(&mut self) -> Option<(Vec<u32>, Vec<u32>, u32)> {
        if self.done || self.learn.depth() <= self.floor {
            return None;
        }
        let x = self.learn.decided_above(self.floor);
        let state = &self.frames[self.floor].state;
        let (ones, zeros): (Vec<u32>, Vec<u32>) = (0..self.m.vars.len() as u32)
            .filter(|&y| state.fixed(y).is_some())
            .partition(|&y| state.fixed(y) == Some(true));
        self.floor += 1;
        Some((ones, zeros, x))
    }

    /// Every clause the search stored: the no-goods and the clauses learnt.
    #[cfg(test)]
    pub(super) fn clauses(&self) -> &[Vec<u32>] {
        self.learn.clauses()
    }

    /// Excludes the solution last returned from later optimisations: the no-good cut "not all
    /// of its open variables at 1", a row of the one LP (valid everywhere, as it removes only
    /// that solution) and a clause of the search; the search goes on from the node the
    /// solution came from.
    pub(super) fn exclude(&mut self, ones: &[u32]) {
        let terms: Vec<u32> = ones
            .iter()
            .map(|&x| self.column[x as usize])
            .filter(|&c| c != NONE)
            .collect();
        let Some(mut node) = self.current.take() else {
            return;
        };
        if terms.is_empty() {
            self.done = true;
            return;
        }
        let lp = self.lp.as_mut().expect("open columns mean an LP");
        lp.add_at_most(&terms, terms.len() as f64 - 1.0);
        let literals: Vec<u32> = ones.iter().map(|&x| lit(x, false)).collect();
        node.solved = false;
        match self.learn.add(&node.state, &literals) {
            Added::Watched => {}
            Added::Unit(literal, c, level) => {
                let level = level.max(self.floor);
                if level < self.learn.depth() {
                    node.state = self.backjump(level);
                }
                node = self.assert(node.state, literal, c);
            }
            Added::Conflict(c) => node.conflict = Some(c),
            Added::Empty => self.done = true,
        }
        self.current = Some(node);
    }
}
