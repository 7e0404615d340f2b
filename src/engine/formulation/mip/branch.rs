//! The node search's branching rule: the open variable a node sets to 1 first.
//!
//! Among the model rows with no variable at 1 and the fewest open variables, the rule takes the
//! row whose open members reach furthest when set to 1 (what their probes fixed, which
//! probing has just measured for every open variable), the smallest of those reaches, so that
//! every child the row splits into is a small problem, weighed up by the members' activity in
//! recent conflicts: it is multiplied by one plus the row's activity over the largest of these
//! rows' activities, so the most active row wins against rows of up to twice its reach, and a
//! row of a fraction f of that activity against rows of up to 1 + f times its reach. Ties go
//! to the product of the reaches, then the activity. It branches on the member last fixed at 1
//! when the search left it (phase saving), otherwise on the member of largest reach. Row size
//! with ties to activity alone took from a tenth to over twice as many nodes on the minimal
//! 25x25 puzzles measured, and the reach alone (activity only breaking ties, no saved phase)
//! more nodes than this rule (BENCHMARKS.md, "Conflict activity in the rank, and saved phases").

use super::domain::{Probes, Rows, State};
use super::learn::Learn;

/// A candidate row's rank, larger first: its open members' smallest reach weighed up by their
/// activity, the product of their reaches, the sum of their activities.
type Rank = (f64, f64, f64);

/// The variable to set to 1 first, per the module doc; `None` when no row has an open member.
pub(super) fn choose(rows: &Rows, state: &State, probes: &Probes, learn: &Learn) -> Option<u32> {
    let r = choose_row(rows, state, probes, learn)?;
    open_members(rows, state, r)
        .max_by_key(|&x| (learn.phase(x), probes.reach(x), std::cmp::Reverse(x)))
}

/// The open members of row `r`.
pub(super) fn open_members<'a>(
    rows: &'a Rows,
    state: &'a State,
    r: u32,
) -> impl Iterator<Item = u32> + 'a {
    rows.members(r)
        .iter()
        .copied()
        .filter(|&x| state.fixed(x).is_none())
}

/// The row [`choose`] branches on: exactly one of its open members is 1 in every solution of
/// the node, so they split it into disjoint parts that cover it.
pub(super) fn choose_row(
    rows: &Rows,
    state: &State,
    probes: &Probes,
    learn: &Learn,
) -> Option<u32> {
    let undecided = |r: u32| match state.row_open(r) {
        (open, false) if open > 0 => Some(open),
        _ => None,
    };
    let fewest = (0..rows.len()).filter_map(undecided).min()?;
    let open = |r: u32| open_members(rows, state, r);
    // Each tightest row's smallest reach, product of reaches and activity.
    let candidates: Vec<(u32, u32, f64, f64)> = (0..rows.len())
        .filter(|&r| undecided(r) == Some(fewest))
        .map(|r| {
            (
                r,
                open(r).map(|x| probes.reach(x)).min().unwrap_or(0),
                open(r).map(|x| f64::from(probes.reach(x))).product(),
                open(r).map(|x| learn.activity(x)).sum(),
            )
        })
        .collect();
    let top = candidates.iter().map(|c| c.3).fold(0.0, f64::max);
    let mut best: Option<(Rank, u32)> = None;
    for &(r, reach, product, activity) in &candidates {
        // Rows with no activity yet (none has any) rank by their reach alone.
        let share = if top > 0.0 { activity / top } else { 0.0 };
        let rank = (f64::from(reach) * (1.0 + share), product, activity);
        if best.is_none_or(|(b, _)| rank > b) {
            best = Some((rank, r));
        }
    }
    best.map(|(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two cells and two digits, each cell one digit and each digit once: every variable set
    /// to 1 settles all four, so every row ties and the saved phase alone tells members apart.
    #[test]
    fn the_member_last_left_at_one_is_tried_first() {
        let members: [&[u32]; 4] = [&[0, 1], &[2, 3], &[0, 2], &[1, 3]];
        let rows = Rows::new(4, members.into_iter());
        let mut state = State::new(&rows);
        state.presolve(&rows).expect("no conflict");
        let mut probes = Probes::default();
        state
            .probe(&rows, &mut probes, &mut || false)
            .expect("no conflict");
        let mut learn = Learn::new(4);
        learn.record(&mut state, None);
        assert_eq!(choose(&rows, &state, &probes, &learn), Some(0));
        // The search sets 1 (and so 2) to 1 and leaves that level again.
        learn.open_level();
        let mut below = state.clone();
        below.decide(&rows, 1, true).expect("no conflict");
        learn.record(&mut below, None);
        learn.backjump(0);
        assert_eq!(choose(&rows, &state, &probes, &learn), Some(1));
    }

    /// Two parts: row {0, 1} alone, where setting either member reaches 2 variables, and rows
    /// {2, 3} and {3, 4}, where setting any member settles all 3. With no activity the larger
    /// reach wins; once 0 and 1 have the top activity, their row outranks the quiet rows of
    /// reach 3, which is under twice its own.
    #[test]
    fn activity_outranks_a_reach_under_twice_as_large() {
        let members: [&[u32]; 3] = [&[0, 1], &[2, 3], &[3, 4]];
        let rows = Rows::new(5, members.into_iter());
        let mut state = State::new(&rows);
        state.presolve(&rows).expect("no conflict");
        let mut probes = Probes::default();
        state
            .probe(&rows, &mut probes, &mut || false)
            .expect("no conflict");
        let reaches: Vec<u32> = (0..5).map(|x| probes.reach(x)).collect();
        assert_eq!(reaches, [2, 2, 3, 3, 3]);
        let mut learn = Learn::new(5);
        learn.record(&mut state, None);
        let quiet = choose(&rows, &state, &probes, &learn);
        assert!(matches!(quiet, Some(2..=4)), "{quiet:?}");
        learn.bump(0);
        learn.bump(1);
        let active = choose(&rows, &state, &probes, &learn);
        assert!(matches!(active, Some(0 | 1)), "{active:?}");
    }
}
