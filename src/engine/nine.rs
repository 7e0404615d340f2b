//! The 9x9 fast path: one 81-bit plane of possible places per digit, propagated with
//! word-wide bit operations instead of per-cell loops.
//!
//! It finds the same solutions as the generic search core and honours the same sink, limits and
//! cancel flag (the tests cross-check both on every puzzle); only its node counts differ, so a
//! node limit stops the two at different points. It exists because 9x9 is the size people
//! solve and generate most. Propagation: naked singles; per digit, the row/box matching in each band and
//! the column/box matching in each stack (which subsumes pointing and claiming), then hidden
//! singles in rows, columns and boxes. Branching: a cell with the fewest candidates.

mod bits;
mod cells;
mod solution;

pub use cells::starved;
pub use solution::is_solution;

use bits::{coverage, for_cells};

use super::grid::{Digit, Grid, Pos};
use super::rng::Rng;
use super::search::{Flow, Halt, Limits, Order, SearchStats, Sink};

/// Bit `9 * row + col` of a plane is that cell.
type Plane = u128;

const CELLS: Plane = (1 << 81) - 1;
const ROW: u32 = 0x1FF;
/// The 27 cells of a band (three rows).
const BAND: u32 = (1 << 27) - 1;
/// How many tied cells the branching rule scores before it settles.
const LOOK: u32 = 16;
/// Extra weight, in that score, of a peer left with two candidates.
const PAIR_WEIGHT: u32 = 3;

/// Every cell's row, column and box companions (the cell itself excluded).
const PEERS: [Plane; 81] = peers();

/// For a 9-bit set, the bits that are alone in their group of three (one box's columns).
const ALONE: [u16; 512] = alone();

const fn peers() -> [Plane; 81] {
    let mut table = [0; 81];
    let mut p = 0;
    while p < 81 {
        let mut q = 0;
        while q < 81 {
            let same_row = p / 9 == q / 9;
            let same_col = p % 9 == q % 9;
            let same_box = p / 27 == q / 27 && p % 9 / 3 == q % 9 / 3;
            if p != q && (same_row || same_col || same_box) {
                table[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    table
}

const fn alone() -> [u16; 512] {
    let mut table = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut g = 0;
        while g < 3 {
            let group = (x >> (3 * g)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                table[x] |= (group << (3 * g)) as u16;
            }
            g += 1;
        }
        x += 1;
    }
    table
}

/// For a 3x3 matrix of allowed (line, box) pairs (bit `3 * i + j`), the pairs that lie on a
/// perfect matching: within a band each row and each box holds a digit exactly once, so only
/// those survive. 0 when there is none.
const MATCHED: [u16; 512] = matched();

/// For a 9-bit row, which of its three groups (boxes) are non-empty, as three bits.
const GROUPS: [u16; 512] = groups();

/// Three group bits widened back to their nine columns.
const WIDEN: [u32; 8] = [0, 0o7, 0o70, 0o77, 0o700, 0o707, 0o770, 0o777];

const fn matched() -> [u16; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 6 {
            let p = PERMS[k];
            let bits = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if m & bits == bits {
                table[m] |= bits as u16;
            }
            k += 1;
        }
        m += 1;
    }
    table
}

const fn groups() -> [u16; 512] {
    let mut table = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut g = 0;
        while g < 3 {
            if (x >> (3 * g)) & 7 != 0 {
                table[x] |= 1 << g;
            }
            g += 1;
        }
        x += 1;
    }
    table
}

/// Narrows one digit's plane and finds its forced cells. Within each band the rows must meet
/// the boxes in a perfect matching, and within each stack the columns must meet the boxes in
/// one (this subsumes pointing and claiming); then a cell that is the only place left in a
/// row, column or box is forced. Returns `(plane, forced)`, or `None` if some unit has no
/// place left for the digit.
// The hot functions stay out of line: inlined into the recursive search they measured slower.
#[inline(never)]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn reduce(plane: Plane) -> Option<(Plane, Plane)> {
    // Three 27-bit bands in native words: cheaper than shifting the whole plane per row.
    let mut bands = [
        plane as u32 & BAND,
        (plane >> 27) as u32 & BAND,
        (plane >> 54) as u32 & BAND,
    ];
    // Bands: rows x boxes.
    let mut cols = [0u32; 3];
    for (band, cols) in bands.iter_mut().zip(&mut cols) {
        let x = *band;
        let m = GROUPS[(x & ROW) as usize]
            | GROUPS[(x >> 9 & ROW) as usize] << 3
            | GROUPS[(x >> 18) as usize] << 6;
        let ok = u32::from(MATCHED[m as usize]);
        if ok == 0 {
            return None;
        }
        let x = x
            & (WIDEN[(ok & 7) as usize]
                | WIDEN[(ok >> 3 & 7) as usize] << 9
                | WIDEN[(ok >> 6) as usize] << 18);
        *band = x;
        *cols = (x | x >> 9 | x >> 18) & ROW;
    }
    // Stacks: bands x columns, one matching per stack.
    let mut keep = [0u32; 3];
    for shift in [0, 3, 6] {
        let m =
            (cols[0] >> shift) & 7 | ((cols[1] >> shift) & 7) << 3 | ((cols[2] >> shift) & 7) << 6;
        let ok = u32::from(MATCHED[m as usize]);
        if ok == 0 {
            return None;
        }
        for (band, k) in keep.iter_mut().enumerate() {
            *k |= ((ok >> (3 * band)) & 7) << shift;
        }
    }
    let mut found = [0u32; 3];
    let (mut col1, mut col2) = (0u32, 0u32);
    for ((band, keep), found) in bands.iter_mut().zip(keep).zip(&mut found) {
        let x = *band & (keep | keep << 9 | keep << 18);
        *band = x;
        let (r0, r1, r2) = (x & ROW, x >> 9 & ROW, x >> 18);
        if r0 == 0 || r1 == 0 || r2 == 0 {
            return None;
        }
        let single = |r: u32| if r & (r - 1) == 0 { r } else { 0 };
        let once = r0 | r1 | r2;
        let twice = (r0 & r1) | (r2 & (r0 | r1));
        if GROUPS[once as usize] != 0b111 {
            return None;
        }
        let lone_in_box = u32::from(ALONE[once as usize]) & !twice;
        *found = single(r0)
            | single(r1) << 9
            | single(r2) << 18
            | x & (lone_in_box | lone_in_box << 9 | lone_in_box << 18);
        col2 |= twice | (col1 & once);
        col1 |= once;
    }
    if col1 != ROW {
        return None;
    }
    let lone_in_col = col1 & !col2;
    if lone_in_col != 0 {
        let wide = lone_in_col | lone_in_col << 9 | lone_in_col << 18;
        for (f, &x) in found.iter_mut().zip(&bands) {
            *f |= x & wide;
        }
    }
    let join = |b: [u32; 3]| Plane::from(b[0]) | Plane::from(b[1]) << 27 | Plane::from(b[2]) << 54;
    Some((join(bands), join(found)))
}

