//! The fast path for lines that are plainly one puzzle each (81 characters of `1-9`, `.`, `0`
//! or `_` for 9x9, likewise 256 for 16x16 and 625 for 25x25): read and written without the
//! careful reader's guessing, with the answers it gives.

use super::{Format, Parsed};
use crate::engine::grid::{Entry, Grid, Size};

/// The puzzle of a line that is plainly one (one symbol per cell of a 9x9, 16x16 or 25x25
/// grid, nothing else, no two givens clashing); `None` for anything else, which the careful
/// reader then reads. 4x4 lines are left to it: sixteen of them may be one 16x16 grid.
pub fn plain_line(line: &str) -> Option<Parsed> {
    let bytes = line.as_bytes();
    if let Ok(nine) = <&[u8; 81]>::try_from(bytes) {
        return plain_nine(nine).map(|cells| nine_parsed(&cells));
    }
    let size = Size::new(match bytes.len() {
        81 => 3,
        256 => 4,
        625 => 5,
        _ => return None,
    })
    .ok()?;
    let side = size.side();
    let mut values = [0u8; 625];
    let values = &mut values[..bytes.len()];
    for (v, &b) in values.iter_mut().zip(bytes) {
        *v = match b {
            b'.' | b'0' | b'_' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            b'a'..=b'z' => b - b'a' + 10,
            _ => return None,
        };
        if usize::from(*v) > side {
            return None;
        }
    }
    if clashes(size, values) {
        return None;
    }
    let grid = Grid::from_values(size, values).ok()?;
    Some(Parsed {
        format: Format::Line,
        puzzle: grid.clone(),
        grid,
    })
}

/// The cells (row-major, `0` blank) of a 9x9 line that is plainly one puzzle, as
/// [`plain_line`] takes it, without building a grid: the 9x9 solver starts from these values.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn plain_nine(line: &[u8; 81]) -> Option<[u8; 81]> {
    // A table, not branches: blanks and digits come in no pattern a branch could learn.
    let mut cells = [0u8; 81];
    let mut seen = 0u8;
    for (v, &b) in cells.iter_mut().zip(line) {
        *v = NINE_SYMBOL[usize::from(b)];
        seen |= *v;
    }
    (seen & NOT_NINE == 0 && !clashes_nine(&cells)).then_some(cells)
}

/// What a byte of a plain 9x9 line stands for: `0` a blank, `1..=9` a digit, else [`NOT_NINE`].
const NINE_SYMBOL: [u8; 256] = nine_symbols();
const NOT_NINE: u8 = 0x80;

const fn nine_symbols() -> [u8; 256] {
    let mut table = [NOT_NINE; 256];
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    table[b'_' as usize] = 0;
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    table
}

/// Whether two digits of a 9x9 grid's cells (`0` blank) share a row, column or box: a unit
/// clashes when its digits, one bit each, are fewer than its filled cells.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
fn clashes_nine(cells: &[u8; 81]) -> bool {
    let (mut cols, mut col_filled) = ([0u16; 9], [0u32; 9]);
    let (mut boxes, mut box_filled) = ([0u16; 9], [0u32; 9]);
    let mut clash = false;
    for (r, row) in cells.chunks_exact(9).enumerate() {
        let (mut seen, mut filled) = (0u16, 0u32);
        for (c, &v) in row.iter().enumerate() {
            let bit = (1u16 << v) >> 1;
            let b = r / 3 * 3 + c / 3;
            seen |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            let one = u32::from(v != 0);
            filled += one;
            col_filled[c] += one;
            box_filled[b] += one;
        }
        clash |= seen.count_ones() != filled;
    }
    for i in 0..9 {
        clash |= cols[i].count_ones() != col_filled[i] || boxes[i].count_ones() != box_filled[i];
    }
    clash
}

/// The puzzle of a plain 9x9 line's cells, as [`plain_line`] gives it.
pub fn nine_parsed(cells: &[u8; 81]) -> Parsed {
    let size = Size::new(3).expect("9x9 is a size");
    let grid = Grid::from_values(size, cells).expect("digits 1 to 9");
    Parsed {
        format: Format::Line,
        puzzle: grid.clone(),
        grid,
    }
}

/// Whether two givens share a digit in a row, column or box (digits up to 25, one bit each).
fn clashes(size: Size, values: &[u8]) -> bool {
    match size.box_size() {
        3 => clashes_in::<3>(values),
        4 => clashes_in::<4>(values),
        _ => clashes_in::<5>(values),
    }
}

/// [`clashes`] for box size `N`, known when compiled: this runs once per line, and dividing
/// by a constant costs far less than by a variable.
fn clashes_in<const N: usize>(values: &[u8]) -> bool {
    let side = N * N;
    let mut rows = [0u32; 25];
    let mut cols = [0u32; 25];
    let mut boxes = [0u32; 25];
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1u32 << v;
        let (r, c) = (i / side, i % side);
        let b = r / N * N + c / N;
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return true;
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    false
}

/// One character per cell, `.` for a blank, for grids up to 25x25 (their digits are `1-9` and
/// `A-P`); `None` beyond, where the careful writer names the problem.
pub fn write_plain(grid: &Grid) -> Option<String> {
    if grid.size().side() > 25 {
        return None;
    }
    let bytes: Vec<u8> = grid
        .entries()
        .iter()
        .map(|e| match e {
            Entry::Empty => b'.',
            Entry::Given(d) | Entry::Filled(d) => match d.get() {
                v @ 1..=9 => b'0' + v,
                v => b'A' + v - 10,
            },
        })
        .collect();
    Some(String::from_utf8(bytes).expect("ASCII symbols"))
}
