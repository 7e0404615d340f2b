//! The app's pure side, no web crate: state by area, its reducer, the worker's protocol and work.

pub mod advice;
pub mod board;
pub mod editing;
pub mod files;
pub mod generation;
pub mod hint;
pub mod history;
pub mod jobs;
pub mod notes;
pub mod pool;
pub mod protocol;
pub mod saved;
pub mod serve;
pub mod state;
pub mod steps;
pub mod timer;
