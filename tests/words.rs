//! What the app and the command line say: numbers, times, progress, and every kind of message.

use sudoku_lab::app::protocol::{ModelFormat, Phase, Symmetry};
use sudoku_lab::app::state::COUNT_LIMIT;
use sudoku_lab::engine::format::{Format, ParseError};
use sudoku_lab::engine::grid::UnitKind;
use sudoku_lab::engine::{Conflict, Digit, Formulation, Pos, Size, Stats};
use sudoku_lab::words::{
    CheckAnswer, Checked, Clipboard, EngineFault, Failure, ImportError, ImportSource, Imported,
    JobKind, Message, Skipped, Slow, SolveAnswer, Solved, Stepper, Unread, Yours, format_millis,
    progress_text, quantity,
};

#[test]
fn progress_says_what_it_counts() {
    assert_eq!(
        progress_text(Phase::Removing, 412, 625),
        "Trying clues: 412 of 625 cells"
    );
    assert_eq!(
        progress_text(Phase::Clues, 5, 24),
        "Testing clues: 5 of 24 clues"
    );
    assert_eq!(
        progress_text(Phase::Solutions, 1, COUNT_LIMIT + 1),
        "Counting: 1 solution so far (stops at 10,000)"
    );
    assert_eq!(
        progress_text(Phase::Formulations, 2, 4),
        "Comparing: 2 of 4 formulations answered"
    );
    assert!(!Phase::Solutions.has_end() && Phase::Clues.has_end());
}

#[test]
fn counts_read_as_words() {
    let cases = [
        (1, "guesses", "1 guess"),
        (2, "guesses", "2 guesses"),
        (1, "nodes", "1 node"),
        (0, "nodes", "0 nodes"),
        (1, "LP iterations", "1 LP iteration"),
        (1, "givens", "1 given"),
        (15625, "variables", "15,625 variables"),
        (752500, "clauses", "752,500 clauses"),
        (1_000_000, "nodes", "1,000,000 nodes"),
    ];
    for (n, plural, expected) in cases {
        assert_eq!(quantity(n, plural), expected);
    }
}

#[test]
fn times_read_naturally() {
    let cases = [
        (0.04, "< 0.1 ms"),
        (0.4, "0.4 ms"),
        (41.26, "41.3 ms"),
        (1234.0, "1.23 s"),
    ];
    for (ms, text) in cases {
        assert_eq!(format_millis(ms), text);
    }
}

fn size(n: usize) -> Size {
    Size::new(n).expect("size")
}

/// Two 5s in the first row, as the board reports it.
fn clash() -> Conflict {
    Conflict {
        digit: Digit::new(5, 9).expect("digit"),
        unit: UnitKind::Row,
        first: Pos::new(0, 0),
        second: Pos::new(0, 1),
    }
}

fn solved(answer: SolveAnswer, stats: Stats) -> Solved {
    Solved {
        answer,
        formulation: Formulation::Propagation,
        raced_by: None,
        millis: 0.4,
        stats,
        kept: None,
        replaced: 0,
        cleared: false,
    }
}

fn checked(answer: CheckAnswer, yours: Option<Yours>) -> Message {
    Message::Checked(Box::new(Checked {
        answer,
        formulation: Formulation::Sat,
        millis: 2.0,
        yours,
        rating: None,
    }))
}

