//! The status line's messages: what happened, with its numbers; `Display` says it in words.

use super::answers::{Checked, Solved};
use super::failure::{EngineFault, Failure};
use super::import::{ImportError, ImportSource, Imported, import_failed};
use super::{JobKind, PlayMessage, format_millis, quantity, sentence, symmetry_name};
use crate::engine::format;
use crate::engine::formulation::ModelFormat;
use crate::engine::generate::Symmetry;
use crate::engine::{Conflict, Digit, Pos, Size};
use std::fmt;

/// What the status line reports. Logic decides on these values; only `Display` makes words.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A fresh page, or nothing saved worth a word.
    Welcome,
    /// What the last visit stored could not be read (another version's, or damaged).
    StoredUnreadable,
    Restored {
        size: Size,
        givens: usize,
        /// Digits the player filled in besides the givens.
        played: usize,
        /// What was said of where the puzzle came from, as the last visit worded it.
        said: Option<String>,
    },
    /// A job was running when the page was left; the reload stopped it.
    StoppedByReload {
        job: JobKind,
    },
    /// What an earlier visit said of where the puzzle on the board came from, in its words.
    Recalled {
        text: String,
    },
    SelectFirst,
    /// Play mode keeps givens safe.
    GivenLocked {
        at: Pos,
    },
    /// After an edit, by mode.
    EnteringGivens,
    Playing,
    GridFull,
    /// The mode switched: what typing does now.
    SwitchedToGivens,
    SwitchedToPlay,
    /// Two cells of a unit share a digit, on a grid of `side` digits.
    Conflict {
        conflict: Conflict,
        side: usize,
    },
    /// `said`: what was said of where the puzzle came from, while its clues are on the board,
    /// so the seed or file stays in sight after the move.
    Undone {
        said: Option<Box<Message>>,
    },
    Redone {
        said: Option<Box<Message>>,
    },
    /// Undo (`undo`) or Redo with nothing left to take back or do again.
    NothingToMove {
        undo: bool,
    },
    AlreadyEmpty,
    OnlyGivens,
    BackToGivens,
    /// `wiped`: the size of the board it replaced, when that held digits (Undo brings it back).
    Cleared {
        wiped: Option<Size>,
    },
    NewGrid {
        size: Size,
        wiped: Option<Size>,
    },
    /// A key that names no digit of a `size` grid; `restored` when the first key of a number
    /// too large was taken back.
    NotADigit {
        key: String,
        size: Size,
        restored: bool,
    },
    /// A board edit waits for the running job.
    Locked {
        job: JobKind,
    },
    /// An import waits for the running job; `instead` of one that was already waiting.
    ImportWaits {
        job: JobKind,
        instead: bool,
    },
    /// Saving or sharing refused: a file or link with these givens would not open.
    GivensClash {
        conflict: Conflict,
    },
    Saved {
        whole_board: bool,
        name: &'static str,
    },
    ShareLink {
        copy: Clipboard,
    },
    ImportFailed {
        source: ImportSource,
        error: ImportError,
    },
    Imported(Box<Imported>),
    Exported {
        model: ModelFormat,
        lines: usize,
    },
    SeedSet {
        seed: u64,
    },
    /// The seed field holds this (trimmed, shortened) text, which is no seed.
    NotASeed {
        text: String,
    },
    TypeASeed,
    Generated {
        size: Size,
        clues: usize,
        seed: u64,
        symmetry: Symmetry,
        millis: f64,
        next_seed: u64,
    },
    /// Stop and keep took a generation's puzzle so far.
    KeptPartial {
        clues: usize,
        suggest_check: bool,
    },
    Started {
        job: JobKind,
        slow: Option<Slow>,
    },
    /// `found`: solutions a count had found by then.
    Cancelled {
        job: JobKind,
        found: Option<u64>,
    },
    /// The worker died with the job running.
    EngineStopped {
        job: JobKind,
        reason: EngineFault,
    },
    JobFailed {
        job: JobKind,
        failure: Failure,
    },
    Compared {
        formulations: usize,
        answered: usize,
    },
    /// Formulations that answered gave different verdicts.
    Disagree,
    Solved(Box<Solved>),
    Checked(Box<Checked>),
    /// About notes, hints and difficulty.
    Play(PlayMessage),
    /// A job's answer, then the import that waited for it.
    Then {
        answer: Box<Message>,
        import: Box<Message>,
    },
}

