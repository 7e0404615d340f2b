//! Writers of the tool's output: answers on standard output, progress on standard error.

use super::progress_text;
use crate::engine::generate;
use crate::engine::search::Flow;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Standard output for answers: buffered, but flushed at least every [`Answers::EVERY`], so
/// a pipeline sees answers as they come and a stopped run keeps nearly all of them, at
/// little of the cost of a write per line.
pub struct Answers {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    last_flush: Instant,
    /// How writing ended, once it has: later answers are not tried, and the error is said
    /// once.
    ended: Option<Written>,
}

/// What became of an answer written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    Yes,
    /// The reader closed the pipe.
    ReaderGone,
    /// Writing failed (a full disk, say); the error is on standard error.
    Failed,
}

impl Answers {
    const EVERY: Duration = Duration::from_millis(100);

    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn new() -> Answers {
        Answers {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            last_flush: Instant::now(),
            ended: None,
        }
    }

    /// Writes `line`, then `end` and a line break.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn write(&mut self, line: &[u8], end: &str) -> Written {
        if let Some(ended) = self.ended {
            return ended;
        }
        if LINE_SHOWN.load(Ordering::Relaxed) {
            eprint!("\r\x1b[K");
        }
        let mut written = self
            .out
            .write_all(line)
            .and_then(|()| self.out.write_all(end.as_bytes()))
            .and_then(|()| self.out.write_all(b"\n"));
        if written.is_ok() && self.last_flush.elapsed() >= Self::EVERY {
            self.last_flush = Instant::now();
            written = self.out.flush();
        }
        self.outcome(written)
    }

    /// Flushes what is buffered: a run's answers are written only once this says so, so the
    /// last call decides its exit status.
    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    pub fn flush(&mut self) -> Written {
        if let Some(ended) = self.ended {
            return ended;
        }
        self.last_flush = Instant::now();
        let flushed = self.out.flush();
        self.outcome(flushed)
    }

    #[cfg_attr(target_os = "linux", unsafe(link_section = ".text.hot.batch"))]
    fn outcome(&mut self, result: std::io::Result<()>) -> Written {
        let e = match result {
            Ok(()) => return Written::Yes,
            Err(e) => e,
        };
        let ended = if e.kind() == std::io::ErrorKind::BrokenPipe {
            Written::ReaderGone
        } else {
            eprintln!("error: cannot write to standard output: {e}");
            Written::Failed
        };
        self.ended = Some(ended);
        ended
    }

    /// A remark on standard error, after the answers written before it. One write of the
    /// whole line: standard error is unbuffered, and a file of bad lines gets one remark each.
    pub fn remark(&mut self, text: &str) {
        // A failure is kept for the next answer's write to return.
        let _ = self.flush();
        let mut line = String::with_capacity(text.len() + 1);
        line.push_str(text);
        line.push('\n');
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
}

/// Writes a whole text to standard output (a script or a page): exit status 0 when written or
/// when the reader closed the pipe early, 1 when writing failed.
pub fn write_all(text: &[u8]) -> i32 {
    let mut out = std::io::stdout().lock();
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            1
        }
    }
}

/// On a terminal, a line on standard error that follows the generator's progress (big grids
/// take minutes) and is erased when it is done; elsewhere nothing, so logs stay clean.
pub struct TerminalProgress {
    on_terminal: bool,
    shown: bool,
    last: Option<Instant>,
    /// Whether it holds [`LINE_TAKEN`].
    holds_line: bool,
}

/// Whether a [`TerminalProgress::first_free`] is showing: puzzles worked on side by side take
/// turns at the one line rather than fight over it.
static LINE_TAKEN: AtomicBool = AtomicBool::new(false);

/// Whether a progress line stands on the terminal now: an answer written to the same terminal
/// clears it first rather than run on after its text.
static LINE_SHOWN: AtomicBool = AtomicBool::new(false);

impl TerminalProgress {
    pub fn new() -> TerminalProgress {
        TerminalProgress {
            on_terminal: std::io::stderr().is_terminal(),
            shown: false,
            last: None,
            holds_line: false,
        }
    }

    /// Shown if no other one is showing now, quiet otherwise; the line is free again when it
    /// is dropped.
    pub fn first_free() -> TerminalProgress {
        let progress = TerminalProgress::new();
        let holds_line = progress.on_terminal
            && LINE_TAKEN
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .is_ok();
        // A puzzle done within the first interval shows nothing: a file of quick ones does not
        // flicker.
        TerminalProgress {
            on_terminal: holds_line,
            holds_line,
            last: Some(Instant::now()),
            ..progress
        }
    }

    /// Never shown: for work done beside other work, whose lines would fight.
    pub fn quiet() -> TerminalProgress {
        TerminalProgress {
            on_terminal: false,
            ..TerminalProgress::new()
        }
    }

    pub fn report(&mut self, p: &generate::Progress) -> Flow {
        let due = self
            .last
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(200));
        if self.on_terminal && due {
            clear_on_interrupt();
            self.last = Some(Instant::now());
            self.shown = true;
            LINE_SHOWN.store(true, Ordering::Relaxed);
            eprint!(
                "\r\x1b[K{}",
                progress_text(p.phase, p.done as u64, p.total as u64)
            );
        }
        Flow::Continue
    }
}

/// From the first progress line on, Ctrl-C clears the line that stands (rather than leave it
/// for the shell's prompt to follow) and ends the process by the signal (status 130 as a
/// shell reports it). Set only then: a batch run never starts the handler's thread.
fn clear_on_interrupt() {
    static SET: std::sync::Once = std::sync::Once::new();
    SET.call_once(|| {
        // Should it fail to be set, Ctrl-C still ends the process, leaving the line.
        let _ = ctrlc::set_handler(|| {
            if LINE_SHOWN.load(Ordering::Relaxed) {
                clear_within(CLEARING_WAIT);
            }
            end_as_interrupted();
        });
    });
}

/// How long Ctrl-C waits for the progress line to be cleared: a terminal takes the few bytes
/// at once, unless its output is held (Ctrl-S) or its reader has stalled.
const CLEARING_WAIT: Duration = Duration::from_millis(200);

/// Clears the progress line from a thread of its own, waiting for it at most `wait`: standard
/// error's lock may be held by a progress write blocked on a terminal whose output is held,
/// and the clearing itself may block there too, so Ctrl-C must not wait on either. The thread
/// keeps the lock once the line is cleared, so no progress line follows; the process ends with
/// it still waiting when the terminal does not take the bytes.
fn clear_within(wait: Duration) {
    let (done, cleared) = std::sync::mpsc::channel();
    let clearing = std::thread::Builder::new().spawn(move || {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(b"\r\x1b[K");
        let _ = err.flush();
        let _ = done.send(());
        loop {
            std::thread::park();
        }
    });
    if clearing.is_ok() {
        let _ = cleared.recv_timeout(wait);
    }
}

/// Dies of SIGINT itself, so a shell loop around the command stops as it would for a
/// command that never caught Ctrl-C; status 130 where the signal cannot be raised again.
fn end_as_interrupted() -> ! {
    #[cfg(unix)]
    // SAFETY: restoring the default action and raising the signal touch no Rust state.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
        libc::raise(libc::SIGINT);
    }
    std::process::exit(130)
}

impl Drop for TerminalProgress {
    fn drop(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            LINE_SHOWN.store(false, Ordering::Relaxed);
        }
        if self.holds_line {
            LINE_TAKEN.store(false, Ordering::Release);
        }
    }
}
