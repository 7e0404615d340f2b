//! Formats: every format round-trips, and each malformed input gets its precise error.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use sudoku_lab::engine::format::{
    self, Format, JsonError, JsonIssue, MAX_INPUT_BYTES, ParseError, parse, parse_json,
};
use sudoku_lab::engine::grid::UnitKind;
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::{Conflict, Digit, Entry, Grid, Pos, Size};

const EASY: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn d(v: u64) -> Digit {
    Digit::new(v, 49).unwrap()
}

fn json(path: &str, error: JsonError) -> ParseError {
    ParseError::Json(vec![JsonIssue {
        path: path.to_string(),
        error,
    }])
}

fn bad(row: usize, col: usize, text: &str) -> ParseError {
    ParseError::BadSymbol {
        row,
        col,
        text: text.to_string(),
    }
}

fn range(row: usize, col: usize, text: &str, max: usize) -> ParseError {
    ParseError::DigitOutOfRange {
        row,
        col,
        text: text.to_string(),
        max,
    }
}

#[test]
fn malformed_inputs_get_precise_errors() {
    let line81 = |i: usize, c: char| {
        let mut s: Vec<char> = ".".repeat(81).chars().collect();
        s[i] = c;
        s.into_iter().collect::<String>()
    };
    let numeric16 = |i: usize, t: &str| {
        let mut v = vec!["0".to_string(); 256];
        v[i] = t.to_string();
        v.join(" ")
    };
    let cases: Vec<(String, ParseError)> = vec![
        ("".into(), ParseError::Empty),
        ("   \n\t ".into(), ParseError::Empty),
        ("|-+|".into(), ParseError::Empty),
        (".".repeat(80), ParseError::NotASquareOfSquare { cells: 80 }),
        (".".repeat(82), ParseError::NotASquareOfSquare { cells: 82 }),
        (".".repeat(15), ParseError::NotASquareOfSquare { cells: 15 }),
        (
            "53  7    6  195    98    6 8   6   34  8 3  17   2   6 6    28    419  5    8  79"
                .into(),
            ParseError::SpacesAsBlanks {
                cells: 20,
                chars: 81,
            },
        ),
        (
            ".".repeat(100),
            ParseError::NotASquareOfSquare { cells: 100 },
        ),
        (
            format!("{}*{}", ".".repeat(40), ".".repeat(41)),
            ParseError::StrayCharacter {
                cells: 82,
                offset: 41,
                text: "*".into(),
            },
        ),
        (
            format!("12 3\n{}#", ".".repeat(70)),
            ParseError::StrayCharacter {
                cells: 74,
                offset: 76,
                text: "#".into(),
            },
        ),
        (line81(0, '*'), bad(0, 0, "*")),
        (line81(80, '?'), bad(8, 8, "?")),
        (line81(40, 'é'), bad(4, 4, "é")),
        (line81(10, '#'), bad(1, 1, "#")),
        (line81(3, 'A'), range(0, 3, "A", 9)),
        (line81(9, 'z'), range(1, 0, "z", 9)),
        (
            "3...".repeat(4),
            ParseError::Conflict(Conflict {
                digit: d(3),
                unit: UnitKind::Column,
                first: Pos::new(0, 0),
                second: Pos::new(1, 0),
            }),
        ),
        (
            "11..............".into(),
            ParseError::Conflict(Conflict {
                digit: d(1),
                unit: UnitKind::Row,
                first: Pos::new(0, 0),
                second: Pos::new(0, 1),
            }),
        ),
        (
            "1....1..........".into(),
            ParseError::Conflict(Conflict {
                digit: d(1),
                unit: UnitKind::Box,
                first: Pos::new(0, 0),
                second: Pos::new(1, 1),
            }),
        ),
        ("5...".into(), ParseError::NotASquareOfSquare { cells: 4 }),
        (numeric16(17, "17"), range(1, 1, "17", 16)),
        (numeric16(255, "-3"), bad(15, 15, "-3")),
        (numeric16(0, "?"), bad(0, 0, "?")),
        (numeric16(0, "x"), range(0, 0, "x", 16)),
        (numeric16(5, "1.5"), bad(0, 5, "1.5")),
        (
            numeric16(2, "99999999999999999999999999"),
            range(0, 2, "99999999999999999999...", 16),
        ),
        (
            "1, 2, 3".into(),
            ParseError::NotASquareOfSquare { cells: 3 },
        ),
    ];
    assert!(cases.len() >= 27);
    assert_parse_errors(cases);
}

