//! Browser tests (headless Chromium through wasm-bindgen-test): the engine in wasm and the
//! components rendered into a real DOM, driven by clicks and key presses.
#![cfg(all(target_arch = "wasm32", feature = "ui"))]

use std::time::Duration;
use sudoku_lab::app::state::Action;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Formulation, Pos, SolveOptions, Verdict, check_solution, solve};
use sudoku_lab::ui::{App, Board, BoardProps, Typed, key_digit};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[wasm_bindgen_test]
fn every_formulation_solves_in_wasm_and_the_checker_accepts() {
    let puzzle = parse(PUZZLE).expect("valid").puzzle;
    for f in Formulation::ALL {
        let r = solve(&puzzle, f, &SolveOptions::default()).expect("solves");
        assert_eq!(r.verdict(), Verdict::Unique, "{f}");
        check_solution(&puzzle, &r.solutions[0]).expect("valid solution");
    }
}

#[wasm_bindgen_test]
fn keys_name_the_digits_each_grid_size_spells() {
    use Typed::{Digit as One, Joined, TooLarge};
    let on = |side: usize, v: u64| sudoku_lab::engine::Digit::new(v, side).expect("digit");
    // (key, side, previous digit in the cell, expected)
    let cases = [
        ("5", 9, None, Some(One(on(9, 5)))),
        ("0", 9, None, None),
        ("a", 9, None, None),
        ("A", 16, None, Some(One(on(16, 10)))),
        ("g", 16, None, Some(One(on(16, 16)))),
        ("h", 16, None, None),
        ("P", 25, None, Some(One(on(25, 25)))),
        ("A", 36, None, None),
        ("4", 49, Some(2), Some(Joined(on(49, 24)))),
        ("9", 49, Some(5), Some(TooLarge(59))),
        ("2", 36, Some(4), Some(TooLarge(42))),
        ("0", 36, Some(3), Some(Joined(on(36, 30)))),
        ("7", 25, Some(1), Some(One(on(25, 7)))),
        ("12", 49, None, None),
    ];
    for (key, side, previous, want) in cases {
        assert_eq!(
            key_digit(key, side, previous),
            want,
            "{key:?} on {side} digits after {previous:?}"
        );
    }
}

