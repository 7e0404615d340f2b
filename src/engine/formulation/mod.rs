//! The formulation registry: one enum, one entry point, one result type for every way of solving.

#[cfg(not(target_arch = "wasm32"))]
pub mod cubes;
mod error;
mod exact_cover;
pub mod mip;
pub mod propagation;
pub mod sat;

use super::check::check_values;
use super::grid::{Digit, Grid, Pos};
use super::search::{Cancel, Flow, Halt, Limits, Sink};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use error::{SolveError, Undecided};

/// A way of modelling and solving a puzzle. Adding one is a module and a variant here; the
/// conformance tests, benches, CLI and UI iterate [`Formulation::ALL`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Formulation {
    #[default]
    Propagation,
    ExactCover,
    Sat,
    Mip,
}

impl Formulation {
    pub const ALL: [Formulation; 4] = [
        Formulation::Propagation,
        Formulation::ExactCover,
        Formulation::Sat,
        Formulation::Mip,
    ];

    /// The name used on the command line and in saved state.
    pub fn id(self) -> &'static str {
        match self {
            Formulation::Propagation => "propagation",
            Formulation::ExactCover => "exact-cover",
            Formulation::Sat => "sat",
            Formulation::Mip => "mip",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Formulation::Propagation => "Propagation",
            Formulation::ExactCover => "Exact cover",
            Formulation::Sat => "SAT",
            Formulation::Mip => "MIP",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Formulation::Propagation => {
                "All-different propagation (naked and hidden singles, box/line interactions (on 9x9 the row/box matching of each band and stack), from 25x25 on also the all-different matching rule), branching on the fewest alternatives"
            }
            Formulation::ExactCover => {
                "Algorithm X with dancing links over (cell, digit) rows and 4 constraint columns per unit"
            }
            Formulation::Sat => {
                "CNF over x[r,c,v] solved by the varisat CDCL solver, blocking clauses to enumerate"
            }
            Formulation::Mip => {
                "0/1 integer program of x[r,c,v]: our branch and bound over our own dual-simplex LP relaxation, with row propagation at every node and no-good cuts to enumerate"
            }
        }
    }

    pub fn from_id(id: &str) -> Option<Formulation> {
        Formulation::ALL.into_iter().find(|f| f.id() == id)
    }

    /// Largest box size this formulation accepts; beyond it, measured run times or memory make
    /// it impractical (see BENCHMARKS.md), so it answers with [`SolveError::TooLarge`].
    pub fn max_box(self) -> usize {
        match self {
            Formulation::Propagation => usize::from(crate::engine::grid::MAX_BOX),
            Formulation::ExactCover => exact_cover::MAX_BOX,
            Formulation::Sat => sat::MAX_BOX,
            Formulation::Mip => mip::MAX_BOX,
        }
    }

    /// Feeds every solution of `query` to `sink` until the sink stops, a limit is hit or the
    /// space is exhausted.
    pub fn run(
        self,
        query: &Query,
        limits: &Limits,
        sink: &mut dyn Sink,
    ) -> Result<Stats, SolveError> {
        let size = query.grid.size();
        if size.box_size() > self.max_box() {
            return Err(SolveError::TooLarge {
                formulation: self,
                max_box: self.max_box(),
            });
        }
        query.validate()?;
        // Every solution passes the independent checker on its way to the caller, so a solver
        // bug shows as an error, never as a wrong answer.
        let mut invalid = None;
        let mut checked = |values: &[u8]| match check_values(query.grid, query.forbidden, values) {
            Ok(()) => sink.solution(values),
            Err(e) => {
                invalid = Some(e);
                Flow::Stop
            }
        };
        let stats = match self {
            Formulation::Propagation => Ok(propagation::run(query, limits, &mut checked)),
            Formulation::ExactCover => Ok(exact_cover::run(query, limits, &mut checked)),
            Formulation::Sat => sat::run(query, limits, &mut checked),
            Formulation::Mip => mip::run(query, limits, &mut checked),
        }?;
        match invalid {
            Some(error) => Err(SolveError::InvalidSolution {
                formulation: self,
                error,
            }),
            None => Ok(stats),
        }
    }
}

