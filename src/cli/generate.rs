//! The `generate` command: minimal puzzles, one per line, each from its own seed.

use super::answer::write_like;
use super::args::GenerateArgs;
use super::output::{Answers, TerminalProgress, Written};
use super::quantity;
use crate::engine::Grid;
use crate::engine::format::Format;
use crate::engine::generate::{self, GenerateError, GenerateOptions, Phase};
use crate::engine::search::Flow;
use std::time::{Duration, Instant};

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
    let mut out = Answers::new();
    for i in 0..args.count {
        let options = GenerateOptions {
            seed: seed.wrapping_add(i),
            symmetry: args.symmetry,
            formulation: args.solver.formulation,
            max_clues: args.max_clues,
            method: args.method,
            ..GenerateOptions::default()
        };
        let (puzzle, remark) = match one(args, &options) {
            Ok(made) => made,
            Err(e) => {
                out.remark(&format!("error: {e}"));
                return 1;
            }
        };
        if let Some(remark) = remark {
            out.remark(&remark);
        }
        // Each puzzle goes out when made: a large one can take minutes.
        out.flush();
        match out.write(&write_like(&puzzle, Format::Line)) {
            Written::Yes => out.flush(),
            Written::ReaderGone => return 0,
            Written::Failed => return 1,
        }
    }
    out.flush();
    0
}

/// One puzzle, and a remark when it is not what was asked for: over `--max-clues`, or stopped
/// by `--stop-after` before it was minimal.
fn one(args: &GenerateArgs, options: &GenerateOptions) -> Result<(Grid, Option<String>), String> {
    let mut progress = TerminalProgress::new();
    let deadline = args
        .stop_after
        .and_then(|s| Instant::now().checked_add(Duration::from_secs(s)));
    // The removal's puzzle so far, taken once the time is up (a copy per report would cost
    // more than a small puzzle's whole generation), and with --max-clues the best minimal
    // puzzle of the attempts that finished, which beats any unfinished one.
    let mut so_far: Option<Grid> = None;
    // The best finished puzzle and how many attempts have finished.
    let mut finished: Option<(Grid, u32)> = None;
    let result = generate::generate(args.box_size, options, &mut |p| {
        let Some(d) = deadline else {
            return progress.report(p);
        };
        match p.puzzle {
            Some(puzzle) if p.phase == Phase::Removing && p.done == p.total => {
                let best = match finished.take() {
                    Some((b, _)) if b.given_count() <= puzzle.given_count() => b,
                    _ => puzzle.clone(),
                };
                finished = Some((best, p.attempt + 1));
            }
            _ if Instant::now() < d => {}
            // A finished attempt is the answer once the time is up, whatever runs now.
            _ if finished.is_some() => return Flow::Stop,
            // Not before a clue has gone: the full grid is no puzzle worth printing.
            Some(puzzle) if puzzle.given_count() < p.total => {
                so_far = Some(puzzle.clone());
                return Flow::Stop;
            }
            _ => {}
        }
        progress.report(p)
    });
    drop(progress);
    let max_clues = args.max_clues.unwrap_or(0);
    let stopped = format!(
        "seed {}: stopped after {} s",
        options.seed,
        args.stop_after.unwrap_or(0)
    );
    match (result, finished, so_far) {
        (Ok(generated), _, _) => {
            let remark = (!generated.target_met).then(|| {
                format!(
                    "seed {}: no puzzle with at most {max_clues} clues in {} attempts; best has {}",
                    options.seed, generated.attempts, generated.clues
                )
            });
            Ok((generated.puzzle, remark))
        }
        (Err(GenerateError::Cancelled), Some((best, attempts)), _) => {
            let remark = format!(
                "{stopped}: no puzzle with at most {max_clues} clues in the {attempts} attempts \
                 finished; best has {}",
                best.given_count()
            );
            Ok((best, Some(remark)))
        }
        (Err(GenerateError::Cancelled), None, Some(partial)) => {
            let remark = format!(
                "{stopped} with a puzzle of one solution and {}, not minimal",
                quantity(partial.given_count() as u64, "clues")
            );
            Ok((partial, Some(remark)))
        }
        (Err(e), _, _) => Err(e.to_string()),
    }
}
