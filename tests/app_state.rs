//! The app reducer, natively: every action, and every answer the worker can give.

#[path = "common/rows.rs"]
mod rows;
use sudoku_lab::app::protocol::{
    CheckOutcome, CompareRow, ModelFormat, Phase, Request, Response, Symmetry,
};
use sudoku_lab::app::state::{
    Action, AppState, COUNT_LIMIT, Direction, EngineState, JobKind, Mode, Saved, UNDO_LIMIT,
    encode_uri_component,
};
use sudoku_lab::engine::format::{self, parse};
use sudoku_lab::engine::{
    Digit, Entry, Formulation, Grid, Pos, Size, SolveOptions, SolveReport, Stats, Verdict, solve,
};
use sudoku_lab::words::{format_millis, progress_text, quantity};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn puzzle() -> Grid {
    parse(PUZZLE).expect("valid").puzzle
}

fn d(v: u64) -> Digit {
    Digit::new(v, 9).expect("digit")
}

fn p(row: usize, col: usize) -> Pos {
    Pos::new(row, col)
}

fn run(state: AppState, actions: impl IntoIterator<Item = Action>) -> AppState {
    actions.into_iter().fold(state, AppState::reduce)
}

/// A state showing the puzzle, in play mode, with a job of `kind` running under the next id.
fn busy_with(kind: JobKind) -> (AppState, u64) {
    let s = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    let id = s.next_job_id();
    (s.reduce(Action::Started { id, kind }), id)
}

fn report(puzzle: &Grid, max: u64) -> SolveReport {
    let options = SolveOptions {
        max_solutions: Some(max),
        keep: 2,
        ..SolveOptions::default()
    };
    solve(puzzle, Formulation::Propagation, &options).expect("solves")
}

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
        "Row 3, column 7 holds a given; choose Enter givens to change it."
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
        assert_eq!(erased.status.to_string(), "Entering givens.", "{n}");
        assert_eq!(erased.board.undo, s.board.undo);
    }
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

    let nothing = AppState::default();
    assert_eq!(nothing.clone().reduce(Action::Undo), nothing);
    assert_eq!(nothing.clone().reduce(Action::Redo), nothing);
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
        "The board holds only givens already."
    );
    let empty = AppState::default();
    let cleared = empty.clone().reduce(Action::Clear);
    assert_eq!(
        (&cleared.board.grid, &cleared.board.undo),
        (&empty.board.grid, &empty.board.undo)
    );
    assert_eq!(cleared.status.to_string(), "The board is already empty.");
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
            "Back to the givens.",
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
fn settings_are_stored_and_saved() {
    let s = run(
        AppState::default(),
        [
            Action::SetMode(Mode::Play),
            Action::SetFormulation(Formulation::Propagation),
            Action::SetSeed(42),
            Action::SetSymmetry(Symmetry::Rotate90),
        ],
    );
    assert_eq!(
        (
            s.board.mode,
            s.jobs.formulation,
            s.generation.seed,
            s.generation.symmetry
        ),
        (Mode::Play, Formulation::Propagation, 42, Symmetry::Rotate90)
    );
    let saved = s.saved();
    let text = serde_json::to_string(&saved).expect("serialises");
    let back = AppState::restore(serde_json::from_str(&text).expect("parses"));
    assert_eq!(back.saved(), saved);
}

#[test]
fn a_restored_grid_says_where_it_came_from() {
    let empty = AppState::restore(AppState::default().saved());
    assert_eq!(empty.status, AppState::default().status);
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let back = AppState::restore(s.saved());
    assert_eq!(
        back.status.to_string(),
        "Restored the 9x9 grid from your last visit (17 givens)."
    );
}

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
fn saved_state_from_before_symmetry_existed_still_loads() {
    let grid = serde_json::to_string(&Grid::empty(Size::NINE)).expect("grid");
    let text = format!(r#"{{"grid":{grid},"mode":"Play","formulation":"Propagation","seed":7}}"#);
    let back = AppState::restore(serde_json::from_str(&text).expect("parses"));
    assert_eq!(
        (back.generation.seed, back.generation.symmetry),
        (7, Symmetry::None)
    );
}

#[test]
fn a_whole_solution_saved_by_older_versions_marks_nothing() {
    // Older versions saved the last solution shown under `solver_grid` and marked every
    // digit agreeing with it, even ones played after a reset.
    let solution = report(&puzzle(), 2).solutions[0].clone();
    let mut played = puzzle();
    played.set(
        p(0, 1),
        Entry::Filled(solution.digit(p(0, 1)).expect("solved")),
    );
    let text = serde_json::json!({
        "grid": played, "mode": "Play", "formulation": "Propagation", "seed": 1,
        "solver_grid": solution,
    })
    .to_string();
    let back = AppState::restore(serde_json::from_str(&text).expect("parses"));
    assert_eq!(back.board.grid, played);
    assert!(back.solver_cells().iter().all(|&m| !m));
    // What this version saves comes back with its marks.
    let mut solved = AppState::new(solution.clone());
    solved.board.solver_grid = Some(solution);
    let reloaded = AppState::restore(
        serde_json::from_str(&serde_json::to_string(&solved.saved()).expect("saves"))
            .expect("loads"),
    );
    assert_eq!(reloaded.solver_cells(), solved.solver_cells());
    assert!(reloaded.solver_cells().iter().any(|&m| m));
}

#[test]
fn bad_seeds_and_unreadable_files_are_reported_and_change_nothing_else() {
    let s = run(
        AppState::default(),
        [Action::Import(PUZZLE.into()), Action::SetSeed(7)],
    );
    let cases = [
        (
            Action::InvalidSeed(" 12x".into()),
            "'12x' is not a seed (a whole number from 0 to 18446744073709551615); Generate waits for one.",
        ),
        (
            Action::ImportFailed("big.txt is 9000000 bytes; the limit is 8388608 bytes.".into()),
            "Import failed: big.txt is 9000000 bytes; the limit is 8388608 bytes.",
        ),
    ];
    for (action, text) in cases {
        let after = s.clone().reduce(action);
        assert_eq!(
            (after.status.to_string().as_str(), after.status.is_error()),
            (text, true)
        );
        assert_eq!(after.board.grid, s.board.grid);
        assert_eq!(after.generation.seed, 7);
        assert_eq!(after.board.undo, s.board.undo);
    }
}

#[test]
fn generate_waits_while_the_seed_field_holds_no_seed() {
    let s = AppState::default().reduce(Action::SetSeed(7));
    assert_eq!(s.generation.seed_draft, None);
    let typing = s.clone().reduce(Action::InvalidSeed(String::new()));
    assert_eq!(typing.generation.seed_draft.as_deref(), Some(""));
    assert_eq!(
        (typing.generation.seed, &typing.status),
        (7, &s.status),
        "no message while typing"
    );
    for text in ["-5", "2.5", "1e3", " x "] {
        let bad = s.clone().reduce(Action::InvalidSeed(text.into()));
        assert_eq!(
            bad.generation.seed_draft.as_deref(),
            Some(text),
            "the field keeps what was typed"
        );
        assert!(bad.status.is_error(), "{text}");
        assert_eq!(bad.generation.seed, 7);
        let emptied = bad.clone().reduce(Action::InvalidSeed(String::new()));
        assert_eq!(
            (
                emptied.status.to_string().as_str(),
                emptied.status.is_error()
            ),
            ("Type a seed; Generate waits for one.", false),
            "the complaint about text that is gone goes too"
        );
        let fixed = bad.reduce(Action::SetSeed(8));
        assert_eq!(
            (fixed.generation.seed, &fixed.generation.seed_draft),
            (8, &None)
        );
        assert_eq!(
            (fixed.status.to_string().as_str(), fixed.status.is_error()),
            ("Seed 8.", false)
        );
    }
}

#[test]
fn saved_grids_that_do_not_fit_their_size_are_rejected() {
    let grid = serde_json::to_value(puzzle()).expect("grid");
    let with = |grid: serde_json::Value| serde_json::json!({"grid": grid, "mode": "Play", "formulation": "Propagation", "seed": 1});
    assert!(serde_json::from_value::<Saved>(with(grid.clone())).is_ok());
    let mut short = grid.clone();
    short["cells"].as_array_mut().expect("cells").pop();
    let mut big_digit = grid.clone();
    big_digit["cells"][0] = serde_json::json!({"Given": 10});
    let mut small_size = grid.clone();
    small_size["size"] = serde_json::json!(2);
    for (bad, why) in [
        (short, "a 9x9 grid has 81 cells, found 80"),
        (big_digit, "cell 0: digit 10 is out of range 1 to 9"),
        (small_size, "a 4x4 grid has 16 cells, found 81"),
    ] {
        let err = serde_json::from_value::<Saved>(with(bad.clone())).expect_err(why);
        assert!(err.to_string().contains(why), "{err}");
        // The page starts on an empty grid and says the saved board was lost.
        let s = AppState::from_stored(Some(&with(bad).to_string()));
        assert_eq!(s.board.grid, Grid::empty(Size::NINE));
        assert!(
            s.status.to_string().contains("could not be read"),
            "{}",
            s.status.to_string()
        );
    }
    assert_eq!(AppState::from_stored(None), AppState::default());
    assert!(
        AppState::from_stored(Some("{"))
            .status
            .to_string()
            .contains("could not be read")
    );
    let kept = AppState::from_stored(Some(&with(grid).to_string()));
    assert_eq!((kept.board.grid, kept.generation.seed), (puzzle(), 1));
}

#[test]
fn a_board_downloaded_in_play_imports_back_with_its_conflicts_shown() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(4)),
        ],
    );
    assert!(
        s.status
            .to_string()
            .starts_with("Conflict: digit 4 appears twice")
    );
    let text = format::write(&s.board.grid, format::Format::Json).expect("JSON has every size");
    let back = AppState::default().reduce(Action::Import(text));
    assert_eq!(back.board.grid, s.board.grid);
    assert!(back.status.is_error());
    assert!(
        back.status.to_string().starts_with(
            "Imported a 9x9 puzzle with 17 givens (JSON format); playing, the givens are locked. Conflict: digit 4 appears twice"
        ),
        "{}",
        back.status.to_string()
    );
}

