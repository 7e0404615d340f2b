//! The page's pool of engine workers, web-free: how many, which worker runs each request, and
//! what to do when one answers, fails or is cancelled. The browser side (`ui/engine.rs`)
//! spawns, posts to and terminates the workers this decides on.
//!
//! Quick requests (a hint, the steps, the check of a small grid) go to an idle worker, so they
//! answer while a long job runs; a solve or count of a 36x36 or larger grid with the default
//! formulation is a race of two members (`engine::formulation::sat::member`) on two workers,
//! or of three on three cores or more, the first answer winning and the other workers
//! terminated. Everything else runs on one
//! worker, so Compare times each formulation alone and a seed gives the same puzzle whatever
//! the pool's size.

use super::protocol::Request;
use crate::engine::Formulation;
use crate::engine::formulation::sat::race::{OTHER_MEMBER, SAT_MEMBER};

/// Fewest workers: one for the long job, one for a quick question beside it.
pub const MIN_WORKERS: usize = 2;
/// Most workers: the three members of a race and a spare for quick questions (on two cores,
/// two members and the spare). More would only hold more wasm memory: no job uses more than
/// three at once.
pub const MAX_WORKERS: usize = 4;
/// Smallest box size whose solve and count with the default formulation is a race, as on the
/// command line (where the race measured faster than the plain search from 36x36 up).
pub const RACE_FROM_BOX: usize = 6;
/// The race's members, in the order they are placed: the plain search, the rival of the grid's
/// size (`Rival::for_grid`: the look-ahead search on 36x36, CDCL on 49x49) and, from three
/// cores, the other rival, as the command line races them on three threads.
pub const RACE_MEMBERS: [usize; 3] = [0, SAT_MEMBER, OTHER_MEMBER];

/// How many of [`RACE_MEMBERS`] race on `cores` (none on one core: they would only share it).
pub fn race_members(cores: usize) -> usize {
    match cores {
        0 | 1 => 0,
        2 => 2,
        _ => 3,
    }
}

/// The pool's size for `cores` (the browser's `navigator.hardwareConcurrency`): a race
/// needs two or three workers ([`race_members`]) and a quick question one more, within
/// [`MIN_WORKERS`]..=[`MAX_WORKERS`].
pub fn pool_size(cores: usize) -> usize {
    (cores + 1).clamp(MIN_WORKERS, MAX_WORKERS)
}

/// Whether races run at all: on one core the members would only share it.
pub fn races(cores: usize) -> bool {
    race_members(cores) > 0
}

/// How a request is run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lane {
    /// On one worker, preferably idle.
    Long,
    /// On an idle worker if there is one, beside a long job.
    Quick,
    /// Solve or count as a race of [`RACE_MEMBERS`] (as many as [`race_members`] allows), one
    /// worker each.
    Race { max_solutions: u64 },
}

/// The lane of a request.
pub fn lane(request: &Request) -> Lane {
    match request {
        Request::Hint { .. } | Request::Steps { .. } => Lane::Quick,
        Request::Check { puzzle, .. } if puzzle.size().box_size() <= 3 => Lane::Quick,
        Request::Solve {
            puzzle,
            formulation: Formulation::Propagation,
            max_solutions: Some(max_solutions),
            ..
        } if puzzle.size().box_size() >= RACE_FROM_BOX => Lane::Race {
            max_solutions: *max_solutions,
        },
        _ => Lane::Long,
    }
}

/// Where one request (or one member of a race) goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub worker: usize,
    /// Start a worker in this slot first: it has none yet (or its worker died).
    pub spawn: bool,
    /// The race member to run, `None` for the request as it is.
    pub member: Option<usize>,
}

/// What to do with a job's final answer from a worker.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Hand the answer to the reducer (`false`: a race member failed while another still runs,
    /// or the job was already settled).
    pub forward: bool,
    /// Workers to terminate and start again: the race's other members.
    pub stop: Vec<usize>,
    /// Other jobs that were waiting on the stopped workers, now lost.
    pub lost: Vec<u64>,
}

/// The workers started so far and the jobs each holds, in the order sent (a worker runs one
/// at a time; the rest wait in its queue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    size: usize,
    /// How many members a race takes ([`race_members`]).
    race: usize,
    /// `None`: no worker in this slot yet, or it died.
    slots: Vec<Option<Vec<u64>>>,
}

