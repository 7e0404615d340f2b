//! The all-different rule of each row, column and box as a batsat theory over the reduced
//! model's placement variables `x[c,v]` (lazy clause generation).
//!
//! At every fixed point of unit propagation the units whose variables changed get a maximum
//! matching of their open cells to their open digits (the previous matching repaired). A
//! deficient matching is a Hall violator: cells `S` whose candidates `N(S)` number fewer than
//! `S`, and the conflict clause is "some removed candidate `x[c,v]`, `c` in `S`, `v` not in
//! `N(S)`, is true". With a perfect matching, an edge no maximum matching uses (its cell and
//! its digit's cell in different strongly connected components of the alternating graph) is
//! set false, explained by the Hall set that rules it out: the cells reachable from the digit's
//! matched cell, which take exactly their matched digits, so their removed candidates imply it.
//! The digit side is the same argument read from the digits: the cells that reach the pruned
//! cell hold a set of digits confined to them. Literals fixed at level 0 are left out of every
//! explanation, so learnt clauses stay short.

use batsat::{Lit, Theory, TheoryArg, Var, lbool};

/// Which Hall sets explain, and which units run at each fixed point.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Explain each pruning and conflict by the shorter of the cell-side and digit-side sets,
    /// rather than the cell side alone.
    pub both_sides: bool,
    /// Run every unit at every fixed point, not only those whose variables changed.
    pub every_unit: bool,
    /// Prune unsupported edges; without it the rule only raises conflicts.
    pub prune: bool,
}

/// What the theory did, for the report.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub checks: u64,
    pub units_run: u64,
    pub propagations: u64,
    pub propagation_lits: u64,
    pub conflicts: u64,
    pub conflict_lits: u64,
    pub explained: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.checks += o.checks;
        self.units_run += o.units_run;
        self.propagations += o.propagations;
        self.propagation_lits += o.propagation_lits;
        self.conflicts += o.conflicts;
        self.conflict_lits += o.conflict_lits;
        self.explained += o.explained;
    }
}

const NONE: u8 = u8::MAX;

/// One unit: its open cells (slots `0..k`), its open digits (slots `0..k`), the variable of
/// each (cell, digit) pair where the model has one, and the last matching found.
struct Unit {
    k: usize,
    vars: Vec<Option<Var>>,
    /// Per cell slot, the digit slots whose placement is not false (as last processed).
    dom: Vec<u64>,
    /// The matching: each cell slot's digit slot and each digit slot's cell slot (`NONE`).
    digit_of: Vec<u8>,
    cell_of: Vec<u8>,
}

impl Unit {
    fn var(&self, cell: usize, digit: usize) -> Option<Var> {
        self.vars[cell * self.k + digit]
    }
}

/// A unit's open cells and digits as the model gives them: each unit's cell list, and per cell
/// and digit index the placement variable, if any.
pub struct Layout<'a> {
    pub side: usize,
    pub units: &'a [Vec<usize>],
    pub open: &'a [bool],
    pub var_of: &'a dyn Fn(usize, usize) -> Option<Var>,
    pub vars: usize,
}

/// The theory: every unit's domains and matching, what to run next and how to undo it.
pub struct AllDiff {
    options: Options,
    units: Vec<Unit>,
    /// Per variable, its unit, cell slot and digit slot in each unit it lies in.
    slots: Vec<Vec<(u32, u8, u8)>>,
    /// Variables set false since level 0, in trail order, and where each level starts there.
    undo: Vec<u32>,
    undo_starts: Vec<usize>,
    /// Per variable, whether it was assigned at level 0.
    root: Vec<bool>,
    /// Per variable, the reason of its last theory propagation (true literals).
    reasons: Vec<Vec<Lit>>,
    /// Trail literals taken into the domains so far.
    processed: usize,
    /// Variables this theory set false in its last call, with their unit.
    own: Vec<(u32, u32)>,
    /// `processed` at the start of each decision level.
    level_starts: Vec<usize>,
    /// Units to run at the next fixed point, as flags and as a list.
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    pub stats: Stats,
    // Scratch.
    dom: Vec<u64>,
    lits: Vec<Lit>,
    other: Vec<Lit>,
}

