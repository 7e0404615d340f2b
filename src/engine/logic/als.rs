//! ALS-XZ: two almost locked sets (`n` cells of a unit with `n + 1` candidates) joined by a
//! restricted common digit `x` (every `x` of one sees every `x` of the other); then a common
//! digit `z` is in one of them, and a cell seeing every `z` of both loses it.
//!
//! Bounds: sets have at most [`max_cells`] cells and at most [`MAX_SETS`] sets are collected,
//! so big grids search a bounded part of the space.

use super::{Marks, Step, Technique};
use crate::engine::grid::Digit;

/// Sets collected per search.
pub const MAX_SETS: usize = 3000;

/// Largest set: five cells up to 9x9, three beyond (their count grows fast with the side).
pub fn max_cells(side: usize) -> usize {
    if side <= 9 { 5 } else { 3 }
}

struct Als {
    cells: Vec<usize>,
    mask: u64,
}

fn collect(m: &Marks) -> Vec<Als> {
    let side = m.side();
    let max = max_cells(side);
    let mut found: Vec<Als> = Vec::new();
    let mut pick = Vec::new();
    for u in 0..3 * side {
        let cells: Vec<usize> = m.layout().units[u]
            .iter()
            .copied()
            .filter(|&c| m.value(c).is_none() && m.mask(c).count_ones() as usize <= max + 1)
            .collect();
        grow(m, &cells, 0, 0, max, &mut pick, &mut found);
        if found.len() >= MAX_SETS {
            break;
        }
    }
    found
}

fn grow(
    m: &Marks,
    cells: &[usize],
    start: usize,
    mask: u64,
    max: usize,
    pick: &mut Vec<usize>,
    found: &mut Vec<Als>,
) {
    if !pick.is_empty() && mask.count_ones() as usize == pick.len() + 1 {
        let mut sorted = pick.clone();
        sorted.sort_unstable();
        if !found.iter().any(|a| a.cells == sorted) && found.len() < MAX_SETS {
            found.push(Als {
                cells: sorted,
                mask,
            });
        }
    }
    if pick.len() == max {
        return;
    }
    for i in start..cells.len() {
        let u = mask | m.mask(cells[i]);
        if u.count_ones() as usize > max + 1 {
            continue;
        }
        pick.push(cells[i]);
        grow(m, cells, i + 1, u, max, pick, found);
        pick.pop();
    }
}

/// Cells of `set` holding digit `d`.
fn holding(m: &Marks, set: &Als, d: usize) -> Vec<usize> {
    set.cells.iter().copied().filter(|&c| m.has(c, d)).collect()
}

pub(super) fn xz(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let sets = collect(m);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.mask & b.mask;
            if common.count_ones() < 2 || a.cells.iter().any(|c| b.cells.contains(c)) {
                continue;
            }
            let mut bits = common;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (ax, bx) = (holding(m, a, x), holding(m, b, x));
                if !ax.iter().all(|&p| bx.iter().all(|&q| m.sees(p, q))) {
                    continue;
                }
                let mut s = Step::new(Technique::AlsXz);
                let mut zs = common & !(1 << x);
                while zs != 0 {
                    let z = zs.trailing_zeros() as usize;
                    zs &= zs - 1;
                    let zc: Vec<usize> = holding(m, a, z)
                        .into_iter()
                        .chain(holding(m, b, z))
                        .collect();
                    for &p in &m.layout().peers[zc[0]] {
                        if m.has(p, z)
                            && !a.cells.contains(&p)
                            && !b.cells.contains(&p)
                            && zc.iter().all(|&q| m.sees(p, q))
                        {
                            s.eliminations.push((m.pos(p), Digit::from_index(z)));
                        }
                    }
                }
                if s.eliminations.is_empty() {
                    continue;
                }
                s.eliminations.sort();
                s.digits.push(Digit::from_index(x));
                s.groups = vec![
                    a.cells.iter().map(|&c| m.pos(c)).collect(),
                    b.cells.iter().map(|&c| m.pos(c)).collect(),
                ];
                s.cells = a.cells.iter().chain(&b.cells).map(|&c| m.pos(c)).collect();
                out.push(s);
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}
