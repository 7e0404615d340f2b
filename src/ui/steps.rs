//! The "Solve step by step" panel: the logical solution's steps, each a button that shows the
//! board at that step.

use super::controls::{button, show_board, show_status};
use super::engine::EngineHandle;
use crate::app::advice::StepsEnd;
use crate::app::state::{Action, AppState, JobKind};
use std::rc::Rc;
use yew::prelude::*;

pub struct StepsProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

pub fn steps_panel(props: &StepsProps) -> Html {
    let state = &props.state;
    let start = state.can_ask().then(|| {
        let engine = props.engine.clone();
        let state = props.state.clone();
        Callback::from(move |_: MouseEvent| {
            let kind = JobKind::Steps;
            engine.run(state.next_job_id(), kind, state.request(kind));
        })
    });
    let show = |k: Option<usize>| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::ShowStep(k));
            // The board then, and the step's sentence under it: on a phone, far above the list.
            show_status();
            show_board();
        })
    };
    let list = state.steps.log.as_ref().map(|log| {
        let count = log.said.len();
        // One tab stop for the whole list (the step shown, else the first); arrows, Home and
        // End move between steps, so a 49x49 log of 1,500 steps is not 1,500 tab stops.
        let stop = state.steps.selected.unwrap_or(0);
        let items = log.said.iter().enumerate().map(|(k, said)| {
            let current = state.steps.selected == Some(k);
            let onkeydown = {
                let on_action = props.on_action.clone();
                Callback::from(move |e: KeyboardEvent| {
                    let to = match e.key().as_str() {
                        "ArrowDown" | "ArrowRight" => (k + 1).min(count - 1),
                        "ArrowUp" | "ArrowLeft" => k.saturating_sub(1),
                        "Home" => 0,
                        "End" => count - 1,
                        _ => return,
                    };
                    e.prevent_default();
                    on_action.emit(Action::ShowStep(Some(to)));
                    focus_step(to);
                })
            };
            html! {
                <li>
                    <button type="button" class="step" id={format!("step-{k}")} aria-pressed={current.to_string()}
                            tabindex={if k == stop { "0" } else { "-1" }} onclick={show(Some(k))} {onkeydown}>
                        { format!("{}. {said}", k + 1) }
                    </button>
                </li>
            }
        });
        let end = match log.end {
            StepsEnd::Solved => "solved",
            StepsEnd::Stuck => "stuck: needs guessing",
            StepsEnd::NoSolution => "no solution",
        };
        html! {
            <>
                { button("Back to the board", state.steps.selected.is_some().then(|| show(None)), classes!()) }
                <ol class="steps" aria-label="Steps">{ for items }</ol>
                <p class="steps-end">{ end }</p>
            </>
        }
    });
    html! {
        <details class="steps-panel">
            <summary>{ "Solve step by step" }</summary>
            { button("Solve step by step", start, classes!()) }
            // A container that is always there, so the button before it keeps its place in
            // the page (and the keyboard focus) when the list comes.
            <div class="steps-log">{ for list }</div>
        </details>
    }
}

/// Moves the keyboard focus to step `k`'s button.
fn focus_step(k: usize) {
    let button = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("step-{k}")))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}
