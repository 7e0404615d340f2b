//! Lines of words in a text of puzzles: titles and notes (`Grid 01` before each grid of
//! Project Euler's file), told apart from puzzles with a mistake in them.

use super::text::{is_blank, is_separator, symbol_value};
use super::{ParseError, parse};

/// Whether line `line` (1-based) of `text`, refused with `error`, is words rather than a
/// puzzle. No puzzle format writes a word: from 10 up, a digit is one letter among other
/// symbols. So a line shorter than a 9x9 line with a word of three letters or more, read alone
/// with the same error about its cell count, is a title or a note; a longer one is more likely
/// a puzzle with a mistake. So is a JSON line (`dim` is a word) or a key's line of one (`"dim":
/// 3,`, a document that lost its opening brace), a piece of several lines (a
/// 16x16 layout's first row is letters), an error that names a cell rather than a cell count
/// that fits no grid, a placeholder the command line writes in a grid's place (see
/// [`PLACEHOLDERS`]), and a line that looks like cells (see [`cells_like`]).
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
        && (!held.starts_with(['{', '[']) || section_header(held))
        && !held.contains("\":")
        && !cells_like(held)
        && word()
        && parse(held).err().as_ref() == Some(error)
}

/// A grid's row on a line of its own (a 16x16 or 25x25 row has letters for digits, and runs of
/// them such as `BCDEF`), or one long run of cells without a space (a row with a mistake in
/// it): a piece of a puzzle however many letters it holds. Its letters are digits a grid of at
/// most 25x25 spells (`A` to `P`), where words use the whole alphabet, and titles have spaces.
fn cells_like(held: &str) -> bool {
    let cells: Vec<char> = held.chars().filter(|&c| !is_separator(c)).collect();
    let up_to =
        |side: u32| move |&c: &char| is_blank(c) || symbol_value(c).is_some_and(|v| v <= side);
    let row = match cells.len() {
        side @ (16 | 25) => cells.iter().all(up_to(side as u32)),
        _ => false,
    };
    let symbols = cells.iter().filter(|&c| up_to(25)(c)).count();
    let run = !held.contains(char::is_whitespace)
        && cells.len() >= 12
        && cells.iter().any(|&c| c.is_ascii_digit() || is_blank(c))
        && symbols * 4 >= cells.len() * 3
        && cells.iter().filter(|c| c.is_alphabetic()).all(up_to(25));
    // A line of cells with something after it (`4...3.......6..8.. bad`): no word is digits
    // and blanks that long, and no title holds bytes that are not text.
    let piece = held.split_whitespace().any(|token| {
        let cells: Vec<char> = token.chars().filter(|&c| !is_separator(c)).collect();
        cells.len() >= 16 && cells.iter().all(|&c| c.is_ascii_digit() || is_blank(c))
    });
    let garbled = held
        .chars()
        .any(|c| c == char::REPLACEMENT_CHARACTER || c.is_control());
    row || run || piece || garbled
}

/// A section's name in brackets on a line of its own (`[Puzzle]`, as SadMan Sudoku's `.sdk`
/// files begin): words, not a JSON array.
pub fn section_header(held: &str) -> bool {
    held.strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .is_some_and(|name| {
            name.starts_with(char::is_alphabetic)
                && name.chars().all(|c| c.is_alphabetic() || c == ' ')
                && !["true", "false", "null"].contains(&name)
        })
}

/// The command line's answers in place of a grid (`convert`'s and `solve`'s): read back, each
/// is a puzzle that does not read, answered in turn, so that the answers of a run over an
/// earlier run's output stay line for line with its input.
pub const PLACEHOLDERS: [&str; 5] = [
    "invalid",
    "error",
    "no solution",
    "multiple solutions",
    "unknown (stopped early)",
];

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
            "the puzzle follows tomorrow.",
            "www.example.org/sudoku/2026",
            "Puzzle 20261128 from the archive",
            "[Puzzle]",
        ] {
            assert!(words(title), "{title}");
        }
        for not in [
            "invalid",
            "error",
            "no solution",
            "multiple solutions",
            "unknown (stopped early)",
            "12.4",
            "ab",
            "[1, 2, 3]",
            "[true]",
            // Rows of 16x16 and 25x25 grids, alone or with a box gap, and a row with a mistake.
            "ABCDEFG123456789",
            "ABCDE FGHIJ KLMNO P1234 5678.",
            "ABCDEFGHIJKLMNOP12345678",
            "LMN!OP1234ABCDEFGHIJK.",
            // A 9x9 line cut short with a word after it, and bytes that are not text.
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27 bad",
            "\u{fffd}\u{fffd}\0junk",
        ] {
            assert!(!words(not), "{not}");
        }
    }
}
