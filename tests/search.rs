//! The propagation search core: solutions pass the independent checker and keep the givens,
//! and counts agree with a brute-force counter that shares no code with the solver.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/brute.rs"]
mod brute;

use brute::brute_force_count;
use proptest::prelude::*;
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::portfolio;
use sudoku_lab::engine::search::probe::Probing;
use sudoku_lab::engine::search::restart::{Geometric, Luby, Never, RestartPolicy};
use sudoku_lab::engine::search::rule::{Rule, ValueOrder};
use sudoku_lab::engine::search::{Flow, Halt, Limits, Order, Searcher, Solutions, Start};
use sudoku_lab::engine::{Entry, Grid, Pos, Size, check_solution};

/// A random complete grid from a randomised search of the empty grid.
fn random_solution(size: Size, seed: u64) -> Grid {
    let empty = Grid::empty(size);
    let mut s = Searcher::new(
        &Start::from_grid(&empty),
        Order::Random(Rng::new(seed)),
        Limits::default(),
    );
    let values = s
        .next_solution()
        .expect("the empty grid has solutions")
        .to_vec();
    empty.with_solution(&values)
}

/// `solution` with the cells where `keep` is false removed; the rest become givens.
fn puzzle_from(solution: &Grid, keep: &[bool]) -> Grid {
    let mut p = Grid::empty(solution.size());
    for (i, (&k, e)) in keep.iter().zip(solution.entries()).enumerate() {
        if k {
            p.set(
                Pos::from_index(i, solution.size()),
                Entry::Given(e.digit().unwrap()),
            );
        }
    }
    p
}

/// Sometimes (one `extra` in three) a clue drawn from `extra` in an empty cell, which may leave
/// the puzzle unsolvable.
fn add_extra_clue(puzzle: &mut Grid, extra: u16) {
    let size = puzzle.size();
    let cell = extra as usize % size.cells();
    if extra.is_multiple_of(3) && puzzle.entries()[cell] == Entry::Empty {
        let value = 1 + (extra as u64 / 3) % size.side() as u64;
        let d = sudoku_lab::engine::Digit::new(value, size.side()).unwrap();
        puzzle.set(Pos::from_index(cell, size), Entry::Given(d));
    }
}

/// Up to `cap` solutions of `puzzle` as row-major values, sorted, and why the search stopped;
/// restarting with a Luby `unit` of nodes (none without one).
fn solution_set(puzzle: &Grid, unit: Option<u64>, cap: usize) -> (Vec<Vec<u8>>, Halt) {
    let policy: Box<dyn RestartPolicy> = match unit {
        Some(unit) => Box::new(Luby { unit }),
        None => Box::new(Never),
    };
    let start = Start::from_grid(puzzle);
    collect(
        &mut Searcher::with_restarts(&start, Order::Natural, Limits::default(), policy),
        cap,
    )
}

/// Every value order, each once with and once without branching on a unit's places.
fn every_rule() -> Vec<Rule> {
    [false, true]
        .into_iter()
        .flat_map(|places| ValueOrder::ALL.map(|value| Rule { value, places }))
        .collect()
}

/// Up to `cap` solutions of a cycling search of `puzzle` whose budgets start at `first` nodes,
/// taking `rules` in turn (the default cycle if empty).
fn cycled_set(puzzle: &Grid, first: u64, rules: &[Rule], cap: usize) -> (Vec<Vec<u8>>, Halt) {
    let policy = Box::new(Geometric { first, factor: 1.5 });
    let start = Start::from_grid(puzzle);
    let mut searcher = Searcher::cycling(&start, Order::Natural, Limits::default(), policy);
    if !rules.is_empty() {
        searcher.set_rules(rules);
    }
    collect(&mut searcher, cap)
}

/// Up to `cap` solutions of `puzzle` from a search that probes as `probing` says: the plain
/// search, or (`cycle_first`) a cycling one whose budgets start at that many nodes.
fn probed_set(
    puzzle: &Grid,
    probing: Probing,
    cycle_first: Option<u64>,
    cap: usize,
) -> (Vec<Vec<u8>>, Halt, u64) {
    let start = Start::from_grid(puzzle);
    let mut searcher = match cycle_first {
        Some(first) => {
            let policy = Box::new(Geometric { first, factor: 1.5 });
            Searcher::cycling(&start, Order::Natural, Limits::default(), policy)
        }
        None => Searcher::new(&start, Order::Natural, Limits::default()),
    };
    searcher.set_probing(Some(probing));
    let (all, halt) = collect(&mut searcher, cap);
    (all, halt, searcher.probes())
}

