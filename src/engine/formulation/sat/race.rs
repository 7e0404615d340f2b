//! The CDCL member of a portfolio race, beside the propagation search, on threads natively
//! (the race's second member may instead be the look-ahead propagation search, [`Rival`]; from
//! three threads the third runs the other of the two).
//!
//! The member solves the reduced model ([`reduced`]), optionally strengthened by box/line
//! segment variables, and can be stopped from another thread. varisat 0.2 has no interrupt, but
//! it writes its proof as it learns and stops solving with an error once the proof's target
//! fails; the member gives it a target that discards the proof and fails once the race is
//! over (in binary DRAT when a single solution is asked, see [`solutions`]).

use super::{CnfOptions, Reduced, pruned, reduced};
use crate::engine::formulation::{Formulation, Query, SolveError, SolveReport};
use crate::engine::grid::{Grid, Size};
use crate::engine::rng::Rng;
use crate::engine::search::portfolio::{self, Member, PortfolioAnswer};
use crate::engine::search::{Cancel, Halt, Limits, Order, SearchStats, Start};
use std::io;
use varisat::config::SolverConfigUpdate;
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

/// Clauses added to the reduced model and the solver's settings.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Strength {
    /// A variable per row (or column), box and digit: "the digit is in this row's segment of
    /// the box", each row and each box has the digit in exactly one segment. Unit propagation
    /// on them makes the box/line interactions (pointing and claiming) of the propagation
    /// search.
    pub segments: bool,
    /// varisat's Luby restart unit in conflicts, `None` for its default.
    pub luby_unit: Option<u64>,
    /// varisat's VSIDS activity decay, `None` for its default.
    pub vsids_decay: Option<f32>,
    /// Numbers the variables and orders the clauses as shuffled with this seed: the solver
    /// breaks its first ties by variable number, so each seed starts a differently ordered
    /// search.
    pub shuffle: Option<u64>,
    /// The model over the candidates the propagation search's root rules leave
    /// ([`pruned`]) rather than those the singles leave.
    pub prune: bool,
    /// The first value the solver tries for each placement: varisat starts every variable
    /// false and has no phase setting, so a placement numbered as its negation starts true.
    /// `Some(0)` starts each open cell's lowest candidate true (the propagation search's value
    /// order), `Some(seed)` a candidate drawn with the seed.
    pub phase: Option<u64>,
}

impl Strength {
    /// The solver settings that differ from varisat's defaults.
    fn config(&self) -> SolverConfigUpdate {
        let mut update = SolverConfigUpdate::new();
        update.luby_restart_interval_scale = self.luby_unit;
        update.vsids_decay = self.vsids_decay;
        update
    }
}

/// A proof target that discards the proof and fails once the flag is raised.
struct StopWriter(Cancel);

