//! The uniqueness question of the logic commands, split over the cores as `count` splits it
//! (`batch::split::certify`: cubes on 25x25, a race from 36x36), answers as the one
//! propagation search does: on random puzzles with no, one and several solutions, each
//! solution checked independently.
#![cfg(not(target_arch = "wasm32"))]

use sudoku_lab::batch::split::certify;
use sudoku_lab::engine::analyze::{Certificate, uniqueness};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::{Limits, Order, Searcher, Start};
use sudoku_lab::engine::{Digit, Entry, Formulation, Grid, Pos, Size, check_solution};

/// A random complete grid with each cell kept as a given with probability `keep` percent,
/// and for odd seeds one more clue that may contradict the rest.
fn random_puzzle(size: Size, seed: u64, keep: usize) -> Grid {
    let mut rng = Rng::new(seed);
    let empty = Grid::empty(size);
    let order = Order::Random(rng.clone());
    let mut s = Searcher::new(&Start::from_grid(&empty), order, Limits::default());
    let values = s.next_solution().expect("a full grid").to_vec();
    let mut puzzle = Grid::empty(size);
    for (cell, &v) in values.iter().enumerate() {
        if rng.below(100) < keep {
            let d = Digit::new(u64::from(v), size.side()).unwrap();
            puzzle.set(Pos::from_index(cell, size), Entry::Given(d));
        }
    }
    let cell = rng.below(size.cells());
    if seed % 2 == 1 && puzzle.entries()[cell] == Entry::Empty {
        let d = Digit::new(1 + rng.below(size.side()) as u64, size.side()).unwrap();
        puzzle.set(Pos::from_index(cell, size), Entry::Given(d));
    }
    puzzle
}

/// What a certificate says, with its solutions checked against the puzzle.
fn verdict(puzzle: &Grid, certificate: &Certificate) -> &'static str {
    match certificate {
        Certificate::NoSolution => "none",
        Certificate::Unique { solution } => {
            check_solution(puzzle, solution).expect("a solution of the puzzle");
            "one"
        }
        Certificate::Multiple { first, second } => {
            check_solution(puzzle, first).expect("a solution of the puzzle");
            check_solution(puzzle, second).expect("a solution of the puzzle");
            assert_ne!(first, second);
            "several"
        }
    }
}

#[test]
fn the_split_question_answers_as_one_search() {
    let mut seen = std::collections::BTreeSet::new();
    for (box_size, keeps) in [(3, [25, 35, 50]), (5, [35, 45, 60])] {
        let size = Size::new(box_size).unwrap();
        for keep in keeps {
            for seed in 0..4 {
                let puzzle = random_puzzle(size, seed * 100 + keep as u64, keep);
                let split = certify(&puzzle).expect("decided");
                let one = uniqueness(&puzzle, Formulation::Propagation, None).expect("decided");
                let said = verdict(&puzzle, &split);
                assert_eq!(
                    said,
                    verdict(&puzzle, &one),
                    "{box_size} {keep}% seed {seed}"
                );
                if let (Certificate::Unique { solution: a }, Certificate::Unique { solution: b }) =
                    (&split, &one)
                {
                    assert_eq!(a, b);
                }
                seen.insert((box_size, said));
            }
        }
    }
    // Every answer came up at both sizes, so each way through was taken.
    assert_eq!(seen.len(), 6, "{seen:?}");
}

/// 25x25 puzzles past the first try, whose question is split into cubes.
#[test]
fn puzzles_past_the_first_try_are_proved_unique_as_by_one_search() {
    let text = std::fs::read_to_string("tests/fixtures/near-sparse-25.txt").unwrap();
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| parse(l).unwrap().puzzle)
        .collect();
    assert_eq!(puzzles.len(), 4);
    for puzzle in &puzzles {
        let split = certify(puzzle).expect("decided");
        let one = uniqueness(puzzle, Formulation::Propagation, None).expect("decided");
        assert_eq!(verdict(puzzle, &split), "one");
        assert_eq!(split, one);
    }
}
