//! The race of the propagation search and its rival (CDCL or the look-ahead search): the CDCL
//! member alone (with and without the box/line segment clauses), the race with 1, 2 and 4
//! threads and each member run alone find what the plain search finds, counts and "no
//! solution" included, and a raised flag stops the CDCL member.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use std::time::{Duration, Instant};
use sudoku_lab::engine::formulation::sat::member;
use sudoku_lab::engine::formulation::sat::race::{self, Rival, Strength};
use sudoku_lab::engine::formulation::{Formulation, Query};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::portfolio;
use sudoku_lab::engine::search::{Cancel, Flow, Halt, Limits, Order, Searcher, Start};
use sudoku_lab::engine::{Digit, Entry, Grid, Pos, Size, check_solution};

/// A random complete grid, then each cell kept as a given with probability `keep` percent, and
/// sometimes one clue that may contradict the rest.
fn random_puzzle(size: Size, seed: u64, keep: u64) -> Grid {
    let empty = Grid::empty(size);
    let mut rng = Rng::new(seed);
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

/// Up to `cap` solutions of the plain search, sorted, and its halt.
fn plain(puzzle: &Grid, cap: usize) -> (Vec<Vec<u8>>, Halt) {
    let mut s = Searcher::new(&Start::from_grid(puzzle), Order::Natural, Limits::default());
    let mut all = Vec::new();
    let halt = s.run(&mut |v: &[u8]| {
        all.push(v.to_vec());
        if all.len() == cap {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    all.sort();
    (all, halt)
}

/// The plain model, as the race runs it.
const PLAIN: Strength = Strength {
    segments: false,
    luby_unit: None,
    vsids_decay: None,
    shuffle: None,
    prune: false,
    phase: None,
};

/// The plain model, with box/line segments and the lowest candidates tried first, and pruned,
/// shuffled, tuned and with drawn first values: all must agree.
const STRENGTHS: [Strength; 3] = [
    PLAIN,
    Strength {
        segments: true,
        phase: Some(0),
        ..PLAIN
    },
    Strength {
        segments: true,
        luby_unit: Some(32),
        vsids_decay: Some(0.8),
        shuffle: Some(7),
        prune: true,
        phase: Some(5),
    },
];

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5a7),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// Every solution up to a cap, and whether that is all of them, as the plain search says.
    #[test]
    fn cdcl_finds_what_the_plain_search_finds(
        box_size in 2usize..=4,
        seed in any::<u64>(),
        keep in 10u64..70,
    ) {
        let size = Size::new(box_size).unwrap();
        let puzzle = random_puzzle(size, seed, keep);
        let cap = 40;
        let (expected, halt) = plain(&puzzle, cap);
        for strength in STRENGTHS {
            // One solution asked: one call, with the other proof format.
            let (one, one_halt) = race::solutions(&Query::new(&puzzle), strength, 1, &Cancel::new());
            prop_assert_eq!(one.len(), expected.len().min(1), "{:?}", strength);
            let full = if expected.is_empty() { Halt::Exhausted } else { Halt::Sink };
            prop_assert_eq!(one_halt, full);
            for v in &one {
                prop_assert!(check_solution(&puzzle, &puzzle.with_solution(v)).is_ok());
            }
            let (mut found, cdcl_halt) =
                race::solutions(&Query::new(&puzzle), strength, cap, &Cancel::new());
            found.sort();
            prop_assert_eq!(found.len(), expected.len(), "{:?}", strength);
            if halt == Halt::Exhausted {
                prop_assert_eq!(&found, &expected, "{:?}", strength);
                prop_assert_eq!(cdcl_halt, Halt::Exhausted);
            } else {
                prop_assert_eq!(cdcl_halt, Halt::Sink);
            }
            for v in &found {
                prop_assert!(check_solution(&puzzle, &puzzle.with_solution(v)).is_ok());
            }
        }
    }
}

/// The second members: CDCL in each strength, and the look-ahead search (which has none).
const RIVALS: [(Rival, Strength); 4] = [
    (Rival::Cdcl, STRENGTHS[0]),
    (Rival::Cdcl, STRENGTHS[1]),
    (Rival::Cdcl, STRENGTHS[2]),
    (Rival::Lookahead, PLAIN),
];

/// Counts and "no solution" are the same with 1, 2 and 4 threads, whichever member answers,
/// against either rival.
#[test]
fn races_agree_with_the_plain_search_with_one_two_and_four_threads() {
    let empty4 = Grid::empty(Size::new(2).unwrap());
    for threads in [1, 2, 4] {
        for rival in [Rival::Cdcl, Rival::Lookahead] {
            let answer = race::race(
                &Query::new(&empty4),
                Strength::default(),
                rival,
                &Limits::default(),
                1000,
                threads,
            );
            assert_eq!(
                (answer.solutions.len(), answer.halt),
                (288, Halt::Exhausted)
            );
        }
    }
    for seed in 0..24 {
        let size = Size::new(3 + (seed as usize % 3)).unwrap();
        let puzzle = random_puzzle(size, seed, 25 + seed % 40);
        let (expected, halt) = plain(&puzzle, 2);
        for threads in [1, 2, 4] {
            for (rival, strength) in RIVALS {
                let answer = race::race(
                    &Query::new(&puzzle),
                    strength,
                    rival,
                    &Limits::default(),
                    2,
                    threads,
                );
                assert_eq!(answer.solutions.len(), expected.len(), "seed {seed}");
                let settled = if expected.len() == 2 {
                    Halt::Sink
                } else {
                    halt
                };
                assert_eq!(answer.halt, settled, "seed {seed} threads {threads}");
                if expected.len() < 2 {
                    assert_eq!(answer.solutions, expected, "seed {seed}");
                }
            }
        }
    }
}

/// A solve report from the race: a unique 25x25 solution kept as a grid with its givens.
#[test]
fn race_reports_a_unique_solution_with_its_givens() {
    let size = Size::new(5).unwrap();
    let puzzle = random_puzzle(size, 7, 70);
    let (expected, _) = plain(&puzzle, 2);
    let races = [
        (1, Rival::Cdcl),
        (2, Rival::Cdcl),
        (2, Rival::Lookahead),
        (3, Rival::Cdcl),
        (3, Rival::Lookahead),
    ];
    for (threads, rival) in races {
        let report = race::solve(&puzzle, 2, 2, rival, threads).unwrap();
        assert_eq!(report.count, expected.len() as u64);
        assert!(report.exhaustive || report.count == 2);
        for (grid, values) in report.solutions.iter().zip(&expected) {
            if expected.len() == 1 {
                assert_eq!(&grid.values(), values);
            }
            assert!(check_solution(&puzzle, grid).is_ok());
        }
    }
}

/// The page runs the members apart, one worker each: on 36x36 the second member is the
/// look-ahead search, as in the command line's race (its node count is the look-ahead
/// search's own; CDCL counts none), the third CDCL, and each member alone finds the race's
/// answer; on 49x49 and below 36x36 the second is CDCL.
#[test]
fn members_alone_follow_the_rival_of_the_grid_size() {
    let puzzle = random_puzzle(Size::new(6).unwrap(), 4, 60);
    assert_eq!(Rival::for_grid(&puzzle), Rival::Lookahead);
    let raced = race::solve(&puzzle, 2, 1, Rival::Lookahead, 2).unwrap();
    for k in 0..3 {
        let alone = member::solve_member(&puzzle, 2, 1, k).unwrap();
        assert_eq!(
            (alone.count, alone.exhaustive),
            (raced.count, raced.exhaustive)
        );
        if k == race::OTHER_MEMBER {
            // CDCL may find another first solution of a puzzle with several.
            assert_eq!(alone.formulation, Formulation::Sat);
            for grid in &alone.solutions {
                assert!(check_solution(&puzzle, grid).is_ok(), "member {k}");
            }
        } else {
            assert_eq!(alone.solutions, raced.solutions, "member {k}");
            assert_eq!(alone.formulation, Formulation::Propagation, "member {k}");
        }
    }
    let lookahead = portfolio::lookahead_searcher(
        &Start::from_grid(&puzzle),
        &Order::Natural,
        Limits::default(),
    );
    let expected = portfolio::run_member(lookahead, 2, race::SAT_MEMBER);
    let second = member::solve_member(&puzzle, 2, 1, race::SAT_MEMBER).unwrap();
    assert!(expected.stats.nodes > 1, "{:?}", expected.stats);
    assert_eq!(second.stats.nodes, Some(expected.stats.nodes));
    assert_eq!(second.stats.guesses, Some(expected.stats.guesses));
    assert_eq!(
        Rival::for_grid(&Grid::empty(Size::new(7).unwrap())),
        Rival::Cdcl
    );
    let small = random_puzzle(Size::new(4).unwrap(), 4, 40);
    assert_eq!(Rival::for_grid(&small), Rival::Cdcl);
    let second = member::solve_member(&small, 2, 1, race::SAT_MEMBER).unwrap();
    assert_eq!(second.formulation, Formulation::Sat);
    // CDCL counts no search nodes, so its report claims none (not a false 0).
    assert_eq!((second.stats.nodes, second.stats.guesses), (None, None));
}

/// The CDCL member stops soon after the flag is raised in the middle of a long solve (a 49x49
/// grid at the hardness peak of quasigroup completion), through its proof target, whether
/// one solution is asked (a DRAT proof) or two (varisat's own format).
#[test]
fn a_raised_flag_stops_the_cdcl_member() {
    for stop_at in [1, 2] {
        stops_when_raised(stop_at);
    }
}

fn stops_when_raised(stop_at: usize) {
    let size = Size::new(7).unwrap();
    let puzzle = random_puzzle(size, 4, 42);
    let cancel = Cancel::new();
    std::thread::scope(|scope| {
        let (strength, puzzle, cancel) = (Strength::default(), &puzzle, &cancel);
        let member =
            scope.spawn(move || race::solutions(&Query::new(puzzle), strength, stop_at, cancel));
        std::thread::sleep(Duration::from_secs(3));
        let raised = Instant::now();
        cancel.cancel();
        let (found, halt) = member.join().unwrap();
        assert_eq!((found.len(), halt), (0, Halt::Cancelled));
        assert!(
            raised.elapsed() < Duration::from_secs(5),
            "{:?}",
            raised.elapsed()
        );
    });
}
