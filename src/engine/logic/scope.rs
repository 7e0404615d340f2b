//! Where a technique needs to look again: the digits and units whose candidates changed since
//! it last found nothing.
//!
//! A technique that found nothing still finds nothing in a digit whose candidates did not
//! change (single-digit patterns) or in a unit whose cells did not change (subsets, locked
//! candidates), so the no-guess solve re-checks only what changed.

use super::Marks;

/// Digits (bit per digit index) and units (bit per row, column and box) to look at.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    pub digits: u64,
    /// Bit `i` of `units[k]`: row `i` (`k = 0`), column `i` (1) or box `i` (2).
    pub units: [u64; 3],
}

impl Scope {
    /// Everything: a search with this scope is the full one.
    pub const ALL: Scope = Scope {
        digits: u64::MAX,
        units: [u64::MAX; 3],
    };

    pub const NONE: Scope = Scope {
        digits: 0,
        units: [0; 3],
    };

    pub fn is_empty(&self) -> bool {
        self.digits == 0 || self.units == [0; 3]
    }

    pub fn has_digit(&self, d: usize) -> bool {
        self.digits >> d & 1 == 1
    }

    /// Whether layout unit `u` (rows, then columns, then boxes) is in scope.
    pub fn has_unit(&self, u: usize, side: usize) -> bool {
        self.units[u / side] >> (u % side) & 1 == 1
    }

    pub fn add(&mut self, other: &Scope) {
        self.digits |= other.digits;
        for k in 0..3 {
            self.units[k] |= other.units[k];
        }
    }

    /// What changed from `before` (each cell's candidates) to `m`, bringing `before` up to
    /// date: the digits a cell gained or lost and the units of those cells. `lost` gets
    /// each changed cell with the candidates it lost.
    pub fn changes(m: &Marks, before: &mut [u64], lost: &mut Vec<(usize, u64)>) -> Scope {
        let side = m.side();
        let mut s = Scope::NONE;
        // Few cells change between rounds: whole chunks are compared at once and skipped
        // when equal, which the compiler does in vector registers.
        const CHUNK: usize = 8;
        let chunks = before.chunks_mut(CHUNK).zip(m.masks().chunks(CHUNK));
        for (i, (olds, nows)) in chunks.enumerate() {
            if olds.iter().zip(nows).fold(0, |a, (x, y)| a | (x ^ y)) == 0 {
                continue;
            }
            for (j, (old, &now)) in olds.iter_mut().zip(nows).enumerate() {
                if now != *old {
                    let c = i * CHUNK + j;
                    s.digits |= now ^ *old;
                    lost.push((c, *old & !now));
                    for (k, &u) in m.layout().units_of[c].iter().enumerate() {
                        s.units[k] |= 1 << (u - k * side);
                    }
                    *old = now;
                }
            }
        }
        s
    }
}
