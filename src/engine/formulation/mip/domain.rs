//! Propagation over the model's rows, at the root (presolve) and at every branch-and-bound node.
//!
//! Every row of the model says "exactly one of these": a variable at 1 sets the others of its
//! cell, row, column and box rows to 0, and a row left with one open variable sets it to 1.
//! The LP relaxation implies each of these fixings, so they cut no LP point off; what they save
//! is an LP solve where they find a row with no way left, and the root model shrinks by the
//! variables they fix before the LP is built. (No-good cuts live in the LP only.)
//!
//! Probing ([`State::probe_with`]) goes further at every node: a variable whose setting to 1
//! makes those rules meet a row with no way left is fixed at 0, until no probe fixes more. That
//! covers the box-line and subset (naked and hidden pair, ...) inferences, which the rules alone
//! miss, and fixings the LP relaxation does not imply, so nodes close before their LP.
//!
//! Every lasting fixing is logged with its reason for conflict learning ([`super::learn`]): the
//! row that forced it, or for a failed probe the literals fixed before the probe that its
//! conflict rests on.

use super::model::NONE;

/// Open, or fixed at 0 or 1.
const OPEN: i8 = -1;

/// The reason of a variable a failed probe (or an all-different view, [`super::hall`]) fixed
/// at 0.
pub(super) const PROBED: u32 = NONE - 1;

/// A variable a failed probe or a view fixed at 0, and the literals that rule out its 1.
pub(super) type ProbeReason = (u32, Vec<u32>);

/// The literal "`x` is `one`": `2x + one`; its negation flips the low bit.
pub(super) fn lit(x: u32, one: bool) -> u32 {
    2 * x + u32::from(one)
}

/// The rows as lists of variables, and the rows each variable is in.
pub(super) struct Rows {
    members: Vec<Vec<u32>>,
    of_var: Vec<Vec<u32>>,
}

/// A row has no way left to be met.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Conflict;

/// A row's count of ones is kept in the high half of its count word, [`ONE`] each.
const SHIFT: u32 = 16;
const ONE: u32 = 1 << SHIFT;

/// The low half of a row's count word: its open variables.
const OPEN_MASK: u32 = ONE - 1;

/// The most members a model row has (a 49x49 grid's cell or unit): each half of a count word
/// stays far below its 65,535, so a count never carries into or borrows from the other half.
const MAX_MEMBERS: u32 = 49;

/// Whether both halves of a count word are within a row's size.
fn within_limits(c: u32) -> bool {
    c & OPEN_MASK <= MAX_MEMBERS && c >> SHIFT <= MAX_MEMBERS
}

/// A test of a probe beyond the rows, run once they have taken it without a conflict: the
/// all-different views' matchings ([`super::hall`]).
pub(super) trait ProbeCheck {
    /// Brings what the check keeps up to date with `state`, before probing.
    fn start(&mut self, state: &State);
    /// The same after the lasting fixings `fixed`.
    fn update(&mut self, state: &State, fixed: &[u32]);
    /// Literals, all true in `state` with the probe applied, that cannot hold together;
    /// `assigned`: the variables the probe set, `ones`: those of them at 1.
    fn refute(&mut self, state: &State, assigned: &[u32], ones: &[u32]) -> Option<Vec<u32>>;
}

