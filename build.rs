//! Decides whether the command line takes its unwinder from GCC's static `libgcc_eh`.
//!
//! Rust's standard library on Linux with glibc takes its unwinder (backtraces, and unwinding
//! panics in test builds) from the shared `libgcc_s`, which every start of the command line then
//! loads and relocates, a large part of a short run (BENCHMARKS.md, "Batch"). With the `libgcc_eh`
//! cfg set here, `src/bin/sudoku-lab.rs` links that archive whole; as the binary's own native
//! library it comes before the standard library's, so its definitions take the place of the
//! shared library's, which `--as-needed` then leaves out, whichever linker runs. Only that binary
//! declares the archive: the library, tests and examples link as before.
//!
//! The cfg is set only for a native build with the default link driver (`cc`) that has the
//! archive; cross builds, a configured linker, a static C runtime and other systems keep Rust's
//! default.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(libgcc_eh)");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let static_crt = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && !static_crt
        && var("HOST") == var("TARGET")
        && std::env::var_os("RUSTC_LINKER").is_none()
        && cc_has_libgcc_eh()
    {
        println!("cargo:rustc-cfg=libgcc_eh");
    }
}

/// Whether `cc`, the link driver, knows where `libgcc_eh.a` is: it prints the bare name back
/// when it does not.
fn cc_has_libgcc_eh() -> bool {
    std::process::Command::new("cc")
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| std::path::PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
        .is_some_and(|path| path.is_absolute() && path.is_file())
}
