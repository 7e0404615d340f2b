//! Uniqueness proofs on the reduced SAT model: the blocking clause against the first solution
//! (what `solve` asks), or a backbone proof in one incremental solver, cell by cell or
//! candidate by candidate under assumptions, each refutation kept as a unit clause.
//!
//! `cargo run --release --example peak_backbone -- [--mode block|cell|cand] [--order O]
//! [--engine NODES] FILE...` where `O` is `natural` (row-major), `fewest` (cells with fewest
//! candidates in the model first) or `fixed` (cells whose row, column and box hold most fixed
//! cells first); `--engine NODES` first asks the propagation search, root probed, at most
//! `NODES` nodes per cell, whether the cell can take another digit, each proven cell a given
//! for the later questions (and a unit for the solver); `--first-by-search` takes the first
//! solution from the plain propagation search instead of the solver (which then starts the
//! proof with nothing learnt).
//! Prints one line per file: `unique` or `multiple` (or `none`), the solver calls and where
//! the refutations came from; on standard error the process's CPU seconds at the first
//! solution, so that the proof's share of the time can be told apart.

use std::time::Instant;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::{CnfOptions, reduced};
use sudoku_lab::engine::grid::{Digit, Grid, Pos, Size};
use sudoku_lab::engine::search::probe::Probing;
use sudoku_lab::engine::search::{Halt, Limits, Order, Searcher, Start};
use varisat::{ExtendFormula, Lit, Solver};
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu as cpu_seconds;

#[derive(Copy, Clone, PartialEq)]
enum Mode {
    Block,
    Cell,
    Cand,
}

/// What the engine's search says about "cell `cell` takes another digit than `digit`", with
/// the cells proven so far fixed.
enum Engine {
    Refuted,
    Second,
    Open,
}

fn engine_question(size: Size, known: &[u8], cell: usize, digit: u8, nodes: u64) -> Engine {
    let grid = Grid::from_values(size, known).expect("values in range");
    let mut start = Start::from_grid(&grid);
    start.forbid(
        Pos::from_index(cell, size),
        Digit::from_index(digit as usize - 1),
    );
    let limits = Limits {
        max_nodes: Some(nodes),
        cancel: None,
    };
    let mut searcher = Searcher::new(&start, Order::Natural, limits);
    searcher.set_probing(Some(Probing {
        from: 0,
        depth: 0,
        every: 1,
        budget: u32::MAX,
        matching: true,
        lookahead: false,
        alternate: false,
        ranked: false,
    }));
    if searcher.next_solution().is_some() {
        return Engine::Second;
    }
    match searcher.halt() {
        Some(Halt::Exhausted) | None => Engine::Refuted,
        _ => Engine::Open,
    }
}

fn main() {
    let mut mode = Mode::Cell;
    let mut order = "fewest".to_string();
    let mut engine_nodes = 0u64;
    let mut engine_first = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match a.as_str() {
            "--mode" => {
                mode = match value().as_str() {
                    "block" => Mode::Block,
                    "cell" => Mode::Cell,
                    "cand" => Mode::Cand,
                    m => panic!("unknown mode {m}"),
                }
            }
            "--order" => order = value(),
            "--first-by-search" => engine_first = true,
            "--engine" => engine_nodes = value().parse().expect("nodes"),
            _ => files.push(a),
        }
    }
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let puzzle = parse(&text).expect("a puzzle").puzzle;
        let began = Instant::now();
        let line = prove(&puzzle, mode, &order, engine_nodes, engine_first);
        let elapsed = began.elapsed().as_secs_f64();
        println!("{file}\t{line}\t{elapsed:.2}");
    }
}

/// The open cells in the order `order` names.
fn ordered(
    size: Size,
    fixed: &[u8],
    var_of: &[i32],
    mut cells: Vec<usize>,
    order: &str,
) -> Vec<usize> {
    let side = size.side();
    let candidates = |c: usize| (0..side).filter(|&d| var_of[c * side + d] != 0).count();
    match order {
        "natural" => {}
        "fewest" => cells.sort_by_key(|&c| candidates(c)),
        "fixed" => {
            let layout = size.layout();
            let fixed_in = |c: usize| -> usize {
                layout.units_of[c]
                    .iter()
                    .map(|&u| layout.units[u].iter().filter(|&&p| fixed[p] != 0).count())
                    .sum()
            };
            cells.sort_by_key(|&c| std::cmp::Reverse(fixed_in(c)));
        }
        o => panic!("unknown order {o}"),
    }
    cells
}

