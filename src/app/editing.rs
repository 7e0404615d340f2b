//! Editing the board by hand: selection, digits, erasing, undo and redo, clear, reset, size, mode.

use super::board::{Board, Mode, on_the_board};
use super::notes::{NOTES_IN_CELLS_UP_TO, Notes, allowed};
use crate::engine::{Digit, Entry, Grid, Pos, Size};
use crate::words::{Message, PlayMessage};

/// Arrow-key directions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
    /// First and last cell of the row (Home, End).
    RowStart,
    RowEnd,
    /// First and last cell of the grid (Ctrl+Home, Ctrl+End).
    GridStart,
    GridEnd,
    /// One box up or down (Page Up, Page Down), the quick way across big grids.
    BoxUp,
    BoxDown,
}

/// What a user does to the board by hand.
#[derive(Clone, Debug, PartialEq)]
pub enum EditAction {
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
    /// A key that names no digit of this grid was typed into a cell.
    NotADigit(String),
    /// Notes mode on or off: typed digits toggle notes instead of filling the cell.
    ToggleNotes,
    /// Auto candidates on (every empty cell's notes become its candidates) or off (no
    /// notes), one undo step either way.
    SetAutoCandidates(bool),
}

/// Where the last action typed a digit, and whether that made an undo step of its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct LastTyped {
    at: Pos,
    own_step: bool,
}

/// The selection and the number being typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Editing {
    pub selected: Option<Pos>,
    /// Notes mode: typed digits toggle the selected cell's notes.
    pub notes_mode: bool,
    /// The cell the last action typed a digit into: a second quick key there continues the
    /// number (`InputMore`), in the same undo step when the first key made one.
    last_typed: Option<LastTyped>,
    /// What was last said of where the puzzle came from (its seed, its file), and the clues
    /// it was said of: a move in play brings it back while those clues are on the board.
    said_of_puzzle: Option<(Grid, Message)>,
}

impl Editing {
    /// The cell a second quick key would continue a number in: the last action typed there.
    pub fn typing_at(&self) -> Option<Pos> {
        self.last_typed.map(|t| t.at)
    }

    /// Any other action ends the number being typed.
    pub fn end_typing(&mut self) {
        self.last_typed = None;
    }

    /// What the status says after an edit: in play, what was said of the puzzle, if it was
    /// said of these clues, rather than a line about the mode that would hide the seed.
    fn editing_status(&self, board: &Board) -> Message {
        let said = self.said_of(board).cloned().unwrap_or(Message::Playing);
        editing_status(board, said)
    }

    /// Keeps what the status says of where the puzzle on the board came from, for moves in
    /// play to bring back.
    pub fn remember_said(&mut self, status: &Message, board: &Board) {
        let new = self
            .said_of_puzzle
            .as_ref()
            .is_none_or(|(_, m)| m != status);
        if new && describes_puzzle(status) {
            self.said_of_puzzle = Some((board.grid.puzzle(), status.clone()));
        }
    }

    /// What was said of where the puzzle on `board` came from, while its clues are on it.
    pub fn said_of(&self, board: &Board) -> Option<&Message> {
        self.said_of_puzzle
            .as_ref()
            .filter(|(clues, _)| *clues == board.grid.puzzle())
            .map(|(_, said)| said)
    }

    /// Takes back, after a reload, what was said of the puzzle on `board`.
    pub fn recall(&mut self, said: Message, board: &Board) {
        self.said_of_puzzle = Some((board.grid.puzzle(), said));
    }

    /// Drops a selection the board (resized) no longer has.
    pub fn fit(&mut self, size: Size) {
        let side = size.side();
        if self
            .selected
            .is_some_and(|p| p.row >= side || p.col >= side)
        {
            self.selected = None;
        }
    }

