//! Restarted searches against the plain one: the same solutions, each once, and the same proof
//! at the end, with every clause stored (learnt or a solution's no-good) holding in the
//! solutions found after it.

use super::bnb::{Outcome, Tree};
use super::branch::Rule;
use super::learn_tests::{LIMIT, puzzle, reference};
use super::model::Model;
use super::restart::Restarts;
use crate::engine::formulation::Query;
use crate::engine::search::Limits;

/// What one search found: its solutions in order, whether it ended with a proof that no other
/// is left, and the restarts it made.
struct Run {
    found: Vec<Vec<u8>>,
    proved: bool,
    restarts: u64,
}

fn search(m: &Model, rule: Rule, restarts: Restarts) -> Run {
    let mut tree = Tree::new(m, &Limits::default()).expect("a tree");
    tree.set_search(rule, restarts);
    let (mut found, mut stored_before, mut proved) = (Vec::new(), Vec::new(), false);
    while found.len() < LIMIT {
        let ones = match tree
            .optimise(&Limits::default(), Some(0))
            .expect("the LP answers")
        {
            Outcome::Optimum { ones, .. } => ones,
            Outcome::Exhausted => {
                proved = true;
                break;
            }
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
    for (i, clause) in tree.clauses().iter().enumerate() {
        let k = stored_before.iter().filter(|&&b| b <= i).count();
        for values in &found[k.min(found.len())..] {
            let holds = clause.iter().any(|&l| {
                let (cell, d) = m.vars[(l >> 1) as usize];
                (values[cell] == d as u8 + 1) == (l & 1 == 1)
            });
            assert!(holds, "{rule:?} {restarts:?}: clause {i} fails a solution");
        }
    }
    Run {
        found,
        proved,
        restarts: tree.stats.restarts,
    }
}

#[test]
fn restarted_searches_find_the_plain_searchs_solutions_once_each_and_prove_the_rest() {
    let settings = [
        (Rule::Rank, Restarts::Luby(1)),
        (Rule::Rank, Restarts::Geometric(2, 1.3)),
        (Rule::Activity, Restarts::Luby(1)),
        (Rule::ActivityPhase, Restarts::Luby(2)),
        (Rule::Activity, Restarts::Never),
    ];
    let mut restarts = [0; 5];
    // Few givens (many solutions, counted up to the limit) to many (one solution or a few).
    let cases = (0..30u64)
        .map(|seed| (3, seed, 480 + seed as usize % 6 * 30))
        .chain((0..12u64).map(|seed| (4, seed, 480 + seed as usize % 6 * 20)));
    for (box_size, seed, removed) in cases {
        let grid = puzzle(box_size, seed, removed);
        let query = Query::new(&grid);
        let m = Model::new(&query);
        let plain = search(&m, Rule::Rank, Restarts::Never);
        let mut expected = plain.found.clone();
        expected.sort();
        if plain.proved {
            assert!(expected == reference(&query), "box {box_size} seed {seed}");
        }
        for (k, &(rule, policy)) in settings.iter().enumerate() {
            let run = search(&m, rule, policy);
            let mut found = run.found.clone();
            found.sort();
            let case = format!("box {box_size} seed {seed} {rule:?} {policy:?}");
            // A cut lost would let a solution come back; a branch lost, one be missed.
            assert!(
                found.windows(2).all(|w| w[0] != w[1]),
                "{case}: a solution twice"
            );
            assert_eq!(run.proved, plain.proved, "{case}");
            assert_eq!(found.len(), expected.len(), "{case}");
            if plain.proved {
                assert!(found == expected, "{case}: other solutions");
            }
            restarts[k] += run.restarts;
        }
    }
    assert!(
        restarts[..4].iter().all(|&r| r >= 20),
        "restarts per setting: {restarts:?}"
    );
    assert_eq!(restarts[4], 0);
}