/// Messages about editing and the board, with the words the page has always shown for them.
#[test]
fn editing_messages_read_as_before() {
    let cases = [
        (
            Message::Welcome,
            "Enter clues, import a puzzle or generate one.",
        ),
        (
            Message::Restored {
                size: Size::NINE,
                givens: 17,
                played: 2,
                said: None,
            },
            "Restored the 9x9 grid from your last visit (17 clues, 2 digits filled in).",
        ),
        (
            Message::Restored {
                size: Size::NINE,
                givens: 30,
                played: 0,
                said: Some("Easy puzzle, 30 clues, seed 42.".into()),
            },
            "Restored. Easy puzzle, 30 clues, seed 42.",
        ),
        (
            Message::Restored {
                size: size(2),
                givens: 1,
                played: 0,
                said: None,
            },
            "Restored the 4x4 grid from your last visit (1 clue).",
        ),
        (
            Message::GivenLocked { at: Pos::new(2, 6) },
            "Row 3, column 7 holds a clue; choose Enter clues to change it.",
        ),
        (
            Message::Conflict {
                conflict: clash(),
                side: 9,
            },
            "Conflict: digit 5 appears twice in a row: r1c1 and r1c2.",
        ),
        (
            Message::Conflict {
                conflict: Conflict {
                    digit: Digit::new(12, 16).unwrap(),
                    ..clash()
                },
                side: 16,
            },
            "Conflict: digit C appears twice in a row: r1c1 and r1c2.",
        ),
        (
            Message::Cleared {
                wiped: Some(Size::NINE),
            },
            "Cleared. Undo brings the 9x9 board back.",
        ),
        (
            Message::NewGrid {
                size: size(5),
                wiped: None,
            },
            "New empty 25x25 grid.",
        ),
        (
            Message::NotADigit {
                key: "H".into(),
                size: size(4),
                restored: false,
            },
            "'H' is not a digit of a 16x16 grid (1 to 9, then A to G).",
        ),
        (
            Message::NotADigit {
                key: "42".into(),
                size: size(6),
                restored: true,
            },
            "'42' is not a digit of a 36x36 grid (numbers 1 to 36, two keys for two digits). \
             The cell holds what it did before.",
        ),
        (
            Message::Locked {
                job: JobKind::Count,
            },
            "Counting solutions... The board is locked until it finishes; Cancel stops it.",
        ),
        (
            Message::ImportWaits {
                job: JobKind::Check,
                instead: true,
            },
            "Checking... The import waits until it finishes (in place of the one that was \
             waiting); Cancel stops it.",
        ),
        (
            Message::SwitchedToPlay,
            "Playing: the clues are locked; digits typed now are yours.",
        ),
    ];
    for (message, words) in cases {
        assert_eq!(message.to_string(), words, "{message:?}");
    }
}

#[test]
fn file_and_generation_messages_read_as_before() {
    let imported = |source, conflict| {
        Message::Imported(Box::new(Imported {
            file: None,
            source,
            size: Size::NINE,
            givens: 17,
            format: Format::Line,
            puzzles: 15,
            from_line: None,
            empty: false,
            skipped: Some(Skipped {
                line: 1,
                text: "Grid 01".into(),
                words: true,
                error: ParseError::NotASquareOfSquare { cells: 6 },
            }),
            zeros: false,
            conflict,
        }))
    };
    let cases = [
        (
            imported(ImportSource::Text, None),
            "Imported a 9x9 puzzle with 17 clues (line format) (the first of 15 puzzles in the \
             text); playing, the clues are locked. Skipped line 1, \"Grid 01\": a title or a \
             note, not a puzzle.",
        ),
        (
            imported(ImportSource::Link, Some(clash())),
            "Opened the shared 9x9 puzzle with 17 clues (line format) (the first of 15 \
             puzzles in the text); playing, the clues are locked. Skipped line 1, \"Grid 01\": a \
             title or a note, not a puzzle. Conflict: digit 5 appears twice in a row: r1c1 and \
             r1c2.",
        ),
        (
            Message::ImportFailed {
                source: ImportSource::Link,
                error: ImportError::Binary,
            },
            "The share link's puzzle could not be opened: this is not text (it holds binary \
             data); a puzzle is plain text or JSON.",
        ),
        (
            Message::ImportFailed {
                source: ImportSource::Text,
                error: ImportError::Unread(Unread::DamagedLink),
            },
            "Import failed: the share link is damaged (its puzzle is not valid URL encoding).",
        ),
        (
            Message::ImportFailed {
                source: ImportSource::Text,
                error: ImportError::NoCells {
                    size: size(0),
                    smallest: size(1),
                    largest: size(7),
                },
            },
            "Import failed: a 0x0 grid has no cells to play; the board takes 1x1 to 49x49.",
        ),
        (
            Message::GivensClash { conflict: clash() },
            "The clues clash (digit 5 appears twice in a row: r1c1 and r1c2); a file or link \
             with them could not be opened again. Fix the clash first.",
        ),
        (
            Message::Saved {
                whole_board: true,
                name: "sudoku.json",
            },
            "Saved the board as sudoku.json.",
        ),
        (
            Message::ShareLink {
                copy: Clipboard::Refused,
            },
            "Share link made: it opens this puzzle's clues. The browser did not let the page \
             copy it; copy it from the Share link box.",
        ),
        (
            Message::Exported {
                model: ModelFormat::Dimacs,
                lines: 1_234,
            },
            "Exported the model as DIMACS (1,234 lines).",
        ),
        (
            Message::NotASeed { text: "12x".into() },
            "'12x' is not a seed (a whole number from 0 to 18446744073709551615); Generate \
             waits for one.",
        ),
        (
            Message::Generated {
                size: Size::NINE,
                clues: 17,
                seed: 41,
                symmetry: Symmetry::Rotate180,
                millis: 12.0,
                next_seed: 42,
            },
            "Generated a 9x9 puzzle with 17 clues (seed 41, symmetry half turn, 12.0 ms); the \
             seed field moves on to 42 for a new one. No clue can go together with its \
             symmetric partners; Check tests them one at a time.",
        ),
        (
            Message::KeptPartial {
                clues: 695,
                suggest_check: false,
            },
            "Stopped the generation and kept its puzzle so far: one solution, 695 clues, not \
             minimal yet. Generate with the same seed starts it afresh.",
        ),
    ];
    for (message, words) in cases {
        assert_eq!(message.to_string(), words, "{message:?}");
    }
}

