//! Ctrl-C on a terminal while `generate` shows its progress: typed into a pseudo-terminal
//! (util-linux `script`, in every Debian system), it clears the progress line and ends the
//! process by the interrupt (status 130 as `script -e` reports it), also when the terminal's
//! output is held (Ctrl-S) and a progress write waits on it.
#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
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

/// One session at a time: each generation takes every core, and the tests time what the
/// terminal shows.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A 36x36 generation, which runs for minutes, on the pseudo-terminal of `script`; the shell
/// there says its process id first (the tool's, after `exec`).
struct Session {
    _turn: std::sync::MutexGuard<'static, ()>,
    child: Child,
    input: ChildStdin,
    screen: Screen,
    reader: std::thread::JoinHandle<()>,
    /// The tool's process id, as the shell said it.
    pid: String,
}

impl Session {
    fn start() -> Session {
        let turn = ONE_AT_A_TIME
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let command = format!(
            "echo pid $$; exec {} generate --box 6 --seed 1",
            env!("CARGO_BIN_EXE_sudoku-lab")
        );
        let mut child = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux script runs");
        let input = child.stdin.take().expect("stdin");
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
        let shown = shown(&screen);
        assert!(progress, "no progress line: {shown:?}");
        let (_, after) = shown.split_once("pid ").expect("the shell said its id");
        let pid = after.chars().take_while(char::is_ascii_digit).collect();
        Session {
            _turn: turn,
            child,
            input,
            screen,
            reader,
            pid,
        }
    }

    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([name, &self.pid])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "no process {}", self.pid);
    }

    fn type_keys(&mut self, keys: &[u8]) {
        self.input.write_all(keys).expect("typed");
        self.input.flush().expect("typed");
    }

    /// The exit status, once the process has ended within `limit`, and the whole screen.
    fn end(mut self, limit: Duration) -> (Option<i32>, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waited") {
                break status;
            }
            if start.elapsed() > limit {
                self.signal("-KILL");
                let _ = self.child.kill();
                panic!("still running after Ctrl-C: {:?}", shown(&self.screen));
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        drop(self.input);
        self.reader.join().expect("read");
        (status.code(), shown(&self.screen))
    }
}

#[test]
fn ctrl_c_during_generate_clears_the_progress_line_and_exits_130() {
    let mut session = Session::start();
    // The terminal's interrupt character, as Ctrl-C types it.
    session.type_keys(b"\x03");
    let (status, screen) = session.end(Duration::from_secs(20));
    assert_eq!(status, Some(130), "{screen:?}");
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

#[test]
fn an_interrupt_while_the_terminal_holds_its_output_still_ends_the_process() {
    let mut session = Session::start();
    // Ctrl-S: the terminal holds its output, so the next progress write waits, holding
    // standard error. Nothing more shows while it holds.
    session.type_keys(b"\x13");
    // What was on its way shows first: held once nothing new came for three progress periods.
    let start = Instant::now();
    let mut held = shown(&session.screen).len();
    let mut since = Instant::now();
    while since.elapsed() < Duration::from_millis(600) && start.elapsed() < Duration::from_secs(10)
    {
        std::thread::sleep(Duration::from_millis(20));
        let now = shown(&session.screen).len();
        if now != held {
            (held, since) = (now, Instant::now());
        }
    }
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(
        shown(&session.screen).len(),
        held,
        "the output was not held"
    );
    // The interrupt sent as a signal: typed, Linux's terminal would also let the output go
    // on (a terminal elsewhere, or one whose reader has stalled, does not).
    session.signal("-INT");
    let (status, screen) = session.end(Duration::from_secs(10));
    assert_eq!(status, Some(130), "{screen:?}");
}
