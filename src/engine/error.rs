//! The engine's errors in one place: each is data (variants carrying their numbers) rendered to
//! one sentence by `Display`, which the CLI and the page show as they are.
//!
//! Reading text fails with [`ParseError`] (a JSON document with [`JsonIssue`]s), deserializing a
//! grid with [`GridShapeError`], checking a solution with [`CheckError`], a formulation with
//! [`SolveError`] (a question it was asked to decide and could not: [`Undecided`]). The long
//! jobs built on formulations, generation and analysis, fail only by being cancelled or through
//! a formulation's failure; both convert from [`Undecided`] through [`Undecided::failure`].

use super::search::Halt;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use super::check::CheckError;
pub use super::format::{JsonError, JsonIssue, ParseError};
pub use super::formulation::{SolveError, Undecided};
pub use super::grid::{DigitError, GridShapeError};

/// Why generation gave no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GenerateError {
    Cancelled,
    /// The search for a random full grid ended without one and not for want of budget (`halt`
    /// as the search reported it): a search bug.
    FullGrid {
        halt: Option<Halt>,
    },
    Solver(SolveError),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Cancelled => f.write_str("generation cancelled"),
            GenerateError::FullGrid { halt } => {
                write!(
                    f,
                    "solver failure: the empty grid search ended with {halt:?}"
                )
            }
            GenerateError::Solver(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GenerateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GenerateError::Solver(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SolveError> for GenerateError {
    fn from(e: SolveError) -> Self {
        GenerateError::Solver(e)
    }
}

impl From<Undecided> for GenerateError {
    fn from(e: Undecided) -> Self {
        e.failure()
            .map_or(GenerateError::Cancelled, GenerateError::Solver)
    }
}

/// Why an analysis gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnalyzeError {
    Cancelled,
    Solver(SolveError),
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyzeError::Cancelled => f.write_str("analysis cancelled"),
            AnalyzeError::Solver(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AnalyzeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AnalyzeError::Solver(e) => Some(e),
            AnalyzeError::Cancelled => None,
        }
    }
}

impl From<SolveError> for AnalyzeError {
    fn from(e: SolveError) -> Self {
        AnalyzeError::Solver(e)
    }
}

impl From<Undecided> for AnalyzeError {
    fn from(e: Undecided) -> Self {
        e.failure()
            .map_or(AnalyzeError::Cancelled, AnalyzeError::Solver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error;

    #[test]
    fn jobs_convert_an_undecided_question_the_same_way() {
        let failure = SolveError::SatNoModel;
        assert_eq!(
            GenerateError::from(Undecided::Cancelled),
            GenerateError::Cancelled
        );
        assert_eq!(
            AnalyzeError::from(Undecided::Cancelled),
            AnalyzeError::Cancelled
        );
        assert_eq!(
            GenerateError::from(Undecided::OverBudget),
            GenerateError::Solver(SolveError::OverBudget)
        );
        assert_eq!(
            AnalyzeError::from(Undecided::Solver(failure.clone())),
            AnalyzeError::Solver(failure)
        );
    }

    #[test]
    fn job_errors_read_as_before_and_keep_their_cause() {
        assert_eq!(GenerateError::Cancelled.to_string(), "generation cancelled");
        assert_eq!(AnalyzeError::Cancelled.to_string(), "analysis cancelled");
        assert_eq!(
            GenerateError::FullGrid { halt: None }.to_string(),
            "solver failure: the empty grid search ended with None"
        );
        let cause = SolveError::OverBudget;
        for e in [
            Box::new(GenerateError::Solver(cause.clone())) as Box<dyn Error>,
            Box::new(AnalyzeError::Solver(cause.clone())),
        ] {
            assert_eq!(e.to_string(), cause.to_string());
            let source = e.source().and_then(|s| s.downcast_ref::<SolveError>());
            assert_eq!(source, Some(&cause));
        }
        assert!(GenerateError::Cancelled.source().is_none());
    }
}
