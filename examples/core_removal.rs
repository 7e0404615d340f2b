//! The removal after the logic pass answered by one incremental CDCL oracle with core refinement.
//!
//! One varisat solver holds the whole model of the size (every `x[r,c,v]`, pairwise at-most-one
//! in every view) and one more clause D, "some cell differs from the known solution S". A
//! puzzle's givens (of S) are assumptions, so the formula under them is unsatisfiable exactly
//! when the puzzle is unique. Clue c is asked by assuming the puzzle without c: a model is a
//! second solution (c is needed, in every later, smaller puzzle too, so it becomes a unit
//! clause); no model means c goes, and the failed assumptions are themselves a unique puzzle, so
//! every clue outside them goes at once. What the solver learns follows from the rules and D
//! alone and serves every later question.
//!
//! The puzzle is the one the logic pass leaves, the clues visited in the generator's order.
//! Variants: `--focus` assumes "c differs" instead of D for the question and asks D only after
//! a "removable" answer, for its core; `--near` asks the generator's near question (far cells
//! fixed, the plain search within a node budget) first; `--no-core` drops only c; `--no-units`
//! keeps needed clues as assumptions; `--whole-first` takes the whole puzzle's core before the
//! first question; `--proof` writes a discarded proof, which stops a question at the CPU cap.
//! For comparison, `--fresh` and `--fresh-full` ask each question of a fresh solver instead
//! (reduced model, or the whole one with the clues as units), and `--skip` leaves cells out so
//! that two runs ask the same questions. At the end the puzzle is checked apart from the oracle:
//! its uniqueness by a fresh CDCL solver on its reduced model, and each clue's second solution
//! without it (kept from when it was found) by `engine::check`.
//!
//! `cargo run --release --example core_removal -- --box 6 --seed 0 --secs 600`

use clap::Parser;
use std::time::{Duration, Instant};
use sudoku_lab::engine::Formulation;
use sudoku_lab::engine::check::check_values;
use sudoku_lab::engine::formulation::sat::race::{self, Strength};
use sudoku_lab::engine::formulation::sat::{Cnf, CnfOptions, cnf};
use sudoku_lab::engine::formulation::{Query, decide};
use sudoku_lab::engine::generate::{Symmetry, random_full_grid};
use sudoku_lab::engine::grid::{Digit, Entry, Grid, Pos, Size};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::{Cancel, Halt, Limits};
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

#[path = "support/late_puzzle.rs"]
mod late;
use late::late_puzzle;
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu;
#[path = "support/stop_writer.rs"]
mod stop_writer;
use stop_writer::StopWriter;

#[derive(Parser)]
struct Args {
    #[arg(long = "box", default_value_t = 6)]
    box_size: usize,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// CPU seconds after which no new question is asked (a question under way runs on).
    #[arg(long, default_value_t = 600.0)]
    secs: f64,
    /// Ask "c differs" as an assumption, and D for the core only after an UNSAT answer.
    #[arg(long)]
    focus: bool,
    /// The near question (far cells fixed, plain search) within this many nodes first.
    #[arg(long)]
    near: Option<u64>,
    /// Drop only the clue asked on UNSAT, not every clue outside the core.
    #[arg(long)]
    no_core: bool,
    /// Keep needed clues as assumptions instead of unit clauses.
    #[arg(long)]
    no_units: bool,
    /// Write a discarded proof in varisat's own format (DRAT refuses assumptions), as the
    /// engine's CDCL does to stop a solve; here it stops a question
    /// under way at the CPU cap.
    #[arg(long)]
    proof: bool,
    /// Before the first question, prove the whole puzzle unique and keep only its core.
    #[arg(long)]
    whole_first: bool,
    /// No oracle: each question by a fresh CDCL solver on its reduced model (as the generator's
    /// CDCL member asks it), capped at this many wall seconds; a question over the cap keeps
    /// its clue, unsettled.
    #[arg(long)]
    fresh: Option<f64>,
    /// No oracle: each question by a fresh solver on the whole model, the clues and "c differs"
    /// as unit clauses (no assumptions, no reduction).
    #[arg(long)]
    fresh_full: bool,
    /// Cells not asked about (kept as clues, unsettled): those another run left over its cap,
    /// so that both runs ask the same questions of the same puzzles.
    #[arg(long, value_delimiter = ',')]
    skip: Vec<usize>,
    /// Wall seconds for the final uniqueness check by a fresh solver.
    #[arg(long, default_value_t = 600.0)]
    check_secs: f64,
}

