//! The node search's branching rule: the open variable a node sets to 1 first.
//!
//! Among the model rows with no variable at 1 and the fewest open variables, the rule takes the
//! row whose open members reach furthest when set to 1 (what their probes fixed, which
//! probing has just measured for every open variable): the smallest of those reaches first,
//! so that every child the row splits into is a small problem, then their product, then the
//! members' activity in recent conflicts. It branches on the member of largest reach. Row size
//! with ties to activity alone took from a tenth to over twice as many nodes on the minimal
//! 25x25 puzzles measured.

use super::domain::{Probes, Rows, State};
use super::learn::Learn;

/// A candidate row's rank, larger first: its open members' smallest reach, the product of
/// their reaches, the sum of their activities.
type Rank = (u32, f64, f64);

/// The variable to set to 1 first, per the module doc; `None` when no row has an open member.
pub(super) fn choose(rows: &Rows, state: &State, probes: &Probes, learn: &Learn) -> Option<u32> {
    let undecided = |r: u32| match state.row_open(r) {
        (open, false) if open > 0 => Some(open),
        _ => None,
    };
    let fewest = (0..rows.len()).filter_map(undecided).min()?;
    let mut best: Option<(Rank, u32)> = None;
    for r in (0..rows.len()).filter(|&r| undecided(r) == Some(fewest)) {
        let open = || {
            rows.members(r)
                .iter()
                .copied()
                .filter(|&x| state.fixed(x).is_none())
        };
        let rank = (
            open().map(|x| probes.reach(x)).min().unwrap_or(0),
            open().map(|x| f64::from(probes.reach(x))).product(),
            open().map(|x| learn.activity(x)).sum(),
        );
        if best.is_none_or(|(b, _)| rank > b) {
            best = Some((rank, r));
        }
    }
    let (_, r) = best?;
    rows.members(r)
        .iter()
        .copied()
        .filter(|&x| state.fixed(x).is_none())
        .max_by_key(|&x| (probes.reach(x), std::cmp::Reverse(x)))
}
