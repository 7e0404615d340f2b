//! Uniqueness techniques, sound only when the puzzle is known to have one solution: unique
//! rectangles types 1 to 6, hidden rectangles, avoidable rectangles types 1 and 2, and BUG+1.
//! A rectangle's four cells lie in two rows, two columns and two boxes; were they all left to
//! `a` and `b`, the two could swap and give a second solution.
//!
//! Rectangles are found as HoDoKu finds them: from a bivalue cell, a second corner in its box
//! on its row or column, and the other two along the crossing lines in another box. A corner
//! takes part while `a` and `b` are allowed there (no filled peer holds them), even when a
//! technique has removed one: that only makes the deadly pattern less possible.

use super::single_digit::seeing_both;
use super::{Marks, Step, Technique};
use crate::engine::grid::Digit;
use std::collections::HashSet;

/// BUG+1: every empty cell has two candidates but one with three, and every unit holds each
/// digit in at most two cells but for one digit held three times in that cell's row, column
/// and box. The digit goes there (else every digit would appear twice per unit: no unique
/// solution), so the cell's other candidates are removed.
pub(super) fn bug_plus_one(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let mut tri = None;
    for c in m.empty_cells() {
        match m.mask(c).count_ones() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return,
        }
    }
    let Some(c) = tri else { return };
    let mut odd: Option<usize> = None;
    let mut kinds = [None; 3];
    for u in 0..3 * side {
        for d in 0..side {
            match m.places(u, d).count_ones() {
                0..=2 => {}
                3 if odd.is_none_or(|o| o == d) && kinds[u / side].is_none() => {
                    odd = Some(d);
                    kinds[u / side] = Some(u);
                }
                _ => return,
            }
        }
    }
    let Some(d) = odd else { return };
    if kinds.map(|k| k.unwrap_or(usize::MAX)) != m.layout().units_of[c] || !m.has(c, d) {
        return;
    }
    let mut s = Step::new(Technique::BugPlusOne);
    let digit = Digit::from_index(d);
    push_bits(m, &mut s, c, m.mask(c) & !(1 << d));
    s.digits.push(digit);
    s.cells.push(m.pos(c));
    if out.len() < limit {
        out.push(s);
    }
}

/// A rectangle: `cells` are the start corner, the corner beside it in its box, then the two
/// corners across from them; `a` and `b` its digits (indices).
struct Rect {
    cells: [usize; 4],
    a: usize,
    b: usize,
}

/// Calls `found` on each rectangle in HoDoKu's order until it returns true: `first` gives a
/// start corner's digit `a` and a hint, `second` the digit `b` of a corner beside it (or
/// none), and `far` whether two cells across from them complete the rectangle.
fn each_rect(
    m: &Marks,
    first: &dyn Fn(usize) -> Option<(usize, usize)>,
    second: &dyn Fn(usize, usize, usize) -> Option<usize>,
    far: &dyn Fn(usize, usize, usize, usize) -> bool,
    found: &mut dyn FnMut(Rect) -> bool,
) {
    let side = m.side();
    let layout = m.layout();
    let mut seen: HashSet<[usize; 4]> = HashSet::new();
    for i11 in 0..m.size().cells() {
        let Some((a, hint)) = first(i11) else {
            continue;
        };
        let [r11, c11, b11] = layout.units_of[i11];
        for &i12 in &layout.units[b11] {
            let [r12, c12, _] = layout.units_of[i12];
            if i12 == i11 || (r12 != r11 && c12 != c11) {
                continue;
            }
            let Some(b) = second(i12, a, hint) else {
                continue;
            };
            // The lines crossing the pair: columns for a row pair, rows for a column pair.
            let (l11, l12) = if r11 == r12 { (c11, c12) } else { (r11, r12) };
            for idx in 0..side {
                let (i21, i22) = (layout.units[l11][idx], layout.units[l12][idx]);
                if layout.units_of[i21][2] == b11 || !far(i21, i22, a, b) {
                    continue;
                }
                let mut key = [i11, i12, i21, i22];
                key.sort_unstable();
                if !seen.insert(key) {
                    continue;
                }
                if found(Rect {
                    cells: [i11, i12, i21, i22],
                    a,
                    b,
                }) {
                    return;
                }
            }
        }
    }
}

