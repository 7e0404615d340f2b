//! MIP: a 0/1 integer program over `x[r,c,v]` solved by microlp's branch and bound.
//!
//! Givens are substituted out rather than fixed by bounds: a given cell has no variables, and
//! its digit leaves its peers' variables and the unit constraints it satisfies. The model that
//! remains is what is solved, exported and counted in the stats. Forbidden pairs are not
//! removed but minimised: the objective is their sum, so an optimum of 0 is a solution that
//! avoids them and an optimum of 1 or more proves none exists (the generator's "is this clue
//! implied?" question).

use super::{Query, SolveError, Stats};
use crate::engine::check::check_values;
use crate::engine::grid::{Pos, Size};
use crate::engine::search::{Flow, Halt, Limits, Sink};
use microlp::{ComparisonOp, Error, OptimizationDirection, Problem, SolveOptions, SolveOutcome};
use std::fmt::Write;

/// Largest box size accepted. What limits microlp is the model left after the givens are
/// substituted out, not the box size: 16x16 puzzles and a 25x25 puzzle with few blanks solve
/// quickly, but empty 16x16 or 25x25 grids and minimal 25x25 puzzles did not finish within the
/// limit BENCHMARKS.md sets; 36x36 models are larger still, so they are refused.
pub(super) const MAX_BOX: usize = 5;

const NONE: u32 = u32::MAX;

/// Which family a constraint belongs to, for names in the LP export.
#[derive(Copy, Clone, Debug)]
enum Family {
    Cell { cell: usize },
    Row { row: usize, d: usize },
    Column { col: usize, d: usize },
    Box { index: usize, d: usize },
}

/// The reduced model: one binary per `(cell, digit)` the givens leave open, and equality
/// constraints `sum = 1` over them.
struct Model {
    size: Size,
    /// `(cell, digit index)` of each variable.
    vars: Vec<(usize, usize)>,
    /// Constraints as lists of variable indices, each meaning "exactly one of these".
    constraints: Vec<(Family, Vec<u32>)>,
    /// Variables in the objective (the forbidden pairs still open).
    objective: Vec<u32>,
    /// Forbidden pairs that a given already makes true: they add a constant to the optimum.
    objective_constant: u64,
    /// Digit values of the givens, 0 elsewhere.
    givens: Vec<u8>,
    /// The givens already contradict each other, or a constraint has no variable left.
    infeasible: bool,
}

