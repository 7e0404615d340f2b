//! One DIMACS model, one CDCL solver, the question `solve` asks: a first model, then the
//! formula with that model's placements blocked (variables 1 to N of a `c primary N` line, as
//! `examples/peak_cnf.rs` writes them). Each call gets a fresh solver, so every solver answers
//! the same two formulas. Prints `no solution`, `unique` or `multiple`, then the wall seconds of
//! each call (`scripts/peak-cpu` times the whole process in CPU seconds).
//!
//! `sat-compare SOLVER FILE.cnf` with SOLVER one of varisat, batsat, splr (pure Rust, linked
//! in) or cadical, minisat (Debian's binaries, run from `$REF_BIN`, default `/usr/bin`).
//!
//! Given a puzzle file instead of a `.cnf`, any solver gets that puzzle's reduced model.
//! `sat-compare batsat-reduced FILE.txt` and `sat-compare batsat-alldiff[,OPTION...] FILE.txt`
//! read a puzzle instead and solve its reduced model with batsat, plain or with the
//! all-different rule as a theory (`puzzle.rs`).

mod alldiff;
mod puzzle;

use std::process::Command;
use std::time::Instant;

/// A model as one signed literal per variable (`0` where the solver left it out), or `None`
/// when the formula has none.
type Model = Option<Vec<i32>>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, solver, path] = &args[..] else {
        eprintln!("usage: sat-compare SOLVER FILE.cnf");
        std::process::exit(2);
    };
    if solver.starts_with("batsat-reduced") || solver.starts_with("batsat-alldiff") {
        puzzle::run(solver, path);
        return;
    }
    let (primary, vars, mut clauses) = if path.ends_with(".cnf") {
        read(path)
    } else {
        puzzle::reduced_clauses(path)
    };
    let began = Instant::now();
    let first = solve(solver, vars, &clauses);
    let t1 = began.elapsed().as_secs_f64();
    let Some(model) = first else {
        println!("no solution\t{t1:.2}");
        return;
    };
    assert!(
        satisfies(&model, &clauses),
        "the first model breaks a clause"
    );
    let block: Vec<i32> = (model[..primary].iter())
        .filter(|&&l| l > 0)
        .map(|&l| -l)
        .collect();
    assert!(!block.is_empty(), "a model places no digit");
    clauses.push(block);
    let second = solve(solver, vars, &clauses);
    if let Some(m) = &second {
        assert!(satisfies(m, &clauses), "the second model breaks a clause");
    }
    let t2 = began.elapsed().as_secs_f64() - t1;
    let answer = if second.is_some() {
        "multiple"
    } else {
        "unique"
    };
    println!("{answer}\t{t1:.2}\t{t2:.2}");
}

/// The primary variable count, the variable count and the clauses of a DIMACS file.
fn read(path: &str) -> (usize, usize, Vec<Vec<i32>>) {
    let text = std::fs::read_to_string(path).expect("a readable CNF file");
    let (mut primary, mut vars) = (0, 0);
    let mut clauses = Vec::new();
    let mut clause = Vec::new();
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("c primary ") {
            primary = n.trim().parse().expect("a primary count");
        } else if line.starts_with("p cnf") {
            vars = (line.split_whitespace().nth(2))
                .and_then(|v| v.parse().ok())
                .expect("a variable count");
        } else if !line.starts_with('c') {
            for token in line.split_whitespace() {
                match token.parse::<i32>().expect("a literal") {
                    0 => clauses.push(std::mem::take(&mut clause)),
                    l => clause.push(l),
                }
            }
        }
    }
    (primary, vars, clauses)
}

/// Whether every clause has a literal of the model.
fn satisfies(model: &[i32], clauses: &[Vec<i32>]) -> bool {
    let holds = |l: i32| model.get(l.unsigned_abs() as usize - 1) == Some(&l);
    clauses.iter().all(|c| c.iter().any(|&l| holds(l)))
}

/// A model from a list of signed literals, variables above `vars` ignored.
fn model_of(vars: usize, lits: impl Iterator<Item = i32>) -> Vec<i32> {
    let mut model = vec![0; vars];
    for l in lits {
        let v = l.unsigned_abs() as usize;
        if l != 0 && v <= vars {
            model[v - 1] = l;
        }
    }
    model
}

