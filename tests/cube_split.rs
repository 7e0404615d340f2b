//! The propagation and SAT searches split into cubes over threads (`formulation::cubes`) find
//! what one search finds: on random 9x9 and 16x16 puzzles with no, one and several solutions,
//! counts with and without a limit, with 1, 2 and 4 threads and 1 to 32 cubes, with and without
//! cubes split again mid-search; a unique puzzle's solution is the one search's whatever the
//! threads, and every solution passes the independent checker.
#![cfg(not(target_arch = "wasm32"))]

use std::time::Duration;
use sudoku_lab::engine::formulation::cubes::{Split, solve_split};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::cubes::Root;
use sudoku_lab::engine::search::{Cancel, Limits, Order, Searcher, Start};
use sudoku_lab::engine::{
    Digit, Entry, Formulation, Grid, Pos, Size, SolveOptions, Verdict, check_solution, solve,
};

/// A random complete grid with each cell kept as a given with probability `keep` percent,
/// and for one seed in three a clue that may contradict the rest.
fn random_puzzle(size: Size, seed: u64, keep: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let empty = Grid::empty(size);
    let mut s = Searcher::new(
        &Start::from_grid(&empty),
        Order::Random(rng.clone()),
        Limits::default(),
    );
    let values = s.next_solution().expect("a full grid").to_vec();
    let mut puzzle = Grid::empty(size);
    for (cell, &v) in values.iter().enumerate() {
        if (rng.below(100) as u64) < keep {
            let d = Digit::new(u64::from(v), size.side()).unwrap();
            puzzle.set(Pos::from_index(cell, size), Entry::Given(d));
        }
    }
    let cell = rng.below(size.cells());
    if seed.is_multiple_of(3) && puzzle.entries()[cell] == Entry::Empty {
        let d = Digit::new(1 + rng.below(size.side()) as u64, size.side()).unwrap();
        puzzle.set(Pos::from_index(cell, size), Entry::Given(d));
    }
    puzzle
}

fn options(max_solutions: Option<u64>) -> SolveOptions {
    SolveOptions {
        max_solutions,
        keep: usize::MAX,
        ..SolveOptions::default()
    }
}

fn sorted(grids: &[Grid]) -> Vec<Vec<u8>> {
    let mut all: Vec<Vec<u8>> = grids.iter().map(Grid::values).collect();
    all.sort();
    all
}

/// Compares the split search of `formulation` with one propagation search on one puzzle, for
/// every thread count and number of cubes, split by look-ahead or at the search's branch
/// points, with and without cubes split again for idle threads at once; returns the verdict
/// and the cubes made.
fn compare(
    puzzle: &Grid,
    formulation: Formulation,
    max_solutions: Option<u64>,
) -> (Verdict, usize) {
    let one = solve(puzzle, Formulation::Propagation, &options(max_solutions)).expect("one search");
    let mut made = 0;
    let hand_offs = [
        (None, false),
        (Some(Duration::ZERO), false),
        (None, true),
        (Some(Duration::ZERO), true),
    ];
    for threads in [1, 2, 4] {
        for cubes in [1, 2, 5, 16, 32] {
            for (hand_off, lookahead) in hand_offs {
                let split = Split {
                    threads,
                    cubes,
                    hand_off,
                    lookahead,
                };
                let (r, s) = solve_split(puzzle, formulation, &options(max_solutions), &split)
                    .expect("the split answers");
                let what = format!("{formulation:?} {split:?} {max_solutions:?} {puzzle:?}");
                made += s.made;
                assert_eq!(r.verdict(), one.verdict(), "{what}");
                assert_eq!(r.exhaustive, one.exhaustive, "{what}");
                assert_eq!(r.count, one.count, "{what}");
                assert_eq!(s.busy.len(), threads, "{what}");
                // Each solution is given by one cube; past the count wanted, racing threads may
                // give more than the count keeps.
                let given: u64 = s.cubes.iter().map(|c| c.solutions).sum();
                assert!(given >= r.count, "{what}");
                if r.exhaustive {
                    assert_eq!(given, r.count, "{what}");
                }
                assert!(s.cubes.iter().all(|c| c.started <= s.wall), "{what}");
                for g in &r.solutions {
                    check_solution(puzzle, g).expect("a valid solution");
                }
                let mut distinct = sorted(&r.solutions);
                distinct.dedup();
                assert_eq!(distinct.len(), r.solutions.len(), "{what}");
                if one.exhaustive {
                    // Every solution was found: the same set, whatever the order.
                    assert_eq!(sorted(&r.solutions), sorted(&one.solutions), "{what}");
                }
            }
        }
    }
    (one.verdict(), made)
}

