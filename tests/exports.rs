//! The DIMACS and LP exports describe the models the solvers use.

use sudoku_lab::engine::format;
use sudoku_lab::engine::formulation::{ModelFormat, SolveError};
use sudoku_lab::engine::search::{Flow, Limits};
use sudoku_lab::engine::{Digit, Pos};
use sudoku_lab::engine::{Formulation, Query};

fn puzzles() -> Vec<sudoku_lab::engine::Grid> {
    include_str!("fixtures/conformance.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| format::parse_line(l.split(':').next().unwrap()).unwrap())
        .filter(|g| g.size().box_size() <= 3)
        .collect()
}

#[test]
fn dimacs_header_matches_the_clauses() {
    for grid in puzzles() {
        let text = ModelFormat::Dimacs.write(&Query::new(&grid)).unwrap();
        let header = text
            .lines()
            .find(|l| l.starts_with("p cnf "))
            .expect("header");
        let nums: Vec<usize> = header[6..].split(' ').map(|n| n.parse().unwrap()).collect();
        let clauses: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('c') && !l.starts_with('p'))
            .collect();
        assert_eq!(clauses.len(), nums[1]);
        for c in clauses {
            let lits: Vec<i64> = c.split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert_eq!(lits.last(), Some(&0), "clause ends with 0");
            assert!(
                lits[..lits.len() - 1]
                    .iter()
                    .all(|&l| l != 0 && l.unsigned_abs() as usize <= nums[0])
            );
        }
        let stats = Formulation::Sat
            .run(&Query::new(&grid), &Limits::default(), &mut |_: &[u8]| {
                Flow::Stop
            })
            .unwrap();
        assert_eq!(stats.variables, Some(nums[0] as u64));
        assert_eq!(stats.constraints, Some(nums[1] as u64));
    }
}

#[test]
fn lp_text_has_its_sections_and_the_solved_model_size() {
    // No two givens clash, but the first row's last cell has no digit left.
    let no_place = format::parse_line(&format!("12345678.........9{}", ".".repeat(63))).unwrap();
    let mut infeasible = 0;
    for grid in puzzles().into_iter().chain([no_place]) {
        let text = ModelFormat::Lp.write(&Query::new(&grid)).unwrap();
        let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("missing {s}"));
        assert!(at("Minimize") < at("Subject To"));
        assert!(at("Subject To") < at("Binary"));
        assert!(at("Binary") < at("End"));
        let stats = Formulation::Mip
            .run(&Query::new(&grid), &Limits::default(), &mut |_: &[u8]| {
                Flow::Stop
            })
            .unwrap();
        if text.contains("no_place_left") {
            // The givens leave some constraint without variables: the export states that,
            // in its header too, and holds nothing else.
            assert_eq!(
                stats.halt,
                Some(sudoku_lab::engine::search::Halt::Exhausted)
            );
            assert!(text.contains("no solution"), "{text}");
            let rows = text
                .lines()
                .filter(|l| !l.starts_with('\\') && l.contains(" = "));
            assert_eq!(rows.count(), 1, "{text}");
            infeasible += 1;
            continue;
        }
        let rows = text
            .lines()
            .filter(|l| l.ends_with(" = 1") && !l.contains("z_fixed"))
            .count();
        let binaries = text[at("Binary")..at("End")]
            .lines()
            .skip(1)
            .filter(|l| !l.contains("z_fixed"))
            .count();
        assert_eq!(Some(rows as u64), stats.constraints);
        assert_eq!(Some(binaries as u64), stats.variables);
        let header = format!("\\ {binaries} variables, {rows} constraints\n");
        assert!(text.contains(&header), "{header} in {text}");
    }
    assert!(infeasible > 0, "an infeasible model was written");
}

#[test]
fn a_forbidden_pair_outside_the_grid_is_refused_not_written() {
    let grid = puzzles().remove(0);
    let side = grid.size().side();
    let outside = [
        (Pos { row: 0, col: side }, Digit::from_index(0)),
        (Pos { row: side, col: 0 }, Digit::from_index(0)),
        (Pos { row: 0, col: 0 }, Digit::from_index(side)),
    ];
    for pair in outside {
        let forbidden = [pair];
        let query = Query {
            forbidden: &forbidden,
            ..Query::new(&grid)
        };
        for model in ModelFormat::ALL {
            assert!(
                matches!(
                    model.write(&query),
                    Err(SolveError::BadQuery { pos, digit, .. }) if (pos, digit) == pair
                ),
                "{model:?} {pair:?}"
            );
        }
    }
}
