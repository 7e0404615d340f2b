//! When a search starts over: restart policies, each a node budget per run.

/// Decides how many nodes each run of a restarted search may spend before it starts over.
/// Any policy whose budgets grow without bound keeps the search complete, since the nogoods
/// recorded at each restart carry what earlier runs proved.
pub trait RestartPolicy: Send {
    /// The node budget of run `run` (0 is the first), or `None` to run to the end.
    fn cutoff(&mut self, run: u32) -> Option<u64>;
}

/// Never restarts: the plain depth-first search.
#[derive(Copy, Clone, Debug, Default)]
pub struct Never;

impl RestartPolicy for Never {
    fn cutoff(&mut self, _run: u32) -> Option<u64> {
        None
    }
}

/// Budgets growing by a constant factor from `first` (as MiniSat's restarts did).
#[derive(Copy, Clone, Debug)]
pub struct Geometric {
    pub first: u64,
    pub factor: f64,
}

impl RestartPolicy for Geometric {
    fn cutoff(&mut self, run: u32) -> Option<u64> {
        let run = i32::try_from(run).unwrap_or(i32::MAX);
        Some((self.first as f64 * self.factor.powi(run)) as u64)
    }
}

/// Luby, Sinclair and Zuckerman's universal sequence (1, 1, 2, 1, 1, 2, 4, ...) times a unit:
/// within a constant factor of the best fixed cutoff for any run-time distribution, which is
/// what heavy-tailed searches need.
#[derive(Copy, Clone, Debug)]
pub struct Luby {
    pub unit: u64,
}

impl RestartPolicy for Luby {
    fn cutoff(&mut self, run: u32) -> Option<u64> {
        Some(self.unit.saturating_mul(luby(u64::from(run) + 1)))
    }
}

/// The `i`-th term (from 1) of the Luby sequence.
pub fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        let mut policy = Luby { unit: 10 };
        assert_eq!(policy.cutoff(6), Some(40));
        assert_eq!(Never.cutoff(3), None);
        let mut geometric = Geometric {
            first: 100,
            factor: 1.5,
        };
        assert_eq!(geometric.cutoff(2), Some(225));
    }
}
