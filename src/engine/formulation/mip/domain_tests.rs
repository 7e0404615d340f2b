//! Presolve, decisions and probing on small row sets and on 9x9 Sudoku rows.

use super::*;

/// No test beyond the rows.
impl ProbeCheck for () {
    fn start(&mut self, _: &State) {}
    fn update(&mut self, _: &State, _: &[u32]) {}
    fn refute(&mut self, _: &State, _: &[u32], _: &[u32]) -> Option<Vec<u32>> {
        None
    }
}

impl State {
    /// Probing by the rows alone.
    pub(in super::super) fn probe(
        &mut self,
        rows: &Rows,
        probes: &mut Probes,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Conflict> {
        self.probe_with(rows, probes, &mut (), stop)
    }
}

/// Two cells a, b and two digits: x0 = a1, x1 = a2, x2 = b1, x3 = b2, and the rows of a
/// 1x2 strip: each cell one digit, each digit once.
fn strip() -> Rows {
    let rows: [&[u32]; 4] = [&[0, 1], &[2, 3], &[0, 2], &[1, 3]];
    Rows::new(4, rows.into_iter())
}

#[test]
fn one_decision_settles_the_strip() {
    let rows = strip();
    let mut s = State::new(&rows);
    s.presolve(&rows).unwrap();
    assert_eq!(s.fixed(0), None);
    s.decide(&rows, 0, true).unwrap();
    assert_eq!(
        (0..4).map(|x| s.fixed(x)).collect::<Vec<_>>(),
        [Some(true), Some(false), Some(false), Some(true)]
    );
    assert_eq!(s.propagated, 3);
}

/// The row counters agree with the values.
fn consistent(s: &State, rows: &Rows) -> bool {
    rows.members.iter().enumerate().all(|(r, members)| {
        let count = |v: i8| {
            members
                .iter()
                .filter(|&&x| s.value[x as usize] == v)
                .count()
        };
        count(OPEN) == (s.count[r] & OPEN_MASK) as usize
            && count(1) == (s.count[r] >> SHIFT) as usize
    })
}

/// Probing that tries every open variable each pass, as the reference.
fn probe_all(s: &mut State, rows: &Rows) -> Result<(), Conflict> {
    let (mut queue, mut probes) = (Vec::new(), Probes::default());
    probes.fit(s.value.len());
    loop {
        let mut fixed = false;
        for x in 0..s.value.len() as u32 {
            if s.value[x as usize] == OPEN
                && s.fails_at_one(rows, x, &mut queue, &mut probes, &mut ())
                    .is_some()
            {
                s.set(x, false, NONE, &mut queue)?;
                let result = s.drain(rows, &mut queue);
                s.forget(rows);
                result?;
                fixed = true;
            }
        }
        if !fixed {
            return Ok(());
        }
    }
}

/// The exactly-one rows of a Sudoku with `b`x`b` boxes: variable (r * n + c) * n + d.
fn sudoku(b: usize) -> Rows {
    let n = b * b;
    let var = |r: usize, c: usize, d: usize| ((r * n + c) * n + d) as u32;
    let mut rows: Vec<Vec<u32>> = Vec::new();
    for i in 0..n {
        for j in 0..n {
            rows.push((0..n).map(|d| var(i, j, d)).collect());
            rows.push((0..n).map(|c| var(i, c, j)).collect());
            rows.push((0..n).map(|r| var(r, i, j)).collect());
            let (r0, c0) = (i / b * b, i % b * b);
            rows.push((0..n).map(|k| var(r0 + k / b, c0 + k % b, j)).collect());
        }
    }
    Rows::new(n * n * n, rows.iter().map(Vec::as_slice))
}

#[test]
fn incremental_probing_fixes_what_probing_everything_fixes_and_knows_each_reach() {
    let rows = sudoku(3);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as u32
    };
    let (mut compared, mut probed) = (0, 0);
    for _ in 0..40 {
        // A descent: random decisions, each followed by both kinds of probing; the
        // incremental one keeps its probes along the descent, as a 1-branch does.
        let mut s = State::new(&rows);
        s.presolve(&rows).unwrap();
        let mut probes = Probes::default();
        for _ in 0..40 {
            // A given of a solution grid, or one of its cell's other digits ruled out.
            let (r, c) = (next(9) as usize, next(9) as usize);
            let solution = (3 * (r % 3) + r / 3 + c) % 9;
            let one = next(3) != 0;
            let d = if one { solution } else { next(9) as usize };
            let x = ((r * 9 + c) * 9 + d) as u32;
            if s.fixed(x).is_some() {
                continue;
            }
            if s.decide(&rows, x, one || d == solution).is_err() {
                break;
            }
            let mut all = s.clone();
            let full = probe_all(&mut all, &rows);
            let before = s.probed;
            let incremental = s.probe(&rows, &mut probes, &mut || false);
            assert_eq!(full, incremental);
            if full.is_err() {
                break;
            }
            assert_eq!(all.value, s.value);
            assert!(consistent(&s, &rows));
            // Every open variable's reach is what deciding it fixes now, probed this time or
            // kept from an earlier probe.
            let fixed = |t: &State| t.value.iter().filter(|&&v| v != OPEN).count();
            for x in (0..s.value.len() as u32).filter(|&x| s.fixed(x).is_none()) {
                let mut t = s.clone();
                t.decide(&rows, x, true).unwrap();
                assert_eq!(
                    probes.reach(x) as usize,
                    fixed(&t) - fixed(&s),
                    "variable {x}"
                );
            }
            compared += 1;
            probed += s.probed - before;
        }
    }
    assert!(
        compared > 300 && probed > 100,
        "{compared} states, {probed} fixings"
    );
}

