//! Solve step by step: the whole logical solution of the givens, each step selectable to show
//! the board at that point.

use super::advice::{StepsEnd, board_after};
use super::board::Board;
use super::hint::{HintView, step_view};
use super::notes::Notes;
use crate::engine::Grid;
use crate::engine::logic::Step;
use crate::words::{Message, PlayMessage};

/// A logical solution of `puzzle`.
#[derive(Clone, Debug, PartialEq)]
pub struct StepLog {
    pub puzzle: Grid,
    pub steps: Vec<Step>,
    /// Each step's sentence, from the worker.
    pub said: Vec<String>,
    pub end: StepsEnd,
}

/// The last step log, and the step on show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Steps {
    pub log: Option<StepLog>,
    /// The step whose board is on show in place of the player's.
    pub selected: Option<usize>,
}

/// The board at one step: the digits and candidates before it, and the step marked.
#[derive(Clone, Debug, PartialEq)]
pub struct StepView {
    pub grid: Grid,
    pub notes: Notes,
    pub hint: HintView,
}

impl Steps {
    /// The worker's step log of the board's givens.
    pub fn answered(
        &mut self,
        (steps, said): (Vec<Step>, Vec<String>),
        end: StepsEnd,
        board: &Board,
    ) -> Message {
        let count = steps.len();
        self.log = Some(StepLog {
            puzzle: board.grid.puzzle(),
            steps,
            said,
            end,
        });
        self.selected = None;
        Message::Play(PlayMessage::Stepped { count, end })
    }

    /// Shows the board at step `index` (`None`: the player's board again); returns what the
    /// status says then: the step on show, or again the log's summary.
    pub fn select(&mut self, index: Option<usize>) -> Option<Message> {
        let log = self.log.as_ref()?;
        let count = log.steps.len();
        self.selected = index.filter(|&i| i < count);
        let said = match self.selected {
            Some(k) => PlayMessage::StepShown {
                number: k + 1,
                count,
                said: log.said.get(k).cloned().unwrap_or_default(),
            },
            None => PlayMessage::Stepped {
                count,
                end: log.end,
            },
        };
        Some(Message::Play(said))
    }

    /// Drops a log of other givens than the board's.
    pub fn fit(&mut self, board: &Board) {
        if self
            .log
            .as_ref()
            .is_some_and(|l| l.puzzle != board.grid.puzzle())
        {
            *self = Steps::default();
        }
    }

    /// The board at the selected step, if one is.
    pub fn view(&self) -> Option<StepView> {
        let log = self.log.as_ref()?;
        let k = self.selected?;
        let step = log.steps.get(k)?;
        let (grid, notes) = board_after(&log.puzzle, &log.steps, k);
        let hint = step_view(step, grid.size(), true);
        Some(StepView { grid, notes, hint })
    }
}
