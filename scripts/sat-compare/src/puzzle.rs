//! batsat on a puzzle's reduced model (the one `peak_cnf`'s `reduced` encoding writes), with or
//! without the all-different theory, asked what `solve` asks: a first model, then a fresh
//! solver on the model with that solution's placements blocked. Every solution is checked by the
//! project's independent checker against the puzzle.
//!
//! `sat-compare batsat-reduced FILE.txt` runs plain batsat; `sat-compare batsat-alldiff[,OPT...]
//! FILE.txt` adds the theory, with the options `both` (the shorter of the cell-side and
//! digit-side explanations), `every` (every unit at every fixed point) and `noprune` (conflicts
//! only); a last option `count` counts every solution instead (a test against known counts). Prints the answer, each call's seconds and the solver's and theory's counters.

use crate::alldiff::{self, AllDiff, Options, Stats};
use batsat::{BasicSolver, Lit, SolverInterface, Var, lbool};
use std::time::Instant;
use sudoku_lab::engine::check::check_values;
use sudoku_lab::engine::format::{parse, parse_line};
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::{self, CnfOptions, Reduced};
use sudoku_lab::engine::grid::Grid;

/// Solver counters summed over the calls.
#[derive(Default)]
struct Counts {
    conflicts: u64,
    decisions: u64,
    propagations: u64,
    theory: Stats,
}

pub fn run(mode: &str, path: &str) {
    let mut words = mode.split(',');
    let counting = mode.ends_with(",count");
    let theory = match words.next() {
        Some("batsat-reduced") => None,
        Some("batsat-alldiff") => {
            let mut options = Options {
                both_sides: false,
                every_unit: false,
                prune: true,
            };
            for w in words.by_ref() {
                match w {
                    "count" => break,
                    "both" => options.both_sides = true,
                    "every" => options.every_unit = true,
                    "noprune" => options.prune = false,
                    other => panic!("unknown option {other}"),
                }
            }
            Some(options)
        }
        _ => panic!("unknown mode {mode}"),
    };
    let grid = read(path);
    let query = Query::new(&grid);
    let model = sat::reduced(&query, &CnfOptions::for_size(grid.size()));
    let began = Instant::now();
    let mut counts = Counts::default();
    if model.contradiction.is_some() {
        println!("no solution\t0.00\treduction");
        return;
    }
    let mut blocks: Vec<Vec<i32>> = Vec::new();
    let first = solve(&grid, &model, &blocks, theory, &mut counts);
    let t1 = began.elapsed().as_secs_f64();
    let Some(first) = first else {
        println!("no solution\t{t1:.2}\t{}", report(&counts));
        return;
    };
    let block: Vec<i32> = (first.iter().enumerate())
        .filter(|&(_, &on)| on)
        .map(|(i, _)| -(i as i32 + 1))
        .collect();
    if block.is_empty() {
        // The reduction placed every cell: the one solution.
        println!("unique\t{t1:.2}\t0.00\treduction");
        return;
    }
    blocks.push(block);
    if counting {
        // Every solution, each blocked in turn: a test of the theory against known counts.
        let mut n = 1;
        while let Some(next) = solve(&grid, &model, &blocks, theory, &mut counts) {
            n += 1;
            let block = (next.iter().enumerate()).filter(|&(_, &on)| on);
            blocks.push(block.map(|(i, _)| -(i as i32 + 1)).collect());
        }
        println!("count {n}\t{}", report(&counts));
        return;
    }
    let second = solve(&grid, &model, &blocks, theory, &mut counts);
    if let Some(second) = &second {
        assert!(second != &first, "the second solution repeats the first");
    }
    let t2 = began.elapsed().as_secs_f64() - t1;
    let answer = if second.is_some() {
        "multiple"
    } else {
        "unique"
    };
    println!("{answer}\t{t1:.2}\t{t2:.2}\t{}", report(&counts));
}

