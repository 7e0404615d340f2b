//! Solving one puzzle: on a new solver holding its whole model (the formulation's path), or on
//! a kept solver holding its size's rules, the puzzle under assumptions.
//!
//! A puzzle's givens are assumed true and its forbidden pairs false, so nothing of the puzzle
//! enters the clause database but its blocking clauses. varisat cannot delete clauses, so each
//! puzzle's blocking clauses carry its own activation literal `a` (`!a or ...`): the puzzle's
//! solves assume `a`, and once it is done later puzzles assume `!a` until the unit clause `!a`
//! retires them for good, added for a batch of puzzles at a time. What the
//! solver learns is implied by the rules and the clauses it holds, so it stays sound for the
//! next puzzle. Once retired clauses pile up, the solver is rebuilt.

use super::reduce::{self, reduced};
use super::{Clauses, Cnf, CnfOptions, Query, cnf, rules, rules_len, variable};
use crate::engine::formulation::{SolveError, Stats};
use crate::engine::grid::{Pos, Size};
use crate::engine::search::{Cancel, Flow, Halt, Limits, Sink};
use std::cell::RefCell;
use varisat::{ExtendFormula, Lit, Solver};

/// Largest box size whose solver is kept between puzzles. A kept solver holds its rules until
/// the thread ends, and the 36x36 and 49x49 rules run to millions of clauses, so those sizes
/// load theirs for each puzzle.
const KEEP_MAX_BOX: usize = 5;

/// Retired blocking-clause literals after which a kept solver is rebuilt: they still take
/// memory and propagation time although they are satisfied.
const RETIRED_LIMIT: usize = 200_000;

/// A solver holding one size's rules.
struct Kept {
    size: Size,
    options: CnfOptions,
    solver: Solver<'static>,
    /// Variables of the model and clauses of the rules, as the model counts them.
    variables: u32,
    clauses: usize,
    /// Literals of retired blocking clauses.
    retired: usize,
    /// Activation literals of finished puzzles not yet retired by a unit clause: assumed false
    /// meanwhile, since each new unit makes varisat simplify its whole clause database.
    pending: Vec<Lit>,
}

/// Finished puzzles whose activation literals are retired together.
const RETIRE_BATCH: usize = 32;

/// A new solver holding `cnf`.
fn load(cnf: &Cnf) -> Solver<'static> {
    let mut solver = Solver::new();
    let mut lits = Vec::new();
    for clause in cnf.clauses() {
        lits.clear();
        lits.extend(clause.iter().map(|&l| Lit::from_dimacs(l as isize)));
        solver.add_clause(&lits);
    }
    solver
}

impl Kept {
    /// A solver holding `cnf`, the rules of `size` and maybe a puzzle's unit clauses.
    fn load(size: Size, options: CnfOptions, cnf: &Cnf) -> Kept {
        let rules = rules_len(size, &options);
        Kept {
            size,
            options,
            solver: load(cnf),
            variables: cnf.variables(),
            clauses: rules,
            retired: 0,
            pending: Vec::new(),
        }
    }
}

thread_local! {
    /// One kept solver per size (and encoding) this thread has solved.
    static KEPT: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

pub(in crate::engine::formulation) fn run(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
) -> Result<Stats, SolveError> {
    let options = CnfOptions::for_size(query.grid.size());
    run_reduced(query, limits, sink, &options)
}

/// The SAT formulation with a chosen encoding, on a new solver holding the whole model (givens
/// and forbidden pairs as unit clauses): the formulation's path, as measured faster than
/// [`run_kept`] (BENCHMARKS.md, "MIP and SAT"). Solves once per solution; after each model a
/// clause excluding its placements in the non-given cells forces the next call to find a
/// different one. `limits.max_nodes` caps solver calls, the only effort unit varisat reports.
pub fn run_with(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
    options: &CnfOptions,
) -> Result<Stats, SolveError> {
    let model = cnf(query, options);
    let mut kept = Kept::load(query.grid.size(), *options, &model);
    // The givens are in the clauses already: nothing to assume, nothing to retire.
    solve_on(&mut kept, query, limits, sink, false)
}

/// [`run_with`] on this thread's kept solver of the size, the puzzle under assumptions.
pub fn run_kept(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
    options: &CnfOptions,
) -> Result<Stats, SolveError> {
    let size = query.grid.size();
    if size.box_size() > KEEP_MAX_BOX {
        return run_with(query, limits, sink, options);
    }
    // Taken out of the cache while it runs, so a sink that solves again gets its own solver.
    let taken = KEPT.with_borrow_mut(|kept| {
        let i = kept
            .iter()
            .position(|k| k.size == size && k.options == *options)?;
        Some(kept.swap_remove(i))
    });
    let mut kept = match taken {
        Some(k) if k.retired <= RETIRED_LIMIT => k,
        _ => Kept::load(size, *options, &rules(size, options)),
    };
    let result = solve_on(&mut kept, query, limits, sink, true);
    // A solver that failed is in no known state: it is dropped.
    if result.is_ok() {
        KEPT.with_borrow_mut(|cache| cache.push(kept));
    }
    result
}

/// What a solver's variables mean: `x[cell, digit]` for the first `primary` of them, in the
/// numbering of the full model or of a reduced one.
enum Meaning<'a> {
    Full { side: usize },
    Reduced(&'a [(u32, u8)]),
}

impl Meaning<'_> {
    /// Cell and digit (`1..=side`) of variable index `i`, `None` for an auxiliary variable.
    fn placement(&self, i: usize) -> Option<(usize, u8)> {
        match *self {
            Meaning::Full { side } if i < side * side * side => {
                Some((i / side, (i % side + 1) as u8))
            }
            Meaning::Full { .. } => None,
            Meaning::Reduced(placements) => placements.get(i).map(|&(c, d)| (c as usize, d)),
        }
    }
}