#[test]
fn probes_kept_across_returns_to_ancestors_fix_what_probing_everything_fixes() {
    let rows = sudoku(3);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    let (mut compared, mut returns, mut conflicts) = (0, 0, 0);
    for _ in 0..30 {
        let mut s = State::new(&rows);
        s.presolve(&rows).unwrap();
        let mut probes = Probes::default();
        s.probe(&rows, &mut probes, &mut || false).unwrap();
        // The probed states of the descent, as the search's frames hold them.
        let mut path = vec![s.clone()];
        for _ in 0..60 {
            if path.len() > 1 && next(4) == 0 {
                // Back to an ancestor, as after a conflict's jump.
                path.truncate(next(path.len()) + 1);
                s = path.last().unwrap().clone();
                probes.retreat(s.clock());
                returns += 1;
            } else if next(6) == 0 {
                // Three cells of a row left with the same two digits at most: probing meets
                // the conflict the rows alone do not see.
                let (r, d1, d2) = (next(9), next(9), next(9));
                let mut held = true;
                for x in (0..27).map(|k| ((r * 9 + k / 9) * 9 + k % 9) as u32) {
                    let d = (x % 9) as usize;
                    if d != d1 && d != d2 && s.fixed(x).is_none() && held {
                        held = s.decide(&rows, x, false).is_ok();
                    }
                }
                if !held {
                    s = path.last().unwrap().clone();
                    probes.retreat(s.clock());
                    continue;
                }
            } else {
                // A digit of a solution grid, or (now and then) any digit, set in a cell.
                let (r, c) = (next(9), next(9));
                let solution = (3 * (r % 3) + r / 3 + c) % 9;
                let d = if next(5) == 0 { next(9) } else { solution };
                let x = ((r * 9 + c) * 9 + d) as u32;
                if s.fixed(x).is_some() {
                    continue;
                }
                if s.decide(&rows, x, true).is_err() {
                    s = path.last().unwrap().clone();
                    probes.retreat(s.clock());
                    continue;
                }
            }
            let mut all = s.clone();
            let full = probe_all(&mut all, &rows);
            let incremental = s.probe(&rows, &mut probes, &mut || false);
            assert_eq!(full, incremental);
            if full.is_err() {
                conflicts += 1;
                s = path.last().unwrap().clone();
                probes.retreat(s.clock());
                continue;
            }
            assert_eq!(all.value, s.value);
            assert!(consistent(&s, &rows));
            let fixed = |t: &State| t.value.iter().filter(|&&v| v != OPEN).count();
            for x in (0..s.value.len() as u32).filter(|&x| s.fixed(x).is_none()) {
                let mut t = s.clone();
                t.decide(&rows, x, true).unwrap();
                assert_eq!(
                    probes.reach(x) as usize,
                    fixed(&t) - fixed(&s),
                    "variable {x}"
                );
            }
            compared += 1;
            path.push(s.clone());
        }
    }
    assert!(
        compared > 300 && returns > 50 && conflicts > 20,
        "{compared} states, {returns} returns, {conflicts} conflicts"
    );
}

#[test]
fn probing_finds_a_naked_pair_and_undoes_its_trials() {
    // One unit of four cells a, b, c, d and digits 1 to 4; a and b hold only 1 or 2.
    // Variables: a1 a2 b1 b2 = 0 1 2 3, c1..c4 = 4..7, d1..d4 = 8..11.
    let rows: [&[u32]; 8] = [
        &[0, 1],
        &[2, 3],
        &[4, 5, 6, 7],
        &[8, 9, 10, 11],
        &[0, 2, 4, 8],
        &[1, 3, 5, 9],
        &[6, 10],
        &[7, 11],
    ];
    let rows = Rows::new(12, rows.into_iter());
    let mut s = State::new(&rows);
    s.presolve(&rows).unwrap();
    assert_eq!(s.fixed(4), None);
    s.probe(&rows, &mut Probes::default(), &mut || false)
        .unwrap();
    assert!(consistent(&s, &rows));
    let fixed: Vec<Option<bool>> = (0..12).map(|x| s.fixed(x)).collect();
    let zero = Some(false);
    assert_eq!(fixed[4..6], [zero, zero]);
    assert_eq!(fixed[8..10], [zero, zero]);
    assert!(fixed[..4].iter().chain(&fixed[6..8]).all(Option::is_none));
    assert_eq!((s.probed, s.propagated), (4, 4));
    // A probe's own conflict does not leak: a1 at 1 is still possible.
    s.decide(&rows, 0, true).unwrap();
    assert!(consistent(&s, &rows));
    assert_eq!((s.fixed(3), s.fixed(1)), (Some(true), Some(false)));
}

#[test]
fn a_row_with_one_variable_is_fixed_by_presolve_and_two_ones_conflict() {
    let rows: [&[u32]; 2] = [&[0], &[0, 1]];
    let rows = Rows::new(2, rows.into_iter());
    let mut s = State::new(&rows);
    s.presolve(&rows).unwrap();
    assert_eq!((s.fixed(0), s.fixed(1)), (Some(true), Some(false)));
    assert_eq!(s.clone().decide(&rows, 1, true), Err(Conflict));
    let strip = strip();
    let mut s = State::new(&strip);
    s.decide(&strip, 0, true).unwrap();
    assert_eq!(s.decide(&strip, 3, false), Err(Conflict));
}