/// A puzzle file's reduced model as the DIMACS reader gives it: primary and all variables,
/// clauses (an empty clause when the reduction finds a contradiction).
pub fn reduced_clauses(path: &str) -> (usize, usize, Vec<Vec<i32>>) {
    let grid = read(path);
    let model = sat::reduced(&Query::new(&grid), &CnfOptions::for_size(grid.size()));
    let clauses = model.cnf.clauses().map(<[i32]>::to_vec).collect();
    let vars = model.cnf.variables() as usize;
    (model.placements.len(), vars, clauses)
}

fn read(path: &str) -> Grid {
    let text = std::fs::read_to_string(path).expect("a readable puzzle file");
    (parse(&text).map(|p| p.puzzle))
        .or_else(|_| parse_line(text.trim()))
        .expect("one puzzle")
}

fn report(c: &Counts) -> String {
    let t = &c.theory;
    let mean = |lits: u64, n: u64| if n == 0 { 0.0 } else { lits as f64 / n as f64 };
    format!(
        "conflicts={} decisions={} props={} th_checks={} th_units={} th_props={} th_prop_len={:.1} th_confl={} th_confl_len={:.1} th_explained={}",
        c.conflicts,
        c.decisions,
        c.propagations,
        t.checks,
        t.units_run,
        t.propagations,
        mean(t.propagation_lits, t.propagations),
        t.conflicts,
        mean(t.conflict_lits, t.conflicts),
        t.explained,
    )
}

/// One solver call: the primary variables of a solution (checked against the puzzle), or
/// `None` when the model and `blocks` have none.
fn solve(
    grid: &Grid,
    model: &Reduced,
    blocks: &[Vec<i32>],
    theory: Option<Options>,
    counts: &mut Counts,
) -> Option<Vec<bool>> {
    let mut s = BasicSolver::default();
    let vars = model.cnf.variables() as usize;
    let vs: Vec<Var> = (0..vars).map(|_| s.new_var_default()).collect();
    let lit = |l: i32| Lit::new(vs[l.unsigned_abs() as usize - 1], l > 0);
    for c in model.cnf.clauses().chain(blocks.iter().map(Vec::as_slice)) {
        let mut c: Vec<Lit> = c.iter().map(|&l| lit(l)).collect();
        s.add_clause_reuse(&mut c);
    }
    let answer = match theory {
        None => s.solve_limited(&[]),
        Some(options) => {
            let size = grid.size();
            let side = size.side();
            let mut var_of = vec![None; size.cells() * side];
            for (i, &(cell, d)) in model.placements.iter().enumerate() {
                var_of[cell as usize * side + d as usize - 1] = Some(vs[i]);
            }
            let open: Vec<bool> = model.fixed.iter().map(|&d| d == 0).collect();
            let lookup = |c: usize, d: usize| var_of[c * side + d];
            let layout = alldiff::Layout {
                side,
                units: &size.layout().units,
                open: &open,
                var_of: &lookup,
                vars: model.placements.len(),
            };
            match AllDiff::new(&layout, options) {
                None => lbool::FALSE,
                Some(mut th) => {
                    let answer = s.solve_limited_th(&mut th, &[]);
                    counts.theory += th.stats;
                    answer
                }
            }
        }
    };
    counts.conflicts += s.num_conflicts();
    counts.decisions += s.num_decisions();
    counts.propagations += s.num_propagations();
    if answer == lbool::FALSE {
        return None;
    }
    assert!(answer == lbool::TRUE, "batsat gave up");
    let on: Vec<bool> = (0..model.placements.len())
        .map(|i| s.value_var(vs[i]) == lbool::TRUE)
        .collect();
    // The solution from the placements alone, checked independently of the clauses.
    let mut values = model.fixed.clone();
    for (i, &(cell, d)) in model.placements.iter().enumerate() {
        if on[i] {
            assert_eq!(values[cell as usize], 0, "two digits in one cell");
            values[cell as usize] = d;
        }
    }
    if let Err(e) = check_values(grid, &[], &values) {
        panic!("batsat's model is no solution: {e}");
    }
    for b in blocks {
        assert!(b.iter().any(|&l| !on[l.unsigned_abs() as usize - 1]));
    }
    Some(on)
}
