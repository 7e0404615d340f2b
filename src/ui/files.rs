//! Import and export: paste or open a puzzle, download it or its model, share a link.

use super::controls::{button, show_status};
use super::engine::EngineHandle;
use super::storage;
use crate::app::protocol::ModelFormat;
use crate::app::state::{Action, AppState, Download, JobKind, Unread};
use crate::engine::format::{self, Format, thousands};
use gloo_events::{EventListener, EventListenerOptions};
use gloo_file::{Blob, File, ObjectUrl};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ImportExportProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

/// Starts a browser download of `text`.
fn download(name: &str, mime: &str, text: &str) {
    let url = ObjectUrl::from(Blob::new_with_options(text, Some(mime)));
    let anchor = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = anchor {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
}

/// Hands the reducer's pending download to the browser, then tells the reducer it went.
#[hook]
pub fn use_download(pending: Option<Download>, on_action: Callback<Action>) {
    use_effect_with(pending, move |pending| {
        if let Some(d) = pending {
            download(&d.name, &d.mime, &d.text);
            on_action.emit(Action::Downloaded);
        }
    });
}

/// Paste or open a puzzle; download it as text, JSON or a solver model; make a share link.
#[component]
pub fn ImportExport(props: &ImportExportProps) -> Html {
    let busy = props.state.busy();
    let size = props.state.size();
    let placeholder = if size.side() <= 25 {
        format!(
            "Paste a puzzle: for this {size} board {} characters, . for a blank; or numbers, or JSON",
            thousands(size.cells() as u64)
        )
    } else {
        format!(
            "Paste a puzzle: for this {size} board {} numbers, 0 for a blank; or JSON",
            thousands(size.cells() as u64)
        )
    };
    // Read at click time, so whatever was pasted last is what gets imported.
    let area = use_node_ref();
    let import = {
        let area = area.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_action.emit(Action::Import(a.value()));
                show_status();
            }
        })
    };
    let open_file = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)).map(File::from) else {
                return;
            };
            let on_action = on_action.clone();
            input.set_value("");
            // Refused before reading, so a huge file never has to fit in memory.
            if file.size() > format::MAX_INPUT_BYTES as u64 {
                on_action.emit(Action::ImportFailed(Unread::TooLarge {
                    name: file.name(),
                    bytes: file.size(),
                }));
                show_status();
                return;
            }
            wasm_bindgen_futures::spawn_local(async move {
                match gloo_file::futures::read_as_text(&file).await {
                    Ok(text) => on_action.emit(Action::ImportFile {
                        name: file.name(),
                        text,
                    }),
                    Err(_) => {
                        on_action.emit(Action::ImportFailed(Unread::NotText { name: file.name() }))
                    }
                }
                // What the import did (the puzzle, or why it was refused) is said under the board.
                show_status();
            });
        })
    };
    let save = |format: Format| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::Save(format)))
    };
    let copy_link = |board: bool| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(page) = storage::page_address() {
                on_action.emit(Action::Share { page, board });
            }
        })
    };
    let export = |model: ModelFormat| {
        let engine = props.engine.clone();
        let state = props.state.clone();
        let kind = JobKind::Export(model);
        let onclick = (!busy).then(|| {
            Callback::from(move |_: MouseEvent| {
                engine.run(state.next_job_id(), kind, state.request(kind));
            })
        });
        button(&format!("Export {}", model.name()), onclick, classes!())
    };
    let link = props.state.files.share_link.as_ref().map(|link| {
        html! {
            <div class="share">
                <label for="share-link">{ "Share link" }</label>
                <input id="share-link" type="url" readonly=true value={link.clone()} />
            </div>
        }
    });
    html! {
        <details class="files" open=true aria-label="Import and export">
            <summary>{ "Import and export" }</summary>
            <label for="import-text">{ "Puzzle text (line, numeric or JSON)" }</label>
            <textarea id="import-text" rows="3" spellcheck="false" ref={area}
                      placeholder={placeholder} />
            <div class="actions">
                <button type="button" onclick={import}>{ "Import" }</button>
                <label class="file">{ "Open file" }
                    <input type="file" accept=".txt,.json,.sdk,text/plain,application/json" onchange={open_file} />
                </label>
                <button type="button" onclick={save(Format::Line)}
                        title="The clues, one line">{ "Download text" }</button>
                <button type="button" onclick={save(Format::Json)}
                        title="The clues and every other digit on the board">{ "Download JSON" }</button>
                <button type="button" onclick={copy_link(false)}>{ "Copy link" }</button>
                <button type="button" onclick={copy_link(true)}
                        title="Copy a link to the puzzle with your digits and notes">{ "Share my game" }</button>
            </div>
            // A slot that stays, so the link's coming does not rebuild the text box and buttons.
            <div class="slot">{ for link }</div>
            <div class="actions" role="group" aria-label="Export the model">
                { for ModelFormat::ALL.into_iter().map(export) }
            </div>
        </details>
    }
}

/// Pasting anywhere but a text field imports the pasted text, as the Import button would: a
/// player who copied a puzzle expects Ctrl+V on the board to bring it in.
#[hook]
pub fn use_paste_imports(dispatch: Callback<Action>) {
    use_effect_with((), move |_| {
        let on_paste = move |e: &web_sys::ClipboardEvent| {
            let in_field = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                        || el.is_content_editable()
                });
            let text = e.clipboard_data().and_then(|d| d.get_data("text").ok());
            match text {
                Some(text) if !in_field && !text.trim().is_empty() => {
                    e.prevent_default();
                    dispatch.emit(Action::Import(text));
                }
                _ => {}
            }
        };
        // Not passive: a paste it imports is taken from the browser with `prevent_default`.
        let listener = web_sys::window().and_then(|w| w.document()).map(|d| {
            EventListener::new_with_options(
                &d,
                "paste",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    if let Some(e) = e.dyn_ref::<web_sys::ClipboardEvent>() {
                        on_paste(e);
                    }
                },
            )
        });
        move || drop(listener)
    });
}
