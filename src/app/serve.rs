//! The engine worker's request handling, web-free: runs each request and answers it, with
//! progress and partial answers on the way; the browser side only moves messages.
//!
//! Nothing here stops a job: the page cancels by terminating the whole worker and starting a
//! fresh one. A flag the engine polled would have to be set from the page while the job runs,
//! but the worker is single-threaded and busy with the job, so it reads no message (a cancel
//! included) before the job has ended; only memory shared with the page could carry the flag,
//! and that needs a cross-origin-isolated page and a threaded wasm build. So every progress
//! callback here answers [`Flow::Continue`].

use super::advice;
use super::protocol::{
    CheckOutcome, CompareRow, Failure, ModelFormat, Request, Response, Symmetry, compare_order,
};
use crate::engine::examine::{ExamineOptions, examine};
use crate::engine::format::parse_line;
use crate::engine::formulation::sat::member::solve_member;
use crate::engine::formulation::{solve, solve_reporting};
use crate::engine::generate::{GenerateOptions, Phase, Progress};
use crate::engine::logic::Level;
use crate::engine::search::Flow;
use crate::engine::{self, Formulation, Grid, Query, Size, SolveError, SolveOptions, SolveReport};

/// Milliseconds since some fixed moment: `performance.now()` in the browser, a fake in tests.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// Where a job's messages before its answer go: progress and partial answers.
pub trait Sink {
    fn send(&mut self, message: Response);
}

impl<F: FnMut(Response)> Sink for F {
    fn send(&mut self, message: Response) {
        self(message)
    }
}

/// Progress goes out at most this often, so a fast job does not flood the page.
pub const PROGRESS_EVERY_MS: f64 = 50.0;

/// A phase of at most this many steps (the formulations of a comparison) shows every step,
/// as each may take seconds.
pub const EVERY_STEP_UP_TO: u64 = 16;

/// How often a long generation hands the page its puzzle so far: a 49x49 grid is cheap to send
/// this rarely, and a generation shorter than this sends one only where the removal turns to
/// questions that may each take minutes (see [`hands_over`]).
pub const PARTIAL_EVERY_MS: f64 = 2000.0;

/// Whether a generation's progress report hands its puzzle so far to the page, `since_last` ms
/// after the last one handed over (or after the start). The report before a long wait goes at
/// once: with only the interval, a removal whose fast part ended just short of it would leave
/// the page with nothing to keep while its next question runs for minutes.
pub fn hands_over(p: &Progress, since_last: f64) -> bool {
    p.puzzle.is_some() && (p.slow_next || since_last >= PARTIAL_EVERY_MS)
}

/// The largest model the page offers for download: the 36x36 ones fit, 49x49 DIMACS does not.
/// Handing a larger one to the page stalls it while the text is copied across.
pub const MAX_EXPORT_BYTES: usize = 64 << 20;

/// Runs one request to completion and returns its answer; progress and the answers that come
/// in parts (a comparison's rows, a long generation's puzzle so far) go to `sink` on the way.
pub fn handle(request: Request, clock: &dyn Clock, sink: &mut dyn Sink) -> Response {
    let mut job = Job {
        clock,
        sink,
        last_progress: f64::NEG_INFINITY,
    };
    match request {
        Request::Solve {
            puzzle,
            formulation,
            max_solutions,
            keep,
        } => job.solve(&puzzle, formulation, max_solutions, keep),
        Request::Compare { puzzle } => job.compare(&puzzle),
        Request::Generate {
            size,
            seed,
            symmetry,
            formulation,
            difficulty,
        } => job.generate(size, seed, (symmetry, difficulty), formulation),
        Request::Check {
            puzzle,
            formulation,
        } => job.check(&puzzle, formulation),
        Request::Export { puzzle, model } => export(&puzzle, model),
        Request::Steps { puzzle } => {
            let (steps, end) = advice::steps(&puzzle);
            Response::Stepped {
                said: advice::said(&steps, puzzle.size().side()),
                steps,
                end,
            }
        }
        Request::SolveMember {
            puzzle,
            member,
            max_solutions,
            keep,
        } => {
            let t0 = clock.now_ms();
            match solve_member(&puzzle, max_solutions, keep, member) {
                Ok(report) => Response::Solved {
                    report,
                    millis: clock.now_ms() - t0,
                },
                Err(e) => failed(e),
            }
        }
        Request::Hint { grid, notes } => {
            let t0 = clock.now_ms();
            let hint = advice::hint(&grid, &notes);
            Response::Hinted {
                hint,
                millis: clock.now_ms() - t0,
            }
        }
    }
}

fn failed(error: impl Into<Failure>) -> Response {
    Response::Failed {
        failure: error.into(),
    }
}

/// One running request: its clock, where its messages go, and when it last showed progress.
struct Job<'a> {
    clock: &'a dyn Clock,
    sink: &'a mut dyn Sink,
    last_progress: f64,
}

