//! What the app and the command line say: numbers, times, progress, and every kind of message.

use sudoku_lab::app::protocol::Phase;
use sudoku_lab::app::state::COUNT_LIMIT;
use sudoku_lab::words::{format_millis, progress_text, quantity};

#[test]
fn progress_says_what_it_counts() {
    assert_eq!(
        progress_text(Phase::Removing, 412, 625),
        "Removing clues: 412 of 625 cells"
    );
    assert_eq!(
        progress_text(Phase::Clues, 5, 24),
        "Testing clues: 5 of 24 clues"
    );
    assert_eq!(
        progress_text(Phase::Solutions, 1, COUNT_LIMIT + 1),
        "Counting: 1 solution so far (stops at 10,000)"
    );
    assert_eq!(
        progress_text(Phase::Formulations, 2, 4),
        "Comparing: 2 of 4 formulations answered"
    );
    assert!(!Phase::Solutions.has_end() && Phase::Clues.has_end());
}

#[test]
fn counts_read_as_words() {
    let cases = [
        (1, "guesses", "1 guess"),
        (2, "guesses", "2 guesses"),
        (1, "nodes", "1 node"),
        (0, "nodes", "0 nodes"),
        (1, "LP iterations", "1 LP iteration"),
        (1, "givens", "1 given"),
        (15625, "variables", "15,625 variables"),
        (752500, "clauses", "752,500 clauses"),
        (1_000_000, "nodes", "1,000,000 nodes"),
    ];
    for (n, plural, expected) in cases {
        assert_eq!(quantity(n, plural), expected);
    }
}

#[test]
fn times_read_naturally() {
    let cases = [
        (0.04, "< 0.1 ms"),
        (0.4, "0.4 ms"),
        (41.26, "41.3 ms"),
        (1234.0, "1.23 s"),
    ];
    for (ms, text) in cases {
        assert_eq!(format_millis(ms), text);
    }
}
