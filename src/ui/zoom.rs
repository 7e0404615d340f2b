//! Zoom and pan for big boards: the board in a frame that scrolls, zoom buttons, Ctrl+wheel
//! (a trackpad's pinch), and the selected cell kept in view.

use super::controls::button;
use crate::engine::Pos;
use crate::words::short_decimal;
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Zoom factors; a board may go up to the one that makes its cells about 44 to 66 px on a
/// phone (see [`max_level`]).
const LEVELS: [f64; 7] = [1.0, 1.5, 2.0, 3.0, 4.5, 6.5, 9.0];

/// Boards from this side up offer zoom: smaller ones already have cells large enough to tap.
pub const ZOOM_FROM: usize = 16;

/// The highest zoom level for a board of `side` digits: cells about six times a fitted
/// 49x49 cell on a phone, enough to read and tap one.
pub fn max_level(side: usize) -> usize {
    if side < ZOOM_FROM {
        return 0;
    }
    LEVELS
        .iter()
        .rposition(|&z| z <= side as f64 / 5.4)
        .unwrap_or(0)
}

/// Wheel movement (in pixels) that makes one zoom step: one notch of a mouse wheel, or a
/// short pinch on a trackpad, which sends many small steps.
const WHEEL_STEP: f64 = 60.0;

#[derive(Properties, PartialEq)]
pub struct ZoomFrameProps {
    pub level: usize,
    pub side: usize,
    pub selected: Option<Pos>,
    pub on_zoom: Callback<usize>,
    pub children: Html,
}

/// The board's frame: as large as the board fits on screen, the board inside it `level`
/// times larger, panned by scrolling (or by dragging on a touch screen).
#[component]
pub fn ZoomFrame(props: &ZoomFrameProps) -> Html {
    let frame = use_node_ref();
    let level = props.level.min(max_level(props.side));
    use_wheel_zoom(&frame, level, max_level(props.side), props.on_zoom.clone());
    use_selected_in_view(&frame, level, props.selected);
    let style = format!("--zoom: {};", short_decimal(LEVELS[level]));
    html! {
        <div class={classes!("board-frame", (level > 0).then_some("zoomed"))} ref={frame} {style}>
            { props.children.clone() }
        </div>
    }
}

/// Ctrl+wheel zooms the board (Chromium sends a trackpad's pinch this way); a plain wheel
/// scrolls as usual.
#[hook]
fn use_wheel_zoom(frame: &NodeRef, level: usize, max: usize, on_zoom: Callback<usize>) {
    let travelled = use_mut_ref(|| 0.0f64);
    let frame = frame.clone();
    use_effect_with((level, max), move |&(level, max)| {
        let listener = frame.get().map(|el| {
            // Not passive: the page's own zoom is kept from the wheel with `prevent_default`.
            EventListener::new_with_options(
                &el,
                "wheel",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = e.dyn_ref::<WheelEvent>() else {
                        return;
                    };
                    if !(e.ctrl_key() || e.meta_key()) || max == 0 {
                        return;
                    }
                    e.prevent_default();
                    let mut moved = travelled.borrow_mut();
                    *moved += e.delta_y();
                    if moved.abs() < WHEEL_STEP {
                        return;
                    }
                    let to = if *moved < 0.0 {
                        (level + 1).min(max)
                    } else {
                        level.saturating_sub(1)
                    };
                    *moved = 0.0;
                    if to != level {
                        on_zoom.emit(to);
                    }
                },
            )
        });
        move || drop(listener)
    });
}

/// After a zoom, the selected cell (or else the middle of the view) stays where the eye is;
/// a cell selected outside the view is scrolled into it.
#[hook]
fn use_selected_in_view(frame: &NodeRef, level: usize, selected: Option<Pos>) {
    let previous = use_mut_ref(|| level);
    let frame = frame.clone();
    use_effect_with((level, selected), move |&(level, selected)| {
        let before = std::mem::replace(&mut *previous.borrow_mut(), level);
        let Some(frame) = frame.cast::<web_sys::HtmlElement>() else {
            return;
        };
        let zoomed = level != before;
        match selected.and_then(cell_element) {
            Some(cell) => reveal(&frame, &cell, zoomed),
            None if zoomed => {
                let ratio = LEVELS[level] / LEVELS[before];
                let keep = |scroll: i32, size: i32| {
                    ((f64::from(scroll) + f64::from(size) / 2.0) * ratio - f64::from(size) / 2.0)
                        as i32
                };
                frame.set_scroll_left(keep(frame.scroll_left(), frame.client_width()));
                frame.set_scroll_top(keep(frame.scroll_top(), frame.client_height()));
            }
            None => {}
        }
    });
}

fn cell_element(p: Pos) -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .get_element_by_id(&format!("cell-{}-{}", p.row, p.col))?
        .dyn_into()
        .ok()
}

/// Scrolls `frame` so that `cell` is in the middle of it, when asked to or when the cell is
/// not wholly in view.
fn reveal(frame: &web_sys::HtmlElement, cell: &web_sys::HtmlElement, centre: bool) {
    let (x, y) = (cell.offset_left(), cell.offset_top());
    let (w, h) = (cell.offset_width(), cell.offset_height());
    let (left, top) = (frame.scroll_left(), frame.scroll_top());
    let (fw, fh) = (frame.client_width(), frame.client_height());
    let outside = x < left || x + w > left + fw || y < top || y + h > top + fh;
    if centre || outside {
        frame.set_scroll_left(x + w / 2 - fw / 2);
        frame.set_scroll_top(y + h / 2 - fh / 2);
    }
}

#[derive(Properties, PartialEq)]
pub struct ZoomButtonsProps {
    pub level: usize,
    pub side: usize,
    pub on_zoom: Callback<usize>,
}

/// Zoom in, Zoom out and Whole board, for boards whose cells are small on a phone.
#[component]
pub fn ZoomButtons(props: &ZoomButtonsProps) -> Html {
    let max = max_level(props.side);
    if max == 0 {
        return html! {};
    }
    let level = props.level.min(max);
    let go = |to: usize| {
        let on_zoom = props.on_zoom.clone();
        (to != level).then(|| Callback::from(move |_: MouseEvent| on_zoom.emit(to)))
    };
    html! {
        <div class="tools zoom" role="group" aria-label="Zoom">
            { button("Zoom out", go(level.saturating_sub(1)), classes!()) }
            { button("Zoom in", go((level + 1).min(max)), classes!()) }
            { button("Whole board", go(0), classes!()) }
            <span class="zoom-level" aria-live="polite">{ format!("{}x", short_decimal(LEVELS[level])) }</span>
        </div>
    }
}
