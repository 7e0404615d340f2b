//! Messages between the page and the engine worker: plain serde types, no web crate.

use crate::engine::{Formulation, Grid, SolveReport};
use serde::{Deserialize, Serialize};

/// Work the page asks the worker to do. Each request carries an id so stale answers are ignored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Solve with one formulation, counting up to `max_solutions` and keeping `keep` of them.
    Solve {
        puzzle: Grid,
        formulation: Formulation,
        max_solutions: Option<u64>,
        keep: usize,
    },
    /// Solve with every formulation, to compare them.
    Compare { puzzle: Grid },
}

/// One formulation's line in the comparison table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    pub formulation: Formulation,
    pub millis: f64,
    /// The report, or why the formulation could not answer.
    pub result: Result<SolveReport, String>,
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    Progress { done: u64, total: u64 },
    Solved { report: SolveReport, millis: f64 },
    Compared { rows: Vec<CompareRow> },
    Failed { message: String },
}

/// A request tagged with the id the answer will carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub id: u64,
    pub body: T,
}
