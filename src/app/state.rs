//! The app's state and its one pure reducer: every change of what the page shows goes through
//! [`AppState::reduce`]. No side effects here, so it is unit-tested natively.

use super::protocol::{CheckOutcome, CompareRow, Phase, Request, Response, Symmetry};
use crate::engine::format;
use crate::engine::{Digit, Entry, Formulation, Grid, Pos, Size, SolveReport, Verdict};
pub use crate::words::JobKind;
use crate::words::{CheckAnswer, Checked, Message, Slow, SolveAnswer, Solved, Stepper, Yours};
use serde::{Deserialize, Serialize};

use super::board::marked;
pub use super::board::{Board, Mode, Snapshot, UNDO_LIMIT, on_the_board};
pub use super::editing::{Direction, EditAction, Editing};
pub use super::files::{Download, FileAction, Files, SHARE_PREFIX, encode_uri_component};
use super::generation;
pub use super::generation::{Generation, GenerationAction};

/// A job in flight: its id (to ignore stale answers) and its progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub id: u64,
    pub kind: JobKind,
    /// The settings the request was built with: the pickers stay live during a job, so the
    /// answer must be described with these, not the current ones.
    pub formulation: Formulation,
    pub symmetry: Symmetry,
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

/// Everything a user action can change.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Select(Pos),
    Move(Direction),
    /// A digit typed or picked on the pad, into the selected cell.
    Input(Digit),
    /// The second keystroke of a two-digit number (grids above 35): replaces the digit the
    /// first keystroke put in the selected cell, in the same undo step.
    InputMore(Digit),
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
    /// Save the board as a file: the givens as one line of text, or the whole board as JSON.
    Save(format::Format),
    /// A key that names no digit of this grid was typed into a cell.
    NotADigit(String),
    /// The seed field holds this text, which is not a seed (empty while being typed); the
    /// seed stays as it was and Generate is held back.
    InvalidSeed(String),
    SetSymmetry(Symmetry),
    /// Text pasted or read from a file; replaces the grid only if it parses.
    Import(String),
    /// The puzzle text of a share link the page was opened with.
    OpenLink(String),
    /// A file could not be read (or is too large to try); nothing changes but the status.
    ImportFailed(String),
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
    /// The running job was stopped; a fresh worker is starting.
    Cancelled,
    /// The running generation was stopped to keep its puzzle so far (as [`Action::Cancelled`]
    /// when there is none yet).
    KeepPartial,
    /// The worker died (a crash, out of memory, or it failed to load); the running job, if
    /// any, is lost and the next request starts a fresh worker.
    EngineFailed(String),
    /// The worker has loaded and listens.
    EngineReady,
    /// Show solution `index` of the ones found.
    ShowSolution(usize),
    /// Make a share link to the givens on the page at this address (no fragment).
    Share {
        page: String,
    },
    /// The pending share link was handed to the clipboard.
    Copied,
    /// The browser refused to put the share link on the clipboard.
    CopyRefused,
    /// The pending download was handed to the browser.
    Downloaded,
}

impl Action {
    /// Whether the action changes the board (and so waits while a job runs).
    fn edits_the_board(&self) -> bool {
        matches!(
            self,
            Action::Input(_)
                | Action::InputMore(_)
                | Action::Erase
                | Action::Undo
                | Action::Redo
                | Action::Clear
                | Action::ResetToGivens
                | Action::SetSize(_)
                | Action::Import(_)
                | Action::OpenLink(_)
                | Action::ShowSolution(_)
        )
    }

