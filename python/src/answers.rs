//! Solving, counting and checking one puzzle.

use crate::errors;
use crate::grid::{PyGrid, puzzle};
use crate::options::{self, Whole};
use crate::watch;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_lab::engine::Grid;
use sudoku_lab::engine::examine::{CheckOutcome, ExamineOptions, examine};
use sudoku_lab::engine::formulation::{SolveError, SolveReport, Stats};
use sudoku_lab::engine::search::{Cancel, Flow, Halt, Limits};
use sudoku_lab::engine::{Formulation, SolveOptions, Verdict, solve as solve_grid};

/// Solves a puzzle: `verdict` (`unique`, `no solution`, `multiple solutions`, `unknown`), the
/// `solution` Grid when unique (its `str()` is the CLI's answer line), and the search `stats`.
/// Ctrl-C stops it (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (puzzle, *, formulation="propagation"))]
pub fn solve<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    formulation: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let board = self::puzzle(puzzle)?;
    let formulation = options::formulation(formulation)?;
    let puzzle = board.grid.puzzle();
    let report = run(py, &puzzle, formulation, SolveOptions::default())?;
    let verdict = match report.verdict() {
        Verdict::Unique => "unique",
        Verdict::NoSolution => "no solution",
        Verdict::Multiple => "multiple solutions",
        Verdict::Unknown => "unknown",
    };
    let solution = (report.verdict() == Verdict::Unique)
        .then(|| PyGrid::new(report.solutions[0].clone(), board.format));
    let out = PyDict::new(py);
    out.set_item("verdict", verdict)?;
    out.set_item("solution", solution)?;
    out.set_item("stats", stats(py, &report.stats)?)?;
    Ok(out)
}

/// The counters a formulation reports, by the names the CLI prints them under.
pub fn stats<'py>(py: Python<'py>, stats: &Stats) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (name, value) in stats.entries() {
        out.set_item(name, value)?;
    }
    Ok(out)
}

/// Search nodes a solve may take on the calling thread: nearly every 9x9 and 16x16 puzzle is
/// decided within them in well under a millisecond, less than a thread of its own would cost.
const QUICK_NODES: u64 = 2_000;

/// A solve that Ctrl-C stops. It runs on the calling thread within `QUICK_NODES`; one that
/// needs more starts again on a thread of its own (see `watch`), having lost at most that
/// budget. From 36x36 up, where the race answers, it starts there, as do SAT and MIP, whose
/// "nodes" (solver calls, LP-solving nodes) are no cheap measure of a try.
fn run(
    py: Python<'_>,
    puzzle: &Grid,
    formulation: Formulation,
    options: SolveOptions,
) -> PyResult<SolveReport> {
    let cheap_nodes = matches!(
        formulation,
        Formulation::Propagation | Formulation::ExactCover
    );
    if puzzle.size().side() < 36 && cheap_nodes {
        let quick = SolveOptions {
            limits: Limits {
                max_nodes: Some(QUICK_NODES),
                cancel: None,
            },
            ..options.clone()
        };
        match py.detach(|| solve_grid(puzzle, formulation, &quick)) {
            Ok(report) if report.stats.halt != Some(Halt::NodeLimit) => return Ok(report),
            Ok(_) | Err(SolveError::OverBudget) => {}
            Err(e) => return Err(errors::solve(e)),
        }
    }
    let cancel = Cancel::new();
    let options = SolveOptions {
        limits: Limits {
            cancel: Some(cancel.clone()),
            ..Limits::default()
        },
        ..options
    };
    watch::run(
        py,
        &cancel,
        || {},
        || solve_grid(puzzle, formulation, &options),
    )?
    .map_err(errors::solve)
}

