//! ALS-XZ: two almost locked sets (`n` cells of a unit with `n + 1` candidates) joined by a
//! restricted common digit `x` (every `x` of one sees every `x` of the other); then a common
//! digit `z` is in one of them, and a cell seeing every `z` of both loses it. With two
//! restricted commons (doubly linked) each set less those two digits is locked as well.
//!
//! The search is HoDoKu's: sets collected unit by unit (rows, columns, boxes) in subset order,
//! pairs taken in that order, the first pair that removes something reported. Sets are cell
//! bitsets, so the pair test is a few word operations.
//!
//! Bounds: sets have at most [`max_cells`] cells and at most [`MAX_SETS`] sets are collected,
//! so big grids search a bounded part of the space.

use super::{Marks, Step, Technique};
use crate::engine::grid::Digit;

/// Sets collected per search.
pub const MAX_SETS: usize = 3000;

/// Largest set: all but one cell of a unit up to 9x9, three cells beyond (their count grows
/// fast with the side).
pub fn max_cells(side: usize) -> usize {
    if side <= 9 { side - 1 } else { 3 }
}

/// Fixed-width cell bitsets in one arena; a set is named by its offset.
struct Arena {
    width: usize,
    words: Vec<u64>,
}

impl Arena {
    fn new(cells: usize) -> Arena {
        Arena {
            width: cells.div_ceil(64),
            words: Vec::new(),
        }
    }

    fn alloc(&mut self) -> usize {
        let at = self.words.len();
        self.words.resize(at + self.width, 0);
        at
    }

    fn get(&self, at: usize) -> &[u64] {
        &self.words[at..at + self.width]
    }

    fn set(&mut self, at: usize, cell: usize) {
        self.words[at + cell / 64] |= 1 << (cell % 64);
    }

    fn cells(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        cells_of(self.get(at))
    }
}

/// One set: its cells, digits, and per digit (in digit order) the set's cells holding it
/// and the cells outside it that hold it and see all of those.
struct Als {
    cells: usize,
    mask: u64,
    per_digit: Vec<(usize, usize)>,
}

impl Als {
    fn digit(&self, d: usize) -> (usize, usize) {
        self.per_digit[(self.mask & ((1 << d) - 1)).count_ones() as usize]
    }
}

fn disjoint(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// Every set, HoDoKu's order; a set met again in a later unit (a box set on one line, a
/// single cell) is kept where it was first met.
fn collect(m: &Marks, arena: &mut Arena) -> Vec<Als> {
    let side = m.side();
    let max = max_cells(side);
    let mut found: Vec<(Vec<usize>, u64)> = Vec::new();
    let mut pick = Vec::new();
    for u in 0..3 * side {
        let cells: Vec<usize> = m.layout().units[u]
            .iter()
            .copied()
            .filter(|&c| m.value(c).is_none())
            .collect();
        grow(m, u, &cells, 0, 0, max, &mut pick, &mut found);
        if found.len() >= MAX_SETS {
            break;
        }
    }
    // Per digit, the cells holding it; per cell, its peers.
    let side_sets: Vec<usize> = (0..side).map(|_| arena.alloc()).collect();
    for c in m.empty_cells() {
        let mut bits = m.mask(c);
        while bits != 0 {
            arena.set(side_sets[bits.trailing_zeros() as usize], c);
            bits &= bits - 1;
        }
    }
    let mut peers = vec![usize::MAX; m.size().cells()];
    let mut sets = Vec::with_capacity(found.len());
    for (cells, mask) in found {
        let at = arena.alloc();
        for &c in &cells {
            arena.set(at, c);
            if peers[c] == usize::MAX {
                peers[c] = arena.alloc();
                for &p in &m.layout().peers[c] {
                    arena.set(peers[c], p);
                }
            }
        }
        let mut per_digit = Vec::with_capacity(mask.count_ones() as usize);
        let mut bits = mask;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (hold, seen) = (arena.alloc(), arena.alloc());
            let w = arena.width;
            arena
                .words
                .copy_within(side_sets[d]..side_sets[d] + w, seen);
            for &c in cells.iter().filter(|&&c| m.has(c, d)) {
                arena.set(hold, c);
                for i in 0..w {
                    arena.words[seen + i] &= arena.words[peers[c] + i];
                }
            }
            for i in 0..w {
                arena.words[seen + i] &= !arena.words[at + i];
            }
            per_digit.push((hold, seen));
        }
        sets.push(Als {
            cells: at,
            mask,
            per_digit,
        });
    }
    sets
}

