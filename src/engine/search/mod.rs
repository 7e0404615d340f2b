//! The propagation search core that every use shares: solve, count, enumerate, generate, check.
//!
//! Candidates are one `u64` bitset per cell. Propagation removes a placed digit from its peers
//! (naked singles), places a digit that has one home left in a unit (hidden singles), applies
//! box/line interactions and, on large grids, the all-different matching rule; search
//! branches on a cell with the fewest candidates or a digit with two places. The search is an
//! explicit stack, so it can hand out solutions one at a time as an iterator and stop anywhere.

mod branch;
pub mod cubes;
mod learn;
pub mod portfolio;
pub mod probe;
mod propagate;
pub mod restart;
pub mod rule;
mod searcher;
mod tables;

use super::alldiff::AllDiff;
use super::grid::{Digit, Grid, Layout, Pos, Size};
use super::rng::Rng;
use learn::{Lit, Nogoods};
use probe::{Choice, Probing};
use restart::RestartPolicy;
use rule::Rule;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tables::Peers;

/// What a sink wants after seeing a solution.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Receives solutions as row-major digit values (`1..=side`, every cell set).
pub trait Sink {
    fn solution(&mut self, values: &[u8]) -> Flow;
}

impl<F: FnMut(&[u8]) -> Flow> Sink for F {
    fn solution(&mut self, values: &[u8]) -> Flow {
        self(values)
    }
}

/// A shared flag that asks a running search to stop; cheap to clone across threads.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Why a search stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Halt {
    /// The whole space was searched: the solutions seen are all there are.
    Exhausted,
    /// The sink asked to stop (it had enough solutions).
    Sink,
    NodeLimit,
    Cancelled,
}

/// Effort counters of the propagation search.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Search states propagated, the root included.
    pub nodes: u64,
    /// Branch points: cells where the search had to guess.
    pub guesses: u64,
    /// Times the search started over from the root (keeping what it had proved).
    #[serde(default)]
    pub restarts: u64,
}

/// Initial candidates of a search: a grid's digits, optionally narrowed further.
#[derive(Clone, Debug)]
pub struct Start {
    size: Size,
    cand: Vec<u64>,
}

impl Start {
    /// Every digit in the grid (given or filled) is fixed; other cells may take any digit.
    pub fn from_grid(grid: &Grid) -> Start {
        let all = grid.size().all_digits().0;
        Start {
            size: grid.size(),
            cand: grid
                .entries()
                .iter()
                .map(|e| e.digit().map_or(all, |d| 1 << d.index()))
                .collect(),
        }
    }

    /// Removes one candidate from a cell (e.g. "this clue must differ").
    pub fn forbid(&mut self, p: Pos, d: Digit) {
        self.cand[p.index(self.size)] &= !(1 << d.index());
    }

    pub fn size(&self) -> Size {
        self.size
    }
}

/// How the search orders its branches.
#[derive(Clone, Debug, Default)]
pub enum Order {
    /// Lowest digit first; among the cells with fewest candidates, the one whose guess narrows
    /// its peers most (or a digit with two places, see `choose_branch`). Deterministic.
    #[default]
    Natural,
    /// Random digit order and random tie breaks, for generating grids.
    Random(Rng),
    /// Each cell tries the digit of a known grid first (row-major values, `0` for none): near
    /// a known solution, another one is found in far fewer nodes. Otherwise natural order in
    /// the generic core; the 9x9 fast path takes the first tied cell. Build it with
    /// [`Order::guided`].
    Guided(Hint),
}

/// A known grid's values, one per cell, each `0..=side`: made only by [`Order::guided`], so
/// the searches can index by cell and shift by value without checks.
#[derive(Clone, Debug)]
pub struct Hint(Arc<[u8]>);

impl std::ops::Index<usize> for Hint {
    type Output = u8;
    fn index(&self, cell: usize) -> &u8 {
        &self.0[cell]
    }
}

impl Order {
    /// A guided order for a grid of `size`: natural order if `hint` does not have one value per
    /// cell; values out of range count as none.
    pub fn guided(hint: &[u8], size: Size) -> Order {
        if hint.len() != size.cells() {
            return Order::Natural;
        }
        let side = size.side() as u8;
        Order::Guided(Hint(
            hint.iter().map(|&v| if v > side { 0 } else { v }).collect(),
        ))
    }
}