#[test]
fn saving_offers_the_givens_as_text_and_the_board_as_json() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    let text = s.clone().reduce(Action::Save(format::Format::Line));
    let file = text.files.download.clone().expect("a download");
    assert_eq!(
        (file.name.as_str(), file.text),
        ("sudoku.txt", format!("{PUZZLE}\n"))
    );
    assert_eq!(text.status.to_string(), "Saved the givens as sudoku.txt.");
    assert_eq!(text.reduce(Action::Downloaded).files.download, None);

    let json = s.clone().reduce(Action::Save(format::Format::Json));
    let file = json.files.download.clone().expect("a download");
    assert_eq!(file.name, "sudoku.json");
    assert_eq!(parse(&file.text).expect("reads back").grid, s.board.grid);
    assert_eq!(json.status.to_string(), "Saved the board as sudoku.json.");
    assert_eq!(json.board.grid, s.board.grid);
}

#[test]
fn a_text_of_several_puzzles_imports_the_first_and_says_so() {
    let other = PUZZLE.replace('4', ".");
    let text = format!("# two puzzles\n{PUZZLE}\n\n{other}\n");
    let s = AppState::default().reduce(Action::Import(text));
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(
        s.status.to_string(),
        "Imported a 9x9 puzzle with 17 givens (line format) (the first of 2 puzzles in the text); \
         playing, the givens are locked."
    );
    // Puzzles of 16 characters look like rows of a 16x16 grid; a byte-order mark and a
    // comment line before them change nothing.
    let small = "\u{feff}# 4x4\n1...............\n.2..............\n..3.............\n";
    let s = AppState::default().reduce(Action::Import(small.into()));
    assert_eq!(s.board.grid.size(), Size::new(2).expect("4x4"));
    assert!(
        s.status
            .to_string()
            .contains("(the first of 3 puzzles in the text)"),
        "{}",
        s.status.to_string()
    );
    // A grid whose rows are ragged is one puzzle with a short row, named as such.
    let rows: Vec<String> = (0..9)
        .map(|r| PUZZLE[r * 9..r * 9 + 9].to_string())
        .collect();
    let ragged = format!("{}\n{}", rows[..8].join("\n"), &rows[8][..8]);
    let s = AppState::default().reduce(Action::Import(ragged));
    assert!(
        s.status.is_error() && s.status.to_string().contains("line 9"),
        "{}",
        s.status.to_string()
    );
    // A puzzle line followed by one that is none (a note, a typo), or by a puzzle of another
    // size: the first is imported, and a line that does not read is named.
    let s = AppState::default().reduce(Action::Import(format!("{PUZZLE}\n12x")));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false)
    );
    assert!(
        s.status.to_string().starts_with(
            "Imported a 9x9 puzzle with 17 givens (line format); playing, the givens are \
             locked. Line 2 does not read: found 3 cells;"
        ),
        "{}",
        s.status.to_string()
    );
    // A title line before the puzzle is passed over the same way.
    let s = AppState::default().reduce(Action::Import(format!("Puzzle 1 (easy)\n{PUZZLE}")));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false)
    );
    assert!(
        s.status.to_string().contains(". Line 1 does not read: "),
        "{}",
        s.status.to_string()
    );
    let s = AppState::default().reduce(Action::Import(format!("{PUZZLE}\n1...............")));
    assert_eq!(s.board.grid.puzzle(), puzzle(), "{}", s.status);
    assert!(
        s.status
            .to_string()
            .contains("(the first of 2 puzzles in the text)")
    );
    // The same for JSON documents one per line, of two sizes.
    let json = "{\"dim\":3,\"fixed\":{\"1\":{\"3\":7}}}\n{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}";
    let s = AppState::default().reduce(Action::Import(json.into()));
    assert_eq!(s.board.grid.size(), Size::NINE, "{}", s.status);
    assert!(
        s.status
            .to_string()
            .contains("(the first of 2 puzzles in the text)")
    );
    // Rows with blank lines between the bands are one grid.
    let bands: Vec<String> = (0..3)
        .map(|b| {
            (0..3)
                .map(|r| PUZZLE[(3 * b + r) * 9..(3 * b + r) * 9 + 9].to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    let s = AppState::default().reduce(Action::Import(bands.join("\n\n")));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false),
        "{}",
        s.status
    );
    // A puzzle wrapped at 80 columns, its last piece a lone blank, imports as one.
    let wrapped = format!("{}\n{}", &PUZZLE[..80], &PUZZLE[80..]);
    let s = AppState::default().reduce(Action::Import(wrapped));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false),
        "{}",
        s.status
    );
    // Sixteen 9x9 lines hold as many cells as a 36x36 grid, and sixteen 4x4 lines as many as
    // a 16x16 one; both are still collections (the 16x16 reading of these clashes). Sixteen
    // rows of sixteen cells that read as one 16x16 grid are that grid.
    let four = "1...............";
    let rows = rows::sixteen_4x4_looking_rows();
    let cases = [
        (vec![PUZZLE.to_string(); 16].join("\n"), Some(16), 3),
        (vec![four.to_string(); 15].join("\n"), Some(15), 2),
        (vec![four.to_string(); 16].join("\n"), Some(16), 2),
        (rows.join("\n"), None, 4),
        // The same grid in the block layout, separator lines between its bands.
        (
            format::write(
                &parse(&rows.join("\n")).expect("a 16x16").grid,
                format::Format::Grid,
            )
            .expect("writable"),
            None,
            4,
        ),
    ];
    for (text, count, size) in cases {
        let s = AppState::default().reduce(Action::Import(text));
        assert_eq!(
            s.board.grid.size(),
            Size::new(size).unwrap(),
            "{}",
            s.status
        );
        let said = count.map(|c| format!("(the first of {c} puzzles in the text)"));
        assert_eq!(
            said.is_some_and(|t| s.status.to_string().contains(&t)),
            count.is_some(),
            "{}",
            s.status
        );
        assert!(!s.status.is_error(), "{}", s.status.to_string());
    }
    // The same sixteen 9x9 lines with a bad first one read as a 36x36 grid only by their
    // cell count: they are fifteen puzzles and a line that does not read.
    let mut lines = vec![PUZZLE.to_string(); 16];
    lines[0] = format!("Z{}", &PUZZLE[1..]);
    let s = AppState::default().reduce(Action::Import(lines.join("\n")));
    assert_eq!(
        s.status.to_string(),
        "Imported a 9x9 puzzle with 17 givens (line format) (the first of 15 puzzles in the \
         text); playing, the givens are locked. Line 1 does not read: row 1, column 1: 'Z' is \
         out of range, digits go from 1 to 9 (letters stand for 10 and up, 'Z' for 35)."
    );
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false)
    );
    // Lines none of which reads: the first is named, and the board stays.
    let before = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let s = before.clone().reduce(Action::Import(format!(
        "{}\n{}",
        &PUZZLE[1..],
        &PUZZLE[2..]
    )));
    assert_eq!(
        s.status.to_string(),
        "Import failed: no line of the text reads as a puzzle; line 1: found 80 cells; a grid \
         has 1 (1x1), 16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25), 1,296 (36x36) or 2,401 \
         (49x49) cells."
    );
    assert_eq!(
        (s.board.grid, s.status.is_error()),
        (before.board.grid.clone(), true)
    );
    // Rows of a 16x16 with a clash, most of them 4x4 puzzles alone: the clash is the error.
    let mut rows = rows::sixteen_4x4_looking_rows();
    rows[0].replace_range(15.., "G");
    rows[1] = format!("1{}", ".".repeat(15));
    let s = before.clone().reduce(Action::Import(rows.join("\n")));
    assert!(
        s.status
            .to_string()
            .starts_with("Import failed: contradictory givens"),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn a_restored_board_counts_the_digits_played_as_well_as_the_givens() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::Select(p(0, 2)),
            Action::Input(d(2)),
        ],
    );
    let back = AppState::restore(s.saved());
    assert_eq!(
        back.status.to_string(),
        "Restored the 9x9 grid from your last visit (17 givens, 2 digits filled in)."
    );
}

