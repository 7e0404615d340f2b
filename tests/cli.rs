//! The command-line tool, run as a user would: batch input with good and bad lines.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;
#[path = "common/rows.rs"]
mod rows;

use common::run_text as run;
use std::path::Path;
use std::process::Command;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::{Grid, check_solution};

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
        err.contains("line 1: stopped at the limit: more than 10 solutions"),
        "{err}"
    );
    // Exactly 288 with a limit at or above it: exact, so nothing to say.
    for limit in ["288", "1000"] {
        let (out, err, code) = run(&["count", "--limit", limit, "-"], &empty4);
        assert_eq!((out.trim(), err.as_str(), code), ("288", "", 0));
    }
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
    // Without the blank line the layouts run together into one block, reported once.
    let glued = grids.replace("\n\n", "\n");
    let (out, err, code) = run(&["convert", "--to", "line", "-"], &glued);
    assert_eq!((out.as_str(), code), ("invalid\n", 1));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("line 1: "), "{err}");
    // One layout with one bad cell: its own error, once, not one per line.
    let bad = grids
        .split("\n\n")
        .nth(1)
        .expect("the 9x9 layout")
        .replacen(". 4 |", ". * |", 1);
    assert_ne!(bad, grids.split("\n\n").nth(1).unwrap_or(""));
    let (out, err, code) = run(&["solve", "-"], &bad);
    assert_eq!((out.as_str(), code), ("invalid\n", 1));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains('*'), "{err}");
}

#[test]
fn json_after_a_byte_order_mark_or_comments_is_one_document() {
    let json = "{\n  \"dim\": 2,\n\n  \"fixed\": {\"1\": {\"1\": 1}}\n}\n";
    for text in [
        json.to_string(),
        format!("\u{feff}{json}"),
        format!("# my puzzle\n{json}"),
    ] {
        let (out, err, code) = run(&["count", "--limit", "5", "-"], &text);
        assert_eq!((out.as_str(), code), ("5\n", 0), "{text:?}: {err}");
    }
}

#[test]
fn converting_a_saved_game_to_text_keeps_the_givens_only_and_says_so() {
    let saved = r#"{"dim":2,"fixed":{"1":{"1":1}},"solved":{"1":{"2":1}}}"#;
    let (out, err, code) = run(&["convert", "--to", "line", "-"], saved);
    assert_eq!((out.as_str(), code), ("1...............\n", 0));
    assert!(err.contains("1 digit outside the givens left out"), "{err}");
    let (out, err, code) = run(&["convert", "--to", "json", "-"], saved);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("\"solved\""), "{out}");
}

#[test]
fn an_input_without_puzzles_is_an_error() {
    let commands: [&[&str]; 4] = [
        &["solve"],
        &["hint"],
        &["steps"],
        &["export", "--format", "lp"],
    ];
    for (text, command) in ["", "\n\n", "# only a comment\n"]
        .into_iter()
        .flat_map(|t| commands.map(|c| (t, c)))
    {
        let (out, err, code) = run(&[command, &["-"]].concat(), text);
        assert_eq!((out.as_str(), code), ("", 1), "{text:?}");
        assert!(err.contains("no puzzle in the input"), "{err}");
        // An empty input is said to be empty, not to hold only blank lines.
        assert_eq!(
            err.contains("standard input is empty"),
            text.is_empty(),
            "{err}"
        );
    }
}

#[test]
fn sixteen_4x4_looking_rows_are_one_16x16_and_two_4x4_lines_are_two_puzzles() {
    // Each row alone reads as a 4x4 puzzle, but sixteen of them are the rows of a 16x16.
    let rows = rows::sixteen_4x4_looking_rows();
    let (out, err, code) = run(&["count", "--limit", "2", "-"], &rows.join("\n"));
    assert_eq!((out.as_str(), code), ("2\n", 0), "{err}");
    let (out, _, code) = run(&["count", "-"], &rows[..2].join("\n"));
    assert_eq!((out.lines().count(), code), (2, 0), "{out}");
}

