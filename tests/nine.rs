//! The 9x9 fast path against the generic search core: same solutions, same counts, same halts,
//! on every 9x9 test puzzle (fixtures, the shared sets when present, random puzzles).

#[path = "common/query.rs"]
mod query;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::BTreeSet;
use std::path::Path;
use sudoku_lab::engine::check::is_nine_solution as is_solution;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::formulation::propagation;
use sudoku_lab::engine::generate::random_full_grid;
use sudoku_lab::engine::nine::Nine;
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::{Cancel, Flow, Halt, Limits, Order};
use sudoku_lab::engine::{Digit, Entry, Grid, Pos, Query, Size, check_solution, check_values};

/// Solutions (up to `cap`) and halt of one core.
type Answer = (Vec<Vec<u8>>, Halt);

fn collect(cap: usize) -> impl FnMut(&[u8]) -> Flow {
    let mut n = 0;
    move |_: &[u8]| {
        n += 1;
        if n >= cap { Flow::Stop } else { Flow::Continue }
    }
}

fn fast(query: &Query, cap: usize) -> Answer {
    let mut nine = Nine::from_grid(query.grid).expect("9x9");
    for &(p, d) in query.forbidden {
        nine.forbid(p, d);
    }
    let mut found = Vec::new();
    let mut stop = collect(cap);
    let order = query
        .hint
        .map_or(Order::Natural, |h| Order::guided(h, Size::NINE));
    let (_, halt) = nine.run(order, &Limits::default(), &mut |v: &[u8]| {
        found.push(v.to_vec());
        stop(v)
    });
    (found, halt)
}

fn generic(query: &Query, cap: usize) -> Answer {
    let mut found = Vec::new();
    let mut stop = collect(cap);
    let (_, halt) = propagation::generic(query, &Limits::default(), &mut |v: &[u8]| {
        found.push(v.to_vec());
        stop(v)
    });
    (found, halt)
}

/// Both cores agree on a query: the same number of solutions and halt, the same solution set
/// when exhausted, every solution valid and avoiding the forbidden pairs. Returns the count.
fn agree(query: &Query, cap: usize, what: &str) -> usize {
    let (a, halt_a) = fast(query, cap);
    let (b, halt_b) = generic(query, cap);
    assert_eq!(a.len(), b.len(), "{what}: count");
    assert_eq!(halt_a, halt_b, "{what}: halt");
    if halt_a == Halt::Exhausted {
        let sa: BTreeSet<_> = a.iter().collect();
        let sb: BTreeSet<_> = b.iter().collect();
        assert_eq!(sa, sb, "{what}: solution sets");
    }
    for values in &a {
        let grid = query.grid.with_solution(values);
        check_solution(query.grid, &grid).unwrap_or_else(|e| panic!("{what}: {e}"));
        for &(p, d) in query.forbidden {
            assert_ne!(values[p.index(Size::NINE)], d.get(), "{what}: forbidden");
        }
    }
    a.len()
}

/// Every 9x9 line of a text (the part before any `:`).
fn nines(text: &str) -> Vec<Grid> {
    text.lines()
        .map(|l| l.split(':').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| parse(l).ok())
        .map(|p| p.puzzle)
        .filter(|p| p.size() == Size::NINE)
        .collect()
}

/// The generator's questions on a puzzle: for some clues, "can this clue differ?".
fn clue_questions(puzzle: &Grid, take: usize, what: &str) {
    for p in puzzle.given_positions().into_iter().take(take) {
        let d = puzzle.digit(p).expect("clue");
        let mut reduced = puzzle.clone();
        reduced.set(p, Entry::Empty);
        let forbidden = [(p, d)];
        let query = Query {
            grid: &reduced,
            forbidden: &forbidden,
            hint: None,
        };
        agree(&query, 2, &format!("{what} without {p}"));
    }
}

#[test]
fn fast_path_matches_the_generic_core_on_the_fixtures() {
    let mut puzzles = Vec::new();
    for text in [
        include_str!("fixtures/conformance.txt"),
        include_str!("fixtures/mixed.txt"),
        include_str!("fixtures/bench-web.txt"),
    ] {
        puzzles.extend(nines(text));
    }
    let generated = include_str!("fixtures/generated.txt");
    puzzles.extend(nines(
        &generated
            .lines()
            .filter_map(|l| l.split_whitespace().nth(2))
            .collect::<Vec<_>>()
            .join("\n"),
    ));
    assert!(puzzles.len() >= 15, "{} puzzles", puzzles.len());
    let mut counts = BTreeSet::new();
    for (i, p) in puzzles.iter().enumerate() {
        counts.insert(agree(&Query::new(p), 1000, &format!("puzzle {i}")).min(2));
        clue_questions(p, 8, &format!("puzzle {i}"));
    }
    assert_eq!(
        counts.len(),
        3,
        "none, one and several solutions all covered"
    );
}