impl AllDiff {
    /// The theory over `layout`, or `None` when a unit cannot match its cells to its digits
    /// at all (no solution: the model has no candidate to blame).
    pub fn new(layout: &Layout, options: Options) -> Option<AllDiff> {
        let mut units = Vec::new();
        let mut slots = vec![Vec::new(); layout.vars];
        for cells in layout.units {
            let open: Vec<usize> = cells.iter().copied().filter(|&c| layout.open[c]).collect();
            if open.is_empty() {
                continue;
            }
            let digits: Vec<usize> = (0..layout.side)
                .filter(|&d| open.iter().any(|&c| (layout.var_of)(c, d).is_some()))
                .collect();
            if digits.len() != open.len() {
                return None;
            }
            let k = open.len();
            let mut vars = vec![None; k * k];
            let mut dom = vec![0u64; k];
            let u = units.len() as u32;
            for (i, &c) in open.iter().enumerate() {
                for (j, &d) in digits.iter().enumerate() {
                    if let Some(v) = (layout.var_of)(c, d) {
                        vars[i * k + j] = Some(v);
                        dom[i] |= 1 << j;
                        slots[v.idx() as usize].push((u, i as u8, j as u8));
                    }
                }
            }
            units.push(Unit {
                k,
                vars,
                dom,
                digit_of: vec![NONE; k],
                cell_of: vec![NONE; k],
            });
        }
        let n = units.len();
        let mut theory = AllDiff {
            options,
            units,
            slots,
            undo: Vec::new(),
            undo_starts: Vec::new(),
            root: vec![false; layout.vars],
            reasons: vec![Vec::new(); layout.vars],
            processed: 0,
            own: Vec::new(),
            level_starts: Vec::new(),
            dirty: vec![true; n],
            dirty_list: (0..n as u32).collect(),
            stats: Stats::default(),
            dom: Vec::new(),
            lits: Vec::new(),
            other: Vec::new(),
        };
        // Every unit must have a perfect matching before any assignment.
        for unit in &mut theory.units {
            let dom = unit.dom.clone();
            if let Err(_cell) = matching(unit, &dom) {
                return None;
            }
        }
        Some(theory)
    }

    /// Takes a newly assigned variable into the domains and marks its units to run.
    fn assigned(&mut self, var: usize, value: bool, skip: u32) {
        if !value {
            for &(u, i, j) in &self.slots[var] {
                self.units[u as usize].dom[i as usize] &= !(1 << j);
            }
            self.undo.push(var as u32);
        }
        for &(u, _, _) in &self.slots[var] {
            if u != skip && !self.dirty[u as usize] {
                self.dirty[u as usize] = true;
                self.dirty_list.push(u);
            }
        }
    }

    /// Runs one unit; `false` when it raised a conflict.
    fn run_unit(&mut self, u: usize, acts: &mut TheoryArg) -> bool {
        self.stats.units_run += 1;
        self.dom.clear();
        self.dom.extend_from_slice(&self.units[u].dom);
        if let Err(cell) = matching(&mut self.units[u], &self.dom) {
            self.conflict(u, cell, acts);
            return false;
        }
        if self.options.prune {
            return self.prune(u, acts);
        }
        true
    }

