//! Per-technique fixtures at 9x9 and 16x16 (`tests/fixtures/logic/<size>/<technique>.txt`):
//! a pencil-mark state, the step the technique must find first there (checked against the
//! puzzle's solution, stored beside it), and a state where it must find nothing.
//!
//! The fixtures were cut from logic solves of shared and random puzzles by
//! `write_fixtures` (run with `--ignored` and `LOGIC_FIXTURES_WRITE=1`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use sudoku_lab::engine::generate::{GenerateOptions, generate, no_progress, random_full_grid};
use sudoku_lab::engine::logic::{self, LogicOptions, Marks, Step, Technique};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::{Entry, Formulation, Grid, Pos, Size, SolveOptions, solve};

fn dir(side: usize) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/logic/{side}x{side}"))
}

/// `r5c3<>4` items and `r3c5=7` items of a step, sorted.
fn effects(s: &Step) -> Vec<String> {
    let mut v: Vec<String> = s
        .placements
        .iter()
        .map(|(p, d)| format!("{p}={d}"))
        .chain(s.eliminations.iter().map(|(p, d)| format!("{p}<>{d}")))
        .collect();
    v.sort();
    v
}

struct Fixture {
    technique: Technique,
    solution: Vec<u8>,
    state: Marks,
    expect: Vec<String>,
    none: Marks,
}

fn parse_fixture(text: &str) -> Fixture {
    let mut sections: BTreeMap<&str, String> = BTreeMap::new();
    let mut current = "";
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        let header = line
            .split_once(':')
            .filter(|(k, _)| ["technique", "solution", "state", "expect", "none"].contains(k));
        if let Some((key, rest)) = header {
            current = key;
            sections.insert(key, rest.trim().to_string());
            continue;
        }
        let s = sections.entry(current).or_default();
        s.push_str(line);
        s.push('\n');
    }
    Fixture {
        technique: Technique::from_id(&sections["technique"]).expect("known technique"),
        solution: sections["solution"]
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect(),
        state: Marks::parse(&sections["state"]).expect("state reads"),
        expect: sections["expect"]
            .split_whitespace()
            .map(String::from)
            .collect(),
        none: Marks::parse(&sections["none"]).expect("none state reads"),
    }
}

fn check_fixture(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let f = parse_fixture(&text);
    let name = path.display();
    // The expected step respects the solution.
    for item in &f.expect {
        let (cell, digit, placed) = match item.split_once("<>") {
            Some((c, d)) => (c, d, false),
            None => {
                let (c, d) = item.split_once('=').unwrap();
                (c, d, true)
            }
        };
        let (r, c) = cell[1..].split_once('c').unwrap();
        let i =
            (r.parse::<usize>().unwrap() - 1) * f.state.side() + c.parse::<usize>().unwrap() - 1;
        let d: u8 = digit.parse().unwrap();
        assert_eq!(
            f.solution[i] == d,
            placed,
            "{name}: {item} contradicts the solution"
        );
    }
    let mut first = Vec::new();
    f.technique.find(&f.state, &mut first, 1);
    assert_eq!(first.len(), 1, "{name}: the technique finds a step");
    assert_eq!(
        effects(&first[0]),
        f.expect,
        "{name}: {}",
        logic::explain(&first[0], f.state.side())
    );
    let all = logic::find_all(&f.state, f.technique);
    assert!(
        all.iter().any(|s| effects(s) == f.expect),
        "{name}: listed by --all"
    );
    for s in &all {
        assert!(!logic::explain(s, f.state.side()).is_empty());
    }
    assert!(
        logic::find_all(&f.none, f.technique).is_empty(),
        "{name}: finds nothing in the none state"
    );
}

fn check_dir(side: usize) -> usize {
    let mut n = 0;
    for entry in std::fs::read_dir(dir(side)).unwrap() {
        check_fixture(&entry.unwrap().path());
        n += 1;
    }
    n
}

#[test]
fn fixtures_9x9() {
    assert!(check_dir(9) >= 30);
}

#[test]
fn fixtures_16x16() {
    assert!(check_dir(16) >= 20);
}