/// Where the pending share link got to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clipboard {
    Pending,
    Copied,
    Refused,
}

/// Why a job may take long.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Slow {
    /// MIP solves its program again per solution or clue.
    Mip,
    /// Checking each clue of a 36x36 or larger puzzle.
    LargeCheck,
    /// Checking each clue of a 25x25 puzzle.
    Check25,
    /// Exact cover's search on a 25x25 or larger puzzle.
    ExactCover,
    /// A comparison on a 25x25 or larger puzzle, exact cover last.
    ExactCoverLast,
}

impl Message {
    /// Whether the message reports a problem (the page shows it as an error).
    pub fn is_error(&self) -> bool {
        match self {
            Message::Conflict { .. }
            | Message::GivensClash { .. }
            | Message::ImportFailed { .. }
            | Message::NotASeed { .. }
            | Message::EngineStopped { .. }
            | Message::JobFailed { .. }
            | Message::Disagree => true,
            Message::Imported(i) => i.conflict.is_some(),
            Message::Solved(s) => s.is_error(),
            Message::Checked(c) => c.is_error(),
            Message::Then { answer, import } => answer.is_error() || import.is_error(),
            Message::Play(p) => p.is_error(),
            _ => false,
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Message::Welcome => "Enter clues, import a puzzle or generate one.",
            Message::StoredUnreadable => {
                "The board saved on your last visit could not be read, so this is an empty grid."
            }
            Message::Restored {
                size,
                givens,
                played,
                said,
            } => return restored(f, *size, *givens, *played, said.as_deref()),
            Message::StoppedByReload { job } => {
                return write!(
                    f,
                    "{} stopped when the page was left or reloaded; the board is as it was \
                     before it began.",
                    job.verb()
                );
            }
            Message::Recalled { text } => text.as_str(),
            Message::SelectFirst => "Select a cell first.",
            Message::GivenLocked { at } => return given_locked(f, *at),
            Message::EnteringGivens => "Entering clues.",
            Message::Playing => "Playing: the clues are locked.",
            Message::GridFull => "The grid is full and has no conflicts.",
            Message::SwitchedToGivens => "Entering clues: digits typed now are part of the puzzle.",
            Message::SwitchedToPlay => "Playing: the clues are locked; digits typed now are yours.",
            Message::Conflict { conflict, side } => {
                return write!(f, "Conflict: {}.", conflict_words(conflict, *side));
            }
            Message::Undone { said } => return moved(f, "Undone.", said.as_deref()),
            Message::Redone { said } => return moved(f, "Redone.", said.as_deref()),
            Message::NothingToMove { undo: true } => "Nothing to undo.",
            Message::NothingToMove { undo: false } => "Nothing to redo.",
            Message::AlreadyEmpty => "The board is already empty.",
            Message::OnlyGivens => "The board holds only clues already.",
            Message::BackToGivens => "Back to the clues.",
            Message::Cleared { wiped } => return write!(f, "Cleared.{}", UndoHint(*wiped)),
            Message::NewGrid { size, wiped } => {
                return write!(f, "New empty {size} grid.{}", UndoHint(*wiped));
            }
            Message::NotADigit {
                key,
                size,
                restored,
            } => return not_a_digit(f, key, *size, *restored),
            Message::Locked { job } => return waits(f, *job, "The board is locked", false),
            Message::ImportWaits { job, instead } => {
                return waits(f, *job, "The import waits", *instead);
            }
            Message::GivensClash { conflict } => return givens_clash(f, conflict),
            Message::Saved { whole_board, name } => {
                let what = if *whole_board {
                    "the board"
                } else {
                    "the clues"
                };
                return write!(f, "Saved {what} as {name}.");
            }
            Message::ShareLink { copy } => copy.words(),
            Message::ImportFailed { source, error } => return import_failed(f, *source, error),
            Message::Imported(imported) => return imported.fmt(f),
            Message::Exported { model, lines } => {
                let lines = quantity(*lines as u64, "lines");
                return write!(f, "Exported the model as {} ({lines}).", model.name());
            }
            Message::SeedSet { seed } => return write!(f, "Seed {seed}."),
            Message::NotASeed { text } => return not_a_seed(f, text),
            Message::TypeASeed => "Type a seed; Generate waits for one.",
            Message::Generated {
                size,
                clues,
                seed,
                symmetry,
                millis,
                next_seed,
            } => return generated(f, *size, *clues, (*seed, *next_seed), *symmetry, *millis),
            Message::KeptPartial {
                clues,
                suggest_check,
            } => return kept_partial(f, *clues, *suggest_check),
            Message::Started { job, slow } => return started(f, *job, *slow),
            Message::Cancelled { job, found } => return cancelled(f, *job, *found),
            Message::EngineStopped { job, reason } => return engine_stopped(f, *job, reason),
            Message::JobFailed { job, failure } => {
                return f.write_str(&sentence(format!("{} failed: {failure}", job.verb())));
            }
            Message::Compared {
                formulations,
                answered,
            } => return compared(f, *formulations, *answered),
            Message::Disagree => "Compared formulations: they DISAGREE (a bug; please report).",
            Message::Solved(solved) => return solved.fmt(f),
            Message::Checked(checked) => return checked.fmt(f),
            Message::Play(play) => return play.fmt(f),
            Message::Then { answer, import } => {
                return write!(f, "{answer} Then the import that waited: {import}");
            }
        };
        f.write_str(text)
    }
}

