//! The views' fixings and conflicts against the propagation formulation: what a reason names
//! must rule the fixing out in every completion of the grid.

use super::*;
use crate::engine::formulation::mip::domain::{ProbeCheck, Probes};
use crate::engine::formulation::{Formulation, Query};
use crate::engine::grid::{Digit, Grid, Pos, Size};
use crate::engine::rng::Rng;
use crate::engine::search::{Flow, Limits, Order, Searcher, Start};

/// A random full grid with a share of its cells removed at random.
fn puzzle(box_size: usize, seed: u64, removed_per_mille: usize) -> Grid {
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

/// Whether `grid` has a solution that avoids the pairs of the variables `zeros` (literals "at
/// 0") and, if given, holds variable `one`.
fn completes(m: &Model, grid: &Grid, zeros: &[u32], one: Option<u32>) -> bool {
    let mut values = grid.values();
    if let Some(x) = one {
        let (cell, d) = m.vars[x as usize];
        values[cell] = d as u8 + 1;
    }
    let Ok(grid) = Grid::from_values(grid.size(), &values) else {
        return false;
    };
    let forbidden: Vec<(Pos, Digit)> = zeros
        .iter()
        .map(|&l| {
            assert_eq!(l & 1, 0, "a reason of zeros");
            let (cell, d) = m.vars[(l >> 1) as usize];
            let p = Pos::from_index(cell, grid.size());
            (p, Digit::from_index(d))
        })
        .collect();
    let query = Query {
        grid: &grid,
        forbidden: &forbidden,
        hint: None,
    };
    let mut found = false;
    Formulation::Propagation
        .run(&query, &Limits::default(), &mut |_: &[u8]| {
            found = true;
            Flow::Stop
        })
        .expect("propagation answers");
    found
}

/// After presolve, probing and a few random decisions, the views fix variables at 0 that the
/// rows and probing left open; each fixing's reason (all true) leaves no completion with the
/// variable at 1, and each conflict of a view's own none at all.
#[test]
fn the_views_reasons_rule_out_what_they_fix() {
    let (mut fixings, mut conflicts) = (0, 0);
    for seed in 0..200u64 {
        let (box_size, removed) = if seed % 3 == 2 { (4, 620) } else { (3, 700) };
        let grid = puzzle(box_size, seed, removed);
        let m = Model::new(&Query::new(&grid));
        let rows = Rows::new(
            m.vars.len(),
            m.constraints.iter().map(|(_, xs)| xs.as_slice()),
        );
        let mut state = State::new(&rows);
        state.presolve(&rows).expect("a solution exists");
        let mut rng = Rng::new(seed);
        let mut probes = Probes::default();
        let mut views = Views::new(&m);
        for _ in 0..6 {
            if state.probe(&rows, &mut probes, &mut || false).is_err() {
                break;
            }
            state.take_log();
            let result = views.apply(&rows, &mut state);
            let (_, reasons) = state.take_log();
            for (x, reason) in &reasons {
                assert!(reason.iter().all(|&l| state.fixed(l >> 1) == Some(false)));
                assert!(!completes(&m, &grid, reason, Some(*x)), "seed {seed}");
            }
            fixings += reasons.len();
            if let Err(literals) = result {
                if literals.iter().all(|&l| l & 1 == 0) {
                    assert!(!completes(&m, &grid, &literals, None), "seed {seed}");
                    conflicts += 1;
                }
                break;
            }
            let open: Vec<u32> = (0..m.vars.len() as u32)
                .filter(|&x| state.fixed(x).is_none())
                .collect();
            if open.is_empty() {
                break;
            }
            let x = open[rng.below(open.len())];
            if state.decide(&rows, x, true).is_err() {
                break;
            }
        }
    }
    assert!(fixings >= 20, "{fixings} fixings, {conflicts} conflicts");
}

/// Three cells of an empty 9x9 grid's first row left with digits 1 and 2 alone: no row rule
/// and no single fixes anything, but the row's view has no perfect matching, and the
/// literals it names leave the grid no completion.
#[test]
fn a_view_with_no_perfect_matching_closes_the_node() {
    let grid = Grid::empty(Size::new(3).expect("a size"));
    let m = Model::new(&Query::new(&grid));
    let rows = Rows::new(
        m.vars.len(),
        m.constraints.iter().map(|(_, xs)| xs.as_slice()),
    );
    let mut state = State::new(&rows);
    state.presolve(&rows).expect("no conflict");
    for cell in 0..3 {
        for d in 2..9 {
            let x = (0..m.vars.len() as u32).find(|&x| m.vars[x as usize] == (cell, d));
            state
                .decide(&rows, x.expect("open"), false)
                .expect("no conflict");
        }
    }
    let literals = Views::new(&m)
        .apply(&rows, &mut state)
        .expect_err("three cells, two digits");
    assert!(literals.iter().all(|&l| state.fixed(l >> 1) == Some(false)));
    assert!(!completes(&m, &grid, &literals, None));
}

/// Digit 1 of an empty 9x9 grid allowed in rows 1, 4 and 7 only at columns 1 and 4: no unit
/// sees a problem (each row still has two places, each box and column one or more), but the
/// digit's rows-against-columns view has no perfect matching, and its literals leave the grid
/// no completion.
#[test]
fn a_digits_view_with_no_perfect_matching_closes_the_node() {
    let size = Size::new(3).expect("a size");
    let grid = Grid::empty(size);
    let m = Model::new(&Query::new(&grid));
    let rows = Rows::new(
        m.vars.len(),
        m.constraints.iter().map(|(_, xs)| xs.as_slice()),
    );
    let mut state = State::new(&rows);
    state.presolve(&rows).expect("no conflict");
    for row in [0, 3, 6] {
        for col in (0..9).filter(|c| ![0, 3].contains(c)) {
            let cell = Pos::new(row, col).index(size);
            let x = (0..m.vars.len() as u32).find(|&x| m.vars[x as usize] == (cell, 0));
            state
                .decide(&rows, x.expect("open"), false)
                .expect("no conflict");
        }
    }
    let literals = Views::new(&m)
        .apply(&rows, &mut state)
        .expect_err("three rows, two columns");
    assert!(literals.iter().all(|&l| state.fixed(l >> 1) == Some(false)));
    assert!(!completes(&m, &grid, &literals, None));
    // The reason names the three rows' zeros, not the whole digit.
    assert!(literals.len() < 3 * 9, "{} literals", literals.len());
}

/// Views skipped while their rows are unchanged fix what matching every view fixes: along
/// random descents with returns to ancestors (the stamps retreated as the search does), one
/// `Views` kept throughout leaves the same values as a fresh one at every step, and it holds
/// stamps to skip by.
#[test]
fn views_skipped_while_unchanged_fix_what_matching_every_view_fixes() {
    let mut skipped = 0;
    for seed in 0..60u64 {
        let grid = puzzle(3 + (seed % 2) as usize, seed, 650);
        let m = Model::new(&Query::new(&grid));
        let rows = Rows::new(
            m.vars.len(),
            m.constraints.iter().map(|(_, xs)| xs.as_slice()),
        );
        let mut state = State::new(&rows);
        state.presolve(&rows).expect("a solution exists");
        let mut rng = Rng::new(seed);
        let mut kept = Views::new(&m);
        let mut path = vec![state.clone()];
        for _ in 0..12 {
            let mut fresh_state = state.clone();
            let fresh = Views::new(&m).apply(&rows, &mut fresh_state);
            let result = kept.apply(&rows, &mut state);
            assert_eq!(fresh.is_ok(), result.is_ok(), "seed {seed}");
            let values = |s: &State| (0..m.vars.len() as u32).map(|x| s.fixed(x)).collect();
            let (a, b): (Vec<_>, Vec<_>) = (values(&state), values(&fresh_state));
            assert_eq!(a, b, "seed {seed}");
            skipped += kept.at.iter().filter(|&&at| at > 0).count();
            let open: Vec<u32> = (0..m.vars.len() as u32)
                .filter(|&x| state.fixed(x).is_none())
                .collect();
            if result.is_err() || open.is_empty() || rng.below(4) == 0 {
                // Back to a random ancestor, as a backjump does.
                let level = rng.below(path.len());
                path.truncate(level + 1);
                state = path[level].clone();
                kept.retreat(state.clock());
                continue;
            }
            let x = open[rng.below(open.len())];
            if state.decide(&rows, x, rng.below(2) == 0).is_ok() {
                path.push(state.clone());
            } else {
                state = path.last().expect("the root").clone();
                kept.retreat(state.clock());
            }
        }
    }
    assert!(skipped > 0);
}

/// Whether view `view`'s rows that `active` keeps have a perfect matching over the variables
/// `usable` keeps, by trying every set of right rows (the views of a 9x9 grid have 9 a side).
fn matchable(view: &View, active: &dyn Fn(u32) -> bool, usable: &dyn Fn(u32) -> bool) -> bool {
    let n = view.right.len();
    let lefts: Vec<usize> = (0..n).filter(|&i| active(view.left[i])).collect();
    let rights = (0..n).filter(|&j| active(view.right[j])).count();
    if lefts.len() != rights {
        return false;
    }
    // Sets of right rows the first lefts can take, one each.
    let mut sets = vec![false; 1 << n];
    sets[0] = true;
    for &i in &lefts {
        let mut next = vec![false; 1 << n];
        for (set, _) in sets.iter().enumerate().filter(|(_, ok)| **ok) {
            for j in 0..n {
                let x = view.edge[i * n + j];
                if set >> j & 1 == 0 && x != NONE && active(view.right[j]) && usable(x) {
                    next[set | 1 << j] = true;
                }
            }
        }
        sets = next;
    }
    sets.iter().any(|&ok| ok)
}

/// Every probe of random 9x9 nodes against the views' exact matchings: a probe the rows take
/// is refuted by the views' check exactly when it leaves some view with no perfect matching of
/// its open rows, and the reason's literals, all true under the probe, leave one view no
/// perfect matching at all. The check's matchings and words carry on from probe to probe of a
/// node, refuted or not, through probing with the views (lasting fixings) and along random
/// descents with returns to ancestors, as in the search.
#[test]
fn probes_are_refuted_exactly_when_a_view_has_no_perfect_matching() {
    let (mut checked, mut refuted) = (0, 0);
    for seed in 0..40u64 {
        let grid = puzzle(3, seed, 720);
        let m = Model::new(&Query::new(&grid));
        let rows = Rows::new(
            m.vars.len(),
            m.constraints.iter().map(|(_, xs)| xs.as_slice()),
        );
        let mut state = State::new(&rows);
        state.presolve(&rows).expect("a solution exists");
        let mut rng = Rng::new(seed);
        let mut views = Views::build(&m, true);
        views.matchings.every = true;
        let mut path = vec![state.clone()];
        for _ in 0..16 {
            // Nodes whose views all have a perfect matching, not all of their variables in
            // one (the views are not applied), so that probes break many.
            let row_open = |r: u32| !state.row_open(r).1;
            let is_open = |y: u32| state.fixed(y).is_none();
            let open: Vec<u32> = (0..m.vars.len() as u32).filter(|&x| is_open(x)).collect();
            if (views.views.iter()).any(|v| !matchable(v, &row_open, &is_open)) || open.is_empty() {
                // Back to a random ancestor, as a backjump does.
                let level = rng.below(path.len());
                path.truncate(level + 1);
                state = path[level].clone();
                views.retreat(state.clock());
                continue;
            }
            state.take_log();
            views.start(&state);
            for &x in &open {
                let mut probed = state.clone();
                if probed.decide(&rows, x, true).is_err() {
                    continue;
                }
                let assigned: Vec<u32> = probed.take_log().0.iter().map(|&(y, _)| y).collect();
                let row_open = |r: u32| !probed.row_open(r).1;
                let is_open = |y: u32| probed.fixed(y).is_none();
                let stuck = (views.views.iter()).any(|v| !matchable(v, &row_open, &is_open));
                let ones: Vec<u32> = (assigned.iter().copied())
                    .filter(|&y| probed.fixed(y) == Some(true))
                    .collect();
                let found = views.refute(&probed, &assigned, &ones);
                assert_eq!(found.is_some(), stuck, "seed {seed}, probe {x}");
                checked += 1;
                let Some(literals) = found else { continue };
                refuted += 1;
                assert!(!literals.is_empty());
                assert!(
                    literals
                        .iter()
                        .all(|&l| l & 1 == 0 && probed.fixed(l >> 1) == Some(false))
                );
                let named = |y: u32| literals.contains(&(2 * y));
                let holds = |v: &View| literals.iter().all(|&l| v.edge.contains(&(l >> 1)));
                let deficient = |v: &&View| holds(v) && !matchable(v, &|_| true, &|y| !named(y));
                assert!(
                    views.views.iter().find(deficient).is_some(),
                    "seed {seed}, probe {x}"
                );
                views.update(&state, &[]);
            }
            // Probing with the views: lasting fixings, which the views' words follow.
            let probing =
                state.probe_with(&rows, &mut Probes::default(), &mut views, &mut || false);
            let open: Vec<u32> = (0..m.vars.len() as u32)
                .filter(|&x| state.fixed(x).is_none())
                .collect();
            if probing.is_err() || open.is_empty() || rng.below(3) == 0 {
                let level = rng.below(path.len());
                path.truncate(level + 1);
                state = path[level].clone();
                views.retreat(state.clock());
                continue;
            }
            let x = open[rng.below(open.len())];
            if state.decide(&rows, x, rng.below(4) == 0).is_ok() {
                path.push(state.clone());
            } else {
                state = path.last().expect("the root").clone();
                views.retreat(state.clock());
            }
        }
    }
    assert!(
        refuted > 0 && checked > 1000,
        "{refuted} refuted of {checked}"
    );
}
