//! sudoku-lab: a Sudoku solver, checker and generator for every size from 1x1 to 49x49.
//!
//! The [`engine`] is plain Rust; the web app (`ui` feature) renders it with Yew and runs it in
//! a web worker. What the page and the command line say is rendered in [`words`].

pub mod app;
pub mod batch;
pub mod engine;
pub mod words;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(feature = "ui")]
pub mod ui;

/// The solvers make many small short-lived allocations, which talc serves in fewer instructions
/// than Rust's default wasm allocator (dlmalloc), and in less code.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
