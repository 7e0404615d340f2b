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
        let (stats, m) = mip::run_searched(
            &Query::new(&puzzle),
            &limits,
            search(),
            &mut |v: &[u8]| {
                first.get_or_insert_with(|| start.elapsed().as_secs_f64());
                found.push(puzzle.with_solution(v));
                if found.len() >= 2 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
        )
        .expect("the MIP answers");
        cancel.cancel();
        for s in &found {
            check_solution(&puzzle, s).expect("a valid solution");
        }
        println!(
            "{path} #{}: {} solutions, {:?}, {:.2} s (first solution at {:.2} s), nodes {}, LP solves {}, simplex iterations {}, \
             presolve fixed {}, propagation fixed {}, closed by propagation {}, matching fixed {}, closed by LP {}, LP skipped {}, probes {}, learnt {} ({} literals), skipped {}, clause units {}, restarts {}, root LP integral {:?}, \
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
            m.lp_pruned,
            m.lp_skipped,
            m.probes,
            m.learnt_clauses,
            m.learnt_literals,
            m.levels_skipped,
            m.clause_fixed,
            m.restarts,
            m.root_integral,
            m.lp_columns,
            m.lp_rows,
        );
    }
}

/// The search from `MIP_BRANCH` (`rank`, `activity`, `activity-phase`) and `MIP_RESTART`
/// (`luby:UNIT` or `geometric:UNIT:FACTOR`, in conflicts); the defaults when unset.
fn search() -> mip::Search {
    let rule = match std::env::var("MIP_BRANCH").as_deref() {
        Ok("activity") => mip::Rule::Activity,
        Ok("activity-phase") => mip::Rule::ActivityPhase,
        Ok("rank") | Err(_) => mip::Rule::Rank,
        Ok(other) => panic!("unknown MIP_BRANCH {other}"),
    };
    let restarts = match std::env::var("MIP_RESTART") {
        Err(_) => mip::Restarts::Never,
        Ok(text) => {
            let parts: Vec<&str> = text.split(':').collect();
            match parts.as_slice() {
                ["luby", unit] => mip::Restarts::Luby(unit.parse().expect("a unit")),
                ["geometric", unit, factor] => mip::Restarts::Geometric(
                    unit.parse().expect("a unit"),
                    factor.parse().expect("a factor"),
                ),
                _ => panic!("MIP_RESTART is luby:UNIT or geometric:UNIT:FACTOR"),
            }
        }
    };
    mip::Search { rule, restarts }
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