#[test]
fn stepping_through_solutions_keeps_the_players_agreeing_digits_theirs() {
    // A count on the empty 4x4 after typing a digit where its first two solutions agree.
    let empty4 = ".".repeat(16);
    let counted = report(&Grid::empty(Size::new(2).unwrap()), 10);
    let (a, b) = (&counted.solutions[0], &counted.solutions[1]);
    let same = (0..16)
        .map(|i| Pos::from_index(i, a.size()))
        .find(|&q| a.digit(q) == b.digit(q))
        .expect("two 4x4 solutions agree somewhere");
    let typed = a.digit(same).expect("solved");
    let s = run(
        AppState::default(),
        [
            Action::Import(empty4),
            Action::SetMode(Mode::Play),
            Action::Select(same),
            Action::Input(typed),
        ],
    );
    let id = s.next_job_id();
    let s = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Count,
            },
            Action::Answered {
                id,
                response: Response::Solved {
                    report: counted.clone(),
                    millis: 1.0,
                },
            },
        ],
    );
    let index = same.index(s.size());
    assert!(
        !s.solver_cells()[index],
        "the typed digit stays the player's"
    );
    let s = run(s, [Action::ShowSolution(1), Action::ShowSolution(0)]);
    assert_eq!(s.board.grid, *a);
    assert!(
        !s.solver_cells()[index],
        "and still after stepping away and back"
    );
}

#[test]
fn the_cell_less_0x0_grid_never_reaches_the_board() {
    let zero = Size::new(0).expect("the engine has 0x0");
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let after = s.clone().reduce(Action::Import(r#"{"dim":0}"#.into()));
    assert_eq!(
        (after.status.to_string().as_str(), after.status.is_error()),
        (
            "Import failed: a 0x0 grid has no cells to play; the board takes 1x1 to 49x49.",
            true
        )
    );
    assert_eq!(
        (&after.board.grid, &after.board.undo),
        (&s.board.grid, &s.board.undo)
    );
    assert_eq!(s.clone().reduce(Action::SetSize(zero)), s);
    let mut saved = s.saved();
    saved.grid = Grid::empty(zero);
    saved.seed = 99;
    assert_eq!(AppState::restore(saved), AppState::default());
}

#[test]
fn import_replaces_the_grid_or_leaves_it_exactly_as_it_was() {
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(s.board.mode, Mode::Play);
    assert_eq!(
        s.status.to_string(),
        "Imported a 9x9 puzzle with 17 givens (line format); playing, the givens are locked."
    );

    let mut typo = PUZZLE.to_string();
    typo.replace_range(13..14, "*");
    let bad = [
        (
            typo.as_str(),
            "row 2, column 5: '*' is not a digit or blank",
        ),
        (
            &format!("{PUZZLE}?"),
            "character 82: '?' is not a digit, blank or separator (counted as a cell, the input has 82 cells, which fits no grid)",
        ),
        (
            &PUZZLE.replacen('4', "x", 1),
            "row 1, column 1: 'x' is out of range, digits go from 1 to 9 (letters stand for 10 and up, 'x' for 33)",
        ),
        (r#"{"dim":3,"fixed":{"1":{"3":12}}}"#, "12"),
        ("", "no puzzle found"),
    ];
    for (text, expected) in bad {
        let after = s.clone().reduce(Action::Import(text.into()));
        assert_eq!(after.board.grid, s.board.grid, "{text:?} leaves the grid");
        assert_eq!(
            after.board.undo, s.board.undo,
            "{text:?} leaves the history"
        );
        assert!(after.status.is_error());
        assert!(
            after.status.to_string().starts_with("Import failed: ")
                && after.status.to_string().contains(expected),
            "{text:?}: {}",
            after.status
        );
    }
}

#[test]
fn every_job_kind_builds_its_request_from_the_state() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::SetSeed(9),
            Action::SetSymmetry(Symmetry::Rotate180),
        ],
    );
    let f = Formulation::Propagation;
    let cases = [
        (
            JobKind::Solve,
            Request::Solve {
                puzzle: puzzle(),
                formulation: f,
                max_solutions: Some(2),
                keep: 2,
            },
        ),
        (
            JobKind::Count,
            Request::Solve {
                puzzle: puzzle(),
                formulation: f,
                max_solutions: Some(COUNT_LIMIT + 1),
                keep: 100,
            },
        ),
        (JobKind::Compare, Request::Compare { puzzle: puzzle() }),
        (
            JobKind::Generate,
            Request::Generate {
                size: Size::NINE,
                seed: 9,
                symmetry: Symmetry::Rotate180,
                formulation: f,
            },
        ),
        (
            JobKind::Check,
            Request::Check {
                puzzle: puzzle(),
                formulation: f,
            },
        ),
        (
            JobKind::Export(ModelFormat::Lp),
            Request::Export {
                puzzle: puzzle(),
                model: ModelFormat::Lp,
            },
        ),
    ];
    for (kind, request) in cases {
        assert_eq!(
            s.request(kind),
            request,
            "{kind:?} asks only about the givens"
        );
    }
}

#[test]
fn started_marks_busy_and_progress_updates_it() {
    for kind in [JobKind::Solve, JobKind::Generate, JobKind::Check] {
        let (s, id) = busy_with(kind);
        assert!(s.busy());
        assert_eq!(s.next_job_id(), id + 1);
        assert_eq!(s.status.to_string(), format!("{}...", kind.verb()));
        let s = s.reduce(Action::Answered {
            id,
            response: Response::Progress {
                phase: Phase::Removing,
                done: 3,
                total: 81,
            },
        });
        assert_eq!(
            s.jobs.job.as_ref().and_then(|j| j.progress),
            Some((Phase::Removing, 3, 81))
        );
    }
}

#[test]
fn answers_to_other_jobs_are_ignored() {
    let (s, id) = busy_with(JobKind::Solve);
    let stale = s.clone().reduce(Action::Answered {
        id: id + 7,
        response: Response::Failed {
            message: "old".into(),
        },
    });
    assert_eq!(stale, s);
    let idle = AppState::default();
    let late = idle.clone().reduce(Action::Answered {
        id: 1,
        response: Response::Progress {
            phase: Phase::Clues,
            done: 1,
            total: 2,
        },
    });
    assert_eq!(late, idle);
}