#[test]
fn sixteen_9x9_lines_with_bad_ones_stay_sixteen_answers() {
    // Together they hold a 36x36 grid's cells, and a letter is a 36x36 digit, but they are
    // not its rows: each line is answered, the bad ones as invalid.
    let mut lines = vec![".".repeat(81); 16];
    lines[5] = format!("A{}", ".".repeat(80));
    lines[0] = format!("Z{}", ".".repeat(80));
    let (out, err, code) = run(&["count", "--limit", "1", "-"], &lines.join("\n"));
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!((answers.len(), code), (16, 1), "{out}{err}");
    let invalid: Vec<usize> = (0..16).filter(|&i| answers[i] == "invalid").collect();
    assert_eq!(invalid, [0, 5], "{out}");
    assert!(err.contains("line 6: row 1, column 1: 'A'"), "{err}");
}

#[test]
fn a_puzzle_wrapped_over_lines_is_one_puzzle_though_a_piece_reads_alone() {
    // Wrapped at 80 columns: the last piece, a lone `.` or sixteen of `.1234`, reads alone
    // as a 1x1 or 4x4 puzzle, but one such line makes no collection.
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7.";
    let sixteen = rows::sixteen_4x4_looking_rows().concat();
    assert!(sixteen[240..].chars().all(|c| ".1234".contains(c)));
    for puzzle in [nine.to_string(), sixteen] {
        let wrapped: Vec<String> = puzzle
            .as_bytes()
            .chunks(80)
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        let (out, err, code) = run(&["solve", "-"], &wrapped.join("\n"));
        let (alone, _, _) = run(&["solve", "-"], &puzzle);
        assert_eq!((out.as_str(), code), (alone.as_str(), 0), "{err}");
    }
    // Rows of a 16x16 that clash, most of them 4x4 puzzles alone: one invalid puzzle.
    let mut rows = rows::sixteen_4x4_looking_rows();
    rows[0].replace_range(15.., "G");
    rows[1] = format!("1{}", ".".repeat(15));
    let (out, err, code) = run(&["count", "-"], &rows.join("\n"));
    assert_eq!((out.as_str(), code), ("invalid\n", 1), "{err}");
    assert!(err.contains("contradictory givens"), "{err}");
}

/// Two 9x9 puzzles for the batch tests.
const TWO: [&str; 2] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
];

#[test]
fn batch_output_reads_back_and_bad_bytes_or_comments_spoil_nothing_around_them() {
    let two = TWO;
    // JSON of several puzzles is one document per line, and reads back.
    let (json, _, code) = run(&["convert", "--to=json", "-"], &two.join("\n"));
    assert_eq!((json.lines().count(), code), (2, 0));
    // A line that does not read is a JSON line too, so the output stays JSON lines.
    let (mixed, _, code) = run(&["convert", "--to=json", "-"], &format!("123\n{}", two[0]));
    let first: serde_json::Value = serde_json::from_str(mixed.lines().next().unwrap()).unwrap();
    assert_eq!((first["status"].as_str(), code), (Some("invalid"), 1));
    let (lines, err, code) = run(&["convert", "--to", "line", "--", "-"], &json);
    assert_eq!(
        (lines.lines().collect::<Vec<_>>(), code),
        (two.to_vec(), 0),
        "{err}"
    );
    // JSON lines after a byte-order mark, and with a placeholder among them.
    let marked = format!("\u{feff}{json}");
    let (lines, _, code) = run(&["convert", "--to", "line", "-"], &marked);
    assert_eq!((lines.lines().collect::<Vec<_>>(), code), (two.to_vec(), 0));
    let gap: Vec<&str> = json.lines().collect();
    let with_gap = format!("{}\ninvalid\n{}", gap[0], gap[1]);
    let (lines, _, code) = run(&["convert", "--to", "line", "-"], &with_gap);
    let want = vec![two[0], "invalid", two[1]];
    assert_eq!((lines.lines().collect::<Vec<_>>(), code), (want, 1));
    // Comments between puzzles, one per line or one layout each, end them: these rows
    // would be a 16x16 without the comments.
    let rows = rows::sixteen_4x4_looking_rows();
    let (out, _, _) = run(&["count", "--limit", "1", "-"], &rows.join("\n# next\n"));
    assert_eq!(out.lines().count(), 16, "{out}");
    // Lines of two sizes are two puzzles; rows with blank lines between the bands, one.
    let nine = two[0];
    let (out, _, _) = run(
        &["convert", "--to", "line", "-"],
        &format!("{nine}\n1..............."),
    );
    assert_eq!(out, format!("{nine}\n1...............\n"));
    let bands: Vec<String> = nine
        .as_bytes()
        .chunks(27)
        .map(|band| {
            let rows: Vec<&str> = band
                .chunks(9)
                .map(|r| std::str::from_utf8(r).unwrap())
                .collect();
            rows.join("\n")
        })
        .collect();
    let (out, _, _) = run(&["convert", "--to", "line", "-"], &bands.join("\n\n"));
    assert_eq!(out, format!("{nine}\n"));
    // Also with a comment between the bands: no band reads alone, the whole does.
    let (out, _, _) = run(
        &["convert", "--to", "line", "-"],
        &bands.join("\n\n# band\n"),
    );
    assert_eq!(out, format!("{nine}\n"));
    // Sixteen 4x4 puzzles one per paragraph stay sixteen, although their lines could be
    // the rows of a 16x16 grid.
    let rows = rows::sixteen_4x4_looking_rows();
    let (out, _, _) = run(&["count", "--limit", "1", "-"], &rows.join("\n\n"));
    assert_eq!(out.lines().count(), 16, "{out}");
    // A title line before each grid's rows (as in Project Euler's file), or a note under
    // one, does not split the grid, and gets no answer (tests/cli_words.rs).
    let rows9: Vec<&str> = (0..9).map(|r| &nine[r * 9..r * 9 + 9]).collect();
    let titled = format!("Grid 01\n{0}\nGrid 02\n{0}\n", rows9.join("\n"));
    let (out, _, code) = run(&["convert", "--to", "line", "-"], &titled);
    assert_eq!((out, code), (format!("{nine}\n{nine}\n"), 0));
}

