//! Runs the built `sudoku-lab` binary with arguments and standard input, as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn run(args: &[&str], input: &str) -> Output {
    run_bytes(args, input.as_bytes())
}

/// Standard output, standard error and exit status of one run, as text (not every test
/// binary uses it).
#[allow(dead_code)]
pub fn run_text(args: &[&str], input: &str) -> (String, String, i32) {
    let out = run(args, input);
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
        out.status.code().unwrap_or(-1),
    )
}

/// [`run`] with input that need not be text (not every test binary uses it).
#[allow(dead_code)]
pub fn run_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // Written on a thread of its own, so a run that answers before it has read all its input
    // cannot fill the output pipe while this waits to write.
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("finished");
    // A run that ends before reading its input (a usage error) closes the pipe early.
    if let Err(e) = writer.join().expect("the writer ran") {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "input written: {e}"
        );
    }
    out
}
