//! The search with learning against the propagation formulation, and every clause it stored
//! against the solutions it had still to find.

use super::bnb::{Outcome, Tree};
use super::model::Model;
use crate::engine::formulation::{Formulation, Query};
use crate::engine::grid::{Grid, Size};
use crate::engine::rng::Rng;
use crate::engine::search::{Flow, Limits, Order, Searcher, Start};

/// Solutions sought per puzzle: enough to see enumeration go on after the no-goods.
pub(super) const LIMIT: usize = 30;

/// A random full grid with a share of its cells removed at random.
pub(super) fn puzzle(box_size: usize, seed: u64, removed_per_mille: usize) -> Grid {
    let size = Size::new(box_size).expect("a size");
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(
        &Start::from_grid(&Grid::empty(size)),
        Order::Random(rng.clone()),
        Limits::default(),
    );
    let mut values = searcher.next_solution().expect("a full grid").to_vec();
    for v in &mut values {
        if rng.below(1000) < removed_per_mille {
            *v = 0;
        }
    }
    Grid::from_values(size, &values).expect("digits of the grid")
}

/// The propagation formulation's solutions, up to `LIMIT`, sorted (which `LIMIT` are found
/// first depends on the search, so only fewer are compared one by one).
pub(super) fn reference(query: &Query) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    Formulation::Propagation
        .run(query, &Limits::default(), &mut |v: &[u8]| {
            found.push(v.to_vec());
            if found.len() >= LIMIT {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .expect("propagation answers");
    found.sort();
    found
}

#[test]
fn learning_finds_every_solution_and_its_clauses_hold_in_those_left() {
    let (mut learnt, mut puzzles) = (0, 0);
    let cases = (0..40u64)
        .map(|seed| (3, seed, 560 + seed as usize % 4 * 30))
        .chain((0..16u64).map(|seed| (4, seed, 540 + seed as usize % 4 * 20)));
    for (box_size, seed, removed) in cases {
        let grid = puzzle(box_size, seed, removed);
        let query = Query::new(&grid);
        let m = Model::new(&query);
        let mut tree = Tree::new(&m, &Limits::default()).expect("a tree");
        // Each solution with the number of clauses stored before its no-good.
        let (mut found, mut stored_before) = (Vec::new(), Vec::new());
        while found.len() < LIMIT {
            let ones = match tree
                .optimise(&Limits::default(), Some(0))
                .expect("the LP answers")
            {
                Outcome::Optimum { ones, .. } => ones,
                Outcome::Exhausted => break,
                Outcome::Halted(halt) => panic!("halted without a limit: {halt:?}"),
            };
            let mut values = m.givens.clone();
            for &x in &ones {
                let (cell, d) = m.vars[x as usize];
                values[cell] = d as u8 + 1;
            }
            stored_before.push(tree.clauses().len());
            found.push(values);
            tree.exclude(&ones);
        }
        // A clause stored after k no-goods holds in every solution found after the k-th.
        for (i, clause) in tree.clauses().iter().enumerate() {
            let k = stored_before.iter().filter(|&&b| b <= i).count();
            for values in &found[k.min(found.len())..] {
                let holds = clause.iter().any(|&l| {
                    let (cell, d) = m.vars[(l >> 1) as usize];
                    (values[cell] == d as u8 + 1) == (l & 1 == 1)
                });
                assert!(
                    holds,
                    "box {box_size} seed {seed}: clause {i} fails a solution"
                );
            }
        }
        found.sort();
        found.dedup();
        let reference = reference(&query);
        assert_eq!(found.len(), reference.len(), "box {box_size} seed {seed}");
        if found.len() < LIMIT {
            assert!(
                found == reference,
                "box {box_size} seed {seed}: other solutions"
            );
        }
        learnt += tree.stats.learnt_clauses;
        puzzles += 1;
    }
    assert!(
        learnt >= 20,
        "{learnt} clauses learnt over {puzzles} puzzles"
    );
}
