//! The `generate` and `check` commands end to end, through the built binary.

#[path = "common/cli.rs"]
mod common;

use common::run;
use std::process::Output;
use sudoku_lab::engine::format::parse;

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

#[test]
fn count_uses_consecutive_seeds_and_check_confirms_minimality() {
    let batch = stdout(&run(
        &["generate", "--box", "3", "--count", "3", "--seed", "40"],
        "",
    ));
    let lines: Vec<&str> = batch.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        let seed = (40 + i).to_string();
        let single = stdout(&run(&["generate", "--box", "3", "--seed", &seed], ""));
        assert_eq!(single.trim_end(), *line, "puzzle {i} is seed 40+{i}");
    }
    let verdicts = stdout(&run(&["check"], &batch));
    assert_eq!(verdicts, "unique minimal\n".repeat(3));
}

#[test]
fn a_drawn_seed_is_printed_and_reproduces_the_puzzle() {
    let o = run(&["generate", "--box", "2"], "");
    let puzzle = stdout(&o);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let seed = err
        .trim()
        .strip_prefix("seed ")
        .expect("the seed is printed");
    let again = stdout(&run(&["generate", "--box", "2", "--seed", seed], ""));
    assert_eq!(again, puzzle, "drawn seed {seed}");
}

#[test]
fn check_reports_each_kind_of_puzzle() {
    // A minimal 4x4 puzzle, the same with an extra clue, too few clues, and a contradiction.
    let minimal = stdout(&run(&["generate", "--box", "2", "--seed", "3"], ""));
    let minimal = minimal.trim_end();
    let solution = stdout(&run(&["solve"], minimal));
    let blank = minimal.find('.').expect("a blank cell");
    let mut padded = minimal.to_string();
    padded.replace_range(blank..=blank, &solution[blank..=blank]);
    let expected_redundant = format!("unique redundant: r{}c{}", blank / 4 + 1, blank % 4 + 1);
    let cases = [
        (minimal.to_string(), "unique minimal".to_string()),
        (padded, expected_redundant),
        ("1...............".to_string(), "multiple".to_string()),
        ("123....4........".to_string(), "no solution".to_string()),
    ];
    for (puzzle, expected) in cases {
        let out = stdout(&run(&["check", "-"], &puzzle));
        let out = out.trim_end();
        if expected.starts_with("unique redundant") {
            // Other clues may become redundant alongside the added one.
            assert!(out.starts_with("unique redundant:"), "{puzzle}: {out}");
            assert!(
                out.contains(&expected["unique redundant: ".len()..]),
                "{out}"
            );
        } else {
            assert_eq!(out, expected, "{puzzle}");
        }
    }
}

#[test]
fn check_measures_each_formulation_on_request() {
    let puzzle = stdout(&run(&["generate", "--box", "3", "--seed", "7"], ""));
    let out = stdout(&run(&["check", "--difficulty", "-"], &puzzle));
    let parts: Vec<&str> = out.trim_end().split("; ").collect();
    assert_eq!(parts[0], "unique minimal", "{out}");
    let names: Vec<&str> = parts[1..]
        .iter()
        .map(|p| p.split(':').next().unwrap())
        .collect();
    assert_eq!(
        names,
        ["propagation", "exact-cover", "sat", "mip", "logic"],
        "{out}"
    );
    // The logic rating beside the efforts: what rate says, less its note on uniqueness.
    let rated = stdout(&run(&["rate", "-"], &puzzle));
    let rating = rated.trim_end().split("; ").next().unwrap();
    assert_eq!(parts[5], format!("logic: {rating}"), "{out}");
    // The propagation search counts its root, so it reports at least one node.
    let nodes: u64 = parts[1]["propagation: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes >= 1, "{out}");
    // Without the flag the line is the verdict alone.
    let plain = stdout(&run(&["check", "-"], &puzzle));
    assert_eq!(plain.trim_end(), "unique minimal");
}

#[test]
fn stop_after_prints_the_unique_puzzle_reached_by_then() {
    // At once: the removal's puzzle once a first clue has gone.
    let o = run(
        &["generate", "--box", "4", "--seed", "9", "--stop-after", "0"],
        "",
    );
    let puzzle = stdout(&o);
    let clues = parse(puzzle.trim()).expect("a puzzle").puzzle.given_count();
    assert!(clues < 256, "{puzzle}");
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let said = format!(
        "seed 9: stopped after 0 s with a puzzle of one solution and {clues} clues, not proved \
         minimal"
    );
    assert!(err.contains(&said), "{err}");
    let verdict = stdout(&run(&["check"], &puzzle));
    assert!(verdict.starts_with("unique redundant: "), "{verdict}");
    // Trying seeds for a clue bound no 16x16 meets: the best finished attempt, minimal, even
    // when the time is up inside a later attempt (or all 100 finish in time).
    let o = run(
        &[
            "generate",
            "--box",
            "4",
            "--seed",
            "3",
            "--max-clues",
            "10",
            "--stop-after",
            "1",
        ],
        "",
    );
    let puzzle = stdout(&o);
    let clues = parse(puzzle.trim()).expect("a puzzle").puzzle.given_count();
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        err.starts_with("seed 3: ") && err.contains(&format!("; best has {clues}\n")),
        "{err}"
    );
    // How many attempts finished: all 100 when time allowed, else those before the stop.
    let attempts: u32 = err
        .split(" attempts")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!((1..=100).contains(&attempts), "{err}");
    assert_eq!(stdout(&run(&["check"], &puzzle)), "unique minimal\n");
    // With time to spare, the same minimal puzzle as without the option.
    let minimal = stdout(&run(&["generate", "--box", "3", "--seed", "9"], ""));
    let o = run(
        &[
            "generate",
            "--box",
            "3",
            "--seed",
            "9",
            "--stop-after",
            "600",
        ],
        "",
    );
    assert_eq!(stdout(&o), minimal);
    assert!(o.stderr.is_empty());
}