/// How one puzzle's enumeration ended, and what it left in the solver.
struct Enumerated {
    calls: u64,
    halt: Halt,
    /// Literals of the blocking clauses added.
    blocked: usize,
}

/// Solves once per solution under `assumptions`. After each model a clause excluding its
/// placements in the open cells (those `fixed` at 0) forces the next call to find a different
/// one; with `activation` it carries that literal negated, which the caller assumes.
fn enumerate(
    solver: &mut Solver<'static>,
    assumptions: &[Lit],
    activation: Option<Lit>,
    meaning: &Meaning,
    fixed: &[u8],
    limits: &Limits,
    sink: &mut dyn Sink,
) -> Result<Enumerated, SolveError> {
    let mut values = fixed.to_vec();
    let mut lits = Vec::new();
    let mut calls = 0u64;
    let mut blocked = 0;
    let open = fixed.contains(&0);
    let halt = loop {
        if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            break Halt::Cancelled;
        }
        if limits.max_nodes.is_some_and(|m| calls >= m) {
            break Halt::NodeLimit;
        }
        calls += 1;
        solver.assume(assumptions);
        let sat = solver.solve().map_err(|e| SolveError::Sat(e.to_string()))?;
        if !sat {
            break Halt::Exhausted;
        }
        let model = solver.model().ok_or(SolveError::SatNoModel)?;
        lits.clear();
        lits.extend(activation.map(|a| !a));
        for &l in model.iter().filter(|l| l.is_positive()) {
            if let Some((cell, d)) = meaning.placement(l.index()) {
                values[cell] = d;
                if fixed[cell] == 0 {
                    lits.push(!l);
                }
            }
        }
        if sink.solution(&values) == Flow::Stop {
            break Halt::Sink;
        }
        if !open {
            break Halt::Exhausted;
        }
        blocked += lits.len();
        solver.add_clause(&lits);
    };
    Ok(Enumerated {
        calls,
        halt,
        blocked,
    })
}

/// The enumeration of one puzzle on a solver holding its size's rules.
fn solve_on(
    kept: &mut Kept,
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
    assume: bool,
) -> Result<Stats, SolveError> {
    let size = query.grid.size();
    let mut assumptions: Vec<Lit> = Vec::new();
    let mut fixed = vec![0u8; size.cells()];
    for (cell, e) in query.grid.entries().iter().enumerate() {
        if let Some(d) = e.digit() {
            let v = variable(size, Pos::from_index(cell, size), d);
            assumptions.push(Lit::from_dimacs(v as isize));
            fixed[cell] = d.get();
        }
    }
    for &(p, d) in query.forbidden {
        assumptions.push(Lit::from_dimacs(-variable(size, p, d) as isize));
    }
    // The model counts givens and forbidden pairs as unit clauses, as the DIMACS export does.
    let given = fixed.iter().filter(|&&v| v != 0).count();
    let mut stats = Stats {
        variables: Some(u64::from(kept.variables)),
        constraints: Some((kept.clauses + given + query.forbidden.len()) as u64),
        ..Stats::default()
    };
    let mut activation = None;
    if assume {
        // Every model variable is in a rule, so a new one is numbered above them all.
        let a = kept.solver.new_var().positive();
        assumptions.extend(kept.pending.iter().map(|&p| !p));
        assumptions.push(a);
        activation = Some(a);
    } else {
        assumptions.clear();
    }
    let meaning = Meaning::Full { side: size.side() };
    let done = enumerate(
        &mut kept.solver,
        &assumptions,
        activation,
        &meaning,
        &fixed,
        limits,
        sink,
    )?;
    kept.retired += done.blocked;
    if let Some(a) = activation {
        kept.pending.push(a);
        if kept.pending.len() >= RETIRE_BATCH {
            for p in kept.pending.drain(..) {
                kept.solver.add_clause(&[!p]);
            }
        }
    }
    stats.solver_calls = Some(done.calls);
    stats.halt = Some(done.halt);
    Ok(stats)
}