impl Clipboard {
    fn words(self) -> &'static str {
        match self {
            Clipboard::Pending => "Share link made: it opens this puzzle's clues.",
            Clipboard::Copied => "Share link made and copied: it opens this puzzle's clues.",
            Clipboard::Refused => {
                "Share link made: it opens this puzzle's clues. The browser did not let the \
                 page copy it; copy it from the Share link box."
            }
        }
    }
}

/// An undo or redo, then what was said of the puzzle, if anything.
fn moved(f: &mut fmt::Formatter<'_>, done: &str, said: Option<&Message>) -> fmt::Result {
    match said {
        Some(said) => write!(f, "{done} {said}"),
        None => f.write_str(done),
    }
}

fn restored(
    f: &mut fmt::Formatter<'_>,
    size: Size,
    givens: usize,
    played: usize,
    said: Option<&str>,
) -> fmt::Result {
    let digits = quantity(played as u64, "digits");
    // What was said of the puzzle names its size and clues already; a short start leaves its
    // seed within a phone's two lines of status.
    if let Some(said) = said {
        return match played {
            0 => write!(f, "Restored. {said}"),
            _ => write!(f, "Restored ({digits} filled in). {said}"),
        };
    }
    let played = match played {
        0 => String::new(),
        _ => format!(", {digits} filled in"),
    };
    let givens = quantity(givens as u64, "clues");
    write!(
        f,
        "Restored the {size} grid from your last visit ({givens}{played})."
    )
}

fn not_a_digit(f: &mut fmt::Formatter<'_>, key: &str, size: Size, restored: bool) -> fmt::Result {
    let back = match restored {
        true => " The cell holds what it did before.",
        false => "",
    };
    let digits = digit_keys(size);
    write!(
        f,
        "'{key}' is not a digit of a {size} grid ({digits}).{back}"
    )
}

fn given_locked(f: &mut fmt::Formatter<'_>, at: Pos) -> fmt::Result {
    write!(
        f,
        "Row {}, column {} holds a clue; choose Enter clues to change it.",
        at.row + 1,
        at.col + 1
    )
}

fn givens_clash(f: &mut fmt::Formatter<'_>, conflict: &Conflict) -> fmt::Result {
    write!(
        f,
        "The clues clash ({conflict}); a file or link with them could not be opened again. \
         Fix the clash first."
    )
}

fn not_a_seed(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    write!(
        f,
        "'{text}' is not a seed (a whole number from 0 to {}); Generate waits for one.",
        u64::MAX
    )
}

fn engine_stopped(f: &mut fmt::Formatter<'_>, job: JobKind, reason: &EngineFault) -> fmt::Result {
    write!(
        f,
        "The engine stopped ({reason}). {} did not finish; run it again.",
        job.verb()
    )
}

