//! The command line's process: the part of std's runtime set-up it relies on, it still has.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly_not_by_a_signal() {
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
            .args(["solve", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("binary runs");
        let mut input = child.stdin.take().expect("stdin");
        let mut output = BufReader::new(child.stdout.take().expect("stdout"));
        // The input is written on a thread of its own, so a run that stopped reading without
        // ending fails below instead of blocking this test.
        let writer = std::thread::spawn(move || {
            for _ in 0..20_000 {
                if writeln!(input, "{PUZZLE}").is_err() {
                    break;
                }
            }
        });
        let mut first = String::new();
        output.read_line(&mut first).expect("an answer");
        assert_eq!(first.trim().len(), 81, "{first}");
        drop(output);
        let deadline = Instant::now() + Duration::from_secs(60);
        let status = loop {
            if let Some(status) = child.try_wait().expect("waited") {
                break status;
            }
            if Instant::now() > deadline {
                child.kill().expect("killed");
                panic!("jobs {jobs}: still running a minute after its reader went away");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        writer.join().expect("the writer ends");
        assert_eq!(status.signal(), None, "jobs {jobs}: {status:?}");
        assert_eq!(status.code(), Some(0), "jobs {jobs}");
        let mut errors = String::new();
        let mut stderr = child.stderr.take().expect("stderr");
        std::io::Read::read_to_string(&mut stderr, &mut errors).expect("read");
        assert!(errors.is_empty(), "{errors}");
    }
}

/// A run whose answers cannot be written (a full disk) says so and fails, whatever the
/// command and however few its answers: the last of them are written only at the end.
#[test]
fn a_full_disk_is_an_error_with_a_message_for_every_command() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let runs: &[&[&str]] = &[
        &["solve", "-"],
        &["solve", "--jobs", "2", "-"],
        &["solve", "-f", "sat", "-"],
        &["count", "-"],
        &["rate", "-"],
        &["check", "-"],
        &["hint", "-"],
        &["generate", "--box", "3", "--seed", "1", "--count", "3"],
        &["--help"],
        &["solve", "--help"],
        &["--version"],
    ];
    for args in runs {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
            .args(*args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("binary runs");
        let mut input = child.stdin.take().expect("stdin");
        // A run that reads no input (help, version, generate) may be gone before this.
        if let Err(e) = writeln!(input, "{PUZZLE}\n{PUZZLE}") {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{args:?}: {e}");
        }
        drop(input);
        let out = child.wait_with_output().expect("ran");
        let errors = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {errors}");
        assert!(
            errors.contains("cannot write to standard output") && errors.lines().count() == 1,
            "{args:?}: {errors}"
        );
    }
}

/// An input that never breaks its line (`/dev/zero`) is refused once it has passed the
/// longest text a puzzle can be, not read for ever.
#[test]
fn an_endless_line_is_refused_at_the_size_limit() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut input = child.stdin.take().expect("stdin");
    // Written on a thread of its own: the run stops reading long before this ends.
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'0'; 1 << 16];
        for _ in 0..1024 {
            if input.write_all(&chunk).is_err() {
                return false;
            }
        }
        true
    });
    let out = child.wait_with_output().expect("ran");
    let errors = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{errors}");
    assert!(
        errors.contains("line 1: more than 8,388,611 bytes without a line break"),
        "{errors}"
    );
    assert!(
        !writer.join().expect("the writer ends"),
        "all 64 MiB were read"
    );
}
