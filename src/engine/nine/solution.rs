//! A check of a 9x9 answer from its values alone, sharing nothing with the search that found it.

/// Each value's bit in a unit's mask: `1..=9` are bits 0 to 8; any other value sets
/// [`STRAY`], so no unit holding it can be complete.
const BIT: [u16; 256] = bits();
const STRAY: u16 = 1 << 15;
const FULL: u16 = 0x1FF;

const fn bits() -> [u16; 256] {
    let mut table = [STRAY; 256];
    let mut v = 1;
    while v <= 9 {
        table[v] = 1 << (v - 1);
        v += 1;
    }
    table
}

/// Whether `values` (row-major) is a solved 9x9 grid that keeps every digit of `puzzle`
/// (row-major, `0` blank): each row, column and box holds `1..=9` once.
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
pub fn is_solution(puzzle: &[u8; 81], values: &[u8]) -> bool {
    let Ok(values) = <&[u8; 81]>::try_from(values) else {
        return false;
    };
    // A byte at a time with no branch, which the compiler turns into wide compares.
    let changed = puzzle.iter().zip(values).fold(0u8, |acc, (&g, &v)| {
        acc | (u8::from(g != 0) & u8::from(g != v))
    });
    let mut cols = [0u16; 9];
    let mut complete = true;
    for band in values.chunks_exact(27) {
        let mut boxes = [0u16; 3];
        for row in band.chunks_exact(9) {
            let mut seen = 0;
            for (c, &v) in row.iter().enumerate() {
                let bit = BIT[usize::from(v)];
                seen |= bit;
                cols[c] |= bit;
                boxes[c / 3] |= bit;
            }
            complete &= seen == FULL;
        }
        for b in boxes {
            complete &= b == FULL;
        }
    }
    for c in cols {
        complete &= c == FULL;
    }
    changed == 0 && complete
}

#[cfg(test)]
mod tests {
    use super::is_solution;
    use crate::engine::check::is_nine_solution;
    use proptest::prelude::*;

    /// A solved grid: row r is the digits from (3 * r + r / 3) on, cyclically.
    fn solved() -> [u8; 81] {
        std::array::from_fn(|p| ((3 * (p / 9) + p / 27 + p % 9) % 9 + 1) as u8)
    }

    #[test]
    fn a_solved_grid_and_its_givens() {
        let grid = solved();
        assert!(is_solution(&[0; 81], &grid));
        assert!(is_solution(&grid, &grid));
        let mut puzzle = [0; 81];
        puzzle[40] = grid[40] % 9 + 1;
        assert!(!is_solution(&puzzle, &grid), "a given changed");
        assert!(!is_solution(&[0; 81], &grid[..80]), "a cell short");
    }

    proptest! {
        /// Any change of a solved grid, and a given of any value: the same verdict as the
        /// checker of every size's 9x9 check.
        #[test]
        fn agrees_with_the_checker(
            changes in prop::collection::vec((0usize..81, prop_oneof![1u8..=9, any::<u8>()]), 0..3),
            given in (0usize..81, 0u8..=10),
            swap in (0usize..81, 0usize..81),
        ) {
            let mut values = solved();
            for (p, v) in changes {
                values[p] = v;
            }
            values.swap(swap.0, swap.1);
            let mut puzzle = [0u8; 81];
            puzzle[given.0] = given.1;
            prop_assert_eq!(is_solution(&puzzle, &values), is_nine_solution(&puzzle, &values));
        }
    }
}
