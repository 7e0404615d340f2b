//! The fast path and the streaming reader against the careful reader: the same pieces, lines
//! and errors for texts of plain lines mixed with every other kind of line, however the text
//! arrives.

use super::{
    Found, Piece, Stream, is_words, parse, pieces, plain_line, plain_nine, write_line, write_plain,
};
use crate::engine::grid::{Digit, Entry, Grid, Pos, Size};
use proptest::prelude::*;

/// A solved grid of box size `n`, shifted so that grids differ: `(r*n + r/n + c + shift)`.
fn solved(n: usize, shift: usize) -> Vec<u8> {
    let side = n * n;
    (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            ((r * n + r / n + c + shift) % side + 1) as u8
        })
        .collect()
}

fn symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + v - 10),
    }
}

/// A line of box size `n` with the cells `blank` picks left blank (as `.`, `0` or `_`).
fn grid_line(n: usize, shift: usize, blank: &[u8]) -> String {
    solved(n, shift)
        .iter()
        .enumerate()
        .map(|(i, &v)| match blank[i % blank.len()] % 6 {
            0 => '.',
            1 => '0',
            2 if i % 7 == 0 => '_',
            _ => symbol(v),
        })
        .collect()
}

/// Every kind of line: plain ones (valid, clashing, out of range, the wrong length, stray
/// characters, spaced), rows of layouts, numbers, JSON, comments, byte-order marks and blanks.
fn line() -> impl Strategy<Value = String> {
    let blanks = proptest::collection::vec(any::<u8>(), 1..12);
    (0u8..42, 0usize..9, blanks).prop_map(|(kind, shift, blank)| {
        let nine = grid_line(3, shift, &blank);
        match kind {
            0..=17 => nine,
            18 => format!("{nine}\t"),
            19 => {
                let mut clash: Vec<char> = nine.chars().collect();
                clash[1] = symbol(solved(3, shift)[0]);
                clash[0] = clash[1];
                clash.into_iter().collect()
            }
            20 => nine[..80].to_string(),
            21 => format!("{nine}1"),
            22 => format!("A{}", &nine[1..]),
            23 => format!("x{}", &nine[1..]),
            24 => format!(" {nine}\r"),
            25 => grid_line(4, shift, &blank),
            26 => grid_line(2, shift, &blank),
            27 => grid_line(5, shift, &blank),
            28 => nine[..9].to_string(),
            29 => "1 2 3 4".to_string(),
            30 => "1,2".to_string(),
            31 => "{\"dim\":1,\"fixed\":{}}".to_string(),
            32 => "# a comment".to_string(),
            33 => format!("\u{feff}{nine}"),
            34 => "-----+-----".to_string(),
            35 => "5".to_string(),
            36 => format!("{nine} # note"),
            37 => "Grid 01".to_string(),
            38 => format!("Solution below {}", &nine[..5]),
            // A document over several lines, one cut short, a lone brace.
            39 => "{\n  \"dim\": 1,\n  \"fixed\": {}\n}".to_string(),
            40 if shift % 3 == 0 => "{\n  \"dim\": 1,".to_string(),
            40 => "{".to_string(),
            _ => String::new(),
        }
    })
}

fn as_pairs(pieces: &[Piece]) -> Vec<(usize, String, Option<String>)> {
    pieces
        .iter()
        .map(|p| (p.line, format!("{:?}", p.parsed), p.words.clone()))
        .collect()
}

/// The streaming reader's pieces for `text` given in parts cut after the lines `cuts` names.
fn streamed(text: &str, cuts: &[bool]) -> Vec<Piece> {
    let mut stream = Stream::new();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, (end, _)) in text.match_indices('\n').enumerate() {
        if cuts.get(i).copied().unwrap_or(false) {
            stream.feed(&text[start..=end], &mut out);
            start = end + 1;
        }
    }
    stream.feed(&text[start..], &mut out);
    stream.finish(&mut out);
    out
}

