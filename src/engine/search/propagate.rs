//! Propagation to a fixed point: naked and hidden singles, box/line interactions and, on large
//! grids, the all-different matching rule.

use super::Searcher;
use crate::engine::alldiff::{AllDiff, Pruned};

impl Searcher {
    /// Propagates to a fixed point: naked singles from the queue, hidden singles in units that
    /// changed, then locked candidates (box/line interactions), then, where enabled, the
    /// all-different matching rule; each rule runs only once the cheaper ones are done.
    /// False on contradiction.
    pub(super) fn propagate(&mut self, d: &mut [u64]) -> bool {
        let layout = self.layout;
        let cells = self.cells;
        let placed_at = cells;
        let rem_at = d.len() - 1;
        loop {
            while let Some(cell) = self.queue.pop() {
                let m = d[cell];
                if m == 0 {
                    self.blame_cell(cell);
                    return false;
                }
                for &u in &layout.units_of[cell] {
                    if d[placed_at + u] & m != 0 {
                        self.weights[u] += 1;
                        return false;
                    }
                    d[placed_at + u] |= m;
                    self.dirty[u / 64] |= 1 << (u % 64);
                    self.unmatched[u / 64] |= 1 << (u % 64);
                }
                d[rem_at] -= 1;
                self.mark_bands(cell);
                let mut changed = false;
                for &p in self.peers.of(cell) {
                    if !self.eliminate(d, usize::from(p), m, &mut changed) {
                        return false;
                    }
                }
                if self.nogoods.is_some() && !self.apply_nogoods(d, cell, m) {
                    return false;
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

    /// Removes the digits the nogoods forbid now that `cell` holds `bit`. False on contradiction.
    fn apply_nogoods(&mut self, d: &mut [u64], cell: usize, bit: u64) -> bool {
        let Some(mut nogoods) = self.nogoods.take() else {
            return true;
        };
        let mut forced = std::mem::take(&mut self.forced);
        forced.clear();
        let mut ok = nogoods.fixed(d, cell, bit, &mut forced);
        self.nogoods = Some(nogoods);
        let mut changed = false;
        for &(c, b) in &forced {
            ok = ok && self.eliminate(d, c as usize, b, &mut changed);
        }
        self.forced = forced;
        ok
    }

    /// A cell ran out of candidates: each of its units shares the blame (dom/wdeg weights).
    fn blame_cell(&mut self, cell: usize) {
        for &u in &self.layout.units_of[cell] {
            self.weights[u] += 1;
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

    pub(super) fn clear_dirty(&mut self) {
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
                    Pruned::Infeasible => {
                        self.weights[u] += 1;
                        return Pruned::Infeasible;
                    }
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
                    self.weights[u] += 1;
                    return false;
                }
                let mut hidden = once & !twice & !placed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let Some(&c) = unit.iter().find(|&&c| d[c] & bit != 0) else {
                        self.weights[u] += 1;
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
    /// Most calls remove nothing, so that test is inlined into the callers' loops.
    #[inline(always)]
    pub(super) fn eliminate(
        &mut self,
        d: &mut [u64],
        cell: usize,
        mask: u64,
        changed: &mut bool,
    ) -> bool {
        d[cell] & mask == 0 || self.narrow(d, cell, mask, changed)
    }

    /// [`Searcher::eliminate`] where the cell has some of `mask`.
    #[inline(never)]
    fn narrow(&mut self, d: &mut [u64], cell: usize, mask: u64, changed: &mut bool) -> bool {
        let m = d[cell];
        let nm = m & !mask;
        if nm == 0 {
            self.blame_cell(cell);
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