fn cases(formulation: Formulation) {
    let mut verdicts = Vec::new();
    let mut made = 0;
    // Box size, the share of a full grid's cells given, and from which share every solution
    // is counted (fewer givens leave too many solutions to list).
    let cases: [(usize, &[u64], u64); 2] = [(3, &[30, 38, 45, 55], 45), (4, &[50, 60, 70], 70)];
    for (box_size, keeps, all_from) in cases {
        let size = Size::new(box_size).unwrap();
        for &keep in keeps {
            for seed in 0..3 {
                let puzzle = random_puzzle(size, seed * 101 + keep, keep);
                // Solve's question, an exact count up to 20, and every solution.
                for max in [Some(2), Some(21), None] {
                    if max.is_none() && keep < all_from {
                        continue;
                    }
                    let (verdict, m) = compare(&puzzle, formulation, max);
                    verdicts.push(verdict);
                    made += m;
                }
            }
        }
    }
    for wanted in [Verdict::NoSolution, Verdict::Unique, Verdict::Multiple] {
        assert!(verdicts.contains(&wanted), "no case gave {wanted:?}");
    }
    assert!(made > 0, "no cube was made");
}

#[test]
fn the_split_propagation_search_finds_what_one_search_finds() {
    cases(Formulation::Propagation);
}

#[test]
fn the_split_cdcl_search_finds_what_one_search_finds() {
    cases(Formulation::Sat);
}

/// The root's alternatives are disjoint and cover the puzzle: their cubes' solutions, counted
/// one by one, are the puzzle's.
#[test]
fn the_roots_alternatives_share_out_the_solutions() {
    let size = Size::new(3).unwrap();
    let mut branched = 0;
    for seed in 0..20 {
        let puzzle = random_puzzle(size, 500 + seed, 40);
        let all = solve(&puzzle, Formulation::Propagation, &options(None)).unwrap();
        let places = match Start::from_grid(&puzzle).root() {
            Root::Refuted => {
                assert_eq!(all.count, 0, "{puzzle:?}");
                continue;
            }
            Root::Solved(values) => {
                assert_eq!(all.count, 1, "{puzzle:?}");
                assert_eq!(all.solutions[0].values(), values, "{puzzle:?}");
                continue;
            }
            Root::Branch(places) => places,
        };
        branched += 1;
        assert!(places.len() >= 2, "{puzzle:?}");
        let mut parts = Vec::new();
        for (cell, value) in places {
            let mut cube = puzzle.clone();
            let d = Digit::new(u64::from(value), size.side()).unwrap();
            cube.set(Pos::from_index(cell, size), Entry::Given(d));
            let r = solve(&cube, Formulation::Propagation, &options(None)).unwrap();
            parts.extend(r.solutions.iter().map(Grid::values));
        }
        parts.sort();
        assert_eq!(parts, sorted(&all.solutions), "{puzzle:?}");
    }
    assert!(branched > 0, "no root branched");
}

/// A unique puzzle's answer does not depend on the threads: the one search's solution, checked.
#[test]
fn a_unique_puzzle_has_the_same_answer_on_any_number_of_threads() {
    let size = Size::new(4).unwrap();
    let mut seen = 0;
    for seed in 0..12 {
        let puzzle = random_puzzle(size, 7000 + seed, 50);
        let one = solve(&puzzle, Formulation::Propagation, &SolveOptions::default()).unwrap();
        if one.verdict() != Verdict::Unique {
            continue;
        }
        seen += 1;
        for formulation in [Formulation::Propagation, Formulation::Sat] {
            for (threads, lookahead) in [1, 2, 4].into_iter().flat_map(|t| [(t, false), (t, true)])
            {
                let split = Split {
                    threads,
                    cubes: 8,
                    hand_off: None,
                    lookahead,
                };
                let (r, _) =
                    solve_split(&puzzle, formulation, &SolveOptions::default(), &split).unwrap();
                let what = format!("{formulation:?} {split:?}");
                assert_eq!(r.verdict(), Verdict::Unique, "{what}");
                assert_eq!(r.solutions, one.solutions, "{what}");
                check_solution(&puzzle, &r.solutions[0]).expect("a valid solution");
            }
        }
    }
    assert!(seen > 0, "no unique puzzle among the seeds");
}

