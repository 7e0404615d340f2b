//! What the page says to a player: notes, hints, the steps of a logical solution, difficulty.

use super::{Clipboard, format_millis, quantity, rating_words, sentence, thousands};
use crate::app::advice::StepsEnd;
use crate::engine::logic::{Level, Rating, Technique, Unit};
use crate::engine::{Pos, Size};
use std::fmt;

/// What a hint found wrong on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The player's digits are not the (one) solution's.
    Digits,
    /// Filled digits clash, where the clues have several solutions.
    Clash,
    /// Notes leave out the solution's digit.
    Notes,
}

/// A player's tools: notes and Auto candidates.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayMessage {
    /// Notes mode switched: what a typed digit does now.
    NotesMode {
        on: bool,
    },
    /// Auto candidates switched; `cells`: the empty cells given their candidates; `drawn`:
    /// whether cells are large enough to show them (else the selected cell's are listed).
    AutoCandidates {
        on: bool,
        cells: usize,
        drawn: bool,
    },
    /// Notes go in empty cells only; `clue` when the cell holds a clue that Play mode keeps.
    NotesNeedEmptyCell {
        at: Pos,
        clue: bool,
    },
    /// A hint's first word: the technique and the units to look at.
    HintArea {
        technique: Technique,
        units: Vec<Unit>,
    },
    /// The exact step, in the engine's sentence (`logic::explain`, written by the worker).
    HintStep {
        said: String,
    },
    /// What is wrong in these cells; `shown` once the board marks them.
    HintWrong {
        cells: Vec<Pos>,
        what: Wrong,
        shown: bool,
    },
    HintSolved,
    HintNoSolution,
    /// No technique applies; `several` when the givens have several solutions.
    HintStuck {
        several: bool,
    },
    /// Apply hint made the step.
    HintApplied {
        placed: usize,
        removed: usize,
    },
    /// The logical solution of the givens: `count` steps, ending in `end`.
    Stepped {
        count: usize,
        end: StepsEnd,
    },
    /// Step `number` (from 1) of `count` is on show, the board as it was before it; `said` is
    /// the step's sentence, so it reads under the board as well as in the list.
    StepShown {
        number: usize,
        count: usize,
        said: String,
    },
    /// A puzzle generated for a difficulty, and its rating.
    Generated {
        rating: Rating,
        /// The level asked for, when no puzzle tried reached it (the closest one came).
        missed: Option<Level>,
        size: Size,
        clues: usize,
        seed: u64,
        millis: f64,
        next_seed: u64,
    },
    /// The player completed the puzzle, in `millis` of play.
    Solved {
        size: Size,
        millis: f64,
    },
    /// A share link would replace the game in progress: it waits for the player's word.
    /// `played`: digits of the sharer's beside the clues; `notes`: it carries notes.
    LinkOffered {
        size: Size,
        clues: usize,
        played: usize,
        notes: bool,
    },
    /// The player kept the game; the link was not opened.
    LinkDeclined,
    /// A share link to the whole board, digits and notes included.
    SharedGame {
        copy: Clipboard,
    },
}

/// The play clock as a player reads it: `0:07`, `12:34`, `1:02:03`.
fn clock_text(millis: f64) -> String {
    let s = (millis.max(0.0) / 1000.0).floor() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    match h {
        0 => format!("{m}:{s:02}"),
        _ => format!("{h}:{m:02}:{s:02}"),
    }
}

/// What a share link holds, in a few words: `a 9x9 puzzle, 24 clues, 10 digits and notes`.
fn link_contents(size: Size, clues: usize, played: usize, notes: bool) -> String {
    let mut text = format!("a {size} puzzle, {}", quantity(clues as u64, "clues"));
    match (played, notes) {
        (0, false) => {}
        (0, true) => text.push_str(", with notes"),
        (n, false) => text.push_str(&format!(", {} played", quantity(n as u64, "digits"))),
        (n, true) => text.push_str(&format!(
            ", {} played and notes",
            quantity(n as u64, "digits")
        )),
    }
    text
}

impl PlayMessage {
    /// The play clock as a player reads it: `0:07`, `12:34`, `1:02:03`.
    pub fn clock(millis: f64) -> String {
        clock_text(millis)
    }