/// A new solver taking clauses as they are made, counting what it took.
struct Loader {
    solver: Solver<'static>,
    lits: Vec<Lit>,
    variables: u32,
    clauses: usize,
}

impl Clauses for Loader {
    fn new_variable(&mut self) -> i32 {
        self.variables += 1;
        self.variables as i32
    }

    fn add(&mut self, clause: &[i32]) {
        self.lits.clear();
        self.lits.extend(
            clause
                .iter()
                .map(|&l| Lit::from_index(l.unsigned_abs() as usize - 1, l > 0)),
        );
        self.solver.add_clause(&self.lits);
        self.clauses += 1;
    }
}

/// The SAT formulation's path: the puzzle's model reduced by its givens and the singles they
/// force ([`reduced`]) on a new
/// solver, enumerated as [`run_with`] does; the statistics give the reduced model's size. The
/// clauses go straight into the solver as they are made, not stored and copied first. The
/// solver's intake of the clauses costs about as much as its search, yet a kept solver under
/// assumptions ([`run_kept`]), which saves that intake, searches a model of all the rules and
/// carries what it learnt from earlier puzzles: measured faster on easy 9x9 puzzles only and
/// several times slower on hard ones (BENCHMARKS.md, "SAT per puzzle"), so each puzzle gets a
/// new solver.
pub fn run_reduced(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
    options: &CnfOptions,
) -> Result<Stats, SolveError> {
    let Ok(open) = reduce::open(query) else {
        return run_contradicted(query, limits, sink, options);
    };
    let mut loader = Loader {
        solver: Solver::new(),
        lits: Vec::new(),
        variables: open.placements.len() as u32,
        clauses: 0,
    };
    if reduce::clauses(query, &open, options, &mut loader).is_err() {
        return run_contradicted(query, limits, sink, options);
    }
    let done = enumerate(
        &mut loader.solver,
        &[],
        None,
        &Meaning::Reduced(&open.placements),
        &open.fixed,
        limits,
        sink,
    )?;
    Ok(Stats {
        variables: Some(u64::from(loader.variables)),
        constraints: Some(loader.clauses as u64),
        solver_calls: Some(done.calls),
        halt: Some(done.halt),
        ..Stats::default()
    })
}

/// [`run_reduced`] when the givens contradict the rules: the stored model, the empty clause.
fn run_contradicted(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
    options: &CnfOptions,
) -> Result<Stats, SolveError> {
    let model = reduced(query, options);
    let mut solver = load(&model.cnf);
    let done = enumerate(
        &mut solver,
        &[],
        None,
        &Meaning::Reduced(&model.placements),
        &model.fixed,
        limits,
        sink,
    )?;
    Ok(Stats {
        variables: Some(u64::from(model.cnf.variables())),
        constraints: Some(model.cnf.len() as u64),
        solver_calls: Some(done.calls),
        halt: Some(done.halt),
        ..Stats::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::parse_line;
    use crate::engine::formulation::sat::AtMostOne;

    type Run = fn(&Query, &Limits, &mut dyn Sink, &CnfOptions) -> Result<Stats, SolveError>;

    /// The clauses fed straight to the solver are the stored model's: the statistics count
    /// the same variables and clauses, contradictions included, and the answers agree with the
    /// full model's.
    #[test]
    fn direct_intake_matches_the_stored_model() {
        const LIMIT: usize = 400;
        let lines = [
            "1",
            ".",
            "12..34..........",
            "11..............",
            "1.2.............",
            "................",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        for line in lines {
            let grid = parse_line(line).unwrap();
            let query = Query::new(&grid);
            for at_most_one in [AtMostOne::Pairwise, AtMostOne::Sequential] {
                let options = CnfOptions { at_most_one };
                let model = reduced(&query, &options);
                let run = |f: Run| {
                    let mut found = Vec::new();
                    let mut sink = |v: &[u8]| {
                        found.push(v.to_vec());
                        if found.len() >= LIMIT {
                            Flow::Stop
                        } else {
                            Flow::Continue
                        }
                    };
                    let stats = f(&query, &Limits::default(), &mut sink, &options).unwrap();
                    found.sort();
                    (stats, found)
                };
                let (stats, found) = run(run_reduced);
                assert_eq!(stats.variables, Some(u64::from(model.cnf.variables())));
                assert_eq!(stats.constraints, Some(model.cnf.len() as u64), "{line}");
                let (_, expected) = run(run_with);
                // Below the limit both enumerations are complete, so they are the same set.
                if found.len() < LIMIT {
                    assert_eq!(found, expected, "{line} {at_most_one:?}");
                } else {
                    assert_eq!(expected.len(), LIMIT, "{line} {at_most_one:?}");
                }
            }
        }
    }
}
