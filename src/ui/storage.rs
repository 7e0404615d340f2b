//! Where the state survives a reload (localStorage) and how a share link carries a puzzle.

use crate::app::state::{Action, AppState, SHARE_PREFIX, Saved, Unread};
use gloo_events::EventListener;
use gloo_storage::{LocalStorage, Storage};

const KEY: &str = "sudoku-lab/state";

/// Whether this page may use localStorage: a browser that blocks it for the site throws on
/// access, and so does gloo's storage, where the page should just go on without saving.
fn storage_allowed() -> bool {
    web_sys::window().is_some_and(|w| matches!(w.local_storage(), Ok(Some(_))))
}

/// A shared puzzle in the URL wins over the saved state, which wins over an empty grid.
pub fn initial_state() -> AppState {
    // The text as stored: the reducer tells a state it cannot read from no state at all.
    let stored = storage_allowed()
        .then(|| LocalStorage::raw().get_item(KEY).ok().flatten())
        .flatten();
    let saved = AppState::from_stored(stored.as_deref());
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