#[test]
fn malformed_json_gets_precise_errors() {
    let cases: Vec<(String, ParseError)> = vec![
        (
            "{".into(),
            json(
                "",
                // The end is named where the missing text would go: after the last character.
                JsonError::Syntax {
                    line: 1,
                    column: 2,
                    message: "EOF while parsing an object".into(),
                },
            ),
        ),
        // Columns count characters, cut short or not: "Größe" is five of them.
        (
            "{\"t\":\"Größe\",\n\"dim\":3,\"ß\":".into(),
            json(
                "",
                JsonError::Syntax {
                    line: 2,
                    column: 13,
                    message: "EOF while parsing a value".into(),
                },
            ),
        ),
        (
            "{\"t\":\"Größe\" \"dim\":3}".into(),
            json(
                "",
                JsonError::Syntax {
                    line: 1,
                    column: 14,
                    message: "expected `,` or `}`".into(),
                },
            ),
        ),
        ("{}".into(), json("", JsonError::MissingDim)),
        ("[1,2]".into(), json("", JsonError::NotAnObject)),
        (
            r#"{"dim": 8}"#.into(),
            json("dim", JsonError::BadDim("8".into())),
        ),
        // "3" reads as 3 (json_reads_digits_as_strings); other strings do not.
        (
            r#"{"dim": "3.0"}"#.into(),
            json("dim", JsonError::BadDim("\"3.0\"".into())),
        ),
        (
            r#"{"dim": -1}"#.into(),
            json("dim", JsonError::BadDim("-1".into())),
        ),
        (
            r#"{"dim": 3, "fixed": {"10": {"1": 5}}}"#.into(),
            json(
                "fixed[\"10\"]",
                JsonError::IndexOutOfRange {
                    index: "10".into(),
                    max: 9,
                },
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"0": 5}}}"#.into(),
            json(
                "fixed[\"1\"][\"0\"]",
                JsonError::IndexOutOfRange {
                    index: "0".into(),
                    max: 9,
                },
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"a": {"1": 5}}}"#.into(),
            json("fixed[\"a\"]", JsonError::BadKey("a".into())),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": 10}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::DigitOutOfRange {
                    value: "10".into(),
                    max: 9,
                },
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": 0}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::DigitOutOfRange {
                    value: "0".into(),
                    max: 9,
                },
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": 2.5}}}"#.into(),
            json("fixed[\"1\"][\"1\"]", JsonError::NotAnInteger("2.5".into())),
        ),
        // Strings of decimal digits read as numbers (see json_reads_digits_as_strings); any
        // other string is refused as before.
        (
            r#"{"dim": 3, "fixed": {"1": {"1": "7.0"}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::NotAnInteger("\"7.0\"".into()),
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": " 7"}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::NotAnInteger("\" 7\"".into()),
            ),
        ),
    ];
    assert!(cases.len() >= 12);
    assert_parse_errors(cases);
}

#[test]
fn json_values_that_are_no_digits_get_precise_errors() {
    let cases: Vec<(String, ParseError)> =
        vec![
        (
            r#"{"dim": 3, "fixed": {"1": {"1": "-1"}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::NotAnInteger("\"-1\"".into()),
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": ""}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::NotAnInteger("\"\"".into()),
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": "0"}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::DigitOutOfRange {
                    value: "\"0\"".into(),
                    max: 9,
                },
            ),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": "99999999999999999999"}}}"#.into(),
            json(
                "fixed[\"1\"][\"1\"]",
                JsonError::DigitOutOfRange {
                    value: "\"99999999999999999999\"".into(),
                    max: 9,
                },
            ),
        ),
        (
            r#"{"dim": "three", "fixed": {}}"#.into(),
            json("dim", JsonError::BadDim("\"three\"".into())),
        ),
        (
            r#"{"dim": "8", "fixed": {}}"#.into(),
            json("dim", JsonError::BadDim("\"8\"".into())),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": 7}}"#.into(),
            json("fixed[\"1\"]", JsonError::NotAnObject),
        ),
        (
            r#"{"dim": 3, "fixed": [1]}"#.into(),
            json("fixed", JsonError::NotAnObject),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"1": 7}}, "solved": {"1": {"1": 7}}}"#.into(),
            json("solved[\"1\"][\"1\"]", JsonError::SolvedOverGiven),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"3": 7, "03": 7}}}"#.into(),
            // Keys are visited in sorted order, so the second one seen is "3".
            json("fixed[\"1\"][\"3\"]", JsonError::DuplicateCell(Pos::new(0, 2))),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"3": 7}}, "solved": {"2": {"1": 4}, "02": {"01": 4}}}"#
                .into(),
            json("solved[\"2\"][\"1\"]", JsonError::DuplicateCell(Pos::new(1, 0))),
        ),
        (
            r#"{"dim": 2, "fixed": {"1": {"1": 3, "2": 3}}}"#.into(),
            ParseError::Conflict(Conflict {
                digit: d(3),
                unit: UnitKind::Row,
                first: Pos::new(0, 0),
                second: Pos::new(0, 1),
            }),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"3": 7, "3": 8}}}"#.into(),
            json("fixed[\"1\"]", JsonError::DuplicateKey("3".into())),
        ),
        (
            r#"{"dim": 3, "fixed": {"1": {"3": 7}}, "fixed": {"2": {"1": 5}}}"#.into(),
            json("", JsonError::DuplicateKey("fixed".into())),
        ),
        (
            r#"{"dim": 3, "fixd": {"1": {"1": 5}}}"#.into(),
            json("", JsonError::UnknownKey("fixd".into())),
        ),
        (
            // Read as a 32-bit size on the web, 4294967299 would become 3.
            r#"{"dim": 4294967299}"#.into(),
            json("dim", JsonError::BadDim("4294967299".into())),
        ),
    ];
    assert!(cases.len() >= 16);
    assert_parse_errors(cases);
}