/// The removal's state: the oracle, the puzzle so far and what is known of each clue.
struct Removal {
    args: Args,
    size: Size,
    solution: Vec<u8>,
    model: Cnf,
    solver: Solver<'static>,
    /// The literal that switches D on: D binds only under it, so `--focus` can leave it off.
    d_on: Lit,
    /// Still a clue.
    given: Vec<bool>,
    /// A second solution without the clue, kept for the final check: the clue is needed.
    witness: Vec<Option<Vec<u8>>>,
    needed: usize,
    needed_near: usize,
    removable: usize,
    dropped_by_core: usize,
    unsettled: usize,
    stopped: bool,
}

impl Removal {
    fn new(args: Args, puzzle: &Grid, solution: Vec<u8>, over_cap: &Cancel) -> Removal {
        let size = puzzle.size();
        let t_build = cpu();
        let mut solver = Solver::new();
        if args.proof {
            solver.write_proof(StopWriter(over_cap.clone()), ProofFormat::Varisat);
        }
        let model = cnf(&Query::new(&Grid::empty(size)), &CnfOptions::for_size(size));
        load(&mut solver, &model);
        let d_on = Lit::from_dimacs((size.cells() * size.side() + 1) as isize);
        let mut removal = Removal {
            args,
            size,
            solution,
            model,
            solver,
            d_on,
            given: puzzle.entries().iter().map(|e| e.is_given()).collect(),
            witness: vec![None; size.cells()],
            needed: 0,
            needed_near: 0,
            removable: 0,
            dropped_by_core: 0,
            unsettled: 0,
            stopped: false,
        };
        let mut d: Vec<Lit> = (0..size.cells()).map(|c| !removal.lit(c)).collect();
        d.push(!d_on);
        removal.solver.add_clause(&d);
        println!(
            "# model: {} clauses, built and loaded in {:.2} CPU s",
            removal.model.len() + 1,
            cpu() - t_build
        );
        removal
    }

    /// `x[cell, its digit in the solution]`.
    fn lit(&self, cell: usize) -> Lit {
        let side = self.size.side();
        Lit::from_dimacs((cell * side + self.solution[cell] as usize) as isize)
    }

    fn clues(&self) -> usize {
        self.given.iter().filter(|&&g| g).count()
    }

    /// Proves the whole puzzle unique under the oracle and keeps only its core.
    fn whole_first(&mut self, t0: f64) {
        let mut assumptions: Vec<Lit> = (0..self.size.cells())
            .filter(|&x| self.given[x])
            .map(|x| self.lit(x))
            .collect();
        assumptions.push(self.d_on);
        self.solver.assume(&assumptions);
        assert!(
            !self.solver.solve().expect("the solver runs"),
            "the puzzle is unique"
        );
        let before = self.clues();
        let core = self.refine();
        println!(
            "-\t-\t{before}\twhole puzzle\tcpu {:.2}\tcore {core}\tdropped {}",
            cpu() - t0,
            before - self.clues()
        );
    }

    /// Drops every clue not needed yet outside the last UNSAT answer's core; the core's size.
    fn refine(&mut self) -> usize {
        let side = self.size.side();
        let core: Vec<Lit> = self.solver.failed_core().expect("a core").to_vec();
        let mut in_core = vec![false; self.size.cells()];
        for l in core.iter().filter(|&&l| l != self.d_on) {
            in_core[l.index() / side] = true;
        }
        for (x, &kept) in in_core.iter().enumerate() {
            if self.given[x] && self.witness[x].is_none() && !kept {
                self.given[x] = false;
                self.dropped_by_core += 1;
            }
        }
        core.len()
    }

    fn mark_needed(&mut self, c: usize, values: Vec<u8>) {
        self.witness[c] = Some(values);
        if !self.args.no_units {
            let unit = self.lit(c);
            self.solver.add_clause(&[unit]);
        }
    }

