//! Writes the SAT models of puzzle files in DIMACS, one file per puzzle and encoding, so that
//! other CDCL solvers can be given exactly the formulas the SAT formulation builds.
//!
//! `cargo run --release --example peak_cnf -- OUT_DIR ENCODING[,ENCODING...] FILE...`
//!
//! Encodings: `reduced` (what `-f sat` and the race's CDCL member solve: open placements only,
//! at-least-one and pairwise at-most-one per cell and per unit and digit), `pruned` (the same
//! over the candidates the all-different rule and box/line interactions leave), `minimal`
//! (`reduced` without the per-unit at-least-one and the per-cell at-most-one: the classic
//! minimal encoding, same solutions), `sequential` (`reduced` with Sinz's at-most-one) and
//! `full` (every `x[r,c,v]`, the givens as unit clauses). Each file starts with
//! `c primary N`: variables 1 to N are placements, the ones a second solution must differ on.
//! A file holding several puzzles, one per line, gives `NAME-LINE.ENCODING.cnf` per line.

use std::fmt::Write as _;
use sudoku_lab::engine::format::{parse, parse_line};
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::{self, AtMostOne, CnfOptions, Reduced};
use sudoku_lab::engine::grid::Grid;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().expect("an output directory");
    let encodings: Vec<String> = (args.next().expect("encodings").split(','))
        .map(str::to_owned)
        .collect();
    std::fs::create_dir_all(&out).expect("output directory");
    for file in args {
        let text = std::fs::read_to_string(&file).expect("readable file");
        let stem = std::path::Path::new(&file)
            .file_stem()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let puzzles: Vec<(String, Grid)> = match parse(&text) {
            Ok(parsed) => vec![(stem, parsed.puzzle)],
            Err(_) => (lines.iter().enumerate())
                .map(|(i, l)| {
                    let grid = (parse(l).map(|p| p.puzzle))
                        .or_else(|_| parse_line(l))
                        .expect("a puzzle per line");
                    (format!("{stem}-{:02}", i + 1), grid)
                })
                .collect(),
        };
        for (name, grid) in &puzzles {
            for encoding in &encodings {
                let dimacs = model(grid, encoding);
                let path = format!("{out}/{name}.{encoding}.cnf");
                std::fs::write(&path, dimacs).expect("writable output");
                println!("{path}");
            }
        }
    }
}

/// The DIMACS text of one puzzle's model in `encoding`.
fn model(grid: &Grid, encoding: &str) -> String {
    let query = Query::new(grid);
    let size = grid.size();
    let pairwise = CnfOptions::for_size(size);
    // The cell of each placement when the minimal encoding filters the reduced model.
    let (cnf, primary, minimal): (sat::Cnf, usize, Option<Vec<u32>>) = match encoding {
        "full" => {
            let n = size.side();
            (sat::cnf(&query, &pairwise), n * n * n, None)
        }
        "reduced" | "pruned" | "sequential" | "minimal" => {
            let options = if encoding == "sequential" {
                CnfOptions {
                    at_most_one: AtMostOne::Sequential,
                }
            } else {
                pairwise
            };
            let model: Reduced = if encoding == "pruned" {
                sat::pruned(&query, &options)
            } else {
                sat::reduced(&query, &options)
            };
            let cells: Vec<u32> = model.placements.iter().map(|&(c, _)| c).collect();
            let primary = cells.len();
            (model.cnf, primary, (encoding == "minimal").then_some(cells))
        }
        other => panic!("unknown encoding {other}"),
    };
    let clauses: Vec<&[i32]> = (cnf.clauses())
        .filter(|c| (minimal.as_ref()).is_none_or(|cells| minimal_keeps(c, cells)))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "c primary {primary}");
    let _ = writeln!(out, "p cnf {} {}", cnf.variables(), clauses.len());
    for c in clauses {
        for l in c {
            let _ = write!(out, "{l} ");
        }
        out.push_str("0\n");
    }
    out
}

/// Whether the minimal encoding keeps a clause of the reduced pairwise model: a cell's
/// at-least-one and a unit's at-most-one pairs stay; a unit's at-least-one (positive literals
/// in several cells) and a cell's at-most-one pairs (two literals of one cell) go.
fn minimal_keeps(clause: &[i32], cells: &[u32]) -> bool {
    let cell = |l: i32| cells[l.unsigned_abs() as usize - 1];
    let one_cell = clause.iter().all(|&l| cell(l) == cell(clause[0]));
    if clause.iter().all(|&l| l > 0) {
        clause.len() == 1 || one_cell
    } else {
        !(clause.len() == 2 && one_cell)
    }
}