#[test]
fn job_messages_read_as_before() {
    let effort = Stats {
        nodes: Some(5),
        guesses: Some(1),
        variables: Some(729),
        ..Stats::default()
    };
    let count = |count, exhaustive| SolveAnswer::Counted {
        count,
        exhaustive,
        limit: 10_000,
    };
    let cases = [
        (
            Message::Started {
                job: JobKind::Count,
                slow: Some(Slow::Mip),
            },
            "Counting solutions... MIP re-solves its program once per solution (Count) or clue \
             (Check), so this can take a while; Propagation answers the same far faster.",
        ),
        (
            Message::Cancelled {
                job: JobKind::Count,
                found: Some(1_234),
            },
            "Counting solutions cancelled; it had found 1,234 solutions by then.",
        ),
        (
            Message::EngineStopped {
                job: JobKind::Solve,
                reason: EngineFault::Error("out of memory".into()),
            },
            "The engine stopped (out of memory). Solving did not finish; run it again.",
        ),
        (
            Message::EngineStopped {
                job: JobKind::Check,
                reason: EngineFault::Unexplained,
            },
            "The engine stopped (the worker failed). Checking did not finish; run it again.",
        ),
        (
            Message::JobFailed {
                job: JobKind::Export(ModelFormat::Dimacs),
                failure: Failure::ModelTooLarge {
                    model: ModelFormat::Dimacs,
                    size: Size::new(6).expect("36x36"),
                    bytes: 100 << 20,
                    limit: 64 << 20,
                },
            },
            "Exporting the model failed: the DIMACS model of a 36x36 puzzle is 100 MB, more than \
             the page hands out (64 MB); the command line writes it: sudoku-lab export --format \
             dimacs.",
        ),
        (
            Message::Compared {
                formulations: 4,
                answered: 3,
            },
            "Compared 4 formulations: 3 of them answered and agree.",
        ),
        (
            Message::Solved(Box::new(solved(SolveAnswer::Stopped, effort.clone()))),
            "Stopped before an answer (Propagation, 0.4 ms, 5 nodes, 1 guess).",
        ),
        (
            Message::Solved(Box::new(Solved {
                kept: Some(100),
                ..solved(count(288, true), Stats::default())
            })),
            "288 solutions (Propagation, 0.4 ms). The first 100 are kept to step through.",
        ),
        (
            Message::Solved(Box::new(solved(count(10_001, false), Stats::default()))),
            "More than 10,000 solutions; counting stops there (Propagation, 0.4 ms).",
        ),
        (
            Message::Solved(Box::new(solved(count(3, false), Stats::default()))),
            "At least 3 solutions; counting stopped there (Propagation, 0.4 ms).",
        ),
        (
            // A race the default formulation runs, won by its CDCL member.
            Message::Solved(Box::new(Solved {
                formulation: Formulation::Sat,
                raced_by: Some(Formulation::Propagation),
                ..solved(SolveAnswer::Unique, Stats::default())
            })),
            "Unique solution (SAT, first in the race Propagation runs at this size, 0.4 ms).",
        ),
        (
            Message::Solved(Box::new(Solved {
                replaced: 1,
                ..solved(SolveAnswer::Unique, Stats::default())
            })),
            "Unique solution (Propagation, 0.4 ms). It replaced 1 digit of yours; Undo brings \
             it back.",
        ),
        (
            Message::Solved(Box::new(Solved {
                cleared: true,
                ..solved(
                    SolveAnswer::NoSolution {
                        clash: Some(clash()),
                    },
                    Stats::default(),
                )
            })),
            "No solution (Propagation, 0.4 ms): the clues clash, digit 5 appears twice in a \
             row: r1c1 and r1c2. The solver's digits from before the clues changed are off \
             the board; Undo brings them back.",
        ),
    ];
    for (message, words) in cases {
        assert_eq!(message.to_string(), words, "{message:?}");
    }
}

