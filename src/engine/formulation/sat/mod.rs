//! SAT: a CNF over `x[r,c,v]` solved by the varisat CDCL solver, enumerating with blocking clauses.
//!
//! Each puzzle gets a new solver holding its model reduced by its givens and the singles they
//! force ([`reduced`]: only the placements left open are variables). [`run_with`] solves the full model instead (every
//! `x[r,c,v]`, the givens as unit clauses), and [`run_kept`] keeps one solver per size with each
//! puzzle under assumptions; both measured slower (BENCHMARKS.md, "SAT per puzzle").
//! In the full model, variable `x[r,c,v]` (all 1-based) is DIMACS number
//! `(r-1)*N*N + (c-1)*N + v` for a grid of side `N`; auxiliary variables of the sequential
//! at-most-one encoding follow after `N^3`.
//! varisat 0.2 exposes no decision or conflict counters and cannot be interrupted from outside,
//! so the stats report solver calls and model size, and limits are checked between calls.

pub mod member;
pub mod race;
mod reduce;
mod solve;

use super::Query;
use crate::engine::grid::{Digit, Pos, Size};
use std::fmt::Write;

pub use reduce::{Reduced, pruned, reduced};
pub(super) use solve::run;
pub use solve::{run_kept, run_reduced, run_with};

/// Largest box size accepted: every size. Even the empty 49x49 grid (11.3M clauses) fits in
/// memory and gets its two solutions; proving minimal 25x25 puzzles unique is slow but ends
/// (BENCHMARKS.md has the figures).
pub(super) const MAX_BOX: usize = 7;

/// How "at most one of these `n` literals" becomes clauses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AtMostOne {
    /// Every pair excluded: `n(n-1)/2` binary clauses, no extra variables.
    Pairwise,
    /// Sinz's sequential counter: `3n-4` clauses (for `n >= 2`) and `n-1` extra variables.
    Sequential,
}

impl AtMostOne {
    /// The encoding that measured faster where it matters (`examples/sat_encodings.rs`,
    /// BENCHMARKS.md): on the full model pairwise proves minimal 25x25 puzzles unique faster
    /// than sequential and finds two solutions of empty 36x36 and 49x49 grids faster, at the
    /// cost of more memory; on the reduced model pairwise is faster on 9x9 and 16x16 puzzles,
    /// whose at-most-one lists are short. Every size gets the same encoding, but the choice
    /// stays per size.
    pub fn for_size(_size: Size) -> AtMostOne {
        AtMostOne::Pairwise
    }
}

/// Options of the CNF model.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CnfOptions {
    pub at_most_one: AtMostOne,
}

impl CnfOptions {
    pub fn for_size(size: Size) -> CnfOptions {
        CnfOptions {
            at_most_one: AtMostOne::for_size(size),
        }
    }
}

/// A clause set with DIMACS literals (non-zero, negative for negation), stored flat.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    variables: u32,
    lits: Vec<i32>,
    ends: Vec<u32>,
}

impl Cnf {
    fn with_variables(variables: u32) -> Cnf {
        Cnf {
            variables,
            ..Cnf::default()
        }
    }

    fn new_variable(&mut self) -> i32 {
        self.variables += 1;
        self.variables as i32
    }

    fn add(&mut self, clause: &[i32]) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len() as u32);
    }

    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// Number of clauses.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(s, e)| &self.lits[s as usize..e as usize])
    }
}

/// Where clauses go as they are made: a [`Cnf`] that keeps them, or a solver that takes them
/// in without a copy.
pub(super) trait Clauses {
    /// A new auxiliary variable, numbered after all others.
    fn new_variable(&mut self) -> i32;
    /// Adds a clause of DIMACS literals.
    fn add(&mut self, clause: &[i32]);
}

impl Clauses for Cnf {
    fn new_variable(&mut self) -> i32 {
        Cnf::new_variable(self)
    }

    fn add(&mut self, clause: &[i32]) {
        Cnf::add(self, clause);
    }
}

/// DIMACS number of `x[p, d]`.
pub fn variable(size: Size, p: Pos, d: Digit) -> i32 {
    let side = size.side();
    ((p.index(size) * side) + d.index() + 1) as i32
}

/// The literals `x[cell, v]` of one unit for digit index `d`, or of one cell for all digits.
fn unit_literals(size: Size, cells: &[usize], d: usize) -> Vec<i32> {
    let side = size.side();
    cells.iter().map(|&c| (c * side + d + 1) as i32).collect()
}

fn cell_literals(size: Size, cell: usize) -> Vec<i32> {
    let side = size.side();
    (0..side).map(|d| (cell * side + d + 1) as i32).collect()
}

