//! Text and JSON formats: parse at the edge into a [`Grid`], with errors that say where and why.

mod collection;
mod json;
mod lines;
mod stream;
#[cfg(test)]
mod stream_tests;
mod text;
mod words;

pub use collection::{Piece, pieces};
pub use lines::{nine_parsed, plain_line, plain_nine, write_plain};
pub use stream::{Found, Stream};
pub use words::{is_words, line_of, words_line};

pub use json::{JsonError, JsonIssue, JsonPuzzle, parse_json, write_json};
pub use text::{
    MAX_SYMBOL, digit_symbol, parse_line, parse_numeric, shown_digit, symbol_value, write_grid,
    write_line, write_numeric,
};

use super::grid::{Conflict, Grid, Size};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// Inputs larger than this are refused before any work: the largest grid (49x49) in the most
/// verbose format needs well under this.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;

/// The formats the product reads and writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Format {
    /// One character per cell: `.`/`0`/`_` blank, `1-9` then `A-Z` (35 symbols), so grids up
    /// to 25x25.
    Line,
    /// Whitespace- or comma-separated numbers, `0`, `.` or `_` blank; any size.
    Numeric,
    /// A readable block layout with box separators (written only; read as `Line`/`Numeric`).
    Grid,
    /// `{"dim": n, "fixed": {...}, "solved": {...}}`.
    Json,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Line, Format::Numeric, Format::Grid, Format::Json];

    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Numeric => "numeric",
            Format::Grid => "grid",
            Format::Json => "json",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Why a text could not be read as a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    Empty,
    TooLarge {
        bytes: usize,
    },
    /// The cell count is not `n^4` for a supported `n`.
    NotASquareOfSquare {
        cells: usize,
    },
    /// The cell count is wrong and the text holds a character that is neither a digit
    /// symbol, a blank nor a separator (`offset` counts characters from 1).
    StrayCharacter {
        cells: usize,
        offset: usize,
        text: String,
    },
    /// One line of a row-per-line layout has a different number of cells from the others.
    LineLength {
        /// 1-based line of the text.
        line: usize,
        cells: usize,
        expected: usize,
    },
    /// Spaces read as separators leave no grid's cell count, but the text has one character
    /// per cell of a grid if its spaces are blanks.
    SpacesAsBlanks {
        cells: usize,
        chars: usize,
    },
    /// Every line holds one row, but there are not as many rows as cells per row.
    RowCount {
        rows: usize,
        side: usize,
    },
    /// A character that is neither a digit symbol, a blank nor a separator.
    BadSymbol {
        row: usize,
        col: usize,
        text: String,
    },
    /// A number that does not fit the grid.
    DigitOutOfRange {
        row: usize,
        col: usize,
        text: String,
        max: usize,
    },
    /// The one-character format cannot spell digits above 35.
    LineTooLarge {
        size: Size,
    },
    /// Two givens with the same digit in one unit.
    Conflict(Conflict),
    /// Every problem found in a JSON document.
    Json(Vec<JsonIssue>),
}

/// For a letter symbol, whose value is not obvious, what it stands for: " (letters stand for
/// 10 and up, 'x' for 33)"; nothing for a number.
fn letter_value(text: &str) -> String {
    let value = match text.chars().collect::<Vec<_>>()[..] {
        [c] if c.is_ascii_alphabetic() => text::symbol_value(c),
        _ => None,
    };
    match value {
        Some(v) => format!(" (letters stand for 10 and up, '{text}' for {v})"),
        None => String::new(),
    }
}

