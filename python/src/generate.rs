//! Generation: one puzzle, or the lines of `sudoku-lab generate --seed S --count C`.

use crate::errors;
use crate::grid::PyGrid;
use crate::options::{self, Whole};
use crate::watch;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sudoku_lab::engine::format::{Format, write_compact};
use sudoku_lab::engine::generate::{
    GenerateError, GenerateOptions, Phase, Progress, level_distance,
};
use sudoku_lab::engine::logic::rate;
use sudoku_lab::engine::search::{Cancel, Flow};
use sudoku_lab::engine::{Grid, Size, generate as generate_grid};

/// The options `generate` and `generate_lines` share, checked and named as the CLI's.
#[allow(clippy::too_many_arguments)]
fn options(
    seed: u64,
    symmetry: &str,
    difficulty: Option<&str>,
    no_guess: bool,
    max_clues: Option<&Whole>,
    formulation: &str,
    method: &str,
    cancel: &Cancel,
) -> PyResult<GenerateOptions> {
    let max_clues = max_clues.map(|k| k.get("max_clues")).transpose()?;
    Ok(GenerateOptions {
        seed,
        symmetry: options::symmetry(symmetry)?,
        formulation: options::formulation(formulation)?,
        max_clues: max_clues.map(|k| usize::try_from(k).unwrap_or(usize::MAX)),
        method: options::method(method)?,
        difficulty: difficulty.map(options::level).transpose()?,
        no_guess,
        cancel: Some(cancel.clone()),
        ..GenerateOptions::default()
    })
}

/// A progress callback that stops the work once `cancel` is raised (Ctrl-C).
fn until(cancel: &Cancel) -> impl FnMut(&Progress) -> Flow + Send + '_ {
    |_| match cancel.is_cancelled() {
        true => Flow::Stop,
        false => Flow::Continue,
    }
}

/// Up to 16x16 generation reports often and a puzzle takes milliseconds at most, less than a
/// thread of its own would add to it: it runs on the calling thread (see `watch::Poll`).
const SMALL_BOX: usize = 4;

/// How often the removal's puzzle so far is copied while `stop_after` runs: a copy per report
/// would cost more than a small puzzle's whole generation.
const COPY_EVERY: Duration = Duration::from_millis(20);

/// What a generation stopped by its deadline had reached.
#[derive(Default)]
struct Reached {
    /// Attempts that finished (with `max_clues` or a difficulty, several may run).
    finished: Vec<Grid>,
    /// The removal's latest puzzle so far, and when it was copied.
    latest: Option<(Instant, Grid)>,
}

/// One puzzle, stopped at `deadline` if one is given: then the closest finished attempt, or
/// the removal's puzzle so far (one solution, not yet minimal) with a remark saying so.
fn one(
    py: Python<'_>,
    size: Size,
    options: &GenerateOptions,
    stop_after: Option<f64>,
) -> PyResult<(Grid, Option<String>)> {
    let deadline = deadline(stop_after)?;
    if deadline.is_none() && size.box_size() <= SMALL_BOX {
        let mut poll = watch::Poll::new();
        let result = py.detach(|| generate_grid(size, options, &mut |_| poll.flow()));
        poll.raised()?;
        return result.map(|g| (g.puzzle, None)).map_err(errors::generate);
    }
    let cancel = options.cancel.clone().unwrap_or_default();
    let ready = AtomicBool::new(false);
    let mut reached = Reached::default();
    let mut stop = until(&cancel);
    let mut progress = |p: &Progress| {
        if let Some(d) = deadline
            && keep(p, Instant::now() < d, &mut reached, &ready)
        {
            return Flow::Stop;
        }
        stop(p)
    };
    // The timer waits until there is a puzzle to give: the full grid is none.
    let tick = || {
        if deadline.is_some_and(|d| Instant::now() >= d) && ready.load(Ordering::Relaxed) {
            cancel.cancel();
        }
    };
    let result = watch::run(py, &cancel, tick, || {
        generate_grid(size, options, &mut progress)
    })?;
    match result {
        Ok(generated) => Ok((generated.puzzle, None)),
        Err(GenerateError::Cancelled) if deadline.is_some() => {
            stopped(options, reached, stop_after.unwrap_or(0.0))
                .ok_or_else(|| errors::generate(GenerateError::Cancelled))
        }
        Err(e) => Err(errors::generate(e)),
    }
}