/// At most one of `lits` is true.
fn at_most_one(cnf: &mut impl Clauses, lits: &[i32], encoding: AtMostOne) {
    match encoding {
        AtMostOne::Pairwise => {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    cnf.add(&[-a, -b]);
                }
            }
        }
        AtMostOne::Sequential => {
            let n = lits.len();
            if n < 2 {
                return;
            }
            // s[i] means "one of lits[0..=i] is true".
            let s: Vec<i32> = (0..n - 1).map(|_| cnf.new_variable()).collect();
            cnf.add(&[-lits[0], s[0]]);
            for i in 1..n - 1 {
                cnf.add(&[-lits[i], s[i]]);
                cnf.add(&[-s[i - 1], s[i]]);
                cnf.add(&[-lits[i], -s[i - 1]]);
            }
            cnf.add(&[-lits[n - 1], -s[n - 2]]);
        }
    }
}

/// Each cell holds a digit: `N^2` clauses of `N` positive literals.
fn cell_has_digit(size: Size, cnf: &mut Cnf) {
    for cell in 0..size.cells() {
        cnf.add(&cell_literals(size, cell));
    }
}

/// At most one digit per cell: `N^2 * N(N-1)/2` clauses pairwise, `N^2 * (3N-4)` sequential
/// (`N >= 2`; none for `N = 1`).
fn cell_at_most_one(size: Size, cnf: &mut Cnf, encoding: AtMostOne) {
    for cell in 0..size.cells() {
        at_most_one(cnf, &cell_literals(size, cell), encoding);
    }
}

/// Each digit at least once per row, column and box: `3 * N^2` clauses of `N` positive literals.
fn unit_has_digit(size: Size, cnf: &mut Cnf) {
    for unit in &size.layout().units {
        for d in 0..size.side() {
            cnf.add(&unit_literals(size, unit, d));
        }
    }
}

/// Each digit at most once per row, column and box: `3 * N^2 * N(N-1)/2` clauses pairwise,
/// `3 * N^2 * (3N-4)` sequential (`N >= 2`).
fn unit_at_most_one(size: Size, cnf: &mut Cnf, encoding: AtMostOne) {
    for unit in &size.layout().units {
        for d in 0..size.side() {
            at_most_one(cnf, &unit_literals(size, unit, d), encoding);
        }
    }
}

/// Clauses of the rules of a size (the model without its unit clauses).
fn rules_len(size: Size, options: &CnfOptions) -> usize {
    let n = size.side();
    let amo = match options.at_most_one {
        AtMostOne::Pairwise => n * (n - 1) / 2,
        AtMostOne::Sequential if n >= 2 => 3 * n - 4,
        AtMostOne::Sequential => 0,
    };
    4 * n * n * (1 + amo)
}

/// The rules of a size, without any puzzle: what a kept solver holds.
fn rules(size: Size, options: &CnfOptions) -> Cnf {
    let side = size.side() as u32;
    let mut cnf = Cnf::with_variables(side * side * side);
    cell_has_digit(size, &mut cnf);
    cell_at_most_one(size, &mut cnf, options.at_most_one);
    unit_has_digit(size, &mut cnf);
    unit_at_most_one(size, &mut cnf, options.at_most_one);
    cnf
}

/// Every digit of the grid as a positive unit clause, every forbidden pair as a negative one.
fn givens_and_forbidden(query: &Query, cnf: &mut Cnf) {
    let size = query.grid.size();
    for (cell, e) in query.grid.entries().iter().enumerate() {
        if let Some(d) = e.digit() {
            cnf.add(&[variable(size, Pos::from_index(cell, size), d)]);
        }
    }
    for &(p, d) in query.forbidden {
        cnf.add(&[-variable(size, p, d)]);
    }
}

/// The whole model of a query.
pub fn cnf(query: &Query, options: &CnfOptions) -> Cnf {
    let mut cnf = rules(query.grid.size(), options);
    givens_and_forbidden(query, &mut cnf);
    cnf
}

