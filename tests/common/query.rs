//! Random solver questions made from a full grid: cells blanked, maybe one extra clue (which
//! may break uniqueness) and maybe one forbidden digit (which may leave no solution).

use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::{Digit, Grid, Pos, Size};

/// Blanks each cell of `full` with chance `blank.0 / blank.1`, adds a non-conflicting random
/// clue with chance 1/3 and forbids a random digit somewhere with chance `1 / forbid_one_in`.
pub fn perturb(
    size: Size,
    full: Vec<u8>,
    rng: &mut Rng,
    blank: (usize, usize),
    forbid_one_in: usize,
) -> (Grid, Vec<(Pos, Digit)>) {
    let mut values = full;
    for v in values.iter_mut() {
        if rng.below(blank.1) < blank.0 {
            *v = 0;
        }
    }
    let pick = |rng: &mut Rng| {
        (
            Pos::from_index(rng.below(size.cells()), size),
            Digit::from_index(rng.below(size.side())),
        )
    };
    if rng.below(3) == 0 {
        let (p, d) = pick(rng);
        let mut trial = values.clone();
        trial[p.index(size)] = d.get();
        if Grid::from_values(size, &trial)
            .expect("digits in range")
            .conflicts()
            .is_empty()
        {
            values = trial;
        }
    }
    let forbidden = if rng.below(forbid_one_in) == 0 {
        vec![pick(rng)]
    } else {
        Vec::new()
    };
    (
        Grid::from_values(size, &values).expect("digits in range"),
        forbidden,
    )
}
