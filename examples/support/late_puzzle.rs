//! The puzzle a removal has when its logic pass ends, for the examples that study the questions
//! left after it (`#[path]`-included, so each example stays one target).

use sudoku_lab::engine::generate::{GenerateOptions, Phase, generate};
use sudoku_lab::engine::grid::{Grid, Size};
use sudoku_lab::engine::search::Flow;

/// The puzzle the logic pass leaves: the first progress report of the removal whose puzzle has
/// as many clues as the one before it (the logic pass reports only removals).
pub fn late_puzzle(size: Size, seed: u64) -> Grid {
    let mut last: Option<usize> = None;
    let mut found: Option<Grid> = None;
    let options = GenerateOptions::with_seed(seed);
    let _ = generate(size, &options, &mut |p| {
        if p.phase != Phase::Removing {
            return Flow::Continue;
        }
        let Some(puzzle) = p.puzzle else {
            return Flow::Continue;
        };
        let given = puzzle.given_count();
        if last == Some(given) {
            found = Some(puzzle.clone());
            return Flow::Stop;
        }
        last = Some(given);
        Flow::Continue
    });
    found.expect("the removal reached the end of its logic pass")
}
