//! The board: an ARIA grid of cells with keyboard entry, and the number pad.

use crate::app::state::{Action, Direction, HintView, Notes};
use crate::engine::format::{MAX_SYMBOL, shown_digit, symbol_value};
use crate::engine::{Digit, Entry, Grid, Pos};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// `Row 3, column 7, clue 5` / `, 5` / `, empty` / `, notes 1 4 9`: the cell's accessible name,
/// its digits written as the board shows them (letters from 10 on up to 25x25), so what is
/// read out matches what is seen and typed.
pub fn cell_label(p: Pos, e: Entry, look: CellLook, notes: &[Digit], side: usize) -> String {
    let what = match (e, look.solved) {
        (Entry::Empty, _) if !notes.is_empty() => {
            let digits: Vec<String> = notes.iter().map(|&d| shown_digit(d, side)).collect();
            format!("notes {}", digits.join(" "))
        }
        (Entry::Empty, _) => "empty".to_string(),
        (Entry::Given(d), _) => format!("clue {}", shown_digit(d, side)),
        (Entry::Filled(d), false) => shown_digit(d, side),
        (Entry::Filled(d), true) => format!("solved {}", shown_digit(d, side)),
    };
    // What the shading shows, said in words for screen readers.
    let conflict = if look.conflict { ", in conflict" } else { "" };
    let redundant = if look.redundant { ", redundant" } else { "" };
    format!(
        "Row {}, column {}, {what}{conflict}{redundant}",
        p.row + 1,
        p.col + 1
    )
}

/// How a cell is marked besides its digit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CellLook {
    /// The digit is the solver's, not the player's.
    pub solved: bool,
    pub conflict: bool,
    pub redundant: bool,
}

/// The digit a key names for a grid of `side` digits: `1-9`, then letters from 10 to 35.
/// For grids above 35, `previous` (the last digit typed into this cell moments ago) lets two
/// keystrokes spell one number.
pub fn key_digit(key: &str, side: usize, previous: Option<u8>) -> Option<Typed> {
    let mut chars = key.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let v = match c {
        '0' => 0,
        // Letters only where the grid spells its digits with them.
        'a'..='z' | 'A'..='Z' if side <= 9 || side as u32 > MAX_SYMBOL => return None,
        _ => u64::from(symbol_value(c)?),
    };
    if let Some(p) = previous.filter(|_| side > 35) {
        let joined = p as u64 * 10 + v;
        return Some(match Digit::new(joined, side) {
            Ok(d) => Typed::Joined(d),
            Err(_) => Typed::TooLarge(joined),
        });
    }
    Digit::new(v, side).ok().map(Typed::Digit)
}

/// What a key typed into a cell means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    Digit(Digit),
    /// The second keystroke of a two-digit number whose first went into the same cell.
    Joined(Digit),
    /// Two keystrokes making a number beyond the grid's digits.
    TooLarge(u64),
}

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub grid: Grid,
    pub selected: Option<Pos>,
    /// Per cell, whether its digit is the solver's (empty: none is).
    pub solved: Vec<bool>,
    /// The cell the last action typed a digit into, where a second quick key continues it.
    #[prop_or_default]
    pub typing_at: Option<Pos>,
    /// Clues a check found redundant.
    pub redundant: Vec<Pos>,
    /// The player's notes.
    #[prop_or_default]
    pub notes: Notes,
    /// Typed digits toggle notes.
    #[prop_or_default]
    pub notes_mode: bool,
    /// What a hint on show marks.
    #[prop_or_default]
    pub hint: HintView,
    pub on_action: Callback<Action>,
}

pub use crate::app::notes::NOTES_IN_CELLS_UP_TO;

/// Above 16x16 the selected cell's notes are also listed under the board, in full size.
pub const NOTES_LISTED_ABOVE: usize = 16;

/// The last digit typed and where, with the time it was typed (ms), so that "1" then "2"
/// gives 12 on grids above 35.
type KeyMemo = (Option<(Pos, u8)>, f64);

