//! The logic engine's answers: a hint or the steps in a pencil-mark state, a puzzle's rating.

use super::report::{Report, Status};
use crate::engine::Grid;
use crate::engine::analyze::Certificate;
use crate::engine::format::thousands;
use crate::engine::logic::{self, LogicOptions, Marks, Outcome, Rating, Technique, rating};
use crate::words::{conflict_words, quantity};
use serde::Serialize;

/// Whether the givens have one solution: natively with the search split over the cores as
/// `count` splits it.
#[cfg(not(target_arch = "wasm32"))]
use super::split::certify;

#[cfg(target_arch = "wasm32")]
fn certify(puzzle: &Grid) -> Result<Certificate, String> {
    logic::certify(puzzle).map_err(|e| e.to_string())
}

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
    // Clues that clash leave no solution; a placed digit that clashes is the player's, and
    // with one solution it is off track like any wrong digit.
    let clash = |grid: &Grid| {
        grid.conflicts().into_iter().next().map(|c| {
            let words = conflict_words(&c, grid.size().side());
            Known::Not(Report::new(Status::NoSolution, Some(words)))
        })
    };
    if let Some(clues_clash) = clash(&grid.puzzle()) {
        return Ok(clues_clash);
    }
    let certificate = certify(&grid)?;
    let unique = match certificate {
        Certificate::NoSolution => return Ok(Known::Not(Report::new(Status::NoSolution, None))),
        Certificate::Multiple { .. } => match clash(&grid) {
            Some(placed_clash) => return Ok(placed_clash),
            None => false,
        },
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

/// The next step in `marks`, or with `technique` its first instance (every one with `all`),
/// and how the state stands.
pub fn hint(marks: &Marks, technique: Option<Technique>, all: bool) -> Result<Report, String> {
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
    let steps = match technique {
        None => logic::next_step(marks, &options).into_iter().collect(),
        Some(t) if t.needs_uniqueness() && !unique => {
            let why = format!("{} needs givens proven to have one solution", t.name());
            return Ok(Report::new(Status::None, Some(why)));
        }
        Some(t) if all => logic::find_all(marks, t),
        Some(t) => {
            let mut found = Vec::with_capacity(1);
            t.find(marks, &mut found, 1);
            found
        }
    };
    Ok(match (steps.is_empty(), technique) {
        (false, _) => Report {
            steps,
            ..Report::new(Status::Step, None)
        },
        (true, Some(t)) => Report::new(Status::None, Some(format!("no {} here", t.name()))),
        (true, None) => Report::stuck(steps, marks, several(unique)),
    })
}

/// The logic's steps from `marks` until it is solved or stuck.
pub fn steps(marks: &Marks) -> Result<Report, String> {
    Ok(match known(marks)? {
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
    })
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

/// A puzzle's rating, and how many solutions its givens have.
pub struct Rate {
    pub certificate: Certificate,
    pub rated: Option<Rated>,
}

/// Rates a puzzle, as `rate` does.
pub fn rate(puzzle: &Grid) -> Result<Rate, String> {
    let certificate = certify(puzzle)?;
    let unique = match certificate {
        Certificate::NoSolution => None,
        Certificate::Unique { .. } => Some(true),
        Certificate::Multiple { .. } => Some(false),
    };
    let rated = rated(puzzle, unique);
    Ok(Rate { certificate, rated })
}

impl Rate {
    /// The rating in words, and what the solutions allowed.
    pub fn line(&self) -> String {
        let mut line = rating_text(self.rated.as_ref());
        let used = self
            .rated
            .as_ref()
            .map_or(&[][..], |r| &r.uniqueness_used[..]);
        let names: Vec<&str> = used.iter().map(|t| t.name()).collect();
        match self.certificate {
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
        line
    }

    /// The rating as one line of JSON.
    pub fn json(&self) -> String {
        rate_json(self.rated.as_ref(), &self.certificate)
    }
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