impl fmt::Display for Formulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text formats of a puzzle's model, for solvers outside the app.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModelFormat {
    /// The SAT formulation's clauses in DIMACS CNF.
    Dimacs,
    /// The MIP formulation in CPLEX LP format.
    Lp,
}

impl ModelFormat {
    pub const ALL: [ModelFormat; 2] = [ModelFormat::Dimacs, ModelFormat::Lp];

    pub fn name(self) -> &'static str {
        match self {
            ModelFormat::Dimacs => "DIMACS",
            ModelFormat::Lp => "LP",
        }
    }

    /// The model of a query in this format; a forbidden pair outside the grid is refused,
    /// as the models index their variables by cell and digit.
    pub fn write(self, query: &Query) -> Result<String, SolveError> {
        query.validate()?;
        Ok(match self {
            ModelFormat::Dimacs => sat::dimacs(query),
            ModelFormat::Lp => mip::lp_text(query),
        })
    }

    pub fn file_name(self) -> &'static str {
        match self {
            ModelFormat::Dimacs => "sudoku.cnf",
            ModelFormat::Lp => "sudoku.lp",
        }
    }
}

/// A puzzle to solve: every digit of `grid` is fixed, and each `(cell, digit)` in
/// `forbidden` is ruled out (the generator's "must this clue be this digit?" question).
#[derive(Copy, Clone, Debug)]
pub struct Query<'a> {
    pub grid: &'a Grid,
    pub forbidden: &'a [(Pos, Digit)],
    /// A known grid near the solutions sought (row-major values `1..=side`, `0` for none; one
    /// per cell, else ignored); a formulation may try its digits first. A search run to the end
    /// finds the same solutions with or without it; a capped or node-limited one may return
    /// other solutions first, or decide within the budget where it would not have.
    pub hint: Option<&'a [u8]>,
}

impl<'a> Query<'a> {
    pub fn new(grid: &'a Grid) -> Query<'a> {
        Query {
            grid,
            forbidden: &[],
            hint: None,
        }
    }

    /// Refuses forbidden pairs outside the grid: the formulations index their models by cell
    /// and digit, where such a pair would land on another cell.
    pub(super) fn validate(&self) -> Result<(), SolveError> {
        let size = self.grid.size();
        let side = size.side();
        match self
            .forbidden
            .iter()
            .find(|(p, d)| p.row >= side || p.col >= side || usize::from(d.get()) > side)
        {
            Some(&(pos, digit)) => Err(SolveError::BadQuery { pos, digit, size }),
            None => Ok(()),
        }
    }
}

/// Effort and model size, with only the counters that mean something for the formulation set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Search nodes (propagation, exact cover) or branch-and-bound nodes (MIP).
    pub nodes: Option<u64>,
    /// Branch points where the search guessed.
    pub guesses: Option<u64>,
    /// Simplex iterations (MIP).
    pub lp_iterations: Option<u64>,
    /// Calls to the underlying solver (SAT and MIP re-solve once per solution found).
    pub solver_calls: Option<u64>,
    /// Model size: variables (SAT, MIP) or matrix rows (exact cover).
    pub variables: Option<u64>,
    /// Model size: clauses (SAT), constraints (MIP) or columns (exact cover).
    pub constraints: Option<u64>,
    /// How the run ended.
    pub halt: Option<Halt>,
}

impl Stats {
    /// `name value` pairs of the counters that are set, in a fixed order.
    pub fn entries(&self) -> Vec<(&'static str, u64)> {
        [
            ("nodes", self.nodes),
            ("guesses", self.guesses),
            ("LP iterations", self.lp_iterations),
            ("solver calls", self.solver_calls),
            ("variables", self.variables),
            ("constraints", self.constraints),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
    }
}

/// How many solutions a run established.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    NoSolution,
    Unique,
    /// At least two.
    Multiple,
    /// The run stopped (limit or cancel) before it could tell.
    Unknown,
}

