//! Propagation solver throughput on the shared puzzle sets, side by side with the `sudoku`
//! crate. Solutions are validated once, outside the timed loops. Sets are read from
//! `../shared/data` and skipped when absent.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use sudoku_lab::engine::format::{parse, write_line};
use sudoku_lab::engine::{Formulation, Grid, SolveOptions, Verdict, check_solution, solve};

/// Puzzles of a set, each with its one-character line (what the `sudoku` crate reads).
fn load(name: &str) -> Option<Vec<(String, Grid)>> {
    let text = std::fs::read_to_string(Path::new("../shared/data").join(name)).ok()?;
    Some(
        text.lines()
            .map(|l| l.split(':').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                let p = parse(l).expect("valid puzzle").puzzle;
                let line = write_line(&p).unwrap_or_default();
                (line, p)
            })
            .collect(),
    )
}

/// Solves and proves uniqueness, as "Solve" does.
fn ours(p: &Grid) -> Verdict {
    solve(p, Formulation::Propagation, &SolveOptions::default())
        .expect("propagation handles every size")
        .verdict()
}

fn validate(set: &[(String, Grid)]) {
    for (line, p) in set {
        let r = solve(p, Formulation::Propagation, &SolveOptions::default()).unwrap();
        assert_eq!(r.verdict(), Verdict::Unique, "{line}");
        check_solution(p, &r.solutions[0]).expect("valid");
        if p.size().side() == 9 {
            let theirs = sudoku::Sudoku::from_str_line(line)
                .unwrap()
                .solution()
                .unwrap();
            assert_eq!(
                theirs.to_str_line().to_string(),
                write_line(&r.solutions[0]).unwrap()
            );
        }
    }
}

/// Each set with our solver, and the `sudoku` crate beside it where it applies (9x9 only).
fn sets(c: &mut Criterion) {
    for name in [
        "magictour_top1465.txt",
        "forum_hardest_1106.txt",
        "gecode_9x9.txt",
        "gecode_16x16.txt",
    ] {
        let Some(set) = load(name) else { continue };
        validate(&set);
        let mut g = c.benchmark_group(format!("solve-unique/{name}"));
        g.throughput(Throughput::Elements(set.len() as u64));
        g.sample_size(10);
        g.bench_function("sudoku-lab propagation", |b| {
            b.iter(|| {
                set.iter()
                    .filter(|(_, p)| ours(black_box(p)) == Verdict::Unique)
                    .count()
            })
        });
        if set.iter().all(|(_, p)| p.size().side() == 9) {
            let theirs: Vec<sudoku::Sudoku> = set
                .iter()
                .map(|(l, _)| sudoku::Sudoku::from_str_line(l).unwrap())
                .collect();
            g.bench_function("sudoku crate 0.8", |b| {
                b.iter(|| {
                    theirs
                        .iter()
                        .filter(|s| black_box(**s).solution().is_some())
                        .count()
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, sets);
criterion_main!(benches);
