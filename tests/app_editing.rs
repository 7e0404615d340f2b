//! Editing the board by hand, through the whole state and through the editing reducer alone.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::state::{
    Action, AppState, Board, Direction, EditAction, Editing, JobKind, Message, Mode,
};
use sudoku_lab::engine::{Entry, Grid, Size};

#[test]
fn select_and_move_stop_at_the_edges() {
    let cases = [
        (p(0, 0), Direction::Up, p(0, 0)),
        (p(0, 0), Direction::Left, p(0, 0)),
        (p(8, 8), Direction::Down, p(8, 8)),
        (p(8, 8), Direction::Right, p(8, 8)),
        (p(4, 4), Direction::Up, p(3, 4)),
        (p(4, 4), Direction::Down, p(5, 4)),
        (p(4, 4), Direction::Left, p(4, 3)),
        (p(4, 4), Direction::Right, p(4, 5)),
        (p(4, 4), Direction::RowStart, p(4, 0)),
        (p(4, 4), Direction::RowEnd, p(4, 8)),
        (p(4, 4), Direction::GridStart, p(0, 0)),
        (p(4, 4), Direction::GridEnd, p(8, 8)),
        (p(4, 4), Direction::BoxUp, p(1, 4)),
        (p(4, 4), Direction::BoxDown, p(7, 4)),
        (p(1, 4), Direction::BoxUp, p(0, 4)),
        (p(7, 4), Direction::BoxDown, p(8, 4)),
    ];
    for (from, dir, to) in cases {
        let s = run(
            AppState::default(),
            [Action::Select(from), Action::Move(dir)],
        );
        assert_eq!(s.editing.selected, Some(to), "{from:?} {dir:?}");
    }
    let outside = AppState::default().reduce(Action::Select(p(9, 0)));
    assert_eq!(
        outside.editing.selected, None,
        "a cell outside the grid is not selected"
    );
    for corner in [p(3, 8), p(8, 3), p(8, 8)] {
        let shrunk = run(
            AppState::default(),
            [
                Action::Select(corner),
                Action::SetSize(Size::new(2).expect("4x4")),
                Action::Input(d(1)),
            ],
        );
        assert_eq!(
            shrunk.editing.selected, None,
            "{corner:?} is off the 4x4 grid"
        );
        assert_eq!(shrunk.board.grid.given_count(), 0, "no cell was written");
    }
    let first = AppState::default().reduce(Action::Move(Direction::Right));
    assert_eq!(
        first.editing.selected,
        Some(p(0, 1)),
        "moving starts from the top left"
    );
}

#[test]
fn input_writes_givens_or_play_digits_by_mode_and_keeps_givens_safe() {
    let given = run(
        AppState::default(),
        [Action::Select(p(2, 6)), Action::Input(d(5))],
    );
    assert_eq!(given.board.grid.entry(p(2, 6)), Entry::Given(d(5)));
    assert_eq!(given.board.undo.len(), 1);

    let played = run(
        given.clone(),
        [
            Action::SetMode(Mode::Play),
            Action::Select(p(0, 0)),
            Action::Input(d(3)),
        ],
    );
    assert_eq!(played.board.mode, Mode::Play);
    assert_eq!(played.board.grid.entry(p(0, 0)), Entry::Filled(d(3)));

    let refused = run(
        played.clone(),
        [Action::Select(p(2, 6)), Action::Input(d(4))],
    );
    assert_eq!(
        refused.board.grid, played.board.grid,
        "a given is safe in play mode"
    );
    assert_eq!(
        refused.status.to_string(),
        "Row 3, column 7 holds a clue; choose Enter clues to change it."
    );

    let unselected = AppState::default().reduce(Action::Input(d(1)));
    assert_eq!(unselected.board.grid, Grid::empty(Size::NINE));
    assert_eq!(unselected.status.to_string(), "Select a cell first.");

    let small = run(
        AppState::default(),
        [
            Action::SetSize(Size::new(2).expect("size")),
            Action::Select(p(0, 0)),
            Action::Input(d(9)),
        ],
    );
    assert_eq!(
        small.board.grid.entry(p(0, 0)),
        Entry::Empty,
        "9 does not fit 4x4"
    );
}

#[test]
fn input_reports_conflicts_and_a_full_grid() {
    let s = run(
        AppState::default(),
        [
            Action::Select(p(0, 0)),
            Action::Input(d(7)),
            Action::Select(p(0, 5)),
            Action::Input(d(7)),
        ],
    );
    assert!(s.status.is_error());
    assert!(
        s.status.to_string().starts_with("Conflict: digit 7"),
        "{}",
        s.status.to_string()
    );

    let solved = report(&puzzle(), 1).solutions[0].clone();
    let mut almost = solved.clone();
    almost.set(p(8, 8), Entry::Empty);
    let digit = solved.digit(p(8, 8)).expect("solved");
    let s = run(
        AppState::new(almost),
        [
            Action::SetMode(Mode::Play),
            Action::Select(p(8, 8)),
            Action::Input(digit),
        ],
    );
    assert_eq!(
        s.status.to_string(),
        "The grid is full and has no conflicts."
    );
}

