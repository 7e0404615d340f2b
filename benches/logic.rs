//! Logic rating throughput: the first 200 puzzles of shared 9x9 sets rated by the logic
//! solver (uniqueness techniques allowed). Sets are read from `../shared/data` and skipped
//! when absent.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use sudoku_lab::engine::Grid;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::logic::rate;

fn load(name: &str) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(Path::new("../shared/data").join(name)).ok()?;
    Some(
        text.lines()
            .map(|l| l.split(':').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(200)
            .map(|l| parse(l).expect("valid puzzle").puzzle)
            .collect(),
    )
}

fn rating(c: &mut Criterion) {
    for name in ["tdoku_test_puzzles.txt", "magictour_top1465.txt"] {
        let Some(set) = load(name) else { continue };
        let mut group = c.benchmark_group(format!("rate/{name}"));
        group.throughput(Throughput::Elements(set.len() as u64));
        group.sample_size(10);
        group.bench_function("logic", |b| {
            b.iter(|| {
                for p in &set {
                    black_box(rate(p, true));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, rating);
criterion_main!(benches);