#[test]
fn solve_answers_say_what_happened_in_words_and_numbers() {
    let unique = report(&puzzle(), 2);
    let mut two = puzzle();
    two.set(p(0, 0), Entry::Empty);
    let several = report(&two, 2);
    let none = SolveReport {
        count: 0,
        exhaustive: true,
        solutions: vec![],
        ..unique.clone()
    };
    let stopped = SolveReport {
        count: 0,
        exhaustive: false,
        solutions: vec![],
        stats: Stats {
            nodes: Some(5),
            guesses: Some(1),
            ..Stats::default()
        },
        ..unique.clone()
    };
    let counted = SolveReport {
        count: 3,
        exhaustive: true,
        ..several.clone()
    };
    let at_least = SolveReport {
        exhaustive: false,
        ..counted.clone()
    };
    assert!(!several.exhaustive, "stopped at the second solution");
    let cases = [
        (
            JobKind::Solve,
            unique.clone(),
            "Unique solution (Propagation, 0.4 ms, ",
        ),
        (
            JobKind::Solve,
            several.clone(),
            "At least 2 solutions (Propagation, 0.4 ms",
        ),
        (
            JobKind::Solve,
            none.clone(),
            "No solution (Propagation, 0.4 ms",
        ),
        (
            JobKind::Solve,
            stopped,
            "Stopped before an answer (Propagation, 0.4 ms, 5 nodes, 1 guess).",
        ),
        (JobKind::Count, unique.clone(), "1 solution (Propagation"),
        (JobKind::Count, counted.clone(), "3 solutions (Propagation"),
        (
            JobKind::Count,
            at_least,
            "At least 3 solutions; counting stopped there",
        ),
        (
            JobKind::Count,
            SolveReport {
                count: COUNT_LIMIT + 1,
                exhaustive: false,
                ..counted.clone()
            },
            "More than 10,000 solutions; counting stops there (Propagation",
        ),
        (
            JobKind::Count,
            SolveReport {
                count: COUNT_LIMIT,
                exhaustive: true,
                ..counted.clone()
            },
            "10,000 solutions (Propagation",
        ),
    ];
    for (kind, report, expected) in cases {
        let (s, id) = busy_with(kind);
        let before = s.board.grid.clone();
        let solutions = report.solutions.clone();
        let s = s.reduce(Action::Answered {
            id,
            response: Response::Solved {
                report,
                millis: 0.4,
            },
        });
        assert!(!s.busy());
        assert!(
            s.status.to_string().starts_with(expected),
            "{kind:?}: {}",
            s.status
        );
        assert_eq!(s.jobs.solutions, solutions);
        match solutions.first() {
            Some(first) => {
                assert_eq!(&s.board.grid, first, "the first solution is shown");
                let marked = s.solver_cells().iter().filter(|&&m| m).count();
                assert_eq!(
                    marked,
                    81 - s.board.grid.given_count(),
                    "the solver's digits are marked"
                );
                assert_eq!(s.reduce(Action::Undo).board.grid, before, "and undoable");
            }
            None => assert_eq!(s.board.grid, before),
        }
    }
    // More solutions counted than kept: the stepper covers only the kept ones.
    let (s, id) = busy_with(JobKind::Count);
    let kept = counted.solutions.len();
    assert!(kept > 1 && counted.count > kept as u64);
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Solved {
            report: counted,
            millis: 0.4,
        },
    });
    assert!(
        s.status
            .to_string()
            .ends_with(&format!(" The first {kept} are kept to step through.")),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn solver_digits_stay_marked_through_edits_undo_and_reload() {
    let (s, id) = busy_with(JobKind::Solve);
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Solved {
            report: report(&puzzle(), 2),
            millis: 1.0,
        },
    });
    let marked = |s: &AppState| s.solver_cells().iter().filter(|&&m| m).count();
    assert_eq!(marked(&s), 64);
    // r1c2 is empty in the puzzle, so the solver filled it.
    let other = (1..=9)
        .map(d)
        .find(|&x| Some(x) != s.board.grid.digit(p(0, 1)))
        .expect("another digit");
    let typed = run(
        s.clone(),
        [
            Action::SetMode(Mode::Play),
            Action::Select(p(0, 1)),
            Action::Input(other),
        ],
    );
    assert_eq!(
        marked(&typed),
        63,
        "only the overwritten digit is the player's"
    );
    assert!(!typed.solver_cells()[1]);
    let undone = typed.reduce(Action::Undo);
    assert_eq!(marked(&undone), 64);
    let reloaded = AppState::restore(undone.saved());
    assert_eq!(reloaded.solver_cells(), undone.solver_cells());
    let cleared = undone.clone().reduce(Action::Clear);
    assert_eq!(marked(&cleared), 0);

    // Back to the givens, the solution's digits typed in are the player's: the marks do
    // not give the answer away. Undoing the reset brings the solver's digits back.
    let answer = undone.board.grid.digit(p(0, 1)).expect("solved");
    let reset = undone.clone().reduce(Action::ResetToGivens);
    let replayed = run(
        reset.clone(),
        [
            Action::SetMode(Mode::Play),
            Action::Select(p(0, 1)),
            Action::Input(answer),
        ],
    );
    assert_eq!(marked(&replayed), 0);
    assert_eq!(marked(&reset.reduce(Action::Undo)), 64);

    // Erasing a solver's digit and typing it again makes it the player's.
    let retyped = run(
        undone.clone(),
        [
            Action::SetMode(Mode::Play),
            Action::Select(p(0, 1)),
            Action::Erase,
            Action::Input(answer),
        ],
    );
    assert_eq!(retyped.board.grid, undone.board.grid);
    assert_eq!(marked(&retyped), 63);

    // A given added over the solved board leaves the other solver's digits marked.
    let given = run(
        undone,
        [
            Action::SetMode(Mode::Givens),
            Action::Select(p(0, 1)),
            Action::Input(answer),
        ],
    );
    assert_eq!(marked(&given), 63);
    assert!(!given.solver_cells()[1]);
}

