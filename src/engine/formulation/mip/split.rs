//! The branch and bound on several threads (natively): the search split into cubes, parts that
//! are disjoint and together cover it, each searched by its own tree on one of the threads.
//!
//! A cube is the puzzle with extra givens (and, for parts handed away, pairs ruled out). The
//! row a root branches on ([`Tree::root_split`]) is a set-partitioning row: every solution sets
//! exactly one of its open members to 1, so one cube per open member ("this cell holds this
//! digit") covers the root's search and no two share a solution (members the root's probing
//! fixed at 0 are in no solution and get no cube). Cubes are split the same way by their own
//! root's row (probed, its LP not solved), breadth first from one queue, until there are
//! [`Split::cubes`]; those are searched by the one-thread search, each with its own model,
//! presolve, probing, LP and clauses, taken from the queue in the order the splitting made
//! them. A cube whose root is decided is searched as it is.
//!
//! Cubes differ in size by orders of magnitude, so a thread that finds the queue empty asks the
//! searching ones for work: at its next node such a tree hands away the part beside its
//! decision just above its floor ([`Tree::give_away`]: that level's fixings, the decision ruled
//! out) and keeps the decision's subtree. The part handed away leaves out what the donor's
//! clauses had pruned, where only solutions it had already returned can lie; those come again
//! and are fed to the sink once.
//!
//! Solutions reach the caller's sink on the calling thread; once it stops, or the caller
//! cancels, every thread stops. "No solution" and a count are proofs: every part was exhausted.
//! What each part costs on its own (its root, no clauses shared with other parts) is the price
//! of the threads (BENCHMARKS.md, "MIP and SAT": "The branch and bound on every core").

use super::bnb::Outcome;
use super::bnb::Tree;
use super::model::Model;
use super::stats::MipStats;
use super::{Query, SolveError, Stats, stats_of};
use crate::engine::check::check_values;
use crate::engine::formulation::{Formulation, SolveOptions, SolveReport};
use crate::engine::grid::{Digit, Entry, Grid, Pos};
use crate::engine::search::{Cancel, Flow, Halt, Limits, Sink};
use std::collections::{HashSet, VecDeque};
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
    /// Parts searching trees handed away to idle threads.
    pub handed_away: u64,
    /// Per thread, the seconds spent splitting and searching cubes.
    pub busy: Vec<f64>,
    /// Seconds from the start to the answer.
    pub wall: f64,
}

/// A part of the search: the puzzle with these cells given these digits, and these pairs
/// `(cell, digit index)` ruled out.
#[derive(Clone, Default)]
struct Cube {
    givens: Vec<(usize, u8)>,
    excluded: Vec<(usize, usize)>,
}

