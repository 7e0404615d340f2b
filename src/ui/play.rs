//! A player's tools under the board: Notes, Auto candidates, Hint and Apply hint, and the
//! selected cell's notes where the cells are too small to show them.

use super::board::NOTES_LISTED_ABOVE;
use super::controls::{board_button, keep_focus};
use super::engine::EngineHandle;
use crate::app::state::{Action, AppState, JobKind};
use crate::engine::format::shown_digit;
use std::rc::Rc;
use yew::prelude::*;

pub struct PlayProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

pub fn play_tools(props: &PlayProps) -> Html {
    let state = &props.state;
    let busy = state.busy();
    let act = |a: Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
    };
    // Pressed again on the same board, Hint shows more of the hint on show.
    let hint = state.can_ask().then(|| {
        let engine = props.engine.clone();
        let state = props.state.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if state.hints.can_reveal(&state.board) {
                on_action.emit(Action::RevealHint);
            } else {
                let kind = JobKind::Hint;
                engine.run(state.next_job_id(), kind, state.request(kind));
            }
        })
    });
    let apply = (!busy && state.hints.step(&state.board).is_some()).then(|| act(Action::ApplyHint));
    let notes_on = state.editing.notes_mode;
    let auto_on = state.board.auto;
    let auto = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::SetAutoCandidates(!auto_on)))
    };
    html! {
        <div class="play-tools">
            <div class="tools" role="group" aria-label="Play">
                <button type="button" class="toggle" aria-pressed={notes_on.to_string()}
                        title="Notes (N): typed digits toggle small candidates" onclick={act(Action::ToggleNotes)}
                        onmousedown={keep_focus()}>
                    { "Notes" }
                </button>
                <button type="button" role="switch" class="toggle" aria-checked={auto_on.to_string()}
                        aria-disabled={busy.to_string()} onclick={auto} onmousedown={keep_focus()}>
                    { "Auto candidates" }
                </button>
                { board_button("Hint", hint, classes!()) }
                { board_button("Apply hint", apply, classes!()) }
            </div>
        </div>
    }
}

/// Where cells are too small to draw notes in, the selected cell's notes, listed in the row of
/// the zoom buttons under the board: a place that is there before any cell is selected, so
/// selecting one moves no control.
pub fn cell_notes(state: &AppState) -> Html {
    let side = state.size().side();
    if side <= NOTES_LISTED_ABOVE {
        return html! {};
    }
    let text = state.editing.selected.map(|p| {
        let digits = state.board.notes.digits(p.index(state.size()));
        let listed = match digits.is_empty() {
            true => "none".to_string(),
            false => digits
                .iter()
                .map(|&d| shown_digit(d, side))
                .collect::<Vec<_>>()
                .join(" "),
        };
        format!("Notes in {p}: {listed}")
    });
    html! { <p class="cell-notes">{ text.unwrap_or_default() }</p> }
}