/// Keeps what a deadline may have to give: each finished attempt, and a copy of the puzzle so
/// far at most every `COPY_EVERY` (and before a wait that may be long) until the deadline.
/// Past it, whether to stop now: when an attempt has finished, or with the puzzle so far once a
/// clue has gone (the deadline may pass before the first copy, as the command line's does).
fn keep(p: &Progress, before: bool, reached: &mut Reached, ready: &AtomicBool) -> bool {
    fn copy(reached: &mut Reached, ready: &AtomicBool, puzzle: &Grid) {
        reached.latest = Some((Instant::now(), puzzle.clone()));
        ready.store(true, Ordering::Relaxed);
    }
    match p.puzzle {
        Some(puzzle) if p.phase == Phase::Removing && p.done == p.total => {
            reached.finished.push(puzzle.clone());
            ready.store(true, Ordering::Relaxed);
            false
        }
        // Not before a clue has gone: the full grid is no puzzle worth giving.
        Some(puzzle)
            if before
                && puzzle.given_count() < p.total
                && (p.slow_next
                    || reached
                        .latest
                        .as_ref()
                        .is_none_or(|(t, _)| t.elapsed() >= COPY_EVERY)) =>
        {
            copy(reached, ready, puzzle);
            false
        }
        _ if before => false,
        // A finished attempt is the answer once the time is up, whatever runs now.
        _ if !reached.finished.is_empty() => true,
        Some(puzzle) if puzzle.given_count() < p.total => {
            copy(reached, ready, puzzle);
            true
        }
        _ => false,
    }
}

/// The answer of a generation its deadline stopped: the closest finished attempt (nearest
/// level, then fewest clues), else the puzzle so far; with a remark as the CLI's.
fn stopped(
    options: &GenerateOptions,
    reached: Reached,
    seconds: f64,
) -> Option<(Grid, Option<String>)> {
    let stopped = format!("seed {}: stopped after {seconds} s", options.seed);
    let closest = reached.finished.into_iter().min_by_key(|puzzle| {
        let distance = options
            .difficulty
            .map_or(0, |level| level_distance(level, &rate(puzzle, true)));
        (distance, puzzle.given_count())
    });
    if let Some(puzzle) = closest {
        let met = options.max_clues.is_none_or(|k| puzzle.given_count() <= k)
            && options
                .difficulty
                .is_none_or(|level| level_distance(level, &rate(&puzzle, true)) == 0);
        let remark = (!met).then(|| {
            format!(
                "{stopped} before an attempt met the targets; the closest has {} clues",
                puzzle.given_count()
            )
        });
        return Some((puzzle, remark));
    }
    let (_, puzzle) = reached.latest?;
    let clues = puzzle.given_count();
    let remark = match options.no_guess {
        true => format!(
            "{stopped} with a puzzle of {clues} clues that the logic solver solves, not \
             proved minimal for its techniques"
        ),
        false => {
            format!("{stopped} with a puzzle of one solution and {clues} clues, not proved minimal")
        }
    };
    Some((puzzle, Some(remark)))
}

/// `stop_after` as a deadline from now.
fn deadline(stop_after: Option<f64>) -> PyResult<Option<Instant>> {
    let Some(seconds) = stop_after else {
        return Ok(None);
    };
    let wait = Duration::try_from_secs_f64(seconds).map_err(|_| {
        PyValueError::new_err(format!(
            "stop_after is a number of seconds, 0 or more, not {seconds}"
        ))
    })?;
    Ok(Instant::now().checked_add(wait))
}

