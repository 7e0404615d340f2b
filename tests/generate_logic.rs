//! No-guess generation and generation by difficulty: the puzzles are unique (by a brute-force
//! counter or the propagation count), solved by the logic solver with the allowed techniques
//! (every step checked against the solution), minimal for those techniques, symmetric and
//! reproducible.

#[path = "common/brute.rs"]
mod brute;
#[path = "common/generated.rs"]
mod common;

use brute::brute_force_count;

use sudoku_lab::engine::analyze::{self, Certificate};
use sudoku_lab::engine::generate::{
    GenerateError, GenerateOptions, Generated, Method, Phase, Progress, Symmetry, generate,
    level_distance, no_progress,
};
use sudoku_lab::engine::logic::{self, Level, LogicOptions, Outcome, rate, solve};
use sudoku_lab::engine::search::Flow;
use sudoku_lab::engine::{
    Entry, Formulation, Grid, Pos, Size, SolveOptions, Verdict, check_solution, solve as search,
};

fn size(n: usize) -> Size {
    Size::new(n).expect("supported size")
}

fn make(n: usize, options: &GenerateOptions) -> Generated {
    generate(size(n), options, &mut no_progress).expect("generated")
}

/// No-guess options with the techniques through `level`, one attempt whatever its rating.
fn through(level: Level, seed: u64) -> GenerateOptions {
    GenerateOptions {
        no_guess: true,
        difficulty: Some(level),
        max_attempts: 1,
        ..GenerateOptions::with_seed(seed)
    }
}

/// The techniques a no-guess generation with `options` may rely on.
fn allowed(options: &GenerateOptions) -> LogicOptions {
    LogicOptions {
        unique: false,
        max_level: options.difficulty.unwrap_or(Level::Hard),
    }
}

/// Solutions of `puzzle` up to 2: brute force up to 9x9, the propagation count beyond.
fn count(puzzle: &Grid) -> u64 {
    let n = puzzle.size().box_size();
    if n <= 3 {
        brute_force_count(n, &puzzle.values(), 2)
    } else {
        let report =
            search(puzzle, Formulation::Propagation, &SolveOptions::default()).expect("counted");
        assert_ne!(report.verdict(), Verdict::Unknown);
        report.count
    }
}

/// The logic solver with `logic` solves `puzzle`, and every step it takes places the
/// solution's digit and removes only candidates the solution does not hold.
fn assert_solved_by_logic(puzzle: &Grid, solution: &Grid, logic: &LogicOptions) {
    let solved = solve(puzzle, logic);
    assert_eq!(solved.outcome, Outcome::Solved, "{logic:?}");
    let size = puzzle.size();
    for step in &solved.steps {
        for &(p, d) in &step.placements {
            assert_eq!(solution.digit(p), Some(d), "{step:?}");
        }
        for &(p, d) in &step.eliminations {
            assert_ne!(solution.digit(p), Some(d), "{step:?}");
        }
        assert!(step.technique.level() <= logic.max_level, "{step:?}");
        assert!(!step.technique.needs_uniqueness(), "{step:?}");
    }
    assert_eq!(solved.grid().values(), solution.values(), "{size}");
}

/// Without any one orbit of its givens, the logic solver with `logic` no longer solves it.
fn assert_minimal_for(puzzle: &Grid, symmetry: Symmetry, logic: &LogicOptions) {
    for orbit in symmetry.orbits(puzzle.size()) {
        if !puzzle.entries()[orbit[0]].is_given() {
            continue;
        }
        let mut fewer = puzzle.clone();
        for &c in &orbit {
            fewer.set(Pos::from_index(c, puzzle.size()), Entry::Empty);
        }
        assert_ne!(
            solve(&fewer, logic).outcome,
            Outcome::Solved,
            "orbit {orbit:?} can go from {:?}",
            puzzle.values()
        );
    }
}

/// Everything a no-guess puzzle promises.
fn assert_no_guess(g: &Generated, options: &GenerateOptions) {
    let logic = allowed(options);
    assert_eq!(count(&g.puzzle), 1, "not unique: {:?}", g.puzzle.values());
    check_solution(&g.puzzle, &g.solution).expect("the reported solution solves the puzzle");
    assert_eq!(g.clues, g.puzzle.given_count());
    assert!(options.symmetry.holds(&g.puzzle));
    assert_solved_by_logic(&g.puzzle, &g.solution, &logic);
    assert_minimal_for(&g.puzzle, options.symmetry, &logic);
}

