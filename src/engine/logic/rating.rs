//! Difficulty rating, HoDoKu's way: the level of the hardest technique used, raised while the
//! summed step score exceeds the level's limit; "needs guessing" when the solver is stuck.
//!
//! HoDoKu's limits (its default `Options.difficultyLevels`) are the summed scores 800 (Easy),
//! 1000 (Medium), 1600 (Hard) and 1800 (Unfair); Extreme has none. They are used as they are
//! on 9x9. On other sizes a puzzle has many more (or fewer) empty cells, so the sum grows
//! with the grid; there each limit is scaled by `empty cells / 57`. 57 is where HoDoKu's Easy
//! limit meets a puzzle solved entirely by hidden singles (57 x 14 = 798 < 800), so a puzzle
//! of any size solved by singles alone stays Easy, and the other limits keep their ratio to
//! it: the level is then in effect the hardest technique needed, raised only by a long run
//! of harder steps per empty cell.

use super::solver::{LogicOptions, Outcome, Solved, solve};
use super::{Level, Technique};
use crate::engine::grid::{Grid, Size};
use serde::{Deserialize, Serialize};

/// HoDoKu's summed-score limit of each level on 9x9 (`None`: no limit).
pub fn max_score(level: Level) -> Option<u64> {
    match level {
        Level::Easy => Some(800),
        Level::Medium => Some(1000),
        Level::Hard => Some(1600),
        Level::Unfair => Some(1800),
        Level::Extreme => None,
    }
}

/// Empty cells at which the 9x9 limits apply unscaled on other sizes (see the module docs).
pub const SCALE_CELLS: u64 = 57;

/// The limit of `level` for a puzzle of `size` with `empty` empty cells.
pub fn limit(level: Level, size: Size, empty: usize) -> Option<u64> {
    let base = max_score(level)?;
    if size == Size::NINE {
        Some(base)
    } else {
        Some(base * (empty as u64).max(1) / SCALE_CELLS)
    }
}

/// A puzzle's difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    /// `None` when the logic solver got stuck (the puzzle needs guessing) or found no
    /// solution.
    pub level: Option<Level>,
    /// Summed HoDoKu scores of the steps taken.
    pub score: u64,
    /// The hardest technique used (by level, then score).
    pub hardest: Option<Technique>,
    pub steps: usize,
    pub outcome: Outcome,
}

impl Rating {
    /// `Easy` .. `Extreme`, or `needs guessing` / `no solution`.
    pub fn label(&self) -> &'static str {
        match (self.level, self.outcome) {
            (Some(l), _) => l.name(),
            (None, Outcome::Broken) => "no solution",
            (None, _) => "needs guessing",
        }
    }
}

/// Rates `grid` (its givens and filled cells are the start). `unique` allows the uniqueness
/// techniques, as HoDoKu does for the puzzles it rates.
pub fn rate(grid: &Grid, unique: bool) -> Rating {
    let options = LogicOptions {
        unique,
        ..LogicOptions::default()
    };
    let empty = grid
        .entries()
        .iter()
        .filter(|e| e.digit().is_none())
        .count();
    rate_solved(&solve(grid, &options), grid.size(), empty)
}

/// Rates a finished logic solve of a puzzle of `size` that had `empty` empty cells.
pub fn rate_solved(solved: &Solved, size: Size, empty: usize) -> Rating {
    let score: u64 = solved
        .steps
        .iter()
        .map(|s| u64::from(s.technique.score()))
        .sum();
    let hardest = solved
        .steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|t| (t.level(), t.score()));
    let level = (solved.outcome == Outcome::Solved).then(|| {
        let mut level = hardest.map_or(Level::Easy, Technique::level);
        while let Some(max) = limit(level, size, empty) {
            if score <= max {
                break;
            }
            level = Level::ALL[level as usize + 1];
        }
        level
    });
    Rating {
        level,
        score,
        hardest,
        steps: solved.steps.len(),
        outcome: solved.outcome,
    }
}
