//! Links the command line's unwinder into it on Linux with glibc.
//!
//! Rust's standard library there takes its unwinder (backtraces, and unwinding panics in test
//! builds) from the shared `libgcc_s`, which every start of the command line then loads and
//! relocates, a large part of a short run (BENCHMARKS.md, "Batch"). Linked whole from GCC's
//! static `libgcc_eh`, its definitions take the place of the shared library's, which
//! `--as-needed` then leaves out. Only the `sudoku-lab` binary is linked this way; the library,
//! tests and examples are as before. Where the C compiler has no `libgcc_eh` (a toolchain
//! without GCC's runtime), the binary links as Rust's default does.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let static_crt = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && !static_crt
        && has_libgcc_eh()
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

/// Whether the C compiler the link goes through knows where `libgcc_eh.a` is: it prints the
/// bare name back when it does not.
fn has_libgcc_eh() -> bool {
    std::process::Command::new("cc")
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| std::path::PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
        .is_some_and(|path| path.is_absolute() && path.is_file())
}
