//! The app's whole state, and [`AppState::reduce`], which hands each action to its area's reducer.

use super::generation;
use super::protocol::{Request, Response, Symmetry};
use super::timer;
use crate::engine::format::Format;
use crate::engine::logic::Level;
use crate::engine::{Digit, Formulation, Grid, Pos, Size};
use crate::words::PlayMessage;

pub use super::board::{Board, Mode, Snapshot, UNDO_LIMIT, on_the_board};
pub use super::editing::{Direction, EditAction, Editing};
pub use super::files::{
    Download, FileAction, Files, OfferedLink, SHARE_PREFIX, encode_uri_component,
};
pub use super::generation::{Generation, GenerationAction};
pub use super::hint::{Detail, HintView, Hints};
pub use super::history::History;
pub use super::jobs::{COUNT_LIMIT, EngineState, Found, Job, JobAction, Jobs, KEEP_SOLUTIONS};
pub use super::notes::Notes;
pub use super::saved::Saved;
pub use super::steps::{StepLog, StepView, Steps};
pub use super::timer::Timer;
pub use crate::words::{EngineFault, JobKind, Message, Unread};

/// Everything a user action can change: one list for the page to dispatch from, each action
/// documented where its area handles it.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    // Editing the board by hand: [`EditAction`].
    Select(Pos),
    Move(Direction),
    Input(Digit),
    InputMore(Digit),
    Erase,
    Undo,
    Redo,
    Clear,
    ResetToGivens,
    SetSize(Size),
    SetMode(Mode),
    NotADigit(String),
    ToggleNotes,
    SetAutoCandidates(bool),
    // Hints: [`Hints`].
    /// Hint pressed again on the same board: show more of the hint.
    RevealHint,
    /// Make the hint's step on the board.
    ApplyHint,
    /// Show the board at this step of the step log (`None`: the player's board).
    ShowStep(Option<usize>),
    // Files and sharing: [`FileAction`].
    Save(Format),
    Import(String),
    /// A file's text, with its name.
    ImportFile {
        name: String,
        text: String,
    },
    OpenLink(String),
    ImportFailed(Unread),
    /// Make a share link to the puzzle on the page at `page`; `board`: to the whole board,
    /// the player's digits and notes with it.
    Share {
        page: String,
        board: bool,
    },
    /// Open the share link that waits for the player's word, in place of the game.
    OpenOfferedLink,
    /// Keep the game on the board; the share link that waits is not opened.
    KeepGame,
    Copied,
    CopyRefused,
    Downloaded,
    // The generator's settings: [`GenerationAction`].
    SetSeed(u64),
    InvalidSeed(String),
    GenerateWithoutSeed,
    SetSymmetry(Symmetry),
    SetDifficulty(Option<Level>),
    // Jobs and the worker: [`JobAction`].
    SetFormulation(Formulation),
    Started {
        id: u64,
        kind: JobKind,
    },
    EngineReady,
    Cancelled,
    EngineFailed(EngineFault),
    ShowSolution(usize),
    /// The worker answered job `id`.
    Answered {
        id: u64,
        response: Response,
    },
    /// The running generation was stopped to keep its puzzle so far (as [`Action::Cancelled`]
    /// when there is none yet).
    KeepPartial,
    /// The page came into view (`true`) or was hidden: the play clock runs only in view.
    PageShown(bool),
}

