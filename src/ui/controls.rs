//! Controls around the board: size and mode, formulation, actions, status, comparison, files.

use super::engine::EngineHandle;
use super::storage;
use crate::app::protocol::CompareRow;
use crate::app::state::{Action, AppState, JobKind, Mode, format_millis};
use crate::engine::format::{self, Format};
use crate::engine::{Formulation, Grid, Size, Verdict};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SizeAndModeProps {
    pub size: Size,
    pub mode: Mode,
    pub busy: bool,
    pub on_action: Callback<Action>,
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
    let options = Size::all().skip(1).map(|s| {
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
            <select id="size" {onchange} disabled={props.busy}>{ for options }</select>
            <div class="mode" role="group" aria-label="Entry mode">
                { mode_button(Mode::Givens, "Enter givens") }
                { mode_button(Mode::Play, "Play") }
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct FormulationProps {
    pub selected: Formulation,
    pub on_action: Callback<Action>,
}

/// One radio per formulation, each with its one-line description.
#[component]
pub fn FormulationPicker(props: &FormulationProps) -> Html {
    let radios = Formulation::ALL.iter().map(|&f| {
        let on_action = props.on_action.clone();
        let onchange = Callback::from(move |_: Event| on_action.emit(Action::SetFormulation(f)));
        let id = format!("formulation-{}", f.id());
        html! {
            <div class="radio">
                <input type="radio" name="formulation" id={id.clone()} checked={props.selected == f}
                       aria-describedby={format!("{id}-desc")} {onchange} />
                <label for={id.clone()}>{ f.name() }</label>
                <small id={format!("{id}-desc")}>{ f.description() }</small>
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

#[derive(Properties, PartialEq)]
pub struct ActionsProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

/// Solve, count, compare, and the grid edits; Cancel while the worker is busy.
#[component]
pub fn Actions(props: &ActionsProps) -> Html {
    let state = &props.state;
    let busy = state.busy();
    let job = |kind: JobKind| {
        let engine = props.engine.clone();
        let state = props.state.clone();
        Callback::from(move |_: MouseEvent| {
            engine.run(state.next_job_id(), kind, state.request(kind));
        })
    };
    let act = |a: Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(a.clone()))
    };
    let cancel = {
        let engine = props.engine.clone();
        Callback::from(move |_: MouseEvent| engine.cancel())
    };
    html! {
        <div class="actions">
            <button type="button" class="primary" onclick={job(JobKind::Solve)} disabled={busy}>{ "Solve" }</button>
            <button type="button" onclick={job(JobKind::Count)} disabled={busy}>{ "Count solutions" }</button>
            <button type="button" onclick={job(JobKind::Compare)} disabled={busy}>{ "Compare" }</button>
            <button type="button" onclick={cancel} disabled={!busy}>{ "Cancel" }</button>
            <span class="sep"></span>
            <button type="button" onclick={act(Action::Undo)} disabled={state.undo.is_empty()}>{ "Undo" }</button>
            <button type="button" onclick={act(Action::Redo)} disabled={state.redo.is_empty()}>{ "Redo" }</button>
            <button type="button" onclick={act(Action::ResetToGivens)} disabled={busy}>{ "Reset to givens" }</button>
            <button type="button" onclick={act(Action::Clear)} disabled={busy}>{ "Clear" }</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub state: Rc<AppState>,
    pub on_action: Callback<Action>,
}

/// The live status line, progress while busy, and stepping through solutions found.
#[component]
pub fn StatusLine(props: &StatusProps) -> Html {
    let state = &props.state;
    let progress = state.job.as_ref().map(|job| match job.progress {
        Some((done, total)) => html! {
            <progress max={total.to_string()} value={done.to_string()} aria-label="Progress"></progress>
        },
        None => html! { <progress aria-label="Progress"></progress> },
    });
    let stepper = (state.solutions.len() > 1).then(|| {
        let i = state.solution_index;
        let go = |to: usize| {
            let on_action = props.on_action.clone();
            Callback::from(move |_: MouseEvent| on_action.emit(Action::ShowSolution(to)))
        };
        html! {
            <div class="stepper">
                <button type="button" onclick={go(i.saturating_sub(1))} disabled={i == 0}>{ "Previous solution" }</button>
                <span>{ format!("Solution {} of {} shown", i + 1, state.solutions.len()) }</span>
                <button type="button" onclick={go(i + 1)} disabled={i + 1 >= state.solutions.len()}>{ "Next solution" }</button>
            </div>
        }
    });
    let class = classes!("status", state.status.error.then_some("error"));
    html! {
        <div class="status-area">
            <p role="status" aria-live="polite" {class}>{ state.status.text.clone() }</p>
            { for progress }
            { for stepper }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub rows: Vec<CompareRow>,
}

/// Every formulation on the same puzzle: time, effort, and whether they agree.
#[component]
pub fn CompareTable(props: &CompareProps) -> Html {
    if props.rows.is_empty() {
        return html! {};
    }
    let rows = props.rows.iter().map(|row| {
        let (verdict, stats) = match &row.result {
            Ok(r) => (
                match r.verdict() {
                    Verdict::NoSolution => "no solution".to_string(),
                    Verdict::Unique => "unique".to_string(),
                    Verdict::Multiple => "2 or more".to_string(),
                    Verdict::Unknown => "stopped".to_string(),
                },
                r.stats
                    .entries()
                    .iter()
                    .map(|(k, v)| format!("{v} {k}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            Err(e) => ("not run".to_string(), e.clone()),
        };
        html! {
            <tr>
                <th scope="row">{ row.formulation.name() }</th>
                <td>{ verdict }</td>
                <td class="num">{ format_millis(row.millis) }</td>
                <td>{ stats }</td>
            </tr>
        }
    });
    html! {
        <table class="compare">
            <caption>{ "Formulations compared on this puzzle" }</caption>
            <thead><tr><th>{ "Formulation" }</th><th>{ "Answer" }</th><th>{ "Time" }</th><th>{ "Statistics" }</th></tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}

#[derive(Properties, PartialEq)]
pub struct ImportExportProps {
    pub grid: Grid,
    pub on_action: Callback<Action>,
}

/// Starts a browser download of `text`.
fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let anchor = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = anchor {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Paste or open a puzzle; download it as text or JSON; copy a share link.
#[component]
pub fn ImportExport(props: &ImportExportProps) -> Html {
    let text = use_state(String::new);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let import = {
        let text = text.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::Import((*text).clone())))
    };
    let open_file = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let on_action = on_action.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                match text.ok().and_then(|t| t.as_string()) {
                    Some(t) => on_action.emit(Action::Import(t)),
                    None => on_action.emit(Action::Import(String::new())),
                }
            });
            input.set_value("");
        })
    };
    let save = |format: Format| {
        let grid = props.grid.clone();
        Callback::from(move |_: MouseEvent| {
            let (name, mime) = match format {
                Format::Json => ("sudoku.json", "application/json"),
                _ => ("sudoku.txt", "text/plain"),
            };
            let body =
                format::write(&grid, format).unwrap_or_else(|_| format::write_numeric(&grid));
            download(name, mime, &format!("{}\n", body.trim_end()));
        })
    };
    let copy_link = {
        let grid = props.grid.clone();
        Callback::from(move |_: MouseEvent| {
            if let (Some(link), Some(w)) = (storage::share_link(&grid), web_sys::window()) {
                let _ = w.navigator().clipboard().write_text(&link);
                let _ = w.location().set_hash(&link[link.find('#').unwrap_or(0)..]);
            }
        })
    };
    html! {
        <details class="files" open=true>
            <summary>{ "Import and export" }</summary>
            <label for="import-text">{ "Puzzle text (line, numeric or JSON)" }</label>
            <textarea id="import-text" rows="3" spellcheck="false" value={(*text).clone()} {oninput}
                      placeholder="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" />
            <div class="actions">
                <button type="button" onclick={import}>{ "Import" }</button>
                <label class="file">{ "Open file" }
                    <input type="file" accept=".txt,.json,.sdk,text/plain,application/json" onchange={open_file} />
                </label>
                <button type="button" onclick={save(Format::Line)}>{ "Download text" }</button>
                <button type="button" onclick={save(Format::Json)}>{ "Download JSON" }</button>
                <button type="button" onclick={copy_link}>{ "Copy link" }</button>
            </div>
        </details>
    }
}