#[test]
fn bad_lines_in_a_batch_spoil_only_themselves() {
    let two = TWO;
    let nine = two[0];
    // Fifteen 4x4 puzzles and one that clashes are sixteen answers, not one bad 16x16.
    let mut fours: Vec<String> = (0..15)
        .map(|i| {
            let mut l = vec!['.'; 16];
            l[i] = char::from(b'1' + (i % 4) as u8);
            l.into_iter().collect()
        })
        .collect();
    fours.push("11..............".into());
    let (out, _, _) = run(&["count", "--limit", "1", "-"], &fours.join("\n"));
    assert_eq!(out.lines().count(), 16, "{out}");
    assert_eq!(out.lines().last(), Some("invalid"));
    // JSON lines with one that is not a document, or one cut short: the others still read.
    let one = "{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}";
    let (out, _, _) = run(
        &["convert", "--to", "line", "-"],
        &format!("{one}\ninvalid\n"),
    );
    assert_eq!(out, "1...............\ninvalid\n");
    let cut = format!("{one}\n{one}\n{{\"dim\":3,\"fixed\":{{\"1\":\n");
    let (out, _, _) = run(&["convert", "--to", "line", "-"], &cut);
    assert_eq!(out, "1...............\n1...............\ninvalid\n");
    // A row short of a cell is named by its line in the text, comments and all.
    let mut layout = vec![two[1].to_string(), String::new(), "# note".into()];
    let rows1: Vec<&str> = (0..9).map(|r| &two[1][r * 9..r * 9 + 9]).collect();
    layout.extend(rows1[..4].iter().map(|r| r.to_string()));
    layout.push("# mid".into());
    layout.push(rows1[4][..7].to_string());
    layout.extend(rows1[5..].iter().map(|r| r.to_string()));
    let (_, err, _) = run(&["convert", "--to", "line", "-"], &layout.join("\n"));
    assert!(err.contains("line 9 has 7 cells"), "{err}");
    // Two files joined, each starting with a byte-order mark and a comment.
    let file = format!("\u{feff}# a puzzle\n{nine}\n");
    let (out, err, code) = run(&["convert", "--to", "line", "-"], &file.repeat(2));
    assert_eq!((out, code), (format!("{nine}\n{nine}\n"), 0), "{err}");
    // Bad 4x4 lines stay one answer each.
    let (out, _, _) = run(&["count", "-"], "11..............\n22..............\n");
    assert_eq!(out, "invalid\ninvalid\n");
    // A comment inside a grid layout is skipped; a layout short of a row is one error.
    let (grids, _, _) = run(&["convert", "--to", "grid", "-"], &two.join("\n"));
    let mut commented: Vec<&str> = grids.lines().collect();
    commented.insert(3, "# a note");
    let (lines, err, code) = run(&["convert", "--to", "line", "-"], &commented.join("\n"));
    assert_eq!(
        (lines.lines().collect::<Vec<_>>(), code),
        (two.to_vec(), 0),
        "{err}"
    );
    let titled = format!("# one\n{}", grids.replace("\n\n", "\n# two\n"));
    let (lines, err, code) = run(&["convert", "--to", "line", "-"], &titled);
    let read: Vec<&str> = lines.lines().collect();
    assert_eq!((read, code), (two.to_vec(), 0), "{err}");
    let short: Vec<&str> = grids.lines().take(10).collect();
    let (out, err, code) = run(&["convert", "--to", "line", "-"], &short.join("\n"));
    assert_eq!((out.as_str(), code), ("invalid\n", 1));
    assert!(err.contains("found 8 rows of 9 cells"), "{err}");
    // A bad puzzle's placeholder in the grid layout leaves the next grid readable.
    let (grids, _, code) = run(
        &["convert", "--to", "grid", "-"],
        &format!("xx\n{}", two[1]),
    );
    assert_eq!(code, 1);
    let (lines, _, _) = run(&["convert", "--to", "line", "-"], &grids);
    assert_eq!(lines.lines().last(), Some(two[1]));
    // Bytes that are not UTF-8 spoil only their own line, and are pointed at.
    let mut bytes = b"# caf\xe9\n".to_vec();
    bytes.extend_from_slice(two[1].as_bytes());
    let out = common::run_bytes(&["solve"], &bytes);
    let (solved, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(
        (solved.lines().count(), out.status.code()),
        (1, Some(0)),
        "{err}"
    );
    assert!(
        err.starts_with("line 1: byte 6 of the input is not UTF-8 text"),
        "{err}"
    );
    let out = common::run_bytes(&["solve"], b"\xff\xfe5\x003\x00");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(err.contains("is UTF-16 text; save it as UTF-8"), "{err}");
    // A model is one puzzle's.
    let (out, err, code) = run(&["export", "--format", "lp", "-"], &two.join("\n"));
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("the input holds 2"), "{err}");
}

