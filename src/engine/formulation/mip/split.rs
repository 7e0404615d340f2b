//! The branch and bound on several threads (natively): the search split into cubes, parts that
//! are disjoint and together cover it, each searched by its own tree on one of the threads.
//!
//! A cube is the puzzle with extra givens. The row a root branches on ([`Tree::root_split`]) is a
//! set-partitioning row: every solution sets exactly one of its open members to 1, so one cube
//! per open member ("this cell holds this digit") covers the root's search and no two share a
//! solution (members the root's probing fixed at 0 are in no solution and get no cube). Cubes are
//! split the same way by their own root's row, breadth first from one queue, while fewer than
//! [`Split::cubes`] are waiting or under way; the others are searched by the one-thread search,
//! each with its own model, presolve, probing, LP and clauses, taken from the queue in the order
//! the splitting made them. A cube whose root is decided is searched with the tree built to
//! split it.
//!
//! Solutions reach the caller's sink on the calling thread; once it stops, or the caller
//! cancels, every thread stops. "No solution" and a count are proofs: every cube was exhausted.
//! What each cube costs on its own (its root, no clauses shared with other cubes) is the price
//! of the threads (BENCHMARKS.md, "MIP and SAT": "The branch and bound on every core").

use super::bnb::Tree;
use super::model::Model;
use super::stats::MipStats;
use super::{Query, SolveError, Stats, search, stats_of};
use crate::engine::check::check_values;
use crate::engine::formulation::{Formulation, SolveOptions, SolveReport};
use crate::engine::grid::{Digit, Entry, Grid, Pos};
use crate::engine::search::{Cancel, Flow, Halt, Limits, Sink};
use std::collections::VecDeque;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How often the calling thread looks at the caller's cancel flag, and idle threads at the
/// queue.
const POLL: Duration = Duration::from_millis(20);

/// How a search is split: threads searching cubes, and how many cubes to split it into at
/// least (a root row's members may pass it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub threads: usize,
    /// 1 or less searches the root as one cube.
    pub cubes: usize,
}

/// One cube searched: its extra givens, its tree's nodes and the seconds it took.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeStats {
    pub givens: usize,
    pub nodes: u64,
    pub seconds: f64,
    pub halt: Halt,
}

/// What splitting cost and how the threads spent the run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SplitStats {
    /// The cubes searched, in the order they finished.
    pub cubes: Vec<CubeStats>,
    /// Trees built only to split their cube.
    pub splits: u64,
    /// Per thread, the seconds spent splitting and searching cubes.
    pub busy: Vec<f64>,
    /// Seconds from the start to the answer.
    pub wall: f64,
}

/// A part of the search: the puzzle with these cells given these digits.
struct Cube {
    givens: Vec<(usize, u8)>,
}

/// The cubes waiting, how many trees being split may still add to them, and how many cubes
/// are being searched.
struct Queue {
    cubes: VecDeque<(Cube, u32)>,
    splitting: usize,
    searching: usize,
}

/// What a thread tells the calling thread.
enum Report {
    Solution(Vec<u8>),
    Cube {
        stats: MipStats,
        cube: CubeStats,
        root: bool,
    },
    Split {
        stats: MipStats,
        root: bool,
    },
    Failed(SolveError),
    Busy(f64),
}

