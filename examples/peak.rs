//! Writes the peak-hard benchmark instances: 36x36 and 49x49 grids with 40, 45, 50 and 55% of
//! their cells given, 10 seeds each, from two families of full grids, one numeric puzzle per file.
//!
//! `cargo run --release --example peak -- OUT_DIR`
//!
//! Family `filler`: the project's randomised full-grid filler (`random_full_grid`, seed `s`).
//! Family `pattern`: the cyclic-band grid `value(r, c) = (n * (r % n) + r / n + c) % side`, then
//! digits, rows within bands, bands, columns within stacks and stacks permuted (seed `s`).
//! Cells kept as givens: a uniform random subset of the stated share, drawn with the seed
//! `1000 * s + percent` from a stream independent of the grid's.

use sudoku_lab::engine::format::write_numeric;
use sudoku_lab::engine::generate::random_full_grid;
use sudoku_lab::engine::grid::{Digit, Entry, Grid, Pos, Size};
use sudoku_lab::engine::rng::Rng;

const BOXES: [usize; 2] = [6, 7];
const PERCENTS: [usize; 4] = [40, 45, 50, 55];
const SEEDS: u64 = 10;

fn main() {
    let out = std::env::args().nth(1).expect("an output directory");
    std::fs::create_dir_all(&out).expect("output directory");
    for n in BOXES {
        let size = Size::new(n).expect("box size");
        for seed in 0..SEEDS {
            let filler = random_full_grid(size, &mut Rng::new(seed), None).expect("full grid");
            let pattern = pattern_grid(size, &mut Rng::new(seed));
            for (family, full) in [("filler", &filler), ("pattern", &pattern)] {
                for percent in PERCENTS {
                    let puzzle = blank(full, percent, 1000 * seed + percent as u64);
                    let side = size.side();
                    let name = format!("{out}/{side}-{family}-{percent}-{seed}.txt");
                    std::fs::write(&name, write_numeric(&puzzle)).expect("writable file");
                }
            }
        }
    }
}

/// A shuffled cyclic-band full grid.
fn pattern_grid(size: Size, rng: &mut Rng) -> Grid {
    let (n, side) = (size.box_size(), size.side());
    let digits = permutation(rng, side);
    let rows = band_order(rng, n);
    let cols = band_order(rng, n);
    let mut grid = Grid::empty(size);
    for (r, &row) in rows.iter().enumerate() {
        for (c, &col) in cols.iter().enumerate() {
            let v = (n * (row % n) + row / n + col) % side;
            grid.set(Pos::new(r, c), Entry::Given(Digit::from_index(digits[v])));
        }
    }
    grid
}

/// Keeps `percent` of the cells of a full grid (rounded down), chosen at random.
fn blank(full: &Grid, percent: usize, seed: u64) -> Grid {
    let size = full.size();
    let mut cells: Vec<usize> = (0..size.cells()).collect();
    Rng::new(seed).shuffle(&mut cells);
    let mut puzzle = Grid::empty(size);
    for &c in &cells[..size.cells() * percent / 100] {
        let p = Pos::from_index(c, size);
        puzzle.set(p, full.entry(p));
    }
    puzzle
}

fn permutation(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut p);
    p
}

/// Bands (stacks) permuted, and the lines within each band permuted.
fn band_order(rng: &mut Rng, n: usize) -> Vec<usize> {
    let bands = permutation(rng, n);
    let mut order = Vec::with_capacity(n * n);
    for &b in &bands {
        order.extend(permutation(rng, n).iter().map(|&i| b * n + i));
    }
    order
}
