//! Option values by the names the CLI takes (`--formulation sat`, `--symmetry rot180`, ...).

use pyo3::PyResult;
use pyo3::exceptions::PyValueError;
use sudoku_lab::engine::generate::Method;
use sudoku_lab::engine::logic::{Level, Technique};
use sudoku_lab::engine::{Formulation, Symmetry};

/// The value named `name`, or a `ValueError` listing the names `what` takes.
fn named<T: Copy>(
    what: &str,
    name: &str,
    all: &[T],
    id: impl Fn(T) -> &'static str,
) -> PyResult<T> {
    if let Some(&found) = all.iter().find(|&&t| id(t) == name) {
        return Ok(found);
    }
    let names: Vec<&str> = all.iter().map(|&t| id(t)).collect();
    Err(PyValueError::new_err(format!(
        "unknown {what} '{name}'; one of: {}",
        names.join(", ")
    )))
}

pub fn formulation(name: &str) -> PyResult<Formulation> {
    named("formulation", name, &Formulation::ALL, Formulation::id)
}

pub fn symmetry(name: &str) -> PyResult<Symmetry> {
    named("symmetry", name, &Symmetry::ALL, Symmetry::id)
}

pub fn method(name: &str) -> PyResult<Method> {
    named("method", name, &Method::ALL, Method::id)
}

pub fn level(name: &str) -> PyResult<Level> {
    named("difficulty", name, &Level::ALL, Level::id)
}

pub fn technique(name: &str) -> PyResult<Technique> {
    named("technique", name, &Technique::ALL, Technique::id)
}
