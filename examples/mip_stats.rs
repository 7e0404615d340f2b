//! The MIP's branch-and-bound counters per puzzle (solve and prove unique): nodes, LP solves,
//! simplex iterations, variables fixed by presolve and by propagation, whether the root LP was
//! integral, and wall time; each puzzle is cancelled after a time cap.
//!
//! `cargo run --release --example mip_stats -- FILE [CAP_SECONDS]`; with `CPU=1` the cap counts
//! the process's CPU time, every thread's (Linux's `/proc/self/stat`), so that a loaded machine
//! does not shorten a run. `THREADS=N CUBES=K` split the search into at least K cubes
//! (`mip::split`), searched on N threads; each puzzle's line
//! then ends with the cubes, their nodes (largest first) and each thread's busy share.

use std::time::{Duration, Instant};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::mip::split::{Split, SplitStats, run_split};
use sudoku_lab::engine::search::{Cancel, Flow, Limits};
use sudoku_lab::engine::{Query, check_solution};
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu as cpu_seconds;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let cap: f64 = args.next().map_or(30.0, |s| s.parse().expect("seconds"));
    let text = std::fs::read_to_string(&path).expect("readable file");
    let env = |name: &str| {
        std::env::var(name)
            .ok()
            .map(|v| v.parse().expect("a number"))
    };
    let split = Split {
        threads: env("THREADS").unwrap_or(1),
        cubes: env("CUBES").unwrap_or(1),
    };
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
        let cpu_start = cpu_seconds();
        let (mut found, mut first) = (Vec::new(), None);
        let (stats, m, cubes) = run_split(
            &Query::new(&puzzle),
            &limits,
            &mut |v: &[u8]| {
                first.get_or_insert_with(|| start.elapsed().as_secs_f64());
                found.push(puzzle.with_solution(v));
                if found.len() >= 2 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            },
            &split,
        )
        .expect("the MIP answers");
        cancel.cancel();
        for s in &found {
            check_solution(&puzzle, s).expect("a valid solution");
        }
        let cpu = cpu_seconds() - cpu_start;
        println!(
            "{path} #{}: {} solutions, {:?}, {:.2} s, {cpu:.2} CPU s (first solution at {:.2} s), nodes {}, LP solves {}, simplex iterations {}, \
             presolve fixed {}, propagation fixed {}, closed by propagation {}, matching fixed {}, closed by LP {}, LP skipped {}, probes {}, learnt {} ({} literals), skipped {}, clause units {}, root LP integral {:?}, \
             root LP {} columns x {} rows{}",
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
            m.root_integral,
            m.lp_columns,
            m.lp_rows,
            cube_words(&cubes),
        );
    }
}

/// The cubes of a split search, their nodes largest first, and each thread's busy share of the
/// wall time; empty for one tree.
fn cube_words(s: &SplitStats) -> String {
    if s.cubes.is_empty() {
        return String::new();
    }
    let mut nodes: Vec<u64> = s.cubes.iter().map(|c| c.nodes).collect();
    nodes.sort_unstable_by(|a, b| b.cmp(a));
    let busy: Vec<String> = s
        .busy
        .iter()
        .map(|b| format!("{:.0}%", 100.0 * b / s.wall.max(1e-9)))
        .collect();
    format!(
        ", {} cubes searched ({} trees split), cube nodes {:?}, threads busy {}",
        s.cubes.len(),
        s.splits,
        nodes,
        busy.join(" ")
    )
}
