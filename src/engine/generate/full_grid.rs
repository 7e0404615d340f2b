//! Random full grids: a randomised search from random diagonal boxes, then random
//! validity-preserving transformations.

use super::{GenerateError, GenerateStats};
use crate::engine::grid::{Digit, Entry, Grid, MAX_BOX, Pos, Size};
use crate::engine::nine::Nine;
use crate::engine::rng::Rng;
use crate::engine::search::{Cancel, Flow, Halt, Limits, Order, Searcher, Start};

/// A random complete grid: a randomised search of the empty grid, then random
/// validity-preserving transformations (digits relabelled, rows within bands and bands
/// permuted, columns likewise, optional transpose). Consumes `rng` deterministically.
pub fn random_full_grid(
    size: Size,
    rng: &mut Rng,
    cancel: Option<&Cancel>,
) -> Result<Grid, GenerateError> {
    let mut stats = GenerateStats::default();
    full_grid(size, rng, cancel, &mut stats)
}

/// [`random_full_grid`], adding its search effort to `stats`.
pub(super) fn full_grid(
    size: Size,
    rng: &mut Rng,
    cancel: Option<&Cancel>,
    stats: &mut GenerateStats,
) -> Result<Grid, GenerateError> {
    // Randomised search of an empty grid has heavy-tailed run times on big grids; restarting
    // with a fresh stream and a growing node budget keeps the expected time low.
    let mut budget = 2 * size.cells() as u64 + 64;
    let values = loop {
        let seeded = diagonal_boxes(size, rng);
        let order = Order::Random(Rng::new(rng.next_u64()));
        let limits = Limits {
            max_nodes: Some(budget),
            cancel: cancel.cloned(),
        };
        let mut found = None;
        let (nodes, halt) = match Nine::from_grid(&seeded) {
            Some(nine) => {
                let (s, halt) = nine.run(order, &limits, &mut |v: &[u8]| {
                    found = Some(v.to_vec());
                    Flow::Stop
                });
                (s.nodes, Some(halt))
            }
            None => {
                let mut searcher = Searcher::new(&Start::from_grid(&seeded), order, limits);
                found = searcher.next_solution().map(<[u8]>::to_vec);
                (searcher.stats().nodes, searcher.halt())
            }
        };
        stats.full_grid_nodes += nodes;
        if let Some(v) = found {
            break v;
        }
        match halt {
            // Out of budget, or diagonal boxes no grid completes (half of them at 4x4).
            Some(Halt::NodeLimit | Halt::Exhausted) => {
                stats.full_grid_restarts += 1;
                budget += budget / 2;
            }
            Some(Halt::Cancelled) => return Err(GenerateError::Cancelled),
            halt => return Err(GenerateError::FullGrid { halt }),
        }
    };
    let filled = Grid::from_values(size, &values).expect("a search's values fit its size");
    Ok(isomorph(&filled, rng))
}

/// An otherwise empty grid whose main-diagonal boxes hold independent random permutations:
/// those boxes share no unit, so they can be filled without any search, which then only fills
/// the rest, a smaller search. Left empty at 49x49, where the search of the rest from such
/// boxes measured a heavier tail than the search of the empty grid.
fn diagonal_boxes(size: Size, rng: &mut Rng) -> Grid {
    let mut grid = Grid::empty(size);
    let n = size.box_size();
    if n >= 7 {
        return grid;
    }
    for b in 0..n {
        for (i, &d) in permutation(rng, size.side())[..size.side()]
            .iter()
            .enumerate()
        {
            let p = Pos::new(b * n + i / n, b * n + i % n);
            grid.set(p, Entry::Given(Digit::from_index(d)));
        }
    }
    grid
}

/// The most lines a grid has ([`MAX_BOX`] squared).
const MAX_SIDE: usize = MAX_BOX as usize * MAX_BOX as usize;

/// A random permutation of `0..n` in the first `n` entries: kept on the stack, as each grid
/// takes a dozen.
fn permutation(rng: &mut Rng, n: usize) -> [usize; MAX_SIDE] {
    let mut p = [0; MAX_SIDE];
    for (i, v) in p.iter_mut().enumerate() {
        *v = i;
    }
    rng.shuffle(&mut p[..n]);
    p
}

