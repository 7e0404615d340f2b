//! Generating: the seed field, generated puzzles, and Stop and keep.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::generation::keep;
use sudoku_lab::app::protocol::{Response, Symmetry};
use sudoku_lab::app::state::{
    Action, AppState, Board, EngineState, Generation, GenerationAction, JobKind, Message, Mode,
};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Grid, Size};

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
    // Generate pressed meanwhile says what it waits for, and generates nothing.
    let pressed = typing.clone().reduce(Action::GenerateWithoutSeed);
    assert_eq!(
        pressed.status.to_string(),
        "Type a seed; Generate waits for one."
    );
    assert!(!pressed.busy());
    let pressed = s
        .clone()
        .reduce(Action::InvalidSeed("12x".into()))
        .reduce(Action::GenerateWithoutSeed);
    assert!(pressed.status.is_error(), "{}", pressed.status);
    assert!(
        pressed.status.to_string().contains("12x"),
        "{}",
        pressed.status
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
            rating: None,
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
                rating: None,
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
            rating: None,
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
fn the_generation_reducer_and_what_it_puts_on_the_board_work_alone() {
    let mut generation = Generation::default();
    let mut status = Message::Welcome;
    generation.reduce(GenerationAction::InvalidSeed(" 12x ".into()), &mut status);
    assert_eq!(status, Message::NotASeed { text: "12x".into() });
    assert_eq!(generation.seed_draft.as_deref(), Some(" 12x "));
    generation.reduce(GenerationAction::SetSeed(5), &mut status);
    assert_eq!(status, Message::SeedSet { seed: 5 });
    assert_eq!((generation.seed, &generation.seed_draft), (5, &None));
    generation.reduce(
        GenerationAction::SetSymmetry(Symmetry::Rotate90),
        &mut status,
    );
    assert_eq!(generation.symmetry, Symmetry::Rotate90);
    // The answer names the symmetry the job was asked for, not the picker's.
    let mut board = Board::new(Grid::empty(Size::NINE));
    let said = generation.generated(
        puzzle(),
        (41, 3.0, None),
        (Symmetry::Rotate180, None),
        &mut board,
    );
    assert_eq!(
        said,
        Message::Generated {
            size: Size::NINE,
            clues: 17,
            seed: 41,
            symmetry: Symmetry::Rotate180,
            millis: 3.0,
            next_seed: 42
        }
    );
    assert_eq!(
        (&board.grid, board.mode, board.undo.len(), generation.seed),
        (&puzzle(), Mode::Play, 1, 42)
    );
    // Stop and keep suggests Check only where it finishes in reasonable time.
    assert_eq!(
        keep(puzzle(), &mut board),
        Message::KeptPartial {
            clues: 17,
            suggest_check: true
        }
    );
    let big = Grid::empty(Size::new(6).expect("36x36"));
    assert_eq!(
        keep(big, &mut board),
        Message::KeptPartial {
            clues: 0,
            suggest_check: false
        }
    );
    assert_eq!((board.size().side(), board.undo.len()), (36, 3));
}

#[test]
fn playing_keeps_what_was_said_of_the_puzzle_until_something_happens() {
    let s = AppState::default();
    let id = s.next_job_id();
    let generated = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Generate,
            },
            Action::Answered {
                id,
                response: Response::Generated {
                    puzzle: puzzle(),
                    seed: 41,
                    millis: 12.0,
                    rating: None,
                },
            },
            Action::Select(p(0, 1)),
        ],
    );
    let said = generated.status.clone();
    assert!(said.to_string().contains("seed 41"), "{said}");
    // Notes mode says what it does; a note, a digit of the player's and its erasing leave
    // the clues as they were, and bring the seed back into view.
    let notes = generated.clone().reduce(Action::ToggleNotes);
    assert!(
        notes.status.to_string().starts_with("Notes on"),
        "{}",
        notes.status
    );
    let s = run(
        notes,
        [
            Action::Input(d(1)),
            Action::Input(d(2)),
            Action::ToggleNotes,
            Action::Input(d(1)),
            Action::Erase,
        ],
    );
    assert_eq!(s.board.grid.digit(p(0, 1)), None);
    assert!(s.board.undo.len() > generated.board.undo.len());
    assert_eq!(s.status, said);
    // A clash is news, and once it is mended the seed is back; a clue typed over says it is
    // locked.
    let s = s.reduce(Action::Input(d(4)));
    assert!(s.status.is_error(), "{}", s.status);
    let s = s.reduce(Action::Erase);
    assert_eq!(s.status, said);
    let s = run(s, [Action::Select(p(0, 0)), Action::Input(d(1))]);
    assert_eq!(
        s.status.to_string(),
        "Row 1, column 1 holds a clue; choose Enter clues to change it."
    );
    // Clues entered make another puzzle, of which the seed says nothing.
    let s = run(
        s,
        [
            Action::SetMode(Mode::Givens),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    assert_eq!(s.status, Message::EnteringGivens);
    let s = run(
        s,
        [
            Action::SetMode(Mode::Play),
            Action::Select(p(0, 2)),
            Action::Input(d(2)),
        ],
    );
    assert_eq!(s.status, Message::Playing);
    // An import's line stays through play too.
    let imported = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let s = run(
        imported.clone(),
        [Action::Select(p(0, 1)), Action::Input(d(1))],
    );
    assert_eq!(s.status, imported.status);
}

#[test]
fn undo_and_redo_keep_the_puzzles_line_in_sight() {
    let s = AppState::default();
    let id = s.next_job_id();
    let generated = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Generate,
            },
            Action::Answered {
                id,
                response: Response::Generated {
                    puzzle: puzzle(),
                    seed: 41,
                    millis: 12.0,
                    rating: None,
                },
            },
        ],
    );
    let said = generated.status.to_string();
    assert!(said.contains("seed 41"), "{said}");
    let played = run(generated, [Action::Select(p(0, 1)), Action::Input(d(1))]);
    let undone = played.reduce(Action::Undo);
    assert_eq!(undone.board.grid.digit(p(0, 1)), None);
    assert_eq!(undone.status.to_string(), format!("Undone. {said}"));
    let redone = undone.reduce(Action::Redo);
    assert_eq!(redone.board.grid.digit(p(0, 1)), Some(d(1)));
    assert_eq!(redone.status.to_string(), format!("Redone. {said}"));
    // Undoing the generation itself takes its clues away, and the line with them.
    let before = run(redone, [Action::Undo, Action::Undo]);
    assert_eq!(before.board.grid.given_count(), 0);
    assert_eq!(before.status.to_string(), "Undone.");
    let again = before.reduce(Action::Redo);
    assert_eq!(again.status.to_string(), format!("Redone. {said}"));
    // An import's line as well.
    let imported = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let undone = run(
        imported.clone(),
        [Action::Select(p(0, 1)), Action::Input(d(1)), Action::Undo],
    );
    assert_eq!(
        undone.status.to_string(),
        format!("Undone. {}", imported.status)
    );
}

