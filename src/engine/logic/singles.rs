//! Singles: full house, naked single, hidden single.

use super::{Marks, Step, Technique, Unit};
use crate::engine::grid::Digit;

/// Units in the order people look at them: boxes, rows, columns.
pub(super) fn units_boxes_first(side: usize) -> impl Iterator<Item = usize> {
    (2 * side..3 * side).chain(0..2 * side)
}

pub(super) fn full_house(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let layout = m.layout();
    for u in units_boxes_first(side) {
        let mut empty = layout.units[u].iter().filter(|&&c| m.value(c).is_none());
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        if m.mask(cell).count_ones() != 1 {
            continue;
        }
        let d = Digit::from_index(m.mask(cell).trailing_zeros() as usize);
        let mut s = Step::new(Technique::FullHouse);
        s.placements.push((m.pos(cell), d));
        s.digits.push(d);
        s.cells.push(m.pos(cell));
        s.units.push(Unit::from_layout(u, m.size()));
        out.push(s);
        if out.len() >= limit {
            return;
        }
    }
}

pub(super) fn naked_single(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    for cell in m.empty_cells() {
        let mask = m.mask(cell);
        if mask.count_ones() == 1 {
            let d = Digit::from_index(mask.trailing_zeros() as usize);
            let mut s = Step::new(Technique::NakedSingle);
            s.placements.push((m.pos(cell), d));
            s.digits.push(d);
            s.cells.push(m.pos(cell));
            out.push(s);
            if out.len() >= limit {
                return;
            }
        }
    }
}

pub(super) fn hidden_single(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    // One step per cell: a digit alone in its box is often alone in its row too.
    let mut seen: Vec<usize> = Vec::new();
    for u in units_boxes_first(side) {
        for d in 0..side {
            let p = m.places(u, d);
            if p.count_ones() != 1 {
                continue;
            }
            let cell = m.cell_at(u, p.trailing_zeros() as usize);
            if seen.contains(&cell) {
                continue;
            }
            seen.push(cell);
            let digit = Digit::from_index(d);
            let mut s = Step::new(Technique::HiddenSingle);
            s.placements.push((m.pos(cell), digit));
            s.digits.push(digit);
            s.cells.push(m.pos(cell));
            s.units.push(Unit::from_layout(u, m.size()));
            out.push(s);
            if out.len() >= limit {
                return;
            }
        }
    }
}
