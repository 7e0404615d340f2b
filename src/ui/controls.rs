//! Controls around the board: size and mode, formulation, and the solve/check/edit actions.

use super::engine::EngineHandle;
use crate::app::state::{Action, AppState, JobKind, Mode, on_the_board};
use crate::engine::{Formulation, Size};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SizeAndModeProps {
    pub size: Size,
    pub mode: Mode,
    pub busy: bool,
    pub on_action: Callback<Action>,
    /// Shown between the size and the switch: the play clock, in the board's top row where it
    /// takes no height of its own (on a phone every row pushes the pad and a new puzzle down).
    #[prop_or_default]
    pub children: Html,
}

/// The size selector and the Givens/Play switch.
#[component]
pub fn SizeAndMode(props: &SizeAndModeProps) -> Html {
    let onchange = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(size) = select.value().parse().ok().and_then(|n| Size::new(n).ok()) {
                on_action.emit(Action::SetSize(size));
            }
        })
    };
    // `selected` only sets the default; after an import or undo changes the size, the
    // select's live value has to be set too.
    let select = use_node_ref();
    {
        let select = select.clone();
        use_effect_with(props.size, move |size| {
            if let Some(s) = select.cast::<web_sys::HtmlSelectElement>() {
                s.set_value(&size.box_size().to_string());
            }
        });
    }
    let options = Size::all().filter(|&s| on_the_board(s)).map(|s| {
        html! {
            <option value={s.box_size().to_string()} selected={s == props.size}>{ s.to_string() }</option>
        }
    });
    let mode_button = |mode: Mode, label: &'static str| {
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::SetMode(mode)));
        html! {
            <button type="button" aria-pressed={(props.mode == mode).to_string()} {onclick}>{ label }</button>
        }
    };
    html! {
        <div class="toolbar">
            <label for="size">{ "Size" }</label>
            <select id="size" ref={select} {onchange} disabled={props.busy}>{ for options }</select>
            { props.children.clone() }
            <div class="mode" role="group" aria-label="Entry mode">
                { mode_button(Mode::Givens, "Enter clues") }
                { mode_button(Mode::Play, "Play") }
            </div>
        </div>
    }
}

pub struct FormulationProps {
    pub selected: Formulation,
    pub on_action: Callback<Action>,
}

/// A formulation's description, with the largest grid it takes when that is not the largest.
fn description(f: Formulation) -> String {
    let max = f.max_box() * f.max_box();
    match Size::all().last() {
        Some(largest) if f.max_box() < largest.box_size() => {
            format!("{} (grids up to {max}x{max})", f.description())
        }
        _ => f.description().to_string(),
    }
}

/// One radio per formulation, each with its one-line description.
pub fn formulation_picker(props: &FormulationProps) -> Html {
    let radios = Formulation::ALL.iter().map(|&f| {
        let on_action = props.on_action.clone();
        let onchange = Callback::from(move |_: Event| on_action.emit(Action::SetFormulation(f)));
        let id = format!("formulation-{}", f.id());
        html! {
            <div class="radio">
                <input type="radio" name="formulation" id={id.clone()} checked={props.selected == f}
                       aria-describedby={format!("{id}-desc")} {onchange} />
                <label for={id.clone()}>{ f.name() }</label>
                <small id={format!("{id}-desc")}>{ description(f) }</small>
            </div>
        }
    });
    html! {
        <fieldset class="formulations">
            <legend>{ "Formulation" }</legend>
            { for radios }
        </fieldset>
    }
}

pub struct ActionsProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

/// A button that stays focusable while unavailable (`aria-disabled`, no `onclick`): a
/// disabled button would throw the keyboard focus to the page each time a job starts or ends.
pub fn button(label: &str, onclick: Option<Callback<MouseEvent>>, class: Classes) -> Html {
    let unavailable = onclick.is_none();
    let onclick = onclick.unwrap_or_else(Callback::noop);
    html! {
        <button type="button" {class} aria-disabled={unavailable.to_string()} {onclick}>{ label.to_string() }</button>
    }
}

