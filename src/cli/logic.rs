//! The logic engine's commands: `hint`, `steps`, `rate` and `techniques`.

use super::args::{HintArgs, RateArgs, StepsArgs};
use super::batch::Answer;
use super::output::write_all;
use crate::batch::logic;
use crate::engine::format::Parsed;
use crate::engine::logic::{Marks, Technique};
use serde::Serialize;

pub fn hint(args: &HintArgs, marks: &Marks) -> Result<Answer, String> {
    let report = logic::hint(marks, args.technique, args.all)?;
    Ok(report.render(args.json, false, marks.size().side()).into())
}

pub fn steps(args: &StepsArgs, marks: &Marks) -> Result<Answer, String> {
    let side = marks.size().side();
    Ok(logic::steps(marks)?.render(args.json, true, side).into())
}

pub fn rate(args: &RateArgs, parsed: &Parsed) -> Result<Answer, String> {
    let rate = logic::rate(&parsed.puzzle)?;
    Ok(if args.json { rate.json() } else { rate.line() }.into())
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