/// Options of [`solve`]: how many solutions to look for and keep, and search limits.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Stop after this many solutions; `None` counts them all. 2 decides uniqueness.
    pub max_solutions: Option<u64>,
    /// How many solutions to return as grids.
    pub keep: usize,
    pub limits: Limits,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            max_solutions: Some(2),
            keep: 2,
            limits: Limits::default(),
        }
    }
}

/// The answer of any formulation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveReport {
    pub formulation: Formulation,
    /// Solutions seen; exact when `exhaustive`, else a lower bound.
    pub count: u64,
    /// The whole space was searched.
    pub exhaustive: bool,
    /// The first `keep` solutions, each with the puzzle's givens marked.
    pub solutions: Vec<Grid>,
    pub stats: Stats,
}

impl SolveReport {
    pub fn verdict(&self) -> Verdict {
        match (self.count, self.exhaustive) {
            (0, true) => Verdict::NoSolution,
            (1, true) => Verdict::Unique,
            (n, _) if n >= 2 => Verdict::Multiple,
            _ => Verdict::Unknown,
        }
    }
}

/// Runs a query until it has `cap` solutions or has searched everything, showing each solution
/// to `seen`; returns how many it found. Only the limits may stop it (the cancel flag, or a
/// node budget the caller set to give up on a question it can do without): any other halt
/// before a decision is a solver failure, since callers build answers (uniqueness, a clue's
/// role) that must not rest on a partial search. Each formulation counts the budget in its
/// own steps (SAT: solver calls; MIP: branch-and-bound nodes).
pub fn decide(
    formulation: Formulation,
    query: &Query,
    cap: u64,
    limits: &Limits,
    seen: &mut dyn FnMut(&[u8]),
) -> Result<(u64, Stats), Undecided> {
    let cancelled = || limits.cancel.as_ref().is_some_and(Cancel::is_cancelled);
    if cancelled() {
        return Err(Undecided::Cancelled);
    }
    let mut found = 0u64;
    let mut sink = |values: &[u8]| {
        found += 1;
        seen(values);
        if found >= cap {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let stats = formulation
        .run(query, limits, &mut sink)
        .map_err(Undecided::Solver)?;
    match stats.halt {
        _ if found >= cap => Ok((found, stats)),
        Some(Halt::Exhausted) => Ok((found, stats)),
        Some(Halt::Cancelled) => Err(Undecided::Cancelled),
        Some(Halt::NodeLimit) if limits.max_nodes.is_some() => Err(Undecided::OverBudget),
        _ if cancelled() => Err(Undecided::Cancelled),
        halt => Err(Undecided::Solver(SolveError::StoppedEarly {
            formulation,
            halt,
        })),
    }
}

/// Solves `puzzle` (its givens only) with a formulation.
pub fn solve(
    puzzle: &Grid,
    formulation: Formulation,
    options: &SolveOptions,
) -> Result<SolveReport, SolveError> {
    solve_reporting(puzzle, formulation, options, &mut |_| {})
}

/// [`solve`], telling `found` the number of solutions seen after each one, so a long count
/// can show that it is getting somewhere.
pub fn solve_reporting(
    puzzle: &Grid,
    formulation: Formulation,
    options: &SolveOptions,
    found: &mut dyn FnMut(u64),
) -> Result<SolveReport, SolveError> {
    let givens = puzzle.puzzle();
    let mut count = 0u64;
    let mut solutions = Vec::new();
    let mut sink = |values: &[u8]| {
        count += 1;
        found(count);
        if solutions.len() < options.keep {
            solutions.push(givens.with_solution(values));
        }
        if options.max_solutions.is_some_and(|m| count >= m) {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let stats = formulation.run(&Query::new(&givens), &options.limits, &mut sink)?;
    Ok(SolveReport {
        formulation,
        count,
        exhaustive: stats.halt == Some(Halt::Exhausted),
        solutions,
        stats,
    })
}
