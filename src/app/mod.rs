//! The app's pure side: state, reducer and worker protocol. No web crate, so it tests natively.

pub mod board;
pub mod editing;
pub mod files;
pub mod generation;
pub mod jobs;
pub mod protocol;
pub mod serve;
pub mod state;
