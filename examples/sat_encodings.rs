//! The SAT formulation's at-most-one encodings against each other: time to find the
//! solutions of each puzzle and prove there is no other (up to two), per encoding, with the
//! model size. Backs the choice in `AtMostOne::for_size`.
//!
//! `cargo run --release --example sat_encodings -- FILE [PUZZLES]`

use std::time::Instant;
use sudoku_lab::engine::format::pieces;
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::{AtMostOne, CnfOptions, run_with};
use sudoku_lab::engine::search::{Flow, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let limit: usize = args.next().map_or(5, |n| n.parse().expect("a number"));
    let text = std::fs::read_to_string(&path).expect("readable file");
    let puzzles = pieces(&text)
        .into_iter()
        .take(limit)
        .map(|p| p.parsed.expect("valid puzzle").puzzle);
    for (i, puzzle) in puzzles.enumerate() {
        let mut line = format!("puzzle {}:", i + 1);
        for encoding in [AtMostOne::Pairwise, AtMostOne::Sequential] {
            let options = CnfOptions {
                at_most_one: encoding,
            };
            let mut found = 0;
            let mut sink = |_: &[u8]| {
                found += 1;
                if found >= 2 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            };
            let t = Instant::now();
            let stats = run_with(
                &Query::new(&puzzle),
                &Limits::default(),
                &mut sink,
                &options,
            )
            .expect("a SAT answer");
            line += &format!(
                "  {encoding:?} {:.3} s ({found} found, {} clauses)",
                t.elapsed().as_secs_f64(),
                stats.constraints.unwrap_or(0)
            );
        }
        println!("{line}");
    }
}