impl Model {
    fn new(query: &Query) -> Model {
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

    fn var_name(&self, x: u32) -> String {
        let (cell, d) = self.vars[x as usize];
        let p = Pos::from_index(cell, self.size);
        format!("x_{}_{}_{}", p.row + 1, p.col + 1, d + 1)
    }

    /// The microlp problem: minimise the forbidden sum subject to the equalities.
    fn problem(&self) -> (Problem, Vec<microlp::Variable>) {
        let mut problem = Problem::new(OptimizationDirection::Minimize);
        let mut cost = vec![0.0; self.vars.len()];
        for &x in &self.objective {
            cost[x as usize] = 1.0;
        }
        let xs: Vec<_> = cost.iter().map(|&c| problem.add_binary_var(c)).collect();
        for (_, members) in &self.constraints {
            problem.add_constraint(
                members.iter().map(|&x| (xs[x as usize], 1.0)),
                ComparisonOp::Eq,
                1.0,
            );
        }
        (problem, xs)
    }
}

/// The model of a query in CPLEX LP format, as solved by [`run`] (givens substituted out;
/// the objective is the sum of the forbidden pairs, or empty without any). Givens that
/// leave a cell or a unit's digit no place become the one row `no_place_left: z_fixed = 2`.
pub(super) fn lp_text(query: &Query) -> String {
    let m = Model::new(query);
    let mut out = String::new();
    let _ = writeln!(out, "\\ sudoku-lab MIP model of a {} puzzle", m.size);
    let _ = writeln!(
        out,
        "\\ x_r_c_v = 1 when row r, column c (1-based) holds digit v; givens are substituted out"
    );
    if m.infeasible {
        out.push_str(
            "\\ the givens leave a cell, or a digit of a unit, no place: no solution, \
             written as one row no assignment meets\n",
        );
    } else {
        let _ = writeln!(
            out,
            "\\ {} variables, {} constraints",
            m.vars.len(),
            m.constraints.len()
        );
    }
    let sum = |out: &mut String, xs: &mut dyn Iterator<Item = String>| {
        for (i, name) in xs.enumerate() {
            if i > 0 {
                out.push_str(if i % 8 == 0 { "\n   + " } else { " + " });
            }
            out.push_str(&name);
        }
    };
    // Names avoid the words "inf" and "infinity" open with: LP readers take them as numbers.
    out.push_str("Minimize\n obj:");
    if !m.objective.is_empty() {
        out.push(' ');
        sum(&mut out, &mut m.objective.iter().map(|&x| m.var_name(x)));
    }
    // The constant part of the objective, and a model the givens already decide, go through
    // one placeholder variable so the file stays a plain LP.
    let placeholder = m.infeasible || m.vars.is_empty() || m.objective_constant > 0;
    if m.objective_constant > 0 {
        let _ = write!(out, " + {} z_fixed", m.objective_constant);
    }
    out.push_str("\nSubject To\n");
    if m.infeasible {
        out.push_str(" no_place_left: z_fixed = 2\n");
    } else if placeholder {
        out.push_str(" fixed_one: z_fixed = 1\n");
    }
    if !m.infeasible {
        for (family, members) in &m.constraints {
            let name = match *family {
                Family::Cell { cell } => {
                    let p = Pos::from_index(cell, m.size);
                    format!("cell_{}_{}", p.row + 1, p.col + 1)
                }
                Family::Row { row, d } => format!("row_{}_{}", row + 1, d + 1),
                Family::Column { col, d } => format!("col_{}_{}", col + 1, d + 1),
                Family::Box { index, d } => format!("box_{}_{}", index + 1, d + 1),
            };
            let _ = write!(out, " {name}: ");
            sum(&mut out, &mut members.iter().map(|&x| m.var_name(x)));
            out.push_str(" = 1\n");
        }
    }
    out.push_str("Binary\n");
    if placeholder {
        out.push_str(" z_fixed\n");
    }
    if !m.infeasible {
        for x in 0..m.vars.len() as u32 {
            let _ = writeln!(out, " {}", m.var_name(x));
        }
    }
    out.push_str("End\n");
    out
}

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
    if query.grid.size().box_size() > MAX_BOX {
        return Err(SolveError::TooLarge {
            formulation: super::Formulation::Mip,
            max_box: MAX_BOX,
        });
    }
    query.validate()?;
    let mut best = None;
    let mut invalid = None;
    let stats = enumerate(query, limits, &mut |v: u64, values: &[u8]| {
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

/// Feeds each solution that avoids the forbidden pairs to `sink`. Without forbidden pairs
/// this is a feasibility search; with them, every solve minimises their sum and stops at an
/// optimum above 0. After each solution a no-good cut (its chosen variables sum to at most
/// their count less one) excludes it. `limits.max_nodes` caps branch-and-bound nodes.
pub(super) fn run(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> Result<Stats, SolveError> {
    enumerate(query, limits, &mut |v: u64, values: &[u8]| {
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
    found: &mut dyn FnMut(u64, &[u8]) -> Flow,
) -> Result<Stats, SolveError> {
    let m = Model::new(query);
    let mut stats = Stats {
        variables: Some(m.vars.len() as u64),
        constraints: Some(m.constraints.len() as u64),
        nodes: Some(0),
        lp_iterations: Some(0),
        solver_calls: Some(0),
        ..Stats::default()
    };
    if m.infeasible {
        stats.halt = Some(Halt::Exhausted);
        return Ok(stats);
    }
    if m.vars.is_empty() {
        let flow = found(m.objective_constant, &m.givens);
        stats.halt = Some(if flow == Flow::Stop && m.objective_constant == 0 {
            Halt::Sink
        } else {
            Halt::Exhausted
        });
        return Ok(stats);
    }
    let (problem, xs) = m.problem();
    let mut options = SolveOptions::default();
    // Dual fixing may drop feasible points the objective does not prefer; enumeration needs
    // every one of them.
    options.dual_fixing = false;
    options.node_limit = limits.max_nodes;
    let mut values = m.givens.clone();
    let mut nodes = 0u64;
    let mut iterations = 0u64;
    let mut calls = 1u64;
    let mut outcome = problem.solve_with(options);
    let halt = loop {
        let solution = match outcome {
            Err(Error::Infeasible) => break Halt::Exhausted,
            Err(e) => return Err(SolveError::Mip(e.to_string())),
            Ok(SolveOutcome::Interrupted(i)) => {
                // Like a solution's, these accumulate over the edits.
                nodes = i.stats().nodes_solved;
                iterations = i.stats().lp_iterations;
                break Halt::NodeLimit;
            }
            Ok(SolveOutcome::Solution(s)) => s,
        };
        let s = solution.stats();
        // Stats of a solution accumulate over the edits that led to it.
        nodes = s.nodes_solved;
        iterations = s.lp_iterations;
        let optimal = solution.status() == microlp::SolutionStatus::Optimal;
        let chosen: Vec<u32> = (0..xs.len() as u32)
            .filter(|&x| solution.var_value(xs[x as usize]) > 0.5)
            .collect();
        values.copy_from_slice(&m.givens);
        for &x in &chosen {
            let (cell, d) = m.vars[x as usize];
            values[cell] = (d + 1) as u8;
        }
        let used = m.objective_constant
            + m.objective
                .iter()
                .filter(|&&x| chosen.binary_search(&x).is_ok())
                .count() as u64;
        if used > 0 && !optimal {
            break Halt::NodeLimit;
        }
        let flow = found(used, &values);
        if used > 0 {
            break Halt::Exhausted;
        }
        if flow == Flow::Stop {
            break Halt::Sink;
        }
        if limits.cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            break Halt::Cancelled;
        }
        let cut = chosen.len() as f64 - 1.0;
        calls += 1;
        outcome = solution.add_constraint(
            chosen.iter().map(|&x| (xs[x as usize], 1.0)),
            ComparisonOp::Le,
            cut,
        );
    };
    stats.nodes = Some(nodes);
    stats.lp_iterations = Some(iterations);
    stats.solver_calls = Some(calls);
    stats.halt = Some(halt);
    Ok(stats)
}