/// Reads the public data sets beside the project; `scripts/test` runs it when they are there.
#[test]
#[ignore = "needs ../shared/data"]
fn fast_path_matches_the_generic_core_on_the_shared_sets() {
    let dir = Path::new("../shared/data");
    assert!(dir.exists(), "../shared/data is not there");
    for (set, take) in [
        ("tdoku_test_puzzles.txt", usize::MAX),
        ("gecode_9x9.txt", usize::MAX),
        ("magictour_top1465.txt", 300),
        ("forum_hardest_1106.txt", 100),
    ] {
        let text = std::fs::read_to_string(dir.join(set)).expect("readable set");
        let puzzles = nines(&text);
        assert!(!puzzles.is_empty(), "{set}");
        for (i, p) in puzzles.iter().take(take).enumerate() {
            agree(&Query::new(p), 1000, &format!("{set} #{i}"));
        }
        for (i, p) in puzzles.iter().take(20).enumerate() {
            clue_questions(p, 81, &format!("{set} #{i}"));
        }
    }
}

/// A random 9x9 query: a random full grid with cells removed, sometimes an extra clue (which
/// may leave no solution) and sometimes a forbidden pair.
fn random_query(seed: u64, removed: usize) -> (Grid, Vec<(Pos, Digit)>) {
    let mut rng = Rng::new(seed);
    let mut full = None;
    Nine::from_grid(&Grid::empty(Size::NINE)).expect("9x9").run(
        Order::Random(rng.clone()),
        &Limits::default(),
        &mut |v: &[u8]| {
            full = Some(v.to_vec());
            Flow::Stop
        },
    );
    let full = full.expect("the empty grid has solutions");
    query::perturb(Size::NINE, full, &mut rng, (removed, 100), 2)
}

