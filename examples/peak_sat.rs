//! The CDCL race member alone on puzzle files, with its model and solver settings chosen on the
//! command line: solutions found (up to two) and wall time, each run capped in seconds.
//!
//! `cargo run --release --example peak_sat -- [--segments] [--prune] [--luby N] [--decay F]
//! [--shuffle SEED] [--one] [--secs S] FILE...` (`--one`: one solution asked,
//! as generation's questions ask, rather than two)

use std::time::{Duration, Instant};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::race::{self, Strength};
use sudoku_lab::engine::search::{Cancel, Halt};

fn main() {
    let mut strength = Strength::default();
    let mut secs = 20.0;
    let mut stop_at = 2;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the option");
        match a.as_str() {
            "--segments" => strength.segments = true,
            "--luby" => strength.luby_unit = Some(value().parse().expect("conflicts")),
            "--decay" => strength.vsids_decay = Some(value().parse().expect("a decay")),
            "--shuffle" => strength.shuffle = Some(value().parse().expect("a seed")),
            "--prune" => strength.prune = true,
            "--one" => stop_at = 1,
            "--secs" => secs = value().parse().expect("seconds"),
            _ => files.push(a),
        }
    }
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let puzzle = parse(&text).expect("a puzzle").puzzle;
        let cancel = Cancel::new();
        let began = Instant::now();
        let (tx, rx) = std::sync::mpsc::channel();
        let member = std::thread::spawn({
            let cancel = cancel.clone();
            move || {
                let answer = race::solutions(&Query::new(&puzzle), strength, stop_at, &cancel);
                let _ = tx.send(());
                answer
            }
        });
        // The cap: wait for the answer at most `secs`, then raise the flag.
        let _ = rx.recv_timeout(Duration::from_secs_f64(secs));
        cancel.cancel();
        let (solutions, halt) = member.join().expect("the member");
        let elapsed = began.elapsed().as_secs_f64();
        let outcome = match (solutions.len(), halt) {
            (_, Halt::Cancelled) => "timeout",
            (0, _) => "none",
            (1, _) => "unique",
            _ => "multiple",
        };
        println!("{file}\t{outcome}\t{elapsed:.2}");
    }
}
