//! The technique codes of HoDoKu's library lines (`:<code>:<digits>:<cells>:...`): the four
//! digits HoDoKu writes for each of its techniques, whether or not the engine knows the
//! technique, since a library line is read for its state alone.

/// HoDoKu's codes, as runs `(family, first, last)`: code `family * 100 + n` for `n` in
/// `first..=last` (0300 to 0305 are the basic fish from X-Wing to Leviathan).
const RUNS: &[(u16, u16, u16)] = &[
    (0, 0, 0),   // full house
    (0, 2, 3),   // hidden and naked single
    (1, 0, 1),   // locked candidates: pointing, claiming
    (1, 10, 11), // locked pair and triple
    (2, 0, 2),   // naked subsets
    (2, 10, 12), // hidden subsets
    (3, 0, 5),   // basic fish
    (3, 10, 15), // finned fish
    (3, 20, 25), // sashimi fish
    (3, 30, 35), // Franken fish
    (3, 40, 45), // finned Franken fish
    (3, 50, 55), // mutant fish
    (3, 60, 65), // finned mutant fish
    (3, 71, 72), // Kraken fish
    (4, 0, 5),   // single-digit patterns, with their dual forms
    (5, 0, 3),   // simple and multi colours
    (6, 0, 8),   // uniqueness tests, hidden and avoidable rectangles
    (6, 10, 10), // BUG+1
    (7, 1, 3),   // X-Chain, XY-Chain, remote pair
    (7, 6, 11),  // nice loops and AICs, grouped or not
    (8, 0, 1),   // XY-Wing, XYZ-Wing
    (8, 3, 3),   // W-Wing
    (9, 1, 4),   // ALS-XZ, ALS-XY-Wing, ALS chain, death blossom
    (11, 1, 1),  // Sue de Coq
    (12, 1, 2),  // templates
    (13, 1, 4),  // forcing chains and nets
];

/// Whether `code` (a library line's first field) is one of HoDoKu's technique codes.
pub fn is_hodoku_code(code: &str) -> bool {
    let Some(value) = code
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| code.parse::<u16>().ok())
        .flatten()
        .filter(|_| code.len() == 4)
    else {
        return false;
    };
    let (family, n) = (value / 100, value % 100);
    RUNS.iter()
        .any(|&(f, first, last)| f == family && (first..=last).contains(&n))
}

#[cfg(test)]
mod tests {
    use super::is_hodoku_code;
    use crate::engine::logic::Technique;

    #[test]
    fn the_engines_codes_are_hodokus_and_others_are_not() {
        for t in Technique::ALL {
            if let Some(code) = t.hodoku_code() {
                assert!(is_hodoku_code(code), "{code}");
            }
        }
        for code in ["0000", "0003", "0365", "0610", "1304", "0901"] {
            assert!(is_hodoku_code(code), "{code}");
        }
        for code in [
            "9999", "0001", "0306", "0370", "0609", "0704", "1305", "", "300", "03000", "x", "+300",
        ] {
            assert!(!is_hodoku_code(code), "{code}");
        }
    }
}
