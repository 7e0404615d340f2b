//! The worker's request handling, natively: every request kind, progress throttling, partial
//! answers and failures, with a fake clock in place of the browser's.

use std::cell::Cell;
use sudoku_lab::app::protocol::{
    CheckOutcome, CompareRow, Failure, ModelFormat, Request, Response,
};
use sudoku_lab::app::serve::{
    self, Clock, MAX_EXPORT_BYTES, PARTIAL_EVERY_MS, PROGRESS_EVERY_MS, hands_over,
};
use sudoku_lab::engine::analyze::{self, AnalyzeOptions};
use sudoku_lab::engine::format::parse_line;
use sudoku_lab::engine::generate::{Phase, Progress, no_progress};
use sudoku_lab::engine::{
    Entry, Formulation, GenerateOptions, Grid, Pos, Query, Size, Symmetry, Verdict, check_solution,
    generate,
};

/// A clock that moves `step` milliseconds each time the handler reads it.
struct FakeClock {
    now: Cell<f64>,
    step: f64,
}

impl FakeClock {
    fn new(step: f64) -> FakeClock {
        FakeClock {
            now: Cell::new(0.0),
            step,
        }
    }

    /// The time, without moving it.
    fn peek(&self) -> f64 {
        self.now.get()
    }
}

impl Clock for FakeClock {
    fn now_ms(&self) -> f64 {
        let t = self.now.get();
        self.now.set(t + self.step);
        t
    }
}

/// Runs a request: what the job said on the way, each with the clock's time then, and its answer.
fn run(request: Request, clock: &FakeClock) -> (Vec<(f64, Response)>, Response) {
    let mut said = Vec::new();
    let answer = serve::handle(request, clock, &mut |m: Response| {
        said.push((clock.peek(), m))
    });
    (said, answer)
}

fn progress(said: &[(f64, Response)]) -> Vec<(f64, Phase, u64, u64)> {
    said.iter()
        .filter_map(|(t, m)| match *m {
            Response::Progress { phase, done, total } => Some((*t, phase, done, total)),
            _ => None,
        })
        .collect()
}

/// A known minimal 17-clue puzzle (Royle's collection).
const MINIMAL_17: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

fn grid(line: &str) -> Grid {
    parse_line(line).expect("valid line")
}

/// A solved grid of any size (each row the one above shifted by a box, each band by one),
/// with the cells where `blank` holds left empty.
fn pattern(box_size: usize, blank: impl Fn(usize) -> bool) -> Grid {
    let size = Size::new(box_size).expect("size");
    let side = size.side();
    let values: Vec<u8> = (0..size.cells())
        .map(|i| {
            let (r, c) = (i / side, i % side);
            let v = (box_size * (r % box_size) + r / box_size + c) % side + 1;
            if blank(i) { 0 } else { v as u8 }
        })
        .collect();
    Grid::from_values(size, &values).expect("digits fit")
}

