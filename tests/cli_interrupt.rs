//! Ctrl-C on a terminal while `generate` shows its progress: typed into a pseudo-terminal
//! (util-linux `script`, in every Debian system), it clears the progress line and ends the
//! process by the interrupt (status 130 as `script -e` reports it).
#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the terminal has shown so far.
type Screen = Arc<Mutex<Vec<u8>>>;

fn shown(screen: &Screen) -> String {
    String::from_utf8_lossy(&screen.lock().expect("not poisoned")).into_owned()
}

fn wait_for(screen: &Screen, what: &str, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if shown(screen).contains(what) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn ctrl_c_during_generate_clears_the_progress_line_and_exits_130() {
    // A 36x36 generation runs for minutes: the interrupt comes while it works.
    let command = format!(
        "exec {} generate --box 6 --seed 1",
        env!("CARGO_BIN_EXE_sudoku-lab")
    );
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux script runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = child.stdout.take().expect("stdout");
    let screen: Screen = Arc::default();
    let copy = Arc::clone(&screen);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = output.read(&mut buf) {
            if n == 0 {
                break;
            }
            copy.lock()
                .expect("not poisoned")
                .extend_from_slice(&buf[..n]);
        }
    });
    let progress = wait_for(&screen, " of ", Duration::from_secs(60));
    assert!(progress, "no progress line: {:?}", shown(&screen));
    // The terminal's interrupt character, as Ctrl-C types it.
    input.write_all(b"\x03").expect("typed");
    input.flush().expect("typed");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waited") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("still running after Ctrl-C: {:?}", shown(&screen));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(input);
    reader.join().expect("read");
    let screen = shown(&screen);
    assert_eq!(status.code(), Some(130), "{screen:?}");
    // After the last clearing of the line, nothing is shown but the terminal's own echo of
    // the interrupt and line ends: no progress text is left standing.
    let (_, after) = screen
        .rsplit_once("\r\x1b[K")
        .expect("the line was cleared");
    let left = after.replace("^C", "");
    assert!(
        left.trim().is_empty(),
        "left on the line: {after:?} in {screen:?}"
    );
    assert!(
        !screen.contains("\x1b[?25l"),
        "the cursor was hidden: {screen:?}"
    );
}