#[test]
fn solving_says_which_played_digits_it_replaced_and_adds_one_undo_step() {
    let solution = report(&puzzle(), 2).solutions[0].clone();
    let right = solution.digit(p(0, 1)).expect("solved");
    let wrong = (1..=9).map(d).find(|&x| x != right).expect("another digit");
    let solve = |s: AppState| {
        let id = s.next_job_id();
        s.reduce(Action::Started {
            id,
            kind: JobKind::Solve,
        })
        .reduce(Action::Answered {
            id,
            response: Response::Solved {
                report: report(&puzzle(), 2),
                millis: 1.0,
            },
        })
    };
    let played = |digit: Digit| {
        run(
            AppState::default(),
            [
                Action::Import(PUZZLE.into()),
                Action::Select(p(0, 1)),
                Action::Input(digit),
            ],
        )
    };
    let replaced = solve(played(wrong));
    assert!(
        replaced
            .status
            .to_string()
            .ends_with(" It replaced 1 digit of yours; Undo brings it back."),
        "{}",
        replaced.status.to_string()
    );
    assert_eq!(
        replaced.clone().reduce(Action::Undo).board.grid,
        played(wrong).board.grid
    );
    let kept = solve(played(right));
    assert!(
        !kept.status.to_string().contains("replaced"),
        "{}",
        kept.status.to_string()
    );
    assert!(
        !kept.solver_cells()[1],
        "the player's right digit stays the player's"
    );

    // A board the player filled in correctly: solving changes nothing, visible or undoable.
    let mut filled = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    for i in 0..81 {
        let cell = Pos::from_index(i, Size::NINE);
        if filled.board.grid.digit(cell).is_none() {
            let digit = solution.digit(cell).expect("solved");
            filled = run(filled, [Action::Select(cell), Action::Input(digit)]);
        }
    }
    let checked = solve(filled.clone());
    assert_eq!(
        (&checked.board.grid, checked.board.undo.len()),
        (&filled.board.grid, filled.board.undo.len())
    );
    assert!(checked.solver_cells().iter().all(|&m| !m));

    // Solving again what the board shows adds no undo step.
    let again = solve(kept.clone());
    assert_eq!(
        (&again.board.grid, again.board.undo.len()),
        (&kept.board.grid, kept.board.undo.len())
    );

    // Typing the solver's own digit over it makes it the player's, undoably.
    let mine = run(
        again.clone(),
        [
            Action::Select(p(0, 2)),
            Action::Input(solution.digit(p(0, 2)).expect("solved")),
        ],
    );
    assert!(again.solver_cells()[2] && !mine.solver_cells()[2]);
    assert_eq!(mine.board.grid, again.board.grid);
    assert!(mine.reduce(Action::Undo).solver_cells()[2]);
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
fn repeated_solves_keep_the_undo_history_bounded() {
    let solved = report(&puzzle(), 2);
    let mut s = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    for _ in 0..UNDO_LIMIT + 20 {
        // Back to the givens each time: solving the board it shows adds no step.
        s = s.reduce(Action::ResetToGivens);
        let id = s.next_job_id();
        s = s.reduce(Action::Started {
            id,
            kind: JobKind::Solve,
        });
        s = s.reduce(Action::Answered {
            id,
            response: Response::Solved {
                report: solved.clone(),
                millis: 0.1,
            },
        });
    }
    assert_eq!(s.board.undo.len(), UNDO_LIMIT);
}

#[test]
fn the_stepper_says_how_many_solutions_there_are_beyond_those_kept() {
    // A solved grid with its first band blanked: a few ways to fill it in.
    let solution = report(&puzzle(), 1).solutions.remove(0);
    let mut open = Grid::from_values(solution.size(), &solution.values()).expect("a grid");
    for (r, c) in (0..3).flat_map(|r| (0..9).map(move |c| (r, c))) {
        open.set(p(r, c), Entry::Empty);
    }
    let counted = report(&open, 1_000);
    assert!(counted.exhaustive && counted.count > 2, "{}", counted.count);
    let n = counted.count;
    let cases = [
        (
            JobKind::Count,
            counted.clone(),
            format!("Solution 1 of {n} shown (the first 2 are kept)"),
        ),
        (
            JobKind::Count,
            SolveReport {
                count: COUNT_LIMIT + 1,
                exhaustive: false,
                ..counted.clone()
            },
            "Solution 1 of more than 10,000 shown (the first 2 are kept)".to_string(),
        ),
        (
            JobKind::Solve,
            report(&open, 2),
            "Solution 1 of at least 2 shown".to_string(),
        ),
        (
            JobKind::Count,
            SolveReport {
                count: 2,
                ..counted.clone()
            },
            "Solution 1 of 2 shown".to_string(),
        ),
    ];
    for (kind, report, text) in cases {
        let (s, id) = busy_with(kind);
        let s = s.reduce(Action::Answered {
            id,
            response: Response::Solved {
                report,
                millis: 1.0,
            },
        });
        assert_eq!(s.stepper_text(), text);
    }
}

#[test]
fn no_solution_takes_an_earlier_solutions_digits_off_the_board() {
    let (s, id) = busy_with(JobKind::Solve);
    let solved = s.reduce(Action::Answered {
        id,
        response: Response::Solved {
            report: report(&puzzle(), 2),
            millis: 1.0,
        },
    });
    // The puzzle has one solution, so any other digit given in a blank cell leaves none.
    let cell = p(0, 1);
    assert_eq!(puzzle().digit(cell), None);
    let other = (1..=9)
        .map(d)
        .find(|&x| {
            let mut g = puzzle();
            g.set(cell, Entry::Given(x));
            Some(x) != solved.board.grid.digit(cell) && g.conflicts().is_empty()
        })
        .expect("a digit that clashes with no given");
    let changed = run(
        solved,
        [
            Action::SetMode(Mode::Givens),
            Action::Select(cell),
            Action::Input(other),
        ],
    );
    let none = report(&changed.board.grid.puzzle(), 2);
    assert_eq!(none.verdict(), Verdict::NoSolution);
    let id = changed.next_job_id();
    let after = run(
        changed.clone(),
        [
            Action::Started {
                id,
                kind: JobKind::Solve,
            },
            Action::Answered {
                id,
                response: Response::Solved {
                    report: none,
                    millis: 1.0,
                },
            },
        ],
    );
    assert!(after.solver_cells().iter().all(|&m| !m));
    assert_eq!(after.board.grid, changed.board.grid.puzzle());
    assert!(
        after.status.to_string().starts_with("No solution (")
            && after.status.to_string().ends_with("Undo brings them back."),
        "{}",
        after.status.to_string()
    );
    assert_eq!(after.reduce(Action::Undo).board.grid, changed.board.grid);
}

#[test]
fn switching_mode_while_a_job_runs_keeps_its_status() {
    let (s, _) = busy_with(JobKind::Count);
    let switched = s.clone().reduce(Action::SetMode(Mode::Givens));
    assert_eq!(switched.status, s.status);
    assert_eq!(switched.board.mode, Mode::Givens);
}

#[test]
fn stepping_through_solutions_shows_each_one() {
    let mut two = puzzle();
    two.set(p(0, 0), Entry::Empty);
    let several = report(&two, 2);
    let (s, id) = busy_with(JobKind::Solve);
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Solved {
            report: several.clone(),
            millis: 1.0,
        },
    });
    let second = s.clone().reduce(Action::ShowSolution(1));
    assert_eq!(second.board.grid, several.solutions[1]);
    assert_eq!(second.jobs.solution_index, 1);
    let back = second.clone().reduce(Action::ShowSolution(0));
    assert_eq!(back.board.grid, several.solutions[0]);
    assert_eq!(second.clone().reduce(Action::ShowSolution(5)), second);
}

#[test]
fn compare_answers_fill_the_table_and_say_whether_they_agree() {
    let r = report(&puzzle(), 2);
    let row = |result: Result<SolveReport, String>| CompareRow {
        formulation: Formulation::Propagation,
        millis: 1.0,
        result,
    };
    let mut two = puzzle();
    two.set(p(0, 0), Entry::Empty);
    let cases = [
        (
            vec![row(Ok(r.clone())), row(Err("too large".into()))],
            "Compared 2 formulations: 1 of them answered and agree.",
            false,
        ),
        (
            vec![row(Ok(r.clone())), row(Ok(report(&two, 2)))],
            "Compared formulations: they DISAGREE (a bug; please report).",
            true,
        ),
    ];
    for (rows, text, error) in cases {
        let (s, id) = busy_with(JobKind::Compare);
        let s = s.reduce(Action::Answered {
            id,
            response: Response::Compared { rows: rows.clone() },
        });
        assert_eq!(
            (s.status.to_string().as_str(), s.status.is_error()),
            (text, error)
        );
        assert_eq!(s.jobs.compare, rows);
    }
}

#[test]
fn compare_rows_show_as_each_formulation_finishes() {
    let all = Formulation::ALL;
    let (s, id) = busy_with(JobKind::Compare);
    assert_eq!(s.compare_pending(), all.to_vec());
    let row = |formulation: Formulation| CompareRow {
        formulation,
        millis: 1.0,
        result: Ok(report(&puzzle(), 2)),
    };
    let s = s.reduce(Action::Answered {
        id,
        response: Response::CompareRow { row: row(all[0]) },
    });
    assert_eq!(s.jobs.compare, vec![row(all[0])]);
    let (check, check_id) = busy_with(JobKind::Check);
    let check = check.reduce(Action::Answered {
        id: check_id,
        response: Response::CompareRow { row: row(all[0]) },
    });
    assert!(
        check.jobs.compare.is_empty(),
        "rows belong to comparisons only"
    );
    assert_eq!(s.compare_pending(), all[1..].to_vec());
    assert!(s.busy(), "a row is not the answer");
    // The full answer replaces the rows; nothing is pending any more.
    let rows: Vec<CompareRow> = all.iter().map(|&f| row(f)).collect();
    let done = s.clone().reduce(Action::Answered {
        id,
        response: Response::Compared { rows: rows.clone() },
    });
    assert!(done.compare_pending().is_empty());
    assert_eq!(done.jobs.compare, rows);
    // A cancelled comparison leaves the rows it had; a new one starts from an empty table.
    let cancelled = s.reduce(Action::Cancelled);
    assert_eq!(cancelled.jobs.compare.len(), 1);
    assert!(cancelled.compare_pending().is_empty());
    let id = cancelled.next_job_id();
    let again = cancelled.reduce(Action::Started {
        id,
        kind: JobKind::Compare,
    });
    assert!(again.jobs.compare.is_empty());
}

#[test]
fn generated_puzzles_replace_the_grid_and_advance_the_seed() {
    let s = run(
        AppState::default(),
        [Action::SetSymmetry(Symmetry::Rotate180)],
    );
    let id = s.next_job_id();
    let s = s.reduce(Action::Started {
        id,
        kind: JobKind::Generate,
    });
    // The picker stays live during the job; the answer names the symmetry it was asked for.
    let s = s.reduce(Action::SetSymmetry(Symmetry::MainDiagonal));
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Generated {
            puzzle: puzzle(),
            seed: 41,
            millis: 12.0,
        },
    });
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(s.board.mode, Mode::Play);
    assert_eq!(s.generation.seed, 42, "Generate again makes another puzzle");
    assert_eq!(
        s.status.to_string(),
        "Generated a 9x9 puzzle with 17 clues (seed 41, symmetry half turn, 12.0 ms); \
         the seed field moves on to 42 for a new one. No clue can go together with its symmetric partners; Check tests them one at a time."
    );
}

