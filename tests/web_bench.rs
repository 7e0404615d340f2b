//! Minimal-puzzle generation in the browser: 9x9 side by side with the `sudoku` crate compiled
//! to the same wasm target, and single 16x16 and 25x25 runs; no-guess generation at every
//! size, which `scripts/bench-wasm` runs natively too. A measurement, not a test:
//! `scripts/bench-wasm` runs it (release build, headless Chromium) and prints the figures; the
//! suite does not.
#![cfg(target_arch = "wasm32")]

use std::hash::{DefaultHasher, Hasher};
use sudoku_lab::engine::format::parse_line;
use sudoku_lab::engine::generate::{GenerateOptions, Generated, generate, no_progress};
use sudoku_lab::engine::logic::{Outcome, outcome};
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
    for (box_size, seeds) in [(4, 0..5u64), (5, 0..11)] {
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

/// Seeds per size for no-guess generation, the same as `scripts/bench-wasm` gives
/// `examples/generate_levels` natively: `(box size, seeds 0..n)`. At 9x9, where one puzzle
/// takes milliseconds and puzzles vary tenfold, 50 seeds make the median steadier than the
/// 11 it was taken over before (whose median is printed too).
const NO_GUESS_SEEDS: [(usize, u64); 5] = [(3, 50), (4, 11), (5, 5), (6, 3), (7, 3)];

/// The seeds of the earlier, smaller 9x9 sample (`0..n`), whose median is printed beside.
const NO_GUESS_EARLIER_SEEDS: u64 = 11;

/// Wall-clock milliseconds of one no-guess generation: repeated until a tenth of a second
/// has passed, since the browser clock counts whole milliseconds.
fn no_guess_ms(size: Size, options: &GenerateOptions) -> (Generated, f64) {
    let start = js_sys::Date::now();
    let mut runs = 0u32;
    loop {
        let g = generate(size, options, &mut no_progress).expect("generated");
        runs += 1;
        let spent = js_sys::Date::now() - start;
        if spent >= 100.0 {
            return (g, spent / f64::from(runs));
        }
    }
}

/// The page's high-resolution clock, in milliseconds.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .expect("a performance clock")
        .now()
}

