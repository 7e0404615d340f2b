//! The worker's side: receives requests, runs the engine, posts answers and progress.

use crate::app::protocol::{
    CompareRow, Envelope, ModelFormat, READY_ID, Request, Response, Symmetry,
};
use crate::engine::{Formulation, SolveOptions, solve};
use crate::engine::{Grid, Size};
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
        Err(e) => web_sys::console::error_1(&format!("cannot encode answer: {e}").into()),
    }
}

/// Progress goes out at most this often, so a fast job does not flood the page.
const PROGRESS_EVERY_MS: f64 = 50.0;

/// Runs one request to completion; `progress` hears `(done, total)` along the way.
pub fn handle(request: Request, progress: &mut dyn FnMut(u64, u64)) -> Response {
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
            match solve(&puzzle, formulation, &options) {
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
            let rows = Formulation::ALL
                .iter()
                .map(|&formulation| {
                    let t0 = now();
                    let result = solve(&puzzle, formulation, &SolveOptions::default())
                        .map_err(|e| e.to_string());
                    CompareRow {
                        formulation,
                        millis: now() - t0,
                        result,
                    }
                })
                .collect();
            Response::Compared { rows }
        }
        Request::Generate {
            size,
            seed,
            symmetry,
            formulation,
        } => generate(size, seed, symmetry, formulation, progress),
        Request::Check {
            puzzle,
            formulation,
        } => check(&puzzle, formulation, progress),
        Request::Export { puzzle, model } => export(&puzzle, model),
    }
}

/// The generator's entry point; wired to `engine::generate` once it is in this build.
fn generate(
    _size: Size,
    _seed: u64,
    _symmetry: Symmetry,
    _formulation: Formulation,
    _progress: &mut dyn FnMut(u64, u64),
) -> Response {
    Response::Failed {
        message: "This build has no generator yet.".into(),
    }
}

/// Uniqueness and minimality; wired to `engine::analyze` once it is in this build.
fn check(
    _puzzle: &Grid,
    _formulation: Formulation,
    _progress: &mut dyn FnMut(u64, u64),
) -> Response {
    Response::Failed {
        message: "This build cannot check puzzles yet.".into(),
    }
}

/// Model export; wired to `sat::dimacs` and `mip::lp_text` once they are in this build.
fn export(_puzzle: &Grid, model: ModelFormat) -> Response {
    Response::Failed {
        message: format!("This build cannot export {} models yet.", model.name()),
    }
}

/// Installs the message handler and says `Ready`; the worker then lives until the page
/// terminates it. Messages sent before this point would be lost, hence the handshake.
pub fn register() {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        match serde_wasm_bindgen::from_value::<Envelope<Request>>(e.data()) {
            Ok(env) => {
                let id = env.id;
                let mut last = f64::NEG_INFINITY;
                let mut progress = |done: u64, total: u64| {
                    let t = now();
                    if t - last >= PROGRESS_EVERY_MS || done == total {
                        last = t;
                        post(id, Response::Progress { done, total });
                    }
                };
                post(id, handle(env.body, &mut progress));
            }
            Err(err) => web_sys::console::error_1(&format!("bad request: {err}").into()),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(READY_ID, Response::Ready);
}
