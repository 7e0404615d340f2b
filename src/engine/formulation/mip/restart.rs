//! Restarts of the node search: after a budget of conflicts the search goes back to the root,
//! keeping every clause it stored (the clauses learnt and the solutions' no-goods), the
//! variables' activity and saved phases, the root's probes and the LP's basis, so the next
//! descent starts with what was learnt. The budgets grow without bound (the Luby sequence
//! times a unit, or a geometric series), so a run still ends with a proof: once a budget
//! exceeds what the search has left, it runs to its end as the plain search does.

/// When the search restarts.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub enum Restarts {
    /// Never: one depth-first search.
    #[default]
    Never,
    /// After the i-th budget of `unit` times the i-th term of the Luby sequence (1, 1, 2, 1,
    /// 1, 2, 4, ...) conflicts.
    Luby(u64),
    /// After budgets of `unit`, `unit * factor`, `unit * factor^2`, ... conflicts.
    Geometric(u64, f64),
}

/// The conflicts counted against the current budget.
#[derive(Clone, Debug)]
pub(super) struct Schedule {
    policy: Restarts,
    /// Budgets spent so far (the next one's index, from 0).
    spent: u32,
    conflicts: u64,
}

/// The i-th term of the Luby sequence, from i = 1: `2^(k-1)` when `i = 2^k - 1`, otherwise
/// the term `2^(k-1) - 1` places back, for the least such k with `2^k - 1 >= i`.
pub(super) fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

impl Schedule {
    pub(super) fn new(policy: Restarts) -> Schedule {
        Schedule {
            policy,
            spent: 0,
            conflicts: 0,
        }
    }

    fn budget(&self) -> Option<u64> {
        match self.policy {
            Restarts::Never => None,
            Restarts::Luby(unit) => Some(unit.max(1) * luby(u64::from(self.spent) + 1)),
            Restarts::Geometric(unit, factor) => {
                Some((unit.max(1) as f64 * factor.max(1.0).powi(self.spent as i32)) as u64)
            }
        }
    }

    /// Counts a conflict; `true` when it ends the current budget, which starts the next.
    pub(super) fn conflict(&mut self) -> bool {
        self.conflicts += 1;
        if self.budget().is_some_and(|b| self.conflicts >= b) {
            self.conflicts = 0;
            self.spent += 1;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_terms() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn budgets_follow_the_policy() {
        let ends = |policy, conflicts| {
            let mut s = Schedule::new(policy);
            (1..=conflicts).filter(|_| s.conflict()).count()
        };
        // Budgets 3, 3, 6, 3, 3, 6, 12: the 7th ends at 36.
        assert_eq!(ends(Restarts::Luby(3), 36), 7);
        assert_eq!(ends(Restarts::Luby(3), 35), 6);
        // Budgets 2, 4, 8: the 3rd ends at 14.
        assert_eq!(ends(Restarts::Geometric(2, 2.0), 14), 3);
        assert_eq!(ends(Restarts::Never, 1000), 0);
    }
}