    /// Applies one edit to `board`, saying what happened in `status` (while a job runs, the
    /// caller holds back the edits that change the board). Returns whether the board was
    /// replaced, so that what was found about the old one goes.
    pub fn reduce(
        &mut self,
        action: EditAction,
        board: &mut Board,
        status: &mut Message,
        busy: bool,
    ) -> bool {
        let typed = self.last_typed.take();
        let keyed = matches!(
            action,
            EditAction::Input(_) | EditAction::InputMore(_) | EditAction::Erase
        );
        let size = board.size();
        // A second quick key continues a number only if nothing came between the two keys
        // (the page may not yet show that an erase or a click ended the first): otherwise it
        // is a key of its own, the number's last digit.
        let action = match action {
            EditAction::InputMore(d) if typed.is_none_or(|t| Some(t.at) != self.selected) => {
                let last = u64::from(d.get()) % 10;
                match Digit::new(last, size.side()) {
                    Ok(d) => EditAction::Input(d),
                    Err(_) => EditAction::NotADigit(last.to_string()),
                }
            }
            other => other,
        };
        let replaced = match action {
            EditAction::Select(p) => {
                if p.row < size.side() && p.col < size.side() {
                    self.selected = Some(p);
                }
                false
            }
            EditAction::Move(dir) => {
                self.move_selection(dir, size);
                false
            }
            EditAction::Input(d) => {
                let before = board.steps();
                let replaced = match self.notes_mode {
                    true => self.note(d, board, status),
                    false => self.input(Some(d), board, status),
                };
                let notes_mode = self.notes_mode;
                self.last_typed = self
                    .selected
                    .filter(|&p| notes_mode || board.grid.digit(p) == Some(d))
                    .map(|at| LastTyped {
                        at,
                        own_step: board.steps() == before + 1,
                    });
                replaced
            }
            EditAction::InputMore(d) if self.notes_mode => {
                // One number, one note: the note the first keystroke toggled goes.
                if typed.is_some_and(|t| Some(t.at) == self.selected && t.own_step)
                    && let Some(before) = board.unpush()
                {
                    board.put(before);
                }
                self.note(d, board, status)
            }
            EditAction::InputMore(d) => {
                let before = board.steps();
                let replaced = self.input(Some(d), board, status);
                // One number, one undo step: the step the first keystroke made goes.
                let first_step = typed.is_some_and(|t| Some(t.at) == self.selected && t.own_step);
                if first_step && board.steps() == before + 1 {
                    board.unpush();
                }
                replaced
            }
            EditAction::Erase => self.input(None, board, status),
            EditAction::Undo | EditAction::Redo => {
                let undo = action == EditAction::Undo;
                let moved = if undo { board.undo() } else { board.redo() };
                if moved {
                    // The puzzle's line stays in sight while its clues are on the board.
                    let said = self.said_of(board).cloned().map(Box::new);
                    let done = match undo {
                        true => Message::Undone { said },
                        false => Message::Redone { said },
                    };
                    *status = board_status(board, done);
                } else if !busy {
                    // A key press past either end still answers, so an old "Undone." does
                    // not seem to speak of it.
                    *status = Message::NothingToMove { undo };
                }
                moved
            }
            EditAction::SetSize(_) => {
                // A new size starts an empty board to enter clues into: a digit typed is a
                // clue, as the status says, not a note.
                let changed = replace(action, board, status);
                self.notes_mode &= !changed;
                changed
            }
            EditAction::Clear | EditAction::ResetToGivens => replace(action, board, status),
            EditAction::SetMode(m) => {
                // An older message may still speak of the other mode ("playing, ...").
                // A running job's line says what it does and how to stop it; that stays.
                if m != board.mode && !status.is_error() && !busy {
                    *status = match m {
                        Mode::Givens => Message::SwitchedToGivens,
                        Mode::Play => Message::SwitchedToPlay,
                    };
                }
                board.mode = m;
                false
            }
            EditAction::ToggleNotes => {
                self.notes_mode = !self.notes_mode;
                if !status.is_error() && !busy {
                    *status = Message::Play(PlayMessage::NotesMode {
                        on: self.notes_mode,
                    });
                }
                false
            }
            EditAction::SetAutoCandidates(on) => {
                set_auto_candidates(on, board, status);
                false
            }
            EditAction::NotADigit(key) => self.not_a_digit(key, typed, board, status),
        };
        // A hint about a key that names no digit, still on show, gives way to the next digit
        // or erase key, even one that changes nothing.
        if keyed && matches!(status, Message::NotADigit { .. }) {
            *status = self.editing_status(board);
        }
        if replaced {
            self.fit(board.size());
        }
        replaced
    }