#[test]
fn check_messages_read_as_before() {
    let wrong: Vec<Pos> = (0..12).map(|c| Pos::new(c / 9, c % 9)).collect();
    let cases = [
        (
            checked(CheckAnswer::NotUnique, Some(Yours::NotChecked)),
            "Not unique: at least 2 solutions (SAT, 2.0 ms). Count solutions shows them. Your \
             digits were not checked: that needs a single solution.",
        ),
        (
            checked(
                CheckAnswer::Minimal {
                    clues: 0,
                    guesses: 0,
                },
                None,
            ),
            "Minimal: unique with no clues at all (SAT, 2.0 ms).",
        ),
        (
            checked(
                CheckAnswer::Minimal {
                    clues: 1,
                    guesses: 0,
                },
                Some(Yours::Checked {
                    played: 1,
                    wrong: vec![],
                }),
            ),
            "Minimal: one solution, and the one clue is necessary (SAT, 2.0 ms). Difficulty: no \
             guessing needed (propagation alone solves it). Your digit agrees with the solution.",
        ),
        (
            checked(
                CheckAnswer::NotMinimal {
                    clues: 17,
                    redundant: 2,
                    guesses: 1,
                },
                Some(Yours::Checked {
                    played: 2,
                    wrong: vec![Pos::new(0, 2)],
                }),
            ),
            "Unique but not minimal: 2 of 17 clues are redundant, highlighted (SAT, 2.0 ms). \
             Each could go on its own, not necessarily together. Difficulty: propagation needs \
             1 guess to solve it and prove it unique. 1 of your 2 digits differs from the \
             solution: r1c3.",
        ),
        (
            checked(
                CheckAnswer::Minimal {
                    clues: 17,
                    guesses: 3,
                },
                Some(Yours::Checked { played: 20, wrong }),
            ),
            "Minimal: one solution, and all 17 clues are necessary (SAT, 2.0 ms). Difficulty: \
             propagation needs 3 guesses to solve it and prove it unique. 12 of your 20 digits \
             differ from the solution: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 and \
             2 more.",
        ),
    ];
    for (message, words) in cases {
        assert_eq!(message.to_string(), words, "{message:?}");
    }
}

#[test]
fn errors_are_told_by_the_message_not_its_words() {
    let no_solution = |clash| SolveAnswer::NoSolution { clash };
    let errors = [
        Message::Conflict {
            conflict: clash(),
            side: 9,
        },
        Message::Disagree,
        Message::Solved(Box::new(solved(SolveAnswer::Stopped, Stats::default()))),
        checked(CheckAnswer::NoSolution { clash: None }, None),
        checked(CheckAnswer::NotUnique, None),
        Message::Then {
            answer: Box::new(Message::Welcome),
            import: Box::new(Message::ImportFailed {
                source: ImportSource::Link,
                error: ImportError::Parse(ParseError::Empty),
            }),
        },
    ];
    for message in errors {
        assert!(message.is_error(), "{message:?}");
    }
    // A solve that finds no solution answers the question; a check that does reports a
    // puzzle in error.
    let fine = [
        Message::Solved(Box::new(solved(no_solution(None), Stats::default()))),
        Message::Undone { said: None },
        Message::Then {
            answer: Box::new(Message::Undone { said: None }),
            import: Box::new(Message::Welcome),
        },
    ];
    for message in fine {
        assert!(!message.is_error(), "{message:?}");
    }
}

