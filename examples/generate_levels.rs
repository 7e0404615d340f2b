//! No-guess generation and generation by difficulty: time and clues per size, and how our
//! rating spreads 9x9 puzzles over the levels.
//!
//! `cargo run --release --example generate_levels -- [MAX_BOX] [SEEDS] [LEVEL_SEEDS] [MIN_BOX] [LEVEL]`
//! (defaults 7, 10, 200, 2, hard): no-guess generation with the techniques through LEVEL (one
//! attempt, whatever its rating) over seeds `0..SEEDS` per size, with a checksum of the
//! puzzles that `tests/web_bench.rs` prints in wasm for the same seeds; then at 9x9 the levels of
//! `LEVEL_SEEDS` no-guess and truly minimal puzzles; then `--difficulty L --no-guess` for each
//! level over `SEEDS` seeds (attempts and time).
//!
//! Times are the process's CPU time where Linux reports it (`/proc/self/stat`, in ticks of
//! 10 ms; a seed is generated again until a tenth of a second has passed), so that other work
//! on a shared machine does not count; elsewhere wall-clock time.

use std::hash::{DefaultHasher, Hasher};
use std::time::{Duration, Instant};
use sudoku_lab::engine::Size;
use sudoku_lab::engine::generate::{GenerateOptions, Generated, generate, no_progress};
use sudoku_lab::engine::logic::{Level, rate};

/// The seeds of the earlier, smaller 9x9 sample of the browser benchmark (`0..n`).
const EARLIER_SEEDS: u64 = 11;

fn median<T: Ord + Copy>(mut xs: Vec<T>) -> T {
    xs.sort();
    xs[xs.len() / 2]
}

/// User and system CPU time of this process, when `/proc/self/stat` tells it.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which ends at the last ')'): utime and stime are
    // the 12th and 13th, in clock ticks of 10 ms.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// One generation and its time per run, CPU (where known) and wall-clock, over as many runs as
/// fill a tenth of a second of CPU time; one run each when `GENERATE_LEVELS_ONCE` is set (the
/// same work every time, for counting instructions under a profiler).
fn timed(size: Size, options: &GenerateOptions) -> (Generated, Duration, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let once = std::env::var_os("GENERATE_LEVELS_ONCE").is_some();
    let mut runs = 0u32;
    loop {
        let g = generate(size, options, &mut no_progress).expect("generated");
        runs += 1;
        let spent = match (cpu, cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        };
        if spent >= Duration::from_millis(100) || cpu.is_none() || once {
            return (g, spent / runs, wall.elapsed() / runs);
        }
    }
}

/// Counts of each level id (and needing guessing) over `seeds` puzzles.
fn distribution(size: Size, seeds: u64, no_guess: bool) -> String {
    let mut counts = [0usize; 6];
    for seed in 0..seeds {
        let options = GenerateOptions {
            no_guess,
            ..GenerateOptions::with_seed(seed)
        };
        let g = generate(size, &options, &mut no_progress).expect("generated");
        let level = rate(&g.puzzle, true).level;
        counts[level.map_or(5, |l| l as usize)] += 1;
    }
    let mut parts: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("{} {}", l.id(), counts[*l as usize]))
        .collect();
    parts.push(format!("needs-guessing {}", counts[5]));
    parts.join(", ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let max_box = number(0, 7) as usize;
    let seeds = number(1, 10);
    let level_seeds = number(2, 200);
    let min_box = number(3, 2) as usize;
    let level = args
        .get(4)
        .map_or(Level::Hard, |a| Level::from_id(a).expect("a level id"));
    for n in min_box..=max_box {
        let size = Size::new(n).expect("size");
        let (mut times, mut walls, mut clues, mut solves) = (vec![], vec![], vec![], vec![]);
        let mut sum = DefaultHasher::new();
        for seed in 0..seeds {
            // Through Hard is `generate --no-guess` itself; another level is asked for as a
            // difficulty, whose one attempt is rated (and timed with its rating).
            let options = GenerateOptions {
                no_guess: true,
                difficulty: (level != Level::Hard).then_some(level),
                max_attempts: 1,
                ..GenerateOptions::with_seed(seed)
            };
            let (g, t, w) = timed(size, &options);
            sum.write(&g.puzzle.values());
            times.push(t);
            walls.push(w);
            clues.push(g.clues);
            solves.push(g.stats.logic_solves);
        }
        // The 9x9 browser figure was once a median over 11 seeds: that sample's median too.
        let earlier = if size == Size::NINE && seeds > EARLIER_SEEDS {
            let n = EARLIER_SEEDS as usize;
            format!(" (seeds 0..{n}: {:?})", median(times[..n].to_vec()))
        } else {
            String::new()
        };
        println!(
            "{size} no-guess through {} over seeds 0..{seeds}: median {:?} CPU{earlier} \
             (min {:?}, max {:?}), {:?} wall-clock; clues median {} (min {}, max {}); \
             logic solves median {}; puzzles checksum {:016x}",
            level.id(),
            median(times.clone()),
            times.iter().min().expect("some"),
            times.iter().max().expect("some"),
            median(walls),
            median(clues.clone()),
            clues.iter().min().expect("some"),
            clues.iter().max().expect("some"),
            median(solves),
            sum.finish(),
        );
    }
    if level_seeds > 0 {
        println!(
            "9x9 no-guess levels over {level_seeds} seeds: {}",
            distribution(Size::NINE, level_seeds, true)
        );
        println!(
            "9x9 truly minimal levels over {level_seeds} seeds: {}",
            distribution(Size::NINE, level_seeds, false)
        );
        for level in Level::ALL {
            let mut times = Vec::new();
            let mut attempts = Vec::new();
            let mut met = 0;
            for seed in 0..seeds {
                let options = GenerateOptions {
                    no_guess: true,
                    difficulty: Some(level),
                    ..GenerateOptions::with_seed(seed)
                };
                let (g, t, _) = timed(Size::NINE, &options);
                times.push(t);
                attempts.push(g.attempts);
                met += usize::from(g.target_met);
            }
            println!(
                "9x9 --difficulty {} --no-guess: met {met} of {seeds}; median {:?} (max {:?}); \
                 attempts median {} (max {})",
                level.id(),
                median(times.clone()),
                times.iter().max().expect("some"),
                median(attempts.clone()),
                attempts.iter().max().expect("some"),
            );
        }
    }
}
