//! Uniqueness techniques, sound only when the puzzle is known to have one solution: unique
//! rectangles types 1 to 4 and BUG+1. A rectangle's four cells lie in two rows, two columns
//! and two boxes; were they all left to `a` and `b`, the two could swap and give a second
//! solution.

use super::single_digit::seeing_both;
use super::{Marks, Step, Technique};
use crate::engine::grid::Digit;

/// BUG+1: every empty cell has two candidates but one with three, whose digit seen three
/// times in its row must go there (else every digit would appear twice per unit: no unique
/// solution).
pub(super) fn bug_plus_one(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let mut tri = None;
    for c in m.empty_cells() {
        match m.mask(c).count_ones() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return,
        }
    }
    let Some(c) = tri else { return };
    let units = m.layout().units_of[c];
    let mut bits = m.mask(c);
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if units.iter().all(|&u| m.places(u, d).count_ones() == 3) {
            let mut s = Step::new(Technique::BugPlusOne);
            let digit = Digit::from_index(d);
            s.placements.push((m.pos(c), digit));
            s.digits.push(digit);
            s.cells.push(m.pos(c));
            if out.len() < limit {
                out.push(s);
            }
            return;
        }
    }
}

/// Unique rectangles of type `t`.
pub(super) fn rectangles(m: &Marks, t: Technique, out: &mut Vec<Step>, limit: usize) {
    let (side, n) = (m.side(), m.size().box_size());
    for r1 in 0..side {
        for r2 in r1 + 1..side {
            for c1 in 0..side {
                for c2 in c1 + 1..side {
                    // Exactly two boxes.
                    if (r1 / n == r2 / n) == (c1 / n == c2 / n) {
                        continue;
                    }
                    let cells = [
                        r1 * side + c1,
                        r1 * side + c2,
                        r2 * side + c1,
                        r2 * side + c2,
                    ];
                    let all = cells.iter().fold(u64::MAX, |a, &c| a & m.mask(c));
                    if all.count_ones() < 2 {
                        continue;
                    }
                    let mut pairs = all;
                    while pairs != 0 {
                        let a = pairs.trailing_zeros() as usize;
                        pairs &= pairs - 1;
                        let mut rest = pairs;
                        while rest != 0 {
                            let b = rest.trailing_zeros() as usize;
                            rest &= rest - 1;
                            let ab = 1u64 << a | 1 << b;
                            let mut s = Step::new(t);
                            rectangle(m, t, &cells, ab, &mut s);
                            if s.is_progress() {
                                s.digits = vec![Digit::from_index(a), Digit::from_index(b)];
                                s.cells = cells.iter().map(|&c| m.pos(c)).collect();
                                s.eliminations.sort();
                                s.eliminations.dedup();
                                out.push(s);
                                if out.len() >= limit {
                                    return;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The eliminations of rectangle `cells` (two rows, two columns) on digits `ab`.
fn rectangle(m: &Marks, t: Technique, cells: &[usize; 4], ab: u64, s: &mut Step) {
    let plain: Vec<usize> = cells.iter().copied().filter(|&c| m.mask(c) == ab).collect();
    let extra: Vec<usize> = cells.iter().copied().filter(|&c| m.mask(c) != ab).collect();
    let push = |s: &mut Step, c: usize, bits: u64| {
        let mut bits = bits & m.mask(c);
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            s.eliminations.push((m.pos(c), Digit::from_index(d)));
        }
    };
    match t {
        Technique::UniqueRectangle1 if plain.len() == 3 => push(s, extra[0], ab),
        _ if plain.len() != 2 || !m.sees(extra[0], extra[1]) => {}
        Technique::UniqueRectangle2 => {
            let z = (m.mask(extra[0]) | m.mask(extra[1])) & !ab;
            if z.count_ones() == 1 && m.mask(extra[0]) == m.mask(extra[1]) {
                let zd = z.trailing_zeros() as usize;
                for c in seeing_both(m, extra[0], extra[1], zd, cells) {
                    s.eliminations.push((m.pos(c), Digit::from_index(zd)));
                }
            }
        }
        Technique::UniqueRectangle3 => type3(m, cells, ab, &extra, s),
        Technique::UniqueRectangle4 => {
            for &u in shared_units(m, extra[0], extra[1]).iter() {
                for (keep, drop) in [
                    (ab & ab.wrapping_neg(), ab & (ab - 1)),
                    (ab & (ab - 1), ab & ab.wrapping_neg()),
                ] {
                    if m.places(u, keep.trailing_zeros() as usize).count_ones() == 2 {
                        push(s, extra[0], drop);
                        push(s, extra[1], drop);
                    }
                }
            }
        }
        _ => {}
    }
}

/// Units shared by two cells.
fn shared_units(m: &Marks, a: usize, b: usize) -> Vec<usize> {
    let (ua, ub) = (m.layout().units_of[a], m.layout().units_of[b]);
    ua.iter().copied().filter(|u| ub.contains(u)).collect()
}

/// Type 3: the roof's extra digits act as one cell; with other cells of a shared unit they
/// form a naked subset, whose digits leave the rest of that unit.
fn type3(m: &Marks, cells: &[usize; 4], ab: u64, roof: &[usize], s: &mut Step) {
    let e = (m.mask(roof[0]) | m.mask(roof[1])) & !ab;
    if e.count_ones() < 2 || e.count_ones() > 4 {
        return;
    }
    for u in shared_units(m, roof[0], roof[1]) {
        let others: Vec<usize> = m.layout().units[u]
            .iter()
            .copied()
            .filter(|&c| m.value(c).is_none() && !cells.contains(&c))
            .collect();
        let need = e.count_ones() as usize - 1;
        let fit: Vec<usize> = others
            .iter()
            .copied()
            .filter(|&c| m.mask(c) & !e == 0)
            .collect();
        if fit.len() != need {
            continue;
        }
        for &c in &others {
            if !fit.contains(&c) {
                let mut bits = m.mask(c) & e;
                while bits != 0 {
                    let d = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    s.eliminations.push((m.pos(c), Digit::from_index(d)));
                }
            }
        }
        if s.is_progress() {
            s.groups = vec![fit.iter().map(|&c| m.pos(c)).collect()];
            return;
        }
    }
}
