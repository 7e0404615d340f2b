//! The search pass's single questions asked ahead on several threads and taken in order, so the
//! puzzle is the one asking them one by one gives.
//!
//! Each thread asks the first question that has no answer to use and is not being asked, of
//! the puzzle as it stands. The calling thread takes the answers in order. A "necessary" answer
//! holds whatever puzzle it was asked of, as a necessary orbit stays necessary as more clues go;
//! a "removable" one holds only for the puzzle it was asked of, so after each removal the
//! removable answers further on are asked again. After the logic pass almost every question
//! left is answered "necessary", and a thread no longer waits for the other's long question.
//! The statistics count every question asked, stale ones too, so with several threads they vary
//! from run to run; the puzzle does not.

use super::GenerateError;
use super::GenerateStats;
use super::Phase;
use super::Progress;
use super::removal::blank;
use super::run::Run;
use crate::engine::grid::{Entry, Grid, Pos};
use crate::engine::search::{Cancel, Flow};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How often the calling thread looks at the caller's cancel flag while it waits.
const POLL: Duration = Duration::from_millis(20);

#[derive(Copy, Clone, PartialEq, Eq)]
enum Answer {
    Necessary,
    /// Removable from the puzzle after this many removals.
    Removable(usize),
}

/// What the threads share: the puzzle so far and the answers.
struct Board {
    work: Grid,
    /// Removals made so far: the puzzle's version.
    removed: usize,
    answers: Vec<Option<Answer>>,
    asking: Vec<bool>,
    /// The first orbit whose answer has not been taken.
    taken: usize,
    stop: bool,
    error: Option<GenerateError>,
}

impl Board {
    fn usable(&self, i: usize) -> bool {
        match self.answers[i] {
            Some(Answer::Necessary) => true,
            Some(Answer::Removable(version)) => version == self.removed,
            None => false,
        }
    }

    /// The next question to ask and the puzzle to ask it of, marked as being asked.
    fn next_question(&mut self) -> Option<(usize, Grid, usize)> {
        let i = (self.taken..self.answers.len()).find(|&i| !self.asking[i] && !self.usable(i))?;
        self.asking[i] = true;
        Some((i, self.work.clone(), self.removed))
    }
}

struct Shared {
    board: Mutex<Board>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Ends the pass for every thread when dropped: the calling thread's at the pass's end, and a
/// worker's only when it unwinds, so a panic on either side (a question, the progress callback)
/// reaches the caller instead of leaving the other threads waiting for each other.
struct EndsPass<'a> {
    shared: &'a Shared,
    halt: &'a Cancel,
    /// Only when the thread panics: a worker that ends normally leaves the others going.
    on_panic_only: bool,
}

impl Drop for EndsPass<'_> {
    fn drop(&mut self) {
        if self.on_panic_only && !std::thread::panicking() {
            return;
        }
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        self.halt.cancel();
    }
}

