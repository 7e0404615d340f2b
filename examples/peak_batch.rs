//! Several removals under one proof, measured from the puzzle the logic pass leaves at 36x36.
//! First each clue is asked with the far cells fixed (a quick witness: needed) and by root
//! probing (removable), unless `--prefilter 0`. Each "is the puzzle still unique?" question
//! is a search that counts to two: the plain search in natural order and the search guided
//! by our solution within 20,000 nodes each, the look-ahead member within 100,000, then the
//! guided search within `--budget` nodes (with `--probe 1` probing every node). Three modes:
//!
//! - default, batches: the open clues are blanked `k` at a time; a unique answer removes the
//!   batch and doubles `k` (up to `--kmax`), a second solution (witness) puts back the batch's
//!   clues where it differs from ours (one such clue is then proved needed) and asks again
//!   without them, a question over budget halves the batch, and a single clue over budget waits
//!   for a later round with four times the budget;
//! - `--sizes 8,32,128`: one question per batch size, by the search and by CDCL (capped at
//!   `--cap` seconds of wall time), with nothing removed;
//! - `--chunk C`: the open clues are blanked `C` at a time and each witness puts back the one
//!   clue of the chunk it differs on that comes last in the order, until the puzzle is unique
//!   (one proof per chunk); then every clue no kept witness proves needed is asked alone. With
//!   `PEAK_STALL=FILE` a question over budget writes the puzzle there (and its solution to
//!   `FILE.solution`) for other solvers.
//!
//! One line per question or every 20 witnesses (clues given, answer, nodes, CPU s of the
//! process) and a summary; "minimal" is never claimed, only the clues not proved needed counted.
//!
//! `cargo run --release --example peak_batch -- [--box B] [--seed S] [--secs T] [--budget N]
//! [--kmax K] [--probe 0|1] [--prefilter 0|1] [--sizes K,K,..] [--cap SECS] [--chunk C]`

use std::collections::VecDeque;
use sudoku_lab::engine::format::write_numeric;
use sudoku_lab::engine::formulation::Query;
use sudoku_lab::engine::formulation::sat::race::{self, Strength};
use sudoku_lab::engine::grid::{Digit, Entry, Grid, Pos, Size};
use sudoku_lab::engine::rng::Rng;
use sudoku_lab::engine::search::portfolio::lookahead_searcher;
use sudoku_lab::engine::search::probe::Probing;
use sudoku_lab::engine::search::{Cancel, Halt, Limits, Order, Searcher, Start};

#[path = "support/late_puzzle.rs"]
mod late;
use late::late_puzzle;
#[path = "support/cpu.rs"]
mod cpu_time;
use cpu_time::cpu;

/// Probing at every node, branching on the look-ahead's choice.
const EVERY: Probing = Probing {
    from: 0,
    depth: u32::MAX,
    every: 1,
    budget: 256,
    matching: true,
    lookahead: true,
    alternate: false,
    ranked: true,
};

/// Probing at the root only, in rounds until nothing changes.
const ROOT: Probing = Probing {
    from: 0,
    depth: 0,
    every: 1,
    budget: u32::MAX,
    matching: true,
    lookahead: false,
    alternate: false,
    ranked: false,
};

/// What one question answered.
enum Answer {
    Unique,
    Witness(Vec<u8>),
    Over,
}

struct Args {
    box_size: usize,
    seed: u64,
    secs: f64,
    budget: u64,
    kmax: usize,
    probe: bool,
    prefilter: bool,
    /// Batch sizes to measure once each from the prefiltered puzzle (no removal loop).
    sizes: Vec<usize>,
    /// Wall-time cap of CDCL in the size measurement.
    cap: f64,
    /// With a chunk size: blank `chunk` open clues at a time and put back one clue per
    /// witness until the puzzle is unique, instead of the removal loop.
    chunk: usize,
}