#[test]
fn no_guess_puzzles_are_unique_solved_by_logic_and_minimal_for_it() {
    for (n, seeds) in [(1usize, 1u64), (2, 40), (3, 12)] {
        for seed in 0..seeds {
            let options = GenerateOptions {
                no_guess: true,
                ..GenerateOptions::with_seed(seed)
            };
            assert_no_guess(&make(n, &options), &options);
        }
    }
}

#[test]
fn each_level_bounds_the_techniques_the_removal_relies_on() {
    for level in Level::ALL {
        let seeds = if level >= Level::Unfair { 1 } else { 3 };
        for seed in 0..seeds {
            let options = through(level, seed);
            let g = make(3, &options);
            assert_no_guess(&g, &options);
            let rating = g.rating.as_ref().expect("rated, since a level was given");
            assert_eq!(rating, &rate(&g.puzzle, true));
        }
    }
}

#[test]
fn no_guess_at_16x16_and_25x25() {
    let options = GenerateOptions {
        no_guess: true,
        symmetry: Symmetry::Rotate180,
        ..GenerateOptions::with_seed(5)
    };
    assert_no_guess(&make(4, &options), &options);
    let options = through(Level::Easy, 2);
    assert_no_guess(&make(5, &options), &options);
}

#[test]
fn every_symmetry_and_method_gives_a_symmetric_puzzle_minimal_within_it() {
    for method in Method::ALL {
        for symmetry in Symmetry::ALL {
            for (n, seeds) in [(2usize, 4u64), (3, 2)] {
                for seed in 0..seeds {
                    let options = GenerateOptions {
                        no_guess: true,
                        symmetry,
                        method,
                        ..GenerateOptions::with_seed(seed)
                    };
                    assert_no_guess(&make(n, &options), &options);
                }
            }
        }
    }
}

#[test]
fn a_difficulty_is_met_exactly_or_the_closest_is_reported() {
    // With no-guess, through the level asked for.
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for seed in 0..2 {
            let options = GenerateOptions {
                no_guess: true,
                difficulty: Some(level),
                ..GenerateOptions::with_seed(seed)
            };
            let g = make(3, &options);
            assert!(g.target_met, "{level} seed {seed}");
            assert_eq!(rate(&g.puzzle, true).level, Some(level));
            assert_eq!(g.rating.as_ref().and_then(|r| r.level), Some(level));
            assert_no_guess(&g, &options);
        }
    }
    // Without no-guess: truly minimal puzzles, rated.
    let options = GenerateOptions {
        difficulty: Some(Level::Hard),
        ..GenerateOptions::with_seed(3)
    };
    let g = make(3, &options);
    assert!(g.target_met);
    assert_eq!(rate(&g.puzzle, true).level, Some(Level::Hard));
    assert_eq!(brute_force_count(3, &g.puzzle.values(), 2), 1);
    for pos in g.puzzle.given_positions() {
        let mut fewer = g.puzzle.clone();
        fewer.set(pos, Entry::Empty);
        assert_eq!(brute_force_count(3, &fewer.values(), 2), 2, "{pos} can go");
    }
    // A 4x4 puzzle is never Unfair: every attempt is made and the closest kept.
    let options = GenerateOptions {
        no_guess: true,
        difficulty: Some(Level::Unfair),
        max_attempts: 5,
        ..GenerateOptions::with_seed(1)
    };
    let g = make(2, &options);
    assert!(!g.target_met);
    assert_eq!(g.attempts, 5);
    let rating = g.rating.expect("rated");
    assert_eq!(rating.level, Some(Level::Easy));
    assert_eq!(level_distance(Level::Unfair, &rating), 3);
}

#[test]
fn max_clues_and_difficulty_must_both_be_met() {
    let options = GenerateOptions {
        no_guess: true,
        difficulty: Some(Level::Medium),
        max_clues: Some(26),
        ..GenerateOptions::with_seed(4)
    };
    let g = make(3, &options);
    assert!(g.target_met);
    assert!(g.clues <= 26);
    assert_eq!(rate(&g.puzzle, true).level, Some(Level::Medium));
    // Out of reach: the closest by level comes first, then the fewest clues.
    let options = GenerateOptions {
        max_clues: Some(17),
        max_attempts: 4,
        ..options
    };
    let g = make(3, &options);
    assert!(!g.target_met);
    assert_eq!(g.attempts, 4);
    assert!(g.clues > 17);
}

