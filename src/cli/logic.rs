//! The logic engine's commands: `hint`, `steps`, `rate` and `techniques`.

use super::args::{HintArgs, RateArgs, StepsArgs};
use super::batch::Answer;
use super::output::write_all;
use super::quantity;
use super::report::{Report, Status};
use crate::engine::Grid;
use crate::engine::analyze::Certificate;
use crate::engine::format::{Parsed, thousands};
use crate::engine::logic::{self, LogicOptions, Marks, Outcome, Rating, Technique, rating};
use serde::Serialize;

/// What keeps a state from the logic, or whether uniqueness techniques are sound in it.
enum Known {
    /// Fit for the logic; `unique` when its givens are proven to have one solution.
    Ready {
        unique: bool,
    },
    Not(Report),
}

/// Decides with the propagation search (as `check` does) whether the givens have one
/// solution, and that the state agrees with it.
fn known(marks: &Marks) -> Result<Known, String> {
    let grid = marks.to_grid();
    if let Some(c) = grid.conflicts().into_iter().next() {
        return Ok(Known::Not(Report::new(
            Status::NoSolution,
            Some(c.to_string()),
        )));
    }
    let certificate = logic::certify(&grid).map_err(|e| e.to_string())?;
    let unique = match certificate {
        Certificate::NoSolution => return Ok(Known::Not(Report::new(Status::NoSolution, None))),
        Certificate::Multiple { .. } => false,
        Certificate::Unique { solution } => {
            if let Some(why) = off_track(marks, &solution) {
                return Ok(Known::Not(Report::new(Status::OffTrack, Some(why))));
            }
            true
        }
    };
    if marks.is_broken() {
        return Ok(Known::Not(Report::new(
            Status::NoSolution,
            Some(broken(marks)),
        )));
    }
    Ok(Known::Ready { unique })
}

/// The first digit placed against the solution, or failing that the first of the solution's
/// candidates removed, and how many more there are (a wrong digit also removes candidates).
fn off_track(marks: &Marks, solution: &Grid) -> Option<String> {
    let cells = || {
        (0..marks.size().cells()).filter_map(|cell| {
            let p = marks.pos(cell);
            Some((cell, p, solution.digit(p)?))
        })
    };
    let mut placed = cells().filter_map(|(cell, p, want)| {
        let d = marks.value(cell).filter(|&d| d != want)?;
        Some(format!("{p} holds {d}, not the solution's digit"))
    });
    let mut removed = cells().filter_map(|(cell, p, want)| {
        let gone = marks.value(cell).is_none() && !marks.has(cell, want.index());
        gone.then(|| format!("{want} was removed from {p}, where the solution has it"))
    });
    let (first, more) = match placed.next() {
        Some(first) => (first, placed.count()),
        None => (removed.next()?, removed.count()),
    };
    match more {
        0 => Some(first),
        more => Some(format!("{first} (and {} more)", thousands(more as u64))),
    }
}

fn broken(marks: &Marks) -> String {
    match marks
        .empty_cells()
        .find(|&c| marks.candidates(c).is_empty())
    {
        Some(c) => format!("{} has no candidate left", marks.pos(c)),
        None => "a unit has no place left for a digit it lacks".to_string(),
    }
}

/// What a stuck state adds when its givens have several solutions (so no uniqueness technique
/// could help).
fn several(unique: bool) -> Option<String> {
    (!unique).then(|| "the givens have several solutions".to_string())
}

pub fn hint(args: &HintArgs, marks: &Marks) -> Result<Answer, String> {
    let report = hint_report(args, marks)?;
    Ok(report.render(args.json, false).into())
}

