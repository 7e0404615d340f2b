//! Files and sharing: imports, saving, exported models, share links and the clipboard.

#[path = "common/app.rs"]
mod app;
#[path = "common/rows.rs"]
mod rows;

use app::*;
use sudoku_lab::app::protocol::{ModelFormat, Response};
use sudoku_lab::app::state::{
    Action, AppState, Board, FileAction, Files, JobKind, Message, Mode, encode_uri_component,
};
use sudoku_lab::engine::format::{self, parse};
use sudoku_lab::engine::{Grid, Size};
use sudoku_lab::words::{Clipboard, ImportError, ImportSource, Unread};

#[test]
fn import_replaces_the_grid_or_leaves_it_exactly_as_it_was() {
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    assert_eq!(s.board.grid, puzzle());
    assert_eq!(s.board.mode, Mode::Play);
    assert_eq!(
        s.status.to_string(),
        "Imported a 9x9 puzzle with 17 clues (line format); playing, the clues are locked."
    );

    let mut typo = PUZZLE.to_string();
    typo.replace_range(13..14, "*");
    let bad = [
        (
            typo.as_str(),
            "row 2, column 5: '*' is not a digit or blank",
        ),
        (
            &format!("{PUZZLE}?"),
            "character 82: '?' is not a digit, blank or separator (counted as a cell, the input has 82 cells, which fits no grid)",
        ),
        (
            &PUZZLE.replacen('4', "x", 1),
            "row 1, column 1: 'x' is out of range, digits go from 1 to 9 (letters stand for 10 and up, 'x' for 33)",
        ),
        (r#"{"dim":3,"fixed":{"1":{"3":12}}}"#, "12"),
        ("", "no puzzle found"),
    ];
    for (text, expected) in bad {
        let after = s.clone().reduce(Action::Import(text.into()));
        assert_eq!(after.board.grid, s.board.grid, "{text:?} leaves the grid");
        assert_eq!(
            after.board.undo, s.board.undo,
            "{text:?} leaves the history"
        );
        assert!(after.status.is_error());
        assert!(
            after.status.to_string().starts_with("Import failed: ")
                && after.status.to_string().contains(expected),
            "{text:?}: {}",
            after.status
        );
    }
}

#[test]
fn lines_with_the_cells_of_a_larger_grid_stay_puzzles_of_their_own() {
    // Sixteen 9x9 lines hold as many cells as a 36x36 grid, and sixteen 4x4 lines as many as
    // a 16x16 one; both are still collections (the 16x16 reading of these clashes). Sixteen
    // rows of sixteen cells that read as one 16x16 grid are that grid.
    let four = "1...............";
    let rows = rows::sixteen_4x4_looking_rows();
    let cases = [
        (vec![PUZZLE.to_string(); 16].join("\n"), Some(16), 3),
        (vec![four.to_string(); 15].join("\n"), Some(15), 2),
        (vec![four.to_string(); 16].join("\n"), Some(16), 2),
        (rows.join("\n"), None, 4),
        // The same grid in the block layout, separator lines between its bands.
        (
            format::write(
                &parse(&rows.join("\n")).expect("a 16x16").grid,
                format::Format::Grid,
            )
            .expect("writable"),
            None,
            4,
        ),
    ];
    for (text, count, size) in cases {
        let s = AppState::default().reduce(Action::Import(text));
        assert_eq!(
            s.board.grid.size(),
            Size::new(size).unwrap(),
            "{}",
            s.status
        );
        let said = count.map(|c| format!("(the first of {c} puzzles in the text)"));
        assert_eq!(
            said.is_some_and(|t| s.status.to_string().contains(&t)),
            count.is_some(),
            "{}",
            s.status
        );
        assert!(!s.status.is_error(), "{}", s.status.to_string());
    }
    // The same sixteen 9x9 lines with a bad first one read as a 36x36 grid only by their
    // cell count: they are fifteen puzzles and a line that does not read.
    let mut lines = vec![PUZZLE.to_string(); 16];
    lines[0] = format!("Z{}", &PUZZLE[1..]);
    let s = AppState::default().reduce(Action::Import(lines.join("\n")));
    assert_eq!(
        s.status.to_string(),
        "Imported a 9x9 puzzle from line 2 with 17 clues (line format) (the first of 15 puzzles \
         in the text); playing, the clues are locked. Skipped line 1, \"Z.....8.5.3..........7..\u{2026}\", \
         which does not read as a puzzle: row 1, column 1: 'Z' is out of range, digits go from 1 \
         to 9 (letters stand for 10 and up, 'Z' for 35)."
    );
    assert_eq!(
        (s.board.grid.puzzle(), s.status.is_error()),
        (puzzle(), false)
    );
    // Lines none of which reads: the first is named, and the board stays.
    let before = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let s = before.clone().reduce(Action::Import(format!(
        "{}\n{}",
        &PUZZLE[1..],
        &PUZZLE[2..]
    )));
    assert_eq!(
        s.status.to_string(),
        "Import failed: no line of the text reads as a puzzle; line 1: found 80 cells; a grid \
         has 1 (1x1), 16 (4x4), 81 (9x9), 256 (16x16), 625 (25x25), 1,296 (36x36) or 2,401 \
         (49x49) cells."
    );
    assert_eq!(
        (s.board.grid, s.status.is_error()),
        (before.board.grid.clone(), true)
    );
    // Rows of a 16x16 with a clash, most of them 4x4 puzzles alone: the clash is the error.
    let mut rows = rows::sixteen_4x4_looking_rows();
    rows[0].replace_range(15.., "G");
    rows[1] = format!("1{}", ".".repeat(15));
    let s = before.clone().reduce(Action::Import(rows.join("\n")));
    assert!(
        s.status
            .to_string()
            .starts_with("Import failed: contradictory givens"),
        "{}",
        s.status.to_string()
    );
}

#[test]
fn a_binary_file_is_named_as_such_and_changes_nothing() {
    let s = AppState::default().reduce(Action::Import(PUZZLE.into()));
    for text in ["PK\u{3}\u{4}\0\0binary", "\u{fffd}PNG\r\n"] {
        let after = s.clone().reduce(Action::Import(text.into()));
        assert_eq!(after.board.grid, s.board.grid);
        assert_eq!(
            (after.status.to_string().as_str(), after.status.is_error()),
            (
                "Import failed: this is not text (it holds binary data); a puzzle is plain text or JSON.",
                true
            )
        );
    }
}

#[test]
fn notes_that_name_no_cell_or_digit_fail_the_import_and_change_nothing() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::ToggleNotes,
            Action::Select(p(0, 1)),
            Action::Input(d(2)),
        ],
    );
    let board = r#"{"dim":2,"fixed":{"1":{"1":1}}"#;
    let cases = [
        (
            r#""notes":{"1":{"2":[9]}}}"#,
            "Import failed: the notes of r1c2 hold 9; a 4x4 grid's digits are 1 to 4.",
        ),
        (
            r#""notes":{"5":{"2":[3]}}}"#,
            "Import failed: the notes name row \"5\"; a 4x4 grid has rows 1 to 4.",
        ),
        (
            r#""notes":{"1":{"x":[3]}}}"#,
            "Import failed: the notes of row 1 name column \"x\"; a 4x4 grid has columns 1 to 4.",
        ),
        (
            r#""notes":{"1":{"2":3}}}"#,
            "Import failed: the notes of r1c2 are not a list of digits.",
        ),
        (
            r#""notes":{"1":{"2":["3"]}}}"#,
            "Import failed: the notes of r1c2 hold \"3\"; a 4x4 grid's digits are 1 to 4.",
        ),
        (
            r#""notes":{"1":3}}"#,
            r#"Import failed: the notes of row 1 are not an object of columns (notes are written as {"row":{"column":[digits]}})."#,
        ),
        (
            r#""notes":[1]}"#,
            r#"Import failed: the "notes" field is not an object of rows (notes are written as {"row":{"column":[digits]}})."#,
        ),
        (
            r#""notes":{"1":{"2":["abcdefghijklmnopqrstuvwxyz"]}}}"#,
            "Import failed: the notes of r1c2 hold \"abcdefghijklmnopqrstuvw...; a 4x4 grid's digits are 1 to 4.",
        ),
    ];
    for (notes, said) in cases {
        let text = format!("{board},{notes}");
        for (action, failed) in [
            (Action::Import(text.clone()), "Import failed"),
            (
                Action::OpenLink(text.clone()),
                "The share link's puzzle could not be opened",
            ),
        ] {
            let after = s.clone().reduce(action);
            assert_eq!(after.board.grid, s.board.grid, "{text}");
            assert_eq!(after.board.notes, s.board.notes, "{text}");
            assert!(after.status.is_error(), "{text}");
            let said = said.replace("Import failed", failed);
            assert_eq!(after.status.to_string(), said, "{text}");
        }
    }
    let good = format!(r#"{board},"notes":{{"1":{{"2":[3,4]}}}}}}"#);
    let after = s.clone().reduce(Action::Import(good));
    assert_eq!(after.board.notes.get(p(0, 1).index(after.size())), 0b1100);
}

