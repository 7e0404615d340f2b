//! The `check` command's verdict on one puzzle.

use super::output::TerminalProgress;
use super::quantity;
use crate::batch::logic;
use crate::engine::examine::{CheckOutcome, ExamineOptions, examine};
use crate::engine::{Formulation, Grid};

/// Uniqueness and minimality, and with `difficulty` each formulation's measured effort and the
/// logic rating. The page's Check calls the same [`examine`].
pub fn check_line(
    puzzle: &Grid,
    formulation: Formulation,
    difficulty: bool,
) -> Result<String, String> {
    let options = ExamineOptions {
        formulation,
        profile: if difficulty {
            Formulation::ALL.to_vec()
        } else {
            Vec::new()
        },
        // Ctrl-C ends the process.
        cancel: None,
    };
    // From 25x25 up a check can take minutes: a terminal shows which clue it is at.
    let mut progress = TerminalProgress::first_free();
    let examined =
        examine(puzzle, &options, &mut |p| progress.report(p)).map_err(|e| e.to_string())?;
    drop(progress);
    let (verdict, unique) = match &examined.outcome {
        CheckOutcome::NoSolution => ("no solution".to_string(), None),
        CheckOutcome::Multiple { .. } => ("multiple".to_string(), Some(false)),
        CheckOutcome::Unique { redundant, .. } if redundant.is_empty() => {
            ("unique minimal".to_string(), Some(true))
        }
        CheckOutcome::Unique { redundant, .. } => {
            let redundant: Vec<String> = redundant.iter().map(|p| p.to_string()).collect();
            (
                format!("unique redundant: {}", redundant.join(" ")),
                Some(true),
            )
        }
    };
    if !difficulty {
        return Ok(verdict);
    }
    let mut parts = vec![verdict];
    for effort in &examined.effort {
        let measured = match &effort.stats {
            Ok(stats) => {
                let counts: Vec<String> = stats
                    .entries()
                    .into_iter()
                    .filter(|(name, _)| !matches!(*name, "variables" | "constraints"))
                    .map(|(name, v)| quantity(v, name))
                    .collect();
                counts.join(", ")
            }
            Err(e) => e.to_string(),
        };
        parts.push(format!("{}: {measured}", effort.formulation.id()));
    }
    let rated = logic::rated(puzzle, unique);
    parts.push(format!("logic: {}", logic::rating_text(rated.as_ref())));
    Ok(parts.join("; "))
}