    pub fn is_error(&self) -> bool {
        matches!(
            self,
            PlayMessage::HintWrong { .. } | PlayMessage::HintNoSolution
        )
    }
}

/// Auto candidates switched on for `cells` empty cells, `drawn` in them or listed elsewhere.
fn auto_on(f: &mut fmt::Formatter<'_>, cells: usize, drawn: bool) -> fmt::Result {
    let shown = match drawn {
        true => "shows its candidates",
        false => "has its candidates, listed under the board for the selected cell",
    };
    write!(
        f,
        "Auto candidates: every empty cell {shown} ({}); a digit placed takes itself out of \
         its row, column and box.",
        quantity(cells as u64, "cells")
    )
}

/// `r1c2, r3c4 and 5 more`: the first few cells of a list.
fn cell_list(cells: &[Pos]) -> String {
    const SHOWN: usize = 4;
    let first: Vec<String> = cells.iter().take(SHOWN).map(Pos::to_string).collect();
    match cells.len().saturating_sub(SHOWN) {
        0 => first.join(", "),
        more => format!("{} and {more} more", first.join(", ")),
    }
}

fn hint_wrong(f: &mut fmt::Formatter<'_>, cells: &[Pos], what: Wrong, shown: bool) -> fmt::Result {
    let n = cells.len() as u64;
    match (what, shown) {
        (Wrong::Digits, false) => write!(
            f,
            "Hint: {} of yours {} not the solution's. Press Hint again to see where.",
            quantity(n, "digits"),
            if n == 1 { "is" } else { "are" }
        ),
        (Wrong::Digits, true) => write!(
            f,
            "Hint: not the solution's digit in {} (marked on the board).",
            cell_list(cells)
        ),
        (Wrong::Clash, false) => write!(
            f,
            "Hint: {} on the board clash with each other. Press Hint again to see where.",
            quantity(n, "digits")
        ),
        (Wrong::Clash, true) => write!(
            f,
            "Hint: clashing digits in {} (marked on the board).",
            cell_list(cells)
        ),
        (Wrong::Notes, false) => write!(
            f,
            "Hint: the notes of {} leave out the digit the solution has there. Press Hint \
             again to see where.",
            quantity(n, "cells")
        ),
        (Wrong::Notes, true) => write!(
            f,
            "Hint: the notes of {} leave out the solution's digit (marked on the board).",
            cell_list(cells)
        ),
    }
}

/// The first press of Hint: the technique and where it starts, not the step.
fn hint_area(f: &mut fmt::Formatter<'_>, technique: &Technique, units: &[Unit]) -> fmt::Result {
    let place = match units {
        [] => String::new(),
        [u] => format!(" in {u}"),
        [u, v] => format!(" in {u} and {v}"),
        [u, ..] => format!(" starting in {u}"),
    };
    write!(
        f,
        "Hint: {technique}{place}. Press Hint again for the exact step."
    )
}

/// How the step-by-step solution ended.
fn stepped(f: &mut fmt::Formatter<'_>, count: usize, end: &StepsEnd) -> fmt::Result {
    let steps = quantity(count as u64, "steps");
    match end {
        StepsEnd::Solved => write!(
            f,
            "Solved step by step in {steps}; select a step to see the board then."
        ),
        StepsEnd::Stuck => write!(
            f,
            "Stuck after {steps}: the rest needs guessing. Select a step to see the board then."
        ),
        StepsEnd::NoSolution => {
            f.write_str("The clues have no solution, so there are no steps to take.")
        }
    }
}

