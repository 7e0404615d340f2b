//! Comparing the formulations: the table's rows as they come, whether they agree, and the note
//! under a finished table.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::protocol::{CompareRow, Response};
use sudoku_lab::app::state::{Action, AppState, JobKind};
use sudoku_lab::engine::{Entry, Formulation, SolveError, SolveReport};

#[test]
fn compare_answers_fill_the_table_and_say_whether_they_agree() {
    let r = report(&puzzle(), 2);
    let row = |result: Result<SolveReport, SolveError>| CompareRow {
        formulation: Formulation::Propagation,
        millis: 1.0,
        result,
    };
    let mut two = puzzle();
    two.set(p(0, 0), Entry::Empty);
    let cases = [
        (
            vec![row(Ok(r.clone())), row(Err(SolveError::OverBudget))],
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
fn the_note_on_times_below_a_millisecond_needs_every_formulation_answered() {
    let row = |formulation: Formulation, millis: f64| CompareRow {
        formulation,
        millis,
        result: Ok(report(&puzzle(), 2)),
    };
    let all = Formulation::ALL;
    let finish = |rows: Vec<CompareRow>| {
        let (s, id) = busy_with(JobKind::Compare);
        s.reduce(Action::Answered {
            id,
            response: Response::Compared { rows },
        })
    };
    let quick: Vec<CompareRow> = all.iter().map(|&f| row(f, 0.4)).collect();
    assert!(finish(quick.clone()).compare_note().is_some());
    // One slow formulation ranks them after all.
    let mut slow = quick.clone();
    slow[3].millis = 12.0;
    assert_eq!(finish(slow).compare_note(), None);
    // A formulation that failed did not answer within a millisecond.
    let mut failed = quick.clone();
    failed[1].result = Err(SolveError::OverBudget);
    assert_eq!(finish(failed).compare_note(), None);
    // A comparison still running, or cancelled after its quick rows, has not ranked them all.
    let (mut s, id) = busy_with(JobKind::Compare);
    for r in &quick[..all.len() - 1] {
        s = s.reduce(Action::Answered {
            id,
            response: Response::CompareRow { row: r.clone() },
        });
        assert_eq!(s.compare_note(), None);
    }
    assert_eq!(s.reduce(Action::Cancelled).compare_note(), None);
}

/// From 25x25 exact cover can take minutes: a comparison runs it last, and a job that uses it
/// says so as it starts, as a 25x25 Check does; below that size nothing changes.
#[test]
fn from_25x25_exact_cover_runs_last_and_its_jobs_warn() {
    let started = |box_size: usize, formulation: Formulation, kind: JobKind| {
        let s = run(
            AppState::default(),
            [
                Action::SetSize(sudoku_lab::engine::Size::new(box_size).unwrap()),
                Action::SetFormulation(formulation),
            ],
        );
        let id = s.next_job_id();
        s.reduce(Action::Started { id, kind })
    };
    let s = started(5, Formulation::Propagation, JobKind::Compare);
    assert_eq!(
        s.compare_pending(),
        [
            Formulation::Propagation,
            Formulation::Sat,
            Formulation::Mip,
            Formulation::ExactCover
        ]
    );
    assert!(
        s.status.to_string().contains("Exact cover runs last"),
        "{}",
        s.status
    );
    for kind in [JobKind::Solve, JobKind::Count, JobKind::Check] {
        let s = started(5, Formulation::ExactCover, kind);
        assert!(
            s.status
                .to_string()
                .contains("at this size it can take minutes"),
            "{}",
            s.status
        );
        let small = started(4, Formulation::ExactCover, kind);
        assert!(
            !small.status.to_string().contains("minutes"),
            "{}",
            small.status
        );
    }
    let s = started(4, Formulation::Propagation, JobKind::Compare);
    assert_eq!(s.compare_pending(), Formulation::ALL.to_vec());
    // A 25x25 Check with propagation says its clues take a while too.
    let s = started(5, Formulation::Propagation, JobKind::Check);
    assert!(
        s.status.to_string().contains("can take a minute"),
        "{}",
        s.status
    );
}