#[test]
fn check_answers_report_uniqueness_and_minimality_and_highlight_redundant_clues() {
    let solution = report(&puzzle(), 1).solutions[0].clone();
    let cases = [
        (
            CheckOutcome::NoSolution,
            "No solution (SAT, 2.0 ms).",
            vec![],
        ),
        (
            CheckOutcome::Multiple {
                first: solution.clone(),
                second: solution.clone(),
            },
            "Not unique: at least 2 solutions (SAT, 2.0 ms). Count solutions shows them.",
            vec![],
        ),
        (
            CheckOutcome::Unique {
                solution: solution.clone(),
                clues: 17,
                redundant: vec![],
                guesses: 0,
            },
            "Minimal: one solution, and all 17 clues are necessary (SAT, 2.0 ms). \
             Difficulty: no guessing needed (propagation alone solves it).",
            vec![],
        ),
        (
            CheckOutcome::Unique {
                solution: solution.clone(),
                clues: 17,
                redundant: vec![p(0, 0), p(0, 6)],
                guesses: 1,
            },
            "Unique but not minimal: 2 of 17 clues are redundant, highlighted (SAT, 2.0 ms). \
             Each could go on its own, not necessarily together. \
             Difficulty: propagation needs 1 guess to solve it and prove it unique.",
            vec![p(0, 0), p(0, 6)],
        ),
    ];
    for (outcome, text, redundant) in cases {
        let s = run(
            AppState::default(),
            [
                Action::Import(PUZZLE.into()),
                Action::SetFormulation(Formulation::Sat),
            ],
        );
        let id = s.next_job_id();
        let s = s.reduce(Action::Started {
            id,
            kind: JobKind::Check,
        });
        // Switching the picker during the job does not relabel its answer.
        let s = s.reduce(Action::SetFormulation(Formulation::Mip));
        let grid = s.board.grid.clone();
        let s = s.reduce(Action::Answered {
            id,
            response: Response::Checked {
                outcome,
                millis: 2.0,
            },
        });
        assert_eq!(s.status.to_string(), text);
        assert_eq!(s.jobs.redundant, redundant);
        assert_eq!(s.board.grid, grid, "checking never changes the grid");
        let edited = s.reduce(Action::Clear);
        assert!(
            edited.jobs.redundant.is_empty(),
            "an edit drops the highlights"
        );
    }
}

#[test]
fn check_in_play_tells_which_of_the_players_digits_differ_from_the_solution() {
    let solution = report(&puzzle(), 1).solutions[0].clone();
    let unique = CheckOutcome::Unique {
        solution: solution.clone(),
        clues: 17,
        redundant: vec![],
        guesses: 0,
    };
    let several = CheckOutcome::Multiple {
        first: solution.clone(),
        second: solution.clone(),
    };
    // Blank cells of the first row: the solution's digit, or another one with no clash.
    let blanks: Vec<Pos> = (0..9)
        .map(|c| p(0, c))
        .filter(|&q| puzzle().digit(q).is_none())
        .collect();
    let right = |q: Pos| solution.digit(q).expect("solved");
    let wrong = |q: Pos| {
        (1..=9)
            .map(d)
            .find(|&x| {
                let mut g = puzzle();
                g.set(q, Entry::Given(x));
                x != right(q) && g.conflicts().is_empty()
            })
            .expect("a digit with no clash")
    };
    let typed = |cells: &[(Pos, Digit)]| {
        let mut actions = vec![Action::Import(PUZZLE.into())];
        for &(q, x) in cells {
            actions.extend([Action::Select(q), Action::Input(x)]);
        }
        run(AppState::default(), actions)
    };
    let (a, b) = (blanks[0], blanks[1]);
    let cases = [
        (typed(&[]), unique.clone(), ""),
        (
            typed(&[(a, right(a)), (b, right(b))]),
            unique.clone(),
            " All 2 of your digits agree with the solution.",
        ),
        (
            typed(&[(a, wrong(a))]),
            unique.clone(),
            &*format!(" Your digit differs from the solution: r1c{}.", a.col + 1),
        ),
        (
            typed(&[(a, wrong(a)), (b, right(b))]),
            unique,
            &*format!(
                " 1 of your 2 digits differs from the solution: r1c{}.",
                a.col + 1
            ),
        ),
        (
            typed(&[(a, right(a))]),
            several,
            " Your digits were not checked: that needs a single solution.",
        ),
    ];
    for (s, outcome, ending) in cases {
        let id = s.next_job_id();
        let s = run(
            s,
            [
                Action::Started {
                    id,
                    kind: JobKind::Check,
                },
                Action::Answered {
                    id,
                    response: Response::Checked {
                        outcome,
                        millis: 2.0,
                    },
                },
            ],
        );
        let said = &s.status.to_string();
        let before = said
            .strip_suffix(ending)
            .unwrap_or_else(|| panic!("{said}"));
        assert!(
            before.ends_with('.') && !before.contains("your digit"),
            "{said}"
        );
    }
}

#[test]
fn the_board_holds_still_while_a_job_runs() {
    // Boards on which each edit would change something: one with an undo step and a cell
    // selected, one with a redo step, one with two solutions to step through.
    let edited = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    let undone = edited.clone().reduce(Action::Undo);
    let mut two = puzzle();
    two.set(p(0, 0), Entry::Empty);
    let (several, id) = busy_with(JobKind::Count);
    let several = several.reduce(Action::Answered {
        id,
        response: Response::Solved {
            report: report(&two, 2),
            millis: 1.0,
        },
    });
    let cases = [
        (&edited, Action::Input(d(2))),
        (&edited, Action::Erase),
        (&edited, Action::Undo),
        (&undone, Action::Redo),
        (&edited, Action::Clear),
        (&edited, Action::ResetToGivens),
        (&edited, Action::SetSize(Size::new(2).expect("4x4"))),
        (&edited, Action::Import(PUZZLE.replace('4', "."))),
        (&edited, Action::OpenLink(PUZZLE.replace('4', "."))),
        (&several, Action::ShowSolution(1)),
    ];
    let kinds = [
        JobKind::Solve,
        JobKind::Count,
        JobKind::Compare,
        JobKind::Generate,
        JobKind::Check,
        JobKind::Export(ModelFormat::Dimacs),
    ];
    for (base, edit) in cases {
        assert_ne!(
            base.clone().reduce(edit.clone()).board.grid,
            base.board.grid,
            "{edit:?} edits the board when no job runs"
        );
        for kind in kinds {
            let id = base.next_job_id();
            let s = base.clone().reduce(Action::Started { id, kind });
            let after = s.clone().reduce(edit.clone());
            assert_eq!(
                (
                    &after.board.grid,
                    &after.board.undo,
                    &after.board.redo,
                    after.jobs.solution_index
                ),
                (
                    &s.board.grid,
                    &s.board.undo,
                    &s.board.redo,
                    s.jobs.solution_index
                ),
                "{kind:?} {edit:?}"
            );
            let waits = match edit {
                Action::Import(_) | Action::OpenLink(_) => "The import waits until it finishes",
                _ => "The board is locked until it finishes",
            };
            assert_eq!(
                after.status.to_string(),
                format!("{}... {waits}; Cancel stops it.", kind.verb())
            );
            assert!(after.busy());
        }
    }
}

#[test]
fn an_import_made_during_a_job_applies_when_the_job_ends() {
    let other = PUZZLE.replace('4', ".");
    let ends = [
        Response::Failed {
            message: "x".into(),
        },
        Response::Exported {
            model: ModelFormat::Dimacs,
            text: "p cnf 1 0".into(),
        },
    ];
    for end in ends {
        let (s, id) = busy_with(JobKind::Export(ModelFormat::Dimacs));
        let s = s.reduce(Action::OpenLink(other.clone()));
        assert_eq!(s.board.grid, puzzle(), "nothing yet");
        let done = s.reduce(Action::Answered { id, response: end });
        assert_eq!(done.board.grid, parse(&other).expect("valid").grid);
        // The job's own answer is not lost: it comes first.
        assert!(
            done.status.to_string().contains(
                ". Then the import that waited: Opened the shared 9x9 puzzle with 14 givens"
            ),
            "{}",
            done.status.to_string()
        );
        assert_eq!(done.files.waiting_import, None);
    }
    // A second import while one waits takes its place, and says so.
    let (s, _) = busy_with(JobKind::Check);
    let s = s
        .reduce(Action::Import(other.clone()))
        .reduce(Action::OpenLink(PUZZLE.into()));
    assert!(
        s.status
            .to_string()
            .ends_with("(in place of the one that was waiting); Cancel stops it."),
        "{}",
        s.status.to_string()
    );
    assert_eq!(s.reduce(Action::Cancelled).board.grid, puzzle());
    // Progress is not the end; cancelling and a dead worker are.
    let (s, id) = busy_with(JobKind::Check);
    let s = s
        .reduce(Action::Import(other.clone()))
        .reduce(Action::Answered {
            id,
            response: Response::Progress {
                phase: Phase::Clues,
                done: 1,
                total: 9,
            },
        });
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(
        s.clone().reduce(Action::Cancelled).board.grid,
        parse(&other).expect("valid").grid
    );
    let dead = s.reduce(Action::EngineFailed("crash".into()));
    assert_eq!(dead.board.grid, parse(&other).expect("valid").grid);
    // A bad import that waited reports its error like any other.
    let (s, _) = busy_with(JobKind::Solve);
    let s = s
        .reduce(Action::OpenLink("12x".into()))
        .reduce(Action::Cancelled);
    assert_eq!(s.board.grid, puzzle());
    assert!(s.status.is_error());
    assert!(
        s.status
            .to_string()
            .ends_with("The share link's puzzle could not be opened: found 3 cells; a grid has 1 (1x1), 16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25), 1,296 (36x36) or 2,401 (49x49) cells."),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn exported_models_become_a_pending_download_until_handed_over() {
    let (s, id) = busy_with(JobKind::Export(ModelFormat::Dimacs));
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Exported {
            model: ModelFormat::Dimacs,
            text: "p cnf 729 2\n1 2 0\n-1 -2 0\n".into(),
        },
    });
    assert_eq!(
        s.status.to_string(),
        "Exported the model as DIMACS (3 lines)."
    );
    let pending = s.files.download.clone().expect("a download");
    assert_eq!(
        (pending.name.as_str(), pending.mime.as_str()),
        ("sudoku.cnf", "text/plain")
    );
    assert!(pending.text.starts_with("p cnf"));
    assert_eq!(s.reduce(Action::Downloaded).files.download, None);
}