/// A random line order that keeps bands: bands permuted, lines permuted within each band; the
/// `n * n` lines in the first entries.
fn band_preserving_order(rng: &mut Rng, n: usize) -> [usize; MAX_SIDE] {
    let bands = permutation(rng, n);
    let mut order = [0; MAX_SIDE];
    for (k, &b) in bands[..n].iter().enumerate() {
        let within = permutation(rng, n);
        for (slot, &i) in order[k * n..(k + 1) * n].iter_mut().zip(&within[..n]) {
            *slot = b * n + i;
        }
    }
    order
}

/// A random isomorph of `grid`: digits relabelled, rows within bands and bands permuted,
/// columns likewise, optionally transposed. Every entry keeps its kind (given, filled or
/// empty), so a puzzle's isomorph has as many solutions, each the image of one of `grid`'s,
/// and is as hard to reason about; only a solver's order of work differs, which makes
/// isomorphs held-out inputs for benchmarks. Consumes `rng` deterministically.
pub fn isomorph(grid: &Grid, rng: &mut Rng) -> Grid {
    let size = grid.size();
    let (n, side) = (size.box_size(), size.side());
    let relabel = permutation(rng, side);
    let rows = band_preserving_order(rng, n);
    let cols = band_preserving_order(rng, n);
    let transpose = rng.below(2) == 1;
    let mut out = Grid::empty(size);
    for (r, &row) in rows[..side].iter().enumerate() {
        for (c, &col) in cols[..side].iter().enumerate() {
            let (sr, sc) = if transpose { (col, row) } else { (row, col) };
            let entry = match grid.entries()[sr * side + sc] {
                Entry::Empty => Entry::Empty,
                Entry::Given(d) => Entry::Given(Digit::from_index(relabel[d.index()])),
                Entry::Filled(d) => Entry::Filled(Digit::from_index(relabel[d.index()])),
            };
            out.set(Pos::new(r, c), entry);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_grids_are_valid_and_depend_on_the_seed() {
        for size in Size::all().take(6) {
            let a = random_full_grid(size, &mut Rng::new(1), None).expect("grid");
            let b = random_full_grid(size, &mut Rng::new(1), None).expect("grid");
            assert_eq!(a, b);
            crate::engine::check_solution(&a, &a).expect("a valid full grid");
            if size.box_size() >= 2 {
                let c = random_full_grid(size, &mut Rng::new(2), None).expect("grid");
                assert_ne!(a, c);
            }
        }
    }

    #[test]
    fn an_isomorph_keeps_blanks_and_kinds_and_maps_the_solution() {
        let size = Size::new(3).expect("size");
        let full = random_full_grid(size, &mut Rng::new(3), None).expect("grid");
        // A partial grid: every third cell blank, every fifth a filled digit.
        let mut grid = full.clone();
        for (i, e) in full.entries().iter().enumerate() {
            let p = Pos::from_index(i, size);
            let d = e.digit().expect("full");
            match i % 15 {
                0 | 3 | 6 | 9 | 12 => grid.set(p, Entry::Empty),
                5 | 10 => grid.set(p, Entry::Filled(d)),
                _ => {}
            }
        }
        let (mut r1, mut r2) = (Rng::new(9), Rng::new(9));
        let image = isomorph(&grid, &mut r1);
        let solved = isomorph(&full, &mut r2);
        crate::engine::check_solution(&solved, &solved).expect("the full grid's image is valid");
        let kinds = |g: &Grid| {
            let mut k: Vec<u8> = g
                .entries()
                .iter()
                .map(|e| match e {
                    Entry::Empty => 0,
                    Entry::Given(_) => 1,
                    Entry::Filled(_) => 2,
                })
                .collect();
            k.sort_unstable();
            k
        };
        assert_eq!(kinds(&image), kinds(&grid));
        assert_ne!(image, grid);
        // The same draws map the partial grid into the full grid's image.
        for (a, b) in image.entries().iter().zip(solved.entries()) {
            if let Some(d) = a.digit() {
                assert_eq!(Some(d), b.digit());
            }
        }
    }
}
