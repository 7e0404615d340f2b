//! A quick question beside a running job: it neither ends nor relabels the job, its answer
//! is taken in while the job runs, and it is dropped once the board it was about is replaced.

use crate::app::advice::Hint;
use crate::app::protocol::Response;
use crate::app::state::{Action, AppState, JobKind, Message};
use crate::engine::format::parse_line;
use crate::engine::{Grid, Size};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn started(state: AppState, id: u64, kind: JobKind) -> AppState {
    state.reduce(Action::Started { id, kind })
}

fn hinted() -> Response {
    Response::Hinted {
        hint: Hint::Stuck { several: false },
        millis: 1.0,
    }
}

fn generating_and_hinting() -> AppState {
    let state = AppState::new(parse_line(PUZZLE).unwrap());
    let state = started(state, 1, JobKind::Generate);
    assert!(state.can_ask());
    let state = started(state, 2, JobKind::Hint);
    assert!(!state.can_ask(), "one question at a time beside the job");
    state
}

#[test]
fn a_hint_answers_while_the_job_runs() {
    let state = generating_and_hinting();
    // The status still speaks of the generation, which stays the running job.
    assert_eq!(
        state.status,
        Message::Started {
            job: JobKind::Generate,
            slow: None
        }
    );
    assert_eq!(state.jobs.job.as_ref().map(|j| j.id), Some(1));
    let state = state.reduce(Action::Answered {
        id: 2,
        response: hinted(),
    });
    assert!(state.busy());
    assert!(state.jobs.quick.is_none());
    assert!(state.hints.shown.is_some());
    assert!(
        matches!(state.status, Message::Play(_)),
        "{:?}",
        state.status
    );
    // The generation's progress still reaches its job.
    let state = state.reduce(Action::Answered {
        id: 1,
        response: Response::Progress {
            phase: crate::app::protocol::Phase::Removing,
            done: 3,
            total: 81,
        },
    });
    assert!(state.jobs.job.as_ref().unwrap().progress.is_some());
    assert!(state.can_ask());
}

#[test]
fn cancel_ends_the_job_and_leaves_the_question() {
    let state = generating_and_hinting().reduce(Action::Cancelled);
    assert!(!state.busy());
    assert_eq!(state.jobs.quick.as_ref().map(|j| j.id), Some(2));
    let state = state.reduce(Action::Answered {
        id: 2,
        response: hinted(),
    });
    assert!(state.hints.shown.is_some());
}

#[test]
fn a_question_about_a_replaced_board_is_dropped() {
    let state = generating_and_hinting();
    let puzzle = Grid::empty(Size::NINE);
    let state = state.reduce(Action::Answered {
        id: 1,
        response: Response::Generated {
            puzzle,
            seed: 0,
            millis: 1.0,
            rating: None,
        },
    });
    assert!(state.jobs.quick.is_none());
    let status = state.status.clone();
    let state = state.reduce(Action::Answered {
        id: 2,
        response: hinted(),
    });
    assert!(state.hints.shown.is_none());
    assert_eq!(state.status, status);
}

#[test]
fn an_edit_after_the_job_drops_the_question_still_out() {
    let state = generating_and_hinting().reduce(Action::Cancelled);
    let state = state.reduce(Action::Clear);
    assert!(state.jobs.quick.is_none());
    let state = state.reduce(Action::Answered {
        id: 2,
        response: hinted(),
    });
    assert!(state.hints.shown.is_none());
}

#[test]
fn a_solution_put_on_the_board_drops_the_question() {
    use crate::engine::{Formulation, SolveOptions, solve};
    let grid = parse_line(PUZZLE).unwrap();
    let report = solve(&grid, Formulation::Propagation, &SolveOptions::default()).unwrap();
    let state = started(AppState::new(grid), 1, JobKind::Solve);
    let state = started(state, 2, JobKind::Hint);
    let state = state.reduce(Action::Answered {
        id: 1,
        response: Response::Solved {
            report,
            millis: 1.0,
        },
    });
    assert!(matches!(state.status, Message::Solved(_)));
    let state = state.reduce(Action::Answered {
        id: 2,
        response: hinted(),
    });
    assert!(state.hints.shown.is_none());
    assert!(matches!(state.status, Message::Solved(_)));
}
