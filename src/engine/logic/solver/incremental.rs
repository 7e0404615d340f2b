//! The outcome solve's incremental work: singles and breakage read only where candidates went.

use super::super::{Marks, Step};
use crate::engine::grid::Digit;

/// Makes `placed` the digits placed in each unit (bit per digit index), by layout unit.
pub(super) fn placed_digits(m: &Marks, placed: &mut Vec<u64>) {
    placed.clear();
    placed.resize(3 * m.side(), 0);
    for c in 0..m.size().cells() {
        if let Some(d) = m.value(c) {
            for &u in &m.layout().units_of[c] {
                placed[u] |= 1 << d.index();
            }
        }
    }
}

/// Adds to `placed` ([`placed_digits`]) the digits of the `lost` cells that were filled.
pub(super) fn note_placed(m: &Marks, placed: &mut [u64], lost: &[(usize, u64)]) {
    for &(c, _) in lost {
        if let Some(d) = m.value(c) {
            for &u in &m.layout().units_of[c] {
                placed[u] |= 1 << d.index();
            }
        }
    }
}

/// [`Marks::is_broken`] for a state that was not broken before the `lost` candidates went
/// (each changed cell with what it lost): a changed cell left without candidates or digit,
/// or a lost digit with no place left in a unit of its cell that lacks it (`placed` being
/// each unit's digits). Nothing else can have broken, and this looks at far fewer cells
/// than the units around them.
pub(super) fn broken_at(m: &Marks, placed: &[u64], lost: &[(usize, u64)]) -> bool {
    lost.iter().any(|&(c, gone)| {
        if m.value(c).is_none() && m.mask(c) == 0 {
            return true;
        }
        m.layout().units_of[c].iter().any(|&u| {
            let mut bits = gone & !placed[u];
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if m.places(u, d) == 0 {
                    return true;
                }
            }
            false
        })
    })
}

/// Applies `step`; false when a placement meets another digit or a removed candidate (the
/// steps of one state together show it has no solution).
pub(super) fn apply_checked(m: &mut Marks, step: &Step) -> bool {
    for &(p, d) in &step.placements {
        let c = p.index(m.size());
        match m.value(c) {
            Some(v) if v == d => continue,
            Some(_) => return false,
            None if !m.has(c, d.index()) => return false,
            None => m.place(c, d),
        }
    }
    for &(p, d) in &step.eliminations {
        m.eliminate(p.index(m.size()), d.index());
    }
    true
}

/// Places naked and hidden singles until none is left, following only what each placement
/// changes; false when two singles clash or a single's digit is gone (no solution).
///
/// `removed`, when given, lists the only candidates (cell, digit) removed since the state
/// last had no single: a new single is then one of those cells, or that digit in one of their
/// units, and nothing else needs to be looked at.
pub(super) fn place_singles(
    m: &mut Marks,
    queue: &mut Vec<(usize, usize)>,
    losing: &mut Vec<usize>,
    removed: Option<&[(usize, usize)]>,
) -> bool {
    let side = m.side();
    let layout = m.layout();
    queue.clear();
    let hidden = |m: &Marks, u: usize, d: usize, queue: &mut Vec<(usize, usize)>| {
        let p = m.places(u, d);
        if p.count_ones() == 1 {
            queue.push((m.cell_at(u, p.trailing_zeros() as usize), d));
        }
    };
    match removed {
        None => {
            for c in m.empty_cells() {
                if m.mask(c).count_ones() == 1 {
                    queue.push((c, m.mask(c).trailing_zeros() as usize));
                }
            }
            for u in 0..3 * side {
                for d in 0..side {
                    hidden(m, u, d, queue);
                }
            }
        }
        Some(removed) => {
            for &(c, d) in removed {
                if m.value(c).is_none() && m.mask(c).count_ones() == 1 {
                    queue.push((c, m.mask(c).trailing_zeros() as usize));
                }
                for &u in &layout.units_of[c] {
                    hidden(m, u, d, queue);
                }
            }
        }
    }
    while let Some((c, d)) = queue.pop() {
        match m.value(c) {
            Some(v) if v.index() == d => continue,
            Some(_) => return false,
            None if !m.has(c, d) => return false,
            None => {}
        }
        // The peers about to lose `d`, read from the cell's units.
        losing.clear();
        for &u in &layout.units_of[c] {
            let mut bits = m.places(u, d);
            while bits != 0 {
                let p = m.cell_at(u, bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if p != c && !losing.contains(&p) {
                    losing.push(p);
                }
            }
        }
        let others = m.mask(c) & !(1 << d);
        m.place(c, Digit::from_index(d));
        // Naked singles among them, and hidden singles of `d` in their units.
        for &p in losing.iter() {
            if m.mask(p).count_ones() == 1 {
                queue.push((p, m.mask(p).trailing_zeros() as usize));
            }
            for &u in &layout.units_of[p] {
                let places = m.places(u, d);
                if places.count_ones() == 1 {
                    queue.push((m.cell_at(u, places.trailing_zeros() as usize), d));
                }
            }
        }
        // The cell's other digits lost a place in each of its units.
        let mut rest = others;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &u in &layout.units_of[c] {
                let places = m.places(u, x);
                if places.count_ones() == 1 {
                    queue.push((m.cell_at(u, places.trailing_zeros() as usize), x));
                }
            }
        }
    }
    true
}
