//! Generated puzzles checked by paths that share no code with the generator's solver.

#[path = "common/brute.rs"]
mod brute;
#[path = "common/generated.rs"]
mod common;

use brute::brute_force_count;

use sudoku_lab::engine::analyze::{self, AnalyzeOptions, Certificate};
use sudoku_lab::engine::generate::{
    GenerateError, GenerateOptions, Generated, Method, Phase, Progress, Symmetry, generate,
    no_progress,
};
use sudoku_lab::engine::search::{Cancel, Flow};
use sudoku_lab::engine::{Entry, Formulation, Grid, Size, check_solution};

fn size(n: usize) -> Size {
    Size::new(n).expect("supported size")
}

fn make(n: usize, options: &GenerateOptions) -> Generated {
    generate(size(n), options, &mut no_progress).expect("generated")
}

/// Is the puzzle unique, and does blanking any one orbit of givens admit a second solution?
/// Checked by brute force, with the solution checked by the independent checker.
fn assert_unique_and_minimal(n: usize, g: &Generated, symmetry: Symmetry) {
    let values = g.puzzle.values();
    assert_eq!(
        brute_force_count(n, &values, 2),
        1,
        "not unique: {values:?}"
    );
    check_solution(&g.puzzle, &g.solution).expect("the reported solution solves the puzzle");
    assert_eq!(g.clues, g.puzzle.given_count());
    for orbit in symmetry.orbits(size(n)) {
        if values[orbit[0]] == 0 {
            continue;
        }
        let mut fewer = values.clone();
        for &c in &orbit {
            fewer[c] = 0;
        }
        assert_eq!(
            brute_force_count(n, &fewer, 2),
            2,
            "orbit {orbit:?} is removable from {values:?}"
        );
    }
}

/// Other formulations agree the puzzle is unique and that no clue is redundant.
/// Every formulation in `among` except the generating one finds the puzzle unique and minimal.
fn assert_other_formulations_agree(
    g: &Generated,
    generated_with: Formulation,
    among: &[Formulation],
) {
    for &f in among.iter().filter(|&&f| f != generated_with) {
        let options = AnalyzeOptions {
            formulation: f,
            ..AnalyzeOptions::default()
        };
        let cert = analyze::uniqueness(&g.puzzle, f, None).expect("decided");
        assert!(matches!(cert, Certificate::Unique { .. }), "{f}");
        let roles =
            analyze::irreducibility(&g.puzzle, &options, &mut no_progress).expect("decided");
        assert!(roles.is_irreducible(), "{f}: {:?}", roles.redundant());
    }
}

#[test]
fn small_puzzles_are_unique_and_minimal_by_brute_force() {
    let cases = [(2, 60u64, Method::Removal), (2, 30, Method::Additive)]
        .into_iter()
        .chain([(3, 12, Method::Removal), (3, 6, Method::Additive)]);
    for (n, seeds, method) in cases {
        for seed in 0..seeds {
            let options = GenerateOptions {
                method,
                ..GenerateOptions::with_seed(seed)
            };
            let g = make(n, &options);
            assert_unique_and_minimal(n, &g, Symmetry::None);
            assert_other_formulations_agree(&g, options.formulation, &Formulation::ALL);
        }
    }
}

#[test]
fn sixteen_by_sixteen_puzzles_are_unique_and_minimal_by_analysis() {
    for seed in [3u64, 11] {
        let g = make(4, &GenerateOptions::with_seed(seed));
        let analysis = analyze::analyze(&g.puzzle, &AnalyzeOptions::default(), &mut no_progress)
            .expect("analysed");
        let Certificate::Unique { solution } = &analysis.certificate else {
            panic!("seed {seed}: not unique");
        };
        assert_eq!(solution.values(), g.solution.values());
        check_solution(&g.puzzle, solution).expect("valid");
        let roles = analysis
            .irreducibility
            .expect("unique puzzles get clue roles");
        assert_eq!(roles.clues.len(), g.clues);
        for clue in &roles.clues {
            let analyze::ClueRole::Necessary { witness } = &clue.role else {
                panic!("seed {seed}: {} is redundant", clue.pos);
            };
            let mut without = g.puzzle.clone();
            without.set(clue.pos, Entry::Empty);
            check_solution(&without, witness).expect("witness solves the reduced puzzle");
            assert_ne!(witness.digit(clue.pos), Some(clue.digit));
        }
        // MIP needs seconds per 16x16 question (BENCHMARKS.md); the other two take milliseconds.
        assert_other_formulations_agree(
            &g,
            Formulation::default(),
            &[Formulation::ExactCover, Formulation::Sat],
        );
    }
}