/// Each input fails to parse with its expected error (a syntax error by its start).
fn assert_parse_errors(cases: Vec<(String, ParseError)>) {
    for (input, expected) in cases {
        let got = parse(&input).expect_err(&input);
        match (&got, &expected) {
            // serde's syntax messages carry more words than the table; compare their start.
            (ParseError::Json(g), ParseError::Json(e))
                if matches!(e[0].error, JsonError::Syntax { .. }) =>
            {
                assert_eq!(g.len(), 1, "{input}");
                let JsonError::Syntax {
                    line,
                    column,
                    message,
                } = &g[0].error
                else {
                    panic!("{input}: expected a syntax error, got {got}");
                };
                let JsonError::Syntax {
                    message: want,
                    line: want_line,
                    column: want_column,
                } = &e[0].error
                else {
                    unreachable!()
                };
                assert_eq!((*line, *column), (*want_line, *want_column), "{input}");
                assert!(message.starts_with(want.as_str()), "{input}: {message}");
            }
            _ => assert_eq!(got, expected, "input: {input}"),
        }
        assert!(!got.to_string().is_empty());
    }
}

#[test]
fn json_reports_every_problem_together() {
    let text = r#"{"dim": 3, "fixed": {"0": {"1": 5}, "2": {"x": 3, "3": 12}}, "solved": {"1": {"1": "a"}}}"#;
    let Err(ParseError::Json(issues)) = parse_json(text) else {
        panic!("expected JSON errors");
    };
    let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "fixed[\"0\"]",
            "fixed[\"2\"][\"3\"]",
            "fixed[\"2\"][\"x\"]",
            "solved[\"1\"][\"1\"]"
        ]
    );
    let message = ParseError::Json(issues).to_string();
    assert!(
        message.contains("index 0 is out of range 1 to 9"),
        "{message}"
    );
    assert!(
        message.contains("digit 12 is out of range 1 to 9"),
        "{message}"
    );
}

#[test]
fn thousands_of_json_problems_are_listed_in_row_order_and_counted_past_ten() {
    let rows: Vec<String> = (1..=3000).map(|r| format!("\"{r}\":{{\"1\":1}}")).collect();
    let text = format!("{{\"dim\":3,\"fixed\":{{{}}}}}", rows.join(","));
    let Err(ParseError::Json(issues)) = parse_json(&text) else {
        panic!("expected JSON errors");
    };
    // Rows 10 to 3000 are out of range; all are kept, in numeric order.
    assert_eq!(issues.len(), 2991);
    assert_eq!(issues[0].path, "fixed[\"10\"]");
    assert_eq!(issues[1].path, "fixed[\"11\"]");
    let message = ParseError::Json(issues).to_string();
    assert!(message.ends_with("; and 2981 more problems"), "{message}");
    assert!(message.len() < 1000, "{message}");
}

