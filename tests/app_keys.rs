//! Typing with the keyboard: keys that name no digit, and numbers of two keys on grids above
//! 35.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::state::{Action, AppState, Direction, UNDO_LIMIT};
use sudoku_lab::engine::{Digit, Grid, Size};

#[test]
fn keys_that_name_no_digit_are_explained() {
    let cases = [
        (3, "a", "'a' is not a digit of a 9x9 grid (1 to 9)."),
        (2, "5", "'5' is not a digit of a 4x4 grid (1 to 4)."),
        (
            4,
            "H",
            "'H' is not a digit of a 16x16 grid (1 to 9, then A to G).",
        ),
        (
            7,
            "x",
            "'x' is not a digit of a 49x49 grid (numbers 1 to 49, two keys for two digits).",
        ),
    ];
    for (n, key, text) in cases {
        let s = AppState::new(Grid::empty(Size::new(n).expect("size")));
        let after = s.clone().reduce(Action::NotADigit(key.into()));
        assert_eq!(after.status.to_string(), text);
        assert_eq!(
            (&after.board.grid, &after.board.undo),
            (&s.board.grid, &s.board.undo)
        );
        // Moving on keeps the hint; the next erase answers it though the cell was blank.
        let moved = run(
            after,
            [Action::Select(p(0, 0)), Action::Move(Direction::Right)],
        );
        assert_eq!(moved.status.to_string(), text);
        let erased = moved.reduce(Action::Erase);
        assert_eq!(erased.status.to_string(), "Entering clues.", "{n}");
        assert_eq!(erased.board.undo, s.board.undo);
    }
}

#[test]
fn a_two_keystroke_number_is_one_undo_step() {
    let size = Size::new(6).expect("36x36");
    let on = |v: u64| Digit::new(v, 36).expect("digit");
    let start = run(
        AppState::new(Grid::empty(size)),
        [
            Action::Select(p(0, 0)),
            Action::Input(on(7)),
            Action::Select(p(0, 1)),
        ],
    );
    // Also once the history is full and each step drops the oldest.
    let full = (0..UNDO_LIMIT + 5).fold(start.clone(), |s, i| {
        let cell = p(10 + i / 36, i % 36);
        run(
            s,
            [Action::Select(cell), Action::Input(on(1 + cell.col as u64))],
        )
    });
    assert_eq!(full.board.undo.len(), UNDO_LIMIT);
    for base in [&start, &full] {
        for (cell, before) in [(p(0, 1), None), (p(0, 0), Some(on(7)))] {
            let s = run(
                base.clone(),
                [
                    Action::Select(cell),
                    Action::Input(on(4)),
                    Action::InputMore(on(32)),
                ],
            );
            assert_eq!(s.board.grid.digit(cell), Some(on(32)));
            // A full history drops its oldest step for the number, and only that one.
            assert_eq!(
                s.board.undo.len(),
                (base.board.undo.len() + 1).min(UNDO_LIMIT)
            );
            let kept = base.board.undo.len() + 1 - s.board.undo.len();
            assert_eq!(
                s.board.undo[..s.board.undo.len() - 1],
                base.board.undo[kept..],
                "{cell:?}"
            );
            let undone = s.reduce(Action::Undo);
            assert_eq!(undone.board.grid.digit(cell), before, "{cell:?}");
            assert_eq!(undone.board.grid.digit(p(0, 0)), Some(on(7)));
        }
    }
    // The cell already held the first digit, typed earlier as a step of its own, so the
    // first keystroke changed nothing: that earlier step stays.
    let held = run(
        start.clone(),
        [Action::Input(on(3)), Action::Move(Direction::Right)],
    );
    let s = run(
        held.clone(),
        [
            Action::Move(Direction::Left),
            Action::Input(on(3)),
            Action::InputMore(on(32)),
        ],
    );
    assert_eq!(s.board.grid.digit(p(0, 1)), Some(on(32)));
    assert_eq!(s.reduce(Action::Undo).board.grid, held.board.grid);
}

#[test]
fn a_two_keystroke_number_too_large_leaves_the_cell_as_it_was() {
    let size = Size::new(6).expect("36x36");
    let on = |v: u64| Digit::new(v, 36).expect("digit");
    let start = run(
        AppState::new(Grid::empty(size)),
        [Action::Select(p(0, 0)), Action::Input(on(7))],
    );
    // Also with a full history, whose oldest step the first key had pushed out.
    let full = (0..UNDO_LIMIT + 5).fold(start.clone(), |s, i| {
        let cell = p(10 + i / 36, i % 36);
        run(
            s,
            [Action::Select(cell), Action::Input(on(1 + cell.col as u64))],
        )
    });
    let cases = [(p(0, 1), None), (p(0, 0), Some(on(7)))];
    for (base, (cell, before)) in [&start, &full]
        .into_iter()
        .flat_map(|b| cases.map(|c| (b, c)))
    {
        let s = run(
            base.clone(),
            [
                Action::Select(cell),
                Action::Input(on(4)),
                Action::NotADigit("42".into()),
            ],
        );
        assert_eq!(s.board.grid.digit(cell), before, "{cell:?}");
        assert_eq!(s.board.undo, base.board.undo);
        assert!(
            s.status
                .to_string()
                .starts_with("'42' is not a digit of a 36x36 grid")
                && s.status
                    .to_string()
                    .ends_with(" The cell holds what it did before."),
            "{}",
            s.status.to_string()
        );
    }
    // A key that is no number leaves the digit typed before it.
    let s = run(
        start.clone(),
        [
            Action::Select(p(0, 1)),
            Action::Input(on(4)),
            Action::NotADigit("x".into()),
        ],
    );
    assert_eq!(s.board.grid.digit(p(0, 1)), Some(on(4)));
}

#[test]
fn a_second_key_after_an_erase_in_between_is_a_number_of_its_own() {
    // The page may send the second key as a continuation before it shows that an erase (or
    // any other action) ended the first: the state keeps the keys apart.
    let size = Size::new(7).expect("49x49");
    let on = |v: u64| Digit::new(v, 49).expect("digit");
    let cell = p(48, 0);
    let s = run(
        AppState::new(Grid::empty(size)),
        [
            Action::Select(cell),
            Action::Input(on(4)),
            Action::Erase,
            Action::InputMore(on(42)),
        ],
    );
    assert_eq!(s.board.grid.digit(cell), Some(on(2)));
    // Undo takes back the 2 alone; the erase stays.
    assert_eq!(s.reduce(Action::Undo).board.grid.digit(cell), None);
    // A last key of 0 names no digit and leaves the cell as it was.
    let zero = run(
        AppState::new(Grid::empty(size)),
        [
            Action::Select(cell),
            Action::Input(on(4)),
            Action::Erase,
            Action::InputMore(on(40)),
        ],
    );
    assert_eq!(zero.board.grid.digit(cell), None);
    // Without anything between, the two keys still make one number.
    let joined = run(
        AppState::new(Grid::empty(size)),
        [
            Action::Select(cell),
            Action::Input(on(4)),
            Action::InputMore(on(42)),
        ],
    );
    assert_eq!(joined.board.grid.digit(cell), Some(on(42)));
}