#[test]
fn every_symmetry_gives_a_symmetric_puzzle_minimal_within_it() {
    for symmetry in Symmetry::ALL {
        for (n, seeds) in [(2usize, 8u64), (3, 3)] {
            for seed in 0..seeds {
                let options = GenerateOptions {
                    symmetry,
                    ..GenerateOptions::with_seed(seed)
                };
                let g = make(n, &options);
                assert!(symmetry.holds(&g.puzzle), "{symmetry} seed {seed}");
                assert_unique_and_minimal(n, &g, symmetry);
            }
        }
    }
}

#[test]
fn same_seed_same_puzzle_and_different_seeds_differ() {
    for n in 2..=4 {
        let seeds: Vec<u64> = if n == 4 { vec![0, 1] } else { (0..8).collect() };
        let puzzles: Vec<Grid> = seeds
            .iter()
            .map(|&s| make(n, &GenerateOptions::with_seed(s)).puzzle)
            .collect();
        for (&s, p) in seeds.iter().zip(&puzzles) {
            assert_eq!(
                &make(n, &GenerateOptions::with_seed(s)).puzzle,
                p,
                "{n} {s}"
            );
        }
        for (i, a) in puzzles.iter().enumerate() {
            for b in &puzzles[i + 1..] {
                assert_ne!(a, b, "box {n}");
            }
        }
    }
}

#[test]
fn the_number_of_threads_never_changes_the_puzzle() {
    for (n, seed) in [(4usize, 0u64), (4, 5)] {
        let reference = make(n, &GenerateOptions::with_seed(seed));
        for threads in [2, 4] {
            let options = GenerateOptions {
                threads,
                ..GenerateOptions::with_seed(seed)
            };
            let g = make(n, &options);
            assert_eq!(
                g.puzzle, reference.puzzle,
                "box {n} seed {seed}, {threads} threads"
            );
        }
    }
}

#[test]
fn the_formulation_never_changes_the_puzzle() {
    for (n, seed) in [(2usize, 4u64), (3, 4), (3, 5)] {
        let reference = make(n, &GenerateOptions::with_seed(seed)).puzzle;
        for formulation in Formulation::ALL {
            let options = GenerateOptions {
                formulation,
                ..GenerateOptions::with_seed(seed)
            };
            assert_eq!(make(n, &options).puzzle, reference, "{formulation}");
        }
    }
}

#[test]
fn max_clues_is_met_or_the_miss_is_reported() {
    // (box, target, attempts): a 9x9 target of 17 is out of reach of a few random attempts.
    let cases = [(2usize, 5usize, 50u32), (3, 25, 50), (3, 17, 3)];
    for (n, target, max_attempts) in cases {
        let options = GenerateOptions {
            max_clues: Some(target),
            max_attempts,
            ..GenerateOptions::with_seed(7)
        };
        let g = make(n, &options);
        assert!(g.attempts >= 1 && g.attempts <= max_attempts);
        if g.target_met {
            assert!(g.clues <= target, "{n}: {} > {target}", g.clues);
        } else {
            assert_eq!(g.attempts, max_attempts);
            assert!(g.clues > target);
        }
        assert_unique_and_minimal(n, &g, Symmetry::None);
    }
    let far = make(
        3,
        &GenerateOptions {
            max_clues: Some(17),
            max_attempts: 3,
            ..GenerateOptions::with_seed(7)
        },
    );
    assert!(
        !far.target_met,
        "17 clues in 3 attempts would be remarkable"
    );
}

#[test]
fn progress_reaches_every_cell_for_each_method() {
    for method in Method::ALL {
        for n in 1..=4 {
            let mut last: Option<(Phase, usize, usize)> = None;
            let mut removing_seen = false;
            let options = GenerateOptions {
                method,
                ..GenerateOptions::with_seed(1)
            };
            generate(size(n), &options, &mut |p: &Progress| {
                assert!(p.done <= p.total);
                removing_seen |= p.phase == Phase::Removing;
                last = Some((p.phase, p.done, p.total));
                Flow::Continue
            })
            .expect("generated");
            let (phase, done, total) = last.expect("progress reported");
            assert!(removing_seen);
            assert_eq!(phase, Phase::Removing);
            assert_eq!((done, total), (size(n).cells(), size(n).cells()));
        }
    }
}

