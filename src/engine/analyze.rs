//! Puzzle analysis with certificates: uniqueness, irreducibility with witnesses, measured effort.

use super::formulation::{Formulation, Query, SolveError, Stats, decide};
use super::generate::{Phase, Progress};
use super::grid::{Digit, Entry, Grid, Pos};
use super::search::{Cancel, Flow, Limits};
use serde::{Deserialize, Serialize};

pub use super::error::AnalyzeError;

/// Which formulations answer, and how to stop.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AnalyzeOptions {
    /// Answers the uniqueness and redundancy questions.
    pub formulation: Formulation,
    /// Formulations whose effort on the uniqueness proof is measured for the difficulty
    /// profile; those that refuse the size are reported as such.
    pub profile: Vec<Formulation>,
    #[serde(skip)]
    pub cancel: Option<Cancel>,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            formulation: Formulation::default(),
            profile: Formulation::ALL.to_vec(),
            cancel: None,
        }
    }
}

/// How many solutions a puzzle has, with the grids that prove it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Certificate {
    /// The whole space was searched and holds no solution.
    NoSolution,
    /// The whole space was searched and holds only this solution.
    Unique { solution: Grid },
    /// Two different solutions.
    Multiple { first: Grid, second: Grid },
}

/// Whether one clue can go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClueRole {
    /// Without it every solution still has this digit here: the clue adds nothing.
    Redundant,
    /// Without it the puzzle has this solution too, which puts another digit here.
    Necessary { witness: Grid },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClueReport {
    pub pos: Pos,
    pub digit: Digit,
    pub role: ClueRole,
}

/// The role of every clue; a unique puzzle with no redundant clue is minimal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Irreducibility {
    pub clues: Vec<ClueReport>,
}

impl Irreducibility {
    /// Positions of the redundant clues, row-major.
    pub fn redundant(&self) -> Vec<Pos> {
        self.clues
            .iter()
            .filter(|c| c.role == ClueRole::Redundant)
            .map(|c| c.pos)
            .collect()
    }

    pub fn is_irreducible(&self) -> bool {
        self.clues.iter().all(|c| c.role != ClueRole::Redundant)
    }
}

/// Effort of one formulation proving the puzzle's solution count (up to two).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    pub formulation: Formulation,
    pub stats: Result<Stats, SolveError>,
}

/// Measured difficulty: solver effort, not a rating guessed from techniques.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difficulty {
    /// Propagation alone solves it (singles, locked candidates, on 9x9 the band and stack
    /// matchings, from 25x25 on the all-different matching): the search never guessed.
    pub no_guess: bool,
    /// Propagation search nodes to find the solution and prove there is no other.
    pub nodes: u64,
    /// Propagation branch points (guesses) in that search.
    pub guesses: u64,
    /// Effort of each profiled formulation on the same question, in the units it reports
    /// (nodes, solver calls, LP iterations).
    pub effort: Vec<Effort>,
}

/// Everything the analysis established.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    pub certificate: Certificate,
    /// For unique puzzles only (a clue's role is about keeping the one solution).
    pub irreducibility: Option<Irreducibility>,
    pub difficulty: Difficulty,
}

/// Up to `keep` solutions of a query, the run's stats, and whether the space was exhausted.
fn solutions(
    formulation: Formulation,
    query: &Query,
    keep: usize,
    cancel: Option<&Cancel>,
) -> Result<(Vec<Grid>, Stats), AnalyzeError> {
    let mut found = Vec::new();
    let mut seen = |values: &[u8]| found.push(query.grid.with_solution(values));
    let limits = Limits {
        max_nodes: None,
        cancel: cancel.cloned(),
    };
    let (_, stats) = decide(formulation, query, keep as u64, &limits, &mut seen)?;
    Ok((found, stats))
}

/// Solution count of `puzzle` (its givens) up to two, with the solutions as proof.
pub fn uniqueness(
    puzzle: &Grid,
    formulation: Formulation,
    cancel: Option<&Cancel>,
) -> Result<Certificate, AnalyzeError> {
    let givens = puzzle.puzzle();
    let (mut found, _) = solutions(formulation, &Query::new(&givens), 2, cancel)?;
    Ok(match found.len() {
        0 => Certificate::NoSolution,
        1 => Certificate::Unique {
            solution: found.remove(0),
        },
        _ => {
            let second = found.remove(1);
            Certificate::Multiple {
                first: found.remove(0),
                second,
            }
        }
    })
}