impl Pool {
    /// A pool for `cores`, with no worker started yet.
    pub fn new(cores: usize) -> Pool {
        Pool {
            size: pool_size(cores),
            race: race_members(cores),
            slots: vec![None; pool_size(cores)],
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// How many workers are started.
    pub fn started(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    /// Whether slot `w` has a worker (or should have: one was just stopped to start again).
    pub fn is_started(&self, w: usize) -> bool {
        self.slots.get(w).is_some_and(Option::is_some)
    }

    /// The jobs worker `w` holds.
    pub fn jobs(&self, w: usize) -> &[u64] {
        self.slots.get(w).and_then(|s| s.as_deref()).unwrap_or(&[])
    }

    /// Records a worker started in slot `w` (the first one, started with the page).
    pub fn spawned(&mut self, w: usize) {
        if let Some(slot) = self.slots.get_mut(w) {
            slot.get_or_insert_with(Vec::new);
        }
    }

    /// The best slot for one more job: an idle worker, else a free slot (to start a worker
    /// in), else the worker with the fewest jobs waiting. `skip` is taken already.
    fn pick(&self, skip: &[usize]) -> Option<(usize, bool)> {
        let open = |w: &usize| !skip.contains(w);
        let idle = (0..self.size)
            .filter(open)
            .find(|&w| self.jobs_of(w) == Some(0));
        let free = (0..self.size)
            .filter(open)
            .find(|&w| self.slots[w].is_none());
        let fewest = (0..self.size)
            .filter(open)
            .min_by_key(|&w| self.jobs_of(w).unwrap_or(usize::MAX));
        idle.map(|w| (w, false))
            .or(free.map(|w| (w, true)))
            .or(fewest.map(|w| (w, false)))
    }

    fn jobs_of(&self, w: usize) -> Option<usize> {
        self.slots[w].as_ref().map(Vec::len)
    }

    /// Places job `id` of `lane`, recording it on the chosen workers. A race gets a worker per
    /// member that is idle or free, or as many as there are from two up; with fewer (or on one
    /// core) it runs alone.
    pub fn place(&mut self, id: u64, lane: Lane) -> Vec<Placement> {
        let mut placed: Vec<Placement> = Vec::new();
        let ready = |pool: &Pool, w: usize| pool.jobs_of(w).is_none_or(|n| n == 0);
        let members = &RACE_MEMBERS[..self.race];
        if let Lane::Race { .. } = lane
            && !members.is_empty()
        {
            for &member in members {
                let taken: Vec<usize> = placed.iter().map(|p| p.worker).collect();
                match self.pick(&taken) {
                    Some((w, spawn)) if ready(self, w) => placed.push(Placement {
                        worker: w,
                        spawn,
                        member: Some(member),
                    }),
                    _ => break,
                }
            }
            // Fewer ready workers than members: the first ones race (the grid's own rival is
            // second); one alone runs the request as it is.
            if placed.len() < members.len().min(2) {
                placed.clear();
            }
        }
        if placed.is_empty()
            && let Some((w, spawn)) = self.pick(&[])
        {
            placed.push(Placement {
                worker: w,
                spawn,
                member: None,
            });
        }
        for p in &placed {
            self.slots[p.worker].get_or_insert_with(Vec::new).push(id);
        }
        placed
    }

    /// A free slot to start a spare worker in while a long job runs, so that a quick question
    /// finds a loaded worker: only when every started worker is busy.
    pub fn spare(&self) -> Option<usize> {
        let all_busy = (0..self.size).all(|w| self.jobs_of(w) != Some(0));
        all_busy
            .then(|| (0..self.size).find(|&w| self.slots[w].is_none()))
            .flatten()
    }

    /// Worker `w` gave its final answer to job `id`; `failed` when that answer is a failure.
    pub fn answered(&mut self, w: usize, id: u64, failed: bool) -> Settled {
        let Some(jobs) = self.slots.get_mut(w).and_then(Option::as_mut) else {
            return Settled::default();
        };
        let Some(at) = jobs.iter().position(|&j| j == id) else {
            return Settled::default();
        };
        jobs.remove(at);
        let others: Vec<usize> = (0..self.size)
            .filter(|&o| o != w && self.jobs(o).contains(&id))
            .collect();
        if failed && !others.is_empty() {
            // Another member may still answer.
            return Settled::default();
        }
        let mut settled = Settled {
            forward: true,
            ..Settled::default()
        };
        for o in others {
            settled
                .lost
                .extend(self.restart(o).into_iter().filter(|&j| j != id));
            settled.stop.push(o);
        }
        settled
    }

    /// The page cancels job `id`: every worker running it is terminated and started again.
    pub fn cancel(&mut self, id: u64) -> Settled {
        let mut settled = Settled::default();
        for w in 0..self.size {
            if self.jobs(w).contains(&id) {
                settled
                    .lost
                    .extend(self.restart(w).into_iter().filter(|&j| j != id));
                settled.stop.push(w);
            }
        }
        settled
    }

    /// Worker `w` died: its slot is free. Returns the jobs no other worker still runs (lost
    /// with it); a race member's job goes on while its other member runs.
    pub fn died(&mut self, w: usize) -> Vec<u64> {
        let jobs = self
            .slots
            .get_mut(w)
            .and_then(Option::take)
            .unwrap_or_default();
        jobs.into_iter()
            .filter(|id| !(0..self.size).any(|o| self.jobs(o).contains(id)))
            .collect()
    }

    /// Empties slot `w` for a fresh worker; returns the jobs it held.
    fn restart(&mut self, w: usize) -> Vec<u64> {
        self.slots[w].replace(Vec::new()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
