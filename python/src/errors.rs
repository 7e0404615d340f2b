//! Engine errors as the package's exception classes (defined in `sudoku_lab.errors`, so that
//! `ParseError` is also a `ValueError`), each with the engine's message.

use pyo3::PyErr;

pyo3::import_exception!(sudoku_lab.errors, ParseError);
pyo3::import_exception!(sudoku_lab.errors, SolveError);
pyo3::import_exception!(sudoku_lab.errors, GenerateError);
pyo3::import_exception!(sudoku_lab.errors, AnalyzeError);

/// Text that does not read as a puzzle.
pub fn parse(e: impl ToString) -> PyErr {
    ParseError::new_err(e.to_string())
}

/// A formulation that could not answer (too large for it, or a solver failure).
pub fn solve(e: impl ToString) -> PyErr {
    SolveError::new_err(e.to_string())
}

pub fn generate(e: impl ToString) -> PyErr {
    GenerateError::new_err(e.to_string())
}

pub fn analyze(e: impl ToString) -> PyErr {
    AnalyzeError::new_err(e.to_string())
}
