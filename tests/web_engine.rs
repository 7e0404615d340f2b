//! The engine compiled to wasm, in headless Chromium: generation reproduces the natively
//! produced fixtures exactly (same seed, same puzzle on every platform).
#![cfg(target_arch = "wasm32")]

#[path = "common/generated.rs"]
mod common;

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn same_seed_gives_the_native_puzzle() {
    assert!(common::check_generated_fixtures() >= 6);
}

#[wasm_bindgen_test]
fn same_seed_gives_the_native_no_guess_puzzle() {
    assert!(common::check_no_guess_fixtures() >= 6);
}
