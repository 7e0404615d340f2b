//! The logic engine: ratings, hints and the technique table, keyed as the CLI's `--json`.
//!
//! Ratings and hints are the CLI's own answers (`sudoku_lab::batch::logic`), read back from
//! their JSON line, so the two never drift apart.

use crate::errors;
use crate::grid::puzzle;
use crate::options;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sudoku_lab::batch::{Item, logic as answers, states};
use sudoku_lab::engine::Grid;
use sudoku_lab::engine::logic::{Marks, Technique};

/// A JSON line as Python data.
fn from_json<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyDict>> {
    let value = py.import("json")?.call_method1("loads", (json,))?;
    Ok(value.cast_into::<PyDict>()?)
}

/// The logic rating, as one line of `sudoku-lab rate --json`: `level` (`easy` .. `extreme`,
/// `None` when it needs guessing), `score`, `hardest`, `steps`, `outcome`, `solutions`
/// (`none`, `one`, `several`) and the uniqueness techniques used.
#[pyfunction]
pub fn rate<'py>(py: Python<'py>, puzzle: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let grid = self::puzzle(puzzle)?.grid.puzzle();
    rating(py, &grid)
}

/// [`rate`]'s answer for the givens `grid`: `check(difficulty=True)` gives it too.
pub fn rating<'py>(py: Python<'py>, grid: &Grid) -> PyResult<Bound<'py, PyDict>> {
    let json = py
        .detach(|| answers::rate(grid).map(|r| r.json()))
        .map_err(errors::analyze)?;
    from_json(py, &json)
}

/// A state to hint in: text is read as `sudoku-lab hint` reads it (any puzzle format, the
/// engine's pencil-mark text or a HoDoKu library line), and must hold one state; a `Grid` or
/// rows are a puzzle, whose candidates are the state.
fn state(obj: &Bound<'_, PyAny>) -> PyResult<Marks> {
    let Ok(text) = obj.cast::<PyString>() else {
        return Ok(Marks::from_grid(&puzzle(obj)?.grid));
    };
    let mut items = states::read(&text.to_cow()?);
    match items.len() {
        0 => Err(errors::parse(
            "no puzzle in the text (only blank and # comment lines)",
        )),
        1 => {
            let Item { read, .. } = items.remove(0);
            read.map_err(errors::parse)
        }
        n => Err(errors::parse(format!(
            "the text holds {n} states; hint takes one"
        ))),
    }
}

/// The next logical step in a state, as one line of `sudoku-lab hint --json`: `status`
/// (`step`, `none`, `solved`, `stuck`, `no solution`, `off track`), a `reason` when there is
/// one, the `steps` (technique, name, code, explanation, placements `r3c5=7`, eliminations
/// `r5c3<>4`) and, when stuck, the `remaining` cells' candidates. The state is a board (its
/// givens and the digits filled in) or pencil marks as the CLI reads them. `technique` asks
/// for one technique, `all` for every instance of it.
#[pyfunction]
#[pyo3(signature = (puzzle, *, technique=None, all=false))]
pub fn hint<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    technique: Option<&str>,
    all: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let technique: Option<Technique> = technique.map(options::technique).transpose()?;
    if all && technique.is_none() {
        return Err(PyValueError::new_err(
            "all=True needs a technique: it lists every instance of one (as hint --all \
             needs --technique)",
        ));
    }
    let marks = state(puzzle)?;
    let json = py
        .detach(|| {
            answers::hint(&marks, technique, all).map(|r| r.render(true, false, marks.side()))
        })
        .map_err(errors::analyze)?;
    from_json(py, &json)
}

/// The technique table in the solver's order, as `sudoku-lab techniques --json`.
#[pyfunction]
pub fn techniques(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    Technique::ALL
        .iter()
        .map(|t| {
            let row = PyDict::new(py);
            row.set_item("technique", t.id())?;
            row.set_item("name", t.name())?;
            row.set_item("level", t.level().id())?;
            row.set_item("score", t.score())?;
            row.set_item("code", t.hodoku_code())?;
            row.set_item("needs_uniqueness", t.needs_uniqueness())?;
            Ok(row)
        })
        .collect()
}
