//! Ratings: HoDoKu's levels and limits on 9x9, limits scaled by empty cells elsewhere.

use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::generate::random_full_grid;
use sudoku_lab::engine::logic::rating::{self, SCALE_CELLS, limit, max_score};
use sudoku_lab::engine::logic::{Level, LogicOptions, Outcome, Technique, rate, solve};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::{Entry, Grid, Pos, Size};

/// A 9x9 puzzle from its one-line form.
fn nine(text: &str) -> Grid {
    parse(text).expect("a puzzle").puzzle
}

#[test]
fn limits_are_hodokus_on_9x9_and_scaled_elsewhere() {
    assert_eq!(max_score(Level::Easy), Some(800));
    assert_eq!(max_score(Level::Unfair), Some(1800));
    assert_eq!(max_score(Level::Extreme), None);
    assert_eq!(limit(Level::Medium, Size::NINE, 10), Some(1000));
    let big = Size::new(7).unwrap();
    assert_eq!(
        limit(Level::Easy, big, 2000),
        Some(800 * 2000 / SCALE_CELLS)
    );
    // Every hidden single still fits the Easy limit at any size.
    for empty in [1usize, 57, 200, 2401] {
        let l = limit(Level::Easy, big, empty).unwrap();
        assert!(14 * empty as u64 <= l.max(14), "{empty}: {l}");
    }
}

#[test]
fn a_puzzle_solved_by_singles_is_easy() {
    // tdoku's first test puzzle falls to singles.
    let g =
        nine(".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4");
    let r = rate(&g, true);
    assert_eq!(r.outcome, Outcome::Solved);
    assert_eq!(r.level, Some(Level::Easy));
    assert!(r.score <= 800);
    assert!(r.hardest.unwrap().level() == Level::Easy);
    assert_eq!(r.label(), "Easy");
}

#[test]
fn big_grid_solved_by_singles_is_easy() {
    let size = Size::new(6).unwrap();
    let mut rng = Rng::new(5);
    let full = random_full_grid(size, &mut rng, None).unwrap();
    // Blank one cell per box: every box is then a full house.
    let mut g = full.puzzle();
    let mut blanked = 0;
    for (i, e) in full.entries().iter().enumerate() {
        let p = Pos::from_index(i, size);
        let d = e.digit().unwrap();
        let n = size.box_size();
        if p.row % n == p.col % n && (p.row / n + p.col / n).is_multiple_of(2) {
            blanked += 1;
        } else {
            g.set(p, Entry::Given(d));
        }
    }
    assert!(blanked > 100);
    let r = rate(&g, false);
    assert_eq!(r.outcome, Outcome::Solved);
    assert_eq!(r.level, Some(Level::Easy), "{r:?}");
}

#[test]
fn the_summed_score_raises_the_level() {
    // A long run of medium steps on 9x9: level from the hardest technique, then raised.
    let mut solved = solve(
        &nine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
        &LogicOptions::default(),
    );
    let n = solved.steps.len();
    let r = rating::rate_solved(&solved, Size::NINE, 64);
    assert_eq!(r.steps, n);
    if r.outcome == Outcome::Solved {
        let hardest = r.hardest.unwrap().level();
        assert!(r.level.unwrap() >= hardest);
    } else {
        assert_eq!(r.level, None);
        assert_eq!(r.label(), "needs guessing");
    }
    // Fake a log of many pointing steps: Medium by technique, Extreme by score.
    solved.outcome = Outcome::Solved;
    let step = sudoku_lab::engine::logic::Step::new(Technique::Pointing);
    solved.steps = vec![step; 40];
    let r = rating::rate_solved(&solved, Size::NINE, 64);
    assert_eq!(r.score, 40 * 50);
    assert_eq!(r.level, Some(Level::Extreme));
    solved.steps.truncate(18);
    let r = rating::rate_solved(&solved, Size::NINE, 64);
    assert_eq!(r.level, Some(Level::Medium));
    solved.steps.truncate(17);
    let mut more = solved.clone();
    more.steps
        .push(sudoku_lab::engine::logic::Step::new(Technique::Pointing));
    more.steps
        .push(sudoku_lab::engine::logic::Step::new(Technique::Pointing));
    let r = rating::rate_solved(&more, Size::NINE, 64);
    assert_eq!((r.score, r.level), (950, Some(Level::Medium)));
    more.steps
        .push(sudoku_lab::engine::logic::Step::new(Technique::Pointing));
    let r = rating::rate_solved(&more, Size::NINE, 64);
    assert_eq!((r.score, r.level), (1000, Some(Level::Medium)));
    more.steps
        .push(sudoku_lab::engine::logic::Step::new(Technique::Pointing));
    let r = rating::rate_solved(&more, Size::NINE, 64);
    assert_eq!((r.score, r.level), (1050, Some(Level::Hard)));
}

#[test]
fn stuck_means_needs_guessing() {
    // An empty 9x9 has many solutions: nothing applies.
    let r = rate(&Grid::empty(Size::NINE), false);
    assert_eq!(r.outcome, Outcome::Stuck);
    assert_eq!(r.level, None);
    assert_eq!(r.label(), "needs guessing");
    let solved = solve(&Grid::empty(Size::NINE), &LogicOptions::default());
    assert_eq!(solved.remaining().len(), 81);
    // Contradictory givens: no solution.
    let mut values = vec![0u8; 81];
    values[..2].copy_from_slice(&[1, 1]);
    let bad = Grid::from_values(Size::NINE, &values).unwrap();
    let r = rate(&bad, false);
    assert_eq!(r.label(), "no solution");
}

#[test]
fn max_level_limits_the_techniques() {
    let g =
        nine("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let easy = LogicOptions {
        unique: true,
        max_level: Level::Easy,
    };
    let solved = solve(&g, &easy);
    assert!(
        solved
            .steps
            .iter()
            .all(|s| s.technique.level() == Level::Easy)
    );
    assert!(easy.techniques().all(|t| t.level() == Level::Easy));
    let safe = LogicOptions::default();
    assert!(safe.techniques().all(|t| !t.needs_uniqueness()));
}
