//! Constraint propagation, the default formulation: a thin adapter over the search core, with
//! the bit-parallel fast path for 9x9.

use super::{Query, Stats};
use crate::engine::nine::Nine;
use crate::engine::search::{Halt, Limits, Order, SearchStats, Searcher, Sink, Start};

pub(super) fn run(query: &Query, limits: &Limits, sink: &mut dyn Sink) -> Stats {
    if starved(query) {
        return Stats {
            nodes: Some(1),
            guesses: Some(0),
            halt: Some(Halt::Exhausted),
            ..Stats::default()
        };
    }
    let (s, halt) = match Nine::from_grid(query.grid) {
        Some(mut nine) => {
            for &(p, d) in query.forbidden {
                nine.forbid(p, d);
            }
            nine.run(order(query), limits, sink)
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
    let mut searcher = Searcher::new(&start, order(query), limits.clone());
    let halt = searcher.run(sink);
    (searcher.stats(), halt)
}

/// Whether a forbidden empty cell sees every other digit among its peers, so it has no
/// candidate and the query no solution: the first naked-single step of propagation, taken
/// before building a search state. Most of the generator's early questions end here.
fn starved(query: &Query) -> bool {
    let size = query.grid.size();
    let all = size.all_digits().0;
    let entries = query.grid.entries();
    let layout = size.layout();
    query.forbidden.iter().any(|&(p, d)| {
        let cell = p.index(size);
        if entries[cell].digit().is_some() {
            return false;
        }
        let mut seen = 1u64 << d.index();
        for &q in &layout.peers[cell] {
            if let Some(e) = entries[q].digit() {
                seen |= 1 << e.index();
            }
        }
        seen == all
    })
}

fn order(query: &Query) -> Order {
    query
        .hint
        .map_or(Order::Natural, |h| Order::guided(h, query.grid.size()))
}