#[test]
fn lines_that_are_no_puzzles_are_reported_one_by_one() {
    // `puzzle:count:solution` lines are no puzzles here, and together no grid either.
    let text = std::fs::read_to_string("tests/fixtures/conformance.txt").unwrap();
    let lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    let (out, err, code) = run(&["solve", "-"], &text);
    assert_eq!(code, 1);
    assert_eq!(out.lines().filter(|l| *l == "invalid").count(), lines);
    assert_eq!(err.lines().count(), lines, "{err}");
}

/// The commands, as the help lists them.
const COMMANDS: [&str; 12] = [
    "solve",
    "count",
    "convert",
    "generate",
    "check",
    "export",
    "hint",
    "steps",
    "rate",
    "techniques",
    "completions",
    "man",
];

#[test]
fn usage_errors_exit_2_with_a_message() {
    // Each names the option and the value that is wrong, and what it takes.
    for (args, said) in [
        (vec!["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (
            vec!["count", "--limit", "x"],
            "invalid value 'x' for '--limit <K>': a whole number of 1 or more is needed",
        ),
        (
            vec!["count", "--limit=-1"],
            "invalid value '-1' for '--limit <K>': it must be at least 1",
        ),
        (
            vec!["count", "--limit", "99999999999999999999999"],
            "invalid value '99999999999999999999999' for '--limit <K>': the number is too large",
        ),
        (
            vec!["count", "--limit", "0"],
            "invalid value '0' for '--limit <K>': it must be at least 1",
        ),
        (
            vec!["solve", "--jobs", "257"],
            "invalid value '257' for '--jobs <N>': it must be 256 or fewer",
        ),
        (
            vec!["rate", "-j100000"],
            "invalid value '100000' for '--jobs <N>': it must be 256 or fewer",
        ),
        (
            vec!["solve", "--formulation", "magic"],
            "invalid value 'magic' for '--formulation <F>'\n  [possible values: propagation, exact-cover, sat, mip]",
        ),
        (vec!["convert"], "not provided:\n  --to <FORMAT>"),
        (vec!["export"], "not provided:\n  --format <FORMAT>"),
        (vec!["generate"], "not provided:\n  --box <N>"),
        (
            vec!["generate", "--box", "0"],
            "invalid value '0' for '--box <N>': the box size goes from 1 to 7",
        ),
        (
            vec!["generate", "--box", "8"],
            "invalid value '8' for '--box <N>': the box size goes from 1 to 7",
        ),
        (
            vec!["generate", "--box", "2", "--count", "0"],
            "invalid value '0' for '--count <C>': it must be at least 1",
        ),
        (
            vec!["solve", "--json=false"],
            "unexpected value 'false' for '--json' found",
        ),
        (vec!["completions", "nushell"], "invalid value 'nushell'"),
        (
            vec!["man", "solv"],
            "no command 'solv' (one of: solve, count,",
        ),
    ] {
        // A puzzle on standard input: nothing of it is answered.
        let (out, err, code) = run(&args, "1...............\n");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(
            err.ends_with("For more information, try '--help'.\n"),
            "{err}"
        );
    }
    // An option of another command is refused, naming the commands that take it.
    for (args, given, tip) in [
        (
            vec!["solve", "--limit", "4"],
            "--limit",
            "--limit is an option of count",
        ),
        (
            vec!["solve", "--to=json"],
            "--to",
            "--to is an option of convert",
        ),
        (
            vec!["convert", "--to", "line", "-f", "sat"],
            "-f",
            "--formulation is an option of solve, count, generate, check",
        ),
    ] {
        let (out, err, code) = run(&args, "1...............\n");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        let refused = format!("error: unexpected argument '{given}' found");
        assert!(err.starts_with(&refused), "{args:?}: {err}");
        assert!(err.contains(&format!("tip: {tip}\n")), "{args:?}: {err}");
        let usage = format!("Usage: sudoku-lab {} ", args[0]);
        assert!(err.contains(&usage), "{args:?}: {err}");
    }
    let (out, err, code) = run(&["generate", "--box", "2", "puzzles.txt"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("error: unexpected argument 'puzzles.txt' found"),
        "{err}"
    );
    let (out, _, code) = run(&["--version"], "");
    assert_eq!(
        (out.trim(), code),
        (concat!("sudoku-lab ", env!("CARGO_PKG_VERSION")), 0)
    );
    // After `--` an argument is a file name, even one that looks like an option.
    let (out, err, code) = run(&["solve", "--", "--version"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.starts_with("error: cannot read --version"), "{err}");
}

/// Each command's own help opens with the summary the tool's help lists for it, not with the
/// text of an argument group it shares with other commands (the commands' arguments are built
/// only for the command run).
#[test]
fn each_command_help_opens_with_its_summary() {
    let (help, _, _) = run(&["--help"], "");
    for command in COMMANDS {
        let listed = help
            .lines()
            .map(str::trim_start)
            .find(|l| l.starts_with(&format!("{command} ")))
            .unwrap_or_else(|| panic!("{command}: {help}"));
        let summary = listed[command.len()..].trim();
        let start = &summary[..summary.len().min(24)];
        for flag in ["-h", "--help"] {
            let (own, err, code) = run(&[command, flag], "");
            assert_eq!((code, err.as_str()), (0, ""), "{command} {flag}");
            assert!(own.starts_with(start), "{command} {flag}: {own}");
        }
    }
}

#[test]
fn the_help_documents_formats_placeholders_and_exit_status() {
    let (help, err, code) = run(&["--help"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    for said in [
        "Usage: sudoku-lab <COMMAND>",
        "as JSON ({\"dim\":3,",
        "one character per cell (. 0 _ blank, 1-9 then A-Z;",
        "gets 'invalid', one the command fails on gets 'error'",
        "--name=value is the same as --name value; after -- every argument is a file",
        "Exit status:\n  0  every puzzle was read and answered",
        "\n  1  some puzzle was invalid or failed, the input held none, or the answers could \
         not be written",
        "\n  2  a usage error, or the input could not be opened or read (UTF-16 text, 8 MiB \
         without a\n     line break)",
        "A short line of words (a title such as Grid 01, a note)",
    ] {
        assert!(help.contains(said), "{said}: {help}");
    }
    for command in COMMANDS {
        assert!(
            help.contains(&format!("\n  {command} ")),
            "{command}: {help}"
        );
    }
    assert_eq!(run(&["help"], "").0, help);
    // Without a command, the summary on standard error, as a usage error.
    let (out, err, code) = run(&[], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("Usage: sudoku-lab <COMMAND>"), "{err}");
    // Each command's help tells its own options and their values.
    let (help, _, code) = run(&["generate", "--help"], "");
    assert_eq!(code, 0);
    for said in [
        "--stop-after <SECONDS>",
        "rot180",
        "additive",
        "exact-cover",
    ] {
        assert!(help.contains(said), "{said}: {help}");
    }
    // Each command's own help and manual page tell its exit statuses too.
    for command in [
        "solve", "count", "convert", "check", "export", "hint", "steps", "rate",
    ] {
        let (help, _, _) = run(&[command, "--help"], "");
        assert!(
            help.contains("\n  1  some puzzle was invalid"),
            "{command}: {help}"
        );
    }
    assert!(help.contains("\n  1  a puzzle could not be made"), "{help}");
    let (page, _, _) = run(&["man", "check"], "");
    assert!(page.contains("Exit status:"), "{page}");
}

#[test]
fn completions_and_manual_pages_cover_every_command() {
    let (bash, err, code) = run(&["completions", "bash"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    // The words offered after `sudoku-lab`, and a case for each command's own options.
    let offered = bash
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("opts=\"-h -V"))
        .unwrap_or_else(|| panic!("{bash}"));
    for command in COMMANDS {
        let word = format!(" {command} ");
        assert!(offered.contains(&word), "{command}: {offered}");
        assert!(
            bash.contains(&format!("\n        sudoku__lab__subcmd__{command})\n")),
            "{command}"
        );
    }
    // Sourced in bash, it completes a command's options and their values.
    let script = std::env::temp_dir().join(format!("sudoku-lab-{}.bash", std::process::id()));
    std::fs::write(&script, &bash).unwrap();
    for (words, want) in [
        ("sudoku-lab so", "solve"),
        ("sudoku-lab count --l", "--limit"),
        ("sudoku-lab generate --stop", "--stop-after"),
        ("sudoku-lab solve -f e", "exact-cover"),
        ("sudoku-lab convert --to j", "json"),
    ] {
        let completed = Command::new("bash")
            .arg("-c")
            .arg(format!(
                "source {}; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
                 _sudoku__lab sudoku-lab \"${{COMP_WORDS[COMP_CWORD]}}\" \
                 \"${{COMP_WORDS[COMP_CWORD - 1]}}\"; echo \"${{COMPREPLY[@]}}\"",
                script.display()
            ))
            .output()
            .expect("bash runs");
        let offered = String::from_utf8_lossy(&completed.stdout);
        assert_eq!(
            offered.trim(),
            want,
            "{words}: {}",
            String::from_utf8_lossy(&completed.stderr)
        );
    }
    let _ = std::fs::remove_file(&script);
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let (script, _, code) = run(&["completions", shell], "");
        assert_eq!(code, 0, "{shell}");
        assert!(
            script.contains("generate") && script.contains("max-clues"),
            "{shell}"
        );
    }
    let (page, err, code) = run(&["man"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(page.contains(".TH sudoku-lab 1"), "{page}");
    for section in [
        ".SH NAME\nsudoku\\-lab \\- ",
        ".SH SYNOPSIS\n",
        ".SH DESCRIPTION\n",
    ] {
        assert!(page.contains(section), "{section}: {page}");
    }
    assert!(page.contains("Exit status:"), "{page}");
    for command in COMMANDS {
        let name = format!("sudoku\\-lab\\-{command}");
        assert!(
            page.contains(&format!("\n{name}(1)\n")),
            "{command}: {page}"
        );
        // The page it points to.
        let (own, _, code) = run(&["man", command], "");
        assert_eq!(code, 0, "{command}");
        let title = format!(".TH sudoku-lab-{command} 1");
        assert!(own.contains(&title), "{own}");
        assert!(own.contains(&format!(".SH NAME\n{name} \\- ")), "{own}");
        assert!(own.contains(".SH SYNOPSIS\n"), "{own}");
    }
    let (own, _, _) = run(&["man", "count"], "");
    assert!(own.contains("\\-\\-limit"), "{own}");
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

#[test]
fn a_0x0_grid_is_refused_like_box_0() {
    let (out, err, code) = run(&["convert", "--to", "line", "-"], r#"{"dim":0}"#);
    assert_eq!((out.as_str(), code), ("invalid\n", 1));
    assert!(err.contains("a 0x0 grid has no cells"), "{err}");
}

/// Plain 9x9 lines, which `solve` takes from their bytes to the 9x9 solver, get the answers
/// of another formulation and of JSON output (both the full path): unique, several and no
/// solutions, clashing givens and stray characters, past the run that settles lines alone.
#[test]
fn plain_nine_lines_are_answered_as_the_full_path_answers_them() {
    let fixture = std::fs::read_to_string(FIXTURE).unwrap();
    let mut lines: Vec<String> = fixture
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81)
        .map(String::from)
        .collect();
    assert!(!lines.is_empty(), "the fixture has plain 9x9 lines");
    let first = lines[0].clone();
    let blank = ".".repeat(81);
    lines.push(format!("11{}", &blank[2..]));
    lines.push(format!("x{}", &first[1..]));
    lines.push(format!("{}1", &first[..80]));
    let mut no_solution = blank.into_bytes();
    no_solution[..8].copy_from_slice(b"12345678");
    no_solution[17] = b'9';
    lines.push(String::from_utf8(no_solution).unwrap());
    lines.push(".".repeat(81).replacen('.', "5", 1));
    let text = lines
        .iter()
        .cycle()
        .take(300)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    let fast = run(&["solve", "--jobs", "1"], &text);
    let other = run(&["solve", "--jobs", "1", "-f", "exact-cover"], &text);
    assert_eq!(fast, other);
    let answers: Vec<&str> = fast.0.lines().collect();
    for want in ["no solution", "multiple solutions", "invalid"] {
        assert!(answers.contains(&want), "{want} is among the answers");
    }
    let json = run(&["solve", "--jobs", "1", "--json"], &text).0;
    for (line, json) in answers.iter().zip(json.lines()) {
        if line.len() == 81 {
            let from_json = parse(json).unwrap().grid;
            assert_eq!(parse(line).unwrap().grid.values(), from_json.values());
        } else {
            let status: serde_json::Value = serde_json::from_str(json).unwrap();
            assert_eq!(Some(*line), status["status"].as_str(), "{json}");
        }
    }
}

/// 25x25 puzzles as the command line answers them, split into cubes on every core (after a
/// short try of one search for the default formulation): a sparse minimal puzzle of the gecode
/// set and a generated one that the first try answers, each proved unique by both
/// formulations, with the solution checked.
#[test]
fn sparse_and_easy_25x25_puzzles_are_proved_unique_by_both_formulations() {
    let file = "tests/fixtures/sparse-25.txt";
    let text = std::fs::read_to_string(file).unwrap();
    for formulation in ["propagation", "sat"] {
        let (out, err, code) = run(&["count", "--limit", "2", "-f", formulation, file], "");
        assert_eq!((out.as_str(), code), ("1\n1\n", 0), "{formulation}: {err}");
        let (out, err, code) = run(&["solve", "-f", formulation, file], "");
        assert_eq!(code, 0, "{formulation}: {err}");
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), 2, "{formulation}: {out}");
        for (puzzle, answer) in text.lines().zip(answers) {
            let puzzle: Grid = parse(puzzle).unwrap().puzzle;
            let solved: Grid = parse(answer).unwrap().puzzle;
            check_solution(&puzzle, &solved).expect("a valid solution");
        }
    }
}