/// The Sudoku board. Keyboard: digits/letters enter, Backspace/Delete erase, arrows move,
/// Ctrl+Z / Ctrl+Y undo and redo.
#[component]
pub fn Board(props: &BoardProps) -> Html {
    let size = props.grid.size();
    let side = size.side();
    let last_key = use_typing_memo(props);
    let onkeydown = {
        let on_action = props.on_action.clone();
        let selected = props.selected;
        Callback::from(move |e: KeyboardEvent| {
            let action = key_action(&e, side, selected, &mut last_key.borrow_mut());
            if let Some(a) = action {
                e.prevent_default();
                on_action.emit(a);
            }
        })
    };
    use_focus_on_selected(props.selected, side);

    let marks = Marks::new(props);
    let rows = (0..side).map(|r| {
        let cells = (0..side).map(|c| cell_view(props, &marks, Pos::new(r, c)));
        html! { <div role="row" class="row">{ for cells }</div> }
    });
    let style = format!(
        "--side: {}; --box: {};",
        side.max(1),
        size.box_size().max(1)
    );
    html! {
        <div class={classes!("board", (side > 35).then_some("numbers"))} role="grid"
             aria-label="Sudoku board" {style} {onkeydown}>
            { for rows }
        </div>
    }
}

/// The memo of the last digit typed. Whatever else changes the board between two keys (a
/// click, the pad, an undo button) starts a new number: once the board shows it, the first
/// key no longer counts.
#[hook]
fn use_typing_memo(props: &BoardProps) -> std::rc::Rc<std::cell::RefCell<KeyMemo>> {
    let last_key = use_mut_ref(|| (None::<(Pos, u8)>, 0.0f64));
    let memo = last_key.clone();
    let now = (
        props.typing_at,
        props.typing_at.and_then(|p| props.grid.digit(p)),
        props.notes_mode,
    );
    use_effect_with(now, move |&(at, digit, notes_mode)| {
        let mut memo = memo.borrow_mut();
        // In notes mode the first key toggled a note, and the cell stays empty.
        let gone = |v: u8| !notes_mode && digit.map(|d| d.get()) != Some(v);
        if memo.0.is_some_and(|(p, v)| Some(p) != at || gone(v)) {
            memo.0 = None;
        }
    });
    last_key
}

/// What a key pressed on the board does, given the grid's `side`, the selected cell and the
/// memo of the digit typed just before.
fn key_action(
    e: &KeyboardEvent,
    side: usize,
    selected: Option<Pos>,
    memo: &mut KeyMemo,
) -> Option<Action> {
    let key = e.key();
    // Any other key in between (an erase, an undo, a move) starts a new number.
    let first = memo.0.take();
    let ctrl = e.ctrl_key() || e.meta_key();
    match key.as_str() {
        "z" | "Z" if ctrl && e.shift_key() => Some(Action::Redo),
        "z" | "Z" if ctrl => Some(Action::Undo),
        "y" | "Y" if ctrl => Some(Action::Redo),
        "Home" if ctrl => Some(Action::Move(Direction::GridStart)),
        "End" if ctrl => Some(Action::Move(Direction::GridEnd)),
        _ if ctrl || e.alt_key() => None,
        // N is a digit of 25x25 grids (23), which keep it for typing.
        "n" | "N" if key_digit(&key, side, None).is_none() => Some(Action::ToggleNotes),
        "ArrowUp" => Some(Action::Move(Direction::Up)),
        "ArrowDown" => Some(Action::Move(Direction::Down)),
        "ArrowLeft" => Some(Action::Move(Direction::Left)),
        "ArrowRight" => Some(Action::Move(Direction::Right)),
        "Home" => Some(Action::Move(Direction::RowStart)),
        "End" => Some(Action::Move(Direction::RowEnd)),
        "PageUp" => Some(Action::Move(Direction::BoxUp)),
        "PageDown" => Some(Action::Move(Direction::BoxDown)),
        // Space too, which would otherwise scroll the page.
        " " | "Backspace" | "Delete" | "0" | "." if side <= 35 || key != "0" => Some(Action::Erase),
        _ => typed_action(&key, side, selected, first, memo),
    }
}

