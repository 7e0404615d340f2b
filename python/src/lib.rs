//! The `sudoku_lab._core` extension: thin Python functions over the sudoku-lab engine.
//!
//! Each function reads its puzzle at the edge (text in any format the CLI reads, a `Grid`, or
//! rows as lists), releases the GIL for the engine's work, and answers with `Grid`s and plain
//! Python data keyed as the CLI's `--json` lines are. Engine errors keep their messages.

mod answers;
mod errors;
mod generate;
mod grid;
mod logic;
mod options;
mod watch;

use pyo3::prelude::*;

#[pymodule]
mod _core {
    #[pymodule_export]
    use super::grid::{PyGrid, parse, read};

    #[pymodule_export]
    use super::answers::{check, count, solve};

    #[pymodule_export]
    use super::generate::{generate, generate_lines};

    #[pymodule_export]
    use super::logic::{hint, rate, techniques};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
