//! The worker's side: receives requests, runs the engine, posts answers and progress.

use crate::app::protocol::{
    CheckOutcome, CompareRow, Envelope, ModelFormat, READY_ID, Request, Response, Symmetry,
};
use crate::engine::analyze::{self, AnalyzeOptions, Certificate};
use crate::engine::formulation::{solve, solve_reporting};
use crate::engine::generate::{GenerateOptions, Phase, Progress};
use crate::engine::search::Flow;
use crate::engine::{self, Formulation, Grid, Query, Size, SolveOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn now() -> f64 {
    scope().performance().map_or(0.0, |p| p.now())
}

fn post(id: u64, body: Response) {
    match serde_wasm_bindgen::to_value(&Envelope { id, body }) {
        Ok(v) => {
            let _ = scope().post_message(&v);
        }
        // A failure the page can show beats a job that never ends.
        Err(e) => {
            let body = Response::Failed {
                message: format!("the engine could not send its answer: {e}"),
            };
            if let Ok(v) = serde_wasm_bindgen::to_value(&Envelope { id, body }) {
                let _ = scope().post_message(&v);
            }
        }
    }
}

/// Progress goes out at most this often, so a fast job does not flood the page.
const PROGRESS_EVERY_MS: f64 = 50.0;

/// Runs one request to completion; `progress` hears `(phase, done, total)` along the way and
/// `partial` the answers that come in parts (a comparison's rows, a long generation's puzzle so far).
pub fn handle(
    request: Request,
    progress: &mut dyn FnMut(Phase, u64, u64),
    partial: &mut dyn FnMut(Response),
) -> Response {
    match request {
        Request::Solve {
            puzzle,
            formulation,
            max_solutions,
            keep,
        } => {
            let options = SolveOptions {
                max_solutions,
                keep,
                ..SolveOptions::default()
            };
            let t0 = now();
            // A uniqueness search ends at its second solution; only a count is worth following.
            let cap = max_solutions.unwrap_or(u64::MAX);
            let mut found = |count: u64| {
                if cap > 2 {
                    progress(Phase::Solutions, count, cap);
                }
            };
            match solve_reporting(&puzzle, formulation, &options, &mut found) {
                Ok(report) => Response::Solved {
                    report,
                    millis: now() - t0,
                },
                Err(e) => Response::Failed {
                    message: e.to_string(),
                },
            }
        }
        Request::Compare { puzzle } => {
            let total = Formulation::ALL.len() as u64;
            let rows = Formulation::ALL
                .iter()
                .enumerate()
                .map(|(i, &formulation)| {
                    progress(Phase::Formulations, i as u64, total);
                    let t0 = now();
                    let result = solve(&puzzle, formulation, &SolveOptions::default())
                        .map_err(|e| e.to_string());
                    let row = CompareRow {
                        formulation,
                        millis: now() - t0,
                        result,
                    };
                    partial(Response::CompareRow { row: row.clone() });
                    row
                })
                .collect();
            Response::Compared { rows }
        }
        Request::Generate {
            size,
            seed,
            symmetry,
            formulation,
        } => generate(size, seed, symmetry, formulation, progress, partial),
        Request::Check {
            puzzle,
            formulation,
        } => check(&puzzle, formulation, progress),
        Request::Export { puzzle, model } => export(&puzzle, model),
    }
}

/// A generator or analysis progress callback that reports `(phase, done, total)` and never stops:
/// cancelling terminates the whole worker, which is faster than any flag.
fn reporting(progress: &mut dyn FnMut(Phase, u64, u64)) -> impl FnMut(&Progress) -> Flow + '_ {
    move |p: &Progress| {
        progress(p.phase, p.done as u64, p.total as u64);
        Flow::Continue
    }
}

/// How often a long generation hands the page its puzzle so far: a 49x49 grid is cheap to send
/// this rarely, and nothing shorter than this ever sends one.
const PARTIAL_EVERY_MS: f64 = 2000.0;

fn generate(
    size: Size,
    seed: u64,
    symmetry: Symmetry,
    formulation: Formulation,
    progress: &mut dyn FnMut(Phase, u64, u64),
    partial: &mut dyn FnMut(Response),
) -> Response {
    let options = GenerateOptions {
        seed,
        symmetry,
        formulation,
        ..GenerateOptions::default()
    };
    let t0 = now();
    let mut last_partial = t0;
    let mut report = |p: &Progress| {
        progress(p.phase, p.done as u64, p.total as u64);
        if let Some(puzzle) = p.puzzle
            && now() - last_partial >= PARTIAL_EVERY_MS
        {
            last_partial = now();
            partial(Response::Partial {
                puzzle: puzzle.clone(),
            });
        }
        Flow::Continue
    };
    match engine::generate(size, &options, &mut report) {
        Ok(generated) => Response::Generated {
            puzzle: generated.puzzle,
            seed,
            millis: now() - t0,
        },
        Err(e) => Response::Failed {
            message: e.to_string(),
        },
    }
}

