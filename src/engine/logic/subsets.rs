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
            let mut s = Step::new(technique(k, true));
            for (slot, &c) in cells.iter().enumerate() {
                if chosen.contains(&slot) {
                    s.cells.push(m.pos(c));
                } else {
                    for_bits(m.mask(c) & digits, |d| {
                        s.eliminations.push((m.pos(c), Digit::from_index(d)))
                    });
                }
            }
            if s.eliminations.is_empty() {
                return false;
            }
            for_bits(digits, |d| s.digits.push(Digit::from_index(d)));
            s.units.push(Unit::from_layout(u, m.size()));
            out.push(s);
            out.len() >= limit
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
        let cells = &m.layout().units[u];
        let mut found = |chosen: &[usize], slots: u64| {
            let digits = chosen.iter().fold(0u64, |a, &d| a | 1 << d);
            let mut s = Step::new(technique(k, false));
            for_bits(slots, |i| {
                let c = cells[i];
                s.cells.push(m.pos(c));
                for_bits(m.mask(c) & !digits, |d| {
                    s.eliminations.push((m.pos(c), Digit::from_index(d)))
                });
            });
            if s.eliminations.is_empty() {
                return false;
            }
            for_bits(digits, |d| s.digits.push(Digit::from_index(d)));
            s.units.push(Unit::from_layout(u, m.size()));
            out.push(s);
            out.len() >= limit
        };
        if combos(&items, k, 0, &mut Vec::with_capacity(k), 0, &mut found) {
            return;
        }
    }
}
