//! The search loop: a root state, then branch points on an explicit stack, each child
//! propagated before it is entered.

use super::{Branch, Flow, Frame, Halt, Limits, Order, SearchStats, Searcher, Sink, Start};

/// The smallest box size on which the search runs the all-different propagator. From 25x25
/// on it cuts the search for sparse puzzles by far more than it costs; on 16x16 the cheaper
/// rules leave it too little to find, so generation pays for it without gain (BENCHMARKS.md).
/// Random order, which fills empty grids, leaves it off: there it slows the biggest grids.
const ALLDIFF_FROM_BOX: usize = 5;

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
}