#[test]
fn zeros_in_a_16x16_line_are_said_to_be_blanks() {
    let line = format!("1{}", ".".repeat(255));
    let plain = AppState::default().reduce(Action::Import(line.clone()));
    assert!(
        !plain.status.to_string().contains("Each 0"),
        "{}",
        plain.status.to_string()
    );
    let zeros = AppState::default().reduce(Action::Import(line.replace('.', "0")));
    assert_eq!(zeros.board.grid, plain.board.grid);
    assert!(
        zeros
            .status
            .to_string()
            .ends_with("Each 0 was read as a blank; 10 and up are letters (16 is G)."),
        "{}",
        zeros.status.to_string()
    );
    // On 9x9, where 0 for a blank is the common spelling, nothing is said.
    let nine = AppState::default().reduce(Action::Import(PUZZLE.replace('.', "0")));
    assert!(
        !nine.status.to_string().contains("Each 0"),
        "{}",
        nine.status.to_string()
    );
}

#[test]
fn bad_seeds_and_unreadable_files_are_reported_and_change_nothing_else() {
    let s = run(
        AppState::default(),
        [Action::Import(PUZZLE.into()), Action::SetSeed(7)],
    );
    let cases = [
        (
            Action::InvalidSeed(" 12x".into()),
            "'12x' is not a seed (a whole number from 0 to 18446744073709551615); Generate waits for one.",
        ),
        (
            Action::ImportFailed(Unread::TooLarge {
                name: "big.txt".into(),
                bytes: 9_000_000,
            }),
            "Import failed: big.txt is 9,000,000 bytes; the limit is 8,388,608 bytes.",
        ),
        (
            Action::ImportFailed(Unread::NotText {
                name: "scan.png".into(),
            }),
            "Import failed: scan.png could not be read as text.",
        ),
    ];
    for (action, text) in cases {
        let after = s.clone().reduce(action);
        assert_eq!(
            (after.status.to_string().as_str(), after.status.is_error()),
            (text, true)
        );
        assert_eq!(after.board.grid, s.board.grid);
        assert_eq!(after.generation.seed, 7);
        assert_eq!(after.board.undo, s.board.undo);
    }
}

