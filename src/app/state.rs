//! The app's state and its one pure reducer: every change of what the page shows goes through
//! [`AppState::reduce`]. No side effects here, so it is unit-tested natively.

use super::protocol::{CompareRow, Request, Response};
use crate::engine::format;
use crate::engine::{Digit, Entry, Formulation, Grid, Pos, Size, Verdict};
use serde::{Deserialize, Serialize};

/// Whether typing sets clues of the puzzle or plays it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Mode {
    #[default]
    Givens,
    Play,
}

/// Arrow-key directions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// What kind of job the worker is busy with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobKind {
    Solve,
    Count,
    Compare,
}

impl JobKind {
    pub fn verb(self) -> &'static str {
        match self {
            JobKind::Solve => "Solving",
            JobKind::Count => "Counting solutions",
            JobKind::Compare => "Comparing formulations",
        }
    }
}

/// A job in flight: its id (to ignore stale answers) and progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub id: u64,
    pub kind: JobKind,
    pub progress: Option<(u64, u64)>,
}

/// The status line: a sentence, and whether it reports a problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

impl Status {
    fn info(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            error: false,
        }
    }

    fn error(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            error: true,
        }
    }
}

/// Everything a user action can change.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Select(Pos),
    Move(Direction),
    /// A digit typed or picked on the pad, into the selected cell.
    Input(Digit),
    /// Clear the selected cell.
    Erase,
    Undo,
    Redo,
    /// Empty grid of the current size.
    Clear,
    /// Keep only the givens.
    ResetToGivens,
    SetSize(Size),
    SetMode(Mode),
    SetFormulation(Formulation),
    SetSeed(u64),
    /// Text pasted or read from a file; replaces the grid only if it parses.
    Import(String),
    /// The page sent a request to the worker under this id.
    Started {
        id: u64,
        kind: JobKind,
    },
    /// The worker answered job `id`.
    Answered {
        id: u64,
        response: Response,
    },
    Cancelled,
    /// Show solution `index` of the ones found.
    ShowSolution(usize),
}

/// The whole app state.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub grid: Grid,
    pub selected: Option<Pos>,
    pub mode: Mode,
    pub formulation: Formulation,
    pub seed: u64,
    pub undo: Vec<Grid>,
    pub redo: Vec<Grid>,
    pub status: Status,
    pub job: Option<Job>,
    /// Solutions found by the last solve, to step through.
    pub solutions: Vec<Grid>,
    pub solution_index: usize,
    pub compare: Vec<CompareRow>,
    next_id: u64,
}

/// What survives a reload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub grid: Grid,
    pub mode: Mode,
    pub formulation: Formulation,
    pub seed: u64,
}

/// Undo depth: plenty for hand entry, bounded for 49x49 grids.
const UNDO_LIMIT: usize = 200;

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Grid::empty(Size::NINE))
    }
}

impl AppState {
    pub fn new(grid: Grid) -> AppState {
        AppState {
            grid,
            selected: None,
            mode: Mode::Givens,
            formulation: Formulation::default(),
            seed: 1,
            undo: Vec::new(),
            redo: Vec::new(),
            status: Status::info("Enter givens, import a puzzle or generate one."),
            job: None,
            solutions: Vec::new(),
            solution_index: 0,
            compare: Vec::new(),
            next_id: 1,
        }
    }

    pub fn restore(saved: Saved) -> AppState {
        AppState {
            mode: saved.mode,
            formulation: saved.formulation,
            seed: saved.seed,
            ..AppState::new(saved.grid)
        }
    }

    pub fn saved(&self) -> Saved {
        Saved {
            grid: self.grid.clone(),
            mode: self.mode,
            formulation: self.formulation,
            seed: self.seed,
        }
    }

    pub fn size(&self) -> Size {
        self.grid.size()
    }

    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// The id the next request will carry; the page sends it, then dispatches `Started`.
    pub fn next_job_id(&self) -> u64 {
        self.next_id
    }

