//! A 9x9 puzzle's row-major values as one plane per digit, eight cells per word operation.

use super::{BAND, GROUPS, PEERS, Plane, ROW, WIDEN};
use crate::engine::grid::{Digit, Pos};

/// Bit 0 of each of a word's eight bytes.
const LOW: u64 = 0x0101_0101_0101_0101;
/// Multiplying the bits of [`LOW`] by this moves byte k's bit to bit 56 + k with no carries
/// (every partial product lands on a bit of its own).
const GATHER: u64 = 0x0102_0408_1020_4080;

/// Bit 0 of each of the word's bytes, as eight bits (byte k to bit k).
fn gather(word: u64) -> u64 {
    (word & LOW).wrapping_mul(GATHER) >> 56
}

/// Up to eight words of eight cells as bit-slices of their values: the cells whose value has
/// each of bits 0 to 3 set, and those above 9, one bit per cell.
fn slices(words: impl Iterator<Item = u64>) -> ([u64; 4], u64) {
    let (mut bits, mut big) = ([0u64; 4], 0u64);
    for (i, word) in words.enumerate() {
        let at = 8 * i as u32;
        for (b, slice) in bits.iter_mut().enumerate() {
            *slice |= gather(word >> b) << at;
        }
        // Bit 7 of a byte ends up set when it is at least 10: at least 0x80 already, or
        // pushed over by adding 0x76 to its low seven bits (which cannot carry out).
        let over = ((word & 0x7F7F_7F7F_7F7F_7F7F) + 0x7676_7676_7676_7676) | word;
        big |= gather(over >> 7) << at;
    }
    (bits, big)
}

/// The cells of each digit: plane `d` holds the cells whose value is `d + 1`; `0` and values
/// above 9 are in none. Bit-sliced a word at a time, so the cost does not hang on a chain of
/// stores to the same plane (a puzzle's blanks and repeated digits), as a per-cell scatter's.
pub(super) fn by_digit(cells: &[u8; 81]) -> [Plane; 9] {
    let word = |i: usize| match cells.get(8 * i..8 * i + 8) {
        Some(bytes) => u64::from_le_bytes(bytes.try_into().expect("eight bytes")),
        None => u64::from(cells[80]),
    };
    // Cells 0 to 63 and 64 to 80, each half in native words.
    let (low, low_big) = slices((0..8).map(word));
    let (high, high_big) = slices((8..11).map(word));
    let join = |low: u64, high: u64| Plane::from(low) | Plane::from(high) << 64;
    let big = join(low_big, high_big);
    let bits: [Plane; 4] = std::array::from_fn(|b| join(low[b], high[b]));
    // Every digit has a bit set, so no plane holds the padding past cell 80 (whose value is 0).
    std::array::from_fn(|d| {
        let value = d + 1;
        bits.iter().enumerate().fold(!big, |acc, (b, &m)| {
            acc & if value >> b & 1 == 1 { m } else { !m }
        })
    })
}

/// Whether cell `p`, blank in `cells` (row-major values, `0` blank), sees every digit but
/// `d` among its peers, so that ruling `d` out leaves it none: such a question is answered
/// before the planes are built.
pub fn starved(cells: &[u8; 81], p: Pos, d: Digit) -> bool {
    let cell = p.row * 9 + p.col;
    if cells[cell] != 0 {
        return false;
    }
    let (mut seen, mut peers) = (1u16 << d.index(), PEERS[cell]);
    while peers != 0 {
        seen |= (1u16 << cells[peers.trailing_zeros() as usize]) >> 1;
        peers &= peers - 1;
    }
    seen & 0x1FF == 0x1FF
}

/// The rows, columns and boxes of one digit's placed cells, as the cells they cover, and
/// whether no two of the placed cells share one: computed a band at a time from which units
/// hold a cell, not cell by cell.
pub(super) fn reach(cells: Plane) -> (Plane, bool) {
    let bands = [0, 27, 54].map(|shift| (cells >> shift) as u32 & BAND);
    let (mut cols, mut units, mut cover) = (0u32, 0u32, [0u32; 3]);
    for (&band, cover) in bands.iter().zip(&mut cover) {
        let rows = [band & ROW, band >> 9 & ROW, band >> 18];
        let here = rows[0] | rows[1] | rows[2];
        let boxes = u32::from(GROUPS[here as usize]);
        let wide = WIDEN[boxes as usize];
        *cover = wide | wide << 9 | wide << 18;
        for (r, &row) in rows.iter().enumerate() {
            if row != 0 {
                *cover |= ROW << (9 * r);
                units += 1;
            }
        }
        units += boxes.count_ones();
        cols |= here;
    }
    let n = cells.count_ones();
    let alone = units == 2 * n && cols.count_ones() == n;
    let all_cols = cols | cols << 9 | cols << 18;
    let join = |b: [u32; 3]| Plane::from(b[0]) | Plane::from(b[1]) << 27 | Plane::from(b[2]) << 54;
    (join(cover.map(|c| c | all_cols)), alone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The planes cell by cell.
    fn scattered(cells: &[u8; 81]) -> [Plane; 9] {
        let mut planes = [0; 9];
        for (p, &v) in cells.iter().enumerate() {
            if (1..=9).contains(&v) {
                planes[usize::from(v) - 1] |= 1 << p;
            }
        }
        planes
    }

    proptest! {
        /// Any bytes, digits and blanks above all but also every value a byte can hold.
        #[test]
        fn planes_are_the_cells_of_each_digit(
            cells in prop::collection::vec(prop_oneof![0u8..=10, any::<u8>()], 81)
        ) {
            let cells: [u8; 81] = cells.try_into().expect("81 cells");
            prop_assert_eq!(by_digit(&cells), scattered(&cells));
        }
    }

    /// The cells and their peers, cell by cell, and whether none is another's peer.
    fn peers_of(cells: Plane) -> (Plane, bool) {
        let (mut span, mut alone) = (cells, true);
        let mut m = cells;
        while m != 0 {
            let peers = super::super::PEERS[m.trailing_zeros() as usize];
            alone &= peers & cells == 0;
            span |= peers;
            m &= m - 1;
        }
        (span, alone)
    }

    proptest! {
        /// The cells' peers and themselves, and whether no cell is another's peer.
        #[test]
        fn reach_is_the_peers_of_the_cells(cells in any::<u128>()) {
            let cells = cells & super::super::CELLS;
            prop_assert_eq!(reach(cells), peers_of(cells));
        }

        /// The same with one cell per row, column and box or near it (random planes seldom are).
        #[test]
        fn reach_of_a_digit_of_a_solution(shift in 0usize..9, gone in 0u32..512, extra in 0usize..81) {
            // A digit of a solved grid: cell (r, (3 * r + r / 3 + shift) % 9) of each row.
            let mut cells: Plane = 0;
            for r in 0..9 {
                if gone >> r & 1 == 0 {
                    cells |= 1 << (9 * r + (3 * r + r / 3 + shift) % 9);
                }
            }
            for cells in [cells, cells | 1 << extra] {
                prop_assert_eq!(reach(cells), peers_of(cells));
            }
        }
    }

    #[test]
    fn every_byte_value_in_every_cell() {
        for v in 0..=255u8 {
            for p in 0..81 {
                let mut cells = [0u8; 81];
                cells[p] = v;
                cells[80 - p] = v.wrapping_add(1);
                assert_eq!(by_digit(&cells), scattered(&cells), "value {v} at {p}");
            }
        }
    }
}