#[test]
fn erase_undo_and_redo_walk_the_history() {
    let s = run(
        AppState::default(),
        [Action::Select(p(1, 1)), Action::Input(d(4))],
    );
    let erased = s.clone().reduce(Action::Erase);
    assert_eq!(erased.board.grid.entry(p(1, 1)), Entry::Empty);
    let undone = erased.clone().reduce(Action::Undo);
    assert_eq!(undone.board.grid.entry(p(1, 1)), Entry::Given(d(4)));
    assert_eq!(undone.board.redo.len(), 1);
    assert_eq!(undone.status.to_string(), "Undone.");
    let redone = undone.reduce(Action::Redo);
    assert_eq!(redone.board.grid, erased.board.grid);
    assert!(redone.board.redo.is_empty());
    assert_eq!(redone.status.to_string(), "Redone.");

    // The message follows the board undo brings back, not the one it replaces.
    let resized = run(s.clone(), [Action::SetSize(Size::new(2).expect("4x4"))]);
    assert_eq!(
        resized.status.to_string(),
        "New empty 4x4 grid. Undo brings the 9x9 board back."
    );
    let empty = AppState::default().reduce(Action::SetSize(Size::new(2).expect("4x4")));
    assert_eq!(
        empty.status.to_string(),
        "New empty 4x4 grid.",
        "nothing to bring back"
    );
    let back = resized.reduce(Action::Undo);
    assert_eq!(
        (back.board.grid.size(), back.status.to_string().as_str()),
        (Size::NINE, "Undone.")
    );
    let clash = run(
        s,
        [
            Action::Select(p(1, 2)),
            Action::Input(d(4)),
            Action::Erase,
            Action::Undo,
        ],
    );
    assert!(clash.status.is_error());
    assert!(
        clash
            .status
            .to_string()
            .starts_with("Conflict: digit 4 appears twice")
    );

    // Past either end the board stays, and the status says so.
    let nothing = AppState::default();
    for (action, said) in [
        (Action::Undo, "Nothing to undo."),
        (Action::Redo, "Nothing to redo."),
    ] {
        let after = nothing.clone().reduce(action);
        assert_eq!(after.board, nothing.board);
        assert_eq!(after.status.to_string(), said);
    }
    let redone = redone.reduce(Action::Redo);
    assert_eq!(redone.status.to_string(), "Nothing to redo.");
}

#[test]
fn clearing_an_empty_board_or_resetting_a_board_of_givens_adds_no_undo_step() {
    let givens = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    let reset = givens.clone().reduce(Action::ResetToGivens);
    assert_eq!(
        (&reset.board.grid, &reset.board.undo),
        (&givens.board.grid, &givens.board.undo)
    );
    assert_eq!(
        reset.status.to_string(),
        "The board holds only clues already."
    );
    let empty = AppState::default();
    let cleared = empty.clone().reduce(Action::Clear);
    assert_eq!(
        (&cleared.board.grid, &cleared.board.undo),
        (&empty.board.grid, &empty.board.undo)
    );
    assert_eq!(cleared.status.to_string(), "The board is already empty.");
    // Notes alone are something to reset: they go, as one undo step.
    let noted = run(
        givens,
        [
            Action::Select(p(0, 1)),
            Action::ToggleNotes,
            Action::Input(d(1)),
            Action::ToggleNotes,
        ],
    );
    assert!(!noted.board.notes.is_empty());
    let reset = noted.clone().reduce(Action::ResetToGivens);
    assert!(reset.board.notes.is_empty());
    assert_eq!(reset.board.grid, noted.board.grid);
    assert_eq!(reset.status.to_string(), "Back to the clues.");
    assert_eq!(reset.reduce(Action::Undo).board.notes, noted.board.notes);
}

#[test]
fn clear_reset_and_resize_replace_the_grid_undoably() {
    let start = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    assert_eq!(start.board.grid.entry(p(0, 1)), Entry::Filled(d(1)));
    let five = Size::new(5).expect("size");
    let cases: [(Action, Grid, Mode, &str); 3] = [
        (
            Action::Clear,
            Grid::empty(Size::NINE),
            Mode::Givens,
            "Cleared. Undo brings the 9x9 board back.",
        ),
        (
            Action::ResetToGivens,
            puzzle(),
            Mode::Play,
            "Back to the clues.",
        ),
        (
            Action::SetSize(five),
            Grid::empty(five),
            Mode::Givens,
            "New empty 25x25 grid. Undo brings the 9x9 board back.",
        ),
    ];
    for (action, grid, mode, status) in cases {
        let s = start.clone().reduce(action.clone());
        assert_eq!(s.board.grid, grid, "{action:?}");
        assert_eq!(s.board.mode, mode, "{action:?}");
        assert_eq!(s.status.to_string(), status, "{action:?}");
        assert_eq!(
            s.reduce(Action::Undo).board.grid,
            start.board.grid,
            "{action:?} undoes"
        );
    }
    let same = start.clone().reduce(Action::SetSize(Size::NINE));
    assert_eq!(
        (&same.board.grid, &same.board.undo, &same.status),
        (&start.board.grid, &start.board.undo, &start.status),
        "choosing the current size keeps the grid"
    );
}

