//! How the logic commands write a state's steps and end: words, or one line of JSON.

use crate::engine::format::shown_digit;
use crate::engine::logic::{self, Marks, Step};
use crate::engine::{Candidates, Pos};
use serde::Serialize;

/// How a state's logic ended, or what kept it from starting.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Steps found.
    Step,
    /// The technique asked for finds nothing.
    None,
    Solved,
    /// No technique applies: the rest needs guessing.
    Stuck,
    NoSolution,
    /// A digit placed or a candidate removed contradicts the one solution.
    OffTrack,
}

impl Status {
    fn id(self) -> &'static str {
        match self {
            Status::Step => "step",
            Status::None => "none",
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::NoSolution => "no solution",
            Status::OffTrack => "off track",
        }
    }
}

/// The steps taken or found in one state, and how it ended.
pub struct Report {
    pub status: Status,
    pub steps: Vec<Step>,
    /// Each empty cell and its candidates, when stuck.
    pub left: Vec<(Pos, Candidates)>,
    /// Why: what a stuck state lacks, where a state broke or went off track.
    pub reason: Option<String>,
}

impl Report {
    pub fn new(status: Status, reason: Option<String>) -> Report {
        Report {
            status,
            steps: Vec::new(),
            left: Vec::new(),
            reason,
        }
    }

    /// Stuck in `marks`: its empty cells and their candidates.
    pub fn stuck(steps: Vec<Step>, marks: &Marks, reason: Option<String>) -> Report {
        let left = marks
            .empty_cells()
            .map(|c| (marks.pos(c), marks.candidates(c)))
            .collect();
        Report {
            status: Status::Stuck,
            steps,
            left,
            reason,
        }
    }

    /// The answer: one line of JSON, or the steps in words (numbered when `numbered`, one per
    /// line) and, unless steps were all there is to say, a line on how it ended. Words write
    /// digits as a grid of `side` digits does (`A` for 10 at 16x16); JSON's data stays numbers.
    pub fn render(&self, json: bool, numbered: bool, side: usize) -> String {
        if json {
            return self.json(side);
        }
        let mut lines: Vec<String> = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| match numbered {
                true => format!("{}. {}", i + 1, logic::explain(s, side)),
                false => logic::explain(s, side),
            })
            .collect();
        if self.status != Status::Step {
            lines.push(self.end(side));
        }
        lines.join("\n")
    }

    /// `solved`, `stuck: needs guessing; left: r1c2(1,4) ...`, `no solution: ...`.
    fn end(&self, side: usize) -> String {
        let mut line = match self.status {
            Status::Stuck => "stuck: needs guessing".to_string(),
            other => other.id().to_string(),
        };
        match (&self.reason, self.status) {
            (Some(why), Status::Stuck) => line.push_str(&format!(" ({why})")),
            (Some(why), _) => line.push_str(&format!(": {why}")),
            (None, _) => {}
        }
        if !self.left.is_empty() {
            let cells: Vec<String> = self
                .left
                .iter()
                .map(|&(p, c)| format!("{p}({})", digits(c, side).join(",")))
                .collect();
            line.push_str(&format!("; left: {}", cells.join(" ")));
        }
        line
    }

    fn json(&self, side: usize) -> String {
        let json = ReportJson {
            status: self.status.id(),
            reason: self.reason.clone(),
            steps: self.steps.iter().map(|s| StepJson::new(s, side)).collect(),
            remaining: self
                .left
                .iter()
                .map(|&(p, c)| CellJson {
                    cell: p.to_string(),
                    candidates: c.iter().map(|d| d.get()).collect(),
                })
                .collect(),
        };
        serde_json::to_string(&json).expect("plain data serializes")
    }
}

fn digits(c: Candidates, side: usize) -> Vec<String> {
    c.iter().map(|d| shown_digit(d, side)).collect()
}

#[derive(Serialize)]
struct ReportJson {
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    steps: Vec<StepJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    remaining: Vec<CellJson>,
}

/// A step as data: placements `r3c5=7`, eliminations `r5c3<>4`.
#[derive(Serialize)]
struct StepJson {
    technique: &'static str,
    name: &'static str,
    code: Option<&'static str>,
    explanation: String,
    placements: Vec<String>,
    eliminations: Vec<String>,
}

impl StepJson {
    fn new(s: &Step, side: usize) -> StepJson {
        StepJson {
            technique: s.technique.id(),
            name: s.technique.name(),
            code: s.technique.hodoku_code(),
            explanation: logic::explain(s, side),
            placements: s
                .placements
                .iter()
                .map(|(p, d)| format!("{p}={d}"))
                .collect(),
            eliminations: s
                .eliminations
                .iter()
                .map(|(p, d)| format!("{p}<>{d}"))
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct CellJson {
    cell: String,
    candidates: Vec<u8>,
}
