//! The comparison table's words: each formulation's effort in its own terms, and what times
//! this small can tell.

use super::quantity;
use crate::engine::{Formulation, Stats};

/// A formulation's effort on one puzzle, in its own terms: exact cover's model is a matrix of
/// rows and columns, SAT's constraints are clauses and MIP's solver calls are LP solves. Where
/// the formulation's preprocessing decided the puzzle and its solver had nothing left to do,
/// the words say so rather than show a row of zeros, and say how: by filling the grid, or by
/// meeting a contradiction (`solved` false).
pub fn compare_effort(formulation: Formulation, stats: &Stats, solved: bool) -> String {
    let (variables, constraints, calls) = match formulation {
        Formulation::ExactCover => ("rows", "columns", "solver calls"),
        Formulation::Sat => ("variables", "clauses", "solver calls"),
        Formulation::Mip => ("variables", "constraints", "LP solves"),
        Formulation::Propagation => ("variables", "constraints", "solver calls"),
    };
    let counted = |name: &str, n: Option<u64>| n.map(|n| quantity(n, name));
    let model = [
        counted(variables, stats.variables),
        counted(constraints, stats.constraints),
    ];
    let decided = match formulation {
        // No cell left open: the model handed to the SAT solver is empty.
        Formulation::Sat if stats.variables == Some(0) => {
            return match solved {
                true => "decided before the solver: the clues' singles fill the grid",
                false => {
                    "decided before the solver: the clues and their singles contradict each other"
                }
            }
            .to_string();
        }
        Formulation::Mip if stats.solver_calls == Some(0) && stats.nodes <= Some(1) => {
            Some("decided by propagation at the root, no LP solved".to_string())
        }
        _ => None,
    };
    let effort = match decided {
        Some(words) => vec![Some(words)],
        None => vec![
            counted("nodes", stats.nodes),
            counted("guesses", stats.guesses),
            counted("LP iterations", stats.lp_iterations),
            counted(calls, stats.solver_calls),
        ],
    };
    effort
        .into_iter()
        .chain(model)
        .flatten()
        .collect::<Vec<_>>()
        .join(", ")
}

/// Said under the table when every formulation answered within a millisecond: browsers' clocks
/// tick in a tenth of a millisecond at best (a whole one in some), so such times do not rank
/// the formulations.
pub fn compare_note(millis: &[f64]) -> Option<&'static str> {
    (!millis.is_empty() && millis.iter().all(|&ms| ms < 1.0)).then_some(
        "Each formulation answered within a millisecond, close to what the browser's clock can \
         tell apart: these times do not rank them; a harder puzzle does.",
    )
}
