//! Texts of several puzzles: which one is imported, and what is said of the lines passed over.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::state::{Action, AppState};
use sudoku_lab::engine::Size;

#[test]
fn a_text_of_several_puzzles_imports_the_first_and_says_so() {
    let other = PUZZLE.replace('4', ".");
    let text = format!("# two puzzles\n{PUZZLE}\n\n{other}\n");
    let s = AppState::default().reduce(Action::Import(text));
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(
        s.status.to_string(),
        "Imported a 9x9 puzzle with 17 clues (line format) (the first of 2 puzzles in the text); \
         playing, the clues are locked."
    );
    // Puzzles of 16 characters look like rows of a 16x16 grid; a byte-order mark and a
    // comment line before them change nothing.
    let small = "\u{feff}# 4x4\n1...............\n.2..............\n..3.............\n";
    let s = AppState::default().reduce(Action::Import(small.into()));
    assert_eq!(s.board.grid.size(), Size::new(2).expect("4x4"));
    assert!(
        s.status
            .to_string()
            .contains("(the first of 3 puzzles in the text)"),
        "{}",
        s.status.to_string()
    );
    // A grid whose rows are ragged is one puzzle with a short row, named as such.
    let rows: Vec<String> = (0..9)
        .map(|r| PUZZLE[r * 9..r * 9 + 9].to_string())
        .collect();
    let ragged = format!("{}\n{}", rows[..8].join("\n"), &rows[8][..8]);
    let s = AppState::default().reduce(Action::Import(ragged));
    assert!(
        s.status.is_error() && s.status.to_string().contains("line 9"),
        "{}",
        s.status.to_string()
    );
    // A puzzle line followed by one that is none (a note, a typo), or by a puzzle of another
    // size: the first is imported, and a line that does not read is named.
    let s = AppState::default().reduce(Action::Import(format!("{PUZZLE}\n12x")));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false)
    );
    assert!(
        s.status.to_string().starts_with(
            "Imported a 9x9 puzzle with 17 clues (line format); playing, the clues are \
             locked. Skipped line 2, \"12x\", which does not read as a puzzle: found 3 cells;"
        ),
        "{}",
        s.status.to_string()
    );
    // A title line before the puzzle is passed over the same way, said to be a title rather
    // than a puzzle gone wrong; so is one of Project Euler's before a grid's rows.
    let s = AppState::default().reduce(Action::Import(format!("Puzzle 1 (easy)\n{PUZZLE}")));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false)
    );
    assert!(
        s.status.to_string().ends_with(
            "; playing, the clues are locked. Skipped line 1, \"Puzzle 1 (easy)\": a title or \
             a note, not a puzzle."
        ),
        "{}",
        s.status.to_string()
    );
    let rows = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned());
    let euler = std::iter::once("Grid 01".to_string())
        .chain(rows)
        .collect::<Vec<_>>();
    let s = AppState::default().reduce(Action::Import(euler.join("\n")));
    assert_eq!(s.board.grid.puzzle(), puzzle(), "{}", s.status);
    assert!(
        s.status
            .to_string()
            .ends_with(" Skipped line 1, \"Grid 01\": a title or a note, not a puzzle."),
        "{}",
        s.status.to_string()
    );
    let s = AppState::default().reduce(Action::Import(format!("{PUZZLE}\n1...............")));
    assert_eq!(s.board.grid.puzzle(), puzzle(), "{}", s.status);
    assert!(
        s.status
            .to_string()
            .contains("(the first of 2 puzzles in the text)")
    );
    // The same for JSON documents one per line, of two sizes.
    let json = "{\"dim\":3,\"fixed\":{\"1\":{\"3\":7}}}\n{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}";
    let s = AppState::default().reduce(Action::Import(json.into()));
    assert_eq!(s.board.grid.size(), Size::NINE, "{}", s.status);
    assert!(
        s.status
            .to_string()
            .contains("(the first of 2 puzzles in the text)")
    );
    // Rows with blank lines between the bands are one grid.
    let bands: Vec<String> = (0..3)
        .map(|b| {
            (0..3)
                .map(|r| PUZZLE[(3 * b + r) * 9..(3 * b + r) * 9 + 9].to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    let s = AppState::default().reduce(Action::Import(bands.join("\n\n")));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false),
        "{}",
        s.status
    );
    // A puzzle wrapped at 80 columns, its last piece a lone blank, imports as one.
    let wrapped = format!("{}\n{}", &PUZZLE[..80], &PUZZLE[80..]);
    let s = AppState::default().reduce(Action::Import(wrapped));
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false),
        "{}",
        s.status
    );
}

/// The text of a 16x16 puzzle in rows, one row per line, `cell` its first cell and the rest blank.
fn rows16(cell: char) -> String {
    let mut rows = vec![".".repeat(16); 16];
    rows[0].replace_range(0..1, &cell.to_string());
    rows.join("\n")
}

