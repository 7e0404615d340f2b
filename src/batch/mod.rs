//! Text in, text out, web-free: the answers the command line and the Python package both give
//! for the logic commands (hints, steps, ratings), and the reading of pencil-mark states.

pub mod logic;
pub mod report;
#[cfg(not(target_arch = "wasm32"))]
pub mod split;
pub mod states;

use crate::engine::format::{self, Parsed};

/// One item of an input: the line it starts on, and what it reads as or why it does not.
pub struct Item<T> {
    pub line: usize,
    pub read: Result<T, String>,
    /// The line, when it is words rather than a puzzle (a title or a note: see
    /// [`format::is_words`]), which the commands pass over with no answer.
    pub words: Option<String>,
}

/// A piece of the input as the commands take it.
pub fn item(piece: format::Piece) -> Item<Parsed> {
    let read = match piece.parsed {
        Err(e) => Err(e.to_string()),
        // Its answers would be empty lines that read back as no puzzle at all.
        Ok(p) if p.grid.size().cells() == 0 => {
            Err("a 0x0 grid has no cells; sizes go from 1x1 to 49x49".into())
        }
        Ok(p) => Ok(p),
    };
    Item {
        line: piece.line,
        read,
        words: piece.words,
    }
}

/// The puzzles of a text, as every command reads them.
pub fn puzzles(text: &str) -> Vec<Item<Parsed>> {
    format::pieces(text).into_iter().map(item).collect()
}