    /// A key that names no digit. A number too large for the grid was meant as a whole: its
    /// first key, which wrote a digit of its own, is taken back. Returns whether it was.
    fn not_a_digit(
        &self,
        key: String,
        typed: Option<LastTyped>,
        board: &mut Board,
        status: &mut Message,
    ) -> bool {
        let number = key.len() > 1 && key.chars().all(|c| c.is_ascii_digit());
        let first = typed.filter(|t| number && t.own_step && Some(t.at) == self.selected);
        let restored = match first.and_then(|_| board.unpush()) {
            Some(before) => {
                board.put(before);
                true
            }
            None => false,
        };
        *status = Message::NotADigit {
            key,
            size: board.size(),
            restored,
        };
        restored
    }

    /// Moves like a grid widget: arrows stop at the edges rather than wrap around, so the
    /// edge is a place a keyboard or screen-reader user can find.
    fn move_selection(&mut self, dir: Direction, size: Size) {
        let side = size.side();
        if side == 0 {
            return;
        }
        let n = size.box_size();
        let last = side - 1;
        let p = self.selected.unwrap_or(Pos::new(0, 0));
        let (r, c) = (p.row, p.col);
        let (r, c) = match dir {
            Direction::Up => (r.saturating_sub(1), c),
            Direction::Down => ((r + 1).min(last), c),
            Direction::Left => (r, c.saturating_sub(1)),
            Direction::Right => (r, (c + 1).min(last)),
            Direction::RowStart => (r, 0),
            Direction::RowEnd => (r, last),
            Direction::GridStart => (0, 0),
            Direction::GridEnd => (last, last),
            Direction::BoxUp => (r.saturating_sub(n), c),
            Direction::BoxDown => ((r + n).min(last), c),
        };
        self.selected = Some(Pos::new(r, c));
    }

    /// Writes (or erases) the selected cell according to the mode; givens are safe in play.
    /// Returns whether the board changed.
    fn input(&self, digit: Option<Digit>, board: &mut Board, status: &mut Message) -> bool {
        let Some(p) = self.selected else {
            *status = Message::SelectFirst;
            return false;
        };
        if digit.is_some_and(|d| d.index() >= board.size().side()) {
            return false;
        }
        let current = board.grid.entry(p);
        if board.mode == Mode::Play && current.is_given() {
            *status = Message::GivenLocked { at: p };
            return false;
        }
        let entry = match (digit, board.mode) {
            (None, _) => Entry::Empty,
            (Some(d), Mode::Givens) => Entry::Given(d),
            (Some(d), Mode::Play) => Entry::Filled(d),
        };
        let size = board.size();
        let cell = p.index(size);
        let solvers = board.solver_cells()[cell];
        // Typing the solver's digit over it makes it the player's.
        if entry == current && !solvers {
            // Erasing an empty cell takes its notes away.
            if entry == Entry::Empty && board.notes.get(cell) != 0 {
                let mut notes = board.notes.clone();
                notes.set(size, cell, 0);
                board.push_notes(notes, board.auto);
                *status = self.editing_status(board);
            }
            return false;
        }
        let mut next = board.grid.clone();
        next.set(p, entry);
        // Whatever was in the cell, it is no longer the solver's; the rest stay marked.
        let mut solver = board.solver_grid.clone();
        if let Some(s) = solver.as_mut().filter(|s| s.size() == next.size()) {
            s.set(p, Entry::Empty);
        }
        let mut notes = board.notes.clone();
        match entry.digit() {
            Some(d) => notes.placed(size, cell, d),
            // With Auto candidates, a cell emptied gets its candidates back.
            None if board.auto => notes.set(size, cell, allowed(&next, cell)),
            None => notes.set(size, cell, 0),
        }
        // With Auto candidates, the digit that went gives back what its placing took from the
        // peers, so the candidates stay true.
        if let Some(gone) = current
            .digit()
            .filter(|&g| board.auto && entry.digit() != Some(g))
        {
            notes.freed(&next, cell, gone);
        }
        board.push_with(next, notes, board.auto);
        board.solver_grid = solver;
        *status = self.editing_status(board);
        true
    }

