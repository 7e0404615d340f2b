//! What the batch commands make of one puzzle: the work, apart from how it is written out.

use super::args::{CountArgs, SolveArgs};
use super::batch::Answer;
use super::quantity;
use crate::engine::format::{self, Format, Parsed};
use crate::engine::formulation::ModelFormat;
use crate::engine::{Grid, Query, SolveOptions, Verdict, solve as solve_grid};

/// Writes a grid in the format it was read in (line falls back to numeric for big grids).
pub fn write_like(grid: &Grid, format: Format) -> String {
    match format {
        Format::Json => format::write_json(grid),
        Format::Numeric => format::write_numeric(grid),
        Format::Line | Format::Grid => format::write_compact(grid),
    }
}

pub fn solve(args: &SolveArgs, parsed: &Parsed) -> Result<Answer, String> {
    let r = solve_grid(
        &parsed.puzzle,
        args.solver.formulation,
        &SolveOptions::default(),
    )
    .map_err(|e| e.to_string())?;
    let line = match r.verdict() {
        Verdict::NoSolution => "no solution".to_string(),
        Verdict::Multiple => "multiple solutions".to_string(),
        Verdict::Unknown => "unknown (stopped early)".to_string(),
        Verdict::Unique => {
            let format = if args.json {
                Format::Json
            } else {
                parsed.format
            };
            write_like(&r.solutions[0], format)
        }
    };
    Ok(line.into())
}

pub fn count(args: &CountArgs, parsed: &Parsed) -> Result<Answer, String> {
    // One solution past the limit tells "exactly K" from "more than K".
    let options = SolveOptions {
        max_solutions: args.limit.map(|k| k.saturating_add(1)),
        keep: 0,
        ..SolveOptions::default()
    };
    let r =
        solve_grid(&parsed.puzzle, args.solver.formulation, &options).map_err(|e| e.to_string())?;
    let count = args.limit.map_or(r.count, |k| r.count.min(k));
    // Standard output stays one integer per puzzle; the bound is said beside it.
    let note = (count < r.count || !r.exhaustive).then(|| {
        format!(
            "stopped at the limit: more than {}",
            quantity(count, "solutions")
        )
    });
    Ok(Answer {
        line: count.to_string(),
        note,
    })
}

pub fn convert(to: Format, parsed: &Parsed) -> Result<Answer, String> {
    // The text formats cannot mark a clue: written there, a saved game's own digits would
    // come back as givens (clashing ones as an unreadable puzzle).
    let (grid, note) = if to == Format::Json || parsed.grid == parsed.puzzle {
        (&parsed.grid, None)
    } else {
        let filled = parsed.grid.entries().iter().filter(|e| e.digit().is_some());
        let left = (filled.count() - parsed.puzzle.given_count()) as u64;
        let note = format!(
            "{} outside the givens left out: {} holds givens only",
            quantity(left, "digits"),
            to.name()
        );
        (&parsed.puzzle, Some(note))
    };
    let text = format::write(grid, to).map_err(|e| e.to_string())?;
    Ok(Answer {
        line: text.trim_end().to_string(),
        note,
    })
}

pub fn export(model: ModelFormat, parsed: &Parsed) -> Result<Answer, String> {
    let text = model
        .write(&Query::new(&parsed.puzzle))
        .map_err(|e| e.to_string())?;
    Ok(text.trim_end().to_string().into())
}
