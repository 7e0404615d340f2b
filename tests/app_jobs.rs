//! A job's life in the page's state: started, progressing, answered for another job, failed,
//! cancelled, its engine lost; and the jobs reducer on a board alone.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::protocol::{CheckOutcome, Failure, Phase, Response, Symmetry};
use sudoku_lab::app::state::{
    Action, AppState, Board, COUNT_LIMIT, EngineState, JobAction, JobKind, Jobs, Message,
};
use sudoku_lab::engine::{Entry, Formulation, SolveError};
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
        jobs.reduce(action, &mut board, &mut status, (Symmetry::Vertical, None));
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
    let said = jobs.solved((job.kind, job.formulation), report, millis, &mut board);
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