/// Unique rectangles of type 1 to 6 and hidden rectangles.
pub(super) fn rectangles(m: &Marks, t: Technique, out: &mut Vec<Step>, limit: usize) {
    let first = |c: usize| {
        let mask = m.mask(c);
        (m.value(c).is_none() && mask.count_ones() == 2).then(|| {
            (
                mask.trailing_zeros() as usize,
                63 - mask.leading_zeros() as usize,
            )
        })
    };
    let allows = |c: usize, a: usize, b: usize| {
        let al = m.allowed(c);
        al >> a & 1 == 1 && al >> b & 1 == 1
    };
    let second = |c: usize, a: usize, b: usize| allows(c, a, b).then_some(b);
    let far = |x: usize, y: usize, a: usize, b: usize| allows(x, a, b) && allows(y, a, b);
    each_rect(m, &first, &second, &far, &mut |r| {
        let ab = 1u64 << r.a | 1 << r.b;
        let mut s = Step::new(t);
        let (plain, extra): (Vec<usize>, Vec<usize>) =
            r.cells.iter().partition(|&&c| m.mask(c) & !ab == 0);
        match t {
            Technique::UniqueRectangle1 if plain.len() == 3 => push_bits(m, &mut s, extra[0], ab),
            Technique::UniqueRectangle2 | Technique::UniqueRectangle5 => {
                type25(m, t, &r, &plain, &extra, &mut s)
            }
            Technique::UniqueRectangle3 if plain.len() == 2 => type3(m, &r, &extra, &mut s),
            Technique::UniqueRectangle4 if plain.len() == 2 => type4(m, &r, &extra, &mut s),
            Technique::UniqueRectangle6 if plain.len() == 2 => type6(m, &r, &extra, &mut s),
            Technique::HiddenRectangle => hidden(m, &r, &plain, &extra, &mut s),
            _ => {}
        }
        if !s.is_progress() {
            return false;
        }
        s.eliminations.sort();
        s.eliminations.dedup();
        s.digits = vec![Digit::from_index(r.a), Digit::from_index(r.b)];
        s.cells = r.cells.iter().map(|&c| m.pos(c)).collect();
        out.push(s);
        out.len() >= limit
    });
}

/// Removes the digits `bits` holds from `c`, where present.
fn push_bits(m: &Marks, s: &mut Step, c: usize, bits: u64) {
    let mut bits = bits & m.mask(c);
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        s.eliminations.push((m.pos(c), Digit::from_index(d)));
    }
}

fn same_line(m: &Marks, x: usize, y: usize) -> bool {
    let (ux, uy) = (m.layout().units_of[x], m.layout().units_of[y]);
    ux[0] == uy[0] || ux[1] == uy[1]
}

/// Types 2 and 5: the corners with more candidates share one extra digit `z`; one of them
/// holds it, so a cell seeing all of them loses it. Type 2 when there are two such corners
/// on one line, type 5 otherwise.
fn type25(m: &Marks, t: Technique, r: &Rect, plain: &[usize], extra: &[usize], s: &mut Step) {
    if plain.is_empty() || plain.len() > 2 {
        return;
    }
    let ab = 1u64 << r.a | 1 << r.b;
    let z = extra.iter().fold(0, |acc, &c| acc | m.mask(c)) & !ab;
    if z.count_ones() != 1 {
        return;
    }
    let kind = if extra.len() == 2 && same_line(m, extra[0], extra[1]) {
        Technique::UniqueRectangle2
    } else {
        Technique::UniqueRectangle5
    };
    if kind != t {
        return;
    }
    let zd = z.trailing_zeros() as usize;
    for c in seeing_both(m, extra[0], extra[1], zd, &r.cells) {
        if extra[2..].iter().all(|&x| m.sees(c, x)) {
            s.eliminations.push((m.pos(c), Digit::from_index(zd)));
        }
    }
}

/// Units both cells lie in: row, column, box (layout indices).
fn shared_units(m: &Marks, x: usize, y: usize) -> Vec<usize> {
    let (ux, uy) = (m.layout().units_of[x], m.layout().units_of[y]);
    (0..3).filter(|&k| ux[k] == uy[k]).map(|k| ux[k]).collect()
}

