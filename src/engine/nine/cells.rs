//! A 9x9 puzzle's row-major values as one plane per digit, eight cells per word operation.

use super::{PEERS, Plane, ROW, WIDEN};
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
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
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

/// Cell `p`'s row, column and box as bits `r`, `9 + c` and `18 + b` of one word.
const UNITS: [u32; 81] = units();

const fn units() -> [u32; 81] {
    let mut table = [0; 81];
    let mut p = 0;
    while p < 81 {
        let (r, c) = (p / 9, p % 9);
        table[p] = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        p += 1;
    }
    table
}

/// Three row bits of a band widened to the band's 27 cells.
const BAND_ROWS: [u32; 8] = [
    0,
    ROW,
    ROW << 9,
    ROW | ROW << 9,
    ROW << 18,
    ROW | ROW << 18,
    ROW << 9 | ROW << 18,
    ROW | ROW << 9 | ROW << 18,
];

/// For each digit, the cells of the rows, columns and boxes that hold it in `cells` (values
/// as [`by_digit`] reads them, whose planes it takes), and whether no unit holds a digit
/// twice: the units collected a cell at a time into one word per value, then widened a band
/// at a time, with no loop over each digit's cells.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub(super) fn spans(cells: &[u8; 81], by_digit: &[Plane; 9]) -> ([Plane; 9], bool) {
    let mut units = [0u32; 256];
    for (&v, &u) in cells.iter().zip(&UNITS) {
        units[usize::from(v)] |= u;
    }
    let mut alone = true;
    let spans = std::array::from_fn(|d| {
        let u = units[d + 1];
        // A digit in n cells covers 3n units unless two of the cells share one.
        alone &= u.count_ones() == 3 * by_digit[d].count_ones();
        let cols = u >> 9 & ROW;
        let cols = cols | cols << 9 | cols << 18;
        let band = |k: u32| {
            let boxes = WIDEN[(u >> (18 + 3 * k) & 7) as usize];
            BAND_ROWS[(u >> (3 * k) & 7) as usize] | boxes | boxes << 9 | boxes << 18 | cols
        };
        Plane::from(band(0)) | Plane::from(band(1)) << 27 | Plane::from(band(2)) << 54
    });
    (spans, alone)
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
            let peers = PEERS[m.trailing_zeros() as usize];
            alone &= peers & cells == 0;
            span |= peers;
            m &= m - 1;
        }
        (span, alone)
    }

    /// [`spans`] cell by cell.
    fn spans_of(cells: &[u8; 81]) -> ([Plane; 9], bool) {
        let reached = scattered(cells).map(peers_of);
        (reached.map(|r| r.0), reached.iter().all(|r| r.1))
    }

    proptest! {
        /// Blanks and digits, with clashes and without, and bytes above 9 (blanks).
        #[test]
        fn spans_are_the_peers_of_each_digit(
            cells in prop::collection::vec(prop_oneof![0u8..=10, any::<u8>()], 81)
        ) {
            let cells: [u8; 81] = cells.try_into().expect("81 cells");
            prop_assert_eq!(spans(&cells, &by_digit(&cells)), spans_of(&cells));
        }

        /// A solved grid with cells blanked and a few changed: random cells seldom have
        /// each digit once per unit.
        #[test]
        fn spans_of_a_solution(
            shift in 0usize..9,
            blank in any::<u128>(),
            changes in prop::collection::vec((0usize..81, 0u8..=9), 0..2),
        ) {
            let mut cells: [u8; 81] = std::array::from_fn(|p| {
                let value = ((3 * (p / 9) + p / 27 + p % 9 + shift) % 9 + 1) as u8;
                if blank >> p & 1 == 1 { 0 } else { value }
            });
            for (p, v) in changes {
                cells[p] = v;
            }
            prop_assert_eq!(spans(&cells, &by_digit(&cells)), spans_of(&cells));
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