/// Up to `cap` solutions `s` yields, sorted, and why it stopped.
fn collect(s: &mut Searcher, cap: usize) -> (Vec<Vec<u8>>, Halt) {
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

/// The most solutions the agreement tests collect.
const CAP: usize = 200;

/// A random puzzle of box size `box_size`: a random grid (`seed`) with about `keep_percent` of
/// its cells kept (drawn with `seed ^ salt`; larger grids keep more, so the plain search stays
/// quick), and sometimes one extra clue from `extra`.
fn thinned(box_size: usize, seed: u64, salt: u64, keep_percent: u32, extra: u16) -> Grid {
    let size = Size::new(box_size).unwrap();
    let solution = random_solution(size, seed);
    let mut rng = Rng::new(seed ^ salt);
    let keep_percent = keep_percent.max(20 * (box_size as u32 - 2));
    let keep: Vec<bool> = (0..size.cells())
        .map(|_| (rng.below(100) as u32) < keep_percent)
        .collect();
    let mut puzzle = puzzle_from(&solution, &keep);
    add_extra_clue(&mut puzzle, extra);
    puzzle
}

/// Whether another search's solutions of `puzzle` (sorted, up to [`CAP`]) and halt are the
/// plain search's: none repeated, the same set and proof when the plain search exhausts the
/// space, else as many; each one checked.
fn agrees_with_plain(puzzle: &Grid, found: &[Vec<u8>], halt: Halt) -> Result<(), TestCaseError> {
    let (plain, plain_halt) = solution_set(puzzle, None, CAP);
    let mut distinct = found.to_vec();
    distinct.dedup();
    prop_assert_eq!(distinct.len(), found.len(), "no solution is reported twice");
    prop_assert_eq!(halt, plain_halt);
    if plain_halt == Halt::Exhausted {
        prop_assert_eq!(
            found,
            &plain[..],
            "the same solutions, and a proof of no more"
        );
    } else {
        prop_assert_eq!(found.len(), CAP);
    }
    for v in found {
        prop_assert!(check_solution(puzzle, &puzzle.with_solution(v)).is_ok());
    }
    Ok(())
}

const HARD_9X9: [&str; 3] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
];

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5eed),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_puzzles_solve_to_checked_grids_that_keep_the_givens(
        box_size in 1usize..=5,
        seed in any::<u64>(),
        keep_percent in 0u32..=100,
    ) {
        let size = Size::new(box_size).unwrap();
        let solution = random_solution(size, seed);
        prop_assert!(check_solution(&Grid::empty(size), &solution).is_ok());
        let mut rng = Rng::new(seed ^ 0xabcdef);
        let keep: Vec<bool> = (0..size.cells()).map(|_| (rng.below(100) as u32) < keep_percent).collect();
        let puzzle = puzzle_from(&solution, &keep);
        let mut found = Solutions::new(&puzzle, Limits::default());
        let first = found.next().expect("a puzzle cut from a solution is solvable");
        prop_assert!(check_solution(&puzzle, &first).is_ok());
        for p in puzzle.given_positions() {
            prop_assert_eq!(first.entry(p), puzzle.entry(p));
        }
    }

    #[test]
    fn counts_agree_with_brute_force_on_small_grids(
        box_size in 1usize..=2,
        seed in any::<u64>(),
        keep_percent in 0u32..=60,
        extra in any::<u16>(),
    ) {
        let size = Size::new(box_size).unwrap();
        let solution = random_solution(size, seed);
        let mut rng = Rng::new(seed);
        let keep: Vec<bool> = (0..size.cells()).map(|_| (rng.below(100) as u32) < keep_percent).collect();
        let mut puzzle = puzzle_from(&solution, &keep);
        add_extra_clue(&mut puzzle, extra);
        let cap = 1000;
        let expected = brute_force_count(puzzle.size().box_size(), &puzzle.values(), cap);
        let all: Vec<Grid> = Solutions::new(&puzzle, Limits::default()).take(cap as usize).collect();
        prop_assert_eq!(all.len() as u64, expected);
        for s in &all {
            prop_assert!(check_solution(&puzzle, s).is_ok());
        }
        let mut distinct = all.clone();
        distinct.sort_by_key(|g| g.values());
        distinct.dedup();
        prop_assert_eq!(distinct.len(), all.len(), "no solution is reported twice");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..config() })]

    /// Luby restarts, or (`cycle`) restarts taking the branching rules in turn (`every`: all
    /// the value orders, not only the default cycle's).
    #[test]
    fn restarted_searches_find_what_the_plain_search_finds(
        box_size in 2usize..=4,
        seed in any::<u64>(),
        keep_percent in 0u32..=70,
        unit in 1u64..=6,
        extra in any::<u16>(),
        cycle in any::<bool>(),
        every in any::<bool>(),
    ) {
        let puzzle = thinned(box_size, seed, 0x5a5a, keep_percent, extra);
        let (restarted, halt) = if cycle {
            let rules = if every { every_rule() } else { Vec::new() };
            cycled_set(&puzzle, unit, &rules, CAP)
        } else {
            solution_set(&puzzle, Some(unit), CAP)
        };
        agrees_with_plain(&puzzle, &restarted, halt)?;
    }

    /// Probing (every level or some, any budget, with or without the look-ahead's branch),
    /// in the plain search or a cycling one, removes no solution and repeats none.
    #[test]
    fn probing_searches_find_what_the_plain_search_finds(
        box_size in 2usize..=4,
        seed in any::<u64>(),
        keep_percent in 0u32..=70,
        extra in any::<u16>(),
        from in 0u32..=3,
        every in 1u32..=3,
        budget in 0u32..=40,
        lookahead in any::<bool>(),
        cycle_first in proptest::option::of(1u64..=6),
    ) {
        let puzzle = thinned(box_size, seed, 0xa5a5, keep_percent, extra);
        let alternate = cycle_first.is_some_and(|f| f % 2 == 0);
        let ranked = seed % 2 == 0;
        let probing = Probing { from, depth: u32::MAX, every, budget, matching: true, lookahead, alternate, ranked };
        let (probed, halt, _) = probed_set(&puzzle, probing, cycle_first, CAP);
        agrees_with_plain(&puzzle, &probed, halt)?;
    }
}

