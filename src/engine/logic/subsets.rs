//! Naked and hidden subsets: `k` cells of a unit holding only `k` digits, or `k` digits of a
//! unit confined to `k` cells; and locked pairs and triples, naked subsets inside a box and a
//! line at once. Only cells (digits) with at most `k` candidates (places) take part, which
//! keeps the search small at every size.

use super::intersections::for_bits;
use super::singles::units_boxes_first;
use super::{Marks, Scope, Step, Technique, Unit};
use crate::engine::grid::Digit;

/// Grows a combination of `items` (bitmasks, with their index) whose union stays within `k`
/// bits; calls `found` on each of exactly `k` items, stopping when it returns true. `chosen`
/// holds the `len` items picked so far.
fn combos<F: FnMut(&[usize], u64) -> bool>(
    items: &[(usize, u64)],
    k: usize,
    start: usize,
    chosen: &mut [usize; 4],
    len: usize,
    union: u64,
    found: &mut F,
) -> bool {
    if len == k {
        return found(&chosen[..k], union);
    }
    for i in start..items.len() {
        let u = union | items[i].1;
        if u.count_ones() as usize > k {
            continue;
        }
        chosen[len] = items[i].0;
        if combos(items, k, i + 1, chosen, len + 1, u, found) {
            return true;
        }
    }
    false
}

/// The cells (digits) of a unit that can take part in a subset, on the stack: a unit has at
/// most 49.
struct Items {
    list: [(usize, u64); 64],
    len: usize,
}

impl Items {
    fn new() -> Items {
        Items {
            list: [(0, 0); 64],
            len: 0,
        }
    }

    fn push(&mut self, item: (usize, u64)) {
        self.list[self.len] = item;
        self.len += 1;
    }

    fn as_slice(&self) -> &[(usize, u64)] {
        &self.list[..self.len]
    }
}

