//! Solving and counting: the answer in words and numbers, the solutions on the board (the
//! solver's digits marked, the player's digits it replaced, one undo step), stepping through them.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::protocol::Response;
use sudoku_lab::app::state::{Action, AppState, COUNT_LIMIT, JobKind, Mode, UNDO_LIMIT};
use sudoku_lab::engine::{Digit, Entry, Grid, Pos, Size, SolveReport, Stats, Verdict};

/// A job of `kind` answered with `report` says `expected` first, keeps the solutions and shows
/// the first one, marked as the solver's and undoable.
fn assert_solve_answer(kind: JobKind, report: SolveReport, expected: &str) {
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
        assert_solve_answer(kind, report, expected);
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