#[test]
fn fast_path_matches_the_generic_core_on_random_puzzles() {
    let config = Config {
        cases: 300,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    runner
        .run(&(any::<u64>(), 20usize..=80), |(seed, removed)| {
            let (grid, forbidden) = random_query(seed, removed);
            let query = Query {
                grid: &grid,
                forbidden: &forbidden,
                hint: None,
            };
            let what = format!("seed {seed}, {removed}% removed");
            agree(&query, 40, &what);
            // A hint (here an unrelated full grid with every fourth cell left out) reorders
            // the search, never its answers.
            let mut hint = random_full_grid(Size::NINE, &mut Rng::new(seed), None)
                .expect("a full grid")
                .values();
            hint.iter_mut().step_by(4).for_each(|v| *v = 0);
            let hinted = Query {
                hint: Some(&hint),
                ..query
            };
            agree(&hinted, 40, &format!("{what}, hinted"));
            let (plain, halt) = fast(&query, 40);
            let (guided, guided_halt) = fast(&hinted, 40);
            prop_assert_eq!(halt, guided_halt, "{}: hinted halt", what);
            prop_assert_eq!(plain.len(), guided.len(), "{}: hinted count", what);
            if halt == Halt::Exhausted {
                let a: BTreeSet<_> = plain.iter().collect();
                let b: BTreeSet<_> = guided.iter().collect();
                prop_assert_eq!(a, b, "{}: hinted solutions", what);
            }
            // A hint that is a solution is the first solution both cores find.
            if let Some(target) = plain.last() {
                let led = Query {
                    hint: Some(target),
                    ..query
                };
                prop_assert_eq!(&fast(&led, 1).0[0], target, "{}: fast, led", what);
                prop_assert_eq!(&generic(&led, 1).0[0], target, "{}: generic, led", what);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn random_order_fills_the_empty_grid_reproducibly() {
    let fill = |seed: u64| {
        let mut full = None;
        let empty = Grid::empty(Size::NINE);
        let (_, halt) = Nine::from_grid(&empty).expect("9x9").run(
            Order::Random(Rng::new(seed)),
            &Limits::default(),
            &mut |v: &[u8]| {
                full = Some(v.to_vec());
                Flow::Stop
            },
        );
        assert_eq!(halt, Halt::Sink);
        let values = full.expect("a solution");
        check_solution(&empty, &empty.with_solution(&values)).expect("valid grid");
        values
    };
    assert_eq!(fill(7), fill(7));
    let distinct: BTreeSet<_> = (0..20).map(fill).collect();
    assert_eq!(distinct.len(), 20);
}

#[test]
fn limits_and_cancel_stop_the_fast_path() {
    let empty = Grid::empty(Size::NINE);
    let nine = Nine::from_grid(&empty).expect("9x9");
    let limits = Limits {
        max_nodes: Some(500),
        cancel: None,
    };
    let (stats, halt) = nine.run(Order::Natural, &limits, &mut |_: &[u8]| Flow::Continue);
    assert_eq!(halt, Halt::NodeLimit);
    assert_eq!(stats.nodes, 500);
    let cancel = Cancel::new();
    cancel.cancel();
    let limits = Limits {
        max_nodes: None,
        cancel: Some(cancel),
    };
    let (_, halt) = nine.run(Order::Natural, &limits, &mut |_: &[u8]| Flow::Continue);
    assert_eq!(halt, Halt::Cancelled);
    assert!(Nine::from_grid(&Grid::empty(Size::new(4).expect("size"))).is_none());
}

#[test]
fn malformed_hints_are_ignored() {
    let text = include_str!("fixtures/conformance.txt");
    let puzzle = nines(text).into_iter().next().expect("a 9x9 fixture");
    let plain = Query::new(&puzzle);
    let expected = fast(&plain, 5);
    let short = [1u8, 2, 3];
    let wild = [200u8; 81];
    for hint in [&short[..], &wild[..]] {
        let query = Query {
            hint: Some(hint),
            ..plain
        };
        assert_eq!(fast(&query, 5), expected);
        assert_eq!(generic(&query, 5), expected);
        let stats = sudoku_lab::engine::Formulation::Propagation
            .run(&query, &Limits::default(), &mut collect(5))
            .expect("9x9");
        assert_eq!(stats.halt, Some(expected.1));
    }
}

/// A puzzle started from its cells searches as one started from its grid: the same solutions
/// and halt on the fixtures, the random puzzles and grids whose givens clash.
#[test]
fn from_cells_searches_as_from_grid() {
    let mut puzzles = nines(include_str!("fixtures/conformance.txt"));
    puzzles.extend(nines(include_str!("fixtures/mixed.txt")));
    for seed in 0..40 {
        puzzles.push(random_query(seed, 30 + (seed as usize % 40)).0);
    }
    let mut clash = puzzles[0].values();
    clash[1] = clash[0].max(1);
    clash[0] = clash[1];
    puzzles.push(Grid::from_values(Size::NINE, &clash).expect("digits"));
    for (i, p) in puzzles.iter().enumerate() {
        let cells: [u8; 81] = p.values().try_into().expect("81 cells");
        let run = |nine: Nine| {
            let mut found = Vec::new();
            let (_, halt) = nine.run(Order::Natural, &Limits::default(), &mut |v: &[u8]| {
                found.push(v.to_vec());
                if found.len() >= 3 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            });
            (found, halt)
        };
        let from_grid = run(Nine::from_grid(p).expect("9x9"));
        assert_eq!(run(Nine::from_cells(&cells)), from_grid, "puzzle {i}");
    }
}

proptest! {
    #![proptest_config(Config::with_cases(256))]

    /// The 9x9 check agrees with the engine's independent checker on solutions, on solutions
    /// with a cell changed (any byte) and on puzzles whose givens a solution does not keep.
    #[test]
    fn the_nine_check_agrees_with_the_checker(
        seed in 0u64..1000,
        at in 0usize..81,
        to in any::<u8>(),
        given in 0usize..81,
        removed in 0usize..60,
    ) {
        let (puzzle, _) = random_query(seed, removed);
        let mut full = Vec::new();
        Nine::from_grid(&puzzle).expect("9x9").run(
            Order::Natural,
            &Limits::default(),
            &mut |v: &[u8]| {
                full = v.to_vec();
                Flow::Stop
            },
        );
        prop_assume!(!full.is_empty());
        let cells: [u8; 81] = puzzle.values().try_into().expect("81 cells");
        let checker = |values: &[u8]| check_values(&puzzle, &[], values).is_ok();
        prop_assert!(is_solution(&cells, &full));
        prop_assert!(checker(&full));
        let mut changed = full.clone();
        changed[at] = to;
        prop_assert_eq!(is_solution(&cells, &changed), checker(&changed));
        let mut other = cells;
        other[given] = full[given] % 9 + 1;
        prop_assert!(!is_solution(&other, &full));
        prop_assert!(!is_solution(&cells, &full[..80]));
    }
}
