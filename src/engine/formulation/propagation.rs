//! Constraint propagation, the default formulation: a thin adapter over the search core.

use super::{Query, Stats};
use crate::engine::search::{Limits, Order, Searcher, Sink, Start};

pub(super) fn run(query: &Query, limits: &Limits, sink: &mut dyn Sink) -> Stats {
    let mut start = Start::from_grid(query.grid);
    for &(p, d) in query.forbidden {
        start.forbid(p, d);
    }
    let mut searcher = Searcher::new(&start, Order::Natural, limits.clone());
    let halt = searcher.run(sink);
    let s = searcher.stats();
    Stats {
        nodes: Some(s.nodes),
        guesses: Some(s.guesses),
        halt: Some(halt),
        ..Stats::default()
    }
}
