//! Playing: notes (toggled, removed by a placed digit, undone, saved, exported), Auto
//! candidates, and hints from the worker's answer to the step applied.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::advice::{self, Hint};
use sudoku_lab::app::protocol::{Request, Response};
use sudoku_lab::app::serve;
use sudoku_lab::app::state::{Action, AppState, JobKind, Message, Notes};
use sudoku_lab::engine::format::Format;
use sudoku_lab::engine::logic::Marks;
use sudoku_lab::engine::{Digit, Entry, Grid, Pos};
use sudoku_lab::words::PlayMessage;

#[test]
fn notes_toggle_in_notes_mode_and_undo_one_at_a_time() {
    let s = run(
        playing(),
        [
            Action::Select(p(0, 1)),
            Action::ToggleNotes,
            Action::Input(d(1)),
            Action::Input(d(9)),
            Action::Input(d(6)),
        ],
    );
    assert!(s.editing.notes_mode);
    assert_eq!(notes_at(&s, p(0, 1)), [1, 6, 9]);
    assert_eq!(s.board.grid.digit(p(0, 1)), None, "the cell stays empty");
    let s = s.reduce(Action::Input(d(6)));
    assert_eq!(notes_at(&s, p(0, 1)), [1, 9], "a second 6 takes it out");
    let s = s.reduce(Action::Undo);
    assert_eq!(notes_at(&s, p(0, 1)), [1, 6, 9]);
    let s = run(s, [Action::Undo, Action::Undo]);
    assert_eq!(notes_at(&s, p(0, 1)), [1]);
    let s = s.reduce(Action::Redo);
    assert_eq!(notes_at(&s, p(0, 1)), [1, 9]);
    // A note in a filled cell is refused with a word, which in Play tells a clue apart.
    let s = run(s, [Action::Select(p(0, 0)), Action::Input(d(2))]);
    assert_eq!(notes_at(&s, p(0, 0)), Vec::<u8>::new());
    assert!(matches!(
        s.status,
        Message::Play(PlayMessage::NotesNeedEmptyCell { clue: true, .. })
    ));
    assert!(
        s.status
            .to_string()
            .contains("r1c1 holds a clue (choose Enter clues")
    );
    // Erase on an empty cell takes its notes away.
    let s = run(s, [Action::Select(p(0, 1)), Action::Erase]);
    assert!(s.board.notes.is_empty());
}

#[test]
fn a_placed_digit_leaves_its_peers_notes() {
    let s = run(
        playing(),
        [
            Action::ToggleNotes,
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::Input(d(6)),
            Action::Select(p(1, 0)),
            Action::Input(d(6)),
            Action::Select(p(8, 8)),
            Action::Input(d(6)),
            Action::ToggleNotes,
            Action::Select(p(0, 2)),
            Action::Input(d(6)),
        ],
    );
    assert_eq!(s.board.grid.digit(p(0, 2)), Some(d(6)));
    assert_eq!(notes_at(&s, p(0, 1)), [1], "same row");
    assert_eq!(notes_at(&s, p(1, 0)), Vec::<u8>::new(), "same box");
    assert_eq!(notes_at(&s, p(8, 8)), [6], "not a peer");
    let s = s.reduce(Action::Undo);
    assert_eq!(
        notes_at(&s, p(0, 1)),
        [1, 6],
        "one undo step brings them back"
    );
    assert_eq!(notes_at(&s, p(1, 0)), [6]);
}

#[test]
fn notes_mode_joins_two_keys_into_one_note_on_49x49() {
    let size = sudoku_lab::engine::Size::new(7).expect("49x49");
    let digit = |v| Digit::new(v, 49).expect("digit");
    let s = run(
        AppState::default(),
        [
            Action::SetSize(size),
            Action::Select(p(0, 0)),
            Action::ToggleNotes,
            Action::Input(digit(4)),
            Action::InputMore(digit(42)),
        ],
    );
    assert_eq!(notes_at(&s, p(0, 0)), [42]);
    let s = s.reduce(Action::Undo);
    assert!(s.board.notes.is_empty(), "one number, one undo step");
}