impl fmt::Display for PlayMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayMessage::NotesMode { on: true } => f.write_str(
                "Notes on: a digit typed into an empty cell is noted there, or taken out if it is.",
            ),
            PlayMessage::NotesMode { on: false } => {
                f.write_str("Notes off: a digit typed fills the cell.")
            }
            PlayMessage::AutoCandidates {
                on: true,
                cells,
                drawn,
            } => auto_on(f, *cells, *drawn),
            PlayMessage::AutoCandidates { on: false, .. } => {
                f.write_str("Auto candidates off: the notes are cleared (Undo brings them back).")
            }
            PlayMessage::NotesNeedEmptyCell { at, clue: true } => write!(
                f,
                "Notes go in empty cells; {at} holds a clue (choose Enter clues to change it)."
            ),
            PlayMessage::NotesNeedEmptyCell { at, clue: false } => write!(
                f,
                "Notes go in empty cells; {at} holds a digit (Backspace erases it)."
            ),
            PlayMessage::HintArea { technique, units } => hint_area(f, technique, units),
            PlayMessage::HintStep { said } => write!(
                f,
                "{} Apply hint makes this step.",
                sentence(format!("Hint: {said}"))
            ),
            PlayMessage::HintWrong { cells, what, shown } => hint_wrong(f, cells, *what, *shown),
            PlayMessage::HintSolved => f.write_str("The grid is solved: no hint needed."),
            PlayMessage::HintNoSolution => {
                f.write_str("The clues have no solution, so there is no step to hint at.")
            }
            PlayMessage::HintStuck { several } => write!(
                f,
                "No technique the page knows applies here: the rest needs guessing{}.",
                if *several {
                    " (the clues have several solutions)"
                } else {
                    ""
                }
            ),
            PlayMessage::Stepped { count, end } => stepped(f, *count, end),
            PlayMessage::StepShown {
                number,
                count,
                said,
            } => write!(
                f,
                "Step {} of {}, the board before it: {said}.",
                thousands(*number as u64),
                thousands(*count as u64)
            ),
            PlayMessage::Generated {
                rating,
                missed,
                size,
                clues,
                seed,
                millis,
                next_seed,
            } => generated(
                f,
                rating,
                *missed,
                (*size, *clues),
                (*seed, *next_seed),
                *millis,
            ),
            PlayMessage::Solved { size, millis } => write!(
                f,
                "Solved! You completed this {size} puzzle in {}.",
                clock_text(*millis)
            ),
            PlayMessage::LinkOffered {
                size,
                clues,
                played,
                notes,
            } => write!(
                f,
                "A share link brings {}. Open it in place of your game (Undo brings your game \
                 back), or keep your game?",
                link_contents(*size, *clues, *played, *notes)
            ),
            PlayMessage::LinkDeclined => {
                f.write_str("Kept your game; the shared puzzle was not opened.")
            }
            PlayMessage::SharedGame { copy } => f.write_str(match copy {
                Clipboard::Pending => {
                    "Share link made: it opens this board with your digits and notes."
                }
                Clipboard::Copied => {
                    "Share link made and copied: it opens this board with your digits and notes."
                }
                Clipboard::Refused => {
                    "Share link made: it opens this board with your digits and notes. The \
                     browser did not let the page copy it; copy it from the Share link box."
                }
            }),
            PlayMessage::HintApplied { placed, removed } => {
                // What the step did, without a count of nothing.
                let placed =
                    (*placed > 0).then(|| format!("{} placed", quantity(*placed as u64, "digits")));
                let removed = (*removed > 0)
                    .then(|| format!("{} removed", quantity(*removed as u64, "candidates")));
                let did: Vec<String> = placed.into_iter().chain(removed).collect();
                let did = match did.is_empty() {
                    true => String::new(),
                    false => format!(": {}", did.join(", ")),
                };
                write!(f, "Hint applied{did} (Undo takes it back).")
            }
        }
    }
}

/// A generated puzzle to play, with its rating; first, if so, that the level asked was not
/// reached.
fn generated(
    f: &mut fmt::Formatter<'_>,
    rating: &Rating,
    missed: Option<Level>,
    (size, clues): (Size, usize),
    (seed, next_seed): (u64, u64),
    millis: f64,
) -> fmt::Result {
    if let Some(asked) = missed {
        write!(
            f,
            "No {} puzzle found at {size}: none of the puzzles tried needs its techniques, so \
             this is the closest. ",
            asked.name()
        )?;
    }
    write!(
        f,
        "{} puzzle, {}, seed {seed} ({size}, {}; {}); the seed field moves on to {next_seed} \
         for a new one.",
        rating.label(),
        quantity(clues as u64, "clues"),
        rating_words(rating),
        format_millis(millis)
    )
}