/// A minimal puzzle with one solution. The same seed and options give the same puzzle on
/// any machine (`sudoku-lab generate --seed`); without a seed one is drawn at random.
/// `stop_after` (seconds) stops it as `--stop-after` does: then the answer is the puzzle
/// reached, which has one solution but is not yet minimal (the way to a puzzle at 36x36 and
/// 49x49, where a minimal one is out of reach), and a warning says so. Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (box_size=Whole::from(3), *, seed=None, symmetry="none", difficulty=None,
    no_guess=false, max_clues=None, formulation="propagation", method="removal",
    stop_after=None))]
#[pyo3(
    text_signature = "(box_size=3, *, seed=None, symmetry='none', difficulty=None, \
    no_guess=False, max_clues=None, formulation='propagation', method='removal', \
    stop_after=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    box_size: Whole,
    seed: Option<Whole>,
    symmetry: &str,
    difficulty: Option<&str>,
    no_guess: bool,
    max_clues: Option<Whole>,
    formulation: &str,
    method: &str,
    stop_after: Option<f64>,
) -> PyResult<PyGrid> {
    let size = box_size.box_size()?;
    let seed = match seed {
        Some(s) => s.get("seed")?,
        None => getrandom::u64().map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    let cancel = Cancel::new();
    let options = options(
        seed,
        symmetry,
        difficulty,
        no_guess,
        max_clues.as_ref(),
        formulation,
        method,
        &cancel,
    )?;
    let (puzzle, remark) = one(py, size, &options, stop_after)?;
    if let Some(remark) = remark {
        py.import("warnings")?.call_method1("warn", (remark,))?;
    }
    Ok(PyGrid::new(puzzle, Format::Line))
}

/// `count` puzzles from the seeds `seed`, `seed + 1`, ..., one line each: exactly the lines
/// `sudoku-lab generate --box B --seed S --count C` prints with the same options. Ctrl-C
/// stops it.
#[pyfunction]
#[pyo3(signature = (box_size, seed, count, *, symmetry="none", difficulty=None,
    no_guess=false, max_clues=None, formulation="propagation", method="removal"))]
#[allow(clippy::too_many_arguments)]
pub fn generate_lines(
    py: Python<'_>,
    box_size: Whole,
    seed: Whole,
    count: Whole,
    symmetry: &str,
    difficulty: Option<&str>,
    no_guess: bool,
    max_clues: Option<Whole>,
    formulation: &str,
    method: &str,
) -> PyResult<Vec<String>> {
    let size = box_size.box_size()?;
    let (seed, count) = (seed.get("seed")?, count.get("count")?);
    // Each puzzle has its own seed: wrapping past the largest would repeat the first ones.
    if count > 0 && seed.checked_add(count - 1).is_none() {
        return Err(PyValueError::new_err(format!(
            "seed {seed} and count {count}: the seeds would run past {}, the largest",
            u64::MAX
        )));
    }
    let cancel = Cancel::new();
    let options = options(
        seed,
        symmetry,
        difficulty,
        no_guess,
        max_clues.as_ref(),
        formulation,
        method,
        &cancel,
    )?;
    let lines = |stop: &mut dyn FnMut(&Progress) -> Flow| {
        (0..count)
            .map(|i| {
                let options = GenerateOptions {
                    seed: seed + i,
                    ..options.clone()
                };
                generate_grid(size, &options, stop).map(|g| write_compact(&g.puzzle))
            })
            .collect::<Result<Vec<String>, GenerateError>>()
    };
    let lines = if size.box_size() <= SMALL_BOX {
        let mut poll = watch::Poll::new();
        let lines = py.detach(|| lines(&mut |_| poll.flow()));
        poll.raised()?;
        lines
    } else {
        watch::run(py, &cancel, || {}, || lines(&mut until(&cancel)))?
    };
    lines.map_err(errors::generate)
}