/// `10,000`: large counts read more easily grouped.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A cell's text for a message: control characters escaped (`\u{1b}`), so that junk in
/// the input cannot drive the terminal that shows the message.
pub fn shown(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

/// 1-based row/column for messages.
fn at(row: usize, col: usize) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no puzzle found: the input has no cells"),
            ParseError::TooLarge { bytes } => write!(
                f,
                "input is {} bytes; the limit is {} bytes",
                thousands(*bytes as u64),
                thousands(MAX_INPUT_BYTES as u64)
            ),
            ParseError::NotASquareOfSquare { cells } => {
                let sizes: Vec<String> = Size::all()
                    .skip(1)
                    .map(|s| format!("{} ({s})", thousands(s.cells() as u64)))
                    .collect();
                let (last, rest) = sizes.split_last().expect("several sizes");
                write!(
                    f,
                    "found {} cells; a grid has {} or {last} cells",
                    thousands(*cells as u64),
                    rest.join(", ")
                )
            }
            ParseError::SpacesAsBlanks { cells, chars } => write!(
                f,
                "found {} cells, taking spaces to separate them; if the {} characters \
                 are one per cell, write the blanks as '.', '0' or '_' instead of spaces",
                thousands(*cells as u64),
                thousands(*chars as u64)
            ),
            ParseError::StrayCharacter {
                cells,
                offset,
                text,
            } => write!(
                f,
                "character {offset}: '{}' is not a digit, blank or separator \
                 (counted as a cell, the input has {} cells, which fits no grid)",
                shown(text),
                thousands(*cells as u64)
            ),
            ParseError::LineLength {
                line,
                cells,
                expected,
            } => write!(
                f,
                "line {line} has {cells} cells where the other lines have {expected}"
            ),
            ParseError::RowCount { rows, side } => write!(
                f,
                "found {rows} rows of {side} cells; a {side}x{side} grid has {side} rows"
            ),
            ParseError::BadSymbol { row, col, text } => {
                write!(
                    f,
                    "{}: '{}' is not a digit or blank",
                    at(*row, *col),
                    shown(text)
                )
            }
            ParseError::DigitOutOfRange {
                row,
                col,
                text,
                max,
            } => write!(
                f,
                "{}: '{}' is out of range, digits go from 1 to {max}{}",
                at(*row, *col),
                shown(text),
                letter_value(text)
            ),
            ParseError::LineTooLarge { size } => write!(
                f,
                "a {size} grid cannot be written one character per cell; use the numeric format"
            ),
            ParseError::Conflict(c) => write!(f, "contradictory givens: {c}"),
            ParseError::Json(issues) => {
                // A document with thousands of bad keys should not make a message as long.
                let shown: Vec<String> = issues
                    .iter()
                    .take(JSON_ISSUES_SHOWN)
                    .map(|i| i.to_string())
                    .collect();
                write!(f, "{}", shown.join("; "))?;
                match issues.len().saturating_sub(JSON_ISSUES_SHOWN) {
                    0 => Ok(()),
                    1 => f.write_str("; and 1 more problem"),
                    more => write!(f, "; and {more} more problems"),
                }
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// How many of a JSON document's problems its error message lists (all stay in the value).
const JSON_ISSUES_SHOWN: usize = 10;

/// A puzzle read from text, with the solution when the text carried one (JSON `solved`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub format: Format,
    /// Givens only.
    pub puzzle: Grid,
    /// The givens plus the digits the input gave as solved, if any.
    pub grid: Grid,
}

/// Reads one puzzle in any format, guessing it from the text, and refuses contradictory givens.
/// Solved digits that clash are kept: they are a board in play, which the app shades, and a
/// downloaded board must read back.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(ParseError::TooLarge { bytes: text.len() });
    }
    // Editors on some systems start a saved file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let uncommented = without_comments(text);
    let text = &*uncommented;
    let trimmed = text.trim_start();
    let first_line = trimmed.lines().next().unwrap_or("").trim();
    let json = trimmed.starts_with('{')
        || (trimmed.starts_with('[') && !words::section_header(first_line));
    let (format, puzzle, grid) = if json {
        let j = parse_json(text)?;
        (Format::Json, j.puzzle, j.grid)
    } else {
        let format = guess_text_format(text);
        let g = match format {
            Format::Numeric => parse_numeric(text),
            _ => parse_line(text),
        }
        .map_err(|e| match e {
            ParseError::NotASquareOfSquare { cells } if spaced_blanks(text) => {
                let chars = text.lines().map(|l| l.chars().count()).sum();
                ParseError::SpacesAsBlanks { cells, chars }
            }
            ParseError::NotASquareOfSquare { .. } | ParseError::StrayCharacter { .. } => {
                ragged_rows(text, format).unwrap_or(e)
            }
            e => e,
        })?;
        // Rows of unequal lengths that happen to add up to a grid's cells would put digits in
        // other cells than the rows show.
        if text.trim().contains('\n')
            && let Some(e @ ParseError::LineLength { expected, .. }) = ragged_rows(text, format)
            && expected == g.size().side()
        {
            return Err(e);
        }
        (format, g.clone(), g)
    };
    if let Some(c) = puzzle.conflicts().into_iter().next() {
        return Err(ParseError::Conflict(c));
    }
    Ok(Parsed {
        format,
        puzzle,
        grid,
    })
}

