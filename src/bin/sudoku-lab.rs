//! The command line.
//!
//! On Unix it starts from C's `main` rather than Rust's: std's runtime set-up (a check that
//! descriptors 0 to 2 are open, a signal stack, stack-overflow handlers, reading
//! `/proc/self/maps` to find the main thread's stack) takes more system calls than answering a
//! short file of puzzles does. What of it the command line relies on is done here: SIGPIPE is
//! ignored, so a reader that goes away is an error the writer handles (`cli::output`), not a
//! signal that kills the process; a panic that unwinds (test builds; release builds abort)
//! ends with status 101; the arguments are read from `argv`. What is given up: a stack overflow
//! stops the process by the signal, without std's message; a panic names the main thread
//! `<unnamed>`; and a closed standard stream is not reopened on `/dev/null` (std's streams
//! treat a closed descriptor as empty or as a sink, and the command line opens no file for
//! writing that could take its number).
#![cfg_attr(unix, no_main)]

// GCC's unwinder linked in whole, so the shared `libgcc_s` is not loaded at every start (see
// build.rs for when, and why it must be this binary's own native library).
#[cfg(libgcc_eh)]
#[link(
    name = "libgcc_eh.a",
    kind = "static",
    modifiers = "+whole-archive,+verbatim"
)]
unsafe extern "C" {}

#[cfg(unix)]
#[unsafe(no_mangle)]
#[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
extern "C" fn main(argc: libc::c_int, argv: *const *const libc::c_char) -> libc::c_int {
    use std::os::unix::ffi::OsStringExt;
    // SAFETY: setting a signal's disposition to "ignore" runs no handler code; SIGPIPE is a
    // valid signal, so the call cannot fail.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    let count = usize::try_from(argc).unwrap_or(0);
    let args: Vec<std::ffi::OsString> = (1..count)
        // SAFETY: the C runtime passes `argc` pointers in `argv`, each to a NUL-terminated
        // string that lives as long as the process (a null one ends the list early).
        .map(|i| unsafe { *argv.add(i) })
        .take_while(|arg| !arg.is_null())
        .map(|arg| unsafe { std::ffi::CStr::from_ptr(arg) }.to_bytes().to_vec())
        .map(std::ffi::OsString::from_vec)
        .collect();
    let status = std::panic::catch_unwind(|| sudoku_lab::cli::main(args)).unwrap_or(101);
    // `exit` flushes standard output as a return from Rust's `main` would.
    std::process::exit(status)
}

#[cfg(not(unix))]
fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    std::process::exit(sudoku_lab::cli::main(std::env::args_os().skip(1)));
}
