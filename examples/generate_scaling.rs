//! Generation at every size: time to a random full grid, and minimal-puzzle generation with a
//! time limit per puzzle (median time when puzzles finish, else how far the removal got).
//!
//! `cargo run --release --example generate_scaling -- [SECONDS_PER_PUZZLE] [PUZZLES] [MAX_BOX] [MIN_BOX] [THREADS]`
//!
//! THREADS (default 1) is `GenerateOptions::threads`: the command line gives 2 from 25x25 up.

use std::time::{Duration, Instant};
use sudoku_lab::engine::Size;
use sudoku_lab::engine::generate::{
    GenerateError, GenerateOptions, Phase, Progress, generate, random_full_grid,
};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::{Cancel, Flow};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let limit = Duration::from_secs(args.first().copied().unwrap_or(60));
    let puzzles = args.get(1).copied().unwrap_or(5);
    let max_box = args.get(2).copied().unwrap_or(7) as usize;
    let min_box = args.get(3).copied().unwrap_or(2) as usize;
    let threads = args.get(4).copied().unwrap_or(1) as usize;
    for n in min_box..=max_box {
        let size = Size::new(n).expect("size");
        let full: Vec<Duration> = (0..puzzles)
            .map(|seed| {
                let t = Instant::now();
                random_full_grid(size, &mut Rng::new(seed), None).expect("full grid");
                t.elapsed()
            })
            .collect();
        println!(
            "{size}: full grid median {:?} (max {:?}) over {puzzles} seeds",
            median(full.clone()),
            full.iter().max().expect("some")
        );
        let mut finished = Vec::new();
        for seed in 0..puzzles {
            let cancel = Cancel::new();
            let timer = {
                let cancel = cancel.clone();
                let (tx, rx) = std::sync::mpsc::channel::<()>();
                let handle = std::thread::spawn(move || {
                    if rx.recv_timeout(limit).is_err() {
                        cancel.cancel();
                    }
                });
                (tx, handle)
            };
            let options = GenerateOptions {
                cancel: Some(cancel),
                threads,
                ..GenerateOptions::with_seed(seed)
            };
            let mut last = None;
            let t = Instant::now();
            let result = generate(size, &options, &mut |p: &Progress| {
                last = Some((p.phase, p.done, p.total, p.puzzle.map(|g| g.given_count())));
                Flow::Continue
            });
            let elapsed = t.elapsed();
            let _ = timer.0.send(());
            timer.1.join().expect("timer");
            match result {
                Ok(g) => {
                    println!(
                        "  seed {seed}: minimal, {} clues, {elapsed:?}, {:?}",
                        g.clues, g.stats
                    );
                    finished.push(elapsed);
                }
                Err(GenerateError::Cancelled) => {
                    let (phase, done, total, clues) = last.expect("progress");
                    let phase = if phase == Phase::Removing {
                        "removal"
                    } else {
                        "start"
                    };
                    let kept = clues.map_or(String::new(), |c| {
                        format!(", a unique puzzle of {c} clues so far")
                    });
                    println!(
                        "  seed {seed}: stopped at {elapsed:?} in {phase} with {done}/{total} cells visited{kept}"
                    );
                }
                Err(e) => println!("  seed {seed}: {e}"),
            }
        }
        if finished.len() as u64 == puzzles {
            println!("{size}: minimal median {:?}", median(finished));
        } else {
            println!(
                "{size}: {}/{puzzles} minimal puzzles within {limit:?}",
                finished.len()
            );
        }
    }
}