    /// Raises the conflict of the Hall violator found from the unmatched cell `cell`.
    fn conflict(&mut self, u: usize, cell: usize, acts: &mut TheoryArg) {
        let unit = &self.units[u];
        let k = unit.k;
        // Cells reachable from `cell` by alternating paths, and their candidates.
        let (mut cells, mut digits) = (1u64 << cell, 0u64);
        let mut frontier = 1u64 << cell;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.dom[i] & !digits;
            digits |= new;
            for j in bits(new) {
                let c = unit.cell_of[j];
                if c != NONE && cells & (1 << c) == 0 {
                    cells |= 1 << c;
                    frontier |= 1 << c;
                }
            }
        }
        self.lits.clear();
        hall_lits(unit, &self.root, cells, !digits, true, &mut self.lits);
        if self.options.both_sides {
            // The digit side: from a digit no cell takes, the digits reachable backwards.
            // It proves a violation only when every cell it reaches is matched (then they
            // are fewer than its digits).
            for j0 in (0..k).filter(|&j| unit.cell_of[j] == NONE) {
                let (ds, cs) = reverse_reach(unit, &self.dom, 1 << j0);
                if bits(cs).any(|i| unit.digit_of[i] == NONE) {
                    continue;
                }
                self.other.clear();
                hall_lits(unit, &self.root, !cs, ds, true, &mut self.other);
                if !self.other.is_empty() && self.other.len() < self.lits.len() {
                    std::mem::swap(&mut self.lits, &mut self.other);
                }
                break;
            }
        }
        if self.lits.is_empty() {
            // Only level-0 literals: the clause with them is false at level 0.
            hall_lits(unit, &[], cells, !digits, true, &mut self.lits);
        }
        self.stats.conflicts += 1;
        self.stats.conflict_lits += self.lits.len() as u64;
        acts.raise_conflict(&self.lits, false);
    }

    /// Sets false every edge no perfect matching uses; `false` on a conflict.
    fn prune(&mut self, u: usize, acts: &mut TheoryArg) -> bool {
        let unit = &self.units[u];
        let k = unit.k;
        // Cell i -> the cell matched to each other candidate of i.
        let mut adj = [0u64; 64];
        for (i, a) in adj.iter_mut().enumerate().take(k) {
            let others = self.dom[i] & !(1 << unit.digit_of[i]);
            *a = bits(others).fold(0, |a, j| a | 1 << unit.cell_of[j]);
        }
        let comp = components(&adj[..k]);
        let mut prunings = Vec::new();
        for i in 0..k {
            for j in bits(self.dom[i] & !(1 << unit.digit_of[i])) {
                let c = unit.cell_of[j] as usize;
                if comp[c] != comp[i] {
                    prunings.push((i, j, c));
                }
            }
        }
        if prunings.is_empty() {
            return true;
        }
        let mut reach = [0u64; 64];
        let mut back = [0u64; 64];
        let mut radj = [0u64; 64];
        if self.options.both_sides {
            for (i, &a) in adj.iter().enumerate().take(k) {
                for c in bits(a) {
                    radj[c] |= 1 << i;
                }
            }
        }
        for (i, j, c) in prunings {
            let unit = &self.units[u];
            let var = unit.var(i, j).expect("an edge has a variable");
            // Cell side: the cells reachable from `c` take exactly their matched digits.
            if reach[c] == 0 {
                reach[c] = closure(&adj, c);
            }
            let cells = reach[c];
            let digits = bits(cells).fold(0, |a, x| a | 1 << unit.digit_of[x]);
            self.lits.clear();
            hall_lits(unit, &self.root, cells, !digits, false, &mut self.lits);
            if self.options.both_sides {
                // Digit side: the cells that reach `i` hold their matched digits, which no
                // other cell can take.
                if back[i] == 0 {
                    back[i] = closure(&radj, i);
                }
                let q = back[i];
                let ds = bits(q).fold(0, |a, x| a | 1 << unit.digit_of[x]);
                self.other.clear();
                hall_lits(unit, &self.root, !q, ds, false, &mut self.other);
                if self.other.len() < self.lits.len() {
                    std::mem::swap(&mut self.lits, &mut self.other);
                }
            }
            let p = Lit::new(var, false);
            let value = acts.value(var);
            if value == lbool::FALSE {
                continue;
            }
            if value == lbool::TRUE {
                // The reason holds and the edge is set: the clause is false.
                let mut clause: Vec<Lit> = self.lits.iter().map(|&l| !l).collect();
                clause.push(p);
                self.stats.conflicts += 1;
                self.stats.conflict_lits += clause.len() as u64;
                acts.raise_conflict(&clause, false);
                return false;
            }
            let reason = &mut self.reasons[var.idx() as usize];
            reason.clear();
            reason.extend_from_slice(&self.lits);
            self.own.push((var.idx(), u as u32));
            self.stats.propagations += 1;
            self.stats.propagation_lits += self.lits.len() as u64;
            if !acts.propagate(p) {
                return false;
            }
        }
        true
    }
}