/// Which part of the state an action is for.
enum Area {
    Editing(EditAction),
    Files(FileAction),
    Generation(GenerationAction),
    Jobs(JobAction),
    /// An answer may concern any area.
    Answered {
        id: u64,
        response: Response,
    },
    /// Stop and keep ends a job and puts its puzzle on the board.
    KeepPartial,
    RevealHint,
    ApplyHint,
    ShowStep(Option<usize>),
    PageShown(bool),
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
                | Action::ImportFile { .. }
                | Action::OpenLink(_)
                | Action::OpenOfferedLink
                | Action::ShowSolution(_)
                | Action::SetAutoCandidates(_)
                | Action::ApplyHint
        )
    }

    fn area(self) -> Area {
        use {Area as A, EditAction as E, FileAction as F, GenerationAction as G, JobAction as J};
        match self {
            Action::Select(p) => A::Editing(E::Select(p)),
            Action::Move(d) => A::Editing(E::Move(d)),
            Action::Input(d) => A::Editing(E::Input(d)),
            Action::InputMore(d) => A::Editing(E::InputMore(d)),
            Action::Erase => A::Editing(E::Erase),
            Action::Undo => A::Editing(E::Undo),
            Action::Redo => A::Editing(E::Redo),
            Action::Clear => A::Editing(E::Clear),
            Action::ResetToGivens => A::Editing(E::ResetToGivens),
            Action::SetSize(s) => A::Editing(E::SetSize(s)),
            Action::SetMode(m) => A::Editing(E::SetMode(m)),
            Action::NotADigit(k) => A::Editing(E::NotADigit(k)),
            Action::ToggleNotes => A::Editing(E::ToggleNotes),
            Action::SetAutoCandidates(on) => A::Editing(E::SetAutoCandidates(on)),
            Action::Save(f) => A::Files(F::Save(f)),
            Action::Import(t) => A::Files(F::Import(t)),
            Action::ImportFile { name, text } => A::Files(F::ImportFile { name, text }),
            Action::OpenLink(t) => A::Files(F::OpenLink(t)),
            Action::ImportFailed(r) => A::Files(F::ImportFailed(r)),
            Action::Share { page, board } => A::Files(F::Share { page, board }),
            Action::OpenOfferedLink => A::Files(F::OpenOfferedLink),
            Action::KeepGame => A::Files(F::KeepGame),
            Action::Copied => A::Files(F::Copied),
            Action::CopyRefused => A::Files(F::CopyRefused),
            Action::Downloaded => A::Files(F::Downloaded),
            Action::SetSeed(s) => A::Generation(G::SetSeed(s)),
            Action::InvalidSeed(t) => A::Generation(G::InvalidSeed(t)),
            Action::GenerateWithoutSeed => A::Generation(G::GenerateWithoutSeed),
            Action::SetSymmetry(s) => A::Generation(G::SetSymmetry(s)),
            Action::SetDifficulty(l) => A::Generation(G::SetDifficulty(l)),
            Action::SetFormulation(f) => A::Jobs(J::SetFormulation(f)),
            Action::Started { id, kind } => A::Jobs(J::Started { id, kind }),
            Action::EngineReady => A::Jobs(J::EngineReady),
            Action::Cancelled => A::Jobs(J::Cancelled),
            Action::EngineFailed(reason) => A::Jobs(J::EngineFailed(reason)),
            Action::ShowSolution(i) => A::Jobs(J::ShowSolution(i)),
            Action::Answered { id, response } => A::Answered { id, response },
            Action::KeepPartial => A::KeepPartial,
            Action::RevealHint => A::RevealHint,
            Action::ApplyHint => A::ApplyHint,
            Action::ShowStep(k) => A::ShowStep(k),
            Action::PageShown(shown) => A::PageShown(shown),
        }
    }
}