#[test]
fn probing_searches_count_and_refute_as_the_plain_search() {
    let every = |lookahead, matching| Probing {
        from: 0,
        depth: u32::MAX,
        every: 1,
        budget: u32::MAX,
        matching,
        lookahead,
        alternate: false,
        ranked: lookahead,
    };
    let empty4 = Grid::empty(Size::new(2).unwrap());
    for cycle_first in [None, Some(1)] {
        let (all, halt, _) = probed_set(&empty4, every(true, true), cycle_first, 1000);
        assert_eq!((all.len(), halt), (288, Halt::Exhausted));
    }
    // The conformance fixture's 25x25 puzzles (one solution, two solutions), where the
    // all-different rule runs, probed with and without it.
    let text = std::fs::read_to_string("tests/fixtures/conformance.txt").unwrap();
    let (mut met, mut probed) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (grid, rest) = line.split_once(':').unwrap();
        if grid.len() != 625 {
            continue;
        }
        let count: usize = rest.split(':').next().unwrap().parse().unwrap();
        let puzzle = sudoku_lab::engine::format::parse(grid).unwrap().puzzle;
        for (lookahead, matching) in [(false, true), (true, true), (true, false)] {
            let (all, halt, probes) = probed_set(&puzzle, every(lookahead, matching), None, 10);
            assert_eq!((all.len(), halt), (count, Halt::Exhausted), "{line}");
            probed += probes;
        }
        met += 1;
    }
    assert_eq!(met, 2);
    assert!(probed > 0, "the 25x25 searches probed nothing");
    // The race's look-ahead member as it runs there (these searches end above level 20, where
    // it starts probing), and its probing from the root in a cycling search restarting often.
    let mut member_probes = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (grid, rest) = line.split_once(':').unwrap();
        if grid.len() != 625 {
            continue;
        }
        let count: usize = rest.split(':').next().unwrap().parse().unwrap();
        let puzzle = sudoku_lab::engine::format::parse(grid).unwrap().puzzle;
        let start = Start::from_grid(&puzzle);
        let mut member = portfolio::lookahead_searcher(&start, &Order::Natural, Limits::default());
        let (all, halt) = collect(&mut member, 10);
        assert_eq!((all.len(), halt), (count, Halt::Exhausted), "{line}");
        let policy = Box::new(Geometric {
            first: 8,
            factor: 1.25,
        });
        let mut rooted = Searcher::cycling(&start, Order::Natural, Limits::default(), policy);
        rooted.set_probing(Some(Probing {
            from: 0,
            ..portfolio::LOOKAHEAD
        }));
        let (all, halt) = collect(&mut rooted, 10);
        assert_eq!((all.len(), halt), (count, Halt::Exhausted), "{line}");
        member_probes += rooted.probes();
    }
    assert!(
        member_probes > 0,
        "the probing from the root probed nothing"
    );
    // Hard 9x9 questions with no solution, proved with probing from the root, and by the
    // look-ahead member as the race runs it (these may end above the level where it probes).
    for (question, start) in hard_refutations() {
        for lookahead in [false, true] {
            let mut searcher = Searcher::new(&start, Order::Natural, Limits::default());
            searcher.set_probing(Some(every(lookahead, true)));
            assert!(searcher.next_solution().is_none(), "{question}");
            assert_eq!(searcher.halt(), Some(Halt::Exhausted));
        }
        let mut member = portfolio::lookahead_searcher(&start, &Order::Natural, Limits::default());
        assert!(member.next_solution().is_none(), "{question}");
        assert_eq!(member.halt(), Some(Halt::Exhausted));
    }
}