/// A digit key: a digit, the second half of a two-key number, or a word about a key the grid
/// has no use for. Notes the digit in `memo` so a second quick key can continue it.
fn typed_action(
    key: &str,
    side: usize,
    selected: Option<Pos>,
    first: Option<(Pos, u8)>,
    memo: &mut KeyMemo,
) -> Option<Action> {
    let now = js_sys::Date::now();
    let previous = match (first, selected) {
        (Some((p, v)), Some(s)) if p == s && now - memo.1 < 1000.0 => Some(v),
        _ => None,
    };
    let typed = key_digit(key, side, previous);
    // A second keystroke ends a number, so the next one starts afresh; two quick keys are a
    // number even when it is too large, which is then named.
    memo.0 = match (typed, selected) {
        (Some(Typed::Digit(d)), Some(s)) => Some((s, d.get())),
        _ => None,
    };
    memo.1 = now;
    match typed {
        Some(Typed::Digit(d)) => Some(Action::Input(d)),
        Some(Typed::Joined(d)) => Some(Action::InputMore(d)),
        Some(Typed::TooLarge(v)) => Some(Action::NotADigit(v.to_string())),
        // A letter or digit the grid has no use for gets a word, not silence.
        None if selected.is_some()
            && key.chars().count() == 1
            && key.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            Some(Action::NotADigit(key.to_string()))
        }
        None => None,
    }
}

/// Keeps keyboard focus on the selected cell so arrow keys keep working.
#[hook]
fn use_focus_on_selected(selected: Option<Pos>, side: usize) {
    use_effect_with(selected, move |sel| focus_cell(*sel));
    // A new size rebuilds the cells around a focused one, which leaves the focus ring on some
    // other cell than the selected one, or drops the focus: bring it back to the selected cell
    // if the board had it (or nothing has it now).
    use_effect_with(side, move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let active = document.as_ref().and_then(|d| d.active_element());
        let body = document.as_ref().and_then(|d| d.body());
        let board_or_nothing = match (&active, &body) {
            (Some(a), _) if a.class_list().contains("cell") => true,
            (Some(a), Some(b)) => a == AsRef::<web_sys::Element>::as_ref(b),
            (None, _) => true,
            _ => false,
        };
        if board_or_nothing {
            focus_cell(selected);
        }
    });
}

/// What the whole board's marking depends on, worked out once per render.
struct Marks {
    conflicts: Vec<bool>,
    /// The selected cell, if it is on this board.
    sel: Option<Pos>,
    sel_digit: Option<Digit>,
}

impl Marks {
    fn new(props: &BoardProps) -> Marks {
        let side = props.grid.size().side();
        let sel = props.selected.filter(|p| p.row < side && p.col < side);
        Marks {
            conflicts: props.grid.conflicting_cells(),
            sel,
            sel_digit: sel.and_then(|p| props.grid.digit(p)),
        }
    }
}

/// The classes of cell `p`: its entry's kind, box edges, conflict, the selection's row,
/// column, box and digit, a hint's marks.
fn cell_classes(props: &BoardProps, marks: &Marks, p: Pos, solved: bool) -> Classes {
    let size = props.grid.size();
    let (n, side) = (size.box_size(), size.side());
    let (r, c) = (p.row, p.col);
    let e = props.grid.entry(p);
    let mut class = classes!("cell");
    match e {
        Entry::Given(_) => class.push("given"),
        Entry::Filled(_) if solved => class.push("solved"),
        Entry::Filled(_) => class.push("filled"),
        Entry::Empty => {}
    }
    if props.redundant.contains(&p) {
        class.push("redundant");
    }
    if n > 0 && (c + 1) % n == 0 && c + 1 < side {
        class.push("box-right");
    }
    if n > 0 && (r + 1) % n == 0 && r + 1 < side {
        class.push("box-bottom");
    }
    if marks.conflicts[p.index(size)] {
        class.push("conflict");
    }
    // The selected cell's row, column and box, and the cells holding its digit.
    if let Some(s) = marks.sel.filter(|&s| s != p) {
        if s.row == r || s.col == c || s.box_index(size) == p.box_index(size) {
            class.push("peer");
        }
        if marks.sel_digit.is_some() && e.digit() == marks.sel_digit {
            class.push("same");
        }
    }
    if props.hint.area.contains(&p) {
        class.push("hint-area");
    }
    if props.hint.cells.contains(&p) {
        class.push("hint-cell");
    }
    if props.selected == Some(p) {
        class.push("selected");
    }
    class
}

