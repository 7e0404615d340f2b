//! Shared by the native and the browser tests: the fixtures of `tests/fixtures/generated.txt`
//! (box, seed, expected puzzle) must reproduce exactly on every platform.

use sudoku_lab::engine::Size;
use sudoku_lab::engine::format::write_line;
use sudoku_lab::engine::generate::{GenerateOptions, generate, no_progress};

/// Regenerates every fixture and compares; returns how many were checked.
pub fn check_generated_fixtures() -> usize {
    let text = include_str!("../fixtures/generated.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [n, seed, expected] = fields[..] else {
            panic!("bad fixture line: {line}");
        };
        let n: usize = n.parse().expect("box size");
        let seed: u64 = seed.parse().expect("seed");
        let size = Size::new(n).expect("supported size");
        let g = generate(size, &GenerateOptions::with_seed(seed), &mut no_progress)
            .expect("generation succeeds");
        assert_eq!(
            write_line(&g.puzzle).expect("line format fits"),
            expected,
            "box {n} seed {seed}"
        );
        checked += 1;
    }
    checked
}