/// `#` comment lines turned into spaces, so every line and character number an error names
/// stays that of the input. (No JSON document has a line starting with `#`.)
fn without_comments(text: &str) -> Cow<'_, str> {
    let is_comment = |line: &str| line.trim_start().starts_with('#');
    if !text.split('\n').any(is_comment) {
        return Cow::Borrowed(text);
    }
    let blank = |line: &str| -> String {
        if is_comment(line) {
            line.chars()
                .map(|c| if c == '\r' || c == '\n' { c } else { ' ' })
                .collect()
        } else {
            line.to_string()
        }
    };
    Cow::Owned(text.split_inclusive('\n').map(blank).collect())
}

/// Numeric when commas separate cells, when a line mixes short tokens of different widths
/// (numbers such as `16 0 3`; groups of characters have one width, like `530 070 000`), or when the
/// tokens are a grid's worth, the characters are not, and most tokens are as short as numbers
/// (rows of characters, like `....97.G.E3F1.2B`, are not numbers). Otherwise one character per cell: a
/// solved 9x9 line, a block of rows (16 rows of 16 characters are not 16 numbers), or groups;
/// up to 9x9 both readings agree. Never reads numbers as characters: `16` is not `1`, `6`.
fn guess_text_format(text: &str) -> Format {
    if text.contains(',') {
        return Format::Numeric;
    }
    let is_token = |t: &&str| !t.is_empty() && !t.chars().all(|c| c == '-' || c == '+');
    let splits = |c: char| c.is_whitespace() || c == '|' || text::is_box_drawing(c);
    let (mut tokens, mut chars, mut widest, mut short, mut mixed) = (0usize, 0, 0, 0, false);
    let (mut letters, mut digits_only) = (false, true);
    for line in text.lines() {
        let mut width = None;
        for t in line.split(splits).filter(is_token) {
            let w = t.chars().count();
            mixed |= width.is_some_and(|v| v != w);
            width = Some(w);
            tokens += 1;
            chars += w;
            widest = widest.max(w);
            short += usize::from(w <= 2);
            letters |= t.chars().any(char::is_alphabetic);
            digits_only &= t.chars().all(|c| c.is_ascii_digit());
        }
    }
    let grid_sized = |k: usize| Size::from_cells(k).is_some();
    if tokens == chars {
        // Both readings agree; beyond 35 a grid's digits are numbers, so a text of single
        // digits there is named for them.
        let numbers = !letters && Size::from_cells(tokens).is_some_and(|s| s.side() > 35);
        if numbers {
            Format::Numeric
        } else {
            Format::Line
        }
    } else if (mixed && widest <= 3)
        // A grid's count of numbers, some too long for any grid's digit: numbers all the same,
        // so that the error names the one out of range rather than a count of characters.
        || (tokens > 1
            && grid_sized(tokens)
            && !grid_sized(chars)
            && (2 * short > tokens || digits_only))
    {
        Format::Numeric
    } else {
        Format::Line
    }
}