    /// The worker request for a job kind on the current puzzle.
    pub fn request(&self, kind: JobKind) -> Request {
        let puzzle = self.grid.puzzle();
        match kind {
            JobKind::Solve => Request::Solve {
                puzzle,
                formulation: self.formulation,
                max_solutions: Some(2),
                keep: 2,
            },
            JobKind::Count => Request::Solve {
                puzzle,
                formulation: self.formulation,
                max_solutions: Some(COUNT_LIMIT),
                keep: KEEP_SOLUTIONS,
            },
            JobKind::Compare => Request::Compare { puzzle },
        }
    }

    /// Applies one action; returns the new state.
    pub fn reduce(mut self, action: Action) -> AppState {
        match action {
            Action::Select(p) => {
                if p.row < self.size().side() && p.col < self.size().side() {
                    self.selected = Some(p);
                }
            }
            Action::Move(dir) => self.move_selection(dir),
            Action::Input(d) => self.input(Some(d)),
            Action::Erase => self.input(None),
            Action::Undo => {
                if let Some(g) = self.undo.pop() {
                    self.redo.push(std::mem::replace(&mut self.grid, g));
                    self.after_grid_change();
                }
            }
            Action::Redo => {
                if let Some(g) = self.redo.pop() {
                    self.undo.push(std::mem::replace(&mut self.grid, g));
                    self.after_grid_change();
                }
            }
            Action::Clear => {
                let empty = Grid::empty(self.size());
                self.replace_grid(empty);
                self.mode = Mode::Givens;
                self.status = Status::info("Cleared.");
            }
            Action::ResetToGivens => {
                let givens = self.grid.puzzle();
                self.replace_grid(givens);
                self.status = Status::info("Back to the givens.");
            }
            Action::SetSize(size) => {
                if size != self.size() {
                    self.replace_grid(Grid::empty(size));
                    self.mode = Mode::Givens;
                    self.status = Status::info(format!("New empty {size} grid."));
                }
            }
            Action::SetMode(m) => self.mode = m,
            Action::SetFormulation(f) => self.formulation = f,
            Action::SetSeed(s) => self.seed = s,
            Action::Import(text) => match format::parse(&text) {
                Ok(parsed) => {
                    let givens = parsed.puzzle.given_count();
                    let size = parsed.grid.size();
                    self.replace_grid(parsed.grid);
                    self.mode = Mode::Play;
                    self.status = Status::info(format!(
                        "Imported a {size} puzzle with {givens} givens ({} format).",
                        parsed.format.name()
                    ));
                }
                Err(e) => self.status = Status::error(format!("Import failed: {e}")),
            },
            Action::Started { id, kind } => {
                self.job = Some(Job {
                    id,
                    kind,
                    progress: None,
                });
                self.next_id = self.next_id.max(id + 1);
                self.status = Status::info(format!("{}...", kind.verb()));
            }
            Action::Answered { id, response } => return self.answered(id, response),
            Action::Cancelled => {
                if let Some(job) = self.job.take() {
                    self.status = Status::info(format!("{} cancelled.", job.kind.verb()));
                }
            }
            Action::ShowSolution(i) => {
                if let Some(s) = self.solutions.get(i) {
                    self.solution_index = i;
                    self.grid = s.clone();
                }
            }
        }
        self
    }

    fn move_selection(&mut self, dir: Direction) {
        let side = self.size().side();
        if side == 0 {
            return;
        }
        let p = self.selected.unwrap_or(Pos::new(0, 0));
        let step = |v: usize, back: bool| {
            if back {
                (v + side - 1) % side
            } else {
                (v + 1) % side
            }
        };
        self.selected = Some(match dir {
            Direction::Up => Pos::new(step(p.row, true), p.col),
            Direction::Down => Pos::new(step(p.row, false), p.col),
            Direction::Left => Pos::new(p.row, step(p.col, true)),
            Direction::Right => Pos::new(p.row, step(p.col, false)),
        });
    }