/// The whole app state: the board every area shares, each area's own state, and the status
/// line saying what happened last.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    pub board: Board,
    pub editing: Editing,
    pub jobs: Jobs,
    pub files: Files,
    pub generation: Generation,
    pub hints: Hints,
    pub steps: Steps,
    /// The play clock; it moves only through [`AppState::reduce_at`].
    pub timer: Timer,
    pub status: Message,
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
            jobs: Jobs::default(),
            files: Files::default(),
            generation: Generation::default(),
            hints: Hints::default(),
            steps: Steps::default(),
            timer: Timer::default(),
            status: Message::Welcome,
        }
    }

    pub fn size(&self) -> Size {
        self.board.size()
    }

    pub fn busy(&self) -> bool {
        self.jobs.job.is_some()
    }

    /// Whether a quick question (a hint, the steps) can be asked: another worker answers it
    /// while a job runs.
    pub fn can_ask(&self) -> bool {
        self.jobs.can_ask()
    }

    /// Per cell, whether its digit is the solver's (see [`Board::solver_cells`]).
    pub fn solver_cells(&self) -> Vec<bool> {
        self.board.solver_cells()
    }

    /// The cell a second quick key would continue a number in.
    pub fn typing_at(&self) -> Option<Pos> {
        self.editing.typing_at()
    }

    /// The formulations a running comparison has yet to report.
    pub fn compare_pending(&self) -> Vec<Formulation> {
        self.jobs.compare_pending(self.board.size())
    }

    /// The note under a finished comparison's table (see [`Jobs::compare_note`]).
    pub fn compare_note(&self) -> Option<&'static str> {
        self.jobs.compare_note()
    }

    /// The id the next request will carry; the page sends it, then dispatches `Started`.
    pub fn next_job_id(&self) -> u64 {
        self.jobs.next_job_id()
    }

    /// Where the stepper is among the solutions: `Solution 3 of 288 shown (the first 100
    /// are kept)`, or `of at least 2` when the search stopped at two.
    pub fn stepper_text(&self) -> String {
        self.jobs.stepper().to_string()
    }

    /// The worker request for a job kind on the current puzzle.
    pub fn request(&self, kind: JobKind) -> Request {
        let puzzle = self.board.grid.puzzle();
        let formulation = self.jobs.formulation;
        match kind {
            JobKind::Solve => Request::Solve {
                puzzle,
                formulation,
                max_solutions: Some(2),
                keep: 2,
            },
            JobKind::Count => Request::Solve {
                puzzle,
                formulation,
                // One past the limit tells exactly the limit from more.
                max_solutions: Some(COUNT_LIMIT + 1),
                keep: KEEP_SOLUTIONS,
            },
            JobKind::Compare => Request::Compare { puzzle },
            JobKind::Generate => Request::Generate {
                size: self.size(),
                seed: self.generation.seed,
                symmetry: self.generation.symmetry,
                formulation,
                difficulty: self.generation.difficulty,
            },
            JobKind::Check => Request::Check {
                puzzle,
                formulation,
            },
            JobKind::Export(model) => Request::Export { puzzle, model },
            JobKind::Steps => Request::Steps { puzzle },
            JobKind::Hint => Request::Hint {
                grid: self.board.grid.clone(),
                notes: self.board.notes.clone(),
            },
        }
    }

    /// Applies one action at the reading `now` of the page's clock (milliseconds): the play
    /// clock banks the time up to it, and stops when the action completes the puzzle, which
    /// the status then celebrates.
    pub fn reduce_at(mut self, action: Action, now: f64) -> AppState {
        self.timer.bank(now);
        let was_solved = timer::solved(&self.board);
        let a_move = matches!(
            action,
            Action::Input(_) | Action::InputMore(_) | Action::ApplyHint | Action::Redo
        );
        let mut state = self.reduce(action);
        state.timer.settle(&state.board, now);
        if a_move && !was_solved && timer::solved(&state.board) {
            state.status = Message::Play(PlayMessage::Solved {
                size: state.size(),
                millis: state.timer.elapsed_ms,
            });
        }
        state
    }

    /// Applies one action; returns the new state. The play clock stands still.
    pub fn reduce(mut self, action: Action) -> AppState {
        // A running job answers about the board it started from, and solving or generating
        // replaces it, so the board holds still until the job ends.
        if let Some(job) = self.jobs.job.as_ref().filter(|_| action.edits_the_board()) {
            let job = job.kind;
            self.status = match action.area() {
                Area::Files(import) => self.files.wait(job, import),
                _ => Message::Locked { job },
            };
            return self;
        }
        // A question asked beside a job that has ended is about the board before this edit.
        if action.edits_the_board() {
            self.jobs.quick = None;
        }
        let area = action.area();
        // The page coming into view or going out of it is no action of the player's.
        if !matches!(area, Area::Editing(_) | Area::PageShown(_)) {
            self.editing.end_typing();
        }
        let (board, status) = (&mut self.board, &mut self.status);
        let replaced = match area {
            Area::Editing(edit) => {
                let busy = self.jobs.job.is_some();
                self.editing.reduce(edit, board, status, busy)
            }
            Area::Files(file) => self.files.reduce(file, board, status),
            Area::Generation(setting) => {
                self.generation.reduce(setting, status);
                false
            }
            Area::Jobs(job) => {
                let generator = (self.generation.symmetry, self.generation.difficulty);
                self.jobs.reduce(job, board, status, generator);
                false
            }
            Area::Answered { id, response } => self.answered(id, response),
            Area::KeepPartial => match self.jobs.stop_keeping() {
                Some(puzzle) => {
                    self.status = generation::keep(puzzle, &mut self.board);
                    true
                }
                None => return self.reduce(Action::Cancelled),
            },
            Area::RevealHint => {
                self.hints.reveal(board, status);
                false
            }
            Area::ApplyHint => {
                self.hints.apply(board, status);
                false
            }
            Area::ShowStep(k) => {
                if let Some(said) = self.steps.select(k) {
                    self.status = said;
                }
                return self;
            }
            Area::PageShown(shown) => {
                self.timer.hidden = !shown;
                return self;
            }
        };
        if replaced {
            self.board_replaced();
        }
        self.hints.fit(&self.board);
        self.jobs.fit(&self.board);
        // Any other action brings the player's board back in view.
        self.steps.selected = None;
        self.steps.fit(&self.board);
        let mut state = self.import_waiting();
        state.editing.remember_said(&state.status, &state.board);
        state
    }

    /// The answer to job `id`, handed to the area it concerns; returns whether it replaced
    /// the board. The board was locked while the job ran, so the answer is about this board.
    fn answered(&mut self, id: u64, response: Response) -> bool {
        let Some((job, answer)) = self.jobs.answered(id, response) else {
            return false;
        };
        // Another answer about the puzzle takes the status (and a hint marks cells of its
        // own): Check's outlines go with the words that explained them.
        if matches!(
            answer,
            Response::Hinted { .. } | Response::Stepped { .. } | Response::Compared { .. }
        ) {
            self.jobs.forget_redundant();
        }
        let board = &mut self.board;
        self.status = match answer {
            Response::Solved { report, millis } => {
                self.jobs
                    .solved((job.kind, job.formulation), report, millis, board)
            }
            Response::Checked {
                outcome,
                millis,
                rating,
            } => self
                .jobs
                .checked(job.formulation, outcome, (millis, rating), board),
            Response::Compared { rows } => self.jobs.compared(rows),
            Response::Failed { failure } => Message::JobFailed {
                job: job.kind,
                failure,
            },
            Response::Exported { model, text } => self.files.exported(model, text),
            Response::Hinted { hint, .. } => self.hints.answered(hint, board),
            Response::Stepped { steps, said, end } => {
                self.steps.answered((steps, said), end, board)
            }
            Response::Generated {
                puzzle,
                seed,
                millis,
                rating,
            } => {
                let about = (seed, millis, rating);
                self.status =
                    self.generation
                        .generated(puzzle, about, (job.symmetry, job.difficulty), board);
                return true;
            }
            // The worker's greeting comes under an id of its own; parts of an answer were
            // taken in by the job.
            Response::Ready
            | Response::Progress { .. }
            | Response::Partial { .. }
            | Response::CompareRow { .. } => return false,
        };
        false
    }

    /// A new board (an edit, an import, a generated puzzle): what was found about the old
    /// one no longer applies, nor its share link, nor a selection off the new one.
    fn board_replaced(&mut self) {
        self.jobs.forget_results();
        self.files.share_link = None;
        self.editing.fit(self.size());
    }

    /// Once no job runs, an import that waited for it applies; the job's own answer stays in
    /// the status line before the import's.
    fn import_waiting(mut self) -> AppState {
        if self.busy() {
            return self;
        }
        let Some(import) = self.files.waiting_import.take() else {
            return self;
        };
        let answer = Box::new(self.status.clone());
        if self.files.reduce(import, &mut self.board, &mut self.status) {
            self.board_replaced();
        }
        let import = Box::new(self.status.clone());
        self.status = Message::Then { answer, import };
        self
    }
}
