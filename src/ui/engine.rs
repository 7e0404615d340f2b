//! `use_engine`: the page's side of the worker pool. Sends requests to the workers
//! `app::pool` picks, feeds answers to the reducer, and cancels by terminating the workers of
//! the running job (a busy worker cannot read messages) and starting fresh ones.
//!
//! This is written over `web_sys::Worker` rather than gloo-worker (0.5, yew 0.23's), as
//! gloo-worker serves neither the cancel nor the failure path: its bridge cannot terminate the
//! worker (dropping it posts a `Destroy` message, which a busy worker reads only after its job
//! has ended, so a cancelled 25x25 generation would run on beside the fresh worker), it does
//! not pass on the worker's `error` event (a worker that failed to load or ran out of memory
//! would leave the job waiting forever instead of ending it with a message), and it panics
//! when the worker cannot be created. The warm-up needs nothing from it: the worker runs it
//! right after saying `Ready`, and requests sent meanwhile wait in the worker's queue.
//!
//! One worker starts with the page; the others start only when a job needs them (a race, a
//! quick question beside a long job), so the first load stays light.

use crate::app::pool::{self, Lane, Pool, Settled};
use crate::app::protocol::{self, Envelope, Failure, Request, Response};
use crate::app::state::{Action, EngineFault, JobKind};
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::prelude::*;

/// Where Trunk puts the worker's loader script.
const WORKER_URL: &str = "./worker_loader.js";

/// One started worker.
struct Slot {
    worker: Worker,
    /// The worker has said `Ready`; until then requests wait in `queued`.
    ready: bool,
    queued: Vec<JsValue>,
    /// The worker's message and error listeners, dropped with the slot.
    _listeners: Vec<EventListener>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

struct Inner {
    pool: Pool,
    slots: Vec<Option<Slot>>,
    /// The job Cancel stops: the one the reducer holds as running (a quick question asked
    /// beside it is another).
    running: Option<u64>,
    /// Dead workers' slots, kept until the next worker starts: their listeners may be the
    /// ones running when they die.
    retired: Vec<Slot>,
}

/// A handle to the engine's worker pool.
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

/// The browser's core count (`navigator.hardwareConcurrency`), 1 if it does not say.
fn cores() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|n| n.is_finite() && *n >= 1.0)
        .map_or(1, |n| n as usize)
}

/// Whether a worker's answer ends its job, and as a failure.
fn ends(response: &Response) -> Option<bool> {
    match response {
        Response::Ready
        | Response::Progress { .. }
        | Response::Partial { .. }
        | Response::CompareRow { .. } => None,
        Response::Failed { .. } => Some(true),
        _ => Some(false),
    }
}

fn lost(id: u64) -> Action {
    Action::Answered {
        id,
        response: Response::Failed {
            failure: Failure::NoWorker,
        },
    }
}

impl EngineHandle {
    /// Starts a worker in slot `w` (terminating the one there, if any).
    fn spawn(&self, w: usize) {
        let dispatch = self.dispatch.clone();
        let weak = Rc::downgrade(&self.inner);
        let on_message = move |e: &MessageEvent| {
            let bytes = js_sys::Uint8Array::new(&e.data()).to_vec();
            match protocol::decode::<Response>(&bytes) {
                Ok(env) => {
                    let actions = weak.upgrade().map_or_else(Vec::new, |inner| {
                        inner.borrow_mut().received(w, env.id, env.body)
                    });
                    settle(&weak, &dispatch, actions);
                }
                Err(err) => web_sys::console::error_1(&format!("bad worker message: {err}").into()),
            }
        };
        // A dead worker never answers: drop it, so the next job starts a fresh one, and end
        // the jobs it held unless a race's other member still runs.
        let dispatch = self.dispatch.clone();
        let weak = Rc::downgrade(&self.inner);
        let on_error = Rc::new(move |e: &Event| {
            let reason = e
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .map_or(EngineFault::Unexplained, EngineFault::Error);
            let actions = weak
                .upgrade()
                .map_or_else(Vec::new, |inner| inner.borrow_mut().died(w, reason));
            settle(&weak, &dispatch, actions);
        });
        let mut inner = self.inner.borrow_mut();
        inner.slots[w] = None;
        inner.retired.clear();
        inner.pool.spawned(w);
        match Worker::new(WORKER_URL) {
            Ok(worker) => {
                let message = EventListener::new(&worker, "message", move |e| {
                    if let Some(e) = e.dyn_ref::<MessageEvent>() {
                        on_message(e);
                    }
                });
                let errors = ["error", "messageerror"].map(|kind| {
                    let on_error = on_error.clone();
                    EventListener::new(&worker, kind, move |e| on_error(e))
                });
                inner.slots[w] = Some(Slot {
                    worker,
                    ready: false,
                    queued: Vec::new(),
                    _listeners: [message].into_iter().chain(errors).collect(),
                });
            }
            Err(e) => web_sys::console::error_2(&"cannot start an engine worker".into(), &e),
        }
    }