impl Run<'_, '_> {
    /// Visits `orbits` in order and blanks each one whose removal keeps the solution unique,
    /// the questions asked by `workers` threads (each question may itself be a race on
    /// several): the puzzle of asking them one by one.
    pub(super) fn remove_ahead<O: AsRef<[usize]> + Sync>(
        &mut self,
        work: &mut Grid,
        orbits: &[O],
        solution: &[u8],
        workers: usize,
        mut done: usize,
    ) -> Result<(), GenerateError> {
        let n = orbits.len();
        let shared = Shared {
            board: Mutex::new(Board {
                work: work.clone(),
                removed: 0,
                answers: vec![None; n],
                asking: vec![false; n],
                taken: 0,
                stop: false,
                error: None,
            }),
            changed: Condvar::new(),
        };
        // The workers' own cancel flag: set when the caller cancels, when progress asks to
        // stop, or on an error, so no question outlives the pass.
        let halt = Cancel::new();
        let options = super::GenerateOptions {
            cancel: Some(halt.clone()),
            ..self.options.clone()
        };
        let (size, attempt) = (self.size, self.attempt);
        let (cdcl_from_box, bounded_from_box) = (self.cdcl_from_box, self.bounded_from_box);
        let escalate_after = self.escalate_after;
        let result = std::thread::scope(|scope| {
            let ends = EndsPass {
                shared: &shared,
                halt: &halt,
                on_panic_only: false,
            };
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    let (shared, options, halt) = (&shared, &options, &halt);
                    scope.spawn(move || {
                        let _ends = EndsPass {
                            shared,
                            halt,
                            on_panic_only: true,
                        };
                        let mut stats = GenerateStats::default();
                        let mut quiet = |_: &Progress| Flow::Continue;
                        let mut run = Run {
                            size,
                            options,
                            attempt,
                            progress: &mut quiet,
                            stats: &mut stats,
                            cdcl_from_box,
                            escalate_after,
                            bounded_from_box,
                        };
                        run.answer_questions(shared, orbits, solution);
                        stats
                    })
                })
                .collect();
            let result = self.take_answers(&shared, orbits, &mut done);
            drop(ends);
            for h in handles {
                match h.join() {
                    Ok(stats) => {
                        self.stats.solver_calls += stats.solver_calls;
                        self.stats.nodes += stats.nodes;
                    }
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            result
        });
        *work = shared.lock().work.clone();
        result
    }

    /// A worker: asks questions until the answers are all taken or the pass stops.
    fn answer_questions<O: AsRef<[usize]>>(
        &mut self,
        shared: &Shared,
        orbits: &[O],
        solution: &[u8],
    ) {
        loop {
            let (i, mut grid, version) = {
                let mut board = shared.lock();
                loop {
                    if board.stop || board.taken >= orbits.len() {
                        return;
                    }
                    if let Some(question) = board.next_question() {
                        break question;
                    }
                    board = shared
                        .changed
                        .wait(board)
                        .unwrap_or_else(|e| e.into_inner());
                }
            };
            let clues = blank(&mut grid, orbits[i].as_ref());
            let answer = self.stays_unique(&grid, &clues, solution);
            let mut board = shared.lock();
            board.asking[i] = false;
            match answer {
                Ok(true) => board.answers[i] = Some(Answer::Removable(version)),
                Ok(false) => board.answers[i] = Some(Answer::Necessary),
                Err(e) => {
                    board.error.get_or_insert(e);
                    board.stop = true;
                }
            }
            shared.changed.notify_all();
        }
    }

    /// The calling thread: takes the answers in order, blanks the removable orbits and reports
    /// each step.
    fn take_answers<O: AsRef<[usize]>>(
        &mut self,
        shared: &Shared,
        orbits: &[O],
        done: &mut usize,
    ) -> Result<(), GenerateError> {
        let size = self.size;
        loop {
            let (i, snapshot) = {
                let mut board = shared.lock();
                loop {
                    if let Some(e) = board.error.take() {
                        return Err(e);
                    }
                    let i = board.taken;
                    if i >= orbits.len() {
                        return Ok(());
                    }
                    // A worker ended the pass by unwinding: its panic follows when it is
                    // joined.
                    if board.stop {
                        return Err(GenerateError::Cancelled);
                    }
                    if board.usable(i) {
                        if board.answers[i] != Some(Answer::Necessary) {
                            for &c in orbits[i].as_ref() {
                                board.work.set(Pos::from_index(c, size), Entry::Empty);
                            }
                            board.removed += 1;
                        }
                        board.taken += 1;
                        shared.changed.notify_all();
                        break (i, board.work.clone());
                    }
                    if self
                        .options
                        .cancel
                        .as_ref()
                        .is_some_and(Cancel::is_cancelled)
                    {
                        return Err(GenerateError::Cancelled);
                    }
                    board = shared
                        .changed
                        .wait_timeout(board, POLL)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            };
            *done += orbits[i].as_ref().len();
            self.report(Phase::Removing, *done, Some(&snapshot))?;
        }
    }
}