fn hint_report(args: &HintArgs, marks: &Marks) -> Result<Report, String> {
    let unique = match known(marks)? {
        Known::Ready { unique } => unique,
        Known::Not(report) => return Ok(report),
    };
    if marks.is_solved() {
        return Ok(Report::new(Status::Solved, None));
    }
    let options = LogicOptions {
        unique,
        ..LogicOptions::default()
    };
    let steps = match args.technique {
        None => logic::next_step(marks, &options).into_iter().collect(),
        Some(t) if t.needs_uniqueness() && !unique => {
            let why = format!("{} needs givens proven to have one solution", t.name());
            return Ok(Report::new(Status::None, Some(why)));
        }
        Some(t) if args.all => logic::find_all(marks, t),
        Some(t) => {
            let mut found = Vec::with_capacity(1);
            t.find(marks, &mut found, 1);
            found
        }
    };
    Ok(match (steps.is_empty(), args.technique) {
        (false, _) => Report {
            steps,
            ..Report::new(Status::Step, None)
        },
        (true, Some(t)) => Report::new(Status::None, Some(format!("no {} here", t.name()))),
        (true, None) => Report::stuck(steps, marks, several(unique)),
    })
}

pub fn steps(args: &StepsArgs, marks: &Marks) -> Result<Answer, String> {
    let report = match known(marks)? {
        Known::Not(report) => report,
        Known::Ready { unique } => {
            let options = LogicOptions {
                unique,
                ..LogicOptions::default()
            };
            let solved = logic::solve_marks(marks.clone(), &options);
            match solved.outcome {
                Outcome::Solved => Report {
                    steps: solved.steps,
                    ..Report::new(Status::Solved, None)
                },
                Outcome::Stuck => Report::stuck(solved.steps, &solved.marks, several(unique)),
                Outcome::Broken => Report {
                    steps: solved.steps,
                    ..Report::new(Status::NoSolution, Some(broken(&solved.marks)))
                },
            }
        }
    };
    Ok(report.render(args.json, true).into())
}

/// A puzzle's rating and the uniqueness techniques its solution used.
pub struct Rated {
    pub rating: Rating,
    pub uniqueness_used: Vec<Technique>,
}

/// The rating of a puzzle whose givens have one solution (`Some(true)`), several
/// (`Some(false)`) or none (`None`, no rating): uniqueness techniques only for one.
pub fn rated(puzzle: &Grid, unique: Option<bool>) -> Option<Rated> {
    let unique = unique?;
    let options = LogicOptions {
        unique,
        ..LogicOptions::default()
    };
    let solved = logic::solve(puzzle, &options);
    let empty = puzzle.entries().iter().filter(|e| e.digit().is_none());
    let rating = rating::rate_solved(&solved, puzzle.size(), empty.count());
    let mut uniqueness_used: Vec<Technique> = solved
        .steps
        .iter()
        .map(|s| s.technique)
        .filter(|t| t.needs_uniqueness())
        .collect();
    uniqueness_used.sort();
    uniqueness_used.dedup();
    Some(Rated {
        rating,
        uniqueness_used,
    })
}

/// `Hard, score 1,130, hardest X-Wing, 52 steps`, `needs guessing, stuck after 20 steps` or
/// `no solution`.
pub fn rating_text(rated: Option<&Rated>) -> String {
    let Some(r) = rated.map(|r| &r.rating) else {
        return "no solution".to_string();
    };
    let steps = quantity(r.steps as u64, "steps");
    match (r.level, r.outcome) {
        (Some(level), _) => {
            let hardest = r.hardest.map(|t| format!(", hardest {}", t.name()));
            format!(
                "{level}, score {}{}, {steps}",
                thousands(r.score),
                hardest.unwrap_or_default()
            )
        }
        (None, Outcome::Stuck) => format!("needs guessing, stuck after {steps}"),
        (None, _) => r.label().to_string(),
    }
}

