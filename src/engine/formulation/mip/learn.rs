//! Conflict learning for the branch and bound's node search, as in CDCL SAT solvers.
//!
//! Every lasting fixing of a node is on a trail with its decision level and its reason
//! ([`super::domain`] logs them): a branching decision has none, a row rule's fixing has its
//! row, a failed probe's has the literals fixed before the probe that the probe's conflict
//! rests on, and a learnt clause's unit has the clause. When a node closes, the conflict is
//! analysed back to the first unique implication point of its level, and the clause learnt
//! (those literals cannot all hold) is implied by the rows and the clauses the search was given
//! (the no-good cuts of solutions already found), so it holds in every solution still sought.
//! Clauses propagate by two watched literals at every node.

use super::domain::{PROBED, Rows, State, lit};
use super::model::NONE;

/// How much of a variable's activity lasts from one conflict to the next.
const DECAY: f64 = 0.95;

/// Why a variable on the trail was fixed.
#[derive(Copy, Clone, Debug)]
pub(super) enum Reason {
    Decision,
    Row(u32),
    /// A failed probe or an all-different view: the literals are in `Learn::probed`.
    Probe,
    Clause(u32),
}

/// How adding a clause met the node being looked at.
pub(super) enum Added {
    /// Watched; nothing follows at once.
    Watched,
    /// All its literals but one are false: that one holds from the level given, the highest
    /// of the others (the clause, whose index is given, is its reason).
    Unit(u32, u32, usize),
    /// All its literals are false: the conflict's literals (true, jointly impossible).
    Conflict(Vec<u32>),
    /// Its literals are all false at the root: no solution is left.
    Empty,
}

/// The trail, the clauses and their watches.
pub(super) struct Learn {
    level: Vec<u32>,
    reason: Vec<Reason>,
    probed: Vec<Vec<u32>>,
    trail: Vec<u32>,
    /// Where each level above the root starts on the trail; its length is the current level.
    starts: Vec<usize>,
    /// Trail entries before this one have had their clauses visited.
    head: usize,
    clauses: Vec<Vec<u32>>,
    /// The clauses watching each literal, visited when it becomes false.
    watches: Vec<Vec<u32>>,
    seen: Vec<bool>,
    /// Each variable's share in recent conflicts (bumped by `bump`, which grows so that older
    /// bumps weigh less), for branching.
    activity: Vec<f64>,
    bump: f64,
    /// Each variable's last value, kept when the search leaves it (phase saving).
    phase: Vec<bool>,
    /// Clauses learnt from conflicts, and their literals.
    pub(super) learnt: u64,
    pub(super) learnt_literals: u64,
    /// Literals fixed as units of clauses.
    pub(super) units: u64,
}

fn is_true(state: &State, l: u32) -> bool {
    state.fixed(l >> 1) == Some(l & 1 == 1)
}

fn is_false(state: &State, l: u32) -> bool {
    state.fixed(l >> 1) == Some(l & 1 == 0)
}