/// A button of the board's own tools: a click on it leaves the keyboard focus where it was (on
/// the selected cell, as the number pad does), so digits typed after it still reach the board.
pub fn board_button(label: &str, onclick: Option<Callback<MouseEvent>>, class: Classes) -> Html {
    let unavailable = onclick.is_none();
    let onclick = onclick.unwrap_or_else(Callback::noop);
    html! {
        <button type="button" {class} aria-disabled={unavailable.to_string()} {onclick}
                onmousedown={keep_focus()}>{ label.to_string() }</button>
    }
}

/// Keeps a mouse press from taking the focus (from the selected cell).
pub fn keep_focus() -> Callback<MouseEvent> {
    Callback::from(|e: MouseEvent| e.prevent_default())
}

/// The lab's questions about the puzzle: solve, count, check, compare the formulations.
pub fn actions(props: &ActionsProps) -> Html {
    let busy = props.state.busy();
    let job = |kind: JobKind| {
        let engine = props.engine.clone();
        let state = props.state.clone();
        (!busy).then(|| {
            Callback::from(move |_: MouseEvent| {
                engine.run(state.next_job_id(), kind, state.request(kind));
                // The comparison's table is here in the lab; the other answers are in the
                // status and on the board.
                if kind != JobKind::Compare {
                    show_status();
                }
            })
        })
    };
    html! {
        <div class="actions" role="group" aria-label="Solver">
            { button("Solve", job(JobKind::Solve), classes!("primary")) }
            { button("Count solutions", job(JobKind::Count), classes!()) }
            { button("Check", job(JobKind::Check), classes!()) }
            { button("Compare", job(JobKind::Compare), classes!()) }
        </div>
    }
}

/// Brings the status under the board into view when it is out of it, as on a phone, where the
/// lab is under the play area: the answer (a job's, an import's), the progress and Cancel are
/// there, the board above.
pub fn show_status() {
    let window = web_sys::window();
    let Some(area) = window
        .as_ref()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".status-area").ok().flatten())
    else {
        return;
    };
    let height = window
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let r = area.get_bounding_client_rect();
    if r.bottom() < 0.0 || r.top() > height {
        // Its bottom at the window's: the board stays in view above it.
        area.scroll_into_view_with_bool(false);
    }
}

/// Scrolls the page up just enough to show the board's top when it is above the window, as
/// after choosing a step low in a long step log (the board then is what the choice shows),
/// unless that would push the status under the board out of the window.
pub fn show_board() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let document = window.document();
    let find = |selector: &str| {
        document
            .as_ref()
            .and_then(|d| d.query_selector(selector).ok().flatten())
    };
    let (Some(frame), Some(area)) = (find(".board-frame"), find(".status-area")) else {
        return;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let top = frame.get_bounding_client_rect().top();
    let bottom = area.get_bounding_client_rect().bottom();
    if top < 0.0 && bottom - top <= height {
        window.scroll_by_with_x_and_y(0.0, top);
    }
}

/// The grid edits a player reaches for: undo, redo, back to the clues, clear.
pub fn edit_actions(props: &ActionsProps) -> Html {
    let state = &props.state;
    let busy = state.busy();
    let act = |a: Action, available: bool| {
        let on_action = props.on_action.clone();
        available.then(|| Callback::from(move |_: MouseEvent| on_action.emit(a.clone())))
    };
    html! {
        <div class="tools" role="group" aria-label="Edit">
            { board_button("Undo", act(Action::Undo, !busy && !state.board.undo.is_empty()), classes!()) }
            { board_button("Redo", act(Action::Redo, !busy && !state.board.redo.is_empty()), classes!()) }
            { board_button("Reset to clues", act(Action::ResetToGivens, !busy), classes!()) }
            { board_button("Clear", act(Action::Clear, !busy), classes!()) }
        </div>
    }
}

pub struct CancelProps {
    pub busy: bool,
    pub engine: EngineHandle,
}

/// Cancel, beside the status and its progress bar: every job, from the lab or from play,
/// stops here (or with Escape).
pub fn cancel_button(props: &CancelProps) -> Html {
    let cancel = props.busy.then(|| {
        let engine = props.engine.clone();
        Callback::from(move |_: MouseEvent| engine.cancel())
    });
    button("Cancel", cancel, classes!("cancel"))
}
