//! The engine's jobs and their answers: the running job, solutions, comparison, check findings.

use super::board::{Board, marked};
use super::protocol::{
    CheckOutcome, CompareRow, Phase, Response, SLOW_EXACT_COVER_FROM_BOX, Symmetry, compare_order,
};
use crate::engine::logic::{Level, Rating};
use crate::engine::{Entry, Formulation, Grid, Pos, Size, SolveReport, Verdict};
use crate::words::{
    CheckAnswer, Checked, EngineFault, JobKind, Message, Slow, SolveAnswer, Solved, Stepper, Yours,
    compare_note,
};
use serde::{Deserialize, Serialize};

/// How many solutions "Count solutions" counts before it stops.
pub const COUNT_LIMIT: u64 = 10_000;
/// How many solutions are kept to step through.
pub const KEEP_SOLUTIONS: usize = 100;

/// A job in flight: its id (to ignore stale answers) and its progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub id: u64,
    pub kind: JobKind,
    /// The settings the request was built with: the pickers stay live during a job, so the
    /// answer must be described with these, not the current ones.
    pub formulation: Formulation,
    pub symmetry: Symmetry,
    /// A generation's difficulty (`None`: a minimal puzzle).
    pub difficulty: Option<Level>,
    pub progress: Option<(Phase, u64, u64)>,
    /// A generation's latest puzzle so far (unique, not yet minimal), which Stop and keep puts
    /// on the board.
    pub partial: Option<Grid>,
}

/// Whether the engine worker can take requests yet (it loads its own wasm after the page).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum EngineState {
    #[default]
    Starting,
    Ready,
    /// The worker died or never loaded; the next request starts a fresh one.
    Failed,
}

/// Solutions a search saw: all there are when `exhaustive`, else a lower bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Found {
    pub count: u64,
    pub exhaustive: bool,
}

/// What happens to jobs and the worker, and stepping through solutions.
#[derive(Clone, Debug, PartialEq)]
pub enum JobAction {
    SetFormulation(Formulation),
    /// The page sent a request to the worker under this id.
    Started {
        id: u64,
        kind: JobKind,
    },
    /// The worker has loaded and listens.
    EngineReady,
    /// The running job was stopped; a fresh worker is starting.
    Cancelled,
    /// The worker died (a crash, out of memory, or it failed to load); the running job, if
    /// any, is lost and the next request starts a fresh worker.
    EngineFailed(EngineFault),
    /// Show solution `index` of the ones found.
    ShowSolution(usize),
}

/// The worker, the running job, and what the last jobs found.
#[derive(Clone, Debug, PartialEq)]
pub struct Jobs {
    pub formulation: Formulation,
    pub engine: EngineState,
    pub job: Option<Job>,
    /// A quick question (a hint, the steps) asked while `job` runs, answered by another worker.
    pub quick: Option<Job>,
    /// Solutions found by the last solve, to step through.
    pub solutions: Vec<Grid>,
    pub solution_index: usize,
    /// How many solutions the search that gave `solutions` saw, of which those are the first.
    pub found: Found,
    pub compare: Vec<CompareRow>,
    /// Clues the last check found redundant, highlighted on the board.
    pub redundant: Vec<Pos>,
    /// The board's digits the check saw: the outlines speak of that board only.
    redundant_on: Option<Grid>,
    next_id: u64,
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs {
            formulation: Formulation::default(),
            engine: EngineState::Starting,
            job: None,
            quick: None,
            solutions: Vec::new(),
            solution_index: 0,
            found: Found::default(),
            compare: Vec::new(),
            redundant: Vec::new(),
            redundant_on: None,
            next_id: 1,
        }
    }
}

impl Jobs {
    /// The id the next request will carry; the page sends it, then dispatches `Started`.
    pub fn next_job_id(&self) -> u64 {
        self.next_id
    }

    /// The formulations a running comparison of a `size` puzzle has yet to report, in the
    /// order the worker runs them.
    pub fn compare_pending(&self, size: Size) -> Vec<Formulation> {
        if !self
            .job
            .as_ref()
            .is_some_and(|j| j.kind == JobKind::Compare)
        {
            return Vec::new();
        }
        compare_order(size)
            .into_iter()
            .filter(|f| !self.compare.iter().any(|r| r.formulation == *f))
            .collect()
    }

