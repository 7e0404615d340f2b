//! The web app: Yew function components over one pure reducer ([`crate::app::state`]); the
//! engine runs in a web worker reached through [`engine::use_engine`].

mod board;
mod controls;
mod engine;
mod storage;
pub mod worker;

pub use board::{cell_label, key_digit, symbol};

use crate::app::state::{Action, AppState};
use board::{Board, NumberPad};
use controls::{Actions, CompareTable, FormulationPicker, ImportExport, SizeAndMode, StatusLine};
use engine::use_engine;
use std::rc::Rc;
use yew::prelude::*;

/// Yew's reducer wrapper around the pure [`AppState::reduce`].
#[derive(Clone, PartialEq)]
pub struct Store(pub AppState);

impl Reducible for Store {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let state = Rc::try_unwrap(self).map_or_else(|rc| rc.0.clone(), |s| s.0);
        Rc::new(Store(state.reduce(action)))
    }
}

#[component]
pub fn App() -> Html {
    let store = use_reducer(|| Store(storage::initial_state()));
    let dispatch = {
        let store = store.clone();
        Callback::from(move |a: Action| store.dispatch(a))
    };
    let engine = use_engine(dispatch.clone());
    {
        let saved = store.0.saved();
        use_effect_with(saved, storage::save);
    }
    let state = &store.0;
    let side = state.size().side();
    html! {
        <div class="app">
            <header>
                <h1>{ "sudoku-lab" }</h1>
                <p class="tagline">{ "Solve, count, check and generate Sudoku from 1x1 to 49x49, offline." }</p>
            </header>
            <main>
                <section class="play">
                    <SizeAndMode size={state.size()} mode={state.mode} busy={state.busy()} on_action={dispatch.clone()} />
                    <Board grid={state.grid.clone()} selected={state.selected} on_action={dispatch.clone()} />
                    <NumberPad side={side} on_action={dispatch.clone()} />
                </section>
                <section class="panel">
                    <FormulationPicker selected={state.formulation} on_action={dispatch.clone()} />
                    <Actions state={Rc::new(state.clone())} engine={engine.clone()} on_action={dispatch.clone()} />
                    <StatusLine state={Rc::new(state.clone())} on_action={dispatch.clone()} />
                    <CompareTable rows={state.compare.clone()} />
                    <ImportExport grid={state.grid.clone()} on_action={dispatch.clone()} />
                </section>
            </main>
            <footer>
                { format!("sudoku-lab {} · runs entirely in your browser", env!("CARGO_PKG_VERSION")) }
            </footer>
        </div>
    }
}

pub fn start_app() {
    yew::Renderer::<App>::new().render();
}

pub fn start_worker() {
    worker::register();
}