/// The same pieces, and the lines of words among them those that the page's rule over the
/// whole text finds.
fn same_as_careful(text: &str, cuts: &[bool]) {
    let careful = pieces(text);
    assert_eq!(
        as_pairs(&streamed(text, cuts)),
        as_pairs(&careful),
        "{text:?}"
    );
    for p in &careful {
        let words = p
            .parsed
            .as_ref()
            .err()
            .is_some_and(|e| is_words(text, p.line, e));
        assert_eq!(p.words.is_some(), words, "line {}: {text:?}", p.line);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn streamed_pieces_are_the_careful_readers(
        lines in proptest::collection::vec(line(), 0..320),
        cuts in proptest::collection::vec(any::<bool>(), 0..320),
        end in any::<bool>(),
    ) {
        let mut text = lines.join("\n");
        if end {
            text.push('\n');
        }
        same_as_careful(&text, &cuts);
    }

    #[test]
    fn a_long_run_of_plain_lines_then_anything_reads_as_carefully(
        run in 60usize..300,
        tail in proptest::collection::vec(line(), 0..40),
        blank in proptest::collection::vec(any::<u8>(), 1..12),
    ) {
        let mut lines: Vec<String> = (0..run).map(|i| grid_line(3, i % 9, &blank)).collect();
        lines.extend(tail);
        same_as_careful(&lines.join("\n"), &[true; 400]);
    }

    #[test]
    fn a_plain_line_reads_as_the_careful_reader_reads_it(
        n in 3usize..6,
        shift in 0usize..25,
        blank in proptest::collection::vec(any::<u8>(), 1..12),
        at in 0usize..625,
        with in any::<u8>(),
    ) {
        let mut line: Vec<u8> = grid_line(n, shift, &blank).into_bytes();
        let at = at % line.len();
        line[at] = b".0_123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghpqrz!x "[usize::from(with) % 52];
        let line = String::from_utf8(line).expect("ASCII");
        match plain_line(&line) {
            Some(p) => prop_assert_eq!(Ok(p), parse(&line)),
            // Only what the careful reader refuses, or reads otherwise, is left to it.
            None => prop_assert!(parse(&line).is_err()),
        }
    }

    #[test]
    fn the_plain_writer_writes_what_the_careful_writer_did(
        n in 1usize..6,
        values in proptest::collection::vec(0u8..26, 625),
    ) {
        let size = Size::new(n).expect("a size");
        let mut grid = Grid::empty(size);
        for (i, &v) in values.iter().enumerate().take(size.cells()) {
            let v = v % (size.side() as u8 + 1);
            if let Ok(d) = Digit::new(u64::from(v), size.side()) {
                grid.set(Pos::from_index(i, size), Entry::Filled(d));
            }
        }
        let careful: String = grid
            .entries()
            .iter()
            .map(|e| e.digit().map_or('.', |d| symbol(d.get())))
            .collect();
        prop_assert_eq!(write_plain(&grid), Some(careful.clone()));
        prop_assert_eq!(write_line(&grid), Ok(careful));
    }
}

#[test]
fn a_block_longer_than_any_puzzle_is_one_puzzle_per_line() {
    let blank = [0, 3, 4, 5, 1, 4];
    let mut lines: Vec<String> = (0..110_000).map(|i| grid_line(3, i % 9, &blank)).collect();
    lines[5] = "1,2".to_string();
    lines[100_500] = lines[100_500][..80].to_string();
    lines.push("# end".to_string());
    lines.push("1 2 3".to_string());
    let text = lines.join("\n");
    let cuts: Vec<bool> = (0..lines.len()).map(|i| i % 1000 == 0).collect();
    same_as_careful(&text, &cuts);
}

#[test]
fn texts_read_whole_stay_whole() {
    let rows: Vec<String> = (0..9)
        .map(|r| grid_line(3, 0, &[5])[r * 9..r * 9 + 9].to_string())
        .collect();
    let bands = format!(
        "{}\n\n{}\n\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    let json = "{\"dim\":1,\n\"fixed\":{}}\n{\"dim\":1}\n";
    let sixteen: Vec<String> = (0..16).map(|s| grid_line(2, s, &[5])).collect();
    for text in [
        bands.as_str(),
        json,
        &sixteen.join("\n"),
        "\u{feff}# c\n\n",
        "",
    ] {
        same_as_careful(text, &[true; 40]);
    }
}

/// Plain lines opening a block that, with the lines after them, read as one grid: the stream
/// must not give them out alone early.
#[test]
fn plain_lines_that_open_one_grid_wait_for_the_block() {
    let dots = |n: usize| ".".repeat(n);
    let mut grid = vec![dots(81), dots(81)];
    grid.extend((0..33).map(|_| dots(34)));
    grid.push(dots(12));
    let mut clash = vec![
        dots(81),
        dots(81),
        format!("5{}", dots(15)),
        format!("5{}", dots(15)),
    ];
    clash.extend((0..51).map(|_| dots(29)));
    clash.extend((0..26).map(|_| dots(28)));
    let filler: Vec<String> = (0..120).map(|i| grid_line(3, i % 9, &[1, 4, 5])).collect();
    for block in [grid, clash] {
        let text = format!("{}\n\n{}\n", filler.join("\n"), block.join("\n"));
        let careful = pieces(&text);
        assert_eq!(careful.len(), filler.len() + 1, "the block is one puzzle");
        same_as_careful(&text, &[true; 400]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Plain 9x9 lines come out as their cells, which are the careful reader's puzzle; the
    /// other pieces are its pieces.
    #[test]
    fn plain_nine_lines_come_as_the_careful_readers_cells(
        lines in proptest::collection::vec(line(), 0..200),
    ) {
        let text = lines.join("\n");
        let careful = pieces(&text);
        let found = Stream::read_all(&text);
        prop_assert_eq!(found.len(), careful.len());
        for (f, p) in found.iter().zip(&careful) {
            prop_assert_eq!(f.line(), p.line);
            match f {
                Found::Nine { cells, .. } => {
                    let parsed = p.parsed.as_ref().expect("a plain line reads");
                    prop_assert_eq!(parsed.puzzle.values(), cells.to_vec());
                    prop_assert_eq!(plain_nine(&cells.map(|v| if v == 0 { b'.' } else { b'0' + v })), Some(*cells));
                }
                Found::Piece(piece) => prop_assert_eq!(format!("{:?}", piece.parsed), format!("{:?}", p.parsed)),
            }
        }
    }
}

#[test]
fn a_long_run_of_plain_nine_lines_comes_as_cells() {
    let lines: Vec<String> = (0..200).map(|i| grid_line(3, i % 9, &[1, 4, 5])).collect();
    let found = Stream::read_all(&lines.join("\n"));
    assert_eq!(found.len(), 200);
    assert!(found.iter().all(|f| matches!(f, Found::Nine { .. })));
}

/// A plain 9x9 line as files write it (blanks as `.`, `0` or `_`, stray spaces, a carriage
/// return or a byte-order mark around it), or a comment or blank line between them.
fn nine_or_gap() -> impl Strategy<Value = String> {
    let blanks = proptest::collection::vec(any::<u8>(), 1..12);
    (0u8..12, 0usize..9, blanks).prop_map(|(kind, shift, blank)| {
        let nine = grid_line(3, shift, &blank);
        match kind {
            0..=6 => nine,
            7 => format!(" {nine}\r"),
            8 => format!("\u{feff}{nine}"),
            9 => format!("{nine}\t"),
            10 => "# a comment".to_string(),
            _ => String::new(),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A text short enough to be one grid whose lines are all plain 9x9 lines reads as the
    /// careful reader reads it, each line as its cells.
    #[test]
    fn short_texts_of_plain_nine_lines_come_as_cells(
        lines in proptest::collection::vec(nine_or_gap(), 1..120),
        cuts in proptest::collection::vec(any::<bool>(), 0..120),
    ) {
        let text = lines.join("\n");
        same_as_careful(&text, &cuts);
        let careful = pieces(&text);
        let found = Stream::read_all(&text);
        prop_assert_eq!(found.len(), careful.len());
        let all_cells = found.iter().all(|f| matches!(f, Found::Nine { .. }));
        prop_assert!(all_cells);
    }
}

/// Sixteen lines of 81 cells hold as many cells as a 36x36 grid, yet are sixteen puzzles.
#[test]
fn sixteen_plain_nine_lines_are_sixteen_puzzles() {
    let lines: Vec<String> = (0..16).map(|i| grid_line(3, i % 9, &[1, 4, 5])).collect();
    let text = lines.join("\n");
    assert_eq!(pieces(&text).len(), 16);
    let found = Stream::read_all(&text);
    assert_eq!(found.len(), 16);
    assert!(found.iter().all(|f| matches!(f, Found::Nine { .. })));
    same_as_careful(&text, &[true; 20]);
}
