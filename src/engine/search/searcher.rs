//! The search loop: a root state, then branch points on an explicit stack, each child
//! propagated before it is entered; runs restart from the root under a restart policy,
//! keeping what they proved as nogoods.

use super::learn::{Lit, Nogoods};
use super::restart::{Luby, Never, RestartPolicy};
use super::rule::{self, BranchCell, Rule};
use super::tables::Peers;
use super::{Branch, Flow, Frame, Halt, Limits, Order, SearchStats, Searcher, Sink, Start};
use crate::engine::rng::Rng;

/// The smallest box size on which the search runs the all-different propagator. From 25x25
/// on it cuts the search for sparse puzzles by far more than it costs; on 16x16 the cheaper
/// rules leave it too little to find, so generation pays for it without gain (BENCHMARKS.md).
/// Random order, which fills empty grids, leaves it off: there it slows the biggest grids.
const ALLDIFF_FROM_BOX: usize = 5;

/// The node budget unit of [`Searcher::restarting`]: large enough that the puzzles plain search
/// settles quickly never restart, so their search is the plain one.
const LUBY_UNIT: u64 = 512;

/// The most nogood literals kept (16 bytes each): past it the search stops restarting and
/// finishes its current run as a plain search, which stays complete, so a long count does not
/// fill memory with nogoods.
const NOGOOD_LITERALS: usize = 1 << 21;

/// Seed of the restarted runs' tie breaks: fixed, so a search is the same every time.
const RESTART_SEED: u64 = 0x0005_EED0_F2E5_7A27;

impl Searcher {
    /// The plain depth-first search. Restarts are not the default: on the peak-hard 36x36 and
    /// 49x49 instances they answered no more puzzles within the cap than the plain search
    /// (BENCHMARKS.md, "Peak-hard grids"), and they change the effort of every long search.
    pub fn new(start: &Start, order: Order, limits: Limits) -> Searcher {
        Searcher::with_restarts(start, order, limits, Box::new(Never))
    }

    /// A search with Luby restarts, nogoods and conflict-weighted branching after the first
    /// restart (not for random order, whose callers restart with fresh streams themselves).
    pub fn restarting(start: &Start, order: Order, limits: Limits) -> Searcher {
        let policy: Box<dyn RestartPolicy> = match order {
            Order::Random(_) => Box::new(Never),
            _ => Box::new(Luby { unit: LUBY_UNIT }),
        };
        Searcher::with_restarts(start, order, limits, policy)
    }

    /// A search that restarts as `policy` says, each run branching by the next rule of
    /// [`rule::CYCLE`] (the plain search's rule first) and keeping nogoods as every restarted
    /// search does. The rules fail on different puzzles, so taking turns bounds the worst of
    /// them by the best within the cost of the budgets spent on the others.
    pub fn cycling(
        start: &Start,
        order: Order,
        limits: Limits,
        policy: Box<dyn RestartPolicy>,
    ) -> Searcher {
        let policy: Box<dyn RestartPolicy> = match order {
            Order::Random(_) => Box::new(Never),
            _ => policy,
        };
        let mut searcher = Searcher::with_restarts(start, order, limits, policy);
        searcher.set_rules(&rule::CYCLE);
        searcher
    }