impl Learn {
    pub(super) fn new(variables: usize) -> Learn {
        Learn {
            level: vec![0; variables],
            reason: vec![Reason::Decision; variables],
            probed: vec![Vec::new(); variables],
            trail: Vec::new(),
            starts: Vec::new(),
            head: 0,
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * variables],
            seen: vec![false; variables],
            activity: vec![0.0; variables],
            bump: 1.0,
            phase: vec![false; variables],
            learnt: 0,
            learnt_literals: 0,
            units: 0,
        }
    }

    pub(super) fn activity(&self, x: u32) -> f64 {
        self.activity[x as usize]
    }

    /// Bumps `x` as a conflict it took part in would, for tests of the rules that read
    /// activity.
    #[cfg(test)]
    pub(super) fn bump(&mut self, x: u32) {
        self.activity[x as usize] += self.bump;
    }

    /// Whether `x` was last fixed at 1.
    pub(super) fn phase(&self, x: u32) -> bool {
        self.phase[x as usize]
    }

    /// The current decision level (0: the root).
    pub(super) fn depth(&self) -> usize {
        self.starts.len()
    }

    pub(super) fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Opens the next level: its first fixing is its decision.
    pub(super) fn open_level(&mut self) {
        self.starts.push(self.trail.len());
    }

    /// Puts the state's logged fixings on the trail at the current level; a fixing with no row
    /// is `head`'s when it names that variable, otherwise a decision.
    pub(super) fn record(&mut self, state: &mut State, head: Option<(u32, Reason)>) {
        let (log, probes) = state.take_log();
        for (x, reason) in probes {
            self.probed[x as usize] = reason;
        }
        let depth = self.depth() as u32;
        for (x, why) in log {
            self.level[x as usize] = depth;
            self.phase[x as usize] = state.fixed(x) == Some(true);
            self.reason[x as usize] = match why {
                PROBED => Reason::Probe,
                NONE => match head {
                    Some((y, reason)) if y == x => reason,
                    _ => Reason::Decision,
                },
                row => Reason::Row(row),
            };
            self.trail.push(x);
        }
    }

    /// The decisions of the levels above the root, as literals (true now).
    pub(super) fn decisions(&self, state: &State) -> Vec<u32> {
        self.starts
            .iter()
            .map(|&i| {
                let x = self.trail[i];
                lit(x, state.fixed(x) == Some(true))
            })
            .collect()
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// The variable decided at the level above `level`.
    pub(super) fn decided_above(&self, level: usize) -> u32 {
        self.trail[self.starts[level]]
    }

    /// Drops the levels above `level` from the trail.
    pub(super) fn backjump(&mut self, level: usize) {
        self.trail.truncate(self.starts[level]);
        self.starts.truncate(level);
        self.head = self.head.min(self.trail.len());
    }

    /// The highest level among the variables of `literals`.
    pub(super) fn highest(&self, literals: &[u32]) -> usize {
        literals
            .iter()
            .map(|&l| self.level[(l >> 1) as usize] as usize)
            .max()
            .unwrap_or(0)
    }

    /// Applies the clauses to the trail's new fixings, each unit fixing with the row rules
    /// after it; `Err` with the conflict's literals (true, jointly impossible).
    pub(super) fn propagate(&mut self, rows: &Rows, state: &mut State) -> Result<(), Vec<u32>> {
        while self.head < self.trail.len() {
            let x = self.trail[self.head];
            self.head += 1;
            let falsified = lit(x, state.fixed(x) != Some(true));
            let mut watching = std::mem::take(&mut self.watches[falsified as usize]);
            let mut i = 0;
            let mut result = Ok(());
            while i < watching.len() {
                let c = watching[i] as usize;
                let clause = &mut self.clauses[c];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                if is_true(state, clause[0]) {
                    i += 1;
                    continue;
                }
                if let Some(k) = (2..clause.len()).find(|&k| !is_false(state, clause[k])) {
                    clause.swap(1, k);
                    self.watches[clause[1] as usize].push(c as u32);
                    watching.swap_remove(i);
                    continue;
                }
                i += 1;
                let unit = clause[0];
                if is_false(state, unit) {
                    result = Err(clause.iter().map(|&l| l ^ 1).collect());
                    break;
                }
                self.units += 1;
                let fixed = state.decide(rows, unit >> 1, unit & 1 == 1);
                self.record(state, Some((unit >> 1, Reason::Clause(c as u32))));
                if fixed.is_err() {
                    result = Err(state.conflict_literals(rows));
                    break;
                }
            }
            watching.append(&mut self.watches[falsified as usize]);
            self.watches[falsified as usize] = watching;
            result?;
        }
        Ok(())
    }

    /// Analyses a conflict at the current level (some of its literals are of this level) to
    /// the first unique implication point: the clause learnt, its asserting literal first and
    /// a literal of the level to jump back to second, and that level.
    pub(super) fn analyse(
        &mut self,
        rows: &Rows,
        state: &State,
        conflict: &[u32],
    ) -> (Vec<u32>, usize) {
        let depth = self.depth() as u32;
        let (mut open, mut lower, mut marked) = (0, Vec::new(), Vec::new());
        let mut antecedents = conflict.to_vec();
        let mut i = self.trail.len();
        let uip = loop {
            for l in antecedents.drain(..) {
                let y = (l >> 1) as usize;
                if self.seen[y] || self.level[y] == 0 {
                    continue;
                }
                self.seen[y] = true;
                marked.push(y);
                if self.level[y] == depth {
                    open += 1;
                } else {
                    lower.push(l);
                }
            }
            let x = loop {
                i -= 1;
                if self.seen[self.trail[i] as usize] {
                    break self.trail[i];
                }
            };
            open -= 1;
            if open == 0 {
                break lit(x, state.fixed(x) == Some(true));
            }
            let fixed = self.antecedents(rows, state, x, &mut antecedents);
            assert!(fixed, "a decision is its level's last literal");
        };
        // Literals the others imply are left out.
        let levels: Vec<u32> = lower
            .iter()
            .map(|&l| self.level[(l >> 1) as usize])
            .collect();
        let mut kept = Vec::with_capacity(lower.len());
        for l in lower {
            if !self.implied(rows, state, l >> 1, &levels, &mut marked) {
                kept.push(l);
            }
        }
        let lower = kept;
        for y in marked {
            self.seen[y] = false;
            self.activity[y] += self.bump;
        }
        self.bump /= DECAY;
        if self.bump > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        let mut clause: Vec<u32> = std::iter::once(uip).chain(lower).map(|l| l ^ 1).collect();
        let back = (1..clause.len())
            .max_by_key(|&k| self.level[(clause[k] >> 1) as usize])
            .map_or(0, |k| {
                clause.swap(1, k);
                self.level[(clause[1] >> 1) as usize] as usize
            });
        self.learnt += 1;
        self.learnt_literals += clause.len() as u64;
        (clause, back)
    }

    /// The literals (true) that fixed `x`, added to `out`; `false` for a decision.
    fn antecedents(&self, rows: &Rows, state: &State, x: u32, out: &mut Vec<u32>) -> bool {
        match self.reason[x as usize] {
            Reason::Row(r) => state.row_reason(rows, x, r, out),
            Reason::Probe => out.extend_from_slice(&self.probed[x as usize]),
            Reason::Clause(c) => {
                let own = lit(x, state.fixed(x) == Some(true));
                let clause = &self.clauses[c as usize];
                out.extend(clause.iter().filter(|&&l| l != own).map(|&l| l ^ 1));
            }
            Reason::Decision => return false,
        }
        true
    }

    /// Whether `x`'s fixing follows from the variables marked seen (the analysis's) and the
    /// root: every path back through the reasons ends there, within a few hundred steps, and
    /// stays on `levels`. What it proves implied is marked seen too (and listed in `marked`).
    fn implied(
        &mut self,
        rows: &Rows,
        state: &State,
        x: u32,
        levels: &[u32],
        marked: &mut Vec<usize>,
    ) -> bool {
        const BUDGET: usize = 400;
        let (mut stack, mut reached, mut antecedents) = (vec![x], Vec::new(), Vec::new());
        let mut implied = true;
        while let Some(y) = stack.pop() {
            antecedents.clear();
            if !self.antecedents(rows, state, y, &mut antecedents) || reached.len() > BUDGET {
                implied = false;
                break;
            }
            for &a in &antecedents {
                let z = (a >> 1) as usize;
                if self.seen[z] || self.level[z] == 0 {
                    continue;
                }
                if !levels.contains(&self.level[z]) {
                    implied = false;
                    break;
                }
                self.seen[z] = true;
                reached.push(z);
                stack.push(z as u32);
            }
            if !implied {
                break;
            }
        }
        if implied {
            marked.extend_from_slice(&reached);
        } else {
            for z in reached {
                self.seen[z] = false;
            }
        }
        implied
    }

    /// Stores a clause whose first two literals are to be watched, such as one learnt by
    /// [`Learn::analyse`]; returns its index. A clause of one literal is not watched: it holds
    /// from the root on.
    pub(super) fn attach(&mut self, clause: Vec<u32>) -> u32 {
        let c = self.clauses.len() as u32;
        if clause.len() > 1 {
            self.watches[clause[0] as usize].push(c);
            self.watches[clause[1] as usize].push(c);
        }
        self.clauses.push(clause);
        c
    }

    /// Adds a clause the search is given (a solution's no-good) at the node being looked at.
    pub(super) fn add(&mut self, state: &State, literals: &[u32]) -> Added {
        let level = |l: u32| self.level[(l >> 1) as usize];
        let mut clause: Vec<u32> = literals
            .iter()
            .copied()
            .filter(|&l| !is_false(state, l) || level(l) > 0)
            .collect();
        if clause.iter().any(|&l| is_true(state, l) && level(l) == 0) {
            return Added::Watched;
        }
        // Open or true literals first, then false ones from the highest level down.
        clause.sort_by_key(|&l| (is_false(state, l), std::cmp::Reverse(level(l))));
        match clause.len() {
            0 => Added::Empty,
            _ if is_false(state, clause[0]) => {
                Added::Conflict(clause.iter().map(|&l| l ^ 1).collect())
            }
            1 => Added::Unit(clause[0], self.attach(clause), 0),
            _ if is_false(state, clause[1]) && !is_true(state, clause[0]) => {
                let (unit, back) = (clause[0], level(clause[1]) as usize);
                Added::Unit(unit, self.attach(clause), back)
            }
            _ => {
                self.attach(clause);
                Added::Watched
            }
        }
    }

    /// Every clause stored, for tests that check them against solutions.
    #[cfg(test)]
    pub(super) fn clauses(&self) -> &[Vec<u32>] {
        &self.clauses
    }
}