#[test]
fn auto_candidates_fill_every_empty_cell_and_come_back_when_a_digit_goes() {
    let s = run(playing(), [Action::SetAutoCandidates(true)]);
    assert!(s.board.auto);
    assert!(
        s.status
            .to_string()
            .contains("every empty cell shows its candidates")
    );
    let marks = Marks::from_grid(&s.board.grid);
    for cell in 0..81 {
        let want = if marks.value(cell).is_some() {
            0
        } else {
            marks.mask(cell)
        };
        assert_eq!(s.board.notes.get(cell), want, "cell {cell}");
    }
    // A digit placed and then replaced or erased gives its peers their candidates back.
    let before = s.board.notes.clone();
    let s = run(s, [Action::Select(p(0, 1)), Action::Input(d(1))]);
    assert_ne!(s.board.notes, before);
    let s = run(s, [Action::Input(d(2)), Action::Input(d(7))]);
    let s = s.reduce(Action::Erase);
    assert_eq!(s.board.notes, before);
    let s = s.reduce(Action::SetAutoCandidates(false));
    assert!(s.board.notes.is_empty() && !s.board.auto);
    // From 36x36, cells are too small to show them, and the status says where they are.
    let big = run(
        AppState::default(),
        [
            Action::SetSize(sudoku_lab::engine::Size::new(6).expect("36x36")),
            Action::SetAutoCandidates(true),
        ],
    );
    assert_eq!(
        big.status.to_string(),
        "Auto candidates: every empty cell has its candidates, listed under the board for the \
         selected cell (1,296 cells); a digit placed takes itself out of its row, column and box."
    );
    let s = s.reduce(Action::Undo);
    assert!(
        s.board.auto && !s.board.notes.is_empty(),
        "undo turns it back on"
    );
}

#[test]
fn notes_survive_a_reload_and_a_json_round_trip() {
    let s = run(
        playing(),
        [
            Action::ToggleNotes,
            Action::Select(p(2, 4)),
            Action::Input(d(3)),
            Action::Input(d(7)),
        ],
    );
    let text = serde_json::to_string(&s.saved()).expect("saves");
    let back = AppState::from_stored(Some(&text));
    assert_eq!(back.board.notes, s.board.notes);
    assert!(back.editing.notes_mode);

    let s = s.reduce(Action::Save(Format::Json));
    let json = s.files.download.as_ref().expect("a download").text.clone();
    assert!(json.contains(r#""notes":{"3":{"5":[3,7]}}"#), "{json}");
    let parsed = sudoku_lab::engine::format::parse(&json).expect("other readers read it");
    assert_eq!(parsed.grid, s.board.grid);
    let fresh = AppState::default().reduce(Action::Import(json));
    assert_eq!(fresh.board.notes, s.board.notes);
    assert_eq!(fresh.board.grid, s.board.grid);
    assert_eq!(
        Notes::from_json("{\"dim\":3}", s.size()),
        Ok(Notes::default())
    );
}

#[test]
fn the_worker_says_solved_and_no_solution() {
    let solved = solution();
    assert_eq!(advice::hint(&solved, &Notes::default()), Hint::Solved);
    let mut clash = puzzle();
    clash.set(p(0, 1), Entry::Given(d(4)));
    assert_eq!(advice::hint(&clash, &Notes::default()), Hint::NoSolution);
    let request = Request::Hint {
        grid: puzzle(),
        notes: Notes::default(),
    };
    let answer = serve::handle(request, &Zero, &mut |_: Response| {});
    assert!(matches!(
        answer,
        Response::Hinted {
            hint: Hint::Step { .. },
            ..
        }
    ));
}

#[test]
fn generate_for_a_difficulty_asks_for_no_guessing_and_says_the_rating() {
    use sudoku_lab::app::protocol::Symmetry;
    use sudoku_lab::engine::logic::Level;
    use sudoku_lab::engine::{Formulation, Size};
    let s = AppState::default().reduce(Action::SetDifficulty(Some(Level::Easy)));
    let request = s.request(JobKind::Generate);
    assert_eq!(
        request,
        Request::Generate {
            size: Size::NINE,
            seed: s.generation.seed,
            symmetry: Symmetry::None,
            formulation: Formulation::default(),
            difficulty: Some(Level::Easy),
        }
    );
    let text = serde_json::to_string(&s.saved()).expect("saves");
    assert_eq!(
        AppState::from_stored(Some(&text)).generation.difficulty,
        Some(Level::Easy)
    );
    let id = s.next_job_id();
    let response = serve::handle(request, &Zero, &mut |_: Response| {});
    let Response::Generated {
        rating: Some(ref rating),
        ref puzzle,
        ..
    } = response
    else {
        panic!("a rated puzzle: {response:?}");
    };
    assert_eq!(rating.level, Some(Level::Easy));
    assert_eq!(*rating, sudoku_lab::engine::logic::rate(puzzle, true));
    let clues = puzzle.given_count();
    let s = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Generate,
            },
            Action::Answered { id, response },
        ],
    );
    let said = s.status.to_string();
    assert!(
        said.starts_with(&format!("Easy puzzle, {clues} clues, seed 1 (9x9, Easy (")),
        "{said}"
    );
    // Minimal again asks for today's puzzle.
    let s = s.reduce(Action::SetDifficulty(None));
    assert!(matches!(
        s.request(JobKind::Generate),
        Request::Generate {
            difficulty: None,
            ..
        }
    ));
}