#[test]
fn the_stepper_says_which_solution_of_how_many() {
    let at = |index, kept, count, exhaustive| {
        Stepper {
            index,
            kept,
            count,
            exhaustive,
            limit: COUNT_LIMIT,
        }
        .to_string()
    };
    assert_eq!(
        at(2, 100, 288, true),
        "Solution 3 of 288 shown (the first 100 are kept)"
    );
    assert_eq!(at(0, 2, 2, false), "Solution 1 of at least 2 shown");
    assert_eq!(
        at(0, 100, COUNT_LIMIT + 1, false),
        "Solution 1 of more than 10,000 shown (the first 100 are kept)"
    );
    assert_eq!(at(1, 2, 2, true), "Solution 2 of 2 shown");
}

/// An applied hint says what it did, and no count of nothing.
#[test]
fn an_applied_hint_says_what_it_did() {
    use sudoku_lab::words::PlayMessage;
    let said =
        |placed, removed| Message::Play(PlayMessage::HintApplied { placed, removed }).to_string();
    assert_eq!(
        said(1, 0),
        "Hint applied: 1 digit placed (Undo takes it back)."
    );
    assert_eq!(
        said(0, 3),
        "Hint applied: 3 candidates removed (Undo takes it back)."
    );
    assert_eq!(
        said(2, 1),
        "Hint applied: 2 digits placed, 1 candidate removed (Undo takes it back)."
    );
}

/// A player reads "clues", not the lab's "givens", wherever the page speaks of the puzzle's
/// digits.
#[test]
fn a_player_reads_clues_not_givens() {
    use sudoku_lab::app::advice::StepsEnd;
    use sudoku_lab::words::PlayMessage;
    let play = |m| Message::Play(m);
    let cases = [
        (
            play(PlayMessage::HintNoSolution),
            "The clues have no solution, so there is no step to hint at.",
        ),
        (
            play(PlayMessage::HintStuck { several: true }),
            "No technique the page knows applies here: the rest needs guessing (the clues have \
             several solutions).",
        ),
        (
            play(PlayMessage::Stepped {
                count: 0,
                end: StepsEnd::NoSolution,
            }),
            "The clues have no solution, so there are no steps to take.",
        ),
        (
            play(PlayMessage::StepShown {
                number: 5,
                count: 71,
                said: "Pointing: in box 3, 7 lies only in row 2: 7 removed from r2c1, r2c3".into(),
            }),
            "Step 5 of 71, the board before it: Pointing: in box 3, 7 lies only in row 2: 7 \
             removed from r2c1, r2c3.",
        ),
        (Message::Playing, "Playing: the clues are locked."),
        (Message::OnlyGivens, "The board holds only clues already."),
        (Message::NothingToMove { undo: true }, "Nothing to undo."),
        (Message::NothingToMove { undo: false }, "Nothing to redo."),
        (Message::BackToGivens, "Back to the clues."),
        (
            Message::Saved {
                whole_board: false,
                name: "sudoku.txt",
            },
            "Saved the clues as sudoku.txt.",
        ),
        (
            Message::ShareLink {
                copy: Clipboard::Copied,
            },
            "Share link made and copied: it opens this puzzle's clues.",
        ),
    ];
    for (message, words) in cases {
        assert_eq!(message.to_string(), words, "{message:?}");
    }
    let every_kind = [
        Message::Welcome,
        Message::Restored {
            size: Size::NINE,
            givens: 17,
            played: 0,
            said: None,
        },
        Message::GivenLocked { at: Pos::new(0, 0) },
        Message::EnteringGivens,
        Message::SwitchedToGivens,
        Message::SwitchedToPlay,
        Message::GivensClash { conflict: clash() },
    ];
    for message in every_kind {
        let words = message.to_string();
        assert!(!words.contains("given"), "{words}");
        assert!(words.contains("clue"), "{words}");
    }
}

