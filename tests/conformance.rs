//! Every formulation against one fixture file of exact counts, and against each other on
//! random small puzzles.

#[path = "common/brute.rs"]
mod brute;
#[path = "common/query.rs"]
mod query;

use brute::brute_force_count;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::BTreeSet;
use sudoku_lab::engine::format;
use sudoku_lab::engine::formulation::{SolveError, Stats};
use sudoku_lab::engine::formulation::{mip, sat};
use sudoku_lab::engine::generate::random_full_grid;
use sudoku_lab::engine::grid::UnitKind;
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::{Flow, Halt, Limits, Order, Searcher, Sink, Start};
use sudoku_lab::engine::{
    CheckError, Digit, Formulation, Grid, Pos, Query, Size, check_solution, check_values,
};

/// Counts above this are compared as "at least this many".
const LIMIT: u64 = 400;

struct Case {
    line: usize,
    puzzle: Grid,
    count: u64,
    solution: Option<Grid>,
}

fn fixture() -> Vec<Case> {
    let text = include_str!("fixtures/conformance.txt");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let mut parts = l.split(':');
            let puzzle = format::parse_line(parts.next().unwrap()).unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            let solution = parts
                .next()
                .filter(|s| !s.is_empty())
                .map(|s| format::parse_line(s).unwrap());
            Case {
                line: i + 1,
                puzzle,
                count,
                solution,
            }
        })
        .collect()
}

