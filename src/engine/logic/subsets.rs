//! Naked and hidden subsets: `k` cells of a unit holding only `k` digits, or `k` digits of a
//! unit confined to `k` cells. Only cells (digits) with at most `k` candidates (places) take
//! part, which keeps the search small at every size.

use super::intersections::for_bits;
use super::singles::units_boxes_first;
use super::{Marks, Step, Technique, Unit};
use crate::engine::grid::Digit;

/// Grows a combination of `items` (bitmasks, with their index) whose union stays within `k`
/// bits; calls `found` on each of exactly `k` items, stopping when it returns true.
fn combos(
    items: &[(usize, u64)],
    k: usize,
    start: usize,
    chosen: &mut Vec<usize>,
    union: u64,
    found: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    if chosen.len() == k {
        return found(chosen, union);
    }
    for i in start..items.len() {
        let u = union | items[i].1;
        if u.count_ones() as usize > k {
            continue;
        }
        chosen.push(items[i].0);
        let stop = combos(items, k, i + 1, chosen, u, found);
        chosen.pop();
        if stop {
            return true;
        }
    }
    false
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

/// The subset of unit `u` on `slots` holding `digits`, if it removes something: a naked one
/// removes its digits from the unit's other cells, a hidden one the other digits from its
/// cells.
fn subset_step(
    m: &Marks,
    k: usize,
    naked: bool,
    u: usize,
    slots: u64,
    digits: u64,
) -> Option<Step> {
    let mut s = Step::new(technique(k, naked));
    for (slot, &c) in m.layout().units[u].iter().enumerate() {
        let inside = slots >> slot & 1 == 1;
        if inside {
            s.cells.push(m.pos(c));
        }
        let gone = match (naked, inside) {
            (true, false) => m.mask(c) & digits,
            (false, true) => m.mask(c) & !digits,
            _ => 0,
        };
        for_bits(gone, |d| {
            s.eliminations.push((m.pos(c), Digit::from_index(d)))
        });
    }
    if s.eliminations.is_empty() {
        return None;
    }
    for_bits(digits, |d| s.digits.push(Digit::from_index(d)));
    s.units.push(Unit::from_layout(u, m.size()));
    Some(s)
}

pub(super) fn naked(m: &Marks, k: usize, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let mut items = Vec::with_capacity(side);
    for u in units_boxes_first(side) {
        items.clear();
        let cells = &m.layout().units[u];
        for (slot, &c) in cells.iter().enumerate() {
            let n = m.mask(c).count_ones() as usize;
            if n >= 2 && n <= k {
                items.push((slot, m.mask(c)));
            }
        }
        if items.len() < k {
            continue;
        }
        let mut found = |chosen: &[usize], digits: u64| {
            let slots = chosen.iter().fold(0u64, |a, &i| a | 1 << i);
            subset_step(m, k, true, u, slots, digits).is_some_and(|s| {
                out.push(s);
                out.len() >= limit
            })
        };
        if combos(&items, k, 0, &mut Vec::with_capacity(k), 0, &mut found) {
            return;
        }
    }
}

pub(super) fn hidden(m: &Marks, k: usize, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let mut items = Vec::with_capacity(side);
    for u in units_boxes_first(side) {
        items.clear();
        let mut open = 0;
        for d in 0..side {
            let p = m.places(u, d);
            let n = p.count_ones() as usize;
            if n > 0 {
                open += 1;
            }
            if n >= 2 && n <= k {
                items.push((d, p));
            }
        }
        // A hidden subset of all open digits but few is the naked subset of the rest.
        if items.len() < k || open <= k {
            continue;
        }
        let mut found = |chosen: &[usize], slots: u64| {
            let digits = chosen.iter().fold(0u64, |a, &d| a | 1 << d);
            subset_step(m, k, false, u, slots, digits).is_some_and(|s| {
                out.push(s);
                out.len() >= limit
            })
        };
        if combos(&items, k, 0, &mut Vec::with_capacity(k), 0, &mut found) {
            return;
        }
    }
}