/// Type 3: the two corners with extra digits act as one cell holding those digits; with
/// other cells of a unit they share (cells without `a` or `b`) they form a naked subset,
/// whose digits leave the rest of that unit (and of the box too, when the subset lies in
/// one).
fn type3(m: &Marks, r: &Rect, extra: &[usize], s: &mut Step) {
    let ab = 1u64 << r.a | 1 << r.b;
    let virtual_digits = (m.mask(extra[0]) | m.mask(extra[1])) & !ab;
    // Beyond 9x9 a unit holds many candidates for the subset: at most three join it there.
    let max_join = if m.side() <= 9 { m.side() } else { 3 };
    for u in shared_units(m, extra[0], extra[1]) {
        let pool: Vec<usize> = m.layout().units[u]
            .iter()
            .copied()
            .filter(|&c| m.value(c).is_none() && !r.cells.contains(&c) && m.mask(c) & ab == 0)
            .collect();
        let mut chosen = extra.to_vec();
        if subset3(m, u, &pool, 0, virtual_digits, &mut chosen, max_join, s) {
            return;
        }
    }
}

/// Grows the type 3 subset from `pool[start..]`; true once `s` has eliminations.
#[allow(clippy::too_many_arguments)]
fn subset3(
    m: &Marks,
    u: usize,
    pool: &[usize],
    start: usize,
    digits: u64,
    chosen: &mut Vec<usize>,
    max_join: usize,
    s: &mut Step,
) -> bool {
    let side = m.side();
    for i in start..pool.len() {
        if chosen.len() - 2 >= max_join {
            return false;
        }
        let d = digits | m.mask(pool[i]);
        chosen.push(pool[i]);
        // In a box, subsets on one line were met when that line was searched.
        let on_line = chosen
            .iter()
            .all(|&c| m.layout().units_of[c][0] == m.layout().units_of[chosen[0]][0])
            || chosen
                .iter()
                .all(|&c| m.layout().units_of[c][1] == m.layout().units_of[chosen[0]][1]);
        if !(u >= 2 * side && on_line) && d.count_ones() as usize == chosen.len() - 1 {
            let first_box = m.layout().units_of[chosen[0]][2];
            let in_box = chosen
                .iter()
                .all(|&c| m.layout().units_of[c][2] == first_box);
            let mut units = vec![u];
            if u < 2 * side && in_box {
                units.push(first_box);
            }
            for &unit in &units {
                for &c in &m.layout().units[unit] {
                    if m.value(c).is_none() && !chosen.contains(&c) {
                        push_bits(m, s, c, d);
                    }
                }
            }
            if s.is_progress() {
                s.groups = vec![chosen.iter().map(|&c| m.pos(c)).collect()];
                return true;
            }
        }
        if subset3(m, u, pool, i + 1, d, chosen, max_join, s) {
            return true;
        }
        chosen.pop();
    }
    false
}

/// Type 4: the two corners with extra digits lie on one line, and no other cell seeing both
/// holds `a`: one of them is `a`, so neither can be `b`.
fn type4(m: &Marks, r: &Rect, extra: &[usize], s: &mut Step) {
    let (x, y) = (extra[0], extra[1]);
    if !same_line(m, x, y) {
        return;
    }
    for (keep, drop) in [(r.a, r.b), (r.b, r.a)] {
        if seeing_both(m, x, y, keep, &[]).is_empty() {
            push_bits(m, s, x, 1 << drop);
            push_bits(m, s, y, 1 << drop);
            return;
        }
    }
}

/// Type 6: the two corners with extra digits lie diagonally, and a rectangle digit appears
/// in its rows and columns only in the corners: an X-Wing, which must take the plain
/// diagonal, so the other corners lose the digit.
fn type6(m: &Marks, r: &Rect, extra: &[usize], s: &mut Step) {
    let (x, y) = (extra[0], extra[1]);
    if same_line(m, x, y) {
        return;
    }
    let lines: Vec<usize> = [x, y]
        .iter()
        .flat_map(|&c| [m.layout().units_of[c][0], m.layout().units_of[c][1]])
        .collect();
    for d in [r.a, r.b] {
        let outside = lines.iter().any(|&u| {
            m.layout().units[u]
                .iter()
                .any(|&c| m.has(c, d) && !r.cells.contains(&c))
        });
        if !outside {
            push_bits(m, s, x, 1 << d);
            push_bits(m, s, y, 1 << d);
            return;
        }
    }
}