/// Asks the worker a `kind` question about the state's board and hands its answer back.
fn asked(s: AppState, kind: JobKind) -> AppState {
    let id = s.next_job_id();
    let response = serve::handle(s.request(kind), &Zero, &mut |_: Response| {});
    run(
        s,
        [
            Action::Started { id, kind },
            Action::Answered { id, response },
        ],
    )
}

#[test]
fn checks_outlines_speak_of_the_board_it_saw_and_go_with_a_hint_or_a_changed_digit() {
    // The puzzle with one clue more than it needs, which Check outlines.
    let extra = p(0, 1);
    let digit = solution().digit(extra).expect("solved");
    let mut text = PUZZLE.to_string();
    text.replace_range(1..2, &digit.get().to_string());
    let checked = asked(
        run(AppState::default(), [Action::Import(text)]),
        JobKind::Check,
    );
    assert!(
        checked.jobs.redundant.contains(&extra),
        "{}",
        checked.status
    );
    // Looking around, notes and the mode leave the board's digits, and the outlines, alone.
    let s = run(
        checked.clone(),
        [
            Action::Select(p(4, 4)),
            Action::ToggleNotes,
            Action::Input(d(3)),
            Action::ToggleNotes,
            Action::SetAutoCandidates(true),
            Action::SetMode(sudoku_lab::app::state::Mode::Givens),
            Action::SetMode(sudoku_lab::app::state::Mode::Play),
        ],
    );
    assert_eq!(s.jobs.redundant, checked.jobs.redundant);
    // A hint takes the status and marks cells of its own; applied, it changes the board.
    let hinted = hinted(s.clone());
    assert!(
        matches!(hinted.status, Message::Play(PlayMessage::HintArea { .. })),
        "{}",
        hinted.status
    );
    assert!(hinted.jobs.redundant.is_empty());
    // A digit typed in leaves a board Check did not see.
    let empty = (0..81)
        .map(|i| Pos::from_index(i, s.size()))
        .find(|&at| s.board.grid.digit(at).is_none())
        .expect("an empty cell");
    let typed = run(s, [Action::Select(empty), Action::Input(d(1))]);
    assert!(typed.jobs.redundant.is_empty());
    // So does a digit taken out again: Check saw the board with it, and Undo takes it out.
    let rechecked = asked(typed, JobKind::Check);
    assert!(
        rechecked.jobs.redundant.contains(&extra),
        "{}",
        rechecked.status
    );
    let undone = rechecked.reduce(Action::Undo);
    assert_eq!(undone.board.grid.digit(empty), None);
    assert!(undone.jobs.redundant.is_empty());
}