/// One cell: its digit or notes, its accessible name, and a click or focus that selects it.
fn cell_view(props: &BoardProps, marks: &Marks, p: Pos) -> Html {
    let size = props.grid.size();
    let side = size.side();
    let i = p.index(size);
    let e = props.grid.entry(p);
    let solved = props.solved.get(i).copied().unwrap_or(false);
    let class = cell_classes(props, marks, p, solved);
    let look = CellLook {
        solved,
        conflict: marks.conflicts[i],
        redundant: props.redundant.contains(&p),
    };
    let is_selected = props.selected == Some(p);
    let onclick = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::Select(p)))
    };
    // Tab into the board lands on a cell; that cell is then the one typed into.
    let onfocus = (!is_selected).then(|| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: FocusEvent| on_action.emit(Action::Select(p)))
    });
    let first = props.selected.is_none() && p.row == 0 && p.col == 0;
    let tabindex = if is_selected || first { "0" } else { "-1" };
    let noted = match e {
        Entry::Empty => props.notes.digits(i),
        _ => Vec::new(),
    };
    let content = match e.digit() {
        Some(d) => html! { { shown_digit(d, side) } },
        None => notes_grid(p, &noted, &props.hint, side),
    };
    html! {
        <div role="gridcell" id={format!("cell-{}-{}", p.row, p.col)} class={class}
             aria-label={cell_label(p, e, look, &noted, side)} aria-selected={is_selected.to_string()}
             tabindex={tabindex} {onclick} {onfocus}>
            { content }
        </div>
    }
}

/// An empty cell's notes in a small grid, one place per digit, with what a hint strikes or
/// places there; nothing on grids whose cells are too small (see [`NOTES_IN_CELLS_UP_TO`]).
fn notes_grid(p: Pos, noted: &[Digit], hint: &HintView, side: usize) -> Html {
    // Without notes of the player's, a hint's cell shows the candidates its step reads.
    let read: Vec<Digit>;
    let noted = match hint.candidates.iter().find(|c| c.0 == p) {
        Some(&(_, mask)) if noted.is_empty() => {
            read = (0..side)
                .filter(|&i| mask >> i & 1 == 1)
                .map(Digit::from_index)
                .collect();
            &read[..]
        }
        _ => noted,
    };
    let struck: Vec<Digit> = hint
        .struck
        .iter()
        .filter(|c| c.0 == p)
        .map(|c| c.1)
        .collect();
    let placed: Vec<Digit> = hint
        .placed
        .iter()
        .filter(|c| c.0 == p)
        .map(|c| c.1)
        .collect();
    if side > NOTES_IN_CELLS_UP_TO || (noted.is_empty() && struck.is_empty() && placed.is_empty()) {
        return html! {};
    }
    let shown = |d: &Digit| noted.contains(d) || struck.contains(d) || placed.contains(d);
    let place = |d: Digit| {
        let mut class = classes!("note");
        if struck.contains(&d) {
            class.push("struck");
        }
        if placed.contains(&d) {
            class.push("place");
        }
        html! { <span {class}>{ shown(&d).then(|| shown_digit(d, side)) }</span> }
    };
    let digits = (1..=side).map(|v| Digit::new(v as u64, side).expect("in range"));
    // At 25x25 a place per digit would be too small to read: up to nine notes sit in a
    // three by three grid in order, more show their count (the name reads them all).
    if side >= 25 {
        let listed: Vec<Digit> = digits.filter(|d| shown(d)).collect();
        if listed.len() > 9 {
            return html! { <span class="notes count" aria-hidden="true">{ listed.len() }</span> };
        }
        return html! {
            <span class="notes compact" aria-hidden="true">{ for listed.into_iter().map(place) }</span>
        };
    }
    let places = digits.map(place);
    html! { <span class="notes" aria-hidden="true">{ for places }</span> }
}

