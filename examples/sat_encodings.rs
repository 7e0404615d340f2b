//! The SAT formulation's models against each other: the full model (every `x[r,c,v]`, givens
//! as unit clauses) and the model reduced by the givens, each with pairwise and sequential
//! at-most-one, and the kept solver under assumptions. Per puzzle, the variants run one after
//! the other (interleaved, so machine load hits them alike), each finding the solutions and
//! proving there is no other (up to two). Prints the mean time per puzzle and model size per
//! variant, and each puzzle's line when there are at most 20. Backs `AtMostOne::for_size` and
//! the formulation's choice of the reduced model.
//!
//! `cargo run --release --example sat_encodings -- FILE [PUZZLES [VARIANT]]`: VARIANT keeps only
//! the variants whose name contains it (e.g. `reduced`).

use std::time::Instant;
use sudoku_lab::engine::format::pieces;
use sudoku_lab::engine::formulation::sat::{
    AtMostOne, CnfOptions, run_kept, run_reduced, run_with,
};
use sudoku_lab::engine::formulation::{Query, SolveError, Stats};
use sudoku_lab::engine::search::{Flow, Limits, Sink};

type Run = fn(&Query, &Limits, &mut dyn Sink, &CnfOptions) -> Result<Stats, SolveError>;

const VARIANTS: [(&str, Run, AtMostOne); 5] = [
    ("full pairwise", run_with, AtMostOne::Pairwise),
    ("full sequential", run_with, AtMostOne::Sequential),
    ("reduced pairwise", run_reduced, AtMostOne::Pairwise),
    ("reduced sequential", run_reduced, AtMostOne::Sequential),
    ("kept pairwise", run_kept, AtMostOne::Pairwise),
];

/// Seconds, solutions found (up to two) and the model's size of one run.
fn timed(run: Run, query: &Query, at_most_one: AtMostOne) -> (f64, usize, u64, u64) {
    let mut found = 0;
    let mut sink = |_: &[u8]| {
        found += 1;
        if found >= 2 {
            Flow::Stop
        } else {
            Flow::Continue
        }
    };
    let t = Instant::now();
    let stats = run(
        query,
        &Limits::default(),
        &mut sink,
        &CnfOptions { at_most_one },
    )
    .expect("a SAT answer");
    let secs = t.elapsed().as_secs_f64();
    (
        secs,
        found,
        stats.variables.unwrap_or(0),
        stats.constraints.unwrap_or(0),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a puzzle file");
    let limit: usize = args
        .next()
        .map_or(usize::MAX, |n| n.parse().expect("a number"));
    let only = args.next().unwrap_or_default();
    let text = std::fs::read_to_string(&path).expect("readable file");
    let puzzles: Vec<_> = pieces(&text)
        .into_iter()
        .take(limit)
        .map(|p| p.parsed.expect("valid puzzle").puzzle)
        .collect();
    let verbose = puzzles.len() <= 20;
    // Per variant: seconds, variables and clauses summed over the puzzles.
    let mut totals = [(0.0, 0u64, 0u64); VARIANTS.len()];
    for (i, puzzle) in puzzles.iter().enumerate() {
        let query = Query::new(puzzle);
        let mut line = format!("puzzle {}:", i + 1);
        let mut counts = Vec::new();
        let chosen = VARIANTS.iter().zip(&mut totals);
        for ((name, run, amo), total) in chosen.filter(|((name, ..), _)| name.contains(&only)) {
            let (secs, found, vars, clauses) = timed(*run, &query, *amo);
            *total = (total.0 + secs, total.1 + vars, total.2 + clauses);
            counts.push(found);
            line += &format!(
                "  {name} {:.2} ms ({vars} vars, {clauses} clauses)",
                secs * 1e3
            );
        }
        assert!(
            counts.iter().all(|&c| c == counts[0]),
            "puzzle {}: the variants disagree: {counts:?}",
            i + 1
        );
        if verbose {
            println!("{line}");
        }
    }
    let n = puzzles.len().max(1) as f64;
    println!("{path}: {} puzzles, mean per puzzle:", puzzles.len());
    for ((name, _, _), (secs, vars, clauses)) in VARIANTS.iter().zip(totals) {
        if !name.contains(&only) {
            continue;
        }
        println!(
            "  {name:<20} {:8.3} ms  {:9.0} variables  {:10.0} clauses",
            secs * 1e3 / n,
            vars as f64 / n,
            clauses as f64 / n
        );
    }
}