#[test]
fn line_format_accepts_separators_and_block_layouts() {
    let block = "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n\
                 . 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n------+-------+------\n\
                 . . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n";
    assert_eq!(parse(block).unwrap().puzzle, parse(EASY).unwrap().puzzle);
    let zeros = EASY.replace('.', "0");
    assert_eq!(parse(&zeros).unwrap().puzzle, parse(EASY).unwrap().puzzle);
    // Box-drawing characters, as in grids copied from documents, are separators too.
    let boxed = block
        .replace('|', "│")
        .replace("------+-------+------", "──────┼───────┼──────");
    let boxed = format!("┌──────┬───────┬──────┐\n{boxed}└──────┴───────┴──────┘\n");
    assert_eq!(parse(&boxed).unwrap().puzzle, parse(EASY).unwrap().puzzle);
    let zeros = boxed.replace('.', "0");
    assert_eq!(parse(&zeros).unwrap().puzzle, parse(EASY).unwrap().puzzle);
    // Numbers of a 16x16 between box-drawing rules are numbers.
    let size = Size::new(4).unwrap();
    let mut grid = Grid::empty(size);
    grid.set(Pos::new(0, 0), Entry::Given(Digit::new(16, 16).unwrap()));
    grid.set(Pos::new(5, 9), Entry::Given(Digit::new(3, 16).unwrap()));
    let rows: Vec<String> = (0..16)
        .map(|r| {
            let cells: Vec<String> = (0..16)
                .map(|c| {
                    grid.digit(Pos::new(r, c))
                        .map_or(0, |d| d.get())
                        .to_string()
                })
                .collect();
            let boxes: Vec<String> = cells.chunks(4).map(|b| b.join(" ")).collect();
            format!("│ {} │", boxes.join(" │ "))
        })
        .collect();
    let bands: Vec<String> = rows.chunks(4).map(|b| b.join("\n")).collect();
    let numbers = bands.join("\n├─────────┼─────────┼─────────┼─────────┤\n");
    let parsed = parse(&numbers).unwrap();
    assert_eq!((parsed.format, parsed.puzzle), (Format::Numeric, grid));
    let underscores = EASY.replace('.', "_");
    assert_eq!(parse(&underscores).unwrap().format, Format::Line);
    assert_eq!(parse(&underscores).unwrap().puzzle.given_count(), 17);
}

#[test]
fn single_digits_one_by_one_are_named_numbers_only_beyond_35() {
    let spaced = |cells: usize| {
        let mut v = vec!["0"; cells];
        v[0] = "5";
        v[1] = "7";
        v.join(" ")
    };
    for (cells, format) in [
        (81, Format::Line),
        (1296, Format::Numeric),
        (2401, Format::Numeric),
    ] {
        let parsed = parse(&spaced(cells)).unwrap();
        assert_eq!(
            (parsed.format, parsed.puzzle.given_count()),
            (format, 2),
            "{cells}"
        );
    }
}

#[test]
fn byte_order_marks_and_comment_lines_are_skipped() {
    let expected = parse(EASY).unwrap();
    let commented = format!("# from a collection\n{EASY}\n  # rated hard\n");
    let numbers: Vec<String> = EASY
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0).to_string())
        .collect();
    let numeric = format!("\u{feff}# rows\n{}", numbers.join(" "));
    let json = format!(
        "\u{feff}{}",
        format::write(&expected.grid, Format::Json).unwrap()
    );
    for text in [format!("\u{feff}{EASY}"), commented, numeric, json] {
        let read = parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(read.puzzle, expected.puzzle, "{text:?}");
    }
    // A comment line before a JSON document too.
    let json = format!(
        "# saved board\n{}",
        format::write(&expected.grid, Format::Json).unwrap()
    );
    assert_eq!(parse(&json).unwrap().grid, expected.grid);
}

#[test]
fn errors_after_comment_lines_point_into_the_input_as_given() {
    // Line numbers count the comment lines.
    let short = "# 4x4\n1234\n3412\n214\n4321\n";
    assert_eq!(
        parse(short).unwrap_err(),
        ParseError::LineLength {
            line: 4,
            cells: 3,
            expected: 4
        }
    );
    // Character offsets count them too, with either line ending.
    for comment in ["# a comment line\n", "# a comment line\r\n", "  # é\r\n"] {
        let text = format!("{comment}12?4 5");
        let offset = text.chars().position(|c| c == '?').expect("a ?");
        match parse(&text).unwrap_err() {
            ParseError::StrayCharacter {
                offset: o, text: t, ..
            } => {
                assert_eq!((o, t.as_str()), (offset + 1, "?"), "{text:?}")
            }
            e => panic!("{text:?}: {e}"),
        }
    }
}

