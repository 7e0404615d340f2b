//! The logic solver against known solutions: no step may place a wrong digit or remove a
//! candidate of the solution, at every size from 4x4 to 25x25, over thousands of puzzles.

use proptest::prelude::*;
use sudoku_lab::engine::generate::{GenerateOptions, generate, no_progress, random_full_grid};
use sudoku_lab::engine::logic::{
    self, Level, LogicOptions, Marks, Outcome, Step, Technique, rating,
};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::{Entry, Grid, Pos, Size, check_solution};

/// Panics if a step contradicts `solution`.
fn check_steps(steps: &[Step], solution: &Grid) {
    for s in steps {
        for &(p, d) in &s.placements {
            assert_eq!(
                solution.digit(p),
                Some(d),
                "{} places a wrong digit: {}",
                s.technique,
                logic::explain(s, solution.size().side())
            );
        }
        for &(p, d) in &s.eliminations {
            assert_ne!(
                solution.digit(p),
                Some(d),
                "{} removes the solution's digit: {}",
                s.technique,
                logic::explain(s, solution.size().side())
            );
        }
    }
}

/// Solves by logic, checks every step, and checks a solved grid with the independent checker.
fn solve_checked(puzzle: &Grid, solution: &Grid, unique: bool) -> logic::Solved {
    let options = LogicOptions {
        unique,
        ..LogicOptions::default()
    };
    let solved = logic::solve(puzzle, &options);
    check_steps(&solved.steps, solution);
    assert_ne!(solved.outcome, Outcome::Broken);
    if solved.outcome == Outcome::Solved {
        check_solution(puzzle, &solved.grid()).expect("a valid solution");
    }
    solved
}

/// A puzzle from `solution` with each cell kept with probability `keep` percent.
fn blank(solution: &Grid, keep: usize, rng: &mut Rng) -> Grid {
    let mut g = Grid::empty(solution.size());
    for (i, e) in solution.entries().iter().enumerate() {
        if rng.below(100) < keep {
            let d = e.digit().expect("full grid");
            g.set(Pos::from_index(i, solution.size()), Entry::Given(d));
        }
    }
    g
}

/// Puzzles per size in the property test below: thousands in all, most at 9x9, fewer where
/// a solve costs more.
const PER_SIZE: [(usize, u32); 4] = [(2, 1200), (3, 1500), (4, 200), (5, 40)];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: PER_SIZE.iter().map(|&(_, k)| k).sum(),
        ..ProptestConfig::default()
    })]

    /// Blanked full grids of sizes 4x4 to 25x25 (often with many solutions): every technique
    /// but the uniqueness ones must respect the one solution we know.
    #[test]
    fn no_step_contradicts_the_solution(
        seed in any::<u64>(),
        n in prop::strategy::Union::new_weighted(
            PER_SIZE.iter().map(|&(n, k)| (k, Just(n))).collect(),
        ),
        keep in 20usize..60,
    ) {
        let size = Size::new(n).unwrap();
        let mut rng = Rng::new(seed);
        let full = random_full_grid(size, &mut rng, None).expect("full grid");
        // Below a third of the clues a 25x25 grid keeps the chain searches busy for long.
        let keep = if n == 5 { keep.max(33) } else { keep };
        let puzzle = blank(&full, keep, &mut rng);
        solve_checked(&puzzle, &full, false);
    }
}

#[test]
fn blanked_25x25_grids_respect_the_solution() {
    let size = Size::new(5).unwrap();
    for seed in 0..6 {
        let mut rng = Rng::new(seed);
        let full = random_full_grid(size, &mut rng, None).expect("full grid");
        let puzzle = blank(&full, 35 + 5 * seed as usize, &mut rng);
        solve_checked(&puzzle, &full, false);
    }
}

/// Unique generated puzzles: uniqueness techniques are allowed and must hold too.
#[test]
fn generated_puzzles_solve_with_uniqueness_allowed() {
    for n in 2..=3 {
        for seed in 0..40 {
            let size = Size::new(n).unwrap();
            let g = generate(size, &GenerateOptions::with_seed(seed), &mut no_progress).unwrap();
            let solved = solve_checked(&g.puzzle, &g.solution, true);
            if n == 2 {
                assert_eq!(
                    solved.outcome,
                    Outcome::Solved,
                    "4x4 puzzles need no guessing"
                );
            }
        }
    }
}

fn shared(name: &str) -> Option<String> {
    std::fs::read_to_string(format!("../shared/data/{name}")).ok()
}

/// The tdoku test set carries solutions: every step is checked against them.
#[test]
#[ignore = "needs ../shared/data"]
fn shared_puzzles_with_solutions() {
    let Some(text) = shared("tdoku_test_puzzles.txt") else {
        return;
    };
    let mut solved_count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = line.split(':');
        let (Some(p), _, Some(s)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let values = |t: &str| -> Vec<u8> {
            t.bytes()
                .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                .collect()
        };
        let puzzle = Grid::from_values(Size::NINE, &values(p)).unwrap();
        let solution = Grid::from_values(Size::NINE, &values(s)).unwrap();
        let solved = solve_checked(&puzzle, &solution, true);
        solved_count += usize::from(solved.outcome == Outcome::Solved);
    }
    assert!(solved_count > 0);
}