/// Uniqueness, then (for a unique puzzle) which clues are redundant.
fn check(
    puzzle: &Grid,
    formulation: Formulation,
    progress: &mut dyn FnMut(Phase, u64, u64),
) -> Response {
    let t0 = now();
    let outcome = match analyze::uniqueness(puzzle, formulation, None) {
        Ok(Certificate::NoSolution) => Ok(CheckOutcome::NoSolution),
        Ok(Certificate::Multiple { first, second }) => Ok(CheckOutcome::Multiple { first, second }),
        Ok(Certificate::Unique { solution }) => {
            let options = AnalyzeOptions {
                formulation,
                profile: Vec::new(),
                cancel: None,
            };
            let roles = analyze::irreducibility(puzzle, &options, &mut reporting(progress));
            roles.and_then(|clues| {
                let effort = analyze::difficulty(puzzle, &options, &mut reporting(progress))?;
                Ok(CheckOutcome::Unique {
                    solution,
                    clues: puzzle.given_count(),
                    redundant: clues.redundant(),
                    guesses: effort.guesses,
                })
            })
        }
        Err(e) => Err(e),
    };
    match outcome {
        Ok(outcome) => Response::Checked {
            outcome,
            millis: now() - t0,
        },
        Err(e) => Response::Failed {
            message: e.to_string(),
        },
    }
}

/// The puzzle's model, built by the formulation that solves it, as text.
fn export(puzzle: &Grid, model: ModelFormat) -> Response {
    let givens = puzzle.puzzle();
    let query = Query::new(&givens);
    let text = match model.write(&query) {
        Ok(text) => text,
        Err(e) => {
            return Response::Failed {
                message: e.to_string(),
            };
        }
    };
    // Handing a model this large to the page stalls it while the text is copied across.
    if text.len() > MAX_EXPORT_BYTES {
        return Response::Failed {
            message: format!(
                "the {} model of a {} puzzle is {} MB, more than the page hands out ({} MB); \
                 the command line writes it: sudoku-lab export --format {}.",
                model.name(),
                puzzle.size(),
                text.len() >> 20,
                MAX_EXPORT_BYTES >> 20,
                model.name().to_lowercase()
            ),
        };
    }
    Response::Exported { model, text }
}

/// The largest model the page offers for download: the 36x36 ones fit, 49x49 DIMACS does not.
const MAX_EXPORT_BYTES: usize = 64 << 20;

/// Installs the message handler and says `Ready`; the worker then lives until the page
/// terminates it. Messages sent before this point would be lost, hence the handshake.
pub fn register() {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        match serde_wasm_bindgen::from_value::<Envelope<Request>>(e.data()) {
            Ok(env) => {
                let id = env.id;
                let mut last = f64::NEG_INFINITY;
                let mut progress = |phase: Phase, done: u64, total: u64| {
                    let t = now();
                    // A phase of a handful of steps (the formulations of a comparison) may
                    // spend seconds on each, so every step is shown.
                    if t - last >= PROGRESS_EVERY_MS || done == total || total <= 16 {
                        last = t;
                        post(id, Response::Progress { phase, done, total });
                    }
                };
                let mut partial = |part: Response| post(id, part);
                post(id, handle(env.body, &mut progress, &mut partial));
            }
            // Only a page and worker from different builds disagree on the format; answer the
            // job (if its id can be read) so the page does not wait forever.
            Err(err) => {
                web_sys::console::error_1(&format!("bad request: {err}").into());
                let id = js_sys::Reflect::get(&e.data(), &"id".into())
                    .ok()
                    .and_then(|v| v.as_f64());
                if let Some(id) = id {
                    post(
                        id as u64,
                        Response::Failed {
                            message: "the engine could not read the request; reload the page"
                                .into(),
                        },
                    );
                }
            }
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(READY_ID, Response::Ready);
    warm_up();
}

/// Solves a small puzzle with every formulation once, right after `Ready`: the browser
/// compiles a wasm function when it first runs, so without this the first Solve with each
/// formulation measured compilation too (6.5 ms for a propagation solve that then takes
/// under 0.1 ms, 55 ms for MIP's 4 ms) and a comparison ranked them wrongly. A request sent
/// meanwhile waits for it, outside the time it reports.
fn warm_up() {
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let Ok(grid) = crate::engine::format::parse_line(PUZZLE) else {
        return;
    };
    let options = SolveOptions {
        max_solutions: Some(2),
        ..SolveOptions::default()
    };
    for f in Formulation::ALL {
        let _ = solve(&grid, f, &options);
    }
}
