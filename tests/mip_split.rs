//! The MIP's search split into cubes over threads (`mip::split`) finds what the one tree
//! finds: on random 9x9 and 16x16 puzzles with no, one and several solutions, counts with and
//! without a limit, with 1, 2 and 4 threads and several numbers of cubes; a unique puzzle's
//! solution is the one tree's whatever the threads, and passes the independent checker.
#![cfg(not(target_arch = "wasm32"))]

use sudoku_lab::engine::formulation::mip::split::{self, Split};
use sudoku_lab::engine::rng::Rng;
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

/// Compares the split search with the one tree on one puzzle, for every thread count and
/// number of cubes; returns the verdict and how many trees were split.
fn compare(puzzle: &Grid, max_solutions: Option<u64>) -> (Verdict, u64, u64) {
    let one = solve(puzzle, Formulation::Mip, &options(max_solutions)).expect("the MIP answers");
    let (mut splits, mut handed) = (0, 0);
    for threads in [1, 2, 4] {
        for cubes in [1, 2, 5, 16] {
            if threads == 1 && cubes == 1 {
                continue; // the one tree itself
            }
            let split = Split { threads, cubes };
            let (r, mip, s) =
                split::solve(puzzle, &options(max_solutions), &split).expect("the split answers");
            let what = format!("{threads} threads, {cubes} cubes, {puzzle:?}");
            splits += s.splits;
            handed += s.handed_away;
            assert_eq!(r.verdict(), one.verdict(), "{what}");
            assert_eq!(r.exhaustive, one.exhaustive, "{what}");
            assert_eq!(r.count, one.count, "{what}");
            assert_eq!(s.busy.len(), threads, "{what}");
            assert_eq!(mip.nodes, r.stats.nodes.expect("nodes"), "{what}");
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
    (one.verdict(), splits, handed)
}

#[test]
fn the_split_search_finds_what_one_tree_finds() {
    let mut verdicts = Vec::new();
    let (mut splits, mut handed) = (0, 0);
    // Box size, the share of a full grid's cells given, and from which share every solution
    // is counted (fewer givens leave too many for the MIP's one cut per solution).
    let cases: [(usize, &[u64], u64); 2] = [(3, &[30, 38, 45, 55], 55), (4, &[50, 60, 70], 70)];
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
                    let (verdict, s, h) = compare(&puzzle, max);
                    verdicts.push(verdict);
                    splits += s;
                    handed += h;
                }
            }
        }
    }
    for wanted in [Verdict::NoSolution, Verdict::Unique, Verdict::Multiple] {
        assert!(verdicts.contains(&wanted), "no case gave {wanted:?}");
    }
    assert!(splits > 0, "no tree was split");
    assert!(handed > 0, "no part was handed away");
}

/// A unique puzzle's answer does not depend on the threads: the one tree's solution, checked.
#[test]
fn a_unique_puzzle_has_the_same_answer_on_any_number_of_threads() {
    let size = Size::new(4).unwrap();
    let mut seen = 0;
    for seed in 0..12 {
        let puzzle = random_puzzle(size, 7000 + seed, 50);
        let one = solve(&puzzle, Formulation::Mip, &SolveOptions::default()).unwrap();
        if one.verdict() != Verdict::Unique {
            continue;
        }
        seen += 1;
        for threads in [1, 2, 4] {
            let split = Split { threads, cubes: 8 };
            let (r, _, _) = split::solve(&puzzle, &SolveOptions::default(), &split).unwrap();
            assert_eq!(r.verdict(), Verdict::Unique, "{threads} threads");
            assert_eq!(r.solutions, one.solutions, "{threads} threads");
            check_solution(&puzzle, &r.solutions[0]).expect("a valid solution");
        }
    }
    assert!(seen > 0, "no unique puzzle among the seeds");
}

/// A raised cancel flag stops every thread: the answer is not a proof.
#[test]
fn a_cancelled_split_search_decides_nothing() {
    let puzzle = Grid::empty(Size::new(4).unwrap());
    let cancel = Cancel::new();
    cancel.cancel();
    let options = SolveOptions {
        max_solutions: None,
        keep: 0,
        limits: Limits {
            max_nodes: None,
            cancel: Some(cancel),
        },
    };
    let split = Split {
        threads: 2,
        cubes: 4,
    };
    let (r, _, _) = split::solve(&puzzle, &options, &split).unwrap();
    assert!(!r.exhaustive);
    assert_eq!(r.verdict(), Verdict::Unknown);
}
