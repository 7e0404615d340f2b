//! Every formulation over samples of the public puzzle sets in `../shared/data` (skipped when
//! absent): solve and prove uniqueness (up to two solutions), per puzzle.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;
use sudoku_lab::engine::format;
use sudoku_lab::engine::{Formulation, Grid, SolveOptions, check_solution, solve};

/// A puzzle file, how many of its puzzles to sample, and which formulations are too slow on
/// it to repeat inside a benchmark (their single-run times are in BENCHMARKS.md).
struct Set {
    name: &'static str,
    path: &'static str,
    /// Only puzzles of this box size (the fixture file mixes sizes).
    box_size: usize,
    sample: usize,
    too_slow: &'static [Formulation],
}

const SETS: [Set; 5] = [
    Set {
        name: "magictour_top1465",
        path: "../shared/data/magictour_top1465.txt",
        box_size: 3,
        sample: 20,
        too_slow: &[],
    },
    Set {
        name: "forum_hardest_1106",
        path: "../shared/data/forum_hardest_1106.txt",
        box_size: 3,
        sample: 5,
        too_slow: &[],
    },
    Set {
        name: "gecode_9x9",
        path: "../shared/data/gecode_9x9.txt",
        box_size: 3,
        sample: 18,
        too_slow: &[],
    },
    Set {
        name: "gecode_16x16",
        path: "../shared/data/gecode_16x16.txt",
        box_size: 4,
        sample: 5,
        too_slow: &[],
    },
    // The gecode 25x25 minimal puzzles take seconds to minutes each (single runs in
    // BENCHMARKS.md); the fixture's 25x25 puzzle has 156 blanks and a unique solution.
    Set {
        name: "fixture_25x25",
        path: "tests/fixtures/conformance.txt",
        box_size: 5,
        sample: 1,
        too_slow: &[],
    },
];

fn load(set: &Set) -> Option<Vec<Grid>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(set.path);
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| format::parse(l.split(':').next().unwrap_or(l)).expect("puzzles parse"))
            .map(|p| p.puzzle)
            .filter(|g| g.size().box_size() == set.box_size)
            .take(set.sample)
            .collect(),
    )
    .filter(|ps: &Vec<Grid>| !ps.is_empty())
}

fn bench(c: &mut Criterion) {
    let options = SolveOptions::default();
    for set in &SETS {
        let Some(puzzles) = load(set) else {
            eprintln!("skipping {}: not found", set.path);
            continue;
        };
        let mut group = c.benchmark_group(set.name);
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(200));
        group.measurement_time(Duration::from_secs(2));
        for f in Formulation::ALL {
            if set.too_slow.contains(&f) || puzzles[0].size().box_size() > f.max_box() {
                continue;
            }
            // Validate outside the timed loop.
            for p in &puzzles {
                let r = solve(p, f, &options).expect("solves");
                assert_eq!(r.count, 1, "{f}: data set puzzles are unique");
                check_solution(p, &r.solutions[0]).expect("valid solution");
            }
            group.bench_with_input(
                BenchmarkId::new(f.id(), puzzles.len()),
                &puzzles,
                |b, ps| {
                    b.iter(|| {
                        for p in ps {
                            black_box(solve(p, f, &options).expect("solves"));
                        }
                    })
                },
            );
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
