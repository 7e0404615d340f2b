//! One check of a puzzle, the same for the command line's `check` and the page's Check.

use super::analyze::{self, AnalyzeError, AnalyzeOptions, Certificate, Effort};
use super::formulation::Formulation;
use super::generate::Progress;
use super::grid::{Grid, Pos};
use super::search::{Cancel, Flow};
use serde::{Deserialize, Serialize};

/// What a check established about a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CheckOutcome {
    NoSolution,
    /// At least two solutions: the first two found.
    Multiple {
        first: Grid,
        second: Grid,
    },
    /// One solution; `redundant` are the clues whose removal keeps it unique. `guesses` is
    /// the measured difficulty: the guesses propagation made to find the solution and prove
    /// it unique (0: its rules alone solve it).
    Unique {
        solution: Grid,
        clues: usize,
        redundant: Vec<Pos>,
        guesses: u64,
    },
}

/// How a check decides, and which formulations' effort it measures besides.
#[derive(Clone, Debug, Default)]
pub struct ExamineOptions {
    /// Decides uniqueness and which clues could go.
    pub formulation: Formulation,
    /// Formulations whose effort on the solution count (up to two) is measured, for any
    /// puzzle; empty measures none.
    pub profile: Vec<Formulation>,
    /// Stops the check inside a question too (the first, uniqueness, may be the longest),
    /// where [`Flow::Stop`] from progress stops it between questions.
    pub cancel: Option<Cancel>,
}

/// A check's outcome and the effort of each profiled formulation.
#[derive(Clone, Debug, PartialEq)]
pub struct Examination {
    pub outcome: CheckOutcome,
    /// In the order of [`ExamineOptions::profile`].
    pub effort: Vec<Effort>,
}

