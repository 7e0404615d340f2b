//! The engine: grids, formats, formulations, search, generation and analysis. Plain Rust with
//! no web crate, so it builds, tests and benches natively.

mod alldiff;
pub mod analyze;
pub mod check;
pub mod error;
pub mod examine;
pub mod format;
pub mod formulation;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod nine;
pub mod rng;
pub mod search;

pub use check::{CheckError, check_solution, check_values};
pub use formulation::{
    Formulation, Query, SolveError, SolveOptions, SolveReport, Stats, Verdict, solve,
};
pub use generate::{GenerateOptions, Generated, Method, Symmetry, generate};
pub use grid::{Candidates, Conflict, Digit, Entry, Grid, Pos, Size};