/// The variables' values and each row's counts: what one node knows, cloned at branch points.
#[derive(Clone, Debug)]
pub(super) struct State {
    value: Vec<i8>,
    /// Per row, its ones times [`ONE`] plus its open variables: one word, so that counting a
    /// variable in a row, its undo and the row check each touch memory once (a row has at
    /// most [`MAX_MEMBERS`], far fewer than [`ONE`]).
    count: Vec<u32>,
    /// Variables fixed by propagation rather than by a branching decision.
    pub(super) propagated: u64,
    /// Of those, the ones fixed at 0 because probing them at 1 met a conflict.
    pub(super) probed: u64,
    /// Of those, the ones whose conflict was a [`ProbeCheck`]'s, not a row's.
    pub(super) probe_checked: u64,
    /// Probes run, failed or not.
    pub(super) probes: u64,
    /// Undo records of the probe under way: the variables it set, and those whose rows it
    /// counted; empty between probes.
    assigned: Vec<u32>,
    counted: Vec<u32>,
    /// Of `assigned`, those at 1 (for a [`ProbeCheck`], which then reads no values).
    ones: Vec<u32>,
    /// Ticks at each lasting change; `changed[r]`: the tick row `r` last changed at.
    clock: u64,
    changed: Vec<u64>,
    /// The row that forced each variable (`NONE`: set from outside, [`PROBED`]: by a probe).
    why: Vec<u32>,
    /// Lasting fixings in order since [`State::take_log`], and the failed probes' reasons.
    log: Vec<u32>,
    probe_reasons: Vec<ProbeReason>,
    /// The row of the last conflict.
    conflict: u32,
}

/// What the last probes found, for [`State::probe_with`] to skip the variables whose probe
/// cannot have changed: valid for the state it was filled on and that state's descendants, and for an
/// ancestor once [`Probes::retreat`] has dropped what was found below it.
#[derive(Default)]
pub(super) struct Probes {
    /// The state's clock when the variable's probe last succeeded (0: no such probe), and
    /// the rows that probe read.
    at: Vec<u64>,
    read: Vec<Vec<u32>>,
    /// Variables the last probe of each variable set, itself included: how far setting it to
    /// 1 reaches (a probe that failed fixed the variable to 0, so its figure is not read).
    reach: Vec<u32>,
    /// Scratch of a failed probe's analysis: 1 for a variable the probe set, 2 once visited.
    mark: Vec<u8>,
}

impl Probes {
    /// Keeps only the probes of the ancestors of a state whose clock is `clock`, back to which
    /// the search has just gone: a descendant's clock is larger (every decision ticks it), so
    /// what its probes found is stamped later, and a probe that failed left no stamp. The
    /// probes kept from that state's own path still hold there, without probing anew.
    pub(super) fn retreat(&mut self, clock: u64) {
        for at in &mut self.at {
            if *at > clock {
                *at = 0;
            }
        }
    }

    fn fit(&mut self, variables: usize) {
        self.at.resize(variables, 0);
        self.read.resize_with(variables, Vec::new);
        self.mark.resize(variables, 0);
        self.reach.resize(variables, 0);
    }

    /// Variables `x`'s last probe set (0 when it has none); up to date for every open
    /// variable once [`State::probe_with`] has run to its end (probing stopped early leaves
    /// older figures, which change only the order of the search).
    pub(super) fn reach(&self, x: u32) -> u32 {
        self.reach.get(x as usize).copied().unwrap_or(0)
    }

