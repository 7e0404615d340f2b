//! Cube-and-conquer for the propagation and CDCL searches (natively): the puzzle split into
//! cubes, parts that are disjoint and together cover its search, each conquered by the
//! formulation's one-thread search on one of several threads.
//!
//! A cube is the puzzle with extra givens, and candidates ruled out. The splitting propagates
//! a cube's root as the propagation search does and makes one cube per alternative of the
//! branch point the search would take there ([`Start::root`]); a cube the root refutes is
//! dropped. Cubes are split breadth first from one queue until there are [`Split::cubes`], or
//! by look-ahead on every thread ([`ranked`]), then threads take them in that order, each
//! searching its cube for the solutions still wanted. Cubes differ in size by
//! orders of magnitude, so once the queue is empty and a thread idles, a cube searched for
//! longer than [`Split::hand_off`] is stopped and split again where it stands: its work is
//! lost, its children go to the front of the queue, and solutions it had already given are
//! not given again by them.
//!
//! Every solution passes the independent checker on the calling thread, which stops every
//! thread once enough are found or the caller cancels. "No solution", "unique" and a count are
//! proofs: every cube was exhausted.

mod ranked;

use super::sat::race::{self, Strength};
use super::{Formulation, Query, SolveError, SolveOptions, SolveReport, Stats, solve};
use crate::engine::check::check_values;
use crate::engine::grid::{Digit, Entry, Grid, Pos};
use crate::engine::search::cubes::Root;
use crate::engine::search::{Cancel, Flow, Halt, Limits, Start};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How often the calling thread looks at the caller's cancel flag.
const POLL: Duration = Duration::from_millis(20);

/// CDCL's settings for a cube: a slower VSIDS decay than varisat's default (0.95) keeps the
/// branching on the variables of older conflicts longer, which proves a cube's refutation in
/// less CPU time on the gecode 25x25 proofs (BENCHMARKS.md, "A slower VSIDS decay for the
/// cubes' CDCL").
const CONQUER: Strength = Strength {
    vsids_decay: Some(0.99),
    segments: false,
    luby_unit: None,
    shuffle: None,
    prune: false,
    phase: None,
};

/// How a search is split.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// Threads conquering cubes.
    pub threads: usize,
    /// Cubes to split into at least, breadth first (a branch point's alternatives may pass
    /// it); 1 or less searches the puzzle as one cube.
    pub cubes: usize,
    /// How long a cube must have been searched before it is split again for an idle thread;
    /// `None` searches each cube to its end.
    pub hand_off: Option<Duration>,
    /// Whether cubes are split by look-ahead ([`ranked`]: each cube's root probed, the largest
    /// search space split first, on the choice whose sides narrow most) rather than breadth
    /// first at the branch points of the search.
    pub lookahead: bool,
}

/// One cube conquered: its extra givens, nodes (propagation), seconds and halt (`Cancelled`
/// for one split again), when it was taken (seconds from the start of the run) and how many
/// new solutions it gave: what shows whether the threads ended together and which cube held
/// the solutions.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeStats {
    pub givens: usize,
    pub nodes: u64,
    pub seconds: f64,
    pub halt: Halt,
    pub started: f64,
    pub solutions: u64,
}

/// What the split made and how the threads spent the run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SplitStats {
    /// Cubes the first splitting made (refuted ones not counted).
    pub made: usize,
    /// Cubes whose root propagation refuted, in the first splitting and in re-splits.
    pub refuted: usize,
    /// Cubes split again for idle threads.
    pub resplits: u64,
    /// The cubes searched, in the order they finished.
    pub cubes: Vec<CubeStats>,
    /// Per thread, the seconds spent conquering.
    pub busy: Vec<f64>,
    /// Seconds spent splitting, before any cube was conquered.
    pub splitting: f64,
    /// Seconds from the start to the answer.
    pub wall: f64,
}

/// A part of the search: the puzzle with these placements `(cell, value)` added, and the
/// solutions given already by the partial searches of the cubes it was split from.
#[derive(Clone, Default)]
struct Cube {
    places: Vec<(usize, u8)>,
    given: Arc<Vec<Vec<u8>>>,
    /// Candidates of open cells that no solution of the cube takes (found by probing).
    forbid: Arc<Vec<(Pos, Digit)>>,
}