/// Cubes split again for an idle thread give no solution twice: a count of the nearly empty
/// 16x16 grid up to a limit, one cube at first and two threads, so one thread idles from the
/// start and the cube is split again at once, and again whenever a thread idles.
#[test]
fn cubes_split_again_for_idle_threads_give_each_solution_once() {
    let puzzle = random_puzzle(Size::new(4).unwrap(), 11, 10);
    let mut resplits = 0;
    for formulation in [Formulation::Propagation, Formulation::Sat] {
        for cubes in [1, 2] {
            let split = Split {
                threads: 2,
                cubes,
                hand_off: Some(Duration::ZERO),
                lookahead: false,
            };
            let (r, s) = solve_split(&puzzle, formulation, &options(Some(300)), &split).unwrap();
            let what = format!("{formulation:?} {cubes}");
            resplits += s.resplits;
            assert_eq!((r.count, r.exhaustive), (300, false), "{what}");
            let mut distinct = sorted(&r.solutions);
            distinct.dedup();
            assert_eq!(distinct.len(), 300, "{what}");
            for g in &r.solutions {
                check_solution(&puzzle, g).expect("a valid solution");
            }
        }
    }
    assert!(resplits > 0, "no cube was split again");
}

/// A count to the end with cubes split again for an idle thread is still a proof: the same
/// count as one search, exhaustive, on 16x16 puzzles with hundreds to thousands of solutions.
#[test]
fn a_count_with_cubes_split_again_is_exhaustive() {
    let size = Size::new(4).unwrap();
    let (mut tried, mut resplits) = (0, 0);
    for seed in 0..40 {
        let puzzle = random_puzzle(size, 9100 + seed, 50);
        let one = solve(&puzzle, Formulation::Propagation, &options(Some(3001))).unwrap();
        if !one.exhaustive || one.count < 300 {
            continue;
        }
        tried += 1;
        for formulation in [Formulation::Propagation, Formulation::Sat] {
            let split = Split {
                threads: 2,
                cubes: 1,
                hand_off: Some(Duration::ZERO),
                lookahead: false,
            };
            let (r, s) = solve_split(&puzzle, formulation, &options(None), &split).unwrap();
            resplits += s.resplits;
            assert_eq!(
                (r.count, r.exhaustive),
                (one.count, true),
                "{formulation:?}"
            );
            assert_eq!(
                sorted(&r.solutions),
                sorted(&one.solutions),
                "{formulation:?}"
            );
        }
        if tried >= 3 {
            break;
        }
    }
    assert!(
        tried > 0,
        "no puzzle with hundreds to thousands of solutions"
    );
    assert!(resplits > 0, "no cube was split again");
}

/// Line 3 of the gecode set of sparse minimal 25x25 puzzles: unique, and its proof takes CDCL
/// long enough for an idle thread to have its cube split again.
const GECODE_25_3: &str = "5 0 25 12 0 0 7 0 0 19 0 0 18 0 0 0 3 0 0 17 0 22 0 2 21 17 0 0 0 0 0 0 0 15 0 0 13 10 0 0 23 0 16 0 0 0 9 0 0 25 0 0 0 3 21 12 25 2 0 5 4 0 7 1 0 11 0 0 0 0 19 0 8 0 0 7 6 22 8 0 0 0 3 10 0 0 0 17 0 0 12 0 13 0 15 24 0 0 0 0 0 0 0 13 20 0 0 16 18 0 0 11 0 21 0 6 0 8 0 1 4 0 0 0 0 10 0 0 0 0 0 0 22 0 0 0 0 13 0 6 0 23 0 25 0 0 0 0 24 2 0 0 0 14 5 11 21 15 0 0 9 2 0 0 3 10 19 12 0 0 6 18 0 0 0 0 25 23 19 0 6 0 0 14 7 10 0 8 0 0 18 22 0 24 21 1 0 16 0 12 0 21 3 0 0 0 24 0 23 0 5 0 20 18 0 4 6 0 0 0 0 0 9 14 0 0 18 0 16 0 10 0 0 2 8 0 22 11 25 0 0 0 14 0 0 17 19 3 0 7 19 0 7 4 0 21 0 0 13 1 24 9 6 0 10 3 0 22 0 0 0 16 18 0 0 14 0 0 0 1 0 0 0 20 0 0 0 0 19 0 0 0 25 6 0 7 0 12 0 9 8 22 0 0 10 9 19 24 0 15 0 25 0 0 1 0 0 0 4 0 14 3 23 6 0 0 0 0 18 0 3 0 7 0 0 0 0 0 0 0 14 21 0 12 13 0 0 17 0 0 0 0 0 0 13 14 2 0 0 25 0 0 0 23 0 0 0 0 0 0 0 0 0 20 0 0 24 0 7 0 15 20 18 1 0 0 16 19 0 23 0 0 0 0 0 9 0 25 8 0 0 8 9 0 0 17 0 0 11 23 22 7 3 13 0 20 15 19 0 0 18 0 6 0 10 25 13 11 23 0 0 0 9 22 0 0 12 0 0 0 0 0 24 0 6 0 0 7 0 0 0 15 0 20 0 0 0 4 0 0 21 10 9 11 0 0 12 0 14 7 5 0 0 16 23 16 0 10 0 0 0 0 0 7 0 8 0 0 0 0 0 17 0 0 0 0 24 0 3 0 11 0 0 0 12 0 0 0 4 0 0 0 0 0 0 8 20 0 3 0 25 0 0 0 0 13 17 14 5 0 0 15 10 0 0 0 19 0 3 0 0 11 0 2 0 20 12 0 9 8 0 0 0 15 0 0 0 5 0 0 0 0 23 0 0 19 9 0 0 0 0 0 0 18 0 0 19 0 0 0 25 0 0 24 0 11 20 0 0 0 0 18 0 22 0 3 0 0 5 0 9 0 0 0 8 0 11 0 6 0 13 0 22 0 18 0 0 17 0 5 16 0 19 4 0";