#[test]
fn a_board_downloaded_in_play_imports_back_with_its_conflicts_shown() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(4)),
        ],
    );
    assert!(
        s.status
            .to_string()
            .starts_with("Conflict: digit 4 appears twice")
    );
    let text = format::write(&s.board.grid, format::Format::Json).expect("JSON has every size");
    let back = AppState::default().reduce(Action::Import(text));
    assert_eq!(back.board.grid, s.board.grid);
    assert!(back.status.is_error());
    assert!(
        back.status.to_string().starts_with(
            "Imported a 9x9 puzzle with 17 clues (JSON format); playing, the clues are locked. Conflict: digit 4 appears twice"
        ),
        "{}",
        back.status.to_string()
    );
}

#[test]
fn saving_offers_the_givens_as_text_and_the_board_as_json() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    let text = s.clone().reduce(Action::Save(format::Format::Line));
    let file = text.files.download.clone().expect("a download");
    assert_eq!(
        (file.name.as_str(), file.text),
        ("sudoku.txt", format!("{PUZZLE}\n"))
    );
    assert_eq!(text.status.to_string(), "Saved the clues as sudoku.txt.");
    assert_eq!(text.reduce(Action::Downloaded).files.download, None);

    let json = s.clone().reduce(Action::Save(format::Format::Json));
    let file = json.files.download.clone().expect("a download");
    assert_eq!(file.name, "sudoku.json");
    assert_eq!(parse(&file.text).expect("reads back").grid, s.board.grid);
    assert_eq!(json.status.to_string(), "Saved the board as sudoku.json.");
    assert_eq!(json.board.grid, s.board.grid);
}

