//! The web app: Yew function components over one pure reducer ([`crate::app::state`]); the
//! engine runs in a web worker reached through [`engine::use_engine`].

mod board;
mod clock;
mod controls;
mod engine;
mod files;
mod generate;
mod offer;
mod play;
mod status;
mod steps;
mod storage;
pub mod worker;
mod zoom;

pub use board::{Board, BoardProps, CellLook, Typed, cell_label, key_digit};

use crate::app::state::EngineState;
use crate::app::state::{Action, AppState};
use board::{PadProps, number_pad};
use clock::{GameClock, solved_moment};
use controls::{
    ActionsProps, CancelProps, FormulationProps, SizeAndMode, actions, cancel_button, edit_actions,
    formulation_picker,
};
use engine::use_engine;
use files::{ImportExport, use_download, use_paste_imports};
use generate::{GenerateProps, generate_panel};
use offer::LinkOffer;
use play::{PlayProps, cell_notes, play_tools};
use status::{CompareProps, StatusProps, compare_table, status_line};
use std::rc::Rc;
use steps::{StepsProps, steps_panel};
use yew::prelude::*;
use zoom::{ZoomButtonsProps, ZoomFrame, zoom_buttons};

/// Yew's reducer wrapper around the pure [`AppState::reduce`].
#[derive(Clone, PartialEq)]
pub struct Store(pub AppState);

impl Reducible for Store {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let state = Rc::try_unwrap(self).map_or_else(|rc| rc.0.clone(), |s| s.0);
        Rc::new(Store(state.reduce_at(action, clock::now())))
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
    engine::use_escape_cancels(engine.clone(), store.0.busy());
    {
        let saved = store.0.saved();
        use_effect_with(saved, storage::save);
    }
    use_download(store.0.files.download.clone(), dispatch.clone());
    storage::use_clipboard(store.0.files.clipboard.clone(), dispatch.clone());
    storage::use_share_links(dispatch.clone());
    board::use_undo_keys(dispatch.clone());
    use_paste_imports(dispatch.clone());
    let state = &store.0;
    let shared = Rc::new(state.clone());
    storage::use_history(shared.clone());
    storage::use_clock(&state.timer);
    let side = state.size().side();
    let engine_state = match state.jobs.engine {
        EngineState::Starting => "starting",
        EngineState::Ready => "ready",
        EngineState::Failed => "failed",
    };
    let zoom = use_state(|| 0usize);
    let on_zoom = {
        let zoom = zoom.clone();
        Callback::from(move |level: usize| zoom.set(level))
    };
    let lab = use_lab_switch();
    // Panels without hooks are plain functions rather than components: each component type
    // adds its own instance of Yew's lifecycle code to the wasm, and these are cheap to render
    // again with the page.
    html! {
        <div class={classes!("app", lab.open.then_some("lab-open"))} data-engine={engine_state}>
            <header>
                <h1>{ "sudoku-lab" }</h1>
                <p class="tagline">{ "Play, solve, count, check and generate Sudoku from 1x1 to 49x49, offline." }</p>
                // On a phone the lab sits under the play area, closed until asked for.
                <button type="button" class="lab-toggle" aria-expanded={lab.open.to_string()}
                        aria-controls="lab" onclick={lab.toggle}>{ "Lab" }</button>
            </header>
            <main>
                <section class="play" aria-label="Board and play">
                    // Two columns on a wide screen (the board, its tools beside it), one on a
                    // phone; the order is the same either way, and Tab follows it.
                    <div class="play-board">
                        <SizeAndMode size={state.size()} mode={state.board.mode} busy={state.busy()} on_action={dispatch.clone()}>
                            <GameClock state={shared.clone()} on_action={dispatch.clone()} />
                        </SizeAndMode>
                        <LinkOffer state={shared.clone()} on_action={dispatch.clone()} />
                        <ZoomFrame level={*zoom} side={side} selected={state.editing.selected} on_zoom={on_zoom.clone()}>
                            { board(state, &dispatch) }
                        </ZoomFrame>
                        // The zoom buttons and, beside them, the selected cell's notes where the
                        // cells are too small to show them: one row, whatever is selected.
                        <div class="board-line">
                            { zoom_buttons(&ZoomButtonsProps { level: *zoom, side, on_zoom }) }
                            { cell_notes(state) }
                        </div>
                        <div class="status-row">
                            { status_line(&StatusProps { state: shared.clone(), engine: engine.clone(), on_action: dispatch.clone() }) }
                            { cancel_button(&CancelProps { busy: state.busy(), engine: engine.clone() }) }
                        </div>
                        { solved_moment(state) }
                    </div>
                    <div class="play-side">
                        { play_tools(&PlayProps { state: shared.clone(), engine: engine.clone(), on_action: dispatch.clone() }) }
                        { number_pad(&PadProps { side, on_action: dispatch.clone() }) }
                        { edit_actions(&ActionsProps { state: shared.clone(), engine: engine.clone(), on_action: dispatch.clone() }) }
                        { generate_panel(&GenerateProps { state: shared.clone(), engine: engine.clone(), on_action: dispatch.clone() }) }
                    </div>
                </section>
                <section class="panel lab" id="lab" aria-label="Lab" ref={lab.section}>
                    { formulation_picker(&FormulationProps { selected: state.jobs.formulation, on_action: dispatch.clone() }) }
                    { actions(&ActionsProps { state: shared.clone(), engine: engine.clone(), on_action: dispatch.clone() }) }
                    { steps_panel(&StepsProps { state: shared.clone(), engine: engine.clone(), on_action: dispatch.clone() }) }
                    { compare_table(&CompareProps { rows: state.jobs.compare.clone(), pending: state.compare_pending(), note: state.compare_note() }) }
                    <ImportExport state={shared} engine={engine.clone()} on_action={dispatch.clone()} />
                </section>
            </main>
            <footer>
                { format!("sudoku-lab {} · runs entirely in your browser", env!("CARGO_PKG_VERSION")) }
            </footer>
        </div>
    }
}