    /// The part of the state that handles the action.
    fn area(self) -> Area {
        Area::Editing(match self {
            Action::Select(p) => EditAction::Select(p),
            Action::Move(d) => EditAction::Move(d),
            Action::Input(d) => EditAction::Input(d),
            Action::InputMore(d) => EditAction::InputMore(d),
            Action::Erase => EditAction::Erase,
            Action::Undo => EditAction::Undo,
            Action::Redo => EditAction::Redo,
            Action::Clear => EditAction::Clear,
            Action::ResetToGivens => EditAction::ResetToGivens,
            Action::SetSize(s) => EditAction::SetSize(s),
            Action::SetMode(m) => EditAction::SetMode(m),
            Action::NotADigit(k) => EditAction::NotADigit(k),
            Action::Save(f) => return Area::Files(FileAction::Save(f)),
            Action::Import(t) => return Area::Files(FileAction::Import(t)),
            Action::OpenLink(t) => return Area::Files(FileAction::OpenLink(t)),
            Action::ImportFailed(r) => return Area::Files(FileAction::ImportFailed(r)),
            Action::Share { page } => return Area::Files(FileAction::Share { page }),
            Action::Copied => return Area::Files(FileAction::Copied),
            Action::CopyRefused => return Area::Files(FileAction::CopyRefused),
            Action::Downloaded => return Area::Files(FileAction::Downloaded),
            Action::SetSeed(s) => return Area::Generation(GenerationAction::SetSeed(s)),
            Action::InvalidSeed(t) => return Area::Generation(GenerationAction::InvalidSeed(t)),
            Action::SetSymmetry(s) => return Area::Generation(GenerationAction::SetSymmetry(s)),
            other => return Area::Other(other),
        })
    }
}

/// Which part of the state an action is for.
enum Area {
    Editing(EditAction),
    Files(FileAction),
    Generation(GenerationAction),
    Other(Action),
}

/// The whole app state.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub board: Board,
    pub editing: Editing,
    pub formulation: Formulation,
    pub generation: Generation,
    pub engine: EngineState,
    pub status: Message,
    pub job: Option<Job>,
    /// Solutions found by the last solve, to step through.
    pub solutions: Vec<Grid>,
    pub solution_index: usize,
    /// How many solutions the search that gave `solutions` saw, of which those are the first.
    pub found: Found,
    pub compare: Vec<CompareRow>,
    /// Clues the last check found redundant, highlighted on the board.
    pub redundant: Vec<Pos>,
    pub files: Files,
    next_id: u64,
}

/// What survives a reload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub grid: Grid,
    pub mode: Mode,
    pub formulation: Formulation,
    pub seed: u64,
    #[serde(default)]
    pub symmetry: Symmetry,
    /// Stored under a newer name: states saved before the marks followed each cell kept a
    /// whole stale solution here, which must not mark a later board.
    #[serde(default, rename = "solver_digits")]
    pub solver_grid: Option<Grid>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Grid::empty(Size::NINE))
    }
}

impl AppState {
    pub fn new(grid: Grid) -> AppState {
        AppState {
            board: Board::new(grid),
            editing: Editing::default(),
            formulation: Formulation::default(),
            generation: Generation::default(),
            engine: EngineState::Starting,
            status: Message::Welcome,
            job: None,
            solutions: Vec::new(),
            solution_index: 0,
            found: Found::default(),
            compare: Vec::new(),
            redundant: Vec::new(),
            files: Files::default(),
            next_id: 1,
        }
    }

    /// The state a page starts in from what it stored on the last visit, if anything; a
    /// text it cannot read (another version's, or damaged) is said to be lost, not hidden.
    pub fn from_stored(text: Option<&str>) -> AppState {
        let Some(text) = text else {
            return AppState::default();
        };
        match serde_json::from_str::<Saved>(text) {
            Ok(saved) if on_the_board(saved.grid.size()) => AppState::restore(saved),
            _ => AppState {
                status: Message::StoredUnreadable,
                ..AppState::default()
            },
        }
    }

    pub fn restore(saved: Saved) -> AppState {
        if !on_the_board(saved.grid.size()) {
            return AppState::default();
        }
        let digits = saved
            .grid
            .entries()
            .iter()
            .filter(|e| e.digit().is_some())
            .count();
        let status = if digits == 0 {
            AppState::default().status
        } else {
            Message::Restored {
                size: saved.grid.size(),
                givens: saved.grid.given_count(),
                played: digits - saved.grid.given_count(),
            }
        };
        let mut board = Board::new(saved.grid);
        board.mode = saved.mode;
        board.solver_grid = saved.solver_grid;
        AppState {
            board,
            formulation: saved.formulation,
            generation: Generation {
                seed: saved.seed,
                symmetry: saved.symmetry,
                seed_draft: None,
            },
            status,
            ..AppState::default()
        }
    }

