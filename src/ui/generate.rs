//! A new puzzle: difficulty and the Generate button, then seed and symmetry (size is the board's).

use super::engine::EngineHandle;
use crate::app::protocol::Symmetry;
use crate::app::state::{Action, AppState, JobKind};
use crate::engine::logic::Level;
use crate::words::symmetry_name;
use std::rc::Rc;
use yew::prelude::*;

pub struct GenerateProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

/// Generates a unique puzzle of the board's size, minimal (for the chosen symmetry); the same
/// seed gives the same puzzle.
pub fn generate_panel(props: &GenerateProps) -> Html {
    let state = &props.state;
    // On every keystroke, so a Generate click right after typing uses the new seed.
    let on_seed = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            match text.trim().parse::<u64>() {
                Ok(seed) => on_action.emit(Action::SetSeed(seed)),
                Err(_) => on_action.emit(Action::InvalidSeed(text)),
            }
        })
    };
    let on_symmetry = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(s) = Symmetry::ALL.get(select.selected_index().max(0) as usize) {
                on_action.emit(Action::SetSymmetry(*s));
            }
        })
    };
    let on_difficulty = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let level = Level::from_id(&select.value());
            on_action.emit(Action::SetDifficulty(level));
        })
    };
    let difficulties = std::iter::once(None).chain(Level::ALL.map(Some)).map(|l| {
        let (value, name) = l.map_or(("minimal", "Minimal"), |l| (l.id(), l.name()));
        html! { <option value={value} selected={l == state.generation.difficulty}>{ name }</option> }
    });
    let start = (!state.busy() && state.generation.seed_draft.is_none()).then(|| {
        let engine = props.engine.clone();
        let state = props.state.clone();
        move || {
            let kind = JobKind::Generate;
            engine.run(state.next_job_id(), kind, state.request(kind));
        }
    });
    // Unavailable while the seed field holds no seed, but pressed then it says why it waits.
    let unavailable = start.is_none();
    let on_generate = match (&start, state.busy()) {
        (Some(start), _) => {
            let start = start.clone();
            Callback::from(move |_: MouseEvent| start())
        }
        (None, false) => {
            let on_action = props.on_action.clone();
            Callback::from(move |_: MouseEvent| on_action.emit(Action::GenerateWithoutSeed))
        }
        (None, true) => Callback::noop(),
    };
    // Enter in the seed field generates, as in a form (or says why it cannot).
    let on_seed_key = {
        let (on_action, busy) = (props.on_action.clone(), state.busy());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() != "Enter" {
                return;
            }
            e.prevent_default();
            match &start {
                Some(start) => start(),
                None if !busy => on_action.emit(Action::GenerateWithoutSeed),
                None => {}
            }
        })
    };
    let options = Symmetry::ALL.iter().map(|&s| {
        html! { <option selected={s == state.generation.symmetry}>{ symmetry_name(s) }</option> }
    });
    // Next to the field, where a phone user looks, rather than only in the status line.
    let seed_help = state.generation.seed_draft.as_ref().map(|_| {
        html! {
            <small id="seed-help" class="error">
                { format!("A seed is a whole number from 0 to {}.", u64::MAX) }
            </small>
        }
    });
    html! {
        <fieldset class="generate">
            <legend>{ "New puzzle" }</legend>
            <div class="fields">
                <label for="difficulty">{ "Difficulty" }</label>
                <select id="difficulty" onchange={on_difficulty} disabled={state.busy()}>{ for difficulties }</select>
                <button type="button" class="primary" aria-disabled={unavailable.to_string()}
                        onclick={on_generate}>{ "Generate" }</button>
            </div>
            // The seed and symmetry make a puzzle reproducible; they sit under the two fields a
            // player uses.
            <div class="fields">
                <label for="seed">{ "Seed" }</label>
                <input id="seed" type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                       value={state.generation.seed_draft.clone().unwrap_or_else(|| state.generation.seed.to_string())}
                       oninput={on_seed} onkeydown={on_seed_key} readonly={state.busy()}
                       aria-invalid={state.generation.seed_draft.is_some().to_string()}
                       aria-describedby={state.generation.seed_draft.is_some().then_some("seed-help")} />
                <label for="symmetry">{ "Symmetry" }</label>
                <select id="symmetry" onchange={on_symmetry} disabled={state.busy()}>{ for options }</select>
            </div>
            // A slot that stays: the help's coming and going must not rebuild the seed field
            // being typed in.
            <div class="slot">{ for seed_help }</div>
            <small>{ explanation(state) }</small>
        </fieldset>
    }
}

/// What Generate makes at the chosen difficulty, symmetry and size, and how long it takes where
/// that is long.
fn explanation(state: &AppState) -> String {
    let what = if let Some(level) = state.generation.difficulty {
        format!(
            "A puzzle with one solution, {} like the board, that the page rates {level}: \
             solvable without guessing, with techniques up to that level.",
            state.size()
        )
    } else if state.generation.symmetry == Symmetry::None {
        format!(
            "A minimal puzzle with one solution, {} like the board.",
            state.size()
        )
    } else {
        format!(
            "A puzzle with one solution, {} like the board, minimal for its symmetry: no clue can go with its partners.",
            state.size()
        )
    };
    // Measured, not guessed: see BENCHMARKS.md for the times per size.
    let how_long = match state.size().box_size() {
        // The times below are those of minimal puzzles.
        _ if state.generation.difficulty.is_some() => "",
        5 => " At 25x25 this takes from seconds to several minutes.",
        6 | 7 => {
            " At this size a minimal puzzle is out of reach in practice: after a few seconds, \
             Stop and keep takes the puzzle reached so far (one solution, not minimal)."
        }
        _ => "",
    };
    format!("{what}{how_long}")
}