/// The board as it is, or as it was at the step selected in the step log, with that step marked.
fn board(state: &AppState, dispatch: &Callback<Action>) -> Html {
    match state.steps.view() {
        Some(view) => html! {
            <Board grid={view.grid} selected={state.editing.selected} solved={Vec::new()}
                   notes={view.notes} hint={view.hint} redundant={Vec::new()} on_action={dispatch.clone()} />
        },
        None => html! {
            <Board grid={state.board.grid.clone()} selected={state.editing.selected} solved={state.solver_cells()}
                   typing_at={state.typing_at()} notes={state.board.notes.clone()}
                   notes_mode={state.editing.notes_mode} hint={state.hints.view(&state.board)}
                   redundant={state.jobs.redundant.clone()} on_action={dispatch.clone()} />
        },
    }
}

/// The Lab switch: whether the lab is open (it matters on a phone only, where the lab is
/// closed until asked for), its toggle, and the section it scrolls into view when opened.
struct LabSwitch {
    open: bool,
    toggle: Callback<MouseEvent>,
    section: NodeRef,
}

#[hook]
fn use_lab_switch() -> LabSwitch {
    let open = use_state(|| false);
    let section = use_node_ref();
    {
        let section = section.clone();
        use_effect_with(*open, move |&open| {
            if let Some(el) = section.cast::<web_sys::Element>().filter(|_| open) {
                el.scroll_into_view();
            }
        });
    }
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    LabSwitch {
        open: *open,
        toggle,
        section,
    }
}

/// Hears every keydown on the page until the returned function is called (an effect's
/// cleanup); the listener lives until then, so it is never dropped while it runs.
fn on_page_keydown(mut handler: impl FnMut(web_sys::KeyboardEvent) + 'static) -> impl FnOnce() {
    use gloo_events::{EventListener, EventListenerOptions};
    use wasm_bindgen::JsCast;
    let document = web_sys::window().and_then(|w| w.document());
    let listener = document.map(|d| {
        // Not passive: the handlers take keys from the browser with `prevent_default`.
        EventListener::new_with_options(
            &d,
            "keydown",
            EventListenerOptions::enable_prevent_default(),
            move |e| {
                if let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() {
                    handler(e.clone());
                }
            },
        )
    });
    move || drop(listener)
}

pub fn start_app() {
    yew::Renderer::<App>::new().render();
    register_service_worker();
}

/// Offline support (`sw.js`); browsers without service workers, or pages not served over a
/// secure origin, simply stay online-only.
fn register_service_worker() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &"serviceWorker".into()).unwrap_or(false) {
        return;
    }
    let registration = navigator.service_worker().register("./sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(registration).await {
            web_sys::console::warn_2(&"offline support unavailable:".into(), &e);
        }
    });
}

pub fn start_worker() {
    worker::register();
}
