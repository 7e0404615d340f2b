//! The branch and bound's counters, which [`super::run_detailed`] returns beside the common
//! statistics.

/// The branch and bound's effort, over every optimisation of one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MipStats {
    /// Branch-and-bound nodes, counting the root of each optimisation.
    pub nodes: u64,
    /// LP relaxations solved: one per node that branches, answers, or is closed by its LP
    /// (infeasible or over the bound), one per no-good cut.
    pub lp_solves: u64,
    /// Simplex iterations over all LP solves.
    pub simplex_iterations: u64,
    /// Variables fixed at the root before the LP is built.
    pub presolve_fixed: u64,
    /// Variables fixed by propagation at the nodes below the root.
    pub propagation_fixed: u64,
    /// Of those, and at the root after presolve: variables fixed at 0 by probing, as setting
    /// them to 1 made the rows meet a conflict.
    pub probing_fixed: u64,
    /// Probes run at the nodes (each sets an open variable to 1 and propagates), failed or not.
    pub probes: u64,
    /// Variables fixed at 0 because no perfect matching of their all-different view (a
    /// unit's cells and digits, a digit's rows and columns) uses them, at the nodes and at the
    /// root after presolve (counted in `propagation_fixed` too).
    pub matching_fixed: u64,
    /// Nodes propagation closed without solving their LP.
    pub propagation_pruned: u64,
    /// Nodes whose LP was infeasible after propagation and probing left them open.
    pub lp_pruned: u64,
    /// Nodes left without solving their LP because the child they branch to first (tried
    /// before the node's LP) was refuted, by its decision or its probing, so that what was
    /// learnt changed them.
    pub lp_skipped: u64,
    /// Clauses learnt from closed nodes, and their literals.
    pub learnt_clauses: u64,
    pub learnt_literals: u64,
    /// Levels the jumps back after conflicts skipped (a chronological jump skips none), and
    /// the literals the clauses fixed at the nodes.
    pub levels_skipped: u64,
    pub clause_fixed: u64,
    /// Whether the first root LP, solved after presolve and the root's probing, was integral
    /// (`None`: presolve left no LP to solve).
    pub root_integral: Option<bool>,
    /// Columns and rows of the root LP after presolve.
    pub lp_columns: u64,
    pub lp_rows: u64,
}

impl MipStats {
    /// Adds another tree's effort to this one's; the root's facts (its LP's size, whether it
    /// was integral) stay this one's.
    pub fn add(&mut self, other: &MipStats) {
        self.nodes += other.nodes;
        self.lp_solves += other.lp_solves;
        self.simplex_iterations += other.simplex_iterations;
        self.presolve_fixed += other.presolve_fixed;
        self.propagation_fixed += other.propagation_fixed;
        self.probing_fixed += other.probing_fixed;
        self.probes += other.probes;
        self.matching_fixed += other.matching_fixed;
        self.propagation_pruned += other.propagation_pruned;
        self.lp_pruned += other.lp_pruned;
        self.lp_skipped += other.lp_skipped;
        self.learnt_clauses += other.learnt_clauses;
        self.learnt_literals += other.learnt_literals;
        self.levels_skipped += other.levels_skipped;
        self.clause_fixed += other.clause_fixed;
    }
}