    /// Asks question `k`, about clue `c`, in the way the arguments say; false to stop.
    fn ask(&mut self, k: usize, c: usize) -> bool {
        let clues = self.clues();
        let q0 = cpu();
        if let Some(n) = self.args.near
            && let Some(values) = near_question(self.size, &self.given, &self.solution, c, n)
        {
            self.needed_near += 1;
            self.mark_needed(c, values);
            println!("{k}\t{c}\t{clues}\tneeded (near)\tcpu {:.2}", cpu() - q0);
            return true;
        }
        let word = if let Some(cap) = self.args.fresh {
            let answer = fresh_question(self.size, &self.given, &self.solution, c, cap);
            self.settle(c, answer)
        } else if self.args.fresh_full {
            let answer = self.fresh_full(c);
            self.settle(c, Some(answer))
        } else {
            return self.ask_oracle(k, c, clues, q0);
        };
        println!("{k}\t{c}\t{clues}\t{word}\tcpu {:.2}", cpu() - q0);
        true
    }

    /// Records an answer from outside the oracle: a second solution, none, or none in time.
    fn settle(&mut self, c: usize, answer: Option<Option<Vec<u8>>>) -> &'static str {
        match answer {
            Some(Some(values)) => {
                self.needed += 1;
                self.witness[c] = Some(values);
                "needed"
            }
            Some(None) => {
                self.removable += 1;
                self.given[c] = false;
                "removable"
            }
            None => {
                self.unsettled += 1;
                "over the cap"
            }
        }
    }

    /// Clue `c`'s question by a fresh solver on the whole model, the clues and "c differs" as
    /// unit clauses: a second solution, or none.
    fn fresh_full(&self, c: usize) -> Option<Vec<u8>> {
        let mut fresh = Solver::new();
        load(&mut fresh, &self.model);
        for x in (0..self.size.cells()).filter(|&x| x != c && self.given[x]) {
            fresh.add_clause(&[self.lit(x)]);
        }
        fresh.add_clause(&[!self.lit(c)]);
        if fresh.solve().expect("the solver runs") {
            Some(read_model(&fresh.model().expect("a model"), self.size))
        } else {
            None
        }
    }

    /// Clue `c`'s question by the oracle; false when the CPU cap stopped it.
    fn ask_oracle(&mut self, k: usize, c: usize, clues: usize, q0: f64) -> bool {
        let mut assumptions: Vec<Lit> = (0..self.size.cells())
            .filter(|&x| {
                x != c && self.given[x] && (self.args.no_units || self.witness[x].is_none())
            })
            .map(|x| self.lit(x))
            .collect();
        assumptions.push(if self.args.focus {
            !self.lit(c)
        } else {
            self.d_on
        });
        self.solver.assume(&assumptions);
        let Ok(sat) = self.solver.solve() else {
            self.stopped = true;
            println!(
                "{k}\t{c}\t{clues}\tstopped at the CPU cap\tcpu {:.2}",
                cpu() - q0
            );
            return false;
        };
        if sat {
            let values = read_model(&self.solver.model().expect("a model"), self.size);
            self.needed += 1;
            self.mark_needed(c, values);
            println!("{k}\t{c}\t{clues}\tneeded\tcpu {:.2}", cpu() - q0);
            return true;
        }
        self.removable += 1;
        self.given[c] = false;
        let q1 = cpu();
        let mut core_line = String::new();
        if !self.args.no_core {
            if self.args.focus {
                assumptions.pop();
                assumptions.push(self.d_on);
                self.solver.assume(&assumptions);
                assert!(!self.solver.solve().expect("the solver runs"), "unique");
            }
            let before = self.dropped_by_core;
            let core = self.refine();
            core_line = format!("\tcore {core}\tdropped {}", self.dropped_by_core - before);
            if self.args.focus {
                core_line += &format!("\tcore solve {:.2}", cpu() - q1);
            }
        }
        println!(
            "{k}\t{c}\t{clues}\tremovable\tcpu {:.2}{core_line}",
            cpu() - q0
        );
        true
    }

    /// The puzzle so far.
    fn puzzle(&self) -> Grid {
        let mut end = Grid::empty(self.size);
        for (x, &g) in self.given.iter().enumerate() {
            if g {
                let d = Digit::from_index(self.solution[x] as usize - 1);
                end.set(Pos::from_index(x, self.size), Entry::Given(d));
            }
        }
        end
    }
}