#[test]
fn check_states_the_rating_of_a_unique_puzzle() {
    let s = playing();
    let id = s.next_job_id();
    let response = serve::handle(s.request(JobKind::Check), &Zero, &mut |_: Response| {});
    let Response::Checked {
        rating: Some(rating),
        ..
    } = response.clone()
    else {
        panic!("a rating: {response:?}");
    };
    let words = sudoku_lab::words::rating_words(&rating);
    let s = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Check,
            },
            Action::Answered { id, response },
        ],
    );
    let said = s.status.to_string();
    assert!(said.contains(&format!(" Rating: {words}.")), "{said}");
    let level = rating.level.map(|l| l.name()).unwrap_or("needs guessing");
    assert!(words.starts_with(level), "{words}");
    assert!(words.ends_with(" steps)"), "{words}");
}

#[test]
fn solve_step_by_step_lists_every_step_and_shows_the_board_at_each() {
    let s = playing();
    let id = s.next_job_id();
    let request = s.request(JobKind::Steps);
    assert_eq!(request, Request::Steps { puzzle: puzzle() });
    let response = serve::handle(request, &Zero, &mut |_: Response| {});
    let s = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Steps,
            },
            Action::Answered { id, response },
        ],
    );
    let log = s.steps.log.clone().expect("a step log");
    assert_eq!(log.end, advice::StepsEnd::Solved);
    assert!(!log.steps.is_empty());
    assert_eq!(
        s.status.to_string(),
        format!(
            "Solved step by step in {} steps; select a step to see the board then.",
            log.steps.len()
        )
    );
    // Step k shows the board before it, with the step marked; applying them all solves it.
    let s = s.reduce(Action::ShowStep(Some(1)));
    // The status says the step on show, so it reads beside the board (on a phone the list is
    // far under it).
    assert_eq!(
        s.status.to_string(),
        format!(
            "Step 2 of {}, the board before it: {}.",
            log.steps.len(),
            log.said[1]
        )
    );
    let view = s.steps.view().expect("a step on show");
    let (grid, _) = advice::board_after(&puzzle(), &log.steps, 1);
    assert_eq!(view.grid, grid);
    assert_eq!(view.hint.placed, log.steps[1].placements);
    let (last, _) = advice::board_after(&puzzle(), &log.steps, log.steps.len());
    assert_eq!(last.values(), solution().values());
    // Back to the board, or any other action, ends the view; new givens drop the log.
    let back = s.clone().reduce(Action::ShowStep(None));
    assert_eq!(back.steps.view(), None);
    assert!(
        back.status
            .to_string()
            .starts_with("Solved step by step in ")
    );
    assert_eq!(s.clone().reduce(Action::Select(p(0, 0))).steps.view(), None);
    let s = s.reduce(Action::Clear);
    assert_eq!(s.steps.log, None);
    let stuck = advice::steps(&Grid::empty(puzzle().size()));
    assert_eq!(
        stuck.1,
        advice::StepsEnd::Stuck,
        "an empty grid needs guessing"
    );
}

/// A new size is an empty board to enter clues into: Notes mode ends with the old board, so
/// the first digit typed is a clue, as the status says; the same size keeps it.
#[test]
fn a_new_size_ends_notes_mode() {
    use sudoku_lab::engine::Size;
    let s = run(playing(), [Action::ToggleNotes]);
    assert!(s.editing.notes_mode);
    let same = s.clone().reduce(Action::SetSize(s.board.grid.size()));
    assert!(same.editing.notes_mode);
    let sixteen = Size::new(4).unwrap();
    let s = run(
        s,
        [
            Action::SetSize(sixteen),
            Action::Select(p(0, 0)),
            Action::Input(Digit::new(16, 16).unwrap()),
        ],
    );
    assert!(!s.editing.notes_mode);
    assert!(
        s.status.to_string().starts_with("Entering clues"),
        "{}",
        s.status
    );
    assert_eq!(
        s.board.grid.entries()[0],
        Entry::Given(Digit::new(16, 16).unwrap())
    );
}
