//! Constraint propagation, the default formulation: a thin adapter over the search core, with
//! the bit-parallel fast path for 9x9.

use super::{Query, Stats};
use crate::engine::nine::Nine;
use crate::engine::search::{Halt, Limits, Order, SearchStats, Searcher, Sink, Start};

pub(super) fn run(query: &Query, limits: &Limits, sink: &mut dyn Sink) -> Stats {
    let (s, halt) = match Nine::from_grid(query.grid) {
        Some(mut nine) => {
            for &(p, d) in query.forbidden {
                nine.forbid(p, d);
            }
            nine.run(Order::Natural, limits, sink)
        }
        None => generic(query, limits, sink),
    };
    Stats {
        nodes: Some(s.nodes),
        guesses: Some(s.guesses),
        halt: Some(halt),
        ..Stats::default()
    }
}

/// The generic core, for every size (and the reference the 9x9 fast path is tested against).
pub fn generic(query: &Query, limits: &Limits, sink: &mut dyn Sink) -> (SearchStats, Halt) {
    let mut start = Start::from_grid(query.grid);
    for &(p, d) in query.forbidden {
        start.forbid(p, d);
    }
    let mut searcher = Searcher::new(&start, Order::Natural, limits.clone());
    let halt = searcher.run(sink);
    (searcher.stats(), halt)
}
