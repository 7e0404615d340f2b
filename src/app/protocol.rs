//! Messages between the page and the engine worker: plain serde types, no web crate.

use super::advice::{Hint, StepsEnd};
use super::notes::Notes;
pub use crate::engine::examine::CheckOutcome;
pub use crate::engine::formulation::ModelFormat;
pub use crate::engine::generate::{Phase, Symmetry};
use crate::engine::logic::{Level, Rating, Step};
use crate::engine::{Formulation, Grid, Size, SolveError, SolveReport};
pub use crate::words::Failure;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Work the page asks the worker to do. Each request carries an id so stale answers are ignored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Solve with one formulation, counting up to `max_solutions` and keeping `keep` of them.
    Solve {
        puzzle: Grid,
        formulation: Formulation,
        max_solutions: Option<u64>,
        keep: usize,
    },
    /// Solve with every formulation, to compare them.
    Compare { puzzle: Grid },
    /// Make a minimal puzzle with a unique solution; the same seed gives the same puzzle.
    Generate {
        size: Size,
        #[serde(with = "seed_text")]
        seed: u64,
        symmetry: Symmetry,
        formulation: Formulation,
        /// A puzzle at this level, solvable without guessing; `None` for a minimal one.
        #[serde(default)]
        difficulty: Option<Level>,
    },
    /// Decide uniqueness, and for a unique puzzle which clues could go.
    Check {
        puzzle: Grid,
        formulation: Formulation,
    },
    /// The puzzle's model as text for an external solver.
    Export { puzzle: Grid, model: ModelFormat },
    /// The next logical step on the board as it stands, with the player's notes.
    Hint { grid: Grid, notes: Notes },
    /// The whole logical solution of the givens.
    Steps { puzzle: Grid },
    /// One member of the race of the plain search, its rival and (from three cores) the other rival
    /// (`engine::formulation::sat::member`), counting up to `max_solutions` and keeping `keep`:
    /// the page runs each member on a worker of its own, and the first answer wins.
    SolveMember {
        puzzle: Grid,
        member: usize,
        max_solutions: u64,
        keep: usize,
    },
}

/// One formulation's line in the comparison table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    pub formulation: Formulation,
    pub millis: f64,
    /// The report, or why the formulation could not answer.
    pub result: Result<SolveReport, SolveError>,
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker has loaded and listens; sent once per worker, under [`READY_ID`].
    Ready,
    Progress {
        phase: Phase,
        done: u64,
        total: u64,
    },
    Solved {
        report: SolveReport,
        millis: f64,
    },
    /// A generation's puzzle so far (unique, not yet minimal), sent every few seconds of a
    /// long removal so the page can stop there and keep it.
    Partial {
        puzzle: Grid,
    },
    /// One formulation of a comparison has finished; the others are still running.
    CompareRow {
        row: CompareRow,
    },
    Compared {
        rows: Vec<CompareRow>,
    },
    Generated {
        puzzle: Grid,
        #[serde(with = "seed_text")]
        seed: u64,
        millis: f64,
        /// The puzzle's rating, when a difficulty was asked for.
        #[serde(default)]
        rating: Option<Rating>,
    },
    Checked {
        outcome: CheckOutcome,
        millis: f64,
        /// The logic rating of a puzzle with one solution.
        #[serde(default)]
        rating: Option<Rating>,
    },
    Exported {
        model: ModelFormat,
        text: String,
    },
    Hinted {
        hint: Hint,
        millis: f64,
    },
    /// The logical solution, each step with its sentence.
    Stepped {
        steps: Vec<Step>,
        said: Vec<String>,
        end: StepsEnd,
    },
    Failed {
        failure: Failure,
    },
}

/// The id of the worker's `Ready` message; requests start at 1.
pub const READY_ID: u64 = 0;

/// The box size from which exact cover, whose search has no all-different reasoning, can take
/// minutes on a puzzle the other formulations answer at once.
pub const SLOW_EXACT_COVER_FROM_BOX: usize = 5;

/// The order a comparison runs the formulations in: the registry's, but from
/// [`SLOW_EXACT_COVER_FROM_BOX`] exact cover last, so that the others' rows come first.
pub fn compare_order(size: Size) -> Vec<Formulation> {
    let mut order = Formulation::ALL.to_vec();
    if size.box_size() >= SLOW_EXACT_COVER_FROM_BOX {
        order.retain(|&f| f != Formulation::ExactCover);
        order.push(Formulation::ExactCover);
    }
    order
}

/// A request tagged with the id the answer will carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub id: u64,
    pub body: T,
}

/// Encodes a message for `postMessage` as postcard bytes. A compact format without field
/// names keeps the decoding code in the page's wasm small: derived decoders for a
/// self-describing format carry every field and variant name and a map visitor per type.
pub fn encode<T: Serialize>(envelope: &Envelope<T>) -> Result<Vec<u8>, postcard::Error> {
    postcard::to_allocvec(envelope)
}

/// Decodes what [`encode`] made (page and worker come from the same build).
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<Envelope<T>, postcard::Error> {
    postcard::from_bytes(bytes)
}

/// The id of a message whose body does not decode, so its job can still be answered.
pub fn decode_id(bytes: &[u8]) -> Option<u64> {
    postcard::take_from_bytes::<u64>(bytes)
        .ok()
        .map(|(id, _)| id)
}

/// Seeds cross to the worker as decimal text: JavaScript numbers hold integers exactly only
/// up to 2^53, and a seed may be any u64.
mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(seed)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("'{text}' is not a seed")))
    }
}
