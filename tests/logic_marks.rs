//! Pencil-mark state: its text form at every size, HoDoKu's library lines, typed errors.

use proptest::prelude::*;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::generate::random_full_grid;
use sudoku_lab::engine::logic::{Marks, MarksError};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::{Candidates, Digit, Entry, Grid, Pos, Size};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A 9x9 puzzle from its one-line form.
fn nine(text: &str) -> Grid {
    parse(text).expect("a puzzle").puzzle
}

fn digit(v: u64) -> Digit {
    Digit::new(v, 49).unwrap()
}

#[test]
fn candidates_are_the_digits_no_peer_holds() {
    let m = Marks::from_grid(&nine(PUZZLE));
    // r1c2: row 1 holds 4, 8, 5; column 2 holds 3, 2; box 1 holds 4, 3.
    let c = m.candidates(1);
    assert_eq!(
        c.iter().map(|d| d.get()).collect::<Vec<_>>(),
        vec![1, 6, 7, 9]
    );
    assert!(m.is_given(0));
    assert_eq!(m.value(0), Some(digit(4)));
    assert_eq!(m.empty_count(), 81 - 17);
}

#[test]
fn text_form_reads_back_and_is_documented_shape() {
    let mut m = Marks::from_grid(&nine(PUZZLE));
    m.place(1, digit(6));
    m.eliminate(2, 0);
    let text = m.to_text();
    assert_eq!(text.lines().count(), 9);
    let first: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
    assert_eq!(first[0], "4");
    assert_eq!(first[1], "+6");
    assert!(first[2].starts_with('(') && first[2].ends_with(')'));
    let back = Marks::parse(&text).unwrap();
    assert_eq!(back, m);
    assert!(!back.is_given(1));
    assert!(!back.candidates(2).contains(digit(1)));
}

#[test]
fn ranges_and_comments_read() {
    let mut text = String::from("# a 4x4 state\n");
    text.push_str("1 (2-4) (2,3) (3-4)\n");
    for _ in 0..12 {
        text.push_str("() ");
    }
    let m = Marks::parse(&text).unwrap();
    assert_eq!(m.size(), Size::new(2).unwrap());
    // Candidates a filled peer rules out are dropped: 1 is in row 1.
    assert_eq!(m.candidates(1), Candidates(0b1110));
    assert_eq!(m.candidates(2), Candidates(0b0110));
    assert!(m.candidates(4).is_empty());
}

#[test]
fn text_errors_are_typed() {
    assert_eq!(
        Marks::parse("1 2 3"),
        Err(MarksError::CellCount { found: 3 })
    );
    let mut bad = ["(1-4)"; 16];
    bad[5] = "x";
    assert_eq!(
        Marks::parse(&bad.join(" ")),
        Err(MarksError::Token {
            cell: 5,
            text: "x".into()
        })
    );
    bad[5] = "(1,7)";
    assert_eq!(
        Marks::parse(&bad.join(" ")),
        Err(MarksError::Digit {
            cell: 5,
            value: "7".into(),
            max: 4
        })
    );
    bad[5] = "(3-1)";
    assert!(matches!(
        Marks::parse(&bad.join(" ")),
        Err(MarksError::Token { cell: 5, .. })
    ));
    let e = Marks::parse(&bad.join(" ")).unwrap_err();
    assert!(e.to_string().contains("cell 6"));
}

/// A HoDoKu library line: givens, `+` placed digits, deleted candidates `drc`.
#[test]
fn hodoku_library_line_reads_and_writes() {
    let mut cells = String::from(PUZZLE);
    cells.replace_range(1..2, "+6");
    let line = format!(":0100:5:{cells}:113 713 ::");
    let m = Marks::from_library(&line).unwrap();
    assert!(m.is_given(0));
    assert_eq!(m.value(1), Some(digit(6)));
    assert!(!m.is_given(1));
    // r1c3 lost 1 and 7 by the deleted list; 6 by the placed r1c2.
    let c = m.candidates(2);
    assert!(!c.contains(digit(1)) && !c.contains(digit(7)) && !c.contains(digit(6)));
    assert!(c.contains(digit(9)));
    let out = m.to_library().unwrap();
    assert!(out.starts_with(":0000:x:4+6"), "{out}");
    assert!(out.contains(":113 713::"), "{out}");
    assert_eq!(Marks::from_library(&out).unwrap(), m);
    // A plain 81-cell line also reads, with '0' blanks.
    let plain = Marks::from_library(&PUZZLE.replace('.', "0")).unwrap();
    assert_eq!(plain, Marks::from_grid(&nine(PUZZLE)));
}

#[test]
fn hodoku_errors_are_typed() {
    assert_eq!(
        Marks::from_library(":0000:x:123"),
        Err(MarksError::LibraryFields { found: 3 })
    );
    assert_eq!(
        Marks::from_library(":0000:x:123::"),
        Err(MarksError::LibraryCells { found: 3 })
    );
    let bad = format!(":0000:x:{}x:", &PUZZLE[..80]);
    assert_eq!(
        Marks::from_library(&bad),
        Err(MarksError::LibraryChar {
            position: 80,
            found: 'x'
        })
    );
    let bad = format!(":0000:x:{PUZZLE}:1a2:");
    assert_eq!(
        Marks::from_library(&bad),
        Err(MarksError::LibraryDeleted { item: "1a2".into() })
    );
    assert_eq!(
        Marks::from_grid(&Grid::empty(Size::new(4).unwrap())).to_library(),
        None
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Random states of every size from 1x1 to 49x49 read back equal.
    #[test]
    fn text_round_trips_at_every_size(seed in any::<u64>(), n in 1usize..=7) {
        let size = Size::new(n).unwrap();
        let mut rng = Rng::new(seed);
        let full = random_full_grid(size, &mut rng, None).unwrap();
        let mut g = Grid::empty(size);
        for (i, e) in full.entries().iter().enumerate() {
            if rng.below(3) == 0 {
                g.set(Pos::from_index(i, size), Entry::Given(e.digit().unwrap()));
            }
        }
        let mut m = Marks::from_grid(&g);
        for c in 0..size.cells() {
            match rng.below(8) {
                0 if m.value(c).is_none() => m.place(c, full.entries()[c].digit().unwrap()),
                1 => {
                    let d = rng.below(size.side());
                    m.eliminate(c, d);
                }
                _ => {}
            }
        }
        let back = Marks::parse(&m.to_text()).unwrap();
        prop_assert_eq!(&back, &m);
        if n == 3 {
            prop_assert_eq!(Marks::from_library(&m.to_library().unwrap()).unwrap(), m);
        }
    }
}
