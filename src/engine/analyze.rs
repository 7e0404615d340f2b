//! Puzzle analysis with certificates: uniqueness, irreducibility with witnesses, measured effort.

use super::formulation::{Formulation, Query, SolveError, Stats, decide};
use super::generate::{Phase, Progress};
use super::grid::{Digit, Entry, Grid, Pos};
use super::search::{Cancel, Flow, Limits};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

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
    uniqueness_measured(puzzle, formulation, cancel).map(|(certificate, _)| certificate)
}

/// [`uniqueness`] with its search's stats: from the propagation search they are the
/// difficulty's measure too ([`difficulty_after`]), which need not search again.
pub fn uniqueness_measured(
    puzzle: &Grid,
    formulation: Formulation,
    cancel: Option<&Cancel>,
) -> Result<(Certificate, Stats), AnalyzeError> {
    let givens = puzzle.puzzle();
    let (found, stats) = solutions(formulation, &Query::new(&givens), 2, cancel)?;
    Ok((certificate(found), stats))
}

/// The certificate of up to two solutions found by a search that ran to its end.
fn certificate(mut found: Vec<Grid>) -> Certificate {
    match found.len() {
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
    }
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
/// If not, the clue is redundant. `progress` is called after each clue. From
/// [`CLUES_ON_EVERY_CORE_FROM_BOX`] up the questions are asked on every core natively; each is
/// a search of its own, so the answers are the same whatever the threads.
pub fn irreducibility(
    puzzle: &Grid,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Irreducibility, AnalyzeError> {
    let mut work = puzzle.puzzle();
    let positions = work.given_positions();
    let report = |i: usize| Progress {
        attempt: 0,
        phase: Phase::Clues,
        done: i,
        total: positions.len(),
        puzzle: None,
        slow_next: false,
    };
    let threads = match work.size().box_size() >= CLUES_ON_EVERY_CORE_FROM_BOX {
        true => threads(positions.len()),
        false => 1,
    };
    let roles = if threads > 1 {
        clues_on_threads(&work, &positions, options, threads, &mut |done| {
            progress(&report(done))
        })?
    } else {
        let mut roles = Vec::with_capacity(positions.len());
        for (i, &pos) in positions.iter().enumerate() {
            roles.push(clue_role(
                &mut work,
                pos,
                options.formulation,
                options.cancel.as_ref(),
            )?);
            if progress(&report(i + 1)) == Flow::Stop {
                return Err(AnalyzeError::Cancelled);
            }
        }
        roles
    };
    let clues = positions
        .iter()
        .zip(roles)
        .map(|(&pos, role)| ClueReport {
            pos,
            digit: work.digit(pos).expect("a given"),
            role,
        })
        .collect();
    Ok(Irreducibility { clues })
}

/// The box size from which the clues' questions go to every core: below it a whole check
/// takes less than starting the threads would save.
const CLUES_ON_EVERY_CORE_FROM_BOX: usize = 5;

/// Threads for `questions` questions: the cores, natively; one in the browser's worker.
fn threads(questions: usize) -> usize {
    if cfg!(target_arch = "wasm32") {
        1
    } else {
        super::search::portfolio::threads(questions)
    }
}

/// Whether the clue at `pos` of `work` (the givens) can go: `work` lacks it during the question.
fn clue_role(
    work: &mut Grid,
    pos: Pos,
    formulation: Formulation,
    cancel: Option<&Cancel>,
) -> Result<ClueRole, AnalyzeError> {
    let digit = work.digit(pos).expect("a given");
    work.set(pos, Entry::Empty);
    let forbidden = [(pos, digit)];
    let query = Query {
        grid: work,
        forbidden: &forbidden,
        hint: None,
    };
    let found = solutions(formulation, &query, 1, cancel);
    work.set(pos, Entry::Given(digit));
    Ok(match found?.0.pop() {
        Some(witness) => ClueRole::Necessary { witness },
        None => ClueRole::Redundant,
    })
}

/// The clues' roles in order, the questions asked on `threads` threads, each taking the next
/// clue; `progress` hears how many are answered.
fn clues_on_threads(
    givens: &Grid,
    positions: &[Pos],
    options: &AnalyzeOptions,
    threads: usize,
    progress: &mut dyn FnMut(usize) -> Flow,
) -> Result<Vec<ClueRole>, AnalyzeError> {
    let stop = Cancel::new();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut roles: Vec<Option<ClueRole>> = positions.iter().map(|_| None).collect();
    let mut failed = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            let mut work = givens.clone();
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= positions.len() || stop.is_cancelled() {
                        break;
                    }
                    let role = clue_role(&mut work, positions[i], options.formulation, Some(stop));
                    if tx.send((i, role)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0;
        loop {
            if options.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                stop.cancel();
                failed.get_or_insert(AnalyzeError::Cancelled);
            }
            match rx.recv_timeout(POLL) {
                Ok((i, Ok(role))) => {
                    roles[i] = Some(role);
                    done += 1;
                    if progress(done) == Flow::Stop {
                        stop.cancel();
                        failed.get_or_insert(AnalyzeError::Cancelled);
                    }
                }
                Ok((_, Err(e))) => {
                    stop.cancel();
                    failed.get_or_insert(e);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(roles
            .into_iter()
            .map(|r| r.expect("every clue answered"))
            .collect()),
    }
}

/// How often the thread that hears the answers looks at the caller's cancel flag.
const POLL: Duration = Duration::from_millis(20);

/// Measures the effort of proving the solution count (up to two) with propagation and with
/// each profiled formulation.
pub fn difficulty(
    puzzle: &Grid,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Difficulty, AnalyzeError> {
    difficulty_after(puzzle, options, progress, None)
}

/// [`difficulty`], given whether the propagation search's uniqueness question found a
/// solution and its stats ([`uniqueness_measured`]) when that was asked already: the same
/// search again would measure the same.
pub fn difficulty_after(
    puzzle: &Grid,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
    propagation: Option<(bool, Stats)>,
) -> Result<Difficulty, AnalyzeError> {
    let givens = puzzle.puzzle();
    let query = Query::new(&givens);
    let cancel = options.cancel.as_ref();
    let (solved, stats) = match propagation {
        Some(known) => known,
        None => {
            let (found, stats) = solutions(Formulation::Propagation, &query, 2, cancel)?;
            (!found.is_empty(), stats)
        }
    };
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
        no_guess: guesses == 0 && solved,
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
    let (certificate, stats) = uniqueness_measured(puzzle, options.formulation, cancel)?;
    if progress(&deciding(true)) == Flow::Stop {
        return Err(AnalyzeError::Cancelled);
    }
    let irreducibility = match certificate {
        Certificate::Unique { .. } => Some(irreducibility(puzzle, options, progress)?),
        _ => None,
    };
    // The propagation search's question measured the difficulty too.
    let solved = certificate != Certificate::NoSolution;
    let measured = (options.formulation == Formulation::Propagation).then_some((solved, stats));
    let difficulty = difficulty_after(puzzle, options, progress, measured)?;
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
    fn clues_asked_on_threads_answer_as_one_thread_and_stop_on_request() {
        let mut puzzle = grid(MINIMAL_17);
        let Certificate::Unique { solution } =
            uniqueness(&puzzle, Formulation::default(), None).expect("decided")
        else {
            panic!("unique");
        };
        for pos in [Pos::new(0, 0), Pos::new(4, 4), Pos::new(8, 8)] {
            puzzle.set(pos, Entry::Given(solution.digit(pos).expect("full")));
        }
        let options = AnalyzeOptions::default();
        let one = irreducibility(&puzzle, &options, &mut no_progress).expect("decided");
        let positions = puzzle.given_positions();
        for threads in [2, 3, 8] {
            let mut heard = Vec::new();
            let roles = clues_on_threads(&puzzle, &positions, &options, threads, &mut |done| {
                heard.push(done);
                Flow::Continue
            })
            .expect("decided");
            let want: Vec<ClueRole> = one.clues.iter().map(|c| c.role.clone()).collect();
            assert_eq!(roles, want, "{threads} threads");
            assert_eq!(heard, (1..=positions.len()).collect::<Vec<_>>());
            let stopped = clues_on_threads(&puzzle, &positions, &options, threads, &mut |done| {
                if done == 3 {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            });
            assert_eq!(stopped, Err(AnalyzeError::Cancelled));
        }
        let cancel = Cancel::new();
        cancel.cancel();
        let flagged = AnalyzeOptions {
            cancel: Some(cancel),
            ..AnalyzeOptions::default()
        };
        let answer = clues_on_threads(&puzzle, &positions, &flagged, 2, &mut |_| Flow::Continue);
        assert_eq!(answer, Err(AnalyzeError::Cancelled));
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
