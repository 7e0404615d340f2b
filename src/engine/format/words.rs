//! Lines of words in a text of puzzles: titles and notes (`Grid 01` before each grid of
//! Project Euler's file), told apart from puzzles with a mistake in them.

use super::{ParseError, parse};

/// Whether line `line` (1-based) of `text`, refused with `error`, is words rather than a
/// puzzle. No puzzle format writes a word: from 10 up, a digit is one letter among other
/// symbols. So a line shorter than a 9x9 line with a word of three letters or more, read alone
/// with the same error about its cell count, is a title or a note; a longer one is more likely
/// a puzzle with a mistake. So is a JSON line (`dim` is a word), a piece of several lines (a
/// 16x16 layout's first row is letters), and an error that names a cell rather than a cell
/// count that fits no grid.
pub fn is_words(text: &str, line: usize, error: &ParseError) -> bool {
    let held = line_of(text, line);
    let word = held
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w.chars().count() >= 3);
    let count_error = matches!(
        error,
        ParseError::NotASquareOfSquare { .. }
            | ParseError::StrayCharacter { .. }
            | ParseError::SpacesAsBlanks { .. }
    );
    word && count_error
        && held.chars().count() < 81
        && !held.starts_with(['{', '['])
        && parse(held).err().as_ref() == Some(error)
}

/// Line `line` (1-based) of `text`, trimmed; empty past the end.
pub fn line_of(text: &str, line: usize) -> &str {
    text.trim_start_matches('\u{feff}')
        .lines()
        .nth(line.saturating_sub(1))
        .unwrap_or("")
        .trim()
}