/// Bounds on a search besides the sink's own wishes.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub cancel: Option<Cancel>,
}

impl Limits {
    /// Whether a search that has spent `nodes` must stop, and why. The cancel flag, shared
    /// with other threads, is read every 256 nodes only: it is off the hot path.
    pub fn reached(&self, nodes: u64) -> Option<Halt> {
        if self.max_nodes.is_some_and(|m| nodes >= m) {
            return Some(Halt::NodeLimit);
        }
        if nodes.is_multiple_of(256) && self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Some(Halt::Cancelled);
        }
        None
    }
}

/// The alternatives left at a branch point.
enum Branch {
    /// The digits (bits) still to try in one cell.
    Digits { cell: usize, remaining: u64 },
    /// The cells still to try for one digit of a unit (it has two places left).
    Cells {
        bit: u64,
        cells: [usize; 2],
        left: u8,
    },
    /// The places (positions in the unit) still to try for one digit of a unit.
    Places {
        bit: u64,
        unit: usize,
        remaining: u64,
    },
}

struct Frame {
    data: Vec<u64>,
    branch: Branch,
    /// The decision that led here from the frame below (none at the root).
    decision: Option<Lit>,
}

/// A resumable depth-first search over one start; yields solutions one at a time.
pub struct Searcher {
    layout: &'static Layout,
    peers: &'static Peers,
    cells: usize,
    all: u64,
    order: Order,
    limits: Limits,
    stack: Vec<Frame>,
    pool: Vec<Vec<u64>>,
    queue: Vec<usize>,
    root: Option<Vec<u64>>,
    values: Vec<u8>,
    /// Units whose cells changed since their last hidden-single scan, one bit each.
    dirty: Vec<u64>,
    /// Units whose cells changed since their last all-different check, one bit each.
    unmatched: Vec<u64>,
    /// Bands (row groups) and stacks (column groups) changed since their last box/line scan.
    bands: [u64; 2],
    /// The all-different propagator, on grids large enough to repay it.
    alldiff: Option<Box<AllDiff>>,
    doms: Vec<u64>,
    segments: Vec<u64>,
    stats: SearchStats,
    /// The fewest open cells of any consistent state the search has entered.
    fewest_open: u64,
    halt: Option<Halt>,
    /// The start state, narrowed by the one-literal nogoods; each run begins from it.
    initial: Vec<u64>,
    restart: Box<dyn RestartPolicy>,
    /// The node budget of the current run, and the nodes it has spent.
    cutoff: Option<u64>,
    run_nodes: u64,
    nogoods: Option<Box<Nogoods>>,
    /// Literals the nogoods forbid, found while propagating one placement.
    forced: Vec<Lit>,
    /// Conflict weights per unit (dom/wdeg): failures blamed on each unit, plus one.
    weights: Vec<u64>,
    /// Tie breaks and digit order of restarted runs.
    rng: Rng,
    /// The branching rule of the current run, and the rules a cycling search takes in turn.
    rule: Rule,
    rules: Vec<Rule>,
    /// Where nodes are probed (none by default), the literals probed so far, and the
    /// probing's scratch: the node's binary choices and the states of a choice's two sides.
    probing: Option<Probing>,
    probes: u64,
    /// The look-ahead's choice at the node just probed.
    lookahead: Option<Choice>,
    choices: Vec<Choice>,
    sides: (Vec<u64>, Vec<u64>),
}

/// Solutions of a start, lazily, as grids that keep the puzzle's givens.
pub struct Solutions {
    searcher: Searcher,
    puzzle: Grid,
}

impl Solutions {
    pub fn new(puzzle: &Grid, limits: Limits) -> Solutions {
        Solutions {
            searcher: Searcher::new(&Start::from_grid(puzzle), Order::Natural, limits),
            puzzle: puzzle.clone(),
        }
    }

    pub fn stats(&self) -> SearchStats {
        self.searcher.stats()
    }

    pub fn halt(&self) -> Option<Halt> {
        self.searcher.halt()
    }
}

impl Iterator for Solutions {
    type Item = Grid;
    fn next(&mut self) -> Option<Grid> {
        let values = self.searcher.next_solution()?;
        Some(self.puzzle.with_solution(values))
    }
}