/// The upper median of `times` (sorted in place).
fn median_ms(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Lets the page's event loop run, so the test driver's messages are answered between
/// long synchronous runs.
async fn breathe() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("a window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .expect("a timer");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("the timer fires");
}

/// `generate --no-guess` (techniques through Hard, no symmetry) at every size from 9x9 to
/// 49x49: median time per puzzle over seeds, clue counts, and a checksum of the puzzles
/// that the native run prints too (same seed, same puzzle). The very first generation (9x9,
/// seed 0), which also pays for the engine's code warming up in the browser, is timed alone
/// and printed apart, and not counted in the medians.
#[wasm_bindgen_test]
async fn no_guess_generation_medians() {
    let first = GenerateOptions {
        no_guess: true,
        ..GenerateOptions::with_seed(0)
    };
    let start = now_ms();
    generate(Size::NINE, &first, &mut no_progress).expect("generated");
    console_log!(
        "9x9 no-guess in wasm, the first generation (seed 0) alone: {:.1} ms",
        now_ms() - start
    );
    for (box_size, seeds) in NO_GUESS_SEEDS {
        let size = Size::new(box_size).expect("a size");
        let (mut times, mut clues) = (Vec::new(), Vec::new());
        let mut sum = DefaultHasher::new();
        for seed in 0..seeds {
            let options = GenerateOptions {
                no_guess: true,
                ..GenerateOptions::with_seed(seed)
            };
            breathe().await;
            let (g, ms) = no_guess_ms(size, &options);
            let logic = options.logic().expect("no-guess");
            assert_eq!(outcome(&g.puzzle, &logic), Outcome::Solved);
            sum.write(&g.puzzle.values());
            times.push(ms);
            clues.push(g.clues);
        }
        let earlier = if size == Size::NINE && seeds > NO_GUESS_EARLIER_SEEDS {
            let n = NO_GUESS_EARLIER_SEEDS as usize;
            let median = median_ms(&mut times[..n].to_vec());
            format!("; seeds 0..{n}: median {median:.1} ms")
        } else {
            String::new()
        };
        let median = median_ms(&mut times);
        clues.sort();
        console_log!(
            "{size} no-guess in wasm over seeds 0..{seeds}: median {median:.1} ms (min {:.1}, \
             max {:.1}){earlier}; clues median {} (min {}, max {}); puzzles checksum {:016x}",
            times[0],
            times[times.len() - 1],
            clues[clues.len() / 2],
            clues[0],
            clues[clues.len() - 1],
            sum.finish()
        );
    }
}

/// Solutions (up to two) of the full SAT model (every `x[r,c,v]`, givens as unit clauses), the
/// formulation's model before it was reduced by the givens; each checked as the formulation
/// checks its own.
fn sat_full_model_count(p: &Grid) -> usize {
    use sudoku_lab::engine::check_values;
    use sudoku_lab::engine::formulation::sat::{CnfOptions, run_with};
    use sudoku_lab::engine::search::{Flow, Limits};
    let query = sudoku_lab::engine::Query::new(p);
    let mut found = 0;
    let mut sink = |v: &[u8]| {
        check_values(p, &[], v).expect("a solution");
        found += 1;
        if found >= 2 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let options = CnfOptions::for_size(p.size());
    run_with(&query, &Limits::default(), &mut sink, &options).expect("a SAT answer");
    found
}

/// The SAT formulation on 9x9 puzzles (`tests/fixtures/ratings-9x9.txt`, HoDoKu easy to
/// extreme): mean wall-clock time per puzzle to solve and prove unique, the formulation's
/// reduced model and the full model side by side in two rounds; every answer must be unique.
/// `cargo run --release --example sat_encodings` on the same file gives the native figures.
#[wasm_bindgen_test]
fn sat_9x9_per_puzzle() {
    let puzzles: Vec<Grid> = include_str!("fixtures/ratings-9x9.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse_line(l.trim()).expect("a puzzle"))
        .collect();
    let per_puzzle = |f: &dyn Fn(&Grid)| {
        let start = js_sys::Date::now();
        for p in &puzzles {
            f(p);
        }
        (js_sys::Date::now() - start) * 1000.0 / puzzles.len() as f64
    };
    for round in 0..2 {
        let reduced = per_puzzle(&|p| {
            let report = solve(p, Formulation::Sat, &SolveOptions::default()).expect("a size");
            assert_eq!(report.verdict(), Verdict::Unique);
        });
        let full = per_puzzle(&|p| assert_eq!(sat_full_model_count(p), 1));
        console_log!(
            "round {round}, SAT 9x9 solve and prove unique, {} puzzles: reduced model \
             (the formulation) {reduced:.0} us/puzzle, full model {full:.0} us/puzzle",
            puzzles.len()
        );
    }
}

/// Wall-clock milliseconds of one MIP solve (find and prove unique or not) and its verdict.
fn mip_ms(p: &Grid) -> (f64, Verdict) {
    let start = js_sys::Date::now();
    let report = solve(p, Formulation::Mip, &SolveOptions::default()).expect("a size");
    (js_sys::Date::now() - start, report.verdict())
}

/// The MIP formulation in the browser: the minimal 16x16 puzzles of seeds 0 to 9 (as
/// `generate --box 4 --seed S` makes them; `scripts/bench-mip-sat` times them natively), and
/// 36x36 and 49x49 grids with 70% of the cells of a random full grid given (seeds 1 to 3,
/// cells kept in the order of a shuffle seeded as in `examples/peak.rs`).
#[wasm_bindgen_test]
async fn mip_in_the_browser() {
    use sudoku_lab::engine::generate::random_full_grid;
    use sudoku_lab::engine::rng::Rng;
    let size = Size::new(4).expect("a size");
    let mut times = Vec::new();
    for seed in 0..10u64 {
        let g =
            generate(size, &GenerateOptions::with_seed(seed), &mut no_progress).expect("generated");
        breathe().await;
        let (ms, verdict) = mip_ms(&g.puzzle);
        assert_eq!(verdict, Verdict::Unique, "seed {seed}");
        console_log!("MIP 16x16 minimal, seed {seed}: {ms:.0} ms");
        times.push(ms);
    }
    times.sort_by(f64::total_cmp);
    console_log!(
        "MIP 16x16 minimal, median of 10: {:.0} ms",
        (times[4] + times[5]) / 2.0
    );
    for box_size in [6, 7] {
        let size = Size::new(box_size).expect("a size");
        for seed in 1..=3u64 {
            let full = random_full_grid(size, &mut Rng::new(seed), None).expect("a full grid");
            let mut cells: Vec<usize> = (0..size.cells()).collect();
            Rng::new(1000 * seed + 70).shuffle(&mut cells);
            let mut puzzle = Grid::empty(size);
            for &c in &cells[..size.cells() * 70 / 100] {
                let p = sudoku_lab::engine::Pos::from_index(c, size);
                puzzle.set(p, full.entry(p));
            }
            breathe().await;
            let (ms, verdict) = mip_ms(&puzzle);
            assert!(
                matches!(verdict, Verdict::Unique | Verdict::Multiple),
                "{size} seed {seed}: {verdict:?}"
            );
            console_log!("MIP {size}, 70% given, seed {seed}: {ms:.0} ms, {verdict:?}");
        }
    }
}