#[test]
fn numbers_are_never_read_as_characters() {
    let size = Size::new(4).unwrap();
    let mut values = vec!["0"; size.cells()];
    values[0] = "16";
    values[20] = "2";
    let rows = |values: &[&str]| -> String {
        let rows: Vec<String> = values.chunks(16).map(|r| r.join(" ")).collect();
        rows.join("\n")
    };
    let puzzle = parse(&rows(&values)).unwrap().puzzle;
    assert_eq!(puzzle.digit(Pos::new(0, 0)), Some(d(16)));
    // One number forgotten: 255 numbers, even though "16" spelled as two characters would
    // make up the count.
    values.pop();
    assert_eq!(
        parse(&rows(&values)),
        Err(ParseError::LineLength {
            line: 16,
            cells: 15,
            expected: 16
        })
    );
    let mut one_line = vec!["0"; 255];
    one_line[0] = "10";
    assert_eq!(
        parse(&one_line.join(" ")),
        Err(ParseError::NotASquareOfSquare { cells: 255 })
    );
    // A grid's count of numbers too long for any digit: the first is named, not the count
    // of their characters.
    for long in ["999", "12345678901234567890"] {
        assert_eq!(
            parse(&vec![long; 81].join(" ")),
            Err(range(0, 0, long, 9)),
            "{long}"
        );
    }
}

#[test]
fn a_short_or_missing_row_is_named_by_its_line() {
    let row = "123456789ABCDEFG";
    let mut rows = vec![row; 16];
    rows[3] = "123456789ABCDEF";
    assert_eq!(
        parse(&rows.join("\n")),
        Err(ParseError::LineLength {
            line: 4,
            cells: 15,
            expected: 16
        })
    );
    let fifteen = vec![row; 15].join("\n");
    assert_eq!(
        parse(&fifteen),
        Err(ParseError::RowCount { rows: 15, side: 16 })
    );
    let message = parse(&fifteen).unwrap_err().to_string();
    assert_eq!(
        message,
        "found 15 rows of 16 cells; a 16x16 grid has 16 rows"
    );
}

#[test]
fn rows_of_unequal_lengths_are_refused_even_when_their_cells_add_up() {
    let puzzle =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    for spaced in [false, true] {
        let mut rows: Vec<String> = puzzle
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|&c| char::from(c).to_string()).collect();
                cells.join(if spaced { " " } else { "" })
            })
            .collect();
        assert_eq!(
            parse(&rows.join("\n")).unwrap().puzzle,
            parse(puzzle).unwrap().puzzle
        );
        // A cell moved from the end of row 2 to the end of row 1: still 81 cells.
        let sep = if spaced { " " } else { "" };
        rows[0] = format!("{}{sep}0", rows[0]);
        rows[1] = rows[1][..rows[1].len() - 1].trim_end().to_string();
        assert_eq!(
            parse(&rows.join("\n")),
            Err(ParseError::LineLength {
                line: 1,
                cells: 10,
                expected: 9
            }),
            "spaced {spaced}"
        );
    }
}

#[test]
fn huge_inputs_are_refused_before_any_work() {
    let big = ".".repeat(MAX_INPUT_BYTES + 1);
    assert_eq!(
        parse(&big),
        Err(ParseError::TooLarge {
            bytes: MAX_INPUT_BYTES + 1
        })
    );
    // A 49x49 numeric grid, the largest legal input, parses.
    let n49 = vec!["0"; 49usize.pow(2)].join(" ");
    assert_eq!(parse(&n49).unwrap().puzzle.size(), Size::new(7).unwrap());
}

/// Any grid (validity does not matter to the formats): random givens, filled digits and blanks.
fn random_grid(box_size: usize, seed: u64) -> Grid {
    let size = Size::new(box_size).unwrap();
    let mut rng = Rng::new(seed);
    let mut g = Grid::empty(size);
    for i in 0..size.cells() {
        let p = Pos::from_index(i, size);
        let digit = Digit::new(1 + rng.below(size.side()) as u64, size.side()).unwrap();
        match rng.below(3) {
            0 => g.set(p, Entry::Given(digit)),
            1 => g.set(p, Entry::Filled(digit)),
            _ => {}
        }
    }
    g
}