/// Hard 9x9 puzzles (magictour's top list) asked "another solution where this cell
/// differs?", as the generator asks, for every seventh open cell: each has none. Named by
/// puzzle and cell.
fn hard_refutations() -> Vec<(String, Start)> {
    let mut questions = Vec::new();
    for line in HARD_9X9 {
        let puzzle = sudoku_lab::engine::format::parse(line).unwrap().puzzle;
        let solution = Solutions::new(&puzzle, Limits::default()).next().unwrap();
        for cell in (0..81).step_by(7) {
            let p = Pos::from_index(cell, Size::NINE);
            if puzzle.digit(p).is_some() {
                continue;
            }
            let mut start = Start::from_grid(&puzzle);
            start.forbid(p, solution.digit(p).unwrap());
            questions.push((format!("{line} {cell}"), start));
        }
    }
    questions
}

#[test]
fn restarted_searches_count_the_empty_4x4_and_prove_hard_puzzles_unsolvable() {
    let empty4 = Grid::empty(Size::new(2).unwrap());
    let (all, halt) = solution_set(&empty4, Some(1), 1000);
    assert_eq!((all.len(), halt), (288, Halt::Exhausted));
    for rules in [Vec::new(), every_rule()] {
        let (all, halt) = cycled_set(&empty4, 1, &rules, 1000);
        assert_eq!((all.len(), halt), (288, Halt::Exhausted));
    }
    // The generic core needs many nodes to refute the hard 9x9 questions, so the restarted
    // search must prove them across its restarts.
    let mut proved = 0;
    for (question, start) in hard_refutations() {
        let mut plain =
            Searcher::with_restarts(&start, Order::Natural, Limits::default(), Box::new(Never));
        assert!(plain.next_solution().is_none());
        if plain.stats().nodes < 20 {
            continue;
        }
        let policy = Box::new(Luby { unit: 2 });
        let restarted = Searcher::with_restarts(&start, Order::Natural, Limits::default(), policy);
        let policy = Box::new(Geometric {
            first: 2,
            factor: 1.5,
        });
        let cycled = Searcher::cycling(&start, Order::Natural, Limits::default(), policy);
        for mut searcher in [restarted, cycled] {
            assert!(searcher.next_solution().is_none(), "{question}");
            assert_eq!(searcher.halt(), Some(Halt::Exhausted));
            assert!(searcher.stats().restarts > 0);
        }
        proved += 1;
    }
    assert!(proved >= 3, "only {proved} hard refutations met");
}

#[test]
fn portfolios_agree_with_the_plain_search_on_counts_and_proofs() {
    let empty4 = Grid::empty(Size::new(2).unwrap());
    for threads in [1, 2, 4] {
        let start = Start::from_grid(&empty4);
        let all = portfolio::search(&start, &Order::Natural, &Limits::default(), 1000, threads);
        assert_eq!((all.solutions.len(), all.halt), (288, Halt::Exhausted));
    }
    // Hard 9x9 refutations ("another solution where this cell differs?"): none, proved by
    // whichever member answers, and the puzzles themselves: one solution.
    for line in HARD_9X9 {
        let puzzle = sudoku_lab::engine::format::parse(line).unwrap().puzzle;
        let solution = Solutions::new(&puzzle, Limits::default()).next().unwrap();
        for threads in [1, 2, 4] {
            let start = Start::from_grid(&puzzle);
            let answer = portfolio::search(&start, &Order::Natural, &Limits::default(), 2, threads);
            assert_eq!(answer.solutions, vec![solution.values()], "{line}");
            assert_eq!(answer.halt, Halt::Exhausted);
            for cell in (0..81).step_by(5) {
                let p = Pos::from_index(cell, Size::NINE);
                if puzzle.digit(p).is_some() {
                    continue;
                }
                let mut start = Start::from_grid(&puzzle);
                start.forbid(p, solution.digit(p).unwrap());
                let answer =
                    portfolio::search(&start, &Order::Natural, &Limits::default(), 1, threads);
                assert!(answer.solutions.is_empty(), "{line} {cell}");
                assert_eq!(answer.halt, Halt::Exhausted);
            }
        }
    }
}

