//! Why a formulation could not answer, and why a question put to one was left undecided.

use super::Formulation;
use crate::engine::check::CheckError;
use crate::engine::grid::{Digit, Pos, Size};
use crate::engine::search::Halt;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a formulation could not answer. The first two are about the question; the others are
/// failures of a solver (a bug or an unexpected numerical problem), worded "solver failure".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SolveError {
    /// The grid is larger than the formulation accepts (see [`Formulation::max_box`]).
    TooLarge {
        formulation: Formulation,
        max_box: usize,
    },
    /// A forbidden digit or cell outside the grid: the formulations index their models by cell
    /// and digit, where such a pair would land on another cell.
    BadQuery { pos: Pos, digit: Digit, size: Size },
    /// A solution failed the independent checker on its way out, so it was never shown.
    InvalidSolution {
        formulation: Formulation,
        error: CheckError,
    },
    /// The run ended before deciding with no limit of the caller's behind it (`halt` as the
    /// run reported it, `None` if it reported none).
    StoppedEarly {
        formulation: Formulation,
        halt: Option<Halt>,
    },
    /// A node limit ended the run before deciding where the caller could not do without the
    /// answer (see [`Undecided::OverBudget`]).
    OverBudget,
    /// varisat's error, as its message: the solver's error type can neither be cloned nor sent
    /// to the page.
    Sat(String),
    /// varisat called the formula satisfiable but gave no model.
    SatNoModel,
    /// The LP relaxation's failure other than infeasibility (its iteration limit), as its
    /// message, which is what the page can be sent.
    Mip(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge {
                formulation,
                max_box,
            } => {
                let side = max_box * max_box;
                write!(
                    f,
                    "{formulation} handles grids up to {side}x{side}; use another formulation"
                )
            }
            SolveError::BadQuery { pos, digit, size } => write!(
                f,
                "bad question: digit {digit} at row {}, column {} does not fit a {size} grid",
                pos.row + 1,
                pos.col + 1
            ),
            SolveError::InvalidSolution { formulation, error } => write!(
                f,
                "solver failure: {formulation} produced an invalid solution: {error}"
            ),
            SolveError::StoppedEarly { formulation, halt } => write!(
                f,
                "solver failure: {formulation} stopped with {halt:?} before deciding"
            ),
            SolveError::OverBudget => {
                f.write_str("solver failure: the solver stopped at a node limit before deciding")
            }
            SolveError::Sat(message) | SolveError::Mip(message) => {
                write!(f, "solver failure: {message}")
            }
            SolveError::SatNoModel => f.write_str("solver failure: satisfiable but no model"),
        }
    }
}

impl std::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SolveError::InvalidSolution { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Why [`decide`](super::decide) has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    Cancelled,
    /// The search reached the limits' node budget first (only when the caller set one).
    OverBudget,
    Solver(SolveError),
}

impl Undecided {
    /// The failure behind it for a caller that must have the answer: `None` when it was
    /// cancelled; running out of a budget counts as [`SolveError::OverBudget`]. Every job
    /// error (generation, analysis) converts through this.
    pub fn failure(self) -> Option<SolveError> {
        match self {
            Undecided::Cancelled => None,
            Undecided::OverBudget => Some(SolveError::OverBudget),
            Undecided::Solver(e) => Some(e),
        }
    }
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecided::Cancelled => f.write_str("cancelled before deciding"),
            Undecided::OverBudget => f.write_str("the node budget ran out before deciding"),
            Undecided::Solver(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Undecided {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Undecided::Solver(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::UnitKind;
    use std::error::Error;

    /// The sentences the CLI and the page show; they were strings before these were variants.
    #[test]
    fn each_failure_reads_as_before() {
        let nine = Size::new(3).expect("a size");
        let cases = [
            (
                SolveError::TooLarge {
                    formulation: Formulation::Mip,
                    max_box: 5,
                },
                "MIP handles grids up to 25x25; use another formulation",
            ),
            (
                SolveError::BadQuery {
                    pos: Pos::new(9, 0),
                    digit: Digit::from_index(0),
                    size: nine,
                },
                "bad question: digit 1 at row 10, column 1 does not fit a 9x9 grid",
            ),
            (
                SolveError::InvalidSolution {
                    formulation: Formulation::Sat,
                    error: CheckError::Duplicate {
                        unit: UnitKind::Box,
                        index: 2,
                    },
                },
                "solver failure: SAT produced an invalid solution: box 3 repeats a digit",
            ),
            (
                SolveError::StoppedEarly {
                    formulation: Formulation::ExactCover,
                    halt: Some(Halt::Sink),
                },
                "solver failure: Exact cover stopped with Some(Sink) before deciding",
            ),
            (
                SolveError::OverBudget,
                "solver failure: the solver stopped at a node limit before deciding",
            ),
            (
                SolveError::SatNoModel,
                "solver failure: satisfiable but no model",
            ),
            (
                SolveError::Mip("problem is unbounded".into()),
                "solver failure: problem is unbounded",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
        }
    }

    #[test]
    fn an_invalid_solution_keeps_the_checkers_error_as_its_source() {
        let check = CheckError::Empty(Pos::new(0, 1));
        let e = SolveError::InvalidSolution {
            formulation: Formulation::Propagation,
            error: check.clone(),
        };
        let source = e.source().expect("a source");
        assert_eq!(source.downcast_ref::<CheckError>(), Some(&check));
        assert!(SolveError::OverBudget.source().is_none());
    }

    #[test]
    fn only_cancellation_is_not_a_failure() {
        assert_eq!(Undecided::Cancelled.failure(), None);
        assert_eq!(
            Undecided::OverBudget.failure(),
            Some(SolveError::OverBudget)
        );
        let e = SolveError::SatNoModel;
        assert_eq!(Undecided::Solver(e.clone()).failure(), Some(e));
    }
}