#[test]
fn seeds_reproduce_and_differ() {
    for (n, seeds) in [(2usize, 8u64), (3, 6)] {
        let puzzles: Vec<Grid> = (0..seeds)
            .map(|s| make(n, &through(Level::Hard, s)).puzzle)
            .collect();
        for (s, p) in puzzles.iter().enumerate() {
            assert_eq!(&make(n, &through(Level::Hard, s as u64)).puzzle, p);
        }
        for (i, a) in puzzles.iter().enumerate() {
            for b in &puzzles[i + 1..] {
                assert_ne!(a, b, "box {n}");
            }
        }
    }
}

#[test]
fn the_formulation_changes_nothing_with_no_guess() {
    let reference = make(3, &through(Level::Medium, 9)).puzzle;
    for formulation in Formulation::ALL {
        let options = GenerateOptions {
            formulation,
            ..through(Level::Medium, 9)
        };
        assert_eq!(make(3, &options).puzzle, reference, "{formulation}");
    }
}

/// Every puzzle shown while clues go is solved by logic (so Stop and keep gives a no-guess
/// puzzle), none has more clues than the one before, the last is the result, and the removal
/// ends with `done == total` exactly once.
#[test]
fn puzzles_shown_during_removal_are_solved_by_logic() {
    for method in Method::ALL {
        for seed in 0..3 {
            let options = GenerateOptions {
                no_guess: true,
                method,
                symmetry: Symmetry::Rotate90,
                ..GenerateOptions::with_seed(seed)
            };
            let mut shown: Vec<Grid> = Vec::new();
            let mut ends = 0;
            let g = generate(size(3), &options, &mut |p: &Progress| {
                assert!(p.done <= p.total);
                ends += usize::from(p.phase == Phase::Removing && p.done == p.total);
                shown.extend(p.puzzle.cloned());
                Flow::Continue
            })
            .expect("generated");
            assert_eq!(ends, 1, "{method:?} seed {seed}");
            assert_eq!(shown.last(), Some(&g.puzzle));
            for pair in shown.windows(2) {
                assert!(pair[1].given_count() <= pair[0].given_count());
            }
            for puzzle in &shown {
                assert_solved_by_logic(puzzle, &g.solution, &allowed(&options));
            }
        }
    }
}

