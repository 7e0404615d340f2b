//! The `Grid` class (a board read from text or rows, drawn in notebooks) and the readers.

use crate::errors;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use std::fmt::Write;
use std::hash::{DefaultHasher, Hash, Hasher};
use sudoku_lab::engine::format::{self, Format, ParseError, Parsed};
use sudoku_lab::engine::{Entry, Grid, Pos};

/// A board: givens, and digits filled in (a solution's, or a JSON board's `solved`).
#[pyclass(name = "Grid", module = "sudoku_lab", frozen)]
#[derive(Clone)]
pub struct PyGrid {
    pub grid: Grid,
    /// The format it was read in; answers about it are written in the same one.
    pub format: Format,
}

impl PyGrid {
    pub fn new(grid: Grid, format: Format) -> PyGrid {
        PyGrid { grid, format }
    }

    /// Its text in `format`, as the CLI writes answers: one line for the line and grid
    /// formats (numbers past 35), numbers, or JSON.
    fn like(&self, format: Format) -> String {
        match format {
            Format::Json => format::write_json(&self.grid),
            Format::Numeric => format::write_numeric(&self.grid),
            Format::Line | Format::Grid => format::write_compact(&self.grid),
        }
    }
}

/// A puzzle argument: text in any format (one puzzle), a `Grid`, or rows of numbers (0 or
/// `None` blank). Text and rows are refused with the reader's errors, and clashing givens too.
pub fn puzzle(obj: &Bound<'_, PyAny>) -> PyResult<PyGrid> {
    if let Ok(g) = obj.cast::<PyGrid>() {
        return Ok(g.get().clone());
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return one(&text.to_cow()?);
    }
    let rows: Vec<Vec<Bound<'_, PyAny>>> = obj.extract().map_err(|_| {
        PyTypeError::new_err("a puzzle is text, a Grid, or a list of rows of numbers")
    })?;
    from_rows(&rows)
}

/// The one puzzle of a text. A text of several puzzles is said to be one, as `hint` says of
/// several states, rather than counted as one grid's cells.
fn one(text: &str) -> PyResult<PyGrid> {
    let error = match format::parse(text) {
        Ok(parsed) => return Ok(from_parsed(parsed)),
        Err(e) => e,
    };
    let pieces = format::pieces(text);
    if pieces.len() > 1 && pieces.iter().all(|p| p.parsed.is_ok()) {
        return Err(errors::parse(format!(
            "the text holds {} puzzles; one is taken here (read() takes them all)",
            pieces.len()
        )));
    }
    Err(errors::parse(error))
}

fn from_parsed(p: Parsed) -> PyGrid {
    PyGrid::new(p.grid, p.format)
}

/// Rows as the numeric format's text, so they get its checks and error messages; a number no
/// grid has (negative, or past any digit) is refused at its row and column as the text is.
fn from_rows(rows: &[Vec<Bound<'_, PyAny>>]) -> PyResult<PyGrid> {
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != rows.len()) {
        return Err(errors::parse(format!(
            "rows of a grid: {} rows, but row {} has {} cells",
            rows.len(),
            i + 1,
            row.len()
        )));
    }
    let mut text = String::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let value = match cell.is_none() {
                true => 0,
                false => cell_value(cell, r, c, rows.len())?,
            };
            let _ = write!(text, "{value} ");
        }
        text.push('\n');
    }
    let grid = format::parse_numeric(&text).map_err(errors::parse)?;
    if let Some(c) = grid.conflicts().into_iter().next() {
        return Err(errors::parse(ParseError::Conflict(c)));
    }
    Ok(PyGrid::new(grid, Format::Line))
}

/// A cell's number; a number no grid's digit can be is refused as the numeric text refuses
/// it, naming the cell.
fn cell_value(cell: &Bound<'_, PyAny>, row: usize, col: usize, side: usize) -> PyResult<u64> {
    // `True` is an int to Python, but no digit: refused as any other non-number.
    let int = cell
        .cast::<PyInt>()
        .ok()
        .filter(|_| !cell.is_instance_of::<PyBool>());
    let Some(int) = int else {
        return Err(PyTypeError::new_err(format!(
            "row {}, column {}: a cell is a number or None, not {}",
            row + 1,
            col + 1,
            cell.get_type().name()?
        )));
    };
    match int.extract::<u64>() {
        Ok(v) if v <= side as u64 => Ok(v),
        _ => Err(errors::parse(ParseError::DigitOutOfRange {
            row,
            col,
            text: int.to_string(),
            max: side,
        })),
    }
}

/// Reads one puzzle in any format (line, numeric, grid layout, JSON).
#[pyfunction]
pub fn parse(text: &Bound<'_, PyString>) -> PyResult<PyGrid> {
    puzzle(text.as_any())
}