/// The placement literals of `cells` x `digits` of a unit that have a variable and were not
/// fixed at level 0 (`root`; empty: keep all): the false placements of a clause when
/// `positive`, else the true "not placed" literals of a reason.
fn hall_lits(
    unit: &Unit,
    root: &[bool],
    cells: u64,
    digits: u64,
    positive: bool,
    out: &mut Vec<Lit>,
) {
    let mask = if unit.k == 64 {
        !0
    } else {
        (1u64 << unit.k) - 1
    };
    for i in bits(cells & mask) {
        for j in bits(digits & mask) {
            if let Some(v) = unit.var(i, j) {
                if root.get(v.idx() as usize) == Some(&true) {
                    continue;
                }
                out.push(Lit::new(v, positive));
            }
        }
    }
}

/// From the digits `start`, the digits and cells reachable backwards (digit -> cells that
/// could take it -> their matched digits).
fn reverse_reach(unit: &Unit, dom: &[u64], start: u64) -> (u64, u64) {
    let (mut digits, mut cells, mut frontier) = (start, 0u64, start);
    while frontier != 0 {
        let j = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        for (i, &m) in dom.iter().enumerate() {
            if m & (1 << j) != 0 && cells & (1 << i) == 0 {
                cells |= 1 << i;
                let d = unit.digit_of[i];
                if d != NONE && digits & (1 << d) == 0 {
                    digits |= 1 << d;
                    frontier |= 1 << d;
                }
            }
        }
    }
    (digits, cells)
}

/// The cells reachable from `start` along `adj`, `start` included.
fn closure(adj: &[u64; 64], start: usize) -> u64 {
    let (mut seen, mut frontier) = (1u64 << start, 1u64 << start);
    while frontier != 0 {
        let c = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = adj[c] & !seen;
        seen |= new;
        frontier |= new;
    }
    seen
}

/// The strongly connected component of each node of `adj` (Tarjan's algorithm).
fn components(adj: &[u64]) -> [u8; 64] {
    struct Tarjan<'a> {
        adj: &'a [u64],
        index: [u8; 64],
        low: [u8; 64],
        on_stack: u64,
        stack: Vec<u8>,
        next: u8,
        comp: [u8; 64],
        comps: u8,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.next += 1;
            self.index[v] = self.next;
            self.low[v] = self.next;
            self.stack.push(v as u8);
            self.on_stack |= 1 << v;
            for w in bits(self.adj[v]) {
                if self.index[w] == 0 {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                } else if self.on_stack & (1 << w) != 0 {
                    self.low[v] = self.low[v].min(self.index[w]);
                }
            }
            if self.low[v] == self.index[v] {
                while let Some(w) = self.stack.pop() {
                    self.on_stack &= !(1 << w);
                    self.comp[w as usize] = self.comps;
                    if w as usize == v {
                        break;
                    }
                }
                self.comps += 1;
            }
        }
    }
    let mut t = Tarjan {
        adj,
        index: [0; 64],
        low: [0; 64],
        on_stack: 0,
        stack: Vec::with_capacity(adj.len()),
        next: 0,
        comp: [0; 64],
        comps: 0,
    };
    for (v, &out) in adj.iter().enumerate() {
        if t.index[v] == 0 && out == 0 {
            // A cell with one candidate: a component of its own.
            t.next += 1;
            t.index[v] = t.next;
            t.comp[v] = t.comps;
            t.comps += 1;
        } else if t.index[v] == 0 {
            t.visit(v);
        }
    }
    t.comp
}

fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// Repairs the unit's matching to `dom` and completes it; the first cell left unmatched on
/// failure (its alternating search was exhausted).
fn matching(unit: &mut Unit, dom: &[u64]) -> Result<(), usize> {
    for (i, &m) in dom.iter().enumerate().take(unit.k) {
        let d = unit.digit_of[i];
        if d != NONE && m & (1 << d) == 0 {
            unit.digit_of[i] = NONE;
            unit.cell_of[d as usize] = NONE;
        }
    }
    for i in 0..unit.k {
        if unit.digit_of[i] == NONE {
            let mut visited = 0u64;
            if !augment(unit, dom, i, &mut visited) {
                return Err(i);
            }
        }
    }
    Ok(())
}

fn augment(unit: &mut Unit, dom: &[u64], i: usize, visited: &mut u64) -> bool {
    // A free digit first, then the alternating paths.
    let free = bits(dom[i] & !*visited).find(|&j| unit.cell_of[j] == NONE);
    if let Some(j) = free {
        unit.digit_of[i] = j as u8;
        unit.cell_of[j] = i as u8;
        return true;
    }
    for j in bits(dom[i] & !*visited) {
        if *visited & (1 << j) != 0 {
            continue;
        }
        *visited |= 1 << j;
        let c = unit.cell_of[j] as usize;
        if augment(unit, dom, c, visited) {
            unit.digit_of[i] = j as u8;
            unit.cell_of[j] = i as u8;
            return true;
        }
    }
    false
}

impl Theory for AllDiff {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.partial_check(acts);
    }

    fn create_level(&mut self) {
        self.level_starts.push(self.processed);
        self.undo_starts.push(self.undo.len());
    }

    fn pop_levels(&mut self, n: usize) {
        self.own.clear();
        let keep = self.level_starts.len() - n;
        self.processed = self.level_starts[keep].min(self.processed);
        self.level_starts.truncate(keep);
        for t in self.undo_starts[keep]..self.undo.len() {
            let var = self.undo[t] as usize;
            for &(u, i, j) in &self.slots[var] {
                self.units[u as usize].dom[i as usize] |= 1 << j;
            }
        }
        self.undo.truncate(self.undo_starts[keep]);
        self.undo_starts.truncate(keep);
    }

    fn n_levels(&self) -> usize {
        self.level_starts.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.stats.checks += 1;
        let at_root = self.level_starts.is_empty();
        let trail_len = acts.model().len();
        // The trail first holds this theory's own prunings of the last call, in order: a
        // pruning leaves its unit's components as they were, so that unit need not run again.
        let own = std::mem::take(&mut self.own);
        let mut own = own.iter().peekable();
        for t in self.processed..trail_len {
            let lit = acts.model()[t];
            let var = lit.var().idx() as usize;
            let skip = match own.next_if(|&&(v, _)| v as usize == var) {
                Some(&(_, u)) => u,
                None => u32::MAX,
            };
            if var < self.root.len() {
                if at_root {
                    self.root[var] = true;
                }
                self.assigned(var, lit.sign(), skip);
            }
        }
        self.own.clear();
        self.processed = trail_len;
        if self.options.every_unit {
            for u in 0..self.units.len() {
                if !self.run_unit(u, acts) {
                    return;
                }
            }
            self.dirty_list.clear();
            self.dirty.iter_mut().for_each(|d| *d = false);
            return;
        }
        while let Some(&u) = self.dirty_list.last() {
            if !self.run_unit(u as usize, acts) {
                return;
            }
            self.dirty_list.pop();
            self.dirty[u as usize] = false;
        }
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        self.stats.explained += 1;
        &self.reasons[p.var().idx() as usize]
    }
}
