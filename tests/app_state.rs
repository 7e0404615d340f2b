//! The composed app state: what survives a reload, requests, and what waits while a job runs.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::protocol::{Failure, ModelFormat, Phase, Request, Response, Symmetry};
use sudoku_lab::app::state::{Action, AppState, COUNT_LIMIT, JobKind, Message, Mode, Saved};
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Entry, Formulation, Grid, Size};
use sudoku_lab::words::{EngineFault, ImportSource};

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
        "Restored. Imported a 9x9 puzzle with 17 clues (line format); playing, the clues are \
         locked."
    );
}

#[test]
fn a_reload_during_a_job_says_the_job_stopped_and_keeps_the_board() {
    let (busy, _) = busy_with(JobKind::Generate);
    let back = AppState::restore(busy.saved());
    assert!(!back.busy());
    assert_eq!(back.board.grid, busy.board.grid);
    assert_eq!(
        back.status.to_string(),
        "Generating stopped when the page was left or reloaded; the board is as it was before \
         it began."
    );
    // A job that ended is not said to have stopped.
    let ended = busy.reduce(Action::Cancelled);
    assert!(matches!(
        AppState::restore(ended.saved()).status,
        Message::Restored { .. }
    ));
    // Nor is a hint, a moment's work.
    assert_eq!(busy_with(JobKind::Hint).0.saved().running, None);
    assert_eq!(
        busy_with(JobKind::Count).0.saved().running,
        Some(JobKind::Count)
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
        "Restored (2 digits filled in). Imported a 9x9 puzzle with 17 clues (line format); \
         playing, the clues are locked."
    );
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
                difficulty: None,
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
        // A link over a game in progress waits for the player's word; over the givens alone
        // it opens at once.
        (&undone, Action::OpenLink(PUZZLE.replace('4', "."))),
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
            failure: Failure::NoWorker,
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
                ". Then the import that waited: Opened the shared 9x9 puzzle with 14 clues"
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
    let dead = s.reduce(Action::EngineFailed(EngineFault::Error("crash".into())));
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
fn the_status_line_holds_what_happened_as_a_value() {
    let (s, id) = busy_with(JobKind::Check);
    let s = s.reduce(Action::OpenLink(PUZZLE.replace('4', ".")));
    assert_eq!(
        s.status,
        Message::ImportWaits {
            job: JobKind::Check,
            instead: false
        }
    );
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Failed {
            failure: Failure::NoWorker,
        },
    });
    let Message::Then { answer, import } = &s.status else {
        panic!("{:?}", s.status)
    };
    assert_eq!(
        **answer,
        Message::JobFailed {
            job: JobKind::Check,
            failure: Failure::NoWorker
        }
    );
    let Message::Imported(imported) = &**import else {
        panic!("{import:?}")
    };
    assert_eq!((imported.source, imported.givens), (ImportSource::Link, 14));
    // The failed job makes the whole line an error, though the import went well.
    assert!(s.status.is_error() && !import.is_error());
}
