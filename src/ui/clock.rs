//! The play clock in the board's top row and the solved moment; the page's clock and whether it is in view.

use crate::app::state::{Action, AppState};
use crate::app::timer;
use crate::words::{Message, PlayMessage};
use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use std::rc::Rc;
use yew::prelude::*;

/// The page's clock in milliseconds (`performance.now()`), the reading each action carries.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn page_shown() -> Option<bool> {
    let document = web_sys::window()?.document()?;
    Some(!document.hidden())
}

/// Tells the state whether the page is in view, now and on every change, so the clock
/// stands while the player is elsewhere (and banks its time before a reload).
#[hook]
fn use_page_shown(on_action: Callback<Action>) {
    use_effect_with((), move |_| {
        if let Some(shown) = page_shown() {
            on_action.emit(Action::PageShown(shown));
        }
        let document = web_sys::window().and_then(|w| w.document());
        let listener = document.map(|d| {
            EventListener::new(&d, "visibilitychange", move |_| {
                if let Some(shown) = page_shown() {
                    on_action.emit(Action::PageShown(shown));
                }
            })
        });
        move || drop(listener)
    });
}

#[derive(Properties, PartialEq)]
pub struct ClockProps {
    pub state: Rc<AppState>,
    pub on_action: Callback<Action>,
}

/// Whether the status line says the puzzle was just solved (and still is).
pub fn says_solved(state: &AppState) -> bool {
    matches!(state.status, Message::Play(PlayMessage::Solved { .. })) && timer::solved(&state.board)
}

/// The time played on the puzzle, in the board's top row.
#[component]
pub fn GameClock(props: &ClockProps) -> Html {
    use_page_shown(props.on_action.clone());
    let state = &props.state;
    let running = state.timer.running();
    // While the clock runs, the face is drawn again each second; the state keeps the time.
    let redraw = use_force_update();
    use_effect_with(running, move |&running| {
        let interval = running.then(|| Interval::new(1000, move || redraw.force_update()));
        move || drop(interval)
    });
    let millis = state.timer.elapsed_at(now());
    let solved = timer::solved(&state.board);
    let face = (running || state.timer.elapsed_ms > 0.0).then(|| {
        html! {
            <p class="clock" role="timer" aria-label="Time played">{ PlayMessage::clock(millis) }</p>
        }
    });
    html! {
        <div class={classes!("game-clock", solved.then_some("solved"))}>
            <div class="slot">{ for face }</div>
        </div>
    }
}

/// Once the player completes the puzzle, the solved moment under the status line when that
/// has moved on (after a reload, say): said once, since while the status line celebrates the
/// solve it is the moment. Not beside the clock, where the sentence would wrap the board's top
/// row and push the board down.
pub fn solved_moment(state: &AppState) -> Html {
    let moment = (timer::solved(&state.board) && !says_solved(state)).then(|| {
        let words = PlayMessage::Solved {
            size: state.size(),
            millis: state.timer.elapsed_at(now()),
        };
        html! { <p class="solved-moment">{ words.to_string() }</p> }
    });
    html! { <div class="slot moment">{ for moment }</div> }
}
