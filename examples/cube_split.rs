//! The propagation or SAT search split into cubes over threads (`formulation::cubes`) on
//! puzzle files: one line per file with the answer, wall seconds, the seconds spent splitting,
//! the cubes made and refuted, re-splits, the longest cube's seconds and each thread's busy
//! seconds. CPU seconds of the whole run come from outside (`/usr/bin/time`).
//!
//! `cargo run --release --example cube_split -- [--sat] [--lookahead] [--threads T] [--cubes K]
//! [--hand-off MS] [--limit L] [--per-cube] FILE...` (`--threads 0`: one search, unsplit;
//! `--limit`: solutions wanted, 2 by default, as `solve` asks; `--per-cube`: then one line per
//! cube, in the order they finished: when it was taken, its seconds and the solutions it gave)

use clap::Parser;
use std::time::{Duration, Instant};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::cubes::{Split, solve_split};
use sudoku_lab::engine::{Formulation, SolveOptions, solve};

/// Command-line arguments.
#[derive(Parser)]
struct Args {
    /// Conquer with the CDCL solver instead of the propagation search.
    #[arg(long)]
    sat: bool,
    /// Threads conquering cubes; 0 runs one search, unsplit.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Cubes to split into.
    #[arg(long, default_value_t = 16)]
    cubes: usize,
    /// Milliseconds a cube is searched before it is split again for an idle thread.
    #[arg(long)]
    hand_off: Option<u64>,
    /// Split by look-ahead (probed roots, largest search space first) rather than breadth
    /// first at the search's branch points.
    #[arg(long)]
    lookahead: bool,
    /// Solutions wanted.
    #[arg(long, default_value_t = 2)]
    limit: u64,
    /// Also print each cube's start, seconds and solutions.
    #[arg(long)]
    per_cube: bool,
    files: Vec<String>,
}

fn main() {
    let args = Args::parse();
    let formulation = if args.sat {
        Formulation::Sat
    } else {
        Formulation::Propagation
    };
    let options = SolveOptions {
        max_solutions: Some(args.limit),
        keep: 0,
        ..SolveOptions::default()
    };
    for file in &args.files {
        let text = std::fs::read_to_string(file).expect("a readable file");
        let puzzle = parse(&text).expect("a puzzle").puzzle;
        let began = Instant::now();
        let mut cubes = Vec::new();
        let line = if args.threads == 0 {
            let r = solve(&puzzle, formulation, &options).expect("an answer");
            let wall = began.elapsed().as_secs_f64();
            format!("{} exhaustive={} wall={wall:.2}", r.count, r.exhaustive)
        } else {
            let split = Split {
                threads: args.threads,
                cubes: args.cubes,
                hand_off: args.hand_off.map(Duration::from_millis),
                lookahead: args.lookahead,
            };
            let (r, s) = solve_split(&puzzle, formulation, &options, &split).expect("an answer");
            let longest = s.cubes.iter().map(|c| c.seconds).fold(0.0, f64::max);
            let busy: Vec<String> = s.busy.iter().map(|b| format!("{b:.2}")).collect();
            if args.per_cube {
                cubes = s.cubes.clone();
            }
            format!(
                "{} exhaustive={} wall={:.2} split={:.2} made={} refuted={} searched={} resplits={} longest={longest:.2} busy={}",
                r.count,
                r.exhaustive,
                s.wall,
                s.splitting,
                s.made,
                s.refuted,
                s.cubes.len(),
                s.resplits,
                busy.join(",")
            )
        };
        println!("{file} {line}");
        for c in &cubes {
            println!(
                "  cube started={:.3} seconds={:.3} solutions={} givens={} halt={:?}",
                c.started, c.seconds, c.solutions, c.givens, c.halt
            );
        }
    }
}
