//! Zoom and pan for big boards: the board in a frame that scrolls, zoom buttons, a pinch of
//! two fingers, Ctrl+wheel (a trackpad's pinch), and the selected cell kept in view.

use super::controls::button;
use crate::engine::Pos;
use crate::words::short_decimal;
use gloo_events::{EventListener, EventListenerOptions};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::TouchEvent;
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

/// A point of the frame (from its top left corner, in CSS pixels) that a zoom keeps in place:
/// where two fingers pinch.
type Anchor = Rc<RefCell<Option<(f64, f64)>>>;

/// The board's frame: as large as the board fits on screen, the board inside it `level`
/// times larger, panned by scrolling (or by dragging one finger on a touch screen).
#[component]
pub fn ZoomFrame(props: &ZoomFrameProps) -> Html {
    let frame = use_node_ref();
    let max = max_level(props.side);
    let level = props.level.min(max);
    let anchor: Anchor = use_mut_ref(|| None);
    use_wheel_zoom(&frame, level, max, props.on_zoom.clone());
    use_pinch_zoom(&frame, level, max, props.on_zoom.clone(), anchor.clone());
    use_selected_in_view(&frame, level, props.selected, anchor);
    // A board that zooms takes two fingers itself, so the browser's page zoom does not fight
    // it; one finger still scrolls (pans) the frame or the page.
    let touch = if max > 0 {
        " touch-action: pan-x pan-y;"
    } else {
        ""
    };
    let style = format!("--zoom: {};{touch}", short_decimal(LEVELS[level]));
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

/// The distance between the first two fingers of a touch, and their middle, in the page's
/// viewport coordinates.
fn two_fingers(e: &TouchEvent) -> Option<(f64, (f64, f64))> {
    let touches = e.touches();
    let (a, b) = (touches.get(0)?, touches.get(1)?);
    let (ax, ay) = (f64::from(a.client_x()), f64::from(a.client_y()));
    let (bx, by) = (f64::from(b.client_x()), f64::from(b.client_y()));
    Some(((ax - bx).hypot(ay - by), ((ax + bx) / 2.0, (ay + by) / 2.0)))
}

/// The zoom level, up to `max`, whose factor is nearest to `factor` (as the eye sees sizes:
/// by their ratio).
fn nearest_level(factor: f64, max: usize) -> usize {
    let off = |i: usize| (LEVELS[i] / factor).ln().abs();
    (0..=max)
        .min_by(|&a, &b| off(a).total_cmp(&off(b)))
        .unwrap_or(0)
}

/// Fingers closer than this (CSS pixels) when a pinch starts say too little about its scale.
const PINCH_MIN_SPAN: f64 = 8.0;

/// Two fingers on the board zoom it: the level is the one nearest the level at the start of
/// the pinch times how far the fingers spread since, and the point between them stays put.
/// One finger is left to the browser: it scrolls, and a tap selects a cell.
#[hook]
fn use_pinch_zoom(
    frame: &NodeRef,
    level: usize,
    max: usize,
    on_zoom: Callback<usize>,
    anchor: Anchor,
) {
    // The span of the fingers and the zoom level when the second finger came down.
    let start = use_mut_ref(|| None::<(f64, usize)>);
    let frame = frame.clone();
    use_effect_with((level, max), move |&(level, max)| {
        let listeners = frame
            .cast::<web_sys::Element>()
            .filter(|_| max > 0)
            .map(|el| {
                // Not passive: a pinch keeps the browser from scrolling with `prevent_default`.
                let active = EventListenerOptions::enable_prevent_default();
                let begin = {
                    let start = start.clone();
                    EventListener::new_with_options(&el, "touchstart", active, move |e| {
                        let Some(e) = e.dyn_ref::<TouchEvent>() else {
                            return;
                        };
                        if let Some((span, _)) =
                            two_fingers(e).filter(|_| e.touches().length() == 2)
                        {
                            *start.borrow_mut() = (span >= PINCH_MIN_SPAN).then_some((span, level));
                        }
                    })
                };
                let moved = {
                    let start = start.clone();
                    let frame = el.clone();
                    EventListener::new_with_options(&el, "touchmove", active, move |e| {
                        let Some(e) = e.dyn_ref::<TouchEvent>() else {
                            return;
                        };
                        let (Some((span0, level0)), Some((span, (x, y)))) =
                            (*start.borrow(), two_fingers(e))
                        else {
                            return;
                        };
                        if e.cancelable() {
                            e.prevent_default();
                        }
                        let to = nearest_level(LEVELS[level0] * span / span0, max);
                        if to != level {
                            let rect = frame.get_bounding_client_rect();
                            *anchor.borrow_mut() = Some((x - rect.left(), y - rect.top()));
                            on_zoom.emit(to);
                        }
                    })
                };
                // A finger lifted ends the pinch; the one left on the board may pan.
                let end = |kind: &'static str| {
                    let start = start.clone();
                    EventListener::new(&el, kind, move |e| {
                        let fingers = e
                            .dyn_ref::<TouchEvent>()
                            .map_or(0, |e| e.touches().length());
                        if fingers < 2 {
                            *start.borrow_mut() = None;
                        }
                    })
                };
                [begin, moved, end("touchend"), end("touchcancel")]
            });
        move || drop(listeners)
    });
}

