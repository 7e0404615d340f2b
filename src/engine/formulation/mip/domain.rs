//! Propagation over the model's rows, at the root (presolve) and at every branch-and-bound node.
//!
//! Every row of the model says "exactly one of these": a variable at 1 sets the others of its
//! cell, row, column and box rows to 0, and a row left with one open variable sets it to 1.
//! The LP relaxation implies each of these fixings, so they cut no LP point off; what they save
//! is an LP solve where they find a row with no way left, and the root model shrinks by the
//! variables they fix before the LP is built. (No-good cuts live in the LP only.)
//!
//! Probing ([`State::probe`]) goes further at every node: a variable whose setting to 1 makes
//! those rules meet a row with no way left is fixed at 0, until no probe fixes more. That
//! covers the box-line and subset (naked and hidden pair, ...) inferences, which the rules alone
//! miss, and fixings the LP relaxation does not imply, so nodes close before their LP.

/// Open, or fixed at 0 or 1.
const OPEN: i8 = -1;

/// The rows as lists of variables, and the rows each variable is in.
pub(super) struct Rows {
    members: Vec<Vec<u32>>,
    of_var: Vec<Vec<u32>>,
}

/// A row has no way left to be met.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Conflict;

/// The variables' values and each row's count of ones and open variables: what one node
/// knows, cloned at branch points.
#[derive(Clone, Debug)]
pub(super) struct State {
    value: Vec<i8>,
    ones: Vec<u32>,
    open: Vec<u32>,
    /// Variables fixed by propagation rather than by a branching decision.
    pub(super) propagated: u64,
    /// Of those, the ones fixed at 0 because probing them at 1 met a conflict.
    pub(super) probed: u64,
    /// Undo records of the probe under way: the variables it set, and those whose rows it
    /// counted; empty between probes.
    assigned: Vec<u32>,
    counted: Vec<u32>,
    /// Ticks at each lasting change; `changed[r]`: the tick row `r` last changed at.
    clock: u64,
    changed: Vec<u64>,
}

/// What the last probes found, for [`State::probe`] to skip the variables whose probe cannot
/// have changed: valid only for the state it was filled on and that state's descendants
/// ([`Probes::clear`] before probing any other).
#[derive(Default)]
pub(super) struct Probes {
    /// The state's clock when the variable's probe last succeeded (0: no such probe), and
    /// the rows that probe read.
    at: Vec<u64>,
    read: Vec<Vec<u32>>,
}

impl Probes {
    pub(super) fn clear(&mut self) {
        self.at.fill(0);
    }

    fn fit(&mut self, variables: usize) {
        self.at.resize(variables, 0);
        self.read.resize_with(variables, Vec::new);
    }

    /// Whether `x`'s last probe succeeded and no row it read has changed since.
    fn holds(&self, s: &State, x: u32) -> bool {
        let at = self.at[x as usize];
        at > 0
            && self.read[x as usize]
                .iter()
                .all(|&r| s.changed[r as usize] <= at)
    }
}

impl Rows {
    pub(super) fn new<'a>(variables: usize, rows: impl Iterator<Item = &'a [u32]>) -> Rows {
        let mut r = Rows {
            members: Vec::new(),
            of_var: vec![Vec::new(); variables],
        };
        for members in rows {
            r.push(members.to_vec());
        }
        r
    }

    fn push(&mut self, members: Vec<u32>) {
        let row = self.members.len() as u32;
        for &x in &members {
            self.of_var[x as usize].push(row);
        }
        self.members.push(members);
    }
}

impl State {
    /// Every variable open; see [`State::presolve`].
    pub(super) fn new(rows: &Rows) -> State {
        State {
            value: vec![OPEN; rows.of_var.len()],
            ones: vec![0; rows.members.len()],
            open: rows.members.iter().map(|m| m.len() as u32).collect(),
            propagated: 0,
            probed: 0,
            assigned: Vec::new(),
            counted: Vec::new(),
            clock: 1,
            changed: vec![0; rows.members.len()],
        }
    }

