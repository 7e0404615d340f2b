//! Checking: uniqueness and minimality with the redundant clues outlined, the player's digits
//! that differ from the solution, and givens that clash.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::protocol::{CheckOutcome, Response};
use sudoku_lab::app::state::{Action, AppState, JobKind, Mode};
use sudoku_lab::engine::{Digit, Entry, Formulation, Pos};

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
