//! The `generate` command: minimal puzzles, one per line, each from its own seed.

use super::answer::write_like;
use super::args::GenerateArgs;
use super::jobs::{self, Next};
use super::output::{Answers, TerminalProgress, Written};
use super::quantity;
use crate::engine::Grid;
use crate::engine::format::Format;
use crate::engine::generate::{self, GenerateError, GenerateOptions, Phase, level_distance};
use crate::engine::grid::Size;
use crate::engine::logic::{Level, Rating, rate};
use crate::engine::search::{Cancel, Flow, portfolio};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// `--difficulty`'s values: the levels by the names the engine reads.
pub(super) fn levels() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::id))
        .map(|id| Level::from_id(&id).expect("the parser accepts only the names listed"))
}

/// Prints `--count` puzzles from consecutive seeds; returns the exit status.
pub fn run(args: &GenerateArgs) -> i32 {
    let seed = match args.seed {
        Some(s) => s,
        None => match getrandom::u64() {
            Ok(s) => {
                eprintln!("seed {s}");
                s
            }
            Err(e) => {
                eprintln!("error: cannot draw a random seed: {e}");
                return 1;
            }
        },
    };
    // Each puzzle has its own seed: wrapping past the largest would repeat the first ones.
    if seed.checked_add(args.count - 1).is_none() {
        eprintln!(
            "error: --seed {seed} --count {}: the seeds would run past {}, the largest",
            args.count,
            u64::MAX
        );
        return 2;
    }
    // One puzzle at a time shows its progress; several at once would fight over the line.
    let jobs = jobs::count(args.jobs.jobs).min(usize::try_from(args.count).unwrap_or(usize::MAX));
    let (count, mut next) = (args.count, 0u64);
    let seeds = move || {
        let end = count.min(next.saturating_add(SEEDS_PER_BATCH));
        let batch: Vec<u64> = (next..end).collect();
        next = end;
        Ok((!batch.is_empty()).then_some(batch))
    };
    let work = |&i: &u64, stop: &AtomicBool| {
        let options = GenerateOptions {
            seed: seed + i,
            symmetry: args.symmetry,
            formulation: args.solver.formulation,
            max_clues: args.max_clues,
            method: args.method,
            difficulty: args.difficulty,
            no_guess: args.no_guess,
            threads: question_threads(args.box_size, jobs),
            ..GenerateOptions::default()
        };
        one(args, &options, jobs <= 1, stop)
    };
    let mut out = Answers::new();
    let mut status = 0;
    jobs::ordered(jobs, seeds, work, |made| {
        let (puzzle, remark) = match made {
            None => {
                return match out.flush() {
                    Written::Yes => Next::Continue,
                    Written::ReaderGone => Next::Stop,
                    Written::Failed => {
                        status = 1;
                        Next::Stop
                    }
                };
            }
            Some(Ok(made)) => made,
            Some(Err(e)) => {
                out.remark(&format!("error: {e}"));
                status = 1;
                return Next::Stop;
            }
        };
        if let Some(remark) = remark {
            out.remark(&remark);
        }
        match out.write(write_like(&puzzle, Format::Line).as_bytes(), "") {
            Written::Yes => {
                // Each puzzle goes out when made, as the next can take minutes. Several jobs
                // hand their puzzles over a chunk at a time, and each chunk is flushed whole.
                if jobs <= 1 && out.flush() == Written::Failed {
                    status = 1;
                    return Next::Stop;
                }
                Next::Continue
            }
            Written::ReaderGone => Next::Stop,
            Written::Failed => {
                status = 1;
                Next::Stop
            }
        }
    });
    if out.flush() == Written::Failed {
        status = 1;
    }
    status
}

/// Threads for one puzzle's removal questions when one puzzle is made at a time on a machine
/// with two cores or more: two from 25x25 up, where the search's questions take long enough to
/// pay for a thread (at 25x25 two questions at once, from 36x36 each question a race of
/// the plain search and CDCL: the engine's `generate`); one elsewhere.
fn question_threads(size: Size, jobs: usize) -> usize {
    if size.box_size() >= 5 && jobs <= 1 {
        portfolio::threads(2)
    } else {
        1
    }
}

/// Seeds handed to the work at once: few, as a puzzle may take minutes.
const SEEDS_PER_BATCH: u64 = 64;