#[test]
fn failures_are_shown_as_errors() {
    let (s, id) = busy_with(JobKind::Solve);
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Failed {
            message: "the worker ran out of memory".into(),
        },
    });
    assert!(!s.busy());
    assert!(s.status.is_error());
    assert_eq!(
        s.status.to_string(),
        "Solving failed: the worker ran out of memory."
    );
}

#[test]
fn cancel_stops_the_job_and_waits_for_a_fresh_engine() {
    let (s, _) = busy_with(JobKind::Generate);
    let s = s.reduce(Action::EngineReady);
    assert_eq!(s.jobs.engine, EngineState::Ready);
    let s = s.reduce(Action::Cancelled);
    assert!(!s.busy());
    assert_eq!(s.jobs.engine, EngineState::Starting);
    assert_eq!(s.status.to_string(), "Generating cancelled.");
    let idle = AppState::default().reduce(Action::Cancelled);
    assert_eq!(idle.status, AppState::default().status, "nothing to cancel");
    assert_eq!(
        idle.reduce(Action::EngineReady).jobs.engine,
        EngineState::Ready
    );
}

#[test]
fn a_dead_engine_ends_the_job_with_an_error_and_keeps_the_grid() {
    let (s, id) = busy_with(JobKind::Solve);
    let grid = s.board.grid.clone();
    let s = s.reduce(Action::EngineReady);
    let s = s.reduce(Action::EngineFailed("out of memory".into()));
    assert!(!s.busy());
    assert_eq!(s.jobs.engine, EngineState::Failed);
    assert_eq!(s.board.grid, grid);
    assert!(s.status.is_error());
    assert_eq!(
        s.status.to_string(),
        "The engine stopped (out of memory). Solving did not finish; run it again."
    );
    let late = s.clone().reduce(Action::Answered {
        id,
        response: Response::Failed {
            message: "late".into(),
        },
    });
    assert_eq!(late, s, "an answer from the dead worker changes nothing");
}

#[test]
fn a_worker_failing_while_idle_keeps_the_message_on_screen() {
    let s = run(
        AppState::default(),
        [
            Action::Select(p(0, 0)),
            Action::Input(d(1)),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    assert!(
        s.status
            .to_string()
            .starts_with("Conflict: digit 1 appears twice")
    );
    let failed = s.clone().reduce(Action::EngineFailed("404".into()));
    assert_eq!(failed.jobs.engine, EngineState::Failed);
    assert_eq!(failed.status, s.status);
    assert_eq!(failed.board.grid, s.board.grid);
    let id = failed.next_job_id();
    let retry = failed.reduce(Action::Started {
        id,
        kind: JobKind::Solve,
    });
    assert_eq!(
        retry.jobs.engine,
        EngineState::Starting,
        "a fresh worker is loading"
    );
}

#[test]
fn share_links_carry_the_givens_to_the_clipboard_and_vanish_when_the_grid_changes() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::Share {
                page: "http://x/app/".into(),
            },
        ],
    );
    let expected = format!("http://x/app/#p={PUZZLE}");
    assert_eq!(s.files.share_link.as_deref(), Some(expected.as_str()));
    assert_eq!(s.files.clipboard.as_deref(), Some(expected.as_str()));
    assert!(s.status.to_string().starts_with("Share link made"));
    let refused = s.clone().reduce(Action::CopyRefused);
    assert_eq!(refused.files.clipboard, None);
    assert!(
        refused
            .status
            .to_string()
            .ends_with("copy it from the Share link box.")
    );
    let s = s.reduce(Action::Copied);
    assert_eq!(s.files.clipboard, None);
    assert!(
        s.status
            .to_string()
            .starts_with("Share link made and copied")
    );
    assert!(s.files.share_link.is_some(), "the link stays on show");
    let s = run(s, [Action::Select(p(0, 2)), Action::Input(d(2))]);
    assert_eq!(s.files.share_link, None);

    // Beyond 25x25 the puzzle is numbers, whose spaces and line breaks are escaped.
    let big = Grid::empty(Size::new(6).expect("36x36"));
    let s = AppState::new(big.clone()).reduce(Action::Share { page: "p".into() });
    let link = s.files.share_link.expect("a link");
    assert!(!link.contains(' ') && !link.contains('\n'), "{link}");
    assert!(link.contains("%20"));
}

#[test]
fn links_are_encoded_like_the_browser_decodes_them() {
    let cases = [
        ("4.5", "4.5"),
        ("1 2\n", "1%202%0A"),
        ("a-_.!~*'()z", "a-_.!~*'()z"),
        ("#&=+/,", "%23%26%3D%2B%2F%2C"),
        ("é", "%C3%A9"),
    ];
    for (text, encoded) in cases {
        assert_eq!(encode_uri_component(text), encoded, "{text:?}");
    }
}

