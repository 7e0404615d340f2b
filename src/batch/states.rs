//! The pencil-mark states `hint` and `steps` read: HoDoKu library lines and the engine's marks
//! text, beside every puzzle format the other commands read.

use super::{Item, puzzles};
use crate::engine::Size;
use crate::engine::format::{self, ParseError, Parsed};
use crate::engine::logic::{Marks, MarksError};

/// Every state of `text`, in the order read: a line starting with `:` is a HoDoKu library
/// line; a block of lines (between blank lines) holding a candidate list such as `(1-3,7)` or a
/// placed digit such as `+5` is
/// marks text, one state, or one per line when its lines, not the block, have a grid's cell
/// count;
/// anything else is read as puzzles are, each puzzle's state being its candidates.
pub fn read(text: &str) -> Vec<Item<Marks>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let from_puzzle = |item: Item<Parsed>| Item {
        line: item.line,
        read: item.read.map(|p| Marks::from_grid(&p.grid)),
        words: item.words,
    };
    if starts_json(text) {
        return puzzles(text).into_iter().map(from_puzzle).collect();
    }
    // What the puzzle reader gets: the lines taken here are blanked, so line numbers stay.
    let mut rest: Vec<&str> = text.lines().collect();
    let mut items = Vec::new();
    for (i, line) in rest.iter_mut().enumerate() {
        if line.trim_start().starts_with(':') {
            let read = Marks::from_library(line).map_err(|e| described(&e, 9));
            items.push(Item {
                line: i + 1,
                read: read.and_then(refuse_clashes),
                words: None,
            });
            *line = "";
        }
    }
    let mut start = 0;
    while start < rest.len() {
        let end = (start..rest.len())
            .find(|&i| rest[i].trim().is_empty())
            .unwrap_or(rest.len());
        let block = &rest[start..end];
        if block.iter().any(|l| !is_comment(l) && has_marks(l)) {
            // A title over the marks (`Position 1`) is words, passed over as beside a puzzle.
            let mut marks = block.to_vec();
            for (i, line) in marks.iter_mut().enumerate() {
                let held = line.trim();
                if let Some(item) = words(start + i + 1, held) {
                    items.push(item);
                    *line = "#";
                }
            }
            items.extend(block_states(start, &marks));
            rest[start..end].fill("");
        }
        start = end + 1;
    }
    items.extend(puzzles(&rest.join("\n")).into_iter().map(from_puzzle));
    items.sort_by_key(|item| item.line);
    items
}

/// Line `line`, `held` trimmed, when it is words rather than marks or a puzzle (see
/// [`format::is_words`]).
fn words(line: usize, held: &str) -> Option<Item<Marks>> {
    if is_comment(held) || has_marks(held) {
        return None;
    }
    let error = format::parse(held).err()?;
    format::words_line(held, &error).then(|| Item {
        line,
        read: Err(error.to_string()),
        words: Some(held.to_string()),
    })
}

/// The states of a block of marks text that starts at 0-based line `start`.
fn block_states(start: usize, block: &[&str]) -> Vec<Item<Marks>> {
    let content: Vec<(usize, &str)> = block
        .iter()
        .enumerate()
        .filter(|(_, l)| !is_comment(l))
        .map(|(i, l)| (start + i + 1, *l))
        .collect();
    let cells = |l: &str| l.split_whitespace().count();
    let total: usize = content.iter().map(|&(_, l)| cells(l)).sum();
    let first = content.first().map_or(0, |&(_, l)| cells(l));
    let per_line = Size::from_cells(total).is_none()
        && Size::from_cells(first).is_some()
        && content.iter().all(|&(_, l)| cells(l) == first);
    if per_line {
        return content.iter().map(|&(line, l)| state(line, l)).collect();
    }
    let line = content.first().map_or(start + 1, |&(line, _)| line);
    vec![state(line, &block.join("\n"))]
}

fn state(line: usize, text: &str) -> Item<Marks> {
    let cells = text
        .lines()
        .filter(|l| !is_comment(l))
        .flat_map(str::split_whitespace)
        .count();
    let side = Size::from_cells(cells).map_or(0, Size::side);
    let read = Marks::parse(text).map_err(|e| described(&e, side));
    Item {
        line,
        read: read.and_then(refuse_clashes),
        words: None,
    }
}

/// Givens that clash are refused as in a puzzle; placed digits that clash are a state with no
/// solution, which the commands answer.
fn refuse_clashes(marks: Marks) -> Result<Marks, String> {
    match marks.to_grid().puzzle().conflicts().into_iter().next() {
        Some(c) => Err(ParseError::Conflict(c).to_string()),
        None => Ok(marks),
    }
}

/// The error, with a cell named by row and column as the puzzle reader names it.
fn described(e: &MarksError, side: usize) -> String {
    let text = e.to_string();
    let cell = match e {
        MarksError::Token { cell, .. } | MarksError::Digit { cell, .. } => *cell,
        _ => return text,
    };
    let prefix = format!("cell {}: ", cell + 1);
    match text.strip_prefix(&prefix) {
        Some(rest) if side > 0 => {
            format!(
                "row {}, column {}: {rest}",
                cell / side + 1,
                cell % side + 1
            )
        }
        _ => text,
    }
}

/// A token only the marks text has: a candidate list, `(1-3,7)` or `()`, or a placed digit,
/// `+5` (the puzzle formats take `+` for a separator between cells, never before a number).
fn has_marks(line: &str) -> bool {
    let digits =
        |s: &str, extra: &[char]| s.chars().all(|c| c.is_ascii_digit() || extra.contains(&c));
    line.split_whitespace().any(|t| {
        let list = t.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
        let placed = t.strip_prefix('+').filter(|d| !d.is_empty());
        list.is_some_and(|l| digits(l, &[',', '-'])) || placed.is_some_and(|d| digits(d, &[]))
    })
}

fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

/// JSON is left whole to the puzzle reader (a document may span lines of any shape).
fn starts_json(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !is_comment(l))
        .is_some_and(|l| l.starts_with('{'))
}
