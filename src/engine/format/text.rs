//! The one-character-per-cell line format, the numeric format and the block layout.

use super::ParseError;
use crate::engine::grid::{Digit, Entry, Grid, Pos, Size};

/// Largest digit the one-character format can spell (`Z` = 35).
pub const MAX_SYMBOL: u32 = 35;

/// Characters that lay a grid out without being cells: whitespace, `|`, `-`, `+`, and the
/// box-drawing characters (`│`, `─`, `┼`, ...) of grids copied from documents.
pub(crate) fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '-' | '+') || is_box_drawing(c)
}

pub(crate) fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&c)
}

/// The tokens of a line of numbers: split at whitespace, commas and vertical rules, without
/// tokens that are only horizontal rule (`------+------`).
pub(crate) fn number_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == '|' || is_box_drawing(c))
        .filter(|t| !t.is_empty() && !t.chars().all(|c| c == '-' || c == '+'))
}

pub(crate) fn is_blank(c: char) -> bool {
    matches!(c, '.' | '0' | '_')
}

/// Value of a digit symbol: `1-9`, then `A-Z` (either case) for 10..=35.
pub fn symbol_value(c: char) -> Option<u32> {
    match c {
        '1'..='9' => c.to_digit(10),
        'a'..='z' | 'A'..='Z' => Some(c.to_ascii_uppercase() as u32 - 'A' as u32 + 10),
        _ => None,
    }
}

/// The symbol of a digit in the one-character format; `None` above 35, which it cannot spell.
pub fn digit_symbol(d: Digit) -> Option<char> {
    let v = u32::from(d.get());
    match v {
        0..=9 => char::from_digit(v, 10),
        10..=MAX_SYMBOL => Some(char::from(b'A' + (v - 10) as u8)),
        _ => None,
    }
}

/// A digit as grids of `side` digits show it: the one-character symbol where every digit of
/// the grid has one (letters from 10 up to 25x25), the number beyond.
pub fn shown_digit(d: Digit, side: usize) -> String {
    match digit_symbol(d) {
        Some(c) if side as u32 <= MAX_SYMBOL => c.to_string(),
        _ => d.get().to_string(),
    }
}

fn size_for(cells: usize) -> Result<Size, ParseError> {
    if cells == 0 {
        return Err(ParseError::Empty);
    }
    Size::from_cells(cells).ok_or(ParseError::NotASquareOfSquare { cells })
}

/// Reads the one-character format; separators and line breaks may appear anywhere.
pub fn parse_line(text: &str) -> Result<Grid, ParseError> {
    let cells: Vec<char> = text.chars().filter(|&c| !is_separator(c)).collect();
    let size = size_for(cells.len()).map_err(|e| {
        // Without a size there is no row or column; a stray character is the likelier
        // mistake than a wrong count, so name it by its place in the text.
        let stray = text
            .chars()
            .enumerate()
            .find(|&(_, c)| !is_separator(c) && !is_blank(c) && symbol_value(c).is_none());
        match (e, stray) {
            (ParseError::NotASquareOfSquare { cells }, Some((i, c))) => {
                ParseError::StrayCharacter {
                    cells,
                    offset: i + 1,
                    text: c.to_string(),
                }
            }
            (e, _) => e,
        }
    })?;
    let mut grid = Grid::empty(size);
    for (i, &c) in cells.iter().enumerate() {
        let p = Pos::from_index(i, size);
        if is_blank(c) {
            continue;
        }
        let Some(v) = symbol_value(c) else {
            return Err(ParseError::BadSymbol {
                row: p.row,
                col: p.col,
                text: c.to_string(),
            });
        };
        let d = Digit::new(v as u64, size.side()).map_err(|_| ParseError::DigitOutOfRange {
            row: p.row,
            col: p.col,
            text: c.to_string(),
            max: size.side(),
        })?;
        grid.set(p, Entry::Given(d));
    }
    Ok(grid)
}

/// Reads whitespace- or comma-separated numbers, `0` or `.` for blanks.
pub fn parse_numeric(text: &str) -> Result<Grid, ParseError> {
    let tokens: Vec<&str> = number_tokens(text).collect();
    let size = size_for(tokens.len())?;
    let mut grid = Grid::empty(size);
    for (i, t) in tokens.iter().enumerate() {
        let p = Pos::from_index(i, size);
        if *t == "." || *t == "_" {
            continue;
        }
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::BadSymbol {
                row: p.row,
                col: p.col,
                text: shorten(t),
            });
        }
        let v: u64 = t.parse().unwrap_or(u64::MAX);
        if v == 0 {
            continue;
        }
        let d = Digit::new(v, size.side()).map_err(|_| ParseError::DigitOutOfRange {
            row: p.row,
            col: p.col,
            text: shorten(t),
            max: size.side(),
        })?;
        grid.set(p, Entry::Given(d));
    }
    Ok(grid)
}

/// Keeps error messages short when the offending token is huge.
fn shorten(t: &str) -> String {
    if t.chars().count() > 20 {
        format!("{}...", t.chars().take(20).collect::<String>())
    } else {
        t.to_string()
    }
}

/// One character per cell, `.` for blanks; only for sizes up to 25x25.
pub fn write_line(grid: &Grid) -> Result<String, ParseError> {
    if grid.size().side() as u32 > MAX_SYMBOL {
        return Err(ParseError::LineTooLarge { size: grid.size() });
    }
    Ok(super::lines::write_plain(grid).expect("no size between 25x25 and 35 digits"))
}

/// All cells on one line as space-separated numbers, `0` for blanks.
pub fn write_numeric(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A block layout with `|` and `-` box separators, readable and read back by the parsers.
pub fn write_grid(grid: &Grid) -> String {
    let size = grid.size();
    let (n, side) = (size.box_size(), size.side());
    let symbols = side as u32 <= MAX_SYMBOL;
    let width = if symbols { 1 } else { side.to_string().len() };
    let cell = |e: Entry| -> String {
        match (e.digit(), symbols) {
            (None, true) => ".".to_string(),
            (None, false) => format!("{:>width$}", 0),
            (Some(d), true) => digit_symbol(d).expect("up to 35 digits").to_string(),
            (Some(d), false) => format!("{:>width$}", d.get()),
        }
    };
    let mut out = String::new();
    for r in 0..side {
        if r > 0 && r % n == 0 {
            // Dashes under each box's cells: the outer boxes have one space less.
            let inner = n * (width + 1);
            let line: Vec<String> = (0..n)
                .map(|b| {
                    "-".repeat(if b == 0 || b == n - 1 {
                        inner
                    } else {
                        inner + 1
                    })
                })
                .collect();
            out.push_str(&line.join("+"));
            out.push('\n');
        }
        let mut line = String::new();
        for c in 0..side {
            if c > 0 && c % n == 0 {
                line.push_str(" |");
            }
            if c > 0 {
                line.push(' ');
            }
            line.push_str(&cell(grid.entry(Pos::new(r, c))));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}