#[test]
fn no_guess_and_difficulty_give_the_engine_puzzle() {
    use sudoku_lab::engine::format::write_line;
    use sudoku_lab::engine::generate::{GenerateOptions, generate, no_progress};
    use sudoku_lab::engine::logic::{Level, rate};
    let batch = stdout(&run(
        &[
            "generate",
            "--box",
            "3",
            "--seed",
            "5",
            "--count",
            "2",
            "--no-guess",
            "--difficulty",
            "medium",
        ],
        "",
    ));
    let lines: Vec<&str> = batch.lines().collect();
    assert_eq!(lines.len(), 2);
    for (i, line) in lines.iter().enumerate() {
        let options = GenerateOptions {
            no_guess: true,
            difficulty: Some(Level::Medium),
            ..GenerateOptions::with_seed(5 + i as u64)
        };
        let g = generate(sudoku_lab::engine::Size::NINE, &options, &mut no_progress)
            .expect("generated");
        assert_eq!(write_line(&g.puzzle).expect("fits"), *line);
        assert_eq!(rate(&g.puzzle, true).level, Some(Level::Medium));
    }
    // Unique, though not always truly minimal: a clue may go and keep one solution when the
    // logic solver then needs harder techniques or guessing.
    for verdict in stdout(&run(&["check"], &batch)).lines() {
        assert!(verdict.starts_with("unique "), "{verdict}");
    }
}

#[test]
fn a_missed_difficulty_is_reported_with_the_closest_puzzle() {
    // No 4x4 puzzle needs more than singles.
    let o = run(
        &[
            "generate",
            "--box",
            "2",
            "--seed",
            "1",
            "--no-guess",
            "--difficulty",
            "unfair",
        ],
        "",
    );
    let puzzle = stdout(&o);
    let clues = parse(puzzle.trim()).expect("a puzzle").puzzle.given_count();
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let said = format!(
        "seed 1: no puzzle rated unfair in 100 attempts; the closest is rated easy, {clues} clues\n"
    );
    assert_eq!(err, said);
    let o = run(&["generate", "--box", "3", "--difficulty", "hardest"], "");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(err.contains("easy, medium, hard, unfair, extreme"), "{err}");
}

#[test]
fn stop_after_with_no_guess_prints_a_puzzle_the_logic_solver_solves() {
    use sudoku_lab::engine::logic::{LogicOptions, Outcome, solve};
    let o = run(
        &[
            "generate",
            "--box",
            "6",
            "--seed",
            "2",
            "--no-guess",
            "--stop-after",
            "0",
        ],
        "",
    );
    let puzzle = parse(stdout(&o).trim()).expect("a puzzle").puzzle;
    let clues = puzzle.given_count();
    assert!(clues < 36 * 36);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let said = "clues that the logic solver solves, not proved minimal for its techniques\n";
    assert!(
        err.starts_with("seed 2: stopped after 0 s with a puzzle of ") && err.ends_with(said),
        "{err}"
    );
    let hard = LogicOptions {
        unique: false,
        max_level: sudoku_lab::engine::logic::Level::Hard,
    };
    assert_eq!(solve(&puzzle, &hard).outcome, Outcome::Solved);
}

#[test]
fn stop_after_ends_inside_a_long_removal_question() {
    // At 36x36 the logic pass takes a second or two, then one search question can take
    // minutes: the deadline cancels it and prints the removal's puzzle so far.
    let o = run(
        &["generate", "--box", "6", "--seed", "0", "--stop-after", "5"],
        "",
    );
    let puzzle = stdout(&o);
    let clues = parse(puzzle.trim()).expect("a puzzle").puzzle.given_count();
    assert!(clues < 1296, "{clues} clues");
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let said = format!("seed 0: stopped after 5 s with a puzzle of one solution and {clues} clues");
    assert!(err.contains(&said), "{err}");
}

#[test]
fn a_25x25_puzzle_is_the_engine_puzzle_of_one_thread() {
    // The command line asks the 25x25 removal questions ahead on two threads, and hands the
    // long ones to CDCL: the puzzle is still the one the engine makes on one thread.
    use sudoku_lab::engine::generate::{GenerateOptions, generate, no_progress};
    let line = stdout(&run(&["generate", "--box", "5", "--seed", "2"], ""));
    let size = sudoku_lab::engine::Size::new(5).expect("size");
    let g = generate(size, &GenerateOptions::with_seed(2), &mut no_progress).expect("generated");
    let ours = parse(line.trim()).expect("a puzzle").puzzle;
    assert_eq!(ours, g.puzzle);
}
