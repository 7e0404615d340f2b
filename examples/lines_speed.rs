//! Time per line to read a file of puzzles one per line (the streaming reader, which takes
//! the fast path for plain lines, both as pieces and as `solve` takes them: plain 9x9 lines as
//! their cells) and to write them back one character per cell, against the careful reader on
//! the same text: the best of several rounds.
//!
//! `cargo run --release --example lines_speed -- FILE [ROUNDS]`

use std::time::Instant;
use sudoku_lab::engine::format::{Piece, Stream, pieces, write_line};

fn streamed(text: &str) -> Vec<Piece> {
    let mut stream = Stream::new();
    let mut out = Vec::new();
    stream.feed(text, &mut out);
    stream.finish(&mut out);
    out
}

/// The best seconds of `rounds` runs of `f`.
fn best(rounds: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut min = f64::MAX;
    let mut n = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        n = f();
        min = min.min(t.elapsed().as_secs_f64());
    }
    (min, n)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let rounds: usize = args.next().map_or(5, |r| r.parse().expect("a round count"));
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let read = streamed(&text);
    let grids: Vec<_> = read
        .iter()
        .filter_map(|p| p.parsed.as_ref().ok())
        .map(|p| p.puzzle.clone())
        .collect();
    let (fast, n) = best(rounds, || streamed(&text).len());
    let (cells, _) = best(rounds, || Stream::read_all(&text).len());
    // The careful reader is slow on big files: a third argument `fast` leaves it out.
    let careful = match args.next().as_deref() {
        Some("fast") => 0.0,
        _ => best(rounds, || pieces(&text).len()).0,
    };
    let (write, _) = best(rounds, || {
        grids
            .iter()
            .map(|g| write_line(g).map_or(0, |l| l.len()))
            .sum()
    });
    let us = |s: f64| s * 1e6 / n as f64;
    println!(
        "{n} puzzles; per line: read {:.3} us as pieces, {:.3} us as solve takes them (careful \
         reader {:.3} us), write {:.3} us",
        us(fast),
        us(cells),
        us(careful),
        us(write)
    );
}
