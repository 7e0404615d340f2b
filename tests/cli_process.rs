//! The command line's process: the part of std's runtime set-up it relies on, it still has.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

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
        for _ in 0..200 {
            writeln!(input, "{PUZZLE}").expect("written");
        }
        input.flush().expect("flushed");
        let mut first = String::new();
        output.read_line(&mut first).expect("an answer");
        assert_eq!(first.trim().len(), 81, "{first}");
        drop(output);
        // Writing goes on until the solver notices its reader is gone and stops reading.
        for _ in 0..20_000 {
            if writeln!(input, "{PUZZLE}").is_err() {
                break;
            }
        }
        drop(input);
        let ended = child.wait_with_output().expect("ends");
        assert_eq!(
            ended.status.signal(),
            None,
            "jobs {jobs}: {:?}",
            ended.status
        );
        assert_eq!(ended.status.code(), Some(0), "jobs {jobs}");
        assert!(
            ended.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&ended.stderr)
        );
    }
}