fn main() {
    let a = parse_args();
    let size = Size::new(a.box_size).expect("a box size");
    let mut work = late_puzzle(size, a.seed);
    let solution = {
        let (s, _) = race::solutions(&Query::new(&work), Strength::default(), 1, &Cancel::new());
        s.into_iter().next().expect("the puzzle is unique")
    };
    println!(
        "# box {} seed {}: logic pass leaves {} clues, {:.2} CPU s",
        a.box_size,
        a.seed,
        work.given_count(),
        cpu()
    );
    let mut cells: Vec<usize> = (0..size.cells())
        .filter(|&i| work.entries()[i].digit().is_some())
        .collect();
    Rng::new(a.seed).shuffle(&mut cells);
    let mut needed = vec![false; size.cells()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    if a.prefilter {
        let (mut n, mut r) = (0, 0);
        for &c in &cells {
            let p = Pos::from_index(c, size);
            let d = work.digit(p).expect("a clue");
            work.set(p, Entry::Empty);
            let near = near_grid(&work, (p, d), &solution);
            if single(&near, (p, d), &solution, 2_000, None).0 == Some(true) {
                needed[c] = true;
                n += 1;
                work.set(p, Entry::Given(d));
                continue;
            }
            if single(&work, (p, d), &solution, 1, Some(ROOT)).0 == Some(false) {
                r += 1;
                continue;
            }
            work.set(p, Entry::Given(d));
            queue.push_back(c);
        }
        println!(
            "# prefilter: {n} needed (near), {r} removable (root probing), {} open; {} clues, {:.2} CPU s",
            queue.len(),
            work.given_count(),
            cpu()
        );
    } else {
        queue.extend(cells.iter().copied());
    }
    if !a.sizes.is_empty() {
        sizes(&a, &work, &queue, &solution);
        return;
    }
    if a.chunk > 0 {
        let open: Vec<usize> = queue.iter().copied().collect();
        chunks(&a, &mut work, &open, &solution, &mut needed);
        return;
    }
    let (asked, deferred) = batches(&a, &mut work, &mut queue, &solution, &mut needed);
    let clues: Vec<usize> = (0..size.cells())
        .filter(|&i| work.entries()[i].digit().is_some())
        .collect();
    let unproved = clues.iter().filter(|&&c| !needed[c]).count();
    println!(
        "# end: {} clues, {} proved needed, {} not proved ({} queued, {} deferred); {asked} questions, {:.1} CPU s",
        clues.len(),
        clues.len() - unproved,
        unproved,
        queue.len(),
        deferred.len(),
        cpu()
    );
    println!("# puzzle {}", write_numeric(&work));
}

/// The command line's arguments.
fn parse_args() -> Args {
    let mut a = Args {
        box_size: 6,
        seed: 0,
        secs: 300.0,
        budget: 20_000,
        kmax: 64,
        probe: false,
        prefilter: true,
        sizes: Vec::new(),
        cap: 60.0,
        chunk: 0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(k) = args.next() {
        let text = args.next().expect("a value");
        if k == "--sizes" {
            a.sizes = text
                .split(',')
                .map(|x| x.parse().expect("a size"))
                .collect();
            continue;
        }
        let v: f64 = text.parse().expect("a number");
        match k.as_str() {
            "--box" => a.box_size = v as usize,
            "--seed" => a.seed = v as u64,
            "--secs" => a.secs = v,
            "--budget" => a.budget = v as u64,
            "--kmax" => a.kmax = v as usize,
            "--probe" => a.probe = v != 0.0,
            "--prefilter" => a.prefilter = v != 0.0,
            "--cap" => a.cap = v,
            "--chunk" => a.chunk = v as usize,
            _ => panic!("unknown argument {k}"),
        }
    }
    a
}

/// One question per batch size of `--sizes`, by the search and by CDCL, with nothing removed.
fn sizes(a: &Args, work: &Grid, queue: &VecDeque<usize>, solution: &[u8]) {
    let size = work.size();
    let open: Vec<usize> = queue.iter().copied().collect();
    for &k in &a.sizes {
        let mut g = work.clone();
        for &c in open.iter().take(k) {
            g.set(Pos::from_index(c, size), Entry::Empty);
        }
        let t0 = cpu();
        let (answer, nodes) = unique(&g, solution, a.budget, a.probe.then_some(EVERY));
        let t1 = cpu();
        let sat = sat_unique(&g, solution, a.cap);
        let t2 = cpu();
        let word = |x: &Answer| match x {
            Answer::Unique => "unique".to_string(),
            Answer::Over => "over".to_string(),
            Answer::Witness(w) => format!(
                "witness {}",
                open.iter()
                    .take(k)
                    .filter(|&&c| w[c] != solution[c])
                    .count()
            ),
        };
        println!(
            "k {k}\tgiven {}\tsearch {} nodes {nodes} cpu {:.2}\tcdcl {} cpu {:.2}",
            g.given_count(),
            word(&answer),
            t1 - t0,
            word(&sat),
            t2 - t1
        );
    }
}

/// The removal loop of the default mode; returns the questions asked and the clues deferred.
fn batches(
    a: &Args,
    work: &mut Grid,
    queue: &mut VecDeque<usize>,
    solution: &[u8],
    needed: &mut [bool],
) -> (u64, Vec<usize>) {
    let size = work.size();
    let (mut k, mut budget) = (1usize, a.budget);
    let mut deferred: Vec<usize> = Vec::new();
    let mut asked = 0u64;
    let mut round = 0;
    loop {
        if queue.is_empty() {
            if deferred.is_empty() {
                break;
            }
            round += 1;
            budget *= 4;
            println!(
                "# round {round}: {} deferred, budget {budget}",
                deferred.len()
            );
            queue.extend(deferred.drain(..));
            k = 1;
        }
        if cpu() > a.secs {
            println!("# out of time");
            break;
        }
        let take = k.min(queue.len());
        let mut batch: Vec<usize> = queue.drain(..take).collect();
        loop {
            for &c in &batch {
                work.set(Pos::from_index(c, size), Entry::Empty);
            }
            let t0 = cpu();
            let (answer, nodes) = unique(work, solution, budget, a.probe.then_some(EVERY));
            asked += 1;
            let given = work.given_count() + batch.len();
            let dt = cpu() - t0;
            match answer {
                Answer::Unique => {
                    println!(
                        "{given}\tk {}\tunique\tnodes {nodes}\tcpu {dt:.2}\tt {:.1}",
                        batch.len(),
                        cpu()
                    );
                    k = (2 * batch.len()).min(a.kmax);
                    break;
                }
                Answer::Over => {
                    println!(
                        "{given}\tk {}\tover\tnodes {nodes}\tcpu {dt:.2}\tt {:.1}",
                        batch.len(),
                        cpu()
                    );
                    restore(work, &batch, solution);
                    if batch.len() == 1 {
                        deferred.push(batch[0]);
                    } else {
                        let half = batch.len() / 2;
                        for &c in batch.iter().rev() {
                            queue.push_front(c);
                        }
                        k = half;
                    }
                    break;
                }
                Answer::Witness(w) => {
                    let differ: Vec<usize> = batch
                        .iter()
                        .copied()
                        .filter(|&c| w[c] != solution[c])
                        .collect();
                    println!(
                        "{given}\tk {}\twitness {}\tnodes {nodes}\tcpu {dt:.2}\tt {:.1}",
                        batch.len(),
                        differ.len(),
                        cpu()
                    );
                    restore(work, &differ, solution);
                    if differ.len() == 1 {
                        needed[differ[0]] = true;
                    } else {
                        for &c in differ.iter().rev() {
                            queue.push_front(c);
                        }
                    }
                    batch.retain(|c| !differ.contains(c));
                    k = k.div_ceil(2).max(1);
                    if batch.is_empty() {
                        break;
                    }
                }
            }
        }
    }
    (asked, deferred)
}

/// Blanks `open` a chunk at a time; within a chunk, each witness puts back the one clue of the
/// chunk it differs on that comes last in the order, until the puzzle is unique. Then every
/// clue not proved needed by a witness kept on the way is asked about alone.
fn chunks(a: &Args, work: &mut Grid, open: &[usize], solution: &[u8], needed: &mut [bool]) {
    let size = work.size();
    let rank: std::collections::HashMap<usize, usize> =
        open.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut witnesses: Vec<Vec<usize>> = Vec::new();
    let (mut proofs, mut found) = (0u64, 0u64);
    for chunk in open.chunks(a.chunk) {
        for &c in chunk {
            work.set(Pos::from_index(c, size), Entry::Empty);
        }
        let t0 = cpu();
        let mut nodes_w = 0;
        loop {
            let t = cpu();
            let (answer, nodes) = unique(work, solution, a.budget, a.probe.then_some(EVERY));
            match answer {
                Answer::Witness(w) => {
                    found += 1;
                    nodes_w += nodes;
                    let differ: Vec<usize> = open
                        .iter()
                        .copied()
                        .filter(|&c| w[c] != solution[c] && work.entries()[c].digit().is_none())
                        .collect();
                    let back = *differ.iter().max_by_key(|c| rank[c]).expect("a blank clue");
                    restore(work, &[back], solution);
                    if found.is_multiple_of(20) {
                        println!(
                            "witness {found}\tgiven {}\tdiffers on {} blanks\tnodes {nodes}\tcpu {:.2}\tt {:.1}",
                            work.given_count(),
                            differ.len(),
                            cpu() - t,
                            cpu()
                        );
                    }
                    witnesses.push(differ);
                }
                Answer::Unique => {
                    proofs += 1;
                    println!(
                        "chunk\tgiven {}\twitnesses {} nodes\tproof nodes {nodes} cpu {:.2}\tchunk cpu {:.2}\tt {:.1}",
                        work.given_count(),
                        nodes_w,
                        cpu() - t,
                        cpu() - t0,
                        cpu()
                    );
                    break;
                }
                Answer::Over => {
                    println!(
                        "chunk\tgiven {}\tproof over budget {nodes} cpu {:.2}; chunk put back",
                        work.given_count(),
                        cpu() - t
                    );
                    if let Ok(path) = std::env::var("PEAK_STALL") {
                        std::fs::write(&path, write_numeric(work)).expect("a writable file");
                        let full = path + ".solution";
                        let mut g = work.clone();
                        restore(&mut g, &(0..size.cells()).collect::<Vec<_>>(), solution);
                        std::fs::write(full, write_numeric(&g)).expect("a writable file");
                    }
                    restore(work, chunk, solution);
                    return;
                }
            }
        }
        if cpu() > a.secs {
            println!("# out of time");
            break;
        }
    }
    // A clue is needed when a witness differs from ours on it alone among the clues.
    for d in &witnesses {
        let kept: Vec<usize> = d
            .iter()
            .copied()
            .filter(|&c| work.entries()[c].digit().is_some())
            .collect();
        if let [c] = kept[..] {
            needed[c] = true;
        }
    }
    let clues: Vec<usize> = (0..size.cells())
        .filter(|&i| work.entries()[i].digit().is_some())
        .collect();
    let unproved: Vec<usize> = clues.iter().copied().filter(|&c| !needed[c]).collect();
    println!(
        "# chunks done: {} clues, {found} witnesses, {proofs} proofs, {} clues not proved needed by a witness, {:.1} CPU s",
        clues.len(),
        unproved.len(),
        cpu()
    );
    ask_alone(a, work, &unproved, solution);
}

/// Asks about each clue of `unproved` alone: with the far cells fixed, then whole-grid within
/// `--budget` nodes; a removable one goes.
fn ask_alone(a: &Args, work: &mut Grid, unproved: &[usize], solution: &[u8]) {
    let size = work.size();
    let (mut near_n, mut whole_n, mut removed, mut over) = (0, 0, 0, 0);
    for &c in unproved {
        let p = Pos::from_index(c, size);
        let d = work.digit(p).expect("a clue");
        work.set(p, Entry::Empty);
        let t = cpu();
        let near = near_grid(work, (p, d), solution);
        if single(&near, (p, d), solution, 2_000, None).0 == Some(true) {
            near_n += 1;
            work.set(p, Entry::Given(d));
            continue;
        }
        let (answer, nodes) = single(work, (p, d), solution, a.budget, a.probe.then_some(EVERY));
        println!(
            "single\tgiven {}\t{answer:?}\tnodes {nodes}\tcpu {:.2}\tt {:.1}",
            work.given_count() + 1,
            cpu() - t,
            cpu()
        );
        match answer {
            Some(true) => whole_n += 1,
            Some(false) => removed += 1,
            None => over += 1,
        }
        if answer != Some(false) {
            work.set(p, Entry::Given(d));
        }
    }
    println!(
        "# end: {} clues; of the rest {near_n} needed near, {whole_n} needed whole-grid, {removed} removed, {over} over budget; {:.1} CPU s",
        work.given_count(),
        cpu()
    );
    println!("# puzzle {}", write_numeric(work));
}

/// Puts the solution's digits back in `cells`.
fn restore(work: &mut Grid, cells: &[usize], solution: &[u8]) {
    let size = work.size();
    for &c in cells {
        let d = Digit::from_index(solution[c] as usize - 1);
        work.set(Pos::from_index(c, size), Entry::Given(d));
    }
}

/// Whether `grid` has a solution besides `solution`: first the plain search in natural order
/// and the search guided by the solution within 20,000 nodes each, then the look-ahead member
/// within 100,000, then the guided search within `budget` (the proof). Node counts summed.
fn unique(grid: &Grid, solution: &[u8], budget: u64, probing: Option<Probing>) -> (Answer, u64) {
    let start = Start::from_grid(grid);
    let size = grid.size();
    let limits = |n: u64| Limits {
        max_nodes: Some(n),
        cancel: None,
    };
    let mut total = 0;
    let tries: [(u8, u64); 4] = [(1, 20_000), (0, 20_000), (2, 100_000), (0, budget)];
    for (i, (kind, n)) in tries.into_iter().enumerate() {
        let mut s = match kind {
            0 => Searcher::new(&start, Order::guided(solution, size), limits(n)),
            1 => Searcher::new(&start, Order::Natural, limits(n)),
            _ => lookahead_searcher(&start, &Order::Natural, limits(n)),
        };
        if kind == 0 {
            s.set_probing(probing);
        }
        let answer = loop {
            match s.next_solution() {
                Some(v) if v == solution => continue,
                Some(v) => break Answer::Witness(v.to_vec()),
                None => match s.halt() {
                    Some(Halt::Exhausted) | None => break Answer::Unique,
                    _ => break Answer::Over,
                },
            }
        };
        total += s.stats().nodes;
        if !matches!(answer, Answer::Over) {
            if i > 0 {
                println!("  settled by try {i} after {total} nodes");
            }
            return (answer, total);
        }
    }
    (Answer::Over, total)
}

/// [`unique`] by CDCL, within `secs` of wall time.
fn sat_unique(grid: &Grid, solution: &[u8], secs: f64) -> Answer {
    let end = std::time::Instant::now() + std::time::Duration::from_secs_f64(secs);
    let cancel = Cancel::new();
    let timer = std::thread::spawn({
        let cancel = cancel.clone();
        move || {
            while std::time::Instant::now() < end && !cancel.is_cancelled() {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            cancel.cancel();
        }
    });
    let query = Query {
        grid,
        forbidden: &[],
        hint: Some(solution),
    };
    let (found, halt) = race::solutions(&query, Strength::default(), 2, &cancel);
    cancel.cancel();
    timer.join().expect("timer");
    if let Some(w) = found.into_iter().find(|w| w != solution) {
        return Answer::Witness(w);
    }
    if halt == Halt::Cancelled {
        Answer::Over
    } else {
        Answer::Unique
    }
}

/// Whether some solution of `grid` puts another digit than `clue`'s in its cell.
fn single(
    grid: &Grid,
    clue: (Pos, Digit),
    solution: &[u8],
    budget: u64,
    probing: Option<Probing>,
) -> (Option<bool>, u64) {
    let mut start = Start::from_grid(grid);
    start.forbid(clue.0, clue.1);
    let limits = Limits {
        max_nodes: Some(budget),
        cancel: None,
    };
    let mut s = Searcher::new(&start, Order::guided(solution, grid.size()), limits);
    s.set_probing(probing);
    let found = s.next_solution().is_some();
    let answer = match s.halt() {
        _ if found => Some(true),
        None | Some(Halt::Exhausted) => Some(false),
        _ => None,
    };
    (answer, s.stats().nodes)
}

/// `work` with every blank cell outside the clue's band and stack fixed to the solution.
fn near_grid(work: &Grid, clue: (Pos, Digit), solution: &[u8]) -> Grid {
    let size = work.size();
    let n = size.box_size();
    let (band, stack) = (clue.0.row / n, clue.0.col / n);
    let mut near = work.clone();
    for (i, e) in work.entries().iter().enumerate() {
        let p = Pos::from_index(i, size);
        if e.digit().is_none() && p.row / n != band && p.col / n != stack {
            near.set(p, Entry::Given(Digit::from_index(solution[i] as usize - 1)));
        }
    }
    near
}
