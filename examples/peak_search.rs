//! Search effort on puzzle files, with and without restarts, as a portfolio of threads, by
//! CDCL alone or as a race of the propagation search and CDCL: solutions found (up to two),
//! nodes, restarts and wall time, each search capped in seconds.
//!
//! `cargo run --release --example peak_search -- [--restarts | --threads N | --sat | --race N]
//! [--segments] [--lookahead] [--secs S] FILE...` (`--segments`: the CDCL model with box/line
//! segments; `--lookahead`: the race's second member is the look-ahead search, not CDCL)

use std::time::{Duration, Instant};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::race::{self, Rival, Strength};
use sudoku_lab::engine::search::portfolio;
use sudoku_lab::engine::search::{Cancel, Halt, Limits, Order, SearchStats, Searcher, Start};

fn main() {
    let mut restarts = false;
    let mut threads = 0;
    let mut sat = false;
    let mut race_threads = 0;
    let mut strength = Strength::default();
    let mut rival = Rival::Cdcl;
    let mut secs = 20.0;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--restarts" => restarts = true,
            "--threads" => threads = args.next().and_then(|s| s.parse().ok()).expect("threads"),
            "--sat" => sat = true,
            "--race" => race_threads = args.next().and_then(|s| s.parse().ok()).expect("threads"),
            "--segments" => strength.segments = true,
            "--lookahead" => rival = Rival::Lookahead,
            "--secs" => secs = args.next().and_then(|s| s.parse().ok()).expect("seconds"),
            _ => files.push(a),
        }
    }
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let puzzle = parse(&text).expect("a puzzle").puzzle;
        let cancel = Cancel::new();
        let limits = Limits {
            max_nodes: None,
            cancel: Some(cancel.clone()),
        };
        let start = Start::from_grid(&puzzle);
        let began = Instant::now();
        let timer = std::thread::spawn({
            let cancel = cancel.clone();
            move || {
                let end = began + Duration::from_secs_f64(secs);
                while Instant::now() < end && !cancel.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(20));
                }
                cancel.cancel();
            }
        });
        let query = Query::new(&puzzle);
        let (found, halt, stats, member) = if sat {
            let (solutions, halt) = race::solutions(&query, strength, 2, &cancel);
            (solutions.len(), Some(halt), SearchStats::default(), 0)
        } else if race_threads > 0 {
            let answer = race::race(&query, strength, rival, &limits, 2, race_threads);
            let halt = Some(answer.halt);
            (answer.solutions.len(), halt, answer.stats, answer.member)
        } else if threads > 0 {
            let answer = portfolio::search(&start, &Order::Natural, &limits, 2, threads);
            let halt = Some(answer.halt);
            (answer.solutions.len(), halt, answer.stats, answer.member)
        } else {
            let (found, halt, stats) = single(&start, restarts, limits);
            (found, halt, stats, 0)
        };
        let elapsed = began.elapsed().as_secs_f64();
        cancel.cancel();
        timer.join().expect("timer");
        let outcome = match (found, halt) {
            (_, Some(Halt::Cancelled)) => "timeout",
            (0, _) => "none",
            (1, _) => "unique",
            _ => "multiple",
        };
        println!(
            "{file}\t{outcome}\t{elapsed:.2}\tnodes {}\trestarts {}\tmember {member}",
            stats.nodes, stats.restarts
        );
    }
}

/// One search, plain or restarting, up to two solutions.
fn single(start: &Start, restarts: bool, limits: Limits) -> (usize, Option<Halt>, SearchStats) {
    let mut searcher = if restarts {
        Searcher::restarting(start, Order::Natural, limits)
    } else {
        Searcher::new(start, Order::Natural, limits)
    };
    let mut found = 0;
    while found < 2 && searcher.next_solution().is_some() {
        found += 1;
    }
    (found, searcher.halt(), searcher.stats())
}
