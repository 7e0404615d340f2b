//! Lines of words in a file of puzzles (a title such as `Grid 01` before each puzzle, a note
//! under one): every command that reads puzzles passes them over by the page's rule
//! (`format::is_words`), with a note on standard error for the first and, past one, a count of
//! them at the end, and answers the puzzles alone.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;

use common::run_text as run;

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The note said for the first line of words, and for it alone (a summary may count them).
fn assert_one_note(err: &str, line: usize, words: &str, what: &str) {
    let note = format!("line {line}: skipped \"{words}\": a title or a note, not a puzzle");
    assert!(err.contains(&note), "{what}: {err}");
    assert_eq!(err.matches("a title or a note").count(), 1, "{what}: {err}");
}

#[test]
fn every_command_that_reads_puzzles_passes_titles_over() {
    let titled = format!("Grid 01\n{PUZZLE}\nGrid 02\n{PUZZLE}\n");
    let two = format!("{PUZZLE}\n{PUZZLE}\n");
    let commands: [&[&str]; 14] = [
        &["solve", "-"],
        &["solve", "--json", "-"],
        &["solve", "--jobs", "2", "-"],
        &["count", "-"],
        &["check", "-"],
        &["rate", "-"],
        &["rate", "--json", "-"],
        &["convert", "--to", "grid", "-"],
        &["convert", "--to", "json", "-"],
        &["hint", "-"],
        &["hint", "--json", "-"],
        &["steps", "-"],
        &["steps", "--json", "-"],
        &["check", "--difficulty", "-"],
    ];
    for args in commands {
        let (plain, _, plain_code) = run(args, &two);
        assert_eq!(plain_code, 0, "{args:?}");
        let (out, err, code) = run(args, &titled);
        assert_eq!((&out, code), (&plain, 0), "{args:?}: {err}");
        assert_one_note(&err, 1, "Grid 01", &format!("{args:?}"));
    }
    // `export` writes one puzzle's model: a title before it is not a second puzzle.
    for format in ["dimacs", "lp"] {
        let args = ["export", "--format", format, "-"];
        let (plain, _, _) = run(&args, PUZZLE);
        let (out, err, code) = run(&args, &format!("Puzzle 7 (hard)\n{PUZZLE}\n"));
        assert_eq!((&out, code), (&plain, 0), "{format}: {err}");
        assert_one_note(&err, 1, "Puzzle 7 (hard)", format);
    }
}

#[test]
fn titles_over_layouts_and_notes_under_them_get_no_answer_line() {
    // Project Euler's file: a title before each grid's nine rows.
    let rows: Vec<&str> = (0..9).map(|r| &PUZZLE[r * 9..r * 9 + 9]).collect();
    let euler = format!("Grid 01\n{0}\nGrid 02\n{0}\n", rows.join("\n"));
    let (out, err, code) = run(&["convert", "--to", "line", "-"], &euler);
    assert_eq!((out, code), (format!("{PUZZLE}\n{PUZZLE}\n"), 0), "{err}");
    assert_one_note(&err, 1, "Grid 01", "euler");
    let noted = format!("{}\nSolution below\n", rows.join("\n"));
    let (out, err, code) = run(&["convert", "--to", "line", "-"], &noted);
    assert_eq!((out, code), (format!("{PUZZLE}\n"), 0), "{err}");
    assert_one_note(&err, 10, "Solution below", "note");
}

#[test]
fn a_long_input_passes_titles_over_as_it_arrives() {
    // Past the first lines that might still be one grid, the reader gives pieces as blocks
    // end: the titles there are passed over too, with the one note of the first.
    let text: String = (1..=300)
        .map(|i| format!("Puzzle number {i}\n{PUZZLE}\n"))
        .collect();
    let (out, err, code) = run(&["solve", "--jobs", "2", "-"], &text);
    let (one, _, _) = run(&["solve", "-"], PUZZLE);
    assert_eq!((out, code), (one.repeat(300), 0), "{err}");
    assert_one_note(&err, 1, "Puzzle number 1", "long");
}