/// Solve's question with cubes split again for an idle thread after the solution was given:
/// the children must not count it again, nor stop at it, so "unique" stays a proof.
#[test]
fn a_unique_puzzle_stays_unique_with_cubes_split_again() {
    let puzzle = sudoku_lab::engine::format::parse(GECODE_25_3)
        .unwrap()
        .puzzle;
    let mut resplits = 0;
    for formulation in [Formulation::Sat, Formulation::Propagation] {
        let split = Split {
            threads: 2,
            cubes: 1,
            hand_off: Some(Duration::ZERO),
            lookahead: false,
        };
        let (r, s) = solve_split(&puzzle, formulation, &SolveOptions::default(), &split).unwrap();
        resplits += s.resplits;
        assert_eq!(r.verdict(), Verdict::Unique, "{formulation:?}");
        check_solution(&puzzle, &r.solutions[0]).expect("a valid solution");
    }
    assert!(resplits > 0, "no cube was split again");
}

/// The look-ahead split of a sparse 25x25 puzzle, as the command line splits it: the cubes
/// carry the candidates probing ruled out, and the proof of uniqueness still holds for both
/// formulations (CDCL conquering, and the propagation search).
#[test]
fn a_sparse_25x25_puzzle_split_by_look_ahead_is_proved_unique() {
    let puzzle = sudoku_lab::engine::format::parse(GECODE_25_3)
        .unwrap()
        .puzzle;
    for formulation in [Formulation::Sat, Formulation::Propagation] {
        let split = Split {
            threads: 2,
            cubes: 32,
            hand_off: None,
            lookahead: true,
        };
        let (r, s) = solve_split(&puzzle, formulation, &SolveOptions::default(), &split).unwrap();
        assert_eq!(r.verdict(), Verdict::Unique, "{formulation:?}");
        assert!(s.made + s.refuted > 1, "{formulation:?}: not split");
        check_solution(&puzzle, &r.solutions[0]).expect("a valid solution");
    }
}

/// A raised cancel flag stops every thread: the answer is not a proof. The empty 16x16 grid
/// has more solutions than any search could list, so only the flag can end it.
#[test]
fn a_cancelled_split_search_decides_nothing() {
    let puzzle = Grid::empty(Size::new(4).unwrap());
    for formulation in [Formulation::Propagation, Formulation::Sat] {
        for (delay, lookahead) in [(0, false), (50, false), (0, true), (50, true)] {
            let cancel = Cancel::new();
            let options = SolveOptions {
                max_solutions: None,
                keep: 0,
                limits: Limits {
                    max_nodes: None,
                    cancel: Some(cancel.clone()),
                },
            };
            let split = Split {
                threads: 2,
                cubes: 4,
                hand_off: None,
                lookahead,
            };
            let flag = cancel.clone();
            let raiser = std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(delay));
                flag.cancel();
            });
            let (r, _) = solve_split(&puzzle, formulation, &options, &split).unwrap();
            raiser.join().unwrap();
            assert!(!r.exhaustive, "{formulation:?} {delay}");
            let verdict = r.verdict();
            let undecided = matches!(verdict, Verdict::Unknown | Verdict::Multiple);
            assert!(undecided, "{formulation:?} {delay}: {verdict:?}");
        }
    }
}