pub struct PadProps {
    pub side: usize,
    pub on_action: Callback<Action>,
}

/// Ctrl+Z / Ctrl+Y anywhere on the page (after a button click, say), except in text fields,
/// which keep their own undo. The board handles them first when it has focus.
#[hook]
pub fn use_undo_keys(on_action: Callback<Action>) {
    use_effect_with((), move |_| {
        super::on_page_keydown(move |e: KeyboardEvent| {
            if e.default_prevented() || !(e.ctrl_key() || e.meta_key()) || e.alt_key() {
                return;
            }
            // Text fields keep their own undo; radios, lists and buttons do not have one.
            let in_text = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| match el.tag_name().as_str() {
                    "TEXTAREA" => true,
                    "INPUT" => !matches!(
                        el.get_attribute("type").as_deref(),
                        Some("radio" | "checkbox" | "button" | "file")
                    ),
                    _ => false,
                });
            if in_text {
                return;
            }
            let action = match e.key().as_str() {
                "z" | "Z" if e.shift_key() => Action::Redo,
                "z" | "Z" => Action::Undo,
                "y" | "Y" => Action::Redo,
                _ => return,
            };
            e.prevent_default();
            on_action.emit(action);
        })
    });
}

/// On-screen digits for touch screens, plus erase.
pub fn number_pad(props: &PadProps) -> Html {
    // A click on the pad leaves focus on the selected cell, so typing and arrows go on working.
    let keep_focus = super::controls::keep_focus();
    let buttons = (1..=props.side).map(|v| {
        let d = Digit::new(v as u64, props.side).expect("in range");
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::Input(d)));
        html! {
            <button type="button" class="pad-digit" aria-label={format!("Digit {v}")} {onclick}
                    onmousedown={keep_focus.clone()}>
                { shown_digit(d, props.side) }
            </button>
        }
    });
    let erase = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::Erase))
    };
    let (columns, erase_span) = pad_columns(props.side);
    let style = format!("--pad-columns: {columns}; --erase-span: {erase_span}");
    // The digits in a box of their own: on a phone, from 36x36, it shows three rows of them
    // and scrolls, Erase beside it (static/style.css); elsewhere the box takes no place.
    let class = classes!(
        "pad",
        (props.side > 16).then_some("dense"),
        (props.side > 35).then_some("numbers")
    );
    html! {
        <div {class} {style} role="group" aria-label="Number pad">
            // Keyed by the size: a new size's digits start at the first row, not where the
            // last size's were scrolled to.
            <div class="pad-digits" key={props.side}>{ for buttons }</div>
            <button type="button" class="pad-erase" onclick={erase} onmousedown={keep_focus}>{ "Erase" }</button>
        </div>
    }
}

/// The pad's columns and the columns Erase takes: digits in rows of nine (1-9, A-I, ...) up
/// to 25x25 and of ten (1-10, 11-20, ...) for numbers, so that a row reads as a unit and the
/// buttons stay wide enough to tap; Erase fills the last row, or starts its own.
fn pad_columns(side: usize) -> (usize, usize) {
    if side <= 4 {
        return (side + 1, 1);
    }
    let columns = if side <= 25 { 9 } else { 10 };
    let left = columns - side % columns;
    let erase_span = if (2..columns).contains(&left) {
        left
    } else {
        3
    };
    (columns, erase_span)
}

/// Moves the keyboard focus to cell `p`, if there is one.
fn focus_cell(p: Option<Pos>) {
    let Some(p) = p else {
        return;
    };
    let id = format!("cell-{}-{}", p.row, p.col);
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}