/// The number of solutions, at most `limit` (1 or more, as `sudoku-lab count --limit`).
/// Counting every solution of a puzzle with few givens may never end: Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (puzzle, *, limit=None, formulation="propagation"))]
pub fn count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: Option<Whole>,
    formulation: &str,
) -> PyResult<u64> {
    let limit = limit.map(|k| k.at_least_one("limit")).transpose()?;
    let puzzle = self::puzzle(puzzle)?.grid.puzzle();
    let formulation = options::formulation(formulation)?;
    // One past the limit tells "exactly K" from "more than K", as the CLI asks.
    let options = SolveOptions {
        max_solutions: limit.map(|k| k.saturating_add(1)),
        keep: 0,
        ..SolveOptions::default()
    };
    let report = run(py, &puzzle, formulation, options)?;
    Ok(limit.map_or(report.count, |k| report.count.min(k)))
}

/// Uniqueness and minimality with their witnesses, as `sudoku-lab check`: `verdict` is the
/// CLI's answer; `solutions` is `none`, `one` or `several`; `witnesses` the solutions that
/// prove it (two that differ for several); `redundant` the clues that could go (`r1c3`);
/// `guesses` propagation's measured effort. With `difficulty`, `effort` holds each
/// formulation's counters (or its error) as `check --difficulty` measures them, and `logic`
/// the logic rating as `rate` gives it. Ctrl-C stops
/// it between the questions it asks (one clue each).
#[pyfunction]
#[pyo3(signature = (puzzle, *, formulation="propagation", difficulty=false))]
pub fn check<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    formulation: &str,
    difficulty: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let board = self::puzzle(puzzle)?;
    // Ctrl-C raises it, which stops the check inside a question too (the first may be long).
    let cancel = Cancel::new();
    let options = ExamineOptions {
        formulation: options::formulation(formulation)?,
        profile: if difficulty {
            Formulation::ALL.to_vec()
        } else {
            Vec::new()
        },
        cancel: Some(cancel.clone()),
    };
    let puzzle = board.grid.puzzle();
    // Up to 16x16 a check takes milliseconds and stays on the calling thread.
    let examined = if puzzle.size().box_size() <= 4 {
        let mut poll = watch::Poll::new();
        let examined = py.detach(|| examine(&puzzle, &options, &mut |_| poll.flow()));
        poll.raised()?;
        examined
    } else {
        watch::run(
            py,
            &cancel,
            || {},
            || {
                examine(&puzzle, &options, &mut |_| match cancel.is_cancelled() {
                    true => Flow::Stop,
                    false => Flow::Continue,
                })
            },
        )?
    }
    .map_err(errors::analyze)?;
    let grid = |g| PyGrid::new(g, board.format);
    let out = PyDict::new(py);
    let (verdict, solutions, witnesses, redundant) = match examined.outcome {
        CheckOutcome::NoSolution => ("no solution".to_string(), "none", vec![], vec![]),
        CheckOutcome::Multiple { first, second } => (
            "multiple".to_string(),
            "several",
            vec![grid(first), grid(second)],
            vec![],
        ),
        CheckOutcome::Unique {
            solution,
            redundant,
            guesses,
            ..
        } => {
            out.set_item("guesses", guesses)?;
            let cells: Vec<String> = redundant.iter().map(ToString::to_string).collect();
            let verdict = match cells.is_empty() {
                true => "unique minimal".to_string(),
                false => format!("unique redundant: {}", cells.join(" ")),
            };
            (verdict, "one", vec![grid(solution)], cells)
        }
    };
    out.set_item("verdict", verdict)?;
    out.set_item("solutions", solutions)?;
    out.set_item("clues", puzzle.given_count())?;
    out.set_item("witnesses", witnesses)?;
    out.set_item("redundant", redundant)?;
    if difficulty {
        let effort = PyDict::new(py);
        for e in &examined.effort {
            match &e.stats {
                Ok(s) => effort.set_item(e.formulation.id(), stats(py, s)?)?,
                Err(err) => effort.set_item(e.formulation.id(), err.to_string())?,
            }
        }
        out.set_item("effort", effort)?;
        out.set_item("logic", crate::logic::rating(py, &puzzle)?)?;
    }
    Ok(out)
}
