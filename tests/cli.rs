//! The command-line tool, run as a user would: batch input with good and bad lines.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;

use std::path::Path;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Grid, check_solution};

/// Standard output, standard error and exit status of one run.
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = common::run(args, stdin);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn err_of(args: &[&str], stdin: &str) -> String {
    run(args, stdin).1
}

const FIXTURE: &str = "tests/fixtures/mixed.txt";

#[test]
fn solve_answers_each_line_and_reports_bad_ones_with_their_line_number() {
    let input = std::fs::read_to_string(FIXTURE).unwrap();
    let (out, err, code) = run(&["solve", FIXTURE], "");
    let lines: Vec<&str> = out.lines().collect();
    let puzzles: Vec<&str> = input
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    assert_eq!(lines.len(), puzzles.len(), "one output line per puzzle");
    assert_eq!(code, 1, "a bad line makes the exit status non-zero");
    for (puzzle, answer) in puzzles.iter().zip(&lines) {
        match parse(puzzle) {
            Err(_) => assert_eq!(*answer, "invalid"),
            Ok(p) => {
                if answer.contains("solution") {
                    continue;
                }
                let solution: Grid = parse(answer).unwrap().grid;
                check_solution(&p.puzzle, &solution).unwrap();
            }
        }
    }
    assert!(lines.contains(&"multiple solutions"));
    assert!(lines.contains(&"no solution"));
    assert!(
        err.contains("line 5: row 1, column 3: '*' is not a digit or blank"),
        "{err}"
    );
    assert!(err.contains("contradictory givens"), "{err}");
}

#[test]
fn count_respects_the_limit_and_convert_round_trips() {
    let empty4 = ".".repeat(16);
    let (out, _, code) = run(&["count", "-"], &format!("{empty4}\n"));
    assert_eq!((out.trim(), code), ("288", 0));
    assert!(!err_of(&["count", "-"], &empty4).contains("limit"));
    let (out, err, code) = run(&["count", "--limit", "10", "-"], &format!("{empty4}\n"));
    assert_eq!((out.trim(), code), ("10", 0));
    assert!(
        err.contains("line 1: stopped at the limit: at least 10 solutions, maybe more"),
        "{err}"
    );
    // Exactly 288 with a limit above it: exact, so nothing to say.
    assert_eq!(err_of(&["count", "--limit", "1000", "-"], &empty4), "");
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for to in ["json", "numeric", "grid", "line"] {
        let (out, _, code) = run(&["convert", "--to", to, "-"], puzzle);
        assert_eq!(code, 0);
        assert_eq!(
            parse(&out).unwrap().puzzle,
            parse(puzzle).unwrap().puzzle,
            "{to}"
        );
    }
    let (out, _, _) = run(&["solve", "--json", "-"], puzzle);
    let solved = parse(&out).unwrap();
    assert_eq!(solved.puzzle, parse(puzzle).unwrap().puzzle);
    check_solution(&solved.puzzle, &solved.grid).unwrap();
}

#[test]
fn a_16x16_written_one_row_per_line_is_one_puzzle() {
    let (puzzle, _, _) = run(&["generate", "--box", "4", "--seed", "3"], "");
    let rows: Vec<String> = puzzle
        .trim()
        .chars()
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|r| r.iter().collect())
        .collect();
    let (out, err, code) = run(&["solve", "-"], &rows.join("\n"));
    assert_eq!((out.lines().count(), code), (1, 0), "{out}{err}");
    let solution = parse(&out).unwrap().grid;
    check_solution(&parse(puzzle.trim()).unwrap().puzzle, &solution).unwrap();
}

#[test]
fn block_layouts_separated_by_blank_lines_are_read_back_one_puzzle_each() {
    let fixtures = std::fs::read_to_string("tests/fixtures/conformance.txt").unwrap();
    let sixteen = fixtures
        .lines()
        .map(|l| l.split(':').next().unwrap_or(""))
        .find(|p| p.len() == 256)
        .expect("a 16x16 fixture");
    let puzzles = [
        "1..4.4.....3.1..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        sixteen,
    ];
    let (grids, _, code) = run(&["convert", "--to", "grid", "-"], &puzzles.join("\n"));
    assert_eq!(code, 0);
    assert!(
        grids.contains("------+-------+------\n"),
        "box separators span the rows: {grids}"
    );
    let (lines, err, code) = run(&["convert", "--to", "line", "-"], &grids);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(lines.lines().collect::<Vec<_>>(), puzzles);
    // Without the blank line two layouts run together and each line is reported.
    let glued = grids.replace("\n\n", "\n");
    let (_, err, code) = run(&["convert", "--to", "line", "-"], &glued);
    assert_eq!(code, 1);
    assert!(err.contains("line 2: found 4 cells"), "{err}");
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    for args in [
        vec!["frobnicate"],
        vec!["count", "--limit", "x"],
        vec!["solve", "--formulation", "magic"],
        vec!["convert"],
        vec!["generate", "--box", "0"],
        vec!["generate", "--box", "8"],
    ] {
        let (_, err, code) = run(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    let (out, _, code) = run(&["--version"], "");
    assert_eq!(
        (out.trim(), code),
        (concat!("sudoku-lab ", env!("CARGO_PKG_VERSION")), 0)
    );
    let (out, _, _) = run(&["--help"], "");
    assert!(out.contains("USAGE"));
}

/// When the shared benchmark sets are beside the project, every puzzle is answered correctly.
/// Reads the public data sets beside the project; `scripts/test` runs it when they are there.
#[test]
#[ignore = "needs ../shared/data"]
fn shared_data_sets_are_answered_correctly() {
    let dir = Path::new("../shared/data");
    assert!(dir.exists(), "../shared/data is not there");
    let counted = std::fs::read_to_string(dir.join("tdoku_test_puzzles.txt")).unwrap();
    let puzzles: Vec<&str> = counted.lines().filter(|l| l.contains(':')).collect();
    let input: String = puzzles
        .iter()
        .map(|l| format!("{}\n", l.split(':').next().unwrap()))
        .collect();
    let (out, _, code) = run(&["count", "-"], &input);
    assert_eq!(code, 0);
    for (line, got) in puzzles.iter().zip(out.lines()) {
        let want = line.split(':').nth(1).unwrap();
        assert_eq!(got, want, "{line}");
    }
    for set in [
        "magictour_top1465.txt",
        "forum_hardest_1106.txt",
        "gecode_9x9.txt",
        "gecode_16x16.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(set)).unwrap();
        let (out, err, code) = run(&["solve", "-"], &text);
        assert_eq!(code, 0, "{set}: {err}");
        let puzzles = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        let mut n = 0;
        for (p, s) in puzzles.zip(out.lines()) {
            let p = parse(p).unwrap().puzzle;
            check_solution(&p, &parse(s).unwrap().grid).unwrap_or_else(|e| panic!("{set}: {e}"));
            n += 1;
        }
        assert!(n > 0, "{set}");
    }
}
