//! Search effort per puzzle of one formulation over a puzzle file: mean nodes and guesses to
//! solve and prove uniqueness, and the wall time per puzzle.
//!
//! `cargo run --release --example solve_effort -- FILE [FORMULATION]`

use std::time::Instant;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Formulation, SolveOptions, solve};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let formulation = args
        .next()
        .map(|id| Formulation::from_id(&id).expect("a formulation id"))
        .unwrap_or_default();
    let text = std::fs::read_to_string(&path).expect("readable file");
    let puzzles: Vec<_> = text
        .lines()
        .map(|l| l.split(':').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| parse(l).expect("valid puzzle").puzzle)
        .collect();
    let (mut nodes, mut guesses) = (0u64, 0u64);
    let start = Instant::now();
    for p in &puzzles {
        let report = solve(p, formulation, &SolveOptions::default()).expect("solvable size");
        nodes += report.stats.nodes.unwrap_or(0);
        guesses += report.stats.guesses.unwrap_or(0);
    }
    let n = puzzles.len().max(1) as f64;
    println!(
        "{path}: {} puzzles, {formulation}: {:.1} nodes, {:.1} guesses, {:.1} us per puzzle",
        puzzles.len(),
        nodes as f64 / n,
        guesses as f64 / n,
        start.elapsed().as_secs_f64() * 1e6 / n
    );
}