pub fn rate(args: &RateArgs, parsed: &Parsed) -> Result<Answer, String> {
    let puzzle = &parsed.puzzle;
    let certificate = logic::certify(puzzle).map_err(|e| e.to_string())?;
    let unique = match certificate {
        Certificate::NoSolution => None,
        Certificate::Unique { .. } => Some(true),
        Certificate::Multiple { .. } => Some(false),
    };
    let rated = rated(puzzle, unique);
    if args.json {
        return Ok(rate_json(rated.as_ref(), &certificate).into());
    }
    let mut line = rating_text(rated.as_ref());
    let used = rated.as_ref().map_or(&[][..], |r| &r.uniqueness_used[..]);
    let names: Vec<&str> = used.iter().map(|t| t.name()).collect();
    match certificate {
        Certificate::NoSolution => {}
        Certificate::Multiple { .. } => {
            line.push_str("; several solutions: no uniqueness techniques");
        }
        Certificate::Unique { .. } if names.is_empty() => {
            line.push_str("; one solution: uniqueness techniques allowed, none used");
        }
        Certificate::Unique { .. } => {
            line.push_str("; one solution: uniqueness techniques allowed, used ");
            line.push_str(&names.join(", "));
        }
    }
    Ok(line.into())
}

#[derive(Serialize)]
struct RateJson {
    level: Option<&'static str>,
    score: u64,
    hardest: Option<&'static str>,
    steps: usize,
    outcome: &'static str,
    solutions: &'static str,
    uniqueness_used: Vec<&'static str>,
}

fn rate_json(rated: Option<&Rated>, certificate: &Certificate) -> String {
    let solutions = match certificate {
        Certificate::NoSolution => "none",
        Certificate::Unique { .. } => "one",
        Certificate::Multiple { .. } => "several",
    };
    let r = rated.map(|r| &r.rating);
    let json = RateJson {
        level: r.and_then(|r| r.level).map(logic::Level::id),
        score: r.map_or(0, |r| r.score),
        hardest: r
            .filter(|r| r.level.is_some())
            .and_then(|r| r.hardest)
            .map(Technique::id),
        steps: r.map_or(0, |r| r.steps),
        outcome: match r.map(|r| r.outcome) {
            Some(Outcome::Solved) => "solved",
            Some(Outcome::Stuck) => "stuck",
            Some(Outcome::Broken) | None => "no solution",
        },
        solutions,
        uniqueness_used: rated
            .map(|r| r.uniqueness_used.iter().map(|t| t.id()).collect())
            .unwrap_or_default(),
    };
    serde_json::to_string(&json).expect("plain data serializes")
}

#[derive(Serialize)]
struct TechniqueJson {
    technique: &'static str,
    name: &'static str,
    level: &'static str,
    score: u32,
    code: Option<&'static str>,
    needs_uniqueness: bool,
}

/// Prints the registry, one technique per line in the solver's order; returns the exit status.
pub fn techniques(json: bool) -> i32 {
    let rows: Vec<[String; 5]> = Technique::ALL
        .iter()
        .map(|t| {
            [
                t.id().to_string(),
                t.name().to_string(),
                t.level().name().to_string(),
                t.score().to_string(),
                t.hodoku_code().unwrap_or("-").to_string(),
            ]
        })
        .collect();
    let mut text = String::new();
    for (t, row) in Technique::ALL.iter().zip(&rows) {
        let line = if json {
            let json = TechniqueJson {
                technique: t.id(),
                name: t.name(),
                level: t.level().id(),
                score: t.score(),
                code: t.hodoku_code(),
                needs_uniqueness: t.needs_uniqueness(),
            };
            serde_json::to_string(&json).expect("plain data serializes")
        } else {
            aligned(row, &rows)
        };
        text.push_str(line.trim_end());
        text.push('\n');
    }
    write_all(text.as_bytes())
}

/// A row with its columns padded to the widest of `rows` (the score right-aligned).
fn aligned(row: &[String; 5], rows: &[[String; 5]]) -> String {
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    format!(
        "{:w0$}  {:w1$}  {:w2$}  {:>w3$}  {}",
        row[0],
        row[1],
        row[2],
        row[3],
        row[4],
        w0 = width(0),
        w1 = width(1),
        w2 = width(2),
        w3 = width(3),
    )
}
