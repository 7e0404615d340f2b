//! Minimal-puzzle generation speed: 9x9 side by side with the `sudoku` crate, and 16x16.
//!
//! Bigger sizes, which take seconds to minutes, are measured by `examples/generate_scaling.rs`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use sudoku_lab::engine::Size;
use sudoku_lab::engine::generate::{GenerateOptions, Symmetry, generate, no_progress};

/// One minimal puzzle per iteration, each from the next seed.
fn ours(size: Size, symmetry: Symmetry) -> impl FnMut() -> usize {
    let mut seed = 0u64;
    move || {
        seed += 1;
        let options = GenerateOptions {
            symmetry,
            ..GenerateOptions::with_seed(seed)
        };
        generate(size, &options, &mut no_progress)
            .expect("generated")
            .clues
    }
}

fn nine(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimal_9x9");
    group.throughput(Throughput::Elements(1));
    let pairs = [
        (Symmetry::None, sudoku::Symmetry::None),
        (Symmetry::Rotate180, sudoku::Symmetry::HalfRotation),
    ];
    for (symmetry, theirs) in pairs {
        let mut mine = ours(Size::NINE, symmetry);
        group.bench_function(format!("sudoku-lab/{symmetry}"), |b| {
            b.iter(|| black_box(mine()))
        });
        group.bench_function(format!("sudoku-crate/{symmetry}"), |b| {
            b.iter(|| black_box(sudoku::Sudoku::generate_with_symmetry(theirs)))
        });
    }
    group.finish();
}

fn sixteen(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimal_16x16");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let mut mine = ours(Size::new(4).expect("size"), Symmetry::None);
    group.bench_function("sudoku-lab/none", |b| b.iter(|| black_box(mine())));
    group.finish();
}

criterion_group!(benches, nine, sixteen);
criterion_main!(benches);
