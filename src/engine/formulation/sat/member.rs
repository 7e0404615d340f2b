//! One member of the race (propagation against CDCL or the look-ahead search) run alone, for
//! callers that run the members apart (the page's workers, one member each, since wasm has no
//! threads here).

use super::race::{self, Rival, Strength};
use crate::engine::check::check_values;
use crate::engine::formulation::{Formulation, Query, SolveError, SolveReport, Stats};
use crate::engine::grid::Grid;
use crate::engine::search::portfolio::{self, PortfolioAnswer};
use crate::engine::search::{Halt, Limits, Order, Start};

/// Member `k` of [`race::race`] alone, with the answer it gives there when it wins: 0 is the
/// propagation search (from 36x36 the cycling one), [`race::SAT_MEMBER`] the `rival` (CDCL
/// with `strength`, or the look-ahead search), [`race::OTHER_MEMBER`] the other rival, and
/// each further `k` the restarting propagation search the race runs on its `k`-th thread. Every member is complete, so the count and
/// `Exhausted` are proofs whichever runs.
pub fn member(
    query: &Query,
    strength: Strength,
    rival: Rival,
    limits: &Limits,
    stop_at: usize,
    k: usize,
) -> PortfolioAnswer {
    if k == 0 {
        return race::race(query, strength, rival, limits, stop_at, 1);
    }
    let runs = rival.of_member(k);
    if runs == Some(Rival::Cdcl) {
        let cancel = limits.cancel.clone().unwrap_or_default();
        let (solutions, halt) = race::solutions(query, strength, stop_at, &cancel);
        return PortfolioAnswer {
            solutions,
            stats: Default::default(),
            halt,
            member: k,
        };
    }
    let mut start = Start::from_grid(query.grid);
    for &(p, d) in query.forbidden {
        start.forbid(p, d);
    }
    if runs == Some(Rival::Lookahead) {
        let searcher = portfolio::lookahead_searcher(&start, &Order::Natural, limits.clone());
        return portfolio::run_member(searcher, stop_at, k);
    }
    // The race seeds its restarting members two below their index.
    let searcher = portfolio::member_searcher(&start, &Order::Natural, limits.clone(), k - 2);
    portfolio::run_member(searcher, stop_at, k)
}

/// [`member`] `k` on a puzzle's givens, with the rival its size gets ([`Rival::for_grid`]), as
/// a [`SolveReport`], each solution checked: up to `max_solutions`, the first `keep` kept as
/// grids. The report names the member's formulation.
pub fn solve_member(
    puzzle: &Grid,
    max_solutions: u64,
    keep: usize,
    k: usize,
) -> Result<SolveReport, SolveError> {
    let givens = puzzle.puzzle();
    let query = Query::new(&givens);
    query.validate()?;
    let stop_at = usize::try_from(max_solutions).unwrap_or(usize::MAX);
    let rival = Rival::for_grid(puzzle);
    let answer = member(
        &query,
        Strength::default(),
        rival,
        &Limits::default(),
        stop_at,
        k,
    );
    report(&givens, &answer, formulation_of(k, rival), keep)
}

/// A race's (or one member's) answer on `givens` as a [`SolveReport`] of `formulation`, each
/// solution checked, the first `keep` kept as grids.
pub fn report(
    givens: &Grid,
    answer: &PortfolioAnswer,
    formulation: Formulation,
    keep: usize,
) -> Result<SolveReport, SolveError> {
    for values in &answer.solutions {
        check_values(givens, &[], values)
            .map_err(|error| SolveError::InvalidSolution { formulation, error })?;
    }
    Ok(SolveReport {
        formulation,
        count: answer.solutions.len() as u64,
        exhaustive: answer.halt == Halt::Exhausted,
        solutions: (answer.solutions.iter().take(keep))
            .map(|v| givens.with_solution(v))
            .collect(),
        // A CDCL member counts no search nodes: none is said rather than a false 0.
        stats: match formulation {
            Formulation::Sat => Stats {
                halt: Some(answer.halt),
                ..Stats::default()
            },
            _ => Stats {
                nodes: Some(answer.stats.nodes),
                guesses: Some(answer.stats.guesses),
                halt: Some(answer.halt),
                ..Stats::default()
            },
        },
    })
}

/// The formulation member `k` uses against `rival`.
pub fn formulation_of(k: usize, rival: Rival) -> Formulation {
    if rival.of_member(k) == Some(Rival::Cdcl) {
        Formulation::Sat
    } else {
        Formulation::Propagation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::parse_line;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn every_member_gives_the_race_answer() {
        let grid = parse_line(PUZZLE).unwrap();
        let raced = race::solve(&grid, 2, 2, Rival::Cdcl, 1).unwrap();
        for k in 0..4 {
            let alone = solve_member(&grid, 2, 2, k).unwrap();
            assert_eq!(alone.count, raced.count, "member {k}");
            assert_eq!(alone.exhaustive, raced.exhaustive, "member {k}");
            assert_eq!(alone.solutions, raced.solutions, "member {k}");
            assert_eq!(alone.formulation, formulation_of(k, Rival::Cdcl));
        }
    }

    #[test]
    fn the_third_member_runs_the_rival_the_size_did_not_get() {
        use race::{OTHER_MEMBER, SAT_MEMBER};
        assert_eq!(formulation_of(SAT_MEMBER, Rival::Cdcl), Formulation::Sat);
        assert_eq!(
            formulation_of(OTHER_MEMBER, Rival::Cdcl),
            Formulation::Propagation
        );
        assert_eq!(
            formulation_of(SAT_MEMBER, Rival::Lookahead),
            Formulation::Propagation
        );
        assert_eq!(
            formulation_of(OTHER_MEMBER, Rival::Lookahead),
            Formulation::Sat
        );
        assert_eq!(
            formulation_of(3, Rival::Lookahead),
            Formulation::Propagation
        );
    }

    #[test]
    fn a_member_proves_no_solution_and_counts() {
        // Two 5s in the first row: no solution, whichever member looks.
        let clash = format!("55{}", &PUZZLE[2..]);
        let grid = parse_line(&clash).unwrap();
        for k in 0..3 {
            let report = solve_member(&grid, 2, 2, k).unwrap();
            assert_eq!((report.count, report.exhaustive), (0, true), "member {k}");
        }
        let open = parse_line(&".".repeat(81)).unwrap();
        for k in 0..3 {
            let report = solve_member(&open, 5, 1, k).unwrap();
            assert_eq!((report.count, report.exhaustive), (5, false), "member {k}");
            assert_eq!(report.solutions.len(), 1);
        }
    }
}