impl io::Write for StopWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.0.is_cancelled() {
            Err(io::Error::other("the race is over"))
        } else {
            Ok(buf.len())
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn lit(dimacs: i32) -> Lit {
    Lit::from_dimacs(dimacs as isize)
}

/// The solver's literal of each model variable (DIMACS numbers, index 0 unused): the identity,
/// or a shuffle of the model's variables, with the placements [`Strength::phase`] starts true
/// negated.
fn numbering(model: &Reduced, strength: &Strength) -> Vec<i32> {
    let mut number: Vec<i32> = (0..=model.cnf.variables() as i32).collect();
    if let Some(seed) = strength.shuffle {
        Rng::new(seed).shuffle(&mut number[1..]);
    }
    if let Some(seed) = strength.phase {
        let mut rng = Rng::new(seed);
        // Placements come cell by cell: each run of one cell gets one placement started true.
        let mut i = 0;
        while i < model.placements.len() {
            let cell = model.placements[i].0;
            let run = model.placements[i..]
                .iter()
                .take_while(|p| p.0 == cell)
                .count();
            let pick = if seed == 0 { 0 } else { rng.below(run) };
            number[i + pick + 1] = -number[i + pick + 1];
            i += run;
        }
    }
    number
}

/// Adds the segment variables of [`Strength::segments`] to a solver holding `model`, whose
/// variables it numbers as `number` does.
fn add_segments(model: &Reduced, size: Size, number: &[i32], solver: &mut Solver) {
    let (side, b) = (size.side(), size.box_size());
    let mut var_of = vec![0i32; size.cells() * side];
    for (i, &(cell, d)) in model.placements.iter().enumerate() {
        var_of[cell as usize * side + d as usize - 1] = number[i + 1];
    }
    let mut next = model.cnf.variables() as i32;
    // segment[(line * b + k) * side + d]: the variable of line `line`'s segment in its k-th box.
    let mut segment = vec![0i32; side * b * side];
    for rows in [true, false] {
        segment.fill(0);
        for line in 0..side {
            for k in 0..b {
                for d in 0..side {
                    let xs: Vec<i32> = (0..b)
                        .map(|j| {
                            let along = k * b + j;
                            let cell = if rows {
                                line * side + along
                            } else {
                                along * side + line
                            };
                            var_of[cell * side + d]
                        })
                        .filter(|&v| v != 0)
                        .collect();
                    if xs.is_empty() {
                        continue;
                    }
                    next += 1;
                    let y = next;
                    segment[(line * b + k) * side + d] = y;
                    let mut clause = vec![lit(-y)];
                    clause.extend(xs.iter().map(|&x| lit(x)));
                    solver.add_clause(&clause);
                    for &x in &xs {
                        solver.add_clause(&[lit(-x), lit(y)]);
                    }
                }
            }
        }
        // Exactly one segment per line and digit, and per box and digit.
        for d in 0..side {
            for line in 0..side {
                let ys = (0..b).map(|k| segment[(line * b + k) * side + d]);
                exactly_one(solver, ys);
            }
            for band in 0..b {
                for k in 0..b {
                    let ys = (0..b).map(|j| segment[((band * b + j) * b + k) * side + d]);
                    exactly_one(solver, ys);
                }
            }
        }
    }
}

/// At least and at most one of the non-zero variables, if there are any: a digit that has a
/// segment variable in a line or box is not given there, so it is somewhere in it.
fn exactly_one(solver: &mut Solver, vars: impl Iterator<Item = i32>) {
    let ys: Vec<Lit> = vars.filter(|&v| v != 0).map(lit).collect();
    if ys.is_empty() {
        return;
    }
    solver.add_clause(&ys);
    for (i, &a) in ys.iter().enumerate() {
        for &c in &ys[i + 1..] {
            solver.add_clause(&[!a, !c]);
        }
    }
}

/// Up to `stop_at` solutions of `query` (row-major values) by CDCL, and why it stopped:
/// `Exhausted` (they are all), `Sink` (`stop_at` found) or `Cancelled` (the flag was raised).
///
/// One solution asked (generation's questions) is one call, whose proof can be binary DRAT,
/// cheaper to write than varisat's own format; DRAT takes no clause added after a call, so more
/// solutions keep varisat's format, which lets the solver keep its learned clauses from one
/// call to the next.
pub fn solutions(
    query: &Query,
    strength: Strength,
    stop_at: usize,
    cancel: &Cancel,
) -> (Vec<Vec<u8>>, Halt) {
    let size = query.grid.size();
    let options = CnfOptions::for_size(size);
    let model = if strength.prune {
        pruned(query, &options)
    } else {
        reduced(query, &options)
    };
    let mut solver = Solver::new();
    // Settings in their ranges, so varisat accepts them; one out of range stays default.
    let _ = solver.config(&strength.config());
    let format = if stop_at == 1 {
        ProofFormat::BinaryDrat
    } else {
        ProofFormat::Varisat
    };
    solver.write_proof(StopWriter(cancel.clone()), format);
    let number = numbering(&model, &strength);
    let map = |l: i32| lit(number[l.unsigned_abs() as usize] * l.signum());
    let mut clause = Vec::new();
    let mut add = |c: &[i32]| {
        clause.clear();
        clause.extend(c.iter().map(|&l| map(l)));
        solver.add_clause(&clause);
    };
    if let Some(seed) = strength.shuffle {
        // varisat numbers its own variables in the order clauses first name them, so the
        // clauses go in shuffled too (in the model's order every seed searched alike).
        let mut clauses: Vec<&[i32]> = model.cnf.clauses().collect();
        Rng::new(seed).shuffle(&mut clauses);
        clauses.into_iter().for_each(&mut add);
    } else {
        model.cnf.clauses().for_each(&mut add);
    }
    if strength.segments && model.contradiction.is_none() {
        add_segments(&model, size, &number, &mut solver);
    }
    // The placement of each of the solver's variables, if it is one, and the solver's literal
    // that makes it true.
    let mut placement_of = vec![(usize::MAX, lit(1)); number.len()];
    for v in 1..=model.placements.len() {
        let l = map(v as i32);
        placement_of[l.index()] = (v - 1, l);
    }
    let mut found = Vec::new();
    while found.len() < stop_at {
        if cancel.is_cancelled() {
            return (found, Halt::Cancelled);
        }
        match solver.solve() {
            Ok(true) => {
                let mut values = model.fixed.clone();
                let mut block = Vec::new();
                for l in solver.model().unwrap_or_default() {
                    let (i, placed) = placement_of
                        .get(l.index())
                        .copied()
                        .unwrap_or((usize::MAX, l));
                    if l == placed && i != usize::MAX {
                        let (cell, d) = model.placements[i];
                        values[cell as usize] = d;
                        block.push(!l);
                    }
                }
                found.push(values);
                if found.len() < stop_at {
                    solver.add_clause(&block);
                }
            }
            Ok(false) => return (found, Halt::Exhausted),
            Err(_) => return (found, Halt::Cancelled),
        }
    }
    (found, Halt::Sink)
}

/// Index of the second member in [`race`] (the CDCL member, or the look-ahead search as
/// [`Rival`] says); member 0 is the propagation search ([`portfolio::member_searcher`]).
pub const SAT_MEMBER: usize = 1;

/// Index of the third member in [`race`]: the rival the grid's size did not get
/// ([`Rival::other`]), so that with three threads both rivals run.
pub const OTHER_MEMBER: usize = 2;

/// What races on the second thread against the propagation search (the other one, if there is
/// a third thread: [`OTHER_MEMBER`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Rival {
    /// The CDCL member: generation's questions, and `solve` and `count` on 49x49 (on 36x36 as
    /// the third member).
    #[default]
    Cdcl,
    /// The cycling search with look-ahead probing
    /// ([`lookahead_searcher`](portfolio::lookahead_searcher)): `solve` and `count` on 36x36
    /// ([`Rival::for_grid`]; on 49x49 as the third member).
    Lookahead,
}

