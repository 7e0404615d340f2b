//! Shared by the native and the browser tests: the fixtures of `tests/fixtures/generated.txt`
//! (box, seed, expected puzzle) and `generated-no-guess.txt` must reproduce exactly on every
//! platform.

use sudoku_lab::engine::Size;
use sudoku_lab::engine::format::write_line;
use sudoku_lab::engine::generate::{GenerateOptions, Symmetry, generate, no_progress};
use sudoku_lab::engine::logic::Level;

/// Regenerates each fixture line of `text` (box, seed, the fields `options` reads, expected
/// puzzle last) with the options `options` makes of its seed and middle fields, and
/// compares; returns how many were checked.
fn check(text: &str, options: impl Fn(u64, &[&str]) -> GenerateOptions) -> usize {
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [n, seed, middle @ .., expected] = &fields[..] else {
            panic!("bad fixture line: {line}");
        };
        let size = Size::new(n.parse().expect("box size")).expect("supported size");
        let options = options(seed.parse().expect("seed"), middle);
        let g = generate(size, &options, &mut no_progress).expect("generation succeeds");
        assert_eq!(
            write_line(&g.puzzle).expect("line format fits"),
            *expected,
            "{line}"
        );
        checked += 1;
    }
    checked
}

/// The default generation's fixtures (box, seed, puzzle); returns how many were checked (not
/// every test binary uses it).
#[allow(dead_code)]
pub fn check_generated_fixtures() -> usize {
    check(include_str!("../fixtures/generated.txt"), |seed, middle| {
        assert!(middle.is_empty(), "box, seed and puzzle: {middle:?}");
        GenerateOptions::with_seed(seed)
    })
}

/// The no-guess fixtures (box, seed, symmetry, level or `-` for the default techniques,
/// puzzle); returns how many were checked (not every test binary uses it).
#[allow(dead_code)]
pub fn check_no_guess_fixtures() -> usize {
    let text = include_str!("../fixtures/generated-no-guess.txt");
    check(text, |seed, middle| {
        let [symmetry, level] = middle else {
            panic!("symmetry and level: {middle:?}");
        };
        GenerateOptions {
            no_guess: true,
            symmetry: Symmetry::from_id(symmetry).expect("a symmetry id"),
            difficulty: (*level != "-").then(|| Level::from_id(level).expect("a level id")),
            ..GenerateOptions::with_seed(seed)
        }
    })
}