/// The page lowercases these names with `to_ascii_lowercase`, which keeps Unicode's case
/// tables out of the app: that is only the same as `to_lowercase` while the names are ASCII.
#[test]
fn names_lowercased_by_the_page_are_ascii() {
    use sudoku_lab::words::symmetry_name;
    for s in Symmetry::ALL {
        assert!(symmetry_name(s).is_ascii(), "{}", symmetry_name(s));
    }
    for m in ModelFormat::ALL {
        assert!(m.name().is_ascii(), "{}", m.name());
    }
}

#[test]
fn compare_says_each_formulations_effort_in_its_terms_and_what_small_times_tell() {
    use sudoku_lab::words::{compare_effort, compare_note};
    let stats = |nodes, guesses, lp, calls, variables, constraints| Stats {
        nodes,
        guesses,
        lp_iterations: lp,
        solver_calls: calls,
        variables,
        constraints,
        halt: None,
    };
    // A 16x16 puzzle that the formulations' preprocessing decides: no zeros that read as a
    // failure, and exact cover's matrix in its own terms.
    let cases = [
        (
            Formulation::Propagation,
            stats(Some(1), Some(0), None, None, None, None),
            true,
            "1 node, 0 guesses",
        ),
        (
            Formulation::ExactCover,
            stats(Some(161), Some(0), None, None, Some(4096), Some(1024)),
            true,
            "161 nodes, 0 guesses, 4,096 rows, 1,024 columns",
        ),
        (
            Formulation::Sat,
            stats(None, None, None, Some(1), Some(0), Some(0)),
            true,
            "decided before the solver: the clues' singles fill the grid",
        ),
        // An unsolvable puzzle whose singles meet a contradiction: the grid is not filled.
        (
            Formulation::Sat,
            stats(None, None, None, Some(1), Some(0), Some(1)),
            false,
            "decided before the solver: the clues and their singles contradict each other",
        ),
        (
            Formulation::Mip,
            stats(Some(1), None, Some(0), Some(0), Some(809), Some(640)),
            true,
            "decided by propagation at the root, no LP solved, 809 variables, 640 constraints",
        ),
        // A puzzle that takes a search: the counters as they are.
        (
            Formulation::Sat,
            stats(None, None, None, Some(2), Some(1210), Some(9500)),
            true,
            "2 solver calls, 1,210 variables, 9,500 clauses",
        ),
        (
            Formulation::Mip,
            stats(Some(7), None, Some(420), Some(9), Some(809), Some(640)),
            false,
            "7 nodes, 420 LP iterations, 9 LP solves, 809 variables, 640 constraints",
        ),
    ];
    for (formulation, stats, solved, words) in cases {
        assert_eq!(
            compare_effort(formulation, &stats, solved),
            words,
            "{formulation}"
        );
    }
    assert!(compare_note(&[0.05, 0.7, 0.1, 0.9]).is_some());
    assert_eq!(compare_note(&[0.05, 12.0]), None);
    assert_eq!(compare_note(&[]), None);
}

/// MIP's solver calls are LP solves, and a run its root's propagation decided solved none: the
/// answer says so as the comparison's table does.
#[test]
fn a_mip_answer_counts_lp_solves() {
    for (nodes, calls, said) in [
        (5, 3, "5 nodes, 40 LP iterations, 3 LP solves"),
        (1, 0, "decided by propagation at the root, no LP solved"),
    ] {
        let stats = Stats {
            nodes: Some(nodes),
            lp_iterations: Some(if calls == 0 { 0 } else { 40 }),
            solver_calls: Some(calls),
            ..Stats::default()
        };
        let message = Message::Solved(Box::new(Solved {
            formulation: Formulation::Mip,
            ..solved(SolveAnswer::Unique, stats)
        }));
        assert_eq!(
            message.to_string(),
            format!("Unique solution (MIP, 0.4 ms, {said}).")
        );
    }
}
