//! What sudoku-lab says, in one place below both the page state and the command line.

mod answers;
mod failure;
mod message;
mod play;

pub use crate::engine::format::thousands;
use crate::engine::formulation::ModelFormat;
use crate::engine::generate::{Phase, Symmetry};
pub use answers::{CheckAnswer, Checked, SolveAnswer, Solved, Stepper, Yours, rating_words};
pub use failure::{EngineFault, Unread};
pub use message::{Clipboard, ImportError, ImportSource, Imported, Message, Slow};
pub use play::PlayMessage;
use serde::{Deserialize, Serialize};

/// What kind of job the engine is busy with; messages name it by its verb.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobKind {
    Solve,
    Count,
    Compare,
    Generate,
    Check,
    Export(ModelFormat),
    Hint,
    Steps,
}

impl JobKind {
    pub fn verb(self) -> &'static str {
        match self {
            JobKind::Solve => "Solving",
            JobKind::Count => "Counting solutions",
            JobKind::Compare => "Comparing formulations",
            JobKind::Generate => "Generating",
            JobKind::Check => "Checking",
            JobKind::Export(_) => "Exporting the model",
            JobKind::Hint => "Finding a hint",
            JobKind::Steps => "Solving step by step",
        }
    }
}

/// `1 guess`, `2 guesses`: `plural` is the word for many.
pub fn quantity(n: u64, plural: &str) -> String {
    let word = match n {
        1 if plural.ends_with("sses") => &plural[..plural.len() - 2],
        1 => plural.strip_suffix('s').unwrap_or(plural),
        _ => plural,
    };
    format!("{} {word}", thousands(n))
}

/// `0.4 ms`, `41.3 ms`, `1.23 s`; under a tenth of a millisecond says so.
pub fn format_millis(ms: f64) -> String {
    if ms < 0.1 {
        "< 0.1 ms".to_string()
    } else if ms < 1000.0 {
        format!("{:.1} ms", ms)
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// What a progress bar counts: `Removing clues: 412 of 625 cells`.
pub fn progress_text(phase: Phase, done: u64, total: u64) -> String {
    let (what, unit) = match phase {
        // The grid search reports only its start.
        Phase::FullGrid => return "Filling a grid...".into(),
        Phase::Adding => ("Adding clues", "cells"),
        Phase::Removing => ("Removing clues", "cells"),
        Phase::Uniqueness => ("Deciding uniqueness", "steps"),
        Phase::Clues => ("Testing clues", "clues"),
        Phase::Difficulty => ("Measuring effort", "formulations"),
        Phase::Formulations => ("Comparing", "formulations answered"),
        Phase::Solutions => {
            // A count asks for one solution past its limit, to tell the limit from more.
            return format!(
                "Counting: {} so far (stops at {})",
                quantity(done, "solutions"),
                thousands(total.saturating_sub(1))
            );
        }
    };
    format!("{what}: {} of {} {unit}", thousands(done), thousands(total))
}

/// How a symmetry is named in the app.
pub fn symmetry_name(s: Symmetry) -> &'static str {
    match s {
        Symmetry::None => "None",
        Symmetry::Rotate180 => "Half turn",
        Symmetry::Rotate90 => "Quarter turn",
        Symmetry::MainDiagonal => "Main diagonal",
        Symmetry::AntiDiagonal => "Anti-diagonal",
        Symmetry::Horizontal => "Horizontal mirror",
        Symmetry::Vertical => "Vertical mirror",
    }
}

/// Ends a message with a full stop unless it has one.
pub(crate) fn sentence(text: String) -> String {
    if text.ends_with(['.', '!', '?']) {
        text
    } else {
        text + "."
    }
}
