//! Browser tests (headless Chromium through wasm-bindgen-test): the engine in wasm and the
//! components rendered into a real DOM.
#![cfg(all(target_arch = "wasm32", feature = "ui"))]

use std::time::Duration;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Formulation, SolveOptions, Verdict, check_solution, solve};
use sudoku_lab::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

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

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn mount() -> web_sys::Element {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}

fn cell(root: &web_sys::Element, row: usize, col: usize) -> web_sys::HtmlElement {
    root.query_selector(&format!("#cell-{}-{}", row - 1, col - 1))
        .unwrap()
        .expect("cell rendered")
        .dyn_into()
        .unwrap()
}

fn key(target: &web_sys::HtmlElement, key: &str, ctrl: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

#[wasm_bindgen_test]
async fn board_renders_and_takes_clicks_keys_and_undo() {
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
    let root = mount();
    settle().await;
    let board = root.query_selector("[role=grid]").unwrap().expect("board");
    assert_eq!(
        board.get_attribute("aria-label").as_deref(),
        Some("Sudoku board")
    );
    assert_eq!(
        root.query_selector_all("[role=gridcell]").unwrap().length(),
        81
    );

    let c = cell(&root, 2, 3);
    c.click();
    settle().await;
    key(&c, "7", false);
    settle().await;
    assert_eq!(
        c.get_attribute("aria-label").as_deref(),
        Some("Row 2, column 3, given 7")
    );

    key(&c, "ArrowRight", false);
    settle().await;
    let next = cell(&root, 2, 4);
    key(&next, "7", false);
    settle().await;
    assert!(
        next.class_list().contains("conflict"),
        "same digit twice in a row is flagged"
    );

    key(&next, "z", true);
    settle().await;
    assert_eq!(
        next.get_attribute("aria-label").as_deref(),
        Some("Row 2, column 4, empty")
    );
    assert!(!c.class_list().contains("conflict"));
}
