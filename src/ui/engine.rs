//! `use_engine`: the page's side of the worker. Sends requests, feeds answers to the reducer,
//! and cancels by terminating the worker (a busy worker cannot read messages) and starting a
//! fresh one.
//!
//! This is written over `web_sys::Worker` rather than gloo-worker (0.5, yew 0.23's), as
//! gloo-worker serves neither the cancel nor the failure path: its bridge cannot terminate the
//! worker (dropping it posts a `Destroy` message, which a busy worker reads only after its job
//! has ended, so a cancelled 25x25 generation would run on beside the fresh worker), it does
//! not pass on the worker's `error` event (a worker that failed to load or ran out of memory
//! would leave the job waiting forever instead of ending it with a message), and it panics
//! when the worker cannot be created. The warm-up needs nothing from it: the worker runs it
//! right after saying `Ready`, and requests sent meanwhile wait in the worker's queue.

use crate::app::protocol::{self, Envelope, Failure, Request, Response};
use crate::app::state::{Action, EngineFault, JobKind};
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::prelude::*;

/// Where Trunk puts the worker's loader script.
const WORKER_URL: &str = "./worker_loader.js";

struct Inner {
    worker: Option<Worker>,
    /// The worker has said `Ready`; until then requests wait in `queued`.
    ready: bool,
    queued: Vec<wasm_bindgen::JsValue>,
    /// The worker's message and error listeners, removed when a fresh worker replaces it.
    listeners: Vec<EventListener>,
}

/// A handle to the engine worker.
#[derive(Clone)]
pub struct EngineHandle {
    inner: Rc<RefCell<Inner>>,
    dispatch: Callback<Action>,
}

impl PartialEq for EngineHandle {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }
}

impl EngineHandle {
    fn spawn(&self) {
        let dispatch = self.dispatch.clone();
        let weak = Rc::downgrade(&self.inner);
        let on_message = move |e: &MessageEvent| {
            let bytes = js_sys::Uint8Array::new(&e.data()).to_vec();
            let decoded = protocol::decode::<Response>(&bytes);
            match decoded {
                Ok(Envelope {
                    body: Response::Ready,
                    ..
                }) => {
                    if let Some(inner) = weak.upgrade() {
                        inner.borrow_mut().flush();
                    }
                    dispatch.emit(Action::EngineReady);
                }
                Ok(env) => dispatch.emit(Action::Answered {
                    id: env.id,
                    response: env.body,
                }),
                Err(err) => web_sys::console::error_1(&format!("bad worker message: {err}").into()),
            }
        };
        // A dead worker never answers: drop it, so the next request starts a fresh one, and
        // tell the reducer the running job is lost rather than leave the page busy.
        let dispatch = self.dispatch.clone();
        let weak = Rc::downgrade(&self.inner);
        let on_error = Rc::new(move |e: &Event| {
            let reason = e
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .map_or(EngineFault::Unexplained, EngineFault::Error);
            if let Some(inner) = weak.upgrade()
                && let Some(w) = inner.borrow_mut().worker.take()
            {
                w.terminate();
            }
            dispatch.emit(Action::EngineFailed(reason));
        });
        let mut inner = self.inner.borrow_mut();
        inner.ready = false;
        inner.queued.clear();
        inner.listeners.clear();
        match Worker::new(WORKER_URL) {
            Ok(w) => {
                let message = EventListener::new(&w, "message", move |e| {
                    if let Some(e) = e.dyn_ref::<MessageEvent>() {
                        on_message(e);
                    }
                });
                let errors = ["error", "messageerror"].map(|kind| {
                    let on_error = on_error.clone();
                    EventListener::new(&w, kind, move |e| on_error(e))
                });
                inner.listeners = [message].into_iter().chain(errors).collect();
                inner.worker = Some(w);
            }
            Err(e) => web_sys::console::error_2(&"cannot start the engine worker".into(), &e),
        }
    }

    /// Sends a request under `id` (or queues it until the worker is ready); the reducer learns
    /// of it through `Started`.
    pub fn run(&self, id: u64, kind: JobKind, request: Request) {
        if self.inner.borrow().worker.is_none() {
            self.spawn();
        }
        let message = protocol::encode(&Envelope { id, body: request });
        let sent = match message {
            Ok(m) => self
                .inner
                .borrow_mut()
                .send(js_sys::Uint8Array::from(&m[..]).into()),
            Err(_) => false,
        };
        self.dispatch.emit(Action::Started { id, kind });
        if !sent {
            self.dispatch.emit(Action::Answered {
                id,
                response: Response::Failed {
                    failure: Failure::NoWorker,
                },
            });
        }
    }

    /// Stops the running job at once.
    pub fn cancel(&self) {
        self.stop(Action::Cancelled);
    }

    /// Stops the running generation at once and keeps its puzzle so far.
    pub fn keep_partial(&self) {
        self.stop(Action::KeepPartial);
    }

    /// Terminates the busy worker, starts a fresh one and tells the reducer how the job ended.
    fn stop(&self, ended: Action) {
        if let Some(w) = self.inner.borrow_mut().worker.take() {
            w.terminate();
        }
        self.spawn();
        self.dispatch.emit(ended);
    }
}

impl Inner {
    fn send(&mut self, message: wasm_bindgen::JsValue) -> bool {
        match (&self.worker, self.ready) {
            (Some(w), true) => w.post_message(&message).is_ok(),
            (Some(_), false) => {
                self.queued.push(message);
                true
            }
            (None, _) => false,
        }
    }

    fn flush(&mut self) {
        self.ready = true;
        for m in std::mem::take(&mut self.queued) {
            if let Some(w) = &self.worker {
                let _ = w.post_message(&m);
            }
        }
    }
}

/// Starts the worker once the component is mounted (rendering starts nothing) and stops it
/// when the component goes away.
#[hook]
pub fn use_engine(dispatch: Callback<Action>) -> EngineHandle {
    let handle = use_memo((), move |_| EngineHandle {
        inner: Rc::new(RefCell::new(Inner {
            worker: None,
            ready: false,
            queued: Vec::new(),
            listeners: Vec::new(),
        })),
        dispatch,
    });
    {
        let handle = handle.clone();
        use_effect_with((), move |_| {
            // A request sent before this point has started one already.
            if handle.inner.borrow().worker.is_none() {
                handle.spawn();
            }
            move || {
                if let Some(w) = handle.inner.borrow_mut().worker.take() {
                    w.terminate();
                }
            }
        });
    }
    (*handle).clone()
}

/// Escape cancels a running job from anywhere on the page: the Cancel button may be far from
/// the control that started it, in Tab order and on a phone's screen. One listener for the
/// page's life, reading whether a job runs: a listener removed as the job ends would be dropped
/// while it still runs (its own cancel ends the job).
#[hook]
pub fn use_escape_cancels(engine: EngineHandle, busy: bool) {
    let running = use_mut_ref(|| false);
    *running.borrow_mut() = busy;
    use_effect_with((), move |_| {
        super::on_page_keydown(move |e: web_sys::KeyboardEvent| {
            let now_running = *running.borrow();
            if now_running && e.key() == "Escape" && !e.default_prevented() && !e.is_composing() {
                e.prevent_default();
                engine.cancel();
            }
        })
    });
}