    /// Notes mode: toggles `d` in the selected empty cell's notes. Returns false: the board's
    /// digits stay as they are.
    fn note(&self, d: Digit, board: &mut Board, status: &mut Message) -> bool {
        let Some(p) = self.selected else {
            *status = Message::SelectFirst;
            return false;
        };
        let size = board.size();
        if d.index() >= size.side() {
            return false;
        }
        if board.grid.digit(p).is_some() {
            let clue = board.mode == Mode::Play && matches!(board.grid.entry(p), Entry::Given(_));
            *status = Message::Play(PlayMessage::NotesNeedEmptyCell { at: p, clue });
            return false;
        }
        let mut notes = board.notes.clone();
        notes.toggle(size, p.index(size), d);
        board.push_notes(notes, board.auto);
        *status = self.editing_status(board);
        false
    }
}

/// Clear, reset to the givens, or a new size: a new board, one undo step, unless the board
/// already is that one.
fn replace(action: EditAction, board: &mut Board, status: &mut Message) -> bool {
    let size = board.size();
    // The size of a board wiped with digits on it: Undo brings it back, which is worth saying.
    let wiped = board
        .grid
        .entries()
        .iter()
        .any(|e| e.digit().is_some())
        .then_some(size);
    match action {
        // Nothing to clear or reset: no step for Undo to walk through.
        EditAction::Clear
            if board.grid == Grid::empty(size)
                && board.notes == board.fresh_notes(&Grid::empty(size)) =>
        {
            board.mode = Mode::Givens;
            *status = Message::AlreadyEmpty;
            false
        }
        EditAction::ResetToGivens
            if board.grid == board.grid.puzzle()
                && board.notes == board.fresh_notes(&board.grid) =>
        {
            *status = Message::OnlyGivens;
            false
        }
        EditAction::Clear => {
            board.push(Grid::empty(size));
            board.mode = Mode::Givens;
            *status = Message::Cleared { wiped };
            true
        }
        EditAction::ResetToGivens => {
            board.push(board.grid.puzzle());
            *status = Message::BackToGivens;
            true
        }
        EditAction::SetSize(new) if new != size && on_the_board(new) => {
            board.push(Grid::empty(new));
            board.mode = Mode::Givens;
            *status = Message::NewGrid { size: new, wiped };
            true
        }
        _ => false,
    }
}

/// Turns automatic candidates on or off as one undo step, unless they already are.
fn set_auto_candidates(on: bool, board: &mut Board, status: &mut Message) {
    if on != board.auto {
        let notes = match on {
            true => Notes::auto(&board.grid),
            false => Notes::default(),
        };
        let cells = notes.cells().count();
        board.push_notes(notes, on);
        let drawn = board.size().side() <= NOTES_IN_CELLS_UP_TO;
        *status = Message::Play(PlayMessage::AutoCandidates { on, cells, drawn });
    }
}

/// What the status says after an edit.
fn editing_status(board: &Board, play: Message) -> Message {
    board_status(
        board,
        match board.mode {
            _ if board.grid.is_complete() => Message::GridFull,
            Mode::Givens => Message::EnteringGivens,
            Mode::Play => play,
        },
    )
}

/// Whether `status` says where the puzzle on the board came from, which stays true while it
/// is played.
fn describes_puzzle(status: &Message) -> bool {
    !status.is_error()
        && matches!(
            status,
            Message::Generated { .. }
                | Message::Play(PlayMessage::Generated { .. })
                | Message::KeptPartial { .. }
                | Message::Imported(_)
        )
}

/// The first conflict on the board if there is one (the old message may be about another
/// board), else `fallback`.
fn board_status(board: &Board, fallback: Message) -> Message {
    match board.grid.conflicts().first() {
        Some(&conflict) => Message::Conflict {
            conflict,
            side: board.grid.size().side(),
        },
        None => fallback,
    }
}