/// Hidden rectangle: from a plain corner (two plain corners must lie diagonally), the row and
/// column through the opposite corner hold one rectangle digit only in the rectangle; that
/// digit is then forced into the opposite corner's lines in a way that would make the pattern
/// deadly unless the opposite corner is not the other digit.
fn hidden(m: &Marks, r: &Rect, plain: &[usize], extra: &[usize], s: &mut Step) {
    let corners: &[usize] = match plain.len() {
        1 => plain,
        2 if !same_line(m, plain[0], plain[1]) => plain,
        _ => return,
    };
    let side = m.side();
    for &corner in corners {
        let [rc, cc, _] = m.layout().units_of[corner];
        let [r1, c1, _] = m.layout().units_of[extra[0]];
        let [r2, c2, _] = m.layout().units_of[extra[1]];
        let row = if r1 != rc { r1 } else { r2 };
        let col = if c1 != cc { c1 } else { c2 };
        let opposite = row * side + (col - side);
        for (check, drop) in [(r.a, r.b), (r.b, r.a)] {
            let elsewhere = [row, col].iter().any(|&u| {
                m.layout().units[u]
                    .iter()
                    .any(|&c| m.has(c, check) && !r.cells.contains(&c))
            });
            if !elsewhere && m.has(opposite, drop) {
                push_bits(m, s, opposite, 1 << drop);
                return;
            }
        }
    }
}

/// Avoidable rectangles: two placed (not given) corners in one box, `a` and `b`, and across
/// from them either a placed `b` and a bivalue cell with `a` (type 1: it loses `a`), or two
/// bivalue cells holding `b` and `a` and one common digit `z` (type 2: one of them is `z`).
pub(super) fn avoidable(m: &Marks, t: Technique, out: &mut Vec<Step>, limit: usize) {
    let placed = |c: usize| m.value(c).filter(|_| !m.is_given(c)).map(|d| d.index());
    let first = |c: usize| placed(c).map(|a| (a, 0));
    let second = |c: usize, a: usize, _: usize| placed(c).filter(|&b| b != a);
    let bivalue_with = |c: usize, d: usize| m.mask(c).count_ones() == 2 && m.has(c, d);
    // Across from `a` (start) and `b`: a placed `b` and a bivalue cell with `a`, the reverse,
    // or two bivalue cells with `b` and `a`.
    let far = |x: usize, y: usize, a: usize, b: usize| {
        (placed(x) == Some(b) && bivalue_with(y, a))
            || (placed(y) == Some(a) && bivalue_with(x, b))
            || (bivalue_with(x, b) && bivalue_with(y, a))
    };
    each_rect(m, &first, &second, &far, &mut |r| {
        let [i11, i12, i21, i22] = r.cells;
        let (a, b) = (r.a, r.b);
        let mut s = Step::new(t);
        let kind;
        if placed(i21).is_some() {
            kind = Technique::AvoidableRectangle1;
            push_bits(m, &mut s, i22, 1 << a);
        } else if placed(i22).is_some() {
            kind = Technique::AvoidableRectangle1;
            push_bits(m, &mut s, i21, 1 << b);
        } else {
            kind = Technique::AvoidableRectangle2;
            let z = m.mask(i21) & !(1 << b);
            if m.mask(i22) & z != 0 {
                let zd = z.trailing_zeros() as usize;
                for c in seeing_both(m, i21, i22, zd, &[]) {
                    s.eliminations.push((m.pos(c), Digit::from_index(zd)));
                }
            }
        }
        if kind != t || !s.is_progress() {
            return false;
        }
        s.eliminations.sort();
        s.digits = vec![Digit::from_index(a), Digit::from_index(b)];
        s.cells = [i11, i12, i21, i22].map(|c| m.pos(c)).to_vec();
        out.push(s);
        out.len() >= limit
    });
}
