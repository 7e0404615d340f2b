//! The logic engine: ratings, hints and the technique table, keyed as the CLI's `--json`.

use crate::errors;
use crate::grid::puzzle;
use crate::options;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_lab::engine::analyze::{self, Certificate};
use sudoku_lab::engine::format::thousands;
use sudoku_lab::engine::logic::{
    self, LogicOptions, Marks, Outcome, Rating, Solved, Step, Technique, rating,
};
use sudoku_lab::engine::{Candidates, Formulation, Grid, Pos};

/// How many solutions the givens have, decided by propagation as the CLI decides it.
fn certificate(grid: &Grid) -> PyResult<Certificate> {
    analyze::uniqueness(&grid.puzzle(), Formulation::Propagation, None).map_err(errors::analyze)
}

/// The logic solve of `grid` and its rating; uniqueness techniques only for one solution.
fn rated(grid: &Grid, unique: bool) -> (Solved, Rating) {
    let options = LogicOptions {
        unique,
        ..LogicOptions::default()
    };
    let solved = logic::solve(grid, &options);
    let empty = grid
        .entries()
        .iter()
        .filter(|e| e.digit().is_none())
        .count();
    let rating = rating::rate_solved(&solved, grid.size(), empty);
    (solved, rating)
}

/// The logic rating, as one line of `sudoku-lab rate --json`: `level` (`easy` .. `extreme`,
/// `None` when it needs guessing), `score`, `hardest`, `steps`, `outcome`, `solutions`
/// (`none`, `one`, `several`) and the uniqueness techniques used.
#[pyfunction]
pub fn rate<'py>(py: Python<'py>, puzzle: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let grid = self::puzzle(puzzle)?.grid.puzzle();
    let (certificate, rated) = py.detach(|| {
        let certificate = certificate(&grid)?;
        let rated = match certificate {
            Certificate::NoSolution => None,
            Certificate::Unique { .. } => Some(rated(&grid, true)),
            Certificate::Multiple { .. } => Some(rated(&grid, false)),
        };
        PyResult::Ok((certificate, rated))
    })?;
    let r = rated.as_ref().map(|(_, r)| r);
    let mut used: Vec<Technique> = (rated.iter().flat_map(|(s, _)| &s.steps))
        .map(|s| s.technique)
        .filter(|t| t.needs_uniqueness())
        .collect();
    used.sort();
    used.dedup();
    let out = PyDict::new(py);
    out.set_item("level", r.and_then(|r| r.level).map(logic::Level::id))?;
    out.set_item("score", r.map_or(0, |r| r.score))?;
    let hardest = r.filter(|r| r.level.is_some()).and_then(|r| r.hardest);
    out.set_item("hardest", hardest.map(Technique::id))?;
    out.set_item("steps", r.map_or(0, |r| r.steps))?;
    let outcome = match r.map(|r| r.outcome) {
        Some(Outcome::Solved) => "solved",
        Some(Outcome::Stuck) => "stuck",
        Some(Outcome::Broken) | None => "no solution",
    };
    out.set_item("outcome", outcome)?;
    out.set_item("solutions", solutions(&certificate))?;
    let used: Vec<&str> = used.iter().map(|t| t.id()).collect();
    out.set_item("uniqueness_used", used)?;
    Ok(out)
}

fn solutions(certificate: &Certificate) -> &'static str {
    match certificate {
        Certificate::NoSolution => "none",
        Certificate::Unique { .. } => "one",
        Certificate::Multiple { .. } => "several",
    }
}

/// What a hint found in a board, and how its logic stands.
struct Found {
    status: &'static str,
    reason: Option<String>,
    steps: Vec<Step>,
    /// The empty cells and their candidates, when stuck.
    remaining: Vec<(Pos, Candidates)>,
}

impl Found {
    fn end(status: &'static str, reason: Option<String>) -> Found {
        Found {
            status,
            reason,
            steps: Vec::new(),
            remaining: Vec::new(),
        }
    }
}

