//! What the status says of an import: the puzzle that came in, a line passed over, or why
//! nothing came in.

use super::failure::Unread;
use super::{conflict_words, quantity, sentence, thousands};
use crate::app::notes::NotesError;
use crate::engine::format::{Format, ParseError};
use crate::engine::{Conflict, Size};
use std::fmt;

/// Where imported text came from: pasted or a file, or the share link the page opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ImportSource {
    Text,
    Link,
}

/// Why an import changed nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// The page could not read it (too large, not text, a damaged link).
    Unread(Unread),
    /// Binary data, such as a picture or an archive.
    Binary,
    Parse(ParseError),
    /// Several lines, none of them a puzzle: the first one's error.
    NoLineReads {
        line: usize,
        error: ParseError,
    },
    /// Words and no puzzle (a note, a letter); `text` quotes the start of its first line.
    OnlyWords {
        text: String,
    },
    /// A JSON board of `size` whose `notes` field does not read.
    Notes {
        size: Size,
        error: NotesError,
    },
    /// A grid with no cells; the board takes `smallest` to `largest`.
    NoCells {
        size: Size,
        smallest: Size,
        largest: Size,
    },
}

/// A puzzle that came in, and what was said about its text.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub source: ImportSource,
    /// The file's name, when it came from one.
    pub file: Option<String>,
    pub size: Size,
    pub givens: usize,
    pub format: Format,
    /// Puzzles in the text; the first is imported.
    pub puzzles: usize,
    /// The puzzle's first line, when lines before it were passed over.
    pub from_line: Option<usize>,
    /// No digits: it is there to have its givens entered.
    pub empty: bool,
    /// The first line that does not read, passed over.
    pub skipped: Option<Skipped>,
    /// A 16x16 or larger line with zeros, which read as blanks.
    pub zeros: bool,
    /// A clash on the board (one saved in play may hold one).
    pub conflict: Option<Conflict>,
}

/// A line of an imported text that was passed over: a title or a note among the puzzles, or
/// a puzzle that does not read while another one did.
#[derive(Clone, Debug, PartialEq)]
pub struct Skipped {
    /// 1-based line of the text.
    pub line: usize,
    /// The start of the line, quoted so the player knows it.
    pub text: String,
    /// The line reads as words (`Grid 01`, `Puzzle 1 (easy)`) rather than as a puzzle with a
    /// mistake in it.
    pub words: bool,
    pub error: ParseError,
}

/// What is wrong with a JSON board's notes, naming the cell where there is one.
fn notes_error(e: &NotesError, size: Size) -> String {
    let shape = "notes are written as {\"row\":{\"column\":[digits]}}";
    let side = size.side();
    match e {
        NotesError::NotRows => format!("the \"notes\" field is not an object of rows ({shape})"),
        NotesError::Row(key) => {
            format!("the notes name row \"{key}\"; a {size} grid has rows 1 to {side}")
        }
        NotesError::NotColumns { row } => {
            format!("the notes of row {row} are not an object of columns ({shape})")
        }
        NotesError::Column { row, key } => {
            format!(
                "the notes of row {row} name column \"{key}\"; a {size} grid has columns 1 to {side}"
            )
        }
        NotesError::NotAList { pos } => format!("the notes of {pos} are not a list of digits"),
        NotesError::Digit { pos, value } => {
            format!("the notes of {pos} hold {value}; a {size} grid's digits are 1 to {side}")
        }
    }
}

pub(super) fn import_failed(
    f: &mut fmt::Formatter<'_>,
    source: ImportSource,
    error: &ImportError,
) -> fmt::Result {
    let failed = match source {
        ImportSource::Text => "Import failed",
        ImportSource::Link => "The share link's puzzle could not be opened",
    };
    match error {
        ImportError::Unread(reason) => f.write_str(&sentence(format!("{failed}: {reason}"))),
        ImportError::Binary => write!(
            f,
            "{failed}: this is not text (it holds binary data); a puzzle is plain text or JSON."
        ),
        ImportError::Parse(e) => f.write_str(&sentence(format!("{failed}: {e}"))),
        ImportError::NoLineReads { line, error } => f.write_str(&sentence(format!(
            "{failed}: no line of the text reads as a puzzle; line {line}: {error}"
        ))),
        ImportError::OnlyWords { text } => write!(
            f,
            "{failed}: the text holds no puzzle, only words (\"{text}\")."
        ),
        ImportError::Notes { size, error } => f.write_str(&sentence(format!(
            "{failed}: {}",
            notes_error(error, *size)
        ))),
        ImportError::NoCells {
            size,
            smallest,
            largest,
        } => write!(
            f,
            "{failed}: a {size} grid has no cells to play; the board takes {smallest} to {largest}."
        ),
    }
}

impl fmt::Display for Imported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let done = match self.source {
            ImportSource::Text => "Imported a",
            ImportSource::Link => "Opened the shared",
        };
        let format = match self.format {
            Format::Json => "JSON",
            other => other.name(),
        };
        let of = match self.puzzles {
            0 | 1 => String::new(),
            n => format!(
                " (the first of {} puzzles in the text)",
                thousands(n as u64)
            ),
        };
        // A name as long as a sentence would push the rest out of the status.
        let file = self
            .file
            .as_ref()
            .map(|name| match name.chars().count() > 60 {
                true => format!("{}...", name.chars().take(57).collect::<String>()),
                false => name.clone(),
            });
        let from = match (file, self.from_line) {
            (Some(name), Some(l)) => format!(" from {name}, line {l},"),
            (Some(name), None) => format!(" from {name}"),
            (None, Some(l)) => format!(" from line {l}"),
            (None, None) => String::new(),
        };
        let next = match self.empty {
            true => "enter its clues",
            false => "playing, the clues are locked",
        };
        // Said as what was done, not as a failure: the puzzle came in.
        let skipped = self
            .skipped
            .as_ref()
            .map_or(String::new(), |s| match s.words {
                true => format!(
                    " Skipped line {}, \"{}\": a title or a note, not a puzzle.",
                    s.line, s.text
                ),
                false => sentence(format!(
                    " Skipped line {}, \"{}\", which does not read as a puzzle: {}",
                    s.line, s.text, s.error
                )),
            });
        let zeros = match self.zeros {
            true => " Each 0 was read as a blank; 10 and up are letters (16 is G).",
            false => "",
        };
        write!(
            f,
            "{done} {} puzzle{from} with {} ({format} format){of}; {next}.{skipped}{zeros}",
            self.size,
            quantity(self.givens as u64, "clues"),
        )?;
        match self.conflict {
            Some(c) => write!(f, " Conflict: {}.", conflict_words(&c, self.size.side())),
            None => Ok(()),
        }
    }
}