#[test]
fn a_puzzle_with_a_mistake_is_never_passed_over_as_a_title() {
    let said = |text: String| {
        let s = AppState::default().reduce(Action::Import(text));
        (s.board.grid.puzzle() == puzzle(), s.status.to_string())
    };
    // A JSON line cut short or wrong: `dim` and `fixed` are words, but it is no title.
    let good = "{\"dim\":3,\"fixed\":{\"1\":{\"3\":7}}}";
    for json in [
        "{\"dim\":2,\"fixed\":{\"1\":{\"1\":5}}}",
        "{\"dim\":3,\"fixed\":{",
    ] {
        let (_, status) = said(format!("{json}\n{good}"));
        assert!(
            status.starts_with("Imported a 9x9 puzzle from line 2 with 1 clue"),
            "{status}"
        );
        assert!(
            status.contains("which does not read as a puzzle"),
            "{status}"
        );
    }
    // A 16x16 in rows with a bad cell: its first row is letters, a piece of several lines.
    let (_, status) = said(format!("{}\n\n{}", rows16('Z'), rows16('A')));
    assert!(
        status.starts_with("Imported a 16x16 puzzle from line 18"),
        "{status}"
    );
    assert!(
        status.contains("which does not read as a puzzle"),
        "{status}"
    );
    // Numeric rows with a word in them are one piece with a mistake, not a title.
    let numeric: Vec<String> = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".to_string()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut broken = numeric.clone();
    broken[0] = broken[0].replacen('0', "NaN", 1);
    let (imported, status) = said(format!("{}\n\n{}", broken.join("\n"), numeric.join("\n")));
    assert!(imported, "{status}");
    assert!(
        status.contains("which does not read as a puzzle"),
        "{status}"
    );
}

#[test]
fn a_broken_puzzle_is_said_before_a_title_and_the_imported_one_is_located() {
    let mut broken = PUZZLE.to_string();
    broken.replace_range(40..41, "*");
    let text = format!("Grid 01\n{broken}\nGrid 02\n{PUZZLE}");
    let s = AppState::default().reduce(Action::Import(text));
    assert_eq!(s.board.grid.puzzle(), puzzle(), "{}", s.status);
    let status = s.status.to_string();
    assert!(
        status.starts_with("Imported a 9x9 puzzle from line 4 with 17 clues"),
        "{status}"
    );
    assert!(status.contains("Skipped line 2, "), "{status}");
    assert!(
        status.contains("which does not read as a puzzle"),
        "{status}"
    );
    // Titles alone are still said as titles, with the puzzle's line.
    let s = AppState::default().reduce(Action::Import(format!("Grid 01\n{PUZZLE}")));
    assert!(
        s.status
            .to_string()
            .starts_with("Imported a 9x9 puzzle from line 2 with 17 clues"),
        "{}",
        s.status
    );
}

#[test]
fn a_title_over_a_broken_puzzle_names_the_puzzles_line() {
    let before = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let s = before
        .clone()
        .reduce(Action::Import(format!("My puzzle\n{}", &PUZZLE[1..])));
    assert_eq!(
        s.status.to_string(),
        "Import failed: no line of the text reads as a puzzle; line 2: found 80 cells; a grid \
         has 1 (1x1), 16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25), 1,296 (36x36) or 2,401 \
         (49x49) cells."
    );
    assert_eq!(s.board.grid, before.board.grid);
}

#[test]
fn a_text_of_words_and_no_puzzle_says_so_rather_than_count_its_letters() {
    let before = AppState::default().reduce(Action::Import(PUZZLE.into()));
    for (text, quoted) in [
        ("hello world", "hello world"),
        ("hello world\n", "hello world"),
        ("Dear Ann,\nthe puzzle follows tomorrow.\n", "Dear Ann,"),
    ] {
        let s = before.clone().reduce(Action::Import(text.into()));
        assert_eq!(
            s.status.to_string(),
            format!("Import failed: the text holds no puzzle, only words (\"{quoted}\")."),
            "{text:?}"
        );
        assert!(s.status.is_error());
        assert_eq!(
            (&s.board.grid, &s.board.undo),
            (&before.board.grid, &before.board.undo)
        );
    }
    // Letters that may be a puzzle with a mistake are still counted: a line as long as a
    // 9x9 puzzle, a short one with no word of three letters, or words beside a puzzle's
    // cells over several lines with none that reads.
    let long = format!("{}x", &PUZZLE[1..]);
    for text in [long.as_str(), "ab 12", "1 2 3"] {
        let s = before.clone().reduce(Action::Import(text.into()));
        let said = s.status.to_string();
        assert!(
            said.starts_with("Import failed: ") && !said.contains("only words"),
            "{text:?}: {said}"
        );
    }
}