impl Rival {
    /// The rival for a grid of this size: on 36x36 the look-ahead search, which beside the
    /// cycling search settled more peak-hard grids than CDCL did, with a lower median; on 49x49
    /// the two measured alike (BENCHMARKS.md, "Peak-hard grids"), so CDCL stays there. The
    /// command line's race and the page's workers both follow it.
    pub fn for_grid(grid: &Grid) -> Rival {
        if grid.size().box_size() == 6 {
            Rival::Lookahead
        } else {
            Rival::Cdcl
        }
    }

    /// The rival not chosen: each settles peak-hard grids the other takes long over or never
    /// (BENCHMARKS.md, "Peak-hard grids"), so a third thread runs it.
    pub fn other(self) -> Rival {
        match self {
            Rival::Cdcl => Rival::Lookahead,
            Rival::Lookahead => Rival::Cdcl,
        }
    }

    /// The rival member `k` runs: [`SAT_MEMBER`] this one, [`OTHER_MEMBER`] the other, `None`
    /// for the propagation members.
    pub fn of_member(self, k: usize) -> Option<Rival> {
        match k {
            SAT_MEMBER => Some(self),
            OTHER_MEMBER => Some(self.other()),
            _ => None,
        }
    }
}

/// Races the propagation search (member 0: [`portfolio::member_searcher`], from 36x36 the
/// cycling search), the second member ([`SAT_MEMBER`]: CDCL with `strength`, or the
/// look-ahead search, as `rival` says), on a third thread the other of the two
/// ([`OTHER_MEMBER`]) and, from the fourth on, restarting propagation searches, one per
/// thread, for `stop_at` solutions of `query`. One thread is member 0
/// alone. Every member is complete, so the number found and
/// `Exhausted` are proofs whichever member answers.
pub fn race(
    query: &Query,
    strength: Strength,
    rival: Rival,
    limits: &Limits,
    stop_at: usize,
    threads: usize,
) -> PortfolioAnswer {
    let mut start = Start::from_grid(query.grid);
    for &(p, d) in query.forbidden {
        start.forbid(p, d);
    }
    if threads <= 1 {
        // The propagation member alone: from 36x36 the cycling search, as in the race.
        let searcher = portfolio::member_searcher(&start, &Order::Natural, limits.clone(), 0);
        return portfolio::run_member(searcher, stop_at, 0);
    }
    let grid = query.grid.clone();
    let forbidden = query.forbidden.to_vec();
    let mut members: Vec<Member> = Vec::with_capacity(threads);
    for member in 0..threads {
        let runs = rival.of_member(member);
        members.push(if runs == Some(Rival::Lookahead) {
            let start = start.clone();
            Box::new(move |limits: Limits| {
                let searcher = portfolio::lookahead_searcher(&start, &Order::Natural, limits);
                portfolio::run_member(searcher, stop_at, member)
            })
        } else if runs == Some(Rival::Cdcl) {
            let (grid, forbidden) = (grid.clone(), forbidden.clone());
            Box::new(move |limits: Limits| {
                let query = Query {
                    grid: &grid,
                    forbidden: &forbidden,
                    hint: None,
                };
                let cancel = limits.cancel.unwrap_or_default();
                let (solutions, halt) = solutions(&query, strength, stop_at, &cancel);
                PortfolioAnswer {
                    solutions,
                    stats: SearchStats::default(),
                    halt,
                    member,
                }
            })
        } else {
            let start = start.clone();
            // Member 0 runs as it does alone; the others restart, each with its own seed.
            let seed = member.saturating_sub(2);
            Box::new(move |limits: Limits| {
                let searcher = portfolio::member_searcher(&start, &Order::Natural, limits, seed);
                portfolio::run_member(searcher, stop_at, member)
            })
        });
    }
    portfolio::race(members, limits)
}

/// [`race`] on a puzzle's givens as a [`SolveReport`], each solution checked: up to
/// `max_solutions`, the first `keep` kept as grids. The report names the formulation of the
/// member that answered.
pub fn solve(
    puzzle: &Grid,
    max_solutions: u64,
    keep: usize,
    rival: Rival,
    threads: usize,
) -> Result<SolveReport, SolveError> {
    let givens = puzzle.puzzle();
    let query = Query::new(&givens);
    query.validate()?;
    let stop_at = usize::try_from(max_solutions).unwrap_or(usize::MAX);
    let strength = Strength::default();
    let answer = race(
        &query,
        strength,
        rival,
        &Limits::default(),
        stop_at,
        threads,
    );
    let formulation = match threads {
        0 | 1 => Formulation::Propagation,
        _ => super::member::formulation_of(answer.member, rival),
    };
    super::member::report(&givens, &answer, formulation, keep)
}