    /// Fixes what the rows force before any branching.
    pub(super) fn presolve(&mut self, rows: &Rows) -> Result<(), Conflict> {
        let mut queue = Vec::new();
        for row in 0..rows.members.len() {
            self.check(rows, row, true, &mut queue)?;
        }
        let result = self.drain(rows, &mut queue);
        self.forget(rows);
        result
    }

    /// Drops the undo records: what was set stays set, and its rows are marked changed.
    fn forget(&mut self, rows: &Rows) {
        if !self.assigned.is_empty() {
            self.clock += 1;
            for &x in &self.assigned {
                for &r in &rows.of_var[x as usize] {
                    self.changed[r as usize] = self.clock;
                }
            }
        }
        self.assigned.clear();
        self.counted.clear();
    }

    /// `Some(value)` of a fixed variable.
    pub(super) fn fixed(&self, x: u32) -> Option<bool> {
        match self.value[x as usize] {
            OPEN => None,
            v => Some(v == 1),
        }
    }

    /// Open variables left in the tightest model row holding `x`: the branching rule's measure.
    pub(super) fn tightest_row(&self, rows: &Rows, x: u32) -> u32 {
        rows.of_var[x as usize]
            .iter()
            .map(|&r| self.open[r as usize])
            .min()
            .unwrap_or(u32::MAX)
    }

    /// A partial assignment the rows allow: open variables taken one by one, those in the
    /// tightest rows first, each while none of its rows has a variable at 1 yet.
    pub(super) fn greedy(&self, rows: &Rows) -> Vec<u32> {
        let mut covered: Vec<bool> = self.ones.iter().map(|&o| o > 0).collect();
        let mut order: Vec<u32> = (0..self.value.len() as u32)
            .filter(|&x| self.value[x as usize] == OPEN)
            .collect();
        order.sort_by_key(|&x| (self.tightest_row(rows, x), x));
        let mut chosen = Vec::new();
        for x in order {
            let of = &rows.of_var[x as usize];
            if of.iter().all(|&r| !covered[r as usize]) {
                for &r in of {
                    covered[r as usize] = true;
                }
                chosen.push(x);
            }
        }
        chosen
    }

    /// A branching decision and all it implies.
    pub(super) fn decide(&mut self, rows: &Rows, x: u32, one: bool) -> Result<(), Conflict> {
        let open = self.value[x as usize] == OPEN;
        let mut queue = Vec::new();
        self.set(x, one, &mut queue)?;
        // `set` counted the decision itself.
        self.propagated -= u64::from(open);
        let result = self.drain(rows, &mut queue);
        self.forget(rows);
        result
    }