/// A difficulty no puzzle of the size reaches (every 4x4 puzzle falls to singles): the puzzle
/// that came is the closest, and the status says the level asked was not found, by the level
/// the job was started with, whatever the picker says since.
#[test]
fn a_difficulty_out_of_reach_is_said_to_be_missed() {
    use sudoku_lab::engine::logic::{Level, rate};
    let small = parse(".....1.....3.41.").expect("valid").puzzle;
    let rating = rate(&small, true);
    assert_eq!(rating.level, Some(Level::Easy));
    let s = AppState::default().reduce(Action::SetDifficulty(Some(Level::Extreme)));
    let id = s.next_job_id();
    let answer = |rating| Action::Answered {
        id,
        response: Response::Generated {
            puzzle: small.clone(),
            seed: 42,
            millis: 3.0,
            rating: Some(rating),
        },
    };
    let started = Action::Started {
        id,
        kind: JobKind::Generate,
    };
    let s = run(
        s,
        [
            started.clone(),
            Action::SetDifficulty(Some(Level::Easy)),
            answer(rating.clone()),
        ],
    );
    let said = s.status.to_string();
    assert!(said.starts_with("No Extreme puzzle found at 4x4"), "{said}");
    assert!(said.contains("Easy puzzle, 4 clues, seed 42"), "{said}");
    // Asked for the level it has, the puzzle is announced as before.
    let s = run(
        AppState::default().reduce(Action::SetDifficulty(Some(Level::Easy))),
        [started, answer(rating)],
    );
    assert!(
        s.status.to_string().starts_with("Easy puzzle, 4 clues"),
        "{}",
        s.status
    );
}
