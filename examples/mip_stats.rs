//! The MIP's branch-and-bound counters per puzzle (solve and prove unique): nodes, LP solves,
//! simplex iterations, variables fixed by presolve and by propagation, whether the root LP was
//! integral, and wall time; each puzzle is cancelled after a time cap.
//!
//! `cargo run --release --example mip_stats -- FILE [CAP_SECONDS]`; with `CPU=1` the cap counts
//! the solving thread's CPU time (Linux's `/proc/self/schedstat`), so that a loaded machine
//! does not shorten a run.

use std::time::{Duration, Instant};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::mip;
use sudoku_lab::engine::search::{Cancel, Flow, Limits};
use sudoku_lab::engine::{Query, check_solution};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let cap: f64 = args.next().map_or(30.0, |s| s.parse().expect("seconds"));
    let text = std::fs::read_to_string(&path).expect("readable file");
    for (i, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
    {
        let puzzle = parse(line.split(':').next().unwrap_or(line))
            .expect("valid puzzle")
            .puzzle;
        let cancel = Cancel::new();
        let timer = {
            let cancel = cancel.clone();
            let cpu = std::env::var("CPU").is_ok_and(|v| v == "1");
            let start = cpu_seconds();
            std::thread::spawn(move || {
                if cpu {
                    while cpu_seconds() - start < cap && !cancel.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(50));
                    }
                } else {
                    std::thread::sleep(Duration::from_secs_f64(cap));
                }
                cancel.cancel();
            })
        };
        drop(timer);
        let limits = Limits {
            max_nodes: None,
            cancel: Some(cancel.clone()),
        };
        let start = Instant::now();
        let (mut found, mut first) = (Vec::new(), None);
        let (stats, m) = mip::run_detailed(&Query::new(&puzzle), &limits, &mut |v: &[u8]| {
            first.get_or_insert_with(|| start.elapsed().as_secs_f64());
            found.push(puzzle.with_solution(v));
            if found.len() >= 2 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .expect("the MIP answers");
        cancel.cancel();
        for s in &found {
            check_solution(&puzzle, s).expect("a valid solution");
        }
        println!(
            "{path} #{}: {} solutions, {:?}, {:.2} s (first solution at {:.2} s), nodes {}, LP solves {}, simplex iterations {}, \
             presolve fixed {}, propagation fixed {}, closed by propagation {}, matching fixed {}, probes refuted by matching {}, closed by LP {}, LP skipped {}, probes {}, learnt {} ({} literals), skipped {}, clause units {}, root LP integral {:?}, \
             root LP {} columns x {} rows",
            i + 1,
            found.len(),
            stats.halt.expect("a halt"),
            start.elapsed().as_secs_f64(),
            first.unwrap_or(f64::NAN),
            m.nodes,
            m.lp_solves,
            m.simplex_iterations,
            m.presolve_fixed,
            m.propagation_fixed,
            m.propagation_pruned,
            m.matching_fixed,
            m.matching_probed,
            m.lp_pruned,
            m.lp_skipped,
            m.probes,
            m.learnt_clauses,
            m.learnt_literals,
            m.levels_skipped,
            m.clause_fixed,
            m.root_integral,
            m.lp_columns,
            m.lp_rows,
        );
    }
}

/// CPU seconds the main thread (which solves) has run, from `/proc/self/schedstat`.
fn cpu_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/self/schedstat").expect("Linux's schedstat");
    let ns: f64 = text
        .split_whitespace()
        .next()
        .and_then(|t| t.parse().ok())
        .expect("ns");
    ns / 1e9
}