    /// Fixes at 0 every open variable that cannot be 1: setting it to 1 and propagating meets
    /// a conflict. Passes over the open variables repeat until one fixes nothing; a variable
    /// whose last probe in `probes` succeeded is probed again only when a row that probe read
    /// has changed since, which reaches the same fixpoint as probing every open variable each
    /// pass (propagation is deterministic, and it reads nothing outside those rows). `stop` is
    /// asked between probes and ends probing early (the state stays sound, only less fixed).
    pub(super) fn probe(
        &mut self,
        rows: &Rows,
        probes: &mut Probes,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Conflict> {
        probes.fit(self.value.len());
        let mut queue = Vec::new();
        let mut count = 0u32;
        loop {
            let mut fixed = false;
            for x in 0..self.value.len() as u32 {
                if self.value[x as usize] != OPEN || probes.holds(self, x) {
                    continue;
                }
                count = count.wrapping_add(1);
                if count.is_multiple_of(64) && stop() {
                    return Ok(());
                }
                if self.fails_at_one(rows, x, &mut queue, &mut probes.read[x as usize]) {
                    self.probed += 1;
                    self.set(x, false, &mut queue)?;
                    let result = self.drain(rows, &mut queue);
                    self.forget(rows);
                    result?;
                    fixed = true;
                } else {
                    probes.at[x as usize] = self.clock;
                }
            }
            if !fixed {
                return Ok(());
            }
        }
    }

    /// Whether setting open `x` to 1 leads the rows to a conflict; the state is left as it was.
    /// `read` receives the rows the probe counted in, which are all it read when it succeeds.
    fn fails_at_one(
        &mut self,
        rows: &Rows,
        x: u32,
        queue: &mut Vec<u32>,
        read: &mut Vec<u32>,
    ) -> bool {
        let propagated = self.propagated;
        queue.clear();
        read.clear();
        let fails = self.set(x, true, queue).is_err() || self.drain(rows, queue).is_err();
        queue.clear();
        while let Some(y) = self.counted.pop() {
            let one = self.value[y as usize] == 1;
            for &r in &rows.of_var[y as usize] {
                read.push(r);
                self.open[r as usize] += 1;
                self.ones[r as usize] -= u32::from(one);
            }
        }
        for y in self.assigned.drain(..) {
            self.value[y as usize] = OPEN;
        }
        self.propagated = propagated;
        fails
    }

    fn set(&mut self, x: u32, one: bool, queue: &mut Vec<u32>) -> Result<(), Conflict> {
        let v = i8::from(one);
        match self.value[x as usize] {
            OPEN => {
                self.value[x as usize] = v;
                self.propagated += 1;
                self.assigned.push(x);
                queue.push(x);
                Ok(())
            }
            w if w == v => Ok(()),
            _ => Err(Conflict),
        }
    }

    /// Counts each queued variable in its rows (all of them before any check, so that a probe
    /// can undo whole variables), then applies what the rows force.
    fn drain(&mut self, rows: &Rows, queue: &mut Vec<u32>) -> Result<(), Conflict> {
        while let Some(x) = queue.pop() {
            let one = self.value[x as usize] == 1;
            for &r in &rows.of_var[x as usize] {
                self.open[r as usize] -= 1;
                self.ones[r as usize] += u32::from(one);
            }
            self.counted.push(x);
            for &r in &rows.of_var[x as usize] {
                self.check(rows, r as usize, one, queue)?;
            }
        }
        Ok(())
    }

    /// What row `r` forces now, queued; `one`: a variable at 1 was just counted in it. Only
    /// then can a row with one 1 have open members: counting its 1 set the others to 0, and
    /// nothing reopens a variable but a probe's undo, which restores the counts with it.
    fn check(
        &mut self,
        rows: &Rows,
        r: usize,
        one: bool,
        queue: &mut Vec<u32>,
    ) -> Result<(), Conflict> {
        let (ones, open) = (self.ones[r], self.open[r]);
        let members = &rows.members[r];
        // The value the open members must take, if any is forced.
        let forced = match (ones, open) {
            (0, 0) => return Err(Conflict),
            (0, 1) => Some(true),
            (1, o) if o > 0 && one => Some(false),
            (1, _) | (0, _) => None,
            _ => return Err(Conflict),
        };
        if let Some(one) = forced {
            for &y in members {
                if self.value[y as usize] == OPEN {
                    self.set(y, one, queue)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            count(OPEN) == s.open[r] as usize && count(1) == s.ones[r] as usize
        })
    }

    /// Probing that tries every open variable each pass, as the reference.
    fn probe_all(s: &mut State, rows: &Rows) -> Result<(), Conflict> {
        let (mut queue, mut read) = (Vec::new(), Vec::new());
        loop {
            let mut fixed = false;
            for x in 0..s.value.len() as u32 {
                if s.value[x as usize] == OPEN && s.fails_at_one(rows, x, &mut queue, &mut read) {
                    s.set(x, false, &mut queue)?;
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
    fn incremental_probing_fixes_what_probing_everything_fixes() {
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
}