fn compared(f: &mut fmt::Formatter<'_>, formulations: usize, answered: usize) -> fmt::Result {
    write!(
        f,
        "Compared {formulations} formulations: {answered} of them answered and agree."
    )
}

/// An edit held back by a running job: `what` waits, perhaps `instead` of another.
fn waits(f: &mut fmt::Formatter<'_>, job: JobKind, what: &str, instead: bool) -> fmt::Result {
    let instead = match instead {
        true => " (in place of the one that was waiting)",
        false => "",
    };
    write!(
        f,
        "{}... {what} until it finishes{instead}; Cancel stops it.",
        job.verb()
    )
}

/// Said when an action wipes a board that held digits: the way back is not obvious.
struct UndoHint(Option<Size>);

impl fmt::Display for UndoHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(size) => write!(f, " Undo brings the {size} board back."),
            None => Ok(()),
        }
    }
}

/// The keys that name the digits of a grid of `size`.
fn digit_keys(size: Size) -> String {
    let side = size.side();
    match side {
        0..=9 => format!("1 to {side}"),
        10..=35 => format!(
            "1 to 9, then A to {}",
            format::digit_symbol(Digit::from_index(side - 1)).unwrap_or('?')
        ),
        _ => format!("numbers 1 to {side}, two keys for two digits"),
    }
}

fn generated(
    f: &mut fmt::Formatter<'_>,
    size: Size,
    clues: usize,
    (seed, next_seed): (u64, u64),
    symmetry: Symmetry,
    millis: f64,
) -> fmt::Result {
    // Clues leave with their symmetric partners, so single ones may still be redundant; say
    // so before Check does.
    let within = if symmetry == Symmetry::None || clues == 0 {
        ""
    } else {
        " No clue can go together with its symmetric partners; Check tests them one at a time."
    };
    write!(
        f,
        "Generated a {size} puzzle with {} (seed {seed}, symmetry {}, {}); \
         the seed field moves on to {next_seed} for a new one.{within}",
        quantity(clues as u64, "clues"),
        symmetry_name(symmetry).to_ascii_lowercase(),
        format_millis(millis),
    )
}

fn kept_partial(f: &mut fmt::Formatter<'_>, clues: usize, suggest_check: bool) -> fmt::Result {
    let check = match suggest_check {
        true => " (Check shows which clues can go)",
        false => "",
    };
    write!(
        f,
        "Stopped the generation and kept its puzzle so far: one solution, {}, not minimal \
         yet{check}. Generate with the same seed starts it afresh.",
        quantity(clues as u64, "clues")
    )
}

fn started(f: &mut fmt::Formatter<'_>, job: JobKind, slow: Option<Slow>) -> fmt::Result {
    let slow = match slow {
        Some(Slow::Mip) => {
            " MIP re-solves its program once per solution (Count) or clue (Check), so this can \
             take a while; Propagation answers the same far faster."
        }
        Some(Slow::LargeCheck) => {
            " Each clue is one search, and at this size they are hard: this can take tens of \
             minutes. Cancel stops it."
        }
        Some(Slow::Check25) => {
            " Each clue is one search: at this size this can take a minute. Cancel stops it."
        }
        Some(Slow::ExactCover) => {
            " Exact cover's search has no all-different reasoning, so at this size it can take \
             minutes where Propagation answers at once. Cancel stops it."
        }
        Some(Slow::ExactCoverLast) => {
            " Exact cover runs last: at this size its search can take minutes. Cancel keeps the \
             rows done."
        }
        None => "",
    };
    write!(f, "{}...{slow}", job.verb())
}

fn cancelled(f: &mut fmt::Formatter<'_>, job: JobKind, found: Option<u64>) -> fmt::Result {
    let found = match found {
        Some(n) => format!("; it had found {} by then", quantity(n, "solutions")),
        None => String::new(),
    };
    write!(f, "{} cancelled{found}.", job.verb())
}

/// A conflict in words, its digit written as the board writes it (`A` from 10 up to 25x25).
pub fn conflict_words(c: &Conflict, side: usize) -> String {
    format!(
        "digit {} appears twice in a {}: {} and {}",
        format::shown_digit(c.digit, side),
        c.unit,
        c.first,
        c.second
    )
}
