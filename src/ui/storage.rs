//! Where the state survives a reload (localStorage) and how a share link carries a puzzle.

use crate::app::history::{HISTORY_BYTES, History, fingerprint};
use crate::app::state::{Action, AppState, SHARE_PREFIX, Saved, Timer, Unread};
use gloo_events::EventListener;
use gloo_storage::{LocalStorage, Storage};
use std::rc::Rc;

const KEY: &str = "sudoku-lab/state";
/// The undo history, beside the state: a history too large to store leaves the state saved.
const HISTORY_KEY: &str = "sudoku-lab/history";
/// The play clock, written as often as it moves (when the page is hidden, say), apart from
/// the state so that is written only when it changes.
const CLOCK_KEY: &str = "sudoku-lab/clock";

/// Whether this page may use localStorage: a browser that blocks it for the site throws on
/// access, and so does gloo's storage, where the page should just go on without saving.
fn storage_allowed() -> bool {
    web_sys::window().is_some_and(|w| matches!(w.local_storage(), Ok(Some(_))))
}

fn stored(key: &str) -> Option<String> {
    storage_allowed()
        .then(|| LocalStorage::raw().get_item(key).ok().flatten())
        .flatten()
}

/// The saved state with its undo history, or for a new visitor an empty grid and a random
/// first seed; a shared puzzle in the URL then opens, or asks to, over a game in progress.
pub fn initial_state() -> AppState {
    // The text as stored: the reducer tells a state it cannot read from no state at all.
    let random = getrandom::u64().unwrap_or_else(|_| js_sys::Date::now() as u64);
    let saved = AppState::opened(
        stored(KEY).as_deref(),
        stored(HISTORY_KEY).as_deref(),
        stored(CLOCK_KEY).as_deref(),
        random,
    );
    match shared_puzzle() {
        Some(action) => saved.reduce(action),
        None => saved,
    }
}

/// The import a share link asks for, taken out of the address so that a later reload restores
/// the saved state (with the moves made since) instead of the shared puzzle again.
fn shared_puzzle() -> Option<Action> {
    let window = web_sys::window()?;
    let location = window.location();
    let hash = location.hash().ok()?;
    let encoded = hash.strip_prefix(SHARE_PREFIX)?;
    let text = js_sys::decode_uri_component(encoded)
        .ok()
        .and_then(|t| t.as_string());
    if let (Ok(history), Ok(path)) = (window.history(), location.pathname()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    Some(match text {
        Some(text) => Action::OpenLink(text),
        None => Action::ImportFailed(Unread::DamagedLink),
    })
}

/// A share link opened in a tab already showing the app only changes the address's fragment;
/// this imports it like a fresh load would.
#[yew::hook]
pub fn use_share_links(dispatch: yew::Callback<Action>) {
    yew::use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            EventListener::new(&w, "hashchange", move |_| {
                if let Some(action) = shared_puzzle() {
                    dispatch.emit(action);
                }
            })
        });
        move || drop(listener)
    });
}

pub fn save(saved: &Saved) {
    if storage_allowed() {
        // A full storage keeps the previous state; the page goes on either way.
        let _ = LocalStorage::set(KEY, saved);
    }
}

/// Stores the undo history whenever it or the board changes.
#[yew::hook]
pub fn use_history(state: Rc<AppState>) {
    let board = &state.board;
    let key = (
        board.steps(),
        board.undo.len(),
        board.redo.len(),
        fingerprint(&board.grid, Some(&board.notes)),
    );
    yew::use_effect_with(key, move |_| {
        if !storage_allowed() {
            return;
        }
        let storage = LocalStorage::raw();
        let text = History::stored(&state.board, HISTORY_BYTES);
        // Without room for it, a stale history must not come back with a newer board.
        if storage.set_item(HISTORY_KEY, &text).is_err() {
            let _ = storage.remove_item(HISTORY_KEY);
        }
    });
}

/// Stores the play clock whenever its banked time or its puzzle changes.
#[yew::hook]
pub fn use_clock(timer: &Timer) {
    let key = (timer.elapsed_ms.to_bits(), timer.puzzle);
    let timer = timer.clone();
    yew::use_effect_with(key, move |_| {
        if storage_allowed() {
            let _ = LocalStorage::set(CLOCK_KEY, &timer);
        }
    });
}

/// This page's address without its fragment: what a share link adds the puzzle to.
pub fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// Hands the reducer's pending share link to the clipboard, then tells the reducer it went.
#[yew::hook]
pub fn use_clipboard(pending: Option<String>, on_action: yew::Callback<Action>) {
    yew::use_effect_with(pending, move |pending| {
        if let (Some(link), Some(w)) = (pending, web_sys::window()) {
            // Refused without a user grant in some browsers; the link is shown either way.
            let written = w.navigator().clipboard().write_text(link);
            let on_action = on_action.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(written).await {
                    Ok(_) => on_action.emit(Action::Copied),
                    Err(_) => on_action.emit(Action::CopyRefused),
                }
            });
        }
    });
}