/// Uniqueness; for a unique puzzle, which clues are redundant and how many guesses
/// propagation needs; then each profiled formulation's effort. `progress` hears each clue
/// and each profiled formulation; [`Flow::Stop`] ends the check with
/// [`AnalyzeError::Cancelled`].
pub fn examine(
    puzzle: &Grid,
    options: &ExamineOptions,
    progress: &mut dyn FnMut(&Progress) -> Flow,
) -> Result<Examination, AnalyzeError> {
    let analyze_options = AnalyzeOptions {
        formulation: options.formulation,
        profile: options.profile.clone(),
        cancel: options.cancel.clone(),
    };
    // Said before the first question, which from 25x25 up may take a while on its own.
    if progress(&analyze::deciding(false)) == Flow::Stop {
        return Err(AnalyzeError::Cancelled);
    }
    let cancel = options.cancel.as_ref();
    let (certificate, stats) = analyze::uniqueness_measured(puzzle, options.formulation, cancel)?;
    // The propagation search's question measured the difficulty too.
    let measured = (options.formulation == Formulation::Propagation).then(|| stats.clone());
    let outcome = match certificate {
        Certificate::NoSolution => CheckOutcome::NoSolution,
        Certificate::Multiple { first, second } => CheckOutcome::Multiple { first, second },
        Certificate::Unique { solution } => {
            let roles = analyze::irreducibility(puzzle, &analyze_options, progress)?;
            // The same run measures the guesses and the profile.
            let known = measured.map(|stats| (true, stats));
            let difficulty = analyze::difficulty_after(puzzle, &analyze_options, progress, known)?;
            return Ok(Examination {
                outcome: CheckOutcome::Unique {
                    solution,
                    clues: puzzle.given_count(),
                    redundant: roles.redundant(),
                    guesses: difficulty.guesses,
                },
                effort: difficulty.effort,
            });
        }
    };
    let effort = if options.profile.is_empty() {
        Vec::new()
    } else {
        let solved = !matches!(outcome, CheckOutcome::NoSolution);
        let known = measured.map(|stats| (solved, stats));
        analyze::difficulty_after(puzzle, &analyze_options, progress, known)?.effort
    };
    Ok(Examination { outcome, effort })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::parse_line;
    use crate::engine::generate::no_progress;

    /// A known minimal 17-clue puzzle (Royle's collection).
    const MINIMAL_17: &str =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

    fn examined(line: &str, profile: Vec<Formulation>) -> Examination {
        let puzzle = parse_line(line).expect("valid line");
        let options = ExamineOptions {
            formulation: Formulation::Propagation,
            profile,
            ..ExamineOptions::default()
        };
        examine(&puzzle, &options, &mut no_progress).expect("decided")
    }

    #[test]
    fn a_profile_measures_every_puzzle_and_no_profile_measures_none() {
        let several = ".".repeat(16);
        for line in [MINIMAL_17, several.as_str()] {
            assert_eq!(examined(line, Vec::new()).effort, Vec::new(), "{line}");
            let profiled = examined(line, Formulation::ALL.to_vec());
            let order: Vec<Formulation> = profiled.effort.iter().map(|e| e.formulation).collect();
            assert_eq!(order, Formulation::ALL, "{line}");
            assert!(profiled.effort.iter().all(|e| e.stats.is_ok()), "{line}");
        }
        let unique = examined(MINIMAL_17, vec![Formulation::Propagation]);
        let CheckOutcome::Unique { guesses, .. } = unique.outcome else {
            panic!("unique");
        };
        let stats = unique.effort[0].stats.as_ref().expect("measured");
        assert_eq!(stats.guesses, Some(guesses));
        assert!(matches!(
            examined(&several, Vec::new()).outcome,
            CheckOutcome::Multiple { .. }
        ));
    }

    /// The uniqueness question's search is the difficulty's measure: not run again, the
    /// check reports what a search of its own measures, for puzzles with one, several and no
    /// solutions.
    #[test]
    fn the_difficulty_reuses_the_uniqueness_search_and_measures_the_same() {
        let several = ".".repeat(16);
        let none = format!("11{}", ".".repeat(79));
        let clashing = format!("12345678.........9{}", ".".repeat(63));
        for line in [
            MINIMAL_17,
            several.as_str(),
            none.as_str(),
            clashing.as_str(),
        ] {
            let Ok(puzzle) = parse_line(line) else {
                continue;
            };
            let options = AnalyzeOptions {
                formulation: Formulation::Propagation,
                profile: Formulation::ALL.to_vec(),
                cancel: None,
            };
            let alone = analyze::difficulty(&puzzle, &options, &mut no_progress).expect("measured");
            let examined = examined(line, Formulation::ALL.to_vec());
            let nodes = |e: &[Effort]| -> Vec<Option<u64>> {
                e.iter()
                    .map(|e| e.stats.as_ref().ok().and_then(|s| s.nodes))
                    .collect()
            };
            assert_eq!(nodes(&examined.effort), nodes(&alone.effort), "{line}");
            if let CheckOutcome::Unique { guesses, .. } = examined.outcome {
                assert_eq!(guesses, alone.guesses, "{line}");
            }
            let whole = analyze::analyze(&puzzle, &options, &mut no_progress).expect("analysed");
            assert_eq!(whole.difficulty.guesses, alone.guesses, "{line}");
            assert_eq!(whole.difficulty.no_guess, alone.no_guess, "{line}");
            assert_eq!(
                nodes(&whole.difficulty.effort),
                nodes(&alone.effort),
                "{line}"
            );
        }
    }

    #[test]
    fn a_stop_from_progress_cancels_the_check() {
        let puzzle = parse_line(MINIMAL_17).expect("valid line");
        let stopped = examine(&puzzle, &ExamineOptions::default(), &mut |_: &Progress| {
            Flow::Stop
        });
        assert_eq!(stopped, Err(AnalyzeError::Cancelled));
        // A raised flag stops it inside a question, where progress is not asked.
        let options = ExamineOptions {
            cancel: Some(Cancel::new()),
            ..ExamineOptions::default()
        };
        options.cancel.iter().for_each(Cancel::cancel);
        assert_eq!(
            examine(&puzzle, &options, &mut no_progress),
            Err(AnalyzeError::Cancelled)
        );
    }
}