#[wasm_bindgen_test]
fn seeds_beyond_javascript_integers_cross_to_the_worker_intact() {
    use sudoku_lab::app::protocol::{self, Envelope, Request, Response, Symmetry};
    let size = parse(PUZZLE).expect("valid").puzzle.size();
    for seed in [0, (1 << 53) + 1, u64::MAX] {
        let request = Envelope {
            id: 7,
            body: Request::Generate {
                size,
                seed,
                symmetry: Symmetry::None,
                formulation: Formulation::Propagation,
                difficulty: None,
            },
        };
        let bytes = protocol::encode(&request).expect("encodes");
        let back: Envelope<Request> = protocol::decode(&bytes).expect("decodes");
        assert_eq!(back, request);
        let answer = Envelope {
            id: 7,
            body: Response::Generated {
                puzzle: parse(PUZZLE).expect("valid").puzzle,
                seed,
                millis: 1.0,
                rating: None,
            },
        };
        let bytes = protocol::encode(&answer).expect("encodes");
        let back: Envelope<Response> = protocol::decode(&bytes).expect("decodes");
        assert_eq!(back, answer);
    }
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn new_root() -> web_sys::Element {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    root
}

/// The app with no saved state, in a fresh element.
fn mount_app() -> web_sys::Element {
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
    let root = new_root();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

/// Waits (yielding to the renderer) until `ready` holds; fails after ten seconds (a debug
/// build draws a 49x49 board slowly on a busy machine).
async fn until(what: &str, ready: impl Fn() -> bool) {
    for _ in 0..2000 {
        if ready() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("timed out waiting for {what}");
}

fn find(root: &web_sys::Element, selector: &str) -> Option<web_sys::HtmlElement> {
    root.query_selector(selector)
        .unwrap()
        .map(|e| e.dyn_into().unwrap())
}

fn cell(root: &web_sys::Element, row: usize, col: usize) -> web_sys::HtmlElement {
    find(root, &format!("#cell-{}-{}", row - 1, col - 1)).expect("cell rendered")
}

fn label(e: &web_sys::Element) -> String {
    e.get_attribute("aria-label").unwrap_or_default()
}

fn button(root: &web_sys::Element, name: &str) -> web_sys::HtmlElement {
    let all = root.query_selector_all("button").unwrap();
    (0..all.length())
        .filter_map(|i| all.get(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .find(|b| b.text_content().as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no button {name}"))
}

fn key(target: &web_sys::HtmlElement, key: &str, ctrl: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

fn status(root: &web_sys::Element) -> String {
    find(root, "[role=status]")
        .and_then(|s| s.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn board_renders_and_takes_clicks_keys_and_undo() {
    let root = mount_app();
    until("the board", || find(&root, "[role=grid]").is_some()).await;
    let board = find(&root, "[role=grid]").unwrap();
    assert_eq!(label(&board), "Sudoku board");
    assert_eq!(
        root.query_selector_all("[role=gridcell]").unwrap().length(),
        81
    );

    let c = cell(&root, 2, 3);
    c.click();
    until("selection", || c.class_list().contains("selected")).await;
    key(&c, "7", false);
    until("a clue 7", || label(&c) == "Row 2, column 3, clue 7").await;

    key(&c, "ArrowRight", false);
    let next = cell(&root, 2, 4);
    until("the selection to move", || {
        next.class_list().contains("selected")
    })
    .await;
    key(&next, "7", false);
    until("the conflict", || next.class_list().contains("conflict")).await;
    assert!(status(&root).starts_with("Conflict: digit 7 appears twice"));
    assert_eq!(label(&next), "Row 2, column 4, clue 7, in conflict");
    // The test page serves no worker script, so the engine fails to load at some point;
    // with no job waiting, that must not replace the message on screen.
    let app = find(&root, ".app").unwrap();
    until("the engine to fail", || {
        app.get_attribute("data-engine").as_deref() == Some("failed")
    })
    .await;
    assert!(status(&root).starts_with("Conflict: digit 7 appears twice"));

    key(&next, "z", true);
    until("undo", || label(&next) == "Row 2, column 4, empty").await;
    assert!(!c.class_list().contains("conflict"));
}

#[wasm_bindgen_test]
async fn a_49x49_board_takes_two_digit_numbers_from_two_keys() {
    let root = mount_app();
    until("the board", || find(&root, "#size").is_some()).await;
    let select: web_sys::HtmlSelectElement = find(&root, "#size").unwrap().dyn_into().unwrap();
    select.set_value("7");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    until("2401 cells", || {
        root.query_selector_all("[role=gridcell]").unwrap().length() == 2401
    })
    .await;
    let c = cell(&root, 49, 1);
    c.click();
    until("selection", || c.class_list().contains("selected")).await;
    // Keys of one group go at once (a person's two quick keys; a debug build may take longer
    // than the one-second window to draw a 49x49 board); each group waits for the board.
    let given = |v: &str| format!("Row 49, column 1, clue {v}");
    let empty = "Row 49, column 1, empty".to_string();
    let groups: [(&[&str], String); 4] = [
        (&["4", "2"], given("42")),
        (&["Delete"], empty.clone()),
        // A key in between starts a new number.
        (&["4", "Backspace", "2"], given("2")),
        (&["Backspace"], empty.clone()),
    ];
    for (keys, want) in groups {
        for k in keys {
            key(&c, k, false);
        }
        until(&want, || label(&c) == want).await;
    }
    // The pad's Erase between two keys starts afresh too.
    key(&c, "4", false);
    until("a clue 4", || label(&c) == given("4")).await;
    button(&root, "Erase").click();
    until("erased by the pad", || label(&c) == empty).await;
    // The next key comes at once: the erase in between keeps it a number of its own.
    key(&c, "2", false);
    for _ in 0..400 {
        if label(&c) == given("2") {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(label(&c), given("2"), "a lone 2");
    // Two quick keys beyond the grid's digits are named, and the cell holds what it did
    // before the first.
    key(&c, "Backspace", false);
    key(&c, "5", false);
    key(&c, "3", false);
    until("the message", || {
        status(&root).starts_with("'53' is not a digit of a 49x49 grid")
    })
    .await;
    until("the blank back", || label(&c) == empty).await;
}

#[wasm_bindgen_test]
async fn a_bad_import_shows_the_message_and_keeps_the_grid() {
    let root = mount_app();
    until("the board", || find(&root, "#import-text").is_some()).await;
    let c = cell(&root, 1, 1);
    c.click();
    key(&c, "5", false);
    until("a clue 5", || label(&c) == "Row 1, column 1, clue 5").await;

    let area: web_sys::HtmlTextAreaElement =
        find(&root, "#import-text").unwrap().dyn_into().unwrap();
    area.set_value("1 2 3");
    button(&root, "Import").click();
    until("the error", || status(&root).starts_with("Import failed")).await;
    assert_eq!(
        status(&root),
        "Import failed: found 3 cells; a grid has 1 (1x1), 16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25), 1,296 (36x36) or 2,401 (49x49) cells."
    );
    assert_eq!(label(&c), "Row 1, column 1, clue 5");
    assert_eq!(root.query_selector_all(".given").unwrap().length(), 1);
}

#[wasm_bindgen_test]
async fn solver_digits_and_redundant_clues_are_marked_and_clicks_select() {
    let mut grid = parse(PUZZLE).expect("valid").puzzle;
    let solution = solve(&grid, Formulation::Propagation, &SolveOptions::default())
        .expect("solves")
        .solutions
        .remove(0);
    grid = solution;
    let clicked = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let on_action = {
        let clicked = clicked.clone();
        Callback::from(move |a: Action| clicked.borrow_mut().push(a))
    };
    let props = BoardProps {
        grid,
        selected: None,
        solved: vec![true; 81],
        redundant: vec![Pos::new(0, 0)],
        typing_at: None,
        notes: Default::default(),
        notes_mode: false,
        hint: Default::default(),
        on_action,
    };
    let root = new_root();
    yew::Renderer::<Board>::with_root_and_props(root.clone(), props).render();
    until("the board", || find(&root, "#cell-8-8").is_some()).await;
    assert_eq!(
        root.query_selector_all(".solved").unwrap().length(),
        81 - 17
    );
    assert_eq!(root.query_selector_all(".given").unwrap().length(), 17);
    let first = cell(&root, 1, 1);
    assert!(first.class_list().contains("redundant"));
    assert_eq!(label(&first), "Row 1, column 1, clue 4, redundant");
    assert_eq!(label(&cell(&root, 1, 2)), "Row 1, column 2, solved 1");
    cell(&root, 5, 6).click();
    assert_eq!(*clicked.borrow(), vec![Action::Select(Pos::new(4, 5))]);
}

#[wasm_bindgen_test]
async fn a_16x16_cell_is_named_with_the_letters_it_shows() {
    use sudoku_lab::engine::{Digit, Entry, Grid, Size};
    let size = Size::new(4).expect("16x16");
    let digit = |v| Digit::new(v, 16).expect("digit");
    let mut grid = Grid::empty(size);
    grid.set(Pos::new(0, 0), Entry::Given(digit(10)));
    grid.set(Pos::new(0, 1), Entry::Filled(digit(12)));
    grid.set(Pos::new(0, 2), Entry::Filled(digit(7)));
    let mut notes = sudoku_lab::app::notes::Notes::default();
    notes.set(size, 3, 1 << 15 | 1 << 10 | 1 << 1);
    let mut solved = vec![false; 256];
    solved[1] = true;
    let props = BoardProps {
        grid,
        selected: None,
        solved,
        redundant: Vec::new(),
        typing_at: None,
        notes,
        notes_mode: false,
        hint: Default::default(),
        on_action: Callback::noop(),
    };
    let root = new_root();
    yew::Renderer::<Board>::with_root_and_props(root.clone(), props).render();
    until("the board", || find(&root, "#cell-15-15").is_some()).await;
    let shown = |r, c| cell(&root, r, c).text_content().unwrap_or_default();
    assert_eq!(
        (shown(1, 1), shown(1, 2)),
        ("A".to_string(), "C".to_string())
    );
    assert_eq!(label(&cell(&root, 1, 1)), "Row 1, column 1, clue A");
    assert_eq!(label(&cell(&root, 1, 2)), "Row 1, column 2, solved C");
    assert_eq!(label(&cell(&root, 1, 3)), "Row 1, column 3, 7");
    assert_eq!(label(&cell(&root, 1, 4)), "Row 1, column 4, notes 2 B G");
}