#[test]
fn the_empty_4x4_has_288_solutions_and_9x9_counts_stop_at_the_limit() {
    let empty4 = Grid::empty(Size::new(2).unwrap());
    assert_eq!(Solutions::new(&empty4, Limits::default()).count(), 288);
    assert_eq!(brute_force_count(2, &empty4.values(), 1000), 288);
    let mut n = 0;
    let mut s = Searcher::new(
        &Start::from_grid(&Grid::empty(Size::NINE)),
        Order::Natural,
        Limits::default(),
    );
    let halt = s.run(&mut |_: &[u8]| {
        n += 1;
        if n == 50 { Flow::Stop } else { Flow::Continue }
    });
    assert_eq!((n, halt), (50, Halt::Sink));
}

#[test]
fn node_limit_and_cancel_stop_the_search() {
    let empty = Grid::empty(Size::new(4).unwrap());
    let limits = Limits {
        max_nodes: Some(5),
        cancel: None,
    };
    let mut s = Searcher::new(&Start::from_grid(&empty), Order::Natural, limits);
    let halt = s.run(&mut |_: &[u8]| Flow::Continue);
    assert_eq!(halt, Halt::NodeLimit);
    let cancel = sudoku_lab::engine::search::Cancel::new();
    cancel.cancel();
    let limits = Limits {
        max_nodes: None,
        cancel: Some(cancel),
    };
    let mut s = Searcher::new(
        &Start::from_grid(&Grid::empty(Size::NINE)),
        Order::Natural,
        limits,
    );
    assert_eq!(s.run(&mut |_: &[u8]| Flow::Continue), Halt::Cancelled);
}

#[test]
fn sizes_zero_and_one_are_trivial_and_contradictions_have_no_solution() {
    for (box_size, count) in [(0, 1), (1, 1)] {
        let g = Grid::empty(Size::new(box_size).unwrap());
        assert_eq!(Solutions::new(&g, Limits::default()).count(), count);
    }
    let bad = sudoku_lab::engine::format::parse_line("11..............").unwrap();
    let mut s = Solutions::new(&bad, Limits::default());
    assert!(s.next().is_none());
    assert_eq!(s.halt(), Some(Halt::Exhausted));
}

#[test]
fn forbidding_the_only_digit_of_a_unique_puzzle_leaves_no_solution() {
    let p = sudoku_lab::engine::format::parse_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let solution = Solutions::new(&p, Limits::default()).next().unwrap();
    let at = Pos::new(0, 1);
    let mut start = Start::from_grid(&p);
    start.forbid(at, solution.digit(at).unwrap());
    let mut s = Searcher::new(&start, Order::Natural, Limits::default());
    assert!(s.next_solution().is_none());
}

#[test]
fn decide_reports_a_spent_node_budget_apart_from_an_answer() {
    use sudoku_lab::engine::formulation::{Formulation, Query, Undecided, decide};
    let empty = Grid::empty(Size::new(4).unwrap());
    let query = Query::new(&empty);
    let budget = |max_nodes| Limits {
        max_nodes,
        cancel: None,
    };
    // Counting every solution of the empty 16x16 grid cannot end within 50 nodes.
    let over = decide(
        Formulation::Propagation,
        &query,
        u64::MAX,
        &budget(Some(50)),
        &mut |_| {},
    );
    assert_eq!(over.map(|(n, _)| n), Err(Undecided::OverBudget));
    // Two solutions are found within a larger one, and without a budget the answer is the same.
    for limits in [budget(Some(100_000)), budget(None)] {
        let (found, _) = decide(Formulation::Propagation, &query, 2, &limits, &mut |_| {})
            .expect("decided within the budget");
        assert_eq!(found, 2);
    }
}
