//! Failures the page meets outside the engine: what it could not read, why its worker stopped,
//! why a job ended without an answer.

use super::thousands;
use crate::engine::Size;
use crate::engine::error::{AnalyzeError, GenerateError, SolveError};
use crate::engine::format::MAX_INPUT_BYTES;
use crate::engine::formulation::ModelFormat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why the page could not read what it was asked to import, before any parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// A file over the import limit ([`MAX_INPUT_BYTES`]), refused before reading so that it
    /// never has to fit in memory.
    TooLarge { name: String, bytes: u64 },
    /// A file the browser could not read as text.
    NotText { name: String },
    /// A share link whose puzzle is not valid URL encoding.
    DamagedLink,
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unread::TooLarge { name, bytes } => write!(
                f,
                "{name} is {} bytes; the limit is {} bytes.",
                thousands(*bytes),
                thousands(MAX_INPUT_BYTES as u64)
            ),
            Unread::NotText { name } => write!(f, "{name} could not be read as text."),
            Unread::DamagedLink => {
                f.write_str("the share link is damaged (its puzzle is not valid URL encoding).")
            }
        }
    }
}

/// Why the engine's worker stopped, as the browser's error event told it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The browser's own message (the script did not load, memory ran out, a panic).
    Error(String),
    /// An error event without a message, or a message the page could not take.
    Unexplained,
}

impl fmt::Display for EngineFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFault::Error(message) => f.write_str(message),
            EngineFault::Unexplained => f.write_str("the worker failed"),
        }
    }
}

/// Why the worker answered a job with no result: the engine's own error, or a limit or fault of
/// the page and worker around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Failure {
    Solve(SolveError),
    Generate(GenerateError),
    Analyze(AnalyzeError),
    /// A model larger than the page hands out (`limit` bytes): copying it across stalls the
    /// page, so only the command line writes it.
    ModelTooLarge {
        model: ModelFormat,
        size: Size,
        bytes: usize,
        limit: usize,
    },
    /// The worker could not read the request: page and worker come from different builds.
    UnreadableRequest,
    /// The worker could not encode its answer.
    Unsendable,
    /// There is no worker to send the request to.
    NoWorker,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Solve(e) => e.fmt(f),
            Failure::Generate(e) => e.fmt(f),
            Failure::Analyze(e) => e.fmt(f),
            Failure::ModelTooLarge {
                model,
                size,
                bytes,
                limit,
            } => write!(
                f,
                "the {} model of a {size} puzzle is {} MB, more than the page hands out ({} MB); \
                 the command line writes it: sudoku-lab export --format {}.",
                model.name(),
                bytes >> 20,
                limit >> 20,
                model.name().to_ascii_lowercase()
            ),
            Failure::UnreadableRequest => {
                f.write_str("the engine could not read the request; reload the page")
            }
            Failure::Unsendable => f.write_str("the engine could not send its answer"),
            Failure::NoWorker => f.write_str("the engine worker is not available"),
        }
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        Failure::Solve(e)
    }
}

impl From<GenerateError> for Failure {
    fn from(e: GenerateError) -> Self {
        Failure::Generate(e)
    }
}

impl From<AnalyzeError> for Failure {
    fn from(e: AnalyzeError) -> Self {
        Failure::Analyze(e)
    }
}