fn solve(solver: &str, vars: usize, clauses: &[Vec<i32>]) -> Model {
    match solver {
        "varisat" => varisat(vars, clauses),
        "batsat" => batsat(vars, clauses),
        "splr" => splr(vars, clauses),
        "cadical" | "minisat" => external(solver, vars, clauses),
        other => panic!("unknown solver {other}"),
    }
}

fn varisat(vars: usize, clauses: &[Vec<i32>]) -> Model {
    use varisat::{ExtendFormula, Lit, Solver};
    let mut s = Solver::new();
    for c in clauses {
        let c: Vec<Lit> = c.iter().map(|&l| Lit::from_dimacs(l as isize)).collect();
        s.add_clause(&c);
    }
    if !s.solve().expect("no solver error") {
        return None;
    }
    let lits = s.model().expect("a model").into_iter();
    Some(model_of(vars, lits.map(|l| l.to_dimacs() as i32)))
}

fn batsat(vars: usize, clauses: &[Vec<i32>]) -> Model {
    use batsat::{BasicSolver, Lit, SolverInterface, lbool};
    let mut s = BasicSolver::default();
    let vs: Vec<_> = (0..vars).map(|_| s.new_var_default()).collect();
    for c in clauses {
        let mut c: Vec<Lit> = (c.iter())
            .map(|&l| Lit::new(vs[l.unsigned_abs() as usize - 1], l > 0))
            .collect();
        s.add_clause_reuse(&mut c);
    }
    let answer = s.solve_limited(&[]);
    if answer == lbool::FALSE {
        return None;
    }
    assert!(answer == lbool::TRUE, "batsat gave up");
    let lits = (vs.iter().enumerate()).map(|(i, &v)| {
        let n = i as i32 + 1;
        if s.value_var(v) == lbool::TRUE { n } else { -n }
    });
    Some(model_of(vars, lits))
}

fn splr(vars: usize, clauses: &[Vec<i32>]) -> Model {
    use splr::{Certificate, Config, SolveIF, Solver};
    match Solver::try_from((Config::default(), clauses)) {
        Err(Ok(Certificate::UNSAT)) => None,
        Err(e) => panic!("splr: {e:?}"),
        Ok(mut s) => match s.solve() {
            Ok(Certificate::SAT(lits)) => Some(model_of(vars, lits.into_iter())),
            Ok(Certificate::UNSAT) => None,
            Err(e) => panic!("splr: {e:?}"),
        },
    }
}

/// A solver binary on a temporary DIMACS file; its exit code 10 is satisfiable, 20 not.
fn external(solver: &str, vars: usize, clauses: &[Vec<i32>]) -> Model {
    let dir = std::env::temp_dir().join(format!("sat-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (cnf, out) = (dir.join("in.cnf"), dir.join("out"));
    let mut text = format!("p cnf {vars} {}\n", clauses.len());
    for c in clauses {
        for l in c {
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    std::fs::write(&cnf, text).expect("a writable temporary file");
    let bin = std::env::var("REF_BIN").unwrap_or_else(|_| "/usr/bin".into());
    let status = if solver == "cadical" {
        let run = Command::new(format!("{bin}/cadical"))
            .arg("-q")
            .arg(&cnf)
            .output();
        let run = run.expect("cadical runs");
        std::fs::write(&out, &run.stdout).expect("a writable temporary file");
        run.status.code()
    } else {
        let run = Command::new(format!("{bin}/minisat"))
            .arg("-verb=0")
            .args([&cnf, &out])
            .output();
        run.expect("minisat runs").status.code()
    };
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    match status {
        Some(10) => {
            // CaDiCaL prints `v` lines; MiniSat writes `SAT` and one line of literals.
            let lines = text
                .lines()
                .filter(|l| solver == "minisat" || l.starts_with('v'));
            let lits = lines.flat_map(|l| l.split_whitespace().filter_map(|t| t.parse().ok()));
            Some(model_of(vars, lits))
        }
        Some(20) => None,
        other => {
            eprintln!("{solver} ended with {other:?}");
            std::process::exit(3);
        }
    }
}