/// The cubes waiting, how many trees being split may still add to them, how many cubes are
/// being searched, and how many cubes the splitting has made, less those split.
struct Queue {
    cubes: VecDeque<(Cube, u32)>,
    splitting: usize,
    searching: usize,
    made: usize,
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
    HandedAway,
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
    if limits.max_nodes.is_some() || (split.cubes <= 1 && split.threads <= 1) {
        let (stats, mip) = super::run_detailed(query, limits, sink)?;
        return Ok((stats, mip, SplitStats::default()));
    }
    let start = Instant::now();
    let stop = Cancel::new();
    let queue = Mutex::new(Queue {
        cubes: VecDeque::from([(Cube::default(), 0)]),
        splitting: 0,
        searching: 0,
        made: 1,
    });
    let ready = Condvar::new();
    let threads = split.threads.max(1);
    let pauses: Vec<Mutex<Option<Cancel>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    // Parts handed away may hold solutions their donor returned before: each is fed once.
    let mut seen = HashSet::new();
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
        for index in 0..threads {
            let tx = tx.clone();
            let worker = Worker {
                query,
                cubes: split.cubes,
                queue: &queue,
                ready: &ready,
                stop: &stop,
                pauses: &pauses,
                index,
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
                    if seen.insert(values.clone()) && sink.solution(&values) == Flow::Stop {
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
                Ok(Report::HandedAway) => split_stats.handed_away += 1,
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
    /// Each thread's pause flag while it searches a cube: an idle thread raises the others'
    /// to have them hand away part of their search.
    pauses: &'a [Mutex<Option<Cancel>>],
    index: usize,
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
                    self.ready.notify_all();
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
                let split = queue.made < self.cubes;
                match split {
                    true => queue.splitting += 1,
                    false => queue.searching += 1,
                }
                return Some((cube, depth, split));
            }
            if queue.splitting == 0 && queue.searching == 0 {
                return None;
            }
            if queue.splitting == 0 {
                for (i, pause) in self.pauses.iter().enumerate() {
                    let pause = pause.lock().expect("no thread panics holding a flag");
                    if let Some(flag) = pause.as_ref().filter(|_| i != self.index) {
                        flag.cancel();
                    }
                }
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
            // The cells of a part handed away that its donor's model had substituted out.
            if grid.entries()[cell] != Entry::Empty {
                continue;
            }
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
        let m = Model::excluding(&query, &cube.excluded);
        let mut built = match split {
            true => Tree::unsolved(&m, &limits),
            false => Tree::new(&m, &limits),
        };
        let children = match (&built, split) {
            (Ok(tree), true) => tree.root_split(),
            _ => None,
        };
        if split {
            let mut queue = self
                .queue
                .lock()
                .expect("no thread panics holding the queue");
            if let Some(members) = &children {
                queue.made += members.len();
                queue.made -= 1;
            }
            for &x in children.iter().flatten() {
                let (cell, d) = m.vars[x as usize];
                let mut child = cube.clone();
                child.givens.push((cell, (d + 1) as u8));
                queue.cubes.push_back((child, depth.saturating_add(1)));
            }
            queue.splitting -= 1;
            // A cube its root decides is searched here after all.
            queue.searching += usize::from(children.is_none());
            self.ready.notify_all();
        }
        if split {
            let tree = built?;
            if children.is_some() {
                let _ = self.tx.send(Report::Split {
                    stats: tree.stats,
                    root: depth == 0,
                });
                return Ok(false);
            }
            // Its root decided, the cube is searched by a tree whose root LP is solved.
            built = Tree::new(&m, &limits);
        }
        let tree = built?;
        let (halt, stats) = self.search(&m, cube, tree, &limits)?;
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

    /// Searches a cube's tree, sending its solutions; when the pause flag is raised (an idle
    /// thread asked), hands away the part beside the decision above the tree's floor as a new
    /// cube and goes on.
    fn search(
        &self,
        m: &Model,
        cube: &Cube,
        mut tree: Tree,
        limits: &Limits,
    ) -> Result<(Halt, MipStats), SolveError> {
        let pause = |flag: Option<Cancel>| {
            *self.pauses[self.index]
                .lock()
                .expect("no thread panics holding a flag") = flag.clone();
            flag
        };
        tree.set_pause(pause(Some(Cancel::new())));
        let mut values = m.givens.clone();
        let halt = loop {
            let ones = match tree.optimise(limits, Some(0))? {
                Outcome::Exhausted => break Halt::Exhausted,
                Outcome::Halted(_) if self.stop.is_cancelled() => break Halt::Cancelled,
                Outcome::Halted(Halt::Cancelled) => {
                    if let Some(part) = tree.give_away() {
                        self.hand_away(m, cube, part);
                    }
                    tree.set_pause(pause(Some(Cancel::new())));
                    continue;
                }
                Outcome::Halted(halt) => break halt,
                Outcome::Optimum { used: 0, ones } => ones,
                // A forbidden pair used: no solution avoiding them is left.
                Outcome::Optimum { .. } => break Halt::Exhausted,
            };
            values.copy_from_slice(&m.givens);
            for &x in &ones {
                let (cell, d) = m.vars[x as usize];
                values[cell] = (d + 1) as u8;
            }
            let _ = self.tx.send(Report::Solution(values.clone()));
            tree.exclude(&ones);
        };
        pause(None);
        Ok((halt, tree.stats))
    }

    /// Queues the part a tree handed away: the cube with the floor level's fixings, less the
    /// decision above it.
    fn hand_away(&self, m: &Model, cube: &Cube, (ones, zeros, decided): (Vec<u32>, Vec<u32>, u32)) {
        let mut part = cube.clone();
        for x in ones {
            let (cell, d) = m.vars[x as usize];
            part.givens.push((cell, (d + 1) as u8));
        }
        part.excluded
            .extend(zeros.iter().chain([&decided]).map(|&x| m.vars[x as usize]));
        let mut queue = self
            .queue
            .lock()
            .expect("no thread panics holding the queue");
        queue.made += 1;
        queue.cubes.push_back((part, u32::MAX));
        self.ready.notify_all();
        let _ = self.tx.send(Report::HandedAway);
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
