//! Why a pencil-mark text did not read, in words that name the cell or field.

use std::fmt;

/// Why a pencil-mark text did not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarksError {
    /// The cell count is not that of any supported size.
    CellCount { found: usize },
    /// A token that is neither a digit, `+digit` nor a candidate list.
    Token { cell: usize, text: String },
    /// A digit outside `1..=side`.
    Digit {
        cell: usize,
        value: String,
        max: usize,
    },
    /// A HoDoKu line whose cell field is not 81 cells.
    LibraryCells { found: usize },
    /// A HoDoKu line with fewer than the four leading fields.
    LibraryFields { found: usize },
    /// A HoDoKu line whose first field is none of HoDoKu's technique codes.
    LibraryCode { code: String },
    /// An unreadable character in a HoDoKu cell field, at a 0-based character position.
    LibraryChar { position: usize, found: char },
    /// A deleted-candidate item that is not three digits 1-9.
    LibraryDeleted { item: String },
}

impl fmt::Display for MarksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarksError::CellCount { found } => {
                write!(f, "{found} cells is not the cell count of a supported size")
            }
            MarksError::Token { cell, text } => write!(
                f,
                "cell {}: `{text}` is not a digit, +digit or candidate list like (1-3,7)",
                cell + 1
            ),
            MarksError::Digit { cell, value, max } => {
                write!(
                    f,
                    "cell {}: digit {value} is out of range 1 to {max}",
                    cell + 1
                )
            }
            MarksError::LibraryCells { found } => {
                write!(f, "a HoDoKu line has 81 cells, found {found}")
            }
            MarksError::LibraryFields { found } => write!(
                f,
                "a HoDoKu line has at least 4 fields (:code:digits:cells:deleted), found {found}"
            ),
            MarksError::LibraryCode { code } => write!(
                f,
                "HoDoKu code `{}` is not one of HoDoKu's technique codes (four digits, such as \
                 0000 for a full house or 0300 for an X-Wing)",
                crate::engine::format::shown(code)
            ),
            MarksError::LibraryChar { position, found } => write!(
                f,
                "HoDoKu cell field: `{found}` at character {} is not a digit, '.', '0' or '+'",
                position + 1
            ),
            MarksError::LibraryDeleted { item } => write!(
                f,
                "HoDoKu deleted candidates: `{item}` is not digit, row and column (like 512)"
            ),
        }
    }
}

impl std::error::Error for MarksError {}