    /// A search that restarts as `policy` says ([`Never`] for the plain depth-first search).
    pub fn with_restarts(
        start: &Start,
        order: Order,
        limits: Limits,
        mut policy: Box<dyn RestartPolicy>,
    ) -> Searcher {
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
            peers: Peers::of_size(size),
            cells,
            all: size.all_digits().0,
            order,
            limits,
            stack: Vec::new(),
            pool: Vec::new(),
            queue: Vec::with_capacity(cells),
            root: Some(data.clone()),
            values: vec![0; cells],
            dirty: vec![0; units.div_ceil(64)],
            unmatched: vec![0; units.div_ceil(64)],
            bands: [0; 2],
            alldiff: alldiff.then(Box::default),
            doms: Vec::with_capacity(size.side()),
            segments: Vec::with_capacity(cells),
            stats: SearchStats::default(),
            fewest_open: cells as u64,
            halt: None,
            initial: data,
            cutoff: policy.cutoff(0),
            restart: policy,
            run_nodes: 0,
            nogoods: None,
            forced: Vec::new(),
            weights: vec![1; units],
            rng: Rng::new(RESTART_SEED),
            rule: Rule::default(),
            rules: Vec::new(),
            probing: None,
            probes: 0,
            lookahead: None,
            choices: Vec::new(),
            sides: (Vec::new(), Vec::new()),
        }
    }

    /// Sets the branching rules: the first from now on, then (if the search restarts) one per
    /// run in turn. A plain search given one rule keeps it throughout.
    pub fn set_rules(&mut self, rules: &[Rule]) {
        self.rule = rules.first().copied().unwrap_or_default();
        self.rules = rules.to_vec();
    }

    /// Seeds the tie breaks of restarted runs afresh (by default every search uses the same
    /// seed), so differently seeded members of a portfolio explore differently.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(RESTART_SEED ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The fewest open cells of any consistent state entered so far: how near an unfinished
    /// search came to a solution.
    pub fn fewest_open(&self) -> u64 {
        self.fewest_open
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
        loop {
            if let Some(mut data) = self.root.take() {
                self.stats.nodes += 1;
                self.run_nodes += 1;
                self.prepare_root(&data);
                if self.propagate(&mut data) && self.enter(data, None) {
                    return Some(&self.values);
                }
            }
            let Some(top) = self.stack.last_mut() else {
                self.halt = Some(Halt::Exhausted);
                return None;
            };
            let exhausted = match top.branch {
                Branch::Digits { remaining, .. } => remaining == 0,
                Branch::Cells { left, .. } => left == 0,
                Branch::Places { remaining, .. } => remaining == 0,
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
            if self.cutoff.is_some_and(|c| self.run_nodes >= c) {
                self.restart();
                continue;
            }
            if self.step() {
                return Some(&self.values);
            }
        }
    }

    /// Tries the next alternative of the top branch point: true if it is a solution.
    fn step(&mut self) -> bool {
        let restarted = self.stats.restarts > 0 && self.rules.is_empty();
        let (layout, peers, value) = (self.layout, self.peers, self.rule.value);
        let top = self.stack.last_mut().expect("non-empty");
        let (cell, bit) = match &mut top.branch {
            Branch::Digits { cell, remaining } => {
                let bit = match &mut self.order {
                    Order::Natural if restarted => self.rng.pick_bit(*remaining),
                    Order::Natural => {
                        let at = BranchCell {
                            layout,
                            peers,
                            data: &top.data,
                            cell: *cell,
                        };
                        value.pick(&at, *remaining)
                    }
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
            Branch::Places {
                bit,
                unit,
                remaining,
            } => {
                let at = 63 - remaining.leading_zeros() as usize;
                *remaining &= !(1 << at);
                (layout.units[*unit][at], *bit)
            }
        };
        let mut child = self.pool.pop().unwrap_or_default();
        child.clear();
        child.extend_from_slice(&top.data);
        child[cell] = bit;
        self.stats.nodes += 1;
        self.run_nodes += 1;
        self.queue.clear();
        self.clear_dirty();
        self.queue.push(cell);
        if self.propagate(&mut child) {
            return self.enter(child, Some((cell as u32, bit)));
        }
        self.pool.push(child);
        false
    }

    /// Starts over from the root, keeping as nogoods every alternative searched to the end:
    /// each is the path of decisions to its branch point plus itself. Those at the root
    /// narrow the start state directly.
    fn restart(&mut self) {
        let frames = std::mem::take(&mut self.stack);
        let mut path: Vec<Lit> = Vec::new();
        for (j, frame) in frames.iter().enumerate() {
            let current = frames.get(j + 1).and_then(|f| f.decision);
            let layout = self.layout;
            for alt in searched(frame, current, |u| &layout.units[u]) {
                if path.is_empty() {
                    self.initial[alt.0 as usize] &= !alt.1;
                } else {
                    let mut nogood = path.clone();
                    nogood.push(alt);
                    let (side, cells) = (self.layout.size.side(), self.cells);
                    self.nogoods
                        .get_or_insert_with(|| Box::new(Nogoods::new(side, cells)))
                        .add(nogood);
                }
            }
            path.extend(current);
        }
        self.pool.extend(frames.into_iter().map(|f| f.data));
        self.stats.restarts += 1;
        if !self.rules.is_empty() {
            self.rule = self.rules[self.stats.restarts as usize % self.rules.len()];
        }
        self.run_nodes = 0;
        let run = u32::try_from(self.stats.restarts).unwrap_or(u32::MAX);
        self.cutoff = self.restart.cutoff(run);
        if self
            .nogoods
            .as_ref()
            .is_some_and(|n| n.size() > NOGOOD_LITERALS)
        {
            self.cutoff = None;
        }
        self.root = Some(self.initial.clone());
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
    /// it as a new branch point (false), reached by `decision`; a state that probing refutes is
    /// dropped (false).
    fn enter(&mut self, mut data: Vec<u64>, decision: Option<Lit>) -> bool {
        if self.probing.is_some() && !self.probe(&mut data, self.stack.len()) {
            self.pool.push(data);
            return false;
        }
        let remaining = data[data.len() - 1];
        self.fewest_open = self.fewest_open.min(remaining);
        if remaining == 0 {
            for (v, &m) in self.values.iter_mut().zip(&data[..self.cells]) {
                *v = m.trailing_zeros() as u8 + 1;
            }
            self.pool.push(data);
            return true;
        }
        let branch = match self.lookahead_branch(&data) {
            Some(branch) => branch,
            None => self.choose_branch(&data),
        };
        self.stats.guesses += 1;
        self.stack.push(Frame {
            data,
            branch,
            decision,
        });
        false
    }
}

/// The alternatives of a branch point already searched to the end: those tried, except
/// `current`, the one being searched now.
fn searched(
    frame: &Frame,
    current: Option<Lit>,
    unit_cells: impl Fn(usize) -> &'static [usize],
) -> Vec<Lit> {
    let tried: Vec<Lit> = match frame.branch {
        Branch::Digits { cell, remaining } => {
            let mut bits = frame.data[cell] & !remaining;
            let mut out = Vec::new();
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits ^= bit;
                out.push((cell as u32, bit));
            }
            out
        }
        Branch::Cells { bit, cells, left } => cells[left as usize..]
            .iter()
            .map(|&c| (c as u32, bit))
            .collect(),
        Branch::Places {
            bit,
            unit,
            remaining,
        } => unit_cells(unit)
            .iter()
            .enumerate()
            .filter(|&(i, &c)| frame.data[c] & bit != 0 && remaining & (1 << i) == 0)
            .map(|(_, &c)| (c as u32, bit))
            .collect(),
    };
    tried.into_iter().filter(|&l| Some(l) != current).collect()
}