fn failed(answer: &Response) -> &Failure {
    match answer {
        Response::Failed { failure } => failure,
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn a_solve_answers_with_the_time_the_clock_measured_and_no_progress_for_uniqueness() {
    let puzzle = grid(MINIMAL_17);
    for formulation in Formulation::ALL {
        let clock = FakeClock::new(7.0);
        let request = Request::Solve {
            puzzle: puzzle.clone(),
            formulation,
            max_solutions: Some(2),
            keep: 2,
        };
        let (said, answer) = run(request, &clock);
        assert_eq!(said, Vec::new(), "{formulation}");
        let Response::Solved { report, millis } = answer else {
            panic!("{formulation}: {answer:?}");
        };
        assert_eq!(report.verdict(), Verdict::Unique, "{formulation}");
        check_solution(&puzzle, &report.solutions[0]).expect("a valid solution");
        assert_eq!(millis, 7.0, "read once before and once after");
    }
}

#[test]
fn a_count_shows_progress_at_most_every_50_ms_and_always_its_last_step() {
    let empty = Grid::empty(Size::new(2).expect("4x4"));
    let count = |max: u64, step: f64| {
        let clock = FakeClock::new(step);
        let request = Request::Solve {
            puzzle: empty.clone(),
            formulation: Formulation::Propagation,
            max_solutions: Some(max),
            keep: 100,
        };
        let (said, answer) = run(request, &clock);
        let Response::Solved { report, .. } = answer else {
            panic!("{answer:?}");
        };
        (progress(&said), report)
    };

    // 288 solutions, the clock moving 10 ms a solution: one message in five.
    let (shown, report) = count(10_000, 10.0);
    assert_eq!((report.count, report.solutions.len()), (288, 100));
    assert!((56..=59).contains(&shown.len()), "{} messages", shown.len());
    for pair in shown.windows(2) {
        let ((t0, _, done0, _), (t1, phase, done1, total)) = (pair[0], pair[1]);
        assert!(t1 - t0 >= PROGRESS_EVERY_MS, "{t0} then {t1}");
        assert!(done1 > done0);
        assert_eq!((phase, total), (Phase::Solutions, 10_000));
    }
    // A clock that stands still: the first step only, then the last when the count ends at
    // its cap.
    let (shown, _) = count(10_000, 0.0);
    let steps: Vec<u64> = shown.iter().map(|s| s.2).collect();
    assert_eq!(steps, vec![1]);
    let (shown, report) = count(100, 0.0);
    let steps: Vec<u64> = shown.iter().map(|s| s.2).collect();
    assert_eq!((steps, report.count), (vec![1, 100], 100));
}

#[test]
fn a_comparison_shows_every_formulation_and_sends_each_row_as_it_comes() {
    let clock = FakeClock::new(1.0);
    let (said, answer) = run(
        Request::Compare {
            puzzle: grid(MINIMAL_17),
        },
        &clock,
    );
    let Response::Compared { rows } = answer else {
        panic!("{answer:?}");
    };
    let mut expected = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        expected.push(Response::Progress {
            phase: Phase::Formulations,
            done: i as u64,
            total: Formulation::ALL.len() as u64,
        });
        expected.push(Response::CompareRow { row: row.clone() });
    }
    let said: Vec<Response> = said.into_iter().map(|(_, m)| m).collect();
    assert_eq!(said, expected);
    let order: Vec<Formulation> = rows.iter().map(|r| r.formulation).collect();
    assert_eq!(order, Formulation::ALL);
    for CompareRow { result, millis, .. } in &rows {
        let report = result.as_ref().expect("every formulation answers");
        assert_eq!(report.verdict(), Verdict::Unique);
        assert_eq!(*millis, 1.0);
    }
}

#[test]
fn a_comparison_at_49x49_answers_with_every_formulation_alike() {
    // Every formulation takes every size; a few blanks keep each of them quick.
    let box_size = 7;
    let puzzle = pattern(box_size, |i| i % 11 == 0);
    let clock = FakeClock::new(0.0);
    let (_, answer) = run(Request::Compare { puzzle }, &clock);
    let Response::Compared { rows } = answer else {
        panic!("{answer:?}");
    };
    assert_eq!(rows.len(), Formulation::ALL.len());
    let verdicts: Vec<Verdict> = rows
        .into_iter()
        .map(|row| row.result.expect("every formulation answers").verdict())
        .collect();
    assert!(verdicts.iter().all(|v| *v == verdicts[0]), "{verdicts:?}");
}

#[test]
fn a_long_generation_hands_over_its_puzzle_so_far_every_two_seconds() {
    let size = Size::new(3).expect("9x9");
    let (seed, symmetry) = (11, Symmetry::Rotate180);
    let request = Request::Generate {
        size,
        seed,
        symmetry,
        formulation: Formulation::Propagation,
        difficulty: None,
    };
    let clock = FakeClock::new(500.0);
    let (said, answer) = run(request.clone(), &clock);
    let Response::Generated {
        puzzle,
        seed: answered,
        millis,
        rating: None,
    } = answer
    else {
        panic!("{answer:?}");
    };
    let options = GenerateOptions {
        seed,
        symmetry,
        ..GenerateOptions::default()
    };
    let direct = generate(size, &options, &mut no_progress).expect("generates");
    assert_eq!((&puzzle, answered), (&direct.puzzle, seed));
    assert!(symmetry.holds(&puzzle));
    assert!(millis > 0.0);

    let partials: Vec<(f64, &Grid)> = said
        .iter()
        .filter_map(|(t, m)| match m {
            Response::Partial { puzzle } => Some((*t, puzzle)),
            _ => None,
        })
        .collect();
    assert!(partials.len() >= 2, "{} partial puzzles", partials.len());
    assert!(partials[0].0 >= PARTIAL_EVERY_MS);
    for pair in partials.windows(2) {
        assert!(pair[1].0 - pair[0].0 >= PARTIAL_EVERY_MS);
    }
    for (_, partial) in &partials {
        let certificate = analyze::uniqueness(partial, Formulation::Propagation, None);
        assert!(matches!(
            certificate,
            Ok(analyze::Certificate::Unique { .. })
        ));
        // Removal only takes clues away: the answer keeps a subset of each partial's clues.
        for p in puzzle.given_positions() {
            assert_eq!(partial.entry(p), puzzle.entry(p));
        }
        assert!(partial.given_count() >= puzzle.given_count());
    }
    let phases: Vec<Phase> = progress(&said).iter().map(|s| s.1).collect();
    assert!(phases.contains(&Phase::Removing), "{phases:?}");

    // A generation shorter than two seconds hands over nothing but progress.
    let (said, answer) = run(request, &FakeClock::new(0.001));
    assert!(matches!(answer, Response::Generated { .. }));
    assert!(
        said.iter()
            .all(|(_, m)| matches!(m, Response::Progress { .. }))
    );
}

#[test]
fn a_check_finds_redundant_clues_and_the_guesses_propagation_needs() {
    let minimal = grid(MINIMAL_17);
    let expected_guesses = analyze::difficulty(
        &minimal,
        &AnalyzeOptions {
            profile: Vec::new(),
            ..AnalyzeOptions::default()
        },
        &mut no_progress,
    )
    .expect("measured")
    .guesses;
    let check = |puzzle: &Grid, formulation: Formulation, step: f64| {
        let request = Request::Check {
            puzzle: puzzle.clone(),
            formulation,
        };
        let (said, answer) = run(request, &FakeClock::new(step));
        let Response::Checked { outcome, .. } = answer else {
            panic!("{answer:?}");
        };
        (progress(&said), outcome)
    };

    for formulation in Formulation::ALL {
        let (_, outcome) = check(&minimal, formulation, 0.0);
        let CheckOutcome::Unique {
            solution,
            clues,
            redundant,
            guesses,
        } = outcome
        else {
            panic!("{formulation}: {outcome:?}");
        };
        check_solution(&minimal, &solution).expect("a valid solution");
        assert_eq!((clues, redundant, guesses), (17, vec![], expected_guesses));

        let mut padded = minimal.clone();
        let extra = Pos::new(0, 0);
        padded.set(extra, Entry::Given(solution.digit(extra).expect("full")));
        let (_, outcome) = check(&padded, formulation, 0.0);
        let CheckOutcome::Unique {
            clues, redundant, ..
        } = outcome
        else {
            panic!("{formulation}: {outcome:?}");
        };
        assert_eq!((clues, redundant), (18, vec![extra]), "{formulation}");
    }

    // The uniqueness question is said before it is asked; seventeen clues are more steps than
    // are all shown: a standing clock shows the first report and the last, a clock past 50 ms
    // a clue shows each.
    let (shown, _) = check(&minimal, Formulation::Propagation, 0.0);
    let steps: Vec<(Phase, u64, u64)> = shown.iter().map(|s| (s.1, s.2, s.3)).collect();
    assert_eq!(
        steps,
        vec![(Phase::Uniqueness, 0, 1), (Phase::Clues, 17, 17)]
    );
    let (shown, _) = check(&minimal, Formulation::Propagation, 60.0);
    let steps: Vec<(Phase, u64)> = shown.iter().map(|s| (s.1, s.2)).collect();
    let clues = (1..=17).map(|k| (Phase::Clues, k));
    let want: Vec<(Phase, u64)> = std::iter::once((Phase::Uniqueness, 0))
        .chain(clues)
        .collect();
    assert_eq!(steps, want);
}

#[test]
fn a_check_of_a_puzzle_without_one_solution_proves_it() {
    let run_check = |puzzle: &Grid| {
        let request = Request::Check {
            puzzle: puzzle.clone(),
            formulation: Formulation::Propagation,
        };
        let (said, answer) = run(request, &FakeClock::new(1.0));
        // Only the uniqueness question is said: no clue steps without a unique solution.
        let steps: Vec<&Response> = said.iter().map(|(_, r)| r).collect();
        assert!(
            matches!(
                steps[..],
                [Response::Progress {
                    phase: Phase::Uniqueness,
                    done: 0,
                    total: 1
                }]
            ),
            "{said:?}"
        );
        match answer {
            Response::Checked {
                outcome,
                millis,
                rating,
            } => {
                assert_eq!(
                    rating.is_some(),
                    matches!(outcome, CheckOutcome::Unique { .. })
                );
                // The clock moves once at the uniqueness report, once at the end.
                assert_eq!(millis, 2.0);
                outcome
            }
            other => panic!("{other:?}"),
        }
    };
    let empty = Grid::empty(Size::new(2).expect("4x4"));
    let CheckOutcome::Multiple { first, second } = run_check(&empty) else {
        panic!("an empty grid has many solutions");
    };
    check_solution(&empty, &first).expect("valid");
    check_solution(&empty, &second).expect("valid");
    assert_ne!(first.values(), second.values());
    // Row one needs a 9 in column nine, which already holds one.
    let blocked = grid(&format!("12345678.........9{}", ".".repeat(63)));
    assert_eq!(run_check(&blocked), CheckOutcome::NoSolution);
}

#[test]
fn an_export_hands_over_the_model_unless_it_is_too_large_for_the_page() {
    let puzzle = grid(MINIMAL_17);
    for model in ModelFormat::ALL {
        let (said, answer) = run(
            Request::Export {
                puzzle: puzzle.clone(),
                model,
            },
            &FakeClock::new(1.0),
        );
        assert_eq!(said, Vec::new());
        let expected = model.write(&Query::new(&puzzle)).expect("a model of 9x9");
        assert_eq!(
            answer,
            Response::Exported {
                model,
                text: expected
            }
        );
    }
    let empty = Grid::empty(Size::new(7).expect("49x49"));
    let (_, answer) = run(
        Request::Export {
            puzzle: empty,
            model: ModelFormat::Dimacs,
        },
        &FakeClock::new(1.0),
    );
    let Failure::ModelTooLarge {
        model: ModelFormat::Dimacs,
        size,
        bytes,
        limit: MAX_EXPORT_BYTES,
    } = failed(&answer)
    else {
        panic!("expected a model too large, got {answer:?}");
    };
    assert_eq!(size.side(), 49);
    assert!(*bytes > MAX_EXPORT_BYTES, "{bytes}");
    let message = failed(&answer).to_string();
    assert!(
        message.contains(&format!("({} MB)", MAX_EXPORT_BYTES >> 20)),
        "{message}"
    );
    assert!(
        message.ends_with("sudoku-lab export --format dimacs."),
        "{message}"
    );
}

#[test]
fn the_warm_up_solves_its_puzzle_with_every_formulation() {
    let reports = serve::warm_up();
    assert_eq!(reports.len(), Formulation::ALL.len());
    for (report, formulation) in reports.into_iter().zip(Formulation::ALL) {
        let report = report.expect("solves");
        assert_eq!(report.formulation, formulation);
        assert_eq!(report.verdict(), Verdict::Unique, "{formulation}");
    }
}

#[test]
fn messages_cross_between_page_and_worker_intact_and_an_unreadable_one_keeps_its_id() {
    use sudoku_lab::app::protocol::{self, Envelope};
    let puzzle =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let request = Envelope {
        id: u64::MAX,
        body: Request::Generate {
            size: puzzle.size(),
            seed: (1 << 53) + 1,
            symmetry: Symmetry::Rotate180,
            formulation: Formulation::Sat,
            difficulty: None,
        },
    };
    let bytes = protocol::encode(&request).expect("encodes");
    assert_eq!(protocol::decode::<Request>(&bytes), Ok(request));
    let clock = FakeClock::new(1.0);
    let (_, answer) = run(
        Request::Check {
            puzzle: puzzle.clone(),
            formulation: Formulation::Propagation,
        },
        &clock,
    );
    let answer = Envelope {
        id: 3,
        body: answer,
    };
    let bytes = protocol::encode(&answer).expect("encodes");
    assert_eq!(protocol::decode::<Response>(&bytes), Ok(answer));
    // A request from another build, of a kind this one does not know: the id is read, the
    // body is not.
    let damaged = protocol::encode(&Envelope {
        id: 41,
        body: 99u32,
    })
    .expect("encodes");
    assert!(protocol::decode::<Request>(&damaged).is_err());
    assert_eq!(protocol::decode_id(&damaged), Some(41));
}

#[test]
fn failures_cross_to_the_page_typed_and_read_as_sentences() {
    use sudoku_lab::app::protocol::{self, Envelope};
    use sudoku_lab::engine::error::{AnalyzeError, GenerateError, SolveError};
    let failures = [
        (
            Failure::Solve(SolveError::OverBudget),
            "solver failure: the solver stopped at a node limit before deciding",
        ),
        (
            Failure::Generate(GenerateError::Cancelled),
            "generation cancelled",
        ),
        (
            Failure::Analyze(AnalyzeError::Solver(SolveError::SatNoModel)),
            "solver failure: satisfiable but no model",
        ),
        (
            Failure::ModelTooLarge {
                model: ModelFormat::Lp,
                size: Size::new(7).expect("49x49"),
                bytes: 300 << 20,
                limit: MAX_EXPORT_BYTES,
            },
            "the LP model of a 49x49 puzzle is 300 MB, more than the page hands out (64 MB); \
             the command line writes it: sudoku-lab export --format lp.",
        ),
        (
            Failure::UnreadableRequest,
            "the engine could not read the request; reload the page",
        ),
        (Failure::Unsendable, "the engine could not send its answer"),
        (Failure::NoWorker, "the engine worker is not available"),
    ];
    for (id, (failure, words)) in (1..).zip(failures) {
        assert_eq!(failure.to_string(), words);
        let answer = Envelope {
            id,
            body: Response::Failed { failure },
        };
        let bytes = protocol::encode(&answer).expect("encodes");
        assert_eq!(protocol::decode::<Response>(&bytes), Ok(answer));
    }
}

#[test]
fn steps_and_hints_come_with_the_engine_sentences() {
    use sudoku_lab::app::advice::Hint;
    use sudoku_lab::app::state::Notes;
    use sudoku_lab::engine::logic::explain;
    let puzzle = grid(MINIMAL_17);
    let (_, answer) = run(
        Request::Steps {
            puzzle: puzzle.clone(),
        },
        &FakeClock::new(1.0),
    );
    let Response::Stepped { steps, said, .. } = answer else {
        panic!("expected steps, got {answer:?}");
    };
    assert!(!steps.is_empty());
    assert_eq!(
        said,
        steps.iter().map(|s| explain(s, 9)).collect::<Vec<_>>()
    );
    let (_, answer) = run(
        Request::Hint {
            grid: puzzle,
            notes: Notes::default(),
        },
        &FakeClock::new(1.0),
    );
    let Response::Hinted {
        hint: Hint::Step { step, said },
        ..
    } = answer
    else {
        panic!("expected a step, got {answer:?}");
    };
    assert_eq!(said, explain(&step, 9));
}

/// The puzzle so far goes to the page every two seconds, and at once before a wait that may
/// last minutes; a report without a puzzle hands nothing over.
#[test]
fn the_puzzle_so_far_goes_at_intervals_and_before_a_long_wait() {
    let grid = Grid::empty(Size::new(2).expect("4x4"));
    let report = |puzzle, slow_next| Progress {
        attempt: 0,
        phase: Phase::Removing,
        done: 3,
        total: 16,
        puzzle,
        slow_next,
    };
    assert!(!hands_over(&report(Some(&grid), false), 10.0));
    assert!(hands_over(&report(Some(&grid), false), PARTIAL_EVERY_MS));
    assert!(hands_over(&report(Some(&grid), true), 10.0));
    assert!(!hands_over(&report(None, true), PARTIAL_EVERY_MS));
}
