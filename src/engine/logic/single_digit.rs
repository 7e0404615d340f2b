//! Single-digit patterns built from conjugate pairs (a digit with exactly two places in a
//! unit): skyscraper, 2-string kite and empty rectangle.

use super::intersections::for_bits;
use super::{Marks, Scope, Step, Technique, Unit};
use crate::engine::grid::Digit;

/// Conjugate pairs of digit `d` in units `units`: (unit, first cell, second cell).
pub(super) fn strong_links(
    m: &Marks,
    d: usize,
    units: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    push_links(m, d, units, &mut out);
    out
}

/// Appends the conjugate pairs of [`strong_links`] to `out`.
pub(super) fn push_links(
    m: &Marks,
    d: usize,
    units: std::ops::Range<usize>,
    out: &mut Vec<(usize, usize, usize)>,
) {
    for u in units {
        let p = m.places(u, d);
        if p.count_ones() == 2 {
            let a = m.cell_at(u, p.trailing_zeros() as usize);
            let b = m.cell_at(u, 63 - p.leading_zeros() as usize);
            out.push((u, a, b));
        }
    }
}

/// Cells other than `skip` that see both `a` and `b` and hold digit `d`, in cell order. They
/// are read from the places of `d` in `a`'s units, far fewer than `a`'s peers.
pub(super) fn seeing_both(m: &Marks, a: usize, b: usize, d: usize, skip: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    push_seeing_both(m, a, b, d, skip, &mut out);
    out.sort_unstable();
    out
}

/// Appends the cells of [`seeing_both`] to `out`, unsorted, each once among those appended.
fn push_seeing_both(m: &Marks, a: usize, b: usize, d: usize, skip: &[usize], out: &mut Vec<usize>) {
    let start = out.len();
    for &u in &m.layout().units_of[a] {
        let mut bits = m.places(u, d);
        while bits != 0 {
            let p = m.cell_at(u, bits.trailing_zeros() as usize);
            bits &= bits - 1;
            if p != a && m.sees(p, b) && !skip.contains(&p) && !out[start..].contains(&p) {
                out.push(p);
            }
        }
    }
}