fn load(solver: &mut Solver, model: &Cnf) {
    let mut clause = Vec::new();
    for c in model.clauses() {
        clause.clear();
        clause.extend(c.iter().map(|&l| Lit::from_dimacs(l as isize)));
        solver.add_clause(&clause);
    }
}

fn main() {
    let args = Args::parse();
    let size = Size::new(args.box_size).expect("a box size");
    let t_start = cpu();
    let (puzzle, order) = start(size, args.seed);
    let solution = {
        let mut rng = Rng::new(args.seed);
        random_full_grid(size, &mut rng, None)
            .expect("full grid")
            .values()
    };
    println!(
        "# box {} seed {}: the logic pass leaves {} clues ({:.2} CPU s)",
        args.box_size,
        args.seed,
        puzzle.given_count(),
        cpu() - t_start
    );
    let over_cap = Cancel::new();
    let mut r = Removal::new(args, &puzzle, solution, &over_cap);
    let t0 = cpu();
    {
        let secs = r.args.secs;
        std::thread::spawn(move || {
            while cpu() - t0 <= secs {
                std::thread::sleep(Duration::from_millis(100));
            }
            over_cap.cancel();
        });
    }
    if r.args.whole_first && !r.args.no_core {
        r.whole_first(t0);
    }
    for (k, &c) in order.iter().enumerate() {
        if !r.given[c] || r.witness[c].is_some() {
            continue;
        }
        if r.args.skip.contains(&c) {
            r.unsettled += 1;
            continue;
        }
        if cpu() - t0 > r.args.secs {
            r.stopped = true;
            println!("# stopped at the CPU cap before question {k}");
            break;
        }
        if !r.ask(k, c) {
            break;
        }
    }
    let spent = cpu() - t0;
    let end = r.puzzle();
    let all_needed = (0..size.cells()).all(|x| !r.given[x] || r.witness[x].is_some());
    println!(
        "# {} clues after {spent:.2} CPU s of questions ({:.2} in all): {} needed by the oracle, {} near, {} removable, {} more dropped by cores, {} over the cap; {}",
        end.given_count(),
        cpu() - t_start,
        r.needed,
        r.needed_near,
        r.removable,
        r.dropped_by_core,
        r.unsettled,
        if all_needed && !r.stopped && r.unsettled == 0 {
            "every clue asked"
        } else {
            "not every clue asked"
        }
    );
    println!("# puzzle: {}", grid_line(&end));
    verify(&end, &r.solution, &r.witness, &r.args);
}

/// Checks the end puzzle apart from the oracle: unique by a fresh CDCL solver on its reduced
/// model, and each clue with a kept second solution checked by `engine::check`.
fn verify(end: &Grid, solution: &[u8], witness: &[Option<Vec<u8>>], args: &Args) {
    let size = end.size();
    let mut bad = 0;
    let mut checked = 0;
    for (x, w) in witness.iter().enumerate() {
        let (Some(values), Some(_)) = (w, end.entries()[x].digit()) else {
            continue;
        };
        let mut without = end.clone();
        without.set(Pos::from_index(x, size), Entry::Empty);
        let differs = values.iter().zip(solution).any(|(a, b)| a != b);
        if check_values(&without, &[], values).is_err() || !differs {
            bad += 1;
        }
        checked += 1;
    }
    println!(
        "# check: {checked} of {} clues have a second solution without them (engine::check), {bad} failed",
        end.given_count()
    );
    let t = cpu();
    let cancel = Cancel::new();
    let timer = stopper(&cancel, args.check_secs);
    let (found, halt) = race::solutions(&Query::new(end), Strength::default(), 2, &cancel);
    let timed_out = cancel.is_cancelled();
    cancel.cancel();
    timer.join().expect("timer");
    let ok = found.len() == 1 && found[0] == solution && halt == Halt::Exhausted;
    println!(
        "# check: fresh CDCL on the reduced model: {} solution(s), {:?}{}, {} ({:.2} CPU s)",
        found.len(),
        halt,
        if timed_out && halt != Halt::Exhausted {
            " (over the check's cap)"
        } else {
            ""
        },
        if ok { "unique" } else { "NOT shown unique" },
        cpu() - t
    );
}