/// What a user who stops a long generation keeps: every puzzle shown during removal has one
/// solution (the final one), and each has no more clues than the one before.
#[test]
fn puzzles_shown_during_removal_are_unique_and_shrink_to_the_result() {
    for method in Method::ALL {
        for n in 2..=3 {
            for seed in 0..4 {
                let options = GenerateOptions {
                    method,
                    symmetry: Symmetry::Rotate180,
                    ..GenerateOptions::with_seed(seed)
                };
                let mut shown: Vec<Grid> = Vec::new();
                let g = generate(size(n), &options, &mut |p: &Progress| {
                    assert_eq!(p.puzzle.is_some(), p.phase == Phase::Removing);
                    shown.extend(p.puzzle.cloned());
                    Flow::Continue
                })
                .expect("generated");
                assert!(!shown.is_empty());
                assert_eq!(shown.last(), Some(&g.puzzle));
                for pair in shown.windows(2) {
                    assert!(pair[1].given_count() <= pair[0].given_count());
                }
                for puzzle in &shown {
                    let values = puzzle.values();
                    assert_eq!(brute_force_count(n, &values, 2), 1, "{values:?}");
                    check_solution(puzzle, &g.solution).expect("the final solution solves it");
                }
            }
        }
    }
}

#[test]
fn cancellation_stops_generation() {
    // A flag set beforehand, a flag set from the callback, and the callback's own answer.
    let preset = Cancel::new();
    preset.cancel();
    let options = GenerateOptions {
        cancel: Some(preset),
        ..GenerateOptions::with_seed(1)
    };
    assert_eq!(
        generate(size(5), &options, &mut no_progress),
        Err(GenerateError::Cancelled)
    );

    let flag = Cancel::new();
    let options = GenerateOptions {
        cancel: Some(flag.clone()),
        ..GenerateOptions::with_seed(1)
    };
    let mut calls_after = 0;
    let r = generate(size(4), &options, &mut |p: &Progress| {
        if flag.is_cancelled() {
            calls_after += 1;
        }
        if p.phase == Phase::Removing && p.done >= 100 {
            flag.cancel();
        }
        Flow::Continue
    });
    assert_eq!(r, Err(GenerateError::Cancelled));
    assert!(calls_after <= 1, "kept going after cancel: {calls_after}");

    let mut calls = 0;
    let r = generate(
        size(4),
        &GenerateOptions::with_seed(1),
        &mut |_: &Progress| {
            calls += 1;
            if calls == 10 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        },
    );
    assert_eq!(r, Err(GenerateError::Cancelled));
    assert_eq!(calls, 10);
}

#[test]
fn fixtures_still_reproduce() {
    assert!(common::check_generated_fixtures() >= 6);
}

#[test]
fn brute_force_counter_agrees_with_known_counts() {
    // The counter is the referee above, so it is checked on cases with known answers:
    // the empty 4x4 grid has 288 solutions; a full grid has one; a contradiction has none.
    assert_eq!(brute_force_count(2, &[0; 16], 1000), 288);
    let full = make(2, &GenerateOptions::with_seed(0)).solution.values();
    assert_eq!(brute_force_count(2, &full, 10), 1);
    let mut broken = full.clone();
    broken.swap(0, 1);
    assert_eq!(brute_force_count(2, &broken, 10), 0);
}

#[test]
fn cancel_stops_questions_asked_ahead_on_two_threads() {
    // Seed 10's search pass at 25x25 has questions of seconds: the flag, set a little after
    // the logic pass, must stop the threads mid-question.
    let flag = Cancel::new();
    let options = GenerateOptions {
        cancel: Some(flag.clone()),
        threads: 2,
        ..GenerateOptions::with_seed(10)
    };
    let mut cancelled_at = None;
    let mut timer = None;
    let r = generate(size(5), &options, &mut |p: &Progress| {
        if p.slow_next && timer.is_none() {
            let flag = flag.clone();
            timer = Some(std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(300));
                flag.cancel();
                std::time::Instant::now()
            }));
        }
        Flow::Continue
    });
    let ended = std::time::Instant::now();
    if let Some(t) = timer {
        cancelled_at = Some(t.join().expect("timer"));
    }
    assert_eq!(r, Err(GenerateError::Cancelled));
    let waited = ended - cancelled_at.expect("the search pass began");
    assert!(waited.as_secs_f64() < 2.0, "{waited:?} after the cancel");
}

#[test]
fn a_panicking_progress_callback_ends_the_questions_asked_ahead() {
    // The panic must reach the caller, not leave the question threads waiting.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let options = GenerateOptions {
            threads: 2,
            ..GenerateOptions::with_seed(3)
        };
        let mut calls = 0;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            generate(size(4), &options, &mut |p: &Progress| {
                calls += usize::from(p.phase == Phase::Removing);
                assert!(calls < 30, "a callback that panics");
                Flow::Continue
            })
        }));
        let _ = tx.send(r.is_err());
    });
    let panicked = rx.recv_timeout(std::time::Duration::from_secs(60));
    assert_eq!(panicked, Ok(true));
}
