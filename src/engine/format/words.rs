//! Lines of words in a text of puzzles: titles and notes (`Grid 01` before each grid of
//! Project Euler's file), told apart from puzzles with a mistake in them.

use super::{ParseError, parse};

/// Whether line `line` (1-based) of `text`, refused with `error`, is words rather than a
/// puzzle. No puzzle format writes a word: from 10 up, a digit is one letter among other
/// symbols. So a line shorter than a 9x9 line with a word of three letters or more, read alone
/// with the same error about its cell count, is a title or a note; a longer one is more likely
/// a puzzle with a mistake. So is a JSON line (`dim` is a word), a piece of several lines (a
/// 16x16 layout's first row is letters), an error that names a cell rather than a cell count
/// that fits no grid, and a placeholder the command line writes in a grid's place (see
/// [`PLACEHOLDERS`]).
pub fn is_words(text: &str, line: usize, error: &ParseError) -> bool {
    words_line(line_of(text, line), error)
}

/// [`is_words`] for the line itself, `held` as [`line_of`] gives it: the rule the readers of
/// several puzzles apply to each piece as they make it (see [`super::Piece::words`]).
pub fn words_line(held: &str, error: &ParseError) -> bool {
    let count_error = matches!(
        error,
        ParseError::NotASquareOfSquare { .. }
            | ParseError::StrayCharacter { .. }
            | ParseError::SpacesAsBlanks { .. }
    );
    let word = || {
        held.split(|c: char| !c.is_alphabetic())
            .any(|w| w.chars().count() >= 3)
    };
    count_error
        && held.chars().count() < 81
        && !PLACEHOLDERS.contains(&held)
        && !held.starts_with(['{', '['])
        && word()
        && parse(held).err().as_ref() == Some(error)
}

/// The command line's answers in place of a grid (`convert`'s and `solve`'s): read back, each
/// is a puzzle that does not read, answered in turn, so that the answers of a run over an
/// earlier run's output stay line for line with its input.
pub const PLACEHOLDERS: [&str; 4] = ["invalid", "error", "no solution", "multiple solutions"];

/// Line `line` (1-based) of `text`, trimmed, as the readers of several puzzles hold it (a
/// byte-order mark at its start, where texts were joined, left out); empty past the end.
pub fn line_of(text: &str, line: usize) -> &str {
    text.lines()
        .nth(line.saturating_sub(1))
        .unwrap_or("")
        .trim_start_matches('\u{feff}')
        .trim()
}

#[cfg(test)]
mod tests {
    use super::{is_words, parse};

    fn words(line: &str) -> bool {
        let error = parse(line).expect_err("not a puzzle");
        is_words(&format!("{line}\n"), 1, &error)
    }

    #[test]
    fn titles_are_words_and_placeholders_and_cells_are_not() {
        for title in [
            "Grid 01",
            "Puzzle 7 (hard)",
            "Solution below:",
            "invalid puzzle",
        ] {
            assert!(words(title), "{title}");
        }
        for not in [
            "invalid",
            "error",
            "no solution",
            "multiple solutions",
            "12.4",
            "ab",
        ] {
            assert!(!words(not), "{not}");
        }
    }
}
