//! The play clock: time spent on the puzzle on show while the page is in view, stopped at the solve.

use super::board::{Board, Mode};
use super::history::fingerprint;
use serde::{Deserialize, Serialize};

/// The clock of the game on the board. Readings come from the page's clock (milliseconds
/// since the page loaded), handed in with each action as [`super::serve::Clock`] hands the
/// worker its time; only the banked time and the puzzle it is for are stored (beside the
/// board, see [`AppState::opened`](super::state::AppState::opened)), as each page load has a
/// clock of its own.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Timer {
    /// Play time banked, in milliseconds.
    pub elapsed_ms: f64,
    /// The givens the time is for ([`fingerprint`]): another puzzle starts from zero.
    pub puzzle: u64,
    /// The reading the clock last started or banked at; `None` while it stands.
    #[serde(skip)]
    since: Option<f64>,
    /// The page is hidden (another tab, a minimised window): the clock stands.
    #[serde(skip)]
    pub hidden: bool,
}

/// Whether the board is a puzzle the player has completed: every cell filled in play with no
/// clash, none of them by the solver.
pub fn solved(board: &Board) -> bool {
    board.mode == Mode::Play
        && board.grid.given_count() > 0
        && board.grid.is_complete()
        && board.grid.conflicts().is_empty()
        && !board.solver_cells().contains(&true)
}

/// Whether the clock runs on this board: a puzzle in play that is not yet complete.
fn counts(board: &Board) -> bool {
    board.mode == Mode::Play
        && board.grid.given_count() > 0
        && !(board.grid.is_complete() && board.grid.conflicts().is_empty())
}

impl Timer {
    /// The time played as of the reading `now`.
    pub fn elapsed_at(&self, now: f64) -> f64 {
        self.elapsed_ms + self.since.map_or(0.0, |s| (now - s).max(0.0))
    }

    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// Adds the time run until `now` to the bank.
    pub fn bank(&mut self, now: f64) {
        if let Some(since) = self.since {
            self.elapsed_ms += (now - since).max(0.0);
            self.since = Some(now);
        }
    }

    /// A stored clock on the board it opens with: kept if it was for these givens.
    pub fn for_board(self, board: &Board) -> Timer {
        let puzzle = fingerprint(&board.grid.puzzle(), None);
        match self.puzzle == puzzle {
            true => self,
            false => Timer {
                puzzle,
                ..Timer::default()
            },
        }
    }

    /// After an action at `now` (time banked before it): a new puzzle starts from zero, and the
    /// clock runs while its puzzle is being played in view.
    pub fn settle(&mut self, board: &Board, now: f64) {
        let puzzle = fingerprint(&board.grid.puzzle(), None);
        if puzzle != self.puzzle {
            self.puzzle = puzzle;
            self.elapsed_ms = 0.0;
        }
        let run = !self.hidden && counts(board);
        self.since = run.then(|| self.since.unwrap_or(now));
    }
}
