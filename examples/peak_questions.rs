//! The late questions of a minimal generation, answered by each member: the puzzle where the
//! removal's search pass starts (after the logic pass), then for sampled clues the question
//! "can some solution put another digit here?" as the removal asks it (hint order, first with
//! the far cells fixed, then whole-grid), by the propagation search and by CDCL, interleaved,
//! each capped in seconds. Prints one line per question and member (CPU seconds of the process,
//! which runs one question at a time) and a summary per member.
//!
//! `cargo run --release --example peak_questions -- [--box B] [--seed S] [--clues K] [--secs T]`

use std::time::{Duration, Instant};
use sudoku_lab::engine::Formulation;
use sudoku_lab::engine::formulation::sat::race::{self, Strength};
use sudoku_lab::engine::formulation::{Query, Undecided, decide};
use sudoku_lab::engine::grid::{Digit, Entry, Grid, Pos, Size};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::{Cancel, Limits};

#[path = "support/late_puzzle.rs"]
mod late;
use late::late_puzzle;
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu;

fn main() {
    let (mut box_size, mut seed, mut clues, mut secs) = (6usize, 0u64, 30usize, 60.0f64);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .expect("a value")
                .parse::<f64>()
                .expect("a number")
        };
        match a.as_str() {
            "--box" => box_size = value() as usize,
            "--seed" => seed = value() as u64,
            "--clues" => clues = value() as usize,
            "--secs" => secs = value(),
            _ => panic!("unknown argument {a}"),
        }
    }
    let size = Size::new(box_size).expect("a box size");
    let began = Instant::now();
    let puzzle = late_puzzle(size, seed);
    println!(
        "# box {box_size} seed {seed}: search pass starts with {} clues after {:.1} s wall, {:.2} CPU s",
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
    let methods = ["cp", "sat"];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); methods.len()];
    for (k, &cell) in cells.iter().take(clues).enumerate() {
        let p = Pos::from_index(cell, size);
        let d = puzzle.digit(p).expect("a clue");
        let mut work = puzzle.clone();
        work.set(p, Entry::Empty);
        // Alternate which member goes first, so drifting load falls on both.
        for j in 0..methods.len() {
            let m = (j + k) % methods.len();
            let t0 = cpu();
            let w0 = Instant::now();
            let answer = can_differ(&work, (p, d), &solution, methods[m], secs);
            let (c, w) = (cpu() - t0, w0.elapsed().as_secs_f64());
            times[m].push(if answer.is_some() { c } else { f64::INFINITY });
            println!(
                "{k}\t{}\t{}\tcpu {c:.2}\twall {w:.2}\t{}",
                cell,
                methods[m],
                match answer {
                    // Another digit fits, so the clue stays (found with the far cells fixed or not).
                    Some((true, near)) =>
                        format!("needed ({})", if near { "near" } else { "whole" }),
                    Some((false, _)) => "removable".to_string(),
                    None => "timeout".to_string(),
                }
            );
        }
    }
    for (m, t) in methods.iter().zip(&mut times) {
        t.sort_by(f64::total_cmp);
        let finite: Vec<f64> = t.iter().copied().filter(|x| x.is_finite()).collect();
        let q = |f: f64| t[((t.len() - 1) as f64 * f).round() as usize];
        println!(
            "# {m}: {} questions, median {:.2}, p90 {:.2}, max {:.2} CPU s, {} timeouts, sum of answered {:.1}",
            t.len(),
            q(0.5),
            q(0.9),
            q(1.0),
            t.len() - finite.len(),
            finite.iter().sum::<f64>()
        );
    }
}

/// The removal's question by one member: `Some((differs, answered_near))`, `None` past `secs`.
fn can_differ(
    work: &Grid,
    clue: (Pos, Digit),
    solution: &[u8],
    method: &str,
    secs: f64,
) -> Option<(bool, bool)> {
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
    let end = Instant::now() + Duration::from_secs_f64(secs);
    if ask(&near, clue, solution, method, end)? {
        return Some((true, true));
    }
    ask(work, clue, solution, method, end).map(|d| (d, false))
}

/// Whether `grid` has a solution without `clue`'s digit in its cell; `None` past `end`.
fn ask(
    grid: &Grid,
    clue: (Pos, Digit),
    solution: &[u8],
    method: &str,
    end: Instant,
) -> Option<bool> {
    let forbidden = [clue];
    let query = Query {
        grid,
        forbidden: &forbidden,
        hint: Some(solution),
    };
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
    let answer = match method {
        "sat" => {
            let (found, halt) = race::solutions(&query, Strength::default(), 1, &cancel);
            (halt != sudoku_lab::engine::search::Halt::Cancelled).then_some(!found.is_empty())
        }
        _ => {
            let limits = Limits {
                max_nodes: None,
                cancel: Some(cancel.clone()),
            };
            match decide(Formulation::Propagation, &query, 1, &limits, &mut |_| {}) {
                Ok((found, _)) => Some(found >= 1),
                Err(Undecided::Cancelled) => None,
                Err(e) => panic!("{e:?}"),
            }
        }
    };
    cancel.cancel();
    timer.join().expect("timer");
    answer
}