    pub fn saved(&self) -> Saved {
        Saved {
            grid: self.board.grid.clone(),
            mode: self.board.mode,
            formulation: self.formulation,
            seed: self.generation.seed,
            symmetry: self.generation.symmetry,
            solver_grid: self.board.solver_grid.clone(),
        }
    }

    pub fn size(&self) -> Size {
        self.board.size()
    }

    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Per cell, whether its digit is the solver's: placed by the last solve and not typed
    /// over or erased since. Edits elsewhere (and undoing them) leave the rest marked.
    pub fn solver_cells(&self) -> Vec<bool> {
        self.board.solver_cells()
    }

    /// The cell a second quick key would continue a number in: the last action typed there.
    pub fn typing_at(&self) -> Option<Pos> {
        self.editing.typing_at()
    }

    /// The formulations a running comparison has yet to report, in the order the worker
    /// runs them.
    pub fn compare_pending(&self) -> Vec<Formulation> {
        if !self
            .job
            .as_ref()
            .is_some_and(|j| j.kind == JobKind::Compare)
        {
            return Vec::new();
        }
        Formulation::ALL
            .iter()
            .copied()
            .filter(|f| !self.compare.iter().any(|r| r.formulation == *f))
            .collect()
    }

    /// The id the next request will carry; the page sends it, then dispatches `Started`.
    pub fn next_job_id(&self) -> u64 {
        self.next_id
    }