/// Every solution of a query up to `max`, with how the run ended.
fn solutions(f: Formulation, query: &Query, max: u64) -> (Vec<Vec<u8>>, Halt) {
    let mut found = Vec::new();
    let stats = f
        .run(query, &Limits::default(), &mut |v: &[u8]| {
            found.push(v.to_vec());
            if found.len() as u64 >= max {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .unwrap_or_else(|e| panic!("{f}: {e}"));
    (found, stats.halt.expect("halt is always set"))
}

#[test]
fn fixture_counts_are_right_by_brute_force_on_small_grids() {
    let mut checked = 0;
    for case in fixture().iter().filter(|c| c.puzzle.size().box_size() <= 2) {
        assert_eq!(
            brute_force_count(
                case.puzzle.size().box_size(),
                &case.puzzle.values(),
                u64::MAX
            ),
            case.count,
            "line {}",
            case.line
        );
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn every_formulation_matches_the_fixture() {
    let cases = fixture();
    for f in Formulation::ALL {
        for case in cases
            .iter()
            .filter(|c| c.puzzle.size().box_size() <= f.max_box())
        {
            let (found, halt) = solutions(f, &Query::new(&case.puzzle), LIMIT);
            let at = format!("{f} on line {}", case.line);
            assert_eq!(found.len() as u64, case.count.min(LIMIT), "{at}");
            assert_eq!(
                halt == Halt::Exhausted,
                case.count < LIMIT,
                "{at}: {halt:?}"
            );
            let distinct: BTreeSet<_> = found.iter().collect();
            assert_eq!(distinct.len(), found.len(), "{at}: repeated solution");
            for values in &found {
                let grid = case.puzzle.with_solution(values);
                check_solution(&case.puzzle, &grid).unwrap_or_else(|e| panic!("{at}: {e}"));
            }
            if let Some(expected) = &case.solution {
                assert_eq!(found[0], expected.values(), "{at}");
            }
        }
    }
}

/// A random puzzle: a random full grid, cells removed, and sometimes a random extra clue
/// (which may leave no solution), plus sometimes a forbidden pair.
fn random_query(box_size: usize, seed: u64, removed: f64) -> (Grid, Vec<(Pos, Digit)>) {
    let size = Size::new(box_size).unwrap();
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(
        &Start::from_grid(&Grid::empty(size)),
        Order::Random(rng.clone()),
        Limits::default(),
    );
    let full = searcher
        .next_solution()
        .expect("every size has a solution")
        .to_vec();
    let blank = ((removed * 1000.0) as usize, 1000);
    query::perturb(size, full, &mut rng, blank, 3)
}

#[test]
fn formulations_agree_on_random_small_puzzles() {
    const CAP: u64 = 30;
    let config = Config {
        cases: 48,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let strategy = (1usize..=3, any::<u64>(), 0.2f64..0.75);
    runner
        .run(&strategy, |(box_size, seed, removed)| {
            let (puzzle, forbidden) = random_query(box_size, seed, removed);
            let query = Query {
                grid: &puzzle,
                forbidden: &forbidden,
                hint: None,
            };
            let (reference, ref_halt) = solutions(Formulation::Propagation, &query, CAP);
            for f in Formulation::ALL {
                let (found, halt) = solutions(f, &query, CAP);
                prop_assert_eq!(found.len(), reference.len(), "{} count", f);
                prop_assert_eq!(halt, ref_halt, "{} halt", f);
                for values in &found {
                    let grid = puzzle.with_solution(values);
                    prop_assert!(check_solution(&puzzle, &grid).is_ok(), "{} invalid", f);
                    for &(p, d) in &forbidden {
                        prop_assert_ne!(values[p.index(puzzle.size())], d.get(), "{}", f);
                    }
                }
                if ref_halt == Halt::Exhausted {
                    let a: BTreeSet<_> = found.iter().collect();
                    let b: BTreeSet<_> = reference.iter().collect();
                    prop_assert_eq!(a, b, "{} solution set", f);
                }
            }
            // A hint (an unrelated full grid) reorders the propagation search, never its answers.
            let hint = random_full_grid(puzzle.size(), &mut Rng::new(seed), None)
                .expect("a full grid")
                .values();
            let hinted = Query {
                hint: Some(&hint),
                ..query
            };
            let (found, halt) = solutions(Formulation::Propagation, &hinted, CAP);
            prop_assert_eq!(halt, ref_halt, "hinted halt");
            prop_assert_eq!(found.len(), reference.len(), "hinted count");
            if ref_halt == Halt::Exhausted {
                let a: BTreeSet<_> = found.iter().collect();
                let b: BTreeSet<_> = reference.iter().collect();
                prop_assert_eq!(a, b, "hinted solution set");
            }
            if !forbidden.is_empty() {
                let (optimum, _) = mip::minimise_forbidden(&query, &Limits::default()).unwrap();
                let free = Query::new(&puzzle);
                let any = !solutions(Formulation::Propagation, &free, 1).0.is_empty();
                // Optimum 0 exactly when a solution avoids the pair; none at all without solutions.
                match &optimum {
                    mip::Optimum::Value { used, solution } => {
                        prop_assert!(any);
                        prop_assert_eq!(*used == 0, !reference.is_empty());
                        prop_assert!(
                            check_solution(&puzzle, &puzzle.with_solution(solution)).is_ok()
                        );
                    }
                    other => prop_assert_eq!((other, any), (&mip::Optimum::Infeasible, false)),
                }
            }
            Ok(())
        })
        .unwrap();
}

/// The generator's question: with clue (a,b)=T removed from a unique puzzle, the minimum of
/// x[a,b,T] is 1 exactly when the other clues imply it.
#[test]
fn mip_objective_decides_implied_clues() {
    let cases = fixture();
    let mut implied = 0;
    let mut free = 0;
    for case in cases
        .iter()
        .filter(|c| c.count == 1 && c.puzzle.size().box_size() <= 3)
    {
        let size = case.puzzle.size();
        for p in case.puzzle.given_positions().into_iter().take(6) {
            let d = case.puzzle.digit(p).unwrap();
            let mut reduced = case.puzzle.clone();
            reduced.set(p, sudoku_lab::engine::Entry::Empty);
            let forbidden = [(p, d)];
            let query = Query {
                grid: &reduced,
                forbidden: &forbidden,
                hint: None,
            };
            let (optimum, _) = mip::minimise_forbidden(&query, &Limits::default()).unwrap();
            let (others, _) = solutions(Formulation::Propagation, &query, 1);
            let mip::Optimum::Value { used, .. } = optimum else {
                panic!("{size} {p}: {optimum:?}");
            };
            assert_eq!(used, u64::from(others.is_empty()), "{size} {p}");
            if others.is_empty() {
                implied += 1
            } else {
                free += 1
            }
        }
    }
    assert!(
        implied > 0 && free > 0,
        "the fixture exercises both answers"
    );
}

/// From 25x25 up the propagation search adds the all-different matching rule; exact cover,
/// which shares no code with it, must find the same solutions. (Sparser grids than these take
/// exact cover seconds to minutes.)
#[test]
fn propagation_and_exact_cover_agree_on_random_25x25_puzzles() {
    const CAP: u64 = 12;
    for seed in 0..7u64 {
        let removed = 0.4 + 0.02 * seed as f64;
        let (puzzle, forbidden) = random_query(5, seed, removed);
        let query = Query {
            grid: &puzzle,
            forbidden: &forbidden,
            hint: None,
        };
        let (found, halt) = solutions(Formulation::Propagation, &query, CAP);
        let (reference, ref_halt) = solutions(Formulation::ExactCover, &query, CAP);
        assert_eq!(
            (found.len(), halt),
            (reference.len(), ref_halt),
            "seed {seed}"
        );
        for values in &found {
            let grid = puzzle.with_solution(values);
            assert!(check_solution(&puzzle, &grid).is_ok(), "seed {seed}");
        }
        if halt == Halt::Exhausted {
            let a: BTreeSet<_> = found.iter().collect();
            let b: BTreeSet<_> = reference.iter().collect();
            assert_eq!(a, b, "seed {seed}");
        }
    }
}

/// MIP accepts every size: nearly full 36x36 and 49x49 grids (with the random extra clue and
/// forbidden pair of [`random_query`]) get the propagation search's answers, and the objective
/// test agrees with it on whether a solution avoids the forbidden pair.
#[test]
fn mip_answers_nearly_full_36x36_and_49x49_grids() {
    const CAP: u64 = 3;
    for (box_size, removed) in [(6, 0.08), (7, 0.05)] {
        for seed in 0..2u64 {
            let (puzzle, forbidden) = random_query(box_size, seed, removed);
            let query = Query {
                grid: &puzzle,
                forbidden: &forbidden,
                hint: None,
            };
            let at = format!("{} seed {seed}", puzzle.size());
            let (found, halt) = solutions(Formulation::Mip, &query, CAP);
            let (reference, ref_halt) = solutions(Formulation::Propagation, &query, CAP);
            assert_eq!((found.len(), halt), (reference.len(), ref_halt), "{at}");
            if halt == Halt::Exhausted {
                let a: BTreeSet<_> = found.iter().collect();
                let b: BTreeSet<_> = reference.iter().collect();
                assert_eq!(a, b, "{at}");
            }
            let (optimum, _) = mip::minimise_forbidden(&query, &Limits::default()).unwrap();
            match optimum {
                mip::Optimum::Value { used, .. } => {
                    assert_eq!(used == 0, !reference.is_empty(), "{at}")
                }
                other => assert!(
                    reference.is_empty() && other == mip::Optimum::Infeasible,
                    "{at}: {other:?}"
                ),
            }
        }
    }
}

/// `sat::run_kept` keeps one solver per size between puzzles; a run of puzzles of mixed sizes,
/// with forbidden pairs and extra clues, gets from it what a new solver per puzzle gets.
#[test]
fn sat_kept_solvers_answer_as_fresh_ones() {
    const CAP: u64 = 12;
    type Run = fn(&Query, &Limits, &mut dyn Sink, &sat::CnfOptions) -> Result<Stats, SolveError>;
    let up_to_cap = |run: Run, query: &Query| {
        let mut found = Vec::new();
        let options = sat::CnfOptions::for_size(query.grid.size());
        let mut sink = |v: &[u8]| {
            found.push(v.to_vec());
            if found.len() as u64 >= CAP {
                Flow::Stop
            } else {
                Flow::Continue
            }
        };
        let stats = run(query, &Limits::default(), &mut sink, &options).unwrap();
        (found, stats)
    };
    let mut rng = Rng::new(23);
    let mut multiple = 0;
    for i in 0..120u64 {
        let box_size = [1, 2, 3, 3, 4, 2, 3][rng.below(7)];
        let removed = if box_size == 4 {
            0.45
        } else {
            0.3 + 0.5 * (i % 5) as f64 / 5.0
        };
        let (puzzle, forbidden) = random_query(box_size, 1000 + i, removed);
        let query = Query {
            grid: &puzzle,
            forbidden: &forbidden,
            hint: None,
        };
        let at = format!("{} puzzle {i}", puzzle.size());
        let (kept, stats) = up_to_cap(sat::run_kept, &query);
        let (reference, ref_stats) = up_to_cap(sat::run_with, &query);
        assert_eq!(stats.halt, ref_stats.halt, "{at}");
        assert_eq!(
            (stats.variables, stats.constraints),
            (ref_stats.variables, ref_stats.constraints),
            "{at}"
        );
        assert_eq!(kept.len(), reference.len(), "{at}");
        if stats.halt == Some(Halt::Exhausted) {
            let a: BTreeSet<_> = kept.iter().collect();
            let b: BTreeSet<_> = reference.iter().collect();
            assert_eq!(a, b, "{at}");
        }
        multiple += usize::from(kept.len() > 1);
    }
    assert!(
        multiple > 10,
        "the run exercises blocking clauses: {multiple}"
    );
}

/// A forbidden pair outside the grid is refused by every formulation alike; read as an index
/// it would land on a neighbouring cell, where the formulations would disagree.
#[test]
fn every_formulation_refuses_forbidden_pairs_outside_the_grid() {
    let cases = [
        (2, Pos::new(0, 0), 6),
        (3, Pos::new(8, 8), 10),
        (3, Pos::new(0, 9), 1),
        (3, Pos::new(9, 0), 1),
    ];
    for (box_size, p, v) in cases {
        let grid = Grid::empty(Size::new(box_size).unwrap());
        let forbidden = [(p, Digit::new(v, 49).unwrap())];
        let query = Query {
            grid: &grid,
            forbidden: &forbidden,
            hint: None,
        };
        for f in Formulation::ALL {
            let mut sink = |_: &[u8]| Flow::Stop;
            let result = f.run(&query, &Limits::default(), &mut sink);
            assert!(
                matches!(result, Err(SolveError::BadQuery { pos, .. }) if pos == p),
                "{f} {p} {v}: {result:?}"
            );
        }
        let result = mip::minimise_forbidden(&query, &Limits::default());
        assert!(
            matches!(result, Err(SolveError::BadQuery { pos, .. }) if pos == p),
            "{result:?}"
        );
    }
}

#[test]
fn the_checker_names_what_is_wrong() {
    let puzzle = format::parse("1.......2.......").unwrap().puzzle;
    let good: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
    assert_eq!(check_values(&puzzle, &[], &good), Ok(()));
    let with = |i: usize, v: u8| {
        let mut values = good.clone();
        values[i] = v;
        values
    };
    let cases = [
        (with(5, 0), CheckError::Empty(Pos::new(1, 1))),
        (with(5, 5), CheckError::OutOfRange(Pos::new(1, 1))),
        (with(0, 2), CheckError::GivenChanged(Pos::new(0, 0))),
        (
            with(3, 3),
            CheckError::Duplicate {
                unit: UnitKind::Row,
                index: 0,
            },
        ),
    ];
    for (values, want) in cases {
        assert_eq!(check_values(&puzzle, &[], &values), Err(want));
    }
    assert_eq!(
        check_values(&puzzle, &[], &good[1..]),
        Err(CheckError::SizeMismatch)
    );
    let three = [(Pos::new(1, 3), Digit::new(2, 4).unwrap())];
    assert_eq!(
        check_values(&puzzle, &three, &good),
        Err(CheckError::Forbidden(Pos::new(1, 3)))
    );
}
