//! The worker's side in the browser: moves requests to [`crate::app::serve`] and its answers
//! and progress back to the page.

use crate::app::protocol::{self, Envelope, Failure, READY_ID, Request, Response};
use crate::app::serve::{self, Clock};
use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// The worker's `performance.now()`.
struct BrowserClock(Option<web_sys::Performance>);

impl Clock for BrowserClock {
    fn now_ms(&self) -> f64 {
        self.0.as_ref().map_or(0.0, |p| p.now())
    }
}

fn post(id: u64, body: Response) {
    let send = |bytes: Vec<u8>| {
        let _ = scope().post_message(&js_sys::Uint8Array::from(&bytes[..]));
    };
    match protocol::encode(&Envelope { id, body }) {
        Ok(bytes) => send(bytes),
        // A failure the page can show beats a job that never ends.
        Err(e) => {
            web_sys::console::error_1(&format!("cannot encode an answer: {e}").into());
            let body = Response::Failed {
                failure: Failure::Unsendable,
            };
            if let Ok(bytes) = protocol::encode(&Envelope { id, body }) {
                send(bytes);
            }
        }
    }
}

/// Answers one message from the page.
fn on_message(e: &MessageEvent) {
    let bytes = js_sys::Uint8Array::new(&e.data()).to_vec();
    match protocol::decode::<Request>(&bytes) {
        Ok(Envelope { id, body }) => {
            let clock = BrowserClock(scope().performance());
            let mut sink = |message: Response| post(id, message);
            post(id, serve::handle(body, &clock, &mut sink));
        }
        // Only a page and worker from different builds disagree on the format; answer the
        // job (if its id can be read) so the page does not wait forever.
        Err(err) => {
            web_sys::console::error_1(&format!("bad request: {err}").into());
            if let Some(id) = protocol::decode_id(&bytes) {
                post(
                    id,
                    Response::Failed {
                        failure: Failure::UnreadableRequest,
                    },
                );
            }
        }
    }
}

/// Installs the message handler, says `Ready` and warms the solvers up; the worker then lives
/// until the page terminates it. Messages sent before `Ready` would be lost, hence the
/// handshake; those sent during the warm-up wait for it.
pub fn register() {
    EventListener::new(&scope(), "message", |e| {
        if let Some(e) = e.dyn_ref::<MessageEvent>() {
            on_message(e);
        }
    })
    .forget();
    post(READY_ID, Response::Ready);
    serve::warm_up();
}