impl Cube {
    fn grid(&self, puzzle: &Grid) -> Grid {
        let size = puzzle.size();
        let mut grid = puzzle.clone();
        for &(cell, value) in &self.places {
            let d = Digit::new(u64::from(value), size.side()).expect("a candidate's value");
            grid.set(Pos::from_index(cell, size), Entry::Given(d));
        }
        grid
    }

    /// This cube's children at its root's branch point, or `None` when propagation refutes
    /// it; a cube propagation solves is its own only child.
    /// The cube's start: its grid without the candidates known to lead nowhere.
    fn start(&self, grid: &Grid) -> Start {
        let mut start = Start::from_grid(grid);
        for &(p, d) in self.forbid.iter() {
            start.forbid(p, d);
        }
        start
    }

    fn children(&self, puzzle: &Grid) -> Option<Vec<Cube>> {
        match self.start(&self.grid(puzzle)).root() {
            Root::Refuted => None,
            Root::Solved(_) => Some(vec![self.clone()]),
            Root::Branch(places) => Some(
                places
                    .into_iter()
                    .map(|p| Cube {
                        places: self.places.iter().copied().chain([p]).collect(),
                        given: self.given.clone(),
                        forbid: self.forbid.clone(),
                    })
                    .collect(),
            ),
        }
    }
}

/// The first splitting of `puzzle`, as `split` says: its cubes in the order threads take them
/// and how many were refuted.
fn split_first(
    puzzle: &Grid,
    split: &Split,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> (VecDeque<Cube>, usize) {
    if split.lookahead {
        ranked::split(puzzle, split.cubes, split.threads.max(1), cancelled)
    } else {
        split_into(puzzle, split.cubes)
    }
}

/// Splits the puzzle breadth first until there are `cubes` cubes or none can be split;
/// returns them in the order made and how many were refuted.
fn split_into(puzzle: &Grid, cubes: usize) -> (VecDeque<Cube>, usize) {
    let mut queue = VecDeque::from([Cube::default()]);
    let mut leaves = Vec::new();
    let mut refuted = 0;
    while queue.len() + leaves.len() < cubes {
        let Some(cube) = queue.pop_front() else {
            break;
        };
        match cube.children(puzzle) {
            None => refuted += 1,
            Some(children) if children.len() == 1 => leaves.extend(children),
            Some(children) => queue.extend(children),
        }
    }
    leaves.extend(queue);
    (leaves.into(), refuted)
}

/// The cubes waiting, the cube each thread searches (since when, and its own stop flag),
/// and how many threads wait for work.
struct Queue {
    cubes: VecDeque<Cube>,
    running: Vec<Option<(Instant, Cancel)>>,
    idle: usize,
    refuted: usize,
    resplits: u64,
}

impl Queue {
    fn searching(&self) -> bool {
        self.running.iter().any(Option::is_some)
    }
}

/// What a thread tells the calling thread.
enum Report {
    Solution(Vec<u8>),
    Cube(CubeStats),
    Failed(SolveError),
    Busy(f64),
}

/// What the threads share.
struct Shared<'a> {
    puzzle: &'a Grid,
    formulation: Formulation,
    queue: Mutex<Queue>,
    ready: Condvar,
    stop: Cancel,
    /// Solutions given so far, and how many are wanted.
    found: AtomicU64,
    want: u64,
    hand_off: Option<Duration>,
    /// When the run began.
    began: Instant,
}

impl Shared<'_> {
    /// Stops every thread.
    fn halt(&self) {
        self.stop.cancel();
        let queue = self.queue.lock().expect("no thread panicked");
        for (_, cancel) in queue.running.iter().flatten() {
            cancel.cancel();
        }
        drop(queue);
        self.ready.notify_all();
    }

    /// Splits again the cube searched longest, if a thread idles with nothing queued and that
    /// cube has been searched for longer than the hand-off time.
    fn hand_off(&self) {
        let Some(after) = self.hand_off else {
            return;
        };
        let queue = self.queue.lock().expect("no thread panicked");
        if queue.idle == 0 || !queue.cubes.is_empty() {
            return;
        }
        let oldest = queue
            .running
            .iter()
            .flatten()
            .min_by_key(|(since, _)| *since);
        if let Some((since, cancel)) = oldest
            && since.elapsed() >= after
        {
            cancel.cancel();
        }
    }
}

