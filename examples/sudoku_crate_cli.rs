//! The `sudoku` crate as a command-line solver, the whole-process peer of `sudoku-lab solve`
//! for 9x9 lines: reads a file, writes each puzzle's unique solution (or `no unique solution`,
//! `invalid`) one per line. Blank and `#` lines are skipped.
//!
//! `cargo run --release --example sudoku_crate_cli -- FILE > answers.txt`

use std::io::{BufWriter, Write};

fn main() {
    let path = std::env::args().nth(1).expect("a puzzle file");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let written = match sudoku::Sudoku::from_str_line(line) {
            Ok(s) => match s.solution() {
                Some(solved) => writeln!(out, "{}", solved.to_str_line()),
                None => writeln!(out, "no unique solution"),
            },
            Err(_) => writeln!(out, "invalid"),
        };
        written.expect("output written");
    }
    out.flush().expect("output written");
}
