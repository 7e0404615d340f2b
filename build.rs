//! Links the command line's unwinder into it on Linux with glibc.
//!
//! Rust's standard library there takes its unwinder (backtraces, and unwinding panics in test
//! builds) from the shared `libgcc_s`, which every start of the command line then loads and
//! relocates, a large part of a short run (BENCHMARKS.md, "Batch"). Linked whole from GCC's
//! static `libgcc_eh`, its definitions take the place of the shared library's, which
//! `--as-needed` then leaves out. Only the `sudoku-lab` binary is linked this way; the library,
//! tests and examples are as before.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let static_crt = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu" && !static_crt
    {
        for arg in [
            "-Wl,--whole-archive",
            "-l:libgcc_eh.a",
            "-Wl,--no-whole-archive",
        ] {
            println!("cargo:rustc-link-arg-bin=sudoku-lab={arg}");
        }
    }
}
