//! Long engine calls that Ctrl-C stops.
//!
//! Python runs its signal handlers only on the main thread and only when that thread runs
//! Python code, so an engine call that holds the main thread would hear Ctrl-C only when it
//! ends. Here the engine works on a thread of its own while the calling thread, the GIL
//! released, takes the GIL back briefly every few milliseconds to run pending handlers. When
//! one raises (KeyboardInterrupt), the engine's cancel flag stops the work and the exception
//! goes to the caller. Short work stays on the calling thread (see [`Poll`]).

use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};
use sudoku_lab::engine::search::{Cancel, Flow};

/// How often the calling thread looks for a pending signal: short enough that Ctrl-C feels
/// immediate, long enough that polling costs nothing measurable.
const POLL: Duration = Duration::from_millis(40);

/// Runs `work` with the GIL released and returns its answer, or the exception a signal
/// handler raised, once `cancel` has stopped the work. `tick` runs at every poll on the calling
/// thread (the `stop_after` timer uses it); work that ends within one poll costs one thread.
pub fn run<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    mut tick: impl FnMut() + Send,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let worker = scope.spawn(move || {
                let answer = work();
                drop(done);
                answer
            });
            let mut raised = None;
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
                tick();
                if raised.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    cancel.cancel();
                    raised = Some(e);
                }
            }
            let answer = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            match raised {
                Some(e) => Err(e),
                None => Ok(answer),
            }
        })
    })
}

/// A progress hook for work that runs on the calling thread, where a thread of its own would
/// cost more than the work (most 9x9 and 16x16 calls take microseconds to milliseconds): at
/// most every `POLL` it takes the GIL back to run pending signal handlers, and once one raises
/// it keeps the exception and asks the work to stop at its next report.
pub struct Poll {
    next: Instant,
    raised: Option<PyErr>,
}

impl Poll {
    pub fn new() -> Poll {
        Poll {
            next: Instant::now() + POLL,
            raised: None,
        }
    }

    pub fn flow(&mut self) -> Flow {
        if self.raised.is_some() {
            return Flow::Stop;
        }
        let now = Instant::now();
        if now < self.next {
            return Flow::Continue;
        }
        self.next = now + POLL;
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => Flow::Continue,
            Err(e) => {
                self.raised = Some(e);
                Flow::Stop
            }
        }
    }

    /// The exception a signal handler raised, if one did.
    pub fn raised(self) -> PyResult<()> {
        self.raised.map_or(Ok(()), Err)
    }
}
