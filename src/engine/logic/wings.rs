//! Wings: XY-Wing, XYZ-Wing and W-Wing.

use super::single_digit::{seeing_both, strong_links};
use super::{Marks, Scope, Step, Technique};
use crate::engine::grid::Digit;

fn bivalues(m: &Marks) -> Vec<usize> {
    m.empty_cells()
        .filter(|&c| m.mask(c).count_ones() == 2)
        .collect()
}

fn push(m: &Marks, t: Technique, cells: &[usize], z: usize, elims: &[usize], out: &mut Vec<Step>) {
    let mut s = Step::new(t);
    let digit = Digit::from_index(z);
    s.digits.push(digit);
    s.cells = cells.iter().map(|&c| m.pos(c)).collect();
    s.eliminations = elims.iter().map(|&c| (m.pos(c), digit)).collect();
    s.eliminations.sort();
    out.push(s);
}

/// Whether a wing pivoting on `cell` can be new since the wings last found nothing outside
/// `scope`: a wing whose cells did not change was there then with at least the eliminations
/// it has now, so one of its cells changed, and the pivot sees it (or is it), in a unit of
/// the scope.
fn pivot_in(m: &Marks, scope: &Scope, cell: usize) -> bool {
    let side = m.side();
    m.layout().units_of[cell]
        .iter()
        .any(|&u| scope.has_unit(u, side))
}

/// Makes `wings` the bivalue cells that see `pivot` and whose candidates pass `fits`, in cell
/// order: read from the pivot's units, far fewer cells than the grid's bivalue cells.
fn peer_wings(m: &Marks, pivot: usize, fits: impl Fn(u64) -> bool, wings: &mut Vec<usize>) {
    wings.clear();
    for &u in &m.layout().units_of[pivot] {
        for &c in &m.layout().units[u] {
            let mask = m.mask(c);
            if c != pivot && mask.count_ones() == 2 && fits(mask) {
                wings.push(c);
            }
        }
    }
    wings.sort_unstable();
    wings.dedup();
}

/// A pivot `xy` seeing pincers `xz` and `yz`: one pincer holds `z`. Pivots only where
/// `scope` says a wing can be new ([`pivot_in`]).
pub(super) fn xy_wing(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let mut wings = Vec::new();
    let pivots = m.empty_cells().filter(|&c| m.mask(c).count_ones() == 2);
    for pivot in pivots.filter(|&c| pivot_in(m, scope, c)) {
        let pm = m.mask(pivot);
        peer_wings(m, pivot, |w| (w & pm).count_ones() == 1, &mut wings);
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (m.mask(a), m.mask(b));
                let z = ma & mb & !pm;
                if z == 0 || ma & pm == mb & pm || ma == mb {
                    continue;
                }
                let zd = z.trailing_zeros() as usize;
                let elims = seeing_both(m, a, b, zd, &[pivot]);
                if !elims.is_empty() {
                    push(m, Technique::XyWing, &[pivot, a, b], zd, &elims, out);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}

/// A pivot `xyz` seeing pincers `xz` and `yz`: the pivot or a pincer holds `z`. Pivots only
/// where `scope` says a wing can be new ([`pivot_in`]).
pub(super) fn xyz_wing(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let mut wings = Vec::new();
    let pivots = m.empty_cells().filter(|&c| m.mask(c).count_ones() == 3);
    for pivot in pivots.filter(|&c| pivot_in(m, scope, c)) {
        let pm = m.mask(pivot);
        peer_wings(m, pivot, |w| w & !pm == 0, &mut wings);
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let z = m.mask(a) & m.mask(b);
                if m.mask(a) == m.mask(b) || z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as usize;
                let elims: Vec<usize> = seeing_both(m, a, b, zd, &[pivot])
                    .into_iter()
                    .filter(|&c| m.sees(c, pivot))
                    .collect();
                if !elims.is_empty() {
                    push(m, Technique::XyzWing, &[pivot, a, b], zd, &elims, out);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}

/// Two cells `xy` that do not see each other, joined by a conjugate pair of `x` whose ends
/// see one cell each: one of the two cells holds `y`. Only wings that can be new since the
/// technique last found nothing outside `scope`: one of the two cells lies in a unit of the
/// scope, or the pair does (else the wing was there, with at least its eliminations).
pub(super) fn w_wing(m: &Marks, scope: &Scope, out: &mut Vec<Step>, limit: usize) {
    let side = m.side();
    let bi = bivalues(m);
    // The bivalue cells by their two digits, then by cell: the cells that can pair with one.
    let mut by_pair: Vec<(u64, usize)> = bi.iter().map(|&c| (m.mask(c), c)).collect();
    by_pair.sort_unstable();
    let mut links: Vec<Vec<(usize, usize, usize)>> = vec![Vec::new(); side];
    for &a in &bi {
        let both = m.mask(a);
        let after = by_pair.partition_point(|&x| x <= (both, a));
        let same = by_pair[after..]
            .iter()
            .take_while(|&&(mask, _)| mask == both);
        for &(_, b) in same {
            if m.sees(a, b) {
                continue;
            }
            let ends_new = pivot_in(m, scope, a) || pivot_in(m, scope, b);
            for (x, y) in [
                (
                    both.trailing_zeros() as usize,
                    63 - both.leading_zeros() as usize,
                ),
                (
                    63 - both.leading_zeros() as usize,
                    both.trailing_zeros() as usize,
                ),
            ] {
                if links[x].is_empty() {
                    links[x] = strong_links(m, x, 0..3 * side);
                }
                for &(u, p, q) in &links[x] {
                    if !ends_new && !scope.has_unit(u, side) {
                        continue;
                    }
                    let joins = [(p, q), (q, p)].iter().any(|&(e1, e2)| {
                        m.sees(e1, a)
                            && m.sees(e2, b)
                            && ![a, b].contains(&e1)
                            && ![a, b].contains(&e2)
                    });
                    if !joins {
                        continue;
                    }
                    let elims = seeing_both(m, a, b, y, &[p, q]);
                    if elims.is_empty() {
                        continue;
                    }
                    let mut s = Step::new(Technique::WWing);
                    s.digits = vec![Digit::from_index(y), Digit::from_index(x)];
                    s.cells = [a, b, p, q].map(|c| m.pos(c)).to_vec();
                    let digit = Digit::from_index(y);
                    s.eliminations = elims.iter().map(|&c| (m.pos(c), digit)).collect();
                    out.push(s);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
        }
    }
}
