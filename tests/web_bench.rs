//! Minimal-puzzle generation in the browser: 9x9 side by side with the `sudoku` crate compiled
//! to the same wasm target, and single 16x16 and 25x25 runs. A measurement, not a test:
//! `scripts/bench-wasm` runs it (release build, headless Chromium) and prints the figures; the
//! suite does not.
#![cfg(target_arch = "wasm32")]

use sudoku_lab::engine::format::parse_line;
use sudoku_lab::engine::generate::{GenerateOptions, generate, no_progress};
use sudoku_lab::engine::{Formulation, Grid, Size, SolveOptions, Symmetry, Verdict, solve};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const PUZZLES: u64 = 1000;

/// Mean microseconds per call of `f` over `PUZZLES` calls (the browser clock has millisecond
/// resolution, hence many calls).
fn per_puzzle_us(mut f: impl FnMut(u64)) -> f64 {
    let start = js_sys::Date::now();
    for i in 0..PUZZLES {
        f(i);
    }
    (js_sys::Date::now() - start) * 1000.0 / PUZZLES as f64
}

fn assert_unique(p: &Grid) {
    let report = solve(p, Formulation::Propagation, &SolveOptions::default()).expect("a size");
    assert_eq!(report.verdict(), Verdict::Unique);
}

#[wasm_bindgen_test]
fn minimal_9x9_generation_side_by_side() {
    let pairs = [
        (Symmetry::None, sudoku::Symmetry::None),
        (Symmetry::Rotate180, sudoku::Symmetry::HalfRotation),
    ];
    for round in 0..2 {
        for (ours, theirs) in pairs {
            let mut mine = Vec::new();
            let ours_us = per_puzzle_us(|seed| {
                let options = GenerateOptions {
                    symmetry: ours,
                    ..GenerateOptions::with_seed(seed)
                };
                let g = generate(Size::NINE, &options, &mut no_progress).expect("generated");
                mine.push(g.puzzle);
            });
            let mut other = Vec::new();
            let theirs_us = per_puzzle_us(|_| {
                other.push(sudoku::Sudoku::generate_with_symmetry(theirs));
            });
            for p in &mine {
                assert_unique(p);
            }
            for s in &other {
                assert_unique(&parse_line(&s.to_str_line().to_string()).expect("a 9x9 line"));
            }
            console_log!(
                "round {round}, 9x9 minimal, symmetry {ours}: sudoku-lab {ours_us:.0} us/puzzle, \
                 sudoku crate {theirs_us:.0} us/puzzle ({:.2}x the crate's speed)",
                theirs_us / ours_us
            );
        }
    }
}

/// One generation per seed at the sizes where a single puzzle takes milliseconds to seconds.
#[wasm_bindgen_test]
fn minimal_16x16_and_25x25_generation() {
    for (box_size, seeds) in [(4, 0..5u64), (5, 0..1)] {
        let size = Size::new(box_size).expect("a size");
        for seed in seeds {
            let start = js_sys::Date::now();
            let g = generate(size, &GenerateOptions::with_seed(seed), &mut no_progress)
                .expect("generated");
            let ms = js_sys::Date::now() - start;
            assert_unique(&g.puzzle);
            console_log!(
                "{size} minimal, seed {seed}: {ms:.0} ms, {} clues, {} nodes",
                g.clues,
                g.stats.nodes
            );
        }
    }
}