#[test]
fn registry_is_in_order_and_complete() {
    for (i, t) in Technique::ALL.iter().enumerate() {
        assert_eq!(Technique::from_id(t.id()), Some(*t));
        assert_eq!(*t as usize, i, "ALL lists techniques in declaration order");
    }
    assert!(
        Technique::ALL
            .windows(2)
            .all(|w| w[0].level() <= w[1].level() || w[1].level() < Level::Unfair)
    );
}

#[test]
fn marks_text_round_trips() {
    let g = generate(
        Size::new(4).unwrap(),
        &GenerateOptions::with_seed(3),
        &mut no_progress,
    )
    .unwrap();
    let options = LogicOptions::default();
    let solved = logic::solve(&g.puzzle, &options);
    let mut m = Marks::from_grid(&g.puzzle);
    for s in solved.steps.iter().take(solved.steps.len() / 2) {
        m.apply(s);
    }
    let text = m.to_text();
    assert_eq!(Marks::parse(&text).unwrap(), m);
    let r = rating::rate(&g.puzzle, true);
    assert!(r.level.is_some() || r.outcome == Outcome::Stuck);
}

/// Hard shared puzzles, with their solutions from the search solver: every step of every
/// technique (chains, ALS, forcing chains included) is checked; prints the technique counts.
#[test]
#[ignore = "needs ../shared/data; slow"]
fn hard_shared_puzzles_respect_their_solutions() {
    use sudoku_lab::engine::{Formulation, SolveOptions, solve};
    let Some(text) = shared("magictour_top1465.txt") else {
        return;
    };
    let mut counts = std::collections::BTreeMap::new();
    let (mut solved_n, mut total) = (0, 0);
    let start = std::time::Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#')).take(300) {
        let values: Vec<u8> = line
            .trim()
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let puzzle = Grid::from_values(Size::NINE, &values).unwrap();
        let report = solve(&puzzle, Formulation::Propagation, &SolveOptions::default()).unwrap();
        let solution = &report.solutions[0];
        let solved = solve_checked(&puzzle, solution, report.count == 1);
        total += 1;
        solved_n += usize::from(solved.outcome == Outcome::Solved);
        for s in &solved.steps {
            *counts.entry(s.technique).or_insert(0usize) += 1;
        }
    }
    eprintln!("{solved_n}/{total} solved in {:?}", start.elapsed());
    for (t, n) in counts {
        eprintln!("{t}: {n}");
    }
}

/// The log-free check agrees with the logged solve.
#[test]
fn outcome_agrees_with_solve() {
    for n in 2..=4 {
        let size = Size::new(n).unwrap();
        for seed in 0..60u64 {
            let mut rng = Rng::new(seed);
            let full = random_full_grid(size, &mut rng, None).expect("full grid");
            let puzzle = blank(&full, 30 + (seed % 40) as usize, &mut rng);
            for max_level in [Level::Easy, Level::Hard, Level::Extreme] {
                let options = LogicOptions {
                    unique: false,
                    max_level,
                };
                let logged = logic::solve(&puzzle, &options).outcome;
                assert_eq!(logic::outcome(&puzzle, &options), logged, "{n} {seed}");
            }
        }
    }
}

/// A solve that starts from the state another puzzle's solve got stuck in, with more clues
/// given, ends as the solve from those clues alone does.
#[test]
fn outcome_from_a_stuck_state_agrees_with_outcome() {
    let mut started = 0;
    for n in 2..=4 {
        let size = Size::new(n).unwrap();
        for seed in 0..60u64 {
            let mut rng = Rng::new(seed);
            let full = random_full_grid(size, &mut rng, None).expect("full grid");
            let fewer = blank(&full, 20 + (seed % 30) as usize, &mut rng);
            let mut more = fewer.clone();
            for (i, e) in blank(&full, 15, &mut rng).entries().iter().enumerate() {
                if e.is_given() {
                    more.set(Pos::from_index(i, size), *e);
                }
            }
            for max_level in [Level::Medium, Level::Hard] {
                let options = LogicOptions {
                    unique: false,
                    max_level,
                };
                let (_, stuck) = logic::outcome_from(None, &fewer, &options, &[]);
                let Some(stuck) = stuck else { continue };
                started += 1;
                let (from_base, _) = logic::outcome_from(Some(&stuck), &more, &options, &[]);
                assert_eq!(from_base, logic::outcome(&more, &options), "{n} {seed}");
                assert_eq!(
                    from_base,
                    logic::solve(&more, &options).outcome,
                    "{n} {seed}"
                );
            }
        }
    }
    assert!(started > 100, "{started}");
}
