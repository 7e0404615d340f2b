//! How the commands that answer a whole puzzle split its search over the cores: cubes on
//! 25x25, a race of two searches from 36x36 on, one search below. The command line's `solve`
//! and `count` and the logic commands' uniqueness question all go this way.

use crate::engine::analyze::{self, Certificate};
use crate::engine::formulation::cubes::{self, Split as CubeSplit};
use crate::engine::formulation::sat::race::{self, Rival};
use crate::engine::formulation::{SolveError, SolveReport};
use crate::engine::logic;
use crate::engine::search::{Halt, Limits, portfolio};
use crate::engine::{Formulation, Grid, SolveOptions, solve as solve_grid};

/// Threads of the race of the cycling search and a rival (`race::solve`) for the default
/// formulation from 36x36 on, where it measured better than one search (BENCHMARKS.md,
/// "Peak-hard grids"; on 25x25 it did not), and the other rival on a third core; `None` (one
/// search) elsewhere or on one core.
pub fn race_threads(formulation: Formulation, puzzle: &Grid) -> Option<usize> {
    let large = formulation == Formulation::Propagation && puzzle.size().box_size() >= 6;
    Some(portfolio::threads(3)).filter(|&t| large && t > 1)
}

/// The box size whose propagation and SAT searches are split into cubes over the cores, and
/// into how many (BENCHMARKS.md, "Peak-hard grids": "Cube-and-conquer on every core"): where
/// it was measured. The default formulation keeps its race from 36x36 on, and SAT its one
/// search there.
const CUBES_BOX: usize = 5;
const CUBES: usize = 32;

/// The most solutions wanted for which CDCL conquers the default formulation's cubes: on the
/// sparse 25x25 puzzles its cubes proved uniqueness in less CPU time than the propagation
/// search's. CDCL makes one solver call per solution, so longer counts keep the propagation
/// search (not measured).
const CDCL_CUBES_UP_TO: u64 = 3;

/// How the propagation or SAT search is split for `puzzle` when `want` solutions are wanted
/// (`None`: all), and which formulation conquers the cubes; `None` (one search, or the race)
/// for the other formulations, small grids, or the default formulation from 36x36. One core
/// splits too: the look-ahead cubes take less CPU time than one search.
pub fn cube_split(
    formulation: Formulation,
    puzzle: &Grid,
    want: Option<u64>,
) -> Option<(CubeSplit, Formulation)> {
    let threads = portfolio::threads(usize::MAX);
    let large = puzzle.size().box_size() == CUBES_BOX;
    let conquer = match formulation {
        Formulation::Propagation if race_threads(formulation, puzzle).is_none() => {
            match want.is_some_and(|w| w <= CDCL_CUBES_UP_TO) {
                true => Formulation::Sat,
                false => Formulation::Propagation,
            }
        }
        Formulation::Sat => Formulation::Sat,
        _ => return None,
    };
    let split = CubeSplit {
        threads,
        cubes: CUBES,
        hand_off: None,
        lookahead: true,
    };
    large.then_some((split, conquer))
}

/// The propagation search's budget before the default formulation splits a 25x25 puzzle into
/// cubes: it answers most puzzles within it (easy ones, many minimal ones), where probing the
/// cubes' roots would cost several times the whole search (BENCHMARKS.md, "Cubes split by
/// look-ahead").
const FIRST_TRY_NODES: u64 = 2_000;

/// The search split into cubes as `cube` says, conquered by `conquer`; for the default
/// formulation, after the propagation search alone within [`FIRST_TRY_NODES`].
pub fn solve_cubes(
    puzzle: &Grid,
    formulation: Formulation,
    options: &SolveOptions,
    cube: &CubeSplit,
    conquer: Formulation,
) -> Result<SolveReport, SolveError> {
    if formulation == Formulation::Propagation {
        let first = SolveOptions {
            limits: Limits {
                max_nodes: Some(FIRST_TRY_NODES),
                ..options.limits.clone()
            },
            ..options.clone()
        };
        let r = solve_grid(puzzle, formulation, &first)?;
        if r.stats.halt != Some(Halt::NodeLimit) {
            return Ok(r);
        }
    }
    cubes::solve_split(puzzle, conquer, options, cube).map(|(r, _)| r)
}

/// [`logic::certify`] with its search split as above: whether `puzzle`'s givens have no
/// solution, one or several, as `count --limit 2` decides it, once the logic solver has not
/// solved `puzzle` (a proof when it does). Each solution found has passed the independent
/// checker.
pub fn certify(puzzle: &Grid) -> Result<Certificate, String> {
    if let Some(solution) = logic::logical_solution(puzzle) {
        return Ok(Certificate::Unique { solution });
    }
    let givens = puzzle.puzzle();
    let formulation = Formulation::Propagation;
    let options = SolveOptions {
        max_solutions: Some(2),
        keep: 2,
        ..SolveOptions::default()
    };
    let report = match (
        cube_split(formulation, &givens, options.max_solutions),
        race_threads(formulation, &givens),
    ) {
        (Some((cube, conquer)), _) => solve_cubes(&givens, formulation, &options, &cube, conquer),
        (None, Some(threads)) => race::solve(&givens, 2, 2, Rival::for_grid(&givens), threads),
        (None, None) => {
            return analyze::uniqueness(&givens, formulation, None).map_err(|e| e.to_string());
        }
    }
    .map_err(|e| e.to_string())?;
    let mut found = report.solutions.into_iter();
    match (found.next(), found.next()) {
        (None, _) if report.exhaustive => Ok(Certificate::NoSolution),
        (Some(solution), None) if report.exhaustive => Ok(Certificate::Unique { solution }),
        (Some(first), Some(second)) => Ok(Certificate::Multiple { first, second }),
        _ => Err("the search stopped before it decided".into()),
    }
}