#[test]
fn exported_models_become_a_pending_download_until_handed_over() {
    let (s, id) = busy_with(JobKind::Export(ModelFormat::Dimacs));
    let s = s.reduce(Action::Answered {
        id,
        response: Response::Exported {
            model: ModelFormat::Dimacs,
            text: "p cnf 729 2\n1 2 0\n-1 -2 0\n".into(),
        },
    });
    assert_eq!(
        s.status.to_string(),
        "Exported the model as DIMACS (3 lines)."
    );
    let pending = s.files.download.clone().expect("a download");
    assert_eq!(
        (pending.name.as_str(), pending.mime.as_str()),
        ("sudoku.cnf", "text/plain")
    );
    assert!(pending.text.starts_with("p cnf"));
    assert_eq!(s.reduce(Action::Downloaded).files.download, None);
}

#[test]
fn share_links_carry_the_givens_to_the_clipboard_and_vanish_when_the_grid_changes() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::Share {
                page: "http://x/app/".into(),
                board: false,
            },
        ],
    );
    let expected = format!("http://x/app/#p={PUZZLE}");
    assert_eq!(s.files.share_link.as_deref(), Some(expected.as_str()));
    assert_eq!(s.files.clipboard.as_deref(), Some(expected.as_str()));
    assert!(s.status.to_string().starts_with("Share link made"));
    let refused = s.clone().reduce(Action::CopyRefused);
    assert_eq!(refused.files.clipboard, None);
    assert!(
        refused
            .status
            .to_string()
            .ends_with("copy it from the Share link box.")
    );
    let s = s.reduce(Action::Copied);
    assert_eq!(s.files.clipboard, None);
    assert!(
        s.status
            .to_string()
            .starts_with("Share link made and copied")
    );
    assert!(s.files.share_link.is_some(), "the link stays on show");
    let s = run(s, [Action::Select(p(0, 2)), Action::Input(d(2))]);
    assert_eq!(s.files.share_link, None);

    // Beyond 25x25 the puzzle is numbers, whose spaces and line breaks are escaped.
    let big = Grid::empty(Size::new(6).expect("36x36"));
    let s = AppState::new(big.clone()).reduce(Action::Share {
        page: "p".into(),
        board: false,
    });
    let link = s.files.share_link.expect("a link");
    assert!(!link.contains(' ') && !link.contains('\n'), "{link}");
    assert!(link.contains("%20"));
}

#[test]
fn links_are_encoded_like_the_browser_decodes_them() {
    let cases = [
        ("4.5", "4.5"),
        ("1 2\n", "1%202%0A"),
        ("a-_.!~*'()z", "a-_.!~*'()z"),
        ("#&=+/,", "%23%26%3D%2B%2F%2C"),
        ("é", "%C3%A9"),
    ];
    for (text, encoded) in cases {
        assert_eq!(encode_uri_component(text), encoded, "{text:?}");
    }
}

#[test]
fn clashing_givens_are_neither_saved_nor_shared() {
    // Two 4s in the first row: a file or link with them would not import.
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::SetMode(Mode::Givens),
            Action::Select(p(0, 1)),
            Action::Input(d(4)),
        ],
    );
    let attempts = [
        Action::Save(format::Format::Line),
        Action::Save(format::Format::Json),
        Action::Share {
            page: "p".into(),
            board: false,
        },
    ];
    for attempt in attempts {
        let after = s.clone().reduce(attempt.clone());
        assert_eq!(
            (
                after.files.download.as_ref(),
                after.files.share_link.as_ref(),
                after.files.clipboard.as_ref()
            ),
            (None, None, None),
            "{attempt:?}"
        );
        assert!(after.status.is_error());
        assert!(
            after.status.to_string().starts_with("The clues clash (")
                && after.status.to_string().ends_with("Fix the clash first."),
            "{}",
            after.status.to_string()
        );
        assert_eq!(after.board.grid, s.board.grid);
    }
}