    /// Sends a request under `id` to the workers the pool picks (the members of a race, or
    /// one worker); the reducer learns of it through `Started`.
    pub fn run(&self, id: u64, kind: JobKind, request: Request) {
        let lane = pool::lane(&request);
        let placed = {
            let mut inner = self.inner.borrow_mut();
            inner.running.get_or_insert(id);
            inner.pool.place(id, lane)
        };
        let mut sent = !placed.is_empty();
        for p in &placed {
            if p.spawn {
                self.spawn(p.worker);
            }
            let body = match p.member {
                Some(member) => member_request(&request, member),
                None => request.clone(),
            };
            sent &= match protocol::encode(&Envelope { id, body }) {
                Ok(m) => self.inner.borrow_mut().send(p.worker, &m),
                Err(_) => false,
            };
        }
        // A worker loads while the long job runs, so a quick question beside it answers soon.
        if lane != Lane::Quick {
            let spare = self.inner.borrow().pool.spare();
            if let Some(w) = spare {
                self.spawn(w);
            }
        }
        self.dispatch.emit(Action::Started { id, kind });
        if !sent {
            self.inner.borrow_mut().ended(id);
            self.dispatch.emit(lost(id));
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

    /// Terminates the running job's workers, starts fresh ones and tells the reducer how the
    /// job ended.
    fn stop(&self, ended: Action) {
        let settled = {
            let mut inner = self.inner.borrow_mut();
            match inner.running.take() {
                Some(id) => inner.pool.cancel(id),
                None => Settled::default(),
            }
        };
        let mut actions = restart(&self.inner, &settled);
        self.refill();
        actions.push(ended);
        for a in actions {
            self.dispatch.emit(a);
        }
    }
}

/// The race member's own request for a solve or count.
fn member_request(request: &Request, member: usize) -> Request {
    match request {
        Request::Solve {
            puzzle,
            max_solutions,
            keep,
            ..
        } => Request::SolveMember {
            puzzle: puzzle.clone(),
            member,
            max_solutions: max_solutions.unwrap_or(u64::MAX),
            keep: *keep,
        },
        other => other.clone(),
    }
}

/// Starts the workers a settled job stopped again (each terminated as its slot is replaced)
/// and returns what the reducer must hear of the jobs lost with them.
fn restart(inner: &Rc<RefCell<Inner>>, settled: &Settled) -> Vec<Action> {
    let mut actions = Vec::new();
    if settled.stop.is_empty() {
        return actions;
    }
    // The slots are emptied here; `settle` starts the fresh workers.
    let mut inner = inner.borrow_mut();
    for &w in &settled.stop {
        inner.slots[w] = None;
    }
    for &id in &settled.lost {
        actions.push(inner.lost_action(id, EngineFault::Unexplained));
    }
    actions
}

/// Starts fresh workers in the empty slots of started workers, then dispatches `actions`.
fn settle(weak: &Weak<RefCell<Inner>>, dispatch: &Callback<Action>, actions: Vec<Action>) {
    if let Some(inner) = weak.upgrade() {
        let handle = EngineHandle {
            inner,
            dispatch: dispatch.clone(),
        };
        handle.refill();
    }
    for a in actions {
        dispatch.emit(a);
    }
}

impl EngineHandle {
    /// Starts a fresh worker in every slot the pool counts as started but that has none (the
    /// losers of a race, the workers of a cancelled job).
    fn refill(&self) {
        let empty: Vec<usize> = {
            let inner = self.inner.borrow();
            (0..inner.pool.size())
                .filter(|&w| inner.slots[w].is_none() && inner.pool.is_started(w))
                .collect()
        };
        for w in empty {
            self.spawn(w);
        }
    }
}

impl Inner {
    fn send(&mut self, w: usize, bytes: &[u8]) -> bool {
        let message: JsValue = js_sys::Uint8Array::from(bytes).into();
        match self.slots.get_mut(w).and_then(Option::as_mut) {
            Some(slot) if slot.ready => slot.worker.post_message(&message).is_ok(),
            Some(slot) => {
                slot.queued.push(message);
                true
            }
            None => false,
        }
    }

    /// A message from worker `w` about job `id`: what the reducer must hear of it.
    fn received(&mut self, w: usize, id: u64, body: Response) -> Vec<Action> {
        if body == Response::Ready {
            if let Some(slot) = self.slots.get_mut(w).and_then(Option::as_mut) {
                slot.ready = true;
                for m in std::mem::take(&mut slot.queued) {
                    let _ = slot.worker.post_message(&m);
                }
            }
            return vec![Action::EngineReady];
        }
        let Some(failed) = ends(&body) else {
            return vec![Action::Answered { id, response: body }];
        };
        let settled = self.pool.answered(w, id, failed);
        for &o in &settled.stop {
            self.slots[o] = None;
        }
        let mut actions: Vec<Action> = (settled.lost.iter())
            .map(|&j| self.lost_action(j, EngineFault::Unexplained))
            .collect();
        if settled.forward {
            self.ended(id);
            actions.push(Action::Answered { id, response: body });
        }
        actions
    }

    /// Worker `w` died: its slot stays empty until a job needs it.
    fn died(&mut self, w: usize, reason: EngineFault) -> Vec<Action> {
        if let Some(slot) = self.slots[w].take() {
            slot.worker.terminate();
            self.retired.push(slot);
        }
        let lost = self.pool.died(w);
        if lost.is_empty() && self.running.is_none() {
            return vec![Action::EngineFailed(reason)];
        }
        lost.into_iter()
            .map(|id| self.lost_action(id, reason.clone()))
            .collect()
    }

    /// Job `id` is lost with its worker: the running job ends as the engine failing, a
    /// question beside it with a failure of its own.
    fn lost_action(&mut self, id: u64, reason: EngineFault) -> Action {
        if self.running == Some(id) {
            self.running = None;
            Action::EngineFailed(reason)
        } else {
            lost(id)
        }
    }

    fn ended(&mut self, id: u64) {
        if self.running == Some(id) {
            self.running = None;
        }
    }
}

/// Starts the first worker once the component is mounted (rendering starts nothing) and stops
/// every worker when the component goes away.
#[hook]
pub fn use_engine(dispatch: Callback<Action>) -> EngineHandle {
    let handle = use_memo((), move |_| {
        let pool = Pool::new(cores());
        EngineHandle {
            inner: Rc::new(RefCell::new(Inner {
                slots: (0..pool.size()).map(|_| None).collect(),
                pool,
                running: None,
                retired: Vec::new(),
            })),
            dispatch,
        }
    });
    {
        let handle = handle.clone();
        use_effect_with((), move |_| {
            // A request sent before this point has started one already.
            if handle.inner.borrow().pool.started() == 0 {
                handle.spawn(0);
            }
            move || {
                let mut inner = handle.inner.borrow_mut();
                inner.slots.clear();
                inner.retired.clear();
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