#[test]
fn stopping_from_the_callback_cancels() {
    let mut calls = 0;
    let options = GenerateOptions {
        no_guess: true,
        ..GenerateOptions::with_seed(1)
    };
    let r = generate(size(4), &options, &mut |p: &Progress| {
        calls += 1;
        if p.phase == Phase::Removing && p.done >= 100 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    assert_eq!(r, Err(GenerateError::Cancelled));
    assert!(calls > 1);
}

/// The largest sizes: the removal starts at once and every puzzle it shows is solved by
/// logic; stopped after a few hundred clues have gone, to stay quick.
#[test]
fn no_guess_runs_at_36x36_and_49x49() {
    for n in [6usize, 7] {
        let mut kept: Option<Grid> = None;
        let options = GenerateOptions {
            no_guess: true,
            ..GenerateOptions::with_seed(1)
        };
        let r = generate(size(n), &options, &mut |p: &Progress| match p.puzzle {
            Some(puzzle) if p.done >= 400 => {
                kept = Some(puzzle.clone());
                Flow::Stop
            }
            _ => Flow::Continue,
        });
        assert_eq!(r, Err(GenerateError::Cancelled));
        let puzzle = kept.expect("the removal reached 400 cells");
        assert!(puzzle.given_count() < size(n).cells());
        let solved = solve(&puzzle, &allowed(&options));
        assert_eq!(solved.outcome, Outcome::Solved);
        check_solution(&puzzle, &solved.grid()).expect("a valid solution");
    }
}

/// Whole no-guess puzzles at 36x36 and 49x49 (each takes from seconds to a minute or more,
/// natively in release): `cargo test --release --test generate_logic -- --ignored`.
///
/// `scripts/test` runs ignored tests when the data sets are present, in debug builds, where this
/// one would take far longer than the rest together; it runs only in optimised builds.
#[test]
#[ignore]
fn whole_no_guess_puzzles_at_36x36_and_49x49() {
    if cfg!(debug_assertions) {
        eprintln!("whole 36x36 and 49x49 generation runs only in optimised builds (--release)");
        return;
    }
    for n in [6usize, 7] {
        let options = GenerateOptions {
            no_guess: true,
            symmetry: Symmetry::Rotate180,
            ..GenerateOptions::with_seed(0)
        };
        let g = make(n, &options);
        assert!(options.symmetry.holds(&g.puzzle));
        assert_solved_by_logic(&g.puzzle, &g.solution, &allowed(&options));
    }
}

#[test]
fn the_no_guess_fixtures_reproduce() {
    assert!(common::check_no_guess_fixtures() >= 6);
}

/// Minimality for the allowed techniques at every level, on a sample at 9x9 and 16x16: no
/// single clue can go and leave the puzzle solved by the step-by-step logic solver (not the
/// removal's own solve). Through Hard the removal tries each clue once and relies on a
/// clue refused once being refused for good; this checks that reasoning on its output.
#[test]
fn no_clue_can_go_at_any_level_at_9x9_and_16x16() {
    for level in Level::ALL {
        for (n, seeds) in [(3usize, 0..4u64), (4, 0..1)] {
            for seed in seeds {
                let options = through(level, seed);
                let g = make(n, &options);
                let logic = allowed(&options);
                assert_solved_by_logic(&g.puzzle, &g.solution, &logic);
                assert_minimal_for(&g.puzzle, Symmetry::None, &logic);
            }
        }
    }
}

/// A puzzle the logic solves is proven unique by it: the same solution as the search's,
/// checked independently; one it cannot solve, or with several solutions, is left to the
/// search, and `certify` then answers as the search does.
#[test]
fn logic_proves_uniqueness_where_it_solves_and_leaves_the_rest_to_the_search() {
    for (n, seed) in [(3, 1), (3, 2), (4, 1)] {
        let g = make(n, &through(Level::Hard, seed));
        let found = logic::logical_solution(&g.puzzle).expect("a no-guess puzzle is solved");
        check_solution(&g.puzzle, &found).expect("a valid solution");
        let Certificate::Unique { solution } =
            analyze::uniqueness(&g.puzzle, Formulation::Propagation, None).expect("decided")
        else {
            panic!("a generated puzzle is unique");
        };
        assert_eq!(found, solution);
    }
    // Many solutions: the logic stops short and the search says so.
    let two = Grid::empty(size(2));
    assert_eq!(logic::logical_solution(&two), None);
    assert!(matches!(
        logic::certify(&two),
        Ok(Certificate::Multiple { .. })
    ));
}

/// A no-guess 49x49 with half its cells given is certified by logic: the search alone sits
/// at the hardness peak there (hint, steps and rate waited on it for minutes).
#[test]
fn a_half_given_no_guess_49x49_is_certified_by_logic() {
    let text = include_str!("e2e/no-guess-49.txt");
    let parsed = sudoku_lab::engine::format::parse(text).expect("the fixture reads");
    let Ok(Certificate::Unique { solution }) = logic::certify(&parsed.puzzle) else {
        panic!("certified unique");
    };
    check_solution(&parsed.puzzle, &solution).expect("a valid solution");
}

/// From 25x25 up the removal's logic pass ends by saying that the search's questions follow,
/// with its puzzle: one the logic solves, fewer clues than cells, so a page that hands over
/// the puzzle so far has one to keep while those questions run. Below 25x25 no report says so.
#[test]
fn the_logic_pass_hands_over_its_puzzle_before_the_search_questions() {
    let options = GenerateOptions::with_seed(0);
    let (mut earlier, mut kept) = (0, None);
    let r = generate(size(5), &options, &mut |p: &Progress| match p.puzzle {
        Some(puzzle) if p.slow_next => {
            kept = Some(puzzle.clone());
            Flow::Stop
        }
        _ => {
            earlier += 1;
            Flow::Continue
        }
    });
    assert_eq!(r, Err(GenerateError::Cancelled));
    let puzzle = kept.expect("the logic pass said the search follows");
    assert!(earlier > 1, "{earlier} reports before");
    assert!(puzzle.given_count() < size(5).cells());
    let solved = solve(&puzzle, &allowed(&options));
    assert_eq!(solved.outcome, Outcome::Solved);
    check_solution(&puzzle, &solved.grid()).expect("a valid solution");

    let mut said = false;
    generate(size(4), &options, &mut |p: &Progress| {
        said |= p.slow_next;
        Flow::Continue
    })
    .expect("generated");
    assert!(!said);
}
