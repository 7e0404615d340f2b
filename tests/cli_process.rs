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