fn technique(k: usize, naked: bool) -> Technique {
    match (k, naked) {
        (2, true) => Technique::NakedPair,
        (3, true) => Technique::NakedTriple,
        (_, true) => Technique::NakedQuad,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// The hidden subset of unit `u` on `slots` holding `digits`, if it removes something: the
/// other digits leave its cells.
fn hidden_step(m: &Marks, k: usize, u: usize, slots: u64, digits: u64) -> Option<Step> {
    // Checked first, as stale subsets are many.
    let mut any = false;
    for_bits(slots, |slot| {
        any |= m.mask(m.cell_at(u, slot)) & !digits != 0
    });
    if !any {
        return None;
    }
    let mut s = Step::new(technique(k, false));
    for_bits(slots, |slot| {
        let c = m.cell_at(u, slot);
        s.cells.push(m.pos(c));
        for_bits(m.mask(c) & !digits, |d| {
            s.eliminations.push((m.pos(c), Digit::from_index(d)))
        });
    });
    if s.eliminations.is_empty() {
        return None;
    }
    for_bits(digits, |d| s.digits.push(Digit::from_index(d)));
    s.units.push(Unit::from_layout(u, m.size()));
    Some(s)
}

/// The naked subset on `cells` holding `digits`, if it removes something: its digits leave
/// every other cell of each unit the cells share (HoDoKu's rule). The step is a locked pair
/// or triple when the cells share a box and a line and the digits leave both the box and the
/// line outside the box; `locked` asks for that kind, otherwise for a plain naked subset.
fn naked_step(m: &Marks, cells: &[usize], digits: u64, locked: bool) -> Option<Step> {
    let k = cells.len();
    let first = m.layout().units_of[cells[0]];
    let mut shared = [0usize; 3];
    let mut n_shared = 0;
    for (i, &u) in first.iter().enumerate() {
        if cells.iter().all(|&c| m.layout().units_of[c][i] == u) {
            shared[n_shared] = u;
            n_shared += 1;
        }
    }
    let shared = &shared[..n_shared];
    // A locked subset shares its box and a line; checked first, as stale subsets are many.
    if locked && (k >= 4 || n_shared < 2) {
        return None;
    }
    let the_box = first[2];
    // Whether anything goes, and whether it goes from the box and from the line outside it,
    // before anything is allocated.
    let (mut in_box, mut in_line, mut any) = (false, false, false);
    for &u in shared {
        for &c in &m.layout().units[u] {
            if m.mask(c) & digits == 0 || cells.contains(&c) {
                continue;
            }
            any = true;
            if u == the_box {
                in_box = true;
            } else if m.layout().units_of[c][2] != the_box {
                in_line = true;
            }
        }
    }
    if !any {
        return None;
    }
    let is_locked = k < 4 && in_box && in_line;
    if is_locked != locked {
        return None;
    }
    let mut elims = Vec::new();
    for &u in shared {
        for &c in &m.layout().units[u] {
            let gone = m.mask(c) & digits;
            if gone != 0 && !cells.contains(&c) {
                for_bits(gone, |d| elims.push((m.pos(c), Digit::from_index(d))));
            }
        }
    }
    let t = match (is_locked, k) {
        (true, 2) => Technique::LockedPair,
        (true, _) => Technique::LockedTriple,
        (false, _) => technique(k, true),
    };
    let mut s = Step::new(t);
    elims.sort();
    elims.dedup();
    s.eliminations = elims;
    s.cells = cells.iter().map(|&c| m.pos(c)).collect();
    for_bits(digits, |d| s.digits.push(Digit::from_index(d)));
    // Boxes are listed last in the layout; name the line first, as it reads best.
    let mut units = shared.to_vec();
    units.sort_by_key(|&u| u >= 2 * m.side());
    s.units = units
        .iter()
        .map(|&u| Unit::from_layout(u, m.size()))
        .collect();
    Some(s)
}

/// Which cells and digits of each unit can take part in a subset of each size: what
/// [`naked`] and [`hidden`] would read from every cell and digit of the unit. A solve keeps
/// it across its rounds and reads a unit again only when a subset technique looks at it after
/// its cells changed, so every size (and the locked kind) shares one read per change.
#[derive(Default)]
pub(super) struct SubsetIndex {
    /// `cells[3 * u + k - 2]`: the slots of unit `u` whose cell has 2 to `k` candidates.
    cells: Vec<u64>,
    /// `digits[3 * u + k - 2]`: the digits with 2 to `k` places in unit `u`.
    digits: Vec<u64>,
    /// `open[u]`: the digits with a place in unit `u` (bit per digit).
    open: Vec<u64>,
    /// The units to read again before use (all of them at first).
    stale: Scope,
}

/// What [`SubsetIndex`] holds for unit `u`: slots and digits per size 2, 3, 4, and open digits.
fn unit_summary(m: &Marks, u: usize) -> ([u64; 3], [u64; 3], u64) {
    let (mut cells, mut digits, mut open) = ([0u64; 3], [0u64; 3], 0);
    for (slot, &c) in m.layout().units[u].iter().enumerate() {
        set_sizes(&mut cells, 1 << slot, m.mask(c).count_ones());
    }
    for d in 0..m.side() {
        let n = m.places(u, d).count_ones();
        open |= u64::from(n > 0) << d;
        set_sizes(&mut digits, 1 << d, n);
    }
    (cells, digits, open)
}

/// Sets `bit` in `sizes[k - 2]` for each `k` in 2..=4 that `n` (2 or more) is at most, and
/// clears it in the others.
fn set_sizes(sizes: &mut [u64; 3], bit: u64, n: u32) {
    for (k, bits) in (2..=4).zip(sizes.iter_mut()) {
        if n >= 2 && n <= k {
            *bits |= bit;
        } else {
            *bits &= !bit;
        }
    }
}

impl SubsetIndex {
    /// Empties the index for a solve of `m` (every unit to be read).
    pub(super) fn reset(&mut self, m: &Marks) {
        let units = 3 * m.side();
        for buf in [&mut self.cells, &mut self.digits] {
            buf.clear();
            buf.resize(3 * units, 0);
        }
        self.open.clear();
        self.open.resize(units, 0);
        self.stale = Scope::ALL;
    }

    /// Brings the units read so far up to date with the `lost` candidates (each changed cell
    /// with the candidates it lost since the last update): only the slots of those cells and
    /// the digits they lost can have moved, so a unit is not read again whole.
    pub(super) fn update(&mut self, m: &Marks, lost: &[(usize, u64)]) {
        let side = m.side();
        for &(c, gone) in lost {
            let n = m.mask(c).count_ones();
            for (k, &u) in m.layout().units_of[c].iter().enumerate() {
                if self.stale.has_unit(u, side) {
                    continue;
                }
                let at = 3 * u;
                let cells: &mut [u64; 3] = (&mut self.cells[at..at + 3])
                    .try_into()
                    .expect("three sizes");
                set_sizes(cells, 1 << m.slot(c, k), n);
                let digits: &mut [u64; 3] = (&mut self.digits[at..at + 3])
                    .try_into()
                    .expect("three sizes");
                for_bits(gone, |d| {
                    let places = m.places(u, d).count_ones();
                    set_sizes(digits, 1 << d, places);
                    if places == 0 {
                        self.open[u] &= !(1 << d);
                    }
                });
            }
        }
    }

    /// Unit `u`'s entries, read again from `m` if stale.
    fn unit(&mut self, m: &Marks, u: usize) -> usize {
        let side = m.side();
        if self.stale.has_unit(u, side) {
            let (cells, digits, open) = unit_summary(m, u);
            self.cells[3 * u..3 * u + 3].copy_from_slice(&cells);
            self.digits[3 * u..3 * u + 3].copy_from_slice(&digits);
            self.open[u] = open;
            self.stale.units[u / side] &= !(1 << (u % side));
        }
        3 * u
    }

    /// Finds the steps of `t` as [`Technique::find_in`] does with no limit, if `t` is a naked,
    /// hidden or locked subset; false otherwise.
    pub(super) fn find(
        &mut self,
        m: &Marks,
        t: Technique,
        scope: &Scope,
        out: &mut Vec<Step>,
    ) -> bool {
        use Technique as T;
        let (naked_k, locked, hidden_k) = match t {
            T::LockedPair => (2, true, 0),
            T::LockedTriple => (3, true, 0),
            T::NakedPair => (2, false, 0),
            T::NakedTriple => (3, false, 0),
            T::NakedQuad => (4, false, 0),
            T::HiddenPair => (0, false, 2),
            T::HiddenTriple => (0, false, 3),
            T::HiddenQuad => (0, false, 4),
            _ => return false,
        };
        if naked_k > 0 {
            let k = naked_k;
            naked_from(m, k, locked, scope, out, usize::MAX, |u| {
                let at = self.unit(m, u);
                self.cells[at + k - 2]
            });
        } else {
            let k = hidden_k;
            hidden_from(m, k, scope, out, usize::MAX, |u| {
                let at = self.unit(m, u);
                (self.digits[at + k - 2], self.open[u].count_ones())
            });
        }
        true
    }
}

/// Naked subsets of `k` cells, boxes first, then rows, then columns (HoDoKu's order);
/// `locked` finds locked pairs and triples, which lie in boxes, instead.
pub(super) fn naked(
    m: &Marks,
    k: usize,
    locked: bool,
    scope: &Scope,
    out: &mut Vec<Step>,
    limit: usize,
) {
    naked_from(m, k, locked, scope, out, limit, |u| {
        unit_summary(m, u).0[k - 2]
    });
}

/// [`naked`] with the slots of each unit whose cells have 2 to `k` candidates from `slots`.
fn naked_from(
    m: &Marks,
    k: usize,
    locked: bool,
    scope: &Scope,
    out: &mut Vec<Step>,
    limit: usize,
    mut slots: impl FnMut(usize) -> u64,
) {
    let side = m.side();
    let mut items = Items::new();
    let mut cells = [0usize; 4];
    let units = units_boxes_first(side).take(if locked { side } else { 3 * side });
    for u in units.filter(|&u| scope.has_unit(u, side)) {
        let small = slots(u);
        if (small.count_ones() as usize) < k {
            continue;
        }
        items.len = 0;
        for_bits(small, |slot| items.push((slot, m.mask(m.cell_at(u, slot)))));
        let mut found = |chosen: &[usize], digits: u64| {
            for (cell, &slot) in cells.iter_mut().zip(chosen) {
                *cell = m.cell_at(u, slot);
            }
            naked_step(m, &cells[..k], digits, locked).is_some_and(|s| {
                out.push(s);
                out.len() >= limit
            })
        };
        if combos(items.as_slice(), k, 0, &mut [0; 4], 0, 0, &mut found) {
            return;
        }
    }
}

pub(super) fn hidden(m: &Marks, k: usize, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    hidden_from(m, k, scope, out, limit, |u| {
        let (_, digits, open) = unit_summary(m, u);
        (digits[k - 2], open.count_ones())
    });
}

/// [`hidden`] with the digits of each unit that have 2 to `k` places, and how many digits
/// have a place, from `digits`.
fn hidden_from(
    m: &Marks,
    k: usize,
    scope: &Scope,
    out: &mut Vec<Step>,
    limit: usize,
    mut digits: impl FnMut(usize) -> (u64, u32),
) {
    let side = m.side();
    let mut items = Items::new();
    for u in units_boxes_first(side).filter(|&u| scope.has_unit(u, side)) {
        let (small, open) = digits(u);
        // A hidden subset of all open digits but few is the naked subset of the rest.
        if (small.count_ones() as usize) < k || open as usize <= k {
            continue;
        }
        items.len = 0;
        for_bits(small, |d| items.push((d, m.places(u, d))));
        let mut found = |chosen: &[usize], slots: u64| {
            let digits = chosen.iter().fold(0u64, |a, &d| a | 1 << d);
            hidden_step(m, k, u, slots, digits).is_some_and(|s| {
                out.push(s);
                out.len() >= limit
            })
        };
        if combos(items.as_slice(), k, 0, &mut [0; 4], 0, 0, &mut found) {
            return;
        }
    }
}
