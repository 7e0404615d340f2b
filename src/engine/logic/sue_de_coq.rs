//! Sue de Coq: two or three empty cells where a line crosses a box, holding at least two
//! digits more than cells, split with a set of the line's other cells and a set of the box's
//! other cells so that the three sets together are locked: the line set takes some of the
//! intersection's digits, the box set the rest, and each set's own extra digits stay with it.
//! Then the line's other cells lose the digits the line set and the intersection hold (but
//! those the box set takes), the box's other cells likewise, and both lose the extra digits
//! the two sets share.
//!
//! The search is HoDoKu's, in its order (rows then columns, each box, intersections of two
//! cells then three, line sets then box sets by cell order). Beyond 9x9 the line and box sets
//! have at most three cells, which keeps the search small.

use super::{Marks, Step, Technique};
use crate::engine::grid::Digit;

/// What one search looks at: the line's and box's empty cells, the intersection, and the
/// box's cells outside it (where the box set is chosen).
struct Frame<'a> {
    m: &'a Marks,
    line: &'a [usize],
    boxed: &'a [usize],
    inter: &'a [usize],
    box_source: Vec<usize>,
    inter_digits: u64,
    max_set: usize,
}

pub(super) fn sue_de_coq(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let max_set = if side <= 9 { side } else { 3 };
    let empty = |u: usize| -> Vec<usize> {
        m.layout().units[u]
            .iter()
            .copied()
            .filter(|&c| m.value(c).is_none())
            .collect()
    };
    for line_unit in 0..2 * side {
        let line = empty(line_unit);
        for b in 0..side {
            let boxed = empty(2 * side + b);
            let inter: Vec<usize> = line.iter().copied().filter(|c| boxed.contains(c)).collect();
            if inter.len() < 2 {
                continue;
            }
            for i1 in 0..inter.len() {
                for i2 in i1 + 1..inter.len() {
                    let two = [inter[i1], inter[i2]];
                    if try_inter(m, &line, &boxed, &two, max_set, out, limit) {
                        return;
                    }
                    for &c3 in &inter[i2 + 1..] {
                        let three = [inter[i1], inter[i2], c3];
                        if try_inter(m, &line, &boxed, &three, max_set, out, limit) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Tries one intersection; true once `out` holds `limit` steps.
fn try_inter(
    m: &Marks,
    line: &[usize],
    boxed: &[usize],
    inter: &[usize],
    max_set: usize,
    out: &mut Vec<Step>,
    limit: usize,
) -> bool {
    let inter_digits = inter.iter().fold(0, |a, &c| a | m.mask(c));
    let spare = inter_digits.count_ones() as usize;
    if spare < inter.len() + 2 {
        return false;
    }
    let f = Frame {
        m,
        line,
        boxed,
        inter,
        box_source: boxed
            .iter()
            .copied()
            .filter(|c| !inter.contains(c))
            .collect(),
        inter_digits,
        max_set,
    };
    let source: Vec<usize> = line
        .iter()
        .copied()
        .filter(|c| !inter.contains(c))
        .collect();
    let mut chosen = Vec::new();
    line_sets(
        &f,
        &source,
        0,
        0,
        spare - inter.len(),
        &mut chosen,
        out,
        limit,
    )
}

/// Grows the line set from `source[start..]`, trying the box sets for each that fits.
#[allow(clippy::too_many_arguments)]
fn line_sets(
    f: &Frame,
    source: &[usize],
    start: usize,
    digits: u64,
    plus: usize,
    chosen: &mut Vec<usize>,
    out: &mut Vec<Step>,
    limit: usize,
) -> bool {
    for i in start..source.len() {
        if chosen.len() >= f.max_set {
            return false;
        }
        let d = digits | f.m.mask(source[i]);
        chosen.push(source[i]);
        let extra = (d & !f.inter_digits).count_ones() as usize;
        let taken = chosen.len().saturating_sub(extra);
        // It takes some intersection digits, is locked with its extras, and leaves the box
        // set some digits to take.
        if d & f.inter_digits != 0 && chosen.len() > extra && taken < plus {
            // The box set may not hold the intersection digits the line set takes.
            let allowed = !(d & f.inter_digits);
            let mut in_box = Vec::new();
            let set = (chosen.as_slice(), d);
            if box_sets(f, set, 0, 0, allowed, plus - taken, &mut in_box, out, limit) {
                return true;
            }
        }
        if line_sets(f, source, i + 1, d, plus, chosen, out, limit) {
            return true;
        }
        chosen.pop();
    }
    false
}

/// Grows the box set from `source[start..]` (cells without the line set's intersection
/// digits); reports each that takes exactly `need` digits and removes something.
#[allow(clippy::too_many_arguments)]
fn box_sets(
    f: &Frame,
    line_set: (&[usize], u64),
    start: usize,
    digits: u64,
    allowed: u64,
    need: usize,
    chosen: &mut Vec<usize>,
    out: &mut Vec<Step>,
    limit: usize,
) -> bool {
    for (i, &c) in f.box_source.iter().enumerate().skip(start) {
        if f.m.mask(c) & !allowed != 0 || chosen.len() >= f.max_set {
            continue;
        }
        let d = digits | f.m.mask(c);
        chosen.push(c);
        let extra = (d & !f.inter_digits).count_ones() as usize;
        let taken = chosen.len() as isize - extra as isize;
        let found = (d & f.inter_digits != 0 && taken == need as isize)
            .then(|| step(f, line_set, (chosen, d)))
            .flatten();
        if let Some(s) = found {
            out.push(s);
            if out.len() >= limit {
                return true;
            }
        }
        if taken <= need as isize
            && box_sets(f, line_set, i + 1, d, allowed, need, chosen, out, limit)
        {
            return true;
        }
        chosen.pop();
    }
    false
}

/// The step of a found pattern, if it removes something.
fn step(f: &Frame, (a, a_digits): (&[usize], u64), (b, b_digits): (&[usize], u64)) -> Option<Step> {
    let m = f.m;
    let v = f.inter_digits;
    let shared_extra = a_digits & b_digits & !v;
    let box_gone = ((v | b_digits) & !a_digits) | shared_extra;
    let line_gone = ((v | a_digits) & !b_digits) | shared_extra;
    let mut s = Step::new(Technique::SueDeCoq);
    for (cells, gone, set) in [(f.boxed, box_gone, b), (f.line, line_gone, a)] {
        for &c in cells {
            if f.inter.contains(&c) || set.contains(&c) {
                continue;
            }
            let mut bits = m.mask(c) & gone;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                s.eliminations.push((m.pos(c), Digit::from_index(d)));
            }
        }
    }
    if s.eliminations.is_empty() {
        return None;
    }
    s.eliminations.sort();
    s.eliminations.dedup();
    let mut bits = v;
    while bits != 0 {
        s.digits
            .push(Digit::from_index(bits.trailing_zeros() as usize));
        bits &= bits - 1;
    }
    s.cells = f.inter.iter().map(|&c| m.pos(c)).collect();
    s.groups = vec![
        a.iter().map(|&c| m.pos(c)).collect(),
        b.iter().map(|&c| m.pos(c)).collect(),
    ];
    Some(s)
}
