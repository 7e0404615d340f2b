//! Option values by the names the CLI takes (`--formulation sat`, `--symmetry rot180`, ...).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use sudoku_lab::engine::generate::Method;
use sudoku_lab::engine::logic::{Level, Technique};
use sudoku_lab::engine::{Formulation, Size, Symmetry};

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

/// A whole-number argument as Python passed it. Any int is taken, so that a negative or huge
/// one is refused with the argument's name and value rather than PyO3's bare `OverflowError`.
pub struct Whole(Result<u64, String>);

impl From<u64> for Whole {
    fn from(n: u64) -> Whole {
        Whole(Ok(n))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        if let Ok(n) = obj.extract::<u64>() {
            return Ok(Whole(Ok(n)));
        }
        match obj.cast::<PyInt>() {
            Ok(int) => Ok(Whole(Err(int.to_string()))),
            Err(_) => Err(PyTypeError::new_err(format!(
                "a whole number is needed, not {}",
                obj.get_type().name()?
            ))),
        }
    }
}

impl Whole {
    /// The number, or a `ValueError` naming the argument and the value it was given.
    pub fn get(&self, name: &str) -> PyResult<u64> {
        match &self.0 {
            Ok(n) => Ok(*n),
            Err(text) if text.starts_with('-') => Err(PyValueError::new_err(format!(
                "{name} must be 0 or more, not {text}"
            ))),
            Err(text) => Err(PyValueError::new_err(format!(
                "{name} must be at most {}, not {text}",
                u64::MAX
            ))),
        }
    }

    /// The number, refused below 1 as the CLI refuses `--limit 0`.
    pub fn at_least_one(&self, name: &str) -> PyResult<u64> {
        match &self.0 {
            Ok(0) => Err(PyValueError::new_err(format!(
                "{name} must be at least 1, not 0"
            ))),
            Err(text) if text.starts_with('-') => Err(PyValueError::new_err(format!(
                "{name} must be at least 1, not {text}"
            ))),
            _ => self.get(name),
        }
    }

    /// A box size from 1 to 7: a 0x0 grid has no cells, so its puzzle is an empty line that
    /// reads back as nothing (the CLI's `--box` refuses it too).
    pub fn box_size(&self) -> PyResult<Size> {
        let n = self.get("box_size").ok().unwrap_or(0);
        match usize::try_from(n).ok().map(Size::new) {
            Some(Ok(size)) if n > 0 => Ok(size),
            _ => Err(PyValueError::new_err(format!(
                "box_size goes from 1 to 7 (3 is the classic 9x9), not {}",
                self.text()
            ))),
        }
    }

    fn text(&self) -> String {
        match &self.0 {
            Ok(n) => n.to_string(),
            Err(text) => text.clone(),
        }
    }
}