    /// The worker request for a job kind on the current puzzle.
    pub fn request(&self, kind: JobKind) -> Request {
        let puzzle = self.board.grid.puzzle();
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
                // One past the limit tells exactly the limit from more.
                max_solutions: Some(COUNT_LIMIT + 1),
                keep: KEEP_SOLUTIONS,
            },
            JobKind::Compare => Request::Compare { puzzle },
            JobKind::Generate => Request::Generate {
                size: self.size(),
                seed: self.generation.seed,
                symmetry: self.generation.symmetry,
                formulation: self.formulation,
            },
            JobKind::Check => Request::Check {
                puzzle,
                formulation: self.formulation,
            },
            JobKind::Export(model) => Request::Export { puzzle, model },
        }
    }

    /// Applies one action; returns the new state.
    pub fn reduce(mut self, action: Action) -> AppState {
        // A running job answers about the board it started from, and solving or generating
        // replaces it, so the board holds still until the job ends.
        if let Some(job) = self.job.as_ref().filter(|_| action.edits_the_board()) {
            let job = job.kind;
            self.status = match action.area() {
                Area::Files(import) => self.files.wait(job, import),
                _ => Message::Locked { job },
            };
            return self;
        }
        let action = match action.area() {
            Area::Editing(edit) => {
                let busy = self.busy();
                if self
                    .editing
                    .reduce(edit, &mut self.board, &mut self.status, busy)
                {
                    self.board_replaced();
                }
                return self;
            }
            Area::Files(file) => {
                self.editing.end_typing();
                if self.files.reduce(file, &mut self.board, &mut self.status) {
                    self.board_replaced();
                }
                return self;
            }
            Area::Generation(setting) => {
                self.editing.end_typing();
                self.generation.reduce(setting, &mut self.status);
                return self;
            }
            Area::Other(action) => action,
        };
        self.editing.end_typing();
        match action {
            Action::SetFormulation(f) => self.formulation = f,
            Action::Started { id, kind } => {
                if kind == JobKind::Compare {
                    self.compare.clear();
                }
                self.job = Some(Job {
                    id,
                    kind,
                    formulation: self.formulation,
                    symmetry: self.generation.symmetry,
                    progress: None,
                    partial: None,
                });
                self.next_id = self.next_id.max(id + 1);
                // MIP solves its 0-1 program again for each solution and each clue: fine for one
                // answer, slow for many, which should not come as a surprise.
                let slow = match kind {
                    JobKind::Count | JobKind::Check if self.formulation == Formulation::Mip => {
                        Some(Slow::Mip)
                    }
                    // Each clue of a 36x36 puzzle is a hard search of its own.
                    JobKind::Check if self.size().box_size() >= 6 => Some(Slow::LargeCheck),
                    _ => None,
                };
                self.status = Message::Started { job: kind, slow };
                // The request started a fresh worker in place of the failed one.
                if self.engine == EngineState::Failed {
                    self.engine = EngineState::Starting;
                }
            }
            Action::Answered { id, response } => return self.answered(id, response).after_job(),
            Action::Cancelled => {
                self.engine = EngineState::Starting;
                if let Some(job) = self.job.take() {
                    // A count's progress is a lower bound worth keeping.
                    let found = match job.progress {
                        Some((Phase::Solutions, n, _)) if n > 0 => Some(n),
                        _ => None,
                    };
                    self.status = Message::Cancelled {
                        job: job.kind,
                        found,
                    };
                }
                return self.after_job();
            }
            Action::KeepPartial => {
                let Some(puzzle) = self.job.as_mut().and_then(|j| j.partial.take()) else {
                    return self.reduce(Action::Cancelled);
                };
                self.engine = EngineState::Starting;
                self.job = None;
                self.status = generation::keep(puzzle, &mut self.board);
                self.board_replaced();
                return self.after_job();
            }
            Action::EngineFailed(reason) => {
                // With no job waiting, the user's current message (a conflict, an import
                // error) matters more; the next request starts a fresh worker and reports
                // a failure then.
                self.engine = EngineState::Failed;
                if let Some(job) = self.job.take() {
                    self.status = Message::EngineStopped {
                        job: job.kind,
                        reason,
                    };
                }
                return self.after_job();
            }
            Action::EngineReady => self.engine = EngineState::Ready,
            Action::ShowSolution(i) => {
                if let Some(s) = self.solutions.get(i).cloned() {
                    self.solution_index = i;
                    self.board.solver_grid = Some(self.board.marks_for(&s));
                    self.board.grid = s;
                }
            }
            Action::Select(_)
            | Action::Move(_)
            | Action::Input(_)
            | Action::InputMore(_)
            | Action::Erase
            | Action::Undo
            | Action::Redo
            | Action::Clear
            | Action::ResetToGivens
            | Action::SetSize(_)
            | Action::SetMode(_)
            | Action::NotADigit(_)
            | Action::Save(_)
            | Action::Import(_)
            | Action::OpenLink(_)
            | Action::ImportFailed(_)
            | Action::Share { .. }
            | Action::Copied
            | Action::CopyRefused
            | Action::Downloaded
            | Action::SetSeed(_)
            | Action::InvalidSeed(_)
            | Action::SetSymmetry(_) => {}
        }
        self
    }

    /// A new board (an edit, an import, a generated puzzle): results about the old one no
    /// longer apply, nor a selection off the new one.
    fn board_replaced(&mut self) {
        self.solutions.clear();
        self.solution_index = 0;
        self.compare.clear();
        self.redundant.clear();
        self.files.share_link = None;
        self.editing.fit(self.size());
    }

    /// Once no job runs, an import that waited for it applies; the job's own answer stays in
    /// the status line before the import's.
    fn after_job(mut self) -> AppState {
        match self.files.waiting_import.take() {
            Some(import) if !self.busy() => {
                let answer = Box::new(self.status.clone());
                self.editing.end_typing();
                if self.files.reduce(import, &mut self.board, &mut self.status) {
                    self.board_replaced();
                }
                let import = Box::new(std::mem::replace(&mut self.status, Message::Welcome));
                self.status = Message::Then { answer, import };
            }
            waiting => self.files.waiting_import = waiting,
        }
        self
    }

    fn answered(mut self, id: u64, response: Response) -> AppState {
        let Some(job) = self.job.as_mut().filter(|j| j.id == id) else {
            return self;
        };
        match response {
            Response::Progress { phase, done, total } => {
                job.progress = Some((phase, done, total));
                return self;
            }
            // Parts of an answer never end the job, whatever kind it is.
            Response::CompareRow { row } => {
                if job.kind == JobKind::Compare {
                    self.compare.push(row);
                }
                return self;
            }
            Response::Partial { puzzle } => {
                if job.kind == JobKind::Generate {
                    job.partial = Some(puzzle);
                }
                return self;
            }
            _ => {}
        }
        let Some(job) = self.job.take() else {
            return self;
        };
        // The board was locked while the job ran, so the answer is about this board.
        match response {
            Response::Ready
            | Response::Progress { .. }
            | Response::Partial { .. }
            | Response::CompareRow { .. } => {}
            Response::Failed { message } => {
                self.status = Message::JobFailed {
                    job: job.kind,
                    message,
                }
            }
            Response::Compared { rows } => self.compared(rows),
            Response::Solved { report, millis } => self.solved(job.kind, report, millis),
            Response::Generated {
                puzzle,
                seed,
                millis,
            } => {
                self.status =
                    self.generation
                        .generated(puzzle, seed, millis, job.symmetry, &mut self.board);
                self.board_replaced();
            }
            Response::Checked { outcome, millis } => self.checked(job.formulation, outcome, millis),
            Response::Exported { model, text } => self.status = self.files.exported(model, text),
        }
        self
    }

    fn compared(&mut self, rows: Vec<CompareRow>) {
        let answers = rows
            .iter()
            .filter_map(|r| r.result.as_ref().ok())
            .map(|r| r.verdict())
            .collect::<Vec<_>>();
        let agree = answers.windows(2).all(|w| w[0] == w[1]);
        self.status = if agree {
            Message::Compared {
                formulations: rows.len(),
                answered: answers.len(),
            }
        } else {
            Message::Disagree
        };
        self.compare = rows;
    }

    fn solved(&mut self, kind: JobKind, report: SolveReport, millis: f64) {
        // The status no longer speaks of redundant clues, so their outlines go too.
        self.redundant.clear();
        let answer = match (kind, report.verdict()) {
            (_, Verdict::NoSolution) => SolveAnswer::NoSolution {
                clash: self.board.clashing_givens(),
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
            let board = &mut self.board;
            solved.replaced = board
                .played()
                .iter()
                .filter(|&&(p, d)| first.digit(p) != Some(d))
                .count();
            let marks = board.marks_for(first);
            // Solving the board it already shows again adds no step to undo.
            if *first != board.grid || marked(first, Some(&marks)) != board.solver_cells() {
                board.push(first.clone());
                board.solver_grid = Some(marks);
            }
        } else if report.verdict() == Verdict::NoSolution {
            // Digits of a solution of the givens as they were would pass for one of these.
            let mine = self.solver_cells();
            if mine.contains(&true) {
                let mut grid = self.board.grid.clone();
                for (i, _) in mine.iter().enumerate().filter(|(_, m)| **m) {
                    grid.set(Pos::from_index(i, self.size()), Entry::Empty);
                }
                self.board.push(grid);
                solved.cleared = true;
            }
        }
        self.status = Message::Solved(Box::new(solved));
        self.found = Found {
            count: report.count,
            exhaustive: report.exhaustive,
        };
        self.solutions = report.solutions;
        self.solution_index = 0;
    }

    /// Where the stepper is among the solutions: `Solution 3 of 288 shown (the first 100
    /// are kept)`, or `of at least 2` when the search stopped at two.
    pub fn stepper_text(&self) -> String {
        Stepper {
            index: self.solution_index,
            kept: self.solutions.len(),
            count: self.found.count,
            exhaustive: self.found.exhaustive,
            limit: COUNT_LIMIT,
        }
        .to_string()
    }

    fn checked(&mut self, formulation: Formulation, outcome: CheckOutcome, millis: f64) {
        let yours = self.played_against(&outcome);
        let answer = match outcome {
            CheckOutcome::NoSolution => CheckAnswer::NoSolution {
                clash: self.board.clashing_givens(),
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
                answer
            }
        };
        self.status = Message::Checked(Box::new(Checked {
            answer,
            formulation,
            millis,
            yours,
        }));
    }

    /// Check is about the givens; what it tells of the digits the player filled in: with one
    /// solution, which of them differ from it (a mistake with no clash in sight), else that
    /// they were not checked.
    fn played_against(&self, outcome: &CheckOutcome) -> Option<Yours> {
        let played = self.board.played();
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
}

/// How many solutions "Count solutions" counts before it stops.
pub const COUNT_LIMIT: u64 = 10_000;
/// How many solutions are kept to step through.
pub const KEEP_SOLUTIONS: usize = 100;
