//! Generation: one puzzle, or the lines of `sudoku-lab generate --seed S --count C`.

use crate::errors;
use crate::grid::PyGrid;
use crate::options;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_lab::engine::format::{Format, write_compact};
use sudoku_lab::engine::generate::{GenerateOptions, no_progress};
use sudoku_lab::engine::{Grid, Size, generate as generate_grid};

/// The options `generate` and `generate_lines` share, checked and named as the CLI's.
#[allow(clippy::too_many_arguments)]
fn options(
    seed: u64,
    symmetry: &str,
    difficulty: Option<&str>,
    no_guess: bool,
    max_clues: Option<usize>,
    formulation: &str,
    method: &str,
) -> PyResult<GenerateOptions> {
    Ok(GenerateOptions {
        seed,
        symmetry: options::symmetry(symmetry)?,
        formulation: options::formulation(formulation)?,
        max_clues,
        method: options::method(method)?,
        difficulty: difficulty.map(options::level).transpose()?,
        no_guess,
        ..GenerateOptions::default()
    })
}

fn size(box_size: usize) -> PyResult<Size> {
    Size::new(box_size).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn one(size: Size, options: &GenerateOptions) -> PyResult<Grid> {
    generate_grid(size, options, &mut no_progress)
        .map(|g| g.puzzle)
        .map_err(errors::generate)
}

/// A minimal puzzle with one solution. The same seed and options give the same puzzle on
/// any machine (`sudoku-lab generate --seed`); without a seed one is drawn at random.
#[pyfunction]
#[pyo3(signature = (box_size=3, *, seed=None, symmetry="none", difficulty=None,
    no_guess=false, max_clues=None, formulation="propagation", method="removal"))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    box_size: usize,
    seed: Option<u64>,
    symmetry: &str,
    difficulty: Option<&str>,
    no_guess: bool,
    max_clues: Option<usize>,
    formulation: &str,
    method: &str,
) -> PyResult<PyGrid> {
    let size = size(box_size)?;
    let seed = match seed {
        Some(s) => s,
        None => getrandom::u64().map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    let options = options(
        seed,
        symmetry,
        difficulty,
        no_guess,
        max_clues,
        formulation,
        method,
    )?;
    let puzzle = py.detach(|| one(size, &options))?;
    Ok(PyGrid::new(puzzle, Format::Line))
}

/// `count` puzzles from the seeds `seed`, `seed + 1`, ..., one line each: exactly the lines
/// `sudoku-lab generate --box B --seed S --count C` prints with the same options.
#[pyfunction]
#[pyo3(signature = (box_size, seed, count, *, symmetry="none", difficulty=None,
    no_guess=false, max_clues=None, formulation="propagation", method="removal"))]
#[allow(clippy::too_many_arguments)]
pub fn generate_lines(
    py: Python<'_>,
    box_size: usize,
    seed: u64,
    count: u64,
    symmetry: &str,
    difficulty: Option<&str>,
    no_guess: bool,
    max_clues: Option<usize>,
    formulation: &str,
    method: &str,
) -> PyResult<Vec<String>> {
    let size = size(box_size)?;
    let options = options(
        seed,
        symmetry,
        difficulty,
        no_guess,
        max_clues,
        formulation,
        method,
    )?;
    py.detach(|| {
        (0..count)
            .map(|i| {
                let options = GenerateOptions {
                    seed: seed.wrapping_add(i),
                    ..options.clone()
                };
                one(size, &options).map(|puzzle| write_compact(&puzzle))
            })
            .collect()
    })
}