/// The report of the uniqueness question, before it is asked (it may take long) or once
/// `decided`.
pub(crate) fn deciding(decided: bool) -> Progress<'static> {
    Progress {
        attempt: 0,
        phase: Phase::Uniqueness,
        done: usize::from(decided),
        total: 1,
        puzzle: None,
        slow_next: !decided,
    }
}

/// For each clue: is there a solution of the puzzle without it that puts another digit there?
/// If not, the clue is redundant. `progress` is called after each clue.
pub fn irreducibility(
    puzzle: &Grid,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Irreducibility, AnalyzeError> {
    let mut work = puzzle.puzzle();
    let positions = work.given_positions();
    let mut clues = Vec::with_capacity(positions.len());
    for (i, &pos) in positions.iter().enumerate() {
        let digit = work.digit(pos).expect("a given");
        work.set(pos, Entry::Empty);
        let forbidden = [(pos, digit)];
        let query = Query {
            grid: &work,
            forbidden: &forbidden,
            hint: None,
        };
        let (mut found, _) = solutions(options.formulation, &query, 1, options.cancel.as_ref())?;
        work.set(pos, Entry::Given(digit));
        let role = match found.pop() {
            Some(witness) => ClueRole::Necessary { witness },
            None => ClueRole::Redundant,
        };
        clues.push(ClueReport { pos, digit, role });
        let p = Progress {
            attempt: 0,
            phase: Phase::Clues,
            done: i + 1,
            total: positions.len(),
            puzzle: None,
            slow_next: false,
        };
        if progress(&p) == Flow::Stop {
            return Err(AnalyzeError::Cancelled);
        }
    }
    Ok(Irreducibility { clues })
}

/// Measures the effort of proving the solution count (up to two) with propagation and with
/// each profiled formulation.
pub fn difficulty(
    puzzle: &Grid,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Difficulty, AnalyzeError> {
    let givens = puzzle.puzzle();
    let query = Query::new(&givens);
    let cancel = options.cancel.as_ref();
    let (found, stats) = solutions(Formulation::Propagation, &query, 2, cancel)?;
    let guesses = stats.guesses.unwrap_or(0);
    let mut effort = Vec::with_capacity(options.profile.len());
    for (i, &f) in options.profile.iter().enumerate() {
        let stats = if f == Formulation::Propagation {
            Ok(stats.clone())
        } else {
            match solutions(f, &query, 2, cancel) {
                Ok((_, s)) => Ok(s),
                Err(AnalyzeError::Solver(e)) => Err(e),
                Err(AnalyzeError::Cancelled) => return Err(AnalyzeError::Cancelled),
            }
        };
        effort.push(Effort {
            formulation: f,
            stats,
        });
        let p = Progress {
            attempt: 0,
            phase: Phase::Difficulty,
            done: i + 1,
            total: options.profile.len(),
            puzzle: None,
            slow_next: false,
        };
        if progress(&p) == Flow::Stop {
            return Err(AnalyzeError::Cancelled);
        }
    }
    Ok(Difficulty {
        no_guess: guesses == 0 && !found.is_empty(),
        nodes: stats.nodes.unwrap_or(0),
        guesses,
        effort,
    })
}

/// Uniqueness certificate, clue roles (for unique puzzles) and difficulty profile.
pub fn analyze(
    puzzle: &Grid,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Analysis, AnalyzeError> {
    let cancel = options.cancel.as_ref();
    let certificate = uniqueness(puzzle, options.formulation, cancel)?;
    if progress(&deciding(true)) == Flow::Stop {
        return Err(AnalyzeError::Cancelled);
    }
    let irreducibility = match certificate {
        Certificate::Unique { .. } => Some(irreducibility(puzzle, options, progress)?),
        _ => None,
    };
    let difficulty = difficulty(puzzle, options, progress)?;
    Ok(Analysis {
        certificate,
        irreducibility,
        difficulty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::check_solution;
    use crate::engine::format::parse_line;
    use crate::engine::generate::no_progress;

    /// A known minimal 17-clue puzzle (Royle's collection).
    const MINIMAL_17: &str =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

    fn grid(line: &str) -> Grid {
        parse_line(line).expect("valid line")
    }

    fn kind(c: &Certificate) -> &'static str {
        match c {
            Certificate::NoSolution => "none",
            Certificate::Unique { .. } => "unique",
            Certificate::Multiple { .. } => "multiple",
        }
    }

    #[test]
    fn certificates_match_known_counts_and_their_grids_check() {
        // The minimal puzzle without its first clue must have several solutions.
        let without_first = MINIMAL_17.replacen('1', "0", 1);
        // Row one needs a 9 in column nine, which already holds one.
        let blocked = format!("12345678.........9{}", ".".repeat(63));
        let cases = [
            (MINIMAL_17, "unique"),
            (without_first.as_str(), "multiple"),
            (blocked.as_str(), "none"),
            (&".".repeat(16)[..], "multiple"),
        ];
        for (line, expected) in cases {
            let puzzle = grid(line);
            for f in Formulation::ALL {
                let c = uniqueness(&puzzle, f, None).expect("decided");
                assert_eq!(kind(&c), expected, "{line} with {f}");
                match &c {
                    Certificate::Unique { solution } => {
                        check_solution(&puzzle, solution).expect("valid")
                    }
                    Certificate::Multiple { first, second } => {
                        check_solution(&puzzle, first).expect("valid");
                        check_solution(&puzzle, second).expect("valid");
                        assert_ne!(first.values(), second.values());
                    }
                    Certificate::NoSolution => {}
                }
            }
        }
    }

    #[test]
    fn analysis_stops_on_request() {
        let puzzle = grid(MINIMAL_17);
        let mut calls = 0;
        let stopped = analyze(&puzzle, &AnalyzeOptions::default(), &mut |p: &Progress| {
            calls += 1;
            if p.phase == Phase::Clues && p.done == 3 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        assert_eq!(stopped, Err(AnalyzeError::Cancelled));
        assert_eq!(calls, 4, "uniqueness report, then three clues");
        let cancel = Cancel::new();
        cancel.cancel();
        let options = AnalyzeOptions {
            cancel: Some(cancel),
            ..AnalyzeOptions::default()
        };
        let flagged = analyze(&puzzle, &options, &mut no_progress);
        assert_eq!(flagged, Err(AnalyzeError::Cancelled));
    }

    #[test]
    fn an_added_clue_is_found_redundant() {
        let puzzle = grid(MINIMAL_17);
        let Certificate::Unique { solution } =
            uniqueness(&puzzle, Formulation::default(), None).expect("decided")
        else {
            panic!("unique");
        };
        let extra = Pos::new(0, 0);
        assert_eq!(puzzle.digit(extra), None);
        let mut padded = puzzle.clone();
        padded.set(extra, Entry::Given(solution.digit(extra).expect("full")));
        let irr =
            irreducibility(&padded, &AnalyzeOptions::default(), &mut no_progress).expect("decided");
        assert_eq!(irr.redundant(), vec![extra]);
        assert!(!irr.is_irreducible());
    }

    #[test]
    fn a_known_minimal_puzzle_is_irreducible_with_checked_witnesses() {
        let puzzle = grid(MINIMAL_17);
        let a = analyze(&puzzle, &AnalyzeOptions::default(), &mut no_progress).expect("analysis");
        let Certificate::Unique { solution } = &a.certificate else {
            panic!("17-clue puzzle is unique");
        };
        check_solution(&puzzle, solution).expect("solution checks");
        let irr = a.irreducibility.expect("unique puzzles get clue roles");
        assert_eq!(irr.clues.len(), 17);
        assert!(irr.is_irreducible());
        for c in &irr.clues {
            let ClueRole::Necessary { witness } = &c.role else {
                unreachable!()
            };
            let mut without = puzzle.clone();
            without.set(c.pos, Entry::Empty);
            check_solution(&without, witness).expect("witness solves the reduced puzzle");
            assert_ne!(witness.digit(c.pos), Some(c.digit));
        }
    }
}
