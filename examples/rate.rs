//! Rates puzzles by logic, HoDoKu's way: one line per puzzle with the level id (`easy` ..
//! `extreme`, `needs-guessing` or `no-solution`), the summed score, the hardest technique, the
//! number of steps and how often each technique was used; the time per puzzle goes to stderr.
//!
//! `cargo run --release --example rate -- [FILE]` (stdin without a file). Puzzles are read one
//! per line, anything after a `:` ignored; they are taken to have one solution, so the
//! uniqueness techniques are allowed.

use std::io::Read;
use std::time::Instant;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::logic::rating::rate_solved;
use sudoku_lab::engine::logic::{LogicOptions, Outcome, Technique, solve};

fn main() {
    let mut text = String::new();
    match std::env::args().nth(1) {
        Some(path) => text = std::fs::read_to_string(&path).expect("a readable file"),
        None => {
            std::io::stdin()
                .read_to_string(&mut text)
                .expect("readable stdin");
        }
    }
    let puzzles: Vec<_> = text
        .lines()
        .map(|l| l.split(':').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| parse(l).expect("a valid puzzle").puzzle)
        .collect();
    let options = LogicOptions {
        unique: true,
        ..LogicOptions::default()
    };
    let start = Instant::now();
    let mut out = String::new();
    for p in &puzzles {
        let empty = p.entries().iter().filter(|e| e.digit().is_none()).count();
        let solved = solve(p, &options);
        let r = rate_solved(&solved, p.size(), empty);
        let level = match (r.level, r.outcome) {
            (Some(l), _) => l.id(),
            (None, Outcome::Broken) => "no-solution",
            (None, _) => "needs-guessing",
        };
        let hardest = r.hardest.map_or("-", |t| t.id());
        let used: Vec<String> = Technique::ALL
            .into_iter()
            .filter_map(|t| {
                let n = solved.steps.iter().filter(|s| s.technique == t).count();
                (n > 0).then(|| format!("{}={n}", t.id()))
            })
            .collect();
        out.push_str(&format!(
            "{level} {} {hardest} {} {}\n",
            r.score,
            r.steps,
            used.join(",")
        ));
    }
    let elapsed = start.elapsed();
    print!("{out}");
    eprintln!(
        "{} puzzles in {:.3} s, {:.3} ms per puzzle",
        puzzles.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e3 / puzzles.len().max(1) as f64
    );
}