/// One puzzle, and a remark when it is not what was asked for: off `--max-clues` or
/// `--difficulty`, or stopped by `--stop-after` before it was minimal.
fn one(
    args: &GenerateArgs,
    options: &GenerateOptions,
    shown: bool,
    stop: &AtomicBool,
) -> Result<(Grid, Option<String>), String> {
    let mut progress = match shown {
        true => TerminalProgress::new(),
        false => TerminalProgress::quiet(),
    };
    let deadline = args
        .stop_after
        .and_then(|s| Instant::now().checked_add(Duration::from_secs(s)));
    // With a deadline the search is also cancelled from a timer, as one question can outlast
    // it at 36x36 and up; the timer waits until there is a puzzle to print.
    let mut options = options.clone();
    let cancel = Cancel::new();
    if deadline.is_some() {
        options.cancel = Some(cancel.clone());
    }
    let ready = AtomicBool::new(false);
    // The removal's puzzle so far: the latest at the deadline, else a copy taken at most every
    // `COPY_EVERY` (a copy per report would cost more than a small puzzle's whole generation)
    // and before a wait that may last minutes.
    // With several attempts, the finished ones: the closest beats any unfinished puzzle.
    let mut so_far: Option<Grid> = None;
    let mut latest: Option<(Instant, Grid)> = None;
    let mut finished: Vec<Grid> = Vec::new();
    let (done, timer) = mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        if let Some(d) = deadline {
            let (cancel, ready) = (&cancel, &ready);
            scope.spawn(move || cancel_when_ready(d, &timer, ready, cancel));
        }
        let result = generate::generate(args.box_size, &options, &mut |p| {
            // The answers are no longer wanted.
            if stop.load(Ordering::Relaxed) {
                return Flow::Stop;
            }
            let Some(d) = deadline else {
                return progress.report(p);
            };
            let now = Instant::now();
            match p.puzzle {
                Some(puzzle) if p.phase == Phase::Removing && p.done == p.total => {
                    finished.push(puzzle.clone());
                    ready.store(true, Ordering::Relaxed);
                }
                // Not before a clue has gone: the full grid is no puzzle worth printing.
                Some(puzzle)
                    if now < d
                        && puzzle.given_count() < p.total
                        && (p.slow_next
                            || latest.as_ref().is_none_or(|(t, _)| now >= *t + COPY_EVERY)) =>
                {
                    latest = Some((now, puzzle.clone()));
                    ready.store(true, Ordering::Relaxed);
                }
                _ if now < d => {}
                // A finished attempt is the answer once the time is up, whatever runs now.
                _ if !finished.is_empty() => return Flow::Stop,
                Some(puzzle) if puzzle.given_count() < p.total => {
                    so_far = Some(puzzle.clone());
                    return Flow::Stop;
                }
                _ => {}
            }
            progress.report(p)
        });
        drop(done);
        result
    });
    let so_far = so_far.or(latest.map(|(_, puzzle)| puzzle));
    drop(progress);
    let options = &options;
    let stopped = format!(
        "seed {}: stopped after {} s",
        options.seed,
        args.stop_after.unwrap_or(0)
    );
    match (result, closest(finished, options.difficulty), so_far) {
        (Ok(generated), _, _) => {
            let remark = (!generated.target_met).then(|| {
                format!(
                    "seed {}: {} in {} attempts; {}",
                    options.seed,
                    no_puzzle(options),
                    generated.attempts,
                    best(&generated.puzzle, generated.rating.as_ref())
                )
            });
            Ok((generated.puzzle, remark))
        }
        (Err(GenerateError::Cancelled), Some((puzzle, rating, attempts)), _) => {
            let remark = format!(
                "{stopped}: {} in the {attempts} attempts finished; {}",
                no_puzzle(options),
                best(&puzzle, rating.as_ref())
            );
            Ok((puzzle, Some(remark)))
        }
        (Err(GenerateError::Cancelled), None, Some(partial)) => {
            let clues = quantity(partial.given_count() as u64, "clues");
            // The removal did not finish: its last questions may have gone either way, so the
            // puzzle is not known to be minimal (though it may be, if they all keep their clue).
            let remark = if options.no_guess {
                format!(
                    "{stopped} with a puzzle of {clues} that the logic solver solves, not \
                     proved minimal for its techniques"
                )
            } else {
                format!("{stopped} with a puzzle of one solution and {clues}, not proved minimal")
            };
            Ok((partial, Some(remark)))
        }
        (Err(e), _, _) => Err(e.to_string()),
    }
}

/// How often the removal's puzzle so far is copied while a deadline runs.
const COPY_EVERY: Duration = Duration::from_millis(20);

/// Raises `cancel` once `deadline` has passed and `ready` says there is a puzzle to print,
/// unless the generation ends first (its end drops the sender of `done`).
fn cancel_when_ready(deadline: Instant, done: &Receiver<()>, ready: &AtomicBool, cancel: &Cancel) {
    let mut wait = deadline.saturating_duration_since(Instant::now());
    loop {
        match done.recv_timeout(wait) {
            Err(RecvTimeoutError::Timeout) if ready.load(Ordering::Relaxed) => {
                cancel.cancel();
                return;
            }
            Err(RecvTimeoutError::Timeout) => wait = COPY_EVERY,
            _ => return,
        }
    }
}

/// The closest of the finished attempts, its rating (with a difficulty) and how many there
/// were: nearest level first, then fewest clues, then the earliest.
fn closest(
    finished: Vec<Grid>,
    difficulty: Option<Level>,
) -> Option<(Grid, Option<Rating>, usize)> {
    let attempts = finished.len();
    let mut best: Option<((usize, usize), Grid, Option<Rating>)> = None;
    for puzzle in finished {
        let rating = difficulty.map(|_| rate(&puzzle, true));
        let distance = difficulty
            .zip(rating.as_ref())
            .map_or(0, |(level, r)| level_distance(level, r));
        let key = (distance, puzzle.given_count());
        if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
            best = Some((key, puzzle, rating));
        }
    }
    best.map(|(_, puzzle, rating)| (puzzle, rating, attempts))
}

/// What no attempt gave: `no puzzle rated hard with at most 30 clues`.
fn no_puzzle(options: &GenerateOptions) -> String {
    let mut text = "no puzzle".to_string();
    if let Some(level) = options.difficulty {
        text += &format!(" rated {}", level.id());
    }
    if let Some(k) = options.max_clues {
        text += &format!(" with at most {k} clues");
    }
    text
}

/// The puzzle given instead: `best has 31 clues` or `the closest is rated medium, 31 clues`.
fn best(puzzle: &Grid, rating: Option<&Rating>) -> String {
    let clues = puzzle.given_count();
    match rating {
        None => format!("best has {clues}"),
        Some(r) => format!("the closest is rated {}, {clues} clues", label(r)),
    }
}

/// A rating's level as `--difficulty` names it, or `needs guessing`.
fn label(rating: &Rating) -> &'static str {
    match rating.level {
        Some(level) => level.id(),
        None => "needs guessing",
    }
}