/// Depth-first subsets of the unit's empty `cells` from `start`, as HoDoKu enumerates them.
#[allow(clippy::too_many_arguments)]
fn grow(
    m: &Marks,
    u: usize,
    cells: &[usize],
    start: usize,
    mask: u64,
    max: usize,
    pick: &mut Vec<usize>,
    found: &mut Vec<(Vec<usize>, u64)>,
) {
    let side = m.side();
    for i in start..cells.len() {
        let union = mask | m.mask(cells[i]);
        if union.count_ones() as usize > max + 1 {
            continue;
        }
        pick.push(cells[i]);
        if union.count_ones() as usize == pick.len() + 1 && found.len() < MAX_SETS {
            let units = |k: usize| {
                pick.iter()
                    .all(|&c| m.layout().units_of[c][k] == m.layout().units_of[pick[0]][k])
            };
            // A single cell belongs to its row; a box set on one line to that line.
            let met_before = if pick.len() == 1 {
                u >= side
            } else {
                u >= 2 * side && (units(0) || units(1))
            };
            if !met_before {
                found.push((pick.clone(), union));
            }
        }
        if pick.len() < max {
            grow(m, u, cells, i + 1, union, max, pick, found);
        }
        pick.pop();
    }
}

pub(super) fn xz(m: &Marks, out: &mut Vec<Step>, limit: usize) {
    let mut arena = Arena::new(m.size().cells());
    let sets = collect(m, &mut arena);
    let mut elims: Vec<(usize, usize)> = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.mask & b.mask;
            if common.count_ones() < 2 || !disjoint(arena.get(a.cells), arena.get(b.cells)) {
                continue;
            }
            // Restricted commons: every x of b sees every x of a.
            let (mut rcs, mut n_rc) = ([0usize; 2], 0);
            let mut bits = common;
            while bits != 0 && n_rc < 2 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if subset(arena.get(b.digit(x).0), arena.get(a.digit(x).1)) {
                    rcs[n_rc] = x;
                    n_rc += 1;
                }
            }
            let rcs = &rcs[..n_rc];
            if rcs.is_empty() {
                continue;
            }
            elims.clear();
            for &x in rcs {
                let mut zs = common & !(1 << x);
                while zs != 0 {
                    let z = zs.trailing_zeros() as usize;
                    zs &= zs - 1;
                    let (sa, sb) = (arena.get(a.digit(z).1), arena.get(b.digit(z).1));
                    push_cells(sa, sb, false, z, &mut elims);
                }
            }
            if rcs.len() == 2 {
                // Doubly linked: each set less the two digits is locked.
                for (s, other) in [(a, b), (b, a)] {
                    let mut rest = s.mask & !(1 << rcs[0]) & !(1 << rcs[1]);
                    while rest != 0 {
                        let z = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        let (seen, outside) = (arena.get(s.digit(z).1), arena.get(other.cells));
                        push_cells(seen, outside, true, z, &mut elims);
                    }
                }
            }
            if elims.is_empty() {
                continue;
            }
            out.push(step(m, &arena, a, b, rcs, &elims));
            if out.len() >= limit {
                return;
            }
        }
    }
}

/// Pushes `(cell, z)` for each cell in `a` and in `b` (or, with `outside`, not in `b`).
fn push_cells(a: &[u64], b: &[u64], outside: bool, z: usize, out: &mut Vec<(usize, usize)>) {
    for (w, (&x, &y)) in a.iter().zip(b).enumerate() {
        let mut bits = if outside { x & !y } else { x & y };
        while bits != 0 {
            out.push((w * 64 + bits.trailing_zeros() as usize, z));
            bits &= bits - 1;
        }
    }
}

fn cells_of(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + b
            })
        })
    })
}

fn step(
    m: &Marks,
    arena: &Arena,
    a: &Als,
    b: &Als,
    rcs: &[usize],
    elims: &[(usize, usize)],
) -> Step {
    let mut s = Step::new(Technique::AlsXz);
    s.eliminations = elims
        .iter()
        .map(|&(c, d)| (m.pos(c), Digit::from_index(d)))
        .collect();
    s.eliminations.sort();
    s.eliminations.dedup();
    s.digits = rcs.iter().map(|&x| Digit::from_index(x)).collect();
    let ga: Vec<_> = arena.cells(a.cells).map(|c| m.pos(c)).collect();
    let gb: Vec<_> = arena.cells(b.cells).map(|c| m.pos(c)).collect();
    s.cells = ga.iter().chain(&gb).copied().collect();
    s.groups = vec![ga, gb];
    s
}
