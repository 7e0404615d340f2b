//! MIP: a 0/1 integer program over `x[r,c,v]`, solved by a branch and bound of our own over
//! an LP relaxation of our own.
//!
//! Givens are substituted out rather than fixed by bounds: a given cell has no variables, and
//! its digit leaves its peers' variables and the unit constraints it satisfies. That model is
//! what is exported and counted in the stats. Forbidden pairs are not removed but minimised:
//! the objective is their sum, so an optimum of 0 is a solution that avoids them and an optimum
//! of 1 or more proves none exists (the generator's "is this clue implied?" question).
//!
//! The search ([`bnb`]) and its LP ([`lp`]) are ours. The LP is a bounded dual simplex written
//! for this model (0/1 columns, rows "exactly one of these", no-good rows "at most k"): every
//! variable is boxed, so after a branch's bound changes the last basis is still dual feasible
//! and the dual simplex re-optimises from it with no phase 1 and no copy of the LP per node.
//! microlp, used before, gave the same optima, but its LP was the search's bottleneck (a
//! general LU-based simplex re-solved through a copy of the parent's LP at every node); it is
//! kept only as the reference the LP is checked against in tests. Presolve and node
//! propagation ([`domain`]) use the rows' set-partitioning structure, and every node matches
//! the all-different views those rows form ([`hall`]); the node search learns clauses from the
//! nodes that close ([`learn`]).

mod bnb;
mod branch;
mod domain;
mod export;
mod factor;
#[cfg(test)]
mod factor_tests;
mod hall;
mod learn;
#[cfg(test)]
mod learn_tests;
mod lp;
#[cfg(test)]
mod lp_tests;
mod lu;
mod model;
#[cfg(not(target_arch = "wasm32"))]
pub mod split;
mod stats;

use super::{Query, SolveError, Stats};
use crate::engine::check::check_values;
use crate::engine::search::{Flow, Halt, Limits, Sink};
use bnb::{Outcome, Tree};
use model::Model;

pub(super) use export::lp_text;
pub use stats::MipStats;

/// Largest box size accepted: every size. The root LP has one column per `(cell, digit)`
/// presolve leaves open, at most 117,649 for an empty 49x49 grid.
pub(super) const MAX_BOX: usize = 7;

/// The answer of the objective test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimum {
    /// The least number of forbidden pairs any solution uses, and a solution using that many.
    Value { used: u64, solution: Vec<u8> },
    /// No solution, even with the forbidden pairs allowed.
    Infeasible,
    /// A limit or the cancel flag stopped the proof.
    Stopped(Halt),
}

/// Minimises how many of `query.forbidden` a solution must use, ignoring them as restrictions.
/// An optimum of 0 means a solution avoids them all; for one forbidden clue, 1 means the clue
/// is implied by the others.
pub fn minimise_forbidden(query: &Query, limits: &Limits) -> Result<(Optimum, Stats), SolveError> {
    query.validate()?;
    let mut best = None;
    let mut invalid = None;
    let (stats, _) = enumerate(query, limits, None, &mut |v: u64, values: &[u8]| {
        // The pairs are allowed here, so only the grid and its digits are checked.
        match check_values(query.grid, &[], values) {
            Ok(()) => best = Some((v, values.to_vec())),
            Err(e) => invalid = Some(e),
        }
        Flow::Stop
    })?;
    if let Some(error) = invalid {
        return Err(SolveError::InvalidSolution {
            formulation: super::Formulation::Mip,
            error,
        });
    }
    let optimum = match (best, stats.halt) {
        (Some((used, solution)), _) => Optimum::Value { used, solution },
        (None, Some(Halt::Exhausted) | None) => Optimum::Infeasible,
        (None, Some(halt)) => Optimum::Stopped(halt),
    };
    Ok((optimum, stats))
}

pub(super) fn run(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> Result<Stats, SolveError> {
    run_detailed(query, limits, sink).map(|(stats, _)| stats)
}

/// Feeds each solution that avoids the forbidden pairs to `sink`, with the branch and bound's
/// own counters beside the common ones. After each solution a no-good cut (its chosen
/// variables sum to at most their count less one) excludes it, added to the LP of the node
/// that found it, and the depth-first search goes on from there. `limits.max_nodes` caps
/// branch-and-bound nodes over the whole run.
pub fn run_detailed(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> Result<(Stats, MipStats), SolveError> {
    // Only solutions using no forbidden pair are wanted: prune nodes that must use one.
    enumerate(query, limits, Some(0), &mut |v: u64, values: &[u8]| {
        if v > 0 {
            Flow::Stop
        } else {
            sink.solution(values)
        }
    })
}

/// The solve loop shared by [`run`] and [`minimise_forbidden`]: `found` sees each optimum
/// (forbidden pairs used) with its solution. A positive optimum ends the search as
/// exhausted: no solution avoiding the pairs is left.
fn enumerate(
    query: &Query,
    limits: &Limits,
    cutoff: Option<u64>,
    found: &mut dyn FnMut(u64, &[u8]) -> Flow,
) -> Result<(Stats, MipStats), SolveError> {
    let m = Model::new(query);
    let tree = Tree::new(&m, limits)?;
    let (halt, mip) = search(&m, tree, limits, cutoff, found)?;
    Ok((stats_of(&m, &mip, halt), mip))
}

/// [`enumerate`]'s loop over a tree already built (its root presolved, probed and solved).
fn search(
    m: &Model,
    mut tree: Tree,
    limits: &Limits,
    cutoff: Option<u64>,
    found: &mut dyn FnMut(u64, &[u8]) -> Flow,
) -> Result<(Halt, MipStats), SolveError> {
    let mut values = m.givens.clone();
    let halt = loop {
        let (used, ones) = match tree.optimise(limits, cutoff)? {
            Outcome::Exhausted => break Halt::Exhausted,
            Outcome::Halted(halt) => break halt,
            Outcome::Optimum { used, ones } => (used, ones),
        };
        values.copy_from_slice(&m.givens);
        for &x in &ones {
            let (cell, d) = m.vars[x as usize];
            values[cell] = (d + 1) as u8;
        }
        let flow = found(used, &values);
        if used > 0 {
            break Halt::Exhausted;
        }
        if flow == Flow::Stop {
            break Halt::Sink;
        }
        tree.exclude(&ones);
    };
    Ok((halt, tree.stats))
}

/// The common statistics of a run over model `m`.
fn stats_of(m: &Model, mip: &MipStats, halt: Halt) -> Stats {
    Stats {
        variables: Some(m.vars.len() as u64),
        constraints: Some(m.constraints.len() as u64),
        nodes: Some(mip.nodes),
        lp_iterations: Some(mip.simplex_iterations),
        solver_calls: Some(mip.lp_solves),
        halt: Some(halt),
        ..Stats::default()
    }
}
