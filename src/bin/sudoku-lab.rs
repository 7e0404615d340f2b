//! The command line.
//!
//! On Unix it starts from C's `main` rather than Rust's: std's runtime set-up (a signal stack,
//! stack-overflow handlers, reading `/proc/self/maps` to find the main thread's stack) takes
//! more system calls than answering a short file of puzzles does. The one part of it the
//! command line relies on is done here: SIGPIPE is ignored, so a reader that goes away is an
//! error the writer handles (`cli::output`), not a signal that kills the process. Nothing else
//! is missed: a stack overflow still stops the process (by the signal, without std's message),
//! and std's standard streams already treat a closed descriptor as empty or as a sink (the
//! command line opens no file for writing that could take a closed stream's descriptor).
#![cfg_attr(all(unix, not(test)), no_main)]

#[cfg(all(unix, not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: setting a signal's disposition to "ignore" runs no handler code.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    // `exit` flushes standard output as a return from Rust's `main` would.
    std::process::exit(sudoku_lab::cli::main(std::env::args_os().skip(1)))
}

#[cfg(any(not(unix), test))]
fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    std::process::exit(sudoku_lab::cli::main(std::env::args_os().skip(1)));
}
