//! Jobs and the worker's answers: solving, counting, stepping, comparing, checking, cancelling.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::protocol::{CheckOutcome, Failure, Phase, Response, Symmetry};
use sudoku_lab::app::state::{
    Action, AppState, Board, COUNT_LIMIT, EngineState, JobAction, JobKind, Jobs, Message, Mode,
    UNDO_LIMIT,
};
use sudoku_lab::engine::{
    Digit, Entry, Formulation, Grid, Pos, Size, SolveError, SolveReport, Stats, Verdict,
};
use sudoku_lab::words::{CheckAnswer, EngineFault, Slow, SolveAnswer};

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
            failure: Failure::NoWorker,
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
                rating: None,
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
                        rating: None,
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
            rating: None,
        },
    );
    for s in [solved, checked] {
        assert!(
            s.status
                .to_string()
                .ends_with("): the clues clash, digit 5 appears twice in a row: r1c1 and r1c2."),
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
            rating: None,
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
        s.status.to_string().ends_with("; enter its clues."),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn failures_are_shown_as_errors() {
    let (s, id) = busy_with(JobKind::Solve);
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Failed {
            failure: Failure::Solve(SolveError::Mip("iteration limit reached".into())),
        },
    });
    assert!(!s.busy());
    assert!(s.status.is_error());
    assert_eq!(
        s.status.to_string(),
        "Solving failed: solver failure: iteration limit reached."
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
fn a_dead_engine_ends_the_job_with_an_error_and_keeps_the_grid() {
    let (s, id) = busy_with(JobKind::Solve);
    let grid = s.board.grid.clone();
    let s = s.reduce(Action::EngineReady);
    let s = s.reduce(Action::EngineFailed(EngineFault::Error(
        "out of memory".into(),
    )));
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
            failure: Failure::NoWorker,
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
    let failed = s
        .clone()
        .reduce(Action::EngineFailed(EngineFault::Unexplained));
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
fn the_jobs_reducer_and_its_answers_work_on_a_board_alone() {
    let mut jobs = Jobs::default();
    let mut board = Board::new(puzzle());
    let mut status = Message::Welcome;
    let mut act = |jobs: &mut Jobs, action| {
        jobs.reduce(action, &mut board, &mut status, Symmetry::Vertical);
        status.clone()
    };
    act(&mut jobs, JobAction::SetFormulation(Formulation::Mip));
    let started = act(
        &mut jobs,
        JobAction::Started {
            id: 1,
            kind: JobKind::Count,
        },
    );
    assert_eq!(
        started,
        Message::Started {
            job: JobKind::Count,
            slow: Some(Slow::Mip)
        }
    );
    let job = jobs.job.clone().expect("running");
    assert_eq!(
        (job.formulation, job.symmetry, jobs.next_job_id()),
        (Formulation::Mip, Symmetry::Vertical, 2)
    );
    // Parts of an answer stay with the job; answers to other jobs are dropped.
    let progress = Response::Progress {
        phase: Phase::Solutions,
        done: 7,
        total: COUNT_LIMIT + 1,
    };
    assert_eq!(jobs.answered(1, progress), None);
    let stale = Response::Failed {
        failure: Failure::NoWorker,
    };
    assert_eq!(jobs.answered(2, stale), None);
    assert!(jobs.job.is_some());
    let cancelled = act(&mut jobs, JobAction::Cancelled);
    assert_eq!(
        cancelled,
        Message::Cancelled {
            job: JobKind::Count,
            found: Some(7)
        }
    );
    assert_eq!((&jobs.job, jobs.engine), (&None, EngineState::Starting));

    // A solve's answer ends the job, and the solution goes on the board as one step.
    act(
        &mut jobs,
        JobAction::SetFormulation(Formulation::Propagation),
    );
    act(
        &mut jobs,
        JobAction::Started {
            id: 2,
            kind: JobKind::Solve,
        },
    );
    let solve = Response::Solved {
        report: report(&puzzle(), 2),
        millis: 1.0,
    };
    let (job, answer) = jobs.answered(2, solve).expect("the answer ends the job");
    assert_eq!((job.kind, &jobs.job), (JobKind::Solve, &None));
    let Response::Solved { report, millis } = answer else {
        panic!("{answer:?}")
    };
    let solution = report.solutions[0].clone();
    let said = jobs.solved(job.kind, report, millis, &mut board);
    let Message::Solved(solved) = &said else {
        panic!("{said:?}")
    };
    assert_eq!((&solved.answer, solved.replaced), (&SolveAnswer::Unique, 0));
    assert_eq!((&board.grid, board.undo.len()), (&solution, 1));
    assert_eq!(board.solver_cells().iter().filter(|&&m| m).count(), 64);

    // A check outlines the clues that could go; the solver's digits are not the player's.
    let outcome = CheckOutcome::Unique {
        solution,
        clues: 17,
        redundant: vec![p(0, 0)],
        guesses: 0,
    };
    let said = jobs.checked(Formulation::Sat, outcome, (2.0, None), &board);
    let Message::Checked(checked) = &said else {
        panic!("{said:?}")
    };
    assert_eq!(
        (&checked.answer, &checked.yours),
        (
            &CheckAnswer::NotMinimal {
                clues: 17,
                redundant: 1,
                guesses: 0
            },
            &None
        )
    );
    assert_eq!(jobs.redundant, vec![p(0, 0)]);
    // The outlines stay with the board the check saw, and go once one of its digits changes.
    jobs.fit(&board);
    assert_eq!(jobs.redundant, vec![p(0, 0)]);
    let mut changed = board.clone();
    let mut grid = changed.grid.clone();
    grid.set(p(0, 1), Entry::Empty);
    changed.push(grid);
    jobs.fit(&changed);
    assert!(jobs.redundant.is_empty());
    let outcome = CheckOutcome::Unique {
        solution: board.grid.clone(),
        clues: 17,
        redundant: vec![p(0, 0)],
        guesses: 0,
    };
    jobs.checked(Formulation::Sat, outcome, (2.0, None), &board);
    jobs.forget_results();
    assert!(jobs.redundant.is_empty() && jobs.solutions.is_empty());
}