#[test]
fn clashing_givens_are_neither_saved_nor_shared() {
    // Two 4s in the first row: a file or link with them would not import.
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::SetMode(Mode::Givens),
            Action::Select(p(0, 1)),
            Action::Input(d(4)),
        ],
    );
    let attempts = [
        Action::Save(format::Format::Line),
        Action::Save(format::Format::Json),
        Action::Share { page: "p".into() },
    ];
    for attempt in attempts {
        let after = s.clone().reduce(attempt.clone());
        assert_eq!(
            (
                after.files.download.as_ref(),
                after.files.share_link.as_ref(),
                after.files.clipboard.as_ref()
            ),
            (None, None, None),
            "{attempt:?}"
        );
        assert!(after.status.is_error());
        assert!(
            after.status.to_string().starts_with("The givens clash (")
                && after.status.to_string().ends_with("Fix the clash first."),
            "{}",
            after.status.to_string()
        );
        assert_eq!(after.board.grid, s.board.grid);
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

#[test]
fn stop_and_keep_puts_the_latest_partial_puzzle_on_the_board_as_one_undo_step() {
    let (s, id) = busy_with(JobKind::Generate);
    let before = s.board.grid.clone();
    let partial = |text: &str| Response::Partial {
        puzzle: parse(text).expect("valid").puzzle,
    };
    // Two partial puzzles arrive; only the latest is kept, and neither ends the job.
    let older = PUZZLE.replacen('.', "1", 1);
    let s = run(
        s,
        [
            Action::Answered {
                id,
                response: partial(&older),
            },
            Action::Answered {
                id,
                response: partial(PUZZLE),
            },
        ],
    );
    assert!(s.busy());
    assert_eq!(
        s.jobs.job.as_ref().and_then(|j| j.partial.clone()),
        Some(puzzle())
    );
    let s = s.reduce(Action::KeepPartial);
    assert!(!s.busy());
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(s.board.mode, Mode::Play);
    assert_eq!(s.jobs.engine, EngineState::Starting);
    assert_eq!(
        s.status.to_string(),
        "Stopped the generation and kept its puzzle so far: one solution, 17 clues, not \
         minimal yet (Check shows which clues can go). Generate with the same seed starts it afresh."
    );
    // The stopped job's final answer, should it still arrive, changes nothing.
    let late = s.clone().reduce(Action::Answered {
        id,
        response: Response::Generated {
            puzzle: Grid::empty(Size::NINE),
            seed: 1,
            millis: 1.0,
        },
    });
    assert_eq!(late, s);
    let s = s.reduce(Action::Undo);
    assert_eq!(s.board.grid, before);
    // At 36x36 Check would take tens of minutes, so it is not suggested, and warns when run.
    let big = Size::new(6).expect("36x36");
    let (s, id) = busy_with(JobKind::Generate);
    let s = run(
        s,
        [
            Action::Answered {
                id,
                response: Response::Partial {
                    puzzle: Grid::empty(big),
                },
            },
            Action::KeepPartial,
        ],
    );
    assert_eq!(s.board.grid.size(), big);
    assert!(
        !s.status.to_string().contains("Check"),
        "{}",
        s.status.to_string()
    );
    let id = s.next_job_id();
    let s = s.reduce(Action::Started {
        id,
        kind: JobKind::Check,
    });
    assert!(
        s.status.to_string().contains("tens of minutes"),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn stop_and_keep_without_a_partial_puzzle_is_a_cancel() {
    let (s, _) = busy_with(JobKind::Generate);
    let cancelled = s.clone().reduce(Action::Cancelled);
    let kept = s.reduce(Action::KeepPartial);
    assert_eq!(kept, cancelled);
    assert!(!kept.busy());
    // A partial puzzle sent to any other job is ignored and does not end it.
    for kind in [JobKind::Solve, JobKind::Check, JobKind::Compare] {
        let (s, id) = busy_with(kind);
        let s = s.reduce(Action::Answered {
            id,
            response: Response::Partial { puzzle: puzzle() },
        });
        assert!(s.busy(), "{kind:?}");
        assert_eq!(s.jobs.job.as_ref().and_then(|j| j.partial.clone()), None);
    }
}

#[test]
fn a_cancelled_count_says_how_many_it_had_found() {
    let (s, id) = busy_with(JobKind::Count);
    let quiet = s.clone().reduce(Action::Cancelled);
    assert_eq!(quiet.status.to_string(), "Counting solutions cancelled.");
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Progress {
            phase: Phase::Solutions,
            done: 1234,
            total: 10_000,
        },
    });
    let s = s.reduce(Action::Cancelled);
    assert_eq!(
        s.status.to_string(),
        "Counting solutions cancelled; it had found 1,234 solutions by then."
    );
}

#[test]
fn switching_mode_says_what_typing_does_now() {
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    assert_eq!(s.board.mode, Mode::Play);
    let givens = s.clone().reduce(Action::SetMode(Mode::Givens));
    assert_eq!(
        givens.status.to_string(),
        "Entering givens: digits typed now are clues."
    );
    let play = givens.reduce(Action::SetMode(Mode::Play));
    assert_eq!(
        play.status.to_string(),
        "Playing: the givens are locked; digits typed now are yours."
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
fn counting_or_checking_with_mip_warns_that_it_is_slow() {
    for (kind, f, warned) in [
        (JobKind::Count, Formulation::Mip, true),
        (JobKind::Check, Formulation::Mip, true),
        (JobKind::Solve, Formulation::Mip, false),
        (JobKind::Count, Formulation::Sat, false),
    ] {
        let s = run(
            AppState::default(),
            [Action::Import(PUZZLE.into()), Action::SetFormulation(f)],
        );
        let id = s.next_job_id();
        let s = s.reduce(Action::Started { id, kind });
        assert_eq!(
            s.status.to_string().contains("MIP re-solves its program"),
            warned,
            "{kind:?} {f:?}: {}",
            s.status
        );
        assert!(s.status.to_string().starts_with(kind.verb()));
    }
}

#[test]
fn a_binary_file_is_named_as_such_and_changes_nothing() {
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    for text in ["PK\u{3}\u{4}\0\0binary", "\u{fffd}PNG\r\n"] {
        let after = s.clone().reduce(Action::Import(text.into()));
        assert_eq!(after.board.grid, s.board.grid);
        assert_eq!(
            (after.status.to_string().as_str(), after.status.is_error()),
            (
                "Import failed: this is not text (it holds binary data); a puzzle is plain text or JSON.",
                true
            )
        );
    }
}

#[test]
fn a_generated_puzzle_without_clues_says_nothing_of_partners() {
    // The job keeps the symmetry it started with, so it is set first.
    let s = AppState::default().reduce(Action::SetSymmetry(Symmetry::Rotate180));
    let id = s.next_job_id();
    let started = s.reduce(Action::Started {
        id,
        kind: JobKind::Generate,
    });
    let answer = |puzzle: Grid| {
        started.clone().reduce(Action::Answered {
            id,
            response: Response::Generated {
                puzzle,
                seed: 3,
                millis: 0.1,
            },
        })
    };
    assert!(answer(puzzle()).status.to_string().contains("partners"));
    let s = answer(Grid::empty(Size::new(1).unwrap()));
    assert!(
        s.status
            .to_string()
            .starts_with("Generated a 1x1 puzzle with 0 clues"),
        "{}",
        s.status.to_string()
    );
    assert!(
        !s.status.to_string().contains("partners"),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn zeros_in_a_16x16_line_are_said_to_be_blanks() {
    let line = format!("1{}", ".".repeat(255));
    let plain = AppState::default().reduce(Action::Import(line.clone()));
    assert!(
        !plain.status.to_string().contains("Each 0"),
        "{}",
        plain.status.to_string()
    );
    let zeros = AppState::default().reduce(Action::Import(line.replace('.', "0")));
    assert_eq!(zeros.board.grid, plain.board.grid);
    assert!(
        zeros
            .status
            .to_string()
            .ends_with("Each 0 was read as a blank; 10 and up are letters (16 is G)."),
        "{}",
        zeros.status.to_string()
    );
    // On 9x9, where 0 for a blank is the common spelling, nothing is said.
    let nine = AppState::default().reduce(Action::Import(PUZZLE.replace('.', "0")));
    assert!(
        !nine.status.to_string().contains("Each 0"),
        "{}",
        nine.status.to_string()
    );
}

#[test]
fn no_solution_names_clashing_givens_and_a_solve_drops_redundant_outlines() {
    let clashing = run(
        AppState::default(),
        [
            Action::SetMode(Mode::Givens),
            Action::Select(p(0, 0)),
            Action::Input(d(5)),
            Action::Select(p(0, 1)),
            Action::Input(d(5)),
        ],
    );
    let answer = |s: &AppState, kind: JobKind, response: Response| {
        let id = s.next_job_id();
        run(
            s.clone(),
            [
                Action::Started { id, kind },
                Action::Answered { id, response },
            ],
        )
    };
    let none = report(&clashing.board.grid.puzzle(), 2);
    assert_eq!(none.count, 0);
    let solved = answer(
        &clashing,
        JobKind::Solve,
        Response::Solved {
            report: none,
            millis: 1.0,
        },
    );
    let checked = answer(
        &clashing,
        JobKind::Check,
        Response::Checked {
            outcome: CheckOutcome::NoSolution,
            millis: 1.0,
        },
    );
    for s in [solved, checked] {
        assert!(
            s.status
                .to_string()
                .ends_with("): the givens clash, digit 5 appears twice in a row: r1c1 and r1c2."),
            "{}",
            s.status.to_string()
        );
    }
    // Outlines of redundant clues go once the status speaks of something else.
    let s = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    let solution = report(&puzzle(), 1).solutions[0].clone();
    let s = answer(
        &s,
        JobKind::Check,
        Response::Checked {
            outcome: CheckOutcome::Unique {
                solution,
                clues: 17,
                redundant: vec![p(0, 0)],
                guesses: 0,
            },
            millis: 1.0,
        },
    );
    assert_eq!(s.jobs.redundant, vec![p(0, 0)]);
    let s = answer(
        &s,
        JobKind::Solve,
        Response::Solved {
            report: report(&puzzle(), 2),
            millis: 1.0,
        },
    );
    assert!(s.jobs.redundant.is_empty(), "{}", s.status.to_string());
    // An empty board comes in for its givens to be entered, not to be played.
    let s = AppState::default().reduce(Action::Import(".".repeat(81)));
    assert_eq!(s.board.mode, Mode::Givens);
    assert!(
        s.status.to_string().ends_with("; enter its givens."),
        "{}",
        s.status.to_string()
    );
}