#[test]
fn switching_mode_says_what_typing_does_now() {
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    assert_eq!(s.board.mode, Mode::Play);
    let givens = s.clone().reduce(Action::SetMode(Mode::Givens));
    assert_eq!(
        givens.status.to_string(),
        "Entering clues: digits typed now are part of the puzzle."
    );
    let play = givens.reduce(Action::SetMode(Mode::Play));
    assert_eq!(
        play.status.to_string(),
        "Playing: the clues are locked; digits typed now are yours."
    );
    // The mode it is already in, or an error on show, leaves the status alone.
    assert_eq!(
        s.clone().reduce(Action::SetMode(Mode::Play)).status,
        s.status
    );
    let error = s.reduce(Action::Import("12x".into()));
    assert!(error.status.is_error());
    assert_eq!(
        error.clone().reduce(Action::SetMode(Mode::Givens)).status,
        error.status
    );
}

#[test]
fn switching_mode_while_a_job_runs_keeps_its_status() {
    let (s, _) = busy_with(JobKind::Count);
    let switched = s.clone().reduce(Action::SetMode(Mode::Givens));
    assert_eq!(switched.status, s.status);
    assert_eq!(switched.board.mode, Mode::Givens);
}

#[test]
fn the_editing_reducer_works_on_a_board_alone() {
    let mut board = Board::new(Grid::empty(Size::NINE));
    let mut editing = Editing::default();
    let mut status = Message::Welcome;
    let mut edit = |action, busy, board: &mut Board, status: &mut Message| {
        editing.reduce(action, board, status, busy)
    };
    // Nothing selected: nothing written, and said so.
    assert!(!edit(
        EditAction::Input(d(5)),
        false,
        &mut board,
        &mut status
    ));
    assert_eq!(status, Message::SelectFirst);
    assert!(!edit(
        EditAction::Select(p(0, 0)),
        false,
        &mut board,
        &mut status
    ));
    assert!(edit(
        EditAction::Input(d(5)),
        false,
        &mut board,
        &mut status
    ));
    assert_eq!(board.grid.entry(p(0, 0)), Entry::Given(d(5)));
    assert_eq!((board.undo.len(), &status), (1, &Message::EnteringGivens));
    // A second 5 in the row: the conflict comes as a value with its cells.
    edit(EditAction::Select(p(0, 3)), false, &mut board, &mut status);
    edit(EditAction::Input(d(5)), false, &mut board, &mut status);
    match status {
        Message::Conflict { conflict, .. } => {
            assert_eq!((conflict.first, conflict.second), (p(0, 0), p(0, 3)))
        }
        other => panic!("{other:?}"),
    }
    // A key hint gives way to the next erase key, which is decided on the message.
    edit(
        EditAction::NotADigit("x".into()),
        false,
        &mut board,
        &mut status,
    );
    assert_eq!(
        status,
        Message::NotADigit {
            key: "x".into(),
            size: Size::NINE,
            restored: false
        }
    );
    assert!(edit(EditAction::Erase, false, &mut board, &mut status));
    assert_eq!(status, Message::EnteringGivens);
    // While a job runs, a mode switch keeps the job's line.
    let running = Message::Started {
        job: JobKind::Solve,
        slow: None,
    };
    status = running.clone();
    assert!(!edit(
        EditAction::SetMode(Mode::Play),
        true,
        &mut board,
        &mut status
    ));
    assert_eq!((board.mode, &status), (Mode::Play, &running));
    // A new size: a new board, and the selection goes when it is off the new one.
    edit(EditAction::Select(p(8, 8)), false, &mut board, &mut status);
    let four = Size::new(2).expect("4x4");
    assert!(edit(
        EditAction::SetSize(four),
        false,
        &mut board,
        &mut status
    ));
    assert_eq!(
        status,
        Message::NewGrid {
            size: four,
            wiped: Some(Size::NINE)
        }
    );
    assert_eq!(editing.selected, None);
    assert!(editing.reduce(EditAction::Undo, &mut board, &mut status, false));
    assert_eq!(
        (board.size(), &status),
        (Size::NINE, &Message::Undone { said: None })
    );
}