/// Asks the engine's search about each of `cells` in rounds until a round proves nothing new
/// (each proven cell is a given for the later questions), calling `proven` on each cell it
/// proves forced to `first`'s digit. The cells left and the number proven, or `Err` with that
/// number when a question found a second solution.
fn engine_stage(
    size: Size,
    fixed: &[u8],
    first: &[u8],
    mut todo: Vec<usize>,
    nodes: u64,
    mut proven: impl FnMut(usize),
) -> Result<(Vec<usize>, usize), usize> {
    let mut known = fixed.to_vec();
    let mut count = 0;
    let mut left = Vec::new();
    loop {
        let before = count;
        left.clear();
        for &c in &todo {
            match engine_question(size, &known, c, first[c], nodes) {
                Engine::Refuted => {
                    known[c] = first[c];
                    count += 1;
                    proven(c);
                }
                Engine::Second => return Err(count),
                Engine::Open => left.push(c),
            }
        }
        std::mem::swap(&mut todo, &mut left);
        if count == before || todo.is_empty() {
            return Ok((todo, count));
        }
    }
}

fn prove(puzzle: &Grid, mode: Mode, order: &str, engine_nodes: u64, engine_first: bool) -> String {
    let size = puzzle.size();
    let side = size.side();
    let query = Query::new(puzzle);
    let model = reduced(&query, &CnfOptions::for_size(size));
    let mut solver = Solver::new();
    for c in model.cnf.clauses() {
        let c: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        solver.add_clause(&c);
    }
    // var_of[cell * side + d - 1]: the placement's DIMACS variable, 0 if none.
    let mut var_of = vec![0i32; size.cells() * side];
    for (i, &(cell, d)) in model.placements.iter().enumerate() {
        var_of[cell as usize * side + d as usize - 1] = i as i32 + 1;
    }
    let lit = |v: i32| Lit::from_dimacs(v as isize);
    let read = |solver: &Solver| {
        let mut values = model.fixed.clone();
        for l in solver.model().expect("a model") {
            if l.is_positive()
                && let Some(&(cell, d)) = model.placements.get(l.index())
            {
                values[cell as usize] = d;
            }
        }
        values
    };
    let mut calls = 1;
    let first = if engine_first {
        let mut searcher =
            Searcher::new(&Start::from_grid(puzzle), Order::Natural, Limits::default());
        let Some(values) = searcher.next_solution() else {
            return "none\tcalls=0".into();
        };
        calls = 0;
        values.to_vec()
    } else {
        if !solver.solve().expect("solved") {
            return "none\tcalls=1".into();
        }
        read(&solver)
    };
    eprintln!("first solution after {:.2} CPU s", cpu_seconds());
    let open: Vec<usize> = (0..size.cells()).filter(|&c| model.fixed[c] == 0).collect();
    if mode == Mode::Block {
        let block: Vec<Lit> = open
            .iter()
            .map(|&c| !lit(var_of[c * side + first[c] as usize - 1]))
            .collect();
        solver.add_clause(&block);
        calls += 1;
        let second = solver.solve().expect("solved");
        let outcome = if second { "multiple" } else { "unique" };
        return format!("{outcome}\tcalls={calls}\topen={}", open.len());
    }
    let mut cells = ordered(size, &model.fixed, &var_of, open.clone(), order);
    let mut by_engine = 0;
    if engine_nodes > 0 {
        let answer = engine_stage(size, &model.fixed, &first, cells, engine_nodes, |c| {
            solver.add_clause(&[lit(var_of[c * side + first[c] as usize - 1])]);
        });
        match answer {
            Ok((left, n)) => (cells, by_engine) = (left, n),
            Err(n) => return format!("multiple\tcalls={calls}\tengine={n}"),
        }
    }
    let mut unsat = 0;
    for &c in &cells {
        let s = lit(var_of[c * side + first[c] as usize - 1]);
        match mode {
            Mode::Cell => {
                solver.assume(&[!s]);
                calls += 1;
                if solver.solve().expect("solved") {
                    return format!("multiple\tcalls={calls}");
                }
                unsat += 1;
                solver.add_clause(&[s]);
            }
            Mode::Cand => {
                for d in 0..side {
                    let v = var_of[c * side + d];
                    if v == 0 || d + 1 == first[c] as usize {
                        continue;
                    }
                    solver.assume(&[lit(v)]);
                    calls += 1;
                    if solver.solve().expect("solved") {
                        return format!("multiple\tcalls={calls}");
                    }
                    unsat += 1;
                    solver.add_clause(&[!lit(v)]);
                }
            }
            Mode::Block => unreachable!(),
        }
    }
    format!(
        "unique\tcalls={calls}\topen={}\tengine={by_engine}\tsat_refuted={unsat}",
        open.len()
    )
}