    /// How many rows `x`'s last successful probe read have changed since (`u32::MAX` when it
    /// has none): 0 when that probe still holds, as nothing it read has changed.
    fn stale(&self, s: &State, x: u32) -> u32 {
        let at = self.at[x as usize];
        if at == 0 {
            return u32::MAX;
        }
        self.read[x as usize]
            .iter()
            .filter(|&&r| s.changed[r as usize] > at)
            .count() as u32
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

    pub(super) fn members(&self, r: u32) -> &[u32] {
        &self.members[r as usize]
    }

    pub(super) fn len(&self) -> u32 {
        self.members.len() as u32
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
            count: (rows.members.iter())
                .map(|m| u32::try_from(m.len()).ok().filter(|&n| n <= MAX_MEMBERS))
                .map(|n| n.expect("a row has at most 49 members"))
                .collect(),
            propagated: 0,
            probed: 0,
            probe_checked: 0,
            probes: 0,
            assigned: Vec::new(),
            counted: Vec::new(),
            ones: Vec::new(),
            clock: 1,
            changed: vec![0; rows.members.len()],
            why: vec![NONE; rows.of_var.len()],
            log: Vec::new(),
            probe_reasons: Vec::new(),
            conflict: NONE,
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

    /// Drops the undo records into the log: what was set stays set, and its rows are marked
    /// changed.
    fn forget(&mut self, rows: &Rows) {
        if !self.assigned.is_empty() {
            self.log.extend_from_slice(&self.assigned);
            self.clock += 1;
            for &x in &self.assigned {
                for &r in &rows.of_var[x as usize] {
                    self.changed[r as usize] = self.clock;
                }
            }
        }
        self.assigned.clear();
        self.counted.clear();
        self.ones.clear();
    }

    /// The lasting fixings since the last call, in order, each with its reason (a row,
    /// `NONE` or [`PROBED`]), and the reasons of the failed probes among them.
    pub(super) fn take_log(&mut self) -> (Vec<(u32, u32)>, Vec<ProbeReason>) {
        let log = self.log.drain(..).map(|x| (x, self.why[x as usize]));
        (log.collect(), std::mem::take(&mut self.probe_reasons))
    }

    /// The literals, all true now, that the row of the last conflict cannot hold together:
    /// its members, all at 0, or two of its members at 1.
    pub(super) fn conflict_literals(&self, rows: &Rows) -> Vec<u32> {
        let members = rows.members(self.conflict);
        if self.count[self.conflict as usize] < ONE {
            members.iter().map(|&y| lit(y, false)).collect()
        } else {
            let mut ones = members.iter().filter(|&&y| self.value[y as usize] == 1);
            ones.by_ref().take(2).map(|&y| lit(y, true)).collect()
        }
    }

    /// The literals, all true, that forced `y` through row `r`: its other members (all at
    /// 0) when `y` is 1, a member at 1 when `y` is 0; each was set before `y`.
    pub(super) fn row_reason(&self, rows: &Rows, y: u32, r: u32, out: &mut Vec<u32>) {
        let others = rows.members(r).iter().filter(|&&z| z != y);
        if self.value[y as usize] == 1 {
            out.extend(others.map(|&z| lit(z, false)));
        } else {
            let one = others.copied().find(|&z| self.value[z as usize] == 1);
            out.push(lit(one.expect("a row zeroes its members for its 1"), true));
        }
    }

    /// The tick of the last lasting change, for [`Probes::retreat`].
    pub(super) fn clock(&self) -> u64 {
        self.clock
    }

    /// The tick row `r` last changed at.
    pub(super) fn changed(&self, r: u32) -> u64 {
        self.changed[r as usize]
    }

    /// `Some(value)` of a fixed variable.
    pub(super) fn fixed(&self, x: u32) -> Option<bool> {
        match self.value[x as usize] {
            OPEN => None,
            v => Some(v == 1),
        }
    }

    /// Open variables of row `r`, and whether it has a variable at 1.
    pub(super) fn row_open(&self, r: u32) -> (u32, bool) {
        let c = self.count[r as usize];
        (c & OPEN_MASK, c >= ONE)
    }

    /// Open variables left in the tightest model row holding `x`: the branching rule's measure.
    pub(super) fn tightest_row(&self, rows: &Rows, x: u32) -> u32 {
        rows.of_var[x as usize]
            .iter()
            .map(|&r| self.count[r as usize] & OPEN_MASK)
            .min()
            .unwrap_or(u32::MAX)
    }

    /// A partial assignment the rows allow: open variables taken one by one, those in the
    /// tightest rows first, each while none of its rows has a variable at 1 yet.
    pub(super) fn greedy(&self, rows: &Rows) -> Vec<u32> {
        let mut covered: Vec<bool> = self.count.iter().map(|&c| c >= ONE).collect();
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
        // A descendant's clock is past its parent's, even when the decision fixes nothing.
        self.clock += 1;
        let open = self.value[x as usize] == OPEN;
        let mut queue = Vec::new();
        self.set(x, one, NONE, &mut queue)?;
        // `set` counted the decision itself.
        self.propagated -= u64::from(open);
        let result = self.drain(rows, &mut queue);
        self.forget(rows);
        result
    }

    /// Fixes the open variables of `fixings` at 0, each with the literals (true now) that
    /// rule out its 1, then what the rows force; `Err` when the rows meet a conflict.
    pub(super) fn fix_zeros(
        &mut self,
        rows: &Rows,
        fixings: Vec<ProbeReason>,
    ) -> Result<(), Conflict> {
        let mut queue = Vec::new();
        for (x, reason) in fixings {
            if self.value[x as usize] == OPEN {
                self.set(x, false, PROBED, &mut queue)?;
                self.probe_reasons.push((x, reason));
            }
        }
        let result = self.drain(rows, &mut queue);
        self.forget(rows);
        result
    }

    /// Fixes at 0 every open variable that cannot be 1: setting it to 1 and propagating meets
    /// a conflict. Passes over the open variables repeat until one fixes nothing; a variable
    /// whose last probe in `probes` succeeded is probed again only when a row that probe read
    /// has changed since, which reaches the same fixpoint as probing every open variable each
    /// pass (propagation is deterministic, and it reads nothing outside those rows). Each pass
    /// takes the variables with the most such rows first, so that a node probing refutes
    /// meets its conflict after fewer probes. `stop` is asked between probes and ends probing
    /// early (the state stays sound, only less fixed).
    /// Each probe the rows take is then put to `check`, whose refutation fixes the variable
    /// at 0 as a row's conflict does; what the check reads beyond the probe's rows is not in
    /// the stale test, so with one the fixpoint can stop short (less fixed, never unsound).
    pub(super) fn probe_with(
        &mut self,
        rows: &Rows,
        probes: &mut Probes,
        check: &mut dyn ProbeCheck,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Conflict> {
        probes.fit(self.value.len());
        check.start(self);
        let (mut queue, mut order) = (Vec::new(), Vec::new());
        loop {
            // The variables whose probe may have changed, those with the most rows changed
            // first: a refuted node's conflict comes sooner.
            order.clear();
            for x in 0..self.value.len() as u32 {
                if self.value[x as usize] == OPEN {
                    let stale = probes.stale(self, x);
                    if stale > 0 {
                        order.push((std::cmp::Reverse(stale), x));
                    }
                }
            }
            order.sort_unstable();
            let mut fixed = false;
            for &(_, x) in &order {
                if self.value[x as usize] != OPEN {
                    continue;
                }
                self.probes += 1;
                if self.probes.is_multiple_of(64) && stop() {
                    return Ok(());
                }
                if let Some(reason) = self.fails_at_one(rows, x, &mut queue, probes, check) {
                    // Its record now holds the failed probe's rows, not the stamped one's.
                    probes.at[x as usize] = 0;
                    self.probed += 1;
                    self.probe_reasons.push((x, reason));
                    let logged = self.log.len();
                    self.set(x, false, PROBED, &mut queue)?;
                    let result = self.drain(rows, &mut queue);
                    self.forget(rows);
                    result?;
                    check.update(self, &self.log[logged..]);
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

    /// Whether setting open `x` to 1 leads the rows, or then `check`, to a conflict, with the
    /// literals fixed before the probe that the conflict rests on; the state is left as it
    /// was. `probes.read[x]` receives the rows the probe counted in (all it read if it holds).
    fn fails_at_one(
        &mut self,
        rows: &Rows,
        x: u32,
        queue: &mut Vec<u32>,
        probes: &mut Probes,
        check: &mut dyn ProbeCheck,
    ) -> Option<Vec<u32>> {
        let propagated = self.propagated;
        queue.clear();
        let read = &mut probes.read[x as usize];
        read.clear();
        self.ones.clear();
        self.ones.push(x);
        let fails = self.set(x, true, NONE, queue).is_err() || self.drain(rows, queue).is_err();
        let conflict = if fails {
            Some(self.conflict_literals(rows))
        } else {
            let refuted = check.refute(self, &self.assigned, &self.ones);
            self.probe_checked += u64::from(refuted.is_some());
            refuted
        };
        let reason = conflict.map(|c| self.probe_reason(rows, x, c, &mut probes.mark));
        probes.reach[x as usize] = self.assigned.len() as u32;
        let read = &mut probes.read[x as usize];
        queue.clear();
        while let Some(y) = self.counted.pop() {
            // Back out of its rows: one more open, and one fewer 1 when it was at 1.
            let back = if self.value[y as usize] == 1 {
                1u32.wrapping_sub(ONE)
            } else {
                1
            };
            for &r in &rows.of_var[y as usize] {
                read.push(r);
                self.count[r as usize] = self.count[r as usize].wrapping_add(back);
                debug_assert!(within_limits(self.count[r as usize]));
            }
        }
        for y in self.assigned.drain(..) {
            self.value[y as usize] = OPEN;
        }
        self.propagated = propagated;
        reason
    }

    /// The literals fixed before the failed probe of `x` that its conflict (`conflict`'s
    /// literals) rests on: those the probe set replaced by the literals of their rows.
    fn probe_reason(&self, rows: &Rows, x: u32, conflict: Vec<u32>, mark: &mut [u8]) -> Vec<u32> {
        for &y in &self.assigned {
            mark[y as usize] = 1;
        }
        let (mut stack, mut reason) = (conflict, Vec::new());
        let mut visited = Vec::new();
        while let Some(l) = stack.pop() {
            let y = l >> 1;
            match mark[y as usize] {
                1 if y != x => self.row_reason(rows, y, self.why[y as usize], &mut stack),
                0 => {
                    reason.push(l);
                    visited.push(y);
                }
                _ => {}
            }
            mark[y as usize] = 2;
        }
        for &y in self.assigned.iter().chain(&visited) {
            mark[y as usize] = 0;
        }
        reason
    }

    /// Inlined into the row check's loops, as [`State::check`] is into propagation.
    #[inline(always)]
    fn set(&mut self, x: u32, one: bool, why: u32, queue: &mut Vec<u32>) -> Result<(), Conflict> {
        let v = i8::from(one);
        match self.value[x as usize] {
            OPEN => {
                self.value[x as usize] = v;
                self.why[x as usize] = why;
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
            // One open fewer, and one 1 more when it is at 1.
            let step = if one { ONE - 1 } else { 1u32.wrapping_neg() };
            for &r in &rows.of_var[x as usize] {
                self.count[r as usize] = self.count[r as usize].wrapping_add(step);
                debug_assert!(within_limits(self.count[r as usize]));
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
    /// Inlined: probing calls it for every row of every variable it sets, and most calls
    /// find nothing forced.
    #[inline(always)]
    fn check(
        &mut self,
        rows: &Rows,
        r: usize,
        one: bool,
        queue: &mut Vec<u32>,
    ) -> Result<(), Conflict> {
        let (ones, open) = (self.count[r] >> SHIFT, self.count[r] & OPEN_MASK);
        let members = &rows.members[r];
        // The value the open members must take, if any is forced.
        let forced = match (ones, open) {
            (0, 1) => Some(true),
            (1, o) if o > 0 && one => Some(false),
            (1, _) | (0, 1..) => None,
            _ => {
                self.conflict = r as u32;
                return Err(Conflict);
            }
        };
        if let Some(one) = forced {
            // At most `open` members are open (one when it is forced to 1): the scan stops
            // once that many are set.
            let mut left = open;
            for &y in members {
                if self.value[y as usize] == OPEN {
                    self.set(y, one, r as u32, queue)?;
                    if one {
                        self.ones.push(y);
                    }
                    left -= 1;
                    if left == 0 {
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "domain_tests.rs"]
mod tests;