/// Feeds each solution of `query` to `sink`, as [`super::run_detailed`] does, with the search
/// split into cubes on `split.threads` threads. `limits.max_nodes`, a budget over the whole
/// search, is not shared out among cubes: with it the search runs as one tree.
pub fn run_split(
    query: &Query,
    limits: &Limits,
    sink: &mut dyn Sink,
    split: &Split,
) -> Result<(Stats, MipStats, SplitStats), SolveError> {
    query.validate()?;
    if limits.max_nodes.is_some() || split.cubes <= 1 {
        let (stats, mip) = super::run_detailed(query, limits, sink)?;
        return Ok((stats, mip, SplitStats::default()));
    }
    let start = Instant::now();
    let stop = Cancel::new();
    let queue = Mutex::new(Queue {
        cubes: VecDeque::from([(Cube { givens: Vec::new() }, 0)]),
        splitting: 0,
        searching: 0,
    });
    let ready = Condvar::new();
    let (tx, rx) = mpsc::channel();
    let mut mip = MipStats::default();
    let mut root = MipStats::default();
    let mut split_stats = SplitStats::default();
    let mut failed = None;
    let (mut stopped, mut exhausted) = (false, true);
    let mut cancelled = limits.cancel.as_ref().is_some_and(Cancel::is_cancelled);
    if cancelled {
        stop.cancel();
    }
    std::thread::scope(|scope| {
        for _ in 0..split.threads.max(1) {
            let tx = tx.clone();
            let worker = Worker {
                query,
                cubes: split.cubes,
                queue: &queue,
                ready: &ready,
                stop: &stop,
                tx: tx.clone(),
            };
            scope.spawn(move || {
                let busy = worker.run();
                let _ = tx.send(Report::Busy(busy));
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(POLL) {
                Ok(Report::Solution(values)) if !stopped => {
                    if sink.solution(&values) == Flow::Stop {
                        stopped = true;
                        stop.cancel();
                    }
                }
                Ok(Report::Solution(_)) => {}
                Ok(Report::Cube {
                    stats,
                    cube,
                    root: r,
                }) => {
                    exhausted &= cube.halt == Halt::Exhausted;
                    mip.add(&stats);
                    if r {
                        root = stats;
                    }
                    split_stats.cubes.push(cube);
                }
                Ok(Report::Split { stats, root: r }) => {
                    split_stats.splits += 1;
                    // The cube's root, its LP solved, is a node of the search.
                    mip.nodes += 1;
                    mip.add(&stats);
                    if r {
                        root = stats;
                    }
                }
                Ok(Report::Failed(e)) => {
                    failed.get_or_insert(e);
                    stop.cancel();
                }
                Ok(Report::Busy(seconds)) => split_stats.busy.push(seconds),
                Err(RecvTimeoutError::Timeout) => {
                    if limits.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                        cancelled = true;
                        stop.cancel();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    split_stats.wall = start.elapsed().as_secs_f64();
    mip.root_integral = root.root_integral;
    mip.lp_columns = root.lp_columns;
    mip.lp_rows = root.lp_rows;
    let halt = if stopped {
        Halt::Sink
    } else if cancelled || !exhausted {
        Halt::Cancelled
    } else {
        Halt::Exhausted
    };
    let m = Model::new(query);
    Ok((stats_of(&m, &mip, halt), mip, split_stats))
}

/// One thread of [`run_split`].
struct Worker<'a> {
    query: &'a Query<'a>,
    cubes: usize,
    queue: &'a Mutex<Queue>,
    ready: &'a Condvar,
    stop: &'a Cancel,
    tx: Sender<Report>,
}

impl Worker<'_> {
    /// Takes cubes until none is left or the search stops; the seconds spent on them.
    fn run(&self) -> f64 {
        let mut busy = 0.0;
        while let Some((cube, depth, split)) = self.take() {
            let start = Instant::now();
            match self.cube(&cube, depth, split) {
                Ok(true) => {
                    let mut queue = self
                        .queue
                        .lock()
                        .expect("no thread panics holding the queue");
                    queue.searching -= 1;
                }
                Ok(false) => {}
                Err(e) => {
                    let _ = self.tx.send(Report::Failed(e));
                }
            }
            busy += start.elapsed().as_secs_f64();
        }
        busy
    }

    /// The next cube, its depth and whether to split it, waiting while the queue is empty and a
    /// tree being split may fill it.
    fn take(&self) -> Option<(Cube, u32, bool)> {
        let mut queue = self
            .queue
            .lock()
            .expect("no thread panics holding the queue");
        loop {
            if self.stop.is_cancelled() {
                return None;
            }
            if let Some((cube, depth)) = queue.cubes.pop_front() {
                let split = queue.cubes.len() + queue.splitting + queue.searching + 1 < self.cubes;
                match split {
                    true => queue.splitting += 1,
                    false => queue.searching += 1,
                }
                return Some((cube, depth, split));
            }
            if queue.splitting == 0 {
                return None;
            }
            queue = self
                .ready
                .wait_timeout(queue, POLL)
                .expect("no thread panics holding the queue")
                .0;
        }
    }

    /// Splits the cube when `split` and its root is open, else searches it; whether it searched.
    fn cube(&self, cube: &Cube, depth: u32, split: bool) -> Result<bool, SolveError> {
        let start = Instant::now();
        let mut grid = self.query.grid.clone();
        let size = grid.size();
        for &(cell, v) in &cube.givens {
            let digit = Digit::from_index(usize::from(v) - 1);
            grid.set(Pos::from_index(cell, size), Entry::Given(digit));
        }
        let query = Query {
            grid: &grid,
            ..*self.query
        };
        let limits = Limits {
            max_nodes: None,
            cancel: Some(self.stop.clone()),
        };
        let m = Model::new(&query);
        let built = Tree::new(&m, &limits);
        let children = match (&built, split) {
            (Ok(tree), true) => tree.root_split(),
            _ => None,
        };
        if split {
            let mut queue = self
                .queue
                .lock()
                .expect("no thread panics holding the queue");
            for &x in children.iter().flatten() {
                let (cell, d) = m.vars[x as usize];
                let mut givens = cube.givens.clone();
                givens.push((cell, (d + 1) as u8));
                queue.cubes.push_back((Cube { givens }, depth + 1));
            }
            queue.splitting -= 1;
            // A cube its root decides is searched here after all.
            queue.searching += usize::from(children.is_none());
            self.ready.notify_all();
        }
        let tree = built?;
        if children.is_some() {
            let _ = self.tx.send(Report::Split {
                stats: tree.stats.clone(),
                root: depth == 0,
            });
            return Ok(false);
        }
        let tx = &self.tx;
        let (halt, stats) = search(&m, tree, &limits, Some(0), &mut |used, values: &[u8]| {
            if used == 0 {
                let _ = tx.send(Report::Solution(values.to_vec()));
            }
            Flow::Continue
        })?;
        let cube = CubeStats {
            givens: cube.givens.len(),
            nodes: stats.nodes,
            seconds: start.elapsed().as_secs_f64(),
            halt,
        };
        let root = depth == 0;
        let _ = self.tx.send(Report::Cube { stats, cube, root });
        Ok(true)
    }
}

/// [`crate::engine::formulation::solve`] with the MIP split over threads: up to
/// `options.max_solutions` solutions, each checked against the puzzle's givens by the
/// independent checker, the first `options.keep` kept as grids.
pub fn solve(
    puzzle: &Grid,
    options: &SolveOptions,
    split: &Split,
) -> Result<(SolveReport, MipStats, SplitStats), SolveError> {
    let givens = puzzle.puzzle();
    let query = Query::new(&givens);
    let mut count = 0u64;
    let mut solutions = Vec::new();
    let mut invalid = None;
    let mut sink = |values: &[u8]| {
        if let Err(e) = check_values(&givens, &[], values) {
            invalid = Some(e);
            return Flow::Stop;
        }
        count += 1;
        if solutions.len() < options.keep {
            solutions.push(givens.with_solution(values));
        }
        if options.max_solutions.is_some_and(|m| count >= m) {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let (stats, mip, split_stats) = run_split(&query, &options.limits, &mut sink, split)?;
    if let Some(error) = invalid {
        return Err(SolveError::InvalidSolution {
            formulation: Formulation::Mip,
            error,
        });
    }
    let report = SolveReport {
        formulation: Formulation::Mip,
        count,
        exhaustive: stats.halt == Some(Halt::Exhausted),
        solutions,
        stats,
    };
    Ok((report, mip, split_stats))
}
