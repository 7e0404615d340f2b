//! The worker's side: receives requests, runs the engine, posts answers and progress.

use crate::app::protocol::{CompareRow, Envelope, Request, Response};
use crate::engine::{Formulation, SolveOptions, solve};
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

/// Runs one request to completion.
pub fn handle(request: Request) -> Response {
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
    }
}

/// Installs the message handler; the worker then lives until the page terminates it.
pub fn register() {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        match serde_wasm_bindgen::from_value::<Envelope<Request>>(e.data()) {
            Ok(env) => post(env.id, handle(env.body)),
            Err(err) => web_sys::console::error_1(&format!("bad request: {err}").into()),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
}