/// The model of a query in DIMACS CNF, as solved by [`run`]: the reduced model, after
/// propagation, with comment lines naming the cells propagation fixed and the cell and digit of
/// each primary variable, so that a model of the CNF reads back as the grid it solves.
pub(super) fn dimacs(query: &Query) -> String {
    let size = query.grid.size();
    let options = CnfOptions::for_size(size);
    let model = reduced(query, &options);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "c sudoku-lab SAT model of a {size} puzzle, reduced by its givens and the naked and hidden singles they force: only the placements left open are variables"
    );
    if let Some(why) = model.contradiction {
        let _ = writeln!(out, "c no solution: {why}");
    }
    let _ = writeln!(
        out,
        "c clauses per open cell: a candidate, at most one candidate; per row/column/box and digit not placed there: an open cell, at most one open cell"
    );
    let side = size.side();
    let entries = query.grid.entries();
    let forced: Vec<(usize, u8)> = (model.fixed.iter().enumerate())
        .filter(|&(cell, &d)| d != 0 && entries[cell].digit().is_none())
        .map(|(cell, &d)| (cell, d))
        .collect();
    if model.contradiction.is_none() {
        let _ = writeln!(
            out,
            "c {} cells forced by propagation, not given (c forced ROW COLUMN DIGIT, 1-based)",
            forced.len()
        );
        for (cell, d) in forced {
            let _ = writeln!(out, "c forced {} {} {d}", cell / side + 1, cell % side + 1);
        }
    }
    let _ = writeln!(
        out,
        "c variables 1 to {} are placements (c x VAR ROW COLUMN DIGIT, 1-based), those above are auxiliary ({:?} at-most-one encoding)",
        model.placements.len(),
        options.at_most_one
    );
    for (i, &(cell, d)) in model.placements.iter().enumerate() {
        let cell = cell as usize;
        let _ = writeln!(
            out,
            "c x {} {} {} {d}",
            i + 1,
            cell / side + 1,
            cell % side + 1
        );
    }
    let _ = writeln!(out, "p cnf {} {}", model.cnf.variables(), model.cnf.len());
    for clause in model.cnf.clauses() {
        for l in clause {
            let _ = write!(out, "{l} ");
        }
        out.push_str("0\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::{ExtendFormula, Lit, Solver};

    fn family(size: Size, f: impl Fn(Size, &mut Cnf)) -> Cnf {
        let side = size.side() as u32;
        let mut cnf = Cnf::with_variables(side * side * side);
        f(size, &mut cnf);
        cnf
    }

    /// The closed forms of the doc comments, written out independently of the encoder.
    fn amo(n: usize, encoding: AtMostOne) -> usize {
        match encoding {
            AtMostOne::Pairwise => n * (n - 1) / 2,
            AtMostOne::Sequential if n >= 2 => 3 * n - 4,
            AtMostOne::Sequential => 0,
        }
    }

    #[test]
    fn clause_counts_match_formulas_and_polarity() {
        for b in 1..=4 {
            let size = Size::new(b).unwrap();
            let n = size.side();
            let primary = (n * n * n) as i32;
            let has = family(size, cell_has_digit);
            assert_eq!(has.len(), n * n);
            let units = family(size, unit_has_digit);
            assert_eq!(units.len(), 3 * n * n);
            for c in has.clauses().chain(units.clauses()) {
                assert_eq!(c.len(), n);
                assert!(c.iter().all(|&l| l > 0 && l <= primary));
            }
            for enc in [AtMostOne::Pairwise, AtMostOne::Sequential] {
                let cell = family(size, |s, c| cell_at_most_one(s, c, enc));
                assert_eq!(cell.len(), n * n * amo(n, enc), "{enc:?} cell n={n}");
                let unit = family(size, |s, c| unit_at_most_one(s, c, enc));
                assert_eq!(unit.len(), 3 * n * n * amo(n, enc), "{enc:?} unit n={n}");
                for c in cell.clauses().chain(unit.clauses()) {
                    // Primary variables only ever appear negated in at-most-one clauses.
                    assert!(c.iter().all(|&l| l != 0 && (l < 0 || l > primary)));
                    assert!(
                        c.iter()
                            .all(|&l| l.unsigned_abs() <= cell.variables().max(unit.variables()))
                    );
                }
                let aux = if enc == AtMostOne::Sequential && n >= 2 {
                    n - 1
                } else {
                    0
                };
                assert_eq!(cell.variables() as usize, n * n * n + n * n * aux);
                assert_eq!(unit.variables() as usize, n * n * n + 3 * n * n * aux);
            }
        }
    }

    /// Both encodings accept exactly the assignments with at most one true literal.
    #[test]
    fn at_most_one_encodings_agree_with_their_meaning() {
        for n in 1..=5usize {
            for enc in [AtMostOne::Pairwise, AtMostOne::Sequential] {
                for mask in 0u32..1 << n {
                    let mut cnf = Cnf::with_variables(n as u32);
                    let lits: Vec<i32> = (1..=n as i32).collect();
                    at_most_one(&mut cnf, &lits, enc);
                    let mut solver = Solver::new();
                    for c in cnf.clauses() {
                        let c: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
                        solver.add_clause(&c);
                    }
                    let assumed: Vec<Lit> = (0..n)
                        .map(|i| Lit::from_index(i, mask >> i & 1 == 1))
                        .collect();
                    solver.assume(&assumed);
                    assert_eq!(
                        solver.solve().unwrap(),
                        mask.count_ones() <= 1,
                        "{enc:?} {mask:b}"
                    );
                }
            }
        }
    }
}