/// A search state: where each digit can still go, and which cells are not yet placed. A
/// placed cell keeps exactly one plane bit, its digit's.
#[derive(Copy, Clone, Debug)]
struct State {
    planes: [Plane; 9],
    open: Plane,
    /// Digits whose plane changed since their last reduction, one bit each.
    dirty: u16,
}

impl State {
    /// Places digit `d` in every cell of `cells` at once. False if `d` cannot go in one of
    /// them or two of them share a unit.
    #[inline(never)]
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn assign(&mut self, d: usize, cells: Plane) -> bool {
        if cells & !self.planes[d] != 0 {
            return false;
        }
        // Without a branch per digit, which mispredicts often: every plane loses the cells,
        // then `d`'s is put back.
        let (own, mut hit) = (self.planes[d], 0u16);
        for (e, plane) in self.planes.iter_mut().enumerate() {
            hit |= u16::from(*plane & cells != 0) << e;
            *plane &= !cells;
        }
        self.planes[d] = own;
        self.dirty |= hit & !(1 << d);
        self.settle(d, cells)
    }

    /// Places digit `d` in `cells`, which no other digit can take any more: removes `d` from
    /// their peers. False if two of them share a unit.
    #[inline(never)]
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn settle(&mut self, d: usize, cells: Plane) -> bool {
        let (mut span, mut clash): (Plane, bool) = (0, false);
        for_cells(cells, |p| {
            let peers = PEERS[p];
            clash |= peers & cells != 0;
            span |= peers;
        });
        if clash {
            return false;
        }
        let own = self.planes[d];
        self.planes[d] = own & !span;
        self.dirty |= u16::from(own & span != 0) << d;
        self.open &= !cells;
        true
    }

