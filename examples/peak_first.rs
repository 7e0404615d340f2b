//! CPU seconds to the first solution of puzzle files by differently configured members: the
//! CDCL member with its model and solver settings, or a propagation search. Each run is capped
//! in CPU seconds of the whole process.
//!
//! `cargo run --release --example peak_first -- [--secs S] MEMBER FILE...` where `MEMBER` is
//! `plain`, `cycle` (the race's propagation member from 36x36), `lookahead` (its rival on 36x36)
//! or `cdcl` followed by comma-separated settings: `shuffle=SEED`, `phase=SEED` (0: each open
//! cell's lowest candidate tried true first), `luby=N`, `decay=F`, `prune` (e.g. `cdcl`,
//! `cdcl,shuffle=3,phase=0`).
//!
//! One line per file: `file  member  outcome  cpu` (`found`, or `timeout` at the cap). With
//! `--two` the member settles the question `solve` asks (a second solution, or the proof that
//! there is none): `file  member  outcome  first_cpu  cpu` (`unique`, `multiple`, `timeout`;
//! the first solution's CPU seconds `-` for CDCL, which answers in one piece); `none` when
//! there is no solution.

use std::time::Duration;
use sudoku_lab::engine::check_values;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::race::{self, Strength};
use sudoku_lab::engine::grid::Grid;
use sudoku_lab::engine::search::portfolio;
use sudoku_lab::engine::search::restart::Geometric;
use sudoku_lab::engine::search::{Cancel, Halt, Limits, Order, Searcher, Start};
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu as process_cpu;

fn main() {
    let mut secs = 15.0;
    let mut stop_at = 1;
    let mut words = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--secs" => secs = args.next().and_then(|s| s.parse().ok()).expect("seconds"),
            "--two" => stop_at = 2,
            _ => words.push(a),
        }
    }
    let (member, files) = words.split_first().expect("a member and files");
    for file in files {
        let text = std::fs::read_to_string(file).expect("readable file");
        let puzzle = parse(&text).expect("a puzzle").puzzle;
        let cancel = Cancel::new();
        let began = process_cpu();
        let timer = std::thread::spawn({
            let cancel = cancel.clone();
            move || {
                while process_cpu() - began < secs && !cancel.is_cancelled() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                cancel.cancel();
            }
        });
        let (found, at_first) = settle(member, &puzzle, &cancel, stop_at);
        let cpu = process_cpu() - began;
        cancel.cancel();
        timer.join().expect("timer");
        let name = std::path::Path::new(file)
            .file_stem()
            .map_or(file.clone(), |s| s.to_string_lossy().into_owned());
        let outcome = match (stop_at, found) {
            (_, None) => "timeout",
            (_, Some(0)) => "none",
            (1, Some(_)) => "found",
            (_, Some(1)) => "unique",
            (_, Some(_)) => "multiple",
        };
        if stop_at == 1 {
            println!("{name}\t{member}\t{outcome}\t{cpu:.2}");
        } else {
            let first = at_first.map_or("-".to_string(), |t| format!("{:.2}", t - began));
            println!("{name}\t{member}\t{outcome}\t{first}\t{cpu:.2}");
        }
    }
}

/// The solutions `member` found (`stop_at` at most, each checked) once it settled the question,
/// `None` if the flag was raised first, and the process's CPU seconds at its first solution
/// where the member reports it.
fn settle(
    member: &str,
    puzzle: &Grid,
    cancel: &Cancel,
    stop_at: usize,
) -> (Option<usize>, Option<f64>) {
    let limits = Limits {
        max_nodes: None,
        cancel: Some(cancel.clone()),
    };
    let start = Start::from_grid(puzzle);
    let mut searcher = match member {
        "plain" => Searcher::new(&start, Order::Natural, limits),
        "cycle" => {
            let policy = Geometric {
                first: 2000,
                factor: 1.25,
            };
            Searcher::cycling(&start, Order::Natural, limits, Box::new(policy))
        }
        "lookahead" => portfolio::lookahead_searcher(&start, &Order::Natural, limits),
        spec => {
            let strength = strength(spec);
            let (found, halt) = race::solutions(&Query::new(puzzle), strength, stop_at, cancel);
            for values in &found {
                checked(puzzle, values);
            }
            let settled = halt != Halt::Cancelled;
            return (settled.then_some(found.len()), None);
        }
    };
    let mut at_first = None;
    let mut found = 0;
    while found < stop_at {
        match searcher.next_solution() {
            Some(values) => checked(puzzle, values),
            None if cancel.is_cancelled() => return (None, at_first),
            None => break,
        }
        found += 1;
        at_first.get_or_insert_with(process_cpu);
    }
    (Some(found), at_first)
}

/// `values` solves `puzzle`; a member that answers wrongly stops the run.
fn checked(puzzle: &Grid, values: &[u8]) {
    check_values(puzzle, &[], values).expect("a checked solution");
}

/// The CDCL member's settings as `cdcl,...` spells them.
fn strength(spec: &str) -> Strength {
    let mut words = spec.split(',');
    assert_eq!(words.next(), Some("cdcl"), "unknown member {spec}");
    let mut strength = Strength::default();
    for word in words {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        match key {
            "shuffle" => strength.shuffle = Some(value.parse().expect("a seed")),
            "phase" => strength.phase = Some(value.parse().expect("a seed")),
            "luby" => strength.luby_unit = Some(value.parse().expect("conflicts")),
            "decay" => strength.vsids_decay = Some(value.parse().expect("a decay")),
            "prune" => strength.prune = true,
            _ => panic!("unknown setting {word}"),
        }
    }
    strength
}