/// A puzzle without conflicts: a pattern solution with its digits relabelled at random,
/// about half the cells blank.
fn random_puzzle(box_size: usize, seed: u64) -> Grid {
    let size = Size::new(box_size).unwrap();
    let (n, side) = (box_size, size.side());
    let mut rng = Rng::new(seed);
    let mut labels: Vec<u64> = (1..=side as u64).collect();
    rng.shuffle(&mut labels);
    let mut g = Grid::empty(size);
    for r in 0..side {
        for c in 0..side {
            if rng.below(2) == 0 {
                let v = labels[(n * (r % n) + r / n + c) % side];
                g.set(Pos::new(r, c), Entry::Given(Digit::new(v, side).unwrap()));
            }
        }
    }
    g
}

/// 48 cases per run; `PROPTEST_CASES=200000` makes a sustained fuzzing run of the parsers.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        rng_seed: proptest::test_runner::RngSeed::Fixed(7),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_format_round_trips(box_size in 0usize..=7, seed in any::<u64>()) {
        let g = random_grid(box_size, seed);
        let puzzle = g.puzzle();
        // JSON keeps givens and solved digits apart.
        let back = parse_json(&format::write_json(&g)).unwrap();
        prop_assert_eq!(&back.grid, &g);
        prop_assert_eq!(&back.puzzle, &puzzle);
        if box_size >= 1 {
            prop_assert_eq!(&format::parse_numeric(&format::write_numeric(&puzzle)).unwrap(), &puzzle);
            let layout = format::write_grid(&puzzle);
            let back = if box_size <= 5 { format::parse_line(&layout) } else { format::parse_numeric(&layout) };
            prop_assert_eq!(&back.unwrap(), &puzzle);
        }
        if (1..=5).contains(&box_size) {
            prop_assert_eq!(&format::parse_line(&format::write_line(&puzzle).unwrap()).unwrap(), &puzzle);
        }
    }

    /// The format guess reads back whatever the writers produce, and the one-line format
    /// broken into rows, one per line.
    #[test]
    fn the_format_guess_reads_every_layout(box_size in 1usize..=7, seed in any::<u64>()) {
        let puzzle = random_puzzle(box_size, seed);
        let mut texts = vec![format::write_numeric(&puzzle), format::write_grid(&puzzle)];
        if let Ok(line) = format::write_line(&puzzle) {
            let side = puzzle.size().side();
            let chars: Vec<char> = line.chars().collect();
            let rows: Vec<String> = chars.chunks(side).map(|r| r.iter().collect()).collect();
            texts.push(rows.join("\n"));
            texts.push(line);
        }
        for text in &texts {
            prop_assert_eq!(&parse(text).map(|p| p.puzzle), &Ok(puzzle.clone()), "{}", text);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,400}") {
        let _ = parse(&text);
        let _ = format::parse_numeric(&text);
        let _ = format::parse_line(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse(&text);
        let _ = parse(&format!("{{\"dim\":3,\"fixed\":{text}}}"));
    }
}

#[test]
fn line_writing_refuses_grids_above_35() {
    let g = Grid::empty(Size::new(6).unwrap());
    assert_eq!(
        format::write_line(&g),
        Err(ParseError::LineTooLarge { size: g.size() })
    );
}

/// The notebooks' reader takes `int()` of every value, so their files may hold the box size
/// and the digits as strings of decimal digits: those read as the numbers they spell.
#[test]
fn json_reads_digits_as_strings() {
    let as_numbers =
        parse(r#"{"dim":3,"fixed":{"1":{"1":5}},"solved":{"2":{"3":7}}}"#).expect("numbers read");
    let as_strings = parse(r#"{"dim":"3","fixed":{"1":{"1":"5"}},"solved":{"2":{"3":"7"}}}"#)
        .expect("strings of digits read");
    assert_eq!(as_strings.grid, as_numbers.grid);
    assert_eq!(as_strings.grid.digit(Pos::new(0, 0)), Some(d(5)));
    let big = parse(r#"{"dim":"4","fixed":{"2":{"16":"12"}}}"#).expect("16x16");
    assert_eq!(big.grid.size().side(), 16);
    assert_eq!(big.grid.digit(Pos::new(1, 15)).map(|d| d.get()), Some(12));
    // The page's notes field is known to the reader, which passes over it.
    let noted = parse(r#"{"dim":3,"fixed":{"1":{"1":5}},"notes":{"1":{"2":[1,2]}}}"#)
        .expect("notes are passed over");
    assert_eq!(
        noted.grid,
        parse(r#"{"dim":3,"fixed":{"1":{"1":5}}}"#).unwrap().grid
    );
}