    /// The note under a comparison's table, once every formulation has answered: rows left by
    /// a cancelled or failed comparison rank only some of them.
    pub fn compare_note(&self) -> Option<&'static str> {
        let running = self
            .job
            .as_ref()
            .is_some_and(|j| j.kind == JobKind::Compare);
        let answered = |f: &Formulation| {
            self.compare
                .iter()
                .any(|r| r.formulation == *f && r.result.is_ok())
        };
        if running || !Formulation::ALL.iter().all(answered) {
            return None;
        }
        let times: Vec<f64> = self.compare.iter().map(|r| r.millis).collect();
        compare_note(&times)
    }

    /// Where the stepper is among the solutions kept.
    pub fn stepper(&self) -> Stepper {
        Stepper {
            index: self.solution_index,
            kept: self.solutions.len(),
            count: self.found.count,
            exhaustive: self.found.exhaustive,
            limit: COUNT_LIMIT,
        }
    }

    /// Whether a quick question can be asked now: no job runs, or one runs and no other
    /// question waits beside it.
    pub fn can_ask(&self) -> bool {
        self.job.is_none() || self.quick.is_none()
    }

    /// Drops what was found about a board that has been replaced, and the answer of a question
    /// still on its way about it.
    pub fn forget_results(&mut self) {
        self.quick = None;
        self.solutions.clear();
        self.solution_index = 0;
        self.compare.clear();
        self.forget_redundant();
    }

    /// Takes the redundant clues' outlines off the board.
    pub fn forget_redundant(&mut self) {
        self.redundant.clear();
        self.redundant_on = None;
    }

    /// Check's outlines describe the board it saw: once a digit on the board changes (typed,
    /// erased, placed by a hint, undone), they go, as the status that explained them has.
    pub fn fit(&mut self, board: &Board) {
        if self.redundant_on.as_ref() != Some(&board.grid) {
            self.forget_redundant();
        }
    }

    /// Applies one action. `generator` is the generator's symmetry and difficulty, which a job
    /// started now keeps.
    pub fn reduce(
        &mut self,
        action: JobAction,
        board: &mut Board,
        status: &mut Message,
        generator: (Symmetry, Option<Level>),
    ) {
        match action {
            JobAction::SetFormulation(f) => self.formulation = f,
            // Beside a running job, the status keeps speaking of it until the answer comes.
            JobAction::Started { id, kind } if self.job.is_some() => {
                self.quick = Some(self.new_job(id, kind, generator));
            }
            JobAction::Started { id, kind } => *status = self.start(id, kind, generator, board),
            JobAction::EngineReady => self.engine = EngineState::Ready,
            JobAction::Cancelled => {
                self.engine = EngineState::Starting;
                if let Some(job) = self.job.take() {
                    // A count's progress is a lower bound worth keeping.
                    let found = match job.progress {
                        Some((Phase::Solutions, n, _)) if n > 0 => Some(n),
                        _ => None,
                    };
                    *status = Message::Cancelled {
                        job: job.kind,
                        found,
                    };
                }
            }
            JobAction::EngineFailed(reason) => {
                // With no job waiting, the user's current message (a conflict, an import
                // error) matters more; the next request starts a fresh worker and reports
                // a failure then.
                self.engine = EngineState::Failed;
                if let Some(job) = self.job.take() {
                    *status = Message::EngineStopped {
                        job: job.kind,
                        reason,
                    };
                }
            }
            JobAction::ShowSolution(i) => {
                if let Some(s) = self.solutions.get(i).cloned() {
                    self.solution_index = i;
                    board.solver_grid = Some(board.marks_for(&s));
                    board.grid = s;
                }
            }
        }
    }

    /// A job record for request `id`; later ids are taken from past it.
    fn new_job(&mut self, id: u64, kind: JobKind, generator: (Symmetry, Option<Level>)) -> Job {
        self.next_id = self.next_id.max(id + 1);
        let (symmetry, difficulty) = generator;
        Job {
            id,
            kind,
            formulation: self.formulation,
            symmetry,
            difficulty,
            progress: None,
            partial: None,
        }
    }

    fn start(
        &mut self,
        id: u64,
        kind: JobKind,
        generator: (Symmetry, Option<Level>),
        board: &Board,
    ) -> Message {
        if kind == JobKind::Compare {
            self.compare.clear();
        }
        self.job = Some(self.new_job(id, kind, generator));
        // The request started a fresh worker in place of the failed one.
        if self.engine == EngineState::Failed {
            self.engine = EngineState::Starting;
        }
        // MIP solves its 0-1 program again for each solution and each clue: fine for one
        // answer, slow for many, which should not come as a surprise.
        let slow = match kind {
            JobKind::Count | JobKind::Check if self.formulation == Formulation::Mip => {
                Some(Slow::Mip)
            }
            JobKind::Solve | JobKind::Count | JobKind::Check
                if self.formulation == Formulation::ExactCover
                    && board.size().box_size() >= SLOW_EXACT_COVER_FROM_BOX =>
            {
                Some(Slow::ExactCover)
            }
            JobKind::Compare if board.size().box_size() >= SLOW_EXACT_COVER_FROM_BOX => {
                Some(Slow::ExactCoverLast)
            }
            // Each clue of a 36x36 puzzle is a hard search of its own; of a 25x25 one, a search
            // that takes up to seconds in the page.
            JobKind::Check if board.size().box_size() >= 6 => Some(Slow::LargeCheck),
            JobKind::Check if board.size().box_size() == 5 => Some(Slow::Check25),
            _ => None,
        };
        Message::Started { job: kind, slow }
    }

    /// Takes in a part of job `id`'s answer (progress, a comparison row, a puzzle so far);
    /// any other answer ends the job, which is returned to be answered. Answers to other jobs
    /// (stale ones) are dropped.
    pub fn answered(&mut self, id: u64, response: Response) -> Option<(Job, Response)> {
        if self.quick.as_ref().is_some_and(|q| q.id == id) {
            return match response {
                Response::Progress { .. } => None,
                response => Some((self.quick.take()?, response)),
            };
        }
        let job = self.job.as_mut().filter(|j| j.id == id)?;
        match response {
            Response::Progress { phase, done, total } => job.progress = Some((phase, done, total)),
            // Parts of an answer never end the job, whatever kind it is.
            Response::CompareRow { row } => {
                if job.kind == JobKind::Compare {
                    self.compare.push(row);
                }
            }
            Response::Partial { puzzle } => {
                if job.kind == JobKind::Generate {
                    job.partial = Some(puzzle);
                }
            }
            response => return Some((self.job.take()?, response)),
        }
        None
    }

    /// Stop and keep: ends the running job and takes its puzzle so far, if it has one yet.
    pub fn stop_keeping(&mut self) -> Option<Grid> {
        let puzzle = self.job.as_mut()?.partial.take()?;
        self.engine = EngineState::Starting;
        self.job = None;
        Some(puzzle)
    }

    pub fn compared(&mut self, rows: Vec<CompareRow>) -> Message {
        let answers = rows
            .iter()
            .filter_map(|r| r.result.as_ref().ok())
            .map(|r| r.verdict())
            .collect::<Vec<_>>();
        let agree = answers.windows(2).all(|w| w[0] == w[1]);
        let message = if agree {
            Message::Compared {
                formulations: rows.len(),
                answered: answers.len(),
            }
        } else {
            Message::Disagree
        };
        self.compare = rows;
        message
    }

    /// A solve or count: its first solution goes on the board, the solver's digits marked,
    /// as one undo step; the rest are kept to step through.
    pub fn solved(
        &mut self,
        (kind, asked): (JobKind, Formulation),
        report: SolveReport,
        millis: f64,
        board: &mut Board,
    ) -> Message {
        // The status no longer speaks of redundant clues, so their outlines go too.
        self.forget_redundant();
        let answer = match (kind, report.verdict()) {
            (_, Verdict::NoSolution) => SolveAnswer::NoSolution {
                clash: board.clashing_givens(),
            },
            (JobKind::Count, _) => SolveAnswer::Counted {
                count: report.count,
                exhaustive: report.exhaustive,
                limit: COUNT_LIMIT,
            },
            (_, Verdict::Unique) => SolveAnswer::Unique,
            (_, Verdict::Multiple) => SolveAnswer::Multiple,
            (_, Verdict::Unknown) => SolveAnswer::Stopped,
        };
        let kept = report.solutions.len();
        let mut solved = Solved {
            answer,
            formulation: report.formulation,
            raced_by: Some(asked),
            millis,
            stats: report.stats.clone(),
            kept: (kind == JobKind::Count && kept > 1 && report.count > kept as u64)
                .then_some(kept),
            replaced: 0,
            cleared: false,
        };
        if let Some(first) = report.solutions.first() {
            // Digits the player entered that this solution puts something else in: the
            // solution replaces them, which should not pass unsaid.
            solved.replaced = board
                .played()
                .iter()
                .filter(|&&(p, d)| first.digit(p) != Some(d))
                .count();
            let marks = board.marks_for(first);
            // Solving the board it already shows again adds no step to undo.
            if *first != board.grid || marked(first, Some(&marks)) != board.solver_cells() {
                // A question asked beside the solve was about the board before it.
                self.quick = None;
                board.push(first.clone());
                board.solver_grid = Some(marks);
            }
        } else if report.verdict() == Verdict::NoSolution {
            // Digits of a solution of the givens as they were would pass for one of these.
            let mine = board.solver_cells();
            if mine.contains(&true) {
                let mut grid = board.grid.clone();
                for (i, _) in mine.iter().enumerate().filter(|(_, m)| **m) {
                    grid.set(Pos::from_index(i, board.size()), Entry::Empty);
                }
                self.quick = None;
                board.push(grid);
                solved.cleared = true;
            }
        }
        self.found = Found {
            count: report.count,
            exhaustive: report.exhaustive,
        };
        self.solutions = report.solutions;
        self.solution_index = 0;
        Message::Solved(Box::new(solved))
    }

    /// A check: what it found about the givens, with the redundant clues outlined, and what
    /// that tells of the player's digits.
    pub fn checked(
        &mut self,
        formulation: Formulation,
        outcome: CheckOutcome,
        (millis, rating): (f64, Option<Rating>),
        board: &Board,
    ) -> Message {
        let yours = played_against(board, &outcome);
        let answer = match outcome {
            CheckOutcome::NoSolution => CheckAnswer::NoSolution {
                clash: board.clashing_givens(),
            },
            CheckOutcome::Multiple { .. } => CheckAnswer::NotUnique,
            CheckOutcome::Unique {
                clues,
                redundant,
                guesses,
                ..
            } if redundant.is_empty() => CheckAnswer::Minimal { clues, guesses },
            CheckOutcome::Unique {
                clues,
                redundant,
                guesses,
                ..
            } => {
                let answer = CheckAnswer::NotMinimal {
                    clues,
                    redundant: redundant.len(),
                    guesses,
                };
                self.redundant = redundant;
                self.redundant_on = Some(board.grid.clone());
                answer
            }
        };
        Message::Checked(Box::new(Checked {
            answer,
            formulation,
            millis,
            yours,
            rating,
        }))
    }
}

/// Check is about the givens; what it tells of the digits the player filled in: with one
/// solution, which of them differ from it (a mistake with no clash in sight), else that they
/// were not checked.
fn played_against(board: &Board, outcome: &CheckOutcome) -> Option<Yours> {
    let played = board.played();
    if played.is_empty() {
        return None;
    }
    let CheckOutcome::Unique { solution, .. } = outcome else {
        return Some(Yours::NotChecked);
    };
    let wrong = played
        .iter()
        .filter(|&&(p, d)| solution.digit(p) != Some(d))
        .map(|&(p, _)| p)
        .collect();
    Some(Yours::Checked {
        played: played.len(),
        wrong,
    })
}

#[cfg(test)]
mod tests;