/// Solves `puzzle` (its givens only) with the propagation or SAT formulation, as [`solve`]
/// does, with the search split into cubes on `split.threads` threads. Other formulations, and
/// a node budget over the whole search (`options.limits.max_nodes`), run as one search.
pub fn solve_split(
    puzzle: &Grid,
    formulation: Formulation,
    options: &SolveOptions,
    split: &Split,
) -> Result<(SolveReport, SplitStats), SolveError> {
    let supported = matches!(formulation, Formulation::Propagation | Formulation::Sat);
    if !supported || options.limits.max_nodes.is_some() {
        return Ok((solve(puzzle, formulation, options)?, SplitStats::default()));
    }
    let givens = puzzle.puzzle();
    if givens.size().box_size() > formulation.max_box() {
        return Err(SolveError::TooLarge {
            formulation,
            max_box: formulation.max_box(),
        });
    }
    let start = Instant::now();
    let cancelled = || {
        options
            .limits
            .cancel
            .as_ref()
            .is_some_and(Cancel::is_cancelled)
    };
    let (cubes, refuted) = split_first(&givens, split, &cancelled);
    let mut stats = SplitStats {
        made: cubes.len(),
        refuted,
        splitting: start.elapsed().as_secs_f64(),
        ..SplitStats::default()
    };
    let want = options.max_solutions.unwrap_or(u64::MAX);
    let shared = Shared {
        puzzle: &givens,
        formulation,
        queue: Mutex::new(Queue {
            cubes,
            running: vec![None; split.threads.max(1)],
            idle: 0,
            refuted: 0,
            resplits: 0,
        }),
        ready: Condvar::new(),
        stop: Cancel::new(),
        found: AtomicU64::new(0),
        want,
        hand_off: split.hand_off,
        began: start,
    };
    let (tx, rx) = mpsc::channel();
    let mut count = 0u64;
    let mut solutions = Vec::new();
    let mut failed = None;
    let mut complete = true;
    let mut nodes = 0u64;
    std::thread::scope(|scope| {
        for thread in 0..split.threads.max(1) {
            let tx = tx.clone();
            let shared = &shared;
            scope.spawn(move || conquer(shared, thread, &tx));
        }
        drop(tx);
        loop {
            if cancelled() && !shared.stop.is_cancelled() {
                shared.halt();
            }
            shared.hand_off();
            match rx.recv_timeout(POLL) {
                Ok(Report::Solution(values)) => {
                    if let Err(error) = check_values(&givens, &[], &values) {
                        failed.get_or_insert(SolveError::InvalidSolution { formulation, error });
                        shared.halt();
                        continue;
                    }
                    if count < want {
                        count += 1;
                        if solutions.len() < options.keep {
                            solutions.push(givens.with_solution(&values));
                        }
                    }
                    if count >= want && !shared.stop.is_cancelled() {
                        shared.halt();
                    }
                }
                Ok(Report::Cube(cube)) => {
                    nodes += cube.nodes;
                    // A cube split again is answered for by its children.
                    complete &= matches!(cube.halt, Halt::Exhausted | Halt::Cancelled);
                    stats.cubes.push(cube);
                }
                Ok(Report::Failed(error)) => {
                    failed.get_or_insert(error);
                    shared.halt();
                }
                Ok(Report::Busy(seconds)) => stats.busy.push(seconds),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    if let Some(error) = failed {
        return Err(error);
    }
    let queue = shared.queue.into_inner().expect("no thread panicked");
    stats.refuted += queue.refuted;
    stats.resplits = queue.resplits;
    stats.wall = start.elapsed().as_secs_f64();
    // Every cube exhausted (or split again, its children exhausted) and none left waiting.
    let stopped = shared.stop.is_cancelled();
    let exhaustive = complete && !stopped && count < want && queue.cubes.is_empty();
    let halt = match () {
        _ if exhaustive => Halt::Exhausted,
        _ if count >= want => Halt::Sink,
        _ => Halt::Cancelled,
    };
    let report = SolveReport {
        formulation,
        count,
        exhaustive,
        solutions,
        stats: Stats {
            nodes: (formulation == Formulation::Propagation).then_some(nodes),
            halt: Some(halt),
            ..Stats::default()
        },
    };
    Ok((report, stats))
}

/// Thread `thread`: takes cubes from the queue until it is empty and no cube being searched
/// can add more, or the search is stopped.
fn conquer(shared: &Shared, thread: usize, tx: &Sender<Report>) {
    let mut busy = 0.0;
    loop {
        let cube = {
            let mut queue = shared.queue.lock().expect("no thread panicked");
            let taken = loop {
                if shared.stop.is_cancelled() {
                    break None;
                }
                if let Some(cube) = queue.cubes.pop_front() {
                    queue.running[thread] = Some((Instant::now(), Cancel::new()));
                    break Some(cube);
                }
                if !queue.searching() {
                    break None;
                }
                queue.idle += 1;
                queue = shared.ready.wait(queue).expect("no thread panicked");
                queue.idle -= 1;
            };
            taken.map(|cube| {
                let (_, cancel) = queue.running[thread].clone().expect("just set");
                (cube, cancel)
            })
        };
        let Some((cube, cancel)) = cube else {
            break;
        };
        let began = Instant::now();
        let started = began.duration_since(shared.began).as_secs_f64();
        let result = search(shared, &cube, &cancel, tx);
        let seconds = began.elapsed().as_secs_f64();
        busy += seconds;
        let mut queue = shared.queue.lock().expect("no thread panicked");
        queue.running[thread] = None;
        match result {
            Ok(Searched {
                nodes,
                halt,
                given,
                new,
            }) => {
                let _ = tx.send(Report::Cube(CubeStats {
                    givens: cube.places.len(),
                    nodes,
                    seconds,
                    halt,
                    started,
                    solutions: new,
                }));
                if halt == Halt::Cancelled && !shared.stop.is_cancelled() {
                    queue.resplits += 1;
                    let parent = Cube {
                        places: cube.places,
                        given: Arc::new(given),
                        forbid: cube.forbid,
                    };
                    match parent.children(shared.puzzle) {
                        None => queue.refuted += 1,
                        Some(children) => {
                            for child in children.into_iter().rev() {
                                queue.cubes.push_front(child);
                            }
                        }
                    }
                }
            }
            Err(error) => {
                let _ = tx.send(Report::Failed(error));
                shared.stop.cancel();
            }
        }
        drop(queue);
        shared.ready.notify_all();
    }
    shared.ready.notify_all();
    let _ = tx.send(Report::Busy(busy));
}

/// How a cube's search ended.
struct Searched {
    /// Propagation nodes (none for CDCL).
    nodes: u64,
    /// `Cancelled`: to be split again, unless the whole search stopped.
    halt: Halt,
    /// The solutions given within the cube so far (its ancestors' included), which its
    /// children must not give again.
    given: Vec<Vec<u8>>,
    /// How many of those the cube gave itself.
    new: u64,
}

/// Searches one cube for the solutions still wanted until `cancel` (its own flag) is raised,
/// sending each new one.
fn search(
    shared: &Shared,
    cube: &Cube,
    cancel: &Cancel,
    tx: &Sender<Report>,
) -> Result<Searched, SolveError> {
    let grid = cube.grid(shared.puzzle);
    let query = Query {
        forbidden: &cube.forbid,
        ..Query::new(&grid)
    };
    let mut given: Vec<Vec<u8>> = cube.given.to_vec();
    let mut new = 0u64;
    let mut give = |values: &[u8]| -> Flow {
        if cube.given.iter().any(|g| g == values) {
            return Flow::Continue;
        }
        new += 1;
        let n = shared.found.fetch_add(1, Ordering::Relaxed) + 1;
        let _ = tx.send(Report::Solution(values.to_vec()));
        if shared.hand_off.is_some() {
            given.push(values.to_vec());
        }
        if n >= shared.want {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let (nodes, halt) = match shared.formulation {
        Formulation::Sat => {
            // Solutions given before the cube was split again come again and do not count.
            let left = shared.want - shared.found.load(Ordering::Relaxed).min(shared.want);
            let left = left.saturating_add(cube.given.len() as u64);
            let stop_at = usize::try_from(left).unwrap_or(usize::MAX);
            let (found, mut halt) = race::solutions(&query, CONQUER, stop_at, cancel);
            for values in &found {
                if give(values) == Flow::Stop {
                    halt = Halt::Sink;
                }
            }
            (0, halt)
        }
        _ => {
            let limits = Limits {
                max_nodes: None,
                cancel: Some(cancel.clone()),
            };
            let stats = shared.formulation.run(&query, &limits, &mut give)?;
            (
                stats.nodes.unwrap_or(0),
                stats.halt.unwrap_or(Halt::Exhausted),
            )
        }
    };
    Ok(Searched {
        nodes,
        halt,
        given,
        new,
    })
}
