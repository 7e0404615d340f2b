//! Failures the page meets outside the engine: what it could not read, why its worker stopped.

use super::thousands;
use crate::engine::format::MAX_INPUT_BYTES;
use std::fmt;

/// Why the page could not read what it was asked to import, before any parsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// A file over the import limit ([`MAX_INPUT_BYTES`]), refused before reading so that it
    /// never has to fit in memory.
    TooLarge { name: String, bytes: u64 },
    /// A file the browser could not read as text.
    NotText { name: String },
    /// A share link whose puzzle is not valid URL encoding.
    DamagedLink,
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unread::TooLarge { name, bytes } => write!(
                f,
                "{name} is {} bytes; the limit is {} bytes.",
                thousands(*bytes),
                thousands(MAX_INPUT_BYTES as u64)
            ),
            Unread::NotText { name } => write!(f, "{name} could not be read as text."),
            Unread::DamagedLink => {
                f.write_str("the share link is damaged (its puzzle is not valid URL encoding).")
            }
        }
    }
}

/// Why the engine's worker stopped, as the browser's error event told it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The browser's own message (the script did not load, memory ran out, a panic).
    Error(String),
    /// An error event without a message, or a message the page could not take.
    Unexplained,
}

impl fmt::Display for EngineFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFault::Error(message) => f.write_str(message),
            EngineFault::Unexplained => f.write_str("the worker failed"),
        }
    }
}
