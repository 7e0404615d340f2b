//! What failed-literal probing proves among the late questions of a minimal generation: the
//! puzzle the removal's logic pass leaves (where the bounded passes at 36x36, or the search
//! pass, start), then for each clue (or a sample) the question
//! "can some solution put another digit here?". First with the far cells fixed by the plain
//! search (a quick witness: the clue is needed), then, whole-grid, by probing at the root alone
//! to a fixpoint (`root`: no search, so "removable" or "unknown") and, for a sample of the
//! questions root probing leaves, by complete searches each capped in seconds: the plain search
//! (`cp`), the search probing every node (`probe`), the look-ahead member (`la`) and CDCL
//! (`sat`), or CDCL as a backbone proof (`bb`: every other open cell forced, one by one; `bbp` on
//! the pruned model). One line per question and method (CPU seconds of the process, which runs one
//! question at a time) and a summary per method.
//!
//! `cargo run --release --example peak_probe -- [--box B] [--seed S] [--clues K] [--sample M]
//! [--secs T] [--methods cp,probe,la,sat,bb,bbp]`

use std::time::{Duration, Instant};
use sudoku_lab::engine::Formulation;
use sudoku_lab::engine::formulation::sat::race::{self, Strength};
use sudoku_lab::engine::formulation::sat::{CnfOptions, pruned, reduced};
use sudoku_lab::engine::formulation::{Query, Undecided, decide};
use sudoku_lab::engine::grid::{Digit, Entry, Grid, Pos, Size};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::portfolio::lookahead_searcher;
use sudoku_lab::engine::search::probe::Probing;
use sudoku_lab::engine::search::{Cancel, Halt, Limits, Order, Searcher, Start};
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

#[path = "support/late_puzzle.rs"]
mod late;
use late::late_puzzle;
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu;
#[path = "support/stop_writer.rs"]
mod stop_writer;
use stop_writer::StopWriter;

/// Probing at the root only, in rounds until nothing changes.
const ROOT: Probing = Probing {
    from: 0,
    depth: 0,
    every: 1,
    budget: u32::MAX,
    matching: true,
    lookahead: false,
    alternate: false,
    ranked: false,
};

/// Probing at every node, branching on the look-ahead's choice.
const EVERY: Probing = Probing {
    from: 0,
    depth: u32::MAX,
    every: 1,
    budget: 256,
    matching: true,
    lookahead: true,
    alternate: false,
    ranked: true,
};

fn main() {
    let (mut box_size, mut seed, mut clues, mut sample, mut secs) =
        (6usize, 0u64, usize::MAX, 8usize, 20.0f64);
    let mut methods: Vec<String> = vec!["probe".into(), "sat".into()];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().expect("a value");
        let number = || value.parse::<f64>().expect("a number");
        match a.as_str() {
            "--box" => box_size = number() as usize,
            "--seed" => seed = number() as u64,
            "--clues" => clues = number() as usize,
            "--sample" => sample = number() as usize,
            "--secs" => secs = number(),
            "--methods" => methods = value.split(',').map(String::from).collect(),
            _ => panic!("unknown argument {a}"),
        }
    }
    let size = Size::new(box_size).expect("a box size");
    let began = Instant::now();
    let puzzle = late_puzzle(size, seed);
    println!(
        "# box {box_size} seed {seed}: the logic pass leaves {} clues after {:.1} s wall, {:.2} CPU s",
        puzzle.given_count(),
        began.elapsed().as_secs_f64(),
        cpu()
    );
    let solution = {
        let (s, _) = race::solutions(&Query::new(&puzzle), Strength::default(), 1, &Cancel::new());
        s.into_iter().next().expect("the puzzle is unique")
    };
    let mut cells: Vec<usize> = (0..size.cells())
        .filter(|&i| puzzle.entries()[i].digit().is_some())
        .collect();
    Rng::new(seed).shuffle(&mut cells);
    let (mut near_needed, mut root_removable, mut root_needed) = (0, 0, 0);
    let (mut near_cpu, mut root_cpu) = (0.0, 0.0);
    let mut left = Vec::new();
    for (k, &cell) in cells.iter().take(clues).enumerate() {
        let p = Pos::from_index(cell, size);
        let clue = (p, puzzle.digit(p).expect("a clue"));
        let mut work = puzzle.clone();
        work.set(p, Entry::Empty);
        let t0 = cpu();
        let near = near_grid(&work, clue, &solution);
        let found = ask(&near, clue, &solution, "cp", secs);
        near_cpu += cpu() - t0;
        if found == Some(true) {
            near_needed += 1;
            println!("{k}\t{cell}\tnear\tcpu {:.2}\tneeded", cpu() - t0);
            continue;
        }
        let t1 = cpu();
        let answer = ask(&work, clue, &solution, "root", secs);
        root_cpu += cpu() - t1;
        println!("{k}\t{cell}\troot\tcpu {:.2}\t{}", cpu() - t1, word(answer));
        match answer {
            Some(false) => root_removable += 1,
            Some(true) => root_needed += 1,
            None => left.push((k, cell, work, clue)),
        }
    }
    println!(
        "# near: {near_needed} needed ({near_cpu:.1} CPU s in all); root probing: {root_removable} removable, {root_needed} needed, {} unknown ({root_cpu:.1} CPU s in all)",
        left.len()
    );
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); methods.len()];
    for (j, (k, cell, work, clue)) in left.iter().take(sample).enumerate() {
        for i in 0..methods.len() {
            let m = (i + j) % methods.len();
            let t0 = cpu();
            let answer = ask(work, *clue, &solution, &methods[m], secs);
            let c = cpu() - t0;
            times[m].push(if answer.is_some() { c } else { f64::INFINITY });
            println!("{k}\t{cell}\t{}\tcpu {c:.2}\t{}", methods[m], word(answer));
        }
    }
    for (m, t) in methods.iter().zip(&mut times) {
        if t.is_empty() {
            continue;
        }
        t.sort_by(f64::total_cmp);
        let finite: Vec<f64> = t.iter().copied().filter(|x| x.is_finite()).collect();
        let q = |f: f64| t[((t.len() - 1) as f64 * f).round() as usize];
        println!(
            "# {m}: {} questions, median {:.2}, max {:.2} CPU s, {} over the cap, sum of answered {:.1}",
            t.len(),
            q(0.5),
            q(1.0),
            t.len() - finite.len(),
            finite.iter().sum::<f64>()
        );
    }
}

