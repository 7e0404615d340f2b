//! The status line with progress and the solution stepper, and the comparison table.

use super::engine::EngineHandle;
use crate::app::protocol::CompareRow;
use crate::app::state::{Action, AppState};
use crate::engine::{Formulation, Verdict};
use crate::words::{compare_effort, format_millis, progress_text, quantity};
use std::rc::Rc;
use yew::prelude::*;

pub struct StatusProps {
    pub state: Rc<AppState>,
    pub engine: EngineHandle,
    pub on_action: Callback<Action>,
}

/// The live status line, progress while busy, and stepping through solutions found.
pub fn status_line(props: &StatusProps) -> Html {
    let state = &props.state;
    let progress = state.jobs.job.as_ref().map(|job| match job.progress {
        Some((phase, done, total)) if phase.has_end() => html! {
            <>
                <progress max={total.to_string()} value={done.to_string()} aria-label="Progress"></progress>
                <span class="progress-text">{ progress_text(phase, done, total) }</span>
            </>
        },
        other => html! {
            <>
                <progress aria-label="Progress"></progress>
                { for other.map(|(phase, done, total)| html! {
                    <span class="progress-text">{ progress_text(phase, done, total) }</span>
                }) }
            </>
        },
    });
    // A long generation offers its puzzle so far: at 36x36 and up a minimal one is out of reach.
    let keep = state
        .jobs
        .job
        .as_ref()
        .and_then(|job| job.partial.as_ref())
        .map(|puzzle| {
            let engine = props.engine.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                engine.keep_partial();
                // The button goes with the job; the focus goes to Cancel beside it, which
                // stays, rather than to the page's start.
                let cancel = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.query_selector("button.cancel").ok().flatten())
                    .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
                if let Some(cancel) = cancel {
                    let _ = cancel.focus();
                }
            });
            html! {
                <p class="keep">
                    // Beside the progress bar (two and three columns) the words after "keep"
                    // are for a screen reader only.
                    <button type="button" {onclick}>
                        { "Stop and keep" }<span class="keep-more">{ " the puzzle so far" }</span>
                    </button>
                    <small>{ format!(
                        " One solution, {}; not minimal yet.",
                        quantity(puzzle.given_count() as u64, "clues")
                    ) }</small>
                </p>
            }
        });
    // Hidden while a job runs: the board is locked, and a new count brings its own.
    let stepper = (state.jobs.solutions.len() > 1 && !state.busy()).then(|| {
        let i = state.jobs.solution_index;
        let go = |to: usize| {
            let on_action = props.on_action.clone();
            Callback::from(move |_: MouseEvent| on_action.emit(Action::ShowSolution(to)))
        };
        html! {
            <div class="stepper">
                // aria-disabled rather than disabled: a disabled button would drop the keyboard
                // focus at the first or last solution.
                <button type="button" onclick={go(i.saturating_sub(1))} aria-disabled={(i == 0).to_string()}>{ "Previous solution" }</button>
                <span aria-live="polite">{ state.stepper_text() }</span>
                <button type="button" onclick={go((i + 1).min(state.jobs.solutions.len() - 1))}
                        aria-disabled={(i + 1 >= state.jobs.solutions.len()).to_string()}>{ "Next solution" }</button>
            </div>
        }
    });
    let class = classes!(
        "status",
        state.status.is_error().then_some("error"),
        super::clock::says_solved(state).then_some("solved-moment")
    );
    // Parts that come and go sit in slots that stay, so the diff never replaces the status
    // line (and a screen reader's live region) or a focused stepper button.
    html! {
        <div class="status-area">
            <p role="status" aria-live="polite" {class}>{ state.status.to_string() }</p>
            <div class="slot">{ for progress }</div>
            <div class="slot">{ for keep }</div>
            <div class="slot">
                { for state.files.waiting_import.is_some().then(|| html! {
                    <p class="waiting">{ "An import waits for this job to end; Cancel lets it in now." }</p>
                }) }
            </div>
            <div class="slot">{ for stepper }</div>
        </div>
    }
}

pub struct CompareProps {
    pub rows: Vec<CompareRow>,
    /// Formulations of a running comparison not yet reported, the first one running.
    pub pending: Vec<Formulation>,
    pub note: Option<&'static str>,
}

/// Every formulation on the same puzzle: time, effort, and whether they agree.
pub fn compare_table(props: &CompareProps) -> Html {
    if props.rows.is_empty() && props.pending.is_empty() {
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
                compare_effort(row.formulation, &r.stats, r.count > 0),
            ),
            Err(e) => ("not run".to_string(), e.to_string()),
        };
        html! {
            <tr>
                <th scope="row">{ row.formulation.name() }</th>
                <td>{ verdict }</td>
                // A formulation that did not run took no time worth showing.
                <td class="num">{ row.result.is_ok().then(|| format_millis(row.millis)) }</td>
                <td>{ stats }</td>
            </tr>
        }
    });
    let pending = props.pending.iter().enumerate().map(|(i, f)| {
        html! {
            <tr class="pending">
                <th scope="row">{ f.name() }</th>
                <td>{ if i == 0 { "running..." } else { "waiting" } }</td>
                <td class="num"></td>
                <td></td>
            </tr>
        }
    });
    let note = props.note;
    html! {
        <div class="compare-wrap">
            <table class="compare">
                <caption>{ "Formulations compared on this puzzle" }</caption>
                <thead><tr><th>{ "Formulation" }</th><th>{ "Answer" }</th><th>{ "Time" }</th><th>{ "Statistics" }</th></tr></thead>
                <tbody>{ for rows }{ for pending }</tbody>
            </table>
            { for note.map(|note| html! { <p class="compare-note">{ note }</p> }) }
        </div>
    }
}
