//! The `check` command's verdict on one puzzle.

use super::{logic, quantity};
use crate::engine::analyze::{self, Certificate};
use crate::engine::generate;
use crate::engine::{Formulation, Grid};

/// Uniqueness and minimality, and with `difficulty` each formulation's measured effort and the
/// logic rating.
pub fn check_line(
    puzzle: &Grid,
    formulation: Formulation,
    difficulty: bool,
) -> Result<String, String> {
    let options = analyze::AnalyzeOptions {
        formulation,
        ..analyze::AnalyzeOptions::default()
    };
    let certificate = analyze::uniqueness(puzzle, formulation, None).map_err(|e| e.to_string())?;
    let verdict = match &certificate {
        Certificate::NoSolution => "no solution".to_string(),
        Certificate::Multiple { .. } => "multiple".to_string(),
        Certificate::Unique { .. } => {
            let roles = analyze::irreducibility(puzzle, &options, &mut generate::no_progress)
                .map_err(|e| e.to_string())?;
            let redundant: Vec<String> = roles.redundant().iter().map(|p| p.to_string()).collect();
            if redundant.is_empty() {
                "unique minimal".to_string()
            } else {
                format!("unique redundant: {}", redundant.join(" "))
            }
        }
    };
    if !difficulty {
        return Ok(verdict);
    }
    let d = analyze::difficulty(puzzle, &options, &mut generate::no_progress)
        .map_err(|e| e.to_string())?;
    let mut parts = vec![verdict];
    for effort in &d.effort {
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
    let rated = logic::rated(puzzle, &certificate);
    parts.push(format!("logic: {}", logic::rating_text(rated.as_ref())));
    Ok(parts.join("; "))
}