fn word(answer: Option<bool>) -> &'static str {
    match answer {
        Some(true) => "needed",
        Some(false) => "removable",
        None => "unknown",
    }
}

/// `work` with every blank cell outside the clue's band and stack fixed to the solution.
fn near_grid(work: &Grid, clue: (Pos, Digit), solution: &[u8]) -> Grid {
    let size = work.size();
    let n = size.box_size();
    let (band, stack) = (clue.0.row / n, clue.0.col / n);
    let mut near = work.clone();
    for (i, e) in work.entries().iter().enumerate() {
        let p = Pos::from_index(i, size);
        if e.digit().is_none() && p.row / n != band && p.col / n != stack {
            near.set(p, Entry::Given(Digit::from_index(solution[i] as usize - 1)));
        }
    }
    near
}

/// Whether `grid` has a solution without `clue`'s digit in its cell, by `method`; `None` past
/// `secs` of wall time (or, for `root`, when probing alone does not decide).
fn ask(grid: &Grid, clue: (Pos, Digit), solution: &[u8], method: &str, secs: f64) -> Option<bool> {
    let forbidden = [clue];
    let query = Query {
        grid,
        forbidden: &forbidden,
        hint: Some(solution),
    };
    let end = Instant::now() + Duration::from_secs_f64(secs);
    let cancel = Cancel::new();
    let timer = std::thread::spawn({
        let cancel = cancel.clone();
        move || {
            while Instant::now() < end && !cancel.is_cancelled() {
                std::thread::sleep(Duration::from_millis(10));
            }
            cancel.cancel();
        }
    });
    let limits = Limits {
        max_nodes: None,
        cancel: Some(cancel.clone()),
    };
    let mut start = Start::from_grid(grid);
    start.forbid(clue.0, clue.1);
    let order = Order::guided(solution, grid.size());
    let searched = |mut s: Searcher| {
        let found = s.next_solution().is_some();
        match s.halt() {
            None | Some(Halt::Exhausted) => Some(found),
            _ => None,
        }
    };
    let answer = match method {
        "sat" => {
            let (found, halt) = race::solutions(&query, Strength::default(), 1, &cancel);
            (halt != Halt::Cancelled).then_some(!found.is_empty())
        }
        "root" => {
            let mut s = Searcher::new(
                &start,
                order,
                Limits {
                    max_nodes: Some(1),
                    ..limits
                },
            );
            s.set_probing(Some(ROOT));
            searched(s)
        }
        "probe" => {
            let mut s = Searcher::new(&start, order, limits);
            s.set_probing(Some(EVERY));
            searched(s)
        }
        "la" => searched(lookahead_searcher(&start, &order, limits)),
        "bb" => backbone(grid, clue, solution, false, &cancel),
        "bbp" => backbone(grid, clue, solution, true, &cancel),
        _ => match decide(Formulation::Propagation, &query, 1, &limits, &mut |_| {}) {
            Ok((found, _)) => Some(found >= 1),
            Err(Undecided::Cancelled) => None,
            Err(e) => panic!("{e:?}"),
        },
    };
    cancel.cancel();
    timer.join().expect("timer");
    answer
}

/// The question as a backbone proof: one solver over `grid` (the clue blanked; with `prune`
/// over the candidates the search's root rules leave), each other
/// open cell asked in turn, fewest candidates first, whether it can differ from `solution`;
/// every "no" kept as a unit clause. A "yes" is a second solution of `grid` (the clue is
/// needed); once every other cell is forced, so is the clue's.
fn backbone(
    grid: &Grid,
    clue: (Pos, Digit),
    solution: &[u8],
    prune: bool,
    cancel: &Cancel,
) -> Option<bool> {
    let size = grid.size();
    let side = size.side();
    let (query, options) = (Query::new(grid), CnfOptions::for_size(size));
    let model = if prune {
        pruned(&query, &options)
    } else {
        reduced(&query, &options)
    };
    let mut solver = Solver::new();
    solver.write_proof(StopWriter(cancel.clone()), ProofFormat::Varisat);
    for c in model.cnf.clauses() {
        let c: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        solver.add_clause(&c);
    }
    let mut var_of = vec![0isize; size.cells() * side];
    for (i, &(cell, d)) in model.placements.iter().enumerate() {
        var_of[cell as usize * side + d as usize - 1] = i as isize + 1;
    }
    let candidates = |c: usize| (0..side).filter(|&d| var_of[c * side + d] != 0).count();
    let clue_cell = clue.0.index(size);
    let mut cells: Vec<usize> = (0..size.cells())
        .filter(|&c| model.fixed[c] == 0 && c != clue_cell)
        .collect();
    cells.sort_by_key(|&c| candidates(c));
    for c in cells {
        let s = Lit::from_dimacs(var_of[c * side + solution[c] as usize - 1]);
        solver.assume(&[!s]);
        match solver.solve() {
            Ok(true) => return Some(true),
            Ok(false) => solver.add_clause(&[s]),
            Err(_) => return None,
        }
    }
    Some(false)
}