#[test]
fn the_files_reducer_works_on_a_board_alone() {
    let mut board = Board::new(Grid::empty(Size::NINE));
    let mut files = Files::default();
    let mut status = Message::Welcome;
    let two = format!("# two puzzles\n{PUZZLE}\n{PUZZLE}");
    assert!(files.reduce(FileAction::Import(two), &mut board, &mut status));
    assert_eq!(
        (&board.grid, board.mode, board.undo.len()),
        (&puzzle(), Mode::Play, 1)
    );
    let Message::Imported(imported) = &status else {
        panic!("{status:?}")
    };
    assert_eq!(
        (
            imported.source,
            imported.size,
            imported.givens,
            imported.format
        ),
        (ImportSource::Text, Size::NINE, 17, format::Format::Line)
    );
    assert_eq!((imported.puzzles, imported.empty), (2, false));
    assert_eq!((&imported.skipped, imported.conflict), (&None, None));
    // A text that does not read changes nothing but the status.
    assert!(!files.reduce(FileAction::OpenLink("\0".into()), &mut board, &mut status));
    assert_eq!(
        status,
        Message::ImportFailed {
            source: ImportSource::Link,
            error: ImportError::Binary
        }
    );
    assert_eq!(board.undo.len(), 1);
    // Copying is reported while the status still speaks of the link, and only then.
    files.reduce(
        FileAction::Share {
            page: "p".into(),
            board: false,
        },
        &mut board,
        &mut status,
    );
    assert_eq!(
        status,
        Message::ShareLink {
            copy: Clipboard::Pending
        }
    );
    status = Message::Undone { said: None };
    files.reduce(FileAction::Copied, &mut board, &mut status);
    assert_eq!(
        (&files.clipboard, &status),
        (&None, &Message::Undone { said: None })
    );
    // Imports made during a job wait, a second one in place of the first.
    let first = files.wait(JobKind::Solve, FileAction::Import(PUZZLE.into()));
    let second = files.wait(JobKind::Solve, FileAction::OpenLink(PUZZLE.into()));
    assert_eq!(
        (first, second),
        (
            Message::ImportWaits {
                job: JobKind::Solve,
                instead: false
            },
            Message::ImportWaits {
                job: JobKind::Solve,
                instead: true
            }
        )
    );
    assert_eq!(
        files.waiting_import,
        Some(FileAction::OpenLink(PUZZLE.into()))
    );
    let exported = files.exported(ModelFormat::Lp, "a\nb\n".into());
    assert_eq!(
        exported,
        Message::Exported {
            model: ModelFormat::Lp,
            lines: 2
        }
    );
    assert_eq!(
        files.download.map(|d| d.name),
        Some("sudoku.lp".to_string())
    );
}

/// A file's import names the file, beside the line its puzzle starts on when lines were
/// passed over; a long name is cut.
#[test]
fn a_file_import_names_the_file() {
    let imported = |name: &str, text: String| {
        let s = run(
            AppState::default(),
            [Action::ImportFile {
                name: name.into(),
                text,
            }],
        );
        s.status.to_string()
    };
    let said = imported("puzzles.txt", PUZZLE.into());
    assert!(
        said.starts_with("Imported a 9x9 puzzle from puzzles.txt with "),
        "{said}"
    );
    let said = imported("euler.txt", format!("Grid 01\n{PUZZLE}\n"));
    assert!(
        said.starts_with("Imported a 9x9 puzzle from euler.txt, line 2, with "),
        "{said}"
    );
    let long = "a".repeat(100);
    let said = imported(&long, PUZZLE.into());
    assert!(
        said.contains(&format!("from {}... with", "a".repeat(57))),
        "{said}"
    );
}