    /// Naked singles, then the per-digit reductions, to a fixed point. False on contradiction.
    #[inline(never)]
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn propagate(&mut self) -> bool {
        loop {
            let [once, twice, _] = coverage(&self.planes);
            if self.open & !once != 0 {
                return false;
            }
            let singles = self.open & !twice;
            if singles != 0 {
                // A naked single is in its own digit's plane only, so settling is enough; and
                // settling a digit changes no other's plane, so the digits with singles are
                // known up front, without a branch per digit.
                let mut digits = 0u16;
                for (d, &plane) in self.planes.iter().enumerate() {
                    digits |= u16::from(singles & plane != 0) << d;
                }
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    if !self.settle(d, singles & self.planes[d]) {
                        return false;
                    }
                }
                continue;
            }
            // Whether anything changed: cells placed or candidates removed.
            let mut changed = false;
            while self.dirty != 0 {
                let d = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if self.planes[d] & self.open == 0 {
                    // Fully placed, unless some unit lost its last place for the digit.
                    if self.planes[d].count_ones() != 9 {
                        return false;
                    }
                    continue;
                }
                let Some((plane, found)) = reduce(self.planes[d]) else {
                    return false;
                };
                if plane != self.planes[d] {
                    self.planes[d] = plane;
                    changed = true;
                }
                let found = found & self.open;
                if found != 0 {
                    if !self.assign(d, found) {
                        return false;
                    }
                    // Placements first go through the cheap naked singles; the other dirty
                    // digits wait, as reducing them all at once costs more than it saves.
                    changed = true;
                    break;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// An open cell with the fewest candidates and its digits; ties go to the cell with the
    /// most to propagate, to a random one for [`Order::Random`], to the first one for
    /// [`Order::Guided`].
    #[inline(never)]
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn choose(&self, order: &mut Branch) -> (u32, u16) {
        let [_, twice, thrice] = coverage(&self.planes);
        let pairs = self.open & twice & !thrice;
        let mut best = pairs;
        if best == 0 {
            // Candidate counts per cell as four bit-sliced binary digits.
            let mut count = [0 as Plane; 4];
            for &m in &self.planes {
                let mut carry = m;
                for bit in &mut count {
                    let next = *bit & carry;
                    *bit ^= carry;
                    carry = next;
                }
            }
            for k in 3..=9 {
                best = count.iter().enumerate().fold(self.open, |acc, (i, &b)| {
                    acc & if k >> i & 1 == 1 { b } else { !b }
                });
                if best != 0 {
                    break;
                }
            }
        }
        let cell = match order {
            // Near a known solution the first tied cell does as well and costs less.
            Branch::Guided(_) => best.trailing_zeros(),
            // A lone cell needs no scoring.
            Branch::Natural if best & (best - 1) == 0 => best.trailing_zeros(),
            Branch::Natural => {
                // Among the first LOOK tied cells, the one whose guesses remove the most
                // candidates from its peers, above all from peers with two left: it propagates
                // furthest, which saves most nodes on the hardest puzzles (BENCHMARKS.md); the
                // first of them on a tie. Scored digit by digit: one mask per plane finds the
                // scored cells holding that digit.
                let mut rest = best;
                for _ in 0..LOOK {
                    rest &= rest.wrapping_sub(1);
                }
                let scored = best ^ rest;
                let mut scores = [0u16; 81];
                for &plane in &self.planes {
                    let hits = plane & scored;
                    if hits == 0 {
                        continue;
                    }
                    let near = plane & self.open;
                    let near_pairs = near & pairs;
                    for_cells(hits, |p| {
                        let peers = PEERS[p];
                        let score = (near & peers).count_ones()
                            + PAIR_WEIGHT * (near_pairs & peers).count_ones();
                        scores[p] += score as u16;
                    });
                }
                let mut pick = (0, scored.trailing_zeros());
                for_cells(scored, |p| {
                    if scores[p] > pick.0 {
                        pick = (scores[p], p as u32);
                    }
                });
                pick.1
            }
            Branch::Random(rng) => {
                let mut m = best;
                for _ in 0..rng.below(best.count_ones() as usize) {
                    m &= m - 1;
                }
                m.trailing_zeros()
            }
        };
        (cell, self.candidates(cell))
    }

    fn candidates(&self, p: u32) -> u16 {
        let bit: Plane = 1 << p;
        let mut m = 0;
        for (d, &plane) in self.planes.iter().enumerate() {
            m |= u16::from(plane & bit != 0) << d;
        }
        m
    }
}

/// A 9x9 puzzle ready for the fast path.
#[derive(Copy, Clone, Debug)]
pub struct Nine {
    /// `None` when the digits already contradict each other or a forbidden digit.
    state: Option<State>,
}

impl Nine {
    /// Every digit of the grid (given or filled) is fixed. `None` unless the grid is 9x9.
    pub fn from_grid(grid: &Grid) -> Option<Nine> {
        if grid.size().side() != 9 {
            return None;
        }
        let mut cells = [0u8; 81];
        for (v, e) in cells.iter_mut().zip(grid.entries()) {
            *v = e.digit().map_or(0, |d| d.index() as u8 + 1);
        }
        Some(Nine::from_cells(&cells))
    }

    /// A 9x9 puzzle from its row-major values (`0` blank, else `1..=9`; a larger value is
    /// treated as blank), for readers that never build a [`Grid`].
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn from_cells(cells: &[u8; 81]) -> Nine {
        let by_digit = cells::by_digit(cells);
        let (spans, consistent) = cells::spans(cells, &by_digit);
        // Each digit's plane: its own cells, plus the open cells none of them sees.
        let placed = by_digit.iter().fold(0, |acc, &c| acc | c);
        let open = CELLS & !placed;
        let mut planes = [0; 9];
        for ((plane, &cells), span) in planes.iter_mut().zip(&by_digit).zip(spans) {
            *plane = cells | (open & !span);
        }
        let s = State {
            planes,
            open,
            dirty: 0x1FF,
        };
        Nine {
            state: consistent.then_some(s),
        }
    }

    /// Rules out one digit in one cell (e.g. "this clue must differ").
    pub fn forbid(&mut self, p: Pos, d: Digit) {
        let Some(s) = &mut self.state else { return };
        let bit: Plane = 1 << (p.row * 9 + p.col);
        if s.open & bit != 0 {
            s.planes[d.index()] &= !bit;
        } else if s.planes[d.index()] & bit != 0 {
            self.state = None;
        }
    }

    /// Feeds every solution (row-major digits) to `sink` until it stops, a limit is hit or the
    /// space is exhausted.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn run(&self, order: Order, limits: &Limits, sink: &mut dyn Sink) -> (SearchStats, Halt) {
        let order = match order {
            Order::Natural => Branch::Natural,
            Order::Random(rng) => Branch::Random(rng),
            Order::Guided(hint) => Branch::Guided(std::array::from_fn(|cell| hint[cell])),
        };
        self.search(order, limits, sink)
    }

    /// [`Nine::run`] in [`Order::Guided`] order, each cell trying its digit of `hint` (row-major
    /// values, `0` or out of range for none) first: without building an [`Order`], whose hint is
    /// allocated, for callers that ask many questions about one grid.
    pub fn run_guided(
        &self,
        hint: &[u8],
        limits: &Limits,
        sink: &mut dyn Sink,
    ) -> (SearchStats, Halt) {
        let order = match <&[u8; 81]>::try_from(hint) {
            Ok(hint) => Branch::Guided(hint.map(|v| if v > 9 { 0 } else { v })),
            Err(_) => Branch::Natural,
        };
        self.search(order, limits, sink)
    }

    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn search(&self, order: Branch, limits: &Limits, sink: &mut dyn Sink) -> (SearchStats, Halt) {
        let mut search = Search {
            sink,
            order,
            limits,
            stats: SearchStats::default(),
            halt: Halt::Exhausted,
        };
        search.stats.nodes = 1;
        if let Some(mut s) = self.state {
            search.explore(&mut s);
        }
        (search.stats, search.halt)
    }
}

/// [`Order`] as the search reads it: a guided order's hint as an array of its own.
enum Branch {
    Natural,
    Random(Rng),
    /// Each cell's preferred digit, `0..=9`.
    Guided([u8; 81]),
}

struct Search<'a> {
    sink: &'a mut dyn Sink,
    order: Branch,
    limits: &'a Limits,
    stats: SearchStats,
    halt: Halt,
}

impl Search<'_> {
    /// Propagates a state (already counted as a node) in place and searches below it. False
    /// once the search must stop.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn explore(&mut self, s: &mut State) -> bool {
        if !s.propagate() {
            return true;
        }
        if s.open == 0 {
            let mut values = [0u8; 81];
            for (d, &plane) in s.planes.iter().enumerate() {
                // A native word at a time: cells 0 to 63, then 64 to 80.
                for (mut m, first) in [(plane as u64, 0), ((plane >> 64) as u64, 64)] {
                    while m != 0 {
                        values[first + m.trailing_zeros() as usize] = d as u8 + 1;
                        m &= m - 1;
                    }
                }
            }
            if self.sink.solution(&values) == Flow::Stop {
                self.halt = Halt::Sink;
                return false;
            }
            return true;
        }
        let (cell, mut digits) = s.choose(&mut self.order);
        self.stats.guesses += 1;
        while digits != 0 {
            let bit = match &mut self.order {
                Branch::Natural => digits & digits.wrapping_neg(),
                Branch::Random(rng) => rng.pick_bit(u64::from(digits)) as u16,
                Branch::Guided(hint) => {
                    let h = (1u16 << hint[cell as usize]) >> 1;
                    if digits & h != 0 {
                        h
                    } else {
                        digits & digits.wrapping_neg()
                    }
                }
            };
            digits &= !bit;
            let d = bit.trailing_zeros() as usize;
            if let Some(h) = self.limits.reached(self.stats.nodes) {
                self.halt = h;
                return false;
            }
            self.stats.nodes += 1;
            // The last digit needs no copy: nothing reads this state after it.
            let going_on = if digits == 0 {
                s.assign(d, 1 << cell);
                self.explore(s)
            } else {
                let mut child = *s;
                child.assign(d, 1 << cell);
                self.explore(&mut child)
            };
            if !going_on {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