/// Every puzzle of a text, as the CLI reads a file: one per line, layouts between blank lines,
/// JSON documents; `#` comments skipped, and lines that read as a title or a note (`Grid 01`
/// before each grid of Project Euler's file) passed over as the page's import passes them. The
/// first other piece that does not read raises, naming its line.
#[pyfunction]
pub fn read(py: Python<'_>, text: &str) -> PyResult<Vec<PyGrid>> {
    let pieces = py.detach(|| format::pieces(text));
    let mut grids = Vec::with_capacity(pieces.len());
    for piece in pieces {
        match piece.parsed {
            Ok(p) => grids.push(from_parsed(p)),
            Err(e) if format::is_words(text, piece.line, &e) => {}
            Err(e) => return Err(errors::parse(format!("line {}: {e}", piece.line))),
        }
    }
    Ok(grids)
}

#[pymethods]
impl PyGrid {
    /// Reads a board from text in any format, rows of numbers, or another Grid.
    #[new]
    fn py_new(board: &Bound<'_, PyAny>) -> PyResult<PyGrid> {
        puzzle(board)
    }

    /// The box size: 3 for 9x9.
    #[getter]
    fn box_size(&self) -> usize {
        self.grid.size().box_size()
    }

    /// Cells in a row: 9 for 9x9.
    #[getter]
    fn side(&self) -> usize {
        self.grid.size().side()
    }

    /// The format it was read in (`line`, `numeric`, `grid`, `json`).
    #[getter]
    fn format(&self) -> &'static str {
        self.format.name()
    }

    /// How many givens.
    #[getter]
    fn clues(&self) -> usize {
        self.grid.given_count()
    }

    /// Every cell holds a digit.
    #[getter]
    fn is_complete(&self) -> bool {
        self.grid.is_complete()
    }

    /// The givens only.
    fn givens(&self) -> PyGrid {
        PyGrid::new(self.grid.puzzle(), self.format)
    }

    /// Rows of digits, 0 for an empty cell (as `u32`: PyO3 turns bytes into `bytes`).
    fn to_list(&self) -> Vec<Vec<u32>> {
        let side = self.grid.size().side().max(1);
        let values: Vec<u32> = self.grid.values().into_iter().map(u32::from).collect();
        values.chunks(side).map(<[u32]>::to_vec).collect()
    }

    /// The text in `format` (`line`, `numeric`, `grid`, `json`); without one, as the CLI
    /// answers in the format the board was read in. The text formats hold the givens only
    /// when the board has digits besides them, as `sudoku-lab convert` writes.
    #[pyo3(signature = (format=None))]
    fn to_text(&self, format: Option<&str>) -> PyResult<String> {
        let Some(name) = format else {
            return Ok(self.like(self.format));
        };
        let to = Format::from_name(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown format '{name}'; one of: line, numeric, grid, json"
            ))
        })?;
        let grid = if to == Format::Json || self.grid == self.grid.puzzle() {
            &self.grid
        } else {
            &self.grid.puzzle()
        };
        let text = format::write(grid, to).map_err(errors::parse)?;
        Ok(text.trim_end().to_string())
    }

    /// The board as JSON (givens under `fixed`, other digits under `solved`).
    fn to_json(&self) -> String {
        format::write_json(&self.grid)
    }

    /// Equal when the cells are: the same size, givens and filled-in digits, whatever the
    /// format each was read in.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGrid>()
            .is_ok_and(|other| other.get().grid == self.grid)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.grid.hash(&mut hasher);
        hasher.finish()
    }

    fn __str__(&self) -> String {
        self.like(self.format)
    }

    fn __repr__(&self) -> String {
        format!("Grid('{}')", format::write_compact(&self.grid))
    }

    /// The board as an HTML table: boxes outlined, givens bold, other digits green italics.
    fn _repr_html_(&self) -> String {
        html(&self.grid)
    }
}

/// The board as a table for a notebook, drawn as the page draws it.
pub fn html(grid: &Grid) -> String {
    let size = grid.size();
    let (side, b) = (size.side(), size.box_size());
    let mut out = String::from(
        "<table class=\"sudoku-lab\" style=\"border-collapse:collapse;border:2px solid;\
         font-family:sans-serif;text-align:center\">",
    );
    for row in 0..side {
        out.push_str("<tr>");
        for col in 0..side {
            let edge = |at: usize| if at.is_multiple_of(b) { "2px" } else { "1px" };
            let mut style = format!(
                "width:1.8em;height:1.8em;padding:0;border:1px solid;\
                 border-top-width:{};border-left-width:{}",
                edge(row),
                edge(col)
            );
            let entry = grid.entry(Pos::new(row, col));
            let text = entry.digit().map_or(String::new(), |d| {
                let symbol = (side <= 25).then(|| format::digit_symbol(d)).flatten();
                symbol.map_or_else(|| d.to_string(), String::from)
            });
            match entry {
                Entry::Given(_) => style.push_str(";font-weight:bold;background:#eee"),
                Entry::Filled(_) => style.push_str(";font-style:italic;color:#080"),
                Entry::Empty => {}
            }
            let _ = write!(out, "<td style=\"{style}\">{text}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    out
}