/// After a zoom, the point pinched (or else the selected cell, or else the middle of the view)
/// stays where the eye is; a cell selected outside the view is scrolled into it.
#[hook]
fn use_selected_in_view(frame: &NodeRef, level: usize, selected: Option<Pos>, anchor: Anchor) {
    let previous = use_mut_ref(|| level);
    let frame = frame.clone();
    use_effect_with((level, selected), move |&(level, selected)| {
        let before = std::mem::replace(&mut *previous.borrow_mut(), level);
        let pinched = anchor.borrow_mut().take();
        let Some(frame) = frame.cast::<web_sys::HtmlElement>() else {
            return;
        };
        let zoomed = level != before;
        let ratio = LEVELS[level] / LEVELS[before];
        // Scrolls so that the point `at` of the view shows what it showed before the zoom.
        let keep = |(x, y): (f64, f64)| {
            let scroll = |s: i32, at: f64| ((f64::from(s) + at) * ratio - at).round() as i32;
            frame.set_scroll_left(scroll(frame.scroll_left(), x));
            frame.set_scroll_top(scroll(frame.scroll_top(), y));
        };
        match (pinched, selected.and_then(cell_element)) {
            (Some(at), _) if zoomed => keep(at),
            (_, Some(cell)) => reveal(&frame, &cell, zoomed),
            (_, None) if zoomed => keep((
                f64::from(frame.client_width()) / 2.0,
                f64::from(frame.client_height()) / 2.0,
            )),
            _ => {}
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

pub struct ZoomButtonsProps {
    pub level: usize,
    pub side: usize,
    pub on_zoom: Callback<usize>,
}

/// Zoom in, Zoom out and Whole board, for boards whose cells are small on a phone.
pub fn zoom_buttons(props: &ZoomButtonsProps) -> Html {
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
            { step("Zoom out", "\u{2212}", go(level.saturating_sub(1))) }
            { step("Zoom in", "+", go((level + 1).min(max))) }
            { button("Whole board", go(0), classes!()) }
            <span class="zoom-level" aria-live="polite">{ format!("{}x", short_decimal(LEVELS[level])) }</span>
        </div>
    }
}

/// A zoom step named by its sign, so the row keeps room for the selected cell's notes; its
/// name is read out and shown on hover. Unavailable, it stays focusable (`aria-disabled`).
fn step(name: &str, sign: &str, onclick: Option<Callback<MouseEvent>>) -> Html {
    let unavailable = onclick.is_none();
    let onclick = onclick.unwrap_or_else(Callback::noop);
    html! {
        <button type="button" class="zoom-step" aria-label={name.to_string()} title={name.to_string()}
                aria-disabled={unavailable.to_string()} {onclick}
                onmousedown={super::controls::keep_focus()}>{ sign.to_string() }</button>
    }
}