/// Skyscraper (two parallel conjugate pairs joined at one end by a line) or 2-string kite
/// (a row pair and a column pair joined in a box): one of the two free ends holds the digit.
pub(super) fn turbot(m: &Marks, t: Technique, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let (side, n) = (m.side(), m.size().box_size());
    let row = |c: usize| c / side;
    let col = |c: usize| c % side;
    let boxed = |c: usize| (row(c) / n, col(c) / n);
    for d in (0..side).filter(|&d| scope.has_digit(d)) {
        let rows = strong_links(m, d, 0..side);
        let cols = strong_links(m, d, side..2 * side);
        type Link = (usize, usize, usize);
        let mut pairs: Vec<(Link, Link)> = Vec::new();
        if t == Technique::Skyscraper {
            for links in [&rows, &cols] {
                for (i, x) in links.iter().enumerate() {
                    for y in &links[i + 1..] {
                        pairs.push((*x, *y));
                    }
                }
            }
        } else {
            for x in &rows {
                for y in &cols {
                    pairs.push((*x, *y));
                }
            }
        }
        for ((u1, a1, b1), (u2, a2, b2)) in pairs {
            for (top1, end1) in [(a1, b1), (b1, a1)] {
                for (top2, end2) in [(a2, b2), (b2, a2)] {
                    let cells = [top1, end1, top2, end2];
                    if (1..4).any(|i| cells[..i].contains(&cells[i])) {
                        continue;
                    }
                    let joined = if t == Technique::Skyscraper {
                        let across = |c: usize| if u1 < side { col(c) } else { row(c) };
                        across(end1) == across(end2) && across(top1) != across(top2)
                    } else {
                        boxed(end1) == boxed(end2)
                            && boxed(top1) != boxed(end1)
                            && boxed(top2) != boxed(end1)
                    };
                    if !joined {
                        continue;
                    }
                    let elims = seeing_both(m, top1, top2, d, &cells);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut s = Step::new(t);
                    s.digits.push(Digit::from_index(d));
                    s.cells = [top1, end1, end2, top2].map(|c| m.pos(c)).to_vec();
                    s.units = vec![
                        Unit::from_layout(u1, m.size()),
                        Unit::from_layout(u2, m.size()),
                    ];
                    s.eliminations = elims
                        .iter()
                        .map(|&c| (m.pos(c), Digit::from_index(d)))
                        .collect();
                    out.push(s);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}

/// Empty rectangle: a box whose digit lies in one row and one column of it, with a conjugate
/// pair in a line crossing that row (or column) outside the box.
pub(super) fn empty_rectangle(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let (side, n) = (m.side(), m.size().box_size());
    let low = (1u64 << n) - 1;
    // The local columns (as bits) of box slots.
    let columns = |slots: u64| (0..n).fold(0u64, |a, r| a | (slots >> (r * n) & low));
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    for d in (0..side).filter(|&d| scope.has_digit(d)) {
        rows.clear();
        cols.clear();
        // The conjugate pairs are read once a box needs them.
        let mut linked = false;
        // Whether a conjugate pair lies in one of the scope's units.
        let mut any_in_scope = false;
        for b in 0..side {
            let (br, bc) = (b / n, b % n);
            let p = m.places(2 * side + b, d);
            if p.count_ones() < 2 {
                continue;
            }
            // A rectangle whose box and pair did not change was there when the technique
            // last found nothing: outside the scope's boxes, only pairs in its units count.
            let box_in_scope = scope.has_unit(2 * side + b, side);
            if !box_in_scope && linked && !any_in_scope {
                continue;
            }
            // The box's places must lie in one local row `lr` and one local column `lc`,
            // both arms occupied (else it is locked candidates): the places off row `lr`
            // fix `lc`, as they must all be in it.
            for lr in 0..n {
                let in_row = p & low << (lr * n);
                let in_col = p & !(low << (lr * n));
                let off = columns(in_col);
                if in_col == 0 || off.count_ones() != 1 {
                    continue;
                }
                let lc = off.trailing_zeros() as usize;
                if in_row & !(1 << (lr * n + lc)) == 0 {
                    continue;
                }
                if !linked {
                    push_links(m, d, 0..side, &mut rows);
                    push_links(m, d, side..2 * side, &mut cols);
                    linked = true;
                    any_in_scope = rows.iter().chain(&cols).any(|l| scope.has_unit(l.0, side));
                }
                let counts = |u: usize| box_in_scope || scope.has_unit(u, side);
                let (r, c) = (br * n + lr, bc * n + lc);
                // Column pairs with one end in row r: the other end's row loses the
                // digit at column c. Row pairs with one end in column c likewise.
                found.clear();
                for &(u, a, e) in &cols {
                    let x = u - side;
                    if x / n == bc || !counts(u) {
                        continue;
                    }
                    for (near, far) in [(a, e), (e, a)] {
                        if near / side == r && (far / side) / n != br {
                            found.push((u, far, (far / side) * side + c));
                        }
                    }
                }
                for &(u, a, e) in &rows {
                    if u / n == br || !counts(u) {
                        continue;
                    }
                    for (near, far) in [(a, e), (e, a)] {
                        if near % side == c && (far % side) / n != bc {
                            found.push((u, far, r * side + far % side));
                        }
                    }
                }
                for &(u, far, target) in &found {
                    if !m.has(target, d) {
                        continue;
                    }
                    let mut s = Step::new(Technique::EmptyRectangle);
                    let digit = Digit::from_index(d);
                    s.digits.push(digit);
                    for_bits(p, |i| s.cells.push(m.pos(m.cell_at(2 * side + b, i))));
                    let link = &m.layout().units[u];
                    let other = link.iter().copied().find(|&x| x != far && m.has(x, d));
                    s.cells.extend(other.map(|x| m.pos(x)));
                    s.cells.push(m.pos(far));
                    s.units = vec![Unit::from_layout(2 * side + b, m.size())];
                    s.cover = vec![Unit::from_layout(u, m.size())];
                    s.eliminations.push((m.pos(target), digit));
                    out.push(s);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}

/// No partner: an unused slot of [`Turbot::partners`].
const NO_CELL: u32 = u32::MAX;

/// The buffers of [`turbot_fish_eliminations`], kept across its calls.
#[derive(Default)]
pub(super) struct Turbot {
    /// `partners[c]`: the other ends of `c`'s conjugate pairs of the digit at hand (a cell
    /// has at most one per unit), [`NO_CELL`] in the unused slots.
    partners: Vec<[u32; 3]>,
    /// The cells with a partner, each once.
    ends: Vec<usize>,
    /// The cells that lose the digit, as bits.
    gone: Vec<u64>,
    /// The conjugate pairs of the digit at hand: (unit, cell, cell).
    pairs: Vec<(usize, usize, usize)>,
    /// Those in the scope's units, both ways round: where a chain starts.
    starts: Vec<(usize, usize)>,
    /// The far ends already marked from the chain start at hand.
    to: Vec<usize>,
}

impl Turbot {
    fn link(&mut self, a: usize, b: usize) {
        let slots = &mut self.partners[a];
        if slots[0] == NO_CELL {
            self.ends.push(a);
        }
        if let Some(free) = slots.iter().position(|&x| x == b as u32 || x == NO_CELL) {
            slots[free] = b as u32;
        }
    }
}

/// The partners of a cell in [`Turbot::partners`].
fn partners(slots: &[u32; 3]) -> impl Iterator<Item = usize> + '_ {
    slots
        .iter()
        .take_while(|&&x| x != NO_CELL)
        .map(|&x| x as usize)
}

/// Every elimination of the turbot fish (three-link X-chains `s = a - b = t`: conjugate pairs
/// `s = a` and `b = t` with `a` seeing `b`, so `s` or `t` holds the digit) of `scope`'s
/// digits with a conjugate pair in one of `scope`'s units, as one step per digit: what the
/// chain search removes for turbot fish, found from the conjugate pairs alone, for the logic
/// solver's outcome (which needs no chain to show).
///
/// A turbot fish whose two pairs lie in units where the digit did not change was there when
/// the technique last found nothing, with at least the eliminations it has now: none. The
/// chain read backwards is a turbot fish with the same eliminations, so each chain is found
/// from the pair in scope, taken as its first.
pub(super) fn turbot_fish_eliminations(
    m: &Marks,
    scope: &Scope,
    buf: &mut Turbot,
    out: &mut Vec<Step>,
) {
    let (side, cells) = (m.side(), m.size().cells());
    buf.partners.resize(cells, [NO_CELL; 3]);
    buf.gone.clear();
    buf.gone.resize(cells.div_ceil(64), 0);
    for d in (0..side).filter(|&d| scope.has_digit(d)) {
        buf.pairs.clear();
        push_links(m, d, 0..3 * side, &mut buf.pairs);
        buf.starts.clear();
        for &(u, a, b) in &buf.pairs {
            if scope.has_unit(u, side) {
                buf.starts.extend([(a, b), (b, a)]);
            }
        }
        if buf.starts.is_empty() {
            continue;
        }
        for i in 0..buf.pairs.len() {
            let (_, a, b) = buf.pairs[i];
            buf.link(a, b);
            buf.link(b, a);
        }
        let Turbot {
            partners: links,
            ends,
            gone,
            starts,
            to,
            ..
        } = &mut *buf;
        let mut any = false;
        // What a chain removes depends on its ends alone: each pair of ends is marked once
        // (the starts of one end come together), and once in one direction when both of
        // its pairs are in the scope.
        starts.sort_unstable();
        let mut from = usize::MAX;
        for &(s, a) in starts.iter() {
            if s != from {
                from = s;
                to.clear();
            }
            for &u in &m.layout().units_of[a] {
                let mut bits = m.places(u, d);
                while bits != 0 {
                    let b = m.cell_at(u, bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    if b == a || b == s {
                        continue;
                    }
                    for t in partners(&links[b]).filter(|&t| t != s && t != a) {
                        if to.contains(&t) || (t < s && pair_in_scope(m, scope, b, t, d)) {
                            continue;
                        }
                        to.push(t);
                        any |= mark_seeing_both(m, s, t, d, gone);
                    }
                }
            }
        }
        for &c in ends.iter() {
            links[c] = [NO_CELL; 3];
        }
        ends.clear();
        if !any {
            continue;
        }
        let mut step = Step::new(Technique::TurbotFish);
        let digit = Digit::from_index(d);
        step.digits.push(digit);
        for (w, word) in gone.iter_mut().enumerate() {
            for_bits(*word, |i| {
                step.eliminations.push((m.pos(64 * w + i), digit))
            });
            *word = 0;
        }
        out.push(step);
    }
}

/// Whether `a` and `b` are a conjugate pair of digit `d` in one of `scope`'s units.
fn pair_in_scope(m: &Marks, scope: &Scope, a: usize, b: usize, d: usize) -> bool {
    let side = m.side();
    let (ua, ub) = (m.layout().units_of[a], m.layout().units_of[b]);
    (0..3).any(|k| {
        let u = ua[k];
        u == ub[k] && m.places(u, d).count_ones() == 2 && scope.has_unit(u, side)
    })
}

/// Marks in `gone` the cells other than `a` that see both `a` and `b` and hold digit `d`
/// (read from the places of `d` in `a`'s units); whether there is one.
fn mark_seeing_both(m: &Marks, a: usize, b: usize, d: usize, gone: &mut [u64]) -> bool {
    let mut any = false;
    for &u in &m.layout().units_of[a] {
        let mut bits = m.places(u, d);
        while bits != 0 {
            let p = m.cell_at(u, bits.trailing_zeros() as usize);
            bits &= bits - 1;
            if p != a && m.sees(p, b) {
                gone[p / 64] |= 1 << (p % 64);
                any = true;
            }
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::random_full_grid;
    use crate::engine::grid::{Entry, Grid, Pos, Size};
    use crate::engine::logic::{Level, LogicOptions, Outcome, solve};
    use crate::engine::rng::Rng;

    fn removals(steps: &[Step]) -> Vec<(Pos, Digit)> {
        let mut all: Vec<(Pos, Digit)> =
            steps.iter().flat_map(|s| s.eliminations.clone()).collect();
        all.sort();
        all.dedup();
        all
    }

    /// Where locked candidates find nothing (the solver tries turbot fish only then), the
    /// conjugate-pair search removes what the chain search removes.
    #[test]
    fn turbot_eliminations_match_the_chain_search() {
        let options = LogicOptions {
            unique: false,
            max_level: Level::Medium,
        };
        let mut compared = 0;
        for n in [3usize, 4] {
            let size = Size::new(n).expect("size");
            for seed in 0..200u64 {
                let mut rng = Rng::new(seed);
                let full = random_full_grid(size, &mut rng, None).expect("full grid");
                let mut puzzle = Grid::empty(size);
                for (i, e) in full.entries().iter().enumerate() {
                    if rng.below(100) < 30 {
                        let d = e.digit().expect("full grid");
                        puzzle.set(Pos::from_index(i, size), Entry::Given(d));
                    }
                }
                let solved = solve(&puzzle, &options);
                if solved.outcome != Outcome::Stuck {
                    continue;
                }
                let (mut chains, mut pairs) = (Vec::new(), Vec::new());
                Technique::TurbotFish.find(&solved.marks, &mut chains, usize::MAX);
                let mut buf = Turbot::default();
                turbot_fish_eliminations(&solved.marks, &Scope::ALL, &mut buf, &mut pairs);
                assert_eq!(removals(&pairs), removals(&chains), "{n} {seed}");
                compared += usize::from(!chains.is_empty());
            }
        }
        assert!(compared > 10, "{compared}");
    }
}