#[test]
fn a_malformed_puzzle_is_still_invalid_and_words_alone_are_no_puzzle() {
    // A puzzle line with a mistake reads as a puzzle, not as words: it is answered.
    let typo = format!("{}x{}", &PUZZLE[..40], &PUZZLE[41..]);
    let (out, err, code) = run(&["solve", "-"], &format!("Grid 01\n{typo}\n{PUZZLE}\n"));
    let (one, _, _) = run(&["solve", "-"], PUZZLE);
    assert_eq!((out, code), (format!("invalid\n{one}"), 1), "{err}");
    assert!(err.contains("line 2: row 5, column 5"), "{err}");
    // So is a short line of cells with no word in it.
    let (out, _, code) = run(&["solve", "-"], "12.4\n");
    assert_eq!((out, code), ("invalid\n".to_string(), 1));
    // A text of words and no puzzle has nothing to answer.
    let (out, err, code) = run(&["solve", "-"], "My puzzles\n\nnone yet\n");
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
    assert!(err.contains("lines of words"), "{err}");
    let (out, err, code) = run(&["hint", "-"], "My puzzles\n");
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
    assert!(err.contains("lines of words"), "{err}");
}

/// The rows of a 25x25 grid, one per line: letters stand for digits from 10 up, so a row has
/// runs of letters (`ABCDE`) as a title has words.
fn rows_25() -> Vec<String> {
    let symbol = |v: usize| {
        char::from_digit(v as u32, 36)
            .expect("up to 35")
            .to_ascii_uppercase()
    };
    (0..25)
        .map(|r| {
            (0..25)
                .map(|c| symbol(((r % 5) * 5 + r / 5 + c) % 25 + 1))
                .collect()
        })
        .collect()
}

#[test]
fn rows_of_a_large_grid_among_titles_are_answered_not_passed_over() {
    let rows = rows_25();
    assert!(rows.iter().any(|r| r.contains("ABCDE")), "{rows:?}");
    // In one paragraph with titles and 9x9 lines the block reads line by line: each row is a
    // puzzle that does not read, never a title.
    let text = format!(
        "Grid 01\n{PUZZLE}\nGrid 02\n{}\nGrid 03\n{PUZZLE}\n",
        rows.join("\n")
    );
    let (out, err, code) = run(&["solve", "-"], &text);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.lines().any(|l| l == "invalid"), "{out}");
    assert!(!err.contains("ABCDE"), "a row was taken for words: {err}");
    // A row with a mistake in it is a puzzle that does not read either.
    let mut broken = rows.clone();
    broken[3].replace_range(3..4, "!");
    let (out, err, code) = run(
        &["solve", "-"],
        &format!("{PUZZLE}\n{}\n", broken.join("\n")),
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(!err.contains("a title or a note"), "{err}");
}

#[test]
fn the_lines_of_words_are_counted_and_named_at_the_end_of_the_input() {
    let text: String = (1..=50)
        .map(|i| format!("Grid {i:02}\n{PUZZLE}\n"))
        .collect();
    let first = "line 1: skipped \"Grid 01\": a title or a note, not a puzzle (no answer line \
                 for it)\n";
    let summary = "skipped 50 lines of words in all (titles or notes; no answer lines for \
                   them): lines 1, 3, 5 and 47 more\n";
    for args in [
        &["solve", "-"][..],
        &["solve", "--jobs", "2", "-"],
        &["count", "-"],
        &["hint", "-"],
    ] {
        let (out, err, code) = run(args, &text);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(out.lines().count(), 50, "{args:?}");
        assert_eq!(err, format!("{first}{summary}"), "{args:?}");
    }
    // Two lines of words are both named; one needs no summary.
    let (_, err, _) = run(
        &["solve", "-"],
        &format!("Grid 01\n{PUZZLE}\nGrid 02\n{PUZZLE}\n"),
    );
    assert!(err.ends_with(": lines 1 and 3\n"), "{err}");
    let (_, err, _) = run(&["solve", "-"], &format!("Grid 01\n{PUZZLE}\n"));
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A SadMan Sudoku `.sdk` file starts with a section's name in brackets: a title before the
/// grid's rows, not a JSON array. A bracketed line that could be JSON is still read as JSON.
#[test]
fn a_bracketed_section_name_is_a_title_before_the_rows() {
    let rows: Vec<&str> = (0..9).map(|r| &PUZZLE[r * 9..r * 9 + 9]).collect();
    let sdk = format!("[Puzzle]\n{}\n", rows.join("\n"));
    let (out, err, code) = run(&["solve", "-"], &sdk);
    let (alone, _, _) = run(&["solve", "-"], PUZZLE);
    assert_eq!((out.as_str(), code), (alone.as_str(), 0), "{err}");
    assert_one_note(&err, 1, "[Puzzle]", "sdk");
    let (out, err, code) = run(&["solve", "-"], "[1, 2, 3]\n");
    assert_eq!((out.as_str(), code), ("invalid\n", 1), "{err}");
}