/// Puzzles to cut fixtures from, with their solutions and whether they are unique.
fn sources(side: usize) -> Vec<(Grid, Grid, bool)> {
    let mut out = Vec::new();
    let size = Size::from_cells(side * side).unwrap();
    let files: &[&str] = if side == 9 {
        &[
            "tdoku_test_puzzles.txt",
            "magictour_top1465.txt",
            "forum_hardest_1106.txt",
        ]
    } else {
        &["gecode_16x16.txt"]
    };
    for file in files {
        let Ok(text) = std::fs::read_to_string(format!("../shared/data/{file}")) else {
            continue;
        };
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let first = line.split(':').next().unwrap();
            let values: Vec<u8> = if side == 9 {
                first
                    .bytes()
                    .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                    .collect()
            } else {
                first
                    .split_whitespace()
                    .map(|v| v.parse().unwrap())
                    .collect()
            };
            let puzzle = Grid::from_values(size, &values).unwrap();
            let report =
                solve(&puzzle, Formulation::Propagation, &SolveOptions::default()).unwrap();
            if let Some(sol) = report.solutions.first() {
                out.push((puzzle, sol.clone(), report.count == 1));
            }
        }
    }
    // Generated minimal puzzles: unique, so the uniqueness techniques have their chance.
    let generated = if side == 9 { 0..600 } else { 0..40 };
    {
        for seed in generated {
            let g = generate(size, &GenerateOptions::with_seed(seed), &mut no_progress).unwrap();
            out.push((g.puzzle, g.solution, true));
        }
    }
    // Blanked random grids: many solutions, so no uniqueness techniques.
    for seed in 0..if side == 9 { 300 } else { 1500 } {
        let mut rng = Rng::new(seed);
        let full = random_full_grid(size, &mut rng, None).unwrap();
        let keep = 25 + (seed % 30) as usize;
        let mut g = Grid::empty(size);
        for (i, e) in full.entries().iter().enumerate() {
            if rng.below(100) < keep {
                g.set(Pos::from_index(i, size), Entry::Given(e.digit().unwrap()));
            }
        }
        out.push((g, full, false));
    }
    out
}

fn fixture_text(t: Technique, solution: &Grid, state: &Marks, step: &Step, none: &Marks) -> String {
    let mut s = String::new();
    writeln!(s, "# {}", logic::explain(step, state.side())).unwrap();
    writeln!(s, "technique: {}", t.id()).unwrap();
    let sol: Vec<String> = solution.values().iter().map(u8::to_string).collect();
    writeln!(s, "solution: {}", sol.join(" ")).unwrap();
    writeln!(s, "state:\n{}", state.to_text().trim_end()).unwrap();
    writeln!(s, "expect: {}", effects(step).join(" ")).unwrap();
    writeln!(s, "none:\n{}", none.to_text().trim_end()).unwrap();
    s
}

/// Cuts one fixture per technique and size from logic solves, for the techniques that have
/// none yet (delete a fixture to cut it again).
#[test]
#[ignore = "writes fixtures when LOGIC_FIXTURES_WRITE=1; needs ../shared/data"]
fn write_fixtures() {
    if std::env::var("LOGIC_FIXTURES_WRITE").is_err() {
        return;
    }
    for side in [9, 16] {
        std::fs::create_dir_all(dir(side)).unwrap();
        let mut done: Vec<Technique> = Technique::ALL
            .into_iter()
            .filter(|t| dir(side).join(format!("{}.txt", t.id())).exists())
            .collect();
        for (puzzle, solution, unique) in sources(side) {
            let options = LogicOptions {
                unique,
                ..LogicOptions::default()
            };
            let solved = logic::solve(&puzzle, &options);
            let mut states = vec![Marks::from_grid(&puzzle)];
            for s in &solved.steps {
                let mut next = states.last().unwrap().clone();
                next.apply(s);
                states.push(next);
            }
            for (i, step) in solved.steps.iter().enumerate() {
                let t = step.technique;
                if done.contains(&t) {
                    continue;
                }
                let Some(none) = states
                    .iter()
                    .find(|m| !m.is_solved() && logic::find_all(m, t).is_empty())
                else {
                    continue;
                };
                let text = fixture_text(t, &solution, &states[i], step, none);
                std::fs::write(dir(side).join(format!("{}.txt", t.id())), text).unwrap();
                done.push(t);
            }
        }
        let missing: Vec<_> = Technique::ALL
            .iter()
            .filter(|t| !done.contains(t))
            .collect();
        eprintln!(
            "{side}x{side}: {} fixtures, missing {missing:?}",
            done.len()
        );
    }
}