/// Whether `text` has a grid's worth of characters counting its spaces, and spaces in a run,
/// as a puzzle written with spaces for blanks has (`53  7    6  195 ...`).
fn spaced_blanks(text: &str) -> bool {
    let chars: usize = text.lines().map(|l| l.chars().count()).sum();
    text.contains("  ") && !text.contains('\t') && Size::from_cells(chars).is_some()
}

/// The shortest text for a grid: one character per cell up to 25x25, numbers beyond.
pub fn write_compact(grid: &Grid) -> String {
    write_line(grid).unwrap_or_else(|_| write_numeric(grid))
}

/// For text laid out one row per line whose cell count fits no grid: which line is off. Most
/// lines agreeing on a grid's row length `side` is what makes it a row-per-line layout.
fn ragged_rows(text: &str, format: Format) -> Option<ParseError> {
    let counts: Vec<(usize, usize)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let cells = match format {
                Format::Numeric => text::number_tokens(line).count(),
                _ => line.chars().filter(|&c| !text::is_separator(c)).count(),
            };
            (i + 1, cells)
        })
        .filter(|&(_, cells)| cells > 0)
        .collect();
    if counts.len() < 2 {
        return None;
    }
    // How many lines have each length, counted in one pass: a long text has many lines.
    let mut tally: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for &(_, c) in &counts {
        *tally.entry(c).or_default() += 1;
    }
    let (&side, &agreeing) = tally.iter().max_by_key(|&(_, &n)| n)?;
    if agreeing * 2 <= counts.len() || !Size::all().any(|s| s.side() == side) {
        return None;
    }
    match counts.iter().find(|&&(_, c)| c != side) {
        Some(&(line, cells)) => Some(ParseError::LineLength {
            line,
            cells,
            expected: side,
        }),
        None => Some(ParseError::RowCount {
            rows: counts.len(),
            side,
        }),
    }
}

/// Writes a grid in a format: for `Line` only sizes whose digits fit one character.
pub fn write(grid: &Grid, format: Format) -> Result<String, ParseError> {
    match format {
        Format::Line => write_line(grid),
        Format::Numeric => Ok(write_numeric(grid)),
        Format::Grid => Ok(write_grid(grid)),
        Format::Json => Ok(write_json(grid)),
    }
}

/// Whether `lines`, of which some each read as a whole puzzle of `size`, could instead be the
/// rows of one grid: a row of a grid with as many rows as these lines has that many cells
/// (lines of separators alone, as between the bands of a layout, do not count). Readers of
/// several puzzles one per line take such lines as one grid when they read as one (sixteen
/// lines of sixteen cells are a 16x16 grid, not sixteen 4x4 puzzles).
pub fn could_be_rows(size: Size, lines: &[&str]) -> bool {
    content_lines(lines) == size.cells()
}

/// Whether `lines`, read together as one grid of `size`, hold one row each (lines of
/// separators aside). Lines that also read alone as puzzles are one grid only then: sixteen
/// 9x9 lines make a 36x36 grid's cell count, but not its rows.
pub fn are_rows(size: Size, lines: &[&str]) -> bool {
    content_lines(lines) == size.side()
}

/// The size of puzzle that lines reading alone have, when they look like a collection (one
/// puzzle per line): at least two of one size beyond 1x1. A single such line proves nothing:
/// a wrapped puzzle's last piece (`.`, or sixteen of `.1234`) reads alone as a 1x1 or 4x4.
pub fn collection_size(alone: impl IntoIterator<Item = Size>) -> Option<Size> {
    let mut seen: Vec<Size> = Vec::new();
    for size in alone.into_iter().filter(|s| s.cells() > 1) {
        if seen.contains(&size) {
            return Some(size);
        }
        seen.push(size);
    }
    None
}

fn content_lines(lines: &[&str]) -> usize {
    let separators = |l: &&&str| l.chars().all(text::is_separator);
    lines.iter().filter(|l| !separators(l)).count()
}
