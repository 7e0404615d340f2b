//! Locked candidates: pointing (a box's digit confined to one line) and claiming (a line's
//! digit confined to one box).

use super::{Marks, Scope, Step, Technique, Unit};
use crate::engine::grid::Digit;

/// Slots of a box's local column `cc` (box slots are row-major).
fn box_column_slots(n: usize, cc: usize) -> u64 {
    (0..n).fold(0, |m, r| m | 1 << (r * n + cc))
}

/// Local rows (as bits) of box slots `p`.
fn box_rows(n: usize, p: u64) -> u64 {
    let low = (1u64 << n) - 1;
    (0..n).fold(0, |m, r| {
        if p >> (r * n) & low != 0 {
            m | 1 << r
        } else {
            m
        }
    })
}

/// Local columns (as bits) of box slots `p`.
fn box_cols(n: usize, p: u64) -> u64 {
    let low = (1u64 << n) - 1;
    (0..n).fold(0, |m, r| m | (p >> (r * n) & low))
}

pub(super) fn pointing(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let (side, n) = (m.side(), m.size().box_size());
    let (low, all) = ((1u64 << n) - 1, m.size().all_digits().0);
    for b in 0..side {
        let (br, bc) = (b / n, b % n);
        let bu = 2 * side + b;
        if !scope.has_unit(bu, side) {
            continue;
        }
        let mut digits = scope.digits & all;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let p = m.places(bu, d);
            if p.count_ones() < 2 {
                continue;
            }
            let rows = box_rows(n, p);
            let cols = box_cols(n, p);
            // (line unit, slots of the line outside the box)
            let line = if rows.count_ones() == 1 {
                let r = br * n + rows.trailing_zeros() as usize;
                (r, !(low << (bc * n)))
            } else if cols.count_ones() == 1 {
                let c = bc * n + cols.trailing_zeros() as usize;
                (side + c, !(low << (br * n)))
            } else {
                continue;
            };
            let elim = m.places(line.0, d) & line.1;
            if elim != 0 {
                let mut s = Step::new(Technique::Pointing);
                fill(m, &mut s, d, bu, p, line.0, elim);
                out.push(s);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}

pub(super) fn claiming(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let (side, n) = (m.side(), m.size().box_size());
    let (low, all) = ((1u64 << n) - 1, m.size().all_digits().0);
    for line in 0..2 * side {
        let is_row = line < side;
        let li = line % side;
        if !scope.has_unit(line, side) {
            continue;
        }
        let mut digits = scope.digits & all;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let p = m.places(line, d);
            if p.count_ones() < 2 {
                continue;
            }
            let g = p.trailing_zeros() as usize / n;
            if p & !(low << (g * n)) != 0 {
                continue;
            }
            // The box holding the line's places, and the line's slots in that box.
            let (b, keep) = if is_row {
                ((li / n) * n + g, low << ((li % n) * n))
            } else {
                (g * n + li / n, box_column_slots(n, li % n))
            };
            let bu = 2 * side + b;
            let elim = m.places(bu, d) & !keep;
            if elim != 0 {
                let mut s = Step::new(Technique::Claiming);
                fill(m, &mut s, d, line, p, bu, elim);
                out.push(s);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}

/// The step's data: digit, base unit and its cells, the unit and cells of the eliminations.
fn fill(m: &Marks, s: &mut Step, d: usize, base: usize, p: u64, cover: usize, elim: u64) {
    let digit = Digit::from_index(d);
    s.digits.push(digit);
    s.units.push(Unit::from_layout(base, m.size()));
    s.cover.push(Unit::from_layout(cover, m.size()));
    for_bits(p, |i| s.cells.push(m.pos(m.cell_at(base, i))));
    for_bits(elim, |i| {
        s.eliminations.push((m.pos(m.cell_at(cover, i)), digit))
    });
    s.eliminations.sort();
}

/// Calls `f` with each set bit's index, lowest first.
pub(super) fn for_bits(mut bits: u64, mut f: impl FnMut(usize)) {
    while bits != 0 {
        f(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}