impl Job<'_> {
    fn now(&self) -> f64 {
        self.clock.now_ms()
    }

    /// Says `done` of `total` steps of `phase` are done, unless it said so very recently;
    /// the last step is always shown.
    fn progress(&mut self, phase: Phase, done: u64, total: u64) {
        let t = self.now();
        if t - self.last_progress >= PROGRESS_EVERY_MS || done == total || total <= EVERY_STEP_UP_TO
        {
            self.last_progress = t;
            self.sink.send(Response::Progress { phase, done, total });
        }
    }

    /// An engine progress callback that shows each step and never stops (see the module
    /// comment for why).
    fn engine_progress(&mut self) -> impl FnMut(&Progress) -> Flow + '_ {
        |p: &Progress| {
            self.progress(p.phase, p.done as u64, p.total as u64);
            Flow::Continue
        }
    }

    fn solve(
        &mut self,
        puzzle: &Grid,
        formulation: Formulation,
        max_solutions: Option<u64>,
        keep: usize,
    ) -> Response {
        let options = SolveOptions {
            max_solutions,
            keep,
            ..SolveOptions::default()
        };
        let t0 = self.now();
        // A uniqueness search ends at its second solution; only a count is worth following.
        let cap = max_solutions.unwrap_or(u64::MAX);
        let mut found = |count: u64| {
            if cap > 2 {
                self.progress(Phase::Solutions, count, cap);
            }
        };
        match solve_reporting(puzzle, formulation, &options, &mut found) {
            Ok(report) => Response::Solved {
                report,
                millis: self.now() - t0,
            },
            Err(e) => failed(e),
        }
    }

    /// Every formulation in turn, each row sent as it comes.
    fn compare(&mut self, puzzle: &Grid) -> Response {
        let order = compare_order(puzzle.size());
        let total = order.len() as u64;
        let mut rows = Vec::with_capacity(order.len());
        for (i, formulation) in order.into_iter().enumerate() {
            self.progress(Phase::Formulations, i as u64, total);
            let t0 = self.now();
            let result = solve(puzzle, formulation, &SolveOptions::default());
            let row = CompareRow {
                formulation,
                millis: self.now() - t0,
                result,
            };
            self.sink.send(Response::CompareRow { row: row.clone() });
            rows.push(row);
        }
        Response::Compared { rows }
    }

    fn generate(
        &mut self,
        size: Size,
        seed: u64,
        (symmetry, difficulty): (Symmetry, Option<Level>),
        formulation: Formulation,
    ) -> Response {
        // A level asked for is one a person reaches without guessing.
        let options = GenerateOptions {
            seed,
            symmetry,
            formulation,
            difficulty,
            no_guess: difficulty.is_some(),
            ..GenerateOptions::default()
        };
        let t0 = self.now();
        let mut last_partial = t0;
        let mut report = |p: &Progress| {
            self.progress(p.phase, p.done as u64, p.total as u64);
            if let Some(puzzle) = p.puzzle {
                let t = self.now();
                if hands_over(p, t - last_partial) {
                    last_partial = t;
                    self.sink.send(Response::Partial {
                        puzzle: puzzle.clone(),
                    });
                }
            }
            Flow::Continue
        };
        match engine::generate(size, &options, &mut report) {
            Ok(generated) => Response::Generated {
                puzzle: generated.puzzle,
                seed,
                millis: self.now() - t0,
                rating: generated.rating,
            },
            Err(e) => failed(e),
        }
    }

    /// Uniqueness, then (for a unique puzzle) which clues are redundant and the guesses
    /// propagation needs.
    fn check(&mut self, puzzle: &Grid, formulation: Formulation) -> Response {
        let t0 = self.now();
        // Cancel ends the worker itself, so the check needs no flag of its own.
        let options = ExamineOptions {
            formulation,
            ..ExamineOptions::default()
        };
        let examined = examine(puzzle, &options, &mut self.engine_progress());
        match examined {
            Ok(examination) => {
                // How a person would solve it: only a puzzle with one solution has a rating.
                let rating = matches!(examination.outcome, CheckOutcome::Unique { .. })
                    .then(|| advice::rating(puzzle));
                Response::Checked {
                    outcome: examination.outcome,
                    millis: self.now() - t0,
                    rating,
                }
            }
            Err(e) => failed(e),
        }
    }
}

/// The puzzle's model, built by the formulation that solves it, as text.
fn export(puzzle: &Grid, model: ModelFormat) -> Response {
    let givens = puzzle.puzzle();
    let text = match model.write(&Query::new(&givens)) {
        Ok(text) => text,
        Err(e) => return failed(e),
    };
    if text.len() > MAX_EXPORT_BYTES {
        return failed(Failure::ModelTooLarge {
            model,
            size: puzzle.size(),
            bytes: text.len(),
            limit: MAX_EXPORT_BYTES,
        });
    }
    Response::Exported { model, text }
}

/// The small puzzle the worker solves with every formulation as it starts.
pub const WARM_UP_PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Solves [`WARM_UP_PUZZLE`] with every formulation once, as the worker starts: the browser
/// compiles a wasm function when it first runs, so without this the first Solve with each
/// formulation would time the compilation too, and a comparison would rank them wrongly. A
/// request sent meanwhile waits for it, outside the time it reports. Returns each
/// formulation's report, in [`Formulation::ALL`]'s order.
pub fn warm_up() -> Vec<Result<SolveReport, SolveError>> {
    let Ok(grid) = parse_line(WARM_UP_PUZZLE) else {
        return Vec::new();
    };
    let options = SolveOptions {
        max_solutions: Some(2),
        ..SolveOptions::default()
    };
    Formulation::ALL
        .into_iter()
        .map(|f| solve(&grid, f, &options))
        .collect()
}
