//! Our propagation solver and the `sudoku` crate on the same 9x9 set, alternating rounds so
//! both see the same machine conditions: per-puzzle time (solve and prove unique) as the
//! minimum and median over the rounds, and their ratio. Answers are checked to agree before
//! timing.
//!
//! `cargo run --release --example solve_side_by_side -- FILE [ROUNDS]`

use std::time::Instant;
use sudoku_lab::engine::format::{parse, write_line};
use sudoku_lab::engine::{Formulation, SolveOptions, Verdict, solve};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let rounds: usize = args
        .next()
        .map_or(11, |r| r.parse().expect("a round count"));
    assert!(rounds > 0, "at least one round");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.split(':').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(!lines.is_empty(), "no puzzle in {path}");
    let ours: Vec<_> = lines
        .iter()
        .map(|l| parse(l).expect("valid puzzle").puzzle)
        .collect();
    let theirs: Vec<_> = ours
        .iter()
        .map(|p| {
            let line = write_line(p).expect("a 9x9 puzzle");
            sudoku::Sudoku::from_str_line(&line).expect("a 9x9 line")
        })
        .collect();
    for (p, s) in ours.iter().zip(&theirs) {
        let r = solve(p, Formulation::Propagation, &SolveOptions::default()).expect("9x9");
        let theirs = s.solution().map(|s| s.to_str_line().to_string());
        let mine = (r.verdict() == Verdict::Unique)
            .then(|| write_line(&r.solutions[0]).expect("9x9 line"));
        assert_eq!(mine, theirs, "{}", write_line(p).unwrap_or_default());
    }
    let n = lines.len() as f64;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t = Instant::now();
        let unique = ours
            .iter()
            .filter(|p| {
                let options = SolveOptions::default();
                solve(p, Formulation::Propagation, &options).map(|r| r.verdict())
                    == Ok(Verdict::Unique)
            })
            .count();
        a.push(t.elapsed().as_secs_f64() * 1e6 / n);
        let t = Instant::now();
        let same = theirs.iter().filter(|s| s.solution().is_some()).count();
        b.push(t.elapsed().as_secs_f64() * 1e6 / n);
        assert_eq!(unique, same);
    }
    let (min_a, min_b) = (
        a.iter().copied().fold(f64::MAX, f64::min),
        b.iter().copied().fold(f64::MAX, f64::min),
    );
    let (med_a, med_b) = (median(a), median(b));
    println!(
        "{path}: {} puzzles, {rounds} rounds; sudoku-lab min {min_a:.1} us, median {med_a:.1} us; \
         sudoku crate min {min_b:.1} us, median {med_b:.1} us; speed ratio {:.2}x (min), {:.2}x (median)",
        lines.len(),
        min_b / min_a,
        med_b / med_a
    );
}
