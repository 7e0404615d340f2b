//! What survives a reload: the board and settings ([`Saved`]), the undo history beside them, and
//! the first visit's seed.

use super::board::{Mode, on_the_board};
use super::history::History;
use super::notes::Notes;
use super::protocol::Symmetry;
use super::state::{Action, AppState};
use super::timer::Timer;
use crate::engine::logic::Level;
use crate::engine::{Formulation, Grid};
use crate::words::{JobKind, Message};
use serde::{Deserialize, Serialize};

/// A new visitor's first seed is below this: short enough to read out and type again.
pub const FIRST_SEEDS: u64 = 1_000_000;

/// What survives a reload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub grid: Grid,
    pub mode: Mode,
    pub formulation: Formulation,
    pub seed: u64,
    #[serde(default)]
    pub symmetry: Symmetry,
    /// `None`: a minimal puzzle.
    #[serde(default)]
    pub difficulty: Option<Level>,
    /// Stored under a newer name: states saved before the marks followed each cell kept a
    /// whole stale solution here, which must not mark a later board.
    #[serde(default, rename = "solver_digits")]
    pub solver_grid: Option<Grid>,
    #[serde(default)]
    pub notes: Notes,
    #[serde(default)]
    pub auto_candidates: bool,
    #[serde(default)]
    pub notes_mode: bool,
    /// A share link's text still waiting for the player's word over this game: a reload
    /// asks again rather than lose the link or the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offered_link: Option<String>,
    /// What the status said of where the board's puzzle came from (its seed and level, its
    /// file), in its words: the reload says it again, and so do moves in play after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<String>,
    /// The job running when the state was stored: a reload stops it, and the next visit says
    /// so rather than show the board as if nothing had been under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<JobKind>,
}

impl AppState {
    /// The state a page opens in: what the last visit stored (`stored`, with its undo history
    /// `history` and its play clock `clock` when they belong to the stored board), else a
    /// fresh board whose first Generate uses a seed drawn from `random`, so that new visitors
    /// do not all get the same first puzzle.
    pub fn opened(
        stored: Option<&str>,
        history: Option<&str>,
        clock: Option<&str>,
        random: u64,
    ) -> AppState {
        let mut state = AppState::from_stored(stored);
        // The clock is stored apart, as often as it moves (when the page is hidden, say),
        // so that the board and settings are written only when they change.
        if let Some(timer) = clock.and_then(|c| serde_json::from_str::<Timer>(c).ok()) {
            state.timer = timer.for_board(&state.board);
        }
        if stored.is_none() || state.status == Message::StoredUnreadable {
            state.generation.seed = random % FIRST_SEEDS;
        }
        if let Some(history) = history.and_then(History::read) {
            history.restore(&mut state.board);
        }
        state
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
        let grid = &saved.grid;
        let digits = grid
            .entries()
            .iter()
            .filter(|e| e.digit().is_some())
            .count();
        let status = match digits {
            0 => Message::Welcome,
            _ => Message::Restored {
                size: grid.size(),
                givens: grid.given_count(),
                played: digits - grid.given_count(),
                said: saved.said.clone(),
            },
        };
        let mut state = AppState::new(saved.grid);
        state.board.mode = saved.mode;
        state.board.solver_grid = saved.solver_grid;
        state.board.notes = saved.notes.fit(state.size());
        state.board.auto = saved.auto_candidates;
        state.editing.notes_mode = saved.notes_mode;
        state.jobs.formulation = saved.formulation;
        state.generation.seed = saved.seed;
        state.generation.symmetry = saved.symmetry;
        state.generation.difficulty = saved.difficulty;
        state.status = match saved.running {
            Some(job) => Message::StoppedByReload { job },
            None => status,
        };
        if let Some(text) = saved.said.filter(|_| digits > 0) {
            state
                .editing
                .recall(Message::Recalled { text }, &state.board);
        }
        match saved.offered_link {
            Some(link) => state.reduce(Action::OpenLink(link)),
            None => state,
        }
    }

    pub fn saved(&self) -> Saved {
        Saved {
            grid: self.board.grid.clone(),
            mode: self.board.mode,
            formulation: self.jobs.formulation,
            seed: self.generation.seed,
            symmetry: self.generation.symmetry,
            difficulty: self.generation.difficulty,
            solver_grid: self.board.solver_grid.clone(),
            notes: self.board.notes.clone(),
            auto_candidates: self.board.auto,
            notes_mode: self.editing.notes_mode,
            offered_link: self.files.offered_link.as_ref().map(|o| o.text.clone()),
            said: self.editing.said_of(&self.board).map(ToString::to_string),
            // A hint is a moment's work, not worth a word on the next visit.
            running: (self.jobs.job.as_ref())
                .map(|j| j.kind)
                .filter(|&k| k != JobKind::Hint),
        }
    }
}