/// The next logical step in a board (its givens and the digits filled in), as one line of
/// `sudoku-lab hint --json`: `status` (`step`, `none`, `solved`, `stuck`, `no solution`,
/// `off track`), a `reason` when there is one, the `steps` (technique, name, code,
/// explanation, placements `r3c5=7`, eliminations `r5c3<>4`) and, when stuck, the
/// `remaining` cells' candidates. `technique` asks for one technique, `all` for every
/// instance of it.
#[pyfunction]
#[pyo3(signature = (puzzle, *, technique=None, all=false))]
pub fn hint<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    technique: Option<&str>,
    all: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let grid = self::puzzle(puzzle)?.grid;
    let technique = technique.map(options::technique).transpose()?;
    let found = py.detach(|| hint_in(&grid, technique, all))?;
    let out = PyDict::new(py);
    out.set_item("status", found.status)?;
    if let Some(reason) = found.reason {
        out.set_item("reason", reason)?;
    }
    let steps: PyResult<Vec<Bound<'py, PyDict>>> =
        found.steps.iter().map(|s| step(py, s)).collect();
    out.set_item("steps", steps?)?;
    if !found.remaining.is_empty() {
        let cells: PyResult<Vec<Bound<'py, PyDict>>> = (found.remaining.iter())
            .map(|(p, c)| {
                let cell = PyDict::new(py);
                cell.set_item("cell", p.to_string())?;
                let digits: Vec<u32> = c.iter().map(|d| u32::from(d.get())).collect();
                cell.set_item("candidates", digits)?;
                Ok(cell)
            })
            .collect();
        out.set_item("remaining", cells?)?;
    }
    Ok(out)
}

fn hint_in(grid: &Grid, technique: Option<Technique>, all: bool) -> PyResult<Found> {
    if let Some(c) = grid.conflicts().into_iter().next() {
        return Ok(Found::end("no solution", Some(c.to_string())));
    }
    let marks = Marks::from_grid(grid);
    let unique = match certificate(grid)? {
        Certificate::NoSolution => return Ok(Found::end("no solution", None)),
        Certificate::Multiple { .. } => false,
        Certificate::Unique { solution } => {
            if let Some(why) = off_track(grid, &solution) {
                return Ok(Found::end("off track", Some(why)));
            }
            true
        }
    };
    if marks.is_broken() {
        let empty = marks
            .empty_cells()
            .find(|&c| marks.candidates(c).is_empty());
        let why = match empty {
            Some(c) => format!("{} has no candidate left", marks.pos(c)),
            None => "a unit has no place left for a digit it lacks".to_string(),
        };
        return Ok(Found::end("no solution", Some(why)));
    }
    if marks.is_solved() {
        return Ok(Found::end("solved", None));
    }
    let options = LogicOptions {
        unique,
        ..LogicOptions::default()
    };
    let steps = match technique {
        None => logic::next_step(&marks, &options).into_iter().collect(),
        Some(t) if t.needs_uniqueness() && !unique => {
            let why = format!("{} needs givens proven to have one solution", t.name());
            return Ok(Found::end("none", Some(why)));
        }
        Some(t) if all => logic::find_all(&marks, t),
        Some(t) => {
            let mut found = Vec::with_capacity(1);
            t.find(&marks, &mut found, 1);
            found
        }
    };
    Ok(match (steps.is_empty(), technique) {
        (false, _) => Found {
            steps,
            ..Found::end("step", None)
        },
        (true, Some(t)) => Found::end("none", Some(format!("no {} here", t.name()))),
        (true, None) => Found {
            remaining: (marks.empty_cells())
                .map(|c| (marks.pos(c), marks.candidates(c)))
                .collect(),
            ..Found::end(
                "stuck",
                (!unique).then(|| "the givens have several solutions".to_string()),
            )
        },
    })
}

/// The first filled digit that is not the solution's, and how many more there are.
fn off_track(grid: &Grid, solution: &Grid) -> Option<String> {
    let mut wrong = (0..grid.size().cells()).filter_map(|i| {
        let p = Pos::from_index(i, grid.size());
        let d = grid.digit(p).filter(|&d| Some(d) != solution.digit(p))?;
        Some(format!("{p} holds {d}, not the solution's digit"))
    });
    let first = wrong.next()?;
    Some(match wrong.count() {
        0 => first,
        more => format!("{first} (and {} more)", thousands(more as u64)),
    })
}

/// A step as the CLI's JSON has it.
fn step<'py>(py: Python<'py>, s: &Step) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("technique", s.technique.id())?;
    out.set_item("name", s.technique.name())?;
    out.set_item("code", s.technique.hodoku_code())?;
    out.set_item("explanation", logic::explain(s))?;
    let placements: Vec<String> = (s.placements.iter())
        .map(|(p, d)| format!("{p}={d}"))
        .collect();
    out.set_item("placements", placements)?;
    let eliminations: Vec<String> = (s.eliminations.iter())
        .map(|(p, d)| format!("{p}<>{d}"))
        .collect();
    out.set_item("eliminations", eliminations)?;
    Ok(out)
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