    /// Writes (or erases) the selected cell according to the mode; givens are safe in play.
    fn input(&mut self, digit: Option<Digit>) {
        let Some(p) = self.selected else {
            self.status = Status::info("Select a cell first.");
            return;
        };
        if digit.is_some_and(|d| d.index() >= self.size().side()) {
            return;
        }
        let current = self.grid.entry(p);
        if self.mode == Mode::Play && current.is_given() {
            self.status = Status::info(format!(
                "{p} is a given; switch to Givens mode to change it."
            ));
            return;
        }
        let entry = match (digit, self.mode) {
            (None, _) => Entry::Empty,
            (Some(d), Mode::Givens) => Entry::Given(d),
            (Some(d), Mode::Play) => Entry::Filled(d),
        };
        if entry == current {
            return;
        }
        let mut next = self.grid.clone();
        next.set(p, entry);
        self.replace_grid(next);
        let conflicts = self.grid.conflicts();
        self.status = match conflicts.first() {
            Some(c) => Status::error(format!("Conflict: {c}.")),
            None if self.grid.is_complete() => {
                Status::info("The grid is full and has no conflicts.")
            }
            None => Status::default(),
        };
    }

    /// A user edit: remembered for undo; results of the previous grid no longer apply.
    fn replace_grid(&mut self, grid: Grid) {
        let old = std::mem::replace(&mut self.grid, grid);
        self.undo.push(old);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.after_grid_change();
    }

    fn after_grid_change(&mut self) {
        self.solutions.clear();
        self.solution_index = 0;
        self.compare.clear();
        if self.selected.is_some_and(|p| p.row >= self.size().side()) {
            self.selected = None;
        }
    }

    fn answered(mut self, id: u64, response: Response) -> AppState {
        let Some(job) = self.job.as_mut().filter(|j| j.id == id) else {
            return self;
        };
        let kind = job.kind;
        if let Response::Progress { done, total } = response {
            job.progress = Some((done, total));
            return self;
        }
        self.job = None;
        match response {
            Response::Progress { .. } => {}
            Response::Failed { message } => self.status = Status::error(message),
            Response::Compared { rows } => {
                let agree = rows
                    .iter()
                    .filter_map(|r| r.result.as_ref().ok())
                    .map(|r| (r.count, r.exhaustive))
                    .collect::<std::collections::BTreeSet<_>>()
                    .len()
                    <= 1;
                self.status = Status::info(if agree {
                    format!("Compared {} formulations: they agree.", rows.len())
                } else {
                    "Compared formulations: they DISAGREE (a bug; please report).".to_string()
                });
                self.compare = rows;
            }
            Response::Solved { report, millis } => {
                let stats: Vec<String> = report
                    .stats
                    .entries()
                    .iter()
                    .filter(|(k, _)| *k != "variables" && *k != "constraints")
                    .map(|(k, v)| format!("{v} {k}"))
                    .collect();
                let how = format!(
                    "{}, {}, {}",
                    report.formulation.name(),
                    format_millis(millis),
                    stats.join(", ")
                );
                let verdict = report.verdict();
                self.status = match (kind, verdict) {
                    (_, Verdict::NoSolution) => Status::info(format!("No solution ({how}).")),
                    (JobKind::Count, _) if report.exhaustive => Status::info(format!(
                        "{} solution{} ({how}).",
                        report.count,
                        if report.count == 1 { "" } else { "s" }
                    )),
                    (JobKind::Count, _) => Status::info(format!(
                        "At least {} solutions; counting stopped there ({how}).",
                        report.count
                    )),
                    (_, Verdict::Unique) => Status::info(format!("Unique solution ({how}).")),
                    (_, Verdict::Multiple) => {
                        Status::info(format!("At least 2 solutions ({how})."))
                    }
                    (_, Verdict::Unknown) => {
                        Status::error(format!("Stopped before an answer ({how})."))
                    }
                };
                if let Some(first) = report.solutions.first() {
                    self.undo.push(self.grid.clone());
                    self.redo.clear();
                    self.grid = first.clone();
                }
                self.solutions = report.solutions;
                self.solution_index = 0;
            }
        }
        self
    }
}

/// How many solutions "Count solutions" counts before it stops.
pub const COUNT_LIMIT: u64 = 10_000;
/// How many solutions are kept to step through.
pub const KEEP_SOLUTIONS: usize = 100;

/// `4.1 ms`, `1.23 s`.
pub fn format_millis(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.2} ms", ms)
    } else if ms < 1000.0 {
        format!("{:.1} ms", ms)
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}
