//! The pool's bookkeeping: sizes, lanes, placement, races won and lost, cancels and deaths.

use super::*;
use crate::app::notes::Notes;
use crate::engine::{Grid, Size};

fn solve(size: Size, formulation: Formulation) -> Request {
    Request::Solve {
        puzzle: Grid::empty(size),
        formulation,
        max_solutions: Some(2),
        keep: 2,
    }
}

fn hint() -> Request {
    Request::Hint {
        grid: Grid::empty(Size::NINE),
        notes: Notes::default(),
    }
}

fn size(box_size: usize) -> Size {
    Size::new(box_size).unwrap()
}

const RACE: Lane = Lane::Race { max_solutions: 2 };

#[test]
fn the_pool_holds_two_to_four_workers() {
    assert_eq!(pool_size(0), 2);
    assert_eq!(pool_size(1), 2);
    assert_eq!(pool_size(2), 3);
    assert_eq!(pool_size(3), 4);
    assert_eq!(pool_size(64), 4);
    assert!(!races(1));
    assert!(races(2));
    assert_eq!(race_members(1), 0);
    assert_eq!(race_members(2), 2);
    assert_eq!(race_members(3), 3);
    assert_eq!(race_members(64), 3);
}

#[test]
fn lanes_follow_the_request() {
    assert_eq!(lane(&hint()), Lane::Quick);
    assert_eq!(
        lane(&Request::Steps {
            puzzle: Grid::empty(Size::NINE)
        }),
        Lane::Quick
    );
    let check = |s| Request::Check {
        puzzle: Grid::empty(s),
        formulation: Formulation::Propagation,
    };
    assert_eq!(lane(&check(Size::NINE)), Lane::Quick);
    assert_eq!(lane(&check(size(4))), Lane::Long);
    assert_eq!(lane(&solve(size(6), Formulation::Propagation)), RACE);
    assert_eq!(lane(&solve(size(7), Formulation::Propagation)), RACE);
    // Only the default formulation races, and only from 36x36 up.
    assert_eq!(lane(&solve(size(6), Formulation::Sat)), Lane::Long);
    assert_eq!(lane(&solve(size(5), Formulation::Propagation)), Lane::Long);
    let compare = Request::Compare {
        puzzle: Grid::empty(size(6)),
    };
    assert_eq!(lane(&compare), Lane::Long);
}

#[test]
fn a_quick_job_goes_to_an_idle_worker_beside_a_long_one() {
    let mut pool = Pool::new(2);
    pool.spawned(0);
    let long = pool.place(1, Lane::Long);
    assert_eq!(
        long,
        [Placement {
            worker: 0,
            spawn: false,
            member: None
        }]
    );
    // The long job took the only worker: a spare is started for quick questions.
    assert_eq!(pool.spare(), Some(1));
    let quick = pool.place(2, Lane::Quick);
    assert_eq!(
        quick,
        [Placement {
            worker: 1,
            spawn: true,
            member: None
        }]
    );
    assert!(pool.answered(1, 2, false).forward);
    // The hint's worker is idle again and takes the next one, without a new start.
    let again = pool.place(3, Lane::Quick);
    assert_eq!(
        again,
        [Placement {
            worker: 1,
            spawn: false,
            member: None
        }]
    );
    assert_eq!(pool.started(), 2);
    assert_eq!(pool.jobs(0), [1]);
}

#[test]
fn with_every_worker_busy_a_job_waits_behind_the_fewest() {
    let mut pool = Pool::new(1);
    assert_eq!(pool.size(), 2);
    pool.place(1, Lane::Long);
    pool.place(2, Lane::Long);
    pool.place(3, Lane::Quick);
    assert_eq!(pool.spare(), None);
    assert_eq!(pool.jobs(0), [1, 3]);
    assert_eq!(pool.jobs(1), [2]);
}

#[test]
fn a_race_takes_two_workers_and_the_winner_stops_the_other() {
    let mut pool = Pool::new(2);
    pool.spawned(0);
    let placed = pool.place(7, RACE);
    assert_eq!(
        placed,
        [
            Placement {
                worker: 0,
                spawn: false,
                member: Some(0)
            },
            Placement {
                worker: 1,
                spawn: true,
                member: Some(SAT_MEMBER)
            },
        ]
    );
    // The third slot is the spare for a hint during the race.
    assert_eq!(pool.spare(), Some(2));
    let settled = pool.answered(1, 7, false);
    assert_eq!(
        settled,
        Settled {
            forward: true,
            stop: vec![0],
            lost: vec![]
        }
    );
    assert_eq!(pool.jobs(0), [] as [u64; 0]);
    // The loser's late answer, had it come, is not the job's any more.
    assert_eq!(pool.answered(0, 7, false), Settled::default());
}

#[test]
fn a_failed_member_leaves_the_race_to_the_others() {
    let mut pool = Pool::new(4);
    let placed = pool.place(7, RACE);
    let members: Vec<_> = placed.iter().map(|p| p.member).collect();
    assert_eq!(members, [Some(0), Some(SAT_MEMBER), Some(OTHER_MEMBER)]);
    assert_eq!(pool.answered(0, 7, true), Settled::default());
    assert_eq!(pool.answered(2, 7, true), Settled::default());
    // The last member's failure ends the job.
    assert_eq!(
        pool.answered(1, 7, true),
        Settled {
            forward: true,
            stop: vec![],
            lost: vec![]
        }
    );
}

#[test]
fn a_dead_member_is_lost_only_when_it_was_the_last() {
    let mut pool = Pool::new(2);
    pool.place(7, RACE);
    assert_eq!(pool.died(0), [] as [u64; 0]);
    assert_eq!(pool.died(1), [7]);
    // Both slots are free again: the next job starts a worker.
    assert!(pool.place(8, Lane::Long)[0].spawn);
}

#[test]
fn a_race_without_two_free_workers_runs_alone() {
    let mut pool = Pool::new(2);
    pool.place(1, Lane::Long);
    pool.place(2, Lane::Quick);
    let placed = pool.place(3, RACE);
    assert_eq!(
        placed,
        [Placement {
            worker: 2,
            spawn: true,
            member: None
        }]
    );
    // On one core there is no race at all.
    let mut single = Pool::new(1);
    assert_eq!(single.place(1, RACE)[0].member, None);
}

#[test]
fn a_race_with_two_of_three_workers_ready_races_the_first_two() {
    let mut pool = Pool::new(4);
    pool.place(1, Lane::Quick);
    pool.place(2, Lane::Quick);
    let members: Vec<_> = pool.place(3, RACE).iter().map(|p| p.member).collect();
    assert_eq!(members, [Some(0), Some(SAT_MEMBER)]);
}

#[test]
fn cancel_stops_every_member_and_spares_other_workers() {
    let mut pool = Pool::new(3);
    pool.place(5, Lane::Quick);
    pool.place(6, RACE);
    let settled = pool.cancel(6);
    assert_eq!(settled.stop, [1, 2, 3]);
    assert!(settled.lost.is_empty());
    assert_eq!(pool.jobs(0), [5]);
    assert_eq!(pool.started(), 4);
}

#[test]
fn jobs_waiting_on_a_stopped_worker_are_reported_lost() {
    let mut pool = Pool::new(1);
    pool.place(1, Lane::Long);
    pool.place(2, Lane::Long);
    pool.place(3, Lane::Quick);
    let settled = pool.cancel(1);
    assert_eq!(settled.stop, [0]);
    assert_eq!(settled.lost, [3]);
}
