//! The propagation search core that every use shares: solve, count, enumerate, generate, check.
//!
//! Candidates are one `u64` bitset per cell. Propagation removes a placed digit from its peers
//! (naked singles), places a digit that has one home left in a unit (hidden singles), applies
//! box/line interactions and, on large grids, the all-different matching rule; search
//! branches on a cell with the fewest candidates or a digit with two places. The search is an
//! explicit stack, so it can hand out solutions one at a time as an iterator and stop anywhere.

use super::alldiff::{AllDiff, Pruned};
use super::grid::{Digit, Grid, Layout, Pos, Size};
use super::rng::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The smallest box size on which the search runs the all-different propagator: it cuts the
/// search for sparse 25x25 puzzles 4-18x, while on 16x16 generation it costs more than it saves
/// (34-43 ms against 23 ms median). Random order, which fills empty grids, leaves it off: there
/// it slowed 36x36 and 49x49 grids 2-3x.
const ALLDIFF_FROM_BOX: usize = 5;

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
}

struct Frame {
    data: Vec<u64>,
    branch: Branch,
}

/// A resumable depth-first search over one start; yields solutions one at a time.
pub struct Searcher {
    layout: &'static Layout,
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
    halt: Option<Halt>,
}

impl Searcher {
    pub fn new(start: &Start, order: Order, limits: Limits) -> Searcher {
        let size = start.size;
        let layout = size.layout();
        let cells = size.cells();
        let units = layout.units.len();
        let alldiff = size.box_size() >= ALLDIFF_FROM_BOX && !matches!(order, Order::Random(_));
        // Layout of a state: candidates per cell, digits placed per unit, unplaced-cell count.
        let mut data = vec![0u64; cells + units + 1];
        data[..cells].copy_from_slice(&start.cand);
        data[cells + units] = cells as u64;
        Searcher {
            layout,
            cells,
            all: size.all_digits().0,
            order,
            limits,
            stack: Vec::new(),
            pool: Vec::new(),
            queue: Vec::with_capacity(cells),
            root: Some(data),
            values: vec![0; cells],
            dirty: vec![0; units.div_ceil(64)],
            unmatched: vec![0; units.div_ceil(64)],
            bands: [0; 2],
            alldiff: alldiff.then(Box::default),
            doms: Vec::with_capacity(size.side()),
            segments: Vec::with_capacity(cells),
            stats: SearchStats::default(),
            halt: None,
        }
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Why the search stopped, once it has.
    pub fn halt(&self) -> Option<Halt> {
        self.halt
    }

    /// The next solution, or `None` when the search is exhausted or a limit stopped it.
    pub fn next_solution(&mut self) -> Option<&[u8]> {
        if self.halt.is_some() {
            return None;
        }
        if let Some(mut data) = self.root.take() {
            self.stats.nodes += 1;
            self.prepare_root(&data);
            if self.propagate(&mut data) && self.enter(data) {
                return Some(&self.values);
            }
        }
        loop {
            let Some(top) = self.stack.last_mut() else {
                self.halt = Some(Halt::Exhausted);
                return None;
            };
            let exhausted = match top.branch {
                Branch::Digits { remaining, .. } => remaining == 0,
                Branch::Cells { left, .. } => left == 0,
            };
            if exhausted {
                let frame = self.stack.pop().expect("non-empty");
                self.pool.push(frame.data);
                continue;
            }
            if let Some(h) = self.limits.reached(self.stats.nodes) {
                self.halt = Some(h);
                return None;
            }
            let top = self.stack.last_mut().expect("non-empty");
            let (cell, bit) = match &mut top.branch {
                Branch::Digits { cell, remaining } => {
                    let bit = match &mut self.order {
                        Order::Natural => *remaining & remaining.wrapping_neg(),
                        Order::Random(rng) => rng.pick_bit(*remaining),
                        Order::Guided(hint) => {
                            let h = (1u64 << hint[*cell]) >> 1;
                            if *remaining & h != 0 {
                                h
                            } else {
                                *remaining & remaining.wrapping_neg()
                            }
                        }
                    };
                    *remaining &= !bit;
                    (*cell, bit)
                }
                Branch::Cells { bit, cells, left } => {
                    *left -= 1;
                    (cells[*left as usize], *bit)
                }
            };
            let mut child = self.pool.pop().unwrap_or_default();
            child.clear();
            child.extend_from_slice(&top.data);
            child[cell] = bit;
            self.stats.nodes += 1;
            self.queue.clear();
            self.clear_dirty();
            self.queue.push(cell);
            if self.propagate(&mut child) {
                if self.enter(child) {
                    return Some(&self.values);
                }
            } else {
                self.pool.push(child);
            }
        }
    }

    /// Queues every decided cell and marks every unit, band and stack for the first propagation.
    fn prepare_root(&mut self, data: &[u64]) {
        self.queue.clear();
        self.queue
            .extend((0..self.cells).filter(|&c| data[c].count_ones() <= 1));
        for u in 0..self.layout.units.len() {
            self.dirty[u / 64] |= 1 << (u % 64);
            self.unmatched[u / 64] |= 1 << (u % 64);
        }
        self.bands = [u64::MAX; 2];
    }

    /// Runs to the end or until the sink or a limit stops it.
    pub fn run(&mut self, sink: &mut dyn Sink) -> Halt {
        while let Some(values) = self.next_solution() {
            if sink.solution(values) == Flow::Stop {
                self.halt = Some(Halt::Sink);
                return Halt::Sink;
            }
        }
        self.halt.unwrap_or(Halt::Exhausted)
    }

    /// Takes a consistent, fully propagated state: records it as a solution (true) or pushes
    /// it as a new branch point (false).
    fn enter(&mut self, data: Vec<u64>) -> bool {
        let remaining = data[data.len() - 1];
        if remaining == 0 {
            for (v, &m) in self.values.iter_mut().zip(&data[..self.cells]) {
                *v = m.trailing_zeros() as u8 + 1;
            }
            self.pool.push(data);
            return true;
        }
        let branch = self.choose_branch(&data);
        self.stats.guesses += 1;
        self.stack.push(Frame { data, branch });
        false
    }

    /// Fewest alternatives first: a cell with two candidates, else a digit with two places
    /// left in some unit (binary either way), else the cell with fewest candidates. Branching
    /// on digits as well as cells is what keeps large grids (25x25 and up) tractable.
    fn choose_branch(&mut self, data: &[u64]) -> Branch {
        let cell = self.choose_cell(data);
        if data[cell].count_ones() > 2
            && let Some(branch) = self.digit_pair(data)
        {
            return branch;
        }
        Branch::Digits {
            cell,
            remaining: data[cell],
        }
    }

    /// A unit and digit with exactly two possible cells, if any.
    fn digit_pair(&mut self, data: &[u64]) -> Option<Branch> {
        let placed_at = self.cells;
        for (u, unit) in self.layout.units.iter().enumerate() {
            let placed = data[placed_at + u];
            if placed == self.all {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
            for &c in unit {
                let m = data[c];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let pairs = twice & !thrice & !placed;
            if pairs == 0 {
                continue;
            }
            let bit = match &mut self.order {
                Order::Natural | Order::Guided(_) => pairs & pairs.wrapping_neg(),
                Order::Random(rng) => rng.pick_bit(pairs),
            };
            let mut found = unit.iter().copied().filter(|&c| data[c] & bit != 0);
            let mut cells = [found.next()?, found.next()?];
            // `cells[1]` is tried first, so the hinted cell goes there.
            if let Order::Guided(hint) = &self.order
                && (1u64 << hint[cells[0]]) >> 1 == bit
            {
                cells.swap(0, 1);
            }
            return Some(Branch::Cells {
                bit,
                cells,
                left: 2,
            });
        }
        None
    }

    /// A cell with the fewest candidates. Natural order breaks ties, over every tied cell, by
    /// the peers a guess there narrows, weighted by 1/k^3 for a peer with k candidates (a guess
    /// next to nearly decided cells propagates furthest; this weight measured 4x fewer nodes
    /// than plain counts on 16x16 generation). Scoring every tie rather than the first 16 made
    /// 25x25 generation up to 3.3x faster (BENCHMARKS.md). Random order breaks ties at random.
    fn choose_cell(&mut self, data: &[u64]) -> usize {
        let layout = self.layout;
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        let mut best_score = 0u32;
        let mut ties = 0usize;
        for (c, &m) in data[..self.cells].iter().enumerate() {
            let k = m.count_ones();
            if k < 2 || k > best_count {
                continue;
            }
            if k < best_count {
                best_count = k;
                ties = 0;
            }
            ties += 1;
            match &mut self.order {
                Order::Natural | Order::Guided(_) => {
                    let score = layout.peers[c]
                        .iter()
                        .map(|&p| {
                            let q = data[p];
                            if q & m == 0 {
                                0
                            } else {
                                4096 / q.count_ones().pow(3)
                            }
                        })
                        .sum();
                    if ties == 1 || score > best_score {
                        best = c;
                        best_score = score;
                    }
                }
                Order::Random(rng) => {
                    if ties == 1 || rng.below(ties) == 0 {
                        best = c;
                    }
                }
            }
        }
        best
    }

    /// Propagates to a fixed point: naked singles from the queue, hidden singles in units that
    /// changed, then locked candidates (box/line interactions), then, where enabled, the
    /// all-different matching rule; each rule runs only once the cheaper ones are done.
    /// False on contradiction.
    fn propagate(&mut self, d: &mut [u64]) -> bool {
        let layout = self.layout;
        let cells = self.cells;
        let placed_at = cells;
        let rem_at = d.len() - 1;
        loop {
            while let Some(cell) = self.queue.pop() {
                let m = d[cell];
                if m == 0 {
                    return false;
                }
                for &u in &layout.units_of[cell] {
                    if d[placed_at + u] & m != 0 {
                        return false;
                    }
                    d[placed_at + u] |= m;
                    self.dirty[u / 64] |= 1 << (u % 64);
                    self.unmatched[u / 64] |= 1 << (u % 64);
                }
                d[rem_at] -= 1;
                self.mark_bands(cell);
                let mut changed = false;
                for &p in &layout.peers[cell] {
                    if !self.eliminate(d, p, m, &mut changed) {
                        return false;
                    }
                }
            }
            if d[rem_at] == 0 {
                self.clear_dirty();
                return true;
            }
            if !self.hidden_singles(d) {
                return false;
            }
            if !self.queue.is_empty() {
                continue;
            }
            match self.locked_candidates(d) {
                Pruned::Infeasible => return false,
                Pruned::Narrowed => continue,
                Pruned::Unchanged => {}
            }
            match self.all_different(d) {
                Pruned::Infeasible => return false,
                Pruned::Unchanged => return true,
                Pruned::Narrowed => {}
            }
        }
    }

    fn mark_dirty(&mut self, cell: usize) {
        for &u in &self.layout.units_of[cell] {
            self.dirty[u / 64] |= 1 << (u % 64);
            self.unmatched[u / 64] |= 1 << (u % 64);
        }
        self.mark_bands(cell);
    }

    fn mark_bands(&mut self, cell: usize) {
        let side = self.layout.size.side();
        let n = self.layout.size.box_size();
        self.bands[0] |= 1 << (cell / side / n);
        self.bands[1] |= 1 << (cell % side / n);
    }

    fn clear_dirty(&mut self) {
        self.dirty.iter_mut().for_each(|w| *w = 0);
        self.unmatched.iter_mut().for_each(|w| *w = 0);
        self.bands = [0; 2];
    }

    /// All-different on each changed unit (see [`AllDiff`]), when enabled. Runs after the
    /// cheaper rules are at a fixed point, so placed digits are gone from open cells (except
    /// singles found by this pass, which [`AllDiff::prune`] tolerates).
    fn all_different(&mut self, d: &mut [u64]) -> Pruned {
        // Taken out for the call, so the propagator and `&mut self` can be borrowed together.
        let Some(mut alldiff) = self.alldiff.take() else {
            return Pruned::Unchanged;
        };
        let result = self.all_different_with(&mut alldiff, d);
        self.alldiff = Some(alldiff);
        result
    }

    fn all_different_with(&mut self, alldiff: &mut AllDiff, d: &mut [u64]) -> Pruned {
        let layout = self.layout;
        let placed_at = self.cells;
        let mut changed = false;
        for w in 0..self.unmatched.len() {
            while self.unmatched[w] != 0 {
                let u = w * 64 + self.unmatched[w].trailing_zeros() as usize;
                self.unmatched[w] &= self.unmatched[w] - 1;
                if d[placed_at + u] == self.all {
                    continue;
                }
                let unit = &layout.units[u];
                self.doms.clear();
                self.doms
                    .extend(unit.iter().map(|&c| d[c]).filter(|m| m.count_ones() > 1));
                match alldiff.prune(&mut self.doms) {
                    Pruned::Infeasible => return Pruned::Infeasible,
                    Pruned::Unchanged => continue,
                    Pruned::Narrowed => {}
                }
                let mut open = 0;
                for &c in unit {
                    let m = d[c];
                    if m.count_ones() < 2 {
                        continue;
                    }
                    let keep = self.doms[open];
                    open += 1;
                    if !self.eliminate(d, c, m & !keep, &mut changed) {
                        return Pruned::Infeasible;
                    }
                }
                // The unit itself is consistent now; only its cells' other units changed.
                self.unmatched[u / 64] &= !(1 << (u % 64));
            }
        }
        Pruned::from_changed(changed)
    }

    /// Places every digit that has one cell left in a changed unit. False on contradiction.
    fn hidden_singles(&mut self, d: &mut [u64]) -> bool {
        let layout = self.layout;
        let placed_at = self.cells;
        for w in 0..self.dirty.len() {
            while self.dirty[w] != 0 {
                let u = w * 64 + self.dirty[w].trailing_zeros() as usize;
                self.dirty[w] &= self.dirty[w] - 1;
                let placed = d[placed_at + u];
                if placed == self.all {
                    continue;
                }
                let unit = &layout.units[u];
                let (mut once, mut twice) = (0u64, 0u64);
                for &c in unit {
                    let m = d[c];
                    twice |= once & m;
                    once |= m;
                }
                if once != self.all {
                    return false;
                }
                let mut hidden = once & !twice & !placed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let Some(&c) = unit.iter().find(|&&c| d[c] & bit != 0) else {
                        return false;
                    };
                    if d[c] != bit {
                        d[c] = bit;
                        self.queue.push(c);
                    }
                }
            }
        }
        true
    }

    /// Box/line interactions: a digit confined to one line within a box leaves the rest of the
    /// line, and one confined to one box within a line leaves the rest of the box. Only bands
    /// and stacks that changed since their last scan are scanned.
    fn locked_candidates(&mut self, d: &mut [u64]) -> Pruned {
        let n = self.layout.size.box_size();
        let side = n * n;
        if n < 2 {
            return Pruned::Unchanged;
        }
        let mut changed = false;
        // Orientation 0: row segments (row r, box column b); 1: column segments (col c, box row b).
        for orient in 0..2 {
            let at = |line: usize, k: usize| {
                if orient == 0 {
                    line * side + k
                } else {
                    k * side + line
                }
            };
            let bands = std::mem::take(&mut self.bands[orient]);
            self.segments.clear();
            self.segments.resize(side * n, 0);
            let lines = || (0..side).filter(|line| bands & (1 << (line / n)) != 0);
            for line in lines() {
                for b in 0..n {
                    let mut m = 0;
                    for k in b * n..b * n + n {
                        m |= d[at(line, k)];
                    }
                    self.segments[line * n + b] = m;
                }
            }
            // Digits in at least one and at least two segments of each line and of each box
            // of a band: the digits in the *other* segments of a line are then
            // `(once & !seg) | twice`, found without a pass over the others.
            let (mut line_once, mut line_twice) = ([0u64; 49], [0u64; 49]);
            let (mut box_once, mut box_twice) = ([0u64; 49], [0u64; 49]);
            for line in lines() {
                let band = line / n;
                for b in 0..n {
                    let seg = self.segments[line * n + b];
                    line_twice[line] |= line_once[line] & seg;
                    line_once[line] |= seg;
                    let bx = band * n + b;
                    box_twice[bx] |= box_once[bx] & seg;
                    box_once[bx] |= seg;
                }
            }
            for line in lines() {
                let band = line / n * n;
                for b in 0..n {
                    let seg = self.segments[line * n + b];
                    let line_rest = (line_once[line] & !seg) | line_twice[line];
                    let bx = band + b;
                    let box_rest = (box_once[bx] & !seg) | box_twice[bx];
                    let pointing = seg & !box_rest & line_rest;
                    if pointing != 0 {
                        for k in (0..side).filter(|k| k / n != b) {
                            if !self.eliminate(d, at(line, k), pointing, &mut changed) {
                                return Pruned::Infeasible;
                            }
                        }
                    }
                    let claiming = seg & !line_rest & box_rest;
                    if claiming != 0 {
                        for ol in (band..band + n).filter(|&ol| ol != line) {
                            for k in b * n..b * n + n {
                                if !self.eliminate(d, at(ol, k), claiming, &mut changed) {
                                    return Pruned::Infeasible;
                                }
                            }
                        }
                    }
                }
            }
        }
        Pruned::from_changed(changed)
    }

    /// Removes `mask` from a cell's candidates; queues it if it became single. False if empty.
    fn eliminate(&mut self, d: &mut [u64], cell: usize, mask: u64, changed: &mut bool) -> bool {
        let m = d[cell];
        if m & mask == 0 {
            return true;
        }
        let nm = m & !mask;
        if nm == 0 {
            return false;
        }
        d[cell] = nm;
        *changed = true;
        self.mark_dirty(cell);
        if nm & (nm - 1) == 0 {
            self.queue.push(cell);
        }
        true
    }
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