/// Clue `c`'s question by a fresh CDCL solver on the reduced model of the puzzle without it:
/// `Some(Some(second solution))`, `Some(None)` when c can go, `None` over `cap` wall seconds.
fn fresh_question(
    size: Size,
    given: &[bool],
    solution: &[u8],
    c: usize,
    cap: f64,
) -> Option<Option<Vec<u8>>> {
    let mut work = Grid::empty(size);
    for (x, &g) in given.iter().enumerate() {
        if g && x != c {
            let d = Digit::from_index(solution[x] as usize - 1);
            work.set(Pos::from_index(x, size), Entry::Given(d));
        }
    }
    let forbidden = [(
        Pos::from_index(c, size),
        Digit::from_index(solution[c] as usize - 1),
    )];
    let query = Query {
        grid: &work,
        forbidden: &forbidden,
        hint: Some(solution),
    };
    let cancel = Cancel::new();
    let timer = stopper(&cancel, cap);
    let (found, halt) = race::solutions(&query, Strength::default(), 1, &cancel);
    cancel.cancel();
    timer.join().expect("timer");
    match (found.into_iter().next(), halt) {
        (Some(values), _) => Some(Some(values)),
        (None, Halt::Exhausted) => Some(None),
        _ => None,
    }
}

/// A thread that raises `cancel` after `secs` of wall time, or when it is raised otherwise.
fn stopper(cancel: &Cancel, secs: f64) -> std::thread::JoinHandle<()> {
    let cancel = cancel.clone();
    std::thread::spawn(move || {
        let end = Instant::now() + Duration::from_secs_f64(secs);
        while Instant::now() < end && !cancel.is_cancelled() {
            std::thread::sleep(Duration::from_millis(10));
        }
        cancel.cancel();
    })
}

/// The generator's near question for clue `c`: its band's and stack's blank cells open, every
/// other blank fixed to the solution, c forbidden its digit; a second solution if the plain
/// search finds one within `nodes`.
fn near_question(
    size: Size,
    given: &[bool],
    solution: &[u8],
    c: usize,
    nodes: u64,
) -> Option<Vec<u8>> {
    let n = size.box_size();
    let p = Pos::from_index(c, size);
    let mut near = Grid::empty(size);
    for (x, &g) in given.iter().enumerate() {
        let q = Pos::from_index(x, size);
        let far = q.row / n != p.row / n && q.col / n != p.col / n;
        if x != c && (g || far) {
            near.set(q, Entry::Given(Digit::from_index(solution[x] as usize - 1)));
        }
    }
    let forbidden = [(p, Digit::from_index(solution[c] as usize - 1))];
    let query = Query {
        grid: &near,
        forbidden: &forbidden,
        hint: Some(solution),
    };
    let limits = Limits {
        max_nodes: Some(nodes),
        cancel: None,
    };
    let mut seen = None;
    match decide(Formulation::Propagation, &query, 1, &limits, &mut |v| {
        seen = Some(v.to_vec());
    }) {
        Ok((1, _)) => seen,
        _ => None,
    }
}

fn read_model(model: &[Lit], size: Size) -> Vec<u8> {
    let side = size.side();
    let mut values = vec![0u8; size.cells()];
    for l in model {
        let v = l.index();
        if l.is_positive() && v < size.cells() * side {
            values[v / side] = (v % side + 1) as u8;
        }
    }
    values
}

/// The puzzle the logic pass leaves (the first progress report of the removal with as many
/// clues as the one before), and its clues in the generator's visiting order.
fn start(size: Size, seed: u64) -> (Grid, Vec<usize>) {
    let puzzle = late_puzzle(size, seed);
    // As `generate` orders them: the full grid from the seed's stream, then the orbits shuffled.
    let mut rng = Rng::new(seed);
    let full = random_full_grid(size, &mut rng, None).expect("full grid");
    let mut orbits = Symmetry::None.orbits(size);
    rng.shuffle(&mut orbits);
    for (x, e) in puzzle.entries().iter().enumerate() {
        if let Some(d) = e.digit() {
            assert_eq!(
                full.values()[x],
                d.get(),
                "the puzzle is of the seed's grid"
            );
        }
    }
    let order = orbits
        .into_iter()
        .flatten()
        .filter(|&x| puzzle.entries()[x].is_given())
        .collect();
    (puzzle, order)
}

fn grid_line(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
